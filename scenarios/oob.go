package scenarios

import (
	"embed"
	"fmt"
	"io/fs"
	"sort"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// Orders of battle: the set-up tables, one or more YAML files per game,
// variant and side, each citing the lines of the seed it comes from.
//
//go:embed oob/*.yaml
var oobFS embed.FS

type oobDoc struct {
	Game    string     `yaml:"game"`
	Variant string     `yaml:"variant"`
	Side    string     `yaml:"side"`
	Source  string     `yaml:"source"`
	Chits   *int       `yaml:"time_chits"`
	Units   []unitDoc  `yaml:"units"`
	Depots  []depotDoc `yaml:"depots"`
	Damaged []string   `yaml:"damaged_stations"`
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
}

type depotDoc struct {
	Place    string `yaml:"place"`
	Optional bool   `yaml:"optional"`
	Source   string `yaml:"source"`
}

var unitKinds = map[string]bool{"leader": true, "infantry": true, "cavalry": true, "artillery": true, "militia": true, "wagon": true}

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
	docs := map[sideKey][]oobDoc{}
	for _, name := range names {
		var d oobDoc
		if err := readDataFile(fsys, name, &d); err != nil {
			return nil, err
		}
		if d.Side != string(engine.CSA) && d.Side != string(engine.USA) {
			return nil, fmt.Errorf("scenarios: %s: side is csa or usa, not %q", name, d.Side)
		}
		k := sideKey{d.Game, d.Variant, d.Side}
		docs[k] = append(docs[k], d)
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
		theatre := ts[string(g)]
		if g == engine.LRTA {
			theatre = ts["lrtg"] // LRTA plays on the LRTG map
		}
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

func addSide(o *engine.OrderOfBattle, side engine.Side, d oobDoc, t *engine.Theatre) error {
	if d.Chits != nil {
		o.Chits[side] = *d.Chits
	}
	for _, u := range d.Units {
		if u.ID == "" || u.Name == "" || u.Source == "" || !unitKinds[u.Kind] {
			return fmt.Errorf("unit %q: id, name, source and a kind (%s) are required", u.ID, strings.Join(sortedKeys(unitKinds), ", "))
		}
		if !strings.HasPrefix(u.ID, string(side)+".") {
			return fmt.Errorf("unit %s: ids start with the side, %s.", u.ID, side)
		}
		if o.Unit(u.ID) != nil {
			return fmt.Errorf("unit %s twice", u.ID)
		}
		if u.Manpower < 0 || (u.Kind == "leader" && u.Manpower != 0) {
			return fmt.Errorf("unit %s: manpower %d (leaders have none)", u.ID, u.Manpower)
		}
		us := engine.UnitSetup{ID: u.ID, Name: u.Name, Side: side, Kind: u.Kind, Size: u.Size, Command: u.Command, Manpower: u.Manpower,
			Track: u.Track, Slot: u.Slot, Entry: u.Entry, Marks: u.Marks, Notes: u.Notes, Source: u.Source}
		switch {
		case u.Hex != "" && u.Track == "":
			h, ref, err := t.ParseHex(u.Hex, u.Context)
			if err != nil {
				return fmt.Errorf("unit %s: %v", u.ID, err)
			}
			us.Hex, us.Ref, us.OnMap = h, ref, true
		case u.Hex == "" && u.Track != "":
		default:
			return fmt.Errorf("unit %s: give a hex (on the map) or a track (off it), not both or neither", u.ID)
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

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
