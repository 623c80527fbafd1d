package lrtg

import (
	"testing"

	"github.com/umpire-games/umpire/engine"
)

// TestSameStateSeesEveryChange: a copy is the same state; a changed
// scalar deep in a module's state, a map or slice replaced (as the rules
// change them: copy, then write), a slice grown or cut, is another.
func TestSameStateSeesEveryChange(t *testing.T) {
	a := State{
		Movement: MovementState{Released: []string{"g1"}, RailTurn: 3},
		Records:  RecordsState{Track: map[engine.Side]int{engine.CSA: 2}},
		Chits:    map[engine.Side]int{engine.USA: 1},
	}
	b := a
	if !sameState(&a, &b) {
		t.Fatal("a copy is not the same state")
	}
	for name, change := range map[string]func(s *State){
		"scalar":        func(s *State) { s.Movement.RailTurn = 4 },
		"bool":          func(s *State) { s.Movement.Meade = true },
		"map replaced":  func(s *State) { s.Records.Track = map[engine.Side]int{engine.CSA: 2} },
		"map set":       func(s *State) { s.Chits = nil },
		"slice grown":   func(s *State) { s.Movement.Released = append(s.Movement.Released, "g2") },
		"slice cut":     func(s *State) { s.Movement.Released = s.Movement.Released[:0] },
		"slice copied":  func(s *State) { s.Movement.Released = append([]string(nil), s.Movement.Released...) },
		"module zeroed": func(s *State) { s.Records = RecordsState{} },
	} {
		c := a
		change(&c)
		if sameState(&a, &c) {
			t.Errorf("%s: still the same state", name)
		}
	}
}

// TestKernelKeepsAnUnchangedState: Kernel writes the series' state back
// only when a rule changed it; the kernel's state comes back as it was.
func TestKernelKeepsAnUnchangedState(t *testing.T) {
	g := Of(bare(opts()).Kernel())
	g.Movement.RailTurn = 2
	k := g.Kernel()
	again := Of(k)
	if again.Movement.RailTurn != 2 {
		t.Fatal("the change was not written back")
	}
	if k2 := again.Kernel(); k2.Own.(State).Movement.RailTurn != 2 {
		t.Fatal("an unchanged state lost its content")
	}
	again.Movement.RailTurn = 5
	if Of(again.Kernel()).Movement.RailTurn != 5 || Of(k).Movement.RailTurn != 2 {
		t.Fatal("a change after Of is written to the new state only")
	}
}
