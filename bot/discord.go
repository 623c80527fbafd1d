package bot

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	neturl "net/url"
	"strconv"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"

	"github.com/umpire-games/umpire/engine"
)

// Discord serves the router's commands to a Discord session.
type Discord struct {
	session    *discordgo.Session
	router     *Router
	guildID    string
	deferAfter time.Duration
	log        *slog.Logger

	fetch    func(ctx context.Context, url string) ([]byte, error)
	ctx      context.Context // handlers' context; cancelled by Run's end
	inflight sync.WaitGroup

	clocks    liveClocks       // clock.go: the live clock messages (LRTG 22)
	clockTick <-chan time.Time // clock.go: refreshes them (nil: every clockTickEvery)
	backoff   backoff          // discord_retry.go: REST retries on 5xx

	noRegister bool
}

// DiscordOptions configures the Discord adapter.
type DiscordOptions struct {
	// GuildID, when set, registers the commands to that guild only (they
	// appear at once); otherwise they are registered globally.
	GuildID string
	// DeferAfter is how long a handler may run before the adapter defers
	// the response (Discord allows 3 s for the first response). Default 2 s.
	DeferAfter time.Duration
	Logger     *slog.Logger
	// Fetch downloads an attachment (default: an HTTPS GET from Discord's
	// attachment hosts only, at most 256 KiB). Tests replace it.
	Fetch func(ctx context.Context, url string) ([]byte, error)
	// ClockTick refreshes the live clock messages (clock.go); default a
	// ticker of clockTickEvery. Tests drive their own.
	ClockTick <-chan time.Time
	// RESTBackoff is the pause before the first retry of a REST call that
	// failed with a 5xx (discord_retry.go); it doubles, with jitter, up to
	// 2 s. Default 250 ms; tests make it small.
	RESTBackoff time.Duration
	// NoRegister leaves the commands as they are: with several shards,
	// only the session of shard 0 registers them (shards.go).
	NoRegister bool
}

// NewDiscord returns an adapter for s; it only needs the Guilds intent.
func NewDiscord(s *discordgo.Session, r *Router, o DiscordOptions) *Discord {
	if o.DeferAfter <= 0 {
		o.DeferAfter = 2 * time.Second
	}
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	s.Identify.Intents = discordgo.IntentsGuilds
	if o.Fetch == nil {
		o.Fetch = fetchAttachment(s.Client)
	}
	return &Discord{session: s, router: r, guildID: o.GuildID, deferAfter: o.DeferAfter, log: o.Logger, fetch: o.Fetch, clockTick: o.ClockTick, backoff: newBackoff(o.RESTBackoff), noRegister: o.NoRegister}
}

// fetchAttachment downloads from Discord's attachment hosts, nowhere else.
func fetchAttachment(c *http.Client) func(ctx context.Context, url string) ([]byte, error) {
	return func(ctx context.Context, raw string) ([]byte, error) {
		u, err := neturl.Parse(raw)
		if err != nil || u.Scheme != "https" || (u.Host != "cdn.discordapp.com" && u.Host != "media.discordapp.net") {
			return nil, fmt.Errorf("attachment URL %q is not on Discord's attachment hosts", raw)
		}
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, raw, nil)
		if err != nil {
			return nil, err
		}
		resp, err := c.Do(req)
		if err != nil {
			return nil, err
		}
		defer resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			return nil, fmt.Errorf("attachment: %s", resp.Status)
		}
		b, err := io.ReadAll(io.LimitReader(resp.Body, maxAttachment+1))
		if err != nil {
			return nil, err
		}
		if len(b) > maxAttachment {
			return nil, fmt.Errorf("attachment larger than %d KiB", maxAttachment>>10)
		}
		return b, nil
	}
}

// Run connects, registers the commands, and serves interactions until ctx
// is done; then it lets handlers in flight finish (up to 10 s) and closes
// the connection.
func (d *Discord) Run(ctx context.Context) error {
	hctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	defer cancel()
	d.ctx = hctx
	remove := d.session.AddHandler(d.onInteraction)
	defer remove()
	if err := d.session.Open(); err != nil {
		var ce *websocket.CloseError
		if errors.As(err, &ce) && ce.Code == 4004 {
			return fmt.Errorf("discord: connect: Discord refused the token: check DISCORD_TOKEN (the token from the Bot page of your application in the Developer Portal): %w", err)
		}
		return fmt.Errorf("discord: connect: %w", err)
	}
	if !d.noRegister {
		if err := d.Register(); err != nil {
			d.close()
			return err
		}
	}
	d.log.Info("serving Discord interactions", "user", d.session.State.User.Username, "guild", d.guildID)
	d.startClocks(hctx) // clock.go: the live clock messages
	<-ctx.Done()
	d.log.Info("shutting down: waiting for handlers in flight")
	done := make(chan struct{})
	go func() { d.inflight.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		d.log.Warn("handlers still running at shutdown")
	}
	d.close()
	return nil
}

func (d *Discord) close() {
	d.session.ShouldReconnectOnError = false
	if err := d.session.Close(); err != nil {
		d.log.Warn("discord: close", "err", err)
	}
}

// Register overwrites the application's commands with the router's: in the
// configured guild, or globally.
func (d *Discord) Register() error {
	appID := ""
	if d.session.State != nil {
		if a := d.session.State.Ready.Application; a != nil {
			appID = a.ID
		}
		if appID == "" && d.session.State.User != nil {
			appID = d.session.State.User.ID
		}
	}
	if appID == "" {
		return errors.New("discord: register commands: no application id (not connected?)")
	}
	var cmds []*discordgo.ApplicationCommand
	err := d.retry(d.ctx, "register commands", restIdempotent, func(ctx context.Context) (err error) {
		cmds, err = d.session.ApplicationCommandBulkOverwrite(appID, d.guildID, d.router.ApplicationCommands(), discordgo.WithContext(ctx))
		return err
	})
	if err != nil {
		where := "globally"
		if d.guildID != "" {
			where = "in guild " + d.guildID
		}
		return fmt.Errorf("discord: register commands %s: %w", where, err)
	}
	d.log.Info("registered commands", "count", len(cmds), "guild", d.guildID)
	return nil
}

func (d *Discord) onInteraction(s *discordgo.Session, ic *discordgo.InteractionCreate) {
	if ic.Type == discordgo.InteractionApplicationCommandAutocomplete {
		d.autocomplete(ic.Interaction)
		return
	}
	switch ic.Type { // buttons and forms: components.go
	case discordgo.InteractionMessageComponent:
		d.onComponent(ic.Interaction)
		return
	case discordgo.InteractionModalSubmit:
		d.onModalSubmit(ic.Interaction)
		return
	}
	if ic.Type != discordgo.InteractionApplicationCommand {
		d.log.Info("interaction ignored", "id", ic.ID, "type", ic.Type.String())
		return
	}
	d.inflight.Add(1)
	defer d.inflight.Done()
	req := RequestFromInteraction(ic.Interaction)
	ctx := d.ctx
	if ctx == nil {
		ctx = context.Background()
	}
	if d.openDispatchForm(ic.Interaction, req) { // components.go
		return
	}
	eph, deferNow := false, false
	if c, err := d.router.resolve(req); err == nil {
		eph, deferNow = c.Ephemeral, c.Defer
	}
	done := make(chan Reply, 1)
	go func() {
		if err := d.attachments(ctx, ic.Interaction, &req); err != nil {
			d.log.Warn("discord: attachment", "id", ic.ID, "err", err)
			done <- errorReply(&engine.RuleError{Kind: engine.ErrInvalid, Code: "attachment", What: "The attached file could not be read: " + err.Error(), Hint: "Attach a text file of at most 256 KiB"})
			return
		}
		req := req
		from := d.router.linkRequest(ctx, &req)                                         // a commander's private channel (links.go), after the deferral timer starts
		rep := shapeForOrigin(d.afterHandle(ctx, req, d.router.Handle(ctx, req)), from) // channels.go: a game's channels
		// clock.go: the live clock message, before the answer, so that
		// each command's refresh reads the game it left (a refresh after
		// the answer could run after the next command and draw an older
		// clock).
		d.clockAfter(ctx, req)
		done <- rep
	}()

	wait := d.deferAfter
	if deferNow {
		wait = 0
	}
	timer := time.NewTimer(wait)
	defer timer.Stop()
	var rep Reply
	select {
	case rep = <-done:
		d.respond(ic.Interaction, rep)
	case <-timer.C:
		// Acknowledge before Discord's 3-second limit, then edit.
		var flags discordgo.MessageFlags
		if eph {
			flags = discordgo.MessageFlagsEphemeral
		}
		err := d.retry(ctx, "defer", restCallback, func(ctx context.Context) error {
			return s.InteractionRespond(ic.Interaction, &discordgo.InteractionResponse{
				Type: discordgo.InteractionResponseDeferredChannelMessageWithSource,
				Data: &discordgo.InteractionResponseData{Flags: flags},
			}, discordgo.WithContext(ctx))
		})
		if err != nil {
			d.log.Error("discord: defer", "id", ic.ID, "command", req.Command, "err", err)
		}
		rep = <-done
		d.followUp(ic.Interaction, rep, eph)
	}
	d.post(ic.Interaction, rep)
}

// post sends the outputs after the first: posts to channels, and the
// actor's own secret outputs (the umpire's record of a step) as ephemeral
// follow-ups of the interaction. An ephemeral output for someone other
// than the actor cannot exist on Discord; the router never makes one.
func (d *Discord) post(i *discordgo.Interaction, rep Reply) {
	if rep.Duplicate || len(rep.Outputs) < 2 {
		return
	}
	actor := ""
	if i.Member != nil && i.Member.User != nil {
		actor = i.Member.User.ID
	} else if i.User != nil {
		actor = i.User.ID
	}
	for _, whole := range rep.Outputs[1:] {
		for _, o := range outputParts(whole) { // discord_split.go: a long output in parts, in order
			d.postOne(i, o, actor)
		}
	}
}

// postOne sends one message of post's.
func (d *Discord) postOne(i *discordgo.Interaction, o Output, actor string) {
	switch {
	case o.Audience.Kind == AudienceEphemeral && (o.Audience.UserID == "" || o.Audience.UserID == actor):
		if err := d.retry(d.ctx, "ephemeral follow-up", restCreate, func(ctx context.Context) error {
			_, err := d.session.FollowupMessageCreate(i, true, followupParams(o, true), discordgo.WithContext(ctx))
			return err
		}); err != nil {
			d.log.Error("discord: ephemeral follow-up", "id", i.ID, "err", err)
		}
	case o.Audience.Kind == AudienceChannel || o.Audience.Kind == AudiencePublic:
		if err := d.retry(d.ctx, "post", restCreate, func(ctx context.Context) error {
			_, err := d.session.ChannelMessageSendComplex(o.Audience.Channel, channelMessage(o, true), discordgo.WithContext(ctx))
			return err
		}); err != nil {
			d.log.Error("discord: post", "channel", o.Audience.Channel, "err", err)
		}
	default:
		d.log.Error("discord: output with no one to send it to", "audience", o.Audience.Kind, "user", o.Audience.UserID)
	}
}

// autocomplete answers the option being typed with at most 25 choices.
func (d *Discord) autocomplete(i *discordgo.Interaction) {
	req := RequestFromInteraction(i)
	d.router.linkRequest(context.Background(), &req) // a commander's private channel: links.go
	option, typed := focusedOption(i.ApplicationCommandData().Options)
	var choices []*discordgo.ApplicationCommandOptionChoice
	for _, m := range d.router.Autocomplete(req, option, typed) {
		if len(choices) == 25 {
			break
		}
		label := m.Label
		if r := []rune(label); len(r) > 100 {
			label = string(r[:99]) + "…"
		}
		choices = append(choices, &discordgo.ApplicationCommandOptionChoice{Name: label, Value: m.Value})
	}
	err := d.session.InteractionRespond(i, &discordgo.InteractionResponse{
		Type: discordgo.InteractionApplicationCommandAutocompleteResult,
		Data: &discordgo.InteractionResponseData{Choices: choices},
	})
	if err != nil {
		d.log.Error("discord: autocomplete", "id", i.ID, "err", err)
	}
}

func focusedOption(opts []*discordgo.ApplicationCommandInteractionDataOption) (string, string) {
	for _, o := range opts {
		if o.Focused {
			return o.Name, optionString(o)
		}
		if n, v := focusedOption(o.Options); n != "" {
			return n, v
		}
	}
	return "", ""
}

// discordFiles returns an output's files as discordgo sends them.
func discordFiles(o Output) []*discordgo.File {
	var out []*discordgo.File
	for _, f := range o.Files {
		out = append(out, &discordgo.File{Name: f.Name, ContentType: f.ContentType, Reader: bytes.NewReader(f.Data)})
	}
	return out
}

// messageData is the Discord form of an output: its text, or its embed.
func messageData(o Output) (string, []*discordgo.MessageEmbed) {
	if o.Embed == nil {
		return clip(o.Text), nil
	}
	e := &discordgo.MessageEmbed{Title: o.Embed.Title, Description: o.Embed.Description}
	for _, f := range o.Embed.Fields {
		e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: f.Name, Value: clipN(f.Value, 1024)})
	}
	if o.Embed.Footer != "" {
		e.Footer = &discordgo.MessageEmbedFooter{Text: clipN(o.Embed.Footer, 2048)}
	}
	return "", []*discordgo.MessageEmbed{e}
}

func (d *Discord) respond(i *discordgo.Interaction, rep Reply) {
	parts := outputParts(rep.first()) // discord_split.go: the rest follow the answer
	first := parts[0]
	err := d.retry(d.ctx, "respond", restCallback, func(ctx context.Context) error {
		return d.session.InteractionRespond(i, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: responseData(first),
		}, discordgo.WithContext(ctx))
	})
	var rest *discordgo.RESTError
	switch {
	case err == nil:
		d.followParts(i, parts[1:], first.Audience.Kind == AudienceEphemeral)
	case rep.Duplicate && errors.As(err, &rest) && rest.Message != nil && rest.Message.Code == discordgo.ErrCodeInteractionHasAlreadyBeenAcknowledged:
		// A second delivery of an interaction answered before: expected.
		d.log.Info("discord: repeated interaction was already answered", "id", i.ID)
	default:
		d.log.Error("discord: respond", "id", i.ID, "err", err)
	}
}

// followUp completes a deferred response. A secret answer after a public
// deferral must not land in the public message: it is deleted and the
// answer sent as an ephemeral follow-up.
func (d *Discord) followUp(i *discordgo.Interaction, rep Reply, deferredEphemeral bool) {
	parts := outputParts(rep.first()) // discord_split.go: the rest follow the answer
	first := parts[0]
	if rep.Ephemeral() && !deferredEphemeral {
		if err := d.retry(d.ctx, "delete deferred", restIdempotent, func(ctx context.Context) error {
			return d.session.InteractionResponseDelete(i, discordgo.WithContext(ctx))
		}); err != nil {
			d.log.Error("discord: delete deferred", "id", i.ID, "err", err)
		}
		if err := d.retry(d.ctx, "follow-up", restCreate, func(ctx context.Context) error {
			_, err := d.session.FollowupMessageCreate(i, true, followupParams(first, true), discordgo.WithContext(ctx))
			return err
		}); err != nil {
			d.log.Error("discord: follow-up", "id", i.ID, "err", err)
			return
		}
		d.followParts(i, parts[1:], true)
		return
	}
	if err := d.retry(d.ctx, "edit deferred", restIdempotent, func(ctx context.Context) error {
		_, err := d.session.InteractionResponseEdit(i, deferredEdit(first), discordgo.WithContext(ctx))
		return err
	}); err != nil {
		d.log.Error("discord: edit deferred", "id", i.ID, "err", err)
		return
	}
	d.followParts(i, parts[1:], deferredEphemeral)
}

// followParts sends the parts of an answer after its first, in order, as
// follow-ups of the interaction: ephemeral when the answer is.
func (d *Discord) followParts(i *discordgo.Interaction, parts []Output, ephemeral bool) {
	for n, o := range parts {
		if err := d.retry(d.ctx, "continuation", restCreate, func(ctx context.Context) error {
			_, err := d.session.FollowupMessageCreate(i, true, continuationParams(o, ephemeral), discordgo.WithContext(ctx))
			return err
		}); err != nil {
			d.log.Error("discord: continuation", "id", i.ID, "part", n+2, "err", err)
			return // the parts after a lost one would read out of order
		}
	}
}

func (r Reply) first() Output {
	if len(r.Outputs) == 0 {
		return Output{Audience: Audience{Kind: AudienceEphemeral}, Text: "Done."}
	}
	return r.Outputs[0]
}

func flagsFor(o Output) discordgo.MessageFlags {
	if o.Audience.Kind == AudienceEphemeral {
		return discordgo.MessageFlagsEphemeral
	}
	return 0
}

// clip keeps a message within Discord's 2,000 characters: only for a
// message that must stay one (the live clock, edited in place); answers
// and posts are split instead (discord_split.go), and clip never cuts them.
func clip(s string) string { return clipN(s, 2000) }

func clipN(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-10]) + " […]"
}

// RequestFromInteraction decodes a slash-command interaction.
func RequestFromInteraction(i *discordgo.Interaction) Request {
	data := i.ApplicationCommandData()
	req := componentRequest(i, data.Name) // who and where (components.go)
	opts := data.Options
	for len(opts) == 1 && (opts[0].Type == discordgo.ApplicationCommandOptionSubCommand || opts[0].Type == discordgo.ApplicationCommandOptionSubCommandGroup) {
		req.Path = append(req.Path, opts[0].Name)
		opts = opts[0].Options
	}
	for _, o := range opts {
		req.Options[o.Name] = optionString(o)
	}
	return req
}

// attachments fetches the files attached to the command's options.
func (d *Discord) attachments(ctx context.Context, i *discordgo.Interaction, req *Request) error {
	data := i.ApplicationCommandData()
	if data.Resolved == nil || len(data.Resolved.Attachments) == 0 {
		return nil
	}
	var walk func([]*discordgo.ApplicationCommandInteractionDataOption) error
	walk = func(opts []*discordgo.ApplicationCommandInteractionDataOption) error {
		for _, o := range opts {
			if err := walk(o.Options); err != nil {
				return err
			}
			if o.Type != discordgo.ApplicationCommandOptionAttachment {
				continue
			}
			a := data.Resolved.Attachments[optionString(o)]
			if a == nil {
				return fmt.Errorf("attachment %s not in the interaction", optionString(o))
			}
			if a.Size > maxAttachment {
				return fmt.Errorf("%s is %d KiB, more than %d KiB", a.Filename, a.Size>>10, maxAttachment>>10)
			}
			b, err := d.fetch(ctx, a.URL)
			if err != nil {
				return err
			}
			if req.Attachments == nil {
				req.Attachments = map[string][]byte{}
			}
			req.Attachments[o.Name] = b
		}
		return nil
	}
	return walk(data.Options)
}

func interactionUser(i *discordgo.Interaction) *discordgo.User {
	if i.Member != nil && i.Member.User != nil {
		return i.Member.User
	}
	return i.User
}

func optionString(o *discordgo.ApplicationCommandInteractionDataOption) string {
	switch v := o.Value.(type) {
	case string:
		return v
	case float64:
		return strconv.FormatFloat(v, 'f', -1, 64)
	case bool:
		return strconv.FormatBool(v)
	case nil:
		return ""
	}
	return fmt.Sprint(o.Value)
}

// Post sends a message the deadline scheduler made (schedule.go) to its
// channel: the table, or a commander's private channel.
func (d *Discord) Post(ctx context.Context, o Output) error { return d.postTo(ctx, o, "") }

// PostOnce is Post with a nonce that Discord enforces: a second message
// with the same nonce in the channel, within Discord's window of a few
// minutes, is not created again (the scheduler's outbox, schedule.go).
func (d *Discord) PostOnce(ctx context.Context, o Output, nonce string) error {
	return d.postTo(ctx, o, nonce)
}

// postTo posts o to its channel, with an enforced nonce (sendOnce) unless
// nonce is "" or o has files (never the scheduler's).
func (d *Discord) postTo(ctx context.Context, o Output, nonce string) error {
	if o.Audience.Channel == "" || o.Audience.Kind != AudiencePublic && o.Audience.Kind != AudienceChannel {
		return fmt.Errorf("discord: post: a %s output has no channel", o.Audience.Kind)
	}
	parts := outputParts(o) // discord_split.go: a long message as consecutive posts
	for n, o := range parts {
		var err error
		if nonce == "" || len(o.Files) > 0 {
			err = d.retry(ctx, "post", restCreate, func(ctx context.Context) error {
				_, err := d.session.ChannelMessageSendComplex(o.Audience.Channel, channelMessage(o, false), discordgo.WithContext(ctx))
				return err
			})
		} else {
			err = d.sendOnce(ctx, o, partNonce(nonce, n)) // discord_message.go
		}
		if err != nil {
			if len(parts) > 1 {
				return fmt.Errorf("discord: post to %s (part %d of %d): %w", o.Audience.Channel, n+1, len(parts), err)
			}
			return fmt.Errorf("discord: post to %s: %w", o.Audience.Channel, err)
		}
	}
	return nil
}

// Ready reports whether the session is connected: the scheduler fires
// nothing it could not post.
func (d *Discord) Ready() bool {
	d.session.RLock()
	defer d.session.RUnlock()
	return d.session.DataReady
}
