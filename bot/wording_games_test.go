package bot

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
)

// Issue 23 item 9: a game's replies cite its own game's rules. LRTA plays
// with LRTG's manpower-loss Victory Points (000 VII 6), as 004 prints none
// of its own: its replies say so, where an LRTG game's cite 000 VII 6
// alone.
func TestLRTALossVPCitesLRTA(t *testing.T) {
	ctx := context.Background()
	r := NewRouter(openStore(t))
	startLRTA(t, r, nil)
	g, err := r.game(ctx, Request{ChannelID: "war"})
	if err != nil {
		t.Fatal(err)
	}
	// A Union unit on the map with manpower to lose, the first by id.
	var ids []string
	for id, u := range g.Units {
		if u.Side == engine.USA && u.OnMap && u.Manpower >= 6 && !u.Eliminated {
			ids = append(ids, id)
		}
	}
	if len(ids) == 0 {
		t.Fatal("no Union unit on the map with 6 MP")
	}
	sort.Strings(ids)
	u := g.Units[ids[0]]
	for _, c := range []struct{ cause, want string }{
		{"retreat", "2 MP lost to retreat: +4 VP (000 VII 6, which LRTA follows: 004 prints no VP for losses)"},
		{"march", "Lost to march: no VP (000 VII 6, which LRTA follows: 004 prints no VP for losses: only losses in combat"},
		{"", "if it was one (000 VII 6, which LRTA follows: 004 prints no VP for losses)"},
	} {
		u.Manpower -= 2
		opts := map[string]string{"unit": u.Name, "field": "manpower", "value": fmt.Sprint(u.Manpower)}
		if c.cause != "" {
			opts["cause"] = c.cause
		}
		out := mustOK(t, r, unitSetReq(umpireA, opts))
		if !strings.Contains(out.Text, c.want) {
			t.Errorf("LRTA loss, cause %q: want %q in\n%s", c.cause, c.want, out.Text)
		}
	}
}

// /help command:game lists the scenarios /game new takes: every game's
// outside a game (it named only LRTG's two, in an example), the channel's
// game's in a game's channel.
func TestHelpGameListsTheScenarios(t *testing.T) {
	ctx := context.Background()
	r, _ := litnInitRouter(t, "litn-1-frederick-to-antietam", "sheet-1-csa.yaml", "sheet-1-usa.yaml")
	mustOK(t, r, Request{GuildID: "g", ChannelID: "lrta", User: umpireA, Command: "game", Path: []string{"new"}, Options: map[string]string{"scenario": "lrta-campaign"}})
	page := func(channel, command string) string {
		t.Helper()
		req := helpReq(command)
		req.ChannelID = channel
		o := r.Handle(ctx, req).first()
		if o.Error != nil || o.Embed == nil {
			t.Fatalf("/help command:%s in %s: %+v", command, channel, o)
		}
		return o.Text
	}
	every := []string{"lrtg-high-tide", "lrtg-gettysburg-campaign", "lrta-campaign", "litn-1-frederick-to-antietam", "litn-2-maryland-campaign", "litn-3-pennsylvania-campaign", "litn-4-collision-at-gettysburg"}
	for _, command := range []string{"game", "game new"} {
		all := page("nowhere", command)
		for _, id := range every {
			if !strings.Contains(all, id) {
				t.Errorf("/help command:%s outside a game lacks %s:\n%s", command, id, all)
			}
		}
	}
	for _, c := range []struct {
		channel   string
		want, not []string
	}{
		{"war", every[3:], every[:3]},
		{"lrta", every[2:3], []string{"lrtg-gettysburg-campaign", "litn-"}},
	} {
		got := page(c.channel, "game")
		line := ""
		for _, l := range strings.Split(got, "\n") {
			if strings.Contains(l, "scenario is one of") {
				line = l
			}
		}
		for _, id := range c.want {
			if !strings.Contains(line, id) {
				t.Errorf("/help command:game in %s: no %s in %q", c.channel, id, line)
			}
		}
		for _, id := range c.not {
			if strings.Contains(line, id) {
				t.Errorf("/help command:game in %s lists another game's %s: %q", c.channel, id, line)
			}
		}
	}
}

// A LITN game speaks no LRTG: its /game status (before and after its first
// step) has no army morale or Disorder threshold (LRTG 15), /vp is refused
// without LRTG's categories (Vicksburg, draft riots) and /table list lists
// LITN's tables, not LRTG's or LRTA's. /table list game:lrtg still lists
// LRTG's on demand.
func TestLITNSpeaksNoLRTG(t *testing.T) {
	r, _ := litnInitRouter(t, "litn-1-frederick-to-antietam", "sheet-1-csa.yaml", "sheet-1-usa.yaml")
	lrtgWords := []string{"Army morale", "Disorder at 8", "000 VII", "LRTG 15", "vicksburg", "draft-riots", "raspberry"}
	check := func(line string, must ...string) {
		t.Helper()
		got := everything(gamesDo(t, r, umpireA, line))
		for _, w := range lrtgWords {
			if strings.Contains(strings.ToLower(got), strings.ToLower(w)) {
				t.Errorf("LITN %s speaks LRTG (%q):\n%s", line, w, got)
			}
		}
		for _, w := range must {
			if !strings.Contains(got, w) {
				t.Errorf("LITN %s lacks %q:\n%s", line, w, got)
			}
		}
	}
	check("/game status", "litn-1-frederick-to-antietam")
	gamesDo(t, r, umpireA, "/phase next")
	check("/game status", "litn-1-frederick-to-antietam")
	check("/vp", "/litn status shows the victory points (002 15)")
	check("/table list", "litn.initiative", "Lee Invades the North (LITN)")
	if got := everything(gamesDo(t, r, umpireA, "/table list")); strings.Contains(got, "lrta.") || strings.Contains(got, "lrtg.") {
		t.Errorf("LITN /table list lists another game's tables:\n%s", got)
	}
	if got := everything(gamesDo(t, r, umpireA, "/table list game:lrtg")); !strings.Contains(got, "lrtg.draft-riots") {
		t.Errorf("/table list game:lrtg in LITN:\n%s", got)
	}
}

// The scripted LRTA game cites LRTG's Victory Points (000 VII 6, 7) only
// as the rules LRTA follows where 004 prints none: no reply cites them
// bare, as an LRTG game's do; its phases cite its own sequence of play
// (004 6, 004 8), not LRTG's 003 (issue 23 item 9).
func TestLRTAScriptCitesLRTGOnlyAsFollowed(t *testing.T) {
	p := playScript(t, "lrta.script")
	cites := map[string]int{}
	for _, o := range p.out {
		text := o.Text
		if o.Embed != nil {
			text += "\n" + o.Embed.PlainText()
		}
		for _, bare := range []string{"(000 VII 6)", "(000 VII 7)", "VII 6 scores", "Disorder at 8, Panic at 11", "Victory Check Phase (003 8)", "Standardized Rules, 003 6"} {
			if strings.Contains(text, bare) {
				t.Errorf("line %d (%s) cites LRTG's rules as LRTA's, %q:\n%s", o.Line, o.Input, bare, text)
			}
		}
		for _, followed := range []string{"000 VII 6, which LRTA follows", "000 VII 7, which LRTA follows", "Victory Check Phase (004 8)", "Standardized Rules, 004 6"} {
			cites[followed] += strings.Count(text, followed)
		}
	}
	for followed, n := range cites {
		if n == 0 {
			t.Errorf("the script's replies never cite %q: the test no longer reaches the VP it checks", followed)
		}
	}
}
