package bot

import (
	"fmt"

	"github.com/umpire-games/umpire/engine"
)

// statusLabels describes a unit's status in words (the kernel keeps
// the status as facts: engine.UnitStatus), e.g. "disorganized", "low ammo";
// nothing for a unit in good order.
func statusLabels(s engine.UnitStatus) []string {
	var out []string
	if s.Disorganized {
		out = append(out, "disorganized")
	}
	if s.Exhausted {
		out = append(out, "exhausted")
	}
	if s.Demoralization > 0 {
		out = append(out, fmt.Sprintf("demoralized (level %d)", s.Demoralization))
	}
	if s.Entrenchment > 0 {
		out = append(out, fmt.Sprintf("entrenched (level %d)", s.Entrenchment))
	}
	if s.Ammo > 0 && s.Ammo < len(engine.AmmoNames) {
		out = append(out, engine.AmmoNames[s.Ammo])
	}
	return out
}
