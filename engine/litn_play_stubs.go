package engine

// The phase modules' state types (LITNState), stubbed here until their
// files define them: each helper moves its type into its own file.

// LITNInitialPlay is 3.1 A's state (litn_play_initial.go).
type LITNInitialPlay struct{}

// LITNInitiativePlay is 3.1 B's state (litn_play_turn.go).
type LITNInitiativePlay struct{}

// LITNMovePlay is 3.1 C-F's state (litn_play_move.go).
type LITNMovePlay struct{}

// LITNCombatPlay is 3.1 G's state (litn_play_combat.go).
type LITNCombatPlay struct{}

// LITNConclusionPlay is 3.1 H's state (litn_play_turn.go).
type LITNConclusionPlay struct{}
