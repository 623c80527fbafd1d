package lrtg

import (
	"errors"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
)

// A small order of battle with the designations 21.1 names.
func commandOOB() *engine.OrderOfBattle {
	u := func(id, name string, side engine.Side, kind, cmd string) engine.UnitSetup {
		return engine.UnitSetup{ID: id, Name: name, Side: side, Kind: engine.UnitKind(kind), Command: cmd, Manpower: 3}
	}
	return &engine.OrderOfBattle{Units: []engine.UnitSetup{
		u("csa.lee", "Lee", engine.CSA, "leader", "ANV"),
		u("csa.hood", "Hood", engine.CSA, "infantry", "1"),
		u("csa.rodes", "Rodes", engine.CSA, "infantry", "2"),
		u("csa.heth", "Heth", engine.CSA, "infantry", "3"),
		u("csa.hampton", "Hampton", engine.CSA, "cavalry", "Cav"),
		u("csa.imboden", "Imboden", engine.CSA, "cavalry", ""),
		u("csa.jenkins", "Jenkins", engine.CSA, "cavalry", "Cav"), // printed "Cav" (000 line 1806), non-CAV designated (21.1)
		u("csa.corse", "Corse", engine.CSA, "infantry", "Rich"),
		u("usa.hooker", "Hooker", engine.USA, "leader", "AoP"),
		u("usa.wadsworth", "Wadsworth", engine.USA, "infantry", "I"),
		u("usa.barnes", "Barnes", engine.USA, "infantry", "V"),
		u("usa.wright", "Wright", engine.USA, "infantry", "VI"),
		u("usa.buford", "Buford", engine.USA, "cavalry", "Cav"),
		u("usa.kenly", "Kenly", engine.USA, "infantry", "HF"),
		u("usa.lockwood", "Tyler", engine.USA, "infantry", "Balt"),
		u("usa.wells", "Wells", engine.USA, "infantry", "DC"),
		u("usa.knipe", "Knipe", engine.USA, "militia", "PA"),
	}}
}

func TestDivisionOfCommand(t *testing.T) {
	stuart := engine.Actor{ID: "u5", Name: "Stuart"}
	ewell := engine.Actor{ID: "u6", Name: "Ewell"}
	hooker := engine.Actor{ID: "u7", Name: "Hooker"}
	reynolds := engine.Actor{ID: "u8", Name: "Reynolds"}
	halleck := engine.Actor{ID: "u9", Name: "Halleck"}
	goodUSA := []engine.JoinGame{{By: hooker, Side: engine.USA, Commands: []string{"I"}}, {By: reynolds, Side: engine.USA, Commands: []string{"V", "Cav", "VI", "DC", "VIII", "PA"}}}
	cases := []struct {
		name    string
		halleck bool
		players []engine.JoinGame
		code    string // "" = allowed
		says    string
	}{
		{"one player a side commands everything", false, []engine.JoinGame{{By: lee, Side: engine.CSA, Commands: []string{"Cav"}}, {By: meade, Side: engine.USA}}, "", ""},
		{"a good division", false, append([]engine.JoinGame{{By: lee, Side: engine.CSA, Commands: []string{"1"}}, {By: stuart, Side: engine.CSA, Commands: []string{"Cav", "2"}}, {By: ewell, Side: engine.CSA, Commands: []string{"3", "Rich", "Imboden", "Jenkins"}}}, goodUSA...), "", ""},
		{"Jenkins under Stuart", false, append([]engine.JoinGame{{By: lee, Side: engine.CSA, Commands: []string{"1"}}, {By: stuart, Side: engine.CSA, Commands: []string{"Cav", "2", "Jenkins"}}, {By: ewell, Side: engine.CSA, Commands: []string{"3", "Rich", "Imboden"}}}, goodUSA...), "game.command", "Jenkins may not be under"},
		{"unknown designation", false, append([]engine.JoinGame{{By: lee, Side: engine.CSA, Commands: []string{"1"}}, {By: stuart, Side: engine.CSA, Commands: []string{"Cav", "IV"}}}, goodUSA...), "game.command", "not a CSA corps"},
		{"declared twice", false, append([]engine.JoinGame{{By: lee, Side: engine.CSA, Commands: []string{"1"}}, {By: stuart, Side: engine.CSA, Commands: []string{"Cav", "1"}}}, goodUSA...), "game.command", "Both"},
		{"cavalry left to the CSA overall commander", false, append([]engine.JoinGame{{By: lee, Side: engine.CSA}, {By: stuart, Side: engine.CSA, Commands: []string{"1", "2", "3", "Rich"}}}, goodUSA...), "game.command", "cavalry corps"},
		{"Richmond Garrison left to the overall commander", false, append([]engine.JoinGame{{By: lee, Side: engine.CSA, Commands: []string{"1"}}, {By: stuart, Side: engine.CSA, Commands: []string{"Cav", "2", "3"}}}, goodUSA...), "game.command", "Richmond"},
		{"Imboden under Stuart", false, append([]engine.JoinGame{{By: lee, Side: engine.CSA, Commands: []string{"1"}}, {By: stuart, Side: engine.CSA, Commands: []string{"Cav", "2", "Imboden"}}, {By: ewell, Side: engine.CSA, Commands: []string{"3", "Rich"}}}, goodUSA...), "game.command", "Imboden"},
		{"a subordinate with fewer corps", false, append([]engine.JoinGame{{By: lee, Side: engine.CSA, Commands: []string{"1", "2"}}, {By: stuart, Side: engine.CSA, Commands: []string{"Cav", "3", "Rich"}}, {By: ewell, Side: engine.CSA, Commands: []string{"Imboden"}}}, goodUSA...), "game.command", "fewer than"},
		{"V Corps with the Union overall commander", false, []engine.JoinGame{{By: lee, Side: engine.CSA}, {By: hooker, Side: engine.USA, Commands: []string{"V"}}, {By: reynolds, Side: engine.USA, Commands: []string{"I", "Cav", "VI", "DC", "VIII", "PA"}}}, "game.command", "V Corps"},
		{"AoP cavalry left to the Union overall commander", false, []engine.JoinGame{{By: lee, Side: engine.CSA}, {By: hooker, Side: engine.USA, Commands: []string{"I"}}, {By: reynolds, Side: engine.USA, Commands: []string{"V", "VI", "DC", "VIII", "PA"}}}, "game.command", "cavalry"},
		{"Balt, WV and HF count as one corps, VIII", false, []engine.JoinGame{{By: lee, Side: engine.CSA}, {By: hooker, Side: engine.USA, Commands: []string{"I", "VI"}}, {By: reynolds, Side: engine.USA, Commands: []string{"V", "Cav", "Balt", "HF"}}}, "game.command", "fewer than"},
		{"Halleck commands DC, VIII and PA", true, []engine.JoinGame{{By: lee, Side: engine.CSA}, {By: hooker, Side: engine.USA, Commands: []string{"I"}}, {By: reynolds, Side: engine.USA, Commands: []string{"V", "Cav", "VI"}}, {By: halleck, Side: engine.USA, Commands: []string{"DC", "VIII", "PA"}}}, "", ""},
		{"Halleck with more than his garrisons", true, []engine.JoinGame{{By: lee, Side: engine.CSA}, {By: hooker, Side: engine.USA, Commands: []string{"I"}}, {By: reynolds, Side: engine.USA, Commands: []string{"V", "Cav"}}, {By: halleck, Side: engine.USA, Commands: []string{"DC", "VIII", "PA", "VI"}}}, "game.command", "Halleck"},
	}
	for _, c := range cases {
		o := opts()
		o.Halleck = c.halleck
		g := apply(t, Game{}, withRules(engine.NewGame{By: ump, Options: o}), engine.Script())
		for _, j := range c.players {
			g = apply(t, g, j, engine.Script())
		}
		_, err := g.Decide(engine.StartGame{By: ump, OOB: commandOOB()}, engine.Script())
		var re *engine.RuleError
		switch {
		case c.code == "" && err != nil:
			t.Errorf("%s: refused: %v", c.name, err)
		case c.code != "" && (!errors.As(err, &re) || re.Code != c.code || !strings.Contains(re.Error(), c.says)):
			t.Errorf("%s: err = %v, want %s saying %q", c.name, err, c.code, c.says)
		}
	}
}

// Every problem of a division is listed in the one refusal at the start
// (21.1): Lee holding the cavalry corps, Jenkins and Imboden under it.
func TestDivisionOfCommandListsEveryProblem(t *testing.T) {
	stuart := engine.Actor{ID: "u5", Name: "Stuart"}
	g := apply(t, Game{}, withRules(engine.NewGame{By: ump, Options: opts()}), engine.Script())
	for _, j := range []engine.JoinGame{{By: lee, Side: engine.CSA, Commands: []string{"1", "Imboden"}}, {By: stuart, Side: engine.CSA, Commands: []string{"2", "3", "Rich"}}, {By: meade, Side: engine.USA}} {
		g = apply(t, g, j, engine.Script())
	}
	_, err := g.Decide(engine.StartGame{By: ump, OOB: commandOOB()}, engine.Script())
	if err == nil {
		t.Fatal("a division with the cavalry corps, Imboden and Jenkins under Lee was accepted")
	}
	for _, want := range []string{"cavalry corps (CAV)", "Imboden may not be under", "Jenkins may not be under"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("refusal %q does not say %q", err, want)
		}
	}
}

// Control follows the declared designations: a unit of no corps by its
// name, the VIII Corps' designations by "VIII", the rest the overall
// commander's.
func TestControlByDesignation(t *testing.T) {
	stuart := engine.Actor{ID: "u5", Name: "Stuart"}
	ewell := engine.Actor{ID: "u6", Name: "Ewell"}
	hooker := engine.Actor{ID: "u7", Name: "Hooker"}
	schenck := engine.Actor{ID: "u8", Name: "Schenck"}
	g := apply(t, Game{}, withRules(engine.NewGame{By: ump, Options: opts()}), engine.Script())
	for _, j := range []engine.JoinGame{{By: lee, Side: engine.CSA, Commands: []string{"1"}}, {By: stuart, Side: engine.CSA, Commands: []string{"Cav", "2"}}, {By: ewell, Side: engine.CSA, Commands: []string{"3", "Rich", "Imboden", "Jenkins"}},
		{By: hooker, Side: engine.USA, Commands: []string{"I"}}, {By: schenck, Side: engine.USA, Commands: []string{"V", "Cav", "VI", "DC", "VIII", "PA"}}} {
		g = apply(t, g, j, engine.Script())
	}
	g = apply(t, g, engine.StartGame{By: ump, OOB: commandOOB()}, engine.Script())
	for _, c := range []struct {
		who  engine.Actor
		unit string
		want bool
	}{
		{ewell, "csa.imboden", true}, {stuart, "csa.imboden", false}, {lee, "csa.imboden", false},
		{ewell, "csa.jenkins", true}, {stuart, "csa.jenkins", false}, // 21.1: Cav does not carry Jenkins
		{lee, "csa.lee", true}, {stuart, "csa.hampton", true}, {lee, "csa.hampton", false},
		{schenck, "usa.kenly", true}, {schenck, "usa.lockwood", true}, {hooker, "usa.kenly", false},
		{hooker, "usa.hooker", true}, {hooker, "usa.wadsworth", true}, {schenck, "usa.wadsworth", false},
		{lee, "usa.wadsworth", false},
	} {
		if got := g.Controls(c.who, g.Units[c.unit]); got != c.want {
			t.Errorf("%s controls %s = %v, want %v", c.who.Name, c.unit, got, c.want)
		}
	}
}

// A game created before 21.1's non-CAV cavalry went by their own names
// (engine.GameOptions.Readings 0: every game stored before the stamp)
// keeps the division it was played with: Jenkins, printed "Cav", is the
// cavalry corps' commander's, and "Jenkins" is no designation of it. A
// game created now is stamped with the reading.
func TestJenkinsUnderCavInGamesStoredBefore(t *testing.T) {
	stuart := engine.Actor{ID: "u5", Name: "Stuart"}
	ewell := engine.Actor{ID: "u6", Name: "Ewell"}
	g := apply(t, Game{}, withRules(engine.NewGame{By: ump, Options: opts(), ReadingsBefore: true}), engine.Script())
	if g.Options.Readings != 0 {
		t.Fatalf("a game created as before is stamped with readings %d", g.Options.Readings)
	}
	if _, err := g.Decide(engine.JoinGame{By: ewell, Side: engine.CSA, Commands: []string{"3", "Jenkins"}, OOB: commandOOB()}, engine.Script()); err == nil {
		t.Error(`"Jenkins" was a designation in a game that reads him under Cav`)
	}
	for _, j := range []engine.JoinGame{{By: lee, Side: engine.CSA, Commands: []string{"1"}}, {By: stuart, Side: engine.CSA, Commands: []string{"Cav", "2"}}, {By: ewell, Side: engine.CSA, Commands: []string{"3", "Rich", "Imboden"}}, {By: meade, Side: engine.USA}} {
		g = apply(t, g, j, engine.Script())
	}
	g = apply(t, g, engine.StartGame{By: ump, OOB: commandOOB()}, engine.Script())
	if !g.Controls(stuart, g.Units["csa.jenkins"]) || g.Controls(ewell, g.Units["csa.jenkins"]) {
		t.Errorf("Jenkins in a game stored before: Stuart controls %v (want true), Ewell %v (want false)", g.Controls(stuart, g.Units["csa.jenkins"]), g.Controls(ewell, g.Units["csa.jenkins"]))
	}
	now := apply(t, Game{}, withRules(engine.NewGame{By: ump, Options: opts()}), engine.Script())
	if now.Options.Readings != engine.ReadingsNow {
		t.Errorf("a new game is stamped with readings %d, want %d", now.Options.Readings, engine.ReadingsNow)
	}
}

// controlCodes are the refusals that say a player does not command a
// unit (21.1).
var controlCodes = map[string]bool{"unit.command": true, "move.command": true, "combat.command": true, "unit.unknown": true}

// The division of command (21.1) holds on every command a player gives
// that acts on a unit: a commander of the same side who does not command
// the unit is refused for that reason, where its commander is not (he may
// be refused for another). Stuart commands Rodes (2nd Corps), Ewell the
// Richmond Garrison (Corse), Lee his army commander's counter; the game
// is set so that each command's step and state are right.
func TestDivisionOfCommandOnEveryCommand(t *testing.T) {
	g, _ := controlGame(t)
	stuart, ewell := engine.Actor{ID: "u5", Name: "Stuart"}, engine.Actor{ID: "u6", Name: "Ewell"}
	g.Units = engine.CopyUnits(g.Units)
	for _, id := range []string{"csa.rodes", "csa.hood"} {
		u := g.Units[id]
		u.Manpower, u.Status.Ammo = 6, 3
		g.Units[id] = u
	}
	step := func(s string) func(Game, engine.Actor) Game {
		return func(g Game, _ engine.Actor) Game {
			g.Sequence = engine.SequenceState{Step: s, Turn: g.Turn}
			return g
		}
	}
	// The initiative deferred to the actor (or his own, as overall
	// commander).
	initiative := func(g Game, by engine.Actor) Game {
		g.Sequence = engine.SequenceState{Step: "4a", Turn: g.Turn}
		g.Actions = ActionState{Turn: g.Turn, Step: "4a", ToDecide: engine.CSA, Initiative: engine.CSA}
		if p := g.Player(by.ID); p != nil && !p.Overall {
			g.Actions.Holder = by.ID
		}
		return g
	}
	town := engine.Place{Name: "Carlisle", Hex: engine.Hex{Q: 5, R: 5}, Kinds: []string{"levy-town", "depot"}, Values: map[string]int{"levy_victuals": 4, "depot_ammo": 5}}
	sizes := engine.UnitSizes{"csa.rodes": "division", "csa.hood": "division"}
	cases := []struct {
		name        string
		prep        func(Game, engine.Actor) Game
		cmd         func(by engine.Actor) engine.Command
		ctrl, other engine.Actor
	}{
		{"move", nil, func(by engine.Actor) engine.Command {
			return engine.MoveUnits{By: by, Units: []string{"csa.rodes"}, To: engine.Hex{Q: 6, R: 5}}
		}, stuart, ewell},
		{"unit set", nil, func(by engine.Actor) engine.Command {
			return engine.SetUnit{By: by, Unit: "csa.rodes", Field: "fatigue", Value: 1}
		}, stuart, ewell},
		{"unit eliminate", nil, func(by engine.Actor) engine.Command {
			return engine.EliminateUnit{By: by, Unit: "csa.rodes", Reason: "x"}
		}, stuart, ewell},
		{"unit mark (entrench)", nil, func(by engine.Actor) engine.Command {
			return engine.MarkUnit{By: by, Unit: "csa.rodes", Mark: "entrenched"}
		}, stuart, ewell},
		{"unit attach", step("3c"), func(by engine.Actor) engine.Command {
			return AttachUnits{By: by, Units: []string{"csa.rodes"}, To: "csa.hood", Rules: &SubstituteRules{Sizes: sizes}}
		}, stuart, ewell},
		{"unit detach", step("3c"), func(by engine.Actor) engine.Command { return DetachUnit{By: by, Unit: "csa.rodes", Manpower: 1} }, stuart, ewell},
		{"action activate", initiative, func(by engine.Actor) engine.Command { return ActivateUnit{By: by, Unit: "csa.rodes"} }, stuart, ewell},
		{"action army", initiative, func(by engine.Actor) engine.Command {
			return ActivateArmyLeader{By: by, Leader: "csa.lee", Units: []string{"csa.hood"}}
		}, lee, stuart},
		{"action remote", func(g Game, _ engine.Actor) Game {
			g.Sequence = engine.SequenceState{Step: "4a", Turn: g.Turn}
			g.Actions = ActionState{Turn: g.Turn, Step: "4a", ToDecide: engine.USA}
			return g
		}, func(by engine.Actor) engine.Command { return AskRemote{By: by, Units: []string{"csa.rodes"}} }, stuart, ewell},
		{"leader transfer", step("3a"), func(by engine.Actor) engine.Command { return TransferLeader{By: by, Leader: "csa.lee", To: "csa.hood"} }, lee, stuart},
		{"battle result", nil, func(by engine.Actor) engine.Command {
			return ApplyCombat{By: by, Battle: "x", Attacker: CombatSide{Units: []string{"csa.rodes"}, Result: "1"}}
		}, stuart, ewell},
		{"place destroy depot", func(g Game, _ engine.Actor) Game {
			g.Places = map[string]PlaceState{"Carlisle": {Depot: engine.CSA}}
			return g
		}, func(by engine.Actor) engine.Command {
			return ActOnPlace{By: by, Place: town, Action: ActDestroyDepot, Unit: "csa.rodes"}
		}, stuart, ewell},
		{"place levy", nil, func(by engine.Actor) engine.Command { return ActOnPlace{By: by, Place: town, Action: ActLevy} }, lee, ewell},
		{"segment stragglers", nil, func(by engine.Actor) engine.Command { return RecordStragglers{By: by, Unit: "csa.rodes", MP: 1} }, stuart, ewell},
		{"segment range", step("5b"), func(by engine.Actor) engine.Command {
			return ClaimRange{By: by, Units: []string{"csa.rodes"}, InRange: true}
		}, stuart, ewell},
		{"segment forage", step("5e"), func(by engine.Actor) engine.Command {
			return Forage{By: by, Unit: "csa.rodes", Levels: 1, Value: 3, Chart: &engine.Chart{ID: "lrtg.forage"}, Sizes: sizes}
		}, stuart, ewell},
		{"segment draw", func(g Game, _ engine.Actor) Game {
			g.Sequence = engine.SequenceState{Step: "5e", Turn: g.Turn}
			g.Places = map[string]PlaceState{"Carlisle": {Levied: true}}
			return g
		}, func(by engine.Actor) engine.Command {
			return DrawVictuals{By: by, Store: town, Units: []string{"csa.rodes"}, Sizes: sizes}
		}, stuart, ewell},
		{"segment ammo", func(g Game, _ engine.Actor) Game {
			g.Sequence = engine.SequenceState{Step: "5i", Turn: g.Turn}
			g.Options.Optional = []int{19} // LRTG 19: ammunition
			g.Places = map[string]PlaceState{"Carlisle": {Depot: engine.USA, Captured: engine.CSA}}
			return g
		}, func(by engine.Actor) engine.Command {
			return DrawAmmo{By: by, Depot: town, Units: []string{"csa.rodes"}}
		}, stuart, ewell},
		{"unit extended", step("4a"), func(by engine.Actor) engine.Command { return RollExtendedMarch{By: by, Unit: "csa.rodes"} }, stuart, ewell},
		{"event ammo", func(g Game, _ engine.Actor) Game {
			g.Sequence = engine.SequenceState{Step: RandomEventsStep, Turn: g.Turn}
			g.Events.Rolled = []RandomEventRolled{{Turn: g.Turn, Outcome: "csa-reinforcement", Ammo: 7}}
			return g
		}, func(by engine.Actor) engine.Command { return AmmoTrain{By: by, Levels: map[string]int{"csa.rodes": 1}} }, stuart, ewell},
		{"vp raspberry", nil, func(by engine.Actor) engine.Command {
			return RollVP{By: by, Event: VPRaspberry, Units: []string{"csa.corse"}, Table: &engine.Table{ID: "lrtg.raspberry-raid"}}
		}, ewell, stuart},
	}
	for _, c := range cases {
		run := func(by engine.Actor) error {
			s := g
			if c.prep != nil {
				s = c.prep(s, by)
			}
			_, err := s.Decide(c.cmd(by), engine.Script(1, 1, 1, 1))
			return err
		}
		if err := run(c.other); !controlCodes[ruleCode(err)] {
			t.Errorf("%s by %s, who does not command the unit: %v, want a refusal for command (21.1)", c.name, c.other.Name, err)
		}
		if err := run(c.ctrl); testing.Verbose() {
			t.Logf("%s by %s: %v", c.name, c.ctrl.Name, err)
		}
		if err := run(c.ctrl); controlCodes[ruleCode(err)] {
			t.Errorf("%s by %s, its commander: refused for command: %v", c.name, c.ctrl.Name, err)
		}
	}
}
