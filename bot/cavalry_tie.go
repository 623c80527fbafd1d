package bot

import (
	"fmt"
	"strings"

	"github.com/umpire-games/umpire/engine/lrtg"
)

// cavalryTieText says how a contest's tie is settled (000 2.0 7); 004
// Enemy Intelligence), word for word what the engine wrote before the
// facts (issue 20), or the words of an event stored before them (old).
func cavalryTieText(t *lrtg.CavalryTie, old string) string {
	if t == nil {
		return old
	}
	dist := func(d int) string {
		if d < 0 {
			return "not measurable"
		}
		return fmt.Sprintf("%d hexes", d)
	}
	name := t.Commander
	if name == "" {
		name = "the Union army commander"
	}
	return fmt.Sprintf("closest Confederate cavalry to %s: %s; closest Union cavalry to Lee: %s; a tie goes to the %s", name, dist(t.CSA), dist(t.USA), strings.ToUpper(string(t.To)))
}
