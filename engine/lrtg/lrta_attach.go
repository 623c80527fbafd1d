// LRTA's Union Attachment / Detachment Restrictions (004), which replace
// LRTG 12's releases and 16.1 e in an LRTA game.

package lrtg

import (
	"fmt"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// LRTA's Union Attachment / Detachment Restrictions (004;
// lrta.union-attachment-restrictions), which replace LRTG 12's releases
// and 16.1 e in an LRTA game. Readings where 004 is short:
//   - "a corps affiliation": a unit whose designation is a corps (any but
//     DC, Balt, RR, Shen, Kan, Res, PA, the cavalry and the army commands)
//     attaches only to a unit of the same designation; 004 names the
//     brigades and regiments this concerns (Pnell Leg., 60 NY, Piatt,
//     Taylor, Griffin, Kimball), and substitutes carry their parent's.
//   - "similarly designated": the same designation (DC to DC, Balt to Balt,
//     Shen to Shen...).
//   - "any Army of the Potomac unit" once McClellan takes command: a unit
//     of none of those designations (McClellan then commands both armies).
//   - "the Pa. Militia division": a PA unit of division size.
//   - Haupt (RR) is LRTG's railroad unit: he never attaches or detaches
//     (LRTG 7.0, 7.3, 12.5).
//   - 004 says nothing of PA militia detaching: LRTG 12.4 (never).
const lrtaAttachRule = "004 Union Attachment / Detachment Restrictions"

// lrtaNoDetach are the Union designations that never detach (004); until
// McClellan takes command they attach only to their own designation.
var lrtaNoDetach = []string{"Shen", "RR", "Kan", "Res"}

// lrtaHaupt reports whether a unit is Haupt's railroad unit.
func lrtaHaupt(u engine.UnitState) bool {
	return u.ID == "usa.haupt" || strings.EqualFold(u.Name, "Haupt")
}

// lrtaDesignated reports whether a Union unit bears one of 004's
// restricted designations (or is cavalry, or of an army command): it has
// no corps affiliation and is no Army of the Potomac unit for 004.
func lrtaDesignated(u engine.UnitState) bool {
	return u.Kind == engine.KindCavalry || lrtaIn([]string{"DC", "Balt", "RR", "Shen", "Kan", "Res", "PA", "Cav", "", "AP", "AV", "AoP", "AoV"}, u.Command)
}

// lrtaAttachLimit is why 004 forbids the Union unit u to attach to t (nil:
// it may).
func (g Game) lrtaAttachLimit(rules *SubstituteRules, u, t engine.UnitState) *engine.RuleError {
	refuse := func(what string) *engine.RuleError {
		return attRuled(engine.Illegal("attach.group", what, ""), lrtaAttachRule)
	}
	same := strings.EqualFold(strings.TrimSpace(u.Command), strings.TrimSpace(t.Command))
	switch {
	case u.Kind == engine.KindCavalry:
		return refuse(fmt.Sprintf("%s is Union cavalry: Union cavalry units may not attach", u.Name))
	case strings.EqualFold(u.Command, "PA"):
		if !strings.EqualFold(t.Command, "PA") || rules.sizeOf(t) != "division" {
			return refuse(fmt.Sprintf("%s is Pennsylvania militia: it attaches only to the Pa. Militia division; %s is not it", u.Name, t.Name))
		}
	case lrtaIn([]string{"DC", "Balt"}, u.Command):
		if !same {
			return refuse(fmt.Sprintf("%s (%s) attaches only to other %s units; %s is %s", u.Name, u.Command, u.Command, t.Name, attDesignation(t)))
		}
	case lrtaIn(lrtaNoDetach, u.Command):
		switch {
		case same:
		case g.LRTAMcClellan() && !lrtaDesignated(t):
		case g.LRTAMcClellan():
			return refuse(fmt.Sprintf("%s (%s) attaches to other %s units or, McClellan commanding, to Army of the Potomac units; %s is %s", u.Name, u.Command, u.Command, t.Name, attDesignation(t)))
		default:
			return refuse(fmt.Sprintf("%s (%s) attaches only to other %s units until McClellan takes command; %s is %s", u.Name, u.Command, u.Command, t.Name, attDesignation(t)))
		}
	case !lrtaDesignated(u) && !same:
		return refuse(fmt.Sprintf("%s is of the %s Corps: it attaches only to another unit of its corps; %s is %s", u.Name, u.Command, t.Name, attDesignation(t)))
	}
	return nil
}
