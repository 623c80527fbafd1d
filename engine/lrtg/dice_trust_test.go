package lrtg

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
)

var testSalt = []byte("sixteen byte slt")

// searchSmallSeeds looks for n in [0, limit) whose hash(n) is target, as
// anyone can who is handed a commitment and guesses the umpire typed a
// small number.
func searchSmallSeeds(limit uint64, target string, hash func(buf []byte, n uint64) [32]byte) (uint64, bool) {
	want, _ := hex.DecodeString(target)
	buf := make([]byte, 64)
	for n := range limit {
		if h := hash(buf, n); bytes.Equal(h[:], want) {
			return n, true
		}
	}
	return 0, false
}

// The legacy SHA-256 of a chosen seed gives the seed away at once; the
// salted commitment of the same seed is not found by the same search,
// whether the searcher tries the legacy formula or the salted one without
// the salt (issue 19, 1).
func TestChosenSeedCommitmentResistsSearch(t *testing.T) {
	const chosen = 1863
	limit := uint64(10_000_000)
	if testing.Short() {
		limit = 1_000_000
	}
	legacy := func(buf []byte, n uint64) [32]byte {
		binary.BigEndian.PutUint64(buf[:8], n)
		binary.BigEndian.PutUint64(buf[8:16], n)
		return sha256.Sum256(buf[:16])
	}
	// The test can fail: the old scheme's hash IS found.
	if n, ok := searchSmallSeeds(limit, engine.SeedHash(chosen, chosen), legacy); !ok || n != chosen {
		t.Fatalf("the legacy hash of seed %d was not found by the search (%d, %v): the search is broken", chosen, n, ok)
	}
	salt := make([]byte, engine.SaltBytes)
	for i := range salt {
		salt[i] = byte(rand.Uint32()) // unknown to the searcher: any value will do
	}
	d, err := engine.NewChosenSeedDice(chosen, salt)
	if err != nil {
		t.Fatal(err)
	}
	commit := d.Reveal().Commitment()
	if commit == engine.SeedHash(chosen, chosen) || commit != engine.SaltedCommitment(chosen, chosen, salt) {
		t.Fatalf("the commitment %s is not the salted one", commit)
	}
	// The salted formula without the salt (a zero salt): no seed matches.
	tag := []byte("umpire dice commitment 2\x00")
	saltless := func(buf []byte, n uint64) [32]byte {
		b := append(buf[:0], tag...)
		b = binary.BigEndian.AppendUint64(b, n)
		b = binary.BigEndian.AppendUint64(b, n)
		b = append(b, make([]byte, engine.SaltBytes)...)
		return sha256.Sum256(b)
	}
	if n, ok := searchSmallSeeds(limit, engine.SaltedCommitment(chosen, chosen, make([]byte, engine.SaltBytes)), saltless); !ok || n != chosen {
		t.Fatalf("the search does not find a commitment whose salt it knows (%d, %v): it is broken", n, ok)
	}
	// The search over 0..10^7 with the salt unknown: nothing matches.
	if n, ok := searchSmallSeeds(limit, commit, saltless); ok {
		t.Errorf("the search found the seed %d from the commitment", n)
	}
	// The same chosen seed with another salt: another commitment.
	other, _ := engine.NewChosenSeedDice(chosen, testSalt)
	if other.Reveal().Commitment() == commit {
		t.Error("two games of the same chosen seed publish the same commitment")
	}
}

// A chosen seed's procedures roll PCG(n, n), as before the salt, so a
// game replays from its seed; the free stream depends on the salt.
func TestChosenSeedDiceStreams(t *testing.T) {
	a, _ := engine.NewChosenSeedDice(1863, testSalt)
	b, _ := engine.NewChosenSeedDice(1863, bytes.Repeat([]byte{7}, engine.SaltBytes))
	legacy := engine.NewSeededDice(1863, 1863)
	for i := range 50 {
		w := legacy.Roll(6)
		if x, y := a.Roll(6), b.Roll(6); x != w || y != w {
			t.Fatalf("procedure roll %d: %d and %d, the seed gives %d", i+1, x, y, w)
		}
	}
	if !a.Chosen() || engine.NewSeededDice(1, 2).Chosen() {
		t.Error("Chosen is wrong")
	}
	fa, na := a.Free()
	fb, _ := b.Free()
	if na != engine.DiceStreamFree {
		t.Fatalf("the free stream is named %q", na)
	}
	same := true
	for range 40 {
		same = same && fa.Roll(6) == fb.Roll(6)
	}
	if same {
		t.Error("the free streams of two salts are the same")
	}
	if f, name := legacy.Free(); f != engine.Dice(legacy) || name != "" {
		t.Error("a legacy game's free rolls are not its one stream")
	}
}

// An "umpd1" state saved before the salt restores as the legacy scheme;
// an "umpd2" state restores both streams where they were.
func TestDiceStatesOldAndNew(t *testing.T) {
	old := engine.NewSeededDice(42, 99)
	for range 5 {
		old.Roll(6)
	}
	pcg := rand.NewPCG(42, 99)
	r := rand.New(pcg)
	for range 5 {
		r.IntN(6)
	}
	st, _ := pcg.MarshalBinary()
	saved := append([]byte("umpd1"), binary.BigEndian.AppendUint64(binary.BigEndian.AppendUint64(nil, 42), 99)...)
	saved = append(saved, st...) // written by hand, as the old code wrote it
	if mine, _ := old.MarshalBinary(); !bytes.Equal(mine, saved) {
		t.Fatalf("a legacy state is written %x, the old code wrote %x", mine, saved)
	}
	var back engine.SeededDice
	if err := back.UnmarshalBinary(saved); err != nil {
		t.Fatal(err)
	}
	if s := back.Reveal(); s.Scheme != engine.DiceSchemeLegacy || s.Salt != nil || s.Seed1 != 42 || s.Seed2 != 99 {
		t.Fatalf("restored legacy dice reveal %+v", s)
	}
	for i := range 20 {
		if x, y := old.Roll(6), back.Roll(6); x != y {
			t.Fatalf("legacy roll %d after restore: %d, want %d", i, y, x)
		}
	}

	a, _ := engine.NewSaltedDice(5, 6, testSalt)
	fa, _ := a.Free()
	for range 7 {
		a.Roll(6)
		fa.Roll(20)
	}
	b2, err := a.MarshalBinary()
	if err != nil || !bytes.HasPrefix(b2, []byte("umpd2")) {
		t.Fatalf("salted state %q, %v", b2, err)
	}
	var b engine.SeededDice
	if err := b.UnmarshalBinary(b2); err != nil {
		t.Fatal(err)
	}
	if s := b.Reveal(); s.Scheme != engine.DiceSchemeSalted || !bytes.Equal(s.Salt, testSalt) {
		t.Fatalf("restored salted dice reveal %+v", s)
	}
	fb, _ := b.Free()
	for i := range 20 {
		if x, y := a.Roll(6), b.Roll(6); x != y {
			t.Fatalf("procedure roll %d after restore: %d, want %d", i, y, x)
		}
		if x, y := fa.Roll(6), fb.Roll(6); x != y {
			t.Fatalf("free roll %d after restore: %d, want %d", i, y, x)
		}
	}
	for _, bad := range [][]byte{b2[:len(b2)-1], append(append([]byte(nil), b2...), 0), []byte("umpd3" + string(b2[5:]))} {
		if err := new(engine.SeededDice).UnmarshalBinary(bad); !errors.Is(err, engine.ErrDiceState) {
			t.Errorf("UnmarshalBinary(%q) = %v, want ErrDiceState", bad, err)
		}
	}
}

// A game's typed rolls draw from the free stream; the audit replays both
// streams, catches one changed die on either, and a wrong salt or seed
// fails the commitment.
func TestAuditTwoStreams(t *testing.T) {
	d, _ := engine.NewSaltedDice(7, 9, testSalt)
	g := Game{}.Apply(created(&engine.GameCreated{Options: engine.GameOptions{Scenario: "x"}, SeedHash: d.Reveal().Commitment(), DiceScheme: engine.DiceSchemeSalted}))
	var evs []engine.Event
	roll := func(f func() ([]engine.Event, error)) {
		t.Helper()
		out, err := f()
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range out {
			g = g.Apply(e)
		}
		evs = append(evs, out...)
	}
	for i, expr := range []string{"2d6+1", "d6", "3d6-2", "1d20"} {
		roll(func() ([]engine.Event, error) {
			return g.RuleRoll(engine.RollDice{Expression: expr, Purpose: "rule"}, d)
		})
		if i%2 == 0 {
			roll(func() ([]engine.Event, error) { return g.Decide(engine.RollDice{Expression: "2d6"}, d) }) // a typed roll
		}
	}
	free := 0
	for _, e := range evs {
		if e.(*engine.DiceRolled).DiceStream == engine.DiceStreamFree {
			free++
		} else if e.(*engine.DiceRolled).Purpose != "rule" {
			t.Errorf("a typed roll drew from the game's stream: %+v", e)
		}
	}
	if free != 2 || g.Rolls != 6 {
		t.Fatalf("%d free rolls, %d in all", free, g.Rolls)
	}
	seed := engine.DiceSeed{Scheme: engine.DiceSchemeSalted, Seed1: 7, Seed2: 9, Salt: testSalt}
	if n, err := engine.AuditDice(seed, evs); err != nil || n != 2+1+3+1+2+2 {
		t.Fatalf("audit = %d, %v", n, err)
	}
	if seed.Commitment() != g.SeedHash {
		t.Fatal("the revealed seed does not give the commitment")
	}
	wrongSalt, wrongSeed := seed, seed
	wrongSalt.Salt = bytes.Repeat([]byte{1}, engine.SaltBytes)
	wrongSeed.Seed2 = 10
	for _, s := range []engine.DiceSeed{wrongSalt, wrongSeed} {
		if s.Commitment() == g.SeedHash {
			t.Errorf("%+v gives the commitment", s)
		}
	}
	if _, err := engine.AuditDice(engine.DiceSeed{Seed1: 7, Seed2: 9}, evs); err == nil {
		t.Error("the legacy scheme's one stream passed the audit of a salted game")
	}
	for _, i := range []int{1, 2} { // a free roll, then a rule's
		e := evs[i].(*engine.DiceRolled)
		f := &e.Terms[0].Faces[0]
		*f = *f%e.Terms[0].Sides + 1
		if _, err := engine.AuditDice(seed, evs); err == nil || !strings.Contains(err.Error(), "roll #") {
			t.Errorf("a changed die on roll %d: %v", e.Number, err)
		}
		*f = (*f+e.Terms[0].Sides-2)%e.Terms[0].Sides + 1 // back
	}
	if _, err := engine.AuditDice(seed, evs); err != nil {
		t.Fatalf("the restored dice fail: %v", err)
	}
}

// The game's end reveals the salt; GameEnded of a legacy game has none.
func TestGameEndedReveals(t *testing.T) {
	d, _ := engine.NewChosenSeedDice(1863, testSalt)
	g := Game{}
	evs, err := g.Decide(withRules(engine.NewGame{By: engine.Actor{ID: "u"}, Options: engine.GameOptions{Scenario: "x", Supply: "normal", Comms: 1}}), d)
	if err != nil {
		t.Fatal(err)
	}
	c := evs[0].(*engine.GameCreated)
	if !c.ChosenSeed || c.DiceScheme != engine.DiceSchemeSalted || c.SeedHash != engine.SaltedCommitment(1863, 1863, testSalt) {
		t.Fatalf("created %+v", c)
	}
	g = g.Apply(c)
	evs, err = g.Decide(engine.EndGame{By: engine.Actor{ID: "u"}}, d)
	if err != nil {
		t.Fatal(err)
	}
	e := evs[0].(*engine.GameEnded)
	s, err := e.Revealed(c.DiceScheme)
	if err != nil || s.Commitment() != c.SeedHash {
		t.Fatalf("the end reveals %+v (%v), whose commitment is not the published one", e, err)
	}
	e.Salt = e.Salt[:10]
	if _, err := e.Revealed(c.DiceScheme); err == nil {
		t.Error("a short salt was accepted")
	}
	l := engine.NewSeededDice(3, 4)
	evs, _ = Game{}.Decide(withRules(engine.NewGame{By: engine.Actor{ID: "u"}, Options: engine.GameOptions{Scenario: "x", Supply: "normal", Comms: 1}}), l)
	if c := evs[0].(*engine.GameCreated); c.DiceScheme != engine.DiceSchemeLegacy || c.ChosenSeed || c.SeedHash != engine.SeedHash(3, 4) {
		t.Fatalf("legacy created %+v", c)
	}
}

// BenchmarkSaltedDiceState measures what every command on a stream does
// with its dice: restore the saved state, roll, save it again (the
// legacy state has one generator, the salted two).
func BenchmarkSaltedDiceState(b *testing.B) {
	legacy, _ := engine.NewSeededDice(1, 2).MarshalBinary()
	d, _ := engine.NewSaltedDice(1, 2, testSalt)
	salted, _ := d.MarshalBinary()
	for name, state := range map[string][]byte{"legacy": legacy, "salted": salted} {
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				var d engine.SeededDice
				if err := d.UnmarshalBinary(state); err != nil {
					b.Fatal(err)
				}
				d.Roll(6)
				if _, err := d.MarshalBinary(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
