package bot

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strings"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/litn"
)

// /chart load ... game:true: the umpire's copy of a printed chart loaded
// into his LITN game, not into the server's slot (issue 22, LITN set-up
// 1 and 3; engine/litn/game_charts.go). A game keeps the charts it
// starts with, so a chart missing from a running game, or a copy found
// wrong, is mended this way, with the umpire's reason, and the table is
// told which chart, which copy (its digest, as /chart list shows it) and
// why. Before the start it is the game's own copy, kept over the
// server's. It is the game's umpire's to do: Manage Server is not asked,
// and the server's slots stay the managers' (docs/authorization.md).

// chartGameHint says how the umpire loads a chart into his own game.
const chartGameHint = "The umpire of a LITN game loads a chart into his game with game:true (reason:<why> once it has started)"

// mayLoadGameChart refuses game:true before the file is read: where
// there is no LITN game, or to anyone but its umpire (the engine asks
// again as it decides).
func (r *Router) mayLoadGameChart(ctx context.Context, req Request) error {
	g, err := r.gameHere(ctx, req)
	if err != nil {
		return err
	}
	if !gameNamed(g.Game()).chartsIntoGame {
		return &engine.RuleError{Kind: engine.ErrIllegal, Code: "chart.game",
			What: fmt.Sprintf("game:true loads a chart into a Lee Invades the North game; this channel's game is %s", gameNamed(g.Game()).short),
			Hint: "Leave out game:: a server manager loads the server's copy, which the next game keeps when it starts"}
	}
	if !g.IsUmpire(req.User) {
		return engine.Illegal("game.umpire", "Only the umpire loads a chart into the game", fmt.Sprintf("Ask %s", g.Umpire.Name))
	}
	return nil
}

// loadGameChart settles the load into the channel's game.
func (r *Router) loadGameChart(ctx context.Context, req Request, sl *engine.ChartSlot, cp engine.ChartCopy, reason string) (Reply, error) {
	if err := r.mayLoadGameChart(ctx, req); err != nil {
		return Reply{}, err
	}
	digest := ""
	if lc, err := sl.Validate(cp); err == nil {
		digest = chartDigest(lc) // chart_list.go: as /chart list shows it
	}
	cmd := litn.LoadGameChart{By: req.User, Slot: sl, Copy: cp, Digest: digest, Reason: reason}
	return r.settleGameFrom(ctx, req, cmd, nil, func(before engine.GameState, views []EventView, evs []engine.Event) Reply {
		// The umpire's confirmation first (the command answers privately),
		// then what the table is told.
		text := fmt.Sprintf("Loaded your copy of %s into this game (digest %s): the game reads it from now on; the server's copy is unchanged.", sl.Title, digest)
		if !before.Started {
			text = fmt.Sprintf("Loaded your copy of %s for this game (digest %s): /game start keeps it instead of the server's.", sl.Title, digest)
		}
		outs := []Output{{Audience: Audience{Kind: AudienceEphemeral}, Text: text, Events: views}}
		g := before
		for i, e := range evs {
			g = g.Apply(e)
			outs = append(outs, r.litnOutputs(req, g, e, views[i])...)
		}
		return Reply{Outputs: mergeLITNOutputs(outs)}
	})
}

// startNeedsText is the start's refusal as the umpire reads it: the
// engine's numbered list, one item a line.
func startNeedsText(err error) error {
	var re *engine.RuleError
	if !errors.As(err, &re) || re.Code != "litn.setup" {
		return err
	}
	out := *re
	out.What = setupItem.ReplaceAllString(strings.Replace(re.What, ": 1) ", ":\n1) ", 1), "\n$1") + "\n" + re.Hint
	out.Hint = ""
	return &out
}

// setupItem is where the next item of the list begins.
var setupItem = regexp.MustCompile(`; (\d+\) )`)

// gameCopies are the chart copies a LITN game holds (its own before the
// start, those it kept at the start and those loaded since) and the
// slots its scenario reads, for /chart list in its channel.
type gameCopies struct {
	started bool
	charts  map[string]*engine.LoadedChart
	needed  map[string]bool
}

// gameCopies reads the channel's game; the zero value where it is no
// game whose umpire loads charts into it.
func (r *Router) gameCopies(ctx context.Context, req Request) gameCopies {
	g, err := r.game(ctx, req)
	if err != nil || !g.Created || !gameNamed(g.Game()).chartsIntoGame {
		return gameCopies{}
	}
	c := gameCopies{started: g.Started, charts: litn.Of(g).LITN.Charts, needed: map[string]bool{}}
	for _, sl := range litn.NeededSlots(r.library, g.Options.Scenario) {
		c.needed[sl.ID] = true
	}
	return c
}

// line is what /chart list says of a slot for the game, when the game
// decides it: its copy, or (once started) that it has none, or that the
// scenario does not read it; missing when the game lacks a chart it reads.
func (c gameCopies) line(s *engine.ChartSlot) (text string, ok, missing bool) {
	switch lc := c.charts[s.ID]; {
	case c.needed == nil:
		return "", false, false
	case lc != nil:
		return fmt.Sprintf(": in this game, %d rows x %d columns, digest %s", len(lc.Rows), len(lc.Columns), chartDigest(lc)), true, false
	case !c.needed[s.ID]:
		return ": not read by this scenario", true, false
	case c.started:
		return fmt.Sprintf(": **not in this game**, /chart load name:%s game:true reason:<why>", s.ID), true, true
	}
	return "", false, false // before the start: the server's copy, if any, is kept
}
