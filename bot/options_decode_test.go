package bot

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
)

type decodeSample struct {
	Mode    string   `opt:"mode,lower" one:"normal|rail"`
	Text    string   `opt:"text,raw"`
	Fatigue int      `opt:"fatigue"`
	Hexes   int      `opt:"hexes" default:"-1" min:"0" bad:"comms.hexes|%q is not a distance|hexes:<0 or more>"`
	Passive bool     `opt:"passive"`
	Units   []string `opt:"units"`
	Rules   []int    `opt:"optional"`
	Side    string   `opt:"side,required"`
	skipped string
}

func TestDecodeOptionsFills(t *testing.T) {
	req := Request{Command: "move", Options: map[string]string{"mode": " Rail ", "text": " a b ", "fatigue": "3", "passive": "true",
		"units": "Hood, ,Pickett", "optional": "18, 19 23", "side": " csa "}}
	var got decodeSample
	if err := decodeOptions(req, &got); err != nil {
		t.Fatal(err)
	}
	want := decodeSample{Mode: "rail", Text: " a b ", Fatigue: 3, Hexes: -1, Passive: true, Units: []string{"Hood", "Pickett"}, Rules: []int{18, 19, 23}, Side: "csa"}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got %+v, want %+v", got, want)
	}
}

// One problem keeps its own code and words (the refusals players and tests
// already read); several come in one refusal that lists them all.
func TestDecodeOptionsListsEveryProblem(t *testing.T) {
	var one decodeSample
	err := decodeOptions(Request{Command: "dispatch", Path: []string{"rule"}, Options: map[string]string{"side": "csa", "hexes": "far"}}, &one)
	var re *engine.RuleError
	if !errors.As(err, &re) || re.Code != "comms.hexes" || re.What != `"far" is not a distance` || re.Hint != "hexes:<0 or more>" || !errors.Is(err, engine.ErrInvalid) {
		t.Fatalf("one problem: %#v", err)
	}
	var many decodeSample
	err = decodeOptions(Request{Command: "move", Options: map[string]string{"mode": "fly", "fatigue": "x", "passive": "maybe", "optional": "18,y", "hexes": "-2"}}, &many)
	if !errors.As(err, &re) || re.Code != "option.value" {
		t.Fatalf("several problems: %#v", err)
	}
	for _, w := range []string{"6 problems with the options", `mode: "fly" is not one of normal, rail`, `fatigue must be a whole number, not "x"`,
		`passive must be true or false, not "maybe"`, `optional: "y" is not a whole number`, `"-2" is not a distance`, "The option side is missing"} {
		if !strings.Contains(re.What, w) {
			t.Errorf("refusal %q lacks %q", re.What, w)
		}
	}
}

// A pointer field tells an option given (even blank) from one left out.
func TestDecodeOptionsPointers(t *testing.T) {
	var o struct {
		Value *int    `opt:"value"`
		Unit  *string `opt:"unit,raw"`
		Other *string `opt:"other"`
	}
	if err := decodeOptions(Request{Options: map[string]string{"value": "4", "unit": ""}}, &o); err != nil {
		t.Fatal(err)
	}
	if o.Value == nil || *o.Value != 4 || o.Unit == nil || *o.Unit != "" || o.Other != nil {
		t.Fatalf("got value %v, unit %v, other %v", o.Value, o.Unit, o.Other)
	}
}

// An embedded struct's options are the command's own; a refusal's words
// may show the value unquoted (%s).
func TestDecodeOptionsEmbedded(t *testing.T) {
	type shared struct {
		Side string `opt:"side,lower" one:"csa|usa"`
	}
	var o struct {
		shared
		Points int `opt:"points" min:"1" bad:"x.points|points:%s is too few|points:1 or more"`
	}
	if err := decodeOptions(Request{Options: map[string]string{"side": " USA ", "points": "2"}}, &o); err != nil || o.Side != "usa" || o.Points != 2 {
		t.Fatalf("got %+v, %v", o, err)
	}
	err := decodeOptions(Request{Options: map[string]string{"side": "usx", "points": "0"}}, &o)
	var re *engine.RuleError
	if !errors.As(err, &re) || !strings.Contains(re.What, `side: "usx" is not one of csa, usa`) || !strings.Contains(re.What, "points:0 is too few") {
		t.Fatalf("got %#v", err)
	}
}
