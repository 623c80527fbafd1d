package lrtg

import (
	"fmt"
	"sort"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// Dummy force markers (LRTG 20 Limited Intelligence, on the Standardized
// Rules' Limited Intelligence; 003 3 d) "Hidden Force Marker Placement &
// Removal"; LRTA 004 3d likewise). A dummy is a force marker with no units
// under it: the enemy sees it as he sees any hidden stack (view.go).
//
//   - Limits (20.0): the Confederates may have 12 in play while a majority
//     of their infantry corps commanders is south of the Potomac, 6 once a
//     majority is north; the Union 6 while a majority of its infantry corps
//     commanders is south, 12 once a majority is north. A tie is not a
//     majority either way (choice D1): the Confederates keep 12, the Union
//     6. LRTA's charts refer to the Standardized Rules: the same limits
//     (choice D2).
//   - Placed and removed in step 3d when the game follows the sequence of
//     play (/phase); at any time otherwise. A player places his own side's;
//     the umpire may place or remove either side's.
//   - A dummy goes on a hex with no unit and no other marker (choice D3:
//     a force marker already stands on any occupied hex).
//   - Lowering the limit does not remove dummies in play (choice D4): no
//     new one may be placed until the side is under its limit again.
//   - The loser of the Spy (LRTG 2.0 7)) or of LRTA's Enemy Intelligence
//     "removes all of his force markers ... and may place no additional
//     hidden force markers this turn": his dummies in play are gone from
//     that turn on, and he may place none until the next turn.
//   - A force of its side entering a dummy's hex merges with it (choice D5,
//     dummies_merge.go): the marker now covers units, so it is no longer
//     a dummy and moves on with them. An enemy unit entering its hex finds
//     it out and it is removed (choice D6): no hex shows a marker of each
//     side.
//   - "The presence of dummy markers does not restrict strategic movement"
//     (20.0): movement never looks at dummies.

// Event types.
const (
	EventDummyPlaced    = "dummy.placed"
	EventDummiesRemoved = "dummy.removed"
)

const stepHiddenMarkers = "3d"

// DummiesState is every dummy placed in the game.
type DummiesState struct {
	Markers []Dummy `json:"markers,omitempty"`
}

// Dummy is one dummy force marker.
type Dummy struct {
	Side engine.Side `json:"side"`
	Hex  engine.Hex  `json:"hex"`
	Ref  string      `json:"ref,omitempty"`
	Turn int         `json:"turn"` // placed on
}

// PlaceDummy places a dummy (Side: the umpire's choice of side).
type PlaceDummy struct {
	By     engine.Actor
	Side   engine.Side
	Hex    engine.Hex
	Ref    string
	Reason string
	Data   *engine.MoveData // the map (the Potomac) and the order of battle, for the limit
}

// RemoveDummies removes a side's dummy at Hex, or all of them.
type RemoveDummies struct {
	By     engine.Actor
	Side   engine.Side
	Hex    engine.Hex
	Ref    string
	All    bool
	Reason string
}

func (PlaceDummy) CommandName() string    { return "dummy place" }
func (RemoveDummies) CommandName() string { return "dummy remove" }

// DummyPlaced records a placement.
type DummyPlaced struct {
	By     engine.Actor `json:"by"`
	Dummy  Dummy        `json:"dummy"`
	Reason string       `json:"reason,omitempty"`
}

// DummiesRemoved records removals.
type DummiesRemoved struct {
	By     engine.Actor `json:"by"`
	Side   engine.Side  `json:"side"`
	Hexes  []engine.Hex `json:"hexes"`
	Reason string       `json:"reason,omitempty"`
}

func (*DummyPlaced) EventType() string    { return EventDummyPlaced }
func (*DummiesRemoved) EventType() string { return EventDummiesRemoved }

// dummiesModule is dummy counters.
func dummiesModule() engine.Module {
	return engine.Module{Name: "dummies",
		Commands: []engine.Command{PlaceDummy{}, RemoveDummies{}}, Decide: claims(decideDummies),
		Events: []engine.Event{&DummyPlaced{}, &DummiesRemoved{}},
		Apply:  folds(applyDummies)}
}

func decideDummies(g Game, cmd engine.Command, _ engine.Dice) ([]engine.Event, bool, error) {
	switch c := cmd.(type) {
	case PlaceDummy:
		evs, err := g.decidePlaceDummy(c)
		return evs, true, err
	case RemoveDummies:
		evs, err := g.decideRemoveDummies(c)
		return evs, true, err
	}
	return nil, false, nil
}

func applyDummies(g Game, e engine.Event) (Game, bool) {
	switch e := e.(type) {
	case *DummyPlaced:
		g.Dummies.Markers = append(append([]Dummy(nil), g.Dummies.Markers...), e.Dummy)
		return g, true
	case *DummiesRemoved:
		gone := map[engine.Hex]bool{}
		for _, h := range e.Hexes {
			gone[h] = true
		}
		var keep []Dummy
		for _, d := range g.Dummies.Markers {
			if !(d.Side == e.Side && gone[d.Hex]) {
				keep = append(keep, d)
			}
		}
		g.Dummies.Markers = keep
		return g, true
	}
	return g, false
}

// lostSpySince reports whether the side lost the Spy on a turn after
// `after` up to this one.
func (g Game) lostSpySince(s engine.Side, after int) bool {
	for t := after; t <= g.Turn; t++ {
		if w := spyWinnerOn(g, t); w != "" && w != s {
			return true
		}
	}
	return false
}

// ActiveDummies are the dummies in play: placed and not removed, and not
// swept away by a Spy loss since they were placed.
func (g Game) ActiveDummies() []Dummy {
	if g.Options.IntelMode() != engine.IntelLimited {
		return nil
	}
	var out []Dummy
	for _, d := range g.Dummies.Markers {
		if !g.lostSpySince(d.Side, d.Turn) {
			out = append(out, d)
		}
	}
	return out
}

// DummiesOf are a side's dummies in play.
func (g Game) DummiesOf(s engine.Side) []Dummy {
	var out []Dummy
	for _, d := range g.ActiveDummies() {
		if d.Side == s {
			out = append(out, d)
		}
	}
	return out
}

// DummyLimit is how many dummies a side may have in play (20.0), and why.
func (g Game) DummyLimit(s engine.Side, d *engine.MoveData) (int, string) {
	north, south := 0, 0
	for _, u := range g.Units {
		if u.Side != s || !u.Kind.IsLeader() || !u.OnMap || u.Eliminated || !isInfantryCorpsCommander(d, u) {
			continue
		}
		if northOfPotomac(d, u.Hex) {
			north++
		} else {
			south++
		}
	}
	where := fmt.Sprintf("%d of the %s infantry corps commanders north of the Potomac, %d south", north, sideName(s), south)
	majorityNorth := north > south
	switch {
	case s == engine.CSA && !majorityNorth:
		return 12, where + ": 12 (LRTG 20.0)"
	case s == engine.CSA:
		return 6, where + ": 6 (LRTG 20.0)"
	case majorityNorth:
		return 12, where + ": 12 (LRTG 20.0)"
	}
	return 6, where + ": 6 (LRTG 20.0)"
}

// isInfantryCorpsCommander: a corps commander (2b's reading) who does not
// lead a cavalry corps.
func isInfantryCorpsCommander(d *engine.MoveData, u engine.UnitState) bool {
	if !isCorpsCommanderFor2b(d, u) {
		return false
	}
	c := strings.ToLower(u.Command)
	return c != "cav" && c != "cavalry" && !strings.HasPrefix(c, "cav ")
}

// dummySide is the side an actor places or removes dummies for.
func (g Game) dummySide(by engine.Actor, side engine.Side) (engine.Side, error) {
	if g.Options.IntelMode() != engine.IntelLimited {
		return "", engine.Illegal("dummy.mode", fmt.Sprintf("Dummies belong to limited intelligence (LRTG 20); this game's is %s", g.Options.IntelMode()),
			"The umpire chooses intelligence:limited when he creates a game")
	}
	if g.IsUmpire(by) {
		if side != engine.CSA && side != engine.USA {
			return "", engine.Invalid("dummy.side", "Say whose dummy it is", "Add side:csa or side:usa")
		}
		return side, nil
	}
	p := g.Player(by.ID)
	if p == nil {
		return "", engine.Illegal("dummy.player", "Only the commanders of a side place its dummies", "Join the game, or ask the umpire")
	}
	if side != "" && side != p.Side {
		return "", engine.Illegal("dummy.enemy", "You place and remove your own side's dummies only", "Leave side out")
	}
	if step := g.CurrentStep(); step != "" && step != stepHiddenMarkers {
		return "", engine.Illegal("dummy.step", fmt.Sprintf("Dummies are placed and removed in step 3d, Hidden Force Markers; the turn is at step %s", step),
			"Wait for step 3d (003 3 d), LRTG 20)")
	}
	return p.Side, nil
}

func (g Game) decidePlaceDummy(c PlaceDummy) ([]engine.Event, error) {
	if err := g.BoardReady(c.By); err != nil {
		return nil, err
	}
	side, err := g.dummySide(c.By, c.Side)
	if err != nil {
		return nil, err
	}
	if w := spyWinnerOn(g, g.Turn); w != "" && w != side && !g.IsUmpire(c.By) {
		event, rule := spyContest(g)
		return nil, engine.Illegal("dummy.spy", fmt.Sprintf("The %s lost %s this turn: they may place no hidden force markers until the next turn", sideName(side), event),
			fmt.Sprintf("(%s)", rule))
	}
	ref := c.Ref
	if ref == "" {
		ref = fmt.Sprint(c.Hex)
	}
	for _, u := range g.Units {
		if u.OnMap && !u.Eliminated && u.Hex == c.Hex {
			return nil, engine.Illegal("dummy.occupied", fmt.Sprintf("%s holds a force already", ref), "A dummy goes on a hex with no unit and no marker")
		}
	}
	for _, d := range g.ActiveDummies() {
		if d.Hex == c.Hex {
			return nil, engine.Illegal("dummy.occupied", fmt.Sprintf("%s holds a force already", ref), "A dummy goes on a hex with no unit and no marker")
		}
	}
	limit, why := g.DummyLimit(side, c.Data)
	if n := len(g.DummiesOf(side)); n >= limit {
		return nil, engine.Illegal("dummy.limit", fmt.Sprintf("The %s have %d dummies in play, their limit: %s", sideName(side), n, why),
			"Remove one first (/dummy remove)")
	}
	if g.IsUmpire(c.By) && g.Player(c.By.ID) == nil && strings.TrimSpace(c.Reason) == "" {
		return nil, engine.Invalid("dummy.reason", "The umpire places a side's dummy with a reason", "Add reason:<why>")
	}
	return []engine.Event{&DummyPlaced{By: c.By, Dummy: Dummy{Side: side, Hex: c.Hex, Ref: c.Ref, Turn: g.Turn}, Reason: c.Reason}}, nil
}

func (g Game) decideRemoveDummies(c RemoveDummies) ([]engine.Event, error) {
	if err := g.BoardReady(c.By); err != nil {
		return nil, err
	}
	side, err := g.dummySide(c.By, c.Side)
	if err != nil {
		return nil, err
	}
	var hexes []engine.Hex
	for _, d := range g.DummiesOf(side) {
		if c.All || d.Hex == c.Hex {
			hexes = append(hexes, d.Hex)
		}
	}
	if len(hexes) == 0 {
		if c.All {
			return nil, engine.Illegal("dummy.none", fmt.Sprintf("The %s have no dummy in play", sideName(side)), "")
		}
		ref := c.Ref
		if ref == "" {
			ref = fmt.Sprint(c.Hex)
		}
		return nil, engine.Illegal("dummy.none", fmt.Sprintf("The %s have no dummy at %s", sideName(side), ref), "/dummy list shows where yours are")
	}
	sort.Slice(hexes, func(i, j int) bool {
		return hexes[i].Q < hexes[j].Q || hexes[i].Q == hexes[j].Q && hexes[i].R < hexes[j].R
	})
	return []engine.Event{&DummiesRemoved{By: c.By, Side: side, Hexes: hexes, Reason: c.Reason}}, nil
}
