package engine

import (
	"fmt"
	"maps"
	"sort"
)

// Board commands: what players do on the table. Each becomes an event;
// each is refused with the reason when the actor may not do it.
type (
	// MoveUnits moves units (a stack) to a hex.
	MoveUnits struct {
		By    Actor
		Units []string
		To    Hex
		Ref   string // the printed hex, for the record
		// The movement rules (move.go): the mode ("", "rail",
		// "strategic"), a strategic move's fatigue levels and whether the
		// side is passive, the umpire's reason to set a rule aside, and
		// the scenario data the checks need (nil: no map checks).
		Mode    string
		Fatigue int
		Passive bool
		Reason  string
		Data    *MoveData
		// Path is a march's hexes in order after the hex the stack starts
		// in, the last of them To (nil: To alone, a one-hex step, or the
		// umpire's placement; lrtg/move_path.go).
		Path []Hex
		// Extended: the march goes on past its movement allowance as an
		// extended march (lrtg/move_extended.go); MarchModifiers names
		// the extended march modifiers of the group's table its mover
		// states (gcacw.extended-march-modifiers).
		Extended       bool
		MarchModifiers []string
		// Refs are the march's hexes as the mover named them (Path's, or
		// To's alone), which the record and the replies echo: a hex printed
		// on two sheets has two names (nil: their first printed numbers).
		Refs []string
		// Terrain is what the mover states of each step of the march, in
		// its order, where the terrain layer is silent: the terrain cost
		// chart's rows joined with "+" ("Woods", "road: Pike",
		// "Clear + hexside: Creek"), "" or "-" for a step he does not
		// state (lrtg/move_stated.go). nil: he states none.
		Terrain []string
	}
	// SetUnit sets a unit's manpower, fatigue or a status field
	// (status.go: organization, exhaustion, demoralization, entrenchment,
	// ammunition).
	SetUnit struct {
		By    Actor
		Unit  string
		Field string // "manpower", "fatigue" or a status field
		Value int
		// Text is a status field's value as typed ("disorganized", "low",
		// "2"); empty: Value.
		Text string
		// Cause of a manpower loss (LossCauses); the combat causes award
		// Victory Points (000 VII 6). Of a gain of manpower or entrenchment:
		// one the rules allow (ManpowerGainCauses, EntrenchCauses), which a
		// player must give (unitlog.go).
		Cause  string
		Reason string
	}
	// EliminateUnit removes a unit from play.
	EliminateUnit struct {
		By     Actor
		Unit   string
		Reason string
	}
	// MarkUnit puts a status mark on a unit or takes it off.
	MarkUnit struct {
		By     Actor
		Unit   string
		Mark   string
		Off    bool
		Cause  string // "entrenched" put on by a player: a cause the rules allow (unitlog.go)
		Reason string
	}
	// UndoLast takes back the last board action (umpire).
	UndoLast struct {
		By     Actor
		Reason string
	}
	// PauseGame stops (or, with Resume, restarts) the players' board actions.
	PauseGame struct {
		By     Actor
		Resume bool
		Reason string
	}
)

// CommandName implements Command.
func (MoveUnits) CommandName() string { return "move" }

// CommandName implements Command.
func (SetUnit) CommandName() string { return "unit set" }

// CommandName implements Command.
func (EliminateUnit) CommandName() string { return "unit eliminate" }

// CommandName implements Command.
func (MarkUnit) CommandName() string { return "unit mark" }

// CommandName implements Command.
func (UndoLast) CommandName() string { return "game undo" }

// UnitMarks are the marks a unit can carry on the table that are not a
// status: statuses are typed (status.go), and the old status words
// (IsStatusMark) are taken as status changes.
var UnitMarks = []string{"flanks-refused", "out-of-supply", "fort"}

// CommandName implements Command.
func (PauseGame) CommandName() string { return "game pause" }

// Board events.
const (
	EventUnitsMoved     = "units.moved"
	EventUnitSet        = "unit.set"
	EventUnitEliminated = "unit.eliminated"
	EventUndone         = "game.undone"
	EventPaused         = "game.paused"
	EventUnitMarked     = "unit.marked"
)

// UnitMarked records a mark put on (or taken off) a unit.
type UnitMarked struct {
	By     Actor  `json:"by"`
	Unit   string `json:"unit"`
	Mark   string `json:"mark"`
	Off    bool   `json:"off,omitempty"`
	Reason string `json:"reason,omitempty"`
}

// EventType implements Event.
func (*UnitMarked) EventType() string { return EventUnitMarked }

// UnitsMoved records a move of a stack.
type UnitsMoved struct {
	By    Actor    `json:"by"`
	Units []string `json:"units"`
	To    Hex      `json:"to"`
	Ref   string   `json:"ref"`
	// Movement rules (move.go); all omitted for a plain move.
	Mode      string   `json:"mode,omitempty"`      // "rail" (LRTG 8) or "strategic" (17.1)
	Fatigue   int      `json:"fatigue,omitempty"`   // fatigue levels added to each unit (leaders none)
	Route     []string `json:"route,omitempty"`     // rail: the stations passed
	Hexes     int      `json:"hexes,omitempty"`     // rail: the route's length; strategic: the straight distance; a march: its steps
	Allowance int      `json:"allowance,omitempty"` // strategic: the 17.1 allowance
	Passive   bool     `json:"passive,omitempty"`   // strategic: the side is passive
	// Posture is the declaration the strategic allowance followed
	// ("passive" or "operational"), "" when none was revealed and the
	// player's passive: was used (LRTG 9, 17.1).
	Posture         string        `json:"posture,omitempty"`
	RailLoad        int           `json:"rail_load,omitempty"`       // rail: toward the 8.3 maximum
	Turn            int           `json:"turn,omitempty"`            // rail: the turn it counts in
	Disorganization []DisorgCheck `json:"disorganization,omitempty"` // strategic: the rolls to make (17.1 3.)
	Override        string        `json:"override,omitempty"`        // the umpire's reason for setting rules aside
	Overrode        []string      `json:"overrode,omitempty"`        // the rules set aside
	// Depots the move captures (LRTG 13.8: the moment an unfriendly unit
	// enters their hex), or recaptures for their owner.
	Captures []string `json:"captures,omitempty"`
	// CrossesPotomac is the day the move takes the first Confederate
	// infantry north of the Potomac (000 VII 1: county points double 30
	// days after it), when it does.
	CrossesPotomac string `json:"crosses_potomac,omitempty"`
	// Stopped: in a hidden mode an enemy unit the mover did not see
	// stopped the move short of To, by the rule of this code
	// ("move.strategic", "move.rail"): the move is spent as made
	// (hidden.go). Contact is the hex a rail column could not enter: the
	// units occupying it or holding it in their zone of control are
	// sighted (sightings.go).
	Stopped string `json:"stopped,omitempty"`
	Contact *Hex   `json:"contact,omitempty"`
	// Unchecked says why the engine could not tie a player's move to an
	// action of his (unitlog.go: MoveNoStep, MoveNoCycle, MoveRetreat): the
	// move goes on the umpire's log.
	Unchecked string `json:"unchecked,omitempty"`
	// Path is a march's hexes in order, the hex it started in left out
	// and the last the hex it ended in (lrtg/move_path.go); Hexes counts
	// them. MP is what the steps the engine could price cost; Unpriced
	// counts the steps it could not (no cost chart or terrain layer
	// loaded), which go on the umpire's log.
	Path     []Hex   `json:"path,omitempty"`
	MP       float64 `json:"mp,omitempty"`
	Unpriced int     `json:"unpriced,omitempty"`
	// Planned is the whole path the player gave a march an enemy unit
	// he did not see stopped (Stopped), for the umpire's log.
	Planned []Hex `json:"planned,omitempty"`
	// Spared are the units of a march's stack its Fatigue does not reach
	// (lrtg/move_fatigue.go): a retreat or rout owed, an advance after
	// combat, which are not marches the unit was selected for.
	Spared []string `json:"spared,omitempty"`
	// Extended: an extended march (lrtg/move_extended.go), which adds a
	// fatigue level more (in Fatigue) and rolls on the group's Extended
	// March Table; Extension is how many movement points past the
	// allowance the group's copy lets it go (0: the player's word, no
	// copy loaded); Stated the table's modifiers its mover stated.
	Extended  bool     `json:"extended,omitempty"`
	Extension float64  `json:"extension,omitempty"`
	Stated    []string `json:"stated,omitempty"`
	// Refs are the march's hexes as the mover named them, in the order
	// he gave them (Planned's when Stopped cut it, else Path's): the
	// replies and the umpire's log echo them (nil: the first printed
	// numbers, as before).
	Refs []string `json:"refs,omitempty"`
	// Steps are the march's steps not priced by the terrain layer and
	// the cost chart alone (lrtg/move_price.go): those priced on the
	// terrain the mover stated (his word, for the umpire's log) and those
	// the chart prices only in part. The others are not listed.
	Steps []MarchStep `json:"steps,omitempty"`
}

// MarchStep is how one step of a march was priced when the terrain layer
// and the cost chart alone did not price it (UnitsMoved.Steps).
type MarchStep struct {
	Step int `json:"step"` // 1 for Path[0]
	// Stated is the terrain the mover stated for the step, the chart's
	// rows as it prints them joined with " + ": his word.
	Stated string `json:"stated,omitempty"`
	// MP is what the step counted for the allowance: its cost, or with
	// Unrowed the least it can cost.
	MP float64 `json:"mp,omitempty"`
	// Unrowed are the terrain, roads and hexside features of the step
	// that the cost chart has no row (or a "-") for: a road or terrain
	// counted at the chart's cheapest step, a hexside feature at +0.
	Unrowed []string `json:"unrowed,omitempty"`
}

// DisorgCheck is what a unit that moved strategically rolls for
// disorganization (LRTG 17.1 3.).
type DisorgCheck struct {
	Unit     string `json:"unit"`
	Fatigue  int    `json:"fatigue"` // the fatigue level reached
	Roll     bool   `json:"roll"`
	Modifier int    `json:"modifier,omitempty"`
	Why      string `json:"why"`
}

// MoveData is what the movement rules need from the scenario's data: the
// map (regions, railroads, places), the order of battle as set up (unit
// sizes, starting hexes, stations damaged at the start) and the 17.1
// charts (lrtg.strategic-movement and
// lrtg.strategic-movement-disorganization). With no map, a move is
// recorded without the checks that need one.
type MoveData struct {
	Theatre                  *Theatre
	OOB                      *OrderOfBattle
	Strategic                *Chart
	StrategicDisorganization *Chart
	// Library is the rules tables, for the charts a game reads beyond
	// these (LRTA: lrta.extended-march-csa / -usa, lrta_move.go).
	Library *Library
	// FreeMarches leaves out the checks of a march's path
	// (lrtg/move_path.go): only the tests that replay games scripted
	// before marches were paths set it (bot's stored logs, which must
	// still read as stored); nothing a player or an umpire sends does.
	FreeMarches bool
	// FrozenSupplyRange settles resupply range as the rules did before
	// issue 22 (lrtg/lrta_supply_range.go: the series' reading, not the
	// variant's own): only the tests that replay games scripted before it
	// set it (bot's stored logs); nothing a player or an umpire sends does.
	FrozenSupplyRange bool
	// Terrain is the server's terrain layer for the map (nil: none
	// loaded): with the game's terrain cost chart it prices a march's
	// steps (lrtg/move_price.go).
	Terrain *TerrainLayer
}

// UnitSet records a change of a unit's manpower, fatigue or a status
// field (From and To are the field's levels: status.go).
type UnitSet struct {
	By    Actor  `json:"by"`
	Unit  string `json:"unit"`
	Field string `json:"field"`
	From  int    `json:"from"`
	To    int    `json:"to"`
	// Cause of a manpower loss, and the Victory Points it awards
	// (000 VII 6); or of a gain of manpower or entrenchment, one the rules
	// allow (unitlog.go).
	Cause  string `json:"cause,omitempty"`
	VP     int    `json:"vp,omitempty"`
	Reason string `json:"reason,omitempty"`
}

// UnitEliminated records a unit removed from play.
type UnitEliminated struct {
	By     Actor  `json:"by"`
	Unit   string `json:"unit"`
	Reason string `json:"reason,omitempty"`
}

// Undone records the umpire taking back the last board action.
type Undone struct {
	By     Actor  `json:"by"`
	What   string `json:"what"` // the type of the event taken back
	Reason string `json:"reason"`
}

// Paused records a pause or its end.
type Paused struct {
	By     Actor  `json:"by"`
	Paused bool   `json:"paused"`
	Reason string `json:"reason,omitempty"`
}

// EventType implements Event.
func (*UnitsMoved) EventType() string { return EventUnitsMoved }

// EventType implements Event.
func (*UnitSet) EventType() string { return EventUnitSet }

// EventType implements Event.
func (*UnitEliminated) EventType() string { return EventUnitEliminated }

// EventType implements Event.
func (*Undone) EventType() string { return EventUndone }

// EventType implements Event.
func (*Paused) EventType() string { return EventPaused }

// MaxFatigue is the highest fatigue level (GCACW standard rules).
const MaxFatigue = 4

// Controls reports whether actor may act for the unit: the umpire always;
// a player of the unit's side when he commands its corps or designation,
// or when he is the overall commander and no one else of the side commands
// it (LRTG 21.1).
func (g GameState) Controls(a Actor, u UnitState) bool {
	if g.IsUmpire(a) {
		return true
	}
	if g.rules != nil && g.rules.hooks.CommandOverride != nil {
		if ok, decided := g.rules.hooks.CommandOverride(g, a, u); decided { // the game's own rules of command (LRTG 21.1: halleck.go)
			return ok
		}
	}
	p := g.Player(a.ID)
	if p == nil || p.Side != u.Side {
		return false
	}
	if g.commandsUnit(p.Commands, u) {
		return true
	}
	if !p.Overall {
		return false
	}
	for _, o := range g.Players {
		if o.Side == u.Side && o.Actor.ID != a.ID && g.commandsUnit(o.Commands, u) {
			return false
		}
	}
	return true
}

func (g GameState) BoardReady(a Actor) error {
	if err := g.NeedGame(); err != nil {
		return err
	}
	if !g.Started {
		return Illegal("game.not_started", "The game has not started", "The umpire starts it with /game start")
	}
	if g.Ended != nil {
		return Illegal("game.ended", "The game has ended", "")
	}
	if g.Paused && !g.IsUmpire(a) {
		return Illegal("game.paused", "The game is paused", "The umpire resumes it with /game pause resume:true")
	}
	return nil
}

func (g GameState) Unit(id string) (UnitState, error) {
	u, ok := g.Units[id]
	if !ok {
		return u, Invalid("unit.unknown", fmt.Sprintf("There is no unit %q", id), "/oob lists your units")
	}
	return u, nil
}

// unitFor returns a unit the actor may act on now: the game is under way
// and he controls the unit.
func (g GameState) UnitFor(by Actor, id string) (UnitState, error) {
	if err := g.BoardReady(by); err != nil {
		return UnitState{}, err
	}
	u, err := g.Unit(id)
	if err != nil {
		return u, err
	}
	if !g.Controls(by, u) {
		return u, Illegal("unit.command", fmt.Sprintf("You do not command %s", u.Name), "Ask its commander or the umpire")
	}
	return u, nil
}

// decideBoard decides the board commands: the umpire's undo and pause,
// and the elimination of a unit, here (board_decide.go); what a move, a
// unit's change and a mark mean is the game's (Hooks.BoardCommand), and a
// game without board rules has none of them.
func (g GameState) decideBoard(cmd Command, d Dice) ([]Event, error) {
	switch cmd := cmd.(type) {
	case EliminateUnit:
		return g.decideEliminate(cmd)
	case UndoLast:
		return g.decideUndo(cmd)
	case PauseGame:
		return g.decidePause(cmd)
	}
	if g.rules != nil && g.rules.hooks.BoardCommand != nil {
		return g.rules.hooks.BoardCommand(g, cmd, d)
	}
	if err := g.NeedGame(); err != nil {
		return nil, err
	}
	return nil, &RuleError{Kind: ErrInvalid, Code: "command.unknown", What: "The command " + cmd.CommandName() + " is not a game command", Hint: "Use /help"}
}

// applyBoard folds a board event. The state before the last board action
// is kept, so that the umpire can undo it: the kernel's board events here,
// the game's through Hooks.BoardEffect.
func (g GameState) applyBoard(e Event) (GameState, bool) {
	switch e := e.(type) {
	case *UnitEliminated:
		g = g.BoardAction(e, func(g *GameState) {
			g.EditUnit(e.Unit, func(u *UnitState) { u.Eliminated, u.OnMap = true, false })
		})
	case *UnitMarked:
		g = g.BoardAction(e, func(g *GameState) {
			g.EditUnit(e.Unit, func(u *UnitState) {
				// Marks recorded before statuses were typed fold into them.
				*u = u.WithStatus()
				if u.Status.applyMark(e.Mark, e.Off) {
					return
				}
				var marks []string
				for _, m := range u.Marks {
					if m != e.Mark {
						marks = append(marks, m)
					}
				}
				if !e.Off {
					marks = append(marks, e.Mark)
				}
				u.Marks = marks
			})
		})
	case *Undone:
		if g.prev == nil {
			// Nothing to take back (decideUndo refuses that; a log of
			// a game without board rules may still hold one): folding
			// never fails on a stored event.
			break
		}
		rolls, secret := g.Rolls, g.SecretRolls
		g = *g.prev
		g.Rolls, g.SecretRolls = rolls, secret // dice rolled are rolled: numbering goes on
		g.prev, g.lastAction = nil, ""
	case *Rewound:
		g = g.rewound(e) // rewind.go: the fold of the log left the range out
	case *Paused:
		g.Paused = e.Paused
	default:
		// The game's board actions (a move, a unit's change, an act on
		// a place): its rules change the state, the kernel keeps the
		// state before for the undo.
		var effect func(*GameState)
		if g.rules != nil && g.rules.hooks.BoardEffect != nil {
			effect = g.rules.hooks.BoardEffect(e)
		}
		if effect == nil {
			return g, false
		}
		g = g.BoardAction(e, effect)
	}
	return g, true
}

// BoardAction applies a board action (the kernel's own, or an event a
// game's module owns), keeping the state before it for the umpire's undo
// (one level: the kept state keeps no history of its own).
// The states are built behind pointers from actionStates (fold.go: new
// ones, or a bulk fold's own) so that g itself is only copied.
func (g GameState) BoardAction(e Event, apply func(*GameState)) GameState {
	before, work := g.actionStates()
	*before = g
	before.prev = nil
	*work = g
	work.Units = work.writableUnits(g.Units) // fold.go: a clone, or a bulk fold's own map
	apply(work)
	work.prev, work.lastAction = before, e.EventType()
	return *work
}

// editUnit changes one unit of a state whose Units map is already its own.
func (g *GameState) EditUnit(id string, f func(*UnitState)) {
	u := g.Units[id]
	f(&u)
	g.Units[id] = u
}

// copyUnits copies the units for a new state (maps.Clone copies the
// table as it is, several times faster than inserting each unit again).
func CopyUnits(m map[string]UnitState) map[string]UnitState {
	if m == nil {
		return map[string]UnitState{}
	}
	return maps.Clone(m)
}

// StackAt returns the ids of the units at h, sorted.
func (g GameState) StackAt(h Hex) []string {
	var out []string
	for id, u := range g.Units {
		if u.OnMap && u.Hex == h {
			out = append(out, id)
		}
	}
	sort.Strings(out)
	return out
}

// actingSide is the side an actor acts for in a command whose side: is
// the umpire's to name: the umpire's choice (named, "" when he names
// none); a player's own side (naming the other is refused with code); no
// one's for an actor who is neither (an observer: refused, since "no
// side" must not read as the umpire's "the side whose turn it is"). what
// names the act, e.g. "Saying a step is done"; name spells a side.
func (g GameState) ActingSide(by Actor, named Side, code, what string, name func(Side) string) (Side, error) {
	if g.IsUmpire(by) {
		return named, nil
	}
	p := g.Player(by.ID)
	if p == nil {
		return "", Illegal("game.player", what+" is for the game's players and its umpire",
			"Join a side before the start with /game join; anyone may follow the game with /phase show and /map")
	}
	if named != "" && named != p.Side {
		return "", Illegal(code, fmt.Sprintf("You command for the %s, not the %s", name(p.Side), name(named)),
			"Leave side: out: you act for your own side (side: is the umpire's)")
	}
	return p.Side, nil
}

// ForgetUndo drops the undo's state: a game's rule calls it when the
// play has moved on so that an undo would take back more than the last
// board action.
func (g *GameState) ForgetUndo() { g.prev, g.lastAction = nil, "" }

// CanUndo says whether the umpire's undo has a board action to take back.
func (g GameState) CanUndo() bool { return g.prev != nil }

// HoldsFoldBuffers says whether the state still holds a bulk fold's
// working maps (fold.go): never, once ApplyAll has returned it.
func (g GameState) HoldsFoldBuffers() bool {
	return g.units != nil || (g.prev != nil && g.prev.units != nil)
}
