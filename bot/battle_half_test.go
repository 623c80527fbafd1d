package bot

import (
	"context"
	"strings"
	"testing"
)

// /battle result by a player names his own units only: an enemy unit's
// name is answered with how a battle is recorded, each side its own half
// (or /attack, both at once), not a bare "You have no unit" (issue 22,
// item 11). The answer is the same for a name that is nobody's, so in a
// hidden game it tells nothing of the enemy.
func TestBattleResultSaysEachSideRecordsItsHalf(t *testing.T) {
	for _, limited := range []bool{false, true} {
		r := NewRouter(openStore(t), WithLogger(quietLog()))
		extra := map[string]string{}
		if limited {
			extra["limited_intelligence"] = "true"
		}
		startLRTA(t, r, extra)
		ask := func(defender string) string {
			out := r.Handle(context.Background(), battleReq(leeA, map[string]string{"attacker": "Hood", "attacker_result": "-", "defender": defender, "defender_result": "1r"})).first()
			if out.Error == nil || out.Error.Code != "unit.unknown" {
				t.Fatalf("limited %v, defender %s: %+v", limited, defender, out)
			}
			return out.Text
		}
		enemy := ask("Buford")
		for _, want := range []string{`"Buford"`, "your own side's half", "the other side's commander records his", "/attack"} {
			if !strings.Contains(enemy, want) {
				t.Errorf("limited %v: the refusal lacks %q:\n%s", limited, want, enemy)
			}
		}
		// Nobody's name gets the same answer but for the name: nothing
		// says whether Buford exists or where.
		if nobody := ask("Nobody"); strings.ReplaceAll(nobody, `"Nobody"`, `"Buford"`) != enemy {
			t.Errorf("limited %v: an enemy unit and nobody answered differently:\n%s\n%s", limited, enemy, nobody)
		}
		for _, secret := range []string{"SS1824", "Cav", "cavalry", "3 MP"} {
			if strings.Contains(enemy, secret) {
				t.Errorf("limited %v: the refusal tells %q:\n%s", limited, secret, enemy)
			}
		}
	}
}
