package lrtg

import (
	"reflect"
	"testing"

	"github.com/umpire-games/umpire/engine"
)

func importTestOOB() *engine.OrderOfBattle {
	return &engine.OrderOfBattle{Game: LRTA, Source: "test", Chits: map[engine.Side]int{engine.USA: 2},
		Units: []engine.UnitSetup{
			{ID: "csa.jackson", Name: "Jackson", Side: engine.CSA, Kind: "leader", Size: "corps", Command: "J", OnMap: true,
				Hex: engine.Hex{Q: 15, R: 70}, Ref: engine.HexRef{Sheet: "SS", Col: 15, Row: 29}, Source: "sjw9"},
			{ID: "csa.mclaws", Name: "McLaws", Side: engine.CSA, Kind: "infantry", Size: "division", Command: "L", Manpower: 17,
				Track: "reinforcement", Slot: 10, Entry: "South map edge", Notes: "Turn 10", Source: "sjw9"},
			{ID: "usa.white", Name: "White", Side: engine.USA, Kind: "infantry", Size: "brigade", Command: "Shen", Manpower: 3, OnMap: true,
				Hex: engine.Hex{Q: 3, R: 31}, Ref: engine.HexRef{Sheet: "SN", Col: 3, Row: 1}, Marks: []string{"fort"}, Source: "sjw9"},
		},
		Depots:  []engine.DepotSetup{{Side: engine.USA, Place: "Alexandria", Source: "004"}},
		Damaged: []string{"Manassas Junction"},
	}
}

// The event keeps the whole order of battle: through JSON and back, it
// gives what was imported.
func TestOOBImportedRoundTrip(t *testing.T) {
	o := importTestOOB()
	e := engine.NewOOBImported(engine.Actor{ID: "u0", Name: "Umpire"}, "abc", o)
	typ, data, err := engine.EncodeEvent(e)
	if err != nil || typ != engine.EventOOBImported {
		t.Fatal(typ, err)
	}
	back, err := testDecode(typ, data)
	if err != nil {
		t.Fatal(err)
	}
	got := back.(*engine.OOBImported).OrderOfBattle()
	if !reflect.DeepEqual(got, o) {
		t.Errorf("round trip:\n got %+v\nwant %+v", got, o)
	}
	if e.Count(engine.CSA) != 2 || e.Count(engine.USA) != 1 {
		t.Errorf("counts %d %d", e.Count(engine.CSA), e.Count(engine.USA))
	}
}

func TestImportOOBDecide(t *testing.T) {
	ump := engine.Actor{ID: "u0", Name: "Umpire"}
	var g Game
	if _, err := g.Decide(engine.ImportOOB{By: ump, OOB: importTestOOB()}, nil); !importErrCode(err, "game.none") {
		t.Fatalf("no game: %v", err)
	}
	g = g.Apply(created(&engine.GameCreated{Options: engine.GameOptions{Scenario: "lrta-campaign", Supply: "normal", Comms: 1}, Umpire: ump}))
	if _, err := g.Decide(engine.ImportOOB{By: engine.Actor{ID: "u1", Name: "Lee"}, OOB: importTestOOB()}, nil); !importErrCode(err, "game.umpire") {
		t.Errorf("a player: %v", err)
	}
	one := importTestOOB()
	one.Units = one.Units[:2]
	if _, err := g.Decide(engine.ImportOOB{By: ump, OOB: one}, nil); !importErrCode(err, "oob.file") {
		t.Errorf("no Union units: %v", err)
	}
	twice := importTestOOB()
	twice.Units = append(twice.Units, twice.Units[0])
	if _, err := g.Decide(engine.ImportOOB{By: ump, OOB: twice}, nil); !importErrCode(err, "oob.file") {
		t.Errorf("an id twice: %v", err)
	}
	evs, err := g.Decide(engine.ImportOOB{By: ump, OOB: importTestOOB(), SHA256: "abc"}, nil)
	if err != nil || len(evs) != 1 {
		t.Fatal(evs, err)
	}
	// Folding it changes nothing in the state: the stream keeps it.
	next := g.Apply(evs[0])
	if !reflect.DeepEqual(next, g) {
		t.Errorf("the import changed the state")
	}
	// After the start it is refused.
	next = next.Apply(&engine.GameStarted{})
	if _, err := next.Decide(engine.ImportOOB{By: ump, OOB: importTestOOB()}, nil); !importErrCode(err, "oob.started") {
		t.Errorf("after the start: %v", err)
	}
}

func importErrCode(err error, code string) bool {
	re, ok := err.(*engine.RuleError)
	return ok && re.Code == code
}
