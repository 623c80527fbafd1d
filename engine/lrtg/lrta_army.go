package lrtg

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// Long Roads to Antietam (004): the armies' reorganizations.
//
//   - Step 1r, the CSA Rest and Refit Proposal (004 Sequence of Play 1 e),
//     "see 7.3"): the Confederate overall commander proposes a Rest and
//     Refit period (once a game) or passes; the Union answers it, accepting
//     or not. The proposal starts the Confederate Reorganization (004
//     (1)-(7): the HCR counters of the rest-refit track replace their SJW
//     counters, D.H. Hill joins the corps the Confederates choose, Funk is
//     placed in Front Royal or Winchester, brigades may be broken up) and
//     the answer the Union Cavalry Exhaustion (the brigades break into 1-MP
//     regiments, two or five of which are sent to the DC defense area for
//     good, and the Pleasonton division leader joins the rest). Both states
//     choose the extended march rows (lrta.extended-march-csa/-usa), which
//     lrta_move.go reads through LRTARestRefitProposed and
//     LRTARestRefitAnswer (and LRTAMcClellan).
//   - Step 3b, Union Army Reorganization (004 3, "see 17.0"): from Sept 2,
//     or once the Confederates have proposed a Rest and Refit, the Union may
//     begin it: McClellan assumes command (every step of 004's chart). From
//     then on the Union rolls one die per corps it chooses in step 3b
//     (lrta.union-army-reorganization, 6 or more), and a reorganized corps
//     takes the counters of the Union Corps Reorganization chart.
//
// The LRTA rule book (7.3, 17.0) is not among the seeds. Where the charts
// leave a point open this file reads them as follows (the data's header,
// scenarios/rules/lrta-army.yaml, and the report say the same):
//
//   - The proposal is made once a game, in step 1r, and is public: the Union
//     must answer it, and its answer (public too) picks the Union's extended
//     march row and the regiments sent to DC. The period starts with the
//     proposal, whatever the answer (both answers have effects on the
//     charts); its end is not printed: the umpire records it (/restrefit
//     end) when the group's rule book ends it, for the "must" below.
//   - "Union Army Reorganization ... may occur" is the Union's choice to
//     begin it, which is McClellan assuming command; it "must occur" when
//     the Union army has panicked, from Sept 2 or the end of the Rest and
//     Refit (then step 3b makes McClellan assume command by itself). The
//     corps rolls come after, each turn in step 3b, for the corps the Union
//     chooses ("+1 for each time the corps has previously attempted"
//     implies attempts are chosen); McClellan's +1 goes to one corps a turn
//     (the Union names it when several corps commanders share his hex).
//   - Counters that replace others take their place and status, and their
//     manpower ("units replacing other units should be given the same
//     status", LRTG 16.2's note, followed here as the LRTG rule of the same
//     kind); Hatch and Ricketts-A then lose 3 MP, Meade comes with 9.
//   - A brigade breaks into as many regiments as it has manpower, at most
//     the regiments 004 lists for it (what is beyond them is lost).
//
// The order of battle (scenarios/oob/lrta-*.yaml) carries the counters on
// the tracks rest-refit, mcclellan, union-reorganization (slot = the
// corps in 004's order) and cavalry-exhaustion (slot = the brigade; slot 5
// the Pleasonton leader), a replacing counter with the mark
// "replaces:<id>". The code reads those tracks; the ids it names itself
// are listed below.
//
// This file keeps the module's registration (init), its decider and applier,
// the steps it registers and what names the game; the rest is in
// lrta_army_state.go (the state and the queries other modules read),
// lrta_army_events.go (commands and events), lrta_army_restrefit.go (step
// 1r), lrta_army_cavalry.go (the Union Cavalry Exhaustion) and
// lrta_army_union.go (step 3b, McClellan and the corps rolls).

// Step ids (scenarios/sequence/lrta-sequence.yaml, choices A1 and A3).
const (
	RestRefitStep      = "1r"
	ReorganizationStep = "3b"
)

// Rest and Refit answers.
const (
	RestRefitAccepted = "accepted"
	RestRefitDeclined = "declined"
)

// Tables and places the module uses.
const (
	LRTAReorganizationTable = "lrta.union-army-reorganization"
	lrtaCapitol             = "US Capitol"
	lrtaDCArea              = "dc-defense-area"
	lrtaConsolidateRange    = 8 // 004 Confederate Reorganization (6): "within 8 hexes"
	lrtaReorganizedOn       = 6 // 004: "6 or higher corps is reorganized"
	lrtaHatchLoss           = 3 // 004 Union Corp Reorganization: "Subtract 3 MP from Hatch and 3 MP from Ricketts"
)

// The tracks of the order of battle this module reads.
const (
	trackRestRefit      = "rest-refit"
	trackMcClellan      = "mcclellan"
	trackUnionReorg     = "union-reorganization"
	trackCavExhaustion  = "cavalry-exhaustion"
	replacesMarkPrefix  = "replaces:"
	lrtaReynoldsPAID    = "usa.reynolds-pa"
	lrtaReynoldsPATrack = "pa-militia"
)

// Unit ids 004 names (scenarios/oob/lrta-csa.yaml, lrta-usa.yaml).
const (
	lrtaLongstreet = "csa.longstreet"
	lrtaJackson    = "csa.jackson"
	lrtaDHHill     = "csa.dh-hill"
	lrtaFunk       = "csa.funk"
	lrtaPope       = "usa.pope"
	lrtaMcClellan  = "usa.mcclellan"
	lrtaFrench     = "usa.french"
	lrtaHatch      = "usa.hatch"
	lrtaRicketts   = "usa.ricketts-a"
)

// lrtaConsolidateDivisions are the division units 004 (6) lets the
// Confederates break up besides any infantry brigade.
var lrtaConsolidateDivisions = []string{"csa.kemper", "csa.wilcox", "csa.ripley"}

// lrtaArmyModule is LRTA's Rest and Refit and Union reorganization.
func lrtaArmyModule() engine.Module {
	return engine.Module{Name: "lrta-army",
		Commands: []engine.Command{ProposeRestRefit{}, PassRestRefit{}, AnswerRestRefit{}, ConsolidateUnit{}, FinishRestRefit{}, EndRestRefit{}, DecideReorganization{}, RollReorganization{}}, Decide: claims(decideLRTAArmy),
		Events: []engine.Event{&RestRefitProposed{}, &RestRefitPassed{}, &ConfederateReorganized{}, &RestRefitAnswered{}, &UnionCavalryExhausted{}, &UnitConsolidated{}, &RestRefitDone{}, &RestRefitEnded{}, &ReorganizationDeferred{}, &McClellanAssumed{}, &ReorganizationAttempts{}, &CorpsReorganizationRolled{}, &UnionCorpsReorganized{}},
		Apply:  folds(applyLRTAArmy)}
}

func decideLRTAArmy(g Game, cmd engine.Command, d engine.Dice) ([]engine.Event, bool, error) {
	var evs []engine.Event
	var err error
	switch c := cmd.(type) {
	case ProposeRestRefit:
		evs, err = g.lrtaDecidePropose(c)
	case PassRestRefit:
		evs, err = g.lrtaDecidePass(c)
	case AnswerRestRefit:
		evs, err = g.lrtaDecideAnswer(c)
	case ConsolidateUnit:
		evs, err = g.lrtaDecideConsolidate(c)
	case FinishRestRefit:
		evs, err = g.lrtaDecideFinish(c)
	case EndRestRefit:
		evs, err = g.lrtaDecideEnd(c)
	case DecideReorganization:
		evs, err = g.lrtaDecideBegin(c)
	case RollReorganization:
		evs, err = g.lrtaDecideRolls(c, d)
	default:
		return nil, false, nil
	}
	return evs, true, err
}

// ---------------------------------------------------------------------------
// Who may decide.

// The side decisions of LRTA's army module, as its refusals name them
// (here and, in another game, lrtaDecisionForeign).
const (
	lrtaRestRefitWhat  = "The Rest and Refit proposal"
	lrtaAnswerWhat     = "The answer to the Rest and Refit proposal"
	lrtaCSAReorgWhat   = "The Confederate Reorganization"
	lrtaUnionReorgWhat = "The Union Army Reorganization"
)

// lrtaSideDecision checks that the actor may make a side's decision: its
// overall commander, or the umpire with a reason (as for the operational /
// passive declaration, LRTG 4.1). The module is LRTA's only: another
// game refuses the command first (lrtaDecisionForeign).
func (g Game) lrtaSideDecision(by engine.Actor, side engine.Side, reason, what string) error {
	if err := g.BoardReady(by); err != nil {
		return err
	}
	p := g.Player(by.ID)
	switch {
	case g.IsUmpire(by) && (p == nil || p.Side != side):
		if strings.TrimSpace(reason) == "" {
			return engine.Invalid("lrta.reason", fmt.Sprintf("The umpire acts for the %s only with a reason", declSide(side)), "Add reason:<why>, e.g. the player is absent")
		}
		return nil
	case p == nil:
		return engine.Illegal("lrta.player", "Only the game's players decide this", "Join the game with /game join")
	case p.Side != side:
		return engine.Illegal("lrta.side", fmt.Sprintf("%s is the %s's to decide", what, declSide(side)), "")
	case !p.Overall:
		over := "its overall commander"
		for _, q := range g.Players {
			if q.Side == p.Side && q.Overall {
				over = q.Actor.Name
			}
		}
		return &engine.RuleError{Kind: engine.ErrIllegal, Code: "lrta.overall", What: fmt.Sprintf("Only the %s's overall commander decides this", declSide(side)), Hint: "Ask " + over}
	}
	return nil
}

// ---------------------------------------------------------------------------
// 004 (6): breaking up brigades; the end of the Confederates' turn.

func (g Game) lrtaDecideConsolidate(cmd ConsolidateUnit) ([]engine.Event, error) {
	if err := g.BoardReady(cmd.By); err != nil {
		return nil, err
	}
	u, err := g.UnitFor(cmd.By, strings.TrimSpace(cmd.Unit))
	if err != nil {
		return nil, err
	}
	a := g.LRTAArmy
	umpire := g.IsUmpire(cmd.By)
	var broken []*engine.RuleError
	switch {
	case !a.Proposed:
		return nil, engine.Illegal("restrefit.none", "The Confederate Reorganization starts with the Rest and Refit proposal", "Propose it first (/restrefit propose)")
	case u.Side != engine.CSA:
		return nil, engine.Illegal("restrefit.side", u.Name+" is not a Confederate unit", "")
	case a.ProposedTurn != g.Turn || g.CurrentStep() != RestRefitStep || a.Done:
		broken = append(broken, moveRule("restrefit.when", "Units are broken up at the start of the Rest and Refit period: its step 1r, until the Confederates are done", "", "004 Confederate Reorganization (6)"))
	}
	size := u.Detached.Size
	if size == "" && cmd.Data != nil && cmd.Data.OOB != nil {
		if s := cmd.Data.OOB.Unit(u.ID); s != nil {
			size = s.Size
		}
	}
	if !(u.Kind == engine.KindInfantry && size == "brigade") && !engine.Contains(lrtaConsolidateDivisions, u.ID) {
		broken = append(broken, moveRule("restrefit.unit", fmt.Sprintf("%s is neither an infantry brigade nor the Kemper, Wilcox or Ripley division unit", u.Name), "", "004 Confederate Reorganization (6)"))
	}
	if u.Eliminated || !u.OnMap {
		return nil, engine.Illegal("restrefit.unit", u.Name+" is not on the map", "")
	}
	if len(cmd.Into) == 0 {
		return nil, engine.Invalid("restrefit.into", "No unit receives the manpower", "Add into:<unit>[:<MP>],... (all of it to one unit when no MP is given)")
	}
	ev := &UnitConsolidated{By: cmd.By, Turn: g.Turn, Unit: u.ID, Reason: strings.TrimSpace(cmd.Reason)}
	total := 0
	for i, s := range cmd.Into {
		t, err := g.Unit(strings.TrimSpace(s.Unit))
		if err != nil || t.Side != engine.CSA && !umpire {
			return nil, engine.Invalid("unit.unknown", fmt.Sprintf("There is no unit %q", s.Unit), "/oob lists your units")
		}
		mp := s.Manpower
		if mp == 0 && len(cmd.Into) == 1 {
			mp = u.Manpower
		}
		switch {
		case t.ID == u.ID || slices.ContainsFunc(ev.Shares, func(x ManpowerShare) bool { return x.Unit == t.ID }):
			return nil, engine.Invalid("restrefit.into", fmt.Sprintf("%s is named twice, or is the unit broken up", t.Name), "")
		case mp <= 0:
			return nil, engine.Invalid("restrefit.into", fmt.Sprintf("No manpower for %s (share %d)", t.Name, i+1), "Give each unit its MP: into:Hood:2,Evans:1")
		case t.Side != engine.CSA || t.Kind.IsLeader() || t.Eliminated || !t.OnMap:
			return nil, engine.Illegal("restrefit.into", t.Name+" is not a Confederate unit on the map", "")
		}
		if d := engine.Distance(u.Hex, t.Hex); d > lrtaConsolidateRange {
			broken = append(broken, moveRule("restrefit.range", fmt.Sprintf("%s is %d hexes from %s: the manpower goes to units within %d", t.Name, d, u.Name, lrtaConsolidateRange), "", "004 Confederate Reorganization (6)"))
		}
		total += mp
		ev.Shares = append(ev.Shares, ManpowerShare{Unit: t.ID, Manpower: mp})
	}
	if total != u.Manpower {
		return nil, engine.Invalid("restrefit.into", fmt.Sprintf("%s has %d MP; the shares give %d", u.Name, u.Manpower, total), "Share all of its manpower")
	}
	if len(broken) > 0 {
		if !umpire || ev.Reason == "" {
			e := *broken[0]
			if umpire {
				e.Hint = "As umpire you may set the rule aside: add reason:<why>"
			}
			return nil, &e
		}
	}
	return []engine.Event{ev}, nil
}

// waitRestRefit names who step 1r waits for: the Confederates' proposal
// (or pass), the Union's answer, the Confederates' brigade consolidation.
func waitRestRefit(g Game) []string {
	a := g.LRTAArmy
	switch {
	case !a.Proposed && !slices.Contains(a.Passed, g.Turn):
		return []string{"the CSA to propose a Rest and Refit period or not (/restrefit propose or /restrefit pass)"}
	case !a.Proposed || a.ProposedTurn != g.Turn:
		return nil
	}
	var out []string
	if a.Answer == "" {
		out = append(out, "the Union's answer to the Rest and Refit proposal (/restrefit answer accept:true|false)")
	}
	if !a.Done {
		out = append(out, "the CSA to finish its reorganization: break up brigades if it wishes (/restrefit consolidate), then /restrefit done")
	}
	return out
}

// ---------------------------------------------------------------------------
// Step 3b: McClellan and the corps rolls.

// stepUnionReorganization makes McClellan assume command when the
// reorganization must occur; otherwise the step is the Union's.
func stepUnionReorganization(g Game, _ engine.Dice, ctx engine.StepContext) ([]engine.Event, error) {
	why := g.lrtaMustReorganize()
	if why == "" {
		return nil, nil
	}
	ev, err := g.lrtaMcClellanAssumes(g.Umpire, "", ctx.Move)
	if err != nil {
		return nil, err
	}
	ev.Must = why
	return []engine.Event{ev}, nil
}

// waitUnionReorganization names the Union's decisions step 3b waits for.
func waitUnionReorganization(g Game) []string {
	a := g.LRTAArmy
	switch {
	case !a.McClellan && g.LRTAReorganizationOpen() && !slices.Contains(a.Deferred, g.Turn):
		return []string{"the Union to begin its army reorganization, McClellan assuming command, or not yet (/reorganize begin or /reorganize defer)"}
	case a.McClellan && !slices.Contains(a.Rolled, g.Turn) && len(g.lrtaUnreorganized()) > 0:
		return []string{"the Union's reorganization rolls: the corps it tries this turn (/reorganize roll corps:<corps,...|all|none>)"}
	}
	return nil
}

// ---------------------------------------------------------------------------
// Folding.

func applyLRTAArmy(g Game, e engine.Event) (Game, bool) {
	a := g.LRTAArmy
	switch e := e.(type) {
	case *RestRefitProposed:
		return g.action(e, func(g *Game) {
			a.Proposed, a.ProposedTurn, a.DHHill, a.Funk = true, e.Turn, e.DHHill, e.Funk
			g.LRTAArmy = a
		}), true
	case *ConfederateReorganized:
		g = g.lrtaApplyChanges(e.Changes)
		return g, true
	case *RestRefitPassed:
		a.Passed = append(append([]int(nil), a.Passed...), e.Turn)
	case *RestRefitAnswered:
		return g.action(e, func(g *Game) {
			a.Answer = RestRefitDeclined
			if e.Accepted {
				a.Answer = RestRefitAccepted
			}
			g.LRTAArmy = a
		}), true
	case *UnionCavalryExhausted:
		g = g.lrtaApplyChanges(e.Changes)
		a = g.LRTAArmy
		a.DCRegiments = append([]string(nil), e.DC...)
		a.Pleasonton = e.Pleasonton != ""
		g.LRTAArmy = a
		return g, true
	case *UnitConsolidated:
		return g.action(e, func(g *Game) {
			for _, s := range e.Shares {
				g.EditUnit(s.Unit, func(u *engine.UnitState) { u.Manpower += s.Manpower })
			}
			delete(g.Units, e.Unit)
			a.Consolidated = append(append([]string(nil), a.Consolidated...), e.Unit)
			a.Replaced = attCopyMap(a.Replaced)
			a.Replaced[e.Unit] = ""
			g.LRTAArmy = a
		}), true
	case *RestRefitDone:
		a.Done = true
	case *RestRefitEnded:
		a.EndedTurn = e.Turn
	case *ReorganizationDeferred:
		a.Deferred = append(append([]int(nil), a.Deferred...), e.Turn)
	case *McClellanAssumed:
		return g.action(e, func(g *Game) {
			*g = g.lrtaApplyChanges(e.Changes)
			a := g.LRTAArmy
			a.McClellan, a.McClellanTurn, a.McClellanLosses = true, e.Turn, e.Losses
			g.LRTAArmy = a
			g.Players = e.Overall.applyTo(g.Players)
		}), true
	case *ReorganizationAttempts:
		a.Rolled = append(append([]int(nil), a.Rolled...), e.Turn)
	case *CorpsReorganizationRolled:
		a.Attempts = attCopyMap(a.Attempts)
		a.Attempts[e.Corps]++
	case *UnionCorpsReorganized:
		g = g.lrtaApplyChanges(e.Changes)
		a = g.LRTAArmy
		a.Reorganized = attCopyMap(a.Reorganized)
		a.Reorganized[e.Corps] = e.Turn
		g.LRTAArmy = a
		if !strings.EqualFold(e.Corps, e.Becomes) {
			// A player who commanded the corps commands it under its new
			// designation (LRTG 21.1's division of command); another
			// player's declaration of the new designation (made at the
			// start for the corps to come) yields to him: each corps has
			// one commander.
			ps := append([]engine.Player(nil), g.Players...)
			holder := -1
			for i := range ps {
				if ps[i].Side != engine.USA {
					continue
				}
				for k, c := range ps[i].Commands {
					if strings.EqualFold(c, e.Corps) {
						cmds := append([]string(nil), ps[i].Commands...)
						cmds[k] = e.Becomes
						ps[i].Commands = cmds
						holder = i
					}
				}
			}
			for i := range ps {
				if holder < 0 || i == holder || ps[i].Side != engine.USA {
					continue
				}
				if k := slices.IndexFunc(ps[i].Commands, func(c string) bool { return strings.EqualFold(c, e.Becomes) }); k >= 0 {
					ps[i].Commands = slices.Delete(append([]string(nil), ps[i].Commands...), k, k+1)
				}
			}
			g.Players = ps
		}
		return g, true
	default:
		return g, false
	}
	g.LRTAArmy = a
	return g, true
}

// lrtaApplyChanges folds a reorganization's changes to the order of
// battle: units taken out of play (recorded with their replacement),
// units as the change leaves them; victuals and a passive side's leaders
// off the map follow their replacement.
func (g Game) lrtaApplyChanges(changes []MeadeChange) Game {
	g.Units = engine.CopyUnits(g.Units)
	a := g.LRTAArmy
	a.Replaced = attCopyMap(a.Replaced)
	victuals := g.Records.Victuals
	away := g.Command.Away
	for _, ch := range changes {
		for _, id := range ch.Remove {
			delete(g.Units, id)
			if _, ok := a.Replaced[id]; !ok {
				a.Replaced[id] = ""
			}
		}
		for _, u := range ch.Units {
			g.Units[u.ID] = u
		}
		news := make([]string, 0, len(ch.Replaces))
		for nu := range ch.Replaces {
			news = append(news, nu)
		}
		sort.Strings(news) // a brigade's regiments: the first (by id) stands for it
		seen := map[string]bool{}
		for _, nu := range news {
			old := ch.Replaces[nu]
			if seen[old] {
				continue
			}
			seen[old] = true
			a.Replaced[old] = nu
			if v, ok := victuals[old]; ok {
				victuals = attCopyMap(victuals)
				victuals[nu] = v
				delete(victuals, old)
			}
			if t, ok := away[old]; ok {
				away = attCopyMap(away)
				away[nu] = t
				delete(away, old)
			}
		}
	}
	g.LRTAArmy = a
	r := g.Records
	r.Victuals = victuals
	g.Records = r
	c := g.Command
	c.Away = away
	g.Command = c
	return g
}

// LRTAShares reads manpower shares as typed: "Hood:2, Evans:1", or one
// unit (all of it).
func LRTAShares(s string) ([]ManpowerShare, error) {
	var out []ManpowerShare
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		sh := ManpowerShare{Unit: part}
		if i := strings.LastIndex(part, ":"); i > 0 {
			n, err := strconv.Atoi(strings.TrimSpace(part[i+1:]))
			if err != nil || n <= 0 {
				return nil, engine.Invalid("restrefit.into", fmt.Sprintf("%q: the manpower after ':' is a whole number above 0", part), "Write into:Hood:2,Evans:1")
			}
			sh = ManpowerShare{Unit: strings.TrimSpace(part[:i]), Manpower: n}
		}
		out = append(out, sh)
	}
	return out, nil
}
