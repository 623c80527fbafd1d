package engine

import "fmt"

// GameEnded records the end of a game and reveals its dice seed, so that
// anyone can check every roll (AuditRolls).
type GameEnded struct {
	By     Actor  `json:"by"`
	Reason string `json:"reason,omitempty"`
	Seed1  uint64 `json:"seed1"`
	Seed2  uint64 `json:"seed2"`
}

// EventGameEnded is GameEnded's type.
const EventGameEnded = "game.ended"

// EventType implements Event.
func (*GameEnded) EventType() string { return EventGameEnded }

// EndGame ends the game (umpire only) and reveals the seed.
type EndGame struct {
	By     Actor
	Reason string
}

// CommandName implements Command.
func (EndGame) CommandName() string { return "game end" }

// AuditRolls replays every roll of a stream from its seed: each die of each
// roll event, in order, must be what the seeded dice give. It returns the
// number of dice checked, or the first roll that does not match.
func AuditRolls(seed1, seed2 uint64, events []Event) (int, error) {
	d := NewSeededDice(seed1, seed2)
	n := 0
	check := func(number int64, dice string, faces []int) error {
		x, err := ParseDice(dice)
		if err != nil {
			return fmt.Errorf("roll #%d: dice %q: %v", number, dice, err)
		}
		var sides []int
		for _, t := range x.Terms {
			for i := 0; i < t.Count && t.IsDice(); i++ {
				sides = append(sides, t.Sides)
			}
		}
		if len(faces)%max(len(sides), 1) != 0 {
			return fmt.Errorf("roll #%d: %d faces for %s", number, len(faces), dice)
		}
		for i, f := range faces {
			if got := d.Roll(sides[i%len(sides)]); got != f {
				return fmt.Errorf("roll #%d: die %d is recorded as %d but the seed gives %d", number, i+1, f, got)
			}
			n++
		}
		return nil
	}
	for _, e := range events {
		var err error
		switch e := e.(type) {
		case *DiceRolled:
			var faces []int
			for _, t := range e.Terms {
				faces = append(faces, t.Faces...)
			}
			err = check(e.Number, e.Expression, faces)
		case *TableRolled:
			if len(e.Sides) > 0 {
				var faces []int
				for _, s := range e.Sides {
					faces = append(faces, s.Faces...)
				}
				err = check(e.Number, e.Dice, faces)
			} else {
				err = check(e.Number, e.Dice, e.Faces)
			}
		case *ChartRolled:
			err = check(e.Number, e.Dice, e.Faces)
		}
		if err != nil {
			return n, err
		}
	}
	return n, nil
}
