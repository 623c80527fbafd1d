package bot

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
	"github.com/umpire-games/umpire/scenarios"
)

// A property test of the answers in hidden modes (DESIGN "Fog of war";
// engine/lrtg/hidden.go; docs/hidden-refusals.md), a sibling of
// TestLeakProperty: generated LRTG and LRTA games, limited intelligence
// and double-blind, are played through the router as TestLeakProperty
// plays them; at points of each game, player commands that check the
// enemy (moves in every mode, remote movement requests, levies, dummy
// placements, activations, railroad repairs) are settled on the state as
// it is and on the state with one more enemy unit, or a dummy, where the
// player cannot see it, and the answers he gets are compared:
//
//   - double-blind: the answer with the unseen unit is the answer without
//     it;
//   - limited intelligence: a force marker he sees answers the same
//     whether it is a real unit (infantry or cavalry, of any strength) or a
//     dummy, and it is out of contact (not next to his units);
//
// except where the rules make the act discover the enemy: a move the
// unseen unit stopped (UnitsMoved.Stopped: the column halted, at the
// move's cost) or a repair it prevented (spent). Those answers must not
// name the unit, give its id, or measure the distance to it. Every answer
// is the text the player reads (a refusal's) or the events he gets, with
// the move's details as the router writes them.
//
// go test ./bot -run TestHiddenAnswersProperty -hidden.n=60 plays more
// games; -hidden.v logs each difference.

var hiddenGames = flag.Int("hidden.n", 0, "games the hidden-answers property test plays (0: the default, 6)")

var hiddenDebug = flag.Bool("hidden.v", false, "log every difference the hidden-answers property test finds")

// hiddenProbe names the extra unit, so that an answer naming it is
// caught.
const hiddenProbeName = "Zzprobe"

func TestHiddenAnswersProperty(t *testing.T) {
	n := 6
	if *hiddenGames > 0 {
		n = *hiddenGames
	}
	ts, err := scenarios.Theatres()
	if err != nil {
		t.Fatal(err)
	}
	th := ts["lrtg"]
	h := &hiddenCheck{found: map[string]string{}, stats: map[string]int{}}
	start := time.Now()
	for i := range n {
		scenario := []string{"lrtg-high-tide", "lrtg-gettysburg-campaign", "lrta-campaign"}[i%3]
		h.game(t, th, uint64(i+1), scenario)
	}
	t.Logf("%d games in %v: %v", n, time.Since(start), h.stats)
	var keys []string
	for k := range h.found {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		t.Errorf("answer depends on an unseen enemy: %s\n%s", k, h.found[k])
	}
	if h.stats["probes"] == 0 {
		t.Error("no command was probed")
	}
}

type hiddenCheck struct {
	found map[string]string // command|kind → first example
	stats map[string]int
}

// game plays a generated game (TestLeakProperty's play) and probes it.
func (h *hiddenCheck) game(t *testing.T, th *engine.Theatre, seed uint64, scenario string) {
	r := NewRouter(openStore(t), WithLogger(quietLog()), WithDice(SeededSource{}))
	p := &leakPlay{t: t, r: r, th: th, rng: rand.New(rand.NewPCG(seed, 1862)), found: map[string]string{}, revealed: map[string]bool{},
		con: &Console{Router: r, User: "umpire", Guild: "g", Channel: "war"}, game: fmt.Sprintf("%s seed %d", scenario, seed)}
	intel := "limited_intelligence:true"
	if seed%2 == 1 {
		intel = "intelligence:double-blind"
		p.game += " double-blind"
	}
	if out := p.do(fmt.Sprintf("/game new scenario:%s %s seed:%d", scenario, intel, seed)); out.Error != nil {
		t.Fatalf("%s: game new: %s", p.game, out.Text)
	}
	for _, l := range []string{"@lee /game join side:csa", "@meade /game join side:usa", "/game start", "/deadline set default:48h"} {
		if out := p.do(l); out.Error != nil {
			t.Fatalf("%s: %s: %s", p.game, l, out.Text)
		}
	}
	steps := 4 + p.rng.IntN(30)
	for i := range steps {
		if i%8 == 3 {
			h.probe(p, 30)
		}
		for range p.rng.IntN(4) {
			p.randomAction()
		}
		if st := p.cur.CurrentStep(); strings.HasPrefix(st, "4") && p.rng.IntN(3) > 0 {
			p.actionRound()
		}
		line := "/phase next"
		if len(p.cur.Waiting()) > 0 {
			line += " force:true reason:generated game"
		}
		p.do(line)
	}
	h.probe(p, 30)
}

// probe settles k player commands on the state, and on the state without
// the sequence of play (so that moves are checked outside an action too).
func (h *hiddenCheck) probe(p *leakPlay, k int) {
	for _, g := range []engine.GameState{p.cur, noSequence(p.cur)} {
		for range k {
			h.probeOne(p, g)
		}
	}
}

func noSequence(g engine.GameState) engine.GameState {
	g.Sequence = engine.SequenceState{}
	return g
}

// hiddenCmd is a generated player command and the state it is settled
// on (the generator may set the player's own units up for it).
type hiddenCmd struct {
	name string
	g    engine.GameState
	cmd  engine.Command
	near engine.Hex // where an enemy would matter most
}

func (h *hiddenCheck) probeOne(p *leakPlay, g engine.GameState) {
	side := []engine.Side{engine.CSA, engine.USA}[p.rng.IntN(2)]
	player := map[engine.Side]string{engine.CSA: "lee", engine.USA: "meade"}[side]
	by := engine.Actor{ID: "console:" + player, Name: player}
	c, ok := h.command(p, g, side, by)
	if !ok {
		return
	}
	enemy := map[engine.Side]engine.Side{engine.CSA: engine.USA, engine.USA: engine.CSA}[side]
	x, ok := h.unseenHex(p, c, by, side)
	if !ok {
		return
	}
	h.stats["probes"]++
	h.stats[c.name]++
	limited := c.g.Options.IntelMode() == engine.IntelLimited
	base := answerOf(p, c.g, c.cmd)
	if limited { // a marker he sees: the dummy is the baseline
		base = answerOf(p, withDummy(c.g, enemy, x), c.cmd)
	}
	for _, kind := range []string{"infantry", "cavalry"} {
		u := engine.UnitState{ID: strings.ToLower(string(enemy)) + ".zzprobe", Name: hiddenProbeName, Side: enemy, Kind: engine.UnitKind(kind),
			Manpower: 1 + p.rng.IntN(15), OnMap: true, Hex: x}
		if refs := p.th.Printed(x); len(refs) > 0 {
			u.Ref = refs[0]
		}
		g2 := withUnit(c.g, u)
		if engine.ViewFor(g2, g2.ViewerOf(by)).Knows(u.ID) {
			continue // he sees it: the answer may tell
		}
		got := answerOf(p, g2, c.cmd)
		for _, s := range []string{u.ID, hiddenProbeName} {
			if strings.Contains(got.text, s) {
				h.report(c, "names the unit", fmt.Sprintf("%s at %v: %s", kind, x, got.text))
			}
		}
		if got.text == base.text {
			continue
		}
		if *hiddenDebug {
			p.t.Logf("%s %s: %s %v\n  without: %s\n  with:    %s", p.game, c.name, kind, x, hclip(base.text), hclip(got.text))
		}
		if got.spent && !strings.Contains(got.text, " hexes of ") && !strings.Contains(got.text, "hexes from an enemy") {
			h.stats["stopped (the act discovers him)"]++
			continue
		}
		h.report(c, map[bool]string{true: "differs from a dummy", false: "differs"}[limited], fmt.Sprintf("%s: %s %v\n  without: %s\n  with:    %s", p.game, kind, x, hclip(base.text), hclip(got.text)))
	}
	if limited { // a dummy answers as an empty hex would, except that the marker is there
		h.stats["dummy probes"]++
	}
}

func hclip(s string) string { return campaignClip(s, 500) }

func (h *hiddenCheck) report(c hiddenCmd, kind, example string) {
	key := c.name + "|" + kind
	if _, ok := h.found[key]; !ok {
		h.found[key] = example
	}
}

// answer is what the player gets: a refusal's text, or the events and
// the move's details; spent: the act was made and an enemy stopped it.
type answer struct {
	text  string
	spent bool
}

func answerOf(p *leakPlay, g engine.GameState, cmd engine.Command) answer {
	evs, err := g.Decide(cmd, engine.Script(3, 4, 2, 5, 1, 6))
	if err != nil {
		var re *engine.RuleError
		if errors.As(err, &re) {
			return answer{text: "refused: " + re.Error()}
		}
		return answer{text: "error: " + err.Error()}
	}
	var b strings.Builder
	spent := false
	for _, e := range evs {
		j, _ := json.Marshal(e)
		b.WriteString(e.EventType() + " " + string(j) + "\n")
		spent = spent || strings.Contains(string(j), `"stopped":"`) || strings.Contains(string(j), `"prevented":true`)
	}
	if _, ok := cmd.(engine.MoveUnits); ok {
		b.WriteString(moveDetails(g, evs))
	}
	return answer{text: b.String(), spent: spent}
}

func withUnit(g engine.GameState, u engine.UnitState) engine.GameState {
	units := make(map[string]engine.UnitState, len(g.Units)+1)
	for k, v := range g.Units {
		units[k] = v
	}
	units[u.ID] = u
	g.Units = units
	return g
}

func withDummy(g engine.GameState, side engine.Side, h engine.Hex) engine.GameState {
	g = lrtg.With(g, func(s *lrtg.State) {
		s.Dummies.Markers = append(append([]lrtg.Dummy(nil), s.Dummies.Markers...), lrtg.Dummy{Side: side, Hex: h, Turn: g.Turn})
	})
	return g
}

// setUnit returns g with one of the player's units changed.
func setUnit(g engine.GameState, id string, f func(*engine.UnitState)) engine.GameState {
	u := g.Units[id]
	f(&u)
	return withUnit(g, u)
}

// unseenHex picks a hex for the extra unit: near where the command
// matters, on the map, empty, and out of the player's sight (double-blind)
// or contact (limited: a marker he sees, never identified).
func (h *hiddenCheck) unseenHex(p *leakPlay, c hiddenCmd, by engine.Actor, side engine.Side) (engine.Hex, bool) {
	own := leakUnits(c.g, side)
	limited := c.g.Options.IntelMode() == engine.IntelLimited
	for range 40 {
		centre := c.near
		if p.rng.IntN(3) == 0 && len(own) > 0 {
			centre = own[p.rng.IntN(len(own))].Hex
		}
		radius := 1 + p.rng.IntN(12)
		x := engine.Hex{Q: centre.Q + p.rng.IntN(2*radius+1) - radius, R: centre.R + p.rng.IntN(2*radius+1) - radius}
		if len(p.th.Printed(x)) == 0 {
			continue
		}
		ok := true
		for _, u := range c.g.Units {
			if u.OnMap && !u.Eliminated && u.Hex == x {
				ok = false
			}
		}
		for _, u := range own {
			if engine.Distance(u.Hex, x) <= 1 || !limited && engine.Distance(u.Hex, x) <= c.g.Options.SightRange(u) {
				ok = false
			}
		}
		if ok {
			return x, true
		}
	}
	return engine.Hex{}, false
}

// command generates one of the player's commands that check the enemy.
func (h *hiddenCheck) command(p *leakPlay, g engine.GameState, side engine.Side, by engine.Actor) (hiddenCmd, bool) {
	own := leakUnits(g, side)
	var troops []engine.UnitState
	for _, u := range own {
		if !u.Kind.IsLeader() {
			troops = append(troops, u)
		}
	}
	if len(troops) == 0 {
		return hiddenCmd{}, false
	}
	u := troops[p.rng.IntN(len(troops))]
	away := func(from engine.Hex, lo, hi int) engine.Hex {
		for range 20 {
			n := lo + p.rng.IntN(hi-lo+1)
			x := engine.Hex{Q: from.Q + p.rng.IntN(2*n+1) - n, R: from.R + p.rng.IntN(2*n+1) - n}
			if len(p.th.Printed(x)) > 0 {
				return x
			}
		}
		return from
	}
	move := func(g engine.GameState, mode string, units []string, to engine.Hex) engine.MoveUnits {
		ref := ""
		if refs := p.th.Printed(to); len(refs) > 0 {
			ref = refs[0]
		}
		return engine.MoveUnits{By: by, Units: units, To: to, Ref: ref, Mode: mode, Data: p.r.moveData(g)}
	}
	switch p.rng.IntN(9) {
	case 0: // a march, hex by hex (engine/lrtg/move_path.go)
		to := away(u.Hex, 1, 6)
		m := move(g, "", []string{u.ID}, to)
		for h := u.Hex; h != to; {
			next := h
			for _, n := range h.Neighbours() {
				if engine.Distance(n, to) < engine.Distance(next, to) {
					next = n
				}
			}
			h = next
			m.Path = append(m.Path, h)
		}
		return hiddenCmd{name: "/move", g: g, cmd: m, near: to}, true
	case 1, 2: // strategic movement (LRTG 17.1), rested
		g = setUnit(g, u.ID, func(x *engine.UnitState) { x.Fatigue = 0 })
		to := away(u.Hex, 3, 16)
		m := move(g, lrtg.MoveStrategic, []string{u.ID}, to)
		m.Fatigue = 2 + p.rng.IntN(3)
		return hiddenCmd{name: "/move mode:strategic", g: g, cmd: m, near: to}, true
	case 3, 4: // rail movement (LRTG 8): a rested Union infantry unit at a station
		var stations []engine.Hex
		for _, l := range p.th.Lines {
			if l.Kind == "railroad" {
				stations = append(stations, l.Hexes...)
			}
		}
		if side != engine.USA || len(stations) == 0 {
			return hiddenCmd{}, false
		}
		var inf []engine.UnitState
		for _, x := range troops {
			if x.Kind == engine.KindInfantry {
				inf = append(inf, x)
			}
		}
		if len(inf) == 0 {
			return hiddenCmd{}, false
		}
		u = inf[p.rng.IntN(len(inf))]
		from := stations[p.rng.IntN(len(stations))]
		var near []engine.Hex
		for _, s := range stations {
			if d := engine.Distance(s, from); d > 0 && d <= 40 {
				near = append(near, s)
			}
		}
		if len(near) == 0 {
			return hiddenCmd{}, false
		}
		to := near[p.rng.IntN(len(near))]
		g = setUnit(g, u.ID, func(x *engine.UnitState) { x.Hex, x.Fatigue, x.Marks = from, 0, nil })
		mid := engine.Hex{Q: (from.Q + to.Q) / 2, R: (from.R + to.R) / 2}
		return hiddenCmd{name: "/move mode:rail", g: g, cmd: move(g, lrtg.MoveRail, []string{u.ID}, to), near: mid}, true
	case 5: // naval movement (LRTA)
		m := move(g, lrtg.MoveNaval, []string{u.ID}, away(u.Hex, 1, 10))
		m.Fatigue = 1 + p.rng.IntN(2)
		return hiddenCmd{name: "/move mode:naval", g: g, cmd: m, near: u.Hex}, true
	case 6: // a remote movement request (17.2)
		return hiddenCmd{name: "/action remote", g: g, cmd: lrtg.AskRemote{By: by, Units: []string{u.ID}}, near: u.Hex}, true
	case 7: // a levy (13.1): Confederate infantry of 5+ at fatigue 0 in the town
		var towns []*engine.Place
		for i := range p.th.Places {
			if p.th.Places[i].Is("levy-town") {
				towns = append(towns, &p.th.Places[i])
			}
		}
		if side != engine.CSA || len(towns) == 0 {
			return hiddenCmd{}, false
		}
		town := towns[p.rng.IntN(len(towns))]
		g = setUnit(g, u.ID, func(x *engine.UnitState) {
			x.Hex, x.Fatigue, x.Kind, x.Manpower = town.Hex, 0, "infantry", max(x.Manpower, 5)
		})
		return hiddenCmd{name: "/place levy", g: g, cmd: lrtg.ActOnPlace{By: by, Place: *town, Action: lrtg.ActLevy}, near: town.Hex}, true
	default: // a dummy (LRTG 20), an activation, an attack (docs/attacks.md), a repair attempt (13.7)
		switch p.rng.IntN(4) {
		case 0:
			to := away(u.Hex, 1, 4)
			return hiddenCmd{name: "/dummy place", g: g, cmd: lrtg.PlaceDummy{By: by, Hex: to, Data: p.r.moveData(g)}, near: to}, true
		case 1:
			return hiddenCmd{name: "/action activate", g: g, cmd: lrtg.ActivateUnit{By: by, Unit: u.ID}, near: u.Hex}, true
		case 2: // an attack in the unit's own activation, on a hex near it
			g.Sequence = engine.SequenceState{Turn: g.Turn, Step: "4a"}
			g = lrtg.With(g, func(s *lrtg.State) {
				s.Actions = lrtg.ActionState{Turn: g.Turn, Step: "4a", Active: &lrtg.Activation{Side: side, By: by, Kind: lrtg.ActionActivate, Unit: u.ID}}
			})
			to := away(u.Hex, 1, 3)
			ref := ""
			if refs := p.th.Printed(to); len(refs) > 0 {
				ref = refs[0]
			}
			cmd := lrtg.DeclareAttack{By: by, Units: []string{u.ID}, Hex: to, Ref: ref, Type: []string{"march", "assault"}[p.rng.IntN(2)], Charts: atkCharts(g)}
			return hiddenCmd{name: "/attack declare", g: g, cmd: cmd, near: to}, true
		}
		var damaged []*engine.Place
		for i := range p.th.Places {
			if p.th.Places[i].Is("rr-station") {
				damaged = append(damaged, &p.th.Places[i])
			}
		}
		if side != engine.USA || len(damaged) == 0 {
			return hiddenCmd{}, false
		}
		st := damaged[p.rng.IntN(len(damaged))]
		g = lrtg.With(g, func(s *lrtg.State) { s.Places = copyPlaceStates(s.Places) })
		g = lrtg.With(g, func(s *lrtg.State) { s.Places[st.Name] = lrtg.PlaceState{Station: "damaged"} })
		g.Sequence = engine.SequenceState{Turn: g.Turn, Step: "5g"}
		g = setUnit(g, u.ID, func(x *engine.UnitState) { x.Hex, x.Fatigue, x.Kind = st.Hex.Neighbours()[0], 0, "infantry" })
		return hiddenCmd{name: "/segment repair", g: g, cmd: lrtg.AttemptRepair{By: by, Station: *st}, near: st.Hex}, true
	}
}

func copyPlaceStates(m map[string]lrtg.PlaceState) map[string]lrtg.PlaceState {
	out := make(map[string]lrtg.PlaceState, len(m)+1)
	for k, v := range m {
		out[k] = v
	}
	return out
}
