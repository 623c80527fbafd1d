package bot

import (
	"bufio"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/store"
)

// fixedEntropy gives the same byte forever: two runs of a test get the
// same seeds and salts.
type fixedEntropy byte

func (f fixedEntropy) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = byte(f)
	}
	return len(p), nil
}

// gameEvents loads a database's game stream.
func gameEvents(t *testing.T, path string) []engine.Event {
	t.Helper()
	ctx := context.Background()
	st, err := store.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	_, recs, err := st.Load(ctx, "game:war", 0)
	if err != nil {
		t.Fatal(err)
	}
	var out []engine.Event
	for _, rec := range recs {
		e, err := storedRulesets.DecodeEvent(rec.Type, rec.Data)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, e)
	}
	return out
}

// procedureDice lists the dice the rules' procedures rolled, in order:
// every roll but the free stream's. The movement allowance, drawn from the
// free stream (engine/lrtg/allowance.go), is neither: a burned roll may
// change it, unpredictably, as it changes a typed roll.
func procedureDice(evs []engine.Event) (dice [][]int, free int) {
	for _, e := range evs {
		var faces []int
		var rs engine.RollStream
		switch e := e.(type) {
		case *engine.DiceRolled:
			if e.DiceStream == engine.DiceStreamFree && strings.Contains(e.Purpose, "'s movement allowance, ") {
				continue
			}
			for _, t := range e.Terms {
				faces = append(faces, t.Faces...)
			}
			rs = e.RollStream
		case *engine.TableRolled:
			faces, rs = e.Faces, e.RollStream
			for _, s := range e.Sides {
				faces = append(faces, s.Faces...)
			}
		case *engine.ChartRolled:
			faces, rs = e.Faces, e.RollStream
		default:
			continue
		}
		if rs.DiceStream == engine.DiceStreamFree {
			free++
			continue
		}
		dice = append(dice, faces)
	}
	return dice, free
}

// Burned rolls do not steer the rules' dice (issue 19, 1): the High Tide
// script's first turns from the same seed and salt, once as written and
// once with a player's idle /roll and /table roll between its commands,
// roll the same dice in every procedure (phase steps, random events,
// initiative, ...), and both games audit.
func TestBurnedRollsDoNotMoveProcedureDice(t *testing.T) {
	f, err := os.Open(filepath.Join("testdata", "hightide.script"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		l := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(sc.Text()), "!"))
		if l != "" && !strings.HasPrefix(l, "#") {
			lines = append(lines, l)
		}
	}
	if len(lines) > 160 {
		lines = lines[:160] // turns 1 and 2: set-up, random events, initiative, actions
	}
	var burned []string
	for i, l := range lines {
		burned = append(burned, l)
		if i > 8 && i%6 == 0 { // after the players have joined
			burned = append(burned, "@lee /roll dice:3d6 for:luck", "@meade /table roll table:lrtg.beauregard")
		}
	}
	end := []string{"/game end reason:test", "/game audit"}
	dir := t.TempDir()
	plainOut := runSessionEvery(t, filepath.Join(dir, "plain.db"), 0, append(lines, end...))
	burnedOut := runSessionEvery(t, filepath.Join(dir, "burned.db"), 0, append(burned, end...))
	plain, nPlain := procedureDice(gameEvents(t, filepath.Join(dir, "plain.db")))
	withBurns, nBurned := procedureDice(gameEvents(t, filepath.Join(dir, "burned.db")))
	if nPlain != 0 || nBurned < 40 {
		t.Fatalf("%d and %d free rolls: the burns were not rolled", nPlain, nBurned)
	}
	if len(plain) < 10 {
		t.Fatalf("only %d procedure rolls in the script's first turns", len(plain))
	}
	if len(plain) != len(withBurns) {
		t.Fatalf("%d procedure rolls as written, %d with burned rolls", len(plain), len(withBurns))
	}
	for i := range plain {
		if !equalInts(plain[i], withBurns[i]) {
			t.Fatalf("procedure roll %d: %v as written, %v after burned rolls", i+1, plain[i], withBurns[i])
		}
	}
	for _, out := range [][]string{plainOut, burnedOut} {
		if last := out[len(out)-1]; !strings.Contains(last, "✅") || !strings.Contains(last, "matches") {
			t.Errorf("the audit: %s", last)
		}
	}
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// appendEvents writes events and a dice state to a game stream, as an
// older version of the bot stored them.
func appendEvents(t *testing.T, st *store.Store, dice []byte, evs ...engine.Event) {
	t.Helper()
	var recs []store.NewRecord
	for _, e := range evs {
		typ, data, err := engine.EncodeEvent(e)
		if err != nil {
			t.Fatal(err)
		}
		recs = append(recs, store.NewRecord{Type: typ, Data: data})
	}
	s, _, _ := st.Load(context.Background(), "game:war", 0)
	if _, err := st.Append(context.Background(), store.Append{Stream: "game:war", GuildID: "g", Kind: kindGame, Expected: s.Version, Records: recs, Dice: dice}); err != nil {
		t.Fatal(err)
	}
}

// A game created before the salt (the legacy hash, a "umpd1" dice state,
// GameEnded without salt) still plays on, ends and audits; a changed die
// and a wrong seed are still caught.
func TestLegacyGameStillAudits(t *testing.T) {
	ctx := context.Background()
	st := openStore(t)
	r := NewRouter(st, WithLogger(quietLog()))
	d := engine.NewSeededDice(5, 6)
	var evs []engine.Event
	c := engine.Channel{}
	for _, x := range []string{"2d6", "1d6+1"} {
		out, err := c.Decide(engine.RollDice{By: leeA, Expression: x}, d)
		if err != nil {
			t.Fatal(err)
		}
		c = c.Apply(out[0])
		evs = append(evs, out...)
	}
	state, _ := d.MarshalBinary()
	if !strings.HasPrefix(string(state), "umpd1") {
		t.Fatalf("a legacy state is %q", state)
	}
	appendEvents(t, st, state, append([]engine.Event{&engine.GameCreated{Options: engine.GameOptions{Scenario: "lrtg-high-tide", Supply: "normal", Comms: 1},
		Umpire: umpireA, SeedHash: engine.SeedHash(5, 6)}}, evs...)...)
	// The game goes on with its one stream: a typed roll after the
	// restore is the legacy stream's next.
	roll := mustOK(t, r, gameRollReq("l1", "1d20"))
	if strings.Contains(string(roll.Events[0].Data), "dice_stream") {
		t.Errorf("a legacy game's roll names a stream: %s", roll.Events[0].Data)
	}
	end := mustOK(t, r, gameReq(umpireA, "end", nil))
	if !strings.Contains(end.Text, "(5, 6)") || strings.Contains(end.Text, "salt") {
		t.Fatalf("the legacy end: %s", end.Text)
	}
	if a := mustOK(t, r, gameReq(guestA, "audit", nil)); !strings.Contains(a.Text, "✅") || !strings.Contains(a.Text, "all 4 dice") {
		t.Fatalf("the legacy audit: %s", a.Text)
	}
	// A changed die, then a wrong seed: the audit fails.
	tamper := func(mod func([]engine.Event)) string {
		st2 := openStore(t)
		evs := gameEvents0(t, st)
		mod(evs)
		appendEvents(t, st2, nil, evs...)
		text, err := AuditStream(ctx, st2, DefaultRulesets(), "game:war")
		if err != nil {
			t.Fatal(err)
		}
		return text
	}
	if text := tamper(func(evs []engine.Event) {
		f := &evs[2].(*engine.DiceRolled).Terms[0].Faces[0]
		*f = *f%6 + 1
	}); !strings.HasPrefix(text, "❌") || !strings.Contains(text, "roll #2") {
		t.Errorf("a changed die: %s", text)
	}
	if text := tamper(func(evs []engine.Event) { evs[len(evs)-1].(*engine.GameEnded).Seed2 = 7 }); !strings.HasPrefix(text, "❌") || !strings.Contains(text, "published") {
		t.Errorf("a wrong seed: %s", text)
	}
}

func gameEvents0(t *testing.T, st *store.Store) []engine.Event {
	t.Helper()
	_, recs, err := st.Load(context.Background(), "game:war", 0)
	if err != nil {
		t.Fatal(err)
	}
	var out []engine.Event
	for _, rec := range recs {
		e, err := storedRulesets.DecodeEvent(rec.Type, rec.Data)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, e)
	}
	return out
}

// A salted game audits from its revealed seed and salt; a wrong salt, a
// wrong seed, or one changed die of either stream fails the audit.
func TestSaltedGameAuditCatches(t *testing.T) {
	ctx := context.Background()
	st := openStore(t)
	r := NewRouter(st, WithLogger(quietLog()))
	mustOK(t, r, gameReq(umpireA, "new", map[string]string{"scenario": "lrtg-high-tide", "seed": "12"}))
	mustOK(t, r, gameRollReq("s1", "2d6+1"))
	mustOK(t, r, Request{GuildID: "g", ChannelID: "war", User: leeA, Command: "table", Path: []string{"roll"}, Options: map[string]string{"table": "lrtg.beauregard"}})
	end := mustOK(t, r, gameReq(umpireA, "end", nil))
	if !strings.Contains(end.Text, "(12, 12), salt ") {
		t.Fatalf("the end does not reveal the salt: %s", end.Text)
	}
	if a := mustOK(t, r, gameReq(guestA, "audit", nil)); !strings.Contains(a.Text, "✅") || !strings.Contains(a.Text, "all 3 dice") {
		t.Fatalf("the audit: %s", a.Text)
	}
	tamper := func(mod func([]engine.Event)) string {
		st2 := openStore(t)
		evs := gameEvents0(t, st)
		mod(evs)
		appendEvents(t, st2, nil, evs...)
		text, err := AuditStream(ctx, st2, DefaultRulesets(), "game:war")
		if err != nil {
			t.Fatal(err)
		}
		return text
	}
	ended := func(evs []engine.Event) *engine.GameEnded { return evs[len(evs)-1].(*engine.GameEnded) }
	if text := tamper(func(evs []engine.Event) {
		e := ended(evs)
		e.Salt = strings.Repeat("0", len(e.Salt)) // the salt the searcher would guess
	}); !strings.HasPrefix(text, "❌") || !strings.Contains(text, "committed") {
		t.Errorf("a wrong salt: %s", text)
	}
	if text := tamper(func(evs []engine.Event) { ended(evs).Seed1 = 13 }); !strings.HasPrefix(text, "❌") || !strings.Contains(text, "committed") {
		t.Errorf("a wrong seed: %s", text)
	}
	if text := tamper(func(evs []engine.Event) { ended(evs).Salt = "" }); !strings.HasPrefix(text, "❌") {
		t.Errorf("no salt: %s", text)
	}
	if text := tamper(func(evs []engine.Event) {
		f := &evs[1].(*engine.DiceRolled).Terms[0].Faces[1]
		*f = *f%6 + 1
	}); !strings.HasPrefix(text, "❌") || !strings.Contains(text, "roll #1") {
		t.Errorf("a changed free die: %s", text)
	}
}
