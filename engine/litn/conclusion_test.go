package litn_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/litn"
	"github.com/umpire-games/umpire/engine/lrtg"
)

// LITN's Conclusion Phase (002 3.1 H, 9.2, 10.8, 12, 15.1, 15.2, 15.5,
// 15.7) on the shipped tables and charts, with scripted dice. The VP data
// is checked against 15.1's own list. No printed chart is needed here, so
// there are no invented fixtures. The fortification hexes used below
// (3440, 3441) are test inputs only: 002 gives no hex numbers for them.

var lccForts = []string{"3440", "3441"}

// 002 12: "a player adds 1 to the leader's initiative rating and rolls the
// die. If the die roll is equal to or less than the modified initiative
// rating, the unit becomes undemoralized."
func TestLITNMoraleRecoveryRolls(t *testing.T) {
	lib := lcLibrary(t)
	for ini := 0; ini <= 5; ini++ {
		for face := 1; face <= 6; face++ {
			h := litn.RecoveryHex{Hex: "2020", Units: []litn.RecoveryUnit{{ID: "u", Type: litn.Infantry, Demoralized: true, Initiative: ini}}}
			rs, err := litn.RollMoraleRecovery(lib, []litn.RecoveryHex{h}, engine.Script(face))
			if err != nil {
				t.Fatal(err)
			}
			if len(rs) != 1 || rs[0].Recovered != (face <= ini+1) || rs[0].Rating != ini {
				t.Errorf("initiative %d roll %d: %+v", ini, face, rs)
			}
		}
	}
}

// 002 12 Department Leaders and Cavalry Commanders: "the player may choose
// to use the department leader's initiative rating instead of the
// demoralized leader's ... A cavalry commander may give this same benefit,
// but may benefit only cavalry units." Militia: "Militia units may recover
// morale only if stacked with a Union leader. Use the leader's initiative
// value, rolling separately for each militia unit."
func TestLITNMoraleRecoveryLeaders(t *testing.T) {
	lib := lcLibrary(t)
	lee := &litn.Leader{Name: "Lee", Kind: litn.LeaderKind("department"), Initiative: 3}
	stuart := &litn.Leader{Name: "Stuart", Initiative: 4}
	hexes := []litn.RecoveryHex{
		{Hex: "1719", Department: lee, CavalryCommander: stuart, Units: []litn.RecoveryUnit{
			{ID: "hood", Type: litn.Infantry, Demoralized: true, Initiative: 2},   // Lee's 3: 4 recovers
			{ID: "walker", Type: litn.Infantry, Demoralized: true, Initiative: 1}, // Lee's 3, not Stuart's 4: 5 fails
			{ID: "fitz", Type: litn.Cavalry, Demoralized: true, Initiative: 1},    // Stuart's 4: 5 recovers
			{ID: "ok", Type: litn.Infantry, Initiative: 1},                        // not demoralized: no roll
		}},
		{Hex: "4001", Units: []litn.RecoveryUnit{{ID: "militia-1", Type: litn.Militia, Demoralized: true}}},
		{Hex: "4631", UnionLeaders: []litn.Leader{{Name: "Schenck", Initiative: 1}, {Name: "det-1", Initiative: 2}},
			Units: []litn.RecoveryUnit{
				{ID: "militia-2", Type: litn.Militia, Demoralized: true, Initiative: 5}, // its own number is ignored
				{ID: "militia-3", Type: litn.Militia, Demoralized: true},
			}},
	}
	d := engine.Script(4, 5, 5, 3, 4)
	rs, err := litn.RollMoraleRecovery(lib, hexes, d)
	if err != nil {
		t.Fatal(err)
	}
	if d.Remaining() != 0 {
		t.Fatalf("%d dice left", d.Remaining())
	}
	want := []struct {
		unit      string
		rating    int
		from      string
		recovered bool
		noRoll    bool
	}{
		{"hood", 3, "Lee", true, false},
		{"walker", 3, "Lee", false, false},
		{"fitz", 4, "Stuart", true, false},
		{"militia-1", 0, "", false, true},
		{"militia-2", 2, "det-1", true, false},
		{"militia-3", 2, "det-1", false, false},
	}
	if len(rs) != len(want) {
		t.Fatalf("%d recoveries, want %d: %+v", len(rs), len(want), rs)
	}
	for i, w := range want {
		r := rs[i]
		if r.Unit != w.unit || r.Rating != w.rating || r.Recovered != w.recovered || (r.NoRoll != "") != w.noRoll || !strings.Contains(r.RatingFrom, w.from) {
			t.Errorf("%s: %+v, want %+v", w.unit, r, w)
		}
		if !strings.Contains(r.Explain(), "002 ") {
			t.Errorf("%s: explanation cites no section: %s", w.unit, r.Explain())
		}
	}
	// A rating outside the table's fact is refused before any die.
	d = engine.Script(1)
	_, err = litn.RollMoraleRecovery(lib, []litn.RecoveryHex{{Hex: "1", Units: []litn.RecoveryUnit{{ID: "x", Type: litn.Infantry, Demoralized: true, Initiative: 9}}}}, d)
	lcRuleCode(t, err, "litn.recovery.rating")
	if d.Remaining() != 1 {
		t.Error("a die was spent on a refused recovery")
	}
}

// 002 9.2: "To become undepleted, a wagon must remain stationary for one
// full turn, located on a road or rail hex and within four undestroyed rail
// and/or road hexes of a friendly supply depot."
func TestLITNWagonUndepletion(t *testing.T) {
	ws := []litn.WagonState{
		{ID: "w-ok", Depleted: true, Stationary: true, OnRoadOrRail: true, DepotPath: 4},
		{ID: "w-fresh", Stationary: true, OnRoadOrRail: true, DepotPath: 0},
		{ID: "w-moved", Depleted: true, OnRoadOrRail: true, DepotPath: 1},
		{ID: "w-field", Depleted: true, Stationary: true, DepotPath: 1},
		{ID: "w-far", Depleted: true, Stationary: true, OnRoadOrRail: true, DepotPath: 5},
		{ID: "w-cut", Depleted: true, Stationary: true, OnRoadOrRail: true, DepotPath: -1},
		{ID: "w-depot", Depleted: true, Stationary: true, OnRoadOrRail: true, DepotPath: 0},
	}
	got := litn.UndepleteWagons(ws)
	want := map[string]bool{"w-ok": true, "w-moved": false, "w-field": false, "w-far": false, "w-cut": false, "w-depot": true}
	if len(got) != len(want) {
		t.Fatalf("%d verdicts, want %d (undepleted wagons are skipped): %+v", len(got), len(want), got)
	}
	for _, u := range got {
		if w, ok := want[u.Wagon]; !ok || u.Undepleted != w || !strings.Contains(u.Reason, "9.2") {
			t.Errorf("%s: %+v, want undepleted %v", u.Wagon, u, w)
		}
	}
}

// The VP places against 002 15.1's list as printed ("Rockille" and the
// "l"s read as Rockville and 1; Harpers Ferry's value lost: "Harpers Ferry
// (15290").
func TestLITNPlaceValuesAgainstSeed(t *testing.T) {
	lib := lcLibrary(t)
	seed := map[string]int{ // hex: VPs, 002 15.1
		"3541": 5, "3542": 5, "3642": 5, // Washington (3541, 3542, 3642) 5 per hex
		"4631": 5,            // Baltimore
		"3103": 2,            // Carlisle
		"1910": 1,            // Chambersburg
		"4131": 1,            // Ellicott City
		"3014": 1,            // Gettysburg
		"1719": 1,            // Hagerstown
		"4313": 1,            // Hanover Junction
		"4001": 2,            // Harrisburg
		"3513": 1,            // New Oxford
		"3035": 1,            // Rockville
		"4410": 1,            // York
		"4406": 1,            // York Haven
		"3440": 2, "3441": 2, // Fortification hexes 2 per hex (test hexes)
	}
	vs, err := litn.PlaceValues(lib, lccForts, nil)
	if err != nil {
		t.Fatal(err)
	}
	for h, vp := range seed {
		p, ok := vs[h]
		if !ok || !p.Known || p.Value != litn.WholeVP(vp) {
			t.Errorf("hex %s: %+v, want %d VPs", h, p, vp)
		}
	}
	hf, ok := vs["1529"]
	if !ok || hf.Known || hf.Name != "Harpers Ferry" {
		t.Errorf("Harpers Ferry: %+v, want an unknown value", hf)
	}
	if len(vs) != len(seed)+1 {
		t.Errorf("%d places, want %d", len(vs), len(seed)+1)
	}
	if vs["3541"].Name != "Washington 3541" || vs["3440"].Name != "Fortification hexes 3440" {
		t.Errorf("per-hex names: %q, %q", vs["3541"].Name, vs["3440"].Name)
	}
	// The group's printed value for Harpers Ferry may be given; a value 002
	// prints may not be changed.
	vs, err = litn.PlaceValues(lib, nil, map[string]int{"1529": 3})
	if err != nil || !vs["1529"].Known || vs["1529"].Value != litn.WholeVP(3) {
		t.Errorf("override: %+v %v", vs["1529"], err)
	}
	_, err = litn.PlaceValues(lib, nil, map[string]int{"4631": 9})
	if !errors.Is(err, engine.ErrIllegal) {
		t.Errorf("Baltimore's printed value was overridden: %v", err)
	}
	_, err = litn.PlaceValues(lib, []string{"3541"}, nil)
	lcRuleCode(t, err, "litn.vp.hex")
	_, err = litn.PlaceValues(lib, []string{"34x0"}, nil)
	lcRuleCode(t, err, "litn.vp.hex")
}

// 002 15.7: "Initial Confederate VPs. The Confederate player begins the
// game with 5 VPs. Place Confederate Control markers on Hagerstown (1719),
// Chambersburg (1910), Carlisle (3103), and York (4410)."
func TestLITNInitialControlScenario4(t *testing.T) {
	lib := lcLibrary(t)
	vs, err := litn.PlaceValues(lib, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	ctl, vp, err := litn.InitialControl("litn-4-collision-at-gettysburg", vs)
	if err != nil {
		t.Fatal(err)
	}
	if vp != litn.WholeVP(5) || len(ctl) != 4 {
		t.Errorf("scenario 4 starts with %s VPs and %d markers, want 5 and 4", vp, len(ctl))
	}
	for _, h := range []string{"1719", "1910", "3103", "4410"} {
		if ctl[h] != litn.ControlFull {
			t.Errorf("%s has no face-up marker", h)
		}
	}
	for _, id := range []string{"litn-1-frederick-to-antietam", "litn-2-maryland-campaign", "litn-3-pennsylvania-campaign"} {
		if ctl, vp, err := litn.InitialControl(id, vs); err != nil || len(ctl) != 0 || vp != 0 {
			t.Errorf("%s starts with markers: %v %s %v", id, ctl, vp, err)
		}
	}
}

// 002 15.1: "A single Confederate infantry unit with at least 10 strength
// points must occupy the town or city for one complete turn ... with no
// Union units in the hex. If a Union unit enters the hex ... or the unit's
// strength falls below 10, the town does not become controlled." "To
// receive the full VP value, the Confederate player must have a line of
// communications to the hex throughout the turn. If he does not, he
// receives one-half the printed value (retain fractions). If he later
// satisfies the conditions with LOC, he receives the other half." "The
// Confederate player can gain points only once for each location."
func TestLITNScorePlaces(t *testing.T) {
	lib := lcLibrary(t)
	vs, err := litn.PlaceValues(lib, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	hold := func(hex string, loc bool) litn.PlaceHold {
		return litn.PlaceHold{Hex: hex, Unit: "early", Type: litn.Infantry, WholeTurn: true, LowestStrength: 10, LOC: loc}
	}
	spoil := func(h litn.PlaceHold, f func(*litn.PlaceHold)) litn.PlaceHold { f(&h); return h }
	start := map[string]litn.Control{"4410": litn.ControlFull}
	holds := []litn.PlaceHold{
		hold("3103", true),  // Carlisle, LOC: 2
		hold("3014", false), // Gettysburg, no LOC: ½
		hold("4410", true),  // York, already scored
		spoil(hold("4001", true), func(h *litn.PlaceHold) { h.UnionEntered = true }),
		spoil(hold("3513", true), func(h *litn.PlaceHold) { h.LowestStrength = 9 }),
		spoil(hold("4406", true), func(h *litn.PlaceHold) { h.Type = litn.Cavalry }),
		spoil(hold("4313", true), func(h *litn.PlaceHold) { h.WholeTurn = false }),
		hold("1529", true), // Harpers Ferry: value unknown
	}
	aw, ctl, err := litn.ScorePlaces(vs, start, holds)
	if err != nil {
		t.Fatal(err)
	}
	if len(start) != 1 {
		t.Error("the control map given was changed")
	}
	want := map[string]struct {
		vp     litn.VP
		scored bool
		ctl    litn.Control
	}{
		"3103": {litn.WholeVP(2), true, litn.ControlFull},
		"3014": {1, true, litn.ControlHalf},
		"4410": {0, false, litn.ControlFull},
		"4001": {0, false, ""},
		"3513": {0, false, ""},
		"4406": {0, false, ""},
		"4313": {0, false, ""},
		"1529": {0, true, litn.ControlFull},
	}
	for _, a := range aw {
		w := want[a.Hex]
		if a.VP != w.vp || a.Scored != w.scored || ctl[a.Hex] != w.ctl || !strings.Contains(a.Reason, "15.1") {
			t.Errorf("%s: %+v (marker %q), want %+v", a.Name, a, ctl[a.Hex], w)
		}
	}
	if len(aw) != len(want) {
		t.Errorf("%d verdicts, want %d", len(aw), len(want))
	}
	if vp := litn.VP(1); vp.String() != "½" || litn.VP(5).String() != "2½" || litn.VP(-3).String() != "-1½" {
		t.Errorf("half points read %s, %s, %s", vp, litn.VP(5), litn.VP(-3))
	}
	// Gettysburg again without LOC: nothing; then with LOC: the other half;
	// then never again.
	aw, ctl2, err := litn.ScorePlaces(vs, ctl, []litn.PlaceHold{hold("3014", false)})
	if err != nil || aw[0].Scored || ctl2["3014"] != litn.ControlHalf {
		t.Errorf("half held again without LOC: %+v %v", aw, err)
	}
	aw, ctl3, err := litn.ScorePlaces(vs, ctl2, []litn.PlaceHold{hold("3014", true)})
	if err != nil || !aw[0].Scored || aw[0].VP != 1 || ctl3["3014"] != litn.ControlFull {
		t.Errorf("the other half: %+v %v", aw, err)
	}
	aw, _, err = litn.ScorePlaces(vs, ctl3, []litn.PlaceHold{hold("3014", true)})
	if err != nil || aw[0].Scored {
		t.Errorf("scored twice: %+v %v", aw, err)
	}
	_, _, err = litn.ScorePlaces(vs, nil, []litn.PlaceHold{hold("2020", true)})
	lcRuleCode(t, err, "litn.vp.place")
	_, _, err = litn.ScorePlaces(vs, nil, []litn.PlaceHold{hold("3014", true), hold("3014", true)})
	lcRuleCode(t, err, "litn.vp.place")
}

// 002 15.1: "If a Confederate infantry unit occupies any hex of the rail
// line connecting Baltimore with Harrisburg at the end of the game, the
// Confederate player scores 2 VPs. For occupying the railroad connecting
// Washington with Baltimore, the award is 3 VPs." "If the bridge in
// hexside 3902/4002 is destroyed at the end of the game, the Confederate
// player scores 2 VPs." 10.8: "The winner scores 5 victory points for a
// major victory."
func TestLITNEndAwards(t *testing.T) {
	lib := lcLibrary(t)
	o, err := litn.OtherVPs(lib)
	if err != nil {
		t.Fatal(err)
	}
	if o != (litn.OtherVP{MajorVictory: litn.WholeVP(5), BaltimoreHarrisburg: litn.WholeVP(2), WashingtonBaltimore: litn.WholeVP(3), HarrisburgBridge: litn.WholeVP(2)}) {
		t.Errorf("other VPs %+v", o)
	}
	bh := []string{"4001", "4631"} // the ends the seeds name; the rest is on the map
	wb := []string{"4631", "3642"}
	sum := func(as []litn.EndAward) (v litn.VP) {
		for _, a := range as {
			if a.Scored {
				v += a.VP
			}
		}
		return v
	}
	for _, c := range []struct {
		inf    []string
		bridge bool
		want   int
	}{
		{nil, false, 0},
		{[]string{"4001"}, false, 2},
		{[]string{"3642"}, false, 3},
		{[]string{"4631"}, false, 5}, // Baltimore is on both lines
		{[]string{"4001", "3642"}, true, 7},
		{[]string{"3014"}, true, 2},
	} {
		as, err := litn.EndAwards(lib, litn.EndOfGame{InfantryHexes: c.inf, BaltimoreHarrisburg: bh, WashingtonBaltimore: wb, HarrisburgBridgeDestroyed: c.bridge})
		if err != nil {
			t.Fatal(err)
		}
		if sum(as) != litn.WholeVP(c.want) || len(as) != 3 {
			t.Errorf("%v bridge %v: %s VPs, want %d: %+v", c.inf, c.bridge, sum(as), c.want, as)
		}
	}
	_, err = litn.EndAwards(lib, litn.EndOfGame{BaltimoreHarrisburg: bh})
	lcRuleCode(t, err, "litn.vp.rail")
}

// The victory levels against 002's printed tables (15.2 for 1862, 15.5 for
// 1863, whose Union operational victory reads "9-11" and overlaps the
// tactical "11-12"; the data reads 11 as tactical), and 15.1: "If the final
// total lies in between the values required for each side's tactical
// victory, the game is a draw" - which half points make possible.
func TestLITNVictoryLevelsAgainstSeed(t *testing.T) {
	lib := lcLibrary(t)
	level := func(year, net int) string {
		switch year {
		case 1862:
			switch {
			case net >= 13:
				return "Confederate strategic victory"
			case net >= 10:
				return "Confederate operational victory"
			case net == 9:
				return "Confederate tactical victory"
			case net == 8:
				return "Union tactical victory"
			case net >= 5:
				return "Union operational victory"
			}
			return "Union strategic victory"
		}
		switch {
		case net >= 16:
			return "Confederate strategic victory"
		case net >= 14:
			return "Confederate operational victory"
		case net == 13:
			return "Confederate tactical victory"
		case net >= 11:
			return "Union tactical victory"
		case net >= 9:
			return "Union operational victory"
		}
		return "Union strategic victory"
	}
	for _, year := range []int{1862, 1863} {
		for net := -10; net <= 25; net++ {
			v, err := litn.VictoryLevelFor(lib, year, litn.WholeVP(net))
			if err != nil {
				t.Fatal(err)
			}
			if v.Level != level(year, net) {
				t.Errorf("%d net %d: %s, want %s", year, net, v.Level, level(year, net))
			}
			if (v.Side == engine.CSA) != strings.HasPrefix(v.Level, "Confederate") {
				t.Errorf("%d net %d: side %s for %s", year, net, v.Side, v.Level)
			}
		}
	}
	for _, c := range []struct {
		year int
		net  litn.VP
		want string
	}{
		{1862, 17, "Draw"}, // 8½: above Union tactical (8), below Confederate tactical (9)
		{1863, 25, "Draw"}, // 12½
		{1862, 21, "Confederate operational victory"},
		{1862, 9, "Union operational victory"},        // 4½ is not "4 or fewer"
		{1863, 21, "Union tactical victory"},          // 10½
		{1863, 31, "Confederate operational victory"}, // 15½ is not "16 or more"
	} {
		v, err := litn.VictoryLevelFor(lib, c.year, c.net)
		if err != nil {
			t.Fatal(err)
		}
		want := c.want
		if v.Level != want {
			t.Errorf("%d net %s: %s, want %s", c.year, c.net, v.Level, want)
		}
		if want == "Draw" && (v.Side != "" || !strings.Contains(v.Reason, "15.1")) {
			t.Errorf("draw: %+v", v)
		}
	}
	_, err := litn.VictoryLevelFor(lib, 1864, 0)
	lcRuleCode(t, err, "litn.victory.year")
}

// A whole Conclusion Phase, scenario 4's last turn (turn 9, 15.7), scripted.
func TestLITNConclusionScenario4LastTurn(t *testing.T) {
	lib := lcLibrary(t)
	sc := liScenario(t, "litn-4-collision-at-gettysburg")
	vs, err := litn.PlaceValues(lib, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	ctl, start, err := litn.InitialControl(sc.ID, vs)
	if err != nil {
		t.Fatal(err)
	}
	in := litn.ConclusionInput{
		Scenario: sc, Turn: sc.LastTurn,
		Score: litn.Score{CSA: start},
		Recovery: []litn.RecoveryHex{{Hex: "3014", Units: []litn.RecoveryUnit{
			{ID: "heth", Type: litn.Infantry, Demoralized: true, Initiative: 2},
		}}},
		Wagons:         []litn.WagonState{{ID: "csa-wagon-1", Depleted: true, Stationary: true, OnRoadOrRail: true, DepotPath: 2}},
		Control:        ctl,
		Holds:          []litn.PlaceHold{{Hex: "4406", Unit: "gordon", Type: litn.Infantry, WholeTurn: true, LowestStrength: 12}},
		MajorVictories: []engine.Side{engine.USA},
		End: litn.EndOfGame{InfantryHexes: []string{"4406", "4001"}, BaltimoreHarrisburg: []string{"4001", "4631"},
			WashingtonBaltimore: []string{"4631", "3642"}, HarrisburgBridgeDestroyed: true},
	}
	d := engine.Script(3)
	c, err := litn.ResolveConclusion(lib, in, d)
	if err != nil {
		t.Fatal(err)
	}
	if d.Remaining() != 0 || len(c.Recovery) != 1 || !c.Recovery[0].Recovered {
		t.Errorf("recovery: %+v", c.Recovery)
	}
	if len(c.Undepletion) != 1 || !c.Undepletion[0].Undepleted {
		t.Errorf("undepletion: %+v", c.Undepletion)
	}
	// Confederate: 5 at start + York Haven ½ (no LOC) + Baltimore-Harrisburg
	// 2 + bridge 2; Union: a major victory, 5. Net 4½: 1863 "8 or fewer".
	if c.ThisTurn != (litn.Score{CSA: 9, USA: 10}) || c.Score != (litn.Score{CSA: 19, USA: 10}) {
		t.Errorf("this turn %+v, score %+v", c.ThisTurn, c.Score)
	}
	if c.Final == nil || c.Final.Level != "Union strategic victory" || c.Final.Net != 9 || c.Final.Side != engine.USA {
		t.Errorf("final %+v", c.Final)
	}
	if c.Control["4406"] != litn.ControlHalf || in.Control["4406"] != "" {
		t.Errorf("control after: %v; the input's: %v", c.Control, in.Control)
	}
	log := strings.Join(c.Log, "\n")
	for _, s := range []string{"3.1 H", "002 12", "9.2", "10.8", "15.1", "net Confederate 4½", "Union strategic victory"} {
		if !strings.Contains(log, s) {
			t.Errorf("log lacks %q:\n%s", s, log)
		}
	}

	// Before the last turn there are no end-of-game awards and no result.
	in.Turn = sc.LastTurn - 1
	c, err = litn.ResolveConclusion(lib, in, engine.Script(6))
	if err != nil {
		t.Fatal(err)
	}
	if c.Final != nil || len(c.EndAwards) != 0 || c.ThisTurn.CSA != 1 || c.Recovery[0].Recovered {
		t.Errorf("turn %d: %+v", in.Turn, c)
	}

	// Refusals change nothing and spend no dice.
	for _, bad := range []struct {
		f    func(*litn.ConclusionInput)
		code string
	}{
		{func(x *litn.ConclusionInput) { x.Turn = 10 }, "litn.conclusion.turn"},
		{func(x *litn.ConclusionInput) { x.Scenario.Game = lrtg.LRTG }, "litn.conclusion.scenario"},
		{func(x *litn.ConclusionInput) { x.MajorVictories = []engine.Side{"rebels"} }, "litn.conclusion.victory"},
		{func(x *litn.ConclusionInput) { x.Turn = 9; x.End.WashingtonBaltimore = nil }, "litn.vp.rail"},
		{func(x *litn.ConclusionInput) { x.Holds = append(x.Holds, x.Holds[0]) }, "litn.vp.place"},
	} {
		x := in
		bad.f(&x)
		d := engine.Script(1)
		_, err := litn.ResolveConclusion(lib, x, d)
		lcRuleCode(t, err, bad.code)
		if d.Remaining() != 1 {
			t.Errorf("%s: a die was spent", bad.code)
		}
	}
}

// The 1862 last turn reads the 1862 chart: scenario 2 ends on turn 16.
func TestLITNConclusionScenario2Final(t *testing.T) {
	lib := lcLibrary(t)
	sc := liScenario(t, "litn-2-maryland-campaign")
	if sc.LastTurn != 16 {
		t.Fatalf("scenario 2 ends on turn %d, want 16 (002 15.4)", sc.LastTurn)
	}
	for _, c := range []struct {
		csa  int
		want string
	}{{9, "Confederate tactical victory"}, {8, "Union tactical victory"}, {13, "Confederate strategic victory"}} {
		in := litn.ConclusionInput{Scenario: sc, Turn: 16, Score: litn.Score{CSA: litn.WholeVP(c.csa)},
			End: litn.EndOfGame{BaltimoreHarrisburg: []string{"4001"}, WashingtonBaltimore: []string{"4631"}}}
		r, err := litn.ResolveConclusion(lib, in, engine.Script())
		if err != nil {
			t.Fatal(err)
		}
		if r.Final == nil || r.Final.Level != c.want || r.Final.Chart != litn.ChartLevels1862 {
			t.Errorf("net %d: %+v, want %s", c.csa, r.Final, c.want)
		}
	}
}
