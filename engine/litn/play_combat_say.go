package litn

import (
	"fmt"
	"sort"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// What each Combat Phase event says (002 2.5; docs/litn-play-combat.md):
// the battles opened, attacks, supply, options, the battle's rounds and
// results (10.1-10.8), retreats (10.6) and wagon depletion (10.2).

func names(g Game, ids []string) string {
	var out []string
	for _, id := range ids {
		if u, ok := g.LITN.Units[id]; ok {
			out = append(out, u.Name)
		} else {
			out = append(out, id)
		}
	}
	return strings.Join(out, ", ")
}

// Say implements Sayer.
func (e *BattlesOpened) Say(g Game) []Say {
	if len(e.Battles) == 0 {
		return []Say{{To: "all", Text: "⚔️ **Combat Phase** (002 10): no hex holds combat units of both sides: no combat this turn."}}
	}
	var pub, ump []string
	for _, b := range e.Battles {
		f := ""
		if b.Fortification {
			f = " (a Washington fortification hex, 002 13)"
		}
		pub = append(pub, fmt.Sprintf("**%s**%s: the %s player decides first whether to attack", b.Hex, f, sideName(b.First)))
		ump = append(ump, fmt.Sprintf("%s: %s", b.Hex, b.Why))
	}
	return []Say{
		{To: "all", Text: "⚔️ **Combat Phase** (002 10): combat may occur in " + strings.Join(pub, "; ") +
			" (the higher initiative of the highest-ranking leaders; 10 steps 1-2). He attacks or declines with /litn attack hex:<hex> [units:...] [decline:true]; then his opponent may. The first player settles the order of the battles."},
		{To: "umpire", Text: "who decides first: " + strings.Join(ump, "; ")},
	}
}

// Say implements Sayer.
func (e *AttackDeclared) Say(g Game) []Say {
	if e.Declined {
		if e.NoCombat {
			return []Say{{To: "all", Text: fmt.Sprintf("⚔️ %s: the %s player does not attack either: no combat; all units remain in the hex (002 10 step 4).", e.Hex, sideName(e.Side))}}
		}
		return []Say{{To: "all", Text: fmt.Sprintf("⚔️ %s: the %s player does not attack; the %s player may (/litn attack hex:%s; 002 10 step 3).", e.Hex, sideName(e.Side), sideName(engine.EnemyOf(e.Side)), e.Hex)}}
	}
	f := ""
	if e.Fortification {
		f = " The hex is a Washington fortification hex: Union units there are entrenched and its intrinsic strength defends with them (002 13)."
	}
	return []Say{{To: "all", Text: fmt.Sprintf("⚔️ **%s**: the %s attacks with %s; the %s defends with %s (all defending units take part, 002 10.1).%s Each player declares his supply (/litn supply hex:%s) and then chooses his combat option, secretly (002 10.1-10.3).",
		e.Hex, sideName(e.Side), names(g, e.Attackers), sideName(engine.EnemyOf(e.Side)), names(g, e.Defenders), f, e.Hex)}}
}

// Say implements Sayer: the side's own supply is its own.
func (e *SupplyDeclared) Say(g Game) []Say {
	return []Say{{To: string(e.Side), Text: fmt.Sprintf("🛒 Your supply for the battle in %s: %s. Choose your combat option: /litn option hex:%s choice:<option> (secret until both are in, 002 10.3).", e.Hex, e.Why, e.Hex)}}
}

// Say implements Sayer: the chit is face down; only its side sees it.
func (e *OptionChosen) Say(g Game) []Say {
	return []Say{{To: string(e.Side), Text: fmt.Sprintf("🂠 Your chit for %s: **%s**, face down until your opponent has chosen (002 10.3).", e.Hex, e.Option)}}
}

// Say implements Sayer. The table sees what the rules make public: the
// chits revealed, the rounds, who is demoralized, killed or eliminated, the
// Depletion markers, the retreats due and the victory. Each side sees its
// own commitment, fire (with the hits it inflicts, which it reads off the
// chart itself), losses, excess-loss and demoralization rolls; the
// umpire sees the whole log.
func (e *BattleFought) Say(g Game) []Say {
	res := e.Result
	sides := [2]engine.Side{e.Attacker, engine.EnemyOf(e.Attacker)}
	var pub []string
	if e.Battle.Surprise {
		pub = append(pub, fmt.Sprintf("⚡ **Surprise attack in %s** (002 14.2): the %s attacks the %s at once, without combat options: two rounds unless a side is demoralized in the first; the attacker fires one column right; the defender does not fire in the first round.",
			e.Hex, sideName(sides[0]), sideName(sides[1])))
	} else {
		pub = append(pub, fmt.Sprintf("⚔️ **Battle in %s** (002 10): the chits are revealed together: the %s (attacker) plays **%s**, the %s (defender) **%s**.",
			e.Hex, sideName(sides[0]), e.Battle.AttackerOption, sideName(sides[1]), e.Battle.DefenderOption))
	}
	if lk := res.OptionsLookup; lk != nil {
		what := map[string]string{"1": "one round", "2": "two rounds", "U": "rounds until one or both sides are demoralized"}[lk.Result]
		pub = append(pub, fmt.Sprintf("Combat Options Chart (%s) row %s, column %s: **%s**, %s (10.3).", lk.Chart, lk.Row, lk.Column, lk.Result, what))
	}
	pub = append(pub, fmt.Sprintf("%d round(s) fought (10.5).", len(res.Fought)))
	for _, rd := range res.Fought {
		for r := range sides {
			if tr := rd.Demoralization[r]; tr != nil && tr.Outcome == "demoralized" {
				pub = append(pub, fmt.Sprintf("Round %d: the %s force fails its demoralization check: its participating units are demoralized (10.6).", rd.Number, sideName(sides[r])))
			}
		}
	}
	for _, w := range res.Wagons {
		if w.Roll != nil && w.Roll.Outcome == "depleted" {
			pub = append(pub, fmt.Sprintf("%s wagon %s gets a Depletion marker; it still supplies this Combat Phase (10.2).", sideName(sides[w.Role]), w.Wagon))
		}
	}
	for _, cs := range res.Casualties {
		if cs.Killed {
			pub = append(pub, fmt.Sprintf("%s is killed (14.3, %s rolled %d): his unit is replaced by a detachment of equal strength.", cs.Leader, cs.Roll.Table, cs.Roll.Natural))
		}
	}
	for r := range sides {
		ids := make([]string, 0, len(res.Losses[r]))
		for id := range res.Losses[r] {
			ids = append(ids, id)
		}
		sort.Strings(ids)
		for _, id := range ids {
			if u, ok := g.LITN.Units[id]; ok && res.Losses[r][id] > 0 && u.Eliminated {
				pub = append(pub, fmt.Sprintf("%s is eliminated (2.2).", u.Name))
			}
		}
	}
	if res.IntrinsicEliminated {
		pub = append(pub, "The fortification's intrinsic strength is eliminated; the entrenchment effect remains (13).")
	}
	for _, d := range res.Retreats {
		why := map[string]string{RetreatDemoralized: "demoralized, at once", RetreatWithdraw: "it chose Withdraw", RetreatUnsupplied: "it is unsupplied"}[d.Reason]
		pub = append(pub, fmt.Sprintf("The %s must retreat (%s; 10.6): /litn retreat hex:%s path:<hexes>.", sideName(sides[d.Role]), why, e.Hex))
	}
	if len(res.Retreats) == 0 {
		pub = append(pub, "No side retreats: all units remain in the hex (10.3).")
	}
	if v := res.Victory; v != nil {
		pub = append(pub, fmt.Sprintf("🏆 The %s wins a **%s victory** (10.8)%s.", sideName(sides[v.Winner]), choose(v.Major, "major", "minor"), choose(v.Major, ": 5 VP, recorded in the Conclusion Phase", ": 0 VP")))
	}
	says := []Say{{To: "all", Text: strings.Join(pub, " ")}}
	for r, s := range sides {
		says = append(says, Say{To: string(s), Text: battleSideText(g, e, r)})
	}
	says = append(says, Say{To: "umpire", Text: "battle log: " + strings.Join(res.Log, " | ")})
	return says
}

// battleSideText is what one side sees of its own part of a battle.
// Rounds are compact (a U battle may be long): the fire modifiers, which
// do not change, and the first demoralization check's are explained once.
func battleSideText(g Game, e *BattleFought, r int) string {
	res := e.Result
	var b strings.Builder
	fmt.Fprintf(&b, "Your battle in %s (%s):", e.Hex, roleName(r))
	for _, w := range res.Wagons {
		if w.Role == r {
			fmt.Fprintf(&b, " Wagon %s (%s): %s: %s (10.2).", w.Wagon, w.Roll.Table, tableLine(w.Roll), w.Roll.Name)
		}
	}
	cm := res.Commitment[r]
	if cm.Roll != nil {
		fmt.Fprintf(&b, " Commitment (10.4): %s's column %s: %s: %d%% of %d = **%d** committed.", cm.Leader, cm.Column, chartLine(cm.Roll), cm.Percent, cm.Total, cm.Committed)
	}
	explained, demoExplained := false, false
	for _, rd := range res.Fought {
		f := rd.Fire[r]
		fmt.Fprintf(&b, " Round %d:", rd.Number)
		if f.Silent != "" {
			fmt.Fprintf(&b, " you do not fire (%s).", f.Silent)
		} else {
			if !explained && len(f.Rolls) > 0 {
				fmt.Fprintf(&b, " your fire on the %s (%s), %s%s;", f.Rolls[0].Roll.Title, f.Rolls[0].Roll.Chart, f.Rolls[0].Roll.Dice, choose(len(f.Rolls[0].Roll.Modifiers) > 0, mods(f.Rolls[0].Roll.Modifiers), " without modifiers"))
				explained = true
			}
			if len(f.Why) > 0 {
				fmt.Fprintf(&b, " %d committed -> %d (%s);", f.Committed, f.Strength, strings.Join(f.Why, "; "))
			}
			for i, cr := range f.Rolls {
				fmt.Fprintf(&b, "%s %d points on column %s", choose(i > 0, ";", ""), cr.Strength, cr.Band)
				if cr.Shift != 0 || cr.Edge != "" {
					fmt.Fprintf(&b, " (%s%s)", choose(cr.Shift != 0, fmt.Sprintf("shifted %+d to %s", cr.Shift, cr.Roll.Column), ""), choose(cr.Edge != "", "; "+cr.Edge, ""))
				}
				fmt.Fprintf(&b, ": rolled %s = %d, row %s%s", ints(cr.Roll.Faces), cr.Roll.Total, cr.Roll.Row, choose(len(f.Rolls) > 1, " ("+cr.Roll.Result+")", ""))
			}
			fmt.Fprintf(&b, ": %d enemy points eliminated.", f.Inflicted)
		}
		fmt.Fprintf(&b, " You take %d hits.", rd.Fire[1-r].Inflicted)
		if ex := rd.Excess[r]; ex != nil {
			fmt.Fprintf(&b, " Excess losses (10.7, rolled for your opponent): %s: %d uncommitted points removed.", chartLine(ex.Roll), ex.Removed)
		}
		if tr := rd.Demoralization[r]; tr != nil {
			if !demoExplained {
				fmt.Fprintf(&b, " Demoralization check (10.6, %s): %s: %s.", tr.Table, tableLine(tr), tr.Name)
				demoExplained = true
			} else {
				var vs []string
				for _, m := range tr.Modifiers {
					vs = append(vs, fmt.Sprintf("%+d", m.Value))
				}
				fmt.Fprintf(&b, " Demoralization check: rolled %d %s = %d: %s.", tr.Natural, strings.Join(vs, " "), tr.Total, tr.Name)
			}
		}
	}
	for _, cs := range res.Casualties {
		if cs.Role == r {
			fmt.Fprintf(&b, " Leader casualty roll for %s (14.3): %s: %s.", cs.Leader, tableLine(cs.Roll), cs.Roll.Name)
		}
	}
	var ls []string
	ids := make([]string, 0, len(res.Losses[r]))
	for id := range res.Losses[r] {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		n := res.Losses[r][id]
		if n == 0 {
			continue
		}
		if id == IntrinsicID {
			ls = append(ls, fmt.Sprintf("intrinsic strength %d (%d left)", n, g.intrinsicLeft(e.Hex)))
			continue
		}
		u := g.LITN.Units[id]
		ls = append(ls, fmt.Sprintf("%s %d (now %d)", u.Name, n, u.Strength))
	}
	if len(ls) == 0 {
		b.WriteString(" You lose no strength points.")
	} else {
		fmt.Fprintf(&b, " Your losses: %s; %d in all, %d not militia (10.5, 10.7).", strings.Join(ls, ", "), res.Total[r], res.NonMilitia[r])
	}
	return b.String()
}

// Say implements Sayer: a retreat is seen on the map.
func (e *Retreated) Say(g Game) []Say {
	who := names(g, e.Units)
	if e.Removed {
		return []Say{{To: "all", Text: fmt.Sprintf("↩️ %s: the %s units %s have no legal retreat route of 4 MPs and are removed from play (002 10.6).", e.Hex, sideName(e.Side), who)}}
	}
	ump := ""
	if e.Umpire {
		ump = " (by the umpire)"
	}
	return []Say{{To: "all", Text: fmt.Sprintf("↩️ %s: the %s retreats%s (%s): %s to %s via %s (002 10.6).", e.Hex, sideName(e.Side), ump, e.Reason, who, e.Path[len(e.Path)-1], strings.Join(e.Path, ", "))}}
}

// Say implements Sayer: wagons are flipped on the map.
func (e *WagonsFlipped) Say(g Game) []Say {
	if len(e.Wagons) == 0 {
		return []Say{{To: "all", Text: "🛒 Wagon Depletion (002 3.1 G II): no wagon carries a Depletion marker."}}
	}
	var ws []string
	for _, id := range e.Wagons {
		w := g.LITN.Wagons[id]
		ws = append(ws, fmt.Sprintf("%s wagon %s at %s", sideName(w.Side), id, w.At))
	}
	return []Say{{To: "all", Text: "🛒 Wagon Depletion (002 3.1 G II, 10.2): flipped to their depleted sides: " + strings.Join(ws, "; ") + "."}}
}
