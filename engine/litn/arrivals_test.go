package litn_test

import (
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/litn"
)

// Arrivals (002 15.5, 15.6) on the fixture sheets and charts, INVENTED
// FOR TESTS (scenarios/testdata/litn, testdata). The basic allowances
// are lp63MA's, invented too: infantry 12, cavalry 16, leader 16. The
// fixture Movement Costs Chart's Clear row costs 1 MP for infantry and
// cavalry.

// lpEnter is a path that enters the map at the entry hex (its first hex,
// clear) and goes on up to n-1 clear hexes toward to (15.5: the entry hex
// is the first hex of movement).
func lpEnter(t *testing.T, entry, to string, n int) []litn.PathHex {
	t.Helper()
	path := []litn.PathHex{{At: entry}}
	if n > 1 {
		path = append(path, lpPath(t, entry, to, n-1)...)
	}
	return path
}

// lpaForward steps (forced, every die a 3) until stop holds, checking the
// secrecy of every text; it returns the events of every step.
func (p *litnPlay) lpaForward(stop func() bool) []engine.Event {
	p.t.Helper()
	var all []engine.Event
	for n := 0; n < 200; n++ {
		if stop() {
			return all
		}
		d := engine.Script(lpThrees(60)...)
		evs, err := p.g.Decide(engine.NextStep{By: lpUmpire, Sequence: p.seq, Context: engine.StepContext{Library: p.lib, Map: p.m}, Force: true, Reason: "forward"}, d)
		if err != nil {
			p.t.Fatalf("turn %d step %s: %v", p.g.Turn, p.g.CurrentStep(), err)
		}
		for _, e := range evs {
			p.g = p.g.Apply(e)
		}
		p.secret(evs)
		all = append(all, evs...)
	}
	p.t.Fatal("lpaForward: never stopped")
	return nil
}

func (p *litnPlay) lpaMoving(turn int, side engine.Side) func() bool {
	return func() bool {
		s := p.g.CurrentStep()
		return p.g.Turn == turn && litn.Of(p.g).PhaseSide(s) == side && (s == litn.StepFirstMove || s == litn.StepSecondMove)
	}
}

func (p *litnPlay) lpaCommand(turn int, side engine.Side) func() bool {
	return func() bool {
		s := p.g.CurrentStep()
		return p.g.Turn == turn && litn.Of(p.g).PhaseSide(s) == side && (s == litn.StepFirstCommand || s == litn.StepSecondCommand)
	}
}

// lpaOf are the events of one type.
func lpaOf[E engine.Event](evs []engine.Event) []E {
	var out []E
	for _, e := range evs {
		if x, ok := e.(E); ok {
			out = append(out, x)
		}
	}
	return out
}

// lpaQuiet checks that nothing of the events reaches the table or the
// other side (2.5: units still to come are the sheet's secret).
func (p *litnPlay) lpaQuiet(evs []engine.Event, side engine.Side, what string) {
	p.t.Helper()
	other := "usa"
	if side == engine.USA {
		other = "csa"
	}
	if got := p.said(evs, "all") + p.said(evs, other); got != "" {
		p.t.Errorf("%s reaches the table or the other side: %q", what, got)
	}
}

// 15.5: Pickett (scenario 4, due on turn 3) is off the map in the Command
// Phase, is told to his side only as the Movement Phase begins, waits when
// not entered, and enters the next turn with his full allowance by a path
// from an entry hex; the refusals change nothing.
func TestLITNArrivalsEnterInTheMovementPhase(t *testing.T) {
	p := newLITNPlay(t, "litn-4-collision-at-gettysburg", litn.Options{})
	p.play(litn.Declare{By: lpUmpire, BasicMA: lp63MA, Year: lp63Year})
	// Turn 1: not due yet.
	p.lpaForward(p.lpaMoving(1, engine.CSA))
	p.refuse(litn.MoveCmd{By: lpLee, Units: []string{"Pickett"}, Path: lpEnter(t, "1026", "1026", 1), Map: p.m, Library: p.lib}, "litn.move.off-map")
	// Turn 3: the Command Phase does not place him.
	p.lpaForward(p.lpaCommand(3, engine.CSA))
	if litn.Of(p.g).LITN.Units["csa.pickett"].OnMap() {
		t.Fatal("Pickett placed as the Command Phase begins")
	}
	evs := p.lpaForward(p.lpaMoving(3, engine.CSA))
	due := lpaOf[*litn.ArrivalsDue](evs)
	if len(due) != 1 || due[0].Waiting || len(due[0].Units) != 1 || due[0].Units[0].Unit != "csa.pickett" {
		t.Fatalf("due: %+v", due)
	}
	p.saidHas([]engine.Event{due[0]}, "csa", "Pickett at 1026, 1029 or 1031 with 12 MP (full: may force march)")
	p.lpaQuiet([]engine.Event{due[0]}, engine.CSA, "Pickett's arrival")
	if a := litn.Of(p.g).LITN.Moves.Phase.Allowance["csa.pickett"]; !a.Full || a.Allowance != (litn.Share{Num: 12, Den: 1}) || !strings.Contains(a.Why, "002 15.5") {
		t.Errorf("Pickett's allowance: %+v", a)
	}
	before := p.g
	// Refusals: not at an entry hex; with a unit already on the map.
	p.refuse(litn.MoveCmd{By: lpLee, Units: []string{"Pickett"}, Path: lpEnter(t, "1125", "1125", 1), Map: p.m, Library: p.lib}, "litn.move.entry")
	p.refuse(litn.MoveCmd{By: lpLee, Units: []string{"Pickett", "csa.lee"}, Path: lpEnter(t, "1026", "1026", 1), Map: p.m, Library: p.lib}, "litn.move.enter")
	p.refuse(litn.MoveCmd{By: lpUnion, Units: []string{"Pickett"}, Path: lpEnter(t, "1026", "1026", 1), Map: p.m, Library: p.lib}, "litn.")
	if litn.Of(p.g).LITN.Units["csa.pickett"].OnMap() || litn.Of(before).LITN.Moves.Phase != litn.Of(p.g).LITN.Moves.Phase {
		t.Fatal("a refusal changed the game")
	}
	// Not entered: he waits, and his side is told as the phase ends.
	evs = p.lpaForward(func() bool { return p.g.CurrentStep() != before.CurrentStep() })
	wait := lpaOf[*litn.ArrivalsDue](evs)
	if len(wait) != 1 || !wait[0].Waiting {
		t.Fatalf("waiting: %+v", wait)
	}
	p.saidHas([]engine.Event{wait[0]}, "csa", "Pickett waits off the map")
	p.lpaQuiet([]engine.Event{wait[0]}, engine.CSA, "Pickett's wait")
	// Turn 4: still due, full allowance; he enters at 1029 (the entry hex
	// is the first hex of movement: 1 MP, Clear) and goes 2 more hexes:
	// 3 MP of 12.
	p.lpaForward(p.lpaMoving(4, engine.CSA))
	if a := litn.Of(p.g).LITN.Moves.Phase.Allowance["csa.pickett"]; !a.Full {
		t.Fatalf("turn 4: Pickett's allowance %+v", a)
	}
	path := lpEnter(t, "1029", "1910", 3)
	evs = p.play(litn.MoveCmd{By: lpLee, Units: []string{"Pickett"}, Path: path, Map: p.m, Library: p.lib})
	p.saidHas(evs, "all", "Pickett enter the map at 1029 (002 15.5) and move → "+path[1].At+" → "+path[2].At)
	p.saidHas(evs, "csa", "MP spent this phase: Pickett 3")
	p.where(map[string]string{"csa.pickett": path[2].At})
	if strings.Contains(p.said(evs, "all"), "MP") {
		t.Errorf("the table hears Pickett's allowance: %s", p.said(evs, "all"))
	}
	// On the map now: an ordinary move, and no longer due.
	evs = p.play(litn.MoveCmd{By: lpLee, Units: []string{"Pickett"}, Path: lpPath(t, path[2].At, "1910", 1), Map: p.m, Library: p.lib})
	p.saidHas(evs, "csa", "MP spent this phase: Pickett 4")
	evs = p.lpaForward(func() bool {
		return p.g.CurrentStep() != litn.StepFirstMove && p.g.CurrentStep() != litn.StepSecondMove
	})
	if w := lpaOf[*litn.ArrivalsDue](evs); len(w) != 0 {
		t.Errorf("after entering: %+v", w)
	}
}

// Union arrivals (the sheets give them turns too: scenario 1's Porter on
// turn 7 at 3541) enter the same way in the Union Movement Phase, with the
// full allowance (docs/litn-play-movement.md: 15.5's rule, the only one).
func TestLITNArrivalsUnion(t *testing.T) {
	p := newLITNPlay(t, "litn-1-frederick-to-antietam", litn.Options{})
	p.play(litn.Declare{By: lpUmpire, BasicMA: lp63MA, Year: map[string]int{"command-point": 0, "broadcast": 0}})
	evs := p.lpaForward(p.lpaMoving(7, engine.USA))
	due := lpaOf[*litn.ArrivalsDue](evs)
	if len(due) == 0 || due[len(due)-1].Side != engine.USA {
		t.Fatalf("due: %+v", due)
	}
	p.lpaQuiet([]engine.Event{due[len(due)-1]}, engine.USA, "Porter's arrival")
	if a := litn.Of(p.g).LITN.Moves.Phase.Allowance["usa.porter"]; !a.Full || a.Allowance != (litn.Share{Num: 12, Den: 1}) || !strings.Contains(a.Why, "docs/litn-play-movement.md") {
		t.Fatalf("Porter: %+v", a)
	}
	evs = p.play(litn.MoveCmd{By: lpUnion, Units: []string{"Porter"}, Path: lpEnter(t, "3541", "3541", 1), Map: p.m, Library: p.lib})
	p.saidHas(evs, "all", "Porter enter the map at 3541")
	p.where(map[string]string{"usa.porter": "3541"})
}

// 15.6 Variable Entry: from turn 3 one roll a turn as the Confederate
// Command Phase begins, on litn.variable-entry, to the Confederate only:
// every die a 3: turn 3 and 4 need 1-2 (waits), turn 5 needs 1-3
// (enters); then Imboden is due, enters at 1031, and is rolled for no
// more.
func TestLITNArrivalsVariableEntry(t *testing.T) {
	p := newLITNPlay(t, "litn-3-pennsylvania-campaign", litn.Options{})
	p.play(litn.Declare{By: lpUmpire, BasicMA: lp63MA, Year: lp63Year})
	evs := p.lpaForward(p.lpaCommand(2, engine.CSA))
	if r := lpaOf[*litn.VariableEntryRolled](evs); len(r) != 0 {
		t.Fatalf("rolls before turn 3: %+v", r)
	}
	for _, turn := range []int{3, 4, 5} {
		evs := p.lpaForward(p.lpaCommand(turn, engine.CSA))
		r := lpaOf[*litn.VariableEntryRolled](evs)
		if len(r) != 1 || r[0].Turn != turn || len(r[0].Rolls) != 1 || r[0].Rolls[0].Unit != "csa.imboden" || r[0].Rolls[0].Roll.Total != 3 {
			t.Fatalf("turn %d rolls: %+v", turn, r)
		}
		if r[0].Rolls[0].Enters != (turn == 5) {
			t.Errorf("turn %d: enters %v", turn, r[0].Rolls[0].Enters)
		}
		p.lpaQuiet([]engine.Event{r[0]}, engine.CSA, "the variable entry roll")
		if turn == 5 {
			p.saidHas([]engine.Event{r[0]}, "csa", "Imboden: 1d6 rolled 3 = 3: The unit enters", "It may enter this turn at 1031, 1029 or 1026", "litn.variable-entry", "002 15.6")
		} else {
			p.saidHas([]engine.Event{r[0]}, "csa", "Roll again next turn")
			if turn == 4 {
				p.lpaForward(p.lpaMoving(4, engine.CSA))
				p.refuse(litn.MoveCmd{By: lpLee, Units: []string{"Imboden"}, Path: lpEnter(t, "1031", "1031", 1), Map: p.m, Library: p.lib}, "litn.move.off-map")
			}
		}
	}
	p.lpaForward(p.lpaMoving(5, engine.CSA))
	p.refuse(litn.MoveCmd{By: lpLee, Units: []string{"Imboden"}, Path: lpEnter(t, "1044", "1044", 1), Map: p.m, Library: p.lib}, "litn.move.entry")
	evs = p.play(litn.MoveCmd{By: lpLee, Units: []string{"Imboden"}, Path: lpEnter(t, "1031", "1031", 1), Map: p.m, Library: p.lib})
	p.saidHas(evs, "all", "Imboden enter the map at 1031")
	evs = p.lpaForward(p.lpaCommand(6, engine.CSA))
	if r := lpaOf[*litn.VariableEntryRolled](evs); len(r) != 0 {
		t.Errorf("rolled for Imboden on the map: %+v", r)
	}
}

// 15.6 Confederate Option: Stuart's side decides with /litn declare
// arrive: by the Initial Phase of turn 4; turn 6 chosen, he is not due on
// turn 4 and enters on turn 6 at 1029. Refusals change nothing.
func TestLITNArrivalsConfederateOption(t *testing.T) {
	p := newLITNPlay(t, "litn-3-pennsylvania-campaign", litn.Options{})
	p.play(litn.Declare{By: lpUmpire, BasicMA: lp63MA, Year: lp63Year})
	p.refuse(litn.Declare{By: lpLee, Arrive: map[string]string{"stuart": "5"}}, "litn.arrive.choice")
	p.refuse(litn.Declare{By: lpLee, Arrive: map[string]string{"ewell": "4"}}, "litn.arrive.choice")
	p.refuse(litn.Declare{By: lpUnion, Arrive: map[string]string{"stuart": "4"}}, "litn.unit")
	if len(litn.Of(p.g).LITN.Moves.Arrivals.Chosen) != 0 {
		t.Fatal("a refusal recorded a choice")
	}
	evs := p.play(litn.Declare{By: lpLee, Arrive: map[string]string{"stuart": "1044"}})
	p.saidHas(evs, "csa", "J.E.B. Stuart enters on turn 4 at 1044")
	p.lpaQuiet(evs, engine.CSA, "the Confederate Option")
	// Changed before the deadline: turn 6.
	p.lpaForward(func() bool { return p.g.Turn == 3 })
	evs = p.play(litn.Declare{By: lpLee, Arrive: map[string]string{"stuart": "6"}})
	p.saidHas(evs, "csa", "J.E.B. Stuart enters on turn 6 at 1031, 1029 or 1026")
	p.lpaQuiet(evs, engine.CSA, "the Confederate Option")
	evs = p.lpaForward(p.lpaMoving(4, engine.CSA))
	if c := lpaOf[*litn.ArrivalChosen](evs); len(c) != 0 {
		t.Errorf("a default taken over the decision: %+v", c)
	}
	p.refuse(litn.Declare{By: lpLee, Arrive: map[string]string{"stuart": "4"}}, "litn.arrive.late")
	p.refuse(litn.MoveCmd{By: lpLee, Units: []string{"Stuart"}, Path: lpEnter(t, "1044", "1044", 1), Map: p.m, Library: p.lib}, "litn.move.off-map")
	if _, ok := litn.Of(p.g).LITN.Moves.Phase.Allowance["csa.stuart"]; ok {
		t.Error("Stuart has an allowance on turn 4")
	}
	p.lpaForward(p.lpaMoving(6, engine.CSA))
	evs = p.play(litn.MoveCmd{By: lpLee, Units: []string{"Stuart"}, Path: lpEnter(t, "1029", "1029", 1), Map: p.m, Library: p.lib})
	p.saidHas(evs, "all", "J.E.B. Stuart enter the map at 1029")
}

// Undecided by the end of turn 4's Initial Phase: the earliest way is
// taken as the Confederate Command Phase begins, and the Confederate alone
// is told.
func TestLITNArrivalsOptionDefault(t *testing.T) {
	p := newLITNPlay(t, "litn-3-pennsylvania-campaign", litn.Options{})
	p.play(litn.Declare{By: lpUmpire, BasicMA: lp63MA, Year: lp63Year})
	evs := p.lpaForward(p.lpaCommand(4, engine.CSA))
	c := lpaOf[*litn.ArrivalChosen](evs)
	if len(c) != 1 || !c[0].Default || c[0].Chosen["csa.stuart"] != 0 {
		t.Fatalf("default: %+v", c)
	}
	p.saidHas([]engine.Event{c[0]}, "csa", "No decision by the Initial Phase of turn 4", "J.E.B. Stuart enters on turn 4 at 1044")
	p.lpaQuiet([]engine.Event{c[0]}, engine.CSA, "the default way of entry")
	p.refuse(litn.Declare{By: lpLee, Arrive: map[string]string{"stuart": "6"}}, "litn.arrive.late")
}

func TestLITNArrivalEventsRoundTrip(t *testing.T) {
	for _, e := range []engine.Event{
		&litn.ArrivalChosen{Side: engine.CSA, Turn: 4, Chosen: map[string]int{"csa.stuart": 1}, Default: true},
		&litn.VariableEntryRolled{Turn: 3, Rolls: []litn.EntryRoll{{Unit: "csa.imboden", Name: "Imboden", Roll: &engine.TableRoll{Total: 2, Outcome: "enters"}, Enters: true, Hexes: []string{"1031"}}}},
		&litn.ArrivalsDue{Turn: 3, Step: "D", Side: engine.CSA, Units: []litn.UnitAllowance{{Unit: "csa.pickett", Full: true}}, Hexes: map[string][]string{"csa.pickett": {"1026"}}},
		&litn.Moved{Side: engine.CSA, Units: []string{"csa.pickett"}, Path: []string{"1026"}, Entered: true},
	} {
		typ, b, err := engine.EncodeEvent(e)
		if err != nil {
			t.Fatal(err)
		}
		back, err := litnRules.DecodeEvent(typ, b)
		if err != nil {
			t.Fatal(err)
		}
		_, b2, _ := engine.EncodeEvent(back)
		if string(b) != string(b2) {
			t.Errorf("%s: %s != %s", typ, b, b2)
		}
	}
}
