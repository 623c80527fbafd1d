package discordtest

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"time"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"
)

// Message limits Discord enforces.
const (
	maxContent = 2000
	maxEmbeds  = 10
)

// routeFunc serves one built-in route.
type routeFunc func(w http.ResponseWriter, r *http.Request, rec *Request)

// route registers a built-in route. With auth, requests without the bot's
// "Bot <token>" authorization answer 401 as on Discord.
func (s *Server) route(pattern, name string, auth bool, fn routeFunc) {
	s.builtin.HandleFunc(pattern, func(w http.ResponseWriter, r *http.Request) {
		rec, _ := r.Context().Value(ctxKey{}).(*Request)
		rec.Route = name
		if auth && !rec.Authorized {
			s.replyError(w, rec, newAPIError(http.StatusUnauthorized, 0, "401: Unauthorized"))
			return
		}
		fn(w, r, rec)
	})
}

func (s *Server) routes() {
	const api = "/api/v9"
	s.route("GET "+api+"/gateway", "gateway", false, s.handleGateway0)
	s.route("GET "+api+"/gateway/bot", "gateway_bot", true, s.handleGatewayBot)
	s.route("GET "+api+"/users/@me", "current_user", true, s.handleCurrentUser)
	s.route("POST "+api+"/users/@me/channels", "dm_channel_create", true, s.handleDMCreate)

	for _, p := range []string{api + "/applications/{app}/commands", api + "/applications/{app}/guilds/{guild}/commands"} {
		s.route("GET "+p, "commands_list", true, s.handleCommandsList)
		s.route("PUT "+p, "commands_bulk_overwrite", true, s.handleCommandsOverwrite)
		s.route("POST "+p, "command_create", true, s.handleCommandCreate)
		s.route("GET "+p+"/{cmd}", "command_get", true, s.handleCommandGet)
		s.route("PATCH "+p+"/{cmd}", "command_edit", true, s.handleCommandEdit)
		s.route("DELETE "+p+"/{cmd}", "command_delete", true, s.handleCommandDelete)
	}

	s.route("POST "+api+"/interactions/{id}/{token}/callback", "interaction_callback", false, s.handleCallback)
	s.route("POST "+api+"/webhooks/{app}/{token}", "followup_create", false, s.handleFollowup)
	s.route("GET "+api+"/webhooks/{app}/{token}/messages/{msg}", "webhook_message_get", false, s.handleWebhookMessageGet)
	s.route("PATCH "+api+"/webhooks/{app}/{token}/messages/{msg}", "webhook_message_edit", false, s.handleWebhookMessageEdit)
	s.route("DELETE "+api+"/webhooks/{app}/{token}/messages/{msg}", "webhook_message_delete", false, s.handleWebhookMessageDelete)

	s.route("POST "+api+"/channels/{channel}/messages", "channel_message_create", true, s.handleChannelMessage)
	s.route("PATCH "+api+"/channels/{channel}/messages/{msg}", "channel_message_edit", true, s.handleChannelMessageEdit)
	s.channelRoutes(api) // channels.go

	s.builtin.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		rec, _ := r.Context().Value(ctxKey{}).(*Request)
		rec.Unhandled = true
		s.replyError(w, rec, newAPIError(http.StatusNotFound, 0, "404: Not Found"))
	})
}

// replyJSON answers with v encoded as JSON ([]byte is sent as is).
func (s *Server) replyJSON(w http.ResponseWriter, rec *Request, status int, v any) {
	b, ok := v.([]byte)
	if !ok {
		var err error
		if b, err = json.Marshal(v); err != nil {
			s.replyError(w, rec, newAPIError(http.StatusInternalServerError, 0, "discordtest: encoding reply: "+err.Error()))
			return
		}
	}
	if !rec.published { // a published record is read by tests: never write it again
		rec.Status = status
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, _ = w.Write(b)
}

func (s *Server) replyError(w http.ResponseWriter, rec *Request, e *apiError) {
	if !rec.published {
		rec.ErrorCode, rec.ErrorMessage = e.Code, e.Message
	}
	s.replyJSON(w, rec, e.status, e)
}

func (s *Server) replyNoContent(w http.ResponseWriter, rec *Request) {
	if !rec.published {
		rec.Status = http.StatusNoContent
	}
	w.WriteHeader(http.StatusNoContent)
}

// setError records e's status and code in rec before the record is
// published; the answer itself is written with replyError.
func setError(rec *Request, e *apiError) {
	rec.Status, rec.ErrorCode, rec.ErrorMessage = e.status, e.Code, e.Message
}

func invalidJSON(err error) *apiError {
	return newAPIError(http.StatusBadRequest, codeInvalidJSON, "The request body contains invalid JSON. ("+err.Error()+")")
}

// --- gateway and users ---

func (s *Server) handleGateway0(w http.ResponseWriter, _ *http.Request, rec *Request) {
	s.replyJSON(w, rec, http.StatusOK, map[string]string{"url": s.wsURL})
}

func (s *Server) handleGatewayBot(w http.ResponseWriter, _ *http.Request, rec *Request) {
	s.replyJSON(w, rec, http.StatusOK, discordgo.GatewayBotResponse{
		URL:    s.wsURL,
		Shards: 1,
		SessionStartLimit: discordgo.SessionInformation{
			Total: 1000, Remaining: 999, ResetAfter: 86400000, MaxConcurrency: 1,
		},
	})
}

func (s *Server) handleCurrentUser(w http.ResponseWriter, _ *http.Request, rec *Request) {
	s.replyJSON(w, rec, http.StatusOK, s.botUser())
}

func (s *Server) handleDMCreate(w http.ResponseWriter, _ *http.Request, rec *Request) {
	var body struct {
		RecipientID string `json:"recipient_id"`
	}
	if err := json.Unmarshal(rec.JSON, &body); err != nil {
		s.replyError(w, rec, invalidJSON(err))
		return
	}
	if body.RecipientID == "" {
		s.replyError(w, rec, formError("recipient_id", "BASE_TYPE_REQUIRED", "This field is required"))
		return
	}
	s.mu.Lock()
	id := s.dmChannelLocked(body.RecipientID)
	s.mu.Unlock()
	s.replyJSON(w, rec, http.StatusOK, &discordgo.Channel{
		ID:         id,
		Type:       discordgo.ChannelTypeDM,
		Recipients: []*discordgo.User{{ID: body.RecipientID}},
	})
}

// dmChannelLocked returns the DM channel id for a user, creating it.
func (s *Server) dmChannelLocked(userID string) string {
	id, ok := s.dmChannels[userID]
	if !ok {
		id = s.newID()
		s.dmChannels[userID] = id
	}
	return id
}

// DMChannel returns the id of the DM channel between the bot and a user,
// creating it if needed: the id the fake answers to UserChannelCreate and
// uses as the channel of DM interactions.
func (s *Server) DMChannel(userID string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.dmChannelLocked(userID)
}

// --- messages ---

// checkMessage applies Discord's rules for a message's content.
func checkMessage(content string, embeds, components, files, stickers int, poll bool) *apiError {
	if content == "" && embeds == 0 && components == 0 && files == 0 && stickers == 0 && !poll {
		return newAPIError(http.StatusBadRequest, codeEmptyMessage, "Cannot send an empty message")
	}
	if n := utf8.RuneCountInString(content); n > maxContent {
		return formError("content", "BASE_TYPE_MAX_LENGTH", fmt.Sprintf("Must be %d or fewer in length.", maxContent))
	}
	if embeds > maxEmbeds {
		return formError("embeds", "BASE_TYPE_MAX_LENGTH", fmt.Sprintf("Must be %d or fewer in length.", maxEmbeds))
	}
	return nil
}

// attachments turns uploaded files into message attachments.
func (s *Server) attachments(channelID string, files []File) []*discordgo.MessageAttachment {
	out := make([]*discordgo.MessageAttachment, 0, len(files))
	for _, f := range files {
		id := s.newID()
		ct := f.ContentType
		if ct == "application/octet-stream" {
			ct = ""
		}
		out = append(out, &discordgo.MessageAttachment{
			ID:          id,
			Filename:    f.Name,
			ContentType: ct,
			Size:        len(f.Data),
			URL:         "https://cdn.discordapp.com/attachments/" + channelID + "/" + id + "/" + f.Name,
			ProxyURL:    "https://media.discordapp.net/attachments/" + channelID + "/" + id + "/" + f.Name,
		})
	}
	return out
}

// newMessageLocked creates and stores a message. s.mu must be held.
func (s *Server) newMessageLocked(channelID, guildID string, typ discordgo.MessageType, content string, embeds []*discordgo.MessageEmbed,
	comps []discordgo.MessageComponent, flags discordgo.MessageFlags, files []File) *discordgo.Message {
	m := &discordgo.Message{
		ID:          s.newID(),
		ChannelID:   channelID,
		GuildID:     guildID,
		Content:     content,
		Timestamp:   time.Now().UTC(),
		Author:      s.botUser(),
		Attachments: s.attachments(channelID, files),
		Components:  comps,
		Embeds:      embeds,
		Type:        typ,
		Flags:       flags,
	}
	if m.Embeds == nil {
		m.Embeds = []*discordgo.MessageEmbed{}
	}
	if typ == discordgo.MessageTypeChatInputCommand {
		m.WebhookID = s.opts.ApplicationID
	}
	s.messages[m.ID] = m
	return m
}

// editMessage returns a copy of m with an edit applied (nil fields are
// left as they are). Files are appended to the attachments kept.
func (s *Server) editMessage(m *discordgo.Message, content *string, embeds *[]*discordgo.MessageEmbed, comps *[]discordgo.MessageComponent,
	keep *[]*discordgo.MessageAttachment, files []File) *discordgo.Message {
	c := *m
	now := time.Now().UTC()
	c.EditedTimestamp = &now
	c.Flags &^= discordgo.MessageFlagsLoading
	if content != nil {
		c.Content = *content
	}
	if embeds != nil {
		c.Embeds = append([]*discordgo.MessageEmbed{}, *embeds...)
	}
	if comps != nil {
		c.Components = append([]discordgo.MessageComponent{}, *comps...)
	}
	if keep != nil {
		kept := []*discordgo.MessageAttachment{}
		for _, a := range m.Attachments {
			for _, k := range *keep {
				if k != nil && k.ID == a.ID {
					kept = append(kept, a)
				}
			}
		}
		c.Attachments = kept
	}
	if len(files) > 0 {
		c.Attachments = append(append([]*discordgo.MessageAttachment{}, c.Attachments...), s.attachments(c.ChannelID, files)...)
	}
	return &c
}

func checkEdited(m *discordgo.Message) *apiError {
	if e := checkMessage(m.Content, len(m.Embeds), len(m.Components), len(m.Attachments), len(m.StickerItems), m.Poll != nil); e != nil {
		return e
	}
	return checkComponents(m.Components) // components.go
}

// Message returns the current state of a message the fake created (channel
// message, interaction response or follow-up), after any edits; nil if
// unknown or deleted.
func (s *Server) Message(id string) *discordgo.Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.messages[id]
}

func (s *Server) handleChannelMessage(w http.ResponseWriter, r *http.Request, rec *Request) {
	channelID := r.PathValue("channel")
	data, err := decodeMessageSend(rec.JSON)
	s.mu.Lock()
	cm := &ChannelMessage{Request: rec, ChannelID: channelID, Data: data}
	var e *apiError
	if err != nil {
		e = invalidJSON(err)
	} else {
		e = checkMessage(data.Content, len(data.Embeds), len(data.Components), len(rec.Files), len(data.StickerIDs), data.Poll != nil)
	}
	if e == nil {
		e = s.refusedLocked(channelID) // refused.go: a channel gone or forbidden
	}
	if e == nil {
		e = checkComponents(data.Components) // components.go
	}
	if e == nil {
		e = s.messageMentions(rec, rec.JSON, data.Content) // mentions.go
	}
	var body []byte
	var nonce struct {
		Nonce        any  `json:"nonce"`
		EnforceNonce bool `json:"enforce_nonce"`
	}
	_ = json.Unmarshal(rec.JSON, &nonce)
	if nonce.Nonce != nil {
		cm.Nonce = fmt.Sprint(nonce.Nonce)
		if len(cm.Nonce) > 25 && e == nil {
			e = newAPIError(http.StatusBadRequest, 50035, "Invalid Form Body: nonce: Must be 25 or fewer in length.")
		}
	}
	nonceKey := channelID + "\x00" + cm.Nonce
	if prev := s.nonces[nonceKey]; e == nil && nonce.EnforceNonce && cm.Nonce != "" && prev != nil && time.Since(prev.Time) < NonceWindow {
		cm.Message, cm.Deduplicated = prev.Message, true
		if body, err = messageJSON(cm.Message); err != nil {
			e = newAPIError(http.StatusInternalServerError, 0, err.Error())
		}
	}
	if e != nil {
		setError(rec, e)
	} else if cm.Deduplicated {
		rec.Status = http.StatusOK
	} else {
		cm.Message = s.newMessageLocked(channelID, "", discordgo.MessageTypeDefault, data.Content, data.Embeds, data.Components, data.Flags, rec.Files)
		if cm.Nonce != "" {
			s.nonces[nonceKey] = cm
		}
		if body, err = messageJSON(cm.Message); err != nil {
			e = newAPIError(http.StatusInternalServerError, 0, err.Error())
			setError(rec, e)
		} else {
			rec.Status = http.StatusOK
		}
	}
	s.channelMessages[channelID] = append(s.channelMessages[channelID], cm)
	s.publishLocked(rec)
	s.mu.Unlock()
	if e != nil {
		s.replyError(w, rec, e)
		return
	}
	s.replyJSON(w, rec, http.StatusOK, body)
}

func (s *Server) handleChannelMessageEdit(w http.ResponseWriter, r *http.Request, rec *Request) {
	channelID, msgID := r.PathValue("channel"), r.PathValue("msg")
	data, err := decodeMessageEdit(rec.JSON)
	s.mu.Lock()
	ce := &ChannelMessageEdit{Request: rec, ChannelID: channelID, MessageID: msgID, Data: data}
	var e *apiError
	old := s.messages[msgID]
	switch {
	case err != nil:
		e = invalidJSON(err)
	case old == nil || old.ChannelID != channelID:
		e = newAPIError(http.StatusNotFound, codeUnknownMessage, "Unknown Message")
	default:
		if data.Embed != nil && data.Embeds == nil {
			data.Embeds = &[]*discordgo.MessageEmbed{data.Embed}
		}
		m := s.editMessage(old, data.Content, data.Embeds, data.Components, data.Attachments, rec.Files)
		if data.Flags != 0 {
			m.Flags = data.Flags
		}
		if e = checkEdited(m); e == nil {
			e = s.messageMentions(rec, rec.JSON, deref(data.Content)) // mentions.go
		}
		if e == nil {
			s.messages[msgID] = m
			ce.Message = m
		}
	}
	var body []byte
	if e == nil {
		if body, err = messageJSON(ce.Message); err != nil {
			e = newAPIError(http.StatusInternalServerError, 0, err.Error())
		}
	}
	if e != nil {
		setError(rec, e)
		ce.Message = nil
	} else {
		rec.Status = http.StatusOK
	}
	s.channelEdits[channelID] = append(s.channelEdits[channelID], ce)
	s.publishLocked(rec)
	s.mu.Unlock()
	if e != nil {
		s.replyError(w, rec, e)
		return
	}
	s.replyJSON(w, rec, http.StatusOK, body)
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// ChannelMessages returns the messages sent to a channel (accepted or
// refused), in order.
func (s *Server) ChannelMessages(channelID string) []*ChannelMessage {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]*ChannelMessage(nil), s.channelMessages[channelID]...)
}

// WaitChannelMessage blocks until at least n messages were sent to the
// channel and returns them all.
func (s *Server) WaitChannelMessage(ctx context.Context, channelID string, n int) ([]*ChannelMessage, error) {
	return waitN(ctx, s, fmt.Sprintf("%d messages in channel %s", n, channelID), n, func() []*ChannelMessage { return s.ChannelMessages(channelID) })
}

// ChannelMessageEdits returns the edits of messages in a channel, in order.
func (s *Server) ChannelMessageEdits(channelID string) []*ChannelMessageEdit {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]*ChannelMessageEdit(nil), s.channelEdits[channelID]...)
}

// WaitChannelMessageEdit blocks until at least n edits of messages in the
// channel were received and returns them all.
func (s *Server) WaitChannelMessageEdit(ctx context.Context, channelID string, n int) ([]*ChannelMessageEdit, error) {
	return waitN(ctx, s, fmt.Sprintf("%d message edits in channel %s", n, channelID), n, func() []*ChannelMessageEdit { return s.ChannelMessageEdits(channelID) })
}
