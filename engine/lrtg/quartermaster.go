package lrtg

import (
	"fmt"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// The quartermaster general (LRTG 21.1 "Quartermaster General"): "At the
// start of the game, one subordinate commander shall be appointed to act
// as that side's quartermaster general. His responsibilities shall
// include: tracking supplies and casualties for friendly units; deciding
// which depots to place and which to dismantle; moving the Haupt Railroad
// construction unit (Union only); rolling for Union Railroad repair
// (Union only); determining which units to roll for forage and then doing
// so; distributing victuals from captured depots and levied towns;
// tracking Potomac river and Shenandoah Valley Control."
//
// A side appoints one with /game quartermaster (its overall commander
// before the game starts, the umpire at any time). While one is
// appointed, the commands of those duties are his alone among the side's
// players (the umpire may still do anything); he acts for every unit of
// his side in them. Without an appointment nothing changes. The duties
// and the commands that carry them:
//
//	tracking supplies     supply adjust (AdjustSupply)
//	depots                segment depot (ScheduleDepot: place, construct, dismantle)
//	Haupt                 move and every other unit command: Controls gives the
//	                      Haupt unit to the quartermaster general alone
//	railroad repair       segment repair (AttemptRepair)
//	forage                segment forage (Forage), for any unit of his side
//	victuals              segment draw (DrawVictuals), for any unit of his side
//	river control         segment rivers is the umpire's ruling (and 5c
//	                      settles it by itself): no player command to gate
//
// Casualties stay with each unit's commander (unit set, battle result):
// they are his unit's record and the rules of combat name him.

// Quartermaster duties, as the refusals name them.
const (
	DutySupply   = "tracking the side's supplies"
	DutyDepots   = "deciding which depots to place and which to dismantle"
	DutyHaupt    = "moving the Haupt railroad construction unit"
	DutyRepair   = "rolling for Union railroad repair"
	DutyForage   = "rolling for forage"
	DutyVictuals = "distributing victuals from captured depots and levied towns"
)

// QuartermasterState holds each side's quartermaster general (player
// ids); nil or no entry: none appointed.
type QuartermasterState struct {
	By map[engine.Side]string `json:"by,omitempty"`
}

// Of returns the side's quartermaster general's player id, or "".
func (q QuartermasterState) Of(s engine.Side) string { return q.By[s] }

// AppointQuartermaster appoints a side's quartermaster general (21.1), or
// with Player "" ends the appointment (the umpire).
type AppointQuartermaster struct {
	By     engine.Actor
	Side   engine.Side // the umpire's choice; a player's own side otherwise
	Player string      // the appointee's player id ("": none)
	Reason string
}

// CommandName implements Command.
func (AppointQuartermaster) CommandName() string { return "game quartermaster" }

// EventQuartermasterAppointed is the type of QuartermasterAppointed.
const EventQuartermasterAppointed = "quartermaster.appointed"

// QuartermasterAppointed records a side's quartermaster general (Player
// empty: the appointment ended).
type QuartermasterAppointed struct {
	By     engine.Actor `json:"by"`
	Side   engine.Side  `json:"side"`
	Player engine.Actor `json:"player,omitzero"`
	Turn   int          `json:"turn,omitempty"`
	Reason string       `json:"reason,omitempty"`
}

// EventType implements Event.
func (*QuartermasterAppointed) EventType() string { return EventQuartermasterAppointed }

// quartermasterModule is the quartermaster.
func quartermasterModule() engine.Module {
	return engine.Module{Name: "quartermaster",
		Commands: []engine.Command{AppointQuartermaster{}},
		Decide: claims(func(g Game, cmd engine.Command, _ engine.Dice) ([]engine.Event, bool, error) {
			c, ok := cmd.(AppointQuartermaster)
			if !ok {
				return nil, false, nil
			}
			evs, err := g.decideQuartermaster(c)
			return evs, true, err
		}),
		Events: []engine.Event{&QuartermasterAppointed{}},
		Apply: folds(func(g Game, e engine.Event) (Game, bool) {
			c, ok := e.(*QuartermasterAppointed)
			if !ok {
				return g, false
			}
			m := make(map[engine.Side]string, len(g.Quartermaster.By)+1)
			for k, v := range g.Quartermaster.By {
				m[k] = v
			}
			if c.Player.ID == "" {
				delete(m, c.Side)
			} else {
				m[c.Side] = c.Player.ID
			}
			g.Quartermaster = QuartermasterState{By: m}
			return g, true
		}),
	}
}

func (g Game) decideQuartermaster(cmd AppointQuartermaster) ([]engine.Event, error) {
	if err := g.NeedGame(); err != nil {
		return nil, err
	}
	if g.Ended != nil {
		return nil, engine.Illegal("game.ended", "The game has ended", "")
	}
	umpire := g.IsUmpire(cmd.By)
	reason := strings.TrimSpace(cmd.Reason)
	side := cmd.Side
	if !umpire {
		p := g.Player(cmd.By.ID)
		if p == nil {
			return nil, engine.Illegal("quartermaster.player", "Only the game's players and umpire appoint a quartermaster general", "Join the game with /game join")
		}
		if side != "" && side != p.Side {
			return nil, engine.Illegal("quartermaster.side", fmt.Sprintf("You command for the %s, not the %s", sideName(p.Side), sideName(side)), "Leave side out: you appoint for your own side")
		}
		side = p.Side
		if !p.Overall {
			return nil, &engine.RuleError{Kind: engine.ErrIllegal, Code: "quartermaster.overall", What: "Only the side's overall commander appoints its quartermaster general",
				Hint: "Ask " + g.overallName(side), Rule: "LRTG 21.1"}
		}
		if g.Started {
			return nil, &engine.RuleError{Kind: engine.ErrIllegal, Code: "quartermaster.started", What: "The quartermaster general is appointed at the start of the game",
				Hint: "The umpire may appoint another with a reason", Rule: "LRTG 21.1 Quartermaster General"}
		}
	}
	if side != engine.CSA && side != engine.USA {
		return nil, engine.Invalid("quartermaster.side", "Name the side whose quartermaster general you appoint", "Add side:csa or side:usa")
	}
	if umpire && g.Started && reason == "" {
		return nil, engine.Invalid("quartermaster.reason", "After the start the umpire appoints a quartermaster general only with a reason", "Add reason:<why>")
	}
	ev := &QuartermasterAppointed{By: cmd.By, Side: side, Turn: g.Turn, Reason: reason}
	if strings.TrimSpace(cmd.Player) == "" {
		if g.Quartermaster.Of(side) == "" {
			return nil, engine.Illegal("quartermaster.none", fmt.Sprintf("The %s have no quartermaster general", sideName(side)), "Name the player to appoint")
		}
		return []engine.Event{ev}, nil
	}
	p := g.Player(strings.TrimSpace(cmd.Player))
	switch {
	case p == nil || p.Side != side:
		return nil, engine.Invalid("quartermaster.player", fmt.Sprintf("The appointee is not a %s commander of this game", sideName(side)), "Name a player of the side")
	case p.Overall:
		return nil, &engine.RuleError{Kind: engine.ErrIllegal, Code: "quartermaster.subordinate", What: fmt.Sprintf("%s is the %s's overall commander: the quartermaster general is a subordinate commander", p.Actor.Name, sideName(side)),
			Hint: "Appoint another commander of the side", Rule: "LRTG 21.1 Quartermaster General"}
	case g.Quartermaster.Of(side) == p.Actor.ID:
		return nil, engine.Illegal("quartermaster.same", p.Actor.Name+" is already the quartermaster general", "")
	}
	ev.Player = p.Actor
	return []engine.Event{ev}, nil
}

// overallName names a side's overall commander, or "its overall
// commander".
func (g Game) overallName(s engine.Side) string {
	for _, p := range g.Players {
		if p.Side == s && p.Overall {
			return p.Actor.Name
		}
	}
	return "its overall commander"
}

// QuartermasterOf returns the side's quartermaster general, or nil when
// none is appointed (or he has left the game's players).
func (g Game) QuartermasterOf(s engine.Side) *engine.Player {
	id := g.Quartermaster.Of(s)
	if id == "" {
		return nil
	}
	if p := g.Player(id); p != nil && p.Side == s {
		return p
	}
	return nil
}

// quartermasterDuty refuses a player who is not his side's quartermaster
// general a duty of the quartermaster general (21.1), when the side has
// one; the umpire, and everyone when none is appointed, passes. side is
// the side the duty is for ("": the player's own).
func (g Game) quartermasterDuty(by engine.Actor, side engine.Side, duty string) error {
	if len(g.Quartermaster.By) == 0 || g.IsUmpire(by) {
		return nil
	}
	if side == "" {
		p := g.Player(by.ID)
		if p == nil {
			return nil // not a player: the command's own checks refuse him
		}
		side = p.Side
	}
	qm := g.QuartermasterOf(side)
	if qm == nil || qm.Actor.ID == by.ID {
		return nil
	}
	return &engine.RuleError{Kind: engine.ErrIllegal, Code: "quartermaster.duty",
		What: fmt.Sprintf("%s is the %s's quartermaster general: %s is his duty alone", qm.Actor.Name, sideName(side), duty),
		Hint: "Ask " + qm.Actor.Name + " (or the umpire)", Rule: "LRTG 21.1 Quartermaster General"}
}

// dutyUnitFor is unitFor for a quartermaster general's duty: when the
// unit's side has one, only he (or the umpire) acts, for any unit of his
// side; otherwise the unit's commander, as unitFor.
func (g Game) dutyUnitFor(by engine.Actor, id, duty string) (engine.UnitState, error) {
	if len(g.Quartermaster.By) == 0 {
		return g.UnitFor(by, id)
	}
	if err := g.BoardReady(by); err != nil {
		return engine.UnitState{}, err
	}
	u, err := g.Unit(id)
	if err != nil {
		return u, err
	}
	if g.IsUmpire(by) {
		return u, nil
	}
	qm := g.QuartermasterOf(u.Side)
	if qm == nil {
		return g.UnitFor(by, id)
	}
	if p := g.Player(by.ID); p == nil || p.Side != u.Side {
		return u, engine.Illegal("unit.command", fmt.Sprintf("You do not command %s", u.Name), "Ask its commander or the umpire")
	}
	if err := g.quartermasterDuty(by, u.Side, duty); err != nil {
		return u, err
	}
	return u, nil
}

// isHaupt reports whether a unit is the Haupt railroad construction unit
// (LRTG 12.5; LRTA's order of battle has him too: scenarios/oob).
func isHaupt(u engine.UnitState) bool {
	return u.Side == engine.USA && (u.ID == "usa.haupt" || strings.EqualFold(u.Name, "Haupt"))
}

// quartermasterControls settles Controls for the Haupt unit while the
// Union has a quartermaster general: he alone moves it (21.1). decided is
// false for every other unit.
func (g Game) quartermasterControls(a engine.Actor, u engine.UnitState) (ok, decided bool) {
	if len(g.Quartermaster.By) == 0 || !isHaupt(u) {
		return false, false
	}
	qm := g.QuartermasterOf(engine.USA)
	if qm == nil {
		return false, false
	}
	return qm.Actor.ID == a.ID, true
}
