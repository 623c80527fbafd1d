package engine

import (
	"fmt"
	"strings"
)

// A unit's typed status and detachment record: the types of UnitState's
// Status and Detached fields (game.go), and what the kernel itself reads
// of them: the codes a counter shows on the map (view.go), and the status
// words of a set-up or of old events that fold into the typed status
// (WithStatus: game.go's GameStarted, board.go's UnitMarked). What the
// statuses mean in play, and how they are set, are the game's rules
// (status.go, attach.go).

// UnitStatus is a unit's status beyond manpower and fatigue.
type UnitStatus struct {
	// Disorganized: the Strength marker is on its disorganized side
	// (LRTG 7.2 "organized or disorganized").
	Disorganized bool `json:"disorganized,omitempty"`
	// Exhausted: the counter is on its exhausted side (LRTG 7.1, 7.2, 17.1).
	Exhausted bool `json:"exhausted,omitempty"`
	// Demoralization is the demoralization level, 0 to 2 (LRTG 15.1 counts
	// divisions "at demoralization level 1" and "level 2").
	Demoralization int `json:"demoralization,omitempty"`
	// Entrenchment is the level of the unit's entrenchment marker, 0 to 2
	// (LRTG 7.1 "the same kind of entrenchment marker"; the Standardized
	// Rules' two levels). A completed fort is the mark "fort".
	Entrenchment int `json:"entrenchment,omitempty"`
	// Ammo is the space of the unit's marker on its Ammunition Track, 0 (off
	// the track) to 3 (LRTG 19.1): 2 is Low Ammo, 3 is Out of Ammo.
	Ammo int `json:"ammo,omitempty"`
}

// Status levels.
const (
	MaxDemoralization = 2 // LRTG 15.1
	MaxEntrenchment   = 2
	AmmoLow           = 2 // LRTG 19.1: the 2nd space is Low Ammunition
	AmmoOut           = 3 // the 3rd space is Out of Ammunition
)

// Codes abbreviates the status for a counter on the map: DIS, EXH, DEM1,
// ENT2, LOW, OOA. Ammunition level 1 has no marker (LRTG 19.1).
func (s UnitStatus) Codes() []string {
	var out []string
	if s.Disorganized {
		out = append(out, "DIS")
	}
	if s.Exhausted {
		out = append(out, "EXH")
	}
	if s.Demoralization > 0 {
		out = append(out, fmt.Sprintf("DEM%d", s.Demoralization))
	}
	if s.Entrenchment > 0 {
		out = append(out, fmt.Sprintf("ENT%d", s.Entrenchment))
	}
	switch s.Ammo {
	case AmmoLow:
		out = append(out, "LOW")
	case AmmoOut:
		out = append(out, "OOA")
	}
	return out
}

func B2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// statusMarkChange is the status field a status mark puts on or takes off,
// and the level that follows from the current one: on raises to the
// mark's level (demoralized and entrenched to at least 1), off clears it;
// taking Low Ammo off moves the marker back to space 1 and Out of Ammo
// back to Low (LRTG 19.1).
func StatusMarkChange(s UnitStatus, mark string, off bool) (field string, to int, ok bool) {
	switch strings.ToLower(mark) {
	case "disorganized":
		return "organization", B2i(!off), true
	case "exhausted":
		return "exhaustion", B2i(!off), true
	case "demoralized":
		if off {
			return "demoralization", 0, true
		}
		return "demoralization", max(1, s.Demoralization), true
	case "entrenched":
		if off {
			return "entrenchment", 0, true
		}
		return "entrenchment", max(1, s.Entrenchment), true
	case "low-ammo":
		switch {
		case !off:
			return "ammunition", AmmoLow, true
		case s.Ammo == AmmoLow:
			return "ammunition", 1, true
		}
		return "ammunition", s.Ammo, true
	case "out-of-ammo":
		switch {
		case !off:
			return "ammunition", AmmoOut, true
		case s.Ammo == AmmoOut:
			return "ammunition", AmmoLow, true
		}
		return "ammunition", s.Ammo, true
	}
	return "", 0, false
}

// setLevel sets the status field named by statusMarkChange to level v.
func (s *UnitStatus) setLevel(field string, v int) {
	switch field {
	case "organization":
		s.Disorganized = v == 1
	case "exhaustion":
		s.Exhausted = v == 1
	case "demoralization":
		s.Demoralization = v
	case "entrenchment":
		s.Entrenchment = v
	case "ammunition":
		s.Ammo = v
	}
}

func (s *UnitStatus) applyMark(mark string, off bool) bool {
	field, to, ok := StatusMarkChange(*s, mark, off)
	if ok {
		s.setLevel(field, to)
	}
	return ok
}

// WithStatus returns the unit with the status words among its marks (a
// set-up's, or events recorded before statuses were typed) moved into its
// Status. Read a unit's status through it.
func (u UnitState) WithStatus() UnitState {
	var rest []string
	moved := false
	for _, m := range u.Marks {
		if u.Status.applyMark(m, false) {
			moved = true
		} else {
			rest = append(rest, m)
		}
	}
	if moved {
		u.Marks = rest
	}
	return u
}

// UnitDetachment is what a unit records of detachment and attachment.
type UnitDetachment struct {
	// Size is the size of a unit made by detachment (brigade, regiment;
	// "division" for a division leader counter): the order of battle
	// knows the others'.
	Size string `json:"size,omitempty"`
	// From is the unit it detached from.
	From string `json:"from,omitempty"`
	// Counter is the substitute counter a detachment uses (7.0), e.g.
	// "csa.inf-sub-2"; empty for the brigade counters of 18.1.
	Counter string `json:"counter,omitempty"`
	// Division is, under optional rule 18, the division whose brigade or
	// leader counter this is (18.1, 18.3).
	Division string `json:"division,omitempty"`
	// Artillery is the change to the unit's printed artillery value: a
	// substitute's printed value is 0, so its value is this (7.1, 7.3,
	// 18.4).
	Artillery int `json:"artillery,omitempty"`
}

var AmmoNames = []string{"normal ammo", "ammo level 1", "low ammo", "out of ammo"}
