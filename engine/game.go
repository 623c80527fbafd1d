package engine

import (
	"encoding/json"
	"strings"
)

// GameOptions are the choices made when a game is created; they are fixed
// once it starts.
type GameOptions struct {
	Scenario     string `json:"scenario"` // catalogue id, e.g. "lrtg-high-tide"
	JacksonLives bool   `json:"jackson_lives,omitempty"`
	Supply       string `json:"supply"`         // normal, simplified or augmented (LRTG 24)
	Comms        int    `json:"communications"` // communications option 1, 2 or 3 (LRTG 21)
	TimeLimit    bool   `json:"time_limitation,omitempty"`
	LimitedIntel bool   `json:"limited_intelligence,omitempty"` // hidden information: limited or double-blind
	// Intel is the intelligence mode (view.go): open, limited or
	// double-blind; "" is open, or limited with LimitedIntel.
	Intel         string `json:"intelligence,omitempty"`
	Knowledge     string `json:"knowledge,omitempty"` // side (default) or commander (double-blind only)
	Sighting      int    `json:"sighting,omitempty"`  // double-blind sighting range in hexes (0: the default)
	PrelimVictory bool   `json:"preliminary_victory,omitempty"`
	BrandyStation bool   `json:"brandy_station,omitempty"`
	Halleck       bool   `json:"halleck,omitempty"`
	Objectives    bool   `json:"confederate_objectives,omitempty"` // LRTA 22.0 (optional)
	Optional      []int  `json:"optional_rules,omitempty"`         // other optional rules by number, 18-31

	// OverallRestrictions is 21.1's Optional Overall Commander
	// Restrictions (003 2 a), b)): phase2.go. It matters with several
	// commanders a side only.
	OverallRestrictions bool `json:"overall_restrictions,omitempty"`

	// Rules are the options of the game's own ruleset, each under the key
	// the ruleset reads (its rules' name): stored beside the kernel's in
	// the options' JSON object (options.go). The kernel keeps them as
	// stored and never reads them.
	Rules map[string]json.RawMessage `json:"-"`

	// Game is the game's ruleset (Ruleset.ID), recorded when it is created;
	// "" in games stored before it, whose scenario says (Rulesets.Of).
	Game Game `json:"game,omitempty"`

	// Readings is the edition of the rules' readings the game was created
	// under (ReadingsNow, stamped by /game new: decideNewGame). A ruling
	// that changes how a rule is read applies to the games created after
	// it; a game stored before it keeps the reading it was played with
	// (0: every game stored before the stamp).
	Readings int `json:"readings,omitempty"`
	// Steps is how the game steps through its turns (sequence_auto.go,
	// issue 22): StepsAuto, the game begins the next step by itself when
	// the one under way waits for no one; StepsManual or "" (every game
	// stored before the option), the umpire steps by hand (/phase next).
	Steps string `json:"steps,omitempty"`
}

// The editions of the rules' readings (GameOptions.Readings):
//
//  1. LRTG 21.1: Imboden, Jenkins and the 12 VA are commanded by their
//     own names, not under the Confederate cavalry corps (issue 22;
//     engine/lrtg command_division.go).
const ReadingsNow = 1

// Player is a member of a game: a commander of a side.
type Player struct {
	Actor    Actor    `json:"actor"`
	Side     Side     `json:"side"`
	Overall  bool     `json:"overall"`            // the side's overall commander
	Commands []string `json:"commands,omitempty"` // the corps and designations he commands
}

// UnitState is a unit as the game holds it.
type UnitState struct {
	ID       string   `json:"id"`
	Name     string   `json:"name"`
	Side     Side     `json:"side"`
	Kind     UnitKind `json:"kind"`
	Command  string   `json:"command,omitempty"`
	Manpower int      `json:"manpower,omitempty"`
	Fatigue  int      `json:"fatigue,omitempty"`
	OnMap    bool     `json:"on_map"`
	Hex      Hex      `json:"hex"`
	Ref      string   `json:"ref,omitempty"` // printed hex
	Track    string   `json:"track,omitempty"`
	Slot     int      `json:"slot,omitempty"`
	Marks    []string `json:"marks,omitempty"`
	// Eliminated units are out of play (and off the map).
	Eliminated bool `json:"eliminated,omitempty"`
	// Status: status.go (exhaustion, organisation, demoralization,
	// entrenchment, ammunition).
	Status UnitStatus `json:"status,omitzero"`
	// Attachment: attach.go (substitutes and detachments).
	Detached UnitDetachment `json:"detached,omitzero"`
}

// GameState is the state of a game's stream: the fold of its events.
type GameState struct {
	Created  bool
	Options  GameOptions
	Umpire   Actor
	SeedHash string // the dice commitment published at the start
	// DiceScheme is how SeedHash commits to the seed (dice.go); ChosenSeed
	// that the umpire chose the seed, which everyone is told.
	DiceScheme int
	ChosenSeed bool
	Players    []Player
	Started    bool
	Turn       int
	Units      map[string]UnitState
	Rolls      int64 // the public rolls so far
	// SecretRolls counts each audience's secret rolls (rollstream.go).
	SecretRolls map[string]int64
	Ended       *GameEnded // set when the game has ended: the seed is public
	Paused      bool
	// TurnRecord is the turn record so far (turn.go): each finished
	// turn's line, with what the game records of it (LRTG: VP, morale).
	TurnRecord []TurnPoint
	Sequence   SequenceState // sequence.go: the step under way (003 Detailed Sequence of Play)
	Channels   ChannelsState // channels.go: the game's Discord category and private channels (issue 8)
	Deadlines  DeadlineState // deadline.go: deadlines and reminders for slow games (issue 9)
	// Own is the state of the game's own rules, of its ruleset's type
	// (litn.State): the kernel never reads it; a snapshot writes it with
	// the ruleset's Hooks.EncodeState.
	Own any
	// rules is the game's ruleset (ruleset.go), from its creation: nil for
	// a game of the kernel's built-in modules.
	rules *Ruleset
	// prev is the state before the last board action, for the umpire's
	// undo (one level); lastAction names that action.
	prev       *GameState
	lastAction string
	// units is set only inside ApplyAll (fold.go): the units maps that
	// bulk fold owns and a board action may change in place.
	units *unitBuffers
}

// IsUmpire reports whether a is the game's umpire: its creator, or a
// member of the umpire role the adapter vouches for (Actor.Umpire), but
// never one who commands a side in it. A player is a player: a role
// member who joins a side gives up the umpire's powers in that game (he
// keeps them in every other), so he reads nothing of the enemy's and
// steps no phase (docs/authorization.md). The creator may join only an
// open game, and keeps the powers there (UmpirePlays); a creator who
// joined a hidden game before that rule holds no powers.
func (g GameState) IsUmpire(a Actor) bool {
	if g.Player(a.ID) == nil {
		return a.ID == g.Umpire.ID || a.Umpire
	}
	return a.ID == g.Umpire.ID && g.UmpirePlays()
}

// UmpirePlays says whether the game's creator commands a side and keeps
// the umpire's powers: only in an open LRTG or LRTA game, where the rules
// hide no units from a player, and everyone is told (docs/authorization.md,
// "A player is a player"). A group of two with no neutral member plays
// that way; a hidden game needs an umpire who plays no side.
func (g GameState) UmpirePlays() bool {
	return g.Player(g.Umpire.ID) != nil && g.creatorMayPlay()
}

// creatorMayPlay: nothing the umpire reads is hidden from the players by
// the intelligence rules (LRTG 20) or by the game's own rules (its
// ruleset's hook: a secret record sheet).
func (g GameState) creatorMayPlay() bool {
	if g.rules != nil && g.rules.hooks.CreatorMayPlay != nil && !g.rules.hooks.CreatorMayPlay(g) {
		return false
	}
	return g.Options.IntelMode() == IntelOpen
}

// Player returns the player with the user id, or nil.
func (g GameState) Player(id string) *Player {
	for i := range g.Players {
		if g.Players[i].Actor.ID == id {
			return &g.Players[i]
		}
	}
	return nil
}

// Game commands.
type (
	// NewGame creates a game in a channel.
	NewGame struct {
		By      Actor
		Options GameOptions
		// Rules is the game's ruleset; nil for a game of the kernel's
		// built-in modules.
		Rules *Ruleset
		// ReadingsBefore creates the game as games were created before
		// their readings were stamped (GameOptions.Readings 0), so that a
		// stored game's script replays as it was played (the bot's stored
		// logs' tests). Nothing a player sends sets it.
		ReadingsBefore bool
	}
	// JoinGame makes the actor a commander of a side.
	JoinGame struct {
		By       Actor
		Side     Side
		Commands []string
		// OOB is the order of battle /game start would set up now (the
		// umpire's import or the shipped one), so a join's commands are
		// checked when they are made (Hooks.CheckJoin); nil: not checked.
		OOB *OrderOfBattle
	}
	// StartGame builds the order of battle and fixes the options.
	StartGame struct {
		By  Actor
		OOB *OrderOfBattle
		// Slots are the chart slots the game's rules read (the bot's
		// choice: its game's rules data), Charts the server's loaded
		// copies: the game keeps those of its slots as at its start, as a
		// LITN game does (GameStarted.Charts).
		Slots  []*ChartSlot
		Charts map[string]*LoadedChart
	}
)

// CommandName implements Command.
func (NewGame) CommandName() string { return "game new" }

// CommandName implements Command.
func (JoinGame) CommandName() string { return "game join" }

// CommandName implements Command.
func (StartGame) CommandName() string { return "game start" }

// LeaveGame takes the actor off his side before the start (issue 22).
type LeaveGame struct {
	By Actor
}

// CommandName implements Command.
func (LeaveGame) CommandName() string { return "game leave" }

// Game events.
const (
	EventGameCreated = "game.created"
	EventGameJoined  = "game.joined"
	EventGameLeft    = "game.left"
	EventGameStarted = "game.started"
)

// GameCreated records a new game: its options, its umpire, and the
// commitment to its dice seed (the seed itself is revealed when the game
// ends). DiceScheme says how SeedHash commits (dice.go; absent in games
// created before the salt: the legacy SHA-256 of the seed); ChosenSeed
// that the umpire chose the seed, so he can know the dice.
type GameCreated struct {
	Options    GameOptions `json:"options"`
	Umpire     Actor       `json:"umpire"`
	SeedHash   string      `json:"seed_sha256"`
	DiceScheme int         `json:"dice_scheme,omitempty"`
	ChosenSeed bool        `json:"chosen_seed,omitempty"`
	// Rules is the game's ruleset: set by the decision, and by
	// Rulesets.DecodeEvent from Options.Game (or, in a game stored before
	// it, the scenario). Not stored.
	Rules *Ruleset `json:"-"`
}

// EventType implements Event.
func (*GameCreated) EventType() string { return EventGameCreated }

// GameJoined records a player joining a side. Replaces says the player had
// joined before (before the start) and this join replaces his earlier one:
// his side and commands are these now.
type GameJoined struct {
	Player   Player `json:"player"`
	Replaces bool   `json:"replaces,omitempty"`
}

// EventType implements Event.
func (*GameJoined) EventType() string { return EventGameJoined }

// GameLeft records a player leaving his side before the start.
type GameLeft struct {
	Actor Actor `json:"actor"`
}

// EventType implements Event.
func (*GameLeft) EventType() string { return EventGameLeft }

// withoutPlayer is the players less the one with the id. Should he have
// been his side's overall commander, the earliest joined who remains on
// that side becomes it (the first on a side is its overall commander).
func withoutPlayer(players []Player, id string) []Player {
	return removePlayer(players, id, true)
}

// removePlayer is withoutPlayer; promote false leaves the side without an
// overall commander (a rejoin that keeps his side and his place).
func removePlayer(players []Player, id string, promote bool) []Player {
	var out []Player
	var gone *Player
	for i, p := range players {
		if p.Actor.ID == id {
			gone = &players[i]
			continue
		}
		out = append(out, p)
	}
	if promote && gone != nil && gone.Overall {
		for i := range out {
			if out[i].Side == gone.Side {
				out[i].Overall = true
				break
			}
		}
	}
	return out
}

// GameStarted records the set-up: every unit as it starts.
type GameStarted struct {
	Variant string      `json:"variant,omitempty"`
	Units   []UnitState `json:"units"`
	// The rest of the set-up (000 VIII): depots, stations that start
	// damaged, and each side's time chits (22.5).
	Depots  []StartDepot `json:"depots,omitempty"`
	Damaged []string     `json:"damaged_stations,omitempty"`
	Chits   map[Side]int `json:"time_chits,omitempty"`
	// Charts are the group's copies of the game's chart slots loaded on
	// the server when it started (nil when none was): the game settles
	// with them, and a slot loaded later serves the next game.
	Charts map[string]*LoadedChart `json:"charts,omitempty"`
}

// StartDepot is a depot on the map at the start. An optional one (the
// Confederate depot at Culpeper, "placement optional") is placed: its
// owner may remove it.
type StartDepot struct {
	Side     Side   `json:"side"`
	Place    string `json:"place"`
	Optional bool   `json:"optional,omitempty"`
}

// EventType implements Event.
func (*GameStarted) EventType() string { return EventGameStarted }

// Seeder is dice that know their seed: what the game commits to at its
// start and reveals at its end (dice.go), and whether the umpire chose it.
type Seeder interface {
	Reveal() DiceSeed
	Chosen() bool
}

// Apply returns the state after e. The receiver's maps are not changed.
//
// The umpire's undo takes back the last board action and nothing after
// it: an event that is not a board action (a roll, a step of the sequence
// of play, a declaration, a random event) is folded into the state the
// undo returns to as well.
func (g GameState) Apply(e Event) GameState {
	next := g.fold(e)
	if _, part := e.(PartOfAction); g.prev != nil && next.prev == g.prev && !part {
		// Folded with clones, never in a bulk fold's maps (fold.go): one
		// of them may be the units of next.
		before := *g.prev
		before.units = nil
		p := before.fold(e)
		p.prev, p.lastAction = nil, ""
		next.prev = g.foldedPrev(p) // fold.go
	}
	return next
}

// PartOfAction is an event that completes the board action before it, in
// the same command (the VP bonus a destruction completes): the umpire's
// undo takes it back with the action.
type PartOfAction interface{ PartOfAction() }

func (g GameState) fold(e Event) GameState {
	next := g.foldEvent(e)
	if next.rules != nil && next.rules.hooks.Folded != nil {
		next = next.rules.hooks.Folded(g, next, e) // the game's (LRTG: the unit log, sightings)
	}
	return next
}

// foldEvent folds an event: a ruleset's own events by its modules; the
// kernel's (and the built-in modules') by the kernel, then by the
// ruleset's subscribers to them.
func (g GameState) foldEvent(e Event) GameState {
	if next, ok := g.rules.apply(g, e); ok {
		return next
	}
	next := g.foldKernel(e)
	return next.rules.react(next, e)
}

func (g GameState) foldKernel(e Event) GameState {
	if next, ok := g.applyBoard(e); ok {
		return next
	}
	if next, ok := KernelRules().apply(g, e); ok {
		return next
	}
	switch e := e.(type) {
	case *GameCreated:
		g.Created, g.Options, g.Umpire, g.SeedHash = true, e.Options, e.Umpire, e.SeedHash
		g.DiceScheme, g.ChosenSeed = e.DiceScheme, e.ChosenSeed
		g.rules = e.Rules
	case *GameJoined:
		// A rejoin (issue 22) replaces the earlier join; an overall
		// commander who stays on his side stays overall (decideJoin).
		stays := false
		if p := g.Player(e.Player.Actor.ID); p != nil {
			stays = p.Side == e.Player.Side && p.Overall && e.Player.Overall
		}
		g.Players = append(removePlayer(g.Players, e.Player.Actor.ID, !stays), e.Player)
	case *GameLeft:
		g.Players = withoutPlayer(g.Players, e.Actor.ID)
	case *GameStarted:
		g.Started, g.Turn = true, 1
		g.Units = make(map[string]UnitState, len(e.Units))
		for _, u := range e.Units {
			g.Units[u.ID] = u
		}
		// The rest of the set-up (its units' statuses, depots, damaged
		// stations, time chits) is the game's: its module subscribing to
		// GameStarted (LRTG: setupModule).
	case *GameEnded:
		g.Ended = e
	case *DiceRolled, *TableRolled, *ChartRolled:
		g = g.foldRoll(e) // rollstream.go: the public count, or a secret roll's audience's
	}
	return g
}

func Illegal(code, what, hint string) *RuleError {
	return &RuleError{Kind: ErrIllegal, Code: code, What: what, Hint: hint}
}

// Decide settles a command against the game. Rolls in a game's channel are
// the game's rolls, numbered with it.
func (g GameState) Decide(cmd Command, d Dice) ([]Event, error) {
	switch cmd := cmd.(type) {
	case NewGame:
		return g.decideNewGame(cmd, d)
	case JoinGame:
		return g.decideJoin(cmd)
	case LeaveGame:
		return g.decideLeave(cmd)
	case StartGame:
		return g.decideStart(cmd)
	case EndGame:
		return g.decideEndGame(cmd, d)
	case MoveUnits, SetUnit, EliminateUnit, MarkUnit, UndoLast, PauseGame:
		return g.decideBoard(cmd, d)
	case RewindTo:
		return g.decideRewind(cmd) // rewind.go
	case RollDice, RollTable, RollChart:
		if err := g.NeedGame(); err != nil {
			return nil, err
		}
		if g.Ended != nil {
			return nil, Illegal("game.ended", "The game has ended", "Roll in another channel, or start a new game")
		}
		return g.typedRoll(cmd, d) // rollstream.go: the free stream
	}
	if evs, ok, err := g.rules.decide(g, cmd, d); ok {
		return evs, err
	}
	if evs, ok, err := KernelRules().decide(g, cmd, d); ok {
		return evs, err
	}
	if f, ok := cmd.(ForeignCommand); ok {
		return nil, f.Foreign(g)
	}
	if !g.Created {
		// A game's command where there is no game, so no ruleset to
		// decide it: say so, as the game's own modules do.
		return nil, g.NeedGame()
	}
	return nil, &RuleError{Kind: ErrInvalid, Code: "command.unknown", What: "The command " + cmd.CommandName() + " is not a game command", Hint: "Use /help"}
}

func (g GameState) NeedGame() error {
	if !g.Created {
		return Illegal("game.none", "There is no game in this channel", "Create one with /game new scenario:<scenario>")
	}
	return nil
}

// checkOptions checks a new game's options: the kernel's own (the
// intelligence modes, view.go), then the game's (Hooks.CheckOptions).
func checkOptions(o GameOptions, rules *Ruleset) error {
	if err := checkIntelOptions(o); err != nil {
		return err
	}
	if err := checkStepsOption(o); err != nil {
		return err
	}
	if rules != nil && rules.hooks.CheckOptions != nil {
		return rules.hooks.CheckOptions(o)
	}
	return nil
}

func Contains(xs []string, s string) bool {
	for _, x := range xs {
		if strings.EqualFold(x, s) {
			return true
		}
	}
	return false
}
