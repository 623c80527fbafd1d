package lrtg

import (
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
)

// LRTA's Union army leader (issue 22, item 6): LRTG 10.1's "Meade has
// assumed command" is LRTG's own condition; in LRTA the Union's army
// leader is its commanding general, Pope until McClellan assumes command
// and McClellan after (004 McClellan assumes command: "Replace Pope with
// McClellan"). Units and places are invented for the test.
func TestLRTAArmyLeaderIsTheCommandingGeneral(t *testing.T) {
	o := engine.GameOptions{Scenario: "lrta-campaign", Supply: "normal", Comms: 1}
	u := setupUnit
	start := func() Game {
		return acStart(t, o,
			u("csa.lee", "Lee", engine.CSA, "leader", "ANV", 0, at(0, 0)),
			u("csa.longstreet", "Longstreet", engine.CSA, "leader", "1", 0, at(0, 0)),
			u("csa.hood", "Hood", engine.CSA, "infantry", "1", 12, at(0, 0)),
			u("csa.robertson", "Robertson", engine.CSA, "cavalry", "Cav", 3, at(20, 0)),
			u("usa.pope", "Pope", engine.USA, "leader", "AV", 0, at(40, 0)),
			u("usa.sigel", "Sigel", engine.USA, "leader", "I", 0, at(40, 0)),
			u("usa.schurz", "Schurz", engine.USA, "infantry", "I", 8, at(40, 0)),
			u("usa.mcclellan", "McClellan", engine.USA, "leader", "AP", 0, at(60, 0)),
			u("usa.sumner", "Sumner", engine.USA, "leader", "II-AP", 0, at(60, 0)),
			u("usa.richardson", "Richardson", engine.USA, "infantry", "II-AP", 7, at(60, 0)),
		)
	}
	army := func(leader string, units ...string) ActivateArmyLeader {
		return ActivateArmyLeader{By: meade, Leader: leader, Units: units, Table: acArmyTable()}
	}
	g, _ := acBegin(t, start(), 5, "4a", engine.Script(1, 6))
	// Pope commands: he may attempt, with no word of Meade.
	_, evs := acDo(t, g, army("usa.pope", "usa.schurz"), engine.Script(2, 4))
	if att := evs[2].(*ArmyAttempted); !att.Success || att.Leader != "usa.pope" || att.Side != engine.USA {
		t.Errorf("Pope: %+v", att)
	}
	// McClellan has not assumed command: he is not yet the army leader.
	re := acRefused(t, g, army("usa.mcclellan", "usa.richardson"), "army.commander", "Pope", "004")
	if re.Rule == "LRTG 10.1" {
		t.Errorf("LRTG's rule cited: %+v", re)
	}
	// A leader who is none names LRTA's, not Meade.
	if re := acRefused(t, g, army("usa.sigel", "usa.schurz"), "army.leader", "Pope"); strings.Contains(re.Error(), "Meade") {
		t.Errorf("Meade named in LRTA: %v", re)
	}
	// Once McClellan has assumed command he is; Pope no longer.
	g.LRTAArmy.McClellan, g.LRTAArmy.McClellanTurn = true, 4
	acRefused(t, g, army("usa.pope", "usa.schurz"), "army.commander", "McClellan")
	_, evs = acDo(t, g, army("usa.mcclellan", "usa.richardson"), engine.Script(3, 5))
	if att := evs[2].(*ArmyAttempted); !att.Success || att.Leader != "usa.mcclellan" {
		t.Errorf("McClellan: %+v", att)
	}
}
