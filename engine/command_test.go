package engine

import (
	"errors"
	"strings"
	"testing"
)

// A small order of battle with the designations 21.1 names.
func commandOOB() *OrderOfBattle {
	u := func(id, name string, side Side, kind, cmd string) UnitSetup {
		return UnitSetup{ID: id, Name: name, Side: side, Kind: kind, Command: cmd, Manpower: 3}
	}
	return &OrderOfBattle{Units: []UnitSetup{
		u("csa.lee", "Lee", CSA, "leader", "ANV"),
		u("csa.hood", "Hood", CSA, "infantry", "1"),
		u("csa.rodes", "Rodes", CSA, "infantry", "2"),
		u("csa.heth", "Heth", CSA, "infantry", "3"),
		u("csa.hampton", "Hampton", CSA, "cavalry", "Cav"),
		u("csa.imboden", "Imboden", CSA, "cavalry", ""),
		u("csa.corse", "Corse", CSA, "infantry", "Rich"),
		u("usa.hooker", "Hooker", USA, "leader", "AoP"),
		u("usa.wadsworth", "Wadsworth", USA, "infantry", "I"),
		u("usa.barnes", "Barnes", USA, "infantry", "V"),
		u("usa.wright", "Wright", USA, "infantry", "VI"),
		u("usa.buford", "Buford", USA, "cavalry", "Cav"),
		u("usa.kenly", "Kenly", USA, "infantry", "HF"),
		u("usa.lockwood", "Tyler", USA, "infantry", "Balt"),
		u("usa.wells", "Wells", USA, "infantry", "DC"),
		u("usa.knipe", "Knipe", USA, "militia", "PA"),
	}}
}

func TestDivisionOfCommand(t *testing.T) {
	stuart := Actor{ID: "u5", Name: "Stuart"}
	ewell := Actor{ID: "u6", Name: "Ewell"}
	hooker := Actor{ID: "u7", Name: "Hooker"}
	reynolds := Actor{ID: "u8", Name: "Reynolds"}
	halleck := Actor{ID: "u9", Name: "Halleck"}
	goodUSA := []JoinGame{{By: hooker, Side: USA, Commands: []string{"I"}}, {By: reynolds, Side: USA, Commands: []string{"V", "Cav", "VI", "DC", "VIII", "PA"}}}
	cases := []struct {
		name    string
		halleck bool
		players []JoinGame
		code    string // "" = allowed
		says    string
	}{
		{"one player a side commands everything", false, []JoinGame{{By: lee, Side: CSA, Commands: []string{"Cav"}}, {By: meade, Side: USA}}, "", ""},
		{"a good division", false, append([]JoinGame{{By: lee, Side: CSA, Commands: []string{"1"}}, {By: stuart, Side: CSA, Commands: []string{"Cav", "2"}}, {By: ewell, Side: CSA, Commands: []string{"3", "Rich", "Imboden"}}}, goodUSA...), "", ""},
		{"unknown designation", false, append([]JoinGame{{By: lee, Side: CSA, Commands: []string{"1"}}, {By: stuart, Side: CSA, Commands: []string{"Cav", "IV"}}}, goodUSA...), "game.command", "not a CSA corps"},
		{"declared twice", false, append([]JoinGame{{By: lee, Side: CSA, Commands: []string{"1"}}, {By: stuart, Side: CSA, Commands: []string{"Cav", "1"}}}, goodUSA...), "game.command", "Both"},
		{"cavalry left to the CSA overall commander", false, append([]JoinGame{{By: lee, Side: CSA}, {By: stuart, Side: CSA, Commands: []string{"1", "2", "3", "Rich"}}}, goodUSA...), "game.command", "cavalry corps"},
		{"Richmond Garrison left to the overall commander", false, append([]JoinGame{{By: lee, Side: CSA, Commands: []string{"1"}}, {By: stuart, Side: CSA, Commands: []string{"Cav", "2", "3"}}}, goodUSA...), "game.command", "Richmond"},
		{"Imboden under Stuart", false, append([]JoinGame{{By: lee, Side: CSA, Commands: []string{"1"}}, {By: stuart, Side: CSA, Commands: []string{"Cav", "2", "Imboden"}}, {By: ewell, Side: CSA, Commands: []string{"3", "Rich"}}}, goodUSA...), "game.command", "Imboden"},
		{"a subordinate with fewer corps", false, append([]JoinGame{{By: lee, Side: CSA, Commands: []string{"1", "2"}}, {By: stuart, Side: CSA, Commands: []string{"Cav", "3", "Rich"}}, {By: ewell, Side: CSA, Commands: []string{"Imboden"}}}, goodUSA...), "game.command", "fewer than"},
		{"V Corps with the Union overall commander", false, []JoinGame{{By: lee, Side: CSA}, {By: hooker, Side: USA, Commands: []string{"V"}}, {By: reynolds, Side: USA, Commands: []string{"I", "Cav", "VI", "DC", "VIII", "PA"}}}, "game.command", "V Corps"},
		{"AoP cavalry left to the Union overall commander", false, []JoinGame{{By: lee, Side: CSA}, {By: hooker, Side: USA, Commands: []string{"I"}}, {By: reynolds, Side: USA, Commands: []string{"V", "VI", "DC", "VIII", "PA"}}}, "game.command", "cavalry"},
		{"Balt, WV and HF count as one corps, VIII", false, []JoinGame{{By: lee, Side: CSA}, {By: hooker, Side: USA, Commands: []string{"I", "VI"}}, {By: reynolds, Side: USA, Commands: []string{"V", "Cav", "Balt", "HF"}}}, "game.command", "fewer than"},
		{"Halleck commands DC, VIII and PA", true, []JoinGame{{By: lee, Side: CSA}, {By: hooker, Side: USA, Commands: []string{"I"}}, {By: reynolds, Side: USA, Commands: []string{"V", "Cav", "VI"}}, {By: halleck, Side: USA, Commands: []string{"DC", "VIII", "PA"}}}, "", ""},
		{"Halleck with more than his garrisons", true, []JoinGame{{By: lee, Side: CSA}, {By: hooker, Side: USA, Commands: []string{"I"}}, {By: reynolds, Side: USA, Commands: []string{"V", "Cav"}}, {By: halleck, Side: USA, Commands: []string{"DC", "VIII", "PA", "VI"}}}, "game.command", "Halleck"},
	}
	for _, c := range cases {
		o := opts()
		o.Halleck = c.halleck
		g := apply(t, GameState{}, NewGame{By: ump, Options: o}, Script())
		for _, j := range c.players {
			g = apply(t, g, j, Script())
		}
		_, err := g.Decide(StartGame{By: ump, OOB: commandOOB()}, Script())
		var re *RuleError
		switch {
		case c.code == "" && err != nil:
			t.Errorf("%s: refused: %v", c.name, err)
		case c.code != "" && (!errors.As(err, &re) || re.Code != c.code || !strings.Contains(re.Error(), c.says)):
			t.Errorf("%s: err = %v, want %s saying %q", c.name, err, c.code, c.says)
		}
	}
}

// Control follows the declared designations: a unit of no corps by its
// name, the VIII Corps' designations by "VIII", the rest the overall
// commander's.
func TestControlByDesignation(t *testing.T) {
	stuart := Actor{ID: "u5", Name: "Stuart"}
	ewell := Actor{ID: "u6", Name: "Ewell"}
	hooker := Actor{ID: "u7", Name: "Hooker"}
	schenck := Actor{ID: "u8", Name: "Schenck"}
	g := apply(t, GameState{}, NewGame{By: ump, Options: opts()}, Script())
	for _, j := range []JoinGame{{By: lee, Side: CSA, Commands: []string{"1"}}, {By: stuart, Side: CSA, Commands: []string{"Cav", "2"}}, {By: ewell, Side: CSA, Commands: []string{"3", "Rich", "Imboden"}},
		{By: hooker, Side: USA, Commands: []string{"I"}}, {By: schenck, Side: USA, Commands: []string{"V", "Cav", "VI", "DC", "VIII", "PA"}}} {
		g = apply(t, g, j, Script())
	}
	g = apply(t, g, StartGame{By: ump, OOB: commandOOB()}, Script())
	for _, c := range []struct {
		who  Actor
		unit string
		want bool
	}{
		{ewell, "csa.imboden", true}, {stuart, "csa.imboden", false}, {lee, "csa.imboden", false},
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
