package engine

import (
	"fmt"
	"maps"
	"sort"
)

// A game's Discord channels (issue 8: "a private channel per commander").
// The engine knows nothing of Discord: the adapter creates the channels
// after /game start and records their ids with RecordChannels, so that a
// restart keeps them; when the game ends it archives or deletes them and
// records that with CloseChannels. The console has no channels and never
// sends these commands.

// Event types of the channels module.
const (
	EventChannelsRecorded = "game.channels"
	EventChannelsClosed   = "game.channels_closed"
)

// Ways the umpire closes a game's channels when it ends.
const (
	ChannelsArchive = "archive" // kept, read-only for the commanders
	ChannelsDelete  = "delete"  // removed
)

// ChannelsState is where a game's private channels are: the category
// that holds them and each commander's channel by user id. With Threads
// they are private threads of the table channel (a guild short of
// channels), and Category is that table channel.
type ChannelsState struct {
	Category string
	Players  map[string]string // commander's user id -> channel id
	Threads  bool
	// Umpire is the umpire's private channel (issue 19): the creator and
	// the umpire role see it, no player does. "" in games whose channels
	// were made before it.
	Umpire string
	// Closed is "", ChannelsArchive or ChannelsDelete.
	Closed string
}

// Channel returns the private channel of a commander, while the game's
// channels are open.
func (c ChannelsState) Channel(userID string) (string, bool) {
	if c.Closed != "" {
		return "", false
	}
	id, ok := c.Players[userID]
	return id, ok && id != ""
}

// UmpireChannel returns the umpire's private channel, while the game's
// channels are open.
func (c ChannelsState) UmpireChannel() (string, bool) {
	if c.Closed != "" || c.Umpire == "" {
		return "", false
	}
	return c.Umpire, true
}

// RecordChannels records the channels the adapter created for a started
// game.
type RecordChannels struct {
	By       Actor
	Category string
	Players  map[string]string
	Threads  bool
	Umpire   string // the umpire's private channel, "" when none was made
}

// CloseChannels records that the channels were archived or deleted.
type CloseChannels struct {
	By   Actor
	Mode string
}

// CommandName implements Command.
func (RecordChannels) CommandName() string { return "game channels" }

// CommandName implements Command.
func (CloseChannels) CommandName() string { return "game channels close" }

// ChannelsRecorded is the event of RecordChannels.
type ChannelsRecorded struct {
	By       Actor             `json:"by"`
	Category string            `json:"category"`
	Players  map[string]string `json:"players"`
	Threads  bool              `json:"threads,omitempty"`
	Umpire   string            `json:"umpire,omitempty"`
}

// ChannelsClosed is the event of CloseChannels.
type ChannelsClosed struct {
	By   Actor  `json:"by"`
	Mode string `json:"mode"`
}

// EventType implements Event.
func (*ChannelsRecorded) EventType() string { return EventChannelsRecorded }

// EventType implements Event.
func (*ChannelsClosed) EventType() string { return EventChannelsClosed }

// channelsModule is the game's Discord channels (a kernel module: every game has them).
func channelsModule() Module {
	return Module{Name: "channels",
		Commands: []Command{RecordChannels{}, CloseChannels{}}, Decide: Claims(decideChannels),
		Events: []Event{&ChannelsRecorded{}, &ChannelsClosed{}},
		Apply:  Folds(applyChannels)}
}

func decideChannels(g GameState, cmd Command, _ Dice) ([]Event, bool, error) {
	switch cmd := cmd.(type) {
	case RecordChannels:
		return g.recordChannels(cmd)
	case CloseChannels:
		return g.closeChannels(cmd)
	}
	return nil, false, nil
}

func (g GameState) recordChannels(cmd RecordChannels) ([]Event, bool, error) {
	if err := g.NeedGame(); err != nil {
		return nil, true, err
	}
	if !g.Started {
		return nil, true, Illegal("channels.not_started", "The game's channels are made when it starts", "The umpire starts it with /game start")
	}
	if !g.IsUmpire(cmd.By) {
		return nil, true, Illegal("channels.umpire", "Only the umpire sets up the game's channels", fmt.Sprintf("Ask %s", g.Umpire.Name))
	}
	if g.Channels.Category != "" && g.Channels.Closed == "" {
		// A game whose channels were made before the umpire's channel
		// existed (issue 19) gets it added, and nothing else changes.
		c := g.Channels
		if c.Umpire != "" || cmd.Umpire == "" || cmd.Category != c.Category || cmd.Threads != c.Threads || !maps.Equal(cmd.Players, c.Players) {
			return nil, true, Illegal("channels.exist", "The game already has its channels", "")
		}
	}
	if cmd.Category == "" {
		return nil, true, Invalid("channels.category", "No category was given for the game's channels", "Give the id of the category that holds them")
	}
	players := map[string]string{}
	for _, p := range g.Players {
		id := cmd.Players[p.Actor.ID]
		if id == "" {
			return nil, true, Invalid("channels.player", fmt.Sprintf("%s has no private channel", p.Actor.Name), "Give every commander a channel")
		}
		players[p.Actor.ID] = id
	}
	if len(cmd.Players) != len(players) {
		var extra []string
		for id := range cmd.Players {
			if _, ok := players[id]; !ok {
				extra = append(extra, id)
			}
		}
		sort.Strings(extra)
		return nil, true, Invalid("channels.player", fmt.Sprintf("%v do not command in this game", extra), "Give channels to the game's commanders only")
	}
	for _, id := range players {
		if cmd.Umpire != "" && id == cmd.Umpire {
			return nil, true, Invalid("channels.umpire", "The umpire's channel is a commander's", "Give the umpire a channel of his own")
		}
	}
	return []Event{&ChannelsRecorded{By: cmd.By, Category: cmd.Category, Players: players, Threads: cmd.Threads, Umpire: cmd.Umpire}}, true, nil
}

func (g GameState) closeChannels(cmd CloseChannels) ([]Event, bool, error) {
	if err := g.NeedGame(); err != nil {
		return nil, true, err
	}
	if !g.IsUmpire(cmd.By) {
		return nil, true, Illegal("channels.umpire", "Only the umpire closes the game's channels", fmt.Sprintf("Ask %s", g.Umpire.Name))
	}
	if cmd.Mode != ChannelsArchive && cmd.Mode != ChannelsDelete {
		return nil, true, Invalid("channels.mode", fmt.Sprintf("%q is not a way to close the channels", cmd.Mode), "Use archive or delete")
	}
	if g.Channels.Category == "" || g.Channels.Closed == ChannelsDelete || g.Channels.Closed == cmd.Mode {
		return nil, true, Illegal("channels.none", "The game has no open channels to "+cmd.Mode, "")
	}
	return []Event{&ChannelsClosed{By: cmd.By, Mode: cmd.Mode}}, true, nil
}

func applyChannels(g GameState, e Event) (GameState, bool) {
	switch e := e.(type) {
	case *ChannelsRecorded:
		players := make(map[string]string, len(e.Players))
		for k, v := range e.Players {
			players[k] = v
		}
		g.Channels = ChannelsState{Category: e.Category, Players: players, Threads: e.Threads, Umpire: e.Umpire}
		return g, true
	case *ChannelsClosed:
		c := g.Channels
		c.Closed = e.Mode
		g.Channels = c
		return g, true
	}
	return g, false
}
