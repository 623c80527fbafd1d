package bot

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"unicode"

	"github.com/bwmarrin/discordgo"

	"github.com/umpire-games/umpire/engine"
)

// A game's Discord channels (issue 8). When /game start succeeds on
// Discord, the adapter creates a category for the game and in it a
// private text channel per commander: @everyone is denied View Channel,
// the commander and the bot are allowed View Channel, Send Messages, Read
// Message History and Attach Files. It then settles engine.RecordChannels,
// so the ids are in the game's stream and survive a restart. The public
// table stays the channel the game was created in: the game's stream is
// named after it ("game:<channel>"), and every player already follows it.
// When /game end succeeds the adapter archives the channels (the
// commanders keep reading them but may no longer send) or deletes them,
// as the umpire's channels option says (default archive), and settles
// engine.CloseChannels. The console is one terminal: it has no channels.
//
// Discord allows 500 channels a guild and 50 a category: a game that
// would pass either limit gets a private thread of the table channel per
// commander instead, and the table is told why. A private thread admits
// its members and the server's moderators (Manage Threads): weaker than a
// channel's overwrites, so channels are preferred.

// Discord's channel limits.
const (
	guildChannelLimit    = 500
	categoryChannelLimit = 50
)

// commanderAllow is what a commander and the bot may do in a commander's
// private channel.
const commanderAllow = discordgo.PermissionViewChannel | discordgo.PermissionSendMessages |
	discordgo.PermissionReadMessageHistory | discordgo.PermissionAttachFiles

// channelsOption is the /game end option that says what becomes of the
// game's channels.
func channelsOption() OptionSpec {
	return OptionSpec{Name: "channels", Description: "The game's private channels: archive (read-only) or delete (default archive)", Type: String, MaxLength: 7, Placeholder: "archive|delete"}
}

// channelsOpts are the options that say what becomes of the game's
// channels: /game end's channels and /game channels' close, as typed
// (closeMode reads them).
type channelsOpts struct {
	Channels string `opt:"channels,raw"`
	Close    string `opt:"close,raw"`
}

// channelsOptions decodes them for the adapter, which reads the request
// after the router has checked it.
func channelsOptions(req Request) channelsOpts {
	var o channelsOpts
	_ = decodeOptions(req, &o) // strings as typed: nothing to refuse
	return o
}

// closeMode reads a way to close the channels: archive (the default) or
// delete.
func closeMode(s string) (string, error) {
	switch m := strings.ToLower(strings.TrimSpace(s)); m {
	case "", engine.ChannelsArchive:
		return engine.ChannelsArchive, nil
	case engine.ChannelsDelete:
		return m, nil
	default:
		return "", &engine.RuleError{Kind: engine.ErrInvalid, Code: "channels.mode", What: fmt.Sprintf("%q is not a way to close the game's channels", m),
			Hint: "Use channels:archive (they stay, read-only) or channels:delete"}
	}
}

// commanderChannel is the private channel of a commander of the game,
// while the game's channels are open: outputs for that commander alone can
// go there (Audience{Kind: AudienceChannel, Channel: id}) instead of an
// ephemeral reply.
func (r *Router) commanderChannel(g engine.GameState, playerID string) (string, bool) {
	if g.Player(playerID) == nil {
		return "", false
	}
	return g.Channels.Channel(playerID)
}

// channelActor is the request's user as the router vouches for it (the
// umpire role).
func (r *Router) channelActor(req Request) engine.Actor {
	a := req.User
	for _, role := range req.Roles {
		if r.umpireRole != "" && role == r.umpireRole {
			a.Umpire = true
		}
	}
	return a
}

// recordChannels settles the ids of the channels the adapter created. The
// interaction id is left out: the interaction's reply is /game start's.
func (r *Router) recordChannels(ctx context.Context, req Request, category string, players map[string]string, threads bool, umpire string) error {
	req.InteractionID = ""
	cmd := engine.RecordChannels{By: r.channelActor(req), Category: category, Players: players, Threads: threads, Umpire: umpire}
	if _, err := r.settleGame(ctx, req, cmd, nil, func([]EventView, []engine.Event) Reply { return Reply{} }); err != nil {
		return err
	}
	return r.recordLinks(ctx, req.GuildID, req.ChannelID, players) // links.go: commands from them act on this game
}

// closeChannels settles that the channels were archived or deleted.
func (r *Router) closeChannels(ctx context.Context, req Request, mode string) error {
	req.InteractionID = ""
	_, err := r.settleGame(ctx, req, engine.CloseChannels{By: r.channelActor(req), Mode: mode}, nil, func([]EventView, []engine.Event) Reply { return Reply{} })
	return err
}

// afterHandle does the Discord side of a command the router settled: the
// game's channels after /game start and /game end.
func (d *Discord) afterHandle(ctx context.Context, req Request, rep Reply) Reply {
	if rep.Duplicate || len(rep.Outputs) == 0 || rep.Outputs[0].Error != nil || req.GuildID == "" ||
		req.Command != "game" || len(req.Path) != 1 {
		return rep
	}
	var note string
	var private []Output
	switch req.Path[0] {
	case "start":
		note, private = d.openChannels(ctx, req)
	case "end":
		note = d.endChannels(ctx, req)
	case "channels":
		if channelsOptions(req).Close == "" {
			note, private = d.openChannels(ctx, req)
			if note == "" {
				note, private = d.addUmpireChannel(ctx, req)
			}
		} else {
			note = d.endChannels(ctx, req)
		}
	}
	if note != "" {
		rep.Outputs = append(rep.Outputs, Output{Audience: Audience{Kind: AudiencePublic, Channel: req.ChannelID}, Text: note, Events: []EventView{}})
	}
	rep.Outputs = append(rep.Outputs, private...)
	return rep
}

// botID is the bot's user id.
func (d *Discord) botID() string {
	if d.session.State != nil && d.session.State.User != nil {
		return d.session.State.User.ID
	}
	return ""
}

// openChannels creates the category and the commanders' channels of a
// game that just started, records them, and returns the table's note and
// a welcome in each private channel (sent there through the router's
// commanderChannel, as every output for one commander can be).
func (d *Discord) openChannels(ctx context.Context, req Request) (string, []Output) {
	g, err := d.router.game(ctx, req)
	if err != nil || !g.Started || g.Ended != nil || (g.Channels.Category != "" && g.Channels.Closed == "") || len(g.Players) == 0 {
		return "", nil
	}
	note, ok := d.makeChannels(ctx, req, g)
	if !ok {
		return note, nil
	}
	if g, err = d.router.game(ctx, req); err != nil {
		return note, nil
	}
	var private []Output
	for _, p := range g.Players {
		if id, ok := d.router.commanderChannel(g, p.Actor.ID); ok {
			private = append(private, commanderWelcome(p.Actor.ID, id, req.ChannelID))
		}
	}
	if id, ok := g.Channels.UmpireChannel(); ok {
		private = append(private, umpireWelcome(g, id, req.ChannelID))
	}
	return note, private
}

// makeChannels creates and records the channels; ok reports success.
func (d *Discord) makeChannels(ctx context.Context, req Request, g engine.GameState) (note string, ok bool) {
	s := d.session
	if len(g.Players)+1 > categoryChannelLimit { // the commanders' channels and the umpire's
		return d.makeThreads(ctx, req, g, fmt.Sprintf("the game has %d commanders and Discord allows %d channels in a category", len(g.Players), categoryChannelLimit))
	}
	existing, err := s.GuildChannels(req.GuildID)
	if err != nil {
		return channelsFailed("list the server's channels", err, "View Channels"), false
	}
	if need := 2 + len(g.Players); len(existing)+need > guildChannelLimit {
		return d.makeThreads(ctx, req, g, fmt.Sprintf("the server has %d channels, and a category, %d commanders' channels and the umpire's would pass Discord's limit of %d",
			len(existing), len(g.Players), guildChannelLimit))
	}
	cat, err := s.GuildChannelCreateComplex(req.GuildID, discordgo.GuildChannelCreateData{Name: categoryName(g, req), Type: discordgo.ChannelTypeGuildCategory})
	if err != nil {
		return channelsFailed("create the game's category", err, "Manage Channels"), false
	}
	created := []string{cat.ID}
	players := map[string]string{}
	undo := func() {
		for i := len(created) - 1; i >= 0; i-- {
			if _, err := s.ChannelDelete(created[i]); err != nil {
				d.log.Warn("discord: removing a half-made game channel", "channel", created[i], "err", err)
			}
		}
	}
	bot := d.botID()
	for _, p := range g.Players {
		ch, err := s.GuildChannelCreateComplex(req.GuildID, discordgo.GuildChannelCreateData{
			Name:                 channelName(p),
			Type:                 discordgo.ChannelTypeGuildText,
			Topic:                fmt.Sprintf("%s's private channel (%s) for the game in #%s", p.Actor.Name, strings.ToUpper(string(p.Side)), req.ChannelID),
			ParentID:             cat.ID,
			PermissionOverwrites: commanderOverwrites(req.GuildID, p.Actor.ID, bot),
		})
		if err != nil {
			undo()
			return channelsFailed("create "+p.Actor.Name+"'s private channel", err, "Manage Channels", "Manage Roles"), false
		}
		created = append(created, ch.ID)
		players[p.Actor.ID] = ch.ID
	}
	// The umpire's channel (issue 19): the creator and the umpire role
	// see it; every player is denied it by name, so that a role member
	// who plays a side does not.
	uch, err := s.GuildChannelCreateComplex(req.GuildID, discordgo.GuildChannelCreateData{
		Name:                 "umpire",
		Type:                 discordgo.ChannelTypeGuildText,
		Topic:                fmt.Sprintf("The umpire's private channel for the game in #%s: no player sees it", req.ChannelID),
		ParentID:             cat.ID,
		PermissionOverwrites: umpireOverwrites(req.GuildID, g, d.router.umpireRole, bot),
	})
	if err != nil {
		undo()
		return channelsFailed("create the umpire's private channel", err, "Manage Channels", "Manage Roles"), false
	}
	created = append(created, uch.ID)
	if err := d.router.recordChannels(ctx, req, cat.ID, players, false, uch.ID); err != nil {
		d.log.Error("discord: recording the game's channels", "channel", req.ChannelID, "err", err)
		undo()
		return "⚠️ The private channels could not be recorded, so they were removed; the game goes on here with private replies.", false
	}
	return fmt.Sprintf("📁 Each of the %d commanders has a private channel in the category **%s**: only that commander and the bot see it.", len(players), cat.Name), true
}

// makeThreads gives each commander a private thread of the table
// channel when the guild is short of channels (why says how). A private
// thread is seen by its members (the commander, added, and the bot, which
// started it) and by those with Manage Threads (the server's moderators).
func (d *Discord) makeThreads(ctx context.Context, req Request, g engine.GameState, why string) (string, bool) {
	s := d.session
	var created []string
	players := map[string]string{}
	undo := func() {
		for _, id := range created {
			if _, err := s.ChannelDelete(id); err != nil {
				d.log.Warn("discord: removing a half-made game thread", "thread", id, "err", err)
			}
		}
	}
	for _, p := range g.Players {
		th, err := s.ThreadStartComplex(req.ChannelID, &discordgo.ThreadStart{Name: channelName(p), Type: discordgo.ChannelTypeGuildPrivateThread, AutoArchiveDuration: 10080})
		if err != nil {
			undo()
			return fmt.Sprintf("⚠️ No private channels: %s. ", why) + channelsFailed("start "+p.Actor.Name+"'s private thread instead", err, "Create Private Threads"), false
		}
		created = append(created, th.ID)
		if err := s.ThreadMemberAdd(th.ID, p.Actor.ID); err != nil {
			undo()
			return fmt.Sprintf("⚠️ No private channels: %s. ", why) + channelsFailed("add "+p.Actor.Name+" to his private thread", err, "Send Messages in Threads"), false
		}
		players[p.Actor.ID] = th.ID
	}
	// The umpire's thread: its creator, if he plays no side (a thread
	// admits members one by one, so the umpire role's members are not in
	// it; they read /unit log).
	var umpire string
	if g.Player(g.Umpire.ID) == nil {
		th, err := s.ThreadStartComplex(req.ChannelID, &discordgo.ThreadStart{Name: "umpire", Type: discordgo.ChannelTypeGuildPrivateThread, AutoArchiveDuration: 10080})
		if err != nil {
			undo()
			return fmt.Sprintf("⚠️ No private channels: %s. ", why) + channelsFailed("start the umpire's private thread instead", err, "Create Private Threads"), false
		}
		created = append(created, th.ID)
		if err := s.ThreadMemberAdd(th.ID, g.Umpire.ID); err != nil {
			undo()
			return fmt.Sprintf("⚠️ No private channels: %s. ", why) + channelsFailed("add the umpire to his private thread", err, "Send Messages in Threads"), false
		}
		umpire = th.ID
	}
	if err := d.router.recordChannels(ctx, req, req.ChannelID, players, true, umpire); err != nil {
		d.log.Error("discord: recording the game's threads", "channel", req.ChannelID, "err", err)
		undo()
		return "⚠️ The private threads could not be recorded, so they were removed; the game goes on here with private replies.", false
	}
	return fmt.Sprintf("🧵 No private channels (%s): each of the %d commanders has a private thread of this channel instead, seen by that commander, the bot and the server's moderators.", why, len(players)), true
}

// commanderOverwrites admit exactly the commander and the bot.
func commanderOverwrites(guildID, userID, botID string) []*discordgo.PermissionOverwrite {
	os := []*discordgo.PermissionOverwrite{
		{ID: guildID, Type: discordgo.PermissionOverwriteTypeRole, Deny: discordgo.PermissionViewChannel}, // @everyone's role id is the guild's
		{ID: userID, Type: discordgo.PermissionOverwriteTypeMember, Allow: commanderAllow},
	}
	if botID != "" && botID != userID {
		os = append(os, &discordgo.PermissionOverwrite{ID: botID, Type: discordgo.PermissionOverwriteTypeMember, Allow: commanderAllow})
	}
	return os
}

// umpireOverwrites admit the game's creator (unless he plays a side),
// the umpire role and the bot, and deny every player by name: a member
// overwrite outranks a role's, so a role member who plays does not see
// the umpire's channel.
func umpireOverwrites(guildID string, g engine.GameState, role, botID string) []*discordgo.PermissionOverwrite {
	os := []*discordgo.PermissionOverwrite{
		{ID: guildID, Type: discordgo.PermissionOverwriteTypeRole, Deny: discordgo.PermissionViewChannel},
	}
	if g.Player(g.Umpire.ID) == nil && g.Umpire.ID != botID {
		os = append(os, &discordgo.PermissionOverwrite{ID: g.Umpire.ID, Type: discordgo.PermissionOverwriteTypeMember, Allow: commanderAllow})
	}
	if role != "" {
		os = append(os, &discordgo.PermissionOverwrite{ID: role, Type: discordgo.PermissionOverwriteTypeRole, Allow: commanderAllow})
	}
	for _, p := range g.Players {
		os = append(os, &discordgo.PermissionOverwrite{ID: p.Actor.ID, Type: discordgo.PermissionOverwriteTypeMember, Deny: discordgo.PermissionViewChannel})
	}
	if botID != "" {
		os = append(os, &discordgo.PermissionOverwrite{ID: botID, Type: discordgo.PermissionOverwriteTypeMember, Allow: commanderAllow})
	}
	return os
}

// endChannels archives or deletes an ended game's channels, as the
// umpire chose, records it, and returns the table's note.
func (d *Discord) endChannels(ctx context.Context, req Request) string {
	g, err := d.router.game(ctx, req)
	if err != nil || g.Channels.Category == "" || g.Channels.Closed == engine.ChannelsDelete {
		return ""
	}
	o := channelsOptions(req)
	mode, err := closeMode(o.Channels)
	if req.Path[0] == "channels" {
		mode, err = closeMode(o.Close)
	} else if g.Ended == nil {
		return ""
	}
	if err != nil || g.Channels.Closed == mode {
		return ""
	}
	s := d.session
	ids := make([]string, 0, len(g.Players)+1)
	for _, p := range g.Players {
		if id := g.Channels.Players[p.Actor.ID]; id != "" {
			ids = append(ids, id)
		}
	}
	if g.Channels.Umpire != "" {
		ids = append(ids, g.Channels.Umpire)
	}
	switch {
	case g.Channels.Threads && mode == engine.ChannelsArchive:
		yes := true
		for _, id := range ids {
			if _, err := s.ChannelEdit(id, &discordgo.ChannelEdit{Archived: &yes, Locked: &yes}); err != nil && !unknownChannel(err) {
				return channelsFailed("archive the game's private threads", err, "Manage Threads")
			}
		}
	case g.Channels.Threads:
		// Only the threads: the category of threads is the table itself.
		for _, id := range ids {
			if _, err := s.ChannelDelete(id); err != nil && !unknownChannel(err) {
				return channelsFailed("delete the game's private threads", err, "Manage Threads")
			}
		}
	case mode == engine.ChannelsArchive:
		for _, p := range g.Players {
			id := g.Channels.Players[p.Actor.ID]
			if id == "" {
				continue
			}
			err := s.ChannelPermissionSet(id, p.Actor.ID, discordgo.PermissionOverwriteTypeMember,
				discordgo.PermissionViewChannel|discordgo.PermissionReadMessageHistory,
				discordgo.PermissionSendMessages|discordgo.PermissionAttachFiles)
			if err != nil && !unknownChannel(err) {
				return channelsFailed("lock "+p.Actor.Name+"'s channel", err, "Manage Roles")
			}
		}
		if id := g.Channels.Umpire; id != "" {
			if note := d.lockUmpireChannel(id, g); note != "" {
				return note
			}
		}
	default:
		for _, id := range append(ids, g.Channels.Category) {
			if _, err := s.ChannelDelete(id); err != nil && !unknownChannel(err) {
				return channelsFailed("delete the game's channels", err, "Manage Channels")
			}
		}
	}
	if err := d.router.closeChannels(ctx, req, mode); err != nil {
		d.log.Error("discord: recording the closed channels", "channel", req.ChannelID, "err", err)
	}
	if mode == engine.ChannelsDelete {
		return "🗑️ The game's private channels are deleted."
	}
	return "🗄️ The game's private channels are archived: their commanders can read them but no longer write."
}

// channelsFailed explains a Discord refusal; a missing permission (code
// 50013) names the permissions the bot needs.
func channelsFailed(what string, err error, perms ...string) string {
	var rest *discordgo.RESTError
	if errors.As(err, &rest) && rest.Message != nil && rest.Message.Code == discordgo.ErrCodeMissingPermissions {
		return fmt.Sprintf("⚠️ I could not %s: the bot lacks the **%s** permission. A server admin can grant it to the bot's role (Server Settings → Roles); until then the game goes on here with private replies.",
			what, strings.Join(perms, "** and **"))
	}
	return fmt.Sprintf("⚠️ I could not %s: Discord answered %v. The game goes on here with private replies.", what, err)
}

func unknownChannel(err error) bool {
	var rest *discordgo.RESTError
	return errors.As(err, &rest) && rest.Message != nil && rest.Message.Code == discordgo.ErrCodeUnknownChannel
}

// categoryName names a game's category after its scenario and table.
func categoryName(g engine.GameState, req Request) string {
	tail := req.ChannelID
	if len(tail) > 4 {
		tail = tail[len(tail)-4:]
	}
	return fmt.Sprintf("%s %s", g.Options.Scenario, tail)
}

// channelName is a commander's channel name: Discord's lower-case,
// dash-separated form of "<side>-<name>".
func channelName(p engine.Player) string {
	var b strings.Builder
	dash := false
	for _, c := range strings.ToLower(string(p.Side) + "-" + p.Actor.Name) {
		if unicode.IsLetter(c) || unicode.IsDigit(c) {
			b.WriteRune(c)
			dash = false
		} else if !dash && b.Len() > 0 {
			b.WriteByte('-')
			dash = true
		}
	}
	name := strings.TrimRight(b.String(), "-")
	if r := []rune(name); len(r) > 90 {
		name = string(r[:90])
	}
	return name
}

// channelGameSubcommands is /game channels: the umpire makes the game's
// channels again after Discord refused them (a missing permission), or
// archives or deletes them before the game ends.
func channelGameSubcommands() []*Command {
	return []*Command{{
		Name:        "channels",
		Description: "The game's private channels: make them again, or close them (umpire; Discord only)",
		Ephemeral:   true,
		Options: []OptionSpec{
			{Name: "close", Description: "archive (read-only) or delete", Type: String, MaxLength: 7, Placeholder: "archive|delete"},
		},
		Handle: handleGameChannels,
	}}
}

// handleGameChannels checks the request and tells the umpire where the
// channels stand; the Discord adapter then makes or closes them
// (afterHandle). The console has none.
func handleGameChannels(ctx context.Context, r *Router, req Request) (Reply, error) {
	g, err := r.gameHere(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	if !g.IsUmpire(r.channelActor(req)) {
		return Reply{}, &engine.RuleError{Kind: engine.ErrIllegal, Code: "channels.umpire", What: "Only the umpire manages the game's channels", Hint: "Ask " + g.Umpire.Name}
	}
	if !g.Started {
		return Reply{}, &engine.RuleError{Kind: engine.ErrIllegal, Code: "channels.not_started", What: "The game's channels are made when it starts", Hint: "/game start"}
	}
	var o struct {
		Close string `opt:"close,raw"` // archive or delete (closeMode)
	}
	if err := decodeOptions(req, &o); err != nil {
		return Reply{}, err
	}
	c := g.Channels
	if o.Close != "" {
		mode, err := closeMode(o.Close)
		if err != nil {
			return Reply{}, err
		}
		if c.Category == "" || c.Closed == engine.ChannelsDelete || c.Closed == mode {
			return Reply{}, &engine.RuleError{Kind: engine.ErrIllegal, Code: "channels.none", What: "The game has no open channels to " + mode, Hint: "/game channels without close makes them"}
		}
		return ephemeralText(fmt.Sprintf("The game's private channels: to %s.", mode)), nil
	}
	if g.Ended != nil {
		return Reply{}, &engine.RuleError{Kind: engine.ErrIllegal, Code: "game.ended", What: "The game has ended", Hint: "/game channels close:archive or close:delete closes its channels"}
	}
	if c.Category != "" && c.Closed == "" && c.Umpire == "" && (!c.Threads || g.Player(g.Umpire.ID) == nil) {
		// Channels made before the umpire's existed (issue 19): add it.
		return ephemeralText("The game's private channels exist; adding the umpire's private channel (on Discord; the console has none)."), nil
	}
	if c.Category != "" && c.Closed == "" {
		var ls []string
		for _, p := range g.Players {
			ls = append(ls, fmt.Sprintf("%s <#%s>", p.Actor.Name, c.Players[p.Actor.ID]))
		}
		return Reply{}, &engine.RuleError{Kind: engine.ErrIllegal, Code: "channels.exist", What: "The game already has its private channels: " + strings.Join(ls, ", "),
			Hint: "/game channels close:archive or close:delete closes them"}
	}
	return ephemeralText("The game's private channels: making them (on Discord; the console has none)."), nil
}

// lockUmpireChannel makes the umpire's channel read-only for those who
// read it (the creator, the umpire role); "" on success.
func (d *Discord) lockUmpireChannel(id string, g engine.GameState) string {
	lock := func(target string, typ discordgo.PermissionOverwriteType) string {
		err := d.session.ChannelPermissionSet(id, target, typ,
			discordgo.PermissionViewChannel|discordgo.PermissionReadMessageHistory,
			discordgo.PermissionSendMessages|discordgo.PermissionAttachFiles)
		if err != nil && !unknownChannel(err) {
			return channelsFailed("lock the umpire's channel", err, "Manage Roles")
		}
		return ""
	}
	if g.Player(g.Umpire.ID) == nil {
		if note := lock(g.Umpire.ID, discordgo.PermissionOverwriteTypeMember); note != "" {
			return note
		}
	}
	if role := d.router.umpireRole; role != "" {
		return lock(role, discordgo.PermissionOverwriteTypeRole)
	}
	return ""
}

// commanderWelcome is the first message of a commander's private channel.
// It pings him, and him only: he must learn that his channel exists
// (docs/discord-rest.md, mentions).
func commanderWelcome(userID, channel, table string) Output {
	return Output{Audience: Audience{Kind: AudienceChannel, Channel: channel, UserID: userID}, Events: []EventView{},
		Ping: []string{userID},
		Text: fmt.Sprintf("🔒 <@%s>, this is your private channel for the game in <#%s>: only you and the bot see it.", userID, table)}
}

// addUmpireChannel gives a game whose channels were made before the
// umpire's channel existed (issue 19) that channel: in its category, or a
// private thread for its creator where the game has threads. It records
// it and returns the table's note and the channel's welcome.
func (d *Discord) addUmpireChannel(ctx context.Context, req Request) (string, []Output) {
	g, err := d.router.game(ctx, req)
	c := g.Channels
	if err != nil || c.Category == "" || c.Closed != "" || c.Umpire != "" {
		return "", nil
	}
	s := d.session
	var id string
	if c.Threads {
		if g.Player(g.Umpire.ID) != nil {
			return "", nil
		}
		th, err := s.ThreadStartComplex(req.ChannelID, &discordgo.ThreadStart{Name: "umpire", Type: discordgo.ChannelTypeGuildPrivateThread, AutoArchiveDuration: 10080})
		if err != nil {
			return channelsFailed("start the umpire's private thread", err, "Create Private Threads"), nil
		}
		if err := s.ThreadMemberAdd(th.ID, g.Umpire.ID); err != nil {
			d.removeHalfMade(th.ID)
			return channelsFailed("add the umpire to his private thread", err, "Send Messages in Threads"), nil
		}
		id = th.ID
	} else {
		ch, err := s.GuildChannelCreateComplex(req.GuildID, discordgo.GuildChannelCreateData{
			Name:                 "umpire",
			Type:                 discordgo.ChannelTypeGuildText,
			Topic:                fmt.Sprintf("The umpire's private channel for the game in #%s: no player sees it", req.ChannelID),
			ParentID:             c.Category,
			PermissionOverwrites: umpireOverwrites(req.GuildID, g, d.router.umpireRole, d.botID()),
		})
		if err != nil {
			return channelsFailed("create the umpire's private channel", err, "Manage Channels", "Manage Roles"), nil
		}
		id = ch.ID
	}
	if err := d.router.recordChannels(ctx, req, c.Category, c.Players, c.Threads, id); err != nil {
		d.log.Error("discord: recording the umpire's channel", "channel", req.ChannelID, "err", err)
		d.removeHalfMade(id)
		return "⚠️ The umpire's private channel could not be recorded, so it was removed; the umpire reads /unit log.", nil
	}
	return "📁 The umpire has a private channel now: the changes players make to their own units that the rules cannot check are posted there.",
		[]Output{umpireWelcome(g, id, req.ChannelID)}
}

// removeHalfMade deletes a channel or thread made for a step that failed.
func (d *Discord) removeHalfMade(id string) {
	if _, err := d.session.ChannelDelete(id); err != nil {
		d.log.Warn("discord: removing a half-made game channel", "channel", id, "err", err)
	}
}

// umpireWelcome is the first message of the umpire's private channel.
func umpireWelcome(g engine.GameState, channel, table string) Output {
	return Output{Audience: Audience{Kind: AudienceChannel, Channel: channel, UserID: g.Umpire.ID}, Events: []EventView{},
		Text: fmt.Sprintf("🔒 The umpire's private channel for the game in <#%s>: no player sees it. The changes players make to their own units that the rules cannot check are posted here; /unit log lists them.", table)}
}
