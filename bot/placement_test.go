package bot

import (
	"context"
	"strings"
	"testing"
)

// Lee is set up "with any CSA corps commander" (000 VIII): the player
// places him from the track into a hex with one, and nowhere else.
func TestLeeIsPlacedWithACorpsCommander(t *testing.T) {
	r := NewRouter(openStore(t), WithLogger(quietLog()))
	startLRTG(t, r, nil)
	ctx := context.Background()
	move := func(to string) Output {
		return r.Handle(ctx, Request{ChannelID: "war", User: leeA, Command: "move", Options: map[string]string{"units": "csa.lee", "to": to}}).first()
	}
	out := move("SS2030") // Hood's hex: no corps commander
	if out.Error == nil || out.Error.Code != "move.with_corps_commander" || !strings.Contains(out.Text, "Longstreet (SS4331)") {
		t.Fatalf("Lee placed without a corps commander: %+v", out)
	}
	g, err := r.gameHere(ctx, Request{ChannelID: "war", User: leeA})
	if err != nil {
		t.Fatal(err)
	}
	if g.Units["csa.lee"].OnMap {
		t.Fatal("a refused placement moved Lee")
	}
	out = move("SS4331") // Longstreet
	if out.Error != nil {
		t.Fatalf("Lee with Longstreet: %s", out.Text)
	}
	g, _ = r.gameHere(ctx, Request{ChannelID: "war", User: leeA})
	if u := g.Units["csa.lee"]; !u.OnMap || u.Ref != "SS4331" || u.Track != "" {
		t.Fatalf("Lee = %+v", u)
	}
	// Once on the map he moves as any leader does.
	if out := move("SS2030"); out.Error != nil {
		t.Fatalf("Lee's later move: %s", out.Text)
	}
}
