package bot

import (
	"context"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
)

func gameReq(user engine.Actor, sub string, opts map[string]string) Request {
	if opts == nil {
		opts = map[string]string{}
	}
	return Request{GuildID: "g", ChannelID: "war", User: user, Command: "game", Path: []string{sub}, Options: opts}
}

var (
	umpireA = engine.Actor{ID: "u0", Name: "Umpire"}
	leeA    = engine.Actor{ID: "u1", Name: "Lee"}
	meadeA  = engine.Actor{ID: "u2", Name: "Meade"}
	guestA  = engine.Actor{ID: "u9", Name: "Guest"}
)

func mustOK(t *testing.T, r *Router, req Request) Output {
	t.Helper()
	out := r.Handle(context.Background(), req).first()
	if out.Error != nil {
		t.Fatalf("%s %v: %s", req.Command, req.Path, out.Text)
	}
	return out
}

func TestGameLifecycleAndSecrecy(t *testing.T) {
	ctx := context.Background()
	st := openStore(t)
	r := NewRouter(st)
	out := mustOK(t, r, gameReq(umpireA, "new", map[string]string{"scenario": "lrtg-high-tide", "seed": "1863", "supply": "simplified", "optional": "23,18"}))
	// The commitment is salted (issue 19): not the bare hash of the
	// chosen seed, which anyone would find; and everyone is told the
	// umpire chose the seed, at the creation and as each player joins.
	if g, _ := r.gameHere(ctx, gameReq(umpireA, "status", nil)); strings.Contains(out.Text, engine.SeedHash(1863, 1863)) || !strings.Contains(out.Text, g.SeedHash) || g.DiceScheme != engine.DiceSchemeSalted {
		t.Fatalf("new game does not publish the salted commitment: %s", out.Text)
	}
	if !strings.Contains(out.Text, "umpire chose this game's dice seed") || out.Audience.Kind != AudiencePublic {
		t.Fatalf("the creation does not say the seed was chosen: %s", out.Text)
	}
	if j := mustOK(t, r, gameReq(leeA, "join", map[string]string{"side": "csa", "command": "1,2,3"})); !strings.Contains(j.Text, "umpire chose this game's dice seed") {
		t.Fatalf("Lee is not told as he joins: %s", j.Text)
	}
	mustOK(t, r, gameReq(meadeA, "join", map[string]string{"side": "usa"}))
	if o := r.Handle(ctx, gameReq(leeA, "start", nil)).first(); o.Error == nil || o.Error.Code != "game.umpire" {
		t.Fatalf("a player started the game: %+v", o)
	}
	out = mustOK(t, r, gameReq(umpireA, "start", nil))
	if !strings.Contains(out.Text, "31 Confederate and 100 Union units") {
		t.Fatalf("start: %s", out.Text)
	}
	status := mustOK(t, r, gameReq(leeA, "status", nil)).Text
	for _, want := range []string{"lrtg-high-tide", "turn 1", "supply simplified", "optional rule 18, optional rule 23", "Lee (overall) [1, 2, 3]", "USA: Meade (overall)", "umpire chose this game's dice seed"} {
		if !strings.Contains(status, want) {
			t.Errorf("status lacks %q:\n%s", want, status)
		}
	}

	// Each side sees only its own order of battle.
	oob := func(u engine.Actor, side string) Output {
		return r.Handle(ctx, Request{ChannelID: "war", User: u, Command: "oob", Options: map[string]string{"side": side}}).first()
	}
	csa := oob(leeA, "")
	if csa.Error != nil || csa.Audience.Kind != AudienceEphemeral || !strings.Contains(csa.Text, "McLaws") || strings.Contains(csa.Text, "Sedgwick") {
		t.Fatalf("Lee's /oob: %s", csa.Text)
	}
	usa := oob(meadeA, "")
	if usa.Error != nil || !strings.Contains(usa.Text, "Sedgwick") || strings.Contains(usa.Text, "McLaws") {
		t.Fatalf("Meade's /oob: %s", usa.Text)
	}
	if o := oob(meadeA, "csa"); o.Error == nil || o.Error.Code != "oob.secret" || strings.Contains(o.Text, "McLaws") {
		t.Fatalf("Meade asked for the Confederate OOB: %s", o.Text)
	}
	if o := oob(guestA, ""); o.Error == nil || strings.Contains(o.Text, "McLaws") || strings.Contains(o.Text, "Sedgwick") {
		t.Fatalf("a guest saw an OOB: %s", o.Text)
	}
	if o := oob(umpireA, "csa"); o.Error != nil || !strings.Contains(o.Text, "McLaws") {
		t.Fatalf("the umpire's /oob: %s", o.Text)
	}

	// Rolls in the game's channel are the game's.
	roll := mustOK(t, r, gameRollReq("r1", "2d6"))
	if len(roll.Events) != 1 || roll.Events[0].Stream != "game:war" || !strings.Contains(roll.Text, "Roll #1") {
		t.Fatalf("roll in a game: %+v", roll)
	}

	// A restart (a new router on the same store) continues identically.
	r2 := NewRouter(st)
	if got := mustOK(t, r2, gameReq(leeA, "status", nil)).Text; !strings.Contains(got, "rolls so far: 1") || strings.Replace(got, "rolls so far: 1", "", 1) != strings.Replace(status, "rolls so far: 0", "", 1) {
		t.Fatalf("status after restart:\n%s\nbefore:\n%s", got, status)
	}
	if got := r2.Handle(ctx, Request{ChannelID: "war", User: leeA, Command: "oob"}).first().Text; got != csa.Text {
		t.Fatal("the order of battle changed across a restart")
	}
	if got := mustOK(t, r2, gameRollReq("r2", "d6")).Text; !strings.Contains(got, "Roll #2") {
		t.Fatalf("numbering after restart: %s", got)
	}
}

func TestGameRefusals(t *testing.T) {
	r := NewRouter(openStore(t))
	cases := []struct {
		req  Request
		code string
	}{
		{gameReq(umpireA, "new", map[string]string{"scenario": "litn-9-nowhere"}), "game.scenario"},
		{gameReq(umpireA, "new", map[string]string{"scenario": "lrtg-high-tide", "communications": "5"}), "game.comms"},
		{gameReq(umpireA, "new", map[string]string{"scenario": "lrtg-high-tide", "optional": "18,x"}), "game.optional"},
		{gameReq(leeA, "join", map[string]string{"side": "csa"}), "game.none"},
		{gameReq(leeA, "status", nil), "game.none"},
	}
	for _, c := range cases {
		out := r.Handle(context.Background(), c.req).first()
		if out.Error == nil || out.Error.Code != c.code {
			t.Errorf("%v %v: %+v", c.req.Path, c.req.Options, out)
		}
	}
	mustOK(t, r, gameReq(umpireA, "new", map[string]string{"scenario": "lrtg-gettysburg-campaign", "jackson_lives": "true"}))
	if out := r.Handle(context.Background(), gameReq(umpireA, "new", map[string]string{"scenario": "lrtg-high-tide"})).first(); out.Error == nil || out.Error.Code != "game.exists" {
		t.Errorf("second game: %+v", out)
	}
	if out := r.Handle(context.Background(), gameReq(leeA, "join", map[string]string{"side": "xyz"})).first(); out.Error == nil || out.Error.Code != "game.side" {
		t.Errorf("bad side: %+v", out)
	}
	mustOK(t, r, gameReq(leeA, "join", map[string]string{"side": "csa"}))
	mustOK(t, r, gameReq(meadeA, "join", map[string]string{"side": "usa"}))
	if out := mustOK(t, r, gameReq(umpireA, "start", nil)); !strings.Contains(out.Text, "33 Confederate") {
		t.Errorf("Jackson Lives start: %s", out.Text)
	}
}

func TestGameEndAndAudit(t *testing.T) {
	ctx := context.Background()
	st := openStore(t)
	r := NewRouter(st)
	mustOK(t, r, gameReq(umpireA, "new", map[string]string{"scenario": "lrtg-high-tide", "seed": "77"}))
	mustOK(t, r, gameRollReq("a1", "2d6+1"))
	mustOK(t, r, Request{ChannelID: "war", User: leeA, Command: "table", Path: []string{"roll"}, Options: map[string]string{"table": "lrtg.beauregard"}})
	if out := r.Handle(ctx, gameReq(leeA, "audit", nil)).first(); out.Error == nil || out.Error.Code != "game.running" {
		t.Fatalf("audit before the end: %+v", out)
	}
	if out := r.Handle(ctx, gameReq(leeA, "end", nil)).first(); out.Error == nil || out.Error.Code != "game.umpire" {
		t.Fatalf("a player ended the game: %+v", out)
	}
	end := mustOK(t, r, gameReq(umpireA, "end", map[string]string{"reason": "a draw"}))
	if !strings.Contains(end.Text, "(77, 77)") || !strings.Contains(end.Text, "a draw") {
		t.Fatalf("end: %s", end.Text)
	}
	audit := mustOK(t, r, gameReq(guestA, "audit", nil))
	if !strings.Contains(audit.Text, "✅") || !strings.Contains(audit.Text, "all 3 dice") || strings.Contains(audit.Text, "does not replay") {
		t.Fatalf("audit: %s", audit.Text)
	}
	if out := r.Handle(ctx, gameRollReq("a2", "d6")).first(); out.Error == nil || out.Error.Code != "game.ended" {
		t.Fatalf("roll after the end: %+v", out)
	}
}

func startLRTG(t *testing.T, r *Router, extra map[string]string) {
	t.Helper()
	opts := map[string]string{"scenario": "lrtg-high-tide"}
	for k, v := range extra {
		opts[k] = v
	}
	mustOK(t, r, gameReq(umpireA, "new", opts))
	mustOK(t, r, gameReq(leeA, "join", map[string]string{"side": "csa"}))
	mustOK(t, r, gameReq(meadeA, "join", map[string]string{"side": "usa"}))
	mustOK(t, r, gameReq(umpireA, "start", nil))
}

func TestBoardCommands(t *testing.T) {
	ctx := context.Background()
	st := openStore(t)
	r := NewRouter(st)
	startLRTG(t, r, nil)
	move := func(u engine.Actor, units, to string) Output {
		return r.Handle(ctx, Request{ChannelID: "war", User: u, Command: "move", Options: map[string]string{"units": units, "to": to}}).first()
	}
	out := move(leeA, "McLaws, Hood", "Culpeper")
	if out.Error != nil || out.Audience.Kind != AudiencePublic || !strings.Contains(out.Text, "Lee moves McLaws, Hood to Culpeper") {
		t.Fatalf("move: %+v", out)
	}
	// Meade may not move, or even name, Confederate units.
	if o := move(meadeA, "Hood", "SS2030"); o.Error == nil || o.Error.Code != "unit.unknown" {
		t.Fatalf("Meade moved Hood: %+v", o)
	}
	if o := move(meadeA, "csa.hood", "SS2030"); o.Error == nil {
		t.Fatalf("Meade moved csa.hood: %+v", o)
	}
	set := r.Handle(ctx, Request{ChannelID: "war", User: leeA, Command: "unit", Path: []string{"set"},
		Options: map[string]string{"unit": "Hood", "field": "fatigue", "value": "2", "reason": "extended march"}}).first()
	if set.Error != nil || !strings.Contains(set.Text, "Hood: fatigue 0 → 2 (extended march)") {
		t.Fatalf("set: %+v", set)
	}
	oobText := func() string {
		return r.Handle(ctx, Request{ChannelID: "war", User: leeA, Command: "oob"}).first().Text
	}
	if got := oobText(); !strings.Contains(got, "Hood (1 infantry) 16 MP, fatigue 2 — SS1418") {
		t.Fatalf("before undo: %s", got)
	}
	mustOK(t, r, Request{ChannelID: "war", User: umpireA, Command: "game", Path: []string{"undo"}, Options: map[string]string{"reason": "wrong unit"}})
	if got := oobText(); !strings.Contains(got, "Hood (1 infantry) 16 MP — SS1418") {
		t.Fatalf("after undo: %s", got)
	}
	mark := r.Handle(ctx, Request{ChannelID: "war", User: leeA, Command: "unit", Path: []string{"mark"}, Options: map[string]string{"unit": "McLaws", "mark": "entrenched", "cause": "entrench"}}).first()
	if mark.Error != nil || !strings.Contains(mark.Text, "McLaws is now entrenched") {
		t.Fatalf("mark: %+v", mark)
	}
	// The map of a game shows its units, with the turn.
	m := mustOK(t, r, Request{ChannelID: "war", User: leeA, Command: "map", Options: map[string]string{"at": "Hood", "radius": "3"}})
	if len(m.Files) != 1 || !strings.Contains(m.Text, "around Hood") {
		t.Fatalf("map at a unit: %+v", m.Text)
	}
	// Autocomplete offers a player his own units only.
	for _, c := range r.Autocomplete(Request{ChannelID: "war", User: meadeA, Command: "move"}, "units", "") {
		if strings.HasPrefix(c.Value, "csa.") {
			t.Fatalf("Meade's autocomplete offers %s", c.Value)
		}
	}
}

// With limited intelligence, board actions and maps go to the actor only:
// a post in the shared channel would tell the enemy.
func TestLimitedIntelligenceKeepsMovesSecret(t *testing.T) {
	ctx := context.Background()
	r := NewRouter(openStore(t))
	startLRTG(t, r, map[string]string{"limited_intelligence": "true"})
	out := r.Handle(ctx, Request{ChannelID: "war", User: leeA, Command: "move", Options: map[string]string{"units": "Hood", "to": "Culpeper"}}).first()
	if out.Error != nil || out.Audience.Kind != AudienceEphemeral {
		t.Fatalf("move in a hidden game: %+v", out)
	}
	m := r.Handle(ctx, Request{ChannelID: "war", User: meadeA, Command: "map", Options: map[string]string{"at": "Culpeper", "radius": "4"}}).first()
	if m.Error != nil || m.Audience.Kind != AudienceEphemeral {
		t.Fatalf("map in a hidden game: %+v", m)
	}
	g, _ := r.game(ctx, Request{ChannelID: "war"})
	for _, c := range g.MapCounters(meadeA) {
		if c.Side == "csa" && (c.Name != "" || c.Unit != "" || !c.Unidentified) { // a force marker only (engine/view.go)
			t.Fatalf("Meade's map shows %+v", c)
		}
	}
}

func TestUmpireRole(t *testing.T) {
	ctx := context.Background()
	r := NewRouter(openStore(t), WithUmpireRole("r-ump"))
	startLRTG(t, r, nil)
	deputy := engine.Actor{ID: "u7", Name: "Deputy"}
	req := Request{ChannelID: "war", User: deputy, Command: "game", Path: []string{"pause"}, Options: map[string]string{"reason": "break"}}
	if out := r.Handle(ctx, req).first(); out.Error == nil || out.Error.Code != "game.umpire" {
		t.Fatalf("a member without the role paused: %+v", out)
	}
	req.Roles = []string{"r-other", "r-ump"}
	if out := r.Handle(ctx, req).first(); out.Error != nil {
		t.Fatalf("a member of the umpire role: %s", out.Text)
	}
}

func TestPlacesAndVP(t *testing.T) {
	ctx := context.Background()
	r := NewRouter(openStore(t))
	startLRTG(t, r, nil)
	place := func(u engine.Actor, action, at string) Output {
		return r.Handle(ctx, Request{ChannelID: "war", User: u, Command: "place", Options: map[string]string{"action": action, "at": at}}).first()
	}
	// 13.1: no Confederate infantry in Chambersburg yet.
	if o := place(leeA, "levy", "Chambersburg"); o.Error == nil || o.Error.Code != "place.levy" {
		t.Fatalf("levy with no one there: %+v", o)
	}
	mustOK(t, r, Request{ChannelID: "war", User: leeA, Command: "move", Options: map[string]string{"units": "Hood", "to": "Chambersburg"}})
	o := place(leeA, "levy", "Chambersburg")
	if o.Error != nil || !strings.Contains(o.Text, "levy at Chambersburg") || !strings.Contains(o.Text, "victuals") {
		t.Fatalf("levy: %+v", o)
	}
	// The umpire's outright destruction: a unit's roll (13.8) is in depot_test.go.
	mustOK(t, r, Request{ChannelID: "war", User: umpireA, Command: "place", Options: map[string]string{"action": "destroy-depot", "at": "Harpers Ferry", "reason": "ruling"}})
	vp := mustOK(t, r, Request{ChannelID: "war", User: meadeA, Command: "vp"})
	if vp.Embed == nil || !strings.Contains(vp.Text, "depots: +8") || !strings.Contains(vp.Text, "Not yet computed") {
		t.Fatalf("vp: %s", vp.Text)
	}
	withCSV := mustOK(t, r, Request{ChannelID: "war", User: meadeA, Command: "vp", Options: map[string]string{"csv": "true"}})
	if len(withCSV.Files) != 1 {
		t.Fatalf("no CSV: %+v", withCSV)
	}
	rows := strings.Split(strings.TrimSpace(string(withCSV.Files[0].Data)), "\n")
	if len(rows) != 3 || rows[0] != "turn,category,what,vp,running_total" || !strings.HasSuffix(rows[1], ",levy Chambersburg,6,6") || !strings.HasSuffix(rows[2], ",8,14") {
		t.Fatalf("csv = %q", rows)
	}
}

// A LITN game's audit says what it could not check: its procedures keep
// their dice in their own events, which it does not replay.
func TestLITNAuditSaysWhatItDoesNotCheck(t *testing.T) {
	r := NewRouter(openStore(t), WithLogger(quietLog()))
	mustOK(t, r, gameReq(umpireA, "new", map[string]string{"scenario": "litn-1-frederick-to-antietam"}))
	mustOK(t, r, gameRollReq("l1", "2d6"))
	mustOK(t, r, gameReq(umpireA, "end", map[string]string{"reason": "test"}))
	audit := mustOK(t, r, gameReq(guestA, "audit", nil))
	if !strings.Contains(audit.Text, "all 2 dice") || !strings.Contains(audit.Text, "does not replay yet") {
		t.Fatalf("audit: %s", audit.Text)
	}
}
