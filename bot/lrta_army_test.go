package bot

import (
	"context"
	"regexp"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
	"github.com/umpire-games/umpire/store"
)

// /restrefit and /reorganize (bot/lrta_army.go) on an LRTA campaign game
// with the shipped order of battle: what each command says, and to whom.
// With limited intelligence nothing a side chose or where its counters went
// reaches the channel or the other side.

// armyHexRef is a printed hex of the LRTA map (the sheets the orders of
// battle use).
var armyHexRef = regexp.MustCompile(`\b(SS|SN|HW|HE|RS|RN)\d{4}\b`)

// armySeed appends events to the channel's game stream (a game set up, or
// a step begun, without driving the whole sequence of play).
func armySeed(t *testing.T, st *store.Store, evs ...engine.Event) {
	t.Helper()
	ctx := context.Background()
	stream := streamOfGame("war", 1)
	var version int64
	if s, _, err := st.Load(ctx, stream, 0); err == nil {
		version = s.Version
	}
	var recs []store.NewRecord
	for _, e := range evs {
		typ, data, err := engine.EncodeEvent(e)
		if err != nil {
			t.Fatal(err)
		}
		recs = append(recs, store.NewRecord{Type: typ, Data: data})
	}
	if _, err := st.Append(ctx, store.Append{Stream: stream, GuildID: "g", Kind: kindGame, Expected: version, Records: recs}); err != nil {
		t.Fatal(err)
	}
}

// armyBotGame starts an LRTA campaign game (Lee for the CSA, Meade for the
// Union) straight into the store, at step 1r of turn 1.
func armyBotGame(t *testing.T, limited bool, faces ...int) (*Router, *store.Store) {
	t.Helper()
	st := openStore(t)
	r := NewRouter(st, WithLogger(quietLog()), WithDice(ScriptedSource(faces...)))
	oob := r.orders["lrta"]
	if oob == nil {
		t.Fatal("no shipped LRTA order of battle")
	}
	g := engine.GameState{}
	var evs []engine.Event
	for _, c := range []engine.Command{
		engine.NewGame{By: umpireA, Options: engine.GameOptions{Scenario: "lrta-campaign", Supply: "normal", Comms: 1, LimitedIntel: limited}},
		engine.JoinGame{By: leeA, Side: engine.CSA},
		engine.JoinGame{By: meadeA, Side: engine.USA},
		engine.StartGame{By: umpireA, OOB: oob},
	} {
		out, err := g.Decide(c, engine.Script())
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range out {
			g = g.Apply(e)
		}
		evs = append(evs, out...)
	}
	evs = append(evs, &engine.StepBegun{By: umpireA, Turn: 1, Step: lrtg.RestRefitStep})
	armySeed(t, st, evs...)
	return r, st
}

func armyReq(u engine.Actor, cmd, sub string, opts map[string]string) Request {
	if opts == nil {
		opts = map[string]string{}
	}
	return Request{GuildID: "g", ChannelID: "war", User: u, Command: cmd, Path: []string{sub}, Options: opts}
}

func armyDo(t *testing.T, r *Router, req Request) Reply {
	t.Helper()
	rep := r.Handle(context.Background(), req)
	if o := rep.first(); o.Error != nil {
		t.Fatalf("/%s %v: %s", req.Command, req.Path, o.Text)
	}
	return rep
}

// armyOutputs splits a reply into its public and private texts.
func armyOutputs(t *testing.T, rep Reply) (public, private string) {
	t.Helper()
	for _, o := range rep.Outputs {
		switch o.Audience.Kind {
		case AudiencePublic:
			public += o.Text + "\n"
		default:
			private += o.Text + "\n"
		}
	}
	return public, private
}

// armyNoLeak fails when a public output names a hex or carries events.
func armyNoLeak(t *testing.T, what string, rep Reply, secrets ...string) {
	t.Helper()
	for _, o := range rep.Outputs {
		if o.Audience.Kind != AudiencePublic {
			continue
		}
		if m := armyHexRef.FindString(o.Text); m != "" {
			t.Errorf("%s: the channel learns hex %s: %s", what, m, o.Text)
		}
		if len(o.Events) > 0 {
			t.Errorf("%s: the channel gets %d events", what, len(o.Events))
		}
		for _, s := range secrets {
			if strings.Contains(o.Text, s) {
				t.Errorf("%s: the channel learns %q: %s", what, s, o.Text)
			}
		}
	}
}

// An open game: the proposal, the answer and the reorganizations are told
// in the channel with the places; the show commands follow.
func TestLRTAArmyCommandsOpen(t *testing.T) {
	r, st := armyBotGame(t, false, 6)
	if o := r.Handle(context.Background(), armyReq(meadeA, "restrefit", "propose", map[string]string{"dh_hill": "jackson", "funk": "winchester"})).first(); o.Error == nil || o.Error.Code != "lrta.side" {
		t.Fatalf("the Union proposed: %+v", o)
	}
	pub, _ := armyOutputs(t, armyDo(t, r, armyReq(leeA, "restrefit", "propose", map[string]string{"dh_hill": "jackson", "funk": "winchester"})))
	for _, want := range []string{"The Confederates propose a Rest and Refit period", "(1) Munford replaces Robertson (Munford at SS1625, 2 MP)", "(5) D.H. Hill-A is part of Jackson's corps (J)",
		"(7) Funk is placed in Winchester (Funk at HW0330, 3 MP)", "Waiting for: the Union's answer"} {
		if !strings.Contains(pub, want) {
			t.Errorf("the proposal does not say %q:\n%s", want, pub)
		}
	}
	pub, _ = armyOutputs(t, armyDo(t, r, armyReq(meadeA, "restrefit", "answer", map[string]string{"accept": "false"})))
	for _, want := range []string{"The Union does not accept the Rest and Refit period", "Army of the Potomac infantry +2*", "1) Bayard (2 MP) gives way to 1 ME, 1 RI, 1 MP each",
		"1) Buford (3 MP) gives way to 1 NY-A, 6 PA, 3 PA", "2) The Union did not accept the Rest and Refit period: 5 regiments go to the DC defense area", "3) The Pleasonton division leader joins"} {
		if !strings.Contains(pub, want) {
			t.Errorf("the answer does not say %q:\n%s", want, pub)
		}
	}
	show := armyDo(t, r, armyReq(leeA, "restrefit", "show", nil)).first().Text
	for _, want := range []string{"Proposed on turn 1", "The Union did not accept it", "Funk was placed in Winchester", "The Confederates have proposed a Rest & Refit period: Infantry south of the Potomac +0, Infantry north of the Potomac +1, Cavalry +0",
		"The Union does not accept the Confederate Rest & Refit period: Army of Virginia infantry +2*, Army of the Potomac infantry +2*"} {
		if !strings.Contains(show, want) {
			t.Errorf("/restrefit show does not say %q:\n%s", want, show)
		}
	}
	armyDo(t, r, armyReq(leeA, "restrefit", "done", nil))
	// Step 3b of the same turn: the reorganization is open (the proposal).
	armySeed(t, st, &engine.StepBegun{By: umpireA, Turn: 1, Step: lrtg.ReorganizationStep})
	pub, _ = armyOutputs(t, armyDo(t, r, armyReq(meadeA, "reorganize", "begin", nil)))
	for _, want := range []string{"McClellan assumes command", "1) McClellan replaces Pope (McClellan at SS1916)", "3) French is placed in the U.S. Capitol (French at HE1140, 10 MP)",
		"0 MP counted now", "7) Extended march modifiers: McClellan takes command: Army of Virginia infantry +1, Army of the Potomac infantry +1", "Waiting for: the Union's reorganization rolls"} {
		if !strings.Contains(pub, want) {
			t.Errorf("McClellan does not say %q:\n%s", want, pub)
		}
	}
	// Banks stands with McClellan at Brandy Station: 6 + 1 - 1 = 6.
	pub, _ = armyOutputs(t, armyDo(t, r, armyReq(meadeA, "reorganize", "roll", map[string]string{"corps": "II"})))
	for _, want := range []string{"Union Army Reorganization", "the corps commander is in McClellan's hex", "The II Corps is reorganized", "Mansfield replaces Banks", "becomes the XII Corps (AoP)"} {
		if !strings.Contains(pub, want) {
			t.Errorf("the roll does not say %q:\n%s", want, pub)
		}
	}
	show = armyDo(t, r, armyReq(meadeA, "reorganize", "show", nil)).first().Text
	for _, want := range []string{"McClellan has commanded since turn 1", "· II (AoV): reorganized on turn 1, now XII-AP", "· I (AoV): 0 attempt(s) so far; today -1 (-1 an Army of Virginia corps): no die reorganizes it today", "· V-AP (AoP): 0 attempt(s) so far; today +0: reorganized on a die of 6 or more"} {
		if !strings.Contains(show, want) {
			t.Errorf("/reorganize show does not say %q:\n%s", want, show)
		}
	}
}

// Limited intelligence: the channel learns the proposal, the answer,
// McClellan and that rolls were made; never the choices, the places, the
// strengths or the outcomes, and the other side's /show neither.
func TestLRTAArmyLimitedIntelligenceLeaks(t *testing.T) {
	r, st := armyBotGame(t, true, 6, 2)
	rep := armyDo(t, r, armyReq(leeA, "restrefit", "propose", map[string]string{"dh_hill": "jackson", "funk": "front-royal"}))
	pub, priv := armyOutputs(t, rep)
	armyNoLeak(t, "the proposal", rep, "Funk is placed in Front Royal", "Jackson's corps (J)", "MP")
	if !strings.Contains(pub, "The Confederates propose a Rest and Refit period") || !strings.Contains(pub, "Munford replaces Robertson") {
		t.Errorf("the channel is not told the proposal:\n%s", pub)
	}
	if !strings.Contains(priv, "Funk is placed in Front Royal") || !armyHexRef.MatchString(priv) {
		t.Errorf("Lee is not told his reorganization:\n%s", priv)
	}
	meadeShow := armyDo(t, r, armyReq(meadeA, "restrefit", "show", nil)).first().Text
	for _, s := range []string{"Front Royal", "D.H. Hill's corps"} {
		if strings.Contains(meadeShow, s) {
			t.Errorf("the Union's /restrefit show names %q:\n%s", s, meadeShow)
		}
	}
	if !strings.Contains(armyDo(t, r, armyReq(leeA, "restrefit", "show", nil)).first().Text, "Funk was placed in Front Royal") {
		t.Error("Lee's /restrefit show does not say where Funk is")
	}

	rep = armyDo(t, r, armyReq(meadeA, "restrefit", "answer", map[string]string{"accept": "true", "dc": "1 ME,1 RI"}))
	pub, priv = armyOutputs(t, rep)
	armyNoLeak(t, "the answer", rep, "1 ME", "1 RI", "Buford", "Pleasonton division leader joins")
	if !strings.Contains(pub, "The Union accepts the Rest and Refit period") || !strings.Contains(pub, "2 of them go to the DC defense area") {
		t.Errorf("the channel is not told the answer:\n%s", pub)
	}
	if !strings.Contains(priv, "1 ME, 1 RI") {
		t.Errorf("Meade is not told his regiments:\n%s", priv)
	}
	leeShow := armyDo(t, r, armyReq(leeA, "restrefit", "show", nil)).first().Text
	if strings.Contains(leeShow, "held in DC") || strings.Contains(leeShow, "1 ME") || armyHexRef.MatchString(leeShow) {
		t.Errorf("Lee's /restrefit show tells the Union's regiments:\n%s", leeShow)
	}
	armyDo(t, r, armyReq(leeA, "restrefit", "done", nil))

	armySeed(t, st, &engine.StepBegun{By: umpireA, Turn: 1, Step: lrtg.ReorganizationStep})
	rep = armyDo(t, r, armyReq(meadeA, "reorganize", "begin", nil))
	pub, priv = armyOutputs(t, rep)
	armyNoLeak(t, "McClellan", rep, "MP counted now")
	if !strings.Contains(pub, "McClellan assumes command") || !strings.Contains(priv, "McClellan at SS1916") {
		t.Errorf("McClellan: public\n%s\nprivate\n%s", pub, priv)
	}
	rep = armyDo(t, r, armyReq(meadeA, "reorganize", "roll", map[string]string{"corps": "II,III"}))
	pub, priv = armyOutputs(t, rep)
	armyNoLeak(t, "the rolls", rep, "reorganized", "II Corps", "III Corps", "Mansfield")
	if !strings.Contains(pub, "the Union's to know") || !strings.Contains(priv, "The II Corps is reorganized") || !strings.Contains(priv, "The III Corps is not reorganized (1)") {
		t.Errorf("the rolls: public\n%s\nprivate\n%s", pub, priv)
	}
	leeShow = armyDo(t, r, armyReq(leeA, "reorganize", "show", nil)).first().Text
	if strings.Contains(leeShow, "attempt") || strings.Contains(leeShow, "XII-AP") {
		t.Errorf("Lee's /reorganize show tells the Union's corps:\n%s", leeShow)
	}
	if !strings.Contains(leeShow, "McClellan has commanded since turn 1") {
		t.Errorf("Lee's /reorganize show: %s", leeShow)
	}
}

// Step 3b's own McClellan (the reorganization must occur) is told in the
// step message without places when intelligence is limited.
func TestLRTAArmyStepPresenter(t *testing.T) {
	e := &lrtg.McClellanAssumed{By: umpireA, Turn: 15, Must: "the Union army has panicked and it is Sept 2 or later (004 Union Army Reorganization)", Losses: 17,
		Changes: []lrtg.MeadeChange{{Step: "1)", What: "McClellan replaces Pope", Units: []engine.UnitState{{ID: "usa.mcclellan", Name: "McClellan", OnMap: true, Ref: "SS1916"}}}}}
	req := Request{ChannelID: "war"}
	for _, limited := range []bool{false, true} {
		g := engine.GameState{Options: engine.GameOptions{Scenario: "lrta-campaign", LimitedIntel: limited}}
		outs := presentLRTAArmy(nil, req, g, e, EventView{Type: e.EventType()})
		if len(outs) != 1 || outs[0].Audience.Kind != AudiencePublic || !strings.Contains(outs[0].Text, "must occur, the Union army has panicked") {
			t.Fatalf("limited %v: %+v", limited, outs)
		}
		leaks := strings.Contains(outs[0].Text, "SS1916") || strings.Contains(outs[0].Text, "17 MP") || len(outs[0].Events) > 0
		if leaks == limited {
			t.Errorf("limited %v: places and losses told = %v: %s", limited, leaks, outs[0].Text)
		}
	}
	if presentLRTAArmy(nil, req, engine.GameState{}, &engine.StepBegun{}, EventView{}) != nil {
		t.Error("the presenter claims another module's event")
	}
}
