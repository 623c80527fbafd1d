// Steps 5a and 5c of the Supply Segment: Confederate levies (LRTG 13.1) and
// the Union's control of the Potomac River and the Shenandoah Valley (LRTG
// 13.3), with the umpire's ruling on river control (/segment rivers).

package lrtg

import (
	"strings"

	"github.com/umpire-games/umpire/engine"
)

func procLevies(g Game, _ engine.Dice, ctx engine.StepContext) ([]engine.Event, error) {
	t := segTheatre(ctx)
	open := &SegmentOpened{Turn: g.Turn, Step: "5a", Notes: []SegmentNote{{Code: NoteLevyOpen}}}
	var towns []string
	if t != nil {
		for i := range t.Places {
			p := t.Places[i]
			if p.Is("levy-town") && !g.Places[p.Name].Levied && g.levyAllowed(p, false) == nil {
				towns = append(towns, p.Name)
			}
		}
	}
	if len(towns) > 0 || g.Options.LimitedIntel {
		open.Waits = []StepWait{{Step: "5a", Side: engine.CSA, What: "the CSA's levies (/place action:levy) or /segment done"}}
	}
	if len(towns) > 0 {
		open.tellSide(engine.CSA, SegmentNote{Code: NoteLevyTowns, Names: towns})
	} else {
		open.tellSide(engine.CSA, SegmentNote{Code: NoteLevyNone})
	}
	return []engine.Event{open}, nil
}

func (g Game) segRiverControl(t *engine.Theatre, sizes engine.UnitSizes) *RiversControlled {
	ev := &RiversControlled{Turn: g.Turn, Held: map[string]string{},
		Unchecked: []string{"a Confederate pontoon bridge across the Potomac (not in the game state: the umpire rules with /segment rivers)"}}
	if t == nil {
		ev.Unchecked = append(ev.Unchecked, "the control hexes (no map data)")
		return ev
	}
	held := func(kind string) bool {
		all, any := true, false
		for i := range t.Places {
			p := t.Places[i]
			if !p.Is(kind) {
				continue
			}
			any = true
			holder := ""
			for _, u := range g.segUnits(func(u engine.UnitState) bool { return u.Side == engine.USA && u.Hex == p.Hex }) {
				if s := sizeOf(u, sizes); (s == "brigade" || s == "division") && u.Manpower >= 3 {
					holder = u.Name
					break
				}
			}
			if holder == "" {
				all = false
			} else {
				ev.Held[p.Name] = holder
			}
		}
		return any && all
	}
	ev.Potomac = held("potomac-control")
	ev.Shenandoah = held("valley-control")
	return ev
}

func procRivers(g Game, _ engine.Dice, ctx engine.StepContext) ([]engine.Event, error) {
	return []engine.Event{g.segRiverControl(segTheatre(ctx), segSizes(ctx))}, nil
}

// SetRivers is the umpire's ruling on the Union's control of the Potomac
// and the Shenandoah Valley (13.3: a Confederate pontoon bridge, which the
// game state does not hold, cancels control of the Potomac).
type SetRivers struct {
	By         engine.Actor
	Potomac    bool
	Shenandoah bool
	Reason     string
}

// CommandName implements Command.
func (SetRivers) CommandName() string { return "segment rivers" }

// segRiverModifiers are the Confederate forage modifiers of 13.3 / 13.5 1)-4)
// and 24.4 for a unit north of the Potomac (or the whole side under
// Simplified Supply): each Union control -1, and -1 / -2 / -3 after 15 /
// 22 / 29 turns of Confederate infantry north of the Potomac (the crossing
// turn counts as the first: the 24.4 count, lrtg-p2-supply.yaml).
func (g Game) segRiverModifiers() (int, []ForageMod) {
	n := 0
	var why []ForageMod
	r := g.Segment.Rivers
	if r.Potomac {
		n--
		why = append(why, ForageMod{Code: ForageRiverPotomac, Value: -1})
	}
	if r.Shenandoah {
		n--
		why = append(why, ForageMod{Code: ForageRiverShenandoah, Value: -1})
	}
	if c := g.Victory.CrossedTurn; c > 0 {
		turns := g.Turn - c + 1
		switch {
		case turns >= 29:
			n -= 3
			why = append(why, ForageMod{Code: ForageCrossed, Value: -3, N: turns, From: 29})
		case turns >= 22:
			n -= 2
			why = append(why, ForageMod{Code: ForageCrossed, Value: -2, N: turns, From: 22})
		case turns >= 15:
			n--
			why = append(why, ForageMod{Code: ForageCrossed, Value: -1, N: turns, From: 15})
		}
	}
	return n, why
}

func (g Game) decideSegRivers(cmd SetRivers) ([]engine.Event, error) {
	if err := g.BoardReady(cmd.By); err != nil {
		return nil, err
	}
	if err := g.needUmpire(cmd.By, "rules on river control"); err != nil {
		return nil, err
	}
	if strings.TrimSpace(cmd.Reason) == "" {
		return nil, engine.Invalid("segment.rivers.reason", "A ruling on river control needs its reason", "e.g. reason:Confederate pontoon bridge at Williamsport")
	}
	return []engine.Event{&RiversControlled{By: cmd.By, Turn: g.Turn, Potomac: cmd.Potomac, Shenandoah: cmd.Shenandoah, Ruling: strings.TrimSpace(cmd.Reason)}}, nil
}

// RiverControl is the Union's control of the Potomac River and the
// Shenandoah Valley (13.3) as determined on Turn.
type RiverControl struct {
	Turn       int    `json:"turn,omitempty"`
	Potomac    bool   `json:"potomac,omitempty"`
	Shenandoah bool   `json:"shenandoah,omitempty"`
	Ruling     string `json:"ruling,omitempty"` // the umpire's, when he set it
}
