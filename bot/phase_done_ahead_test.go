package bot

import (
	"regexp"
	"strings"
	"testing"
)

// /phase done phase:true closes a player's openings in the later steps of
// the phase this turn too (003 3: leader transfer, attachment and hidden
// markers "all occur simultaneously"): four players close 3a, 3c and 3d
// with one command each, and a player who says it for 3a alone is still
// waited for in 3c (issue 22).
func TestPhaseDoneForTheWholePhase(t *testing.T) {
	_, _, do := autoHighTide(t) // sequence_auto_test.go
	begun := regexp.MustCompile(`(?m)^▶ (\S+) `)
	var steps []string
	var last string
	play := func(line string) {
		t.Helper()
		last = ""
		for _, o := range do(line) {
			if o.Error != nil {
				t.Fatalf("%s: %s", line, o.Text)
			}
			if o.Audience.Kind == AudiencePublic {
				last += o.Text + "\n"
				for _, m := range begun.FindAllStringSubmatch(o.Text, -1) {
					steps = append(steps, m[1])
				}
			}
		}
	}
	for _, l := range []string{
		"/phase next",
		"@lee /move units:Lee to:SS4331",
		"@lee /phase done", "@jeb /phase done",
		"@lee /declare posture:operational", "@hooker /declare posture:passive",
		"@lee /phase done", "@hooker /phase done",
		"@lee /phase done phase:true", "@jeb /phase done phase:true", "@hooker /phase done phase:true",
		"@reynolds /phase done",
	} {
		play(l)
	}
	if !strings.Contains(last, "▶ 3c") || !strings.Contains(last, "Waiting for: reynolds: attachments") {
		t.Fatalf("3c waits for Reynolds alone:\n%s", last)
	}
	play("@reynolds /phase done phase:true")
	if !strings.Contains(last, "nor in 3d this turn") || !strings.Contains(last, "▶ 4a") {
		t.Fatalf("Reynolds' phase:true in 3c takes the game to 4a:\n%s", last)
	}
	if got := strings.Join(steps, " "); !strings.Contains(got, "3a 3b 3c 3d 4a") {
		t.Fatalf("steps begun: %s", got)
	}
}
