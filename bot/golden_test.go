package bot

import (
	"bytes"
	"context"
	"flag"
	"os"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite golden files")

// The console's JSON is a public interface (docs/console-json.md): this
// golden file pins it byte for byte. Run with -update only for an additive,
// documented change.
func TestConsoleJSONGolden(t *testing.T) {
	script, err := os.ReadFile("testdata/console.script")
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	c := &Console{Router: NewRouter(openStore(t), WithDice(ScriptedSource(3, 4, 1, 6, 6, 2, 5, 4))),
		In: bytes.NewReader(script), Out: &out, JSON: true, User: "meade", Channel: "console", Guild: "console"}
	if err := c.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	compareGolden(t, "testdata/console.golden.jsonl", out.Bytes())
}

// compareGolden checks out against a golden file line by line (the first
// line that differs named), rewriting it first under -update: only for a
// deliberate change of what the players read, the diff read after.
func compareGolden(t *testing.T, golden string, out []byte) {
	t.Helper()
	if *update {
		if err := os.WriteFile(golden, out, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	got, wantLines := strings.Split(string(out), "\n"), strings.Split(string(want), "\n")
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
