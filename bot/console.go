package bot

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"time"

	"github.com/umpire-games/umpire/engine"
)

// ConsoleJSONVersion is the version of the console's --json schema
// (docs/console-json.md). It changes only when a field changes meaning or
// goes away; new fields may appear without a new version.
const ConsoleJSONVersion = 1

// Console runs the router on lines of text: each line is a slash command as
// typed in Discord, optionally prefixed by "@name " to act as that player.
type Console struct {
	Router  *Router
	In      io.Reader
	Out     io.Writer
	JSON    bool   // one JSON object per output instead of text
	User    string // the player typing, when a line names none
	Guild   string // guild id of the console's table
	Channel string // channel id of the console's table
	Prompt  string // printed before each line (for terminals); "" for none
	// FileDir is where files of outputs (maps) are written; "" is the
	// current directory.
	FileDir string
	// Ticks, when set, runs the deadline scheduler (schedule.go) beside
	// the console: reminders and deadline defaults are printed as they
	// fall due, between the lines typed.
	Ticks <-chan time.Time
	files int
	mu    sync.Mutex // the scheduler and the typed lines share Out
	enc   *json.Encoder
}

// Post prints an output the scheduler sends (a reminder, a default
// applied): the console is the table and every commander's channel.
func (c *Console) Post(_ context.Context, o Output) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.JSON {
		return c.encoder().Encode(ConsoleLine{V: ConsoleJSONVersion, Audience: o.Audience, Text: o.Text, Embed: o.Embed, Files: o.Files, Events: o.Events})
	}
	req := Request{User: engine.Actor{Name: strings.TrimPrefix(o.Audience.UserID, "console:")}}
	_, err := fmt.Fprintln(c.Out, "⏰ "+c.textOutput(req, o))
	return err
}

func (c *Console) encoder() *json.Encoder {
	if c.enc == nil {
		c.enc = json.NewEncoder(c.Out)
		c.enc.SetEscapeHTML(false)
	}
	return c.enc
}

// ConsoleLine is one output of the console in --json mode.
type ConsoleLine struct {
	V        int          `json:"v"`
	Line     int          `json:"line"`
	Input    string       `json:"input"`
	Actor    engine.Actor `json:"actor"`
	Audience Audience     `json:"audience"`
	Text     string       `json:"text"`
	Embed    *Embed       `json:"embed,omitempty"`
	Files    []File       `json:"files,omitempty"`
	Events   []EventView  `json:"events"`
	Error    *Problem     `json:"error,omitempty"`
}

// writeFiles writes an output's files (maps, records, chart templates) to
// FileDir, made if missing, and notes their paths in the output. A file
// that cannot be written is said in the output; the console goes on (a
// typo in -files must not end a script at its first /map).
func (c *Console) writeFiles(out *Output) {
	for i := range out.Files {
		f := &out.Files[i]
		what := fileWhat(f.Name)
		path, err := c.writeNew(f.Name, f.Data)
		if err != nil {
			out.Text += fmt.Sprintf("\n(the %s could not be written: %v. Give -files a directory the console may write to.)", what, err)
			continue
		}
		f.Path = path
		out.Text += fmt.Sprintf("\n(%s written to %s)", what, path)
	}
}

// writeNew writes data under FileDir as name with the next free number
// (map.png: map-1.png, map-2.png...). A file already there, of this run
// or an earlier one, is never overwritten: a second session's maps go
// beside the first's (issue 23, a newcomer's first minutes).
func (c *Console) writeNew(name string, data []byte) (string, error) {
	dir := c.FileDir
	if dir == "" {
		dir = "."
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	ext := filepath.Ext(name)
	base := strings.TrimSuffix(name, ext)
	for {
		c.files++
		path := filepath.Join(c.FileDir, fmt.Sprintf("%s-%d%s", base, c.files, ext))
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil {
			return "", err
		}
		_, err = f.Write(data)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		return path, err
	}
}

// fileWhat names a file's content for the player: one name in the
// console's note, the written file's, and a word for what it is
// ("map", "turn record", "VP record", "template" of a chart slot).
func fileWhat(name string) string {
	what := strings.ReplaceAll(strings.TrimSuffix(name, filepath.Ext(name)), "-", " ")
	if strings.HasPrefix(what, "vp ") {
		what = "VP" + what[2:]
	}
	if filepath.Ext(name) == ".yaml" {
		what = "template" // its slot is in the file's name
	}
	return what
}

// MaxConsoleLine is the longest console line read (1 MiB): a longer one
// is refused with its length, and the console goes on with the next.
const MaxConsoleLine = 1 << 20

// readLine reads one line without its end (\n or \r\n) and its length in
// bytes. A line longer than limit is read to its end and dropped: text is
// "" and n its length. err is io.EOF only when nothing was left to read.
func readLine(rd *bufio.Reader, limit int) (text string, n int, err error) {
	var buf []byte
	var last [2]byte // the line's last two bytes read, for its end
	read, keep := false, true
	for {
		chunk, err := rd.ReadSlice('\n')
		read = read || len(chunk) > 0
		n += len(chunk)
		for _, b := range chunk[max(0, len(chunk)-2):] {
			last[0], last[1] = last[1], b
		}
		if keep = keep && n <= limit+2; keep { // +2: room for the line's end
			buf = append(buf, chunk...)
		} else {
			buf = nil
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if err != nil && (err != io.EOF || !read) {
			return "", 0, err
		}
		break
	}
	end := 0
	if n > 0 && last[1] == '\n' {
		end = 1
		if n > 1 && last[0] == '\r' {
			end = 2
		}
	}
	n -= end
	if !keep || n > limit {
		return "", n, nil
	}
	return string(buf[:n]), n, nil
}

// Run reads lines until EOF or ctx is done. Blank lines and lines starting
// with # are skipped, so scripts can carry comments.
func (c *Console) Run(ctx context.Context) error {
	type scanned struct {
		text   string
		length int // bytes of the line; text is "" when over MaxConsoleLine
		err    error
		eof    bool
	}
	// Lines are read in their own goroutine so that a signal ends the
	// console even while it waits for input.
	lines := make(chan scanned)
	stop := make(chan struct{})
	defer close(stop)
	go func() {
		rd := bufio.NewReaderSize(c.In, 64*1024)
		for {
			text, n, err := readLine(rd, MaxConsoleLine)
			if err != nil {
				if err == io.EOF {
					err = nil
				}
				select {
				case lines <- scanned{err: err, eof: true}:
				case <-stop:
				}
				return
			}
			select {
			case lines <- scanned{text: text, length: n}:
			case <-stop:
				return
			}
		}
	}()
	if c.Ticks != nil {
		sctx, stopSched := context.WithCancel(ctx)
		done := make(chan struct{})
		go func() {
			defer close(done)
			_ = (&Scheduler{Router: c.Router, Poster: c}).Run(sctx, c.Ticks)
		}()
		defer func() { stopSched(); <-done }()
	}
	n := 0
	for {
		if c.Prompt != "" {
			c.mu.Lock()
			fmt.Fprint(c.Out, c.Prompt)
			c.mu.Unlock()
		}
		var in scanned
		select {
		case <-ctx.Done():
			return nil
		case in = <-lines:
		}
		if in.eof {
			if c.Prompt != "" {
				fmt.Fprintln(c.Out)
			}
			return in.err
		}
		n++
		if in.length > MaxConsoleLine {
			// Refused, not fatal: the script goes on with the next line.
			rep := errorReply(consoleErr("console.line", fmt.Sprintf("Line %d is %d bytes long, more than the console's limit of %d bytes (1 MiB); it was skipped", n, in.length, MaxConsoleLine),
				"Split it into shorter commands; a long text goes in a file option, e.g. /chart load name:<slot> file:<path>"))
			req := Request{User: engine.Actor{ID: "console:" + c.User, Name: c.User}}
			rep.addressEphemeral(req.User.ID)
			if err := c.print(n, fmt.Sprintf("(%d bytes)", in.length), req, rep); err != nil {
				return err
			}
			continue
		}
		line := strings.TrimSpace(in.text)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		req, err := c.Parse(line)
		var rep Reply
		if err != nil {
			rep = errorReply(err)
			rep.addressEphemeral(req.User.ID)
		} else {
			rep = c.Router.Handle(ctx, req)
		}
		for i := range rep.Outputs {
			c.writeFiles(&rep.Outputs[i])
		}
		if err := c.print(n, line, req, rep); err != nil {
			return err
		}
	}
}

// print writes a line's outputs.
func (c *Console) print(n int, line string, req Request, rep Reply) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	enc := c.encoder()
	for _, out := range rep.Outputs {
		if c.JSON {
			if err := enc.Encode(ConsoleLine{V: ConsoleJSONVersion, Line: n, Input: line, Actor: req.User,
				Audience: out.Audience, Text: out.Text, Embed: out.Embed, Files: out.Files, Events: out.Events, Error: out.Error}); err != nil {
				return err
			}
			continue
		}
		if _, err := fmt.Fprintln(c.Out, c.textOutput(req, out)); err != nil {
			return err
		}
	}
	return nil
}

// discordTime is a Discord timestamp (<t:unix:R>): Discord shows it in
// each reader's own time zone; the console, which prints the UTC time
// beside it, leaves it out.
var discordTime = regexp.MustCompile(` ?\(<t:\d+:[tTdDfFR]>\)|<t:\d+:[tTdDfFR]>`)

func (c *Console) textOutput(req Request, out Output) string {
	out.Text = discordTime.ReplaceAllString(out.Text, "")
	switch out.Audience.Kind {
	case AudienceEphemeral:
		who := req.User.Name
		if who == "" {
			who = c.User
		}
		return fmt.Sprintf("(only %s sees this) %s", who, out.Text)
	case AudienceChannel:
		return fmt.Sprintf("[#%s] %s", out.Audience.Channel, out.Text)
	}
	return out.Text
}

// Parse turns a typed line into a request. Options are name:value; a value
// runs until the next word that starts with one of the command's option
// names and a colon, so values may hold spaces; "double quotes" also work.
func (c *Console) Parse(line string) (Request, *engine.RuleError) {
	user := c.User
	if strings.HasPrefix(line, "@") {
		name, rest, _ := strings.Cut(line[1:], " ")
		if name == "" {
			return Request{}, consoleErr("console.actor", "@ must be followed by a player name", "Write @name /command, e.g. @lee /roll dice:2d6")
		}
		user, line = name, strings.TrimSpace(rest)
	}
	req := Request{
		GuildID:   c.Guild,
		ChannelID: c.Channel,
		User:      engine.Actor{ID: "console:" + user, Name: user},
		Options:   map[string]string{},
		Manager:   true, // whoever runs the console manages its table
		console:   true,
	}
	if !strings.HasPrefix(line, "/") {
		return req, consoleErr("console.syntax", fmt.Sprintf("%q is not a command", line), "Commands start with /, e.g. /roll dice:2d6+1; /help lists them")
	}
	words, err := splitWords(line[1:])
	if err != nil {
		return req, consoleErr("console.syntax", err.Error(), "Close the quote, e.g. /roll dice:\"2d6 + 1\"")
	}
	// An empty quoted name ("/\"\"") is no command either (FuzzConsoleParse).
	if len(words) == 0 || words[0].text == "" {
		return req, consoleErr("console.syntax", "A / alone is no command", "/help lists the commands")
	}
	req.Command = strings.ToLower(words[0].text)
	cmd := c.Router.Command(req.Command)
	current := ""
	for _, w := range words[1:] {
		if name, value, ok := w.Cut(":"); ok && !w.quoted && isOptionName(name) {
			if cmd == nil || cmd.Option(name) != nil || current == "" {
				if _, dup := req.Options[name]; dup {
					return req, consoleErr("console.syntax", fmt.Sprintf("The option %s is given twice", name), "Give each option once")
				}
				current = name
				req.Options[name] = value.text
				continue
			}
		}
		if current == "" {
			req.Path = append(req.Path, w.text)
			if cmd != nil {
				cmd = cmd.Sub(w.text) // options belong to the subcommand
			}
			continue
		}
		if req.Options[current] == "" {
			req.Options[current] = w.text
		} else {
			req.Options[current] += " " + w.text
		}
	}
	// File options name a local file, read here as Discord's adapter
	// fetches attachments.
	if cmd != nil {
		for _, o := range cmd.Options {
			p, ok := req.Options[o.Name]
			if o.Type != Attachment || !ok {
				continue
			}
			b, err := readLimited(p, maxAttachment)
			if err != nil {
				return req, consoleErr("console.file", fmt.Sprintf("Cannot read the file %q: %v", p, err), "Give the path of a readable file of at most 256 KiB")
			}
			if req.Attachments == nil {
				req.Attachments = map[string][]byte{}
			}
			req.Attachments[o.Name] = b
		}
	}
	return req, nil
}

// maxAttachment bounds a file attached to a command.
const maxAttachment = 256 << 10

func readLimited(path string, limit int64) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(b)) > limit {
		return nil, fmt.Errorf("larger than %d KiB", limit>>10)
	}
	return b, nil
}

type word struct {
	text   string
	quoted bool // the word began with a quote: never an option name
}

// Cut on a word splits its text; a quoted value keeps its spaces.
func (w word) Cut(sep string) (string, word, bool) {
	a, b, ok := strings.Cut(w.text, sep)
	return a, word{text: b}, ok
}

// splitWords splits on spaces; "quoted text" is one word (or one value, as
// in name:"two words").
func splitWords(s string) ([]word, error) {
	var out []word
	var b strings.Builder
	inWord, inQuote, quoted := false, false, false
	for _, r := range s {
		switch {
		case r == '"':
			if !inWord {
				quoted = true
			}
			inQuote, inWord = !inQuote, true
		case (r == ' ' || r == '\t') && !inQuote:
			if inWord {
				out = append(out, word{text: b.String(), quoted: quoted})
				b.Reset()
				inWord, quoted = false, false
			}
		default:
			b.WriteRune(r)
			inWord = true
		}
	}
	if inQuote {
		return nil, fmt.Errorf("a quote is not closed in %q", s)
	}
	if inWord {
		out = append(out, word{text: b.String(), quoted: quoted})
	}
	return out, nil
}

func isOptionName(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '_' || r == '-') {
			return false
		}
	}
	return true
}

func consoleErr(code, what, hint string) *engine.RuleError {
	return &engine.RuleError{Kind: engine.ErrInvalid, Code: code, What: what, Hint: hint}
}
