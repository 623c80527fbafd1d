package lrtg

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"testing"

	"github.com/umpire-games/umpire/engine"
)

var (
	ump   = engine.Actor{ID: "u0", Name: "Umpire"}
	lee   = engine.Actor{ID: "u1", Name: "Lee"}
	jeb   = engine.Actor{ID: "u2", Name: "Jeb"}
	meade = engine.Actor{ID: "u3", Name: "Meade"}
)

func opts() engine.GameOptions {
	return engine.GameOptions{Scenario: "lrtg-high-tide", Supply: "normal", Comms: 1}
}

func apply(t *testing.T, g Game, cmd engine.Command, d engine.Dice) Game {
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
	if engine.SeedHash(1, 2) != hex.EncodeToString(sum[:]) {
		t.Fatal("seed hash is not SHA-256 of the big-endian seed")
	}
	g := apply(t, Game{}, withRules(engine.NewGame{By: ump, Options: opts()}), engine.NewSeededDice(1, 2))
	if g.SeedHash != engine.SeedHash(1, 2) || g.Umpire != ump || !g.Created {
		t.Fatalf("created = %+v", g)
	}
}

func TestNewGameRefusals(t *testing.T) {
	bad := []engine.GameOptions{
		{Scenario: "x", Supply: "plenty", Comms: 1},
		{Scenario: "x", Supply: "normal", Comms: 4},
		{Scenario: "x", Supply: "normal", Comms: 2, Optional: []int{17}},
	}
	for _, o := range bad {
		if _, err := (Game{}).Decide(withRules(engine.NewGame{By: ump, Options: o}), engine.Script()); !errors.Is(err, engine.ErrInvalid) {
			t.Errorf("%+v: %v", o, err)
		}
	}
	g := apply(t, Game{}, withRules(engine.NewGame{By: ump, Options: opts()}), engine.Script())
	if _, err := g.Decide(withRules(engine.NewGame{By: ump, Options: opts()}), engine.Script()); !errors.Is(err, engine.ErrIllegal) {
		t.Errorf("second game in a channel: %v", err)
	}
}

func TestJoinAndStart(t *testing.T) {
	g := apply(t, Game{}, withRules(engine.NewGame{By: ump, Options: opts()}), engine.Script())
	g = apply(t, g, engine.JoinGame{By: lee, Side: engine.CSA, Commands: []string{"1", "2"}}, engine.Script())
	if !g.Player("u1").Overall {
		t.Error("the first player of a side is its overall commander")
	}
	// Joining again before the start replaces the earlier join (issue 22).
	if evs, err := g.Decide(engine.JoinGame{By: lee, Side: engine.USA}, engine.Script()); err != nil || len(evs) != 1 || !evs[0].(*engine.GameJoined).Replaces {
		t.Errorf("joining twice: %v %v", evs, err)
	} else if g2 := g.Apply(evs[0]); len(g2.Players) != 1 || g2.Player("u1").Side != engine.USA || !g2.Player("u1").Overall {
		t.Errorf("after the rejoin: %+v", g2.Players)
	}
	oob := &engine.OrderOfBattle{Units: []engine.UnitSetup{{ID: "csa.hood", Name: "Hood", Side: engine.CSA, Kind: "infantry", Command: "1", Manpower: 15, OnMap: true, Ref: engine.HexRef{Sheet: "SS", Col: 20, Row: 30}},
		{ID: "csa.rodes", Name: "Rodes", Side: engine.CSA, Kind: "infantry", Command: "2", Manpower: 8, Track: "reinforcement"},
		{ID: "csa.hampton", Name: "Hampton", Side: engine.CSA, Kind: "cavalry", Command: "Cav", Manpower: 4, Track: "reinforcement"}}}
	if _, err := g.Decide(engine.StartGame{By: ump, OOB: oob}, engine.Script()); !errors.Is(err, engine.ErrIllegal) {
		t.Errorf("start without a Union player: %v", err)
	}
	g = apply(t, g, engine.JoinGame{By: meade, Side: engine.USA}, engine.Script())
	if _, err := g.Decide(engine.StartGame{By: lee, OOB: oob}, engine.Script()); !errors.Is(err, engine.ErrIllegal) {
		t.Errorf("a player started the game: %v", err)
	}
	// 21.1: a subordinate commands at least as many corps as the overall commander.
	g2 := apply(t, g, engine.JoinGame{By: jeb, Side: engine.CSA, Commands: []string{"Cav"}}, engine.Script())
	if _, err := g2.Decide(engine.StartGame{By: ump, OOB: oob}, engine.Script()); !errors.Is(err, engine.ErrIllegal) {
		t.Errorf("subordinate with fewer corps: %v", err)
	}
	started := apply(t, g, engine.StartGame{By: ump, OOB: oob}, engine.Script())
	if !started.Started || started.Units["csa.hood"].Ref != "SS2030" || started.Turn != 1 {
		t.Fatalf("started = %+v", started)
	}
	if g.Started || g.Units != nil {
		t.Error("Apply changed its receiver")
	}
	if _, err := started.Decide(engine.JoinGame{By: jeb, Side: engine.CSA}, engine.Script()); !errors.Is(err, engine.ErrIllegal) {
		t.Errorf("joining a started game: %v", err)
	}
}

func TestRollsInAGameAreTheGames(t *testing.T) {
	g := apply(t, Game{}, withRules(engine.NewGame{By: ump, Options: opts()}), engine.Script())
	g = apply(t, g, engine.RollDice{By: lee, Expression: "d6"}, engine.Script(4))
	g = apply(t, g, engine.RollDice{By: lee, Expression: "d6"}, engine.Script(2))
	if g.Rolls != 2 {
		t.Fatalf("rolls = %d", g.Rolls)
	}
	if _, err := (Game{}).Decide(engine.RollDice{Expression: "d6"}, engine.Script(1)); !errors.Is(err, engine.ErrIllegal) {
		t.Errorf("a roll in no game: %v", err)
	}
}
