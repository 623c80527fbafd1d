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
//
// The steps follow 10.1's procedure in order, each logging what it
// settles: entrenchment and fortifications (8.8, 13), the Combat Options
// Chart (10.3), wagon depletion (10.2), commitment (10.4), the rounds
// (10.5-10.7), the retreats (10.6), the intrinsic strength (13) and the
// victory (10.8). The dice are rolled in that order, so a scripted battle
// reads the same dice as before.
func ResolveBattle(b Battle, c Charts, d engine.Dice) (*BattleResult, error) {
	if c.Library == nil {
		return nil, fmt.Errorf("litn: battle without a library")
	}
	if err := b.validate(c); err != nil {
		return nil, err
	}
	f := &fight{b: &b, c: c, d: d, res: &BattleResult{},
		forces: [2]*Force{&b.Attacker, &b.Defender},
		opts:   [2]Option{b.AttackerOption, b.DefenderOption}}
	f.entrenchment()
	for _, step := range []func() error{f.options, f.wagonDepletion, f.commitments, f.rounds} {
		if err := step(); err != nil {
			return nil, err
		}
	}
	f.retreats()
	f.intrinsic()
	f.victory()
	return f.res, nil
}

// fight is one ResolveBattle under way: the battle, its charts and dice,
// the result being written, and what each step leaves for the later ones.
type fight struct {
	b      *Battle
	c      Charts
	d      engine.Dice
	res    *BattleResult
	forces [2]*Force
	opts   [2]Option
	// entrenchOK is false when 8.8 denies the defenders their
	// entrenchment (Harpers Ferry attacked from Maryland Heights).
	entrenchOK bool
	// defUnits are the defender's units with the fortification's
	// intrinsic strength as one more (13); anyEntrenched is whether any
	// of them is entrenched.
	defUnits      []CombatUnit
	anyEntrenched bool
	pools         [2]*pool
	// began is whether a side had a demoralized unit as the battle began
	// (10.6's Demoralization Table modifier).
	began    [2]bool
	leaders  [2]Leader
	checking [2]bool // 10.6: a side checks for demoralization from the round it lost 10%
	due      [2]string
}

func (f *fight) logf(format string, a ...any) {
	f.res.Log = append(f.res.Log, fmt.Sprintf(format, a...))
}

func (f *fight) name(r int) string { return fmt.Sprintf("%s (%s)", roleName(r), f.forces[r].Side) }

func (f *fight) entrenched(u CombatUnit) bool {
	return f.entrenchOK && (u.Entrenched || f.b.Fortification != nil)
}

// entrenchment: Washington (13): Union units there are entrenched; 8.8: no
// entrenchment benefit at Harpers Ferry against infantry from 1629.
func (f *fight) entrenchment() {
	b := f.b
	f.entrenchOK = true
	if b.Hex == "1529" {
		for _, u := range b.Attacker.Units {
			if u.Type == Infantry && u.EnteredFrom == "1629" {
				f.entrenchOK = false
				f.logf("002 8.8: %s attacks Harpers Ferry (1529) from Maryland Heights (1629): the defenders get no entrenchment benefit", u.Name)
				break
			}
		}
	}
	f.defUnits = append([]CombatUnit(nil), b.Defender.Units...)
	if b.Fortification != nil {
		if b.Fortification.Intrinsic > 0 {
			f.defUnits = append(f.defUnits, CombatUnit{ID: IntrinsicID, Name: "Washington fortification intrinsic strength", Type: Infantry, Strength: b.Fortification.Intrinsic})
			f.logf("002 13: the fortification's intrinsic strength of %d defends with the Union as though it were a combat unit; Union units in the hex are entrenched", b.Fortification.Intrinsic)
		} else {
			f.logf("002 13: the fortification's intrinsic strength is gone; Union units in the hex are still entrenched")
		}
	}
	for _, u := range f.defUnits {
		f.anyEntrenched = f.anyEntrenched || f.entrenched(u)
	}
}

// options: 10.1 step 3, the Combat Options Chart (10.3) says how many
// rounds are fought; a surprise attack has no options and two rounds
// (14.2).
func (f *fight) options() error {
	res, c, opts := f.res, f.c, f.opts
	if f.b.Surprise {
		res.Rounds = "2"
		f.logf("002 14.2: surprise attack: no combat options; two rounds unless a side is demoralized in the first")
		return nil
	}
	f.logf("002 10.3: the options are revealed together: the attacker plays %s, the defender %s", opts[0], opts[1])
	lk, err := lookup(c, SlotOptions, string(opts[0]), string(opts[1]))
	if err != nil {
		return err
	}
	res.OptionsLookup, res.Rounds = lk, lk.Result
	what := map[string]string{"1": "one round", "2": "two rounds", "U": "rounds until one or both sides are demoralized"}[lk.Result]
	f.logf("002 10.3: %s (%s) row %s, column %s: %s: %s", c.Library.Slot(SlotOptions).Title, SlotOptions, lk.Row, lk.Column, lk.Result, what)
	return nil
}

// wagonDepletion: 10.1 step 2, 10.2: wagon depletion right after choosing
// the option (none in a surprise attack, 14.2).
func (f *fight) wagonDepletion() error {
	if f.b.Surprise {
		return nil
	}
	wt := f.c.Library.Table(TableWagon)
	for r, fo := range f.forces {
		for _, w := range fo.Wagons {
			if w.Marked {
				f.logf("002 10.2: wagon %s already carries a Depletion marker: it supplies the %s without another roll", w.ID, f.name(r))
				continue
			}
			pb := 0
			if f.opts[r] == Pitched {
				pb = 1
			}
			tr, err := wt.Roll(f.d, engine.Facts{"pitched_battle": pb})
			if err != nil {
				return err
			}
			f.res.Wagons = append(f.res.Wagons, WagonRoll{Role: r, Wagon: w.ID, Roll: tr})
			f.logf("002 10.2: wagon %s supplying the %s (%s): rolled %d%s: %s", w.ID, f.name(r), TableWagon, tr.Natural, choose(pb == 1, " with Pitched Battle (5 or 6 depletes)", " (6 depletes)"), tr.Name)
		}
	}
	return nil
}

// commitments: 10.4, each side's commitment; and whether a side began the
// battle with demoralized units, and its highest-ranking leader, for the
// rounds (10.5, 10.6).
func (f *fight) commitments() error {
	for r, fo := range f.forces {
		units := fo.Units
		if r == Def {
			units = f.defUnits
		}
		cm, p, err := f.b.commit(r, units, f.c, f.d, f.opts[r], f.entrenched, f.logf)
		if err != nil {
			return err
		}
		f.res.Commitment[r], f.pools[r] = cm, p
	}
	for r, fo := range f.forces {
		for _, u := range fo.Units {
			f.began[r] = f.began[r] || u.Demoralized
		}
	}
	for r, fo := range f.forces {
		f.leaders[r], _ = highest(fo.Leaders)
	}
	return nil
}

// rounds: 10.5-10.7, the rounds the options chart gave, or until a side
// is demoralized ("U"; refused past maxRounds).
func (f *fight) rounds() error {
	for n := 1; ; n++ {
		if f.res.Rounds != "U" && n > atoi(f.res.Rounds) {
			break
		}
		if n > maxRounds {
			return engine.Illegal("litn.combat.endless", fmt.Sprintf("the battle in %s has gone %d rounds without a side demoralized", f.b.Hex, maxRounds), "Check the loaded Combat Results Table; the umpire settles the battle by hand")
		}
		round := Round{Number: n}
		f.logf("002 10.5: round %d", n)
		if err := f.fireRound(n, &round); err != nil {
			return err
		}
		// Fire is simultaneous: losses come off after both have fired.
		for r := range f.forces {
			ex, err := f.b.takeLosses(r, f.pools[r], round.Fire[1-r].Inflicted, f.c, f.d, f.logf)
			if err != nil {
				return err
			}
			round.Excess[r] = ex
		}
		if err := f.demoralization(&round); err != nil {
			return err
		}
		f.res.Fought = append(f.res.Fought, round)
		if f.res.Demoralized[0] || f.res.Demoralized[1] {
			break
		}
	}
	return nil
}

// fireRound: both sides fire (10.5); a natural 6 risks the firing side's
// leaders when leader casualties are in play (14.3).
func (f *fight) fireRound(n int, round *Round) error {
	for r := range f.forces {
		fire, err := f.b.fire(r, n, f.pools[r], f.leaders[r], f.opts[r], f.anyEntrenched, f.entrenched, f.c, f.d, f.logf)
		if err != nil {
			return err
		}
		round.Fire[r] = fire
		if f.b.LeaderCasualties {
			for _, cr := range fire.Rolls {
				if cr.Roll.Natural == 6 {
					cs, err := casualties(r, n, f.forces[r], f.c, f.d, f.logf)
					if err != nil {
						return err
					}
					f.res.Casualties = append(f.res.Casualties, cs...)
				}
			}
		}
	}
	return nil
}

// demoralization: 10.6, the demoralization checks of a round, from the
// round a side has lost 10% of its committed points.
func (f *fight) demoralization(round *Round) error {
	dt := f.c.Library.Table(TableDemoralize)
	for r := range f.forces {
		p := f.pools[r]
		if !f.checking[r] && p.lost > 0 && p.lost*10 >= p.initial {
			f.checking[r] = true
			f.logf("002 10.6: the %s has lost %d of %d committed points (10%% or more): it checks for demoralization now and every later round", f.name(r), p.lost, p.initial)
		}
		if !f.checking[r] {
			continue
		}
		tenths := 10
		if p.initial > 0 {
			tenths = min(10, p.lost*10/p.initial)
		}
		ent := 0
		if r == Def && f.anyEntrenched {
			ent = 1
		}
		facts := engine.Facts{"tenths_lost": tenths, "leader_command_rating": f.leaders[r].combatCommand(), "defending": r,
			"units_entrenched": ent, "began_demoralized": boolInt(f.began[r])}
		tr, err := dt.Roll(f.d, facts)
		if err != nil {
			return err
		}
		round.Demoralization[r] = tr
		f.logf("002 10.6: %s demoralization check (%s, leader %s): %s: %s", f.name(r), TableDemoralize, f.leaders[r].Name, tableLine(tr), tr.Name)
		if tr.Outcome == "demoralized" {
			f.res.Demoralized[r] = true
		}
	}
	return nil
}

// retreats: 10.6, who retreats (demoralized, Withdraw 10.3, unsupplied
// 10.2), in order.
func (f *fight) retreats() {
	res, due := f.res, &f.due
	for r := range f.forces {
		if res.Demoralized[r] {
			due[r] = RetreatDemoralized
		}
	}
	for r, fo := range f.forces {
		switch {
		case due[r] != "":
		case f.opts[r] == Withdraw:
			due[r] = RetreatWithdraw
		case !fo.Supplied && len(fo.Units) > 0 && !res.Demoralized[1-r]:
			due[r] = RetreatUnsupplied
		case !fo.Supplied && len(fo.Units) > 0:
			f.logf("002 10.2: the %s is unsupplied but need not retreat: the enemy retreats because of demoralization", f.name(r))
		}
	}
	first := Att
	if due[0] != "" && due[1] != "" {
		// The worse command rating (the higher number) retreats first;
		// on equal ratings the attacker.
		if f.leaders[1].combatCommand() > f.leaders[0].combatCommand() {
			first = Def
		}
		f.logf("002 10.6: both sides retreat: the %s retreats first (command ratings %d and %d; the worse first, the attacker on equal)", f.name(first), f.leaders[first].combatCommand(), f.leaders[1-first].combatCommand())
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
		f.logf("002 10.6: the %s retreats: %s", f.name(r), why)
	}
	if len(res.Retreats) == 0 {
		f.logf("002 10.3: no side retreats: all units remain in the hex")
	}
}

// intrinsic: 13, the fortification's intrinsic strength left, eliminated
// when the Union defence is demoralized or all its units retreat.
func (f *fight) intrinsic() {
	b, res := f.b, f.res
	if b.Fortification == nil {
		return
	}
	left := f.pools[Def].committed[IntrinsicID] + f.pools[Def].uncommit[IntrinsicID]
	if b.Fortification.Intrinsic <= 0 {
		left = 0
	}
	switch {
	case left > 0 && res.Demoralized[Def]:
		res.IntrinsicEliminated = true
		f.logf("002 13: the Union defence is demoralized: the intrinsic strength is eliminated (the entrenchment effect remains)")
		left = 0
	case left > 0 && f.due[Def] != "" && len(b.Defender.Units) > 0:
		res.IntrinsicEliminated = true
		f.logf("002 13: all Union combat units retreat from the hex: the intrinsic strength is eliminated (the entrenchment effect remains)")
		left = 0
	}
	res.Intrinsic = &left
}

// victory: 10.8, the losses, and the victory when only one side retreats;
// then the wagons depleted (10.2).
func (f *fight) victory() {
	res, forces := f.res, f.forces
	for r := range forces {
		res.Losses[r], res.Total[r], res.NonMilitia[r] = f.pools[r].losses, f.pools[r].lost, f.pools[r].nonMilitia
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
		f.logf("002 10.8: only the %s retreats: the %s wins a %s victory: the loser lost %d strength points not counting militia%s; %s",
			f.name(loser), f.name(1-loser), choose(v.Major, "major", "minor"), counted, prior, choose(v.Major, "15 or more: 5 VP", "fewer than 15: 0 VP"))
	}
	for _, w := range res.Wagons {
		if w.Roll.Outcome == "depleted" {
			f.logf("002 10.2: wagon %s gets a Depletion marker; it flips to its depleted side at the end of the Combat Phase", w.Wagon)
		}
	}
}
