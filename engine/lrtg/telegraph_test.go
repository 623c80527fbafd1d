package lrtg_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
	"github.com/umpire-games/umpire/scenarios"
)

// LRTG 21.2 3) on the real map: Hooker at Stafford Court House, Reynolds at
// Alexandria, both on the Telegraph Road, far more than 10 hexes apart.
func TestUnionTelegraph(t *testing.T) {
	ts, err := scenarios.Theatres()
	if err != nil {
		t.Fatal(err)
	}
	th := ts["lrtg"]
	at := func(name string) engine.Hex {
		p := th.Place(name)
		if p == nil {
			t.Fatalf("no place %q", name)
		}
		return p.Hex
	}
	stafford, alexandria := at("Stafford Court House"), at("Alexandria")
	direct := engine.Distance(stafford, alexandria)
	if direct <= 10 {
		t.Fatalf("the test needs them more than 10 hexes apart: %d", direct)
	}
	g := cmGame(t, 1, 3)
	g.Units["usa.hooker"] = moved(g.Units["usa.hooker"], stafford)
	g.Units["usa.reynolds"] = moved(g.Units["usa.reynolds"], alexandria)
	d := &engine.MoveData{Theatre: th}
	pair := func(g engine.GameState) lrtg.CommsPair {
		t.Helper()
		for _, p := range lrtg.Of(g).CommsPairs(d) {
			if p.Has(cmHooker.ID, cmJohn.ID) {
				return p
			}
		}
		t.Fatal("no Union pair")
		return lrtg.CommsPair{}
	}
	p := pair(g)
	if p.Mode != lrtg.CommsVerbal || p.Telegraph || !strings.Contains(p.Why, "telegraph") {
		t.Fatalf("on the Telegraph Road: %+v", p)
	}
	if !slices.Contains(p.About, "usa.hooker") || !slices.Contains(p.About, "usa.reynolds") {
		t.Errorf("they may talk about %v, want both", p.About)
	}
	// A Confederate unit on the road between them cuts it: they write, and
	// the dispatch counts only the hexes off the wire on its way.
	var mid engine.Hex
	for _, l := range th.Lines {
		for i, s := range l.Stops {
			if l.ID == "telegraph-road" && s == "Stafford Court House" {
				seg := lrtg.HexLine(l.Hexes[i-1], l.Hexes[i])
				mid = seg[len(seg)/2]
			}
		}
	}
	cut := g
	cut.Units = map[string]engine.UnitState{}
	for k, v := range g.Units {
		cut.Units[k] = v
	}
	cut.Units["csa.ewell"] = moved(cut.Units["csa.ewell"], mid)
	p = pair(cut)
	if p.Mode != lrtg.CommsWritten {
		t.Fatalf("with the road cut: %+v", p)
	}
	if p.Hexes >= direct || !strings.Contains(p.Why, "rides connected rail") {
		t.Errorf("the dispatch counts %d hexes (direct %d): %s", p.Hexes, direct, p.Why)
	}
	// The Confederates have no telegraph: Lee and Ewell as far apart write.
	for _, q := range lrtg.Of(cut).CommsPairs(d) {
		if q.Side == engine.CSA && strings.Contains(q.Why, "telegraph") {
			t.Errorf("a Confederate pair by telegraph: %+v", q)
		}
	}
	// A damaged station cuts the rail: Hagerstown and Carlisle on the
	// Cumberland Valley Railroad talk until Chambersburg is damaged.
	cv := g
	cv.Units = map[string]engine.UnitState{}
	for k, v := range g.Units {
		cv.Units[k] = v
	}
	cv.Units["usa.hooker"] = moved(cv.Units["usa.hooker"], at("Hagerstown"))
	cv.Units["usa.reynolds"] = moved(cv.Units["usa.reynolds"], at("Carlisle"))
	if p := pair(cv); p.Mode != lrtg.CommsVerbal {
		t.Fatalf("along the Cumberland Valley: %+v", p)
	}
	cv = lrtg.With(cv, func(s *lrtg.State) { s.Places = map[string]lrtg.PlaceState{} })
	for k, v := range lrtg.Of(g).Places {
		cv = lrtg.With(cv, func(s *lrtg.State) { s.Places[k] = v })
	}
	cv = lrtg.With(cv, func(s *lrtg.State) { s.Places["Chambersburg"] = lrtg.PlaceState{Station: "damaged"} })
	if p := pair(cv); p.Mode != lrtg.CommsWritten {
		t.Errorf("with Chambersburg damaged: %+v", p)
	}
	// Without map data the umpire rules, as before.
	if q := func() lrtg.CommsPair {
		for _, x := range lrtg.Of(g).CommsPairs(&engine.MoveData{}) {
			if x.Has(cmHooker.ID, cmJohn.ID) {
				return x
			}
		}
		return lrtg.CommsPair{}
	}(); !q.Telegraph {
		t.Errorf("without the map: %+v", q)
	}
}

func moved(u engine.UnitState, h engine.Hex) engine.UnitState {
	u.Hex = h
	return u
}
