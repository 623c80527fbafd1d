package bot

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// The Action Cycle (engine/actions.go; LRTG 1.0, 10, 17.2, 21.1, 22, 25;
// 003 4 a)-b)): the umpire rolls each initiative, the players declare
// their actions with /action, and each declaration is posted to the
// channel as far as the enemy may know it: under limited intelligence an
// activation says only that the side took an action; its unit goes to the
// actor (and the umpire's record).

func init() {
	stepPresenters = append(stepPresenters, presentActionStep)
}

func actionCommands() []*Command {
	ownUnits := func(r *Router, req Request, typed string) []engine.Match {
		return unitMatches(r, req, typed, func(g engine.GameState, u engine.UnitState) bool {
			return g.Controls(req.User, u) && u.OnMap && !u.Eliminated
		})
	}
	armyLeaders := func(r *Router, req Request, typed string) []engine.Match {
		return unitMatches(r, req, typed, func(g engine.GameState, u engine.UnitState) bool {
			return g.Controls(req.User, u) && engine.IsArmyLeader(u) && u.OnMap
		})
	}
	sideUnits := func(r *Router, req Request, typed string) []engine.Match {
		return unitMatches(r, req, typed, func(g engine.GameState, u engine.UnitState) bool {
			return onAskersSide(g, req.User, u) && u.OnMap && !u.Eliminated && u.Kind != "leader"
		})
	}
	players := func(r *Router, req Request, typed string) []engine.Match {
		g, err := r.game(context.Background(), req)
		if err != nil {
			return nil
		}
		p := g.Player(req.User.ID)
		var out []engine.Match
		for _, o := range g.Players {
			if p != nil && o.Side == p.Side && !g.ActsAsOverall(o) && strings.Contains(strings.ToLower(o.Actor.Name), strings.ToLower(typed)) {
				out = append(out, engine.Match{Value: o.Actor.ID, Label: o.Actor.Name})
			}
		}
		return out
	}
	reason := OptionSpec{Name: "reason", Description: "The umpire's reason to set a restriction aside", Type: String, MaxLength: 200, Placeholder: "text"}
	return []*Command{{
		Name:        "action",
		Description: "The Action Cycle: activate, pass, end an action (LRTG 1.0, 10, 17.2)",
		Subcommands: []*Command{
			{
				Name:        "activate",
				Description: "With your side's decision: activate a unit, or a leader and his units",
				Options: []OptionSpec{
					{Name: "leader_or_unit", Description: "The leader or unit, by id or name", Type: String, Required: true, MaxLength: 60, Placeholder: "leader or unit", Autocomplete: ownUnits},
					reason,
				},
				Handle: handleActionActivate,
			},
			{
				Name:        "army",
				Description: "With the initiative: attempt Activate Army Leader (1-3 succeeds; LRTG 10.1)",
				Options: []OptionSpec{
					{Name: "leader", Description: "Your army leader: Lee, or Meade once he commands", Type: String, Required: true, MaxLength: 60, Placeholder: "leader", Autocomplete: armyLeaders},
					{Name: "units", Description: "1 to 10 units of any command in his command radius, fatigue 3 or less", Type: String, Required: true, MaxLength: 400, Placeholder: "unit,...", Autocomplete: sideUnits},
					reason,
				},
				Handle: handleActionArmy,
			},
			{
				Name:        "pass",
				Description: "Pass (your side's overall commander); two passes in an action phase end it",
				Handle:      handleActionPass,
			},
			{
				Name:        "done",
				Description: "End the action under way: the next initiative is rolled",
				Handle:      handleActionDone,
			},
			{
				Name:        "defer",
				Description: "Hand your side's decision to a subordinate, or back to the overall commander (LRTG 21.1)",
				Options: []OptionSpec{
					{Name: "player", Description: "The subordinate (leave out to give it back)", Type: String, MaxLength: 60, Placeholder: "player", Autocomplete: players},
				},
				Handle: handleActionDefer,
			},
			{
				Name:        "reroll",
				Description: "Reroll this action phase's initiative (LRTA: after winning Enemy Intelligence)",
				Handle:      handleActionReroll,
			},
			{
				Name:        "rolls",
				Description: "The opening's restrictions are lifted: begin the initiative rolls (umpire; 000 VIII 3))",
				Options:     []OptionSpec{{Name: "reason", Description: "Why, e.g. a Confederate unit left the six counties", Type: String, Required: true, MaxLength: 200, Placeholder: "text"}},
				Handle:      handleActionRolls,
			},
			{
				Name:        "remote",
				Description: "Ask the enemy's permission to move units 8+ hexes from him without the initiative (17.2)",
				Options: []OptionSpec{
					{Name: "units", Description: "Your units, comma-separated", Type: String, Required: true, MaxLength: 300, Placeholder: "unit,...", Autocomplete: ownUnits},
				},
				Handle: handleActionRemote,
			},
			{
				Name:        "answer",
				Description: "Answer the enemy's remote movement request (your side's overall commander)",
				Options: []OptionSpec{
					{Name: "allow", Description: "true to allow the move", Type: Boolean, Required: true},
					{Name: "comment", Description: "Anything to add", Type: String, MaxLength: 200, Placeholder: "text"},
				},
				Handle: handleActionAnswer,
			},
			{
				Name:        "show",
				Description: "The action cycle: the initiative, whose decision it is, this turn's actions",
				Ephemeral:   true,
				Handle:      handleActionShow,
			},
		},
	}}
}

// onAskersSide reports whether a unit is of the asker's side (the umpire:
// any unit).
func onAskersSide(g engine.GameState, asker engine.Actor, u engine.UnitState) bool {
	if g.IsUmpire(asker) {
		return true
	}
	p := g.Player(asker.ID)
	return p != nil && p.Side == u.Side
}

// sideUnitList reads comma-separated units of the asker's side (an army
// leader activates units of any command: 10.1 2)).
func sideUnitList(g engine.GameState, asker engine.Actor, s string) ([]string, error) {
	var ids []string
	for _, x := range strings.Split(s, ",") {
		x = strings.TrimSpace(x)
		if x == "" {
			continue
		}
		var hits []string
		for _, id := range sortedUnitIDs(g) {
			u := g.Units[id]
			if onAskersSide(g, asker, u) && (id == x || strings.EqualFold(u.Name, x)) {
				hits = append(hits, id)
			}
		}
		switch len(hits) {
		case 0:
			return nil, &engine.RuleError{Kind: engine.ErrInvalid, Code: "unit.unknown", What: fmt.Sprintf("Your side has no unit %q", x), Hint: "/oob lists your units; Discord completes their names"}
		case 1:
			ids = append(ids, hits[0])
		default:
			return nil, &engine.RuleError{Kind: engine.ErrInvalid, Code: "unit.ambiguous", What: fmt.Sprintf("%q names several units: %s", x, strings.Join(hits, ", ")), Hint: "Use the unit's id"}
		}
	}
	return ids, nil
}

func (r *Router) settleAction(ctx context.Context, req Request, cmd engine.Command) (Reply, error) {
	g, err := r.gameHere(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	cmd = r.timed(g, cmd) // clock.go: the chess clocks switch at this instant (LRTG 22.3, 22.4)
	return r.settleGame(ctx, req, cmd, nil, func(views []EventView, evs []engine.Event) Reply {
		return actionReply(req, g, views, evs)
	})
}

func handleActionActivate(ctx context.Context, r *Router, req Request) (Reply, error) {
	g, err := r.gameHere(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	id, err := findUnit(g, req.User, req.Options["leader_or_unit"])
	if err != nil {
		return Reply{}, err
	}
	return r.settleAction(ctx, req, engine.ActivateUnit{By: req.User, Unit: id, Reason: strings.TrimSpace(req.Options["reason"])})
}

func handleActionArmy(ctx context.Context, r *Router, req Request) (Reply, error) {
	g, err := r.gameHere(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	leader, err := findUnit(g, req.User, req.Options["leader"])
	if err != nil {
		return Reply{}, err
	}
	units, err := sideUnitList(g, req.User, req.Options["units"])
	if err != nil {
		return Reply{}, err
	}
	tb := r.library.Table("lrtg.activate-army-leader")
	if tb == nil {
		return Reply{}, fmt.Errorf("the rules library has no lrtg.activate-army-leader table")
	}
	return r.settleAction(ctx, req, engine.ActivateArmyLeader{By: req.User, Leader: leader, Units: units, Table: tb, Reason: strings.TrimSpace(req.Options["reason"])})
}

func handleActionPass(ctx context.Context, r *Router, req Request) (Reply, error) {
	g, err := r.gameHere(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	return r.settleAction(ctx, req, engine.PassAction{By: req.User, Data: r.moveData(g)})
}

func handleActionReroll(ctx context.Context, r *Router, req Request) (Reply, error) {
	return r.settleAction(ctx, req, engine.RerollInitiative{By: req.User})
}

func handleActionDone(ctx context.Context, r *Router, req Request) (Reply, error) {
	return r.settleAction(ctx, req, engine.EndAction{By: req.User})
}

func handleActionDefer(ctx context.Context, r *Router, req Request) (Reply, error) {
	return r.settleAction(ctx, req, engine.DeferInitiative{By: req.User, To: strings.TrimSpace(req.Options["player"])})
}

func handleActionRolls(ctx context.Context, r *Router, req Request) (Reply, error) {
	return r.settleAction(ctx, req, engine.BeginInitiativeRolls{By: req.User, Reason: strings.TrimSpace(req.Options["reason"])})
}

func handleActionRemote(ctx context.Context, r *Router, req Request) (Reply, error) {
	g, err := r.gameHere(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	ids, err := unitList(g, req.User, req.Options["units"])
	if err != nil {
		return Reply{}, err
	}
	return r.settleAction(ctx, req, engine.AskRemote{By: req.User, Units: ids})
}

func handleActionAnswer(ctx context.Context, r *Router, req Request) (Reply, error) {
	allow, _ := strconv.ParseBool(req.Options["allow"])
	return r.settleAction(ctx, req, engine.AnswerRemote{By: req.User, Allow: allow, Comment: strings.TrimSpace(req.Options["comment"])})
}

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
	if _, won := e.(*engine.InitiativeWon); won {
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
	name := func(id string) string {
		if u, ok := g.Units[id]; ok {
			return u.Name
		}
		return id
	}
	names := func(ids []string) string {
		out := make([]string, len(ids))
		for i, id := range ids {
			out[i] = name(id)
		}
		return strings.Join(out, ", ")
	}
	where := func(step string, phase int) string {
		return fmt.Sprintf("%s, action phase %d", g.ActionStepTitle(step), phase)
	}
	S := func(s engine.Side) string { return strings.ToUpper(string(s)) }
	switch e := e.(type) {
	case *engine.ClockSwitched: // clock.go: the chess clocks (LRTG 22.3)
		return clockSwitchText(g, e), clockEventPublic(g, e), ""
	case *engine.CycleBegun:
		title := g.ActionStepTitle(e.Step)
		switch {
		case e.Skipped != "":
			return fmt.Sprintf("⚔️ The %s is not played this turn: %s.", title, e.Skipped), true, ""
		case e.Opening:
			return fmt.Sprintf("⚔️ %s: no initiative rolls on the opening turns: the Confederates make their activations, then the Union its allowed ones; %s.", title, e.Why), true, ""
		case e.AllMoves:
			return fmt.Sprintf("⚔️ %s: %s.", title, e.Why), true, ""
		case e.Step == "4a" && g.Game() == engine.LRTA:
			return fmt.Sprintf("⚔️ %s: normal and remote movement only; naval, rail and strategic movement wait for the %s (004 4 a)). Each action phase begins with the initiative: both sides roll a die.", title, g.ActionStepTitle("4b")), true, ""
		case e.Step == "4a":
			return fmt.Sprintf("⚔️ %s: regular movement only; strategic, rail and naval movement wait for the Distance Action Phase (003 4 a)). Each action phase begins with the initiative: both sides roll a die.", title), true, ""
		case g.Game() == engine.LRTA:
			return fmt.Sprintf("⚔️ %s: normal, remote, naval, rail and strategic movement until both sides pass (004 4 b); LRTA 5.1).", title), true, ""
		default:
			return fmt.Sprintf("⚔️ %s: regular, strategic, rail and naval movement until both sides pass (003 4 b); 000 IV e)).", title), true, ""
		}
	case *engine.DiceRolled:
		if !isActionRoll(e) {
			return "", false, ""
		}
		return FormatRoll(e), true, ""
	case *engine.TableRolled:
		if e.Table != "lrtg.activate-army-leader" {
			return "", false, ""
		}
		return fmt.Sprintf("🎲 Roll #%d · %s rolls %s on **%s** (%s): [%d] → **%s**", e.Number, e.By.Name, e.Dice, e.Title, e.Source, e.Natural, e.Name), true, ""
	case *engine.InitiativeWon:
		head := fmt.Sprintf("⚔️ **The %s has the initiative** (%s)", S(e.Side), where(e.Step, e.Phase))
		switch {
		case e.Automatic != "":
			return head + " without a roll: " + e.Automatic + ".", true, ""
		case len(e.Rolls) == 2:
			c, u := e.Rolls[0], e.Rolls[1]
			s := fmt.Sprintf("%s: CSA %d, USA %d", head, c.Total, u.Total)
			if e.Tie != "" {
				s += ": a tie, and " + e.Tie
			}
			if e.Reroll != "" {
				s = fmt.Sprintf("%s (the %s's reroll, Enemy Intelligence (004); %d left this turn)", s, S(e.Reroll), e.Left)
			}
			return s + ".", true, ""
		}
		return head + ".", true, ""
	case *engine.Activated:
		what := "a unit"
		if e.Leader {
			what = "a leader and his units"
		}
		full := fmt.Sprintf("⚔️ %s activates %s (%s, %s).", e.By.Name, e.Name, S(e.Side), where(e.Step, e.Phase))
		if e.Override != "" {
			full += fmt.Sprintf(" The umpire set aside: %s, because %s.", e.Overrode, e.Override)
		}
		if hidden {
			return fmt.Sprintf("⚔️ The %s takes an action: it activates %s (%s).", S(e.Side), what, where(e.Step, e.Phase)), false, full
		}
		return full, true, ""
	case *engine.ArmyAttempted:
		leader := name(e.Leader)
		s := fmt.Sprintf("⚔️ The %s attempts Activate Army Leader with %s (LRTG 10.1; %s): ", S(e.Side), leader, where(e.Step, e.Phase))
		if e.Success {
			s += fmt.Sprintf("**it succeeds**. His movement die counts %d", e.MA)
			if e.MADie == 1 {
				s += " (a 1 counts as 2)"
			}
			s += "; the allowance is a non-cavalry leader's for that die, cavalry double (10.1 3)-4)). The units may not attack, enter an enemy zone of control (unless forced), burn stations or entrench (10.2)."
			s += fmt.Sprintf(" The %s wins the next initiative without a roll (10.3); no further army activation this turn or next.", S(actionEnemy(e.Side)))
		} else {
			s += "**it fails**: the action is over, no unit gains fatigue; one more attempt is allowed in a later action phase this turn (10.1)."
		}
		detail := fmt.Sprintf("Selected (10.1 2)): %s.", names(e.Units))
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
		if hidden {
			return s, false, detail
		}
		return s + " " + detail, true, ""
	case *engine.ActionEnded:
		return fmt.Sprintf("The %s's action ends.", S(e.Side)), true, ""
	case *engine.Passed:
		s := fmt.Sprintf("⏸️ The %s passes (%s).", S(e.Side), where(e.Step, e.Phase))
		if e.Ends {
			s += fmt.Sprintf(" Both sides have passed: the %s is over.", g.ActionStepTitle(e.Step))
		}
		return s, true, ""
	case *engine.Deferred:
		s := fmt.Sprintf("%s gives the %s's decision back to the overall commander (21.1).", e.By.Name, S(e.Side))
		if e.To.ID != "" {
			s = fmt.Sprintf("%s defers the %s's decision to %s (21.1): he activates one of his units or defers it back.", e.By.Name, S(e.Side), e.To.Name)
		}
		if hidden {
			return "", false, s
		}
		return s, true, ""
	case *engine.RollsBegun:
		return fmt.Sprintf("⚖️ The umpire lifts the opening's restrictions: %s. The initiative rolls begin (000 VIII 3)).", e.Reason), true, ""
	case *engine.RemoteAsked:
		s := fmt.Sprintf("📨 %s asks the %s's permission to move %s without the initiative: %d or more hexes from every enemy unit (17.2). The %s's overall commander answers with /action answer allow:true|false.",
			e.By.Name, S(actionEnemy(e.Side)), names(e.Units), engine.RemoteDistance, S(actionEnemy(e.Side)))
		if hidden {
			n := fmt.Sprintf("%d units", len(e.Units))
			if len(e.Units) == 1 {
				n = "1 unit"
			}
			return fmt.Sprintf("📨 The %s asks the %s's permission to move %s without the initiative: %d or more hexes from every enemy unit (17.2). The %s's overall commander answers with /action answer allow:true|false.",
				S(e.Side), S(actionEnemy(e.Side)), n, engine.RemoteDistance, S(actionEnemy(e.Side))), false, s
		}
		return s, true, ""
	case *engine.RemoteAnswered:
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
		return s, true, ""
	}
	return "", false, ""
}

func actionEnemy(s engine.Side) engine.Side {
	if s == engine.CSA {
		return engine.USA
	}
	return engine.CSA
}

// handleActionShow shows the action cycle as the asker may see it: the
// enemy's activations under limited intelligence only as actions.
func handleActionShow(ctx context.Context, r *Router, req Request) (Reply, error) {
	g, err := r.gameHere(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	a := g.Actions
	sees := func(side engine.Side) bool {
		if !g.Options.LimitedIntel || g.IsUmpire(req.User) {
			return true
		}
		p := g.Player(req.User.ID)
		return p != nil && p.Side == side
	}
	S := func(s engine.Side) string { return strings.ToUpper(string(s)) }
	name := func(id string) string {
		if u, ok := g.Units[id]; ok {
			return u.Name
		}
		return id
	}
	var lines []string
	step := g.CurrentStep()
	if (step != "4a" && step != "4b") || a.Turn != g.Turn || a.Step != step {
		lines = append(lines, fmt.Sprintf("No action cycle is under way (turn %d, %s).", g.Turn, r.phaseLabel(g)))
	} else {
		lines = append(lines, fmt.Sprintf("Turn %d, %s %s.", g.Turn, step, g.ActionStepTitle(step)))
		switch {
		case a.Skipped != "":
			lines = append(lines, "Not played this turn: "+a.Skipped+".")
		case a.Opening:
			lines = append(lines, "The opening: no initiative rolls (000 VIII 3)).")
		case a.Initiative != "":
			lines = append(lines, fmt.Sprintf("Action phase %d: the %s has the initiative.", a.Phase, S(a.Initiative)))
		}
		if a.AllMoves {
			lines = append(lines, "Strategic, rail and naval movement are allowed now.")
		}
		if a.Holder != "" && sees(a.ToDecide) {
			if p := g.Player(a.Holder); p != nil {
				lines = append(lines, fmt.Sprintf("The %s's decision is deferred to %s (21.1).", S(a.ToDecide), p.Actor.Name))
			}
		}
		lines = append(lines, waitingLine(g))
	}
	var log []string
	for _, en := range a.Log {
		if a.Turn != g.Turn {
			break
		}
		what := "passes"
		switch {
		case en.Kind == engine.ActionPass:
		case en.Kind == engine.ActionArmy: // the attempt is public; its units are not
			what = "Activate Army Leader with " + name(en.Unit)
		case !sees(en.Side):
			what = "an action"
		default:
			what = "activates " + name(en.Unit)
		}
		log = append(log, fmt.Sprintf("· %s phase %d — %s: %s", en.Step, en.Phase, S(en.Side), what))
	}
	if len(log) > 0 {
		lines = append(lines, "**This turn**")
		lines = append(lines, log...)
	}
	for _, side := range []engine.Side{engine.CSA, engine.USA} {
		tries, won, last := 0, false, false
		for _, t := range a.Army {
			switch {
			case t.Side != side:
			case t.Turn == g.Turn:
				tries++
				won = won || t.Success
			case t.Turn == g.Turn-1 && t.Success:
				last = true
			}
		}
		switch {
		case last:
			lines = append(lines, fmt.Sprintf("Activate Army Leader (%s): none this turn, after last turn's success (10.1).", S(side)))
		case won:
			lines = append(lines, fmt.Sprintf("Activate Army Leader (%s): succeeded this turn; none until the second turn after (10.1).", S(side)))
		case tries > 0:
			lines = append(lines, fmt.Sprintf("Activate Army Leader (%s): %d of 2 attempts made this turn (10.1).", S(side), tries))
		}
	}
	if g.VariableInitiative() {
		lines = append(lines, "Variable initiative (optional rule 25): ties of 5-5 and 6-6 go to the Union.")
	}
	footer := "LRTG 1.0, 10, 17.2, 25; 003 4 a)-b)."
	if g.Game() == engine.LRTA {
		footer = "004 4 a)-b) (the Standardized Rules: LRTG 1.0, 10, 17.2)."
	}
	e := &Embed{Title: "Action cycle", Description: clipLines(lines, 4000), Footer: footer}
	return Reply{Outputs: []Output{{Audience: Audience{Kind: AudienceEphemeral}, Text: e.PlainText(), Embed: e, Events: []EventView{}}}}, nil
}
