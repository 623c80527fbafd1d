package bot

import (
	"bytes"
	"context"
	"os"
	"strings"
	"testing"
)

// The scripted turn that runs itself (testdata/auto-steps.script): its
// console text, every audience marked, pinned by a golden file. Rewrite
// it with -run TestAutoStepsGolden -update only for a deliberate change
// of what the players read, and read the diff.
func TestAutoStepsGolden(t *testing.T) {
	script, err := os.ReadFile("testdata/auto-steps.script")
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	c := &Console{Router: NewRouter(openStore(t), WithLogger(quietLog()), WithDice(SeededSource{Entropy: fixedEntropy(0x5a)})), In: bytes.NewReader(script), Out: &out, User: "umpire", Channel: "war", Guild: "g"}
	if err := c.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	const golden = "testdata/auto-steps.golden.txt"
	if *update {
		if err := os.WriteFile(golden, out.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	got, wantLines := strings.Split(out.String(), "\n"), strings.Split(string(want), "\n")
	for i, w := range wantLines {
		if i >= len(got) || got[i] != w {
			g := "<missing>"
			if i < len(got) {
				g = got[i]
			}
			t.Fatalf("line %d differs\n got: %s\nwant: %s", i+1, g, w)
		}
	}
	if len(got) != len(wantLines) {
		t.Fatalf("got %d lines, want %d", len(got), len(wantLines))
	}
}
