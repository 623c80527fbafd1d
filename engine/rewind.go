package engine

import (
	"fmt"
	"maps"
	"strings"
)

// Taking back a named earlier action (issue 22, docs/design.md "Taking
// back an earlier action"). /game undo takes back the last board action
// only (board.go: Undone, one level of state kept). The umpire also needs
// to take back an action further back and everything that followed it:
// RewindTo. Nothing is deleted: a Rewound event records the range of the
// stream taken back, and a fold of the stored log leaves that range out
// (LiveEvents). A state cannot go back by itself (it keeps one level), so
// whoever folds a stored log folds it again from its start when it meets a
// Rewound (bot/settle.go); GameState.Apply of a Rewound alone does only
// what the event itself says (the dice counts, the one-level undo
// dropped). A log without a Rewound folds exactly as before.
//
// Dice are not taken back: the players saw them, and rolling them again
// would tell everyone the next rolls. The dice stream goes on where it
// was (the store keeps its position with the stream, not in the fold), and
// the rolls' numbering goes on too: Rewound carries the counts at the
// moment of the rewind.

// EventRewound is the event type of a rewind.
const EventRewound = "game.rewound"

// Rewound records the umpire taking back the stored events From ..
// From+Count-1 (the stream's versions; the last is the event just before
// this one) with his reason.
type Rewound struct {
	By     Actor  `json:"by"`
	From   int64  `json:"from"`
	Count  int    `json:"count"`
	Reason string `json:"reason"`
	// Rolls and SecretRolls are the rolls' counts when the rewind was
	// made: the numbering goes on from them (dice rolled stay rolled).
	Rolls       int64            `json:"rolls,omitempty"`
	SecretRolls map[string]int64 `json:"secret_rolls,omitempty"`
}

// EventType implements Event.
func (*Rewound) EventType() string { return EventRewound }

// StoredEvent is an event with its version in its stream.
type StoredEvent struct {
	Version int64
	Event   Event
}

// LiveEvents returns the events a fold of a stored log reads: every event
// but those a Rewound took back (a Rewound itself taken back by a later
// one included: its range stays taken back, since the later range holds
// it). The order is kept.
func LiveEvents(evs []StoredEvent) []StoredEvent {
	var spans [][2]int64 // [from, to) taken back
	for _, se := range evs {
		if r, ok := se.Event.(*Rewound); ok && r.Count > 0 {
			spans = append(spans, [2]int64{r.From, r.From + int64(r.Count)})
		}
	}
	if len(spans) == 0 {
		return evs
	}
	out := make([]StoredEvent, 0, len(evs))
	for _, se := range evs {
		taken := false
		for _, s := range spans {
			if se.Version >= s[0] && se.Version < s[1] {
				taken = true
				break
			}
		}
		if !taken {
			out = append(out, se)
		}
	}
	return out
}

// HasRewind reports whether any of evs is a Rewound: a fold that meets one
// must fold the stored log again from its start (LiveEvents).
func HasRewind(evs []Event) bool {
	for _, e := range evs {
		if _, ok := e.(*Rewound); ok {
			return true
		}
	}
	return false
}

// GameStart is a game's own event that starts it where the kernel's
// GameStarted does not (LITN's litn.Started).
type GameStart interface{ StartsGame() }

// StartsGame reports whether e starts a game: the actions a rewind may
// name come after it.
func StartsGame(e Event) bool {
	if _, ok := e.(*GameStarted); ok {
		return true
	}
	_, ok := e.(GameStart)
	return ok
}

// Lasting is an event a rewind may not take back, because something
// outside the fold keeps it (a side's record sheet, read from the stream
// as stored: litn.SheetLoaded).
type Lasting interface{ Lasting() }

// RewindTo takes back the live events from From on (the umpire's
// /game undo to:<n>). The caller, who holds the stored log, gives the
// events taken back and the game as it stood before the first of them.
type RewindTo struct {
	By     Actor
	Reason string
	From   int64
	Taken  []StoredEvent // the live events from From to the end, in order
	Before GameState     // the fold of the live events before From
}

// CommandName implements Command.
func (RewindTo) CommandName() string { return "game undo" }

// decideRewind decides a rewind. It is refused when the events taken back
// cross a step or a turn of the sequence of play: steps start deadlines,
// clocks and the players' waits, and taking one back would leave those
// outside the fold (a reminder sent, a step's procedure rolled and seen)
// out of step with the state. Within the step under way the fold alone
// says what is what, so that is where the rewind is allowed: the simple
// safe choice (a step already passed is corrected by hand, /unit set).
func (g GameState) decideRewind(cmd RewindTo) ([]Event, error) {
	if err := g.MayRewind(cmd.By, cmd.Reason); err != nil {
		return nil, err
	}
	if len(cmd.Taken) == 0 || cmd.Taken[0].Version != cmd.From {
		return nil, Invalid("game.undo_to", fmt.Sprintf("There is no action #%d to take back", cmd.From), "/game history lists the actions with their numbers")
	}
	if !cmd.Before.Started || cmd.Before.Turn != g.Turn || !cmd.Before.Sequence.SameStep(g.Sequence) {
		return nil, Illegal("game.undo_step", fmt.Sprintf("Action #%d was made before the step under way", cmd.From),
			"Take back within the step under way (/game history marks what may be taken back); correct an earlier step's result by hand (/unit set)")
	}
	for _, se := range cmd.Taken {
		if !Rewindable(se.Event) {
			return nil, Illegal("game.undo_lasting", fmt.Sprintf("Event #%d (%s) cannot be taken back", se.Version, se.Event.EventType()),
				"Take back only what followed it")
		}
	}
	r := &Rewound{By: cmd.By, From: cmd.From, Count: int(cmd.Taken[len(cmd.Taken)-1].Version - cmd.From + 1), Reason: cmd.Reason, Rolls: g.Rolls}
	if len(g.SecretRolls) > 0 {
		r.SecretRolls = maps.Clone(g.SecretRolls)
	}
	return []Event{r}, nil
}

// MayRewind checks what a rewind needs before its range is known: the
// umpire, a reason, a game under way. The bot asks it before reading the
// log, so that a player is refused with nothing of it.
func (g GameState) MayRewind(by Actor, reason string) error {
	if err := g.NeedGame(); err != nil {
		return err
	}
	if !g.IsUmpire(by) {
		return Illegal("game.umpire", "Only the umpire takes back actions", fmt.Sprintf("Ask %s", g.Umpire.Name))
	}
	if strings.TrimSpace(reason) == "" {
		return Invalid("game.reason", "The umpire gives a reason to take actions back", "Add reason:<why>: the table reads it")
	}
	if !g.Started {
		return Illegal("game.not_started", "The game has not started: there is no action to take back", "Players mend their joins with /game join or /game leave")
	}
	if g.Ended != nil {
		return Illegal("game.ended", "The game has ended", "")
	}
	return nil
}

// Rewindable reports whether a rewind may take e back: not the game's
// creation, joins, start or end, its channels, an imported order of
// battle, a deadline missed or defaulted (the scheduler would at once
// apply it again), nor a Lasting event.
func Rewindable(e Event) bool {
	switch e.(type) {
	case *GameCreated, *GameJoined, *GameLeft, *GameStarted, *GameEnded, *ChannelsRecorded, *ChannelsClosed,
		*OOBImported, *DeadlineMissed, *DeadlineDefaulted:
		return false
	}
	_, lasting := e.(Lasting)
	return !lasting && !StartsGame(e)
}

// rewound folds a Rewound: the dice counts go on from where they were, and
// the one-level undo has nothing left to take back. The state before the
// range is the caller's fold (LiveEvents).
func (g GameState) rewound(e *Rewound) GameState {
	g.Rolls = max(g.Rolls, e.Rolls)
	if len(e.SecretRolls) > 0 {
		m := maps.Clone(g.SecretRolls)
		if m == nil {
			m = map[string]int64{}
		}
		for k, v := range e.SecretRolls {
			m[k] = max(m[k], v)
		}
		g.SecretRolls = m
	}
	g.prev, g.lastAction = nil, ""
	return g
}
