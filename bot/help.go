package bot

import (
	"context"
	"fmt"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// /help: in a game's channel, the commands of that game (games.go); outside
// a game, every command, grouped by the games they belong to.

// helpScope is what /help offers in a channel: one game's commands, or
// (all) everyone's.
type helpScope struct {
	game engine.Game
	all  bool
}

func (r *Router) helpScope(ctx context.Context, req Request) helpScope {
	if g, ok := r.channelGame(ctx, req); ok {
		return helpScope{game: g}
	}
	return helpScope{all: true}
}

// offers reports whether the scope offers a command.
func (s helpScope) offers(c *Command) bool { return s.all || c.playedIn(s.game) }

// commands are the top-level commands the scope offers, in name order.
func (s helpScope) commands(r *Router) []*Command {
	var out []*Command
	for _, c := range r.Commands() {
		if s.offers(c) {
			out = append(out, c)
		}
	}
	return out
}

// leaves are the forms of a command the scope offers (all of them when it
// offers none: the page of another game's command).
func (s helpScope) leaves(c *Command) []*Command {
	var out []*Command
	for _, l := range c.leaves() {
		if s.offers(l) {
			out = append(out, l)
		}
	}
	if len(out) == 0 {
		return c.leaves()
	}
	return out
}

// helpCommandMatches completes /help's command: with the channel's
// game's commands.
func helpCommandMatches(r *Router, req Request, typed string) []engine.Match {
	var out []engine.Match
	for _, c := range r.helpScope(context.Background(), req).commands(r) {
		if strings.Contains(c.Name, strings.ToLower(strings.TrimSpace(typed))) && len(out) < 25 {
			out = append(out, engine.Match{Value: c.Name, Label: "/" + c.Name + " — " + c.Description})
		}
	}
	return out
}

// helpGroups orders the index outside a game: every game's commands
// first, then each set of games in the order of playedGames.
func helpGroup(c *Command) int {
	if len(c.games) == 0 {
		return -1
	}
	for i, g := range playedGames {
		if g.id == c.games[0] {
			return i
		}
	}
	return len(playedGames)
}

// helpIndexLines is one line a command, with its subcommands named or
// counted; outside a game, under a heading for each set of games.
func helpIndexLines(r *Router, s helpScope, named bool) []string {
	cmds := s.commands(r)
	groups := []int{0}
	if s.all {
		seen := map[int]bool{}
		groups = nil
		for _, c := range cmds {
			if k := helpGroup(c); !seen[k] {
				seen[k] = true
				groups = append(groups, k)
			}
		}
		for i := range groups { // a few groups: insertion sort
			for j := i; j > 0 && groups[j] < groups[j-1]; j-- {
				groups[j], groups[j-1] = groups[j-1], groups[j]
			}
		}
	}
	var lines []string
	for _, k := range groups {
		heading := false
		for _, c := range cmds {
			if s.all && helpGroup(c) != k {
				continue
			}
			if s.all && !heading {
				heading = true
				lines = append(lines, "__"+upperFirst(gamesLabel(c.games))+"__")
			}
			line := fmt.Sprintf("`/%s` — %s", c.Name, c.Description)
			var subs []string
			for _, sub := range c.Subcommands {
				if s.offers(sub) {
					subs = append(subs, sub.Name)
				}
			}
			if len(subs) > 0 {
				if named {
					line += " (" + strings.Join(subs, ", ") + ")"
				} else {
					line += fmt.Sprintf(" (%d subcommands)", len(subs))
				}
			}
			lines = append(lines, line)
		}
	}
	return lines
}

// handleHelp answers with the index of commands (one line each, with its
// subcommands), or, given a command, every form of it with each option
// explained: the index stays within one embed however many commands
// there are.
func handleHelp(ctx context.Context, r *Router, req Request) (Reply, error) {
	scope := r.helpScope(ctx, req)
	var lines []string
	var e *Embed
	var o struct {
		Command string `opt:"command,lower"`
	}
	if err := decodeOptions(req, &o); err != nil {
		return Reply{}, err
	}
	name := strings.Join(strings.Fields(strings.TrimPrefix(o.Command, "/")), " ")
	if name == "" {
		// One line a command, with its subcommands named when the index
		// fits in one embed (6,000 characters) with them; otherwise how
		// many there are. The description holds 4,000 characters; the rest
		// goes into fields of 1,000.
		for _, named := range []bool{true, false} {
			lines = helpIndexLines(r, scope, named)
			n := 0
			for _, l := range lines {
				n += len(l) + 1
			}
			if n <= 5400 {
				break
			}
		}
		e = &Embed{Title: "Umpire commands", Footer: "/help command:<name> explains one, e.g. /help command:game. Options are typed as name:value, e.g. /roll dice:2d6+1"}
		if !scope.all {
			e.Title = "Umpire commands: " + gameNamed(scope.game).title()
			e.Footer = "The commands of this channel's game. " + e.Footer
		}
		var part []string
		size, limit := 0, 4000
		flush := func() {
			if len(part) == 0 {
				return
			}
			if e.Description == "" {
				e.Description = strings.Join(part, "\n")
			} else {
				e.Fields = append(e.Fields, EmbedField{Name: "More commands", Value: strings.Join(part, "\n")})
			}
			part, size, limit = nil, 0, 1000
		}
		for i, l := range lines {
			need := len(l) + 1
			if strings.HasPrefix(l, "__") && i+1 < len(lines) {
				need += len(lines[i+1]) + 1 // a heading stays with its first command
			}
			if size+need > limit {
				flush()
			}
			part = append(part, l)
			size += len(l) + 1
		}
		flush()
	} else {
		var found *Command
		for _, c := range r.Commands() {
			for _, l := range append([]*Command{c}, c.leaves()...) {
				if l.path == name || l.Name == name && l == c {
					found = l
				}
			}
		}
		if found == nil {
			var names []string
			for _, c := range scope.commands(r) {
				names = append(names, c.Name)
			}
			return Reply{}, &engine.RuleError{Kind: engine.ErrInvalid, Code: "help.unknown", What: fmt.Sprintf("There is no command %q", name),
				Hint: "The commands: " + strings.Join(names, ", ")}
		}
		// Every form with its options explained; a group too large for
		// one page lists its forms, each explained on its own page.
		footer := "Options are typed as name:value"
		forms := scope.leaves(found)
		for _, withOptions := range []bool{true, false} {
			lines = nil
			n := 0
			for _, l := range forms {
				lines = append(lines, fmt.Sprintf("`%s` — %s", l.Usage(), l.Description))
				for _, o := range l.Options {
					if !withOptions {
						break
					}
					req := ""
					if o.Required {
						req = " (required)"
					}
					lines = append(lines, fmt.Sprintf("  • `%s`%s: %s", o.Name, req, o.Description))
				}
				lines = append(lines, listedValues(r, scope, l)...)
			}
			for _, l := range lines {
				n += len(l) + 1
			}
			if n <= 3960 {
				break
			}
			footer = fmt.Sprintf("/help command:%s <form>, e.g. /help command:%s %s, explains a form's options. Options are typed as name:value", name, name, forms[0].Name)
		}
		footer = helpPageGames(scope, found) + footer
		e = &Embed{Title: "/" + name, Description: clipLines(lines, 4000), Footer: footer}
	}
	return Reply{Outputs: []Output{{Audience: Audience{Kind: AudienceEphemeral}, Text: e.PlainText(), Embed: e, Events: []EventView{}}}}, nil
}

// helpPageGames says, at the foot of a command's page, whose command it is
// when it is not every game's: in a game's channel, only when it is not
// that game's (it is refused there, and what to use instead).
func helpPageGames(s helpScope, c *Command) string {
	switch {
	case len(c.games) == 0:
		return ""
	case s.all:
		return "A command of " + gamesLabel(c.games) + ". "
	case c.playedIn(s.game):
		return ""
	}
	re := notThisGame(c, s.game)
	return re.What + ". " + re.Hint + ". "
}

// listedValues are the lines of a form's options that list their values
// (OptionSpec.Listed), shown even when the page is too long for the
// options' descriptions: /game new's scenarios are what a newcomer needs.
func listedValues(r *Router, s helpScope, l *Command) []string {
	var out []string
	for _, o := range l.Options {
		if o.Listed == nil {
			continue
		}
		if v := o.Listed(r, s); len(v) > 0 {
			out = append(out, fmt.Sprintf("  • %s is one of: %s", o.Name, strings.Join(v, "; ")))
		}
	}
	return out
}

// scenariosListed are the scenarios /help lists for /game new: in a
// game's channel its game's, elsewhere every game's, each game's under its
// short name ("LITN: litn-1-frederick-to-antietam, ...").
func scenariosListed(r *Router, s helpScope) []string {
	var out []string
	for _, g := range playedGames {
		if !s.all && g.id != s.game {
			continue
		}
		var ids []string
		for _, sc := range r.scenarios {
			if sc.Game == g.id {
				ids = append(ids, sc.ID)
			}
		}
		if len(ids) > 0 {
			out = append(out, g.short+": "+strings.Join(ids, ", "))
		}
	}
	return out
}
