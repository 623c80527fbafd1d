package bot

import (
	"slices"
	"testing"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
)

// TestDepotChangeWords: why a depot changed reads word for word as the
// sentence the engine wrote before the codes (issue 20; the stored logs
// hold no depot change), an event stored then reads its sentence, and a
// schedule hastened or dropped stays the umpire's (each side's schedule is
// secret, 13.8).
func TestDepotChangeWords(t *testing.T) {
	e := &lrtg.DepotsChanged{Turn: 5, Changes: []lrtg.DepotChange{
		{Side: engine.USA, Place: "Frederick", Action: "hastened", Due: 6, Code: lrtg.DepotWhyHastened},
		{Side: engine.USA, Place: "Emmitsburg", Action: "dropped", Code: lrtg.DepotWhyCaptured},
		{Side: engine.CSA, Place: "Chambersburg", Action: "removed", Code: lrtg.DepotWhyDismantled},
		{Side: engine.CSA, Place: "Nowhere", Action: "dropped", Code: lrtg.DepotWhyOffMap},
		{Side: engine.CSA, Place: "Cashtown", Action: "dropped", Code: lrtg.DepotWhySite},
		{Side: engine.USA, Place: "Westminster", Action: "placed", Code: lrtg.DepotWhyConstructed},
		{Side: engine.CSA, Place: "Winchester", Action: "placed", Code: lrtg.DepotWhyCSA},
		{Side: engine.USA, Place: "Alexandria", Action: "placed", Code: lrtg.DepotWhyLRTAFlipped},
		{Side: engine.USA, Place: "Leesburg", Action: "dropped", Code: lrtg.DepotWhyLRTASite},
		{Side: engine.USA, Place: "Baltimore", Action: "placed", Why: "said then"},
	}}
	public, secret := depotChangeLines(e)
	wantPublic := []string{
		"CSA depot at Chambersburg removed (dismantled as scheduled (13.8))",
		"USA depot at Westminster placed (constructed as scheduled (13.8))",
		"CSA depot at Winchester placed (a Confederate depot (13.8))",
		"USA depot at Alexandria placed (flipped to its completed side on a passive turn (004 Impacts of Being Passive))",
		"USA depot at Baltimore placed (said then)",
	}
	wantSecret := []string{
		"USA depot at Frederick hastened (passive again before it is done: one turn less (13.8))",
		"USA depot at Emmitsburg dropped (the depot was captured or destroyed before it was dismantled (13.8))",
		"CSA depot at Nowhere dropped (the place is not in the map data)",
		"CSA depot at Cashtown dropped (the site no longer meets the conditions it was scheduled under (13.8))",
		"USA depot at Leesburg dropped (the site no longer meets the conditions it was begun under (LRTG 13.8))",
	}
	if !slices.Equal(public, wantPublic) {
		t.Errorf("public:\n got %q\nwant %q", public, wantPublic)
	}
	if !slices.Equal(secret, wantSecret) {
		t.Errorf("secret:\n got %q\nwant %q", secret, wantSecret)
	}
}
