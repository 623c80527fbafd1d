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

func TestParseUnitKind(t *testing.T) {
	for _, c := range []struct {
		in   string
		want UnitKind
		ok   bool
	}{
		{"infantry", KindInfantry, true},
		{" Cavalry ", KindCavalry, true},
		{"LEADER", KindLeader, true},
		{"wagon", KindWagon, true},
		{"cav", "", false},
		{"", "", false},
		{"dummy", "", false},
	} {
		k, ok := ParseUnitKind(c.in)
		if ok != c.ok || (ok && k != c.want) {
			t.Errorf("ParseUnitKind(%q) = %q, %v; want %q, %v", c.in, k, ok, c.want, c.ok)
		}
	}
	if got, want := UnitKindList(), "leader, infantry, cavalry, artillery, militia or wagon"; got != want {
		t.Errorf("UnitKindList() = %q, want %q", got, want)
	}
}
