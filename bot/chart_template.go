package bot

import (
	"context"
	"fmt"
)

// handleChartTemplate gives the fill-in chart file of a printed chart's
// slot (issue 22, LITN set-up 4: "a fill-in template per chart with the
// printed layout's rows and columns named"): every row and column the
// rules fix, named; what the group's copy names, as placeholders; every
// cell "?". It is made from the slot alone (engine.ChartSlot.Template) and
// holds no number of a printed chart, so anyone may have it. It comes as a
// file to fill in and load back with /chart load.
func handleChartTemplate(_ context.Context, r *Router, req Request) (Reply, error) {
	var o chartOpts
	if err := decodeOptions(req, &o); err != nil {
		return Reply{}, err
	}
	sl := r.library.Slot(o.Name)
	if sl == nil {
		return Reply{}, notFound("chart.unknown", "chart slot", o.Name, r.library.SearchSlots(o.Name, 5), "/chart list shows the printed charts a game needs")
	}
	data := []byte(sl.Template("Games: " + slotGames(sl) + "."))
	text := fmt.Sprintf("📄 Fill-in template for the **%s** (`%s`, %s; %s), attached as %s.yaml. "+
		"Replace every \"?\" with what your printed copy says (and every <...> with its rows or columns, where the rules do not fix them), "+
		"then load it with /chart load name:%s file:<the filled file>; /chart show name:%s lays out what was loaded for proof-reading.",
		sl.Title, sl.ID, slotGames(sl), sl.Source, sl.ID, sl.ID, sl.ID)
	return Reply{Outputs: []Output{{Audience: Audience{Kind: AudienceEphemeral}, Text: text, Events: []EventView{},
		Files: []File{{Name: sl.ID + ".yaml", ContentType: "text/yaml", Size: len(data), Data: data}}}}}, nil
}
