package discordtest

import (
	"encoding/json"
	"fmt"
	"net/http"
	"regexp"
	"slices"

	"github.com/bwmarrin/discordgo"
)

// Mentions (Discord's "allowed mentions" object). A message's content
// notifies whom its mentions name, unless the payload's allowed_mentions
// narrows it: parse lists the kinds parsed from the content ("everyone"
// for @everyone and @here, "roles", "users"), and roles and users list ids
// allowed one by one (at most 100 each). Discord answers 400 when a kind
// is both parsed and listed (parse "users" with a users array, likewise
// roles), when a list has more than 100 ids, and when parse holds an
// unknown kind. Without allowed_mentions, every mention notifies.

// maxAllowedMentionIDs is Discord's bound of the users and roles arrays.
const maxAllowedMentionIDs = 100

// Mentions is whom a message sent to the fake would notify on Discord.
type Mentions struct {
	// Content is the message's content as sent.
	Content string
	// Allowed is the payload's allowed_mentions; nil when it had none
	// (then every mention in the content notifies).
	Allowed *discordgo.MessageAllowedMentions
	// Everyone is true when @everyone or @here notifies the channel.
	Everyone bool
	// Roles and Users are the role and user ids notified, in the order of
	// the content.
	Roles []string
	Users []string
}

// Pings reports whether the message notifies anyone.
func (m Mentions) Pings() bool { return m.Everyone || len(m.Roles) > 0 || len(m.Users) > 0 }

var (
	everyoneMention = regexp.MustCompile(`@(everyone|here)`)
	roleMention     = regexp.MustCompile(`<@&(\d+)>`)
	userMention     = regexp.MustCompile(`<@!?(\d+)>`)
)

// Notified works out whom content notifies under allowed (nil: no
// allowed_mentions in the payload), as Discord does. Mentions in embeds
// never notify, so only the content counts.
func Notified(content string, allowed *discordgo.MessageAllowedMentions) Mentions {
	m := Mentions{Content: content, Allowed: allowed}
	parsed := func(kind discordgo.AllowedMentionType) bool {
		return allowed == nil || slices.Contains(allowed.Parse, kind)
	}
	m.Everyone = parsed(discordgo.AllowedMentionTypeEveryone) && everyoneMention.MatchString(content)
	for _, g := range roleMention.FindAllStringSubmatch(content, -1) {
		if (parsed(discordgo.AllowedMentionTypeRoles) || slices.Contains(allowed.Roles, g[1])) && !slices.Contains(m.Roles, g[1]) {
			m.Roles = append(m.Roles, g[1])
		}
	}
	for _, g := range userMention.FindAllStringSubmatch(content, -1) {
		if (parsed(discordgo.AllowedMentionTypeUsers) || slices.Contains(allowed.Users, g[1])) && !slices.Contains(m.Users, g[1]) {
			m.Users = append(m.Users, g[1])
		}
	}
	return m
}

// allowedMentionsPayload is allowed_mentions as sent: presence and null
// are told apart from empty arrays.
type allowedMentionsPayload struct {
	Parse       []json.RawMessage `json:"parse"`
	Roles       *[]string         `json:"roles"`
	Users       *[]string         `json:"users"`
	RepliedUser *bool             `json:"replied_user"`
}

// checkAllowedMentions applies Discord's rules to a message payload's
// allowed_mentions (absent or null: nothing to check) and returns it
// decoded.
func checkAllowedMentions(payload json.RawMessage) (*discordgo.MessageAllowedMentions, *apiError) {
	var v struct {
		AllowedMentions json.RawMessage `json:"allowed_mentions"`
	}
	if len(payload) == 0 || json.Unmarshal(payload, &v) != nil || isNull(v.AllowedMentions) {
		return nil, nil
	}
	var p allowedMentionsPayload
	if err := json.Unmarshal(v.AllowedMentions, &p); err != nil {
		return nil, formError("allowed_mentions", "MODEL_TYPE_CONVERT", "Only dictionaries may be used in a ModelType")
	}
	am := &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}}
	for i, raw := range p.Parse {
		var kind string
		if json.Unmarshal(raw, &kind) != nil {
			return nil, formError(fmt.Sprintf("allowed_mentions.parse.%d", i), "BASE_TYPE_CHOICES", "Value must be one of ('roles', 'users', 'everyone').")
		}
		switch k := discordgo.AllowedMentionType(kind); k {
		case discordgo.AllowedMentionTypeEveryone, discordgo.AllowedMentionTypeRoles, discordgo.AllowedMentionTypeUsers:
			am.Parse = append(am.Parse, k)
		default:
			return nil, formError(fmt.Sprintf("allowed_mentions.parse.%d", i), "BASE_TYPE_CHOICES", "Value must be one of ('roles', 'users', 'everyone').")
		}
	}
	for _, list := range []struct {
		name string
		kind discordgo.AllowedMentionType
		ids  *[]string
		to   *[]string
	}{{"users", discordgo.AllowedMentionTypeUsers, p.Users, &am.Users}, {"roles", discordgo.AllowedMentionTypeRoles, p.Roles, &am.Roles}} {
		if list.ids == nil {
			continue
		}
		if slices.Contains(am.Parse, list.kind) {
			return nil, formError("allowed_mentions", "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE",
				fmt.Sprintf("parse:[%q] and %s: [ids...] are mutually exclusive.", list.kind, list.name))
		}
		if len(*list.ids) > maxAllowedMentionIDs {
			return nil, formError("allowed_mentions."+list.name, "BASE_TYPE_MAX_LENGTH", fmt.Sprintf("Must be %d or fewer in length.", maxAllowedMentionIDs))
		}
		*list.to = *list.ids
	}
	if p.RepliedUser != nil {
		am.RepliedUser = *p.RepliedUser
	}
	return am, nil
}

// messageMentions checks the allowed_mentions of a message payload
// (payload: the body, or an interaction callback's data) and records whom
// content would notify in rec.Mentions. With Options.RequireAllowedMentions,
// a payload with content and no allowed_mentions is refused.
func (s *Server) messageMentions(rec *Request, payload json.RawMessage, content string) *apiError {
	am, e := checkAllowedMentions(payload)
	if e != nil {
		return e
	}
	m := Notified(content, am)
	rec.Mentions = &m
	if am == nil && content != "" && s.opts.RequireAllowedMentions {
		return newAPIError(http.StatusBadRequest, codeInvalidFormBody,
			"discordtest: a message with content and no allowed_mentions (Options.RequireAllowedMentions; Discord itself would let every mention in it notify)")
	}
	return nil
}

// callbackData is an interaction callback's data object, for its
// allowed_mentions.
func callbackData(payload json.RawMessage) json.RawMessage {
	var v struct {
		Data json.RawMessage `json:"data"`
	}
	if json.Unmarshal(payload, &v) != nil {
		return nil
	}
	return v.Data
}
