package litn

import (
	"fmt"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// 10.1 Combat Procedure and 10.2 Combat Supply in play: Attack declares
// (or declines) an attack in a battle hex, Supply declares the wagon or
// depot that supplies a side's combat.

func (g Game) decideAttack(c Attack) ([]engine.Event, error) {
	b, s, err := g.battleFor(c.By, c.Hex, c.Side, "Declaring an attack")
	if err != nil {
		return nil, err
	}
	dec := b.Decider()
	if dec == "" {
		what := "no combat: neither side attacked"
		if b.Attacker != "" {
			what = "the " + sideName(b.Attacker) + " attacks"
		}
		return nil, engine.Illegal("litn.attack.decided", fmt.Sprintf("The battle in %s is decided: %s", b.Hex, what), "/phase show says what it waits for")
	}
	if s == "" {
		s = dec
	}
	if s != dec {
		return nil, engine.Illegal("litn.attack.turn", fmt.Sprintf("The %s player decides first whether to attack in %s (002 10 steps 2-3)", sideName(dec), b.Hex),
			"Wait for his decision: if he does not attack, you may")
	}
	if c.Fortification && !g.IsUmpire(c.By) {
		return nil, engine.Illegal("litn.fortification", "Only the umpire declares a Washington fortification hex", "Ask the umpire (002 13)")
	}
	ev := &AttackDeclared{By: c.By, Turn: g.Turn, Hex: b.Hex, Side: s, Fortification: c.Fortification || b.Fortification}
	if c.Decline {
		if len(c.Units) > 0 {
			return nil, engine.Invalid("litn.attack.units", "Units attack only when you attack", "Leave units: out to decline, or decline:false to attack")
		}
		ev.Declined = true
		ev.NoCombat = len(b.Declined) == 1
		return []engine.Event{ev}, nil
	}
	var atk []Unit
	if len(c.Units) == 0 {
		for _, u := range g.fighting(b.Hex, s) {
			if !u.Demoralized && !u.Disorganized {
				atk = append(atk, u)
			}
		}
		if len(atk) == 0 {
			return nil, engine.Illegal("litn.attack.demoralized", fmt.Sprintf("All your combat units in %s are demoralized or disorganized: they never attack (002 10.1, 10.6, 15.4)", b.Hex), "Decline with decline:true")
		}
	} else {
		seen := map[string]bool{}
		for _, ref := range c.Units {
			u, ok := g.FindUnit(ref)
			if !ok || u.Side != s || !u.OnMap() || u.At != b.Hex || !u.IsCombat() || u.Strength <= 0 {
				return nil, engine.Invalid("litn.attack.units", fmt.Sprintf("%q is not one of your combat units in %s", ref, b.Hex), "Name your combat units in the hex (/litn status)")
			}
			if u.Demoralized {
				return nil, engine.Illegal("litn.attack.demoralized", u.Name+" is demoralized and may not attack", "002 10.1, 10.6: leave it out")
			}
			if u.Disorganized {
				return nil, engine.Illegal("litn.attack.disorganized", u.Name+" is disorganized and may not attack", "002 15.4: leave it out")
			}
			if !seen[u.ID] {
				seen[u.ID] = true
				atk = append(atk, u)
			}
		}
	}
	arty, inf := false, false
	for _, u := range atk {
		arty = arty || u.Troops == string(Artillery)
		inf = inf || u.Troops == string(Infantry) && !u.Militia
		ev.Attackers = append(ev.Attackers, u.ID)
	}
	if s == engine.USA && arty && !inf {
		return nil, engine.Illegal("litn.attack.artillery", "The Union artillery may attack only if at least one Union infantry unit attacks with it", "002 10.1: add an infantry unit or leave the artillery out")
	}
	for _, u := range g.fighting(b.Hex, engine.EnemyOf(s)) {
		ev.Defenders = append(ev.Defenders, u.ID)
	}
	return []engine.Event{ev}, nil
}

func (g Game) decideSupplyCmd(c Supply) ([]engine.Event, error) {
	b, s, err := g.battleFor(c.By, c.Hex, c.Side, "Declaring supply")
	if err != nil {
		return nil, err
	}
	if s == "" {
		return nil, engine.Invalid("game.side", "Whose supply?", "The umpire gives side:csa or side:usa")
	}
	if b.Attacker == "" {
		return nil, engine.Illegal("litn.supply.early", fmt.Sprintf("No one attacks in %s yet: supply is checked once a battle is fought (002 10.1 step 1)", b.Hex), "/litn attack first")
	}
	if b.Fought {
		return nil, engine.Illegal("litn.supply.late", "The battle in "+b.Hex+" has been fought", "")
	}
	if _, chose := b.Options[s]; chose {
		return nil, engine.Illegal("litn.supply.late", "Your combat option is chosen: the supply it was chosen with stands", "002 10.1: supply is checked before the options")
	}
	n := 0
	for _, set := range []bool{c.Wagon != "", c.Depot != "", c.Unsupplied} {
		if set {
			n++
		}
	}
	if n != 1 {
		return nil, engine.Invalid("litn.supply.source", "Give one supply source: wagon:<id>, depot:<hex>, or unsupplied:true", "002 10.2: an undepleted wagon within 2 MPs or a depot within 4 MPs")
	}
	bh := g.hexOf(b.Hex)
	enemyAt := func(at string) bool { return at != b.Hex && len(g.fighting(at, engine.EnemyOf(s))) > 0 }
	decl := SupplyDecl{NoRetreatPath: c.NoRetreatPath}
	var why string
	switch {
	case c.Wagon != "":
		var w WagonPiece
		found := false
		for _, x := range g.WagonsOf(s) {
			if strings.EqualFold(x.ID, strings.TrimSpace(c.Wagon)) {
				w, found = x, true
			}
		}
		switch {
		case !found:
			return nil, engine.Invalid("litn.supply.wagon", fmt.Sprintf("%q is not one of your wagons", c.Wagon), "/litn status lists your wagons")
		case w.Depleted:
			return nil, engine.Illegal("litn.supply.wagon", fmt.Sprintf("Wagon %s is depleted", w.ID), "002 10.2: only an undepleted wagon supplies")
		case engine.Distance(w.Hex, bh) > 2:
			return nil, engine.Illegal("litn.supply.range", fmt.Sprintf("Wagon %s in %s is %d hexes from %s: more than 2 MPs", w.ID, w.At, engine.Distance(w.Hex, bh), b.Hex),
				"002 10.2: a wagon supplies within two movement points (each hex entered costs at least 1)")
		case enemyAt(w.At):
			return nil, engine.Illegal("litn.supply.enemy", fmt.Sprintf("Enemy combat units hold %s, the wagon's hex", w.At), "002 10.2: a supply line may not include a hex occupied by an enemy combat unit")
		}
		decl.Wagon = w.ID
		why = fmt.Sprintf("wagon %s in %s, %d hex(es) away (002 10.2: within 2 MPs, which the map's terrain is not recorded to check exactly)%s", w.ID, w.At, engine.Distance(w.Hex, bh),
			choose(w.Depletion, "; it already carries a Depletion marker: it supplies without another roll", "; it rolls for depletion right after your option"))
	case c.Depot != "":
		if c.Map == nil {
			return nil, fmt.Errorf("litn: supply without the map")
		}
		at := strings.TrimSpace(c.Depot)
		h, _, err := c.Map.ParseHex(at, "")
		if err != nil {
			return nil, engine.Invalid("litn.supply.depot", fmt.Sprintf("depot %q: %v", at, err), "Give the depot's printed hex, e.g. depot:1026")
		}
		for i := range c.Map.Places {
			p := &c.Map.Places[i]
			if p.Hex != h || !p.Is("depot") {
				continue
			}
			if y := p.Values["from_year"]; y > Year(g.Options.Scenario) {
				return nil, engine.Illegal("litn.supply.depot", fmt.Sprintf("%s does not exist in %d", p.Name, Year(g.Options.Scenario)), p.Source)
			}
			if p.Is("confederate-depot") && s != engine.CSA {
				return nil, engine.Illegal("litn.supply.depot", p.Name+" is a Confederate depot", "002 9.1: a side uses its own depots")
			}
		}
		if err := g.depotOK(s, h, at, c.Map); err != nil {
			return nil, err // issue 22 ruling: a printed depot, not any hex
		}
		switch {
		case engine.Distance(h, bh) > 4:
			return nil, engine.Illegal("litn.supply.range", fmt.Sprintf("Depot %s is %d hexes from %s: more than 4 MPs", at, engine.Distance(h, bh), b.Hex), "002 10.2: a depot supplies within four movement points")
		case enemyAt(at):
			return nil, engine.Illegal("litn.supply.enemy", fmt.Sprintf("Enemy combat units occupy the depot in %s", at), "002 9.1: friendly units not in the hex may not use it")
		}
		decl.Depot = at
		why = fmt.Sprintf("the depot in %s, %d hex(es) away (002 10.2: within 4 MPs; the printed depots are not in the map data: declared)", at, engine.Distance(h, bh))
	default:
		why = "unsupplied: no Pitched Battle or Assault, and a retreat after the last round unless the enemy retreats demoralized (002 10.2; a player may not choose to be unsupplied: the umpire may correct)"
	}
	for _, ref := range c.LossOrder {
		ref = strings.TrimSpace(ref)
		if strings.EqualFold(ref, IntrinsicID) || strings.EqualFold(ref, "intrinsic") {
			if !b.Fortification || s != engine.USA {
				return nil, engine.Invalid("litn.supply.loss", "Only the Union in a Washington fortification hex has an intrinsic strength (002 13)", "")
			}
			decl.LossOrder = append(decl.LossOrder, IntrinsicID)
			continue
		}
		u, ok := g.FindUnit(ref)
		if !ok || u.Side != s || u.At != b.Hex || !u.IsCombat() {
			return nil, engine.Invalid("litn.supply.loss", fmt.Sprintf("%q is not one of your combat units in %s", ref, b.Hex), "loss_order: lists your units in the order they lose strength points (002 10.5)")
		}
		decl.LossOrder = append(decl.LossOrder, u.ID)
	}
	if c.NoRetreatPath {
		why += "; no legal retreat path: no Withdraw (002 10.3)"
	}
	return []engine.Event{&SupplyDeclared{By: c.By, Turn: g.Turn, Hex: b.Hex, Side: s, Supply: decl, Why: why}}, nil
}

// hexOf is a printed hex's grid hex, from a unit or wagon there.
func (g Game) hexOf(at string) engine.Hex {
	for _, u := range g.LITN.Units {
		if u.At == at {
			return u.Hex
		}
	}
	for _, w := range g.LITN.Wagons {
		if w.At == at {
			return w.Hex
		}
	}
	return engine.Hex{}
}
