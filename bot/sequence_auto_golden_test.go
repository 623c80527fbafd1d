package bot

import (
	"bytes"
	"context"
	"os"
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
	compareGolden(t, "testdata/auto-steps.golden.txt", out.Bytes()) // golden_test.go
}
