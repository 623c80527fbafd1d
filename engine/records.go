package engine

// RecordsState is the game's state of this rule module.
type RecordsState struct{}
