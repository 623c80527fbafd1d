package bot

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
)

var (
	ldUmp = Request{GuildID: "g", ChannelID: "war", User: umpireA}
	ldLee = Request{GuildID: "g", ChannelID: "war", User: leeA}
	ldMea = Request{GuildID: "g", ChannelID: "war", User: meadeA}
)

func leaderReq(u Request, sub string, opts map[string]string) Request {
	if opts == nil {
		opts = map[string]string{}
	}
	u.Command, u.Path, u.Options = "leader", []string{sub}, opts
	return u
}

// ldStepTo runs /phase next (forcing a step that waits, with a reason)
// until the game stands at the step of the turn, and returns every
// reply's outputs on the way.
func ldStepTo(t *testing.T, r *Router, turn int, step string) []Output {
	t.Helper()
	ctx := context.Background()
	var outs []Output
	for i := 0; i < 60; i++ {
		g, err := r.gameHere(ctx, ldUmp)
		if err != nil {
			t.Fatal(err)
		}
		if g.Turn == turn && g.CurrentStep() == step {
			return outs
		}
		var opts map[string]string
		if len(g.Waiting()) > 0 {
			opts = map[string]string{"force": "true", "reason": "the test moves on"}
		}
		rep := r.Handle(ctx, phaseReq(ldUmp, "next", opts))
		if o := rep.first(); o.Error != nil {
			t.Fatalf("/phase next at %d %s: %s", g.Turn, g.CurrentStep(), o.Text)
		}
		outs = append(outs, rep.Outputs...)
	}
	t.Fatalf("never reached turn %d step %s", turn, step)
	return nil
}

func ldHex(t *testing.T, r *Router, ref string) engine.Hex {
	t.Helper()
	h, _, err := r.theatres["lrtg"].Locate(ref)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// Leader transfer in step 3a with the real map: 10 hexes, 30 for a
// passive side (declared in step 1e), refused outside the step; the reply
// is public in an open game.
func TestLeaderTransferThroughThePhases(t *testing.T) {
	ctx := context.Background()
	r := NewRouter(openStore(t), WithLogger(quietLog()))
	startLRTG(t, r, nil)
	hood := map[string]string{"leader": "Longstreet", "to": "Hood"}
	if o := r.Handle(ctx, leaderReq(ldLee, "transfer", hood)).first(); o.Error == nil || o.Error.Code != "leader.distance" {
		t.Fatalf("before the sequence, a transfer of 20+ hexes: %+v", o)
	}
	ldStepTo(t, r, 1, "1e")
	mustOK(t, r, Request{GuildID: "g", ChannelID: "war", User: leeA, Command: "declare", Options: map[string]string{"posture": "passive"}})
	mustOK(t, r, Request{GuildID: "g", ChannelID: "war", User: meadeA, Command: "declare", Options: map[string]string{"posture": "operational"}})
	if o := r.Handle(ctx, leaderReq(ldLee, "transfer", map[string]string{"leader": "Longstreet", "to": "McLaws"})).first(); o.Error == nil || o.Error.Code != "leader.step" {
		t.Fatalf("a transfer in step 1e: %+v", o)
	}
	ldStepTo(t, r, 1, "3a")
	dist := engine.Distance(ldHex(t, r, "SS4331"), ldHex(t, r, "SS2030")) // Longstreet, Hood (000 VIII 3))
	if dist <= lrtg.TransferHexes || dist > lrtg.TransferHexesPassive {
		t.Fatalf("the test needs Hood between 10 and 30 hexes from Longstreet: %d", dist)
	}
	out := mustOK(t, r, leaderReq(ldLee, "transfer", hood))
	want := fmt.Sprintf("Longstreet transfers to Hood at SS2030: %d hexes (up to 30 this turn", dist)
	if out.Audience.Kind != AudiencePublic || !strings.Contains(out.Text, want) {
		t.Fatalf("passive transfer: %+v\nwant %q", out, want)
	}
	// The Union is operational: 10 hexes from Hooker (SS4929, with
	// Sedgwick) to Whiting (SS4423): the map says how far it is.
	far := engine.Distance(ldHex(t, r, "SS4929"), ldHex(t, r, "SS4423"))
	o := r.Handle(ctx, leaderReq(ldMea, "transfer", map[string]string{"leader": "usa.hooker", "to": "Merritt"})).first()
	if o.Error == nil || o.Error.Code != "leader.target" {
		t.Fatalf("Merritt is not on the map yet: %+v", o)
	}
	o = r.Handle(ctx, leaderReq(ldMea, "transfer", map[string]string{"leader": "usa.hooker", "to": "Whiting"})).first()
	if far > lrtg.TransferHexes {
		if o.Error == nil || o.Error.Code != "leader.distance" || !strings.Contains(o.Text, fmt.Sprintf("Whiting is %d hexes from Hooker: leaders transfer up to 10 hexes", far)) {
			t.Fatalf("operational Union, %d hexes: %+v", far, o)
		}
	} else if o.Error != nil {
		t.Fatalf("operational Union, %d hexes: %+v", far, o)
	}
	// Heintzelman may never leave the DC defense area (16.3): the umpire
	// who sets the rules aside sees it named.
	if o := r.Handle(ctx, leaderReq(ldMea, "transfer", map[string]string{"leader": "Heintzelman", "to": "Hays"})).first(); o.Error != nil {
		t.Fatalf("Heintzelman to Hays (DC), in the Capitol: %+v", o)
	}
	out = mustOK(t, r, leaderReq(ldUmp, "transfer", map[string]string{"leader": "Heintzelman", "to": "Crawford", "reason": "a test"}))
	if !strings.Contains(out.Text, "must remain in the DC defense area") || !strings.Contains(out.Text, "Reason: a test") {
		t.Fatalf("Heintzelman to Fairfax Station: %s", out.Text)
	}
	show := mustOK(t, r, leaderReq(ldLee, "show", nil))
	if show.Audience.Kind != AudienceEphemeral || !strings.Contains(show.Text, "CSA leaders transfer up to 30 hexes this turn") ||
		!strings.Contains(show.Text, "Transferred this turn: Longstreet (now at SS2030)") || strings.Contains(show.Text, "USA leaders") ||
		!strings.Contains(show.Text, "Hooker Questioned: 0 of 3") {
		t.Fatalf("/leader show: %+v", show)
	}
	// Step 3c: attachment; 4a: no more transfers, no attachment.
	ldStepTo(t, r, 1, "4a")
	if o := r.Handle(ctx, leaderReq(ldLee, "transfer", map[string]string{"leader": "Longstreet", "to": "McLaws"})).first(); o.Error == nil || o.Error.Code != "leader.step" {
		t.Fatalf("a transfer in 4a: %+v", o)
	}
}

// The step-3c gate through the router: a player attaches in 3c only.
func TestAttachmentOnlyInStep3c(t *testing.T) {
	ctx := context.Background()
	r := NewRouter(openStore(t), WithLogger(quietLog()))
	startLRTG(t, r, nil)
	ldStepTo(t, r, 1, "3a")
	if o := r.Handle(ctx, unitReq(leeA, "detach", map[string]string{"unit": "Hood", "manpower": "3"})).first(); o.Error == nil || o.Error.Code != "detach.step" {
		t.Fatalf("detach in 3a: %+v", o)
	}
	ldStepTo(t, r, 1, "3c")
	mustOK(t, r, unitReq(leeA, "detach", map[string]string{"unit": "Hood", "manpower": "3"}))
	mustOK(t, r, unitReq(leeA, "attach", map[string]string{"unit": "Inf Sub 1", "to": "Hood"}))
	ldStepTo(t, r, 1, "4a")
	mustOK(t, r, unitReq(leeA, "detach", map[string]string{"unit": "Hood", "manpower": "2"})) // from a march (7.1)
	if o := r.Handle(ctx, unitReq(leeA, "attach", map[string]string{"unit": "Inf Sub 1", "to": "Hood"})).first(); o.Error == nil || o.Error.Code != "attach.step" {
		t.Fatalf("attach in 4a: %+v", o)
	}
	mustOK(t, r, unitReq(umpireA, "attach", map[string]string{"unit": "Inf Sub 1", "to": "Hood"}))
}

// Meade assumes command in step 3b (after the umpire's /game meade here:
// the three Hooker Questioned sources are counted in the engine's tests),
// and the order of battle is 16.2's, unit by unit, with the real data.
func TestMeadeTakesCommandInStep3b(t *testing.T) {
	ctx := context.Background()
	r := NewRouter(openStore(t), WithLogger(quietLog()))
	startLRTG(t, r, nil)
	before, _ := r.gameHere(ctx, ldUmp)
	ldStepTo(t, r, 1, "3a")
	mustOK(t, r, gameReq(umpireA, "meade", map[string]string{"reason": "three Hooker Questioned events"}))
	outs := ldStepTo(t, r, 1, "3b")
	pub := outs[0]
	if pub.Audience.Kind != AudiencePublic || !strings.Contains(pub.Text, "📋 The order of battle under Meade (LRTG 16.2, turn 1)") ||
		!strings.Contains(pub.Text, "1) Hooker is removed.") || !strings.Contains(pub.Text, "8) j) Pleasonton is removed from the game.") ||
		!strings.Contains(pub.Text, "15) Chambliss replaces W.H. Lee (Confederate cavalry) (Chambliss at SS1914, 3 MP).") {
		t.Fatalf("3b: %+v", pub)
	}
	g, _ := r.gameHere(ctx, ldUmp)
	oob := r.orders["lrtg"]
	// 1), 8) g), h), j) and every replaced counter: out of play.
	for _, id := range []string{"usa.hooker", "usa.meade", "usa.french", "usa.hays-dc", "usa.whiting", "usa.davis", "usa.dicesnola",
		"usa.wyndam", "usa.copeland", "usa.deforest", "usa.price", "usa.kilpatrick", "usa.pleasonton", "csa.whlee"} {
		if _, ok := g.Units[id]; ok {
			t.Errorf("%s is still in play", id)
		}
	}
	// Every counter of the meade-replacement track is on the map, as the
	// unit it replaces was, with its manpower.
	replaced := map[string]string{"usa.meade-army": "usa.meade", "usa.sykes": "usa.meade", "usa.hays-ii": "usa.french", "usa.willard": "usa.hays-dc",
		"usa.merritt": "usa.whiting", "usa.gamble": "usa.davis", "usa.huey": "usa.dicesnola", "usa.mcintosh": "usa.wyndam",
		"usa.custer": "usa.copeland", "usa.farnsworth": "usa.deforest", "csa.chambliss": "csa.whlee"}
	for _, u := range oob.Units {
		if u.Track != "meade-replacement" && u.ID != "csa.chambliss" {
			continue
		}
		now, ok := g.Units[u.ID]
		if !ok || !now.OnMap || now.Track != "" {
			t.Errorf("%s: %+v", u.ID, now)
			continue
		}
		if old, ok := replaced[u.ID]; ok {
			o := before.Units[old]
			if now.Hex != o.Hex || now.Ref != o.Ref {
				t.Errorf("%s at %s, %s was at %s", u.ID, now.Ref, old, o.Ref)
			}
			if now.Kind != engine.KindCavalry && now.Manpower != o.Manpower { // the cavalry's below (8) g), h))
				t.Errorf("%s has %d MP, %s had %d", u.ID, now.Manpower, old, o.Manpower)
			}
		}
	}
	// 3), 4): Crawford V, Stannard I, released.
	if c, s := g.Units["usa.crawford"], g.Units["usa.stannard"]; c.Command != "V" || s.Command != "I" || len(c.Marks) != 0 || len(s.Marks) != 0 {
		t.Errorf("Crawford %s %v, Stannard %s %v", c.Command, c.Marks, s.Command, s.Marks)
	}
	// 5): Couch with the strongest PA militia unit on the map: Yates (3)
	// at Harrisburg, not Knipe (1).
	if g.Units["usa.couch"].Hex != before.Units["usa.yates"].Hex {
		t.Errorf("Couch at %s", g.Units["usa.couch"].Ref)
	}
	// 8) g): Price's manpower to the nearer of Custer and Farnsworth.
	price := before.Units["usa.price"]
	cu, fa := g.Units["usa.custer"], g.Units["usa.farnsworth"]
	nearer := "usa.custer"
	if engine.Distance(fa.Hex, price.Hex) < engine.Distance(cu.Hex, price.Hex) {
		nearer = "usa.farnsworth"
	}
	// 8) h): Kilpatrick's 3 MP, one each to the nearest AoP cavalry of
	// 2 MP or less (after the replacements and 8) g)).
	kil := before.Units["usa.kilpatrick"]
	type cand struct {
		id   string
		dist int
	}
	var cands []cand
	for _, id := range []string{"usa.merritt", "usa.gamble", "usa.devin", "usa.huey", "usa.gregg", "usa.mcintosh", "usa.custer", "usa.farnsworth"} {
		mp := before.Units[replacedOr(replaced, id)].Manpower
		if id == nearer {
			mp += price.Manpower
		}
		if mp <= 2 {
			cands = append(cands, cand{id, engine.Distance(g.Units[id].Hex, kil.Hex)})
		}
	}
	sort.Slice(cands, func(i, j int) bool {
		if cands[i].dist != cands[j].dist {
			return cands[i].dist < cands[j].dist
		}
		return cands[i].id < cands[j].id
	})
	gets := map[string]int{nearer: price.Manpower}
	for _, c := range cands[:kil.Manpower] {
		gets[c.id]++
	}
	for _, id := range []string{"usa.merritt", "usa.gamble", "usa.devin", "usa.huey", "usa.gregg", "usa.mcintosh", "usa.custer", "usa.farnsworth"} {
		if want := before.Units[replacedOr(replaced, id)].Manpower + gets[id]; g.Units[id].Manpower != want {
			t.Errorf("%s has %d MP, want %d", id, g.Units[id].Manpower, want)
		}
	}
	// 8) i): the division leaders with a brigade of their division.
	for ldr, with := range map[string]string{"usa.buford": "usa.merritt", "usa.gregg-ldr": "usa.huey", "usa.kilpatrick-ldr": "usa.mcintosh"} {
		if g.Units[ldr].Hex != g.Units[with].Hex {
			t.Errorf("%s at %s, not with %s", ldr, g.Units[ldr].Ref, with)
		}
		// The divisions the engine uses are the order of battle's notes.
		for _, u := range oob.Units {
			if u.ID == ldr && !strings.Contains(u.Notes, "division: "+lrtg.CavalryDivision(ldr)) {
				t.Errorf("%s: the engine's division %q, the data's notes %q", ldr, lrtg.CavalryDivision(ldr), u.Notes)
			}
		}
	}
	for _, u := range oob.Units {
		if d := lrtg.CavalryDivision(u.ID); d != "" && u.Kind == engine.KindCavalry && !strings.HasPrefix(u.Notes, "division: "+d) {
			t.Errorf("%s: the engine's division %q, the data's notes %q", u.ID, d, u.Notes)
		}
	}
	if !lrtg.Of(g).Movement.Meade || !lrtg.Of(g).Command.Meade || !lrtg.Of(g).MeadeParalysis() {
		t.Error("Meade's command is not recorded")
	}
	// The Union moves Buford to Devin (a 1st division brigade) in 3b.
	out := mustOK(t, r, leaderReq(ldMea, "transfer", map[string]string{"leader": "Buford", "to": "Devin"}))
	if !strings.Contains(out.Text, "Buford joins Devin at SS3409 (LRTG 16.2 5), 8) i)") {
		t.Fatalf("Buford: %s", out.Text)
	}
}

func replacedOr(m map[string]string, id string) string {
	if old, ok := m[id]; ok {
		return old
	}
	return id
}

// The Jackson relapse roll in step 3a of a Jackson Lives game, with
// scripted dice, told in the step's message.
func TestJacksonRollInStep3a(t *testing.T) {
	r := NewRouter(openStore(t), WithLogger(quietLog()), WithDice(ScriptedSource(2, 1)))
	startLRTG(t, r, map[string]string{"jackson_lives": "true"})
	outs := ldStepTo(t, r, 1, "3a")
	text := ""
	for _, o := range outs {
		text += o.Text + "\n"
	}
	if !strings.Contains(text, "Jackson relapse") || !strings.Contains(text, "**Jackson debilitated by his wounds**") {
		t.Fatalf("3a: %s", text)
	}
	g, _ := r.gameHere(context.Background(), ldUmp)
	if j, ok := lrtg.Of(g).JacksonThisTurn(); !ok || j.Natural != 3 || j.Outcome != "debilitated" {
		t.Fatalf("the roll: %+v", j)
	}
	show := mustOK(t, r, leaderReq(ldLee, "show", nil)).Text
	if !strings.Contains(show, "Jackson's wounds this turn (31.4, roll #") || !strings.Contains(show, "3 → debilitated") {
		t.Fatalf("/leader show: %s", show)
	}
}

// With limited intelligence a transfer is told to its side only, the
// Jackson roll to the Confederates, and Meade's changes without places.
func TestLeaderSecretsUnderLimitedIntelligence(t *testing.T) {
	ctx := context.Background()
	r := NewRouter(openStore(t), WithLogger(quietLog()), WithDice(ScriptedSource(6, 6)))
	startLRTG(t, r, map[string]string{"limited_intelligence": "true", "jackson_lives": "true"})
	outs := ldStepTo(t, r, 1, "3a")
	for _, o := range outs {
		if o.Audience.Kind == AudiencePublic && strings.Contains(o.Text, "No effect") {
			t.Fatalf("the Jackson roll's result is public: %s", o.Text)
		}
	}
	out := mustOK(t, r, leaderReq(ldLee, "transfer", map[string]string{"leader": "Jackson", "to": "Rodes"}))
	if out.Audience.Kind != AudienceEphemeral {
		t.Fatalf("a transfer is public under limited intelligence: %+v", out)
	}
	meadeShow := mustOK(t, r, leaderReq(ldMea, "show", nil)).Text
	for _, secret := range []string{"Jackson", "CSA leaders", "SS4"} {
		if strings.Contains(meadeShow, secret) {
			t.Fatalf("the Union's /leader show tells %q: %s", secret, meadeShow)
		}
	}
	if s := mustOK(t, r, leaderReq(ldLee, "show", nil)).Text; !strings.Contains(s, "Transferred this turn: Jackson") || !strings.Contains(s, "no effect") {
		t.Fatalf("the CSA's /leader show: %s", s)
	}
	// Meade: public, without places or strengths.
	mustOK(t, r, gameReq(umpireA, "meade", map[string]string{"reason": "ruling"}))
	outs = ldStepTo(t, r, 1, "3b")
	pub := outs[0]
	if pub.Audience.Kind != AudiencePublic || !strings.Contains(pub.Text, "Chambliss replaces W.H. Lee") || strings.Contains(pub.Text, " at SS") ||
		strings.Contains(pub.Text, " MP") || len(pub.Events) != 1 || pub.Events[0].Type != "step.begun" {
		t.Fatalf("Meade under limited intelligence: %+v", pub)
	}
	if g, _ := r.gameHere(ctx, ldUmp); !lrtg.Of(g).Command.Meade {
		t.Fatal("Meade did not take command")
	}
}

// 16.2's record says what Meade's command paralysis does (11): -1 to the
// Union's initiative rolls this turn) and speaks of variable initiative
// (16)) and the Halleck rule (17)) as the game's options have them.
func TestMeadeRecordNamesTheOptionsInPlay(t *testing.T) {
	e := &lrtg.MeadeAssumed{Turn: 9}
	text := meadeText(engine.GameState{}, e, false)
	for _, s := range []string{"11) The Union suffers command paralysis this turn (turn 9): -1 to its initiative rolls (000 2.0 2)).",
		"16) Variable initiative (optional rule 25) is not in play: the Confederates still win every tie."} {
		if !strings.Contains(text, s) {
			t.Errorf("without the options, %q is missing:\n%s", s, text)
		}
	}
	if strings.Contains(text, "17)") || strings.Contains(text, "5-5 and 6-6") {
		t.Errorf("without the options:\n%s", text)
	}
	g := engine.GameState{Options: engine.GameOptions{Optional: []int{25}, Halleck: true}}
	text = meadeText(g, e, false)
	for _, s := range []string{"16) From now the Union wins tied initiative rolls of 5-5 and 6-6 (variable initiative, optional rule 25).",
		"17) The Halleck rule's effects end."} {
		if !strings.Contains(text, s) {
			t.Errorf("with the options, %q is missing:\n%s", s, text)
		}
	}
}
