package lrtg

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// The Union garrisons of LRTA: the DC garrison requirement established in
// the Turn Start Phase (004 Sequence of Play 1 c), "Establish DC Garrison
// Requirements (See 3.2 & 5.2)"; 004 "DC Garrison Requirements"; the data
// is the chart lrta.dc-garrison-requirements) and the Union Garrison Check
// of the Victory Check Phase (004 8, "Union Garrison Check (DC, Baltimore
// & Harpers Ferry) and Penalty Assessment").
//
// Readings where 004 is short (the LRTA rule book, whose 3.2 and 5.2 the
// charts cite, is not among the seeds):
//   - The DC garrison is the Union manpower on the map in the DC Defense
//     Area (the map's dc-defense-area: the District and Alexandria County,
//     where 004 keeps the DC units), every Union unit counting, of which the
//     cavalry's manpower must be 2 or more.
//   - "Montgomery County east of Seneca Creek and south of Rockville": the
//     map has no Seneca Creek; a Montgomery hex east of the Seneca Creek
//     Aqueduct (SN4804, the creek's mouth; the creek runs north from it)
//     and south of Rockville's row.
//   - "has occupied (but does not currently occupy)": the engine sees where
//     units are when a step looks, so a threat counts from the 1c and 8
//     steps that saw it.
//   - The station line: the stations from Annapolis Junction to the
//     Baltimore Depot (inclusive), or one from Annapolis to Annapolis
//     Junction together with one from Relay House to Annapolis Junction
//     (the ends included), damaged or destroyed.
//   - Flight (Optional Rule 20 only): the morale record keeps no Flight
//     flag; a Union morale level of 16 or more at the end of a turn, or as
//     last confirmed, counts.
//   - Harpers Ferry: 5 manpower "in and around Harper's Ferry" (004 Random
//     Events, Release of Harpers Ferry Garrison), read as in or within
//     three hexes (the garrison of LRTG 6.1), until that random event or a
//     surrender of Harpers Ferry ends it.
//   - Baltimore: 004 prints no Baltimore requirement; the check says so and
//     the umpire judges it.
//   - The penalties: 004 prints none. The check finds the shortfalls; the
//     step waits for the umpire to assess the penalty his copy of the
//     rules gives (/garrison penalty: VP to the Confederates, recorded as
//     "garrison" on the Victory Point Record), or none.
//
// Secrecy: the requirement comes from what both sides may know (where the
// Confederates are, the Union's morale record, the stations) and is
// public; the garrison's manpower is the Union's, so with limited
// intelligence the check's figures are the Union's and the umpire's, and
// the channel learns only that the check was made and any penalty's VP
// (the record is public).

// CategoryGarrison is the Victory Point Record category of the garrison
// penalties.
const CategoryGarrison = "garrison"

// ChartDCGarrison is the DC garrison requirements chart (scenarios/rules
// lrta-operations.yaml); its rows, in order, are the lines below.
const ChartDCGarrison = "lrta.dc-garrison-requirements"

// The chart's rows.
const (
	dcRowBase = iota
	dcRowThreatNow
	dcRowThreatBefore
	dcRowDisorder
	dcRowPanic
	dcRowFlight
	dcRowStations
	dcRows
)

// Garrison ids.
const (
	GarrisonDC           = "dc"
	GarrisonBaltimore    = "baltimore"
	GarrisonHarpersFerry = "harpers-ferry"
)

// Garrisons are the garrisons of 004's check, in its order.
var Garrisons = []string{GarrisonDC, GarrisonBaltimore, GarrisonHarpersFerry}

// GarrisonTitle names a garrison for people.
func GarrisonTitle(id string) string {
	switch id {
	case GarrisonDC:
		return "Washington, DC"
	case GarrisonBaltimore:
		return "Baltimore"
	case GarrisonHarpersFerry:
		return "Harpers Ferry"
	}
	return id
}

const (
	dcCavalryMP       = 2 // "of which 2 MPs must be cavalry"
	dcThreatMP        = 5 // "a CSA infantry unit of at least 5 manpower"
	hfGarrisonMP      = 5 // "5 MPs in and around Harper's Ferry"
	lrtaFlightRule    = 20
	lrtaRuleGarrison  = "004 DC Garrison Requirements (LRTA 3.2, 5.2)"
	lrtaRuleCheck     = "004 8 Union Garrison Check"
	stationAnnapolisJ = "Annapolis Junction"
)

// Events.
const (
	EventDCGarrisonSet      = "lrta.dc-garrison-set"
	EventGarrisonChecked    = "lrta.garrison-checked"
	EventGarrisonPenalty    = "lrta.garrison-penalty"
	waitGarrisonPenaltyText = "the umpire's garrison penalty (/garrison penalty vp:<n> reason:<the rule>; vp:0 when none is due)"
)

// GarrisonLine is a line of the DC garrison requirement: its manpower and
// whether it applies this turn, and why.
type GarrisonLine struct {
	What    string `json:"what"`
	MP      int    `json:"mp"`
	Applies bool   `json:"applies"`
	Why     string `json:"why,omitempty"`
}

// DCGarrisonSet records the turn's DC garrison requirement (004 1 c)):
// every line of the chart with whether it applies, the total and the
// cavalry within it. Threats are the Confederate units that make the
// threat line apply (not for the Union's eyes under limited intelligence).
type DCGarrisonSet struct {
	Turn    int            `json:"turn"`
	Lines   []GarrisonLine `json:"lines"`
	Total   int            `json:"total"`
	Cavalry int            `json:"cavalry"`
	Threat  bool           `json:"threat,omitempty"`
	Threats []string       `json:"threats,omitempty"`
}

// EventType implements Event.
func (*DCGarrisonSet) EventType() string { return EventDCGarrisonSet }

// GarrisonStatus is one garrison at the check: what it needs, what is
// there (the Union units counted), and whether it is met; or why it is
// not checked.
type GarrisonStatus struct {
	Garrison       string   `json:"garrison"`
	Checked        bool     `json:"checked"`
	Required       int      `json:"required,omitempty"`
	Cavalry        int      `json:"cavalry,omitempty"`
	Present        int      `json:"present,omitempty"`
	CavalryPresent int      `json:"cavalry_present,omitempty"`
	Units          []string `json:"units,omitempty"`
	Met            bool     `json:"met,omitempty"`
	Why            string   `json:"why,omitempty"` // events stored before the codes: why, in words
	// Code is why (GarrisonWhy*), with the turn of the event that lifted
	// the requirement, or the radius counted around Harpers Ferry; the
	// words are the bot's (issue 20).
	Code   string `json:"code,omitempty"`
	Turn   int    `json:"turn,omitempty"`
	Radius int    `json:"radius,omitempty"`
}

// The codes of GarrisonStatus.Code (004 8). A code, once written to a log,
// keeps its meaning and parameters.
const (
	GarrisonWhyBaltimore     = "baltimore.umpire" // 004 prints no Baltimore requirement: the umpire judges it
	GarrisonWhyNoDCArea      = "dc.no-map"        // no DC Defense Area in the map data: the umpire judges it
	GarrisonWhyDC            = "dc.count"         // Present (CavalryPresent) against Required (Cavalry)
	GarrisonWhyHFReleased    = "hf.released"      // the Release of Harpers Ferry Garrison event of Turn lifted it
	GarrisonWhyHFSurrendered = "hf.surrendered"   // Harpers Ferry surrendered on Turn
	GarrisonWhyNoHF          = "hf.no-map"        // no Harpers Ferry in the map data: the umpire judges it
	GarrisonWhyHF            = "hf.count"         // Present within Radius hexes of Harpers Ferry against Required
)

// Short reports whether the garrison was checked and found short.
func (s GarrisonStatus) Short() bool { return s.Checked && !s.Met }

// GarrisonChecked records the Union Garrison Check (004 8). Threat: a
// Confederate threat to Washington seen now (for the "has occupied" line
// of later turns).
type GarrisonChecked struct {
	Turn      int              `json:"turn"`
	Garrisons []GarrisonStatus `json:"garrisons"`
	Threat    bool             `json:"threat,omitempty"`
}

// EventType implements Event.
func (*GarrisonChecked) EventType() string { return EventGarrisonChecked }

// Short lists the garrisons found short.
func (c GarrisonChecked) Short() []string {
	var out []string
	for _, s := range c.Garrisons {
		if s.Short() {
			out = append(out, s.Garrison)
		}
	}
	return out
}

// GarrisonPenaltyAssessed records the umpire's penalty for the turn's
// garrison shortfalls (004 8 Penalty Assessment): VP to the Confederates
// (0: none due), for the garrisons named, under the rule he gives.
type GarrisonPenaltyAssessed struct {
	By        engine.Actor `json:"by"`
	Turn      int          `json:"turn"`
	VP        int          `json:"vp"`
	Garrisons []string     `json:"garrisons,omitempty"`
	Reason    string       `json:"reason"`
	Hidden    bool         `json:"hidden,omitempty"` // limited intelligence: the record names no garrison
}

// EventType implements Event.
func (*GarrisonPenaltyAssessed) EventType() string { return EventGarrisonPenalty }

// recordWhat is the penalty's line on the public Victory Point Record.
func (e *GarrisonPenaltyAssessed) recordWhat() string {
	if e.Hidden || len(e.Garrisons) == 0 {
		return "Union garrison penalty (004 8)"
	}
	names := make([]string, len(e.Garrisons))
	for i, id := range e.Garrisons {
		names[i] = GarrisonTitle(id)
	}
	return "Union garrison short: " + strings.Join(names, ", ") + " (004 8)"
}

func (e *GarrisonPenaltyAssessed) recordDetail() string {
	if e.Hidden {
		return ""
	}
	return e.Reason
}

// AssessGarrisonPenalty is the umpire's penalty for the turn's garrison
// shortfalls (004 8): VP to the Confederates under his copy of the rules
// (LRTA 3.2, 5.2, not among the seeds), or 0.
type AssessGarrisonPenalty struct {
	By        engine.Actor
	VP        int
	Garrisons []string // nil: the garrisons the check found short
	Reason    string
}

// CommandName implements Command.
func (AssessGarrisonPenalty) CommandName() string { return "garrison penalty" }

// MaxGarrisonPenalty bounds one assessment (a slip of the keyboard, not a
// rule).
const MaxGarrisonPenalty = 500

// ---------------------------------------------------------------------------
// 1c: the requirement.

// lrtaDCRequirements establishes the turn's DC garrison requirement.
func lrtaDCRequirements(g Game, _ engine.Dice, ctx engine.StepContext) ([]engine.Event, error) {
	set, err := g.DCGarrisonRequirement(ctx.Move, ctx.Library)
	if err != nil {
		return nil, err
	}
	return []engine.Event{set}, nil
}

// DCGarrisonRequirement computes the DC garrison requirement from the
// state: each line of the chart, whether it applies and why.
func (g Game) DCGarrisonRequirement(data *engine.MoveData, lib *engine.Library) (*DCGarrisonSet, error) {
	var c *engine.Chart
	if lib != nil {
		c = lib.Chart(ChartDCGarrison)
	}
	if c == nil || len(c.Rows) != dcRows {
		return nil, fmt.Errorf("engine: the rules chart %s is missing or not of %d rows", ChartDCGarrison, dcRows)
	}
	mp := make([]int, dcRows)
	for i, row := range c.Rows {
		if len(row) < 2 {
			return nil, fmt.Errorf("engine: %s row %d has no manpower", ChartDCGarrison, i+1)
		}
		n, err := strconv.Atoi(strings.TrimPrefix(strings.TrimSpace(row[1]), "+"))
		if err != nil {
			return nil, fmt.Errorf("engine: %s row %d: %w", ChartDCGarrison, i+1, err)
		}
		mp[i] = n
	}
	var t *engine.Theatre
	if data != nil {
		t = data.Theatre
	}
	set := &DCGarrisonSet{Turn: g.Turn, Cavalry: dcCavalryMP}
	line := func(row int, what string, applies bool, why string) {
		set.Lines = append(set.Lines, GarrisonLine{What: what, MP: mp[row], Applies: applies, Why: why})
		if applies {
			set.Total += mp[row]
		}
	}
	line(dcRowBase, "at all times (2 MP of it cavalry)", true, "")

	threatWhere := "Fairfax, Prince George's or Montgomery County (east of Seneca Creek, south of Rockville)"
	if t == nil {
		line(dcRowThreatNow, "Confederate infantry of 5+ MP in "+threatWhere, false, "the game has no map data: the umpire judges it")
	} else {
		set.Threats = g.dcThreats(t)
		set.Threat = len(set.Threats) > 0
		why := ""
		if set.Threat {
			why = "a Confederate infantry unit of 5 or more manpower is there now"
		}
		line(dcRowThreatNow, "Confederate infantry of 5+ MP in "+threatWhere, set.Threat, why)
	}
	var seen []int
	for _, tn := range g.LRTAStart.ThreatTurns {
		if tn < g.Turn {
			seen = append(seen, tn)
		}
	}
	before, why := len(seen) > 0 && !set.Threat, ""
	switch {
	case before:
		why = "seen there on turn " + joinTurns(seen) + ", not now"
	case len(seen) > 0:
		why = "there now: the line above applies instead"
	}
	line(dcRowThreatBefore, "Confederate infantry of 5+ MP has been there, but is not now", before, why)

	usa := g.Records.Armies[engine.USA]
	line(dcRowDisorder, "Union Disorder has occurred", usa.EverDisorder || usa.Disorder, everWhy(usa.EverDisorder || usa.Disorder, "Disorder"))
	line(dcRowPanic, "Union Panic has occurred", usa.EverPanic || usa.Panic, everWhy(usa.EverPanic || usa.Panic, "Panic"))
	flightWhy := fmt.Sprintf("only with Optional Rule %d", lrtaFlightRule)
	flight := false
	if optional(g.Options, lrtaFlightRule) {
		flight = g.lrtaUnionFlight()
		flightWhy = everWhy(flight, "Flight")
	}
	line(dcRowFlight, "Union Flight has occurred (Optional Rule 20)", flight, flightWhy)

	if t == nil {
		line(dcRowStations, "The railroad to Washington is cut", false, "the game has no map data: the umpire judges it")
	} else {
		cut, why := g.dcRailCut(t)
		line(dcRowStations, "The railroad to Washington is cut", cut, why)
	}
	return set, nil
}

func everWhy(yes bool, state string) string {
	if yes {
		return "the Union army has been in " + state
	}
	return ""
}

func optional(o engine.GameOptions, n int) bool {
	for _, x := range o.Optional {
		if x == n {
			return true
		}
	}
	return false
}

// lrtaUnionFlight: a Union morale level of 16 or more at the end of a turn
// or as last confirmed (the record keeps no Flight flag).
func (g Game) lrtaUnionFlight() bool {
	_, _, flight := MoraleThresholds(LRTA)
	if g.Records.Armies[engine.USA].Level >= flight {
		return true
	}
	for _, p := range g.TurnRecord {
		if p.USA >= flight {
			return true
		}
	}
	return false
}

func joinTurns(ts []int) string {
	s := make([]string, len(ts))
	for i, t := range ts {
		s[i] = strconv.Itoa(t)
	}
	return strings.Join(s, ", ")
}

// dcThreats lists the Confederate infantry units of 5 or more manpower in
// Fairfax, Prince George's, or Montgomery County east of Seneca Creek and
// south of Rockville.
func (g Game) dcThreats(t *engine.Theatre) []string {
	in := dcThreatArea(t)
	var out []string
	for _, id := range g.sortedUnits() {
		u := g.Units[id]
		if u.Side == engine.CSA && u.Kind == engine.KindInfantry && u.OnMap && !u.Eliminated && u.Manpower >= dcThreatMP && in(u.Hex) {
			out = append(out, id)
		}
	}
	return out
}

// dcThreatArea tests the counties of the threat lines. Montgomery counts
// east of the Seneca Creek Aqueduct (the creek's mouth) and south of
// Rockville; without those places, all of it.
func dcThreatArea(t *engine.Theatre) func(engine.Hex) bool {
	fairfaxPG, montgomery := t.InAny("va.fairfax", "md.prince-georges"), t.InAny("md.montgomery")
	seneca, rockville := t.Place("Seneca Creek Aqueduct"), t.Place("Rockville")
	return func(h engine.Hex) bool {
		switch {
		case fairfaxPG(h):
			return true
		case !montgomery(h):
			return false
		case seneca == nil || rockville == nil:
			return true
		}
		p := engine.Center(h)
		return p.X > engine.Center(seneca.Hex).X && p.Y > engine.Center(rockville.Hex).Y
	}
}

// dcRailCut reports whether the railroad to Washington is cut (004: a
// station from Annapolis Junction to the Baltimore Depot, inclusive, or
// one between Annapolis and Annapolis Junction and one between Relay House
// and Annapolis Junction, damaged or destroyed), and which stations.
func (g Game) dcRailCut(t *engine.Theatre) (bool, string) {
	bad := func(from, to string) []string {
		var out []string
		for _, s := range t.RailPath(from, to) {
			if st := g.Places[s].Station; st == "damaged" || st == "destroyed" {
				out = append(out, s+" ("+st+")")
			}
		}
		return out
	}
	if b := bad(stationAnnapolisJ, "Baltimore Depot"); len(b) > 0 {
		return true, "between Annapolis Junction and the Baltimore Depot: " + strings.Join(b, ", ")
	}
	a, r := bad("Annapolis", stationAnnapolisJ), bad("Relay House", stationAnnapolisJ)
	if len(a) > 0 && len(r) > 0 {
		return true, "between Annapolis and Annapolis Junction: " + strings.Join(a, ", ") + "; between Relay House and Annapolis Junction: " + strings.Join(r, ", ")
	}
	return false, ""
}

// DCRequirementOf returns the turn's DC garrison requirement as set in
// step 1c, if it was.
func (s LRTAStartState) DCRequirementOf(turn int) (DCGarrisonSet, bool) {
	for _, r := range s.Requirements {
		if r.Turn == turn {
			return r, true
		}
	}
	return DCGarrisonSet{}, false
}

// CheckOf returns the turn's garrison check, if made.
func (s LRTAStartState) CheckOf(turn int) (GarrisonChecked, bool) {
	for _, c := range s.Checks {
		if c.Turn == turn {
			return c, true
		}
	}
	return GarrisonChecked{}, false
}

// PenaltiesOf returns the turn's penalty assessments.
func (s LRTAStartState) PenaltiesOf(turn int) []GarrisonPenaltyAssessed {
	var out []GarrisonPenaltyAssessed
	for _, p := range s.Penalties {
		if p.Turn == turn {
			out = append(out, p)
		}
	}
	return out
}

// ---------------------------------------------------------------------------
// 8: the check.

// lrtaGarrisonCheck is the Union Garrison Check of the Victory Check Phase
// (004 8): DC against the turn's requirement (set in 1c, or now if 1c did
// not run), Harpers Ferry against its 5 manpower while that holds;
// Baltimore is the umpire's. The Victory Check's procedure calls it.
func lrtaGarrisonCheck(g Game, _ engine.Dice, ctx engine.StepContext) ([]engine.Event, error) {
	var evs []engine.Event
	req, ok := g.LRTAStart.DCRequirementOf(g.Turn)
	if !ok {
		set, err := g.DCGarrisonRequirement(ctx.Move, ctx.Library)
		if err != nil {
			return nil, err
		}
		evs = append(evs, set)
		req = *set
	}
	chk := &GarrisonChecked{Turn: g.Turn}
	var t *engine.Theatre
	if ctx.Move != nil {
		t = ctx.Move.Theatre
	}
	chk.Garrisons = append(chk.Garrisons, g.dcGarrisonStatus(t, req))
	chk.Garrisons = append(chk.Garrisons, GarrisonStatus{Garrison: GarrisonBaltimore, Code: GarrisonWhyBaltimore})
	chk.Garrisons = append(chk.Garrisons, g.hfGarrisonStatus(t))
	if t != nil {
		chk.Threat = len(g.dcThreats(t)) > 0
	}
	return append(evs, chk), nil
}

// LRTAGarrisonsNow is the Union Garrison Check as it would come out now
// (/garrison show before step 8).
func LRTAGarrisonsNow(g Game, ctx engine.StepContext) (GarrisonChecked, error) {
	evs, err := lrtaGarrisonCheck(g, nil, ctx)
	if err != nil {
		return GarrisonChecked{}, err
	}
	for _, e := range evs {
		if c, ok := e.(*GarrisonChecked); ok {
			return *c, nil
		}
	}
	return GarrisonChecked{}, fmt.Errorf("engine: the garrison check made no check")
}

// unionManpower sums the Union units (not leaders) on the map where in
// says, and their cavalry.
func (g Game) unionManpower(in func(engine.Hex) bool) (all, cavalry int, ids []string) {
	for _, id := range g.sortedUnits() {
		u := g.Units[id]
		if u.Side != engine.USA || !u.OnMap || u.Eliminated || u.Kind.IsLeader() || !in(u.Hex) {
			continue
		}
		all += u.Manpower
		if u.Kind == engine.KindCavalry {
			cavalry += u.Manpower
		}
		ids = append(ids, id)
	}
	return all, cavalry, ids
}

func (g Game) dcGarrisonStatus(t *engine.Theatre, req DCGarrisonSet) GarrisonStatus {
	s := GarrisonStatus{Garrison: GarrisonDC, Required: req.Total, Cavalry: req.Cavalry}
	if t == nil || t.Region("dc-defense-area") == nil {
		s.Code = GarrisonWhyNoDCArea
		return s
	}
	s.Checked = true
	s.Present, s.CavalryPresent, s.Units = g.unionManpower(t.InAny("dc-defense-area"))
	s.Met = s.Present >= s.Required && s.CavalryPresent >= s.Cavalry
	s.Code = GarrisonWhyDC
	return s
}

func (g Game) hfGarrisonStatus(t *engine.Theatre) GarrisonStatus {
	s := GarrisonStatus{Garrison: GarrisonHarpersFerry}
	for _, e := range g.LRTAEvents.Rolled {
		if e.Outcome == LRTAEventReleaseHF {
			s.Code, s.Turn = GarrisonWhyHFReleased, e.Turn
			return s
		}
	}
	for _, r := range g.Declared.HF {
		if r.Rolled && (r.Outcome == lrtaHFSurrenders || r.Outcome == "surrender") {
			s.Code, s.Turn = GarrisonWhyHFSurrendered, r.Turn
			return s
		}
	}
	var hf *engine.Place
	if t != nil {
		hf = t.Place("Harpers Ferry")
	}
	if hf == nil {
		s.Code = GarrisonWhyNoHF
		return s
	}
	s.Checked, s.Required = true, hfGarrisonMP
	s.Present, s.CavalryPresent, s.Units = g.unionManpower(func(h engine.Hex) bool { return engine.Distance(h, hf.Hex) <= hfRadius })
	s.Met = s.Present >= s.Required
	s.Code, s.Radius = GarrisonWhyHF, hfRadius
	return s
}

// lrtaGarrisonWait: a shortfall waits for the umpire's assessment of its
// penalty (004 8 "Penalty Assessment"). The Victory Check's wait calls it.
func lrtaGarrisonWait(g Game) []string {
	c, ok := g.LRTAStart.CheckOf(g.Turn)
	if !ok || len(c.Short()) == 0 || len(g.LRTAStart.PenaltiesOf(g.Turn)) > 0 {
		return nil
	}
	return []string{waitGarrisonPenaltyText}
}

// ---------------------------------------------------------------------------
// The umpire's penalty.

// garrisonPenaltyAssessor checks that the actor may assess the garrison
// penalty: the umpire. Another game refuses the command after it
// (AssessGarrisonPenalty.Foreign).
func (g Game) garrisonPenaltyAssessor(by engine.Actor) error {
	if err := g.BoardReady(by); err != nil {
		return err
	}
	if !g.IsUmpire(by) {
		return &engine.RuleError{Kind: engine.ErrIllegal, Code: "garrison.umpire", What: "Only the umpire assesses the garrison penalty",
			Hint: fmt.Sprintf("Ask %s; /garrison show says what the check found", g.Umpire.Name), Rule: lrtaRuleCheck}
	}
	return nil
}

func (g Game) decideGarrisonPenalty(cmd AssessGarrisonPenalty) ([]engine.Event, error) {
	if err := g.garrisonPenaltyAssessor(cmd.By); err != nil {
		return nil, err
	}
	const rule = lrtaRuleCheck
	if step := g.CurrentStep(); step != "" && step != "8" {
		return nil, &engine.RuleError{Kind: engine.ErrIllegal, Code: "garrison.step", What: fmt.Sprintf("The garrison penalty is assessed in step 8 (Victory Check); the game is at step %s", step),
			Hint: "Assess it when the turn reaches 8 (/phase next)", Rule: rule}
	}
	if cmd.VP < 0 || cmd.VP > MaxGarrisonPenalty {
		return nil, engine.Invalid("garrison.vp", fmt.Sprintf("%d VP is not a penalty", cmd.VP),
			fmt.Sprintf("Give the Confederates' VP, 0 to %d (0: no penalty is due)", MaxGarrisonPenalty))
	}
	reason := strings.TrimSpace(cmd.Reason)
	if reason == "" {
		return nil, engine.Invalid("garrison.reason", "The penalty needs its reason: the rule it applies", "004 prints no penalty: give your copy's (LRTA 3.2, 5.2), e.g. reason:\"3.2: ...\"")
	}
	garrisons := cmd.Garrisons
	if len(garrisons) == 0 {
		if c, ok := g.LRTAStart.CheckOf(g.Turn); ok {
			garrisons = c.Short()
		}
	}
	for _, id := range garrisons {
		if !engine.Contains(Garrisons, id) {
			return nil, engine.Invalid("garrison.name", fmt.Sprintf("%q is not a garrison", id), "Garrisons: "+strings.Join(Garrisons, ", "))
		}
	}
	return []engine.Event{&GarrisonPenaltyAssessed{By: cmd.By, Turn: g.Turn, VP: cmd.VP, Garrisons: garrisons, Reason: reason, Hidden: g.Options.LimitedIntel}}, nil
}
