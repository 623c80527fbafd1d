package lrtg

import (
	"maps"
	"testing"

	"github.com/umpire-games/umpire/engine"
)

// LRTA resupply range in Washington (issue 22, item 7): 004 Simplified
// Supply Rules put in range a Union unit "In county with RR station
// connected to Alexandria, Harrisburg, Baltimore or DC". The District of
// Columbia is on the map as a state with no county, so a unit in it was
// left to the player's word every turn (six hexes from the Baltimore
// Depot). On segment_test.go's invented theatre, with a District drawn
// round its White House, US Capitol and Baltimore Depot and a railroad
// from the Baltimore Depot to Frederick.
func lrtaDCTheatre() *engine.Theatre {
	t := segTestTheatre()
	for i := range t.Regions {
		if t.Regions[i].ID == "md.frederick" {
			t.Regions[i].Rings = [][]engine.Point{box(40, -19, 64, -1)}
		}
	}
	t.Regions = append(t.Regions, engine.Region{ID: "dc", Name: "District of Columbia", Kind: "state", Rings: [][]engine.Point{box(66, -8, 80, -2)}})
	t.Lines = append(t.Lines, engine.Line{ID: "washington", Kind: "railroad", Stops: []string{"Baltimore Depot", "Frederick"}, Hexes: []engine.Hex{at(74, -5), at(60, -10)}})
	return t
}

func lrtaDCStatus(t *testing.T, g Game, ctx engine.StepContext, id string) UnitSupply {
	t.Helper()
	g, _ = runLRTAStep(t, g, "5b", engine.Script(), ctx)
	st, ok := g.SupplyStatus(id)
	if !ok {
		t.Fatalf("%s has no status", id)
	}
	return st
}

func TestLRTAResupplyRangeInWashington(t *testing.T) {
	g, ctx := lrtaSegGame(t, 5)
	ctx.Move.Theatre = lrtaDCTheatre()
	g = moveTo(g, "usa.wright", at(72, -5)) // the US Capitol
	// A Union depot at the Baltimore Depot: in its county, the District.
	g.Places = maps.Clone(g.Places)
	g.Places["Baltimore Depot"] = PlaceState{Depot: engine.USA}
	if st := lrtaDCStatus(t, g, ctx, "usa.wright"); !st.InRange || !st.Sure || st.Code != StatusDepotCounty || st.Depot != "Baltimore Depot" {
		t.Errorf("at the Capitol with the Baltimore Depot: %+v", st)
	}
	// No depot anywhere: the District's station is DC's.
	bare := g
	bare.Places = map[string]PlaceState{}
	if st := lrtaDCStatus(t, bare, ctx, "usa.wright"); !st.InRange || !st.Sure || st.Code != StatusRailCity {
		t.Errorf("at the Capitol with no depot: %+v", st)
	}
	// Frederick's county has a station connected to DC (no depot needed;
	// Alexandria's station is destroyed, so DC is the only city reached).
	fred := moveTo(bare, "usa.wright", at(60, -12))
	fred.Places = map[string]PlaceState{"Alexandria": {Station: "destroyed"}}
	if st := lrtaDCStatus(t, fred, ctx, "usa.wright"); !st.InRange || !st.Sure || st.Code != StatusRailCity || st.Depot != "Baltimore Depot" {
		t.Errorf("in Frederick County by rail to DC: %+v", st)
	}
	// LRTG (13.2) asks for a depot at the rail's end, and has no such
	// District rule: unchanged.
	lg, lctx := segGame(t, opts(), 5)
	lctx.Move.Theatre = lrtaDCTheatre()
	lg = moveTo(lg, "usa.wright", at(72, -5))
	lg.Places = map[string]PlaceState{}
	lg, _ = runStep(t, lg, "5b", engine.Script(), lctx)
	if st, _ := lg.SupplyStatus("usa.wright"); st.InRange {
		t.Errorf("LRTG: %+v", st)
	}
}

// One source of truth (issue 22, item 7): the units /segment show lists
// out of range, and those awaiting the player's word, are the ones 5e
// counts out of resupply range (before, a unit left to the player's word
// was "Not in range: none" on /segment show and one of "1 divisions out
// of resupply range" at 5e).
func TestLRTASupplyRangesAreWhatResupplyCounts(t *testing.T) {
	g, ctx := lrtaSegGame(t, 15)
	g = passive(g, engine.CSA, engine.USA)
	g, _ = runLRTAStep(t, g, "5b", engine.Script(), ctx)
	for _, s := range []engine.Side{engine.CSA, engine.USA} {
		r := g.SupplyRanges(s)
		var opened *SegmentOpened
		_, evs := runLRTAStep(t, g, "5e", engine.Script(), ctx)
		for _, e := range evs {
			if o, ok := e.(*SegmentOpened); ok {
				opened = o
			}
		}
		told := opened.Told(s)
		if len(told) == 0 || told[0].Code != NoteLRTAResupply || told[0].N != r.CountedOut() {
			t.Errorf("%s: 5e counts %+v, the ranges %+v", s, told, r)
		}
		if s == engine.CSA && len(r.Awaiting) == 0 {
			t.Errorf("CSA: Heth's range is Lee's word: %+v", r)
		}
	}
}
