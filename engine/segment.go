package engine

// SegmentState is the game's state of this module of the sequence of play.
type SegmentState struct{}
