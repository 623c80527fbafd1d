package bot

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
)

// The chess clocks of time limitation (engine/lrtg/clock.go; LRTG 22.2-22.5,
// LRTA 004 1 f)): /clock show, chit, pause, resume; the action commands and
// /phase next are timed with the router's clock (r.timed), so the clocks
// switch as 22.3 says; and on Discord a live clock message in the table
// channel, edited at most once every clockEditGap.
//
// A side's time is not secret (chess clocks sit on the table). Under
// limited intelligence, with several commanders on a side, which of them
// holds the decision or acts is the side's (actions.go hides it): the enemy
// sees the side's clock running or not, never whose. The switches are told
// with the action cycle's events (actions.go actionEventText).

func clockCommands() []*Command {
	reasons := func(_ *Router, _ Request, typed string) []engine.Match {
		var out []engine.Match
		for _, p := range lrtg.PauseReasons {
			if strings.HasPrefix(p, strings.ToLower(strings.TrimSpace(typed))) {
				out = append(out, engine.Match{Value: p, Label: p + ": " + lrtg.ClockReasonText(p)})
			}
		}
		return out
	}
	return []*Command{{
		Name:        "clock",
		Description: "The chess clocks of time limitation (LRTG 22): show, time chits, pause, resume",
		Subcommands: []*Command{
			{
				Name:        "show",
				Description: "Every player's time left this turn, whose clock runs, the time chits",
				Ephemeral:   true,
				Handle:      handleClockShow,
			},
			{
				Name:        "chit",
				Description: "Spend one of your side's time chits: 3 more minutes on your clock (operational only; 22.5)",
				Options: []OptionSpec{
					{Name: "player", Description: "The umpire: whose clock the chit goes on", Type: String, MaxLength: 60, Placeholder: "player"},
				},
				Handle: handleClockChit,
			},
			{
				Name:        "pause",
				Description: "Pause the running clock: an attack declared, a rules question, a reveal request (22.3)",
				Options: []OptionSpec{
					{Name: "reason", Description: "attack, rules or reveal (the umpire also: umpire)", Type: String, Required: true, MaxLength: 10, Placeholder: "attack|rules|reveal", Autocomplete: reasons},
					{Name: "note", Description: "The question, or anything to add", Type: String, MaxLength: 200, Placeholder: "text"},
				},
				Handle: handleClockPause,
			},
			{
				Name:        "resume",
				Description: "Restart the paused clock (the umpire; anyone once an attack's battle is resolved)",
				Handle:      handleClockResume,
			},
		},
	}}
}

// timed gives a command the router's time when the game keeps clocks, so
// the clocks switch at that instant (22.3) and an activation out of time
// is refused (22.4). Other games get the command as it is.
func (r *Router) timed(g engine.GameState, cmd engine.Command) engine.Command {
	if !g.Options.TimeLimit {
		return cmd
	}
	return lrtg.Timed{Command: cmd, At: r.now()}
}

// clockHidden reports whether the viewer may not know which of the side's
// players holds its clock: limited intelligence, a side of several
// commanders, a viewer of the other side (or none).
func clockHidden(g engine.GameState, viewer engine.Actor, side engine.Side) bool {
	if !clockTimesHidden(g, viewer, side) {
		return false
	}
	n := 0
	for _, p := range g.Players {
		if p.Side == side {
			n++
		}
	}
	return n > 1
}

// clockTimesHidden reports whether the viewer may not know the side's
// minutes: in a hidden game a side's allowance counts its infantry corps
// leaders within 8 hexes of an enemy unit (LRTG 22.2), so its minutes,
// and the time left on its clocks, would tell the other side how many of
// them are that near (issue 19: an answer reveals nothing the asker
// cannot see). Its clock's state (running, paused, out of time) stays
// public: it is what the table needs to know whose decision it is.
func clockTimesHidden(g engine.GameState, viewer engine.Actor, side engine.Side) bool {
	if !g.Options.LimitedIntel || g.IsUmpire(viewer) {
		return false
	}
	p := g.Player(viewer.ID)
	return p == nil || p.Side != side
}

// clockDuration shows a time left as m:ss (−m:ss overrun).
func clockDuration(d time.Duration) string {
	sign := ""
	if d < 0 {
		sign, d = "−", -d
	}
	d = d.Truncate(time.Second)
	return fmt.Sprintf("%s%d:%02d", sign, int(d/time.Minute), int(d%time.Minute/time.Second))
}

func clockPlural(n int, one string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, one)
	}
	return fmt.Sprintf("%d %ss", n, one)
}

// clockText is the clocks as the viewer may see them at now.
func clockText(g engine.GameState, viewer engine.Actor, now time.Time) string {
	v := lrtg.Of(g).Clocks(now)
	lines := []string{fmt.Sprintf("⏱️ **Chess clocks** · turn %d (LRTG 22)", v.Turn)}
	if !v.Allocated {
		lines = append(lines, fmt.Sprintf("Turn %d's time is not allocated yet: step 1f (22.2). Time chits: CSA %d, USA %d.", v.Turn, v.Chits[engine.CSA], v.Chits[engine.USA]))
		return strings.Join(lines, "\n")
	}
	for _, s := range []engine.Side{engine.CSA, engine.USA} {
		head := fmt.Sprintf("**%s** · %s", sideLabel(s), clockPlural(v.Chits[s], "time chit"))
		if v.Passive[s] {
			head += " · passive: no chits this turn (22.5)"
		}
		if a, ok := v.Allowance[s]; ok && !clockTimesHidden(g, viewer, s) {
			head += fmt.Sprintf(" · %d minutes a player (22.2)", a.Minutes)
		}
		lines = append(lines, head)
		if clockTimesHidden(g, viewer, s) { // clockHidden implies it
			state := "stopped"
			for _, c := range v.Clocks {
				if c.Side == s && c.Running {
					state = "running"
					if v.Pause != nil {
						state = "paused"
					}
				}
			}
			for _, c := range v.Clocks {
				if c.Side == s && c.Out {
					state += "; out of time: no more activations (22.4)"
					break
				}
			}
			why := "its time is the side's, in a hidden game"
			if clockHidden(g, viewer, s) {
				why = "whose it is and its time are the side's, in a hidden game"
			}
			lines = append(lines, fmt.Sprintf("Its clock is %s (%s).", state, why))
			continue
		}
		for _, c := range v.Clocks {
			if c.Side != s {
				continue
			}
			mark := "⏹️"
			switch {
			case c.Running && v.Pause != nil:
				mark = "⏸️"
			case c.Running:
				mark = "▶️"
			}
			line := fmt.Sprintf("%s %s: **%s** left of %d:00", mark, c.Player.Name, clockDuration(max(c.Remaining, 0)), c.Allowance)
			if c.Remaining < 0 {
				line += fmt.Sprintf(" (%s over)", clockDuration(-c.Remaining))
			}
			if c.Chits > 0 {
				line += fmt.Sprintf(" (+%d:00 from %s)", c.Chits*lrtg.ChitMinutes, clockPlural(c.Chits, "chit"))
			}
			if c.Out {
				line += " — out of time: no more activations (22.4)"
			}
			lines = append(lines, line)
		}
	}
	if v.Pause != nil {
		running, _ := v.Running()
		whose := running.Player.Name + "'s clock"
		if clockHidden(g, viewer, running.Side) {
			whose = "the " + sideLabel(running.Side) + "'s clock"
		}
		p := fmt.Sprintf("⏸️ %s is paused for %s (%s asked at %s UTC; 22.3)", whose, lrtg.ClockReasonText(v.Pause.Reason), v.Pause.By.Name, v.Pause.At.UTC().Format("15:04:05"))
		if v.Pause.Note != "" {
			p += ": " + v.Pause.Note
		}
		lines = append(lines, p+".")
	} else if _, ok := v.Running(); !ok {
		lines = append(lines, "No clock runs: they run in the action cycle, from the initiative (22.3).")
	}
	return strings.Join(lines, "\n")
}

func sideLabel(s engine.Side) string { return strings.ToUpper(string(s)) }

// clockSwitchText tells a switch of the clocks to the table (viewer none).
// In a hidden game whose side's commanders are the side's secret
// (clockHidden), the reason names the side only (issue 22): the commander
// a decision was deferred to, or who activates, is not the table's.
func clockSwitchText(g engine.GameState, e *lrtg.ClockSwitched) string {
	hidden := clockHidden(g, engine.Actor{}, e.Side) || clockHidden(g, engine.Actor{}, sideOfPlayer(g, e.From)) ||
		e.CauseSide != "" && clockHidden(g, engine.Actor{}, e.CauseSide)
	why := e.Why
	if hidden {
		why = clockCausePublic(e)
	}
	if e.To == "" {
		return fmt.Sprintf("⏹️ The clocks stop: %s.", why)
	}
	who := fmt.Sprintf("The %s's clock", sideLabel(e.Side))
	if p := g.Player(e.To); p != nil && !clockHidden(g, engine.Actor{}, e.Side) {
		who = p.Actor.Name + "'s clock"
	}
	s := fmt.Sprintf("⏱️ %s runs: %s left (%s)", who, clockDuration(lrtg.Of(g).ClockRemaining(e.To, e.At)), why)
	if clockTimesHidden(g, engine.Actor{}, e.Side) {
		s = fmt.Sprintf("⏱️ %s runs (%s)", who, why)
	}
	if e.Unpaused != "" {
		s += "; the pause ends with it"
	}
	return s + "."
}

// clockCausePublic words what switched the clocks naming sides only. An
// event stored before causes were recorded says the rule only: its
// sentence may name a commander.
func clockCausePublic(e *lrtg.ClockSwitched) string {
	s := sideLabel(e.CauseSide)
	switch e.Cause {
	case lrtg.ClockCauseInitiative:
		return fmt.Sprintf("the %s won the initiative (22.3)", s)
	case lrtg.ClockCausePassed:
		return fmt.Sprintf("the %s passed: the %s decides (22.3 2))", s, sideLabel(engine.EnemyOf(e.CauseSide)))
	case lrtg.ClockCauseCycleOver:
		if e.CauseSide != "" {
			return fmt.Sprintf("the %s passed too: the action cycle is over", s)
		}
		return "the action cycle is over"
	case lrtg.ClockCauseDeferred:
		return fmt.Sprintf("the %s's decision is deferred to another of its commanders (21.1)", s)
	case lrtg.ClockCauseDeferredBack:
		return fmt.Sprintf("the %s's decision is back with its overall commander (21.1)", s)
	case lrtg.ClockCauseActivated:
		return fmt.Sprintf("the %s activates", s)
	case lrtg.ClockCauseArmy:
		return fmt.Sprintf("the %s's army leader activates", s)
	case lrtg.ClockCauseActionEnded:
		return fmt.Sprintf("the %s's action ended", s)
	case lrtg.ClockCauseOpening:
		return "the opening's activations begin (000 VIII 3))"
	}
	return "the clocks follow who decides or acts (22.3)"
}

// clockEventPublic reports whether a clock event's record may be public.
func clockEventPublic(g engine.GameState, e engine.Event) bool {
	switch e := e.(type) {
	case *lrtg.ClockSwitched:
		return !clockHidden(g, engine.Actor{}, sideOfPlayer(g, e.To)) && !clockHidden(g, engine.Actor{}, sideOfPlayer(g, e.From))
	case *lrtg.ClockPaused:
		return !clockHidden(g, engine.Actor{}, sideOfPlayer(g, e.Player))
	case *lrtg.ClockResumed:
		return !clockHidden(g, engine.Actor{}, sideOfPlayer(g, e.Player))
	case *lrtg.ChitSpent:
		return !clockHidden(g, engine.Actor{}, e.Side)
	}
	return false
}

func sideOfPlayer(g engine.GameState, id string) engine.Side {
	if p := g.Player(id); p != nil {
		return p.Side
	}
	return ""
}

func (r *Router) clockGame(ctx context.Context, req Request) (engine.GameState, error) {
	g, err := r.gameHere(ctx, req)
	if err != nil {
		return g, err
	}
	if !g.Options.TimeLimit {
		return g, &engine.RuleError{Kind: engine.ErrIllegal, Code: "clock.off", What: "This game does not use the time limitation rule", Hint: "Chess clocks come with /game new ... time_limitation:true", Rule: "LRTG 22"}
	}
	return g, nil
}

func handleClockShow(ctx context.Context, r *Router, req Request) (Reply, error) {
	g, err := r.clockGame(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	return ephemeralText(clockText(g, req.User, r.now())), nil
}

// settleClock settles a clock command and tells the table what it did.
func (r *Router) settleClock(ctx context.Context, req Request, cmd engine.Command, tell func(g engine.GameState, e engine.Event) string) (Reply, error) {
	before, err := r.clockGame(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	return r.settleGame(ctx, req, cmd, nil, func(views []EventView, evs []engine.Event) Reply {
		g := before
		var lines []string
		pubViews, privViews := []EventView{}, []EventView{}
		for i, e := range evs {
			g = g.Apply(e)
			switch e := e.(type) {
			case *lrtg.ClockSwitched:
				lines = append(lines, clockSwitchText(g, e))
			default:
				lines = append(lines, tell(g, e))
			}
			if clockEventPublic(g, e) {
				pubViews = append(pubViews, views[i])
			} else {
				privViews = append(privViews, views[i])
			}
		}
		out := []Output{{Audience: Audience{Kind: AudiencePublic, Channel: req.ChannelID}, Text: strings.Join(lines, "\n"), Events: pubViews}}
		if len(privViews) > 0 && (g.IsUmpire(req.User) || g.Player(req.User.ID) != nil && !clockHidden(g, req.User, sideOfPlayer(g, lrtg.Of(g).Clock.Running))) {
			out = append(out, Output{Audience: Audience{Kind: AudienceEphemeral}, Text: clockText(g, req.User, r.now()), Events: privViews})
		}
		return Reply{Outputs: out}
	})
}

// clockChitOpts are /clock chit's options.
type clockChitOpts struct {
	Player string `opt:"player"`
}

func handleClockChit(ctx context.Context, r *Router, req Request) (Reply, error) {
	var o clockChitOpts
	if err := decodeOptions(req, &o); err != nil {
		return Reply{}, err
	}
	cmd := lrtg.SpendChit{By: req.User, At: r.now(), Player: o.Player}
	return r.settleClock(ctx, req, cmd, func(g engine.GameState, e engine.Event) string {
		c, ok := e.(*lrtg.ChitSpent)
		if !ok {
			return ""
		}
		on := ""
		if p := g.Player(c.Player); p != nil && !clockHidden(g, engine.Actor{}, c.Side) {
			on = fmt.Sprintf(" on %s's clock (now %s left)", p.Actor.Name, clockDuration(lrtg.Of(g).ClockRemaining(c.Player, c.At)))
		}
		return fmt.Sprintf("⏱️ The %s spends a time chit: +%d minutes%s; %s left (22.5).", sideLabel(c.Side), lrtg.ChitMinutes, on, clockPlural(c.Left, "chit"))
	})
}

// clockPauseOpts are /clock pause's options, as typed (the engine reads them).
type clockPauseOpts struct {
	Reason string `opt:"reason,raw"`
	Note   string `opt:"note,raw"`
}

func handleClockPause(ctx context.Context, r *Router, req Request) (Reply, error) {
	var o clockPauseOpts
	if err := decodeOptions(req, &o); err != nil {
		return Reply{}, err
	}
	cmd := lrtg.PauseClock{By: req.User, At: r.now(), Reason: o.Reason, Note: o.Note}
	return r.settleClock(ctx, req, cmd, func(g engine.GameState, e engine.Event) string {
		p, ok := e.(*lrtg.ClockPaused)
		if !ok {
			return ""
		}
		whose := "the " + sideLabel(sideOfPlayer(g, p.Player)) + "'s clock"
		if pl := g.Player(p.Player); pl != nil && !clockHidden(g, engine.Actor{}, pl.Side) {
			whose = fmt.Sprintf("%s's clock (%s left)", pl.Actor.Name, clockDuration(lrtg.Of(g).ClockRemaining(p.Player, p.At)))
		}
		s := fmt.Sprintf("⏸️ %s pauses %s: %s (22.3)", p.By.Name, whose, lrtg.ClockReasonText(p.Reason))
		if p.Note != "" {
			s += ": " + p.Note
		}
		resume := "The umpire restarts it with /clock resume."
		if p.Reason == lrtg.PauseAttack {
			resume = "Anyone restarts it with /clock resume once the battle is resolved."
		}
		return s + ". " + resume
	})
}

func handleClockResume(ctx context.Context, r *Router, req Request) (Reply, error) {
	cmd := lrtg.ResumeClock{By: req.User, At: r.now()}
	return r.settleClock(ctx, req, cmd, func(g engine.GameState, e engine.Event) string {
		p, ok := e.(*lrtg.ClockResumed)
		if !ok {
			return ""
		}
		whose := "the " + sideLabel(sideOfPlayer(g, p.Player)) + "'s clock"
		if pl := g.Player(p.Player); pl != nil && !clockHidden(g, engine.Actor{}, pl.Side) {
			whose = fmt.Sprintf("%s's clock (%s left)", pl.Actor.Name, clockDuration(lrtg.Of(g).ClockRemaining(p.Player, p.At)))
		}
		return fmt.Sprintf("▶️ %s restarts %s after %s paused.", p.By.Name, whose, clockDuration(p.Paused))
	})
}

// ---------------------------------------------------------------------------
// The live clock message (Discord).

// clockEditGap is the least time between two edits of a live clock
// message: Discord limits edits per route; one every 5 seconds a message
// stays well inside.
const clockEditGap = 5 * time.Second

// clockTickEvery is how often the adapter refreshes the live messages
// (default; tests drive their own ticker).
const clockTickEvery = 5 * time.Second

// liveClocks are the live clock messages of the table channels.
type liveClocks struct {
	refresh sync.Mutex // one refresh at a time (refreshClock)
	mu      sync.Mutex
	msgs    map[string]*liveClock // by table channel
}

type liveClock struct {
	guild  string
	turn   int
	id     string    // the message
	text   string    // as last sent
	edited time.Time // when last sent (the router's clock)
}

// errClockInStep: nothing to switch (another command did it first).
var errClockInStep = errors.New("bot: the clocks are in step")

// syncClock switches the table's clocks to whoever decides or acts now
// (engine SyncClock), and returns the game after it.
func (r *Router) syncClock(ctx context.Context, guild, channel string) (engine.GameState, bool) {
	req := Request{GuildID: guild, ChannelID: channel}
	_, err := settleWith(ctx, r, req, r.gameStream(ctx, req), kindGame, r.games, nil, func(g engine.GameState, d engine.Dice) ([]engine.Event, error) {
		evs, err := g.Decide(lrtg.SyncClock{At: r.now()}, d)
		if err == nil && len(evs) == 0 {
			return nil, errClockInStep
		}
		return evs, err
	}, func([]EventView, []engine.Event) Reply { return Reply{} })
	if err != nil {
		if !errors.Is(err, errClockInStep) {
			r.log.Error("clock sync", "channel", channel, "err", err)
		}
		return engine.GameState{}, false
	}
	g, err := r.game(ctx, req)
	return g, err == nil
}

// clockCommand reports whether a command may move the clocks.
func clockCommand(name string) bool {
	switch name {
	case "action", "phase", "clock", "game":
		return true
	}
	return false
}

// clockAfter posts or edits the table's live clock message after a
// command that may have moved the clocks.
func (d *Discord) clockAfter(ctx context.Context, req Request) {
	if req.GuildID == "" || !clockCommand(req.Command) {
		return
	}
	d.router.linkRequest(ctx, &req) // a commander's private channel: the table's clock
	d.refreshClock(ctx, req.GuildID, req.ChannelID)
}

// runClocks refreshes the live clock messages on every tick until ctx is
// done.
func (d *Discord) runClocks(ctx context.Context, tick <-chan time.Time) {
	for {
		select {
		case <-ctx.Done():
			return
		case t := <-tick:
			// A driven ticker (DiscordOptions.ClockTick) gives the instant of
			// the refresh, so that a refresh that runs late still draws the
			// clocks as they stood at its tick; a real ticker's is now.
			var at time.Time
			if d.clockTick != nil {
				at = t
			}
			d.clocks.mu.Lock()
			var chans [][2]string
			for ch, lc := range d.clocks.msgs {
				chans = append(chans, [2]string{lc.guild, ch})
			}
			d.clocks.mu.Unlock()
			for _, c := range chans {
				d.refreshClock(ctx, c[0], c[1], at)
			}
		}
	}
}

// refreshClock posts the table's clock message when the clocks have
// started this turn (a new one each turn), and edits it when its text
// changed and the last edit is at least clockEditGap old.
func (d *Discord) refreshClock(ctx context.Context, guild, channel string, at ...time.Time) {
	// A game without time limitation (an option fixed at creation) or not
	// started has no clock message: it does not queue for the lock below
	// behind every other game's refresh (BenchmarkLoad: /game status of
	// every game in line behind one reader, on PostgreSQL 0.8 s).
	if g, err := d.router.game(ctx, Request{GuildID: guild, ChannelID: channel}); err != nil || !g.Options.TimeLimit || !g.Started {
		return
	}
	// One refresh at a time, each reading the game as it is when it edits:
	// a refresh that read the game before a later command cannot overwrite
	// that command's text with an older one.
	d.clocks.refresh.Lock()
	defer d.clocks.refresh.Unlock()
	g, err := d.router.game(ctx, Request{GuildID: guild, ChannelID: channel})
	if err != nil || !g.Options.TimeLimit || !g.Started {
		return
	}
	if lrtg.Of(g).ClockOutOfStep() {
		// A command given without the time (a scheduler's default pass,
		// say) changed who decides: the clocks switch now.
		if s, ok := d.router.syncClock(ctx, guild, channel); ok {
			g = s
		}
	}
	now := d.router.now()
	if len(at) > 0 && !at[0].IsZero() {
		now = at[0] // a driven tick's instant (runClocks)
	}
	text := clip(clockText(g, engine.Actor{}, now))
	started := lrtg.Of(g).Clock.Turn == g.Turn && (lrtg.Of(g).Clock.Running != "" || len(lrtg.Of(g).Clock.Used) > 0)
	d.clocks.mu.Lock()
	defer d.clocks.mu.Unlock()
	if d.clocks.msgs == nil {
		d.clocks.msgs = map[string]*liveClock{}
	}
	lc := d.clocks.msgs[channel]
	switch {
	case lc == nil || lc.turn != g.Turn:
		if !started {
			return
		}
		m, err := d.session.ChannelMessageSendComplex(channel, textMessage(text))
		if err != nil {
			d.log.Error("discord: clock message", "channel", channel, "err", err)
			return
		}
		d.clocks.msgs[channel] = &liveClock{guild: guild, turn: g.Turn, id: m.ID, text: text, edited: now}
	case text == lc.text || now.Sub(lc.edited) < clockEditGap:
	default:
		if _, err := d.session.ChannelMessageEditComplex(textEdit(channel, lc.id, text)); err != nil {
			d.log.Error("discord: clock message edit", "channel", channel, "err", err)
			return
		}
		lc.text, lc.edited = text, now
	}
}

// startClocks runs the live clock messages' refresh until ctx is done.
func (d *Discord) startClocks(ctx context.Context) {
	tick := d.clockTick
	if tick == nil {
		t := time.NewTicker(clockTickEvery)
		tick = t.C
		go func() { <-ctx.Done(); t.Stop() }()
	}
	go d.runClocks(ctx, tick)
}
