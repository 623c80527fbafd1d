package bot

import (
	"context"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/litn"
)

// The Command and Movement Phases through the router (002 3.1 C-F; 7, 8),
// on scenario 1 with the fixture sheets and charts (INVENTED FOR TESTS —
// not the printed ones), with queued dice. The Initiative Phase is not
// played here: the game is put at B2 with the Confederates moving first.

func lpmGame(t *testing.T, r *Router) engine.GameState {
	t.Helper()
	g, err := r.game(context.Background(), gameReq(umpireA, "status", nil))
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// lpmOutputs joins a reply's texts by audience kind.
func lpmOutputs(rep Reply) (public, private string) {
	for _, o := range rep.Outputs {
		if o.Audience.Kind == AudiencePublic {
			public += o.Text + "\n"
		} else {
			private += o.Text + "\n"
		}
	}
	return public, private
}

// lpmStart starts scenario 1, records the printed values, places Hooker
// and Walker together in 1626 (a set-up the fixture sheets do not give)
// and begins step C with the Confederates first.
func lpmStart(t *testing.T) (*Router, *queueDice) {
	t.Helper()
	q := &queueDice{}
	r := NewRouter(openStore(t), WithLogger(quietLog()), WithDice(q))
	startLITNGame(t, r, "litn-1-frederick-to-antietam", nil, "sheet-1-csa.yaml", "sheet-1-usa.yaml")
	// The printed values are the umpire's to record.
	out := r.Handle(context.Background(), litnReq(leeA, "declare", map[string]string{"ma": "infantry=6"})).first()
	if out.Error == nil || !strings.Contains(out.Text, "umpire's to record") {
		t.Fatalf("a player recorded printed values: %+v", out)
	}
	mustOK(t, r, litnReq(umpireA, "declare", map[string]string{"ma": "infantry=6,cavalry=9,artillery=5,wagon=4,leader=9", "year": "command-point=0,broadcast=0"}))
	g := lpmGame(t, r)
	m := r.theatres[string(litn.ID)]
	h, _, err := m.ParseHex("1626", "")
	if err != nil {
		t.Fatal(err)
	}
	hooker, walker := litn.Of(g).LITN.Units["usa.hooker"], litn.Of(g).LITN.Units["csa.walker"]
	hooker.At, hooker.Hex, walker.At, walker.Hex = "1626", h, "1626", h
	litnAppend(t, r,
		&litn.Arrived{Turn: g.Turn, Side: engine.USA, Units: []litn.Unit{hooker}},
		&litn.Arrived{Turn: g.Turn, Side: engine.CSA, Units: []litn.Unit{walker}},
		&engine.StepBegun{By: umpireA, Turn: g.Turn, Step: litn.StepInitiative},
		&litn.FirstChosen{By: umpireA, Turn: g.Turn, Chooser: engine.CSA, First: engine.CSA})
	return r, q
}

var lpmUmpire = Request{GuildID: "g", ChannelID: "war", User: umpireA}

// The Confederate Command Phase and Movement Phase, and a Union reaction
// that leaves the enemy-occupied hex 1626 (issue 10), with what each
// audience is told.
func TestLITNMovePhasesThroughTheRouter(t *testing.T) {
	ctx := context.Background()
	r, q := lpmStart(t)
	// C: Lee rolls 4 (2 CP), Stuart 5.
	q.push(4, 5)
	rep := r.Handle(ctx, phaseReq(lpmUmpire, "next", nil))
	if o := rep.first(); o.Error != nil {
		t.Fatalf("C: %s", o.Text)
	}
	pub, priv := lpmOutputs(rep)
	if !strings.Contains(pub, "Confederate Command Phase") || strings.Contains(pub, "2 CP") || !strings.Contains(priv, "(Confederate only) R.E. Lee rolls") {
		t.Fatalf("C begins:\npublic %s\nprivate %s", pub, priv)
	}
	// A Union player may not broadcast in it; the refusal says whose it is.
	out := r.Handle(ctx, litnReq(meadeA, "broadcast", map[string]string{"from": "G. McClellan", "to": "3034"})).first()
	if out.Error == nil || !strings.Contains(out.Text, "Confederate player's") {
		t.Fatalf("Meade broadcast: %+v", out)
	}
	out = r.Handle(ctx, litnReq(leeA, "broadcast", map[string]string{"from": "R.E. Lee", "to": "1625", "distance": "2"})).first()
	if out.Error == nil || !strings.Contains(out.Text, "at least the hexes counted") {
		t.Fatalf("a short distance: %+v", out)
	}
	q.push(5)
	rep = r.Handle(ctx, litnReq(leeA, "broadcast", map[string]string{"from": "R.E. Lee", "to": "1625"}))
	pub, priv = lpmOutputs(rep)
	if rep.first().Error != nil || strings.Contains(pub, "CP") || !strings.Contains(priv, "Jackson receives all 2 CP") {
		t.Fatalf("broadcast:\npublic %s\nprivate %s", pub, priv)
	}
	mustOK(t, r, litnReq(leeA, "done", nil))
	// D: the allowances are Lee's.
	rep = r.Handle(ctx, phaseReq(lpmUmpire, "next", nil))
	pub, _ = lpmOutputs(rep)
	if rep.first().Error != nil || !strings.Contains(pub, "Confederate Movement Phase") || strings.Contains(pub, "MP") {
		t.Fatalf("D begins: %s", pub)
	}
	// A move the map cannot check is declared; a bad one is refused with
	// the syntax, changing nothing.
	out = r.Handle(ctx, litnReq(leeA, "move", map[string]string{"units": "Hood", "path": "1623"})).first()
	if out.Error == nil || !strings.Contains(out.Text, "not adjacent") {
		t.Fatalf("gap: %+v", out)
	}
	out = r.Handle(ctx, litnReq(meadeA, "move", map[string]string{"units": "Hooker", "path": "1627"})).first()
	if out.Error == nil || !strings.Contains(out.Text, "Confederate player's") {
		t.Fatalf("Meade moved in Lee's phase: %+v", out)
	}
	if u, _ := litn.Of(lpmGame(t, r)).FindUnit("Hooker"); u.At != "1626" {
		t.Fatalf("a refusal moved Hooker to %s", u.At)
	}
	rep = r.Handle(ctx, litnReq(leeA, "move", map[string]string{"units": "Hood", "path": "1624 clear road"}))
	pub, priv = lpmOutputs(rep)
	if rep.first().Error != nil || !strings.Contains(pub, "Hood move 1625 → 1624") || strings.Contains(pub, "MP") || !strings.Contains(priv, "MP spent this phase: Hood 1") {
		t.Fatalf("move:\npublic %s\nprivate %s", pub, priv)
	}
	// 8.5, 8.3: Hooker (initiative 2, two hexes from 1624) reacts on a 1
	// and leaves Walker's hex on a 2 (-1: Walker's initiative is lower).
	out = r.Handle(ctx, litnReq(leeA, "react", map[string]string{"units": "Walker", "path": "1627"})).first()
	if out.Error == nil || !strings.Contains(out.Text, "Union player's") {
		t.Fatalf("Lee reacted in his own phase: %+v", out)
	}
	q.push(1, 2)
	rep = r.Handle(ctx, litnReq(meadeA, "react", map[string]string{"units": "Hooker", "path": "1627 clear"}))
	pub, priv = lpmOutputs(rep)
	if rep.first().Error != nil || !strings.Contains(pub, "Hooker react: 1626 → 1627") || !strings.Contains(pub, "leaving the enemy-occupied hex") {
		t.Fatalf("reaction:\npublic %s\nprivate %s", pub, priv)
	}
	if strings.Contains(pub, "initiative") || strings.Contains(pub, "rolled") || !strings.Contains(priv, "002 8.3") {
		t.Fatalf("the reaction's rolls reach the table:\npublic %s\nprivate %s", pub, priv)
	}
	g := lpmGame(t, r)
	if u, _ := litn.Of(g).FindUnit("Hooker"); u.At != "1627" {
		t.Fatalf("Hooker at %s", u.At)
	}
	// What the Confederates see of it: the counter, not its strength.
	lee := mustOK(t, r, litnReq(leeA, "status", nil))
	if !strings.Contains(lee.Text, "Hooker at 1627") || strings.Contains(lee.Text, "infantry 14") {
		t.Fatalf("Lee's status: %s", lee.Text)
	}
}

// Force march losses are the mover's; the table sees only the move.
func TestLITNMoveSecrecyOfLosses(t *testing.T) {
	ctx := context.Background()
	r, q := lpmStart(t)
	q.push(4, 5)
	mustOK(t, r, phaseReq(lpmUmpire, "next", nil))
	q.push(5)
	mustOK(t, r, litnReq(leeA, "broadcast", map[string]string{"from": "R.E. Lee", "to": "1625"}))
	mustOK(t, r, litnReq(leeA, "done", nil))
	mustOK(t, r, phaseReq(lpmUmpire, "next", nil))
	// A.P. Hill (11 SP, initiative 2) force marches; a 6 loses 2 (10%
	// rounded up).
	q.push(6)
	rep := r.Handle(ctx, litnReq(leeA, "move", map[string]string{"units": "A.P. Hill", "path": "1624 ridge,1623 ridge,1622 ridge,1621 clear", "march": "true"}))
	pub, priv := lpmOutputs(rep)
	if rep.first().Error != nil || !strings.Contains(pub, "force march") || strings.Contains(pub, "lose") || strings.Contains(pub, "11") {
		t.Fatalf("public %s\nprivate %s", pub, priv)
	}
	if !strings.Contains(priv, "loses 2") {
		t.Fatalf("private %s", priv)
	}
	if u, _ := litn.Of(lpmGame(t, r)).FindUnit("A.P. Hill"); u.Strength != 9 || u.At != "1621" {
		t.Fatalf("A.P. Hill %+v", u)
	}
	meade := mustOK(t, r, litnReq(meadeA, "status", nil))
	if !strings.Contains(meade.Text, "A.P. Hill at 1621") || strings.Contains(meade.Text, "infantry 9") {
		t.Fatalf("Meade's status: %s", meade.Text)
	}
}
