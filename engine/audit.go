package engine

import (
	"encoding/hex"
	"fmt"
)

// GameEnded records the end of a game and reveals its dice seed (and, in
// the salted scheme, its salt), so that anyone can check the commitment
// published at the start and every roll (AuditDice).
type GameEnded struct {
	By     Actor  `json:"by"`
	Reason string `json:"reason,omitempty"`
	Seed1  uint64 `json:"seed1"`
	Seed2  uint64 `json:"seed2"`
	Salt   string `json:"salt,omitempty"` // hex; absent in the legacy scheme
}

// EventGameEnded is GameEnded's type.
const EventGameEnded = "game.ended"

// EventType implements Event.
func (*GameEnded) EventType() string { return EventGameEnded }

// Revealed returns the dice the end revealed, of the scheme the game was
// created with (GameCreated.DiceScheme).
func (e *GameEnded) Revealed(scheme int) (DiceSeed, error) {
	s := DiceSeed{Scheme: scheme, Seed1: e.Seed1, Seed2: e.Seed2}
	if scheme == DiceSchemeLegacy {
		return s, nil
	}
	salt, err := hex.DecodeString(e.Salt)
	if err != nil || len(salt) != SaltBytes {
		return s, fmt.Errorf("the revealed salt %q is not %d hexadecimal bytes", e.Salt, SaltBytes)
	}
	s.Salt = salt
	return s, nil
}

// EndGame ends the game (umpire only) and reveals the seed.
type EndGame struct {
	By     Actor
	Reason string
}

// CommandName implements Command.
func (EndGame) CommandName() string { return "game end" }

// AuditRolls replays every roll of a legacy-scheme stream (one stream, no
// salt) from its seed; see AuditDice.
func AuditRolls(seed1, seed2 uint64, events []Event) (int, error) {
	return AuditDice(DiceSeed{Seed1: seed1, Seed2: seed2}, events)
}

// AuditDice replays every roll of a stream from its revealed dice: each
// die of each roll event, in event order, must be what its stream (the
// game's own, or the free rolls', RollStream.DiceStream) gives. It returns
// the number of dice checked, or the first roll that does not match. The
// commitment is checked apart (DiceSeed.Commitment).
func AuditDice(seed DiceSeed, events []Event) (int, error) {
	game, err := seed.Dice()
	if err != nil {
		return 0, err
	}
	n := 0
	check := func(e Event, dice string, faces []int) error {
		rs, num := rollOf(e)
		which := fmt.Sprintf("roll #%d", num)
		if rs.Secret != "" {
			which = fmt.Sprintf("%s secret roll #%d", rs.Secret, num)
		}
		var d Dice = game
		switch rs.DiceStream {
		case "":
		case DiceStreamFree:
			free, name := game.Free()
			if name != DiceStreamFree {
				return fmt.Errorf("%s: drawn from the free stream, but a game of this scheme has none", which)
			}
			d = free
		default:
			return fmt.Errorf("%s: unknown dice stream %q", which, rs.DiceStream)
		}
		x, err := ParseDice(dice)
		if err != nil {
			return fmt.Errorf("%s: dice %q: %v", which, dice, err)
		}
		var sides []int
		for _, t := range x.Terms {
			for i := 0; i < t.Count && t.IsDice(); i++ {
				sides = append(sides, t.Sides)
			}
		}
		if len(faces)%max(len(sides), 1) != 0 {
			return fmt.Errorf("%s: %d faces for %s", which, len(faces), dice)
		}
		for i, f := range faces {
			if got := d.Roll(sides[i%len(sides)]); got != f {
				return fmt.Errorf("%s: die %d is recorded as %d but the seed gives %d", which, i+1, f, got)
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
			err = check(e, e.Expression, faces)
		case *TableRolled:
			if len(e.Sides) > 0 {
				var faces []int
				for _, s := range e.Sides {
					faces = append(faces, s.Faces...)
				}
				err = check(e, e.Dice, faces)
			} else {
				err = check(e, e.Dice, e.Faces)
			}
		case *ChartRolled:
			err = check(e, e.Dice, e.Faces)
		}
		if err != nil {
			return n, err
		}
	}
	return n, nil
}
