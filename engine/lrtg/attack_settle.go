package lrtg

import (
	"fmt"
	"slices"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// The defender's answer and the battle settled (attack.go).

// pendingBattle finds the battle an answer names (0: the one pending),
// with a refusal that says which exist.
func (g Game) pendingBattle(n int) (Battle, *engine.RuleError) {
	p := g.Attacks.Pending
	if n == 0 {
		switch len(p) {
		case 0:
			return Battle{}, engine.Illegal("attack.none", "No battle waits to be settled", "Declare one with /attack declare")
		case 1:
			return p[0], nil
		}
		var ns []string
		for _, b := range p {
			ns = append(ns, fmt.Sprintf("#%d", b.N))
		}
		return Battle{}, engine.Invalid("attack.battle", fmt.Sprintf("%d battles wait: %s", len(p), strings.Join(ns, ", ")), "Name one with battle:<number>")
	}
	if b, ok := g.Attacks.Battle(n); ok {
		return b, nil
	}
	for _, r := range g.Attacks.Applied {
		if r.Attack == n {
			return Battle{}, engine.Illegal("attack.settled", fmt.Sprintf("Battle #%d has been settled and its results applied", n), "A battle is applied once; the umpire corrects a result with /battle result")
		}
	}
	if n > 0 && n <= g.Attacks.Next {
		return Battle{}, engine.Illegal("attack.settled", fmt.Sprintf("Battle #%d waits no more: it was settled or called off", n), "A battle is applied once; the umpire corrects a result with /battle result")
	}
	return Battle{}, engine.Invalid("attack.battle", fmt.Sprintf("There is no battle #%d", n), "/action show says what the game waits for")
}

// answersFor reports whether the player may answer for the defender: he
// commands one of the defending units, or acts as his side's overall
// commander.
func (g Game) answersFor(by engine.Actor, b Battle) bool {
	p := g.Player(by.ID)
	if p == nil || p.Side == b.Side {
		return false
	}
	if g.ActsAsOverall(*p) {
		return true
	}
	for _, id := range b.Defenders {
		if u, ok := g.Units[id]; ok && g.Controls(by, u) {
			return true
		}
	}
	return false
}

func (g Game) decideAnswerAttack(cmd AnswerAttack, d engine.Dice) ([]engine.Event, error) {
	if err := g.BoardReady(cmd.By); err != nil {
		return nil, err
	}
	umpire := g.IsUmpire(cmd.By)
	deadline := umpire && cmd.Reason == engine.DeadlineReason // the scheduler acts as the umpire
	if !umpire && g.Player(cmd.By.ID) == nil {
		return nil, engine.Illegal("attack.player", "Only the game's players and its umpire answer an attack", "Join the game with /game join")
	}
	b, re := g.pendingBattle(cmd.Battle)
	if re != nil {
		return nil, re
	}
	switch {
	case umpire:
	case !g.answersFor(cmd.By, b):
		return nil, engine.Illegal("attack.defender", fmt.Sprintf("Battle #%d's modifiers are the defender's to state", b.N), "The defending units' commander answers; the umpire may settle it")
	case b.Answered:
		return nil, engine.Illegal("attack.answered", fmt.Sprintf("Battle #%d has its defender's answer already", b.N), "The umpire settles it with /attack defend")
	}
	var evs []engine.Event
	if deadline {
		if b.Answered {
			return nil, engine.Illegal("attack.answered", fmt.Sprintf("Battle #%d has its defender's answer already", b.N), "")
		}
		// A missed deadline answers "none" (docs/deadlines.md); the umpire
		// settles the battle with the charts.
		return []engine.Event{&AttackAnswered{N: b.N, By: cmd.By, Default: true}}, nil
	}
	if cmd.Charts == nil || cmd.Charts.Chart == nil {
		return nil, errCombatNotLoaded()
	}
	stated, probs := checkStated(cmd.Charts, Defender, cmd.Stated, umpire)
	defenders := g.engaged(b.Defenders, &b.Hex)
	word := cmd.Disorganized
	if umpire && b.Answered && word == "" {
		word = b.DefDisorganized
	}
	if p := checkCounting(cmd.Charts, defenders, word, Defender); p != nil {
		probs = append(probs, p)
	}
	var umpireAtt *engine.RuleError
	if umpire && b.Disorganized == "" && cmd.Charts.Disorganized == "" {
		// The umpire settles: his word for an attacker who gave none.
		umpireAtt = checkCounting(cmd.Charts, g.engaged(b.Attackers, nil), cmd.Disorganized, Attacker)
		if umpireAtt != nil {
			probs = append(probs, umpireAtt)
		}
	}
	if err := attackProblems(probs); err != nil {
		return nil, err
	}
	word = strings.ToLower(strings.TrimSpace(word))
	var extra []StatedModifier // the umpire's, after the defender's answer
	if !b.Answered {
		ans := &AttackAnswered{N: b.N, By: cmd.By, Stated: stated, Disorganized: word}
		evs = append(evs, ans)
		b.Answered, b.AnsweredBy, b.DefStated, b.DefDisorganized = true, cmd.By, stated, word
	} else {
		extra = stated
		b.DefDisorganized = word
	}
	if umpire && b.Disorganized == "" {
		b.Disorganized = strings.ToLower(strings.TrimSpace(cmd.Disorganized))
	}
	settled, applied, rolls, err := g.settleBattle(b, cmd, extra, d)
	if err != nil {
		return nil, err
	}
	return append(append(evs, rolls...), settled, applied), nil
}

// engaged are the battle's units still in it: on the map, not eliminated,
// the defenders still in the hex (at, when given).
func (g Game) engaged(ids []string, at *engine.Hex) []engine.UnitState {
	var out []engine.UnitState
	for _, id := range ids {
		u, ok := g.Units[id]
		if ok && u.OnMap && !u.Eliminated && (at == nil || u.Hex == *at) {
			out = append(out, u)
		}
	}
	return out
}

// combatValue counts a side's combat value from its units' manpower, a
// disorganized unit by the copy's setting or its side's word (a half
// stays a half: the chart's note places values between its columns).
func combatValue(units []engine.UnitState, copySays, word, role string) ([]UnitValue, float64, string) {
	how, source := copySays, "the loaded chart"
	if how == "" {
		how, source = word, "the "+role+"'s word"
	}
	var out []UnitValue
	total, disorganized := 0.0, false
	for _, u := range units {
		v := UnitValue{Unit: u.ID, Manpower: u.Manpower, Counted: float64(u.Manpower)}
		if u.WithStatus().Status.Disorganized {
			v.Disorganized, disorganized = true, true
			if how == DisorganizedHalf {
				v.Counted = float64(u.Manpower) / 2
			}
		}
		total += v.Counted
		out = append(out, v)
	}
	counting := ""
	if disorganized {
		counting = fmt.Sprintf("disorganized units count %s (%s)", how, source)
	}
	return out, total, counting
}

// ruleModifiers are the modifiers the seeds' rules apply by themselves.
func (g Game) ruleModifiers(b Battle) []StatedModifier {
	var out []StatedModifier
	if b.Type == AttackAssault && b.Leader == idJackson && g.Options.JacksonLives {
		if j, ok := g.JacksonThisTurn(); !ok || j.Outcome != "impacted" {
			out = append(out, StatedModifier{Name: "Jackson bonus", Value: 1, Side: Attacker, StatedBy: StatedByRule, Rule: "LRTG 31.3"})
		}
	}
	rule := "LRTG 15.2"
	if g.sequenceRule() == "004" {
		rule = "004 Army Morale"
	}
	for _, x := range []struct {
		role string
		side engine.Side
	}{{Attacker, b.Side}, {Defender, engine.EnemyOf(b.Side)}} {
		r := g.Records.Armies[x.side]
		switch {
		case r.Panic:
			out = append(out, StatedModifier{Name: "Army Panic (" + sideName(x.side) + ")", Value: -1, Side: x.role, StatedBy: StatedByRule, Rule: rule})
		case r.Disorder && x.role == Attacker:
			out = append(out, StatedModifier{Name: "Army Disorder (" + sideName(x.side) + ")", Value: -1, Side: x.role, StatedBy: StatedByRule, Rule: rule})
		}
	}
	return out
}

// settleBattle rolls both dice, reads the chart and works out both sides'
// results (status.go combatSide), with a rout's demoralization and the
// entrenchment a retreat leaves (choice A3).
func (g Game) settleBattle(b Battle, cmd AnswerAttack, extra []StatedModifier, d engine.Dice) (*AttackSettled, *CombatApplied, []engine.Event, error) {
	c := cmd.Charts
	attackers, defenders := g.engaged(b.Attackers, nil), g.engaged(b.Defenders, &b.Hex)
	if len(attackers) == 0 || len(defenders) == 0 && !b.Fort.Held() {
		return nil, nil, nil, engine.Illegal("attack.gone", fmt.Sprintf("Battle #%d has no attacker or no defender left in it", b.N), "The umpire rules on it with /battle result")
	}
	s := &AttackSettled{N: b.N, By: cmd.By, Turn: g.Turn, Type: b.Type, Ref: b.Ref, AttSide: b.Side, DefenderSide: engine.EnemyOf(b.Side), Fort: b.Fort}
	s.Attackers, s.AttValue, s.AttCounting = combatValue(attackers, c.Disorganized, b.Disorganized, Attacker)
	s.Defenders, s.DefValue, s.DefCounting = combatValue(defenders, c.Disorganized, b.DefDisorganized, Defender)
	if b.Fort != nil {
		s.Defenders, s.DefValue = fortDefence(b.Fort, s.Defenders) // forts.go: 9.3, 9.4
	}
	if b.Disorganized != "" && s.AttCounting != "" && g.IsUmpire(b.By) {
		s.AttCounting = strings.Replace(s.AttCounting, "the attacker's word", "the umpire's word", 1)
	}
	s.Modifiers = slices.Concat(b.Stated, b.DefStated, extra, g.ruleModifiers(b))
	count := g.RollsOf("") // both sides see the battle's dice
	var rolls []engine.Event
	for i, who := range []string{Attacker, Defender} {
		out, err := engine.NumberedRoll(engine.RollDice{By: cmd.By, Expression: "1d6", Purpose: fmt.Sprintf("battle #%d, the %s's combat die", b.N, who)}, d, count, "")
		if err != nil {
			return nil, nil, nil, err
		}
		r := out[0].(*engine.DiceRolled)
		count = r.Number
		rolls = append(rolls, r)
		if i == 0 {
			s.AttRoll, s.AttDie = r.Number, r.Total
		} else {
			s.DefRoll, s.DefDie = r.Number, r.Total
		}
	}
	s.AttTotal, s.DefTotal = s.AttDie, s.DefDie
	for _, m := range s.Modifiers {
		if m.Side == Attacker {
			s.AttTotal += m.Value
		} else {
			s.DefTotal += m.Value
		}
	}
	s.Diff = s.AttTotal - s.DefTotal
	att, def, row, attCol, defCol, err := c.Chart.Combat(s.AttValue, s.DefValue, s.Diff)
	if err != nil {
		return nil, nil, nil, err
	}
	s.AttResult, s.DefResult, s.Row, s.AttColumn, s.DefColumn = att, def, row, attCol, defCol
	if sc, ok := c.Chart.(codedChart); ok { // the series' reader also gives the copy's extra letters
		r, err := sc.CombatLookup(s.AttValue, s.DefValue, s.Diff)
		if err != nil {
			return nil, nil, nil, err
		}
		s.AttCodes, s.DefCodes = r.Attacker.Codes, r.Defender.Codes
	}
	ac := ApplyCombat{By: cmd.By, Battle: b.Ref, Divisions: cmd.Divisions}
	applied := &CombatApplied{By: cmd.By, Turn: g.Turn, Battle: b.Ref, Reason: cmd.Reason, Attack: b.N}
	for _, x := range []struct {
		role  string
		units []engine.UnitState
		res   CombatResult
		codes []ResultCode
	}{{Attacker, attackers, att, s.AttCodes}, {Defender, defenders, def, s.DefCodes}} {
		if len(x.units) == 0 {
			continue // a fort with no Union unit takes no loss, f, F or D (9.3)
		}
		var ids []string
		for _, u := range x.units {
			ids = append(ids, u.ID)
		}
		sa, err := g.combatSide(ac, x.role, CombatSide{Units: ids}, x.res)
		if err != nil {
			return nil, nil, nil, err
		}
		for i := range sa.Units {
			ch := &sa.Units[i]
			u := g.Units[ch.Unit].WithStatus()
			if ch.Eliminated || x.res.Retreat == "" {
				continue
			}
			if x.res.Retreat == "R" || x.res.Retreat == "R*" {
				ch.DemoralizationTo = min(2, u.Status.Demoralization+1)
			}
			ch.EntrenchmentLeft = u.Status.Entrenchment
		}
		g.applyCodes(&sa, x.codes) // attack_codes.go: the chart's extra letters
		applied.Sides = append(applied.Sides, sa)
	}
	if b.Fort.Held() && def.Retreat != "" {
		applied.FortDestroyed = b.Fort.Place // 9.3: an r or R destroys the fort
	}
	return s, applied, rolls, nil
}

// appliedAgain refuses a player's /battle result for a battle already
// applied in this action (a turn, outside the action cycle): the same
// units in the same role at the same place, or units /attack settled. The
// umpire's corrections go through.
func (g Game) appliedAgain(cmd ApplyCombat, battle string) error {
	if g.IsUmpire(cmd.By) {
		return nil
	}
	step, phase := "", 0
	if a, ok := g.cycle(); ok {
		step, phase = a.Step, a.Phase
	}
	for _, x := range []struct {
		role  string
		units []string
	}{{Attacker, cmd.Attacker.Units}, {Defender, cmd.Defender.Units}} {
		if len(x.units) == 0 {
			continue
		}
		for _, r := range g.Attacks.Applied {
			if r.Turn != g.Turn || r.Step != step || r.Phase != phase {
				continue
			}
			common := slices.ContainsFunc(x.units, func(id string) bool { return slices.Contains(r.Units, id) })
			switch {
			case !common:
			case r.Attack != 0:
				return engine.Illegal("combat.settled", fmt.Sprintf("%s fought in battle #%d, which the umpire settled: its result is applied", g.unitName(firstCommon(x.units, r.Units)), r.Attack),
					"A battle is applied once; the umpire corrects a result with /battle result")
			case r.Role == x.role && r.Battle == battle && sameSet(r.Units, x.units):
				where := ""
				if battle != "" {
					where = " at " + battle
				}
				return engine.Illegal("combat.applied", fmt.Sprintf("The %s's result%s was applied already to %s in this action", x.role, where, g.unitName(x.units[0])),
					"A battle is applied once; the umpire corrects a result with /battle result")
			}
		}
	}
	return nil
}

func firstCommon(a, b []string) string {
	for _, id := range a {
		if slices.Contains(b, id) {
			return id
		}
	}
	return ""
}

func sameSet(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for _, id := range a {
		if !slices.Contains(b, id) {
			return false
		}
	}
	return true
}

// attackWaits are the action cycle's waits for battles (actions.go
// actionWait): the defender's modifiers (his side owes them: deadlines),
// then the umpire's settling of a battle answered by default. In a
// hidden game the wait names no hex.
func (g Game) attackWaits() []string {
	var w []string
	for _, b := range g.Attacks.Pending {
		where := " at " + b.Ref
		if g.Options.IntelMode() != engine.IntelOpen {
			where = ""
		}
		if !b.Answered {
			w = append(w, fmt.Sprintf("the %s's modifiers for battle #%d%s (/attack defend)", sideName(engine.EnemyOf(b.Side)), b.N, where))
		} else {
			w = append(w, fmt.Sprintf("the umpire to settle battle #%d%s (/attack defend)", b.N, where))
		}
	}
	return append(w, g.owedWaits()...) // attack_codes.go: letters the chart leaves to the umpire
}

// attackDefault is a missed deadline's answer for the side that owes a
// battle's modifiers: none (docs/deadlines.md).
func (g Game) attackDefault(by engine.Actor, s engine.Side) (engine.Command, string, bool) {
	for _, b := range g.Attacks.Pending {
		if !b.Answered && engine.EnemyOf(b.Side) == s {
			return AnswerAttack{By: by, Battle: b.N, Reason: engine.DeadlineReason}, fmt.Sprintf("no modifiers stated for battle #%d (none)", b.N), true
		}
	}
	return nil, "", false
}

// decideCancelAttack: the umpire calls a battle off, with his reason.
func (g Game) decideCancelAttack(cmd CancelAttack) ([]engine.Event, error) {
	if err := g.BoardReady(cmd.By); err != nil {
		return nil, err
	}
	if !g.IsUmpire(cmd.By) {
		return nil, engine.Illegal("attack.umpire", "Only the umpire calls a battle off", "Ask the umpire")
	}
	b, re := g.pendingBattle(cmd.Battle)
	if re != nil {
		return nil, re
	}
	if strings.TrimSpace(cmd.Reason) == "" {
		return nil, engine.Invalid("attack.reason", fmt.Sprintf("Calling battle #%d off needs a reason", b.N), "Add reason:<why>; apply what you rule with /battle result")
	}
	return []engine.Event{&AttackCancelled{N: b.N, By: cmd.By, Reason: strings.TrimSpace(cmd.Reason)}}, nil
}
