package bot

import (
	"bytes"
	"context"
	"encoding/csv"
	"fmt"
	"strconv"

	"github.com/umpire-games/umpire/engine"
)

func vpCommands() []*Command {
	return []*Command{
		{
			Name:        "vp",
			Description: "The game's Victory Point Record so far",
			Ephemeral:   true,
			Options: []OptionSpec{
				{Name: "csv", Description: "true: attach the record as a CSV file", Type: Boolean},
			},
			Handle: handleVP,
		},
	}
}

func handleVP(ctx context.Context, r *Router, req Request) (Reply, error) {
	g, err := r.gameHere(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	by, total := g.VPTotals()
	var lines []string
	for _, c := range g.VPCategories() {
		lines = append(lines, fmt.Sprintf("%s: %+d", c, by[c]))
	}
	for _, e := range g.VP {
		lines = append(lines, fmt.Sprintf("turn %d: %s %+d", e.Turn, e.What, e.VP))
	}
	if len(g.VP) == 0 {
		lines = append(lines, "No victory points yet.")
	}
	e := &Embed{Title: fmt.Sprintf("Victory Point Record: %+d (+ is Confederate)", total), Description: clipLines(lines, 3800),
		Footer: "Counted so far: levies, depots, strategic structures. Not yet computed: railroad stations, county control, manpower losses, morale states, Vicksburg, draft riots, Raspberry Raid."}
	out := Output{Audience: Audience{Kind: AudienceEphemeral}, Text: e.PlainText(), Embed: e, Events: []EventView{}}
	if csv, _ := strconv.ParseBool(req.Options["csv"]); csv {
		data := vpCSV(g)
		out.Files = []File{{Name: "vp-record.csv", ContentType: "text/csv", Size: len(data), Data: data}}
	}
	return Reply{Outputs: []Output{out}}, nil
}

// vpCSV writes the record as CSV: one row per award, with the running
// total, for spreadsheets.
func vpCSV(g engine.GameState) []byte {
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	w.Write([]string{"turn", "category", "what", "vp", "running_total"})
	total := 0
	for _, e := range g.VP {
		total += e.VP
		w.Write([]string{strconv.Itoa(e.Turn), e.Category, e.What, strconv.Itoa(e.VP), strconv.Itoa(total)})
	}
	w.Flush()
	return b.Bytes()
}
