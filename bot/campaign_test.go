package bot

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
	"github.com/umpire-games/umpire/scenarios"
	"github.com/umpire-games/umpire/store"
)

// The scripted campaign (testdata/campaign.script): The Gettysburg
// Campaign with limited intelligence and the dice seed 1863, played by
// lee (the Confederates), hooker (Hooker's player: I, II, III, XI and DC)
// and meade (the V Corps' player: V, VI, XII, the AoP cavalry, VIII and
// PA) through every step of twelve turns, until Meade has commanded the
// Army of the Potomac for four turns. The script says turn by turn what
// happens and why; this test checks the records the game keeps against
// the rules, computing what the dice decided from the rolls recorded in
// the events.

// campaignScript reads a console script: "#" lines are comments, a line
// starting with "!" is one the rules refuse.
func campaignScript(t *testing.T, name string) ([]string, map[string]bool) {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var lines []string
	refuse := map[string]bool{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		l := strings.TrimSpace(sc.Text())
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		if strings.HasPrefix(l, "!") {
			l = strings.TrimSpace(l[1:])
			refuse[l] = true
		}
		lines = append(lines, l)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return lines, refuse
}

// campaignPlay is the played campaign: the transcript, the game's events
// and its state after each of them.
type campaignPlay struct {
	out    []ConsoleLine
	events []engine.Event
	states []engine.GameState // states[v] is the state after event v (states[0]: none)
	// upto[i] is the last event version the transcript had shown when
	// output i was written (a line's outputs follow its events).
	upto []int64
}

// final is the game's state at the end.
func (p *campaignPlay) final() engine.GameState { return p.states[len(p.states)-1] }

// find returns the versions of the events of a type, in order.
func (p *campaignPlay) find(typ string) []int {
	var out []int
	for i, e := range p.events {
		if e.EventType() == typ {
			out = append(out, i+1)
		}
	}
	return out
}

func playCampaign(t *testing.T) *campaignPlay {
	t.Helper()
	return playScript(t, "campaign.script")
}

// playScript plays a console script of testdata (a scripted game in the
// channel "war") and reads back its game's events and states; a line the
// script does not mark "!" must not be refused, and every "!" line must be.
func playScript(t *testing.T, name string) *campaignPlay {
	t.Helper()
	lines, refuse := campaignScript(t, name)
	path := filepath.Join(t.TempDir(), "campaign.db")
	raw := runSession(t, path, false, lines)
	p := &campaignPlay{}
	refused := map[string]bool{}
	var seen int64
	for _, l := range raw {
		var cl ConsoleLine
		if err := json.Unmarshal([]byte(l), &cl); err != nil {
			t.Fatal(err)
		}
		if cl.Error != nil {
			refused[cl.Input] = true
			if !refuse[cl.Input] {
				t.Errorf("refused: %s → %s", cl.Input, cl.Text)
			}
		}
		p.out = append(p.out, cl)
	}
	// A line's events are in its outputs; the outputs of a line share the
	// state after it.
	byLine := map[int]int64{}
	for _, cl := range p.out {
		for _, e := range cl.Events {
			if strings.HasPrefix(e.Stream, "game:") && e.Version > byLine[cl.Line] {
				byLine[cl.Line] = e.Version
			}
		}
	}
	last := -1
	for _, cl := range p.out {
		if cl.Line != last {
			last = cl.Line
			seen = max(seen, byLine[cl.Line])
		}
		p.upto = append(p.upto, seen)
	}
	for l := range refuse {
		if !refused[l] {
			t.Errorf("not refused: %s", l)
		}
	}
	ctx := context.Background()
	st, err := store.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	_, recs, err := st.Load(ctx, "game:war", 0)
	if err != nil {
		t.Fatal(err)
	}
	g := engine.GameState{}
	p.states = []engine.GameState{g}
	for _, rec := range recs {
		e, err := storedRulesets.DecodeEvent(rec.Type, rec.Data)
		if err != nil {
			t.Fatalf("event %d: %v", rec.Version, err)
		}
		g = g.Apply(e)
		p.events = append(p.events, e)
		p.states = append(p.states, g)
	}
	return p
}

// TestGettysburgCampaign plays the campaign and checks it.
func TestGettysburgCampaign(t *testing.T) {
	p := playCampaign(t)
	g := p.final()
	if g.Turn != 13 || g.Ended == nil {
		t.Fatalf("the game is at turn %d (ended %v): want the end of turn 12, then /game end", g.Turn, g.Ended)
	}
	// Every step of every turn was played, none forced: turns 1-3 have no
	// Union reinforcements, random events or supply segment (000 VIII 3),
	// 4)); no turn has 1c before June 30 or 1f without time limitation.
	steps := map[int][]string{}
	for _, v := range p.find(engine.EventStepBegun) {
		e := p.events[v-1].(*engine.StepBegun)
		if e.Forced != "" {
			t.Errorf("turn %d: step %s began by force: %s", e.Turn, e.Step, e.Forced)
		}
		steps[e.Turn] = append(steps[e.Turn], e.Step)
	}
	opening := "1a 1e 1g 2a 2b 2c 2d 3a 3b 3c 3d 4a 4b 6 7 8 9"
	full := "1a 1b 1d 1e 1g 2a 2b 2c 2d 3a 3b 3c 3d 4a 4b 5a 5b 5c 5d 5e 5f 5g 5h 5i 6 7 8 9"
	for turn := 1; turn <= 12; turn++ {
		want := full
		if turn <= 3 {
			want = opening
		}
		if got := strings.Join(steps[turn], " "); got != want {
			t.Errorf("turn %d's steps: %s", turn, got)
		}
	}
	if last := p.out[len(p.out)-1]; last.Input != "/game audit" || !strings.HasPrefix(last.Text, "✅") {
		t.Errorf("the audit: %s", last.Text)
	}
	t.Run("Meade assumes command", func(t *testing.T) { checkCampaignMeade(t, p) })
	t.Run("dice", func(t *testing.T) { checkCampaignDice(t, p) })
	t.Run("records", func(t *testing.T) { checkCampaignRecords(t, p) })
	t.Run("limited intelligence", func(t *testing.T) { checkCampaignSecrets(t, p) })
}

// checkCampaignMeade: the Hooker Questioned count reaches three on turn 8
// (the turn 4 random event; the Confederates at 75 VP; the first Union
// Army Disorder), and Meade assumes command in the Hooker Replacement step
// (3b) of turn 9 with every change 16.2 makes, unit by unit.
func checkCampaignMeade(t *testing.T, p *campaignPlay) {
	vs := p.find(lrtg.EventMeadeAssumed)
	if len(vs) != 1 {
		t.Fatalf("meade.assumed %d times", len(vs))
	}
	v := vs[0]
	e := p.events[v-1].(*lrtg.MeadeAssumed)
	if _, ok := p.events[v-2].(*lrtg.MeadeCommands); !ok {
		t.Fatalf("meade.assumed follows %s", p.events[v-2].EventType())
	}
	pre, post := p.states[v-2], p.states[v]
	// "Meade assumes command in the next leader transfer phase after the
	// third occurrence" (16.2): the third came on turn 8; turn 9's 3b.
	if pre.Turn != 9 || pre.CurrentStep() != "3b" || e.Turn != 9 || lrtg.Of(post).Command.MeadeTurn != 9 || !lrtg.Of(post).Movement.Meade {
		t.Errorf("Meade assumed command on turn %d in step %s (event turn %d)", pre.Turn, pre.CurrentStep(), e.Turn)
	}
	var sources []string
	for _, c := range e.Counted {
		sources = append(sources, fmt.Sprintf("%s@%d", c.Source, c.Turn))
	}
	// 16.2 a) the random event of turn 4 (2d6 = 6, see the dice); b) the
	// Confederates at 79 VP after step 7 of turn 8 (Loudoun: 75 + 4); c)
	// the Union morale 8 after the battle at Aldie on turn 8 (15.2).
	if got := strings.Join(sources, " "); got != "random-event@4 vp@8 disorder@0" {
		t.Errorf("counted %s", got)
	}
	if got := lrtg.Of(pre).Records.Armies[engine.USA]; !got.EverDisorder {
		t.Errorf("no Union Army Disorder on the record: %+v", got)
	}
	var steps []string
	for _, c := range e.Changes {
		steps = append(steps, c.Step)
	}
	if got := strings.Join(steps, " | "); got != "1) | 2) | 3) | 4) | 5) | 6) | 7) | 8) a) | 8) b) | 8) c) | 8) d) | 8) e) | 8) f) | 8) g) | 8) h) | 8) i) | 8) i) | 8) i) | 8) j) | 15)" {
		t.Errorf("16.2's steps: %s", got)
	}
	gone := func(ids ...string) {
		for _, id := range ids {
			if _, ok := post.Units[id]; ok {
				t.Errorf("%s is still in play", id)
			}
		}
	}
	// 1) Hooker; 2) the V Corps Meade; 8) b) Gamble never enters (Davis
	// was eliminated at Aldie); 8) g), h), j) Price, the Kilpatrick
	// brigade, Pleasonton; and every counter replaced.
	gone("usa.hooker", "usa.meade", "usa.gamble", "usa.price", "usa.kilpatrick", "usa.pleasonton",
		"usa.french", "usa.hays-dc", "usa.whiting", "usa.dicesnola", "usa.wyndam", "usa.copeland", "usa.deforest", "csa.whlee")
	if d := post.Units["usa.davis"]; !d.Eliminated {
		t.Errorf("Davis, eliminated on turn 8, stays in play as eliminated (15.1): %+v", d)
	}
	at := func(id, with string, mp int, why string) {
		t.Helper()
		u, w := post.Units[id], pre.Units[with]
		if !u.OnMap || u.Hex != w.Hex || (mp >= 0 && u.Manpower != mp) || u.Fatigue != w.Fatigue {
			t.Errorf("%s: %s at %v (%d MP, F%d), want %s's hex %v with %d MP, F%d", why, id, u.Hex, u.Manpower, u.Fatigue, with, w.Hex, mp, w.Fatigue)
		}
	}
	// 2) The army counter and Sykes where the V Corps Meade stood.
	at("usa.meade-army", "usa.meade", -1, "2)")
	at("usa.sykes", "usa.meade", -1, "2)")
	// 6), 7) "with the same manpower": French 5, the DC Hays 4.
	at("usa.hays-ii", "usa.french", 5, "6)")
	at("usa.willard", "usa.hays-dc", 4, "7)")
	// 8) a)-f) each replacement takes the place and manpower of the unit it
	// replaces; 8) h) the Kilpatrick brigade's 3 MP go one each to the
	// three nearest AoP cavalry units of 2 MP or less, from its hex SS3309:
	// Devin (1 hex), Gregg (3 hexes), Merritt/Whiting (22 hexes); Custer
	// (25) gets none; 8) g) Price's 1 MP goes to the nearer of Custer (3
	// hexes from Price) and Farnsworth (1): Farnsworth, 2 + 1 = 3, so he is
	// no longer a unit of 2 MP or less in 8) h).
	at("usa.merritt", "usa.whiting", 2+1, "8) a), h)")
	at("usa.huey", "usa.dicesnola", 3, "8) c)")
	at("usa.mcintosh", "usa.wyndam", 3, "8) d)")
	at("usa.custer", "usa.copeland", 2, "8) e)")
	at("usa.farnsworth", "usa.deforest", 2+1, "8) f), g)")
	at("usa.devin", "usa.devin", 2+1, "8) h)")
	at("usa.gregg", "usa.gregg", 2+1, "8) h)")
	// 8) i) the division leaders with a brigade of their division.
	at("usa.buford", "usa.whiting", -1, "8) i)")
	at("usa.gregg-ldr", "usa.dicesnola", -1, "8) i)")
	at("usa.kilpatrick-ldr", "usa.wyndam", -1, "8) i)")
	// 5) Couch with the strongest PA militia unit on the map: Brisbane (5
	// MP, placed at Camp Curtin in 1b; J. Smith has 5 too, Brisbane is
	// first by id; Yates 3).
	at("usa.couch", "usa.brisbane", -1, "5)")
	// 15) Chambliss takes W.H. Lee's place and strength (3 MP).
	at("csa.chambliss", "csa.whlee", 3, "15)")
	// 3), 4) Crawford joins the V Corps, Stannard the I Corps, released.
	for id, corps := range map[string]string{"usa.crawford": "V", "usa.stannard": "I"} {
		if u := post.Units[id]; u.Command != corps || slicesContainsPrefix(u.Marks, "release-group-") {
			t.Errorf("%s: command %s, marks %v", id, u.Command, u.Marks)
		}
	}
	// 14) The V Corps' player becomes the Union overall commander; Hooker's
	// player keeps, declared, what he commanded (I, II, III, XI, DC and
	// Haupt's RR, which no one had declared).
	meade, hooker := post.Player("console:meade"), post.Player("console:hooker")
	if meade == nil || hooker == nil || !meade.Overall || hooker.Overall {
		t.Fatalf("overall commander: %+v %+v", meade, hooker)
	}
	kept := append([]string(nil), hooker.Commands...)
	sort.Strings(kept)
	if got := strings.Join(kept, ","); got != "DC,I,II,III,RR,XI" {
		t.Errorf("hooker keeps %s", got)
	}
	if e.Overall == nil || e.Overall.From.ID != "console:hooker" || e.Overall.To.ID != "console:meade" {
		t.Errorf("16.2 14): %+v", e.Overall)
	}
	// The public record of the step: told to both sides, without places
	// or strengths (limited intelligence).
	for i, cl := range p.out {
		if cl.Audience.Kind == AudiencePublic && strings.Contains(cl.Text, "The order of battle under Meade") {
			if p.upto[i] < int64(v) || !strings.Contains(cl.Text, "11) The Union suffers command paralysis this turn (turn 9): -1 to its initiative rolls") ||
				!strings.Contains(cl.Text, "16) Variable initiative (optional rule 25) is not in play") {
				t.Errorf("the public 16.2 record:\n%s", cl.Text)
			}
			return
		}
	}
	t.Error("no public record of 16.2")
}

func slicesContainsPrefix(xs []string, prefix string) bool {
	for _, x := range xs {
		if strings.HasPrefix(x, prefix) {
			return true
		}
	}
	return false
}

// checkCampaignDice computes from the rolls recorded in the events what
// the rules make of them, and compares it with what the game did: every
// initiative (1.0; Lee is Sick on turn 8, 2.0 3); Meade's arrival on turn
// 9, 16.2 11)), every random event and its redirects (2.0), Meade's
// Activate Army Leader (10.1, 10.3).
func checkCampaignDice(t *testing.T, p *campaignPlay) {
	ts, err := scenarios.Theatres()
	if err != nil {
		t.Fatal(err)
	}
	north := func(g engine.GameState, id string) bool {
		u, ok := g.Units[id]
		return ok && u.OnMap && slicesContainsPrefix(ts["lrtg"].RegionsAt(u.Hex), "north-of-potomac")
	}
	inits := 0
	for _, v := range p.find(lrtg.EventInitiativeWon) {
		w := p.events[v-1].(*lrtg.InitiativeWon)
		if len(w.Rolls) != 2 {
			continue // the Spy's first initiative, 10.3's after an army activation
		}
		inits++
		mod := map[engine.Side]int{}
		if w.Turn == 8 {
			mod[engine.CSA] = -1 // Lee is Sick, turn 8's random event (2.0 3))
		}
		if w.Turn == 9 {
			mod[engine.USA] = -1 // Meade arrived in 3b: Union command paralysis (16.2 11))
		}
		c, u := w.Rolls[0], w.Rolls[1]
		want := engine.USA
		if c.Die+mod[engine.CSA] >= u.Die+mod[engine.USA] {
			want = engine.CSA // ties to the Confederates after the subtraction (no optional rule 25)
		}
		if c.Total != c.Die+mod[engine.CSA] || u.Total != u.Die+mod[engine.USA] || w.Side != want {
			t.Errorf("turn %d %s phase %d: CSA %d→%d, USA %d→%d, won by %s; want %s", w.Turn, w.Step, w.Phase, c.Die, c.Total, u.Die, u.Total, w.Side, want)
		}
	}
	if inits < 60 {
		t.Errorf("%d initiative rolls", inits)
	}
	// The random events from turn 4 (000 2.0; 003 Random Events).
	got := map[int]string{}
	for _, v := range p.find(lrtg.EventRandomEvent) {
		re := p.events[v-1].(*lrtg.RandomEventRolled)
		var tr *engine.TableRolled
		for _, x := range p.events[:v] {
			if r, ok := x.(*engine.TableRolled); ok && r.Number == re.Roll {
				tr = r
			}
		}
		g := p.states[v-1]
		want := tr.Printed
		switch {
		case tr.Natural == 6 && lrtg.Of(g).Movement.Meade && !north(g, "csa.lee"):
			want = "usa-comms-breakdown" // Meade in command, Lee south of the Potomac (or off the map)
		case tr.Natural == 7 && lrtg.Of(g).Movement.Meade && !north(g, "usa.meade-army"):
			want = "csa-comms-breakdown" // Meade in command and south of the Potomac
		}
		if tr.Table != "lrtg.random-events" || re.Outcome != want || len(tr.Faces) != 2 || tr.Faces[0]+tr.Faces[1] != tr.Natural {
			t.Errorf("turn %d: %v = %d → %s, want %s", re.Turn, tr.Faces, tr.Natural, re.Outcome, want)
		}
		got[re.Turn] = fmt.Sprintf("%d %s", tr.Natural, re.Outcome)
		if re.Outcome == "spy" && re.Spy != engine.CSA {
			t.Errorf("turn %d: the Spy went to %s", re.Turn, re.Spy)
		}
	}
	// The rolls of seed 1863 as the script plays them: the sums are the
	// random events chart's entries (6 Hooker Questioned, 8 Spy, 9
	// Confederate Reinforcement, 10 Lee is Sick; 7 Rear Area Paralysis).
	wantEvents := map[int]string{4: "6 hooker-questioned", 5: "9 csa-reinforcement-ammo", 6: "8 spy", 7: "8 spy", 8: "10 lee-sick",
		9: "9 csa-reinforcement-ammo", 10: "6 usa-comms-breakdown", 11: "6 usa-comms-breakdown", 12: "7 csa-comms-breakdown"}
	if fmt.Sprint(got) != fmt.Sprint(wantEvents) {
		t.Errorf("random events %v, want %v", got, wantEvents)
	}
	// Meade's Activate Army Leader on turn 10 (10.1): a 1-3 succeeds; the
	// movement die counts as rolled (a 1 would count 2); the Confederates
	// win the next initiative without a roll (10.3).
	vs := p.find(lrtg.EventArmyAttempted)
	if len(vs) != 1 {
		t.Fatalf("%d army activations", len(vs))
	}
	a := p.events[vs[0]-1].(*lrtg.ArmyAttempted)
	if a.Turn != 10 || a.Leader != "usa.meade-army" || a.Success != (a.Die <= 3) || a.MA != max(a.MADie, 2) || len(a.Units) != 7 {
		t.Errorf("the army activation: %+v", a)
	}
	for _, v := range p.find(lrtg.EventInitiativeWon) {
		if v > vs[0] {
			if w := p.events[v-1].(*lrtg.InitiativeWon); w.Side != engine.CSA || len(w.Rolls) != 0 || !strings.Contains(w.Automatic, "10.3") {
				t.Errorf("the initiative after the army activation: %+v", w)
			}
			break
		}
	}
}

// outOfSupplyAt counts each side's infantry divisions out of supply at a
// turn's Victory Check Phase (15.1 9)-10)): a march adds a fatigue level
// (000 8.2), so the divisions that marched spend victuals in 13.4 as they
// go; one per two Confederate, one per three Union.
func outOfSupplyAt(t *testing.T, p *campaignPlay, turn int) map[engine.Side]int {
	t.Helper()
	ts, err := scenarios.Theatres()
	if err != nil {
		t.Fatal(err)
	}
	oobs, err := scenarios.OrdersOfBattleOn(ts)
	if err != nil {
		t.Fatal(err)
	}
	sizes := engine.SizesOf(oobs["lrtg"])
	dry := map[engine.Side]int{}
	for _, v := range p.find(lrtg.EventVictoryChecked) {
		st := p.states[v]
		if st.Turn != turn {
			continue
		}
		for _, u := range st.Units {
			if u.OnMap && !u.Eliminated && (u.Kind == engine.KindInfantry || u.Kind == engine.KindMilitia) && sizes[u.ID] == "division" &&
				(engine.Contains(u.Marks, "out-of-supply") || lrtg.Of(st).Victuals(u) <= 0) {
				dry[u.Side]++
			}
		}
	}
	return dry
}

// checkCampaignRecords: the Victory Point Record by category, both armies'
// morale, and the Union's reinforcement and release tracks at the end of
// turn 12.
func checkCampaignRecords(t *testing.T, p *campaignPlay) {
	g := p.final()
	by, total := lrtg.Of(g).VPTotals()
	// 000 VII 6: +2 per Union MP lost in combat (Elliott 2, Ely 4, B. Smith
	// 3, Aldie 9 + 2, Knipe 1, the I Corps' attack on Hood 3, Gregg and
	// Huey 2: 26 MP), -3 per Confederate MP (Early 1, Hood 2 at Aldie,
	// Hood 1, Hampton 1: 5 MP): 52 - 15.
	// VII 1: Loudoun County 4, 2, then 1 a turn (turns 8, 9, 11, 12).
	// VII 5: Greencastle 2, Chambersburg 6 (Maryland and Virginia levies
	// score nothing). VII 2: the Martinsburg and Winchester depots, 6 each.
	// VII 7: +30 while the Union was in Disorder (turn 8), 15 once over.
	want := map[string]int{"manpower": 2*26 - 3*5, "counties": 4 + 2 + 1 + 1, "levies": 2 + 6, "depots": 6 + 6, "disorder-panic": 30 - 15}
	if fmt.Sprint(by) != fmt.Sprint(want) || total != 80 {
		t.Errorf("VP %v (total %d), want %v (80)", by, total, want)
	}
	if lrtg.Of(g).Losses.AoP != 16 || lrtg.Of(g).Losses.CSA != 5 {
		t.Errorf("combat losses: AoP %d, CSA %d", lrtg.Of(g).Losses.AoP, lrtg.Of(g).Losses.CSA)
	}
	// The turn record: turn 8 closed at 79 VP (75 or more: 16.2 b)) with
	// the Union at 8 (Barlow eliminated 3, the XI Corps and the cavalry
	// corps 1 each, Davis and B. Smith 1 each, 11 AoP MP lost 1); turn 12
	// at 80 VP, the Confederates at 1 for 5 MP lost plus one per two
	// divisions out of supply (Early and Hood, and, since a march adds a
	// fatigue level and the divisions that marched spend victuals (13.4),
	// others: 5 in all at turn 12's check, 2), the Union at 2 (16 AoP MP lost, 15.1 7))
	// plus one per three divisions out of supply (outOfSupplyAt).
	points := map[int]engine.TurnPoint{}
	for _, pt := range g.TurnRecord {
		points[pt.Turn] = pt
	}
	if pt := points[8]; pt.VP != 79 || pt.USA != 8 || pt.CSA != 0 {
		t.Errorf("turn 8: %+v", pt)
	}
	if pt := points[12]; pt.VP != 80 || pt.USA != 16/8+outOfSupplyAt(t, p, 12)[engine.USA]/3 {
		t.Errorf("turn 12: %+v", pt)
	}
	// The Victory Check Phase of turn 12 (003 8) confirmed both levels.
	vc := map[int][]engine.ArmyCheck{}
	for _, v := range p.find(lrtg.EventVictoryChecked) {
		e := p.events[v-1].(*lrtg.VictoryChecked)
		vc[e.Turn] = e.Morale
	}
	dry := outOfSupplyAt(t, p, 12)
	if dry[engine.CSA] < 2 {
		t.Errorf("%d Confederate divisions out of supply at turn 12's check, want Early and Hood at least", dry[engine.CSA])
	}
	csa12, usa12 := 5/5+dry[engine.CSA]/2, 16/8+dry[engine.USA]/3
	if got, want := fmt.Sprint(vc[12]), fmt.Sprintf("[{csa %d false false false} {usa %d false false false}]", csa12, usa12); got != want {
		t.Errorf("turn 12's victory check: %s, want %s (divisions out of supply: %v)", got, want, dry)
	}
	if got := fmt.Sprint(vc[8]); got != "[{csa 0 false false false} {usa 8 true false false}]" {
		t.Errorf("turn 8's victory check: %s", got)
	}
	t.Run("the turn record's morale", func(t *testing.T) {
		pt := points[12]
		// The step 9 advance passes the units' sizes, so the closing
		// morale check counts the divisions out of supply (15.1 10)).
		if pt.CSA != csa12 {
			t.Errorf("turn 12 closed with Confederate morale %d, want %d", pt.CSA, csa12)
		}
	})
	if r := lrtg.Of(g).Records.Armies[engine.USA]; !r.EverDisorder || r.Disorder {
		t.Errorf("Union army record %+v", r)
	}
	// The Union tracks, from their rolls (3.2): West Virginia arrives on a 1
	// (-1 with Confederate infantry north of the Potomac), the militia on
	// 1 or less (-1 each: a Confederate unit in Pennsylvania, Confederate
	// infantry across, Lee in Pennsylvania), a Baltimore / DC group on 1-3.
	counts := map[string]int{}
	for _, e := range p.events {
		tr, ok := e.(*engine.TableRolled)
		if !ok {
			continue
		}
		switch {
		case tr.Table == "lrtg.west-virginia-reinforcement" && tr.Total <= 1,
			tr.Table == "lrtg.pa-militia-reinforcement" && tr.Total <= 1,
			tr.Table == "lrtg.baltimore-dc-release" && tr.Total <= 3:
			counts[tr.Table]++
		}
	}
	if counts["lrtg.west-virginia-reinforcement"] != 1 || counts["lrtg.pa-militia-reinforcement"] != 4 || counts["lrtg.baltimore-dc-release"] != 2 {
		t.Errorf("track rolls %v", counts)
	}
	// So: Mulligan (the first WV unit) in, Campbell next; Brisbane, J.
	// Smith, Ewen and Crooke in, Frick next; groups 1 and 2 released.
	for id, in := range map[string]bool{"usa.mulligan": true, "usa.campbell": false, "usa.brisbane": true, "usa.j-smith": true, "usa.ewen": true, "usa.crooke": true, "usa.frick": false} {
		if u := g.Units[id]; u.OnMap != in {
			t.Errorf("%s on the map: %v", id, u.OnMap)
		}
	}
	var tracks string
	for _, cl := range p.out {
		if cl.Input == "@meade /reinforcements" {
			tracks = cl.Text
		}
	}
	for _, s := range []string{"next: group 3; groups released: 1, 2", "next Campbell", "next Frick"} {
		if !strings.Contains(tracks, s) {
			t.Errorf("the Union's last /reinforcements does not say %q:\n%s", s, tracks)
		}
	}
}

// checkCampaignSecrets checks the transcript mechanically for what limited
// intelligence hides: no output a side (or the public channel) receives
// names a hex the other side's units hold, or that held them when the
// command began, nor an enemy unit's strength, except where the rules
// reveal them (a combat's result).
func checkCampaignSecrets(t *testing.T, p *campaignPlay) {
	ts, err := scenarios.Theatres()
	if err != nil {
		t.Fatal(err)
	}
	th := ts["lrtg"]
	// refs gives every printed name of the hexes a side's units hold in a
	// state (a hex printed on two sheets has two).
	refs := func(g engine.GameState, s engine.Side) map[string]bool {
		out := map[string]bool{}
		for _, u := range g.Units {
			if u.Side == s && u.OnMap && !u.Eliminated {
				for _, r := range th.Printed(u.Hex) {
					out[r] = true
				}
				if u.Ref != "" {
					out[u.Ref] = true
				}
			}
		}
		return out
	}
	// The players' sides, as the game recorded them.
	sides := map[string]engine.Side{}
	for _, pl := range p.final().Players {
		sides[pl.Actor.ID] = pl.Side
	}
	viewer := func(cl ConsoleLine) (engine.Side, bool) {
		if cl.Audience.Kind == AudiencePublic {
			return "", true
		}
		s, ok := sides[cl.Audience.UserID]
		return s, ok // the umpire: no side
	}
	var prev int64
	var lastLine = -1
	strength := `[^.;\n]{0,30}\b\d+\s*MP\b`
	for i, cl := range p.out {
		if cl.Line != lastLine {
			if i > 0 {
				prev = p.upto[i-1]
			}
			lastLine = cl.Line
		}
		side, ok := viewer(cl)
		if !ok || cl.Error != nil {
			continue
		}
		// The rules reveal a combat's hex and result to both sides: its
		// header may name the defender's hex, nothing else.
		revealed := map[string]bool{}
		if head, _, _ := strings.Cut(cl.Text, "\n"); strings.HasPrefix(head, "⚔️ Combat at") {
			for _, r := range hexRef.FindAllString(head, -1) {
				revealed[r] = true
			}
		}
		before, after := p.states[prev], p.states[p.upto[i]]
		text := cl.Text
		if cl.Embed != nil {
			text += "\n" + cl.Embed.PlainText()
		}
		var data strings.Builder
		for _, e := range cl.Events {
			// /game start's set-up event goes to the umpire only under
			// limited intelligence: it is checked like any other.
			data.Write(e.Data)
			data.WriteByte('\n')
		}
		for _, enemy := range []engine.Side{engine.CSA, engine.USA} {
			if side == enemy {
				continue
			}
			// Hexes of the enemy's units, less the viewer's own (a public
			// output's viewers are both sides: no unit's hex at all).
			hidden := refs(before, enemy)
			for r := range refs(after, enemy) {
				hidden[r] = true
			}
			if side != "" {
				for r := range refs(after, side) {
					delete(hidden, r)
				}
				for r := range refs(before, side) {
					delete(hidden, r)
				}
			}
			for r := range hidden {
				if revealed[r] || !strings.Contains(text, r) && !strings.Contains(data.String(), r) {
					continue
				}
				re := regexp.MustCompile(`\b` + r + `\b`)
				if re.MatchString(text) || re.MatchString(data.String()) {
					t.Errorf("line %d %q: an output for %q names %s, a hex of the %s's units:\n%s", cl.Line, cl.Input, audienceName(cl), r, enemy, campaignClip(text, 400))
				}
			}
			// The enemy's unit ids in the events, and their strengths in the text.
			for _, u := range after.Units {
				if u.Side != enemy {
					continue
				}
				if strings.Contains(data.String(), `"`+u.ID+`"`) {
					t.Errorf("line %d %q: an output for %q carries the %s unit %s in its events", cl.Line, cl.Input, audienceName(cl), enemy, u.ID)
				}
				for _, l := range strings.Split(text, "\n") {
					if !strings.Contains(l, u.Name) || !strings.Contains(l, "MP") {
						continue
					}
					if regexp.MustCompile(`\b`+regexp.QuoteMeta(u.Name)+`\b`+strength).MatchString(l) && !ownName(after, side, u.Name) {
						t.Errorf("line %d %q: an output for %q gives a strength with the %s unit %s: %s", cl.Line, cl.Input, audienceName(cl), enemy, u.Name, l)
					}
				}
			}
		}
	}
}

// ownName reports whether a side has a unit of that name (a name both
// sides use says nothing).
func ownName(g engine.GameState, s engine.Side, name string) bool {
	for _, u := range g.Units {
		if s != "" && u.Side == s && u.Name == name {
			return true
		}
	}
	return false
}

// hexRef is a printed hex number with its sheet, e.g. SS4028.
var hexRef = regexp.MustCompile(`\b[A-Z]{1,2}\d{4}\b`)

func audienceName(cl ConsoleLine) string {
	if cl.Audience.Kind == AudiencePublic {
		return "the channel"
	}
	return strings.TrimPrefix(cl.Audience.UserID, "console:")
}

func campaignClip(s string, n int) string {
	if len(s) > n {
		return s[:n] + "…"
	}
	return s
}
