package engine

import (
	"strings"
	"testing"
)

func TestAuditRolls(t *testing.T) {
	d := NewSeededDice(7, 9)
	var evs []Event
	c := Channel{}
	for _, expr := range []string{"2d6+1", "d6", "3d6-2"} {
		e, err := c.Decide(RollDice{Expression: expr}, d)
		if err != nil {
			t.Fatal(err)
		}
		c = c.Apply(e[0])
		evs = append(evs, e...)
	}
	x, _ := ParseDice("1d6")
	spy := &Table{ID: "t", Title: "Spy", Dice: x, Facts: []FactSpec{{Name: "tie", Kind: FactEnum, Values: []string{"a", "b"}, Description: "t"}},
		Sides: []TableSide{{ID: "a"}, {ID: "b"}}, TieFact: "tie", Outcomes: []Outcome{{ID: "a", Name: "A"}, {ID: "b", Name: "B"}}}
	e, err := c.Decide(RollTable{Table: spy, Facts: Facts{"tie": 0}}, d)
	if err != nil {
		t.Fatal(err)
	}
	evs = append(evs, e...)
	n, err := AuditRolls(7, 9, evs)
	if err != nil || n != 2+1+3+2 {
		t.Fatalf("audit = %d, %v", n, err)
	}
	if _, err := AuditRolls(7, 10, evs); err == nil {
		t.Fatal("the wrong seed passed the audit")
	}
	// A tampered die is found.
	evs[1].(*DiceRolled).Terms[0].Faces[0] = evs[1].(*DiceRolled).Terms[0].Faces[0]%6 + 1
	if _, err := AuditRolls(7, 9, evs); err == nil || !strings.Contains(err.Error(), "roll #2") {
		t.Fatalf("tampered roll: %v", err)
	}
}
