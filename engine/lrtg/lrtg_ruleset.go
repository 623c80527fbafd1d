package lrtg

import (
	"fmt"
	"strings"
	"time"

	"github.com/umpire-games/umpire/engine"
)

// Ruleset is Lee Takes Command / Roads to Gettysburg (LRTG, 000-003)
// as a ruleset: every module of the game listed here, and its sequence of
// play (003) step by step. The kernel's own modules (the sequence of
// play's NextStep, the turn's advance, the channels, the deadlines:
// kernelRules) serve it as they serve every game; the chess clocks (LRTG
// 22) and the places are its own.
func Ruleset() *engine.Ruleset {
	mods := append(lrtgModules(), lrtgSteps())
	return engine.NewRuleset(LRTG, seriesHooks(engine.Hooks{
		OwnsScenario: func(id string) bool { return strings.HasPrefix(id, "lrtg-") },
		TurnDate:     func(_ string, turn int) time.Time { return lrtgTurnDate(turn) },
		TurnDays:     func(_ string, turn int) int { return lrtgTurnDays(turn) },
		LastTurn:     ScenarioLastTurn,    // 000 VIII 1) 8), VIII 2)
		OpeningTurns: engine.OpeningTurns, // 000 VIII 1) 3)
		// Deadlines (deadline_defaults.go).
		DeadlineOwing:   func(g engine.GameState) ([]engine.Owed, bool) { return lrtgDeadlineOwing(Of(g)) },
		DeadlineDefault: deadlineDefault(lrtgDeadlineDefault),
	}), mods...) // adapters.go: the hooks both games fill alike
}

// lrtgModules are LRTG's rule modules, without its sequence of play: the
// modules LRTA plays on too (lrta_ruleset.go).
func lrtgModules() []engine.Module {
	return []engine.Module{
		// The game's part of the kernel's events, first among their
		// subscribers: folded where the kernel folded it before.
		turnRecordModule(),
		setupModule(),
		actionsModule(),
		attachModule(),
		attackModule(),
		fortsModule(),
		clockModule(),
		commsModule(),
		controlModule(),
		declareModule(),
		dummiesModule(),
		halleckModule(),
		leadersModule(),
		movementModule(),
		engine.OobImportModule(),
		phase2Module(),
		placesModule(),
		quartermasterModule(),
		randomEventsModule(),
		recordsModule(),
		segmentModule(),
		statusModule(),
		turnStartModule(),
		victoryModule(),
	}
}

// lrtgSteps is LRTG's sequence of play (003): what each step does as it
// begins, who it waits for, and what ends it.
func lrtgSteps() engine.Module {
	return engine.Module{Name: "lrtg-sequence", Steps: steps(lrtgStepRules())}
}

// lrtgStepRules are the steps as the series writes them (on Game).
func lrtgStepRules() []stepRules {
	return []stepRules{
		{ID: "1a", Begin: confederateReinforcements, Open: openReinforcements("003 1 a); LRTG 3.1; 000 VIII 3)", engine.CSA)},
		{ID: "1b", Begin: unionReinforcements, Open: openReinforcements("003 1 b); LRTG 3.2", engine.USA)},
		{ID: "1c", Begin: vicksburgSurrenders, Wait: draftRiotsWait},
		{ID: RandomEventsStep, Begin: randomEventsStep, Wait: randomEventsWait},
		{ID: "1e", Wait: waitDeclarations},
		{ID: "1f", Begin: allocateTime},
		{ID: "1g", Begin: checkHarpersFerry, Wait: waitHarpersFerry},
		// 000 IV b): a passive side's leaders taken off the map return
		// as the Communications phase begins (leaders_transfer.go).
		{ID: stepArmy, Begin: stepArmyCommander, Wait: func(g Game) []string {
			return append(waitArmyCommander(g), waitLeaderReturns(stepArmy)(g)...)
		}},
		{ID: stepDistant, Begin: stepDistantCorps},
		{ID: "2c", Open: openCommandGive("003 2 c); LRTG 21.1")},
		// The communications phase rolls the dispatches still sealed
		// when it ends.
		{ID: stepComms, Begin: OpenCommunications, Wait: waitComms, End: endComms, Open: openDispatches("003 2 d); LRTG 21.2")},
		{ID: "3a", Begin: stepLeaderTransfer, Wait: waitLeaderReturns("3a"), End: halleckLeaderTransfer, Open: openToEvery(engine.OpenLeaderTransfer, "003 3 a); LRTG 16")},
		// 16.2 14): step 3b waits for the Union division of command.
		{ID: stepRedistrib, Begin: stepHookerReplacement, Wait: waitMeadeDivision},
		{ID: "3c", Open: openToEvery(engine.OpenAttachment, "003 3 c); LRTG 7.0, 18")},
		{ID: "3d", Open: openToEvery(engine.OpenDummies, "003 3 d); LRTG 20")},
		{ID: "4a", Begin: cycleProcedure("4a"), Wait: actionWait},
		{ID: "4b", Begin: cycleProcedure("4b"), Wait: actionWait},
		{ID: "5a", Begin: procLevies, Wait: segWait("5a")},
		{ID: "5b", Begin: procSupplyStatus, Wait: segWait("5b")},
		{ID: "5c", Begin: procRivers},
		{ID: "5d", Begin: procExpenditure},
		{ID: "5e", Begin: procResupply, Wait: segWait("5e")},
		{ID: "5f", Begin: procSupplyEffects},
		{ID: "5g", Begin: procRepair, Wait: segWait("5g")},
		{ID: "5h", Begin: procDepots, Wait: segWait("5h")},
		{ID: "5i", Begin: procAmmo, Wait: segWait("5i")},
		{ID: "6", Begin: procRecovery},
		{ID: "7", Begin: procCounty, Wait: segWait("7")},
		{ID: "8", Begin: procVictory, Wait: segWaitVictory},
	}
}

// replaceModule returns the modules with the one named name replaced by
// m: how a variant (LRTA) substitutes one of the game it varies. It
// panics when no module has the name (a programming error, found at
// start).
func replaceModule(mods []engine.Module, name string, m engine.Module) []engine.Module {
	out := append([]engine.Module(nil), mods...)
	for i := range out {
		if out[i].Name == name {
			out[i] = m
			return out
		}
	}
	panic(fmt.Sprintf("engine: no module %s to replace with %s", name, m.Name))
}
