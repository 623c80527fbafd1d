package bot

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
	"github.com/umpire-games/umpire/store"
)

// The scripted game of testdata/hightide.script: High Tide of the
// Confederacy (000 VIII 1) with the dice seed 1863, two commanders a side,
// played through every step of every turn from June 3 until the victory
// check of June 30 ends it (no Confederate infantry north of the
// Potomac). The script tells the story; this test checks the records the
// game keeps against the rules, computing what the dice decided from the
// rolls recorded in the events.

// hightidePlay is the played game: the script's lines, each line's
// outputs, the game's events and the final state read through the router.
type hightidePlay struct {
	lines  []string
	refuse map[int]bool // the lines marked "!" (refused by the rules)
	out    [][]ConsoleLine
	events []engine.Event // the game's stream, in version order
	final  engine.GameState
	sizes  engine.UnitSizes
}

// of returns the events of a type, in order.
func of[E engine.Event](p *hightidePlay) []E {
	var out []E
	for _, e := range p.events {
		if x, ok := e.(E); ok {
			out = append(out, x)
		}
	}
	return out
}

func playHighTide(t *testing.T) *hightidePlay {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "hightide.script"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	p := &hightidePlay{refuse: map[int]bool{}}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		l := strings.TrimSpace(sc.Text())
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		if strings.HasPrefix(l, "!") {
			l = strings.TrimSpace(l[1:])
			p.refuse[len(p.lines)] = true
		}
		p.lines = append(p.lines, l)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	dir := t.TempDir()
	st, err := store.Open(ctx, filepath.Join(dir, "hightide.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	r := NewRouter(st, WithLogger(quietLog()), WithDice(SeededSource{}))
	for i, line := range p.lines {
		c := &Console{Router: r, User: "umpire", Guild: "g", Channel: "war", JSON: true, FileDir: dir}
		var b strings.Builder
		c.In, c.Out = strings.NewReader(line+"\n"), &b
		if err := c.Run(ctx); err != nil {
			t.Fatal(err)
		}
		var outs []ConsoleLine
		refused := false
		for _, l := range strings.Split(strings.TrimSpace(b.String()), "\n") {
			var cl ConsoleLine
			if err := json.Unmarshal([]byte(l), &cl); err != nil {
				t.Fatalf("%s: %v", line, err)
			}
			refused = refused || cl.Error != nil
			outs = append(outs, cl)
		}
		switch {
		case refused && !p.refuse[i]:
			t.Errorf("line %d refused: %s → %s", i+1, line, outs[0].Text)
		case !refused && p.refuse[i]:
			t.Errorf("line %d not refused: %s", i+1, line)
		}
		p.out = append(p.out, outs)
	}
	_, recs, err := st.Load(ctx, "game:war", 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, rec := range recs {
		e, err := storedRulesets.DecodeEvent(rec.Type, rec.Data)
		if err != nil {
			t.Fatalf("event %d: %v", rec.Version, err)
		}
		p.events = append(p.events, e)
	}
	if p.final, err = r.gameHere(ctx, Request{GuildID: "g", ChannelID: "war", User: engine.Actor{ID: "console:umpire", Name: "umpire"}}); err != nil {
		t.Fatal(err)
	}
	p.sizes = engine.SizesOf(r.moveData(p.final).OOB)
	return p
}

// TestHighTideScriptedGame plays the scripted game and checks it.
func TestHighTideScriptedGame(t *testing.T) {
	p := playHighTide(t)
	if g := p.final; g.Ended == nil || g.Turn != 22 {
		t.Fatalf("the game is at turn %d, ended %v: want it ended on turn 22 (June 30)", g.Turn, g.Ended)
	}
	t.Run("every step", func(t *testing.T) { checkHighTideSteps(t, p) })
	t.Run("the tracks", func(t *testing.T) { checkHighTideTracks(t, p) })
	t.Run("Meade", func(t *testing.T) { checkHighTideMeade(t, p) })
	t.Run("victory points", func(t *testing.T) { checkHighTideVP(t, p) })
	t.Run("morale", func(t *testing.T) { checkHighTideMorale(t, p) })
	t.Run("the end", func(t *testing.T) { checkHighTideEnd(t, p) })
	t.Run("secrets", func(t *testing.T) { checkHighTideSecrets(t, p) })
}

// checkHighTideSteps: every turn went through each step 003's Detailed
// Sequence of Play has for it, in order, and none was forced.
func checkHighTideSteps(t *testing.T, p *hightidePlay) {
	for _, l := range p.lines {
		if strings.Contains(l, "force:true") {
			t.Errorf("the script forces a step: %s", l)
		}
	}
	byTurn := map[int][]string{}
	for _, b := range of[*engine.StepBegun](p) {
		if b.Forced != "" {
			t.Errorf("turn %d step %s began by force: %s", b.Turn, b.Step, b.Forced)
		}
		byTurn[b.Turn] = append(byTurn[b.Turn], b.Step)
	}
	comms := "2a 2b 2c 2d" // two commanders a side (003 2)
	// Turns 1-3: no Union reinforcements, random events or supply
	// (000 VIII 1) 4)); 1c from June 30 (3.4); 1f needs time
	// limitation, 3d limited intelligence (neither is played).
	opening := "1a 1e 1g " + comms + " 3a 3b 3c 4a 4b 6 7 8 9"
	later := "1a 1b 1d 1e 1g " + comms + " 3a 3b 3c 4a 4b 5a 5b 5c 5d 5e 5f 5g 5h 5i 6 7 8 9"
	for turn := 1; turn <= 22; turn++ {
		want := later
		switch {
		case turn <= 3:
			want = opening
		case turn == 22:
			// June 30: Vicksburg is rolled (1c); the victory check (8)
			// ends the game.
			want = strings.Replace(strings.TrimSuffix(later, " 9"), "1b 1d", "1b 1c 1d", 1)
		}
		if got := strings.Join(byTurn[turn], " "); got != want {
			t.Errorf("turn %d steps:\n got %s\nwant %s", turn, got, want)
		}
	}
	if len(byTurn) != 22 {
		t.Errorf("%d turns played", len(byTurn))
	}
}

// checkHighTideTracks: the Union release and reinforcement tracks moved
// exactly as their recorded rolls say (000 3.2; 003 1 b)), and the
// Confederate reinforcements arrived on their turns and events (3.1, 2.0).
func checkHighTideTracks(t *testing.T, p *hightidePlay) {
	g := p.final
	// The tracks' orders (000 3.2): WV boxes #1-#3; the militia in order.
	wvOrder := []string{"usa.mulligan", "usa.campbell", "usa.wilkinson"}
	paOrder := []string{"usa.brisbane", "usa.j-smith", "usa.ewen", "usa.crooke", "usa.frick", "usa.franklin", "usa.nagle", "usa.beaver", "usa.20-pa", "usa.21-pa"}
	var groups, wv, pa []string
	firstRoll := map[string]int{}
	for _, r := range of[*lrtg.UnionRolled](p) {
		if !r.Rolled {
			continue
		}
		if firstRoll[r.Track] == 0 {
			firstRoll[r.Track] = r.Turn
		}
		// What a roll needs: 1-3 releases the next Baltimore / DC group;
		// a 1 or less brings the next WV or militia unit (3.2).
		need := 1
		if r.Track == lrtg.TrackBaltDC {
			need = 3
		}
		if r.Success != (r.Total <= need) {
			t.Errorf("turn %d %s roll #%d: total %d, success %v", r.Turn, r.Track, r.Number, r.Total, r.Success)
		}
		if !r.Success {
			continue
		}
		switch r.Track {
		case lrtg.TrackBaltDC:
			groups = append(groups, r.Group)
		case lrtg.TrackWV:
			wv = append(wv, r.Units...)
		case lrtg.TrackPAMilitia:
			pa = append(pa, r.Units...)
		}
	}
	// Rodes entered Maryland at Williamsport on turn 7 (and Jenkins rode
	// on into Pennsylvania): both tracks roll from the next Union
	// Reinforcement Phase; WV from turn 4 (3.2).
	if firstRoll[lrtg.TrackBaltDC] != 8 || firstRoll[lrtg.TrackPAMilitia] != 8 || firstRoll[lrtg.TrackWV] != lrtg.WVFromTurn {
		t.Errorf("first rolls: %v", firstRoll)
	}
	// The groups go in order, one per successful roll; the eight are out.
	for i, gr := range groups {
		if want := fmt.Sprintf("release-group-%d", i+1); gr != want {
			t.Errorf("release %d: %s, want %s", i+1, gr, want)
		}
	}
	if len(groups) != 8 || lrtg.Of(g).NextReleaseGroup() != "" {
		t.Errorf("%d groups released by the rolls; next %q", len(groups), lrtg.Of(g).NextReleaseGroup())
	}
	for n := 1; n <= 8; n++ {
		if !lrtg.Of(g).Movement.IsReleased(fmt.Sprintf("release-group-%d", n)) {
			t.Errorf("group %d is not released", n)
		}
	}
	// Group 2's Crawford joined the V Corps with his release (3.2), before
	// Meade; group 6's Stannard had joined the I Corps under Meade (16.2 4)).
	for _, r := range of[*lrtg.UnionRolled](p) {
		if r.Group == "release-group-2" && r.Success && r.Joins["usa.crawford"] != "V" {
			t.Errorf("group 2's release: joins %v", r.Joins)
		}
	}
	if u := g.Units["usa.crawford"]; u.Command != "V" {
		t.Errorf("Crawford's command: %s", u.Command)
	}
	if u := g.Units["usa.stannard"]; u.Command != "I" {
		t.Errorf("Stannard's command: %s", u.Command)
	}
	if !slices.Equal(wv, wvOrder[:len(wv)]) || len(wv) != 3 {
		t.Errorf("WV arrivals %v", wv)
	}
	if !slices.Equal(pa, paOrder[:len(pa)]) {
		t.Errorf("militia arrivals %v, want the first %d of %v", pa, len(pa), paOrder)
	}
	for _, id := range append(slices.Clone(wv), pa...) {
		if u := g.Units[id]; !u.OnMap || !slices.Contains(lrtg.Of(g).TurnStart.Arrived, id) {
			t.Errorf("%s arrived but is not on the map", id)
		}
	}
	if next := lrtg.Of(g).NextOnTrack(engine.USA, lrtg.TrackPAMilitia); len(pa) < len(paOrder) && next != paOrder[len(pa)] {
		t.Errorf("next militia unit %s, want %s", next, paOrder[len(pa)])
	}
	// The Confederates: Lee's set-up on turn 1, Pickett on 2, Pettigrew
	// on 3 (3.1); the Confederate Reinforcement installments with the
	// random events that brought them (2.0 9): their boxes in order,
	// Imboden first (3.1).
	arrived := map[string]int{}
	for _, a := range of[*lrtg.ReinforcementsArrived](p) {
		for _, id := range a.Units {
			arrived[id] = a.Turn
		}
	}
	if arrived["csa.lee"] != 1 || arrived["csa.pickett"] != 2 || arrived["csa.pettigrew"] != 3 {
		t.Errorf("Confederate arrivals: %v", arrived)
	}
	var boxes []string
	for _, e := range of[*lrtg.RandomEventRolled](p) {
		if e.Track == lrtg.TrackCSAReinforce {
			boxes = append(boxes, e.Units...)
		}
	}
	if !slices.Equal(boxes, []string{"csa.imboden", "csa.54nc"}) {
		t.Errorf("Confederate Reinforcement installments: %v", boxes)
	}
	for _, id := range append(boxes, "csa.lee", "csa.pickett", "csa.pettigrew") {
		if !g.Units[id].OnMap {
			t.Errorf("%s is not on the map", id)
		}
	}
}

// checkHighTideMeade: Meade took command in step 3b of turn 17, after the
// third Hooker Questioned event (16.2), with the V Corps' commander made
// the Union overall commander (16.2 14)).
func checkHighTideMeade(t *testing.T, p *hightidePlay) {
	ms := of[*lrtg.MeadeAssumed](p)
	if len(ms) != 1 {
		t.Fatalf("meade.assumed %d times", len(ms))
	}
	var counted []string
	for _, c := range ms[0].Counted {
		counted = append(counted, fmt.Sprintf("%s@%d", c.Source, c.Turn))
	}
	// The Hooker Questioned random events are the turns whose event was
	// one (2.0 6) or a Rear Area Paralysis redirected to one (2.0 7: a
	// Confederate infantry unit had crossed); the VP source is the turn
	// the record reached 75 (16.2 b)).
	var want []string
	for _, e := range of[*lrtg.RandomEventRolled](p) {
		if e.Outcome == lrtg.RandomHooker {
			want = append(want, fmt.Sprintf("random-event@%d", e.Turn))
		}
	}
	if len(want) < 2 {
		t.Fatalf("Hooker Questioned random events: %v", want)
	}
	want = append(want[:2], "vp@"+fmt.Sprint(turnVPReached(p, 75)))
	slices.Sort(want)
	slices.Sort(counted)
	if !slices.Equal(counted, want) {
		t.Errorf("counted %v, want %v", counted, want)
	}
	g := p.final
	if !lrtg.Of(g).Movement.Meade || lrtg.Of(g).Command.MeadeTurn != 17 || ms[0].Turn != 17 {
		t.Errorf("Meade: %v, turn %d", lrtg.Of(g).Movement.Meade, lrtg.Of(g).Command.MeadeTurn)
	}
	if pl := g.Player("console:reynolds"); pl == nil || !pl.Overall {
		t.Errorf("reynolds (the V Corps) is not the Union overall commander: %+v", pl)
	}
	// The order of battle under Meade (16.2 1), 2), 6), 8)): Hooker and
	// Pleasonton gone, Meade's army counter and Sykes for the Meade V Corps counter, Hays for French,
	// Merritt for Whiting; Chambliss for W.H. Lee (15)).
	for _, id := range []string{"usa.hooker", "usa.meade", "usa.pleasonton", "usa.french", "usa.whiting", "csa.whlee"} {
		if u := g.Units[id]; u.OnMap && !u.Eliminated {
			t.Errorf("%s is still on the map", id)
		}
	}
	for _, id := range []string{"usa.meade-army", "usa.sykes", "usa.hays-ii", "usa.merritt", "csa.chambliss"} {
		if u := g.Units[id]; !u.OnMap || u.Eliminated {
			t.Errorf("%s is not on the map", id)
		}
	}
}

// turnVPReached is the turn the VP record first reached n.
func turnVPReached(p *hightidePlay, n int) int {
	sum := 0
	for _, e := range lrtg.Of(p.final).VP {
		sum += e.VP
		if sum >= n {
			return e.Turn
		}
	}
	return 0
}

// checkHighTideVP: the Victory Point Record by category at the end, each
// number from what the script did and the rules' values.
func checkHighTideVP(t *testing.T, p *hightidePlay) {
	by, total := lrtg.Of(p.final).VPTotals()
	// Harpers Ferry (6.2): the surrender roll of turn 21 (Bolivar Heights
	// +1); 11 or more and the cut-off units (Kenly 5 MP, Pierce 4 less the
	// 2 lost at Berryville on turn 8) surrender for 2 VP a manpower point
	// (VII 6).
	hf := of[*lrtg.HarpersFerryRolled](p)
	if len(hf) != 1 {
		t.Fatalf("Harpers Ferry rolls: %d", len(hf))
	}
	surrender := 0
	if hf[0].Total >= 11 {
		surrender = 2 * (5 + (4 - 2))
	}
	if hf[0].VP != surrender || (surrender > 0) != (hf[0].Outcome == "surrender") {
		t.Errorf("Harpers Ferry: total %d, %s, %d VP; want %d VP", hf[0].Total, hf[0].Outcome, hf[0].VP, surrender)
	}
	// Vicksburg (3.4): rolled from June 30 (turn 22); a 1 is -15 (VII 8).
	vicksburg, rolls := 0, 0
	for _, e := range p.events {
		if tr, ok := e.(*engine.TableRolled); ok && tr.Table == lrtg.TableVicksburg {
			rolls++
			if tr.Total == 1 {
				vicksburg = -15
			}
		}
	}
	if rolls != 1 {
		t.Errorf("%d Vicksburg rolls, want one (turn 22)", rolls)
	}
	want := map[string]int{
		// Cumberland (Carlisle, Rodes then Hill): 4, 2, 1 on turns 10-12,
		// then 1 a turn on 14-16; Adams (Gettysburg, Ewell): 4, 2, 1, 1 on
		// turns 12-15 (000 VII 1: first, second, later turns; not doubled,
		// 30 days after the June 15 crossing is July 15).
		lrtg.CategoryCounties: (4 + 2 + 1 + 1 + 1 + 1) + (4 + 2 + 1 + 1),
		// Chambersburg 6, Carlisle 8, Gettysburg 4, Greencastle 2 (003
		// Victory Point Record: town levies).
		"levies": 6 + 8 + 4 + 2,
		// Winchester and Martinsburg, captured and destroyed (VII 2: +6).
		"depots": 6 + 6,
		// Martinsburg, the first station destroyed on the B&O (VII 3).
		lrtg.CategoryStations: 15,
		// +2 per Union MP lost in combat (VII 6): Winchester 2, Martinsburg
		// 2, Williamsport 1, Chambersburg 1, Berryville 2, Hagerstown 1,
		// south of Gettysburg 4 + 8, Taneytown 6; -3 per Confederate MP:
		// Winchester 1, Berryville 1, Gettysburg 1 + 2, Taneytown 2; and
		// the Harpers Ferry surrender.
		"manpower": 2*(2+2+1+1+2+1+4+8+6) - 3*(1+1+1+2+2) + surrender,
	}
	if vicksburg != 0 {
		want[lrtg.CategoryVicksburg] = vicksburg
	}
	sum := 0
	for c, v := range want {
		sum += v
		if by[c] != v {
			t.Errorf("%s: %+d VP, want %+d", c, by[c], v)
		}
	}
	for c, v := range by {
		if _, ok := want[c]; !ok && v != 0 {
			t.Errorf("unexpected category %s: %+d", c, v)
		}
	}
	if total != sum {
		t.Errorf("total %+d, want %+d", total, sum)
	}
	if lrtg.Of(p.final).Losses.CSA != 1+1+1+2+2 || lrtg.Of(p.final).Losses.AoP != 4+8+6 {
		t.Errorf("combat losses: CSA %d, AoP %d", lrtg.Of(p.final).Losses.CSA, lrtg.Of(p.final).Losses.AoP)
	}
}

// checkHighTideMorale: both armies' levels at the end (15.1).
func checkHighTideMorale(t *testing.T, p *hightidePlay) {
	g := p.final
	// The Confederates: 7 MP lost in combat, one per 5; and one per two
	// infantry divisions out of supply: those whose victuals are gone
	// (the divisions that last drew on turn 15 ran dry by June 30).
	dry := 0
	for _, u := range g.Units {
		if u.Side == engine.CSA && u.OnMap && !u.Eliminated && u.Kind == engine.KindInfantry && p.sizes[u.ID] == "division" && lrtg.Of(g).Victuals(u) <= 0 {
			dry++
		}
	}
	if dry == 0 {
		t.Errorf("no Confederate division is out of victuals")
	}
	csa := lrtg.Of(g).ArmyMorale(engine.CSA, p.sizes)
	if want := 7/5 + dry/2; csa.Level != want {
		t.Errorf("Confederate morale %d, want %d: %+v", csa.Level, want, csa.Lines)
	}
	// The Union: Kenly and Pierce (brigades) surrendered on turn 21, +1
	// each the turn after; 18 MP of the Army of the Potomac lost in
	// combat (Doubleday and Robinson 4, Wadsworth 8, the II and I Corps 6
	// at Taneytown), one per 8. Wadsworth's elimination (turn 13) no
	// longer counts. And one per three infantry divisions out of supply
	// (15.1 9)): a march adds a fatigue level (000 8.2), so the divisions
	// that marched spend victuals in 13.4 as they go.
	usaDry := 0
	for _, u := range g.Units {
		if u.Side == engine.USA && u.OnMap && !u.Eliminated && (u.Kind == engine.KindInfantry || u.Kind == engine.KindMilitia) && p.sizes[u.ID] == "division" &&
			(engine.Contains(u.Marks, "out-of-supply") || lrtg.Of(g).Victuals(u) <= 0) {
			usaDry++
		}
	}
	usa := lrtg.Of(g).ArmyMorale(engine.USA, p.sizes)
	if want := 1 + 1 + 18/8 + usaDry/3; usa.Level != want {
		t.Errorf("Union morale %d, want %d: %+v", usa.Level, want, usa.Lines)
	}
	if csa.Disorder || usa.Disorder {
		t.Errorf("an army in Disorder: %v %v", csa.Disorder, usa.Disorder)
	}
	// The Victory Check Phase of turn 22 reported the same levels.
	var last *lrtg.VictoryChecked
	for _, v := range of[*lrtg.VictoryChecked](p) {
		last = v
	}
	if last == nil || len(last.Morale) != 2 {
		t.Fatalf("victory check: %+v", last)
	}
	for _, m := range last.Morale {
		want := csa.Level
		if m.Side == engine.USA {
			want = usa.Level
		}
		if m.Level != want {
			t.Errorf("victory check morale %s %d, want %d", m.Side, m.Level, want)
		}
	}
}

// checkHighTideEnd: the victory check of June 30 ends the game (no
// Confederate infantry north of the Potomac on or after June 30, 000 VIII
// 1) 8)) at the level the High Tide table gives its VP (less than 140:
// Union Decisive); the umpire's /game end reveals the seed and the audit
// confirms every roll.
func checkHighTideEnd(t *testing.T, p *hightidePlay) {
	var ends []*lrtg.VictoryChecked
	for _, v := range of[*lrtg.VictoryChecked](p) {
		if v.Ends() {
			ends = append(ends, v)
		}
	}
	if len(ends) != 1 {
		t.Fatalf("%d victory checks end the game", len(ends))
	}
	e := ends[0]
	_, total := lrtg.Of(p.final).VPTotals()
	level, name := lrtg.UnionDecisive, "Union Decisive"
	switch {
	case total >= 210:
		level, name = lrtg.ConfederateDecisive, "Confederate Decisive"
	case total >= 185:
		level, name = lrtg.ConfederateSubstantive, "Confederate Substantive"
	case total >= 160:
		level, name = lrtg.ConfederateMarginal, "Confederate Marginal"
	case total >= 150:
		level, name = lrtg.UnionMarginal, "Union Marginal"
	case total >= 140:
		level, name = lrtg.UnionSubstantive, "Union Substantive"
	}
	if e.Turn != 22 || e.EndCode != lrtg.EndPotomac || !strings.Contains(victoryEndWhy(e), "north of the Potomac") || e.Result == nil || e.Result.Level != level || e.VP != total {
		t.Errorf("the end: turn %d, %q, VP %d, result %+v; want %s at %d VP", e.Turn, victoryEndWhy(e), e.VP, e.Result, name, total)
	}
	if e.Decisive != nil {
		t.Errorf("an automatic decisive victory: %+v", e.Decisive)
	}
	// The earlier victory checks went on: Confederate infantry was north
	// of the Potomac until turn 21, and June 30 is turn 22.
	for _, v := range of[*lrtg.VictoryChecked](p) {
		if v.Turn < 22 && v.Ends() {
			t.Errorf("turn %d ended the game: %s", v.Turn, victoryEndWhy(v))
		}
	}
	audit := p.out[len(p.out)-1]
	if len(audit) == 0 || !strings.Contains(audit[0].Text, "matches") || audit[0].Error != nil {
		t.Errorf("the audit: %+v", audit)
	}
}

// checkHighTideSecrets: a declaration stays secret until both are in; the
// Spy's information goes to its winner only; supply sheets never go to
// the channel.
func checkHighTideSecrets(t *testing.T, p *hightidePlay) {
	spyWon := map[int]engine.Side{}
	for _, e := range of[*lrtg.RandomEventRolled](p) {
		if e.Spy != "" {
			spyWon[e.Turn] = e.Spy
		}
	}
	if len(spyWon) < 2 {
		t.Fatalf("Spy events: %v", spyWon)
	}
	turn := 0
	shown := map[bool]int{} // /event show after a Spy, by its winner (true) and loser
	for i, line := range p.lines {
		revealed := false
		for _, o := range p.out[i] {
			for _, v := range o.Events {
				if v.Type == lrtg.EventPosturesRevealed {
					revealed = true
				}
				if v.Type == engine.EventStepBegun {
					var b engine.StepBegun
					_ = json.Unmarshal(v.Data, &b)
					turn = b.Turn
				}
			}
		}
		for _, o := range p.out[i] {
			if o.Audience.Kind != AudiencePublic {
				continue
			}
			for _, v := range o.Events {
				if v.Type == lrtg.EventPostureDeclared {
					t.Errorf("line %d (%s): a declaration's event went public", i+1, line)
				}
			}
			// The waits name the choice ("operational / passive
			// declaration"); a posture shown would be a word of its own.
			if text := strings.ReplaceAll(o.Text, "operational / passive", ""); strings.Contains(line, "/declare posture:") && !revealed &&
				(strings.Contains(text, "operational") || strings.Contains(text, "passive")) {
				t.Errorf("line %d (%s): the declaration shows before both are in: %s", i+1, line, text)
			}
			if strings.Contains(o.Text, "Victuals:") || strings.Contains(o.Text, "supply segment") {
				t.Errorf("line %d (%s): a supply sheet went public: %s", i+1, line, o.Text)
			}
		}
		if !strings.HasSuffix(line, "/event show") {
			continue
		}
		win, ok := spyWon[turn]
		if !ok {
			continue
		}
		asker := engine.CSA
		if strings.HasPrefix(line, "@hooker") || strings.HasPrefix(line, "@reynolds") {
			asker = engine.USA
		}
		text := p.out[i][0].Text
		loser := "Union"
		if win == engine.USA {
			loser = "Confederate"
		}
		sees := strings.Contains(text, "Spy: "+loser+" supply") && strings.Contains(text, "Spy: "+loser+" depot schedule")
		if p.out[i][0].Audience.Kind != AudienceEphemeral || sees != (asker == win) {
			t.Errorf("line %d (%s), turn %d, Spy won by %s: the sheet shown %v (%s)", i+1, line, turn, win, sees, p.out[i][0].Audience.Kind)
		}
		shown[asker == win]++
	}
	if shown[true] < 2 || shown[false] < 1 {
		t.Errorf("/event show after a Spy: %d by its winner, %d by its loser", shown[true], shown[false])
	}
}
