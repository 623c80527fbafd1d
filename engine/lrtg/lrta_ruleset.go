package lrtg

import (
	"fmt"
	"strings"
	"time"

	"github.com/umpire-games/umpire/engine"
)

// LRTARuleset is Long Roads to Antietam (004) as a ruleset: a variant of
// LRTG, played on LRTG's modules (lrtgModules) with its own added, one
// substituted (the supply segment, whose foraging is LRTA's own under the
// simplified supply rules) and its own sequence of play
// (scenarios/sequence/lrta-sequence.yaml), whose steps take the LRTG ids
// where they are the same step and reuse LRTG's procedures there.
func LRTARuleset() *engine.Ruleset {
	mods := replaceModule(lrtgModules(), "segment", lrtaSegmentModule())
	mods = replaceModule(mods, "control", lrtaControlModule()) // 004 2 Command Transfers (lrta_shared.go)
	mods = append(mods,
		lrtaArmyModule(),
		lrtaEventsModule(),
		lrtaMoveModule(),
		lrtaSupplyModule(),
		lrtaStartModule(),
		lrtaVictoryModule(),
		lrtaSteps(),
	)
	return engine.NewRuleset(LRTA, seriesHooks(engine.Hooks{
		OwnsScenario: func(id string) bool { return strings.HasPrefix(id, "lrta-") },
		// 004 Turn Record: one day a turn; the record prints a "Sept 31"
		// (turn 44), a day of play the calendar does not count.
		TurnDate: func(_ string, turn int) time.Time { return lrtaTurnDate(turn) },
		TurnDays: func(string, int) int { return 1 },
		LastTurn: ScenarioLastTurn, // 004 Turn Record: turn 54, October 10
		// records.go: the morale checks and the turn record, as in LRTG.
		TurnLabel: func(_ string, turn int) string {
			if turn == lrtaSeptember31 {
				return "September 31, 1862 (as printed)"
			}
			return ""
		},
		Variant: lrtgVariant{
			// variant1: 004's rules where move.go, records.go, segment_depots.go,
			// unitlog.go, turnstart.go, places.go, attach_*.go, hidden.go,
			// halleck.go and comms.go ask (lrta_shared.go).
			restriction:       Game.lrtaRestriction, // 004's Union restrictions replace LRTG 12.x
			railParalysed:     lrtaRailParalysed,    // 004 Rear Area Paralysis
			railBarredWhere:   "a Confederate-controlled county",
			strategic:         &lrtaStrategic,
			haupt:             lrtaHaupt,
			unionAttachLimit:  Game.lrtaAttachLimit,
			detachRefused:     lrtaDetachRefused,
			noReleases:        true,
			arrivals:          Game.lrtaCheckEntry, // 004 1 a), b)
			placeValues:       "lrta_",             // 004 Depots and Levied Supplies
			levyRefused:       lrtaLevyRefused,
			depotValues:       LRTADepotValues,
			harpersFerryDepot: &lrtaHFDepot,
			depotOnePerTurn:   true, // 004 5 h) ii)
			manpowerMisfits:   lrtaManpowerMisfits,
			noHalleck:         true,
			// (LRTA's comms step reference is lrtaCommsRules.stepRef.)

			leadersReturnInTransfer: true, // 004 3: leaders off the map return in the leader transfer phase

			railExempt:         lrtaRailExempt,
			railBarred:         lrtaRailBarred,
			navalCapacity:      lrtaNavalCapacity,
			moveRefused:        lrtaDelayed, // McClellan Delays Reinforcements
			garrisonsAtVictory: true,        // 004 8
			comms:              &lrtaCommsRules,
			spyWinner:          lrtaIntelWinner,
			spy:                [2]string{"Enemy Intelligence", "004 Enemy Intelligence"},
			armyMorale:         Game.lrtaArmyMorale, // lrta_morale.go: 004 Army Morale
			unionArmyLeader:    lrtaArmyLeaderRule,  // lrta_army_leader.go: Pope, then McClellan
			supplyCities:       true,                // lrta_supply_range.go: 004 Simplified Supply

			// variant2: lrta_variant.go.
			sequence:          "004",
			navalPhase:        "3", // 004 3: Leader Transfer / Naval Movement / Attachment Phase
			actionSteps:       lrtaActionSteps,
			firstPortion:      [2]string{"normal and remote movement only", "004 4 a), b)"},
			initiative:        lrtaInitiativeRules,
			initiativeRerolls: Game.LRTAInitiativeRerolls, // 004 Enemy Intelligence: two rerolls
			timePerLeader:     lrtaTimePerLeader,
			ownMoveCharts:     true,
			marchModifier:     lrtaMarchModifier,
			allowance:         &lrtaAllowance,
			victoryRefused:    &lrtaVictoryRefused,
		},
		UncountedDays: func(_ string, turn int) int {
			if turn < lrtaSeptember31 {
				return 1
			}
			return 0
		},
		// Deadlines (deadline_defaults.go): LRTA's communications phase
		// owes what its wait names, and has the kernel's default.
		DeadlineDefault: deadlineDefault(commonDeadlineDefault),
	}), mods...) // adapters.go: the hooks both games fill alike
}

// lrtaSegmentModule is LRTG's supply segment, whose Forage command LRTA's
// simplified supply rules settle their own way (004 Simplified Supply
// Rules: Foraging).
func lrtaSegmentModule() engine.Module {
	m := segmentModule()
	m.Name = "lrta-segment"
	lrtg := m.Decide
	m.Decide = func(k engine.GameState, cmd engine.Command, d engine.Dice) ([]engine.Event, error) {
		if f, ok := cmd.(Forage); ok && k.Options.Supply == "simplified" {
			return Of(k).decideLRTAForage(f)
		}
		return lrtg(k, cmd, d)
	}
	return m
}

// lrtaSteps is LRTA's sequence of play (004): its own steps, and LRTG's
// procedures where a step is LRTG's (the rule book is not among the
// seeds: where a chart refers to a rule it does not print, the LRTG rule
// of the same name is followed).
func lrtaSteps() engine.Module {
	return engine.Module{Name: "lrta-sequence", Steps: steps(lrtaStepRules())}
}

// lrtaStepRules are the steps as the series writes them (on Game).
func lrtaStepRules() []stepRules {
	return []stepRules{
		{ID: "1a", Begin: lrtaPAMilitia},
		{ID: "1b", Begin: lrtaReinforcements, Open: openReinforcements("004 1 b); LRTA 2.0", engine.CSA, engine.USA)},
		{ID: "1c", Begin: lrtaDCRequirements},
		{ID: lreStep, Begin: lrtaEventsStep, Wait: lrtaEventsWait},
		{ID: "1e", Wait: waitDeclarations}, // 004 1 e): secret and revealed together (LRTG 4.0)
		{ID: "1f", Begin: allocateTime},    // 004 1 f): +2 CSA, +3 USA a corps leader (TimeAllocation)
		{ID: "1g", Begin: lrtaHarpersFerry, Wait: waitHarpersFerry},
		{ID: RestRefitStep, Wait: waitRestRefit},
		// The communications phase opens in 2a (choice C13); its wait
		// joins the leaders' transfers', and it rolls the dispatches still
		// sealed when it ends.
		{ID: lrtaCommsStep, Begin: OpenCommunications, Wait: withCommsWait(waitLRTATransfers), End: endComms,
			Open: openAll(openCommandGive("004 2 (Command Transfers); LRTA 20.4"), openDispatches("004 2; LRTA 20.4"))},
		{ID: "2b", Begin: procLRTAObjectives, Wait: waitLRTAObjectives},
		{ID: "3a", Begin: stepLeaderTransfer, Wait: waitLeaderReturns("3a"), Open: openToEvery(engine.OpenLeaderTransfer, "004 3 (Leader Transfer); LRTA 10")},
		{ID: ReorganizationStep, Begin: stepUnionReorganization, Wait: waitUnionReorganization},
		{ID: "3c", Open: openToEvery(engine.OpenAttachment, "004 3 (Attachment); LRTA 10.4")},
		{ID: "3d", Open: openToEvery(engine.OpenDummies, "004 3 (Hidden Force Markers)")},
		{ID: "4a", Begin: cycleProcedure("4a"), Wait: actionWait},
		{ID: "4b", Begin: cycleProcedure("4b"), Wait: actionWait},
		{ID: "5a", Begin: procLevies, Wait: segWait("5a")},
		{ID: "5b", Begin: procSupplyStatus, Wait: segWait("5b")},
		{ID: "5c", Begin: procLRTARivers},
		{ID: "5d", Begin: procExpenditure},
		{ID: "5e", Begin: procLRTAResupply, Wait: segWait("5e")},
		{ID: "5f", Begin: procSupplyEffects},
		{ID: "5g", Begin: procRepair, Wait: segWait("5g")},
		{ID: "5h", Begin: procLRTADepots, Wait: segWait("5h")},
		{ID: "6", Begin: procRecovery}, // 004 6: the Standardized Rules, as LRTG's
		{ID: "7", Begin: procLRTACounty, Wait: segWait("7")},
		{ID: "8", Begin: procLRTAVictory, Wait: waitLRTAVictory},
	}
}

// lrtaForeign is why a game of another ruleset (LRTG) cannot take one of
// LRTA's commands: the LRTA module's own refusal, which names the game
// (e.g. "lrta.game"), as before the games were rulesets.
func lrtaForeign(g engine.GameState, cmd engine.Command, decide engine.Decider) (err error) {
	refused := engine.Illegal("lrta.game", fmt.Sprintf("/%s is a rule of Long Roads to Antietam (004)", cmd.CommandName()), "This game plays "+strings.ToUpper(string(g.Game())))
	defer func() {
		if recover() != nil {
			err = refused
		}
	}()
	if _, err := decide(g, cmd, engine.Script()); err != nil {
		return err
	}
	return refused
}

// lrtaRefused is why a game of another ruleset cannot take one of LRTA's
// commands whose own refusal says so: what the command checks first in
// any game (who may give it), then the refusal. LRTA's modules, listed in
// LRTA's ruleset only, never ask which game they are played in.
func lrtaRefused(g engine.GameState, first func(Game) error, refused error) error {
	if err := first(Of(g)); err != nil {
		return err
	}
	return refused
}

// boardReady is the first check of most of LRTA's commands.
func boardReady(by engine.Actor) func(Game) error {
	return func(g Game) error { return g.BoardReady(by) }
}

// lrtaDecisionForeign refuses one of LRTA's side decisions (lrtaSideDecision:
// lrta_army.go) in another game.
func lrtaDecisionForeign(g engine.GameState, by engine.Actor, what string) error {
	return lrtaRefused(g, boardReady(by),
		engine.Illegal("lrta.game", what+" is a rule of Long Roads to Antietam (004)", "This game plays "+strings.ToUpper(string(g.Game()))))
}

// Foreign implements ForeignCommand for LRTA's commands.
func (c ProposeRestRefit) Foreign(g engine.GameState) error {
	return lrtaDecisionForeign(g, c.By, lrtaRestRefitWhat)
}

// Foreign implements ForeignCommand.
func (c PassRestRefit) Foreign(g engine.GameState) error {
	return lrtaDecisionForeign(g, c.By, lrtaRestRefitWhat)
}

// Foreign implements ForeignCommand.
func (c AnswerRestRefit) Foreign(g engine.GameState) error {
	return lrtaDecisionForeign(g, c.By, lrtaAnswerWhat)
}

// Foreign implements ForeignCommand.
func (c ConsolidateUnit) Foreign(g engine.GameState) error {
	return lrtaRefused(g, boardReady(c.By), engine.Illegal("lrta.game", lrtaCSAReorgWhat+" is a rule of Long Roads to Antietam (004)", ""))
}

// Foreign implements ForeignCommand.
func (c FinishRestRefit) Foreign(g engine.GameState) error {
	return lrtaDecisionForeign(g, c.By, lrtaCSAReorgWhat)
}

// Foreign implements ForeignCommand.
func (c EndRestRefit) Foreign(g engine.GameState) error {
	return lrtaForeign(g, c, claims(decideLRTAArmy))
}

// Foreign implements ForeignCommand.
func (c DecideReorganization) Foreign(g engine.GameState) error {
	return lrtaDecisionForeign(g, c.By, lrtaUnionReorgWhat)
}

// Foreign implements ForeignCommand.
func (c RollReorganization) Foreign(g engine.GameState) error {
	return lrtaDecisionForeign(g, c.By, lrtaUnionReorgWhat)
}

// Foreign implements ForeignCommand: the giver's checks, then LRTA's step
// 1d, which another game does not have.
func (c GiveRawRecruits) Foreign(g engine.GameState) error {
	return lrtaRefused(g, func(g Game) error { return g.recruitsGiver(c.By) }, Of(g).recruitsStepRefused())
}

// Foreign implements ForeignCommand.
func (c RollExtendedMarch) Foreign(g engine.GameState) error {
	return lrtaForeign(g, c, claims(decideLRTAMove))
}

// Foreign implements ForeignCommand.
func (c AssessGarrisonPenalty) Foreign(g engine.GameState) error {
	return lrtaRefused(g, func(g Game) error { return g.garrisonPenaltyAssessor(c.By) },
		&engine.RuleError{Kind: engine.ErrIllegal, Code: "garrison.game", What: "The Union garrison check and its penalties are LRTA's (004 8)", Rule: lrtaRuleCheck})
}

// Foreign implements ForeignCommand: another game is played without the
// Confederate Objectives optional rule, which is LRTA's.
func (c SelectObjectives) Foreign(g engine.GameState) error {
	return lrtaRefused(g, boardReady(c.By), lrtaObjectivesOff())
}

// Foreign implements ForeignCommand.
func (c ClaimObjective) Foreign(g engine.GameState) error {
	return lrtaRefused(g, boardReady(c.By), lrtaObjectivesOff())
}

// Foreign implements ForeignCommand.
func (c ClaimDC) Foreign(g engine.GameState) error {
	return lrtaRefused(g, boardReady(c.By),
		engine.Illegal("dc.game", "Washington, DC awards are LRTA's (004 County/DC Control)", "LRTG scores the White House and the Capitol as structures (/place)"))
}

// Foreign implements ForeignCommand.
func (c DecideEmancipation) Foreign(g engine.GameState) error {
	return lrtaRefused(g, boardReady(c.By), engine.Illegal("emancipation.game", "The Emancipation Proclamation is LRTA's (004)", ""))
}

// Foreign implements ForeignCommand.
func (c CheckLRTAVictory) Foreign(g engine.GameState) error {
	return lrtaRefused(g, func(g Game) error { return g.lrtaVictoryChecker(c.By) },
		engine.Illegal("victory.game", "/victory check is LRTA's", "LRTG's umpire uses /segment victory"))
}
