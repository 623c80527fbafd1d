package engine

// VictoryState is the state the Victory Point record needs beyond its
// entries (vp.go: stations by line, counties' turns of control, LRTG VII).
type VictoryState struct{}
