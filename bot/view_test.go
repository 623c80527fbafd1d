package bot

import (
	"context"
	"strings"
	"testing"
)

// conRun runs console lines and returns the first output of the last.
func conRun(t *testing.T, r *Router, lines ...string) Output {
	t.Helper()
	con := &Console{Router: r, User: "umpire", Guild: "g", Channel: "war"}
	var out Output
	for _, l := range lines {
		req, err := con.Parse(l)
		if err != nil {
			t.Fatalf("%s: %v", l, err)
		}
		rep := r.Handle(context.Background(), req)
		out = Output{}
		if len(rep.Outputs) > 0 {
			out = rep.Outputs[0]
		}
	}
	return out
}

// Double-blind with knowledge per commander: a commander's /oob places
// only his own units and those he sees; /map answers him alone; the game's
// status names the mode.
func TestDoubleBlindPerCommanderOOBAndMap(t *testing.T) {
	r := NewRouter(openStore(t), WithLogger(quietLog()), WithDice(SeededSource{}))
	if out := conRun(t, r, "/game new scenario:lrtg-high-tide intelligence:double-blind knowledge:commander sighting:2 seed:3"); out.Error != nil {
		t.Fatalf("game new: %s", out.Text)
	}
	conRun(t, r, "@lee /game join side:csa command:1", "@jeb /game join side:csa command:Cav,2,Rich", "@meade /game join side:usa", "/game start")
	out := conRun(t, r, "@lee /oob")
	if out.Error != nil {
		t.Fatal(out.Text)
	}
	if !strings.Contains(out.Text, "another commander's") {
		t.Errorf("Lee's /oob places Jeb's units he cannot see:\n%s", out.Text)
	}
	for _, l := range strings.Split(out.Text, "\n") {
		if strings.Contains(l, "(1 ") && strings.Contains(l, "another commander's") {
			t.Errorf("Lee's own 1st Corps unit is not placed: %s", l)
		}
	}
	status := conRun(t, r, "@lee /game status")
	if !strings.Contains(status.Text, "double-blind: enemy units seen within 2 hexes (cavalry 4), knowledge per commander") {
		t.Errorf("status does not name the mode: %s", status.Text)
	}
	m := conRun(t, r, "@lee /map at:Fredericksburg radius:3")
	if m.Error != nil || m.Audience.Kind != AudienceEphemeral || len(m.Files) != 1 {
		t.Errorf("Lee's map: %+v %q", m.Audience, m.Text)
	}
	if g := conRun(t, r, "@guest /map at:Fredericksburg radius:3"); g.Audience.Kind != AudiencePublic {
		t.Errorf("the public map of a double-blind game is %+v", g.Audience)
	}
	for _, bad := range []string{
		"/game new scenario:lrtg-high-tide knowledge:commander",
		"/game new scenario:lrtg-high-tide intelligence:fog",
		"/game new scenario:lrtg-high-tide sighting:4",
	} {
		r2 := NewRouter(openStore(t), WithLogger(quietLog()))
		if out := conRun(t, r2, bad); out.Error == nil {
			t.Errorf("%s: accepted", bad)
		}
	}
}

// Dummies through the router: the replies are the placing side's alone,
// and the enemy's /dummy list is refused.
func TestDummyCommands(t *testing.T) {
	r := NewRouter(openStore(t), WithLogger(quietLog()), WithDice(SeededSource{}))
	conRun(t, r, "/game new scenario:lrtg-high-tide limited_intelligence:true seed:3", "@lee /game join side:csa", "@meade /game join side:usa", "/game start")
	out := conRun(t, r, "@lee /dummy place hex:SS4030")
	if out.Error != nil || out.Audience.Kind != AudienceEphemeral || !strings.Contains(out.Text, "1 of 12") {
		t.Fatalf("placing: %+v %q", out.Audience, out.Text)
	}
	if out := conRun(t, r, "@meade /dummy list side:csa"); out.Error == nil {
		t.Errorf("Meade reads the Confederate dummies: %q", out.Text)
	}
	if out := conRun(t, r, "@meade /dummy list"); out.Error != nil || strings.Contains(out.Text, "SS4030") {
		t.Errorf("Meade's list: %q", out.Text)
	}
	if out := conRun(t, r, "/dummy place hex:SS4031"); out.Error == nil {
		t.Errorf("the umpire places a dummy with no side")
	}
	if out := conRun(t, r, "@lee /dummy remove"); out.Error == nil || !strings.Contains(out.Text, "which dummy") {
		t.Errorf("removing nothing: %q", out.Text)
	}
	if out := conRun(t, r, "@lee /dummy remove hex:SS4030"); out.Error != nil || !strings.Contains(out.Text, "SS4030") {
		t.Errorf("removing: %q", out.Text)
	}
	// In step 1a (the umpire runs the sequence of play) dummies wait for 3d.
	conRun(t, r, "/phase next")
	if out := conRun(t, r, "@lee /dummy place hex:SS4030"); out.Error == nil || !strings.Contains(out.Text, "step 3d") {
		t.Errorf("a dummy outside step 3d: %q", out.Text)
	}
}
