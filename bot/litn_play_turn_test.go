package bot

import (
	"context"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/litn"
	"github.com/umpire-games/umpire/store"
)

// The Initiative Phase (002 3.1 B) and the Conclusion Phase (3.1 H)
// through the router, on scenario 1 with the fixture sheets and charts
// (INVENTED FOR TESTS — not the printed ones). The game's seeded dice
// decide the rolls: the tests read who won the choice from the game and
// assert what follows from it. Steps owned by the other phases are passed
// with force.

// litnTurnSeed replaces the started game's units (and turn) by appending
// a set-up event to the stream: a position without driving the phases
// that would make it.
func litnTurnSeed(t *testing.T, r *Router, turn int, change func(u *litn.Unit)) {
	t.Helper()
	ctx := context.Background()
	g, err := r.game(ctx, gameReq(umpireA, "status", nil))
	if err != nil {
		t.Fatal(err)
	}
	m := r.theatres[string(litn.ID)]
	ev := &litn.Started{By: umpireA, Turn: turn, Control: litn.Of(g).LITN.Control, Score: litn.Of(g).LITN.Score, Charts: litn.Of(g).LITN.Charts}
	for _, u := range litn.Of(g).UnitsOf("") {
		change(&u)
		if u.At != "" {
			h, _, err := m.ParseHex(u.At, "")
			if err != nil {
				t.Fatal(err)
			}
			u.Hex = h
		}
		ev.Units = append(ev.Units, u)
	}
	litnAppend(t, r, ev)
}

// litnAppend appends events to the game's stream.
func litnAppend(t *testing.T, r *Router, evs ...engine.Event) {
	t.Helper()
	ctx := context.Background()
	stream := streamOfGame("war", 1)
	s, _, err := r.store.Load(ctx, stream, 0)
	if err != nil {
		t.Fatal(err)
	}
	var recs []store.NewRecord
	for _, e := range evs {
		typ, data, err := engine.EncodeEvent(e)
		if err != nil {
			t.Fatal(err)
		}
		recs = append(recs, store.NewRecord{Type: typ, Data: data})
	}
	if _, err := r.store.Append(ctx, store.Append{Stream: stream, GuildID: "g", Kind: kindGame, Expected: s.Version, Records: recs}); err != nil {
		t.Fatal(err)
	}
}

// litnStepTo is the umpire's /phase next until the step begins; it
// returns the reply that began it. The steps of the other phases (A, C-G)
// are not played here: the game is put at the step before B1 (A6) or
// before H1 (G2) as if the umpire had reached it, and /phase next (forced:
// those steps may wait) begins this module's step.
func litnStepTo(t *testing.T, r *Router, step string) Reply {
	t.Helper()
	ctx := context.Background()
	g, err := r.game(ctx, gameReq(umpireA, "status", nil))
	if err != nil {
		t.Fatal(err)
	}
	switch step {
	case "B1", "B2":
		if g.CurrentStep() == "" || g.CurrentStep()[0] == 'A' {
			litnAppend(t, r, &engine.StepBegun{By: umpireA, Turn: g.Turn, Step: "A6"})
		}
	case "H1", "H2", "H3":
		if !strings.HasPrefix(g.CurrentStep(), "H") {
			litnAppend(t, r, &engine.StepBegun{By: umpireA, Turn: g.Turn, Step: "G2"})
		}
	}
	ump := Request{GuildID: "g", ChannelID: "war", User: umpireA}
	for i := 0; i < 3; i++ {
		rep := r.Handle(ctx, phaseReq(ump, "next", map[string]string{"force": "true", "reason": "test: another phase's step"}))
		if o := rep.first(); o.Error != nil {
			t.Fatalf("/phase next toward %s: %s", step, o.Text)
		}
		if g, _ := r.game(ctx, gameReq(umpireA, "status", nil)); g.CurrentStep() == step {
			return rep
		}
	}
	t.Fatalf("step %s never began", step)
	return Reply{}
}

// litnTexts joins a reply's texts by audience: "public", "umpire" (the
// ephemeral answer to the umpire who asked) and each private channel.
func litnTexts(rep Reply) map[string]string {
	out := map[string]string{}
	for _, o := range rep.Outputs {
		k := o.Audience.Kind
		if k == AudienceChannel {
			k = "channel:" + o.Audience.Channel
		}
		out[k] += o.Text + "\n"
	}
	return out
}

func TestLITNTurnInitiativeAndConclusion(t *testing.T) {
	ctx := context.Background()
	r := NewRouter(openStore(t), WithLogger(quietLog()))
	startLITNGame(t, r, "litn-1-frederick-to-antietam", nil, "sheet-1-csa.yaml", "sheet-1-usa.yaml")
	// D.H. Hill (12) in Hagerstown and Walker (7) in Gettysburg from the
	// start of turn 4; Hood demoralized.
	litnTurnSeed(t, r, 4, func(u *litn.Unit) {
		switch u.ID {
		case "csa.dh-hill":
			u.At = "1719"
		case "csa.walker":
			u.At = "3014"
		case "csa.hood":
			u.Demoralized = true
		}
	})

	// B2: the roll is public and names who chooses; B1 is passed over
	// (turn 4: the Lost Dispatch is rolled from turn 6).
	rep := litnStepTo(t, r, "B2")
	pub := litnTexts(rep)[AudiencePublic]
	if !strings.Contains(pub, "Initiative (002 5, litn.initiative)") || !strings.Contains(pub, "/litn first") {
		t.Fatalf("B2 public: %s", pub)
	}
	g, _ := r.game(ctx, gameReq(umpireA, "status", nil))
	roll := litn.Of(g).InitiativeNow()
	if roll == nil || roll.LostDispatch != nil || roll.Roller != engine.CSA {
		t.Fatalf("roll %+v", roll)
	}
	chooser, other := leeA, meadeA
	if roll.Chooser == engine.USA {
		chooser, other = meadeA, leeA
	}
	// /phase next waits for the chooser; the other player may not choose.
	if o := r.Handle(ctx, phaseReq(Request{GuildID: "g", ChannelID: "war", User: umpireA}, "next", nil)).first(); o.Error == nil || !strings.Contains(o.Text, "to name the first player") {
		t.Fatalf("B2 did not wait: %+v", o)
	}
	if o := r.Handle(ctx, litnReq(other, "first", map[string]string{"side": "usa"})).first(); o.Error == nil || o.Error.Code != "litn.initiative.chooser" {
		t.Fatalf("the other player chose: %+v", o)
	}
	if o := r.Handle(ctx, litnReq(chooser, "first", map[string]string{"side": "xx"})).first(); o.Error == nil || !strings.Contains(o.Text, "side:csa or side:usa") {
		t.Fatalf("a bad side: %+v", o)
	}
	out := mustOK(t, r, litnReq(chooser, "first", map[string]string{"side": "usa"}))
	if out.Audience.Kind != AudiencePublic || !strings.Contains(out.Text, "the Union player is the first player this turn") {
		t.Fatalf("choice: %+v", out)
	}
	if st := mustOK(t, r, litnReq(leeA, "status", nil)); !strings.Contains(st.Text, "first player: Union") {
		t.Fatalf("status: %s", st.Text)
	}

	// H1: who recovers is public; the roll and rating are the
	// Confederate's (the umpire, who asked, sees them marked).
	rep = litnStepTo(t, r, "H1")
	tx := litnTexts(rep)
	if !strings.Contains(tx[AudiencePublic], "Morale Recovery, turn 4 (002 3.1 H I, 12): Hood (1625)") || strings.Contains(tx[AudiencePublic], "initiative") {
		t.Fatalf("H1 public: %s", tx[AudiencePublic])
	}
	if !strings.Contains(tx[AudienceEphemeral], "(Confederate only) Your morale recovery rolls") || !strings.Contains(tx[AudienceEphemeral], "initiative 2 + 1 = 3") {
		t.Fatalf("H1 umpire: %s", tx[AudienceEphemeral])
	}

	// H3: Hagerstown scores 1 VP to the table; why Gettysburg did not
	// (Walker's strength) is the Confederate player's alone.
	litnStepTo(t, r, "H2")
	rep = litnStepTo(t, r, "H3")
	tx = litnTexts(rep)
	if !strings.Contains(tx[AudiencePublic], "Hagerstown (1719), held by D.H. Hill: 1 VPs") || !strings.Contains(tx[AudiencePublic], "net Confederate 1") {
		t.Fatalf("H3 public: %s", tx[AudiencePublic])
	}
	for _, secret := range []string{"Walker", "strength", "Gettysburg", "csa.", "usa."} {
		if strings.Contains(tx[AudiencePublic], secret) {
			t.Errorf("H3 public shows %q: %s", secret, tx[AudiencePublic])
		}
	}
	if !strings.Contains(tx[AudienceEphemeral], "(Confederate only) Places your infantry held that did not score") || !strings.Contains(tx[AudienceEphemeral], "Walker fell to 7 strength points") {
		t.Fatalf("H3 umpire: %s", tx[AudienceEphemeral])
	}
	g, _ = r.game(ctx, gameReq(umpireA, "status", nil))
	if litn.Of(g).LITN.Score.CSA != litn.WholeVP(1) || litn.Of(g).LITN.Control["1719"] != litn.ControlFull {
		t.Fatalf("score %+v control %v", litn.Of(g).LITN.Score, litn.Of(g).LITN.Control)
	}
	if st := mustOK(t, r, litnReq(meadeA, "status", nil)); !strings.Contains(st.Text, "VP: Confederate 1, Union 0") {
		t.Fatalf("status: %s", st.Text)
	}
}

// The players' own channels get their side's texts and nothing of the
// other side's (002 2.5); the table gets neither.
func TestLITNTurnSecrecy(t *testing.T) {
	ctx := context.Background()
	r := NewRouter(openStore(t), WithLogger(quietLog()))
	startLITNGame(t, r, "litn-1-frederick-to-antietam", nil, "sheet-1-csa.yaml", "sheet-1-usa.yaml")
	litnTurnSeed(t, r, 4, func(u *litn.Unit) {
		switch u.ID {
		case "csa.walker":
			u.At = "3014"
		case "usa.sumner", "csa.hood":
			u.Demoralized = true
		}
	})
	litnAppend(t, r, &engine.ChannelsRecorded{By: umpireA, Category: "cat", Players: map[string]string{leeA.ID: "ch-lee", meadeA.ID: "ch-meade"}})
	litnStepTo(t, r, "B2")
	g, _ := r.game(ctx, gameReq(umpireA, "status", nil))
	chooser := leeA
	if litn.Of(g).InitiativeNow().Chooser == engine.USA {
		chooser = meadeA
	}
	// The choice is the table's.
	rep := r.Handle(ctx, litnReq(chooser, "first", map[string]string{"side": "csa"}))
	for _, o := range rep.Outputs {
		if o.Audience.Kind != AudiencePublic || len(o.Events) != 0 {
			t.Errorf("the choice told a player more than the table: %+v", o)
		}
	}
	// H1: each side's rolls and ratings in its own channel only.
	tx := litnTexts(litnStepTo(t, r, "H1"))
	lee, meade, pub := tx["channel:ch-lee"], tx["channel:ch-meade"], tx[AudiencePublic]
	if !strings.Contains(pub, "Hood (1625)") || !strings.Contains(pub, "Sumner (3035)") {
		t.Fatalf("H1 public: %s", pub)
	}
	if !strings.Contains(lee, "Hood (1625): morale recovery") || strings.Contains(lee, "Sumner") {
		t.Errorf("H1 Confederate channel: %s", lee)
	}
	if !strings.Contains(meade, "Sumner (3035): morale recovery") || strings.Contains(meade, "Hood") {
		t.Errorf("H1 Union channel: %s", meade)
	}
	for _, secret := range []string{"initiative", "rolled", "csa.", "usa."} {
		if strings.Contains(pub, secret) {
			t.Errorf("H1 public shows %q: %s", secret, pub)
		}
	}
	// H3: why Gettysburg did not score (Walker's strength) reaches the
	// Confederate channel only.
	tx = litnTexts(litnStepTo(t, r, "H3"))
	lee, meade, pub = tx["channel:ch-lee"], tx["channel:ch-meade"], tx[AudiencePublic]
	if !strings.Contains(lee, "Walker fell to 7 strength points") {
		t.Errorf("H3 Confederate channel: %s", lee)
	}
	for _, leak := range []string{pub, meade} {
		if strings.Contains(leak, "Walker") || strings.Contains(leak, "strength") {
			t.Errorf("H3 shows Walker's strength: %s", leak)
		}
	}
	// Each side's status shows the VP, and only its own strengths.
	st := mustOK(t, r, litnReq(meadeA, "status", nil))
	if !strings.Contains(st.Text, "VP: Confederate 0") || strings.Contains(st.Text, "infantry 7 of 7") {
		t.Fatalf("Union status: %s", st.Text)
	}
}

// The last turn: H3 announces the result and /phase next says the game is
// over; /game end ends it.
func TestLITNTurnLastTurn(t *testing.T) {
	ctx := context.Background()
	r := NewRouter(openStore(t), WithLogger(quietLog()))
	startLITNGame(t, r, "litn-1-frederick-to-antietam", nil, "sheet-1-csa.yaml", "sheet-1-usa.yaml")
	litnTurnSeed(t, r, 16, func(u *litn.Unit) {}) // scenario 1 ends on turn 16 (002 15.3)
	litnStepTo(t, r, "B2")
	g, _ := r.game(ctx, gameReq(umpireA, "status", nil))
	chooser := leeA
	if litn.Of(g).InitiativeNow().Chooser == engine.USA {
		chooser = meadeA
	}
	mustOK(t, r, litnReq(chooser, "first", map[string]string{"side": "csa"}))
	tx := litnTexts(litnStepTo(t, r, "H3"))
	// No Confederate unit on a railroad hex the map knows, no bridge
	// destroyed: net 0, a Union strategic victory (002 15.2: 4 or fewer).
	pub := tx[AudiencePublic]
	if !strings.Contains(pub, "The game is over") || !strings.Contains(pub, "Union strategic victory") || !strings.Contains(pub, "Rail interdiction: the Baltimore-Harrisburg railroad: 0 VPs") || !strings.Contains(pub, "/game end") {
		t.Fatalf("H3 public: %s", pub)
	}
	ump := Request{GuildID: "g", ChannelID: "war", User: umpireA}
	for _, opts := range []map[string]string{nil, {"force": "true", "reason": "test"}} {
		o := r.Handle(ctx, phaseReq(ump, "next", opts)).first()
		if o.Error == nil || !strings.Contains(o.Text, "The game is over: turn 16 is the scenario's last") || !strings.Contains(o.Text, "Union strategic victory") || !strings.Contains(o.Text, "/game end") {
			t.Fatalf("/phase next after the last turn: %+v", o)
		}
	}
	mustOK(t, r, gameReq(umpireA, "end", map[string]string{"reason": "the last turn is over"}))
	if o := r.Handle(ctx, phaseReq(ump, "next", nil)).first(); o.Error == nil || !strings.Contains(o.Text, "ended") {
		t.Fatalf("/phase next after /game end: %+v", o)
	}
}
