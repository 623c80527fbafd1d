package bot

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"sort"
	"strings"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
	"github.com/umpire-games/umpire/scenarios"
)

// /terrain: a group's terrain layer for a map (docs/terrain-layer.md),
// kept per server as its chart copies are: loaded by a server manager or
// the umpire role, recorded on the guild's terrain stream, folded again
// after a restart, and replaced whole by a new load of the same map. A
// top-level command of its own: /map takes its options at the top level
// (Discord allows no subcommands beside them), and /chart's subcommands
// load and roll on slots of rows and columns, which a layer is not.

const kindTerrain = "terrain"

// terrainStream holds the layers a guild loaded (the console is its own
// guild).
func terrainStream(req Request) string { return "terrain:" + req.GuildID }

// terrainCostSlot is the series' terrain cost chart: when the guild has
// loaded it, the terrain names of a layer of the series' map (LRTG's,
// which LRTA shares) must be its hexes' rows. LITN's map is not priced
// by it.
const terrainCostSlot = lrtg.SlotTerrainCosts

// costChart returns the hexes' rows of the loaded cost chart a layer of
// the map is checked against (nil when it is not loaded), and whether the
// map has such a chart at all. The chart's other rows are the roads
// along a hexside ("road: Pike") and the hexside features ("hexside:
// Creek"), which a layer's features meet by name (lrtg.SeriesCharts.
// StepCost): a terrain is one of the plain rows.
func (r *Router) costChart(ctx context.Context, req Request, mapID string) (*engine.LoadedChart, bool, error) {
	if mapID != "lrtg" {
		return nil, false, nil
	}
	charts, err := r.loadedCharts(ctx, req)
	if err != nil {
		return nil, true, err
	}
	lc := charts.Loaded[terrainCostSlot]
	if lc == nil {
		return nil, true, nil
	}
	hexRows := &engine.LoadedChart{Columns: lc.Columns}
	for _, row := range lc.Rows {
		l := strings.ToLower(strings.TrimSpace(row))
		if !strings.HasPrefix(l, lrtg.TerrainRoad+":") && !strings.HasPrefix(l, lrtg.TerrainHexside+":") {
			hexRows.Rows = append(hexRows.Rows, row)
		}
	}
	return hexRows, true, nil
}

func terrainCommands() []*Command {
	mapOption := OptionSpec{Name: "map", Description: "lrtg (LRTG and LRTA) or litn (default: this channel's game's map, else lrtg)", Type: String, MaxLength: 10, Placeholder: "lrtg|litn"}
	return []*Command{{
		Name:        "terrain",
		Description: "Your group's terrain layer for a map: terrain per hex, roads and water per hexside",
		Subcommands: []*Command{
			{
				Name:        "load",
				Description: "Load your group's terrain layer for a map, replacing its last one (server managers, the umpire role)",
				Ephemeral:   true,
				Options: []OptionSpec{
					{Name: "file", Description: "The layer (YAML: map, terrain, lines, hexsides)", Type: Attachment},
					{Name: "data", Description: "Or the layer's text", Type: String, MaxLength: 6000, Placeholder: "yaml"},
				},
				Handle: handleTerrainLoad,
			},
			{
				Name:        "show",
				Description: "What the loaded layer says of a hex and its hexsides, or of the whole map",
				Ephemeral:   true,
				Options: []OptionSpec{
					{Name: "at", Description: "A place or a hex, e.g. Harpers Ferry or HW3218 (none: the layer's summary)", Type: String, MaxLength: 60, Placeholder: "hex or place",
						Autocomplete: func(r *Router, req Request, typed string) []engine.Match {
							return r.searchPlaces(context.Background(), req, typed, 25)
						}},
					mapOption,
				},
				Handle: handleTerrainShow,
			},
		},
	}}
}

// loadedTerrain returns the guild's layer for a map, or nil when it has
// loaded none: what the moves of a game on that map read (a nil layer
// answers every look-up with "not known").
func (r *Router) loadedTerrain(ctx context.Context, req Request, mapID string) (*engine.TerrainLayer, error) {
	_, t, err := fold(ctx, r, terrainStream(req), r.terrains)
	if err != nil {
		return nil, err
	}
	return t.Layer(mapID), nil
}

func handleTerrainLoad(ctx context.Context, r *Router, req Request) (Reply, error) {
	// A layer serves every game of the server, so it is a server's
	// decision: a manager's, or the umpire role's (the umpire of every
	// game of the server). A game's creator is umpire of his game only.
	if !req.Manager && !req.User.Umpire {
		return Reply{}, &engine.RuleError{Kind: engine.ErrIllegal, Code: "terrain.permission",
			What: "Only someone who may manage this server, or a member of its umpire role, loads terrain layers",
			Hint: "Ask a member with the Manage Server permission"}
	}
	var o struct {
		Data string `opt:"data,raw"` // the file pasted as text; file: wins
	}
	if err := decodeOptions(req, &o); err != nil {
		return Reply{}, err
	}
	data := uploaded(req, o.Data)
	if data == nil {
		return Reply{}, &engine.RuleError{Kind: engine.ErrInvalid, Code: "terrain.file", What: "No terrain file was given",
			Hint: "Attach it as file: or paste it as data: (the format: docs/terrain-layer.md)"}
	}
	c, err := scenarios.ParseTerrainFile(data)
	if err != nil {
		return Reply{}, &engine.RuleError{Kind: engine.ErrInvalid, Code: "terrain.file", What: err.Error(),
			Hint: "Nothing was loaded (the format: docs/terrain-layer.md)"}
	}
	id := strings.ToLower(strings.TrimSpace(c.Map))
	t := r.theatres[id]
	if t == nil {
		what := "The layer names no map"
		if id != "" {
			what = fmt.Sprintf("The layer is for the map %q, which there is not", c.Map)
		}
		return Reply{}, &engine.RuleError{Kind: engine.ErrInvalid, Code: "terrain.file", What: what,
			Hint: "Begin the file with map: and one of " + strings.Join(r.theatreIDs(), ", ") + ". Nothing was loaded"}
	}
	costs, priced, err := r.costChart(ctx, req, t.ID)
	if err != nil {
		return Reply{}, err
	}
	sum := sha256.Sum256(data)
	cmd := engine.LoadTerrain{By: req.User, Map: t, Copy: c, Costs: costs, SHA256: hex.EncodeToString(sum[:])}
	return settle(ctx, r, req, terrainStream(req), kindTerrain, r.terrains,
		func(s engine.Terrains, _ engine.Dice) ([]engine.Event, error) { return s.Decide(cmd) },
		func(views []EventView, evs []engine.Event) Reply {
			l := &evs[0].(*engine.TerrainLoaded).Layer
			text := fmt.Sprintf("Loaded your terrain layer for %s%s: %s. It replaces any earlier layer of this map on this server.\n/terrain show at:<hex> reads it; /map draws it.",
				t.Title, titled(l.Title), layerSummary(l))
			if costs == nil && priced {
				text += fmt.Sprintf("\nThe terrain cost chart (%s) is not loaded here, so the terrain names were not checked against its rows: load it (/chart load) and then this layer again.", terrainCostSlot)
			}
			return Reply{Outputs: []Output{{Audience: Audience{Kind: AudienceEphemeral}, Text: text, Events: views}}}
		})
}

func (r *Router) theatreIDs() []string {
	ids := make([]string, 0, len(r.theatres))
	for k := range r.theatres {
		ids = append(ids, k)
	}
	sort.Strings(ids)
	return ids
}

func titled(title string) string {
	if title == "" {
		return ""
	}
	return fmt.Sprintf(" (“%s”)", title)
}

// layerSummary counts a layer's hexes by terrain and hexsides by feature.
func layerSummary(l *engine.TerrainLayer) string {
	n, s := l.Counts()
	var ts []string
	for _, name := range l.TerrainNames() {
		ts = append(ts, fmt.Sprintf("%s %d", name, len(l.Hexes[name])))
	}
	var fs []string
	for _, f := range engine.HexsideFeatures {
		if k := len(l.Sides[f]); k > 0 {
			fs = append(fs, fmt.Sprintf("%s %d", f, k))
		}
	}
	out := counted(n, "hex", "hexes")
	if len(ts) > 0 {
		out += " (" + strings.Join(ts, ", ") + ")"
	}
	out += ", " + counted(s, "hexside", "hexsides")
	if len(fs) > 0 {
		out += " (" + strings.Join(fs, ", ") + ")"
	}
	return out
}

// neighbourDirs names the directions of engine.Hex.Neighbours on the
// drawn map (flat-topped hexes, north up); clockwise lists them from the
// north.
var (
	neighbourDirs = [6]string{"SE", "NE", "N", "NW", "SW", "S"}
	clockwise     = [6]int{2, 1, 0, 5, 4, 3}
)

// printedOn names a hex by its printed number on the sheet given when that
// sheet shows it (sheets overlap), else by its first.
func printedOn(t *engine.Theatre, h engine.Hex, sheet string) string {
	p := t.Printed(h)
	for _, s := range p {
		if strings.HasPrefix(s, sheet) && len(s) == len(sheet)+4 {
			return s
		}
	}
	if len(p) == 0 {
		return ""
	}
	return p[0]
}

// counted says "no hex", "1 hex", "5 hexes".
func counted(n int, one, many string) string {
	switch n {
	case 0:
		return "no " + one
	case 1:
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

func handleTerrainShow(ctx context.Context, r *Router, req Request) (Reply, error) {
	var o struct {
		At  string `opt:"at"`
		Map string `opt:"map,lower"`
	}
	if err := decodeOptions(req, &o); err != nil {
		return Reply{}, err
	}
	t, err := r.theatre(ctx, req, o.Map)
	if err != nil {
		return Reply{}, err
	}
	_, st, err := fold(ctx, r, terrainStream(req), r.terrains)
	if err != nil {
		return Reply{}, err
	}
	l := st.Layer(t.ID)
	if l == nil {
		return ephemeralText(fmt.Sprintf("No terrain layer is loaded for %s on this server: every move's terrain is the player's word. A server manager or the umpire role loads one with /terrain load (the format: docs/terrain-layer.md).", t.Title)), nil
	}
	at := o.At
	if at == "" {
		text := fmt.Sprintf("**Terrain layer for %s**%s, loaded by %s: %s.\nHexes it does not name are the player's word.", t.Title, titled(l.Title), st.LoadedBy[t.ID].Name, layerSummary(l))
		if costs, _, err := r.costChart(ctx, req, t.ID); err == nil && costs != nil {
			if missing := notRows(l.TerrainNames(), costs.Rows); len(missing) > 0 {
				text += fmt.Sprintf("\n⚠️ Not rows of the terrain cost chart loaded since: %s. Load the layer again with names the chart has.", strings.Join(missing, ", "))
			}
		}
		return ephemeralText(text), nil
	}
	h, name, err := t.Locate(at)
	if err != nil {
		return Reply{}, err
	}
	var b strings.Builder
	if ter, ok := l.Terrain(h); ok {
		fmt.Fprintf(&b, "**%s**: %s", name, ter)
	} else {
		fmt.Fprintf(&b, "**%s**: not in the layer (the player's word)", name)
	}
	// The neighbours are named on the sheet the hex was asked by.
	sheet := ""
	if _, ref, err := t.ParseHex(at, ""); err == nil {
		sheet = ref.Sheet
	} else if p := t.Place(at); p != nil {
		sheet = p.Ref.Sheet
	}
	ns := h.Neighbours()
	var unnamed []string
	for _, i := range clockwise {
		n := ns[i]
		p := printedOn(t, n, sheet)
		if p == "" {
			continue // off the map
		}
		fs := l.Hexside(h, n)
		if len(fs) == 0 {
			unnamed = append(unnamed, fmt.Sprintf("%s %s", neighbourDirs[i], p))
			continue
		}
		fmt.Fprintf(&b, "\n- hexside %s to %s: %s", neighbourDirs[i], p, strings.Join(fs, ", "))
	}
	if len(unnamed) > 0 {
		fmt.Fprintf(&b, "\n- no feature given toward %s", strings.Join(unnamed, ", "))
	}
	return ephemeralText(b.String()), nil
}

// notRows lists the names that are not rows (in any letters' case).
func notRows(names, rows []string) []string {
	in := map[string]bool{}
	for _, r := range rows {
		in[strings.ToLower(strings.TrimSpace(r))] = true
	}
	var out []string
	for _, n := range names {
		if !in[strings.ToLower(n)] {
			out = append(out, n)
		}
	}
	return out
}
