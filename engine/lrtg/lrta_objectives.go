// LRTA's Confederate Objectives optional rule (004 Sequence of Play 2):
// choosing objectives in step 2b, the Union's discovery roll, and claiming
// an objective achieved (35 VP).

package lrtg

import (
	"fmt"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// ObjectivesSeen returns the objectives the side may know are held: the
// Confederates all of theirs, the Union those its discovery rolls let it
// examine (none otherwise), and whether the Union has obtained them
// without examining them. The umpire sees with side "".
func (g Game) ObjectivesSeen(side engine.Side) (names []string, obtained bool) {
	v := g.LRTAVictory
	switch {
	case side == "" || side == engine.CSA:
		return v.HeldNames(), false
	case v.Discovery == DiscoveryExamines:
		return v.HeldNames(), true
	}
	return nil, v.Discovery == DiscoveryLearns && len(v.Held) > 0
}

// ObjectiveNames returns the objectives of lrta.confederate-objectives.
func ObjectiveNames(ch *engine.Chart) []string {
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
func ObjectiveRequirement(ch *engine.Chart, name string) string {
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
func (g Game) lrtaMayChoose() (bool, string) {
	switch {
	case g.Turn == 1:
		return true, "the beginning of the game"
	case g.Passive(engine.CSA):
		return true, "the Confederates are passive this turn"
	}
	return false, "the Confederates choose only at the beginning of the game or on a turn they are passive"
}

// LRTAMayChooseObjectives says whether the Confederates may choose
// objectives this turn, and why (or why not).
func (g Game) LRTAMayChooseObjectives() (bool, string) { return g.lrtaMayChoose() }

func procLRTAObjectives(g Game, d engine.Dice, ctx engine.StepContext) ([]engine.Event, error) {
	ph := &ObjectivesPhase{Turn: g.Turn}
	if !g.LRTAVictory.Begun {
		ph.RuleVP = LRTAObjectivesRuleVP
	}
	ph.MayChoose, ph.Why = g.lrtaMayChoose()
	evs := []engine.Event{ph}
	if ph.MayChoose {
		return evs, nil // the roll follows the Confederates' choice
	}
	more, err := g.Apply(ph).lrtaDiscovery(d, ctx)
	return append(evs, more...), err
}

// waitLRTAObjectives: the step waits for the Confederates' choice when
// they may choose.
func waitLRTAObjectives(g Game) []string {
	if ok, _ := g.lrtaMayChoose(); ok && g.LRTAVictory.Chose != g.Turn {
		return []string{"the CSA's choice of objectives (/victory select)"}
	}
	return nil
}

// lrtaDiscovery makes the Union's discovery roll when there is something
// to discover: objectives held that the Union has not examined, not yet
// rolled for this turn.
func (g Game) lrtaDiscovery(d engine.Dice, ctx engine.StepContext) ([]engine.Event, error) {
	v := g.LRTAVictory
	if len(v.Held) == 0 || v.Discovery == DiscoveryExamines || v.Rolled == g.Turn {
		return nil, nil
	}
	tb, err := libraryTable(ctx, LRTAObjectiveDiscoveryTable)
	if err != nil {
		return nil, err
	}
	f := engine.Facts{"lee_north": 0, "union_won_enemy_intelligence": 0}
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
	return []engine.Event{tr, &ObjectiveDiscovered{Turn: g.Turn, Roll: tr.Number, Total: tr.Total, Outcome: tr.Outcome, Held: len(v.Held)}}, nil
}

// lrtaEnemyIntelligenceUnion reports whether the Union benefits from the
// Enemy Intelligence random event this turn (004 Random Events 8: +3 to
// the discovery roll; lrta_events.go).
func (g Game) lrtaEnemyIntelligenceUnion() bool {
	v, _ := g.LRTAObjectiveDiscoveryModifier()
	return v > 0
}

func (g Game) decideSelectObjectives(cmd SelectObjectives, d engine.Dice) ([]engine.Event, error) {
	if err := g.BoardReady(cmd.By); err != nil {
		return nil, err
	}
	if err := g.lrtaObjectivesOn(); err != nil {
		return nil, err
	}
	umpire := g.IsUmpire(cmd.By)
	reason := strings.TrimSpace(cmd.Reason)
	if p := g.Player(cmd.By.ID); !umpire && (p == nil || p.Side != engine.CSA || !p.Overall) {
		return nil, &engine.RuleError{Kind: engine.ErrIllegal, Code: "objectives.side", What: "The Confederate overall commander chooses the Confederate objectives",
			Rule: "004 Confederate Objectives"}
	}
	if g.CurrentStep() != "2b" && !(umpire && reason != "") {
		return nil, &engine.RuleError{Kind: engine.ErrIllegal, Code: "objectives.step", What: fmt.Sprintf("Objectives are chosen in step 2b (Confederate Objectives); the game is at %s", stepOrNone(g.CurrentStep())),
			Hint: "/phase show says where the turn is; the umpire may act outside the step with reason:", Rule: "004 Sequence of Play 2"}
	}
	if ok, why := g.lrtaMayChoose(); !ok && !(umpire && reason != "") {
		return nil, &engine.RuleError{Kind: engine.ErrIllegal, Code: "objectives.passive", What: "The Confederates may not change their objectives this turn: " + why,
			Hint: "Declare passive (/declare) on a later turn to change them", Rule: "004 Sequence of Play 2"}
	}
	if g.LRTAVictory.Chose == g.Turn && !(umpire && reason != "") {
		return nil, engine.Illegal("objectives.twice", fmt.Sprintf("The Confederates have already chosen their objectives on turn %d", g.Turn), "")
	}
	ev := &ObjectivesSelected{By: cmd.By, Turn: g.Turn, Reason: reason}
	switch {
	case cmd.Keep && len(cmd.Names) > 0:
		return nil, engine.Invalid("objectives.keep", "Keep the objectives held or name new ones, not both", "Use objectives:keep, or list the objectives to hold from now on")
	case cmd.Keep:
		ev.Kept = true
		ev.Objectives = g.LRTAVictory.HeldNames()
	default:
		if len(cmd.Names) == 0 {
			return nil, engine.Invalid("objectives.none", "No objective named", "List objectives, e.g. objectives:Threaten DC, or objectives:keep")
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
				return nil, engine.Invalid("objectives.unknown", fmt.Sprintf("%q is not a Confederate objective", n), "The objectives: "+strings.Join(known, ", "))
			}
			if seen[name] {
				return nil, engine.Invalid("objectives.twice", name+" is named twice", "")
			}
			seen[name] = true
			if g.LRTAVictory.achieved(name) {
				return nil, engine.Illegal("objectives.achieved", name+" is already achieved", "Choose another objective")
			}
			ev.Objectives = append(ev.Objectives, name)
			if _, ok := g.LRTAVictory.held(name); !ok {
				ev.New = append(ev.New, name)
			}
		}
		ev.VP = -LRTAObjectiveCostVP * len(ev.New)
	}
	evs := []engine.Event{ev}
	more, err := g.Apply(ev).lrtaDiscovery(d, cmd.Context)
	if err != nil {
		return nil, err
	}
	return append(evs, more...), nil
}

// lrtaObjectivesOn refuses the objectives' commands in a game played
// without the optional rule (another game refuses them so too:
// SelectObjectives.Foreign).
func (g Game) lrtaObjectivesOn() error {
	if !g.Options.Objectives {
		return lrtaObjectivesOff()
	}
	return nil
}

func lrtaObjectivesOff() error {
	return engine.Illegal("objectives.off", "This game is not played with the Confederate Objectives optional rule", "It is chosen when the game is created (/game new confederate_objectives:true)")
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

func (g Game) decideClaimObjective(cmd ClaimObjective) ([]engine.Event, error) {
	if err := g.BoardReady(cmd.By); err != nil {
		return nil, err
	}
	if err := g.lrtaObjectivesOn(); err != nil {
		return nil, err
	}
	umpire := g.IsUmpire(cmd.By)
	if p := g.Player(cmd.By.ID); !umpire && (p == nil || p.Side != engine.CSA) {
		return nil, &engine.RuleError{Kind: engine.ErrIllegal, Code: "objectives.side", What: "Only the Confederates claim their objectives", Rule: "004 Confederate Objectives"}
	}
	h, ok := g.LRTAVictory.held(strings.TrimSpace(cmd.Name))
	switch {
	case g.LRTAVictory.achieved(cmd.Name):
		return nil, engine.Illegal("objectives.achieved", cmd.Name+" is already achieved", "")
	case !ok:
		return nil, &engine.RuleError{Kind: engine.ErrIllegal, Code: "objectives.unheld", What: fmt.Sprintf("%q is not an objective the Confederates hold", cmd.Name),
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
	return []engine.Event{ev}, nil
}

// objectiveChecks checks what the state can of an objective's requirement,
// achieved after it was selected; the rest is taken on the claimant's word
// and listed as unchecked.
func (g Game) objectiveChecks(h HeldObjective, sizes engine.UnitSizes, ev *ObjectiveAchieved) (string, *engine.RuleError) {
	after := fmt.Sprintf("after its selection on turn %d", h.Turn)
	army := func(state string, now, ever bool) (string, *engine.RuleError) {
		check := "the Union army in " + state
		switch {
		case now:
			ev.Checked = append(ev.Checked, check+" now")
		case ever:
			ev.Unchecked = append(ev.Unchecked, check+" "+after+" (the record does not date it)")
		default:
			return check, &engine.RuleError{Kind: engine.ErrIllegal, Code: "objectives.requirement", What: fmt.Sprintf("The Union army has never been in %s", state), Rule: "004 Confederate Objectives"}
		}
		return "", nil
	}
	m := g.ArmyMorale(engine.USA, sizes)
	rec := g.Records.Armies[engine.USA]
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
		return check, &engine.RuleError{Kind: engine.ErrIllegal, Code: "objectives.requirement",
			What: fmt.Sprintf("The County Control record does not show %s", check), Hint: "Counties are claimed each turn in step 7 (/victory county)", Rule: "004 Confederate Objectives"}
	}
	ev.Unchecked = append(ev.Unchecked, "the objective's requirement "+after+" (the claimant's word)")
	return "", nil
}

// consecutiveControl returns the first turn (from turn from) of a run of n
// consecutive turns in which the Confederates controlled every county
// (0: none).
func (g Game) consecutiveControl(counties []string, n, from int) int {
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
