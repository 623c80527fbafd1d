package bot

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
)

// tsReq is a request of a top-level command in the test game's channel.
func tsReq(u engine.Actor, command string, opts map[string]string) Request {
	if opts == nil {
		opts = map[string]string{}
	}
	return Request{GuildID: "g", ChannelID: "war", User: u, Command: command, Options: opts}
}

// tsToTurn advances the game with /turn next to the turn, then begins its
// first step (1a) with /phase next.
func tsToTurn(t *testing.T, r *Router, turn int) Output {
	t.Helper()
	ctx := context.Background()
	g, err := r.gameHere(ctx, tsReq(umpireA, "phase", nil))
	if err != nil {
		t.Fatal(err)
	}
	for i := g.Turn; i < turn; i++ {
		req := recordsReq("turn", "next", nil)
		req.User = umpireA
		mustOK(t, r, req)
	}
	return mustOK(t, r, phaseReq(Request{GuildID: "g", ChannelID: "war", User: umpireA}, "next", nil))
}

func tsPhaseNext(t *testing.T, r *Router) Reply {
	t.Helper()
	rep := r.Handle(context.Background(), phaseReq(Request{GuildID: "g", ChannelID: "war", User: umpireA}, "next", nil))
	if o := rep.first(); o.Error != nil {
		t.Fatalf("/phase next: %s", o.Text)
	}
	return rep
}

func wantAll(t *testing.T, what, text string, wants ...string) {
	t.Helper()
	for _, w := range wants {
		if !strings.Contains(text, w) {
			t.Errorf("%s lacks %q:\n%s", what, w, text)
		}
	}
}

func wantNone(t *testing.T, what, text string, secrets ...string) {
	t.Helper()
	for _, s := range secrets {
		if strings.Contains(text, s) {
			t.Errorf("%s reveals %q:\n%s", what, s, text)
		}
	}
}

// Turn 4 of an open game through /phase next: the Confederate
// reinforcements due since turn 2, then the three Union rolls with their
// modifiers from the map, explained in the channel; the units placed at
// their entry hexes with /move.
func TestTurnStartThroughPhaseNext(t *testing.T) {
	r := NewRouter(openStore(t), WithLogger(quietLog()), WithDice(ScriptedSource(2, 2, 2)))
	startLRTG(t, r, nil)
	ctx := context.Background()
	move := func(u engine.Actor, units, to string) Output {
		return r.Handle(ctx, tsReq(u, "move", map[string]string{"units": units, "to": to})).first()
	}
	// Turn 1: Pickett is not due.
	if o := move(leeA, "Pickett", "SS2033"); o.Error == nil || o.Error.Code != "move.not-arrived" || !strings.Contains(o.Text, "turn 2") {
		t.Fatalf("Pickett on turn 1: %+v", o)
	}
	mustOK(t, r, tsReq(leeA, "move", map[string]string{"units": "Hood", "to": "Frederick"}))
	s1a := tsToTurn(t, r, 4)
	wantAll(t, "1a", s1a.Text, "▶ 1a Confederate Reinforcements", "🪖 Confederate reinforcements (LRTG 3.1): Pickett, Pettigrew, on the south edge of the SJW South map, in a hex numbered 20xx or lower (SS0133 to SS2033).")
	// Pickett enters on the south SJW edge, columns 20 or lower.
	if o := move(leeA, "Pickett", "SS2133"); o.Error == nil || o.Error.Code != "move.entry" {
		t.Fatalf("Pickett at SS2133: %+v", o)
	}
	if o := move(leeA, "Pickett", "SS2033"); o.Error != nil {
		t.Fatalf("Pickett at SS2033: %s", o.Text)
	}
	// 1b: Hood in Maryland begins the Balt/DC and PA rolls and takes one
	// off the WV and PA dice. 2: group 1 released; 2-1: Mulligan; 2-1:
	// Brisbane.
	rep := tsPhaseNext(t, r)
	pub := rep.first()
	wantAll(t, "1b", pub.Text, "▶ 1b Union Reinforcements and Releases",
		"▶ Baltimore / DC release: the rolls begin — Confederate infantry is in Maryland (LRTG 3.2).",
		"🎲 Roll #1 · Baltimore / DC release (LRTG 3.2), group 1: 1d6 [2]; needs 1-3: **Next group released**.",
		"Released (group 1): 2 MA, Copeland, DeForest, Price.",
		"🎲 Roll #2 · West Virginia reinforcements (LRTG 3.2): 1d6 [2] −1 (Confederate infantry is north of the Potomac) → 1; needs 1 or less",
		"🪖 Arrives: Mulligan, in North Mountain Depot (HW1307)",
		"🎲 Roll #3 · Pennsylvania militia reinforcements (LRTG 3.2): 1d6 [2] −1 (Confederate infantry is across the Potomac) → 1",
		"🪖 Arrives: Brisbane, in Camp Curtin (RN4907)")
	if pub.Audience.Kind != AudiencePublic {
		t.Fatalf("1b audience %s", pub.Audience.Kind)
	}
	if o := move(meadeA, "Mulligan", "Martinsburg"); o.Error == nil || o.Error.Code != "move.entry" {
		t.Fatalf("Mulligan at Martinsburg: %+v", o)
	}
	for _, m := range [][2]string{{"Mulligan", "North Mountain Depot"}, {"Brisbane", "Camp Curtin"}} {
		if o := move(meadeA, m[0], m[1]); o.Error != nil {
			t.Fatalf("%s: %s", m[0], o.Text)
		}
	}
	if o := move(meadeA, "Campbell", "North Mountain Depot"); o.Error == nil || o.Error.Code != "move.not-arrived" {
		t.Fatalf("Campbell: %+v", o)
	}
	// /reinforcements: each side its own.
	lee := mustOK(t, r, tsReq(leeA, "reinforcements", nil))
	wantAll(t, "Lee's /reinforcements", lee.Text, "**Confederate**", "Pettigrew, on the south edge")
	wantNone(t, "Lee's /reinforcements", lee.Text, "**Union**", "Mulligan", "Roll #")
	meade := mustOK(t, r, tsReq(meadeA, "reinforcements", nil))
	wantAll(t, "Meade's /reinforcements", meade.Text, "**Union**", "rolled since turn 4; next: group 2", "groups released: 1", "West Virginia", "next Campbell", "next J. Smith", "Turn 4: ▶ Baltimore / DC release: the rolls begin", "🎲 Roll #1 · Baltimore / DC release")
	wantNone(t, "Meade's /reinforcements", meade.Text, "**Confederate**", "Pettigrew")
	if meade.Audience.Kind != AudienceEphemeral {
		t.Fatalf("/reinforcements is %s", meade.Audience.Kind)
	}
	if o := r.Handle(ctx, tsReq(guestA, "reinforcements", nil)).first(); o.Error == nil {
		t.Fatalf("a guest's /reinforcements: %s", o.Text)
	}
}

// With limited intelligence the channel learns only that the Union rolled;
// the Union player reads the results in /reinforcements, the umpire in his
// own output.
func TestUnionRollsSecretUnderLimitedIntelligence(t *testing.T) {
	r := NewRouter(openStore(t), WithLogger(quietLog()), WithDice(ScriptedSource(2, 2, 2)))
	startLRTG(t, r, map[string]string{"limited_intelligence": "true"})
	mustOK(t, r, tsReq(leeA, "move", map[string]string{"units": "Hood", "to": "Frederick"}))
	tsToTurn(t, r, 4)
	rep := tsPhaseNext(t, r)
	pub := rep.first()
	wantAll(t, "the public 1b", pub.Text, "🎲 The Union rolls for Baltimore / DC release (LRTG 3.2): the result is the Union's (/reinforcements).",
		"for West Virginia reinforcements", "for Pennsylvania militia reinforcements")
	wantNone(t, "the public 1b", pub.Text, "Mulligan", "Brisbane", "Copeland", "Roll #", "Released", "[2]")
	for _, v := range pub.Events {
		if v.Type != "step.begun" {
			t.Errorf("the public 1b carries %s", v.Type)
		}
	}
	var umpire string
	for _, o := range rep.Outputs[1:] {
		if o.Audience.Kind == AudiencePublic {
			t.Errorf("a second public output: %s", o.Text)
		}
		umpire += o.Text + "\n"
	}
	wantAll(t, "the umpire's 1b", umpire, "Released (group 1): 2 MA, Copeland, DeForest, Price.", "🪖 Arrives: Mulligan", "🪖 Arrives: Brisbane")
	meade := mustOK(t, r, tsReq(meadeA, "reinforcements", nil)).Text
	wantAll(t, "Meade's /reinforcements", meade, "Mulligan, in North Mountain Depot", "Brisbane, in Camp Curtin", "Released (group 1)")
	lee := mustOK(t, r, tsReq(leeA, "reinforcements", nil)).Text
	wantNone(t, "Lee's /reinforcements", lee, "Mulligan", "Brisbane", "Copeland", "Roll #")
}

// Vicksburg is rolled in 1c from June 30 (turn 22), publicly.
func TestVicksburgRolledInStep1c(t *testing.T) {
	r := NewRouter(openStore(t), WithLogger(quietLog()), WithDice(ScriptedSource(6, 1)))
	startLRTG(t, r, nil)
	tsToTurn(t, r, 22) // June 30
	tsPhaseNext(t, r)  // 1b: West Virginia 6
	pub := tsPhaseNext(t, r).first()
	wantAll(t, "1c", pub.Text, "▶ 1c Vicksburg Surrenders / Draft Riots", "Vicksburg Surrenders", "→ Vicksburg has surrendered: **-15 VP**")
	rec := mustOK(t, r, tsReq(leeA, "vp", nil)).Text
	wantAll(t, "/vp", rec, "-15")
}

// On July 14 step 1c waits for the Union's draft riots; /draftriots
// removes the manpower sent and rolls.
func TestDraftRiotsWaitInStep1c(t *testing.T) {
	r := NewRouter(openStore(t), WithLogger(quietLog()), WithDice(ScriptedSource(6, 2, 6, 5, 4)))
	startLRTG(t, r, map[string]string{"scenario": "lrtg-gettysburg-campaign"})
	g, _ := r.gameHere(context.Background(), tsReq(umpireA, "phase", nil))
	july14, ok := lrtg.Of(g).TurnOn(time.Date(1863, time.July, 14, 0, 0, 0, 0, time.UTC))
	if !ok {
		t.Fatal("no July 14 turn")
	}
	tsToTurn(t, r, july14)
	tsPhaseNext(t, r)                 // 1b: West Virginia 6
	step := tsPhaseNext(t, r).first() // 1c: Vicksburg 2, holds
	wantAll(t, "1c", step.Text, "Vicksburg holds out", "Waiting for: the Union: the New York draft riots", "/draftriots")
	if o := r.Handle(context.Background(), phaseReq(Request{GuildID: "g", ChannelID: "war", User: umpireA}, "next", nil)).first(); o.Error == nil || o.Error.Code != "phase.waiting" {
		t.Fatalf("1c ended while waiting: %+v", o)
	}
	if o := r.Handle(context.Background(), tsReq(meadeA, "draftriots", map[string]string{"remove": "Wright:x"})).first(); o.Error == nil || o.Error.Code != "draftriots.remove" {
		t.Fatalf("a bad removal: %+v", o)
	}
	if o := r.Handle(context.Background(), tsReq(meadeA, "draftriots", map[string]string{"remove": "Yates:1"})).first(); o.Error == nil || o.Error.Code != "draftriots.unit" {
		t.Fatalf("PA militia sent: %+v", o)
	}
	out := mustOK(t, r, tsReq(meadeA, "draftriots", map[string]string{"remove": "Wright:2"}))
	wantAll(t, "/draftriots", out.Text, "3d6: [6 5 4] = 15 −2 (", "→ 13", "→ **+13 VP**", "The Union sent 2 manpower to New York (Wright 2): it may not move by rail this turn",
		"Step 1c waits for no one now")
	g, _ = r.gameHere(context.Background(), tsReq(umpireA, "phase", nil))
	if g.Units["usa.wright"].Manpower != 7 || len(g.Waiting()) != 0 {
		t.Fatalf("Wright %d, waiting %v", g.Units["usa.wright"].Manpower, g.Waiting())
	}
}

// The first reinforcement phase tells the Confederates to set R.E. Lee up
// with a corps commander (000 VIII 3)); /reinforcements lists him until he
// is placed, and the turns' arrivals in their order (3.1).
func TestLeeSetUpInTheFirstReinforcementPhase(t *testing.T) {
	r := NewRouter(openStore(t), WithLogger(quietLog()))
	startLRTG(t, r, nil)
	s1a := tsPhaseNext(t, r).first()
	wantAll(t, "turn 1's 1a", s1a.Text, "▶ 1a Confederate Reinforcements",
		"🎖️ Set-up (000 VIII 3)): Lee is not on the map yet: the Confederates place him with a corps commander")
	lee := mustOK(t, r, tsReq(leeA, "reinforcements", nil))
	wantAll(t, "Lee's /reinforcements", lee.Text, "To place (/move):\n· Lee, with a Confederate corps commander",
		"Due: Pickett on turn 2 (June 6-8, 1863), on the south edge of the SJW South map (LRTG 3.1).\nDue: Pettigrew on turn 3")
	meade := mustOK(t, r, tsReq(meadeA, "reinforcements", nil))
	wantNone(t, "Meade's /reinforcements", meade.Text, "Lee,", "corps commander")
	ctx := context.Background()
	if o := r.Handle(ctx, tsReq(leeA, "move", map[string]string{"units": "Lee", "to": "Culpeper"})).first(); o.Error == nil || o.Error.Code != "move.with_corps_commander" {
		t.Fatalf("Lee alone at Culpeper: %+v", o)
	}
	mustOK(t, r, tsReq(leeA, "move", map[string]string{"units": "Lee", "to": "SS4331"})) // Longstreet's hex (000 VIII)
	lee = mustOK(t, r, tsReq(leeA, "reinforcements", nil))
	wantAll(t, "Lee's /reinforcements once placed", lee.Text, "To place: none.")
	// A released Baltimore / DC unit that joins a corps says so (3.2).
	g, err := r.gameHere(ctx, tsReq(umpireA, "phase", nil))
	if err != nil {
		t.Fatal(err)
	}
	text := r.unionRollText(g, &lrtg.UnionRolled{Turn: 9, Track: lrtg.TrackBaltDC, Rolled: true, Number: 7, Dice: "1d6", Faces: []int{3}, Total: 3, Target: "1-3",
		Outcome: "release", Result: "Next group released", Success: true, Group: "release-group-2", Units: []string{"usa.1-ct", "usa.1-md", "usa.crawford"},
		Joins: map[string]string{"usa.crawford": "V"}})
	wantAll(t, "group 2's release", text, "Released (group 2): 1 CT, 1 MD, Crawford.\nCrawford joins the V Corps and needs no further release (000 3.2).")
}
