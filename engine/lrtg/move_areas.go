// Where a restricted Union unit may move (LRTG 3.2, 12.1-12.3, 16.2, 16.3):
// the areas of the release groups, DC, the west of the Shenandoah, the
// entry of units from tracks and the Harpers Ferry garrison. Moved out of
// move.go, which keeps restriction (it tells LRTA from LRTG).

package lrtg

import (
	"fmt"
	"math"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

func moveRule(code, what, hint, section string) *engine.RuleError {
	e := engine.Illegal(code, what, hint)
	e.Rule = section
	return e
}

// moveArea is where a restricted unit must remain.
type moveArea struct {
	rule  string // the section
	where string // "north of the Potomac, ..."
	until string // how it ends, a clause: "until released (3.2)"
	in    func(engine.Hex) bool
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
func releaseMark(u engine.UnitState) string {
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
func (g Game) Restricted(u engine.UnitState, d *engine.MoveData) (bool, string) {
	if a := g.restriction(u, d); a != nil {
		return true, a.rule
	}
	return false, ""
}

// viiiArea is where unreleased HF, WV and Balt units remain (12.1, 3.2):
// north of the Potomac, west (12.1 prints "north") of the Shenandoah, or
// in Loudoun County.
func viiiArea(t *engine.Theatre, until string) *moveArea {
	north, loudoun := t.InAny("north-of-potomac"), t.InAny("va.loudoun")
	west := westOfShenandoah(t)
	return &moveArea{rule: "LRTG 12.1", where: "north of the Potomac, west of the Shenandoah or in Loudoun County", until: until,
		in: func(h engine.Hex) bool { return north(h) || loudoun(h) || west(h) }}
}

// dcArea is where unreleased DC units remain (12.2): the District or
// Alexandria County, and a unit that began in Fairfax or Montgomery County
// also there.
func (g Game) dcArea(u engine.UnitState, d *engine.MoveData, until string) *moveArea {
	t := d.Theatre
	ids := []string{"dc", "va.alexandria"}
	where := "within the District of Columbia or Alexandria County"
	if d.OOB != nil {
		if s := d.OOB.Unit(u.ID); s != nil && s.OnMap {
			for _, c := range []struct{ id, name string }{{"va.fairfax", "Fairfax"}, {"md.montgomery", "Montgomery"}} {
				if r := t.Region(c.id); r != nil && r.Contains(engine.Center(s.Hex)) {
					ids = append(ids, c.id)
					where += fmt.Sprintf(", or in %s County, where it began", c.name)
				}
			}
		}
	}
	return &moveArea{rule: "LRTG 12.2", where: where, until: until, in: t.InAny(ids...)}
}

// westOfShenandoah tests whether a hex lies west of the Shenandoah. The
// map data has the river as a sketch through its two known hexes, Front
// Royal (where the forks join) and Harpers Ferry (its mouth): west is the
// side of that line, extended both ways, away from the Blue Ridge's east
// face; hexes on the line (Harpers Ferry) count as west. Near the river
// the umpire judges (a reason overrides).
func westOfShenandoah(t *engine.Theatre) func(engine.Hex) bool {
	var river *engine.Line
	for i := range t.Lines {
		if t.Lines[i].ID == "shenandoah" && len(t.Lines[i].Hexes) >= 2 {
			river = &t.Lines[i]
		}
	}
	if river == nil {
		return func(engine.Hex) bool { return false }
	}
	a, b := engine.Center(river.Hexes[0]), engine.Center(river.Hexes[len(river.Hexes)-1])
	side := func(p engine.Point) float64 { return (b.X-a.X)*(p.Y-a.Y) - (b.Y-a.Y)*(p.X-a.X) }
	west := side(engine.Point{X: (a.X+b.X)/2 - 1000, Y: (a.Y + b.Y) / 2})
	return func(h engine.Hex) bool {
		s := side(engine.Center(h))
		return math.Abs(s) < 1e-6 || (s > 0) == (west > 0)
	}
}

// checkArea refuses a move that takes a restricted unit out of its area.
// A unit entering from a track is placed where 3.2 says; a unit outside its
// area (after a retreat, an override, at an entry hex) may move back
// toward it.
func (g Game) checkArea(u engine.UnitState, to engine.Hex, ref string, d *engine.MoveData) *engine.RuleError {
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
	return moveRule("move.restricted", fmt.Sprintf("%s (%s) may not go to %s: %s, it must remain %s", u.Name, u.Command, d.Theatre.Named(to, ref), a.until, a.where), "", a.rule)
}

// hexesToArea returns how many hexes from h the nearest hex of the area is (0
// inside), or limit+1 when none is within limit.
func hexesToArea(in func(engine.Hex) bool, h engine.Hex, limit int) int {
	if in(h) {
		return 0
	}
	dirs := engine.Hex{}.Neighbours()
	for r := 1; r <= limit; r++ {
		cur := engine.Hex{Q: h.Q + dirs[4].Q*r, R: h.R + dirs[4].R*r}
		for i := 0; i < 6; i++ {
			for j := 0; j < r; j++ {
				if in(cur) {
					return r
				}
				cur = engine.Hex{Q: cur.Q + dirs[i].Q, R: cur.R + dirs[i].R}
			}
		}
	}
	return limit + 1
}

// checkHFGarrison refuses, until Meade takes command, a move that leaves
// Harpers Ferry with less than 5 manpower (12.1, 16.1 c).
func (g Game) checkHFGarrison(cmd engine.MoveUnits, d *engine.MoveData) *engine.RuleError {
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
		if u.Side != engine.USA || u.Eliminated {
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
