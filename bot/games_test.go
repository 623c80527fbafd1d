package bot

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/litn"
	"github.com/umpire-games/umpire/engine/lrtg"
)

// gamesDo runs a console line as the actor in the table channel "war" of
// guild "g" (the channel of gameReq and the LITN helpers).
func gamesDo(t *testing.T, r *Router, who engine.Actor, line string) Reply {
	t.Helper()
	con := &Console{Router: r, User: "x", Guild: "g", Channel: "war"}
	req, perr := con.Parse(line)
	if perr != nil {
		t.Fatalf("%s: %v", line, perr)
	}
	req.User, req.Manager = who, who.ID == umpireA.ID
	return r.Handle(context.Background(), req)
}

// everything is all an output gives its reader: texts, embeds, events'
// data, buttons, files.
func everything(rep Reply) string {
	var b strings.Builder
	for _, o := range rep.Outputs {
		b.WriteString(o.Text + "\n")
		if o.Embed != nil {
			b.WriteString(o.Embed.PlainText() + "\n")
		}
		for _, e := range o.Events {
			b.Write(e.Data)
		}
		j, _ := json.Marshal(o.Buttons)
		b.Write(j)
		for _, f := range o.Files {
			b.Write(f.Data)
		}
	}
	return b.String()
}

// version is the channel's game stream's version: what a refusal must not
// change.
func gamesVersion(t *testing.T, r *Router) int64 {
	t.Helper()
	st, _, err := r.store.Load(context.Background(), "game:war", 0)
	if err != nil {
		t.Fatal(err)
	}
	return st.Version
}

// The table covers every command, and a command it misses or an entry
// naming no command stops the router at start.
func TestCommandGamesTable(t *testing.T) {
	r := NewRouter(nil)
	for _, c := range r.Commands() {
		if _, ok := commandGames[c.Name]; !ok {
			t.Errorf("/%s is not in commandGames", c.Name)
		}
	}
	if c := r.Command("game").Sub("oob"); c.playedIn(litn.ID) || !c.playedIn(lrtg.LRTG) || !c.playedIn(lrtg.LRTA) {
		t.Errorf("/game oob's games: %v", c.games)
	}
	if c := r.Command("game").Sub("status"); !c.playedIn(litn.ID) || !c.playedIn(lrtg.LRTG) {
		t.Errorf("/game status's games: %v", c.games)
	}
	if c := r.Command("litn").Sub("move"); !c.playedIn(litn.ID) || c.playedIn(lrtg.LRTG) {
		t.Errorf("/litn move's games: %v", c.games)
	}
	panics := func(what string, f func()) {
		t.Helper()
		defer func() {
			if recover() == nil {
				t.Errorf("%s: no panic", what)
			}
		}()
		f()
	}
	cmds := map[string]*Command{}
	for _, c := range builtinCommands() {
		cmds[c.Name] = c
	}
	cmds["teleport"] = &Command{Name: "teleport"}
	panics("a command without an entry", func() { assignGames(cmds) })
	delete(cmds, "teleport")
	delete(cmds, "vp")
	panics("an entry without a command", func() { assignGames(cmds) })
}

// /help lists the channel's game's commands; outside a game, every
// command under its game's heading. /help's autocomplete offers the same.
func TestHelpPerGame(t *testing.T) {
	ctx := context.Background()
	index := func(r *Router, channel string) string {
		t.Helper()
		req := helpReq("")
		req.ChannelID = channel
		o := r.Handle(ctx, req).first()
		if o.Error != nil || o.Embed == nil {
			t.Fatalf("/help: %+v", o)
		}
		return o.Text
	}
	r, _ := litnInitRouter(t, "litn-1-frederick-to-antietam", "sheet-1-csa.yaml", "sheet-1-usa.yaml")
	mustOK(t, r, Request{GuildID: "g", ChannelID: "lrtg", User: umpireA, Command: "game", Path: []string{"new"}, Options: map[string]string{"scenario": "lrtg-high-tide"}})

	// Outside a game: all, grouped, every game's first.
	all := index(r, "nowhere")
	every, long, li := strings.Index(all, "__Every game__"), strings.Index(all, "__Long Roads to Gettysburg and Long Roads to Antietam (LRTG, LRTA)__"), strings.Index(all, "__Lee Invades the North (LITN)__")
	if every < 0 || long < every || li < long {
		t.Fatalf("the index is not grouped by game:\n%s", all)
	}
	for _, w := range []struct {
		cmd   string
		after int
	}{{"`/roll`", every}, {"`/game`", every}, {"`/vp`", long}, {"`/oob`", long}, {"`/litn`", li}, {"`/sheet`", li}} {
		if i := strings.Index(all, w.cmd); i < w.after {
			t.Errorf("%s is not under its game's heading:\n%s", w.cmd, all)
		}
	}

	// A LITN game's channel: its commands only, and /game's subcommands it plays.
	in := index(r, "war")
	for _, want := range []string{"Lee Invades the North (LITN)", "`/litn`", "`/sheet`", "`/roll`", "`/phase`", "`/map`", "`/game`"} {
		if !strings.Contains(in, want) {
			t.Errorf("LITN's /help lacks %s:\n%s", want, in)
		}
	}
	for _, not := range []string{"`/vp`", "`/oob`", "`/move`", "`/dispatch`", "meade", "quartermaster", "__"} {
		if strings.Contains(in, not) {
			t.Errorf("LITN's /help offers %s:\n%s", not, in)
		}
	}
	// An LRTG game's channel: no /litn, no /sheet.
	lr := index(r, "lrtg")
	if !strings.Contains(lr, "Long Roads to Gettysburg (LRTG)") || !strings.Contains(lr, "`/vp`") || !strings.Contains(lr, "meade") || strings.Contains(lr, "`/litn`") || strings.Contains(lr, "`/sheet`") {
		t.Errorf("LRTG's /help:\n%s", lr)
	}

	// /help command:vp in the LITN game: the page says it is not this game's.
	req := helpReq("vp")
	req.ChannelID = "war"
	if o := r.Handle(ctx, req).first(); o.Error != nil || !strings.Contains(o.Embed.Footer, "not a command of this channel's game, Lee Invades the North (LITN)") || !strings.Contains(o.Embed.Footer, "/litn status") {
		t.Errorf("/help command:vp in LITN: %+v", o)
	}
	// /help command:game in LITN lists only LITN's forms of it.
	req = helpReq("game")
	req.ChannelID = "war"
	if o := r.Handle(ctx, req).first(); o.Error != nil || strings.Contains(o.Text, "/game oob") || !strings.Contains(o.Text, "/game status") {
		t.Errorf("/help command:game in LITN: %s", o.Text)
	}

	// Autocomplete of /help command: the channel's game's.
	values := func(channel, typed string) string {
		req := helpReq("")
		req.ChannelID = channel
		var v []string
		for _, m := range r.Autocomplete(req, "command", typed) {
			v = append(v, m.Value)
		}
		return strings.Join(v, ",")
	}
	if got := values("war", ""); !strings.Contains(got, "litn") || strings.Contains(got, "vp") || strings.Contains(got, "oob") {
		t.Errorf("LITN's /help command: offers %s", got)
	}
	if got := values("lrtg", "s"); !strings.Contains(got, "supply") || strings.Contains(got, "sheet") {
		t.Errorf("LRTG's /help command: offers %s", got)
	}
	if got := values("nowhere", "s"); !strings.Contains(got, "supply") || !strings.Contains(got, "sheet") {
		t.Errorf("/help command: outside a game offers %s", got)
	}
}

// Another game's command in a game's channel is refused before anything
// is read or settled, naming the channel's game and what to use instead;
// nothing is recorded. Its options are not offered either.
func TestOtherGamesCommandsRefused(t *testing.T) {
	r, _ := litnInitRouter(t, "litn-1-frederick-to-antietam", "sheet-1-csa.yaml", "sheet-1-usa.yaml")
	before := gamesVersion(t, r)
	for _, c := range []struct {
		who        engine.Actor
		line, want string
	}{
		{umpireA, "/vp", "Instead: /litn status shows the victory points"},
		{umpireA, "/vp csv:true", "/vp is not a command"},
		{leeA, "/oob", "Instead: /litn status shows your side's units"},
		{leeA, "/move units:Hood to:1625", "Instead: /litn move"},
		{umpireA, "/game meade", "/game meade is not a command"}, // it recorded Meade's command in a LITN game
		{umpireA, "/game release group:HF reason:x", "/game release is not a command"},
		{umpireA, "/game oob data:x", "/sheet load"},
		{leeA, "/declare", "Instead: /litn declare"},
		{leeA, "/harpersferry", "/harpersferry is not a command"}, // refused before its options are read
		{meadeA, "/dispatch inbox", "/dispatch inbox is not a command"},
	} {
		o := gamesDo(t, r, c.who, c.line).first()
		if o.Error == nil || o.Error.Code != "command.game" || !strings.Contains(o.Text, "this channel's game, Lee Invades the North (LITN)") ||
			!strings.Contains(o.Text, "Long Roads to Gettysburg and Long Roads to Antietam (LRTG, LRTA)") || !strings.Contains(o.Text, c.want) || !strings.Contains(o.Text, "/help lists this game's commands") {
			t.Errorf("%s %s in LITN: %+v", c.who.Name, c.line, o)
		}
		if o.Audience.Kind != AudienceEphemeral {
			t.Errorf("%s: the refusal is %s", c.line, o.Audience.Kind)
		}
	}
	if v := gamesVersion(t, r); v != before {
		t.Errorf("the refusals recorded %d events", v-before)
	}
	// LITN's own commands and every game's still run.
	for _, line := range []string{"/litn status", "/phase show", "/game status", "/turn show", "/roll dice:d6"} {
		if o := gamesDo(t, r, leeA, line).first(); o.Error != nil {
			t.Errorf("%s in LITN: %s", line, o.Text)
		}
	}
	// Autocomplete: nothing for another game's command.
	req := Request{GuildID: "g", ChannelID: "war", User: leeA, Command: "move", Options: map[string]string{}}
	if m := r.Autocomplete(req, "to", "Fre"); len(m) != 0 {
		t.Errorf("/move to: in LITN offers %v", m)
	}

	// An LRTG game: LITN's commands are refused.
	r = NewRouter(openStore(t), WithLogger(quietLog()))
	mustOK(t, r, gameReq(umpireA, "new", map[string]string{"scenario": "lrtg-high-tide"}))
	mustOK(t, r, gameReq(leeA, "join", map[string]string{"side": "csa"}))
	before = gamesVersion(t, r)
	for _, c := range []struct {
		who        engine.Actor
		line, want string
	}{
		{leeA, "/litn status", "/help lists this game's commands"},
		{leeA, "/litn move units:Hood path:1624", "/litn move is not a command"},
		{umpireA, "/sheet load side:csa data:x", "Instead: this game's set-up is its order of battle, which the umpire loads with /game oob"},
		{leeA, "/sheet show", "/sheet show is not a command"},
	} {
		o := gamesDo(t, r, c.who, c.line).first()
		if o.Error == nil || o.Error.Code != "command.game" || !strings.Contains(o.Text, "this channel's game, Long Roads to Gettysburg (LRTG)") ||
			!strings.Contains(o.Text, "it belongs to Lee Invades the North (LITN)") || !strings.Contains(o.Text, c.want) {
			t.Errorf("%s %s in LRTG: %+v", c.who.Name, c.line, o)
		}
	}
	if v := gamesVersion(t, r); v != before {
		t.Errorf("the refusals recorded %d events", v-before)
	}
	req = Request{GuildID: "g", ChannelID: "war", User: leeA, Command: "litn", Path: []string{"move"}, Options: map[string]string{}}
	if m := r.Autocomplete(req, "units", ""); len(m) != 0 {
		t.Errorf("/litn move units: in LRTG offers %v", m)
	}
	// Outside a game nothing is refused for its game: the handler answers.
	if o := gamesDo(t, NewRouter(openStore(t)), leeA, "/litn status").first(); o.Error == nil || o.Error.Code == "command.game" {
		t.Errorf("/litn status with no game: %+v", o)
	}
}

// /map without map: draws the channel's game's map: in a LITN game,
// at:2838 is LITN's hex (it was refused "which sheet?", LRTG's hexes
// having a sheet); in an LRTG game and outside a game, LRTG's.
func TestMapDefaultsToTheGamesMap(t *testing.T) {
	r, _ := litnInitRouter(t, "litn-1-frederick-to-antietam", "sheet-1-csa.yaml", "sheet-1-usa.yaml")
	o := gamesDo(t, r, leeA, "/map at:2838").first()
	if o.Error != nil || !strings.Contains(o.Text, "Lee Invades the North") || len(o.Files) != 1 {
		t.Fatalf("/map at:2838 in LITN: %+v", o)
	}
	// The places offered are LITN's.
	req := Request{GuildID: "g", ChannelID: "war", User: leeA, Command: "map", Options: map[string]string{}}
	litnPlaces := r.Autocomplete(req, "at", "")
	want := r.theatres["litn"].Places[0].Name
	found := false
	for _, m := range litnPlaces {
		found = found || m.Value == want
	}
	if !found {
		t.Errorf("/map at: in LITN does not offer %s: %v", want, litnPlaces)
	}
	// map: still chooses.
	if o := gamesDo(t, r, leeA, "/map at:HW3218 map:lrtg").first(); o.Error != nil {
		t.Errorf("/map map:lrtg in LITN: %s", o.Text)
	}

	r = NewRouter(openStore(t), WithLogger(quietLog()))
	if o := gamesDo(t, r, leeA, "/map at:2838").first(); o.Error == nil || !strings.Contains(o.Text, "which sheet?") {
		t.Errorf("/map at:2838 outside a game: %+v", o)
	}
	mustOK(t, r, gameReq(umpireA, "new", map[string]string{"scenario": "lrtg-high-tide"}))
	if o := gamesDo(t, r, leeA, "/map at:HW3218").first(); o.Error != nil || strings.Contains(o.Text, "Lee Invades the North") {
		t.Errorf("/map at:HW3218 in LRTG: %+v", o)
	}
}

// The refusals tell nothing of the enemy (house rules: refusals
// included): in a LITN game, the Union's strengths and sheet are secret
// from the Confederate (002 2.5); in an LRTG game of limited
// intelligence, the Union's units and hexes are.
func TestOtherGamesRefusalsKeepSecrets(t *testing.T) {
	r, _ := litnInitRouter(t, "litn-1-frederick-to-antietam", "sheet-1-csa.yaml", "sheet-1-usa.yaml")
	g, err := r.game(context.Background(), Request{GuildID: "g", ChannelID: "war"})
	if err != nil {
		t.Fatal(err)
	}
	var secrets []string
	var union []string
	for _, u := range litn.Of(g).UnitsOf(engine.USA) {
		secrets = append(secrets, u.ID)
		if u.IsCombat() {
			secrets = append(secrets, litnUnitLine(u), fmt.Sprintf("strength %d", u.Strength))
		}
		union = append(union, u.Name)
	}
	if len(union) == 0 {
		t.Fatal("no Union units: the fixture changed")
	}
	for _, line := range []string{"/oob", "/oob side:usa", "/vp", "/vp csv:true", "/morale show", "/supply show side:usa", "/reinforcements",
		"/move units:" + union[0] + " to:2838", "/unit set unit:" + union[0] + " field:manpower value:1", "/battle result attacker:Hood defender:" + union[0],
		"/unit log side:usa", "/leader show", "/segment show side:usa", "/dummy list side:usa", "/help command:oob"} {
		rep := gamesDo(t, r, leeA, line)
		text := everything(rep)
		if line != "/help command:oob" && (rep.first().Error == nil || rep.first().Error.Code != "command.game") {
			t.Errorf("lee %s in LITN: %s", line, text)
		}
		for _, s := range secrets {
			if strings.Contains(text, s) {
				t.Errorf("lee %s in LITN reads %q: %s", line, s, text)
			}
		}
	}

	r = NewRouter(openStore(t), WithLogger(quietLog()), WithDice(SeededSource{}))
	for _, l := range []struct {
		who  engine.Actor
		line string
	}{{umpireA, "/game new scenario:lrtg-high-tide intelligence:limited seed:1"}, {leeA, "/game join side:csa"}, {meadeA, "/game join side:usa"}, {umpireA, "/game start"},
		{umpireA, "/move units:usa.179-pa to:RS0632 reason:setup"}} {
		if o := gamesDo(t, r, l.who, l.line).first(); o.Error != nil {
			t.Fatalf("%s: %s", l.line, o.Text)
		}
	}
	g, err = r.game(context.Background(), Request{GuildID: "g", ChannelID: "war"})
	if err != nil {
		t.Fatal(err)
	}
	secrets = []string{"RS0632", "179 PA", "usa.179-pa"}
	for _, line := range []string{"/litn status", "/litn status side:usa", "/sheet show side:usa", "/litn move units:179 PA path:RS0632",
		"/litn attack hex:RS0632", "/litn set unit:usa.179-pa reason:x", "/help command:litn status"} {
		text := everything(gamesDo(t, r, leeA, line))
		for _, s := range secrets {
			if strings.Contains(text, s) {
				t.Errorf("lee %s in a hidden LRTG game reads %q: %s", line, s, text)
			}
		}
	}
	if u := g.Units["usa.179-pa"]; !u.OnMap {
		t.Fatal("the fixture changed: 179 PA is not on the map")
	}
}

// In a game's channel, the rules data offered are its game's: LITN's
// tables, charts and rules in a LITN game; LRTA's and LRTG's in an LRTA
// game; everyone's outside a game.
func TestAutocompleteOffersTheGamesRulesData(t *testing.T) {
	r, _ := litnInitRouter(t, "litn-1-frederick-to-antietam", "sheet-1-csa.yaml", "sheet-1-usa.yaml")
	mustOK(t, r, Request{GuildID: "g", ChannelID: "lrta", User: umpireA, Command: "game", Path: []string{"new"}, Options: map[string]string{"scenario": "lrta-campaign"}})
	games := func(channel, command, sub, option string, gameOf func(string) engine.Game) map[engine.Game]int {
		t.Helper()
		req := Request{GuildID: "g", ChannelID: channel, User: leeA, Command: command, Options: map[string]string{}}
		if sub != "" {
			req.Path = []string{sub}
		}
		ms := r.Autocomplete(req, option, "")
		if len(ms) > maxMatches {
			t.Fatalf("/%s %s %s: in %s: %d suggestions", command, sub, option, channel, len(ms))
		}
		out := map[engine.Game]int{}
		for _, m := range ms {
			out[gameOf(m.Value)]++
		}
		return out
	}
	for _, c := range []struct {
		command, sub, option string
		gameOf               func(string) engine.Game
	}{
		{"table", "roll", "table", r.tableGame}, {"chart", "show", "name", r.chartGame}, {"chart", "roll", "name", r.chartGame}, {"rule", "", "section", r.ruleGame},
	} {
		if got := games("war", c.command, c.sub, c.option, c.gameOf); len(got) != 1 || got[litn.ID] == 0 {
			t.Errorf("/%s %s %s: in LITN offers %v", c.command, c.sub, c.option, got)
		}
		// LITN's are the only chart slots (printed charts to load).
		if got := games("lrta", c.command, c.sub, c.option, c.gameOf); got[litn.ID] != 0 || got[lrtg.LRTA]+got[lrtg.LRTG] == 0 && c.sub != "roll" {
			t.Errorf("/%s %s %s: in LRTA offers %v", c.command, c.sub, c.option, got)
		}
	}
	if got := games("nowhere", "table", "roll", "table", r.tableGame); got[lrtg.LRTG] == 0 || got[litn.ID] == 0 {
		t.Errorf("/table roll table: outside a game offers %v", got)
	}
	// A server's charts serve all its games: /chart load offers every slot.
	if got := games("lrta", "chart", "load", "name", r.chartGame); got[litn.ID] == 0 {
		t.Errorf("/chart load name: in LRTA offers %v", got)
	}
}

// /game new's scenario autocomplete offers every game's scenarios (it
// offered LRTG's only, so an LRTA or LITN game had to be typed blind).
func TestScenarioAutocompleteOffersEveryGame(t *testing.T) {
	r := NewRouter(openStore(t))
	req := Request{GuildID: "g", ChannelID: "new", User: umpireA, Command: "game", Path: []string{"new"}, Options: map[string]string{}}
	seen := map[string]bool{}
	for _, typed := range []string{"lrtg", "lrta", "litn"} {
		for _, m := range r.Autocomplete(req, "scenario", typed) {
			if !strings.Contains(m.Value, typed) {
				t.Errorf("typed %q, offered %s", typed, m.Value)
			}
			seen[typed] = true
		}
	}
	for _, typed := range []string{"lrtg", "lrta", "litn"} {
		if !seen[typed] {
			t.Errorf("no %s scenario offered", typed)
		}
	}
}
