// Package scenarios holds the umpire's embedded data files (tables, orders
// of battle, maps, turn records) and the loaders that validate them into
// engine types. Every data file names its source (seed file and section) in
// its header.
package scenarios

import (
	"bytes"
	_ "embed"
	"fmt"
	"time"

	"gopkg.in/yaml.v3"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/litn"
	"github.com/umpire-games/umpire/engine/lrtg"
)

//go:embed catalogue.yaml
var catalogueYAML []byte

type scenarioDoc struct {
	ID        string `yaml:"id"`
	Game      string `yaml:"game"`
	Title     string `yaml:"title"`
	Start     string `yaml:"start"`
	End       string `yaml:"end"`
	FirstTurn int    `yaml:"first_turn"`
	LastTurn  int    `yaml:"last_turn"`
	Source    string `yaml:"source"`
}

// Catalogue returns every scenario, validated, in file order.
func Catalogue() ([]engine.Scenario, error) { return parseCatalogue(catalogueYAML) }

func parseCatalogue(b []byte) ([]engine.Scenario, error) {
	var doc struct {
		Scenarios []scenarioDoc `yaml:"scenarios"`
	}
	dec := yaml.NewDecoder(bytes.NewReader(b))
	dec.KnownFields(true)
	if err := dec.Decode(&doc); err != nil {
		return nil, fmt.Errorf("scenarios: catalogue: %w", err)
	}
	seen := map[string]bool{}
	out := make([]engine.Scenario, 0, len(doc.Scenarios))
	for i, d := range doc.Scenarios {
		bad := func(f string, a ...any) error {
			return fmt.Errorf("scenarios: catalogue entry %d (%q): %s", i+1, d.ID, fmt.Sprintf(f, a...))
		}
		if d.ID == "" || d.Title == "" || d.Source == "" {
			return nil, bad("id, title and source are required")
		}
		if seen[d.ID] {
			return nil, bad("duplicate id")
		}
		seen[d.ID] = true
		g := engine.Game(d.Game)
		if g != lrtg.LRTG && g != lrtg.LRTA && g != litn.ID {
			return nil, bad("unknown game %q (lrtg, lrta or litn)", d.Game)
		}
		start, err := time.Parse(time.DateOnly, d.Start)
		if err != nil {
			return nil, bad("start: %v", err)
		}
		end, err := time.Parse(time.DateOnly, d.End)
		if err != nil {
			return nil, bad("end: %v", err)
		}
		if end.Before(start) {
			return nil, bad("ends before it starts")
		}
		if (d.FirstTurn == 0) != (d.LastTurn == 0) || d.LastTurn < d.FirstTurn {
			return nil, bad("first_turn and last_turn go together, first <= last")
		}
		out = append(out, engine.Scenario{ID: d.ID, Game: g, Title: d.Title, Start: start, End: end,
			FirstTurn: d.FirstTurn, LastTurn: d.LastTurn, Source: d.Source})
	}
	return out, nil
}
