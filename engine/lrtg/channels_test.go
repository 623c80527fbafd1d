package lrtg

import (
	"errors"
	"testing"

	"github.com/umpire-games/umpire/engine"
)

func TestChannelsRecordedAndClosed(t *testing.T) {
	g := startedGame(t, opts())
	ids := map[string]string{lee.ID: "c-lee", jebA.ID: "c-jeb", meade.ID: "c-meade"}
	// Only the umpire records them, for every commander and no one else.
	for _, bad := range []engine.RecordChannels{
		{By: lee, Category: "cat", Players: ids},
		{By: ump, Players: ids},
		{By: ump, Category: "cat", Players: map[string]string{lee.ID: "c-lee", jebA.ID: "c-jeb"}},
		{By: ump, Category: "cat", Players: map[string]string{lee.ID: "c-lee", jebA.ID: "c-jeb", meade.ID: "c-meade", "u99": "x"}},
	} {
		if _, err := g.Decide(bad, engine.Script()); err == nil {
			t.Errorf("%+v was accepted", bad)
		}
	}
	created := apply(t, Game{}, withRules(engine.NewGame{By: ump, Options: opts()}), engine.Script())
	if _, err := created.Decide(engine.RecordChannels{By: ump, Category: "cat", Players: ids}, engine.Script()); !errors.Is(err, engine.ErrIllegal) {
		t.Errorf("channels before the start: %v", err)
	}

	next := apply(t, g, engine.RecordChannels{By: ump, Category: "cat", Players: ids}, engine.Script())
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
	if _, err := next.Decide(engine.RecordChannels{By: ump, Category: "cat2", Players: next.Channels.Players}, engine.Script()); !errors.Is(err, engine.ErrIllegal) {
		t.Errorf("second set of channels: %v", err)
	}
	// The ids survive the event's JSON round trip (a restart).
	evs, _ := g.Decide(engine.RecordChannels{By: ump, Category: "cat", Players: next.Channels.Players}, engine.Script())
	typ, data, err := engine.EncodeEvent(evs[0])
	if err != nil || typ != engine.EventChannelsRecorded {
		t.Fatal(typ, err)
	}
	back, err := testDecode(typ, data)
	if err != nil {
		t.Fatal(err)
	}
	if re := g.Apply(back); re.Channels.Players[meade.ID] != "c-meade" || re.Channels.Category != "cat" {
		t.Errorf("replayed channels = %+v", re.Channels)
	}

	if _, err := next.Decide(engine.CloseChannels{By: ump, Mode: "burn"}, engine.Script()); !errors.Is(err, engine.ErrInvalid) {
		t.Errorf("mode burn: %v", err)
	}
	if _, err := next.Decide(engine.CloseChannels{By: meade, Mode: engine.ChannelsDelete}, engine.Script()); !errors.Is(err, engine.ErrIllegal) {
		t.Errorf("a player closing: %v", err)
	}
	arch := apply(t, next, engine.CloseChannels{By: ump, Mode: engine.ChannelsArchive}, engine.Script())
	if _, ok := arch.Channels.Channel(lee.ID); ok || arch.Channels.Players[lee.ID] != "c-lee" {
		t.Errorf("archived channels still route, or lost their ids: %+v", arch.Channels)
	}
	if _, err := arch.Decide(engine.CloseChannels{By: ump, Mode: engine.ChannelsArchive}, engine.Script()); !errors.Is(err, engine.ErrIllegal) {
		t.Errorf("archiving twice: %v", err)
	}
	del := apply(t, arch, engine.CloseChannels{By: ump, Mode: engine.ChannelsDelete}, engine.Script())
	if _, err := del.Decide(engine.CloseChannels{By: ump, Mode: engine.ChannelsDelete}, engine.Script()); !errors.Is(err, engine.ErrIllegal) {
		t.Errorf("deleting twice: %v", err)
	}
	if _, err := g.Decide(engine.CloseChannels{By: ump, Mode: engine.ChannelsDelete}, engine.Script()); !errors.Is(err, engine.ErrIllegal) {
		t.Errorf("closing channels that were never made: %v", err)
	}
}

// Channels recorded before the umpire's channel existed get it added, and
// only it: the same category and commanders' channels, once.
func TestChannelsAddTheUmpiresToOlderChannels(t *testing.T) {
	g := startedGame(t, opts())
	ids := map[string]string{lee.ID: "c-lee", jebA.ID: "c-jeb", meade.ID: "c-meade"}
	old := apply(t, g, engine.RecordChannels{By: ump, Category: "cat", Players: ids}, engine.Script())
	for _, bad := range []engine.RecordChannels{
		{By: ump, Category: "cat", Players: old.Channels.Players},                                                                   // nothing to add
		{By: ump, Category: "cat2", Players: old.Channels.Players, Umpire: "c-ump"},                                                 // another category
		{By: ump, Category: "cat", Players: map[string]string{lee.ID: "x", jebA.ID: "c-jeb", meade.ID: "c-meade"}, Umpire: "c-ump"}, // other channels
		{By: lee, Category: "cat", Players: old.Channels.Players, Umpire: "c-ump"},                                                  // a player
	} {
		if _, err := old.Decide(bad, engine.Script()); err == nil {
			t.Errorf("%+v was accepted", bad)
		}
	}
	added := apply(t, old, engine.RecordChannels{By: ump, Category: "cat", Players: old.Channels.Players, Umpire: "c-ump"}, engine.Script())
	if id, ok := added.Channels.UmpireChannel(); !ok || id != "c-ump" || added.Channels.Players[lee.ID] != "c-lee" {
		t.Fatalf("channels: %+v", added.Channels)
	}
	if _, err := added.Decide(engine.RecordChannels{By: ump, Category: "cat", Players: old.Channels.Players, Umpire: "c-ump2"}, engine.Script()); !errors.Is(err, engine.ErrIllegal) {
		t.Errorf("a second umpire's channel: %v", err)
	}
}
