package discordtest

import (
	"encoding/json"
	"fmt"
	"net/http"
	"sort"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"
)

// Guild channels: the fake keeps the channels the bot creates in a guild
// (categories and text channels with their permission overwrites), so
// tests can check who may see each one. Routes:
//
//	GET    /guilds/{guild}/channels                    list
//	POST   /guilds/{guild}/channels                    create (name, type, parent_id, permission_overwrites)
//	PATCH  /channels/{channel}                         edit name, parent_id, permission_overwrites
//	DELETE /channels/{channel}                         delete
//	PUT    /channels/{channel}/permissions/{overwrite} set one overwrite
//	POST   /channels/{channel}/threads                 start a thread (not in a message)
//	PUT    /channels/{thread}/thread-members/{user}    add a member to a thread
//
// Threads do not count toward the guild's channels (Discord lists them
// apart), and are not in [Server.GuildChannels]; see [Server.Threads].
// Discord's limits are enforced: 500 channels a guild (400, code 30013)
// and 50 a category (400 Invalid Form Body, CHANNEL_PARENT_MAX_CHANNELS on
// parent_id). Tests that need another answer (e.g. 403 Missing
// Permissions, code 50013) override a route with [Server.Handle].

// Discord's channel limits.
const (
	MaxGuildChannels    = 500
	MaxCategoryChannels = 50
)

const codeUnknownChannel = 10003
const codeMaxGuildChannels = 30013

// guildChannels is the fake's record of guild channels. Guarded by s.mu.
type guildChannels struct {
	byID    map[string]*discordgo.Channel
	order   []string // ids in creation order
	deleted []*discordgo.Channel
	members map[string][]string // thread id -> member ids added
}

func (g *guildChannels) init() {
	if g.byID == nil {
		g.byID = map[string]*discordgo.Channel{}
		g.members = map[string][]string{}
	}
}

func (s *Server) channelRoutes(api string) {
	s.route("GET "+api+"/guilds/{guild}/channels", "guild_channels_list", true, s.handleGuildChannels)
	s.route("POST "+api+"/guilds/{guild}/channels", "guild_channel_create", true, s.handleGuildChannelCreate)
	s.route("PATCH "+api+"/channels/{channel}", "channel_edit", true, s.handleChannelEdit)
	s.route("DELETE "+api+"/channels/{channel}", "channel_delete", true, s.handleChannelDelete)
	s.route("PUT "+api+"/channels/{channel}/permissions/{overwrite}", "channel_permission_set", true, s.handleChannelPermission)
	s.route("POST "+api+"/channels/{channel}/threads", "thread_start", true, s.handleThreadStart)
	s.route("PUT "+api+"/channels/{channel}/thread-members/{user}", "thread_member_add", true, s.handleThreadMemberAdd)
}

// copyChannel returns a copy of c with its own overwrites.
func copyChannel(c *discordgo.Channel) *discordgo.Channel {
	d := *c
	d.PermissionOverwrites = nil
	if c.ThreadMetadata != nil {
		m := *c.ThreadMetadata
		d.ThreadMetadata = &m
	}
	for _, o := range c.PermissionOverwrites {
		p := *o
		d.PermissionOverwrites = append(d.PermissionOverwrites, &p)
	}
	return &d
}

// guildListLocked returns the guild's live channels in creation order.
func (s *Server) guildListLocked(guildID string) []*discordgo.Channel {
	var out []*discordgo.Channel
	for _, id := range s.guildChans.order {
		if c := s.guildChans.byID[id]; c != nil && c.GuildID == guildID && !c.IsThread() {
			out = append(out, copyChannel(c))
		}
	}
	return out
}

// AddGuildChannels puts n text channels (named filler-1...) in a guild, as
// if made by someone else, so a test can bring the guild near its limits.
// parentID, if set, puts them in that category.
func (s *Server) AddGuildChannels(guildID, parentID string, n int) []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.guildChans.init()
	var ids []string
	for i := 0; i < n; i++ {
		c := &discordgo.Channel{ID: s.newID(), GuildID: guildID, Name: fmt.Sprintf("filler-%d", i+1), Type: discordgo.ChannelTypeGuildText, ParentID: parentID}
		s.guildChans.byID[c.ID] = c
		s.guildChans.order = append(s.guildChans.order, c.ID)
		ids = append(ids, c.ID)
	}
	s.notifyLocked()
	return ids
}

// GuildChannels returns the guild's channels (not deleted), in creation
// order: copies, with their permission overwrites.
func (s *Server) GuildChannels(guildID string) []*discordgo.Channel {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.guildListLocked(guildID)
}

// GuildChannel returns a channel of any guild by id (nil if unknown or
// deleted).
func (s *Server) GuildChannel(id string) *discordgo.Channel {
	s.mu.Lock()
	defer s.mu.Unlock()
	c := s.guildChans.byID[id]
	if c == nil {
		return nil
	}
	return copyChannel(c)
}

// DeletedChannels returns the channels deleted so far, in order.
func (s *Server) DeletedChannels() []*discordgo.Channel {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []*discordgo.Channel
	for _, c := range s.guildChans.deleted {
		out = append(out, copyChannel(c))
	}
	return out
}

func (s *Server) handleGuildChannels(w http.ResponseWriter, r *http.Request, rec *Request) {
	s.mu.Lock()
	list := s.guildListLocked(r.PathValue("guild"))
	s.mu.Unlock()
	if list == nil {
		list = []*discordgo.Channel{}
	}
	s.replyJSON(w, rec, http.StatusOK, list)
}

func checkOverwrites(os []*discordgo.PermissionOverwrite) *apiError {
	for i, o := range os {
		if o == nil || o.ID == "" || (o.Type != discordgo.PermissionOverwriteTypeRole && o.Type != discordgo.PermissionOverwriteTypeMember) {
			return formError(fmt.Sprintf("permission_overwrites.%d", i), "BASE_TYPE_REQUIRED", "An overwrite needs an id and a type (0 role, 1 member)")
		}
	}
	return nil
}

func checkChannelName(name string) *apiError {
	if n := utf8.RuneCountInString(name); n < 1 || n > 100 {
		return formError("name", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.")
	}
	return nil
}

func (s *Server) handleGuildChannelCreate(w http.ResponseWriter, r *http.Request, rec *Request) {
	guildID := r.PathValue("guild")
	var data discordgo.GuildChannelCreateData
	if err := json.Unmarshal(rec.JSON, &data); err != nil {
		s.replyError(w, rec, invalidJSON(err))
		return
	}
	if e := checkChannelName(data.Name); e != nil {
		s.replyError(w, rec, e)
		return
	}
	if e := checkOverwrites(data.PermissionOverwrites); e != nil {
		s.replyError(w, rec, e)
		return
	}
	s.mu.Lock()
	s.guildChans.init()
	list := s.guildListLocked(guildID)
	var e *apiError
	if len(list) >= MaxGuildChannels {
		e = newAPIError(http.StatusBadRequest, codeMaxGuildChannels, "Maximum number of guild channels reached (500)")
	}
	if e == nil && data.ParentID != "" {
		parent := s.guildChans.byID[data.ParentID]
		switch {
		case parent == nil || parent.GuildID != guildID || parent.Type != discordgo.ChannelTypeGuildCategory:
			e = formError("parent_id", "CHANNEL_PARENT_INVALID", "Category does not exist")
		case data.Type == discordgo.ChannelTypeGuildCategory:
			e = formError("parent_id", "CHANNEL_PARENT_INVALID", "A category cannot have a parent")
		default:
			n := 0
			for _, c := range list {
				if c.ParentID == data.ParentID {
					n++
				}
			}
			if n >= MaxCategoryChannels {
				e = formError("parent_id", "CHANNEL_PARENT_MAX_CHANNELS", "Maximum number of channels in category reached (50)")
			}
		}
	}
	var c *discordgo.Channel
	if e == nil {
		c = &discordgo.Channel{ID: s.newID(), GuildID: guildID, Name: data.Name, Type: data.Type, Topic: data.Topic, ParentID: data.ParentID, Position: data.Position}
		for _, o := range data.PermissionOverwrites {
			p := *o
			c.PermissionOverwrites = append(c.PermissionOverwrites, &p)
		}
		s.guildChans.byID[c.ID] = c
		s.guildChans.order = append(s.guildChans.order, c.ID)
		c = copyChannel(c)
	}
	s.mu.Unlock()
	if e != nil {
		s.replyError(w, rec, e)
		return
	}
	s.replyJSON(w, rec, http.StatusCreated, c)
}

func (s *Server) handleChannelEdit(w http.ResponseWriter, r *http.Request, rec *Request) {
	var data discordgo.ChannelEdit
	if err := json.Unmarshal(rec.JSON, &data); err != nil {
		s.replyError(w, rec, invalidJSON(err))
		return
	}
	if e := checkOverwrites(data.PermissionOverwrites); e != nil {
		s.replyError(w, rec, e)
		return
	}
	s.mu.Lock()
	c := s.guildChans.byID[r.PathValue("channel")]
	var e *apiError
	if c == nil {
		e = newAPIError(http.StatusNotFound, codeUnknownChannel, "Unknown Channel")
	} else {
		if data.Name != "" {
			if e = checkChannelName(data.Name); e == nil {
				c.Name = data.Name
			}
		}
		if data.Topic != "" {
			c.Topic = data.Topic
		}
		if data.ParentID != "" {
			c.ParentID = data.ParentID
		}
		if c.ThreadMetadata != nil && data.Archived != nil {
			c.ThreadMetadata.Archived = *data.Archived
		}
		if c.ThreadMetadata != nil && data.Locked != nil {
			c.ThreadMetadata.Locked = *data.Locked
		}
		if data.PermissionOverwrites != nil {
			c.PermissionOverwrites = nil
			for _, o := range data.PermissionOverwrites {
				p := *o
				c.PermissionOverwrites = append(c.PermissionOverwrites, &p)
			}
		}
		c = copyChannel(c)
	}
	s.mu.Unlock()
	if e != nil {
		s.replyError(w, rec, e)
		return
	}
	s.replyJSON(w, rec, http.StatusOK, c)
}

func (s *Server) handleChannelDelete(w http.ResponseWriter, r *http.Request, rec *Request) {
	id := r.PathValue("channel")
	s.mu.Lock()
	c := s.guildChans.byID[id]
	if c != nil {
		delete(s.guildChans.byID, id)
		s.guildChans.deleted = append(s.guildChans.deleted, c)
		if c.Type == discordgo.ChannelTypeGuildCategory {
			// As on Discord, the category's channels stay, without a parent.
			for _, o := range s.guildChans.byID {
				if o.ParentID == id {
					o.ParentID = ""
				}
			}
		}
		c = copyChannel(c)
	}
	s.mu.Unlock()
	if c == nil {
		s.replyError(w, rec, newAPIError(http.StatusNotFound, codeUnknownChannel, "Unknown Channel"))
		return
	}
	s.replyJSON(w, rec, http.StatusOK, c)
}

func (s *Server) handleChannelPermission(w http.ResponseWriter, r *http.Request, rec *Request) {
	var data struct {
		Type  discordgo.PermissionOverwriteType `json:"type"`
		Allow int64                             `json:"allow,string"`
		Deny  int64                             `json:"deny,string"`
	}
	if err := json.Unmarshal(rec.JSON, &data); err != nil {
		s.replyError(w, rec, invalidJSON(err))
		return
	}
	target := r.PathValue("overwrite")
	s.mu.Lock()
	c := s.guildChans.byID[r.PathValue("channel")]
	if c != nil {
		var kept []*discordgo.PermissionOverwrite
		for _, o := range c.PermissionOverwrites {
			if o.ID != target {
				kept = append(kept, o)
			}
		}
		c.PermissionOverwrites = append(kept, &discordgo.PermissionOverwrite{ID: target, Type: data.Type, Allow: data.Allow, Deny: data.Deny})
		sort.SliceStable(c.PermissionOverwrites, func(i, j int) bool { return c.PermissionOverwrites[i].Type < c.PermissionOverwrites[j].Type })
	}
	s.mu.Unlock()
	if c == nil {
		s.replyError(w, rec, newAPIError(http.StatusNotFound, codeUnknownChannel, "Unknown Channel"))
		return
	}
	s.replyNoContent(w, rec)
}

// Threads returns the threads started in a channel (not deleted), in
// creation order.
func (s *Server) Threads(parentID string) []*discordgo.Channel {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []*discordgo.Channel
	for _, id := range s.guildChans.order {
		if c := s.guildChans.byID[id]; c != nil && c.IsThread() && c.ParentID == parentID {
			out = append(out, copyChannel(c))
		}
	}
	return out
}

// ThreadMembers returns the members added to a thread, in order (the
// bot, which started it, is a member without being added).
func (s *Server) ThreadMembers(threadID string) []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.guildChans.members[threadID]...)
}

func (s *Server) handleThreadStart(w http.ResponseWriter, r *http.Request, rec *Request) {
	var data discordgo.ThreadStart
	if err := json.Unmarshal(rec.JSON, &data); err != nil {
		s.replyError(w, rec, invalidJSON(err))
		return
	}
	if e := checkChannelName(data.Name); e != nil {
		s.replyError(w, rec, e)
		return
	}
	if data.Type != discordgo.ChannelTypeGuildPrivateThread && data.Type != discordgo.ChannelTypeGuildPublicThread {
		s.replyError(w, rec, formError("type", "BASE_TYPE_CHOICES", "Value must be one of {11, 12}."))
		return
	}
	parent := r.PathValue("channel")
	s.mu.Lock()
	s.guildChans.init()
	guildID := ""
	if p := s.guildChans.byID[parent]; p != nil {
		guildID = p.GuildID
	}
	c := &discordgo.Channel{ID: s.newID(), GuildID: guildID, Name: data.Name, Type: data.Type, ParentID: parent, OwnerID: s.opts.BotUserID,
		ThreadMetadata: &discordgo.ThreadMetadata{AutoArchiveDuration: data.AutoArchiveDuration, Invitable: data.Invitable}}
	s.guildChans.byID[c.ID] = c
	s.guildChans.order = append(s.guildChans.order, c.ID)
	c = copyChannel(c)
	s.mu.Unlock()
	s.replyJSON(w, rec, http.StatusCreated, c)
}

func (s *Server) handleThreadMemberAdd(w http.ResponseWriter, r *http.Request, rec *Request) {
	id, user := r.PathValue("channel"), r.PathValue("user")
	s.mu.Lock()
	c := s.guildChans.byID[id]
	ok := c != nil && c.IsThread()
	if ok {
		s.guildChans.members[id] = append(s.guildChans.members[id], user)
	}
	s.mu.Unlock()
	if !ok {
		s.replyError(w, rec, newAPIError(http.StatusNotFound, codeUnknownChannel, "Unknown Channel"))
		return
	}
	s.replyNoContent(w, rec)
}
