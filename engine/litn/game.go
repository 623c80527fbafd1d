package litn

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/umpire-games/umpire/engine"
)

// A Lee Invades the North game in play (issue 10): the state the engine's
// LITN pieces (command.go, move.go, combat.go,
// initial.go, initiative.go, conclusion.go) are played on,
// the start from the two Player Record Sheets (002 2.5, 15) and the
// sequence of play of 3.1 (scenarios/sequence/litn-sequence.yaml).
//
// The game's turn (Game.Turn) is the Turn Record Track's: scenario 1
// begins on turn 4 (002 15.3), the others on turn 1. Each turn is two days
// (002 2.3).
//
// The group's copies of the printed charts (/chart load) are fixed in the
// game when it starts (Started.Charts): every later roll is on the
// copy the game began with, whatever the server loads afterwards, and a
// replay reads the same numbers; the umpire may load a missing or
// corrected copy into the game with his reason (LoadGameChart,
// game_charts.go), and the game reads it from then on.

// Unit is a leader on the map or still to enter: a line of a record
// sheet in play (2.2: a combat unit is a leader with his troops).
type Unit struct {
	ID            string      `json:"id"`
	Name          string      `json:"name"`
	Side          engine.Side `json:"side"`
	Role          string      `json:"role,omitempty"`   // SheetDepartment...; "" for a combat unit
	Troops        string      `json:"troops,omitempty"` // infantry, cavalry, artillery
	Strength      int         `json:"strength,omitempty"`
	Original      int         `json:"original,omitempty"` // the starting strength (6.3, 15.2)
	Command       int         `json:"command"`
	Initiative    int         `json:"initiative"`
	CombatBonus   int         `json:"combat_bonus"`
	Rank          int         `json:"rank"`
	SubordinateTo string      `json:"subordinate_to,omitempty"`
	// At is the printed hex ("1622"); "" while off the map.
	At string `json:"at,omitempty"`
	// Hex is At's hex (the zero hex while off the map).
	Hex       engine.Hex     `json:"hex"`
	Arrives   []SheetArrival `json:"arrives,omitempty"`
	OffMapHex string         `json:"off_map_hex,omitempty"`
	// Status.
	Demoralized  bool   `json:"demoralized,omitempty"`  // 10.6, 12
	Disorganized bool   `json:"disorganized,omitempty"` // 15.4 (scenario 2)
	Parent       string `json:"parent,omitempty"`       // a detachment's leader (6.3)
	Eliminated   bool   `json:"eliminated,omitempty"`
	Militia      bool   `json:"militia,omitempty"` // 4.2
}

// OnMap reports whether the unit is on the map.
func (u Unit) OnMap() bool { return u.At != "" && !u.Eliminated }

// IsCombat reports whether the unit has troops (2.2).
func (u Unit) IsCombat() bool { return u.Role == "" || u.Role == SheetCombat }

// WagonPiece is a supply wagon counter in play (4.1, 9.2).
type WagonPiece struct {
	ID        string      `json:"id"`
	Side      engine.Side `json:"side"`
	At        string      `json:"at"` // printed hex
	Hex       engine.Hex  `json:"hex"`
	Depleted  bool        `json:"depleted,omitempty"`
	Depletion bool        `json:"depletion,omitempty"` // a Depletion marker: flipped in 3.1 G II
	// Undeplete: the wagon has met 9.2's requirements to be undepleted in
	// 3.1 H II.
	Undeplete bool `json:"undeplete,omitempty"`
}

// ID is Lee Invades the North's game: its scenarios' (scenarios/catalogue.yaml
// game: litn) and its ruleset's.
const ID engine.Game = "litn"

// Options are the optional rules of 002 14 a game plays with: its
// options' "litn" key (GameOptions.Rules), as stored before LITN was a
// ruleset of its own.
type Options struct {
	SurpriseAttacks  bool `json:"surprise_attacks,omitempty"`  // 14.2
	LeaderCasualties bool `json:"leader_casualties,omitempty"` // 14.3
}

// optionsKey is LITN's key in a game's options.
const optionsKey = "litn"

// OptionsOf returns the LITN options of a game's options.
func OptionsOf(o engine.GameOptions) Options {
	var x Options
	if raw, ok := o.Rules[optionsKey]; ok {
		_ = json.Unmarshal(raw, &x) // written by SetOptions; a stored game's decoded with it
	}
	return x
}

// SetOptions sets the LITN options of a game's options (none: the key
// is left out, as before).
func SetOptions(o *engine.GameOptions, x Options) {
	rules := make(map[string]json.RawMessage, len(o.Rules)+1)
	for k, v := range o.Rules {
		rules[k] = v
	}
	delete(rules, optionsKey)
	if x != (Options{}) {
		b, _ := json.Marshal(x) // two booleans
		rules[optionsKey] = b
	}
	if len(rules) == 0 {
		rules = nil
	}
	o.Rules = rules
}

// Game is a LITN game as its rules see it: the kernel's state and
// LITN's own, which the kernel holds for the ruleset (GameState.Own).
// The LITN modules read and write g.LITN and hand the kernel State().
type Game struct {
	engine.GameState
	LITN State
}

// Of returns a game as LITN's rules see it (a zero State before
// any LITN event).
func Of(g engine.GameState) Game {
	s, _ := g.Own.(State)
	return Game{GameState: g, LITN: s}
}

// State returns the kernel's state with LITN's own written back.
func (g Game) State() engine.GameState {
	g.GameState.Own = g.LITN
	return g.GameState
}

// Apply is GameState.Apply for LITN's rules: LITN's state folds with the
// kernel's.
func (g Game) Apply(e engine.Event) Game { return Of(g.State().Apply(e)) }

// Waiting is GameState.Waiting on LITN's state as it is.
func (g Game) Waiting() []string { return g.State().Waiting() }

// With returns the game with LITN's state changed by f (tests set up
// positions with it).
func With(g engine.GameState, f func(s *State)) engine.GameState {
	lg := Of(g)
	f(&lg.LITN)
	return lg.State()
}

// State is a LITN game's state. The fields below the line belong to
// the phase modules that fill them (each type in its own file).
type State struct {
	// Sheets are the record sheets as loaded (2.5: secret to their side;
	// no output shows one to the other side).
	Sheets map[engine.Side]*Sheet
	// Charts are the group's copies of the printed charts, as at the start.
	Charts map[string]*engine.LoadedChart
	// Depots are each side's supply depot hexes as printed on the map,
	// recorded by the umpire (play_depots.go; 9.1).
	Depots  map[engine.Side][]string `json:",omitempty"`
	Units   map[string]Unit
	Wagons  map[string]WagonPiece
	Control map[string]Control
	Score   Score
	// First is the side that moves first this turn (3.1 B II; "" before
	// the Initiative Phase settles it).
	First engine.Side
	// Done records who has finished a step that waits for players:
	// "<turn>/<step>/<side>".
	Done map[string]bool

	// The phase modules' state.
	Initial    InitialPlay    // play_initial.go: 3.1 A
	Initiative InitiativePlay // play_turn.go: 3.1 B
	Moves      MovePlay       // play_move.go: 3.1 C-F
	Combat     CombatPlay     // play_combat.go: 3.1 G
	Conclusion ConclusionPlay // play_turn.go: 3.1 H
}

// The steps of the LITN sequence of play (3.1), as in
// scenarios/sequence/litn-sequence.yaml.
const (
	StepReorganization = "A1" // 15.4 (scenario 2)
	StepAttrition      = "A2" // 11, 15.2 (1862, odd turns, not turn 1)
	StepReplacements   = "A3" // 15.2 (1862)
	StepMilitia        = "A4" // 4.2
	StepWagons         = "A5" // 4.1, 9.2
	StepHooker         = "A6" // 15.6 (scenario 3)
	StepLostDispatch   = "B1" // 5.1 (1862)
	StepInitiative     = "B2" // 5
	StepFirstCommand   = "C"  // 7: the first player's command points and broadcasts
	StepFirstMove      = "D"  // 8: the first player moves, the second reacts
	StepSecondCommand  = "E"
	StepSecondMove     = "F"
	StepCombat         = "G1" // 10
	StepDepletion      = "G2" // 9.2
	StepRecovery       = "H1" // 12
	StepUndepletion    = "H2" // 9.2
	StepVictory        = "H3" // 15.1
)

// Year is the scenario's year: 1862 for scenarios 1 and 2, 1863 for 3
// and 4 (002 15).
func Year(scenario string) int {
	if strings.HasPrefix(scenario, "litn-1-") || strings.HasPrefix(scenario, "litn-2-") {
		return 1862
	}
	return 1863
}

// turnRecord is each scenario's first day, first and last turns
// (002 15.3, 15.4, 15.6, 15.7; each turn is two days, 2.3).
var turnRecord = map[string]struct {
	start       time.Time
	first, last int
}{
	"litn-1-frederick-to-antietam":   {time.Date(1862, time.September, 9, 0, 0, 0, 0, time.UTC), 4, 16},
	"litn-2-maryland-campaign":       {time.Date(1862, time.September, 3, 0, 0, 0, 0, time.UTC), 1, 16},
	"litn-3-pennsylvania-campaign":   {time.Date(1863, time.June, 17, 0, 0, 0, 0, time.UTC), 1, 14},
	"litn-4-collision-at-gettysburg": {time.Date(1863, time.June, 28, 0, 0, 0, 0, time.UTC), 1, 9},
}

// FirstTurn is the scenario's first turn on the Turn Record Track.
func FirstTurn(scenario string) int { return turnRecord[scenario].first }

func turnDate(scenario string, turn int) time.Time {
	r := turnRecord[scenario]
	return r.start.AddDate(0, 0, 2*(turn-r.first))
}

// CurrentTurn is the LITN context of the game's current turn.
func (g Game) CurrentTurn() InitTurn {
	return InitTurn{Scenario: g.Options.Scenario, Turn: g.Turn}
}

// SideOf is the side the actor plays ("" for none).
func (g Game) SideOf(a engine.Actor) engine.Side {
	if p := g.Player(a.ID); p != nil {
		return p.Side
	}
	return ""
}

// Second is the side that moves second this turn.
func (g Game) Second() engine.Side {
	if g.LITN.First == "" {
		return ""
	}
	return engine.EnemyOf(g.LITN.First)
}

// PhaseSide is the side whose Command or Movement Phase the step is
// (3.1 C-F): the first player's in C and D, the second's in E and F.
func (g Game) PhaseSide(step string) engine.Side {
	switch step {
	case StepFirstCommand, StepFirstMove:
		return g.LITN.First
	case StepSecondCommand, StepSecondMove:
		return g.Second()
	}
	return ""
}

// UnitsOf returns a side's units ("" for both), on the map or not,
// eliminated ones left out, sorted by id.
func (g Game) UnitsOf(side engine.Side) []Unit {
	var out []Unit
	for _, u := range g.LITN.Units {
		if (side == "" || u.Side == side) && !u.Eliminated {
			out = append(out, u)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

// UnitsAt returns the units in a printed hex, sorted by id.
func (g Game) UnitsAt(at string) []Unit {
	var out []Unit
	for _, u := range g.LITN.Units {
		if u.OnMap() && u.At == at {
			out = append(out, u)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

// FindUnit finds a unit by id or name (case-insensitive).
func (g Game) FindUnit(ref string) (Unit, bool) {
	ref = strings.TrimSpace(ref)
	if u, ok := g.LITN.Units[ref]; ok {
		return u, true
	}
	all := g.UnitsOf("")
	for _, u := range all {
		if strings.EqualFold(u.ID, ref) || strings.EqualFold(u.Name, ref) {
			return u, true
		}
	}
	// The id without its side ("lee" for csa.lee), or else the name's
	// last word ("Stuart" for J.E.B. Stuart), when one unit alone answers
	// to it.
	// The id comes first: "lee" is csa.lee, not Fitz Lee.
	for _, byID := range []bool{true, false} {
		var found []Unit
		for _, u := range all {
			_, short, _ := strings.Cut(u.ID, ".")
			words := strings.Fields(strings.ReplaceAll(u.Name, ".", ". "))
			if byID && strings.EqualFold(short, ref) || !byID && len(words) > 0 && strings.EqualFold(words[len(words)-1], ref) {
				found = append(found, u)
			}
		}
		if len(found) == 1 {
			return found[0], true
		}
	}
	return Unit{}, false
}

// ownUnit resolves a unit the actor may act with: one of his side's
// (the umpire any). The error says what was wrong.
func (g Game) ownUnit(by engine.Actor, ref string) (Unit, error) {
	u, ok := g.FindUnit(ref)
	side := g.SideOf(by)
	if !ok || !g.IsUmpire(by) && u.Side != side {
		// The same answer for an enemy unit as for none: its sheet is secret.
		return Unit{}, engine.Invalid("litn.unit", fmt.Sprintf("%q is not one of your units", ref), "Give a leader of your side by id or name (/litn status lists them)")
	}
	return u, nil
}

// withUnits returns the state with the units replaced (copy on write).
func (g Game) withUnits(us ...Unit) Game {
	m := make(map[string]Unit, len(g.LITN.Units)+len(us))
	for k, v := range g.LITN.Units {
		m[k] = v
	}
	for _, u := range us {
		m[u.ID] = u
	}
	g.LITN.Units = m
	return g
}

// withWagons returns the state with the wagons replaced (copy on
// write); a wagon with an empty At is removed.
func (g Game) withWagons(ws ...WagonPiece) Game {
	m := make(map[string]WagonPiece, len(g.LITN.Wagons)+len(ws))
	for k, v := range g.LITN.Wagons {
		m[k] = v
	}
	for _, w := range ws {
		if w.At == "" {
			delete(m, w.ID)
			continue
		}
		m[w.ID] = w
	}
	g.LITN.Wagons = m
	return g
}

// WagonsOf returns a side's wagons ("" for both), sorted by id.
func (g Game) WagonsOf(side engine.Side) []WagonPiece {
	var out []WagonPiece
	for _, w := range g.LITN.Wagons {
		if side == "" || w.Side == side {
			out = append(out, w)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

// key is a Done key.
func key(turn int, step string, side engine.Side) string {
	return fmt.Sprintf("%d/%s/%s", turn, step, side)
}

// IsDone reports whether a side has finished the current step.
func (g Game) IsDone(side engine.Side) bool {
	return g.LITN.Done[key(g.Turn, g.CurrentStep(), side)]
}

// waitFor is a step wait: the sides (of those given) that are not done.
func waitFor(sides func(g Game) []engine.Side) func(Game) []string {
	return func(g Game) []string {
		var out []string
		for _, s := range sides(g) {
			if !g.IsDone(s) {
				out = append(out, fmt.Sprintf("the %s player (/litn done when finished)", sideName(s)))
			}
		}
		return out
	}
}

// needStep checks the game is ready for play at one of the steps. Only
// LITN's deciders ask it, and the kernel hands them LITN's commands in a
// LITN game only (LoadSheet.Foreign).
func (g Game) needStep(by engine.Actor, what string, steps ...string) error {
	if err := g.BoardReady(by); err != nil {
		return err
	}
	if len(steps) == 0 {
		return nil
	}
	cur := g.CurrentStep()
	for _, s := range steps {
		if s == cur {
			return nil
		}
	}
	return engine.Illegal("litn.step", fmt.Sprintf("%s happens in step %s of the sequence of play (002 3.1); the game is at %s", what, strings.Join(steps, " or "), stepName(cur)),
		"The umpire moves the game on with /phase next; /phase show says where it is")
}

func stepName(id string) string {
	if id == "" {
		return "no step yet (the umpire begins the turn with /phase next)"
	}
	return "step " + id
}

// needSide checks the actor plays the side (the umpire may act for
// either).
func (g Game) needSide(by engine.Actor, side engine.Side, what string) error {
	if g.IsUmpire(by) {
		return nil
	}
	if g.SideOf(by) != side {
		return engine.Illegal("litn.side", fmt.Sprintf("%s is the %s player's", what, sideName(side)), "Wait for your own phase; /phase show says whose step it is")
	}
	return nil
}

// Start sets up a LITN game from the two record sheets (002 15 "How to
// Set Up"): every leader with a starting hex goes on the map, the others
// wait for their turn of arrival. Charts are the group's loaded copies.
type Start struct {
	By       engine.Actor
	Scenario engine.Scenario
	Map      *engine.Theatre
	Library  *engine.Library
	Charts   map[string]*engine.LoadedChart
}

// CommandName implements Command.
func (Start) CommandName() string { return "game start" }

// EventStarted is the event type of a LITN start.
const EventStarted = "litn.started"

// Started is a LITN game set up. It holds both sides' units: only the
// umpire is shown it.
type Started struct {
	By       engine.Actor                   `json:"by"`
	Turn     int                            `json:"turn"`
	Units    []Unit                         `json:"units"`
	Wagons   []WagonPiece                   `json:"wagons,omitempty"`
	Control  map[string]Control             `json:"control"`
	Score    Score                          `json:"score"`
	Charts   map[string]*engine.LoadedChart `json:"charts"`
	Missing  []string                       `json:"missing_charts,omitempty"` // slots not loaded: only a game started before the start checked its charts (setup.go) has any; the umpire loads them with LoadGameChart
	InitialV VP                             `json:"initial_vp,omitempty"`
}

// EventType implements Event.
func (*Started) EventType() string { return EventStarted }

// StartsGame implements engine.GameStart: the actions a rewind may name
// (/game undo to:) come after it.
func (*Started) StartsGame() {}

// EventDone is the event type of DoneEvent.
const EventDone = "litn.done"

// Done says a side has finished its part of the current step (the
// umpire may say it for a side).
type Done struct {
	By   engine.Actor
	Side engine.Side // the umpire's choice; a player's own side
}

// CommandName implements Command.
func (Done) CommandName() string { return "litn done" }

// DoneEvent records it.
type DoneEvent struct {
	By   engine.Actor `json:"by"`
	Turn int          `json:"turn"`
	Step string       `json:"step"`
	Side engine.Side  `json:"side"`
}

// EventType implements Event.
func (*DoneEvent) EventType() string { return EventDone }

func decideGame(g Game, cmd engine.Command, d engine.Dice) ([]engine.Event, bool, error) {
	switch c := cmd.(type) {
	case Start:
		evs, err := g.decideStart(c)
		return evs, true, err
	case Done:
		side, err := g.ActingSide(c.By, c.Side, "litn.side", "Saying a step is done", sideName)
		if err != nil {
			return nil, true, err
		}
		if err := g.needStep(c.By, "Saying a step is done"); err != nil {
			return nil, true, err
		}
		if side != engine.CSA && side != engine.USA {
			return nil, true, engine.Invalid("game.side", "Which side is done?", "The umpire gives side:csa or side:usa")
		}
		w := g.Waiting()
		waits := false
		for _, s := range w {
			if strings.Contains(s, sideName(side)) {
				waits = true
			}
		}
		if !waits {
			return nil, true, engine.Illegal("litn.done", fmt.Sprintf("Step %s does not wait for the %s player", g.CurrentStep(), sideName(side)), "/phase show says who it waits for")
		}
		return []engine.Event{&DoneEvent{By: c.By, Turn: g.Turn, Step: g.CurrentStep(), Side: side}}, true, nil
	}
	return nil, false, nil
}

func (g Game) decideStart(c Start) ([]engine.Event, error) {
	if err := g.NeedGame(); err != nil {
		return nil, err
	}
	if g.Started {
		return nil, engine.Illegal("game.started", "The game has already started", "")
	}
	if !g.IsUmpire(c.By) {
		return nil, engine.Illegal("game.umpire", "Only the umpire starts the game", fmt.Sprintf("Ask %s", g.Umpire.Name))
	}
	// Everything the scenario needs, listed at once (setup.go).
	charts := g.startCharts(c.Charts)
	if missing := g.setupMissing(c.Library, charts); len(missing) > 0 {
		return nil, errSetup(missing)
	}
	if c.Map == nil || c.Library == nil {
		return nil, fmt.Errorf("litn: Start without the LITN map or the library")
	}
	ev := &Started{By: c.By, Turn: FirstTurn(g.Options.Scenario), Charts: map[string]*engine.LoadedChart{}}
	for _, s := range []engine.Side{engine.CSA, engine.USA} {
		for _, l := range g.LITN.Sheets[s].Leaders {
			u := Unit{ID: l.ID, Name: l.Name, Side: s, Role: l.Role, Troops: l.Troops, Strength: l.Strength, Original: l.Strength,
				Command: l.Command, Initiative: l.Initiative, CombatBonus: l.CombatBonus, Rank: l.Rank, SubordinateTo: l.SubordinateTo,
				OffMapHex: l.OffMapHex}
			if u.Role == SheetCombat {
				u.Role = ""
			}
			for _, a := range l.Arrives {
				a.Hexes = append([]string(nil), a.Hexes...)
				u.Arrives = append(u.Arrives, a)
			}
			if l.Hex != "" {
				h, _, err := c.Map.ParseHex(l.Hex, "")
				if err != nil {
					return nil, engine.Invalid("litn.sheet", fmt.Sprintf("%s: hex %q: %v", l.ID, l.Hex, err), "Fix the record sheet and load it again")
				}
				u.At, u.Hex = l.Hex, h
			}
			ev.Units = append(ev.Units, u)
		}
	}
	sort.Slice(ev.Units, func(i, j int) bool { return ev.Units[i].ID < ev.Units[j].ID })
	// Every slot the scenario reads is loaded (setupMissing); a game
	// started before the check may lack some (Missing), and the umpire
	// loads them into it (LoadGameChart).
	for _, sl := range c.Library.Slots {
		if lc := charts[sl.ID]; sl.Game == ID && lc != nil {
			ev.Charts[sl.ID] = lc
		}
	}
	values, err := PlaceValues(c.Library, nil, nil)
	if err != nil {
		return nil, err
	}
	ctl, vp, err := InitialControl(g.Options.Scenario, values)
	if err != nil {
		return nil, err
	}
	ev.Control, ev.InitialV = ctl, vp
	ev.Score = Score{}.add(engine.CSA, vp)
	return []engine.Event{ev}, nil
}

func applyGame(g Game, e engine.Event) (Game, bool) {
	switch e := e.(type) {
	case *Started:
		g.Started, g.Turn = true, e.Turn
		g.LITN.Units = map[string]Unit{}
		for _, u := range e.Units {
			g.LITN.Units[u.ID] = u
		}
		g.LITN.Wagons = map[string]WagonPiece{}
		for _, w := range e.Wagons {
			g.LITN.Wagons[w.ID] = w
		}
		g.LITN.Control = e.Control
		g.LITN.Score = e.Score
		g.LITN.Charts = e.Charts
		return g, true
	case *DoneEvent:
		m := make(map[string]bool, len(g.LITN.Done)+1)
		for k, v := range g.LITN.Done {
			if !strings.HasPrefix(k, fmt.Sprintf("%d/", e.Turn-1)) { // older turns are forgotten
				m[k] = v
			}
		}
		m[key(e.Turn, e.Step, e.Side)] = true
		g.LITN.Done = m
		return g, true
	}
	return g, false
}

// Say is what an event tells, to whom: every LITN play event says it
// (the bot posts each text to its audience; docs/litn-play.md).
type Say struct {
	// To is "all" (the table), "csa" or "usa" (that side's players only),
	// or "umpire".
	To   string
	Text string
}

// Sayer is an event that tells the table and the sides what happened.
type Sayer interface {
	Say(g Game) []Say
}

// encodeState and decodeState write and read LITN's state for a
// snapshot (Hooks.EncodeState): JSON of every field, the record sheets
// included (a snapshot is the store's, never a player's).
func encodeState(own any) ([]byte, error) {
	s, ok := own.(State)
	if !ok && own != nil {
		return nil, fmt.Errorf("litn: state of type %T", own)
	}
	return json.Marshal(s)
}

func decodeState(data []byte) (any, error) {
	var s State
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, fmt.Errorf("litn: state: %w", err)
	}
	return s, nil
}
