package bot

// The board's rule modules add their commands here, each from its own
// file: movement (move.go), unit status and combat results (status.go),
// attachment (attach.go), records (records.go).

// moduleCommands are the modules' top-level commands.
func moduleCommands() []*Command {
	var out []*Command
	for _, f := range []func() []*Command{moveCommands, statusCommands, attackCommands, attachCommands, recordCommands, vpCommands, phaseCommands,
		turnStartCommands, randomEventCommands, declareCommands, leaderCommands, actionCommands, segmentCommands, controlCommands,
		lrtaEventCommands, lrtaTurnStartCommands,
		lrtaArmyCommands,
		lrtaVictoryCommands,
		commsCommands, dummyCommands,
		deadlineCommands,
		clockCommands,   // clock.go: /clock (LRTG 22)
		terrainCommands, // terrain.go: /terrain, a group's terrain layer (issue 21)
		// litn_sheet.go: /sheet, LITN Player Record Sheets (002 2.5)
		litnSheetCommands,
		litnCommands, // litn_play.go: /litn, playing LITN (002 3.1)
	} {
		out = append(out, f()...)
	}
	return out
}

// unitModuleSubcommands are the modules' subcommands of /unit.
func unitModuleSubcommands() []*Command {
	var out []*Command
	for _, f := range []func() []*Command{moveUnitSubcommands, statusUnitSubcommands, attachUnitSubcommands, lrtaMoveUnitSubcommands, unitLogSubcommands} {
		out = append(out, f()...)
	}
	return out
}

// gameModuleSubcommands are the modules' subcommands of /game.
func gameModuleSubcommands() []*Command {
	var out []*Command
	for _, f := range []func() []*Command{moveGameSubcommands, recordGameSubcommands, oobGameSubcommands, channelGameSubcommands,
		quartermasterGameSubcommands} {
		out = append(out, f()...)
	}
	return out
}
