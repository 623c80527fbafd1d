package bot

import (
	"context"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
)

// actionNumber reads an action's number off the umpire's /game history:
// the line that holds what.
func actionNumber(t *testing.T, history, what string) string {
	t.Helper()
	for _, l := range strings.Split(history, "\n") {
		if strings.Contains(l, what) {
			if m := regexp.MustCompile(`^#(\d+) `).FindStringSubmatch(l); m != nil {
				return m[1]
			}
		}
	}
	t.Fatalf("no action %q in the history:\n%s", what, history)
	return ""
}

// The umpire takes back a Confederate move after two later actions (a
// Union move and a Confederate change, a roll between them) in a limited
// intelligence game: the game is as it was before the move, the dice's
// numbering goes on, a router that has never seen the game (snapshots
// taken inside the range) folds the same; Meade never reads a Confederate
// unit or hex, Lee never a Union one; the players are refused with
// nothing of the log.
func TestRewindAfterTwoLaterActions(t *testing.T) {
	ctx := context.Background()
	st := openStore(t)
	r := NewRouter(st, WithLogger(quietLog()), WithSnapshots(2))
	unitLogGame(t, r) // hidden, channels lee-ch, meade-ch, ump-ch
	var meadeRead, leeRead []string
	do := func(req Request) Reply {
		t.Helper()
		req.GuildID, req.ChannelID = "g", "war"
		rep := r.Handle(ctx, req)
		meadeRead = append(meadeRead, meadeSees(req, rep)...)
		for _, o := range rep.Outputs {
			if o.Audience.Kind == AudiencePublic || o.Audience.Kind == AudienceChannel && o.Audience.Channel == "lee-ch" ||
				o.Audience.Kind == AudienceEphemeral && req.User.ID == leeA.ID {
				leeRead = append(leeRead, o.Text)
			}
		}
		return rep
	}
	ok := func(req Request) Reply {
		t.Helper()
		rep := do(req)
		if o := rep.first(); o.Error != nil {
			t.Fatalf("%s %v %v: %s", req.Command, req.Path, req.Options, o.Text)
		}
		return rep
	}
	game := func(u engine.Actor, sub string, opts map[string]string) Request {
		return Request{User: u, Command: "game", Path: []string{sub}, Options: opts}
	}
	before := gameOfG(t, r)
	ok(Request{User: leeA, Command: "move", Options: map[string]string{"units": "Hood", "to": "Culpeper"}})
	ok(Request{User: umpireA, Command: "roll", Options: map[string]string{"dice": "1d6"}})
	ok(Request{User: meadeA, Command: "move", Options: map[string]string{"units": "Newton", "to": "Warrenton"}})
	ok(Request{User: leeA, Command: "unit", Path: []string{"set"}, Options: map[string]string{"unit": "Hood", "field": "fatigue", "value": "1"}})
	moved := gameOfG(t, r)
	if reflect.DeepEqual(moved.Units, before.Units) {
		t.Fatal("the moves changed nothing")
	}

	history := ok(game(umpireA, "history", nil)).first().Text
	n := actionNumber(t, history, "Lee: moved Hood")
	for _, w := range []string{"Meade: moved Newton", "Lee: set Hood's fatigue 0 → 1", "rolled 1d6"} {
		if !strings.Contains(history, w) {
			t.Errorf("the umpire's history lacks %q:\n%s", w, history)
		}
	}

	// The players: their own side's history, no numbers; no undo.
	lee := ok(game(leeA, "history", nil)).first().Text
	if !strings.Contains(lee, "moved Hood") || strings.Contains(lee, "Newton") || strings.Contains(lee, "#") {
		t.Errorf("Lee's history:\n%s", lee)
	}
	for _, opts := range []map[string]string{{"to": n, "reason": "x"}, {"to": n, "reason": "x", "confirm": "true"}} {
		out := do(game(meadeA, "undo", opts)).first()
		if out.Error == nil || out.Error.Code != "game.umpire" {
			t.Fatalf("Meade took back actions: %+v", out)
		}
	}

	// The preview records nothing and tells the umpire alone.
	v0 := gameOfG(t, r)
	prev := ok(game(umpireA, "undo", map[string]string{"to": n, "reason": "against the opening limits"}))
	if p := prev.first(); len(prev.Outputs) != 1 || p.Audience.Kind != AudienceEphemeral || !strings.Contains(p.Text, "would take back these 4 actions") ||
		!strings.Contains(p.Text, "confirm:true") || !strings.Contains(p.Text, "Dice are not taken back") {
		t.Fatalf("the preview: %+v", prev.Outputs)
	}
	if g := gameOfG(t, r); !reflect.DeepEqual(g.Units, v0.Units) {
		t.Fatal("the preview changed the game")
	}

	rep := ok(game(umpireA, "undo", map[string]string{"to": n, "reason": "against the opening limits", "confirm": "true"}))
	pub := rep.first().Text
	for _, w := range []string{"took back 4 actions", "2 of the Confederate side's", "1 of the Union side's", "1 of the umpire's", "against the opening limits", "Dice are not taken back"} {
		if !strings.Contains(pub, w) {
			t.Errorf("the public line lacks %q: %s", w, pub)
		}
	}
	after := gameOfG(t, r)
	if !reflect.DeepEqual(after.Units, before.Units) {
		t.Fatalf("the units after the rewind differ from before the move")
	}
	if !reflect.DeepEqual(lrtg.Of(after).UnitLog(), lrtg.Of(before).UnitLog()) {
		t.Errorf("the unit log after the rewind: %+v", lrtg.Of(after).UnitLog())
	}
	if after.Rolls != moved.Rolls {
		t.Errorf("rolls %d after the rewind, %d before it: the numbering must go on", after.Rolls, moved.Rolls)
	}
	if out := ok(Request{User: umpireA, Command: "roll", Options: map[string]string{"dice": "1d6"}}).first(); !strings.Contains(out.Text, "#2") {
		t.Errorf("the next roll: %s", out.Text)
	}
	// A router that has never seen the game folds the same.
	cold, err := NewRouter(st, WithLogger(quietLog()), WithSnapshots(2)).game(ctx, Request{GuildID: "g", ChannelID: "war"})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(cold.Units, before.Units) {
		t.Error("a cold fold differs from the router's")
	}

	// Each side reads its own actions taken back, in its channel.
	for _, o := range rep.Outputs[1:] {
		switch {
		case o.Audience.Channel == "lee-ch":
			if !strings.Contains(o.Text, "moved Hood") || !strings.Contains(o.Text, "fatigue") {
				t.Errorf("Lee's channel: %s", o.Text)
			}
		case o.Audience.Channel == "meade-ch":
			if !strings.Contains(o.Text, "moved Newton") {
				t.Errorf("Meade's channel: %s", o.Text)
			}
		case o.Audience.Kind == AudienceEphemeral:
			if !strings.Contains(o.Text, "moved Hood") || !strings.Contains(o.Text, "moved Newton") {
				t.Errorf("the umpire's list: %s", o.Text)
			}
		default:
			t.Errorf("an output to %+v: %s", o.Audience, o.Text)
		}
	}
	// Nothing Meade read names a Confederate unit or hex; nothing Lee read
	// a Union one.
	for _, s := range meadeRead {
		for _, leak := range []string{"Hood", "Culpeper", "SS1418", "fatigue"} {
			if strings.Contains(s, leak) {
				t.Errorf("Meade read %q: %s", leak, s)
			}
		}
	}
	for _, s := range leeRead {
		for _, leak := range []string{"Newton", "Warrenton", "SN2426"} {
			if strings.Contains(s, leak) {
				t.Errorf("Lee read %q: %s", leak, s)
			}
		}
	}
}

// A rewind stays within the step under way, and names an action that is
// there.
func TestRewindRefusedAcrossAStep(t *testing.T) {
	ctx := context.Background()
	r := NewRouter(openStore(t), WithLogger(quietLog()))
	startLRTG(t, r, nil)
	mustOK(t, r, Request{GuildID: "g", ChannelID: "war", User: leeA, Command: "move", Options: map[string]string{"units": "Hood", "to": "Culpeper"}})
	history := mustOK(t, r, gameReq(umpireA, "history", nil)).Text
	n := actionNumber(t, history, "Lee: moved Hood")
	mustOK(t, r, Request{GuildID: "g", ChannelID: "war", User: umpireA, Command: "phase", Path: []string{"next"}, Options: map[string]string{}})
	g := gameOfG(t, r)
	for _, c := range []struct{ to, code string }{{n, "game.undo_step"}, {"999", "game.undo_to"}, {"0", "game.undo_to"}, {"", "game.undo_confirm"}} {
		opts := map[string]string{"to": c.to, "reason": "x", "confirm": "true"}
		if c.to == "" {
			delete(opts, "to")
		}
		out := r.Handle(ctx, gameReq(umpireA, "undo", opts)).first()
		if out.Error == nil || out.Error.Code != c.code {
			t.Errorf("to:%s: %+v, want %s", c.to, out, c.code)
		}
	}
	if after := gameOfG(t, r); !reflect.DeepEqual(after.Units, g.Units) || !reflect.DeepEqual(after.Sequence, g.Sequence) {
		t.Error("a refused rewind changed the game")
	}
	if h := mustOK(t, r, gameReq(umpireA, "history", nil)).Text; !strings.Contains(h, "an earlier step") {
		t.Errorf("the history does not mark the earlier step:\n%s", h)
	}
}

// LITN games start with their own event: their actions are listed and
// taken back the same way (a replacement declared before the Initial
// Phase, and a roll after it).
func TestRewindInALITNGame(t *testing.T) {
	ctx := context.Background()
	r, _ := litnInitRouter(t, "litn-1-frederick-to-antietam", "sheet-1-csa.yaml", "sheet-1-usa.yaml")
	before := litnInitGame(t, r)
	if out := r.Handle(ctx, litnReq(leeA, "replace", map[string]string{"unit": "D.H. Hill", "depot": "yes"})).first(); out.Error != nil {
		t.Fatalf("the replacement: %s", out.Text)
	}
	mustOK(t, r, Request{GuildID: "g", ChannelID: "war", User: meadeA, Command: "roll", Options: map[string]string{"dice": "1d6"}})
	if reflect.DeepEqual(litnInitGame(t, r).Own, before.Own) {
		t.Fatal("the replacement changed nothing")
	}
	history := mustOK(t, r, gameReq(umpireA, "history", nil)).Text
	n := actionNumber(t, history, "Lee: ")
	rep := r.Handle(ctx, gameReq(umpireA, "undo", map[string]string{"to": n, "reason": "declared too early", "confirm": "true"}))
	if out := rep.first(); out.Error != nil || !strings.Contains(out.Text, "took back 2 actions") {
		t.Fatalf("the rewind: %+v", out)
	}
	if after := litnInitGame(t, r); !reflect.DeepEqual(after.Own, before.Own) {
		t.Error("the LITN state after the rewind differs from before the replacement")
	}
}
