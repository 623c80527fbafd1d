package bot

import (
	"bytes"
	"context"
	"encoding/json"
	"image/png"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/umpire-games/umpire/bot/discordtest"
	"github.com/umpire-games/umpire/engine"
)

func testTheatres() map[string]*engine.Theatre {
	sheets := []engine.Sheet{{ID: "HW", Name: "West", Family: "HCR", Letter: "W", Parity: engine.OddColumnsDown, MinCol: 1, MaxCol: 40, MinRow: 1, MaxRow: 40}}
	t := &engine.Theatre{ID: "lrtg", Title: "Test theatre", Sheets: sheets}
	t.Places = []engine.Place{
		{Name: "Harpers Ferry", Ref: engine.HexRef{Sheet: "HW", Col: 20, Row: 20}, Hex: sheets[0].Global(20, 20), Kinds: []string{"town"}},
		{Name: "Frederick", Ref: engine.HexRef{Sheet: "HW", Col: 24, Row: 16}, Hex: sheets[0].Global(24, 16), Kinds: []string{"town"}},
	}
	return map[string]*engine.Theatre{"lrtg": t}
}

func TestMapByPlaceAndHex(t *testing.T) {
	r := NewRouter(openStore(t), WithTheatres(testTheatres()))
	out := r.Handle(context.Background(), Request{ChannelID: "c", Command: "map", Options: map[string]string{"at": "harpers ferry", "radius": "4"}}).first()
	if out.Error != nil || len(out.Files) != 1 || !strings.Contains(out.Text, "4 hexes around Harpers Ferry (HW2020): 1 place") {
		t.Fatalf("map = %+v", out.Text)
	}
	img, err := png.Decode(bytes.NewReader(out.Files[0].Data))
	if err != nil || img.Bounds().Dx() < 300 {
		t.Fatalf("png: %v %v", err, img)
	}
	out = r.Handle(context.Background(), Request{Command: "map", Options: map[string]string{"at": "HW2020"}}).first()
	if out.Error != nil || !strings.Contains(out.Text, "8 hexes around HW2020: 2 places") {
		t.Fatalf("map at a hex = %+v", out)
	}
	for at, want := range map[string]string{"Fredrick": "neither a place nor a hex", "HW9999": "runs from", "Frederick radius": ""} {
		o := r.Handle(context.Background(), Request{Command: "map", Options: map[string]string{"at": at}}).first()
		if want != "" && (o.Error == nil || !strings.Contains(o.Text, want)) {
			t.Errorf("at %q: %s", at, o.Text)
		}
	}
	o := r.Handle(context.Background(), Request{Command: "map", Options: map[string]string{"at": "Frederick", "radius": "40"}}).first()
	if o.Error == nil || !strings.Contains(o.Text, "radius from 1 to 20") {
		t.Errorf("radius 40: %s", o.Text)
	}
	o = r.Handle(context.Background(), Request{Command: "map", Options: map[string]string{"at": "Harpers Ferry", "to": "Frederick"}}).first()
	if o.Error != nil || !strings.Contains(o.Text, "from Harpers Ferry (HW2020) to Frederick (HW2416): 2 places") || len(o.Files) != 1 {
		t.Errorf("box: %s", o.Text)
	}
	o = r.Handle(context.Background(), Request{Command: "map", Options: map[string]string{"at": "HW0101", "to": "HW4040"}}).first()
	if o.Error == nil || !strings.Contains(o.Text, "hexes") {
		t.Errorf("huge box: %s", o.Text)
	}
	o = r.Handle(context.Background(), Request{Command: "map", Options: map[string]string{"at": "HW0101", "to": "HW0505", "radius": "3"}}).first()
	if o.Error == nil || o.Error.Code != "map.options" {
		t.Errorf("box and radius: %s", o.Text)
	}
	if m := r.Autocomplete(Request{Command: "map"}, "at", "fre"); len(m) != 1 || m[0].Value != "Frederick" {
		t.Errorf("autocomplete fre = %+v", m)
	}
}

func TestConsoleWritesMapFiles(t *testing.T) {
	dir := t.TempDir()
	var out bytes.Buffer
	c := &Console{Router: NewRouter(openStore(t), WithTheatres(testTheatres())), In: strings.NewReader("/map at:Frederick radius:3\n"),
		Out: &out, JSON: true, User: "u", FileDir: dir}
	if err := c.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	var line ConsoleLine
	if err := json.Unmarshal(out.Bytes(), &line); err != nil {
		t.Fatal(err)
	}
	if len(line.Files) != 1 || !strings.HasPrefix(line.Files[0].Path, dir) || line.Files[0].Size == 0 || !strings.Contains(line.Text, line.Files[0].Path) {
		t.Fatalf("line = %+v", line)
	}
}

func TestDiscordMapIsDeferredWithAnAttachment(t *testing.T) {
	t.Parallel()
	srv := discordtest.NewServer(t, discordtest.Options{RequireAllowedMentions: true})
	sess, err := srv.NewSession("")
	if err != nil {
		t.Fatal(err)
	}
	d := NewDiscord(sess, NewRouter(openStore(t), WithTheatres(testTheatres())), DiscordOptions{GuildID: "g1", Logger: quietLog()})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- d.Run(ctx) }()
	defer func() { cancel(); <-done }()
	wctx := waitCtx(t)
	if _, err := srv.WaitCommands(wctx, "g1"); err != nil {
		t.Fatal(err)
	}
	i := srv.SlashCommand(discordtest.SlashCommand{Name: "map", GuildID: "g1", Options: []discordtest.Option{{Name: "at", Value: "Harpers Ferry"}}})
	if _, err := srv.DispatchInteraction(i); err != nil {
		t.Fatal(err)
	}
	edits, err := srv.WaitEdit(wctx, i.ID, 1)
	if err != nil {
		t.Fatal(err)
	}
	cbs := srv.Callbacks(i.ID)
	if len(cbs) != 1 || cbs[0].Response.Type != discordgo.InteractionResponseDeferredChannelMessageWithSource {
		t.Fatalf("callbacks = %+v", cbs)
	}
	files := edits[0].Files
	if len(files) != 1 || files[0].Name != "map.png" || files[0].ContentType != "image/png" {
		t.Fatalf("edit files = %+v", files)
	}
	if _, err := png.Decode(bytes.NewReader(files[0].Data)); err != nil {
		t.Fatalf("attachment is not a PNG: %v", err)
	}
}
