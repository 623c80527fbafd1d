package litn

import (
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// 3.1 A6, Hooker Dissatisfaction (15.6; scenario 3) in play: the roll as
// the step begins and, when Hooker goes, Meade and the majors it brings.

func beginHooker(g Game, d engine.Dice, ctx engine.StepContext) ([]engine.Event, error) {
	p := g.LITN.Initial
	marker := p.Hooker
	if marker.Box < HookerStartBox {
		marker = NewHookerMarker()
	}
	counted := p.HookerCounted
	moved := 0
	if delta := g.LITN.Score.CSA - counted; delta > 0 {
		before := marker.Box
		marker = marker.Moved(int(delta), 0)
		moved = marker.Box - before
		counted = g.LITN.Score.CSA
	}
	res, err := HookerDissatisfaction(g.CurrentTurn(), marker, p.HookerReplaced, g.LITN.Sheets[engine.USA], g.initCharts(ctx.Library), d)
	if err != nil {
		return nil, err
	}
	e := &HookerRolled{Turn: g.Turn, Marker: marker, Counted: counted, Moved: moved, Result: res}
	if res.Replaced {
		e.Units = g.initMeadeSwap()
	}
	return []engine.Event{e}, nil
}

// initMeadeSwap is 15.6's three steps on the Union's counters: Hooker's
// department counter leaves the map; Sykes takes the Meade corps counter's
// place and strength (and its original strength and morale: the troops
// are the same); Meade's
// department counter enters in that hex. Nil when the sheet lacks one.
func (g Game) initMeadeSwap() []Unit {
	var hooker, meade, sykes, meadeDept *Unit
	for _, u := range g.UnitsOf(engine.USA) {
		u := u
		out := false
		for _, a := range u.Arrives {
			out = out || a.By == SheetByHookerOut
		}
		switch {
		case u.Role == SheetDepartment && !out && u.OnMap():
			hooker = &u
		case u.Role == SheetDepartment && out:
			meadeDept = &u
		case u.IsCombat() && out:
			sykes = &u
		case u.IsCombat() && u.OnMap() && strings.Contains(strings.ToLower(u.Name), "meade"):
			meade = &u
		}
	}
	if hooker == nil || meade == nil || sykes == nil || meadeDept == nil {
		return nil
	}
	h, m, s, md := *hooker, *meade, *sykes, *meadeDept
	h.At, h.Hex, h.Eliminated = "", engine.Hex{}, true
	// The corps is the same: its strength, original strength and morale.
	s.At, s.Hex, s.Strength, s.Original, s.Demoralized, s.Arrives = m.At, m.Hex, m.Strength, m.Original, m.Demoralized, nil
	md.At, md.Hex, md.Arrives = m.At, m.Hex, nil
	m.At, m.Hex, m.Eliminated = "", engine.Hex{}, true
	out := []Unit{h, m, s, md}
	for _, u := range g.UnitsOf(engine.USA) {
		if u.Parent == m.ID { // a detachment of Meade's corps is Sykes's now
			u.Parent = s.ID
			out = append(out, u)
		}
	}
	return out
}

// hookerMajorsEvent moves the marker back for the turn's Union major
// victories (15.6), nil when there is nothing to move.
func hookerMajorsEvent(g Game) engine.Event {
	if g.Options.Scenario != Scenario3 || g.LITN.Initial.HookerReplaced {
		return nil
	}
	n := 0
	for _, s := range g.MajorVictories() {
		if s == engine.USA {
			n++
		}
	}
	if n == 0 {
		return nil
	}
	m := g.LITN.Initial.Hooker
	if m.Box < HookerStartBox {
		m = NewHookerMarker()
	}
	return &HookerMajors{Turn: g.Turn, Majors: n, Marker: m.Moved(0, n)}
}
