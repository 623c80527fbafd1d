package engine

// DeclaredState is the game's state of this module of the sequence of play.
type DeclaredState struct{}
