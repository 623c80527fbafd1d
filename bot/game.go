package bot

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/litn"
	"github.com/umpire-games/umpire/engine/lrtg"
	"github.com/umpire-games/umpire/scenarios"
)

const kindGame = "game"

func gameCommands() []*Command {
	scenario := func(r *Router, _ Request, typed string) []engine.Match {
		var out []engine.Match
		for _, s := range r.scenarios {
			// Every game's scenarios: /game new is how each game begins.
			if strings.Contains(strings.ToLower(s.ID+" "+s.Title), strings.ToLower(typed)) {
				out = append(out, engine.Match{Value: s.ID, Label: s.Title})
			}
		}
		return out
	}
	return []*Command{
		{
			Name:        "game",
			Description: "Create, join, start and follow a game in this channel",
			Subcommands: append([]*Command{
				{
					Name:        "new",
					Description: "Create a game in this channel (you are its umpire)",
					Options: []OptionSpec{
						{Name: "scenario", Description: "The scenario: LRTG's, LRTA's or LITN's (e.g. lrtg-high-tide, lrta-campaign)", Type: String, Required: true, MaxLength: 60, Placeholder: "scenario", Autocomplete: scenario, Listed: scenariosListed},
						{Name: "jackson_lives", Description: "The Jackson Lives variant (LRTG 31)", Type: Boolean},
						{Name: "supply", Description: "normal, simplified or augmented (LRTG 24; default normal)", Type: String, MaxLength: 12, Placeholder: "normal|simplified|augmented"},
						{Name: "communications", Description: "Communications option 1, 2 or 3 (LRTG 21; default 1)", Type: Integer},
						{Name: "time_limitation", Description: "Chess clocks (LRTG 22)", Type: Boolean},
						{Name: "limited_intelligence", Description: "Hidden stacks and dummies (LRTG 20); the same as intelligence:limited", Type: Boolean},
						{Name: "intelligence", Description: "open, limited (LRTG 20: force markers, dummies) or double-blind (sighting)", Type: String, MaxLength: 12, Placeholder: "open|limited|double-blind"},
						{Name: "knowledge", Description: "Double-blind: what a commander knows, per side (default) or per commander", Type: String, MaxLength: 9, Placeholder: "side|commander"},
						{Name: "sighting", Description: "Double-blind: sighting range in hexes (default 3; cavalry twice)", Type: Integer},
						{Name: "preliminary_victory", Description: "Preliminary victory conditions", Type: Boolean},
						{Name: "brandy_station", Description: "The Brandy Station optional rule (LRTG 27)", Type: Boolean},
						{Name: "halleck", Description: "The Halleck optional rule", Type: Boolean},
						{Name: "overall_restrictions", Description: "Optional Overall Commander Restrictions (LRTG 21.1; several commanders a side)", Type: Boolean},
						{Name: "confederate_objectives", Description: "LRTA: the Confederate Objectives optional rule (004 22.0)", Type: Boolean},
						{Name: "optional", Description: "Other optional rules by number, e.g. 18,19,23", Type: String, MaxLength: 60, Placeholder: "18,19,..."},
						{Name: "seed", Description: "Dice seed for a replayable game (default random); every player is told you chose it", Type: Integer},
						{Name: "steps", Description: "auto (default): a step begins by itself when no one is waited for; manual: /phase next", Type: String, MaxLength: 6, Placeholder: "auto|manual"},
					},
					Handle: handleGameNew,
				},
				{
					Name:        "join",
					Description: "Join a side; the first on a side is its overall commander",
					Options: []OptionSpec{
						{Name: "side", Description: "csa or usa", Type: String, Required: true, MaxLength: 3, Placeholder: "csa|usa"},
						{Name: "command", Description: "The corps and designations you command, e.g. 1,2 or Cav", Type: String, MaxLength: 100, Placeholder: "corps,..."},
					},
					Handle: handleGameJoin,
				},
				{
					Name:        "leave",
					Description: "Leave your side before the start",
					Handle:      handleGameLeave, // game_leave.go
				},
				{
					Name:        "start",
					Description: "Set up the order of battle and start (umpire)",
					Handle:      handleGameStart,
				},
				{
					Name:        "end",
					Description: "End the game and reveal its dice seed (umpire)",
					Options: []OptionSpec{
						{Name: "reason", Description: "Why it ends, e.g. Confederate decisive victory", Type: String, MaxLength: 200, Placeholder: "text"},
						channelsOption(), // channels.go
					},
					Handle: handleGameEnd,
				},
				{
					Name:        "undo",
					Description: "Take back the last board action, or a named earlier one and all after it (umpire)",
					Options: []OptionSpec{
						{Name: "reason", Description: "Why", Type: String, Required: true, MaxLength: 200, Placeholder: "text"},
						{Name: "to", Description: "Take back this action (its number in /game history) and everything after it", Type: Integer},
						{Name: "confirm", Description: "With to: take them back (without it, you see what would be taken back)", Type: Boolean},
					},
					Handle: handleUndo, // rewind.go
				},
				{
					Name:        "history",
					Description: "The game's last actions: the umpire's all, numbered; a player's his own side's",
					Ephemeral:   true,
					Options: []OptionSpec{
						{Name: "last", Description: fmt.Sprintf("How many of the latest actions (default %d)", historyLast), Type: Integer},
					},
					Handle: handleGameHistory, // rewind.go
				},
				{
					Name:        "pause",
					Description: "Pause the players' actions, or resume (umpire)",
					Options: []OptionSpec{
						{Name: "resume", Description: "true to resume", Type: Boolean},
						{Name: "reason", Description: "Why", Type: String, MaxLength: 200, Placeholder: "text"},
					},
					Handle: handlePause,
				},
				{
					Name:        "audit",
					Description: "Replay every roll of an ended game from its revealed seed",
					Options: []OptionSpec{
						{Name: "game", Description: "Which of this channel's games: 1 the first (default the latest)", Type: Integer},
					},
					Handle: handleGameAudit,
				},
				{
					Name:        "status",
					Description: "The game's scenario, options, players, turn and dice seed hash",
					Ephemeral:   true,
					Handle:      handleGameStatus,
				},
			}, gameModuleSubcommands()...),
		},
		{
			Name:        "oob",
			Description: "Your side's units and their state (only your side)",
			Ephemeral:   true,
			Options: []OptionSpec{
				{Name: "side", Description: "The umpire may name a side: csa or usa", Type: String, MaxLength: 3, Placeholder: "csa|usa"},
			},
			Handle: handleOOB,
		},
	}
}

func (r *Router) settleGame(ctx context.Context, req Request, cmd engine.Command, src DiceSource,
	present func([]EventView, []engine.Event) Reply) (Reply, error) {
	return r.settleGameFrom(ctx, req, cmd, src, func(_ engine.GameState, views []EventView, evs []engine.Event) Reply { return present(views, evs) })
}

// settleGameFrom is settleGame for a presenter that needs the game as the
// command found it.
func (r *Router) settleGameFrom(ctx context.Context, req Request, cmd engine.Command, src DiceSource,
	present func(before engine.GameState, views []EventView, evs []engine.Event) Reply) (Reply, error) {
	var before engine.GameState
	n := 0 // the command's own events; the rest are the steps the game began by itself
	return settleWith(ctx, r, req, r.gameStream(ctx, req), kindGame, r.games, src,
		func(g engine.GameState, d engine.Dice) ([]engine.Event, error) {
			before = g
			evs, err := g.Decide(cmd, d)
			if err != nil {
				return nil, err
			}
			n = len(evs)
			return append(evs, r.autoSteps(g, evs, d)...), nil // sequence_auto.go
		},
		func(views []EventView, evs []engine.Event) Reply {
			rep := present(before, views[:n], evs[:n])
			rep.Outputs = append(rep.Outputs, r.autoOutputs(req, before, evs[:n], views[n:], evs[n:], true)...)
			rep.Outputs = append(rep.Outputs, r.umpireLogOutputs(req, before, evs)...) // unitlog.go: the umpire's channel
			return rep
		})
}

func (r *Router) game(ctx context.Context, req Request) (engine.GameState, error) {
	_, st, g, err := r.foldGame(ctx, req) // game_streams.go
	if err == nil {
		err = errOtherGuild(st, req) // authz_guild.go
	}
	return g, err
}

func publicText(req Request, text string, views []EventView) Reply {
	return Reply{Outputs: []Output{{Audience: Audience{Kind: AudiencePublic, Channel: req.ChannelID}, Text: text, Events: views}}}
}

// gameNewOpts are the options /game new takes in every game; the LRTG
// series' own are lrtgNewOpts, LITN's are read by litnGameOptions.
type gameNewOpts struct {
	Scenario string `opt:"scenario"`
	Steps    string `opt:"steps,lower"` // sequence_auto.go: auto (default) or manual
	Seed     string `opt:"seed,raw"`    // dice.go reads it as typed
}

// lrtgNewOpts are the options of an LRTG or LRTA game.
type lrtgNewOpts struct {
	JacksonLives        bool   `opt:"jackson_lives"`
	TimeLimit           bool   `opt:"time_limitation"`
	LimitedIntel        bool   `opt:"limited_intelligence"`
	PrelimVictory       bool   `opt:"preliminary_victory"`
	BrandyStation       bool   `opt:"brandy_station"`
	Halleck             bool   `opt:"halleck"`
	OverallRestrictions bool   `opt:"overall_restrictions"`
	Objectives          bool   `opt:"confederate_objectives"`
	Intel               string `opt:"intelligence,lower"`
	Knowledge           string `opt:"knowledge,lower"`
	Sighting            int    `opt:"sighting"`
	Supply              string `opt:"supply,lower"`
	Comms               int    `opt:"communications" default:"1"`
	Optional            []int  `opt:"optional" bad:"game.optional|%q is not a rule number|Give optional rules as numbers, e.g. 18,19,23"`
}

func handleGameNew(ctx context.Context, r *Router, req Request) (Reply, error) {
	req.stream = r.newGameStream(ctx, req.ChannelID) // game_streams.go: the next game once the last has ended
	var opts gameNewOpts
	if err := decodeOptions(req, &opts); err != nil {
		return Reply{}, err
	}
	o := engine.GameOptions{Scenario: opts.Scenario, Supply: "normal", Comms: 1, Steps: stepsOption(opts.Steps)}
	var sc *engine.Scenario
	for i := range r.scenarios {
		if r.scenarios[i].ID == o.Scenario {
			sc = &r.scenarios[i]
		}
	}
	if sc == nil {
		return Reply{}, &engine.RuleError{Kind: engine.ErrInvalid, Code: "game.scenario", What: fmt.Sprintf("%q is not a scenario the umpire runs", o.Scenario),
			Hint: "Use lrtg-high-tide, lrtg-gettysburg-campaign, lrta-campaign, or a LITN scenario: litn-1-frederick-to-antietam, litn-2-maryland-campaign, litn-3-pennsylvania-campaign, litn-4-collision-at-gettysburg"}
	}
	if sc.Game == litn.ID {
		// litn_play.go: LITN's own options (002 14).
		if err := litnGameOptions(req, &o); err != nil {
			return Reply{}, err
		}
		src := r.chosenSource(opts.Seed) // dice.go
		return r.settleGame(ctx, req, engine.NewGame{By: req.User, Options: o, Rules: r.rulesets.Of(o), ReadingsBefore: r.readingsBefore}, src, func(views []EventView, evs []engine.Event) Reply {
			c := evs[0].(*engine.GameCreated)
			return publicText(req, fmt.Sprintf("🎖️ New game%s: **%s** (Lee Invades the North), umpire %s. Join with /game join side:csa or side:usa; the umpire loads each side's record sheet with /sheet load and starts it with /game start.\nDice seed SHA-256: `%s` (the seed is revealed when the game ends).%s%s",
				gameNumberNote(req.stream), sc.Title, req.User.Name, c.SeedHash, chosenSeedNote(c.ChosenSeed), stepsNote(c.Options)), views)
		})
	}
	if s := gameNamed(sc.Game).defaultSupply; s != "" {
		o.Supply = s
	}
	var lo lrtgNewOpts
	var p optionProblems
	p.decode(req, &lo)
	o.JacksonLives, o.TimeLimit, o.LimitedIntel = lo.JacksonLives, lo.TimeLimit, lo.LimitedIntel
	o.PrelimVictory, o.BrandyStation, o.Halleck = lo.PrelimVictory, lo.BrandyStation, lo.Halleck
	o.OverallRestrictions = lo.OverallRestrictions
	o.Intel, o.Knowledge, o.Sighting = lo.Intel, lo.Knowledge, lo.Sighting
	if o.Intel == engine.IntelLimited || o.Intel == engine.IntelDoubleBlind {
		o.LimitedIntel = true // every output that hides the enemy's units hides them
	}
	if o.Intel == engine.IntelLimited {
		o.Intel = "" // stored as before: limited_intelligence
	}
	o.Objectives = lo.Objectives
	if o.Objectives && !gameNamed(sc.Game).confederateObjectives {
		p.add("game.objectives", "The Confederate Objectives optional rule is LRTA's (004 22.0)", "Leave out confederate_objectives, or create an lrta-campaign game")
	}
	if err := p.err(req); err != nil {
		return Reply{}, err // every wrong option at once
	}
	if lo.Supply != "" {
		o.Supply = lo.Supply
	}
	o.Comms, o.Optional = lo.Comms, lo.Optional
	sort.Ints(o.Optional)
	src := r.chosenSource(opts.Seed) // dice.go
	return r.settleGame(ctx, req, engine.NewGame{By: req.User, Options: o, Rules: r.rulesets.Of(o), ReadingsBefore: r.readingsBefore}, src, func(views []EventView, evs []engine.Event) Reply {
		c := evs[0].(*engine.GameCreated)
		return publicText(req, fmt.Sprintf("🎖️ New game%s: **%s**, umpire %s. Join with /game join side:csa or side:usa; the umpire starts it with /game start.\nDice seed SHA-256: `%s` (the seed is revealed when the game ends).%s%s%s",
			gameNumberNote(req.stream), sc.Title, req.User.Name, c.SeedHash, chosenSeedNote(c.ChosenSeed), setupImportNote(o), stepsNote(c.Options)), views)
	})
}

func handleGameJoin(ctx context.Context, r *Router, req Request) (Reply, error) {
	var o struct {
		Side     string   `opt:"side,lower"`
		Commands []string `opt:"command"` // commands separated by commas
	}
	if err := decodeOptions(req, &o); err != nil {
		return Reply{}, err
	}
	// The order of battle the start would set up, so the join's commands
	// are checked now, every unknown one named (engine: Hooks.CheckJoin).
	var oob *engine.OrderOfBattle
	if len(o.Commands) > 0 {
		if g, err := r.game(ctx, req); err == nil {
			if oob, _, err = r.startOrder(ctx, req, g); err != nil {
				return Reply{}, err
			}
		}
	}
	return r.settleGameFrom(ctx, req, engine.JoinGame{By: req.User, Side: engine.Side(o.Side), Commands: o.Commands, OOB: oob}, nil, func(g0 engine.GameState, views []EventView, evs []engine.Event) Reply {
		p := evs[0].(*engine.GameJoined).Player
		role := "a commander"
		if p.Overall {
			role = "the overall commander"
		}
		text := fmt.Sprintf("%s joins the %s as %s.", p.Actor.Name, strings.ToUpper(string(p.Side)), role)
		if ev := evs[0].(*engine.GameJoined); ev.Replaces {
			text = rejoinText(g0, ev.Player) // game_leave.go
		}
		switch {
		case p.Actor.ID == g0.Umpire.ID:
			// docs/authorization.md, "A player is a player": an open
			// game's creator may play, and the table is told.
			text += fmt.Sprintf(" %s created this open game and keeps the umpire's powers while he plays: he steps the phases, rules, and can read the other side's dispatches.", p.Actor.Name)
		case req.User.Umpire:
			text += " A member of the umpire role who plays a side holds none of the umpire's powers in this game."
		}
		// Each player is told, as he joins, that the umpire chose the seed.
		return publicText(req, text+chosenSeedJoinNote(g0.ChosenSeed), views)
	})
}

func handleGameStart(ctx context.Context, r *Router, req Request) (Reply, error) {
	g, err := r.game(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	if gameNamed(g.Game()).setUpFromSheets && g.Created {
		return r.startLITN(ctx, req, g) // litn_play.go: from the record sheets
	}
	// The order of battle: the umpire's import (/game oob, bot/oob.go), or
	// the shipped one of the scenario.
	oob, imported, err := r.startOrder(ctx, req, g)
	if err != nil {
		return Reply{}, err
	}
	if oob == nil {
		return Reply{}, fmt.Errorf("no order of battle for %s", g.Options.Scenario)
	}
	setup := "000 VIII"
	switch {
	case imported:
		setup = "the order of battle the umpire loaded"
	case oob.Game == lrtg.LRTA:
		setup = "the shipped LRTA order of battle: scenarios/oob/lrta-*.yaml"
	}
	slots, charts, err := r.gameSlots(ctx, req, g) // game_charts.go
	if err != nil {
		return Reply{}, err
	}
	return r.settleGame(ctx, req, engine.StartGame{By: req.User, OOB: oob, Slots: slots, Charts: charts}, nil, func(views []EventView, evs []engine.Event) Reply {
		st := evs[0].(*engine.GameStarted)
		n := map[engine.Side]int{}
		for _, u := range st.Units {
			n[u.Side]++
		}
		text := fmt.Sprintf("⚔️ The game has started: %d Confederate and %d Union units are set up (%s). Turn 1. Dice seed SHA-256: `%s`.",
			n[engine.CSA], n[engine.USA], setup, g.SeedHash) + startChartsNote(slots, st.Charts)
		if !g.Options.LimitedIntel {
			return publicText(req, text, views)
		}
		// Limited intelligence (LRTG 20): the set-up names every unit's
		// hex; the channel is told the game started, the umpire gets the
		// record.
		rep := publicText(req, text, []EventView{})
		rep.Outputs = append(rep.Outputs, Output{Audience: Audience{Kind: AudienceEphemeral}, Text: "Umpire: the set-up is recorded.", Events: views})
		return rep
	})
}

// longRoadsOptions are an LRTG or LRTA game's options as /game status
// names them.
func longRoadsOptions(o engine.GameOptions) []string {
	var opts []string
	flag := func(on bool, s string) {
		if on {
			opts = append(opts, s)
		}
	}
	flag(o.JacksonLives, "Jackson Lives")
	opts = append(opts, "supply "+o.Supply, fmt.Sprintf("communications option %d", o.Comms))
	flag(o.TimeLimit, "time limitation")
	flag(o.IntelMode() != engine.IntelOpen, describeIntel(o)) // game_intel.go
	flag(o.PrelimVictory, "preliminary victory conditions")
	flag(o.BrandyStation, "Brandy Station")
	flag(o.Halleck, "Halleck")
	flag(o.OverallRestrictions, "Optional Overall Commander Restrictions")
	flag(o.Objectives, "Confederate Objectives")
	for _, n := range o.Optional {
		opts = append(opts, fmt.Sprintf("optional rule %d", n))
	}
	return opts
}

// litnOptions are a LITN game's optional rules (002 14) as /game status
// names them; LRTG's supply and communications options are not LITN's.
func litnOptions(o engine.GameOptions) []string {
	x := litn.OptionsOf(o)
	var opts []string
	if x.SurpriseAttacks {
		opts = append(opts, "surprise attacks (14.2)")
	}
	if x.LeaderCasualties {
		opts = append(opts, "leader casualties (14.3)")
	}
	if len(opts) == 0 {
		opts = append(opts, "no optional rules (002 14)")
	}
	return opts
}

func handleGameStatus(ctx context.Context, r *Router, req Request) (Reply, error) {
	g, err := r.gameHere(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	o := g.Options
	var b strings.Builder
	fmt.Fprintf(&b, "**%s** — umpire %s\n", o.Scenario, r.umpiresText(g))
	state := "setting up (options can still change only by a new game)"
	if g.Started {
		state = fmt.Sprintf("turn %d", g.Turn)
	}
	fmt.Fprintf(&b, "State: %s\n", state)
	for _, l := range r.recordStatusLines(g) { // records.go: date, phase, morale, VP, who owes what
		b.WriteString(l + "\n")
	}
	opts := gameNamed(g.Game()).options(o)
	fmt.Fprintf(&b, "Options: %s\n", strings.Join(opts, ", "))
	for _, side := range []engine.Side{engine.CSA, engine.USA} {
		fmt.Fprintf(&b, "%s: %s\n", strings.ToUpper(string(side)), commandersText(g, req.User, side))
	}
	fmt.Fprintf(&b, "Dice seed SHA-256: `%s`; rolls so far: %d", g.SeedHash, g.Rolls)
	b.WriteString(secretRollsLine(g, req.User)) // dice.go: the viewer's own secret rolls only
	b.WriteString(chosenSeedNote(g.ChosenSeed))
	return ephemeralText(b.String()), nil
}

// handleOOB lists a side's units, for that side's players and the umpire
// only: the other side's order of battle is secret.
func handleOOB(ctx context.Context, r *Router, req Request) (Reply, error) {
	g, err := r.game(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	if !g.Started {
		return Reply{}, &engine.RuleError{Kind: engine.ErrIllegal, Code: "game.not_started", What: "The game has not started", Hint: "The umpire starts it with /game start"}
	}
	var o struct {
		Side string `opt:"side,lower"`
	}
	if err := decodeOptions(req, &o); err != nil {
		return Reply{}, err
	}
	side := engine.Side(o.Side)
	p := g.Player(req.User.ID)
	isUmpire := g.IsUmpire(req.User)
	switch {
	case isUmpire && side == "":
		return Reply{}, &engine.RuleError{Kind: engine.ErrInvalid, Code: "oob.side", What: "Which side?", Hint: "/oob side:csa or side:usa"}
	case isUmpire:
	case p == nil:
		return Reply{}, &engine.RuleError{Kind: engine.ErrIllegal, Code: "oob.secret", What: "Only the players of a side and the umpire see its order of battle", Hint: "Join the game with /game join"}
	case side != "" && side != p.Side:
		return Reply{}, &engine.RuleError{Kind: engine.ErrIllegal, Code: "oob.secret", What: "The other side's order of battle is secret", Hint: "/oob shows your own side"}
	default:
		side = p.Side
	}
	var units []engine.UnitState
	for _, u := range g.Units {
		if u.Side == side {
			units = append(units, u)
		}
	}
	// A side of several commanders reads its units by who commands them
	// (issue 22; LRTG 21.1): a heading a commander, so the list stays as
	// long as it was.
	whose := map[string]string{}
	for _, u := range units {
		whose[u.ID] = unitCommanders(g, u) // game_status_command.go
	}
	sort.Slice(units, func(i, j int) bool {
		if wi, wj := whose[units[i].ID], whose[units[j].ID]; wi != wj {
			return wi < wj
		}
		if units[i].Command != units[j].Command {
			return units[i].Command < units[j].Command
		}
		if units[i].Name != units[j].Name {
			return units[i].Name < units[j].Name
		}
		return units[i].ID < units[j].ID // two Kilpatricks: the same order every time
	})
	// With knowledge per commander (double-blind) a commander knows where
	// his own units are and what they see; the rest of his side he knows
	// from where he last saw it (engine/view.go).
	view := engine.ViewFor(g, g.ViewerOf(req.User))
	lastSeen := map[string]engine.ViewCounter{}
	for _, c := range view.Counters {
		if c.SeenTurn > 0 {
			lastSeen[c.Unit] = c
		}
	}
	var lines []string
	heading := ""
	for _, u := range units {
		if w := whose[u.ID]; w != "" && w != heading {
			heading = w
			lines = append(lines, "**Commanded by "+w+":**")
		}
		where := u.Ref
		if !u.OnMap {
			where = fmt.Sprintf("%s %d", u.Track, u.Slot)
		} else if view.Viewer.Kind == engine.ViewerCommander && !view.Knows(u.ID) {
			where = "not in sight (another commander's)"
			if c, ok := lastSeen[u.ID]; ok {
				where = fmt.Sprintf("last seen %s on turn %d (another commander's)", r.hexRef(c.Hex), c.SeenTurn)
			}
		}
		l := fmt.Sprintf("%s (%s)", u.Name, strings.TrimSpace(u.Command+" "+string(u.Kind)))
		if u.Manpower > 0 {
			l += fmt.Sprintf(" %d MP", u.Manpower)
		}
		if u.Fatigue > 0 {
			l += fmt.Sprintf(", fatigue %d", u.Fatigue)
		}
		l += statusText(u)
		if u.Eliminated {
			where = "eliminated"
		}
		lines = append(lines, l+" — "+where)
	}
	e := &Embed{Title: fmt.Sprintf("%s order of battle (%d units)", strings.ToUpper(string(side)), len(units)), Description: clipLines(lines, 4000)}
	return Reply{Outputs: []Output{{Audience: Audience{Kind: AudienceEphemeral}, Text: e.PlainText(), Embed: e, Events: []EventView{}}}}, nil
}

// loadGameData reads the scenario catalogue and the orders of battle on
// the shipped maps.
// orderOf is the shipped order of battle a game sets up: LRTA's for an
// LRTA scenario; LRTG's, or its Jackson Lives variant's (LRTG 31).
func (r *Router) orderOf(g engine.GameState) *engine.OrderOfBattle {
	if sc := r.scenarioOf(g); sc != nil && gameNamed(sc.Game).order != "" {
		return r.orders[gameNamed(sc.Game).order]
	}
	if g.Options.JacksonLives {
		return r.orders["lrtg/jackson-lives"]
	}
	return r.orders["lrtg"]
}

func loadGameData(ts map[string]*engine.Theatre) ([]engine.Scenario, map[string]*engine.OrderOfBattle, error) {
	sc, err := scenarios.Catalogue()
	if err != nil {
		return nil, nil, err
	}
	o, err := scenarios.OrdersOfBattleOn(ts)
	return sc, o, err
}

func handleGameEnd(ctx context.Context, r *Router, req Request) (Reply, error) {
	var o struct {
		Channels string `opt:"channels,raw"` // channels.go: the adapter archives or deletes them
		Reason   string `opt:"reason"`
	}
	if err := decodeOptions(req, &o); err != nil {
		return Reply{}, err
	}
	if _, err := closeMode(o.Channels); err != nil {
		return Reply{}, err
	}
	cmd := engine.EndGame{By: req.User, Reason: o.Reason}
	return r.settleGame(ctx, req, cmd, nil, func(views []EventView, evs []engine.Event) Reply {
		e := evs[0].(*engine.GameEnded)
		seed := fmt.Sprintf("(%d, %d)", e.Seed1, e.Seed2)
		if e.Salt != "" {
			seed += ", salt " + e.Salt
		}
		text := fmt.Sprintf("🏁 The game has ended. Its dice seed was %s: anyone can check every roll with /game audit.", seed)
		if e.Reason != "" {
			text = fmt.Sprintf("🏁 The game has ended: %s. Its dice seed was %s: anyone can check every roll with /game audit.", e.Reason, seed)
		}
		return publicText(req, text, views)
	})
}

func handleGameAudit(ctx context.Context, r *Router, req Request) (Reply, error) {
	var o struct {
		Game int `opt:"game"`
	}
	if err := decodeOptions(req, &o); err != nil {
		return Reply{}, err
	}
	if o.Game != 0 {
		// An earlier game of the channel (game_streams.go).
		if latest := r.latestGame(ctx, req.ChannelID); o.Game < 1 || o.Game > latest {
			return Reply{}, &engine.RuleError{Kind: engine.ErrInvalid, Code: "game.number",
				What: fmt.Sprintf("This channel has no game %d", o.Game), Hint: fmt.Sprintf("Name a game from 1 to %d, or leave game out for the latest", latest)}
		}
		req.stream = streamOfGame(req.ChannelID, o.Game)
	}
	g, err := r.gameHere(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	if g.Ended == nil {
		return Reply{}, &engine.RuleError{Kind: engine.ErrIllegal, Code: "game.running", What: "The seed stays secret until the game ends", Hint: "The umpire ends the game with /game end; its seed's SHA-256 is in /game status"}
	}
	text, err := AuditStream(ctx, r.store, r.rulesets, r.gameStream(ctx, req))
	if err != nil {
		return Reply{}, err
	}
	return ephemeralText(text), nil
}

// AuditStream replays every roll of a stream from the seed (and salt) its
// GameEnded event revealed, and checks them against the commitment
// published at the start, by the scheme the game was created with
// (engine/dice.go). The console's -audit flag and /game audit share it.
func AuditStream(ctx context.Context, st Store, rs *engine.Rulesets, stream string) (string, error) {
	_, recs, err := st.Load(ctx, stream, 0)
	if err != nil {
		return "", err
	}
	var events []engine.Event
	var ended *engine.GameEnded
	var created *engine.GameCreated
	for _, rec := range recs {
		e, err := rs.DecodeEvent(rec.Type, rec.Data)
		if err != nil {
			return "", err
		}
		switch e := e.(type) {
		case *engine.GameEnded:
			ended = e
		case *engine.GameCreated:
			created = e
		}
		events = append(events, e)
	}
	if ended == nil || created == nil {
		return "", &engine.RuleError{Kind: engine.ErrIllegal, Code: "game.running", What: "The game has not ended: its seed is secret", Hint: "End it with /game end"}
	}
	seed, err := ended.Revealed(created.DiceScheme)
	if err != nil {
		return fmt.Sprintf("❌ %v: the commitment published at the start cannot be checked.", err), nil
	}
	what := fmt.Sprintf("seed (%d, %d)", seed.Seed1, seed.Seed2)
	if seed.Salt != nil {
		what += " and salt " + ended.Salt
	}
	if got := seed.Commitment(); got != created.SeedHash {
		return fmt.Sprintf("❌ The revealed %s give the SHA-256 %s, but the game published %s at its start: the umpire's dice are not the ones he committed to.", what, got, created.SeedHash), nil
	}
	n, err := engine.AuditDice(seed, events)
	if err != nil {
		return fmt.Sprintf("❌ The rolls do not match the seed after %d dice: %v", n, err), nil
	}
	text := fmt.Sprintf("✅ The revealed %s: the SHA-256 published at the start matches, and all %d dice of the game's rolls are what they give.", what, n)
	if created.Rules != nil && gameNamed(created.Rules.ID()).diceInOwnEvents {
		// LITN's procedures keep their dice inside their own events,
		// without the order they were drawn in: the audit cannot replay
		// them yet, and must not let a pass suggest it did.
		text += "\n⚠️ Lee Invades the North's procedures (command points, combat, arrivals, ...) keep their dice in their own events, which the audit does not replay yet: it checked only the rolls typed in the game (/roll, /table roll, /chart roll)."
	}
	return text, nil
}

// umpiresText names who umpires the game, for /game status: the creator
// (said to play a side where an open game lets him), and the members of the umpire role where the
// server has one (named in words: no mention, so no one is pinged).
func (r *Router) umpiresText(g engine.GameState) string {
	var who []string
	switch {
	case g.Player(g.Umpire.ID) == nil:
		who = append(who, g.Umpire.Name)
	case g.UmpirePlays():
		p := g.Player(g.Umpire.ID)
		who = append(who, fmt.Sprintf("%s (who also commands for the %s: he can read the other side's dispatches)", g.Umpire.Name, strings.ToUpper(string(p.Side))))
	}
	if r.umpireRole != "" {
		who = append(who, "the members of the server's umpire role who play no side")
	}
	if len(who) == 0 {
		return fmt.Sprintf("no umpire (%s created the game and commands a side)", g.Umpire.Name)
	}
	return strings.Join(who, " and ")
}
