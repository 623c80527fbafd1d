package lrtg

import "strings"

// What an attack settled by the umpire reads of the group's charts (issue
// 21, item 4). The GCACW Standardized Rules' Combat Chart and its die-roll
// modifiers are not in the seeds: a group loads its own copies as the
// series' chart slots (gcacw.combat, gcacw.combat-modifiers,
// gcacw.combat-settings). The bot builds AttackCharts from the copies
// loaded and hands it to the commands (DeclareAttack, AnswerAttack), as
// LITN's battles get their charts (engine/litn Charts); the engine never
// holds a chart's numbers.

// CombatChart is the loaded Combat Chart: the results of both sides for
// the attacker's and the defender's combat values and the modified
// difference of the dice (the attacker's modified die less the
// defender's), with the row and the two columns it read.
type CombatChart interface {
	Combat(attCV, defCV float64, diff int) (att, def CombatResult, row, attCol, defCol string, err error)
}

// Who states a die-roll modifier (gcacw.combat-modifiers' "stated by"):
// the attacker, the defender, or the umpire.
const StatedByUmpire = "umpire"

// CombatModifier is a die-roll modifier the loaded copy names: whose die
// it modifies (Side: Attacker or Defender), its range, and who states it.
type CombatModifier struct {
	Name     string
	Side     string // Attacker or Defender: the die it modifies
	Min, Max int
	StatedBy string // Attacker, Defender or StatedByUmpire
}

// AttackCharts is what a battle settles with: the Combat Chart, the
// modifiers the copy names, and how a disorganized unit counts when the
// copy's settings say (DisorganizedHalf or DisorganizedFull; "" when they
// do not, and each side's player says for his own units, on his word).
type AttackCharts struct {
	Chart        CombatChart
	Modifiers    []CombatModifier
	Disorganized string
}

// How a disorganized unit's manpower counts in its side's combat value.
const (
	DisorganizedHalf = "half"
	DisorganizedFull = "full"
)

// modifier finds a modifier of the copy by name (case does not matter).
func (c *AttackCharts) modifier(name string) (CombatModifier, bool) {
	for _, m := range c.Modifiers {
		if strings.EqualFold(strings.TrimSpace(m.Name), strings.TrimSpace(name)) {
			return m, true
		}
	}
	return CombatModifier{}, false
}

// modifierNames lists the modifiers a role states, for a hint.
func (c *AttackCharts) modifierNames(role string) []string {
	var out []string
	for _, m := range c.Modifiers {
		if m.StatedBy == role {
			out = append(out, m.Name)
		}
	}
	return out
}
