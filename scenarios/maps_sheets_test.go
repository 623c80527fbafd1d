package scenarios

import (
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
)

// sheetsPin is one place printed on two sheets: the literals are copied from
// the GCACW rosters (Bestra/gcacw-printable-rosters, commit 8118399) or from
// 000 where the roster lacks the place (src says which).
type sheetsPin struct {
	place, a, b, src string
}

// sheetsPins are the places that calibrate the LRTG / LRTA sheets
// (scenarios/maps/lrtg-sheets.yaml, header).
var sheetsPins = []sheetsPin{
	{"Bolivar Heights", "HW2420", "RS0532", "hcr W2420, rtg2 S0532"},
	{"Chambers Farm", "HW2421", "RS0533", "hcr W2421, rtg2 S0533"},
	{"Naval Battery", "HW2620", "RS0732", "hcr W2620, rtg2 S0732"},
	{"Weverton", "HW2920", "RS1031", "hcr W2920, rtg2 S1031"},
	{"Frederick", "HW4214", "RS2326", "hcr W4214, rtg2 S2326"},
	{"Frederick Junction", "HW4317", "RS2428", "hcr W4317, rtg2 S2428"},
	{"Middletown", "HW3613", "RS1725", "hcr W3613, rtg2 S1725"},
	{"Catoctin Switch", "HW3522", "RS1633", "rwh W3522, rtg2 S1633"},
	{"Williamsport", "HW2004", "RS0116", "hcr/aga W2004, rtg2 S0116"},
	{"New Market", "HW5016", "RS3128", "hcr W5016, rtg2 S3128"},
	{"Monrovia", "HW5017", "RS3129", "rwh W5017, rtg2 S3129"},
	{"Harpers Ferry", "HW2521", "RS0632", "hcr W2521, 000 VIII RS0632"},
	{"Cracklintown", "HW5826", "HE0320", "hcr W5826, hcr E0320"},
	{"Mt. Airy", "HW5717", "HE0210", "hcr W5717, hcr E0210"},
	{"Ellicott Mills", "HE2116", "RS5734", "hcr E2116, rtg2 S5734"},
	{"Leesburg", "HW3533", "SN3502", "000 VIII HCR W3533, aga N3502"},
	{"Winchester Toll House", "HW0332", "SN0301", "000 VIII HW0332, sjw N0301"},
	{"Accotink", "SN5825", "SS5802", "sjw N5825, sjw S5802"},
	{"Warrenton Junction", "SN3131", "SS3108", "sjw N3131, sjw S3108"},
	{"White Sulphur Springs", "SN2030", "SS2007", "sjw N2030, sjw S2007"},
	{"Oak Shade", "SN1733", "SS1710", "sjw N1733, 000 VIII SS1710"},
}

func sheetsTheatre(t *testing.T) *engine.Theatre {
	t.Helper()
	ts, err := Theatres()
	if err != nil {
		t.Fatal(err)
	}
	th := ts["lrtg"]
	if th == nil {
		t.Fatal("no lrtg theatre")
	}
	return th
}

func sheetsHex(t *testing.T, th *engine.Theatre, s string) engine.Hex {
	t.Helper()
	h, _, err := th.ParseHex(s, "")
	if err != nil {
		t.Fatalf("%s: %v", s, err)
	}
	return h
}

func sheetsByID(th *engine.Theatre) map[string]*engine.Sheet {
	m := map[string]*engine.Sheet{}
	for i := range th.Sheets {
		m[th.Sheets[i].ID] = &th.Sheets[i]
	}
	return m
}

// Every pinning pair lands within the recorded residual of both its sheets;
// the recorded residual is the worst pair and the recorded pair count is the
// number of pins.
func TestSheetsPinsAgree(t *testing.T) {
	th := sheetsTheatre(t)
	sheets := sheetsByID(th)
	worst := map[string]int{}
	count := map[string]int{}
	for _, p := range sheetsPins {
		ha, hb := sheetsHex(t, th, p.a), sheetsHex(t, th, p.b)
		d := engine.Distance(ha, hb)
		for _, id := range []string{p.a[:2], p.b[:2]} {
			if d > sheets[id].MaxResidual {
				t.Errorf("%s: %s and %s are %d hexes apart, more than %s's residual %d (%s)", p.place, p.a, p.b, d, id, sheets[id].MaxResidual, p.src)
			}
			if d > worst[id] {
				worst[id] = d
			}
			count[id]++
			if !strings.Contains(sheets[id].CalibrationNote, strings.Fields(p.place)[0]) {
				t.Errorf("sheet %s: note does not name %s", id, p.place)
			}
		}
		// Both printed numbers name the same global hex.
		printed := strings.Join(th.Printed(ha), " ")
		if !strings.Contains(printed, p.a) || !strings.Contains(printed, p.b) {
			t.Errorf("%s: global hex of %s is printed as %q, want both %s and %s", p.place, p.a, printed, p.a, p.b)
		}
	}
	for _, s := range th.Sheets {
		if s.MaxResidual != worst[s.ID] {
			t.Errorf("sheet %s: max_residual %d, worst pair %d", s.ID, s.MaxResidual, worst[s.ID])
		}
		if s.CalibrationPairs != count[s.ID] {
			t.Errorf("sheet %s: calibration pairs %d, pins %d", s.ID, s.CalibrationPairs, count[s.ID])
		}
	}
	want := map[string]int{"HW": 16, "RS": 13, "HE": 3, "SN": 6, "SS": 4, "RN": 0}
	for id, n := range want {
		if count[id] != n {
			t.Errorf("sheet %s: %d pins, want %d", id, count[id], n)
		}
	}
}

// The translations, HW the origin.
func TestSheetsTranslations(t *testing.T) {
	th := sheetsTheatre(t)
	want := map[string][2]int{"HW": {0, 0}, "RS": {19, -21}, "HE": {55, -21}, "SN": {0, 31}, "SS": {0, 54}, "RN": {19, -54}}
	if len(th.Sheets) != len(want) {
		t.Fatalf("%d sheets, want %d (no Pennsylvania add-on sheet: no hex of the seeds is on it)", len(th.Sheets), len(want))
	}
	for _, s := range th.Sheets {
		w, ok := want[s.ID]
		if !ok || s.DQ != w[0] || s.DR != w[1] {
			t.Errorf("sheet %s: dq, dr = %d, %d, want %v", s.ID, s.DQ, s.DR, w)
		}
		if s.Parity != engine.EvenColumnsDown {
			t.Errorf("sheet %s: parity %v, want even columns down", s.ID, s.Parity)
		}
	}
	// In printed terms: SN row = SS row + 23 and HW row = SN row + 31 in the
	// same column; RS column = HW column - 19.
	for _, c := range [][2]string{{"SS2007", "SN2030"}, {"SN0301", "HW0332"}, {"SN3502", "HW3533"}} {
		if sheetsHex(t, th, c[0]) != sheetsHex(t, th, c[1]) {
			t.Errorf("%s and %s should be one hex", c[0], c[1])
		}
	}
}

// sheetsSpread returns how many different translations the pins between two
// sheets give when the sheets are read with the given parities.
func sheetsSpread(a, b string, pa, pb engine.Parity) int {
	seen := map[engine.Hex]bool{}
	for _, p := range sheetsPins {
		if p.a[:2] != a || p.b[:2] != b {
			continue
		}
		ca, ra := sheetsDigits(p.a)
		cb, rb := sheetsDigits(p.b)
		ha, hb := engine.OffsetToAxial(ca, ra, pa), engine.OffsetToAxial(cb, rb, pb)
		seen[engine.Hex{Q: ha.Q - hb.Q, R: ha.R - hb.R}] = true
	}
	return len(seen)
}

func sheetsDigits(s string) (col, row int) {
	d := s[len(s)-4:]
	return int(d[0]-'0')*10 + int(d[1]-'0'), int(d[2]-'0')*10 + int(d[3]-'0')
}

// Choice 1 and 2: the parity is proven where the sheets join across an odd
// number of columns: only even columns down makes the pins agree.
func TestSheetsParityProof(t *testing.T) {
	odd, even := engine.OddColumnsDown, engine.EvenColumnsDown
	for _, c := range []struct {
		a, b   string
		pa, pb engine.Parity
		want   int
	}{
		{"HW", "RS", even, even, 1},
		{"HW", "RS", odd, odd, 2},
		{"HW", "RS", odd, even, 2},
		{"HW", "RS", even, odd, 2},
		{"HW", "HE", even, even, 1},
		{"HW", "HE", odd, odd, 2},
		{"HW", "HE", even, odd, 2},
		// SN and SS share their columns: same parity needed, either one fits.
		{"SN", "SS", even, even, 1},
		{"SN", "SS", odd, odd, 1},
		{"SN", "SS", even, odd, 2},
		{"SN", "SS", odd, even, 2},
		// Both HW-SN pins are in odd columns: SN's parity is not pinned.
		{"HW", "SN", even, even, 1},
		{"HW", "SN", even, odd, 1},
	} {
		if got := sheetsSpread(c.a, c.b, c.pa, c.pb); got != c.want {
			t.Errorf("%s %v / %s %v: %d translations, want %d", c.a, c.pa, c.b, c.pb, got, c.want)
		}
	}
	// Under odd columns down the HW-RS pins split two hexes apart: Weverton (odd HW column)
	// against Bolivar Heights (even).
	wa, wb := engine.OffsetToAxial(29, 20, odd), engine.OffsetToAxial(10, 31, odd)
	ba, bb := engine.OffsetToAxial(24, 20, odd), engine.OffsetToAxial(5, 32, odd)
	if d := engine.Distance(engine.Hex{Q: wa.Q - wb.Q, R: wa.R - wb.R}, engine.Hex{Q: ba.Q - bb.Q, R: ba.R - bb.R}); d != 2 {
		t.Errorf("odd-down Weverton vs Bolivar Heights translations differ by %d, want 2", d)
	}
}

// Choice 3: RN is provisional, placed by the Gettysburg landmarks.
func TestSheetsRNProvisional(t *testing.T) {
	th := sheetsTheatre(t)
	rn := sheetsByID(th)["RN"]
	if rn.CalibrationPairs != 0 || !strings.HasPrefix(rn.CalibrationNote, "PROVISIONAL") {
		t.Errorf("RN should be marked provisional: %+v", rn)
	}
	gettysburg := sheetsHex(t, th, "RS3201")
	for _, c := range []struct {
		place, hex string
		d          int
	}{
		{"Seminary (rtg2 N3134)", "RN3134", 1},
		{"PA College (rtg2 N3233)", "RN3233", 1},
		{"Benner's Hill (rtg2 N3334)", "RN3334", 1},
		{"Culp's Hill (rtg2 S3302)", "RS3302", 1},
		{"Evergreen Cemetery (rtg2 S3202)", "RS3202", 1},
	} {
		if d := engine.Distance(gettysburg, sheetsHex(t, th, c.hex)); d != c.d {
			t.Errorf("%s %s is %d from Gettysburg RS3201, want %d", c.place, c.hex, d, c.d)
		}
	}
	// Benner's Hill is north of Culp's Hill, not on it.
	if d := engine.Distance(sheetsHex(t, th, "RN3334"), sheetsHex(t, th, "RS3302")); d != 1 {
		t.Errorf("Benner's Hill to Culp's Hill = %d, want 1", d)
	}
	// RN row 34 is RS row 01.
	if sheetsHex(t, th, "RN3234") != gettysburg {
		t.Error("RN3234 should be Gettysburg RS3201")
	}
}

// Corroboration and homonyms: places of different names near each other land
// near each other; places of one name on different sheets that are different
// places land far apart.
func TestSheetsNeighboursAndHomonyms(t *testing.T) {
	th := sheetsTheatre(t)
	for _, c := range []struct {
		what, a, b string
		d          int
	}{
		{"Falls Church Station (hcr E0238) / Falls Church (sjw N5715)", "HE0238", "SN5715", 1},
		{"Upton's Hill (hcr E0339) / Munson's Hill (sjw N5816)", "HE0339", "SN5816", 2},
		{"Martinsburg hcr W1314 / rwh W1313", "HW1314", "HW1313", 1},
		{"Bridgeport Pa. (rtg2 N4809) / Bridgeport Md. (rtg2 S3310)", "RN4809", "RS3310", 41},
		{"Germantown Va. (aga N4917) / Germantown Md. (hcr W5029)", "SN4917", "HW5029", 19},
		{"Jefferson Va. (sjw N1831) / Jefferson Md. (rwh W3618)", "SN1831", "HW3618", 53},
		{"Georgetown Va. (sjw N2720) / Georgetown D.C. (hcr E0838)", "SN2720", "HE0838", 36},
	} {
		if d := engine.Distance(sheetsHex(t, th, c.a), sheetsHex(t, th, c.b)); d != c.d {
			t.Errorf("%s: %d hexes, want %d", c.what, d, c.d)
		}
	}
}

// Choice 5 and 6: the printed ranges cover the rosters' and seeds' extremes and
// refuse the seeds' known misprints.
func TestSheetsRanges(t *testing.T) {
	th := sheetsTheatre(t)
	want := map[string][4]int{"SS": {1, 58, 2, 33}, "SN": {2, 58, 1, 34}, "HW": {1, 58, 1, 34}, "HE": {1, 39, 10, 50}, "RS": {1, 57, 1, 34}, "RN": {1, 58, 3, 34}}
	for _, s := range th.Sheets {
		if w := want[s.ID]; [4]int{s.MinCol, s.MaxCol, s.MinRow, s.MaxRow} != w {
			t.Errorf("sheet %s: ranges %d-%d, %d-%d, want %v", s.ID, s.MinCol, s.MaxCol, s.MinRow, s.MaxRow, w)
		}
	}
	for _, ok := range []string{"SS0108", "SS5802", "SS0333", "SN0214", "SN2334", "SN5825", "SN5507", "HW0229", "HW5534", "HW2501", "HW5826",
		"HE0111", "HE3932", "HE 2050", "HE0944", "HE0210", "RS0116", "RS5734", "RS3201", "RN0130", "RN5826", "RN4603", "RN3134",
		"HCR W 4424", "SJW N 4804", "RTG S0116", "S$4927"} {
		if _, _, err := th.ParseHex(ok, ""); err != nil {
			t.Errorf("%s: %v", ok, err)
		}
	}
	for _, c := range []struct{ hex, ctx string }{{"N4907", "RTG"}, {"N 4603", "RTG"}} {
		if _, _, err := th.ParseHex(c.hex, c.ctx); err != nil {
			t.Errorf("%s (%s): %v", c.hex, c.ctx, err)
		}
	}
	// 000 VIII "Poolesville (HE4431)" is HW4431: HE has no column 44.
	if _, _, err := th.ParseHex("HE4431", ""); err == nil {
		t.Error("HE4431 should be refused")
	}
	if _, _, err := th.ParseHex("HW4431", ""); err != nil {
		t.Error(err)
	}
}
