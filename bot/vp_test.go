package bot

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
)

func vpReq(u engine.Actor, opts map[string]string) Request {
	if opts == nil {
		opts = map[string]string{}
	}
	return Request{ChannelID: "war", User: u, Command: "vp", Options: opts}
}

func vpPlaceReq(u engine.Actor, action, at string) Request {
	return Request{ChannelID: "war", User: u, Command: "place", Options: map[string]string{"action": action, "at": at}}
}

func vpMoveReq(u engine.Actor, units, to string) Request {
	return Request{ChannelID: "war", User: u, Command: "move", Options: map[string]string{"units": units, "to": to}}
}

// Railroad stations through /place: each award from the stations destroyed
// before it (000 VII 3), explained, and the B&O / Marysville bonus once.
func TestVPStationsThroughPlace(t *testing.T) {
	r := NewRouter(openStore(t))
	startLRTG(t, r, nil)
	out := mustOK(t, r, vpPlaceReq(leeA, "destroy-station", "Alexandria"))
	for _, want := range []string{"+17 VP (stations)", "+7 the first station destroyed on the Alexandria - Rappahannock Station line", "+5 the first station destroyed on the Alexandria - Front Royal line", "+3 Alexandria station"} {
		if !strings.Contains(out.Text, want) {
			t.Errorf("Alexandria: %q lacks %q", out.Text, want)
		}
	}
	if out := mustOK(t, r, vpPlaceReq(leeA, "destroy-station", "Manassas Junction")); !strings.Contains(out.Text, "+3 VP (stations)") {
		t.Errorf("Manassas after Alexandria: %s", out.Text)
	}
	// Camden Station: 25 + 10 + 15 + 5; Relay House: 5 + 5; Mt. Airy: the
	// third B&O station, 5; then the bridge: 10 and the bonus 15.
	for _, c := range []struct{ at, want string }{{"Camden Station", "+55 VP"}, {"Relay House", "+10 VP"}, {"Mt. Airy", "+5 VP"}} {
		if out := mustOK(t, r, vpPlaceReq(leeA, "destroy-station", c.at)); !strings.Contains(out.Text, c.want) {
			t.Errorf("%s: %s, want %s", c.at, out.Text, c.want)
		}
	}
	out = mustOK(t, r, vpPlaceReq(leeA, "destroy-bridge", "Marysville Bridge"))
	if !strings.Contains(out.Text, "+10 VP (structures)") || !strings.Contains(out.Text, "Bonus +15 VP (stations)") {
		t.Errorf("Marysville: %s", out.Text)
	}
	vp := mustOK(t, r, vpReq(meadeA, nil))
	if !strings.Contains(vp.Text, "stations: +105") || !strings.Contains(vp.Text, "structures: +10") || !strings.Contains(vp.Text, "+115 (+ is Confederate)") {
		t.Errorf("record: %s", vp.Text)
	}
}

// County control under limited intelligence: the claim is announced to
// the channel with what was checked, and neither it nor the record names a
// unit or a hex.
func TestVPCountyControlKeepsUnitsSecret(t *testing.T) {
	ctx := context.Background()
	r := NewRouter(openStore(t))
	startLRTG(t, r, map[string]string{"limited_intelligence": "true"})
	// Not yet: nobody in Carroll County.
	o := r.Handle(ctx, vpReq(leeA, map[string]string{"action": "county", "county": "Carroll"})).first()
	if o.Error == nil || o.Error.Code != "vp.county.control" || o.Audience.Kind != AudienceEphemeral {
		t.Fatalf("empty county: %+v", o)
	}
	mustOK(t, r, vpMoveReq(leeA, "Hood", "Westminster"))
	// The Union never claims; it learns nothing from trying.
	if o := r.Handle(ctx, vpReq(meadeA, map[string]string{"action": "county", "county": "Carroll County"})).first(); o.Error == nil || o.Error.Code != "vp.side" || strings.Contains(o.Text, "manpower") {
		t.Fatalf("Meade's claim: %+v", o)
	}
	out := mustOK(t, r, vpReq(leeA, map[string]string{"action": "county", "county": "Carroll"}))
	if out.Audience.Kind != AudiencePublic || !strings.Contains(out.Text, "Carroll County") || !strings.Contains(out.Text, "+4 VP") ||
		!strings.Contains(out.Text, "Westminster") || !strings.Contains(out.Text, "on the claimant's word") {
		t.Fatalf("claim: %+v", out)
	}
	secrets := []string{"Hood", "csa.hood", "RS4516", "16"}
	blob, _ := json.Marshal(out)
	for _, s := range secrets {
		if strings.Contains(string(blob), s) {
			t.Errorf("the public claim names %q: %s", s, blob)
		}
	}
	if o := r.Handle(ctx, vpReq(leeA, map[string]string{"action": "county", "county": "Carroll"})).first(); o.Error == nil || o.Error.Code != "vp.county.turn" {
		t.Errorf("claimed twice in a turn: %+v", o)
	}
	// Hood's move to Westminster, north of the Potomac, recorded the
	// crossing by itself: no one needs reminding.
	if g, _ := r.gameHere(ctx, Request{ChannelID: "war", User: umpireA}); lrtg.Of(g).Victory.Crossed.IsZero() {
		t.Error("the crossing was not recorded by Hood's move")
	}
	if rec := mustOK(t, r, vpReq(umpireA, nil)); strings.Contains(rec.Text, "no crossing is recorded") {
		t.Errorf("the umpire is reminded of a recorded crossing: %s", rec.Text)
	}
	// The Union reads the record: the county's VP, no unit.
	rec := mustOK(t, r, vpReq(meadeA, nil))
	blob, _ = json.Marshal(rec)
	if !strings.Contains(rec.Text, "counties: +4") || !strings.Contains(rec.Text, "Carroll County: first turn of control") {
		t.Errorf("record: %s", rec.Text)
	}
	for _, s := range secrets[:3] {
		if strings.Contains(string(blob), s) {
			t.Errorf("the record shows Meade %q", s)
		}
	}
	// A county whose control hex the seeds do not print is checked for its
	// manpower (Adams: nobody there).
	if o := r.Handle(ctx, vpReq(leeA, map[string]string{"action": "county", "county": "Adams"})).first(); o.Error == nil || o.Error.Code != "vp.county.manpower" {
		t.Errorf("Adams County: %+v", o)
	}
	// The umpire may set a check aside with a reason; the public text says
	// which check, not the numbers.
	out = mustOK(t, r, vpReq(umpireA, map[string]string{"action": "county", "county": "Adams", "reason": "Early's division was misplaced"}))
	if !strings.Contains(out.Text, "set aside the check of 12+ Confederate manpower in Adams County") || strings.Contains(out.Text, "total 0") {
		t.Errorf("overruled: %s", out.Text)
	}
}

func TestVPCrossing(t *testing.T) {
	ctx := context.Background()
	r := NewRouter(openStore(t))
	startLRTG(t, r, nil)
	if o := r.Handle(ctx, vpReq(leeA, map[string]string{"action": "crossed"})).first(); o.Error == nil || o.Error.Code != "vp.umpire" {
		t.Errorf("a player recorded the crossing: %+v", o)
	}
	if o := r.Handle(ctx, vpReq(umpireA, map[string]string{"action": "crossed", "date": "June 20"})).first(); o.Error == nil || o.Error.Code != "vp.crossed.date" {
		t.Errorf("a crossing after this turn: %+v", o)
	}
	if o := r.Handle(ctx, vpReq(umpireA, map[string]string{"action": "crossed", "date": "Midsummer"})).first(); o.Error == nil || o.Error.Code != "vp.date" {
		t.Errorf("a day that is none: %+v", o)
	}
	out := mustOK(t, r, vpReq(umpireA, map[string]string{"action": "crossed", "date": "6/4"}))
	if out.Audience.Kind != AudiencePublic || !strings.Contains(out.Text, "June 4, 1863 (turn 1)") || !strings.Contains(out.Text, "double from July 4, 1863") {
		t.Errorf("crossing: %s", out.Text)
	}
	if rec := mustOK(t, r, vpReq(meadeA, nil)); !strings.Contains(rec.Text, "county points double from July 4, 1863") {
		t.Errorf("record: %s", rec.Text)
	}
}

// The rolled events on the game's dice (scripted here): exact VP, and the
// record by category and turn.
func TestVPRolledEvents(t *testing.T) {
	ctx := context.Background()
	// Vicksburg 1; the riots 6 5 4; the raid 5.
	r := NewRouter(openStore(t), WithDice(ScriptedSource(1, 6, 5, 4, 5)))
	startLRTG(t, r, map[string]string{"limited_intelligence": "true"})
	// 000 3.4: from June 30; this is turn 1. The umpire may rule otherwise.
	if o := r.Handle(ctx, vpReq(meadeA, map[string]string{"action": "vicksburg"})).first(); o.Error == nil || o.Error.Code != "vp.season" {
		t.Fatalf("Vicksburg on June 3: %+v", o)
	}
	out := mustOK(t, r, vpReq(umpireA, map[string]string{"action": "vicksburg", "reason": "testing the roll"}))
	if !strings.Contains(out.Text, "Roll #1") || !strings.Contains(out.Text, "Vicksburg surrenders") || !strings.Contains(out.Text, "**-15 VP** (vicksburg)") || out.Audience.Kind != AudiencePublic {
		t.Errorf("Vicksburg: %s", out.Text)
	}
	if o := r.Handle(ctx, vpReq(umpireA, map[string]string{"action": "vicksburg", "reason": "again"})).first(); o.Error == nil {
		t.Errorf("rolled after the surrender: %+v", o)
	}
	// 000 3.3: the Union rolls, on July 14; 15 less 4 removed.
	if o := r.Handle(ctx, vpReq(leeA, map[string]string{"action": "draft-riots"})).first(); o.Error == nil || o.Error.Code != "vp.side" {
		t.Errorf("Lee rolled the riots: %+v", o)
	}
	if o := r.Handle(ctx, vpReq(meadeA, map[string]string{"action": "draft-riots", "removed": "4"})).first(); o.Error == nil || o.Error.Code != "vp.season" {
		t.Errorf("riots on June 3: %+v", o)
	}
	out = mustOK(t, r, vpReq(umpireA, map[string]string{"action": "draft-riots", "removed": "4", "reason": "testing the roll"}))
	if !strings.Contains(out.Text, "Roll #2") || !strings.Contains(out.Text, "[6 5 4] = 15") || !strings.Contains(out.Text, "**+11 VP** (draft-riots)") {
		t.Errorf("riots: %s", out.Text)
	}
	// 000 2.0 5): the raid, a 5 less two withdrawn Richmond Garrison units.
	// They have not come by their random event: a player may not bring
	// them in (000 2.0 4)); the umpire places them for the test.
	if o := r.Handle(ctx, vpMoveReq(leeA, "Corse, Wise", "Culpeper")).first(); o.Error == nil || o.Error.Code != "move.not-arrived" {
		t.Fatalf("Richmond Garrison units entered without their event: %+v", o)
	}
	place := vpMoveReq(umpireA, "Corse, Wise", "Culpeper")
	place.Options["reason"] = "the test's Richmond Garrison installments"
	mustOK(t, r, place)
	if o := r.Handle(ctx, vpReq(leeA, map[string]string{"action": "raspberry-raid", "units": "Hood"})).first(); o.Error == nil || o.Error.Code != "vp.raspberry.unit" {
		t.Errorf("Hood withdrawn for the raid: %+v", o)
	}
	rep := r.Handle(ctx, vpReq(leeA, map[string]string{"action": "raspberry-raid", "units": "Corse, Wise"}))
	if len(rep.Outputs) != 2 || rep.Outputs[0].Error != nil {
		t.Fatalf("raid: %+v", rep)
	}
	pub, own := rep.Outputs[0], rep.Outputs[1]
	if pub.Audience.Kind != AudiencePublic || !strings.Contains(pub.Text, "[5] −2") || !strings.Contains(pub.Text, "**-10 VP** (raspberry-raid)") {
		t.Errorf("raid: %s", pub.Text)
	}
	blob, _ := json.Marshal(pub)
	for _, s := range []string{"Corse", "Wise", "csa.corse"} {
		if strings.Contains(string(blob), s) {
			t.Errorf("the public raid names %q: %s", s, blob)
		}
	}
	if own.Audience.Kind != AudienceEphemeral || !strings.Contains(own.Text, "Corse, Wise") {
		t.Errorf("the commander's note: %+v", own)
	}
	if o := r.Handle(ctx, vpMoveReq(leeA, "Corse", "Culpeper")).first(); o.Error == nil {
		t.Errorf("a withdrawn unit moved: %+v", o)
	}
	// The record: category rows by turn (003 layout), the totals.
	rec := mustOK(t, r, vpReq(meadeA, nil))
	for _, want := range []string{"vicksburg: -15", "draft-riots: +11", "raspberry-raid: -10", "-14 (+ is Confederate)", "```", "T1", "Jun 3", "running", "Not yet computed"} {
		if !strings.Contains(rec.Text, want) {
			t.Errorf("record lacks %q:\n%s", want, rec.Text)
		}
	}
	if rec.Audience.Kind != AudienceEphemeral {
		t.Errorf("the record is %s", rec.Audience.Kind)
	}
}

// The rolls are the game's rolls: numbered with them, replayed by the audit.
func TestVPRollsPassTheAudit(t *testing.T) {
	r := NewRouter(openStore(t))
	startLRTG(t, r, map[string]string{"seed": "1863"})
	mustOK(t, r, Request{ChannelID: "war", User: leeA, Command: "roll", Options: map[string]string{"dice": "2d6"}})
	out := mustOK(t, r, vpReq(umpireA, map[string]string{"action": "draft-riots", "removed": "2", "reason": "audit"}))
	if !strings.Contains(out.Text, "Roll #2") {
		t.Errorf("riots: %s", out.Text)
	}
	mustOK(t, r, vpReq(umpireA, map[string]string{"action": "vicksburg", "reason": "audit"}))
	mustOK(t, r, gameReq(umpireA, "end", map[string]string{"reason": "test"}))
	if a := mustOK(t, r, gameReq(leeA, "audit", nil)); !strings.Contains(a.Text, "✅") || !strings.Contains(a.Text, "all 6 dice") {
		t.Errorf("audit: %s", a.Text)
	}
}

func TestVPOptionMistakes(t *testing.T) {
	ctx := context.Background()
	r := NewRouter(openStore(t))
	startLRTG(t, r, nil)
	for _, c := range []struct {
		opts map[string]string
		code string
	}{
		{map[string]string{"county": "Carroll"}, "vp.option"},
		{map[string]string{"action": "vicksburg", "units": "Corse"}, "vp.option"},
		{map[string]string{"action": "levy"}, "vp.action"},
		{map[string]string{"action": "county", "county": "Frederick"}, "vp.county"},
		{map[string]string{"action": "county", "county": "Kent"}, "vp.county"},
	} {
		if o := r.Handle(ctx, vpReq(leeA, c.opts)).first(); o.Error == nil || o.Error.Code != c.code {
			t.Errorf("%v: %+v, want %s", c.opts, o, c.code)
		}
	}
	if got := r.Autocomplete(vpReq(leeA, map[string]string{"action": "county"}), "county", "freder"); len(got) != 2 {
		t.Errorf("county autocomplete: %v", got)
	}
}
