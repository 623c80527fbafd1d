package engine

import (
	"errors"
	"testing"
)

func TestChannelsRecordedAndClosed(t *testing.T) {
	g := startedGame(t, opts())
	ids := map[string]string{lee.ID: "c-lee", jebA.ID: "c-jeb", meade.ID: "c-meade"}
	// Only the umpire records them, for every commander and no one else.
	for _, bad := range []RecordChannels{
		{By: lee, Category: "cat", Players: ids},
		{By: ump, Players: ids},
		{By: ump, Category: "cat", Players: map[string]string{lee.ID: "c-lee", jebA.ID: "c-jeb"}},
		{By: ump, Category: "cat", Players: map[string]string{lee.ID: "c-lee", jebA.ID: "c-jeb", meade.ID: "c-meade", "u99": "x"}},
	} {
		if _, err := g.Decide(bad, Script()); err == nil {
			t.Errorf("%+v was accepted", bad)
		}
	}
	created := apply(t, GameState{}, withRules(NewGame{By: ump, Options: opts()}), Script())
	if _, err := created.Decide(RecordChannels{By: ump, Category: "cat", Players: ids}, Script()); !errors.Is(err, ErrIllegal) {
		t.Errorf("channels before the start: %v", err)
	}

	next := apply(t, g, RecordChannels{By: ump, Category: "cat", Players: ids}, Script())
	if g.Channels.Players != nil {
		t.Fatal("Apply wrote into the receiver")
	}
	ids["u1"] = "changed" // the state holds its own copy
	if c, ok := next.Channels.Channel(lee.ID); !ok || c != "c-lee" {
		t.Errorf("Lee's channel = %q, %v", c, ok)
	}
	if _, ok := next.Channels.Channel(ump.ID); ok {
		t.Error("the umpire has no commander's channel")
	}
	if _, err := next.Decide(RecordChannels{By: ump, Category: "cat2", Players: next.Channels.Players}, Script()); !errors.Is(err, ErrIllegal) {
		t.Errorf("second set of channels: %v", err)
	}
	// The ids survive the event's JSON round trip (a restart).
	evs, _ := g.Decide(RecordChannels{By: ump, Category: "cat", Players: next.Channels.Players}, Script())
	typ, data, err := EncodeEvent(evs[0])
	if err != nil || typ != EventChannelsRecorded {
		t.Fatal(typ, err)
	}
	back, err := testDecode(typ, data)
	if err != nil {
		t.Fatal(err)
	}
	if re := g.Apply(back); re.Channels.Players[meade.ID] != "c-meade" || re.Channels.Category != "cat" {
		t.Errorf("replayed channels = %+v", re.Channels)
	}

	if _, err := next.Decide(CloseChannels{By: ump, Mode: "burn"}, Script()); !errors.Is(err, ErrInvalid) {
		t.Errorf("mode burn: %v", err)
	}
	if _, err := next.Decide(CloseChannels{By: meade, Mode: ChannelsDelete}, Script()); !errors.Is(err, ErrIllegal) {
		t.Errorf("a player closing: %v", err)
	}
	arch := apply(t, next, CloseChannels{By: ump, Mode: ChannelsArchive}, Script())
	if _, ok := arch.Channels.Channel(lee.ID); ok || arch.Channels.Players[lee.ID] != "c-lee" {
		t.Errorf("archived channels still route, or lost their ids: %+v", arch.Channels)
	}
	if _, err := arch.Decide(CloseChannels{By: ump, Mode: ChannelsArchive}, Script()); !errors.Is(err, ErrIllegal) {
		t.Errorf("archiving twice: %v", err)
	}
	del := apply(t, arch, CloseChannels{By: ump, Mode: ChannelsDelete}, Script())
	if _, err := del.Decide(CloseChannels{By: ump, Mode: ChannelsDelete}, Script()); !errors.Is(err, ErrIllegal) {
		t.Errorf("deleting twice: %v", err)
	}
	if _, err := g.Decide(CloseChannels{By: ump, Mode: ChannelsDelete}, Script()); !errors.Is(err, ErrIllegal) {
		t.Errorf("closing channels that were never made: %v", err)
	}
}

// Channels recorded before the umpire's channel existed get it added, and
// only it: the same category and commanders' channels, once.
func TestChannelsAddTheUmpiresToOlderChannels(t *testing.T) {
	g := startedGame(t, opts())
	ids := map[string]string{lee.ID: "c-lee", jebA.ID: "c-jeb", meade.ID: "c-meade"}
	old := apply(t, g, RecordChannels{By: ump, Category: "cat", Players: ids}, Script())
	for _, bad := range []RecordChannels{
		{By: ump, Category: "cat", Players: old.Channels.Players},                                                                   // nothing to add
		{By: ump, Category: "cat2", Players: old.Channels.Players, Umpire: "c-ump"},                                                 // another category
		{By: ump, Category: "cat", Players: map[string]string{lee.ID: "x", jebA.ID: "c-jeb", meade.ID: "c-meade"}, Umpire: "c-ump"}, // other channels
		{By: lee, Category: "cat", Players: old.Channels.Players, Umpire: "c-ump"},                                                  // a player
	} {
		if _, err := old.Decide(bad, Script()); err == nil {
			t.Errorf("%+v was accepted", bad)
		}
	}
	added := apply(t, old, RecordChannels{By: ump, Category: "cat", Players: old.Channels.Players, Umpire: "c-ump"}, Script())
	if id, ok := added.Channels.UmpireChannel(); !ok || id != "c-ump" || added.Channels.Players[lee.ID] != "c-lee" {
		t.Fatalf("channels: %+v", added.Channels)
	}
	if _, err := added.Decide(RecordChannels{By: ump, Category: "cat", Players: old.Channels.Players, Umpire: "c-ump2"}, Script()); !errors.Is(err, ErrIllegal) {
		t.Errorf("a second umpire's channel: %v", err)
	}
}
