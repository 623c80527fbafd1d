package bot

func recordCommands() []*Command        { return nil }
func recordGameSubcommands() []*Command { return nil }
