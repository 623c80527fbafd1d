package litn

import (
	"fmt"

	"github.com/umpire-games/umpire/engine"
)

// 10.3 Combat Options in play: ChooseOption records a side's option and,
// once both are chosen, the battle is fought (ResolveBattle, 10.4-10.8).

func (g Game) decideOption(c ChooseOption, d engine.Dice) ([]engine.Event, error) {
	b, s, err := g.battleFor(c.By, c.Hex, c.Side, "Choosing a combat option")
	if err != nil {
		return nil, err
	}
	if s == "" {
		return nil, engine.Invalid("game.side", "Whose option?", "The umpire gives side:csa or side:usa")
	}
	switch {
	case b.Attacker == "":
		return nil, engine.Illegal("litn.option.early", fmt.Sprintf("No one attacks in %s yet", b.Hex), "Options are chosen once a side attacks (002 10.1)")
	case b.Fought:
		return nil, engine.Illegal("litn.option.late", "The battle in "+b.Hex+" has been fought", "")
	}
	if _, ok := b.Supply[s]; !ok {
		return nil, engine.Illegal("litn.option.supply", "Declare your supply for this battle first", fmt.Sprintf("/litn supply hex:%s wagon:<id> | depot:<hex> | unsupplied:true (002 10.1 step 1)", b.Hex))
	}
	if _, chose := b.Options[s]; chose {
		return nil, engine.Illegal("litn.option.chosen", "Your chit is on the table, face down: it cannot be changed", "002 10.3: the chits are revealed after both players have chosen")
	}
	o, ok := ParseOption(c.Option)
	allowed, refused := g.OptionsFor(b, s)
	if !ok {
		return nil, engine.Invalid("litn.option", fmt.Sprintf("%q is not a combat option", c.Option), "Choose one of "+join(allowed))
	}
	if why, no := refused[o]; no {
		return nil, engine.Illegal("litn.option", fmt.Sprintf("You may not play %s: %s", o, why), "Choose one of "+join(allowed))
	}
	in := false
	for _, a := range allowed {
		in = in || a == o
	}
	if !in {
		set := AttackerOptions()
		if b.Role(s) == Def {
			set = DefenderOptions()
		}
		return nil, engine.Illegal("litn.option", fmt.Sprintf("The %s plays one of %s, not %s (002 10.3 Permissible Options)", roleName(b.Role(s)), join(set), o), "Choose one of "+join(allowed))
	}
	chosen := &OptionChosen{By: c.By, Turn: g.Turn, Hex: b.Hex, Side: s, Option: o}
	evs := []engine.Event{chosen}
	if _, other := b.Options[engine.EnemyOf(s)]; !other {
		return evs, nil
	}
	// Both chits are in: they are revealed and the battle is fought.
	after := g.Apply(chosen)
	nb, _ := after.BattleAt(b.Hex)
	bt := after.BattleOf(nb)
	res, err := ResolveBattle(bt, Charts{Library: c.Library, Loaded: g.LITN.Charts}, d)
	if err != nil {
		return nil, err
	}
	ev := &BattleFought{Turn: g.Turn, Hex: b.Hex, Attacker: b.Attacker, Battle: bt, Result: *res}
	ev.Killed = after.killed(b.Hex, b.Attacker, res)
	return append(evs, ev), nil
}

// killed are the units whose leaders a battle's 14.3 rolls killed.
func (g Game) killed(hex string, attacker engine.Side, res *BattleResult) []string {
	var out []string
	for _, cs := range res.Casualties {
		if !cs.Killed {
			continue
		}
		side := attacker
		if cs.Role == Def {
			side = engine.EnemyOf(attacker)
		}
		_, ids := combatLeaders(g.sideAt(hex, side))
		if id := ids[cs.Leader]; id != "" && !combatHas(out, id) {
			out = append(out, id)
		}
	}
	return out
}

func combatHas(xs []string, s string) bool {
	for _, x := range xs {
		if x == s {
			return true
		}
	}
	return false
}
