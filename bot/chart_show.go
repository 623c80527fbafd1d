package bot

import (
	"context"
	"fmt"
	"strings"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/litn"
	"github.com/umpire-games/umpire/engine/lrtg"
)

// A loaded copy of a printed chart laid out as printed (issue 22, LITN
// set-up 4: "a /chart show of what was loaded laid out like the printed
// chart for proof-reading"): the copy's rows down, its columns across, in
// the file's order, in a monospace table. Every row is shown: a chart too
// long for one message is cut at row ends into several, each with the
// column headings again, so a group can read it line by line against its
// printed copy. game:true shows the copy this channel's game keeps (what
// it settles with) instead of the server's.

// gridLimit is the size of a table that still fits one embed.
const gridLimit = 3800

// partLimit is the size of one part of a table cut into messages.
const partLimit = 1800

// showSlot answers /chart show for a chart slot.
func showSlot(ctx context.Context, r *Router, req Request, sl *engine.ChartSlot, fromGame bool) (Reply, error) {
	lc, whose, err := slotCopy(ctx, r, req, sl, fromGame)
	if err != nil {
		return Reply{}, err
	}
	first := sl.Dice.String()
	if !sl.Rolled() {
		first = ""
	}
	cols := append([]string{first}, lc.Columns...)
	rows := make([][]string, len(lc.Rows))
	for i, label := range lc.Rows {
		rows[i] = append([]string{label}, lc.Cells[i]...)
	}
	title := fmt.Sprintf("%s (%s) (%s)", sl.Title, whose, slotGames(sl))
	summary := fmt.Sprintf("`%s`: %d rows × %d columns, digest %s. Read it against your printed chart, row by row; "+
		"to correct it, load the whole chart again (/chart template name:%s gives a fill-in file).", sl.ID, len(lc.Rows), len(lc.Columns), chartDigest(lc), sl.ID)
	grid := TextGrid(cols, rows, 1<<30)
	if len(grid) <= gridLimit {
		e := &Embed{Title: title, Description: "```\n" + grid + "\n```\n" + summary, Footer: "Source: " + sl.Source}
		if sl.Notes != "" {
			e.Fields = append(e.Fields, EmbedField{Name: "Notes", Value: sl.Notes})
		}
		return Reply{Outputs: []Output{{Audience: Audience{Kind: AudienceEphemeral}, Text: e.PlainText(), Embed: e, Events: []EventView{}}}}, nil
	}
	parts := gridParts(grid, partLimit)
	var rep Reply
	for i, p := range parts {
		text := fmt.Sprintf("**%s**, part %d of %d\n```\n%s\n```", title, i+1, len(parts), p)
		if i == len(parts)-1 {
			text += "\n" + summary + "\nSource: " + sl.Source
		}
		rep.Outputs = append(rep.Outputs, Output{Audience: Audience{Kind: AudienceEphemeral}, Text: text, Events: []EventView{}})
	}
	return rep, nil
}

// slotCopy is the copy to show: the server's, or with fromGame the one
// this channel's game keeps; whose says which.
func slotCopy(ctx context.Context, r *Router, req Request, sl *engine.ChartSlot, fromGame bool) (*engine.LoadedChart, string, error) {
	if !fromGame {
		loaded, err := r.loadedCharts(ctx, req)
		if err != nil {
			return nil, "", err
		}
		if lc := loaded.Loaded[sl.ID]; lc != nil {
			return lc, "your copy", nil
		}
		return nil, "", engine.ErrChartNotLoaded(sl)
	}
	g, err := r.game(ctx, req)
	if err != nil {
		return nil, "", err
	}
	if !g.Created {
		return nil, "", &engine.RuleError{Kind: engine.ErrInvalid, Code: "game.none", What: "There is no game in this channel",
			Hint: "game:true shows the copy a channel's game keeps; without it, the server's copy"}
	}
	if !g.Started {
		return nil, "", &engine.RuleError{Kind: engine.ErrIllegal, Code: "game.not-started", What: "The game has not started: it keeps no chart yet",
			Hint: "It keeps the server's copies when it starts; leave out game: to see the server's"}
	}
	if lc := gameCharts(g)[sl.ID]; lc != nil {
		return lc, "the copy this game keeps", nil
	}
	return nil, "", &engine.RuleError{Kind: engine.ErrIllegal, Code: "chart.empty",
		What: fmt.Sprintf("This game keeps no copy of %s (%s)", sl.Title, sl.ID),
		Hint: "A game keeps the copies loaded on the server when it started; /chart list says which it needs"}
}

// gameCharts are the copies of chart slots a started game keeps: its
// rules' own state holds them (a LITN game's, or the series' for LRTG and
// LRTA); the other rules' view of a game is empty, so neither asks which
// game it is.
func gameCharts(g engine.GameState) map[string]*engine.LoadedChart {
	if c := litn.Of(g).LITN.Charts; len(c) > 0 {
		return c
	}
	return lrtg.Of(g).Charts
}

// gridParts cuts a TextGrid at row ends into parts of at most limit bytes,
// each starting with the grid's two heading lines.
func gridParts(grid string, limit int) []string {
	lines := strings.Split(grid, "\n")
	if len(lines) <= 2 {
		return []string{grid}
	}
	head := lines[0] + "\n" + lines[1]
	var parts []string
	var b strings.Builder
	for _, l := range lines[2:] {
		if b.Len() > 0 && len(head)+b.Len()+1+len(l) > limit {
			parts = append(parts, head+b.String())
			b.Reset()
		}
		b.WriteString("\n" + l)
	}
	return append(parts, head+b.String())
}
