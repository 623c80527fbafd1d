package bot

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/litn"
)

// /litn: playing a Lee Invades the North game (002; issue 10). The umpire
// steps through the sequence of play of 3.1 with /phase next; what a step
// does by itself (rolls, charts) is done as it begins, and what the
// players decide is a /litn subcommand. Every LITN event says what
// happened to its audiences (litn.Sayer): the table, one side (its
// commanders' private channels, or the asker alone), or the umpire.
// docs/litn-play.md.

func litnPlaySubcommands() []*Command {
	return []*Command{
		&Command{
			Name:        "status",
			Description: "Your side's units and strengths; the enemy's counters; VP",
			Ephemeral:   true,
			Options: []OptionSpec{
				{Name: "side", Description: "Umpire: csa or usa", Type: String, MaxLength: 3, Placeholder: "csa|usa"},
			},
			Handle: handleLITNStatus,
		},
		&Command{
			Name:        "done",
			Description: "Your side has finished its part of the step",
			Options: []OptionSpec{
				{Name: "side", Description: "Umpire: the side that is done", Type: String, MaxLength: 3, Placeholder: "csa|usa"},
			},
			Handle: handleLITNDone,
		}}
}

// litnSubcommands are /litn's subcommands, each phase file's listed here.
func litnSubcommands() []*Command {
	var out []*Command
	for _, part := range [][]*Command{litnPlaySubcommands(), litnCombatSubcommands(), litnInitialSubcommands(),
		litnMoveSubcommands(), litnTurnSubcommands(), litnUmpireSubcommands(), litnDepotsSubcommands()} {
		out = append(out, part...)
	}
	return out
}

func litnCommands() []*Command {
	// Copies: each router sets its commands' paths (NewRouter), and
	// routers run side by side.
	var subs []*Command
	for _, s := range litnSubcommands() {
		c := *s
		subs = append(subs, &c)
	}
	sort.SliceStable(subs, func(i, j int) bool { return litnOrder(subs[i].Name) < litnOrder(subs[j].Name) })
	return []*Command{{
		Name:        "litn",
		Description: "Lee Invades the North: each phase's decisions (002 3.1)",
		Subcommands: subs,
	}}
}

// litnOrder keeps /litn's subcommands in the order of the sequence of play.
func litnOrder(name string) int {
	for i, n := range []string{"status", "done", "reorganize", "replace", "wagon", "first", "broadcast", "move", "react", "detach", "reattach", "work", "rail",
		"attack", "supply", "option", "retreat", "declare", "depots", "set"} {
		if n == name {
			return i
		}
	}
	return 100
}

// litnGame is the channel's game, if it is a started LITN game.
func (r *Router) litnGame(ctx context.Context, req Request) (engine.GameState, error) {
	g, err := r.gameHere(ctx, req)
	if err != nil {
		return g, err
	}
	// The router refuses it first (games.go); a button does not pass there.
	if c := r.Command("litn"); !c.playedIn(g.Game()) {
		return g, notThisGame(c, g.Game())
	}
	return g, nil
}

// litnSide is the side: option of the commands the umpire may give for a
// side (the players give theirs by being of it); "" when not given.
type litnSide struct {
	Side engine.Side `opt:"side,lower" one:"csa|usa" bad:"game.side|%q is not a side|Give side:csa or side:usa"`
}

// litnGameOpts is the channel's LITN game, and the command's options
// decoded into dst (a pointer to its struct): the game is asked for first,
// as every /litn command did before it read an option.
func (r *Router) litnGameOpts(ctx context.Context, req Request, dst any) (engine.GameState, error) {
	g, err := r.litnGame(ctx, req)
	if err != nil {
		return g, err
	}
	return g, decodeOptions(req, dst)
}

// litnList splits a comma-separated list, leaving out blanks.
func litnList(s string) []string {
	var out []string
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}

func handleLITNDone(ctx context.Context, r *Router, req Request) (Reply, error) {
	var o litnSide
	g, err := r.litnGameOpts(ctx, req, &o)
	if err != nil {
		return Reply{}, err
	}
	return r.settleLITN(ctx, req, g, litn.Done{By: req.User, Side: o.Side})
}

// settleLITN settles a LITN command and tells each audience its part.
func (r *Router) settleLITN(ctx context.Context, req Request, g engine.GameState, cmd engine.Command) (Reply, error) {
	return r.settleGame(ctx, req, cmd, nil, func(views []EventView, evs []engine.Event) Reply {
		return r.litnReply(req, g, views, evs)
	})
}

// litnReply builds the outputs of LITN events: each event's sayings to
// their audiences, in order; the events themselves go only to the umpire.
func (r *Router) litnReply(req Request, before engine.GameState, views []EventView, evs []engine.Event) Reply {
	g := before
	var outs []Output
	for i, e := range evs {
		g = g.Apply(e)
		outs = append(outs, r.litnOutputs(req, g, e, views[i])...)
	}
	outs = mergeLITNOutputs(outs)
	if len(outs) == 0 || outs[0].Audience.Kind != AudiencePublic {
		// Every reply begins with what the table may know (also "nothing").
		text := "Done."
		if g.CurrentStep() != "" {
			text = "✔ Recorded. " + waitingLine(g)
		}
		outs = append([]Output{{Audience: Audience{Kind: AudiencePublic, Channel: req.ChannelID}, Text: text, Events: []EventView{}}}, outs...)
	}
	if before.IsUmpire(req.User) {
		outs = append(outs, Output{Audience: Audience{Kind: AudienceEphemeral}, Text: fmt.Sprintf("Umpire: %d events recorded.", len(views)), Events: views})
	}
	return Reply{Outputs: outs}
}

// mergeLITNOutputs joins consecutive texts to the same audience.
func mergeLITNOutputs(outs []Output) []Output {
	var out []Output
	for _, o := range outs {
		if n := len(out); n > 0 && out[n-1].Audience == o.Audience {
			out[n-1].Text += "\n" + o.Text
			continue
		}
		out = append(out, o)
	}
	return out
}

// litnOutputs turns one event's sayings into outputs. A side's texts go to
// its commanders' private channels; without one, to the asker if he is of
// that side or the umpire (ephemeral). Nothing of a side's ever reaches
// the table or the other side.
func (r *Router) litnOutputs(req Request, g engine.GameState, e engine.Event, view EventView) []Output {
	s, ok := e.(litn.Sayer)
	if !ok {
		return nil
	}
	var outs []Output
	asker := litn.Of(g).SideOf(req.User)
	umpire := g.IsUmpire(req.User)
	for _, say := range s.Say(litn.Of(g)) {
		switch say.To {
		case "all":
			outs = append(outs, Output{Audience: Audience{Kind: AudiencePublic, Channel: req.ChannelID}, Text: say.Text, Events: []EventView{}})
		case "umpire":
			if umpire {
				outs = append(outs, Output{Audience: Audience{Kind: AudienceEphemeral}, Text: "Umpire: " + say.Text, Events: []EventView{}})
			}
		case string(engine.CSA), string(engine.USA):
			side := engine.Side(say.To)
			sent := false
			for _, p := range g.Players {
				if p.Side != side {
					continue
				}
				if ch, ok := r.commanderChannel(g, p.Actor.ID); ok {
					outs = append(outs, Output{Audience: Audience{Kind: AudienceChannel, Channel: ch}, Text: say.Text, Events: []EventView{}})
					sent = true
				}
			}
			if !sent && (asker == side || umpire) {
				prefix := ""
				if umpire && asker != side {
					prefix = fmt.Sprintf("(%s only) ", sheetSideName(side))
				}
				outs = append(outs, Output{Audience: Audience{Kind: AudienceEphemeral}, Text: prefix + say.Text, Events: []EventView{}})
			}
		}
	}
	return outs
}

// presentLITN is the step presenter of LITN events (/phase next). Only
// LITN's events say (litn.Sayer), and only a LITN game folds them: it
// need not ask which game it speaks in (TestOnlyLITNEventsSay).
func presentLITN(r *Router, req Request, g engine.GameState, e engine.Event, view EventView) []Output {
	if _, ok := e.(litn.Sayer); !ok {
		return nil
	}
	outs := r.litnOutputs(req, g, e, view)
	if outs == nil {
		outs = []Output{} // said to no one here: claimed all the same
	}
	return outs
}

func handleLITNStatus(ctx context.Context, r *Router, req Request) (Reply, error) {
	var o litnSide
	g, err := r.litnGameOpts(ctx, req, &o)
	if err != nil {
		return Reply{}, err
	}
	side := o.Side
	viewer := litn.Of(g).SideOf(req.User)
	switch {
	case g.IsUmpire(req.User):
		viewer = side
	case viewer == "":
		return Reply{}, &engine.RuleError{Kind: engine.ErrIllegal, Code: "litn.secret", What: "Each side's strengths are secret from its opponent (002 2.5)",
			Hint: "Join a side with /game join to see yours"}
	case side != "" && side != viewer:
		return Reply{}, &engine.RuleError{Kind: engine.ErrIllegal, Code: "litn.secret", What: fmt.Sprintf("The %s record is secret from you (002 2.5)", sheetSideName(side)),
			Hint: "/litn status shows your own side"}
	}
	if !g.Started {
		return Reply{}, &engine.RuleError{Kind: engine.ErrIllegal, Code: "game.not_started", What: "The game has not started", Hint: "The umpire loads both record sheets (/sheet load) and starts it (/game start)"}
	}
	return Reply{Outputs: []Output{{Audience: Audience{Kind: AudienceEphemeral}, Text: litnStatusText(r, g, viewer)}}}, nil
}

// litnStatusText is the game as one side sees it ("" : the umpire, both).
func litnStatusText(r *Router, g engine.GameState, viewer engine.Side) string {
	var b strings.Builder
	fmt.Fprintf(&b, "**Turn %d** (%s) · %s\n", g.Turn, g.TurnLabel(g.Turn), r.phaseLabel(g))
	fmt.Fprintf(&b, "VP: Confederate %s, Union %s (net %s)", litn.Of(g).LITN.Score.CSA, litn.Of(g).LITN.Score.USA, litn.Of(g).LITN.Score.Net())
	if litn.Of(g).LITN.First != "" {
		fmt.Fprintf(&b, " · first player: %s", sheetSideName(litn.Of(g).LITN.First))
	}
	b.WriteString("\n")
	for _, side := range []engine.Side{engine.CSA, engine.USA} {
		own := viewer == "" || viewer == side
		fmt.Fprintf(&b, "__%s__\n", sheetSideName(side))
		var off []string
		for _, u := range litn.Of(g).UnitsOf(side) {
			if !u.OnMap() {
				if own {
					off = append(off, u.Name)
				}
				continue
			}
			if own {
				fmt.Fprintf(&b, "- %s (%s) at %s%s\n", u.Name, litnUnitLine(u), u.At, litnMarks(u))
			} else {
				// 2.5: the counters are on the map; their strengths are on
				// the secret record sheet.
				fmt.Fprintf(&b, "- %s at %s%s\n", u.Name, u.At, litnMarks(u))
			}
		}
		if own {
			for _, w := range litn.Of(g).WagonsOf(side) {
				st := "supplied"
				if w.Depleted {
					st = "depleted"
				}
				fmt.Fprintf(&b, "- wagon %s at %s (%s)\n", w.ID, w.At, st)
			}
			if len(off) > 0 {
				fmt.Fprintf(&b, "Not yet on the map: %s\n", strings.Join(off, ", "))
			}
		}
	}
	return strings.TrimRight(b.String(), "\n")
}

func litnUnitLine(u litn.Unit) string {
	if !u.IsCombat() {
		return fmt.Sprintf("%s; command %d, initiative %d, rank %d", litn.SheetLeader{Role: u.Role}.RoleName(), u.Command, u.Initiative, u.Rank)
	}
	return fmt.Sprintf("%s %d of %d", u.Troops, u.Strength, u.Original)
}

func litnMarks(u litn.Unit) string {
	var m []string
	if u.Demoralized {
		m = append(m, "demoralized")
	}
	if u.Disorganized {
		m = append(m, "disorganized")
	}
	if u.Parent != "" {
		m = append(m, "detachment")
	}
	if len(m) == 0 {
		return ""
	}
	return " [" + strings.Join(m, ", ") + "]"
}

// startLITN is /game start for a LITN game: the two record sheets and the
// guild's charts.
func (r *Router) startLITN(ctx context.Context, req Request, g engine.GameState) (Reply, error) {
	sc := r.scenarioOf(g)
	if sc == nil {
		return Reply{}, fmt.Errorf("game %s: unknown scenario %q", req.ChannelID, g.Options.Scenario)
	}
	charts, err := r.loadedCharts(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	// The engine refuses while anything the scenario needs is missing,
	// listing it all (engine/litn/setup.go); the list reads a line an item.
	cmd := litn.Start{By: req.User, Scenario: *sc, Map: r.theatres[string(litn.ID)], Library: r.library, Charts: charts.Loaded}
	rep, err := r.settleGame(ctx, req, cmd, nil, func(views []EventView, evs []engine.Event) Reply {
		st := evs[0].(*litn.Started)
		n := map[engine.Side]int{}
		for _, u := range st.Units {
			n[u.Side]++
		}
		text := fmt.Sprintf("⚔️ **%s** has started: %d Confederate and %d Union leaders from the record sheets. Turn %d (%s). Confederate VPs at the start: %s. Dice seed SHA-256: `%s`.\nThe umpire begins the turn with /phase next; each player reads his side with /litn status.",
			sc.Title, n[engine.CSA], n[engine.USA], st.Turn, g.TurnLabel(st.Turn), st.Score.CSA, g.SeedHash)
		rep := publicText(req, text, []EventView{})
		rep.Outputs = append(rep.Outputs, Output{Audience: Audience{Kind: AudienceEphemeral}, Text: "Umpire: the set-up is recorded (it holds both sheets).", Events: views})
		return rep
	})
	return rep, startNeedsText(err) // chart_game.go
}

// litnNewOpts are /game new's options as a LITN game reads them:
// optional: takes 14.2 and 14.3 (numbers or names, separated by commas or
// spaces); an LRTG option given (anything but blank or false) is refused.
type litnNewOpts struct {
	Optional string `opt:"optional,raw"`
	// LRTG's options, in the order they are named when refused.
	JacksonLives         string `opt:"jackson_lives"`
	Supply               string `opt:"supply"`
	Communications       string `opt:"communications"`
	TimeLimitation       string `opt:"time_limitation"`
	LimitedIntelligence  string `opt:"limited_intelligence"`
	Intelligence         string `opt:"intelligence"`
	Knowledge            string `opt:"knowledge"`
	Sighting             string `opt:"sighting"`
	PreliminaryVictory   string `opt:"preliminary_victory"`
	BrandyStation        string `opt:"brandy_station"`
	Halleck              string `opt:"halleck"`
	OverallRestrictions  string `opt:"overall_restrictions"`
	ConfederateObjective string `opt:"confederate_objectives"`
}

// litnGameOptions reads /game new's options for a LITN game, refusing
// every LRTG option given and every optional rule LITN has not at once.
func litnGameOptions(req Request, o *engine.GameOptions) error {
	var n litnNewOpts
	var p optionProblems
	p.decode(req, &n)
	for _, k := range []struct{ name, v string }{{"jackson_lives", n.JacksonLives}, {"supply", n.Supply}, {"communications", n.Communications},
		{"time_limitation", n.TimeLimitation}, {"limited_intelligence", n.LimitedIntelligence}, {"intelligence", n.Intelligence}, {"knowledge", n.Knowledge},
		{"sighting", n.Sighting}, {"preliminary_victory", n.PreliminaryVictory}, {"brandy_station", n.BrandyStation}, {"halleck", n.Halleck},
		{"overall_restrictions", n.OverallRestrictions}, {"confederate_objectives", n.ConfederateObjective}} {
		if k.v != "" && k.v != "false" {
			p.add("game.option", fmt.Sprintf("%s is not a Lee Invades the North option", k.name),
				"A LITN game takes optional:14.2,14.3 (Surprise Attacks, Leader Casualties) and seed:")
		}
	}
	var opts litn.Options
	for _, f := range strings.FieldsFunc(n.Optional, func(r rune) bool { return r == ',' || r == ' ' }) {
		switch strings.ToLower(f) {
		case "14.2", "surprise", "surprise-attacks":
			opts.SurpriseAttacks = true
		case "14.3", "casualties", "leader-casualties":
			opts.LeaderCasualties = true
		default:
			p.add("game.optional", fmt.Sprintf("%q is not one of LITN's optional rules", f),
				"Give optional:14.2 (Surprise Attacks), 14.3 (Leader Casualties) or both: 14.2,14.3 (14.1 Solitaire Play needs no umpire)")
		}
	}
	if err := p.err(req); err != nil {
		return err
	}
	litn.SetOptions(o, opts)
	return nil
}
