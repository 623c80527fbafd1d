package engine

import (
	"sort"
	"strings"
)

// Chart is a rules chart that is looked up rather than rolled: a grid of
// cells with column headings (victory points per county, levy victuals,
// turn records...).
type Chart struct {
	ID      string
	Game    Game
	Title   string
	Source  string
	Columns []string
	Rows    [][]string
	Notes   string
}

// Rule is a short summary of a rules section in our own words, with where
// it falls in the sequence of play.
type Rule struct {
	Game    Game
	Section string // as printed: "21.2", "VIII 1)", "Random Events"
	Title   string
	Summary string
	Phase   string // where it falls in the sequence of play; empty when it does not
	Source  string
}

// Library is every table, chart and rule summary of the games, indexed.
type Library struct {
	Tables []*Table
	Charts []*Chart
	Rules  []*Rule
	Slots  []*ChartSlot
}

// Slot returns the chart slot with the given id, or nil.
func (l *Library) Slot(id string) *ChartSlot {
	for _, s := range l.Slots {
		if s.ID == id {
			return s
		}
	}
	return nil
}

// Table returns the table with the given id, or nil.
func (l *Library) Table(id string) *Table {
	for _, t := range l.Tables {
		if t.ID == id {
			return t
		}
	}
	return nil
}

// Chart returns the chart with the given id, or nil.
func (l *Library) Chart(id string) *Chart {
	for _, c := range l.Charts {
		if c.ID == id {
			return c
		}
	}
	return nil
}

// Match is a search hit for autocomplete: a value and its label.
type Match struct {
	Value string
	Label string
}

// search ranks items by how well query matches their id and title: exact
// id, then id prefix, then words contained; at most limit results.
func search(query string, limit int, items []Match) []Match {
	q := strings.ToLower(strings.TrimSpace(query))
	type scored struct {
		m     Match
		score int
	}
	var hits []scored
	for _, it := range items {
		id, label := strings.ToLower(it.Value), strings.ToLower(it.Label)
		score := 0
		switch {
		case q == "":
			score = 1
		case id == q:
			score = 4
		case strings.HasPrefix(id, q) || strings.HasPrefix(label, q):
			score = 3
		default:
			score = 2
			for _, w := range strings.Fields(q) {
				if !strings.Contains(id, w) && !strings.Contains(label, w) {
					score = 0
					break
				}
			}
		}
		if score > 0 {
			hits = append(hits, scored{it, score})
		}
	}
	if len(hits) == 0 && len(q) >= 3 {
		// Nothing contains the words: suggest near misses (typos).
		for _, it := range items {
			id := strings.ToLower(it.Value)
			if _, tail, ok := strings.Cut(id, "."); ok {
				id = tail
			}
			if d := editDistance(q, id); d <= max(1, len(q)/4) {
				hits = append(hits, scored{it, 1})
			}
		}
	}
	sort.SliceStable(hits, func(i, j int) bool { return hits[i].score > hits[j].score })
	out := make([]Match, 0, min(limit, len(hits)))
	for i := 0; i < len(hits) && i < limit; i++ {
		out = append(out, hits[i].m)
	}
	return out
}

// SearchTables returns the tables matching query, best first.
func (l *Library) SearchTables(query string, limit int) []Match {
	items := make([]Match, len(l.Tables))
	for i, t := range l.Tables {
		items[i] = Match{Value: t.ID, Label: strings.ToUpper(string(t.Game)) + ": " + t.Title}
	}
	return search(query, limit, items)
}

// SearchCharts returns the charts and chart slots matching query, best
// first.
func (l *Library) SearchCharts(query string, limit int) []Match {
	items := make([]Match, 0, len(l.Charts)+len(l.Slots))
	for _, c := range l.Charts {
		items = append(items, Match{Value: c.ID, Label: strings.ToUpper(string(c.Game)) + ": " + c.Title})
	}
	for _, s := range l.Slots {
		items = append(items, Match{Value: s.ID, Label: strings.ToUpper(string(s.Game)) + ": " + s.Title + " (your copy)"})
	}
	return search(query, limit, items)
}

// SearchSlots returns the chart slots matching query, best first.
func (l *Library) SearchSlots(query string, limit int) []Match {
	items := make([]Match, len(l.Slots))
	for i, s := range l.Slots {
		items[i] = Match{Value: s.ID, Label: strings.ToUpper(string(s.Game)) + ": " + s.Title}
	}
	return search(query, limit, items)
}

// SearchRules returns the rule summaries matching query, best first; the
// value is "game:section".
func (l *Library) SearchRules(query string, limit int) []Match {
	items := make([]Match, len(l.Rules))
	for i, r := range l.Rules {
		items[i] = Match{Value: string(r.Game) + ":" + r.Section, Label: strings.ToUpper(string(r.Game)) + " " + r.Section + " " + r.Title}
	}
	return search(query, limit, items)
}

// Rule finds a rule summary by "game:section", by section alone when only
// one game has it, or by title.
func (l *Library) Rule(key string) []*Rule {
	k := strings.ToLower(strings.TrimSpace(key))
	var out []*Rule
	for _, r := range l.Rules {
		full := strings.ToLower(string(r.Game) + ":" + r.Section)
		if k == full || k == strings.ToLower(r.Section) || k == strings.ToLower(r.Title) {
			out = append(out, r)
		}
	}
	return out
}

// editDistance is the Levenshtein distance between a and b.
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}
