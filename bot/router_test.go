package bot

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/store"
)

func openStore(t *testing.T) *store.Store {
	t.Helper()
	st, err := store.Open(context.Background(), ":memory:")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

func rollReq(id, channel, expr string) Request {
	return Request{InteractionID: id, GuildID: "g1", ChannelID: channel,
		User: engine.Actor{ID: "u1", Name: "Longstreet"}, Command: "roll",
		Options: map[string]string{"dice": expr}}
}

func TestRollIsRecordedAndNumberedPerChannel(t *testing.T) {
	ctx := context.Background()
	st := openStore(t)
	r := NewRouter(st, WithDice(ScriptedSource(4, 6, 2, 3, 5)))

	rep := r.Handle(ctx, rollReq("i1", "c1", "2d6+1"))
	out := rep.first()
	if out.Error != nil || out.Audience.Kind != AudiencePublic {
		t.Fatalf("reply = %+v", out)
	}
	for _, want := range []string{"Roll #1", "Longstreet", "2d6+1", "[4 6]", "+1", "**11**"} {
		if !strings.Contains(out.Text, want) {
			t.Errorf("reply %q lacks %q", out.Text, want)
		}
	}
	if len(out.Events) != 1 || out.Events[0].Type != "dice.rolled" || out.Events[0].Version != 1 || out.Events[0].Stream != "channel:c1" {
		t.Fatalf("events = %+v", out.Events)
	}
	rep = r.Handle(ctx, rollReq("i2", "c1", "d6"))
	if !strings.Contains(rep.first().Text, "Roll #2") {
		t.Errorf("second roll in c1: %q", rep.first().Text)
	}
	rep = r.Handle(ctx, rollReq("i3", "c2", "1d6+1d6"))
	if txt := rep.first().Text; !strings.Contains(txt, "Roll #1") || !strings.Contains(txt, "[3] + [5] = **8**") {
		t.Errorf("first roll in c2: %q", txt)
	}

	s, recs, err := st.Load(ctx, "channel:c1", 0)
	if err != nil {
		t.Fatal(err)
	}
	if s.Version != 2 || len(recs) != 2 || recs[0].InteractionID != "i1" || s.GuildID != "g1" {
		t.Fatalf("stream = %+v, %d records", s, len(recs))
	}
	e, err := storedRulesets.DecodeEvent(recs[0].Type, recs[0].Data)
	if err != nil {
		t.Fatal(err)
	}
	if roll := e.(*engine.DiceRolled); roll.Total != 11 || roll.By.ID != "u1" {
		t.Errorf("stored roll = %+v", roll)
	}
}

func TestBadRollRecordsNothing(t *testing.T) {
	ctx := context.Background()
	st := openStore(t)
	r := NewRouter(st, WithDice(ScriptedSource()))
	for i, expr := range []string{"2d0", "1000d6", "abc", "", "   "} {
		req := rollReq("bad"+string(rune('a'+i)), "c1", expr)
		rep := r.Handle(ctx, req)
		out := rep.first()
		if out.Error == nil || out.Error.Kind != "invalid" || out.Audience.Kind != AudienceEphemeral || out.Audience.UserID != "u1" {
			t.Errorf("roll %q: reply %+v", expr, out)
		}
		if !strings.Contains(out.Text, "NdS") {
			t.Errorf("roll %q: %q does not say what is allowed", expr, out.Text)
		}
		if _, err := st.Interaction(ctx, req.InteractionID); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("roll %q: interaction recorded (%v)", expr, err)
		}
	}
	if _, _, err := st.Load(ctx, "channel:c1", 0); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("bad rolls created the stream: %v", err)
	}
}

func TestMissingAndUnknownOptions(t *testing.T) {
	r := NewRouter(openStore(t), WithDice(ScriptedSource()))
	cases := []struct {
		req  Request
		code string
	}{
		{Request{Command: "roll", Options: map[string]string{}}, "option.missing"},
		{Request{Command: "roll", Options: map[string]string{"dice": "d6", "colour": "red"}}, "option.unknown"},
		{Request{Command: "roll", Path: []string{"twice"}, Options: map[string]string{"dice": "d6"}}, "command.subcommand"},
		{Request{Command: "march"}, "command.unknown"},
		{Request{Command: "roll", Options: map[string]string{"dice": "d6", "for": strings.Repeat("x", 101)}}, "option.length"},
	}
	for _, c := range cases {
		out := r.Handle(context.Background(), c.req).first()
		if out.Error == nil || out.Error.Code != c.code {
			t.Errorf("%+v: got %+v, want %s", c.req, out, c.code)
		}
	}
}

func TestDuplicateInteractionReturnsFirstReply(t *testing.T) {
	ctx := context.Background()
	st := openStore(t)
	r := NewRouter(st, WithDice(ScriptedSource(2, 3)))
	first := r.Handle(ctx, rollReq("dup", "c1", "d6"))
	second := r.Handle(ctx, rollReq("dup", "c1", "d6"))
	if !second.Duplicate || first.Duplicate {
		t.Fatalf("duplicate flags: first %v, second %v", first.Duplicate, second.Duplicate)
	}
	if first.first().Text != second.first().Text {
		t.Fatalf("second delivery answered %q, first %q", second.first().Text, first.first().Text)
	}
	if s, recs, _ := st.Load(ctx, "channel:c1", 0); s.Version != 1 || len(recs) != 1 {
		t.Fatalf("after a duplicate: version %d, %d records", s.Version, len(recs))
	}
}

// racingStore lets another append land between the router's load and its
// append, once, as a concurrent command would.
type racingStore struct {
	*store.Store
	once  sync.Once
	cut   func()
	calls int
}

func (s *racingStore) Append(ctx context.Context, a store.Append) (store.Stream, error) {
	s.calls++
	s.once.Do(s.cut)
	return s.Store.Append(ctx, a)
}

func TestStaleAppendIsRetriedOnNewState(t *testing.T) {
	ctx := context.Background()
	st := openStore(t)
	rs := &racingStore{Store: st}
	rs.cut = func() {
		// Someone else's roll lands first.
		other := NewRouter(st, WithDice(ScriptedSource(1)))
		if rep := other.Handle(ctx, rollReq("other", "c1", "d6")); rep.first().Error != nil {
			t.Errorf("concurrent roll failed: %+v", rep.first())
		}
	}
	r := NewRouter(rs, WithDice(ScriptedSource(6, 5)))
	out := r.Handle(ctx, rollReq("mine", "c1", "d6")).first()
	if out.Error != nil {
		t.Fatalf("reply = %+v", out)
	}
	// The first decision (a 6, as roll #1) was refused; the retry rolled
	// again on the new state.
	if !strings.Contains(out.Text, "Roll #2") || !strings.Contains(out.Text, "[5]") {
		t.Fatalf("after retry: %q", out.Text)
	}
	if rs.calls != 2 {
		t.Fatalf("Append called %d times, want 2", rs.calls)
	}
	if s, _, _ := st.Load(ctx, "channel:c1", 0); s.Version != 2 {
		t.Fatalf("version = %d, want 2", s.Version)
	}
}

func TestSeededDiceContinueAcrossRestart(t *testing.T) {
	ctx := context.Background()
	st := openStore(t)
	NewRouter(st).Handle(ctx, rollReq("a", "c1", "3d6"))
	s, _, err := st.Load(ctx, "channel:c1", 0)
	if err != nil {
		t.Fatal(err)
	}
	var predict engine.SeededDice
	if err := predict.UnmarshalBinary(s.Dice); err != nil {
		t.Fatalf("saved dice state: %v", err)
	}
	want := []int{predict.Roll(6), predict.Roll(6), predict.Roll(6)}
	// A new router, as after a restart, continues the same dice.
	out := NewRouter(st).Handle(ctx, rollReq("b", "c1", "3d6")).first()
	var roll engine.DiceRolled
	if err := json.Unmarshal(out.Events[0].Data, &roll); err != nil {
		t.Fatal(err)
	}
	for i, f := range roll.Terms[0].Faces {
		if f != want[i] {
			t.Fatalf("faces after restart = %v, want %v", roll.Terms[0].Faces, want)
		}
	}
}

type failingStore struct{ Store }

func (failingStore) Load(context.Context, string, int64) (store.Stream, []store.Record, error) {
	return store.Stream{}, nil, errors.New("disk on fire")
}

func (failingStore) Interaction(context.Context, string) (store.Interaction, error) {
	return store.Interaction{}, store.ErrNotFound
}

func TestInternalErrorIsLoggedNotShown(t *testing.T) {
	var buf bytes.Buffer
	log := slog.New(slog.NewJSONHandler(&buf, nil))
	r := NewRouter(failingStore{}, WithLogger(log), WithDice(ScriptedSource()))
	out := r.Handle(context.Background(), rollReq("x", "c1", "d6")).first()
	if out.Error == nil || out.Error.Kind != "internal" || strings.Contains(out.Text, "fire") {
		t.Fatalf("reply = %+v", out)
	}
	if !strings.Contains(buf.String(), "disk on fire") {
		t.Fatalf("log lacks the cause: %s", buf.String())
	}
}

func TestOneLogLinePerInteraction(t *testing.T) {
	var buf bytes.Buffer
	log := slog.New(slog.NewJSONHandler(&buf, nil))
	r := NewRouter(openStore(t), WithLogger(log), WithDice(ScriptedSource(3)))
	r.Handle(context.Background(), rollReq("l1", "c1", "d6"))
	r.Handle(context.Background(), rollReq("l2", "c1", "2d0"))
	var lines []map[string]any
	for _, l := range strings.Split(strings.TrimSpace(buf.String()), "\n") {
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatalf("log line %q: %v", l, err)
		}
		if m["msg"] == "interaction" {
			lines = append(lines, m)
		}
	}
	if len(lines) != 2 {
		t.Fatalf("%d interaction lines, want 2: %s", len(lines), buf.String())
	}
	if lines[0]["outcome"] != "ok" || lines[1]["outcome"] != "invalid" || lines[0]["id"] != "l1" {
		t.Errorf("outcomes: %v, %v", lines[0], lines[1])
	}
	if _, ok := lines[0]["duration_ms"].(float64); !ok {
		t.Errorf("no duration: %v", lines[0])
	}
}

func TestHelpListsEveryCommand(t *testing.T) {
	r := NewRouter(openStore(t))
	out := r.Handle(context.Background(), Request{Command: "help", User: engine.Actor{ID: "u"}}).first()
	if out.Audience.Kind != AudienceEphemeral {
		t.Errorf("help is %s, want ephemeral", out.Audience.Kind)
	}
	for _, c := range r.Commands() {
		if !strings.Contains(out.Text, "/"+c.Name) || !strings.Contains(out.Text, c.Description) {
			t.Errorf("help lacks /%s: %s", c.Name, out.Text)
		}
	}
	if n := len(r.ApplicationCommands()); n != len(r.Commands()) || n < 2 {
		t.Errorf("%d application commands for %d commands", n, len(r.Commands()))
	}
}

func TestConcurrentRollsInOneChannelAllSettle(t *testing.T) {
	ctx := context.Background()
	st, err := store.Open(ctx, filepath.Join(t.TempDir(), "c.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	r := NewRouter(st, WithLogger(quietLog()))
	const n = 20
	var wg sync.WaitGroup
	numbers := make(chan string, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			out := r.Handle(ctx, rollReq(fmt.Sprintf("c%d", i), "busy", "2d6")).first()
			if out.Error != nil {
				t.Errorf("roll %d: %s", i, out.Text)
				return
			}
			numbers <- strings.Fields(out.Text)[2] // "#N"
		}()
	}
	wg.Wait()
	close(numbers)
	seen := map[string]bool{}
	for num := range numbers {
		if seen[num] {
			t.Errorf("roll %s numbered twice", num)
		}
		seen[num] = true
	}
	for i := 1; i <= n; i++ {
		if !seen[fmt.Sprintf("#%d", i)] {
			t.Errorf("no roll #%d among %v", i, seen)
		}
	}
}
