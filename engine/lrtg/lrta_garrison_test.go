package lrtg

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
)

// The DC garrison requirement (004 1 c), "DC Garrison Requirements") and
// the Union Garrison Check with its penalty (004 8), on the constructed
// map of lrta_turnstart_test.go: 18 MP (2 cavalry) at all times, +20 for
// Confederate infantry of 5+ MP in Fairfax, Prince George's or southern
// Montgomery now, +10 for one there before, +10 each for Disorder, Panic,
// Flight (Optional Rule 20), the railroad to Washington cut.

func laRequirement(t *testing.T, g Game) *DCGarrisonSet {
	t.Helper()
	set, err := g.DCGarrisonRequirement(laData(), laLibrary())
	if err != nil {
		t.Fatal(err)
	}
	return set
}

// applies lists the lines that apply, as "MP" values.
func applies(set *DCGarrisonSet) []int {
	var out []int
	for _, l := range set.Lines {
		if l.Applies {
			out = append(out, l.MP)
		}
	}
	return out
}

func TestDCGarrisonRequirementLines(t *testing.T) {
	g := laGame(t, laOpts())
	set := laRequirement(t, g)
	if set.Total != 18 || set.Cavalry != 2 || len(set.Lines) != 7 || !reflect.DeepEqual(applies(set), []int{18}) || set.Threat {
		t.Fatalf("at the start: %+v", set)
	}
	// The threat area: Fairfax, Prince George's, and Montgomery east of
	// Seneca Creek and south of Rockville only; infantry of 5 MP or more.
	for _, c := range []struct {
		name   string
		at     engine.Hex
		unit   string
		threat bool
	}{
		{"Fairfax", at(50, 5), "csa.hood", true},
		{"Prince George's", at(90, -5), "csa.hood", true},
		{"Montgomery south-east", laMontSE, "csa.hood", true},
		{"Montgomery north of Rockville", laMontN, "csa.hood", false},
		{"Montgomery west of Seneca Creek", laMontW, "csa.hood", false},
		{"Rockville itself", laRockville, "csa.hood", false},
		{"Fairfax, a 4 MP brigade", at(50, 5), "csa.evans", false},
		{"Fairfax, cavalry", at(50, 5), "csa.robertson", false},
		{"Loudoun", at(20, 5), "csa.hood", false},
	} {
		s := laRequirement(t, tsAt(g, c.at, c.unit))
		if s.Threat != c.threat || (c.threat && (s.Total != 38 || !reflect.DeepEqual(s.Threats, []string{c.unit}))) || (!c.threat && s.Total != 18) {
			t.Errorf("%s: threat %v total %d %v", c.name, s.Threat, s.Total, s.Threats)
		}
	}
	// Seen at 1c of turn 2, gone on turn 3: +10 instead of +20.
	threat := tsAt(g, laMontSE, "csa.hood")
	threat.Turn = 2
	threat, _ = laRun(t, threat, "1c", engine.Script())
	if !reflect.DeepEqual(threat.LRTAStart.ThreatTurns, []int{2}) {
		t.Fatalf("threat turns %v", threat.LRTAStart.ThreatTurns)
	}
	gone := tsAt(threat, tsVA, "csa.hood")
	gone.Turn = 3
	gone, evs := laRun(t, gone, "1c", engine.Script())
	set = evs[0].(*DCGarrisonSet)
	if set.Total != 28 || !reflect.DeepEqual(applies(set), []int{18, 10}) || !strings.Contains(set.Lines[2].Why, "turn 2") {
		t.Fatalf("gone: %+v", set)
	}
	if r, ok := gone.LRTAStart.DCRequirementOf(3); !ok || r.Total != 28 {
		t.Fatalf("turn 3's requirement: %+v", r)
	}
	// Back: +20 only, not both.
	back := tsAt(gone, at(50, 5), "csa.hood")
	if s := laRequirement(t, back); s.Total != 38 || s.Lines[2].Applies {
		t.Fatalf("back: %+v", s)
	}
	// Disorder and Panic, at any time; Flight only with Optional Rule 20.
	morale := g
	morale.Records.Armies = map[engine.Side]ArmyRecord{engine.USA: {EverDisorder: true, EverPanic: true, Level: 9}}
	morale.TurnRecord = []engine.TurnPoint{{Turn: 1, USA: 16}}
	if s := laRequirement(t, morale); s.Total != 38 || !reflect.DeepEqual(applies(s), []int{18, 10, 10}) || !strings.Contains(s.Lines[5].Why, "Optional Rule 20") {
		t.Fatalf("disorder and panic: %+v", s)
	}
	morale.Options.Optional = []int{20}
	if s := laRequirement(t, morale); s.Total != 48 || !s.Lines[5].Applies {
		t.Fatalf("flight with rule 20: %+v", s)
	}
	morale.TurnRecord = []engine.TurnPoint{{Turn: 1, USA: 15}}
	if s := laRequirement(t, morale); s.Total != 38 {
		t.Fatalf("15 is no flight: %+v", s)
	}
	// The railroad: a station from Annapolis Junction to the Baltimore
	// Depot; or one toward Annapolis and one toward Relay House.
	rail := func(damaged ...string) int {
		r := g
		r.Places = map[string]PlaceState{}
		for _, s := range damaged {
			r.Places[s] = PlaceState{Station: "damaged"}
		}
		return laRequirement(t, r).Total
	}
	for _, c := range []struct {
		stations []string
		want     int
	}{{nil, 18}, {[]string{"Bladensburg"}, 28}, {[]string{"Baltimore Depot"}, 28}, {[]string{"Annapolis Junction"}, 28},
		{[]string{"Annapolis"}, 18}, {[]string{"Relay House"}, 18}, {[]string{"Annapolis", "Relay House"}, 28}} {
		if got := rail(c.stations...); got != c.want {
			t.Errorf("stations %v: %d, want %d", c.stations, got, c.want)
		}
	}
	// Everything at once: 18 + 20 + 10 + 10 + 10 + 10 = 78.
	all := tsAt(morale, laMontSE, "csa.hood")
	all.TurnRecord = []engine.TurnPoint{{Turn: 1, USA: 16}}
	all.Places = map[string]PlaceState{"Bladensburg": {Station: "destroyed"}}
	if s := laRequirement(t, all); s.Total != 78 {
		t.Fatalf("all lines: %d", s.Total)
	}
	// The chart is required.
	if _, err := g.DCGarrisonRequirement(laData(), &engine.Library{}); err == nil {
		t.Fatal("no chart, no requirement")
	}
}

// garrisonStatus returns a garrison's line of the check.
func garrisonStatus(t *testing.T, c *GarrisonChecked, id string) GarrisonStatus {
	t.Helper()
	for _, s := range c.Garrisons {
		if s.Garrison == id {
			return s
		}
	}
	t.Fatalf("no %s in %+v", id, c)
	return GarrisonStatus{}
}

func laCheck(t *testing.T, g Game) (Game, *GarrisonChecked) {
	t.Helper()
	g.Sequence = engine.SequenceState{Step: "8", Turn: g.Turn}
	evs, err := lrtaGarrisonCheck(g, engine.Script(), laCtx())
	if err != nil {
		t.Fatal(err)
	}
	var chk *GarrisonChecked
	for _, e := range evs {
		g = g.Apply(e)
		if c, ok := e.(*GarrisonChecked); ok {
			chk = c
		}
	}
	return g, chk
}

func TestGarrisonCheckAndPenalty(t *testing.T) {
	g := laGame(t, laOpts())
	g, _ = laRun(t, g, "1c", engine.Script())
	// Met: 18 MP (2 cavalry) in the DC Defense Area (the District and
	// Alexandria County; Heintzelman, a leader, adds nothing); 5 MP at
	// Harpers Ferry (Ford two hexes off counts).
	met, chk := laCheck(t, g)
	dc, hf, balt := garrisonStatus(t, chk, GarrisonDC), garrisonStatus(t, chk, GarrisonHarpersFerry), garrisonStatus(t, chk, GarrisonBaltimore)
	if !dc.Met || dc.Present != 18 || dc.CavalryPresent != 2 || dc.Required != 18 || !reflect.DeepEqual(dc.Units, []string{"usa.2-ma", "usa.waagner", "usa.whipple"}) {
		t.Fatalf("DC: %+v", dc)
	}
	if !hf.Met || hf.Present != 5 || hf.Required != 5 || hf.Code != GarrisonWhyHF || hf.Radius != hfRadius || balt.Checked || balt.Code != GarrisonWhyBaltimore || balt.Why != "" {
		t.Fatalf("HF %+v, Baltimore %+v", hf, balt)
	}
	if w := lrtaGarrisonWait(met); len(w) != 0 {
		t.Fatalf("met, waits for %v", w)
	}
	// Confederate infantry in Fairfax at 1c: 38 required, 18 there.
	threat := tsAt(g, at(50, 5), "csa.hood")
	threat, _ = laRun(t, threat, "1c", engine.Script())
	short, chk := laCheck(t, threat)
	dc = garrisonStatus(t, chk, GarrisonDC)
	if dc.Met || dc.Required != 38 || dc.Present != 18 || dc.Code != GarrisonWhyDC || !reflect.DeepEqual(chk.Short(), []string{GarrisonDC}) || !chk.Threat {
		t.Fatalf("short: %+v", chk)
	}
	if w := lrtaGarrisonWait(short); len(w) != 1 || !strings.Contains(w[0], "/garrison penalty") {
		t.Fatalf("wait: %v", w)
	}
	// The cavalry: 2 MA gone, 16 MP and no cavalry.
	nocav := tsAt(g, laFarSouth, "usa.2-ma")
	_, chk = laCheck(t, nocav)
	if dc = garrisonStatus(t, chk, GarrisonDC); dc.Met || dc.Present != 16 || dc.CavalryPresent != 0 || dc.Cavalry != 2 || dc.Code != GarrisonWhyDC {
		t.Fatalf("no cavalry: %+v", dc)
	}
	// Harpers Ferry: Ford leaves, 3 MP.
	_, chk = laCheck(t, tsAt(g, laFarSouth, "usa.ford"))
	if hf = garrisonStatus(t, chk, GarrisonHarpersFerry); hf.Met || hf.Present != 3 || hf.Code != GarrisonWhyHF {
		t.Fatalf("HF short: %+v", hf)
	}
	// Released by the random event, or surrendered: no longer checked.
	released := tsAt(g, laFarSouth, "usa.ford", "usa.miles")
	released.LRTAEvents.Rolled = []LRTARandomEvent{{Turn: 4, Outcome: LRTAEventReleaseHF}}
	_, chk = laCheck(t, released)
	if hf = garrisonStatus(t, chk, GarrisonHarpersFerry); hf.Checked || hf.Code != GarrisonWhyHFReleased || hf.Turn != 4 {
		t.Fatalf("released: %+v", hf)
	}
	fell := tsAt(g, laFarSouth, "usa.ford", "usa.miles")
	fell.Declared.HF = []HarpersFerryRecord{{Turn: 1, Rolled: true, Outcome: lrtaHFSurrenders}}
	_, chk = laCheck(t, fell)
	if hf = garrisonStatus(t, chk, GarrisonHarpersFerry); hf.Checked || hf.Code != GarrisonWhyHFSurrendered || hf.Turn != 1 {
		t.Fatalf("surrendered: %+v", hf)
	}
	// Without 1c this turn the check sets the requirement itself.
	g2 := g
	g2.Turn = 2
	g2.Sequence = engine.SequenceState{Step: "8", Turn: 2}
	evs, err := lrtaGarrisonCheck(g2, engine.Script(), laCtx())
	if err != nil || len(evs) != 2 {
		t.Fatalf("no 1c: %v %v", evs, err)
	}
	if _, ok := evs[0].(*DCGarrisonSet); !ok {
		t.Fatalf("no 1c: %T first", evs[0])
	}

	// The penalty: the umpire's, in step 8, VP 0-500, with his rule.
	short.Sequence = engine.SequenceState{Step: "8", Turn: short.Turn}
	for _, c := range []struct {
		cmd  AssessGarrisonPenalty
		kind error
		code string
	}{
		{AssessGarrisonPenalty{By: meade, VP: 5, Reason: "3.2"}, engine.ErrIllegal, "garrison.umpire"},
		{AssessGarrisonPenalty{By: ump, VP: -5, Reason: "3.2"}, engine.ErrInvalid, "garrison.vp"},
		{AssessGarrisonPenalty{By: ump, VP: 501, Reason: "3.2"}, engine.ErrInvalid, "garrison.vp"},
		{AssessGarrisonPenalty{By: ump, VP: 5, Reason: " "}, engine.ErrInvalid, "garrison.reason"},
		{AssessGarrisonPenalty{By: ump, VP: 5, Reason: "3.2", Garrisons: []string{"richmond"}}, engine.ErrInvalid, "garrison.name"},
	} {
		_, err := short.Decide(c.cmd, engine.Script())
		var re *engine.RuleError
		if !errors.As(err, &re) || !errors.Is(err, c.kind) || re.Code != c.code {
			t.Errorf("%+v: %v, want %s", c.cmd, err, c.code)
		}
	}
	at3a := short
	at3a.Sequence = engine.SequenceState{Step: "3a", Turn: short.Turn}
	if _, err := at3a.Decide(AssessGarrisonPenalty{By: ump, VP: 5, Reason: "3.2"}, engine.Script()); !errors.Is(err, engine.ErrIllegal) {
		t.Errorf("at 3a: %v", err)
	}
	lrtg := startedGame(t, opts())
	if _, err := lrtg.Decide(AssessGarrisonPenalty{By: ump, VP: 5, Reason: "3.2"}, engine.Script()); !errors.Is(err, engine.ErrIllegal) {
		t.Errorf("in LRTG: %v", err)
	}
	penalized := apply(t, short, AssessGarrisonPenalty{By: ump, VP: 20, Reason: "our 3.2: 1 VP a manpower point short"}, engine.Script())
	last := penalized.VP[len(penalized.VP)-1]
	if last.Category != CategoryGarrison || last.VP != 20 || last.What != "Union garrison short: Washington, DC (004 8)" || last.Detail != "our 3.2: 1 VP a manpower point short" {
		t.Fatalf("VP entry: %+v", last)
	}
	if w := lrtaGarrisonWait(penalized); len(w) != 0 {
		t.Fatalf("assessed, still waits: %v", w)
	}
	// None due: vp 0 ends the wait and writes no VP.
	none := apply(t, short, AssessGarrisonPenalty{By: ump, VP: 0, Reason: "no penalty in our copy for this"}, engine.Script())
	if len(none.VP) != len(short.VP) || len(lrtaGarrisonWait(none)) != 0 {
		t.Fatalf("vp 0: %v", none.VP)
	}
	// Limited intelligence: the record names no garrison and no reason.
	li := short
	li.Options.LimitedIntel = true
	li = apply(t, li, AssessGarrisonPenalty{By: ump, VP: 20, Reason: "3.2: 20 MP short"}, engine.Script())
	if last := li.VP[len(li.VP)-1]; last.What != "Union garrison penalty (004 8)" || last.Detail != "" || last.VP != 20 {
		t.Fatalf("hidden VP entry: %+v", last)
	}
	// Without /phase the umpire may assess at any time.
	free := short
	free.Sequence = engine.SequenceState{}
	apply(t, free, AssessGarrisonPenalty{By: ump, VP: 1, Reason: "3.2", Garrisons: []string{GarrisonBaltimore}}, engine.Script())
}

// The Victory Check (lrta_victory.go's step 8) runs the garrison check and
// waits for the penalty.
func TestVictoryCheckRunsTheGarrisonCheck(t *testing.T) {
	g := laGame(t, laOpts())
	g = tsAt(g, at(50, 5), "csa.hood")
	g, _ = laRun(t, g, "1c", engine.Script())
	g, evs := laRun(t, g, "8", engine.Script())
	found := false
	for _, e := range evs {
		if c, ok := e.(*GarrisonChecked); ok {
			found = reflect.DeepEqual(c.Short(), []string{GarrisonDC})
		}
	}
	if !found {
		t.Fatalf("step 8: %v", evs)
	}
	w := g.Waiting()
	if len(w) == 0 || !strings.Contains(strings.Join(w, "; "), "/garrison penalty") {
		t.Fatalf("waits for %v", w)
	}
}

func TestGarrisonEventsRoundTrip(t *testing.T) {
	for _, e := range []engine.Event{
		&DCGarrisonSet{Turn: 2, Lines: []GarrisonLine{{What: "base", MP: 18, Applies: true}}, Total: 18, Cavalry: 2, Threat: true, Threats: []string{"csa.hood"}},
		&GarrisonChecked{Turn: 2, Garrisons: []GarrisonStatus{{Garrison: GarrisonDC, Checked: true, Required: 38, Present: 18, Units: []string{"usa.whipple"}, Why: "short"}}, Threat: true},
		&GarrisonPenaltyAssessed{By: ump, Turn: 2, VP: 20, Garrisons: []string{GarrisonDC}, Reason: "3.2", Hidden: true},
	} {
		typ, data, err := engine.EncodeEvent(e)
		if err != nil {
			t.Fatal(err)
		}
		back, err := testDecode(typ, data)
		if err != nil || !reflect.DeepEqual(back, e) {
			t.Errorf("%s: %+v, %v", typ, back, err)
		}
	}
}
