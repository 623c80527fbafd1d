package scenarios

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// The movement allowance charts the umpire rolls on (lrtg.movement-allowance,
// lrta.movement-allowance; engine/lrtg/allowance.go) against the seeds'
// Normal Movement lines, typed again here as printed: 003 MOVEMENT and 004
// Movement, with the passive penalties of 000 4.2 / 004 "Impacts of Being
// Passive" (infantry -1, cavalry -2).

var seed003Normal = []string{
	"CSA Infantry = die +1",
	"CSA Infantry + Leader = die +2",
	"CSA Cavalry = two dice +1",
	"CSA Cavalry + Stuart = two dice +3",
	"USA Infantry = die",
	"USA AOP Infantry + Leader = die +1",
	"USA DC/BALT/HF/RR/PA/WV + Leader = die",
	"USA Cavalry = two dice",
	"USA Cavalry + Leader = two dice +1",
}

var seed004Normal = []string{
	"CSA Infantry = die +1",
	"CSA Infantry + Leader = die +2",
	"CSA Cavalry = two dice +1",
	"CSA Cavalry + Stuart = two dice +3",
	"USA Infantry = die",
	"USA AOP/ANV Infantry + Leader = die +1",
	"USA Cavalry = two dice",
	"USA Cavalry + Leader = two dice +1",
}

var seedLine = regexp.MustCompile(`^(CSA|USA) (?:([A-Z/]+) )?(Infantry|Cavalry)?\s*(?:\+ (Leader|Stuart) )?= (die|two dice)(?: \+(\d))?$`)

// seedRow reads a printed line as the chart's row: Side, Unit, With, Dice,
// Plus, Passive.
func seedRow(t *testing.T, line string) []string {
	t.Helper()
	m := seedLine.FindStringSubmatch(line)
	if m == nil {
		t.Fatalf("cannot read %q", line)
	}
	side, among, unit, with, dice, plus := m[1], m[2], m[3], m[4], m[5], m[6]
	if unit == "" {
		unit = "Infantry" // "USA DC/BALT/HF/RR/PA/WV + Leader": garrison infantry
	}
	w := "none"
	switch {
	case with == "Stuart":
		w = "Stuart"
	case with == "Leader" && among != "":
		w = "leader (" + among + ")"
	case with == "Leader":
		w = "leader"
	}
	n := "1"
	if dice == "two dice" {
		n = "2"
	}
	if plus == "" {
		plus = "0"
	}
	passive := map[string]string{"Infantry": "-1", "Cavalry": "-2"}[unit]
	return []string{side, unit, w, n, "+" + plus, passive}
}

// sameAmong compares "leader (AOP/ANV)" as printed with the chart's
// "leader (AoP, AoV)": the same names, case aside, with ANV read as the
// Army of Virginia (lrta-movement.yaml's header).
func sameAmong(printed, chart string) bool {
	norm := func(s string, sep string) []string {
		s = strings.TrimSuffix(strings.TrimPrefix(strings.ToUpper(s), "LEADER ("), ")")
		var out []string
		for _, x := range strings.Split(s, sep) {
			x = strings.TrimSpace(x)
			if x == "ANV" {
				x = "AOV"
			}
			out = append(out, x)
		}
		return out
	}
	return fmt.Sprint(norm(printed, "/")) == fmt.Sprint(norm(chart, ","))
}

func TestMovementAllowanceChartsAreTheSeeds(t *testing.T) {
	for _, c := range []struct {
		id    string
		lines []string
	}{{"lrtg.movement-allowance", seed003Normal}, {"lrta.movement-allowance", seed004Normal}} {
		ch := chart(t, c.id)
		if len(ch.Rows) != len(c.lines) {
			t.Fatalf("%s: %d rows, the seed prints %d lines", c.id, len(ch.Rows), len(c.lines))
		}
		if want := []string{"Side", "Unit", "With", "Dice", "Plus", "Passive"}; fmt.Sprint(ch.Columns) != fmt.Sprint(want) {
			t.Errorf("%s columns %v", c.id, ch.Columns)
		}
		for i, line := range c.lines {
			want, got := seedRow(t, line), ch.Rows[i]
			for j := range want {
				same := want[j] == got[j]
				if j == 2 && strings.HasPrefix(want[j], "leader (") {
					same = sameAmong(want[j], got[j])
				}
				if !same {
					t.Errorf("%s row %d %v: cell %d is %q, the seed's %q says %q", c.id, i+1, got, j, got[j], line, want[j])
				}
			}
			if _, err := strconv.Atoi(strings.TrimPrefix(got[4], "+")); err != nil {
				t.Errorf("%s row %d: plus %q", c.id, i+1, got[4])
			}
		}
	}
}

// The printed charts (/chart show) and the rolled ones say the same: the
// bonus of each line of lrtg.movement-dice ("1 die +2") and
// lrta.normal-movement is the allowance chart's.
func TestMovementAllowanceAgreesWithThePrintedCharts(t *testing.T) {
	for _, c := range []struct{ printed, rolled string }{
		{"lrtg.movement-dice", "lrtg.movement-allowance"},
		{"lrta.normal-movement", "lrta.movement-allowance"},
	} {
		p, r := chart(t, c.printed), chart(t, c.rolled)
		if len(p.Rows) != len(r.Rows) {
			t.Fatalf("%s has %d rows, %s %d", c.printed, len(p.Rows), c.rolled, len(r.Rows))
		}
		for i := range p.Rows {
			dice := "1 die"
			if r.Rows[i][3] == "2" {
				dice = "2 dice"
			}
			want := dice
			if r.Rows[i][4] != "+0" {
				want += " " + r.Rows[i][4]
			}
			if p.Rows[i][2] != want {
				t.Errorf("%s row %d says %q; %s row %d gives %q", c.printed, i+1, p.Rows[i][2], c.rolled, i+1, want)
			}
		}
	}
}
