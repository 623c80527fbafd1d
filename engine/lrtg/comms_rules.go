package lrtg

import (
	"fmt"
	"sort"

	"github.com/umpire-games/umpire/engine"
)

// The communication rules that depend on the game and its options, and
// what falls into the enemy's hands (comms.go is the phase itself):
//
//   - LRTA (004 Sequence of Play 2, Communications Phase, optional rule):
//     "If Operational w/i 8 hexes verbal, more than 8 written. If written
//     -> Roll two dice 11-12 intercepted, 10 lost, 9 lost if more than 16
//     hexes. If Passive private verbal", rolled on lrta.written-dispatch
//     (scenarios/rules/lrta-communications.yaml). An intercepted dispatch
//     goes to the enemy overall commander. Enemy Intelligence (004): "the
//     winning player increases his chance of intercepting communications".
//   - LRTG's Spy (000 2.0 7)): "provide the opposing overall commander
//     with all enemy written communications from the prior turn as well as
//     written communications scheduled to be delivered on the current turn.
//     These communications are not delivered to the intended recipient."
//   - The Halleck option (000 21.1): "All communications between Halleck
//     and other commanders shall be in writing, no oral discussions being
//     allowed", until Meade assumes command.
//
// Choices (after comms.go's C1-C10):
//   C11. The Spy's hand-over is computed from the log, not recorded by an
//        event: a dispatch is the enemy's when the enemy won the Spy on the
//        turn after it was sent (whatever its fate: delivered, destroyed,
//        a day late or still sealed: "all ... from the prior turn"), or on
//        the turn it was due (a dispatch held a turn by a silence is "
//        scheduled to be delivered" on its new turn). It is the enemy's
//        from the Spy's roll (1d) on; step 2d does not deliver it. A
//        dispatch delivered before the Spy stays in its recipient's inbox.
//        Nothing tells the sender.
//   C12. "The opposing overall commander" is the player who is his side's
//        overall commander when he reads (Meade's assumption of command
//        hands the papers on with the army); the umpire reads everything.
//   C13. LRTA has no step 2d: its phase 2 is Communications, and its
//        first step, 2a Command Transfers (with several commanders a
//        side), opens the phase: the pairs are measured when 2a begins,
//        before its command transfers (the umpire rules a pair that the
//        transfers change, /dispatch rule). Its dispatches are written and
//        done in 2a, and rolled when every writer is done or 2a ends.
//   C14. LRTA's pairs follow LRTG 21.2's shape (one dispatch each way
//        between the overall commander and each subordinate; subordinates
//        more than 8 hexes apart do not write to each other) with 004's
//        numbers: verbal within 8 hexes (about anything: 004 does not
//        restrict it), written beyond, verbal when passive. 004 has no
//        telegraph rule: no pair is referred to the umpire for it. LRTA
//        dispatches are never a day late: delivered, lost or intercepted
//        (totals 2-8, and 9 within 16 hexes, are delivered: the table's
//        reading).
//   C15. Enemy Intelligence's "increases his chance of intercepting": the
//        loser's dispatches of the turn are intercepted on 10-12 instead
//        of 11-12 (a 10 is intercepted instead of lost), from 3 chances in
//        36 to 6: the fact intel_lost of lrta.written-dispatch, true for a
//        dispatch of the side that lost Enemy Intelligence this turn (with
//        several commanders a side, as LRTAInterceptBonus says). LRTA has
//        no Spy hand-over: 004's Enemy Intelligence effects do not name one.
//   C16. Halleck: with the option and before Meade assumes command
//        (Movement.Meade, Command.Meade), every pair with the Halleck player (the Union
//        player commanding DC, VIII and PA, 21.1) writes: never verbal,
//        even within 10 hexes or passive; and Halleck and a subordinate
//        may write to each other ("between Halleck and other commanders").
//        A silencing random event still silences them. Under communication
//        options 2 and 3 (no dispatches) the pair stays free talk and its
//        status says that Halleck's must be written.

// The outcomes of LRTA's lrta.written-dispatch beyond delivered.
const (
	DispatchLost        = "lost"
	DispatchIntercepted = "intercepted"
)

// LRTADispatchTable is LRTA's written dispatch table (004 2).
const LRTADispatchTable = "lrta.written-dispatch"

// LRTAVerbalRange is 004 2's verbal range: "w/i 8 hexes verbal".
const LRTAVerbalRange = 8

// lrtaCommsStep is the LRTA step that holds the phase (choice C13).
const lrtaCommsStep = "2a"

// How a dispatch fell into the enemy's hands.
const (
	CaptureSpy         = "spy"         // LRTG 2.0 7)
	CaptureIntercepted = "intercepted" // LRTA 004 2
)

// commsRules are the numbers and references of the game's rules.
type commsRules struct {
	step   string // the step holding the phase
	table  string // the delivery table
	ref    string // the rule to cite
	verbal int    // the verbal range in hexes
	lrtg   bool   // LRTG 21.2 2)'s "only about" and 21.2 3)'s telegraph
	// facts adds the variant's facts of a dispatch on its delivery table
	// (nil: the distance alone).
	facts func(g Game, x Dispatch, f engine.Facts)
	// noSpy: the enemy's Spy takes no dispatch (LRTG 2.0 7), choice C11:
	// the variant has no Spy).
	noSpy bool
	// stepRef is the sequence of play's step that holds the phase, as a
	// refusal out of it cites it (LRTG: 003 2 d); LRTA: 004 2).
	stepRef string
}

// commsRules are the game's: a variant's (lrtgVariant.comms), else LRTG's.
func (g Game) commsRules() commsRules {
	if c := g.variant().comms; c != nil {
		return *c
	}
	return commsRules{step: stepComms, table: DispatchTable, ref: "LRTG 21.2", stepRef: "003 2 d)", verbal: ControlRange, lrtg: true}
}

// lrtaCommsRules are LRTA's communications phase (004 2): in step 2a
// (choice C13), on its own delivery table, where a side that lost Enemy
// Intelligence loses more dispatches (choice C15); no Spy.
var lrtaCommsRules = commsRules{step: lrtaCommsStep, table: LRTADispatchTable, ref: "004 2", stepRef: "004 2", verbal: LRTAVerbalRange, noSpy: true,
	facts: func(g Game, x Dispatch, f engine.Facts) {
		lost, _ := g.LRTAInterceptBonus(engine.EnemyOf(x.Side)) // choice C15
		f["intel_lost"] = engine.B2i(lost)
	}}

// CommsStep is the step of the game's sequence of play that holds the
// communications phase: LRTG 2d, LRTA 2a (choice C13).
func (g Game) CommsStep() string { return g.commsRules().step }

// DispatchTableID is the game's written dispatch table.
func (g Game) DispatchTableID() string { return g.commsRules().table }

// CommsRule is the rule the game's communications phase cites: "LRTG
// 21.2" or "004 2".
func (g Game) CommsRule() string { return g.commsRules().ref }

// HalleckPlayer returns the Halleck player while his communications must
// be written (000 21.1 Halleck, until Meade assumes command: 16.2's
// Movement.Meade or Command.Meade), or nil. (The same player as
// halleck.go's rule of command.)
func (g Game) HalleckPlayer() *engine.Player { return g.halleckPlayer() }

// halleckIn reports whether the Halleck player is in a pair while his
// communications must be written.
func (g Game) halleckIn(pr CommsPair) bool {
	h := g.HalleckPlayer()
	return h != nil && pr.Side == engine.USA && (pr.A.ID == h.Actor.ID || pr.B.ID == h.Actor.ID)
}

// halleckPair applies choice C16 to a pair: a Halleck pair writes.
func (g Game) halleckPair(pr *CommsPair) {
	if !g.halleckIn(*pr) {
		return
	}
	const why = "Halleck: all communications between Halleck and other commanders are in writing, no oral discussion, until Meade assumes command (000 21.1 Halleck)"
	switch pr.Mode {
	case CommsVerbal, CommsNone:
		pr.Mode, pr.Why, pr.About = CommsWritten, why, nil
	case CommsWritten:
		pr.Why = why + "; " + pr.Why
	case CommsFree:
		pr.Why += "; " + why + ": write to him"
	}
}

// dispatchFacts are a dispatch's facts on the game's delivery table.
func (g Game) dispatchFacts(x Dispatch) engine.Facts {
	f := engine.Facts{"distance": max(x.Hexes, 0)} // choice C1: unknown rolls as near
	if add := g.commsRules().facts; add != nil {
		add(g, x, f)
	}
	return f
}

// spiedAt is the turn on which the enemy's Spy took a dispatch (0: none;
// choice C11): the enemy won the Spy on the turn after it was sent, or on
// the turn it was due.
func (g Game) spiedAt(x Dispatch) int {
	if g.commsRules().noSpy || g.Options.Comms != historicCommsOption {
		return 0
	}
	spied := func(t int) bool {
		w := g.Events.SpyWinner(t)
		return t <= g.Turn && w != "" && w != x.Side
	}
	switch {
	case spied(x.Turn + 1):
		return x.Turn + 1
	case x.Outcome == DispatchNextDay && x.Due > x.Turn+1 && spied(x.Due):
		return x.Due
	}
	return 0
}

// undelivered reports whether the enemy took a dispatch before it reached
// its recipient: intercepted, or taken by the Spy before its delivery.
func (g Game) undelivered(x Dispatch) bool {
	if x.Outcome == DispatchIntercepted {
		return true
	}
	s := g.spiedAt(x)
	return s != 0 && (x.Delivered == 0 || x.Delivered >= s)
}

// CapturedDispatch is an enemy dispatch in a side's hands.
type CapturedDispatch struct {
	Dispatch
	By       engine.Side // the side that holds it
	Captured int         // the turn it fell into its hands
	How      string      // CaptureSpy or CaptureIntercepted
}

// Captured lists the dispatches a side holds of the enemy's, in the order
// they were taken.
func (g Game) Captured(side engine.Side) []CapturedDispatch {
	var out []CapturedDispatch
	for _, x := range g.Comms.Dispatches {
		if x.Side == side {
			continue
		}
		switch {
		case x.Outcome == DispatchIntercepted:
			out = append(out, CapturedDispatch{Dispatch: x, By: side, Captured: max(x.Rolled, x.Turn), How: CaptureIntercepted})
		case g.spiedAt(x) != 0:
			out = append(out, CapturedDispatch{Dispatch: x, By: side, Captured: g.spiedAt(x), How: CaptureSpy})
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Captured < out[j].Captured })
	return out
}

// DispatchesCaptured is what a viewer may read of the captured enemy
// dispatches: his side's when he is its overall commander (choice C12),
// both sides' for the umpire, nothing for anyone else.
func (g Game) DispatchesCaptured(viewer engine.Actor) []CapturedDispatch {
	if g.IsUmpire(viewer) {
		return append(g.Captured(engine.CSA), g.Captured(engine.USA)...)
	}
	if p := g.Player(viewer.ID); p != nil && p.Overall {
		return g.Captured(p.Side)
	}
	return nil
}

// CaptureText says how a dispatch was taken, for its reader.
func (c CapturedDispatch) CaptureText() string {
	if c.How == CaptureSpy {
		return fmt.Sprintf("taken by the Spy on turn %d (000 2.0 7))", c.Captured)
	}
	return fmt.Sprintf("intercepted on turn %d (004 2)", c.Captured)
}
