package lrtg

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// Step 2d, the Communications Phase (LRTG 21.2; 003 2 d) and "Historic
// Multiplayer Communication Rules"; 003 Written Communications Delivery).
// When the step begins, each pair of commanders of a side with two or more
// commanders is told whether it may talk (verbal) or must write; written
// dispatches are sealed (/dispatch send) until the phase closes (every
// commander who writes has said /dispatch done, or the umpire closes it
// with /dispatch close), then each is rolled on lrtg.dispatch-delivery as
// a game roll: destroyed, delivered now, or delivered on the next turn.
//
// Where the rules are silent (choices):
//   C1. A commander's counters: the overall commander is his army
//       commander's counter (Lee, Hooker, Meade; 21.1 "place that side's
//       army commander"); a subordinate is the corps commanders (leaders of
//       corps) he controls on the map. Two commanders' distance is the
//       least distance between a counter of each. A commander with no
//       counter on the map is at an unknown distance: he writes, and his
//       dispatches roll as if under 20 hexes (the umpire is told).
//   C2. Verbal (21.2 1)-2)): the side is passive, or the commanders are
//       within 10 hexes; then only about the counters within 10 hexes of
//       the other's (About). 21.2 3), the Union telegraph along connected
//       rail lines and the Telegraph Road, and the Union's delivery
//       distance not counting those hexes: telegraph.go, from the map's
//       lines (choice T1 there). Without map data a Union pair over 10
//       hexes apart is marked Telegraph: the umpire rules.
//   C3. Written pairs (21.2 "Each overall commander may provide one
//       written communication to each other subordinate commander and vice
//       versa"): the overall commander and each subordinate, one dispatch
//       each way per phase. Subordinates do not write to each other.
//   C4. Options 2 (friendly) and 3 (hybrid) let every commander talk
//       during the phase regardless of distance: no dispatches. Option 3's
//       notes in the Action Cycle are the players' (not tracked).
//   C5. Silence: Communications Breakdown (historic or hybrid), Lee is
//       Sick (the Confederates) and LRTA Command Paralysis: the side's
//       commanders may not talk or send, and the dispatches due to them
//       are held to the next turn (000 2.0 12); the same is done under
//       Lee is Sick and LRTA paralysis, "may not communicate").
//   C6. 003 2 d) says "delayed if 31+ hexes", 000 21.2 and the table
//       "less than 30": the table is followed (30 hexes is a day late).
//   C7. A dispatch a day late is delivered when the next turn's step 2d
//       begins (before that turn's dispatches are written).
//   C8. Dispatches still sealed when the step ended without closing
//       (/phase next force) are rolled when the next step 2d begins.
//   C9. The Spy's hand-over of dispatches (000 2.0 7)) is automated:
//       comms_rules.go (choices C11-C12), with LRTA's rules (C13-C15) and
//       the Halleck option's (C16).
//   C10. Step 2d waits for the writers' /dispatch done only once the game
//       uses dispatches (one was ever sent, or someone said done this
//       phase): games played without them (the scripted games) are not
//       held up. The umpire may close the phase with /dispatch close.

// Communication modes of a pair.
const (
	CommsVerbal   = "verbal"   // they may talk (21.2 1), 2))
	CommsWritten  = "written"  // one written dispatch each way
	CommsNone     = "none"     // subordinates beyond verbal range (choice C3)
	CommsFree     = "free"     // options 2 and 3: talk regardless of distance
	CommsSilenced = "silenced" // a random event forbids it
)

// Dispatch outcomes (lrtg.dispatch-delivery).
const (
	DispatchDestroyed = "destroyed"
	DispatchDelivered = "delivered"
	DispatchNextDay   = "next-day"
)

// DispatchTable is the delivery table.
const DispatchTable = "lrtg.dispatch-delivery"

const stepComms = "2d"

// Event types of this module.
const (
	EventCommsOpened    = "comms.opened"
	EventDispatchSent   = "dispatch.sent"
	EventDispatchesDone = "dispatch.done"
	EventDispatchRolled = "dispatch.rolled"
	EventCommsClosed    = "comms.closed"
	EventCommsRuled     = "comms.ruled"
)

// CommsState is the module's state: the phase of the turn and every
// dispatch of the game.
type CommsState struct {
	Turn       int                    `json:"turn,omitempty"` // the turn of the last phase opened
	Pairs      []CommsPair            `json:"pairs,omitempty"`
	Silenced   map[engine.Side]string `json:"silenced,omitempty"`
	Done       []string               `json:"done,omitempty"` // actor ids who said done
	Closed     bool                   `json:"closed,omitempty"`
	Dispatches []Dispatch             `json:"dispatches,omitempty"`
}

// CommsPair is what two commanders of a side may do this phase.
type CommsPair struct {
	Side      engine.Side  `json:"side"`
	A         engine.Actor `json:"a"` // the overall commander when one is in the pair
	B         engine.Actor `json:"b"`
	Mode      string       `json:"mode"`
	Hexes     int          `json:"hexes"` // -1: unknown (choice C1)
	About     []string     `json:"about,omitempty"`
	Telegraph bool         `json:"telegraph,omitempty"` // Union over 10 hexes: the umpire rules 21.2 3)
	Why       string       `json:"why,omitempty"`
}

// Has reports whether the pair joins a and b.
func (p CommsPair) Has(a, b string) bool {
	return p.A.ID == a && p.B.ID == b || p.A.ID == b && p.B.ID == a
}

// Dispatch is one written dispatch.
type Dispatch struct {
	ID    int          `json:"id"`
	Side  engine.Side  `json:"side"`
	From  engine.Actor `json:"from"`
	To    engine.Actor `json:"to"`
	Turn  int          `json:"turn"`
	Text  string       `json:"text"`
	Hexes int          `json:"hexes"`
	Roll  int64        `json:"roll,omitempty"` // the game roll's number
	// RollSecret is the audience whose secret count numbers Roll (the
	// umpire's, rollstream.go); "" a public roll's number (before issue 19).
	RollSecret string `json:"roll_secret,omitempty"`
	Face       int    `json:"face,omitempty"`
	Outcome    string `json:"outcome,omitempty"`   // "" while sealed
	Due        int    `json:"due,omitempty"`       // the turn it is due
	Delivered  int    `json:"delivered,omitempty"` // the turn it was delivered (0: not)
	Rolled     int    `json:"rolled,omitempty"`    // the turn it was rolled
}

// Sealed reports whether the dispatch has not been rolled yet.
func (d Dispatch) Sealed() bool { return d.Outcome == "" }

// CommsOpened records the beginning of step 2d.
type CommsOpened struct {
	By        engine.Actor           `json:"by"`
	Turn      int                    `json:"turn"`
	Option    int                    `json:"option"`
	Pairs     []CommsPair            `json:"pairs,omitempty"`
	Silenced  map[engine.Side]string `json:"silenced,omitempty"`
	Delivered []int                  `json:"delivered,omitempty"` // due dispatches delivered now
	Held      []int                  `json:"held,omitempty"`      // due dispatches held a turn (silence)
}

// EventType implements Event.
func (*CommsOpened) EventType() string { return EventCommsOpened }

// DispatchSent records a sealed dispatch.
type DispatchSent struct {
	By       engine.Actor `json:"by"`
	Dispatch Dispatch     `json:"dispatch"`
}

// EventType implements Event.
func (*DispatchSent) EventType() string { return EventDispatchSent }

// DispatchesDone records a commander's "done".
type DispatchesDone struct {
	By   engine.Actor `json:"by"`
	Turn int          `json:"turn"`
}

// EventType implements Event.
func (*DispatchesDone) EventType() string { return EventDispatchesDone }

// DispatchRolled records a dispatch's delivery roll (after its TableRolled).
type DispatchRolled struct {
	ID   int   `json:"id"`
	Turn int   `json:"turn"`
	Roll int64 `json:"roll"`
	// RollSecret: the audience of the secret roll (Dispatch.RollSecret).
	RollSecret string `json:"roll_secret,omitempty"`
	Face       int    `json:"face"`
	Outcome    string `json:"outcome"`
	Due        int    `json:"due,omitempty"`
	Delivered  int    `json:"delivered,omitempty"`
}

// EventType implements Event.
func (*DispatchRolled) EventType() string { return EventDispatchRolled }

// CommsClosed records the close of the phase: every writer done, or the
// umpire's close (Reason).
type CommsClosed struct {
	By     engine.Actor `json:"by"`
	Turn   int          `json:"turn"`
	Reason string       `json:"reason,omitempty"`
}

// EventType implements Event.
func (*CommsClosed) EventType() string { return EventCommsClosed }

// CommsPairRuled records the umpire's ruling on a pair (choice C2: the
// Union telegraph and rail distance the map data cannot settle).
type CommsPairRuled struct {
	By     engine.Actor `json:"by"`
	Turn   int          `json:"turn"`
	Pair   CommsPair    `json:"pair"`
	Reason string       `json:"reason"`
}

// EventType implements Event.
func (*CommsPairRuled) EventType() string { return EventCommsRuled }

// RuleCommsPair is the umpire's ruling on a pair this phase: verbal or
// written, and (Hexes >= 0) the distance a dispatch travels.
type RuleCommsPair struct {
	By     engine.Actor
	A, B   string // the commanders, by name or id
	Mode   string // CommsVerbal or CommsWritten ("" keeps it)
	Hexes  int    // -1 keeps it
	Reason string
}

// CommandName implements Command.
func (RuleCommsPair) CommandName() string { return "dispatch rule" }

// SendDispatch seals a written dispatch to another commander.
type SendDispatch struct {
	By   engine.Actor
	To   string // the recipient: a player's name or id
	Text string
}

// CommandName implements Command.
func (SendDispatch) CommandName() string { return "dispatch send" }

// DoneDispatches says the commander has written all he will; the last
// one closes the phase and the dispatches are rolled (Table is the
// delivery table).
type DoneDispatches struct {
	By    engine.Actor
	Table *engine.Table
}

// CommandName implements Command.
func (DoneDispatches) CommandName() string { return "dispatch done" }

// CloseComms is the umpire's close of the phase.
type CloseComms struct {
	By     engine.Actor
	Table  *engine.Table
	Reason string
}

// CommandName implements Command.
func (CloseComms) CommandName() string { return "dispatch close" }

// dispatchMaxLen bounds a dispatch's text.
const dispatchMaxLen = 1800

// commsModule is the communications phase (comms_rules.go).
func commsModule() engine.Module {
	return engine.Module{Name: "comms",
		Commands: []engine.Command{SendDispatch{}, DoneDispatches{}, CloseComms{}, RuleCommsPair{}},
		Decide: claims(func(g Game, cmd engine.Command, d engine.Dice) ([]engine.Event, bool, error) {
			switch c := cmd.(type) {
			case SendDispatch:
				evs, err := g.decideSendDispatch(c)
				return evs, true, err
			case DoneDispatches:
				evs, err := g.decideDoneDispatches(c, d)
				return evs, true, err
			case CloseComms:
				evs, err := g.decideCloseComms(c, d)
				return evs, true, err
			case RuleCommsPair:
				evs, err := g.decideRuleCommsPair(c)
				return evs, true, err
			}
			return nil, false, nil
		}),
		Events: []engine.Event{&CommsOpened{}, &DispatchSent{}, &DispatchesDone{}, &DispatchRolled{}, &CommsClosed{}, &CommsPairRuled{}},
		Apply:  folds(applyComms),
	}
}

// withCommsWait joins the communications phase's wait to another step's
// (LRTA 2a, choice C13).
func withCommsWait(w waiting) waiting {
	return func(g Game) []string {
		var out []string
		if w != nil {
			out = w(g)
		}
		return append(out, waitComms(g)...)
	}
}

func applyComms(g Game, e engine.Event) (Game, bool) {
	c := g.Comms
	switch e := e.(type) {
	case *CommsOpened:
		c.Turn, c.Pairs, c.Silenced, c.Done, c.Closed = e.Turn, e.Pairs, e.Silenced, nil, false
		c.Dispatches = slices.Clone(c.Dispatches)
		for i := range c.Dispatches {
			if slices.Contains(e.Delivered, c.Dispatches[i].ID) {
				c.Dispatches[i].Delivered = e.Turn
			}
			if slices.Contains(e.Held, c.Dispatches[i].ID) {
				c.Dispatches[i].Due = e.Turn + 1
			}
		}
	case *DispatchSent:
		c.Dispatches = append(slices.Clone(c.Dispatches), e.Dispatch)
	case *DispatchesDone:
		c.Done = append(slices.Clone(c.Done), e.By.ID)
	case *DispatchRolled:
		c.Dispatches = slices.Clone(c.Dispatches)
		for i := range c.Dispatches {
			if c.Dispatches[i].ID == e.ID {
				x := &c.Dispatches[i]
				x.Roll, x.Face, x.Outcome, x.Due, x.Delivered, x.Rolled = e.Roll, e.Face, e.Outcome, e.Due, e.Delivered, e.Turn
				x.RollSecret = e.RollSecret
			}
		}
	case *CommsClosed:
		c.Closed = true
	case *CommsPairRuled:
		c.Pairs = slices.Clone(c.Pairs)
		for i := range c.Pairs {
			if c.Pairs[i].Has(e.Pair.A.ID, e.Pair.B.ID) {
				c.Pairs[i] = e.Pair
			}
		}
		c.Dispatches = slices.Clone(c.Dispatches)
		for i := range c.Dispatches {
			if x := &c.Dispatches[i]; x.Sealed() && x.Turn == e.Turn && e.Pair.Has(x.From.ID, x.To.ID) {
				x.Hexes = e.Pair.Hexes
			}
		}
	default:
		return g, false
	}
	g.Comms = c
	return g, true
}

// CommsSilenced reports whether a side's commanders may not communicate
// this turn, and why (choice C5).
func (g Game) CommsSilenced(s engine.Side) (bool, string) {
	if ok, why := g.Events.NoComms(g.Turn, s, g.Options.Comms); ok {
		return true, why
	}
	return g.LRTANoComms(s)
}

// commanderCounters are the counters standing for a commander (choice C1).
func (g Game) commanderCounters(p engine.Player, d *engine.MoveData) []engine.UnitState {
	var out []engine.UnitState
	if p.Overall {
		if a := g.armyCommander(p.Side); a != nil {
			return []engine.UnitState{*a}
		}
	}
	for _, id := range g.sortedUnits() {
		u := g.Units[id]
		if u.Side != p.Side || IsArmyLeader(u) || !isCorpsCommanderFor2b(d, u) {
			continue
		}
		if h := g.holder(p.Side, u); h != nil && h.Actor.ID == p.Actor.ID {
			out = append(out, u)
		}
	}
	return out
}

// CommsPairs computes each pair of commanders' mode for this turn.
func (g Game) CommsPairs(d *engine.MoveData) []CommsPair {
	var out []CommsPair
	for _, s := range []engine.Side{engine.CSA, engine.USA} {
		var ps []engine.Player
		for _, p := range g.Players {
			if p.Side == s {
				ps = append(ps, p)
			}
		}
		if len(ps) < 2 {
			continue
		}
		sort.SliceStable(ps, func(i, j int) bool { return ps[i].Overall && !ps[j].Overall })
		var net *wireNet
		wires := func() wireNet { // built once, only when a Union pair needs it
			if net == nil {
				var t *engine.Theatre
				if d != nil {
					t = d.Theatre
				}
				w := g.unionWires(t)
				net = &w
			}
			return *net
		}
		silenced, why := g.CommsSilenced(s)
		rules := g.commsRules()
		for i := 0; i < len(ps); i++ {
			for j := i + 1; j < len(ps); j++ {
				pr := CommsPair{Side: s, A: ps[i].Actor, B: ps[j].Actor, Hexes: -1}
				ca, cb := g.commanderCounters(ps[i], d), g.commanderCounters(ps[j], d)
				pr.Hexes = commsDistance(ca, cb)
				writes := ps[i].Overall || ps[j].Overall
				g.commsMode(&pr, rules, silenced, why, writes, ca, cb)
				if pr.Hexes < 0 && !silenced {
					pr.Why += "; a commander has no counter on the map: distance unknown, the umpire rules"
				}
				if !silenced {
					g.halleckPair(&pr) // choice C16
				}
				g.commsTelegraph(&pr, rules, wires, ca, cb)
				out = append(out, pr)
			}
		}
	}
	return out
}

// commsDistance is the distance between the nearest counters of two
// commanders, -1 when one has no counter on the map.
func commsDistance(ca, cb []engine.UnitState) int {
	hexes := -1
	for _, a := range ca {
		for _, b := range cb {
			if h := engine.Distance(a.Hex, b.Hex); hexes < 0 || h < hexes {
				hexes = h
			}
		}
	}
	return hexes
}

// commsMode sets the pair's mode and why (LRTG 21.2; 004 2): silenced,
// free talk under another communications option, verbal when the side is
// passive or the commanders are near (under LRTG only about the
// commanders in range), else written between the overall commander and a
// subordinate, and none between subordinates.
func (g Game) commsMode(pr *CommsPair, rules commsRules, silenced bool, why string, writes bool, ca, cb []engine.UnitState) {
	about := func(mine, theirs []engine.UnitState) {
		for _, a := range mine {
			for _, b := range theirs {
				if engine.Distance(a.Hex, b.Hex) <= rules.verbal {
					pr.About = append(pr.About, a.ID)
					break
				}
			}
		}
	}
	switch s := pr.Side; {
	case silenced:
		pr.Mode, pr.Why = CommsSilenced, why
	case g.Options.Comms != historicCommsOption:
		pr.Mode, pr.Why = CommsFree, fmt.Sprintf("communications option %d: free talk in the phase, regardless of distance (%s)", g.Options.Comms, rules.ref)
	case g.Passive(s) && rules.lrtg:
		pr.Mode, pr.Why = CommsVerbal, "the side is passive (LRTG 21.2 1))"
	case g.Passive(s):
		pr.Mode, pr.Why = CommsVerbal, "the side is passive: private verbal (004 2)"
	case pr.Hexes >= 0 && pr.Hexes <= rules.verbal && rules.lrtg:
		pr.Mode, pr.Why = CommsVerbal, fmt.Sprintf("within %d hexes (LRTG 21.2 2)); only about the commanders in range", rules.verbal)
		about(ca, cb)
		about(cb, ca)
	case pr.Hexes >= 0 && pr.Hexes <= rules.verbal:
		pr.Mode, pr.Why = CommsVerbal, fmt.Sprintf("operational, within %d hexes: verbal (004 2)", rules.verbal)
	case writes:
		pr.Mode, pr.Why = CommsWritten, fmt.Sprintf("more than %d hexes apart: one written dispatch each way (%s)", rules.verbal, rules.ref)
	default:
		pr.Mode, pr.Why = CommsNone, fmt.Sprintf("subordinates more than %d hexes apart: they write only to the overall commander (%s)", rules.verbal, rules.ref)
	}
}

// commsTelegraph applies LRTG 21.2 3) to a Union pair that writes or may
// not talk: the map's rail lines and Telegraph Road (telegraph.go), or,
// without a map to measure them on, the umpire's ruling.
func (g Game) commsTelegraph(pr *CommsPair, rules commsRules, wires func() wireNet, ca, cb []engine.UnitState) {
	if pr.Side == engine.USA && rules.lrtg && (pr.Mode == CommsWritten || pr.Mode == CommsNone) && g.telegraphPair(pr, wires(), ca, cb) {
		// telegraph.go: 21.2 3) from the map's rail lines and Telegraph Road.
	} else if pr.Side == engine.USA && rules.lrtg && (pr.Mode == CommsWritten || pr.Mode == CommsNone) {
		pr.Telegraph = true
		if g.halleckIn(*pr) {
			pr.Why += "; the umpire rules whether a connected rail line or the Telegraph Road shortens the dispatch's distance (21.2 3)): no map to measure them on"
		} else {
			pr.Why += "; the umpire rules whether a connected rail line or the Telegraph Road lets them talk (21.2 3)) and shortens the dispatch's distance: no map to measure them on"
		}
	}
}

// OpenCommunications is step 2d's procedure: deliver what was due, roll
// what an unclosed phase left sealed (choice C8), and set the pairs.
func OpenCommunications(g Game, d engine.Dice, ctx engine.StepContext) ([]engine.Event, error) {
	var evs []engine.Event
	state := g
	if leftover := g.sealedDispatches(); len(leftover) > 0 {
		more, err := state.rollDispatches(g.Umpire, g.tableOf(ctx), d, leftover)
		if err != nil {
			return nil, err
		}
		for _, e := range more {
			state = state.Apply(e)
		}
		evs = append(evs, more...)
	}
	op := &CommsOpened{By: g.Umpire, Turn: g.Turn, Option: g.Options.Comms, Pairs: g.CommsPairs(ctx.Move), Silenced: map[engine.Side]string{}}
	for _, s := range []engine.Side{engine.CSA, engine.USA} {
		if ok, why := g.CommsSilenced(s); ok {
			op.Silenced[s] = why
		}
	}
	for _, x := range state.Comms.Dispatches {
		if x.Outcome != DispatchNextDay || x.Delivered != 0 || x.Due > g.Turn || state.spiedAt(x) != 0 {
			continue // the enemy's Spy took it: never delivered (choice C11)
		}
		if op.Silenced[x.Side] != "" {
			op.Held = append(op.Held, x.ID)
		} else {
			op.Delivered = append(op.Delivered, x.ID)
		}
	}
	return append(evs, op), nil
}

func (g Game) tableOf(ctx engine.StepContext) *engine.Table {
	if ctx.Library == nil {
		return nil
	}
	return ctx.Library.Table(g.DispatchTableID())
}

func (g Game) sealedDispatches() []Dispatch {
	var out []Dispatch
	for _, x := range g.Comms.Dispatches {
		if x.Sealed() {
			out = append(out, x)
		}
	}
	return out
}

// waitComms names the writers who have not said /dispatch done, once the
// game uses dispatches (choice C10).
func waitComms(g Game) []string {
	if g.Comms.Turn != g.Turn || g.Comms.Closed || !g.commsInUse() {
		return nil
	}
	var out []string
	for _, p := range g.commsWriters() {
		if !slices.Contains(g.Comms.Done, p.Actor.ID) {
			out = append(out, fmt.Sprintf("%s's dispatches (/dispatch send, then /dispatch done)", p.Actor.Name))
		}
	}
	return out
}

// commsInUse reports whether the game's commanders use the dispatch
// commands: a dispatch was ever sent, or a commander said done this phase
// (choice C10).
func (g Game) commsInUse() bool {
	return len(g.Comms.Dispatches) > 0 || len(g.Comms.Done) > 0
}

// commsWriters are the commanders in a written pair this phase.
func (g Game) commsWriters() []engine.Player {
	var out []engine.Player
	for _, p := range g.Players {
		for _, pr := range g.Comms.Pairs {
			if pr.Mode == CommsWritten && (pr.A.ID == p.Actor.ID || pr.B.ID == p.Actor.ID) {
				out = append(out, p)
				break
			}
		}
	}
	return out
}

// CommsPairsOf returns the pairs of this phase that include a player.
func (g Game) CommsPairsOf(id string) []CommsPair {
	var out []CommsPair
	for _, pr := range g.Comms.Pairs {
		if pr.A.ID == id || pr.B.ID == id {
			out = append(out, pr)
		}
	}
	return out
}

func (g Game) commsOpen(by engine.Actor) error {
	if err := g.BoardReady(by); err != nil {
		return err
	}
	if step := g.CommsStep(); g.CurrentStep() != step || g.Comms.Turn != g.Turn {
		return engine.Illegal("comms.step", fmt.Sprintf("Dispatches are written in step %s (Communications); the game is at step %s", step, orNone(g.CurrentStep())), "/phase show says where the turn is ("+g.commsRules().stepRef+")")
	}
	if g.Comms.Closed {
		return engine.Illegal("comms.closed", "The communications phase of this turn is closed", "Dispatches are written in the next turn's step 2d")
	}
	return nil
}

func (g Game) decideSendDispatch(c SendDispatch) ([]engine.Event, error) {
	if err := g.commsOpen(c.By); err != nil {
		return nil, err
	}
	p := g.Player(c.By.ID)
	if p == nil {
		return nil, engine.Illegal("dispatch.player", "Only a commander sends dispatches", "The umpire reads them with /dispatch log")
	}
	if g.Options.Comms != historicCommsOption {
		return nil, engine.Illegal("dispatch.option", fmt.Sprintf("Communications option %d lets commanders talk freely in this phase: no written dispatches", g.Options.Comms), "Talk with your fellow commanders ("+g.CommsRule()+")")
	}
	if ok, why := g.CommsSilenced(p.Side); ok {
		return nil, engine.Illegal("dispatch.silenced", "Your side may not communicate this turn: "+why, "")
	}
	to := strings.TrimSpace(strings.TrimPrefix(strings.TrimSuffix(strings.TrimPrefix(strings.TrimSpace(c.To), "<@"), ">"), "!"))
	var rcpt *engine.Player
	for i := range g.Players {
		q := &g.Players[i]
		if q.Side == p.Side && q.Actor.ID != p.Actor.ID && (q.Actor.ID == to || strings.EqualFold(q.Actor.Name, to)) {
			rcpt = q
		}
	}
	if rcpt == nil {
		var names []string
		for _, q := range g.Players {
			if q.Side == p.Side && q.Actor.ID != p.Actor.ID {
				names = append(names, q.Actor.Name)
			}
		}
		return nil, engine.Invalid("dispatch.to", fmt.Sprintf("%q is not a fellow commander of your side", c.To), "Write to one of: "+strings.Join(names, ", "))
	}
	text := strings.TrimSpace(c.Text)
	if text == "" || len(text) > dispatchMaxLen {
		return nil, engine.Invalid("dispatch.text", fmt.Sprintf("A dispatch needs a text of 1 to %d characters", dispatchMaxLen), "text:<your orders>")
	}
	var pair *CommsPair
	for _, pr := range g.Comms.Pairs {
		if pr.Has(p.Actor.ID, rcpt.Actor.ID) {
			pair = &pr
			break
		}
	}
	if pair == nil || pair.Mode != CommsWritten {
		why := "subordinates write only to the overall commander (" + g.CommsRule() + ")"
		if pair != nil && pair.Mode == CommsVerbal {
			why = "you may talk: " + pair.Why
		}
		return nil, engine.Illegal("dispatch.pair", "No written dispatch to "+rcpt.Actor.Name+" this phase: "+why, "/dispatch status lists what you may do with each commander")
	}
	if slices.Contains(g.Comms.Done, p.Actor.ID) {
		return nil, engine.Illegal("dispatch.done", "You have said you are done this phase", "")
	}
	for _, x := range g.Comms.Dispatches {
		if x.Turn == g.Turn && x.From.ID == p.Actor.ID && x.To.ID == rcpt.Actor.ID {
			return nil, engine.Illegal("dispatch.one", "You have sent "+rcpt.Actor.Name+" a dispatch this phase already", "One written dispatch to each commander a phase ("+g.CommsRule()+")")
		}
	}
	id := len(g.Comms.Dispatches) + 1
	hexes := pair.Hexes
	return []engine.Event{&DispatchSent{By: c.By, Dispatch: Dispatch{ID: id, Side: p.Side, From: p.Actor, To: rcpt.Actor, Turn: g.Turn, Text: text, Hexes: hexes}}}, nil
}

func (g Game) decideDoneDispatches(c DoneDispatches, d engine.Dice) ([]engine.Event, error) {
	if err := g.commsOpen(c.By); err != nil {
		return nil, err
	}
	writer := false
	for _, p := range g.commsWriters() {
		writer = writer || p.Actor.ID == c.By.ID
	}
	if !writer {
		return nil, engine.Illegal("dispatch.writer", "You have no one to write to this phase", "/dispatch status lists what you may do with each commander")
	}
	if slices.Contains(g.Comms.Done, c.By.ID) {
		return nil, engine.Illegal("dispatch.done", "You have already said you are done", "")
	}
	done := &DispatchesDone{By: c.By, Turn: g.Turn}
	state := g.Apply(done)
	if len(waitComms(state)) > 0 {
		return []engine.Event{done}, nil
	}
	more, err := state.closeComms(c.By, c.Table, d, "")
	if err != nil {
		return nil, err
	}
	return append([]engine.Event{done}, more...), nil
}

func (g Game) decideCloseComms(c CloseComms, d engine.Dice) ([]engine.Event, error) {
	if err := g.commsOpen(c.By); err != nil {
		return nil, err
	}
	if !g.IsUmpire(c.By) {
		return nil, engine.Illegal("comms.umpire", "Only the umpire closes the communications phase", "Say /dispatch done when you have written")
	}
	reason := strings.TrimSpace(c.Reason)
	if reason == "" && len(waitComms(g)) > 0 {
		return nil, engine.Illegal("comms.reason", "Commanders are still writing: "+strings.Join(waitComms(g), "; "), "To close anyway: /dispatch close reason:<why>")
	}
	return g.closeComms(c.By, c.Table, d, reason)
}

func (g Game) decideRuleCommsPair(c RuleCommsPair) ([]engine.Event, error) {
	if err := g.commsOpen(c.By); err != nil {
		return nil, err
	}
	if !g.IsUmpire(c.By) {
		return nil, engine.Illegal("comms.umpire", "Only the umpire rules on a pair's communications", "/dispatch status shows what you may do")
	}
	reason := strings.TrimSpace(c.Reason)
	if reason == "" {
		return nil, engine.Invalid("comms.reason", "A ruling needs a reason", "reason:<e.g. the Orange & Alexandria joins them by telegraph (21.2 3))>")
	}
	find := func(s string) *engine.Player {
		s = strings.TrimSpace(s)
		for i := range g.Players {
			if g.Players[i].Actor.ID == s || strings.EqualFold(g.Players[i].Actor.Name, s) {
				return &g.Players[i]
			}
		}
		return nil
	}
	a, b := find(c.A), find(c.B)
	if a == nil || b == nil {
		return nil, engine.Invalid("comms.pair", fmt.Sprintf("%q and %q are not two commanders of the game", c.A, c.B), "Name two commanders of one side")
	}
	var pr *CommsPair
	for _, p := range g.Comms.Pairs {
		if p.Has(a.Actor.ID, b.Actor.ID) {
			pr = &p
			break
		}
	}
	if pr == nil {
		return nil, engine.Illegal("comms.pair", a.Actor.Name+" and "+b.Actor.Name+" are not a pair of this phase", "Two commanders of one side with two or more commanders")
	}
	next := *pr
	switch c.Mode {
	case "":
	case CommsVerbal:
		next.Mode = CommsVerbal
	case CommsWritten:
		if !a.Overall && !b.Overall && !g.halleckIn(*pr) {
			return nil, engine.Illegal("comms.pair", "Subordinates write only to the overall commander", g.CommsRule())
		}
		next.Mode = CommsWritten
	default:
		return nil, engine.Invalid("comms.mode", fmt.Sprintf("%q is not a mode", c.Mode), "mode:verbal or mode:written")
	}
	if next.Mode == CommsSilenced || next.Mode == CommsFree {
		return nil, engine.Illegal("comms.pair", "This pair's communications are set by a random event or the option ("+next.Mode+")", "")
	}
	if c.Hexes >= 0 {
		next.Hexes = c.Hexes
	}
	next.Why = "the umpire rules: " + reason
	return []engine.Event{&CommsPairRuled{By: c.By, Turn: g.Turn, Pair: next, Reason: reason}}, nil
}

// closeComms rolls this phase's sealed dispatches and closes it.
func (g Game) closeComms(by engine.Actor, tb *engine.Table, d engine.Dice, reason string) ([]engine.Event, error) {
	evs, err := g.rollDispatches(by, tb, d, g.sealedDispatches())
	if err != nil {
		return nil, err
	}
	return append(evs, &CommsClosed{By: by, Turn: g.Turn, Reason: reason}), nil
}

// rollDispatches rolls each dispatch on the delivery table as a game
// roll (LRTG 21.2; 003 Written Communications Delivery; LRTA: 004 2,
// lrta.written-dispatch).
func (g Game) rollDispatches(by engine.Actor, tb *engine.Table, d engine.Dice, xs []Dispatch) ([]engine.Event, error) {
	if len(xs) == 0 {
		return nil, nil
	}
	if tb == nil {
		return nil, fmt.Errorf("engine: the rules table %s is missing", g.DispatchTableID())
	}
	if tb.ID != g.DispatchTableID() {
		return nil, fmt.Errorf("engine: dispatches of this game roll on %s, not %s", g.DispatchTableID(), tb.ID)
	}
	var evs []engine.Event
	state := g
	for _, x := range xs {
		out, err := state.SecretRoll(engine.RollTable{By: by, Table: tb, Facts: state.dispatchFacts(x)}, d, engine.RollAudienceUmpire) // rollstream.go: the umpire's alone
		if err != nil {
			return nil, err
		}
		tr := out[0].(*engine.TableRolled)
		state = state.Apply(tr)
		r := &DispatchRolled{ID: x.ID, Turn: g.Turn, Roll: tr.Number, RollSecret: tr.Secret, Face: tr.Total, Outcome: tr.Outcome}
		switch tr.Outcome {
		case DispatchDelivered:
			r.Delivered = g.Turn
		case DispatchNextDay:
			r.Due = g.Turn + 1
		}
		state = state.Apply(r)
		evs = append(evs, tr, r)
	}
	return evs, nil
}

// DispatchInbox is what a commander has received: his delivered
// dispatches, oldest first. The per-commander channel hook reads it.
func (g Game) DispatchInbox(id string) []Dispatch {
	var out []Dispatch
	for _, x := range g.Comms.Dispatches {
		if x.To.ID == id && x.Delivered != 0 && !g.undelivered(x) {
			out = append(out, x)
		}
	}
	return out
}

// DispatchesSent lists what a commander sent (their fate is not his to know).
func (g Game) DispatchesSent(id string) []Dispatch {
	var out []Dispatch
	for _, x := range g.Comms.Dispatches {
		if x.From.ID == id {
			out = append(out, x)
		}
	}
	return out
}

// endComms closes the phase when the umpire ends step 2d while it is open
// (/phase next, forced or because no one waits): the sealed dispatches are
// rolled now, not carried to the next turn.
func endComms(g Game, d engine.Dice, ctx engine.StepContext) ([]engine.Event, error) {
	if g.commsOpen(g.Umpire) != nil {
		return nil, nil
	}
	tb := g.tableOf(ctx)
	if tb == nil {
		if len(g.sealedDispatches()) == 0 {
			return []engine.Event{&CommsClosed{By: g.Umpire, Turn: g.Turn, Reason: "the step ended"}}, nil
		}
		return nil, fmt.Errorf("engine: the rules table %s is missing", g.DispatchTableID())
	}
	return g.closeComms(g.Umpire, tb, d, "the step ended (/phase next)")
}
