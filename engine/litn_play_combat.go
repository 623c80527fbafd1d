package engine

// 3.1 G, the Combat Phase in play (issue 10): stub, filled by its module.

// LITNCombatPlay is 3.1 G's state.
type LITNCombatPlay struct{}

// LITNMajorVictories returns the winners of the current turn's major
// victories (10.8), one entry per battle: the Conclusion Phase records
// them (15.1) and Hooker's marker moves back for the Union's (15.6).
func (g GameState) LITNMajorVictories() []Side { return nil }
