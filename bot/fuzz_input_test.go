package bot

// Fuzz tests for what players type (issue 11, hostile and careless input):
// slash options as the router checks and reads them, console lines as the
// console parses them, and console lines run through the router on a
// started game. Each asserts no panic, a clear refusal, and, through the
// router, nothing recorded when refused. The seed corpora are the f.Add
// calls and testdata/fuzz/<FuzzName>/; docs/fuzzing.md says what was run.

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"unicode/utf8"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/store"
)

// inClear fails unless err is a *engine.RuleError that says what was
// wrong and what would be right, without Go's formatting noise.
func inClear(t *testing.T, input string, err error) *engine.RuleError {
	t.Helper()
	var re *engine.RuleError
	if !errors.As(err, &re) {
		t.Fatalf("%q: error %T %v is not a *engine.RuleError", input, err, err)
	}
	if strings.TrimSpace(re.What) == "" || strings.TrimSpace(re.Hint) == "" || re.Code == "" {
		t.Fatalf("%q: error without what, hint or code: %+v", input, re)
	}
	inCleanText(t, input, re.Error())
	return re
}

// inCleanText fails on an empty message or one with Go's noise in it.
func inCleanText(t *testing.T, input, msg string) {
	t.Helper()
	if strings.TrimSpace(msg) == "" {
		t.Fatalf("%q: empty message", input)
	}
	for _, noise := range []string{"%!", "<nil>", "engine: ", "bot: "} {
		// Noise counts only when the input did not bring it.
		if strings.Contains(msg, noise) && !strings.Contains(strings.ToLower(input), strings.ToLower(strings.TrimSpace(noise))) {
			t.Fatalf("%q: message %q contains %q", input, msg, noise)
		}
	}
	// Discord sends valid UTF-8; what a console line brings may not be.
	if utf8.ValidString(input) && !utf8.ValidString(msg) {
		t.Fatalf("%q: message %q is not valid UTF-8", input, msg)
	}
}

// inDice gives every new stream the same seeded dice, so that a fuzz
// input always meets the same rolls.
type inDice struct{}

func (inDice) Open(state []byte) (StreamDice, error) {
	if state == nil {
		return engine.NewSeededDice(11, 7), nil
	}
	d := &engine.SeededDice{}
	if err := d.UnmarshalBinary(state); err != nil {
		return nil, err
	}
	return d, nil
}

// inLog keeps the router's log lines, to show a panic's stack.
type inLog struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (l *inLog) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.buf.Len() > 1<<20 {
		l.buf.Reset()
	}
	return l.buf.Write(p)
}

func (l *inLog) take() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	s := l.buf.String()
	l.buf.Reset()
	return s
}

var (
	inOnce   sync.Once
	inRouter *Router
	inStore  *store.Store
	inLogs   = &inLog{}
	inErr    error
	inTables atomic.Int64
)

// inSharedRouter is one router over one in-memory store per test
// binary (per fuzz worker): each input plays at a table of its own.
func inSharedRouter(t *testing.T) (*Router, *store.Store) {
	inOnce.Do(func() {
		inStore, inErr = store.Open(context.Background(), ":memory:")
		if inErr != nil {
			return
		}
		inRouter = NewRouter(inStore, WithDice(inDice{}), WithLogger(slog.New(slog.NewTextHandler(inLogs, &slog.HandlerOptions{Level: slog.LevelError}))))
	})
	if inErr != nil {
		t.Fatal(inErr)
	}
	return inRouter, inStore
}

// inLeaves returns every command that runs, by its typed path.
func inLeaves(r *Router) []*Command {
	var out []*Command
	for _, c := range r.Commands() {
		out = append(out, c.leaves()...)
	}
	sort.Slice(out, func(i, j int) bool { return inPath(out[i]) < inPath(out[j]) })
	return out
}

func inPath(c *Command) string {
	if c.path != "" {
		return c.path
	}
	return c.Name
}

// inValid is a value of the option's type that check accepts.
func inValid(o OptionSpec) string {
	switch o.Type {
	case Integer:
		return "1"
	case Boolean:
		return "true"
	}
	return "x"
}

func FuzzCommandOptions(f *testing.F) {
	for i, v := range []string{"", "1", "-1", "+7", "0x10", "1e3", "99999999999999999999", "true", "FALSE", "t", "yes", " 1",
		"2d6+1", "SS4129", "1624 clear road,1623 ridge slope", "a=b,c", "=", ",,,", "off", "3h", "\xff\xfe", strings.Repeat("é", 101),
		"name:value", "\"quoted\"", "\x00"} {
		f.Add(uint16(i*7), uint16(i), v, "")
	}
	f.Add(uint16(0), uint16(0), "x", "no_such_option")
	f.Add(uint16(3), uint16(1), "x", "DICE")
	f.Fuzz(func(t *testing.T, cmdIdx, optIdx uint16, value, extra string) {
		r, _ := inSharedRouter(t)
		leaves := inLeaves(r)
		c := leaves[int(cmdIdx)%len(leaves)]
		path := strings.Fields(inPath(c))
		req := Request{GuildID: "g", ChannelID: "c", User: engine.Actor{ID: "u", Name: "U"}, Command: path[0], Path: path[1:], Options: map[string]string{}}
		for _, o := range c.Options {
			if o.Required {
				req.Options[o.Name] = inValid(o)
			}
		}
		var o *OptionSpec
		if len(c.Options) > 0 {
			o = &c.Options[int(optIdx)%len(c.Options)]
			req.Options[o.Name] = value
		}
		if got, rerr := r.resolve(req); rerr != nil || got != c {
			t.Fatalf("%s: resolves to %v, %v", inPath(c), got, rerr)
		}
		if extra != "" && c.Option(extra) == nil {
			// An option the command does not have is refused by name.
			unknown := Request{Command: req.Command, Path: req.Path, Options: map[string]string{extra: value}}
			for _, o := range c.Options {
				if o.Required {
					unknown.Options[o.Name] = inValid(o)
				}
			}
			err := c.check(unknown)
			if err == nil || err.Code != "option.unknown" {
				t.Fatalf("/%s %s:%q: %v", inPath(c), extra, value, err)
			}
			inClear(t, extra, err)
			if !strings.Contains(err.What, "/"+inPath(c)+" ") {
				t.Fatalf("/%s: refusal %q names another command", inPath(c), err.What)
			}
		}
		err := c.check(req)
		if err != nil {
			re := inClear(t, value, err)
			if !errors.Is(re, engine.ErrInvalid) || !strings.Contains(re.Hint, "/"+inPath(c)) {
				t.Fatalf("/%s: refusal %q does not show the usage", inPath(c), re.Error())
			}
			if (re.Code == "option.unknown" || re.Code == "option.missing") && !strings.Contains(re.What, "/"+inPath(c)+" ") {
				t.Fatalf("/%s: refusal %q names another command", inPath(c), re.What)
			}
			return
		}
		if o == nil {
			return
		}
		// What check lets through, the handlers' readers can read.
		switch o.Type {
		case Integer:
			if _, err := strconv.Atoi(value); err != nil {
				t.Fatalf("/%s %s:%q passed check but is no int: %v", inPath(c), o.Name, value, err)
			}
		case Boolean:
			if _, err := strconv.ParseBool(value); err != nil {
				t.Fatalf("/%s %s:%q passed check but is no bool: %v", inPath(c), o.Name, value, err)
			}
		case String:
			if o.MaxLength > 0 && utf8.RuneCountInString(value) > o.MaxLength {
				t.Fatalf("/%s %s: %d characters passed check, more than %d", inPath(c), o.Name, utf8.RuneCountInString(value), o.MaxLength)
			}
		}
		// The typed readers handlers share: a value, or a clear refusal.
		// The option decoder reads the value as every kind a field may be.
		var kinds struct {
			Int   int      `opt:"v"`
			Min   int      `opt:"v" min:"1"`
			Bool  bool     `opt:"v"`
			List  []string `opt:"v"`
			Nums  []int    `opt:"v"`
			Ptr   *int     `opt:"v"`
			Side  string   `opt:"v,lower" one:"csa|usa"`
			Given *bool    `opt:"v"`
		}
		if err := decodeOptions(Request{Options: map[string]string{"v": value}}, &kinds); err != nil {
			inClear(t, value, err)
		}
		var p optionProblems
		litnYesNo(&p, o.Name, value)
		litnPairs(&p, o.Name, litnList(value))
		litnNums(&p, o.Name, litnList(value))
		if o.Name == "path" {
			litnPath(&p, value)
		}
		if err := p.err(req); err != nil {
			inClear(t, value, err)
		}
		if d, err := spanOption(req.Options[o.Name]); err != nil {
			inClear(t, value, err)
		} else if d != nil && *d < 0 {
			t.Fatalf("%s:%q is a negative span %v", o.Name, value, *d)
		}
	})
}

// inFileOptions are the names of file options: the console reads the
// file a line names, which a fuzzer must not make it do.
func inFileOptions(r *Router) []string {
	seen := map[string]bool{}
	var out []string
	for _, c := range inLeaves(r) {
		for _, o := range c.Options {
			if o.Type == Attachment && !seen[o.Name] {
				seen[o.Name] = true
				out = append(out, o.Name)
			}
		}
	}
	return out
}

func inNamesAFile(r *Router, line string) bool {
	for _, n := range inFileOptions(r) {
		if strings.Contains(line, n+":") {
			return true
		}
	}
	return false
}

// inConsoleSeeds are lines for both console fuzzers.
var inConsoleSeeds = []string{
	"/roll dice:2d6+1", "@lee /roll dice:3d6-2 for:the spy contest", `/roll dice:"2d6 + 1" for:"a 10:00 check"`, "/ROLL dice:d6",
	"/roll dice:d6 dice:d8", `/roll dice:"2d6`, "@ /roll dice:d6", "@lee", "@lee\t/roll dice:d6", "/", "roll dice:d6", "/nothing",
	"/help", "/help command:table roll", "/table", "/table roll", "/table roll table:lrtg.raspberry-raid facts:rg_units_removed=1",
	"/game status", "@meade /game status", "@lee /game join side:usa", "/game new scenario:lrtg-high-tide", "/game end",
	"/unit move unit:x to:SS4129", "@lee /move unit:x to:Gettysburg", "/map", "/game start", "/roll dice:2d6 x:1",
	"/roll \"dice:2d6\"", "/roll dice:", "/roll :2d6", "/roll dice:2d6 for:", "/game", "/litn move unit:x path:1624 clear road",
	"@lee /litn declare", "/place", "/vp", "/deadline set span:3h", "/roll dice:\x00", "@\xff /roll dice:d6",
	// Lines of a High Tide game (testdata/hightide.script), some bent.
	"/phase next", "@lee /reinforcements", "@lee /move units:Lee to:SS4331", "@meade /move units:Lee to:SS4331",
	"@lee /move units:Lee,Lee to:Gettysburg", "@lee /move units:Lee path:SS4331 extended:true march_modifiers:Night, ,x", "@lee /move units:Lee to:SS99999", "@lee /declare posture:operational",
	"@meade /declare posture:sideways", "/unit set unit:Lee field:manpower value:-5", "/unit set unit:Lee field:fatigue value:99999999999",
	"@lee /action activate leader_or_unit:Longstreet", "@lee /action defer player:nobody", "/place action:levy at:Gettysburg",
	"/unit mark unit:Lee mark:fort off:maybe", "/unit eliminate unit:Lee", "@lee /unit eliminate unit:Meade",
}

func FuzzConsoleParse(f *testing.F) {
	for _, s := range inConsoleSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		r, _ := inSharedRouter(t)
		if inNamesAFile(r, line) {
			t.Skip("the line names a file option")
		}
		c := &Console{Router: r, User: "ump", Guild: "g", Channel: "table"}
		req, err := c.Parse(line)
		if err != nil {
			re := inClear(t, line, err)
			if !errors.Is(re, engine.ErrInvalid) || !strings.HasPrefix(re.Code, "console.") {
				t.Fatalf("%q: refusal %+v", line, re)
			}
			return
		}
		if req.GuildID != "g" || req.ChannelID != "table" || !req.Manager || req.User.ID != "console:"+req.User.Name {
			t.Fatalf("%q: request %+v", line, req)
		}
		if strings.HasPrefix(line, "@") {
			if name, _, _ := strings.Cut(line[1:], " "); req.User.Name != name {
				t.Fatalf("%q: acts as %q", line, req.User.Name)
			}
		} else if req.User.Name != "ump" {
			t.Fatalf("%q: acts as %q, not the console's user", line, req.User.Name)
		}
		if req.Command == "" || req.Command != strings.ToLower(req.Command) {
			t.Fatalf("%q: command %q", line, req.Command)
		}
		for name := range req.Options {
			if !isOptionName(name) {
				t.Fatalf("%q: option name %q", line, name)
			}
		}
	})
}

// inTable starts a LRTG game (High Tide) at a table of its own: a new
// guild and channel, the console's user umpiring, lee (csa) and meade
// (usa) playing.
func inTable(t *testing.T, r *Router) *Console {
	n := inTables.Add(1)
	c := &Console{Router: r, User: "ump", Guild: fmt.Sprintf("fg%d", n), Channel: fmt.Sprintf("fc%d", n)}
	for _, line := range []string{"/game new scenario:lrtg-high-tide", "@lee /game join side:csa", "@meade /game join side:usa", "/game start"} {
		req, err := c.Parse(line)
		if err != nil {
			t.Fatalf("%s: %v", line, err)
		}
		if out := r.Handle(context.Background(), req).first(); out.Error != nil {
			t.Fatalf("%s: %s", line, out.Text)
		}
	}
	return c
}

// inStreamVersions returns the version of every stream of the guild.
func inStreamVersions(t *testing.T, st *store.Store, guild string) map[string]int64 {
	ss, err := st.Streams(context.Background(), guild)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]int64{}
	for _, s := range ss {
		out[s.ID] = s.Version
	}
	return out
}

func FuzzConsoleRouter(f *testing.F) {
	for _, s := range inConsoleSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		r, st := inSharedRouter(t)
		if inNamesAFile(r, line) {
			t.Skip("the line names a file option")
		}
		c := inTable(t, r)
		before := inStreamVersions(t, st, c.Guild)
		inLogs.take()
		req, perr := c.Parse(line)
		if perr != nil {
			inClear(t, line, perr)
			return
		}
		rep := r.Handle(context.Background(), req)
		refused := false
		for _, out := range rep.Outputs {
			if out.Error == nil {
				continue
			}
			refused = true
			if out.Error.Kind == "internal" {
				t.Fatalf("%q: internal error; log:\n%s", line, inLogs.take())
			}
			inCleanText(t, line, out.Text)
		}
		if !refused {
			return
		}
		after := inStreamVersions(t, st, c.Guild)
		if fmt.Sprint(before) != fmt.Sprint(after) {
			t.Fatalf("%q was refused but recorded: streams %v became %v", line, before, after)
		}
	})
}
