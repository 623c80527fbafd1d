package scenarios

import (
	"strings"
	"testing"
	"testing/fstest"
)

func TestOrderOfBattleLoader(t *testing.T) {
	ts, err := Theatres()
	if err != nil {
		t.Fatal(err)
	}
	good := "# test\ngame: lrtg\nside: usa\ntime_chits: 3\nunits:\n" +
		"  - {id: usa.sedgwick, name: Sedgwick, kind: leader, size: corps, command: VI, hex: SS4929, source: t}\n" +
		"  - {id: usa.wright, name: Wright, kind: infantry, size: division, command: VI, manpower: 9, hex: SS4929, source: t}\n" +
		"  - {id: usa.lockwood, name: Lockwood, kind: infantry, command: XII, manpower: 3, track: reinforcement, entry: HE2050, source: t}\n" +
		"depots:\n  - {place: Harpers Ferry, source: t}\n"
	variant := "# test\ngame: lrtg\nvariant: jackson-lives\nside: csa\nunits:\n" +
		"  - {id: csa.jackson, name: Jackson, kind: leader, command: \"2\", hex: SS4430, source: t}\n"
	fsys := fstest.MapFS{"oob/usa.yaml": {Data: []byte(good)}, "oob/jl.yaml": {Data: []byte(variant)}}
	os, err := loadOrders(fsys, "oob", ts)
	if err != nil {
		t.Fatal(err)
	}
	o := os["lrtg"]
	if o == nil || o.Count("usa", "") != 3 || o.Count("usa", "infantry") != 2 || o.Chits["usa"] != 3 || len(o.Depots) != 1 {
		t.Fatalf("lrtg = %+v", o)
	}
	w := o.Unit("usa.wright")
	if !w.OnMap || w.Ref.String() != "SS4929" || w.Manpower != 9 {
		t.Errorf("wright = %+v", w)
	}
	if l := o.Unit("usa.lockwood"); l.OnMap || l.Track != "reinforcement" {
		t.Errorf("lockwood = %+v", l)
	}
	jl := os["lrtg/jackson-lives"]
	if jl == nil || jl.Unit("csa.jackson") == nil || jl.Count("usa", "") != 3 {
		t.Fatalf("the variant keeps the Union set-up and replaces the Confederate one: %+v", jl)
	}
	bad := map[string]string{
		"leader with manpower": "  - {id: usa.x, name: X, kind: leader, manpower: 3, hex: SS4929, source: t}\n",
		"no source":            "  - {id: usa.x, name: X, kind: infantry, hex: SS4929}\n",
		"wrong side prefix":    "  - {id: csa.x, name: X, kind: infantry, hex: SS4929, source: t}\n",
		"bad hex":              "  - {id: usa.x, name: X, kind: infantry, hex: SS9999, source: t}\n",
		"hex and track":        "  - {id: usa.x, name: X, kind: infantry, hex: SS4929, track: wv, source: t}\n",
		"unknown kind":         "  - {id: usa.x, name: X, kind: zeppelin, hex: SS4929, source: t}\n",
	}
	for name, unit := range bad {
		f := fstest.MapFS{"oob/u.yaml": {Data: []byte("# t\ngame: lrtg\nside: usa\nunits:\n" + unit)}}
		if _, err := loadOrders(f, "oob", ts); err == nil || !strings.Contains(err.Error(), "order of battle") {
			t.Errorf("%s: %v", name, err)
		}
	}
}

func TestShippedOrdersOfBattleLoad(t *testing.T) {
	if _, err := OrdersOfBattle(); err != nil {
		t.Fatal(err)
	}
}
