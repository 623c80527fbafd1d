package engine

// ViewTerrain is a hex's terrain as a loaded layer gives it (public map
// data: a group's copy of what the printed map shows).
type ViewTerrain struct {
	Hex     Hex
	Terrain string
}

// ViewHexside is a hexside's features as a loaded layer gives them.
type ViewHexside struct {
	A, B     Hex
	Features []string
}

// AddTerrain adds what a layer says of the section's hexes and of the
// hexsides of each (a hexside on the section's edge included); nil adds
// nothing.
func (v *MapView) AddTerrain(l *TerrainLayer) {
	if l == nil {
		return
	}
	seen := map[HexPair]bool{}
	for _, vh := range v.Hexes {
		if t, ok := l.Terrain(vh.Hex); ok {
			v.Terrain = append(v.Terrain, ViewTerrain{Hex: vh.Hex, Terrain: t})
		}
		for _, n := range vh.Hex.Neighbours() {
			p := SideOf(vh.Hex, n)
			if seen[p] {
				continue
			}
			seen[p] = true
			if fs := l.Hexside(p.A, p.B); len(fs) > 0 {
				v.Hexsides = append(v.Hexsides, ViewHexside{A: p.A, B: p.B, Features: fs})
			}
		}
	}
	v.TerrainTitle = l.Title
	v.HasTerrain = true
}
