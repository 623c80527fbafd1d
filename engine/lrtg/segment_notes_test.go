package lrtg

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/umpire-games/umpire/engine"
)

// TestSegmentOpenedFoldsBothShapes: a segment.opened event stored before
// the codes (sentences in Public and Secret) and one written now (Notes)
// both fold into what each side alone was told (issue 20); what everyone
// was told is not kept, and an opening of the step replaces what an
// earlier one said.
func TestSegmentOpenedFoldsBothShapes(t *testing.T) {
	g, _ := segGame(t, opts(), 3)
	var old SegmentOpened
	stored := `{"turn":3,"step":"5a","public":["The Confederates may levy towns (/place action:levy, LRTG 13.1)."],"secret":{"csa":["Towns you may levy now: Chambersburg."]}}`
	if err := json.Unmarshal([]byte(stored), &old); err != nil {
		t.Fatal(err)
	}
	g = g.Apply(&old)
	if want := []StepNote{{Step: "5a", Side: engine.CSA, What: "Towns you may levy now: Chambersburg."}}; !reflect.DeepEqual(g.Segment.Notes, want) {
		t.Fatalf("stored before the codes: %+v", g.Segment.Notes)
	}
	towns := SegmentNote{Code: NoteLevyTowns, Side: engine.CSA, Names: []string{"Chambersburg"}}
	repair := SegmentNote{Code: NoteRepairStations, Side: engine.USA, Names: []string{"Monocacy Junction"}}
	g = g.Apply(&SegmentOpened{Turn: 3, Step: "5a", Notes: []SegmentNote{{Code: NoteLevyOpen}, towns}})
	g = g.Apply(&SegmentOpened{Turn: 3, Step: "5g", Notes: []SegmentNote{repair}})
	want := []StepNote{{Step: "5a", Side: engine.CSA, Note: towns}, {Step: "5g", Side: engine.USA, Note: repair}}
	if !reflect.DeepEqual(g.Segment.Notes, want) {
		t.Fatalf("with codes: %+v", g.Segment.Notes)
	}
	// Written now, the event carries no sentence.
	b, err := json.Marshal(&SegmentOpened{Turn: 3, Step: "5a", Notes: []SegmentNote{{Code: NoteLevyOpen}, towns}})
	if err != nil {
		t.Fatal(err)
	}
	if got := string(b); got != `{"turn":3,"step":"5a","notes":[{"code":"levy.open"},{"code":"levy.towns","side":"csa","names":["Chambersburg"]}]}` {
		t.Errorf("JSON: %s", got)
	}
}
