package bot

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A newcomer's first minutes (issue 23, item 10): two console sessions on
// the same -files folder keep every file each wrote (the second's numbers
// go on past the first's), and the note names the one file written.
func TestConsoleFilesDistinctAcrossRuns(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "umpire-files")
	run := func() string {
		var out bytes.Buffer
		c := &Console{Router: NewRouter(openStore(t), WithTheatres(testTheatres())), In: strings.NewReader("/map at:Frederick radius:3\n"),
			Out: &out, User: "u", Channel: "t", FileDir: dir}
		if err := c.Run(context.Background()); err != nil {
			t.Fatal(err)
		}
		return out.String()
	}
	first, second := run(), run()
	entries, err := os.ReadDir(dir)
	if err != nil || len(entries) != 2 {
		t.Fatalf("%d files in %s (%v), want one per run:\n%s\n%s", len(entries), dir, err, first, second)
	}
	for i, got := range []string{first, second} {
		want := "(map written to " + filepath.Join(dir, entries[i].Name()) + ")"
		if !strings.Contains(got, want) {
			t.Errorf("run %d says %q, want %q", i+1, got, want)
		}
		if strings.Contains(got, "map.png") {
			t.Errorf("run %d names a second file, map.png: %q", i+1, got)
		}
	}
	if entries[0].Name() == entries[1].Name() {
		t.Errorf("both runs wrote %s", entries[0].Name())
	}
}

// A refusal whose words end in a question mark is not followed by a
// second mark ("Which side?." was).
func TestConsoleRefusalPunctuation(t *testing.T) {
	var out bytes.Buffer
	in := "/game new scenario:lrtg-high-tide\n@lee /game join side:csa\n@grant /game join side:usa\n/game start\n/oob\n"
	c := &Console{Router: NewRouter(openStore(t)), In: strings.NewReader(in), Out: &out, User: "meade", Guild: "g", Channel: "t"}
	if err := c.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	got := out.String()
	if !strings.Contains(got, "Which side? /oob side:csa") {
		t.Errorf("the umpire's /oob without a side:\n%s", got)
	}
	for _, bad := range []string{"?.", "!.", ".."} {
		if strings.Contains(got, bad) {
			t.Errorf("doubled punctuation %q in:\n%s", bad, got)
		}
	}
}
