package lrtg

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/umpire-games/umpire/engine"
)

// calendarRules is a ruleset with a turn record and nothing else: a game
// that records nothing of its turns besides (as LITN), so the kernel's
// advance is all there is.
func calendarRules() *engine.Ruleset {
	return engine.NewRuleset("calendar", engine.Hooks{
		TurnDate: func(_ string, turn int) time.Time {
			return time.Date(1862, time.September, 2*turn+1, 0, 0, 0, 0, time.UTC)
		},
		TurnDays: func(string, int) int { return 2 },
		LastTurn: func(string) int { return 3 },
	})
}

// The kernel advances the turn of a game whose ruleset adds nothing to
// it: the turn, its date and the ending turn's line on the record, and
// none of LRTG's morale checks (which it would store empty).
func TestTurnAdvanceIsTheKernels(t *testing.T) {
	g := Game{}.Apply(&engine.GameCreated{Options: engine.GameOptions{Scenario: "x", Supply: "normal", Comms: 1}, Umpire: ump, Rules: calendarRules()})
	g = g.Apply(&engine.GameStarted{})
	if _, err := g.Decide(engine.AdvanceTurn{By: engine.Actor{ID: "p1", Name: "lee"}}, engine.Script()); err == nil || !strings.Contains(err.Error(), "Only the umpire advances the turn") {
		t.Fatalf("a player advanced the turn: %v", err)
	}
	evs, err := g.Decide(engine.AdvanceTurn{By: ump, Reason: " done "}, engine.Script())
	if err != nil || len(evs) != 1 {
		t.Fatalf("advance: %v %v", evs, err)
	}
	e := evs[0].(*engine.TurnAdvanced)
	if e.From != 1 || e.To != 2 || e.Date != "1862-09-05" || e.Reason != "done" || e.Point != (engine.TurnPoint{Turn: 1, Date: "1862-09-03"}) {
		t.Fatalf("advance %+v", e)
	}
	_, data, err := engine.EncodeEvent(e)
	if err != nil || strings.Contains(string(data), "closing") || strings.Contains(string(data), "opening") || !strings.Contains(string(data), `"point"`) {
		t.Fatalf("stored as %s (%v)", data, err)
	}
	next := g.Apply(e)
	if next.Turn != 2 || len(next.TurnRecord) != 1 || next.TurnRecord[0] != e.Point || next.Records.Armies != nil {
		t.Fatalf("folded: turn %d, record %+v, armies %+v", next.Turn, next.TurnRecord, next.Records.Armies)
	}
	next = next.Apply(&engine.TurnAdvanced{By: ump, From: 2, To: 3})
	if _, err := next.Decide(engine.AdvanceTurn{By: ump}, engine.Script()); err == nil || !strings.Contains(err.Error(), "last turn") {
		t.Fatalf("advanced past the last turn: %v", err)
	}
}

// An advance stored with LRTG's morale checks folds the same in an LRTG
// game, through its turn-record module (records.go) after the kernel's
// fold: the checks into the records, the line into the turn record.
func TestStoredTurnAdvanceFoldsLRTGRecord(t *testing.T) {
	const stored = `{"by":{"id":"u0","name":"Umpire"},"from":1,"to":2,"date":"1863-06-06",` +
		`"closing":{"armies":[{"side":"csa","level":9,"disorder":true},{"side":"usa","level":0}],"vp":[{"turn":1,"what":"Confederate Army Disorder begins (morale 9)","vp":-10}]},` +
		`"point":{"turn":1,"date":"1863-06-03","vp":-10,"csa_morale":9,"usa_morale":0},` +
		`"opening":{"armies":[{"side":"csa","level":8,"disorder":true},{"side":"usa","level":0}]}}`
	for _, c := range []struct {
		rules  *engine.Ruleset
		record bool
	}{{Ruleset(), true}, {calendarRules(), false}} {
		e, err := engine.DecodeEvent(engine.EventTurnAdvanced, []byte(stored))
		if err != nil {
			t.Fatal(err)
		}
		g := Game{}.Apply(&engine.GameCreated{Options: engine.GameOptions{Scenario: "lrtg-high-tide", Supply: "normal", Comms: 1}, Umpire: ump, Rules: c.rules})
		g = g.Apply(&engine.GameStarted{}).Apply(e)
		if g.Turn != 2 || len(g.TurnRecord) != 1 || g.TurnRecord[0].CSA != 9 || g.TurnRecord[0].VP != -10 {
			t.Fatalf("%s: turn %d, record %+v", c.rules.ID(), g.Turn, g.TurnRecord)
		}
		got, _ := json.Marshal(g.Records.Armies)
		if want := `{"csa":{"Level":8,"Disorder":true,"Panic":false,"EverDisorder":true,"EverPanic":false},"usa":{"Level":0,"Disorder":false,"Panic":false,"EverDisorder":false,"EverPanic":false}}`; c.record && string(got) != want {
			t.Errorf("%s: armies %s", c.rules.ID(), got)
		}
		if !c.record && (g.Records.Armies != nil || len(g.VP) != 0) {
			t.Errorf("%s: a game with no record of its turns folded LRTG's: %+v %+v", c.rules.ID(), g.Records.Armies, g.VP)
		}
		if _, total := g.VPTotals(); c.record && total != -10 {
			t.Errorf("%s: VP %d", c.rules.ID(), total)
		}
		if u := g.Apply(&engine.Undone{By: ump}); u.Turn != 1 || len(u.TurnRecord) != 0 || u.Records.Armies != nil {
			t.Errorf("%s: undo left turn %d, record %+v, armies %+v", c.rules.ID(), u.Turn, u.TurnRecord, u.Records.Armies)
		}
	}
}
