package lrtg_test

import (
	"errors"
	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
	"github.com/umpire-games/umpire/scenarios"
	"maps"
	"reflect"
	"strings"
	"sync"
	"testing"
)

// The random events step (000 2.0; 003 Random Events) on the real rules
// table, map and order of battle: every redirect with the dice that lead
// to it, the facts from constructed states, the effects and the waits.

var (
	reUmpire = engine.Actor{ID: "u0", Name: "Umpire"}
	reLee    = engine.Actor{ID: "u1", Name: "Lee"}
	reMeade  = engine.Actor{ID: "u2", Name: "Meade"}
)

type reData struct {
	lib  *engine.Library
	lrtg *engine.Theatre
	oob  *engine.OrderOfBattle
}

var (
	reOnce sync.Once
	reD    reData
	reErr  error
)

func reLoad(t *testing.T) reData {
	t.Helper()
	reOnce.Do(func() {
		if reD.lib, reErr = scenarios.Library(); reErr != nil {
			return
		}
		ts, err := scenarios.Theatres()
		if err != nil {
			reErr = err
			return
		}
		reD.lrtg = ts["lrtg"]
		orders, err := scenarios.OrdersOfBattleOn(ts)
		if err != nil {
			reErr = err
			return
		}
		reD.oob = orders["lrtg"]
	})
	if reErr != nil {
		t.Fatal(reErr)
	}
	return reD
}

// reGame is a started High Tide game at step 1b of turn 4, so the next
// step is 1d.
func reGame(t *testing.T, o engine.GameOptions) engine.GameState {
	t.Helper()
	d := reLoad(t)
	if o.Scenario == "" {
		o = engine.GameOptions{Scenario: "lrtg-high-tide", Supply: "normal", Comms: 2, Optional: o.Optional, Halleck: o.Halleck, LimitedIntel: o.LimitedIntel}
	}
	g := engine.GameState{}
	for _, c := range []engine.Command{
		withRules(engine.NewGame{By: reUmpire, Options: o}),
		engine.JoinGame{By: reLee, Side: engine.CSA},
		engine.JoinGame{By: reMeade, Side: engine.USA},
		engine.StartGame{By: reUmpire, OOB: d.oob},
	} {
		evs, err := g.Decide(c, engine.Script())
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range evs {
			g = g.Apply(e)
		}
	}
	g.Turn = 4
	g.Sequence = engine.SequenceState{Step: "1b", Turn: 4}
	// Lee starts on his set-up track: put him with Longstreet at Culpeper.
	return place(t, g, "SS1418", "csa.lee")
}

// place puts units at a printed hex (a constructed state).
func place(t *testing.T, g engine.GameState, ref string, ids ...string) engine.GameState {
	t.Helper()
	h, _, err := reLoad(t).lrtg.ParseHex(ref, "")
	if err != nil {
		t.Fatal(err)
	}
	g.Units = maps.Clone(g.Units)
	for _, id := range ids {
		u, ok := g.Units[id]
		if !ok {
			t.Fatalf("no unit %s", id)
		}
		u.OnMap, u.Hex, u.Ref, u.Track, u.Slot = true, h, ref, "", 0
		g.Units[id] = u
	}
	return g
}

func reSequence() *engine.Sequence {
	return &engine.Sequence{Game: lrtg.LRTG, Steps: []engine.Step{
		{ID: "1b", Phase: "Turn Start", Name: "Union Reinforcements", When: engine.WhenAfterOpening},
		{ID: "1d", Phase: "Turn Start", Name: "Random Events", Rule: "2.0", When: engine.WhenAfterOpening},
		{ID: "1e", Phase: "Turn Start", Name: "Declaration", Rule: "4.0"},
	}}
}

// rollEvent begins step 1d with scripted dice and returns the state after
// it, its events and the random event.
func rollEvent(t *testing.T, g engine.GameState, faces ...int) (engine.GameState, []engine.Event, *lrtg.RandomEventRolled) {
	t.Helper()
	d := reLoad(t)
	dice := engine.Script(faces...)
	ctx := engine.StepContext{Move: &engine.MoveData{Theatre: d.lrtg, OOB: d.oob}, Library: d.lib}
	evs, err := g.Decide(engine.NextStep{By: reUmpire, Sequence: reSequence(), Context: ctx}, dice)
	if err != nil {
		t.Fatal(err)
	}
	if dice.Remaining() != 0 {
		t.Fatalf("%d scripted dice left unrolled", dice.Remaining())
	}
	var ev *lrtg.RandomEventRolled
	for _, e := range evs {
		typ, data, err := engine.EncodeEvent(e)
		if err != nil {
			t.Fatal(err)
		}
		back, err := decodeEvent(typ, data)
		if err != nil {
			t.Fatal(err)
		}
		g = g.Apply(back) // as a replay folds it
		if r, ok := e.(*lrtg.RandomEventRolled); ok {
			ev = r
		}
	}
	if ev == nil || g.CurrentStep() != "1d" {
		t.Fatalf("no random event (step %q): %+v", g.CurrentStep(), evs)
	}
	if _, ok := evs[0].(*engine.StepBegun); !ok {
		t.Fatalf("the step does not begin first: %+v", evs[0])
	}
	return g, evs[1:], ev // the procedure's events
}

// nextTurn stands at 1b of the next turn (a constructed state).
func nextTurn(g engine.GameState) engine.GameState {
	g.Turn++
	g.Sequence = engine.SequenceState{Step: "1b", Turn: g.Turn}
	return g
}

func withRain(g engine.GameState, turns ...int) engine.GameState {
	s := lrtg.Of(g).Events
	s.Rolled = append([]lrtg.RandomEventRolled(nil), s.Rolled...)
	for _, t := range turns {
		s.Rolled = append(s.Rolled, lrtg.RandomEventRolled{Turn: t, Days: 1, Outcome: lrtg.RandomRain})
	}
	g = lrtg.With(g, func(st *lrtg.State) { st.Events = s })
	return g
}

func arrivedAll(t *testing.T, g engine.GameState, track string) engine.GameState {
	t.Helper()
	for _, id := range sortedIDs(g) {
		if g.Units[id].Track == track {
			g = place(t, g, "SS1418", id)
		}
	}
	return g
}

func sortedIDs(g engine.GameState) []string {
	var out []string
	for id := range g.Units {
		out = append(out, id)
	}
	for i := range out {
		for j := i + 1; j < len(out); j++ {
			if out[j] < out[i] {
				out[i], out[j] = out[j], out[i]
			}
		}
	}
	return out
}

func TestRandomEventFactsFromState(t *testing.T) {
	m := reLoad(t).lrtg
	g := reGame(t, engine.GameOptions{})
	want := map[string]int{"rain_plus_one_last_turn": 0, "rain_days": 0, "rg_all_arrived": 0, "raspberry_raid_happened": 0,
		"meade_in_command": 0, "lee_north": 0, "meade_north": 0, "csa_infantry_crossed": 0, "csa_reinforcements_all_arrived": 0}
	check := func(g engine.GameState, what string) {
		t.Helper()
		f := lrtg.Of(g).RandomEventFacts(m)
		if miss := reLoad(t).lib.Table(lrtg.RandomEventsTable).MissingFacts(f); len(miss) > 0 {
			t.Fatalf("%s: facts missing: %+v", what, miss)
		}
		for k, v := range want {
			if f[k] != v {
				t.Errorf("%s: %s = %d, want %d", what, k, f[k], v)
			}
		}
	}
	check(g, "set-up")

	// Rain so far, and last turn's Rain+1.
	g = withRain(g, 1, 2) // turns of one day each
	s := lrtg.Of(g).Events
	s.Rolled = append(s.Rolled, lrtg.RandomEventRolled{Turn: 3, Days: 1, Outcome: lrtg.RandomRainPlusOne})
	g = lrtg.With(g, func(st *lrtg.State) { st.Events = s })
	want["rain_days"], want["rain_plus_one_last_turn"] = 3, 1
	check(g, "after rain")

	// Lee in Maryland (Hagerstown), then Confederate infantry too.
	g = place(t, g, "HW2502", "csa.lee")
	want["lee_north"] = 1
	check(g, "Lee at Hagerstown")
	g = place(t, g, "HW2502", "csa.hood")
	want["csa_infantry_crossed"] = 1
	check(g, "Hood at Hagerstown")
	g = place(t, g, "SS1418", "csa.hood", "csa.lee")
	want["lee_north"], want["csa_infantry_crossed"] = 0, 0
	check(g, "back in Virginia")
	g = lrtg.With(g, func(s *lrtg.State) { s.Victory.CrossedTurn = 3 }) // the recorded crossing still counts
	want["csa_infantry_crossed"] = 1
	check(g, "crossing recorded")

	// Meade in command, in Pennsylvania.
	g = lrtg.With(g, func(s *lrtg.State) { s.Movement.Meade = true })
	want["meade_in_command"] = 1
	check(g, "Meade commands at SS4927")
	g = place(t, g, "RS3201", "usa.meade")
	want["meade_north"] = 1
	check(g, "Meade at Gettysburg")

	// Every installment on the map; the raid rolled.
	g = arrivedAll(t, g, lrtg.TrackRichmond)
	want["rg_all_arrived"] = 1
	check(g, "Richmond Garrison arrived")
	g = arrivedAll(t, g, lrtg.TrackCSAReinforce)
	want["csa_reinforcements_all_arrived"] = 1
	check(g, "reinforcements arrived")
	g = lrtg.With(g, func(s *lrtg.State) { s.Victory.RaspberryRaid = true })
	want["raspberry_raid_happened"] = 1
	check(g, "raid rolled")
}

// Each printed result and each "treat instead" of the table, with the dice
// that make it.
func TestRandomEventRedirects(t *testing.T) {
	base := reGame(t, engine.GameOptions{})
	meade := func(g engine.GameState, ref string) engine.GameState {
		g = lrtg.With(g, func(s *lrtg.State) { s.Movement.Meade = true })
		return place(t, g, ref, "usa.meade")
	}
	for _, c := range []struct {
		name    string
		setup   func(engine.GameState) engine.GameState
		faces   []int
		printed string
		outcome string
		chain   int
	}{
		{"2 Rain+1", nil, []int{1, 1}, lrtg.RandomRainPlusOne, lrtg.RandomRainPlusOne, 0},
		{"2 after Rain+1", func(g engine.GameState) engine.GameState {
			g = lrtg.With(g, func(s *lrtg.State) {
				s.Events.Rolled = []lrtg.RandomEventRolled{{Turn: 3, Days: 1, Outcome: lrtg.RandomRainPlusOne}}
			})
			return g
		}, []int{1, 1}, lrtg.RandomRainPlusOne, lrtg.RandomRain, 1},
		{"3 Rain", nil, []int{1, 2}, lrtg.RandomRain, lrtg.RandomRain, 0},
		{"4 Rain", func(g engine.GameState) engine.GameState { return withRain(g, 1, 2, 3) }, []int{2, 2}, lrtg.RandomRain, lrtg.RandomRain, 0},
		{"4 Richmond Garrison after 4 days of rain", func(g engine.GameState) engine.GameState { return withRain(g, 0, 1, 2, 3) },
			[]int{2, 2, 6}, lrtg.RandomRain, lrtg.RandomRichmond, 1},
		{"4 Raspberry Raid", func(g engine.GameState) engine.GameState {
			return arrivedAll(t, withRain(g, 0, 1, 2, 3), lrtg.TrackRichmond)
		}, []int{2, 2}, lrtg.RandomRain, lrtg.RandomRaspberryRaid, 2},
		{"4 Rain after the raid", func(g engine.GameState) engine.GameState {
			g = arrivedAll(t, withRain(g, 0, 1, 2, 3), lrtg.TrackRichmond)
			g = lrtg.With(g, func(s *lrtg.State) { s.Victory.RaspberryRaid = true })
			return g
		}, []int{2, 2}, lrtg.RandomRain, lrtg.RandomRain, 1},
		// Issue 22: the raid rolled out of step (/vp action:raspberry-raid)
		// with installments still to come and four days of rain: Rain,
		// "regardless of any previous rain", not Richmond Garrison.
		{"4 Rain after the raid, the garrison not all in", func(g engine.GameState) engine.GameState {
			g = withRain(g, 0, 1, 2, 3)
			g = lrtg.With(g, func(s *lrtg.State) { s.Victory.RaspberryRaid = true })
			return g
		}, []int{2, 2}, lrtg.RandomRain, lrtg.RandomRain, 1},
		{"5 Halleck", nil, []int{2, 3}, lrtg.RandomHalleck, lrtg.RandomHalleck, 0},
		{"6 Hooker Questioned", nil, []int{3, 3}, lrtg.RandomHooker, lrtg.RandomHooker, 0},
		{"6 Union breakdown", func(g engine.GameState) engine.GameState { return meade(g, "SS4927") }, []int{3, 3}, lrtg.RandomHooker, lrtg.RandomUSACommsBreak, 1},
		{"6 Confederate Reinforcement", func(g engine.GameState) engine.GameState {
			return place(t, meade(g, "SS4927"), "HW2502", "csa.lee")
		}, []int{3, 3}, lrtg.RandomHooker, lrtg.RandomReinforcement, 1},
		{"6 Rain: every reinforcement arrived", func(g engine.GameState) engine.GameState {
			return arrivedAll(t, place(t, meade(g, "SS4927"), "HW2502", "csa.lee"), lrtg.TrackCSAReinforce)
		}, []int{3, 3}, lrtg.RandomHooker, lrtg.RandomRain, 2},
		{"7 Rear Area Paralysis", nil, []int{3, 4}, lrtg.RandomRearParalysis, lrtg.RandomRearParalysis, 0},
		{"7 Hooker Questioned: infantry crossed", func(g engine.GameState) engine.GameState { return place(t, g, "HW2502", "csa.hood") },
			[]int{3, 4}, lrtg.RandomRearParalysis, lrtg.RandomHooker, 1},
		{"7 Confederate breakdown", func(g engine.GameState) engine.GameState {
			return place(t, meade(g, "SS4927"), "HW2502", "csa.hood")
		}, []int{3, 4}, lrtg.RandomRearParalysis, lrtg.RandomCSACommsBreak, 1},
		{"7 Richmond Garrison", func(g engine.GameState) engine.GameState { return meade(g, "RS3201") },
			[]int{3, 4, 2}, lrtg.RandomRearParalysis, lrtg.RandomRichmond, 1},
		{"7 Raspberry Raid", func(g engine.GameState) engine.GameState {
			return arrivedAll(t, meade(g, "RS3201"), lrtg.TrackRichmond)
		}, []int{3, 4}, lrtg.RandomRearParalysis, lrtg.RandomRaspberryRaid, 2},
		{"7 No Effect", func(g engine.GameState) engine.GameState {
			g = arrivedAll(t, meade(g, "RS3201"), lrtg.TrackRichmond)
			g = lrtg.With(g, func(s *lrtg.State) { s.Victory.RaspberryRaid = true })
			return g
		}, []int{3, 4}, lrtg.RandomRearParalysis, lrtg.RandomNoEffect, 1},
		{"7 No Effect after the raid, the garrison not all in", func(g engine.GameState) engine.GameState {
			g = meade(g, "RS3201")
			g = lrtg.With(g, func(s *lrtg.State) { s.Victory.RaspberryRaid = true })
			return g
		}, []int{3, 4}, lrtg.RandomRearParalysis, lrtg.RandomNoEffect, 1},
		{"8 Spy", nil, []int{4, 4, 3, 5}, lrtg.RandomSpy, lrtg.RandomSpy, 0},
		{"9 Reinforcement and ammunition", nil, []int{4, 5}, lrtg.RandomReinforceAmmo, lrtg.RandomReinforceAmmo, 0},
		{"9 Rain and ammunition", func(g engine.GameState) engine.GameState { return arrivedAll(t, g, lrtg.TrackCSAReinforce) },
			[]int{4, 5}, lrtg.RandomReinforceAmmo, lrtg.RandomRainAndAmmo, 1},
		{"10 Lee is Sick", nil, []int{5, 5}, lrtg.RandomLeeSick, lrtg.RandomLeeSick, 0},
		{"11 Heat", nil, []int{5, 6}, lrtg.RandomHeat, lrtg.RandomHeat, 0},
		{"12 Heat", nil, []int{6, 6}, lrtg.RandomHeat, lrtg.RandomHeat, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := base
			if c.setup != nil {
				g = c.setup(g)
			}
			// A Richmond Garrison unit south of the Potomac would make the
			// raid wait: these cases have none on the map except where
			// the setup put them (Culpeper, south), which the raid case
			// leaves waiting.
			_, evs, ev := rollEvent(t, g, c.faces...)
			tr := evs[0].(*engine.TableRolled)
			if tr.Table != lrtg.RandomEventsTable || tr.Total != c.faces[0]+c.faces[1] {
				t.Fatalf("roll: %+v", tr.TableRoll)
			}
			if ev.Printed != c.printed || ev.Outcome != c.outcome || len(tr.Redirects) != c.chain {
				t.Fatalf("printed %s → %s via %+v; want %s → %s in %d steps", ev.Printed, ev.Outcome, tr.Redirects, c.printed, c.outcome, c.chain)
			}
			if len(ev.Notes) == 0 || len(ev.Effects) != 0 {
				t.Errorf("%s says nothing of its effects", ev.Outcome)
			}
		})
	}
}

func TestRandomEventEffects(t *testing.T) {
	t.Run("rain days, heat and paralysis flags", func(t *testing.T) {
		g, _, ev := rollEvent(t, reGame(t, engine.GameOptions{}), 1, 2) // 3: Rain
		if lrtg.Of(g).Events.RainDays() != 1 || !lrtg.Of(g).EventActive(lrtg.EffectAnyRain) || !lrtg.Of(g).Events.Active(4, lrtg.RandomRain) || len(ev.Notes) == 0 || !reflect.DeepEqual(ev.Notes[0], lrtg.RandomNote{Code: lrtg.RandomNoteRain, N: 1}) {
			t.Fatalf("rain: %d days, %+v", lrtg.Of(g).Events.RainDays(), ev.Notes)
		}
		g, _, _ = rollEvent(t, nextTurn(g), 1, 1) // 2: Rain+1
		if lrtg.Of(g).Events.RainDays() != 2 || !lrtg.Of(g).EventActive(lrtg.RandomRainPlusOne) || lrtg.Of(g).Events.Active(4, lrtg.RandomRainPlusOne) {
			t.Fatalf("heavy rain: %d", lrtg.Of(g).Events.RainDays())
		}
		g, _, _ = rollEvent(t, nextTurn(g), 1, 1) // 2 after Rain+1: Rain
		if !lrtg.Of(g).EventActive(lrtg.RandomRain) || lrtg.Of(g).Events.RainDays() != 3 {
			t.Fatalf("2 after Rain+1: %+v", lrtg.Of(g).Events.Of(g.Turn))
		}
		g, _, _ = rollEvent(t, nextTurn(g), 6, 6) // Heat
		if n, why := lrtg.Of(g).Events.DisorgModifier(g.Turn); n != 1 || why == "" || lrtg.Of(g).EventActive(lrtg.EffectAnyRain) {
			t.Fatalf("heat: %d %q", n, why)
		}
		g, _, _ = rollEvent(t, nextTurn(g), 3, 4) // Rear Area Paralysis
		if !lrtg.Of(g).Events.RearAreaParalysis(g.Turn) || !lrtg.Of(g).Events.NoRail(g.Turn, engine.USA) || lrtg.Of(g).Events.NoRail(g.Turn, engine.CSA) || lrtg.Of(g).Events.NoRail(g.Turn-1, engine.USA) {
			t.Fatal("rear area paralysis")
		}
		g, _, _ = rollEvent(t, nextTurn(g), 5, 5) // Lee is Sick
		if n, _ := lrtg.Of(g).Events.InitiativeModifier(g.Turn, engine.CSA); n != -1 {
			t.Fatalf("Lee is sick: %d", n)
		}
		if n, _ := lrtg.Of(g).Events.InitiativeModifier(g.Turn, engine.USA); n != 0 {
			t.Fatalf("Lee is sick, Union: %d", n)
		}
		if no, _ := lrtg.Of(g).Events.NoComms(g.Turn, engine.CSA, g.Options.Comms); !no {
			t.Fatal("Lee is sick: Confederate communications")
		}
	})
	t.Run("Halleck", func(t *testing.T) {
		g := reGame(t, engine.GameOptions{Halleck: true})
		// Step 1b released group 1 this turn (and group 2 before).
		g = lrtg.With(g, func(s *lrtg.State) { s.Movement.Released = []string{"release-group-2", "release-group-1"} })
		g = lrtg.With(g, func(s *lrtg.State) {
			s.TurnStart.Rolls = []lrtg.UnionRolled{{Turn: 3, Track: lrtg.TrackBaltDC, Success: true, Group: "release-group-2"},
				{Turn: 4, Track: lrtg.TrackBaltDC, Success: true, Group: "release-group-1"}}
		})
		casey, sevenNY, briggs, york := g.Units["usa.casey"].Manpower, g.Units["usa.7-ny"].Manpower, g.Units["usa.briggs"].Manpower, g.Units["usa.179-pa"].Manpower
		g, _, ev := rollEvent(t, g, 2, 3)
		if g.Units["usa.casey"].Manpower != casey+1 || g.Units["usa.7-ny"].Manpower != sevenNY+1 || g.Units["usa.briggs"].Manpower != briggs+1 {
			t.Fatalf("DC and Baltimore: Casey %d→%d, 7 NY %d→%d", casey, g.Units["usa.casey"].Manpower, sevenNY, g.Units["usa.7-ny"].Manpower)
		}
		if g.Units["usa.179-pa"].Manpower != york {
			t.Fatal("179 PA at York gained manpower")
		}
		for _, m := range ev.Manpower {
			if u := g.Units[m.Unit]; u.Side != engine.USA || u.Kind.IsLeader() {
				t.Errorf("Halleck added manpower to %s", m.Unit)
			}
		}
		if ev.CancelledRelease != "release-group-1" || !lrtg.Of(g).Movement.IsReleased("release-group-2") || lrtg.Of(g).Movement.IsReleased("release-group-1") {
			t.Fatalf("cancelled %q; released %v", ev.CancelledRelease, lrtg.Of(g).Movement.Released)
		}
		if n, _ := lrtg.Of(g).Events.InitiativeModifier(g.Turn, engine.USA); n != -1 || !lrtg.Of(g).Events.ReleasesCancelled(g.Turn) || !lrtg.Of(g).Events.HalleckCommands(g.Turn) {
			t.Fatal("Halleck's flags")
		}
	})
	t.Run("Hooker questioned counts", func(t *testing.T) {
		g := reGame(t, engine.GameOptions{})
		for i := 1; i <= 2; i++ {
			var ev *lrtg.RandomEventRolled
			g, _, ev = rollEvent(t, g, 3, 3)
			if lrtg.Of(g).Events.HookerQuestioned() != i || len(ev.Notes) == 0 || !reflect.DeepEqual(ev.Notes[0], lrtg.RandomNote{Code: lrtg.RandomNoteHooker, N: i}) {
				t.Fatalf("occurrence %d: %d %+v", i, lrtg.Of(g).Events.HookerQuestioned(), ev.Notes)
			}
			g = nextTurn(g)
		}
	})
	t.Run("Richmond Garrison installments and Beauregard", func(t *testing.T) {
		g := withRain(reGame(t, engine.GameOptions{}), 0, 1, 2, 3)
		g, evs, ev := rollEvent(t, g, 2, 2, 1) // 4 → Richmond Garrison; Beauregard rolls 1
		if ev.Installment != 1 || len(ev.Units) != 1 || ev.Units[0] != "csa.corse" || ev.Beauregard == nil || ev.BeauregardWith != "csa.corse" {
			t.Fatalf("first installment: %+v", ev)
		}
		if br := evs[1].(*engine.TableRolled); br.Table != lrtg.BeauregardTable || br.Outcome != "arrives" || ev.BeauregardRoll != br.Number || br.Number != evs[0].(*engine.TableRolled).Number+1 {
			t.Fatalf("Beauregard roll: %+v", br.TableRoll)
		}
		if got := lrtg.Of(g).AvailableToEnter(); len(got) != 2 || got[0] != lrtg.BeauregardID || got[1] != "csa.corse" {
			t.Fatalf("available: %v", got)
		}
		if b := g.Units[lrtg.BeauregardID]; !b.Kind.IsLeader() || b.Command != "Rich" || b.Side != engine.CSA || b.OnMap {
			t.Fatalf("Beauregard: %+v", b)
		}
		g, evs, ev = rollEvent(t, nextTurn(g), 2, 2) // the next: M. Jenkins, no roll for Beauregard
		if ev.Installment != 2 || ev.Units[0] != "csa.mjenkins" || ev.BeauregardRoll != 0 || len(evs) != 2 {
			t.Fatalf("second installment: %+v", ev)
		}
		// Placed units count as arrived: the third comes next.
		g = place(t, g, "SS1418", "csa.corse", "csa.mjenkins", lrtg.BeauregardID)
		g, _, ev = rollEvent(t, nextTurn(g), 2, 2)
		if ev.Units[0] != "csa.cooke" || len(lrtg.Of(g).AvailableToEnter()) != 1 {
			t.Fatalf("third installment: %+v, available %v", ev, lrtg.Of(g).AvailableToEnter())
		}
	})
	t.Run("Confederate Reinforcement boxes and ammunition", func(t *testing.T) {
		g := reGame(t, engine.GameOptions{Optional: []int{19}})
		g, _, ev := rollEvent(t, g, 4, 5)
		if ev.Installment != 1 || ev.Units[0] != "csa.imboden" || ev.Ammo != 7 || len(g.Waiting()) != 0 {
			t.Fatalf("box 1: %+v (no division has lost ammunition: nothing to wait for)", ev)
		}
		hood := g.Units["csa.hood"]
		hood.Status.Ammo = 2
		g.Units = maps.Clone(g.Units)
		g.Units["csa.hood"] = hood
		g, _, ev = rollEvent(t, nextTurn(g), 4, 5)
		if ev.Units[0] != "csa.54nc" || ev.Ammo != 7 || len(g.Waiting()) != 1 || !strings.Contains(g.Waiting()[0], "ammunition train") {
			t.Fatalf("box 2: %+v, waiting %v", ev, g.Waiting())
		}
	})
}

func TestSpyContest(t *testing.T) {
	g := reGame(t, engine.GameOptions{})
	// Lee at Culpeper (south): the CSA rolls unmodified; Hooker at SS4929
	// (south): the USA -1. 3 against 4-1: a tie.
	for _, c := range []struct {
		name  string
		whlee string // W.H. Lee's hex; Hooker is at SS4929
		devin string // Devin's hex; Lee is at SS1418
		want  engine.Side
	}{
		{"Confederate cavalry closer", "SS4928", "SS1420", engine.CSA},
		{"the same distance: the Confederates", "SS4928", "SS1419", engine.CSA},
		{"Union cavalry closer", "SS1914", "SS1419", engine.USA},
	} {
		t.Run(c.name, func(t *testing.T) {
			tied := place(t, place(t, g, c.whlee, "csa.whlee"), c.devin, "usa.devin")
			after, evs, ev := rollEvent(t, tied, 4, 4, 3, 4)
			sr := evs[1].(*engine.TableRolled)
			if sr.Table != lrtg.SpyTable || sr.Sides[0].Total != 3 || sr.Sides[1].Total != 3 || len(sr.Redirects) != 1 || sr.Redirects[0].From != "tie" {
				t.Fatalf("spy roll: %+v", sr.TableRoll)
			}
			if ev.Spy != c.want || lrtg.Of(after).Events.SpyWinner(4) != c.want || lrtg.Of(after).Events.SpyWinner(5) != "" || ev.SpyRoll != sr.Number ||
				ev.SpyCavalry == nil || ev.SpyCavalry.To != c.want || ev.SpyTie != "" {
				t.Fatalf("winner %q (%+v), want %q", ev.Spy, ev.SpyCavalry, c.want)
			}
		})
	}
	// Lee north of the Potomac (-1) and Hooker south (-1): 6-1 beats 2-1.
	north := place(t, g, "HW2502", "csa.lee")
	_, evs, ev := rollEvent(t, north, 4, 4, 6, 2)
	sr := evs[1].(*engine.TableRolled)
	if sr.Sides[0].Total != 5 || sr.Sides[1].Total != 1 || ev.Spy != engine.CSA || len(sr.Redirects) != 0 {
		t.Fatalf("modifiers: %+v → %s", sr.Sides, ev.Spy)
	}
	// Meade in command in Maryland: no Union modifier; 2 loses to 3.
	meade := place(t, g, "HW2502", "usa.meade")
	meade = lrtg.With(meade, func(s *lrtg.State) { s.Movement.Meade = true })
	_, evs, ev = rollEvent(t, meade, 4, 4, 2, 3)
	if sr := evs[1].(*engine.TableRolled); sr.Sides[1].Total != 3 || len(sr.Sides[1].Modifiers) != 0 || ev.Spy != engine.USA {
		t.Fatalf("Meade north: %+v → %s", sr.Sides, ev.Spy)
	}
}

func TestRaspberryRaidWaitsForTheConfederates(t *testing.T) {
	d := reLoad(t)
	rt := d.lib.Table(lrtg.RaspberryRaidTable)
	m := d.lrtg
	g := withRain(reGame(t, engine.GameOptions{}), 0, 1, 2, 3)
	g, _, ev := rollEvent(t, g, 2, 2, 1) // Richmond Garrison, Beauregard comes with Corse
	if ev.Beauregard == nil {
		t.Fatal("no Beauregard")
	}
	// Every garrison unit and Beauregard at Culpeper, south of the Potomac.
	g = arrivedAll(t, g, lrtg.TrackRichmond)
	g = place(t, g, "SS1418", lrtg.BeauregardID)
	g = nextTurn(g)
	g, evs, ev := rollEvent(t, g, 2, 2) // 4 → Richmond Garrison → Raspberry Raid
	if ev.Outcome != lrtg.RandomRaspberryRaid || !ev.RaidPending || len(evs) != 2 {
		t.Fatalf("raid: %+v", ev)
	}
	if w := g.Waiting(); len(w) != 1 || !strings.Contains(w[0], "Raspberry Raid") {
		t.Fatalf("waiting: %v", w)
	}
	raid := lrtg.RaspberryRaid{By: reLee, Units: []string{"csa.corse", "csa.cooke"}, Table: rt, Map: m}
	if _, err := g.Decide(lrtg.RaspberryRaid{By: reMeade, Table: rt, Map: m}, engine.Script(6)); !errors.Is(err, engine.ErrIllegal) {
		t.Fatalf("the Union chose the raid: %v", err)
	}
	later := g
	later.Sequence.Step = "1e"
	if _, err := later.Decide(raid, engine.Script(6)); !errors.Is(err, engine.ErrIllegal) || !strings.Contains(err.Error(), "Random Events step") {
		t.Fatalf("the raid out of its step: %v", err)
	}
	small := g
	small.Units = maps.Clone(g.Units)
	c := small.Units["csa.cooke"]
	c.Manpower = 2
	small.Units["csa.cooke"] = c
	if _, err := small.Decide(raid, engine.Script(6)); !errors.Is(err, engine.ErrIllegal) {
		t.Fatalf("a 2-manpower unit withdrawn: %v", err)
	}
	vpBefore := len(lrtg.Of(g).VP)
	evs, err := g.Decide(raid, engine.Script(5)) // 5 - 2 = 3: 10 VP
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range evs {
		g = g.Apply(e)
	}
	tr := evs[0].(*engine.TableRolled)
	if tr.Total != 3 || tr.Outcome != "vp10" || len(lrtg.Of(g).VP) != vpBefore+1 || lrtg.Of(g).VP[len(lrtg.Of(g).VP)-1].VP != -10 {
		t.Fatalf("raid roll: %+v, VP %+v", tr.TableRoll, lrtg.Of(g).VP)
	}
	settled := evs[len(evs)-1].(*lrtg.RaspberryRaidSettled)
	if !settled.BeauregardRemoved || !g.Units[lrtg.BeauregardID].Eliminated || !g.Units["csa.corse"].Eliminated || g.Units["csa.wise"].Eliminated {
		t.Fatalf("withdrawn: %+v", settled)
	}
	if w := g.Waiting(); len(w) != 0 || !lrtg.Of(g).Victory.RaspberryRaid {
		t.Fatalf("still waiting: %v", w)
	}
	if _, err := g.Decide(raid, engine.Script(5)); !errors.Is(err, engine.ErrIllegal) {
		t.Fatalf("a second raid: %v", err)
	}
	// The next 4 after the raid is Rain.
	_, _, ev = rollEvent(t, nextTurn(g), 2, 2)
	if ev.Outcome != lrtg.RandomRain {
		t.Fatalf("after the raid: %s", ev.Outcome)
	}
}

// With no garrison unit it could withdraw, the raid is rolled at once.
func TestRaspberryRaidRolledAtOnce(t *testing.T) {
	g := withRain(reGame(t, engine.GameOptions{}), 0, 1, 2, 3)
	for _, id := range sortedIDs(g) {
		if g.Units[id].Track == lrtg.TrackRichmond {
			g = place(t, g, "HW2502", id) // in Maryland
		}
	}
	g, evs, ev := rollEvent(t, g, 2, 2, 4) // raid: 4 = 20 VP
	if ev.Outcome != lrtg.RandomRaspberryRaid || ev.RaidPending || len(evs) != 5 {
		t.Fatalf("raid: %+v, %d events", ev, len(evs))
	}
	if tr := evs[2].(*engine.TableRolled); tr.Table != lrtg.RaspberryRaidTable || tr.Number != evs[0].(*engine.TableRolled).Number+1 {
		t.Fatalf("raid roll: %+v", tr)
	}
	if !lrtg.Of(g).Victory.RaspberryRaid || lrtg.Of(g).VP[len(lrtg.Of(g).VP)-1].VP != -20 || len(g.Waiting()) != 0 {
		t.Fatalf("VP %+v, waiting %v", lrtg.Of(g).VP, g.Waiting())
	}
}

func TestAmmunitionTrain(t *testing.T) {
	m := reLoad(t).lrtg
	g := reGame(t, engine.GameOptions{Optional: []int{19}})
	g = place(t, g, "SS2030", "csa.lee") // with Hood
	g.Units = maps.Clone(g.Units)
	for id, lvl := range map[string]int{"csa.hood": 3, "csa.mclaws": 2, "csa.heth": 3} {
		u := g.Units[id]
		u.Status.Ammo = lvl
		g.Units[id] = u
	}
	g = arrivedAll(t, g, lrtg.TrackCSAReinforce)
	g, _, ev := rollEvent(t, g, 4, 5) // 9 → Rain, and the ammunition train
	if ev.Outcome != lrtg.RandomRainAndAmmo || ev.Ammo != 7 || !lrtg.Of(g).EventActive(lrtg.EffectAmmoTrain) || !lrtg.Of(g).EventActive(lrtg.EffectAnyRain) {
		t.Fatalf("event: %+v", ev)
	}
	if w := g.Waiting(); len(w) != 1 || !strings.Contains(w[0], "ammunition") {
		t.Fatalf("waiting: %v", w)
	}
	for _, bad := range []lrtg.AmmoTrain{
		{By: reMeade, Levels: map[string]int{"csa.hood": 1}, Map: m},                               // the Union
		{By: reLee, Levels: map[string]int{"csa.hood": 3, "csa.mclaws": 2, "csa.heth": 3}, Map: m}, // 8 > 7
		{By: reLee, Levels: map[string]int{"csa.mclaws": 3}, Map: m},                               // only 2 lost
	} {
		if _, err := g.Decide(bad, engine.Script()); !errors.Is(err, engine.ErrIllegal) {
			t.Errorf("%+v: %v", bad.Levels, err)
		}
	}
	// Lee is in Orange County: Spotsylvania is next to it, Washington
	// County (Maryland) is not (19.4).
	far := place(t, g, "HW2502", "csa.heth")
	if _, err := far.Decide(lrtg.AmmoTrain{By: reLee, Levels: map[string]int{"csa.heth": 1}, Map: m}, engine.Script()); !errors.Is(err, engine.ErrIllegal) || !strings.Contains(err.Error(), "county") {
		t.Fatalf("Heth in Maryland: %v", err)
	}
	if evs, err := far.Decide(lrtg.AmmoTrain{By: reUmpire, Levels: map[string]int{"csa.heth": 1}, Map: m, Reason: "a courier"}, engine.Script()); err != nil || evs[0].(*lrtg.AmmoTrainUsed).Overruled == "" {
		t.Fatalf("the umpire's ruling: %v", err)
	}
	if _, err := g.Decide(lrtg.AmmoTrain{By: reLee, Levels: map[string]int{"csa.mclaws": 2}, Map: m}, engine.Script()); err != nil {
		t.Fatalf("McLaws in Spotsylvania, next to Orange: %v", err)
	}
	ok := lrtg.AmmoTrain{By: reLee, Levels: map[string]int{"csa.hood": 3}, Map: m}
	evs, err := g.Decide(ok, engine.Script())
	if err != nil {
		t.Fatal(err)
	}
	g = g.Apply(evs[0])
	if g.Units["csa.hood"].Status.Ammo != 0 || len(g.Waiting()) != 0 {
		t.Fatalf("Hood %+v, waiting %v", g.Units["csa.hood"].Status, g.Waiting())
	}
	if _, err := g.Decide(ok, engine.Script()); !errors.Is(err, engine.ErrIllegal) {
		t.Fatalf("a second use: %v", err)
	}
}

func TestRandomEventEntry(t *testing.T) {
	m := reLoad(t).lrtg
	g := withRain(reGame(t, engine.GameOptions{}), 0, 1, 2, 3)
	corse := g.Units["csa.corse"]
	if _, why, ok := lrtg.Of(g).RandomEventEntry(corse, m); !ok || !strings.Contains(why, "has not arrived") {
		t.Fatalf("Corse before the event: %q %v", why, ok)
	}
	if _, _, ok := lrtg.Of(g).RandomEventEntry(g.Units["csa.pickett"], m); ok {
		t.Fatal("Pickett is 1a's")
	}
	g, _, _ = rollEvent(t, g, 2, 2, 6) // Richmond Garrison: Corse
	e, why, ok := lrtg.Of(g).RandomEventEntry(g.Units["csa.corse"], m)
	edge, _, _ := m.ParseHex("SS3033", "")
	inland, _, _ := m.ParseHex("SS3032", "")
	if !ok || why != "" || e.In == nil || !e.In(edge) || e.In(inland) {
		t.Fatalf("Corse's entry: %+v %q", e, why)
	}
	g, _, _ = rollEvent(t, nextTurn(g), 4, 5) // Confederate Reinforcement: Imboden at Front Royal
	e, why, _ = lrtg.Of(g).RandomEventEntry(g.Units["csa.imboden"], m)
	fr := m.Place("Front Royal")
	if why != "" || e.In == nil || !e.In(fr.Hex) {
		t.Fatalf("Imboden's entry: %+v %q", e, why)
	}
	g = place(t, g, "SN0214", "usa.devin") // the Union occupies Front Royal
	if e, _, _ = lrtg.Of(g).RandomEventEntry(g.Units["csa.imboden"], m); e.In != nil || !strings.Contains(e.Where, "west map edge") {
		t.Fatalf("Front Royal occupied: %+v", e)
	}
}
