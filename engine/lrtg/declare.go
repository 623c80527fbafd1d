package lrtg

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// Steps 1e, 1f and 1g of the turn (003 Detailed Sequence of Play 1 e)-g)):
//
//   - 1e Operational / Passive declaration (LRTG 4.0-4.2): each side's
//     overall commander declares secretly; both are revealed together when
//     the second is in (or when the umpire moves on). After a Spy win the
//     loser declares first and the winner sees it before choosing (4.1;
//     003 Random Events 7)).
//   - 1f Time allocation (optional LRTG 22.2, 22.5): each side's minutes.
//   - 1g Harpers Ferry surrender (LRTG 6.0-6.2): surrounded or not, and the
//     surrender roll.

// Postures (LRTG 4.1).
const (
	PostureOperational = "operational"
	PosturePassive     = "passive"
)

// Time limitation (LRTG 22.2, 22.5; 003 Time Limitation).
const (
	TimeBase        = 20 // minutes
	TimePerPlayer   = 3  // less for each player on the side
	TimePassive     = 3  // less for a passive side
	TimeLeaderUSA   = 2  // more for each Union infantry corps leader near the enemy
	TimeLeaderCSA   = 3  // more for each Confederate one
	TimeLeaderRange = 8  // "within 8 hexes of a hex containing an enemy unit"
	MaxTimeChits    = 8  // 22.5 "up to a maximum of eight chits"
)

// Harpers Ferry (LRTG 6.1, 6.2).
const (
	// HarpersFerryTable is the surrender table (scenarios/rules).
	HarpersFerryTable = "lrtg.harpers-ferry-surrender"
	hfRadius          = 3  // 6.1: units in or within three hexes must trace
	hfDivisionRange   = 10 // 6.2: -2 for a Union infantry division within 10 hexes
	// hfPresumeOpen: the map data has no roads, so a path to the map edge
	// cannot be traced; with no Confederate unit within this many hexes of
	// any Union unit that must trace, none can block the garrison's roads
	// near it and the garrison is presumed not surrounded (the umpire may
	// rule otherwise in step 1g). Otherwise the umpire rules.
	hfPresumeOpen = 10
	// hfLoudounRange: Loudoun Heights (two hexes) has no hex in the data; it
	// overlooks Harpers Ferry across the Shenandoah, so with no
	// Confederate infantry this near Harpers Ferry none stands on it.
	hfLoudounRange = 3
)

// Harpers Ferry check statuses.
const (
	HFClear         = "clear"          // no Union unit in or within three hexes: nothing to do (6.2)
	HFOpen          = "open"           // presumed able to trace (no Confederate unit near)
	HFAsk           = "ask"            // the umpire rules whether it is surrounded
	HFSurrounded    = "surrounded"     // at least one unit cannot trace: the roll is made
	HFNotSurrounded = "not-surrounded" // the umpire ruled every unit can trace
)

// The facts of the surrender table (scenarios/rules/lrtg-p1-harpers-ferry.yaml).
const (
	hfFactNaval    = "csa_artillery_naval_battery"
	hfFactLoudoun  = "csa_artillery_loudoun_heights"
	hfFactBolivar  = "csa_artillery_bolivar_heights"
	hfFactPrior    = "prior_turns_surrounded"
	hfFactDivision = "union_division_within_10"
	hfAskSurround  = "surrounded"
)

// HarpersFerryFacts are the surrender table's facts the umpire may rule
// on (the artillery on the heights, a Union division within 10 hexes), in
// the order the table lists them; the consecutive turns surrounded come
// from the record.
var HarpersFerryFacts = []string{hfFactNaval, hfFactLoudoun, hfFactBolivar, hfFactDivision}

// hfFactText says what each fact the umpire rules on means, and the
// /harpersferry option that gives it.
var hfFactText = map[string][2]string{
	hfFactNaval:    {"whether a Confederate infantry unit with an artillery value of 1 or more is on Naval Battery (+3)", "naval_battery"},
	hfFactLoudoun:  {"whether a Confederate infantry unit with an artillery value of 1 or more is on Loudoun Heights (+1)", "loudoun_heights"},
	hfFactBolivar:  {"whether a Confederate infantry unit with an artillery value of 1 or more is on Bolivar Heights (+1)", "bolivar_heights"},
	hfFactDivision: {"whether a Union infantry division is within 10 hexes of Harpers Ferry (-2)", "union_division"},
}

// DeclaredState is the game's state of steps 1e-1g: every turn's
// declarations (secret until revealed), time allowances and Harpers Ferry
// checks. It is folded from events; never written in place.
type DeclaredState struct {
	Postures []PostureRecord
	Reveals  []int // the turns whose declarations are revealed
	Time     []TimeAllowance
	HF       []HarpersFerryRecord
}

// PostureRecord is a side's declaration for a turn.
type PostureRecord struct {
	Turn      int
	Side      engine.Side
	Posture   string
	By        engine.Actor
	Defaulted bool // not declared when the umpire ended the step: operational
}

// HarpersFerryRecord is a turn's Harpers Ferry phase: the latest check
// (or the umpire's ruling) and the roll, if made.
type HarpersFerryRecord struct {
	Turn    int
	Check   HarpersFerryChecked
	Rolled  bool
	Outcome string
}

// Surrounded reports whether Harpers Ferry was surrounded that turn.
func (r HarpersFerryRecord) Surrounded() bool { return r.Check.Status == HFSurrounded }

func (d DeclaredState) declared(side engine.Side, turn int) (PostureRecord, bool) {
	for _, p := range d.Postures {
		if p.Turn == turn && p.Side == side {
			return p, true
		}
	}
	return PostureRecord{}, false
}

// Revealed reports whether the turn's declarations have been revealed.
func (d DeclaredState) Revealed(turn int) bool {
	for _, t := range d.Reveals {
		if t == turn {
			return true
		}
	}
	return false
}

// Posture returns the side's posture for the turn once the declarations
// are revealed ("" before: a secret is no rule's input).
func (d DeclaredState) Posture(side engine.Side, turn int) string {
	if !d.Revealed(turn) {
		return ""
	}
	p, _ := d.declared(side, turn)
	return p.Posture
}

// Passive reports whether the side is passive on the turn (LRTG 4.2: the
// strategic movement chart, leader transfer within 30 hexes, forage and
// resupply, depots, no time chits spent).
func (d DeclaredState) Passive(side engine.Side, turn int) bool {
	return d.Posture(side, turn) == PosturePassive
}

// Allowance returns the side's time allowance for the turn (22.2).
func (d DeclaredState) Allowance(side engine.Side, turn int) (TimeAllowance, bool) {
	for _, a := range d.Time {
		if a.Turn == turn && a.Side == side {
			return a, true
		}
	}
	return TimeAllowance{}, false
}

// HarpersFerry returns the turn's Harpers Ferry record.
func (d DeclaredState) HarpersFerry(turn int) (HarpersFerryRecord, bool) {
	for _, r := range d.HF {
		if r.Turn == turn {
			return r, true
		}
	}
	return HarpersFerryRecord{}, false
}

// DeclarationView is what a viewer may know of a side's declaration for
// the current turn.
type DeclarationView struct {
	Declared bool
	Posture  string // "" when it is secret to the viewer
	Revealed bool   // shown to all
	Spy      bool   // shown to the viewer as the Spy's winner (4.1)
}

// DeclarationSeen is a side's declaration this turn as the viewer may know
// it: all once revealed; before, the umpire and the side itself see it,
// the Spy's winner sees the loser's (4.1), and anyone else only that it is
// made. This is the one place that decides who sees a declaration.
func (g Game) DeclarationSeen(viewer engine.Actor, side engine.Side) DeclarationView {
	p, ok := g.Declared.declared(side, g.Turn)
	v := DeclarationView{Declared: ok && !p.Defaulted, Revealed: g.Declared.Revealed(g.Turn)}
	if !ok {
		return v
	}
	own := engine.Side("")
	if pl := g.Player(viewer.ID); pl != nil {
		own = pl.Side
	}
	winner := spyWinner(g)
	switch {
	case v.Revealed, g.IsUmpire(viewer), own == side:
		v.Posture = p.Posture
	case winner != "" && own == winner && side != winner:
		v.Posture, v.Spy = p.Posture, true
	}
	return v
}

// priorSurrounded counts the consecutive turns before turn on which
// Harpers Ferry was surrounded in the Harpers Ferry phase (6.2: +1 each).
func (d DeclaredState) priorSurrounded(turn int) int {
	n := 0
	for t := turn - 1; t >= 1; t-- {
		r, ok := d.HarpersFerry(t)
		if !ok || !r.Surrounded() {
			break
		}
		n++
	}
	return n
}

// spyWinner is the side that won this turn's Spy random event (2.0 7)),
// or "" (the random events module records it).
//
// In LRTA it is the winner of Enemy Intelligence: "The losing player must
// declare whether he is Operational or Passive prior to the winning
// player" (004 Enemy Intelligence).
func spyWinner(g Game) engine.Side { return spyWinnerOn(g, g.Turn) }

// spyWinnerOn is the side that won the Spy (LRTA: Enemy Intelligence) on
// a turn, or "".
func spyWinnerOn(g Game, turn int) engine.Side {
	if f := g.variant().spyWinner; f != nil {
		return f(g, turn)
	}
	return g.Events.SpyWinner(turn)
}

// lrtaIntelWinner is the side that won LRTA's Enemy Intelligence on a
// turn, or "".
func lrtaIntelWinner(g Game, turn int) engine.Side {
	if e := g.lreIs(turn, LRTAEventIntel); e != nil {
		return e.Intel
	}
	return ""
}

// DeclarationOrder is the side that won this turn's contest that orders
// the declarations ("" for none) with the contest's name and rule: LRTG's
// Spy (4.1; 2.0 7)) or LRTA's Enemy Intelligence (004). Its loser declares
// first, and the winner is shown that choice before making its own.
func (g Game) DeclarationOrder() (winner engine.Side, contest, rule string) {
	contest, rule = spyContest(g)
	return spyWinner(g), contest, rule
}

// spyContest names the random event that orders the declarations, and its
// rule.
func spyContest(g Game) (string, string) {
	if v := g.variant(); v.spyWinner != nil {
		return v.spy[0], v.spy[1]
	}
	return "the Spy", "LRTG 4.1; 2.0 7)"
}

func declOther(s engine.Side) engine.Side {
	if s == engine.CSA {
		return engine.USA
	}
	return engine.CSA
}

func declSide(s engine.Side) string { return strings.ToUpper(string(s)) }

// ---------------------------------------------------------------------------
// Commands and events.

type (
	// DeclarePosture is a side's operational / passive declaration (4.1),
	// by its overall commander; the umpire may declare for a side (Side)
	// with a reason.
	DeclarePosture struct {
		By      engine.Actor
		Side    engine.Side
		Posture string
		Reason  string
	}
	// RuleHarpersFerry is the umpire's ruling on whether Harpers Ferry is
	// surrounded (6.1), with the artillery facts the map data cannot tell
	// (Facts, by table fact name) and the Union units cut off (Units; nil:
	// every Union unit in or within three hexes). When surrounded, the
	// surrender roll is made on Table.
	RuleHarpersFerry struct {
		By         engine.Actor
		Surrounded bool
		Facts      map[string]bool
		Units      []string
		Table      *engine.Table
		Reason     string
	}
)

// CommandName implements Command.
func (DeclarePosture) CommandName() string { return "declare" }

// CommandName implements Command.
func (RuleHarpersFerry) CommandName() string { return "harpersferry" }

// Event types.
const (
	EventPostureDeclared     = "posture.declared"
	EventPosturesRevealed    = "posture.revealed"
	EventTimeAllocated       = "time.allocated"
	EventHarpersFerryChecked = "harpersferry.checked"
	EventHarpersFerryRolled  = "harpersferry.rolled"
)

// PostureDeclared records a side's secret declaration.
type PostureDeclared struct {
	By      engine.Actor `json:"by"`
	Turn    int          `json:"turn"`
	Side    engine.Side  `json:"side"`
	Posture string       `json:"posture"`
	Reason  string       `json:"reason,omitempty"`
}

// EventType implements Event.
func (*PostureDeclared) EventType() string { return EventPostureDeclared }

// PosturesRevealed makes both sides' declarations public, and gives each
// passive side its time chit (22.5, with the time limitation option).
type PosturesRevealed struct {
	Turn      int           `json:"turn"`
	Sides     []SidePosture `json:"sides"`
	SpyWinner engine.Side   `json:"spy_winner,omitempty"`
	Forced    bool          `json:"forced,omitempty"` // revealed when the umpire moved on
}

// SidePosture is one side's revealed posture.
type SidePosture struct {
	Side      engine.Side `json:"side"`
	Posture   string      `json:"posture"`
	Defaulted bool        `json:"defaulted,omitempty"` // not declared: operational
	ChitGain  bool        `json:"chit_gain,omitempty"` // a time chit received
	Chits     int         `json:"chits,omitempty"`     // the side's time chits after
}

// EventType implements Event.
func (*PosturesRevealed) EventType() string { return EventPosturesRevealed }

// TimeAllocated records both sides' time allowances (22.2).
type TimeAllocated struct {
	Turn  int             `json:"turn"`
	Sides []TimeAllowance `json:"sides"`
}

// EventType implements Event.
func (*TimeAllocated) EventType() string { return EventTimeAllocated }

// TimeAllowance is a side's minutes for a turn, and how they are made up.
type TimeAllowance struct {
	Turn      int         `json:"turn"`
	Side      engine.Side `json:"side"`
	Players   int         `json:"players"`
	Passive   bool        `json:"passive,omitempty"`
	Leaders   []string    `json:"leaders,omitempty"` // infantry corps leaders within 8 hexes of an enemy unit
	PerLeader int         `json:"per_leader"`
	Minutes   int         `json:"minutes"`
	Floored   bool        `json:"floored,omitempty"` // the sum was below zero
}

// Parts returns the allowance's terms, e.g. ["20", "-3 (1 player)", ...].
func (a TimeAllowance) Parts() []string {
	out := []string{fmt.Sprintf("%d", TimeBase)}
	pl := "players"
	if a.Players == 1 {
		pl = "player"
	}
	out = append(out, fmt.Sprintf("−%d (%d %s)", TimePerPlayer*a.Players, a.Players, pl))
	if a.Passive {
		out = append(out, fmt.Sprintf("−%d (passive)", TimePassive))
	}
	if n := len(a.Leaders); n > 0 {
		out = append(out, fmt.Sprintf("+%d (%d infantry corps leader%s within %d hexes of the enemy)", a.PerLeader*n, n, declPlural(n), TimeLeaderRange))
	}
	return out
}

func declPlural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// HarpersFerryChecked records whether Harpers Ferry is surrounded (6.1):
// as the map data tells it when the step begins, or as the umpire rules.
type HarpersFerryChecked struct {
	By     engine.Actor   `json:"by,omitzero"` // the umpire, for a ruling
	Turn   int            `json:"turn"`
	Status string         `json:"status"`
	Why    string         `json:"why"`
	Units  []string       `json:"units,omitempty"`  // Union units in or within three hexes
	Cutoff []string       `json:"cutoff,omitempty"` // those that cannot trace (surrender on an 11+)
	Near   []string       `json:"near,omitempty"`   // Confederate units near them (for the umpire)
	Ask    []string       `json:"ask,omitempty"`    // what the map data cannot tell: "surrounded" (status ask), table facts
	Facts  map[string]int `json:"facts,omitempty"`  // the surrender table's facts known
	Ruling bool           `json:"ruling,omitempty"`
	Reason string         `json:"reason,omitempty"`
}

// EventType implements Event.
func (*HarpersFerryChecked) EventType() string { return EventHarpersFerryChecked }

// HarpersFerryRolled records the surrender roll's result (the roll is the
// table.rolled event before it) and, on a surrender, the Union units
// captured with the victory points of 000 VII 6 (+2 per manpower point).
type HarpersFerryRolled struct {
	Turn        int               `json:"turn"`
	Roll        int64             `json:"roll"`
	Total       int               `json:"total"`
	Outcome     string            `json:"outcome"`
	Surrendered []SurrenderedUnit `json:"surrendered,omitempty"`
	Manpower    int               `json:"manpower,omitempty"`
	VP          int               `json:"vp,omitempty"`
}

// SurrenderedUnit is a Union unit captured at Harpers Ferry.
type SurrenderedUnit struct {
	Unit     string `json:"unit"`
	Manpower int    `json:"manpower"`
}

// EventType implements Event.
func (*HarpersFerryRolled) EventType() string { return EventHarpersFerryRolled }

// ---------------------------------------------------------------------------
// The module.

// declareModule is the declaration of postures (LRTG 4.0) and Harpers Ferry.
func declareModule() engine.Module {
	return engine.Module{Name: "declare",
		Commands: []engine.Command{DeclarePosture{}, RuleHarpersFerry{}}, Decide: claims(decideDeclared),
		Events: []engine.Event{&PostureDeclared{}, &PosturesRevealed{}, &TimeAllocated{}, &HarpersFerryChecked{}, &HarpersFerryRolled{}},
		Apply:  folds(applyDeclared)}
}

func decideDeclared(g Game, cmd engine.Command, d engine.Dice) ([]engine.Event, bool, error) {
	switch cmd := cmd.(type) {
	case DeclarePosture:
		evs, err := g.decidePosture(cmd, spyWinner(g))
		return evs, true, err
	case RuleHarpersFerry:
		evs, err := g.decideHarpersFerry(cmd, d)
		return evs, true, err
	}
	return nil, false, nil
}

func applyDeclared(g Game, e engine.Event) (Game, bool) {
	switch e := e.(type) {
	case *PostureDeclared:
		g = g.keep(func(g *Game) {
			s := g.Declared
			s.Postures = append(append([]PostureRecord(nil), s.Postures...), PostureRecord{Turn: e.Turn, Side: e.Side, Posture: e.Posture, By: e.By})
			g.Declared = s
		})
	case *PosturesRevealed:
		g = g.keep(func(g *Game) {
			s := g.Declared
			ps := append([]PostureRecord(nil), s.Postures...)
			chits := make(map[engine.Side]int, len(g.Chits)+1)
			for k, v := range g.Chits {
				chits[k] = v
			}
			for _, sp := range e.Sides {
				if sp.Defaulted {
					ps = append(ps, PostureRecord{Turn: e.Turn, Side: sp.Side, Posture: sp.Posture, Defaulted: true})
				}
				if sp.ChitGain {
					chits[sp.Side] = sp.Chits
				}
			}
			s.Postures = ps
			s.Reveals = append(append([]int(nil), s.Reveals...), e.Turn)
			g.Declared = s
			g.Chits = chits
		})
	case *TimeAllocated:
		g = g.keep(func(g *Game) {
			s := g.Declared
			var keep []TimeAllowance
			for _, a := range s.Time {
				if a.Turn != e.Turn {
					keep = append(keep, a)
				}
			}
			s.Time = append(keep, e.Sides...)
			g.Declared = s
		})
	case *HarpersFerryChecked:
		g = g.keep(func(g *Game) {
			s := g.Declared
			var hf []HarpersFerryRecord
			for _, r := range s.HF {
				if r.Turn != e.Turn {
					hf = append(hf, r)
				}
			}
			s.HF = append(hf, HarpersFerryRecord{Turn: e.Turn, Check: *e})
			g.Declared = s
		})
	case *HarpersFerryRolled:
		g = g.keep(func(g *Game) {
			s := g.Declared
			hf := append([]HarpersFerryRecord(nil), s.HF...)
			for i := range hf {
				if hf[i].Turn == e.Turn {
					hf[i].Rolled, hf[i].Outcome = true, e.Outcome
				}
			}
			s.HF = hf
			g.Declared = s
			if len(e.Surrendered) > 0 {
				g.Units = engine.CopyUnits(g.Units)
				for _, su := range e.Surrendered {
					g.EditUnit(su.Unit, func(u *engine.UnitState) { u.Eliminated, u.OnMap = true, false })
				}
			}
			if e.VP != 0 {
				g.VP = appendVP(g.VP, manpowerVPEntry(e.Turn, engine.USA, "surrender", e.Manpower, e.VP))
			}
		})
	default:
		return g, false
	}
	return g, true
}

// ---------------------------------------------------------------------------
// 1e: the declaration (LRTG 4.1).

func (g Game) decidePosture(cmd DeclarePosture, winner engine.Side) ([]engine.Event, error) {
	if err := g.BoardReady(cmd.By); err != nil {
		return nil, err
	}
	posture := strings.ToLower(strings.TrimSpace(cmd.Posture))
	if posture != PostureOperational && posture != PosturePassive {
		return nil, engine.Invalid("declare.posture", fmt.Sprintf("%q is not a posture", cmd.Posture), "Declare posture:operational or posture:passive (LRTG 4.1)")
	}
	side := cmd.Side
	switch p := g.Player(cmd.By.ID); {
	case g.IsUmpire(cmd.By) && (p == nil || side != "" && side != p.Side):
		if side != engine.CSA && side != engine.USA {
			return nil, engine.Invalid("declare.side", "The umpire declares for a side he names", "Add side:csa or side:usa, and a reason")
		}
		if strings.TrimSpace(cmd.Reason) == "" {
			return nil, engine.Invalid("declare.reason", "The umpire declares for a side only with a reason", "Add reason:<why>, e.g. the player is absent")
		}
	case p == nil:
		return nil, engine.Illegal("declare.player", "Only the game's players declare", "Join the game with /game join")
	case side != "" && side != p.Side:
		return nil, engine.Illegal("declare.side", fmt.Sprintf("You command for the %s, not the %s", declSide(p.Side), declSide(side)), "Leave side out: you declare for your own side")
	case !g.ActsAsOverall(*p): // halleck.go: Halleck Interferes (21.1)
		over := "its overall commander"
		for _, q := range g.Players {
			if q.Side == p.Side && g.ActsAsOverall(q) {
				over = q.Actor.Name
			}
		}
		return nil, &engine.RuleError{Kind: engine.ErrIllegal, Code: "declare.overall", What: fmt.Sprintf("Only the %s's overall commander declares for the side", declSide(p.Side)),
			Hint: fmt.Sprintf("Ask %s", over), Rule: "LRTG 4.1, 21.1"}
	default:
		side = p.Side
	}
	if g.CurrentStep() != "1e" {
		return nil, &engine.RuleError{Kind: engine.ErrIllegal, Code: "declare.step", What: fmt.Sprintf("Declarations are made in step 1e; the game is at step %s", declStep(g.CurrentStep())),
			Hint: untilStep(g, "1e"), Rule: "003 1 e); LRTG 4.1"}
	}
	if g.Declared.Revealed(g.Turn) {
		return nil, &engine.RuleError{Kind: engine.ErrIllegal, Code: "declare.revealed", What: fmt.Sprintf("Turn %d's declarations have been revealed", g.Turn), Hint: "A declaration is final once both are shown", Rule: "LRTG 4.1"}
	}
	if p, ok := g.Declared.declared(side, g.Turn); ok {
		return nil, &engine.RuleError{Kind: engine.ErrIllegal, Code: "declare.twice", What: fmt.Sprintf("The %s has already declared %s for turn %d", declSide(side), p.Posture, g.Turn),
			Hint: "A declaration is final (after a Spy, the loser may not switch either)", Rule: "LRTG 4.1; 003 2.0 7)"}
	}
	if winner == side {
		if _, ok := g.Declared.declared(declOther(side), g.Turn); !ok {
			contest, rule := spyContest(g)
			return nil, &engine.RuleError{Kind: engine.ErrIllegal, Code: "declare.spy", What: fmt.Sprintf("The %s won %s: the %s declares first", declSide(side), contest, declSide(declOther(side))),
				Hint: "You are shown its choice before you declare: /declare without posture shows it once it is made", Rule: rule}
		}
	}
	ev := &PostureDeclared{By: cmd.By, Turn: g.Turn, Side: side, Posture: posture, Reason: strings.TrimSpace(cmd.Reason)}
	evs := []engine.Event{ev}
	after := g.Apply(ev)
	if _, ok := after.Declared.declared(declOther(side), g.Turn); ok {
		evs = append(evs, after.reveal(winner, false))
	}
	return evs, nil
}

func declStep(id string) string {
	if id == "" {
		return "(none: the turn has not begun)"
	}
	return id
}

// reveal shows both sides' declarations; a side that did not declare is
// operational (the umpire ended the step: the rules have no default, and
// passive is the choice that must be made). A passive side receives a
// time chit, up to eight, with the time limitation option (4.2, 22.5).
func (g Game) reveal(winner engine.Side, forced bool) *PosturesRevealed {
	ev := &PosturesRevealed{Turn: g.Turn, SpyWinner: winner, Forced: forced}
	for _, s := range []engine.Side{engine.CSA, engine.USA} {
		sp := SidePosture{Side: s, Posture: PostureOperational, Defaulted: true}
		if p, ok := g.Declared.declared(s, g.Turn); ok {
			sp.Posture, sp.Defaulted = p.Posture, false
		}
		if sp.Posture == PosturePassive && g.Options.TimeLimit {
			sp.Chits = min(g.Chits[s]+1, MaxTimeChits)
			sp.ChitGain = sp.Chits != g.Chits[s]
			if !sp.ChitGain {
				sp.Chits = 0
			}
		}
		ev.Sides = append(ev.Sides, sp)
	}
	return ev
}

// pendingReveal reveals the turn's declarations if the umpire ended step
// 1e before both were in (nil when they are revealed).
func (g Game) pendingReveal() *PosturesRevealed {
	if g.Declared.Revealed(g.Turn) {
		return nil
	}
	return g.reveal(spyWinner(g), true)
}

func waitDeclarations(g Game) []string {
	if g.Declared.Revealed(g.Turn) {
		return nil
	}
	winner := spyWinner(g)
	var out []string
	for _, s := range []engine.Side{engine.CSA, engine.USA} {
		if _, ok := g.Declared.declared(s, g.Turn); ok {
			continue
		}
		w := fmt.Sprintf("the %s's operational / passive declaration (/declare)", declSide(s))
		switch winner {
		case "":
		case s:
			c, _ := spyContest(g)
			w += fmt.Sprintf(", after the %s's: it won %s", declSide(declOther(s)), c)
		default:
			c, _ := spyContest(g)
			w += ", first: the other side won " + c
		}
		out = append(out, w)
	}
	return out
}

// ---------------------------------------------------------------------------
// 1f: time allocation (LRTG 22.2; 003 1 f)).

func allocateTime(g Game, _ engine.Dice, ctx engine.StepContext) ([]engine.Event, error) {
	var evs []engine.Event
	if rv := g.pendingReveal(); rv != nil {
		evs = append(evs, rv)
		g = g.Apply(rv)
	}
	if ctx.Move == nil || ctx.Move.OOB == nil {
		return nil, fmt.Errorf("engine: time allocation needs the order of battle")
	}
	return append(evs, g.TimeAllocation(engine.SizesOf(ctx.Move.OOB))), nil
}

// TimeAllocation works out both sides' allowances for the turn (22.2): 20
// minutes, less 3 a player on the side, less 3 if passive, plus 2 (Union)
// or 3 (Confederate) for each infantry corps leader within 8 hexes of a
// hex with an enemy unit. A leader is an infantry corps leader when the
// order of battle sizes him a corps and his command is not the cavalry
// (the garrison corps of DC, VIII and PA count: they command infantry).
// Leaders are not enemy units. The sum is at least 0 (the rules give no
// floor; a clock cannot run below zero).
func (g Game) TimeAllocation(sizes engine.UnitSizes) *TimeAllocated {
	ev := &TimeAllocated{Turn: g.Turn}
	ids := sortedIDs(g.Units)
	for _, s := range []engine.Side{engine.CSA, engine.USA} {
		a := TimeAllowance{Turn: g.Turn, Side: s, Passive: g.Declared.Passive(s, g.Turn), PerLeader: TimeLeaderUSA}
		if s == engine.CSA {
			a.PerLeader = TimeLeaderCSA
		}
		if per := g.variant().timePerLeader; per != nil {
			// LRTA: 004 1 f)'s; the base is LRTG's.
			a.PerLeader = per[s]
		}
		for _, p := range g.Players {
			if p.Side == s {
				a.Players++
			}
		}
		for _, id := range ids {
			u := g.Units[id]
			if u.Side != s || !u.Kind.IsLeader() || !u.OnMap || u.Eliminated || sizes[id] != "corps" || strings.EqualFold(u.Command, "Cav") {
				continue
			}
			if g.enemyWithin(s, u.Hex, TimeLeaderRange) {
				a.Leaders = append(a.Leaders, id)
			}
		}
		a.Minutes = TimeBase - TimePerPlayer*a.Players + a.PerLeader*len(a.Leaders)
		if a.Passive {
			a.Minutes -= TimePassive
		}
		if a.Minutes < 0 {
			a.Minutes, a.Floored = 0, true
		}
		ev.Sides = append(ev.Sides, a)
	}
	return ev
}

// enemyWithin reports whether a unit (not a leader) of side's enemy is on
// the map within n hexes of h.
func (g Game) enemyWithin(side engine.Side, h engine.Hex, n int) bool {
	for _, u := range g.Units {
		if u.Side != side && !u.Kind.IsLeader() && u.OnMap && !u.Eliminated && engine.Distance(u.Hex, h) <= n {
			return true
		}
	}
	return false
}

// ---------------------------------------------------------------------------
// 1g: Harpers Ferry (LRTG 6.1, 6.2).

func checkHarpersFerry(g Game, d engine.Dice, ctx engine.StepContext) ([]engine.Event, error) {
	return g.harpersFerryStep(d, ctx, Game.HarpersFerryCheck, HarpersFerryTable)
}

// harpersFerryStep is step 1g of LRTG and LRTA alike: the reveal of the
// declarations if pending, the game's check, and the surrender roll on its
// table when Harpers Ferry is surrounded and the umpire has no artillery
// fact to rule on.
func (g Game) harpersFerryStep(d engine.Dice, ctx engine.StepContext, check func(Game, *engine.MoveData) *HarpersFerryChecked, table string) ([]engine.Event, error) {
	var evs []engine.Event
	if rv := g.pendingReveal(); rv != nil {
		evs = append(evs, rv)
		g = g.Apply(rv)
	}
	chk := check(g, ctx.Move)
	evs = append(evs, chk)
	if chk.Status == HFSurrounded && !slices.ContainsFunc(chk.Ask, func(a string) bool { return engine.Contains(HarpersFerryFacts, a) }) {
		var tb *engine.Table
		if ctx.Library != nil {
			tb = ctx.Library.Table(table)
		}
		more, err := g.Apply(chk).rollHarpersFerry(g.Umpire, tb, d)
		if err != nil {
			return nil, err
		}
		evs = append(evs, more...)
	}
	return evs, nil
}

// HarpersFerryCheck decides what the map data can of 6.1 and 6.2: which
// Union units must trace a path, whether any can be cut off, and the
// surrender table's facts. The map data has no roads, so whether a path
// to the map edge exists is the umpire's ruling whenever a Confederate unit
// is near (status HFAsk); the facts it cannot tell (artillery values are
// not in the data; Loudoun Heights has no hex) are listed in Ask, for the
// umpire to give if he rules Harpers Ferry surrounded.
func (g Game) HarpersFerryCheck(data *engine.MoveData) *HarpersFerryChecked {
	ev := &HarpersFerryChecked{Turn: g.Turn, Facts: map[string]int{hfFactPrior: g.Declared.priorSurrounded(g.Turn)}}
	var t *engine.Theatre
	if data != nil {
		t = data.Theatre
	}
	var hf *engine.Place
	if t != nil {
		hf = t.Place("Harpers Ferry")
	}
	if hf == nil {
		ev.Status, ev.Why = HFAsk, "The map data has no Harpers Ferry: the umpire rules"
		ev.Ask = append([]string{hfAskSurround}, HarpersFerryFacts...)
		return ev
	}
	ids := sortedIDs(g.Units)
	live := func(u engine.UnitState) bool { return !u.Kind.IsLeader() && u.OnMap && !u.Eliminated }
	for _, id := range ids {
		if u := g.Units[id]; u.Side == engine.USA && live(u) && engine.Distance(u.Hex, hf.Hex) <= hfRadius {
			ev.Units = append(ev.Units, id)
		}
	}
	// 6.2: -2 for a Union infantry division within 10 hexes.
	var sizes engine.UnitSizes
	if data != nil {
		sizes = engine.SizesOf(data.OOB)
	}
	if sizes == nil {
		ev.Ask = append(ev.Ask, hfFactDivision)
	} else {
		ev.Facts[hfFactDivision] = 0
		for _, id := range ids {
			if u := g.Units[id]; u.Side == engine.USA && u.Kind == engine.KindInfantry && live(u) && sizes[id] == "division" && engine.Distance(u.Hex, hf.Hex) <= hfDivisionRange {
				ev.Facts[hfFactDivision] = 1
				break
			}
		}
	}
	// 6.2: +3/+1/+1 for a Confederate infantry unit with an artillery value
	// on the heights. Artillery values are not in the data: a height with
	// no Confederate infantry on it gives nothing; one with some is asked.
	csaInfantryWithin := func(h engine.Hex, n int) bool {
		for _, id := range ids {
			if u := g.Units[id]; u.Side == engine.CSA && u.Kind == engine.KindInfantry && live(u) && engine.Distance(u.Hex, h) <= n {
				return true
			}
		}
		return false
	}
	for _, f := range []struct{ fact, place string }{{hfFactNaval, "Naval Battery"}, {hfFactBolivar, "Bolivar Heights"}} {
		if p := t.Place(f.place); p == nil || csaInfantryWithin(p.Hex, 0) {
			ev.Ask = append(ev.Ask, f.fact)
		} else {
			ev.Facts[f.fact] = 0
		}
	}
	if csaInfantryWithin(hf.Hex, hfLoudounRange) {
		ev.Ask = append(ev.Ask, hfFactLoudoun)
	} else {
		ev.Facts[hfFactLoudoun] = 0
	}
	defer func() { sortAsk(ev.Ask) }()
	if len(ev.Units) == 0 {
		ev.Status, ev.Why = HFClear, "No Union unit is in or within three hexes of Harpers Ferry: no roll (6.2)"
		return ev
	}
	for _, id := range ids {
		u := g.Units[id]
		if u.Side != engine.CSA || !live(u) {
			continue
		}
		for _, uid := range ev.Units {
			if engine.Distance(u.Hex, g.Units[uid].Hex) <= hfPresumeOpen {
				ev.Near = append(ev.Near, id)
				break
			}
		}
	}
	if len(ev.Near) == 0 {
		ev.Status = HFOpen
		ev.Why = fmt.Sprintf("No Confederate unit is within %d hexes of the Union units at Harpers Ferry: their roads to the map edge are open (6.1)", hfPresumeOpen)
		return ev
	}
	ev.Status = HFAsk
	ev.Why = fmt.Sprintf("Confederate units are within %d hexes of the Union units at Harpers Ferry, and the map data has no roads to trace their path to the map edge (6.1): the umpire rules", hfPresumeOpen)
	ev.Ask = append(ev.Ask, hfAskSurround)
	return ev
}

// sortAsk orders what the umpire is asked: surrounded first, then the
// table's facts in its order.
func sortAsk(ask []string) {
	order := map[string]int{hfAskSurround: 0, hfFactNaval: 1, hfFactLoudoun: 2, hfFactBolivar: 3, hfFactDivision: 4}
	sort.SliceStable(ask, func(i, j int) bool { return order[ask[i]] < order[ask[j]] })
}

func waitHarpersFerry(g Game) []string {
	r, ok := g.Declared.HarpersFerry(g.Turn)
	if !ok || r.Check.Status != HFAsk {
		return nil
	}
	return []string{"the umpire's ruling whether Harpers Ferry is surrounded (/harpersferry surrounded:true|false; LRTG 6.1)"}
}

func (g Game) decideHarpersFerry(cmd RuleHarpersFerry, d engine.Dice) ([]engine.Event, error) {
	if err := g.BoardReady(cmd.By); err != nil {
		return nil, err
	}
	if !g.IsUmpire(cmd.By) {
		return nil, &engine.RuleError{Kind: engine.ErrIllegal, Code: "harpersferry.umpire", What: "Only the umpire rules whether Harpers Ferry is surrounded",
			Hint: fmt.Sprintf("Ask %s", g.Umpire.Name), Rule: "LRTG 6.1"}
	}
	if g.CurrentStep() != "1g" {
		return nil, &engine.RuleError{Kind: engine.ErrIllegal, Code: "harpersferry.step", What: fmt.Sprintf("Harpers Ferry is checked in step 1g; the game is at step %s", declStep(g.CurrentStep())),
			Hint: "Rule when the turn reaches 1g (" + reachStep(g) + ")", Rule: "003 1 g); LRTG 6.0"}
	}
	rec, ok := g.Declared.HarpersFerry(g.Turn)
	if !ok {
		return nil, fmt.Errorf("engine: step 1g of turn %d has no Harpers Ferry check", g.Turn)
	}
	if rec.Rolled {
		return nil, &engine.RuleError{Kind: engine.ErrIllegal, Code: "harpersferry.rolled", What: fmt.Sprintf("The surrender roll has been made this turn (%s)", rec.Outcome),
			Hint: "One roll a turn (LRTG 6.2)", Rule: "LRTG 6.2"}
	}
	for f := range cmd.Facts {
		if !engine.Contains(HarpersFerryFacts, f) {
			return nil, engine.Invalid("harpersferry.fact", fmt.Sprintf("%q is not a Harpers Ferry fact", f), "Facts: "+strings.Join(HarpersFerryFacts, ", "))
		}
	}
	// The ruling keeps what the check found, with the umpire's facts.
	ev := &HarpersFerryChecked{By: cmd.By, Turn: g.Turn, Units: rec.Check.Units, Near: rec.Check.Near, Ruling: true, Reason: strings.TrimSpace(cmd.Reason),
		Facts: map[string]int{}}
	for k, v := range rec.Check.Facts {
		ev.Facts[k] = v
	}
	ev.Facts[hfFactPrior] = g.Declared.priorSurrounded(g.Turn)
	for f, v := range cmd.Facts {
		ev.Facts[f] = engine.B2i(v)
	}
	var missing []string
	for _, a := range rec.Check.Ask {
		if _, ok := ev.Facts[a]; !ok && a != hfAskSurround {
			missing = append(missing, a)
		}
	}
	if !cmd.Surrounded {
		ev.Status, ev.Why, ev.Ask = HFNotSurrounded, "The umpire rules that every Union unit can trace its path to the map edge (6.1)", missing
		return []engine.Event{ev}, nil
	}
	if len(rec.Check.Units) == 0 && len(cmd.Units) == 0 {
		return nil, &engine.RuleError{Kind: engine.ErrIllegal, Code: "harpersferry.clear", What: "No Union unit is in or within three hexes of Harpers Ferry", Hint: "Name the cut-off units with units: if the map is wrong", Rule: "LRTG 6.2"}
	}
	ev.Status, ev.Why = HFSurrounded, "The umpire rules that at least one Union unit cannot trace its path to the map edge (6.1)"
	if len(missing) > 0 {
		var what, opts []string
		for _, f := range missing {
			what = append(what, hfFactText[f][0])
			opts = append(opts, hfFactText[f][1]+":true|false")
		}
		return nil, &engine.RuleError{Kind: engine.ErrInvalid, Code: "harpersferry.facts", What: "The map data cannot tell " + strings.Join(what, "; "),
			Hint: "Rule it with " + strings.Join(opts, " "), Rule: "LRTG 6.2"}
	}
	ev.Cutoff = rec.Check.Units
	if len(cmd.Units) > 0 {
		ev.Cutoff = nil
		for _, id := range cmd.Units {
			u, err := g.Unit(id)
			if err != nil {
				return nil, err
			}
			if u.Side != engine.USA || u.Kind.IsLeader() || !u.OnMap || u.Eliminated {
				return nil, engine.Invalid("harpersferry.unit", fmt.Sprintf("%s is not a Union unit on the map", u.Name), "Name the Union units cut off")
			}
			ev.Cutoff = append(ev.Cutoff, id)
		}
	}
	evs, err := g.Apply(ev).rollHarpersFerry(cmd.By, cmd.Table, d)
	if err != nil {
		return nil, err
	}
	return append([]engine.Event{ev}, evs...), nil
}

// rollHarpersFerry makes the turn's surrender roll (6.2) as a game roll:
// 11 or more and the cut-off Union units surrender, for +2 VP a manpower
// point (000 VII 6).
func (g Game) rollHarpersFerry(by engine.Actor, tb *engine.Table, d engine.Dice) ([]engine.Event, error) {
	if tb == nil {
		return nil, fmt.Errorf("engine: the rules table %s is missing", HarpersFerryTable)
	}
	rec, _ := g.Declared.HarpersFerry(g.Turn)
	facts := engine.Facts{}
	for k, v := range rec.Check.Facts {
		facts[k] = v
	}
	evs, err := g.RuleRoll(engine.RollTable{By: by, Table: tb, Facts: facts}, d)
	if err != nil {
		return nil, err
	}
	tr, ok := evs[0].(*engine.TableRolled)
	if !ok {
		return nil, fmt.Errorf("engine: the Harpers Ferry roll made %T", evs[0])
	}
	res := &HarpersFerryRolled{Turn: g.Turn, Roll: tr.Number, Total: tr.Total, Outcome: tr.Outcome}
	if tr.Outcome == "surrender" || tr.Outcome == lrtaHFSurrenders { // LRTA's table: lrta_turnstart.go
		for _, id := range rec.Check.Cutoff {
			u := g.Units[id]
			if u.Eliminated || !u.OnMap {
				continue
			}
			res.Surrendered = append(res.Surrendered, SurrenderedUnit{Unit: id, Manpower: u.Manpower})
			res.Manpower += u.Manpower
		}
		res.VP = ManpowerVP(engine.USA, "surrender", res.Manpower)
	}
	return append(evs, res), nil
}
