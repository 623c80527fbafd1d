package bot

import "github.com/umpire-games/umpire/engine"

// seriesInfo is how the bot presents a game played on LRTG's machinery
// (engine/lrtg): LRTG itself, and LRTA, whose rules are its own booklet
// (004) read over LRTG's Standardized Rules. Where the two differ in what
// a reply cites, names or tells, the difference is a field here, given by
// each game's entry in playedGames (games.go), so that no presenter asks
// which game it speaks for (issue 20). LITN plays none of the commands
// that read these (the command table refuses them); its entry has LRTG's,
// which is what its every-game commands read before (the step context's
// charts: segment.go).
type seriesInfo struct {
	// bookletTurnStart: the turn's start is the booklet's (004 1 a)-g)):
	// reinforcements by its schedule with the Pennsylvania militia, its
	// Harpers Ferry surrender table, its random events (1d) and the Union
	// garrisons, told by lrta_turnstart.go and lrta_events.go; otherwise
	// LRTG's (3.0-3.2, the 1863 random events).
	bookletTurnStart bool
	// booklet is the rules booklet the movement presenters cite before
	// LRTG's sections ("004"), "" where LRTG's rules are the game's own
	// (moveCite).
	booklet string
	// reinforcementsFooter and actionCycleFooter cite the rules of
	// /reinforcements and /action show.
	reinforcementsFooter string
	actionCycleFooter    string
	// actionPhaseA and actionPhaseB tell what the action cycle's steps
	// 4a and 4b allow: formats of the step's title (%[1]s) and 4b's
	// (%[2]s).
	actionPhaseA, actionPhaseB string
	// bookletMorale: army morale is the booklet's (004 Army Morale: each
	// state needs an infantry division or cavalry brigade demoralized or
	// eliminated in the last three turns), whose effects are read on the
	// chart moraleEffects; otherwise LRTG's 15.2. moraleRule is the rule
	// the morale panel of /game chart cites, moraleAwardRule the one of
	// the Disorder and Panic award.
	bookletMorale   bool
	moraleEffects   string
	moraleRule      string
	moraleAwardRule string
	// unionArmy names the Union army where it is not LRTG's (004 Army
	// Morale f): the Army of the Potomac and the Army of Virginia).
	unionArmy string
	// vpRefusal is why a /vp action is not the game's (nil: every one
	// is).
	vpRefusal func(action string) error
	// crossingRule is what the Victory Point Record cites for the
	// doubling of county points, crossedRule what /vp action:crossed
	// cites, vpRecordFooter what the record says is recorded and how.
	crossingRule, crossedRule, vpRecordFooter string
	// strategicCharts are the charts of strategic movement and of its
	// disorganization (LRTG 17.1; 004 Strategic Movement).
	strategicCharts [2]string
	// railNote is what a rail move adds of the game's own restrictions
	// that the map data does not hold ("" none).
	railNote string
	// capturedRule cites the rule by which dispatches are captured.
	capturedRule string
	// lossVPRule cites the Victory Points of manpower lost (000 VII 6):
	// LRTA plays with LRTG's, as 004 prints none of its own, and its
	// replies say so rather than cite LRTG's rules as LRTA's (issue 23).
	lossVPRule string
	// sequenceBook is the printed sequence of play whose step numbers a
	// phase's reply cites ("003 8"; LRTA's 004 numbers its steps alike).
	sequenceBook string
}

// lrtgSeries is LRTG's presentation (000, 003).
var lrtgSeries = seriesInfo{
	reinforcementsFooter: "LRTG 3.0-3.2; 003 Detailed Sequence of Play 1 a), b). A reinforcement may wait for a later reinforcement phase (3.0).",
	actionCycleFooter:    "LRTG 1.0, 10, 17.2, 25; 003 4 a)-b).",
	actionPhaseA:         "⚔️ %[1]s: regular movement only; strategic, rail and naval movement wait for the %[2]s (003 4 a)). Each action phase begins with the initiative: both sides roll a die.",
	actionPhaseB:         "⚔️ %[1]s: regular, strategic, rail and naval movement until both sides pass (003 4 b); 000 IV e)).",
	moraleRule:           "15.1",
	moraleAwardRule:      "000 VII 7",
	crossingRule:         "000 VII 1",
	crossedRule:          "000 VII 1, LRTG 11.2",
	vpRecordFooter: "Recorded as they happen: the board's actions (/place), county control (/vp action:county), the rolled events (/vp action:vicksburg, draft-riots, raspberry-raid) and any other category. " +
		"Not yet computed: the occupation of Washington (+20, VII 4), Confederate wagon trains (−5, VII 2), the Wrightsville bridge (Pa. add-on map), Stuart's embarrassment (Brandy Station option).",
	strategicCharts: [2]string{"lrtg.strategic-movement", "lrtg.strategic-movement-disorganization"},
	capturedRule:    "LRTG 2.0 7): the Spy",
	lossVPRule:      "000 VII 6",
	sequenceBook:    "003",
}

// lrtaSeries is LRTA's presentation: its booklet (004) first, LRTG's
// Standardized Rules where 004 is silent.
var lrtaSeries = seriesInfo{
	bookletTurnStart:     true,
	booklet:              "004",
	reinforcementsFooter: "LRTA 2.0, 2.3; 004 Sequence of Play 1 a), b) (LRTG 3.0-3.2 where 004 is silent). A reinforcement may wait for a later reinforcement phase (LRTG 3.0).",
	actionCycleFooter:    "004 4 a)-b) (the Standardized Rules: LRTG 1.0, 10, 17.2).",
	actionPhaseA:         "⚔️ %[1]s: normal and remote movement only; naval, rail and strategic movement wait for the %[2]s (004 4 a)). Each action phase begins with the initiative: both sides roll a die.",
	actionPhaseB:         "⚔️ %[1]s: normal, remote, naval, rail and strategic movement until both sides pass (004 4 b); LRTA 5.1).",
	bookletMorale:        true,
	moraleEffects:        "lrta.army-morale-effects",
	moraleRule:           "004 Army Morale",
	moraleAwardRule:      "000 VII 7, which LRTA follows: 004 prints no award",
	unionArmy:            "Union army (AoP / AoV)",
	vpRefusal:            lrtaVPRefusal,
	crossingRule:         "004 County Control Phase; LRTG 11.2",
	crossedRule:          "004 County Control Phase: doubled if over 30 days north of the Potomac, read as LRTG 11.2",
	vpRecordFooter:       "Recorded as they happen: the board's actions (/place), county and DC control (/victory county, /victory dc), the Confederate objectives (/victory), army Disorder and Panic (/morale check), the garrison penalties (/garrison penalty) and any other category (004).",
	strategicCharts:      [2]string{"lrta.strategic-movement-allowance", "lrta.strategic-movement-disorganization"},
	railNote:             " Destroyed bridges are not in the map data: the route may not cross one (004 Railroad Restrictions).",
	capturedRule:         "004 2: intercepted dispatches",
	lossVPRule:           "000 VII 6, which LRTA follows: 004 prints no VP for losses",
	sequenceBook:         "004",
}

// seriesOf is how the bot presents the game's rules (its entry's
// seriesInfo).
func seriesOf(g engine.GameState) seriesInfo { return gameNamed(g.Game()).series }
