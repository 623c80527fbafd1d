package bot

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
	"github.com/umpire-games/umpire/scenarios"
)

// A property test of limited intelligence (LRTG 20; issue 8 "Tests that
// nothing leaks"): many generated LRTG and LRTA games, played through the
// router by random steps of the sequence of play (forced where a step
// waits), activations and moves by the players, moves, /unit set, /unit
// mark, /unit eliminate and /battle result by the players or the umpire,
// the umpire taking back the step's actions (/game undo to:) near the end,
// and every read command for every viewer (each commander, a guest with no
// side, the umpire) midway and at the end. The Confederates have two
// commanders (Lee and Jeb, with private channels) outside the games with
// battles, so the side's log (sidelog.go, issue 22) is played and checked.
// No output a viewer sees (public outputs: everyone; ephemeral ones: the
// actor; a private channel's: its commander; the text, a CSV and the
// events' data) may give an enemy unit's id, an enemy unit's name with its
// hex, place, strength or state, or a hex an enemy unit holds, unless the
// viewer may know it: his own units' hexes, what he typed, a combat's hex
// (the public report gives it), the loser's supply sheet after a Spy win.
// A name alone is the printed rules' (leaders, the reinforcement
// schedule). The map is checked on the render's input: engine
// MapCounters(viewer), as bot/maps.go draws it. The umpire sees all: his
// reads run but are not checked.
//
// Commands whose answers depend on unseen enemy units are held to the
// fog of war by the sibling TestHiddenAnswersProperty
// (hidden_answers_property_test.go).
//
// go test ./bot -run TestLeakProperty -leak.n=400 plays more games;
// -leak.seed=N replays one of them, -leak.v logs the answers.

var leakSeed = flag.Int("leak.seed", 0, "play only the game of this seed (with -leak.n at least as large)")

var leakDebug = flag.Bool("leak.v", false, "log what the leak property test's commands answer")

var leakGames = flag.Int("leak.n", 0, "games the leak property test plays (0: the default, 24)")

// leakKnown are the leaks the generated games find today, as
// "command|viewer|kind": the test asserts this list exactly, so a fix and a
// new leak both change the result.
var leakKnown = []string{}

// leakViewer is one who reads the game.
type leakViewer struct {
	name string // console user
	side engine.Side
	ump  bool
}

var leakViewers = []leakViewer{
	{name: "lee", side: engine.CSA},
	{name: "meade", side: engine.USA},
	{name: "guest"},
	{name: "umpire", ump: true},
	{name: "jeb", side: engine.CSA}, // Lee's fellow commander: the side's log (sidelog.go)
}

// leakReads are the read commands that show the game's state.
var leakReads = []string{
	"/game status", "/oob", "/phase show", "/morale show", "/vp", "/turn show",
	"/supply show", "/action show", "/leader show", "/segment show",
	"/reinforcements", "/event show", "/garrison show", "/command show",
	"/vp csv:true", "/clock show", "/deadline show", "/dispatch status", "/dispatch inbox",
	"/unit log",     // the umpire's (issue 19): refused to the others with nothing of it
	"/attack show",  // the battles waiting and settled this turn, as the asker may see them
	"/game history", // the umpire's all; a player's his own side's actions (issue 22)
	// Another game's (LITN's): refused to everyone with nothing of this one (bot/games.go).
	"/litn status", "/litn status side:usa", "/sheet show side:csa",
}

func TestLeakProperty(t *testing.T) {
	n := 24
	if *leakGames > 0 {
		n = *leakGames
	}
	ts, err := scenarios.Theatres()
	if err != nil {
		t.Fatal(err)
	}
	th := ts["lrtg"]
	found := map[string]string{} // leak key → first example
	stats := map[string]int{}
	start := time.Now()
	for i := range n {
		if *leakSeed > 0 && i+1 != *leakSeed {
			continue
		}
		scenario := []string{"lrtg-high-tide", "lrtg-gettysburg-campaign", "lrta-campaign"}[i%3]
		leakGame(t, th, uint64(i+1), scenario, found, stats)
	}
	t.Logf("%d games in %v; commands: %v", n, time.Since(start), stats)
	if stats["side log"] == 0 && *leakSeed == 0 {
		t.Errorf("no post in a side's log was checked: %v", stats)
	}
	var got []string
	for k := range found {
		got = append(got, k)
	}
	sort.Strings(got)
	known := map[string]bool{}
	for _, k := range leakKnown {
		known[k] = true
	}
	for _, k := range got {
		if !known[k] {
			t.Errorf("leak %s:\n%s", k, found[k])
		}
	}
	if *leakGames == 0 { // more games may find more; fewer may miss some
		for _, k := range leakKnown {
			if _, ok := found[k]; !ok {
				t.Errorf("the known leak %s is gone: take it off leakKnown", k)
			}
		}
	}
}

// leakPlay is one generated game under way.
type leakPlay struct {
	t        *testing.T
	r        *Router
	th       *engine.Theatre
	con      *Console
	rng      *rand.Rand
	found    map[string]string
	revealed map[string]bool // hexes a combat showed both sides
	engaged  map[string]bool // units a battle (/attack) showed both sides: contact (engine/view.go V1)
	attacks  bool            // the game plays /attack too (TestLeakPropertyAttacks)
	cur      engine.GameState
	stats    map[string]int // commands run (and refused), for -v
	game     string
}

func leakGame(t *testing.T, th *engine.Theatre, seed uint64, scenario string, found map[string]string, stats map[string]int, attacks ...bool) *leakPlay {
	r := NewRouter(openStore(t), WithLogger(quietLog()), WithDice(SeededSource{}), withAttackCharts(atkCharts)) // attack_test.go: an invented chart
	p := &leakPlay{t: t, r: r, th: th, rng: rand.New(rand.NewPCG(seed, 1863)), found: found, revealed: map[string]bool{}, engaged: map[string]bool{},
		stats: stats, con: &Console{Router: r, User: "umpire", Guild: "g", Channel: "war"}, game: fmt.Sprintf("%s seed %d", scenario, seed)}
	p.attacks = len(attacks) > 0 && attacks[0]
	supply := []string{"simplified", "normal"}[p.rng.IntN(2)]
	intel := "limited_intelligence:true"
	if seed%3 == 1 { // a third of the games are double-blind (engine/view.go)
		intel = "intelligence:double-blind"
		p.game += " double-blind"
	}
	if seed%2 == 0 { // half the games keep chess clocks (LRTG 22)
		intel += " time_limitation:true"
	}
	if seed%3 == 2 { // a third of the games run their steps by themselves (issue 22)
		intel += " steps:auto"
	}
	// Extended marches roll on the group's table (invented:
	// scenarios/testdata/gcacw); a quarter of the games with battles load
	// none, and their marches' totals are the players' to read (issue 21's
	// fallback, engine/lrtg/move_extended.go). No rng is drawn for it.
	if p.attacks && seed%4 != 0 {
		if out := p.do("/chart load name:gcacw.extended-march file:" + filepath.Join("..", "scenarios", "testdata", "gcacw", "extended-march.yaml")); out.Error != nil {
			t.Fatalf("%s: chart load: %s", p.game, out.Text)
		}
	}
	if seed%2 == 1 { // half the games keep a terrain cost chart (invented), and their marches state terrain (move_stated.go)
		if out := p.do("/chart load name:gcacw.terrain-costs file:testdata/marches/terrain-costs.yaml"); out.Error != nil {
			t.Fatalf("%s: chart load: %s", p.game, out.Text)
		}
	}
	if out := p.do(fmt.Sprintf("/game new scenario:%s %s seed:%d supply:%s", scenario, intel, seed, supply)); out.Error != nil {
		t.Fatalf("%s: game new: %s", p.game, out.Text)
	}
	// Two Confederate commanders (LRTG 21.1), each with a private channel
	// (bot/channels.go), so the side's log (sidelog.go) is played: what
	// reaches Jeb's channel is checked as he may know it. The games with
	// battles keep one commander a side, as they were (their coverage of
	// extended marches is seed by seed); Jeb reads them as a guest would.
	joins := []string{"@lee /game join side:csa", "@meade /game join side:usa"}
	if !p.attacks {
		lee, jeb := "command:1", "command:Cav,2,Rich"
		if strings.HasPrefix(scenario, "lrta") {
			lee, jeb = "command:L", "command:J,Cav"
		}
		joins = []string{"@lee /game join side:csa " + lee, "@jeb /game join side:csa " + jeb, "@meade /game join side:usa"}
	}
	for _, l := range append(joins, "/game start", "/deadline set default:48h") {
		if out := p.do(l); out.Error != nil {
			t.Fatalf("%s: %s: %s", p.game, l, out.Text)
		}
	}
	if !p.attacks {
		chs := map[string]string{"console:lee": "lee-ch", "console:jeb": "jeb-ch", "console:meade": "meade-ch"}
		if err := r.recordChannels(context.Background(), Request{GuildID: "g", ChannelID: "war", User: engine.Actor{ID: "console:umpire", Name: "umpire"}}, "cat", chs, false, "ump-ch"); err != nil {
			t.Fatalf("%s: channels: %v", p.game, err)
		}
	}
	steps := p.rng.IntN(40)
	if seed%4 == 0 { // some games run into later turns (random events, supply)
		steps = 40 + p.rng.IntN(160)
	}
	midway := p.rng.IntN(steps + 1) // the views are read there too
	for i := range steps {
		if i == midway {
			p.reads(false)
		}
		for range p.rng.IntN(4) {
			p.randomAction()
		}
		if st := p.cur.CurrentStep(); strings.HasPrefix(st, "4") && p.rng.IntN(3) > 0 {
			p.actionRound()
		}
		g := p.cur
		line := "/phase next"
		if len(g.Waiting()) > 0 {
			line += " force:true reason:generated game"
		}
		p.do(line)
	}
	for range 1 + p.rng.IntN(3) {
		p.randomAction()
	}
	p.rewind()
	p.reads(true)
	return p
}

// rewind has the umpire take back every action of the step under way
// (/game undo to:, issue 22): what the table reads of it is checked like
// any output, and the reads after it read the game rewound. It draws no
// rng, so the games are the ones they were before it.
func (p *leakPlay) rewind() {
	n := ""
	for _, l := range strings.Split(p.run("/game history last:100", true).Text, "\n") {
		if m := regexp.MustCompile(`^#(\d+) `).FindStringSubmatch(l); m != nil && !strings.Contains(l, "an earlier step") {
			n = m[1]
			break
		}
	}
	if n == "" {
		return
	}
	if out := p.do("/game undo to:" + n + " reason:generated confirm:true"); out.Error != nil && out.Error.Code != "game.undo_lasting" {
		p.t.Errorf("%s: the rewind to #%s: %s", p.game, n, out.Text)
	}
}

func (p *leakPlay) state() engine.GameState {
	g, err := p.r.game(context.Background(), Request{GuildID: "g", ChannelID: "war", User: engine.Actor{ID: "console:umpire", Name: "umpire"}})
	if err != nil {
		p.t.Fatal(err)
	}
	return g
}

// do runs a console line and checks every output for every viewer who
// sees it; it returns the first output.
func (p *leakPlay) do(line string) Output { return p.run(line, false) }

// run runs a line; read says it changes nothing (the state is not read
// again).
func (p *leakPlay) run(line string, read bool) Output {
	p.t.Helper()
	req, perr := p.con.Parse(line)
	if perr != nil {
		p.t.Fatalf("%s: %s: %v", p.game, line, perr)
	}
	before := p.cur
	rep := p.r.Handle(context.Background(), req)
	if *leakDebug && !read {
		for _, o := range rep.Outputs {
			p.t.Logf("%s [%s %s] %s", line, o.Audience.Kind, o.Audience.UserID, campaignClip(o.Text, 3000))
		}
	}
	if st := p.stats; st != nil {
		k := leakCommand(line)
		if len(rep.Outputs) > 0 && rep.Outputs[0].Error != nil {
			k += " refused"
		}
		st[k]++
	}
	after := before
	if !read {
		after = p.state()
		p.cur = after
	}
	p.noteBattles(before, after)
	for _, out := range rep.Outputs {
		if st := p.stats; st != nil && out.Audience.Kind == AudienceChannel && sideLogPrefix.MatchString(out.Text) {
			st["side log"]++ // a post in the side's log (sidelog.go), checked below as its reader's
		}
	}
	for _, out := range rep.Outputs {
		for _, v := range leakViewers {
			if v.ump || !leakSees(out, req, v) {
				continue
			}
			p.check(line, v, out, before, after)
		}
	}
	if len(rep.Outputs) == 0 {
		return Output{}
	}
	return rep.Outputs[0]
}

// leakSees reports whether a viewer sees an output: a public one everyone
// at the table, an ephemeral one its actor, a private channel's its
// commander.
func leakSees(out Output, req Request, v leakViewer) bool {
	switch out.Audience.Kind {
	case AudiencePublic:
		return true
	case AudienceEphemeral:
		id := out.Audience.UserID
		if id == "" {
			id = req.User.ID
		}
		return id == "console:"+v.name
	case AudienceChannel: // a commander's private channel (bot/channels.go)
		return out.Audience.UserID != "" && out.Audience.UserID == "console:"+v.name
	}
	return false // another channel: the fake Discord tests its members
}

// ownUnits are a side's units on the map.
func leakUnits(g engine.GameState, s engine.Side) []engine.UnitState {
	var out []engine.UnitState
	for _, u := range g.Units {
		if u.Side == s && u.OnMap && !u.Eliminated {
			out = append(out, u)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

// near is a printed hex one or two hexes from h.
func (p *leakPlay) near(h engine.Hex) string {
	for range 2 {
		nb := h.Neighbours()
		h = nb[p.rng.IntN(len(nb))]
	}
	if refs := p.th.Printed(h); len(refs) > 0 {
		return refs[0]
	}
	return ""
}

// march is a player's march of one or two steps from h, as /move's path:
// (engine/lrtg/move_path.go), "" off the map.
func (p *leakPlay) march(h engine.Hex) string {
	var refs []string
	for range 1 + p.rng.IntN(2) {
		nb := h.Neighbours()
		h = nb[p.rng.IntN(len(nb))]
		r := p.th.Printed(h)
		if len(r) == 0 {
			return ""
		}
		refs = append(refs, r[0])
	}
	path := "path:" + strings.Join(refs, " ")
	if p.rng.IntN(3) == 0 { // the terrain of each step, stated (a wrong name or count now and then)
		words := []string{"Woods", "Clear", "road: Pike", "Clear + Creek", "-", "Swamp"}
		stated := make([]string, len(refs)+p.rng.IntN(4)/3)
		for i := range stated {
			stated[i] = words[p.rng.IntN(len(words))]
		}
		path += ` terrain:"` + strings.Join(stated, "; ") + `"`
	}
	return path
}

// marchOf is a player's march of his unit; in the games with battles it
// is an extended march when the unit's id has an even length (no rng is
// drawn, so the games' choices stay as they were), rolled on the invented
// Extended March Table leakGame loads, or read by the players where it
// loads none.
func (p *leakPlay) marchOf(player, id, path string) {
	if !p.attacks || len(id)%2 != 0 {
		p.do(fmt.Sprintf("@%s /move units:%s %s", player, id, path))
		return
	}
	p.stats["extended"]++
	if out := p.do(fmt.Sprintf("@%s /move units:%s %s extended:true", player, id, path)); strings.Contains(out.Text, "Extended march (your group's") ||
		strings.Contains(out.Text, "Extended march: ") {
		p.stats["extended rolled"]++
	} else if strings.Contains(out.Text, "Extended march (no Extended March Table loaded)") {
		p.stats["extended read"]++
	}
}

func (p *leakPlay) randomAction() {
	g := p.cur
	sides := []engine.Side{engine.CSA, engine.USA}
	side := sides[p.rng.IntN(2)]
	player := map[engine.Side]string{engine.CSA: "lee", engine.USA: "meade"}[side]
	units := leakUnits(g, side)
	if len(units) == 0 {
		return
	}
	u := units[p.rng.IntN(len(units))]
	if g.Controls(engine.Actor{ID: "console:jeb"}, u) && !g.IsUmpire(engine.Actor{ID: "console:jeb"}) {
		player = "jeb" // his unit: he acts for it (no rng is drawn)
	}
	n := 13
	if p.attacks {
		n = 14
	}
	switch p.rng.IntN(n) {
	case 0: // the player marches his unit, by the rules
		if path := p.march(u.Hex); path != "" {
			p.marchOf(player, u.ID, path)
		}
	case 1: // the umpire moves it, with a reason
		if to := p.near(u.Hex); to != "" {
			p.do(fmt.Sprintf("/move units:%s to:%s reason:generated ruling", u.ID, to))
		}
	case 2, 3: // /unit set by the player or the umpire
		field, value := "fatigue", fmt.Sprint(p.rng.IntN(4))
		switch p.rng.IntN(3) {
		case 1:
			n := 1 + p.rng.IntN(max(1, u.Manpower))
			field, value = "manpower", fmt.Sprint(n)
			if n == u.Manpower && n < 30 {
				// A raise (issue 19): a cause the rules allow on one
				// parity of the strength, none (a player is refused) on
				// the other; it goes on the umpire's log.
				value = fmt.Sprint(n + 1)
				if n%2 == 0 {
					value += " cause:stragglers"
				}
			}
		case 2:
			field, value = "organization", []string{"disorganized", "organized"}[p.rng.IntN(2)]
		}
		who := "/"
		if p.rng.IntN(2) == 0 {
			who = "@" + player + " /"
		}
		p.do(fmt.Sprintf("%sunit set unit:%s field:%s value:%s reason:generated", who, u.ID, field, value))
	case 4: // a battle: the umpire records a printed result
		enemy := leakUnits(g, map[engine.Side]engine.Side{engine.CSA: engine.USA, engine.USA: engine.CSA}[side])
		if len(enemy) == 0 {
			return
		}
		d := enemy[p.rng.IntN(len(enemy))]
		res := []string{"-", "1", "2", "1r", "2Dr"}
		out := p.do(fmt.Sprintf("/battle result attacker:%s defender:%s attacker_result:%s defender_result:%s reason:generated",
			u.ID, d.ID, res[p.rng.IntN(len(res))], res[p.rng.IntN(len(res))]))
		if out.Error == nil {
			// The rules show a combat's hex to both sides (its units stay
			// hidden: the public report names none).
			for _, r := range p.th.Printed(d.Hex) {
				p.revealed[r] = true
			}
		}
	case 5: // /phase next without force: refused while the step waits; in a game that steps by itself, a player's /phase done
		if p.cur.Options.AutoSteps() {
			p.do(fmt.Sprintf("@%s /phase done", player))
		} else {
			p.do("/phase next")
		}
	case 6: // an activation (LRTG 1.0), then moves of its units
		if out := p.do(fmt.Sprintf("@%s /action activate leader_or_unit:%s", player, u.ID)); out.Error == nil {
			for range 1 + p.rng.IntN(3) {
				if path := p.march(u.Hex); path != "" {
					p.do(fmt.Sprintf("@%s /move units:%s %s", player, u.ID, path))
				}
			}
		}
	case 7:
		p.do(fmt.Sprintf("@%s /action done", player))
	case 8:
		p.do(fmt.Sprintf("@%s /action pass", player))
	case 9: // a mark, by the player or the umpire
		who := "/"
		if p.rng.IntN(2) == 0 {
			who = "@" + player + " /"
		}
		p.do(fmt.Sprintf("%sunit mark unit:%s mark:%s reason:generated", who, u.ID, []string{"flanks-refused", "out-of-supply", "fort"}[p.rng.IntN(3)]))
	case 10: // the umpire eliminates a unit
		if p.rng.IntN(3) == 0 {
			p.do(fmt.Sprintf("/unit eliminate unit:%s reason:generated ruling", u.ID))
		}
	case 11: // a dummy force marker near the unit, or all removed
		if p.rng.IntN(4) == 0 {
			p.do(fmt.Sprintf("@%s /dummy remove all:true", player))
		} else if to := p.near(u.Hex); to != "" && p.rng.IntN(2) == 0 {
			p.do(fmt.Sprintf("@%s /dummy place hex:%s", player, to))
		} else if to != "" { // the umpire, at any step
			p.do(fmt.Sprintf("/dummy place hex:%s side:%s reason:generated", to, side))
		}
	case 12: // the chess clocks: a pause, a resume, a chit
		p.do([]string{"@" + player + " /clock pause reason:rules", "/clock resume", "@" + player + " /clock chit"}[p.rng.IntN(3)])
	case 13: // an attack on an enemy's hex, mostly refused (no action, not adjacent)
		p.attack(side, u, "")
	}
}

// attack declares an attack of the unit on an enemy unit's hex and has
// the defender (or the umpire) answer it.
func (p *leakPlay) attack(side engine.Side, u engine.UnitState, at string) {
	enemySide := map[engine.Side]engine.Side{engine.CSA: engine.USA, engine.USA: engine.CSA}[side]
	enemy := leakUnits(p.cur, enemySide)
	if len(enemy) == 0 {
		return
	}
	d := enemy[p.rng.IntN(len(enemy))]
	if at != "" {
		d = p.cur.Units[at]
	}
	refs := p.th.Printed(d.Hex)
	if len(refs) == 0 {
		return
	}
	player := map[engine.Side]string{engine.CSA: "lee", engine.USA: "meade"}
	typ := []string{"march", "assault"}[p.rng.IntN(2)]
	mods := []string{"", " modifiers:flank", " modifiers:terrain=1", " modifiers:bogus=2"}[p.rng.IntN(4)]
	if at != "" && p.rng.IntN(4) > 0 { // the battles the umpire set up: mostly a lawful declaration
		typ, mods = "march", []string{"", " modifiers:flank"}[p.rng.IntN(2)]
	}
	if p.do(fmt.Sprintf("@%s /attack declare units:%s at:%s type:%s%s", player[side], u.ID, refs[0], typ, mods)).Error != nil {
		return
	}
	switch p.rng.IntN(3) {
	case 0:
		p.do("/attack defend reason:generated ruling")
	default:
		p.do(fmt.Sprintf("@%s /attack defend modifiers:%s", player[enemySide], []string{"none", "terrain=2", "flank"}[p.rng.IntN(3)]))
	}
}

// battle has the umpire move an enemy unit next to the unit, which then
// attacks it.
func (p *leakPlay) battle(side engine.Side, u engine.UnitState) {
	enemySide := map[engine.Side]engine.Side{engine.CSA: engine.USA, engine.USA: engine.CSA}[side]
	enemy := leakUnits(p.cur, enemySide)
	if len(enemy) == 0 {
		return
	}
	if u.Kind.IsLeader() { // a leader's activation: one of his command's units attacks
		var cmd []engine.UnitState
		for _, o := range leakUnits(p.cur, side) {
			if !o.Kind.IsLeader() && o.Command == u.Command {
				cmd = append(cmd, o)
			}
		}
		if len(cmd) == 0 {
			return
		}
		u = cmd[p.rng.IntN(len(cmd))]
	}
	d := enemy[p.rng.IntN(len(enemy))]
	nb := u.Hex.Neighbours()
	refs := p.th.Printed(nb[p.rng.IntN(len(nb))])
	if len(refs) == 0 || d.Kind.IsLeader() {
		return
	}
	if p.do(fmt.Sprintf("/move units:%s to:%s reason:generated ruling", d.ID, refs[0])).Error != nil {
		return
	}
	p.attack(side, u, d.ID)
}

// retreat has the owners make the retreats the action's battles owe
// (engine/lrtg/retreat_owed.go), mostly: one not made (or refused) holds
// the action, and the umpire ends it anyway with a reason. The enemy must
// read nothing of where a unit retreats.
func (p *leakPlay) retreat() {
	player := map[engine.Side]string{engine.CSA: "lee", engine.USA: "meade"}
	for _, o := range lrtg.Of(p.cur).RetreatsOwed() {
		if path := p.march(p.cur.Units[o.Unit].Hex); path != "" && p.rng.IntN(4) > 0 {
			p.do(fmt.Sprintf("@%s /move units:%s %s", player[o.Side], o.Unit, path))
		}
	}
	if len(lrtg.Of(p.cur).RetreatsOwed()) > 0 {
		p.do("/action done reason:generated ruling")
	}
}

// noteBattles records the units and hex of every battle declared: both
// sides' commanders read them (docs/attacks.md).
func (p *leakPlay) noteBattles(states ...engine.GameState) {
	for _, g := range states {
		for _, b := range lrtg.Of(g).Attacks.Pending {
			for _, id := range append(append([]string(nil), b.Attackers...), b.Defenders...) {
				p.engaged[id] = true
			}
			p.revealed[b.Ref] = true
		}
	}
}

// actionRound plays the action cycle (LRTG 1.0) a little: each side in
// turn tries to activate a unit, moves it, ends the action and passes.
func (p *leakPlay) actionRound() {
	sides := []engine.Side{engine.CSA, engine.USA}
	if p.rng.IntN(2) == 0 {
		sides[0], sides[1] = sides[1], sides[0]
	}
	for _, side := range sides {
		player := map[engine.Side]string{engine.CSA: "lee", engine.USA: "meade"}[side]
		units := leakUnits(p.cur, side)
		for try := 0; try < 4 && len(units) > 0; try++ {
			u := units[p.rng.IntN(len(units))]
			if p.do(fmt.Sprintf("@%s /action activate leader_or_unit:%s", player, u.ID)).Error != nil {
				continue
			}
			for range 1 + p.rng.IntN(3) {
				if path := p.march(p.cur.Units[u.ID].Hex); path != "" {
					p.marchOf(player, u.ID, path)
				}
			}
			if p.attacks && p.rng.IntN(2) == 0 { // a battle: the umpire brings an enemy unit next to it
				p.battle(side, p.cur.Units[u.ID])
			}
			if p.attacks {
				p.retreat()
			}
			p.do(fmt.Sprintf("@%s /action done", player))
			break
		}
		p.do(fmt.Sprintf("@%s /action pass", player))
	}
}

// reads issues every read command as every viewer (withMap: and /map for
// one of them).
func (p *leakPlay) reads(withMap bool) {
	g := p.cur
	var onMap []engine.UnitState
	onMap = append(leakUnits(g, engine.CSA), leakUnits(g, engine.USA)...)
	mapper := leakViewers[p.rng.IntN(4)].name // one of the first four, as before Jeb joined (the games stay as they were)
	for _, v := range leakViewers {
		reads := append([]string{}, leakReads...)
		// The reads that take a side: a player asking for the enemy's
		// must be refused, the umpire may.
		reads = append(reads, "/dummy list")
		for _, l := range []string{"/oob", "/supply show", "/segment show"} {
			for _, sd := range []string{"csa", "usa"} {
				reads = append(reads, l+" side:"+sd)
			}
		}
		if strings.HasPrefix(g.Options.Scenario, "lrta") {
			reads = append(reads, "/victory objectives")
		}
		// The PNG takes long to draw: one viewer's, small, per game (the
		// counters of every viewer are checked below).
		if withMap && len(onMap) > 0 && v.name == mapper {
			u := onMap[p.rng.IntN(len(onMap))]
			if refs := p.th.Printed(u.Hex); len(refs) > 0 {
				reads = append(reads, "/map at:"+refs[0]+" radius:2")
			}
		}
		for _, l := range reads {
			p.run("@"+v.name+" "+l, true)
		}
		// The map's counters: what bot/maps.go draws for him.
		if !v.ump {
			p.checkCounters(g, v)
		}
	}
}

func (p *leakPlay) leak(cmd string, v leakViewer, kind, example string) {
	role := "commander"
	if v.side == "" {
		role = "guest"
	}
	key := cmd + "|" + role + "|" + kind
	if _, ok := p.found[key]; !ok {
		p.found[key] = p.game + ": " + example
	}
}

// leakState is what makes a unit's name on a line intelligence (besides
// its hex): a strength, a state or a move.
var leakState = regexp.MustCompile(`\b\d+\s*MP\b|(?i:\bfatigue\b|disorgani[sz]ed|exhausted|demorali[sz]|entrenched\b|entrenchment \d|\bmoves?\b|\bmoved\b|eliminated)`)

// slashCommand is a command named in a text, e.g. "(/move)".
var slashCommand = regexp.MustCompile(`/[a-z]+`)

// placeNames are the names of the places in a hex.
func (p *leakPlay) placeNames(h engine.Hex) []string {
	var out []string
	for _, pl := range p.th.Places {
		if pl.Hex == h {
			out = append(out, pl.Name)
		}
	}
	return out
}

// leakCommand is the command of a console line, e.g. "/unit set".
func leakCommand(line string) string {
	if strings.HasPrefix(line, "@") {
		_, line, _ = strings.Cut(line, " ")
	}
	var words []string
	for _, w := range strings.Fields(line) {
		if strings.Contains(w, ":") {
			break
		}
		words = append(words, w)
	}
	return strings.Join(words, " ")
}

// check looks for what the viewer may not know in an output he sees.
func (p *leakPlay) check(line string, v leakViewer, out Output, before, after engine.GameState) {
	cmd := leakCommand(line)
	text := out.Text
	if out.Embed != nil {
		text += "\n" + out.Embed.PlainText()
	}
	for _, f := range out.Files { // a CSV is read like the text
		if strings.HasPrefix(f.ContentType, "text/") {
			text += "\n" + string(f.Data)
		}
	}
	var data strings.Builder
	for _, e := range out.Events {
		data.Write(e.Data)
		data.WriteByte('\n')
	}
	own := map[string]bool{} // the viewer's own hexes and names
	if v.side != "" {
		for _, g := range []engine.GameState{before, after} {
			for _, u := range g.Units {
				if u.Side != v.side {
					continue
				}
				own[u.Name] = true
				if u.OnMap && !u.Eliminated {
					for _, r := range p.th.Printed(u.Hex) {
						own[r] = true
					}
				}
			}
		}
	}
	// A combat's header names its hex for both sides (LRTG 20), in the
	// side's log too (sidelog.go: "📒 USA log · umpire: ⚔️ Combat at ...").
	revealed := map[string]bool{}
	if head, _, _ := strings.Cut(out.Text, "\n"); strings.HasPrefix(sideLogPrefix.ReplaceAllString(head, ""), "⚔️ Combat at") {
		for _, r := range hexRef.FindAllString(head, -1) {
			revealed[r] = true
		}
	}
	for _, r := range hexRef.FindAllString(line, -1) {
		revealed[r] = true // he typed it
	}
	// A Spy win (LRTA: Enemy Intelligence) shows the winner the loser's
	// supply status sheet, its units' victuals with their names (000 2.0
	// 7); 004 Random Events).
	win := lrtg.Of(after).Events.SpyWinner(after.Turn)
	if after.Game() == lrtg.LRTA {
		win = lrtg.Of(after).LRTAIntelWinner() // 004 Enemy Intelligence
	}
	spy := v.side != "" && cmd == "/event show" && win == v.side
	clip := func(s string) string { return line + " → " + campaignClip(s, 600) }
	// A battle's units are both sides' to read: their names are taken out
	// before looking for other units' (F. Lee engaged is not Lee).
	nameText := text
	if v.side != "" {
		for id := range p.engaged {
			if u, ok := after.Units[id]; ok && u.Name != "" {
				nameText = strings.ReplaceAll(nameText, u.Name, "·")
			}
		}
	}
	seen := map[string]bool{}
	for _, g := range []engine.GameState{before, after} {
		for _, u := range g.Units {
			if u.Side == v.side || seen[u.ID] || v.side != "" && p.engaged[u.ID] {
				continue // his own; a battle's (both sides read its units)
			}
			seen[u.ID] = true
			if strings.Contains(text, u.ID) || strings.Contains(data.String(), `"`+u.ID+`"`) {
				p.leak(cmd, v, "id", fmt.Sprintf("%s sees the %s unit id %s: %s", v.name, u.Side, u.ID, clip(text+"\n"+data.String())))
			}
			// A name alone may be the printed rules' (a leader, a scheduled
			// reinforcement): a name with a hex, a strength or a state
			// on its line is intelligence.
			if u.Name != "" && !own[u.Name] && !spy && strings.Contains(nameText, u.Name) {
				name := regexp.MustCompile(`\b` + regexp.QuoteMeta(u.Name) + `\b`)
				for _, l := range strings.Split(nameText, "\n") {
					if !name.MatchString(l) {
						continue
					}
					if strings.HasPrefix(l, "_") {
						continue // a footnote: the rules' text
					}
					at := false // its own hex or place on the line
					for _, r := range append(p.th.Printed(u.Hex), p.placeNames(u.Hex)...) {
						at = at || u.OnMap && strings.Contains(l, r) && regexp.MustCompile(`\b`+regexp.QuoteMeta(r)+`\b`).MatchString(l)
					}
					if at || leakState.MatchString(slashCommand.ReplaceAllString(l, "")) {
						p.leak(cmd, v, "name", fmt.Sprintf("%s sees the %s unit %s (%s) with its state: %s", v.name, u.Side, u.Name, u.Kind, line+" → "+campaignClip(l, 400)))
						break
					}
				}
			}
			if !u.OnMap || u.Eliminated {
				continue
			}
			for _, r := range p.th.Printed(u.Hex) {
				if own[r] || revealed[r] || p.revealed[r] || rulesRange(text, r) {
					continue
				}
				if (strings.Contains(text, r) || strings.Contains(data.String(), r)) &&
					(regexp.MustCompile(`\b`+r+`\b`).MatchString(text) || regexp.MustCompile(`\b`+r+`\b`).MatchString(data.String())) {
					p.leak(cmd, v, "hex", fmt.Sprintf("%s sees %s, the hex of the %s unit %s: %s", v.name, r, u.Side, u.ID, clip(text+"\n"+data.String())))
				}
			}
		}
	}
}

// The checker itself: it finds an enemy id, an enemy's name with its
// state, and an enemy's hex, and lets pass the viewer's own units, what he
// typed and a combat's revealed hex.
func TestLeakCheckerFindsLeaks(t *testing.T) {
	ts, err := scenarios.Theatres()
	if err != nil {
		t.Fatal(err)
	}
	th := ts["lrtg"]
	var hood, buford engine.Hex
	var hoodRef, bufordRef string
	for _, pl := range th.Places {
		if refs := th.Printed(pl.Hex); len(refs) > 0 {
			switch {
			case hoodRef == "":
				hood, hoodRef = pl.Hex, refs[0]
			case bufordRef == "" && refs[0] != hoodRef:
				buford, bufordRef = pl.Hex, refs[0]
			}
		}
	}
	g := engine.GameState{Units: map[string]engine.UnitState{
		"csa.hood":   {ID: "csa.hood", Name: "Hood", Side: engine.CSA, Kind: "infantry", OnMap: true, Hex: hood, Manpower: 16},
		"usa.buford": {ID: "usa.buford", Name: "Buford", Side: engine.USA, Kind: "cavalry", OnMap: true, Hex: buford, Manpower: 4},
	}}
	meade := leakViewers[1]
	for _, c := range []struct {
		line, text string
		want       []string
	}{
		{"/oob", "Hood 16 MP", []string{"/oob|commander|name"}},
		{"/oob", "csa.hood is here", []string{"/oob|commander|id"}},
		{"/oob", "a force at " + hoodRef, []string{"/oob|commander|hex"}},
		{"/oob", "Hood, scheduled for turn 2", nil},                     // the printed schedule
		{"/oob", "Buford 4 MP at " + bufordRef, nil},                    // his own
		{"/map at:" + hoodRef, "around " + hoodRef, nil},                // he typed it
		{"/battle result", "⚔️ Combat at " + hoodRef + ", turn 1", nil}, // revealed to both
	} {
		found := map[string]string{}
		p := &leakPlay{t: t, th: th, found: found, revealed: map[string]bool{}, game: "synthetic"}
		p.check(c.line, meade, Output{Text: c.text}, g, g)
		var got []string
		for k := range found {
			got = append(got, k)
		}
		sort.Strings(got)
		if strings.Join(got, ",") != strings.Join(c.want, ",") {
			t.Errorf("%q: found %v, want %v", c.text, got, c.want)
		}
	}
	// A guest sees no unit: a public line naming one with its state leaks.
	found := map[string]string{}
	p := &leakPlay{t: t, th: th, found: found, revealed: map[string]bool{}, game: "synthetic"}
	p.check("/phase next", leakViewers[2], Output{Text: "Buford moves to " + bufordRef}, g, g)
	if len(found) != 2 {
		t.Errorf("the guest's leaks: %v", found)
	}
}

// Leaks the generated games found (-leak.n=700, seeds 176, 188, 268):
// Meade's changes told both sides that a unit had been eliminated
// ("Gamble replaces Davis: Davis has been eliminated, so Gamble does not
// enter"; "Price is removed: Price has been eliminated") and which unit
// Meade and Sykes joined ("... (Meade has been eliminated) with Ayres").
// With limited intelligence the line gives the rule's replacement only.
func TestMeadeChangesKeepEliminationsSecret(t *testing.T) {
	e := &lrtg.MeadeAssumed{Turn: 8, Changes: []lrtg.MeadeChange{
		{Step: "8) b)", What: "Gamble replaces Davis: Davis has been eliminated, so Gamble does not enter", Remove: []string{"usa.gamble"}},
		{Step: "8) g)", What: "Price is removed: Price has been eliminated"}, // seed 188
		// seed 268 (-leak.n=700): the V Corps leader out of play.
		{Step: "2)", What: "Meade's army counter (Meade has been eliminated) with Ayres"},
		{Step: "2)", What: "Sykes (V Corps) with Ayres"},
	}}
	hidden := meadeText(engine.GameState{}, e, false)
	if strings.Contains(hidden, "eliminated") || strings.Contains(hidden, "does not enter") ||
		!strings.Contains(hidden, "8) b) Gamble replaces Davis.") || !strings.Contains(hidden, "8) g) Price is removed.") ||
		strings.Contains(hidden, "Ayres") || strings.Count(hidden, "2) Meade's army counter and Sykes (V Corps) replace the Meade V Corps leader counter.") != 1 {
		t.Errorf("limited intelligence: %s", hidden)
	}
	if open := meadeText(engine.GameState{}, e, true); !strings.Contains(open, "Davis has been eliminated, so Gamble does not enter") {
		t.Errorf("open: %s", open)
	}
}

// checkCounters checks a viewer's map counters (engine.ViewFor) against
// the rules of the game's intelligence mode, computed here afresh: an
// enemy stack is a bare force marker unless one of the viewer's units is
// in contact (limited: adjacent) or in sight (double-blind: 3 hexes,
// cavalry 6), or his side won this turn's Spy (LRTA: Enemy Intelligence);
// a dummy is told apart only in contact, and a hex shows one force marker
// a side however many stacks and dummies stand there (issue 22: the
// map's stack count would tell a dummy); a last-known counter carries no
// strength; a guest sees bare markers (limited) or nothing (double-blind).
func (p *leakPlay) checkCounters(g engine.GameState, v leakViewer) {
	mode := g.Options.IntelMode()
	winner := lrtg.Of(g).Events.SpyWinner(g.Turn)
	if g.Game() == lrtg.LRTA {
		winner = lrtg.Of(g).LRTAIntelWinner()
	}
	var own []engine.UnitState
	if v.side != "" {
		own = leakUnits(g, v.side)
	}
	near := func(h engine.Hex, limited bool) bool {
		for _, u := range own {
			r := 1
			if !limited {
				r = g.Options.SightRange(u)
			}
			if engine.Distance(u.Hex, h) <= r {
				return true
			}
		}
		return false
	}
	markers := map[string]int{} // force markers by side and hex: one at most (issue 22)
	for _, c := range g.MapCounters(engine.Actor{ID: "console:" + v.name, Name: v.name}) {
		if v.side != "" && engine.Side(c.Side) == v.side {
			continue
		}
		if c.Unidentified {
			k := fmt.Sprintf("%s %v", c.Side, c.Hex)
			if markers[k]++; markers[k] == 2 {
				p.leak("/map", v, "badge", fmt.Sprintf("%s's map shows two %s force markers at %v: the stack's count tells a dummy", v.name, c.Side, c.Hex))
			}
		}
		bare := c.Unidentified && c.Name == "" && c.Unit == "" && c.Manpower == 0 && len(c.Marks) == 0
		what := fmt.Sprintf("%s's map shows %+v", v.name, c)
		switch {
		case v.side == "" && (mode != engine.IntelLimited || !bare):
			p.leak("/map", v, "counter", what)
		case v.side == "" || bare:
		case c.SeenTurn > 0:
			if mode != engine.IntelDoubleBlind || c.Manpower != 0 || len(c.Marks) != 0 || c.SeenTurn > g.Turn {
				p.leak("/map", v, "last-known", what)
			}
		case c.Kind == "dummy":
			if mode != engine.IntelLimited || !near(c.Hex, true) {
				p.leak("/map", v, "dummy", what)
			}
		case winner == v.side:
		case !near(c.Hex, mode == engine.IntelLimited):
			p.leak("/map", v, "counter", what)
		}
	}
}

// sideLogPrefix is how the side's log labels a post (sidelog.go).
var sideLogPrefix = regexp.MustCompile(`^📒 (CSA|USA) log · [^:]*: `)

// rulesRange reports whether a hex appears in the text only as an end of a
// printed range the rules give ("in a hex numbered 20xx or lower (SS0133
// to SS2033)"): the rules' text, not intelligence.
func rulesRange(text, ref string) bool {
	re := regexp.MustCompile(`\(([A-Z]{2}\d{4}) to ([A-Z]{2}\d{4})\)`)
	found := false
	for _, m := range re.FindAllStringSubmatch(text, -1) {
		if m[1] == ref || m[2] == ref {
			found = true
		}
	}
	if !found {
		return false
	}
	// Every mention of the hex is such a range end.
	return !regexp.MustCompile(`\b` + ref + `\b`).MatchString(re.ReplaceAllString(text, ""))
}
