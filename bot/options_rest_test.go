package bot

import (
	"context"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/store"
)

// Issue 20: commands that used to refuse their options one problem at a
// time list every problem in one refusal, under the code the first one
// always had; one problem alone reads as it did; nothing is recorded.

// recordsOf counts the events of the game of channel war.
func recordsOf(t *testing.T, st *store.Store) int {
	t.Helper()
	_, recs, err := st.Load(context.Background(), "game:war", 0)
	if err != nil {
		t.Fatal(err)
	}
	return len(recs)
}

// refusedWith checks a refusal's code and that its text holds every want
// (and, with several, the count of problems).
func refusedWith(t *testing.T, what string, o Output, code string, want ...string) {
	t.Helper()
	if o.Error == nil || o.Error.Code != code {
		t.Fatalf("%s: got %+v, want the refusal %s", what, o, code)
	}
	for _, w := range want {
		if !strings.Contains(o.Text, w) {
			t.Errorf("%s: %q lacks %q", what, o.Text, w)
		}
	}
	if len(want) == 1 && strings.Contains(o.Text, "problems with the options") {
		t.Errorf("%s: one problem read as several: %q", what, o.Text)
	}
}

func TestDeadlineSetListsEveryProblem(t *testing.T) {
	ctx := context.Background()
	st := openStore(t)
	r := NewRouter(st, WithLogger(quietLog()))
	startLRTG(t, r, nil)
	set := func(opts map[string]string) Output {
		return r.Handle(ctx, Request{GuildID: "g", ChannelID: "war", User: umpireA, Command: "deadline", Path: []string{"set"}, Options: opts}).first()
	}
	before := recordsOf(t, st)
	tooLong := "longer than 4w (28 days)"
	noStep := `The sequence of play has no step "9z"`
	// Each alone, as it always read.
	refusedWith(t, "default alone", set(map[string]string{"default": "5w"}), "deadline.range", tooLong)
	refusedWith(t, "step alone", set(map[string]string{"step": "9z", "after": "2d"}), "deadline.step", noStep)
	// All at once: one refusal, the first problem's code.
	o := set(map[string]string{"default": "5w", "step": "9z", "after": "2d", "grace": "6w"})
	refusedWith(t, "all at once", o, "deadline.range", "3 problems with the options", tooLong, noStep, `"6w" is longer`)
	if n := recordsOf(t, st); n != before {
		t.Fatalf("refused settings recorded %d events", n-before)
	}
	if s := gameOfG(t, r).Deadlines.Settings; s.Default != 0 || s.Grace != 0 || len(s.Steps) != 0 {
		t.Fatalf("refused settings changed the deadlines: %+v", s)
	}
}

func TestUnitLogListsEveryProblem(t *testing.T) {
	ctx := context.Background()
	r := NewRouter(openStore(t), WithLogger(quietLog()))
	startLRTG(t, r, nil)
	logOf := func(req Request, opts map[string]string) Output {
		req.Command, req.Path, req.Options = "unit", []string{"log"}, opts
		return r.Handle(ctx, req).first()
	}
	ump := Request{GuildID: "g", ChannelID: "war", User: umpireA}
	refusedWith(t, "last alone", logOf(ump, map[string]string{"last": "0"}), "unit.log_last", `"0" is not a number of entries`)
	refusedWith(t, "side alone", logOf(ump, map[string]string{"side": "CSX"}), "unit.log_side", `"csx" is not a side`)
	refusedWith(t, "both", logOf(ump, map[string]string{"last": "0", "side": "csx"}), "unit.log_last",
		"2 problems with the options", `"0" is not a number of entries`, `"csx" is not a side`)
	// A player is refused the log before his options are judged, as before.
	o := logOf(ldMea, map[string]string{"last": "0", "side": "csx"})
	refusedWith(t, "a player", o, "unit.log", "Only the umpire reads the unit log")
	if strings.Contains(o.Text, "csx") {
		t.Fatalf("a player's refusal judges his options: %q", o.Text)
	}
	if o := logOf(ump, map[string]string{"last": "3", "side": "usa"}); o.Error != nil {
		t.Fatalf("a right request: %+v", o)
	}
}

// /leader transfer names a wrong leader and a wrong unit together; an
// enemy unit reads as a unit that does not exist (the refusal confirms
// nothing of the other side).
func TestLeaderTransferListsEveryProblem(t *testing.T) {
	ctx := context.Background()
	st := openStore(t)
	r := NewRouter(st, WithLogger(quietLog()))
	startLRTG(t, r, nil)
	before := recordsOf(t, st)
	transfer := func(opts map[string]string) Output { return r.Handle(ctx, leaderReq(ldLee, "transfer", opts)).first() }
	refusedWith(t, "leader alone", transfer(map[string]string{"leader": "Nobody", "to": "Hood"}), "unit.unknown", `You have no leader "Nobody"`)
	enemy := transfer(map[string]string{"leader": "Nobody", "to": "Whiting"})
	refusedWith(t, "both", enemy, "unit.unknown", "2 problems with the options", `You have no leader "Nobody"`, `You have no unit "Whiting"`)
	none := transfer(map[string]string{"leader": "Nobody", "to": "Zzyzx"})
	if strings.ReplaceAll(none.Text, "Zzyzx", "Whiting") != enemy.Text {
		t.Fatalf("an enemy unit reads otherwise than no unit:\n%q\n%q", enemy.Text, none.Text)
	}
	if n := recordsOf(t, st); n != before {
		t.Fatalf("refused transfers recorded %d events", n-before)
	}
}
