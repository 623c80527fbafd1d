package scenarios

import (
	"bytes"
	"embed"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"path"
	"regexp"
	"slices"
	"sort"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/litn"
	"github.com/umpire-games/umpire/engine/lrtg"
)

// The rules data: one YAML file per group of tables, charts and rule
// summaries, each with its source in its header. docs/tables.md describes
// the format.
//
//go:embed rules/*.yaml
var rulesFS embed.FS

// Library loads and validates every table, chart and rule summary.
func Library() (*engine.Library, error) { return loadLibrary(rulesFS, "rules") }

type fileDoc struct {
	Tables []tableDoc `yaml:"tables"`
	Charts []chartDoc `yaml:"charts"`
	Rules  []ruleDoc  `yaml:"rules"`
	Slots  []slotDoc  `yaml:"slots"`
}

type slotDoc struct {
	ID          string   `yaml:"id"`
	Game        string   `yaml:"game"`
	Title       string   `yaml:"title"`
	Source      string   `yaml:"source"`
	Notes       string   `yaml:"notes"`
	Dice        string   `yaml:"dice"`
	Rows        []string `yaml:"rows"`
	RowsHelp    string   `yaml:"rows_help"`
	Columns     []string `yaml:"columns"`
	ColumnsHelp string   `yaml:"columns_help"`
	Cell        string   `yaml:"cell"`
	CellHelp    string   `yaml:"cell_help"`
	// ColumnBands: the copy's columns are numeric bands in these groups
	// (engine.ChartSlot.ColumnBands); RowBands: a looked-up copy's rows
	// are numeric bands, "open" or "from-start".
	ColumnBands []string `yaml:"column_bands"`
	RowBands    string   `yaml:"row_bands"`
	// ColumnBandsClosed: the last column band may be closed, where the
	// rules say what a value above it reads.
	ColumnBandsClosed bool `yaml:"column_bands_closed"`
	// ColumnCells and RowCells: the cells of a fixed column or row have
	// their own form (engine.ChartSlot.ColumnCells).
	ColumnCells map[string]cellFormDoc `yaml:"column_cells"`
	RowCells    map[string]cellFormDoc `yaml:"row_cells"`
}

type cellFormDoc struct {
	Cell string `yaml:"cell"`
	Help string `yaml:"help"`
}

// cellForms builds the per-row or per-column cell forms, each for one of
// the slot's fixed headings.
func cellForms(what string, docs map[string]cellFormDoc, fixed []string) (map[string]engine.CellForm, error) {
	if len(docs) == 0 {
		return nil, nil
	}
	out := map[string]engine.CellForm{}
	for name, d := range docs {
		if !slices.Contains(fixed, name) {
			return nil, fmt.Errorf("%s_cells: %q is not one of the slot's fixed %ss", what, name, what)
		}
		re, err := regexp.Compile(d.Cell)
		if err != nil || d.Help == "" {
			return nil, fmt.Errorf("%s_cells: %q needs a valid cell pattern and help (%v)", what, name, err)
		}
		out[name] = engine.CellForm{Cell: re, Help: d.Help}
	}
	return out, nil
}

type tableDoc struct {
	ID        string       `yaml:"id"`
	Game      string       `yaml:"game"`
	Title     string       `yaml:"title"`
	Source    string       `yaml:"source"`
	Notes     string       `yaml:"notes"`
	Dice      string       `yaml:"dice"`
	Facts     []factDoc    `yaml:"facts"`
	Modifiers []modDoc     `yaml:"modifiers"`
	Floor     *boundDoc    `yaml:"floor"`
	Ceiling   *boundDoc    `yaml:"ceiling"`
	Entries   []entryDoc   `yaml:"entries"`
	Outcomes  []outcomeDoc `yaml:"outcomes"`
	Sides     []sideDoc    `yaml:"sides"`
	Tie       *tieDoc      `yaml:"tie"`
}

type factDoc struct {
	Name        string   `yaml:"name"`
	Kind        string   `yaml:"kind"`
	Description string   `yaml:"description"`
	Values      []string `yaml:"values"`
	Min         int      `yaml:"min"`
	Max         int      `yaml:"max"`
}

type modDoc struct {
	Value  int      `yaml:"value"`
	Per    string   `yaml:"per"`
	When   *condDoc `yaml:"when"`
	Reason string   `yaml:"reason"`
}

type boundDoc struct {
	Value  int    `yaml:"value"`
	Reason string `yaml:"reason"`
}

type entryDoc struct {
	Roll      *int          `yaml:"roll"`
	Min       *int          `yaml:"min"`
	Max       *int          `yaml:"max"`
	Outcome   string        `yaml:"outcome"`
	Redirects []redirectDoc `yaml:"redirects"`
}

type redirectDoc struct {
	From   string  `yaml:"from"`
	When   condDoc `yaml:"when"`
	To     string  `yaml:"to"`
	Reason string  `yaml:"reason"`
}

type outcomeDoc struct {
	ID        string         `yaml:"id"`
	Name      string         `yaml:"name"`
	Effect    string         `yaml:"effect"`
	Values    map[string]int `yaml:"values"`
	Redirects []redirectDoc  `yaml:"redirects"`
}

type sideDoc struct {
	ID        string   `yaml:"id"`
	Name      string   `yaml:"name"`
	Modifiers []modDoc `yaml:"modifiers"`
}

type tieDoc struct {
	Fact   string `yaml:"fact"`
	Reason string `yaml:"reason"`
}

type condDoc struct {
	Fact string    `yaml:"fact"`
	Is   *bool     `yaml:"is"`
	Eq   yaml.Node `yaml:"eq"`
	Ne   yaml.Node `yaml:"ne"`
	Ge   *int      `yaml:"ge"`
	Gt   *int      `yaml:"gt"`
	Le   *int      `yaml:"le"`
	Lt   *int      `yaml:"lt"`
	All  []condDoc `yaml:"all"`
	Any  []condDoc `yaml:"any"`
	Not  *condDoc  `yaml:"not"`
}

type chartDoc struct {
	ID      string     `yaml:"id"`
	Game    string     `yaml:"game"`
	Title   string     `yaml:"title"`
	Source  string     `yaml:"source"`
	Columns []string   `yaml:"columns"`
	Rows    [][]string `yaml:"rows"`
	Notes   string     `yaml:"notes"`
}

type ruleDoc struct {
	Game    string `yaml:"game"`
	Section string `yaml:"section"`
	Title   string `yaml:"title"`
	Summary string `yaml:"summary"`
	Phase   string `yaml:"phase"`
	Source  string `yaml:"source"`
}

func loadLibrary(fsys fs.FS, dir string) (*engine.Library, error) {
	names, err := fs.Glob(fsys, path.Join(dir, "*.yaml"))
	if err != nil {
		return nil, err
	}
	sort.Strings(names)
	lib := &engine.Library{}
	ids := map[string]string{}
	for _, name := range names {
		var doc fileDoc
		if err := readDataFile(fsys, name, &doc); err != nil {
			return nil, err
		}
		claim := func(id string) error {
			if id == "" {
				return fmt.Errorf("scenarios: %s: an entry has no id", name)
			}
			if prev, ok := ids[id]; ok {
				return fmt.Errorf("scenarios: %s: id %q is also used in %s", name, id, prev)
			}
			ids[id] = name
			return nil
		}
		tables, err := buildAll(name, "table", doc.Tables, func(d tableDoc) string { return d.ID }, tableDoc.build, claim)
		if err != nil {
			return nil, err
		}
		charts, err := buildAll(name, "chart", doc.Charts, func(d chartDoc) string { return d.ID }, chartDoc.build, claim)
		if err != nil {
			return nil, err
		}
		slots, err := buildAll(name, "slot", doc.Slots, func(d slotDoc) string { return d.ID }, slotDoc.build, claim)
		if err != nil {
			return nil, err
		}
		lib.Tables = append(lib.Tables, tables...)
		lib.Charts = append(lib.Charts, charts...)
		lib.Slots = append(lib.Slots, slots...)
		for _, rd := range doc.Rules {
			r, err := rd.build()
			if err != nil {
				return nil, fmt.Errorf("scenarios: %s: rule %s: %w", name, rd.Section, err)
			}
			if err := claim("rule " + string(r.Game) + ":" + r.Section); err != nil {
				return nil, err
			}
			lib.Rules = append(lib.Rules, r)
		}
	}
	return lib, nil
}

// readDataFile decodes one data file strictly (unknown fields are
// errors), after checking that it starts with the comment naming its
// sources.
func readDataFile(fsys fs.FS, name string, v any) error {
	b, err := fs.ReadFile(fsys, name)
	if err != nil {
		return err
	}
	if !bytes.HasPrefix(bytes.TrimSpace(b), []byte("#")) {
		return fmt.Errorf("scenarios: %s: the file must start with a comment naming its sources", name)
	}
	dec := yaml.NewDecoder(bytes.NewReader(b))
	dec.KnownFields(true)
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("scenarios: %s: %w", name, err)
	}
	return nil
}

// buildAll claims each document's id and builds it, naming the file, the
// kind and the id in any error.
func buildAll[D, T any](file, kind string, docs []D, id func(D) string, build func(D) (T, error), claim func(string) error) ([]T, error) {
	out := make([]T, 0, len(docs))
	for _, d := range docs {
		if err := claim(id(d)); err != nil {
			return nil, err
		}
		v, err := build(d)
		if err != nil {
			return nil, fmt.Errorf("scenarios: %s: %s %s: %w", file, kind, id(d), err)
		}
		out = append(out, v)
	}
	return out, nil
}

func game(s string) (engine.Game, error) {
	g := engine.Game(s)
	if g != lrtg.LRTG && g != lrtg.LRTA && g != litn.ID {
		return "", fmt.Errorf("unknown game %q (lrtg, lrta or litn)", s)
	}
	return g, nil
}

func (d tableDoc) build() (*engine.Table, error) {
	if d.Title == "" || d.Source == "" {
		return nil, fmt.Errorf("title and source are required")
	}
	g, err := game(d.Game)
	if err != nil {
		return nil, err
	}
	x, err := engine.ParseDice(d.Dice)
	if err != nil {
		return nil, fmt.Errorf("dice: %v", err)
	}
	t := &engine.Table{ID: d.ID, Game: g, Title: d.Title, Source: d.Source, Notes: strings.TrimSpace(d.Notes), Dice: x}
	for _, f := range d.Facts {
		spec := engine.FactSpec{Name: f.Name, Kind: engine.FactKind(f.Kind), Description: f.Description, Values: f.Values, Min: f.Min, Max: f.Max}
		switch {
		case f.Name == "" || f.Description == "":
			return nil, fmt.Errorf("a fact needs a name and a description")
		case t.Fact(f.Name) != nil:
			return nil, fmt.Errorf("fact %s declared twice", f.Name)
		case spec.Kind == engine.FactEnum && len(f.Values) < 2:
			return nil, fmt.Errorf("enum fact %s needs values", f.Name)
		case spec.Kind == engine.FactInt && f.Max <= f.Min:
			return nil, fmt.Errorf("int fact %s needs min < max", f.Name)
		case spec.Kind != engine.FactBool && spec.Kind != engine.FactInt && spec.Kind != engine.FactEnum:
			return nil, fmt.Errorf("fact %s: kind %q is not bool, int or enum", f.Name, f.Kind)
		}
		t.Facts = append(t.Facts, spec)
	}
	if t.Modifiers, err = buildMods(t, d.Modifiers); err != nil {
		return nil, err
	}
	if d.Floor != nil {
		t.Floor = &engine.Bound{Value: d.Floor.Value, Reason: d.Floor.Reason}
	}
	if d.Ceiling != nil {
		t.Ceiling = &engine.Bound{Value: d.Ceiling.Value, Reason: d.Ceiling.Reason}
	}
	for _, o := range d.Outcomes {
		if o.ID == "" || o.Name == "" {
			return nil, fmt.Errorf("an outcome needs an id and a name")
		}
		if t.Outcome(o.ID) != nil {
			return nil, fmt.Errorf("outcome %s declared twice", o.ID)
		}
		t.Outcomes = append(t.Outcomes, engine.Outcome{ID: o.ID, Name: o.Name, Effect: strings.TrimSpace(o.Effect), Values: o.Values})
	}
	for i, o := range d.Outcomes {
		rs, err := buildRedirects(t, o.Redirects, o.ID)
		if err != nil {
			return nil, fmt.Errorf("outcome %s: %w", o.ID, err)
		}
		t.Outcomes[i].Redirects = rs
	}
	if len(d.Sides) > 0 {
		return t, buildContest(t, d)
	}
	for _, e := range d.Entries {
		en := engine.Entry{Min: math.MinInt, Max: math.MaxInt, Outcome: e.Outcome}
		switch {
		case e.Roll != nil && e.Min == nil && e.Max == nil:
			en.Min, en.Max = *e.Roll, *e.Roll
		case e.Roll == nil && (e.Min != nil || e.Max != nil):
			if e.Min != nil {
				en.Min = *e.Min
			}
			if e.Max != nil {
				en.Max = *e.Max
			}
		default:
			return nil, fmt.Errorf("an entry has roll, or min and/or max")
		}
		if t.Outcome(e.Outcome) == nil {
			return nil, fmt.Errorf("entry %s: no outcome %q", rangeText(en), e.Outcome)
		}
		if en.Redirects, err = buildRedirects(t, e.Redirects, e.Outcome); err != nil {
			return nil, fmt.Errorf("entry %s: %w", rangeText(en), err)
		}
		t.Entries = append(t.Entries, en)
	}
	return t, checkCoverage(t)
}

func rangeText(e engine.Entry) string {
	switch {
	case e.Min == e.Max:
		return fmt.Sprint(e.Min)
	case e.Min == math.MinInt:
		return fmt.Sprintf("%d or less", e.Max)
	case e.Max == math.MaxInt:
		return fmt.Sprintf("%d or more", e.Min)
	}
	return fmt.Sprintf("%d-%d", e.Min, e.Max)
}

// checkCoverage refuses a table where a possible total has no entry or
// more than one.
func checkCoverage(t *engine.Table) error {
	lo, hi := t.PossibleTotals()
	for v := lo; v <= hi; v++ {
		n := 0
		for _, e := range t.Entries {
			if v >= e.Min && v <= e.Max {
				n++
			}
		}
		if n != 1 {
			return fmt.Errorf("a total of %d (possible: %d to %d) matches %d entries, not 1", v, lo, hi, n)
		}
	}
	return nil
}

func buildMods(t *engine.Table, docs []modDoc) ([]engine.Modifier, error) {
	var out []engine.Modifier
	for _, m := range docs {
		if m.Reason == "" || m.Value == 0 {
			return nil, fmt.Errorf("a modifier needs a value and a reason")
		}
		mod := engine.Modifier{Value: m.Value, Reason: m.Reason}
		if m.Per != "" {
			f := t.Fact(m.Per)
			if f == nil || f.Kind != engine.FactInt {
				return nil, fmt.Errorf("modifier %q: per %q is not an int fact of the table", m.Reason, m.Per)
			}
			mod.Per = m.Per
		}
		if m.When != nil {
			c, err := buildCond(t, *m.When)
			if err != nil {
				return nil, fmt.Errorf("modifier %q: %w", m.Reason, err)
			}
			mod.When = &c
		}
		out = append(out, mod)
	}
	return out, nil
}

func buildRedirects(t *engine.Table, docs []redirectDoc, from string) ([]engine.Redirect, error) {
	var out []engine.Redirect
	for _, r := range docs {
		rd := engine.Redirect{From: r.From, To: r.To, Reason: r.Reason}
		if rd.From == "" {
			rd.From = from
		}
		if r.Reason == "" {
			return nil, fmt.Errorf("redirect to %s needs a reason", r.To)
		}
		if t.Outcome(rd.From) == nil || t.Outcome(rd.To) == nil {
			return nil, fmt.Errorf("redirect %s -> %s: no such outcome", rd.From, rd.To)
		}
		c, err := buildCond(t, r.When)
		if err != nil {
			return nil, fmt.Errorf("redirect %s -> %s: %w", rd.From, rd.To, err)
		}
		rd.When = c
		out = append(out, rd)
	}
	return out, nil
}

func buildContest(t *engine.Table, d tableDoc) error {
	if len(d.Entries) > 0 || len(d.Sides) != 2 || d.Tie == nil {
		return fmt.Errorf("a contest has two sides, a tie rule and no entries")
	}
	for _, sd := range d.Sides {
		if t.Outcome(sd.ID) == nil {
			return fmt.Errorf("side %s needs an outcome of the same id (what winning does)", sd.ID)
		}
		mods, err := buildMods(t, sd.Modifiers)
		if err != nil {
			return fmt.Errorf("side %s: %w", sd.ID, err)
		}
		t.Sides = append(t.Sides, engine.TableSide{ID: sd.ID, Name: sd.Name, Modifiers: mods})
	}
	f := t.Fact(d.Tie.Fact)
	if f == nil || f.Kind != engine.FactEnum || len(f.Values) != 2 || f.Values[0] != t.Sides[0].ID || f.Values[1] != t.Sides[1].ID {
		return fmt.Errorf("tie fact %q must be an enum of the side ids %s, %s", d.Tie.Fact, t.Sides[0].ID, t.Sides[1].ID)
	}
	t.TieFact, t.TieReason = d.Tie.Fact, d.Tie.Reason
	return nil
}

func buildCond(t *engine.Table, d condDoc) (engine.Condition, error) {
	var c engine.Condition
	forms := 0
	if d.All != nil {
		forms++
		for _, x := range d.All {
			y, err := buildCond(t, x)
			if err != nil {
				return c, err
			}
			c.All = append(c.All, y)
		}
	}
	if d.Any != nil {
		forms++
		for _, x := range d.Any {
			y, err := buildCond(t, x)
			if err != nil {
				return c, err
			}
			c.Any = append(c.Any, y)
		}
	}
	if d.Not != nil {
		forms++
		y, err := buildCond(t, *d.Not)
		if err != nil {
			return c, err
		}
		c.Not = &y
	}
	if d.Fact != "" {
		forms++
		f := t.Fact(d.Fact)
		if f == nil {
			return c, fmt.Errorf("condition on %q: not a fact of the table", d.Fact)
		}
		c.Fact = d.Fact
		ops := 0
		set := func(op string, v int) { c.Op, c.Value = op, v; ops++ }
		if d.Is != nil {
			if f.Kind != engine.FactBool {
				return c, fmt.Errorf("condition on %q: is: is for yes/no facts", d.Fact)
			}
			if *d.Is {
				set("true", 0)
			} else {
				set("false", 0)
			}
		}
		for op, n := range map[string]*yaml.Node{"eq": &d.Eq, "ne": &d.Ne} {
			if n.Kind == 0 {
				continue
			}
			v, err := f.Parse(n.Value)
			if err != nil {
				return c, fmt.Errorf("condition on %q: %v", d.Fact, err)
			}
			set(op, v)
		}
		for op, p := range map[string]*int{"ge": d.Ge, "gt": d.Gt, "le": d.Le, "lt": d.Lt} {
			if p == nil {
				continue
			}
			if f.Kind != engine.FactInt {
				return c, fmt.Errorf("condition on %q: %s is for number facts", d.Fact, op)
			}
			set(op, *p)
		}
		switch {
		case ops == 0 && f.Kind == engine.FactBool:
			set("true", 0)
		case ops != 1:
			return c, fmt.Errorf("condition on %q needs exactly one comparison", d.Fact)
		}
	}
	if forms != 1 {
		return c, fmt.Errorf("a condition is one of fact, all, any or not")
	}
	return c, nil
}

func (d chartDoc) build() (*engine.Chart, error) {
	g, err := game(d.Game)
	if err != nil {
		return nil, err
	}
	if d.Title == "" || d.Source == "" || len(d.Columns) == 0 || len(d.Rows) == 0 {
		return nil, fmt.Errorf("title, source, columns and rows are required")
	}
	for i, r := range d.Rows {
		if len(r) != len(d.Columns) {
			return nil, fmt.Errorf("row %d has %d cells for %d columns", i+1, len(r), len(d.Columns))
		}
	}
	return &engine.Chart{ID: d.ID, Game: g, Title: d.Title, Source: d.Source, Columns: d.Columns, Rows: d.Rows, Notes: strings.TrimSpace(d.Notes)}, nil
}

func (d ruleDoc) build() (*engine.Rule, error) {
	g, err := game(d.Game)
	if err != nil {
		return nil, err
	}
	if d.Section == "" || d.Title == "" || d.Summary == "" || d.Source == "" {
		return nil, fmt.Errorf("section, title, summary and source are required")
	}
	return &engine.Rule{Game: g, Section: d.Section, Title: d.Title, Summary: strings.TrimSpace(d.Summary), Phase: d.Phase, Source: d.Source}, nil
}

func (d slotDoc) build() (*engine.ChartSlot, error) {
	g, err := game(d.Game)
	if err != nil {
		return nil, err
	}
	if d.Title == "" || d.Source == "" || d.Cell == "" || d.CellHelp == "" {
		return nil, fmt.Errorf("title, source, cell and cell_help are required")
	}
	if (len(d.Rows) == 0) == (d.RowsHelp == "") || (len(d.Columns) == 0) == (d.ColumnsHelp == "") {
		return nil, fmt.Errorf("give rows or rows_help (when the copy names its rows), and columns or columns_help")
	}
	re, err := regexp.Compile(d.Cell)
	if err != nil {
		return nil, fmt.Errorf("cell: %v", err)
	}
	s := &engine.ChartSlot{ID: d.ID, Game: g, Title: d.Title, Source: d.Source, Notes: strings.TrimSpace(d.Notes),
		Columns: d.Columns, RowsHelp: d.RowsHelp, ColumnsHelp: d.ColumnsHelp, Cell: re, CellHelp: d.CellHelp,
		ColumnBands: d.ColumnBands, RowBands: d.RowBands, ColumnBandsClosed: d.ColumnBandsClosed}
	if d.Dice != "" {
		if s.Dice, err = engine.ParseDice(d.Dice); err != nil {
			return nil, fmt.Errorf("dice: %v", err)
		}
	}
	switch {
	case d.ColumnBandsClosed && len(d.ColumnBands) == 0:
		return nil, fmt.Errorf("column_bands_closed is for a slot with column_bands")
	case len(d.ColumnBands) > 0 && len(d.Columns) > 0:
		return nil, fmt.Errorf("column_bands are for columns the copy names (columns_help), not fixed columns")
	case d.RowBands != "" && d.RowBands != engine.BandsOpen && d.RowBands != engine.BandsFromStart:
		return nil, fmt.Errorf("row_bands is %q or %q, not %q", engine.BandsOpen, engine.BandsFromStart, d.RowBands)
	case d.RowBands != "" && (s.Rolled() || len(d.Rows) > 0):
		return nil, fmt.Errorf("row_bands are for a looked-up chart whose copy names its rows (a rolled chart's rows are bands already)")
	}
	if s.ColumnCells, err = cellForms("column", d.ColumnCells, d.Columns); err != nil {
		return nil, err
	}
	if s.RowCells, err = cellForms("row", d.RowCells, d.Rows); err != nil {
		return nil, err
	}
	groups := map[string]bool{}
	for _, gr := range d.ColumnBands {
		if groups[gr] || strings.TrimSpace(gr) != gr || strings.Contains(gr, " ") {
			return nil, fmt.Errorf("column band group %q: groups are distinct words", gr)
		}
		groups[gr] = true
	}
	seen := map[string]bool{}
	for _, label := range d.Rows {
		k := engine.ParseRowKey(label)
		if seen[k.Label] {
			return nil, fmt.Errorf("row %q twice", k.Label)
		}
		seen[k.Label] = true
		if s.Rolled() && k.Min == 0 && k.Max == 0 && k.Label != "0" {
			return nil, fmt.Errorf("row %q of a rolled chart must be a number or a range", k.Label)
		}
		s.Rows = append(s.Rows, k)
	}
	return s, nil
}

// chartFileDoc is a chart file as written (ParseChartFile).
type chartFileDoc struct {
	Chart   string    `yaml:"chart"`
	Columns yaml.Node `yaml:"columns"`
	Cells   yaml.Node `yaml:"cells"`
}

// ParseChartFile reads a group's copy of a printed chart: the chart's id,
// its column headings where the slot lets the copy name them, and its
// cells by row label, each with the line it is on. Cells may be written
// as numbers or text. Every row that cannot be read is reported at once,
// with its line (issue 22: one error per attempt made charts hard to get
// right).
//
//	chart: litn.command-broadcast
//	columns: ["1-4", "5-8", "9 or more"]
//	cells:
//	  "1 or less": [-1, -2, -3]
//	  "2-4": [Full, -1, -2]
//	  "5 or more": [Full, Full, -1]
func ParseChartFile(b []byte) (string, engine.ChartCopy, error) {
	var doc chartFileDoc
	dec := yaml.NewDecoder(bytes.NewReader(b))
	dec.KnownFields(true)
	if err := dec.Decode(&doc); err != nil {
		if errors.Is(err, io.EOF) {
			return "", engine.ChartCopy{}, fmt.Errorf("the chart file is empty")
		}
		// yamlMessage words yaml.v3's errors for a person (issue 11:
		// fuzzing found Go's struct type in the message).
		return "", engine.ChartCopy{}, fmt.Errorf("the chart file is not valid: %s", yamlMessage(err))
	}
	if doc.Chart == "" || doc.Cells.Kind != yaml.MappingNode || len(doc.Cells.Content) == 0 {
		return "", engine.ChartCopy{}, fmt.Errorf("the chart file needs chart: <id> and cells: with a row per line")
	}
	c := engine.ChartCopy{Cells: map[string][]string{}, Lines: map[string]int{}}
	var problems []string
	switch doc.Columns.Kind {
	case 0: // no columns: given
	case yaml.SequenceNode:
		c.ColumnsLine = doc.Columns.Line
		for _, n := range doc.Columns.Content {
			if n.Kind != yaml.ScalarNode {
				problems = append(problems, fmt.Sprintf("line %d: every column heading is a single value", n.Line))
				continue
			}
			c.Columns = append(c.Columns, n.Value)
		}
	default:
		problems = append(problems, fmt.Sprintf("line %d: give columns: as a list, e.g. [\"1-4\", \"5 or more\"]", doc.Columns.Line))
	}
	for i := 0; i+1 < len(doc.Cells.Content); i += 2 {
		key, list := doc.Cells.Content[i], doc.Cells.Content[i+1]
		row := key.Value
		if first, dup := c.Lines[row]; dup {
			problems = append(problems, fmt.Sprintf("line %d: row %q is given twice (first on line %d)", key.Line, row, first))
			continue
		}
		c.Lines[row] = key.Line
		if list.Kind != yaml.SequenceNode {
			problems = append(problems, fmt.Sprintf("line %d: row %q: give its cells as a list, e.g. [1, 2, 3]", key.Line, row))
			continue
		}
		cells := []string{}
		for _, n := range list.Content {
			if n.Kind != yaml.ScalarNode {
				problems = append(problems, fmt.Sprintf("line %d: row %q: every cell is a single value", n.Line, row))
				cells = nil
				break
			}
			cells = append(cells, n.Value)
		}
		if cells != nil {
			c.Cells[row] = cells
			c.Order = append(c.Order, row)
		}
	}
	switch {
	case len(problems) == 1:
		return "", engine.ChartCopy{}, errors.New(problems[0])
	case len(problems) > 1:
		return "", engine.ChartCopy{}, fmt.Errorf("the chart file has %d problems:\n- %s", len(problems), strings.Join(problems, "\n- "))
	}
	return doc.Chart, c, nil
}
