package bot

func randomEventCommands() []*Command { return nil }
