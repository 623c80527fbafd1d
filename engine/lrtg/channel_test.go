package lrtg

import (
	"errors"
	"reflect"
	"testing"

	"github.com/umpire-games/umpire/engine"
)

func TestChannelRollsAreNumbered(t *testing.T) {
	var c engine.Channel
	me := engine.Actor{ID: "u1", Name: "Longstreet"}
	d := engine.Script(3, 4, 6)
	var all []engine.Event
	for i, expr := range []string{"2d6+1", "d6"} {
		evs, err := c.Decide(engine.RollDice{By: me, Expression: expr}, d)
		if err != nil {
			t.Fatal(err)
		}
		if len(evs) != 1 {
			t.Fatalf("%d events, want 1", len(evs))
		}
		r := evs[0].(*engine.DiceRolled)
		if r.Number != int64(i+1) {
			t.Errorf("roll %d numbered %d", i+1, r.Number)
		}
		c = c.Apply(evs[0])
		all = append(all, evs...)
	}
	if c.Rolls != 2 || c.Last.Total != 6 {
		t.Errorf("state after two rolls = %+v", c)
	}
	if got := engine.FoldChannel(all); !reflect.DeepEqual(got, c) {
		t.Errorf("fold = %+v, incremental = %+v", got, c)
	}
	first := all[0].(*engine.DiceRolled)
	if first.Total != 8 || first.Expression != "2d6+1" || first.By != me {
		t.Errorf("first roll = %+v", first)
	}
}

func TestChannelBadRollChangesNothing(t *testing.T) {
	c := engine.Channel{Rolls: 4}
	d := engine.Script()
	evs, err := c.Decide(engine.RollDice{Expression: "2d0"}, d)
	if !errors.Is(err, engine.ErrInvalid) || evs != nil {
		t.Fatalf("Decide(2d0) = %v, %v; want no events and ErrInvalid", evs, err)
	}
}

type otherCommand struct{}

func (otherCommand) CommandName() string { return "march" }

func TestChannelUnknownCommand(t *testing.T) {
	_, err := engine.Channel{}.Decide(otherCommand{}, engine.Script())
	var re *engine.RuleError
	if !errors.As(err, &re) || re.Code != "command.unknown" {
		t.Fatalf("err = %v, want command.unknown", err)
	}
}

func TestEventCodecRoundTrip(t *testing.T) {
	in := &engine.DiceRolled{Number: 7, Expression: "2d6+1", By: engine.Actor{ID: "1", Name: "Lee"},
		Terms: []engine.TermResult{{Sign: 1, Count: 2, Sides: 6, Faces: []int{1, 6}, Value: 7}, {Sign: 1, Count: 1, Value: 1}}, Total: 8}
	typ, data, err := engine.EncodeEvent(in)
	if err != nil {
		t.Fatal(err)
	}
	if typ != "dice.rolled" {
		t.Fatalf("type = %q", typ)
	}
	out, err := testDecode(typ, data)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(out, in) {
		t.Fatalf("round trip = %+v, want %+v", out, in)
	}
	if _, err := testDecode("no.such", data); err == nil {
		t.Fatal("unknown type decoded")
	}
	if _, err := testDecode(typ, []byte("{")); err == nil {
		t.Fatal("bad JSON decoded")
	}
}
