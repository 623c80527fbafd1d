package lrtg

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
)

// Hidden modes: what a refusal may say (hidden.go, docs/hidden-refusals.md).

// hiddenModes are the hidden intelligence modes as a game chooses them.
func hiddenModes() map[string]engine.GameOptions {
	lim, db := opts(), opts()
	lim.LimitedIntel = true
	db.Intel, db.LimitedIntel = engine.IntelDoubleBlind, true
	return map[string]engine.GameOptions{"limited": lim, "double-blind": db}
}

// noEnemyIn fails when an answer names an enemy unit, its id or its hex,
// or gives a distance to it.
func noEnemyIn(t *testing.T, what, text string, enemies ...engine.UnitState) {
	t.Helper()
	for _, e := range enemies {
		for _, s := range []string{e.ID, e.Name, e.Ref, fmt.Sprintf("%d,%d", e.Hex.Q, e.Hex.R), string(e.Kind)} {
			if s != "" && strings.Contains(text, s) {
				t.Errorf("%s tells %q of the unseen %s: %s", what, s, e.ID, text)
			}
		}
	}
	if m := regexp.MustCompile(`within \d+ hexes|\d+ hexes from an enemy`).FindString(text); m != "" {
		t.Errorf("%s gives a distance (%q): %s", what, m, text)
	}
}

func eventText(t *testing.T, evs []engine.Event) string {
	t.Helper()
	var b strings.Builder
	for _, e := range evs {
		j, err := json.Marshal(e)
		if err != nil {
			t.Fatal(err)
		}
		b.Write(j)
	}
	return b.String()
}

// LRTG 17.1 in a hidden mode: an enemy unit the mover does not see stops
// the strategic move before it comes within the forbidden distance, the
// fatigue is spent, and nothing names, places or measures the enemy; a
// dummy restricts nothing (LRTG 20.0).
func TestHiddenStrategicMoveStopsAtTheUnseenEnemy(t *testing.T) {
	from := at(10, 30)
	east := func(n int) engine.Hex { return engine.Hex{Q: from.Q + n, R: from.R} }
	for name, o := range hiddenModes() {
		t.Run(name, func(t *testing.T) {
			g := moveGame(t, o)
			// Hampton (cavalry) 6 hexes beyond Buford's destination.
			g = edit(g, "csa.hampton", func(u *engine.UnitState) { u.Hex, u.Ref = east(15), "SN9999" })
			hampton := g.Units["csa.hampton"]
			evs, err := g.Decide(strategic(meade, east(9), 2, "usa.buford"), engine.Script())
			if err != nil {
				t.Fatalf("a probe refused for free: %v", err)
			}
			e := evs[0].(*engine.UnitsMoved)
			if e.Stopped != MoveStoppedStrategic || e.To != east(6) || e.Fatigue != 2 || e.Hexes != 6 {
				t.Errorf("stopped move %+v, want halted at %v (8 hexes short of the cavalry) with fatigue 2", e, east(6))
			}
			noEnemyIn(t, "the event", eventText(t, evs), hampton)
			after := g.Apply(e)
			if u := after.Units["usa.buford"]; u.Hex != east(6) || u.Fatigue != 2 {
				t.Errorf("the probe cost nothing: %+v", u)
			}
			// A dummy in Hampton's place restricts nothing (20.0): the
			// column reaches the destination, as with nothing there.
			none := edit(g, "csa.hampton", func(u *engine.UnitState) { u.OnMap = false })
			dummy := none
			dummy.Dummies.Markers = []Dummy{{Side: engine.CSA, Hex: east(15), Turn: g.Turn}}
			for what, s := range map[string]Game{"nothing": none, "a dummy": dummy} {
				evs, err := s.Decide(strategic(meade, east(9), 2, "usa.buford"), engine.Script())
				if err != nil || evs[0].(*engine.UnitsMoved).Stopped != "" || evs[0].(*engine.UnitsMoved).To != east(9) {
					t.Errorf("with %s there: %v %+v", what, err, evs)
				}
			}
			// Already within the distance: the stack stays, the fatigue
			// is spent.
			start := edit(g, "csa.hood", func(u *engine.UnitState) { u.Hex = engine.Hex{Q: from.Q - 8, R: from.R} })
			evs, err = start.Decide(strategic(meade, east(5), 2, "usa.b1"), engine.Script())
			if err != nil {
				t.Fatal(err)
			}
			if e := evs[0].(*engine.UnitsMoved); e.Stopped != MoveStoppedStrategic || e.To != from || e.Fatigue != 2 || e.Hexes != 0 {
				t.Errorf("a stack within the distance at the start: %+v", e)
			}
			// Another broken rule refuses the move as it would with no
			// enemy there: the answer does not depend on him.
			over := strategic(meade, east(20), 2, "usa.buford")
			_, e1 := g.Decide(over, engine.Script())
			_, e2 := none.Decide(over, engine.Script())
			if e1 == nil || e2 == nil || e1.Error() != e2.Error() {
				t.Errorf("answers differ with the unseen enemy: %v / %v", e1, e2)
			}
			// The umpire is told precisely.
			re := wantRule(t, g, strategic(ump, east(9), 2, "usa.buford"), "move.strategic", "LRTG 17.1", "within 8 hexes", "Hampton")
			_ = re
		})
	}
}

// A unit the mover sees refuses the move precisely, as in an open game,
// without his identity under limited intelligence.
func TestHiddenStrategicSeenEnemyRefuses(t *testing.T) {
	from := at(10, 30)
	o := hiddenModes()["double-blind"]
	g := moveGame(t, o)
	// Hampton 5 hexes from Buford: in sight (cavalry see 6).
	g = edit(g, "csa.hampton", func(u *engine.UnitState) { u.Hex, u.Ref = engine.Hex{Q: from.Q - 5, R: from.R}, "SN9999" })
	re := wantRule(t, g, strategic(meade, engine.Hex{Q: from.Q + 9, R: from.R}, 2, "usa.buford"), "move.strategic", "LRTG 17.1", "within 8 hexes of an enemy unit")
	if strings.Contains(re.Error(), "Hampton") {
		t.Errorf("double-blind names the enemy: %s", re.Error())
	}
}

// LRTG 8.2 in a hidden mode: the column takes the route around the
// enemy it sees, runs into an unseen unit's zone of control and halts
// before it; the rail move and its fatigue are spent; in double-blind the
// units met are sighted. A dummy there stops nothing.
func TestHiddenRailColumnStopsAtTheUnseenEnemy(t *testing.T) {
	s3 := at(30, 30)
	for name, o := range hiddenModes() {
		t.Run(name, func(t *testing.T) {
			g := moveGame(t, o)
			// Hood next to S2: the main line runs through his zone of
			// control; the mover does not see him.
			g = edit(g, "csa.hood", func(u *engine.UnitState) { u.Hex, u.Ref = at(20, 29), "SN2029" })
			hood := g.Units["csa.hood"]
			evs, err := g.Decide(railMove(meade, s3, "usa.b1"), engine.Script())
			if err != nil {
				t.Fatalf("a probe refused for free: %v", err)
			}
			e := evs[0].(*engine.UnitsMoved)
			if e.Stopped != MoveStoppedRail || e.Contact == nil || engine.Distance(*e.Contact, hood.Hex) > 1 || e.Fatigue != 2 || e.RailLoad != 1 || e.To == s3 {
				t.Fatalf("stopped rail move %+v", e)
			}
			if _, blocked := g.enemiesOf(engine.USA).blocking(e.To); blocked {
				t.Errorf("the column halted in the zone of control: %v", e.To)
			}
			if strings.Join(e.Route, "-") != "S1" {
				t.Errorf("route %v: the column took the main line (it does not know of Hood)", e.Route)
			}
			noEnemyIn(t, "the event", strings.ReplaceAll(eventText(t, evs), `"contact"`, ""), hood)
			after := g.Apply(e)
			if u := after.Units["usa.b1"]; u.Fatigue != 2 || u.Hex != e.To {
				t.Errorf("the probe cost nothing: %+v", u)
			}
			if railed, load := after.railThisTurn(); load != 1 || len(railed) != 1 {
				t.Errorf("the rail move was not spent: %v %d", railed, load)
			}
			if o.IntelMode() == engine.IntelDoubleBlind {
				if l, ok := after.Sightings.Last("side:usa", "csa.hood"); !ok || l.Hex != hood.Hex {
					t.Errorf("the contact was not sighted: %+v %v", l, ok)
				}
				if _, ok := after.Sightings.Last("side:csa", "csa.hood"); ok {
					t.Error("the sighting went to the wrong side")
				}
			}
			// A dummy where Hood stands stops nothing.
			dummy := edit(g, "csa.hood", func(u *engine.UnitState) { u.OnMap = false })
			dummy.Dummies.Markers = []Dummy{{Side: engine.CSA, Hex: hood.Hex, Turn: g.Turn}}
			_, ev := wantMove(t, dummy, railMove(meade, s3, "usa.b1"))
			if ev.Stopped != "" || ev.To != s3 || strings.Join(ev.Route, "-") != "S1-S2-S3" {
				t.Errorf("a dummy stopped the column: %+v", ev)
			}
			// The umpire is refused precisely, as before.
			wantRule(t, g, railMove(ump, at(44, 30), "usa.b1"), "move.rail", "LRTG 8.2")
		})
	}
}

// 17.2 in a hidden mode: an unseen enemy unit does not refuse the request
// (the enemy, who sees his units, answers it), a seen one does; in an
// open game the distance refuses as before.
func TestHiddenRemoteRequestTellsNoDistance(t *testing.T) {
	for name, o := range map[string]engine.GameOptions{"open": opts(), "limited": hiddenModes()["limited"], "double-blind": hiddenModes()["double-blind"]} {
		t.Run(name, func(t *testing.T) {
			g := acGame(t, o)
			g, _ = acBegin(t, g, 5, "4a", engine.Script(6, 1))
			barnes := g.Units["usa.barnes"]
			// Hampton 4 hexes from Barnes: beyond contact (limited) and,
			// with sighting 2, beyond double-blind sight.
			near := edit(g, "csa.hampton", func(u *engine.UnitState) { u.Hex = engine.Hex{Q: barnes.Hex.Q + 4, R: barnes.Hex.R} })
			if o.Intel == engine.IntelDoubleBlind {
				near.Options.Sighting = 1
			}
			evs, err := near.Decide(AskRemote{By: meade, Units: []string{"usa.barnes"}}, engine.Script())
			if o.IntelMode() == engine.IntelOpen {
				if err == nil || !strings.Contains(err.Error(), "4 hexes from an enemy unit") {
					t.Errorf("open: %v", err)
				}
				return
			}
			if err != nil {
				t.Fatalf("an unseen enemy refused the request: %v", err)
			}
			noEnemyIn(t, "the request", eventText(t, evs), near.Units["csa.hampton"])
			// Seen (adjacent: in contact), the enemy refuses it.
			adj := edit(g, "csa.hampton", func(u *engine.UnitState) { u.Hex = barnes.Hex.Neighbours()[0] })
			acRefused(t, adj, AskRemote{By: meade, Units: []string{"usa.barnes"}}, "remote.near", "1 hexes from an enemy unit")
		})
	}
}

// LRTG 13.1 in a hidden mode: the levy's refusal gives the rule's fact,
// not the enemy's name and strength.
func TestHiddenLevyRefusalNamesNoEnemy(t *testing.T) {
	g := Game{GameState: engine.GameState{Options: hiddenModes()["limited"], Units: map[string]engine.UnitState{
		"csa.hood":   {ID: "csa.hood", Name: "Hood", Side: engine.CSA, Kind: "infantry", Manpower: 9, OnMap: true, Hex: at(5, 5)},
		"usa.buford": {ID: "usa.buford", Name: "Buford", Side: engine.USA, Kind: "cavalry", Manpower: 4, OnMap: true, Hex: at(5, 5).Neighbours()[0]},
	}}}
	p := engine.Place{Name: "Town", Hex: at(5, 5)}
	err := g.levyAllowed(p, true)
	if err == nil || !strings.Contains(err.Error(), "An enemy unit of 3 or more manpower is adjacent to Town") {
		t.Fatalf("hidden: %v", err)
	}
	noEnemyIn(t, "the levy's refusal", err.Error(), g.Units["usa.buford"])
	if err := g.levyAllowed(p, false); err == nil || !strings.Contains(err.Error(), "Buford (4 manpower)") {
		t.Errorf("open: %v", err)
	}
}

// LRTG 13.7 in a hidden mode: a Confederate unit the Union does not see
// next to the station prevents the attempt, which is spent (one a turn)
// without a roll; a seen one refuses it as before; a dummy prevents
// nothing.
func TestHiddenRepairAttemptIsSpent(t *testing.T) {
	for name, o := range hiddenModes() {
		t.Run(name, func(t *testing.T) {
			o.Sighting = 0
			if o.Intel == engine.IntelDoubleBlind {
				o.Sighting = 1 // Early, 2 hexes from Sykes, is out of sight
			}
			g, ctx := segGame(t, o, 4)
			th := ctx.Move.Theatre
			hag := *th.Place("Hagerstown")
			g.Places = copyPlaces(g.Places)
			g.Places["Hagerstown"] = PlaceState{Station: "damaged"}
			g = moveTo(g, "usa.sykes", at(20, -11))
			early := moveTo(g, "csa.early", at(20, -9))
			g1, _ := runStep(t, early, "5g", engine.Script(), ctx)
			if w := strings.Join(g1.Waiting(), ";"); !strings.Contains(w, "railroad repair") {
				t.Errorf("the step does not wait for the Union: %q", w)
			}
			evs, err := g1.Decide(AttemptRepair{By: meade, Station: hag}, engine.Script(1))
			if err != nil {
				t.Fatalf("an unseen enemy refused the attempt for free: %v", err)
			}
			a, ok := evs[0].(*RepairAttempted)
			if !ok || len(evs) != 1 || !a.Prevented || a.Repaired {
				t.Fatalf("attempt %+v", evs)
			}
			noEnemyIn(t, "the attempt", eventText(t, evs), early.Units["csa.early"])
			g2 := applyAll(g1, evs)
			if g2.Segment.RepairTurn != g2.Turn || g2.Segment.Repairs["Hagerstown"] != 0 || g2.Places["Hagerstown"].Station != "damaged" {
				t.Errorf("after: %+v", g2.Segment)
			}
			_, err = g2.Decide(AttemptRepair{By: meade, Station: hag}, engine.Script(1))
			wantErr(t, err, "segment.repair.twice")
			// A dummy there prevents nothing: the die is rolled.
			dummy, _ := runStep(t, g, "5g", engine.Script(), ctx)
			dummy.Dummies.Markers = []Dummy{{Side: engine.CSA, Hex: at(20, -9), Turn: g.Turn}}
			if evs, err := dummy.Decide(AttemptRepair{By: meade, Station: hag}, engine.Script(1)); err != nil || len(evs) != 2 {
				t.Errorf("with a dummy: %v %v", evs, err)
			}
			// Seen (next to Sykes), the enemy refuses it.
			var next engine.Hex // next to the station and to Sykes: in contact
			for _, h := range at(20, -10).Neighbours() {
				if engine.Distance(h, at(20, -11)) == 1 {
					next = h
				}
			}
			seen, _ := runStep(t, moveTo(g, "csa.early", next), "5g", engine.Script(), ctx)
			_, err = seen.Decide(AttemptRepair{By: meade, Station: hag}, engine.Script(1))
			wantErr(t, err, "segment.repair.enemy")
		})
	}
}

// 17.2 at the move in a hidden mode: a unit the enemy allowed to move
// without the initiative, within 8 hexes of an enemy unit its side does
// not see, stays where it is and the permission is spent; one it sees
// refuses the move with the rule's distance.
func TestHiddenRemoteMoveStopsAndSpendsThePermission(t *testing.T) {
	for name, o := range hiddenModes() {
		t.Run(name, func(t *testing.T) {
			g := acGame(t, o)
			g, _ = acBegin(t, g, 5, "4a", engine.Script(6, 1))
			g, _ = acDo(t, g, AskRemote{By: meade, Units: []string{"usa.buford"}}, engine.Script())
			g, _ = acDo(t, g, AnswerRemote{By: lee, Allow: true}, engine.Script())
			buford := g.Units["usa.buford"]
			to := engine.Hex{Q: buford.Hex.Q - 3, R: buford.Hex.R}
			// Hampton 7 hexes away: out of contact; double-blind sight 1.
			near := edit(g, "csa.hampton", func(u *engine.UnitState) { u.Hex = engine.Hex{Q: buford.Hex.Q + 7, R: buford.Hex.R} })
			if o.Intel == engine.IntelDoubleBlind {
				near.Options.Sighting = 1
			}
			evs, err := near.Decide(marched(near, engine.MoveUnits{By: meade, Units: []string{"usa.buford"}, To: to, Ref: "X"}), engine.Script())
			if err != nil {
				t.Fatalf("refused for free: %v", err)
			}
			e := evs[0].(*engine.UnitsMoved)
			if e.Stopped != MoveStoppedRemote || e.To != buford.Hex || e.Fatigue != 0 || e.Path != nil || e.Hexes != 0 {
				t.Fatalf("remote move %+v", e)
			}
			noEnemyIn(t, "the event", eventText(t, evs), near.Units["csa.hampton"])
			after := near.Apply(e)
			if after.RemoteAllowed("usa.buford") {
				t.Error("the permission was not spent")
			}
			// Far from every enemy unit, the move is made.
			if _, err := g.Decide(marched(g, engine.MoveUnits{By: meade, Units: []string{"usa.buford"}, To: to, Ref: "X"}), engine.Script()); err != nil {
				t.Errorf("a remote move far from the enemy: %v", err)
			}
			// Seen (adjacent), the enemy refuses it with the rule's distance.
			adj := edit(g, "csa.hampton", func(u *engine.UnitState) { u.Hex = buford.Hex.Neighbours()[0] })
			acRefused(t, adj, marched(adj, engine.MoveUnits{By: meade, Units: []string{"usa.buford"}, To: to, Ref: "X"}), "remote.near", "1 hexes from an enemy unit")
		})
	}
}
