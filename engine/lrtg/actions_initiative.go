// The initiative of each action phase (000 2.0; LRTG 10.3, 22.3, 25): the
// turn's initiative rules from the random events, the rolls and the tie
// rule, handing a side's decision to a subordinate (21.1), the end of the
// opening's activations without initiative (000 VIII 3), 27.2) and LRTA
// Enemy Intelligence's rerolls.

package lrtg

import (
	"fmt"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// InitiativeModifier is a modifier to a side's initiative rolls.
type InitiativeModifier struct {
	Side   engine.Side
	Value  int
	Reason string // with its rule, e.g. "Lee is Sick (000 2.0 3))"
}

// InitiativeRule is what the turn's random event does to the initiative
// (randomevents.go): modifiers (Halleck Interferes, Lee is Sick: 000 2.0
// 2)-3)), and the side that automatically wins the first initiative (the
// Spy's winner, 2.0 7)).
type InitiativeRule struct {
	Modifiers []InitiativeModifier
	First     engine.Side
	FirstWhy  string
	// DoublesUSA: the Union wins ties of 4-4, 5-5 and 6-6 (LRTA Enemy
	// Intelligence, 004).
	DoublesUSA bool
	DoublesWhy string
}

// InitiativeRules returns this turn's initiative rules, read from the
// random events (g.Events).
func (g Game) InitiativeRules() InitiativeRule {
	if f := g.variant().initiative; f != nil {
		return f(g) // LRTA's random events (lrta_variant.go)
	}
	var r InitiativeRule
	for _, side := range []engine.Side{engine.CSA, engine.USA} {
		v, why := g.Events.InitiativeModifier(g.Turn, side)
		// 16.2 11): "During the turn on which Meade arrives, the Union
		// player suffers Command Paralysis", which is "minus one from USA
		// initiative rolls" (000 2.0 2), 003 Random Events 5). It is one
		// state: with Halleck Interferes the same turn, still -1 (a choice:
		// the rules do not add them).
		if side == engine.USA && v == 0 && g.MeadeParalysis() {
			v, why = -1, "Union command paralysis: Meade assumed command this turn (16.2 11))"
		}
		if v != 0 {
			r.Modifiers = append(r.Modifiers, InitiativeModifier{Side: side, Value: v, Reason: why})
		}
	}
	if w := g.Events.SpyWinner(g.Turn); w != "" {
		r.First, r.FirstWhy = w, fmt.Sprintf("the %s won the Spy this turn and takes the first initiative (000 2.0 7))", sideName(w))
	}
	return r
}

// thenInitiative returns the events followed by the initiative roll of
// the next action phase, rolled on the state after them.
func (g Game) thenInitiative(d engine.Dice, evs ...engine.Event) ([]engine.Event, error) {
	for _, e := range evs {
		g = g.Apply(e)
	}
	more, err := g.rollInitiative(d)
	if err != nil {
		return nil, err
	}
	return append(evs, more...), nil
}

// rollInitiative determines the initiative of the next action phase: the
// side that wins it without dice (10.3; the Spy, 2.0 7)), or both sides'
// rolls with their modifiers and the tie rule.
func (g Game) rollInitiative(d engine.Dice) ([]engine.Event, error) {
	a := g.Actions
	won := &InitiativeWon{Turn: g.Turn, Step: a.Step, Phase: a.Phase + 1}
	rules := []InitiativeRule{g.InitiativeRules()}
	if a.Automatic != "" {
		won.Side, won.Automatic = a.Automatic, a.AutoWhy
		return []engine.Event{won}, nil
	}
	if a.Step == "4a" && !a.SpyDone {
		for _, r := range rules {
			if r.First != "" {
				won.Side, won.Automatic = r.First, r.FirstWhy
				return []engine.Event{won}, nil
			}
		}
	}
	var evs []engine.Event
	rolls := g.Rolls
	for _, side := range []engine.Side{engine.CSA, engine.USA} {
		var mods []engine.AppliedModifier
		expr := "1d6"
		for _, r := range rules {
			for _, m := range r.Modifiers {
				if m.Side == side && m.Value != 0 {
					mods = append(mods, engine.AppliedModifier{Value: m.Value, Reason: m.Reason, Side: string(side)})
					expr += fmt.Sprintf("%+d", m.Value)
				}
			}
		}
		purpose := fmt.Sprintf("%s initiative, %s action phase %d", sideName(side), g.ActionStepTitle(a.Step), won.Phase)
		for _, m := range mods {
			purpose += fmt.Sprintf(" (%+d %s)", m.Value, m.Reason)
		}
		out, err := engine.Channel{Rolls: rolls}.Decide(engine.RollDice{By: g.Umpire, Expression: expr, Purpose: purpose}, d)
		if err != nil {
			return nil, err
		}
		r := out[0].(*engine.DiceRolled)
		rolls = r.Number
		evs = append(evs, r)
		won.Rolls = append(won.Rolls, InitiativeRoll{Side: side, Roll: r.Number, Die: r.Terms[0].Faces[0], Modifiers: mods, Total: r.Total})
	}
	c, u := won.Rolls[0].Total, won.Rolls[1].Total
	cd, ud := won.Rolls[0].Die, won.Rolls[1].Die
	switch {
	case c > u:
		won.Side = engine.CSA
	case u > c:
		won.Side = engine.USA
	case rules[0].DoublesUSA && cd == ud && cd >= 4:
		won.Side, won.Tie = engine.USA, rules[0].DoublesWhy
	case g.VariableInitiative() && c >= 5:
		won.Side, won.Tie = engine.USA, "ties of 5-5 and 6-6 go to the Union once Meade commands (optional rule 25)"
	case g.VariableInitiative():
		won.Side, won.Tie = engine.CSA, "ties of 1-1 to 4-4 go to the Confederates (optional rule 25)"
	default:
		won.Side, won.Tie = engine.CSA, "the Confederates win it (the Standardized Rules' tie, which 000 2.0 3) and optional rule 25 assume)"
	}
	return append(evs, won), nil
}

func (g Game) deferredNote(a ActionState) string {
	if a.Holder == "" || g.Options.LimitedIntel {
		return ""
	}
	if p := g.Player(a.Holder); p != nil {
		return ", deferred to " + p.Actor.Name + " (21.1)"
	}
	return ""
}

func (g Game) decideDefer(cmd DeferInitiative) ([]engine.Event, error) {
	a, err := g.underWay(cmd.By)
	if err != nil {
		return nil, err
	}
	side, err := g.decider(cmd.By, a)
	if err != nil {
		return nil, err
	}
	to := strings.TrimSpace(cmd.To)
	if to == "" {
		if a.Holder == "" {
			return nil, engine.Illegal("action.defer", "The decision is already the overall commander's", "Name the subordinate to defer to")
		}
		return []engine.Event{&Deferred{By: cmd.By, Side: side}}, nil
	}
	var target *engine.Player
	for i := range g.Players {
		p := &g.Players[i]
		if p.Side == side && (p.Actor.ID == to || strings.EqualFold(p.Actor.Name, to)) {
			target = p
		}
	}
	switch {
	case target == nil:
		return nil, engine.Invalid("action.defer", fmt.Sprintf("%q is not a %s commander", to, sideName(side)), "Name a commander of your side")
	case g.ActsAsOverall(*target):
		return nil, engine.Illegal("action.defer", "Defer to a subordinate; to give the decision back to the overall commander, leave the player out", "")
	case a.Holder != "":
		return nil, engine.Illegal("action.defer", "A subordinate defers only back to the overall commander", "/action defer with no player (LRTG 21.1)")
	}
	return []engine.Event{&Deferred{By: cmd.By, Side: side, To: target.Actor}}, nil
}

func (g Game) decideRollsBegin(cmd BeginInitiativeRolls, d engine.Dice) ([]engine.Event, error) {
	a, err := g.underWay(cmd.By)
	if err != nil {
		return nil, err
	}
	if !g.IsUmpire(cmd.By) {
		return nil, engine.Illegal("game.umpire", "Only the umpire begins the initiative rolls of the opening", fmt.Sprintf("Ask %s", g.Umpire.Name))
	}
	if !a.Opening {
		return nil, engine.Illegal("action.rolls", "The initiative is already rolled this turn", "")
	}
	if strings.TrimSpace(cmd.Reason) == "" {
		return nil, engine.Invalid("action.reason", "Say why the rolls begin", "e.g. reason:\"Hood left Culpeper County (000 VIII 3))\"")
	}
	ev := &RollsBegun{By: cmd.By, Turn: g.Turn, Reason: strings.TrimSpace(cmd.Reason)}
	if a.Active != nil {
		return []engine.Event{ev}, nil // the roll follows the action under way
	}
	return g.thenInitiative(d, ev)
}

// decideReroll rerolls the action phase's initiative, both dice, for a
// side that has rerolls this turn (LRTA Enemy Intelligence: "two
// initiative rerolls"), before anyone has acted on it.
func (g Game) decideReroll(cmd RerollInitiative, d engine.Dice) ([]engine.Event, error) {
	a, err := g.underWay(cmd.By)
	if err != nil {
		return nil, err
	}
	side := engine.CSA
	if !g.IsUmpire(cmd.By) {
		p := g.Player(cmd.By.ID)
		if p == nil || !p.Overall {
			return nil, engine.Illegal("action.reroll", "Only a side's overall commander rerolls its initiative", "")
		}
		side = p.Side
	}
	total := 0
	if f := g.variant().initiativeRerolls; f != nil {
		total = f(g, side)
	}
	if total == 0 {
		return nil, engine.Illegal("action.reroll", fmt.Sprintf("The %s has no initiative rerolls this turn", sideName(side)), "They come with winning LRTA's Enemy Intelligence (004)")
	}
	if a.Rerolls >= total {
		return nil, engine.Illegal("action.reroll", fmt.Sprintf("The %s has used its %d initiative rerolls this turn", sideName(side), total), "")
	}
	if a.Rerolled {
		return nil, &engine.RuleError{Kind: engine.ErrIllegal, Code: "action.reroll", What: "This initiative is a reroll: it may not be rerolled again",
			Hint: "A reroll stands; your rerolls left are for a later phase's roll", Rule: "004 Enemy Intelligence"}
	}
	if !a.Rolled || a.Active != nil || len(a.Passed) > 0 || a.ToDecide != a.Initiative || a.Holder != "" {
		return nil, engine.Illegal("action.reroll", "Only an initiative just rolled, before anyone acts on it, is rerolled", "Reroll right after the roll")
	}
	h := g
	h.Actions.Phase-- // the same action phase, rolled again
	evs, err := h.rollInitiative(d)
	if err != nil {
		return nil, err
	}
	won := evs[len(evs)-1].(*InitiativeWon)
	won.Reroll, won.Left = side, total-a.Rerolls-1
	return evs, nil
}

// InitiativeRerollsLeft is how many initiative rolls the side may still
// have rerolled this turn (LRTA Enemy Intelligence, 004: two; LRTG none).
func (g Game) InitiativeRerollsLeft(side engine.Side) (left, total int) {
	if f := g.variant().initiativeRerolls; f != nil {
		total = f(g, side)
	}
	used := 0
	if g.Actions.Turn == g.Turn {
		used = g.Actions.Rerolls
	}
	return max(total-used, 0), total
}
