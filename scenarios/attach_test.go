package scenarios

import (
	"reflect"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/umpire-games/umpire/engine"
)

// The substitute counters against 000 7.0 (line 607: "five 'substitute'
// infantry brigades and three 'substitute' cavalry regiments" a player)
// and 003's eight record rows a side; the brigades of optional rule 18
// against 000 18.1 (lines 1259-1261).
func TestSubstitutesMatchTheSeeds(t *testing.T) {
	all, err := Substitutes()
	if err != nil {
		t.Fatal(err)
	}
	s := all["lrtg"]
	if s == nil || len(all) != 1 {
		t.Fatalf("substitutes: %v", all)
	}
	for _, side := range []engine.Side{engine.CSA, engine.USA} {
		n := map[string]int{}
		var names []string
		for _, c := range s.Counters {
			if c.Side != side {
				continue
			}
			n[c.Kind+"/"+c.Size]++
			names = append(names, c.Name)
			if !strings.Contains(c.Source, "000 line 607") || !strings.Contains(c.Source, "003 line ") {
				t.Errorf("%s: source %q does not cite 000 7.0 and its 003 record row", c.ID, c.Source)
			}
		}
		if n["infantry/brigade"] != 5 || n["cavalry/regiment"] != 3 || len(names) != 8 {
			t.Errorf("%s counters: %v (7.0: five infantry brigades, three cavalry regiments; 003: Sub 1-8)", side, n)
		}
		want := []string{"Inf Sub 1", "Inf Sub 2", "Inf Sub 3", "Inf Sub 4", "Inf Sub 5", "Cav Sub 1", "Cav Sub 2", "Cav Sub 3"}
		if !reflect.DeepEqual(names, want) {
			t.Errorf("%s names %v, want %v (choice S1)", side, names, want)
		}
	}
	want := map[string][]string{
		"csa.anderson": {"Perry", "Posey", "Mahone", "Wilcox", "Wright"},
		"csa.early":    {"Gordon", "Hoke", "Smith", "Hays"},
		"csa.mclaws":   {"Kershaw", "Semmes", "Wofford", "Barksdale"},
	}
	leaders := map[string]string{"csa.anderson": "Anderson", "csa.early": "Early", "csa.mclaws": "McLaws"}
	if len(s.Divisions) != len(want) {
		t.Fatalf("divisions: %+v", s.Divisions)
	}
	for _, d := range s.Divisions {
		if !reflect.DeepEqual(d.Brigades, want[d.Division]) || d.Leader != leaders[d.Division] || !strings.Contains(d.Source, "18.1") {
			t.Errorf("%s: %s %v (%s)", d.Division, d.Leader, d.Brigades, d.Source)
		}
	}
}

// The divisions of 18.1 are the orders of battle's, in both set-ups:
// infantry divisions marked for the optional rule; no brigade counter
// shares a name with another Confederate unit.
func TestSubstituteDivisionsAreInTheOrdersOfBattle(t *testing.T) {
	all, err := Substitutes()
	if err != nil {
		t.Fatal(err)
	}
	orders, err := OrdersOfBattle()
	if err != nil {
		t.Fatal(err)
	}
	for _, key := range []string{"lrtg", "lrtg/jackson-lives"} {
		o := orders[key]
		if o == nil {
			t.Fatalf("no order of battle %s", key)
		}
		names := map[string]bool{}
		for _, u := range o.Units {
			if u.Side == engine.CSA {
				names[strings.ToLower(u.Name)] = true
			}
		}
		for _, d := range all["lrtg"].Divisions {
			u := o.Unit(d.Division)
			if u == nil || u.Kind != "infantry" || u.Size != "division" || u.Name != d.Leader || !slices.Contains(u.Marks, "optional-detachment") {
				t.Errorf("%s: %s is %+v", key, d.Division, u)
			}
			for _, b := range d.Brigades {
				if names[strings.ToLower(b)] {
					t.Errorf("%s: brigade %s has the name of a Confederate unit", key, b)
				}
			}
		}
		// Every unit the rules size needs a size; Haupt alone has none.
		r := all["lrtg"].WithOrder(o)
		for _, u := range o.Units {
			if (u.Kind == "infantry" || u.Kind == "cavalry" || u.Kind == "militia") && r.Sizes[u.ID] == "" && u.ID != "usa.haupt" {
				t.Errorf("%s: %s has no size", key, u.ID)
			}
		}
	}
}

func TestSubstitutesLoaderRefusesBadData(t *testing.T) {
	head := "# test\ngame: lrtg\nsource: t\n"
	counter := "counters:\n  - {id: csa.inf-sub-1, name: Inf Sub 1, side: csa, kind: infantry, size: brigade, source: t}\n"
	division := "divisions:\n  - {division: csa.mclaws, leader: McLaws, brigades: [Kershaw], source: t}\n"
	if s, err := loadSubstitutes(fstest.MapFS{"a/x.yaml": {Data: []byte(head + counter + division)}}, "a"); err != nil || len(s["lrtg"].Counters) != 1 {
		t.Fatalf("a good file: %v %v", s, err)
	}
	bad := map[string]string{
		"no header comment":            "game: lrtg\nsource: t\n" + counter,
		"an unknown field":             head + "counters:\n  - {id: csa.x, name: X, side: csa, kind: infantry, size: brigade, colour: red, source: t}\n",
		"no source":                    "# t\ngame: lrtg\n" + counter,
		"a counter with no source":     head + "counters:\n  - {id: csa.x, name: X, side: csa, kind: infantry, size: brigade}\n",
		"a side":                       head + "counters:\n  - {id: csa.x, name: X, side: rebels, kind: infantry, size: brigade, source: t}\n",
		"an id of the other side":      head + "counters:\n  - {id: usa.x, name: X, side: csa, kind: infantry, size: brigade, source: t}\n",
		"an artillery substitute":      head + "counters:\n  - {id: csa.x, name: X, side: csa, kind: artillery, size: battery, source: t}\n",
		"a cavalry brigade":            head + "counters:\n  - {id: csa.x, name: X, side: csa, kind: cavalry, size: brigade, source: t}\n",
		"a counter twice":              head + counter + "  - {id: csa.inf-sub-1, name: Other, side: csa, kind: infantry, size: brigade, source: t}\n",
		"a name twice":                 head + counter + "  - {id: csa.inf-sub-2, name: inf sub 1, side: csa, kind: infantry, size: brigade, source: t}\n",
		"a Union division":             head + "divisions:\n  - {division: usa.wright, leader: Wright, brigades: [A], source: t}\n",
		"no brigades":                  head + "divisions:\n  - {division: csa.early, leader: Early, brigades: [], source: t}\n",
		"a brigade twice":              head + "divisions:\n  - {division: csa.early, leader: Early, brigades: [Hays], source: t}\n  - {division: csa.mclaws, leader: McLaws, brigades: [hays], source: t}\n",
		"a brigade named as a counter": head + counter + "divisions:\n  - {division: csa.early, leader: Early, brigades: [Inf Sub 1], source: t}\n",
		"an unknown game":              "# t\ngame: chess\nsource: t\n",
	}
	for name, text := range bad {
		if _, err := loadSubstitutes(fstest.MapFS{"a/x.yaml": {Data: []byte(text)}}, "a"); err == nil {
			t.Errorf("%s: loaded", name)
		}
	}
	two := fstest.MapFS{"a/x.yaml": {Data: []byte(head + counter)}, "a/y.yaml": {Data: []byte(head)}}
	if _, err := loadSubstitutes(two, "a"); err == nil {
		t.Error("two files for one game: loaded")
	}
}
