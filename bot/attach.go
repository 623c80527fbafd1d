package bot

func attachCommands() []*Command        { return nil }
func attachUnitSubcommands() []*Command { return nil }
