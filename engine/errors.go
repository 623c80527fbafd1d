package engine

import (
	"errors"
	"fmt"
	"strings"
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

// OptionProblems joins every problem found with a command's options into
// one refusal, so that a player corrects them all at once: none is nil,
// one is itself, several are the first one's kind and code with every
// problem's words and hint.
func OptionProblems(list []*RuleError) error {
	switch len(list) {
	case 0:
		return nil
	case 1:
		return list[0]
	}
	parts := make([]string, len(list))
	for i, e := range list {
		parts[i] = e.What
		if e.Hint != "" {
			parts[i] += " (" + e.Hint + ")"
		}
	}
	return &RuleError{Kind: list[0].Kind, Code: list[0].Code,
		What: fmt.Sprintf("%d problems with the options: %s", len(list), strings.Join(parts, "; ")),
		Hint: "Correct them all and send the command again"}
}
