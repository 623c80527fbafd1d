package bot

import (
	"context"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/litn"
)

// 002 14.2 Surprise Attacks through the router: /litn attack hex:
// surprise:true in the Movement Phase, the Union's word that he does not
// react (decline:true), and what each audience is told. Scenario 1 with the
// fixture sheets and charts (INVENTED FOR TESTS), queued dice.

func lsStart(t *testing.T, opts map[string]string) (*Router, *queueDice) {
	t.Helper()
	q := &queueDice{}
	r := NewRouter(openStore(t), WithLogger(quietLog()), WithDice(q))
	startLITNGame(t, r, "litn-1-frederick-to-antietam", opts, "sheet-1-csa.yaml", "sheet-1-usa.yaml")
	mustOK(t, r, litnReq(umpireA, "declare", map[string]string{"ma": "infantry=6,cavalry=2,artillery=5,wagon=4,leader=2", "year": "command-point=0,broadcast=0"}))
	g := lpmGame(t, r)
	h, _, err := r.theatres[string(litn.ID)].ParseHex("1626", "")
	if err != nil {
		t.Fatal(err)
	}
	hooker := litn.Of(g).LITN.Units["usa.hooker"]
	hooker.At, hooker.Hex = "1626", h
	litnAppend(t, r,
		&litn.Arrived{Turn: g.Turn, Side: engine.USA, Units: []litn.Unit{hooker}},
		&engine.StepBegun{By: umpireA, Turn: g.Turn, Step: litn.StepInitiative},
		&litn.FirstChosen{By: umpireA, Turn: g.Turn, Chooser: engine.CSA, First: engine.CSA})
	q.push(4, 5)
	mustOK(t, r, phaseReq(lpmUmpire, "next", nil))
	q.push(5)
	mustOK(t, r, litnReq(leeA, "broadcast", map[string]string{"from": "R.E. Lee", "to": "1625"}))
	mustOK(t, r, litnReq(leeA, "done", nil))
	mustOK(t, r, phaseReq(lpmUmpire, "next", nil))
	// Jackson and Fitz Lee force march into Hooker's hex across a ridge,
	// past their 2 MP (leaders and cavalry are declared at 2 for it: 8.6,
	// the issue 22 ruling, force march is MPs beyond the allowance); no
	// loss on a 1.
	q.push(1)
	mustOK(t, r, litnReq(leeA, "move", map[string]string{"units": "Jackson,Fitz Lee", "path": "1626 ridge", "march": "true"}))
	return r, q
}

func TestLITNSurpriseThroughTheRouter(t *testing.T) {
	ctx := context.Background()
	r, q := lsStart(t, map[string]string{"optional": "14.2"})
	// The Union may still react: the attempt waits, and says how.
	out := r.Handle(ctx, litnReq(leeA, "attack", map[string]string{"hex": "1626", "surprise": "true"})).first()
	if out.Error == nil || !strings.Contains(out.Text, "may still react") || !strings.Contains(out.Text, "decline:true") {
		t.Fatalf("attempt before the reaction: %+v", out)
	}
	rep := r.Handle(ctx, litnReq(meadeA, "attack", map[string]string{"hex": "1626", "decline": "true"}))
	if pub, _ := lpmOutputs(rep); rep.first().Error != nil || !strings.Contains(pub, "does not react") {
		t.Fatalf("no reaction: %+v", rep.Outputs)
	}
	// The roll 1 is less than Jackson's initiative 3; the battle follows.
	q.push(1, 3, 3, 3, 3, 2, 2, 2, 2, 2, 2)
	rep = r.Handle(ctx, litnReq(leeA, "attack", map[string]string{"hex": "1626", "surprise": "true"}))
	if rep.first().Error != nil {
		t.Fatalf("surprise: %+v", rep.first())
	}
	pub, priv := lpmOutputs(rep)
	if !strings.Contains(pub, "Surprise attack in 1626") || !strings.Contains(pub, "it succeeds") {
		t.Fatalf("public: %s", pub)
	}
	for _, secret := range []string{"initiative", "committed", "now 10", "Hooker 4", "rolled"} {
		if strings.Contains(pub, secret) {
			t.Errorf("the table hears %q: %s", secret, pub)
		}
	}
	// Lee's reply holds his own part, never the Union's losses.
	if !strings.Contains(priv, "Jackson's initiative 3") || !strings.Contains(priv, "Fitz Lee 2 (now 2)") || strings.Contains(priv, "Hooker 4 (now 10)") {
		t.Fatalf("Lee's private part: %s", priv)
	}
	g := lpmGame(t, r)
	if litn.Of(g).LITN.Units["usa.hooker"].Strength != 10 || !litn.Of(g).LITN.Units["csa.fitz-lee"].Demoralized {
		t.Fatalf("results not applied: %+v %+v", litn.Of(g).LITN.Units["usa.hooker"], litn.Of(g).LITN.Units["csa.fitz-lee"])
	}
	// Lee's status shows Hooker's counter, not his strength.
	if lee := mustOK(t, r, litnReq(leeA, "status", nil)); !strings.Contains(lee.Text, "Hooker at 1626") || strings.Contains(lee.Text, "of 14") {
		t.Fatalf("Lee's status: %s", lee.Text)
	}
	// The attackers may not move again this phase.
	out = r.Handle(ctx, litnReq(leeA, "move", map[string]string{"units": "Fitz Lee", "path": "1625"})).first()
	if out.Error == nil || !strings.Contains(out.Text, "made a surprise attack") {
		t.Fatalf("Fitz Lee moved: %+v", out)
	}
	// The retreat due is made in the Movement Phase.
	mustOK(t, r, litnReq(leeA, "retreat", map[string]string{"hex": "1626", "path": "1625", "costs": "4", "units": "Fitz Lee,Jackson"}))
	if u, _ := litn.Of(lpmGame(t, r)).FindUnit("Fitz Lee"); u.At != "1625" {
		t.Fatalf("Fitz Lee at %s", u.At)
	}
}

func TestLITNSurpriseOffThroughTheRouter(t *testing.T) {
	r, _ := lsStart(t, nil)
	out := r.Handle(context.Background(), litnReq(leeA, "attack", map[string]string{"hex": "1626", "surprise": "true"})).first()
	if out.Error == nil || !strings.Contains(out.Text, "optional rule 14.2") || !strings.Contains(out.Text, "optional:14.2") {
		t.Fatalf("14.2 off: %+v", out)
	}
	if g := lpmGame(t, r); litn.Of(g).LITN.Units["usa.hooker"].Strength != 14 {
		t.Fatal("a refusal changed the game")
	}
}
