package engine

// Long Roads to Antietam (004) plays on the machinery built for LRTG: its
// own sequence of play (scenarios/sequence/lrta-sequence.yaml), whose steps
// take the LRTG ids where they are the same step (1e the declaration, 3a
// leader transfer, 4a/4b the action cycle, 6 recovery), so that their
// commands and waits are shared; the steps LRTA has alone (1a PA militia
// entry, 1c DC garrison requirements, 1r Rest and Refit...) register their
// procedures for LRTA with registerGameStep. The LRTA rule book is not
// among the seeds: where a chart refers to a rule it does not print, the
// LRTG rule of the same name is followed, and the code says so.

func init() {
	// The steps LRTA shares with LRTG.
	registerGameStep(LRTA, "1e", nil, waitDeclarations) // 004 1 e): secret and revealed together (LRTG 4.0)
	registerGameStep(LRTA, "3a", stepLeaderTransfer, waitLeaderTransfer)
	registerGameStep(LRTA, "4a", cycleProcedure("4a"), actionWait)
	registerGameStep(LRTA, "4b", cycleProcedure("4b"), actionWait)
	registerGameStep(LRTA, "6", procRecovery, nil) // 004 6: the Standardized Rules, as LRTG's
}
