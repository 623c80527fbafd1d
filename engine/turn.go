package engine

import (
	"fmt"
	"strings"
	"time"
)

// The turn's advance (000 VIII; 003 9: "advance the turn marker"): a
// kernel module, since every game ends its turn and begins the next, by
// the sequence of play's last step (sequence.go) or the umpire's /turn
// next. The kernel checks who may advance it and that the scenario has
// another turn, and records the dates; what the game records of the turn
// besides (LRTG: the ending turn's morale confirmed, its line on the turn
// record, the new turn's morale: records.go) it adds through its ruleset
// (Hooks.RecordTurn) and folds in a module subscribing to TurnAdvanced.
// The event keeps its stored shape: the record's fields are declared
// here with it, and left out when a game records nothing (LITN).

// turnModule is the turn record's advance (a kernel module: every game
// advances its turn with AdvanceTurn).
func turnModule() Module {
	return Module{Name: "turn",
		Commands: []Command{AdvanceTurn{}}, Decide: Claims(func(g GameState, cmd Command, _ Dice) ([]Event, bool, error) {
			c, ok := cmd.(AdvanceTurn)
			if !ok {
				return nil, false, nil
			}
			ev, err := g.decideAdvance(c)
			if err != nil {
				return nil, true, err
			}
			return []Event{ev}, true, nil
		}),
		Events: []Event{&TurnAdvanced{}},
		Apply: Folds(func(g GameState, e Event) (GameState, bool) {
			ta, ok := e.(*TurnAdvanced)
			if !ok {
				return g, false
			}
			return g.BoardAction(e, func(g *GameState) { *g = g.applyAdvance(ta) }), true
		})}
}

type (
	// AdvanceTurn ends the turn and starts the next (umpire; until the
	// sequence of play does it).
	AdvanceTurn struct {
		By     Actor
		Reason string
		Sizes  UnitSizes
	}
)

// CommandName implements Command.
func (AdvanceTurn) CommandName() string { return "turn next" }

// EventTurnAdvanced is the type of TurnAdvanced.
const EventTurnAdvanced = "turn.advanced"

// TurnAdvanced records the end of a turn and the start of the next: the
// ending turn's morale confirmed (its Victory Check Phase), its line on
// the record, and the new turn's morale once eliminations age.
type TurnAdvanced struct {
	By      Actor       `json:"by"`
	From    int         `json:"from"`
	To      int         `json:"to"`
	Date    string      `json:"date"` // the new turn's first day
	Reason  string      `json:"reason,omitempty"`
	Closing MoraleCheck `json:"closing,omitzero"`
	Point   TurnPoint   `json:"point,omitzero"`
	Opening MoraleCheck `json:"opening,omitzero"`
}

// EventType implements Event.
func (*TurnAdvanced) EventType() string { return EventTurnAdvanced }

// MoraleCheck is a confirmation of both armies' morale: the eliminations
// counted from now on, each army's level and state, and the Disorder /
// Panic VP it moves (000 VII 7).
type MoraleCheck struct {
	Stamped   []Elimination `json:"stamped,omitempty"`
	Unstamped []string      `json:"unstamped,omitempty"` // units no longer eliminated
	Armies    []ArmyCheck   `json:"armies"`
	VP        []MoraleVP    `json:"vp,omitempty"`
}

// ArmyCheck is one army's confirmed morale.
type ArmyCheck struct {
	Side     Side `json:"side"`
	Level    int  `json:"level"`
	Disorder bool `json:"disorder,omitempty"`
	Panic    bool `json:"panic,omitempty"`
	Flight   bool `json:"flight,omitempty"`
}

// MoraleVP is a change of the Disorder / Panic award (+ is Confederate).
type MoraleVP struct {
	Turn int    `json:"turn"`
	What string `json:"what"`
	VP   int    `json:"vp"`
}

// Elimination is a unit eliminated, with the turn morale counts it from.
type Elimination struct {
	Unit    string   `json:"unit"`
	Name    string   `json:"name"`
	Side    Side     `json:"side"`
	Kind    UnitKind `json:"kind"`
	Command string   `json:"command,omitempty"`
	Size    string   `json:"size"`
	Turn    int      `json:"turn"`
}

// TurnPoint is one finished turn on the record: the VP total (+ is
// Confederate) and both armies' morale levels at its end.
type TurnPoint struct {
	Turn int    `json:"turn"`
	Date string `json:"date"` // first day of the turn, 1863-06-03
	VP   int    `json:"vp"`
	CSA  int    `json:"csa_morale"`
	USA  int    `json:"usa_morale"`
}

// UnitSizes gives each unit's size by id (division, brigade, regiment...):
// the order of battle's, which the game state does not copy. Morale and
// supply need it (15.1 counts divisions and brigades; 13.0 supplies
// divisions and cavalry brigades).
type UnitSizes map[string]string

// SizesOf returns the unit sizes of an order of battle.
func SizesOf(o *OrderOfBattle) UnitSizes {
	if o == nil {
		return nil
	}
	out := make(UnitSizes, len(o.Units))
	for _, u := range o.Units {
		out[u.ID] = u.Size
	}
	return out
}

func (g GameState) decideAdvance(cmd AdvanceTurn) (Event, error) {
	if err := g.BoardReady(cmd.By); err != nil {
		return nil, err
	}
	if !g.IsUmpire(cmd.By) {
		return nil, Illegal("game.umpire", "Only the umpire advances the turn", fmt.Sprintf("Ask %s", g.Umpire.Name))
	}
	last := g.LastTurn()
	if last == 0 {
		return nil, Illegal("turn.record", fmt.Sprintf("The turn record does not know the scenario %q", g.Options.Scenario), "")
	}
	if g.Turn >= last {
		return nil, &RuleError{Kind: ErrIllegal, Code: "turn.last",
			What: fmt.Sprintf("Turn %d (%s) is the scenario's last turn", g.Turn, g.TurnLabel(g.Turn)),
			Hint: "The game ends at the end of this turn: the umpire ends it with /game end", Rule: "000 VIII 1) 8), VIII 2)"}
	}
	ev := &TurnAdvanced{By: cmd.By, From: g.Turn, To: g.Turn + 1, Reason: strings.TrimSpace(cmd.Reason)}
	d, _ := g.TurnDate(ev.To)
	ev.Date = d.Format(time.DateOnly)
	// The ending turn's line on the record: its number and first day,
	// and what the game records of it (LRTG: VP and morale).
	first, _ := g.TurnDate(g.Turn)
	ev.Point = TurnPoint{Turn: g.Turn, Date: first.Format(time.DateOnly)}
	if g.rules != nil && g.rules.hooks.RecordTurn != nil {
		g.rules.hooks.RecordTurn(g, ev, cmd.Sizes) // the game's record of the turn (LRTG: records.go)
	}
	return ev, nil
}

// applyAdvance folds the advance: the ending turn's line on the turn
// record, and the new turn. What else the game records of it is its
// module's, subscribing to TurnAdvanced (LRTG: records.go).
func (g GameState) applyAdvance(e *TurnAdvanced) GameState {
	g.TurnRecord = append(append([]TurnPoint(nil), g.TurnRecord...), e.Point)
	g.Turn = e.To
	return g
}
