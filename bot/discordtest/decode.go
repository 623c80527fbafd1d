package discordtest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"
)

// newRequest records r (whose body was read into body).
func newRequest(r *http.Request, body []byte, authOK func(string) bool) *Request {
	rec := &Request{
		Time:        time.Now(),
		Method:      r.Method,
		Path:        r.URL.Path,
		Query:       r.URL.Query(),
		Header:      r.Header.Clone(),
		ContentType: r.Header.Get("Content-Type"),
		Body:        body,
	}
	auth := r.Header.Get("Authorization")
	rec.HasAuthorization = auth != ""
	rec.Authorized = authOK(auth)
	rec.Header.Del("Authorization")

	mediaType, params, _ := mime.ParseMediaType(rec.ContentType)
	if mediaType == "multipart/form-data" {
		if err := parseMultipart(rec, body, params["boundary"]); err != nil {
			rec.JSON = nil
		}
	} else if len(bytes.TrimSpace(body)) > 0 {
		rec.JSON = json.RawMessage(body)
	}
	return rec
}

// parseMultipart fills rec.JSON from the payload_json part and rec.Files
// from the file parts, as discordgo's MultipartBodyWithJSON writes them.
func parseMultipart(rec *Request, body []byte, boundary string) error {
	if boundary == "" {
		return errors.New("multipart body without boundary")
	}
	mr := multipart.NewReader(bytes.NewReader(body), boundary)
	for {
		part, err := mr.NextPart()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		data, err := io.ReadAll(part)
		if err != nil {
			return err
		}
		_, params, _ := mime.ParseMediaType(part.Header.Get("Content-Disposition"))
		name, filename := params["name"], params["filename"]
		switch {
		case name == "payload_json":
			rec.JSON = json.RawMessage(data)
		case filename != "" || strings.HasPrefix(name, "files["):
			rec.Files = append(rec.Files, File{Field: name, Name: filename, ContentType: part.Header.Get("Content-Type"), Data: data})
		}
	}
}

// decodeComponents decodes message components by their type field.
func decodeComponents(raws []json.RawMessage) ([]discordgo.MessageComponent, error) {
	if raws == nil {
		return nil, nil
	}
	out := make([]discordgo.MessageComponent, 0, len(raws))
	for i, raw := range raws {
		c, err := discordgo.MessageComponentFromJSON(raw)
		if err != nil {
			return nil, fmt.Errorf("component %d: %w", i, err)
		}
		out = append(out, c)
	}
	return out, nil
}

func isNull(raw json.RawMessage) bool {
	t := bytes.TrimSpace(raw)
	return len(t) == 0 || string(t) == "null"
}

// decodeInteractionResponse decodes an interaction callback body.
func decodeInteractionResponse(raw json.RawMessage) (*discordgo.InteractionResponse, error) {
	if isNull(raw) {
		return nil, errors.New("empty body")
	}
	var v struct {
		Type discordgo.InteractionResponseType `json:"type"`
		Data json.RawMessage                   `json:"data"`
	}
	if err := json.Unmarshal(raw, &v); err != nil {
		return nil, err
	}
	resp := &discordgo.InteractionResponse{Type: v.Type}
	if isNull(v.Data) {
		return resp, nil
	}
	type data discordgo.InteractionResponseData
	var d struct {
		data
		Components []json.RawMessage `json:"components"`
	}
	if err := json.Unmarshal(v.Data, &d); err != nil {
		return nil, err
	}
	rd := discordgo.InteractionResponseData(d.data)
	var err error
	if rd.Components, err = decodeComponents(d.Components); err != nil {
		return nil, err
	}
	resp.Data = &rd
	return resp, nil
}

// decodeWebhookEdit decodes an edit of a webhook message.
func decodeWebhookEdit(raw json.RawMessage) (*discordgo.WebhookEdit, error) {
	if isNull(raw) {
		return nil, errors.New("empty body")
	}
	type edit discordgo.WebhookEdit
	var v struct {
		edit
		Components *[]json.RawMessage `json:"components"`
	}
	if err := json.Unmarshal(raw, &v); err != nil {
		return nil, err
	}
	e := discordgo.WebhookEdit(v.edit)
	if v.Components != nil {
		comps, err := decodeComponents(*v.Components)
		if err != nil {
			return nil, err
		}
		if comps == nil {
			comps = []discordgo.MessageComponent{}
		}
		e.Components = &comps
	}
	return &e, nil
}

// decodeWebhookParams decodes a webhook execution (follow-up).
func decodeWebhookParams(raw json.RawMessage) (*discordgo.WebhookParams, error) {
	if isNull(raw) {
		return nil, errors.New("empty body")
	}
	type params discordgo.WebhookParams
	var v struct {
		params
		Components []json.RawMessage `json:"components"`
	}
	if err := json.Unmarshal(raw, &v); err != nil {
		return nil, err
	}
	p := discordgo.WebhookParams(v.params)
	var err error
	if p.Components, err = decodeComponents(v.Components); err != nil {
		return nil, err
	}
	return &p, nil
}

// decodeMessageSend decodes a channel message creation.
func decodeMessageSend(raw json.RawMessage) (*discordgo.MessageSend, error) {
	if isNull(raw) {
		return nil, errors.New("empty body")
	}
	type send discordgo.MessageSend
	var v struct {
		send
		Components []json.RawMessage `json:"components"`
	}
	if err := json.Unmarshal(raw, &v); err != nil {
		return nil, err
	}
	m := discordgo.MessageSend(v.send)
	var err error
	if m.Components, err = decodeComponents(v.Components); err != nil {
		return nil, err
	}
	return &m, nil
}

// decodeMessageEdit decodes a channel message edit.
func decodeMessageEdit(raw json.RawMessage) (*discordgo.MessageEdit, error) {
	if isNull(raw) {
		return nil, errors.New("empty body")
	}
	type edit discordgo.MessageEdit
	var v struct {
		edit
		Components *[]json.RawMessage `json:"components"`
	}
	if err := json.Unmarshal(raw, &v); err != nil {
		return nil, err
	}
	e := discordgo.MessageEdit(v.edit)
	if v.Components != nil {
		comps, err := decodeComponents(*v.Components)
		if err != nil {
			return nil, err
		}
		if comps == nil {
			comps = []discordgo.MessageComponent{}
		}
		e.Components = &comps
	}
	return &e, nil
}

// messageJSON encodes a message including its components, which
// discordgo.Message leaves out of its JSON encoding.
func messageJSON(m *discordgo.Message) ([]byte, error) {
	comps := m.Components
	if comps == nil {
		comps = []discordgo.MessageComponent{}
	}
	return json.Marshal(struct {
		*discordgo.Message
		Components []discordgo.MessageComponent `json:"components"`
	}{m, comps})
}
