package scenarios

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
)

// The series' charts are slots, never numbers: each is declared, filed
// under LRTG (whose rules data an LRTA game is offered too), and the
// shapes docs/series-charts.md describes.
func TestSeriesChartSlots(t *testing.T) {
	lib := library(t)
	for _, id := range lrtg.SeriesSlots {
		s := lib.Slot(id)
		if s == nil {
			t.Errorf("no slot %s", id)
			continue
		}
		if s.Game != lrtg.LRTG || lib.Table(id) != nil || lib.Chart(id) != nil {
			t.Errorf("%s: game %s, or numbers in the project", id, s.Game)
		}
	}
	combat := lib.Slot(lrtg.SlotCombat)
	if combat.Rolled() || combat.RowBands != engine.BandsOpen || strings.Join(combat.ColumnBands, ",") != "D,A" {
		t.Errorf("combat shape: %+v", combat)
	}
	if m := lib.Slot(lrtg.SlotExtendedMarch); m.Dice.String() != "1d6" {
		t.Errorf("extended march dice: %s", m.Dice.String())
	}
	if m := lib.Slot(lrtg.SlotCombatModifiers); strings.Join(m.Columns, ",") != "side,min,max,stated by" {
		t.Errorf("modifier columns: %v", m.Columns)
	}
}

// loadFixture reads an invented fixture and loads it into its slot as
// /chart load does.
func loadFixture(t *testing.T, lib *engine.Library, name string) (string, *engine.LoadedChart) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "gcacw", name))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(b), "# invented for tests; not the publisher's chart") {
		t.Errorf("%s: the fixture must say it is invented", name)
	}
	id, cp, err := ParseChartFile(b)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	s := lib.Slot(id)
	if s == nil {
		t.Fatalf("%s: no slot %s", name, id)
	}
	lc, err := s.Validate(cp)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return id, lc
}

// Every invented fixture loads, and the reader settles lookups on them.
func TestSeriesChartFixturesLoad(t *testing.T) {
	lib := library(t)
	files, _ := filepath.Glob(filepath.Join("testdata", "gcacw", "*.yaml"))
	if len(files) != len(lrtg.SeriesSlots) {
		t.Fatalf("%d fixtures for %d slots", len(files), len(lrtg.SeriesSlots))
	}
	c := lrtg.SeriesCharts{Library: lib, Loaded: map[string]*engine.LoadedChart{}}
	for _, f := range files {
		id, lc := loadFixture(t, lib, filepath.Base(f))
		c.Loaded[id] = lc
	}
	if err := c.Check(); err != nil {
		t.Fatal(err)
	}
	att, def, row, ac, dc, err := c.Combat(6.5, 3.5, 2)
	if err != nil || row != "1-3" || ac != "A 6 or more" || dc != "D 4-6" || att.String() != "-" || def.String() != "1Dr" {
		t.Errorf("combat: %v %v %s %s %s %v", att, def, row, ac, dc, err)
	}
	r, _ := c.CombatLookup(9, 2, 5)
	if r.Defender.String() != "2R*" || len(r.Attacker.Codes) != 1 || r.Attacker.Codes[0].Effect != lrtg.CodeAdvance {
		t.Errorf("lookup: %+v", r)
	}
	ms, err := c.Modifiers()
	if err != nil || len(ms) != 3 || ms[2].Name != "Flank held" || ms[2].StatedBy != "defender" || ms[1].Min != -1 {
		t.Errorf("modifiers: %+v %v", ms, err)
	}
	m, err := c.ExtendedMarch(lrtg.ExtendedMarchCap, "Cavalry")
	if err != nil || m.Row != "8 or more" || m.Result.Result.Loss != 1 || !m.Result.Result.Disorganize {
		t.Errorf("march: %+v %v", m, err)
	}
	if mp, p, ok := c.StepCost("Artillery", "Woods", "Trail", "Creek"); mp != 3.5 || p || !ok {
		t.Errorf("step: %v %v %v", mp, p, ok)
	}
	if mp, ok := c.CheapestCost("Cavalry"); mp != 0.5 || !ok {
		t.Errorf("cheapest: %v %v", mp, ok)
	}
	// The invented extension: infantry 3, cavalry 4½; a stack the least;
	// militia as infantry; artillery has no row (the player's word).
	for _, x := range []struct {
		kinds []string
		mp    float64
		ok    bool
	}{{[]string{"infantry"}, 3, true}, {[]string{"cavalry"}, 4.5, true}, {[]string{"cavalry", "infantry"}, 3, true},
		{[]string{"militia"}, 3, true}, {[]string{"infantry", "artillery"}, 0, false}} {
		if mp, ok, err := c.MarchExtension(x.kinds); mp != x.mp || ok != x.ok || err != nil {
			t.Errorf("extension for %v: %v %v %v", x.kinds, mp, ok, err)
		}
	}
}

// gcacw.extended-march-settings: every problem of a copy at once (a row
// that names no kind, "all" beside kinds), by the reader; the cell's form
// by the load.
func TestExtendedMarchSettingsProblems(t *testing.T) {
	lib := library(t)
	id, cp, err := ParseChartFile([]byte("chart: gcacw.extended-march-settings\ncells:\n  all: [\"2\"]\n  Infantry: [\"1½\"]\n  Wagons: [\"1\"]\n"))
	if err != nil {
		t.Fatal(err)
	}
	lc, err := lib.Slot(id).Validate(cp)
	if err != nil {
		t.Fatal(err)
	}
	c := lrtg.SeriesCharts{Library: lib, Loaded: map[string]*engine.LoadedChart{id: lc}}
	err = c.Check()
	for _, want := range []string{"2 problems", `row "Wagons" is not all or a kind of unit`, "the row all holds for every kind"} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("refusal lacks %q: %v", want, err)
		}
	}
	_, cp, _ = ParseChartFile([]byte("chart: gcacw.extended-march-settings\ncells:\n  all: [\"+2\"]\n"))
	if _, err := lib.Slot(id).Validate(cp); err == nil || !strings.Contains(err.Error(), "+2") {
		t.Errorf("an addition loaded: %v", err)
	}
	if _, ok, err := (lrtg.SeriesCharts{Library: lib}).MarchExtension([]string{"infantry"}); ok || err != nil {
		t.Errorf("without a copy: %v %v", ok, err)
	}
}

// A copy with several problems is refused once, naming each: here a
// combat chart with overlapping columns, a gap in its rows and a cell in
// no grammar.
func TestSeriesChartLoadListsEveryProblem(t *testing.T) {
	lib := library(t)
	b, _ := os.ReadFile(filepath.Join("testdata", "gcacw", "combat.yaml"))
	bad := strings.Replace(string(b), `"D 4-6"`, `"D 3-6"`, 1)
	bad = strings.Replace(bad, `"-1-0"`, `"-1"`, 1)
	bad = strings.Replace(bad, "[1D, 1Dr,", "[1D, \"1 D?\",", 1)
	id, cp, err := ParseChartFile([]byte(bad))
	if err != nil {
		t.Fatal(err)
	}
	_, err = lib.Slot(id).Validate(cp)
	for _, want := range []string{"3 problems", `columns D "D 1-3" and "D 3-6" overlap (both hold 3)`,
		`rows "-1" and "1-3" leave a gap (no row for 0)`, `row "1-3", column "D 3-6": "1 D?" is not a result`} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("refusal lacks %q: %v", want, err)
		}
	}
}

// The extended march modifiers the seeds print, read typed, against the
// seeds' numbers: 003 MOVEMENT "Extend March die roll modifiers" (To F2 /
// F3 / F4: unexhausted no roll, 0, +2; exhausted 0, +2, +4), LRTA's copy
// in 004, and 004's modifiers by unit type.
func TestSeedsExtendedMarchModifiers(t *testing.T) {
	lib := library(t)
	for _, game := range []engine.Game{lrtg.LRTG, lrtg.LRTA} {
		want := map[[2]int][2]int{ // {fatigue, exhausted}: {modifier, roll}
			{2, 0}: {0, 0}, {3, 0}: {0, 1}, {4, 0}: {2, 1},
			{2, 1}: {0, 1}, {3, 1}: {2, 1}, {4, 1}: {4, 1},
		}
		for k, w := range want {
			mod, roll, err := lrtg.FatigueMarchModifier(lib, game, k[0], k[1] == 1)
			if err != nil || mod != w[0] || roll != (w[1] == 1) {
				t.Errorf("%s to F%d exhausted=%v: %d %v %v, want %v", game, k[0], k[1] == 1, mod, roll, err, w)
			}
		}
		if _, _, err := lrtg.FatigueMarchModifier(lib, game, 5, false); err == nil {
			t.Errorf("%s: fatigue 5 accepted", game)
		}
	}
	cases := []struct {
		side           engine.Side
		situation, col string
		want           int
	}{
		{engine.CSA, "The Confederates have not proposed a Rest & Refit period", "Infantry north of the Potomac", 2},
		{engine.CSA, "The Confederates have proposed a Rest & Refit period", "Infantry north of the Potomac", 1},
		{engine.CSA, "The Confederates have proposed a Rest & Refit period", "Cavalry", 0},
		{engine.USA, "At start", "Army of Virginia infantry", 2},
		{engine.USA, "At start", "Army of the Potomac infantry", 1},
		{engine.USA, "The Union does not accept the Confederate Rest & Refit period", "Army of the Potomac infantry", 2},
		{engine.USA, "McClellan takes command", "Army of Virginia infantry", 1},
	}
	for _, c := range cases {
		if v, err := lrtg.UnitTypeMarchModifier(lib, c.side, c.situation, c.col); err != nil || v != c.want {
			t.Errorf("%s %q %q: %d %v, want %d", c.side, c.situation, c.col, v, err, c.want)
		}
	}
	if _, err := lrtg.UnitTypeMarchModifier(lib, engine.USA, "At start", "Militia"); err == nil || !strings.Contains(err.Error(), "Its unit types:") {
		t.Errorf("unknown type: %v", err)
	}
	if lrtg.HeatMarchModifier != 1 {
		t.Error("Heat adds one (000 random events 11, 12; 004 Heat)")
	}
}
