package bot

import (
	"context"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
	"github.com/umpire-games/umpire/store"
)

// /victory (bot/lrta_victory.go) on an LRTA game: the Confederate
// objectives stay the Confederates' (leak tests), the discovery roll is
// told in the channel, county and DC claims name no unit, the Emancipation
// Proclamation and the umpire's victory check.

// lvbGame writes an LRTA game into "war" at the given step of the turn;
// demoralized: unit id -> level. Unit ids are the shipped LRTA order of
// battle's, so their sizes are its own.
func lvbGame(t *testing.T, r *Router, o engine.GameOptions, turn int, step string, demoralized map[string]int) {
	t.Helper()
	m := r.theatres["lrtg"]
	unit := func(id, name string, side engine.Side, kind, command string, mp int, place string) engine.UnitState {
		p := m.Place(place)
		if p == nil {
			t.Fatalf("no place %s", place)
		}
		u := engine.UnitState{ID: id, Name: name, Side: side, Kind: engine.UnitKind(kind), Command: command, Manpower: mp, OnMap: true, Hex: p.Hex, Ref: p.Ref.String()}
		u.Status.Demoralization = demoralized[id]
		return u
	}
	o.Scenario, o.Supply, o.Comms = "lrta-campaign", "normal", 1
	evs := []engine.Event{
		&engine.GameCreated{Options: o, Umpire: umpireA, SeedHash: "test"},
		&engine.GameJoined{Player: engine.Player{Actor: leeA, Side: engine.CSA, Overall: true}},
		&engine.GameJoined{Player: engine.Player{Actor: meadeA, Side: engine.USA, Overall: true}},
		&engine.GameStarted{Units: []engine.UnitState{
			unit("csa.lee", "Lee", engine.CSA, "leader", "ANV", 0, "Frederick"),
			unit("csa.hood", "Hood", engine.CSA, "infantry", "L", 12, "Rockville"),
			unit("csa.dr-jones", "D.R. Jones", engine.CSA, "infantry", "L", 8, "Frederick"),
			unit("csa.ap-hill", "A.P. Hill", engine.CSA, "infantry", "J", 12, "Frederick"),
			unit("csa.robertson", "Robertson", engine.CSA, "cavalry", "Cav", 3, "White House"),
			unit("usa.pope", "Pope", engine.USA, "leader", "AV", 0, "Culpeper"),
			unit("usa.king", "King", engine.USA, "infantry", "III", 7, "Culpeper"),
		}},
	}
	for n := 1; n < turn; n++ {
		evs = append(evs, &engine.TurnAdvanced{By: umpireA, From: n, To: n + 1})
	}
	evs = append(evs, &engine.StepBegun{By: umpireA, Turn: turn, Step: step})
	var recs []store.NewRecord
	for _, e := range evs {
		typ, data, err := engine.EncodeEvent(e)
		if err != nil {
			t.Fatal(err)
		}
		recs = append(recs, store.NewRecord{Type: typ, Data: data})
	}
	dice, err := engine.NewSeededDice(1862, 1862).MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r.store.Append(context.Background(), store.Append{Stream: "game:war", GuildID: "g", Kind: kindGame, Records: recs, Dice: dice}); err != nil {
		t.Fatal(err)
	}
}

func victoryReq(u engine.Actor, sub string, opts map[string]string) Request {
	if opts == nil {
		opts = map[string]string{}
	}
	return Request{GuildID: "g", ChannelID: "war", User: u, Command: "victory", Path: []string{sub}, Options: opts}
}

// lvbLeaks fails if an output's text or events carry any of the secrets.
func lvbLeaks(t *testing.T, what string, outs []Output, secrets ...string) {
	t.Helper()
	for _, o := range outs {
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
}

func publicOf(rep Reply) []Output {
	var out []Output
	for _, o := range rep.Outputs {
		if o.Audience.Kind == AudiencePublic {
			out = append(out, o)
		}
	}
	return out
}

func TestLRTAObjectivesStaySecret(t *testing.T) {
	ctx := context.Background()
	r := NewRouter(openStore(t), WithLogger(quietLog()), WithDice(ScriptedSource(3, 3)))
	lvbGame(t, r, engine.GameOptions{Objectives: true, LimitedIntel: true}, 1, "2a", nil)
	ump := Request{GuildID: "g", ChannelID: "war", User: umpireA}
	rep := r.Handle(ctx, phaseReq(ump, "next", nil))
	out := rep.first()
	if out.Error != nil || !strings.Contains(out.Text, "▶ 2b Confederate Objectives") || !strings.Contains(out.Text, "**-40 VP**") ||
		!strings.Contains(out.Text, "/victory select") || !strings.Contains(out.Text, "Waiting for: the CSA's choice of objectives") {
		t.Fatalf("2b: %s", out.Text)
	}
	if o := r.Handle(ctx, victoryReq(meadeA, "select", map[string]string{"objectives": "Threaten DC"})).first(); o.Error == nil || o.Error.Code != "objectives.side" {
		t.Fatalf("the Union chose: %+v", o)
	}
	// Lee chooses two; the Union rolls 3+3 (+1 Lee north) = 7: no effect.
	rep = r.Handle(ctx, victoryReq(leeA, "select", map[string]string{"objectives": "threaten dc, Isolate DC"}))
	if o := rep.first(); o.Error != nil || o.Audience.Kind != AudienceEphemeral || !strings.Contains(o.Text, "Threaten DC, Isolate DC") {
		t.Fatalf("Lee's answer: %+v", o)
	}
	pub := publicOf(rep)
	if len(pub) != 1 || !strings.Contains(pub[0].Text, "2 new, **-20 VP**") || !strings.Contains(pub[0].Text, "Union learns nothing") ||
		!strings.Contains(pub[0].Text, "Roll #") || !strings.Contains(pub[0].Text, "No effect") {
		t.Fatalf("the channel: %+v", pub)
	}
	// Limited intelligence: the roll's modifiers would say where Lee is.
	lvbLeaks(t, "the channel", pub, "Threaten", "Isolate", "Lee is north", "Facts:", "lee_north")
	for _, v := range pub[0].Events {
		if v.Type == lrtg.EventObjectivesSelected || v.Type == "table.rolled" {
			t.Errorf("the channel carries a %s event", v.Type)
		}
	}
	// What each may see.
	lee := mustOK(t, r, victoryReq(leeA, "objectives", nil))
	if !strings.Contains(lee.Text, "Threaten DC") || !strings.Contains(lee.Text, "Montgomery") {
		t.Errorf("Lee's /victory objectives: %s", lee.Text)
	}
	union := mustOK(t, r, victoryReq(meadeA, "objectives", nil))
	if !strings.Contains(union.Text, "have not revealed it") {
		t.Errorf("the Union's /victory objectives: %s", union.Text)
	}
	guest := r.Handle(ctx, victoryReq(guestA, "objectives", nil)).first()
	lvbLeaks(t, "the Union's and a guest's /victory objectives", []Output{union, guest}, "Threaten", "Isolate")
	vp := r.Handle(ctx, Request{GuildID: "g", ChannelID: "war", User: meadeA, Command: "vp", Options: map[string]string{}}).first()
	if !strings.Contains(vp.Text, "-60") {
		t.Errorf("/vp: %s", vp.Text)
	}
	lvbLeaks(t, "/vp", []Output{vp}, "Threaten", "Isolate")
	g, _ := r.gameHere(ctx, victoryReq(meadeA, "objectives", nil))
	if lrtg.Of(g).LRTAVictory.Discovery != "" || len(lrtg.Of(g).LRTAVictory.Held) != 2 {
		t.Fatalf("state %+v", lrtg.Of(g).LRTAVictory)
	}
	// The achieved-objective autocomplete offers the Union nothing.
	var held func(*Router, Request, string) []engine.Match
	for _, c := range lrtaVictoryCommands()[0].Subcommands {
		if c.Name == "achieved" {
			held = c.Options[0].Autocomplete
		}
	}
	if got := held(r, victoryReq(meadeA, "achieved", nil), ""); len(got) != 0 {
		t.Errorf("the Union's autocomplete: %v", got)
	}
	if got := held(r, victoryReq(leeA, "achieved", nil), "isol"); len(got) != 1 || got[0].Value != "Isolate DC" {
		t.Errorf("Lee's autocomplete: %v", got)
	}
}

func TestLRTAObjectivesExamined(t *testing.T) {
	ctx := context.Background()
	r := NewRouter(openStore(t), WithLogger(quietLog()), WithDice(ScriptedSource(6, 5)))
	lvbGame(t, r, engine.GameOptions{Objectives: true}, 1, "2a", nil)
	mustOK(t, r, phaseReq(Request{GuildID: "g", ChannelID: "war", User: umpireA}, "next", nil))
	rep := r.Handle(ctx, victoryReq(leeA, "select", map[string]string{"objectives": "Threaten Baltimore"}))
	pub := publicOf(rep)
	// Without limited intelligence the roll is told in full: 6+5 +1 = 12.
	if len(pub) != 1 || !strings.Contains(pub[0].Text, "+1 (Lee is north of the Potomac)") || !strings.Contains(pub[0].Text, "obtains the Confederate objective and examines it") {
		t.Fatalf("the channel: %+v", pub)
	}
	lvbLeaks(t, "the channel", pub, "Threaten Baltimore", "Howard")
	union := mustOK(t, r, victoryReq(meadeA, "objectives", nil))
	if !strings.Contains(union.Text, "Threaten Baltimore") {
		t.Errorf("the Union examined it: %s", union.Text)
	}
	guest := r.Handle(ctx, victoryReq(guestA, "objectives", nil)).first()
	lvbLeaks(t, "a guest's /victory objectives", []Output{guest}, "Threaten Baltimore")
}

func TestLRTACountyAndDCClaims(t *testing.T) {
	ctx := context.Background()
	r := NewRouter(openStore(t), WithLogger(quietLog()))
	lvbGame(t, r, engine.GameOptions{}, 12, "6", nil)
	rep := r.Handle(ctx, phaseReq(Request{GuildID: "g", ChannelID: "war", User: umpireA}, "next", nil))
	out := rep.first()
	if out.Error != nil || !strings.Contains(out.Text, "/victory county") || !strings.Contains(out.Text, "Waiting for: the CSA's county and DC claims") {
		t.Fatalf("step 7: %s", out.Text)
	}
	lvbLeaks(t, "step 7's channel message", publicOf(rep), "Montgomery", "White House", "Robertson", "Hood")
	county := mustOK(t, r, victoryReq(leeA, "county", map[string]string{"county": "Montgomery"}))
	if !strings.Contains(county.Text, "Montgomery County") || !strings.Contains(county.Text, "**+10 VP**") || !strings.Contains(county.Text, "004 County/DC Control") {
		t.Errorf("county: %s", county.Text)
	}
	if o := r.Handle(ctx, victoryReq(leeA, "county", map[string]string{"county": "Cumberland"})).first(); o.Error == nil || o.Error.Code != "vp.county.manpower" {
		t.Errorf("Cumberland without units: %+v", o)
	}
	dc := mustOK(t, r, victoryReq(leeA, "dc", map[string]string{"item": "cavalry-white-house", "unit": "Robertson"}))
	if !strings.Contains(dc.Text, "occupies the White House: **+25 VP**") || !strings.Contains(dc.Text, "Checked: the unit is in the White House hex") {
		t.Errorf("dc: %s", dc.Text)
	}
	lvbLeaks(t, "the DC award", []Output{county, dc}, "Robertson", "csa.", "Hood")
	if o := r.Handle(ctx, victoryReq(meadeA, "dc", map[string]string{"item": "fort", "fort": "Fort Reno"})).first(); o.Error == nil || o.Error.Code != "dc.side" {
		t.Errorf("the Union claimed: %+v", o)
	}
}

func TestLRTAEmancipationAndVictoryCheck(t *testing.T) {
	ctx := context.Background()
	r := NewRouter(openStore(t), WithLogger(quietLog()))
	// A.P. Hill at demoralization 2 (+4, J +1), D.R. Jones at 1 (+2, L +1):
	// Confederate 8; Union 2 (Pope).
	lvbGame(t, r, engine.GameOptions{}, 20, "7", map[string]int{"csa.ap-hill": 2, "csa.dr-jones": 1})
	ump := Request{GuildID: "g", ChannelID: "war", User: umpireA}
	out := mustOK(t, r, phaseReq(ump, "next", nil))
	for _, want := range []string{"▶ 8 Victory Check", "Army morale: CSA 8 (Disorder), USA 2", "The Union may issue the Emancipation Proclamation (Confederate level 8, Union 2",
		"Waiting for: ", "the Union's choice on the Emancipation Proclamation", "The game goes on."} {
		if !strings.Contains(out.Text, want) {
			t.Errorf("step 8 lacks %q:\n%s", want, out.Text)
		}
	}
	if o := r.Handle(ctx, victoryReq(leeA, "emancipation", map[string]string{"issue": "true"})).first(); o.Error == nil || o.Error.Code != "emancipation.side" {
		t.Errorf("the CSA issued it: %+v", o)
	}
	ep := mustOK(t, r, victoryReq(meadeA, "emancipation", map[string]string{"issue": "true"}))
	if ep.Audience.Kind != AudiencePublic || !strings.Contains(ep.Text, "The Union issues the Emancipation Proclamation") || !strings.Contains(ep.Text, "the umpire applies its effects") ||
		strings.Contains(ep.Text, "Emancipation Proclamation (/victory") {
		t.Errorf("issued: %s", ep.Text)
	}
	if o := r.Handle(ctx, victoryReq(meadeA, "emancipation", map[string]string{"issue": "true"})).first(); o.Error == nil || o.Error.Code != "emancipation.issued" {
		t.Errorf("issued twice: %+v", o)
	}
	// The umpire's ruling ends the game with the level of the VP (0: Union
	// Decisive on LRTG VIII 2)'s table, under 150).
	if o := r.Handle(ctx, victoryReq(leeA, "check", nil)).first(); o.Error == nil || o.Error.Code != "victory.umpire" {
		t.Errorf("a player checked: %+v", o)
	}
	end := mustOK(t, r, victoryReq(umpireA, "check", map[string]string{"end": "true", "reason": "no Confederate infantry north of the Potomac"}))
	if !strings.Contains(end.Text, "The game ends**: the umpire's ruling: no Confederate infantry north of the Potomac") || !strings.Contains(end.Text, "**Union Decisive**") {
		t.Errorf("check: %s", end.Text)
	}
}

func TestLRTAObjectivesOptionIsLRTAs(t *testing.T) {
	r := NewRouter(openStore(t), WithLogger(quietLog()))
	o := r.Handle(context.Background(), gameReq(umpireA, "new", map[string]string{"scenario": "lrtg-high-tide", "confederate_objectives": "true"})).first()
	if o.Error == nil || o.Error.Code != "game.objectives" {
		t.Errorf("LRTG with Confederate objectives: %+v", o)
	}
}
