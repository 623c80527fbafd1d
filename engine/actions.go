package engine

// ActionState is the game's state of this module of the sequence of play.
type ActionState struct{}
