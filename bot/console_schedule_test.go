package bot

import (
	"bytes"
	"context"
	"io"
	"strings"
	"sync"
	"testing"
	"time"
)

// lockedBuffer is an io.Writer the console and the test share.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// waitText waits until the console printed want (the scheduler runs in
// its own goroutine).
func waitText(t *testing.T, out *lockedBuffer, want string) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !strings.Contains(out.String(), want) {
		if time.Now().After(deadline) {
			t.Fatalf("the console never printed %q:\n%s", want, out.String())
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// The console at a terminal runs the deadline scheduler: a reminder falls
// due and is printed between typed lines, to those who owe only.
func TestConsoleRunsTheScheduler(t *testing.T) {
	st := openStore(t)
	r, _, _, c := deadlineGame(t, st)
	pr, pw := io.Pipe()
	out := &lockedBuffer{}
	ticks := make(chan time.Time)
	con := &Console{Router: r, In: pr, Out: out, Ticks: ticks, User: "umpire", Guild: "g", Channel: "war"}
	done := make(chan error, 1)
	go func() { done <- con.Run(context.Background()) }()
	waitText(t, out, "⏰ ⏳ Step 1e") // the first tick, at once: the wait begins
	if _, err := io.WriteString(pw, "/deadline show\n"); err != nil {
		t.Fatal(err)
	}
	waitText(t, out, "Deadlines: 2d")
	waitText(t, out, "• Meade: deadline Tue Mar 3 12:00 UTC\n") // Discord's <t:…:R> stamp is left out
	mustOK(t, r, declareReq(leeA, map[string]string{"posture": "passive"}))
	c.advance(24 * time.Hour)
	before := strings.Count(out.String(), "⏰")
	ticks <- c.now()
	for stop := time.Now().Add(10 * time.Second); strings.Count(out.String(), "⏰") == before; time.Sleep(5 * time.Millisecond) {
		if time.Now().After(stop) {
			t.Fatalf("no reminder after the tick:\n%s", out.String())
		}
	}
	last := out.String()[strings.LastIndex(out.String(), "⏰"):]
	if !strings.Contains(last, "<@u2>") || strings.Contains(last, "<@u1>") {
		t.Errorf("the reminder is not Meade's alone: %q", last)
	}
	pw.Close()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}
