package bot

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
)

// unitLogGame starts a hidden High Tide game whose channels are recorded
// as Discord's adapter records them: a channel per commander and the
// umpire's (bot/channels.go).
func unitLogGame(t *testing.T, r *Router) {
	t.Helper()
	startLRTG(t, r, map[string]string{"limited_intelligence": "true"})
	ump := Request{GuildID: "g", ChannelID: "war", User: umpireA}
	if err := r.recordChannels(context.Background(), ump, "cat", map[string]string{leeA.ID: "lee-ch", meadeA.ID: "meade-ch"}, false, "ump-ch"); err != nil {
		t.Fatal(err)
	}
}

// meadeSees collects what Meade (the other side) may read of a reply:
// public outputs, his own ephemeral ones, his private channel's.
func meadeSees(req Request, rep Reply) []string {
	var out []string
	for _, o := range rep.Outputs {
		switch {
		case o.Audience.Kind == AudiencePublic,
			o.Audience.Kind == AudienceChannel && o.Audience.Channel == "meade-ch",
			o.Audience.Kind == AudienceEphemeral && (o.Audience.UserID == meadeA.ID || o.Audience.UserID == "" && req.User.ID == meadeA.ID):
			out = append(out, o.Text)
		}
	}
	return out
}

// A player's unchecked change goes on the umpire's log and his channel,
// never to the other side; a raise without a cause the rules allow is
// refused and records nothing; the log is refused to players with
// nothing of it; the umpire's own change with a reason works.
func TestUnitLogUmpireSees(t *testing.T) {
	ctx := context.Background()
	r := NewRouter(openStore(t), WithLogger(quietLog()))
	unitLogGame(t, r)
	var seen []string // all Meade may read
	do := func(req Request) Reply {
		t.Helper()
		req.GuildID, req.ChannelID = "g", "war"
		rep := r.Handle(ctx, req)
		seen = append(seen, meadeSees(req, rep)...)
		return rep
	}
	unitSet := func(u engine.Actor, opts map[string]string) Request {
		return Request{User: u, Command: "unit", Path: []string{"set"}, Options: opts}
	}
	g := gameOfG(t, r)
	hood := g.Units["csa.hood"]
	version := func() int64 {
		st, _, err := r.store.Load(ctx, "game:war", 0)
		if err != nil {
			t.Fatal(err)
		}
		return st.Version
	}

	// Refused: a raise with no cause, and with a cause the rules do not
	// give; nothing recorded.
	v0 := version()
	for _, opts := range []map[string]string{
		{"unit": "Hood", "field": "manpower", "value": "30"},
		{"unit": "Hood", "field": "manpower", "value": "30", "cause": "luck"},
		{"unit": "Hood", "field": "entrenchment", "value": "2"},
	} {
		out := do(unitSet(leeA, opts)).first()
		if out.Error == nil || out.Error.Code != "unit.cause" || !strings.Contains(out.Text, "stragglers") && !strings.Contains(out.Text, "entrench") {
			t.Fatalf("%v: %+v", opts, out)
		}
	}
	if version() != v0 {
		t.Fatal("a refused raise recorded something")
	}

	// Allowed: a raise with its cause. Lee is answered; the umpire's
	// channel is told; Meade reads nothing.
	rep := do(unitSet(leeA, map[string]string{"unit": "Hood", "field": "manpower", "value": "30", "cause": "attachment", "reason": "Pender's men"}))
	if out := rep.first(); out.Error != nil || out.Audience.Kind != AudienceEphemeral || !strings.Contains(out.Text, "Cause: attachment") {
		t.Fatalf("the raise: %+v", out)
	}
	var posted []string
	for _, o := range rep.Outputs[1:] {
		if o.Audience.Kind != AudienceChannel || o.Audience.Channel != "ump-ch" {
			t.Fatalf("an output beside the umpire's channel: %+v", o)
		}
		posted = append(posted, o.Text)
	}
	want := fmt.Sprintf("Lee (CSA) set Hood's manpower %d → 30, a raise, cause attachment (reason: Pender's men)", hood.Manpower)
	if len(posted) != 1 || !strings.Contains(posted[0], want) || !strings.Contains(posted[0], "turn 1") {
		t.Fatalf("the umpire's channel got %q, want %q", posted, want)
	}
	// A move outside any action (no step is under way), and a mark.
	rep = do(Request{User: leeA, Command: "move", Options: map[string]string{"units": "Hood", "to": "Culpeper"}})
	if len(rep.Outputs) != 2 || !strings.Contains(rep.Outputs[1].Text, "moved Hood") || !strings.Contains(rep.Outputs[1].Text, "outside any action") {
		t.Fatalf("the move: %+v", rep.Outputs)
	}
	do(Request{User: leeA, Command: "unit", Path: []string{"mark"}, Options: map[string]string{"unit": "Hood", "mark": "entrenched", "cause": "entrench"}})

	// The umpire's own change, with a reason: no cause needed, not logged.
	if out := do(unitSet(umpireA, map[string]string{"unit": "Hood", "field": "manpower", "value": "11", "reason": "the printed strength"})).first(); out.Error != nil {
		t.Fatalf("the umpire's change: %s", out.Text)
	}
	if out := do(unitSet(umpireA, map[string]string{"unit": "Hood", "field": "manpower", "value": "12"})).first(); out.Error == nil || out.Error.Code != "unit.cause" {
		t.Fatalf("the umpire's raise without cause or reason: %+v", out)
	}

	// /unit log: the umpire reads every entry.
	log := mustOK(t, r, Request{GuildID: "g", ChannelID: "war", User: umpireA, Command: "unit", Path: []string{"log"}, Options: map[string]string{}})
	for _, w := range []string{"3 changes", "#1 turn 1", want, "moved Hood", "entrenchment 0 → 1", "cause entrench"} {
		if !strings.Contains(log.Text, w) {
			t.Errorf("the log lacks %q:\n%s", w, log.Text)
		}
	}
	if strings.Contains(log.Text, "→ 11") {
		t.Errorf("the umpire's own change is on the log:\n%s", log.Text)
	}
	if out := mustOK(t, r, Request{GuildID: "g", ChannelID: "war", User: umpireA, Command: "unit", Path: []string{"log"}, Options: map[string]string{"side": "usa"}}); !strings.Contains(out.Text, "empty") {
		t.Errorf("the Union's entries: %s", out.Text)
	}

	// Refused to the players and a guest, with nothing of the log.
	for _, who := range []engine.Actor{meadeA, leeA, guestA} {
		rep := do(Request{User: who, Command: "unit", Path: []string{"log"}, Options: map[string]string{}})
		out := rep.first()
		if out.Error == nil || out.Error.Code != "unit.log" || len(rep.Outputs) != 1 {
			t.Fatalf("%s read the log: %+v", who.Name, out)
		}
		for _, leak := range []string{"Hood", "30", "entries", "changes", "empty", "Lee", "#1"} {
			if strings.Contains(out.Text, leak) {
				t.Errorf("%s's refusal says %q: %s", who.Name, leak, out.Text)
			}
		}
	}
	// Meade's reads, and everything he was shown, say nothing of it.
	for _, c := range []string{"oob", "vp"} {
		do(Request{User: meadeA, Command: c, Options: map[string]string{}})
	}
	do(gameReq(meadeA, "status", nil))
	for _, s := range seen {
		for _, leak := range []string{"Hood", "→ 30", "attachment", "Pender", "Culpeper", "cause entrench", "📒"} {
			if strings.Contains(s, leak) {
				t.Errorf("Meade read %q: %s", leak, s)
			}
		}
	}
}

// The console has no channels: the umpire's channel shows as "umpire",
// as the console shows a private channel's output.
func TestUnitLogConsole(t *testing.T) {
	var out bytes.Buffer
	script := strings.Join([]string{
		"/game new scenario:lrtg-high-tide limited_intelligence:true",
		"@lee /game join side:csa",
		"@meade /game join side:usa",
		"/game start",
		"@lee /unit set unit:Hood field:fatigue value:3 reason:march",
	}, "\n")
	c := &Console{Router: NewRouter(openStore(t), WithLogger(quietLog())), In: strings.NewReader(script), Out: &out, User: "umpire", Channel: "war", Guild: "g"}
	if err := c.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "[#umpire] 📒 #1 turn 1: lee (CSA) set Hood's fatigue 0 → 3 (reason: march)") {
		t.Fatalf("console:\n%s", out.String())
	}
}

// A member of the umpire role who joins a side is a player: refused the
// enemy's order of battle, the dispatch log and /phase next, and his
// answers hold nothing of the enemy. The creator may not join; /game
// status names who umpires, without a mention.
func TestUmpireRoleMemberWhoPlays(t *testing.T) {
	ctx := context.Background()
	r := NewRouter(openStore(t), WithLogger(quietLog()), WithUmpireRole("r-ump"))
	deputy := engine.Actor{ID: "u7", Name: "Deputy"}
	roles := []string{"r-ump"}
	mustOK(t, r, gameReq(umpireA, "new", map[string]string{"scenario": "lrtg-high-tide", "limited_intelligence": "true"}))
	if out := r.Handle(ctx, gameReq(umpireA, "join", map[string]string{"side": "usa"})).first(); out.Error == nil || out.Error.Code != "game.umpire_joins" {
		t.Fatalf("the creator joined a side: %+v", out)
	}
	join := gameReq(deputy, "join", map[string]string{"side": "csa"})
	join.Roles = roles
	mustOK(t, r, join)
	mustOK(t, r, gameReq(meadeA, "join", map[string]string{"side": "usa"}))
	mustOK(t, r, gameReq(umpireA, "start", nil))

	as := func(req Request) Request {
		req.GuildID, req.ChannelID, req.User, req.Roles = "g", "war", deputy, roles
		return req
	}
	g := gameOfG(t, r)
	var enemy []string // the Union's secrets: its units' names with their hexes
	for _, u := range g.Units {
		if u.Side == engine.USA && u.OnMap && !u.Kind.IsLeader() {
			enemy = append(enemy, u.ID, u.Ref)
		}
	}
	check := func(what string, rep Reply) {
		t.Helper()
		for _, o := range rep.Outputs {
			for _, s := range enemy {
				if s != "" && strings.Contains(o.Text, s) {
					t.Errorf("%s: the deputy reads %q: %s", what, s, o.Text)
				}
			}
		}
	}
	for _, c := range []struct {
		what string
		req  Request
		code string
	}{
		{"/oob side:usa", Request{Command: "oob", Options: map[string]string{"side": "usa"}}, "oob.secret"},
		{"/dispatch log", Request{Command: "dispatch", Path: []string{"log"}, Options: map[string]string{}}, "dispatch.log"},
		{"/phase next", Request{Command: "phase", Path: []string{"next"}, Options: map[string]string{}}, "phase.umpire"},
		{"/unit log", Request{Command: "unit", Path: []string{"log"}, Options: map[string]string{}}, "unit.log"},
		{"/game pause", Request{Command: "game", Path: []string{"pause"}, Options: map[string]string{"reason": "x"}}, "game.umpire"},
	} {
		rep := r.Handle(ctx, as(c.req))
		if out := rep.first(); out.Error == nil || out.Error.Code != c.code {
			t.Errorf("%s: %+v, want refused with %s", c.what, out, c.code)
		}
		check(c.what, rep)
	}
	own := r.Handle(ctx, as(Request{Command: "oob", Options: map[string]string{}}))
	if out := own.first(); out.Error != nil || !strings.Contains(out.Text, "Hood") {
		t.Fatalf("his own /oob: %+v", out)
	}
	check("/oob", own)
	check("/map", r.Handle(ctx, as(Request{Command: "map", Options: map[string]string{"at": "Culpeper", "radius": "4"}})))
	// His changes are a player's: on the log.
	mustOK(t, r, as(Request{Command: "unit", Path: []string{"set"}, Options: map[string]string{"unit": "Hood", "field": "fatigue", "value": "1"}}))
	if log := lrtg.Of(gameOfG(t, r)).UnitLog(); len(log) != 1 || log[0].By.ID != deputy.ID {
		t.Fatalf("log: %+v", log)
	}
	// Another member of the role, who plays no side, still umpires.
	other := Request{GuildID: "g", ChannelID: "war", User: hallA, Roles: roles}
	mustOK(t, r, phaseReq(other, "next", map[string]string{"force": "true", "reason": "test"}))

	status := mustOK(t, r, gameReq(guestA, "status", nil))
	if !strings.Contains(status.Text, "umpire Umpire and the members of the server's umpire role who play no side") || strings.Contains(status.Text, "<@") {
		t.Errorf("status: %s", status.Text)
	}
	plain := NewRouter(openStore(t), WithLogger(quietLog()))
	startLRTG(t, plain, nil)
	if s := mustOK(t, plain, gameReq(guestA, "status", nil)); !strings.Contains(s.Text, "— umpire Umpire\n") {
		t.Errorf("status without a role: %s", s.Text)
	}
}

// gameOfG is the game in channel war of guild g.
func gameOfG(t *testing.T, r *Router) engine.GameState {
	t.Helper()
	g, err := r.game(context.Background(), Request{GuildID: "g", ChannelID: "war"})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// A group of two: the creator of an open game joins a side, the table is
// told he keeps the umpire's powers, and /game status says so to a guest.
func TestCreatorPlaysAnOpenGameAndTheTableIsTold(t *testing.T) {
	r := NewRouter(openStore(t), WithLogger(quietLog()))
	mustOK(t, r, gameReq(umpireA, "new", map[string]string{"scenario": "lrtg-high-tide"}))
	join := mustOK(t, r, gameReq(umpireA, "join", map[string]string{"side": "csa"}))
	if join.Audience.Kind != AudiencePublic || !strings.Contains(join.Text, "Umpire created this open game and keeps the umpire's powers while he plays") {
		t.Fatalf("join: %+v", join)
	}
	mustOK(t, r, gameReq(meadeA, "join", map[string]string{"side": "usa"}))
	status := mustOK(t, r, gameReq(meadeA, "status", nil))
	if !strings.Contains(status.Text, "umpire Umpire (who also commands for the CSA: he can read the other side's dispatches)") {
		t.Fatalf("status: %s", status.Text)
	}
	// The playing umpire still starts the game.
	mustOK(t, r, gameReq(umpireA, "start", nil))
}
