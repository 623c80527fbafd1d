package litn_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/litn"
)

// The Command and Movement Phases in play (002 3.1 C-F; 6.3, 7, 8), on the
// fixture sheets of scenario 1 and the fixture charts (INVENTED FOR TESTS),
// with scripted dice. docs/litn-play-movement.md.

// lmMA are basic allowances invented for the tests (the printed ones are
// on the map, not in the seeds).
var lmMA = map[string]int{"infantry": 6, "cavalry": 9, "artillery": 5, "wagon": 4, "leader": 9}

// lmPlay starts scenario 1 with the printed values declared and puts it
// at B2 with first the side moving first this turn: the Initiative Phase's
// own rolls are tested elsewhere.
func lmPlay(t *testing.T, first engine.Side) *litnPlay {
	t.Helper()
	p := newLITNPlay(t, "litn-1-frederick-to-antietam", litn.Options{})
	p.do(litn.Declare{By: lpUmpire, BasicMA: lmMA, Year: map[string]int{"command-point": 0, "broadcast": 0}})
	p.g = p.g.Apply(&engine.StepBegun{By: lpUmpire, Turn: p.g.Turn, Step: litn.StepInitiative})
	p.g = p.g.Apply(&litn.FirstChosen{By: lpUmpire, Turn: p.g.Turn, Chooser: first, First: first})
	return p
}

// lmSays returns what an event says to an audience.
func lmSays(g engine.GameState, e engine.Event, to string) string {
	s, ok := e.(litn.Sayer)
	if !ok {
		return ""
	}
	var out []string
	for _, say := range s.Say(litn.Of(g)) {
		if say.To == to {
			out = append(out, say.Text)
		}
	}
	return strings.Join(out, "\n")
}

// lmPlace puts units in hexes (copy on write): set-ups the scripted game
// needs and the fixture sheets do not give.
func lmPlace(p *litnPlay, at map[string]string) {
	p.t.Helper()
	us := map[string]litn.Unit{}
	for k, v := range litn.Of(p.g).LITN.Units {
		us[k] = v
	}
	for id, hex := range at {
		u := us[id]
		h, _, err := p.m.ParseHex(hex, "")
		if err != nil {
			p.t.Fatal(err)
		}
		u.At, u.Hex = hex, h
		us[id] = u
	}
	p.g = litn.With(p.g, func(lg *litn.State) { lg.Units = us })
}

func lmPath(t *testing.T, s string) []litn.PathHex {
	t.Helper()
	ph, err := litn.ParsePath(s)
	if err != nil {
		t.Fatal(err)
	}
	return ph
}

func TestLITNPlayPathSyntax(t *testing.T) {
	ph := lmPath(t, "1624 clear road, 1623 ridge slope2 ford +stream zoc:two,1622")
	if len(ph) != 3 || ph[0].At != "1624" || ph[0].Terrain != "clear" || !ph[0].Road || ph[1].Slopes != 2 || !ph[1].Ford ||
		len(ph[1].Other) != 1 || ph[1].Other[0] != "stream" || ph[1].ZOC != "two" || ph[2].Terrain != "" {
		t.Fatalf("%+v", ph)
	}
	for _, bad := range []string{"", "16a4 clear", "1624 zoc:left"} {
		if _, err := litn.ParsePath(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

// 3.1 C: the Command Point rolls as the step begins, Lee's broadcast to
// Jackson and Jackson's re-broadcast to Lawton (the comprehensive example's
// hexes, 7.1), the refusals, and what the table sees.
func TestLITNPlayCommandPhase(t *testing.T) {
	p := lmPlay(t, engine.CSA)
	p.do(litn.Declare{By: lpLee, LOC: map[string]bool{"R.E. Lee": false}})
	// Lee rolls 4 (2 CP, 7.1's example), Stuart 5 (3 CP on the fixture).
	evs := p.next(false, 4, 5)
	p.at(litn.StepFirstCommand)
	var rolled *litn.CommandRolled
	for _, e := range evs {
		if r, ok := e.(*litn.CommandRolled); ok {
			rolled = r
		}
	}
	if rolled == nil || len(rolled.Rolls) != 2 {
		t.Fatalf("rolls: %+v", evs)
	}
	ph := litn.Of(p.g).CommandOf(engine.CSA)
	if ph.Points["csa.lee"] != 2 || ph.Points["csa.stuart"] != 3 {
		t.Fatalf("points %v", ph.Points)
	}
	// 7.2, 15.2: turn 4 of 1862, the Confederates take no LOC modifier
	// even when declared without one; the roll says why.
	if rolled.Rolls[0].Roll.Total != 4 || !strings.Contains(lmSays(p.g, rolled, "csa"), "do not modify for LOC on turns 1-6") || strings.Contains(lmSays(p.g, rolled, "all"), "CP") {
		t.Fatalf("says: all %q / csa %q", lmSays(p.g, rolled, "all"), lmSays(p.g, rolled, "csa"))
	}
	if lmSays(p.g, rolled, "usa") != "" {
		t.Fatal("the Union hears the Confederate CPs")
	}
	bc := func(by engine.Actor, from, to string, dist int) litn.BroadcastCmd {
		return litn.BroadcastCmd{By: by, From: from, To: to, Distance: dist, Map: p.m, Library: p.lib}
	}
	// Refusals change nothing.
	p.refuse(bc(lpUnion, "csa.lee", "1625", 0), "litn.side")
	p.refuse(bc(lpLee, "csa.lee", "1625", 2), "litn.broadcast.distance") // 3 hexes away
	p.refuse(bc(lpLee, "csa.jackson", "1629", 0), "litn.command.corps-no-cps")
	p.refuse(bc(lpLee, "csa.lee", "1622", 0), "litn.command.same-hex")
	before := litn.Of(p.g).CommandOf(engine.CSA)
	// Lee to Jackson (1625, 3 hexes: column 1-4): a 5 is Full.
	evs = p.do(bc(lpLee, "R.E. Lee", "1625", 0), 5)
	b := evs[0].(*litn.BroadcastMade)
	if b.Broadcast.Receiver != "csa.jackson" || b.Broadcast.Distance != 3 || b.Broadcast.Received != 2 || b.Broadcast.Roll.Column != "1-4" {
		t.Fatalf("broadcast %+v", b.Broadcast)
	}
	if len(before.Broadcasts) != 0 {
		t.Fatal("the broadcast changed the earlier state")
	}
	if lmSays(p.g, b, "all") != "" || !strings.Contains(lmSays(p.g, b, "csa"), "Jackson receives all 2 CP") {
		t.Fatalf("says %q / %q", lmSays(p.g, b, "all"), lmSays(p.g, b, "csa"))
	}
	// Jackson re-broadcasts to Lawton (4 hexes): a 3 gets it through.
	p.do(bc(lpLee, "Jackson", "1629", 0), 3)
	if got := litn.Of(p.g).CommandOf(engine.CSA).Points["csa.lawton"]; got != 2 {
		t.Fatalf("Lawton %d CP", got)
	}
	// Lee or the corps leader, not both (7.1).
	p.refuse(bc(lpLee, "csa.lee", "1629", 0), "litn.command")
	// Moving is not yet allowed.
	p.refuse(litn.MoveCmd{By: lpLee, Units: []string{"Hood"}, Path: lmPath(t, "1624"), Map: p.m, Library: p.lib}, "litn.step")
}

// lmToMovement plays C with Lee's CPs to Jackson and on to Lawton and
// begins D.
func lmToMovement(t *testing.T, p *litnPlay) *litn.MovementBegun {
	t.Helper()
	p.next(false, 4, 5)
	p.do(litn.BroadcastCmd{By: lpLee, From: "csa.lee", To: "1625", Map: p.m, Library: p.lib}, 5)
	p.do(litn.BroadcastCmd{By: lpLee, From: "csa.jackson", To: "1629", Map: p.m, Library: p.lib}, 3)
	p.do(litn.Done{By: lpLee})
	evs := p.next(false)
	p.at(litn.StepFirstMove)
	for _, e := range evs {
		if b, ok := e.(*litn.MovementBegun); ok {
			return b
		}
	}
	t.Fatalf("no allowances: %+v", evs)
	return nil
}

// 3.1 D: allowances (7.1), a move with declared terrain on the fixture
// Movement Costs Chart, MPs remembered, entering an enemy-occupied hex
// (8.3), force march and its losses (8.6), and the secrecy of it all.
func TestLITNPlayMovement(t *testing.T) {
	p := lmPlay(t, engine.CSA)
	begun := lmToMovement(t, p)
	// Jackson's hex: 2 CP, rating 1: full (Hood with it, as in 7.1's
	// example); Lawton 2 CP of rating 3: 2/3 of 6 = 4.
	if a := begun.Allowance["csa.hood"]; a.Allowance.String() != "6" || !a.Full {
		t.Fatalf("Hood %+v", a)
	}
	if a := begun.Allowance["csa.lawton"]; a.Allowance.String() != "4" {
		t.Fatalf("Lawton %+v", a)
	}
	if a := begun.Allowance["csa.dh-hill"]; a.Allowance.Num != 0 {
		t.Fatalf("D.H. Hill %+v", a)
	}
	if lmSays(p.g, begun, "usa") != "" || strings.Contains(lmSays(p.g, begun, "all"), "MP") {
		t.Fatal("allowances reach the Union or the table")
	}
	move := func(by engine.Actor, units, path string, march bool) litn.MoveCmd {
		return litn.MoveCmd{By: by, Units: strings.Split(units, ","), Path: lmPath(t, path), ForceMarch: march, Map: p.m, Library: p.lib}
	}
	// Refusals: the other side, a gap in the path, an unknown terrain row,
	// the minimum allowance near the enemy, too far.
	p.refuse(move(lpUnion, "Hood", "1624", false), "litn.side")
	p.refuse(move(lpLee, "Hood", "1623", false), "litn.path.adjacent")
	p.refuse(move(lpLee, "Hood", "1624 swamp", false), "litn.path.terrain")
	p.refuse(move(lpLee, "Hood,Lawton", "1624", false), "litn.move.hex")
	p.refuse(move(lpLee, "Hood", "1624 ridge,1623 ridge,1622 ridge,1621 clear", false), "litn.move.cost")
	// Hood and A.P. Hill: road 1, then ridge 2 + slope 1: 4 MP each.
	evs := p.do(move(lpLee, "Hood,A.P. Hill", "1624 clear road,1623 ridge slope", false))
	mv := evs[0].(*litn.Moved)
	if mv.Result.Spent["csa.hood"] != 4 || mv.Result.Spent["csa.ap-hill"] != 4 {
		t.Fatalf("spent %v", mv.Result.Spent)
	}
	hood, _ := litn.Of(p.g).FindUnit("Hood")
	if hood.At != "1623" || litn.Of(p.g).LITN.Moves.Phase.Spent["csa.hood"] != 4 {
		t.Fatalf("Hood at %s, spent %d", hood.At, litn.Of(p.g).LITN.Moves.Phase.Spent["csa.hood"])
	}
	all, csa := lmSays(p.g, mv, "all"), lmSays(p.g, mv, "csa")
	if !strings.Contains(all, "Hood, A.P. Hill move 1625 → 1624 → 1623") || strings.Contains(all, "MP") || !strings.Contains(csa, "MP spent this phase: Hood 4") {
		t.Fatalf("all %q\ncsa %q", all, csa)
	}
	// The MPs are remembered: 2 more ridge MPs would exceed 6.
	p.refuse(move(lpLee, "Hood", "1622 ridge,1621 clear", false), "litn.move.cost")
	p.do(move(lpLee, "Hood", "1622 ridge", false))
	if litn.Of(p.g).LITN.Moves.Phase.Spent["csa.hood"] != 6 {
		t.Fatalf("spent %d", litn.Of(p.g).LITN.Moves.Phase.Spent["csa.hood"])
	}
	// Force march (8.6): Fitz Lee's hex has its full allowance, 9 less 2
	// for the two divisions that left 1625 ahead of him (8.2); Fitz Lee
	// (initiative 2) may spend 2 more: three ridges at 3. A 5 loses a
	// tenth of 4, rounded up.
	p.refuse(move(lpLee, "Fitz Lee", "1626 ridge,1627 ridge,1628 ridge", false), "litn.move.cost")
	evs = p.do(move(lpLee, "Fitz Lee", "1626 ridge,1627 ridge,1628 ridge", true), 5)
	mv = evs[0].(*litn.Moved)
	fitz, _ := litn.Of(p.g).FindUnit("Fitz Lee")
	if mv.March != 2 || fitz.Strength != 3 || fitz.At != "1628" {
		t.Fatalf("march %d, Fitz Lee %+v", mv.March, fitz)
	}
	if a := lmSays(p.g, mv, "all"); strings.Contains(a, "lose") || !strings.Contains(a, "force march") {
		t.Fatalf("the table hears the losses: %q", a)
	}
	if !strings.Contains(lmSays(p.g, mv, "csa"), "loses 1") {
		t.Fatalf("csa: %q", lmSays(p.g, mv, "csa"))
	}
	// 8.3: Lawton enters Miles's hex (1529): +1, and his move ends there.
	evs = p.do(move(lpLee, "Lawton", "1529", false))
	mv = evs[0].(*litn.Moved)
	if !mv.Result.Ended || mv.Result.Spent["csa.lawton"] != 2 {
		t.Fatalf("into the enemy: %+v", mv.Result)
	}
	p.refuse(move(lpLee, "Lawton", "1629", false), "litn.move.ended")
}

// 8.5 and 8.3: a reaction that LEAVES an enemy-occupied hex (issue 10).
// Hooker shares 1626 with Walker (placed there for the test); Hood's move
// to 1624 enters Hooker's reaction zone (initiative 2); Hooker reacts on a
// 1, leaves on a 2 (-1: Walker's initiative is lower: 1 ≤ 2) and moves
// to 1627, paying 1 more MP to leave.
func TestLITNPlayReactionLeavesEnemyHex(t *testing.T) {
	p := lmPlay(t, engine.CSA)
	lmPlace(p, map[string]string{"usa.hooker": "1626", "csa.walker": "1626"})
	lmToMovement(t, p)
	react := litn.ReactCmd{By: lpUnion, Units: []string{"Hooker"}, Path: lmPath(t, "1627 clear"), Map: p.m, Library: p.lib}
	p.refuse(react, "litn.react.trigger") // nothing has moved yet
	p.do(litn.MoveCmd{By: lpLee, Units: []string{"Hood"}, Path: lmPath(t, "1624"), Map: p.m, Library: p.lib})
	mine := react
	mine.By = lpLee
	p.refuse(mine, "litn.side")
	evs := p.do(react, 1, 2)
	mv := evs[0].(*litn.Moved)
	if mv.Reaction == nil || !mv.Reaction.Succeeds || mv.Reaction.Leave == nil || !mv.Reaction.Leave.Leaves {
		t.Fatalf("reaction %+v", mv.Reaction)
	}
	if mv.Result.Spent["usa.hooker"] != 2 { // clear 1 + 1 to leave (8.3)
		t.Fatalf("spent %v", mv.Result.Spent)
	}
	hooker, _ := litn.Of(p.g).FindUnit("Hooker")
	if hooker.At != "1627" {
		t.Fatalf("Hooker at %s", hooker.At)
	}
	all := lmSays(p.g, mv, "all")
	if !strings.Contains(all, "Hooker react: 1626 → 1627") || !strings.Contains(all, "leaving the enemy-occupied hex") || strings.Contains(all, "initiative") {
		t.Fatalf("table: %q", all)
	}
	if lmSays(p.g, mv, "csa") != "" || !strings.Contains(lmSays(p.g, mv, "usa"), "002 8.5") {
		t.Fatal("the reaction's rolls went to the wrong side")
	}
	// Once per stack per hex of enemy movement (8.5).
	again := react
	again.Path = lmPath(t, "1628")
	p.refuse(again, "litn.react.once")
}

// A failed leave roll ends the force's move for the phase (8.3).
func TestLITNPlayLeaveFails(t *testing.T) {
	p := lmPlay(t, engine.CSA)
	lmPlace(p, map[string]string{"usa.hooker": "1625"})
	lmToMovement(t, p)
	// Fitz Lee (initiative 2) leaving past Hooker (2): no modifier; a 3
	// exceeds 2.
	evs := p.do(litn.MoveCmd{By: lpLee, Units: []string{"Fitz Lee"}, Path: lmPath(t, "1624"), Map: p.m, Library: p.lib}, 3)
	mv := evs[0].(*litn.Moved)
	if !mv.Stopped || mv.Leave == nil || mv.Leave.Leaves {
		t.Fatalf("%+v", mv)
	}
	if u, _ := litn.Of(p.g).FindUnit("Fitz Lee"); u.At != "1625" {
		t.Fatalf("Fitz Lee moved to %s", u.At)
	}
	p.refuse(litn.MoveCmd{By: lpLee, Units: []string{"Fitz Lee"}, Path: lmPath(t, "1624"), Map: p.m, Library: p.lib}, "litn.move.ended")
}

// 6.3 detachments, 8.7 rail destruction, 8.8 entrenchment over two turns'
// phases (the first: Constructing).
func TestLITNPlayDetachWork(t *testing.T) {
	p := lmPlay(t, engine.CSA)
	lmToMovement(t, p)
	det := litn.DetachCmd{By: lpLee, Unit: "A.P. Hill", Strength: 4}
	p.refuse(det, "litn.detach.third") // 4 of 11 is more than a third
	det.Strength = 3
	evs := p.do(det)
	d := evs[0].(*litn.DetachEvent)
	hill, _ := litn.Of(p.g).FindUnit("A.P. Hill")
	if hill.Strength != 8 || d.Unit.Strength != 3 || d.Unit.Parent != "csa.ap-hill" || litn.Of(p.g).LITN.Moves.Phase.Spent[d.Unit.ID] != 1 {
		t.Fatalf("A.P. Hill %d, detachment %+v", hill.Strength, d.Unit)
	}
	if a := lmSays(p.g, d, "all"); strings.Contains(a, "SP") || strings.Contains(a, " 8") || !strings.Contains(a, "A.P. Hill forms a detachment") {
		t.Fatalf("table: %q", a)
	}
	// Reattached at once (A.P. Hill has not moved): back to 11.
	p.do(litn.DetachCmd{By: lpLee, Unit: d.Unit.ID, Reattach: "A.P. Hill"})
	if hill, _ = litn.Of(p.g).FindUnit("A.P. Hill"); hill.Strength != 11 {
		t.Fatalf("A.P. Hill %d", hill.Strength)
	}
	// 8.7: Hood destroys the rail in 1625 (3 MP of his 6).
	work := litn.WorkCmd{By: lpLee, Units: []string{"Hood"}, Kind: "destroy-rail", Map: p.m}
	p.do(work)
	if !litn.Of(p.g).LITN.Moves.DestroyedRail["1625"] || litn.Of(p.g).LITN.Moves.Phase.Spent["csa.hood"] != 3 {
		t.Fatalf("rail %v spent %d", litn.Of(p.g).LITN.Moves.DestroyedRail, litn.Of(p.g).LITN.Moves.Phase.Spent["csa.hood"])
	}
	p.refuse(work, "litn.work.destroyed")
	// A bridge of the map data must be next to the force; one the data
	// lacks is declared by its hexside: 3 more MP (6 of 6).
	p.refuse(litn.WorkCmd{By: lpLee, Units: []string{"Hood"}, Kind: "destroy-bridge", Bridge: "Harrisburg bridge", Map: p.m}, "litn.work.adjacent")
	evs = p.do(litn.WorkCmd{By: lpLee, Units: []string{"Hood"}, Kind: "destroy-bridge", Bridge: "1625/1624", Map: p.m})
	if !litn.Of(p.g).LITN.Moves.DestroyedBridges["Bridge 1625/1624 (declared)"] || litn.Of(p.g).LITN.Moves.Phase.Spent["csa.hood"] != 6 {
		t.Fatalf("bridges %v", litn.Of(p.g).LITN.Moves.DestroyedBridges)
	}
	if !strings.Contains(lmSays(p.g, evs[0], "all"), "Bridge Destroyed") {
		t.Fatalf("%q", lmSays(p.g, evs[0], "all"))
	}
	// Repairing takes a phase without moving: A.P. Hill paid 1 MP to
	// reattach (8.7, 6.3).
	p.refuse(litn.WorkCmd{By: lpLee, Units: []string{"A.P. Hill"}, Kind: "repair-bridge", Bridge: "1625/1624", Map: p.m}, "litn.repair.moved")
	// 8.8: Lawton works at an entrenchment; D.H. Hill (0 CP) may not.
	p.refuse(litn.WorkCmd{By: lpLee, Units: []string{"D.H. Hill"}, Kind: "entrench"}, "litn.entrench.cps")
	p.do(litn.WorkCmd{By: lpLee, Units: []string{"Lawton"}, Kind: "entrench"})
	p.do(litn.Done{By: lpLee})
	p.do(litn.Done{By: lpUnion})
	evs = p.next(false, 4, 1) // E begins: McClellan and Pleasonton roll
	var settled *litn.PhaseSettled
	for _, e := range evs {
		if s, ok := e.(*litn.PhaseSettled); ok {
			settled = s
		}
	}
	if settled == nil || litn.Of(p.g).LITN.Moves.Entrenchment["csa.lawton"].Stage != litn.Constructing || litn.Of(p.g).LITN.Moves.Entrenched["csa.lawton"] {
		t.Fatalf("entrenchment: %+v / %+v", settled, litn.Of(p.g).LITN.Moves.Entrenchment)
	}
	if !strings.Contains(lmSays(p.g, settled, "all"), "Lawton: Constructing Entrenchment") {
		t.Fatalf("%q", lmSays(p.g, settled, "all"))
	}
}

// 8.9: Union rail movement and its capacity, in the Union's phase.
func TestLITNPlayRail(t *testing.T) {
	p := lmPlay(t, engine.USA)
	// 7.2: McClellan is declared without a line of communications: -1.
	p.refuse(litn.Declare{By: lpLee, LOC: map[string]bool{"G. McClellan": false}}, "litn.unit")
	p.do(litn.Declare{By: lpUnion, LOC: map[string]bool{"G. McClellan": false}})
	// McClellan rolls 6, -1: 5 (3 CP, rating 3: full); Pleasonton 1.
	evs := p.next(false, 6, 1)
	var rolled *litn.CommandRolled
	for _, e := range evs {
		if r, ok := e.(*litn.CommandRolled); ok {
			rolled = r
		}
	}
	if rolled == nil || rolled.Rolls[0].Leader != "usa.mcclellan" || rolled.Rolls[0].Roll.Total != 5 || rolled.Rolls[0].CommandPoints != 3 ||
		!strings.Contains(lmSays(p.g, rolled, "usa"), "line of communications") {
		t.Fatalf("McClellan's roll: %+v", rolled)
	}
	p.do(litn.Done{By: lpUnion})
	p.next(false)
	p.at(litn.StepFirstMove)
	rail := litn.RailCmd{By: lpUnion, Units: []string{"Sumner"}, To: "3041", Entrain: true, Detrain: true, Map: p.m}
	p.refuse(litn.RailCmd{By: lpLee, Units: []string{"Sumner"}, To: "3041", Entrain: true, Map: p.m}, "litn.side")
	evs = p.do(rail)
	r := evs[0].(*litn.RailMoved)
	// 1 to entrain, 1 for 6 hexes, 1 to detrain.
	if r.Cost != 3 || litn.Of(p.g).LITN.Moves.Phase.Spent["usa.sumner"] != 3 {
		t.Fatalf("rail %+v", r)
	}
	if u, _ := litn.Of(p.g).FindUnit("Sumner"); u.At != "3041" || litn.Of(p.g).LITN.Moves.Entrained["usa.sumner"] {
		t.Fatalf("Sumner %+v", u)
	}
	// One corps a phase (8.9).
	p.refuse(litn.RailCmd{By: lpUnion, Units: []string{"Hooker"}, To: "3040", Entrain: true, Map: p.m}, "litn.rail.capacity")
}

// Every event of the phases survives the event log (JSON).
func TestLITNPlayMoveEventsRoundTrip(t *testing.T) {
	p := lmPlay(t, engine.CSA)
	lmPlace(p, map[string]string{"usa.hooker": "1626", "csa.walker": "1626"})
	lmToMovement(t, p)
	p.do(litn.MoveCmd{By: lpLee, Units: []string{"Hood"}, Path: lmPath(t, "1624"), Map: p.m, Library: p.lib})
	p.do(litn.ReactCmd{By: lpUnion, Units: []string{"Hooker"}, Path: lmPath(t, "1627"), Map: p.m, Library: p.lib}, 1, 2)
	p.do(litn.DetachCmd{By: lpLee, Unit: "A.P. Hill", Strength: 2})
	p.do(litn.WorkCmd{By: lpLee, Units: []string{"Lawton"}, Kind: "entrench"})
	n := 0
	for _, e := range p.log {
		if _, ok := e.(litn.Sayer); !ok || !strings.HasPrefix(e.EventType(), "litn.") {
			continue
		}
		typ, data, err := engine.EncodeEvent(e)
		if err != nil {
			t.Fatal(err)
		}
		back, err := litnRules.DecodeEvent(typ, data)
		if err != nil {
			t.Fatalf("%s: %v", typ, err)
		}
		if !reflect.DeepEqual(back, e) {
			t.Errorf("%s: %+v\nread back as %+v", typ, e, back)
		}
		n++
	}
	if n < 8 {
		t.Fatalf("only %d events", n)
	}
}

// 15.2: Miles may not spend MPs until a Confederate unit moves within 5
// hexes of him; Lawton's move into his hex releases him, and the table
// hears it.
func TestLITNPlayMilesReleased(t *testing.T) {
	p := lmPlay(t, engine.CSA)
	miles, _ := litn.Of(p.g).FindUnit("Miles")
	if litn.Of(p.g).Held(miles) == "" {
		t.Fatal("Miles is not held at the start of scenario 1")
	}
	lmToMovement(t, p)
	evs := p.do(litn.MoveCmd{By: lpLee, Units: []string{"Lawton"}, Path: lmPath(t, "1529"), Map: p.m, Library: p.lib})
	mv := evs[0].(*litn.Moved)
	if len(mv.Released) != 1 || mv.Released[0] != "usa.miles" || litn.Of(p.g).Held(miles) != "" {
		t.Fatalf("released %v, held %q", mv.Released, litn.Of(p.g).Held(miles))
	}
	if !strings.Contains(lmSays(p.g, mv, "all"), "Miles released (002 15.2)") {
		t.Fatalf("%q", lmSays(p.g, mv, "all"))
	}
}
