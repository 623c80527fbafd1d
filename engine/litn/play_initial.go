package litn

import (
	"fmt"
	"sort"
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

// ----- commands -----

// ReorganizeUnits is the Union's 15.4 roll for up to four disorganized
// units within three hexes of McClellan (A1, scenario 2, turns 1-4).
type ReorganizeUnits struct {
	By      engine.Actor
	Units   []string // ids or names
	Library *engine.Library
}

// CommandName implements Command.
func (ReorganizeUnits) CommandName() string { return "litn reorganize" }

// Replace spends replacement points on a unit (A3, 15.2: Points are
// strength points added) and/or declares the unit's territory and depot
// distance for attrition (any time; nil and "" leave a fact as it was).
type Replace struct {
	By        engine.Actor
	Unit      string
	Points    int
	Territory string // friendly, enemy
	NearDepot *bool
}

// CommandName implements Command.
func (Replace) CommandName() string { return "litn replace" }

// PlaceWagon places a supply wagon (A5: the Confederate at a depot, 4.1;
// the Union at a Wagon Creation marker, 9.2), or with Unit, places a Wagon
// Creation marker for a Union leader at the end of the Union Movement
// Phase (9.2).
type PlaceWagon struct {
	By   engine.Actor
	Hex  string
	Unit string
	Map  *engine.Theatre
}

// CommandName implements Command.
func (PlaceWagon) CommandName() string { return "litn wagon" }

// ----- events -----

// Event type names.
const (
	EventDisorganized = "litn.disorganized"
	EventReorganized  = "litn.reorganized"
	EventAttrition    = "litn.attrition"
	EventReplaceBegun = "litn.replacements-begun"
	EventReplaced     = "litn.replaced"
	EventUnitFacts    = "litn.unit-facts"
	EventMilitia      = "litn.militia"
	EventWagonsBegun  = "litn.wagons-begun"
	EventWagonPlaced  = "litn.wagon-placed"
	EventWagonMarker  = "litn.wagon-marker"
	EventHooker       = "litn.hooker"
	EventHookerMajors = "litn.hooker-majors"
)

// Disorganized turns scenario 2's Union infantry face down (15.4).
type Disorganized struct {
	Units []string `json:"units"`
}

// EventType implements Event.
func (*Disorganized) EventType() string { return EventDisorganized }

// Say implements Sayer: the counters are face down for all to see.
func (e *Disorganized) Say(g Game) []Say {
	return []Say{{To: "all", Text: fmt.Sprintf("002 15.4: at the start of scenario 2 all Union infantry units except Miles and White are disorganized: %d counters face down (%s). They may not move or attack until reorganized.",
		len(e.Units), initNames(g, e.Units))}}
}

// Reorganized is a Union reorganization (15.4).
type Reorganized struct {
	By     engine.Actor    `json:"by"`
	Turn   int             `json:"turn"`
	Result *Reorganization `json:"result"`
}

// EventType implements Event.
func (*Reorganized) EventType() string { return EventReorganized }

// Say implements Sayer: the rolls and the counters turned face up are
// seen by both players.
func (e *Reorganized) Say(g Game) []Say {
	var b strings.Builder
	if e.Turn == ReorganizeAll {
		fmt.Fprintf(&b, "🔧 Reorganization (002 15.4): turn 5: every disorganized Union unit is reorganized, without rolls: %s.", initNames(g, e.Result.Reorganized))
		return []Say{{To: "all", Text: b.String()}}
	}
	fmt.Fprintf(&b, "🔧 Union reorganization (002 15.4, table %s):", TableReorganize)
	for _, r := range e.Result.Rolls {
		res := "stays disorganized"
		if r.Reorganized {
			res = "reorganized"
		}
		fmt.Fprintf(&b, "\n- %s (%d hexes from McClellan): %s: %s", initUnitName(g, r.Unit), r.Distance, tableLine(r.Roll), res)
	}
	if len(e.Result.Rolls) == 0 {
		b.WriteString(" no attempt this turn.")
	}
	return []Say{{To: "all", Text: b.String()}}
}

// AttritionRolled is one side's attrition (11, 11.1).
type AttritionRolled struct {
	Turn   int              `json:"turn"`
	Side   engine.Side      `json:"side"`
	Result *AttritionResult `json:"result"`
	// Facts say which facts were declared and which defaulted.
	Facts []string `json:"facts,omitempty"`
}

// EventType implements Event.
func (*AttritionRolled) EventType() string { return EventAttrition }

// Say implements Sayer: the table sees the die; the losses and
// strengths are the side's (002 2.5).
func (e *AttritionRolled) Say(g Game) []Say {
	pub := fmt.Sprintf("🎲 Attrition (002 11): the %s player rolls once for all his units: %d. The losses go on his record sheet.", sideName(e.Side), e.Result.Die)
	priv := "Attrition (002 11, 11.1), your units:\n" + strings.Join(e.Result.Lines, "\n")
	if len(e.Facts) > 0 {
		priv += "\nTaken as (002 7.2, 2.1, 11; declare otherwise before the Initial Phase: /litn declare loc:, /litn replace unit: territory: depot:): " + strings.Join(e.Facts, "; ")
	}
	return []Say{{To: "all", Text: pub}, {To: string(e.Side), Text: priv}}
}

// ReplacementsBegun announces the turn's replacement points (15.2).
type ReplacementsBegun struct {
	Turn   int    `json:"turn"`
	Points int    `json:"points"`
	Why    string `json:"why"`
}

// EventType implements Event.
func (*ReplacementsBegun) EventType() string { return EventReplaceBegun }

// Say implements Sayer.
func (e *ReplacementsBegun) Say(Game) []Say {
	return []Say{{To: "all", Text: fmt.Sprintf("➕ Replacements (002 15.2): %s. Each player spends them with /litn replace unit: points: (infantry 1 a strength point, cavalry 2; units with a line of communications, not demoralized) and says /litn done; unspent points are lost.", e.Why)}}
}

// Replaced is a replacement purchase (15.2).
type Replaced struct {
	By   engine.Actor     `json:"by"`
	Turn int              `json:"turn"`
	Side engine.Side      `json:"side"`
	Buy  ReplacementSpend `json:"buy"`
	Gain ReplacementGain  `json:"gain"`
	Left int              `json:"left"` // points left this turn
}

// EventType implements Event.
func (*Replaced) EventType() string { return EventReplaced }

// Say implements Sayer: the purchase is the side's (2.5).
func (e *Replaced) Say(Game) []Say {
	return []Say{{To: string(e.Side), Text: fmt.Sprintf("%s. %d replacement point(s) left this turn.", e.Gain.Explanation, e.Left)}}
}

// UnitFactsSet records a unit's declared supply facts.
type UnitFactsSet struct {
	By    engine.Actor `json:"by"`
	Unit  string       `json:"unit"`
	Side  engine.Side  `json:"side"`
	Facts UnitFacts    `json:"facts"`
}

// EventType implements Event.
func (*UnitFactsSet) EventType() string { return EventUnitFacts }

// Say implements Sayer: the side's own (its LOC is its secret).
func (e *UnitFactsSet) Say(g Game) []Say {
	return []Say{{To: string(e.Side), Text: fmt.Sprintf("Noted for attrition and replacements: %s %s.", initUnitName(g, e.Unit), initFactsText(e.Facts))}}
}

// MilitiaRolled is 3.1 A IV (4.2).
type MilitiaRolled struct {
	Turn   int          `json:"turn"`
	Result *MilitiaRoll `json:"result"`
	Units  []Unit       `json:"units,omitempty"` // placed at Harrisburg
}

// EventType implements Event.
func (*MilitiaRolled) EventType() string { return EventMilitia }

// Say implements Sayer: the roll and the counters at Harrisburg are
// public.
func (e *MilitiaRolled) Say(Game) []Say {
	t := "🏛️ Union militia: " + e.Result.Explanation + "."
	if len(e.Units) > 0 {
		var ids []string
		for _, u := range e.Units {
			ids = append(ids, u.ID)
		}
		t += fmt.Sprintf(" New counters at Harrisburg (4001): %s. Their strength is printed on the counters (not in the rules text): the umpire notes it.", strings.Join(ids, ", "))
	}
	return []Say{{To: "all", Text: t}}
}

// WagonsBegun opens 3.1 A V: the Confederate wagons that may enter
// (4.1) and the Union Wagon Creation markers usable (9.2).
type WagonsBegun struct {
	Turn      int      `json:"turn"`
	CSADue    bool     `json:"csa_due"`
	CSAOwed   int      `json:"csa_owed"`
	Available int      `json:"available"`
	Markers   []string `json:"markers,omitempty"` // hexes usable now
	Lapsed    []string `json:"lapsed,omitempty"`  // markers removed unused
	Why       string   `json:"why"`
}

// EventType implements Event.
func (*WagonsBegun) EventType() string { return EventWagonsBegun }

// Say implements Sayer.
func (e *WagonsBegun) Say(Game) []Say {
	var lines []string
	if e.Available > 0 {
		lines = append(lines, fmt.Sprintf("🛒 Supply wagons (002 4.1): %s; %d Confederate wagon(s) may enter: /litn wagon hex:<a Confederate depot>, or /litn done to delay.", e.Why, e.Available))
	}
	if len(e.Markers) > 0 {
		lines = append(lines, fmt.Sprintf("🛒 Union wagons (002 9.2): a wagon may be placed at each Wagon Creation marker: %s (/litn wagon hex:, /litn done when finished).", strings.Join(e.Markers, ", ")))
	}
	if len(e.Lapsed) > 0 {
		lines = append(lines, fmt.Sprintf("Wagon Creation markers not used in their Initial Phase are removed (002 9.2): %s.", strings.Join(e.Lapsed, ", ")))
	}
	if len(lines) == 0 {
		return nil
	}
	return []Say{{To: "all", Text: strings.Join(lines, "\n")}}
}

// WagonPlaced is a supply wagon entering play (4.1, 9.2).
type WagonPlaced struct {
	By          engine.Actor `json:"by"`
	Turn        int          `json:"turn"`
	Wagon       WagonPiece   `json:"wagon"`
	Explanation string       `json:"explanation"`
}

// EventType implements Event.
func (*WagonPlaced) EventType() string { return EventWagonPlaced }

// Say implements Sayer: the counter is on the map.
func (e *WagonPlaced) Say(Game) []Say {
	return []Say{{To: "all", Text: "🛒 " + e.Explanation + "."}}
}

// WagonMarkerPlaced is a Union Wagon Creation marker (9.2).
type WagonMarkerPlaced struct {
	By     engine.Actor  `json:"by"`
	Marker WagonMarkerOn `json:"marker"`
}

// EventType implements Event.
func (*WagonMarkerPlaced) EventType() string { return EventWagonMarker }

// Say implements Sayer: the marker is on the map; the leader's CPs
// are the Union's.
func (e *WagonMarkerPlaced) Say(Game) []Say {
	return []Say{{To: "all", Text: fmt.Sprintf("🛒 A Union Wagon Creation marker is placed in hex %s (002 9.2): a wagon may be placed there in the next Initial Phase.", e.Marker.Hex)},
		{To: string(engine.USA), Text: e.Marker.Explanation}}
}

// HookerRolled is 3.1 A VI (15.6).
type HookerRolled struct {
	Turn    int          `json:"turn"`
	Marker  HookerMarker `json:"marker"` // after this turn's move
	Counted VP           `json:"counted"`
	Moved   int          `json:"moved"` // boxes forward for VPs since the last roll
	Result  *HookerRoll  `json:"result"`
	Units   []Unit       `json:"units,omitempty"` // the counters changed by the swap
}

// EventType implements Event.
func (*HookerRolled) EventType() string { return EventHooker }

// Say implements Sayer: the marker, the roll and the counters are
// public.
func (e *HookerRolled) Say(Game) []Say {
	t := "🎩 Hooker dissatisfaction: "
	if e.Moved > 0 {
		t += fmt.Sprintf("the marker moves %d box(es) forward for the Confederate VPs scored (002 15.6); ", e.Moved)
	}
	t += e.Result.Explanation + "."
	if e.Result.Replaced {
		t += "\n**Meade replaces Hooker** (002 15.6):\n" + strings.Join(e.Result.Steps, "\n")
		if len(e.Units) == 0 {
			t += "\nThe record sheet does not name these counters: the umpire makes the change."
		}
	}
	return []Say{{To: "all", Text: t}}
}

// HookerMajors moves the Hooker marker back for the turn's Union major
// victories (15.6), recorded as the Combat Phase ends.
type HookerMajors struct {
	Turn   int          `json:"turn"`
	Majors int          `json:"majors"`
	Marker HookerMarker `json:"marker"`
}

// EventType implements Event.
func (*HookerMajors) EventType() string { return EventHookerMajors }

// Say implements Sayer.
func (e *HookerMajors) Say(Game) []Say {
	return []Say{{To: "all", Text: fmt.Sprintf("🎩 %d Union major victory(ies): the Hooker Dissatisfaction marker moves back two boxes for each, to box %d (002 15.6).", e.Majors, e.Marker.Box)}}
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
				j++ // V is two lines of LITNInitialSteps
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

// ----- A1 Reorganization (15.4) -----

func initMilesOrWhite(u Unit) bool {
	for _, n := range []string{"miles", "white"} {
		if strings.EqualFold(u.Name, n) || strings.HasSuffix(strings.ToLower(u.ID), "."+n) {
			return true
		}
	}
	return false
}

func beginReorganization(g Game, d engine.Dice, ctx engine.StepContext) ([]engine.Event, error) {
	var evs []engine.Event
	if g.Options.Scenario == Scenario2 && !g.LITN.Initial.SetUp {
		// 15.4: "At the start of the scenario all Union infantry units
		// except Miles and White are considered disorganized."
		e := &Disorganized{}
		for _, u := range g.UnitsOf(engine.USA) {
			if u.IsCombat() && u.Troops == "infantry" && !initMilesOrWhite(u) {
				e.Units = append(e.Units, u.ID)
			}
		}
		evs = append(evs, e)
		g = g.Apply(e)
	}
	if g.Turn == ReorganizeAll {
		res, err := Reorganize(g.CurrentTurn(), engine.Hex{}, g.initReorgUnits(), nil, g.initCharts(ctx.Library), d)
		if err != nil {
			return nil, err
		}
		evs = append(evs, &Reorganized{Turn: g.Turn, Result: res})
	}
	return evs, nil
}

func (g Game) initReorgUnits() []ReorgUnit {
	var out []ReorgUnit
	for _, u := range g.UnitsOf(engine.USA) {
		if u.Disorganized {
			out = append(out, ReorgUnit{ID: u.ID, Name: u.Name, Hex: u.Hex, Disorganized: true})
		}
	}
	return out
}

func (g Game) decideReorganize(c ReorganizeUnits, d engine.Dice) ([]engine.Event, error) {
	if err := g.needStep(c.By, "Union reorganization", StepReorganization); err != nil {
		return nil, err
	}
	if err := g.needSide(c.By, engine.USA, "Reorganization"); err != nil {
		return nil, err
	}
	if g.Turn >= ReorganizeAll {
		return nil, engine.Illegal("litn.reorg.turn5", "On turn 5 every unit was reorganized without rolls", "002 15.4: nothing to choose")
	}
	if g.LITN.Initial.ReorganizedTurn == g.Turn {
		return nil, engine.Illegal("litn.reorg.again", "The Union has already rolled for reorganization this turn", "002 15.4: up to four units once in each Initial Phase; /litn done ends the step")
	}
	var mc *Unit
	for _, u := range g.UnitsOf(engine.USA) {
		if u.Role == SheetDepartment && u.OnMap() {
			u := u
			mc = &u
			break
		}
	}
	if mc == nil {
		return nil, engine.Illegal("litn.reorg.mcclellan", "McClellan (the Union department leader) is not on the map", "002 15.4: the units must be within three hexes of McClellan")
	}
	var ids []string
	for _, ref := range c.Units {
		if strings.TrimSpace(ref) == "" {
			continue
		}
		u, err := g.ownUnit(c.By, ref)
		if err != nil {
			return nil, err
		}
		if u.Side != engine.USA {
			return nil, engine.Illegal("litn.reorg.side", fmt.Sprintf("%s is not a Union unit", u.Name), "002 15.4: the Union reorganizes its own units")
		}
		ids = append(ids, u.ID)
	}
	if len(ids) == 0 {
		return nil, engine.Invalid("litn.reorg.units", "Which units?", "Give up to four disorganized units within three hexes of McClellan: units:<id or name>,... (002 15.4); /litn done to attempt none")
	}
	var all []ReorgUnit
	for _, u := range g.UnitsOf(engine.USA) {
		all = append(all, ReorgUnit{ID: u.ID, Name: u.Name, Hex: u.Hex, Disorganized: u.Disorganized})
	}
	res, err := Reorganize(g.CurrentTurn(), mc.Hex, all, ids, g.initCharts(c.Library), d)
	if err != nil {
		return nil, err
	}
	return []engine.Event{&Reorganized{By: c.By, Turn: g.Turn, Result: res}}, nil
}

// ----- A2 Attrition (11) -----

// initFacts returns a unit's facts for attrition and replacements, and
// how they were reached: its line of communications as declared for the
// Command and Movement Phases (MovePlay.NoLOC: in LOC unless declared
// out), its territory and depot distance as declared here or by default.
func (g Game) initFacts(u Unit, m *engine.Theatre) (loc, friendly, nearDepot bool, how string) {
	f := g.LITN.Initial.Facts[u.ID]
	loc, nearDepot = !g.LITN.Moves.NoLOC[u.ID], f.NearDepot
	var terr string
	switch f.Territory {
	case "friendly":
		friendly, terr = true, "friendly territory (declared)"
	case "enemy":
		terr = "enemy territory (declared)"
	default:
		friendly, terr = initTerritory(m, u)
	}
	lt := "in LOC"
	if !loc {
		lt = "no LOC (declared)"
	}
	how = fmt.Sprintf("%s: %s, %s", u.Name, lt, terr)
	if nearDepot {
		how += ", within four MPs of a friendly depot (declared)"
	}
	return loc, friendly, nearDepot, how
}

// initTerritory is the default territory of a unit's hex (2.1): the named
// place's, else Union territory (north of the Potomac, where the 1862
// campaign is fought; the border is not in the seeds).
func initTerritory(m *engine.Theatre, u Unit) (bool, string) {
	if m != nil {
		for i := range m.Places {
			p := &m.Places[i]
			if p.Hex != u.Hex || !(p.Is("union-territory") || p.Is("confederate-territory")) {
				continue
			}
			own := "union-territory"
			if u.Side == engine.CSA {
				own = "confederate-territory"
			}
			if p.Is(own) {
				return true, fmt.Sprintf("friendly territory (%s, 002 2.1)", p.Name)
			}
			return false, fmt.Sprintf("enemy territory (%s, 002 2.1)", p.Name)
		}
	}
	if u.Side == engine.USA {
		return true, "friendly territory (default: north of the Potomac)"
	}
	return false, "enemy territory (default: north of the Potomac)"
}

func beginAttrition(g Game, d engine.Dice, ctx engine.StepContext) ([]engine.Event, error) {
	var evs []engine.Event
	for _, side := range []engine.Side{engine.CSA, engine.USA} {
		var units []AttritionUnit
		var facts []string
		for _, u := range g.UnitsOf(side) {
			if !u.OnMap() || !u.IsCombat() {
				continue
			}
			troops, strength := u.Troops, u.Strength
			if u.Militia {
				troops, strength = "militia", max(1, strength)
			}
			if strength < 1 {
				continue
			}
			loc, friendly, near, how := g.initFacts(u, ctx.Map)
			units = append(units, AttritionUnit{ID: u.ID, Name: u.Name, Troops: troops, Strength: strength, Friendly: friendly, LOC: loc, NearDepot: near})
			if troops == "infantry" || troops == "cavalry" {
				facts = append(facts, how)
			}
		}
		res, err := Attrition(g.CurrentTurn(), side, units, g.initCharts(ctx.Library), d)
		if err != nil {
			return nil, err
		}
		evs = append(evs, &AttritionRolled{Turn: g.Turn, Side: side, Result: res, Facts: facts})
	}
	return evs, nil
}

// ----- A3 Replacements (15.2) -----

func beginReplacements(g Game, _ engine.Dice, _ engine.StepContext) ([]engine.Event, error) {
	n, why := ReplacementPoints(g.CurrentTurn())
	return []engine.Event{&ReplacementsBegun{Turn: g.Turn, Points: n, Why: why}}, nil
}

func initBoughtKey(turn int, side engine.Side) string { return fmt.Sprintf("%d/%s", turn, side) }

func (g Game) decideReplace(c Replace) ([]engine.Event, error) {
	if err := g.needStep(c.By, "Replacements and supply facts"); err != nil {
		return nil, err
	}
	if strings.TrimSpace(c.Unit) == "" {
		return nil, engine.Invalid("litn.replace.unit", "Which unit?", "Give unit:<id or name> of your side")
	}
	u, err := g.ownUnit(c.By, c.Unit)
	if err != nil {
		return nil, err
	}
	var evs []engine.Event
	facts := g.LITN.Initial.Facts[u.ID]
	changed := false
	if c.NearDepot != nil {
		facts.NearDepot, changed = *c.NearDepot, true
	}
	switch t := strings.ToLower(strings.TrimSpace(c.Territory)); t {
	case "":
	case "friendly", "enemy":
		facts.Territory, changed = t, true
	case "default":
		facts.Territory, changed = "", true
	default:
		return nil, engine.Invalid("litn.replace.territory", fmt.Sprintf("%q is not a territory", c.Territory), "Give territory:friendly or territory:enemy (002 2.1), or default")
	}
	if changed {
		e := &UnitFactsSet{By: c.By, Unit: u.ID, Side: u.Side, Facts: facts}
		evs = append(evs, e)
		g = g.Apply(e)
		u = g.LITN.Units[u.ID]
	}
	if c.Points == 0 {
		if !changed {
			return nil, engine.Invalid("litn.replace.nothing", "Nothing to do", "Give points:<strength points> to spend replacement points (step A3), or territory:, depot: to declare the unit's facts for attrition (a line of communications is declared with /litn declare loc:)")
		}
		return evs, nil
	}
	if err := g.needStep(c.By, "Spending replacement points", StepReplacements); err != nil {
		return nil, err
	}
	if err := g.needSide(c.By, u.Side, "Spending these replacement points"); err != nil {
		return nil, err
	}
	if g.IsDone(u.Side) {
		return nil, engine.Illegal("litn.replace.done", fmt.Sprintf("The %s player has said he is done with replacements this turn", sideName(u.Side)), "002 15.2: replacement points cannot be saved")
	}
	key := initBoughtKey(g.Turn, u.Side)
	prior := g.LITN.Initial.Bought[key]
	before := map[string]int{}
	for _, b := range prior {
		before[b.Unit] += b.Strength
	}
	var units []ReplacementUnit
	for _, x := range g.LITN.Units {
		if x.Side != u.Side {
			continue
		}
		troops, st := x.Troops, x.Strength-before[x.ID]
		if x.Militia {
			troops = "militia"
		}
		if x.Eliminated {
			st = 0
		}
		loc, _, _, _ := g.initFacts(x, nil)
		units = append(units, ReplacementUnit{ID: x.ID, Name: x.Name, Side: x.Side, Troops: troops, Strength: st, LOC: loc, Demoralized: x.Demoralized})
	}
	sort.Slice(units, func(i, j int) bool { return units[i].ID < units[j].ID })
	buy := ReplacementSpend{Unit: u.ID, Strength: c.Points}
	res, err := SpendReplacements(g.CurrentTurn(), u.Side, units, nil, append(append([]ReplacementSpend(nil), prior...), buy))
	if err != nil {
		return nil, err
	}
	gain := res.Gains[len(res.Gains)-1]
	return append(evs, &Replaced{By: c.By, Turn: g.Turn, Side: u.Side, Buy: buy, Gain: gain, Left: res.Points - res.Spent}), nil
}

// ----- A4 Militia (4.2) -----

func beginMilitia(g Game, d engine.Dice, ctx engine.StepContext) ([]engine.Event, error) {
	harrisburg := g.LITN.Control["4001"] != ""
	res, err := RollMilitia(g.CurrentTurn(), g.initMilitiaCheck(), harrisburg, g.initCharts(ctx.Library), d)
	if err != nil {
		return nil, err
	}
	e := &MilitiaRolled{Turn: g.Turn, Result: res}
	couch := ""
	for _, u := range g.UnitsOf(engine.USA) {
		if u.Role == SheetCouch {
			couch = u.ID // 15.5: in 1863 the militia are subordinate to Couch
		}
	}
	for i := 1; i <= res.Units; i++ {
		n := g.LITN.Initial.Militia + i
		e.Units = append(e.Units, Unit{ID: fmt.Sprintf("usa.militia-%d", n), Name: fmt.Sprintf("Militia %d", n), Side: engine.USA, Troops: "militia",
			At: "4001", Hex: Harrisburg(), Militia: true, SubordinateTo: couch})
	}
	return []engine.Event{e}, nil
}

// ----- A5 Supply wagons (4.1, 9.2) -----

func beginWagons(g Game, _ engine.Dice, _ engine.StepContext) ([]engine.Event, error) {
	p := g.LITN.Initial
	due, why := CSAWagonDue(g.CurrentTurn())
	e := &WagonsBegun{Turn: g.Turn, CSADue: due, CSAOwed: p.owed(g.Turn), Why: strings.TrimSuffix(why, " (002 4.1)")}
	e.Available = e.CSAOwed
	if due {
		e.Available++
	}
	if e.CSAOwed > 0 {
		e.Why += fmt.Sprintf(" (%d delayed before)", e.CSAOwed)
	}
	for _, m := range p.Markers {
		switch {
		case m.Turn == g.Turn-1:
			e.Markers = append(e.Markers, m.Hex)
		case m.Turn < g.Turn-1:
			e.Lapsed = append(e.Lapsed, m.Hex)
		}
	}
	return []engine.Event{e}, nil
}

func (g Game) decideWagon(c PlaceWagon) ([]engine.Event, error) {
	if strings.TrimSpace(c.Unit) != "" {
		return g.decideWagonMarker(c)
	}
	if err := g.needStep(c.By, "Placing a supply wagon", StepWagons); err != nil {
		return nil, err
	}
	side := g.SideOf(c.By)
	if g.IsUmpire(c.By) {
		side = ""
	}
	if c.Map == nil {
		return nil, fmt.Errorf("engine: LITNPlaceWagon without the LITN map")
	}
	at := strings.TrimSpace(c.Hex)
	h, _, err := c.Map.ParseHex(at, "")
	if err != nil {
		return nil, engine.Invalid("litn.wagons.hex", fmt.Sprintf("%q is not a hex of the map", c.Hex), "Give the printed hex number, e.g. hex:1026")
	}
	p := g.LITN.Initial
	markers := p.usableMarkers(g.Turn)
	// The umpire places for the side whose placement the hex is.
	if side == "" {
		side = engine.CSA
		for _, m := range markers {
			if m.Hex == at {
				side = engine.USA
			}
		}
	}
	if err := g.needSide(c.By, side, "This wagon"); err != nil {
		return nil, err
	}
	w := WagonPiece{ID: fmt.Sprintf("%s.wagon-%d", side, p.Made[side]+1), Side: side, At: at, Hex: h}
	ev := &WagonPlaced{By: c.By, Turn: g.Turn, Wagon: w}
	if side == engine.USA {
		// The Union counter mix is not in the seeds: no limit is checked
		// beyond the markers (docs/litn-play-initial.md).
		res, err := PlaceUnionWagons(markers, []string{at}, 1<<20)
		if err != nil {
			return nil, err
		}
		ev.Explanation = res.Explanation[0]
		return []engine.Event{ev}, nil
	}
	if p.CSAWagonsTurn != g.Turn {
		return nil, engine.Illegal("litn.wagons.none", "No Confederate wagon may enter this turn", "002 4.1: one every three turns from the scenario's first wagon turn")
	}
	due, _ := CSAWagonDue(g.CurrentTurn())
	owed := p.CSAWagonsLeft
	if due {
		owed-- // LITNPlaceCSAWagons adds the wagon due
	}
	// The depots are printed on the map, not in the seeds: the hex is taken
	// as the player declares it, with the checks the rules allow (1026 in
	// 1862; six in play).
	res, err := PlaceCSAWagons(g.CurrentTurn(), len(g.WagonsOf(engine.CSA)), owed, []string{at}, []string{at})
	if err != nil {
		return nil, err
	}
	ev.Explanation = res.Explanation[len(res.Explanation)-1]
	for _, x := range res.Explanation {
		if strings.Contains(x, "enters at the depot") {
			ev.Explanation = x
		}
	}
	return []engine.Event{ev}, nil
}

func (g Game) decideWagonMarker(c PlaceWagon) ([]engine.Event, error) {
	step := g.CurrentStep()
	if err := g.needStep(c.By, "A Wagon Creation marker", StepFirstMove, StepSecondMove); err != nil {
		return nil, err
	}
	if g.PhaseSide(step) != engine.USA {
		return nil, engine.Illegal("litn.wagons.phase", "Wagon creation is at the end of the Union Movement Phase", "002 9.2: the leader spends one full Movement Phase in a Union supply depot hex")
	}
	if err := g.needSide(c.By, engine.USA, "Wagon creation"); err != nil {
		return nil, err
	}
	u, err := g.ownUnit(c.By, c.Unit)
	if err != nil {
		return nil, err
	}
	// 15.2: Miles and White may not "build supply wagons, until released".
	if why := g.Held(u); why != "" {
		return nil, engine.Illegal("litn.wagons.held", u.Name+" may not build supply wagons until released (002 15.2)", why)
	}
	for _, m := range g.LITN.Initial.Markers {
		if m.Leader == u.ID && m.Turn == g.Turn {
			return nil, engine.Illegal("litn.wagons.again", fmt.Sprintf("%s has already created a wagon this turn", u.Name), "002 9.2: each leader in a depot hex can create one wagon")
		}
	}
	// The depot and the leader's CP are the player's declaration (depots are
	// not on the map here; a hex's CPs are the Command Phase's); the umpire
	// may correct. Staying put is checked against the Movement Phase's
	// record (MovePlay.Phase). Miles and White's release (15.2) is
	// checked above (Held).
	moved := false
	if ph := g.LITN.Moves.Phase; ph != nil && ph.Turn == g.Turn && ph.Step == step {
		moved = ph.Moved[u.ID] || ph.Start[u.ID] != "" && ph.Start[u.ID] != u.At
	}
	cr := WagonCreator{ID: u.ID, Name: u.Name, Side: u.Side, Leader: !u.Militia, Hex: u.At, InUnionDepot: true, CommandPoints: 1,
		WholePhaseHere: u.OnMap(), Moved: moved}
	m, err := CreateWagonMarker(cr, 1<<20)
	if err != nil {
		return nil, err
	}
	return []engine.Event{&WagonMarkerPlaced{By: c.By, Marker: WagonMarkerOn{WagonMarker: *m, Turn: g.Turn}}}, nil
}

// ----- A6 Hooker dissatisfaction (15.6) -----

func beginHooker(g Game, d engine.Dice, ctx engine.StepContext) ([]engine.Event, error) {
	p := g.LITN.Initial
	marker := p.Hooker
	if marker.Box < HookerStartBox {
		marker = NewHookerMarker()
	}
	counted := p.HookerCounted
	moved := 0
	if delta := g.LITN.Score.CSA - counted; delta > 0 {
		before := marker.Box
		marker = marker.Moved(int(delta), 0)
		moved = marker.Box - before
		counted = g.LITN.Score.CSA
	}
	res, err := HookerDissatisfaction(g.CurrentTurn(), marker, p.HookerReplaced, g.LITN.Sheets[engine.USA], g.initCharts(ctx.Library), d)
	if err != nil {
		return nil, err
	}
	e := &HookerRolled{Turn: g.Turn, Marker: marker, Counted: counted, Moved: moved, Result: res}
	if res.Replaced {
		e.Units = g.initMeadeSwap()
	}
	return []engine.Event{e}, nil
}

// initMeadeSwap is 15.6's three steps on the Union's counters: Hooker's
// department counter leaves the map; Sykes takes the Meade corps counter's
// place and strength (and its original strength and morale: the troops
// are the same); Meade's
// department counter enters in that hex. Nil when the sheet lacks one.
func (g Game) initMeadeSwap() []Unit {
	var hooker, meade, sykes, meadeDept *Unit
	for _, u := range g.UnitsOf(engine.USA) {
		u := u
		out := false
		for _, a := range u.Arrives {
			out = out || a.By == SheetByHookerOut
		}
		switch {
		case u.Role == SheetDepartment && !out && u.OnMap():
			hooker = &u
		case u.Role == SheetDepartment && out:
			meadeDept = &u
		case u.IsCombat() && out:
			sykes = &u
		case u.IsCombat() && u.OnMap() && strings.Contains(strings.ToLower(u.Name), "meade"):
			meade = &u
		}
	}
	if hooker == nil || meade == nil || sykes == nil || meadeDept == nil {
		return nil
	}
	h, m, s, md := *hooker, *meade, *sykes, *meadeDept
	h.At, h.Hex, h.Eliminated = "", engine.Hex{}, true
	// The corps is the same: its strength, original strength and morale.
	s.At, s.Hex, s.Strength, s.Original, s.Demoralized, s.Arrives = m.At, m.Hex, m.Strength, m.Original, m.Demoralized, nil
	md.At, md.Hex, md.Arrives = m.At, m.Hex, nil
	m.At, m.Hex, m.Eliminated = "", engine.Hex{}, true
	out := []Unit{h, m, s, md}
	for _, u := range g.UnitsOf(engine.USA) {
		if u.Parent == m.ID { // a detachment of Meade's corps is Sykes's now
			u.Parent = s.ID
			out = append(out, u)
		}
	}
	return out
}

// hookerMajorsEvent moves the marker back for the turn's Union major
// victories (15.6), nil when there is nothing to move.
func hookerMajorsEvent(g Game) engine.Event {
	if g.Game() != ID || g.Options.Scenario != Scenario3 || g.LITN.Initial.HookerReplaced {
		return nil
	}
	n := 0
	for _, s := range g.MajorVictories() {
		if s == engine.USA {
			n++
		}
	}
	if n == 0 {
		return nil
	}
	m := g.LITN.Initial.Hooker
	if m.Box < HookerStartBox {
		m = NewHookerMarker()
	}
	return &HookerMajors{Turn: g.Turn, Majors: n, Marker: m.Moved(0, n)}
}

// ----- decide and apply -----

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

func applyInitial(g Game, e engine.Event) (Game, bool) {
	p := g.LITN.Initial
	switch e := e.(type) {
	case *Disorganized:
		var us []Unit
		for _, id := range e.Units {
			if u, ok := g.LITN.Units[id]; ok {
				u.Disorganized = true
				us = append(us, u)
			}
		}
		g = g.withUnits(us...)
		p.SetUp = true
	case *Reorganized:
		var us []Unit
		for _, id := range e.Result.Reorganized {
			if u, ok := g.LITN.Units[id]; ok {
				u.Disorganized = false
				us = append(us, u)
			}
		}
		g = g.withUnits(us...)
		p.ReorganizedTurn = e.Turn
	case *AttritionRolled:
		var us []Unit
		for _, l := range e.Result.Units {
			if u, ok := g.LITN.Units[l.Unit]; ok && l.Lost > 0 {
				u.Strength = l.Strength
				us = append(us, u)
			}
		}
		g = g.withUnits(us...)
	case *ReplacementsBegun:
	case *UnitFactsSet:
		m := make(map[string]UnitFacts, len(p.Facts)+1)
		for k, v := range p.Facts {
			m[k] = v
		}
		m[e.Unit] = e.Facts
		p.Facts = m
	case *Replaced:
		if u, ok := g.LITN.Units[e.Gain.Unit]; ok {
			u.Strength = e.Gain.Strength
			g = g.withUnits(u)
		}
		m := make(map[string][]ReplacementSpend, 2)
		for k, v := range p.Bought {
			if strings.HasPrefix(k, fmt.Sprintf("%d/", e.Turn)) { // older turns are forgotten
				m[k] = v
			}
		}
		key := initBoughtKey(e.Turn, e.Side)
		m[key] = append(append([]ReplacementSpend(nil), m[key]...), e.Buy)
		p.Bought = m
	case *MilitiaRolled:
		if e.Result.Eligible {
			p.MilitiaEligible = true
		}
		g = g.withUnits(e.Units...)
		p.Militia += len(e.Units)
	case *WagonsBegun:
		p.CSAWagonsOwed, p.CSAWagonsTurn, p.CSAWagonsLeft = 0, e.Turn, e.Available
		var ms []WagonMarkerOn
		for _, m := range p.Markers {
			if m.Turn >= e.Turn-1 {
				ms = append(ms, m)
			}
		}
		p.Markers = ms
	case *WagonPlaced:
		g = g.withWagons(e.Wagon)
		made := make(map[engine.Side]int, 2)
		for k, v := range p.Made {
			made[k] = v
		}
		made[e.Wagon.Side]++
		p.Made = made
		if e.Wagon.Side == engine.CSA {
			p.CSAWagonsLeft--
		} else {
			var ms []WagonMarkerOn
			used := false
			for _, m := range p.Markers {
				if !used && m.Turn == e.Turn-1 && m.Hex == e.Wagon.At {
					used = true
					continue
				}
				ms = append(ms, m)
			}
			p.Markers = ms
		}
	case *WagonMarkerPlaced:
		p.Markers = append(append([]WagonMarkerOn(nil), p.Markers...), e.Marker)
	case *HookerRolled:
		p.Hooker, p.HookerCounted = e.Marker, e.Counted
		if e.Result.Replaced {
			p.HookerReplaced = true
			g = g.withUnits(e.Units...)
		}
	case *HookerMajors:
		p.Hooker = e.Marker
	default:
		return g, false
	}
	g.LITN.Initial = p
	return g, true
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
