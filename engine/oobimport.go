package engine

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// Importing an order of battle (issue 7): the umpire loads a group's own
// order of battle before the game starts (/game oob). The file is read and
// checked outside the engine (scenarios.ParseOrderOfBattle, against the
// game's map); the engine records it, whole, in the game's stream, so that
// a replay or a restart never depends on the file. /game start then sets
// up the last order of battle imported instead of the shipped one.

// ImportOOB records an order of battle for the game's set-up.
type ImportOOB struct {
	By     Actor
	OOB    *OrderOfBattle
	SHA256 string // of the file as loaded, for the record
}

// CommandName implements Command.
func (ImportOOB) CommandName() string { return "game oob" }

// EventOOBImported is the event type of an imported order of battle.
const EventOOBImported = "oob.imported"

// OOBImported is an order of battle the umpire loaded: every unit, depot,
// damaged station and time chit of the file, as /game start will set them
// up. It replaces any order of battle imported before it.
type OOBImported struct {
	By      Actor          `json:"by"`
	SHA256  string         `json:"sha256,omitempty"`
	Game    Game           `json:"game"`
	Variant string         `json:"variant,omitempty"`
	Source  string         `json:"source,omitempty"`
	Units   []ImportedUnit `json:"units"`
	Depots  []StartDepot   `json:"depots,omitempty"`
	Sources []string       `json:"depot_sources,omitempty"` // parallel to Depots
	Damaged []string       `json:"damaged_stations,omitempty"`
	Chits   map[Side]int   `json:"time_chits,omitempty"`
}

// EventType implements Event.
func (*OOBImported) EventType() string { return EventOOBImported }

// ImportedUnit is a UnitSetup as the stream keeps it.
type ImportedUnit struct {
	ID       string   `json:"id"`
	Name     string   `json:"name"`
	Side     Side     `json:"side"`
	Kind     UnitKind `json:"kind"`
	Size     string   `json:"size,omitempty"`
	Command  string   `json:"command,omitempty"`
	Manpower int      `json:"manpower,omitempty"`
	OnMap    bool     `json:"on_map"`
	Hex      Hex      `json:"hex"`
	Ref      string   `json:"ref,omitempty"` // printed hex, e.g. "SS1418"
	Track    string   `json:"track,omitempty"`
	Slot     int      `json:"slot,omitempty"`
	Entry    string   `json:"entry,omitempty"`
	Marks    []string `json:"marks,omitempty"`
	Notes    string   `json:"notes,omitempty"`
	Source   string   `json:"source,omitempty"`
}

// oobImportModule is an order of battle loaded before the start.
func OobImportModule() Module {
	return Module{Name: "oob-import",
		Commands: []Command{ImportOOB{}}, Decide: Claims(decideImportOOB),
		Events: []Event{&OOBImported{}},
		Apply:  Folds(applyImportOOB)}
}

func decideImportOOB(g GameState, cmd Command, _ Dice) ([]Event, bool, error) {
	c, ok := cmd.(ImportOOB)
	if !ok {
		return nil, false, nil
	}
	if err := g.NeedGame(); err != nil {
		return nil, true, err
	}
	if !g.IsUmpire(c.By) {
		return nil, true, Illegal("game.umpire", "Only the umpire loads an order of battle", fmt.Sprintf("Ask %s", g.Umpire.Name))
	}
	if g.Ended != nil {
		return nil, true, Illegal("game.ended", "The game has ended", "Load an order of battle into a new game")
	}
	if g.Started {
		return nil, true, Illegal("oob.started", "The game has started: its order of battle is set up",
			"An order of battle is loaded before /game start; change units now with /unit set or /move (umpire, with a reason)")
	}
	if c.OOB == nil {
		return nil, true, Invalid("oob.file", "No order of battle was given", "Attach the file (docs/oob-format.md)")
	}
	seen := map[string]bool{}
	n := map[Side]int{}
	for _, u := range c.OOB.Units {
		if seen[u.ID] {
			return nil, true, Invalid("oob.file", fmt.Sprintf("Unit %s is given twice", u.ID), "Ids are unique")
		}
		seen[u.ID] = true
		n[u.Side]++
	}
	for _, s := range []Side{CSA, USA} {
		if n[s] == 0 {
			return nil, true, Invalid("oob.file", fmt.Sprintf("The order of battle has no %s units", strings.ToUpper(string(s))),
				"An import replaces the whole order of battle: give both sides")
		}
	}
	return []Event{NewOOBImported(c.By, c.SHA256, c.OOB)}, true, nil
}

// applyImportOOB claims the event: the state keeps nothing of it (the
// stream does; /game start reads the last one), so folding it changes
// nothing.
func applyImportOOB(g GameState, e Event) (GameState, bool) {
	if _, ok := e.(*OOBImported); ok {
		return g, true
	}
	return g, false
}

// NewOOBImported copies an order of battle into an event.
func NewOOBImported(by Actor, sum string, o *OrderOfBattle) *OOBImported {
	e := &OOBImported{By: by, SHA256: sum, Game: o.Game, Variant: o.Variant, Source: o.Source,
		Damaged: append([]string(nil), o.Damaged...)}
	for _, u := range o.Units {
		iu := ImportedUnit{ID: u.ID, Name: u.Name, Side: u.Side, Kind: u.Kind, Size: u.Size, Command: u.Command, Manpower: u.Manpower,
			OnMap: u.OnMap, Hex: u.Hex, Track: u.Track, Slot: u.Slot, Entry: u.Entry, Marks: append([]string(nil), u.Marks...),
			Notes: u.Notes, Source: u.Source}
		if u.OnMap {
			iu.Ref = u.Ref.String()
		}
		e.Units = append(e.Units, iu)
	}
	for _, d := range o.Depots {
		e.Depots = append(e.Depots, StartDepot{Side: d.Side, Place: d.Place, Optional: d.Optional})
		e.Sources = append(e.Sources, d.Source)
	}
	if len(o.Chits) > 0 {
		e.Chits = map[Side]int{}
		for k, v := range o.Chits {
			e.Chits[k] = v
		}
	}
	return e
}

var printedRef = regexp.MustCompile(`^(.*?)(\d\d)(\d\d)$`)

// OrderOfBattle rebuilds the order of battle the event recorded.
func (e *OOBImported) OrderOfBattle() *OrderOfBattle {
	o := &OrderOfBattle{Game: e.Game, Variant: e.Variant, Source: e.Source, Chits: map[Side]int{},
		Damaged: append([]string(nil), e.Damaged...)}
	for _, u := range e.Units {
		us := UnitSetup{ID: u.ID, Name: u.Name, Side: u.Side, Kind: u.Kind, Size: u.Size, Command: u.Command, Manpower: u.Manpower,
			OnMap: u.OnMap, Hex: u.Hex, Track: u.Track, Slot: u.Slot, Entry: u.Entry, Marks: append([]string(nil), u.Marks...),
			Notes: u.Notes, Source: u.Source}
		if m := printedRef.FindStringSubmatch(u.Ref); m != nil {
			col, _ := strconv.Atoi(m[2])
			row, _ := strconv.Atoi(m[3])
			us.Ref = HexRef{Sheet: m[1], Col: col, Row: row}
		}
		o.Units = append(o.Units, us)
	}
	for i, d := range e.Depots {
		ds := DepotSetup{Side: d.Side, Place: d.Place, Optional: d.Optional}
		if i < len(e.Sources) {
			ds.Source = e.Sources[i]
		}
		o.Depots = append(o.Depots, ds)
	}
	for k, v := range e.Chits {
		o.Chits[k] = v
	}
	return o
}

// Count returns how many units of the side the import holds.
func (e *OOBImported) Count(side Side) int {
	n := 0
	for _, u := range e.Units {
		if u.Side == side {
			n++
		}
	}
	return n
}
