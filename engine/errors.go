package engine

import (
	"errors"
	"fmt"
)

// The two kinds of rule error, after godip: input that was not understood,
// and input that was understood but is not allowed in the current state.
var (
	ErrInvalid = errors.New("engine: invalid input")
	ErrIllegal = errors.New("engine: not allowed")
)

// RuleError is what a command gets instead of events. It says what was wrong
// (What) and what would be right (Hint), so a player can correct the command;
// Rule names the section of the rules when one applies.
type RuleError struct {
	Kind error  // ErrInvalid or ErrIllegal
	Code string // stable machine-readable code, e.g. "dice.expression"
	What string // what was wrong, in a player's words
	Hint string // what would be right
	Rule string // rule section, e.g. "LRTG 21.2"; empty when none
}

func (e *RuleError) Error() string {
	msg := e.What
	if e.Hint != "" {
		msg += ". " + e.Hint
	}
	if e.Rule != "" {
		msg += fmt.Sprintf(" (%s)", e.Rule)
	}
	return msg
}

// Unwrap lets errors.Is(err, ErrInvalid) and errors.Is(err, ErrIllegal) work.
func (e *RuleError) Unwrap() error { return e.Kind }

func Invalid(code, what, hint string) *RuleError {
	return &RuleError{Kind: ErrInvalid, Code: code, What: what, Hint: hint}
}
