package engine

import (
	"fmt"
	"strings"
)

// LRTA victory (004): the Confederate Objectives optional rule (Sequence
// of Play 2, "Confederate Objectives"), the County Control Phase (7:
// lrta.county-control-vp and the Washington, DC awards of
// lrta.dc-control-vp) and the Victory Check Phase (8: army morale
// confirmed, the Union garrison check, the Emancipation Proclamation, the
// automatic decisive victories and the end of the game).
//
// The LRTA rule book is not among the seeds; where 004 is silent the LRTG
// rule of the same name is followed:
//   - Victory levels: 004 prints none. LRTG VIII 2) (The Gettysburg
//     Campaign, the full campaign) is followed: its table
//     lrtg.victory-levels-gettysburg-campaign decides the level at the end.
//     LRTG's optional preliminary victories are not applied to LRTA (their VP
//     thresholds are LRTG's scenario's own).
//   - Decisive victories: Flight of either army at any moment (004 Army
//     Morale; LRTG VIII), and a Confederate infantry unit in the White House
//     or the Capitol in the Victory Check Phase (004 County/DC Control: LRTA
//     has no Baltimore Depot clause and checks it in the phase only).
//   - The end: the last turn, 54 (Oct 10, "End LSN" on the turn record).
//     The record's "End RTA" (turn 30, Sept 17) and "Potomac" (turn 23) are
//     not explained by 004: the campaign game does not end on them. Their
//     turns' Victory Check says so in the channel; on and after "Potomac",
//     with no Confederate infantry north of the Potomac, it adds that LRTG
//     VIII would end the game there (its "P" on June 30), which is the
//     umpire's ruling (/victory check end:true reason:...).
//   - County control: LRTG 11 (a Confederate claim in step 7, checked
//     against the map as far as it goes, 2 MP in the control hex, 12 MP in
//     the county), with LRTA's counties and values; the doubling "if over 30
//     days north of the Potomac" is LRTG 11.2's 30 days after the first
//     Confederate infantry crossing (/vp action:crossed).
//   - Washington, DC: each award is scored once in the game (each fort
//     once), claimed in the County Control Phase while the unit is there.
//   - Confederate Objectives: the objectives are chosen at the start (turn
//     1) or on a passive Confederate turn, in step 2b; a new choice replaces
//     the objectives held, each newly chosen one costs 10 VP, one kept keeps
//     its turn. The Union rolls once a turn, after the choice, while it has
//     not examined the objectives held. "Obtains but does not examine" tells
//     the Union it holds the objective but not what it is; "examines" shows it
//     the objectives held. 004 prints no other effect of a discovery. An
//     achieved objective (35 VP) is announced to both sides.
//   - Emancipation Proclamation: 004 prints when it may be issued, not what
//     it does (16.2 is not among the seeds): the proclamation is recorded
//     and announced; its effects are the umpire's to apply.

// LRTA victory data (scenarios/rules/lrta-victory.yaml, lrta-army.yaml).
const (
	LRTAObjectiveDiscoveryTable = "lrta.csa-objective-discovery"
	LRTAObjectivesChart         = "lrta.confederate-objectives"
	LRTACountyChart             = "lrta.county-control-vp"
	// LRTAVictoryLevels is the victory table LRTA games use: LRTG VIII 2)'s,
	// 004 printing none.
	LRTAVictoryLevels = "lrtg.victory-levels-gettysburg-campaign"

	LRTAObjectivesRuleVP = -40 // "Reduce CSA VPs by 40 if playing with this rule"
	LRTAObjectiveCostVP  = 10  // per objective selected
	LRTAObjectiveVP      = 35  // per objective achieved
	LRTAPotomacTurn      = 23  // "Potomac" on the turn record
	LRTAEndRTATurn       = 30  // "End RTA" on the turn record

	// Discovery results (lrta.csa-objective-discovery outcomes).
	DiscoveryNone     = "no-effect"
	DiscoveryLearns   = "learns"
	DiscoveryExamines = "examines"

	CategoryObjectives = "objectives"
	CategoryDC         = "dc-control"

	// Emancipation Proclamation conditions (004 Army Morale; lrta.emancipation-proclamation).
	EmancipationCSALevel = 6
)

func init() {
	registerModule(decideLRTAVictory, applyLRTAVictory,
		&ObjectivesPhase{}, &ObjectivesSelected{}, &ObjectiveDiscovered{}, &ObjectiveAchieved{},
		&DCControlled{}, &LRTAVictoryPhase{}, &EmancipationDecided{})
	registerGameStep(LRTA, "2b", procLRTAObjectives, waitLRTAObjectives)
	registerGameStep(LRTA, "7", procLRTACounty, segWait("7"))
	registerGameStep(LRTA, "8", procLRTAVictory, waitLRTAVictory)
}

// LRTAVictoryState is the state of LRTA's victory rules: the Confederate
// objectives (secret from the Union beyond what its rolls reveal), the
// Washington, DC awards and the Emancipation Proclamation.
type LRTAVictoryState struct {
	Begun     bool                // the optional rule's -40 VP is on the record
	Held      []HeldObjective     // the Confederates' objectives now
	Chose     int                 // the last turn the Confederates chose (selected or kept)
	Discovery string              // the Union's best discovery of the objectives held: "", learns, examines
	Rolled    int                 // the turn of the last discovery roll
	Achieved  []AchievedObjective // objectives achieved (public)
	DC        map[string]int      // Washington, DC awards scored, by key, with their turn
	EPOpen    int                 // the last turn whose Victory Check found the proclamation's conditions met
	Issued    int                 // the turn the Union issued the Emancipation Proclamation (0: not)
	Declined  int                 // the last turn the Union chose not to issue it
}

// HeldObjective is an objective the Confederates hold, with the turn it
// was selected (its requirements count from then).
type HeldObjective struct {
	Name string `json:"name"`
	Turn int    `json:"turn"`
}

// AchievedObjective is an objective achieved and its VP.
type AchievedObjective struct {
	Name string `json:"name"`
	Turn int    `json:"turn"`
	VP   int    `json:"vp"`
}

// HeldNames returns the names of the objectives held.
func (v LRTAVictoryState) HeldNames() []string {
	out := make([]string, 0, len(v.Held))
	for _, h := range v.Held {
		out = append(out, h.Name)
	}
	return out
}

func (v LRTAVictoryState) held(name string) (HeldObjective, bool) {
	for _, h := range v.Held {
		if strings.EqualFold(h.Name, name) {
			return h, true
		}
	}
	return HeldObjective{}, false
}

func (v LRTAVictoryState) achieved(name string) bool {
	for _, a := range v.Achieved {
		if strings.EqualFold(a.Name, name) {
			return true
		}
	}
	return false
}

// ObjectivesSeen returns the objectives the side may know are held: the
// Confederates all of theirs, the Union those its discovery rolls let it
// examine (none otherwise), and whether the Union has obtained them
// without examining them. The umpire sees with side "".
func (g GameState) ObjectivesSeen(side Side) (names []string, obtained bool) {
	v := g.LRTAVictory
	switch {
	case side == "" || side == CSA:
		return v.HeldNames(), false
	case v.Discovery == DiscoveryExamines:
		return v.HeldNames(), true
	}
	return nil, v.Discovery == DiscoveryLearns && len(v.Held) > 0
}

// ---------------------------------------------------------------------
// Commands.

type (
	// SelectObjectives is the Confederates' choice of objectives in step 2b:
	// the objectives to hold from now on, or Keep those held.
	SelectObjectives struct {
		By      Actor
		Names   []string
		Keep    bool
		Chart   *Chart // lrta.confederate-objectives
		Context StepContext
		Reason  string
	}
	// ClaimObjective records an objective achieved.
	ClaimObjective struct {
		By     Actor
		Name   string
		Sizes  UnitSizes
		Reason string
	}
	// ClaimDC records a Washington, DC award (lrta.dc-control-vp).
	ClaimDC struct {
		By     Actor
		Item   string // one of DCItems
		Unit   string // the unit that occupies (not for a fort)
		Fort   string // the fort destroyed
		Map    *Theatre
		Reason string
	}
	// DecideEmancipation is the Union's choice in the Victory Check Phase.
	DecideEmancipation struct {
		By     Actor
		Issue  bool
		Sizes  UnitSizes
		Reason string
	}
	// CheckLRTAVictory is the umpire's victory check at any moment (Flight
	// ends the game at once), or his ruling that the game ends now (End,
	// with a reason).
	CheckLRTAVictory struct {
		By      Actor
		Context StepContext
		End     bool
		Reason  string
	}
)

// CommandName implements Command.
func (SelectObjectives) CommandName() string { return "victory select" }

// CommandName implements Command.
func (ClaimObjective) CommandName() string { return "victory achieved" }

// CommandName implements Command.
func (ClaimDC) CommandName() string { return "victory dc" }

// CommandName implements Command.
func (DecideEmancipation) CommandName() string { return "victory emancipation" }

// CommandName implements Command.
func (CheckLRTAVictory) CommandName() string { return "victory check" }

// DC award items (lrta.dc-control-vp rows).
const (
	DCFort           = "fort"
	DCCavalryCity    = "cavalry-city"
	DCCavalryWH      = "cavalry-white-house"
	DCCavalryCapitol = "cavalry-capitol"
	DCInfantryCity   = "infantry-city"
)

// DCItem is one Washington, DC award.
type DCItem struct {
	ID    string
	Title string
	VP    int
	Kind  string // the occupying unit's kind ("" for a fort)
	Place string // the place it must occupy ("" any hex of the dc region)
}

// DCItems are 004's Washington, DC awards (lrta.dc-control-vp).
var DCItems = []DCItem{
	{DCFort, "a fort in or around Washington and Alexandria destroyed", 10, "", ""},
	{DCCavalryCity, "a CSA cavalry unit occupies a city hex of Washington, DC", 25, "cavalry", ""},
	{DCCavalryWH, "a CSA cavalry unit occupies the White House", 25, "cavalry", "White House"},
	{DCCavalryCapitol, "a CSA cavalry unit occupies the Capitol", 25, "cavalry", "US Capitol"},
	{DCInfantryCity, "a CSA infantry unit occupies a city hex of Washington, DC", 50, "infantry", ""},
}

func dcItem(id string) (DCItem, bool) {
	for _, it := range DCItems {
		if it.ID == strings.ToLower(strings.TrimSpace(id)) {
			return it, true
		}
	}
	return DCItem{}, false
}

// ---------------------------------------------------------------------
// Events.

// LRTA victory events.
const (
	EventObjectivesPhase     = "lrta.objectives.phase"
	EventObjectivesSelected  = "lrta.objectives.selected"
	EventObjectiveDiscovered = "lrta.objectives.discovery"
	EventObjectiveAchieved   = "lrta.objectives.achieved"
	EventDCControlled        = "lrta.dc"
	EventLRTAVictoryPhase    = "lrta.victory.phase"
	EventEmancipation        = "lrta.emancipation"
)

// ObjectivesPhase records step 2b's start: the optional rule's -40 VP on
// its first turn, and whether the Confederates may choose now.
type ObjectivesPhase struct {
	Turn      int    `json:"turn"`
	RuleVP    int    `json:"rule_vp,omitempty"` // -40 on the first 2b
	MayChoose bool   `json:"may_choose,omitempty"`
	Why       string `json:"why"` // why they may or may not choose
}

// ObjectivesSelected records the Confederates' choice. Its data names the
// objectives: it is shown to the Confederates and the umpire only.
type ObjectivesSelected struct {
	By         Actor    `json:"by"`
	Turn       int      `json:"turn"`
	Objectives []string `json:"objectives,omitempty"` // held from now on
	New        []string `json:"new,omitempty"`        // newly selected (each costs 10 VP)
	Kept       bool     `json:"kept,omitempty"`
	VP         int      `json:"vp,omitempty"`
	Reason     string   `json:"reason,omitempty"`
}

// ObjectiveDiscovered records the Union's discovery roll (its dice are the
// table.rolled event before it); it names no objective.
type ObjectiveDiscovered struct {
	Turn    int    `json:"turn"`
	Roll    int64  `json:"roll"`
	Total   int    `json:"total"`
	Outcome string `json:"outcome"`
	Held    int    `json:"held"` // how many objectives the roll is about
}

// ObjectiveAchieved records an objective achieved (public: it is
// announced to score).
type ObjectiveAchieved struct {
	By        Actor    `json:"by"`
	Turn      int      `json:"turn"`
	Objective string   `json:"objective"`
	Selected  int      `json:"selected"` // the turn it was selected
	VP        int      `json:"vp"`
	Checked   []string `json:"checked,omitempty"`
	Unchecked []string `json:"unchecked,omitempty"`
	Overruled string   `json:"overruled,omitempty"`
	Reason    string   `json:"reason,omitempty"`
}

// DCControlled records a Washington, DC award. It names no unit.
type DCControlled struct {
	By        Actor    `json:"by"`
	Turn      int      `json:"turn"`
	Item      string   `json:"item"`
	Key       string   `json:"key"` // the item, or fort:<name>
	What      string   `json:"what"`
	VP        int      `json:"vp"`
	Checked   []string `json:"checked,omitempty"`
	Unchecked []string `json:"unchecked,omitempty"`
	Overruled string   `json:"overruled,omitempty"`
	Reason    string   `json:"reason,omitempty"`
}

// LRTAVictoryPhase records what the Victory Check Phase tells every player
// beyond the checks: the turn record's notes, and whether the Emancipation
// Proclamation may be issued this turn.
type LRTAVictoryPhase struct {
	Turn   int      `json:"turn"`
	Notes  []string `json:"notes,omitempty"`
	EPOpen bool     `json:"ep_open,omitempty"`
}

// EmancipationDecided records the Union's choice on the Emancipation
// Proclamation, with the levels that allowed it.
type EmancipationDecided struct {
	By     Actor  `json:"by"`
	Turn   int    `json:"turn"`
	Issued bool   `json:"issued"`
	CSA    int    `json:"csa_level"`
	USA    int    `json:"usa_level"`
	Reason string `json:"reason,omitempty"`
}

// EventType implements Event.
func (*ObjectivesPhase) EventType() string { return EventObjectivesPhase }

// EventType implements Event.
func (*ObjectivesSelected) EventType() string { return EventObjectivesSelected }

// EventType implements Event.
func (*ObjectiveDiscovered) EventType() string { return EventObjectiveDiscovered }

// EventType implements Event.
func (*ObjectiveAchieved) EventType() string { return EventObjectiveAchieved }

// EventType implements Event.
func (*DCControlled) EventType() string { return EventDCControlled }

// EventType implements Event.
func (*LRTAVictoryPhase) EventType() string { return EventLRTAVictoryPhase }

// EventType implements Event.
func (*EmancipationDecided) EventType() string { return EventEmancipation }

// ---------------------------------------------------------------------
// 2b Confederate Objectives.

// ObjectiveNames returns the objectives of lrta.confederate-objectives.
func ObjectiveNames(ch *Chart) []string {
	if ch == nil {
		return nil
	}
	out := make([]string, 0, len(ch.Rows))
	for _, r := range ch.Rows {
		if len(r) > 0 {
			out = append(out, r[0])
		}
	}
	return out
}

// ObjectiveRequirement returns an objective's requirement as the chart
// prints it ("" if unknown).
func ObjectiveRequirement(ch *Chart, name string) string {
	if ch == nil {
		return ""
	}
	for _, r := range ch.Rows {
		if len(r) > 1 && strings.EqualFold(r[0], name) {
			return r[1]
		}
	}
	return ""
}

// lrtaMayChoose says whether the Confederates may choose objectives this
// turn: at the start of the game (turn 1) or on a turn they are passive
// (004 Sequence of Play 2; lrta.confederate-objectives-terms).
func (g GameState) lrtaMayChoose() (bool, string) {
	switch {
	case g.Turn == 1:
		return true, "the beginning of the game"
	case g.Passive(CSA):
		return true, "the Confederates are passive this turn"
	}
	return false, "the Confederates choose only at the beginning of the game or on a turn they are passive"
}

// LRTAMayChooseObjectives says whether the Confederates may choose
// objectives this turn, and why (or why not).
func (g GameState) LRTAMayChooseObjectives() (bool, string) { return g.lrtaMayChoose() }

func procLRTAObjectives(g GameState, d Dice, ctx StepContext) ([]Event, error) {
	ph := &ObjectivesPhase{Turn: g.Turn}
	if !g.LRTAVictory.Begun {
		ph.RuleVP = LRTAObjectivesRuleVP
	}
	ph.MayChoose, ph.Why = g.lrtaMayChoose()
	evs := []Event{ph}
	if ph.MayChoose {
		return evs, nil // the roll follows the Confederates' choice
	}
	more, err := g.Apply(ph).lrtaDiscovery(d, ctx)
	return append(evs, more...), err
}

// waitLRTAObjectives: the step waits for the Confederates' choice when
// they may choose.
func waitLRTAObjectives(g GameState) []string {
	if ok, _ := g.lrtaMayChoose(); ok && g.LRTAVictory.Chose != g.Turn {
		return []string{"the CSA's choice of objectives (/victory select)"}
	}
	return nil
}

// lrtaDiscovery makes the Union's discovery roll when there is something
// to discover: objectives held that the Union has not examined, not yet
// rolled for this turn.
func (g GameState) lrtaDiscovery(d Dice, ctx StepContext) ([]Event, error) {
	v := g.LRTAVictory
	if len(v.Held) == 0 || v.Discovery == DiscoveryExamines || v.Rolled == g.Turn {
		return nil, nil
	}
	tb, err := libraryTable(ctx, LRTAObjectiveDiscoveryTable)
	if err != nil {
		return nil, err
	}
	f := Facts{"lee_north": 0, "union_won_enemy_intelligence": 0}
	if t := segTheatre(ctx); t != nil && g.leeIn(t, "north-of-potomac") {
		f["lee_north"] = 1
	}
	if g.lrtaEnemyIntelligenceUnion() {
		f["union_won_enemy_intelligence"] = 1
	}
	tr, err := g.rollOn(tb, f, d)
	if err != nil {
		return nil, err
	}
	return []Event{tr, &ObjectiveDiscovered{Turn: g.Turn, Roll: tr.Number, Total: tr.Total, Outcome: tr.Outcome, Held: len(v.Held)}}, nil
}

// lrtaEnemyIntelligenceUnion reports whether the Union benefits from the
// Enemy Intelligence random event this turn (004 Random Events 8: +3 to
// the discovery roll; lrta_events.go).
func (g GameState) lrtaEnemyIntelligenceUnion() bool {
	v, _ := g.LRTAObjectiveDiscoveryModifier()
	return v > 0
}

func (g GameState) decideSelectObjectives(cmd SelectObjectives, d Dice) ([]Event, error) {
	if err := g.BoardReady(cmd.By); err != nil {
		return nil, err
	}
	if err := g.lrtaObjectivesOn(); err != nil {
		return nil, err
	}
	umpire := g.IsUmpire(cmd.By)
	reason := strings.TrimSpace(cmd.Reason)
	if p := g.Player(cmd.By.ID); !umpire && (p == nil || p.Side != CSA || !p.Overall) {
		return nil, &RuleError{Kind: ErrIllegal, Code: "objectives.side", What: "The Confederate overall commander chooses the Confederate objectives",
			Rule: "004 Confederate Objectives"}
	}
	if g.CurrentStep() != "2b" && !(umpire && reason != "") {
		return nil, &RuleError{Kind: ErrIllegal, Code: "objectives.step", What: fmt.Sprintf("Objectives are chosen in step 2b (Confederate Objectives); the game is at %s", stepOrNone(g.CurrentStep())),
			Hint: "/phase show says where the turn is; the umpire may act outside the step with reason:", Rule: "004 Sequence of Play 2"}
	}
	if ok, why := g.lrtaMayChoose(); !ok && !(umpire && reason != "") {
		return nil, &RuleError{Kind: ErrIllegal, Code: "objectives.passive", What: "The Confederates may not change their objectives this turn: " + why,
			Hint: "Declare passive (/declare) on a later turn to change them", Rule: "004 Sequence of Play 2"}
	}
	if g.LRTAVictory.Chose == g.Turn && !(umpire && reason != "") {
		return nil, Illegal("objectives.twice", fmt.Sprintf("The Confederates have already chosen their objectives on turn %d", g.Turn), "")
	}
	ev := &ObjectivesSelected{By: cmd.By, Turn: g.Turn, Reason: reason}
	switch {
	case cmd.Keep && len(cmd.Names) > 0:
		return nil, Invalid("objectives.keep", "Keep the objectives held or name new ones, not both", "Use objectives:keep, or list the objectives to hold from now on")
	case cmd.Keep:
		ev.Kept = true
		ev.Objectives = g.LRTAVictory.HeldNames()
	default:
		if len(cmd.Names) == 0 {
			return nil, Invalid("objectives.none", "No objective named", "List objectives, e.g. objectives:Threaten DC, or objectives:keep")
		}
		known := ObjectiveNames(cmd.Chart)
		seen := map[string]bool{}
		for _, n := range cmd.Names {
			name := ""
			for _, k := range known {
				if strings.EqualFold(k, strings.TrimSpace(n)) {
					name = k
				}
			}
			if name == "" {
				return nil, Invalid("objectives.unknown", fmt.Sprintf("%q is not a Confederate objective", n), "The objectives: "+strings.Join(known, ", "))
			}
			if seen[name] {
				return nil, Invalid("objectives.twice", name+" is named twice", "")
			}
			seen[name] = true
			if g.LRTAVictory.achieved(name) {
				return nil, Illegal("objectives.achieved", name+" is already achieved", "Choose another objective")
			}
			ev.Objectives = append(ev.Objectives, name)
			if _, ok := g.LRTAVictory.held(name); !ok {
				ev.New = append(ev.New, name)
			}
		}
		ev.VP = -LRTAObjectiveCostVP * len(ev.New)
	}
	evs := []Event{ev}
	more, err := g.Apply(ev).lrtaDiscovery(d, cmd.Context)
	if err != nil {
		return nil, err
	}
	return append(evs, more...), nil
}

func stepOrNone(s string) string {
	if s == "" {
		return "no step yet"
	}
	return "step " + s
}

func (g GameState) lrtaObjectivesOn() error {
	if g.Game() != LRTA || !g.Options.Objectives {
		return Illegal("objectives.off", "This game is not played with the Confederate Objectives optional rule", "It is chosen when the game is created (/game new confederate_objectives:true)")
	}
	return nil
}

// lrtaObjectiveCounties are the objectives that control counties for
// consecutive turns (004 Confederate Objectives), with the county ids of
// LRTACounties and the turns needed.
var lrtaObjectiveCounties = map[string]struct {
	Counties []string
	Turns    int
}{
	"Recruit in Western Maryland": {[]string{"md.frederick-west", "md.frederick-east"}, 3},
	"Recruit in Central Maryland": {[]string{"md.carroll"}, 3},
	"Threaten Alexandria":         {[]string{"va.fairfax"}, 3},
	"Threaten Baltimore":          {[]string{"md.howard"}, 3},
	"Threaten DC":                 {[]string{"md.montgomery"}, 3},
}

func (g GameState) decideClaimObjective(cmd ClaimObjective) ([]Event, error) {
	if err := g.BoardReady(cmd.By); err != nil {
		return nil, err
	}
	if err := g.lrtaObjectivesOn(); err != nil {
		return nil, err
	}
	umpire := g.IsUmpire(cmd.By)
	if p := g.Player(cmd.By.ID); !umpire && (p == nil || p.Side != CSA) {
		return nil, &RuleError{Kind: ErrIllegal, Code: "objectives.side", What: "Only the Confederates claim their objectives", Rule: "004 Confederate Objectives"}
	}
	h, ok := g.LRTAVictory.held(strings.TrimSpace(cmd.Name))
	switch {
	case g.LRTAVictory.achieved(cmd.Name):
		return nil, Illegal("objectives.achieved", cmd.Name+" is already achieved", "")
	case !ok:
		return nil, &RuleError{Kind: ErrIllegal, Code: "objectives.unheld", What: fmt.Sprintf("%q is not an objective the Confederates hold", cmd.Name),
			Hint: "/victory objectives lists them; an objective scores only if it was selected before its requirements were met", Rule: "004 Confederate Objectives"}
	}
	ev := &ObjectiveAchieved{By: cmd.By, Turn: g.Turn, Objective: h.Name, Selected: h.Turn, VP: LRTAObjectiveVP, Reason: strings.TrimSpace(cmd.Reason)}
	failed, fail := g.objectiveChecks(h, cmd.Sizes, ev)
	if fail != nil {
		if !umpire {
			return nil, fail
		}
		if ev.Reason == "" {
			fail.Hint = "The umpire overrules a check with reason:<why>"
			return nil, fail
		}
		ev.Overruled = failed
	}
	return []Event{ev}, nil
}

// objectiveChecks checks what the state can of an objective's requirement,
// achieved after it was selected; the rest is taken on the claimant's word
// and listed as unchecked.
func (g GameState) objectiveChecks(h HeldObjective, sizes UnitSizes, ev *ObjectiveAchieved) (string, *RuleError) {
	after := fmt.Sprintf("after its selection on turn %d", h.Turn)
	army := func(state string, now, ever bool) (string, *RuleError) {
		check := "the Union army in " + state
		switch {
		case now:
			ev.Checked = append(ev.Checked, check+" now")
		case ever:
			ev.Unchecked = append(ev.Unchecked, check+" "+after+" (the record does not date it)")
		default:
			return check, &RuleError{Kind: ErrIllegal, Code: "objectives.requirement", What: fmt.Sprintf("The Union army has never been in %s", state), Rule: "004 Confederate Objectives"}
		}
		return "", nil
	}
	m := g.ArmyMorale(USA, sizes)
	rec := g.Records.Armies[USA]
	switch h.Name {
	case "Suppress the Miscreant Pope":
		return army("Disorder", m.Disorder || rec.Disorder, rec.EverDisorder)
	case "Crush the Miscreant Pope":
		return army("Panic", m.Panic || rec.Panic, rec.EverPanic)
	}
	if req, ok := lrtaObjectiveCounties[h.Name]; ok {
		names := make([]string, len(req.Counties))
		for i, id := range req.Counties {
			names[i] = lrtaCountyName(id)
		}
		check := fmt.Sprintf("Confederate control of %s for %d consecutive turns %s", strings.Join(names, " and "), req.Turns, after)
		if first := g.consecutiveControl(req.Counties, req.Turns, h.Turn); first > 0 {
			ev.Checked = append(ev.Checked, fmt.Sprintf("%s (turns %d-%d)", check, first, first+req.Turns-1))
			return "", nil
		}
		return check, &RuleError{Kind: ErrIllegal, Code: "objectives.requirement",
			What: fmt.Sprintf("The County Control record does not show %s", check), Hint: "Counties are claimed each turn in step 7 (/victory county)", Rule: "004 Confederate Objectives"}
	}
	ev.Unchecked = append(ev.Unchecked, "the objective's requirement "+after+" (the claimant's word)")
	return "", nil
}

// consecutiveControl returns the first turn (from turn from) of a run of n
// consecutive turns in which the Confederates controlled every county
// (0: none).
func (g GameState) consecutiveControl(counties []string, n, from int) int {
	has := func(c string, t int) bool {
		for _, x := range g.Victory.Counties[c] {
			if x == t {
				return true
			}
		}
		return false
	}
	for start := max(from, 1); start+n-1 <= g.Turn; start++ {
		ok := true
		for t := start; t < start+n && ok; t++ {
			for _, c := range counties {
				ok = ok && has(c, t)
			}
		}
		if ok {
			return start
		}
	}
	return 0
}

// ---------------------------------------------------------------------
// 7 County Control: LRTA's counties and the Washington, DC awards.

// lrtaCountyName names a county id of lrtaCountyPlaces for people
// ("va.fairfax": Fairfax County).
func lrtaCountyName(id string) string {
	for _, p := range lrtaCountyPlaces {
		if p.ID == id {
			return p.Name
		}
	}
	return id
}

// lrtaCountyPlaces maps the county names of lrta.county-control-vp to the
// county ids (as LRTG's), their map regions and control hexes (LRTG 11.1 /
// 000 VII 1 print Camden Station and Westminster; 004 prints Westminster
// for Carroll; the others are the map's red stars, taken on word).
var lrtaCountyPlaces = map[string]struct{ ID, Region, Control, Name string }{
	"Baltimore":        {"md.baltimore", "md.baltimore", "Camden Station", "Baltimore County"},
	"Prince George's":  {"md.prince-georges", "md.prince-georges", "", "Prince George's County"},
	"Anne Arundel":     {"md.anne-arundel", "md.anne-arundel", "", "Anne Arundel County"},
	"Montgomery":       {"md.montgomery", "md.montgomery", "", "Montgomery County"},
	"Howard":           {"md.howard", "md.howard", "", "Howard County"},
	"Frederick (West)": {"md.frederick-west", "md.frederick", "", "Frederick County-West"},
	"Frederick (East)": {"md.frederick-east", "md.frederick", "", "Frederick County-East"},
	"Carroll":          {"md.carroll", "md.carroll", "Westminster", "Carroll County"},
	"Washington":       {"md.washington", "md.washington", "", "Washington County"},
	"Alexandria":       {"va.alexandria", "va.alexandria", "", "Alexandria County"},
	"Fairfax":          {"va.fairfax", "va.fairfax", "", "Fairfax County"},
	"Loudoun":          {"va.loudoun", "va.loudoun", "", "Loudoun County"},
	"Adams":            {"pa.adams", "pa.adams", "", "Adams County"},
	"York":             {"pa.york", "pa.york", "", "York County"},
	"Dauphin":          {"pa.dauphin", "pa.dauphin", "", "Dauphin County"},
	"Cumberland":       {"pa.cumberland", "pa.cumberland", "", "Cumberland County"},
}

// LRTACounties builds LRTA's scoring counties from lrta.county-control-vp
// on the map th (nil: no region or control hex is checked). Rows worth
// nothing ("All other Pennsylvania counties") are left out.
func LRTACounties(ch *Chart, th *Theatre) ([]County, error) {
	if ch == nil {
		return nil, fmt.Errorf("engine: the chart %s is missing", LRTACountyChart)
	}
	var out []County
	for _, r := range ch.Rows {
		if len(r) < 5 {
			return nil, fmt.Errorf("engine: %s: short row %v", ch.ID, r)
		}
		var vals [3]int
		for i := range vals {
			if _, err := fmt.Sscan(r[2+i], &vals[i]); err != nil {
				return nil, fmt.Errorf("engine: %s: %s: %q is not a number", ch.ID, r[1], r[2+i])
			}
		}
		if vals == [3]int{} {
			continue
		}
		p, ok := lrtaCountyPlaces[r[1]]
		if !ok {
			return nil, fmt.Errorf("engine: %s: no map region for the county %q", ch.ID, r[1])
		}
		c := County{ID: p.ID, Name: p.Name, State: r[0], Region: p.Region, Control: p.Control, Values: vals,
			Source: fmt.Sprintf("004 County/DC Control (%s %d/%d/%d)", r[1], vals[0], vals[1], vals[2])}
		if p.Region != p.ID {
			c.Note = "12+ manpower in its half of Frederick County (the map data does not split the county: only the whole county's manpower is checked)"
		}
		if th != nil {
			if reg := th.Region(c.Region); reg == nil {
				c.Region = ""
			}
			if c.Control != "" && th.Place(c.Control) == nil {
				c.Control = ""
			}
		}
		out = append(out, c)
	}
	return out, nil
}

func procLRTACounty(g GameState, _ Dice, ctx StepContext) ([]Event, error) {
	t := segTheatre(ctx)
	open := &SegmentOpened{Turn: g.Turn, Step: "7", Public: []string{"The Confederates claim the counties they control (/victory county) and Washington, DC's awards (/victory dc) (004 County/DC Control; LRTG 11)."}}
	var can []string
	if t != nil && ctx.Library != nil {
		cs, err := LRTACounties(ctx.Library.Chart(LRTACountyChart), t)
		if err != nil {
			return nil, err
		}
		seen := map[string]bool{}
		for _, c := range cs {
			reg := t.Region(c.Region)
			if reg == nil || seen[c.Name] {
				continue
			}
			mp := 0
			for _, u := range g.segUnits(func(u UnitState) bool { return u.Side == CSA }) {
				if reg.Contains(Center(u.Hex)) {
					mp += u.Manpower
				}
			}
			if mp >= CountyMP {
				seen[c.Name] = true
				can = append(can, c.Name)
			}
		}
		for _, it := range DCItems {
			if it.Kind == "" || g.LRTAVictory.DC[it.ID] != 0 {
				continue
			}
			if u := g.dcOccupant(t, it); u != nil {
				can = append(can, "Washington, DC: "+it.Title)
			}
		}
	}
	if len(can) > 0 || g.Options.LimitedIntel || t == nil {
		open.Waits = []StepWait{{Step: "7", Side: CSA, What: "the CSA's county and DC claims (/victory county, /victory dc) or /segment done"}}
	}
	if len(can) > 0 {
		open.addSecret(CSA, fmt.Sprintf("Claimable by the map (%d+ Confederate manpower in the county; DC occupations): %s.", CountyMP, strings.Join(can, ", ")))
	}
	return []Event{open}, nil
}

// dcOccupant returns a Confederate unit that occupies what the DC award
// needs, as far as the map data tells (nil: none).
func (g GameState) dcOccupant(t *Theatre, it DCItem) *UnitState {
	for _, u := range g.segUnits(func(u UnitState) bool { return u.Side == CSA && u.Kind == it.Kind }) {
		if ok, _ := dcWhere(t, it, u.Hex); ok {
			return &u
		}
	}
	return nil
}

// dcWhere reports whether h is where the award needs its unit, and what
// that check was.
func dcWhere(t *Theatre, it DCItem, h Hex) (bool, string) {
	if it.Place != "" {
		p := t.Place(it.Place)
		if p == nil {
			return false, ""
		}
		return p.Hex == h, "the unit is in the " + strings.TrimPrefix(it.Place, "US ") + " hex"
	}
	return segIn(t, "dc", h), "the unit is in Washington, DC (the city hex is the claimant's word)"
}

func (g GameState) decideClaimDC(cmd ClaimDC) ([]Event, error) {
	if err := g.BoardReady(cmd.By); err != nil {
		return nil, err
	}
	if g.Game() != LRTA {
		return nil, Illegal("dc.game", "Washington, DC awards are LRTA's (004 County/DC Control)", "LRTG scores the White House and the Capitol as structures (/place)")
	}
	umpire := g.IsUmpire(cmd.By)
	if p := g.Player(cmd.By.ID); !umpire && (p == nil || p.Side != CSA) {
		return nil, &RuleError{Kind: ErrIllegal, Code: "dc.side", What: "Only the Confederates claim Washington, DC's awards", Rule: "004 County/DC Control"}
	}
	if step := g.CurrentStep(); !umpire && step != "" && step != "7" {
		return nil, &RuleError{Kind: ErrIllegal, Code: "dc.step", What: "Washington, DC's awards are claimed in the County Control Phase (step 7), not now",
			Hint: "/phase show says where the turn is", Rule: "004 Sequence of Play 7"}
	}
	it, ok := dcItem(cmd.Item)
	if !ok {
		var ids []string
		for _, x := range DCItems {
			ids = append(ids, x.ID)
		}
		return nil, Invalid("dc.item", fmt.Sprintf("%q is not a Washington, DC award", cmd.Item), "Use item: "+strings.Join(ids, ", "))
	}
	ev := &DCControlled{By: cmd.By, Turn: g.Turn, Item: it.ID, Key: it.ID, What: it.Title, VP: it.VP, Reason: strings.TrimSpace(cmd.Reason)}
	var fail *RuleError
	failed := ""
	if it.ID == DCFort {
		fort := strings.TrimSpace(cmd.Fort)
		if fort == "" {
			return nil, Invalid("dc.fort", "Name the fort destroyed", "Add fort:<its name>")
		}
		ev.Key, ev.What = "fort:"+strings.ToLower(fort), fmt.Sprintf("%s destroyed", fort)
		ev.Unchecked = append(ev.Unchecked, "the fort's destruction (the map data has no Washington forts)")
	} else {
		u, err := g.unit(cmd.Unit)
		if err != nil {
			return nil, err
		}
		switch {
		case u.Side != CSA || u.Kind != it.Kind:
			return nil, Invalid("dc.unit", fmt.Sprintf("The award needs a Confederate %s unit", it.Kind), "")
		case !u.OnMap || u.Eliminated:
			failed, fail = "the unit on the map", Illegal("dc.unit", u.Name+" is not on the map", "")
		case cmd.Map == nil:
			ev.Unchecked = append(ev.Unchecked, "the unit's hex (no map data)")
		default:
			in, check := dcWhere(cmd.Map, it, u.Hex)
			switch {
			case check == "":
				ev.Unchecked = append(ev.Unchecked, "the unit's hex ("+it.Place+" is not in the map data)")
			case in:
				ev.Checked = append(ev.Checked, check)
			default:
				failed = check
				fail = &RuleError{Kind: ErrIllegal, Code: "dc.where", What: fmt.Sprintf("%s does not occupy what the award needs: %s", u.Name, it.Title), Rule: "004 County/DC Control"}
			}
		}
	}
	if turn := g.LRTAVictory.DC[ev.Key]; turn != 0 {
		return nil, Illegal("dc.twice", fmt.Sprintf("%s has already scored (turn %d)", ev.What, turn), "Each Washington, DC award scores once")
	}
	if fail != nil {
		if !umpire {
			return nil, fail
		}
		if ev.Reason == "" {
			fail.Hint = "The umpire overrules a check with reason:<why>"
			return nil, fail
		}
		ev.Overruled = failed
	}
	return []Event{ev}, nil
}

// ---------------------------------------------------------------------
// 8 Victory Check.

// EmancipationConditions returns the conditions of the Emancipation
// Proclamation that fail now (none: the Union may issue it), with both
// armies' levels (004 Army Morale; lrta.emancipation-proclamation).
func (g GameState) EmancipationConditions(sizes UnitSizes) (failing []string, csa, usa int) {
	c, u := g.ArmyMorale(CSA, sizes), g.ArmyMorale(USA, sizes)
	if c.Level < EmancipationCSALevel {
		failing = append(failing, fmt.Sprintf("the Confederate demoralization level is %d (%d or more needed)", c.Level, EmancipationCSALevel))
	}
	if !g.csaDivisionDemoralized(sizes) {
		failing = append(failing, "no Confederate infantry division is demoralized")
	}
	if u.Level > c.Level {
		failing = append(failing, fmt.Sprintf("the Union level (%d) is greater than the Confederate level (%d)", u.Level, c.Level))
	}
	return failing, c.Level, u.Level
}

func (g GameState) csaDivisionDemoralized(sizes UnitSizes) bool {
	for _, u := range g.segUnits(func(u UnitState) bool { return u.Side == CSA && infantry(u) }) {
		if sizeOf(u, sizes) == "division" && demoralization(u) > 0 {
			return true
		}
	}
	return false
}

func procLRTAVictory(g GameState, d Dice, ctx StepContext) ([]Event, error) {
	if o := g.Segment.Outcome; o != nil { // decided earlier this turn (/victory check)
		return []Event{&LRTAVictoryPhase{Turn: g.Turn, Notes: []string{fmt.Sprintf("🏁 The game is over: %s (%s).", o.Name, o.Why)}}}, nil
	}
	sizes := segSizes(ctx)
	var evs []Event
	state := g
	mc, err := g.decideMoraleCheck(CheckMorale{By: g.Umpire, Sizes: sizes})
	if err != nil {
		return nil, err
	}
	evs = append(evs, mc)
	state = state.Apply(mc)
	// The Union Garrison Check and Penalty Assessment (004 8; LRTA 3.2,
	// 5.2): engine/lrta_garrison.go.
	more, err := lrtaGarrisonCheck(state, d, ctx)
	if err != nil {
		return nil, err
	}
	for _, e := range more {
		evs = append(evs, e)
		state = state.Apply(e)
	}
	ph := &LRTAVictoryPhase{Turn: g.Turn}
	switch g.Turn {
	case LRTAPotomacTurn:
		ph.Notes = append(ph.Notes, fmt.Sprintf("The turn record prints \"Potomac\" on turn %d; 004 does not explain it.", g.Turn))
	case LRTAEndRTATurn:
		ph.Notes = append(ph.Notes, fmt.Sprintf("The turn record prints \"End RTA\" on turn %d; 004 does not explain it: this campaign game goes on to turn %d (\"End LSN\").", g.Turn, LRTATurns))
	}
	if t := segTheatre(ctx); t != nil && t.Region("north-of-potomac") != nil && g.Turn >= LRTAPotomacTurn && len(state.segCSANorth(t)) == 0 {
		ph.Notes = append(ph.Notes, fmt.Sprintf("No Confederate infantry unit is north of the Potomac on or after the turn record's \"Potomac\" (turn %d): LRTG VIII would end the game now; in LRTA that is the umpire's ruling (/victory check end:true reason:...).", LRTAPotomacTurn))
	}
	if fail, c, u := state.EmancipationConditions(sizes); len(fail) == 0 && state.LRTAVictory.Issued == 0 {
		ph.EPOpen = true
		ph.Notes = append(ph.Notes, fmt.Sprintf("The Union may issue the Emancipation Proclamation (Confederate level %d, Union %d, a Confederate infantry division demoralized): /victory emancipation issue:true or false.", c, u))
	}
	evs = append(evs, ph)
	state = state.Apply(ph)
	vc, err := state.lrtaVictoryCheck(g.Umpire, ctx, true, "")
	if err != nil {
		return nil, err
	}
	return append(evs, vc), nil
}

func waitLRTAVictory(g GameState) []string {
	if o := g.Segment.Outcome; o != nil {
		return []string{fmt.Sprintf("the umpire's /game end: the game is over (%s, %s); /game end reveals the seed", o.Name, o.Why)}
	}
	v := g.LRTAVictory
	w := lrtaGarrisonWait(g) // the garrison penalty (lrta_garrison.go)
	if v.EPOpen == g.Turn && v.Issued == 0 && v.Declined != g.Turn {
		return append(w, "the Union's choice on the Emancipation Proclamation (/victory emancipation issue:true or false)")
	}
	return w
}

// lrtaVictoryCheck settles LRTA's victory conditions now (morale as the
// state holds it). phase: the Victory Check Phase (the White House and
// Capitol are checked there only; the last turn ends there). end: the
// umpire's ruling that the game ends now, with its reason.
func (g GameState) lrtaVictoryCheck(by Actor, ctx StepContext, phase bool, end string) (*VictoryChecked, error) {
	t := segTheatre(ctx)
	sizes := segSizes(ctx)
	_, vp := g.VPTotals()
	ev := &VictoryChecked{By: by, Turn: g.Turn, Phase: phase, VP: vp}
	armies := map[Side]ArmyCheck{}
	for _, s := range segSides {
		m := g.ArmyMorale(s, sizes)
		c := ArmyCheck{Side: s, Level: m.Level, Disorder: m.Disorder, Panic: m.Panic, Flight: m.Flight}
		armies[s] = c
		ev.Morale = append(ev.Morale, c)
	}
	switch {
	case armies[USA].Flight:
		ev.Decisive = &VictoryResult{Level: ConfederateDecisive, Why: fmt.Sprintf("Union Flight (demoralization level %d, 16 or more, 004 Army Morale)", armies[USA].Level)}
	case armies[CSA].Flight:
		ev.Decisive = &VictoryResult{Level: UnionDecisive, Why: fmt.Sprintf("Confederate Flight (demoralization level %d, 16 or more, 004 Army Morale)", armies[CSA].Level)}
	}
	ev.Checked = append(ev.Checked, "Flight of either army (004 Army Morale)")
	if phase {
		if t == nil {
			ev.Unchecked = append(ev.Unchecked, "the White House and the Capitol (no map data)")
		} else {
			for _, name := range []string{"White House", "US Capitol"} {
				p := t.Place(name)
				if p == nil {
					ev.Unchecked = append(ev.Unchecked, name+" (not in the map data)")
					continue
				}
				for _, u := range g.segUnits(func(u UnitState) bool { return u.Side == CSA && u.Kind == "infantry" && u.Hex == p.Hex }) {
					if ev.Decisive == nil {
						ev.Decisive = &VictoryResult{Level: ConfederateDecisive, Why: fmt.Sprintf("Confederate infantry (%s) occupies the %s in the Victory Check Phase (004 County/DC Control)", u.Name, strings.TrimPrefix(name, "US "))}
					}
				}
			}
			ev.Checked = append(ev.Checked, "Confederate infantry in the White House or the Capitol")
		}
	}
	if ev.Decisive != nil {
		ev.Decisive.Name, ev.Decisive.Turn = VictoryLevelName(ev.Decisive.Level), g.Turn
	}
	switch {
	case ev.Decisive != nil:
		ev.End = "a decisive victory: " + ev.Decisive.Why
		ev.Result = ev.Decisive
		return ev, nil
	case end != "":
		ev.End = "the umpire's ruling: " + end
	case phase && g.Turn >= g.LastTurn():
		ev.End = fmt.Sprintf("the last turn (%s, \"End LSN\") is played (004 Turn Record)", g.TurnLabel(g.Turn))
	default:
		return ev, nil
	}
	var ch *Chart
	if ctx.Library != nil {
		ch = ctx.Library.Chart(LRTAVictoryLevels)
	}
	bands, err := VictoryBands(ch)
	if err != nil {
		return nil, err
	}
	band, ok := VictoryLevel(bands, vp)
	if !ok {
		return nil, fmt.Errorf("engine: no victory level for %d VP", vp)
	}
	ev.Result = &VictoryResult{Level: band.Level, Name: band.Name, Turn: g.Turn,
		Why: fmt.Sprintf("%d VP on LRTG VIII 2)'s campaign victory table (004 prints none)", vp)}
	return ev, nil
}

func (g GameState) decideCheckLRTAVictory(cmd CheckLRTAVictory) ([]Event, error) {
	if err := g.BoardReady(cmd.By); err != nil {
		return nil, err
	}
	if !g.IsUmpire(cmd.By) {
		return nil, Illegal("victory.umpire", "Only the umpire checks the victory conditions between Victory Check Phases", fmt.Sprintf("Ask %s", g.Umpire.Name))
	}
	if g.Game() != LRTA {
		return nil, Illegal("victory.game", "/victory check is LRTA's", "LRTG's umpire uses /segment victory")
	}
	if o := g.Segment.Outcome; o != nil {
		return nil, Illegal("victory.over", fmt.Sprintf("The game is already over: %s (%s)", o.Name, o.Why), "The umpire ends it with /game end")
	}
	reason := strings.TrimSpace(cmd.Reason)
	if cmd.End && reason == "" {
		return nil, Invalid("victory.reason", "Ending the game is a ruling: give its reason", "Add reason:, e.g. reason:no Confederate infantry north of the Potomac (LRTG VIII)")
	}
	end := ""
	if cmd.End {
		end = reason
	}
	mc, err := g.decideMoraleCheck(CheckMorale{By: cmd.By, Sizes: segSizes(cmd.Context)})
	if err != nil {
		return nil, err
	}
	vc, err := g.Apply(mc).lrtaVictoryCheck(cmd.By, cmd.Context, false, end)
	if err != nil {
		return nil, err
	}
	return []Event{mc, vc}, nil
}

func (g GameState) decideEmancipation(cmd DecideEmancipation) ([]Event, error) {
	if err := g.BoardReady(cmd.By); err != nil {
		return nil, err
	}
	if g.Game() != LRTA {
		return nil, Illegal("emancipation.game", "The Emancipation Proclamation is LRTA's (004)", "")
	}
	umpire := g.IsUmpire(cmd.By)
	reason := strings.TrimSpace(cmd.Reason)
	if p := g.Player(cmd.By.ID); !umpire && (p == nil || p.Side != USA) {
		return nil, &RuleError{Kind: ErrIllegal, Code: "emancipation.side", What: "Only the Union issues the Emancipation Proclamation", Rule: "004 Army Morale"}
	}
	if g.LRTAVictory.Issued != 0 {
		return nil, Illegal("emancipation.issued", fmt.Sprintf("The Emancipation Proclamation was issued on turn %d", g.LRTAVictory.Issued), "")
	}
	if g.CurrentStep() != "8" && !(umpire && reason != "") {
		return nil, &RuleError{Kind: ErrIllegal, Code: "emancipation.step", What: fmt.Sprintf("The Emancipation Proclamation is issued in the Victory Check Phase (step 8); the game is at %s", stepOrNone(g.CurrentStep())),
			Hint: "/phase show says where the turn is", Rule: "004 Army Morale; Sequence of Play 8"}
	}
	if g.LRTAVictory.Declined == g.Turn && !cmd.Issue {
		return nil, Illegal("emancipation.twice", fmt.Sprintf("The Union has already declined it on turn %d", g.Turn), "")
	}
	fail, c, u := g.EmancipationConditions(cmd.Sizes)
	if cmd.Issue && len(fail) > 0 {
		return nil, &RuleError{Kind: ErrIllegal, Code: "emancipation.conditions", What: "The Union may not issue the Emancipation Proclamation now: " + strings.Join(fail, "; "),
			Hint: "All three must hold in the Victory Check Phase: a Confederate level of 6 or more, a demoralized Confederate infantry division, and a Union level no greater than the Confederate", Rule: "004 Army Morale (Emancipation Proclamation)"}
	}
	return []Event{&EmancipationDecided{By: cmd.By, Turn: g.Turn, Issued: cmd.Issue, CSA: c, USA: u, Reason: reason}}, nil
}

// ---------------------------------------------------------------------
// Deciding and folding.

func decideLRTAVictory(g GameState, cmd Command, d Dice) ([]Event, bool, error) {
	var evs []Event
	var err error
	switch cmd := cmd.(type) {
	case SelectObjectives:
		evs, err = g.decideSelectObjectives(cmd, d)
	case ClaimObjective:
		evs, err = g.decideClaimObjective(cmd)
	case ClaimDC:
		evs, err = g.decideClaimDC(cmd)
	case DecideEmancipation:
		evs, err = g.decideEmancipation(cmd)
	case CheckLRTAVictory:
		evs, err = g.decideCheckLRTAVictory(cmd)
	default:
		return nil, false, nil
	}
	return evs, true, err
}

func (v LRTAVictoryState) clone() LRTAVictoryState {
	c := v
	c.Held = append([]HeldObjective(nil), v.Held...)
	c.Achieved = append([]AchievedObjective(nil), v.Achieved...)
	c.DC = make(map[string]int, len(v.DC)+1)
	for k, t := range v.DC {
		c.DC[k] = t
	}
	return c
}

func applyLRTAVictory(g GameState, e Event) (GameState, bool) {
	switch e := e.(type) {
	case *ObjectivesPhase:
		g = g.keep(func(g *GameState) {
			if e.RuleVP != 0 {
				v := g.LRTAVictory.clone()
				v.Begun = true
				g.LRTAVictory = v
				g.VP = appendVP(g.VP, VPEntry{Turn: e.Turn, Category: CategoryObjectives, What: "Playing with the Confederate Objectives optional rule", VP: e.RuleVP})
			}
		})
	case *ObjectivesSelected:
		g = g.action(e, func(g *GameState) {
			v := g.LRTAVictory.clone()
			v.Chose = e.Turn
			if !e.Kept {
				var held []HeldObjective
				for _, n := range e.Objectives {
					h, ok := v.held(n)
					if !ok {
						h = HeldObjective{Name: n, Turn: e.Turn}
					}
					held = append(held, h)
				}
				v.Held = held
				if len(e.New) > 0 {
					v.Discovery = ""
				}
			}
			g.LRTAVictory = v
			if e.VP != 0 {
				g.VP = appendVP(g.VP, VPEntry{Turn: e.Turn, Category: CategoryObjectives, What: fmt.Sprintf("%d Confederate objective(s) selected (secret)", len(e.New)), VP: e.VP})
			}
		})
	case *ObjectiveDiscovered:
		g = g.keep(func(g *GameState) {
			v := g.LRTAVictory.clone()
			v.Rolled = e.Turn
			if e.Outcome == DiscoveryExamines || e.Outcome == DiscoveryLearns && v.Discovery == "" {
				v.Discovery = e.Outcome
			}
			g.LRTAVictory = v
		})
	case *ObjectiveAchieved:
		g = g.action(e, func(g *GameState) {
			v := g.LRTAVictory.clone()
			var held []HeldObjective
			for _, h := range v.Held {
				if h.Name != e.Objective {
					held = append(held, h)
				}
			}
			v.Held = held
			v.Achieved = append(v.Achieved, AchievedObjective{Name: e.Objective, Turn: e.Turn, VP: e.VP})
			g.LRTAVictory = v
			g.VP = appendVP(g.VP, VPEntry{Turn: e.Turn, Category: CategoryObjectives, What: "Objective achieved: " + e.Objective, VP: e.VP})
		})
	case *DCControlled:
		g = g.action(e, func(g *GameState) {
			v := g.LRTAVictory.clone()
			v.DC[e.Key] = e.Turn
			g.LRTAVictory = v
			g.VP = appendVP(g.VP, VPEntry{Turn: e.Turn, Category: CategoryDC, What: e.What, VP: e.VP})
		})
	case *LRTAVictoryPhase:
		g = g.keep(func(g *GameState) {
			if e.EPOpen {
				v := g.LRTAVictory.clone()
				v.EPOpen = e.Turn
				g.LRTAVictory = v
			}
		})
	case *EmancipationDecided:
		g = g.action(e, func(g *GameState) {
			v := g.LRTAVictory.clone()
			if e.Issued {
				v.Issued = e.Turn
			} else {
				v.Declined = e.Turn
			}
			g.LRTAVictory = v
		})
	default:
		return g, false
	}
	return g, true
}
