package lrtg

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// Declaring an attack (attack.go): the checks, every problem found said
// at once, then the battle recorded with the attacker's stated modifiers.

// combatChartSlot is the Combat Chart's slot (the series' charts).
const combatChartSlot = "gcacw.combat"

// errCombatNotLoaded refuses an attack while the group has not loaded its
// Combat Chart (or the bot cannot read it).
func errCombatNotLoaded() *engine.RuleError {
	return engine.Illegal("chart.empty", "The Combat Chart ("+combatChartSlot+") is not loaded: its numbers are printed on the series' charts, not in the rules text",
		"A server manager loads the group's copy with /chart load name:"+combatChartSlot+" (and gcacw.combat-modifiers); until then the players apply printed results with /battle result")
}

// attackProblems joins every problem found with an attack into one
// refusal (the first one's kind, code and rule), so the player corrects
// them all at once.
func attackProblems(list []*engine.RuleError) error {
	return engine.Problems{About: "the attack", Hint: "Correct them all and declare the attack again", KeepRule: true}.Join(list)
}

func ruled(e *engine.RuleError, section string) *engine.RuleError {
	e.Rule = section
	return e
}

func (g Game) decideDeclareAttack(cmd DeclareAttack, d engine.Dice) ([]engine.Event, error) {
	if err := g.BoardReady(cmd.By); err != nil {
		return nil, err
	}
	umpire := g.IsUmpire(cmd.By)
	var side engine.Side
	if p := g.Player(cmd.By.ID); p != nil && !umpire {
		side = p.Side
	}
	a, ok := g.cycle()
	switch {
	case !ok || a.Active == nil:
		return nil, moveRule("attack.action", "An attack is declared in an action under way (steps 4a and 4b), and none is", "Attack in your action: /action activate, then /attack declare", g.actionsRule())
	case !umpire && a.Active.Side != side:
		return nil, moveRule("attack.action", "No action of yours is under way", "Attack in your own action (/action activate)", g.actionsRule())
	case a.Active.Kind == ActionArmy:
		return nil, moveRule("attack.army", "Attacks of all kinds are prohibited in an Activate Army Leader action", "Attack in an Activate action of a unit or a leader", "LRTG 10.2")
	}
	side = a.Active.Side
	if cmd.Charts == nil || cmd.Charts.Chart == nil {
		return nil, errCombatNotLoaded()
	}
	var probs []*engine.RuleError
	typ := strings.ToLower(strings.TrimSpace(cmd.Type))
	if !slices.Contains(AttackTypes, typ) {
		probs = append(probs, engine.Invalid("attack.type", fmt.Sprintf("%q is not an attack type", cmd.Type), "type:march (the units of your activation, from one hex) or type:assault (an activated leader's units that have not moved)"))
	}
	act := *a.Active
	leader := ""
	if l, ok := g.Units[act.Unit]; ok && l.Kind.IsLeader() {
		leader = l.ID
	}
	if typ == AttackAssault {
		probs = append(probs, g.assaultProblems(act, leader)...)
	}
	if len(cmd.Units) == 0 {
		probs = append(probs, engine.Invalid("attack.units", "No attacking units named", "Name your attacking units: units:Hood,McLaws"))
	}
	var attackers []engine.UnitState
	for _, id := range cmd.Units {
		u, ok := g.Units[id]
		if !ok {
			probs = append(probs, engine.Invalid("attack.unit", fmt.Sprintf("No unit %q", id), "Name your own units"))
			continue
		}
		if slices.ContainsFunc(attackers, func(o engine.UnitState) bool { return o.ID == id }) {
			probs = append(probs, engine.Invalid("attack.twice", fmt.Sprintf("%s is named twice", u.Name), "Name each unit once"))
			continue
		}
		if why := g.attackerProblem(cmd, act, a, u, typ); why != nil {
			probs = append(probs, why)
			continue
		}
		attackers = append(attackers, u)
	}
	if typ == AttackMarch && len(attackers) > 1 {
		for _, u := range attackers[1:] {
			if u.Hex != attackers[0].Hex {
				probs = append(probs, engine.Illegal("attack.stack", fmt.Sprintf("%s and %s are in different hexes: a march attack is made by one stack", attackers[0].Name, u.Name),
					"Attack from one hex, or declare an assault (choice A1, docs/attacks.md)"))
				break
			}
		}
	}
	// The defender: every enemy combat unit in the hex, declared on an
	// enemy the attacker sees (choice A2). The refusal is the same for a
	// hex with no enemy and one whose enemy he cannot see.
	var defenders []string
	view := engine.ViewFor(g.Kernel(), g.ViewerOf(cmd.By))
	seen := false
	for _, id := range recordUnitIDs(g.Units) {
		u := g.Units[id]
		if u.OnMap && !u.Eliminated && u.Hex == cmd.Hex && u.Side != side && u.Side != "" && !u.Kind.IsLeader() {
			defenders = append(defenders, id)
			seen = seen || view.Knows(id)
		}
	}
	// A Confederate attack on a Union fort's hex is an attack on the fort
	// (000 9.2: "Confederate units may attack an adjacent fort hex"): the
	// fort is a marker on the board, so it is declared with or without a
	// Union unit seen there (those there defend with it: choice A2).
	fort := g.fortAt(cmd.Data, cmd.Hex)
	if side != engine.CSA {
		fort = nil
	}
	if !seen && !fort.Held() {
		defenders = nil
		probs = append(probs, engine.Illegal("attack.no_enemy", fmt.Sprintf("You see no enemy unit at %s", refOr(cmd.Ref, cmd.Hex)), "Attack a hex next to your units where an enemy unit stands"))
	}
	stated, sp := checkStated(cmd.Charts, Attacker, cmd.Stated, umpire)
	probs = append(probs, sp...)
	if p := checkCounting(cmd.Charts, attackers, cmd.Disorganized, Attacker); p != nil {
		probs = append(probs, p)
	}
	if err := attackProblems(probs); err != nil {
		return nil, err
	}
	b := Battle{N: g.Attacks.Next + 1, Turn: g.Turn, Step: a.Step, Phase: a.Phase, Side: side, By: cmd.By, Type: typ, Hex: cmd.Hex, Ref: refOr(cmd.Ref, cmd.Hex),
		Leader: leader, Defenders: defenders, Stated: stated, Disorganized: strings.ToLower(strings.TrimSpace(cmd.Disorganized)), Fort: fort}
	for _, u := range attackers {
		b.Attackers = append(b.Attackers, u.ID)
	}
	decl := &AttackDeclared{Battle: b}
	if fort == nil {
		return []engine.Event{decl}, nil
	}
	// 9.2 a): the class is rolled "after an attack is declared" (the
	// battle records the class it rolled: one command).
	rolled, err := g.rollFortClass(cmd.Data, cmd.Hex, fort, cmd.By, b.N, d, "")
	if err != nil {
		return nil, err
	}
	return append([]engine.Event{decl}, rolled...), nil
}

func refOr(ref string, h engine.Hex) string {
	if strings.TrimSpace(ref) != "" {
		return strings.TrimSpace(ref)
	}
	return fmt.Sprintf("%d,%d", h.Q, h.R)
}

// assaultProblems: an assault is an activated leader's (choice A1), not a
// debilitated Jackson's (31.4), nor a side's in Command Paralysis (004).
func (g Game) assaultProblems(act Activation, leader string) []*engine.RuleError {
	var out []*engine.RuleError
	if leader == "" {
		out = append(out, ruled(engine.Illegal("attack.assault", fmt.Sprintf("An assault is made by an activated leader's units; this action activated %s, a unit", unitName(g, act.Unit)),
			"A marching unit attacks with type:march"), "choice A1"))
	}
	if leader == idJackson {
		if j, ok := g.JacksonThisTurn(); ok && j.Outcome == "debilitated" {
			out = append(out, ruled(engine.Illegal("attack.jackson", "Jackson is debilitated by his wounds this turn and may not conduct corps assaults", "Attack with type:march"), "LRTG 31.4"))
		}
	}
	if g.LRTACommandParalysis(act.Side) {
		out = append(out, ruled(engine.Illegal("attack.paralysis", "Units suffering Command Paralysis may not participate in assaults", "Attack with type:march"), "004 Command Paralysis"))
	}
	return out
}

// attackerProblem checks one attacking unit: the actor's, a combat unit on
// the map, of the action under way, next to the hex, free to attack.
func (g Game) attackerProblem(cmd DeclareAttack, act Activation, a ActionState, u engine.UnitState, typ string) *engine.RuleError {
	switch {
	case !g.Controls(cmd.By, u):
		return engine.Illegal("attack.command", fmt.Sprintf("You do not command %s", u.Name), "Attack with your own units")
	case u.Side != act.Side:
		return engine.Illegal("attack.command", fmt.Sprintf("%s is not of the side whose action is under way", u.Name), "Attack with the units of the action")
	case u.Eliminated || !u.OnMap:
		return engine.Illegal("attack.off_map", fmt.Sprintf("%s is not on the map", u.Name), "")
	case u.Kind.IsLeader():
		return engine.Invalid("attack.leader", fmt.Sprintf("%s is a leader: combat units attack", u.Name), "Name the combat units; a leader's modifier is stated with modifiers:")
	case !g.inActivation(act, u):
		return moveRule("attack.activation", fmt.Sprintf("%s is not part of the action under way", u.Name), "Attack with the units of your activation", g.actionsRule())
	case engine.Distance(u.Hex, cmd.Hex) != 1:
		return engine.Illegal("attack.adjacent", fmt.Sprintf("%s is not next to %s", u.Name, refOr(cmd.Ref, cmd.Hex)), "Attack a hex next to the attacking units")
	case typ == AttackAssault && slices.Contains(a.Moved, u.ID):
		return ruled(engine.Illegal("attack.moved", fmt.Sprintf("%s has moved in this action: an assault is made by units that have not", u.Name), "Attack with type:march"), "choice A1")
	case g.optional(19) && u.WithStatus().Status.Ammo == engine.AmmoOut && u.WithStatus().Status.Demoralization > 0:
		return ruled(engine.Illegal("attack.ammo", fmt.Sprintf("%s is Out of Ammunition and demoralized: it may not attack", u.Name), ""), "LRTG 19.3")
	}
	for _, b := range g.Attacks.Pending {
		if slices.Contains(b.Attackers, u.ID) {
			return engine.Illegal("attack.pending", fmt.Sprintf("%s attacks in battle #%d, which is not settled yet", u.Name, b.N), "Wait for it to be settled")
		}
	}
	return nil
}

// checkStated checks the modifiers a role states against the loaded copy:
// each one the copy names, the role's to state (the umpire states any but
// the rules'), within its range. A modifier with one value may be named
// without it.
func checkStated(c *AttackCharts, role string, given []StatedModifier, umpire bool) ([]StatedModifier, []*engine.RuleError) {
	var out []StatedModifier
	var probs []*engine.RuleError
	for _, s := range given {
		m, ok := c.modifier(s.Name)
		if !ok {
			hint := "The loaded gcacw.combat-modifiers names none for you"
			if names := c.modifierNames(role); len(names) > 0 {
				hint = "Yours: " + strings.Join(names, ", ")
			}
			probs = append(probs, engine.Invalid("attack.modifier", fmt.Sprintf("%q is not a modifier of the loaded chart", s.Name), hint))
			continue
		}
		if m.StatedBy != role && !umpire {
			probs = append(probs, engine.Illegal("attack.modifier", fmt.Sprintf("%s is stated by the %s, not by you", m.Name, m.StatedBy), "State only your own modifiers"))
			continue
		}
		if slices.ContainsFunc(out, func(o StatedModifier) bool { return o.Name == m.Name }) {
			probs = append(probs, engine.Invalid("attack.modifier", fmt.Sprintf("%s is stated twice", m.Name), "State each modifier once"))
			continue
		}
		v := s.Value
		switch {
		case s.Bare && m.Min == m.Max:
			v = m.Min // named without its value: its one value
		case s.Bare:
			probs = append(probs, engine.Invalid("attack.modifier", fmt.Sprintf("%s needs its value", m.Name),
				fmt.Sprintf("Write %s=<value>, from %s to %s", m.Name, signed(m.Min), signed(m.Max))))
			continue
		}
		if v < m.Min || v > m.Max {
			probs = append(probs, engine.Invalid("attack.modifier", fmt.Sprintf("%s is %s, out of its range", m.Name, signed(v)),
				fmt.Sprintf("%s runs from %s to %s", m.Name, signed(m.Min), signed(m.Max))))
			continue
		}
		by := m.StatedBy
		if umpire {
			by = StatedByUmpire
		}
		out = append(out, StatedModifier{Name: m.Name, Value: v, Side: m.Side, StatedBy: by})
	}
	return out, probs
}

func signed(v int) string {
	if v > 0 {
		return "+" + strconv.Itoa(v)
	}
	return strconv.Itoa(v)
}

// checkCounting asks a side's player how his disorganized units count
// when the copy does not say (his word, recorded).
func checkCounting(c *AttackCharts, units []engine.UnitState, word, role string) *engine.RuleError {
	word = strings.ToLower(strings.TrimSpace(word))
	if word != "" && word != DisorganizedHalf && word != DisorganizedFull {
		return engine.Invalid("attack.disorganized", fmt.Sprintf("%q is not a way to count a disorganized unit", word), "disorganized:half or disorganized:full")
	}
	if c.Disorganized != "" {
		if word != "" {
			return engine.Invalid("attack.disorganized", "The loaded chart says how a disorganized unit counts ("+c.Disorganized+")", "Leave disorganized out")
		}
		return nil
	}
	if word != "" {
		return nil
	}
	for _, u := range units {
		if u.WithStatus().Status.Disorganized {
			return engine.Invalid("attack.disorganized", fmt.Sprintf("%s is disorganized and the loaded chart does not say how a disorganized unit counts", u.Name),
				"Say how your rules count it: disorganized:half or disorganized:full (recorded, for the umpire)")
		}
	}
	return nil
}
