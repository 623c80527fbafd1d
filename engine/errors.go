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
		// A question or a sentence already ended keeps its own mark:
		// "Which side? Give side:csa", not "Which side?. Give ...".
		sep := ". "
		if strings.HasSuffix(msg, "?") || strings.HasSuffix(msg, "!") || strings.HasSuffix(msg, ".") {
			sep = " "
		}
		msg += sep + e.Hint
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
	if len(list) == 1 {
		return list[0]
	}
	return Problems{About: "the options", Hint: "Correct them all and send the command again"}.Join(list)
}

// Problems says how JoinProblems words one refusal for every problem a
// command has (the options, an attack, a move), so that a player corrects
// them all at once.
type Problems struct {
	About    string // what the problems are with: "the options", "this move"
	Hint     string // what to do, for several problems
	Sections bool   // each problem names its rule section after it ("[LRTG 10.2]")
	KeepRule bool   // the refusal keeps the first problem's rule section
}

// Join is one refusal for the problems: none is nil, one is a copy of
// itself, several are the first one's kind and code with every problem's
// words, hint (and section, with Sections).
func (p Problems) Join(list []*RuleError) error {
	if e := p.JoinErr(list); e != nil {
		return e
	}
	return nil
}

// JoinErr is Join as a *RuleError, for a caller that adds to the hint.
func (p Problems) JoinErr(list []*RuleError) *RuleError {
	switch len(list) {
	case 0:
		return nil
	case 1:
		e := *list[0]
		return &e
	}
	parts := make([]string, len(list))
	for i, e := range list {
		parts[i] = e.What
		if e.Hint != "" {
			parts[i] += " (" + e.Hint + ")"
		}
		if p.Sections && e.Rule != "" {
			parts[i] += " [" + e.Rule + "]"
		}
	}
	out := &RuleError{Kind: list[0].Kind, Code: list[0].Code,
		What: fmt.Sprintf("%d problems with %s: %s", len(list), p.About, strings.Join(parts, "; ")), Hint: p.Hint}
	if p.KeepRule {
		out.Rule = list[0].Rule
	}
	return out
}
