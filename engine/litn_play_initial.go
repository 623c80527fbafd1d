package engine

import (
	"fmt"
	"sort"
	"strings"
)

// 3.1 A, the Initial Phase in play (issue 10): the steps A1-A6 of
// scenarios/sequence/litn-sequence.yaml wired to the pure pieces of
// litn_initial.go. What the rules roll by themselves is rolled as the step
// begins (/phase next): attrition (11), militia (4.2), Hooker
// dissatisfaction (15.6), turn 5's reorganization (15.4). What the players
// decide is a command: the Union's reorganization rolls (15.4), the
// replacements (15.2), the wagons (4.1, 9.2). docs/litn-play-initial.md.
//
// Line of communications, territory and the distance to a depot are not on
// the LITN map (no roads, rivers or depots in the seeds): each unit's are
// taken as its player declares them, with a documented default, and the
// umpire may correct them: the line of communications as the Command and
// Movement Phases record it (LITNMovePlay.NoLOC, /litn declare loc:), the
// territory and the depot as LITNUnitFacts (/litn replace).

// LITNInitialPlay is 3.1 A's state.
type LITNInitialPlay struct {
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
	Made map[Side]int
	// Markers are the Union Wagon Creation markers on the map (9.2).
	Markers []LITNWagonMarkerOn
	// Hooker is the Hooker Dissatisfaction marker (15.6); HookerCounted the
	// Confederate VPs (halves) it has moved for; HookerReplaced: Meade has
	// taken over.
	Hooker         LITNHookerMarker
	HookerCounted  LITNVP
	HookerReplaced bool
	// Facts are the units' declared supply facts (attrition, replacements).
	Facts map[string]LITNUnitFacts
	// Bought are this turn's replacement purchases: "<turn>/<side>".
	Bought map[string][]LITNReplacementSpend
}

// LITNWagonMarkerOn is a Wagon Creation marker and the turn it was placed:
// the wagon may be placed in the next turn's Initial Phase (9.2).
type LITNWagonMarkerOn struct {
	LITNWagonMarker
	Turn int `json:"turn"`
}

// LITNUnitFacts are what the map cannot say of a unit for attrition:
// whether it stands in enemy territory (2.1) or within four MPs of a
// friendly depot (11). The player declares them; they stand until changed.
// Defaults: the territory of the named place the unit stands on, elsewhere
// north of the Potomac (Union territory); not near a depot. (Its line of
// communications is LITNMovePlay.NoLOC.)
type LITNUnitFacts struct {
	Territory string `json:"territory,omitempty"` // "friendly", "enemy" or "" (the default)
	NearDepot bool   `json:"near_depot,omitempty"`
}

// ----- commands -----

// LITNReorganizeUnits is the Union's 15.4 roll for up to four disorganized
// units within three hexes of McClellan (A1, scenario 2, turns 1-4).
type LITNReorganizeUnits struct {
	By      Actor
	Units   []string // ids or names
	Library *Library
}

// CommandName implements Command.
func (LITNReorganizeUnits) CommandName() string { return "litn reorganize" }

// LITNReplace spends replacement points on a unit (A3, 15.2: Points are
// strength points added) and/or declares the unit's territory and depot
// distance for attrition (any time; nil and "" leave a fact as it was).
type LITNReplace struct {
	By        Actor
	Unit      string
	Points    int
	Territory string // friendly, enemy
	NearDepot *bool
}

// CommandName implements Command.
func (LITNReplace) CommandName() string { return "litn replace" }

// LITNPlaceWagon places a supply wagon (A5: the Confederate at a depot, 4.1;
// the Union at a Wagon Creation marker, 9.2), or with Unit, places a Wagon
// Creation marker for a Union leader at the end of the Union Movement
// Phase (9.2).
type LITNPlaceWagon struct {
	By   Actor
	Hex  string
	Unit string
	Map  *Theatre
}

// CommandName implements Command.
func (LITNPlaceWagon) CommandName() string { return "litn wagon" }

// ----- events -----

// Event type names.
const (
	EventLITNDisorganized = "litn.disorganized"
	EventLITNReorganized  = "litn.reorganized"
	EventLITNAttrition    = "litn.attrition"
	EventLITNReplaceBegun = "litn.replacements-begun"
	EventLITNReplaced     = "litn.replaced"
	EventLITNUnitFacts    = "litn.unit-facts"
	EventLITNMilitia      = "litn.militia"
	EventLITNWagonsBegun  = "litn.wagons-begun"
	EventLITNWagonPlaced  = "litn.wagon-placed"
	EventLITNWagonMarker  = "litn.wagon-marker"
	EventLITNHooker       = "litn.hooker"
	EventLITNHookerMajors = "litn.hooker-majors"
)

// LITNDisorganized turns scenario 2's Union infantry face down (15.4).
type LITNDisorganized struct {
	Units []string `json:"units"`
}

// EventType implements Event.
func (*LITNDisorganized) EventType() string { return EventLITNDisorganized }

// Say implements LITNSayer: the counters are face down for all to see.
func (e *LITNDisorganized) Say(g LITNGame) []LITNSay {
	return []LITNSay{{To: "all", Text: fmt.Sprintf("002 15.4: at the start of scenario 2 all Union infantry units except Miles and White are disorganized: %d counters face down (%s). They may not move or attack until reorganized.",
		len(e.Units), litnInitNames(g, e.Units))}}
}

// LITNReorganized is a Union reorganization (15.4).
type LITNReorganized struct {
	By     Actor               `json:"by"`
	Turn   int                 `json:"turn"`
	Result *LITNReorganization `json:"result"`
}

// EventType implements Event.
func (*LITNReorganized) EventType() string { return EventLITNReorganized }

// Say implements LITNSayer: the rolls and the counters turned face up are
// seen by both players.
func (e *LITNReorganized) Say(g LITNGame) []LITNSay {
	var b strings.Builder
	if e.Turn == LITNReorganizeAll {
		fmt.Fprintf(&b, "🔧 Reorganization (002 15.4): turn 5: every disorganized Union unit is reorganized, without rolls: %s.", litnInitNames(g, e.Result.Reorganized))
		return []LITNSay{{To: "all", Text: b.String()}}
	}
	fmt.Fprintf(&b, "🔧 Union reorganization (002 15.4, table %s):", LITNTableReorganize)
	for _, r := range e.Result.Rolls {
		res := "stays disorganized"
		if r.Reorganized {
			res = "reorganized"
		}
		fmt.Fprintf(&b, "\n- %s (%d hexes from McClellan): %s: %s", litnInitUnitName(g, r.Unit), r.Distance, litnTableLine(r.Roll), res)
	}
	if len(e.Result.Rolls) == 0 {
		b.WriteString(" no attempt this turn.")
	}
	return []LITNSay{{To: "all", Text: b.String()}}
}

// LITNAttritionRolled is one side's attrition (11, 11.1).
type LITNAttritionRolled struct {
	Turn   int                  `json:"turn"`
	Side   Side                 `json:"side"`
	Result *LITNAttritionResult `json:"result"`
	// Facts say which facts were declared and which defaulted.
	Facts []string `json:"facts,omitempty"`
}

// EventType implements Event.
func (*LITNAttritionRolled) EventType() string { return EventLITNAttrition }

// Say implements LITNSayer: the table sees the die; the losses and
// strengths are the side's (002 2.5).
func (e *LITNAttritionRolled) Say(g LITNGame) []LITNSay {
	pub := fmt.Sprintf("🎲 Attrition (002 11): the %s player rolls once for all his units: %d. The losses go on his record sheet.", litnSideName(e.Side), e.Result.Die)
	priv := "Attrition (002 11, 11.1), your units:\n" + strings.Join(e.Result.Lines, "\n")
	if len(e.Facts) > 0 {
		priv += "\nTaken as (002 7.2, 2.1, 11; declare otherwise before the Initial Phase: /litn declare loc:, /litn replace unit: territory: depot:): " + strings.Join(e.Facts, "; ")
	}
	return []LITNSay{{To: "all", Text: pub}, {To: string(e.Side), Text: priv}}
}

// LITNReplacementsBegun announces the turn's replacement points (15.2).
type LITNReplacementsBegun struct {
	Turn   int    `json:"turn"`
	Points int    `json:"points"`
	Why    string `json:"why"`
}

// EventType implements Event.
func (*LITNReplacementsBegun) EventType() string { return EventLITNReplaceBegun }

// Say implements LITNSayer.
func (e *LITNReplacementsBegun) Say(LITNGame) []LITNSay {
	return []LITNSay{{To: "all", Text: fmt.Sprintf("➕ Replacements (002 15.2): %s. Each player spends them with /litn replace unit: points: (infantry 1 a strength point, cavalry 2; units with a line of communications, not demoralized) and says /litn done; unspent points are lost.", e.Why)}}
}

// LITNReplaced is a replacement purchase (15.2).
type LITNReplaced struct {
	By   Actor                `json:"by"`
	Turn int                  `json:"turn"`
	Side Side                 `json:"side"`
	Buy  LITNReplacementSpend `json:"buy"`
	Gain LITNReplacementGain  `json:"gain"`
	Left int                  `json:"left"` // points left this turn
}

// EventType implements Event.
func (*LITNReplaced) EventType() string { return EventLITNReplaced }

// Say implements LITNSayer: the purchase is the side's (2.5).
func (e *LITNReplaced) Say(LITNGame) []LITNSay {
	return []LITNSay{{To: string(e.Side), Text: fmt.Sprintf("%s. %d replacement point(s) left this turn.", e.Gain.Explanation, e.Left)}}
}

// LITNUnitFactsSet records a unit's declared supply facts.
type LITNUnitFactsSet struct {
	By    Actor         `json:"by"`
	Unit  string        `json:"unit"`
	Side  Side          `json:"side"`
	Facts LITNUnitFacts `json:"facts"`
}

// EventType implements Event.
func (*LITNUnitFactsSet) EventType() string { return EventLITNUnitFacts }

// Say implements LITNSayer: the side's own (its LOC is its secret).
func (e *LITNUnitFactsSet) Say(g LITNGame) []LITNSay {
	return []LITNSay{{To: string(e.Side), Text: fmt.Sprintf("Noted for attrition and replacements: %s %s.", litnInitUnitName(g, e.Unit), litnInitFactsText(e.Facts))}}
}

// LITNMilitiaRolled is 3.1 A IV (4.2).
type LITNMilitiaRolled struct {
	Turn   int              `json:"turn"`
	Result *LITNMilitiaRoll `json:"result"`
	Units  []LITNUnit       `json:"units,omitempty"` // placed at Harrisburg
}

// EventType implements Event.
func (*LITNMilitiaRolled) EventType() string { return EventLITNMilitia }

// Say implements LITNSayer: the roll and the counters at Harrisburg are
// public.
func (e *LITNMilitiaRolled) Say(LITNGame) []LITNSay {
	t := "🏛️ Union militia: " + e.Result.Explanation + "."
	if len(e.Units) > 0 {
		var ids []string
		for _, u := range e.Units {
			ids = append(ids, u.ID)
		}
		t += fmt.Sprintf(" New counters at Harrisburg (4001): %s. Their strength is printed on the counters (not in the rules text): the umpire notes it.", strings.Join(ids, ", "))
	}
	return []LITNSay{{To: "all", Text: t}}
}

// LITNWagonsBegun opens 3.1 A V: the Confederate wagons that may enter
// (4.1) and the Union Wagon Creation markers usable (9.2).
type LITNWagonsBegun struct {
	Turn      int      `json:"turn"`
	CSADue    bool     `json:"csa_due"`
	CSAOwed   int      `json:"csa_owed"`
	Available int      `json:"available"`
	Markers   []string `json:"markers,omitempty"` // hexes usable now
	Lapsed    []string `json:"lapsed,omitempty"`  // markers removed unused
	Why       string   `json:"why"`
}

// EventType implements Event.
func (*LITNWagonsBegun) EventType() string { return EventLITNWagonsBegun }

// Say implements LITNSayer.
func (e *LITNWagonsBegun) Say(LITNGame) []LITNSay {
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
	return []LITNSay{{To: "all", Text: strings.Join(lines, "\n")}}
}

// LITNWagonPlaced is a supply wagon entering play (4.1, 9.2).
type LITNWagonPlaced struct {
	By          Actor          `json:"by"`
	Turn        int            `json:"turn"`
	Wagon       LITNWagonPiece `json:"wagon"`
	Explanation string         `json:"explanation"`
}

// EventType implements Event.
func (*LITNWagonPlaced) EventType() string { return EventLITNWagonPlaced }

// Say implements LITNSayer: the counter is on the map.
func (e *LITNWagonPlaced) Say(LITNGame) []LITNSay {
	return []LITNSay{{To: "all", Text: "🛒 " + e.Explanation + "."}}
}

// LITNWagonMarkerPlaced is a Union Wagon Creation marker (9.2).
type LITNWagonMarkerPlaced struct {
	By     Actor             `json:"by"`
	Marker LITNWagonMarkerOn `json:"marker"`
}

// EventType implements Event.
func (*LITNWagonMarkerPlaced) EventType() string { return EventLITNWagonMarker }

// Say implements LITNSayer: the marker is on the map; the leader's CPs
// are the Union's.
func (e *LITNWagonMarkerPlaced) Say(LITNGame) []LITNSay {
	return []LITNSay{{To: "all", Text: fmt.Sprintf("🛒 A Union Wagon Creation marker is placed in hex %s (002 9.2): a wagon may be placed there in the next Initial Phase.", e.Marker.Hex)},
		{To: string(USA), Text: e.Marker.Explanation}}
}

// LITNHookerRolled is 3.1 A VI (15.6).
type LITNHookerRolled struct {
	Turn    int              `json:"turn"`
	Marker  LITNHookerMarker `json:"marker"` // after this turn's move
	Counted LITNVP           `json:"counted"`
	Moved   int              `json:"moved"` // boxes forward for VPs since the last roll
	Result  *LITNHookerRoll  `json:"result"`
	Units   []LITNUnit       `json:"units,omitempty"` // the counters changed by the swap
}

// EventType implements Event.
func (*LITNHookerRolled) EventType() string { return EventLITNHooker }

// Say implements LITNSayer: the marker, the roll and the counters are
// public.
func (e *LITNHookerRolled) Say(LITNGame) []LITNSay {
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
	return []LITNSay{{To: "all", Text: t}}
}

// LITNHookerMajors moves the Hooker marker back for the turn's Union major
// victories (15.6), recorded as the Combat Phase ends.
type LITNHookerMajors struct {
	Turn   int              `json:"turn"`
	Majors int              `json:"majors"`
	Marker LITNHookerMarker `json:"marker"`
}

// EventType implements Event.
func (*LITNHookerMajors) EventType() string { return EventLITNHookerMajors }

// Say implements LITNSayer.
func (e *LITNHookerMajors) Say(LITNGame) []LITNSay {
	return []LITNSay{{To: "all", Text: fmt.Sprintf("🎩 %d Union major victory(ies): the Hooker Dissatisfaction marker moves back two boxes for each, to box %d (002 15.6).", e.Majors, e.Marker.Box)}}
}

// ----- registration -----

// litnInitialSteps: the Initial Phase's steps (3.1 A), whether each
// happens this turn (LITNInitialSteps), and the end of the Combat Phase
// that reads 15.6's Union major victories.
func litnInitialSteps() []litnStep {
	step := func(i int) func(g LITNGame) (bool, string) {
		return func(g LITNGame) (bool, string) {
			st, err := LITNInitialSteps(g.LITNTurn(), g.litnInitState())
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
	return []litnStep{
		{ID: LITNStepReorganization, Happens: step(0), Begin: litnBeginReorganization, Wait: litnWaitFor(func(g LITNGame) []Side {
			if g.Turn < LITNReorganizeAll && g.LITN.Initial.ReorganizedTurn != g.Turn {
				return []Side{USA}
			}
			return nil
		})},
		{ID: LITNStepAttrition, Happens: step(1), Begin: litnBeginAttrition},
		{ID: LITNStepReplacements, Happens: step(2), Begin: litnBeginReplacements, Wait: litnWaitFor(func(LITNGame) []Side { return []Side{CSA, USA} })},
		{ID: LITNStepMilitia, Happens: step(3), Begin: litnBeginMilitia},
		{ID: LITNStepWagons, Happens: step(4), Begin: litnBeginWagons, Wait: litnWaitFor(func(g LITNGame) []Side {
			var out []Side
			if g.LITN.Initial.CSAWagonsTurn == g.Turn && g.LITN.Initial.CSAWagonsLeft > 0 {
				out = append(out, CSA)
			}
			if len(g.LITN.Initial.usableMarkers(g.Turn)) > 0 {
				out = append(out, USA)
			}
			return out
		})},
		{ID: LITNStepHooker, Happens: step(5), Begin: litnBeginHooker},
		// 15.6: the Union major victories move the marker back; they are
		// read as the Combat Phase ends (after G2, after any other end).
		{ID: LITNStepDepletion, End: func(g LITNGame, _ Dice, _ StepContext) ([]Event, error) {
			if e := litnHookerMajorsEvent(g); e != nil {
				return []Event{e}, nil
			}
			return nil, nil
		}},
	}
}

// litnInitState is what decides the optional steps this turn.
func (g LITNGame) litnInitState() LITNInitState {
	p := g.LITN.Initial
	ok, _ := LITNMilitiaEligible(g.litnInitMilitiaCheck())
	return LITNInitState{MilitiaEligible: ok, HookerReplaced: p.HookerReplaced, WagonMarkers: len(p.usableMarkers(g.Turn)), CSAWagonsOwed: p.owed(g.Turn)}
}

// owed is the Confederate wagons delayed before the turn (4.1).
func (p LITNInitialPlay) owed(turn int) int {
	n := p.CSAWagonsOwed
	if p.CSAWagonsTurn < turn {
		n += p.CSAWagonsLeft
	}
	return n
}

// usableMarkers are the markers placed the turn before (9.2).
func (p LITNInitialPlay) usableMarkers(turn int) []LITNWagonMarker {
	var out []LITNWagonMarker
	for _, m := range p.Markers {
		if m.Turn == turn-1 {
			out = append(out, m.LITNWagonMarker)
		}
	}
	return out
}

func (g LITNGame) litnInitMilitiaCheck() LITNMilitiaCheck {
	c := LITNMilitiaCheck{AlreadyEligible: g.LITN.Initial.MilitiaEligible, NetCSAVP: float64(g.LITN.Score.Net()) / 2}
	for _, u := range g.LITNUnitsOf(CSA) {
		if u.OnMap() && u.IsCombat() {
			c.CSACombatHexes = append(c.CSACombatHexes, u.Hex)
		}
	}
	return c
}

func (g LITNGame) litnInitCharts(lib *Library) LITNInitCharts {
	return LITNInitCharts{Library: lib, Loaded: g.LITN.Charts}
}

// ----- A1 Reorganization (15.4) -----

func litnInitMilesOrWhite(u LITNUnit) bool {
	for _, n := range []string{"miles", "white"} {
		if strings.EqualFold(u.Name, n) || strings.HasSuffix(strings.ToLower(u.ID), "."+n) {
			return true
		}
	}
	return false
}

func litnBeginReorganization(g LITNGame, d Dice, ctx StepContext) ([]Event, error) {
	var evs []Event
	if g.Options.Scenario == LITNScenario2 && !g.LITN.Initial.SetUp {
		// 15.4: "At the start of the scenario all Union infantry units
		// except Miles and White are considered disorganized."
		e := &LITNDisorganized{}
		for _, u := range g.LITNUnitsOf(USA) {
			if u.IsCombat() && u.Troops == "infantry" && !litnInitMilesOrWhite(u) {
				e.Units = append(e.Units, u.ID)
			}
		}
		evs = append(evs, e)
		g = g.Apply(e)
	}
	if g.Turn == LITNReorganizeAll {
		res, err := LITNReorganize(g.LITNTurn(), Hex{}, g.litnInitReorgUnits(), nil, g.litnInitCharts(ctx.Library), d)
		if err != nil {
			return nil, err
		}
		evs = append(evs, &LITNReorganized{Turn: g.Turn, Result: res})
	}
	return evs, nil
}

func (g LITNGame) litnInitReorgUnits() []LITNReorgUnit {
	var out []LITNReorgUnit
	for _, u := range g.LITNUnitsOf(USA) {
		if u.Disorganized {
			out = append(out, LITNReorgUnit{ID: u.ID, Name: u.Name, Hex: u.Hex, Disorganized: true})
		}
	}
	return out
}

func (g LITNGame) decideLITNReorganize(c LITNReorganizeUnits, d Dice) ([]Event, error) {
	if err := g.litnNeedStep(c.By, "Union reorganization", LITNStepReorganization); err != nil {
		return nil, err
	}
	if err := g.litnNeedSide(c.By, USA, "Reorganization"); err != nil {
		return nil, err
	}
	if g.Turn >= LITNReorganizeAll {
		return nil, illegal("litn.reorg.turn5", "On turn 5 every unit was reorganized without rolls", "002 15.4: nothing to choose")
	}
	if g.LITN.Initial.ReorganizedTurn == g.Turn {
		return nil, illegal("litn.reorg.again", "The Union has already rolled for reorganization this turn", "002 15.4: up to four units once in each Initial Phase; /litn done ends the step")
	}
	var mc *LITNUnit
	for _, u := range g.LITNUnitsOf(USA) {
		if u.Role == SheetDepartment && u.OnMap() {
			u := u
			mc = &u
			break
		}
	}
	if mc == nil {
		return nil, illegal("litn.reorg.mcclellan", "McClellan (the Union department leader) is not on the map", "002 15.4: the units must be within three hexes of McClellan")
	}
	var ids []string
	for _, ref := range c.Units {
		if strings.TrimSpace(ref) == "" {
			continue
		}
		u, err := g.litnOwnUnit(c.By, ref)
		if err != nil {
			return nil, err
		}
		if u.Side != USA {
			return nil, illegal("litn.reorg.side", fmt.Sprintf("%s is not a Union unit", u.Name), "002 15.4: the Union reorganizes its own units")
		}
		ids = append(ids, u.ID)
	}
	if len(ids) == 0 {
		return nil, invalid("litn.reorg.units", "Which units?", "Give up to four disorganized units within three hexes of McClellan: units:<id or name>,... (002 15.4); /litn done to attempt none")
	}
	var all []LITNReorgUnit
	for _, u := range g.LITNUnitsOf(USA) {
		all = append(all, LITNReorgUnit{ID: u.ID, Name: u.Name, Hex: u.Hex, Disorganized: u.Disorganized})
	}
	res, err := LITNReorganize(g.LITNTurn(), mc.Hex, all, ids, g.litnInitCharts(c.Library), d)
	if err != nil {
		return nil, err
	}
	return []Event{&LITNReorganized{By: c.By, Turn: g.Turn, Result: res}}, nil
}

// ----- A2 Attrition (11) -----

// litnInitFacts returns a unit's facts for attrition and replacements, and
// how they were reached: its line of communications as declared for the
// Command and Movement Phases (LITNMovePlay.NoLOC: in LOC unless declared
// out), its territory and depot distance as declared here or by default.
func (g LITNGame) litnInitFacts(u LITNUnit, m *Theatre) (loc, friendly, nearDepot bool, how string) {
	f := g.LITN.Initial.Facts[u.ID]
	loc, nearDepot = !g.LITN.Moves.NoLOC[u.ID], f.NearDepot
	var terr string
	switch f.Territory {
	case "friendly":
		friendly, terr = true, "friendly territory (declared)"
	case "enemy":
		terr = "enemy territory (declared)"
	default:
		friendly, terr = litnInitTerritory(m, u)
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

// litnInitTerritory is the default territory of a unit's hex (2.1): the named
// place's, else Union territory (north of the Potomac, where the 1862
// campaign is fought; the border is not in the seeds).
func litnInitTerritory(m *Theatre, u LITNUnit) (bool, string) {
	if m != nil {
		for i := range m.Places {
			p := &m.Places[i]
			if p.Hex != u.Hex || !(p.Is("union-territory") || p.Is("confederate-territory")) {
				continue
			}
			own := "union-territory"
			if u.Side == CSA {
				own = "confederate-territory"
			}
			if p.Is(own) {
				return true, fmt.Sprintf("friendly territory (%s, 002 2.1)", p.Name)
			}
			return false, fmt.Sprintf("enemy territory (%s, 002 2.1)", p.Name)
		}
	}
	if u.Side == USA {
		return true, "friendly territory (default: north of the Potomac)"
	}
	return false, "enemy territory (default: north of the Potomac)"
}

func litnBeginAttrition(g LITNGame, d Dice, ctx StepContext) ([]Event, error) {
	var evs []Event
	for _, side := range []Side{CSA, USA} {
		var units []LITNAttritionUnit
		var facts []string
		for _, u := range g.LITNUnitsOf(side) {
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
			loc, friendly, near, how := g.litnInitFacts(u, ctx.Map)
			units = append(units, LITNAttritionUnit{ID: u.ID, Name: u.Name, Troops: troops, Strength: strength, Friendly: friendly, LOC: loc, NearDepot: near})
			if troops == "infantry" || troops == "cavalry" {
				facts = append(facts, how)
			}
		}
		res, err := LITNAttrition(g.LITNTurn(), side, units, g.litnInitCharts(ctx.Library), d)
		if err != nil {
			return nil, err
		}
		evs = append(evs, &LITNAttritionRolled{Turn: g.Turn, Side: side, Result: res, Facts: facts})
	}
	return evs, nil
}

// ----- A3 Replacements (15.2) -----

func litnBeginReplacements(g LITNGame, _ Dice, _ StepContext) ([]Event, error) {
	n, why := LITNReplacementPoints(g.LITNTurn())
	return []Event{&LITNReplacementsBegun{Turn: g.Turn, Points: n, Why: why}}, nil
}

func litnInitBoughtKey(turn int, side Side) string { return fmt.Sprintf("%d/%s", turn, side) }

func (g LITNGame) decideLITNReplace(c LITNReplace) ([]Event, error) {
	if err := g.litnNeedStep(c.By, "Replacements and supply facts"); err != nil {
		return nil, err
	}
	if strings.TrimSpace(c.Unit) == "" {
		return nil, invalid("litn.replace.unit", "Which unit?", "Give unit:<id or name> of your side")
	}
	u, err := g.litnOwnUnit(c.By, c.Unit)
	if err != nil {
		return nil, err
	}
	var evs []Event
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
		return nil, invalid("litn.replace.territory", fmt.Sprintf("%q is not a territory", c.Territory), "Give territory:friendly or territory:enemy (002 2.1), or default")
	}
	if changed {
		e := &LITNUnitFactsSet{By: c.By, Unit: u.ID, Side: u.Side, Facts: facts}
		evs = append(evs, e)
		g = g.Apply(e)
		u = g.LITN.Units[u.ID]
	}
	if c.Points == 0 {
		if !changed {
			return nil, invalid("litn.replace.nothing", "Nothing to do", "Give points:<strength points> to spend replacement points (step A3), or territory:, depot: to declare the unit's facts for attrition (a line of communications is declared with /litn declare loc:)")
		}
		return evs, nil
	}
	if err := g.litnNeedStep(c.By, "Spending replacement points", LITNStepReplacements); err != nil {
		return nil, err
	}
	if err := g.litnNeedSide(c.By, u.Side, "Spending these replacement points"); err != nil {
		return nil, err
	}
	if g.LITNIsDone(u.Side) {
		return nil, illegal("litn.replace.done", fmt.Sprintf("The %s player has said he is done with replacements this turn", litnSideName(u.Side)), "002 15.2: replacement points cannot be saved")
	}
	key := litnInitBoughtKey(g.Turn, u.Side)
	prior := g.LITN.Initial.Bought[key]
	before := map[string]int{}
	for _, b := range prior {
		before[b.Unit] += b.Strength
	}
	var units []LITNReplacementUnit
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
		loc, _, _, _ := g.litnInitFacts(x, nil)
		units = append(units, LITNReplacementUnit{ID: x.ID, Name: x.Name, Side: x.Side, Troops: troops, Strength: st, LOC: loc, Demoralized: x.Demoralized})
	}
	sort.Slice(units, func(i, j int) bool { return units[i].ID < units[j].ID })
	buy := LITNReplacementSpend{Unit: u.ID, Strength: c.Points}
	res, err := LITNSpendReplacements(g.LITNTurn(), u.Side, units, nil, append(append([]LITNReplacementSpend(nil), prior...), buy))
	if err != nil {
		return nil, err
	}
	gain := res.Gains[len(res.Gains)-1]
	return append(evs, &LITNReplaced{By: c.By, Turn: g.Turn, Side: u.Side, Buy: buy, Gain: gain, Left: res.Points - res.Spent}), nil
}

// ----- A4 Militia (4.2) -----

func litnBeginMilitia(g LITNGame, d Dice, ctx StepContext) ([]Event, error) {
	harrisburg := g.LITN.Control["4001"] != ""
	res, err := LITNRollMilitia(g.LITNTurn(), g.litnInitMilitiaCheck(), harrisburg, g.litnInitCharts(ctx.Library), d)
	if err != nil {
		return nil, err
	}
	e := &LITNMilitiaRolled{Turn: g.Turn, Result: res}
	couch := ""
	for _, u := range g.LITNUnitsOf(USA) {
		if u.Role == SheetCouch {
			couch = u.ID // 15.5: in 1863 the militia are subordinate to Couch
		}
	}
	for i := 1; i <= res.Units; i++ {
		n := g.LITN.Initial.Militia + i
		e.Units = append(e.Units, LITNUnit{ID: fmt.Sprintf("usa.militia-%d", n), Name: fmt.Sprintf("Militia %d", n), Side: USA, Troops: "militia",
			At: "4001", Hex: LITNHarrisburg(), Militia: true, SubordinateTo: couch})
	}
	return []Event{e}, nil
}

// ----- A5 Supply wagons (4.1, 9.2) -----

func litnBeginWagons(g LITNGame, _ Dice, _ StepContext) ([]Event, error) {
	p := g.LITN.Initial
	due, why := LITNCSAWagonDue(g.LITNTurn())
	e := &LITNWagonsBegun{Turn: g.Turn, CSADue: due, CSAOwed: p.owed(g.Turn), Why: strings.TrimSuffix(why, " (002 4.1)")}
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
	return []Event{e}, nil
}

func (g LITNGame) decideLITNWagon(c LITNPlaceWagon) ([]Event, error) {
	if strings.TrimSpace(c.Unit) != "" {
		return g.decideLITNWagonMarker(c)
	}
	if err := g.litnNeedStep(c.By, "Placing a supply wagon", LITNStepWagons); err != nil {
		return nil, err
	}
	side := g.LITNSideOf(c.By)
	if g.IsUmpire(c.By) {
		side = ""
	}
	if c.Map == nil {
		return nil, fmt.Errorf("engine: LITNPlaceWagon without the LITN map")
	}
	at := strings.TrimSpace(c.Hex)
	h, _, err := c.Map.ParseHex(at, "")
	if err != nil {
		return nil, invalid("litn.wagons.hex", fmt.Sprintf("%q is not a hex of the map", c.Hex), "Give the printed hex number, e.g. hex:1026")
	}
	p := g.LITN.Initial
	markers := p.usableMarkers(g.Turn)
	// The umpire places for the side whose placement the hex is.
	if side == "" {
		side = CSA
		for _, m := range markers {
			if m.Hex == at {
				side = USA
			}
		}
	}
	if err := g.litnNeedSide(c.By, side, "This wagon"); err != nil {
		return nil, err
	}
	w := LITNWagonPiece{ID: fmt.Sprintf("%s.wagon-%d", side, p.Made[side]+1), Side: side, At: at, Hex: h}
	ev := &LITNWagonPlaced{By: c.By, Turn: g.Turn, Wagon: w}
	if side == USA {
		// The Union counter mix is not in the seeds: no limit is checked
		// beyond the markers (docs/litn-play-initial.md).
		res, err := LITNPlaceUnionWagons(markers, []string{at}, 1<<20)
		if err != nil {
			return nil, err
		}
		ev.Explanation = res.Explanation[0]
		return []Event{ev}, nil
	}
	if p.CSAWagonsTurn != g.Turn {
		return nil, illegal("litn.wagons.none", "No Confederate wagon may enter this turn", "002 4.1: one every three turns from the scenario's first wagon turn")
	}
	due, _ := LITNCSAWagonDue(g.LITNTurn())
	owed := p.CSAWagonsLeft
	if due {
		owed-- // LITNPlaceCSAWagons adds the wagon due
	}
	// The depots are printed on the map, not in the seeds: the hex is taken
	// as the player declares it, with the checks the rules allow (1026 in
	// 1862; six in play).
	res, err := LITNPlaceCSAWagons(g.LITNTurn(), len(g.LITNWagonsOf(CSA)), owed, []string{at}, []string{at})
	if err != nil {
		return nil, err
	}
	ev.Explanation = res.Explanation[len(res.Explanation)-1]
	for _, x := range res.Explanation {
		if strings.Contains(x, "enters at the depot") {
			ev.Explanation = x
		}
	}
	return []Event{ev}, nil
}

func (g LITNGame) decideLITNWagonMarker(c LITNPlaceWagon) ([]Event, error) {
	step := g.CurrentStep()
	if err := g.litnNeedStep(c.By, "A Wagon Creation marker", LITNStepFirstMove, LITNStepSecondMove); err != nil {
		return nil, err
	}
	if g.LITNPhaseSide(step) != USA {
		return nil, illegal("litn.wagons.phase", "Wagon creation is at the end of the Union Movement Phase", "002 9.2: the leader spends one full Movement Phase in a Union supply depot hex")
	}
	if err := g.litnNeedSide(c.By, USA, "Wagon creation"); err != nil {
		return nil, err
	}
	u, err := g.litnOwnUnit(c.By, c.Unit)
	if err != nil {
		return nil, err
	}
	// 15.2: Miles and White may not "build supply wagons, until released".
	if why := g.LITNHeld(u); why != "" {
		return nil, illegal("litn.wagons.held", u.Name+" may not build supply wagons until released (002 15.2)", why)
	}
	for _, m := range g.LITN.Initial.Markers {
		if m.Leader == u.ID && m.Turn == g.Turn {
			return nil, illegal("litn.wagons.again", fmt.Sprintf("%s has already created a wagon this turn", u.Name), "002 9.2: each leader in a depot hex can create one wagon")
		}
	}
	// The depot and the leader's CP are the player's declaration (depots are
	// not on the map here; a hex's CPs are the Command Phase's); the umpire
	// may correct. Staying put is checked against the Movement Phase's
	// record (LITNMovePlay.Phase). Miles and White's release (15.2) is
	// checked above (LITNHeld).
	moved := false
	if ph := g.LITN.Moves.Phase; ph != nil && ph.Turn == g.Turn && ph.Step == step {
		moved = ph.Moved[u.ID] || ph.Start[u.ID] != "" && ph.Start[u.ID] != u.At
	}
	cr := LITNWagonCreator{ID: u.ID, Name: u.Name, Side: u.Side, Leader: !u.Militia, Hex: u.At, InUnionDepot: true, CommandPoints: 1,
		WholePhaseHere: u.OnMap(), Moved: moved}
	m, err := LITNCreateWagonMarker(cr, 1<<20)
	if err != nil {
		return nil, err
	}
	return []Event{&LITNWagonMarkerPlaced{By: c.By, Marker: LITNWagonMarkerOn{LITNWagonMarker: *m, Turn: g.Turn}}}, nil
}

// ----- A6 Hooker dissatisfaction (15.6) -----

func litnBeginHooker(g LITNGame, d Dice, ctx StepContext) ([]Event, error) {
	p := g.LITN.Initial
	marker := p.Hooker
	if marker.Box < LITNHookerStartBox {
		marker = NewLITNHookerMarker()
	}
	counted := p.HookerCounted
	moved := 0
	if delta := g.LITN.Score.CSA - counted; delta > 0 {
		before := marker.Box
		marker = marker.Moved(int(delta), 0)
		moved = marker.Box - before
		counted = g.LITN.Score.CSA
	}
	res, err := LITNHookerDissatisfaction(g.LITNTurn(), marker, p.HookerReplaced, g.LITN.Sheets[USA], g.litnInitCharts(ctx.Library), d)
	if err != nil {
		return nil, err
	}
	e := &LITNHookerRolled{Turn: g.Turn, Marker: marker, Counted: counted, Moved: moved, Result: res}
	if res.Replaced {
		e.Units = g.litnInitMeadeSwap()
	}
	return []Event{e}, nil
}

// litnInitMeadeSwap is 15.6's three steps on the Union's counters: Hooker's
// department counter leaves the map; Sykes takes the Meade corps counter's
// place and strength (and its original strength and morale: the troops
// are the same); Meade's
// department counter enters in that hex. Nil when the sheet lacks one.
func (g LITNGame) litnInitMeadeSwap() []LITNUnit {
	var hooker, meade, sykes, meadeDept *LITNUnit
	for _, u := range g.LITNUnitsOf(USA) {
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
	h.At, h.Hex, h.Eliminated = "", Hex{}, true
	// The corps is the same: its strength, original strength and morale.
	s.At, s.Hex, s.Strength, s.Original, s.Demoralized, s.Arrives = m.At, m.Hex, m.Strength, m.Original, m.Demoralized, nil
	md.At, md.Hex, md.Arrives = m.At, m.Hex, nil
	m.At, m.Hex, m.Eliminated = "", Hex{}, true
	out := []LITNUnit{h, m, s, md}
	for _, u := range g.LITNUnitsOf(USA) {
		if u.Parent == m.ID { // a detachment of Meade's corps is Sykes's now
			u.Parent = s.ID
			out = append(out, u)
		}
	}
	return out
}

// litnHookerMajorsEvent moves the marker back for the turn's Union major
// victories (15.6), nil when there is nothing to move.
func litnHookerMajorsEvent(g LITNGame) Event {
	if g.Game() != LITN || g.Options.Scenario != LITNScenario3 || g.LITN.Initial.HookerReplaced {
		return nil
	}
	n := 0
	for _, s := range g.LITNMajorVictories() {
		if s == USA {
			n++
		}
	}
	if n == 0 {
		return nil
	}
	m := g.LITN.Initial.Hooker
	if m.Box < LITNHookerStartBox {
		m = NewLITNHookerMarker()
	}
	return &LITNHookerMajors{Turn: g.Turn, Majors: n, Marker: m.Moved(0, n)}
}

// ----- decide and apply -----

func decideLITNInitial(g LITNGame, cmd Command, d Dice) ([]Event, bool, error) {
	var evs []Event
	var err error
	switch c := cmd.(type) {
	case LITNReorganizeUnits:
		evs, err = g.decideLITNReorganize(c, d)
	case LITNReplace:
		evs, err = g.decideLITNReplace(c)
	case LITNPlaceWagon:
		evs, err = g.decideLITNWagon(c)
	default:
		return nil, false, nil
	}
	return evs, true, err
}

func applyLITNInitial(g LITNGame, e Event) (LITNGame, bool) {
	p := g.LITN.Initial
	switch e := e.(type) {
	case *LITNDisorganized:
		var us []LITNUnit
		for _, id := range e.Units {
			if u, ok := g.LITN.Units[id]; ok {
				u.Disorganized = true
				us = append(us, u)
			}
		}
		g = g.withLITNUnits(us...)
		p.SetUp = true
	case *LITNReorganized:
		var us []LITNUnit
		for _, id := range e.Result.Reorganized {
			if u, ok := g.LITN.Units[id]; ok {
				u.Disorganized = false
				us = append(us, u)
			}
		}
		g = g.withLITNUnits(us...)
		p.ReorganizedTurn = e.Turn
	case *LITNAttritionRolled:
		var us []LITNUnit
		for _, l := range e.Result.Units {
			if u, ok := g.LITN.Units[l.Unit]; ok && l.Lost > 0 {
				u.Strength = l.Strength
				us = append(us, u)
			}
		}
		g = g.withLITNUnits(us...)
	case *LITNReplacementsBegun:
	case *LITNUnitFactsSet:
		m := make(map[string]LITNUnitFacts, len(p.Facts)+1)
		for k, v := range p.Facts {
			m[k] = v
		}
		m[e.Unit] = e.Facts
		p.Facts = m
	case *LITNReplaced:
		if u, ok := g.LITN.Units[e.Gain.Unit]; ok {
			u.Strength = e.Gain.Strength
			g = g.withLITNUnits(u)
		}
		m := make(map[string][]LITNReplacementSpend, 2)
		for k, v := range p.Bought {
			if strings.HasPrefix(k, fmt.Sprintf("%d/", e.Turn)) { // older turns are forgotten
				m[k] = v
			}
		}
		key := litnInitBoughtKey(e.Turn, e.Side)
		m[key] = append(append([]LITNReplacementSpend(nil), m[key]...), e.Buy)
		p.Bought = m
	case *LITNMilitiaRolled:
		if e.Result.Eligible {
			p.MilitiaEligible = true
		}
		g = g.withLITNUnits(e.Units...)
		p.Militia += len(e.Units)
	case *LITNWagonsBegun:
		p.CSAWagonsOwed, p.CSAWagonsTurn, p.CSAWagonsLeft = 0, e.Turn, e.Available
		var ms []LITNWagonMarkerOn
		for _, m := range p.Markers {
			if m.Turn >= e.Turn-1 {
				ms = append(ms, m)
			}
		}
		p.Markers = ms
	case *LITNWagonPlaced:
		g = g.withLITNWagons(e.Wagon)
		made := make(map[Side]int, 2)
		for k, v := range p.Made {
			made[k] = v
		}
		made[e.Wagon.Side]++
		p.Made = made
		if e.Wagon.Side == CSA {
			p.CSAWagonsLeft--
		} else {
			var ms []LITNWagonMarkerOn
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
	case *LITNWagonMarkerPlaced:
		p.Markers = append(append([]LITNWagonMarkerOn(nil), p.Markers...), e.Marker)
	case *LITNHookerRolled:
		p.Hooker, p.HookerCounted = e.Marker, e.Counted
		if e.Result.Replaced {
			p.HookerReplaced = true
			g = g.withLITNUnits(e.Units...)
		}
	case *LITNHookerMajors:
		p.Hooker = e.Marker
	default:
		return g, false
	}
	g.LITN.Initial = p
	return g, true
}

// litnInitUnitName is a unit's name for texts (its id when unknown).
func litnInitUnitName(g LITNGame, id string) string {
	if u, ok := g.LITN.Units[id]; ok && u.Name != "" {
		return u.Name
	}
	return id
}

func litnInitNames(g LITNGame, ids []string) string {
	if len(ids) == 0 {
		return "none"
	}
	var out []string
	for _, id := range ids {
		out = append(out, litnInitUnitName(g, id))
	}
	return strings.Join(out, ", ")
}

func litnInitFactsText(f LITNUnitFacts) string {
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
