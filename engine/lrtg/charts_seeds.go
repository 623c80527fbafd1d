package lrtg

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// The extended march modifiers the seeds print, read typed from the
// rules data that holds them (tested against the seeds' numbers in
// scenarios): the group's gcacw.extended-march-modifiers holds only what
// its table adds to these.

// HeatMarchModifier is Heat's "+1 to extended march rolls" for the turn
// (000 random events 11 and 12; 004 Heat: "Add one to all extended march
// rolls").
const HeatMarchModifier = 1

// FatigueMarchModifier is the extended march modifier for the fatigue a
// strategic move reaches (to F2, F3, F4) and exhaustion: 003 MOVEMENT
// "Extend March die roll modifiers" (lrtg.strategic-movement-disorganization;
// LRTA's, 004, lrta.strategic-movement-disorganization). roll is false
// where the chart says no roll is necessary.
func FatigueMarchModifier(lib *engine.Library, game engine.Game, toFatigue int, exhausted bool) (mod int, roll bool, err error) {
	id := string(game) + ".strategic-movement-disorganization"
	c := lib.Chart(id)
	if c == nil || len(c.Columns) != 4 || len(c.Rows) != 2 {
		return 0, false, fmt.Errorf("lrtg: no chart %s of two rows and four columns", id)
	}
	if toFatigue < 2 || toFatigue > 4 {
		return 0, false, engine.Invalid("march.fatigue", fmt.Sprintf("A strategic move goes to fatigue 2, 3 or 4, not %d", toFatigue), "000 17.1")
	}
	row := c.Rows[0] // Unexhausted
	if exhausted {
		row = c.Rows[1]
	}
	return SeedModifier(row[toFatigue-1])
}

// SeedModifier reads a printed modifier cell of the seeds' charts: "+2",
// "0", "+1*" (the asterisk is a note the chart explains: the caller reads
// which row applies), or "No roll" / "No roll necessary" (no roll: roll
// false).
func SeedModifier(cell string) (mod int, roll bool, err error) {
	s := strings.TrimSpace(cell)
	if strings.HasPrefix(strings.ToLower(s), "no roll") {
		return 0, false, nil
	}
	v, err := strconv.Atoi(strings.TrimPrefix(strings.TrimSuffix(s, "*"), "+"))
	if err != nil {
		return 0, false, fmt.Errorf("lrtg: %q is not a printed modifier", cell)
	}
	return v, true, nil
}

// UnitTypeMarchModifier is LRTA's extended march modifier by unit type
// (004 "Extended March Modifiers for Unit Type", "Union Extended March Die
// Roll Modifiers based on unit type": lrta.extended-march-csa and -usa):
// the cell of the situation's row (its first column's words, e.g. "At
// start") in the unit type's column.
func UnitTypeMarchModifier(lib *engine.Library, side engine.Side, situation, unitType string) (int, error) {
	id := "lrta.extended-march-" + string(side)
	c := lib.Chart(id)
	if c == nil {
		return 0, fmt.Errorf("lrtg: no chart %s", id)
	}
	j := engine.Column(c.Columns, unitType)
	if j <= 0 {
		return 0, engine.Invalid("march.unit-type", fmt.Sprintf("%s has no unit type %q", c.Title, unitType), "Its unit types: "+strings.Join(c.Columns[1:], ", "))
	}
	for _, r := range c.Rows {
		if strings.EqualFold(r[0], situation) {
			v, _, err := SeedModifier(r[j])
			return v, err
		}
	}
	var rows []string
	for _, r := range c.Rows {
		rows = append(rows, r[0])
	}
	return 0, engine.Invalid("march.situation", fmt.Sprintf("%s has no row %q", c.Title, situation), "Its rows: "+strings.Join(rows, "; "))
}
