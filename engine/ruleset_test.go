package engine

import (
	"encoding/json"
	"strings"
	"testing"
)

// A toy game for the ruleset's tests: one command, one event, a counter
// folded by its owner and counted again by a subscriber.
type (
	toyPing struct{ By Actor }
	toyPong struct {
		N int `json:"n"`
	}
	toyOther struct{ By Actor }
)

func (toyPing) CommandName() string  { return "toy ping" }
func (toyOther) CommandName() string { return "toy other" }
func (*toyPong) EventType() string   { return "toy.pong" }

type toyState struct{ Pongs, Heard, Joins int }

func toyOf(g GameState) toyState { s, _ := g.Own.(toyState); return s }

func toyModules() []Module {
	return []Module{
		{Name: "ping", Commands: []Command{toyPing{}},
			Decide: func(g GameState, cmd Command, d Dice) ([]Event, error) {
				return []Event{&toyPong{N: toyOf(g).Pongs + 1}}, nil
			},
			Events: []Event{&toyPong{}},
			Apply: func(g GameState, e Event) GameState {
				s := toyOf(g)
				s.Pongs = e.(*toyPong).N
				g.Own = s
				return g
			}},
		{Name: "listener", Subscribes: []Event{&toyPong{}, &GameJoined{}},
			Apply: func(g GameState, e Event) GameState {
				s := toyOf(g)
				if _, join := e.(*GameJoined); join {
					s.Joins++
				} else {
					s.Heard++
				}
				g.Own = s
				return g
			}},
	}
}

func toyRuleset() *Ruleset {
	return NewRuleset("toy", Hooks{OwnsScenario: func(id string) bool { return strings.HasPrefix(id, "toy-") },
		EncodeState: func(own any) ([]byte, error) { return json.Marshal(own) },
		DecodeState: func(b []byte) (any, error) {
			var s toyState
			err := json.Unmarshal(b, &s)
			return s, err
		}}, toyModules()...)
}

func rulesetPanics(t *testing.T, what, want string, f func()) {
	t.Helper()
	defer func() {
		t.Helper()
		r := recover()
		if r == nil {
			t.Fatalf("%s: no panic", what)
		}
		if !strings.Contains(r.(string), want) {
			t.Fatalf("%s: panic %q, want it to say %q", what, r, want)
		}
	}()
	f()
}

// Claiming one command, one event or one step's procedure twice is a
// mistake found when the ruleset is built, not a module quietly winning.
func TestRulesetClaimedTwicePanics(t *testing.T) {
	ms := toyModules()
	rulesetPanics(t, "command", "command engine.toyPing claimed by ping and again", func() {
		NewRuleset("toy", Hooks{}, ms[0], Module{Name: "again", Commands: []Command{toyPing{}}, Decide: ms[0].Decide})
	})
	rulesetPanics(t, "event", "event toy.pong claimed by ping and again", func() {
		NewRuleset("toy", Hooks{}, ms[0], Module{Name: "again", Events: []Event{&toyPong{}}, Apply: ms[0].Apply})
	})
	rulesetPanics(t, "kernel event", "event game.created is the kernel's", func() {
		NewRuleset("toy", Hooks{}, Module{Name: "mine", Events: []Event{&GameCreated{}}, Apply: ms[0].Apply})
	})
	begin := func(GameState, Dice, StepContext) ([]Event, error) { return nil, nil }
	rulesetPanics(t, "step", "step A's Begin given twice (module b)", func() {
		NewRuleset("toy", Hooks{}, Module{Name: "a", Steps: []StepRules{{ID: "A", Begin: begin}}},
			Module{Name: "b", Steps: []StepRules{{ID: "A", Begin: begin}}})
	})
	rulesetPanics(t, "subscription", "subscribes to toy.nothing", func() {
		NewRuleset("toy", Hooks{}, Module{Name: "a", Subscribes: []Event{&toyNothing{}}, Apply: ms[0].Apply})
	})
	rulesetPanics(t, "two rulesets", "ruleset toy listed twice", func() { NewRulesets(toyRuleset(), toyRuleset()) })
	// Two modules may end one step: both run, in order.
	var ran []string
	end := func(s string) StepProcedure {
		return func(GameState, Dice, StepContext) ([]Event, error) { ran = append(ran, s); return nil, nil }
	}
	rs := NewRuleset("toy", Hooks{}, Module{Name: "a", Steps: []StepRules{{ID: "A", End: end("a")}}},
		Module{Name: "b", Steps: []StepRules{{ID: "A", End: end("b")}}})
	if _, err := rs.stepEnd("A")(GameState{}, Script(), StepContext{}); err != nil || strings.Join(ran, ",") != "a,b" {
		t.Fatalf("ends ran %v, %v; want a,b", ran, err)
	}
}

type toyNothing struct{}

func (*toyNothing) EventType() string { return "toy.nothing" }

// A game is its ruleset from its creation: the ruleset decides the
// commands it lists (and no other), folds its events with every
// subscriber, and a stored game finds its ruleset again when decoded: by
// the recorded id, or, stored before it, by its scenario.
func TestRulesetGameDecidesAndFolds(t *testing.T) {
	rs := toyRuleset()
	all := NewRulesets(rs)
	by := Actor{ID: "u1", Name: "Umpire"}
	o := GameOptions{Scenario: "toy-1", Supply: "normal", Comms: 1}
	evs, err := GameState{}.Decide(NewGame{By: by, Options: o, Rules: rs}, Script())
	if err != nil {
		t.Fatal(err)
	}
	created := evs[0].(*GameCreated)
	if created.Options.Game != "toy" || created.Rules != rs {
		t.Fatalf("created %+v: the ruleset is not recorded", created)
	}
	g := GameState{}.Apply(created)
	if g.Game() != "toy" || g.Rules() != rs {
		t.Fatalf("game %q, ruleset %p", g.Game(), g.Rules())
	}
	// A subscriber to a kernel event folds it after the kernel.
	g = g.Apply(&GameJoined{Player: Player{Actor: Actor{ID: "u2", Name: "Lee"}, Side: CSA}})
	if len(g.Players) != 1 || toyOf(g).Joins != 1 {
		t.Fatalf("join: %d players, %d joins heard", len(g.Players), toyOf(g).Joins)
	}
	for range 2 {
		evs, err := g.Decide(toyPing{By: by}, Script())
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range evs {
			g = g.Apply(e)
		}
	}
	if s := toyOf(g); s.Pongs != 2 || s.Heard != 2 || s.Joins != 1 {
		t.Fatalf("state %+v, want 2 pongs folded and heard twice", s)
	}
	if _, err := g.Decide(toyOther{By: by}, Script()); err == nil || !strings.Contains(err.Error(), "not a game command") {
		t.Fatalf("a command no module lists: %v", err)
	}
	if _, err := (GameState{}).Apply(&GameCreated{Options: o}).Decide(toyPing{By: by}, Script()); err == nil {
		t.Fatal("a game without the ruleset decided its command")
	}
	// Stored and decoded: with the id, and without it (before the id was
	// recorded) by the scenario.
	for _, opts := range []GameOptions{created.Options, o} {
		data, err := json.Marshal(&GameCreated{Options: opts})
		if err != nil {
			t.Fatal(err)
		}
		e, err := all.DecodeEvent(EventGameCreated, data)
		if err != nil {
			t.Fatal(err)
		}
		if e.(*GameCreated).Rules != rs {
			t.Fatalf("decoded %s: no ruleset", data)
		}
	}
	if e, err := all.DecodeEvent("toy.pong", []byte(`{"n":7}`)); err != nil || e.(*toyPong).N != 7 {
		t.Fatalf("decode toy.pong: %v %v", e, err)
	}
	if _, err := DecodeEvent("toy.pong", []byte(`{"n":7}`)); err == nil {
		t.Fatal("the kernel alone decoded a ruleset's event")
	}
	// A snapshot: the state without its ruleset and own state comes back
	// whole from the bytes EncodeOwn wrote.
	own, err := g.EncodeOwn()
	if err != nil {
		t.Fatal(err)
	}
	bare := g
	bare.rules, bare.Own = nil, nil
	back, err := all.Restore(bare, own)
	if err != nil || back.Rules() != rs || toyOf(back) != toyOf(g) {
		t.Fatalf("restored %+v (%v), want %+v", toyOf(back), err, toyOf(g))
	}
	if types := all.EventTypes(); !Contains(types, "toy.pong") || !Contains(types, EventGameCreated) {
		t.Fatalf("event types %v", types)
	}
}
