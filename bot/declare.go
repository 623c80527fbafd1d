package bot

func declareCommands() []*Command { return nil }
