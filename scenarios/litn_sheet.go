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
// Errors name the line and the leader at fault, every one at once. The
// sheet it returns is not yet checked against the rules: litn.ValidateSheet
// does that (the /sheet load command runs both, and reports the problems
// of both at once: ReadLITNSheet).
func ParseLITNSheet(b []byte) (*litn.Sheet, error) {
	s, probs, err := ReadLITNSheet(b)
	if err != nil {
		return nil, err
	}
	probs = append(probs, s.MissingProblems()...)
	if len(probs) > 0 {
		return nil, errors.New(strings.Join(probs, "; "))
	}
	return s, nil
}

// ReadLITNSheet reads a record sheet file as far as it can (issue 22,
// LITN set-up 4: "sheets that report all missing fields at once"): the
// sheet, and what in the file is wrong as a file (an unknown field, a value
// of the wrong kind, no source), each with its line. A field the file
// leaves out is marked on the sheet (SheetLeader.Missing,
// SheetArrival.NoTurn) for litn.ValidateSheet to report with the rest;
// such a sheet is for checking, never for loading. err is only for a file
// that is not YAML at all (or empty): then nothing more can be read.
func ReadLITNSheet(b []byte) (*litn.Sheet, []string, error) {
	var d litnSheetDoc
	dec := yaml.NewDecoder(bytes.NewReader(b))
	dec.KnownFields(true)
	var probs []string
	if err := dec.Decode(&d); err != nil {
		if errors.Is(err, io.EOF) {
			return nil, nil, fmt.Errorf("the file is empty")
		}
		var te *yaml.TypeError
		if !errors.As(err, &te) {
			return nil, nil, fmt.Errorf("%s", litnSheetMessage(err.Error()))
		}
		// yaml.v3 goes on past a value of the wrong kind or an unknown
		// field: every one is listed, and the rest of the file is read.
		for _, m := range te.Errors {
			probs = append(probs, litnSheetMessage(m))
		}
	}
	lines := leaderLines(b)
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
		for _, r := range []struct {
			name string
			v    *int
			to   *int
		}{{"command", l.Command, &sl.Command}, {"initiative", l.Initiative, &sl.Initiative}, {"combat_bonus", l.CombatBonus, &sl.CombatBonus}, {"rank", l.Rank, &sl.Rank}} {
			if r.v == nil {
				sl.Missing = append(sl.Missing, r.name)
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
				sa.NoTurn = true
			}
			for _, h := range a.Hexes {
				sa.Hexes = append(sa.Hexes, strings.TrimSpace(h))
			}
			sl.Arrives = append(sl.Arrives, sa)
		}
		s.Leaders = append(s.Leaders, sl)
	}
	return s, probs, nil
}

// litnSheetMessage words one of yaml.v3's messages about a sheet file for
// the umpire: the field or value at fault and what would be right.
func litnSheetMessage(m string) string {
	msg := litnSheetFieldRE.ReplaceAllStringFunc(m, func(m string) string {
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
	return yamlMessage(errors.New(msg))
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
