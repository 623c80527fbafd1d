package engine

// RecordsState is the game's state of this rule module.
type RecordsState struct{}

// VictoryState is the state the Victory Point record needs beyond its
// entries (vp.go: stations by line, counties' turns of control, LRTG VII).
type VictoryState struct{}
