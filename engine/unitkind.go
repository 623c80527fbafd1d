package engine

import (
	"slices"
	"strings"
)

// UnitKind is the kind of a unit as the orders of battle print it
// (scenarios/oob/*.yaml "kind:"). It is a string so that UnitState's JSON
// keeps its stored shape ("kind": "infantry"); the named constants replace
// the string literals the rules compared (issue 20).
type UnitKind string

// The kinds the orders of battle use (the loader, scenarios/oob.go, accepts
// no other). No printed order of battle has a wagon; the import template
// (docs/oob-template.yaml) shows one.
const (
	KindLeader    UnitKind = "leader"
	KindInfantry  UnitKind = "infantry"
	KindCavalry   UnitKind = "cavalry"
	KindArtillery UnitKind = "artillery"
	KindMilitia   UnitKind = "militia"
	KindWagon     UnitKind = "wagon"
)

// UnitKinds are the kinds the orders of battle use, in the order a refusal
// lists them.
var UnitKinds = []UnitKind{KindLeader, KindInfantry, KindCavalry, KindArtillery, KindMilitia, KindWagon}

// IsLeader says whether the unit is a leader: a leader has no manpower and
// is no combat unit (the set-up's "Manpower 0 for leaders"; LRTG status.go
// "a combat result applies to combat units").
func (k UnitKind) IsLeader() bool { return k == KindLeader }

// ParseUnitKind reads a kind a player typed (any case, surrounding spaces
// ignored). ok is false when it names no kind; UnitKindList then says which
// kinds there are.
func ParseUnitKind(s string) (UnitKind, bool) {
	k := UnitKind(strings.ToLower(strings.TrimSpace(s)))
	return k, slices.Contains(UnitKinds, k)
}

// UnitKindList lists the kinds for a refusal: "leader, infantry, cavalry,
// artillery, militia or wagon".
func UnitKindList() string {
	names := make([]string, len(UnitKinds))
	for i, k := range UnitKinds {
		names[i] = string(k)
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}
