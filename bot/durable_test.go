package bot

import (
	"bufio"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/store"
)

// runSession plays the script's lines, opening the store and a new router
// with open() before each line when restart is set (as a crash and a
// restart between any two commands would), and returns the transcript.
func runSession(t *testing.T, path string, restart bool, lines []string) []string {
	t.Helper()
	every := 0
	if restart {
		every = 1
	}
	return runSessionEvery(t, path, every, lines)
}

// runSessionEvery restarts before every n-th line (0: never); opts are
// added to each router's.
func runSessionEvery(t *testing.T, path string, every int, lines []string, opts ...Option) []string {
	t.Helper()
	ctx := context.Background()
	var st *store.Store
	var r *Router
	open := func() {
		var err error
		if st != nil {
			st.Close()
		}
		if st, err = store.Open(ctx, path); err != nil {
			t.Fatal(err)
		}
		// The same entropy in every run: a chosen seed's salt (and so its
		// commitment, its free rolls) is the same straight and restarted.
		r = NewRouter(st, append([]Option{WithLogger(quietLog()), WithDice(SeededSource{Entropy: fixedEntropy(0x5a)})}, opts...)...)
	}
	open()
	defer func() { st.Close() }()
	dir := t.TempDir()
	var out []string
	for i, line := range lines {
		if every > 0 && i > 0 && i%every == 0 {
			open()
		}
		c := &Console{Router: r, User: "umpire", Guild: "g", Channel: "war", JSON: true, FileDir: dir}
		var b strings.Builder
		c.In, c.Out = strings.NewReader(line+"\n"), &b
		if err := c.Run(ctx); err != nil {
			t.Fatal(err)
		}
		for _, l := range strings.Split(strings.TrimSpace(b.String()), "\n") {
			var cl ConsoleLine
			if err := json.Unmarshal([]byte(l), &cl); err != nil {
				t.Fatalf("%s: %v", line, err)
			}
			// Files are written to each run's own directory: compare their
			// names, sizes and data, not their paths.
			for i := range cl.Files {
				cl.Files[i].Path = ""
			}
			cl.Text = strings.ReplaceAll(cl.Text, dir, "<dir>")
			cl.Line = i + 1 // the session's line (each line has a console of its own)
			b, _ := json.Marshal(cl)
			out = append(out, string(b))
		}
	}
	return out
}

// A game survives a restart at any point and continues identically: the
// session played straight through and the session restarted before every
// command give the same transcript, rolls included.
func TestSessionSurvivesRestartAtAnyPoint(t *testing.T) {
	f, err := os.Open(filepath.Join("testdata", "session.script"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	// A line starting with "!" is one the rules refuse.
	var lines []string
	refuse := map[string]bool{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if l := strings.TrimSpace(sc.Text()); l != "" && !strings.HasPrefix(l, "#") {
			if strings.HasPrefix(l, "!") {
				l = strings.TrimSpace(l[1:])
				refuse[l] = true
			}
			lines = append(lines, l)
		}
	}
	dir := t.TempDir()
	straight := runSession(t, filepath.Join(dir, "straight.db"), false, lines)
	restarted := runSession(t, filepath.Join(dir, "restarted.db"), true, lines)
	if len(straight) != len(restarted) {
		t.Fatalf("%d outputs straight, %d restarted", len(straight), len(restarted))
	}
	refused := map[string]bool{}
	for i := range straight {
		if a, b := straight[i], restarted[i]; a != b {
			k := 0
			for k < len(a) && k < len(b) && a[k] == b[k] {
				k++
			}
			from := max(0, k-200)
			t.Errorf("output %d differs after restarts, from byte %d:\nstraight:  …%s\nrestarted: …%s", i, k, a[from:min(len(a), k+200)], b[from:min(len(b), k+200)])
		}
		var cl ConsoleLine
		if err := json.Unmarshal([]byte(straight[i]), &cl); err == nil && cl.Error != nil {
			refused[cl.Input] = true
			if !refuse[cl.Input] {
				t.Errorf("refused: %s → %s", cl.Input, cl.Text)
			}
		}
	}
	for l := range refuse {
		if !refused[l] {
			t.Errorf("not refused: %s", l)
		}
	}
	if !strings.Contains(strings.Join(straight, "\n"), "all match") && !strings.Contains(strings.Join(straight, "\n"), "match") {
		t.Errorf("the audit did not confirm the rolls:\n%s", straight[len(straight)-1])
	}
}

// A long game through the sequence of play survives restarts too: the
// first turns of the scripted High Tide game (every phase, the players'
// declarations, actions and claims), played straight and restarted every
// seventh command, give the same transcript.
func TestHighTideSurvivesRestarts(t *testing.T) {
	p := playHighTide(t)
	lines := p.lines
	if len(lines) > 420 {
		lines = lines[:420] // turns 1 to 8, a little over
	}
	dir := t.TempDir()
	straight := runSessionEvery(t, filepath.Join(dir, "straight.db"), 0, lines)
	restarted := runSessionEvery(t, filepath.Join(dir, "restarted.db"), 7, lines)
	if len(straight) != len(restarted) {
		t.Fatalf("%d outputs straight, %d restarted", len(straight), len(restarted))
	}
	for i := range straight {
		if straight[i] != restarted[i] {
			t.Fatalf("output %d differs after restarts:\nstraight:  %.400s\nrestarted: %.400s", i, straight[i], restarted[i])
		}
	}
}
