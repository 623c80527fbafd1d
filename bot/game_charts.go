package bot

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// gameSlots returns the chart slots a game's rules read (the slots of the
// games its channels are offered the rules data of: an LRTA game's are
// LRTA's and LRTG's, which the series' charts are filed under,
// scenarios/rules/gcacw-slots.yaml) and the server's loaded copies, for
// /game start to keep with the game (engine.StartGame.Charts).
func (r *Router) gameSlots(ctx context.Context, req Request, g engine.GameState) ([]*engine.ChartSlot, map[string]*engine.LoadedChart, error) {
	if r.library == nil {
		return nil, nil, nil
	}
	var slots []*engine.ChartSlot
	for _, s := range r.library.Slots {
		if slices.Contains(gameNamed(g.Game()).rules, s.Game) {
			slots = append(slots, s)
		}
	}
	if len(slots) == 0 {
		return nil, nil, nil
	}
	loaded, err := r.loadedCharts(ctx, req)
	if err != nil {
		return nil, nil, err
	}
	return slots, loaded.Loaded, nil
}

// startChartsNote tells the table, when the group has loaded any of the
// game's charts, which the game keeps and which it settles without (a
// game started with none reads as it always has: every action is then on
// the players' word, as before the series' charts were slots).
func startChartsNote(slots []*engine.ChartSlot, kept map[string]*engine.LoadedChart) string {
	if len(kept) == 0 {
		return ""
	}
	var have, missing []string
	for _, s := range slots {
		if kept[s.ID] != nil {
			have = append(have, s.ID)
		} else {
			missing = append(missing, s.ID)
		}
	}
	text := fmt.Sprintf("\nThe game keeps the server's charts loaded now: %s.", strings.Join(have, ", "))
	if len(missing) > 0 {
		text += fmt.Sprintf(" Not loaded: %s; what they would settle stays on the players' word in this game (a chart loaded later serves the next game).", strings.Join(missing, ", "))
	}
	return text
}
