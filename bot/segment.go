package bot

func segmentCommands() []*Command { return nil }
