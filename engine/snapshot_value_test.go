package engine

import (
	"reflect"
	"strings"
	"testing"
)

// valueFixture is an invented state of the kind a ruleset keeps: a map
// keyed by a struct (which JSON cannot write), a pointer, a slice.
type valueFixture struct {
	At      map[Hex]string
	Count   map[Side]int
	Leader  *UnitState
	Order   []string
	Turn    int
	Skipped bool
}

func TestEncodeValueRoundTrips(t *testing.T) {
	want := valueFixture{
		At:     map[Hex]string{{Q: 3, R: 4}: "ford", {Q: 1, R: 2}: "mill"},
		Count:  map[Side]int{"csa": 2, "usa": 5},
		Leader: &UnitState{ID: "x", Name: "Invented", Side: "usa", Manpower: 7},
		Order:  []string{"b", "a"},
		Turn:   9,
	}
	data, err := EncodeValue(want)
	if err != nil {
		t.Fatal(err)
	}
	var got valueFixture
	if err := DecodeValue(data, &got); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("round trip: got %+v, want %+v", got, want)
	}
	again, _ := EncodeValue(got)
	if string(again) != string(data) {
		t.Fatal("the same value encoded twice gave different bytes (maps must be written in key order)")
	}
}

func TestDecodeValueRefusesWhatItCannotRead(t *testing.T) {
	data, err := EncodeValue(valueFixture{Turn: 3})
	if err != nil {
		t.Fatal(err)
	}
	var v valueFixture
	if err := DecodeValue(append(data, 0), &v); err == nil || !strings.Contains(err.Error(), "left over") {
		t.Fatalf("extra byte: %v, want a left-over error", err)
	}
	if err := DecodeValue(data[:len(data)-1], &v); err == nil {
		t.Fatal("a cut value decoded")
	}
	if err := DecodeValue(data, v); err == nil || !strings.Contains(err.Error(), "pointer") {
		t.Fatalf("decode into a value: %v, want a pointer error", err)
	}
}
