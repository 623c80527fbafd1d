package engine

// Side is one of the two armies' sides.
type Side string

// The sides.
const (
	CSA Side = "csa"
	USA Side = "usa"
)

// enemyOf returns the other side.
func EnemyOf(s Side) Side {
	if s == CSA {
		return USA
	}
	return CSA
}

// UnitSetup is a unit as a scenario sets it up: on the map, or on a
// reinforcement or release track.
type UnitSetup struct {
	ID       string // unique in the order of battle, e.g. "csa.mclaws"
	Name     string
	Side     Side
	Kind     UnitKind // leader, infantry, cavalry, artillery, militia (UnitKinds)
	Size     string   // army, corps, division, brigade, regiment, battalion, battery
	Command  string   // the corps or designation as printed: "1", "VI", "Cav", "AoP", "DC", "Balt"
	Manpower int      // 0 for leaders
	// On the map: the printed hex and its place in the theatre grid.
	Ref    HexRef
	Hex    Hex
	OnMap  bool
	Track  string // off the map: "reinforcement", "richmond-garrison", "csa-reinforcement", "balt-dc", "wv", "pa-militia"...
	Slot   int    // the position on the track (turn, box or group number)
	Entry  string // where it enters, as the rules say
	Marks  []string
	Notes  string
	Source string
}

// OrderOfBattle is a side's (or both sides') set-up for a scenario.
type OrderOfBattle struct {
	Game    Game
	Variant string // "" or e.g. "jackson-lives"
	Units   []UnitSetup
	Depots  []DepotSetup
	Damaged []string // railroad stations that start damaged (place names)
	Chits   map[Side]int
	Source  string
}

// DepotSetup is a depot on the map at the start.
type DepotSetup struct {
	Side     Side
	Place    string
	Optional bool
	Source   string
}

// Unit returns the unit with the id, or nil.
func (o *OrderOfBattle) Unit(id string) *UnitSetup {
	for i := range o.Units {
		if o.Units[i].ID == id {
			return &o.Units[i]
		}
	}
	return nil
}

// Count returns how many units of the side (and kind, if given) there are.
func (o *OrderOfBattle) Count(side Side, kind UnitKind) int {
	n := 0
	for _, u := range o.Units {
		if u.Side == side && (kind == "" || u.Kind == kind) {
			n++
		}
	}
	return n
}
