package litn

import (
	"fmt"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// The umpire's copy of a printed chart loaded into his game (issue 22,
// LITN set-up 1 and 3): a game keeps the charts it starts with, so a
// chart missing from it (a game started before the start checked its
// charts) or a copy found wrong could never be mended. The umpire loads
// a copy into the game (/chart load ... game:true reason:<why>): the
// event keeps the copy and its digest, every later roll or lookup reads
// it, and the table is told which chart, which copy and why. Before the
// start it is the game's own copy, kept at the start over the server's
// (startCharts). The server's slots stay the server managers' (the bot's
// /chart load without game:).

// LoadGameChart loads a copy of a LITN chart slot into the game.
type LoadGameChart struct {
	By   engine.Actor
	Slot *engine.ChartSlot
	Copy engine.ChartCopy
	// Digest names the copy so that two groups compare theirs (the bot's
	// /chart list digest).
	Digest string
	// Reason is the umpire's: required once the game has started.
	Reason string
}

// CommandName implements Command.
func (LoadGameChart) CommandName() string { return "chart load game" }

// EventGameChartLoaded is the event type of GameChartLoaded.
const EventGameChartLoaded = "litn.chart-loaded"

// GameChartLoaded records a copy loaded into the game. A printed chart
// holds no side's secret: the table may read all of it.
type GameChartLoaded struct {
	By     engine.Actor       `json:"by"`
	Slot   string             `json:"slot"`
	Title  string             `json:"title"`
	Digest string             `json:"digest,omitempty"`
	Reason string             `json:"reason,omitempty"`
	Turn   int                `json:"turn,omitempty"` // 0 before the start
	Step   string             `json:"step,omitempty"`
	Chart  engine.LoadedChart `json:"chart"`
}

// EventType implements Event.
func (*GameChartLoaded) EventType() string { return EventGameChartLoaded }

func decideGameChart(g Game, cmd engine.Command, _ engine.Dice) ([]engine.Event, bool, error) {
	c, ok := cmd.(LoadGameChart)
	if !ok {
		return nil, false, nil
	}
	if err := g.NeedGame(); err != nil {
		return nil, true, err
	}
	if !g.IsUmpire(c.By) {
		return nil, true, engine.Illegal("game.umpire", "Only the umpire loads a chart into the game", fmt.Sprintf("Ask %s", g.Umpire.Name))
	}
	if g.Ended != nil {
		return nil, true, engine.Illegal("game.ended", "The game has ended", "Load the chart for the next game")
	}
	if c.Slot == nil || c.Slot.Game != ID {
		return nil, true, engine.Invalid("chart.game", "A LITN game reads only LITN's printed charts", "/chart list names them")
	}
	reason := strings.TrimSpace(c.Reason)
	if g.Started && reason == "" {
		return nil, true, engine.Invalid("chart.reason", "Loading a chart into a game under way needs the umpire's reason, which the table is told",
			"Add reason:<why>, e.g. reason:the game started without it")
	}
	lc, err := c.Slot.Validate(c.Copy)
	if err != nil {
		return nil, true, err
	}
	e := &GameChartLoaded{By: c.By, Slot: c.Slot.ID, Title: c.Slot.Title, Digest: c.Digest, Reason: reason, Chart: *lc}
	if g.Started {
		e.Turn, e.Step = g.Turn, g.CurrentStep()
	}
	return []engine.Event{e}, true, nil
}

// applyGameChart keeps the copy: the game reads it from now on (copy on
// write, as the start's map is shared with the event).
func applyGameChart(g Game, e engine.Event) (Game, bool) {
	ev, ok := e.(*GameChartLoaded)
	if !ok {
		return g, false
	}
	m := make(map[string]*engine.LoadedChart, len(g.LITN.Charts)+1)
	for k, v := range g.LITN.Charts {
		m[k] = v
	}
	lc := ev.Chart
	m[ev.Slot] = &lc
	g.LITN.Charts = m
	return g, true
}

// Say implements Sayer: the table hears which chart, which copy and why.
func (e *GameChartLoaded) Say(g Game) []Say {
	copyOf := ""
	if e.Digest != "" {
		copyOf = fmt.Sprintf(" (digest %s)", e.Digest)
	}
	if e.Turn == 0 {
		return []Say{{"all", fmt.Sprintf("📋 The umpire loaded the %s%s for this game: it keeps this copy, not the server's.", e.Title, copyOf)}}
	}
	return []Say{{"all", fmt.Sprintf("📋 The umpire loaded the %s%s into the game: %s. The game reads this copy from now on.", e.Title, copyOf, e.Reason)}}
}

// errChartMissing is a roll or lookup on a slot the game does not hold
// (a game started before /game start checked its charts): the umpire
// loads his copy into the game, and the step goes on.
func errChartMissing(s *engine.ChartSlot) error {
	return &engine.RuleError{Kind: engine.ErrIllegal, Code: "chart.empty",
		What: fmt.Sprintf("The %s (%s) is not loaded in this game: its numbers are printed on the game's charts, not in the rules text", s.Title, s.ID),
		Hint: fmt.Sprintf("The umpire loads his copy into the game with /chart load name:%s game:true reason:<why> (file: the copy), then tries again", s.ID)}
}

// errMoveCostsMissing is errChartMissing for the Movement Costs Chart,
// whose slot the mover's library may lack in a test.
func errMoveCostsMissing(lib *engine.Library) error {
	s := &engine.ChartSlot{ID: SlotMoveCosts, Title: "Movement Costs Chart"}
	if lib != nil && lib.Slot(SlotMoveCosts) != nil {
		s = lib.Slot(SlotMoveCosts)
	}
	return errChartMissing(s)
}
