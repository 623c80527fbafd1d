package lrtg

import (
	"fmt"
	"slices"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// The terrain a mover states (issue 21: a march's movement points are
// spent "by the loaded cost chart where the game has a terrain layer,
// and otherwise on the player's stated terrain per step"). Where the
// server's terrain layer is silent on a step (no layer, a hex it does
// not name, a hexside between a hex it names and one it does not), the
// mover may state the step's terrain: /move's terrain: option gives one
// entry per step, each the cost chart's own rows joined with "+"
// ("Woods", "road: Pike", "Clear + hexside: Creek"; "-" or nothing: not
// stated). The rules of it:
//
//   - a stated step is priced on the chart as a known one (move_price.go)
//     and counts toward the allowance, so a march the stated terrain makes
//     too dear, or prohibits, is refused as a layer-priced one is;
//   - the layer wins: what it knows of the step (the hex's terrain; the
//     hexside's features where it names both hexes) fills in what the
//     statement leaves out, and a statement that contradicts it is
//     refused, naming both readings;
//   - what he states of a hexside the layer does not know is the whole
//     of it: "Woods" alone says no road and no water there;
//   - every problem is refused at once (names the chart does not have, a
//     count that does not match the path, contradictions), nothing moves;
//   - the steps priced on his word are recorded in the event
//     (UnitsMoved.Steps) and go on the umpire's log (unitlog.go); steps
//     nobody states stay Unpriced, at the chart's cheapest step.

// statedTerrain is what the mover stated of one step, read on the chart.
type statedTerrain struct {
	text  string   // the rows as the chart prints them, joined " + "
	hex   string   // the hex's terrain ("": not stated)
	roads []string // roads along the hexside crossed
	sides []string // hexside features crossed
}

// stepTerrain is what a step enters and crosses, as the layer and the
// mover's word tell it.
type stepTerrain struct {
	hex          string
	roads, sides []string
	known        bool // enough is known to price the step
	stated       bool // the mover's word gave part of it
}

// featureKey is a row's or a feature's name for comparing: the layer
// reads features in lower case with hyphens for spaces
// (docs/terrain-layer.md), the chart prints "Minor River".
func featureKey(s string) string {
	return strings.ToLower(strings.Join(strings.Fields(strings.ReplaceAll(s, "-", " ")), "-"))
}

// rowNames lists the chart's rows as it prints them, for a refusal.
func (t *terrainChart) rowNames() string {
	names := make([]string, len(t.Rows))
	for i, r := range t.Rows {
		names[i] = r.label()
	}
	return strings.Join(names, ", ")
}

// label is a row as the chart prints it.
func (r terrainRow) label() string {
	if r.Kind == TerrainHex {
		return r.Name
	}
	return r.Kind + ": " + r.Name
}

// readStated reads the mover's entries (MoveUnits.Terrain) for a march of
// n steps: nil entries for the steps he does not state. Every problem is
// returned at once; with any, no statement is used.
func readStated(t *terrainChart, entries []string, n int, stepRef func(i int) string) ([]*statedTerrain, []*engine.RuleError) {
	if len(entries) == 0 {
		return nil, nil
	}
	if t == nil {
		return nil, []*engine.RuleError{moveRule("move.terrain", "terrain: names rows of the terrain cost chart (gcacw.terrain-costs), and this game keeps none",
			"Leave terrain: out: without the chart a march's movement points are not counted (the umpire loads the chart before /game start: /chart load)", "")}
	}
	var broken []*engine.RuleError
	if len(entries) != n {
		broken = append(broken, moveRule("move.terrain", fmt.Sprintf("terrain: gives %d %s for a march of %d %s", len(entries), pluralOf(len(entries), "entry", "entries"), n, pluralOf(n, "step", "steps")),
			"Give one entry per step, in the path's order, separated by ; (- for a step you do not state)", ""))
	}
	out := make([]*statedTerrain, len(entries))
	var unknown []string
	for i, entry := range entries {
		entry = strings.TrimSpace(entry)
		if entry == "" || entry == "-" {
			continue
		}
		st := &statedTerrain{}
		var rows []string
		for _, part := range strings.Split(entry, "+") {
			part = strings.TrimSpace(part)
			if part == "" {
				continue
			}
			r := t.find(part)
			if r == nil {
				unknown = append(unknown, fmt.Sprintf("%q", part))
				continue
			}
			switch r.Kind {
			case TerrainHex:
				if st.hex != "" && st.hex != r.Name {
					where := fmt.Sprintf("step %d", i+1)
					if i < n {
						where += " (" + stepRef(i) + ")"
					}
					broken = append(broken, moveRule("move.terrain", fmt.Sprintf("terrain: %s names two hex terrains, %s and %s", where, st.hex, r.Name),
						"A hex has one terrain: give it once, with what the step crosses (Woods + hexside: Creek)", ""))
				}
				st.hex = r.Name
			case TerrainRoad:
				st.roads = addFeature(st.roads, r.Name)
			case TerrainHexside:
				st.sides = addFeature(st.sides, r.Name)
			}
			if !slices.Contains(rows, r.label()) {
				rows = append(rows, r.label())
			}
		}
		st.text = strings.Join(rows, " + ")
		if st.text != "" {
			out[i] = st
		}
	}
	if len(unknown) > 0 {
		broken = append(broken, moveRule("move.terrain", fmt.Sprintf("terrain: %s %s not on the terrain cost chart", strings.Join(unknown, ", "), pluralOf(len(unknown), "is", "are")),
			"Name its rows, as it prints them: "+t.rowNames(), ""))
	}
	if len(broken) > 0 {
		return nil, broken
	}
	return out, nil
}

// terrainOf is what the step from prev into h enters and crosses: the
// layer's reading, with the mover's statement (nil: none) where the layer
// is silent. A statement the layer contradicts is refused, naming both
// readings; one that leaves the hex's terrain unknown (no road either) too.
func terrainOf(layer *engine.TerrainLayer, prev, h engine.Hex, st *statedTerrain, step int, ref func(engine.Hex) string) (stepTerrain, *engine.RuleError) {
	var out stepTerrain
	lt, hexKnown := layer.Terrain(h)
	features := layer.Hexside(prev, h)
	knows := layer.Knows(prev, h)
	out.hex = lt
	var layerSays []string
	for _, f := range features {
		switch {
		case f == engine.FeatureRailroad: // not a road for a march (8.2)
		case engine.LineFeature(f):
			out.roads = append(out.roads, f)
			layerSays = append(layerSays, f)
		default:
			out.sides = append(out.sides, f)
			layerSays = append(layerSays, f)
		}
	}
	// As before statements: the layer prices a step whose hex it names
	// and whose hexside it speaks for, or names features on.
	out.known = hexKnown && (knows || len(features) > 0)
	if st == nil {
		return out, nil
	}
	var clash []string
	if hexKnown && st.hex != "" && featureKey(st.hex) != featureKey(lt) {
		clash = append(clash, "the hex")
	}
	if knows {
		for _, f := range append(slices.Clone(st.roads), st.sides...) {
			if !slices.ContainsFunc(features, func(x string) bool { return featureKey(x) == featureKey(f) }) {
				clash = append(clash, "the hexside")
				break
			}
		}
	}
	if len(clash) > 0 {
		layer := "the hex's terrain not given"
		if hexKnown {
			layer = lt
		}
		switch {
		case knows && len(layerSays) == 0:
			layer += ", nothing on the hexside crossed"
		case len(layerSays) > 0:
			layer += " + " + strings.Join(layerSays, " + ")
		}
		return out, moveRule("move.terrain", fmt.Sprintf("terrain: step %d into %s: you state %s; the terrain layer has %s", step, ref(h), st.text, layer),
			"The layer decides what it knows: state only what it is silent on, or - for the step (/terrain show at:<hex>)", "")
	}
	if hexKnown && knows {
		return out, nil // the layer knows the whole step: the statement agrees, and adds nothing
	}
	if !hexKnown {
		out.hex = st.hex
	}
	for _, r := range st.roads {
		out.roads = addFeature(out.roads, r)
	}
	for _, s := range st.sides {
		out.sides = addFeature(out.sides, s)
	}
	out.stated = true
	out.known = out.hex != "" || len(out.roads) > 0
	if !out.known {
		return out, moveRule("move.terrain", fmt.Sprintf("terrain: step %d into %s: you state %s, but not the terrain of the hex entered, which the terrain layer does not know", step, ref(h), st.text),
			"Add the hex's terrain (Woods + hexside: Creek) or the road the step follows", "")
	}
	return out, nil
}

// addFeature appends s unless the list has it already (compared as
// features are).
func addFeature(list []string, s string) []string {
	if slices.ContainsFunc(list, func(x string) bool { return featureKey(x) == featureKey(s) }) {
		return list
	}
	return append(list, s)
}

func pluralOf(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
