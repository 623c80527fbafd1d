package discordtest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"reflect"
	"time"

	"github.com/bwmarrin/discordgo"
)

// SlashCommand describes an application (slash) command invocation for
// [Server.SlashCommand]. Only Name is required.
type SlashCommand struct {
	// Name is the command's name.
	Name string
	// CommandID is the command's id. Default: the id of the registered
	// command of that name (guild commands first, then global ones), or a
	// fresh id.
	CommandID string
	// GuildID is the guild the command was used in; "" means a DM with the
	// bot, and the interaction then carries User instead of Member.
	GuildID string
	// ChannelID defaults to DefaultChannelID in a guild and to the user's DM
	// channel (see [Server.DMChannel]) in a DM.
	ChannelID string
	// UserID and Username identify the invoking user. Defaults:
	// DefaultUserID, DefaultUsername.
	UserID, Username string
	// Roles are the member's role ids (guild only).
	Roles []string
	// Subcommand, if set, is the subcommand used; Options are then its
	// options. SubcommandGroup, if also set, is the group containing it.
	Subcommand      string
	SubcommandGroup string
	// Options are the options the user filled in, in order.
	Options []Option
	// Locale is the user's locale. Default: "en-US".
	Locale discordgo.Locale
}

// Option is one option value of a [SlashCommand].
type Option struct {
	// Name is the option's name.
	Name string
	// Value is a string, a bool, an integer type (sent as an integer
	// option) or a float type (a number option). For user, channel, role
	// and mentionable options set Type and pass the id as a string.
	Value any
	// Type overrides the option type inferred from Value.
	Type discordgo.ApplicationCommandOptionType
}

// Component describes a click on a message component (button or select
// menu) for [Server.ComponentInteraction].
type Component struct {
	// CustomID is the component's custom id.
	CustomID string
	// Type is the component type. Default: discordgo.ButtonComponent.
	Type discordgo.ComponentType
	// Values are the selected values of a select menu.
	Values []string
	// MessageID is the message carrying the component. If the fake created
	// that message, the interaction carries it in full and its channel.
	MessageID string
	// GuildID, ChannelID, UserID, Username, Roles and Locale are as in
	// [SlashCommand].
	GuildID, ChannelID, UserID, Username string
	Roles                                []string
	Locale                               discordgo.Locale
}

// interactionState is what the fake knows of an interaction it dispatched.
type interactionState struct {
	id, token  string
	typ        discordgo.InteractionType
	guildID    string
	channelID  string
	message    *discordgo.Message     // component interactions: the message clicked
	source     *discordgo.Interaction // the interaction as dispatched (components.go: SubmitModal)
	dispatched time.Time              // first dispatch
	acked      bool
	ackType    discordgo.InteractionResponseType
	originalID string   // the @original message, "" if none
	followups  []string // follow-up message ids
	edits      []*Edit
	fups       []*Followup
}

// invoker fills the guild/DM context of an interaction.
func (s *Server) invoker(i *discordgo.Interaction, guildID, channelID, userID, username string, roles []string, locale discordgo.Locale) {
	if userID == "" {
		userID = DefaultUserID
	}
	if username == "" {
		username = DefaultUsername
	}
	if locale == "" {
		locale = discordgo.EnglishUS
	}
	user := &discordgo.User{ID: userID, Username: username, Discriminator: "0"}
	i.Locale = locale
	i.AppPermissions = 0
	if guildID != "" {
		if channelID == "" {
			channelID = DefaultChannelID
		}
		if roles == nil {
			roles = []string{}
		}
		i.GuildID = guildID
		i.Member = &discordgo.Member{User: user, Roles: roles, JoinedAt: time.Unix(1600000000, 0).UTC()}
		gl := discordgo.EnglishUS
		i.GuildLocale = &gl
		i.Context = discordgo.InteractionContextGuild
	} else {
		if channelID == "" {
			channelID = s.DMChannel(userID)
		}
		i.User = user
		i.Context = discordgo.InteractionContextBotDM
	}
	i.ChannelID = channelID
}

// SlashCommand builds an application command interaction (type 2) with a
// fresh id and a random token, exactly as the bot will receive it (it went
// through JSON), ready for [Server.DispatchInteraction]. It panics on an
// option value of an unsupported type without an explicit Type.
func (s *Server) SlashCommand(c SlashCommand) *discordgo.Interaction {
	cmdID := c.CommandID
	if cmdID == "" {
		s.mu.Lock()
		for _, g := range []string{c.GuildID, ""} {
			if cmd := findCommand(s.commands[g], c.Name, discordgo.ChatApplicationCommand); cmd != nil && cmdID == "" {
				cmdID = cmd.ID
			}
		}
		s.mu.Unlock()
		if cmdID == "" {
			cmdID = s.newID()
		}
	}
	opts := make([]*discordgo.ApplicationCommandInteractionDataOption, 0, len(c.Options))
	for _, o := range c.Options {
		opts = append(opts, buildOption(o))
	}
	if c.Subcommand != "" {
		opts = []*discordgo.ApplicationCommandInteractionDataOption{{
			Name: c.Subcommand, Type: discordgo.ApplicationCommandOptionSubCommand, Options: opts,
		}}
		if c.SubcommandGroup != "" {
			opts = []*discordgo.ApplicationCommandInteractionDataOption{{
				Name: c.SubcommandGroup, Type: discordgo.ApplicationCommandOptionSubCommandGroup, Options: opts,
			}}
		}
	}
	i := &discordgo.Interaction{
		ID:      s.newID(),
		AppID:   s.opts.ApplicationID,
		Type:    discordgo.InteractionApplicationCommand,
		Token:   "aW50ZXJhY3Rpb246" + randomToken(32),
		Version: 1,
		Data: discordgo.ApplicationCommandInteractionData{
			ID:          cmdID,
			Name:        c.Name,
			CommandType: discordgo.ChatApplicationCommand,
			Options:     opts,
		},
	}
	s.invoker(i, c.GuildID, c.ChannelID, c.UserID, c.Username, c.Roles, c.Locale)
	return roundTrip(i)
}

// ComponentInteraction builds a message component interaction (type 3) with
// a fresh id and a random token, ready for [Server.DispatchInteraction].
func (s *Server) ComponentInteraction(c Component) *discordgo.Interaction {
	if c.Type == 0 {
		c.Type = discordgo.ButtonComponent
	}
	i := &discordgo.Interaction{
		ID:      s.newID(),
		AppID:   s.opts.ApplicationID,
		Type:    discordgo.InteractionMessageComponent,
		Token:   "aW50ZXJhY3Rpb246" + randomToken(32),
		Version: 1,
		Data: discordgo.MessageComponentInteractionData{
			CustomID:      c.CustomID,
			ComponentType: c.Type,
			Values:        c.Values,
		},
	}
	if c.MessageID != "" {
		m := s.Message(c.MessageID)
		if m == nil {
			m = &discordgo.Message{ID: c.MessageID, ChannelID: c.ChannelID, Author: s.botUser()}
		}
		if c.ChannelID == "" {
			c.ChannelID = m.ChannelID
		}
		i.Message = m
	}
	s.invoker(i, c.GuildID, c.ChannelID, c.UserID, c.Username, c.Roles, c.Locale)
	return roundTrip(i)
}

// roundTrip passes an interaction through JSON so that it is exactly what a
// client decodes (e.g. integer options become float64).
func roundTrip(i *discordgo.Interaction) *discordgo.Interaction {
	b, err := marshalInteraction(i)
	if err != nil {
		panic("discordtest: encoding interaction: " + err.Error())
	}
	var out discordgo.Interaction
	if err := json.Unmarshal(b, &out); err != nil {
		panic("discordtest: decoding interaction: " + err.Error())
	}
	return &out
}

// marshalInteraction encodes an interaction including its message's
// components (discordgo.Message leaves them out of its JSON).
func marshalInteraction(i *discordgo.Interaction) ([]byte, error) {
	if d, ok := i.Data.(discordgo.ModalSubmitInteractionData); ok {
		return marshalModalSubmit(i, d) // components.go
	}
	if i.Message == nil {
		return json.Marshal(i)
	}
	msg, err := messageJSON(i.Message)
	if err != nil {
		return nil, err
	}
	return json.Marshal(struct {
		*discordgo.Interaction
		Message json.RawMessage `json:"message"`
	}{i, msg})
}

func buildOption(o Option) *discordgo.ApplicationCommandInteractionDataOption {
	out := &discordgo.ApplicationCommandInteractionDataOption{Name: o.Name, Type: o.Type, Value: o.Value}
	if o.Type != 0 {
		return out
	}
	v := reflect.ValueOf(o.Value)
	switch v.Kind() {
	case reflect.String:
		out.Type = discordgo.ApplicationCommandOptionString
	case reflect.Bool:
		out.Type = discordgo.ApplicationCommandOptionBoolean
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		out.Type = discordgo.ApplicationCommandOptionInteger
	case reflect.Float32, reflect.Float64:
		out.Type = discordgo.ApplicationCommandOptionNumber
	default:
		panic(fmt.Sprintf("discordtest: option %q: cannot infer the type of %T; set Option.Type", o.Name, o.Value))
	}
	return out
}

// DispatchInteraction sends i to the client as an INTERACTION_CREATE
// dispatch and returns its sequence number. The fake remembers the
// interaction (by id and token) so it can accept its callback, edits and
// follow-ups; dispatching the same interaction again (Discord may deliver an
// interaction twice) keeps that state and the time of the first dispatch,
// from which the acknowledgement deadline runs.
func (s *Server) DispatchInteraction(i *discordgo.Interaction) (int64, error) {
	if i == nil || i.ID == "" || i.Token == "" {
		return 0, errors.New("discordtest: interaction needs an ID and a Token")
	}
	raw, err := marshalInteraction(i)
	if err != nil {
		return 0, fmt.Errorf("discordtest: encoding interaction: %w", err)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return 0, ErrClosed
	}
	sess := s.sessionForLocked(i.GuildID)
	if sess == nil {
		return 0, ErrNoSession
	}
	if i.Type == discordgo.InteractionApplicationCommand || i.Type == discordgo.InteractionApplicationCommandAutocomplete {
		if !s.offeredLocked(i.ApplicationCommandData().ID, i.Context) {
			return 0, ErrCommandContext
		}
	}
	if _, ok := s.interactions[i.ID]; !ok {
		st := &interactionState{
			id: i.ID, token: i.Token, typ: i.Type,
			guildID: i.GuildID, channelID: i.ChannelID,
			message: i.Message, dispatched: time.Now(), source: i,
		}
		s.interactions[i.ID] = st
		s.tokens[i.Token] = st
	}
	seq := s.dispatchLocked(sess, "INTERACTION_CREATE", json.RawMessage(raw))
	s.notifyLocked()
	s.logf("gateway: dispatch INTERACTION_CREATE %s seq %d", i.ID, seq)
	return seq, nil
}

// --- interaction callback ---

func (s *Server) handleCallback(w http.ResponseWriter, r *http.Request, rec *Request) {
	id, token := r.PathValue("id"), r.PathValue("token")
	resp, derr := decodeInteractionResponse(rec.JSON)
	now := time.Now()

	s.mu.Lock()
	cb := &Callback{Request: rec, InteractionID: id, Token: token, Response: resp}
	st := s.interactions[id]
	var e *apiError
	switch {
	case st == nil || st.token != token:
		e = newAPIError(http.StatusBadRequest, codeUnknownInteraction, "Unknown interaction")
	case st.acked:
		e = newAPIError(http.StatusBadRequest, codeAlreadyAcknowledged, "Interaction has already been acknowledged.")
	case s.opts.AckDeadline > 0 && now.Sub(st.dispatched) > s.opts.AckDeadline:
		e = newAPIError(http.StatusNotFound, codeUnknownInteraction, "Unknown interaction")
	case derr != nil:
		e = invalidJSON(derr)
	default:
		var content string
		if resp.Data != nil {
			content = resp.Data.Content
		}
		if e = s.messageMentions(rec, callbackData(rec.JSON), content); e == nil { // mentions.go
			e = s.acceptCallbackLocked(st, resp, rec)
		}
	}
	if e != nil {
		setError(rec, e)
	} else {
		rec.Status = http.StatusNoContent
		cb.Accepted = true
	}
	s.callbacks[id] = append(s.callbacks[id], cb)
	s.publishLocked(rec)
	s.mu.Unlock()

	if e != nil {
		s.replyError(w, rec, e)
		return
	}
	s.replyNoContent(w, rec)
}

// acceptCallbackLocked checks a callback for a known, unacknowledged
// interaction and, if valid, acknowledges it and creates or updates its
// message. s.mu must be held.
func (s *Server) acceptCallbackLocked(st *interactionState, resp *discordgo.InteractionResponse, rec *Request) *apiError {
	d := resp.Data
	if d == nil {
		d = &discordgo.InteractionResponseData{}
	}
	isComponent := st.typ == discordgo.InteractionMessageComponent || st.typ == discordgo.InteractionModalSubmit
	switch resp.Type {
	case discordgo.InteractionResponseChannelMessageWithSource:
		if e := checkMessage(d.Content, len(d.Embeds), len(d.Components), len(rec.Files), 0, d.Poll != nil); e != nil {
			return e
		}
		if e := checkComponents(d.Components); e != nil {
			return e
		}
		m := s.newMessageLocked(st.channelID, st.guildID, discordgo.MessageTypeChatInputCommand, d.Content, d.Embeds, d.Components, d.Flags, rec.Files)
		st.originalID = m.ID
	case discordgo.InteractionResponseDeferredChannelMessageWithSource:
		flags := discordgo.MessageFlagsLoading | (d.Flags & discordgo.MessageFlagsEphemeral)
		m := s.newMessageLocked(st.channelID, st.guildID, discordgo.MessageTypeChatInputCommand, "", nil, nil, flags, nil)
		st.originalID = m.ID
	case discordgo.InteractionResponseDeferredMessageUpdate, discordgo.InteractionResponseUpdateMessage:
		if !isComponent {
			return formError("type", "INTERACTION_RESPONSE_TYPE_INVALID", "Interaction response type is not valid for this interaction")
		}
		if e := checkComponents(d.Components); e != nil {
			return e
		}
		if st.message != nil {
			m := s.messages[st.message.ID]
			if m == nil {
				m = st.message
			}
			if resp.Type == discordgo.InteractionResponseUpdateMessage && resp.Data != nil {
				m = s.editMessage(m, &d.Content, &d.Embeds, &d.Components, nil, rec.Files)
			}
			s.messages[m.ID] = m
			st.originalID = m.ID
		}
	case discordgo.InteractionApplicationCommandAutocompleteResult:
		if st.typ != discordgo.InteractionApplicationCommandAutocomplete {
			return formError("type", "INTERACTION_RESPONSE_TYPE_INVALID", "Interaction response type is not valid for this interaction")
		}
	case discordgo.InteractionResponseModal:
		if st.typ == discordgo.InteractionModalSubmit {
			return formError("type", "INTERACTION_RESPONSE_TYPE_INVALID", "Interaction response type is not valid for this interaction")
		}
		if d.CustomID == "" || d.Title == "" {
			return formError("data", "BASE_TYPE_REQUIRED", "A modal needs a custom_id and a title")
		}
		if e := checkModal(d); e != nil {
			return e
		}
	default:
		return formError("type", "BASE_TYPE_CHOICES", fmt.Sprintf("Value must be one of {4, 5, 6, 7, 8, 9}, not %d.", resp.Type))
	}
	st.acked = true
	st.ackType = resp.Type
	return nil
}

// --- interaction webhook ---

// webhookStateLocked finds the interaction of a webhook route (nil if the
// token is unknown) and returns 404 Unknown Webhook unless it may be used:
// also before the interaction was acknowledged, when its webhook does not
// exist yet on Discord. s.mu must be held.
func (s *Server) webhookStateLocked(r *http.Request) (*interactionState, *apiError) {
	st := s.tokens[r.PathValue("token")]
	if r.PathValue("app") != s.opts.ApplicationID {
		st = nil
	}
	if st == nil || !st.acked {
		return st, newAPIError(http.StatusNotFound, codeUnknownWebhook, "Unknown Webhook")
	}
	return st, nil
}

// webhookMessageID resolves the message id of a webhook message route.
func webhookMessageID(st *interactionState, msgID string) (string, *apiError) {
	unknown := newAPIError(http.StatusNotFound, codeUnknownMessage, "Unknown Message")
	if msgID == "@original" {
		if st.originalID == "" {
			return "", unknown
		}
		return st.originalID, nil
	}
	if msgID == st.originalID {
		return msgID, nil
	}
	for _, f := range st.followups {
		if f == msgID {
			return msgID, nil
		}
	}
	return "", unknown
}

func (s *Server) handleFollowup(w http.ResponseWriter, r *http.Request, rec *Request) {
	data, derr := decodeWebhookParams(rec.JSON)
	wait := rec.Query.Get("wait") == "true"
	s.mu.Lock()
	f := &Followup{Request: rec, Token: r.PathValue("token"), Wait: wait, Data: data}
	st, e := s.webhookStateLocked(r)
	if st != nil {
		f.InteractionID = st.id
	}
	if e == nil {
		if derr != nil {
			e = invalidJSON(derr)
		} else {
			e = checkMessage(data.Content, len(data.Embeds), len(data.Components), len(rec.Files), 0, false)
		}
		if e == nil {
			e = checkComponents(data.Components)
		}
		if e == nil {
			e = s.messageMentions(rec, rec.JSON, data.Content) // mentions.go
		}
	}
	var body []byte
	if e == nil {
		f.Message = s.newMessageLocked(st.channelID, st.guildID, discordgo.MessageTypeChatInputCommand, data.Content, data.Embeds, data.Components, data.Flags, rec.Files)
		st.followups = append(st.followups, f.Message.ID)
		var err error
		if body, err = messageJSON(f.Message); err != nil {
			e = newAPIError(http.StatusInternalServerError, 0, err.Error())
		}
	}
	status := http.StatusNoContent
	if wait {
		status = http.StatusOK
	}
	if e != nil {
		setError(rec, e)
		f.Message = nil
	} else {
		rec.Status = status
	}
	if st != nil {
		st.fups = append(st.fups, f)
	}
	s.publishLocked(rec)
	s.mu.Unlock()
	switch {
	case e != nil:
		s.replyError(w, rec, e)
	case wait:
		s.replyJSON(w, rec, http.StatusOK, body)
	default:
		s.replyNoContent(w, rec)
	}
}

func (s *Server) handleWebhookMessageGet(w http.ResponseWriter, r *http.Request, rec *Request) {
	s.mu.Lock()
	var m *discordgo.Message
	st, e := s.webhookStateLocked(r)
	if e == nil {
		var id string
		if id, e = webhookMessageID(st, r.PathValue("msg")); e == nil {
			if m = s.messages[id]; m == nil {
				e = newAPIError(http.StatusNotFound, codeUnknownMessage, "Unknown Message")
			}
		}
	}
	s.mu.Unlock()
	if e != nil {
		s.replyError(w, rec, e)
		return
	}
	body, err := messageJSON(m)
	if err != nil {
		s.replyError(w, rec, newAPIError(http.StatusInternalServerError, 0, err.Error()))
		return
	}
	s.replyJSON(w, rec, http.StatusOK, body)
}

func (s *Server) handleWebhookMessageEdit(w http.ResponseWriter, r *http.Request, rec *Request) {
	data, derr := decodeWebhookEdit(rec.JSON)
	msgID := r.PathValue("msg")
	s.mu.Lock()
	ed := &Edit{Request: rec, Token: r.PathValue("token"), MessageID: msgID, Data: data}
	st, e := s.webhookStateLocked(r)
	var body []byte
	if st != nil {
		ed.InteractionID = st.id
	}
	if e == nil {
		var id string
		id, e = webhookMessageID(st, msgID)
		switch {
		case e != nil:
		case derr != nil:
			e = invalidJSON(derr)
		case s.messages[id] == nil:
			e = newAPIError(http.StatusNotFound, codeUnknownMessage, "Unknown Message")
		default:
			m := s.editMessage(s.messages[id], data.Content, data.Embeds, data.Components, data.Attachments, rec.Files)
			if e = checkEdited(m); e == nil {
				e = s.messageMentions(rec, rec.JSON, deref(data.Content)) // mentions.go
			}
			if e == nil {
				s.messages[id] = m
				ed.Message = m
				var err error
				if body, err = messageJSON(m); err != nil {
					e = newAPIError(http.StatusInternalServerError, 0, err.Error())
				}
			}
		}
	}
	if e != nil {
		setError(rec, e)
		ed.Message = nil
	} else {
		rec.Status = http.StatusOK
	}
	if st != nil {
		st.edits = append(st.edits, ed)
	}
	s.publishLocked(rec)
	s.mu.Unlock()
	if e != nil {
		s.replyError(w, rec, e)
		return
	}
	s.replyJSON(w, rec, http.StatusOK, body)
}

func (s *Server) handleWebhookMessageDelete(w http.ResponseWriter, r *http.Request, rec *Request) {
	s.mu.Lock()
	st, e := s.webhookStateLocked(r)
	if e == nil {
		var id string
		if id, e = webhookMessageID(st, r.PathValue("msg")); e == nil {
			if s.messages[id] == nil {
				e = newAPIError(http.StatusNotFound, codeUnknownMessage, "Unknown Message")
			} else {
				delete(s.messages, id)
			}
		}
	}
	s.mu.Unlock()
	if e != nil {
		s.replyError(w, rec, e)
		return
	}
	s.replyNoContent(w, rec)
}

// --- accessors ---

// Callbacks returns every callback received for an interaction id, accepted
// or refused, in order. A bot that never acknowledges twice has at most one.
func (s *Server) Callbacks(interactionID string) []*Callback {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]*Callback(nil), s.callbacks[interactionID]...)
}

// WaitCallback blocks until at least n callbacks were received for the
// interaction and returns them all.
func (s *Server) WaitCallback(ctx context.Context, interactionID string, n int) ([]*Callback, error) {
	return waitN(ctx, s, fmt.Sprintf("%d callbacks for interaction %s", n, interactionID), n, func() []*Callback { return s.Callbacks(interactionID) })
}

// Edits returns the edits of an interaction's messages (@original or
// follow-ups) through its webhook, accepted or refused, in order. Edits
// with a token the fake does not know are only in Requests.
func (s *Server) Edits(interactionID string) []*Edit {
	s.mu.Lock()
	defer s.mu.Unlock()
	if st := s.interactions[interactionID]; st != nil {
		return append([]*Edit(nil), st.edits...)
	}
	return nil
}

// WaitEdit blocks until at least n edits were received for the interaction
// and returns them all.
func (s *Server) WaitEdit(ctx context.Context, interactionID string, n int) ([]*Edit, error) {
	return waitN(ctx, s, fmt.Sprintf("%d edits for interaction %s", n, interactionID), n, func() []*Edit { return s.Edits(interactionID) })
}

// Followups returns the follow-up messages sent for an interaction,
// accepted or refused, in order.
func (s *Server) Followups(interactionID string) []*Followup {
	s.mu.Lock()
	defer s.mu.Unlock()
	if st := s.interactions[interactionID]; st != nil {
		return append([]*Followup(nil), st.fups...)
	}
	return nil
}

// WaitFollowup blocks until at least n follow-ups were received for the
// interaction and returns them all.
func (s *Server) WaitFollowup(ctx context.Context, interactionID string, n int) ([]*Followup, error) {
	return waitN(ctx, s, fmt.Sprintf("%d follow-ups for interaction %s", n, interactionID), n, func() []*Followup { return s.Followups(interactionID) })
}

// Original returns the current state of an interaction's original response
// message (after edits), or nil if it has none (not acknowledged with a
// message, or deleted).
func (s *Server) Original(interactionID string) *discordgo.Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	st := s.interactions[interactionID]
	if st == nil || st.originalID == "" {
		return nil
	}
	return s.messages[st.originalID]
}

// Acknowledged reports whether the interaction was acknowledged by an
// accepted callback, and with which response type.
func (s *Server) Acknowledged(interactionID string) (bool, discordgo.InteractionResponseType) {
	s.mu.Lock()
	defer s.mu.Unlock()
	st := s.interactions[interactionID]
	if st == nil {
		return false, 0
	}
	return st.acked, st.ackType
}
