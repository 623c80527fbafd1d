package bot

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/store"
)

// An invented layer (not any group's terrain, not the publisher's map)
// on real printed hexes of the LRTG theatre.
const terrainLayer = `# invented for tests
map: lrtg
title: Invented
terrain:
  woods: [HW2420-2521]
  clear: [HW2419]
lines:
  road: [HW2420, 2520, 2620]
hexsides:
  creek: [HW2420/2421]
`

func terrainReq(sub string, opts map[string]string) Request {
	return Request{GuildID: "g1", ChannelID: "c1", User: engine.Actor{ID: "u", Name: "Ann"}, Command: "terrain", Path: []string{sub}, Options: opts, Manager: true}
}

// Loaded by a manager or the umpire role only; a refused load, for who
// asks or for what the file says, records nothing; every problem of the
// file is in the one refusal.
func TestTerrainLoadRefusals(t *testing.T) {
	ctx := context.Background()
	st := openStore(t)
	r := NewRouter(st)
	player := terrainReq("load", map[string]string{"data": terrainLayer})
	player.Manager = false
	if out := r.Handle(ctx, player).first(); out.Error == nil || out.Error.Code != "terrain.permission" {
		t.Fatalf("a player loaded a layer: %+v", out)
	}
	bad := strings.NewReplacer("HW2420-2521", "HW2420-2521, HW9999", "2520, 2620", "2520, 2820", "creek:", "lava:").Replace(terrainLayer)
	out := r.Handle(ctx, terrainReq("load", map[string]string{"data": bad})).first()
	if out.Error == nil || out.Error.Code != "terrain.file" {
		t.Fatalf("bad layer: %+v", out)
	}
	for _, want := range []string{"3 problems", `line 5: "HW9999" is not a hex`, "line 8: the road has a gap between HW2520 and HW2820", `line 10: "lava" is not a hexside feature`, "Nothing was loaded"} {
		if !strings.Contains(out.Text, want) {
			t.Errorf("%q not in %s", want, out.Text)
		}
	}
	for _, tc := range []struct{ data, says string }{
		{"", "No terrain file was given"},
		{"map: nowhere\n", `The layer is for the map "nowhere", which there is not`},
		{"terrain: [", "not valid YAML"},
	} {
		if out := r.Handle(ctx, terrainReq("load", map[string]string{"data": tc.data})).first(); out.Error == nil || !strings.Contains(out.Text, tc.says) {
			t.Errorf("%q: %s", tc.data, out.Text)
		}
	}
	if _, _, err := st.Load(ctx, "terrain:g1", 0); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("a refused load recorded something: %v", err)
	}
	// The umpire role may load without Manage Server.
	role := player
	role.Roles = []string{"umps"}
	r = NewRouter(st, WithUmpireRole("umps"))
	if out := r.Handle(ctx, role).first(); out.Error != nil {
		t.Fatalf("the umpire role: %s", out.Text)
	}
}

// A loaded layer is kept in the database: a router started afresh on it
// reads it back; a new load of the same map replaces it whole.
func TestTerrainStoredAndReplaced(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "t.db")
	st, err := store.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	r := NewRouter(st)
	out := r.Handle(ctx, terrainReq("load", map[string]string{"data": terrainLayer})).first()
	if out.Error != nil || len(out.Events) != 1 || out.Events[0].Type != "terrain.loaded" {
		t.Fatalf("load: %+v", out)
	}
	for _, want := range []string{"Loaded your terrain layer for Long Roads", "(“Invented”)", "5 hexes (clear 1, woods 4)", "3 hexsides (road 2, creek 1)", "(gcacw.terrain-costs) is not loaded here"} {
		if !strings.Contains(out.Text, want) {
			t.Errorf("%q not in %s", want, out.Text)
		}
	}
	st.Close()

	st, err = store.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	r = NewRouter(st)
	out = r.Handle(ctx, terrainReq("show", map[string]string{"at": "HW2420"})).first()
	for _, want := range []string{"**HW2420**: woods", "no feature given toward N HW2419, ", "hexside NE to HW2520: road", "hexside S to HW2421: creek"} {
		if !strings.Contains(out.Text, want) {
			t.Errorf("after a restart, %q not in %s", want, out.Text)
		}
	}
	if strings.Contains(out.Text, "hexside N to HW2419:") {
		t.Errorf("a hexside with no feature listed as one: %s", out.Text)
	}
	layer, err := r.loadedTerrain(ctx, terrainReq("show", nil), "lrtg")
	if err != nil || layer == nil {
		t.Fatal(layer, err)
	}
	h, _, _ := r.theatres["lrtg"].ParseHex("HW2419", "")
	if got, ok := layer.Terrain(h); !ok || got != "clear" {
		t.Errorf("HW2419: %q %v", got, ok)
	}

	out = r.Handle(ctx, terrainReq("load", map[string]string{"data": "map: lrtg\nterrain:\n  swamp: [HW0101]\n"})).first()
	if out.Error != nil {
		t.Fatal(out.Text)
	}
	out = r.Handle(ctx, terrainReq("show", map[string]string{"at": "HW2419"})).first()
	if !strings.Contains(out.Text, "not in the layer (the player's word)") {
		t.Errorf("the old layer survived the new one: %s", out.Text)
	}
	out = r.Handle(ctx, terrainReq("show", nil)).first()
	if !strings.Contains(out.Text, "1 hex (swamp 1), no hexside") || !strings.Contains(out.Text, "loaded by Ann") {
		t.Errorf("summary: %s", out.Text)
	}
	// Another server has no layer.
	other := terrainReq("show", map[string]string{"at": "HW2419"})
	other.GuildID = "g2"
	if out := r.Handle(ctx, other).first(); !strings.Contains(out.Text, "No terrain layer is loaded") {
		t.Errorf("another server: %s", out.Text)
	}
}

// With the terrain cost chart loaded, a terrain it has no row for is
// refused (its roads' and hexside features' rows are not terrains); /terrain show flags names the chart loaded since lacks.
func TestTerrainNamesAgainstTheCostChart(t *testing.T) {
	ctx := context.Background()
	st := openStore(t)
	r := NewRouter(st)
	if out := r.Handle(ctx, terrainReq("load", map[string]string{"data": terrainLayer})).first(); out.Error != nil {
		t.Fatal(out.Text)
	}
	// The chart as a group would load it (invented rows; the slot is the
	// series' charts').
	typ, data, err := engine.EncodeEvent(&engine.ChartLoaded{Slot: terrainCostSlot, Chart: engine.LoadedChart{Rows: []string{"Clear", "forest", "road: Pike", "hexside: Creek"}, Columns: []string{"infantry"}, Cells: [][]string{{"1"}, {"2"}, {"½"}, {"+1"}}}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.Append(ctx, store.Append{Stream: "charts:g1", GuildID: "g1", Kind: kindCharts, Records: []store.NewRecord{{Type: typ, Data: data}}}); err != nil {
		t.Fatal(err)
	}
	out := r.Handle(ctx, terrainReq("show", nil)).first()
	if !strings.Contains(out.Text, "Not rows of the terrain cost chart loaded since: woods") {
		t.Errorf("show: %s", out.Text)
	}
	// LITN's map is not priced by the series' chart.
	if out := r.Handle(ctx, terrainReq("load", map[string]string{"data": "map: litn\nterrain:\n  woods: [2838]\n"})).first(); out.Error != nil || strings.Contains(out.Text, "cost chart") {
		t.Errorf("a LITN layer: %s", out.Text)
	}
	out = r.Handle(ctx, terrainReq("load", map[string]string{"data": terrainLayer})).first()
	if out.Error == nil || !strings.Contains(out.Text, `line 5: the terrain "woods" is not a row of your loaded terrain cost chart (its rows: Clear, forest)`) {
		t.Errorf("load: %s", out.Text)
	}
}

// The console loads a layer from a file path.
func TestConsoleLoadsATerrainFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "layer.yaml")
	if err := os.WriteFile(path, []byte(terrainLayer), 0o644); err != nil {
		t.Fatal(err)
	}
	c := &Console{Router: NewRouter(openStore(t)), User: "umpire", Guild: "console", Channel: "console"}
	req, err := c.Parse("/terrain load file:" + path)
	if err != nil {
		t.Fatal(err)
	}
	if out := c.Router.Handle(context.Background(), req).first(); out.Error != nil || !strings.Contains(out.Text, "Loaded your terrain layer") {
		t.Fatalf("load: %s", out.Text)
	}
}
