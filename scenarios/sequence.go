package scenarios

import (
	"embed"
	"fmt"
	"io/fs"
	"path"
	"regexp"

	"github.com/umpire-games/umpire/engine"
)

// The sequences of play (sequence/*.yaml): each game's steps in order.

//go:embed sequence/*.yaml
var sequenceFS embed.FS

type sequenceDoc struct {
	Game string `yaml:"game"`
	// Book is the rule book the steps' bare section numbers cite in a
	// step's label ("LRTG": "3.1" is cited "LRTG 3.1"); empty when every
	// rule names its book.
	Book  string    `yaml:"book"`
	Steps []stepDoc `yaml:"steps"`
}

type stepDoc struct {
	ID     string `yaml:"id"`
	Phase  string `yaml:"phase"`
	Name   string `yaml:"name"`
	Rule   string `yaml:"rule"`
	When   string `yaml:"when"`
	Source string `yaml:"source"`
}

// A phase number and a letter (LRTG, LRTA: 1a), or a phase letter and a
// number (LITN 3.1: A1, C).
var stepIDRE = regexp.MustCompile(`^([1-9][a-z]?|[A-H][1-9]?)$`)

// Sequences returns each game's sequence of play.
func Sequences() (map[engine.Game]*engine.Sequence, error) {
	return loadSequences(sequenceFS, "sequence")
}

func loadSequences(fsys fs.FS, dir string) (map[engine.Game]*engine.Sequence, error) {
	names, err := fs.Glob(fsys, path.Join(dir, "*.yaml"))
	if err != nil {
		return nil, err
	}
	out := map[engine.Game]*engine.Sequence{}
	for _, name := range names {
		var d sequenceDoc
		if err := readDataFile(fsys, name, &d); err != nil {
			return nil, err
		}
		g := engine.Game(d.Game)
		if out[g] != nil {
			return nil, fmt.Errorf("scenarios: %s: a second sequence of play for %s", name, d.Game)
		}
		seq := &engine.Sequence{Game: g}
		seen := map[string]bool{}
		for i, s := range d.Steps {
			switch {
			case !stepIDRE.MatchString(s.ID):
				return nil, fmt.Errorf("scenarios: %s: step %d: id %q is not a phase number and a letter, e.g. 1a", name, i+1, s.ID)
			case seen[s.ID]:
				return nil, fmt.Errorf("scenarios: %s: step %s twice", name, s.ID)
			case s.Phase == "" || s.Name == "" || s.Rule == "" || s.Source == "":
				return nil, fmt.Errorf("scenarios: %s: step %s needs phase, name, rule and source", name, s.ID)
			case i > 0 && s.ID[0] < d.Steps[i-1].ID[0]:
				return nil, fmt.Errorf("scenarios: %s: step %s comes after %s", name, s.ID, d.Steps[i-1].ID)
			}
			if err := engine.CheckCondition(s.When); err != nil {
				return nil, fmt.Errorf("scenarios: %s: step %s: %w", name, s.ID, err)
			}
			seen[s.ID] = true
			seq.Steps = append(seq.Steps, engine.Step{ID: s.ID, Phase: s.Phase, Name: s.Name, Rule: s.Rule, Book: d.Book, When: s.When, Source: s.Source})
		}
		if len(seq.Steps) == 0 {
			return nil, fmt.Errorf("scenarios: %s: no steps", name)
		}
		out[g] = seq
	}
	return out, nil
}
