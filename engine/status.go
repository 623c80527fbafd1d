package engine

// UnitStatus is a unit's status beyond manpower and fatigue.
type UnitStatus struct{}
