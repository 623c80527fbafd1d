package engine

import (
	"encoding/json"
	"testing"
)

// A typed kind keeps UnitState's stored shape: "kind" is still a string,
// and events stored before the type decode to the same kind.
func TestUnitKindJSONShape(t *testing.T) {
	b, err := json.Marshal(UnitState{ID: "csa.hood", Kind: KindInfantry})
	if err != nil {
		t.Fatal(err)
	}
	var raw map[string]any
	if err := json.Unmarshal(b, &raw); err != nil {
		t.Fatal(err)
	}
	if raw["kind"] != "infantry" {
		t.Errorf("stored kind = %#v, want the string \"infantry\"", raw["kind"])
	}
	var u UnitState
	if err := json.Unmarshal([]byte(`{"id":"csa.stuart","kind":"leader"}`), &u); err != nil {
		t.Fatal(err)
	}
	if u.Kind != KindLeader || !u.Kind.IsLeader() {
		t.Errorf("decoded kind = %q, want leader", u.Kind)
	}
}

// Valid is exact: the stored and printed kinds are lower case, and a
// counter's other words ("cav", a dummy, a force) are no unit kinds.
func TestUnitKindValid(t *testing.T) {
	for k, want := range map[UnitKind]bool{
		KindLeader: true, KindInfantry: true, KindCavalry: true, KindArtillery: true, KindMilitia: true, KindWagon: true,
		"Infantry": false, "cav": false, "": false, "dummy": false, "force": false,
	} {
		if k.Valid() != want {
			t.Errorf("UnitKind(%q).Valid() = %v, want %v", k, !want, want)
		}
	}
}
