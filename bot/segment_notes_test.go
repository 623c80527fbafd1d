package bot

import (
	"slices"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
)

// TestSegmentNoteWords: the notes the stored logs' scripts do not reach
// (TestStoredScriptsReadAsStored checks the others against stored logs)
// read word for word as the sentences the engine wrote before the codes
// (issue 20).
func TestSegmentNoteWords(t *testing.T) {
	for _, c := range []struct {
		note lrtg.SegmentNote
		want string
	}{
		{lrtg.SegmentNote{Code: lrtg.NoteResupply, N: 3, Delta: 2}, "Resupply: 3 divisions in resupply range: +2 victuals (24.2)."},
		{lrtg.SegmentNote{Code: lrtg.NoteResupply}, "Resupply: 0 divisions in resupply range: +0 victuals (24.2)."},
		{lrtg.SegmentNote{Code: lrtg.NoteAmmoDepots, Names: []string{"Frederick", "Hagerstown"}}, "Captured depots with ammunition for divisions in their county (19.5): Frederick, Hagerstown."},
		{lrtg.SegmentNote{Code: lrtg.NoteGameOver, Name: "Confederate decisive victory", Why: "Washington falls"}, "🏁 The game is over: Confederate decisive victory (Washington falls)."},
		{lrtg.SegmentNote{Code: lrtg.NoteNotPassive, About: engine.CSA}, "The CSA are not passive: they gain no victuals (13.0)."},
		{lrtg.SegmentNote{Code: lrtg.NoteLRTACountyCan, N: 12, Names: []string{"Montgomery County"}, Items: []string{"a Confederate unit occupies the White House"}},
			"Claimable by the map (12+ Confederate manpower in the county; DC occupations): Montgomery County, Washington, DC: a Confederate unit occupies the White House."},
		{lrtg.SegmentNote{Code: lrtg.NoteLRTACountyCan, N: 12, Items: []string{"x"}}, "Claimable by the map (12+ Confederate manpower in the county; DC occupations): Washington, DC: x."},
		{lrtg.SegmentNote{Code: lrtg.NoteLRTAForage, Gains: []int{0, 2, 4, 6}}, "Foraging (004): keep 1, 2 or 3 fatigue levels in the Recovery Phase for +2, +4 or +6 victuals (modifier +0); /segment forage fatigue:<levels kept>."},
		{lrtg.SegmentNote{Code: lrtg.NoteLRTAForage, Gains: []int{0, 0, 2, 2}, Modifier: -4, Modifiers: []string{"-2 a", "-1 b"}}, "Foraging (004): keep 1, 2 or 3 fatigue levels in the Recovery Phase for +0, +2 or +2 victuals (modifier -4: -2 a; -1 b); /segment forage fatigue:<levels kept>."},
		{lrtg.SegmentNote{Code: "no.such.code"}, `(note "no.such.code")`},
	} {
		if got := segmentNoteText(c.note); got != c.want {
			t.Errorf("%s:\n got %q\nwant %q", c.note.Code, got, c.want)
		}
	}
}

// TestOpenedLinesKeepSecrets: a note told to one side is in that side's
// lines alone, never in what everyone reads nor in the other side's; an
// event stored before the codes reads its sentences as stored.
func TestOpenedLinesKeepSecrets(t *testing.T) {
	e := &lrtg.SegmentOpened{Turn: 2, Step: "5a", Notes: []lrtg.SegmentNote{
		{Code: lrtg.NoteLevyOpen},
		{Code: lrtg.NoteLevyTowns, Side: engine.CSA, Names: []string{"Chambersburg"}},
		{Code: lrtg.NoteRepairStations, Side: engine.USA, Names: []string{"Monocacy Junction"}},
	}}
	public, secret := openedLines(e)
	if !slices.Equal(public, []string{"The Confederates may levy towns (/place action:levy, LRTG 13.1)."}) {
		t.Errorf("public: %q", public)
	}
	if !slices.Equal(secret[engine.CSA], []string{"Towns you may levy now: Chambersburg."}) || strings.Contains(strings.Join(secret[engine.CSA], " "), "Monocacy") {
		t.Errorf("CSA: %q", secret[engine.CSA])
	}
	if !slices.Equal(secret[engine.USA], []string{"Damaged stations you may try to repair (one a turn, 13.7): Monocacy Junction."}) || strings.Contains(strings.Join(secret[engine.USA], " "), "Chambersburg") {
		t.Errorf("USA: %q", secret[engine.USA])
	}
	if all := strings.Join(public, " "); strings.Contains(all, "Chambersburg") || strings.Contains(all, "Monocacy") {
		t.Errorf("a side's secret in what everyone reads: %q", public)
	}

	old := &lrtg.SegmentOpened{Turn: 2, Step: "5a", Public: []string{"said to all"}, Secret: map[engine.Side][]string{engine.CSA: {"said to the CSA"}}}
	public, secret = openedLines(old)
	if !slices.Equal(public, []string{"said to all"}) || !slices.Equal(secret[engine.CSA], []string{"said to the CSA"}) || len(secret[engine.USA]) != 0 {
		t.Errorf("stored before the codes: %q %q", public, secret)
	}
	if got := stepNoteText(lrtg.StepNote{Step: "5a", Side: engine.CSA, What: "said to the CSA"}); got != "said to the CSA" {
		t.Errorf("a stored sentence: %q", got)
	}
	if got := stepNoteText(lrtg.StepNote{Step: "5a", Side: engine.CSA, Note: e.Notes[1]}); got != "Towns you may levy now: Chambersburg." {
		t.Errorf("a note: %q", got)
	}
}
