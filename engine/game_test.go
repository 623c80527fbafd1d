package engine

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"testing"
)

var (
	ump   = Actor{ID: "u0", Name: "Umpire"}
	lee   = Actor{ID: "u1", Name: "Lee"}
	jeb   = Actor{ID: "u2", Name: "Jeb"}
	meade = Actor{ID: "u3", Name: "Meade"}
)

func opts() GameOptions { return GameOptions{Scenario: "lrtg-high-tide", Supply: "normal", Comms: 1} }

func apply(t *testing.T, g GameState, cmd Command, d Dice) GameState {
	t.Helper()
	evs, err := g.Decide(cmd, d)
	if err != nil {
		t.Fatalf("%s: %v", cmd.CommandName(), err)
	}
	for _, e := range evs {
		g = g.Apply(e)
	}
	return g
}

func TestSeedHashIsTheSHA256OfTheSeed(t *testing.T) {
	b := []byte{0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 2}
	sum := sha256.Sum256(b)
	if SeedHash(1, 2) != hex.EncodeToString(sum[:]) {
		t.Fatal("seed hash is not SHA-256 of the big-endian seed")
	}
	g := apply(t, GameState{}, withRules(NewGame{By: ump, Options: opts()}), NewSeededDice(1, 2))
	if g.SeedHash != SeedHash(1, 2) || g.Umpire != ump || !g.Created {
		t.Fatalf("created = %+v", g)
	}
}

func TestNewGameRefusals(t *testing.T) {
	bad := []GameOptions{
		{Scenario: "x", Supply: "plenty", Comms: 1},
		{Scenario: "x", Supply: "normal", Comms: 4},
		{Scenario: "x", Supply: "normal", Comms: 2, Optional: []int{17}},
	}
	for _, o := range bad {
		if _, err := (GameState{}).Decide(withRules(NewGame{By: ump, Options: o}), Script()); !errors.Is(err, ErrInvalid) {
			t.Errorf("%+v: %v", o, err)
		}
	}
	g := apply(t, GameState{}, withRules(NewGame{By: ump, Options: opts()}), Script())
	if _, err := g.Decide(withRules(NewGame{By: ump, Options: opts()}), Script()); !errors.Is(err, ErrIllegal) {
		t.Errorf("second game in a channel: %v", err)
	}
}

func TestJoinAndStart(t *testing.T) {
	g := apply(t, GameState{}, withRules(NewGame{By: ump, Options: opts()}), Script())
	g = apply(t, g, JoinGame{By: lee, Side: CSA, Commands: []string{"1", "2"}}, Script())
	if !g.Player("u1").Overall {
		t.Error("the first player of a side is its overall commander")
	}
	if _, err := g.Decide(JoinGame{By: lee, Side: USA}, Script()); !errors.Is(err, ErrIllegal) {
		t.Errorf("joining twice: %v", err)
	}
	oob := &OrderOfBattle{Units: []UnitSetup{{ID: "csa.hood", Name: "Hood", Side: CSA, Kind: "infantry", Command: "1", Manpower: 15, OnMap: true, Ref: HexRef{Sheet: "SS", Col: 20, Row: 30}},
		{ID: "csa.rodes", Name: "Rodes", Side: CSA, Kind: "infantry", Command: "2", Manpower: 8, Track: "reinforcement"},
		{ID: "csa.hampton", Name: "Hampton", Side: CSA, Kind: "cavalry", Command: "Cav", Manpower: 4, Track: "reinforcement"}}}
	if _, err := g.Decide(StartGame{By: ump, OOB: oob}, Script()); !errors.Is(err, ErrIllegal) {
		t.Errorf("start without a Union player: %v", err)
	}
	g = apply(t, g, JoinGame{By: meade, Side: USA}, Script())
	if _, err := g.Decide(StartGame{By: lee, OOB: oob}, Script()); !errors.Is(err, ErrIllegal) {
		t.Errorf("a player started the game: %v", err)
	}
	// 21.1: a subordinate commands at least as many corps as the overall commander.
	g2 := apply(t, g, JoinGame{By: jeb, Side: CSA, Commands: []string{"Cav"}}, Script())
	if _, err := g2.Decide(StartGame{By: ump, OOB: oob}, Script()); !errors.Is(err, ErrIllegal) {
		t.Errorf("subordinate with fewer corps: %v", err)
	}
	started := apply(t, g, StartGame{By: ump, OOB: oob}, Script())
	if !started.Started || started.Units["csa.hood"].Ref != "SS2030" || started.Turn != 1 {
		t.Fatalf("started = %+v", started)
	}
	if g.Started || g.Units != nil {
		t.Error("Apply changed its receiver")
	}
	if _, err := started.Decide(JoinGame{By: jeb, Side: CSA}, Script()); !errors.Is(err, ErrIllegal) {
		t.Errorf("joining a started game: %v", err)
	}
}

func TestRollsInAGameAreTheGames(t *testing.T) {
	g := apply(t, GameState{}, withRules(NewGame{By: ump, Options: opts()}), Script())
	g = apply(t, g, RollDice{By: lee, Expression: "d6"}, Script(4))
	g = apply(t, g, RollDice{By: lee, Expression: "d6"}, Script(2))
	if g.Rolls != 2 {
		t.Fatalf("rolls = %d", g.Rolls)
	}
	if _, err := (GameState{}).Decide(RollDice{Expression: "d6"}, Script(1)); !errors.Is(err, ErrIllegal) {
		t.Errorf("a roll in no game: %v", err)
	}
}
