package bot

func leaderCommands() []*Command { return nil }
