package bot

import (
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
)

// Every step of an allowance has its words (none falls through to its
// code), and the minimum of one is said where it held.
func TestAllowanceStepsHaveWords(t *testing.T) {
	g := engine.GameState{Units: map[string]engine.UnitState{"csa.hood": {ID: "csa.hood", Name: "Hood", Kind: engine.KindInfantry}}}
	u := lrtg.UnitAllowance{Unit: "csa.hood", Arm: lrtg.ArmInfantry}
	for _, code := range []string{lrtg.AllowArmyOneAsTwo, lrtg.AllowArmyCavalryDouble, lrtg.AllowFootCavalry, lrtg.AllowFootCavalryOdd,
		lrtg.AllowFootCavalryDisorg, lrtg.AllowFootCavalryLost, lrtg.AllowJacksonNoBonus, lrtg.AllowNoLeaderLine, lrtg.AllowPassive,
		lrtg.AllowParalysisCSA, lrtg.AllowParalysisPope, lrtg.AllowParalysisReorg, lrtg.AllowParalysisUnreorg, lrtg.AllowParalysisArmy, lrtg.AllowRainWagon} {
		w := allowanceStep(g, u, lrtg.AllowanceStep{Code: code, Value: -1})
		if w == "-1 "+code || w == "" { // the fallback: the bare code
			t.Errorf("%s: %q", code, w)
		}
	}
	if w := allowanceStep(g, u, lrtg.AllowanceStep{Code: lrtg.AllowPassive, Value: -1, Floor: true}); !strings.Contains(w, "-1 passive") || !strings.Contains(w, "at least 1") {
		t.Errorf("passive at the minimum: %q", w)
	}
	al := &lrtg.MovementAllowance{Rolls: []lrtg.AllowanceRoll{{Arm: lrtg.ArmInfantry, Roll: 7, Faces: []int{1, 2}}},
		Units: []lrtg.UnitAllowance{{Unit: "csa.hood", Arm: lrtg.ArmInfantry, With: "leader", Dice: 1, Plus: 2, MP: 4, Steps: []lrtg.AllowanceStep{{Code: lrtg.AllowFootCavalry, Value: 1}}}},
		Notes: []string{lrtg.AllowNoteRain}}
	acWants(t, "Jackson's allowance", allowanceText(g, al, "4b", false), "Roll #7 [1 white, 2 colored] for infantry and artillery (the white die; the colored one for the Foot Cavalry, 31.3)",
		"· Hood: **4** movement points (die 1, +2 infantry with its leader, +1 Foot Cavalry: the colored die is even (31.3)).",
		"It rains this turn: the Standardized Rules' rain rules (not in these rules) may lower these; the umpire rules on it.",
		"uses that movement's own allowance instead (17.1, 8.2)")
	if s := allowanceSummary(g, al); s != "allowance Hood 4" {
		t.Errorf("summary %q", s)
	}
}
