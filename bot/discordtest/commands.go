package discordtest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"
)

// chatNameRE is Discord's rule for chat-input command and option names.
var chatNameRE = regexp.MustCompile(`^[-_'\p{L}\p{N}\p{Devanagari}\p{Thai}]{1,32}$`)

// commandScope checks the application id of a command route and returns the
// guild id ("" for global commands).
func (s *Server) commandScope(w http.ResponseWriter, r *http.Request, rec *Request) (guildID string, ok bool) {
	if r.PathValue("app") != s.opts.ApplicationID {
		s.replyError(w, rec, newAPIError(http.StatusForbidden, codeMissingAccess, "Missing Access"))
		return "", false
	}
	return r.PathValue("guild"), true
}

// prepareCommand fills in the fields Discord assigns to a command being
// created or replaced; old is the command it replaces, if any.
func (s *Server) prepareCommand(c *discordgo.ApplicationCommand, guildID string, old *discordgo.ApplicationCommand) {
	if c.Type == 0 {
		c.Type = discordgo.ChatApplicationCommand
	}
	c.ID = s.newID()
	if old != nil {
		c.ID = old.ID
	}
	c.ApplicationID = s.opts.ApplicationID
	c.GuildID = guildID
	c.Version = s.newID()
}

func findCommand(list []*discordgo.ApplicationCommand, name string, typ discordgo.ApplicationCommandType) *discordgo.ApplicationCommand {
	if typ == 0 {
		typ = discordgo.ChatApplicationCommand
	}
	for _, c := range list {
		if c.Name == name && c.Type == typ {
			return c
		}
	}
	return nil
}

// ErrCommandContext is returned by DispatchInteraction for a command used
// where its registered contexts do not allow it (a guild-only command in a
// DM): Discord does not offer the command there, so no interaction comes.
var ErrCommandContext = errors.New("discordtest: the command is not offered in this context (its contexts exclude it)")

// offeredLocked says whether Discord would offer the registered command
// with id cmdID in context ctx: a command without contexts is offered
// everywhere, as is an id the fake never registered.
func (s *Server) offeredLocked(cmdID string, ctx discordgo.InteractionContextType) bool {
	for _, list := range s.commands {
		for _, c := range list {
			if c.ID != cmdID || c.Contexts == nil {
				continue
			}
			for _, allowed := range *c.Contexts {
				if allowed == ctx {
					return true
				}
			}
			return false
		}
	}
	return true
}

func (s *Server) handleCommandsList(w http.ResponseWriter, r *http.Request, rec *Request) {
	guildID, ok := s.commandScope(w, r, rec)
	if !ok {
		return
	}
	s.mu.Lock()
	list := append([]*discordgo.ApplicationCommand{}, s.commands[guildID]...)
	s.mu.Unlock()
	s.replyJSON(w, rec, http.StatusOK, list)
}

func (s *Server) handleCommandsOverwrite(w http.ResponseWriter, r *http.Request, rec *Request) {
	guildID, ok := s.commandScope(w, r, rec)
	if !ok {
		return
	}
	var cmds []*discordgo.ApplicationCommand
	if err := json.Unmarshal(rec.JSON, &cmds); err != nil {
		s.replyError(w, rec, invalidJSON(err))
		return
	}
	if e := validateCommands(cmds); e != nil {
		s.replyError(w, rec, e)
		return
	}
	s.mu.Lock()
	old := s.commands[guildID]
	list := make([]*discordgo.ApplicationCommand, 0, len(cmds))
	for _, c := range cmds {
		s.prepareCommand(c, guildID, findCommand(old, c.Name, c.Type))
		list = append(list, c)
	}
	s.commands[guildID] = list
	s.commandWrites[guildID]++
	rec.Status = http.StatusOK
	s.publishLocked(rec)
	s.mu.Unlock()
	s.replyJSON(w, rec, http.StatusOK, list)
}

func (s *Server) handleCommandCreate(w http.ResponseWriter, r *http.Request, rec *Request) {
	guildID, ok := s.commandScope(w, r, rec)
	if !ok {
		return
	}
	var c *discordgo.ApplicationCommand
	if err := json.Unmarshal(rec.JSON, &c); err != nil || c == nil {
		s.replyError(w, rec, invalidJSON(fmt.Errorf("%v", err)))
		return
	}
	if e := validateCommand(c, ""); e != nil {
		s.replyError(w, rec, e)
		return
	}
	status := http.StatusCreated
	s.mu.Lock()
	list := s.commands[guildID]
	old := findCommand(list, c.Name, c.Type)
	if old != nil {
		status = http.StatusOK
	}
	s.prepareCommand(c, guildID, old)
	next := make([]*discordgo.ApplicationCommand, 0, len(list)+1)
	for _, o := range list {
		if o != old {
			next = append(next, o)
		}
	}
	s.commands[guildID] = append(next, c)
	s.commandWrites[guildID]++
	rec.Status = status
	s.publishLocked(rec)
	s.mu.Unlock()
	s.replyJSON(w, rec, status, c)
}

func (s *Server) commandByID(guildID, id string) (int, *discordgo.ApplicationCommand) {
	for i, c := range s.commands[guildID] {
		if c.ID == id {
			return i, c
		}
	}
	return -1, nil
}

func unknownCommand() *apiError {
	return newAPIError(http.StatusNotFound, 10063, "Unknown application command")
}

func (s *Server) handleCommandGet(w http.ResponseWriter, r *http.Request, rec *Request) {
	guildID, ok := s.commandScope(w, r, rec)
	if !ok {
		return
	}
	s.mu.Lock()
	_, c := s.commandByID(guildID, r.PathValue("cmd"))
	s.mu.Unlock()
	if c == nil {
		s.replyError(w, rec, unknownCommand())
		return
	}
	s.replyJSON(w, rec, http.StatusOK, c)
}

func (s *Server) handleCommandEdit(w http.ResponseWriter, r *http.Request, rec *Request) {
	guildID, ok := s.commandScope(w, r, rec)
	if !ok {
		return
	}
	var c *discordgo.ApplicationCommand
	if err := json.Unmarshal(rec.JSON, &c); err != nil || c == nil {
		s.replyError(w, rec, invalidJSON(fmt.Errorf("%v", err)))
		return
	}
	if e := validateCommand(c, ""); e != nil {
		s.replyError(w, rec, e)
		return
	}
	s.mu.Lock()
	i, old := s.commandByID(guildID, r.PathValue("cmd"))
	if old == nil {
		s.mu.Unlock()
		s.replyError(w, rec, unknownCommand())
		return
	}
	c.Type = old.Type
	s.prepareCommand(c, guildID, old)
	list := append([]*discordgo.ApplicationCommand{}, s.commands[guildID]...)
	list[i] = c
	s.commands[guildID] = list
	s.commandWrites[guildID]++
	rec.Status = http.StatusOK
	s.publishLocked(rec)
	s.mu.Unlock()
	s.replyJSON(w, rec, http.StatusOK, c)
}

func (s *Server) handleCommandDelete(w http.ResponseWriter, r *http.Request, rec *Request) {
	guildID, ok := s.commandScope(w, r, rec)
	if !ok {
		return
	}
	s.mu.Lock()
	i, old := s.commandByID(guildID, r.PathValue("cmd"))
	if old == nil {
		s.mu.Unlock()
		s.replyError(w, rec, unknownCommand())
		return
	}
	list := append([]*discordgo.ApplicationCommand{}, s.commands[guildID][:i]...)
	s.commands[guildID] = append(list, s.commands[guildID][i+1:]...)
	s.commandWrites[guildID]++
	rec.Status = http.StatusNoContent
	s.publishLocked(rec)
	s.mu.Unlock()
	s.replyNoContent(w, rec)
}

// Commands returns the application commands registered for a guild, or the
// global ones for guildID "", as the fake stores them (ids assigned).
func (s *Server) Commands(guildID string) []*discordgo.ApplicationCommand {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]*discordgo.ApplicationCommand(nil), s.commands[guildID]...)
}

// WaitCommands blocks until the commands of a guild ("" = global) have been
// written at least once (bulk overwrite, create, edit or delete) and
// returns them.
func (s *Server) WaitCommands(ctx context.Context, guildID string) ([]*discordgo.ApplicationCommand, error) {
	var out []*discordgo.ApplicationCommand
	what := "global commands"
	if guildID != "" {
		what = "commands of guild " + guildID
	}
	err := s.waitFor(ctx, what, func() bool {
		s.mu.Lock()
		defer s.mu.Unlock()
		out = append([]*discordgo.ApplicationCommand(nil), s.commands[guildID]...)
		return s.commandWrites[guildID] > 0
	})
	return out, err
}

// validateCommands applies Discord's rules to a bulk overwrite.
func validateCommands(cmds []*discordgo.ApplicationCommand) *apiError {
	seen := map[string]bool{}
	chat := 0
	for i, c := range cmds {
		if c == nil {
			return formError(fmt.Sprint(i), "BASE_TYPE_REQUIRED", "This field is required")
		}
		if e := validateCommand(c, fmt.Sprintf("%d.", i)); e != nil {
			return e
		}
		typ := c.Type
		if typ == 0 {
			typ = discordgo.ChatApplicationCommand
		}
		if typ == discordgo.ChatApplicationCommand {
			chat++
		}
		key := fmt.Sprintf("%d/%s", typ, c.Name)
		if seen[key] {
			return formError(fmt.Sprintf("%d.name", i), "APPLICATION_COMMANDS_DUPLICATE_NAME", "Application command names must be unique")
		}
		seen[key] = true
	}
	if chat > 100 {
		return formError("_errors", "BASE_TYPE_MAX_LENGTH", "Must be 100 or fewer in length.")
	}
	return nil
}

// validateCommand applies Discord's rules to one command; path prefixes the
// error field path.
func validateCommand(c *discordgo.ApplicationCommand, path string) *apiError {
	typ := c.Type
	if typ == 0 {
		typ = discordgo.ChatApplicationCommand
	}
	// contexts: where Discord offers the command (0 guild, 1 the bot's
	// DM, 2 a private channel); another value is refused.
	if c.Contexts != nil {
		for j, ctx := range *c.Contexts {
			if ctx > discordgo.InteractionContextPrivateChannel {
				return formError(fmt.Sprintf("%scontexts.%d", path, j), "BASE_TYPE_CHOICES", "Value must be one of {0, 1, 2}.")
			}
		}
	}
	switch typ {
	case discordgo.ChatApplicationCommand:
		if !chatNameRE.MatchString(c.Name) || strings.ToLower(c.Name) != c.Name {
			return formError(path+"name", "APPLICATION_COMMAND_INVALID_NAME", fmt.Sprintf("Command name %q is invalid", c.Name))
		}
		if n := utf8.RuneCountInString(c.Description); n < 1 || n > 100 {
			return formError(path+"description", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.")
		}
		// Discord: the names, descriptions and choice values of a command
		// and all its options come to 4,000 characters at most.
		if n := commandChars(c); n > 4000 {
			return formError(path, "APPLICATION_COMMAND_TOO_LARGE", fmt.Sprintf("Command exceeds maximum size (4000): %d", n))
		}
		return validateOptions(c.Options, path+"options", 0)
	case discordgo.UserApplicationCommand, discordgo.MessageApplicationCommand:
		if n := utf8.RuneCountInString(c.Name); n < 1 || n > 32 {
			return formError(path+"name", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 32 in length.")
		}
		if c.Description != "" {
			return formError(path+"description", "APPLICATION_COMMAND_CONTEXT_MENU_DESCRIPTION", "Context menu commands cannot have description")
		}
		if len(c.Options) > 0 {
			return formError(path+"options", "APPLICATION_COMMAND_CONTEXT_MENU_OPTIONS", "Context menu commands cannot have options")
		}
		return nil
	default:
		return formError(path+"type", "BASE_TYPE_CHOICES", fmt.Sprintf("Value must be one of {1, 2, 3, 4}, not %d.", typ))
	}
}

// validateOptions checks a level of options. depth is 0 for the command's
// own options, 1 inside a subcommand group, 2 inside a subcommand.
func validateOptions(opts []*discordgo.ApplicationCommandOption, path string, depth int) *apiError {
	if len(opts) > 25 {
		return formError(path, "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
	}
	seen := map[string]bool{}
	optional := false
	subs, others := 0, 0
	for i, o := range opts {
		p := fmt.Sprintf("%s.%d", path, i)
		if o == nil {
			return formError(p, "BASE_TYPE_REQUIRED", "This field is required")
		}
		if !chatNameRE.MatchString(o.Name) || strings.ToLower(o.Name) != o.Name {
			return formError(p+".name", "APPLICATION_COMMAND_INVALID_NAME", fmt.Sprintf("Option name %q is invalid", o.Name))
		}
		if seen[o.Name] {
			return formError(p+".name", "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS", "Option names must be unique")
		}
		seen[o.Name] = true
		if n := utf8.RuneCountInString(o.Description); n < 1 || n > 100 {
			return formError(p+".description", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.")
		}
		switch o.Type {
		case discordgo.ApplicationCommandOptionSubCommandGroup:
			subs++
			if depth != 0 {
				return formError(p+".type", "APPLICATION_COMMAND_OPTION_TYPE_INVALID", "Subcommand groups can only be top-level options")
			}
			for j, sub := range o.Options {
				if sub == nil || sub.Type != discordgo.ApplicationCommandOptionSubCommand {
					return formError(fmt.Sprintf("%s.options.%d.type", p, j), "APPLICATION_COMMAND_OPTION_TYPE_INVALID", "Subcommand groups may only contain subcommands")
				}
			}
			if e := validateOptions(o.Options, p+".options", 1); e != nil {
				return e
			}
		case discordgo.ApplicationCommandOptionSubCommand:
			subs++
			if depth > 1 {
				return formError(p+".type", "APPLICATION_COMMAND_OPTION_TYPE_INVALID", "Subcommands cannot be nested in subcommands")
			}
			if e := validateOptions(o.Options, p+".options", 2); e != nil {
				return e
			}
		case discordgo.ApplicationCommandOptionString, discordgo.ApplicationCommandOptionInteger, discordgo.ApplicationCommandOptionBoolean,
			discordgo.ApplicationCommandOptionUser, discordgo.ApplicationCommandOptionChannel, discordgo.ApplicationCommandOptionRole,
			discordgo.ApplicationCommandOptionMentionable, discordgo.ApplicationCommandOptionNumber, discordgo.ApplicationCommandOptionAttachment:
			others++
			if len(o.Options) > 0 {
				return formError(p+".options", "APPLICATION_COMMAND_OPTION_TYPE_INVALID", "Only subcommands and groups can have options")
			}
			if o.Required && optional {
				return formError(p+".required", "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID", "Required options must be placed before non-required options")
			}
			if !o.Required {
				optional = true
			}
			if len(o.Choices) > 25 {
				return formError(p+".choices", "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
			}
			if o.Type == discordgo.ApplicationCommandOptionString {
				if o.MinLength != nil && (*o.MinLength < 0 || *o.MinLength > 6000) {
					return formError(p+".min_length", "NUMBER_TYPE_MAX", "int value should be between 0 and 6000.")
				}
				if o.MaxLength != 0 && (o.MaxLength < 1 || o.MaxLength > 6000) {
					return formError(p+".max_length", "NUMBER_TYPE_MAX", "int value should be between 1 and 6000.")
				}
			}
		default:
			return formError(p+".type", "BASE_TYPE_CHOICES", fmt.Sprintf("Value must be one of {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}, not %d.", o.Type))
		}
	}
	if subs > 0 && others > 0 {
		return formError(path, "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID", "Subcommands and subcommand groups cannot be mixed with other options")
	}
	return nil
}

// commandChars counts what Discord's 4,000-character limit of a command
// counts: every name, description and choice name and value.
func commandChars(c *discordgo.ApplicationCommand) int {
	n := utf8.RuneCountInString(c.Name) + utf8.RuneCountInString(c.Description)
	var walk func([]*discordgo.ApplicationCommandOption)
	walk = func(opts []*discordgo.ApplicationCommandOption) {
		for _, o := range opts {
			if o == nil {
				continue
			}
			n += utf8.RuneCountInString(o.Name) + utf8.RuneCountInString(o.Description)
			for _, ch := range o.Choices {
				if ch != nil {
					n += utf8.RuneCountInString(ch.Name) + utf8.RuneCountInString(fmt.Sprint(ch.Value))
				}
			}
			walk(o.Options)
		}
	}
	walk(c.Options)
	return n
}
