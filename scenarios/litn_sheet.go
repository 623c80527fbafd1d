package scenarios

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/litn"
)

// LITN Player Record Sheets (002 2.5, 6, 15): the file a group types from
// its own copy of a printed sheet, one side of one scenario
// (docs/litn-record-sheet.md; docs/litn-record-sheet-template.yaml is a
// template). It is read here as strictly as the shipped data (an unknown
// field is refused, every rating must be given); the engine checks what
// it says against 002, the scenario and the LITN map
// (litn.ValidateSheet). No sheet is shipped: the printed sheets are
// not in the seeds, and the fixtures under testdata/litn are invented for
// the tests.

type litnSheetDoc struct {
	Game         string          `yaml:"game"`
	Scenario     string          `yaml:"scenario"`
	Side         string          `yaml:"side"`
	Source       string          `yaml:"source"`
	Instructions string          `yaml:"instructions"`
	Leaders      []litnLeaderDoc `yaml:"leaders"`
}

type litnLeaderDoc struct {
	ID            string           `yaml:"id"`
	Name          string           `yaml:"name"`
	Role          string           `yaml:"role"`
	Troops        string           `yaml:"troops"`
	Strength      *int             `yaml:"strength"`
	Command       *int             `yaml:"command"`
	Initiative    *int             `yaml:"initiative"`
	CombatBonus   *int             `yaml:"combat_bonus"`
	Rank          *int             `yaml:"rank"`
	SubordinateTo string           `yaml:"subordinate_to"`
	Hex           string           `yaml:"hex"`
	Arrives       []litnArrivalDoc `yaml:"arrives"`
	OffMapHex     string           `yaml:"off_map_hex"`
	Notes         string           `yaml:"notes"`
	Source        string           `yaml:"source"`
}

type litnArrivalDoc struct {
	Turn  *int     `yaml:"turn"`
	Hexes []string `yaml:"hexes"`
	By    string   `yaml:"by"`
}

// litnSheetShapeRE matches yaml.v3's message for a mapping where a list
// belongs, or the other way round.
var litnSheetShapeRE = regexp.MustCompile(`cannot unmarshal !!(map|seq) into (\[\])?scenarios\.\w+`)

// A field's name may have spaces or line breaks (issue 11: fuzzing).
var litnSheetFieldRE = regexp.MustCompile(`field ((?s:.*?)) not found in type scenarios\.(\w+)`)

// ParseLITNSheet reads a record sheet file strictly: known fields only,
// the four ratings of every leader given (002 6), a source for the sheet.
// Errors name the line and the leader at fault. The sheet it returns is
// not yet checked against the rules: litn.ValidateSheet does that
// (the /sheet load command runs both).
func ParseLITNSheet(b []byte) (*litn.Sheet, error) {
	var d litnSheetDoc
	dec := yaml.NewDecoder(bytes.NewReader(b))
	dec.KnownFields(true)
	if err := dec.Decode(&d); err != nil {
		if errors.Is(err, io.EOF) {
			return nil, fmt.Errorf("the file is empty")
		}
		msg := litnSheetFieldRE.ReplaceAllStringFunc(err.Error(), func(m string) string {
			sub := litnSheetFieldRE.FindStringSubmatch(m)
			what := map[string]string{
				"litnSheetDoc":   "a top-level field (game, scenario, side, source, instructions, leaders)",
				"litnLeaderDoc":  "a leader field (id, name, role, troops, strength, command, initiative, combat_bonus, rank, subordinate_to, hex, arrives, off_map_hex, notes, source)",
				"litnArrivalDoc": "an arrival field (turn, hexes, by)",
			}[sub[2]]
			return fmt.Sprintf("field %s is not %s", sub[1], what)
		})
		msg = litnSheetShapeRE.ReplaceAllStringFunc(msg, func(m string) string {
			if strings.Contains(m, "[]") {
				return "this is not a list: write it as a list (lines starting with -)"
			}
			return "this is not a mapping: write it as field: value lines"
		})
		return nil, fmt.Errorf("%s", yamlMessage(errors.New(msg)))
	}
	lines := leaderLines(b)
	var probs []string
	if d.Source == "" {
		probs = append(probs, "source: say where the sheet comes from (e.g. \"our copy of the printed Player Record Sheet, scenario 1\")")
	}
	s := &litn.Sheet{Game: engine.Game(strings.ToLower(strings.TrimSpace(d.Game))), Scenario: strings.TrimSpace(d.Scenario),
		Side: engine.Side(strings.ToLower(strings.TrimSpace(d.Side))), Source: d.Source, Instructions: d.Instructions}
	for i, l := range d.Leaders {
		sl := litn.SheetLeader{ID: strings.TrimSpace(l.ID), Name: strings.TrimSpace(l.Name), Role: strings.TrimSpace(l.Role),
			Troops: strings.TrimSpace(l.Troops), SubordinateTo: strings.TrimSpace(l.SubordinateTo), Hex: strings.TrimSpace(l.Hex),
			OffMapHex: strings.TrimSpace(l.OffMapHex), Notes: l.Notes, Source: l.Source}
		if i < len(lines) {
			sl.Line = lines[i]
		}
		where := "leader " + sl.ID
		if sl.Line > 0 {
			where = fmt.Sprintf("line %d: %s", sl.Line, sl.ID)
		}
		for _, r := range []struct {
			name string
			v    *int
			to   *int
		}{{"command", l.Command, &sl.Command}, {"initiative", l.Initiative, &sl.Initiative}, {"combat_bonus", l.CombatBonus, &sl.CombatBonus}, {"rank", l.Rank, &sl.Rank}} {
			if r.v == nil {
				probs = append(probs, fmt.Sprintf("%s: %s is missing: give the rating printed for the leader (002 6)", where, r.name))
				continue
			}
			*r.to = *r.v
		}
		if l.Strength != nil {
			sl.Strength = *l.Strength
		}
		for _, a := range l.Arrives {
			sa := litn.SheetArrival{By: strings.TrimSpace(a.By)}
			if a.Turn != nil {
				sa.Turn = *a.Turn
			} else if sa.By != litn.SheetByHookerOut {
				probs = append(probs, fmt.Sprintf("%s: an arrival needs its turn (turn:)", where))
			}
			for _, h := range a.Hexes {
				sa.Hexes = append(sa.Hexes, strings.TrimSpace(h))
			}
			sl.Arrives = append(sl.Arrives, sa)
		}
		s.Leaders = append(s.Leaders, sl)
	}
	if len(probs) > 0 {
		return nil, errors.New(strings.Join(probs, "; "))
	}
	return s, nil
}

// leaderLines is the line where each leader of the file starts.
func leaderLines(b []byte) []int {
	var root yaml.Node
	if err := yaml.Unmarshal(b, &root); err != nil || len(root.Content) == 0 {
		return nil
	}
	seq := mapValue(root.Content[0], "leaders")
	if seq == nil {
		return nil
	}
	out := make([]int, len(seq.Content))
	for i, n := range seq.Content {
		out[i] = n.Line
	}
	return out
}
