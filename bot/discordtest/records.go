package discordtest

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"time"

	"github.com/bwmarrin/discordgo"
)

// Request is one REST request the fake received, as it arrived, plus how the
// fake answered it. Requests are recorded in the order they were answered.
type Request struct {
	// Time is when the fake received the request.
	Time time.Time
	// Method and Path are the request's method and URL path, e.g. "POST" and
	// "/api/v9/channels/1/messages"; Query holds its query parameters.
	Method string
	Path   string
	Query  url.Values
	// Header holds the request's headers without Authorization, whose value
	// is never recorded; HasAuthorization says whether it was present and
	// Authorized whether it was "Bot <token>" with a token the server
	// accepts (see Options.Token).
	Header           http.Header
	HasAuthorization bool
	Authorized       bool
	// ContentType is the Content-Type header; Body the raw body.
	ContentType string
	Body        []byte
	// JSON is the JSON payload: the body itself, or for a multipart body its
	// payload_json part. Nil when there was none.
	JSON json.RawMessage
	// Files are the file parts of a multipart body, in order.
	Files []File
	// Route names the built-in route that served the request (e.g.
	// "interaction_callback"), "custom <pattern>" for one added with
	// [Server.Handle], or "" when none matched (see Unhandled).
	Route string
	// Unhandled is true when no route matched and the fake answered 404.
	Unhandled bool
	// Status is the HTTP status the fake answered with. For an error answer,
	// ErrorCode and ErrorMessage are the Discord JSON error's code and
	// message.
	Status       int
	ErrorCode    int
	ErrorMessage string
	// Mentions is whom the request's message would notify on Discord
	// (content and allowed_mentions: mentions.go); nil for a request that
	// carries no message or whose allowed_mentions was refused.
	Mentions *Mentions

	published bool
}

// Decode unmarshals the request's JSON payload into v.
func (r *Request) Decode(v any) error {
	if r.JSON == nil {
		return errors.New("discordtest: request has no JSON payload")
	}
	return json.Unmarshal(r.JSON, v)
}

// String returns a short description such as "POST /api/v9/channels/1/messages -> 200".
func (r *Request) String() string {
	s := fmt.Sprintf("%s %s -> %d", r.Method, r.Path, r.Status)
	if r.ErrorCode != 0 || r.ErrorMessage != "" {
		s += fmt.Sprintf(" (code %d: %s)", r.ErrorCode, r.ErrorMessage)
	}
	return s
}

// File is one file part of a multipart request (an attachment upload).
type File struct {
	// Field is the form field name, e.g. "files[0]".
	Field string
	// Name is the file name as sent, ContentType the part's Content-Type.
	Name        string
	ContentType string
	// Data is the file's content.
	Data []byte
}

// Callback is one interaction callback (POST
// /interactions/{id}/{token}/callback), accepted or refused.
type Callback struct {
	// Request is the HTTP request (time, raw body, files, status...).
	*Request
	// InteractionID and Token are taken from the URL.
	InteractionID string
	Token         string
	// Response is the decoded body (from payload_json for multipart
	// bodies); nil when it could not be decoded. Attached files are in
	// Request.Files.
	Response *discordgo.InteractionResponse
	// Accepted is true when the fake answered 204 and counted the
	// interaction as acknowledged; false for a refused callback (second
	// acknowledgement, unknown or late interaction, invalid body).
	Accepted bool
}

// Edit is one edit of an interaction's message through the interaction
// webhook (PATCH /webhooks/{app}/{token}/messages/{message}), typically
// InteractionResponseEdit after a deferred response.
type Edit struct {
	// Request is the HTTP request (time, raw body, files, status...).
	*Request
	// InteractionID is the interaction the webhook token belongs to ("" if
	// unknown); Token is the token from the URL.
	InteractionID string
	Token         string
	// MessageID is the id from the URL: "@original" or a follow-up's id.
	MessageID string
	// Data is the decoded body; nil when it could not be decoded.
	Data *discordgo.WebhookEdit
	// Message is the message after the edit; nil when the edit was refused.
	Message *discordgo.Message
}

// Followup is one follow-up message (POST /webhooks/{app}/{token}).
type Followup struct {
	// Request is the HTTP request (time, raw body, files, status...).
	*Request
	// InteractionID is the interaction the webhook token belongs to ("" if
	// unknown); Token is the token from the URL.
	InteractionID string
	Token         string
	// Wait is the ?wait=true query parameter: the fake then answers with
	// the message, otherwise with 204.
	Wait bool
	// Data is the decoded body; nil when it could not be decoded.
	Data *discordgo.WebhookParams
	// Message is the created message; nil when refused.
	Message *discordgo.Message
}

// ChannelMessage is one message sent to a channel (POST
// /channels/{id}/messages).
type ChannelMessage struct {
	// Request is the HTTP request (time, raw body, files, status...).
	*Request
	// ChannelID is the channel from the URL.
	ChannelID string
	// Data is the decoded body; nil when it could not be decoded.
	Data *discordgo.MessageSend
	// Message is the created message; nil when refused.
	Message *discordgo.Message
	// Nonce is the request's nonce ("" without one). Deduplicated is set
	// when the request had enforce_nonce and the channel already had a
	// message with that nonce from the last NonceWindow: Message is then
	// that message, and nothing was created, as on Discord.
	Nonce        string
	Deduplicated bool
}

// NonceWindow is how long the fake remembers an enforced nonce (Discord
// documents "a few minutes").
const NonceWindow = 5 * time.Minute

// ChannelMessageEdit is one edit of a channel message (PATCH
// /channels/{id}/messages/{message}).
type ChannelMessageEdit struct {
	// Request is the HTTP request (time, raw body, files, status...).
	*Request
	// ChannelID and MessageID are from the URL.
	ChannelID string
	MessageID string
	// Data is the decoded body; nil when it could not be decoded.
	Data *discordgo.MessageEdit
	// Message is the message after the edit; nil when refused.
	Message *discordgo.Message
}

// Identify is one Identify (op 2) the gateway received.
type Identify struct {
	// Time is when it was received.
	Time time.Time
	// Token is the token as sent (discordgo sends "Bot <token>").
	Token string
	// Intents, Properties, Shard and Compress are as the client sent them.
	Intents    discordgo.Intent
	Properties discordgo.IdentifyProperties
	Shard      *[2]int
	Compress   bool
	// Raw is the op's "d" payload.
	Raw json.RawMessage
	// Accepted is true when the token was right and READY was sent;
	// SessionID is then the new session's id.
	Accepted  bool
	SessionID string
}

// Resume is one Resume (op 6) the gateway received.
type Resume struct {
	// Time is when it was received.
	Time time.Time
	// Token and SessionID are as the client sent them.
	Token     string
	SessionID string
	// Seq is the last sequence number the client said it received.
	Seq int64
	// Accepted is true when the session was known and RESUMED was sent;
	// otherwise the client got Invalid Session (op 9).
	Accepted bool
	// Replayed is how many missed dispatches were sent again.
	Replayed int
}

// GatewayPayload is one payload the gateway received from a client, other
// than heartbeats (e.g. presence updates, op 3).
type GatewayPayload struct {
	// Time is when it was received.
	Time time.Time
	// Op is its opcode and Data its "d" field.
	Op   int
	Data json.RawMessage
}

// apiError is a Discord JSON error body.
type apiError struct {
	status  int
	Code    int            `json:"code"`
	Message string         `json:"message"`
	Errors  map[string]any `json:"errors,omitempty"`
}

func newAPIError(status, code int, msg string) *apiError {
	return &apiError{status: status, Code: code, Message: msg}
}

// formError is Discord's 400 "Invalid Form Body" (code 50035) for the field
// at path (e.g. "0.options.1.name").
func formError(path, code, msg string) *apiError {
	e := newAPIError(http.StatusBadRequest, codeInvalidFormBody, "Invalid Form Body")
	e.Errors = map[string]any{path: map[string]any{"_errors": []map[string]string{{"code": code, "message": msg}}}}
	return e
}

// Discord error codes the fake uses.
const (
	codeUnknownMessage      = 10008
	codeUnknownWebhook      = 10015
	codeUnknownInteraction  = 10062
	codeMissingAccess       = 50001
	codeEmptyMessage        = 50006
	codeInvalidFormBody     = 50035
	codeInvalidJSON         = 50109
	codeAlreadyAcknowledged = 40060
)
