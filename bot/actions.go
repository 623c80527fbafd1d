package bot

func actionCommands() []*Command { return nil }
