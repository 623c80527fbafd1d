package lrtg

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
)

// Hexes of the attachment tests' stacks.
var (
	hexA = engine.Hex{Q: 1, R: 1} // Hood, Pettigrew
	hexB = engine.Hex{Q: 2, R: 1} // McLaws
	hexC = engine.Hex{Q: 3, R: 1} // Early, Heth
	hexD = engine.Hex{Q: 4, R: 1} // Hampton, 6 Va
	hexF = engine.Hex{Q: 1, R: 5} // Baltimore: Briggs, 7 NY, Haupt, Lockwood, Barlow
	hexG = engine.Hex{Q: 2, R: 5} // Harpers Ferry: Morris, Kenly, Ely, Wright
	hexH = engine.Hex{Q: 3, R: 5} // Pennsylvania: Knipe, Yates, Doubleday
	hexI = engine.Hex{Q: 4, R: 5} // Washington: Jewett, Wells, Sickel
)

// attachRules mirror scenarios/attach/lrtg-substitutes.yaml (checked
// against the seeds by scenarios/attach_test.go): five infantry and three
// cavalry substitutes a side (LRTG 7.0), the brigades of 18.1.
func attachRules(o *engine.OrderOfBattle) *SubstituteRules {
	s := SubstituteRules{
		Divisions: []DivisionBrigades{
			{Division: "csa.anderson", Leader: "Anderson", Brigades: []string{"Perry", "Posey", "Mahone", "Wilcox", "Wright"}},
			{Division: "csa.early", Leader: "Early", Brigades: []string{"Gordon", "Hoke", "Smith", "Hays"}},
			{Division: "csa.mclaws", Leader: "McLaws", Brigades: []string{"Kershaw", "Semmes", "Wofford", "Barksdale"}},
		},
	}
	for _, side := range []engine.Side{engine.CSA, engine.USA} {
		for i := 1; i <= 5; i++ {
			s.Counters = append(s.Counters, SubstituteCounter{ID: string(side) + ".inf-sub-" + string(rune('0'+i)), Name: "Inf Sub " + string(rune('0'+i)), Side: side, Kind: "infantry", Size: "brigade"})
		}
		for i := 1; i <= 3; i++ {
			s.Counters = append(s.Counters, SubstituteCounter{ID: string(side) + ".cav-sub-" + string(rune('0'+i)), Name: "Cav Sub " + string(rune('0'+i)), Side: side, Kind: "cavalry", Size: "regiment"})
		}
	}
	return s.WithOrder(o)
}

var attachOOB = &engine.OrderOfBattle{Units: []engine.UnitSetup{
	{ID: "csa.lee", Name: "Lee", Side: engine.CSA, Kind: "leader", Size: "army", Command: "ANV", OnMap: true, Hex: hexA},
	{ID: "csa.hood", Name: "Hood", Side: engine.CSA, Kind: "infantry", Size: "division", Command: "1", Manpower: 15, OnMap: true, Hex: hexA},
	{ID: "csa.pettigrew", Name: "Pettigrew", Side: engine.CSA, Kind: "infantry", Size: "brigade", Command: "1", Manpower: 4, OnMap: true, Hex: hexA},
	{ID: "csa.mclaws", Name: "McLaws", Side: engine.CSA, Kind: "infantry", Size: "division", Command: "1", Manpower: 15, OnMap: true, Hex: hexB, Marks: []string{"optional-detachment"}},
	{ID: "csa.early", Name: "Early", Side: engine.CSA, Kind: "infantry", Size: "division", Command: "2", Manpower: 13, OnMap: true, Hex: hexC, Marks: []string{"optional-detachment"}},
	{ID: "csa.heth", Name: "Heth", Side: engine.CSA, Kind: "infantry", Size: "division", Command: "2", Manpower: 10, OnMap: true, Hex: hexC},
	{ID: "csa.hampton", Name: "Hampton", Side: engine.CSA, Kind: "cavalry", Size: "brigade", Command: "Cav", Manpower: 4, OnMap: true, Hex: hexD},
	{ID: "csa.6-va", Name: "6 Va", Side: engine.CSA, Kind: "cavalry", Size: "regiment", Command: "Cav", Manpower: 1, OnMap: true, Hex: hexD},
	{ID: "usa.barlow", Name: "Barlow", Side: engine.USA, Kind: "infantry", Size: "division", Command: "XI", Manpower: 5, OnMap: true, Hex: hexF},
	{ID: "usa.briggs", Name: "Briggs", Side: engine.USA, Kind: "infantry", Size: "brigade", Command: "Balt", Manpower: 5, OnMap: true, Hex: hexF, Marks: []string{"release-group-3"}},
	{ID: "usa.7-ny", Name: "7 NY", Side: engine.USA, Kind: "infantry", Size: "regiment", Command: "Balt", Manpower: 1, OnMap: true, Hex: hexF, Marks: []string{"release-group-3"}},
	{ID: "usa.haupt", Name: "Haupt", Side: engine.USA, Kind: "infantry", Command: "RR", Manpower: 1, OnMap: true, Hex: hexF},
	{ID: "usa.lockwood", Name: "Lockwood", Side: engine.USA, Kind: "infantry", Size: "brigade", Command: "XII", Manpower: 3, OnMap: true, Hex: hexF, Marks: []string{"release-group-5"}},
	{ID: "usa.wright", Name: "Wright", Side: engine.USA, Kind: "infantry", Size: "division", Command: "VI", Manpower: 9, OnMap: true, Hex: hexG},
	{ID: "usa.morris", Name: "Morris", Side: engine.USA, Kind: "infantry", Size: "brigade", Command: "HF", Manpower: 6, OnMap: true, Hex: hexG},
	{ID: "usa.kenly", Name: "Kenly", Side: engine.USA, Kind: "infantry", Size: "brigade", Command: "HF", Manpower: 2, OnMap: true, Hex: hexG},
	{ID: "usa.ely", Name: "Ely", Side: engine.USA, Kind: "infantry", Size: "brigade", Command: "WV", Manpower: 2, OnMap: true, Hex: hexG},
	{ID: "usa.doubleday", Name: "Doubleday", Side: engine.USA, Kind: "infantry", Size: "division", Command: "I", Manpower: 8, OnMap: true, Hex: hexH},
	{ID: "usa.knipe", Name: "Knipe", Side: engine.USA, Kind: "militia", Size: "brigade", Command: "PA", Manpower: 1, OnMap: true, Hex: hexH},
	{ID: "usa.yates", Name: "Yates", Side: engine.USA, Kind: "militia", Size: "brigade", Command: "PA", Manpower: 3, OnMap: true, Hex: hexH},
	{ID: "usa.jewett", Name: "Jewett", Side: engine.USA, Kind: "infantry", Size: "brigade", Command: "DC", Manpower: 1, OnMap: true, Hex: hexI, Marks: []string{"dc-only"}},
	{ID: "usa.wells", Name: "Wells", Side: engine.USA, Kind: "infantry", Size: "brigade", Command: "DC", Manpower: 4, OnMap: true, Hex: hexI, Marks: []string{"release-group-6"}},
	{ID: "usa.sickel", Name: "Sickel", Side: engine.USA, Kind: "infantry", Size: "brigade", Command: "DC", Manpower: 3, OnMap: true, Hex: hexI, Marks: []string{"release-group-7"}},
}}

// attachGame: Lee (overall, 1st Corps) and Jeb (Cav, 2nd Corps) for the
// CSA, Meade alone for the USA.
func attachGame(t *testing.T, optional ...int) Game {
	t.Helper()
	o := opts()
	o.Optional = optional
	g := apply(t, Game{}, withRules(engine.NewGame{By: ump, Options: o}), engine.Script())
	g = apply(t, g, engine.JoinGame{By: lee, Side: engine.CSA, Commands: []string{"1"}}, engine.Script())
	g = apply(t, g, engine.JoinGame{By: jebA, Side: engine.CSA, Commands: []string{"Cav", "2"}}, engine.Script())
	g = apply(t, g, engine.JoinGame{By: meade, Side: engine.USA}, engine.Script())
	return apply(t, g, engine.StartGame{By: ump, OOB: attachOOB}, engine.Script())
}

// edited returns g with one unit changed (the test's set-up; the game
// itself changes units by events only).
func edited(g Game, id string, f func(*engine.UnitState)) Game {
	g.Units = engine.CopyUnits(g.Units)
	g.EditUnit(id, f)
	return g
}

func detach(by engine.Actor, unit string, mp int) DetachUnit {
	return DetachUnit{By: by, Unit: unit, Manpower: mp, Rules: attachRules(attachOOB)}
}

func attach(by engine.Actor, to string, units ...string) AttachUnits {
	return AttachUnits{By: by, Units: units, To: to, Rules: attachRules(attachOOB)}
}

// wantCode checks that a command is refused with the code (and kind).
func wantCode(t *testing.T, g Game, cmd engine.Command, kind error, code string) *engine.RuleError {
	t.Helper()
	_, err := g.Decide(cmd, engine.Script())
	var re *engine.RuleError
	if !errors.As(err, &re) || re.Code != code || !errors.Is(err, kind) {
		t.Fatalf("%s %+v: got %v (%#v), want %s", cmd.CommandName(), cmd, err, re, code)
	}
	return re
}

// roundTrip encodes and decodes an event, as the store does.
func roundTrip(t *testing.T, e engine.Event) engine.Event {
	t.Helper()
	typ, b, err := engine.EncodeEvent(e)
	if err != nil {
		t.Fatal(err)
	}
	back, err := testDecode(typ, b)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, e) {
		t.Fatalf("%s does not survive the store:\n got %+v\nwant %+v", typ, back, e)
	}
	return back
}

func total(g Game, ids ...string) int {
	n := 0
	for _, id := range ids {
		n += g.Units[id].Manpower
	}
	return n
}

func TestDetachPlacesASubstituteWithItsParentsStatus(t *testing.T) {
	g := attachGame(t)
	g = edited(g, "csa.hood", func(u *engine.UnitState) {
		u.Fatigue = 2
		u.Status = engine.UnitStatus{Disorganized: true, Demoralization: 1, Entrenchment: 2, Ammo: engine.AmmoLow}
		u.Marks = []string{"out-of-supply", "flanks-refused"}
	})
	before := g.Units["csa.hood"].Manpower
	evs, err := g.Decide(detach(lee, "csa.hood", 3), engine.Script())
	if err != nil {
		t.Fatal(err)
	}
	e := roundTrip(t, evs[0]).(*UnitDetached)
	g = g.Apply(e)
	sub, hood := g.Units["csa.hood.d1"], g.Units["csa.hood"]
	if sub.Name != "Inf Sub 1" || sub.Manpower != 3 || hood.Manpower != 12 || total(g, "csa.hood", "csa.hood.d1") != before {
		t.Fatalf("manpower not conserved: Hood %d + %s %d, before %d", hood.Manpower, sub.Name, sub.Manpower, before)
	}
	// 7.1: the parent's hex and command; its fatigue, entrenchment,
	// organization, demoralization and supply; no ammunition.
	if !sub.OnMap || sub.Hex != hexA || sub.Command != "1" || sub.Side != engine.CSA || sub.Kind != engine.KindInfantry {
		t.Fatalf("placed as %+v", sub)
	}
	want := engine.UnitStatus{Disorganized: true, Demoralization: 1, Entrenchment: 2}
	if sub.Fatigue != 2 || sub.Status != want || !reflect.DeepEqual(sub.Marks, []string{"out-of-supply", "flanks-refused"}) {
		t.Fatalf("status %d %+v %v", sub.Fatigue, sub.Status, sub.Marks)
	}
	if sub.Detached.From != "csa.hood" || sub.Detached.Counter != "csa.inf-sub-1" || sub.Detached.Size != "brigade" {
		t.Fatalf("record %+v", sub.Detached)
	}
	// The parent's commander commands it; the other Confederate does not.
	if !g.Controls(lee, sub) || g.Controls(jebA, sub) {
		t.Fatal("the substitute is not of its parent's command")
	}
	// The next detachment takes the next counter and a new id.
	g = apply(t, g, detach(lee, "csa.hood", 2), engine.Script())
	if u := g.Units["csa.hood.d2"]; u.Name != "Inf Sub 2" || g.Units["csa.hood"].Manpower != 10 {
		t.Fatalf("second detachment %+v", u)
	}
	// A cavalry brigade gives a cavalry regiment.
	g = apply(t, g, detach(jebA, "csa.hampton", 2), engine.Script())
	if u := g.Units["csa.hampton.d1"]; u.Name != "Cav Sub 1" || u.Detached.Size != "regiment" || u.Kind != engine.KindCavalry {
		t.Fatalf("cavalry detachment %+v", u)
	}
}

func TestDetachLimits(t *testing.T) {
	g := attachGame(t)
	rules := attachRules(attachOOB)
	cases := []struct {
		name string
		cmd  DetachUnit
		kind error
		code string
	}{
		{"no manpower", detach(lee, "csa.hood", 0), engine.ErrInvalid, "detach.manpower"},
		{"the whole unit (7.1 keeps 1)", detach(jebA, "csa.6-va", 1), engine.ErrIllegal, "detach.whole"},
		{"an infantry substitute of 9 (7.1: 8 or less)", detach(lee, "csa.hood", 9), engine.ErrIllegal, "detach.size"},
		{"a cavalry substitute of 3 (7.1: 2 or less)", detach(jebA, "csa.hampton", 3), engine.ErrIllegal, "detach.size"},
		{"a division left with 3 (7.1: 4)", detach(jebA, "csa.heth", 7), engine.ErrIllegal, "detach.division"},
		{"two artillery points (7.1: 1)", DetachUnit{By: lee, Unit: "csa.hood", Manpower: 2, Artillery: 2, Rules: rules}, engine.ErrIllegal, "detach.artillery"},
		{"a leader", detach(lee, "csa.lee", 1), engine.ErrIllegal, "detach.kind"},
		{"Haupt", detach(meade, "usa.haupt", 1), engine.ErrIllegal, "detach.kind"},
		{"PA militia (12.4)", detach(meade, "usa.yates", 1), engine.ErrIllegal, "detach.group"},
		{"Balt until released (12.4)", detach(meade, "usa.briggs", 2), engine.ErrIllegal, "detach.released"},
		{"HF until released (12.4)", detach(meade, "usa.morris", 2), engine.ErrIllegal, "detach.released"},
		{"a release group of the AoP (Lockwood, 3.2)", detach(meade, "usa.lockwood", 1), engine.ErrIllegal, "detach.released"},
		{"a cavalry counter from infantry", DetachUnit{By: lee, Unit: "csa.hood", Manpower: 2, As: "Cav Sub 1", Rules: rules}, engine.ErrIllegal, "detach.counter"},
		{"no such counter", DetachUnit{By: lee, Unit: "csa.hood", Manpower: 2, As: "Sub 9", Rules: rules}, engine.ErrInvalid, "detach.counter"},
		{"a brigade of rule 18 without the rule", DetachUnit{By: lee, Unit: "csa.mclaws", Manpower: 2, As: "Kershaw", Rules: rules}, engine.ErrIllegal, "detach.optional"},
		{"another commander's unit", detach(jebA, "csa.hood", 2), engine.ErrIllegal, "unit.command"},
		{"the enemy's unit", detach(meade, "csa.hood", 2), engine.ErrIllegal, "unit.command"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { wantCode(t, g, c.cmd, c.kind, c.code) })
	}
	// Allowed at the limits: 8 from a division that keeps 7, 2 cavalry,
	// one artillery point, a division keeping 4.
	for _, cmd := range []DetachUnit{detach(lee, "csa.hood", 8), detach(jebA, "csa.hampton", 2), detach(jebA, "csa.heth", 6),
		{By: lee, Unit: "csa.hood", Manpower: 2, Artillery: 1, As: "inf sub 4", Rules: rules}} {
		if _, err := g.Decide(cmd, engine.Script()); err != nil {
			t.Errorf("%+v: %v", cmd, err)
		}
	}
	// Counter limits (7.1): five infantry substitutes a side, then none.
	h := g
	for i := 0; i < 5; i++ {
		h = apply(t, h, detach(lee, "csa.hood", 1), engine.Script())
	}
	wantCode(t, h, detach(jebA, "csa.early", 1), engine.ErrIllegal, "detach.counters")
	wantCode(t, h, DetachUnit{By: lee, Unit: "csa.hood", Manpower: 1, As: "Inf Sub 3", Rules: rules}, engine.ErrIllegal, "detach.counter")
	// ... the cavalry counters are others, and the Union's are their own.
	h = apply(t, h, detach(jebA, "csa.hampton", 1), engine.Script())
	h = apply(t, h, detach(meade, "usa.wright", 2), engine.Script())
	// A substitute that attaches again frees its counter.
	h = apply(t, h, attach(lee, "csa.hood", "csa.hood.d3"), engine.Script())
	h = apply(t, h, detach(jebA, "csa.early", 1), engine.Script())
	if u := h.Units["csa.early.d1"]; u.Name != "Inf Sub 3" {
		t.Fatalf("the freed counter is not reused: %+v", u)
	}
	// An eliminated substitute's counter is free again.
	h = apply(t, h, engine.EliminateUnit{By: lee, Unit: "csa.hood.d1", Reason: "combat"}, engine.Script())
	h = apply(t, h, detach(lee, "csa.pettigrew", 1), engine.Script())
	if u := h.Units["csa.pettigrew.d1"]; u.Name != "Inf Sub 1" {
		t.Fatalf("the eliminated substitute's counter is not reused: %+v", u)
	}
}

func TestDetachAfterReleaseAndTheUmpiresWaiver(t *testing.T) {
	g := attachGame(t)
	// Released Balt group 3 (3.2) may detach; the substitute keeps the
	// group's mark, so it is released too.
	r := apply(t, g, ReleaseUnits{By: ump, Group: "3", Reason: "rolled 2"}, engine.Script())
	r = apply(t, r, detach(meade, "usa.briggs", 2), engine.Script())
	if u := r.Units["usa.briggs.d1"]; u.Command != "Balt" || !engine.Contains(u.Marks, "release-group-3") || !r.releasedForAttach(u) {
		t.Fatalf("Briggs's substitute %+v", u)
	}
	// HF is released when Meade takes command (12.1).
	wantCode(t, r, detach(meade, "usa.morris", 2), engine.ErrIllegal, "detach.released")
	m := apply(t, r, MeadeTakesCommand{By: ump, Reason: "third Hooker Questioned"}, engine.Script())
	m = apply(t, m, detach(meade, "usa.morris", 2), engine.Script())
	if m.Units["usa.morris"].Manpower != 4 {
		t.Fatal("Morris did not detach once released")
	}
	// The PA militia never detach (12.4), Meade or not; the umpire may
	// waive the rule with a reason, and the event says so.
	wantCode(t, m, detach(meade, "usa.yates", 1), engine.ErrIllegal, "detach.group")
	re := wantCode(t, g, detach(ump, "usa.yates", 1), engine.ErrIllegal, "detach.group")
	if !strings.Contains(re.Hint, "As umpire, add reason:") {
		t.Fatalf("the umpire is not told how to waive: %q", re.Hint)
	}
	w := detach(ump, "usa.yates", 1)
	w.Reason = "scenario special rule"
	evs, err := g.Decide(w, engine.Script())
	if err != nil {
		t.Fatal(err)
	}
	if e := evs[0].(*UnitDetached); !reflect.DeepEqual(e.Waived, []string{"detach.group"}) {
		t.Fatalf("waived %v", e.Waived)
	}
}

func TestAttachMergesStatusAndFreesTheCounter(t *testing.T) {
	g := attachGame(t)
	g = apply(t, g, detach(lee, "csa.hood", 5), engine.Script())
	g = edited(g, "csa.hood.d1", func(u *engine.UnitState) {
		u.Fatigue, u.Status = 3, engine.UnitStatus{Exhausted: true, Demoralization: 2, Disorganized: true, Entrenchment: 1}
	})
	g = edited(g, "csa.hood", func(u *engine.UnitState) { u.Fatigue, u.Status = 1, engine.UnitStatus{Demoralization: 1} })
	before := total(g, "csa.hood", "csa.hood.d1")
	evs, err := g.Decide(attach(lee, "csa.hood", "csa.hood.d1"), engine.Script())
	if err != nil {
		t.Fatal(err)
	}
	e := roundTrip(t, evs[0]).(*UnitsAttached)
	g = g.Apply(e)
	hood := g.Units["csa.hood"]
	if _, ok := g.Units["csa.hood.d1"]; ok || hood.Manpower != before || hood.Manpower != 15 {
		t.Fatalf("after attaching: Hood %d, substitute still there: %v", hood.Manpower, ok)
	}
	// 7.2: the higher fatigue, exhausted if either, the worse
	// demoralization; organization and entrenchment stay Hood's (the
	// larger, remaining unit).
	if hood.Fatigue != 3 || hood.Status != (engine.UnitStatus{Exhausted: true, Demoralization: 2}) {
		t.Fatalf("status after attaching: %d %+v", hood.Fatigue, hood.Status)
	}
	if free := g.FreeCounters(attachRules(attachOOB), engine.CSA, "csa.hood"); len(free) == 0 || free[0] != "Inf Sub 1" {
		t.Fatalf("the counter is not free again: %v", free)
	}
	// The larger attaching unit gives its Strength marker's side.
	h := attachGame(t)
	h = apply(t, h, detach(lee, "csa.hood", 3), engine.Script())
	h = edited(h, "csa.hood.d1", func(u *engine.UnitState) { u.Status.Disorganized = true })
	h = apply(t, h, attach(lee, "csa.pettigrew", "csa.hood.d1"), engine.Script())
	if p := h.Units["csa.pettigrew"]; p.Manpower != 7 || p.Status.Disorganized {
		t.Fatalf("a smaller disorganized unit disorganized Pettigrew: %+v", p)
	}
	h = attachGame(t)
	h = apply(t, h, detach(lee, "csa.hood", 3), engine.Script())
	h = edited(h, "csa.pettigrew", func(u *engine.UnitState) { u.Manpower = 2 })
	h = edited(h, "csa.hood.d1", func(u *engine.UnitState) { u.Status.Disorganized = true })
	h = apply(t, h, attach(lee, "csa.pettigrew", "csa.hood.d1"), engine.Script())
	if p := h.Units["csa.pettigrew"]; p.Manpower != 5 || !p.Status.Disorganized {
		t.Fatalf("the larger attaching unit's side was not taken: %+v", p)
	}
	// A unit of the order of battle that attaches (7.3) leaves the map for
	// good, and the record says where it went.
	h = edited(attachGame(t), "csa.hampton", func(u *engine.UnitState) { u.Manpower = 3 })
	h = apply(t, h, attach(jebA, "csa.hampton", "csa.6-va"), engine.Script())
	if _, ok := h.Units["csa.6-va"]; ok || h.Attach.Attached["csa.6-va"] != "csa.hampton" || h.Units["csa.hampton"].Manpower != 4 {
		t.Fatalf("6 Va attached: %+v %v", h.Units["csa.hampton"], h.Attach.Attached)
	}
}

func TestAttachLimits(t *testing.T) {
	g := attachGame(t)
	g = apply(t, g, detach(lee, "csa.hood", 5), engine.Script())        // csa.hood.d1, Inf Sub 1, 5 MP at A
	g = apply(t, g, detach(lee, "csa.hood", 2), engine.Script())        // csa.hood.d2, Inf Sub 2, 2 MP at A
	g = apply(t, g, detach(jebA, "csa.hampton", 1), engine.Script())    // csa.hampton.d1, Cav Sub 1 at D
	g = apply(t, g, detach(meade, "usa.wright", 2), engine.Script())    // usa.wright.d1 at G
	g = apply(t, g, detach(meade, "usa.doubleday", 2), engine.Script()) // usa.doubleday.d1 at H
	away := apply(t, g, engine.MoveUnits{By: lee, Units: []string{"csa.hood.d2"}, To: hexD}, engine.Script())
	cases := []struct {
		name string
		g    Game
		cmd  AttachUnits
		kind error
		code string
	}{
		{"nothing", g, attach(lee, "csa.hood"), engine.ErrInvalid, "attach.units"},
		{"to itself", g, attach(lee, "csa.hood.d1", "csa.hood.d1"), engine.ErrInvalid, "attach.self"},
		{"twice", g, attach(lee, "csa.hood", "csa.hood.d1", "csa.hood.d1"), engine.ErrInvalid, "attach.twice"},
		{"not stacked (7.2)", away, attach(lee, "csa.hood", "csa.hood.d2"), engine.ErrIllegal, "attach.hex"},
		{"a brigade above 8 (7.2)", g, attach(lee, "csa.pettigrew", "csa.hood.d1"), engine.ErrIllegal, "attach.size"},
		{"a division above 16 (7.2)", g, attach(lee, "csa.hood", "csa.hood.d1", "csa.pettigrew"), engine.ErrIllegal, "attach.size"},
		{"a division attaching", edited(g, "csa.mclaws", func(u *engine.UnitState) { u.Hex = hexA }), attach(lee, "csa.hood", "csa.mclaws"), engine.ErrIllegal, "attach.cannot"},
		{"a cavalry brigade attaching", edited(g, "csa.hampton", func(u *engine.UnitState) { u.Hex = hexA }), attach(ump, "csa.hood", "csa.hampton"), engine.ErrIllegal, "attach.cannot"},
		{"a leader attaching", g, attach(lee, "csa.hood", "csa.lee"), engine.ErrIllegal, "attach.cannot"},
		{"infantry to cavalry", away, attach(lee, "csa.hampton", "csa.hood.d2"), engine.ErrIllegal, "attach.type"},
		{"to a leader", g, attach(lee, "csa.lee", "csa.hood.d2"), engine.ErrIllegal, "attach.type"},
		{"a cavalry regiment to a regiment (7.3)", g, attach(jebA, "csa.hampton.d1", "csa.6-va"), engine.ErrIllegal, "attach.cavalry"},
		{"PA militia to the AoP (12.3)", g, attach(meade, "usa.doubleday", "usa.yates"), engine.ErrIllegal, "attach.pa"},
		{"Balt before release (12.1)", g, attach(meade, "usa.briggs", "usa.7-ny"), engine.ErrIllegal, "attach.released"},
		{"DC before release (12.2)", g, attach(meade, "usa.sickel", "usa.wells"), engine.ErrIllegal, "attach.released"},
		{"DC Only, ever (7.3)", g, attach(meade, "usa.wells", "usa.jewett"), engine.ErrIllegal, "attach.never"},
		{"Haupt (7.3)", g, attach(meade, "usa.barlow", "usa.haupt"), engine.ErrIllegal, "attach.never"},
		{"Lockwood before release (3.2)", g, attach(meade, "usa.barlow", "usa.lockwood"), engine.ErrIllegal, "attach.released"},
		{"HF to the AoP before Meade (12.1)", g, attach(meade, "usa.wright", "usa.kenly"), engine.ErrIllegal, "attach.meade"},
		{"WV to HF (7.3)", g, attach(meade, "usa.morris", "usa.ely"), engine.ErrIllegal, "attach.group"},
		{"a Confederate's unit to the enemy", edited(g, "usa.wright", func(u *engine.UnitState) { u.Hex = hexA }), attach(lee, "usa.wright", "csa.hood.d1"), engine.ErrInvalid, "unit.unknown"},
		{"another commander's unit", g, attach(jebA, "csa.hood", "csa.hood.d1"), engine.ErrIllegal, "unit.command"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { wantCode(t, c.g, c.cmd, c.kind, c.code) })
	}
	// The refusal of an enemy target does not confirm it exists.
	enemy := edited(g, "usa.wright", func(u *engine.UnitState) { u.Hex = hexA })
	if re := wantCode(t, enemy, attach(lee, "usa.wright", "csa.hood.d1"), engine.ErrInvalid, "unit.unknown"); strings.Contains(re.Error(), "Wright") {
		t.Fatalf("the refusal names the enemy unit: %s", re.Error())
	}
	allowed := []struct {
		name string
		g    Game
		cmd  AttachUnits
	}{
		{"a substitute to a brigade up to 8", g, attach(lee, "csa.pettigrew", "csa.hood.d2")},
		{"a non-substitute brigade to a division (7.3)", g, attach(lee, "csa.hood", "csa.pettigrew")},
		{"a cavalry regiment to a cavalry brigade (7.3)", g, attach(jebA, "csa.hampton", "csa.6-va")},
		{"PA militia to PA militia (12.3)", g, attach(meade, "usa.yates", "usa.knipe")},
		{"HF to HF before Meade (7.3)", g, attach(meade, "usa.morris", "usa.kenly")},
		{"an AoP substitute to PA militia", g, attach(meade, "usa.yates", "usa.doubleday.d1")},
		{"an AoP substitute to HF", g, attach(meade, "usa.morris", "usa.wright.d1")},
	}
	for _, c := range allowed {
		if _, err := c.g.Decide(c.cmd, engine.Script()); err != nil {
			t.Errorf("%s: %v", c.name, err)
		}
	}
	// Releases and Meade open the restricted groups (12.1, 12.2, 3.2).
	r := apply(t, g, ReleaseUnits{By: ump, Group: "3", Reason: "rolled 1"}, engine.Script())
	if _, err := r.Decide(attach(meade, "usa.briggs", "usa.7-ny"), engine.Script()); err != nil {
		t.Errorf("released Balt to Balt: %v", err)
	}
	wantCode(t, r, attach(meade, "usa.barlow", "usa.7-ny"), engine.ErrIllegal, "attach.meade")
	r = apply(t, r, ReleaseUnits{By: ump, Group: "5", Reason: "rolled 3"}, engine.Script())
	if _, err := r.Decide(attach(meade, "usa.barlow", "usa.lockwood"), engine.Script()); err != nil {
		t.Errorf("released Lockwood to an AoP division: %v", err)
	}
	r = apply(t, r, ReleaseUnits{By: ump, Group: "6", Reason: "rolled 3"}, engine.Script())
	if _, err := r.Decide(attach(meade, "usa.sickel", "usa.wells"), engine.Script()); err != nil {
		t.Errorf("released DC to DC: %v", err)
	}
	m := apply(t, r, MeadeTakesCommand{By: ump, Reason: "Hooker questioned thrice"}, engine.Script())
	for _, c := range []AttachUnits{attach(meade, "usa.barlow", "usa.7-ny"), attach(meade, "usa.wright", "usa.kenly"), attach(meade, "usa.wright", "usa.ely")} {
		if _, err := m.Decide(c, engine.Script()); err != nil {
			t.Errorf("after Meade, %v to %s: %v", c.Units, c.To, err)
		}
	}
	wantCode(t, m, attach(meade, "usa.doubleday", "usa.yates"), engine.ErrIllegal, "attach.pa")
	wantCode(t, m, attach(meade, "usa.morris", "usa.ely"), engine.ErrIllegal, "attach.group")
	wantCode(t, m, attach(meade, "usa.wells", "usa.jewett"), engine.ErrIllegal, "attach.never")
	// The umpire waives a limit with a reason.
	w := attach(ump, "csa.pettigrew", "csa.hood.d1")
	w.Reason = "house rule"
	evs, err := g.Decide(w, engine.Script())
	if err != nil {
		t.Fatal(err)
	}
	if e := evs[0].(*UnitsAttached); !reflect.DeepEqual(e.Waived, []string{"attach.size"}) || e.Result.Manpower != 9 {
		t.Fatalf("waived %v, result %+v", e.Waived, e.Result)
	}
}

// A unit that attaches a unit of another commander gains a fatigue
// (21, Changing control).
func TestAttachAcrossCommandsCostsAFatigue(t *testing.T) {
	g := attachGame(t)
	g = apply(t, g, detach(jebA, "csa.early", 3), engine.Script())
	g = apply(t, g, engine.MoveUnits{By: jebA, Units: []string{"csa.early.d1"}, To: hexA}, engine.Script())
	evs, err := g.Decide(attach(jebA, "csa.pettigrew", "csa.early.d1"), engine.Script())
	if err != nil {
		t.Fatal(err)
	}
	e := evs[0].(*UnitsAttached)
	if !e.Control || e.Result.Fatigue != 1 || e.Result.Manpower != 7 {
		t.Fatalf("across commands: %+v", e)
	}
	g = apply(t, g, detach(lee, "csa.hood", 2), engine.Script())
	evs, _ = g.Decide(attach(lee, "csa.hood", "csa.hood.d1"), engine.Script())
	if e := evs[0].(*UnitsAttached); e.Control || e.Result.Fatigue != 0 {
		t.Fatalf("within a command: %+v", e)
	}
}

func TestRule18BrigadesAndTheDivisionLeader(t *testing.T) {
	g := attachGame(t, 18)
	rules := attachRules(attachOOB)
	sp := func(by engine.Actor, unit, as string, mp, art int) DetachUnit {
		return DetachUnit{By: by, Unit: unit, Manpower: mp, As: as, Artillery: art, Rules: rules}
	}
	wantCode(t, g, sp(lee, "csa.hood", "Kershaw", 2, 0), engine.ErrIllegal, "detach.brigade")
	wantCode(t, g, sp(lee, "csa.mclaws", "Gordon", 2, 0), engine.ErrIllegal, "detach.brigade")
	if free := g.FreeCounters(rules, engine.CSA, "csa.mclaws"); !engine.Contains(free, "Kershaw") || !engine.Contains(free, "Inf Sub 1") || engine.Contains(free, "Gordon") {
		t.Fatalf("McLaws's counters: %v", free)
	}
	g = edited(g, "csa.mclaws", func(u *engine.UnitState) {
		u.Fatigue, u.Status = 1, engine.UnitStatus{Ammo: engine.AmmoLow, Entrenchment: 1}
	})
	// 18.1, 18.4: a brigade of the division, with more than one artillery.
	g = apply(t, g, sp(lee, "csa.mclaws", "kershaw", 4, 2), engine.Script())
	k := g.Units["csa.mclaws.kershaw"]
	if k.Name != "Kershaw" || k.Manpower != 4 || k.Detached.Division != "csa.mclaws" || k.Detached.Artillery != 2 || g.Units["csa.mclaws"].Manpower != 11 {
		t.Fatalf("Kershaw %+v, McLaws %d", k, g.Units["csa.mclaws"].Manpower)
	}
	wantCode(t, g, sp(lee, "csa.mclaws", "Kershaw", 2, 0), engine.ErrIllegal, "detach.brigade")
	// 18.3: Semmes brings McLaws to 7: the division is replaced by a
	// brigade (the first free, Wofford) with the rest and its status,
	// and by its leader.
	evs, err := g.Decide(sp(lee, "csa.mclaws", "Semmes", 4, 0), engine.Script())
	if err != nil {
		t.Fatal(err)
	}
	e := roundTrip(t, evs[0]).(*UnitDetached)
	g = g.Apply(e)
	w, l := g.Units["csa.mclaws.wofford"], g.Units["csa.mclaws.leader"]
	if _, ok := g.Units["csa.mclaws"]; ok || g.Attach.Broken["csa.mclaws"].Name != "McLaws" {
		t.Fatal("the division is still on the map")
	}
	if w.Manpower != 7 || w.Hex != hexB || w.Fatigue != 1 || w.Status != (engine.UnitStatus{Ammo: engine.AmmoLow, Entrenchment: 1}) || engine.Contains(w.Marks, "optional-detachment") {
		t.Fatalf("the replacing brigade %+v", w)
	}
	if !l.Kind.IsLeader() || l.Name != "McLaws" || l.Hex != hexB || !g.Controls(lee, l) {
		t.Fatalf("the division leader %+v", l)
	}
	if n := total(g, "csa.mclaws.kershaw", "csa.mclaws.semmes", "csa.mclaws.wofford"); n != 15 {
		t.Fatalf("manpower not conserved: %d", n)
	}
	// Its brigades may give the others (18.2), and named rests are taken.
	wantCode(t, g, sp(lee, "csa.mclaws.wofford", "Semmes", 1, 0), engine.ErrIllegal, "detach.brigade")
	b := apply(t, g, sp(lee, "csa.mclaws.wofford", "Barksdale", 3, 0), engine.Script())
	if b.Units["csa.mclaws.barksdale"].Manpower != 3 || b.Units["csa.mclaws.wofford"].Manpower != 4 {
		t.Fatal("Wofford did not give Barksdale")
	}
	h := attachGame(t, 18)
	h = apply(t, h, DetachUnit{By: lee, Unit: "csa.mclaws", Manpower: 8, Rest: "Barksdale", Rules: rules}, engine.Script())
	if h.Units["csa.mclaws.barksdale"].Manpower != 7 || h.Units["csa.mclaws.d1"].Name != "Inf Sub 1" {
		t.Fatalf("a substitute breaking the division up: %v", h.Units["csa.mclaws.barksdale"])
	}
	wantCode(t, attachGame(t, 18), DetachUnit{By: lee, Unit: "csa.mclaws", Manpower: 8, Rest: "Gordon", Rules: rules}, engine.ErrInvalid, "detach.rest")
	// With every brigade counter out, nothing can replace the division.
	f := attachGame(t, 18)
	for _, br := range []string{"Kershaw", "Semmes", "Wofford"} {
		f = apply(t, f, sp(lee, "csa.mclaws", br, 2, 0), engine.Script())
	}
	wantCode(t, f, sp(lee, "csa.mclaws", "Barksdale", 2, 0), engine.ErrIllegal, "detach.rest")
	// Without rule 18 the same detachment is 7.1's: a division keeps 4.
	wantCode(t, attachGame(t), detach(lee, "csa.mclaws", 12), engine.ErrIllegal, "detach.size")
	if _, err := attachGame(t).Decide(detach(lee, "csa.mclaws", 8), engine.Script()); err != nil {
		t.Fatalf("without rule 18 McLaws keeps 7 as a division: %v", err)
	}

	// Conversely: brigades of 9 or more re-form the division; the leader
	// leaves the map wherever it is. Two units: 7.2's status rules.
	g = apply(t, g, engine.MoveUnits{By: lee, Units: []string{"csa.mclaws.leader"}, To: hexA}, engine.Script())
	g = edited(g, "csa.mclaws.kershaw", func(u *engine.UnitState) { u.Fatigue = 3 })
	two := apply(t, g, attach(lee, "csa.mclaws.wofford", "csa.mclaws.kershaw"), engine.Script())
	d := two.Units["csa.mclaws"]
	if d.Manpower != 11 || !d.OnMap || d.Hex != hexB || d.Fatigue != 3 || d.Status.Ammo != engine.AmmoLow || !engine.Contains(d.Marks, "optional-detachment") {
		t.Fatalf("re-formed from two: %+v", d)
	}
	for _, id := range []string{"csa.mclaws.leader", "csa.mclaws.kershaw", "csa.mclaws.wofford"} {
		if _, ok := two.Units[id]; ok {
			t.Errorf("%s is still on the map", id)
		}
	}
	if _, ok := two.Attach.Broken["csa.mclaws"]; ok || two.Units["csa.mclaws.semmes"].Manpower != 4 {
		t.Fatal("the division is still broken up, or Semmes was taken")
	}
	// More than two: the status of the largest unit (Wofford, 7).
	three := apply(t, g, attach(lee, "csa.mclaws.wofford", "csa.mclaws.kershaw", "csa.mclaws.semmes"), engine.Script())
	if d := three.Units["csa.mclaws"]; d.Manpower != 15 || d.Fatigue != 1 || d.Status != (engine.UnitStatus{Ammo: engine.AmmoLow, Entrenchment: 1}) || d.Detached.Artillery != 0 {
		t.Fatalf("re-formed from three: %+v", d)
	}
	// Brigades of 8 or less attach as brigades (7.2), and the division
	// stays replaced.
	small := apply(t, g, attach(lee, "csa.mclaws.kershaw", "csa.mclaws.semmes"), engine.Script())
	if _, ok := small.Units["csa.mclaws"]; ok || small.Units["csa.mclaws.kershaw"].Manpower != 8 {
		t.Fatal("8 manpower re-formed the division")
	}
}

// Where the largest brigades tie, the Confederate takes the most
// favourable status (18.3).
func TestRule18TiesTakeTheFavourableStatus(t *testing.T) {
	g := attachGame(t, 18)
	rules := attachRules(attachOOB)
	g = apply(t, g, DetachUnit{By: lee, Unit: "csa.mclaws", Manpower: 4, As: "Kershaw", Rules: rules}, engine.Script())
	g = apply(t, g, DetachUnit{By: lee, Unit: "csa.mclaws", Manpower: 4, As: "Semmes", Rules: rules}, engine.Script()) // Wofford 7
	g = apply(t, g, DetachUnit{By: lee, Unit: "csa.mclaws.wofford", Manpower: 4, As: "Barksdale", Rules: rules}, engine.Script())
	// Kershaw 4, Semmes 4, Barksdale 4, Wofford 3.
	g = edited(g, "csa.mclaws.kershaw", func(u *engine.UnitState) {
		u.Fatigue, u.Status = 2, engine.UnitStatus{Disorganized: true, Entrenchment: 2}
	})
	g = edited(g, "csa.mclaws.semmes", func(u *engine.UnitState) {
		u.Fatigue, u.Status = 1, engine.UnitStatus{Exhausted: true, Demoralization: 1}
	})
	g = edited(g, "csa.mclaws.barksdale", func(u *engine.UnitState) {
		u.Fatigue, u.Status = 3, engine.UnitStatus{Exhausted: true, Demoralization: 2}
	})
	g = edited(g, "csa.mclaws.wofford", func(u *engine.UnitState) { u.Fatigue = 0 })
	g = apply(t, g, attach(lee, "csa.mclaws.wofford", "csa.mclaws.kershaw", "csa.mclaws.semmes", "csa.mclaws.barksdale"), engine.Script())
	d := g.Units["csa.mclaws"]
	if d.Manpower != 15 || d.Fatigue != 1 || d.Status != (engine.UnitStatus{Entrenchment: 2}) {
		t.Fatalf("ties: %d MP, fatigue %d, %+v", d.Manpower, d.Fatigue, d.Status)
	}
}

func TestUmpireUndoesDetachmentAndAttachment(t *testing.T) {
	g := attachGame(t, 18)
	before := g
	g = apply(t, g, detach(lee, "csa.hood", 3), engine.Script())
	g = apply(t, g, engine.UndoLast{By: ump, Reason: "wrong unit"}, engine.Script())
	if !reflect.DeepEqual(g.Units, before.Units) || g.Attach.Made["csa.hood"] != 0 {
		t.Fatal("undo did not take the detachment back")
	}
	g = apply(t, g, detach(lee, "csa.hood", 3), engine.Script())
	if _, ok := g.Units["csa.hood.d1"]; !ok {
		t.Fatal("the id after an undo is not csa.hood.d1")
	}
	// A division replaced and re-formed, each undone.
	rules := attachRules(attachOOB)
	g = apply(t, g, DetachUnit{By: lee, Unit: "csa.mclaws", Manpower: 7, As: "Kershaw", Rules: rules}, engine.Script())
	broken := g
	g = apply(t, g, attach(lee, "csa.mclaws.semmes", "csa.mclaws.kershaw"), engine.Script())
	if g.Units["csa.mclaws"].Manpower != 15 {
		t.Fatal("not re-formed")
	}
	g = apply(t, g, engine.UndoLast{By: ump, Reason: "not in the attachment phase"}, engine.Script())
	if !reflect.DeepEqual(g.Units, broken.Units) || !reflect.DeepEqual(g.Attach, broken.Attach) {
		t.Fatal("undo did not take the re-forming back")
	}
	if _, err := g.Decide(engine.UndoLast{By: lee, Reason: "oops"}, engine.Script()); !errors.Is(err, engine.ErrIllegal) {
		t.Fatal("a player undid")
	}
}

// Apply folds immutably: the state a detachment, an attachment or a
// re-forming is applied to is left as it was.
func TestAttachEventsLeaveTheirStateAlone(t *testing.T) {
	g := attachGame(t, 18)
	rules := attachRules(attachOOB)
	snapshot := func(g Game) string {
		b, err := json.Marshal(struct {
			U map[string]engine.UnitState
			A AttachState
		}{g.Units, g.Attach})
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	steps := []engine.Command{
		DetachUnit{By: lee, Unit: "csa.mclaws", Manpower: 7, As: "Kershaw", Rules: rules},
		attach(lee, "csa.mclaws.semmes", "csa.mclaws.kershaw"),
		detach(lee, "csa.hood", 5),
		attach(lee, "csa.hood", "csa.pettigrew"),
	}
	for _, cmd := range steps {
		before := snapshot(g)
		next := apply(t, g, cmd, engine.Script())
		if snapshot(g) != before {
			t.Fatalf("%s changed the state it was applied to", cmd.CommandName())
		}
		g = next
	}
	if g.Attach.Attached["csa.pettigrew"] != "csa.hood" || g.Units["csa.hood"].Manpower != 15-5+4 {
		t.Fatalf("at the end: %v, Hood %d", g.Attach.Attached, g.Units["csa.hood"].Manpower)
	}
}
