package discordtest

import (
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"
)

// Message components and modals.
//
// The fake accepts components (action rows of buttons, select menus) in
// channel messages, interaction responses (types 4 and 7), follow-ups and
// edits, and modals (type 9 responses), and holds them to Discord's
// limits: at most 5 rows of at most 5 buttons, custom ids of 1 to 100
// characters unique in a message, labels of at most 80; a modal has a
// title of 1 to 45 characters and 1 to 5 rows of one text input each
// (label 1-45, style short or paragraph, lengths within 0-4000). A bot that
// breaks one gets 400 "Invalid Form Body" (50035).
//
// A test plays the user: [Server.ClickButton] clicks a button of a message
// the fake holds (refusing a button that is not there or is disabled, as
// Discord's client would), and [Server.SubmitModal] fills and submits the
// modal the bot opened for an interaction (refusing a required input left
// empty or a value out of its lengths). [Server.ModalSubmitInteraction]
// builds a submission by hand, e.g. with a forged custom id.

// Discord's component limits.
const (
	maxRows        = 5
	maxRowButtons  = 5
	maxCustomID    = 100
	maxButtonLabel = 80
	maxModalTitle  = 45
	maxInputLabel  = 45
	maxInputLength = 4000
	maxPlaceholder = 100
)

// checkComponents applies Discord's rules to a message's components.
func checkComponents(comps []discordgo.MessageComponent) *apiError {
	if len(comps) > maxRows {
		return formError("components", "BASE_TYPE_MAX_LENGTH", fmt.Sprintf("Must be %d or fewer in length.", maxRows))
	}
	ids := map[string]bool{}
	for i, c := range comps {
		row, ok := asRow(c)
		if !ok {
			return formError(fmt.Sprintf("components.%d", i), "COMPONENT_LAYOUT_WIDTH_EXCEEDED", "Top-level components must be action rows")
		}
		if len(row.Components) == 0 || len(row.Components) > maxRowButtons {
			return formError(fmt.Sprintf("components.%d.components", i), "BASE_TYPE_BAD_LENGTH", fmt.Sprintf("Must be between 1 and %d in length.", maxRowButtons))
		}
		for j, x := range row.Components {
			at := fmt.Sprintf("components.%d.components.%d", i, j)
			var id string
			switch x := x.(type) {
			case *discordgo.Button, discordgo.Button:
				b := asButton(x)
				if b.Style < discordgo.PrimaryButton || b.Style > discordgo.PremiumButton {
					return formError(at+".style", "BASE_TYPE_CHOICES", "Value must be one of {1, 2, 3, 4, 5, 6}.")
				}
				if utf8.RuneCountInString(b.Label) > maxButtonLabel {
					return formError(at+".label", "BASE_TYPE_MAX_LENGTH", fmt.Sprintf("Must be %d or fewer in length.", maxButtonLabel))
				}
				if b.Style == discordgo.LinkButton {
					if b.URL == "" || b.CustomID != "" {
						return formError(at, "BUTTON_COMPONENT_INVALID_LINK", "A link button has a url and no custom_id")
					}
					continue
				}
				if b.URL != "" {
					return formError(at+".url", "BUTTON_COMPONENT_URL_NOT_ALLOWED", "Only link buttons have a url")
				}
				id = b.CustomID
			case *discordgo.SelectMenu:
				if len(row.Components) != 1 {
					return formError(at, "COMPONENT_LAYOUT_WIDTH_EXCEEDED", "A select menu fills its row")
				}
				id = x.CustomID
			case discordgo.SelectMenu:
				if len(row.Components) != 1 {
					return formError(at, "COMPONENT_LAYOUT_WIDTH_EXCEEDED", "A select menu fills its row")
				}
				id = x.CustomID
			default:
				return formError(at+".type", "COMPONENT_TYPE_INVALID", fmt.Sprintf("Component type %d is not allowed in a message row", x.Type()))
			}
			if n := utf8.RuneCountInString(id); n == 0 || n > maxCustomID {
				return formError(at+".custom_id", "BASE_TYPE_BAD_LENGTH", fmt.Sprintf("Must be between 1 and %d in length.", maxCustomID))
			}
			if ids[id] {
				return formError(at+".custom_id", "COMPONENT_CUSTOM_ID_DUPLICATED", "Component custom id cannot be duplicated")
			}
			ids[id] = true
		}
	}
	return nil
}

// checkModal applies Discord's rules to a modal response.
func checkModal(d *discordgo.InteractionResponseData) *apiError {
	if n := utf8.RuneCountInString(d.Title); n == 0 || n > maxModalTitle {
		return formError("data.title", "BASE_TYPE_BAD_LENGTH", fmt.Sprintf("Must be between 1 and %d in length.", maxModalTitle))
	}
	if n := utf8.RuneCountInString(d.CustomID); n == 0 || n > maxCustomID {
		return formError("data.custom_id", "BASE_TYPE_BAD_LENGTH", fmt.Sprintf("Must be between 1 and %d in length.", maxCustomID))
	}
	if len(d.Components) == 0 || len(d.Components) > maxRows {
		return formError("data.components", "BASE_TYPE_BAD_LENGTH", fmt.Sprintf("Must be between 1 and %d in length.", maxRows))
	}
	ids := map[string]bool{}
	for i, c := range d.Components {
		at := fmt.Sprintf("data.components.%d", i)
		row, ok := asRow(c)
		if !ok || len(row.Components) != 1 {
			return formError(at, "COMPONENT_LAYOUT_WIDTH_EXCEEDED", "Each row of a modal holds one text input")
		}
		in, ok := asTextInput(row.Components[0])
		at += ".components.0"
		switch {
		case !ok:
			return formError(at+".type", "COMPONENT_TYPE_INVALID", "A modal holds text inputs")
		case utf8.RuneCountInString(in.CustomID) == 0 || utf8.RuneCountInString(in.CustomID) > maxCustomID:
			return formError(at+".custom_id", "BASE_TYPE_BAD_LENGTH", fmt.Sprintf("Must be between 1 and %d in length.", maxCustomID))
		case ids[in.CustomID]:
			return formError(at+".custom_id", "COMPONENT_CUSTOM_ID_DUPLICATED", "Component custom id cannot be duplicated")
		case utf8.RuneCountInString(in.Label) == 0 || utf8.RuneCountInString(in.Label) > maxInputLabel:
			return formError(at+".label", "BASE_TYPE_BAD_LENGTH", fmt.Sprintf("Must be between 1 and %d in length.", maxInputLabel))
		case in.Style != discordgo.TextInputShort && in.Style != discordgo.TextInputParagraph:
			return formError(at+".style", "BASE_TYPE_CHOICES", "Value must be one of {1, 2}.")
		case in.MinLength < 0 || in.MinLength > maxInputLength || in.MaxLength < 0 || in.MaxLength > maxInputLength:
			return formError(at+".max_length", "BASE_TYPE_BAD_LENGTH", fmt.Sprintf("Lengths must be between 0 and %d.", maxInputLength))
		case in.MaxLength > 0 && in.MinLength > in.MaxLength:
			return formError(at+".min_length", "BASE_TYPE_BAD_LENGTH", "min_length is more than max_length")
		case utf8.RuneCountInString(in.Placeholder) > maxPlaceholder:
			return formError(at+".placeholder", "BASE_TYPE_MAX_LENGTH", fmt.Sprintf("Must be %d or fewer in length.", maxPlaceholder))
		case in.MaxLength > 0 && utf8.RuneCountInString(in.Value) > in.MaxLength:
			return formError(at+".value", "BASE_TYPE_MAX_LENGTH", "The prefilled value is longer than max_length")
		}
		ids[in.CustomID] = true
	}
	return nil
}

func asRow(c discordgo.MessageComponent) (*discordgo.ActionsRow, bool) {
	switch r := c.(type) {
	case *discordgo.ActionsRow:
		return r, r != nil
	case discordgo.ActionsRow:
		return &r, true
	}
	return nil, false
}

func asButton(c discordgo.MessageComponent) *discordgo.Button {
	switch b := c.(type) {
	case *discordgo.Button:
		return b
	case discordgo.Button:
		return &b
	}
	return nil
}

func asTextInput(c discordgo.MessageComponent) (*discordgo.TextInput, bool) {
	switch t := c.(type) {
	case *discordgo.TextInput:
		return t, t != nil
	case discordgo.TextInput:
		return &t, true
	}
	return nil, false
}

// Buttons returns the buttons of a message the fake holds, in order; nil
// when the message is unknown.
func (s *Server) Buttons(messageID string) []*discordgo.Button {
	s.mu.Lock()
	defer s.mu.Unlock()
	m := s.messages[messageID]
	if m == nil {
		return nil
	}
	return buttonsOf(m.Components)
}

func buttonsOf(comps []discordgo.MessageComponent) []*discordgo.Button {
	var out []*discordgo.Button
	for _, c := range comps {
		if row, ok := asRow(c); ok {
			out = append(out, buttonsOf(row.Components)...)
		} else if b := asButton(c); b != nil {
			cp := *b
			out = append(out, &cp)
		}
	}
	return out
}

// ClickButton plays a user clicking a button: c.MessageID names a message
// the fake holds and c.CustomID one of its buttons, enabled. It builds the
// MESSAGE_COMPONENT interaction (with the message, as Discord sends it)
// and dispatches it through the gateway. A button that is not there or is
// disabled is an error: Discord's client cannot click it.
func (s *Server) ClickButton(c Component) (*discordgo.Interaction, error) {
	if c.MessageID == "" || c.CustomID == "" {
		return nil, errors.New("discordtest: ClickButton needs a MessageID and a CustomID")
	}
	var found *discordgo.Button
	for _, b := range s.Buttons(c.MessageID) {
		if b.CustomID == c.CustomID {
			found = b
		}
	}
	switch {
	case s.Message(c.MessageID) == nil:
		return nil, fmt.Errorf("discordtest: no message %s", c.MessageID)
	case found == nil:
		return nil, fmt.Errorf("discordtest: message %s has no button %q", c.MessageID, c.CustomID)
	case found.Disabled:
		return nil, fmt.Errorf("discordtest: button %q of message %s is disabled", c.CustomID, c.MessageID)
	}
	c.Type = discordgo.ButtonComponent
	i := s.ComponentInteraction(c)
	if _, err := s.DispatchInteraction(i); err != nil {
		return nil, err
	}
	return i, nil
}

// ModalSubmit describes a modal submission for
// [Server.ModalSubmitInteraction].
type ModalSubmit struct {
	// CustomID is the modal's custom id.
	CustomID string
	// Inputs are the text inputs' values by custom id; Order, if set, is
	// the order of the rows (default: sorted by custom id).
	Inputs map[string]string
	Order  []string
	// GuildID, ChannelID, UserID, Username, Roles and Locale are as in
	// [SlashCommand].
	GuildID, ChannelID, UserID, Username string
	Roles                                []string
	Locale                               discordgo.Locale
}

// ModalSubmitInteraction builds a modal submit interaction (type 5) with a
// fresh id and a random token, ready for [Server.DispatchInteraction]. It
// checks nothing: use it for forged submissions; [Server.SubmitModal]
// submits the modal the bot opened.
func (s *Server) ModalSubmitInteraction(m ModalSubmit) *discordgo.Interaction {
	order := m.Order
	if order == nil {
		for k := range m.Inputs {
			order = append(order, k)
		}
		sort.Strings(order)
	}
	var rows []discordgo.MessageComponent
	for _, k := range order {
		rows = append(rows, discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.TextInput{CustomID: k, Value: m.Inputs[k]},
		}})
	}
	i := &discordgo.Interaction{
		ID:      s.newID(),
		AppID:   s.opts.ApplicationID,
		Type:    discordgo.InteractionModalSubmit,
		Token:   "aW50ZXJhY3Rpb246" + randomToken(32),
		Version: 1,
		Data:    discordgo.ModalSubmitInteractionData{CustomID: m.CustomID, Components: rows},
	}
	s.invoker(i, m.GuildID, m.ChannelID, m.UserID, m.Username, m.Roles, m.Locale)
	return roundTrip(i)
}

// Modal returns the modal the bot opened in answer to an interaction (its
// accepted type 9 callback), or nil.
func (s *Server) Modal(interactionID string) *discordgo.InteractionResponseData {
	for _, cb := range s.Callbacks(interactionID) {
		if cb.Accepted && cb.Response != nil && cb.Response.Type == discordgo.InteractionResponseModal {
			return cb.Response.Data
		}
	}
	return nil
}

// SubmitModal plays the user filling in and submitting the modal the bot
// opened for the interaction openedBy: the same user, guild and channel,
// the modal's custom id, and values for its text inputs by custom id. As
// Discord's client does, it refuses a value for an input the modal lacks,
// a required input left empty, and a value outside its lengths. The
// submission is dispatched through the gateway.
func (s *Server) SubmitModal(openedBy string, values map[string]string) (*discordgo.Interaction, error) {
	modal := s.Modal(openedBy)
	if modal == nil {
		return nil, fmt.Errorf("discordtest: interaction %s opened no modal", openedBy)
	}
	s.mu.Lock()
	st := s.interactions[openedBy]
	var src *discordgo.Interaction
	if st != nil {
		src = st.source
	}
	s.mu.Unlock()
	if src == nil {
		return nil, fmt.Errorf("discordtest: interaction %s unknown", openedBy)
	}
	m := ModalSubmit{CustomID: modal.CustomID, Inputs: map[string]string{}, GuildID: src.GuildID, ChannelID: src.ChannelID, Locale: src.Locale}
	if src.Member != nil && src.Member.User != nil {
		m.UserID, m.Username, m.Roles = src.Member.User.ID, src.Member.User.Username, src.Member.Roles
	} else if src.User != nil {
		m.UserID, m.Username = src.User.ID, src.User.Username
	}
	known := map[string]bool{}
	for _, c := range modal.Components {
		row, ok := asRow(c)
		if !ok || len(row.Components) != 1 {
			continue
		}
		in, ok := asTextInput(row.Components[0])
		if !ok {
			continue
		}
		known[in.CustomID] = true
		v, given := values[in.CustomID]
		if !given {
			v = in.Value
		}
		n := utf8.RuneCountInString(v)
		switch {
		case in.Required && n == 0:
			return nil, fmt.Errorf("discordtest: the modal's input %q is required", in.CustomID)
		case n > 0 && n < in.MinLength:
			return nil, fmt.Errorf("discordtest: the modal's input %q needs %d characters at least", in.CustomID, in.MinLength)
		case in.MaxLength > 0 && n > in.MaxLength:
			return nil, fmt.Errorf("discordtest: the modal's input %q takes %d characters at most", in.CustomID, in.MaxLength)
		}
		m.Inputs[in.CustomID] = v
		m.Order = append(m.Order, in.CustomID)
	}
	for k := range values {
		if !known[k] {
			return nil, fmt.Errorf("discordtest: the modal has no input %q", k)
		}
	}
	i := s.ModalSubmitInteraction(m)
	if _, err := s.DispatchInteraction(i); err != nil {
		return nil, err
	}
	return i, nil
}

// modalSubmitData is a modal submission's data as Discord sends it
// (discordgo.ModalSubmitInteractionData leaves its components out of its
// JSON).
func modalSubmitData(d discordgo.ModalSubmitInteractionData) ([]byte, error) {
	comps := d.Components
	if comps == nil {
		comps = []discordgo.MessageComponent{}
	}
	return json.Marshal(struct {
		CustomID   string                       `json:"custom_id"`
		Components []discordgo.MessageComponent `json:"components"`
	}{d.CustomID, comps})
}

// marshalModalSubmit encodes a modal submit interaction with its data's
// components.
func marshalModalSubmit(i *discordgo.Interaction, d discordgo.ModalSubmitInteractionData) ([]byte, error) {
	data, err := modalSubmitData(d)
	if err != nil {
		return nil, err
	}
	return json.Marshal(struct {
		*discordgo.Interaction
		Data json.RawMessage `json:"data"`
	}{i, data})
}
