package bot

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/litn"
	"github.com/umpire-games/umpire/engine/lrtg"
)

// Discord registers slash commands per guild, not per channel, so every
// command stays registered everywhere; what belongs to a game is what the
// bot offers and accepts in that game's channels (issue 20: "/help and
// autocomplete offer a channel the commands of its game"). This file is
// the one place that says which game a command belongs to; the router
// refuses the others' (Handle), /help lists only the channel's, and
// autocomplete offers nothing for another game's command. The game of a
// channel is its game's recorded ruleset or options (GameState.Game),
// never the text of its scenario id.

// gameInfo is a game as the bot names it to players.
type gameInfo struct {
	id    engine.Game
	name  string // "Lee Invades the North"
	short string // "LITN"
	// theatre is the map its games are played on (scenarios' maps/): the
	// map /map draws in its channels when none is named.
	theatre string
	// rules are the games whose tables, charts and rule summaries its
	// channels are offered by autocomplete.
	rules []engine.Game
	// armyRecords: its games keep LRTG's army morale (15) and Victory
	// Point Record (VII), which /game status shows; LITN's score and
	// control are /litn status's.
	armyRecords bool
	// options lists a game's options as /game status names them.
	options func(o engine.GameOptions) []string
	// turnRecordLetters: a turn's lines read the letters of the game's
	// printed turn record (LRTG's June and July 1863 records: records.go);
	// LRTA's record (lrta.turn-record) prints its notes in /table.
	turnRecordLetters bool
	// setUpFromSheets: the game is set up from each side's Player Record
	// Sheet, which /game start reads (LITN: 002 2.5; litn_play.go), not
	// from an order of battle.
	setUpFromSheets bool
	// chartsIntoGame: its umpire loads a chart into the game, before or
	// during play (/chart load game:true; LITN: chart_game.go).
	chartsIntoGame bool
	// series is how it presents the rules of LRTG's machinery
	// (games_series.go).
	series seriesInfo
	// sequenceSource is the printed sequence of play /phase show cites.
	sequenceSource string
	// order is its shipped order of battle (scenarios/oob), "" for
	// LRTG's, or its Jackson Lives variant's (LRTG 31: orderOf).
	order string
	// defaultSupply is the supply rules a new game plays unless told
	// ("": the kernel's default). LRTA's 004 prints the simplified supply
	// rules in full (Simplified Supply Rules, lrta.simplified-*).
	defaultSupply string
	// confederateObjectives: the game has the Confederate Objectives
	// optional rule (004 22.0).
	confederateObjectives bool
	// diceInOwnEvents: its procedures keep their dice inside their own
	// events, without the order they were drawn in, which the audit
	// cannot replay yet (LITN's: command points, combat, arrivals).
	diceInOwnEvents bool
}

// playedGames are the games the umpire plays, in the order /help lists
// them.
var playedGames = []gameInfo{
	{id: lrtg.LRTG, name: "Long Roads to Gettysburg", short: "LRTG", theatre: "lrtg", rules: []engine.Game{lrtg.LRTG},
		armyRecords: true, options: longRoadsOptions, turnRecordLetters: true, series: lrtgSeries,
		sequenceSource: "003 Detailed Sequence of Play"},
	// 004 plays on LRTG's map, tables and rules, with its own beside them.
	{id: lrtg.LRTA, name: "Long Roads to Antietam", short: "LRTA", theatre: "lrtg", rules: []engine.Game{lrtg.LRTA, lrtg.LRTG},
		armyRecords: true, options: longRoadsOptions, series: lrtaSeries,
		sequenceSource: "004 Sequence of Play", order: "lrta", defaultSupply: "simplified", confederateObjectives: true},
	{id: litn.ID, name: "Lee Invades the North", short: "LITN", theatre: "litn", rules: []engine.Game{litn.ID},
		options: litnOptions, setUpFromSheets: true, chartsIntoGame: true, series: lrtgSeries,
		sequenceSource: "002 3.1 Sequence Outline", diceInOwnEvents: true},
}

// gameNamed returns what the bot knows of a game; an unknown one is named
// by its id.
func gameNamed(id engine.Game) gameInfo {
	for _, g := range playedGames {
		if g.id == id {
			return g
		}
	}
	return gameInfo{id: id, name: strings.ToUpper(string(id)), short: strings.ToUpper(string(id)), theatre: "lrtg", rules: []engine.Game{id},
		armyRecords: true, options: longRoadsOptions, series: lrtgSeries, sequenceSource: "003 Detailed Sequence of Play"}
}

// title is "Lee Invades the North (LITN)".
func (g gameInfo) title() string { return g.name + " (" + g.short + ")" }

// The sets of games a command belongs to.
var (
	everyGame = []engine.Game(nil) // rolls, rules, the game itself, deadlines, maps
	// longRoads: LRTG and LRTA, which share LRTG's machinery (engine/lrtg/lrta.go);
	// LRTA's own commands are here too, as they answer an LRTG game with
	// their own explanation (say, "/garrison show": "LRTA's, ...").
	longRoads = []engine.Game{lrtg.LRTG, lrtg.LRTA}
	litnOnly  = []engine.Game{litn.ID}
)

// commandGame says which games a command belongs to, and what to use
// instead in a game's channel it does not belong to (by that game).
type commandGame struct {
	games   []engine.Game
	instead map[engine.Game]string
}

// inLITN is what to use instead of a command in a LITN game.
func inLITN(use string) map[engine.Game]string { return map[engine.Game]string{litn.ID: use} }

// inLongRoads is what to use instead of a command in an LRTG or LRTA game.
func inLongRoads(use string) map[engine.Game]string {
	return map[engine.Game]string{lrtg.LRTG: use, lrtg.LRTA: use}
}

// commandGames is the table: every top-level command, and a subcommand
// where it differs from its command ("game oob"). A command missing here
// stops the router at start (NewRouter): a new command must say whose it
// is.
var commandGames = map[string]commandGame{
	// Every game's.
	"chart":    {games: everyGame},
	"deadline": {games: everyGame},
	"game":     {games: everyGame},
	"help":     {games: everyGame},
	"map":      {games: everyGame},
	"phase":    {games: everyGame},
	"roll":     {games: everyGame},
	"rule":     {games: everyGame},
	"table":    {games: everyGame},
	"terrain":  {games: everyGame},
	"turn":     {games: everyGame},

	// LRTG's and LRTA's.
	"action":             {games: longRoads, instead: inLITN("/litn first names the side that moves first (002 5); each side moves in its own movement phase (/litn move, /litn react)")},
	"attack":             {games: longRoads, instead: inLITN("/litn attack, /litn supply, /litn option and /litn retreat fight a battle (002 10)")},
	"battle":             {games: longRoads, instead: inLITN("/litn attack, /litn supply, /litn option and /litn retreat fight a battle (002 10)")},
	"clock":              {games: longRoads},
	"command":            {games: longRoads, instead: inLITN("/litn broadcast spends a leader's command points (002 7.1)")},
	"declare":            {games: longRoads, instead: inLITN("/litn declare records LOCs and, for the umpire, the printed allowances")},
	"dispatch":           {games: longRoads},
	"draftriots":         {games: longRoads},
	"dummy":              {games: longRoads},
	"event":              {games: longRoads},
	"game meade":         {games: longRoads},
	"game oob":           {games: longRoads, instead: inLITN("the umpire loads each side's Player Record Sheet with /sheet load before the start (002 2.5)")},
	"game quartermaster": {games: longRoads},
	"game release":       {games: longRoads},
	"garrison":           {games: longRoads},
	"harpersferry":       {games: longRoads},
	"leader":             {games: longRoads, instead: inLITN("/litn status shows your side's leaders and units")},
	"morale":             {games: longRoads, instead: inLITN("/litn status shows which of your units are demoralized")},
	"move":               {games: longRoads, instead: inLITN("/litn move moves a force along a path (002 8)")},
	"oob":                {games: longRoads, instead: inLITN("/litn status shows your side's units and strengths, /sheet show your record sheet")},
	"place":              {games: longRoads},
	"recruits":           {games: longRoads},
	"reinforcements":     {games: longRoads, instead: inLITN("/litn status lists your units not yet on the map")},
	"reorganize":         {games: longRoads, instead: inLITN("/litn reorganize rolls to reorganize units near McClellan (scenario 2; 002 15.4)")},
	"restrefit":          {games: longRoads},
	"segment":            {games: longRoads},
	"supply":             {games: longRoads, instead: inLITN("/litn supply declares a battle's supply, /litn wagon places a wagon (002 9, 10.2)")},
	"unit":               {games: longRoads, instead: inLITN("/litn set corrects a unit (umpire); /litn detach forms or reattaches a detachment")},
	"victory":            {games: longRoads, instead: inLITN("/litn status shows the victory points (002 15)")},
	"vp":                 {games: longRoads, instead: inLITN("/litn status shows the victory points (002 15)")},

	// LITN's.
	"litn":  {games: litnOnly},
	"sheet": {games: litnOnly, instead: inLongRoads("this game's set-up is its order of battle, which the umpire loads with /game oob; /oob shows yours")},
}

// assignGames gives every command and subcommand its games from
// commandGames (a subcommand without an entry is its command's). It
// panics when a command has no entry or an entry names no command: a
// programming error, found when the bot starts.
func assignGames(cmds map[string]*Command) {
	used := map[string]bool{}
	var walk func(c *Command, key string, inherit commandGame)
	walk = func(c *Command, key string, inherit commandGame) {
		cg, ok := commandGames[key]
		if ok {
			used[key] = true
		} else {
			cg = inherit
		}
		c.games, c.instead = cg.games, cg.instead
		for _, s := range c.Subcommands {
			walk(s, key+" "+s.Name, cg)
		}
	}
	for name, c := range cmds {
		if _, ok := commandGames[name]; !ok {
			panic(fmt.Sprintf("bot: /%s does not say which games it belongs to (commandGames, games.go)", name))
		}
		walk(c, name, commandGame{})
	}
	for key := range commandGames {
		if !used[key] {
			panic(fmt.Sprintf("bot: commandGames names /%s, which is no command", key))
		}
	}
}

// playedIn reports whether the command belongs to a game.
func (c *Command) playedIn(g engine.Game) bool {
	if len(c.games) == 0 {
		return true
	}
	for _, x := range c.games {
		if x == g {
			return true
		}
	}
	return false
}

// gamesLabel names the games a command belongs to: "Long Roads to
// Gettysburg and Long Roads to Antietam (LRTG, LRTA)".
func gamesLabel(games []engine.Game) string {
	if len(games) == 0 {
		return "every game"
	}
	var names, shorts []string
	for _, id := range games {
		g := gameNamed(id)
		names, shorts = append(names, g.name), append(shorts, g.short)
	}
	return strings.Join(names, " and ") + " (" + strings.Join(shorts, ", ") + ")"
}

// notThisGame is the refusal of a command of another game in a game's
// channel: it names the channel's game, whose command it is, and what to
// use instead. It tells nothing of the game but which game it is, as
// /game status tells anyone in the channel.
func notThisGame(c *Command, g engine.Game) *engine.RuleError {
	typed := c.path
	if typed == "" {
		typed = c.Name
	}
	hint := "/help lists this game's commands"
	if use := c.instead[g]; use != "" {
		hint = "Instead: " + use + ". " + hint
	}
	return &engine.RuleError{Kind: engine.ErrInvalid, Code: "command.game",
		What: fmt.Sprintf("/%s is not a command of this channel's game, %s: it belongs to %s", typed, gameNamed(g).title(), gamesLabel(c.games)),
		Hint: hint}
}

// channelGame is the game played in the request's channel (its table's,
// from a commander's private channel), or false when there is none or it
// cannot be read: the handlers then answer as they always have.
func (r *Router) channelGame(ctx context.Context, req Request) (engine.Game, bool) {
	if r.store == nil {
		return "", false
	}
	g, err := r.game(ctx, req)
	if err != nil || !g.Created {
		return "", false
	}
	return g.Game(), true
}

// checkGame refuses a command of another game than the channel's. A
// command every game plays costs nothing: the game is read only for the
// others.
func (r *Router) checkGame(ctx context.Context, c *Command, req Request) *engine.RuleError {
	if len(c.games) == 0 {
		return nil
	}
	if g, ok := r.channelGame(ctx, req); ok && !c.playedIn(g) {
		return notThisGame(c, g)
	}
	return nil
}

// allMatches is how many matches a search returns before gameValues keeps
// the channel's game's: all of them.
const allMatches = 1 << 20

// maxMatches is how many suggestions Discord shows.
const maxMatches = 25

// gameValues keeps, in a game's channel, the suggestions of its game's
// rules data (an LRTA game's are LRTA's and LRTG's, whose tables and rules
// it plays on), best first, at most maxMatches; outside a game, the first
// maxMatches of all.
func (r *Router) gameValues(req Request, ms []engine.Match, gameOf func(value string) engine.Game) []engine.Match {
	g, ok := r.channelGame(context.Background(), req)
	var out []engine.Match
	for _, m := range ms {
		if len(out) == maxMatches {
			break
		}
		if !ok || slices.Contains(gameNamed(g).rules, gameOf(m.Value)) {
			out = append(out, m)
		}
	}
	return out
}

func (r *Router) tableGame(id string) engine.Game {
	if t := r.library.Table(id); t != nil {
		return t.Game
	}
	return ""
}

func (r *Router) chartGame(id string) engine.Game {
	if c := r.library.Chart(id); c != nil {
		return c.Game
	}
	if s := r.library.Slot(id); s != nil {
		return s.Game
	}
	return ""
}

// ruleGame is the game of a rule summary's "game:section" value.
func (r *Router) ruleGame(key string) engine.Game {
	if rs := r.library.Rule(key); len(rs) > 0 {
		return rs[0].Game
	}
	return ""
}
