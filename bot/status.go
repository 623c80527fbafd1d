package bot

func statusCommands() []*Command        { return nil }
func statusUnitSubcommands() []*Command { return nil }
