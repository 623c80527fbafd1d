package bot

import (
	"context"
	"fmt"
	"strings"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
)

// The Action Cycle (engine/lrtg/actions.go; LRTG 1.0, 10, 17.2, 21.1, 22, 25;
// 003 4 a)-b)): the umpire rolls each initiative, the players declare
// their actions with /action, and each declaration is posted to the
// channel as far as the enemy may know it: under limited intelligence an
// activation says only that the side took an action; its unit goes to the
// actor (and the umpire's record).

func actionCommands() []*Command {
	ownUnits := func(r *Router, req Request, typed string) []engine.Match {
		return unitMatches(r, req, typed, func(g engine.GameState, u engine.UnitState) bool {
			return g.Controls(req.User, u) && u.OnMap && !u.Eliminated
		})
	}
	armyLeaders := func(r *Router, req Request, typed string) []engine.Match {
		return unitMatches(r, req, typed, func(g engine.GameState, u engine.UnitState) bool {
			return g.Controls(req.User, u) && lrtg.IsArmyLeader(u) && u.OnMap
		})
	}
	sideUnits := func(r *Router, req Request, typed string) []engine.Match {
		return unitMatches(r, req, typed, func(g engine.GameState, u engine.UnitState) bool {
			return onAskersSide(g, req.User, u) && u.OnMap && !u.Eliminated && !u.Kind.IsLeader()
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
			if p != nil && o.Side == p.Side && !lrtg.Of(g).ActsAsOverall(o) && strings.Contains(strings.ToLower(o.Actor.Name), strings.ToLower(typed)) {
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
					{Name: "leader", Description: "Your army leader: Lee; Meade once he commands (LRTG); Pope, then McClellan (LRTA)", Type: String, Required: true, MaxLength: 60, Placeholder: "leader", Autocomplete: armyLeaders},
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
				// The umpire's reason to end it while a retreat is owed
				// (engine/lrtg/retreat_owed.go).
				Options: []OptionSpec{{Name: "reason", Description: "The umpire's reason to end it while a retreat is owed", Type: String, MaxLength: 200, Placeholder: "text"}},
				Handle:  handleActionDone,
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
		rep := actionReply(req, g, views, evs)
		rep.Outputs = append(rep.Outputs, r.actionSideLog(req, g, evs)...)          // sidelog.go: the side's other commanders
		rep.Outputs = append(rep.Outputs, r.allowanceUmpireOutputs(req, g, evs)...) // actions_allowance.go
		return rep
	})
}

func handleActionActivate(ctx context.Context, r *Router, req Request) (Reply, error) {
	g, err := r.gameHere(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	var o struct {
		Unit   string `opt:"leader_or_unit,raw"`
		Reason string `opt:"reason"`
	}
	if err := decodeOptions(req, &o); err != nil {
		return Reply{}, err
	}
	id, err := findUnit(g, req.User, o.Unit)
	if err != nil {
		return Reply{}, err
	}
	chart, err := r.allowanceChart(g)
	if err != nil {
		return Reply{}, err
	}
	return r.settleAction(ctx, req, lrtg.ActivateUnit{By: req.User, Unit: id, Reason: o.Reason, Allowance: chart})
}

func handleActionArmy(ctx context.Context, r *Router, req Request) (Reply, error) {
	g, err := r.gameHere(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	var o struct {
		Leader string `opt:"leader,raw"`
		Units  string `opt:"units,raw"`
		Reason string `opt:"reason"`
	}
	var p optionProblems
	p.decode(req, &o)
	leader, err := findUnit(g, req.User, o.Leader)
	p.also(err)
	units, err := sideUnitList(g, req.User, o.Units)
	p.also(err)
	if err := p.err(req); err != nil {
		return Reply{}, err // a wrong leader and a wrong unit refused together
	}
	tb := r.library.Table("lrtg.activate-army-leader")
	if tb == nil {
		return Reply{}, fmt.Errorf("the rules library has no lrtg.activate-army-leader table")
	}
	chart, err := r.allowanceChart(g)
	if err != nil {
		return Reply{}, err
	}
	return r.settleAction(ctx, req, lrtg.ActivateArmyLeader{By: req.User, Leader: leader, Units: units, Table: tb, Reason: o.Reason, Allowance: chart})
}

func handleActionPass(ctx context.Context, r *Router, req Request) (Reply, error) {
	g, err := r.gameHere(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	return r.settleAction(ctx, req, lrtg.PassAction{By: req.User, Data: r.moveData(g)})
}

func handleActionReroll(ctx context.Context, r *Router, req Request) (Reply, error) {
	return r.settleAction(ctx, req, lrtg.RerollInitiative{By: req.User})
}

func handleActionDone(ctx context.Context, r *Router, req Request) (Reply, error) {
	var o reasonOpts
	if err := decodeOptions(req, &o); err != nil {
		return Reply{}, err
	}
	g, err := r.gameHere(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	return r.settleAction(ctx, req, lrtg.EndAction{By: req.User, Reason: o.Reason, Data: r.moveData(g)})
}

func handleActionDefer(ctx context.Context, r *Router, req Request) (Reply, error) {
	var o struct {
		Player string `opt:"player"`
	}
	if err := decodeOptions(req, &o); err != nil {
		return Reply{}, err
	}
	return r.settleAction(ctx, req, lrtg.DeferInitiative{By: req.User, To: o.Player})
}

func handleActionRolls(ctx context.Context, r *Router, req Request) (Reply, error) {
	var o reasonOpts
	if err := decodeOptions(req, &o); err != nil {
		return Reply{}, err
	}
	return r.settleAction(ctx, req, lrtg.BeginInitiativeRolls{By: req.User, Reason: o.Reason})
}

func handleActionRemote(ctx context.Context, r *Router, req Request) (Reply, error) {
	g, err := r.gameHere(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	var o struct {
		Units string `opt:"units,raw"`
	}
	if err := decodeOptions(req, &o); err != nil {
		return Reply{}, err
	}
	ids, err := unitList(g, req.User, o.Units)
	if err != nil {
		return Reply{}, err
	}
	return r.settleAction(ctx, req, lrtg.AskRemote{By: req.User, Units: ids})
}

func handleActionAnswer(ctx context.Context, r *Router, req Request) (Reply, error) {
	var o struct {
		Allow   bool   `opt:"allow"`
		Comment string `opt:"comment"`
	}
	if err := decodeOptions(req, &o); err != nil {
		return Reply{}, err
	}
	return r.settleAction(ctx, req, lrtg.AnswerRemote{By: req.User, Allow: o.Allow, Comment: o.Comment})
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
	a := lrtg.Of(g).Actions
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
		lines = append(lines, fmt.Sprintf("Turn %d, %s %s.", g.Turn, step, lrtg.Of(g).ActionStepTitle(step)))
		switch {
		case a.Skipped != "":
			lines = append(lines, "Not played this turn: "+a.Skipped+".")
		case a.Opening:
			lines = append(lines, "The opening: no initiative rolls (000 VIII 3)).")
		case a.Initiative != "":
			lines = append(lines, fmt.Sprintf("Action phase %d: the %s has the initiative.", a.Phase, S(a.Initiative)))
		}
		switch {
		case a.AllMoves && a.Opening:
			lines = append(lines, "Strategic and naval movement are allowed now; rail movement is not (000 VIII 3)).")
		case a.AllMoves:
			lines = append(lines, "Strategic, rail and naval movement are allowed now.")
		}
		if a.Holder != "" && sees(a.ToDecide) {
			if p := g.Player(a.Holder); p != nil {
				lines = append(lines, fmt.Sprintf("The %s's decision is deferred to %s (21.1).", S(a.ToDecide), p.Actor.Name))
			}
		}
		lines = append(lines, waitingLine(g))
		if a.Active != nil && sees(a.Active.Side) {
			lines = append(lines, allowanceShowLines(g, a)...) // actions_allowance.go
			lines = append(lines, actionFatigueLine(g, a)...)
		}
	}
	var log []string
	for _, en := range a.Log {
		if a.Turn != g.Turn {
			break
		}
		what := "passes"
		switch {
		case en.Kind == lrtg.ActionPass:
		case en.Kind == lrtg.ActionArmy: // the attempt is public; its units are not
			what = "Activate Army Leader with " + name(en.Unit)
		case !sees(en.Side):
			what = "an action"
		default:
			what = "activates " + name(en.Unit)
		}
		if sum := allowanceSummary(g, en.Allowance); sum != "" && sees(en.Side) {
			what += " (" + sum + ")" // actions_allowance.go
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
	if lrtg.Of(g).VariableInitiative() {
		lines = append(lines, "Variable initiative (optional rule 25): ties of 5-5 and 6-6 go to the Union.")
	}
	e := &Embed{Title: "Action cycle", Description: clipLines(lines, 4000), Footer: seriesOf(g).actionCycleFooter}
	return Reply{Outputs: []Output{{Audience: Audience{Kind: AudienceEphemeral}, Text: e.PlainText(), Embed: e, Events: []EventView{}}}}, nil
}

// actionFatigueLine is the fatigue of the units of the action under way
// (its allowance's units): a march adds a level (000 8.2), an extended
// march two, so a player reads where each stands before he moves it.
func actionFatigueLine(g engine.GameState, a lrtg.ActionState) []string {
	if a.Active == nil || a.Active.Allowance == nil || len(a.Active.Allowance.Units) == 0 {
		return nil
	}
	var parts []string
	for _, ua := range a.Active.Allowance.Units {
		if u, ok := g.Units[ua.Unit]; ok && !u.Eliminated {
			parts = append(parts, fmt.Sprintf("%s %d", u.Name, u.Fatigue))
		}
	}
	if len(parts) == 0 {
		return nil
	}
	return []string{"Fatigue (a march adds one level, an extended march two; LRTG 8.2): " + strings.Join(parts, ", ") + "."}
}
