package bot

import (
	"context"
	"strings"
	"testing"
)

// /game new says what the shipped LRTA order of battle lacks and what a
// group should import for it (issue 22, item 8): the Pennsylvania militia
// (004 1 a)) and the DC garrison's 2 cavalry MP (004 DC Garrison
// Requirements); LRTG's scenarios need nothing imported.
func TestGameNewSaysWhatToImport(t *testing.T) {
	r := NewRouter(openStore(t), WithLogger(quietLog()))
	out := r.Handle(context.Background(), gameReq(umpireA, "new", map[string]string{"scenario": "lrta-campaign"})).first()
	if out.Error != nil {
		t.Fatal(out.Text)
	}
	for _, want := range []string{"Pennsylvania militia", "2 cavalry MP", "DC Defense Area", "/game oob", "before /game start"} {
		if !strings.Contains(out.Text, want) {
			t.Errorf("/game new lacks %q:\n%s", want, out.Text)
		}
	}
	r2 := NewRouter(openStore(t), WithLogger(quietLog()))
	if out := r2.Handle(context.Background(), gameReq(umpireA, "new", map[string]string{"scenario": "lrtg-high-tide"})).first(); strings.Contains(out.Text, "/game oob") {
		t.Errorf("LRTG: %s", out.Text)
	}
}
