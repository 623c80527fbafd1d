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
// game's charts, which the game keeps and which it has not (a game
// started with none reads as it always has, so the scripted games' start
// replies are unchanged).
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
		text += fmt.Sprintf(" Not loaded: %s (a chart loaded from now on serves the next game, not this one).", strings.Join(missing, ", "))
	}
	return text
}

// slotGames names the games whose channels use a chart slot: those
// offered its game's rules data (gameInfo.rules), so the series' charts,
// filed under LRTG, read "LRTG, LRTA".
func slotGames(sl *engine.ChartSlot) string {
	var names []string
	for _, g := range playedGames {
		if slices.Contains(g.rules, sl.Game) {
			names = append(names, g.short)
		}
	}
	if len(names) == 0 {
		return strings.ToUpper(string(sl.Game))
	}
	return strings.Join(names, ", ")
}

// chartLoadedText confirms a load: a rolled chart is rolled on, a
// looked-up one is read by the umpire (and shown).
func chartLoadedText(sl *engine.ChartSlot) string {
	text := fmt.Sprintf("Loaded your copy of %s. /chart show name:%s shows it", sl.Title, sl.ID)
	if sl.Rolled() {
		return text + "; /chart roll rolls on it."
	}
	return text + "; the umpire looks it up where the rules call for it."
}
