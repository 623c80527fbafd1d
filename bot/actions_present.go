// What the action cycle tells the players (phase 4): the presenters of its
// events (the engine's facts put in words), to the channel what every
// player may know, to the actor what only his side may know.

package bot

import (
	"fmt"
	"strings"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
)

// presentActionStep tells what the action cycle's procedures did (4a, 4b:
// the initiative rolls).
func presentActionStep(_ *Router, req Request, g engine.GameState, e engine.Event, view EventView) []Output {
	pub, public, priv := actionEventText(g, e)
	if pub == "" && priv == "" {
		return nil
	}
	var out []Output
	if pub != "" {
		o := Output{Audience: Audience{Kind: AudiencePublic, Channel: req.ChannelID}, Text: pub, Events: []EventView{}}
		if public {
			o.Events = []EventView{view}
		}
		out = append(out, o)
	}
	if priv != "" {
		out = append(out, Output{Audience: Audience{Kind: AudienceEphemeral}, Text: priv, Events: []EventView{view}})
	}
	if _, won := e.(*lrtg.InitiativeWon); won {
		out = append(out, decisionOutputs(req, g, []engine.Event{e})...) // the decider's buttons (components.go)
	}
	return out
}

// actionReply answers an action command: one message to the channel with
// what every player may know and what the cycle waits for, and one to the
// actor with what only his side may know.
func actionReply(req Request, before engine.GameState, views []EventView, evs []engine.Event) Reply {
	g := before
	var pub, priv []string
	pubViews, privViews := []EventView{}, []EventView{}
	for i, e := range evs {
		g = g.Apply(e)
		p, public, s := actionEventText(g, e)
		if p != "" {
			pub = append(pub, p)
		}
		if s != "" {
			priv = append(priv, s)
		}
		if public {
			pubViews = append(pubViews, views[i])
		} else {
			privViews = append(privViews, views[i])
		}
	}
	var out []Output
	if len(pub) > 0 {
		pub = append(pub, waitingLine(g))
		out = append(out, Output{Audience: Audience{Kind: AudiencePublic, Channel: req.ChannelID}, Text: strings.Join(pub, "\n"), Events: pubViews})
	}
	if len(priv) > 0 || len(privViews) > 0 {
		if len(priv) == 0 {
			priv = append(priv, "Recorded.")
		}
		if len(pub) == 0 {
			priv = append(priv, waitingLine(g))
		}
		out = append(out, Output{Audience: Audience{Kind: AudienceEphemeral}, Text: strings.Join(priv, "\n"), Events: privViews})
	}
	out = append(out, decisionOutputs(req, g, evs)...) // the decider's buttons (components.go)
	return Reply{Outputs: out}
}

// isActionRoll reports whether a roll is one of the action cycle's: an
// initiative roll, or an army leader's movement die.
func isActionRoll(r *engine.DiceRolled) bool {
	return strings.Contains(r.Purpose, " initiative, Normal Action Phase") || strings.Contains(r.Purpose, " initiative, Distance Action Phase") ||
		strings.Contains(r.Purpose, " initiative, Regular Movement Phase") || strings.Contains(r.Purpose, " initiative, Long Distance Movement Phase") || // LRTA (004 4 a), b))
		strings.Contains(r.Purpose, "movement allowance die (LRTG 10.1 3)")
}

// actionEventText tells an action event: the text every player may see
// (and whether the event's record may be public), and the text for the
// actor only. g is the state after the event. An event that is not the
// action cycle's gives nothing.
func actionEventText(g engine.GameState, e engine.Event) (pub string, public bool, priv string) {
	hidden := g.Options.LimitedIntel
	S := actionSide
	switch e := e.(type) {
	case *lrtg.ClockSwitched: // clock.go: the chess clocks (LRTG 22.3)
		return clockSwitchText(g, e), clockEventPublic(g, e), ""
	case *lrtg.CycleBegun:
		return cycleBegunText(g, e), true, ""
	case *engine.DiceRolled:
		switch {
		case e.Secret != "": // a hidden mode's movement die: the allowance's words tell it to its side
			return "", false, ""
		case strings.Contains(e.Purpose, "'s movement allowance, "): // told with the activation (allowance.go)
			return "", true, ""
		case strings.Contains(e.Purpose, "(9.2 b)"): // a fort's class (forts_watch.go): public, as the marker
			return FormatRoll(e), true, ""
		case !isActionRoll(e):
			return "", false, ""
		}
		return FormatRoll(e), true, ""
	case *engine.TableRolled:
		if e.Table != "lrtg.activate-army-leader" {
			return "", false, ""
		}
		return fmt.Sprintf("🎲 Roll #%d · %s rolls %s on **%s** (%s): [%d] → **%s**", e.Number, e.By.Name, e.Dice, e.Title, e.Source, e.Natural, e.Name), true, ""
	case *lrtg.FortClassified: // 000 9.2 b): the class is a marker on the board, public; the unit is not named
		return fortClassText(e), true, ""
	case *lrtg.InitiativeWon:
		return initiativeWonText(g, e), true, ""
	case *lrtg.Activated:
		return activatedText(g, e)
	case *lrtg.ArmyAttempted:
		return armyAttemptedText(g, e)
	case *lrtg.ActionEnded:
		return actionEndedText(g, e)
	case *lrtg.RetreatHanded:
		return retreatHandedText(g, e)
	case *lrtg.Passed:
		s := fmt.Sprintf("⏸️ The %s passes (%s).", S(e.Side), actionWhere(g, e.Step, e.Phase))
		if e.Ends {
			s += fmt.Sprintf(" Both sides have passed: the %s is over.", lrtg.Of(g).ActionStepTitle(e.Step))
		}
		return s, true, ""
	case *lrtg.Deferred:
		s := fmt.Sprintf("%s gives the %s's decision back to the overall commander (21.1).", e.By.Name, S(e.Side))
		if e.To.ID != "" {
			s = fmt.Sprintf("%s defers the %s's decision to %s (21.1): he activates one of his units or defers it back.", e.By.Name, S(e.Side), e.To.Name)
		}
		if hidden {
			return "", false, s
		}
		return s, true, ""
	case *lrtg.RollsBegun:
		return fmt.Sprintf("⚖️ The umpire lifts the opening's restrictions: %s. The initiative rolls begin (000 VIII 3)).", e.Reason), true, ""
	case *lrtg.RemoteAsked:
		return remoteAskedText(g, e)
	case *lrtg.RemoteAnswered:
		return remoteAnsweredText(g, e), true, ""
	}
	return "", false, ""
}

// actionSide writes a side as the action cycle's messages do: CSA, USA.
func actionSide(s engine.Side) string { return strings.ToUpper(string(s)) }

// actionUnitName is a unit's name (its id when the state has no such
// unit).
func actionUnitName(g engine.GameState, id string) string {
	if u, ok := g.Units[id]; ok {
		return u.Name
	}
	return id
}

// actionUnitNames lists units' names.
func actionUnitNames(g engine.GameState, ids []string) string {
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = actionUnitName(g, id)
	}
	return strings.Join(out, ", ")
}

// actionWhere names the action phase of a step. Phase 0 is no action
// phase: on the opening turns the Confederates act before any initiative
// is rolled (000 VIII 3)), and "action phase 0" read as a fault (issue
// 22); the step's title alone says where.
func actionWhere(g engine.GameState, step string, phase int) string {
	if phase < 1 {
		return lrtg.Of(g).ActionStepTitle(step)
	}
	return fmt.Sprintf("%s, action phase %d", lrtg.Of(g).ActionStepTitle(step), phase)
}

// cycleAllMovesWhy says why every kind of movement is allowed in the
// portion (lrtg.CycleBegun.WhyCode, issue 20), word for word what the
// engine wrote into the event before the code; an event stored then
// carries its sentence (Why), said as stored.
func cycleAllMovesWhy(e *lrtg.CycleBegun) string {
	switch e.WhyCode {
	case "":
		return e.Why
	case lrtg.AllMovesTimeLimit:
		return "time limitation: strategic, rail and naval movement are allowed now (003 4 a); 000 IV e) note)"
	case lrtg.AllMovesOpening:
		return "activated units may use strategic and naval movement (000 VIII 3))"
	}
	// A code this program does not know (a newer program's log).
	return fmt.Sprintf("(reason %q)", e.WhyCode)
}

// cycleBegunText tells the start of an action cycle step: not played,
// the opening's activations, every kind of movement, or the movement the
// step allows (003 4 a)-b); 004 4 a)-b)).
func cycleBegunText(g engine.GameState, e *lrtg.CycleBegun) string {
	title := lrtg.Of(g).ActionStepTitle(e.Step)
	switch {
	case e.Skipped != "":
		return fmt.Sprintf("⚔️ The %s is not played this turn: %s.", title, e.Skipped)
	case e.Opening:
		return fmt.Sprintf("⚔️ %s: no initiative rolls on the opening turns: the Confederates make their activations, then the Union its allowed ones; %s.", title, cycleAllMovesWhy(e))
	case e.AllMoves:
		return fmt.Sprintf("⚔️ %s: %s.", title, cycleAllMovesWhy(e))
	case e.Step == "4a":
		return fmt.Sprintf(seriesOf(g).actionPhaseA, title, lrtg.Of(g).ActionStepTitle("4b"))
	default:
		return fmt.Sprintf(seriesOf(g).actionPhaseB, title)
	}
}

// initiativeWonText tells who has the initiative: without a roll, or by
// both sides' rolls with the tie rule and a reroll.
func initiativeWonText(g engine.GameState, e *lrtg.InitiativeWon) string {
	head := fmt.Sprintf("⚔️ **The %s has the initiative** (%s)", actionSide(e.Side), actionWhere(g, e.Step, e.Phase))
	switch {
	case e.Automatic != "":
		return head + " without a roll: " + e.Automatic + "."
	case len(e.Rolls) == 2:
		c, u := e.Rolls[0], e.Rolls[1]
		s := fmt.Sprintf("%s: CSA %d, USA %d", head, c.Total, u.Total)
		if e.Tie != "" {
			s += ": a tie, and " + e.Tie
		}
		if e.Reroll != "" {
			s = fmt.Sprintf("%s (the %s's reroll, Enemy Intelligence (004); %d left this turn)", s, actionSide(e.Reroll), e.Left)
		}
		return s + "." + rerollReminder(g, e)
	}
	return head + "."
}

// rerollReminder reminds the side that lost an initiative roll of the
// rerolls it holds (004 Enemy Intelligence: two a turn, "may not reroll a
// reroll"), so that it asks before anyone acts on the roll. They are no
// secret: the random event that gives them is told to the table.
func rerollReminder(g engine.GameState, e *lrtg.InitiativeWon) string {
	if e.Reroll != "" {
		return ""
	}
	loser := engine.CSA
	if e.Side == engine.CSA {
		loser = engine.USA
	}
	left, total := lrtg.Of(g).InitiativeRerollsLeft(loser)
	if left == 0 {
		return ""
	}
	return fmt.Sprintf("\nThe %s may have this roll rerolled (Enemy Intelligence, 004: %d of its %d rerolls left this turn): its overall commander types /action reroll before anyone acts on it.", actionSide(loser), left, total)
}

// activatedText tells an activation; under limited intelligence the enemy
// learns only that the side took an action, and the actor reads the full
// text.
func activatedText(g engine.GameState, e *lrtg.Activated) (pub string, public bool, priv string) {
	what := "a unit"
	if e.Leader {
		what = "a leader and his units"
	}
	full := fmt.Sprintf("⚔️ %s activates %s (%s, %s).", e.By.Name, e.Name, actionSide(e.Side), actionWhere(g, e.Step, e.Phase))
	if e.Override != "" {
		full += fmt.Sprintf(" The umpire set aside: %s, because %s.", e.Overrode, e.Override)
	}
	if e.Allowance != nil {
		full += "\n" + allowanceText(g, e.Allowance, e.Step, false)
	}
	if g.Options.LimitedIntel {
		return fmt.Sprintf("⚔️ The %s takes an action: it activates %s (%s).", actionSide(e.Side), what, actionWhere(g, e.Step, e.Phase)), false, full
	}
	return full, true, ""
}

// armyAttemptedText tells an Activate Army Leader attempt (LRTG 10.1-10.3);
// under limited intelligence the units selected and the distance to the
// nearest infantry are the actor's only.
func armyAttemptedText(g engine.GameState, e *lrtg.ArmyAttempted) (pub string, public bool, priv string) {
	leader := actionUnitName(g, e.Leader)
	s := fmt.Sprintf("⚔️ The %s attempts Activate Army Leader with %s (LRTG 10.1; %s): ", actionSide(e.Side), leader, actionWhere(g, e.Step, e.Phase))
	die := ""
	if e.Success {
		s += "**it succeeds**."
		die = fmt.Sprintf("His movement die counts %d", e.MA)
		if e.MADie == 1 {
			die += " (a 1 counts as 2)"
		}
		die += "; the allowance is a non-cavalry leader's for that die, cavalry double (10.1 3)-4))."
		if e.Allowance != nil {
			die += "\n" + allowanceText(g, e.Allowance, e.Step, true)
		}
		s += " The units may not attack, enter an enemy zone of control (unless forced), burn stations or entrench (10.2)."
		s += fmt.Sprintf(" The %s wins the next initiative without a roll (10.3); no further army activation this turn or next.", actionSide(actionEnemy(e.Side)))
	} else {
		s += "**it fails**: the action is over, no unit gains fatigue; one more attempt is allowed in a later action phase this turn (10.1)."
	}
	detail := fmt.Sprintf("Selected (10.1 2)): %s.", actionUnitNames(g, e.Units))
	if e.Nearest >= 0 {
		hexes := "hexes"
		if e.Nearest == 1 {
			hexes = "hex"
		}
		detail += fmt.Sprintf(" The nearest infantry at fatigue 3 or less is %d %s from %s: it must be within his command radius (printed on the counter; the umpire checks it).", e.Nearest, hexes, leader)
	}
	if e.Override != "" {
		detail += fmt.Sprintf(" The umpire set aside: %s, because %s.", strings.Join(e.Overrode, "; "), e.Override)
	}
	if die != "" {
		detail += "\n" + die
	}
	if g.Options.LimitedIntel {
		return s, false, detail
	}
	return s + " " + detail, true, ""
}

// remoteAskedText tells a remote movement request (17.2); under limited
// intelligence the enemy learns how many units, not which.
func remoteAskedText(g engine.GameState, e *lrtg.RemoteAsked) (pub string, public bool, priv string) {
	S := actionSide
	s := fmt.Sprintf("📨 %s asks the %s's permission to move %s without the initiative: %d or more hexes from every enemy unit (17.2). The %s's overall commander answers with /action answer allow:true|false.",
		e.By.Name, S(actionEnemy(e.Side)), actionUnitNames(g, e.Units), lrtg.RemoteDistance, S(actionEnemy(e.Side)))
	if g.Options.LimitedIntel {
		n := fmt.Sprintf("%d units", len(e.Units))
		if len(e.Units) == 1 {
			n = "1 unit"
		}
		return fmt.Sprintf("📨 The %s asks the %s's permission to move %s without the initiative: %d or more hexes from every enemy unit (17.2). The %s's overall commander answers with /action answer allow:true|false.",
			S(e.Side), S(actionEnemy(e.Side)), n, lrtg.RemoteDistance, S(actionEnemy(e.Side))), false, s
	}
	return s, true, ""
}

// remoteAnsweredText tells the answer to a remote movement request (17.2;
// with time limitation, 22.4).
func remoteAnsweredText(g engine.GameState, e *lrtg.RemoteAnswered) string {
	S := actionSide
	s := fmt.Sprintf("📨 The %s allows the %s's remote movement (17.2).", S(e.Side), S(actionEnemy(e.Side)))
	if !e.Allow {
		s = fmt.Sprintf("📨 The %s denies the %s's remote movement (17.2).", S(e.Side), S(actionEnemy(e.Side)))
		if g.Options.TimeLimit {
			s += " With time limitation, those units may move at the end of the action cycle (17.2, 22.4)."
		}
	}
	if e.Comment != "" {
		s += " " + e.By.Name + ": " + e.Comment
	}
	return s
}
