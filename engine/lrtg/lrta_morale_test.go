package lrtg_test

import (
	"maps"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
)

// LRTA army morale (004 Army Morale a) to j), the elimination schedules,
// Disorder / Panic / Flight at 8 / 12 / 16) on a small order of battle
// shaped like lrta-usa.yaml / lrta-csa.yaml (ids, commands AV/AP, L/J, Cav,
// DC, Shen; McClellan on his track).

var (
	lvUmpire = engine.Actor{ID: "lv0", Name: "Umpire"}
	lvLee    = engine.Actor{ID: "lv1", Name: "Lee"}
	lvPope   = engine.Actor{ID: "lv2", Name: "Pope"}
	lvJeb    = engine.Actor{ID: "lv3", Name: "Jeb"}
)

func lvOOB() *engine.OrderOfBattle {
	u := func(id, name string, side engine.Side, kind, size, command string, mp int) engine.UnitSetup {
		return engine.UnitSetup{ID: id, Name: name, Side: side, Kind: engine.UnitKind(kind), Size: size, Command: command, Manpower: mp, OnMap: true, Hex: engine.Hex{Q: 1, R: 1}}
	}
	mc := u("usa.mcclellan", "McClellan", engine.USA, "leader", "army", "AP", 0)
	mc.OnMap, mc.Track, mc.Slot = false, "mcclellan", 1
	return &engine.OrderOfBattle{Game: lrtg.LRTA, Units: []engine.UnitSetup{
		u("csa.lee", "Lee", engine.CSA, "leader", "army", "ANV", 0),
		u("csa.hood", "Hood", engine.CSA, "infantry", "division", "L", 12),
		u("csa.jones", "Jones", engine.CSA, "infantry", "division", "L", 8),
		u("csa.ewell", "Ewell", engine.CSA, "infantry", "division", "J", 14),
		u("csa.hill", "Hill", engine.CSA, "infantry", "division", "J", 12),
		u("csa.starke", "Starke", engine.CSA, "infantry", "brigade", "J", 3),
		u("csa.robertson", "Robertson", engine.CSA, "cavalry", "brigade", "Cav", 4),
		u("csa.fitzlee", "FitzLee", engine.CSA, "cavalry", "brigade", "Cav", 4),
		u("csa.funk", "Funk", engine.CSA, "infantry", "brigade", "", 3),
		u("usa.pope", "Pope", engine.USA, "leader", "army", "AV", 0),
		mc,
		u("usa.king", "King", engine.USA, "infantry", "division", "III", 8),
		u("usa.ricketts", "Ricketts", engine.USA, "infantry", "division", "III", 8),
		u("usa.sigel", "Schenck", engine.USA, "infantry", "division", "I", 6),
		u("usa.kearny", "Kearny", engine.USA, "infantry", "division", "III-AP", 7),
		u("usa.piatt", "Piatt", engine.USA, "infantry", "brigade", "III", 3),
		u("usa.buford", "Buford", engine.USA, "cavalry", "brigade", "Cav", 3),
		u("usa.bayard", "Bayard", engine.USA, "cavalry", "brigade", "Cav", 3),
		u("usa.whipple", "Whipple", engine.USA, "infantry", "brigade", "DC", 4),
		u("usa.white", "White", engine.USA, "infantry", "brigade", "Shen", 3),
		u("usa.cox", "Cox", engine.USA, "infantry", "division", "Kan", 5),
	}}
}

// lvGame is a started LRTA campaign game on turn 5.
func lvGame(t *testing.T, o engine.GameOptions) engine.GameState {
	t.Helper()
	o.Scenario, o.Supply, o.Comms = "lrta-campaign", "normal", 1
	g := engine.GameState{}
	for _, c := range []engine.Command{
		withRules(engine.NewGame{By: lvUmpire, Options: o}),
		engine.JoinGame{By: lvLee, Side: engine.CSA, Commands: []string{"L"}},
		engine.JoinGame{By: lvPope, Side: engine.USA},
		engine.JoinGame{By: lvJeb, Side: engine.CSA, Commands: []string{"Cav", "J"}},
		engine.StartGame{By: lvUmpire, OOB: lvOOB()},
	} {
		evs, err := g.Decide(c, engine.Script())
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range evs {
			g = g.Apply(e)
		}
	}
	if g.Game() != lrtg.LRTA {
		t.Fatalf("game %q", g.Game())
	}
	g.Turn = 5
	return g
}

// lvEdit changes units of a constructed state.
func lvEdit(g engine.GameState, f func(u *engine.UnitState), ids ...string) engine.GameState {
	g.Units = maps.Clone(g.Units)
	for _, id := range ids {
		u := g.Units[id]
		f(&u)
		g.Units[id] = u
	}
	return g
}

func lvDemoralize(g engine.GameState, level int, ids ...string) engine.GameState {
	return lvEdit(g, func(u *engine.UnitState) { u.Status.Demoralization = level }, ids...)
}

func lvOutOfSupply(g engine.GameState, ids ...string) engine.GameState {
	return lvEdit(g, func(u *engine.UnitState) { u.Marks = append(u.Marks, "out-of-supply") }, ids...)
}

// lvEliminated eliminates a unit on a past turn (its record stamped).
func lvEliminated(g engine.GameState, sizes engine.UnitSizes, turn int, id string) engine.GameState {
	g = lvEdit(g, func(u *engine.UnitState) { u.Eliminated, u.OnMap = true, false }, id)
	u := g.Units[id]
	r := lrtg.Of(g).Records
	r.Eliminations = append(append([]engine.Elimination(nil), r.Eliminations...),
		engine.Elimination{Unit: id, Name: u.Name, Side: u.Side, Kind: u.Kind, Command: u.Command, Size: sizes[id], Turn: turn})
	g = lrtg.With(g, func(s *lrtg.State) { s.Records = r })
	return g
}

func lvLines(m lrtg.ArmyMorale) map[string]int {
	out := map[string]int{}
	for _, l := range m.Lines {
		out[l.Rule] += l.Value
	}
	return out
}

func TestLRTAMoraleUnion(t *testing.T) {
	g := lvGame(t, engine.GameOptions{})
	sizes := engine.SizesOf(lvOOB())
	g = lvDemoralize(g, 1, "usa.king", "usa.buford", "usa.whipple")                 // King: III routed, b) +1; cavalry and DC are in no corps
	g = lvDemoralize(g, 2, "usa.ricketts")                                          // c) +2, III already counted
	g = lrtg.With(g, func(s *lrtg.State) { s.Losses = lrtg.CombatLosses{AoP: 17} }) // f) 17/8 = 2
	g = lvOutOfSupply(g, "usa.king", "usa.ricketts", "usa.sigel")                   // h) 3/3 = 1
	g = lvEliminated(g, sizes, 5, "usa.kearny")                                     // a Union division this turn: +3
	g = lvEliminated(g, sizes, 4, "usa.piatt")                                      // an AoV brigade last turn: +1
	g = lvEliminated(g, sizes, 5, "usa.white")                                      // Shen: not AoP/AoV, +0
	m := lrtg.Of(g).ArmyMorale(engine.USA, sizes)
	want := map[string]int{
		"004 Army Morale a)": 1, "004 Army Morale b)-c)": 3, "004 Army Morale f)": 2, "004 Army Morale h)": 1,
		"004 Army Morale j)": 2, "004 Army Morale, eliminations": 4,
	}
	if got := lvLines(m); !maps.Equal(got, want) {
		t.Errorf("lines %v, want %v\n%+v", got, want, m.Lines)
	}
	if m.Level != 13 || !m.Disorder || !m.Panic || m.Flight {
		t.Errorf("level %d %s, want 13 Panic (12+, 004)", m.Level, m.State())
	}
	// McClellan assumes command: Pope's +2 goes, the losses are halved
	// (17 -> 8: one per 8 = 1).
	g = lrtg.With(g, func(s *lrtg.State) { s.LRTAArmy.McClellan = true }) // lrta_army.go's record of his assuming command
	m = lrtg.Of(g).ArmyMorale(engine.USA, sizes)
	if got := lvLines(m); got["004 Army Morale j)"] != 0 || got["004 Army Morale f)"] != 1 || m.Level != 10 || !m.Disorder || m.Panic {
		t.Errorf("after McClellan: %v level %d %s, want 10 Disorder", got, m.Level, m.State())
	}
	// Raw Recruits: 3 more casualties (for 6 MP) before the halving: (17+3)/2 = 10 -> 1.
	g = lrtg.With(g, func(s *lrtg.State) {
		s.LRTAEvents.Recruits = []lrtg.LRTARecruitsAdded{{Turn: 4, AoP: 6, Casualties: 3}}
	})
	for _, l := range lrtg.Of(g).ArmyMorale(engine.USA, sizes).Lines {
		if l.Rule == "004 Army Morale f)" && (l.Value != 1 || !strings.Contains(l.What, "+3 for Raw Recruits") || !strings.Contains(l.What, "halved to 10")) {
			t.Errorf("f) with recruits: %+v", l)
		}
	}
	g = lrtg.With(g, func(s *lrtg.State) { s.Losses = lrtg.CombatLosses{AoP: 29} }) // (29+3)/2 = 16 -> 2
	if got := lvLines(lrtg.Of(g).ArmyMorale(engine.USA, sizes)); got["004 Army Morale f)"] != 2 {
		t.Errorf("f) (29+3)/2/8: %v", got)
	}
}

func TestLRTAMoraleConfederate(t *testing.T) {
	g := lvGame(t, engine.GameOptions{})
	sizes := engine.SizesOf(lvOOB())
	g = lvDemoralize(g, 1, "csa.hood", "csa.robertson", "csa.funk", "csa.starke")   // d) +2; L and Cav routed; Funk in no corps; no brigade item in 004
	g = lvDemoralize(g, 2, "csa.ewell")                                             // e) +4; J routed
	g = lrtg.With(g, func(s *lrtg.State) { s.Losses = lrtg.CombatLosses{CSA: 11} }) // g) 11/5 = 2
	g = lvOutOfSupply(g, "csa.hood", "csa.ewell", "csa.jones")                      // i) 3/2 = 1
	g = lvEliminated(g, sizes, 3, "csa.hill")                                       // a division two turns ago: +2
	g = lvEliminated(g, sizes, 5, "csa.fitzlee")                                    // a brigade this turn: +2
	m := lrtg.Of(g).ArmyMorale(engine.CSA, sizes)
	want := map[string]int{
		"004 Army Morale a)": 3, "004 Army Morale d)-e)": 6, "004 Army Morale g)": 2, "004 Army Morale i)": 1,
		"004 Army Morale, eliminations": 4,
	}
	if got := lvLines(m); !maps.Equal(got, want) {
		t.Errorf("lines %v, want %v\n%+v", got, want, m.Lines)
	}
	if m.Level != 16 || !m.Flight {
		t.Errorf("level %d %s, want 16 Flight (004: 16 or more)", m.Level, m.State())
	}
	// A turn later the eliminations age: Hill is three turns old (0),
	// FitzLee +1: 16 - 2 - 1 = 13, Panic.
	g.Turn = 6
	if m := lrtg.Of(g).ArmyMorale(engine.CSA, sizes); m.Level != 13 || !m.Panic || m.Flight {
		t.Errorf("turn 6: level %d %s, want 13 Panic", m.Level, m.State())
	}
}

func TestLRTAMoraleThresholdsNeedAStricken(t *testing.T) {
	g := lvGame(t, engine.GameOptions{})
	sizes := engine.SizesOf(lvOOB())
	g = lrtg.With(g, func(s *lrtg.State) { s.Losses = lrtg.CombatLosses{AoP: 64, CSA: 40} }) // 8 each
	for _, s := range []engine.Side{engine.USA, engine.CSA} {
		if m := lrtg.Of(g).ArmyMorale(s, sizes); m.Level < 8 || m.Disorder {
			t.Errorf("%s: level %d %s: 8 or more is no Disorder without a demoralized (or lately eliminated) infantry division or cavalry brigade", s, m.Level, m.State())
		}
	}
	// A Union cavalry brigade eliminated two turns ago counts; three turns ago it does not.
	g2 := lvEliminated(g, sizes, 3, "usa.buford")
	if m := lrtg.Of(g2).ArmyMorale(engine.USA, sizes); !m.Disorder {
		t.Errorf("cavalry brigade eliminated two turns ago: %s", m.State())
	}
	g3 := lvEliminated(g, sizes, 2, "usa.buford")
	if m := lrtg.Of(g3).ArmyMorale(engine.USA, sizes); m.Disorder {
		t.Errorf("cavalry brigade eliminated three turns ago: %s", m.State())
	}
	// An infantry brigade demoralized does not meet the condition; a division does.
	if m := lrtg.Of(lvDemoralize(g, 1, "csa.starke")).ArmyMorale(engine.CSA, sizes); m.Disorder {
		t.Errorf("only a brigade demoralized: %s", m.State())
	}
	if m := lrtg.Of(lvDemoralize(g, 1, "csa.jones")).ArmyMorale(engine.CSA, sizes); !m.Disorder || m.Level != 8+2+1 {
		t.Errorf("a division demoralized: %d %s", m.Level, m.State())
	}
	if d, p, f := lrtg.MoraleThresholds(lrtg.LRTA); d != 8 || p != 12 || f != 16 {
		t.Errorf("LRTA thresholds %d/%d/%d", d, p, f)
	}
	if d, p, f := lrtg.MoraleThresholds(lrtg.LRTG); d != 8 || p != 11 || f != 14 {
		t.Errorf("LRTG thresholds %d/%d/%d", d, p, f)
	}
}

// The morale check of /morale check and the turn's end confirms LRTA's
// levels (the records module dispatches to it).
func TestLRTAMoraleConfirmed(t *testing.T) {
	g := lvGame(t, engine.GameOptions{})
	sizes := engine.SizesOf(lvOOB())
	g = lvDemoralize(g, 2, "csa.ewell", "csa.hood")
	evs, err := g.Decide(lrtg.CheckMorale{By: lvUmpire, Sizes: sizes}, engine.Script())
	if err != nil {
		t.Fatal(err)
	}
	g = g.Apply(evs[0])
	// e) 4 + 4, a) L and J: 10: Disorder, not Panic (LRTG's 11 would not be reached either way).
	if a := lrtg.Of(g).Records.Armies[engine.CSA]; a.Level != 10 || !a.Disorder || a.Panic {
		t.Errorf("confirmed %+v", a)
	}
	if a := lrtg.Of(g).Records.Armies[engine.USA]; a.Level != 2 {
		t.Errorf("Union confirmed %+v, want 2 (Pope)", a)
	}
}
