// The movement allowance rolled as an action begins (engine/lrtg/
// allowance.go): its words. The owner reads it in the /action reply, the
// umpire on his private channel in a hidden mode; the enemy reads nothing
// of it there (the allowance's dice are the side's secret rolls), only the
// action's announcement.

package bot

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
)

// allowanceChart is the game's movement allowance chart from the rules
// library (lrtg.movement-allowance, lrta.movement-allowance).
func (r *Router) allowanceChart(g engine.GameState) (*engine.Chart, error) {
	if r.allowanceOff {
		return nil, nil
	}
	id := lrtg.Of(g).AllowanceChart()
	c := r.library.Chart(id)
	if c == nil {
		return nil, fmt.Errorf("the rules library has no %s chart", id)
	}
	return c, nil
}

// allowanceText tells an action's allowance: the dice of each arm, then
// each group of units with the same allowance reached the same way.
// army: an Activate Army Leader action's (10.1 3)-4)).
func allowanceText(g engine.GameState, al *lrtg.MovementAllowance, step string, army bool) string {
	if al == nil {
		return ""
	}
	cite := moveCite(g, "003 MOVEMENT", "004 Movement")
	if army {
		cite += "; LRTG 10.1 3)-4)"
	}
	if len(al.Units) == 0 {
		return fmt.Sprintf("🥾 Movement allowance (%s): no unit of the action is on the map to move, so nothing was rolled.", cite)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "🥾 **Movement allowance** (%s), rolled as the action begins:", cite)
	for i, r := range al.Rolls {
		sep := " "
		if i > 0 {
			sep = "; "
		}
		arm := allowanceArmWords(r.Arm)
		if r.Arm == lrtg.ArmInfantry && len(r.Faces) == 2 && !army {
			arm = "infantry and artillery (the white die; the colored one for the Foot Cavalry, 31.3)"
		}
		fmt.Fprintf(&b, "%s%s %s for %s", sep, rollLabel(r.Roll, engine.RollStream{Secret: r.Secret}), allowanceFaces(r, army), arm)
	}
	b.WriteString(".")
	type group struct {
		names []string
		how   string
		mp    int
	}
	var groups []group
	for _, u := range al.Units {
		how := allowanceHow(g, u, army)
		name := actionUnitName(g, u.Unit)
		if i := slices.IndexFunc(groups, func(x group) bool { return x.how == how && x.mp == u.MP }); i >= 0 {
			groups[i].names = append(groups[i].names, name)
			continue
		}
		groups = append(groups, group{names: []string{name}, how: how, mp: u.MP})
	}
	for _, x := range groups {
		fmt.Fprintf(&b, "\n· %s: **%d** %s (%s).", strings.Join(x.names, ", "), x.mp, movementPoints(x.mp), x.how)
	}
	for _, n := range al.Notes {
		if n == lrtg.AllowNoteRain {
			b.WriteString("\n· It rains this turn: the Standardized Rules' rain rules (not in these rules) may lower these; the umpire rules on it.")
		}
	}
	if step == "4b" {
		b.WriteString("\n· A unit that moves strategically, by rail or by sea uses that movement's own allowance instead (17.1, 8.2).")
	}
	return b.String()
}

// movementPoints is "movement point(s)" for n.
func movementPoints(n int) string {
	if n == 1 {
		return "movement point"
	}
	return "movement points"
}

// allowanceSummary is an allowance in one line for a turn's record: each
// unit's movement points, units of the same allowance together.
func allowanceSummary(g engine.GameState, al *lrtg.MovementAllowance) string {
	if al == nil || len(al.Units) == 0 {
		return ""
	}
	var order []int
	names := map[int][]string{}
	for _, u := range al.Units {
		if _, ok := names[u.MP]; !ok {
			order = append(order, u.MP)
		}
		names[u.MP] = append(names[u.MP], actionUnitName(g, u.Unit))
	}
	parts := make([]string, len(order))
	for i, mp := range order {
		parts[i] = fmt.Sprintf("%s %d", strings.Join(names[mp], ", "), mp)
	}
	return "allowance " + strings.Join(parts, "; ")
}

// allowanceFaces writes a roll's dice: [4], [3+4]; Jackson's white and
// colored dice (31.3).
func allowanceFaces(r lrtg.AllowanceRoll, army bool) string {
	if r.Arm == lrtg.ArmInfantry && len(r.Faces) == 2 && !army {
		return fmt.Sprintf("[%d white, %d colored]", r.Faces[0], r.Faces[1])
	}
	s := make([]string, len(r.Faces))
	for i, f := range r.Faces {
		s[i] = strconv.Itoa(f)
	}
	return "[" + strings.Join(s, "+") + "]"
}

func allowanceArmWords(arm string) string {
	if arm == lrtg.ArmCavalry {
		return "cavalry (two dice)"
	}
	return "infantry and artillery (one die)"
}

// allowanceHow says how a unit's allowance was reached: the dice, the
// chart's bonus and line, each step.
func allowanceHow(g engine.GameState, u lrtg.UnitAllowance, army bool) string {
	dice := "die"
	if u.Arm == lrtg.ArmCavalry && !army {
		dice = "dice"
	}
	parts := []string{fmt.Sprintf("%s %d", dice, u.Dice)}
	switch {
	case army:
		parts = append(parts, fmt.Sprintf("%+d as a non-cavalry leader's", u.Plus))
	case u.Plus != 0 || u.With != "none":
		parts = append(parts, fmt.Sprintf("%+d %s", u.Plus, allowanceWith(u)))
	}
	for _, s := range u.Steps {
		parts = append(parts, allowanceStep(g, u, s))
	}
	return strings.Join(parts, ", ")
}

// allowanceWith names the chart's line: alone, with its leader, with
// Stuart.
func allowanceWith(u lrtg.UnitAllowance) string {
	arm := "infantry"
	if u.Arm == lrtg.ArmCavalry {
		arm = "cavalry"
	}
	switch w := strings.ToLower(u.With); {
	case w == "none":
		return arm
	case w == "stuart":
		return arm + " with Stuart"
	case strings.HasPrefix(w, "leader ("):
		return arm + " with its leader " + u.With[len("leader "):]
	}
	return arm + " with its leader"
}

// allowanceStep tells one change to a unit's allowance.
func allowanceStep(g engine.GameState, u lrtg.UnitAllowance, s lrtg.AllowanceStep) string {
	floor := ""
	if s.Floor {
		floor = ", at least 1"
	}
	v := fmt.Sprintf("%+d", s.Value)
	switch s.Code {
	case lrtg.AllowArmyOneAsTwo:
		return "+1: a 1 counts as 2 (10.1 3))"
	case lrtg.AllowArmyCavalryDouble:
		return "×2 for cavalry (10.1 4))"
	case lrtg.AllowFootCavalry:
		return "+1 Foot Cavalry: the colored die is even (31.3)"
	case lrtg.AllowFootCavalryOdd:
		return "the colored die is odd: no Foot Cavalry point (31.3)"
	case lrtg.AllowFootCavalryDisorg:
		return "no Foot Cavalry point: disorganized when selected (31.3)"
	case lrtg.AllowFootCavalryLost:
		return "no Foot Cavalry this turn: Jackson's wounds (31.4)"
	case lrtg.AllowJacksonNoBonus:
		return v + ": Jackson is debilitated, no +2 leader bonus this turn (31.4)"
	case lrtg.AllowNoLeaderLine:
		return fmt.Sprintf("the chart prints no line for this %s with a leader, so it rolls as it would alone", strings.ToLower(string(g.Units[u.Unit].Kind)))
	case lrtg.AllowRainWagon:
		return fmt.Sprintf("%s rain, a wagon train (LRTG 23.4%s): not if it starts and stays on a pike the whole move", v, floor)
	case lrtg.AllowPassive:
		return fmt.Sprintf("%s passive (%s%s)", v, moveCite(g, "000 4.2", "004 Impacts of Being Passive"), floor)
	case lrtg.AllowParalysisCSA:
		return fmt.Sprintf("%s Confederate Command Paralysis (004 random event 12%s)", v, floor)
	case lrtg.AllowParalysisPope:
		return fmt.Sprintf("%s Union Command Paralysis, doubled while Pope commands (004 Command Paralysis%s)", v, floor)
	case lrtg.AllowParalysisReorg:
		return fmt.Sprintf("%s Union Command Paralysis on a reorganized corps (004 Command Paralysis note%s)", v, floor)
	case lrtg.AllowParalysisUnreorg:
		return fmt.Sprintf("%s Union Command Paralysis on an unreorganized corps, not added to the reorganization's (004 Command Paralysis note%s)", v, floor)
	case lrtg.AllowParalysisArmy:
		return fmt.Sprintf("%s command paralysis outside the reorganized corps (004 McClellan assumes command 5)%s)", v, floor)
	}
	return fmt.Sprintf("%s %s%s", v, s.Code, floor)
}

// allowanceUmpireOutputs posts, in a hidden mode, the allowance of an
// action a player declared on the umpire's private channel (the console's
// channel "umpire"): the enemy reads nothing of it, the umpire all of it.
// With open intelligence the channel's message already says it; an
// umpire who acts reads it in his own reply.
func (r *Router) allowanceUmpireOutputs(req Request, before engine.GameState, evs []engine.Event) []Output {
	if !before.Options.LimitedIntel || before.IsUmpire(req.User) {
		return nil
	}
	var lines []string
	for _, e := range evs {
		switch e := e.(type) {
		case *lrtg.Activated:
			if e.Allowance != nil {
				lines = append(lines, fmt.Sprintf("%s activates %s (%s).\n%s", e.By.Name, e.Name, actionSide(e.Side), allowanceText(before, e.Allowance, e.Step, false)))
			}
		case *lrtg.ArmyAttempted:
			if e.Allowance != nil {
				lines = append(lines, fmt.Sprintf("%s's Activate Army Leader (%s).\n%s", actionUnitName(before, e.Leader), actionSide(e.Side), allowanceText(before, e.Allowance, e.Step, true)))
			}
		}
	}
	if len(lines) == 0 {
		return nil
	}
	ch, ok := before.Channels.UmpireChannel()
	switch {
	case ok:
	case req.console:
		ch = "umpire"
	default:
		return nil // on Discord without an umpire's channel: the umpire reads /action show
	}
	return []Output{{Audience: Audience{Kind: AudienceChannel, Channel: ch, UserID: before.Umpire.ID}, Text: "📒 " + strings.Join(lines, "\n"), Events: []EventView{}}}
}

// allowanceShowLines is what /action show says of the allowance of the
// action under way, to its side and the umpire (sees).
func allowanceShowLines(g engine.GameState, a lrtg.ActionState) []string {
	act := a.Active
	if act == nil || act.Allowance == nil {
		return nil
	}
	return []string{allowanceText(g, act.Allowance, a.Step, act.Kind == lrtg.ActionArmy)}
}
