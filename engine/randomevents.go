package engine

// EventsState is the game's state of this module of the sequence of play.
type EventsState struct{}
