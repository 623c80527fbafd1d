package bot

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
)

// Where the older LRTG commands answered an LRTA game with LRTG rules:
// /morale show, /segment victory, /vp, the depot table, the action cycle's
// messages and /reinforcements, in an LRTA game through the router.

func polishReq(u engine.Actor, cmd string, path []string, opts map[string]string) Request {
	if opts == nil {
		opts = map[string]string{}
	}
	return Request{GuildID: "g", ChannelID: "war", User: u, Command: cmd, Path: path, Options: opts}
}

// allText is every output's text (and embed) of a reply.
func allText(rep Reply) string {
	var b strings.Builder
	for _, o := range rep.Outputs {
		b.WriteString(o.Text + "\n")
		if o.Embed != nil {
			b.WriteString(o.Embed.PlainText() + "\n")
		}
	}
	return b.String()
}

// /morale show: 004's thresholds (8 / 12 / 16) and contributions; each
// side sees its own contributions only.
func TestLRTAMoraleShow(t *testing.T) {
	r := NewRouter(openStore(t), WithLogger(quietLog()))
	startLRTA(t, r, nil)
	ctx := context.Background()
	ump := allText(r.Handle(ctx, polishReq(umpireA, "morale", []string{"show"}, nil)))
	for _, want := range []string{
		"Disorder at 8, Panic at 12, Flight at 16",
		"Union army (AoP / AoV)",
		"+2 Pope commands the Army of Virginia [004 Army Morale j)]",
	} {
		if !strings.Contains(ump, want) {
			t.Errorf("the umpire's /morale show lacks %q:\n%s", want, ump)
		}
	}
	if strings.Contains(ump, "Panic at 11") || strings.Contains(ump, "Flight at 14") {
		t.Errorf("LRTG thresholds in an LRTA game:\n%s", ump)
	}
	// The Confederate sees the Union level, not its contributions.
	csa := allText(r.Handle(ctx, polishReq(leeA, "morale", []string{"show"}, nil)))
	if strings.Contains(csa, "Pope commands") || !strings.Contains(csa, "Its contributions are the other side's secret.") {
		t.Errorf("the Confederate's /morale show:\n%s", csa)
	}
	// The effects are 004's (lrta.army-morale-effects).
	g := bare(engine.GameState{Options: engine.GameOptions{Scenario: "lrta-campaign"}})
	if got := r.moraleEffect(g, "Panic"); got != "-1 to attack and defense rolls (004 Army Morale)" {
		t.Errorf("LRTA Panic: %q", got)
	}
	if got := r.moraleEffect(engine.GameState{Options: engine.GameOptions{Scenario: "lrtg-high-tide"}}, "Panic"); got != lrtg.MoraleEffect("Panic") {
		t.Errorf("LRTG Panic: %q", got)
	}
}

// /segment victory and the LRTG-only /vp actions refuse an LRTA game with
// where to go instead; /vp action:crossed is LRTA's too.
func TestLRTARefusesLRTGVictoryCommands(t *testing.T) {
	r := NewRouter(openStore(t), WithLogger(quietLog()))
	startLRTA(t, r, nil)
	ctx := context.Background()
	out := r.Handle(ctx, polishReq(umpireA, "segment", []string{"victory"}, nil)).first()
	if out.Error == nil || out.Error.Code != "segment.victory.game" || !strings.Contains(out.Text, "/victory check") {
		t.Errorf("/segment victory: %+v", out)
	}
	for _, c := range []struct {
		action, user, want string
	}{
		{"county", "lee", "/victory county"},
		{"vicksburg", "umpire", "Vicksburg"},
		{"draft-riots", "meade", "draft riots"},
		{"raspberry-raid", "lee", "Raspberry Raid"},
		{"raspberry", "lee", "Raspberry Raid"},
	} {
		who := map[string]engine.Actor{"lee": leeA, "meade": meadeA, "umpire": umpireA}[c.user]
		opts := map[string]string{"action": c.action}
		if c.action == "county" {
			opts["county"] = "Frederick County-West"
		}
		out := r.Handle(ctx, Request{GuildID: "g", ChannelID: "war", User: who, Command: "vp", Options: opts}).first()
		if out.Error == nil || out.Error.Code != "vp.game" || !strings.Contains(out.Text, c.want) {
			t.Errorf("/vp action:%s: %+v", c.action, out)
		}
	}
	// Nothing was recorded.
	if vp := mustOK(t, r, Request{GuildID: "g", ChannelID: "war", User: leeA, Command: "vp"}); !strings.Contains(vp.Text, "No victory points yet.") {
		t.Errorf("the record after the refusals:\n%s", vp.Text)
	}
	crossed := mustOK(t, r, Request{GuildID: "g", ChannelID: "war", User: umpireA, Command: "vp", Options: map[string]string{"action": "crossed"}})
	if !strings.Contains(crossed.Text, "August 19, 1862") || !strings.Contains(crossed.Text, "004 County Control Phase") {
		t.Errorf("/vp action:crossed: %s", crossed.Text)
	}
	// Autocomplete offers LRTA's only.
	var offered []string
	for _, m := range r.Autocomplete(Request{GuildID: "g", ChannelID: "war", User: leeA, Command: "vp"}, "action", "") {
		offered = append(offered, m.Value)
	}
	if strings.Join(offered, ",") != "crossed" {
		t.Errorf("/vp action autocomplete in LRTA: %v", offered)
	}
}

// The engine's LRTA depot values against the library's lrta.depots (004
// Depots and Levied Supplies) and the shipped map: every named depot's
// three columns, and the "All other Union Depots" and "All Confederate
// Depots" rows.
func TestLRTADepotValuesMatchTheChart(t *testing.T) {
	r := NewRouter(openStore(t), WithLogger(quietLog()))
	th := r.theatres["lrtg"]
	ch := r.library.Chart("lrta.depots")
	if ch == nil || len(ch.Rows) != 9 {
		t.Fatalf("lrta.depots: %+v", ch)
	}
	num := func(cell string) int {
		n, err := strconv.Atoi(cell)
		if err != nil {
			t.Fatalf("%q", cell)
		}
		return n
	}
	place := func(name string) engine.Place {
		n := strings.ReplaceAll(name, "'", "")
		for _, cand := range []string{n, n + " Station"} {
			if p := th.Place(cand); p != nil {
				return *p
			}
		}
		t.Fatalf("no place %s", name)
		return engine.Place{}
	}
	for _, row := range ch.Rows {
		switch row[0] {
		case "All other Union depots":
			for _, name := range []string{"Baltimore Depot", "Mt. Royal Depot", "Rockville", "Martinsburg", "Frederick"} {
				v, s, vp, ok := lrtg.LRTADepotValues(place(name), engine.USA)
				if v != num(row[1]) || s != num(row[2]) || vp != num(row[3]) || !ok {
					t.Errorf("%s (all other): %d %d %d %v, the chart %v", name, v, s, vp, ok, row)
				}
			}
		case "All Confederate depots":
			for _, name := range []string{"Culpeper", "Berryville", "Winchester"} {
				if _, _, vp, ok := lrtg.LRTADepotValues(place(name), engine.CSA); ok || vp != -num(row[3]) || row[1] != "NA" || row[2] != "NA" {
					t.Errorf("%s (Confederate): vp %d stocked %v, the chart %v", name, vp, ok, row)
				}
			}
		default:
			p := place(row[0])
			v, s, vp, ok := lrtg.LRTADepotValues(p, engine.USA)
			if v != num(row[1]) || s != num(row[2]) || vp != num(row[3]) || !ok {
				t.Errorf("%s: %d %d %d %v, the chart %v", p.Name, v, s, vp, ok, row)
			}
		}
	}
}

// The action cycle in an LRTA game is 004's: the Regular Movement Phase
// (normal and remote movement only), its initiative rolls told, and
// /action show.
func TestLRTAActionCycleMessages(t *testing.T) {
	r := NewRouter(openStore(t), WithLogger(quietLog()))
	startLRTA(t, r, nil)
	_, reps := lrtaStepTo(t, r, "4a")
	begun := allText(reps[len(reps)-1])
	for _, want := range []string{
		"Regular Movement Phase: normal and remote movement only; naval, rail and strategic movement wait for the Long Distance Movement Phase (004 4 a))",
		"initiative, Regular Movement Phase action phase 1",
	} {
		if !strings.Contains(begun, want) {
			t.Errorf("4a's message lacks %q:\n%s", want, begun)
		}
	}
	for _, bad := range []string{"Normal Action Phase", "Distance Action Phase (003", "003 4"} {
		if strings.Contains(begun, bad) {
			t.Errorf("4a's message has LRTG's %q:\n%s", bad, begun)
		}
	}
	show := allText(r.Handle(context.Background(), polishReq(leeA, "action", []string{"show"}, nil)))
	if !strings.Contains(show, "4a Regular Movement Phase.") || !strings.Contains(show, "004 4 a)-b)") || strings.Contains(show, "003 4") {
		t.Errorf("/action show:\n%s", show)
	}
}

// /reinforcements shows LRTA's arrivals: the reinforcement track of the
// LRTA order of battle with its turns and entries, and the militia track;
// each side its own.
func TestLRTAReinforcementsCommand(t *testing.T) {
	r := NewRouter(openStore(t), WithLogger(quietLog()))
	startLRTA(t, r, nil)
	ctx := context.Background()
	usa := allText(r.Handle(ctx, polishReq(meadeA, "reinforcements", nil, nil)))
	for _, want := range []string{
		"**Union**",
		"Due: Piatt, at SN5819 (6-Mile Post) on turn 7 (August 25, 1862) (LRTA 2.0; 004 1 b)).",
		"Pennsylvania militia (LRTA 2.3; 004 1 a)): the order of battle has no militia on its track",
		"004 Sequence of Play 1 a), b)",
	} {
		if !strings.Contains(usa, want) {
			t.Errorf("the Union's /reinforcements lacks %q:\n%s", want, usa)
		}
	}
	for _, bad := range []string{"Baltimore / DC release", "West Virginia", "Richmond Garrison", "003 Detailed"} {
		if strings.Contains(usa, bad) {
			t.Errorf("LRTG's %q in an LRTA game:\n%s", bad, usa)
		}
	}
	csa := allText(r.Handle(ctx, polishReq(leeA, "reinforcements", nil, nil)))
	if !strings.Contains(csa, "**Confederate**") || strings.Contains(csa, "Piatt") || strings.Contains(csa, "**Union**") {
		t.Errorf("the Confederate's /reinforcements:\n%s", csa)
	}
	g, err := r.gameHere(ctx, Request{GuildID: "g", ChannelID: "war", User: umpireA})
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, u := range g.Units {
		if u.Side == engine.CSA && u.Track == lrtg.TrackReinforcement {
			n++
			if !strings.Contains(csa, "Due: "+u.Name) {
				t.Errorf("the Confederate's /reinforcements lacks %s:\n%s", u.Name, csa)
			}
		}
	}
	if n == 0 {
		t.Log("the LRTA order of battle has no Confederate reinforcements")
	}
}

// /turn show in an LRTA game: LRTA's calendar, none of the LRTG turn
// record's letters (Vicksburg, the Potomac check of turn 22).
func TestLRTATurnShow(t *testing.T) {
	r := NewRouter(openStore(t), WithLogger(quietLog()))
	startLRTA(t, r, nil)
	out := allText(r.Handle(context.Background(), polishReq(umpireA, "turn", []string{"show"}, nil)))
	if !strings.Contains(out, "turn 1 of 54") || strings.Contains(out, "Vicksburg") || strings.Contains(out, "turn record lists") {
		t.Errorf("/turn show:\n%s", out)
	}
}
