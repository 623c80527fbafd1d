package bot

import (
	"context"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/umpire-games/umpire/engine"
)

// OptionType is the type of a command option's value.
type OptionType int

// Option types, as Discord knows them.
const (
	String OptionType = iota
	Integer
	Boolean
	Attachment // a file; the adapter fetches it into Request.Attachments
)

// OptionSpec declares one option of a command.
type OptionSpec struct {
	Name        string
	Description string
	Type        OptionType
	Required    bool
	MaxLength   int    // strings only; 0 = Discord's default
	Placeholder string // strings only: what the usage line shows, e.g. "dice"
	// Autocomplete, when set, suggests values as the user types (Discord
	// shows at most 25).
	Autocomplete func(r *Router, req Request, typed string) []engine.Match
	// Listed, when set, is the values /help lists for the option on its
	// command's page, as the channel's scope offers them (help.go): a set
	// too long for the one-line description, such as every game's
	// scenarios (issue 23: /help command:game named only LRTG's).
	Listed func(r *Router, s helpScope) []string
}

// Command declares a slash command and handles it.
type Command struct {
	Name        string
	Description string // one line, shown by /help and in Discord's menu
	Options     []OptionSpec
	// Ephemeral is true when the answer is secret to the user; the Discord
	// adapter then defers privately.
	Ephemeral bool
	// Defer makes the Discord adapter acknowledge at once and send the
	// answer as an edit (for answers with files, such as maps).
	Defer  bool
	Handle func(ctx context.Context, r *Router, req Request) (Reply, error)
	// Subcommands, when set, make this a group: "/table roll", "/table list".
	// A group has no options and no handler of its own.
	Subcommands []*Command
	path        string // "table roll": set by the router
	// games are the games the command belongs to (nil: every game), and
	// instead what to use in another game's channel: set by the router
	// from commandGames (games.go).
	games   []engine.Game
	instead map[engine.Game]string
}

// Sub returns the named subcommand, or nil.
func (c *Command) Sub(name string) *Command {
	for _, s := range c.Subcommands {
		if s.Name == name {
			return s
		}
	}
	return nil
}

// leaves returns the commands that run: c itself, or its subcommands.
func (c *Command) leaves() []*Command {
	if len(c.Subcommands) == 0 {
		return []*Command{c}
	}
	var out []*Command
	for _, s := range c.Subcommands {
		out = append(out, s.leaves()...)
	}
	return out
}

// Option returns the spec of the named option, or nil.
func (c *Command) Option(name string) *OptionSpec {
	for i := range c.Options {
		if c.Options[i].Name == name {
			return &c.Options[i]
		}
	}
	return nil
}

// Usage returns the command as it is typed, e.g. "/roll dice:<text>".
func (c *Command) Usage() string {
	name := c.path
	if name == "" {
		name = c.Name
	}
	parts := []string{"/" + name}
	for _, o := range c.Options {
		p := o.Name + ":<" + o.typeName() + ">"
		if !o.Required {
			p = "[" + p + "]"
		}
		parts = append(parts, p)
	}
	return strings.Join(parts, " ")
}

func (o OptionSpec) typeName() string {
	switch o.Type {
	case Integer:
		return "number"
	case Boolean:
		return "true|false"
	case Attachment:
		return "file"
	}
	if o.Placeholder != "" {
		return o.Placeholder
	}
	return "text"
}

// check refuses a request whose options do not fit the command, with a
// message that shows the right usage. Every problem is listed in one
// refusal (issue 20), under the code of the first: unknown or mistyped
// options by name, then missing ones.
func (c *Command) check(req Request) *engine.RuleError {
	var problems []*engine.RuleError
	bad := func(code, what string) {
		problems = append(problems, engine.Invalid(code, what, ""))
	}
	// The command as typed: "/table roll", not "/roll" (FuzzCommandOptions).
	typed := c.path
	if typed == "" {
		typed = c.Name
	}
	names := make([]string, 0, len(req.Options))
	for name := range req.Options {
		names = append(names, name)
	}
	sort.Strings(names) // the same refusal every time
	for _, name := range names {
		v := req.Options[name]
		o := c.Option(name)
		if o == nil {
			bad("option.unknown", fmt.Sprintf("/%s has no option %q", typed, name))
			continue
		}
		switch o.Type {
		case Integer:
			if _, err := strconv.ParseInt(v, 10, 64); err != nil {
				bad("option.type", fmt.Sprintf("%s must be a whole number, not %q", name, v))
			}
		case Boolean:
			if _, err := strconv.ParseBool(v); err != nil {
				bad("option.type", fmt.Sprintf("%s must be true or false, not %q", name, v))
			}
		case String:
			if o.MaxLength > 0 && len([]rune(v)) > o.MaxLength {
				bad("option.length", fmt.Sprintf("%s is %d characters long, more than %d", name, len([]rune(v)), o.MaxLength))
			}
		}
	}
	for _, o := range c.Options {
		if _, ok := req.Options[o.Name]; o.Required && !ok {
			bad("option.missing", fmt.Sprintf("/%s needs the option %s", typed, o.Name))
		}
	}
	err := engine.OptionProblems(problems) // one problem as it is, several in one
	if err == nil {
		return nil
	}
	re := err.(*engine.RuleError)
	re.Hint = "Usage: " + c.Usage()
	return re
}

// ApplicationCommand returns the command as Discord registers it.
func (c *Command) ApplicationCommand() *discordgo.ApplicationCommand {
	// Guilds only (issue 23, item 7): a game lives in a server's channel,
	// and /game new in a DM made a game no one could join, so Discord is
	// told not to offer the commands in DMs at all.
	guildOnly := []discordgo.InteractionContextType{discordgo.InteractionContextGuild}
	ac := &discordgo.ApplicationCommand{
		Name:        c.Name,
		Description: c.Description,
		Type:        discordgo.ChatApplicationCommand,
		Contexts:    &guildOnly,
	}
	for _, sub := range c.Subcommands {
		ac.Options = append(ac.Options, &discordgo.ApplicationCommandOption{
			Type:        discordgo.ApplicationCommandOptionSubCommand,
			Name:        sub.Name,
			Description: sub.Description,
			Options:     sub.ApplicationCommand().Options,
		})
	}
	for _, o := range c.Options {
		ao := &discordgo.ApplicationCommandOption{
			Name:         o.Name,
			Description:  o.Description,
			Required:     o.Required,
			MaxLength:    o.MaxLength,
			Autocomplete: o.Autocomplete != nil,
		}
		switch o.Type {
		case Integer:
			ao.Type = discordgo.ApplicationCommandOptionInteger
		case Boolean:
			ao.Type = discordgo.ApplicationCommandOptionBoolean
		case Attachment:
			ao.Type = discordgo.ApplicationCommandOptionAttachment
		default:
			ao.Type = discordgo.ApplicationCommandOptionString
		}
		ac.Options = append(ac.Options, ao)
	}
	return ac
}

// ApplicationCommands returns every command as Discord registers them.
func (r *Router) ApplicationCommands() []*discordgo.ApplicationCommand {
	var out []*discordgo.ApplicationCommand
	for _, c := range r.Commands() {
		out = append(out, c.ApplicationCommand())
	}
	return out
}

func builtinCommands() []*Command {
	cmds := append(append(append(rulesCommands(), mapCommand()), gameCommands()...), append(boardCommands(), placeCommands()...)...)
	cmds = append(cmds, moduleCommands()...)
	return append(cmds, []*Command{
		{
			Name:        "roll",
			Description: "Roll dice, e.g. 2d6+1: every die, each modifier and the total, numbered and recorded",
			Options: []OptionSpec{
				{Name: "dice", Description: "Dice expression: NdS terms and modifiers joined by + or -, e.g. 2d6+1, 3d6-2, d6", Type: String, Required: true, MaxLength: engine.MaxExprBytes, Placeholder: "dice"},
				{Name: "for", Description: "What the roll is for, shown with it (e.g. initiative)", Type: String, MaxLength: 100},
			},
			Handle: handleRoll,
		},
		{
			Name:        "help",
			Description: "List the umpire's commands, or explain one of them",
			Ephemeral:   true,
			Options: []OptionSpec{
				{Name: "command", Description: "A command to explain, e.g. game or table roll", Type: String, MaxLength: 40, Placeholder: "command",
					Autocomplete: helpCommandMatches},
			},
			Handle: handleHelp,
		},
	}...)
}
