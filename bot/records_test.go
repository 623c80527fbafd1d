package bot

import (
	"bytes"
	"context"
	"image/png"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine/lrtg"
)

func recordsReq(cmd, sub string, opts map[string]string) Request {
	if opts == nil {
		opts = map[string]string{}
	}
	return Request{GuildID: "g", ChannelID: "war", Command: cmd, Path: []string{sub}, Options: opts}
}

func TestTurnCommands(t *testing.T) {
	ctx := context.Background()
	r := NewRouter(openStore(t))
	// Before the start, the status says who is missing.
	mustOK(t, r, gameReq(umpireA, "new", map[string]string{"scenario": "lrtg-high-tide"}))
	mustOK(t, r, gameReq(leeA, "join", map[string]string{"side": "csa"}))
	if s := mustOK(t, r, gameReq(leeA, "status", nil)).Text; !strings.Contains(s, "Waiting for: a Union player (/game join side:usa)") {
		t.Errorf("status before the Union joined:\n%s", s)
	}
	mustOK(t, r, gameReq(meadeA, "join", map[string]string{"side": "usa"}))
	if s := mustOK(t, r, gameReq(leeA, "status", nil)).Text; !strings.Contains(s, "Waiting for: the umpire, Umpire, to start it") {
		t.Errorf("status before the start:\n%s", s)
	}
	mustOK(t, r, gameReq(umpireA, "start", nil))

	as := func(u Request, who string) Request {
		switch who {
		case "lee":
			u.User = leeA
		case "meade":
			u.User = meadeA
		default:
			u.User = umpireA
		}
		return u
	}
	show := mustOK(t, r, as(recordsReq("turn", "show", nil), "lee"))
	for _, want := range []string{"Turn 1: June 3-5, 1863", "turn 1 of 29", "None — No Random Events roll", "28 more turns, 32 days", "Next on the record: turn 2 (June 6-8, 1863): R"} {
		if !strings.Contains(show.Text, want) {
			t.Errorf("/turn show lacks %q:\n%s", want, show.Text)
		}
	}
	if o := r.Handle(ctx, as(recordsReq("turn", "next", nil), "lee")).first(); o.Error == nil || o.Error.Code != "game.umpire" {
		t.Fatalf("Lee advanced the turn: %+v", o)
	}
	next := mustOK(t, r, as(recordsReq("turn", "next", map[string]string{"reason": "both sides passed"}), "umpire"))
	if next.Audience.Kind != AudiencePublic || !strings.Contains(next.Text, "Turn 2: June 6-8, 1863** begins (both sides passed)") ||
		!strings.Contains(next.Text, "Pickett") || len(next.Events) != 1 || next.Events[0].Type != "turn.advanced" {
		t.Fatalf("/turn next: %+v", next)
	}
	status := mustOK(t, r, gameReq(meadeA, "status", nil)).Text
	for _, want := range []string{"State: turn 2", "Date: June 6-8, 1863 (turn 2 of 29; 29 days left after it)", "Phase: before the turn's first step",
		"Army morale: CSA 0 (Normal), USA 0 (Normal)", "Victory points: +0", "Waiting for: the umpire, Umpire, to begin the next step (/phase next)"} {
		if !strings.Contains(status, want) {
			t.Errorf("/game status lacks %q:\n%s", want, status)
		}
	}
	withPlot := mustOK(t, r, as(recordsReq("turn", "show", map[string]string{"plot": "true"}), "meade"))
	if len(withPlot.Files) != 1 || withPlot.Files[0].ContentType != "image/png" {
		t.Fatalf("no plot: %+v", withPlot)
	}
	img, err := png.Decode(bytes.NewReader(withPlot.Files[0].Data))
	if err != nil || img.Bounds().Dx() != 880 || img.Bounds().Dy() != 558 {
		t.Fatalf("plot: %v %v", err, img)
	}
	for i := 2; i < 29; i++ {
		mustOK(t, r, as(recordsReq("turn", "next", nil), "umpire"))
	}
	if s := mustOK(t, r, as(recordsReq("turn", "show", nil), "lee")).Text; !strings.Contains(s, "Turn 29: July 7, 1863") || !strings.Contains(s, "E — High Tide") || !strings.Contains(s, "last turn") {
		t.Errorf("the last turn:\n%s", s)
	}
	if o := r.Handle(ctx, as(recordsReq("turn", "next", nil), "umpire")).first(); o.Error == nil || o.Error.Code != "turn.last" {
		t.Fatalf("advanced past the last turn: %+v", o)
	}
	if s := mustOK(t, r, gameReq(leeA, "status", nil)).Text; !strings.Contains(s, "to end the game after this last turn (/game end)") {
		t.Errorf("status on the last turn:\n%s", s)
	}
}

func TestMoraleCommands(t *testing.T) {
	ctx := context.Background()
	r := NewRouter(openStore(t))
	startLRTG(t, r, nil)
	req := func(sub string, u Request, opts map[string]string) Request {
		q := recordsReq("morale", sub, opts)
		q.User = u.User
		return q
	}
	lee, meade, ump, guest := Request{User: leeA}, Request{User: meadeA}, Request{User: umpireA}, Request{User: guestA}
	if o := r.Handle(ctx, req("adjust", lee, map[string]string{"side": "usa", "by": "3", "reason": "x"})).first(); o.Error == nil || o.Error.Code != "records.side" {
		t.Fatalf("Lee adjusted the Union morale: %+v", o)
	}
	rep := r.Handle(ctx, req("adjust", meade, map[string]string{"side": "usa", "by": "9", "reason": "72 AoP combat losses"}))
	if len(rep.Outputs) != 2 || rep.Outputs[0].Error != nil {
		t.Fatalf("adjust: %+v", rep)
	}
	private, public := rep.Outputs[0], rep.Outputs[1]
	if private.Audience.Kind != AudienceEphemeral || !strings.Contains(private.Text, "72 AoP combat losses") || len(private.Events) != 1 {
		t.Errorf("the adjustment's author: %+v", private)
	}
	if public.Audience.Kind != AudiencePublic || strings.Contains(public.Text, "72 AoP") || len(public.Events) != 0 ||
		!strings.Contains(public.Text, "USA 9 (Disorder)") || !strings.Contains(public.Text, "Union Army Disorder begins (morale 9): +30 VP") {
		t.Errorf("the channel: %+v", public)
	}
	// Levels are public; contributions are the army's own side's.
	leeView := mustOK(t, r, req("show", lee, nil)).Text
	if !strings.Contains(leeView, "Level **9**: Disorder") || strings.Contains(leeView, "72 AoP") || !strings.Contains(leeView, "Its contributions are the other side's secret") {
		t.Errorf("Lee's /morale show:\n%s", leeView)
	}
	if v := mustOK(t, r, req("show", meade, nil)).Text; !strings.Contains(v, "+9 72 AoP combat losses (Meade) (turn 1)") {
		t.Errorf("Meade's /morale show:\n%s", v)
	}
	if v := mustOK(t, r, req("show", ump, nil)).Text; !strings.Contains(v, "72 AoP") {
		t.Errorf("the umpire's /morale show:\n%s", v)
	}
	if v := mustOK(t, r, req("show", guest, nil)).Text; strings.Contains(v, "72 AoP") || !strings.Contains(v, "Level **9**") {
		t.Errorf("a guest's /morale show:\n%s", v)
	}
	// An elimination moves the level at once; the check confirms it.
	mustOK(t, r, Request{ChannelID: "war", User: meadeA, Command: "unit", Path: []string{"eliminate"}, Options: map[string]string{"unit": "Wright"}})
	if v := mustOK(t, r, req("show", meade, nil)).Text; !strings.Contains(v, "Level **13**: Panic") || !strings.Contains(v, "changed since they were last confirmed") {
		t.Errorf("after Wright's elimination:\n%s", v)
	}
	if o := r.Handle(ctx, req("check", guest, nil)).first(); o.Error == nil || o.Error.Code != "records.player" {
		t.Errorf("a guest checked: %+v", o)
	}
	check := mustOK(t, r, req("check", lee, nil))
	if check.Audience.Kind != AudiencePublic || !strings.Contains(check.Text, "USA 13 (Panic)") || !strings.Contains(check.Text, "Union Army Panic begins (morale 13): +20 VP") {
		t.Errorf("/morale check: %s", check.Text)
	}
	g, _ := r.game(ctx, Request{ChannelID: "war"})
	if by, total := lrtg.Of(g).VPTotals(); by["disorder-panic"] != 50 || total != 50 {
		t.Errorf("the VP record after a Union Panic: %v", by)
	}
	plot := mustOK(t, r, req("show", lee, map[string]string{"plot": "true"}))
	if len(plot.Files) != 1 {
		t.Fatalf("no plot: %+v", plot)
	}
	if _, err := png.Decode(bytes.NewReader(plot.Files[0].Data)); err != nil {
		t.Fatal(err)
	}
}

func TestSupplySecrecy(t *testing.T) {
	ctx := context.Background()
	r := NewRouter(openStore(t))
	startLRTG(t, r, map[string]string{"supply": "simplified"})
	sup := func(sub string, u Request, opts map[string]string) Output {
		q := recordsReq("supply", sub, opts)
		q.User = u.User
		return r.Handle(ctx, q).first()
	}
	lee, meade, ump, guest := Request{User: leeA}, Request{User: meadeA}, Request{User: umpireA}, Request{User: guestA}
	o := sup("adjust", lee, map[string]string{"side": "csa", "by": "-5", "reason": "hard marching"})
	if o.Error != nil || o.Audience.Kind != AudienceEphemeral || !strings.Contains(o.Text, "Supply track: +6 → +1") {
		t.Fatalf("Lee's expenditure: %+v", o)
	}
	leeSheet := sup("show", lee, nil)
	if leeSheet.Error != nil || !strings.Contains(leeSheet.Text, "Supply track: **+1**") || !strings.Contains(leeSheet.Text, "army morale +1") || !strings.Contains(leeSheet.Text, "hard marching") {
		t.Errorf("Lee's sheet:\n%s", leeSheet.Text)
	}
	meadeSheet := sup("show", meade, nil)
	if meadeSheet.Error != nil || !strings.Contains(meadeSheet.Text, "Union supply") || !strings.Contains(meadeSheet.Text, "Supply track: **+7**") ||
		strings.Contains(meadeSheet.Text, "hard marching") || strings.Contains(meadeSheet.Text, "+1") {
		t.Errorf("Meade's sheet:\n%s", meadeSheet.Text)
	}
	for _, c := range []struct {
		who  Request
		opts map[string]string
		sub  string
		code string
	}{
		{meade, map[string]string{"side": "csa"}, "show", "supply.secret"},
		{guest, nil, "show", "supply.secret"},
		{ump, nil, "show", "supply.side"},
		{meade, map[string]string{"side": "csa", "by": "-1", "reason": "x"}, "adjust", "records.side"},
	} {
		if o := sup(c.sub, c.who, c.opts); o.Error == nil || o.Error.Code != c.code || strings.Contains(o.Text, "+1") {
			t.Errorf("%s %v by %s: %+v", c.sub, c.opts, c.who.User.Name, o)
		}
	}
	if o := sup("show", ump, map[string]string{"side": "csa"}); o.Error != nil || !strings.Contains(o.Text, "Supply track: **+1**") {
		t.Errorf("the umpire's view of the Confederate sheet: %+v", o)
	}
	// The morale the track adds is public, its supply reason is not.
	if s := mustOK(t, r, gameReq(meadeA, "status", nil)).Text; !strings.Contains(s, "CSA 1 (Normal)") || strings.Contains(s, "marching") || strings.Contains(s, "Supply track") {
		t.Errorf("Meade's status:\n%s", s)
	}
}

func TestNormalSupplyCommands(t *testing.T) {
	ctx := context.Background()
	r := NewRouter(openStore(t))
	startLRTG(t, r, nil)
	sup := func(sub string, u Request, opts map[string]string) Output {
		q := recordsReq("supply", sub, opts)
		q.User = u.User
		return r.Handle(ctx, q).first()
	}
	lee, meade := Request{User: leeA}, Request{User: meadeA}
	if o := sup("adjust", lee, map[string]string{"side": "csa", "by": "-2", "reason": "extended march", "units": "Hood"}); o.Error != nil || !strings.Contains(o.Text, "Hood 6 → 4") {
		t.Fatalf("Hood's victuals: %+v", o)
	}
	// Meade may not name a Confederate unit: the side is refused first.
	if o := sup("adjust", meade, map[string]string{"side": "csa", "by": "-2", "reason": "x", "units": "Hood"}); o.Error == nil || o.Error.Code != "records.side" {
		t.Errorf("Meade on Hood: %+v", o)
	}
	if s := sup("show", lee, nil).Text; !strings.Contains(s, "Hood 4") || !strings.Contains(s, "McLaws 6") {
		t.Errorf("Lee's sheet:\n%s", s)
	}
	if s := sup("show", meade, nil).Text; strings.Contains(s, "Hood") || !strings.Contains(s, "Wright 7") {
		t.Errorf("Meade's sheet:\n%s", s)
	}
	// A levied town's store.
	mustOK(t, r, Request{ChannelID: "war", User: leeA, Command: "move", Options: map[string]string{"units": "McLaws", "to": "Chambersburg"}})
	mustOK(t, r, Request{ChannelID: "war", User: leeA, Command: "place", Options: map[string]string{"action": "levy", "at": "Chambersburg"}})
	if o := sup("adjust", lee, map[string]string{"side": "csa", "by": "-3", "reason": "feeding McLaws", "at": "Chambersburg"}); o.Error != nil || !strings.Contains(o.Text, "Chambersburg: 26 → 23 victuals") {
		t.Fatalf("store: %+v", o)
	}
	if s := sup("show", lee, nil).Text; !strings.Contains(s, "Chambersburg 23 of 26") {
		t.Errorf("Lee's stores:\n%s", s)
	}
	if s := sup("show", meade, nil).Text; strings.Contains(s, "Chambersburg") {
		t.Errorf("Meade sees the store:\n%s", s)
	}
	for _, m := range r.Autocomplete(Request{ChannelID: "war", User: meadeA, Command: "supply", Path: []string{"adjust"}}, "units", "") {
		if strings.HasPrefix(m.Value, "csa.") {
			t.Fatalf("Meade's autocomplete offers %s", m.Value)
		}
	}
}

// With limited intelligence the channel's posts carry no events (they name
// eliminated units).
func TestRecordsLimitedIntelligence(t *testing.T) {
	r := NewRouter(openStore(t))
	startLRTG(t, r, map[string]string{"limited_intelligence": "true"})
	q := recordsReq("turn", "next", nil)
	q.User = umpireA
	if o := mustOK(t, r, q); o.Audience.Kind != AudiencePublic || len(o.Events) != 0 {
		t.Errorf("/turn next in a hidden game: %+v", o)
	}
	q = recordsReq("morale", "check", nil)
	q.User = leeA
	if o := mustOK(t, r, q); len(o.Events) != 0 {
		t.Errorf("/morale check in a hidden game: %+v", o)
	}
}
