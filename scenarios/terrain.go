package scenarios

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/umpire-games/umpire/engine"
)

// ParseTerrainFile reads a group's terrain layer (docs/terrain-layer.md)
// into the copy the engine checks against the map
// (engine.Theatre.CheckTerrain). It reads as much as it can: what is wrong
// with the file's shape goes into the copy's Problems, with its line, so
// that one refusal lists it with the grid's problems. Only a file that is
// not YAML at all is an error here.
func ParseTerrainFile(b []byte) (engine.TerrainCopy, error) {
	var doc yaml.Node
	if err := yaml.NewDecoder(bytes.NewReader(b)).Decode(&doc); err != nil {
		if errors.Is(err, io.EOF) {
			return engine.TerrainCopy{}, fmt.Errorf("the terrain file is empty")
		}
		return engine.TerrainCopy{}, fmt.Errorf("the terrain file is not valid YAML: %s", yamlMessage(err))
	}
	var c engine.TerrainCopy
	bad := func(n *yaml.Node, f string, a ...any) {
		c.Problems = append(c.Problems, engine.TerrainProblem{Line: n.Line, What: fmt.Sprintf(f, a...)})
	}
	top := &doc
	if top.Kind == yaml.DocumentNode && len(top.Content) == 1 {
		top = top.Content[0]
	}
	if top.Kind != yaml.MappingNode {
		return c, fmt.Errorf("the terrain file needs map:, then terrain:, lines: or hexsides: (docs/terrain-layer.md)")
	}
	seen := map[string]bool{}
	for i := 0; i+1 < len(top.Content); i += 2 {
		k, v := top.Content[i], top.Content[i+1]
		key := strings.ToLower(strings.TrimSpace(k.Value))
		if seen[key] {
			bad(k, "%s: is given twice", key)
			continue
		}
		seen[key] = true
		switch key {
		case "map":
			c.Map = scalar(v, bad, "map: is the map's id, e.g. map: lrtg")
		case "title":
			c.Title = scalar(v, bad, "title: is one line of text")
		case "terrain":
			eachKey(v, bad, "terrain: gives each terrain its hexes, e.g. woods: [HW2410-2615, HW2711]", func(name *yaml.Node, list *yaml.Node) {
				it := engine.TerrainItem{Name: strings.TrimSpace(name.Value), Line: name.Line}
				refs(list, &it, bad, "list the hexes of "+it.Name+", e.g. [HW2410, HW2511-2513]")
				c.Hexes = append(c.Hexes, it)
			})
		case "lines":
			eachKey(v, bad, "lines: gives each road, pike, trail or railroad as lists of hexes, e.g. road: [[HW2410, 2411, 2512]]", func(name *yaml.Node, list *yaml.Node) {
				f := featureName(name.Value)
				if list.Kind == yaml.SequenceNode && len(list.Content) > 0 && list.Content[0].Kind == yaml.ScalarNode {
					// One chain written without the outer list.
					it := engine.TerrainItem{Name: f, Line: list.Line}
					refs(list, &it, bad, "")
					c.Chains = append(c.Chains, it)
					return
				}
				if list.Kind != yaml.SequenceNode {
					bad(list, "%s: give each %s as a list of the hexes it runs through, e.g. - [HW2410, 2411, 2512]", name.Value, f)
					return
				}
				for _, chain := range list.Content {
					it := engine.TerrainItem{Name: f, Line: chain.Line}
					refs(chain, &it, bad, "give each "+f+" as a list of the hexes it runs through, e.g. - [HW2410, 2411, 2512]")
					c.Chains = append(c.Chains, it)
				}
			})
		case "hexsides":
			eachKey(v, bad, "hexsides: gives each feature its hexsides, e.g. creek: [HW2410/HW2411]", func(name *yaml.Node, list *yaml.Node) {
				it := engine.TerrainItem{Name: featureName(name.Value), Line: name.Line}
				refs(list, &it, bad, "list the hexsides, each as two hexes joined by /, e.g. [HW2410/HW2411]")
				c.Sides = append(c.Sides, it)
			})
		default:
			bad(k, "%q is not part of a terrain layer: use map:, title:, terrain:, lines: and hexsides:", k.Value)
		}
	}
	if strings.TrimSpace(c.Map) == "" && !seen["map"] {
		c.Problems = append(c.Problems, engine.TerrainProblem{What: "map: is missing: name the map the layer is for, e.g. map: lrtg"})
	}
	return c, nil
}

type badFunc func(n *yaml.Node, f string, a ...any)

func scalar(n *yaml.Node, bad badFunc, help string) string {
	if n.Kind != yaml.ScalarNode {
		bad(n, "%s", help)
		return ""
	}
	return strings.TrimSpace(n.Value)
}

// eachKey walks a mapping of names to lists.
func eachKey(n *yaml.Node, bad badFunc, help string, f func(name, list *yaml.Node)) {
	if n.Kind != yaml.MappingNode {
		if !(n.Kind == yaml.ScalarNode && n.Tag == "!!null") {
			bad(n, "%s", help)
		}
		return
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Kind != yaml.ScalarNode {
			bad(n.Content[i], "%s", help)
			continue
		}
		f(n.Content[i], n.Content[i+1])
	}
}

// refs reads a list of references (or one alone) into the item.
func refs(n *yaml.Node, it *engine.TerrainItem, bad badFunc, help string) {
	switch n.Kind {
	case yaml.ScalarNode:
		if n.Tag == "!!null" {
			return // empty: the engine says what is missing
		}
		it.Refs, it.Lines = append(it.Refs, n.Value), append(it.Lines, n.Line)
	case yaml.SequenceNode:
		for _, e := range n.Content {
			if e.Kind != yaml.ScalarNode {
				bad(e, "%s", help)
				continue
			}
			it.Refs, it.Lines = append(it.Refs, e.Value), append(it.Lines, e.Line)
		}
	default:
		bad(n, "%s", help)
	}
}

// featureName reads a feature as the vocabulary writes it ("Minor River"
// is minor-river); the engine says whether it is one.
func featureName(s string) string {
	return strings.Join(strings.Fields(strings.ToLower(s)), "-")
}
