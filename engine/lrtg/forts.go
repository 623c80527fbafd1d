package lrtg

import (
	"fmt"
	"slices"

	"github.com/umpire-games/umpire/engine"
)

// Union permanent forts (000 9.0). The map data knows the forts: places
// of kind "fort" (scenarios/maps/lrtg-places-*.yaml), with the intrinsic
// values fort_combat and fort_artillery where 000 prints them (the Naval
// Battery; Fort Washington, PA is not in the map data). What the engine
// decides:
//
//   - 9.1: "Confederate units may not enter or retreat into a hex
//     containing an undestroyed Union fort." A march, a retreat or an
//     advance (/move's path, move_path.go) is refused at every such step,
//     naming the fort. "Union units may enter fort hexes without
//     restriction."
//   - 9.2: "The effect of each DC/Alexandria/Baltimore permanent fort is
//     determined by rolling a die ... a) after an attack is declared.
//     (Note: The attack may not be called off.)" The die is rolled with
//     the declaration (one die of the game's stream, a public roll
//     numbered as a battle's dice are: the marker is on the board), on
//     "Baltimore Forts: 1-3 = Class 1 4-5 = Class 2 6 = Class 3" for a
//     fort in Baltimore County (the map's md.baltimore region) and
//     "Alexandria and Washington Forts 1-2 = Class 1 3-4 = Class 2 5-6 =
//     Class 3" for the others; "Class 1 = Artillery value of 1 = Intrinsic
//     garrison of 2", class 2 = 2 / 3, class 3 = 3 / 4. "Once the
//     classification of a fort has been determined, it remains in that
//     class for the remainder of the game" (PlaceState.FortClass,
//     fort.classified: public). A fort with printed values (fort_combat)
//     uses them and rolls nothing. The attack, once declared, is not
//     undone (22.3, attack.go); the umpire's /attack cancel stays his
//     ruling, and the class stays.
//   - 9.2 and 9.3 read together (choice F1): "If no Union units occupy the
//     fort hex, the fort's intrinsic Combat value and Artillery value are
//     used to resolve the combat. If one or more Union units occupy the
//     fort hex, the Union player's Combat and Artillery values are
//     calculated by adding the fort's intrinsic values"; but "When
//     calculating the Defender's Combat Value to determine the proper
//     column on the Combat Chart, do not include the intrinsic Combat value
//     of the fort. (If no Union units are present treat the fort as having
//     a Combat Value of 1.)" The column is the only thing the loaded Combat
//     Chart reads of a combat value, so the settlement reads the column at
//     the Union units' value (x1.5, 9.4), or 1 with none, and shows the
//     fort's intrinsic Combat and Artillery values beside it (the
//     artillery is the defender's to state among his modifiers: the engine
//     settles no artillery).
//   - 9.2: "there can never be a tactical modifier in favor of the
//     Confederate player" and "the Confederate player may never gain a
//     flank attack bonus": the loaded gcacw.combat-modifiers name their
//     modifiers as the group writes them and say nothing of their kind, so
//     the engine cannot tell a flank or tactical modifier from another.
//     It refuses none (choice F2): the attacker's stated modifiers are his
//     word, on the umpire's log as every stated modifier is, and the
//     settlement tells both sides and the umpire that 9.2 forbids these
//     two, so a wrong one is seen and corrected (/battle result).
//   - 9.3: "If the Union player suffers a combat result containing an "r"
//     (retreat) or "R" (rout) in any Confederate attack against a Union
//     fort hex, the fort is permanently destroyed. Any Union units in the
//     fort hex must also retreat or rout" (the result retreats them as any
//     result does). The destruction is part of the result
//     (CombatApplied.FortDestroyed: undone with it), public. "Combat results
//     containing Manpower Value losses, "f" (fatigue-1), "F" (fatigue-2),
//     and "D" (disorganize) results have no effect on forts" and "The
//     destruction of a fort does not count as a Manpower value loss for
//     Victory Point purposes": with no Union unit, the defender's result
//     touches nothing but the fort; with units, they take it all.
//   - 9.3: "A destroyed fort is considered to be a Union redoubt hex": it
//     no longer stops Confederate units, and Union units there defend as
//     in a redoubt (below).
//   - 9.4: "Union units in a fort hex are treated as if they occupied a
//     redoubt hex for entrenchment purposes. Thus, in a fort hex, Union
//     units with no other entrenchments have their Combat and Artillery
//     values multiplied by 1.5 when defending." /attack counts no
//     entrenchment of its own (the copy's modifiers carry it), so each
//     Union unit defending in a fort hex, destroyed or not, counts its
//     combat value x1.5 (choice F3: the redoubt is the least it has; a
//     completed Fort marker's more is the umpire's, with /battle result).
//
// 9.2 b) (the class rolled when a Confederate unit of combat value 5 or
// more next to the fort begins a march and stays without attacking) is
// read when a Confederate action ends: forts_watch.go.
//
// Not decided here (the umpire's): 9.1's ZOC, command radius and
// flank-cover clauses. The rules are LRTG's (000): LRTA's forts are not in
// its seeds, so an LRTA game decides none of this.

// Fort classes (9.2): the artillery value and intrinsic garrison.
var fortClasses = map[int][2]int{1: {1, 2}, 2: {2, 3}, 3: {3, 4}}

// fortClassOf reads the die on 9.2's tables.
func fortClassOf(die int, baltimore bool) int {
	switch {
	case baltimore && die <= 3, !baltimore && die <= 2:
		return 1
	case baltimore && die <= 5, !baltimore && die <= 4:
		return 2
	}
	return 3
}

// BattleFort is the Union fort in a battle's hex, as declared.
type BattleFort struct {
	Place     string `json:"place"`
	Combat    int    `json:"combat"`              // the intrinsic Combat value (9.2)
	Artillery int    `json:"artillery"`           // the intrinsic Artillery value (9.2)
	Class     int    `json:"class,omitempty"`     // 9.2's class (a rolled fort)
	Destroyed bool   `json:"destroyed,omitempty"` // destroyed before: a Union redoubt (9.3)
}

// Held reports whether the fort stands (not destroyed).
func (f *BattleFort) Held() bool { return f != nil && !f.Destroyed }

// EventFortClassified is FortClassified's type.
const EventFortClassified = "fort.classified"

// FortClassified records a fort's class rolled (9.2): public, the
// marker on the board.
type FortClassified struct {
	By        engine.Actor `json:"by"`
	Place     string       `json:"place"`
	Ref       string       `json:"ref"`
	Baltimore bool         `json:"baltimore,omitempty"` // read on the Baltimore table
	Roll      int64        `json:"roll"`                // the dice.rolled event's number
	Die       int          `json:"die"`
	Class     int          `json:"class"`
	Artillery int          `json:"artillery"`
	Garrison  int          `json:"garrison"`
	Battle    int          `json:"battle"` // the attack declared that rolled it (9.2 a); 0: 9.2 b)
	// Stayed: rolled by 9.2 b), a strong Confederate unit that stayed
	// beside the fort through a march action (forts_watch.go). Which unit
	// is not said: the Union may not learn it.
	Stayed bool `json:"stayed,omitempty"`
}

// EventType implements Event.
func (*FortClassified) EventType() string { return EventFortClassified }

func fortsModule() engine.Module {
	return engine.Module{Name: "forts",
		Events: []engine.Event{&FortClassified{}},
		Apply: folds(func(g Game, e engine.Event) (Game, bool) {
			c, ok := e.(*FortClassified)
			if !ok {
				return g, false
			}
			g.Places = withPlace(g.Places, c.Place, func(ps *PlaceState) { ps.FortClass = c.Class })
			return g, true
		}),
	}
}

// withPlace returns the places with one changed (a copy: states fold
// immutably).
func withPlace(places map[string]PlaceState, name string, f func(*PlaceState)) map[string]PlaceState {
	m := make(map[string]PlaceState, len(places)+1)
	for k, v := range places {
		m[k] = v
	}
	ps := m[name]
	f(&ps)
	m[name] = ps
	return m
}

// fortsRule reports whether the game plays 000 9's forts (LRTG).
func (g Game) fortsRule() bool { return g.sequenceRule() != "004" }

// fortPlace is the Union permanent fort at h in the map data, if any.
func (g Game) fortPlace(d *engine.MoveData, h engine.Hex) *engine.Place {
	if d == nil || d.Theatre == nil || !g.fortsRule() {
		return nil
	}
	for i := range d.Theatre.Places {
		if p := &d.Theatre.Places[i]; p.Hex == h && p.Is("fort") {
			return p
		}
	}
	return nil
}

// fortAt is the fort at h as a battle there meets it (nil: none).
func (g Game) fortAt(d *engine.MoveData, h engine.Hex) *BattleFort {
	p := g.fortPlace(d, h)
	if p == nil {
		return nil
	}
	ps := g.Places[p.Name]
	f := &BattleFort{Place: p.Name, Destroyed: ps.FortDestroyed}
	if v, ok := p.Values["fort_combat"]; ok {
		f.Combat, f.Artillery = v, p.Values["fort_artillery"]
	} else if c, ok := fortClasses[ps.FortClass]; ok {
		f.Class, f.Artillery, f.Combat = ps.FortClass, c[0], c[1]
	}
	return f
}

// rollFortClass rolls a DC / Alexandria / Baltimore fort's class when an
// attack on it is declared (9.2 a, battle its number) or a strong unit
// stayed beside it (9.2 b, battle 0, purpose the roll's); nothing for a
// fort with printed values or one classed already.
func (g Game) rollFortClass(d *engine.MoveData, h engine.Hex, f *BattleFort, by engine.Actor, battle int, dice engine.Dice, purpose string) ([]engine.Event, error) {
	p := g.fortPlace(d, h)
	if p == nil || f.Class != 0 || f.Destroyed {
		return nil, nil
	}
	if _, printed := p.Values["fort_combat"]; printed {
		return nil, nil
	}
	baltimore := slices.Contains(d.Theatre.RegionsAt(h), "md.baltimore")
	if purpose == "" {
		purpose = fmt.Sprintf("the class of %s (9.2), attacked in battle #%d", p.Name, battle)
	}
	out, err := engine.NumberedRoll(engine.RollDice{By: by, Expression: "1d6", Purpose: purpose}, dice, g.RollsOf(""), "")
	if err != nil {
		return nil, err
	}
	r := out[0].(*engine.DiceRolled)
	class := fortClassOf(r.Total, baltimore)
	c := fortClasses[class]
	f.Class, f.Artillery, f.Combat = class, c[0], c[1]
	return []engine.Event{r, &FortClassified{By: by, Place: p.Name, Ref: p.Ref.String(), Baltimore: baltimore, Roll: r.Number, Die: r.Total, Class: class, Artillery: c[0], Garrison: c[1], Battle: battle, Stayed: battle == 0}}, nil
}

// fortSteps refuses a Confederate march's steps into an undestroyed Union
// fort (9.1), every one of them.
func (g Game) fortSteps(d *engine.MoveData, on []engine.UnitState, path []engine.Hex, ref func(engine.Hex) string) []*engine.RuleError {
	if len(on) == 0 || on[0].Side != engine.CSA {
		return nil
	}
	var out []*engine.RuleError
	for _, h := range path {
		if f := g.fortAt(d, h); f.Held() {
			out = append(out, moveRule("move.fort", fmt.Sprintf("%s holds %s, an undestroyed Union fort: Confederate units may not enter or retreat into it", ref(h), f.Place),
				"Go around it, or attack it from next to it (/attack declare at:"+ref(h)+"); a destroyed fort is open", "LRTG 9.1"))
		}
	}
	return out
}

// fortDefence counts the Union units in a fort hex as in a redoubt (9.4;
// a destroyed fort is one, 9.3) and gives the column's value: with no
// Union unit in a fort that stands, 1 (9.3).
func fortDefence(f *BattleFort, values []UnitValue) ([]UnitValue, float64) {
	total := 0.0
	for i := range values {
		values[i].Redoubt = true
		values[i].Counted *= 1.5
		total += values[i].Counted
	}
	if len(values) == 0 && f.Held() {
		total = 1
	}
	return values, total
}
