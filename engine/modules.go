package engine

import "sync"

// Rule modules. The board's rules live in files of their own (movement,
// unit status and combat results, attachment, records); each gives, in a
// function that returns its Module, the commands it decides, the events it
// folds and the prototypes of its events. The games' rulesets list them
// (lrtg_ruleset.go, lrta_ruleset.go); the few every game uses (the
// sequence of play, the turn's advance, the channels, the deadlines) are
// the kernel's, listed in kernelRules.

// A decider settles a command it knows (ok true), or passes (ok false).
type decider func(g GameState, cmd Command, d Dice) (evs []Event, ok bool, err error)

// An applier folds an event it knows (ok true), or passes (ok false). It
// must not change the receiver's maps or slices: copy before writing.
type applier func(g GameState, e Event) (next GameState, ok bool)

// claims adapts a module's decider to the ruleset's: a ruleset hands it
// only the commands its module listed, which it always claims.
func Claims(f decider) Decider {
	return func(g GameState, cmd Command, d Dice) ([]Event, error) {
		evs, _, err := f(g, cmd, d)
		return evs, err
	}
}

// folds adapts a module's applier to the ruleset's.
func Folds(f applier) Applier {
	return func(g GameState, e Event) GameState {
		next, _ := f(g, e)
		return next
	}
}

var (
	kernelOnce  sync.Once
	kernelTable *Ruleset
)

// KernelRules are the modules of the kernel: what a game of any ruleset
// decides and folds after its own (built once, on first use: the
// ruleset's checks ask which events are the kernel's).
func KernelRules() *Ruleset {
	kernelOnce.Do(func() {
		kernelTable = newRuleset("", Hooks{}, true,
			sequenceModule(), turnModule(), channelsModule(), deadlinesModule())
	})
	return kernelTable
}
