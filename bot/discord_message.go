package bot

import (
	"context"
	"net/http"

	"github.com/bwmarrin/discordgo"
)

// Every message the Discord adapter sends is built here, and each says
// which mentions in it may notify: exactly the users of Output.Ping (the
// players the game waits for, in reminders and "your move" posts), and
// nothing else. Players type text that reaches public messages (a roll's
// for:, a dispatch, a reason, a name): an @everyone, @here, <@&role> or
// <@user> in it is shown but pings no one. Discord's default, without
// allowed_mentions, would let every one of them ping.
//
// A message built anywhere else could forget this: discord_message_test.go
// fails on any discordgo message with content built outside this file.

// maxPingUsers is Discord's bound of allowed_mentions.users.
const maxPingUsers = 100

// allowedMentions is the allowed_mentions of a message meant to ping the
// users of ping, and no one else: no kind parsed ("parse": []), the users
// listed (never with "users" parsed, which Discord refuses).
func allowedMentions(ping []string) *discordgo.MessageAllowedMentions {
	am := &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}}
	for _, id := range ping {
		if len(am.Users) == maxPingUsers {
			break
		}
		if isSnowflake(id) && !containsID(am.Users, id) {
			am.Users = append(am.Users, id)
		}
	}
	return am
}

// isSnowflake reports whether id is a Discord id (the console's
// "console:name" ids never reach Discord).
func isSnowflake(id string) bool {
	if id == "" || len(id) > 20 {
		return false
	}
	for _, r := range id {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// responseData is an output as an interaction's answer.
func responseData(o Output) *discordgo.InteractionResponseData {
	content, embeds := messageData(o)
	return &discordgo.InteractionResponseData{Content: content, Embeds: embeds, Files: discordFiles(o), Components: discordComponents(o),
		Flags: flagsFor(o), AllowedMentions: allowedMentions(o.Ping)}
}

// followupParams is an output as an ephemeral follow-up of an interaction.
func followupParams(o Output, components bool) *discordgo.WebhookParams {
	content, embeds := messageData(o)
	p := &discordgo.WebhookParams{Content: content, Embeds: embeds, Files: discordFiles(o), Flags: discordgo.MessageFlagsEphemeral,
		AllowedMentions: allowedMentions(o.Ping)}
	if components {
		p.Components = discordComponents(o)
	}
	return p
}

// continuationParams is a part after the first of a long answer
// (discord_split.go), as a follow-up of the interaction: ephemeral when the
// answer is.
func continuationParams(o Output, ephemeral bool) *discordgo.WebhookParams {
	content, embeds := messageData(o)
	p := &discordgo.WebhookParams{Content: content, Embeds: embeds, Files: discordFiles(o), Components: discordComponents(o),
		AllowedMentions: allowedMentions(o.Ping)}
	if ephemeral {
		p.Flags = discordgo.MessageFlagsEphemeral
	}
	return p
}

// deferredEdit is an output as the edit that completes a deferred answer
// (fresh file readers on every call: a retry consumes them).
func deferredEdit(o Output) *discordgo.WebhookEdit {
	text, embeds := messageData(o)
	edit := &discordgo.WebhookEdit{Content: &text, Files: discordFiles(o), AllowedMentions: allowedMentions(o.Ping)}
	if embeds != nil {
		edit.Embeds = &embeds
	}
	if comps := discordComponents(o); comps != nil {
		edit.Components = &comps
	}
	return edit
}

// channelMessage is an output as a post to its channel.
func channelMessage(o Output, components bool) *discordgo.MessageSend {
	content, embeds := messageData(o)
	m := &discordgo.MessageSend{Content: content, Embeds: embeds, Files: discordFiles(o), AllowedMentions: allowedMentions(o.Ping)}
	if components {
		m.Components = discordComponents(o)
	}
	return m
}

// sendOnce posts o to its channel with a nonce Discord enforces (the
// scheduler's outbox): discordgo's MessageSend has no nonce, so it goes as
// raw JSON. With the nonce enforced, a retry after a 504 cannot duplicate
// the message: it retries like an edit.
func (d *Discord) sendOnce(ctx context.Context, o Output, nonce string) error {
	content, embeds := messageData(o)
	body := struct {
		Content         string                            `json:"content,omitempty"`
		Embeds          []*discordgo.MessageEmbed         `json:"embeds,omitempty"`
		AllowedMentions *discordgo.MessageAllowedMentions `json:"allowed_mentions"`
		Nonce           string                            `json:"nonce"`
		EnforceNonce    bool                              `json:"enforce_nonce"`
	}{content, embeds, allowedMentions(o.Ping), nonce, true}
	url := discordgo.EndpointChannelMessages(o.Audience.Channel)
	return d.retry(ctx, "post", restIdempotent, func(ctx context.Context) error {
		_, err := d.session.RequestWithBucketID(http.MethodPost, url, body, url, discordgo.WithContext(ctx))
		return err
	})
}

// textMessage is a message of the bot's own text (the live clock): it
// pings no one.
func textMessage(text string) *discordgo.MessageSend {
	return &discordgo.MessageSend{Content: text, AllowedMentions: allowedMentions(nil)}
}

// textEdit is an edit of such a message.
func textEdit(channel, id, text string) *discordgo.MessageEdit {
	return &discordgo.MessageEdit{Channel: channel, ID: id, Content: &text, AllowedMentions: allowedMentions(nil)}
}

// spentButtons is a clicked message again, its buttons disabled (its
// text as it was, pinging no one again).
func spentButtons(content string, embeds []*discordgo.MessageEmbed, comps []discordgo.MessageComponent) *discordgo.InteractionResponseData {
	return &discordgo.InteractionResponseData{Content: content, Embeds: embeds, Components: comps, AllowedMentions: allowedMentions(nil)}
}

// spentButtonsEdit is spentButtons after a deferred click.
func spentButtonsEdit(comps []discordgo.MessageComponent) *discordgo.WebhookEdit {
	return &discordgo.WebhookEdit{Components: &comps, AllowedMentions: allowedMentions(nil)}
}
