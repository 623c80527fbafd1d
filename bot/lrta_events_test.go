package bot

import (
	"context"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
	"github.com/umpire-games/umpire/store"
)

// lrtaEventsGame writes an LRTA game into the channel "war" at step 1c of
// turn 3 (the next step is 1d), with limited intelligence: a small order
// of battle (the LRTA one is not wired to /game start yet). rainy: turn 7
// instead, after rain on turns 3-6.
func lrtaEventsGame(t *testing.T, r *Router, rainy bool) {
	t.Helper()
	m := r.theatres["lrtg"]
	unit := func(id, name string, side engine.Side, kind, command string, mp int, ref string) engine.UnitState {
		h, hr, err := m.ParseHex(ref, "")
		if err != nil {
			t.Fatal(err)
		}
		return engine.UnitState{ID: id, Name: name, Side: side, Kind: engine.UnitKind(kind), Command: command, Manpower: mp, OnMap: true, Hex: h, Ref: hr.String()}
	}
	pope := unit("usa.pope", "Pope", engine.USA, "leader", "AoV", 0, "SS3108")
	evs := []engine.Event{
		&engine.GameCreated{Options: engine.GameOptions{Scenario: "lrta-campaign", Supply: "normal", Comms: 1, LimitedIntel: true}, Umpire: umpireA, SeedHash: "test"},
		&engine.GameJoined{Player: engine.Player{Actor: leeA, Side: engine.CSA, Overall: true}},
		&engine.GameJoined{Player: engine.Player{Actor: meadeA, Side: engine.USA, Overall: true}},
		&engine.GameStarted{Units: []engine.UnitState{
			unit("csa.lee", "Lee", engine.CSA, "leader", "ANV", 0, "SS1418"),
			unit("csa.hood", "Hood", engine.CSA, "infantry", "1", 12, "SS1418"),
			unit("csa.robertson", "Robertson", engine.CSA, "cavalry", "Cav", 3, "SS1418"),
			pope,
			unit("usa.mcclellan", "McClellan", engine.USA, "leader", "AoP", 0, "HE0944"),
			unit("usa.king", "King", engine.USA, "infantry", "III", 7, "SS3108"),
			unit("usa.bayard", "Bayard", engine.USA, "cavalry", "III", 3, "SS3108"),
			unit("usa.casey", "Casey", engine.USA, "infantry", "DC", 5, "HE0944"),
		}},
		&engine.TurnAdvanced{By: umpireA, From: 1, To: 2},
	}
	last := 3
	if rainy {
		last = 7
	}
	for turn := 3; turn <= last; turn++ {
		evs = append(evs, &engine.TurnAdvanced{By: umpireA, From: turn - 1, To: turn})
		if turn < last {
			evs = append(evs, &lrtg.LRTARandomEvent{By: umpireA, Turn: turn, Days: 1, Printed: "rain", Outcome: "rain", Name: "Rain"})
		}
	}
	evs = append(evs, &engine.StepBegun{By: umpireA, Turn: last, Step: "1c"})
	var recs []store.NewRecord
	for _, e := range evs {
		typ, data, err := engine.EncodeEvent(e)
		if err != nil {
			t.Fatal(err)
		}
		recs = append(recs, store.NewRecord{Type: typ, Data: data})
	}
	if _, err := r.store.Append(context.Background(), store.Append{Stream: "game:war", GuildID: "g", Kind: kindGame, Records: recs, Dice: []byte("queue")}); err != nil {
		t.Fatal(err)
	}
}

// lrtaLeaks fails if a text or event view reaches a side it must not:
// the other side's hexes and unit ids, the facts behind the rolls.
func lrtaLeaks(t *testing.T, what string, o Output, secrets ...string) {
	t.Helper()
	for _, s := range secrets {
		if strings.Contains(o.Text, s) {
			t.Errorf("%s names %q:\n%s", what, s, o.Text)
		}
		for _, v := range o.Events {
			if strings.Contains(string(v.Data), s) {
				t.Errorf("%s carries %q in a %s event", what, s, v.Type)
			}
		}
	}
}

// Step 1d of an LRTA game through /phase next under limited intelligence:
// 8 is Enemy Intelligence; the Confederates win the contest (5 +1, the
// Union army commander being south of the Potomac, against 1). The
// channel is told each roll with its 004 source and the event's effects,
// never a hex, a unit id, the facts or the tie's distances; the winner's
// /event show carries the Union supply sheet, the loser's does not.
func TestLRTAEventsStepMessage(t *testing.T) {
	q := &queueDice{}
	r := NewRouter(openStore(t), WithLogger(quietLog()), WithDice(q))
	lrtaEventsGame(t, r, false)
	ctx := context.Background()
	ump := Request{GuildID: "g", ChannelID: "war", User: umpireA}
	q.push(4, 4, 5, 1)
	rep := r.Handle(ctx, phaseReq(ump, "next", map[string]string{"force": "true", "reason": "the test plays 1c"}))
	out := rep.first()
	if out.Error != nil || out.Audience.Kind != AudiencePublic {
		t.Fatalf("/phase next: %+v", out)
	}
	if q.left() != 0 {
		t.Fatalf("%d faces unrolled", q.left())
	}
	for _, want := range []string{"▶ 1d Random Events", "Random Events** (LRTA; 004 Random Events", "2d6: [4 4] = 8", "Table result for 8: Enemy Intelligence",
		"Enemy Intelligence contest** (LRTA; 004 Random Events 8", "Confederate: 1d6 [5] +1 (the Union army commander (Pope or McClellan) is south of the Potomac) = 6", "Union: 1d6 [1] = 1",
		"**Random event, turn 3: Enemy Intelligence** (004 Random Events; LRTA 6.0)", "the Confederates win the contest",
		"two initiative rolls", "The Union must declare Operational or Passive before the Confederates", "remove every force marker"} {
		if !strings.Contains(out.Text, want) {
			t.Errorf("the step message lacks %q:\n%s", want, out.Text)
		}
	}
	lrtaLeaks(t, "the channel", out, "SS1418", "SS3108", "HE0944", "csa.", "usa.", "Facts:", "hexes;")
	for _, v := range out.Events {
		if v.Type == lrtg.EventLRTARandomEvent || v.Type == "table.rolled" {
			t.Errorf("the channel carries a %s event under limited intelligence", v.Type)
		}
	}
	// The umpire gets the tie rule's distances and every event.
	var umpireText string
	for _, o := range rep.Outputs[1:] {
		if o.Audience.Kind == AudiencePublic {
			t.Errorf("a second public output: %s", o.Text)
		}
		umpireText += o.Text
	}
	if !strings.Contains(umpireText, "closest Confederate cavalry to Pope") {
		t.Errorf("the umpire is not told the tie rule: %s", umpireText)
	}
	g, err := r.gameHere(ctx, ump)
	if err != nil || lrtg.Of(g).LRTAIntelWinner() != engine.CSA || g.CurrentStep() != "1d" {
		t.Fatalf("winner %q, step %q (%v)", lrtg.Of(g).LRTAIntelWinner(), g.CurrentStep(), err)
	}
	show := func(u engine.Actor) Output { return mustOK(t, r, eventReq(u, "show", nil)) }
	lee := show(leeA)
	if lee.Audience.Kind != AudienceEphemeral || !strings.Contains(lee.Text, "Enemy Intelligence: ") || !strings.Contains(lee.Text, "this information is theirs only") {
		t.Fatalf("the winner's /event show: %s", lee.Text)
	}
	lrtaLeaks(t, "Lee's /event show", lee, "hexes;")
	union := show(meadeA)
	if strings.Contains(union.Text, "Enemy Intelligence: Union") || strings.Contains(union.Text, "Enemy Intelligence: USA") || !strings.Contains(union.Text, "you declare Operational or Passive first") {
		t.Fatalf("the loser's /event show: %s", union.Text)
	}
	lrtaLeaks(t, "the Union's /event show", union, "SS1418", "csa.", "hexes;", "Sugar Loaf")
}

// Raw Recruits (4 after four days of rain): the step waits for the
// Union; the Confederates may not answer; the Union's choice is told to
// the channel without its units under limited intelligence, and to the
// Union with them.
func TestLRTARawRecruitsCommand(t *testing.T) {
	q := &queueDice{}
	r := NewRouter(openStore(t), WithLogger(quietLog()), WithDice(q))
	lrtaEventsGame(t, r, true)
	ctx := context.Background()
	ump := Request{GuildID: "g", ChannelID: "war", User: umpireA}
	q.push(1, 3)
	out := r.Handle(ctx, phaseReq(ump, "next", map[string]string{"force": "true", "reason": "the test plays 1c"})).first()
	if out.Error != nil || !strings.Contains(out.Text, "Treat instead as Raw Recruits (first occurrence), because there have already been at least four days of rain") ||
		!strings.Contains(out.Text, "Waiting for: the Union's Raw Recruits: up to 8 manpower") {
		t.Fatalf("/phase next: %s", out.Text)
	}
	if o := r.Handle(ctx, phaseReq(ump, "next", nil)).first(); o.Error == nil || o.Error.Code != "phase.waiting" {
		t.Fatalf("the step ended while it waited: %+v", o)
	}
	req := func(u engine.Actor, mp string) Request {
		return Request{GuildID: "g", ChannelID: "war", User: u, Command: "recruits", Options: map[string]string{"manpower": mp}}
	}
	if o := r.Handle(ctx, req(leeA, "Hood 2")).first(); o.Error == nil {
		t.Fatalf("the Confederates gave recruits: %+v", o)
	}
	if o := r.Handle(ctx, req(meadeA, "King 5, Casey 4")).first(); o.Error == nil || o.Error.Code != "recruits.total" {
		t.Fatalf("9 of 8: %+v", o)
	}
	rep := r.Handle(ctx, req(meadeA, "King 3, Casey 5"))
	pub := rep.first()
	if pub.Error != nil || pub.Audience.Kind != AudiencePublic || !strings.Contains(pub.Text, "8 manpower to 2 infantry units") ||
		!strings.Contains(pub.Text, "casualties +2 for army demoralization only") || !strings.Contains(pub.Text, "waits for no one") {
		t.Fatalf("/recruits: %+v", pub)
	}
	lrtaLeaks(t, "the channel", pub, "King", "Casey", "usa.")
	if len(rep.Outputs) != 2 || !strings.Contains(rep.Outputs[1].Text, "Casey 5 → 10, King 7 → 10") || rep.Outputs[1].Audience.Kind != AudienceEphemeral {
		t.Fatalf("the Union's own reply: %+v", rep.Outputs)
	}
	lee := mustOK(t, r, eventReq(leeA, "show", nil))
	if !strings.Contains(lee.Text, "8 manpower to 2 Union infantry units") {
		t.Fatalf("Lee's /event show: %s", lee.Text)
	}
	lrtaLeaks(t, "Lee's /event show", lee, "King", "Casey", "SS3108", "HE0944")
	if union := mustOK(t, r, eventReq(meadeA, "show", nil)); !strings.Contains(union.Text, "King 7 → 10") {
		t.Fatalf("the Union's /event show: %s", union.Text)
	}
	g, err := r.gameHere(ctx, ump)
	if err != nil || len(g.Waiting()) != 0 || g.Units["usa.king"].Manpower != 10 || lrtg.Of(g).LRTARawRecruitCasualties() != 2 {
		t.Fatalf("after: %v, King %d (%v)", g.Waiting(), g.Units["usa.king"].Manpower, err)
	}
}
