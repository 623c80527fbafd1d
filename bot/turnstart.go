package bot

func turnStartCommands() []*Command { return nil }
