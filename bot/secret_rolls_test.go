package bot

import (
	"context"
	"regexp"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
)

// commsGameSeeded is commsGame (comms_test.go) from a chosen seed and a
// fixed salt: two such games roll the same dice.
func commsGameSeeded(t *testing.T) *Router {
	t.Helper()
	r := NewRouter(openStore(t), WithLogger(quietLog()), WithDice(SeededSource{Entropy: fixedEntropy(3)}))
	ctx := context.Background()
	mustOK(t, r, gameReq(umpireA, "new", map[string]string{"scenario": "lrtg-high-tide", "seed": "1863"}))
	mustOK(t, r, gameReq(leeA, "join", map[string]string{"side": "csa"}))
	mustOK(t, r, gameReq(peteA, "join", map[string]string{"side": "csa", "command": "1,Cav,Rich"}))
	mustOK(t, r, gameReq(meadeA, "join", map[string]string{"side": "usa"}))
	mustOK(t, r, gameReq(umpireA, "start", nil))
	ump := Request{GuildID: "g", ChannelID: "war", User: umpireA}
	mustOK(t, r, Request{GuildID: "g", ChannelID: "war", User: umpireA, Command: "move", Options: map[string]string{"units": "Longstreet,Stuart", "to": "Winchester", "reason": "test"}})
	for range 30 {
		g, err := r.gameHere(ctx, ump)
		if err != nil {
			t.Fatal(err)
		}
		var opts map[string]string
		if len(g.Waiting()) > 0 {
			opts = map[string]string{"force": "true", "reason": "go"}
		}
		if out := r.Handle(ctx, phaseReq(ump, "next", opts)).first(); out.Error != nil {
			t.Fatal(out.Text)
		}
		if g, _ = r.gameHere(ctx, ump); g.CurrentStep() == "2d" {
			return r
		}
	}
	t.Fatal("step 2d never came")
	return nil
}

// Counting the enemy's secret rolls (issue 19, 6): the Confederates'
// dispatches are rolled in secret (the umpire's rolls); Meade's /game
// status and the number of the next public roll are the same whether
// they wrote two dispatches or none, and the umpire counts his own.
func TestSecretRollsAreNotCountedInPublic(t *testing.T) {
	ctx := context.Background()
	play := func(write bool) (status, next, umpire string, g engine.GameState) {
		r := commsGameSeeded(t)
		if write {
			mustOK(t, r, dispatchReq(leeA, "send", map[string]string{"to": "Pete", "text": "march"}))
			mustOK(t, r, dispatchReq(peteA, "send", map[string]string{"to": "Lee", "text": "hold"}))
		}
		mustOK(t, r, dispatchReq(leeA, "done", nil))
		mustOK(t, r, dispatchReq(peteA, "done", nil))
		g, _ = r.gameHere(ctx, Request{GuildID: "g", ChannelID: "war", User: umpireA})
		status = mustOK(t, r, gameReq(meadeA, "status", nil)).Text
		umpire = mustOK(t, r, gameReq(umpireA, "status", nil)).Text
		roll := mustOK(t, r, Request{GuildID: "g", ChannelID: "war", User: meadeA, Command: "roll", Options: map[string]string{"dice": "1d6"}})
		next = regexp.MustCompile(`Roll #\d+`).FindString(roll.Text)
		return status, next, umpire, g
	}
	s0, n0, u0, g0 := play(false)
	s1, n1, u1, g1 := play(true)
	if got := g1.SecretRolls[engine.RollAudienceUmpire] - g0.SecretRolls[engine.RollAudienceUmpire]; got != 2 {
		t.Errorf("%d secret rolls for two dispatches", got)
	}
	if g0.Rolls != g1.Rolls {
		t.Errorf("the public count is %d without the dispatches, %d with", g0.Rolls, g1.Rolls)
	}
	if s0 != s1 {
		t.Errorf("Meade's /game status differs:\nwithout dispatches:\n%s\nwith:\n%s", s0, s1)
	}
	if n0 == "" || n0 != n1 {
		t.Errorf("Meade's next roll is %q without the dispatches, %q with", n0, n1)
	}
	if !strings.Contains(u1, "the umpire's secret rolls so far: 2") || strings.Contains(s1, "secret") || u0 == u1 {
		t.Errorf("the umpire's status: %q; Meade's: %q", u1, s1)
	}
}

// With limited intelligence a board action's roll goes to its actor
// alone, so it is his side's secret roll: Lee's extended march leaves
// Meade's /game status and his next roll's number as they were; with
// open intelligence the roll is public and counts.
func TestHiddenBoardRollsAreTheActorsSecret(t *testing.T) {
	ctx := context.Background()
	play := func(intel string, march bool) (status, next string, g engine.GameState) {
		r := NewRouter(openStore(t), WithLogger(quietLog()), WithDice(ScriptedSource(4, 4)))
		startLRTAMoves(t, r, map[string]string{"intelligence": intel})
		if march {
			out := mustOK(t, r, Request{ChannelID: "war", User: leeA, Command: "unit", Path: []string{"extended"}, Options: map[string]string{"unit": "Hood"}})
			if (intel == "limited") != (out.Audience.Kind == AudienceEphemeral) {
				t.Fatalf("%s intelligence: the march goes to %v", intel, out.Audience)
			}
			if hidden := strings.Contains(out.Text, "CSA secret roll #1 · Extended march"); hidden != (intel == "limited") {
				t.Errorf("%s intelligence: Lee reads %q", intel, out.Text)
			}
		}
		g, _ = r.game(ctx, Request{ChannelID: "war"})
		status = mustOK(t, r, gameReq(meadeA, "status", nil)).Text
		roll := mustOK(t, r, Request{GuildID: "g", ChannelID: "war", User: meadeA, Command: "roll", Options: map[string]string{"dice": "1d6"}})
		return status, regexp.MustCompile(`Roll #\d+`).FindString(roll.Text), g
	}
	s0, n0, _ := play("limited", false)
	s1, n1, g1 := play("limited", true)
	if s0 != s1 || n0 != n1 || n0 == "" {
		t.Errorf("Meade sees the hidden march: status\n%s\nagainst\n%s\nnext roll %q against %q", s1, s0, n1, n0)
	}
	if g1.SecretRolls[engine.RollAudienceCSA] != 1 || strings.Contains(s1, "secret") {
		t.Errorf("the CSA's secret rolls: %v; Meade's status: %s", g1.SecretRolls, s1)
	}
	_, o0, _ := play("open", false)
	_, o1, g := play("open", true)
	if o0 == o1 || g.Rolls != 1 || len(g.SecretRolls) != 0 {
		t.Errorf("an open game's march is not a public roll: next %q then %q, %d public, %v secret", o0, o1, g.Rolls, g.SecretRolls)
	}
}
