// The release of the Union garrison units (LRTG 12.1-12.3, 16.2, 16.3): the
// release groups, the umpire's release commands and Meade taking command,
// and their events. Moved out of move.go, which keeps the registration and
// the decider and applier named in its init().

package lrtg

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// ReleaseGroups are what the umpire releases (LRTG 3.2): the HF, WV, Balt,
// DC and PA designations as a whole, and the Baltimore / DC release groups
// 1-8, which units carry as the marks release-group-N. 12.3 sets no
// release for the PA militia: releasing PA is the umpire's ruling.
var ReleaseGroups = []string{"HF", "WV", "Balt", "DC", "PA",
	"release-group-1", "release-group-2", "release-group-3", "release-group-4",
	"release-group-5", "release-group-6", "release-group-7", "release-group-8"}

// ParseReleaseGroup reads a group as the umpire types it: HF, wv, Balt,
// 3, group 3, release-group-3.
func ParseReleaseGroup(s string) (string, bool) {
	s = strings.ToLower(strings.TrimSpace(s))
	for _, p := range []string{"release-group-", "release group ", "group-", "group ", "#"} {
		s = strings.TrimPrefix(s, p)
	}
	if n, err := strconv.Atoi(s); err == nil {
		if n >= 1 && n <= 8 {
			return fmt.Sprintf("release-group-%d", n), true
		}
		return "", false
	}
	for _, g := range ReleaseGroups[:5] {
		if strings.EqualFold(g, s) {
			return g, true
		}
	}
	return "", false
}

// Release commands (the umpire's, until the sequence of play rolls for
// them).
type (
	// ReleaseUnits releases a restricted group (LRTG 3.2).
	ReleaseUnits struct {
		By     engine.Actor
		Group  string // as typed; see ParseReleaseGroup
		Reason string
	}
	// MeadeTakesCommand records that Meade commands the Army of the
	// Potomac (LRTG 16.2).
	MeadeTakesCommand struct {
		By     engine.Actor
		Reason string
	}
)

// CommandName implements Command.
func (ReleaseUnits) CommandName() string { return "game release" }

// CommandName implements Command.
func (MeadeTakesCommand) CommandName() string { return "game meade" }

// Movement events.
const (
	EventUnitsReleased = "units.released"
	EventMeadeCommands = "meade.commands"
)

// UnitsReleased records the release of a group.
type UnitsReleased struct {
	By     engine.Actor `json:"by"`
	Group  string       `json:"group"`
	Turn   int          `json:"turn"`
	Reason string       `json:"reason,omitempty"`
}

// EventType implements Event.
func (*UnitsReleased) EventType() string { return EventUnitsReleased }

// MeadeCommands records that Meade has taken command of the Army of the
// Potomac.
type MeadeCommands struct {
	By     engine.Actor `json:"by"`
	Turn   int          `json:"turn"`
	Reason string       `json:"reason,omitempty"`
}

// EventType implements Event.
func (*MeadeCommands) EventType() string { return EventMeadeCommands }

func (g Game) decideRelease(cmd ReleaseUnits) ([]engine.Event, error) {
	if err := g.BoardReady(cmd.By); err != nil {
		return nil, err
	}
	if !g.IsUmpire(cmd.By) {
		return nil, engine.Illegal("game.umpire", "Only the umpire releases units", fmt.Sprintf("Ask %s", g.Umpire.Name))
	}
	group, ok := ParseReleaseGroup(cmd.Group)
	if !ok {
		return nil, engine.Invalid("release.group", fmt.Sprintf("%q is not a release group", cmd.Group),
			"Release HF, WV, Balt, DC, PA or a Baltimore / DC group 1-8 (LRTG 3.2)")
	}
	if g.Movement.IsReleased(group) {
		why := ""
		if g.Movement.Meade && (group == "HF" || group == "WV") {
			why = ": all HF and WV units were released when Meade took command (12.1)"
		}
		return nil, engine.Illegal("release.already", fmt.Sprintf("%s is already released%s", group, why), "")
	}
	return []engine.Event{&UnitsReleased{By: cmd.By, Group: group, Turn: g.Turn, Reason: strings.TrimSpace(cmd.Reason)}}, nil
}

// ReleasedBy lists the units a group's release frees (for the umpire's
// reply): those still restricted before it and free after it.
func (g Game) ReleasedBy(e engine.Event, d *engine.MoveData) []string {
	after := g.Apply(e)
	var out []string
	for _, id := range g.sortedUnits() {
		u := g.Units[id]
		if !u.Eliminated && g.restriction(u, d) != nil && after.restriction(u, d) == nil {
			out = append(out, u.Name)
		}
	}
	return out
}
