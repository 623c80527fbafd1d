package engine

import (
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strings"
	"time"
)

// A Lee Invades the North game in play (issue 10): the state the engine's
// LITN pieces (litn_command.go, litn_move.go, litn_combat.go,
// litn_initial.go, litn_initiative.go, litn_conclusion.go) are played on,
// the start from the two Player Record Sheets (002 2.5, 15) and the
// sequence of play of 3.1 (scenarios/sequence/litn-sequence.yaml).
//
// The game's turn (LITNGame.Turn) is the Turn Record Track's: scenario 1
// begins on turn 4 (002 15.3), the others on turn 1. Each turn is two days
// (002 2.3).
//
// The group's copies of the printed charts (/chart load) are fixed in the
// game when it starts (LITNStarted.Charts): every later roll is on the
// copy the game began with, whatever the server loads afterwards, and a
// replay reads the same numbers.

// LITNUnit is a leader on the map or still to enter: a line of a record
// sheet in play (2.2: a combat unit is a leader with his troops).
type LITNUnit struct {
	ID            string `json:"id"`
	Name          string `json:"name"`
	Side          Side   `json:"side"`
	Role          string `json:"role,omitempty"`   // SheetDepartment...; "" for a combat unit
	Troops        string `json:"troops,omitempty"` // infantry, cavalry, artillery
	Strength      int    `json:"strength,omitempty"`
	Original      int    `json:"original,omitempty"` // the starting strength (6.3, 15.2)
	Command       int    `json:"command"`
	Initiative    int    `json:"initiative"`
	CombatBonus   int    `json:"combat_bonus"`
	Rank          int    `json:"rank"`
	SubordinateTo string `json:"subordinate_to,omitempty"`
	// At is the printed hex ("1622"); "" while off the map.
	At string `json:"at,omitempty"`
	// Hex is At's hex (the zero hex while off the map).
	Hex       Hex            `json:"hex"`
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
func (u LITNUnit) OnMap() bool { return u.At != "" && !u.Eliminated }

// IsCombat reports whether the unit has troops (2.2).
func (u LITNUnit) IsCombat() bool { return u.Role == "" || u.Role == SheetCombat }

// LITNWagonPiece is a supply wagon counter in play (4.1, 9.2).
type LITNWagonPiece struct {
	ID        string `json:"id"`
	Side      Side   `json:"side"`
	At        string `json:"at"` // printed hex
	Hex       Hex    `json:"hex"`
	Depleted  bool   `json:"depleted,omitempty"`
	Depletion bool   `json:"depletion,omitempty"` // a Depletion marker: flipped in 3.1 G II
	// Undeplete: the wagon has met 9.2's requirements to be undepleted in
	// 3.1 H II.
	Undeplete bool `json:"undeplete,omitempty"`
}

// LITNOptions are the optional rules of 002 14 a game plays with: its
// options' "litn" key (GameOptions.Rules), as stored before LITN was a
// ruleset of its own.
type LITNOptions struct {
	SurpriseAttacks  bool `json:"surprise_attacks,omitempty"`  // 14.2
	LeaderCasualties bool `json:"leader_casualties,omitempty"` // 14.3
}

// litnOptionsKey is LITN's key in a game's options.
const litnOptionsKey = "litn"

// LITNOptionsOf returns the LITN options of a game's options.
func LITNOptionsOf(o GameOptions) LITNOptions {
	var x LITNOptions
	if raw, ok := o.Rules[litnOptionsKey]; ok {
		_ = json.Unmarshal(raw, &x) // written by SetLITNOptions; a stored game's decoded with it
	}
	return x
}

// SetLITNOptions sets the LITN options of a game's options (none: the key
// is left out, as before).
func SetLITNOptions(o *GameOptions, x LITNOptions) {
	rules := make(map[string]json.RawMessage, len(o.Rules)+1)
	for k, v := range o.Rules {
		rules[k] = v
	}
	delete(rules, litnOptionsKey)
	if x != (LITNOptions{}) {
		b, _ := json.Marshal(x) // two booleans
		rules[litnOptionsKey] = b
	}
	if len(rules) == 0 {
		rules = nil
	}
	o.Rules = rules
}

// LITNGame is a LITN game as its rules see it: the kernel's state and
// LITN's own, which the kernel holds for the ruleset (GameState.Own).
// The LITN modules read and write g.LITN and hand the kernel State().
type LITNGame struct {
	GameState
	LITN LITNState
}

// LITNOf returns a game as LITN's rules see it (a zero LITNState before
// any LITN event).
func LITNOf(g GameState) LITNGame {
	s, _ := g.Own.(LITNState)
	return LITNGame{GameState: g, LITN: s}
}

// State returns the kernel's state with LITN's own written back.
func (g LITNGame) State() GameState {
	g.GameState.Own = g.LITN
	return g.GameState
}

// Apply is GameState.Apply for LITN's rules: LITN's state folds with the
// kernel's.
func (g LITNGame) Apply(e Event) LITNGame { return LITNOf(g.State().Apply(e)) }

// Waiting is GameState.Waiting on LITN's state as it is.
func (g LITNGame) Waiting() []string { return g.State().Waiting() }

// LITNWith returns the game with LITN's state changed by f (tests set up
// positions with it).
func LITNWith(g GameState, f func(s *LITNState)) GameState {
	lg := LITNOf(g)
	f(&lg.LITN)
	return lg.State()
}

// LITNState is a LITN game's state. The fields below the line belong to
// the phase modules that fill them (each type in its own file).
type LITNState struct {
	// Sheets are the record sheets as loaded (2.5: secret to their side;
	// no output shows one to the other side).
	Sheets map[Side]*LITNSheet
	// Charts are the group's copies of the printed charts, as at the start.
	Charts  map[string]*LoadedChart
	Units   map[string]LITNUnit
	Wagons  map[string]LITNWagonPiece
	Control map[string]LITNControl
	Score   LITNScore
	// First is the side that moves first this turn (3.1 B II; "" before
	// the Initiative Phase settles it).
	First Side
	// Done records who has finished a step that waits for players:
	// "<turn>/<step>/<side>".
	Done map[string]bool

	// The phase modules' state.
	Initial    LITNInitialPlay    // litn_play_initial.go: 3.1 A
	Initiative LITNInitiativePlay // litn_play_turn.go: 3.1 B
	Moves      LITNMovePlay       // litn_play_move.go: 3.1 C-F
	Combat     LITNCombatPlay     // litn_play_combat.go: 3.1 G
	Conclusion LITNConclusionPlay // litn_play_turn.go: 3.1 H
}

// The steps of the LITN sequence of play (3.1), as in
// scenarios/sequence/litn-sequence.yaml.
const (
	LITNStepReorganization = "A1" // 15.4 (scenario 2)
	LITNStepAttrition      = "A2" // 11, 15.2 (1862, odd turns, not turn 1)
	LITNStepReplacements   = "A3" // 15.2 (1862)
	LITNStepMilitia        = "A4" // 4.2
	LITNStepWagons         = "A5" // 4.1, 9.2
	LITNStepHooker         = "A6" // 15.6 (scenario 3)
	LITNStepLostDispatch   = "B1" // 5.1 (1862)
	LITNStepInitiative     = "B2" // 5
	LITNStepFirstCommand   = "C"  // 7: the first player's command points and broadcasts
	LITNStepFirstMove      = "D"  // 8: the first player moves, the second reacts
	LITNStepSecondCommand  = "E"
	LITNStepSecondMove     = "F"
	LITNStepCombat         = "G1" // 10
	LITNStepDepletion      = "G2" // 9.2
	LITNStepRecovery       = "H1" // 12
	LITNStepUndepletion    = "H2" // 9.2
	LITNStepVictory        = "H3" // 15.1
)

// LITNYear is the scenario's year: 1862 for scenarios 1 and 2, 1863 for 3
// and 4 (002 15).
func LITNYear(scenario string) int {
	if strings.HasPrefix(scenario, "litn-1-") || strings.HasPrefix(scenario, "litn-2-") {
		return 1862
	}
	return 1863
}

// litnTurnRecord is each scenario's first day, first and last turns
// (002 15.3, 15.4, 15.6, 15.7; each turn is two days, 2.3).
var litnTurnRecord = map[string]struct {
	start       time.Time
	first, last int
}{
	"litn-1-frederick-to-antietam":   {time.Date(1862, time.September, 9, 0, 0, 0, 0, time.UTC), 4, 16},
	"litn-2-maryland-campaign":       {time.Date(1862, time.September, 3, 0, 0, 0, 0, time.UTC), 1, 16},
	"litn-3-pennsylvania-campaign":   {time.Date(1863, time.June, 17, 0, 0, 0, 0, time.UTC), 1, 14},
	"litn-4-collision-at-gettysburg": {time.Date(1863, time.June, 28, 0, 0, 0, 0, time.UTC), 1, 9},
}

// LITNFirstTurn is the scenario's first turn on the Turn Record Track.
func LITNFirstTurn(scenario string) int { return litnTurnRecord[scenario].first }

func litnTurnDate(scenario string, turn int) time.Time {
	r := litnTurnRecord[scenario]
	return r.start.AddDate(0, 0, 2*(turn-r.first))
}

// LITNTurn is the LITN context of the game's current turn.
func (g LITNGame) LITNTurn() LITNInitTurn {
	return LITNInitTurn{Scenario: g.Options.Scenario, Turn: g.Turn}
}

// LITNSideOf is the side the actor plays ("" for none).
func (g LITNGame) LITNSideOf(a Actor) Side {
	if p := g.Player(a.ID); p != nil {
		return p.Side
	}
	return ""
}

// LITNSecond is the side that moves second this turn.
func (g LITNGame) LITNSecond() Side {
	if g.LITN.First == "" {
		return ""
	}
	return enemyOf(g.LITN.First)
}

// LITNPhaseSide is the side whose Command or Movement Phase the step is
// (3.1 C-F): the first player's in C and D, the second's in E and F.
func (g LITNGame) LITNPhaseSide(step string) Side {
	switch step {
	case LITNStepFirstCommand, LITNStepFirstMove:
		return g.LITN.First
	case LITNStepSecondCommand, LITNStepSecondMove:
		return g.LITNSecond()
	}
	return ""
}

// LITNUnitsOf returns a side's units ("" for both), on the map or not,
// eliminated ones left out, sorted by id.
func (g LITNGame) LITNUnitsOf(side Side) []LITNUnit {
	var out []LITNUnit
	for _, u := range g.LITN.Units {
		if (side == "" || u.Side == side) && !u.Eliminated {
			out = append(out, u)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

// LITNUnitsAt returns the units in a printed hex, sorted by id.
func (g LITNGame) LITNUnitsAt(at string) []LITNUnit {
	var out []LITNUnit
	for _, u := range g.LITN.Units {
		if u.OnMap() && u.At == at {
			out = append(out, u)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

// LITNFindUnit finds a unit by id or name (case-insensitive).
func (g LITNGame) LITNFindUnit(ref string) (LITNUnit, bool) {
	ref = strings.TrimSpace(ref)
	if u, ok := g.LITN.Units[ref]; ok {
		return u, true
	}
	all := g.LITNUnitsOf("")
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
		var found []LITNUnit
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
	return LITNUnit{}, false
}

// litnOwnUnit resolves a unit the actor may act with: one of his side's
// (the umpire any). The error says what was wrong.
func (g LITNGame) litnOwnUnit(by Actor, ref string) (LITNUnit, error) {
	u, ok := g.LITNFindUnit(ref)
	side := g.LITNSideOf(by)
	if !ok || !g.IsUmpire(by) && u.Side != side {
		// The same answer for an enemy unit as for none: its sheet is secret.
		return LITNUnit{}, invalid("litn.unit", fmt.Sprintf("%q is not one of your units", ref), "Give a leader of your side by id or name (/litn status lists them)")
	}
	return u, nil
}

// withLITNUnits returns the state with the units replaced (copy on write).
func (g LITNGame) withLITNUnits(us ...LITNUnit) LITNGame {
	m := make(map[string]LITNUnit, len(g.LITN.Units)+len(us))
	for k, v := range g.LITN.Units {
		m[k] = v
	}
	for _, u := range us {
		m[u.ID] = u
	}
	g.LITN.Units = m
	return g
}

// withLITNWagons returns the state with the wagons replaced (copy on
// write); a wagon with an empty At is removed.
func (g LITNGame) withLITNWagons(ws ...LITNWagonPiece) LITNGame {
	m := make(map[string]LITNWagonPiece, len(g.LITN.Wagons)+len(ws))
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

// LITNWagonsOf returns a side's wagons ("" for both), sorted by id.
func (g LITNGame) LITNWagonsOf(side Side) []LITNWagonPiece {
	var out []LITNWagonPiece
	for _, w := range g.LITN.Wagons {
		if side == "" || w.Side == side {
			out = append(out, w)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

// litnKey is a Done key.
func litnKey(turn int, step string, side Side) string {
	return fmt.Sprintf("%d/%s/%s", turn, step, side)
}

// LITNIsDone reports whether a side has finished the current step.
func (g LITNGame) LITNIsDone(side Side) bool {
	return g.LITN.Done[litnKey(g.Turn, g.CurrentStep(), side)]
}

// litnWaitFor is a step wait: the sides (of those given) that are not done.
func litnWaitFor(sides func(g LITNGame) []Side) func(LITNGame) []string {
	return func(g LITNGame) []string {
		var out []string
		for _, s := range sides(g) {
			if !g.LITNIsDone(s) {
				out = append(out, fmt.Sprintf("the %s player (/litn done when finished)", litnSideName(s)))
			}
		}
		return out
	}
}

// litnNeedStep checks the game is a started LITN game at one of the steps.
func (g LITNGame) litnNeedStep(by Actor, what string, steps ...string) error {
	if err := g.boardReady(by); err != nil {
		return err
	}
	if g.Game() != LITN {
		return illegal("litn.only", fmt.Sprintf("%s is Lee Invades the North's; this game is %s", what, strings.ToUpper(string(g.Game()))), "")
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
	return illegal("litn.step", fmt.Sprintf("%s happens in step %s of the sequence of play (002 3.1); the game is at %s", what, strings.Join(steps, " or "), litnStepName(cur)),
		"The umpire moves the game on with /phase next; /phase show says where it is")
}

func litnStepName(id string) string {
	if id == "" {
		return "no step yet (the umpire begins the turn with /phase next)"
	}
	return "step " + id
}

// litnNeedSide checks the actor plays the side (the umpire may act for
// either).
func (g LITNGame) litnNeedSide(by Actor, side Side, what string) error {
	if g.IsUmpire(by) {
		return nil
	}
	if g.LITNSideOf(by) != side {
		return illegal("litn.side", fmt.Sprintf("%s is the %s player's", what, litnSideName(side)), "Wait for your own phase; /phase show says whose step it is")
	}
	return nil
}

// StartLITN sets up a LITN game from the two record sheets (002 15 "How to
// Set Up"): every leader with a starting hex goes on the map, the others
// wait for their turn of arrival. Charts are the group's loaded copies.
type StartLITN struct {
	By       Actor
	Scenario Scenario
	Map      *Theatre
	Library  *Library
	Charts   map[string]*LoadedChart
}

// CommandName implements Command.
func (StartLITN) CommandName() string { return "game start" }

// EventLITNStarted is the event type of a LITN start.
const EventLITNStarted = "litn.started"

// LITNStarted is a LITN game set up. It holds both sides' units: only the
// umpire is shown it.
type LITNStarted struct {
	By       Actor                   `json:"by"`
	Turn     int                     `json:"turn"`
	Units    []LITNUnit              `json:"units"`
	Wagons   []LITNWagonPiece        `json:"wagons,omitempty"`
	Control  map[string]LITNControl  `json:"control"`
	Score    LITNScore               `json:"score"`
	Charts   map[string]*LoadedChart `json:"charts"`
	Missing  []string                `json:"missing_charts,omitempty"` // slots not loaded (rolls on them are refused)
	InitialV LITNVP                  `json:"initial_vp,omitempty"`
}

// EventType implements Event.
func (*LITNStarted) EventType() string { return EventLITNStarted }

// EventLITNDone is the event type of LITNDoneEvent.
const EventLITNDone = "litn.done"

// LITNDone says a side has finished its part of the current step (the
// umpire may say it for a side).
type LITNDone struct {
	By   Actor
	Side Side // the umpire's choice; a player's own side
}

// CommandName implements Command.
func (LITNDone) CommandName() string { return "litn done" }

// LITNDoneEvent records it.
type LITNDoneEvent struct {
	By   Actor  `json:"by"`
	Turn int    `json:"turn"`
	Step string `json:"step"`
	Side Side   `json:"side"`
}

// EventType implements Event.
func (*LITNDoneEvent) EventType() string { return EventLITNDone }

func decideLITNGame(g LITNGame, cmd Command, d Dice) ([]Event, bool, error) {
	switch c := cmd.(type) {
	case StartLITN:
		evs, err := g.decideStartLITN(c)
		return evs, true, err
	case LITNDone:
		side, err := g.actingSide(c.By, c.Side, "litn.side", "Saying a step is done", litnSideName)
		if err != nil {
			return nil, true, err
		}
		if err := g.litnNeedStep(c.By, "Saying a step is done"); err != nil {
			return nil, true, err
		}
		if side != CSA && side != USA {
			return nil, true, invalid("game.side", "Which side is done?", "The umpire gives side:csa or side:usa")
		}
		w := g.Waiting()
		waits := false
		for _, s := range w {
			if strings.Contains(s, litnSideName(side)) {
				waits = true
			}
		}
		if !waits {
			return nil, true, illegal("litn.done", fmt.Sprintf("Step %s does not wait for the %s player", g.CurrentStep(), litnSideName(side)), "/phase show says who it waits for")
		}
		return []Event{&LITNDoneEvent{By: c.By, Turn: g.Turn, Step: g.CurrentStep(), Side: side}}, true, nil
	}
	return nil, false, nil
}

func (g LITNGame) decideStartLITN(c StartLITN) ([]Event, error) {
	if err := g.needGame(); err != nil {
		return nil, err
	}
	if g.Started {
		return nil, illegal("game.started", "The game has already started", "")
	}
	if !g.IsUmpire(c.By) {
		return nil, illegal("game.umpire", "Only the umpire starts the game", fmt.Sprintf("Ask %s", g.Umpire.Name))
	}
	if g.Game() != LITN {
		return nil, fmt.Errorf("engine: StartLITN for a %s game", g.Game())
	}
	for _, s := range []Side{CSA, USA} {
		if !slices.ContainsFunc(g.Players, func(p Player) bool { return p.Side == s }) {
			return nil, illegal("game.players", fmt.Sprintf("No one commands the %s yet", strings.ToUpper(string(s))), "Each side needs a player: /game join side:"+string(s))
		}
		if g.LITN.Sheets[s] == nil {
			return nil, illegal("litn.sheet", fmt.Sprintf("The %s Player Record Sheet is not loaded", litnSideName(s)),
				fmt.Sprintf("The umpire loads it with /sheet load side:%s (002 2.5; docs/litn-record-sheet.md)", s))
		}
	}
	if c.Map == nil || c.Library == nil {
		return nil, fmt.Errorf("engine: StartLITN without the LITN map or the library")
	}
	ev := &LITNStarted{By: c.By, Turn: LITNFirstTurn(g.Options.Scenario), Charts: map[string]*LoadedChart{}}
	for _, s := range []Side{CSA, USA} {
		for _, l := range g.LITN.Sheets[s].Leaders {
			u := LITNUnit{ID: l.ID, Name: l.Name, Side: s, Role: l.Role, Troops: l.Troops, Strength: l.Strength, Original: l.Strength,
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
					return nil, invalid("litn.sheet", fmt.Sprintf("%s: hex %q: %v", l.ID, l.Hex, err), "Fix the record sheet and load it again")
				}
				u.At, u.Hex = l.Hex, h
			}
			ev.Units = append(ev.Units, u)
		}
	}
	sort.Slice(ev.Units, func(i, j int) bool { return ev.Units[i].ID < ev.Units[j].ID })
	for _, sl := range c.Library.Slots {
		if sl.Game != LITN {
			continue
		}
		if lc := c.Charts[sl.ID]; lc != nil {
			ev.Charts[sl.ID] = lc
		} else {
			ev.Missing = append(ev.Missing, sl.ID)
		}
	}
	sort.Strings(ev.Missing)
	values, err := LITNPlaceValues(c.Library, nil, nil)
	if err != nil {
		return nil, err
	}
	ctl, vp, err := LITNInitialControl(g.Options.Scenario, values)
	if err != nil {
		return nil, err
	}
	ev.Control, ev.InitialV = ctl, vp
	ev.Score = LITNScore{}.add(CSA, vp)
	return []Event{ev}, nil
}

func applyLITNGame(g LITNGame, e Event) (LITNGame, bool) {
	switch e := e.(type) {
	case *LITNStarted:
		g.Started, g.Turn = true, e.Turn
		g.LITN.Units = map[string]LITNUnit{}
		for _, u := range e.Units {
			g.LITN.Units[u.ID] = u
		}
		g.LITN.Wagons = map[string]LITNWagonPiece{}
		for _, w := range e.Wagons {
			g.LITN.Wagons[w.ID] = w
		}
		g.LITN.Control = e.Control
		g.LITN.Score = e.Score
		g.LITN.Charts = e.Charts
		return g, true
	case *LITNDoneEvent:
		m := make(map[string]bool, len(g.LITN.Done)+1)
		for k, v := range g.LITN.Done {
			if !strings.HasPrefix(k, fmt.Sprintf("%d/", e.Turn-1)) { // older turns are forgotten
				m[k] = v
			}
		}
		m[litnKey(e.Turn, e.Step, e.Side)] = true
		g.LITN.Done = m
		return g, true
	}
	return g, false
}

// LITNSay is what an event tells, to whom: every LITN play event says it
// (the bot posts each text to its audience; docs/litn-play.md).
type LITNSay struct {
	// To is "all" (the table), "csa" or "usa" (that side's players only),
	// or "umpire".
	To   string
	Text string
}

// LITNSayer is an event that tells the table and the sides what happened.
type LITNSayer interface {
	Say(g LITNGame) []LITNSay
}

// litnEncodeState and litnDecodeState write and read LITN's state for a
// snapshot (Hooks.EncodeState): JSON of every field, the record sheets
// included (a snapshot is the store's, never a player's).
func litnEncodeState(own any) ([]byte, error) {
	s, ok := own.(LITNState)
	if !ok && own != nil {
		return nil, fmt.Errorf("engine: LITN state of type %T", own)
	}
	return json.Marshal(s)
}

func litnDecodeState(data []byte) (any, error) {
	var s LITNState
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, fmt.Errorf("engine: LITN state: %w", err)
	}
	return s, nil
}
