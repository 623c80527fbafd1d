package engine

// 3.1 C-F, the Command and Movement Phases in play (issue 10): stub,
// filled by its module.

// LITNMovePlay is 3.1 C-F's state. The fields below are read by other
// phases (keep their names and meaning).
type LITNMovePlay struct {
	// DestroyedBridges are the bridge places (litn-places.yaml names)
	// destroyed and not repaired (8.7; 15.1 the Harrisburg bridge).
	DestroyedBridges map[string]bool `json:"-"`
	// DestroyedRail are the printed hexes whose rail is destroyed (8.7;
	// 15.1 rail interdiction).
	DestroyedRail map[string]bool `json:"-"`
	// Entrenched are the units entrenched (8.8): the combat phase reads it.
	Entrenched map[string]bool `json:"-"`
}
