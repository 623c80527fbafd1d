// Package bot turns requests from Discord or the console into engine
// commands, settles them through the store, and builds every reply from what
// its audience may see. The router is shared by both adapters: Discord and
// the console differ only in how a Request arrives and a Reply is sent.
package bot

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"runtime/debug"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
	"github.com/umpire-games/umpire/scenarios"
	"github.com/umpire-games/umpire/store"
)

// Store is what the router needs of persistence (package store provides it;
// tests may pass a fake).
type Store interface {
	Load(ctx context.Context, stream string, after int64) (store.Stream, []store.Record, error)
	Append(ctx context.Context, a store.Append) (store.Stream, error)
	Interaction(ctx context.Context, id string) (store.Interaction, error)
}

var _ Store = (*store.Store)(nil)

// Request is one command as a player issued it, from either adapter.
type Request struct {
	// InteractionID is Discord's interaction id; a second delivery of the
	// same id returns the first reply. Empty for the console.
	InteractionID string
	GuildID       string
	ChannelID     string
	User          engine.Actor
	// Command is the top-level command name, e.g. "roll"; Path holds any
	// subcommand names after it ("game", "new").
	Command string
	Path    []string
	Options map[string]string
	// Manager is set when the user may manage the guild (Discord's Manage
	// Server or Administrator permission; always in the console). Until
	// games name their umpires, it is what umpire-only commands check.
	Manager bool
	// Attachments holds the content of files attached to the command, by
	// option name (fetched by the adapter).
	Attachments map[string][]byte
	// Roles are the user's Discord role ids in the guild.
	Roles []string

	// outbox: the reply is to be posted by the deadline scheduler, and is
	// recorded in the store's outbox with the events (schedule.go).
	outbox bool
	// console: the request is a console line; the console has no Discord
	// channels, so the umpire's channel is shown as "umpire" (unitlog.go).
	console bool
	// stream: the game stream the request acts on when it is not the
	// channel's latest game (game_streams.go): the scheduler's, /game
	// new's next game, /game audit's earlier one.
	stream string
}

// Audience kinds.
const (
	AudiencePublic    = "public"    // everyone in the channel the command came from
	AudienceEphemeral = "ephemeral" // only the user who issued the command
	AudienceChannel   = "channel"   // a given (private) channel
)

// Audience says who may see an output.
type Audience struct {
	Kind    string `json:"kind"`
	UserID  string `json:"user,omitempty"`
	Channel string `json:"channel,omitempty"`
}

// EventView is an event as shown in an output: its type, where it was
// recorded, and its typed fields.
type EventView struct {
	Type    string          `json:"type"`
	Stream  string          `json:"stream"`
	Version int64           `json:"version"`
	Data    json.RawMessage `json:"data"`
}

// Problem describes a refused command in an output.
type Problem struct {
	Kind string `json:"kind"` // "invalid", "illegal" or "internal"
	Code string `json:"code"`
}

// Output is one message of a reply, for one audience.
type Output struct {
	Audience Audience    `json:"audience"`
	Text     string      `json:"text"`
	Embed    *Embed      `json:"embed,omitempty"`
	Files    []File      `json:"files,omitempty"`
	Events   []EventView `json:"events"`
	Error    *Problem    `json:"error,omitempty"`
	// Buttons are Discord buttons for the commands the text names (the
	// console keeps the text: components.go).
	Buttons []Button `json:"buttons,omitempty"`
	// Ping is the users the message means to notify: the players the
	// game waits for, in reminders and "your move" posts. Nothing else in
	// a message ever pings, whatever a player typed into it (@everyone,
	// @here, roles, users): the Discord adapter sends every message with
	// allowed_mentions built from this alone (discord_message.go).
	Ping []string `json:"ping,omitempty"`
}

// File is an attachment of an output (a map image). The console writes it
// to disk and reports its path; Discord attaches it.
type File struct {
	Name        string `json:"name"`
	ContentType string `json:"content_type"`
	Path        string `json:"path,omitempty"` // console: where it was written
	Size        int    `json:"bytes"`
	Data        []byte `json:"-"`
}

// Embed is a boxed message (a Discord embed; plain text in the console).
type Embed struct {
	Title       string       `json:"title"`
	Description string       `json:"description,omitempty"`
	Fields      []EmbedField `json:"fields,omitempty"`
	Footer      string       `json:"footer,omitempty"`
}

// EmbedField is a titled part of an embed.
type EmbedField struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

// PlainText writes the embed as text, for the console.
func (e *Embed) PlainText() string {
	var b strings.Builder
	b.WriteString("**" + e.Title + "**")
	if e.Description != "" {
		b.WriteString("\n" + e.Description)
	}
	for _, f := range e.Fields {
		b.WriteString("\n**" + f.Name + "**: " + f.Value)
	}
	if e.Footer != "" {
		b.WriteString("\n_" + e.Footer + "_")
	}
	return b.String()
}

// Reply is everything a request produced. Outputs[0] answers the request.
type Reply struct {
	Outputs []Output `json:"outputs"`
	// Duplicate is set when the reply was the saved answer to an
	// interaction delivered before.
	Duplicate bool `json:"-"`
	// outboxID is the outbox entry recorded for the reply (schedule.go).
	outboxID string
}

// Ephemeral reports whether the answer to the request is for its user only.
func (r Reply) Ephemeral() bool {
	return len(r.Outputs) > 0 && r.Outputs[0].Audience.Kind == AudienceEphemeral
}

// addressEphemeral names the user an ephemeral output is for: the actor.
func (r Reply) addressEphemeral(user string) {
	for i := range r.Outputs {
		if o := &r.Outputs[i]; o.Audience.Kind == AudienceEphemeral && o.Audience.UserID == "" {
			o.Audience.UserID = user
		}
	}
}

// Router routes requests to command handlers.
type Router struct {
	// freeMarches: moves skip the checks of a march's path
	// (engine.MoveData.FreeMarches), and LRTA's resupply range is LRTG's
	// (engine.MoveData.FrozenSupplyRange, issue 22); set only by the tests
	// that replay the stored logs' scripts (stored_logs_test.go).
	freeMarches bool
	// latestGames: the number of each channel's latest game this process
	// has seen (game_streams.go), where the next look begins.
	latestGames sync.Map
	// readingsBefore: /game new creates the game as games were created
	// before their readings were stamped (engine.NewGame.ReadingsBefore);
	// set only by the tests that replay the stored logs' scripts.
	readingsBefore bool
	store          Store
	dice           DiceSource
	log            *slog.Logger
	now            func() time.Time
	commands       map[string]*Command
	library        *engine.Library
	umpireRole     string
	theatres       map[string]*engine.Theatre
	states         *stateCache[engine.Channel]
	charts         *stateCache[engine.Charts]
	terrains       *stateCache[engine.Terrains] // the guilds' terrain layers (terrain.go)
	games          *stateCache[engine.GameState]
	// scenarios and orders are the game data (scenarios.Catalogue,
	// scenarios.OrdersOfBattle).
	scenarios []engine.Scenario
	orders    map[string]*engine.OrderOfBattle
	sequences map[engine.Game]*engine.Sequence
	// streamLocks is a pointer so the Router stays copy-safe for vet.
	streamLocks *stripedLocks
	links       *linkCache // private channels linked to their game's table (links.go)
	// rulesets are the games with rules of their own (rulesets.go): what
	// decodes their events and what a new game of theirs is played by.
	rulesets *engine.Rulesets
	// snapshotEvery: events between two snapshots of a game (snapshot.go).
	snapshotEvery int
	// attackCharts: what /attack settles a game's battles with (attack.go).
	attackCharts func(engine.GameState) *lrtg.AttackCharts
	// allowanceOff: actions roll no movement allowance, as before issue 21
	// (actions_allowance.go); set only by the test that replays the stored
	// logs' scripts as the code that stored them played them.
	allowanceOff bool
}

// Option configures a Router.
type Option func(*Router)

// WithDice sets where streams get their dice (default: seeded PCG from
// crypto/rand).
func WithDice(d DiceSource) Option { return func(r *Router) { r.dice = d } }

// WithLogger sets the logger (default: slog.Default()).
func WithLogger(l *slog.Logger) Option { return func(r *Router) { r.log = l } }

// WithClock sets the clock used to time requests.
func WithClock(now func() time.Time) Option { return func(r *Router) { r.now = now } }

// NewRouter returns a router over st with the built-in commands.
func NewRouter(st Store, opts ...Option) *Router {
	r := &Router{store: st, dice: SeededSource{}, log: slog.Default(), now: time.Now, states: newStateCache[engine.Channel](10000), charts: newStateCache[engine.Charts](1000), terrains: newStateCache[engine.Terrains](1000), games: newStateCache[engine.GameState](1000), streamLocks: &stripedLocks{}, links: &linkCache{}, snapshotEvery: snapshotEvery}
	for _, o := range opts {
		o(r)
	}
	if r.rulesets == nil {
		r.rulesets = DefaultRulesets()
	}
	r.games.snapshots = gameSnapshots(r.snapshotEvery, r.rulesets)
	// The shipped maps, loaded once: for the router unless WithTheatres
	// gave others, and for the orders of battle, whose hexes are on them.
	var shipped map[string]*engine.Theatre
	if r.theatres == nil || r.orders == nil {
		ts, err := scenarios.Theatres()
		if err != nil {
			panic(err) // embedded and tested, as the library
		}
		shipped = ts
	}
	if r.theatres == nil {
		r.theatres = shipped
	}
	if r.orders == nil {
		sc, o, err := loadGameData(shipped)
		if err != nil {
			panic(err) // embedded and tested, as the library
		}
		r.scenarios, r.orders = sc, o
	}
	seqs, err := scenarios.Sequences()
	if err != nil {
		panic(err) // embedded and tested, as the library
	}
	r.sequences = seqs
	if r.library == nil {
		lib, err := scenarios.Library()
		if err != nil {
			// The rules data is embedded and tested: a failure here is a
			// broken build, not a runtime condition.
			panic(err)
		}
		r.library = lib
	}
	r.commands = map[string]*Command{}
	for _, c := range builtinCommands() {
		for _, s := range c.Subcommands {
			s.path = c.Name + " " + s.Name
		}
		r.commands[c.Name] = c
	}
	assignGames(r.commands) // games.go: which game each command belongs to
	return r
}

// WithUmpireRole makes members of the Discord role umpires of every game.
func WithUmpireRole(roleID string) Option { return func(r *Router) { r.umpireRole = roleID } }

// WithTheatres sets the maps (default: scenarios.Theatres()).
func WithTheatres(t map[string]*engine.Theatre) Option { return func(r *Router) { r.theatres = t } }

// WithLibrary sets the rules data (default: scenarios.Library()).
func WithLibrary(l *engine.Library) Option { return func(r *Router) { r.library = l } }

// Library returns the rules data the router uses.
func (r *Router) Library() *engine.Library { return r.library }

// resolve finds the command a request runs, following its subcommand path.
func (r *Router) resolve(req Request) (*Command, *engine.RuleError) {
	c := r.commands[req.Command]
	if c == nil {
		return nil, &engine.RuleError{Kind: engine.ErrInvalid, Code: "command.unknown",
			What: fmt.Sprintf("There is no command /%s", req.Command), Hint: "Use /help to list the commands"}
	}
	for _, p := range req.Path {
		sub := c.Sub(p)
		if sub == nil {
			return nil, &engine.RuleError{Kind: engine.ErrInvalid, Code: "command.subcommand",
				What: fmt.Sprintf("/%s has no subcommand %q", commandLine(Request{Command: req.Command}), p), Hint: subcommandHint(c)}
		}
		c = sub
	}
	if len(c.Subcommands) > 0 {
		return nil, &engine.RuleError{Kind: engine.ErrInvalid, Code: "command.subcommand",
			What: fmt.Sprintf("/%s needs a subcommand", commandLine(req)), Hint: subcommandHint(c)}
	}
	return c, nil
}

func subcommandHint(c *Command) string {
	var u []string
	for _, l := range c.leaves() {
		u = append(u, l.Usage())
	}
	return "Use " + strings.Join(u, " or ")
}

// Autocomplete returns suggestions for the option being typed.
func (r *Router) Autocomplete(req Request, option, typed string) []engine.Match {
	c, err := r.resolve(req)
	if err != nil {
		return nil
	}
	o := c.Option(option)
	if o == nil || o.Autocomplete == nil {
		return nil
	}
	// Nothing for another game's command: it would be refused (games.go).
	if r.checkGame(context.Background(), c, req) != nil {
		return nil
	}
	return o.Autocomplete(r, req, typed)
}

// Commands returns the commands in name order.
func (r *Router) Commands() []*Command {
	out := make([]*Command, 0, len(r.commands))
	for _, c := range r.commands {
		out = append(out, c)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Command returns the named command, or nil.
func (r *Router) Command(name string) *Command { return r.commands[name] }

// Handle settles one request and returns its reply. It never fails: a rule
// error becomes an ephemeral explanation, anything unexpected an "internal
// error" for the user and a full log line for the operator. It logs one line
// per request with its outcome and duration.
func (r *Router) Handle(ctx context.Context, req Request) (rep Reply) {
	start := r.now()
	outcome := "ok"
	defer func() {
		if p := recover(); p != nil {
			r.log.Error("panic in handler", "command", req.Command, "panic", fmt.Sprint(p), "stack", string(debug.Stack()))
			rep, outcome = internalReply(), "internal"
		}
		if rep.Duplicate {
			outcome = "duplicate"
		}
		rep.addressEphemeral(req.User.ID)
		r.log.Info("interaction",
			"id", req.InteractionID, "command", commandLine(req), "user", req.User.ID,
			"guild", req.GuildID, "channel", req.ChannelID,
			"outcome", outcome, "duration_ms", float64(r.now().Sub(start).Microseconds())/1000)
	}()
	if r.umpireRole != "" {
		for _, role := range req.Roles {
			if role == r.umpireRole {
				req.User.Umpire = true
			}
		}
	}
	c, rerr := r.resolve(req)
	if rerr != nil {
		outcome = "invalid"
		return errorReply(rerr)
	}
	// Another game's command is refused before its options are read: how
	// to type it does not matter here (games.go).
	if err := r.checkGame(ctx, c, req); err != nil {
		outcome = "invalid"
		return errorReply(err)
	}
	if err := c.check(req); err != nil {
		outcome = "invalid"
		return errorReply(err)
	}
	rep, err := c.Handle(ctx, r, req)
	var re *engine.RuleError
	var busy *busyError
	switch {
	case err == nil:
	case errors.As(err, &busy):
		outcome = "busy"
		r.log.Warn("command met other processes' writes too often", "command", commandLine(req), "user", req.User.ID, "channel", req.ChannelID, "err", err)
		return busyReply()
	case errors.As(err, &re):
		outcome = "invalid"
		if errors.Is(err, engine.ErrIllegal) {
			outcome = "illegal"
		}
		return errorReply(re)
	default:
		outcome = "internal"
		r.log.Error("command failed", "command", commandLine(req), "user", req.User.ID, "channel", req.ChannelID, "err", err)
		return internalReply()
	}
	return rep
}

func commandLine(req Request) string {
	return strings.Join(append([]string{req.Command}, req.Path...), " ")
}

func errorReply(re *engine.RuleError) Reply {
	kind := "invalid"
	if errors.Is(re, engine.ErrIllegal) {
		kind = "illegal"
	}
	return Reply{Outputs: []Output{{
		Audience: Audience{Kind: AudienceEphemeral},
		Text:     re.Error(),
		Events:   []EventView{},
		Error:    &Problem{Kind: kind, Code: re.Code},
	}}}
}

// busyReply answers a command that other processes' commands on the same
// game beat settleAttempts times running (settle.go): nothing was
// recorded, and trying again is the remedy.
func busyReply() Reply {
	return Reply{Outputs: []Output{{
		Audience: Audience{Kind: AudienceEphemeral},
		Text:     "⏳ The game is busy: other commands changed it while yours was being decided, several times running. Nothing was recorded; please try again.",
		Events:   []EventView{},
		Error:    &Problem{Kind: "internal", Code: "busy"},
	}}}
}

func internalReply() Reply {
	return Reply{Outputs: []Output{{
		Audience: Audience{Kind: AudienceEphemeral},
		Text:     "Internal error: the umpire could not settle that command, and nothing was recorded. The operator has the details in the log; please try again.",
		Events:   []EventView{},
		Error:    &Problem{Kind: "internal", Code: "internal"},
	}}}
}
