package engine

// TurnStartState is the game's state of this module of the sequence of play.
type TurnStartState struct{}
