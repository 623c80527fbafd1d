package bot

import (
	"strings"
	"testing"
)

// /game history words the sequence's own events: a step begun by the
// umpire, one the game began by itself (steps:auto), and a player's
// /phase done, each by who did it, and any other event by its noun and
// verb (issue 22).
func TestHistoryWordsTheStepsEvents(t *testing.T) {
	r := NewRouter(openStore(t))
	startLRTG(t, r, map[string]string{"steps": "auto", "limited_intelligence": "true"})
	ump := Request{GuildID: "g", ChannelID: "war", User: umpireA}
	mustOK(t, r, phaseReq(ump, "next", nil))
	lee := Request{GuildID: "g", ChannelID: "war", User: leeA}
	mustOK(t, r, phaseReq(lee, "done", nil))
	h := mustOK(t, r, gameReq(umpireA, "history", nil)).Text
	for _, want := range []string{"Umpire (umpire): began step 1a", "Lee: said /phase done in step 1a", "the game: step 1e began by itself"} {
		if !strings.Contains(h, want) {
			t.Errorf("the history lacks %q:\n%s", want, h)
		}
	}
	if strings.Contains(h, ": begun") || strings.Contains(h, ": done\n") {
		t.Errorf("the history words an event by its verb alone:\n%s", h)
	}
}
