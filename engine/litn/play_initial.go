package litn

import (
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// 3.1 A, the Initial Phase in play (issue 10): the steps A1-A6 of
// scenarios/sequence/litn-sequence.yaml wired to the pure pieces of
// initial.go. What the rules roll by themselves is rolled as the step
// begins (/phase next): attrition (11), militia (4.2), Hooker
// dissatisfaction (15.6), turn 5's reorganization (15.4). What the players
// decide is a command: the Union's reorganization rolls (15.4), the
// replacements (15.2), the wagons (4.1, 9.2). docs/litn-play-initial.md.
//
// Line of communications, territory and the distance to a depot are not on
// the LITN map (no roads, rivers or depots in the seeds): each unit's are
// taken as its player declares them, with a documented default, and the
// umpire may correct them: the line of communications as the Command and
// Movement Phases record it (MovePlay.NoLOC, /litn declare loc:), the
// territory and the depot as UnitFacts (/litn replace).
//
// This file holds the phase's state and its steps; each step A1-A6 has its
// own play_initial_*.go file, with the commands and events in
// play_initial_commands.go and their folding in play_initial_apply.go.

// InitialPlay is 3.1 A's state.
type InitialPlay struct {
	// SetUp: scenario 2's Union infantry have been turned face down (15.4).
	SetUp bool
	// ReorganizedTurn is the turn the Union last rolled for reorganization.
	ReorganizedTurn int
	// MilitiaEligible: a condition of 4.2 has been met; it stays met.
	MilitiaEligible bool
	// Militia counts the militia units placed (their ids).
	Militia int
	// CSAWagonsOwed are Confederate wagons delayed before CSAWagonsTurn;
	// CSAWagonsLeft may still enter in that turn's Initial Phase (4.1).
	CSAWagonsOwed int
	CSAWagonsTurn int
	CSAWagonsLeft int
	// Made counts each side's wagons placed (their ids).
	Made map[engine.Side]int
	// Markers are the Union Wagon Creation markers on the map (9.2).
	Markers []WagonMarkerOn
	// Hooker is the Hooker Dissatisfaction marker (15.6); HookerCounted the
	// Confederate VPs (halves) it has moved for; HookerReplaced: Meade has
	// taken over.
	Hooker         HookerMarker
	HookerCounted  VP
	HookerReplaced bool
	// Facts are the units' declared supply facts (attrition, replacements).
	Facts map[string]UnitFacts
	// Bought are this turn's replacement purchases: "<turn>/<side>".
	Bought map[string][]ReplacementSpend
}

// WagonMarkerOn is a Wagon Creation marker and the turn it was placed:
// the wagon may be placed in the next turn's Initial Phase (9.2).
type WagonMarkerOn struct {
	WagonMarker
	Turn int `json:"turn"`
}

// UnitFacts are what the map cannot say of a unit for attrition:
// whether it stands in enemy territory (2.1) or within four MPs of a
// friendly depot (11). The player declares them; they stand until changed.
// Defaults: the territory of the named place the unit stands on, elsewhere
// north of the Potomac (Union territory); not near a depot. (Its line of
// communications is MovePlay.NoLOC.)
type UnitFacts struct {
	Territory string `json:"territory,omitempty"` // "friendly", "enemy" or "" (the default)
	NearDepot bool   `json:"near_depot,omitempty"`
}

// ----- registration -----

// initialSteps: the Initial Phase's steps (3.1 A), whether each
// happens this turn (InitialSteps), and the end of the Combat Phase
// that reads 15.6's Union major victories.
func initialSteps() []stepHooks {
	step := func(i int) func(g Game) (bool, string) {
		return func(g Game) (bool, string) {
			st, err := InitialSteps(g.CurrentTurn(), g.initState())
			if err != nil {
				return false, err.Error()
			}
			if i == 4 { // V: either side's part
				return st[4].Happens || st[5].Happens, st[4].Why + "; " + st[5].Why
			}
			j := i
			if i > 4 {
				j++ // V is two lines of InitialSteps
			}
			return st[j].Happens, st[j].Why
		}
	}
	return []stepHooks{
		{ID: StepReorganization, Happens: step(0), Begin: beginReorganization, Wait: waitFor(func(g Game) []engine.Side {
			if g.Turn < ReorganizeAll && g.LITN.Initial.ReorganizedTurn != g.Turn {
				return []engine.Side{engine.USA}
			}
			return nil
		})},
		{ID: StepAttrition, Happens: step(1), Begin: beginAttrition},
		{ID: StepReplacements, Happens: step(2), Begin: beginReplacements, Wait: waitFor(func(Game) []engine.Side { return []engine.Side{engine.CSA, engine.USA} })},
		{ID: StepMilitia, Happens: step(3), Begin: beginMilitia},
		{ID: StepWagons, Happens: step(4), Begin: beginWagons, Wait: waitFor(func(g Game) []engine.Side {
			var out []engine.Side
			if g.LITN.Initial.CSAWagonsTurn == g.Turn && g.LITN.Initial.CSAWagonsLeft > 0 {
				out = append(out, engine.CSA)
			}
			if len(g.LITN.Initial.usableMarkers(g.Turn)) > 0 {
				out = append(out, engine.USA)
			}
			return out
		})},
		{ID: StepHooker, Happens: step(5), Begin: beginHooker},
		// 15.6: the Union major victories move the marker back; they are
		// read as the Combat Phase ends (after G2, after any other end).
		{ID: StepDepletion, End: func(g Game, _ engine.Dice, _ engine.StepContext) ([]engine.Event, error) {
			if e := hookerMajorsEvent(g); e != nil {
				return []engine.Event{e}, nil
			}
			return nil, nil
		}},
	}
}

// initState is what decides the optional steps this turn.
func (g Game) initState() InitState {
	p := g.LITN.Initial
	ok, _ := MilitiaEligible(g.initMilitiaCheck())
	return InitState{MilitiaEligible: ok, HookerReplaced: p.HookerReplaced, WagonMarkers: len(p.usableMarkers(g.Turn)), CSAWagonsOwed: p.owed(g.Turn)}
}

// owed is the Confederate wagons delayed before the turn (4.1).
func (p InitialPlay) owed(turn int) int {
	n := p.CSAWagonsOwed
	if p.CSAWagonsTurn < turn {
		n += p.CSAWagonsLeft
	}
	return n
}

// usableMarkers are the markers placed the turn before (9.2).
func (p InitialPlay) usableMarkers(turn int) []WagonMarker {
	var out []WagonMarker
	for _, m := range p.Markers {
		if m.Turn == turn-1 {
			out = append(out, m.WagonMarker)
		}
	}
	return out
}

func (g Game) initMilitiaCheck() MilitiaCheck {
	c := MilitiaCheck{AlreadyEligible: g.LITN.Initial.MilitiaEligible, NetCSAVP: float64(g.LITN.Score.Net()) / 2}
	for _, u := range g.UnitsOf(engine.CSA) {
		if u.OnMap() && u.IsCombat() {
			c.CSACombatHexes = append(c.CSACombatHexes, u.Hex)
		}
	}
	return c
}

func (g Game) initCharts(lib *engine.Library) InitCharts {
	return InitCharts{Library: lib, Loaded: g.LITN.Charts}
}

// ----- deciding, and the names events use -----

func decideInitial(g Game, cmd engine.Command, d engine.Dice) ([]engine.Event, bool, error) {
	var evs []engine.Event
	var err error
	switch c := cmd.(type) {
	case ReorganizeUnits:
		evs, err = g.decideReorganize(c, d)
	case Replace:
		evs, err = g.decideReplace(c)
	case PlaceWagon:
		evs, err = g.decideWagon(c)
	default:
		return nil, false, nil
	}
	return evs, true, err
}

// initUnitName is a unit's name for texts (its id when unknown).
func initUnitName(g Game, id string) string {
	if u, ok := g.LITN.Units[id]; ok && u.Name != "" {
		return u.Name
	}
	return id
}

func initNames(g Game, ids []string) string {
	if len(ids) == 0 {
		return "none"
	}
	var out []string
	for _, id := range ids {
		out = append(out, initUnitName(g, id))
	}
	return strings.Join(out, ", ")
}

func initFactsText(f UnitFacts) string {
	var t string
	switch f.Territory {
	case "friendly":
		t = "in friendly territory"
	case "enemy":
		t = "in enemy territory"
	default:
		t = "territory by its hex (default)"
	}
	if f.NearDepot {
		t += ", within four MPs of a friendly depot (no attrition)"
	}
	return t
}
