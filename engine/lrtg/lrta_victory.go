package lrtg

import (
	"fmt"
	"strings"

	"github.com/umpire-games/umpire/engine"
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
//
// This file holds the module's data names, state, commands, the Victory
// Check Phase, the Emancipation Proclamation and the deciding and folding;
// the Confederate Objectives are in lrta_objectives.go, County Control and
// Washington, DC in lrta_county.go, the events in lrta_victory_events.go.

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

// lrtaVictoryModule is LRTA's objectives and victory.
func lrtaVictoryModule() engine.Module {
	return engine.Module{Name: "lrta-victory",
		Commands: []engine.Command{SelectObjectives{}, ClaimObjective{}, ClaimDC{}, DecideEmancipation{}, CheckLRTAVictory{}}, Decide: claims(decideLRTAVictory),
		Events: []engine.Event{&ObjectivesPhase{}, &ObjectivesSelected{}, &ObjectiveDiscovered{}, &ObjectiveAchieved{}, &DCControlled{}, &LRTAVictoryPhase{}, &EmancipationDecided{}},
		Apply:  folds(applyLRTAVictory)}
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

// ---------------------------------------------------------------------
// Commands.

type (
	// SelectObjectives is the Confederates' choice of objectives in step 2b:
	// the objectives to hold from now on, or Keep those held.
	SelectObjectives struct {
		By      engine.Actor
		Names   []string
		Keep    bool
		Chart   *engine.Chart // lrta.confederate-objectives
		Context engine.StepContext
		Reason  string
	}
	// ClaimObjective records an objective achieved.
	ClaimObjective struct {
		By     engine.Actor
		Name   string
		Sizes  engine.UnitSizes
		Reason string
	}
	// ClaimDC records a Washington, DC award (lrta.dc-control-vp).
	ClaimDC struct {
		By     engine.Actor
		Item   string // one of DCItems
		Unit   string // the unit that occupies (not for a fort)
		Fort   string // the fort destroyed
		Map    *engine.Theatre
		Reason string
	}
	// DecideEmancipation is the Union's choice in the Victory Check Phase.
	DecideEmancipation struct {
		By     engine.Actor
		Issue  bool
		Sizes  engine.UnitSizes
		Reason string
	}
	// CheckLRTAVictory is the umpire's victory check at any moment (Flight
	// ends the game at once), or his ruling that the game ends now (End,
	// with a reason).
	CheckLRTAVictory struct {
		By      engine.Actor
		Context engine.StepContext
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

// stepOrNone names the step under way for a message.
func stepOrNone(s string) string {
	if s == "" {
		return "no step yet"
	}
	return "step " + s
}

// ---------------------------------------------------------------------
// 8 Victory Check.

// EmancipationConditions returns the conditions of the Emancipation
// Proclamation that fail now (none: the Union may issue it), with both
// armies' levels (004 Army Morale; lrta.emancipation-proclamation).
func (g Game) EmancipationConditions(sizes engine.UnitSizes) (failing []string, csa, usa int) {
	c, u := g.ArmyMorale(engine.CSA, sizes), g.ArmyMorale(engine.USA, sizes)
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

func (g Game) csaDivisionDemoralized(sizes engine.UnitSizes) bool {
	for _, u := range g.segUnits(func(u engine.UnitState) bool { return u.Side == engine.CSA && infantry(u) }) {
		if sizeOf(u, sizes) == "division" && demoralization(u) > 0 {
			return true
		}
	}
	return false
}

func procLRTAVictory(g Game, d engine.Dice, ctx engine.StepContext) ([]engine.Event, error) {
	if o := g.Segment.Outcome; o != nil { // decided earlier this turn (/victory check)
		return []engine.Event{&LRTAVictoryPhase{Turn: g.Turn, Facts: []VictoryNote{gameOverFact(*o)}}}, nil
	}
	sizes := segSizes(ctx)
	var evs []engine.Event
	state := g
	mc, err := g.decideMoraleCheck(CheckMorale{By: g.Umpire, Sizes: sizes})
	if err != nil {
		return nil, err
	}
	evs = append(evs, mc)
	state = state.Apply(mc)
	// The Union Garrison Check and Penalty Assessment (004 8; LRTA 3.2,
	// 5.2): engine/lrtg/lrta_garrison.go.
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
		ph.Facts = append(ph.Facts, VictoryNote{Code: VictoryNotePotomac, Turn: g.Turn})
	case LRTAEndRTATurn:
		ph.Facts = append(ph.Facts, VictoryNote{Code: VictoryNoteEndRTA, Turn: g.Turn, To: LRTATurns})
	}
	if t := segTheatre(ctx); t != nil && t.Region("north-of-potomac") != nil && g.Turn >= LRTAPotomacTurn && len(state.segCSANorth(t)) == 0 {
		ph.Facts = append(ph.Facts, VictoryNote{Code: VictoryNoteNoneNorth, Turn: LRTAPotomacTurn})
	}
	if fail, c, u := state.EmancipationConditions(sizes); len(fail) == 0 && state.LRTAVictory.Issued == 0 {
		ph.EPOpen = true
		ph.Facts = append(ph.Facts, VictoryNote{Code: VictoryNoteEPOpen, CSA: c, USA: u})
	}
	evs = append(evs, ph)
	state = state.Apply(ph)
	vc, err := state.lrtaVictoryCheck(g.Umpire, ctx, true, "")
	if err != nil {
		return nil, err
	}
	return append(evs, vc), nil
}

func waitLRTAVictory(g Game) []string {
	if o := g.Segment.Outcome; o != nil {
		return []string{gameOverWait(*o)}
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
func (g Game) lrtaVictoryCheck(by engine.Actor, ctx engine.StepContext, phase bool, end string) (*VictoryChecked, error) {
	t := segTheatre(ctx)
	sizes := segSizes(ctx)
	_, vp := g.VPTotals()
	ev := &VictoryChecked{By: by, Turn: g.Turn, Phase: phase, VP: vp}
	armies := map[engine.Side]engine.ArmyCheck{}
	for _, s := range segSides {
		m := g.ArmyMorale(s, sizes)
		c := engine.ArmyCheck{Side: s, Level: m.Level, Disorder: m.Disorder, Panic: m.Panic, Flight: m.Flight}
		armies[s] = c
		ev.Morale = append(ev.Morale, c)
	}
	switch {
	case armies[engine.USA].Flight:
		ev.Decisive = &VictoryResult{Level: ConfederateDecisive, Code: VictoryWhyLRTAFlight, Side: engine.USA, Morale: armies[engine.USA].Level}
	case armies[engine.CSA].Flight:
		ev.Decisive = &VictoryResult{Level: UnionDecisive, Code: VictoryWhyLRTAFlight, Side: engine.CSA, Morale: armies[engine.CSA].Level}
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
				for _, u := range g.segUnits(func(u engine.UnitState) bool {
					return u.Side == engine.CSA && u.Kind == engine.KindInfantry && u.Hex == p.Hex
				}) {
					if ev.Decisive == nil {
						ev.Decisive = &VictoryResult{Level: ConfederateDecisive, Code: VictoryWhyLRTAOccupation, Unit: u.Name, Place: name}
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
		ev.EndCode = EndDecisive
		ev.Result = ev.Decisive
		return ev, nil
	case end != "":
		ev.EndCode, ev.Ruling = EndRuling, end
	case phase && g.Turn >= g.LastTurn():
		ev.EndCode, ev.EndLabel = EndLRTALastTurn, g.TurnLabel(g.Turn)
	default:
		return ev, nil
	}
	var ch *engine.Chart
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
	ev.Result = &VictoryResult{Level: band.Level, Name: band.Name, Turn: g.Turn, Code: VictoryWhyLRTATable, VP: vp}
	return ev, nil
}

// lrtaVictoryChecker checks that the actor may check the victory
// conditions between Victory Check Phases: the umpire. Another game
// refuses the command after it (CheckLRTAVictory.Foreign).
func (g Game) lrtaVictoryChecker(by engine.Actor) error {
	if err := g.BoardReady(by); err != nil {
		return err
	}
	if !g.IsUmpire(by) {
		return engine.Illegal("victory.umpire", "Only the umpire checks the victory conditions between Victory Check Phases", fmt.Sprintf("Ask %s", g.Umpire.Name))
	}
	return nil
}

func (g Game) decideCheckLRTAVictory(cmd CheckLRTAVictory) ([]engine.Event, error) {
	if err := g.lrtaVictoryChecker(cmd.By); err != nil {
		return nil, err
	}
	if o := g.Segment.Outcome; o != nil {
		return nil, engine.Illegal("victory.over", alreadyOver(*o), "The umpire ends it with /game end")
	}
	reason := strings.TrimSpace(cmd.Reason)
	if cmd.End && reason == "" {
		return nil, engine.Invalid("victory.reason", "Ending the game is a ruling: give its reason", "Add reason:, e.g. reason:no Confederate infantry north of the Potomac (LRTG VIII)")
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
	return []engine.Event{mc, vc}, nil
}

func (g Game) decideEmancipation(cmd DecideEmancipation) ([]engine.Event, error) {
	if err := g.BoardReady(cmd.By); err != nil {
		return nil, err
	}
	umpire := g.IsUmpire(cmd.By)
	reason := strings.TrimSpace(cmd.Reason)
	if p := g.Player(cmd.By.ID); !umpire && (p == nil || p.Side != engine.USA) {
		return nil, &engine.RuleError{Kind: engine.ErrIllegal, Code: "emancipation.side", What: "Only the Union issues the Emancipation Proclamation", Rule: "004 Army Morale"}
	}
	if g.LRTAVictory.Issued != 0 {
		return nil, engine.Illegal("emancipation.issued", fmt.Sprintf("The Emancipation Proclamation was issued on turn %d", g.LRTAVictory.Issued), "")
	}
	if g.CurrentStep() != "8" && !(umpire && reason != "") {
		return nil, &engine.RuleError{Kind: engine.ErrIllegal, Code: "emancipation.step", What: fmt.Sprintf("The Emancipation Proclamation is issued in the Victory Check Phase (step 8); the game is at %s", stepOrNone(g.CurrentStep())),
			Hint: "/phase show says where the turn is", Rule: "004 Army Morale; Sequence of Play 8"}
	}
	if g.LRTAVictory.Declined == g.Turn && !cmd.Issue {
		return nil, engine.Illegal("emancipation.twice", fmt.Sprintf("The Union has already declined it on turn %d", g.Turn), "")
	}
	fail, c, u := g.EmancipationConditions(cmd.Sizes)
	if cmd.Issue && len(fail) > 0 {
		return nil, &engine.RuleError{Kind: engine.ErrIllegal, Code: "emancipation.conditions", What: "The Union may not issue the Emancipation Proclamation now: " + strings.Join(fail, "; "),
			Hint: "All three must hold in the Victory Check Phase: a Confederate level of 6 or more, a demoralized Confederate infantry division, and a Union level no greater than the Confederate", Rule: "004 Army Morale (Emancipation Proclamation)"}
	}
	return []engine.Event{&EmancipationDecided{By: cmd.By, Turn: g.Turn, Issued: cmd.Issue, CSA: c, USA: u, Reason: reason}}, nil
}

// ---------------------------------------------------------------------
// Deciding and folding.

func decideLRTAVictory(g Game, cmd engine.Command, d engine.Dice) ([]engine.Event, bool, error) {
	var evs []engine.Event
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

func applyLRTAVictory(g Game, e engine.Event) (Game, bool) {
	switch e := e.(type) {
	case *ObjectivesPhase:
		g = g.keep(func(g *Game) {
			if e.RuleVP != 0 {
				v := g.LRTAVictory.clone()
				v.Begun = true
				g.LRTAVictory = v
				g.VP = appendVP(g.VP, VPEntry{Turn: e.Turn, Category: CategoryObjectives, What: "Playing with the Confederate Objectives optional rule", VP: e.RuleVP})
			}
		})
	case *ObjectivesSelected:
		g = g.action(e, func(g *Game) {
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
		g = g.keep(func(g *Game) {
			v := g.LRTAVictory.clone()
			v.Rolled = e.Turn
			if e.Outcome == DiscoveryExamines || e.Outcome == DiscoveryLearns && v.Discovery == "" {
				v.Discovery = e.Outcome
			}
			g.LRTAVictory = v
		})
	case *ObjectiveAchieved:
		g = g.action(e, func(g *Game) {
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
		g = g.action(e, func(g *Game) {
			v := g.LRTAVictory.clone()
			v.DC[e.Key] = e.Turn
			g.LRTAVictory = v
			g.VP = appendVP(g.VP, VPEntry{Turn: e.Turn, Category: CategoryDC, What: e.What, VP: e.VP})
		})
	case *LRTAVictoryPhase:
		g = g.keep(func(g *Game) {
			if e.EPOpen {
				v := g.LRTAVictory.clone()
				v.EPOpen = e.Turn
				g.LRTAVictory = v
			}
		})
	case *EmancipationDecided:
		g = g.action(e, func(g *Game) {
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
