package engine

// CommandState is the game's state of this module of the sequence of play.
type CommandState struct{}
