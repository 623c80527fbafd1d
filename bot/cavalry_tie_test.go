package bot

import (
	"testing"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
)

// TestCavalryTieWords: a contest's tie reads word for word as the engine
// wrote it before the facts (issue 20), and the words of an event stored
// before them read as stored (TestStoredScriptsReadAsStored checks the
// ties the stored games reach against their logs).
func TestCavalryTieWords(t *testing.T) {
	for _, c := range []struct {
		tie  *lrtg.CavalryTie
		want string
	}{
		{&lrtg.CavalryTie{Commander: "Hooker", CSA: 30, USA: 18, To: engine.USA}, "closest Confederate cavalry to Hooker: 30 hexes; closest Union cavalry to Lee: 18 hexes; a tie goes to the USA"},
		{&lrtg.CavalryTie{Commander: "Pope", CSA: 0, USA: -1, To: engine.CSA}, "closest Confederate cavalry to Pope: 0 hexes; closest Union cavalry to Lee: not measurable; a tie goes to the CSA"},
		{&lrtg.CavalryTie{CSA: -1, USA: -1, To: engine.CSA}, "closest Confederate cavalry to the Union army commander: not measurable; closest Union cavalry to Lee: not measurable; a tie goes to the CSA"},
		{nil, "an older event's words"},
	} {
		if got := cavalryTieText(c.tie, "an older event's words"); got != c.want {
			t.Errorf("%+v: got %q, want %q", c.tie, got, c.want)
		}
	}
}
