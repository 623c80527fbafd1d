package bot

import (
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
)

// TestDescribeIntel: /game status names the intelligence mode, the
// double-blind sighting ranges (cavalry twice) and the knowledge mode.
func TestDescribeIntel(t *testing.T) {
	o := engine.GameOptions{Intel: engine.IntelDoubleBlind, Sighting: 2, Knowledge: engine.KnowledgeCommander, LimitedIntel: true}
	if d := describeIntel(o); !strings.Contains(d, "within 2 hexes (cavalry 4)") || !strings.Contains(d, "per commander") {
		t.Errorf("double-blind: %q", d)
	}
	if d := describeIntel(engine.GameOptions{Intel: engine.IntelDoubleBlind}); !strings.Contains(d, "within 3 hexes (cavalry 6), knowledge per side") {
		t.Errorf("double-blind by default: %q", d)
	}
	if d := describeIntel(engine.GameOptions{LimitedIntel: true}); d != "limited intelligence (LRTG 20): enemy stacks are force markers until contact" {
		t.Errorf("limited: %q", d)
	}
	if d := describeIntel(engine.GameOptions{}); d != "open intelligence" {
		t.Errorf("open: %q", d)
	}
}
