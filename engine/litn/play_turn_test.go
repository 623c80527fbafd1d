package litn_test

import (
	"errors"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/litn"
	"github.com/umpire-games/umpire/scenarios"
)

// 3.1 B (Initiative) and H (Conclusion) in play: NextStep through B1, B2,
// H1, H2 and H3 on a scenario 1 game started from the record sheet
// fixtures (scenarios/testdata/litn: INVENTED FOR TESTS — not the printed
// sheets), with scripted dice. The rolls are on the shipped tables
// (litn.lost-dispatch, litn.initiative, litn.morale-recovery: 002 5, 5.1,
// 12), so no chart fixture is needed.
//
// The sequence used is the shipped LITN sequence cut down to this module's
// steps (B1, B2, H1, H2, H3): the other phases' procedures (and their
// dice) are their modules' tests'.

type turnPlay struct {
	t   *testing.T
	env sheetEnv
	lib *engine.Library
	seq *engine.Sequence
	g   engine.GameState
}

func newTurnPlay(t *testing.T) *turnPlay {
	t.Helper()
	env := litnSheetEnv(t)
	lib := litnLibrary(t)
	seqs, err := scenarios.Sequences()
	if err != nil {
		t.Fatal(err)
	}
	mine := &engine.Sequence{Game: litn.ID}
	for _, s := range seqs[litn.ID].Steps {
		switch s.ID {
		case "B1", "B2", "H1", "H2", "H3":
			mine.Steps = append(mine.Steps, s)
		}
	}
	if len(mine.Steps) != 5 {
		t.Fatalf("the LITN sequence lacks B1-H3: %+v", mine.Steps)
	}
	p := &turnPlay{t: t, env: env, lib: lib, seq: mine, g: litnGame(t, env.sc.ID)}
	for _, side := range []string{"csa", "usa"} {
		p.do(litn.LoadSheet{By: umpireActor, Side: engine.Side(side), Sheet: litnSheetFixture(t, side), SHA256: side, Scenario: env.sc, Map: env.m}, engine.Script())
	}
	charts := map[string]*engine.LoadedChart{}
	files, _ := filepath.Glob(filepath.Join("testdata", "*.yaml"))
	for _, f := range files {
		id, lc := litnFixture(t, lib, filepath.Base(f))
		charts[id] = lc
	}
	p.do(litn.Declare{By: umpireActor, BasicMA: lmMA, Year: map[string]int{"command-point": 0, "broadcast": 0}}, engine.Script())
	p.do(litn.Start{By: umpireActor, Scenario: env.sc, Map: env.m, Library: lib, Charts: charts}, engine.Script())
	if p.g.Turn != 4 {
		t.Fatalf("scenario 1 starts on turn %d, not 4 (002 15.3)", p.g.Turn)
	}
	return p
}

// do decides and applies a command; it returns the events.
func (p *turnPlay) do(cmd engine.Command, d engine.Dice) []engine.Event {
	p.t.Helper()
	evs, err := p.g.Decide(cmd, d)
	if err != nil {
		p.t.Fatalf("%s: %v", cmd.CommandName(), err)
	}
	for _, e := range evs {
		p.g = p.g.Apply(e)
	}
	return evs
}

// next is the umpire's /phase next (forced when force), every scripted
// die used.
func (p *turnPlay) next(force bool, faces ...int) []engine.Event {
	p.t.Helper()
	d := engine.Script(faces...)
	evs := p.do(p.nextCmd(force), d)
	if d.Remaining() != 0 {
		p.t.Fatalf("%d scripted dice left after step %s", d.Remaining(), p.g.CurrentStep())
	}
	return evs
}

func (p *turnPlay) nextCmd(force bool) engine.NextStep {
	c := engine.NextStep{By: umpireActor, Sequence: p.seq, Context: engine.StepContext{Library: p.lib, Map: p.env.m}}
	if force {
		c.Force, c.Reason = true, "test"
	}
	return c
}

// set changes a unit in the built state (the test's set-up, not play).
func (p *turnPlay) set(id string, f func(u *litn.Unit)) {
	p.t.Helper()
	u, ok := litn.Of(p.g).LITN.Units[id]
	if !ok {
		p.t.Fatalf("no unit %s", id)
	}
	f(&u)
	if u.At != "" {
		h, _, err := p.env.m.ParseHex(u.At, "")
		if err != nil {
			p.t.Fatal(err)
		}
		u.Hex = h
	}
	m := map[string]litn.Unit{}
	for k, v := range litn.Of(p.g).LITN.Units {
		m[k] = v
	}
	m[id] = u
	p.g = litn.With(p.g, func(lg *litn.State) { lg.Units = m })
}

func turnEvent[T engine.Event](t *testing.T, evs []engine.Event) T {
	t.Helper()
	for _, e := range evs {
		if x, ok := e.(T); ok {
			return x
		}
	}
	var zero T
	t.Fatalf("no %T among %d events", zero, len(evs))
	return zero
}

func turnBegun(t *testing.T, evs []engine.Event) *engine.StepBegun {
	t.Helper()
	return turnEvent[*engine.StepBegun](t, evs)
}

func turnSay(e engine.Event, g engine.GameState, to string) string {
	var out []string
	for _, s := range e.(litn.Sayer).Say(litn.Of(g)) {
		if s.To == to {
			out = append(out, s.Text)
		}
	}
	return strings.Join(out, "\n")
}

func turnRoundTrip(t *testing.T, e engine.Event) {
	t.Helper()
	typ, data, err := engine.EncodeEvent(e)
	if err != nil {
		t.Fatal(err)
	}
	back, err := litnRules.DecodeEvent(typ, data)
	if err != nil {
		t.Fatal(err)
	}
	// Compared as encoded: an empty map and a missing one read the same.
	if typ2, data2, err := engine.EncodeEvent(back); err != nil || typ2 != typ || string(data2) != string(data) {
		t.Fatalf("%s does not round-trip: %s / %s, %v", typ, data, data2, err)
	}
}

func TestLITNTurnInitiative(t *testing.T) {
	p := newTurnPlay(t)
	// Turn 4: no Lost Dispatch before turn 6 (002 5.1); the Confederate
	// rolls 3: he chooses (002 5: 1-5).
	evs := p.next(false, 3)
	b := turnBegun(t, evs)
	if b.Step != "B2" || len(b.Skipped) != 1 || b.Skipped[0].Step != "B1" || !strings.Contains(b.Skipped[0].Why, "from turn 6") {
		t.Fatalf("begun: %+v", b)
	}
	ini := turnEvent[*litn.InitiativeRolled](t, evs)
	if r := ini.Result; r.Roller != engine.CSA || r.Chooser != engine.CSA || r.Roll.Total != 3 || r.LostDispatch != nil || r.Turn != 4 {
		t.Fatalf("initiative: %+v", r)
	}
	turnRoundTrip(t, ini)
	if s := turnSay(ini, p.g, "all"); !strings.Contains(s, "litn.initiative") || !strings.Contains(s, "rolled 3") || !strings.Contains(s, "/litn first") {
		t.Errorf("said: %s", s)
	}
	if litn.Of(p.g).LITN.First != "" || len(p.g.Waiting()) != 1 || !strings.Contains(p.g.Waiting()[0], "Confederate player to name the first player") {
		t.Fatalf("first %q, waiting %v", litn.Of(p.g).LITN.First, p.g.Waiting())
	}
	if _, err := p.g.Decide(p.nextCmd(false), engine.Script()); err == nil {
		t.Fatal("B2 ended before the choice")
	}
	// Only the chooser chooses.
	var re *engine.RuleError
	if _, err := p.g.Decide(litn.First{By: mcclellanActor, First: engine.USA}, engine.Script()); !errors.As(err, &re) || re.Code != "litn.initiative.chooser" {
		t.Fatalf("the Union chose: %v", err)
	}
	evs = p.do(litn.First{By: leeActor, First: engine.USA}, engine.Script())
	ch := evs[0].(*litn.FirstChosen)
	turnRoundTrip(t, ch)
	if litn.Of(p.g).LITN.First != engine.USA || litn.Of(p.g).PhaseSide("C") != engine.USA || litn.Of(p.g).PhaseSide("E") != engine.CSA || len(p.g.Waiting()) != 0 {
		t.Fatalf("first %q, waiting %v", litn.Of(p.g).LITN.First, p.g.Waiting())
	}
	if s := turnSay(ch, p.g, "all"); !strings.Contains(s, "the Union player is the first player") {
		t.Errorf("said: %s", s)
	}
	if _, err := p.g.Decide(litn.First{By: leeActor, First: engine.CSA}, engine.Script()); !errors.As(err, &re) || re.Code != "litn.first.chosen" {
		t.Fatalf("chose twice: %v", err)
	}
	// Not outside B2.
	p.next(false) // H1: no demoralized unit, no die
	if _, err := p.g.Decide(litn.First{By: leeActor, First: engine.CSA}, engine.Script()); !errors.As(err, &re) || re.Code != "litn.step" {
		t.Fatalf("chose in H1: %v", err)
	}
}

func TestLITNTurnLostDispatch(t *testing.T) {
	p := newTurnPlay(t)
	p.g.Turn = 6 // the third turn of scenario 1 (002 5.1)
	if litn.Of(p.g).LostDispatchFound() {
		t.Fatal("found before the roll")
	}
	// B1: the Union rolls 4: not found (1-2 finds it).
	evs := p.next(false, 4)
	if b := turnBegun(t, evs); b.Step != "B1" {
		t.Fatalf("begun %+v", b)
	}
	ld := turnEvent[*litn.DispatchRolled](t, evs)
	turnRoundTrip(t, ld)
	if ld.Found || litn.Of(p.g).LostDispatchFound() || !strings.Contains(turnSay(ld, p.g, "all"), "tries again next turn") {
		t.Fatalf("dispatch: %+v", ld)
	}
	// B2: one die only (the dispatch is not rolled again); the Confederate
	// rolls 6: the Union chooses.
	evs = p.next(false, 6)
	ini := turnEvent[*litn.InitiativeRolled](t, evs)
	if r := ini.Result; r.LostDispatch != nil || r.Roller != engine.CSA || r.Chooser != engine.USA {
		t.Fatalf("initiative: %+v", r)
	}
	p.do(litn.First{By: mcclellanActor, First: engine.CSA}, engine.Script())
	if litn.Of(p.g).LITN.First != engine.CSA {
		t.Fatalf("first %q", litn.Of(p.g).LITN.First)
	}

	// Turn 7: found on a 2. Miles is released (15.2; White is not on the
	// fixture sheet); the Union rolls for initiative from this turn on.
	p.g.Turn = 7
	evs = p.next(false, 2)
	ld = turnEvent[*litn.DispatchRolled](t, evs)
	if !ld.Found || ld.UnionCommandPointModifier != 1 || !reflect.DeepEqual(ld.Released, []string{"usa.miles"}) {
		t.Fatalf("dispatch: %+v", ld)
	}
	if !litn.Of(p.g).LostDispatchFound() || !litn.Of(p.g).ReleasedByDispatch("usa.miles") || litn.Of(p.g).ReleasedByDispatch("usa.sumner") {
		t.Fatal("the discovery is not recorded")
	}
	if s := turnSay(ld, p.g, "all"); !strings.Contains(s, "Miles is released (15.2)") || !strings.Contains(s, "adds 1 to his Command Point Table") {
		t.Errorf("said: %s", s)
	}
	// The Union rolls 6: the Confederate chooses (5.1).
	evs = p.next(false, 6)
	ini = turnEvent[*litn.InitiativeRolled](t, evs)
	if r := ini.Result; r.Roller != engine.USA || r.Chooser != engine.CSA || !r.Found || r.UnionCommandPointModifier != 1 {
		t.Fatalf("initiative: %+v", r)
	}
	// The umpire ends B2 without a choice: the chooser moves first.
	evs = p.next(true)
	ch := turnEvent[*litn.FirstChosen](t, evs)
	if !ch.Default || ch.First != engine.CSA || litn.Of(p.g).LITN.First != engine.CSA || p.g.CurrentStep() != "H1" {
		t.Fatalf("default: %+v, step %s", ch, p.g.CurrentStep())
	}
	if s := turnSay(ch, p.g, "all"); !strings.Contains(s, "by default the Confederate player") {
		t.Errorf("said: %s", s)
	}

	// Turn 8: nothing left to find.
	p.g.Turn = 8
	evs = p.next(false, 1)
	if b := turnBegun(t, evs); b.Step != "B2" || len(b.Skipped) != 1 || !strings.Contains(b.Skipped[0].Why, "found the Lost Dispatch on turn 7") {
		t.Fatalf("turn 8: %+v", b)
	}
	if r := turnEvent[*litn.InitiativeRolled](t, evs).Result; r.Roller != engine.USA || r.Chooser != engine.USA {
		t.Fatalf("turn 8 initiative: %+v", r)
	}
	// 1863: no Lost Dispatch at all.
	g3 := litnGame(t, "litn-3-pennsylvania-campaign")
	g3.Turn = 6
	if ok, why := g3.Happens(*p.seq.Step("B1")); ok || !strings.Contains(why, "1862 scenarios only") {
		t.Fatalf("scenario 3 B1: %v %q", ok, why)
	}
}

func TestLITNTurnConclusion(t *testing.T) {
	p := newTurnPlay(t)
	// The position before the turn: D.H. Hill (12) in Hagerstown, Walker
	// (7) in Gettysburg; Hood, A.P. Hill and Fitz Lee demoralized at 1625
	// with Stuart; Sumner demoralized at 3035 with McClellan; three
	// depleted wagons.
	p.set("csa.dh-hill", func(u *litn.Unit) { u.At = "1719" })
	p.set("csa.walker", func(u *litn.Unit) { u.At = "3014" })
	for _, id := range []string{"csa.hood", "csa.ap-hill", "csa.fitz-lee", "usa.sumner"} {
		p.set(id, func(u *litn.Unit) { u.Demoralized = true })
	}
	p.g = litn.With(p.g, func(lg *litn.State) {
		lg.Wagons = map[string]litn.WagonPiece{
			"csa.w1": {ID: "csa.w1", Side: engine.CSA, At: "1622", Depleted: true, Undeplete: true},
			"csa.w2": {ID: "csa.w2", Side: engine.CSA, At: "1622", Depleted: true, Undeplete: true},
			"usa.w1": {ID: "usa.w1", Side: engine.USA, At: "3035", Depleted: true},
			"usa.w2": {ID: "usa.w2", Side: engine.USA, At: "3035"},
		}
	})
	p.next(false, 2)
	p.do(litn.First{By: leeActor, First: engine.CSA}, engine.Script())
	if st := litn.Of(p.g).LITN.Conclusion.Start; st.Turn != 4 || st.At["csa.dh-hill"] != "1719" || st.Strength["csa.walker"] != 7 || st.Wagons["csa.w2"] != "1622" {
		t.Fatalf("turn start: %+v", st)
	}
	// During the turn: a wagon moves; D.H. Hill loses 1 (still 11).
	p.g = litn.With(p.g, func(lg *litn.State) {
		lg.Wagons = map[string]litn.WagonPiece{
			"csa.w1": litn.Of(p.g).LITN.Wagons["csa.w1"],
			"csa.w2": {ID: "csa.w2", Side: engine.CSA, At: "1623", Depleted: true, Undeplete: true},
			"usa.w1": litn.Of(p.g).LITN.Wagons["usa.w1"],
			"usa.w2": litn.Of(p.g).LITN.Wagons["usa.w2"],
		}
	})
	p.set("csa.dh-hill", func(u *litn.Unit) { u.Strength = 11 })

	// H1 (002 12): 1625 (A.P. Hill, Fitz Lee, Hood by id) then 3035
	// (Sumner). A.P. Hill: initiative 2, rolls 4 > 3: stays. Fitz Lee:
	// Stuart's 3 (cavalry commander, cavalry), rolls 4 <= 4: recovers.
	// Hood: his own 2, rolls 3 <= 3: recovers. Sumner: McClellan's 1 =
	// his own 1, rolls 2 <= 2: recovers.
	evs := p.next(false, 4, 4, 3, 2)
	rec := turnEvent[*litn.MoraleRecovered](t, evs)
	turnRoundTrip(t, rec)
	got := map[string]bool{}
	for _, r := range rec.Results {
		got[r.Unit] = r.Recovered
	}
	want := map[string]bool{"csa.ap-hill": false, "csa.fitz-lee": true, "csa.hood": true, "usa.sumner": true}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("recovery %v, want %v", got, want)
	}
	for id, w := range want {
		if litn.Of(p.g).LITN.Units[id].Demoralized == w {
			t.Errorf("%s demoralized %v after H1", id, litn.Of(p.g).LITN.Units[id].Demoralized)
		}
	}
	all, csa, usa := turnSay(rec, p.g, "all"), turnSay(rec, p.g, "csa"), turnSay(rec, p.g, "usa")
	if !strings.Contains(all, "A.P. Hill (1625) stays demoralized") || !strings.Contains(all, "Sumner (3035) recovers") || strings.Contains(all, "initiative") {
		t.Errorf("public: %s", all)
	}
	if !strings.Contains(csa, "initiative 3 + 1 = 4, using J.E.B. Stuart") || strings.Contains(csa, "Sumner") || strings.Contains(csa, "usa.") {
		t.Errorf("Confederate: %s", csa)
	}
	// The side reads its units by name (not their ids).
	if !strings.Contains(usa, "Sumner (3035): morale recovery") || strings.Contains(usa, "usa.sumner") || strings.Contains(usa, "csa.") || strings.Contains(usa, "Hood") {
		t.Errorf("Union: %s", usa)
	}

	// H2 (9.2): csa.w1 stayed and is declared: undepleted; csa.w2 moved;
	// usa.w1 stayed but is not declared.
	evs = p.next(false)
	und := turnEvent[*litn.WagonsUndepleted](t, evs)
	turnRoundTrip(t, und)
	if len(und.Results) != 3 {
		t.Fatalf("undepletion: %+v", und.Results)
	}
	w := litn.Of(p.g).LITN.Wagons
	if w["csa.w1"].Depleted || !w["csa.w2"].Depleted || !w["usa.w1"].Depleted || w["csa.w1"].Undeplete || w["csa.w2"].Undeplete {
		t.Fatalf("wagons after H2: %+v", w)
	}
	if s := turnSay(und, p.g, "csa"); !strings.Contains(s, "in 1622 when the Initiative Phase began and is in 1623") || strings.Contains(s, "usa.") {
		t.Errorf("Confederate: %s", s)
	}
	if s := turnSay(und, p.g, "usa"); !strings.Contains(s, "did not declare") || strings.Contains(s, "csa.") {
		t.Errorf("Union: %s", s)
	}
	if turnSay(und, p.g, "all") != "" {
		t.Error("wagons said to the table")
	}

	// H3 (15.1): Hagerstown (1 VP), held a whole turn by D.H. Hill (lowest
	// 11), LOC taken as present: full value, marker face up. Walker (7)
	// in Gettysburg does not score.
	evs = p.next(false)
	vp := turnEvent[*litn.VictoryRecorded](t, evs)
	turnRoundTrip(t, vp)
	if litn.Of(p.g).LITN.Score.CSA != litn.WholeVP(1) || litn.Of(p.g).LITN.Score.USA != 0 || vp.ThisTurn.CSA != litn.WholeVP(1) {
		t.Fatalf("score %+v", litn.Of(p.g).LITN.Score)
	}
	if litn.Of(p.g).LITN.Control["1719"] != litn.ControlFull || litn.Of(p.g).LITN.Control["3014"] != "" || vp.Last || vp.Final != nil || len(vp.EndAwards) != 0 {
		t.Fatalf("control %v, event %+v", litn.Of(p.g).LITN.Control, vp)
	}
	all = turnSay(vp, p.g, "all")
	if !strings.Contains(all, "Hagerstown (1719), held by D.H. Hill: 1 VPs") || !strings.Contains(all, "net Confederate 1") ||
		strings.Contains(all, "Gettysburg") || strings.Contains(all, "strength") {
		t.Errorf("public: %s", all)
	}
	if s := turnSay(vp, p.g, "csa"); !strings.Contains(s, "Walker fell to 7 strength points") {
		t.Errorf("Confederate: %s", s)
	}
	if s := turnSay(vp, p.g, "usa"); s != "" {
		t.Errorf("Union told: %s", s)
	}

	// The next turn: Hagerstown is not scored again (15.1: once).
	p.next(false, 1) // turn 5, B2
	p.do(litn.First{By: leeActor, First: engine.USA}, engine.Script())
	if p.g.Turn != 5 || litn.Of(p.g).LITN.Conclusion.Start.Turn != 5 {
		t.Fatalf("turn %d", p.g.Turn)
	}
	p.next(false, 6) // H1: A.P. Hill still demoralized, rolls 6: stays
	p.next(false)    // H2
	evs = p.next(false)
	vp = turnEvent[*litn.VictoryRecorded](t, evs)
	if vp.ThisTurn.CSA != 0 || litn.Of(p.g).LITN.Score.CSA != litn.WholeVP(1) || !strings.Contains(turnSay(vp, p.g, "csa"), "already scored in full") {
		t.Fatalf("second turn: %+v", vp)
	}
}

func TestLITNTurnLastTurn(t *testing.T) {
	p := newTurnPlay(t)
	p.g.Turn = 16 // scenario 1's last (002 15.3)
	// A.P. Hill (11) in Baltimore, on both railroads; the Harrisburg
	// bridge destroyed.
	p.set("csa.ap-hill", func(u *litn.Unit) { u.At = "4631" })
	p.g = litn.With(p.g, func(lg *litn.State) {
		lg.Moves.DestroyedBridges = map[string]bool{"Harrisburg bridge 3902/4002, hex 3902": true}
	})
	p.next(false, 5) // B1: not found
	p.next(false, 1) // B2
	p.do(litn.First{By: leeActor, First: engine.CSA}, engine.Script())
	p.next(false) // H1
	p.next(false) // H2
	evs := p.next(false)
	vp := turnEvent[*litn.VictoryRecorded](t, evs)
	// Baltimore 5 + Baltimore-Harrisburg 2 + Washington-Baltimore 3 +
	// bridge 2 = 12: a Confederate operational victory (002 15.2: 10-12).
	if !vp.Last || len(vp.EndAwards) != 3 || vp.Score.CSA != litn.WholeVP(12) || litn.Of(p.g).LITN.Score.Net() != litn.WholeVP(12) {
		t.Fatalf("last turn: %+v", vp)
	}
	for _, a := range vp.EndAwards {
		if !a.Scored {
			t.Errorf("award %+v", a)
		}
	}
	if f := litn.Of(p.g).LITN.Conclusion.Final; f == nil || f.Level != "Confederate operational victory" || f.Side != engine.CSA {
		t.Fatalf("final %+v", f)
	}
	if s := turnSay(vp, p.g, "all"); !strings.Contains(s, "The game is over") || !strings.Contains(s, "Confederate operational victory") || !strings.Contains(s, "/game end") {
		t.Errorf("public: %s", s)
	}
	// /phase next: there is no turn 17.
	var re *engine.RuleError
	_, err := p.g.Decide(p.nextCmd(true), engine.Script())
	if !errors.As(err, &re) || re.Code != "litn.game-over" || !strings.Contains(re.What, "The game is over") || !strings.Contains(re.What, "Confederate operational victory") || !strings.Contains(re.Hint, "/game end") {
		t.Fatalf("next after the last turn: %v", err)
	}
}
