package lrtg

import (
	"errors"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
)

// Where the older LRTG code answered LRTA games with LRTG rules: the
// action cycle's step names, /segment victory, depot and levy values, the
// Harpers Ferry depot, the Union depots' one place or flip a turn, and
// the Union attachment restrictions (004).

// polishCode returns the code of a rule error ("" for none or another
// error).
func polishCode(err error) string {
	var re *engine.RuleError
	if errors.As(err, &re) {
		return re.Code
	}
	return ""
}

func polishRule(err error) string {
	var re *engine.RuleError
	if errors.As(err, &re) {
		return re.Rule + " " + re.Hint
	}
	return ""
}

// 004 4 a), b): LRTA's steps are the Regular Movement Phase and the Long
// Distance Movement Phase; LRTG keeps 003's names.
func TestLRTAActionStepTitles(t *testing.T) {
	lrtg := bare(opts())
	lrta := bare(lrtaOpts())
	for _, c := range []struct {
		g          Game
		step, want string
	}{
		{lrtg, "4a", "Normal Action Phase"}, {lrtg, "4b", "Distance Action Phase"},
		{lrta, "4a", "Regular Movement Phase"}, {lrta, "4b", "Long Distance Movement Phase"},
		{lrta, "5a", "5a"},
	} {
		if got := c.g.ActionStepTitle(c.step); got != c.want {
			t.Errorf("%s %s: %q, want %q", c.g.Game(), c.step, got, c.want)
		}
		if c.g.Game() == LRTG && ActionStepTitle(c.step) != c.want {
			t.Errorf("ActionStepTitle(%s) = %q", c.step, ActionStepTitle(c.step))
		}
	}
	g, _ := lrtaSegGame(t, 10)
	_, err := g.underWay(meade)
	if err == nil || !strings.Contains(err.Error(), "4a (Regular Movement Phase) and 4b (Long Distance Movement Phase)") {
		t.Errorf("no cycle under way: %v", err)
	}
	g, _ = segGame(t, opts(), 10)
	if _, err := g.underWay(meade); err == nil || !strings.Contains(err.Error(), "4a (Normal Action Phase) and 4b (Distance Action Phase)") {
		t.Errorf("LRTG, no cycle under way: %v", err)
	}
}

// /segment victory is LRTG's: an LRTA game is sent to /victory check.
func TestLRTASegmentVictoryRefused(t *testing.T) {
	g, ctx := lrtaSegGame(t, 10)
	_, err := g.Decide(CheckVictory{By: ump, Context: ctx}, engine.Script())
	if polishCode(err) != "segment.victory.game" || !strings.Contains(polishRule(err), "/victory check") {
		t.Fatalf("LRTA: %v", err)
	}
	// A player is told the same, not that only the umpire may.
	if _, err := g.Decide(CheckVictory{By: lee, Context: ctx}, engine.Script()); polishCode(err) != "segment.victory.game" {
		t.Errorf("LRTA, a player: %v", err)
	}
	lg, lctx := segGame(t, opts(), 10)
	if _, err := lg.Decide(CheckVictory{By: ump, Context: lctx}, engine.Script()); polishCode(err) == "segment.victory.game" {
		t.Errorf("LRTG refused as LRTA: %v", err)
	}
}

// The places as scenarios/maps/lrtg-places-charts.yaml has them (LRTG
// values from 003, LRTA's lrta_ values from 004; bot/lrta_polish_test.go
// checks the shipped data against the charts).
func polishPlaces() map[string]engine.Place {
	pl := func(name string, h engine.Hex, v map[string]int, kinds ...string) engine.Place {
		return engine.Place{Name: name, Hex: h, Kinds: kinds, Values: v}
	}
	return map[string]engine.Place{
		"Alexandria": pl("Alexandria", at(70, 10), map[string]int{"depot_victuals": 42, "depot_victuals_simplified": 7, "depot_vp": 14, "lrta_depot_victuals": 40, "lrta_depot_vp": 14}, "depot"),
		"Manassas Junction": pl("Manassas Junction", at(50, 10), map[string]int{"depot_victuals": 18, "depot_victuals_simplified": 3, "depot_vp": 6,
			"lrta_depot_victuals": 30, "lrta_depot_vp": 10}, "depot"),
		"Baltimore Depot": pl("Baltimore Depot", at(74, -5), map[string]int{"depot_victuals": 6, "depot_victuals_simplified": 2, "depot_vp": 2}, "depot"),
		"Culpeper":        pl("Culpeper", at(60, 28), map[string]int{"depot_victuals": 6, "depot_vp": -2}, "csa-depot"),
		"Harrisburg": pl("Harrisburg", at(20, -30), map[string]int{"levy_victuals": 67, "levy_victuals_simplified": 11, "levy_vp": 16,
			"lrta_levy_victuals": 60, "lrta_levy_victuals_simplified": 12, "lrta_levy_vp": 16}, "levy-town", "town"),
		"Hagerstown": pl("Hagerstown", at(20, -10), map[string]int{"levy_victuals": 20, "levy_victuals_simplified": 3,
			"lrta_levy_victuals": 20, "lrta_levy_victuals_simplified": 4}, "levy-town", "town"),
		"Nowhere": pl("Nowhere", at(30, -10), map[string]int{"levy_victuals": 5, "levy_victuals_simplified": 1}, "levy-town", "town"),
	}
}

func polishSetPlaces(g Game, states map[string]PlaceState) Game {
	places := make(map[string]PlaceState, len(g.Places)+len(states))
	for k, v := range g.Places {
		places[k] = v
	}
	for k, v := range states {
		places[k] = v
	}
	g.Places = places
	return g
}

// 004 Depots and Levied Supplies: an LRTA game reads the lrta_ values, its
// simplified column, and its "All other Union Depots" and "All
// Confederate Depots" rows; LRTG reads 003's.
func TestLRTADepotAndLevyValues(t *testing.T) {
	ps := polishPlaces()
	states := map[string]PlaceState{
		"Alexandria":        {Depot: engine.USA, Captured: engine.CSA},
		"Manassas Junction": {Depot: engine.USA, Captured: engine.CSA},
		"Baltimore Depot":   {Depot: engine.USA, Captured: engine.CSA},
		"Culpeper":          {Depot: engine.CSA, Captured: engine.USA},
		"Harrisburg":        {Levied: true},
	}
	type want struct {
		simplified, normal int
		store              bool
	}
	check := func(game string, g Game, name string, w want) {
		t.Helper()
		for _, supply := range []string{"simplified", "normal"} {
			g.Options.Supply = supply
			v, ok := g.StoreVictuals(ps[name])
			exp := w.normal
			if supply == "simplified" {
				exp = w.simplified
			}
			if ok != w.store || (ok && v != exp) {
				t.Errorf("%s %s, %s supply: %d (%v), want %d (%v)", game, name, supply, v, ok, exp, w.store)
			}
		}
	}
	lrta := polishSetPlaces(bare(lrtaOpts()), states)
	lrtg := polishSetPlaces(bare(opts()), states)
	check("LRTA", lrta, "Alexandria", want{14, 40, true})
	check("LRTG", lrtg, "Alexandria", want{7, 42, true})
	check("LRTA", lrta, "Manassas Junction", want{7, 30, true})
	check("LRTG", lrtg, "Manassas Junction", want{3, 18, true})
	check("LRTA", lrta, "Baltimore Depot", want{3, 10, true}) // All other Union Depots 10 3 2
	check("LRTG", lrtg, "Baltimore Depot", want{2, 6, true})
	check("LRTA", lrta, "Culpeper", want{store: false}) // All Confederate Depots NA NA 2
	check("LRTG", lrtg, "Culpeper", want{6, 6, true})
	check("LRTA", lrta, "Harrisburg", want{12, 60, true})
	check("LRTG", lrtg, "Harrisburg", want{11, 67, true})
	for _, c := range []struct {
		g    Game
		name string
		vp   int
	}{
		{lrta, "Alexandria", 14}, {lrta, "Manassas Junction", 10}, {lrta, "Baltimore Depot", 2}, {lrta, "Culpeper", -2},
		{lrtg, "Alexandria", 14}, {lrtg, "Manassas Junction", 6}, {lrtg, "Baltimore Depot", 2}, {lrtg, "Culpeper", -2},
	} {
		if got := c.g.DepotVP(ps[c.name]); got != c.vp {
			t.Errorf("%s %s: depot VP %d, want %d", c.g.Game(), c.name, got, c.vp)
		}
	}
	// A Confederate depot placed at a Union depot's site (Winchester) is
	// "All Confederate Depots" in LRTA.
	lw := polishSetPlaces(lrta, map[string]PlaceState{"Manassas Junction": {Depot: engine.CSA}})
	if vp := lw.DepotVP(ps["Manassas Junction"]); vp != -2 {
		t.Errorf("a Confederate depot: VP %d, want -2", vp)
	}
}

// /place levy and destroy-depot record LRTA's values in an LRTA game.
func TestLRTALevyAndDepotActions(t *testing.T) {
	ps := polishPlaces()
	for _, c := range []struct {
		game           string
		o              engine.GameOptions
		victuals, vp   int
		depotVP        int
		nowhereRefused bool
	}{
		{"LRTA", lrtaOpts(), 12, 16, 10, true},
		{"LRTG", engine.GameOptions{Scenario: "lrtg-high-tide", Supply: "simplified", Comms: 1}, 11, 16, 6, false},
	} {
		g, _ := segGame(t, c.o, 10)
		g = polishSetPlaces(g, map[string]PlaceState{"Manassas Junction": {Depot: engine.USA}})
		evs, err := g.Decide(ActOnPlace{By: ump, Place: ps["Harrisburg"], Action: ActLevy}, engine.Script())
		if err != nil {
			t.Fatalf("%s levy: %v", c.game, err)
		}
		if e := evs[len(evs)-1].(*PlaceActed); e.Victuals != c.victuals || e.VP != c.vp {
			t.Errorf("%s levy of Harrisburg: %d victuals, %d VP; want %d, %d", c.game, e.Victuals, e.VP, c.victuals, c.vp)
		}
		_, err = g.Decide(ActOnPlace{By: ump, Place: ps["Nowhere"], Action: ActLevy}, engine.Script())
		if refused := polishCode(err) == "place.kind"; refused != c.nowhereRefused {
			t.Errorf("%s levy of a town 004 does not list: %v", c.game, err)
		}
		evs, err = g.Decide(ActOnPlace{By: ump, Place: ps["Manassas Junction"], Action: ActDestroyDepot, Reason: "burnt"}, engine.Script())
		if err != nil {
			t.Fatalf("%s destroy: %v", c.game, err)
		}
		if e := evs[len(evs)-1].(*PlaceActed); e.VP != c.depotVP {
			t.Errorf("%s destroyed Manassas Junction: %d VP, want %d", c.game, e.VP, c.depotVP)
		}
	}
}

// The Harpers Ferry depot: LRTA's Union keeps it until the Release of
// Harpers Ferry Garrison (004 random event 6), not until Meade.
func TestLRTAHarpersFerryDepotRelease(t *testing.T) {
	g, ctx := lrtaSegGame(t, 10)
	g = passive(g, engine.USA)
	g.Sequence = engine.SequenceState{Step: "5h", Turn: g.Turn}
	g = polishSetPlaces(g, map[string]PlaceState{"Harpers Ferry": {Depot: engine.USA}})
	hf := *ctx.Move.Theatre.Place("Harpers Ferry")
	hf.Kinds = []string{"depot", "rr-station"}
	dismantle := ScheduleDepot{By: meade, Action: DepotDismantle, Place: hf, Map: ctx.Move.Theatre}
	burn := ActOnPlace{By: meade, Place: hf, Action: ActDestroyDepot, Unit: "usa.tyler"}
	g.Movement.Meade = true // LRTG's condition means nothing in LRTA
	_, err := g.Decide(dismantle, engine.Script())
	if polishCode(err) != "segment.depot.hf" || !strings.Contains(err.Error(), "Release of Harpers Ferry Garrison") || !strings.Contains(polishRule(err), "004") {
		t.Fatalf("dismantle before the release: %v", err)
	}
	_, err = g.Decide(burn, engine.Script(1))
	if polishCode(err) != "place.depot" || !strings.Contains(err.Error(), "Release of Harpers Ferry Garrison") {
		t.Fatalf("destroy before the release: %v", err)
	}
	g.LRTAEvents = LRTAEventsState{Rolled: []LRTARandomEvent{{Turn: 8, Outcome: LRTAEventReleaseHF}}}
	g.Movement.Meade = false
	if evs, err := g.Decide(dismantle, engine.Script()); err != nil || len(evs) != 1 {
		t.Fatalf("dismantle after the release: %v", err)
	} else if sc := evs[0].(*DepotScheduled).Schedule; sc.Due != g.Turn+DismantleTurns {
		t.Errorf("due %d", sc.Due)
	}
	if evs, err := g.Decide(burn, engine.Script(1)); err != nil {
		t.Fatalf("destroy after the release: %v", err)
	} else if _, ok := evs[len(evs)-1].(*PlaceActed); !ok {
		t.Errorf("destroy: %+v", evs)
	}
	// LRTG: Meade still decides.
	lg, lctx := segGame(t, opts(), 10)
	lg = passive(lg, engine.USA)
	lg.Sequence = engine.SequenceState{Step: "5h", Turn: lg.Turn}
	lg = polishSetPlaces(lg, map[string]PlaceState{"Harpers Ferry": {Depot: engine.USA}})
	lctx.Move.Theatre.Places = append(lctx.Move.Theatre.Places, hf)
	lg.LRTAEvents = g.LRTAEvents
	_, err = lg.Decide(ScheduleDepot{By: meade, Action: DepotDismantle, Place: hf, Map: lctx.Move.Theatre}, engine.Script())
	if polishCode(err) != "segment.depot.hf" || !strings.Contains(err.Error(), "may not be removed until Meade takes command") || !strings.Contains(polishRule(err), "LRTG 13.8, 16.1") {
		t.Errorf("LRTG: %v", err)
	}
}

// 004 5 h) ii): "USA: Each passive turn place or flip" — one or the other.
func TestLRTAUnionDepotOneATurn(t *testing.T) {
	g, ctx := lrtaSegGame(t, 10)
	th := ctx.Move.Theatre
	g = passive(g, engine.USA)
	g, _ = runLRTAStep(t, g, "5h", engine.Script(), ctx)
	g = apply(t, g, ScheduleDepot{By: meade, Action: DepotConstruct, Place: *th.Place("Mid"), Map: th}, engine.Script())
	// The next passive turn flips it...
	g.Turn = 12
	g = passive(g, engine.USA)
	g, _ = runLRTAStep(t, g, "5h", engine.Script(), ctx)
	if g.Places["Mid"].Depot != engine.USA || g.Segment.Flipped != "Mid" {
		t.Fatalf("flip: %+v %q", g.Places["Mid"], g.Segment.Flipped)
	}
	// ...and no depot is placed on its build side that turn.
	wp := ScheduleDepot{By: meade, Action: DepotConstruct, Place: *th.Place("Williamsport"), Map: th}
	_, err := g.Decide(wp, engine.Script())
	if polishCode(err) != "segment.depot.one" || !strings.Contains(polishRule(err), "004") {
		t.Fatalf("place after a flip: %v", err)
	}
	// The umpire may rule otherwise, with a reason.
	if _, err := g.Decide(ScheduleDepot{By: ump, Action: DepotConstruct, Place: *th.Place("Williamsport"), Map: th, Reason: "ruling"}, engine.Script()); err != nil {
		t.Errorf("umpire: %v", err)
	}
	// The next passive turn, with nothing to flip, it may.
	g.Turn = 13
	g = passive(g, engine.USA)
	g, _ = runLRTAStep(t, g, "5h", engine.Script(), ctx)
	if g.Segment.Flipped != "" {
		t.Fatalf("turn 13 flipped %q", g.Segment.Flipped)
	}
	if _, err := g.Decide(wp, engine.Script()); err != nil {
		t.Errorf("place on turn 13: %v", err)
	}
}

// An LRTA game with the units 004's Union restrictions name.
func polishAttachGame(t *testing.T, game engine.GameOptions) (Game, *SubstituteRules) {
	t.Helper()
	g := apply(t, Game{}, withRules(engine.NewGame{By: ump, Options: game}), engine.Script())
	g = apply(t, g, engine.JoinGame{By: lee, Side: engine.CSA}, engine.Script())
	g = apply(t, g, engine.JoinGame{By: meade, Side: engine.USA}, engine.Script())
	h := engine.Hex{Q: 5, R: 5}
	u := func(id, name, kind, size, command string, mp int) engine.UnitSetup {
		return engine.UnitSetup{ID: id, Name: name, Side: engine.USA, Kind: engine.UnitKind(kind), Size: size, Command: command, Manpower: mp, OnMap: true, Hex: h}
	}
	oob := &engine.OrderOfBattle{Units: []engine.UnitSetup{
		u("usa.banks-div", "Augur", "infantry", "division", "II", 6),
		u("usa.purnell-legion", "Purnell Legion", "infantry", "regiment", "II", 1),
		u("usa.king", "King", "infantry", "division", "III", 8),
		u("usa.white", "White", "infantry", "brigade", "Shen", 3),
		u("usa.9-vt", "9 VT", "infantry", "regiment", "Shen", 1),
		u("usa.dutassy", "D'Utassy", "infantry", "brigade", "RR", 4),
		u("usa.haupt", "Haupt", "infantry", "", "RR", 1),
		u("usa.whipple", "Whipple", "infantry", "brigade", "DC", 2),
		u("usa.waagner", "Waagner", "infantry", "regiment", "DC", 1),
		u("usa.abercrombie", "Abercrombie", "infantry", "division", "DC", 5),
		u("usa.johnson", "Johnson", "infantry", "brigade", "Balt", 2),
		u("usa.buford", "Buford", "cavalry", "brigade", "Cav", 3),
		u("usa.6-ny", "6 NY", "cavalry", "regiment", "Cav", 1),
		u("usa.pa-div", "PA Division", "infantry", "division", "PA", 4),
		u("usa.pa-bde", "PA Brigade", "infantry", "brigade", "PA", 2),
		u("usa.pa-reg", "PA Regiment", "infantry", "regiment", "PA", 1),
	}}
	g = apply(t, g, engine.StartGame{By: ump, OOB: oob}, engine.Script())
	rules := SubstituteRules{Counters: []SubstituteCounter{{ID: "usa.inf-sub-1", Name: "Inf Sub 1", Side: engine.USA, Kind: "infantry", Size: "brigade"}}}
	return g, rules.WithOrder(oob)
}

// 004 Union Attachment / Detachment Restrictions
// (lrta.union-attachment-restrictions).
func TestLRTAUnionAttachmentRestrictions(t *testing.T) {
	g, rules := polishAttachGame(t, lrtaOpts())
	attach := func(g Game, by engine.Actor, unit, to, reason string) error {
		_, err := g.Decide(AttachUnits{By: by, Units: []string{unit}, To: to, Rules: rules, Reason: reason}, engine.Script())
		return err
	}
	for _, c := range []struct {
		unit, to, code string
	}{
		{"usa.purnell-legion", "usa.banks-div", ""},         // its corps
		{"usa.purnell-legion", "usa.king", "attach.group"},  // another corps
		{"usa.waagner", "usa.whipple", ""},                  // DC to DC (LRTG: not before its release)
		{"usa.waagner", "usa.johnson", "attach.group"},      // DC to Balt
		{"usa.9-vt", "usa.white", ""},                       // Shen to Shen
		{"usa.9-vt", "usa.dutassy", "attach.group"},         // Shen to RR
		{"usa.9-vt", "usa.king", "attach.group"},            // not yet: Pope commands
		{"usa.6-ny", "usa.buford", "attach.group"},          // Union cavalry never (LRTG 7.3 allows it)
		{"usa.pa-reg", "usa.pa-div", ""},                    // the Pa. Militia division
		{"usa.pa-reg", "usa.pa-bde", "attach.group"},        // not a division
		{"usa.haupt", "usa.dutassy", "attach.never"},        // Haupt, LRTG 7.3
		{"usa.dutassy", "usa.abercrombie", "attach.group"},  // RR to DC
		{"usa.purnell-legion", "usa.white", "attach.group"}, // a corps unit to Shen
	} {
		err := attach(g, meade, c.unit, c.to, "")
		if got := polishCode(err); got != c.code {
			t.Errorf("%s to %s: %v, want %q", c.unit, c.to, err, c.code)
		} else if c.code == "attach.group" && !strings.Contains(polishRule(err), "004") {
			t.Errorf("%s to %s: rule %q", c.unit, c.to, polishRule(err))
		}
	}
	// McClellan in command: Shen, RR, Kan and Res units may join any Army
	// of the Potomac unit, still not DC.
	mc := g
	mc.LRTAArmy.McClellan = true
	if err := attach(mc, meade, "usa.9-vt", "usa.king", ""); err != nil {
		t.Errorf("McClellan: 9 VT to King: %v", err)
	}
	if err := attach(mc, meade, "usa.9-vt", "usa.abercrombie", ""); polishCode(err) != "attach.group" {
		t.Errorf("McClellan: 9 VT to a DC division: %v", err)
	}
	// The umpire may waive a restriction with a reason.
	if err := attach(g, ump, "usa.6-ny", "usa.buford", "ruling"); err != nil {
		t.Errorf("umpire's waiver: %v", err)
	}
	// Detachment: Shen, RR, Kan and Res never; DC may (no LRTG release).
	detach := func(unit string) error {
		_, err := g.Decide(DetachUnit{By: meade, Unit: unit, Manpower: 1, Rules: rules}, engine.Script())
		return err
	}
	if err := detach("usa.white"); polishCode(err) != "detach.group" || !strings.Contains(polishRule(err), "004") {
		t.Errorf("Shen detaches: %v", err)
	}
	if err := detach("usa.dutassy"); polishCode(err) != "detach.group" {
		t.Errorf("RR detaches: %v", err)
	}
	if err := detach("usa.abercrombie"); err != nil {
		t.Errorf("DC detaches: %v", err)
	}
	// LRTG keeps its own rules: DC not released, cavalry regiments attach.
	lg, lrules := polishAttachGame(t, opts())
	if _, err := lg.Decide(AttachUnits{By: meade, Units: []string{"usa.6-ny"}, To: "usa.buford", Rules: lrules}, engine.Script()); err != nil {
		t.Errorf("LRTG cavalry regiment: %v", err)
	}
	if _, err := lg.Decide(AttachUnits{By: meade, Units: []string{"usa.waagner"}, To: "usa.whipple", Rules: lrules}, engine.Script()); polishCode(err) != "attach.released" {
		t.Errorf("LRTG DC before its release: %v", err)
	}
}
