// LRTG's and LRTA's answers to the deadline scheduler (issue 9;
// docs/deadlines.md): who owes the communications phase, who answers for
// a side, what each step's default does, and the chess clocks' instant.
// The kernel's scheduler (deadline_run.go, deadline_owing.go) asks them
// through the rulesets' hooks (lrtg_ruleset.go, lrta_ruleset.go).

package lrtg

import (
	"slices"
	"sort"
	"time"

	"github.com/umpire-games/umpire/engine"
)

// lrtgDeadlineOwing is who owes LRTG's communications phase (LRTG 21.2):
// the written dispatches are each writer's, until he is done. Other steps
// owe what their waits name (ok false). LRTA's phase (2a) owes what its
// waits name.
func lrtgDeadlineOwing(g Game) ([]engine.Owed, bool) {
	if g.CurrentStep() != stepComms {
		return nil, false
	}
	var out []engine.Owed
	for _, p := range g.commsWriters() {
		if !slices.Contains(g.Comms.Done, p.Actor.ID) {
			out = engine.AddOwed(out, p, "your dispatches (/dispatch send, then /dispatch done)")
		}
	}
	return out, true
}

// lrtgAnswersForSide: a side's overall commander answers for it (LRTG
// 21.1), the Halleck player for the Union on a turn Halleck interferes.
func lrtgAnswersForSide(g Game, p engine.Player) bool { return g.ActsAsOverall(p) }

// lrtgTimed gives a default's command its instant: with time limitation
// the chess clocks (clock.go) switch at the default's instant (LRTG 22.3).
func lrtgTimed(cmd engine.Command, at time.Time) engine.Command { return Timed{Command: cmd, At: at} }

// lrtgDeadlineDefault is the documented default of LRTG's step under way
// for players who missed its deadline (docs/deadlines.md): the
// communications phase (LRTG 21.2), done with no dispatch; the other
// steps as the ones LRTA shares (commonDeadlineDefault).
func lrtgDeadlineDefault(g Game, m engine.DeadlineMiss) (engine.StepDefault, bool) {
	if g.CurrentStep() != stepComms {
		return commonDeadlineDefault(g, m)
	}
	c, out := m.Run, m.Out
	if len(out) == len(m.Owing) {
		return engine.StepDefault{Commands: []engine.Command{CloseComms{By: c.By, Table: c.Context.DispatchTable, Reason: engine.DeadlineReason}}, What: "done, no dispatch (LRTG 21.2)", Covered: out}, true
	}
	var cmds []engine.Command
	for _, o := range out {
		cmds = append(cmds, DoneDispatches{By: o.Player, Table: c.Context.DispatchTable})
	}
	return engine.StepDefault{Commands: cmds, What: "done, no dispatch (LRTG 21.2)", Covered: out}, true
}

// commonDeadlineDefault is the documented default of the step under way
// for players who missed its deadline, in LRTG's and LRTA's steps alike
// (docs/deadlines.md): 1e, Operational (LRTG 4.1: a side that has not
// declared is operational); the action cycle (LRTG 5.0), the side passes
// (an action under way ends; a remote movement request is refused; a
// retreat owed is handed to the umpire, never passed over). Any
// other step has the kernel's default (ok false): the umpire ends it as
// /phase next force:true would.
func commonDeadlineDefault(g Game, m engine.DeadlineMiss) (engine.StepDefault, bool) {
	c, out := m.Run, m.Out
	switch step := g.CurrentStep(); step {
	case "1e":
		sides := engine.OwedSides(out)
		winner := spyWinner(g)
		sort.SliceStable(sides, func(i, j int) bool { return sides[j] == winner && sides[i] != winner })
		var cmds []engine.Command
		for _, s := range sides {
			cmds = append(cmds, DeclarePosture{By: c.By, Side: s, Posture: PostureOperational, Reason: engine.DeadlineReason})
		}
		return engine.StepDefault{Commands: cmds, What: "declared Operational (LRTG 4.1)", Covered: out}, true
	case "4a", "4b":
		return cycleDeadlineDefault(g, c.By, c.Context.Step.Move, out)
	}
	return engine.StepDefault{}, false
}

// cycleDeadlineDefault is the action cycle's default (LRTG 5.0), one
// side's at a time: the next is decided on the state it leaves (the
// scheduler runs again). ok false when no side that missed decides or
// acts.
func cycleDeadlineDefault(g Game, by engine.Actor, move *engine.MoveData, out []engine.Owed) (engine.StepDefault, bool) {
	reason := engine.DeadlineReason
	a, _ := g.cycle()
	for _, s := range engine.OwedSides(out) {
		cmd, what, battle := g.attackDefault(by, s)     // attack_settle.go: a battle's modifiers, none
		rcmd, rwhat, retreat := g.retreatDefault(by, s) // retreat_owed.go: a retreat owed, the umpire's
		switch {
		case battle:
		case retreat:
			cmd, what = rcmd, rwhat
		case a.Remote != nil && a.Remote.Answer == "" && s == engine.EnemyOf(a.Remote.Side):
			cmd, what = AnswerRemote{By: by, Allow: false, Comment: reason}, "the remote movement request refused (LRTG 17.2)"
		case a.Active != nil && a.Active.Side == s && !g.actionHeld(a): // held: a battle's or a retreat's wait is the default's
			cmd, what = EndAction{By: by, Data: move}, "the action under way ended (/action done)"
		case a.ToDecide == s:
			cmd, what = PassAction{By: by, Data: move}, "passed (LRTG 5.0)"
		default:
			continue
		}
		var covered []engine.Owed
		for _, o := range out {
			if o.Side == s {
				covered = append(covered, o)
			}
		}
		return engine.StepDefault{Commands: []engine.Command{cmd}, What: what, Covered: covered}, true
	}
	return engine.StepDefault{}, false
}
