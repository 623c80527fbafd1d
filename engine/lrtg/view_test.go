package lrtg

import (
	"errors"
	"testing"

	"github.com/umpire-games/umpire/engine"
)

// viewGame: Lee (1st Corps, overall) and Jeb (Cav, 2nd) for the CSA,
// Meade for the USA, on an open strip of hexes.
func viewGame(t *testing.T, o engine.GameOptions) Game {
	t.Helper()
	g := apply(t, Game{}, withRules(engine.NewGame{By: ump, Options: o}), engine.Script())
	g = apply(t, g, engine.JoinGame{By: lee, Side: engine.CSA, Commands: []string{"1"}}, engine.Script())
	g = apply(t, g, engine.JoinGame{By: jebA, Side: engine.CSA, Commands: []string{"Cav", "2"}}, engine.Script())
	g = apply(t, g, engine.JoinGame{By: meade, Side: engine.USA}, engine.Script())
	oob := &engine.OrderOfBattle{Units: []engine.UnitSetup{
		{ID: "csa.hood", Name: "Hood", Side: engine.CSA, Kind: "infantry", Command: "1", Manpower: 15, OnMap: true, Hex: engine.Hex{Q: 0, R: 0}},
		{ID: "csa.mclaws", Name: "McLaws", Side: engine.CSA, Kind: "infantry", Command: "1", Manpower: 12, OnMap: true, Hex: engine.Hex{Q: 0, R: 0}},
		{ID: "csa.hampton", Name: "Hampton", Side: engine.CSA, Kind: "cavalry", Command: "Cav", Manpower: 4, OnMap: true, Hex: engine.Hex{Q: 0, R: 10}},
		{ID: "csa.rodes", Name: "Rodes", Side: engine.CSA, Kind: "infantry", Command: "2", Manpower: 8, OnMap: true, Hex: engine.Hex{Q: 0, R: 20}},
		{ID: "usa.wright", Name: "Wright", Side: engine.USA, Kind: "infantry", Command: "VI", Manpower: 9, OnMap: true, Hex: engine.Hex{Q: 5, R: 0}},
		{ID: "usa.buford", Name: "Buford", Side: engine.USA, Kind: "cavalry", Command: "Cav", Manpower: 3, OnMap: true, Hex: engine.Hex{Q: 5, R: 0}},
		{ID: "usa.sykes", Name: "Sykes", Side: engine.USA, Kind: "infantry", Command: "V", Manpower: 7, OnMap: true, Hex: engine.Hex{Q: 9, R: 20}},
	}}
	return apply(t, g, engine.StartGame{By: ump, OOB: oob}, engine.Script())
}

func viewOf(g Game, a engine.Actor) engine.View { return engine.ViewFor(g.Kernel(), g.ViewerOf(a)) }

// enemyCounters are the counters of the other side in a view.
func enemyCounters(v engine.View) []engine.ViewCounter {
	var out []engine.ViewCounter
	for _, c := range v.Counters {
		if engine.Side(c.Side) != v.Viewer.Side {
			out = append(out, c)
		}
	}
	return out
}

func viewMove(t *testing.T, g Game, by engine.Actor, id string, h engine.Hex) Game {
	t.Helper()
	return apply(t, g, engine.MoveUnits{By: by, Units: []string{id}, To: h}, engine.Script())
}

func TestViewOpenShowsEverything(t *testing.T) {
	g := viewGame(t, opts())
	for _, a := range []engine.Actor{lee, meade, guest(), ump} {
		v := viewOf(g, a)
		if len(v.Counters) != 7 || len(v.Known()) != 7 {
			t.Errorf("%s sees %d counters (%d known) of an open game, want 7", a.Name, len(v.Counters), len(v.Known()))
		}
	}
}

func TestViewLimitedForceMarkersAndContact(t *testing.T) {
	o := opts()
	o.LimitedIntel = true
	g := viewGame(t, o)
	v := viewOf(g, meade)
	if v.Viewer.Kind != engine.ViewerSide || v.Mode != engine.IntelLimited {
		t.Fatalf("Meade's viewer %+v mode %s", v.Viewer, v.Mode)
	}
	// Three Confederate stacks: three markers, no names, no strengths.
	en := enemyCounters(v)
	if len(en) != 3 {
		t.Fatalf("Meade sees %d Confederate counters, want 3 markers: %+v", len(en), en)
	}
	for _, c := range en {
		if !c.Unidentified || c.Name != "" || c.Unit != "" || c.Manpower != 0 || c.Kind != "force" {
			t.Errorf("a Confederate stack is more than a marker to Meade: %+v", c)
		}
	}
	if v.Knows("csa.hood") || !v.Knows("usa.wright") {
		t.Errorf("Meade knows Hood %v, Wright %v", v.Knows("csa.hood"), v.Knows("usa.wright"))
	}
	// Wright moves next to Hood's stack: contact identifies it (choice V1).
	g = viewMove(t, g, meade, "usa.wright", engine.Hex{Q: 1, R: 0})
	v = viewOf(g, meade)
	if !v.Knows("csa.hood") || !v.Knows("csa.mclaws") || v.Knows("csa.hampton") {
		t.Errorf("after contact Meade knows Hood %v, McLaws %v, Hampton %v; want the adjacent stack only", v.Knows("csa.hood"), v.Knows("csa.mclaws"), v.Knows("csa.hampton"))
	}
	// And Lee, in contact too, knows Wright, not Buford (two hexes off).
	lv := viewOf(g, lee)
	if !lv.Knows("usa.wright") || lv.Knows("usa.buford") {
		t.Errorf("Lee knows Wright %v, Buford %v", lv.Knows("usa.wright"), lv.Knows("usa.buford"))
	}
	// The public sees one marker a stack, both sides, no identity.
	pv := viewOf(g, guest())
	if len(pv.Counters) != 6 || len(pv.Known()) != 0 {
		t.Errorf("the public sees %d counters, %d known; want 6 markers, none known", len(pv.Counters), len(pv.Known()))
	}
}

func TestViewLimitedSpyRevealsTheLoser(t *testing.T) {
	o := opts()
	o.LimitedIntel = true
	g := viewGame(t, o)
	g.Events.Rolled = append(g.Events.Rolled, RandomEventRolled{Turn: g.Turn, Outcome: RandomSpy, Spy: engine.USA})
	if spyWinner(g) != engine.USA {
		t.Fatalf("the test's Spy record is not read: winner %q", spyWinner(g))
	}
	v := viewOf(g, meade)
	for _, id := range []string{"csa.hood", "csa.mclaws", "csa.hampton", "csa.rodes"} {
		if !v.Knows(id) {
			t.Errorf("after a Union Spy win Meade does not know %s", id)
		}
	}
	if lv := viewOf(g, lee); lv.Knows("usa.sykes") {
		t.Errorf("the Spy's loser learns the winner's units")
	}
}

func TestViewDoubleBlindSightingAndLastKnown(t *testing.T) {
	o := opts()
	o.Intel, o.LimitedIntel = engine.IntelDoubleBlind, true
	g := viewGame(t, o)
	// Hood at 0,0 sees 3 hexes; Wright and Buford at 5,0 are 5 off. Buford
	// (cavalry) sees 6: Hood's stack, not Hampton (10 off).
	lv, mv := viewOf(g, lee), viewOf(g, meade)
	if len(enemyCounters(lv)) != 0 {
		t.Errorf("Lee sees %+v, want nothing", enemyCounters(lv))
	}
	if !mv.Knows("csa.hood") || !mv.Knows("csa.mclaws") || mv.Knows("csa.hampton") || mv.Knows("csa.rodes") {
		t.Errorf("Meade knows %v, want Hood and McLaws (Buford's sight)", mv.Known())
	}
	// Buford rides off; Hood's stack was last seen at 0,0 on turn 1.
	g = viewMove(t, g, meade, "usa.buford", engine.Hex{Q: 9, R: 19})
	mv = viewOf(g, meade)
	if mv.Knows("csa.hood") {
		t.Errorf("Meade still sees Hood with no unit in sight")
	}
	var ghosts []engine.ViewCounter
	for _, c := range enemyCounters(mv) {
		if c.SeenTurn > 0 {
			ghosts = append(ghosts, c)
		}
	}
	if len(ghosts) != 2 || ghosts[0].Hex != (engine.Hex{}) || ghosts[0].SeenTurn != 1 {
		t.Fatalf("Meade's last-known counters %+v, want Hood and McLaws at 0,0 on turn 1", ghosts)
	}
	// Hood marches away unseen: the last-known place stays where he was.
	g = viewMove(t, g, lee, "csa.hood", engine.Hex{Q: -3, R: 0})
	mv = viewOf(g, meade)
	for _, c := range enemyCounters(mv) {
		if c.Unit == "csa.hood" && c.Hex != (engine.Hex{}) {
			t.Errorf("Meade learns where Hood went unseen: %+v", c)
		}
	}
	// Wright marches to where Hood was: the hex is watched and empty of
	// Hood, so his ghost goes; McLaws (still there) is seen.
	g = viewMove(t, g, meade, "usa.wright", engine.Hex{Q: 1, R: 0})
	mv = viewOf(g, meade)
	if !mv.Knows("csa.mclaws") {
		t.Errorf("Wright next to McLaws does not see him")
	}
	for _, c := range mv.Counters {
		if c.Unit == "csa.hood" {
			t.Errorf("Hood (3 hexes off Wright's hex... at -3,0) shows: %+v", c)
		}
	}
}

func TestViewDoubleBlindPerCommander(t *testing.T) {
	o := opts()
	o.Intel, o.LimitedIntel, o.Knowledge = engine.IntelDoubleBlind, true, engine.KnowledgeCommander
	g := viewGame(t, o)
	// Lee holds the 1st Corps (Hood, McLaws); Jeb the Cav and 2nd (Hampton,
	// Rodes). Lee does not see Hampton or Rodes, far off; Jeb sees his own.
	lv, jv := viewOf(g, lee), viewOf(g, jebA)
	if lv.Viewer.Kind != engine.ViewerCommander {
		t.Fatalf("Lee's viewer %+v", lv.Viewer)
	}
	if lv.Knows("csa.hampton") || lv.Knows("csa.rodes") || !lv.Knows("csa.hood") {
		t.Errorf("Lee knows %v", lv.Known())
	}
	if !jv.Knows("csa.hampton") || !jv.Knows("csa.rodes") || jv.Knows("csa.hood") {
		t.Errorf("Jeb knows %v", jv.Known())
	}
	// Hampton rides within 3 hexes of Hood: Lee sees him.
	g = viewMove(t, g, jebA, "csa.hampton", engine.Hex{Q: 0, R: 3})
	if lv = viewOf(g, lee); !lv.Knows("csa.hampton") {
		t.Errorf("Lee does not see Hampton 3 hexes off")
	}
	// Hampton rides off; while Lee's divisions still watch the hex, it is
	// empty of him and no ghost is drawn.
	g = viewMove(t, g, jebA, "csa.hampton", engine.Hex{Q: 0, R: 12})
	for _, c := range viewOf(g, lee).Counters {
		if c.Unit == "csa.hampton" {
			t.Errorf("Lee sees Hampton's ghost on a hex he watches: %+v", c)
		}
	}
	// Lee's divisions march off: where he last saw Hampton shows, turn 1.
	g = viewMove(t, g, lee, "csa.hood", engine.Hex{Q: 0, R: -5})
	g = viewMove(t, g, lee, "csa.mclaws", engine.Hex{Q: 0, R: -5})
	lv = viewOf(g, lee)
	found := false
	for _, c := range lv.Counters {
		if c.Unit == "csa.hampton" {
			found = c.SeenTurn == 1 && c.Hex == (engine.Hex{Q: 0, R: 3})
		}
	}
	if !found {
		t.Errorf("Lee's last-known Hampton missing: %+v", lv.Counters)
	}
}

func TestIntelOptionsChecked(t *testing.T) {
	for _, c := range []struct {
		mod  func(*engine.GameOptions)
		code string
	}{
		{func(o *engine.GameOptions) { o.Intel = "fog" }, "game.intelligence"},
		{func(o *engine.GameOptions) { o.Intel, o.LimitedIntel = engine.IntelOpen, true }, "game.intelligence"},
		{func(o *engine.GameOptions) { o.Knowledge = engine.KnowledgeCommander }, "game.knowledge"},
		{func(o *engine.GameOptions) { o.Knowledge = "army" }, "game.knowledge"},
		{func(o *engine.GameOptions) { o.Sighting = 4 }, "game.sighting"},
		{func(o *engine.GameOptions) { o.Intel, o.Sighting = engine.IntelDoubleBlind, 40 }, "game.sighting"},
	} {
		o := opts()
		c.mod(&o)
		_, err := Game{}.Decide(withRules(engine.NewGame{By: ump, Options: o}), engine.Script())
		var re *engine.RuleError
		if !errors.As(err, &re) || re.Code != c.code {
			t.Errorf("%+v: %v, want %s", o, err, c.code)
		}
	}
	o := opts()
	o.Intel, o.Sighting, o.Knowledge = engine.IntelDoubleBlind, 2, engine.KnowledgeCommander
	if _, err := (Game{}).Decide(withRules(engine.NewGame{By: ump, Options: o}), engine.Script()); err != nil {
		t.Errorf("a valid double-blind game is refused: %v", err)
	}
}
