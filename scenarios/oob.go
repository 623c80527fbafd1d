package scenarios

import (
	"bytes"
	"embed"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"regexp"
	"sort"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
)

// Orders of battle: the set-up tables, one or more YAML files per game,
// variant and side, each citing the lines of the seed it comes from.
//
//go:embed oob/*.yaml
var oobFS embed.FS

// oobDoc is an order of battle file: one side (side:, units:, ... at the
// top) or both (a sides: list of the same). docs/oob-format.md documents
// it; docs/oob-template.yaml is a template.
type oobDoc struct {
	Game    string `yaml:"game"`
	Variant string `yaml:"variant"`
	oobSide `yaml:",inline"`
	Sides   []oobSide `yaml:"sides"`
}

// oobSide is one side's set-up.
type oobSide struct {
	Side    string     `yaml:"side"`
	Source  string     `yaml:"source"`
	Chits   *int       `yaml:"time_chits"`
	Units   []unitDoc  `yaml:"units"`
	Depots  []depotDoc `yaml:"depots"`
	Damaged []string   `yaml:"damaged_stations"`
	line    int        // where the side starts in its file, for messages
}

type unitDoc struct {
	ID       string   `yaml:"id"`
	Name     string   `yaml:"name"`
	Kind     string   `yaml:"kind"`
	Size     string   `yaml:"size"`
	Command  string   `yaml:"command"`
	Manpower int      `yaml:"manpower"`
	Hex      string   `yaml:"hex"`
	Context  string   `yaml:"context"`
	Track    string   `yaml:"track"`
	Slot     int      `yaml:"slot"`
	Entry    string   `yaml:"entry"`
	Marks    []string `yaml:"marks"`
	Notes    string   `yaml:"notes"`
	Source   string   `yaml:"source"`
	line     int      // where the unit starts in its file, for messages
}

type depotDoc struct {
	Place    string `yaml:"place"`
	Optional bool   `yaml:"optional"`
	Source   string `yaml:"source"`
}

// unitKinds are the kinds a unit may have: the kernel's named kinds
// (engine.UnitKinds), so that a kind the rules compare with a constant is
// the only kind a set-up or an imported file can hold. The set is read
// once here, where the file is parsed; the refusal lists it.
var unitKinds = func() map[string]bool {
	m := map[string]bool{}
	for _, k := range engine.UnitKinds {
		m[string(k)] = true
	}
	return m
}()

// unitSizes are the sizes a unit may have ("" when the counter has none,
// like LRTG's Haupt).
var unitSizes = map[string]bool{"army": true, "corps": true, "division": true, "brigade": true, "regiment": true, "battalion": true, "battery": true}

// tracks are the off-map tracks the engine and the orders of battle know
// (docs/oob-format.md says what each holds and what its slot means).
var tracks = map[string]bool{
	// LRTG (000 3.1, 3.2, 16.2, VIII)
	"reinforcement": true, "richmond-garrison": true, "csa-reinforcement": true, "replacement": true,
	"with-corps-commander": true, "wv": true, "pa-militia": true, "meade-replacement": true,
	// LRTA (004: Confederate Reorganization, Union Corps Reorganization, McClellan
	// assumes command, Union Cavalry Exhaustion, Leader Casualties)
	"rest-refit": true, "union-reorganization": true, "mcclellan": true, "cavalry-exhaustion": true, "leader-casualty": true,
}

// OrdersOfBattle loads every order of battle, keyed "game" or
// "game/variant". A variant's side replaces the base set-up of that side;
// a side the variant does not give keeps the base set-up.
func OrdersOfBattle() (map[string]*engine.OrderOfBattle, error) {
	ts, err := Theatres()
	if err != nil {
		return nil, err
	}
	return OrdersOfBattleOn(ts)
}

// OrdersOfBattleOn loads the orders of battle onto maps already loaded by
// Theatres (so that a caller holding them does not load them twice).
func OrdersOfBattleOn(ts map[string]*engine.Theatre) (map[string]*engine.OrderOfBattle, error) {
	return loadOrders(oobFS, "oob", ts)
}

type sideKey struct{ game, variant, side string }

func loadOrders(fsys fs.FS, dir string, ts map[string]*engine.Theatre) (map[string]*engine.OrderOfBattle, error) {
	names, err := fs.Glob(fsys, dir+"/*.yaml")
	if err != nil {
		return nil, err
	}
	sort.Strings(names)
	docs := map[sideKey][]oobSide{}
	for _, name := range names {
		b, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, err
		}
		if !bytes.HasPrefix(bytes.TrimSpace(b), []byte("#")) {
			return nil, fmt.Errorf("scenarios: %s: the file must start with a comment naming its sources", name)
		}
		d, err := parseOOBDoc(b)
		if err != nil {
			return nil, fmt.Errorf("scenarios: %s: %w", name, err)
		}
		sides, err := d.split()
		if err != nil {
			return nil, fmt.Errorf("scenarios: %s: %w", name, err)
		}
		for _, sd := range sides {
			if sd.Side != string(engine.CSA) && sd.Side != string(engine.USA) {
				return nil, fmt.Errorf("scenarios: %s: side is csa or usa, not %q", name, sd.Side)
			}
			k := sideKey{d.Game, d.Variant, sd.Side}
			docs[k] = append(docs[k], sd)
		}
	}
	keys := map[string][2]string{}
	for k := range docs {
		key := k.game
		if k.variant != "" {
			key += "/" + k.variant
		}
		keys[key] = [2]string{k.game, k.variant}
	}
	out := map[string]*engine.OrderOfBattle{}
	for key, gv := range keys {
		g, err := game(gv[0])
		if err != nil {
			return nil, fmt.Errorf("scenarios: order of battle %s: %w", key, err)
		}
		theatre := theatreOf(g, ts)
		if theatre == nil {
			return nil, fmt.Errorf("scenarios: order of battle %s: no map for %s", key, g)
		}
		o := &engine.OrderOfBattle{Game: g, Variant: gv[1], Chits: map[engine.Side]int{}}
		for _, side := range []string{"csa", "usa"} {
			ds := docs[sideKey{gv[0], gv[1], side}]
			if len(ds) == 0 && gv[1] != "" {
				ds = docs[sideKey{gv[0], "", side}]
			}
			for _, d := range ds {
				if err := addSide(o, engine.Side(side), d, theatre); err != nil {
					return nil, fmt.Errorf("scenarios: order of battle %s (%s): %w", key, side, err)
				}
			}
		}
		out[key] = o
	}
	return out, nil
}

// theatreOf is the map a game plays on: LRTA plays on the LRTG map.
func theatreOf(g engine.Game, ts map[string]*engine.Theatre) *engine.Theatre {
	if g == lrtg.LRTA {
		return ts["lrtg"]
	}
	return ts[string(g)]
}

// where names a unit for a message: its line in the file when known.
func (u unitDoc) where() string {
	id := u.ID
	if id == "" {
		id = fmt.Sprintf("%q", u.Name)
	}
	if u.line > 0 {
		return fmt.Sprintf("line %d: unit %s", u.line, id)
	}
	return "unit " + id
}

func addSide(o *engine.OrderOfBattle, side engine.Side, d oobSide, t *engine.Theatre) error {
	if d.Chits != nil {
		if *d.Chits < 0 {
			return fmt.Errorf("time_chits %d: give 0 or more", *d.Chits)
		}
		o.Chits[side] = *d.Chits
	}
	lines := map[string]int{}
	for _, u := range d.Units {
		if u.ID == "" || u.Name == "" || u.Source == "" || !unitKinds[u.Kind] {
			return fmt.Errorf("%s: id, name, source and a kind (%s) are required", u.where(), strings.Join(sortedKeys(unitKinds), ", "))
		}
		if !strings.HasPrefix(u.ID, string(side)+".") {
			return fmt.Errorf("%s: ids start with the side, %s.", u.where(), side)
		}
		if o.Unit(u.ID) != nil {
			if l := lines[u.ID]; l > 0 {
				return fmt.Errorf("%s: the id is already used on line %d (ids are unique)", u.where(), l)
			}
			return fmt.Errorf("%s twice (ids are unique)", u.where())
		}
		lines[u.ID] = u.line
		if u.Size != "" && !unitSizes[u.Size] {
			return fmt.Errorf("%s: size %q is not one of %s (or none)", u.where(), u.Size, strings.Join(sortedKeys(unitSizes), ", "))
		}
		if u.Manpower < 0 || (u.Kind == "leader" && u.Manpower != 0) {
			return fmt.Errorf("%s: manpower %d (leaders have none)", u.where(), u.Manpower)
		}
		if u.Track != "" && !tracks[u.Track] {
			return fmt.Errorf("%s: track %q is not one of %s", u.where(), u.Track, strings.Join(sortedKeys(tracks), ", "))
		}
		if u.Slot < 0 {
			return fmt.Errorf("%s: slot %d: give 0 or more", u.where(), u.Slot)
		}
		us := engine.UnitSetup{ID: u.ID, Name: u.Name, Side: side, Kind: engine.UnitKind(u.Kind), Size: u.Size, Command: u.Command, Manpower: u.Manpower,
			Track: u.Track, Slot: u.Slot, Entry: u.Entry, Marks: u.Marks, Notes: u.Notes, Source: u.Source}
		switch {
		case u.Hex != "" && u.Track == "":
			h, ref, err := parseUnitHex(t, u)
			if err != nil {
				return fmt.Errorf("%s: %v", u.where(), err)
			}
			us.Hex, us.Ref, us.OnMap = h, ref, true
		case u.Hex == "" && u.Track != "":
		default:
			return fmt.Errorf("%s: give a hex (on the map) or a track (off it), not both or neither", u.where())
		}
		o.Units = append(o.Units, us)
	}
	for _, dp := range d.Depots {
		if t.Place(dp.Place) == nil {
			return fmt.Errorf("depot at %q: not a place of the map", dp.Place)
		}
		o.Depots = append(o.Depots, engine.DepotSetup{Side: side, Place: dp.Place, Optional: dp.Optional, Source: dp.Source})
	}
	for _, s := range d.Damaged {
		if t.Place(s) == nil {
			return fmt.Errorf("damaged station %q: not a place of the map", s)
		}
		o.Damaged = append(o.Damaged, s)
	}
	return nil
}

// parseUnitHex reads a unit's hex: a printed sheet hex ("SS1418", "SJW S
// 1418", or "S1418" with context: SJW) or, failing that, the name of a
// place of the map ("Culpeper"), which stands for the place's printed hex.
func parseUnitHex(t *engine.Theatre, u unitDoc) (engine.Hex, engine.HexRef, error) {
	h, ref, err := t.ParseHex(u.Hex, u.Context)
	if err == nil {
		return h, ref, nil
	}
	if p := t.Place(u.Hex); p != nil {
		return p.Hex, p.Ref, nil
	}
	if !strings.ContainsAny(u.Hex, "0123456789") {
		return h, ref, fmt.Errorf("hex %q is neither a printed hex (e.g. SS1418) nor a place of the map", u.Hex)
	}
	return h, ref, err
}

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// parseOOBDoc reads an order of battle file strictly (an unknown field is
// an error) and notes the line where each side and unit starts, for the
// messages.
func parseOOBDoc(b []byte) (oobDoc, error) {
	var d oobDoc
	dec := yaml.NewDecoder(bytes.NewReader(b))
	dec.KnownFields(true)
	if err := dec.Decode(&d); err != nil {
		if errors.Is(err, io.EOF) {
			return d, fmt.Errorf("the file is empty")
		}
		return d, fmt.Errorf("%s", yamlMessage(err))
	}
	var root yaml.Node
	if err := yaml.Unmarshal(b, &root); err != nil || len(root.Content) == 0 {
		return d, err
	}
	top := root.Content[0]
	unitLines := func(side *yaml.Node, units []unitDoc) {
		seq := mapValue(side, "units")
		if seq == nil {
			return
		}
		for i, n := range seq.Content {
			if i < len(units) {
				units[i].line = n.Line
			}
		}
	}
	unitLines(top, d.Units)
	if seq := mapValue(top, "sides"); seq != nil {
		for i, n := range seq.Content {
			if i < len(d.Sides) {
				d.Sides[i].line = n.Line
				unitLines(n, d.Sides[i].Units)
			}
		}
	}
	return d, nil
}

// mapValue is the value of key in a YAML mapping node, or nil.
func mapValue(m *yaml.Node, key string) *yaml.Node {
	if m == nil || m.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			return m.Content[i+1]
		}
	}
	return nil
}

// yamlFieldRE matches yaml.v3's unknown-field message, which names the Go
// type: the message says which part of the file the field is not one of.
// A field's name may have spaces or line breaks (issue 11: fuzzing).
var yamlFieldRE = regexp.MustCompile(`field ((?s:.*?)) not found in type scenarios\.(\w+)`)

// yamlTypeRE matches yaml.v3's message for a value of the wrong type: a
// scalar (quoted in the message) or a list or mapping (not quoted), under
// a standard tag (!!str) or the file's own (!x); the value may hold a
// backquote or a line break (issue 11: fuzzing).
var yamlTypeRE = regexp.MustCompile("cannot unmarshal !(!?\\S*)(?: `((?s:.*?))`)? into (\\S+)")

func yamlMessage(err error) string {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	msg = strings.ReplaceAll(strings.TrimPrefix(msg, "unmarshal errors:\n  "), "\n  ", "; ")
	msg = yamlTypeRE.ReplaceAllStringFunc(msg, func(m string) string {
		sub := yamlTypeRE.FindStringSubmatch(m)
		want := "another kind of value"
		switch into := sub[3]; {
		case strings.HasSuffix(into, "int"):
			want = "a whole number"
		case into == "bool":
			want = "true or false"
		case strings.HasPrefix(into, "[]"):
			want = "a list"
		case into == "string":
			want = "a text"
		case strings.HasPrefix(into, "scenarios."), strings.HasPrefix(into, "map["):
			want = "a mapping (field: value)"
		}
		// A list or a mapping is not quoted (issue 11: fuzzing found "!!seq
		// into scenarios.oobDoc" passed on as it was).
		switch {
		case sub[1] == "!seq" && sub[2] == "":
			return fmt.Sprintf("a list is not %s", want)
		case sub[1] == "!map" && sub[2] == "":
			return fmt.Sprintf("a mapping is not %s", want)
		}
		return fmt.Sprintf("%q is not %s", sub[2], want)
	})
	return yamlFieldRE.ReplaceAllStringFunc(msg, func(m string) string {
		sub := yamlFieldRE.FindStringSubmatch(m)
		what := map[string]string{"oobDoc": "a top-level field", "oobSide": "a field of a side", "unitDoc": "a unit field", "depotDoc": "a depot field",
			"chartFileDoc": "a chart file field (chart, columns, cells)"}[sub[2]]
		if what == "" {
			what = "a field here"
		}
		return fmt.Sprintf("%s is not %s", sub[1], what)
	})
}

// split returns the file's sides: the one side at the top, or the sides:
// list.
func (d oobDoc) split() ([]oobSide, error) {
	top := d.oobSide
	if len(d.Sides) == 0 {
		return []oobSide{top}, nil
	}
	if top.Side != "" || len(top.Units) > 0 || len(top.Depots) > 0 || len(top.Damaged) > 0 || top.Chits != nil {
		return nil, fmt.Errorf("give either one side at the top (side:, units:, ...) or a sides: list, not both")
	}
	seen := map[string]int{}
	for _, sd := range d.Sides {
		if l, dup := seen[sd.Side]; dup && sd.Side != "" {
			return nil, fmt.Errorf("line %d: side %s is given twice (first on line %d)", sd.line, sd.Side, l)
		}
		seen[sd.Side] = sd.line
	}
	return d.Sides, nil
}

// ParseOrderOfBattle reads an order of battle a group brings (the /game oob
// import, docs/oob-format.md): one file that gives both sides, in a sides:
// list (a file of one side is refused: an import replaces the whole
// set-up). It is read as strictly as the shipped files (known fields,
// kinds, sizes and tracks; unique ids that start with the side; hexes on
// the game's map; depots and stations that are places) and checked as a
// whole by CheckOrderOfBattle. Errors name the side, the line and the unit
// at fault.
func ParseOrderOfBattle(b []byte, ts map[string]*engine.Theatre) (*engine.OrderOfBattle, error) {
	d, err := parseOOBDoc(b)
	if err != nil {
		return nil, err
	}
	g, err := game(d.Game)
	if err != nil {
		return nil, fmt.Errorf("game: %v", err)
	}
	t := theatreOf(g, ts)
	if t == nil {
		return nil, fmt.Errorf("no map for %s", g)
	}
	sides, err := d.split()
	if err != nil {
		return nil, err
	}
	o := &engine.OrderOfBattle{Game: g, Variant: d.Variant, Chits: map[engine.Side]int{}, Source: d.Source}
	for _, sd := range sides {
		if sd.Side != string(engine.CSA) && sd.Side != string(engine.USA) {
			at := ""
			if sd.line > 0 {
				at = fmt.Sprintf("line %d: ", sd.line)
			}
			return nil, fmt.Errorf("%sside is csa or usa, not %q", at, sd.Side)
		}
		if err := addSide(o, engine.Side(sd.Side), sd, t); err != nil {
			return nil, fmt.Errorf("%s: %w", sd.Side, err)
		}
	}
	if err := CheckOrderOfBattle(o); err != nil {
		return nil, err
	}
	return o, nil
}

// CheckOrderOfBattle checks an order of battle as a whole: each side has
// units, and each leader below the army commands a corps or designation
// that some unit of his side (on the map or on a track) belongs to.
func CheckOrderOfBattle(o *engine.OrderOfBattle) error {
	for _, side := range []engine.Side{engine.CSA, engine.USA} {
		if o.Count(side, "") == 0 {
			return fmt.Errorf("the file has no %s units: an import replaces the whole order of battle, so give both sides (a sides: list, docs/oob-format.md)", side)
		}
	}
	commands := map[engine.Side]map[string]bool{engine.CSA: {}, engine.USA: {}}
	for _, u := range o.Units {
		if u.Kind != "leader" {
			commands[u.Side][u.Command] = true
			if u.Side == engine.USA && (u.Command == "Balt" || u.Command == "WV" || u.Command == "HF") {
				commands[u.Side]["VIII"] = true // LRTG 21.1: Schenck's VIII Corps is Balt, WV and HF
			}
		}
	}
	for _, u := range o.Units {
		if u.Kind != "leader" || u.Size == "army" {
			continue
		}
		if u.Command == "" {
			return fmt.Errorf("unit %s: a leader (size %s) needs the command he leads", u.ID, u.Size)
		}
		if !commands[u.Side][u.Command] {
			return fmt.Errorf("unit %s: no %s unit belongs to his command %q", u.ID, u.Side, u.Command)
		}
	}
	return nil
}
