package lrtg

import (
	"errors"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
)

// The fixtures here are invented for tests; they are not the publisher's
// charts (issue 21: the series' charts are not in the seeds).

func lc(cols []string, rows ...[]string) *engine.LoadedChart {
	c := &engine.LoadedChart{Columns: cols}
	for _, r := range rows {
		c.Rows = append(c.Rows, r[0])
		c.Cells = append(c.Cells, r[1:])
	}
	return c
}

func inventedCharts() SeriesCharts {
	return SeriesCharts{Loaded: map[string]*engine.LoadedChart{
		SlotCombat: lc([]string{"D 1-3", "D 4-6", "D 7 or more", "A 1-5", "A 6 or more"},
			[]string{"-2 or less", "-", "-", "-", "2F", "1Fr"},
			[]string{"-1-0", "-", "f", "1", "1f", "1"},
			[]string{"1-3", "1D", "1Dr", "2DR", "-", "Q"},
			[]string{"4 or more", "2R*", "3R*Q", "3R*", "X", "Q"}),
		SlotCombatCodes:     lc([]string{"effect"}, []string{"Q", "advance"}, []string{"X", "umpire"}),
		SlotCombatSettings:  lc([]string{"value"}, []string{"between columns", "higher"}),
		SlotCombatModifiers: lc([]string{"side", "min", "max", "stated by"}, []string{"Ridge", "defender", "0", "+1", "umpire"}, []string{"Surprise", "attacker", "-1", "2", "attacker"}),
		SlotExtendedMarch: lc([]string{"Infantry", "Cavalry"},
			[]string{"2 or less", "-", "-"}, []string{"3-5", "1", "-"}, []string{"6-7", "1D", "1"}, []string{"8 or more", "2D", "1D"}),
		SlotExtendedMarchModifiers: lc([]string{"value", "stated by"}, []string{"Night", "+1", "player"}),
		SlotTerrainCosts: lc([]string{"Infantry", "Cavalry", "Artillery"},
			[]string{"Clear", "1", "1", "1"}, []string{"Woods", "2", "3", "P"},
			[]string{"road: Pike", "½", "½", "0.5"}, []string{"road: Trail", "1", "1", "1½"},
			[]string{"hexside: Creek", "+1", "+½", "+2"}, []string{"hexside: River", "P", "+3", "-"}),
	}}
}

func TestSeriesChartsCombat(t *testing.T) {
	c := inventedCharts()
	att, def, row, ac, dc, err := c.Combat(7, 5, 2)
	if err != nil || row != "1-3" || ac != "A 6 or more" || dc != "D 4-6" || def.String() != "1Dr" || att.String() != "-" {
		t.Fatalf("combat: %v %v %q %q %q %v", att, def, row, ac, dc, err)
	}
	r, err := c.CombatLookup(7, 5, 2)
	if err != nil || len(r.Attacker.Codes) != 1 || r.Attacker.Codes[0] != (ResultCode{Letter: "Q", Effect: CodeAdvance}) {
		t.Fatalf("extra letter: %+v %v", r, err)
	}
	// Off the rows at both ends; below the first band; far above the last.
	if _, def, row, _, dc, _ := c.Combat(1, 0.5, -9); row != "-2 or less" || dc != "D 1-3" || def.String() != "-" {
		t.Errorf("low: %q %q %v", row, dc, def)
	}
	if r, _ := c.CombatLookup(40, 12, 11); r.Row != "4 or more" || r.RowClamped || r.DefenderColumn != "D 7 or more" ||
		r.Defender.String() != "3R*" || r.Attacker.Codes[0].Letter != "Q" {
		t.Errorf("high: %+v", r)
	}
	// A half between two columns reads the one the notes say.
	r, _ = c.CombatLookup(5.5, 3.5, 4)
	if r.AttackerColumn != "A 6 or more" || r.AttackerBetween != "higher" || r.DefenderColumn != "D 4-6" || r.Defender.String() != "3R*Q" {
		t.Errorf("between, higher: %+v", r)
	}
	c.Loaded[SlotCombatSettings] = lc([]string{"value"}, []string{"between columns", "lower"})
	if r, _ := c.CombatLookup(5.5, 3.5, 4); r.AttackerColumn != "A 1-5" || r.DefenderColumn != "D 1-3" || r.DefenderBetween != "lower" {
		t.Errorf("between, lower: %+v", r)
	}
	// Without the notes, a half inside one band is read; between two, refused.
	delete(c.Loaded, SlotCombatSettings)
	if _, _, _, ac, _, err := c.Combat(2.5, 2, 0); err != nil || ac != "A 1-5" {
		t.Errorf("a half inside a band: %q %v", ac, err)
	}
	_, _, _, _, _, err = c.Combat(5.5, 2, 0)
	if !errors.Is(err, engine.ErrIllegal) || !strings.Contains(err.Error(), `combat value 5½ falls between the columns "A 1-5" and "A 6 or more"`) ||
		!strings.Contains(err.Error(), "/chart load name:gcacw.combat-settings") {
		t.Errorf("no notes: %v", err)
	}
	// A letter the copy does not declare is refused where it is read.
	delete(c.Loaded, SlotCombatCodes)
	if _, _, _, _, _, err := c.Combat(7, 1, 2); err == nil || !strings.Contains(err.Error(), `"Q" in "Q" is neither one of 000's result letters`) {
		t.Errorf("undeclared letter: %v", err)
	}
}

func TestSeriesChartsMissing(t *testing.T) {
	lib := &engine.Library{Slots: []*engine.ChartSlot{{ID: SlotCombat, Title: "Combat Chart"}}}
	c := SeriesCharts{Library: lib}
	_, _, _, _, _, err := c.Combat(3, 3, 0)
	var re *engine.RuleError
	if !errors.As(err, &re) || re.Code != "chart.empty" || !strings.Contains(err.Error(), "Combat Chart (gcacw.combat) is not loaded") ||
		!strings.Contains(err.Error(), "/chart load name:gcacw.combat") {
		t.Errorf("combat: %v", err)
	}
	for name, err := range map[string]error{
		SlotCombatModifiers: second(c.Modifiers()),
		SlotExtendedMarch:   second(c.ExtendedMarch(3, "")),
		SlotCombatSettings:  second(c.Setting("between columns")),
	} {
		if !errors.Is(err, engine.ErrIllegal) || !strings.Contains(err.Error(), "/chart load name:"+name) {
			t.Errorf("%s: %v", name, err)
		}
	}
	// The optional ones read as empty; the costs say they do not know.
	if ms, err := c.MarchModifiers(); ms != nil || err != nil {
		t.Errorf("march modifiers: %v %v", ms, err)
	}
	if _, _, ok := c.Cost("Infantry", "Clear"); ok {
		t.Error("a cost without the chart")
	}
	if _, ok := c.CheapestCost("Infantry"); ok {
		t.Error("a cheapest cost without the chart")
	}
	if err := c.Check(); err != nil {
		t.Errorf("check with nothing loaded: %v", err)
	}
}

func second[T any](_ T, err error) error { return err }

func TestSeriesChartsModifiersAndMarch(t *testing.T) {
	c := inventedCharts()
	ms, err := c.Modifiers()
	if err != nil || len(ms) != 2 || ms[0] != (ChartModifier{Name: "Ridge", Side: "defender", Min: 0, Max: 1, StatedBy: "umpire"}) || ms[1].Min != -1 || ms[1].Max != 2 {
		t.Fatalf("modifiers: %+v %v", ms, err)
	}
	m, err := c.ExtendedMarch(6, "infantry")
	if err != nil || m.Row != "6-7" || m.Column != "Infantry" || m.Result.Result.Loss != 1 || !m.Result.Result.Disorganize {
		t.Errorf("march: %+v %v", m, err)
	}
	if m, _ := c.ExtendedMarch(11, "Cavalry"); m.Row != "8 or more" || m.Clamped || m.Cell != "1D" || m.Total != 11 {
		t.Errorf("off the rows: %+v", m)
	}
	if _, err := c.ExtendedMarch(4, "Artillery"); err == nil || !strings.Contains(err.Error(), "Its columns: Infantry, Cavalry") {
		t.Errorf("unknown column: %v", err)
	}
	if _, err := c.ExtendedMarch(4, ""); err == nil {
		t.Error("no column of two read")
	}
	mm, err := c.MarchModifiers()
	if err != nil || len(mm) != 1 || mm[0] != (MarchModifier{Name: "Night", Value: 1, StatedBy: "player"}) {
		t.Errorf("march modifiers: %+v %v", mm, err)
	}
	c.Loaded[SlotCombatModifiers] = lc([]string{"side", "min", "max", "stated by"}, []string{"Odd", "attacker", "2", "1", "umpire"})
	if _, err := c.Modifiers(); err == nil || !strings.Contains(err.Error(), `row "Odd": min 2 is above max 1`) {
		t.Errorf("min above max: %v", err)
	}
}

func TestSeriesChartsTerrain(t *testing.T) {
	c := inventedCharts()
	cases := []struct {
		kind, terrain string
		mp            float64
		prohibited    bool
		ok            bool
	}{
		{"Infantry", "Clear", 1, false, true},
		{"cavalry", "woods", 3, false, true},
		{"Artillery", "Woods", 0, true, true},
		{"Infantry", "road: Pike", 0.5, false, true},
		{"Artillery", "Trail", 1.5, false, true},
		{"Cavalry", "hexside: Creek", 0.5, false, true},
		{"Artillery", "River", 0, false, false}, // "-": not on the chart
		{"Infantry", "Swamp", 0, false, false},
		{"Wagon", "Clear", 0, false, false},
	}
	for _, k := range cases {
		mp, p, ok := c.Cost(k.kind, k.terrain)
		if mp != k.mp || p != k.prohibited || ok != k.ok {
			t.Errorf("Cost(%s, %s) = %v %v %v", k.kind, k.terrain, mp, p, ok)
		}
	}
	if mp, p, ok := c.StepCost("Cavalry", "Woods", "Pike", "Creek", "River"); mp != 4 || p || !ok {
		t.Errorf("step along a pike over a creek and a river: %v %v %v", mp, p, ok)
	}
	if mp, p, ok := c.StepCost("Infantry", "Woods", "", "River"); mp != 2 || !p || !ok {
		t.Errorf("step over a river: %v %v %v", mp, p, ok)
	}
	if mp, ok := c.CheapestCost("Infantry"); mp != 0.5 || !ok {
		t.Errorf("cheapest: %v %v", mp, ok)
	}
	// A copy whose kinds of cost are mixed up is refused, every problem at once.
	c.Loaded[SlotTerrainCosts] = lc([]string{"Infantry"}, []string{"hexside: Ford", "1"}, []string{"Clear", "+1"}, []string{"clear", "2"})
	err := c.Check()
	for _, want := range []string{"3 problems", `row "hexside: Ford", column "Infantry": a hexside feature adds to the step's cost: write +1`,
		`row "Clear", column "Infantry": only a hexside feature adds (+1)`, `row "clear" is empty or given twice`} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("check lacks %q: %v", want, err)
		}
	}
	if _, _, ok := c.Cost("Infantry", "Clear"); ok {
		t.Error("a cost read from a refused copy")
	}
}

func TestSeriesChartsCheck(t *testing.T) {
	c := inventedCharts()
	if err := c.Check(); err != nil {
		t.Fatal(err)
	}
	c.Loaded[SlotCombatCodes] = lc([]string{"effect"}, []string{"Rx", "none"})
	err := c.Check()
	if err == nil || !strings.Contains(err.Error(), `row "Rx" is not an extra result letter`) || !strings.Contains(err.Error(), `"Q" in`) {
		t.Errorf("check: %v", err)
	}
}

func TestChartResultText(t *testing.T) {
	r, err := parseChartResult("2DrQ", map[string]string{"Q": CodeAdvance})
	if err != nil || r.String() != "2DrQ" || r.Result.Loss != 2 || r.Result.Retreat != "r" {
		t.Errorf("%+v %v", r, err)
	}
	if r, err := parseChartResult("Q", map[string]string{"Q": CodeAdvance}); err != nil || r.String() != "Q" {
		t.Errorf("%+v %v", r, err)
	}
	if _, err := parseChartResult("2ff", nil); err == nil || !strings.Contains(err.Error(), "two fatigue results") {
		t.Errorf("2ff: %v", err)
	}
	if formatCV(4.5) != "4½" || formatCV(0.5) != "½" || formatCV(3) != "3" {
		t.Error("formatCV")
	}
}

// A game keeps the server's copies of its slots loaded at /game start
// (GameStarted.Charts), as a LITN game does; a copy of another game's
// slot is not kept, and a game started with none keeps none (its event
// reads as before).
func TestGameKeepsSeriesChartsFromItsStart(t *testing.T) {
	g := apply(t, Game{}, withRules(engine.NewGame{By: ump, Options: opts()}), engine.Script())
	g = apply(t, g, engine.JoinGame{By: lee, Side: engine.CSA}, engine.Script())
	g = apply(t, g, engine.JoinGame{By: meade, Side: engine.USA}, engine.Script())
	oob := &engine.OrderOfBattle{Units: []engine.UnitSetup{
		{ID: "csa.hood", Name: "Hood", Side: engine.CSA, Kind: "infantry", Command: "1", Manpower: 15, OnMap: true, Hex: engine.Hex{Q: 1, R: 1}},
		{ID: "usa.wright", Name: "Wright", Side: engine.USA, Kind: "infantry", Command: "VI", Manpower: 9, OnMap: true, Hex: engine.Hex{Q: 9, R: 9}},
	}}
	slots := []*engine.ChartSlot{{ID: SlotCombat, Title: "Combat Chart"}, {ID: SlotTerrainCosts, Title: "Terrain"}}
	loaded := map[string]*engine.LoadedChart{SlotCombat: inventedCharts().Loaded[SlotCombat], "litn.command-point": {Rows: []string{"1"}}}
	evs, err := g.Decide(engine.StartGame{By: ump, OOB: oob, Slots: slots, Charts: loaded}, engine.Script())
	if err != nil {
		t.Fatal(err)
	}
	st := evs[0].(*engine.GameStarted)
	if len(st.Charts) != 1 || st.Charts[SlotCombat] == nil {
		t.Fatalf("kept %v", st.Charts)
	}
	pre := g
	for _, e := range evs {
		g = g.Apply(e)
	}
	c := g.SeriesCharts(nil)
	if _, _, row, _, _, err := c.Combat(3, 3, 0); err != nil || row != "-1-0" || c.Has(SlotTerrainCosts) {
		t.Errorf("the game's charts: %q %v", row, err)
	}
	none, err := pre.Decide(engine.StartGame{By: ump, OOB: oob, Slots: slots}, engine.Script())
	if err != nil || none[0].(*engine.GameStarted).Charts != nil {
		t.Error("a start without charts recorded some")
	}
}
