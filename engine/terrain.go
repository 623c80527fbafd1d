package engine

import "sort"

// The maps' terrain and roads are not in the rules the project ships: a
// group owns them and loads them as a terrain layer for one map (a
// theatre), as it loads its copies of the printed charts
// (docs/terrain-layer.md). A layer may be partial: a hex it does not name
// has no terrain here, and whoever moves there states it.

// Hexside features: the fixed vocabulary of a layer's hexsides.
//
// Road, pike, trail and railroad run from hex centre to hex centre: the
// layer gives them on the hexsides they cross. Rivers, minor rivers and
// creeks run along hexsides. A ford or a bridge is where a road or a unit
// crosses water: each needs water on the same hexside. Fords and bridges
// are in the vocabulary because the printed maps show them and the rules
// turn on them (LRTG 000 I d and 14.4: permanent bridges, some that may
// not be destroyed; 13's rail path "may not ... cross a destroyed bridge");
// minor rivers because 000 I a tells major from minor rivers (pontoon
// bridges): "river" is a major river.
const (
	FeatureRoad       = "road"
	FeaturePike       = "pike"
	FeatureTrail      = "trail"
	FeatureRailroad   = "railroad"
	FeatureRiver      = "river"
	FeatureMinorRiver = "minor-river"
	FeatureCreek      = "creek"
	FeatureFord       = "ford"
	FeatureBridge     = "bridge"
)

// HexsideFeatures is the vocabulary in the order a hexside's features are
// listed.
var HexsideFeatures = []string{FeatureRoad, FeaturePike, FeatureTrail, FeatureRailroad,
	FeatureRiver, FeatureMinorRiver, FeatureCreek, FeatureFord, FeatureBridge}

// LineFeature reports whether a feature runs centre to centre (a layer may
// give it as a chain of hexes).
func LineFeature(f string) bool {
	return f == FeatureRoad || f == FeaturePike || f == FeatureTrail || f == FeatureRailroad
}

// WaterFeature reports whether a feature runs along the hexside.
func WaterFeature(f string) bool {
	return f == FeatureRiver || f == FeatureMinorRiver || f == FeatureCreek
}

func featureRank(f string) int {
	for i, x := range HexsideFeatures {
		if x == f {
			return i
		}
	}
	return -1
}

// HexPair names the hexside between two adjacent hexes, in a fixed order
// (SideOf): the pair is the same whichever hex it is named from.
type HexPair struct {
	A Hex `json:"a"`
	B Hex `json:"b"`
}

// SideOf returns the hexside between a and b in its fixed order.
func SideOf(a, b Hex) HexPair {
	if b.Q < a.Q || b.Q == a.Q && b.R < a.R {
		a, b = b, a
	}
	return HexPair{A: a, B: b}
}

// TerrainLayer is what a group's layer says of one map: the terrain of the
// hexes it names and the features of the hexsides it names. It is public
// map data. Build it with NewTerrainLayer (its look-ups need the index);
// a nil layer knows nothing.
type TerrainLayer struct {
	Map   string               `json:"map"`
	Title string               `json:"title,omitempty"`
	Hexes map[string][]Hex     `json:"hexes"` // by terrain name, as the group wrote it
	Sides map[string][]HexPair `json:"sides"` // by feature

	hex  map[Hex]string
	side map[HexPair][]string
}

// NewTerrainLayer indexes a layer's hexes and hexsides for its look-ups.
// The lists are sorted, so that the same layer encodes the same.
func NewTerrainLayer(mapID, title string, hexes map[string][]Hex, sides map[string][]HexPair) *TerrainLayer {
	l := &TerrainLayer{Map: mapID, Title: title, Hexes: map[string][]Hex{}, Sides: map[string][]HexPair{},
		hex: map[Hex]string{}, side: map[HexPair][]string{}}
	for name, hs := range hexes {
		list := append([]Hex(nil), hs...)
		sort.Slice(list, func(i, j int) bool { return hexLess(list[i], list[j]) })
		l.Hexes[name] = list
		for _, h := range list {
			l.hex[h] = name
		}
	}
	for f, ps := range sides {
		list := make([]HexPair, 0, len(ps))
		for _, p := range ps {
			list = append(list, SideOf(p.A, p.B))
		}
		sort.Slice(list, func(i, j int) bool {
			if list[i].A != list[j].A {
				return hexLess(list[i].A, list[j].A)
			}
			return hexLess(list[i].B, list[j].B)
		})
		l.Sides[f] = list
		for _, p := range list {
			l.side[p] = append(l.side[p], f)
		}
	}
	for p, fs := range l.side {
		sort.Slice(fs, func(i, j int) bool { return featureRank(fs[i]) < featureRank(fs[j]) })
		l.side[p] = fs
	}
	return l
}

func hexLess(a, b Hex) bool { return a.Q < b.Q || a.Q == b.Q && a.R < b.R }

// Terrain returns the terrain the layer gives h, and whether it gives any
// (false: the layer does not know; the player's word decides).
func (l *TerrainLayer) Terrain(h Hex) (string, bool) {
	if l == nil {
		return "", false
	}
	t, ok := l.hex[h]
	return t, ok
}

// Hexside returns the features on the hexside between two adjacent hexes,
// in HexsideFeatures' order (the same whichever hex is named first); nil
// when the layer gives none there or the hexes are not adjacent. A layer
// says nothing of a hexside it does not name: no feature there is not
// proof that there is none, unless the layer is known to be complete.
func (l *TerrainLayer) Hexside(a, b Hex) []string {
	if l == nil || Distance(a, b) != 1 {
		return nil
	}
	return append([]string(nil), l.side[SideOf(a, b)]...)
}

// Knows reports whether the layer speaks for the hexside between a and b:
// when it gives both hexes' terrain, it gives every feature of the
// hexside between them (the format's rule, docs/terrain-layer.md), so
// Hexside's empty answer there means no road and no water. Elsewhere an
// empty answer means only that the layer does not say.
func (l *TerrainLayer) Knows(a, b Hex) bool {
	if l == nil || Distance(a, b) != 1 {
		return false
	}
	_, okA := l.hex[a]
	_, okB := l.hex[b]
	return okA && okB
}

// Counts returns how many hexes and hexsides the layer names.
func (l *TerrainLayer) Counts() (hexes, sides int) {
	if l == nil {
		return 0, 0
	}
	return len(l.hex), len(l.side)
}

// TerrainNames returns the layer's terrain names, sorted.
func (l *TerrainLayer) TerrainNames() []string {
	if l == nil {
		return nil
	}
	out := make([]string, 0, len(l.Hexes))
	for n := range l.Hexes {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// indexed rebuilds the look-ups of a layer decoded from a stored event.
func (l TerrainLayer) indexed() *TerrainLayer {
	return NewTerrainLayer(l.Map, l.Title, l.Hexes, l.Sides)
}

// Terrains is the state of a guild's terrain stream: the layer loaded for
// each map, replaced whole by a new load of the same map.
type Terrains struct {
	Layers   map[string]*TerrainLayer
	LoadedBy map[string]Actor
}

// Layer returns the layer loaded for a map, or nil.
func (t Terrains) Layer(mapID string) *TerrainLayer { return t.Layers[mapID] }

// EventTerrainLoaded is the stored type of TerrainLoaded.
const EventTerrainLoaded = "terrain.loaded"

// TerrainLoaded records a group's terrain layer for a map, checked against
// its grid, replacing any earlier layer of that map.
type TerrainLoaded struct {
	Layer  TerrainLayer `json:"layer"`
	SHA256 string       `json:"sha256,omitempty"` // of the file as loaded
	By     Actor        `json:"by"`
}

// EventType implements Event.
func (*TerrainLoaded) EventType() string { return EventTerrainLoaded }

// Apply returns the state after e. The receiver is not changed.
func (t Terrains) Apply(e Event) Terrains {
	if e, ok := e.(*TerrainLoaded); ok {
		layers := make(map[string]*TerrainLayer, len(t.Layers)+1)
		by := make(map[string]Actor, len(t.LoadedBy)+1)
		for k, v := range t.Layers {
			layers[k] = v
		}
		for k, v := range t.LoadedBy {
			by[k] = v
		}
		layers[e.Layer.Map] = e.Layer.indexed()
		by[e.Layer.Map] = e.By
		t.Layers, t.LoadedBy = layers, by
	}
	return t
}

// LoadTerrain loads a group's layer for a map: Copy is the file as read
// (scenarios.ParseTerrainFile), checked here against Map's grid and, when
// the guild has loaded one, against the terrain cost chart's rows (Costs;
// nil: terrain names are not checked).
type LoadTerrain struct {
	By     Actor
	Map    *Theatre
	Copy   TerrainCopy
	Costs  *LoadedChart
	SHA256 string
}

// CommandName implements Command.
func (LoadTerrain) CommandName() string { return "terrain load" }

// Decide checks the layer, every problem at once, and records it; nothing
// is recorded when anything is wrong.
func (t Terrains) Decide(cmd LoadTerrain) ([]Event, error) {
	l, err := cmd.Map.CheckTerrain(cmd.Copy, cmd.Costs)
	if err != nil {
		return nil, err
	}
	return []Event{&TerrainLoaded{Layer: *l, SHA256: cmd.SHA256, By: cmd.By}}, nil
}
