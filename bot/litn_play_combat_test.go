package bot

import (
	"context"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/litn"
)

// LITN's Combat Phase through the router (002 10; litn_play_combat.go):
// /phase next opens the battle in 1625, /litn attack and supply, the
// option buttons clicked by each side (secret until both are in, then
// revealed together) and the slash fallback. Scenario 1's fixture sheets
// (INVENTED FOR TESTS — not the printed record sheets), with the umpire's
// copy of the Union sheet putting Hooker in 1625 with Jackson, Hood, A.P.
// Hill, Stuart and Fitz Lee.

// lpcStartWithBattle starts scenario 1 with Hooker in 1625 and steps the
// game to G1 (forcing the steps before it).
func lpcStartWithBattle(t *testing.T, r *Router) Output {
	t.Helper()
	mustOK(t, r, gameReq(umpireA, "new", map[string]string{"scenario": "litn-1-frederick-to-antietam", "seed": "1862"}))
	mustOK(t, r, gameReq(leeA, "join", map[string]string{"side": "csa"}))
	mustOK(t, r, gameReq(meadeA, "join", map[string]string{"side": "usa"}))
	loadLITNCharts(t, r)
	declareLITNPrinted(t, r, "litn-1-frederick-to-antietam")
	usa := litnSheetData(t, "sheet-1-usa.yaml")
	hooker := "  - id: usa.hooker\n    name: Hooker\n    troops: infantry\n    strength: 14\n    command: 2\n    initiative: 2\n    combat_bonus: 1\n    rank: 2\n    hex: \"3034\""
	if !strings.Contains(usa, hooker) {
		t.Fatal("the Union fixture sheet changed: Hooker's lines")
	}
	usa = strings.Replace(usa, hooker, strings.Replace(hooker, "3034", "1625", 1), 1)
	mustOK(t, r, sheetReq(umpireA, "load", map[string]string{"side": "csa", "data": litnSheetData(t, "sheet-1-csa.yaml")}))
	mustOK(t, r, sheetReq(umpireA, "load", map[string]string{"side": "usa", "data": usa}))
	mustOK(t, r, gameReq(umpireA, "start", nil))
	ump := Request{GuildID: "g", ChannelID: "war", User: umpireA}
	for i := 0; i < 20; i++ {
		rep := r.Handle(context.Background(), phaseReq(ump, "next", map[string]string{"force": "true", "reason": "test: to the Combat Phase"}))
		if o := rep.first(); o.Error != nil && strings.Contains(o.Text, "/litn declare") {
			// The printed numbers the Command and Movement Phases need
			// (litn_play_move.go), INVENTED FOR TESTS: the umpire records
			// them and steps on.
			mustOK(t, r, litnReq(umpireA, "declare", map[string]string{"year": "command-point=0,broadcast=0", "ma": "infantry=6,cavalry=8,artillery=6,wagon=4,leader=8"}))
			continue
		} else if o.Error != nil {
			t.Fatalf("/phase next: %s", o.Text)
		}
		g, err := r.game(context.Background(), ump)
		if err != nil {
			t.Fatal(err)
		}
		if g.CurrentStep() == litn.StepCombat {
			var all []string
			for _, o := range rep.Outputs {
				all = append(all, o.Text)
			}
			return Output{Text: strings.Join(all, "\n")}
		}
	}
	t.Fatal("the game never reached G1")
	return Output{}
}

// lpcButtons returns the outputs of a reply that carry buttons.
func lpcButtons(rep Reply) []Output {
	var out []Output
	for _, o := range rep.Outputs {
		if len(o.Buttons) > 0 {
			out = append(out, o)
		}
	}
	return out
}

func lpcButton(t *testing.T, o Output, label string) Button {
	t.Helper()
	for _, b := range o.Buttons {
		if b.Label == label {
			return b
		}
	}
	t.Fatalf("no %q button in %+v", label, o.Buttons)
	return Button{}
}

// lpcText joins the texts of a reply's outputs to an audience kind.
func lpcText(rep Reply, kind string) string {
	var out []string
	for _, o := range rep.Outputs {
		if o.Audience.Kind == kind {
			out = append(out, o.Text)
		}
	}
	return strings.Join(out, "\n")
}

func TestLITNCombatButtonsAreSecret(t *testing.T) {
	ctx := context.Background()
	r := NewRouter(openStore(t), WithLogger(quietLog()))
	opened := lpcStartWithBattle(t, r)
	if !strings.Contains(opened.Text, "**1625**: the Confederate player decides first") {
		t.Fatalf("G1 did not open the battle: %s", opened.Text)
	}
	// Jackson (initiative 3) decides first; Meade may not.
	if o := r.Handle(ctx, litnReq(meadeA, "attack", map[string]string{"hex": "1625"})).first(); o.Error == nil || o.Error.Code != "litn.attack.turn" {
		t.Fatalf("Meade attacked first: %+v", o)
	}
	rep := r.Handle(ctx, litnReq(leeA, "attack", map[string]string{"hex": "1625", "units": "Hood, A.P. Hill"}))
	if o := rep.first(); o.Error != nil || o.Audience.Kind != AudiencePublic || !strings.Contains(o.Text, "Confederate attacks with Hood, A.P. Hill; the Union defends with Hooker") {
		t.Fatalf("attack: %+v", rep.Outputs)
	}
	if len(lpcButtons(rep)) != 0 {
		t.Fatalf("buttons before supply: %+v", lpcButtons(rep))
	}
	// Supply, then each side gets its own buttons, alone.
	if o := r.Handle(ctx, litnReq(leeA, "option", map[string]string{"hex": "1625", "choice": "assault"})).first(); o.Error == nil || o.Error.Code != "litn.option.supply" {
		t.Fatalf("option before supply: %+v", o)
	}
	rep = r.Handle(ctx, litnReq(leeA, "supply", map[string]string{"hex": "1625", "depot": "1624"}))
	bs := lpcButtons(rep)
	if rep.first().Error != nil || len(bs) != 1 || bs[0].Audience.Kind != AudienceEphemeral || len(bs[0].Buttons) != 3 {
		t.Fatalf("Lee's buttons: %+v", rep.Outputs)
	}
	leeAssault := lpcButton(t, bs[0], "Assault")
	if leeAssault.ID != "litn/war/4.1625.csa/assault" || leeAssault.Command != "/litn option hex:1625 choice:assault" {
		t.Fatalf("button %+v", leeAssault)
	}
	if strings.Contains(lpcText(rep, AudiencePublic), "1624") {
		t.Fatalf("the supply reached the table: %s", lpcText(rep, AudiencePublic))
	}
	rep = r.Handle(ctx, litnReq(meadeA, "supply", map[string]string{"hex": "1625", "unsupplied": "true"}))
	bs = lpcButtons(rep)
	if len(bs) != 1 || len(bs[0].Buttons) != 2 || !strings.Contains(bs[0].Text, "Not allowed: Pitched Battle (unsupplied") {
		t.Fatalf("Meade's buttons: %+v", rep.Outputs)
	}
	meadeStand := lpcButton(t, bs[0], "Stand")
	// Meade cannot press Lee's button.
	if o := r.Press(ctx, Request{GuildID: "g", ChannelID: "war", User: meadeA, InteractionID: "c0"}, leeAssault.ID).first(); o.Error == nil || o.Error.Code != "component.side" {
		t.Fatalf("Meade pressed Lee's button: %+v", o)
	}
	// Lee clicks Assault: secret from the table and from Meade.
	rep = r.Press(ctx, Request{GuildID: "g", ChannelID: "war", User: leeA, InteractionID: "c1"}, leeAssault.ID)
	if o := rep.first(); o.Error != nil {
		t.Fatalf("Lee's click: %s", o.Text)
	}
	if pub := lpcText(rep, AudiencePublic); strings.Contains(pub, "Assault") || pub == "" {
		t.Fatalf("the table saw Lee's chit: %q", pub)
	}
	if !strings.Contains(lpcText(rep, AudienceEphemeral), "Your chit for 1625: **Assault**") {
		t.Fatalf("Lee's own reply: %+v", rep.Outputs)
	}
	for _, req := range []Request{phaseReq(Request{GuildID: "g", ChannelID: "war", User: meadeA}, "show", nil), litnReq(meadeA, "status", nil)} {
		for _, o := range r.Handle(ctx, req).Outputs {
			if strings.Contains(o.Text, "Assault") {
				t.Fatalf("Meade reads Lee's chit in /%s: %s", req.Command, o.Text)
			}
		}
	}
	// The button is spent: a second click is stale; the slash command
	// is refused too.
	if o := r.Press(ctx, Request{GuildID: "g", ChannelID: "war", User: leeA, InteractionID: "c2"}, leeAssault.ID).first(); o.Error == nil || o.Error.Code != "component.stale" {
		t.Fatalf("second click: %+v", o)
	}
	if o := r.Handle(ctx, litnReq(leeA, "option", map[string]string{"hex": "1625", "choice": "probe"})).first(); o.Error == nil || o.Error.Code != "litn.option.chosen" {
		t.Fatalf("changed chit: %+v", o)
	}
	// Meade clicks Stand: the battle is fought and both chits revealed.
	rep = r.Press(ctx, Request{GuildID: "g", ChannelID: "war", User: meadeA, InteractionID: "c3"}, meadeStand.ID)
	if o := rep.first(); o.Error != nil {
		t.Fatalf("Meade's click: %s", o.Text)
	}
	pub := lpcText(rep, AudiencePublic)
	if !strings.Contains(pub, "plays **Assault**") || !strings.Contains(pub, "(defender) **Stand**") || !strings.Contains(pub, "Battle in 1625") {
		t.Fatalf("the chits were not revealed together: %s", pub)
	}
	// 2.5: strengths, commitment and losses are each side's own.
	for _, leak := range []string{"committed", "Your losses", "now "} {
		if strings.Contains(pub, leak) {
			t.Fatalf("%q reached the table: %s", leak, pub)
		}
	}
	own := lpcText(rep, AudienceEphemeral)
	if !strings.Contains(own, "Your battle in 1625 (defender)") || strings.Contains(own, "(attacker)") {
		t.Fatalf("Meade's reply: %s", own)
	}
	g, err := r.game(ctx, gameReq(umpireA, "status", nil))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := litn.Of(g).BattleAt("1625")
	if !b.Fought || b.Result == nil || b.Result.Rounds != "2" {
		t.Fatalf("battle %+v", b)
	}
	// The unsupplied Union must retreat at the end, unless the Confederate
	// retreated demoralized (10.2).
	want := !b.Result.Demoralized[litn.Att]
	got := false
	for _, d := range b.Due {
		got = got || d.Side == engine.USA
	}
	if got != want {
		t.Fatalf("Union retreat due %v, want %v: %+v", got, want, b.Due)
	}
}

// The slash fallback: the umpire chooses for both sides; an option a side
// may not play is refused with the allowed ones.
func TestLITNCombatSlashOptions(t *testing.T) {
	ctx := context.Background()
	r := NewRouter(openStore(t), WithLogger(quietLog()))
	lpcStartWithBattle(t, r)
	mustOK(t, r, litnReq(leeA, "attack", map[string]string{"hex": "1625", "decline": "true"}))
	mustOK(t, r, litnReq(meadeA, "attack", map[string]string{"hex": "1625"}))
	mustOK(t, r, litnReq(umpireA, "supply", map[string]string{"hex": "1625", "depot": "1624", "side": "csa"}))
	rep := r.Handle(ctx, litnReq(umpireA, "supply", map[string]string{"hex": "1625", "depot": "1624", "side": "usa"}))
	if bs := lpcButtons(rep); len(bs) != 1 || !strings.HasPrefix(bs[0].Text, "(Union only)") {
		t.Fatalf("the umpire's copy of the Union buttons: %+v", rep.Outputs)
	}
	if o := r.Handle(ctx, litnReq(umpireA, "option", map[string]string{"hex": "1625", "choice": "probe", "side": "csa"})).first(); o.Error == nil || !strings.Contains(o.Text, "Withdraw, Stand, Pitched Battle") {
		t.Fatalf("the defender played Probe: %+v", o)
	}
	mustOK(t, r, litnReq(umpireA, "option", map[string]string{"hex": "1625", "choice": "withdraw", "side": "csa"}))
	rep = r.Handle(ctx, litnReq(umpireA, "option", map[string]string{"hex": "1625", "choice": "probe", "side": "usa"}))
	if pub := lpcText(rep, AudiencePublic); rep.first().Error != nil || !strings.Contains(pub, "the Union (attacker) plays **Probe**, the Confederate (defender) **Withdraw**") {
		t.Fatalf("revealed: %+v", rep.Outputs)
	}
	// The umpire reads both sides' parts, each marked.
	if ump := lpcText(rep, AudienceEphemeral); !strings.Contains(ump, "(Confederate only) Your battle in 1625 (defender)") || !strings.Contains(ump, "(Union only) Your battle in 1625 (attacker)") {
		t.Fatalf("the umpire's reply: %s", ump)
	}
}
