package litn

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// Arrivals in play (issue 10): units that are not on the map at the start
// enter on the turn their record sheet gives (002 15 "How to Set Up"),
// during their side's Movement Phase (15.5: "Reinforcements enter play
// during the Confederate player's Movement Phase ... The map-edge hex of
// entry counts as the first hex of movement for every unit"), by a
// /litn move whose path starts at one of their entry hexes.
// docs/litn-play-movement.md, "Arrivals".
//
//   - Due: a unit off the map (not eliminated) whose arrival turn has come.
//     It has the full basic allowance for the phase it enters in
//     (reinforcementAllowance, 15.5); not entered, it waits.
//   - 15.6 Confederate Option: a unit whose sheet lists several turn
//     arrivals enters by the one its side decides (/litn declare arrive:)
//     by the Initial Phase of the earliest; undecided, the earliest is
//     taken as the side's Command Phase begins that turn, and the side is
//     told.
//   - 15.6 Variable Entry: from the sheet's turn, as the Confederate
//     Command Phase begins, one roll per unit still off the map on the
//     shipped table litn.variable-entry; on "enters" it is due from that
//     turn.
//
// All of it is the side's secret (2.5): the table learns of a counter only
// when it enters the map (Moved).

// Arrivals is the arrivals' state (15.6).
type Arrivals struct {
	// Chosen is the index, in the unit's sheet arrivals, of the way of
	// entry its side decided or was given (15.6 Confederate Option).
	Chosen map[string]int
	// Entry is the turn a variable entry roll brought the unit in (15.6).
	Entry map[string]int
}

// VariableEntryTable is the shipped table of 15.6 Variable Entry.
const VariableEntryTable = "litn.variable-entry"

// entryHexes are 15.5's hexes of entry for 1863 Confederate
// reinforcements, used when the sheet's arrival gives none.
var entryHexes = []string{"1026", "1029", "1031"}

// turnArrivals are the indexes of the unit's arrivals by turn (not by
// a 15.6 condition).
func turnArrivals(u Unit) []int {
	var out []int
	for i, a := range u.Arrives {
		if a.By == "" && a.Turn > 0 {
			out = append(out, i)
		}
	}
	return out
}

// earliestArrival is the index of the earliest of the unit's turn
// arrivals (-1 for none).
func earliestArrival(u Unit) int {
	best := -1
	for _, i := range turnArrivals(u) {
		if best < 0 || u.Arrives[i].Turn < u.Arrives[best].Turn {
			best = i
		}
	}
	return best
}

// arrivalOf is the way the unit enters, and the turn from which it may:
// the variable entry's success turn, the decided (or else the earliest)
// of several turn arrivals, or its one turn arrival. False for a unit with
// none (on the map from the start, Hooker's successors, a variable entry
// not yet rolled).
func (g Game) arrivalOf(u Unit) (SheetArrival, bool) {
	for _, a := range u.Arrives {
		if a.By == SheetByVariableEntry {
			t := g.LITN.Moves.Arrivals.Entry[u.ID]
			if t == 0 {
				return SheetArrival{}, false
			}
			a.Turn = t
			return g.withHexes(u, a), true
		}
	}
	i := earliestArrival(u)
	if c, ok := g.LITN.Moves.Arrivals.Chosen[u.ID]; ok && c >= 0 && c < len(u.Arrives) {
		i = c
	}
	if i < 0 {
		return SheetArrival{}, false
	}
	return g.withHexes(u, u.Arrives[i]), true
}

func (g Game) withHexes(u Unit, a SheetArrival) SheetArrival {
	if len(a.Hexes) == 0 && u.Side == engine.CSA && Year(g.Options.Scenario) == 1863 {
		a.Hexes = entryHexes // 15.5: "may enter at hex 1026, 1029, or 1031"
	}
	return a
}

// ArrivalDue is the way of entry of a unit that may enter the map this
// turn: off the map, not eliminated, its turn come. A unit due and not
// entered stays due (it waits).
func (g Game) ArrivalDue(u Unit) (SheetArrival, bool) {
	if u.OnMap() || u.Eliminated {
		return SheetArrival{}, false
	}
	a, ok := g.arrivalOf(u)
	if !ok || a.Turn > g.Turn || len(a.Hexes) == 0 {
		return SheetArrival{}, false
	}
	return a, true
}

func or(hexes []string) string {
	switch len(hexes) {
	case 0:
		return ""
	case 1:
		return hexes[0]
	}
	return strings.Join(hexes[:len(hexes)-1], ", ") + " or " + hexes[len(hexes)-1]
}

func arrivalText(a SheetArrival) string {
	return fmt.Sprintf("on turn %d at %s", a.Turn, or(a.Hexes))
}

// ---- events ----------------------------------------------------------------

// ArrivalChosen is a side's decision between a unit's ways of entry
// (15.6 Confederate Option), or the earliest taken for want of one.
type ArrivalChosen struct {
	By      engine.Actor   `json:"by"`
	Side    engine.Side    `json:"side"`
	Turn    int            `json:"turn"`
	Chosen  map[string]int `json:"chosen"` // unit -> index of its sheet arrival
	Default bool           `json:"default,omitempty"`
}

// EntryRoll is one variable entry roll (15.6).
type EntryRoll struct {
	Unit   string            `json:"unit"`
	Name   string            `json:"name"`
	Roll   *engine.TableRoll `json:"roll"`
	Enters bool              `json:"enters"`
	Hexes  []string          `json:"hexes,omitempty"`
}

// VariableEntryRolled is the turn's variable entry rolls (15.6).
type VariableEntryRolled struct {
	Turn  int         `json:"turn"`
	Rolls []EntryRoll `json:"rolls"`
}

// ArrivalsDue lists, to their side, the units that may enter in a
// Movement Phase with their allowances (Waiting false: as the phase
// begins), or those that did not and wait (Waiting: as it ends).
type ArrivalsDue struct {
	Turn    int                 `json:"turn"`
	Step    string              `json:"step"`
	Side    engine.Side         `json:"side"`
	Units   []UnitAllowance     `json:"units"`
	Hexes   map[string][]string `json:"hexes"`
	Waiting bool                `json:"waiting,omitempty"`
}

// Event types.
const (
	EventArrivalChosen = "litn.arrival-chosen"
	EventVariableEntry = "litn.variable-entry"
	EventArrivalsDue   = "litn.arrivals-due"
)

// EventType implements Event.
func (*ArrivalChosen) EventType() string { return EventArrivalChosen }

// EventType implements Event.
func (*VariableEntryRolled) EventType() string { return EventVariableEntry }

// EventType implements Event.
func (*ArrivalsDue) EventType() string { return EventArrivalsDue }

func applyArrivals(g Game, e engine.Event) (Game, bool) {
	mv := g.LITN.Moves
	switch e := e.(type) {
	case *ArrivalChosen:
		mv.Arrivals.Chosen = lpmClone(mv.Arrivals.Chosen)
		for id, i := range e.Chosen {
			mv.Arrivals.Chosen[id] = i
		}
	case *VariableEntryRolled:
		mv.Arrivals.Entry = lpmClone(mv.Arrivals.Entry)
		for _, r := range e.Rolls {
			if r.Enters {
				mv.Arrivals.Entry[r.Unit] = e.Turn
			}
		}
	case *ArrivalsDue:
		if e.Waiting || mv.Phase == nil {
			return g, true
		}
		p := mv.Phase.clone()
		for _, a := range e.Units {
			p.Allowance[a.Unit] = a
		}
		mv.Phase = p
	default:
		return g, false
	}
	g.LITN.Moves = mv
	return g, true
}

// ---- 15.6: deciding between ways of entry ------------------------------------

func initialStep(step string) bool { return step == "" || strings.HasPrefix(step, "A") }

// decideArrive records /litn declare arrive:<unit>=<turn or hex>,...
// (15.6 Confederate Option: "The Confederate player must decide in the
// Initial Phase of turn 4").
func (g Game) decideArrive(by engine.Actor, want map[string]string) ([]engine.Event, error) {
	e := &ArrivalChosen{By: by, Turn: g.Turn, Chosen: map[string]int{}}
	for _, ref := range lpmKeys(want) {
		v := strings.TrimSpace(want[ref])
		u, err := g.ownUnit(by, ref)
		if err != nil {
			return nil, err
		}
		if e.Side != "" && e.Side != u.Side {
			return nil, engine.Invalid("litn.arrive.side", "Decide one side's arrivals at a time", "The umpire gives side by side")
		}
		e.Side = u.Side
		ways := turnArrivals(u)
		var opts []string
		for _, i := range ways {
			opts = append(opts, arrivalText(g.withHexes(u, u.Arrives[i])))
		}
		if len(ways) < 2 {
			return nil, engine.Illegal("litn.arrive.choice", u.Name+"'s record sheet gives one way of entry at most: there is nothing to decide",
				"Decide only for units whose sheet lists several arrivals (002 15.6 Confederate Option)")
		}
		first := u.Arrives[earliestArrival(u)].Turn
		if u.OnMap() || g.Turn > first || g.Turn == first && !initialStep(g.CurrentStep()) {
			now, _ := g.arrivalOf(u)
			return nil, engine.Illegal("litn.arrive.late", fmt.Sprintf("The decision for %s was due by the Initial Phase of turn %d (002 15.6); the game is at turn %d, %s", u.Name, first, g.Turn, stepName(g.CurrentStep())),
				fmt.Sprintf("It stands: %s enters %s", u.Name, arrivalText(now)))
		}
		pick := -1
		for _, i := range ways {
			a := u.Arrives[i]
			if strconv.Itoa(a.Turn) == v {
				pick = i
				break
			}
			for _, h := range g.withHexes(u, a).Hexes {
				if h == v && pick < 0 {
					pick = i
				}
			}
		}
		if pick < 0 {
			return nil, engine.Invalid("litn.arrive.choice", fmt.Sprintf("%s may enter %s; not %q", u.Name, strings.Join(opts, ", or "), v),
				fmt.Sprintf("Give arrive:%s=<turn> with one of those turns", ref))
		}
		e.Chosen[u.ID] = pick
	}
	if len(e.Chosen) == 0 {
		return nil, engine.Invalid("litn.arrive.choice", "No unit was named", "Give arrive:<unit>=<turn>,<unit>=<turn>")
	}
	return []engine.Event{e}, nil
}

// Say implements Sayer: a side's arrivals to come are its secret
// (2.5).
func (e *ArrivalChosen) Say(g Game) []Say {
	var p []string
	for _, id := range lpmKeys(e.Chosen) {
		u := g.LITN.Units[id]
		if i := e.Chosen[id]; i >= 0 && i < len(u.Arrives) {
			p = append(p, fmt.Sprintf("%s enters %s", u.Name, arrivalText(g.withHexes(u, u.Arrives[i]))))
		}
	}
	if e.Default {
		return []Say{{string(e.Side), fmt.Sprintf("⏰ No decision by the Initial Phase of turn %d (002 15.6 Confederate Option): the earliest way of entry is taken: %s.", e.Turn, strings.Join(p, "; "))}}
	}
	return []Say{{string(e.Side), "📋 Decided (002 15.6 Confederate Option): " + strings.Join(p, "; ") + "."}}
}

// ---- as a Command Phase begins -----------------------------------------------

// arrivalsAtCommand runs as the side's Command Phase begins: the
// undecided ways of entry whose earliest turn has come are settled to the
// earliest (15.6 Confederate Option), and the Confederate rolls for the
// variable entries (15.6 Variable Entry).
func (g Game) arrivalsAtCommand(side engine.Side, d engine.Dice, lib *engine.Library) ([]engine.Event, error) {
	var evs []engine.Event
	ch := &ArrivalChosen{Side: side, Turn: g.Turn, Chosen: map[string]int{}, Default: true}
	for _, u := range g.UnitsOf(side) {
		if u.OnMap() || u.Eliminated || len(turnArrivals(u)) < 2 {
			continue
		}
		if _, ok := g.LITN.Moves.Arrivals.Chosen[u.ID]; ok {
			continue
		}
		if i := earliestArrival(u); u.Arrives[i].Turn <= g.Turn {
			ch.Chosen[u.ID] = i
		}
	}
	if len(ch.Chosen) > 0 {
		evs = append(evs, ch)
	}
	if side != engine.CSA {
		return evs, nil
	}
	ve := &VariableEntryRolled{Turn: g.Turn}
	for _, u := range g.UnitsOf(side) {
		if u.OnMap() || u.Eliminated || g.LITN.Moves.Arrivals.Entry[u.ID] > 0 {
			continue
		}
		for _, a := range u.Arrives {
			if a.By != SheetByVariableEntry || a.Turn > g.Turn {
				continue
			}
			var tb *engine.Table
			if lib != nil {
				tb = lib.Table(VariableEntryTable)
			}
			if tb == nil {
				return nil, engine.Invalid("litn.variable-entry", "The table "+VariableEntryTable+" is missing", "Pass the library with LITN's tables (scenarios/rules/litn-scenarios.yaml)")
			}
			turn := g.Turn
			if f := tb.Fact("turn"); f != nil {
				turn = max(f.Min, min(turn, f.Max))
			}
			tr, err := tb.Roll(d, engine.Facts{"turn": turn})
			if err != nil {
				return nil, err
			}
			ve.Rolls = append(ve.Rolls, EntryRoll{Unit: u.ID, Name: u.Name, Roll: tr, Enters: tr.Outcome == "enters", Hexes: g.withHexes(u, a).Hexes})
		}
	}
	if len(ve.Rolls) > 0 {
		evs = append(evs, ve)
	}
	return evs, nil
}

// Say implements Sayer: units still to come are the Confederate's
// secret (2.5).
func (e *VariableEntryRolled) Say(g Game) []Say {
	var b strings.Builder
	fmt.Fprintf(&b, "🎲 Variable entry, turn %d (002 15.6, table %s):", e.Turn, VariableEntryTable)
	for _, r := range e.Rolls {
		fmt.Fprintf(&b, "\n- %s: %s: %s", r.Name, tableLine(r.Roll), r.Roll.Name)
		for _, rd := range r.Roll.Redirects {
			fmt.Fprintf(&b, " (%s)", rd.Reason)
		}
		if r.Enters {
			fmt.Fprintf(&b, ". It may enter this turn at %s, in your Movement Phase.", or(r.Hexes))
		} else {
			b.WriteString(". Roll again next turn.")
		}
	}
	return []Say{{string(engine.CSA), b.String()}}
}

// ---- the Movement Phase ----------------------------------------------------------

// arrivalsDue lists the side's units due to enter, with their full
// allowance (15.5), as its Movement Phase begins (waiting false) or the
// ones still off the map as it ends (waiting).
func (g Game) arrivalsDue(step string, side engine.Side, waiting bool) ([]engine.Event, error) {
	e := &ArrivalsDue{Turn: g.Turn, Step: step, Side: side, Hexes: map[string][]string{}, Waiting: waiting}
	var missing []string
	for _, u := range g.UnitsOf(side) {
		a, ok := g.ArrivalDue(u)
		if !ok {
			continue
		}
		full, ok := g.reinforcementAllowance(u.ID)
		if !ok {
			missing = append(missing, mAKind(u))
			continue
		}
		why := "a reinforcement on its turn of entry has its full movement allowance, " + full.String() + " MP, and may force march (002 15.5)"
		if side != engine.CSA || Year(g.Options.Scenario) != 1863 {
			why = "an arriving unit has its full movement allowance, " + full.String() + " MP, and may force march: 002 15.5's rule for 1863 Confederate reinforcements, the only one the rules give for arrivals (docs/litn-play-movement.md)"
		}
		e.Units = append(e.Units, UnitAllowance{Unit: u.ID, Name: u.Name, Allowance: full, Full: true, Why: why})
		e.Hexes[u.ID] = append([]string(nil), a.Hexes...)
	}
	if len(missing) > 0 && !waiting {
		sort.Strings(missing)
		return nil, engine.Illegal("litn.move.basic-ma", "The basic movement allowances printed on the map are not recorded for: "+strings.Join(lpmDedupe(missing), ", "),
			"The umpire records them: /litn declare ma:infantry=N,cavalry=N,artillery=N,wagon=N,leader=N (002 7.1 A), then /phase next")
	}
	if len(e.Units) == 0 {
		return nil, nil
	}
	return []engine.Event{e}, nil
}

// Say implements Sayer: to the side only (2.5).
func (e *ArrivalsDue) Say(g Game) []Say {
	var p []string
	for _, a := range e.Units {
		if e.Waiting {
			p = append(p, a.Name)
		} else {
			p = append(p, fmt.Sprintf("%s at %s with %s MP (full: may force march)", a.Name, or(e.Hexes[a.Unit]), a.Allowance))
		}
	}
	if e.Waiting {
		return []Say{{string(e.Side), fmt.Sprintf("⏳ Not entered this Movement Phase: %s %s off the map and may enter in a later Movement Phase of yours (002 15.5).", strings.Join(p, ", "), lmIf(len(p) > 1, "wait", "waits"))}}
	}
	return []Say{{string(e.Side), "🚩 Due to enter this Movement Phase (002 15.5; the record sheet): " + strings.Join(p, "; ") +
		".\nEnter with /litn move units:<them> path:<entry hex> [terrain],<hex>...: the map-edge hex of entry is the first hex of movement and costs as you declare it; units that entered at the same hex before cost nothing more; units may enter as a stack (002 15.5). A unit not entered waits."}}
}

// entering resolves a move of units off the map that enter it (15.5):
// (nil, nil) when the first unit named is not one, so that the move is an
// ordinary one.
func (g Game) entering(by engine.Actor, side engine.Side, refs []string, path []PathHex) ([]mover, error) {
	if len(refs) == 0 {
		return nil, nil
	}
	first, err := g.ownUnit(by, refs[0])
	if err != nil || first.OnMap() {
		return nil, nil
	}
	var out []mover
	seen := map[string]bool{}
	for _, ref := range refs {
		u, err := g.ownUnit(by, ref)
		if err != nil {
			return nil, err
		}
		if u.OnMap() {
			return nil, engine.Illegal("litn.move.enter", fmt.Sprintf("%s enters the map, %s is already on it at %s", first.Name, u.Name, u.At),
				"Units entering move together from their entry hex (002 15.5); move the others separately")
		}
		if u.Side != side {
			return nil, engine.Illegal("litn.move.side", fmt.Sprintf("%s is not a %s unit", u.Name, sideName(side)), "Name units of the side whose move it is")
		}
		a, due := g.ArrivalDue(u)
		if !due {
			hint := "Units enter in their side's Movement Phase from the turn of arrival on the record sheet (002 15, 15.5)"
			if w, ok := g.arrivalOf(u); ok {
				hint = fmt.Sprintf("%s enters %s, in your Movement Phase (002 15.5)", u.Name, arrivalText(w))
			} else if len(u.Arrives) > 0 && u.Arrives[0].By == SheetByVariableEntry {
				hint = "It enters once a variable entry roll succeeds (002 15.6)"
			}
			return nil, engine.Illegal("litn.move.off-map", u.Name+" is not on the map and may not enter now", hint)
		}
		if len(path) > 0 {
			ok := false
			for _, h := range a.Hexes {
				ok = ok || h == path[0].At
			}
			if !ok {
				return nil, engine.Illegal("litn.move.entry", fmt.Sprintf("%s enters at %s, not %s", u.Name, or(a.Hexes), path[0].At),
					"Begin the path with the entry hex: the map-edge hex of entry counts as the first hex of movement (002 15.5)")
			}
		}
		if seen[u.ID] {
			continue
		}
		seen[u.ID] = true
		out = append(out, mover{Unit: g.moveUnit(u)})
	}
	return out, nil
}
