package bot

import (
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// Issue 20: a command's options are decoded once, into a typed struct
// declared next to its handler, instead of each handler reading
// req.Options["name"] strings and parsing them its own way. Every option
// is checked before anything is refused, so a player who got two options
// wrong reads both problems in one refusal.
//
// A field takes its option from its tag:
//
//	Mode    string `opt:"mode,lower"`           // trimmed, lower-cased
//	Text    string `opt:"text,raw"`             // as typed
//	Fatigue int    `opt:"fatigue"`              // a whole number; 0 when absent
//	Hexes   int    `opt:"hexes" default:"-1" min:"0"`
//	Passive bool   `opt:"passive"`              // true or false; false when absent
//	Units   []string `opt:"units"`              // a comma-separated list
//	Rules   []int  `opt:"optional"`             // numbers separated by commas or spaces
//	Side    string `opt:"side,required" one:"csa|usa"`
//	Value   *int   `opt:"value"`                // nil when the option was not given
//
// bad:"code|what|hint" replaces the default refusal for the field (what may
// hold one %q, or one %s, for the value typed), so existing refusals keep
// their words.
//
// An embedded struct without an opt tag has its own fields decoded as the
// command's: an option several commands share (LITN's side:, with its
// refusal) is declared once.

// reasonOpts are the options of the many commands that take only a reason.
type reasonOpts struct {
	Reason string `opt:"reason"`
}

// sideOpts are the options of the commands that take only a side.
type sideOpts struct {
	Side string `opt:"side,lower"`
}

// optionProblems gathers what is wrong with a request's options; handlers
// add their own checks to it (a unit or a place not found) and refuse once.
type optionProblems struct {
	list  []*engine.RuleError
	fatal error // not a refusal (a store failed): returned as it is
}

// add records a problem.
func (p *optionProblems) add(code, what, hint string) {
	p.list = append(p.list, &engine.RuleError{Kind: engine.ErrInvalid, Code: code, What: what, Hint: hint})
}

// also records the refusal a lookup returned, if any; it says whether
// there was one.
func (p *optionProblems) also(err error) bool {
	var re *engine.RuleError
	switch {
	case err == nil:
		return false
	case errors.As(err, &re):
		p.list = append(p.list, re)
	case p.fatal == nil:
		p.fatal = err
	}
	return true
}

// err returns nil, the one problem as it is, or every problem in one
// refusal, each with what would be right, under the first problem's kind
// and code: the refusal the command gave before it listed them all, so
// what reads the codes (the authorization matrix, clients) reads the same.
func (p optionProblems) err(req Request) error {
	if p.fatal != nil {
		return p.fatal
	}
	return engine.OptionProblems(p.list)
}

// decodeOptions fills dst, a pointer to a struct with opt tags, from the
// request's options and returns every problem found in one refusal
// (optionProblems.err), or nil.
func decodeOptions(req Request, dst any) error {
	var p optionProblems
	p.decode(req, dst)
	return p.err(req)
}

// decode fills dst as decodeOptions does and records the problems in p,
// for handlers that check more before refusing.
func (p *optionProblems) decode(req Request, dst any) {
	v := reflect.ValueOf(dst)
	if v.Kind() != reflect.Pointer || v.Elem().Kind() != reflect.Struct {
		panic(fmt.Sprintf("decodeOptions: %T is not a pointer to a struct", dst))
	}
	p.fields(req, v.Elem())
}

// fields decodes the tagged fields of the struct v, and those of the
// structs it embeds.
func (p *optionProblems) fields(req Request, v reflect.Value) {
	t := v.Type()
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		tag, ok := f.Tag.Lookup("opt")
		if !ok {
			if f.Anonymous && f.Type.Kind() == reflect.Struct {
				p.fields(req, v.Field(i))
			}
			continue
		}
		p.field(req, f, v.Field(i), tag)
	}
}

func (p *optionProblems) field(req Request, f reflect.StructField, dst reflect.Value, tag string) {
	flags := strings.Split(tag, ",")
	name := flags[0]
	has := func(flag string) bool {
		for _, x := range flags[1:] {
			if x == flag {
				return true
			}
		}
		return false
	}
	raw, present := req.Options[name]
	s := raw
	if !has("raw") {
		s = strings.TrimSpace(s)
	}
	if has("lower") {
		s = strings.ToLower(s)
	}
	bad := func(code, what, hint, value string) {
		if b, ok := f.Tag.Lookup("bad"); ok {
			parts := strings.SplitN(b, "|", 3)
			for len(parts) < 3 {
				parts = append(parts, "")
			}
			code, what, hint = parts[0], parts[1], parts[2]
			if strings.Contains(what, "%q") || strings.Contains(what, "%s") {
				what = fmt.Sprintf(what, value)
			}
		}
		p.add(code, what, hint)
	}
	if strings.TrimSpace(raw) == "" {
		if has("required") {
			bad("option.missing", fmt.Sprintf("The option %s is missing", name), name+": is required", "")
			return
		}
		if d, ok := f.Tag.Lookup("default"); ok && dst.Kind() == reflect.Int {
			n, _ := strconv.Atoi(d) // the default is the program's, not checked like a player's value
			dst.SetInt(int64(n))
			return
		}
	}
	if dst.Kind() == reflect.Pointer {
		if !present {
			return // nil: the option was not given
		}
		v := reflect.New(dst.Type().Elem())
		dst.Set(v)
		dst = v.Elem()
	}
	if !present || s == "" && dst.Kind() != reflect.String {
		return
	}
	switch dst.Kind() {
	case reflect.String:
		if one, ok := f.Tag.Lookup("one"); ok && s != "" && !oneOf(s, one) {
			bad("option.value", fmt.Sprintf("%s: %q is not one of %s", name, s, strings.ReplaceAll(one, "|", ", ")), name+":"+one, s)
			return
		}
		dst.SetString(s)
	case reflect.Int:
		n, err := strconv.Atoi(s)
		if err != nil {
			bad("option.type", fmt.Sprintf("%s must be a whole number, not %q", name, s), name+":<number>", s)
			return
		}
		if m, ok := f.Tag.Lookup("min"); ok {
			if lo, _ := strconv.Atoi(m); n < lo {
				bad("option.value", fmt.Sprintf("%s must be %d or more, not %d", name, lo, n), name+":<"+m+" or more>", s)
				return
			}
		}
		dst.SetInt(int64(n))
	case reflect.Bool:
		b, err := strconv.ParseBool(s)
		if err != nil {
			bad("option.type", fmt.Sprintf("%s must be true or false, not %q", name, s), name+":true|false", s)
			return
		}
		dst.SetBool(b)
	case reflect.Slice:
		switch dst.Type().Elem().Kind() {
		case reflect.String:
			var out []string
			for _, x := range strings.Split(s, ",") {
				if x = strings.TrimSpace(x); x != "" {
					out = append(out, x)
				}
			}
			dst.Set(reflect.ValueOf(out))
		case reflect.Int:
			var out []int
			for _, x := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' }) {
				n, err := strconv.Atoi(x)
				if err != nil {
					bad("option.type", fmt.Sprintf("%s: %q is not a whole number", name, x), name+": numbers separated by commas", x)
					continue
				}
				out = append(out, n)
			}
			dst.Set(reflect.ValueOf(out))
		default:
			panic("decodeOptions: unsupported field " + f.Name)
		}
	default:
		panic("decodeOptions: unsupported field " + f.Name)
	}
}

// oneOf says whether s is one of the values in a "a|b|c" list.
func oneOf(s, list string) bool {
	for _, x := range strings.Split(list, "|") {
		if s == x {
			return true
		}
	}
	return false
}

// uploaded is the file a loading command was given: the one attached as
// file:, else the text pasted as data:; nil when both are blank.
func uploaded(req Request, pasted string) []byte {
	data := []byte(pasted)
	if f, ok := req.Attachments["file"]; ok {
		data = f
	}
	if len(strings.TrimSpace(string(data))) == 0 {
		return nil
	}
	return data
}
