package bot

import (
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
)

// The strategic reply says which allowance it used: the side's
// declaration (LRTG 9, 17.1), or passive: as given before any.
func TestStrategicReplySaysThePosture(t *testing.T) {
	var g engine.GameState
	for _, c := range []struct {
		ev   engine.UnitsMoved
		want string
	}{
		{engine.UnitsMoved{Mode: lrtg.MoveStrategic, Fatigue: 2, Allowance: 9, Posture: "operational"}, "allowance 9 hexes, operational as declared"},
		{engine.UnitsMoved{Mode: lrtg.MoveStrategic, Fatigue: 2, Allowance: 7, Passive: true, Posture: "passive"}, "allowance 7 hexes, passive as declared"},
		{engine.UnitsMoved{Mode: lrtg.MoveStrategic, Fatigue: 2, Allowance: 7, Passive: true}, "allowance 7 hexes, passive."},
	} {
		ev := c.ev
		if got := moveDetails(g, []engine.Event{&ev}); !strings.Contains(got, c.want) {
			t.Errorf("%+v: reply %q lacks %q", c.ev, got, c.want)
		}
	}
}
