package engine

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

// terrainTheatre is one invented sheet, odd columns down.
func terrainTheatre() *Theatre {
	return &Theatre{ID: "test", Sheets: []Sheet{{ID: "AA", Parity: OddColumnsDown, MinCol: 1, MaxCol: 10, MinRow: 1, MaxRow: 10}}}
}

// A loaded layer survives its event's encoding: the stored event folds to
// the same look-ups, and a second load of the map replaces it whole.
func TestTerrainLoadedRoundTrip(t *testing.T) {
	th := terrainTheatre()
	c := TerrainCopy{Map: "test", Title: "invented",
		Hexes:  []TerrainItem{{Name: "woods", Refs: []string{"AA0101-0202"}}, {Name: "clear", Refs: []string{"AA0505"}}},
		Chains: []TerrainItem{{Name: "road", Refs: []string{"AA0303", "0304", "0404"}}},
		Sides:  []TerrainItem{{Name: "creek", Refs: []string{"AA0505/0506"}}, {Name: "ford", Refs: []string{"AA0506/AA0505"}}}}
	by := Actor{ID: "u1", Name: "Ann"}
	evs, err := Terrains{}.Decide(LoadTerrain{By: by, Map: th, Copy: c, SHA256: "abc"})
	if err != nil {
		t.Fatal(err)
	}
	typ, data, err := EncodeEvent(evs[0])
	if err != nil {
		t.Fatal(err)
	}
	e, err := DecodeEvent(typ, data)
	if err != nil {
		t.Fatal(err)
	}
	st := Terrains{}.Apply(e)
	l := st.Layer("test")
	h := func(col, row int) Hex { return th.Sheets[0].Global(col, row) }
	if got, ok := l.Terrain(h(2, 2)); !ok || got != "woods" {
		t.Errorf("AA0202: %q %v", got, ok)
	}
	if got := l.Hexside(h(3, 4), h(3, 3)); !reflect.DeepEqual(got, []string{"road"}) {
		t.Errorf("road: %v", got)
	}
	if got := l.Hexside(h(5, 6), h(5, 5)); !reflect.DeepEqual(got, []string{"creek", "ford"}) {
		t.Errorf("creek: %v", got)
	}
	if !l.Knows(h(1, 1), h(1, 2)) || l.Knows(h(3, 3), h(3, 4)) || l.Knows(h(1, 1), h(1, 1)) {
		t.Error("Knows: a hexside between two hexes of the layer is known, one without their terrain is not")
	}
	if n, s := l.Counts(); n != 5 || s != 3 {
		t.Errorf("counts %d %d", n, s)
	}
	if st.LoadedBy["test"] != by || l.Title != "invented" {
		t.Errorf("by %v title %q", st.LoadedBy["test"], l.Title)
	}
	// Replaced whole: the new layer's hexes only.
	evs, err = st.Decide(LoadTerrain{By: by, Map: th, Copy: TerrainCopy{Map: "test", Hexes: []TerrainItem{{Name: "swamp", Refs: []string{"AA0909"}}}}})
	if err != nil {
		t.Fatal(err)
	}
	st2 := st.Apply(evs[0])
	if _, ok := st2.Layer("test").Terrain(h(2, 2)); ok {
		t.Error("the old layer's hexes survived the new load")
	}
	if _, ok := st.Layer("test").Terrain(h(2, 2)); !ok {
		t.Error("Apply changed its receiver")
	}
}

// A refused load records nothing.
func TestTerrainRefusedRecordsNothing(t *testing.T) {
	evs, err := Terrains{}.Decide(LoadTerrain{Map: terrainTheatre(), Copy: TerrainCopy{Map: "test", Hexes: []TerrainItem{{Name: "woods", Refs: []string{"AA1111"}}}}})
	if len(evs) != 0 || !errors.Is(err, ErrInvalid) {
		t.Fatalf("%v %v", evs, err)
	}
	long := TerrainCopy{Map: "test", Title: strings.Repeat("x", 101), Hexes: []TerrainItem{{Name: "woods", Refs: []string{"AA0101"}}}}
	if _, err := (Terrains{}).Decide(LoadTerrain{Map: terrainTheatre(), Copy: long}); err == nil || !strings.Contains(err.Error(), "the title is longer than 100 characters") {
		t.Errorf("a long title: %v", err)
	}
}

// No layer knows nothing, and says so without failing.
func TestTerrainNilLayer(t *testing.T) {
	var l *TerrainLayer
	if _, ok := l.Terrain(Hex{}); ok {
		t.Error("nil layer knows a terrain")
	}
	if l.Hexside(Hex{}, Hex{Q: 1}) != nil {
		t.Error("nil layer knows a hexside")
	}
	if (Terrains{}).Layer("x") != nil {
		t.Error("empty state has a layer")
	}
	if SideOf(Hex{1, 2}, Hex{0, 3}) != SideOf(Hex{0, 3}, Hex{1, 2}) {
		t.Error("SideOf depends on the order")
	}
}
