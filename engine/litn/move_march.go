package litn

import (
	"fmt"

	"github.com/umpire-games/umpire/engine"
)

// 8.6 Force March: the extra MPs a stack may force march and the losses
// rolled for it.

// ForceMarch returns the extra MPs a stack may spend by force march
// (8.6): the initiative of its highest-ranking leader, if that leader's hex
// is entitled to 100% of its printed allowance (UnitAllowance.Full).
// No die roll is needed to march; the losses are rolled after the move.
func ForceMarch(stack []MoveUnit, hex HexAllowance) (int, string, error) {
	lead, ok := Highest(stack)
	if !ok {
		return 0, "", engine.Illegal("litn.march.leader", "The stack has no leader", "Force march uses the highest-ranking leader's initiative (002 8.6)")
	}
	full := false
	for _, u := range hex.Units {
		if u.Unit == lead.ID {
			full = u.Full
		}
	}
	if !full {
		return 0, "", engine.Illegal("litn.march.cps", fmt.Sprintf("%s is not entitled to 100%% of his printed allowance (%d CP for command rating %d)", lead.name(), hex.CommandPoints, hex.CommandRating+hex.RatingModifier),
			"Force march needs CPs equal to the command rating; if the highest-ranking leader does not qualify, no unit of the stack may force march (002 8.6)")
	}
	return lead.Initiative, fmt.Sprintf("002 8.6: %s has his full allowance: each unit may spend %d more MP (his initiative); each rolls for losses after moving", lead.name(), lead.Initiative), nil
}

// MarchLoss is one unit's force-march loss roll.
type MarchLoss struct {
	Unit string            `json:"unit"`
	Roll *engine.TableRoll `json:"roll"`
	Lost int               `json:"lost"`
	Why  string            `json:"why"`
}

// ForceMarchLosses rolls for every unit that force marched, separately
// (8.6): 1-4 nothing, 5-6 a tenth of its strength, rounded up.
func ForceMarchLosses(c MoveCharts, units []MoveUnit, d engine.Dice) ([]MarchLoss, error) {
	t, err := c.table(TableForceMarch)
	if err != nil {
		return nil, err
	}
	var out []MarchLoss
	for _, u := range units {
		tr, err := t.Roll(d, engine.Facts{})
		if err != nil {
			return nil, err
		}
		l := MarchLoss{Unit: u.ID, Roll: tr}
		if p := tr.Values["strength_loss_percent"]; p > 0 && u.Strength > 0 {
			l.Lost = (u.Strength*p + 99) / 100
		}
		l.Why = fmt.Sprintf("002 8.6: %s (%d SP) force marched: %s: loses %d", u.name(), u.Strength, lmRoll(tr), l.Lost)
		out = append(out, l)
	}
	return out, nil
}
