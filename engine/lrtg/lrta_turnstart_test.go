package lrtg

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
)

// LRTA's Turn Start steps 1a, 1b and 1g (004 Sequence of Play 1 a), b),
// g)) on the constructed map of turnstart_test.go, with the LRTA tables as
// scenarios/rules has them (lrta_turnstart_ext_test.go checks the shipped
// copies against 004).

var (
	laRockville = at(50, -6)  // Rockville (Montgomery County)
	laSeneca    = at(44, -1)  // the Seneca Creek Aqueduct, the creek's mouth on the Potomac
	laMontSE    = at(50, -3)  // Montgomery: east of Seneca Creek, south of Rockville
	laMontN     = at(50, -8)  // Montgomery: north of Rockville
	laMontW     = at(42, -3)  // Montgomery: west of Seneca Creek
	laHF        = at(0, 1)    // Harpers Ferry (testTheatre)
	laFarSouth  = at(150, 80) // far from everything, in Virginia
)

func laOpts() engine.GameOptions {
	return engine.GameOptions{Scenario: "lrta-campaign", Supply: "normal", Comms: 1}
}

// laTheatre is tsTheatre with Rockville, the Seneca Creek Aqueduct and the
// railroads to Washington: Baltimore Depot - Bladensburg - Annapolis
// Junction - Relay House, and Annapolis Junction - Annapolis.
func laTheatre() *engine.Theatre {
	t := tsTheatre()
	bd, bl, aj, rh, an := at(70, -5), at(76, -6), at(84, -8), at(90, -12), at(96, -4)
	t.Places = append(append([]engine.Place(nil), t.Places...),
		engine.Place{Name: "Rockville", Hex: laRockville}, engine.Place{Name: "Seneca Creek Aqueduct", Hex: laSeneca},
		engine.Place{Name: "Baltimore Depot", Hex: bd}, engine.Place{Name: "Bladensburg", Hex: bl}, engine.Place{Name: "Annapolis Junction", Hex: aj},
		engine.Place{Name: "Relay House", Hex: rh}, engine.Place{Name: "Annapolis", Hex: an})
	t.Lines = append(append([]engine.Line(nil), t.Lines...),
		engine.Line{ID: "bo-washington", Kind: "railroad", Stops: []string{"Baltimore Depot", "Bladensburg", "Annapolis Junction", "Relay House"}, Hexes: []engine.Hex{bd, bl, aj, rh}},
		engine.Line{ID: "annapolis-elk-ridge", Kind: "railroad", Stops: []string{"Annapolis Junction", "Annapolis"}, Hexes: []engine.Hex{aj, an}})
	return t
}

func laOOB() *engine.OrderOfBattle {
	on := func(id, name string, side engine.Side, kind, size, command string, mp int, h engine.Hex) engine.UnitSetup {
		return engine.UnitSetup{ID: id, Name: name, Side: side, Kind: engine.UnitKind(kind), Size: size, Command: command, Manpower: mp, OnMap: true, Hex: h}
	}
	off := func(id, name string, side engine.Side, kind, size, command string, mp int, track string, slot int, entry string) engine.UnitSetup {
		return engine.UnitSetup{ID: id, Name: name, Side: side, Kind: engine.UnitKind(kind), Size: size, Command: command, Manpower: mp, Track: track, Slot: slot, Entry: entry}
	}
	return &engine.OrderOfBattle{Game: LRTA, Units: []engine.UnitSetup{
		on("csa.lee", "Lee", engine.CSA, "leader", "army", "ANV", 0, tsVA),
		on("csa.jackson", "Jackson", engine.CSA, "leader", "corps", "J", 0, tsVA),
		on("csa.hood", "Hood", engine.CSA, "infantry", "division", "L", 8, tsVA),
		on("csa.evans", "Evans", engine.CSA, "infantry", "brigade", "L", 4, tsVA),
		on("csa.robertson", "Robertson", engine.CSA, "cavalry", "brigade", "Cav", 3, tsVA),
		off("csa.ripley", "Ripley", engine.CSA, "infantry", "brigade", "L", 7, TrackReinforcement, 8, "South map edge (sjw9 prints no hex)"),
		off("csa.mclaws", "McLaws", engine.CSA, "infantry", "division", "L", 17, TrackReinforcement, 10, "South map edge"),
		off("csa.funk", "Funk", engine.CSA, "infantry", "brigade", "", 3, "rest-refit", 7, "Front Royal or Winchester"),
		// Washington's garrison: 16 infantry and 2 cavalry, 18 MP.
		on("usa.whipple", "Whipple", engine.USA, "infantry", "brigade", "DC", 10, tsDC),
		on("usa.waagner", "Waagner", engine.USA, "infantry", "brigade", "DC", 6, at(70, 3)), // Alexandria County
		on("usa.2-ma", "2 MA", engine.USA, "cavalry", "regiment", "DC", 2, tsDC),
		on("usa.heintz", "Heintzelman", engine.USA, "leader", "corps", "DC", 0, tsDC),
		// Harpers Ferry: 5 MP in and around it.
		on("usa.miles", "Miles", engine.USA, "infantry", "brigade", "RR", 3, laHF),
		on("usa.ford", "Ford", engine.USA, "infantry", "brigade", "RR", 2, at(2, 1)),
		on("usa.king", "King", engine.USA, "infantry", "division", "III", 18, laFarSouth),
		on("usa.buford", "Buford", engine.USA, "cavalry", "brigade", "Cav", 3, laFarSouth),
		off("usa.kearny", "Kearny", engine.USA, "infantry", "division", "III-AP", 13, TrackReinforcement, 6, "SS5021 (Aquia Creek Station)"),
		off("usa.hl", "Harrison", engine.USA, "infantry", "division", "V-AP", 8, TrackReinforcement, 9, "Harrison's Landing box"),
		off("usa.brisbane", "Brisbane", engine.USA, "militia", "brigade", "PA", 5, TrackPAMilitia, 1, ""),
		off("usa.smith-pa", "J. Smith", engine.USA, "militia", "brigade", "PA", 5, TrackPAMilitia, 2, ""),
	}}
}

func laData() *engine.MoveData { return &engine.MoveData{Theatre: laTheatre(), OOB: laOOB()} }

// laLibrary: the LRTA tables and chart as scenarios/rules has them.
func laLibrary() *engine.Library {
	d6 := engine.DiceExpr{Terms: []engine.Term{{Sign: 1, Count: 1, Sides: 6}}}
	d2 := engine.DiceExpr{Terms: []engine.Term{{Sign: 1, Count: 2, Sides: 6}}}
	is := func(f string) *engine.Condition { return &engine.Condition{Fact: f, Op: "true"} }
	yesNo := func(n string) engine.FactSpec { return engine.FactSpec{Name: n, Kind: engine.FactBool} }
	pa := &engine.Table{ID: TableLRTAPAMilitia, Title: "Pennsylvania militia entry", Dice: d6,
		Facts: []engine.FactSpec{yesNo("csa_infantry_north_of_potomac"), yesNo("csa_unit_in_pennsylvania"), yesNo("camp_curtin_csa_occupied")},
		Modifiers: []engine.Modifier{
			{Value: 1, When: is("csa_infantry_north_of_potomac"), Reason: "Confederate infantry is across the Potomac"},
			{Value: 1, When: is("csa_unit_in_pennsylvania"), Reason: "a Confederate unit is in Pennsylvania"},
		},
		Entries: []engine.Entry{{Min: math.MinInt, Max: 5, Outcome: "none"},
			{Min: 6, Max: math.MaxInt, Outcome: "arrives", Redirects: []engine.Redirect{{From: "arrives", When: *is("camp_curtin_csa_occupied"), To: "arrives-held", Reason: "Camp Curtin is occupied by the Confederates"}}}},
		Outcomes: []engine.Outcome{{ID: "arrives", Name: "Next militia unit arrives"}, {ID: "arrives-held", Name: "Next militia unit arrives, placement held"}, {ID: "none", Name: "No militia reinforcement"}}}
	le := func(n int) *engine.Condition { return &engine.Condition{Fact: lrtaHFFactDivision, Op: "le", Value: n} }
	hf := &engine.Table{ID: TableLRTAHarpersFerry, Title: "Harpers Ferry Surrender", Dice: d2,
		Facts: []engine.FactSpec{yesNo(hfFactNaval), yesNo(hfFactLoudoun), yesNo(hfFactBolivar),
			{Name: lrtaHFFactDivision, Kind: engine.FactInt, Min: 0, Max: 200}, {Name: lrtaHFFactTurns, Kind: engine.FactInt, Min: 0, Max: 54}},
		Modifiers: []engine.Modifier{
			{Value: 3, When: is(hfFactNaval), Reason: "Confederate artillery in Naval Battery"},
			{Value: 1, When: is(hfFactLoudoun), Reason: "Confederate artillery on Loudoun Heights"},
			{Value: 1, When: is(hfFactBolivar), Reason: "Confederate artillery on Bolivar Heights"},
			{Value: -1, When: le(15), Reason: "a Union division within 15 hexes"},
			{Value: -1, When: le(10), Reason: "a Union division within 10 hexes"},
			{Value: -1, When: le(5), Reason: "a Union division within 5 hexes"},
			{Value: 1, Per: lrtaHFFactTurns, Reason: "earlier turns Harpers Ferry was surrounded"},
		},
		Entries:  []engine.Entry{{Min: math.MinInt, Max: 12, Outcome: "holds"}, {Min: 13, Max: math.MaxInt, Outcome: lrtaHFSurrenders}},
		Outcomes: []engine.Outcome{{ID: "holds", Name: "No effect"}, {ID: lrtaHFSurrenders, Name: "Harpers Ferry surrenders"}}}
	dc := &engine.Chart{ID: ChartDCGarrison, Columns: []string{"Condition", "Manpower"}, Rows: [][]string{
		{"At all times (of which 2 MP must be cavalry)", "18"}, {"now occupies", "+20"}, {"has occupied", "+10"},
		{"Disorder", "+10"}, {"Panic", "+10"}, {"Flight", "+10"}, {"station", "+10"}}}
	return &engine.Library{Tables: []*engine.Table{pa, hf}, Charts: []*engine.Chart{dc}}
}

func laCtx() engine.StepContext { return engine.StepContext{Move: laData(), Library: laLibrary()} }

func laGame(t *testing.T, o engine.GameOptions) Game {
	t.Helper()
	g := apply(t, Game{}, withRules(engine.NewGame{By: ump, Options: o}), engine.Script())
	g = apply(t, g, engine.JoinGame{By: lee, Side: engine.CSA}, engine.Script())
	g = apply(t, g, engine.JoinGame{By: meade, Side: engine.USA}, engine.Script())
	return apply(t, g, engine.StartGame{By: ump, OOB: laOOB()}, engine.Script())
}

// laRun runs an LRTA step's procedure as registered and folds its events.
func laRun(t *testing.T, g Game, step string, d engine.Dice) (Game, []engine.Event) {
	t.Helper()
	g.Sequence = engine.SequenceState{Step: step, Turn: g.Turn}
	p := g.stepProcedureOf(step)
	if p == nil {
		t.Fatalf("LRTA step %s has no procedure", step)
	}
	evs, err := p(g, d, laCtx())
	if err != nil {
		t.Fatalf("step %s: %v", step, err)
	}
	for _, e := range evs {
		g = g.Apply(e)
	}
	return g, evs
}

func laMove(by engine.Actor, to engine.Hex, units ...string) engine.MoveUnits {
	return engine.MoveUnits{By: by, Units: units, To: to, Ref: "test", Data: laData()}
}

func TestLRTAStepsAreRegistered(t *testing.T) {
	g := bare(laOpts())
	for _, id := range []string{"1a", "1b", "1c", "1g", "8"} {
		if g.stepProcedureOf(id) == nil {
			t.Errorf("LRTA %s has no procedure", id)
		}
	}
	if g.stepWaitOf("1g") == nil || g.stepWaitOf("8") == nil {
		t.Error("LRTA 1g and 8 wait for the umpire")
	}
	// LRTG's own 1a-1c stay LRTG's.
	lrtg := bare(opts())
	if p := lrtg.stepProcedureOf("1c"); p == nil {
		t.Error("LRTG 1c lost its procedure")
	}
	if HarpersFerryTableOf(LRTA) != "lrta.harpers-ferry-surrender" || HarpersFerryTableOf(LRTG) != "lrtg.harpers-ferry-surrender" {
		t.Error("Harpers Ferry tables by game")
	}
}

// 004 1 a): no roll until a Confederate unit is across the Potomac; then
// one die, +1 Confederate infantry across, +1 a Confederate unit in
// Pennsylvania, 6 or more brings the next militia unit to Camp Curtin.
func TestLRTAPAMilitiaEntry(t *testing.T) {
	g := laGame(t, laOpts())
	_, evs := laRun(t, g, "1a", engine.Script())
	r := tsRolled(t, evs, TrackPAMilitia)
	if r.Rolled || r.NoRoll != NoRollLRTAPANotBegun {
		t.Fatalf("before the crossing: %+v", r)
	}
	// Cavalry across begins the rolls: a 5 with no modifier is nothing.
	g = tsAt(g, tsMD, "csa.robertson")
	g1, evs := laRun(t, g, "1a", engine.Script(5))
	r = tsRolled(t, evs, TrackPAMilitia)
	if !r.Rolled || r.BeganCode != BeganLRTAPAcross || r.Total != 5 || r.Success || r.Target != "6 or more" || len(r.Modifiers) != 0 {
		t.Fatalf("a 5: %+v", r)
	}
	if g1.TurnStart.PAFrom != 1 {
		t.Fatalf("the rolls began on turn %d", g1.TurnStart.PAFrom)
	}
	// Infantry across (+1) makes the 5 a 6: Brisbane, the first on the track.
	g = tsAt(g, tsMD, "csa.evans")
	g2, evs := laRun(t, g, "1a", engine.Script(5))
	r = tsRolled(t, evs, TrackPAMilitia)
	if r.Total != 6 || !r.Success || r.Outcome != "arrives" || strings.Join(r.Units, ",") != "usa.brisbane" || len(r.Modifiers) != 1 || r.Modifiers[0].Value != 1 {
		t.Fatalf("5+1: %+v", r)
	}
	if !engine.Contains(g2.TurnStart.Arrived, "usa.brisbane") {
		t.Fatal("Brisbane arrived but is not received")
	}
	// Both modifiers: a 4 is a 6. Once begun the rolls go on (the
	// Confederates gone home): a 4 alone is nothing.
	g = tsAt(g, tsPA, "csa.robertson")
	_, evs = laRun(t, g, "1a", engine.Script(4))
	if r = tsRolled(t, evs, TrackPAMilitia); r.Total != 6 || !r.Success || len(r.Modifiers) != 2 {
		t.Fatalf("4+1+1: %+v", r)
	}
	home := tsAt(g2, tsVA, "csa.robertson", "csa.evans")
	home.Turn = 2
	_, evs = laRun(t, home, "1a", engine.Script(4))
	if r = tsRolled(t, evs, TrackPAMilitia); !r.Rolled || r.Success || r.Total != 4 || r.RollsBegan() {
		t.Fatalf("the rolls go on: %+v", r)
	}
	// Camp Curtin occupied: the unit is received but held off the map.
	held := tsAt(g, tsCurtin, "csa.hood")
	_, evs = laRun(t, held, "1a", engine.Script(6))
	if r = tsRolled(t, evs, TrackPAMilitia); r.Outcome != "arrives-held" || !r.Success || len(r.Redirects) != 1 {
		t.Fatalf("Camp Curtin occupied: %+v", r)
	}
	// Entering: Camp Curtin only, once arrived; J. Smith has not.
	wantRule(t, g2, laMove(meade, tsPA, "usa.brisbane"), "move.entry", "LRTA 2.3", "Camp Curtin")
	if errs := g2.lrtaCheckEntry(g2.Units["usa.brisbane"], laMove(meade, tsCurtin, "usa.brisbane")); len(errs) != 0 {
		t.Fatalf("Brisbane at Camp Curtin: %v", errs)
	}
	wantRule(t, g2, laMove(meade, tsCurtin, "usa.smith-pa"), "move.not-arrived", "LRTA 2.3", "J. Smith has not arrived", "6 or more")
}

// The militia track empty: said, no roll.
func TestLRTAPAMilitiaWithoutMilitia(t *testing.T) {
	g := laGame(t, laOpts())
	g.Units = engine.CopyUnits(g.Units)
	delete(g.Units, "usa.brisbane")
	delete(g.Units, "usa.smith-pa")
	_, evs := laRun(t, tsAt(g, tsMD, "csa.evans"), "1a", engine.Script())
	if r := tsRolled(t, evs, TrackPAMilitia); r.Rolled || r.NoRoll != NoRollLRTAPANoTrack {
		t.Fatalf("%+v", r)
	}
}

// 004 1 b): the reinforcement track arrives on its turn, both sides, and
// enters at the order of battle's entry; The AoP Speeds Evacuation moves
// the Confederates and the Union's Harrison's Landing arrivals up a turn.
func TestLRTAReinforcements(t *testing.T) {
	g := laGame(t, laOpts())
	g.Turn = 5
	_, evs := laRun(t, g, "1b", engine.Script())
	if len(evs) != 0 {
		t.Fatalf("turn 5: %v", evs)
	}
	wantRule(t, g, laMove(meade, ssHex(50, 21), "usa.kearny"), "move.not-arrived", "LRTA 2.0", "Kearny arrives on turn 6 (August 24, 1862); this is turn 5")
	g.Turn = 10
	g10, evs := laRun(t, g, "1b", engine.Script())
	if len(evs) != 2 {
		t.Fatalf("turn 10: %v", evs)
	}
	csa, usa := evs[0].(*ReinforcementsArrived), evs[1].(*ReinforcementsArrived)
	if csa.Side != engine.CSA || strings.Join(csa.Units, ",") != "csa.ripley,csa.mclaws" || csa.Rule != "LRTA 2.0" || csa.Cause != ArrivalSchedule {
		t.Fatalf("CSA: %+v", csa)
	}
	if usa.Side != engine.USA || strings.Join(usa.Units, ",") != "usa.kearny,usa.hl" {
		t.Fatalf("USA: %+v", usa)
	}
	for _, id := range []string{"csa.ripley", "usa.kearny"} {
		if !engine.Contains(g10.TurnStart.Arrived, id) {
			t.Errorf("%s not received", id)
		}
	}
	// Funk (rest-refit) is not this step's.
	if engine.Contains(g10.TurnStart.Arrived, "csa.funk") {
		t.Error("Funk arrived by the schedule")
	}
	// Entry: Kearny at SS5021, Ripley on the south map edge (SS row 33).
	wantRule(t, g10, laMove(meade, ssHex(50, 22), "usa.kearny"), "move.entry", "LRTA 2.0", "SS5021 (Aquia Creek Station)")
	wantRule(t, g10, laMove(lee, ssHex(10, 32), "csa.ripley"), "move.entry", "LRTA 2.0", "south map edge")
	for _, c := range []struct {
		id string
		to engine.Hex
	}{{"usa.kearny", ssHex(50, 21)}, {"csa.ripley", ssHex(40, 33)}} {
		if errs := g10.lrtaCheckEntry(g10.Units[c.id], laMove(ump, c.to, c.id)); len(errs) != 0 {
			t.Errorf("%s at its entry: %v", c.id, errs)
		}
	}
	if errs := g10.lrtaCheckEntry(g10.Units["csa.funk"], laMove(lee, laFarSouth, "csa.funk")); errs != nil {
		t.Errorf("Funk is the Rest and Refit's to place: %v", errs)
	}
	// Speeds Evacuation on turn 3: McLaws (10) comes on 9, Ripley (8) on 7;
	// the Union's Harrison's Landing division (9) on 8, Kearny (6) stays.
	sped := g
	sped.LRTAEvents.Rolled = []LRTARandomEvent{{Turn: 3, Outcome: LRTAEventSpeedsEvacuation}}
	for id, want := range map[string]int{"csa.mclaws": 9, "csa.ripley": 7, "usa.hl": 8, "usa.kearny": 6} {
		if got := sped.LRTAArrivalTurn(sped.Units[id], laOOB()); got != want {
			t.Errorf("%s arrives on turn %d, want %d", id, got, want)
		}
	}
	sped.Turn = 9
	_, evs = laRun(t, sped, "1b", engine.Script())
	if len(evs) != 2 || strings.Join(evs[0].(*ReinforcementsArrived).Units, ",") != "csa.ripley,csa.mclaws" || strings.Join(evs[1].(*ReinforcementsArrived).Units, ",") != "usa.kearny,usa.hl" {
		t.Fatalf("turn 9 after the speed-up: %v", evs)
	}
}

// 004 1 g): LRTG 6.1's check, LRTA's facts: the nearest Union division
// in hexes, every earlier turn surrounded.
func TestLRTAHarpersFerryCheckFacts(t *testing.T) {
	g := laGame(t, laOpts())
	g.Turn = 20
	_, evs := laRun(t, g, "1g", engine.Script())
	var chk *HarpersFerryChecked
	for _, e := range evs {
		if c, ok := e.(*HarpersFerryChecked); ok {
			chk = c
		}
	}
	if chk == nil {
		t.Fatalf("no check: %v", evs)
	}
	// No Confederate near: open; King, the only division, far off (Buford's
	// cavalry brigade is no division).
	if chk.Status != HFOpen || chk.Facts[lrtaHFFactDivision] != engine.Distance(laFarSouth, laHF) || chk.Facts[lrtaHFFactTurns] != 0 {
		t.Fatalf("check: %+v", chk)
	}
	if _, ok := chk.Facts[hfFactDivision]; ok {
		t.Error("LRTG's division fact in an LRTA check")
	}
	for _, a := range chk.Ask {
		if a == hfFactDivision {
			t.Error("the umpire is asked LRTG's division fact")
		}
	}
	// King 12 hexes away; surrounded on turns 3 and 7 (not consecutive).
	near := tsAt(g, at(12, 1), "usa.king")
	near.Declared.HF = []HarpersFerryRecord{{Turn: 3, Check: HarpersFerryChecked{Status: HFSurrounded}}, {Turn: 5, Check: HarpersFerryChecked{Status: HFNotSurrounded}},
		{Turn: 7, Check: HarpersFerryChecked{Status: HFSurrounded}}}
	c := near.LRTAHarpersFerryCheck(laData())
	if c.Facts[lrtaHFFactDivision] != 12 || c.Facts[lrtaHFFactTurns] != 2 {
		t.Fatalf("facts: %v", c.Facts)
	}
	// No Union division on the map: 200, the table's "none".
	none := near
	none.Units = engine.CopyUnits(none.Units)
	delete(none.Units, "usa.king")
	if c := none.LRTAHarpersFerryCheck(laData()); c.Facts[lrtaHFFactDivision] != lrtaHFNoDivision {
		t.Fatalf("no division: %v", c.Facts)
	}
}

// The umpire's ruling rolls on LRTA's table: 13 or more surrenders; the
// surrounded units are captured with their manpower's VP.
func TestLRTAHarpersFerrySurrenderRoll(t *testing.T) {
	g := laGame(t, laOpts())
	g.Turn = 20
	g = tsAt(g, at(4, 1), "csa.hood") // Confederate infantry near
	g = tsAt(g, at(8, 1), "usa.king") // a Union division 8 hexes off: -1 within 15, -1 within 10
	g, _ = laRun(t, g, "1g", engine.Script())
	if w := g.Waiting(); len(w) != 1 || !strings.Contains(w[0], "/harpersferry") {
		t.Fatalf("wait: %v", w)
	}
	tb := laLibrary().Table(TableLRTAHarpersFerry)
	rule := func(g Game, d engine.Dice, facts map[string]bool) []engine.Event {
		t.Helper()
		evs, err := g.Decide(RuleHarpersFerry{By: ump, Surrounded: true, Facts: facts, Table: tb}, d)
		if err != nil {
			t.Fatal(err)
		}
		return evs
	}
	// 6+6 -2 = 10 holds.
	evs := rule(g, engine.Script(6, 6), map[string]bool{hfFactNaval: false, hfFactLoudoun: false, hfFactBolivar: false})
	tr, res := evs[1].(*engine.TableRolled), evs[2].(*HarpersFerryRolled)
	if tr.Table != TableLRTAHarpersFerry || tr.Total != 10 || res.Outcome != "holds" || len(res.Surrendered) != 0 {
		t.Fatalf("12-2: %+v %+v", tr, res)
	}
	// Naval Battery +3 and Bolivar +1: 6+5 +4 -2 = 13 surrenders; Miles
	// and Ford (5 MP) are captured: +10 VP (000 VII 6).
	evs = rule(g, engine.Script(6, 5), map[string]bool{hfFactNaval: true, hfFactLoudoun: false, hfFactBolivar: true})
	tr, res = evs[1].(*engine.TableRolled), evs[2].(*HarpersFerryRolled)
	if tr.Total != 13 || res.Outcome != lrtaHFSurrenders || res.Manpower != 5 || res.VP != 10 || len(res.Surrendered) != 2 {
		t.Fatalf("13: %+v %+v", tr, res)
	}
	after := g
	for _, e := range evs {
		after = after.Apply(e)
	}
	if !after.Units["usa.miles"].Eliminated {
		t.Error("Miles not captured")
	}
	// 12 holds.
	evs = rule(g, engine.Script(6, 4), map[string]bool{hfFactNaval: true, hfFactLoudoun: false, hfFactBolivar: true})
	if evs[1].(*engine.TableRolled).Total != 12 || evs[2].(*HarpersFerryRolled).Outcome != "holds" {
		t.Fatalf("12: %+v", evs[2])
	}
	// A turn later, with the surrender of turn 20 surrounded on record: +1.
	g21 := after
	g21.Turn = 21
	if c := g21.LRTAHarpersFerryCheck(laData()); c.Facts[lrtaHFFactTurns] != 1 {
		t.Fatalf("turns surrounded: %v", c.Facts)
	}
	// Outside 1g the ruling is refused.
	g.Sequence = engine.SequenceState{Step: "3a", Turn: g.Turn}
	if _, err := g.Decide(RuleHarpersFerry{By: ump, Surrounded: true, Table: tb}, engine.Script()); !errors.Is(err, engine.ErrIllegal) {
		t.Fatalf("outside 1g: %v", err)
	}
}
