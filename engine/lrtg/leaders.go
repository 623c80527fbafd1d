package lrtg

import (
	"fmt"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// Phase 3 of the sequence of play, Leader Transfer / Attachment (003 3
// a)-c)): leader transfer (LRTG 16; 000 IV b); 4.2) with the Jackson
// relapse roll of the Jackson Lives variant (31.4) in step 3a; the Hooker
// replacement (16.2: Meade assumes command on the third Hooker Questioned
// event, with every change 16.2 makes to the order of battle) in step 3b;
// and the step gate of attachment and detachment (7.1, 7.2) in step 3c,
// which engine/lrtg/attach.go's deciders call.
//
// This file keeps the module's state, registration (init), decider, applier,
// the steps it registers and step 3c's gate; the rest is in leaders_events.go
// (the command and events), leaders_meade.go (step 3b, 16.2) and
// leaders_transfer.go (step 3a, 16 and 31.4).

// CommandState is the game's state of this module of the sequence of
// play.
type CommandState struct {
	// Meade is set once 16.2's changes to the order of battle have been
	// made (the releases are the movement module's, Movement.Meade);
	// MeadeTurn is the turn it happened (16.2 11): Union command
	// paralysis that turn).
	Meade     bool `json:"meade,omitempty"`
	MeadeTurn int  `json:"meade_turn,omitempty"`
	// Replaced maps each unit 16.2 took out of play to the unit that
	// replaced it ("" when it was simply removed).
	Replaced map[string]string `json:"replaced,omitempty"`
	// Transferred maps a leader to the last turn he transferred in a
	// Leader Transfer step (one transfer a step).
	Transferred map[string]int `json:"transferred,omitempty"`
	// Away holds the leaders a passive side took off the map (000 IV b),
	// with the turn they left: they return to any unit from the next turn.
	Away map[string]int `json:"away,omitempty"`
	// Jackson is the record of the Jackson relapse rolls (31.4), in order.
	Jackson []JacksonRoll `json:"jackson,omitempty"`
}

// JacksonRoll is one turn's Jackson relapse roll (LRTG 31.4).
type JacksonRoll struct {
	Turn    int    `json:"turn"`
	Roll    int64  `json:"roll"` // the game roll's number
	Natural int    `json:"natural"`
	Total   int    `json:"total"`
	Outcome string `json:"outcome"` // debilitated, impacted, no-effect
}

// Unit ids 16.2 names (scenarios/oob/lrtg-usa.yaml, lrtg-csa*.yaml).
const (
	idHooker     = "usa.hooker"
	idMeadeCorps = "usa.meade"
	idMeadeArmy  = "usa.meade-army"
	idSykes      = "usa.sykes"
	idCouch      = "usa.couch"
	idPleasonton = "usa.pleasonton"
	idPrice      = "usa.price"
	idCuster     = "usa.custer"
	idFarnsworth = "usa.farnsworth"
	idKilpatrick = "usa.kilpatrick"
	idWHLee      = "csa.whlee"
	idChambliss  = "csa.chambliss"
	idJackson    = "csa.jackson"
)

// Leader transfer distances (003 3 a); 000 IV b); 4.2).
const (
	TransferHexes        = 10
	TransferHexesPassive = 30
)

// HookerQuestionedNeeded is the occurrence at which Meade assumes command
// (LRTG 16.2: "after the third occurrence of a Hooker Questioned event").
const HookerQuestionedNeeded = 3

// CSAVPHookerQuestioned is the Confederate VP total that is a Hooker
// Questioned event (16.2 b)).
const CSAVPHookerQuestioned = 75

// cavDivision is an Army of the Potomac cavalry division: its leader once
// Meade commands (16.2 8) i)) and its brigades, the reorganized ones first
// (the order a leader is placed by default). The divisions are the order
// of battle's "division:" notes (scenarios/oob/lrtg-usa.yaml, choice
// U10: each replacement takes the division of the unit it replaces).
type cavDivision struct {
	name, leader string
	brigades     []string
}

var cavDivisions = []cavDivision{
	{"1st", "usa.buford", []string{"usa.merritt", "usa.gamble", "usa.devin", "usa.whiting", "usa.davis"}},
	{"2nd", "usa.gregg-ldr", []string{"usa.huey", "usa.gregg", "usa.dicesnola"}},
	{"3rd", "usa.kilpatrick-ldr", []string{"usa.mcintosh", idCuster, idFarnsworth, "usa.wyndam", idKilpatrick}},
}

// CavalryDivision returns the Army of the Potomac cavalry division of a
// unit id (a brigade, or a division leader), or "".
func CavalryDivision(id string) string {
	for _, d := range cavDivisions {
		if d.leader == id || engine.Contains(d.brigades, id) {
			return d.name
		}
	}
	return ""
}

// leadersModule is leader transfers and replacements.
func leadersModule() engine.Module {
	return engine.Module{Name: "leaders",
		Commands: []engine.Command{TransferLeader{}}, Decide: claims(decideLeaders),
		Events: []engine.Event{&LeaderTransferred{}, &JacksonRelapse{}, &MeadeAssumed{}},
		Apply:  folds(applyLeaders)}
}

func decideLeaders(g Game, cmd engine.Command, _ engine.Dice) ([]engine.Event, bool, error) {
	if c, ok := cmd.(TransferLeader); ok {
		evs, err := g.decideTransfer(c)
		return evs, true, err
	}
	return nil, false, nil
}

func applyLeaders(g Game, e engine.Event) (Game, bool) {
	switch e := e.(type) {
	case *LeaderTransferred:
		return g.action(e, func(g *Game) {
			c := g.Command
			g.EditUnit(e.Leader, func(u *engine.UnitState) {
				switch {
				case e.Off:
					u.OnMap, u.Track, u.Slot = false, "leader-away", 0
				default:
					u.OnMap, u.Hex, u.Ref, u.Track, u.Slot = true, e.Hex, e.Ref, "", 0
				}
			})
			switch {
			case e.Off:
				c.Away = attCopyMap(c.Away)
				c.Away[e.Leader] = e.Turn
			case e.Return:
				c.Away = attCopyMap(c.Away)
				delete(c.Away, e.Leader)
			}
			if e.Limit > 0 || e.Off {
				c.Transferred = attCopyMap(c.Transferred)
				c.Transferred[e.Leader] = e.Turn
			}
			g.Command = c
		}), true
	case *JacksonRelapse:
		c := g.Command
		c.Jackson = append(append([]JacksonRoll(nil), c.Jackson...), e.JacksonRoll)
		g.Command = c
		return g, true
	case *MeadeAssumed:
		return g.applyMeade(e), true
	}
	return g, false
}

// ---- Step 3b: the Hooker replacement (16.2) ----

// stepHookerReplacement makes Meade assume command when the third Hooker
// Questioned event has occurred, or when the umpire has recorded it (/game
// meade) and the order of battle has not changed yet.
func stepHookerReplacement(g Game, _ engine.Dice, ctx engine.StepContext) ([]engine.Event, error) {
	if g.Command.Meade {
		return nil, nil
	}
	counted := g.HookerQuestioned()
	if len(counted) < HookerQuestionedNeeded && !g.Movement.Meade {
		return nil, nil
	}
	var evs []engine.Event
	state := g
	if !g.Movement.Meade {
		why := make([]string, len(counted))
		for i, c := range counted {
			why[i] = c.What
		}
		mc := &MeadeCommands{By: g.Umpire, Turn: g.Turn, Reason: "Hooker questioned three times: " + strings.Join(why, "; ")}
		evs = append(evs, mc)
		state = state.Apply(mc)
	} else {
		counted = nil // the umpire's ruling
	}
	evs = append(evs, state.meadeAssumes(counted))
	return evs, nil
}

// ---- Step 3a: leader transfer and the Jackson relapse roll ----

// stepLeaderTransfer rolls for Jackson's wounds when playing Jackson
// Lives (31.4); the transfers are the players' (/leader transfer).
func stepLeaderTransfer(g Game, d engine.Dice, ctx engine.StepContext) ([]engine.Event, error) {
	if !g.Options.JacksonLives {
		return nil, nil
	}
	if j, ok := g.Units[idJackson]; !ok || j.Eliminated {
		return nil, nil
	}
	if ctx.Library == nil || ctx.Library.Table("lrtg.jackson-relapse") == nil {
		return nil, fmt.Errorf("engine: the Jackson relapse roll needs the table lrtg.jackson-relapse")
	}
	return g.rollJackson(ctx.Library.Table("lrtg.jackson-relapse"), d)
}

// waitLeaderTransfer waits for the leaders a passive side took off the
// map on an earlier turn: they come back now (000 IV b)).
func waitLeaderTransfer(g Game) []string {
	var out []string
	for _, s := range []engine.Side{engine.CSA, engine.USA} {
		away := g.LeadersAway(s)
		if len(away) == 0 {
			continue
		}
		who := fmt.Sprintf("%d leader(s)", len(away))
		if !g.Options.LimitedIntel {
			names := make([]string, len(away))
			for i, id := range away {
				names[i] = g.Units[id].Name
			}
			who = strings.Join(names, ", ")
		}
		out = append(out, fmt.Sprintf("the %s to place %s back on the map (/leader transfer)", strings.ToUpper(string(s)), who))
	}
	return out
}

// ---- Step 3c: attachment and detachment (7.1, 7.2) ----

// attachStepGate refuses a player's attachment outside step 3c, and a
// detachment outside 3c and the action cycle (7.1: "during the attachment
// / detachment phase or from a marching unit"), once the game follows the
// sequence of play. The umpire may always.
func (g Game) attachStepGate(by engine.Actor, detach bool) error {
	step := g.CurrentStep()
	if step == "" || step == "3c" || g.IsUmpire(by) {
		return nil
	}
	if detach && (step == "4a" || step == "4b") {
		return nil // from a marching unit (7.1): the march is the player's word
	}
	if detach {
		return attRuled(engine.Illegal("detach.step", fmt.Sprintf("Units detach in the Attachment / Detachment step (3c), or from a marching unit in the action cycle; this is step %s", step), "Wait for step 3c or a march (/phase show)"), "LRTG 7.1; 003 3 c)")
	}
	return attRuled(engine.Illegal("attach.step", fmt.Sprintf("Units attach in the Attachment / Detachment step (3c); this is step %s", step), "Wait for step 3c (/phase show)"), "LRTG 7.2; 003 3 c)")
}

// MeadeAssumed completes the MeadeCommands action it follows in step 3b
// (PartOfAction): the umpire's undo takes both back together.
func (*MeadeAssumed) PartOfAction() {}
