package lrtg

import (
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
)

// The supply segment tests play on a small invented theatre (at(x, y) as
// in move_test.go: column x, row y):
//
//	rows <= -20   Pennsylvania: Adams County (columns 0-80)
//	rows -19..-1  Maryland, north of the Potomac: Washington County
//	              (columns 0-38), Frederick County (40-80)
//	rows >= 0     Virginia: Frederick County (columns 0-38, rows 0-20),
//	              Clarke (-40..-2, 0-20), Warren (-40..-2, 21-38), Fauquier
//	              (40-80, 0-30), Rappahannock (40-80, 31-38), Orange (0-38,
//	              40-60)
//	railroad      Alexandria at(70,10) - Frederick at(60,-10) - Mid at(40,-10)
//	              - Hagerstown at(20,-10) - Gettysburg at(20,-30) (damaged)
//	depots        Union: Alexandria, Frederick, Winchester; Confederate:
//	              Culpeper at(60,28)
func segTestTheatre() *engine.Theatre {
	reg := func(id, kind, parent string, ring []engine.Point) engine.Region {
		return engine.Region{ID: id, Name: id, Kind: kind, Parent: parent, Rings: [][]engine.Point{ring}}
	}
	pl := func(name string, h engine.Hex, kinds ...string) engine.Place {
		return engine.Place{Name: name, Hex: h, Kinds: kinds}
	}
	return &engine.Theatre{
		ID: "segtest",
		Regions: []engine.Region{
			reg("north-of-potomac", "area", "", box(-200, -200, 200, -1)),
			reg("pa", "state", "", box(-200, -200, 200, -20)),
			reg("md", "state", "", box(-200, -19, 200, -1)),
			reg("va", "state", "", box(-200, 0, 200, 200)),
			reg("pa.adams", "county", "pa", box(0, -40, 80, -20)),
			reg("md.washington", "county", "md", box(0, -19, 38, -1)),
			reg("md.frederick", "county", "md", box(40, -19, 80, -1)),
			reg("va.frederick", "county", "va", box(0, 0, 38, 20)),
			reg("va.clarke", "county", "va", box(-40, 0, -2, 20)),
			reg("va.warren", "county", "va", box(-40, 21, -2, 38)),
			reg("va.fauquier", "county", "va", box(40, 0, 80, 30)),
			reg("va.rappahannock", "county", "va", box(40, 31, 80, 38)),
			reg("va.orange", "county", "va", box(0, 40, 38, 60)),
		},
		Places: []engine.Place{
			withValues(pl("Alexandria", at(70, 10), "depot", "rr-station"), map[string]int{"depot_victuals": 42, "depot_ammo": 14, "depot_vp": 14}),
			withValues(pl("Frederick", at(60, -10), "depot", "rr-station", "levy-town", "town"), map[string]int{"depot_victuals": 18, "depot_ammo": 6, "depot_vp": 6, "levy_victuals": 40}),
			pl("Mid", at(40, -10), "rr-station"),
			withValues(pl("Hagerstown", at(20, -10), "rr-station", "levy-town", "town"), map[string]int{"levy_victuals": 20, "levy_victuals_simplified": 3}),
			withValues(pl("Gettysburg", at(20, -30), "rr-station", "levy-town", "town"), map[string]int{"levy_victuals": 12, "levy_vp": 4}),
			withValues(pl("Winchester", at(10, 10), "rr-station", "depot", "csa-depot", "valley-control"), map[string]int{"depot_victuals": 18, "depot_ammo": 6, "depot_vp": 6}),
			pl("Front Royal", at(-10, 30), "valley-control"),
			withValues(pl("Berryville", at(-10, 10), "csa-depot"), map[string]int{"depot_victuals": 6, "depot_vp": -2}),
			withValues(pl("Culpeper", at(60, 28), "rr-station", "csa-depot"), map[string]int{"depot_victuals": 6, "depot_vp": -2}),
			pl("Williamsport", at(10, -1), "levy-town", "town", "potomac-control"),
			pl("Sharpsburg", at(14, -1), "levy-town", "town", "potomac-control"),
			pl("Naval Battery", at(18, -1), "potomac-control"),
			pl("Leesburg", at(30, 2), "rr-station", "potomac-control"),
			pl("White House", at(70, -5), "capitol"),
			pl("US Capitol", at(72, -5), "capitol"),
			pl("Baltimore Depot", at(74, -5), "depot", "rr-station"),
		},
		Lines: []engine.Line{{ID: "main", Kind: "railroad", Stops: []string{"Alexandria", "Frederick", "Mid", "Hagerstown", "Gettysburg"},
			Hexes: []engine.Hex{at(70, 10), at(60, -10), at(40, -10), at(20, -10), at(20, -30)}}},
	}
}

func withValues(p engine.Place, v map[string]int) engine.Place { p.Values = v; return p }

func segTestOOB() *engine.OrderOfBattle {
	u := func(id, name string, side engine.Side, kind, size, command string, mp int, h engine.Hex) engine.UnitSetup {
		return engine.UnitSetup{ID: id, Name: name, Side: side, Kind: engine.UnitKind(kind), Size: size, Command: command, Manpower: mp, OnMap: true, Hex: h}
	}
	return &engine.OrderOfBattle{
		Units: []engine.UnitSetup{
			u("csa.lee", "Lee", engine.CSA, "leader", "army", "ANV", 0, at(60, 28)),
			u("csa.hood", "Hood", engine.CSA, "infantry", "division", "1", 12, at(60, 27)),  // Fauquier, next to Culpeper
			u("csa.rodes", "Rodes", engine.CSA, "infantry", "division", "2", 8, at(20, 50)), // Orange County
			u("csa.heth", "Heth", engine.CSA, "infantry", "division", "3", 7, at(60, 33)),   // Rappahannock, 5 hexes from Culpeper
			u("csa.early", "Early", engine.CSA, "infantry", "division", "2", 7, at(20, -8)), // Washington County, Md.
			u("csa.hampton", "Hampton", engine.CSA, "cavalry", "brigade", "Cav", 4, at(150, 150)),
			u("usa.meade", "Meade", engine.USA, "leader", "army", "AoP", 0, at(70, 10)),
			u("usa.wright", "Wright", engine.USA, "infantry", "division", "VI", 9, at(70, 12)),           // Fauquier, with Alexandria
			u("usa.sykes", "Sykes", engine.USA, "infantry", "division", "V", 8, at(24, -14)),             // Washington County: Hagerstown by rail
			u("usa.reynolds", "Reynolds", engine.USA, "infantry", "division", "I", 7, at(24, -34)),       // Adams: Gettysburg cut off at Mid
			u("usa.buford", "Buford", engine.USA, "cavalry", "brigade", "Cav", 4, at(56, -8)),            // Frederick County, with the depot
			u("usa.kelley", "Kelley", engine.USA, "infantry", "brigade", "WV", 3, at(10, -1)),            // Williamsport
			u("usa.naglee", "Naglee", engine.USA, "infantry", "brigade", "HF", 4, at(14, -1)),            // Sharpsburg
			u("usa.tyler", "Tyler", engine.USA, "infantry", "brigade", "HF", 3, at(18, -1)),              // Naval Battery
			u("usa.cole", "Cole", engine.USA, "cavalry", "regiment", "HF", 3, at(30, 2)),                 // Leesburg: a regiment
			u("usa.milroy", "Milroy", engine.USA, "infantry", "brigade", "VIII", 5, at(10, 10)),          // Winchester
			u("usa.mcreynolds", "McReynolds", engine.USA, "infantry", "brigade", "VIII", 3, at(-10, 30)), // Front Royal
			u("usa.haupt", "Haupt", engine.USA, "infantry", "", "RR", 1, at(150, -150)),
		},
		Depots:  []engine.DepotSetup{{Side: engine.USA, Place: "Alexandria"}, {Side: engine.USA, Place: "Frederick"}, {Side: engine.USA, Place: "Winchester"}, {Side: engine.CSA, Place: "Culpeper"}},
		Damaged: []string{"Gettysburg"},
	}
}

// segGame is a started game at turn (June 3 is turn 1; June 30 turn 22).
func segGame(t *testing.T, o engine.GameOptions, turn int) (Game, engine.StepContext) {
	t.Helper()
	g := apply(t, Game{}, withRules(engine.NewGame{By: ump, Options: o}), engine.Script())
	g = apply(t, g, engine.JoinGame{By: lee, Side: engine.CSA}, engine.Script())
	g = apply(t, g, engine.JoinGame{By: meade, Side: engine.USA}, engine.Script())
	oob := segTestOOB()
	g = apply(t, g, engine.StartGame{By: ump, OOB: oob}, engine.Script())
	g.Turn = turn
	return g, engine.StepContext{Move: &engine.MoveData{Theatre: segTestTheatre(), OOB: oob}, Library: segTestLibrary()}
}

// The charts as scenarios/rules has them (000 13.5, 24.2, 24.4, VIII; the
// shipped copies are checked against the seeds in scenarios).
func segTestLibrary() *engine.Library {
	return &engine.Library{Charts: []*engine.Chart{
		{ID: "lrtg.forage", Rows: [][]string{
			{"1 level", "0", "0", "0", "1", "1", "2", "2", "3"},
			{"2 levels", "0", "0", "1", "2", "3", "4", "5", "6"},
			{"3 levels", "0", "1", "1", "3", "4", "6", "6", "6"},
			{"4 levels", "1", "1", "2", "4", "6", "6", "6", "6"},
		}},
		{ID: "lrtg.simplified-resupply", Rows: [][]string{
			{"17+ (of 19)", "8+ (of 9)", "6"}, {"14-16", "7", "5"}, {"11-13", "6", "4"}, {"9-10", "4-5", "3"},
			{"6-8", "3", "2"}, {"3-5", "2", "1"}, {"0-2", "0-1", "0"},
		}},
		{ID: "lrtg.simplified-forage", Rows: [][]string{{"-3", "0"}, {"-2", "2"}, {"-1", "4"}, {"0", "6"}}},
		{ID: "lrtg.victory-levels-high-tide", Rows: [][]string{
			{"210+", "Confederate Decisive"}, {"185-209", "Confederate Substantive"}, {"160-184", "Confederate Marginal"},
			{"150-159", "Union Marginal"}, {"140-149", "Union Substantive"}, {"Less than 140", "Union Decisive"},
		}},
		{ID: "lrtg.victory-levels-gettysburg-campaign", Rows: [][]string{
			{"250+", "Confederate Decisive"}, {"220-249", "Confederate Substantive"}, {"190-219", "Confederate Marginal"},
			{"180-189", "Union Marginal"}, {"150-179", "Union Substantive"}, {"Less than 150", "Union Decisive"},
		}},
	}}
}

func applyAll(g Game, evs []engine.Event) Game {
	for _, e := range evs {
		g = g.Apply(e)
	}
	return g
}

func runStep(t *testing.T, g Game, step string, d engine.Dice, ctx engine.StepContext) (Game, []engine.Event) {
	t.Helper()
	g.Sequence = engine.SequenceState{Step: step, Turn: g.Turn}
	evs, err := g.stepProcedureOf(step)(g, d, ctx)
	if err != nil {
		t.Fatalf("%s: %v", step, err)
	}
	return applyAll(g, evs), evs
}

func passive(g Game, ss ...engine.Side) Game {
	d := g.Declared
	d.Reveals = append(append([]int(nil), d.Reveals...), g.Turn)
	for _, s := range ss {
		d.Postures = append(append([]PostureRecord(nil), d.Postures...), PostureRecord{Turn: g.Turn, Side: s, Posture: PosturePassive})
	}
	g.Declared = d
	return g
}

func moveTo(g Game, id string, h engine.Hex) Game {
	g.Units = engine.CopyUnits(g.Units)
	u := g.Units[id]
	u.Hex = h
	g.Units[id] = u
	return g
}

func setUnit(g Game, id string, f func(*engine.UnitState)) Game {
	g.Units = engine.CopyUnits(g.Units)
	u := g.Units[id].WithStatus()
	f(&u)
	g.Units[id] = u
	return g
}

func wantErr(t *testing.T, err error, code string) {
	t.Helper()
	var re *engine.RuleError
	if !errors.As(err, &re) || re.Code != code {
		t.Fatalf("want %s, got %v", code, err)
	}
}

// 5b: the Supply Status Phase settles what the map data can (13.2) and
// waits for the side's word on the rest.
func TestSupplyStatusFromCountiesDepotsAndRails(t *testing.T) {
	g, ctx := segGame(t, opts(), 4)
	g, _ = runStep(t, g, "5b", engine.Script(), ctx)
	// Why is a code and its parameters (issue 20), no sentence.
	want := map[string]UnitSupply{
		"csa.hood":     {InRange: true, Sure: true, Code: StatusDepotCounty, Region: "va.fauquier", Depot: "Culpeper"},
		"csa.rodes":    {InRange: true, Sure: true, Code: StatusRegion, Region: "va.orange"},
		"csa.heth":     {Code: StatusNear, Hexes: 5, Depot: "Culpeper"},
		"csa.early":    {Sure: true, Code: StatusNone},
		"csa.hampton":  {Sure: true, Code: StatusNone},
		"usa.wright":   {InRange: true, Sure: true, Code: StatusDepotCounty, Region: "va.fauquier", Depot: "Alexandria"},
		"usa.sykes":    {InRange: true, Sure: true, Code: StatusRail, Region: "md.washington", Depot: "Alexandria"},
		"usa.reynolds": {Sure: true, Code: StatusNone},
		"usa.buford":   {InRange: true, Sure: true, Code: StatusDepotCounty, Region: "md.frederick", Depot: "Frederick"},
	}
	for id, w := range want {
		st, ok := g.SupplyStatus(id)
		w.Unit, w.Name, w.Side = st.Unit, st.Name, st.Side
		if !ok || st != w || st.Unit != id {
			t.Errorf("%s: %+v, want %+v", id, st, w)
		}
	}
	// Brigades keep no victuals under the normal rules (13.0): no status.
	if _, ok := g.SupplyStatus("usa.kelley"); ok {
		t.Error("a brigade has a supply status")
	}
	// The Confederates have a unit the map cannot settle; the Union none.
	if w := g.Waiting(); len(w) != 1 || !strings.Contains(w[0], "CSA's word") {
		t.Fatalf("waits: %v", w)
	}
	// Heth is the player's word; Hood is settled by the map.
	_, err := g.Decide(ClaimRange{By: lee, Units: []string{"csa.hood"}, InRange: false}, engine.Script())
	wantErr(t, err, "segment.range.sure")
	if !strings.Contains(err.Error(), "settled by the map: a CSA depot in its county (va.fauquier at Culpeper)") {
		t.Errorf("the refusal does not say why: %v", err)
	}
	_, err = g.Decide(ClaimRange{By: meade, Units: []string{"csa.heth"}, InRange: true}, engine.Script())
	if err == nil {
		t.Fatal("the Union spoke for a Confederate unit")
	}
	g = apply(t, g, ClaimRange{By: lee, Units: []string{"csa.heth"}, InRange: true}, engine.Script())
	if st, _ := g.SupplyStatus("csa.heth"); !st.InRange || st.Claimed != "Lee" {
		t.Fatalf("heth: %+v", st)
	}
	// A player finishes his own side's step only; an observer none.
	_, err = g.Decide(FinishStep{By: meade, Side: engine.CSA}, engine.Script())
	wantErr(t, err, "records.side")
	_, err = g.Decide(FinishStep{By: engine.Actor{ID: "observer", Name: "Observer"}}, engine.Script())
	wantErr(t, err, "game.player")
	g = apply(t, g, FinishStep{By: lee}, engine.Script())
	if w := g.Waiting(); len(w) != 0 {
		t.Fatalf("still waiting: %v", w)
	}
	_, err = g.Decide(FinishStep{By: meade}, engine.Script())
	wantErr(t, err, "segment.done")
	// Outside its step a claim is refused.
	g.Sequence.Step = "5c"
	_, err = g.Decide(ClaimRange{By: lee, Units: []string{"csa.heth"}, InRange: true}, engine.Script())
	wantErr(t, err, "segment.step")
}

// 13.2: the Union rail path may not cross a Confederate-controlled county;
// a depot occupied by the enemy serves no one.
func TestUnionRailSupplyBlockedByCountyControl(t *testing.T) {
	g, ctx := segGame(t, opts(), 4)
	g.Places = copyPlaces(g.Places)
	g.Places["Gettysburg"] = PlaceState{}
	if st := g.segStatusOf(ctx.Move.Theatre, g.Units["usa.reynolds"]); !st.InRange || st.Code != StatusRail || st.Region != "pa.adams" || st.Depot != "Alexandria" {
		t.Fatalf("reynolds with Mid repaired: %+v", st)
	}
	g.Victory.Counties = map[string][]int{"md.frederick-west": {g.Turn - 1}}
	if st := g.segStatusOf(ctx.Move.Theatre, g.Units["usa.reynolds"]); st.InRange {
		t.Fatalf("rail through a Confederate county: %+v", st)
	}
	g = moveTo(g, "csa.early", at(70, 10)) // on Alexandria's depot
	if st := g.segStatusOf(ctx.Move.Theatre, g.Units["usa.wright"]); st.InRange {
		t.Fatalf("supplied from an occupied depot: %+v", st)
	}
}

func copyPlaces(m map[string]PlaceState) map[string]PlaceState {
	out := map[string]PlaceState{}
	for k, v := range m {
		out[k] = v
	}
	return out
}

// 5c: Union brigades or divisions of 3+ manpower on all four Potomac
// hexes, both Valley hexes (13.3); a regiment does not count.
func TestRiverControl(t *testing.T) {
	g, ctx := segGame(t, opts(), 4)
	g, evs := runStep(t, g, "5c", engine.Script(), ctx)
	rc := evs[0].(*RiversControlled)
	if rc.Potomac || !rc.Shenandoah || rc.Held["Leesburg"] != "" || rc.Held["Williamsport"] != "Kelley" {
		t.Fatalf("rivers: %+v", rc)
	}
	g = moveTo(g, "usa.wright", at(30, 2))
	g, evs = runStep(t, g, "5c", engine.Script(), ctx)
	if rc := evs[0].(*RiversControlled); !rc.Potomac || !g.Segment.Rivers.Potomac {
		t.Fatalf("with Wright at Leesburg: %+v", rc)
	}
	g = setUnit(g, "usa.tyler", func(u *engine.UnitState) { u.Manpower = 2 })
	if _, evs = runStep(t, g, "5c", engine.Script(), ctx); evs[0].(*RiversControlled).Potomac {
		t.Fatal("a brigade of 2 manpower holds Naval Battery")
	}
	// The umpire rules on what the state does not hold (a pontoon bridge).
	_, err := g.Decide(SetRivers{By: ump, Potomac: false, Shenandoah: true}, engine.Script())
	wantErr(t, err, "segment.rivers.reason")
	g = apply(t, g, SetRivers{By: ump, Potomac: false, Shenandoah: true, Reason: "Confederate pontoon bridge at Falling Waters"}, engine.Script())
	if r := g.Segment.Rivers; r.Potomac || !r.Shenandoah || r.Ruling == "" {
		t.Fatalf("ruling: %+v", r)
	}
}

// 5d and 5e under the normal rules: units at fatigue 0 in resupply range
// spend nothing, the others one victual (13.4); a passive side's units in
// range fill up (13.5), the operational side's do not.
func TestExpenditureAndResupply(t *testing.T) {
	g, ctx := segGame(t, opts(), 4)
	g = setUnit(g, "csa.hood", func(u *engine.UnitState) { u.Fatigue = 1 })
	g.Records.Victuals = map[string]int{"csa.rodes": 3, "usa.reynolds": 1, "usa.wright": 5}
	g, _ = runStep(t, g, "5b", engine.Script(), ctx)
	g, evs := runStep(t, g, "5d", engine.Script(), ctx)
	if len(evs) != 2 {
		t.Fatalf("expenditure events: %d", len(evs))
	}
	want := map[string]int{"csa.hood": 5, "csa.rodes": 3, "csa.heth": 5, "csa.early": 5, "csa.hampton": 5,
		"usa.wright": 5, "usa.sykes": 7, "usa.reynolds": 0, "usa.buford": 7}
	for id, v := range want {
		if got := g.Victuals(g.Units[id]); got != v {
			t.Errorf("%s after expenditure: %d victuals, want %d", id, got, v)
		}
	}
	g = passive(g, engine.USA)
	g, evs = runStep(t, g, "5e", engine.Script(), ctx)
	adj := evs[0].(*SupplyAdjusted)
	if adj.Side != engine.USA || len(adj.Units) != 1 || adj.Units[0].Unit != "usa.wright" || adj.Units[0].To != 7 {
		t.Fatalf("resupply: %+v", adj)
	}
	if g.Victuals(g.Units["csa.rodes"]) != 3 {
		t.Fatal("an operational side was resupplied")
	}
	if w := g.Waiting(); len(w) != 1 || !strings.Contains(w[0], "USA's foraging") {
		t.Fatalf("5e waits: %v", w)
	}
	// 5f: Reynolds has no victuals: disorganized; next turn, disorganized
	// at fatigue 3, he loses a manpower point (13.6).
	g, evs = runStep(t, g, "5f", engine.Script(), ctx)
	eff := evs[0].(*SupplyEffectsApplied)
	if len(eff.Units) != 1 || eff.Units[0].Unit != "usa.reynolds" || !eff.Units[0].Disorganize {
		t.Fatalf("effects: %+v", eff.Units)
	}
	if u := g.Units["usa.reynolds"].WithStatus(); !u.Status.Disorganized || u.Manpower != 7 {
		t.Fatalf("reynolds: %+v", u)
	}
	g = setUnit(g, "usa.reynolds", func(u *engine.UnitState) { u.Fatigue = 3 })
	g, _ = runStep(t, g, "5f", engine.Script(), ctx)
	if u := g.Units["usa.reynolds"]; u.Manpower != 6 {
		t.Fatalf("reynolds manpower: %d", u.Manpower)
	}
	// He may not reorganize (13.6); others at F0/F1 do.
	g = setUnit(g, "usa.reynolds", func(u *engine.UnitState) { u.Fatigue = 1 })
	g, evs = runStep(t, g, "6", engine.Script(), ctx)
	rec := evs[0].(*UnitsRecovered)
	for _, r := range rec.Units {
		if r.Unit == "usa.reynolds" && (r.Reorganized || r.NoReorganizing != "no victuals (13.6)") {
			t.Fatalf("reynolds recovers: %+v", r)
		}
	}
	if !g.Units["usa.reynolds"].WithStatus().Status.Disorganized {
		t.Fatal("an unsupplied unit reorganized")
	}
}

// 13.5: a passive unit out of resupply range forages: the county's value,
// Confederate modifiers north of the Potomac, the forage table.
func TestForageNormal(t *testing.T) {
	g, ctx := segGame(t, opts(), 20)
	g.Victory.CrossedTurn = 6 // turn 20 is the 15th turn north of the Potomac
	g.Records.Victuals = map[string]int{"csa.early": 1}
	g = passive(g, engine.CSA)
	g, _ = runStep(t, g, "5b", engine.Script(), ctx)
	g, _ = runStep(t, g, "5c", engine.Script(), ctx) // the Union holds the Valley, not the Potomac
	g, _ = runStep(t, g, "5e", engine.Script(), ctx)
	ch := ctx.Library.Chart("lrtg.forage")
	cmd := Forage{By: lee, Unit: "csa.early", Levels: 2, Value: 4, Chart: ch, Map: ctx.Move.Theatre, Sizes: engine.SizesOf(ctx.Move.OOB)}
	evs, err := g.Decide(cmd, engine.Script())
	if err != nil {
		t.Fatal(err)
	}
	f := evs[0].(*UnitForaged)
	// 4 -1 (Valley) -1 (15 turns north) = 2; two levels at 2: 2 victuals.
	if f.Modified != 2 || f.Gained != 2 || f.Victuals.To != 3 || f.Fatigue.To != 2 || len(f.Modifiers) != 0 ||
		!reflect.DeepEqual(f.Mods, []ForageMod{{Code: ForageRiverShenandoah, Value: -1}, {Code: ForageCrossed, Value: -1, N: 15, From: 15}}) {
		t.Fatalf("forage: %+v", f)
	}
	g = applyAll(g, evs)
	if u := g.Units["csa.early"]; u.Fatigue != 2 || g.Victuals(u) != 3 {
		t.Fatalf("early: fatigue %d victuals %d", u.Fatigue, g.Victuals(u))
	}
	_, err = g.Decide(cmd, engine.Script())
	wantErr(t, err, "segment.forage.twice")
	cmd.Unit = "csa.hood" // in resupply range
	_, err = g.Decide(cmd, engine.Script())
	wantErr(t, err, "segment.forage.range")
	// A value below the table reads as -1; 4 levels there give 1.
	cmd.Unit, cmd.Levels, cmd.Value = "csa.hampton", 4, -3
	evs, err = g.Decide(cmd, engine.Script())
	if err != nil || evs[0].(*UnitForaged).Gained != 1 {
		t.Fatalf("forage below the table: %+v %v", evs, err)
	}
	// Issue 22: 4 levels for the one victual a unit at 5 lacks; 1 level
	// at value 3 gives it already (the first row's cell), and the event
	// says so. Early's 2 levels above were all needed (Enough 0).
	if f.Enough != 0 {
		t.Errorf("early's forage: enough %d", f.Enough)
	}
	full := g
	full.Records.Victuals = map[string]int{"csa.early": 3, "csa.hampton": 5}
	cmd.Unit, cmd.Levels, cmd.Value = "csa.hampton", 4, 3
	evs, err = full.Decide(cmd, engine.Script())
	if err != nil {
		t.Fatal(err)
	}
	if f := evs[0].(*UnitForaged); f.Gained != 6 || f.Victuals.From != 5 || f.Victuals.To != 6 || f.Enough != 1 {
		t.Fatalf("forage for one victual: %+v", f)
	}
	// The operational Union does not forage.
	_, err = g.Decide(Forage{By: meade, Unit: "usa.reynolds", Levels: 1, Value: 3, Chart: ch, Map: ctx.Move.Theatre, Sizes: engine.SizesOf(ctx.Move.OOB)}, engine.Script())
	wantErr(t, err, "segment.passive")
}

// 13.1 / 13.8: victuals drawn from a levied town or captured depot by
// units in its county or within six hexes (the latter on the player's
// word); a depot victual feeds a brigade twice.
func TestDrawVictuals(t *testing.T) {
	g, ctx := segGame(t, opts(), 5)
	th := ctx.Move.Theatre
	g.Places = copyPlaces(g.Places)
	g.Places["Hagerstown"] = PlaceState{Levied: true, Station: g.Places["Hagerstown"].Station}
	g.Records.Victuals = map[string]int{"csa.early": 0, "csa.hampton": 1}
	g = moveTo(g, "csa.hampton", at(30, -10)) // Washington County too
	g = passive(g, engine.CSA)
	g, _ = runStep(t, g, "5b", engine.Script(), ctx)
	g.Sequence.Step = "5e"
	store := *th.Place("Hagerstown")
	evs, err := g.Decide(DrawVictuals{By: lee, Store: store, Units: []string{"csa.early", "csa.hampton"}, Map: th, Sizes: engine.SizesOf(ctx.Move.OOB)}, engine.Script())
	if err != nil {
		t.Fatal(err)
	}
	d := evs[0].(*VictualsDrawn)
	if d.Store.From != 20 || d.Store.To != 9 || len(d.Units) != 2 || d.Units[0].To != 6 || d.Units[1].To != 6 {
		t.Fatalf("draw: %+v", d)
	}
	g = applyAll(g, evs)
	if left, _ := g.StoreVictuals(store); left != 9 {
		t.Fatalf("Hagerstown holds %d", left)
	}
	// Frederick's depot captured by the Confederates: Hampton (a brigade)
	// 3 hexes away draws 5 victuals for 3 of the depot's.
	g.Places["Frederick"] = PlaceState{Depot: engine.USA, Captured: engine.CSA}
	g = setUnit(g, "csa.hampton", func(u *engine.UnitState) { u.Hex = at(60, -7) })
	g.Records.Victuals = map[string]int{"csa.hampton": 1, "csa.early": 6}
	fred := *th.Place("Frederick")
	evs, err = g.Decide(DrawVictuals{By: lee, Store: fred, Units: []string{"csa.hampton"}, Map: th, Sizes: engine.SizesOf(ctx.Move.OOB)}, engine.Script())
	if err != nil {
		t.Fatal(err)
	}
	if d := evs[0].(*VictualsDrawn); d.Store.From != 18 || d.Store.To != 15 || d.Units[0].To != 6 || len(d.Unchecked) != 0 {
		t.Fatalf("depot draw: %+v", d)
	}
	// Early is 40 hexes from Frederick and in another county.
	g.Records.Victuals = map[string]int{"csa.early": 2}
	_, err = g.Decide(DrawVictuals{By: lee, Store: fred, Units: []string{"csa.early"}, Map: th, Sizes: engine.SizesOf(ctx.Move.OOB)}, engine.Script())
	wantErr(t, err, "segment.draw.far")
}

// Simplified Supply: -1 a turn (24.1), resupply by divisions in range
// (24.2), forage by fatigue kept (24.4), effects at 0 (24.6) with the small
// units' roll, and the Recovery Phase keeping the fatigue.
func TestSimplifiedSupplySegment(t *testing.T) {
	o := opts()
	o.Supply = "simplified"
	g, ctx := segGame(t, o, 20)
	g.Records.Track = map[engine.Side]int{engine.CSA: 1, engine.USA: 7}
	g = passive(g, engine.CSA)
	g, _ = runStep(t, g, "5b", engine.Script(), ctx)
	if st, ok := g.SupplyStatus("csa.hampton"); ok {
		t.Fatalf("a brigade counts for 24.2: %+v", st)
	}
	g, _ = runStep(t, g, "5c", engine.Script(), ctx)
	g, _ = runStep(t, g, "5d", engine.Script(), ctx)
	if g.SupplyLevel(engine.CSA) != 0 || g.SupplyLevel(engine.USA) != 6 {
		t.Fatalf("after 24.1: %d %d", g.SupplyLevel(engine.CSA), g.SupplyLevel(engine.USA))
	}
	// Hood (county depot) and Rodes (Orange) are in range, Heth on Lee's
	// word, Early by a victual of levied Hagerstown in his county (24.3): 4
	// divisions, 3 victuals (24.2).
	g.Sequence.Step = "5b"
	g = apply(t, g, ClaimRange{By: lee, Units: []string{"csa.heth"}, InRange: true}, engine.Script())
	th := ctx.Move.Theatre
	_, err := g.Decide(ClaimRange{By: lee, Units: []string{"csa.early"}, InRange: true, Store: th.Place("Hagerstown"), Map: th}, engine.Script())
	wantErr(t, err, "segment.range.store") // not levied yet
	g.Places = copyPlaces(g.Places)
	g.Places["Hagerstown"] = PlaceState{Levied: true}
	_, err = g.Decide(ClaimRange{By: lee, Units: []string{"csa.hood"}, InRange: true, Store: th.Place("Hagerstown"), Map: th}, engine.Script())
	wantErr(t, err, "segment.range.county")
	g = apply(t, g, ClaimRange{By: lee, Units: []string{"csa.early"}, InRange: true, Store: th.Place("Hagerstown"), Map: th}, engine.Script())
	if left, _ := g.StoreVictuals(*th.Place("Hagerstown")); left != 2 {
		t.Fatalf("Hagerstown holds %d", left)
	}
	g, evs := runStep(t, g, "5e", engine.Script(), ctx)
	if adj := evs[0].(*SupplyAdjusted); adj.Side != engine.CSA || adj.Delta != 3 || adj.Track.To != 3 {
		t.Fatalf("resupply: %+v", evs[0])
	}
	// Foraging: keep 2 fatigue: 4 victuals, -1 for the Valley (Union).
	ch := ctx.Library.Chart("lrtg.simplified-forage")
	evs, err = g.Decide(Forage{By: lee, Side: engine.CSA, Levels: 2, Chart: ch, Map: ctx.Move.Theatre}, engine.Script())
	if err != nil {
		t.Fatal(err)
	}
	if f := evs[0].(*UnitForaged); f.Gained != 3 || f.Victuals.From != 3 || f.Victuals.To != 6 {
		t.Fatalf("forage: %+v", f)
	}
	g = applyAll(g, evs)
	// Effects: the Union at 6 has none; set the Confederates to 0.
	g.Records.Track = map[engine.Side]int{engine.CSA: 0, engine.USA: 6}
	g = setUnit(g, "csa.early", func(u *engine.UnitState) { u.Fatigue = 4 })
	g = setUnit(g, "csa.hood", func(u *engine.UnitState) { u.Fatigue = 4 })
	g = setUnit(g, "csa.hampton", func(u *engine.UnitState) { u.Fatigue = 4 })
	// Hampton (4 MP) rolls: 5 > 4, no loss. Early (7 MP) loses 1 without
	// a roll. Hood is next to the Culpeper depot: spared (24.6 *).
	g, evs = runStep(t, g, "5f", engine.Script(5), ctx)
	var eff *SupplyEffectsApplied
	for _, e := range evs {
		if x, ok := e.(*SupplyEffectsApplied); ok {
			eff = x
		}
	}
	if eff.DRM[engine.CSA] != 2 || eff.DRM[engine.USA] != 0 || eff.Levels[engine.CSA] != 0 {
		t.Fatalf("effects: %+v", eff)
	}
	if u := g.Units["csa.early"].WithStatus(); u.Manpower != 6 || !u.Status.Disorganized {
		t.Fatalf("early: %+v", u)
	}
	if u := g.Units["csa.hampton"].WithStatus(); u.Manpower != 4 || !u.Status.Disorganized {
		t.Fatalf("hampton: %+v", u)
	}
	if u := g.Units["csa.hood"].WithStatus(); u.Manpower != 12 || u.Status.Disorganized {
		t.Fatalf("hood spared: %+v", u)
	}
	g.Turn++
	if g.SupplyDisorganizationDRM(engine.CSA) != 2 {
		t.Fatal("next turn's disorganization modifier")
	}
	g.Turn--
	// Recovery: the Confederates keep 2 of the 3 levels; at 0 none
	// reorganizes (24.6).
	g, _ = runStep(t, g, "6", engine.Script(), ctx)
	if u := g.Units["csa.early"].WithStatus(); u.Fatigue != 3 || !u.Status.Disorganized || !u.Status.Exhausted {
		t.Fatalf("early after recovery: %+v", u)
	}
}

// 24.2: the resupply table by divisions in range.
func TestSimplifiedResupplyTable(t *testing.T) {
	ch := segTestLibrary().Chart("lrtg.simplified-resupply")
	for _, c := range []struct {
		s    engine.Side
		n, v int
	}{{engine.USA, 19, 6}, {engine.USA, 17, 6}, {engine.USA, 16, 5}, {engine.USA, 9, 3}, {engine.USA, 2, 0}, {engine.CSA, 9, 6}, {engine.CSA, 7, 5}, {engine.CSA, 4, 3}, {engine.CSA, 5, 3}, {engine.CSA, 3, 2}, {engine.CSA, 1, 0}} {
		if v, err := SimplifiedResupply(ch, c.s, c.n); err != nil || v != c.v {
			t.Errorf("%s %d divisions: %d %v, want %d", c.s, c.n, v, err, c.v)
		}
	}
}

// 13.7: one attempt a turn; 1 or less repairs; -1 Haupt, -1 per earlier
// attempt.
func TestRailroadRepair(t *testing.T) {
	g, ctx := segGame(t, opts(), 4)
	th := ctx.Move.Theatre
	gb := *th.Place("Gettysburg")
	g, _ = runStep(t, g, "5g", engine.Script(), ctx)
	if w := g.Waiting(); len(w) != 0 {
		t.Fatalf("no Union unit near Gettysburg, yet waits: %v", w)
	}
	_, err := g.Decide(AttemptRepair{By: meade, Station: gb}, engine.Script(1))
	wantErr(t, err, "segment.repair.unit")
	g = moveTo(g, "usa.reynolds", at(20, -29))
	g, _ = runStep(t, g, "5g", engine.Script(), ctx)
	if w := g.Waiting(); len(w) != 1 {
		t.Fatalf("waits: %v", w)
	}
	_, err = g.Decide(AttemptRepair{By: lee, Station: gb}, engine.Script(1))
	wantErr(t, err, "segment.repair.side")
	g = apply(t, g, AttemptRepair{By: meade, Station: gb}, engine.Script(3))
	if g.Places["Gettysburg"].Station != "damaged" || g.Segment.Repairs["Gettysburg"] != 1 || len(g.Waiting()) != 0 {
		t.Fatalf("after a 3: %+v %v", g.Places["Gettysburg"], g.Segment.Repairs)
	}
	_, err = g.Decide(AttemptRepair{By: meade, Station: gb}, engine.Script(1))
	wantErr(t, err, "segment.repair.twice")
	// Next turn, with Haupt next to it: 3 -1 -1 = 1: repaired.
	g.Turn++
	g = moveTo(g, "usa.haupt", at(20, -31))
	g, _ = runStep(t, g, "5g", engine.Script(), ctx)
	evs, err := g.Decide(AttemptRepair{By: meade, Station: gb}, engine.Script(3))
	if err != nil {
		t.Fatal(err)
	}
	r := evs[1].(*RepairAttempted)
	if r.Die != 3 || r.Total != 1 || !r.Repaired || len(r.Modifiers) != 2 || evs[0].(*engine.DiceRolled).Number != g.Rolls+1 {
		t.Fatalf("repair: %+v", r)
	}
	g = applyAll(g, evs)
	if g.Places["Gettysburg"].Station != "" {
		t.Fatal("Gettysburg is still damaged")
	}
	// A Confederate unit next to a damaged station stops the attempt.
	g.Places = copyPlaces(g.Places)
	g.Places["Hagerstown"] = PlaceState{Station: "damaged"}
	g.Turn++
	g = moveTo(g, "usa.sykes", at(20, -11))
	g = moveTo(g, "csa.early", at(20, -9))
	g, _ = runStep(t, g, "5g", engine.Script(), ctx)
	_, err = g.Decide(AttemptRepair{By: meade, Station: *th.Place("Hagerstown")}, engine.Script(1))
	wantErr(t, err, "segment.repair.enemy")
}

// 13.8: a passive side schedules one depot at a time; it is dismantled
// five turns later (four if passive again), built seven turns later on a
// connected station, and the Confederates may place Winchester's depot
// once the Union's there is gone and no Union infantry is in the county.
func TestDepotSchedules(t *testing.T) {
	g, ctx := segGame(t, opts(), 10)
	th := ctx.Move.Theatre
	g.Sequence = engine.SequenceState{Step: "5h", Turn: g.Turn}
	_, err := g.Decide(ScheduleDepot{By: meade, Action: DepotDismantle, Place: *th.Place("Winchester"), Map: th}, engine.Script())
	wantErr(t, err, "segment.passive")
	g = passive(g, engine.USA)
	g = apply(t, g, ScheduleDepot{By: meade, Action: DepotDismantle, Place: *th.Place("Winchester"), Map: th}, engine.Script())
	if s := g.PendingSchedules(engine.USA); len(s) != 1 || s[0].Due != 15 {
		t.Fatalf("schedule: %+v", s)
	}
	_, err = g.Decide(ScheduleDepot{By: meade, Action: DepotConstruct, Place: *th.Place("Hagerstown"), Map: th}, engine.Script())
	wantErr(t, err, "segment.depot.one")
	// Turn 12, passive again: one turn less (due 14).
	g.Turn = 12
	g = passive(g, engine.USA)
	g, _ = runStep(t, g, "5h", engine.Script(), ctx)
	if s := g.PendingSchedules(engine.USA); len(s) != 1 || s[0].Due != 14 {
		t.Fatalf("hastened: %+v", s)
	}
	g.Turn = 14
	g, _ = runStep(t, g, "5h", engine.Script(), ctx)
	if ps := g.Places["Winchester"]; ps.Depot != "" || len(g.PendingSchedules(engine.USA)) != 0 {
		t.Fatalf("Winchester after dismantling: %+v", ps)
	}
	// The Confederates place a depot at Winchester once Milroy leaves
	// Frederick County.
	_, err = g.Decide(ScheduleDepot{By: lee, Action: DepotPlace, Place: *th.Place("Winchester"), Map: th}, engine.Script())
	wantErr(t, err, "segment.depot.union")
	g = moveTo(g, "usa.milroy", at(150, -150))
	g, _ = runStep(t, g, "5h", engine.Script(), ctx)
	if w := g.Waiting(); len(w) != 1 || !strings.Contains(w[0], "CSA's depot placement") {
		t.Fatalf("waits: %v", w)
	}
	g = apply(t, g, ScheduleDepot{By: lee, Action: DepotPlace, Place: *th.Place("Winchester"), Map: th}, engine.Script())
	if g.Places["Winchester"].Depot != engine.CSA {
		t.Fatal("no Confederate depot at Winchester")
	}
	// Union construction: Hagerstown station cut off by a damaged Mid is
	// still a Maryland town that may be levied: 12 turns (7 if connected).
	g.Places = copyPlaces(g.Places)
	g.Places["Mid"] = PlaceState{Station: "damaged"}
	g = passive(g, engine.USA)
	g = apply(t, g, ScheduleDepot{By: meade, Action: DepotConstruct, Place: *th.Place("Hagerstown"), Map: th}, engine.Script())
	if s := g.PendingSchedules(engine.USA); len(s) != 1 || s[0].Due != 26 || s[0].Rail {
		t.Fatalf("construction: %+v", s)
	}
	g.Turn = 26
	g, _ = runStep(t, g, "5h", engine.Script(), ctx)
	if g.Places["Hagerstown"].Depot != engine.USA {
		t.Fatal("the depot was not built")
	}
}

// 19.5-19.6: divisions in a captured depot's county draw its ammunition.
func TestAmmunitionDistribution(t *testing.T) {
	o := opts()
	o.Optional = []int{19}
	g, ctx := segGame(t, o, 8)
	th := ctx.Move.Theatre
	g.Places = copyPlaces(g.Places)
	g.Places["Frederick"] = PlaceState{Depot: engine.USA, Captured: engine.CSA}
	g = setUnit(g, "csa.early", func(u *engine.UnitState) { u.Hex, u.Status.Ammo = at(50, -10), 3 })
	g = setUnit(g, "csa.heth", func(u *engine.UnitState) { u.Hex, u.Status.Ammo = at(52, -12), 2 })
	g, _ = runStep(t, g, "5i", engine.Script(), ctx)
	if w := g.Waiting(); len(w) != 1 {
		t.Fatalf("waits: %v", w)
	}
	evs, err := g.Decide(DrawAmmo{By: lee, Depot: *th.Place("Frederick"), Units: []string{"csa.early", "csa.heth"}, Map: th}, engine.Script())
	if err != nil {
		t.Fatal(err)
	}
	a := evs[0].(*AmmoDrawn)
	if a.From != 6 || a.To != 1 || a.Units[0].To != 0 || a.Units[1].To != 0 {
		t.Fatalf("ammo: %+v", a)
	}
	g = applyAll(g, evs)
	if left, _, _ := g.StoreAmmo(*th.Place("Frederick")); left != 1 || g.Units["csa.early"].Status.Ammo != 0 {
		t.Fatalf("left %d", left)
	}
	_, err = g.Decide(DrawAmmo{By: lee, Depot: *th.Place("Frederick"), Units: []string{"csa.hood"}, Map: th}, engine.Script())
	wantErr(t, err, "segment.ammo.county")
	g = apply(t, g, FinishStep{By: lee}, engine.Script())
	if len(g.Waiting()) != 0 {
		t.Fatal("still waiting")
	}
}

// 6: fatigue -3, reorganization and demoralization at F0/F1, exhaustion
// recovered at F0/F1 and added at F3/F4; stragglers rolled for on a
// passive turn (optional rule 30).
func TestRecovery(t *testing.T) {
	o := opts()
	o.Optional = []int{30}
	g, ctx := segGame(t, o, 6)
	g = setUnit(g, "csa.hood", func(u *engine.UnitState) { u.Fatigue, u.Status.Disorganized, u.Status.Demoralization = 1, true, 2 })
	g = setUnit(g, "csa.rodes", func(u *engine.UnitState) { u.Fatigue, u.Status.Exhausted = 0, true })
	g = setUnit(g, "csa.heth", func(u *engine.UnitState) { u.Fatigue, u.Status.Disorganized = 3, true })
	g = setUnit(g, "usa.wright", func(u *engine.UnitState) { u.Fatigue, u.Manpower = 4, 7 })
	g = apply(t, g, RecordStragglers{By: meade, Unit: "usa.wright", MP: 3}, engine.Script())
	g = apply(t, g, RecordStragglers{By: lee, Unit: "csa.hood", MP: 1}, engine.Script())
	g = passive(g, engine.USA)
	// Wright's three stragglers: 1 (lost, +2 VP), 3 (kept), 6 (restored).
	g, evs := runStep(t, g, "6", engine.Script(1, 3, 6), ctx)
	if len(evs) != 2 {
		t.Fatalf("events: %d", len(evs))
	}
	hood, rodes, heth, wright := g.Units["csa.hood"].WithStatus(), g.Units["csa.rodes"].WithStatus(), g.Units["csa.heth"].WithStatus(), g.Units["usa.wright"].WithStatus()
	if hood.Fatigue != 0 || hood.Status.Disorganized || hood.Status.Demoralization != 0 {
		t.Errorf("hood: %+v", hood)
	}
	if rodes.Status.Exhausted {
		t.Errorf("rodes: %+v", rodes)
	}
	if heth.Fatigue != 0 || !heth.Status.Disorganized || !heth.Status.Exhausted {
		t.Errorf("heth: %+v", heth)
	}
	if wright.Fatigue != 1 || !wright.Status.Exhausted || wright.Manpower != 8 {
		t.Errorf("wright: %+v", wright)
	}
	if g.Segment.Stragglers["usa.wright"] != 1 || g.Segment.Stragglers["csa.hood"] != 1 || g.Losses.AoP != 1 {
		t.Errorf("stragglers %v losses %+v", g.Segment.Stragglers, g.Losses)
	}
	if by, _ := g.VPTotals(); by["manpower"] != 2 {
		t.Errorf("VP: %v", by)
	}
}

// 7: the step waits for the Confederates' claims when a county could be
// theirs (or always with limited intelligence: the wait would tell).
func TestCountyControlWait(t *testing.T) {
	g, ctx := segGame(t, opts(), 8)
	g, evs := runStep(t, g, "7", engine.Script(), ctx)
	if len(g.Waiting()) != 0 {
		t.Fatalf("waits with no Confederates north: %v", g.Waiting())
	}
	// Washington County scores nothing (000 VII 1): no wait for it.
	g = setUnit(g, "csa.hood", func(u *engine.UnitState) { u.Hex = at(20, -12) })
	g, _ = runStep(t, g, "7", engine.Script(), ctx)
	if len(g.Waiting()) != 0 {
		t.Fatalf("waits for a county that scores nothing: %v", g.Waiting())
	}
	g = setUnit(g, "csa.hood", func(u *engine.UnitState) { u.Hex = at(60, -12) }) // 12 MP in Frederick County
	g, evs = runStep(t, g, "7", engine.Script(), ctx)
	if w := g.Waiting(); len(w) != 1 || !strings.Contains(w[0], "/vp action:county") {
		t.Fatalf("waits: %v", w)
	}
	if o, n := evs[0].(*SegmentOpened), evs[0].(*SegmentOpened).Told(engine.CSA); len(n) != 1 || n[0].Code != NoteCountyCan || n[0].N != CountyMP || !slices.Contains(n[0].Names, "md.frederick") || len(o.Told(engine.USA)) != 0 {
		t.Fatalf("secret: %+v", o.Notes)
	}
	g = apply(t, g, FinishStep{By: lee}, engine.Script())
	if len(g.Waiting()) != 0 {
		t.Fatal("still waiting")
	}
	o := opts()
	o.LimitedIntel = true
	g2, ctx2 := segGame(t, o, 8)
	g2, _ = runStep(t, g2, "7", engine.Script(), ctx2)
	if len(g2.Waiting()) != 1 {
		t.Fatal("limited intelligence: the wait must not tell")
	}
}

// 8: the game ends when no Confederate infantry is north of the Potomac on
// or after June 30, with the scenario's victory level.
func TestVictoryCheckPotomacEndAndLevels(t *testing.T) {
	for _, c := range []struct {
		scenario string
		vp       int
		level    int
		name     string
	}{
		{"lrtg-high-tide", 210, ConfederateDecisive, "Confederate Decisive"},
		{"lrtg-high-tide", 209, ConfederateSubstantive, "Confederate Substantive"},
		{"lrtg-high-tide", 160, ConfederateMarginal, "Confederate Marginal"},
		{"lrtg-high-tide", 150, UnionMarginal, "Union Marginal"},
		{"lrtg-high-tide", 140, UnionSubstantive, "Union Substantive"},
		{"lrtg-high-tide", 139, UnionDecisive, "Union Decisive"},
		{"lrtg-gettysburg-campaign", 250, ConfederateDecisive, "Confederate Decisive"},
		{"lrtg-gettysburg-campaign", 220, ConfederateSubstantive, "Confederate Substantive"},
		{"lrtg-gettysburg-campaign", 219, ConfederateMarginal, "Confederate Marginal"},
		{"lrtg-gettysburg-campaign", 189, UnionMarginal, "Union Marginal"},
		{"lrtg-gettysburg-campaign", 179, UnionSubstantive, "Union Substantive"},
		{"lrtg-gettysburg-campaign", 149, UnionDecisive, "Union Decisive"},
	} {
		o := opts()
		o.Scenario = c.scenario
		g, ctx := segGame(t, o, 22) // June 30
		g = moveTo(g, "csa.early", at(20, 8))
		g.VP = []VPEntry{{Turn: 10, Category: "levies", VP: c.vp}}
		g, evs := runStep(t, g, "8", engine.Script(), ctx)
		vc := evs[1].(*VictoryChecked)
		if !vc.Ends() || vc.Result == nil || vc.Result.Level != c.level || vc.Result.Name != c.name {
			t.Errorf("%s %d VP: %+v", c.scenario, c.vp, vc.Result)
		}
		if w := g.Waiting(); len(w) != 1 || !strings.Contains(w[0], "/game end") || !strings.Contains(w[0], c.name) {
			t.Errorf("wait: %v", w)
		}
	}
	// June 29 (turn 21): the Potomac check has not begun.
	g, ctx := segGame(t, opts(), 21)
	g = moveTo(g, "csa.early", at(20, 8))
	_, evs := runStep(t, g, "8", engine.Script(), ctx)
	if vc := evs[1].(*VictoryChecked); vc.Ends() {
		t.Fatalf("June 29: %+v", vc)
	}
	// June 30 with Early north: the game goes on; the last turn ends it.
	g, ctx = segGame(t, opts(), 22)
	if _, evs = runStep(t, g, "8", engine.Script(), ctx); evs[1].(*VictoryChecked).Ends() {
		t.Fatal("ended with Confederate infantry north")
	}
	g.Turn = g.LastTurn()
	g.VP = []VPEntry{{Turn: 10, VP: 170}}
	_, evs = runStep(t, g, "8", engine.Script(), ctx)
	if vc := evs[1].(*VictoryChecked); vc.EndCode != EndLastTurn || vc.EndLabel == "" || vc.Result.Level != ConfederateMarginal {
		t.Fatalf("last turn: %+v", vc)
	}
}

// 15.2 / VIII: Flight and the capitals win outright, at any time.
func TestDecisiveVictories(t *testing.T) {
	g, ctx := segGame(t, opts(), 12)
	g = moveTo(g, "csa.hood", at(72, -5)) // the US Capitol
	_, err := g.Decide(CheckVictory{By: lee, Context: ctx}, engine.Script())
	wantErr(t, err, "game.umpire")
	g = apply(t, g, CheckVictory{By: ump, Context: ctx}, engine.Script())
	if o := g.Segment.Outcome; o == nil || o.Level != ConfederateDecisive || o.Code != VictoryWhyOccupation || o.Place != "US Capitol" || o.Unit != "Hood" || o.Why != "" {
		t.Fatalf("outcome: %+v", o)
	}
	_, err = g.Decide(CheckVictory{By: ump, Context: ctx}, engine.Script())
	wantErr(t, err, "segment.victory.over")
	if want := "The game is already over: Confederate Decisive (Confederate infantry (Hood) occupies US Capitol (000 VIII))"; !strings.Contains(err.Error(), want) {
		t.Errorf("refusal %q, want %q", err, want)
	}
	// Confederate Flight: morale 14+ with a demoralized infantry division.
	g, ctx = segGame(t, opts(), 12)
	g = setUnit(g, "csa.hood", func(u *engine.UnitState) { u.Status.Demoralization = 1 })
	g.Records.Adjustments = []MoraleAdjustment{{Side: engine.CSA, Turn: 12, Delta: 11, Reason: "combat"}}
	_, evs := runStep(t, g, "8", engine.Script(), ctx)
	vc := evs[1].(*VictoryChecked)
	if vc.Decisive == nil || vc.Decisive.Level != UnionDecisive || vc.Result.Level != UnionDecisive {
		t.Fatalf("flight: %+v", vc)
	}
}

// VIII optional preliminary victories: achieved in the Victory Check
// Phase, cancelled as the scenario says, deciding the end unless bettered.
func TestPreliminaryVictories(t *testing.T) {
	o := opts()
	o.PrelimVictory = true
	g, ctx := segGame(t, o, 12)
	// The Army of the Potomac in Disorder (8) and 165 VP: a Confederate
	// preliminary marginal victory.
	g.Records.Adjustments = []MoraleAdjustment{{Side: engine.USA, Turn: 12, Delta: 8, Reason: "losses"}}
	g.VP = []VPEntry{{Turn: 10, Category: "levies", VP: 165}}
	g, evs := runStep(t, g, "8", engine.Script(), ctx)
	vc := evs[1].(*VictoryChecked)
	if len(vc.Prelims) != 1 || vc.Prelims[0].Level != ConfederateMarginal || vc.Ends() {
		t.Fatalf("prelim: %+v", vc)
	}
	// At the end with 150 VP (Union Marginal on the table) the preliminary
	// Confederate marginal victory stands (the AoP still in Disorder: its
	// award does not change).
	g.Turn = g.LastTurn()
	g.VP = []VPEntry{{Turn: 10, VP: 150}}
	_, evs = runStep(t, g, "8", engine.Script(), ctx)
	if r := evs[1].(*VictoryChecked).Result; r == nil || r.Level != ConfederateMarginal || r.Code != VictoryWhyPrelimStands || r.Prelim != ConfederateMarginal || r.VP != 150 || r.TableLevel != "Union Marginal" {
		t.Fatalf("end: %+v", r)
	}
	// With 190 VP the table's Confederate Substantive is better.
	g.VP = []VPEntry{{Turn: 10, VP: 190}}
	if _, evs = runStep(t, g, "8", engine.Script(), ctx); evs[1].(*VictoryChecked).Result.Level != ConfederateSubstantive {
		t.Fatal("the better table result")
	}
	// The Army of Northern Virginia in Disorder cancels it: 150 VP less
	// the Confederate Disorder award (30) is 120, a Union Decisive.
	g.Records.Adjustments = append(g.Records.Adjustments, MoraleAdjustment{Side: engine.CSA, Turn: g.Turn, Delta: 8, Reason: "losses"})
	g.VP = []VPEntry{{Turn: 10, VP: 150}}
	_, evs = runStep(t, g, "8", engine.Script(), ctx)
	vc = evs[1].(*VictoryChecked)
	if len(vc.Cancelled) != 1 || vc.VP != 120 || vc.Result.Level != UnionDecisive {
		t.Fatalf("cancelled: %+v %d %+v", vc.Cancelled, vc.VP, vc.Result)
	}
}

func TestVictoryBandsRead(t *testing.T) {
	bands, err := VictoryBands(segTestLibrary().Chart("lrtg.victory-levels-high-tide"))
	if err != nil || len(bands) != 6 {
		t.Fatal(bands, err)
	}
	if b, _ := VictoryLevel(bands, -40); b.Level != UnionDecisive {
		t.Fatalf("-40: %+v", b)
	}
	if _, err := VictoryBands(&engine.Chart{ID: "x", Rows: [][]string{{"lots", "Confederate Decisive"}}}); err == nil {
		t.Fatal("a bad band")
	}
}

// The segment's events go through the event codec unchanged.
func TestSegmentEventsEncode(t *testing.T) {
	evs := []engine.Event{
		&SegmentOpened{Turn: 4, Step: "5a", Waits: []StepWait{{Step: "5a", Side: engine.CSA, What: "x"}}, Secret: map[engine.Side][]string{engine.CSA: {"York"}}},
		&SegmentDone{By: lee, Side: engine.CSA, Turn: 4, Step: "5a"},
		&SupplyStatusSet{Turn: 4, Units: []UnitSupply{{Unit: "csa.hood", InRange: true, Sure: true}}},
		&RiversControlled{Turn: 4, Potomac: true, Held: map[string]string{"Leesburg": "Wright"}},
		&VictoryChecked{Turn: 22, End: "x", Result: &VictoryResult{Level: 2, Name: "Confederate Substantive"}},
	}
	for _, e := range evs {
		typ, b, err := engine.EncodeEvent(e)
		if err != nil || typ != e.EventType() {
			t.Fatal(typ, err)
		}
		back, err := testDecode(typ, b)
		if err != nil {
			t.Fatal(err)
		}
		_, b2, _ := engine.EncodeEvent(back)
		if string(b) != string(b2) {
			t.Errorf("%s: %s != %s", e.EventType(), b, b2)
		}
	}
}
