package bot

func moveCommands() []*Command        { return nil }
func moveUnitSubcommands() []*Command { return nil }
func moveGameSubcommands() []*Command { return nil }
