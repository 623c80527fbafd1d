package lrtg

import (
	"fmt"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// Changing control (LRTG 21.1 "Changing control"; 003 2 c)): in the
// Communications Phase a commander gives a corps or designation he
// commands to another commander of his side, within the division of
// command of 21.1. A unit that changes control gains a fatigue if its
// side is operational; control passes to the overall commander only if
// the corps or its commander is within 10 hexes of him (the army
// commander's counter). The umpire may make any change, at any time.

// GiveCommand gives a designation to another player of the side.
type GiveCommand struct {
	By          engine.Actor
	Designation string // a corps or designation as printed ("2", "Cav", "VIII", "Imboden")
	To          string // the receiving player's id
	OOB         *engine.OrderOfBattle
	Reason      string
}

// CommandName implements Command.
func (GiveCommand) CommandName() string { return "command give" }

// EventControlChanged is the type of ControlChanged.
const EventControlChanged = "control.changed"

// ControlChanged records a designation given to another commander.
type ControlChanged struct {
	By          engine.Actor `json:"by"`
	Designation string       `json:"designation"`
	From        engine.Actor `json:"from"`
	To          engine.Actor `json:"to"`
	Turn        int          `json:"turn"`
	Fatigued    []string     `json:"fatigued,omitempty"` // units that gain a fatigue (operational side)
	Reason      string       `json:"reason,omitempty"`
	// Why is set when the change adds no fatigue by rule (phase2.go):
	// WhyDistant (003 2 b)), WhyReturn (21.1), WhyMeade (16.2 14)).
	Why string `json:"why,omitempty"`
}

// EventType implements Event.
func (*ControlChanged) EventType() string { return EventControlChanged }

// ControlRange is how near the overall commander a corps (or its
// commander) must be for its control to pass to him (21.1).
const ControlRange = 10

// controlModule is the transfer of a command between players.
func controlModule() engine.Module {
	return engine.Module{Name: "control",
		Commands: []engine.Command{GiveCommand{}},
		Decide: claims(func(g Game, cmd engine.Command, _ engine.Dice) ([]engine.Event, bool, error) {
			c, ok := cmd.(GiveCommand)
			if !ok {
				return nil, false, nil
			}
			evs, err := g.decideGiveCommand(c)
			return evs, true, err
		}),
		Events: []engine.Event{&ControlChanged{}},
		Apply: folds(func(g Game, e engine.Event) (Game, bool) {
			c, ok := e.(*ControlChanged)
			if !ok {
				return g, false
			}
			return g.action(c, func(g *Game) { g.applyControl(c) }), true
		}),
	}
}

// holder returns the player who commands a designation of the side now:
// the one who declared it, else the overall commander.
func (g Game) holder(side engine.Side, u engine.UnitState) *engine.Player {
	var overall *engine.Player
	for i := range g.Players {
		p := &g.Players[i]
		if p.Side != side {
			continue
		}
		if commandsUnit(g.Options, p.Commands, u) {
			return p
		}
		if p.Overall {
			overall = p
		}
	}
	return overall
}

// nearOverall refuses control passing to the overall commander unless a
// unit of the designation is within 10 hexes of his army commander (21.1).
func (g Game) nearOverall(side engine.Side, d string, units []engine.UnitState) error {
	army := g.armyCommander(side)
	if army == nil {
		return nil
	}
	for _, u := range units {
		if u.OnMap && engine.Distance(u.Hex, army.Hex) <= ControlRange {
			return nil
		}
	}
	return &engine.RuleError{Kind: engine.ErrIllegal, Code: "control.range", What: fmt.Sprintf("No unit of %s is within %d hexes of %s", d, ControlRange, army.Name),
		Hint: "Control passes to the overall commander only when the corps or its commander is near him", Rule: "LRTG 21.1"}
}

func (g Game) decideGiveCommand(cmd GiveCommand) ([]engine.Event, error) {
	if err := g.BoardReady(cmd.By); err != nil {
		return nil, err
	}
	umpire := g.IsUmpire(cmd.By)
	// 16.2 14): also in step 3b of the turn Meade assumes command (phase2.go).
	if step := g.CurrentStep(); !umpire && step != "" && step != "2c" && !g.meadeRedistributes(cmd.By) {
		return nil, &engine.RuleError{Kind: engine.ErrIllegal, Code: "control.step", What: "Control changes hands in the Communications Phase (step 2c), not now",
			Hint: "/phase show says where the turn is", Rule: "LRTG 21.1; 003 2 c)"}
	}
	to := g.Player(cmd.To)
	if to == nil {
		return nil, engine.Invalid("control.to", "The receiver is not a commander of this game", "Name a player of your side")
	}
	d := strings.TrimSpace(cmd.Designation)
	var units []engine.UnitState
	for _, id := range g.sortedUnits() {
		u := g.Units[id]
		if u.Side == to.Side && !u.Eliminated && commandsUnit(g.Options, []string{d}, u) {
			units = append(units, u)
		}
	}
	if len(units) == 0 {
		return nil, engine.Invalid("control.designation", fmt.Sprintf("The %s has no corps or designation %q", strings.ToUpper(string(to.Side)), d),
			"Name a corps or designation as /oob prints it, e.g. 2, Cav, VIII or Imboden")
	}
	from := g.holder(to.Side, units[0])
	if from == nil {
		return nil, engine.Illegal("control.holder", "No one commands "+d, "")
	}
	if !umpire && from.Actor.ID != cmd.By.ID && !g.meadeRedistributor(cmd.By) {
		return nil, engine.Illegal("control.holder", fmt.Sprintf("%s commands %s, not you", from.Actor.Name, d), "Only its commander gives it (LRTG 21.1)")
	}
	if from.Actor.ID == to.Actor.ID {
		return nil, engine.Illegal("control.same", fmt.Sprintf("%s already commands %s", to.Actor.Name, d), "")
	}
	if err := g.halleckGive(cmd.By, *from, *to, cmd.Reason); err != nil { // halleck.go: 21.1 Halleck
		return nil, err
	}
	if err := g.checkVCorpsGive(*to, units); err != nil && !(umpire && strings.TrimSpace(cmd.Reason) != "") {
		return nil, err
	}
	// The division of command after the change still meets 21.1.
	players := g.playersAfterControl(d, *from, *to)
	var side []engine.Player
	for _, p := range players {
		if p.Side == to.Side {
			side = append(side, p)
		}
	}
	if cmd.OOB != nil {
		if err := checkSideCommand(to.Side, side, cmd.OOB, g.Options, false); err != nil && !(umpire && strings.TrimSpace(cmd.Reason) != "") && !g.settlingMeade(cmd.By, *from, cmd.OOB) {
			return nil, err
		}
	}
	if to.Overall && !umpire {
		if err := g.nearOverall(to.Side, d, units); err != nil {
			return nil, err
		}
	}
	ev := &ControlChanged{By: cmd.By, Designation: d, From: from.Actor, To: to.Actor, Turn: g.Turn, Reason: strings.TrimSpace(cmd.Reason),
		Why: g.freeControl(d, *from, *to)}
	// 21.1 / 003 2 c): a fatigue for each unit that changes control, if
	// the side is operational (none for the free changes: phase2.go).
	if ev.Why == "" && !g.Declared.Passive(to.Side, g.Turn) {
		for _, u := range units {
			if u.OnMap && !u.Kind.IsLeader() && u.Fatigue < engine.MaxFatigue {
				ev.Fatigued = append(ev.Fatigued, u.ID)
			}
		}
	}
	return []engine.Event{ev}, nil
}

// armyCommander is the side's army commander's counter on the map (Lee,
// Hooker, Meade), or nil.
func (g Game) armyCommander(side engine.Side) *engine.UnitState {
	for _, id := range g.sortedUnits() {
		u := g.Units[id]
		if u.Side == side && u.Kind.IsLeader() && u.OnMap && !u.Eliminated && IsArmyLeader(u) {
			return &u
		}
	}
	return nil
}

// playersAfterControl is the players with d moved from one to another.
func (g Game) playersAfterControl(d string, from, to engine.Player) []engine.Player {
	out := make([]engine.Player, len(g.Players))
	for i, p := range g.Players {
		var cmds []string
		for _, c := range p.Commands {
			if p.Actor.ID == from.Actor.ID && strings.EqualFold(c, d) {
				continue
			}
			cmds = append(cmds, c)
		}
		if p.Actor.ID == to.Actor.ID {
			cmds = append(cmds, d)
		}
		p.Commands = cmds
		out[i] = p
	}
	return out
}

func (g *Game) applyControl(e *ControlChanged) {
	var from, to engine.Player
	for _, p := range g.Players {
		if p.Actor.ID == e.From.ID {
			from = p
		}
		if p.Actor.ID == e.To.ID {
			to = p
		}
	}
	g.Players = g.playersAfterControl(e.Designation, from, to)
	g.Restrictions = g.Restrictions.afterControl(e) // phase2.go: the corps 2b passed away
	for _, id := range e.Fatigued {
		g.EditUnit(id, func(u *engine.UnitState) { u.Fatigue = min(u.Fatigue+1, engine.MaxFatigue) })
	}
}
