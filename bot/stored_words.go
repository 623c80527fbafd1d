package bot

// storedThenSaid is what an event that once carried sentences tells, a
// sentence a line: the sentences it was stored with (an event written
// before its codes), then each of its notes said (one written since).
// The random events, LRTA's random events and its victory phase share it.
func storedThenSaid[N any](stored []string, notes []N, say func(N) string) []string {
	out := append([]string(nil), stored...)
	for _, n := range notes {
		out = append(out, say(n))
	}
	return out
}
