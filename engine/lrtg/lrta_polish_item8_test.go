package lrtg

import (
	"testing"

	"github.com/umpire-games/umpire/engine"
)

// 004 Army Morale f): the Union's combat losses in AoP/AoV units count
// "infantry and cavalry" only; LRTG 15.1 7) counts artillery too.
func TestLRTAMoraleLossesWithoutArtillery(t *testing.T) {
	l := CombatLosses{}.add(engine.UnitState{Side: engine.USA, Kind: "artillery", Command: "II"}, "combat", 8)
	l = l.add(engine.UnitState{Side: engine.USA, Kind: "infantry", Command: "II"}, "combat", 8)
	if l.AoP != 16 || l.AoPArtillery != 8 {
		t.Fatalf("losses %+v", l)
	}
	line := func(g Game) int {
		for _, ml := range g.ArmyMorale(engine.USA, nil).Lines {
			if ml.Rule == "004 Army Morale f)" || ml.Rule == "15.1 7)" {
				return ml.Value
			}
		}
		return 0
	}
	lrta, lrtg := bare(lrtaOpts()), bare(opts())
	lrta.Losses, lrtg.Losses = l, l
	if got := line(lrta); got != 1 {
		t.Errorf("LRTA f): %d, want 1 (8 infantry MP, one per 8)", got)
	}
	if got := line(lrtg); got != 2 {
		t.Errorf("LRTG 7): %d, want 2 (16 MP with the artillery)", got)
	}
}
