package engine

import (
	"container/heap"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
	"time"
)

// Movement: the restrictions on Union garrison units until they are
// released (LRTG 3.2, 12.1-12.3, 16.2, 16.3), Union railroad movement
// (LRTG 8.1-8.3, 12.5) and strategic movement (LRTG 17.1).

// Movement modes of a move.
const (
	MoveNormal    = ""          // a move the players have worked out on the map
	MoveRail      = "rail"      // LRTG 8
	MoveStrategic = "strategic" // LRTG 17.1
)

// MoveModes are the modes /move offers (MoveNaval: lrta_move.go).
var MoveModes = []string{"normal", MoveRail, MoveStrategic, MoveNaval}

// RailMaxHexes is how far a unit moves by rail (LRTG 8.2).
const RailMaxHexes = 40

// railMaxLoad is the 8.3 maximum per turn, "one division or two brigades /
// regiments": a division counts 2, a brigade or a regiment 1.
const railMaxLoad = 2

// MoveData is what the movement rules need from the scenario's data: the
// map (regions, railroads, places), the order of battle as set up (unit
// sizes, starting hexes, stations damaged at the start) and the 17.1
// charts (lrtg.strategic-movement and
// lrtg.strategic-movement-disorganization). With no map, a move is
// recorded without the checks that need one.
type MoveData struct {
	Theatre                  *Theatre
	OOB                      *OrderOfBattle
	Strategic                *Chart
	StrategicDisorganization *Chart
	// Library is the rules tables, for the charts a game reads beyond
	// these (LRTA: lrta.extended-march-csa / -usa, lrta_move.go).
	Library *Library
}

// MovementState is the game's state of this rule module: the restricted
// groups released (LRTG 3.2), whether Meade commands the Army of the
// Potomac (16.2), and the rail movement of the current turn (8.2, 8.3).
type MovementState struct {
	Released []string `json:"released,omitempty"` // ReleaseGroups ids, in order of release
	Meade    bool     `json:"meade,omitempty"`
	RailTurn int      `json:"rail_turn,omitempty"` // the turn Railed and RailLoad count
	Railed   []string `json:"railed,omitempty"`    // units moved by rail in RailTurn
	RailLoad int      `json:"rail_load,omitempty"` // toward the 8.3 maximum in RailTurn
	// Naval movement (lrta_move.go): the half units moved by sea in
	// NavalTurn (LRTG 5.0; 004 Naval Movement).
	NavalTurn int `json:"naval_turn,omitempty"`
	NavalLoad int `json:"naval_load,omitempty"`
}

// IsReleased reports whether the group (a ReleaseGroups id) is released.
// HF and WV are released when Meade takes command (12.1).
func (m MovementState) IsReleased(group string) bool {
	if m.Meade && (group == "HF" || group == "WV") {
		return true
	}
	for _, r := range m.Released {
		if strings.EqualFold(r, group) {
			return true
		}
	}
	return false
}

// railThisTurn returns the units moved by rail and the 8.3 load of the
// turn.
func (g GameState) railThisTurn() ([]string, int) {
	if g.Movement.RailTurn != g.Turn {
		return nil, 0
	}
	return g.Movement.Railed, g.Movement.RailLoad
}

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
		By     Actor
		Group  string // as typed; see ParseReleaseGroup
		Reason string
	}
	// MeadeTakesCommand records that Meade commands the Army of the
	// Potomac (LRTG 16.2).
	MeadeTakesCommand struct {
		By     Actor
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
	By     Actor  `json:"by"`
	Group  string `json:"group"`
	Turn   int    `json:"turn"`
	Reason string `json:"reason,omitempty"`
}

// EventType implements Event.
func (*UnitsReleased) EventType() string { return EventUnitsReleased }

// MeadeCommands records that Meade has taken command of the Army of the
// Potomac.
type MeadeCommands struct {
	By     Actor  `json:"by"`
	Turn   int    `json:"turn"`
	Reason string `json:"reason,omitempty"`
}

// EventType implements Event.
func (*MeadeCommands) EventType() string { return EventMeadeCommands }

// DisorgCheck is what a unit that moved strategically rolls for
// disorganization (LRTG 17.1 3.).
type DisorgCheck struct {
	Unit     string `json:"unit"`
	Fatigue  int    `json:"fatigue"` // the fatigue level reached
	Roll     bool   `json:"roll"`
	Modifier int    `json:"modifier,omitempty"`
	Why      string `json:"why"`
}

// movementModule is the release of units and Meade's command.
func movementModule() Module {
	return Module{Name: "movement",
		Commands: []Command{ReleaseUnits{}, MeadeTakesCommand{}}, Decide: claims(decideMovement),
		Events: []Event{&UnitsReleased{}, &MeadeCommands{}},
		Apply:  folds(applyMovement)}
}

func decideMovement(g GameState, cmd Command, _ Dice) ([]Event, bool, error) {
	switch cmd := cmd.(type) {
	case ReleaseUnits:
		evs, err := g.decideRelease(cmd)
		return evs, true, err
	case MeadeTakesCommand:
		if err := g.BoardReady(cmd.By); err != nil {
			return nil, true, err
		}
		if !g.IsUmpire(cmd.By) {
			return nil, true, Illegal("game.umpire", "Only the umpire records that Meade takes command", fmt.Sprintf("Ask %s", g.Umpire.Name))
		}
		if g.Movement.Meade {
			return nil, true, Illegal("meade.already", "Meade already commands the Army of the Potomac", "")
		}
		return []Event{&MeadeCommands{By: cmd.By, Turn: g.Turn, Reason: strings.TrimSpace(cmd.Reason)}}, true, nil
	}
	return nil, false, nil
}

func (g GameState) decideRelease(cmd ReleaseUnits) ([]Event, error) {
	if err := g.BoardReady(cmd.By); err != nil {
		return nil, err
	}
	if !g.IsUmpire(cmd.By) {
		return nil, Illegal("game.umpire", "Only the umpire releases units", fmt.Sprintf("Ask %s", g.Umpire.Name))
	}
	group, ok := ParseReleaseGroup(cmd.Group)
	if !ok {
		return nil, Invalid("release.group", fmt.Sprintf("%q is not a release group", cmd.Group),
			"Release HF, WV, Balt, DC, PA or a Baltimore / DC group 1-8 (LRTG 3.2)")
	}
	if g.Movement.IsReleased(group) {
		why := ""
		if g.Movement.Meade && (group == "HF" || group == "WV") {
			why = ": all HF and WV units were released when Meade took command (12.1)"
		}
		return nil, Illegal("release.already", fmt.Sprintf("%s is already released%s", group, why), "")
	}
	return []Event{&UnitsReleased{By: cmd.By, Group: group, Turn: g.Turn, Reason: strings.TrimSpace(cmd.Reason)}}, nil
}

func applyMovement(g GameState, e Event) (GameState, bool) {
	switch e := e.(type) {
	case *UnitsReleased:
		g = g.action(e, func(g *GameState) {
			g.Movement.Released = append(append([]string(nil), g.Movement.Released...), e.Group)
		})
	case *MeadeCommands:
		g = g.action(e, func(g *GameState) { g.Movement.Meade = true })
	default:
		return g, false
	}
	return g, true
}

// ReleasedBy lists the units a group's release frees (for the umpire's
// reply): those still restricted before it and free after it.
func (g GameState) ReleasedBy(e Event, d *MoveData) []string {
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

func (g GameState) sortedUnits() []string {
	ids := make([]string, 0, len(g.Units))
	for id := range g.Units {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids
}

// applyMoved folds a move into a state whose Units map is already its own.
func (g *GameState) applyMoved(e *UnitsMoved) {
	for _, id := range e.Units {
		g.editUnit(id, func(u *UnitState) {
			u.OnMap, u.Hex, u.Ref, u.Track, u.Slot = true, e.To, e.Ref, "", 0
			if e.Fatigue > 0 && u.Kind != "leader" {
				u.Fatigue = min(u.Fatigue+e.Fatigue, MaxFatigue)
			}
		})
	}
	if e.CrossesPotomac != "" && g.Victory.Crossed.IsZero() {
		v := g.Victory.clone()
		v.Crossed, _ = time.Parse(time.DateOnly, e.CrossesPotomac)
		v.CrossedTurn = g.Turn
		g.Victory = v
	}
	if len(e.Captures) > 0 {
		*g = g.captureDepots(g.Units[e.Units[0]].Side, e.Captures)
	}
	if e.Mode == MoveRail {
		m := g.Movement
		if m.RailTurn != e.Turn {
			m.RailTurn, m.Railed, m.RailLoad = e.Turn, nil, 0
		}
		m.Railed = append(append([]string(nil), m.Railed...), e.Units...)
		m.RailLoad += e.RailLoad
		g.Movement = m
	}
	if e.Mode == MoveNaval { // RailLoad carries a naval move's half units (lrta_move.go)
		m := g.Movement
		if m.NavalTurn != e.Turn {
			m.NavalTurn, m.NavalLoad = e.Turn, 0
		}
		m.NavalLoad += e.RailLoad
		g.Movement = m
	}
	g.Actions = g.Actions.moved(*g, e) // activation.go: the opening's cavalry divisions
}

// disorganized reports whether a unit is disorganized: the mark, or the
// unit's status (status.go), which is taking the marks over.
func disorganized(u UnitState) bool { return hasUnitMark(u, "disorganized") || u.Status.Disorganized }

// exhausted reports whether a unit is exhausted (as disorganized).
func exhausted(u UnitState) bool { return hasUnitMark(u, "exhausted") || u.Status.Exhausted }

func hasUnitMark(u UnitState, m string) bool { return contains(u.Marks, m) }

// decideMove settles a move whose units the actor may move: its mode's
// rules (rail, strategic), the garrison restrictions and the Harpers Ferry
// garrison. A rule the move breaks refuses it, unless the umpire sets the
// rules aside with a reason (recorded in the event).
func (g GameState) decideMove(cmd MoveUnits) ([]Event, error) {
	ev := &UnitsMoved{By: cmd.By, Units: cmd.Units, To: cmd.To, Ref: cmd.Ref}
	mode := strings.ToLower(strings.TrimSpace(cmd.Mode))
	if mode == "normal" {
		mode = MoveNormal
	}
	if (mode != MoveStrategic && mode != MoveNaval && cmd.Fatigue != 0) || (mode != MoveStrategic && cmd.Passive) {
		return nil, Invalid("move.fatigue", "fatigue is for strategic and naval movement, passive for strategic movement", "Add mode:strategic or mode:naval, or leave them out (LRTG 17.1, 5.0)")
	}
	var broken []*RuleError
	var err error
	hid := &hiddenBlock{unseen: g.unseenBy(cmd.By)} // hidden.go
	switch mode {
	case MoveNormal:
	case MoveRail:
		broken, err = g.checkRail(cmd, ev, hid)
	case MoveStrategic:
		broken, err = g.checkStrategic(cmd, ev, hid)
	case MoveNaval:
		broken, err = g.checkNaval(cmd, ev) // lrta_move.go
	default:
		return nil, Invalid("move.mode", fmt.Sprintf("%q is not a way to move", cmd.Mode), "Use mode:normal, rail (LRTG 8), strategic (LRTG 17.1) or naval (LRTG 5.0)")
	}
	if err != nil {
		return nil, err
	}
	if e := g.activationGate(cmd); e != nil { // moves belong to actions (activation.go)
		broken = append([]*RuleError{e}, broken...)
	}
	if e := g.movePortionGate(mode); e != nil { // the action cycle's portions (actions.go)
		broken = append([]*RuleError{e}, broken...)
	}
	ev.Mode = mode
	ev.Captures = g.depotsCaptured(cmd)
	ev.CrossesPotomac = g.firstCrossing(cmd)
	ev.Unchecked = g.moveUnchecked(cmd) // unitlog.go: the umpire's log
	if e := g.checkWithCorpsCommander(cmd); e != nil {
		broken = append(broken, e)
	}
	broken = append(broken, g.checkReinforcements(cmd)...) // turnstart.go: entry (LRTG 3.1, 3.2), draft riots (3.3)
	if d := cmd.Data; d != nil && d.Theatre != nil {
		for _, id := range cmd.Units {
			if e := g.checkArea(g.Units[id], cmd.To, cmd.Ref, d); e != nil {
				broken = append(broken, e)
			}
		}
		if e := g.checkHFGarrison(cmd, d); e != nil && !g.variant().garrisonsAtVictory {
			broken = append(broken, e)
		}
		if f := g.variant().moveRefused; f != nil {
			if e := f(g, cmd); e != nil { // LRTA: McClellan Delays Reinforcements (lrtaDelayed, lrta_move.go)
				broken = append(broken, e)
			}
		}
	}
	if e, stop := g.remoteCheck(cmd, hid.unseen); e != nil { // hidden.go: 17.2 in a hidden mode
		broken = append(broken, e)
	} else if stop {
		hid.remote = true
	}
	if len(broken) == 0 && hid.remote {
		return g.remoteStops(cmd, ev), nil
	}
	if len(broken) == 0 && hid.blocked {
		// An enemy unit the player does not see stops the move where
		// the rules stop it, at the move's cost (hidden.go). Any other
		// broken rule refuses it first, as it would with no enemy there.
		return g.hiddenStops(cmd, ev, mode, hid), nil
	}
	if len(broken) == 0 {
		return []Event{ev}, nil
	}
	reason := strings.TrimSpace(cmd.Reason)
	if !g.IsUmpire(cmd.By) || reason == "" {
		e := *broken[0]
		if g.IsUmpire(cmd.By) {
			e.Hint = strings.TrimSuffix(e.Hint, ".") + ". As umpire you may set the rule aside: add reason:<why>"
			e.Hint = strings.TrimPrefix(e.Hint, ". ")
		}
		return nil, &e
	}
	ev.Override = reason
	for _, b := range broken {
		what := b.What
		if b.Rule != "" {
			what += " (" + b.Rule + ")"
		}
		ev.Overrode = append(ev.Overrode, what)
	}
	return []Event{ev}, nil
}

func moveRule(code, what, hint, section string) *RuleError {
	e := Illegal(code, what, hint)
	e.Rule = section
	return e
}

// ---- Releases and garrison restrictions (LRTG 3.2, 12.1-12.3, 16.3) ----

// moveArea is where a restricted unit must remain.
type moveArea struct {
	rule  string // the section
	where string // "north of the Potomac, ..."
	until string // how it ends, a clause: "until released (3.2)"
	in    func(Hex) bool
	// noFurther: outside the area the unit may not go further from it
	// (12.3); otherwise it must come back, each move nearer.
	noFurther bool
}

// Unit ids the rules name. 16.2 3) and 4): Crawford and Stannard join
// the AoP when Meade takes command, released or not. 16.3: Heintzelman.
const (
	idCrawford    = "usa.crawford"
	idStannard    = "usa.stannard"
	idHeintzelman = "usa.heintzelman"
)

// releaseMark returns the unit's Baltimore / DC release group mark.
func releaseMark(u UnitState) string {
	for _, m := range u.Marks {
		if strings.HasPrefix(m, "release-group-") {
			return m
		}
	}
	return ""
}

// Restricted reports whether a unit is still bound by a movement
// restriction (LRTG 12.1-12.3, 16.3), and by which section. The attachment
// rules (12.1, 12.2) follow the same releases.
func (g GameState) Restricted(u UnitState, d *MoveData) (bool, string) {
	if a := g.restriction(u, d); a != nil {
		return true, a.rule
	}
	return false, ""
}

// restriction returns the area a unit must remain in, or nil when it is
// free. Leaders are free, except Heintzelman (16.3): a garrison leader
// moves with his units, and 12.x restricts the designated units.
func (g GameState) restriction(u UnitState, d *MoveData) *moveArea {
	if g.Game() == LRTA {
		return g.lrtaRestriction(u, d) // 004's restrictions replace 12.x (lrta_move.go)
	}
	if u.Side != USA || d == nil || d.Theatre == nil {
		return nil
	}
	t, m := d.Theatre, g.Movement
	if u.ID == idHeintzelman {
		return &moveArea{rule: "LRTG 16.3", where: "in the DC defense area (Washington and Alexandria County)", until: "always",
			in: t.inAny("dc-defense-area")}
	}
	if u.Kind == "leader" {
		return nil
	}
	switch group := releaseMark(u); {
	case hasUnitMark(u, "dc-only"):
		return g.dcArea(u, d, "a DC Only unit, never released (it is not scheduled for release, 3.2)")
	case group != "":
		if m.IsReleased(group) || m.IsReleased(u.Command) || (m.Meade && (u.ID == idCrawford || u.ID == idStannard)) {
			return nil
		}
		n := strings.TrimPrefix(group, "release-group-")
		if u.Command == "Balt" {
			return viiiArea(t, fmt.Sprintf("until Baltimore / DC group %s is released (3.2)", n))
		}
		return g.dcArea(u, d, fmt.Sprintf("until Baltimore / DC group %s is released (3.2)", n))
	case u.Command == "HF" || u.Command == "WV":
		if m.IsReleased(u.Command) {
			return nil
		}
		return viiiArea(t, "until released (3.2; all HF and WV units are released when Meade takes command)")
	case u.Command == "Balt" && !m.IsReleased("Balt"):
		return viiiArea(t, "until released (3.2)")
	case u.Command == "DC" && !m.IsReleased("DC"):
		return g.dcArea(u, d, "until released (3.2)")
	case u.Command == "PA" && !m.IsReleased("PA"):
		return &moveArea{rule: "LRTG 12.3", where: "in Pennsylvania (forced out by a retreat, it may not go further from it)", until: "as Pennsylvania militia",
			in: t.inAny("pa"), noFurther: true}
	}
	return nil
}

// viiiArea is where unreleased HF, WV and Balt units remain (12.1, 3.2):
// north of the Potomac, west (12.1 prints "north") of the Shenandoah, or
// in Loudoun County.
func viiiArea(t *Theatre, until string) *moveArea {
	north, loudoun := t.inAny("north-of-potomac"), t.inAny("va.loudoun")
	west := t.westOfShenandoah()
	return &moveArea{rule: "LRTG 12.1", where: "north of the Potomac, west of the Shenandoah or in Loudoun County", until: until,
		in: func(h Hex) bool { return north(h) || loudoun(h) || west(h) }}
}

// dcArea is where unreleased DC units remain (12.2): the District or
// Alexandria County, and a unit that began in Fairfax or Montgomery County
// also there.
func (g GameState) dcArea(u UnitState, d *MoveData, until string) *moveArea {
	t := d.Theatre
	ids := []string{"dc", "va.alexandria"}
	where := "within the District of Columbia or Alexandria County"
	if d.OOB != nil {
		if s := d.OOB.Unit(u.ID); s != nil && s.OnMap {
			for _, c := range []struct{ id, name string }{{"va.fairfax", "Fairfax"}, {"md.montgomery", "Montgomery"}} {
				if r := t.Region(c.id); r != nil && r.Contains(Center(s.Hex)) {
					ids = append(ids, c.id)
					where += fmt.Sprintf(", or in %s County, where it began", c.name)
				}
			}
		}
	}
	return &moveArea{rule: "LRTG 12.2", where: where, until: until, in: t.inAny(ids...)}
}

// inAny returns a test of whether a hex lies in any of the regions.
func (t *Theatre) inAny(ids ...string) func(Hex) bool {
	var rs []*Region
	for _, id := range ids {
		if r := t.Region(id); r != nil {
			rs = append(rs, r)
		}
	}
	return func(h Hex) bool {
		p := Center(h)
		for _, r := range rs {
			if r.Contains(p) {
				return true
			}
		}
		return false
	}
}

// westOfShenandoah tests whether a hex lies west of the Shenandoah. The
// map data has the river as a sketch through its two known hexes, Front
// Royal (where the forks join) and Harpers Ferry (its mouth): west is the
// side of that line, extended both ways, away from the Blue Ridge's east
// face; hexes on the line (Harpers Ferry) count as west. Near the river
// the umpire judges (a reason overrides).
func (t *Theatre) westOfShenandoah() func(Hex) bool {
	var river *Line
	for i := range t.Lines {
		if t.Lines[i].ID == "shenandoah" && len(t.Lines[i].Hexes) >= 2 {
			river = &t.Lines[i]
		}
	}
	if river == nil {
		return func(Hex) bool { return false }
	}
	a, b := Center(river.Hexes[0]), Center(river.Hexes[len(river.Hexes)-1])
	side := func(p Point) float64 { return (b.X-a.X)*(p.Y-a.Y) - (b.Y-a.Y)*(p.X-a.X) }
	west := side(Point{X: (a.X+b.X)/2 - 1000, Y: (a.Y + b.Y) / 2})
	return func(h Hex) bool {
		s := side(Center(h))
		return math.Abs(s) < 1e-6 || (s > 0) == (west > 0)
	}
}

// checkArea refuses a move that takes a restricted unit out of its area.
// A unit entering from a track is placed where 3.2 says; a unit outside its
// area (after a retreat, an override, at an entry hex) may move back
// toward it.
func (g GameState) checkArea(u UnitState, to Hex, ref string, d *MoveData) *RuleError {
	a := g.restriction(u, d)
	if a == nil || a.in(to) || !u.OnMap {
		return nil
	}
	if !a.in(u.Hex) {
		from, dest := hexesToArea(a.in, u.Hex, 60), hexesToArea(a.in, to, 60)
		if dest < from || (a.noFurther && dest == from && dest <= 60) {
			return nil
		}
	}
	return moveRule("move.restricted", fmt.Sprintf("%s (%s) may not go to %s: %s, it must remain %s", u.Name, u.Command, d.Theatre.named(to, ref), a.until, a.where), "", a.rule)
}

// named names a hex for a message: "Culpeper (SS1418)" where a place is,
// else the printed hex.
func (t *Theatre) named(h Hex, ref string) string {
	for i := range t.Places {
		if t.Places[i].Hex == h {
			return fmt.Sprintf("%s (%s)", t.Places[i].Name, t.Places[i].Ref)
		}
	}
	return ref
}

// hexesToArea returns how many hexes from h the nearest hex of the area is (0
// inside), or limit+1 when none is within limit.
func hexesToArea(in func(Hex) bool, h Hex, limit int) int {
	if in(h) {
		return 0
	}
	dirs := Hex{}.Neighbours()
	for r := 1; r <= limit; r++ {
		cur := Hex{Q: h.Q + dirs[4].Q*r, R: h.R + dirs[4].R*r}
		for i := 0; i < 6; i++ {
			for j := 0; j < r; j++ {
				if in(cur) {
					return r
				}
				cur = Hex{Q: cur.Q + dirs[i].Q, R: cur.R + dirs[i].R}
			}
		}
	}
	return limit + 1
}

// checkHFGarrison refuses, until Meade takes command, a move that leaves
// Harpers Ferry with less than 5 manpower (12.1, 16.1 c).
func (g GameState) checkHFGarrison(cmd MoveUnits, d *MoveData) *RuleError {
	hf := d.Theatre.Place("Harpers Ferry")
	if g.Movement.Meade || hf == nil {
		return nil
	}
	moving := map[string]bool{}
	for _, id := range cmd.Units {
		moving[id] = true
	}
	before, after := 0, 0
	for id, u := range g.Units {
		if u.Side != USA || u.Eliminated {
			continue
		}
		here := u.OnMap && u.Hex == hf.Hex
		if here {
			before += u.Manpower
		}
		if (here && !moving[id]) || (moving[id] && cmd.To == hf.Hex) {
			after += u.Manpower
		}
	}
	if after >= 5 || after >= before {
		return nil
	}
	return moveRule("move.garrison", fmt.Sprintf("Harpers Ferry must keep a garrison of at least 5 manpower until Meade takes command: %d would remain", after),
		"Leave 5 manpower in Harpers Ferry", "LRTG 12.1, 16.1 c")
}

// ---- Rail movement (LRTG 8.1-8.3, 12.5) ----

// railNet is the railroads as a graph of stations. The map data gives the
// railroads as ordered station lists, not every rail hex: consecutive
// stations of a line are joined, their distance is the hex distance
// between them, and the rails between them are taken to run along the
// straight hex line joining them (for enemy units and zones of control).
// A rail move therefore starts and ends at stations; off-map rail movement
// (8.5) is not modelled.
type railNet struct {
	at  map[Hex]string // the station at a hex
	hex map[string]Hex
	adj map[string][]railEdge
}

type railEdge struct {
	to    string
	hexes int
}

func newRailNet(t *Theatre) railNet {
	n := railNet{at: map[Hex]string{}, hex: map[string]Hex{}, adj: map[string][]railEdge{}}
	for _, l := range t.Lines {
		if l.Kind != "railroad" || len(l.Stops) != len(l.Hexes) {
			continue
		}
		for i, s := range l.Stops {
			if _, ok := n.hex[s]; !ok {
				n.hex[s] = l.Hexes[i]
				n.at[l.Hexes[i]] = s
			}
			if i > 0 {
				p := l.Stops[i-1]
				dist := Distance(n.hex[p], n.hex[s])
				n.adj[p] = append(n.adj[p], railEdge{s, dist})
				n.adj[s] = append(n.adj[s], railEdge{p, dist})
			}
		}
	}
	return n
}

// route is the shortest path from one station to another that enters no
// station refused by enter and crosses no segment refused by cross.
func (n railNet) route(from, to string, enter func(string) bool, cross func(a, b Hex) bool) ([]string, int, bool) {
	dist := map[string]int{from: 0}
	prev := map[string]string{}
	q := &stationQueue{{from, 0}}
	for q.Len() > 0 {
		cur := heap.Pop(q).(stationItem)
		if cur.dist > dist[cur.name] {
			continue
		}
		if cur.name == to {
			path := []string{to}
			for s := to; s != from; {
				s = prev[s]
				path = append([]string{s}, path...)
			}
			return path, cur.dist, true
		}
		for _, e := range n.adj[cur.name] {
			nd := cur.dist + e.hexes
			if old, seen := dist[e.to]; seen && old <= nd {
				continue
			}
			if !enter(e.to) || !cross(n.hex[cur.name], n.hex[e.to]) {
				continue
			}
			dist[e.to], prev[e.to] = nd, cur.name
			heap.Push(q, stationItem{e.to, nd})
		}
	}
	return nil, 0, false
}

type stationItem struct {
	name string
	dist int
}

type stationQueue []stationItem

func (q stationQueue) Len() int { return len(q) }
func (q stationQueue) Less(i, j int) bool {
	return q[i].dist < q[j].dist || (q[i].dist == q[j].dist && q[i].name < q[j].name)
}
func (q stationQueue) Swap(i, j int) { q[i], q[j] = q[j], q[i] }
func (q *stationQueue) Push(x any)   { *q = append(*q, x.(stationItem)) }
func (q *stationQueue) Pop() any {
	old := *q
	x := old[len(old)-1]
	*q = old[:len(old)-1]
	return x
}

// hexLine returns the hexes of the straight line from a to b, both
// included.
func hexLine(a, b Hex) []Hex {
	n := Distance(a, b)
	out := make([]Hex, 0, n+1)
	for i := 0; i <= n; i++ {
		t := 0.0
		if n > 0 {
			t = float64(i) / float64(n)
		}
		// A small nudge keeps points on a hex edge on one side of it.
		q := float64(a.Q) + 1e-6 + float64(b.Q-a.Q)*t
		r := float64(a.R) + 1e-6 + float64(b.R-a.R)*t
		out = append(out, hexRound(q, r))
	}
	return out
}

func hexRound(q, r float64) Hex {
	s := -q - r
	rq, rr, rs := math.Round(q), math.Round(r), math.Round(s)
	dq, dr, ds := math.Abs(rq-q), math.Abs(rr-r), math.Abs(rs-s)
	switch {
	case dq > dr && dq > ds:
		rq = -rr - rs
	case dr > ds:
		rr = -rq - rs
	}
	return Hex{Q: int(rq), R: int(rr)}
}

// enemyPresence is where the enemy of a side is (occupied hexes) and
// where its zones of control are (the hexes next to its combat units;
// leaders exert none). Deterministic: the first unit by id names a hex.
type enemyPresence struct {
	occupied map[Hex]UnitState
	zoc      map[Hex]UnitState
}

func (g GameState) enemiesOf(side Side) enemyPresence { return g.seenPresence(side, nil) }

// seenPresence is the enemy of a side as the actor sees it: leaving out
// the units unseen says he does not see (nil: none; hidden.go).
func (g GameState) seenPresence(side Side, unseen func(UnitState) bool) enemyPresence {
	p := enemyPresence{occupied: map[Hex]UnitState{}, zoc: map[Hex]UnitState{}}
	for _, id := range g.sortedUnits() {
		u := g.Units[id]
		if u.Side == side || !u.OnMap || u.Eliminated || unseen != nil && unseen(u) {
			continue
		}
		if _, ok := p.occupied[u.Hex]; !ok {
			p.occupied[u.Hex] = u
		}
		if u.Kind == "leader" {
			continue
		}
		for _, h := range u.Hex.Neighbours() {
			if _, ok := p.zoc[h]; !ok {
				p.zoc[h] = u
			}
		}
	}
	return p
}

// blocking returns the enemy unit that occupies h or whose zone of control
// covers it.
func (p enemyPresence) blocking(h Hex) (UnitState, bool) {
	if u, ok := p.occupied[h]; ok {
		return u, true
	}
	u, ok := p.zoc[h]
	return u, ok
}

// enemyName names an enemy unit as the actor may know it: with limited
// intelligence (LRTG 20) a player learns only that an enemy unit is there,
// never which or exactly where.
func (g GameState) enemyName(by Actor, u UnitState) string {
	if g.Options.IntelMode() != IntelOpen && !g.IsUmpire(by) { // double-blind too
		return "an enemy unit"
	}
	ref := u.Ref
	if ref == "" {
		ref = fmt.Sprintf("hex %d,%d", u.Hex.Q, u.Hex.R)
	}
	return fmt.Sprintf("%s (%s)", u.Name, ref)
}

// unitSize returns a unit's size as set up (division, brigade, ...).
func unitSize(d *MoveData, id string) string {
	if d != nil && d.OOB != nil {
		if s := d.OOB.Unit(id); s != nil {
			return s.Size
		}
	}
	return ""
}

// stationDamaged reports whether a station is damaged or destroyed: by
// the record of the game, or from the start (000 VIII Damaged RR Stations).
func (g GameState) stationDamaged(d *MoveData, name string) string {
	// The set-up's damaged stations are in Places from game.started on.
	return g.Places[name].Station
}

// checkRail checks a move by rail (8.1-8.3, 12.5) and fills in the event:
// the route, the fatigue (+2) and the load toward the turn's maximum.
func (g GameState) checkRail(cmd MoveUnits, ev *UnitsMoved, hid *hiddenBlock) ([]*RuleError, error) {
	d := cmd.Data
	if d == nil || d.Theatre == nil {
		return nil, fmt.Errorf("engine: a rail move needs the map")
	}
	var broken []*RuleError
	first := g.Units[cmd.Units[0]]
	if g.Events.NoRail(g.Turn, first.Side) || (g.Game() == LRTA && first.Side == USA && g.lrtaNoRail()) {
		broken = append(broken, moveRule("move.rail", "Rear Area Paralysis: the Union may not move by rail this turn", "Move by road, or wait for the next turn",
			g.moveSection("LRTG 2.0", "004 Random Events: Rear Area Paralysis")))
	}
	railed, used := g.railThisTurn()
	load, troops := 0, 0
	for _, id := range cmd.Units {
		u := g.Units[id]
		if !u.OnMap || u.Hex != first.Hex {
			return nil, Invalid("move.rail-stack", "Units moving by rail together must start in one hex", "Move each stack by rail on its own")
		}
		if u.Kind == "leader" {
			continue // he travels with his units
		}
		troops++
		switch {
		case u.Side != USA:
			broken = append(broken, moveRule("move.rail", fmt.Sprintf("%s is Confederate: only the Union moves by rail", u.Name), "", g.moveSection("LRTG 8", "004 Railroad Movement")))
		case u.Kind != "infantry" && u.Kind != "militia":
			broken = append(broken, moveRule("move.rail", fmt.Sprintf("%s is %s: cavalry and artillery may not move by rail", u.Name, u.Kind), "Only infantry moves by rail", g.moveSection("LRTG 8.1", "004 Railroad Restrictions")))
		case disorganized(u):
			broken = append(broken, moveRule("move.rail", fmt.Sprintf("%s is disorganized", u.Name), "Only organized units move by rail", g.moveSection("LRTG 8.1", "004 Railroad Movement (LRTG 8.1)")))
		case u.Fatigue != 0:
			broken = append(broken, moveRule("move.rail", fmt.Sprintf("%s is at fatigue %d", u.Name, u.Fatigue), "Only units at fatigue 0 move by rail", g.moveSection("LRTG 8.1", "004 Railroad Movement")))
		case contains(railed, id):
			broken = append(broken, moveRule("move.rail", fmt.Sprintf("%s has already moved by rail this turn", u.Name), "A unit moves by rail once per turn", g.moveSection("LRTG 8.2", "004 Railroad Restrictions")))
		}
		switch {
		case g.railExempt(u): // Haupt does not count (12.5; 004 Maximums)
		case unitSize(d, id) == "division":
			load += 2
		default:
			load++
		}
	}
	if troops == 0 {
		return nil, Invalid("move.rail", "No infantry unit to move by rail", "Leaders move by rail with their units (LRTG 8.1)")
	}
	if used+load > railMaxLoad {
		broken = append(broken, moveRule("move.rail-maximum", fmt.Sprintf("The rail maximum is used up: %d of 2 brigade-equivalents this turn, and this move needs %d", used, load),
			"At most one division or two brigades / regiments move by rail each turn; Haupt does not count", g.moveSection("LRTG 8.3, 12.5", "004 Railroad Maximums")))
	}
	net := newRailNet(d.Theatre)
	// The route and the refusals go by the enemy the mover sees (all of
	// it in an open game); one he does not see stops the column where it
	// meets him (hidden.go).
	enemy := g.seenPresence(USA, hid.unseen)
	start, ok := net.at[first.Hex]
	if !ok {
		broken = append(broken, moveRule("move.rail", fmt.Sprintf("%s is not in a railroad station", first.Name), "A unit moves by rail from a station", g.moveSection("LRTG 8.1", "004 Railroad Movement")))
	}
	if e, ok := enemy.blocking(first.Hex); ok {
		broken = append(broken, moveRule("move.rail", fmt.Sprintf("%s is in the zone of control of %s", first.Name, g.enemyName(cmd.By, e)), "A unit in an enemy zone of control may not move by rail", g.moveSection("LRTG 8.1", "004 Railroad Restrictions (LRTG 8.1)")))
	}
	dest, ok2 := net.at[cmd.To]
	if !ok2 {
		broken = append(broken, moveRule("move.rail", fmt.Sprintf("%s is not a railroad station", cmd.Ref),
			"The map data has the railroads as stations in order: a rail move ends at a station (then march on)", g.moveSection("LRTG 8.2", "004 Railroad Movement")))
	}
	ev.Fatigue, ev.RailLoad, ev.Turn = 2, load, g.Turn
	if ok && ok2 {
		path, hexes, err := g.railRoute(cmd.By, d, net, enemy, start, dest)
		if err != nil {
			broken = append(broken, err)
		} else {
			ev.Route, ev.Hexes = path, hexes
			if hid.unseen != nil {
				if stop, passed, n, contact, stopped := g.railStop(net, g.enemiesOf(USA), path); stopped {
					hid.blocked, hid.stop, hid.passed, hid.hexes, hid.contact = true, stop, passed, n, contact
				}
			}
		}
	}
	return broken, nil
}

// railRoute finds the rail route and, when there is none, says why: no
// railroad joins the stations, the route is too long, a damaged station
// lies on it, or the enemy blocks it.
func (g GameState) railRoute(by Actor, d *MoveData, net railNet, enemy enemyPresence, from, to string) ([]string, int, *RuleError) {
	if from == to {
		return nil, 0, moveRule("move.rail", "The unit is already at "+to, "", g.moveSection("LRTG 8.2", "004 Railroad Movement"))
	}
	open := func(string) bool { return true }
	clear := func(a, b Hex) bool { return true }
	// 004 also keeps LRTA rail moves out of Confederate-controlled counties.
	undamaged := func(s string) bool { return g.stationDamaged(d, s) == "" && !g.railCSACounty(d, net.hex[s]) }
	start := net.hex[from]
	blocked := func(a, b Hex) (UnitState, bool) {
		for _, h := range hexLine(a, b) {
			if h == start {
				continue
			}
			if u, ok := enemy.blocking(h); ok {
				return u, true
			}
		}
		return UnitState{}, false
	}
	unblocked := func(a, b Hex) bool { _, ok := blocked(a, b); return !ok }
	if path, n, ok := net.route(from, to, undamaged, unblocked); ok && n <= RailMaxHexes {
		return path, n, nil
	}
	raw, n, ok := net.route(from, to, open, clear)
	switch {
	case !ok:
		return nil, 0, moveRule("move.rail", fmt.Sprintf("No railroad joins %s and %s", from, to), "Rail moves follow continuous railroad", g.moveSection("LRTG 8.2", "004 Railroad Movement"))
	case n > RailMaxHexes:
		return nil, 0, moveRule("move.rail", fmt.Sprintf("The shortest railroad route from %s to %s is %d hexes", from, to, n),
			fmt.Sprintf("A unit moves up to %d hexes by rail", RailMaxHexes), g.moveSection("LRTG 8.2", "004 Railroad Movement"))
	}
	path, n, ok := net.route(from, to, undamaged, clear)
	if !ok || n > RailMaxHexes {
		var bad []string
		for _, s := range raw[1:] {
			if st := g.stationDamaged(d, s); st != "" {
				bad = append(bad, s+" ("+st+")")
			} else if g.railCSACounty(d, net.hex[s]) {
				bad = append(bad, s+" (in a Confederate-controlled county)")
			}
		}
		return nil, 0, moveRule("move.rail", fmt.Sprintf("Every railroad route of %d hexes or less from %s to %s enters a damaged or destroyed station%s: %s", RailMaxHexes, from, to,
			map[bool]string{true: " or a Confederate-controlled county"}[g.Game() == LRTA], strings.Join(bad, ", ")),
			"Repair the station first", g.moveSection("LRTG 8.2", "004 Railroad Restrictions"))
	}
	// The enemy blocks every short enough route. Name the one on the
	// shortest route, where the mover may know it.
	who := "an enemy unit"
	for i := 1; i < len(path); i++ {
		if u, ok := blocked(net.hex[path[i-1]], net.hex[path[i]]); ok {
			who = g.enemyName(by, u)
			break
		}
	}
	return nil, 0, moveRule("move.rail", fmt.Sprintf("Every railroad route of %d hexes or less from %s to %s enters a hex occupied by %s or in an enemy zone of control", RailMaxHexes, from, to, who),
		"A unit moving by rail may not enter an enemy-occupied hex or an enemy zone of control", g.moveSection("LRTG 8.2", "004 Railroad Restrictions"))
}

// ---- Strategic movement (LRTG 17.1) ----

// checkStrategic checks a strategic move and fills in the event: fatigue,
// allowance, distance and the disorganization rolls to make.
func (g GameState) checkStrategic(cmd MoveUnits, ev *UnitsMoved, hid *hiddenBlock) ([]*RuleError, error) {
	d := cmd.Data
	if d == nil || d.Strategic == nil || d.StrategicDisorganization == nil {
		return nil, fmt.Errorf("engine: strategic movement needs the 17.1 charts")
	}
	if cmd.Fatigue < 2 || cmd.Fatigue > MaxFatigue {
		return nil, Invalid("move.fatigue", fmt.Sprintf("%d fatigue levels: a strategic move expends 2 to 4", cmd.Fatigue), "Add fatigue:2, 3 or 4 ("+g.moveSection("LRTG 17.1", "004 Strategic Movement")+")")
	}
	lrta := g.Game() == LRTA
	var broken []*RuleError
	ev.Fatigue, ev.Passive, ev.Allowance = cmd.Fatigue, cmd.Passive, -1
	troops := 0
	for _, id := range cmd.Units {
		u := g.Units[id]
		if u.Kind == "leader" {
			continue // he moves with his units and has no fatigue
		}
		troops++
		if !u.OnMap {
			return nil, Invalid("move.strategic", fmt.Sprintf("%s is not on the map", u.Name), "Strategic movement starts on the map")
		}
		if u.Fatigue+cmd.Fatigue > MaxFatigue {
			broken = append(broken, moveRule("move.strategic", fmt.Sprintf("%s is at fatigue %d: %d more levels would take it above 4", u.Name, u.Fatigue, cmd.Fatigue),
				fmt.Sprintf("It may expend at most %d", max(MaxFatigue-u.Fatigue, 0)), g.moveSection("LRTG 17.1 1.", "004 Strategic Movement")))
		}
		cav := u.Kind == "cavalry"
		var allow int
		var err error
		if lrta { // 004: normal (passive or paralysed) [passive and paralysed] (lrta_move.go)
			passive := cmd.Passive || g.Passive(u.Side)
			ev.Passive = passive
			allow, _, err = lrtaStrategicAllowance(d.Strategic, u.Side, cmd.Fatigue, cav, passive, g.lrtaParalysed(u))
		} else {
			allow, err = strategicAllowance(d.Strategic, u.Side, cmd.Fatigue, cav, cmd.Passive)
		}
		if err != nil {
			return nil, err
		}
		if ev.Allowance < 0 || allow < ev.Allowance {
			ev.Allowance = allow
		}
		dist := Distance(u.Hex, cmd.To)
		ev.Hexes = max(ev.Hexes, dist)
		if dist > allow {
			broken = append(broken, moveRule("move.strategic", fmt.Sprintf("%s would move %d hexes in a straight line: more than its strategic allowance of %d", u.Name, dist, allow),
				"The road distance is at least the straight one: choose a nearer destination or expend more fatigue", g.moveSection("LRTG 17.1 2.", "004 Strategic Movement")))
		}
		if e, unseen := g.strategicClear(cmd.By, u, cmd.To, hid.unseen); e != nil {
			broken = append(broken, e)
		} else if unseen {
			hid.blocked = true
		}
		reached := min(u.Fatigue+cmd.Fatigue, MaxFatigue)
		roll, mod, why, err := strategicDisorg(d.StrategicDisorganization, exhausted(u), reached)
		if err != nil {
			return nil, err
		}
		check := DisorgCheck{Unit: id, Fatigue: reached, Roll: roll, Modifier: mod, Why: why}
		if lrta { // "Other modifiers (ex. +2 for AoV units) also may apply" (004)
			if err := g.lrtaStrategicDisorg(u, d, &check); err != nil {
				return nil, err
			}
		}
		ev.Disorganization = append(ev.Disorganization, check)
	}
	if troops == 0 {
		return nil, Invalid("move.strategic", "No unit to move strategically", "Leaders move with their units ("+g.moveSection("LRTG 17.1", "004 Strategic Movement")+")")
	}
	return broken, nil
}

// strategicClear checks the distance to the enemy where the move starts
// and ends (17.1: infantry more than 8 hexes from enemy infantry and more
// than 4 from enemy cavalry; cavalry more than 8 from any enemy unit). The
// map data has no roads: the straight distance is used, which is never
// more than the path 17.1 traces. An enemy unit the mover sees refuses
// the move, named as he knows it; one he does not see (unseen, hidden
// modes) refuses nothing: it stops the move (hidden.go), reported by
// hidden.
func (g GameState) strategicClear(by Actor, u UnitState, to Hex, unseen func(UnitState) bool) (err *RuleError, hidden bool) {
	for _, at := range []Hex{u.Hex, to} {
		for _, id := range g.sortedUnits() {
			e := g.Units[id]
			limit := g.strategicLimit(u, e)
			if limit == 0 || Distance(at, e.Hex) > limit {
				continue
			}
			if unseen != nil && unseen(e) {
				hidden = true
				continue
			}
			hint := "Strategic movement stays more than 8 hexes from enemy infantry (cavalry: from any enemy unit) and more than 4 from enemy cavalry"
			if g.Game() == LRTA {
				hint = "Strategic movement stays more than 8 hexes from enemy infantry and more than 4 from enemy cavalry; cavalry more than 4 from any enemy unit"
			}
			return moveRule("move.strategic", fmt.Sprintf("%s would be within %d hexes of %s", u.Name, limit, g.enemyName(by, e)), hint,
				g.moveSection("LRTG 17.1", "004 Strategic Movement")), false
		}
	}
	return nil, hidden
}

// strategicAllowance reads the 17.1 allowance chart: rows side, fatigue
// levels expended, infantry / artillery, passive, cavalry, passive.
func strategicAllowance(c *Chart, side Side, levels int, cav, passive bool) (int, error) {
	name := map[Side]string{CSA: "Confederate", USA: "Union"}[side]
	col := 2
	if cav {
		col += 2
	}
	if passive {
		col++
	}
	for _, row := range c.Rows {
		if len(row) > col && row[0] == name && row[1] == strconv.Itoa(levels) {
			return strconv.Atoi(row[col])
		}
	}
	return 0, fmt.Errorf("engine: chart %s has no row %s %d", c.ID, name, levels)
}

// strategicDisorg reads the 17.1 disorganization modifiers: rows
// Unexhausted / Exhausted, columns the fatigue level reached (2, 3, 4).
func strategicDisorg(c *Chart, exh bool, reached int) (bool, int, string, error) {
	name := "Unexhausted"
	if exh {
		name = "Exhausted"
	}
	col := reached - 1 // columns: Unit, To fatigue 2, 3, 4
	for _, row := range c.Rows {
		if row[0] != name || col < 1 || col >= len(row) {
			continue
		}
		why := fmt.Sprintf("%s, to fatigue %d", strings.ToLower(name), reached)
		cell := strings.TrimSpace(row[col])
		if strings.HasPrefix(strings.ToLower(cell), "no roll") { // LRTA prints "No roll necessary"
			return false, 0, why, nil
		}
		n, err := strconv.Atoi(strings.TrimPrefix(cell, "+"))
		return true, n, why, err
	}
	return false, 0, "", fmt.Errorf("engine: chart %s has no cell %s / fatigue %d", c.ID, name, reached)
}

// TrackWithCorpsCommander is the set-up track of an army commander placed
// "with any corps commander" (000 VIII: Lee - with any CSA Corps
// Commander).
const TrackWithCorpsCommander = "with-corps-commander"

// checkWithCorpsCommander: an army commander waiting on the
// with-corps-commander track is placed in a hex with a corps commander of
// his side (one already there, or one moving with him).
func (g GameState) checkWithCorpsCommander(cmd MoveUnits) *RuleError {
	for _, id := range cmd.Units {
		u := g.Units[id]
		if u.OnMap || u.Track != TrackWithCorpsCommander {
			continue
		}
		ok := false
		var names []string
		for _, oid := range g.sortedUnits() {
			o := g.Units[oid]
			if o.Side != u.Side || o.Kind != "leader" || o.ID == u.ID || o.Eliminated || !isCorpsCommander(cmd.Data, o) {
				continue
			}
			if o.OnMap {
				names = append(names, o.Name+" ("+o.Ref+")")
			}
			if (o.OnMap && o.Hex == cmd.To) || contains(cmd.Units, o.ID) {
				ok = true
			}
		}
		if !ok {
			return moveRule("move.with_corps_commander", fmt.Sprintf("%s is placed with a corps commander, and none is in %s", u.Name, cmd.Ref),
				"Place him with one of: "+strings.Join(names, ", "), "000 VIII set-up")
		}
	}
	return nil
}

// isCorpsCommander: a leader of corps size in the order of battle, or,
// without it, a leader whose command is a corps.
func isCorpsCommander(d *MoveData, u UnitState) bool {
	if d != nil && d.OOB != nil {
		return unitSize(d, u.ID) == "corps"
	}
	return u.Command != "" && !notCorps[strings.ToLower(u.Command)]
}

// firstCrossing returns the day, when the move takes the first
// Confederate infantry north of the Potomac and no crossing is recorded
// yet (000 VII 1; the umpire may still record another day with /vp
// action:crossed).
func (g GameState) firstCrossing(cmd MoveUnits) string {
	if !g.Victory.Crossed.IsZero() || cmd.Data == nil || cmd.Data.Theatre == nil {
		return ""
	}
	infantry := false
	for _, id := range cmd.Units {
		u := g.Units[id]
		infantry = infantry || (u.Side == CSA && u.Kind == "infantry")
	}
	if !infantry || !contains(cmd.Data.Theatre.RegionsAt(cmd.To), "north-of-potomac") {
		return ""
	}
	day, ok := g.TurnDate(g.Turn)
	if !ok {
		return ""
	}
	return day.Format(time.DateOnly)
}
