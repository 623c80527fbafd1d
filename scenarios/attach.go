package scenarios

import (
	"embed"
	"fmt"
	"io/fs"
	"sort"
	"strings"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
)

// Substitute counters (LRTG 7.0) and the special substitutes of optional
// rule 18 (18.1), one file per game, citing the seed lines they come from.
//
//go:embed attach/*.yaml
var attachFS embed.FS

type substitutesDoc struct {
	Game      string        `yaml:"game"`
	Source    string        `yaml:"source"`
	Counters  []counterDoc  `yaml:"counters"`
	Divisions []divisionDoc `yaml:"divisions"`
}

type counterDoc struct {
	ID     string `yaml:"id"`
	Name   string `yaml:"name"`
	Side   string `yaml:"side"`
	Kind   string `yaml:"kind"`
	Size   string `yaml:"size"`
	Source string `yaml:"source"`
}

type divisionDoc struct {
	Division string   `yaml:"division"`
	Leader   string   `yaml:"leader"`
	Brigades []string `yaml:"brigades"`
	Source   string   `yaml:"source"`
}

// Substitutes loads the substitute counters of every game, keyed by game
// ("lrtg"). The bot adds the order of battle's unit sizes
// (engine.SubstituteRules.WithOrder) when it hands them to a command.
func Substitutes() (map[string]*lrtg.SubstituteRules, error) {
	return loadSubstitutes(attachFS, "attach")
}

func loadSubstitutes(fsys fs.FS, dir string) (map[string]*lrtg.SubstituteRules, error) {
	names, err := fs.Glob(fsys, dir+"/*.yaml")
	if err != nil {
		return nil, err
	}
	sort.Strings(names)
	out := map[string]*lrtg.SubstituteRules{}
	for _, name := range names {
		var d substitutesDoc
		if err := readDataFile(fsys, name, &d); err != nil {
			return nil, err
		}
		if _, err := game(d.Game); err != nil {
			return nil, fmt.Errorf("scenarios: %s: %w", name, err)
		}
		if d.Source == "" {
			return nil, fmt.Errorf("scenarios: %s: source is required", name)
		}
		s, err := buildSubstitutes(d)
		if err != nil {
			return nil, fmt.Errorf("scenarios: %s: %w", name, err)
		}
		if out[d.Game] != nil {
			return nil, fmt.Errorf("scenarios: %s: a second substitutes file for %s", name, d.Game)
		}
		out[d.Game] = s
	}
	return out, nil
}

// The arm of a substitute fixes its size (LRTG 7.0: infantry brigades,
// cavalry regiments).
var substituteSizes = map[string]string{"infantry": "brigade", "cavalry": "regiment"}

func buildSubstitutes(d substitutesDoc) (*lrtg.SubstituteRules, error) {
	s := &lrtg.SubstituteRules{}
	ids, names := map[string]bool{}, map[string]bool{}
	for _, c := range d.Counters {
		side := engine.Side(c.Side)
		switch {
		case c.ID == "" || c.Name == "" || c.Source == "":
			return nil, fmt.Errorf("counter %q: id, name and source are required", c.ID)
		case side != engine.CSA && side != engine.USA:
			return nil, fmt.Errorf("counter %s: side is csa or usa, not %q", c.ID, c.Side)
		case !strings.HasPrefix(c.ID, c.Side+"."):
			return nil, fmt.Errorf("counter %s: ids start with the side, %s.", c.ID, c.Side)
		case substituteSizes[c.Kind] == "":
			return nil, fmt.Errorf("counter %s: kind is infantry or cavalry, not %q", c.ID, c.Kind)
		case substituteSizes[c.Kind] != c.Size:
			return nil, fmt.Errorf("counter %s: a %s substitute is a %s, not %q", c.ID, c.Kind, substituteSizes[c.Kind], c.Size)
		case ids[c.ID]:
			return nil, fmt.Errorf("counter %s twice", c.ID)
		case names[c.Side+"/"+strings.ToLower(c.Name)]:
			return nil, fmt.Errorf("counter %s: the name %q is already a %s counter's", c.ID, c.Name, c.Side)
		}
		ids[c.ID], names[c.Side+"/"+strings.ToLower(c.Name)] = true, true
		s.Counters = append(s.Counters, lrtg.SubstituteCounter{ID: c.ID, Name: c.Name, Side: side, Kind: c.Kind, Size: c.Size, Source: c.Source})
	}
	brigades := map[string]string{}
	for _, v := range d.Divisions {
		switch {
		case v.Division == "" || v.Leader == "" || v.Source == "":
			return nil, fmt.Errorf("division %q: division, leader and source are required", v.Division)
		case !strings.HasPrefix(v.Division, "csa."):
			return nil, fmt.Errorf("division %s: optional rule 18 is about Confederate divisions (csa.)", v.Division)
		case len(v.Brigades) == 0:
			return nil, fmt.Errorf("division %s: no brigades", v.Division)
		}
		for _, b := range v.Brigades {
			l := strings.ToLower(strings.TrimSpace(b))
			if l == "" {
				return nil, fmt.Errorf("division %s: an empty brigade name", v.Division)
			}
			if o, dup := brigades[l]; dup {
				return nil, fmt.Errorf("division %s: brigade %s is already %s's", v.Division, b, o)
			}
			if names["csa/"+l] {
				return nil, fmt.Errorf("division %s: brigade %s has a substitute counter's name", v.Division, b)
			}
			brigades[l] = v.Division
		}
		s.Divisions = append(s.Divisions, lrtg.DivisionBrigades{Division: v.Division, Leader: v.Leader, Brigades: append([]string(nil), v.Brigades...), Source: v.Source})
	}
	return s, nil
}
