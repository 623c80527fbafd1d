package engine

// AttachState is the game's state of this rule module.
type AttachState struct{}

// UnitDetachment is what a unit records of detachment and attachment.
type UnitDetachment struct{}
