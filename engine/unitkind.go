package engine

import "slices"

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

// UnitKinds are the kinds the orders of battle use.
var UnitKinds = []UnitKind{KindLeader, KindInfantry, KindCavalry, KindArtillery, KindMilitia, KindWagon}

// IsLeader says whether the unit is a leader: a leader has no manpower and
// is no combat unit (the set-up's "Manpower 0 for leaders"; LRTG status.go
// "a combat result applies to combat units").
func (k UnitKind) IsLeader() bool { return k == KindLeader }

// Valid says whether k is one of UnitKinds (the order-of-battle loader
// refuses any other, listing them: scenarios/oob.go).
func (k UnitKind) Valid() bool { return slices.Contains(UnitKinds, k) }
