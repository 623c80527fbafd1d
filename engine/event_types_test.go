package engine

import (
	"sort"
	"testing"
)

// Rulesets.EventTypes lists each type once, sorted, and DecodeEvent knows
// every one of them (a kernel type missing from kernelEventTypes would be
// missed by the stored logs' coverage test).
func TestEventTypesDecode(t *testing.T) {
	var rs *Rulesets // the kernel and its built-in modules
	types := rs.EventTypes()
	if !sort.StringsAreSorted(types) {
		t.Fatal("EventTypes is not sorted")
	}
	seen := map[string]bool{}
	for _, typ := range types {
		if seen[typ] {
			t.Errorf("%s listed twice", typ)
		}
		seen[typ] = true
		e, err := rs.DecodeEvent(typ, []byte("{}"))
		if err != nil {
			t.Errorf("%s: %v", typ, err)
			continue
		}
		if e.EventType() != typ {
			t.Errorf("%s decodes to a %s", typ, e.EventType())
		}
	}
	t.Logf("%d event types", len(types))
}
