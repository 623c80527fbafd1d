package engine

// 3.1 A, the Initial Phase in play (issue 10): stub, filled by its module.

// LITNInitialPlay is 3.1 A's state.
type LITNInitialPlay struct{}
