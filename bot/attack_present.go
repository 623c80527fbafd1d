package bot

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
)

// The words of /attack (attack.go): a battle declared, the defender's
// answer, the battle settled and explained as /table roll explains a
// roll (the values, the columns, each modifier and who stated it, both
// dice, the difference, the row, both results).
//
// Who reads what. In an open game everything is told at the table. In a
// hidden game (limited intelligence, double-blind) a battle reveals what
// contact reveals (engine/view.go V1; docs/attacks.md): each side's
// commanders read the units engaged on both sides, the values, the
// modifiers, the dice and the results, in their private channels (the
// asker in his reply); units not engaged are in no text. The table reads
// that a battle was declared, and its results by role, without the hex.
// The umpire's channel gets the settled battle too.

// attackReply presents the events of an /attack command.
func (r *Router) attackReply(req Request, before engine.GameState, views []EventView, evs []engine.Event) Reply {
	g := before
	open := before.Options.IntelMode() == engine.IntelOpen
	var pub, priv []string
	pubViews, sideViews := []EventView{}, []EventView{}
	var settled *lrtg.AttackSettled
	var declared *lrtg.Battle
	var outs []Output
	for i, e := range evs {
		prev := g
		g = g.Apply(e)
		switch e := e.(type) {
		case *engine.DiceRolled:
			pubViews = append(pubViews, views[i]) // the battle's dice are public rolls
			continue
		case *lrtg.FortClassified:
			// The class is a marker on the board (000 9.2): public.
			// In a hidden game the table's line tells it (the asker reads the
			// table too); in an open one the reply is the table's.
			pubViews = append(pubViews, views[i])
			if open {
				priv = append(priv, fortClassText(e))
			} else {
				pub = append(pub, fortClassText(e))
			}
			continue
		case *lrtg.AttackDeclared:
			b := e.Battle
			declared = &b
			priv = append(priv, declaredText(prev, b))
			pub = append(pub, fmt.Sprintf("⚔️ Battle #%d is declared (turn %d): the %s states its modifiers (/attack defend battle:%d).", b.N, b.Turn, sideUpper(engine.EnemyOf(b.Side)), b.N))
		case *lrtg.AttackAnswered:
			priv = append(priv, answeredText(prev, e))
			if settledIn(evs) == nil {
				pub = append(pub, fmt.Sprintf("🛡️ Battle #%d: the defender has answered; the umpire settles it (/attack defend battle:%d).", e.N, e.N))
			}
		case *lrtg.AttackCancelled:
			// The reason is free text that may name units: the umpire's.
			priv = append(priv, fmt.Sprintf("⚔️ Battle #%d is called off: %s.", e.N, e.Reason))
			pub = append(pub, fmt.Sprintf("⚔️ Battle #%d is called off by the umpire.", e.N))
		case *lrtg.AttackSettled:
			settled = e
		case *lrtg.CombatApplied:
			if settled != nil {
				priv = append(priv, settledLines(prev, settled, e)...)
				if e.FortDestroyed != "" && open {
					priv = append(priv, fortDestroyedText(e.FortDestroyed)) // hidden: the table's line tells it
				}
				pub = append(pub, battleLine(&lrtg.CombatApplied{Turn: e.Turn, Sides: e.Sides, Battle: ""}, false)+fmt.Sprintf(" (battle #%d%s%s)", settled.N, lettersNote(e), fortOnlyNote(settled, e)))
				if e.FortDestroyed != "" {
					pub = append(pub, fortDestroyedText(e.FortDestroyed)) // a marker on the board (9.3)
				}
			}
		case *lrtg.AttackRuled:
			// The note is free text that may name units: the umpire's.
			priv = append(priv, fmt.Sprintf("⚖️ Battle #%d: the umpire ruled on the chart's %s: %s.", e.N, strings.Join(e.Letters, ", "), e.Note))
			pub = append(pub, fmt.Sprintf("⚖️ Battle #%d: the umpire has ruled on the chart's %s (his note is recorded).", e.N, strings.Join(e.Letters, ", ")))
		}
		sideViews = append(sideViews, views[i])
	}
	wait := waitingLine(g)
	if open {
		text := strings.Join(append(priv, wait), "\n")
		return Reply{Outputs: []Output{{Audience: Audience{Kind: AudiencePublic, Channel: req.ChannelID}, Text: text, Events: views}}}
	}
	outs = append(outs, Output{Audience: Audience{Kind: AudienceEphemeral}, Text: strings.Join(priv, "\n"), Events: sideViews})
	// The other commanders of both sides engaged, in their channels.
	var b lrtg.Battle
	switch {
	case declared != nil:
		b = *declared
	case settled != nil:
		b = lrtg.Battle{N: settled.N, Side: settled.AttSide}
		for _, u := range settled.Attackers {
			b.Attackers = append(b.Attackers, u.Unit)
		}
		for _, u := range settled.Defenders {
			b.Defenders = append(b.Defenders, u.Unit)
		}
	}
	if declared != nil || settled != nil {
		for _, p := range before.Players {
			if p.Actor.ID == req.User.ID || !engagedPlayer(before, p, b) {
				continue
			}
			ch, ok := r.commanderChannel(before, p.Actor.ID)
			if !ok {
				continue
			}
			text := strings.Join(priv, "\n")
			if declared != nil && p.Side != b.Side {
				text = attackedText(before, b)
			}
			outs = append(outs, Output{Audience: Audience{Kind: AudienceChannel, UserID: p.Actor.ID, Channel: ch}, Text: text, Events: []EventView{}})
		}
	}
	if settled != nil && !before.IsUmpire(req.User) {
		if ch, ok := g.Channels.UmpireChannel(); ok || req.console {
			if !ok {
				ch = "umpire"
			}
			outs = append(outs, Output{Audience: Audience{Kind: AudienceChannel, Channel: ch, UserID: g.Umpire.ID}, Text: strings.Join(priv, "\n"), Events: []EventView{}})
		}
	}
	if len(pub) > 0 {
		outs = append(outs, Output{Audience: Audience{Kind: AudiencePublic, Channel: req.ChannelID}, Text: strings.Join(append(pub, wait), "\n"), Events: pubViews})
	}
	return Reply{Outputs: outs}
}

// fortClassText tells a fort's class rolled (000 9.2 a or b): public.
// 9.2 b)'s names no unit: the Union learns only that one stood there.
func fortClassText(e *lrtg.FortClassified) string {
	table := "Alexandria and Washington"
	if e.Baltimore {
		table = "Baltimore"
	}
	if e.Stayed {
		return fmt.Sprintf("🏰 %s (%s): a Confederate unit of combat value 5 or more stayed beside it through a march action without attacking, so its class is rolled on the %s forts' table (000 9.2 b; roll #%d): %d → **class %d**: artillery value %d, intrinsic garrison %d, for the rest of the game.",
			e.Place, e.Ref, table, e.Roll, e.Die, e.Class, e.Artillery, e.Garrison)
	}
	return fmt.Sprintf("🏰 %s (%s), attacked (battle #%d): its class is rolled on the %s forts' table (000 9.2 a; roll #%d): %d → **class %d**: artillery value %d, intrinsic garrison %d, for the rest of the game. The attack may not be called off.",
		e.Place, e.Ref, e.Battle, table, e.Roll, e.Die, e.Class, e.Artillery, e.Garrison)
}

// fortDestroyedText tells a fort destroyed (000 9.3): public.
func fortDestroyedText(place string) string {
	return fmt.Sprintf("🏰 %s is **destroyed** (000 9.3: an r or R against a Union fort hex): from now on a Union redoubt hex, open to Confederate units; its destruction is no manpower loss and scores no VP.", place)
}

// fortOnlyNote is the defender's result when a fort with no Union unit
// defended: it is in no side's units (9.3: the fort takes no loss).
func fortOnlyNote(s *lrtg.AttackSettled, e *lrtg.CombatApplied) string {
	if s.Fort == nil || len(s.Defenders) > 0 {
		return ""
	}
	return fmt.Sprintf("; the fort (%s) **%s**", sideUpper(s.DefenderSide), s.DefResult)
}

// fortLines explain a battle on a fort hex (000 9.2-9.4): its intrinsic
// values beside the column's value, and the Confederate bonuses 9.2
// forbids (their word: the engine cannot tell them apart).
func fortLines(s *lrtg.AttackSettled) []string {
	f := s.Fort
	if f == nil {
		return nil
	}
	if f.Destroyed {
		return []string{fmt.Sprintf("🏰 %s is destroyed: a Union redoubt hex (000 9.3), its Union units counted x1.5 (9.4).", f.Place)}
	}
	class := ""
	if f.Class > 0 {
		class = fmt.Sprintf(", class %d", f.Class)
	}
	col := "the Union units' value, each counted x1.5 as in a redoubt (9.4), without the fort's"
	if len(s.Defenders) == 0 {
		col = "1: no Union unit is in the fort"
	}
	return []string{
		fmt.Sprintf("🏰 %s%s: intrinsic Combat value %d and Artillery value %d join the Union's defence (000 9.2); the column reads %s (9.3). The artillery is the defender's to state among his modifiers.", f.Place, class, f.Combat, f.Artillery, col),
		"000 9.2: against a fort the Confederates gain no flank attack bonus and no tactical modifier in their favour; the loaded modifiers do not say which they are, so the attacker's stand on his word (the umpire's log) and the umpire corrects with /battle result.",
	}
}

// lettersNote is a settled battle's extra letters for the table, as part
// of its results: "; the chart's letters: defender X".
func lettersNote(e *lrtg.CombatApplied) string {
	var parts []string
	for _, s := range e.Sides {
		for _, c := range s.Codes {
			parts = append(parts, s.Role+" "+c.Letter)
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return "; the chart's letters: " + strings.Join(parts, ", ")
}

func settledIn(evs []engine.Event) *lrtg.AttackSettled {
	for _, e := range evs {
		if s, ok := e.(*lrtg.AttackSettled); ok {
			return s
		}
	}
	return nil
}

// engagedPlayer reports whether a player is told of a battle in a hidden
// game: he commands a unit engaged, or answers for a side engaged (the
// overall commander), or, with knowledge by side, is of a side engaged.
func engagedPlayer(g engine.GameState, p engine.Player, b lrtg.Battle) bool {
	if p.Side == "" {
		return false
	}
	if g.Options.KnowledgeMode() != engine.KnowledgeCommander || p.Overall {
		return true // both sides are engaged in every battle
	}
	for _, id := range slices.Concat(b.Attackers, b.Defenders) {
		if u, ok := g.Units[id]; ok && g.Controls(p.Actor, u) {
			return true
		}
	}
	return false
}

func sideUpper(s engine.Side) string { return strings.ToUpper(string(s)) }

func signedInt(v int) string {
	if v > 0 {
		return "+" + strconv.Itoa(v)
	}
	return strconv.Itoa(v)
}

// modifierText: "flank +1 (the attacker's die; stated by the attacker)".
func modifierText(m lrtg.StatedModifier) string {
	who := "stated by the " + m.StatedBy
	if m.StatedBy == lrtg.StatedByRule {
		who = "the rules: " + m.Rule
	}
	return fmt.Sprintf("%s %s (the %s's die; %s)", m.Name, signedInt(m.Value), m.Side, who)
}

func modifiersText(ms []lrtg.StatedModifier) string {
	if len(ms) == 0 {
		return "none"
	}
	parts := make([]string, len(ms))
	for i, m := range ms {
		parts[i] = modifierText(m)
	}
	return strings.Join(parts, "; ")
}

// declaredText is the attacker's reply (and the table's in an open game).
func declaredText(g engine.GameState, b lrtg.Battle) string {
	s := fmt.Sprintf("⚔️ **Battle #%d** declared: %s attacks %s at %s with %s (%s attack, %s). Defending: %s (%s). The attacker's modifiers: %s.",
		b.N, b.By.Name, sideUpper(engine.EnemyOf(b.Side)), b.Ref, unitNames(g, b.Attackers), b.Type, sideUpper(b.Side), defendersText(unitNames(g, b.Defenders), b.Fort), sideUpper(engine.EnemyOf(b.Side)), modifiersText(b.Stated))
	if b.Disorganized != "" {
		s += fmt.Sprintf(" The attacker's disorganized units count %s (his word).", b.Disorganized)
	}
	return s + fmt.Sprintf(" The %s's commander states his modifiers with /attack defend battle:%d modifiers:name=value,... (or none).", sideUpper(engine.EnemyOf(b.Side)), b.N)
}

// attackedText is what the defending commanders read in their channels.
func attackedText(g engine.GameState, b lrtg.Battle) string {
	return fmt.Sprintf("⚔️ **Battle #%d**: the %s attacks your units at %s (%s) with %s (%s attack). The attacker's modifiers: %s. State yours: /attack defend battle:%d modifiers:name=value,... (or modifiers:none).",
		b.N, sideUpper(b.Side), b.Ref, defendersText(unitNames(g, b.Defenders), b.Fort), unitNames(g, b.Attackers), b.Type, modifiersText(b.Stated), b.N)
}

func answeredText(g engine.GameState, e *lrtg.AttackAnswered) string {
	if e.Default {
		return fmt.Sprintf("⏰ Battle #%d: the defender stated no modifiers by the deadline (none). The umpire settles it with /attack defend battle:%d.", e.N, e.N)
	}
	s := fmt.Sprintf("🛡️ Battle #%d: %s states the defender's modifiers: %s.", e.N, e.By.Name, modifiersText(e.Stated))
	if g.IsUmpire(e.By) {
		s = fmt.Sprintf("🛡️ Battle #%d: the umpire settles it without the defender's answer; modifiers he states: %s.", e.N, modifiersText(e.Stated))
	}
	if e.Disorganized != "" {
		s += fmt.Sprintf(" The defender's disorganized units count %s (his word).", e.Disorganized)
	}
	return s
}

func valueText(g engine.GameState, vs []lrtg.UnitValue) string {
	parts := make([]string, len(vs))
	for i, v := range vs {
		name := v.Unit
		if u, ok := g.Units[v.Unit]; ok {
			name = u.Name
		}
		parts[i] = fmt.Sprintf("%s %d MP", name, v.Manpower)
		switch {
		case v.Disorganized && v.Redoubt:
			parts[i] += fmt.Sprintf(" (disorganized, x1.5 in the fort: %s)", formatValue(v.Counted))
		case v.Redoubt:
			parts[i] += fmt.Sprintf(" (x1.5 in the fort: %s)", formatValue(v.Counted))
		case v.Disorganized:
			parts[i] += fmt.Sprintf(" (disorganized: %s)", formatValue(v.Counted))
		}
	}
	return strings.Join(parts, ", ")
}

// defendersText names the defenders, or the fort alone.
func defendersText(units string, f *lrtg.BattleFort) string {
	switch {
	case f == nil:
		return units
	case units == "":
		return "the fort " + f.Place + " alone"
	}
	return units + " in " + f.Place
}

// formatValue writes a combat value: 7, 7½.
func formatValue(v float64) string {
	whole := int(v)
	if float64(whole) == v {
		return strconv.Itoa(whole)
	}
	return strconv.Itoa(whole) + "½"
}

// settledLines explain a settled battle and what its results did. g is
// the state before the results.
func settledLines(g engine.GameState, s *lrtg.AttackSettled, a *lrtg.CombatApplied) []string {
	lines := explainLines(g, s)
	lines = append(lines, combatDetail(g, a)...)
	if s.Fort.Held() && len(s.Defenders) == 0 {
		lines = append(lines, fmt.Sprintf("**%s defender** (%s): %s alone, which takes no manpower loss, f, F or D (000 9.3).", sideUpper(s.DefenderSide), s.DefResult, s.Fort.Place))
	}
	for _, side := range a.Sides {
		routed := side.Result.Retreat == "R" || side.Result.Retreat == "R*"
		for _, c := range side.Units {
			u := g.Units[c.Unit].WithStatus()
			switch {
			case c.DemoralizationTo <= u.Status.Demoralization:
			case routed:
				lines = append(lines, fmt.Sprintf("%s routs: demoralization %d → %d (a routed unit counts for its army's morale, LRTG 15.1 1)).", u.Name, u.Status.Demoralization, c.DemoralizationTo))
			default:
				lines = append(lines, fmt.Sprintf("%s is demoralized by the chart's %s: demoralization %d → %d.", u.Name, letterOf(side.Codes, lrtg.CodeDemoralize), u.Status.Demoralization, c.DemoralizationTo))
			}
			if c.EntrenchmentLeft > 0 {
				lines = append(lines, fmt.Sprintf("%s leaves its entrenchment (level %d) behind.", u.Name, c.EntrenchmentLeft))
			}
		}
		lines = append(lines, letterLines(g, s.N, side)...)
	}
	return lines
}

// letterOf is the letter of an effect among a result's extra letters.
func letterOf(codes []lrtg.ResultCode, effect string) string {
	for _, c := range codes {
		if c.Effect == effect {
			return c.Letter
		}
	}
	return effect
}

// letterLines tell what a side's advance and umpire letters did
// (engine/lrtg/attack_codes.go); exhaust and demoralize are told by unit.
func letterLines(g engine.GameState, n int, side lrtg.CombatSideApplied) []string {
	var lines []string
	for _, c := range side.Codes {
		switch c.Effect {
		case lrtg.CodeAdvance:
			var standing []string
			for _, u := range side.Units {
				if !u.Eliminated {
					standing = append(standing, u.Unit)
				}
			}
			if len(standing) > 0 {
				lines = append(lines, fmt.Sprintf("The %s may advance (the chart's %s): %s may move once more in this action (/move).", side.Role, c.Letter, unitNamesOf(g, standing)))
			}
		case lrtg.CodeUmpire:
			lines = append(lines, fmt.Sprintf("The chart's %s for the %s is the umpire's to apply: he records what he decides with /attack rule battle:%d note:<what he decided>.", c.Letter, side.Role, n))
		}
	}
	return lines
}

// explainLines explain a settlement: values, modifiers, dice, row,
// columns and results.
func explainLines(g engine.GameState, s *lrtg.AttackSettled) []string {
	att, def := sideUpper(s.AttSide), sideUpper(s.DefenderSide)
	lines := []string{fmt.Sprintf("⚔️ **Battle #%d at %s** (turn %d, %s attack), settled by the umpire on the loaded Combat Chart:", s.N, s.Ref, s.Turn, s.Type)}
	av := fmt.Sprintf("Attacker (%s): %s: combat value **%s**", att, valueText(g, s.Attackers), formatValue(s.AttValue))
	if s.AttCounting != "" {
		av += "; " + s.AttCounting
	}
	dv := fmt.Sprintf("Defender (%s): %s: combat value **%s**", def, defendersText(valueText(g, s.Defenders), s.Fort), formatValue(s.DefValue))
	if s.DefCounting != "" {
		dv += "; " + s.DefCounting
	}
	lines = append(lines, av+".", dv+".")
	lines = append(lines, fortLines(s)...)
	lines = append(lines, "Modifiers: "+modifiersText(s.Modifiers)+".")
	lines = append(lines, fmt.Sprintf("Dice: the attacker's (roll #%d) %d → %d; the defender's (roll #%d) %d → %d. Difference %d − %d = **%s**.",
		s.AttRoll, s.AttDie, s.AttTotal, s.DefRoll, s.DefDie, s.DefTotal, s.AttTotal, s.DefTotal, signedInt(s.Diff)))
	lines = append(lines, fmt.Sprintf("Chart: row %q; the attacker's column %q (value %s), the defender's %q (value %s).",
		s.Row, s.AttColumn, formatValue(s.AttValue), s.DefColumn, formatValue(s.DefValue)))
	lines = append(lines, fmt.Sprintf("Results: attacker **%s**, defender **%s**.", s.AttResult, s.DefResult))
	for _, x := range []struct {
		role  string
		codes []lrtg.ResultCode
	}{{"attacker", s.AttCodes}, {"defender", s.DefCodes}} {
		if len(x.codes) == 0 {
			continue
		}
		parts := make([]string, len(x.codes))
		for i, c := range x.codes {
			parts[i] = fmt.Sprintf("%s (%s)", c.Letter, c.Effect)
		}
		lines = append(lines, fmt.Sprintf("The chart also prints for the %s: %s.", x.role, strings.Join(parts, ", ")))
	}
	return lines
}

// settledSeen reports whether the asker may read a settled battle: the
// umpire, anyone in an open game, a player told of it (engagedPlayer).
func settledSeen(g engine.GameState, asker engine.Actor, s lrtg.AttackSettled) bool {
	if g.IsUmpire(asker) || g.Options.IntelMode() == engine.IntelOpen {
		return true
	}
	p := g.Player(asker.ID)
	if p == nil {
		return false
	}
	b := lrtg.Battle{N: s.N, Side: s.AttSide}
	for _, u := range s.Attackers {
		b.Attackers = append(b.Attackers, u.Unit)
	}
	for _, u := range s.Defenders {
		b.Defenders = append(b.Defenders, u.Unit)
	}
	return engagedPlayer(g, *p, b)
}

// pendingLine is a battle waiting, as the asker may see it ("" none).
func pendingLine(g engine.GameState, asker engine.Actor, b lrtg.Battle) string {
	waits := fmt.Sprintf("waits for the %s's modifiers", sideUpper(engine.EnemyOf(b.Side)))
	if b.Answered {
		waits = "waits for the umpire to settle it"
	}
	full := g.IsUmpire(asker) || g.Options.IntelMode() == engine.IntelOpen
	if p := g.Player(asker.ID); p != nil && !full {
		full = engagedPlayer(g, *p, b)
	}
	if !full {
		return fmt.Sprintf("· #%d (turn %d): %s.", b.N, b.Turn, waits)
	}
	return fmt.Sprintf("· #%d at %s (turn %d, %s attack): %s (%s) against %s (%s); the attacker's modifiers: %s; %s.",
		b.N, b.Ref, b.Turn, b.Type, unitNames(g, b.Attackers), sideUpper(b.Side), defendersText(unitNames(g, b.Defenders), b.Fort), sideUpper(engine.EnemyOf(b.Side)), modifiersText(b.Stated), waits)
}
