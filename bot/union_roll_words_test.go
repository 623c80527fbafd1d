package bot

import (
	"testing"

	"github.com/umpire-games/umpire/engine/lrtg"
)

// TestUnionRollWordsAsBefore: every code of a track's turn reads word for
// word as the sentence the engine wrote before the codes, and an event
// stored then reads as stored.
func TestUnionRollWordsAsBefore(t *testing.T) {
	noRoll := []struct {
		e    lrtg.UnionRolled
		want string
	}{
		{lrtg.UnionRolled{NoRoll: lrtg.NoRollNoMap}, "the game has no map data to compute the roll's facts from: the umpire rolls it with /table roll"},
		{lrtg.UnionRolled{NoRoll: lrtg.NoRollBaltDCReleased}, "all eight Baltimore / DC groups are released"},
		{lrtg.UnionRolled{NoRoll: lrtg.NoRollBaltDCNotBegun}, "the rolls begin on the first turn a Confederate infantry unit enters Maryland or Meade takes command"},
		{lrtg.UnionRolled{NoRoll: lrtg.NoRollWVArrived}, "the West Virginia units have all arrived"},
		{lrtg.UnionRolled{NoRoll: lrtg.NoRollWVNotBegun, From: lrtg.WVFromTurn}, "the rolls begin on turn 4"},
		{lrtg.UnionRolled{NoRoll: lrtg.NoRollPAArrived}, "the Pennsylvania militia have all arrived"},
		{lrtg.UnionRolled{NoRoll: lrtg.NoRollPANotBegun}, "the rolls begin once the first Confederate infantry or cavalry unit has crossed the Potomac"},
		{lrtg.UnionRolled{NoRoll: lrtg.NoRollLRTAPANoTrack}, "the order of battle has no Pennsylvania militia on its track (a group imports its own with /game oob)"},
		{lrtg.UnionRolled{NoRoll: lrtg.NoRollLRTAPANotBegun}, "the rolls begin once the first Confederate unit is across the Potomac"},
		{lrtg.UnionRolled{Why: "stored"}, "stored"},
		{lrtg.UnionRolled{Rolled: true}, ""},
	}
	for _, c := range noRoll {
		if got := unionNoRoll(&c.e); got != c.want {
			t.Errorf("%s: %q, want %q", c.e.NoRoll, got, c.want)
		}
		if c.e.NoRolls() != (c.want != "") {
			t.Errorf("%+v: no roll %v", c.e, c.e.NoRolls())
		}
	}
	began := []struct {
		e    lrtg.UnionRolled
		want string
	}{
		{lrtg.UnionRolled{BeganCode: lrtg.BeganMeade}, "Meade commands the Army of the Potomac"},
		{lrtg.UnionRolled{BeganCode: lrtg.BeganMaryland}, "Confederate infantry is in Maryland"},
		{lrtg.UnionRolled{BeganCode: lrtg.BeganCrossed, From: 4}, "the first Confederate infantry crossed the Potomac on turn 4 (recorded with /vp action:crossed)"},
		{lrtg.UnionRolled{BeganCode: lrtg.BeganPAAcross}, "Confederate infantry or cavalry is across the Potomac"},
		{lrtg.UnionRolled{BeganCode: lrtg.BeganLRTAPAcross}, "a Confederate unit is across the Potomac"},
		{lrtg.UnionRolled{Began: "stored"}, "stored"},
		{lrtg.UnionRolled{}, ""},
	}
	for _, c := range began {
		if got := unionBegan(&c.e); got != c.want {
			t.Errorf("%s: %q, want %q", c.e.BeganCode, got, c.want)
		}
		if c.e.RollsBegan() != (c.want != "") {
			t.Errorf("%+v: began %v", c.e, c.e.RollsBegan())
		}
	}
}

// TestCycleAllMovesWordsAsBefore: why every kind of movement is allowed
// reads word for word as the sentence the engine wrote before the code.
func TestCycleAllMovesWordsAsBefore(t *testing.T) {
	for _, c := range []struct {
		e    lrtg.CycleBegun
		want string
	}{
		{lrtg.CycleBegun{WhyCode: lrtg.AllMovesTimeLimit}, "time limitation: strategic, rail and naval movement are allowed now (003 4 a); 000 IV e) note)"},
		{lrtg.CycleBegun{WhyCode: lrtg.AllMovesOpening}, "activated units may use strategic and naval movement (000 VIII 3))"},
		{lrtg.CycleBegun{Why: "stored"}, "stored"},
		{lrtg.CycleBegun{}, ""},
	} {
		if got := cycleAllMovesWhy(&c.e); got != c.want {
			t.Errorf("%s: %q, want %q", c.e.WhyCode, got, c.want)
		}
	}
}
