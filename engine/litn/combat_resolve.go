package litn

import (
	"fmt"

	"github.com/umpire-games/umpire/engine"
)

// ResolveBattle (002 10.1 steps 3-9): one battle fought round by round,
// from the commitments (10.4) through the rounds (10.5) and losses (10.7)
// to demoralization (10.6) and the victory (10.8).

// pool is a side's strength during the battle.
type pool struct {
	units      []CombatUnit   // including the intrinsic strength
	committed  map[string]int // committed points left per unit
	uncommit   map[string]int // uncommitted points left per unit
	order      []string       // loss order
	initial    int            // initial committed strength
	lost       int
	nonMilitia int
	losses     map[string]int
}

// ResolveBattle fights one battle with dice d on charts c. The battle
// is validated first: a refused battle rolls no die.
func ResolveBattle(b Battle, c Charts, d engine.Dice) (*BattleResult, error) {
	if c.Library == nil {
		return nil, fmt.Errorf("engine: LITN battle without a library")
	}
	if err := b.validate(c); err != nil {
		return nil, err
	}
	res := &BattleResult{}
	logf := func(f string, a ...any) { res.Log = append(res.Log, fmt.Sprintf(f, a...)) }
	forces := [2]*Force{&b.Attacker, &b.Defender}
	opts := [2]Option{b.AttackerOption, b.DefenderOption}
	name := func(r int) string { return fmt.Sprintf("%s (%s)", roleName(r), forces[r].Side) }

	// Washington (13): Union units there are entrenched; 8.8: no
	// entrenchment benefit at Harpers Ferry against infantry from 1629.
	entrenchOK := true
	if b.Hex == "1529" {
		for _, u := range b.Attacker.Units {
			if u.Type == Infantry && u.EnteredFrom == "1629" {
				entrenchOK = false
				logf("002 8.8: %s attacks Harpers Ferry (1529) from Maryland Heights (1629): the defenders get no entrenchment benefit", u.Name)
				break
			}
		}
	}
	entrenched := func(u CombatUnit) bool {
		return entrenchOK && (u.Entrenched || b.Fortification != nil)
	}
	defUnits := append([]CombatUnit(nil), b.Defender.Units...)
	if b.Fortification != nil {
		if b.Fortification.Intrinsic > 0 {
			defUnits = append(defUnits, CombatUnit{ID: IntrinsicID, Name: "Washington fortification intrinsic strength", Type: Infantry, Strength: b.Fortification.Intrinsic})
			logf("002 13: the fortification's intrinsic strength of %d defends with the Union as though it were a combat unit; Union units in the hex are entrenched", b.Fortification.Intrinsic)
		} else {
			logf("002 13: the fortification's intrinsic strength is gone; Union units in the hex are still entrenched")
		}
	}
	anyEntrenched := false
	for _, u := range defUnits {
		anyEntrenched = anyEntrenched || entrenched(u)
	}

	// 10.1 step 3: the Combat Options Chart.
	if b.Surprise {
		res.Rounds = "2"
		logf("002 14.2: surprise attack: no combat options; two rounds unless a side is demoralized in the first")
	} else {
		logf("002 10.3: the options are revealed together: the attacker plays %s, the defender %s", opts[0], opts[1])
		lk, err := lookup(c, SlotOptions, string(opts[0]), string(opts[1]))
		if err != nil {
			return nil, err
		}
		res.OptionsLookup, res.Rounds = lk, lk.Result
		what := map[string]string{"1": "one round", "2": "two rounds", "U": "rounds until one or both sides are demoralized"}[lk.Result]
		logf("002 10.3: %s (%s) row %s, column %s: %s: %s", c.Library.Slot(SlotOptions).Title, SlotOptions, lk.Row, lk.Column, lk.Result, what)
	}

	// 10.1 step 2, 10.2: wagon depletion right after choosing the option.
	if !b.Surprise {
		wt := c.Library.Table(TableWagon)
		for r, f := range forces {
			for _, w := range f.Wagons {
				if w.Marked {
					logf("002 10.2: wagon %s already carries a Depletion marker: it supplies the %s without another roll", w.ID, name(r))
					continue
				}
				pb := 0
				if opts[r] == Pitched {
					pb = 1
				}
				tr, err := wt.Roll(d, engine.Facts{"pitched_battle": pb})
				if err != nil {
					return nil, err
				}
				res.Wagons = append(res.Wagons, WagonRoll{Role: r, Wagon: w.ID, Roll: tr})
				logf("002 10.2: wagon %s supplying the %s (%s): rolled %d%s: %s", w.ID, name(r), TableWagon, tr.Natural, choose(pb == 1, " with Pitched Battle (5 or 6 depletes)", " (6 depletes)"), tr.Name)
			}
		}
	}

	// 10.4: commitment.
	pools := [2]*pool{}
	for r, f := range forces {
		units := f.Units
		if r == Def {
			units = defUnits
		}
		cm, p, err := b.commit(r, units, c, d, opts[r], entrenched, logf)
		if err != nil {
			return nil, err
		}
		res.Commitment[r], pools[r] = cm, p
	}
	began := [2]bool{}
	for r, f := range forces {
		for _, u := range f.Units {
			began[r] = began[r] || u.Demoralized
		}
	}

	// 10.5-10.7: the rounds.
	leaders := [2]Leader{}
	for r, f := range forces {
		leaders[r], _ = highest(f.Leaders)
	}
	checking := [2]bool{}
	for n := 1; ; n++ {
		if res.Rounds != "U" && n > atoi(res.Rounds) {
			break
		}
		if n > maxRounds {
			return nil, engine.Illegal("litn.combat.endless", fmt.Sprintf("the battle in %s has gone %d rounds without a side demoralized", b.Hex, maxRounds), "Check the loaded Combat Results Table; the umpire settles the battle by hand")
		}
		round := Round{Number: n}
		logf("002 10.5: round %d", n)
		for r := range forces {
			fire, err := b.fire(r, n, pools[r], leaders[r], opts[r], anyEntrenched, entrenched, c, d, logf)
			if err != nil {
				return nil, err
			}
			round.Fire[r] = fire
			if b.LeaderCasualties {
				for _, cr := range fire.Rolls {
					if cr.Roll.Natural == 6 {
						cs, err := casualties(r, n, forces[r], c, d, logf)
						if err != nil {
							return nil, err
						}
						res.Casualties = append(res.Casualties, cs...)
					}
				}
			}
		}
		// Fire is simultaneous: losses come off after both have fired.
		for r := range forces {
			ex, err := b.takeLosses(r, pools[r], round.Fire[1-r].Inflicted, c, d, logf)
			if err != nil {
				return nil, err
			}
			round.Excess[r] = ex
		}
		// 10.6: demoralization checks.
		dt := c.Library.Table(TableDemoralize)
		for r := range forces {
			p := pools[r]
			if !checking[r] && p.lost > 0 && p.lost*10 >= p.initial {
				checking[r] = true
				logf("002 10.6: the %s has lost %d of %d committed points (10%% or more): it checks for demoralization now and every later round", name(r), p.lost, p.initial)
			}
			if !checking[r] {
				continue
			}
			tenths := 10
			if p.initial > 0 {
				tenths = min(10, p.lost*10/p.initial)
			}
			ent := 0
			if r == Def && anyEntrenched {
				ent = 1
			}
			facts := engine.Facts{"tenths_lost": tenths, "leader_command_rating": leaders[r].combatCommand(), "defending": r,
				"units_entrenched": ent, "began_demoralized": boolInt(began[r])}
			tr, err := dt.Roll(d, facts)
			if err != nil {
				return nil, err
			}
			round.Demoralization[r] = tr
			logf("002 10.6: %s demoralization check (%s, leader %s): %s: %s", name(r), TableDemoralize, leaders[r].Name, tableLine(tr), tr.Name)
			if tr.Outcome == "demoralized" {
				res.Demoralized[r] = true
			}
		}
		res.Fought = append(res.Fought, round)
		if res.Demoralized[0] || res.Demoralized[1] {
			break
		}
	}

	// 10.6: retreats, in order.
	due := [2]string{}
	for r := range forces {
		if res.Demoralized[r] {
			due[r] = RetreatDemoralized
		}
	}
	for r, f := range forces {
		switch {
		case due[r] != "":
		case opts[r] == Withdraw:
			due[r] = RetreatWithdraw
		case !f.Supplied && len(f.Units) > 0 && !res.Demoralized[1-r]:
			due[r] = RetreatUnsupplied
		case !f.Supplied && len(f.Units) > 0:
			logf("002 10.2: the %s is unsupplied but need not retreat: the enemy retreats because of demoralization", name(r))
		}
	}
	first := Att
	if due[0] != "" && due[1] != "" {
		// The worse command rating (the higher number) retreats first;
		// on equal ratings the attacker.
		if leaders[1].combatCommand() > leaders[0].combatCommand() {
			first = Def
		}
		logf("002 10.6: both sides retreat: the %s retreats first (command ratings %d and %d; the worse first, the attacker on equal)", name(first), leaders[first].combatCommand(), leaders[1-first].combatCommand())
	}
	for _, r := range [2]int{first, 1 - first} {
		if due[r] == "" {
			continue
		}
		res.Retreats = append(res.Retreats, RetreatDue{Role: r, Reason: due[r]})
		why := map[string]string{
			RetreatDemoralized: "demoralized: all participating units are flipped and retreat at once, 4 MPs, to a shorter supply line if possible (10.6)",
			RetreatWithdraw:    "it chose Withdraw: it retreats after the last round, 4 MPs, closer to another friendly force if possible (10.3, 10.6)",
			RetreatUnsupplied:  "it is unsupplied: it retreats after the last round, 4 MPs, closer to another friendly force if possible (10.2, 10.6)",
		}[due[r]]
		logf("002 10.6: the %s retreats: %s", name(r), why)
	}
	if len(res.Retreats) == 0 {
		logf("002 10.3: no side retreats: all units remain in the hex")
	}

	// 13: the intrinsic strength.
	if b.Fortification != nil {
		left := pools[Def].committed[IntrinsicID] + pools[Def].uncommit[IntrinsicID]
		if b.Fortification.Intrinsic <= 0 {
			left = 0
		}
		switch {
		case left > 0 && res.Demoralized[Def]:
			res.IntrinsicEliminated = true
			logf("002 13: the Union defence is demoralized: the intrinsic strength is eliminated (the entrenchment effect remains)")
			left = 0
		case left > 0 && due[Def] != "" && len(b.Defender.Units) > 0:
			res.IntrinsicEliminated = true
			logf("002 13: all Union combat units retreat from the hex: the intrinsic strength is eliminated (the entrenchment effect remains)")
			left = 0
		}
		res.Intrinsic = &left
	}

	// 10.8: victory.
	for r := range forces {
		res.Losses[r], res.Total[r], res.NonMilitia[r] = pools[r].losses, pools[r].lost, pools[r].nonMilitia
	}
	if len(res.Retreats) == 1 {
		loser := res.Retreats[0].Role
		counted := res.NonMilitia[loser] + forces[loser].PriorLosses
		v := &Victory{Winner: 1 - loser, Major: counted >= majorVictory, LossesCounted: counted}
		if v.Major {
			v.VP = majorVictoryVP
		}
		res.Victory = v
		prior := ""
		if forces[loser].PriorLosses > 0 {
			prior = fmt.Sprintf(" (%d this battle and %d on the consecutive turns of combat before it)", res.NonMilitia[loser], forces[loser].PriorLosses)
		}
		logf("002 10.8: only the %s retreats: the %s wins a %s victory: the loser lost %d strength points not counting militia%s; %s",
			name(loser), name(1-loser), choose(v.Major, "major", "minor"), counted, prior, choose(v.Major, "15 or more: 5 VP", "fewer than 15: 0 VP"))
	}
	for _, w := range res.Wagons {
		if w.Roll.Outcome == "depleted" {
			logf("002 10.2: wagon %s gets a Depletion marker; it flips to its depleted side at the end of the Combat Phase", w.Wagon)
		}
	}
	return res, nil
}
