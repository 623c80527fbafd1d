package lrtg

import (
	"fmt"
	"slices"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// The Halleck optional rule (LRTG 21.1 "Optional (Pro-CSA) – Halleck"),
// beyond the division of command checked at the start (command.go):
//
//   - "if during Leader Transfer Phase of any turn, a unit is more than 20
//     hexes from Hooker, the Halleck player shall control such units for
//     that turn": when step 3a (Leader Transfer) ends, after the leaders
//     have moved, the engine measures every Union unit on the map from
//     Hooker's counter and records those beyond 20 hexes that the Halleck
//     player does not already command (HalleckDistant). Until the turn
//     ends Controls gives them to him alone.
//   - "In the event of a Halleck Interferes random event, Halleck shall
//     assume the role of Union Overall Commander for the remainder of the
//     turn" (and 000 2.0 2): ActsAsOverall makes him the Union's overall
//     commander for the turn's decisions (the declaration of 1e, the
//     initiative and its deferral, the end of an action, the answer to a
//     remote movement request); the commander of Hooker is a subordinate
//     for that turn. The units each commands do not change.
//   - Until Meade takes command the Halleck player keeps the DC, VIII
//     Corps and PA forces only: control changes to or from him are
//     refused (the umpire may rule otherwise with a reason).
//   - "Upon Meade assuming command, the above rules shall cease to be in
//     effect" (16.2 17)): every check here asks whether Meade commands.
//
// The Halleck player is the Union commander, not the overall commander,
// who declared DC (command.go checks at the start that he commands DC,
// VIII and PA, and nothing else while three or more Union players play).
// The rule's limits on what Hooker and Halleck may say to each other are
// the communications rules' (comms.go), not enforced here.

// HalleckHexes is the distance from Hooker beyond which a unit is the
// Halleck player's for the turn (21.1).
const HalleckHexes = 20

// HalleckState is the turn's units the Halleck player controls for their
// distance from Hooker in the Leader Transfer Phase.
type HalleckState struct {
	Turn    int      `json:"turn,omitempty"`
	Distant []string `json:"distant,omitempty"` // unit ids
}

// EventHalleckDistant is the type of HalleckDistant.
const EventHalleckDistant = "halleck.distant"

// HalleckDistant records the units more than 20 hexes from Hooker at the
// end of the Leader Transfer step, which the Halleck player controls for
// the rest of the turn (21.1).
type HalleckDistant struct {
	Turn      int           `json:"turn"`
	Halleck   engine.Actor  `json:"halleck"`
	Hooker    string        `json:"hooker"` // Hooker's unit id
	HookerRef string        `json:"hooker_ref,omitempty"`
	Units     []HalleckUnit `json:"units,omitempty"`
	Absent    bool          `json:"absent,omitempty"` // Hooker is not on the map: nothing measured
}

// HalleckUnit is a unit the Halleck player controls for the turn.
type HalleckUnit struct {
	Unit  string `json:"unit"`
	Ref   string `json:"ref,omitempty"`
	Hexes int    `json:"hexes"`
}

// EventType implements Event.
func (*HalleckDistant) EventType() string { return EventHalleckDistant }

// halleckModule is Halleck's distant units (16.2).
func halleckModule() engine.Module {
	return engine.Module{Name: "halleck",
		Events: []engine.Event{&HalleckDistant{}},
		Apply: folds(func(g Game, e engine.Event) (Game, bool) {
			h, ok := e.(*HalleckDistant)
			if !ok {
				return g, false
			}
			s := HalleckState{Turn: h.Turn}
			for _, u := range h.Units {
				s.Distant = append(s.Distant, u.Unit)
			}
			g.Halleck = s
			return g, true
		}),
	}
}

// meadeCommands reports whether Meade has assumed command (16.2).
func (g Game) meadeCommands() bool { return g.Movement.Meade || g.Command.Meade }

// halleckPlayer returns the Halleck player while the Halleck rule is in
// effect (the option is played, in LRTG, not in a variant without the
// rule (lrtgVariant.noHalleck: LRTA), and Meade has not assumed command),
// or nil.
func (g Game) halleckPlayer() *engine.Player {
	if !g.Options.Halleck || g.variant().noHalleck || g.meadeCommands() {
		return nil
	}
	n := 0
	var h *engine.Player
	for i := range g.Players {
		p := &g.Players[i]
		if p.Side != engine.USA {
			continue
		}
		n++
		if !p.Overall && slices.ContainsFunc(p.Commands, func(c string) bool { return strings.EqualFold(strings.TrimSpace(c), "DC") }) {
			h = p
		}
	}
	if n < 2 {
		return nil
	}
	return h
}

// HalleckInterferes reports whether the Halleck player is the Union
// overall commander for this turn (a Halleck Interferes random event
// under the Halleck rule, Meade not in command: 000 2.0 2), 21.1).
func (g Game) HalleckInterferes() bool {
	return g.Options.Halleck && g.Events.HalleckCommands(g.Turn) && g.halleckPlayer() != nil
}

// ActsAsOverall reports whether a player holds his side's overall
// command now: the overall commander, except that on a turn Halleck
// interferes the Halleck player holds the Union's (21.1).
func (g Game) ActsAsOverall(p engine.Player) bool {
	if p.Side == engine.USA && g.HalleckInterferes() {
		return p.Actor.ID == g.halleckPlayer().Actor.ID
	}
	return p.Overall
}

// ActingOverall returns the player who holds the side's overall command
// now (ActsAsOverall), or nil.
func (g Game) ActingOverall(s engine.Side) *engine.Player {
	for i := range g.Players {
		if g.Players[i].Side == s && g.ActsAsOverall(g.Players[i]) {
			return &g.Players[i]
		}
	}
	return nil
}

// halleckControls settles Controls for a unit the Halleck player holds
// this turn for its distance from Hooker; decided is false for any other.
func (g Game) halleckControls(a engine.Actor, u engine.UnitState) (ok, decided bool) {
	if g.Halleck.Turn == 0 || g.Halleck.Turn != g.Turn || u.Side != engine.USA || !slices.Contains(g.Halleck.Distant, u.ID) {
		return false, false
	}
	h := g.halleckPlayer()
	if h == nil {
		return false, false // Meade has assumed command: the rule has ceased
	}
	return h.Actor.ID == a.ID, true
}

// commandOverride is what the optional rules of 21.1 add to Controls: the
// quartermaster general's Haupt unit, the Halleck player's distant units.
func (g Game) commandOverride(a engine.Actor, u engine.UnitState) (ok, decided bool) {
	if ok, decided := g.quartermasterControls(a, u); decided {
		return ok, true
	}
	return g.halleckControls(a, u)
}

// halleckLeaderTransfer is the end of step 3a under the Halleck rule: the
// Union units more than 20 hexes from Hooker become the Halleck player's
// for the turn.
func halleckLeaderTransfer(g Game, _ engine.Dice, _ engine.StepContext) ([]engine.Event, error) {
	h := g.halleckPlayer()
	if h == nil {
		return nil, nil
	}
	ev := &HalleckDistant{Turn: g.Turn, Halleck: h.Actor, Hooker: idHooker}
	hooker, ok := g.Units[idHooker]
	if !ok || !hooker.OnMap || hooker.Eliminated {
		ev.Absent = true
		return []engine.Event{ev}, nil
	}
	ev.HookerRef = hooker.Ref
	for _, id := range g.sortedUnits() {
		u := g.Units[id]
		if u.Side != engine.USA || !u.OnMap || u.Eliminated || id == idHooker {
			continue
		}
		d := engine.Distance(u.Hex, hooker.Hex)
		if d <= HalleckHexes || commandsUnit(g.Options, h.Commands, u) {
			continue
		}
		ev.Units = append(ev.Units, HalleckUnit{Unit: id, Ref: u.Ref, Hexes: d})
	}
	return []engine.Event{ev}, nil
}

// halleckGive refuses, while the Halleck rule is in effect, a change of
// control that gives the Halleck player more than the DC, VIII Corps and
// PA forces or takes them from him (21.1: "Until Meade takes command, the
// player who has been designated Halleck shall control the DC, VIII Corps
// and PA forces only"). The umpire may rule otherwise with a reason.
func (g Game) halleckGive(by engine.Actor, from, to engine.Player, reason string) error {
	h := g.halleckPlayer()
	if h == nil || (g.IsUmpire(by) && strings.TrimSpace(reason) != "") {
		return nil
	}
	if from.Actor.ID != h.Actor.ID && to.Actor.ID != h.Actor.ID {
		return nil
	}
	return &engine.RuleError{Kind: engine.ErrIllegal, Code: "control.halleck",
		What: fmt.Sprintf("Until Meade takes command %s, the Halleck player, commands the DC, VIII Corps and PA forces only", h.Actor.Name),
		Hint: "Control to or from him changes when Meade assumes command", Rule: "LRTG 21.1 Halleck (optional)"}
}
