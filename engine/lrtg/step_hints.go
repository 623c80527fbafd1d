package lrtg

// Hints for a command given before its step (issue 22): who begins the
// step depends on how the game steps through its turns.

// untilStep is the hint of a command refused because its step has not
// begun: in a game with steps:auto the step begins by itself once those
// before it are done; otherwise the umpire begins it.
func untilStep(g Game, step string) string {
	if g.Options.AutoSteps() {
		return "Step " + step + " begins by itself once the steps before it are done (/phase show says what they wait for)"
	}
	return "Wait for the umpire to begin step " + step + " (/phase show says where the turn is)"
}

// reachStep says how the turn reaches a step: by itself, or by the
// umpire's /phase next.
func reachStep(g Game) string {
	if g.Options.AutoSteps() {
		return "the game stops there when it needs your ruling"
	}
	return "/phase next"
}
