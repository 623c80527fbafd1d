package lrtg

import (
	"errors"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
)

// The strategic allowance follows the side's declaration of the turn (9,
// 17.1's "(#) If Passive"), not the player's passive:; a passive:true
// against an operational declaration is refused, and before any
// declaration is revealed passive: is used as given.
func TestStrategicAllowanceFollowsTheDeclaration(t *testing.T) {
	base := moveGame(t, opts())
	from := at(10, 30)
	east := func(n int) engine.Hex { return engine.Hex{Q: from.Q + n, R: from.R} }
	declared := func(usa string) Game {
		g := base
		g.Declared = DeclaredState{Postures: []PostureRecord{{Turn: g.Turn, Side: engine.USA, Posture: usa}, {Turn: g.Turn, Side: engine.CSA, Posture: PostureOperational}}, Reveals: []int{g.Turn}}
		return g
	}
	// Declared passive, passive: left out: the passive column (7, not 9).
	passive := declared(PosturePassive)
	wantRule(t, passive, strategic(meade, east(8), 2, "usa.b1"), "move.strategic", "LRTG 17.1", "allowance of 7")
	_, ev := wantMove(t, passive, strategic(meade, east(7), 2, "usa.b1"))
	if !ev.Passive || ev.Posture != PosturePassive || ev.Allowance != 7 {
		t.Errorf("declared passive: %+v", ev)
	}
	// Declared operational: passive:true is refused, and changes nothing.
	op := declared(PostureOperational)
	cmd := strategic(meade, east(7), 2, "usa.b1")
	cmd.Passive = true
	_, err := op.Decide(cmd, engine.Script())
	var re *engine.RuleError
	if !errors.As(err, &re) || re.Code != "move.passive" || !strings.Contains(re.Error(), "operational") {
		t.Fatalf("passive:true against an operational declaration: %v", err)
	}
	if strings.Contains(re.Error(), "CSA") {
		t.Errorf("the refusal speaks of the enemy: %v", re)
	}
	_, ev = wantMove(t, op, strategic(meade, east(9), 2, "usa.b1"))
	if ev.Passive || ev.Posture != PostureOperational || ev.Allowance != 9 {
		t.Errorf("declared operational: %+v", ev)
	}
	// passive:true that agrees with the declaration is accepted.
	cmd.To = east(7)
	if _, ev = wantMove(t, passive, cmd); !ev.Passive {
		t.Errorf("passive:true, declared passive: %+v", ev)
	}
	// No declaration revealed: passive: as given.
	_, ev = wantMove(t, base, cmd)
	if !ev.Passive || ev.Posture != "" || ev.Allowance != 7 {
		t.Errorf("undeclared, passive:true: %+v", ev)
	}
}
