package bot

import (
	"fmt"

	"github.com/umpire-games/umpire/engine"
)

// describeIntel says what an LRTG or LRTA game's intelligence options are,
// for /game status (longRoadsOptions): the words are the presenter's, the
// modes the kernel's (engine/view.go), the rule the series' (LRTG 20).
func describeIntel(o engine.GameOptions) string {
	switch o.IntelMode() {
	case engine.IntelLimited:
		return "limited intelligence (LRTG 20): enemy stacks are force markers until contact"
	case engine.IntelDoubleBlind:
		k := "per side"
		if o.KnowledgeMode() == engine.KnowledgeCommander {
			k = "per commander"
		}
		return fmt.Sprintf("double-blind: enemy units seen within %d hexes (cavalry %d), knowledge %s",
			o.SightRange(engine.UnitState{}), o.SightRange(engine.UnitState{Kind: engine.KindCavalry}), k)
	}
	return "open intelligence"
}
