package store

import (
	"context"
	"testing"
)

func TestStreamsOfKindAcrossGuilds(t *testing.T) {
	eachDB(t, func(t *testing.T, s *Store, _ *clock) {
		mustAppend(t, s, Append{Stream: "game:b", GuildID: "g2", Kind: "game", Records: []NewRecord{rec("x", `{}`)}})
		mustAppend(t, s, Append{Stream: "game:a", GuildID: "g1", Kind: "game", Records: []NewRecord{rec("x", `{}`)}})
		mustAppend(t, s, Append{Stream: "channel:a", GuildID: "g1", Kind: "channel", Records: []NewRecord{rec("x", `{}`)}})
		got, err := s.StreamsOfKind(context.Background(), "game")
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != 2 || got[0].ID != "game:a" || got[0].GuildID != "g1" || got[1].ID != "game:b" || got[1].GuildID != "g2" {
			t.Fatalf("game streams: %+v", got)
		}
		if got, err := s.StreamsOfKind(context.Background(), "none"); err != nil || len(got) != 0 {
			t.Fatalf("no such kind: %v %v", got, err)
		}
	})
}
