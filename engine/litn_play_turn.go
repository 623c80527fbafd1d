package engine

// 3.1 B (Initiative) and H (Conclusion) in play (issue 10): stub, filled
// by its module.

// LITNInitiativePlay is 3.1 B's state.
type LITNInitiativePlay struct{}

// LITNLostDispatchFound reports whether the Union holds the Lost Dispatch
// (5.1; the Command Phase's modifier reads it).
func (g GameState) LITNLostDispatchFound() bool { return false }

// LITNConclusionPlay is 3.1 H's state.
type LITNConclusionPlay struct{}
