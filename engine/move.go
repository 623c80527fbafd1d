package engine

// MovementState is the game's state of this rule module.
type MovementState struct{}
