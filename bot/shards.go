package bot

import (
	"fmt"
	"strconv"
	"strings"
)

// Shards is the range of Discord shards one umpire process serves
// (docs/postgres.md, "Several processes"). Discord sends a guild's events
// to shard (guild_id >> 22) % Count; the process owning that shard serves
// the guild's interactions and, through the scheduler, its games'
// deadlines and reminders. Games live with their guild, so every game has
// exactly one owner while the processes' ranges partition 0..Count-1.
type Shards struct {
	First, Last int // the range served, inclusive
	Count       int // shards in all (Discord's num_shards)
}

// AllShards is one process serving everything.
var AllShards = Shards{First: 0, Last: 0, Count: 1}

// ParseShards reads a range ("2", "0-3") of count shards.
func ParseShards(rng string, count int) (Shards, error) {
	if count < 1 {
		return Shards{}, fmt.Errorf("shard count %d: give at least 1", count)
	}
	rng = strings.TrimSpace(rng)
	if rng == "" {
		return Shards{First: 0, Last: count - 1, Count: count}, nil
	}
	lo, hi, isRange := strings.Cut(rng, "-")
	first, err := strconv.Atoi(strings.TrimSpace(lo))
	last := first
	if err == nil && isRange {
		last, err = strconv.Atoi(strings.TrimSpace(hi))
	}
	if err != nil || first < 0 || last < first || last >= count {
		return Shards{}, fmt.Errorf("shards %q: give a shard or a range within 0-%d, e.g. 0 or 0-%d", rng, count-1, count-1)
	}
	return Shards{First: first, Last: last, Count: count}, nil
}

// ShardOf is the shard of a guild among count shards: (guild_id >> 22) %
// count. A guild id that is not a snowflake (the console's) is on shard 0.
func ShardOf(guildID string, count int) int {
	id, err := strconv.ParseUint(guildID, 10, 64)
	if err != nil || count <= 1 {
		return 0
	}
	return int((id >> 22) % uint64(count))
}

// Owns reports whether the range serves the guild.
func (s Shards) Owns(guildID string) bool {
	if s.Count <= 1 {
		return true
	}
	n := ShardOf(guildID, s.Count)
	return n >= s.First && n <= s.Last
}

// IDs lists the shards of the range.
func (s Shards) IDs() []int {
	out := make([]int, 0, s.Last-s.First+1)
	for i := s.First; i <= s.Last; i++ {
		out = append(out, i)
	}
	return out
}

func (s Shards) String() string {
	if s.First == s.Last {
		return fmt.Sprintf("%d of %d", s.First, s.Count)
	}
	return fmt.Sprintf("%d-%d of %d", s.First, s.Last, s.Count)
}
