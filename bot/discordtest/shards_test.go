package discordtest_test

import (
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/umpire-games/umpire/bot/discordtest"
)

// With sharded clients, an interaction goes to the session of its guild's
// shard, (guild_id >> 22) % num_shards, as on Discord.
func TestInteractionsGoToTheGuildsShard(t *testing.T) {
	srv := discordtest.NewServer(t, discordtest.Options{HeartbeatInterval: 400 * time.Millisecond})
	var mu sync.Mutex
	got := map[int][]string{} // shard → guilds of the interactions it received
	for shard := range 2 {
		openSession(t, srv, func(s *discordgo.Session) {
			s.ShardID, s.ShardCount = shard, 2
			s.AddHandler(func(_ *discordgo.Session, ic *discordgo.InteractionCreate) {
				mu.Lock()
				defer mu.Unlock()
				got[shard] = append(got[shard], ic.GuildID)
			})
		})
	}
	ctx := testCtx(t)
	if err := srv.WaitShards(ctx, 2); err != nil {
		t.Fatal(err)
	}
	if ids := srv.ConnectedShards(); len(ids) != 2 || ids[0] != 0 || ids[1] != 1 {
		t.Fatalf("connected shards %v", ids)
	}
	for _, id := range srv.Identifies() {
		if id.Shard == nil || id.Shard[1] != 2 {
			t.Fatalf("identify without the shard: %+v", id.Shard)
		}
	}
	guilds := []string{strconv.FormatUint(4<<22, 10), strconv.FormatUint(5<<22, 10), strconv.FormatUint(7<<22, 10)}
	for _, g := range guilds {
		if _, err := srv.DispatchInteraction(srv.SlashCommand(discordtest.SlashCommand{Name: "roll", GuildID: g})); err != nil {
			t.Fatal(err)
		}
	}
	if err := srv.WaitFor(ctx, func() bool {
		mu.Lock()
		defer mu.Unlock()
		return len(got[0])+len(got[1]) == len(guilds)
	}); err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	defer mu.Unlock()
	for shard, gs := range got {
		for _, g := range gs {
			if discordtest.ShardOf(g, 2) != shard {
				t.Errorf("guild %s (shard %d) reached shard %d", g, discordtest.ShardOf(g, 2), shard)
			}
		}
	}
	if len(got[0]) != 1 || len(got[1]) != 2 {
		t.Errorf("shard 0 got %v, shard 1 got %v: want guild 4<<22 on 0, 5<<22 and 7<<22 on 1", got[0], got[1])
	}
}
