// The facts of the Spy's and Enemy Intelligence's tie rule (000 2.0 7);
// 004 Enemy Intelligence): issue 20, events carry facts, not prose. The
// words are the bot's (bot/cavalry_tie.go). Events stored before carry
// the sentence in SpyTie / IntelTie instead.

package lrtg

import "github.com/umpire-games/umpire/engine"

// CavalryTie is how a contest's tie was settled: the hexes from the
// closest Confederate cavalry to the Union army commander (Commander;
// empty when he could not be found) and from the closest Union cavalry to
// Lee (-1: not measurable), and the side the tie goes to.
type CavalryTie struct {
	Commander string      `json:"commander,omitempty"`
	CSA       int         `json:"csa"`
	USA       int         `json:"usa"`
	To        engine.Side `json:"to"`
}
