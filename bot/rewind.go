package bot

// Taking back a named earlier action (issue 22; engine/rewind.go,
// docs/design.md "Taking back an earlier action"). /game history lists
// the game's last actions, each as its reader may know it: the umpire all
// of them, numbered; a player his own side's, without numbers (a number is
// the action's place in the stream, and the gaps between a side's numbers
// would count the enemy's actions). /game undo to:<n> reason:<why> shows
// the umpire what taking back action n would take back; with confirm:true
// it does. The table is told as each audience may know it: the public
// line counts the actions of each side, naming no unit and no hex; each
// commander reads his own side's in his channel; the umpire reads all.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/store"
)

// historyLast is how many actions /game history lists by default.
const historyLast = 20

// pastAction is one action of the game's stored log that a rewind may
// name: the events of one command (those of one Discord interaction, or
// an event with those completing it: engine.PartOfAction).
type pastAction struct {
	N      int64 // its number: the stream version of its first event
	Events []engine.StoredEvent
	By     engine.Actor // who gave it (no ID: the game's own procedures)
	// Before is the game as it stood before the action (only when asked
	// for: it costs a fold of the log).
	Before engine.GameState
}

// pastActions reads the game's live actions since its start: from the
// action numbered from (0: the last `last`, or all of them when last is 0
// or less). withBefore folds the log to give each its Before.
func (r *Router) pastActions(ctx context.Context, stream string, from int64, last int, withBefore bool) ([]pastAction, error) {
	_, recs, err := r.store.Load(ctx, stream, 0)
	if errors.Is(err, store.ErrNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	all := make([]engine.StoredEvent, 0, len(recs))
	by := make(map[int64]engine.Actor, len(recs))
	inter := make(map[int64]string, len(recs))
	for _, rec := range recs {
		e, err := r.rulesets.DecodeEvent(rec.Type, rec.Data)
		if err != nil {
			return nil, fmt.Errorf("stream %s version %d: %w", stream, rec.Version, err)
		}
		all = append(all, engine.StoredEvent{Version: rec.Version, Event: e})
		var who struct {
			By engine.Actor `json:"by"`
		}
		if json.Unmarshal(rec.Data, &who) == nil {
			by[rec.Version] = who.By
		}
		inter[rec.Version] = rec.InteractionID
	}
	live := engine.LiveEvents(all)
	start := len(live)
	for i, se := range live {
		if engine.StartsGame(se.Event) {
			start = i + 1
		}
	}
	type span struct{ i, j int } // live[i:j]
	var spans []span
	for i := start; i < len(live); i++ {
		joins := false
		if len(spans) > 0 {
			_, part := live[i].Event.(engine.PartOfAction)
			id, v := inter[live[i].Version], live[i].Version
			joins = part || id != "" && id == inter[v-1] && live[i-1].Version == v-1
		}
		if joins {
			spans[len(spans)-1].j = i + 1
		} else {
			spans = append(spans, span{i, i + 1})
		}
	}
	w := 0
	switch {
	case from > 0:
		w = len(spans)
		for k, sp := range spans {
			if live[sp.i].Version == from {
				w = k
			}
		}
	case last > 0 && len(spans) > last:
		w = len(spans) - last
	}
	if w >= len(spans) {
		return nil, nil
	}
	var g engine.GameState
	if withBefore {
		evs := make([]engine.Event, spans[w].i)
		for i := range evs {
			evs[i] = live[i].Event
		}
		g = g.ApplyAll(evs)
	}
	acts := make([]pastAction, 0, len(spans)-w)
	for _, sp := range spans[w:] {
		a := pastAction{N: live[sp.i].Version, Events: live[sp.i:sp.j], By: by[live[sp.i].Version], Before: g}
		if withBefore {
			for _, se := range a.Events {
				g = g.Apply(se.Event)
			}
		}
		acts = append(acts, a)
	}
	return acts, nil
}

// pastSide is the side whose player gave an action ("" the umpire's, the
// game's own procedures', or another's: a roll by an onlooker).
func pastSide(g engine.GameState, a pastAction) engine.Side {
	if p := g.Player(a.By.ID); p != nil {
		return p.Side
	}
	return ""
}

// pastWho names who gave an action.
func pastWho(g engine.GameState, a pastAction) string {
	switch {
	case a.By.ID == "":
		return "the game"
	case g.Player(a.By.ID) == nil && g.IsUmpire(a.By):
		return a.By.Name + " (umpire)"
	}
	return a.By.Name
}

// pastLine is an action as its audience may read it: its reader is the
// umpire or the side that gave it, who may know all of it.
func pastLine(g engine.GameState, a pastAction) string {
	var what []string
	for _, se := range a.Events {
		what = append(what, pastWhat(g, se.Event))
	}
	who := pastWho(g, a)
	if b, ok := a.Events[0].Event.(*engine.StepBegun); ok && b.Auto {
		who = "the game" // steps:auto: begun by itself, in the umpire's name
	}
	return who + ": " + strings.Join(what, "; ")
}

// pastWhat says what an event did, in a few words: the board's actions
// with their units and hexes; any other event by its kind.
func pastWhat(g engine.GameState, e engine.Event) string {
	name := func(id string) string {
		if u, ok := g.Units[id]; ok {
			return u.Name
		}
		return id
	}
	switch e := e.(type) {
	case *engine.UnitsMoved:
		var us []string
		for _, id := range e.Units {
			us = append(us, name(id))
		}
		to := e.Ref
		if to == "" {
			to = fmt.Sprintf("hex (%d, %d)", e.To.Q, e.To.R)
		}
		return fmt.Sprintf("moved %s to %s", strings.Join(us, ", "), to)
	case *engine.UnitSet:
		return fmt.Sprintf("set %s's %s %d → %d", name(e.Unit), e.Field, e.From, e.To)
	case *engine.UnitEliminated:
		return "eliminated " + name(e.Unit)
	case *engine.UnitMarked:
		if e.Off {
			return fmt.Sprintf("took the %s mark off %s", e.Mark, name(e.Unit))
		}
		return fmt.Sprintf("marked %s %s", name(e.Unit), e.Mark)
	case *engine.Undone:
		return "undid the last action (" + e.Reason + ")"
	case *engine.Rewound:
		return fmt.Sprintf("took back %d events (%s)", e.Count, e.Reason)
	case *engine.DiceRolled:
		if e.Secret != "" {
			return "a secret roll"
		}
		return fmt.Sprintf("rolled %s: %d", e.Expression, e.Total)
	case *engine.StepBegun:
		if e.Auto {
			return "step " + e.Step + " began by itself"
		}
		return "began step " + e.Step
	case *engine.StepDone:
		return "said /phase done in step " + e.Step
	}
	// Any other event by its kind, noun and verb ("dummy placed",
	// "posture declared"): the verb alone would not say what was done.
	return strings.NewReplacer("-", " ", "_", " ", ".", " ").Replace(e.EventType())
}

// historyOpts are /game history's options.
type historyOpts struct {
	Last *int `opt:"last" bad:"game.history_last|%q is not a number of actions|last:<1 or more>"` // nil: historyLast
}

func handleGameHistory(ctx context.Context, r *Router, req Request) (Reply, error) {
	var o historyOpts
	if err := decodeOptions(req, &o); err != nil {
		return Reply{}, err
	}
	g, err := r.gameHere(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	stream := r.gameStream(ctx, req) // game_streams.go: the channel's latest game
	last := historyLast
	if o.Last != nil {
		if *o.Last < 1 {
			return Reply{}, &engine.RuleError{Kind: engine.ErrInvalid, Code: "game.history_last", What: fmt.Sprintf("%d is not a number of actions", *o.Last), Hint: "last:<1 or more>"}
		}
		last = *o.Last
	}
	if g.IsUmpire(req.User) {
		acts, err := r.pastActions(ctx, stream, 0, last, true)
		if err != nil {
			return Reply{}, err
		}
		if len(acts) == 0 {
			return ephemeralText("📜 No action has been made since the start."), nil
		}
		lines := []string{fmt.Sprintf("📜 The game's last %s, as the umpire sees them:", countedActions(len(acts)))}
		for _, a := range acts {
			line := fmt.Sprintf("#%d %s", a.N, pastLine(g, a))
			if a.Before.Turn != g.Turn || !a.Before.Sequence.SameStep(g.Sequence) {
				line += " (an earlier step: not to be taken back)"
			}
			lines = append(lines, line)
		}
		lines = append(lines, "Take back an action of the step under way and everything after it with /game undo to:<number> reason:<why> (it shows what it would take back; confirm:true does it). Dice are never taken back.")
		return ephemeralText(strings.Join(lines, "\n")), nil
	}
	p := g.Player(req.User.ID)
	if p == nil {
		return Reply{}, &engine.RuleError{Kind: engine.ErrIllegal, Code: "game.player", What: "The game's history is for its players and its umpire",
			Hint: "Anyone may follow the game with /phase show and /map"}
	}
	acts, err := r.pastActions(ctx, stream, 0, 0, false)
	if err != nil {
		return Reply{}, err
	}
	var own []string
	for _, a := range acts {
		if pastSide(g, a) == p.Side {
			own = append(own, "• "+pastLine(g, a))
		}
	}
	if len(own) > last {
		own = own[len(own)-last:]
	}
	if len(own) == 0 {
		return ephemeralText(fmt.Sprintf("📜 Your side (the %s) has made no action since the start.", sideName(p.Side))), nil
	}
	head := fmt.Sprintf("📜 Your side's last %s (the %s's; the other side's and the umpire's are not shown):", countedActions(len(own)), sideName(p.Side))
	return ephemeralText(head + "\n" + strings.Join(own, "\n")), nil
}

// undoOpts are /game undo's options.
type undoOpts struct {
	Reason  string `opt:"reason"`
	To      *int   `opt:"to" bad:"game.undo_to|%q is not an action's number|to:<the number /game history shows>"` // nil: the last board action
	Confirm bool   `opt:"confirm"`
}

// handleUndo takes back the last board action, or with to: a named
// earlier action and everything after it.
func handleUndo(ctx context.Context, r *Router, req Request) (Reply, error) {
	var o undoOpts
	if err := decodeOptions(req, &o); err != nil {
		return Reply{}, err
	}
	if o.To == nil && o.Confirm {
		return Reply{}, &engine.RuleError{Kind: engine.ErrInvalid, Code: "game.undo_confirm", What: "confirm:true confirms taking back a named action (to:)",
			Hint: "/game undo to:<number> reason:<why> confirm:true; without to:, /game undo reason:<why> undoes the last board action at once"}
	}
	if o.To != nil && *o.To < 1 {
		return Reply{}, &engine.RuleError{Kind: engine.ErrInvalid, Code: "game.undo_to", What: fmt.Sprintf("%d is not an action's number", *o.To),
			Hint: "to:<the number /game history shows>"}
	}
	if o.To == nil {
		cmd := engine.UndoLast{By: req.User, Reason: o.Reason}
		return r.settleGame(ctx, req, cmd, nil, func(views []EventView, evs []engine.Event) Reply {
			e := evs[0].(*engine.Undone)
			return publicText(req, fmt.Sprintf("↩️ The umpire undid the last action (%s): %s", e.What, e.Reason), views)
		})
	}
	g, err := r.gameHere(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	if err := g.MayRewind(req.User, o.Reason); err != nil {
		return Reply{}, err // a player learns nothing of the log
	}
	to := int64(*o.To)
	stream := r.gameStream(ctx, req) // game_streams.go: the channel's latest game
	rewind := func() ([]pastAction, engine.RewindTo, error) {
		cmd := engine.RewindTo{By: req.User, Reason: o.Reason, From: to}
		acts, err := r.pastActions(ctx, stream, to, 0, true)
		if err != nil {
			return nil, cmd, err
		}
		if len(acts) > 0 && acts[0].N == to {
			cmd.Before = acts[0].Before
			for _, a := range acts {
				cmd.Taken = append(cmd.Taken, a.Events...)
			}
		}
		return acts, cmd, nil
	}
	if !o.Confirm {
		acts, cmd, err := rewind()
		if err != nil {
			return Reply{}, err
		}
		if _, err := g.Decide(cmd, nil); err != nil {
			return Reply{}, err
		}
		what := fmt.Sprintf("these %d actions, each with all it did", len(acts))
		if len(acts) == 1 {
			what = "this action, with all it did"
		}
		lines := []string{fmt.Sprintf("↩️ /game undo to:%d would take back %s:", to, what)}
		for _, a := range acts {
			lines = append(lines, fmt.Sprintf("#%d %s", a.N, pastLine(g, a)))
		}
		lines = append(lines, diceNotTakenBack,
			fmt.Sprintf("To take them back, send /game undo to:%d reason:%s confirm:true (the table reads your reason and how many actions of each side were taken back).", to, o.Reason))
		return ephemeralText(strings.Join(lines, "\n")), nil
	}
	var acts []pastAction
	var before engine.GameState
	return settleWith(ctx, r, req, stream, kindGame, r.games, nil,
		func(g engine.GameState, d engine.Dice) ([]engine.Event, error) {
			var cmd engine.RewindTo
			var err error
			if acts, cmd, err = rewind(); err != nil {
				return nil, err
			}
			before = g
			return g.Decide(cmd, d)
		},
		func(views []EventView, _ []engine.Event) Reply {
			return r.rewoundReply(req, before, acts, o.Reason, views)
		})
}

// diceNotTakenBack is what every rewind says of the dice.
const diceNotTakenBack = "🎲 Dice are not taken back: the rolls made stay made, and the dice go on from where they were (rolling them again would tell everyone the next rolls)."

// rewoundReply tells the table what was taken back, as each audience may
// know it: the public line counts each side's actions; each commander
// reads his own side's in his channel; the umpire reads all.
func (r *Router) rewoundReply(req Request, g engine.GameState, acts []pastAction, reason string, views []EventView) Reply {
	count := map[engine.Side]int{}
	others := 0
	for _, a := range acts {
		if s := pastSide(g, a); s != "" {
			count[s]++
		} else {
			others++
		}
	}
	var parts []string
	for _, s := range []engine.Side{engine.CSA, engine.USA} {
		if count[s] > 0 {
			parts = append(parts, fmt.Sprintf("%d of the %s side's", count[s], sideName(s)))
		}
	}
	if others > 0 {
		parts = append(parts, fmt.Sprintf("%d of the umpire's or the game's own", others))
	}
	noun := "actions"
	if len(acts) == 1 {
		noun = "action"
	}
	pub := fmt.Sprintf("↩️ The umpire took back %d %s of this step, with all that followed (%s): %s\n%s",
		len(acts), noun, strings.Join(parts, ", "), reason, diceNotTakenBack)
	outs := []Output{{Audience: Audience{Kind: AudiencePublic, Channel: req.ChannelID}, Text: pub, Events: views}}
	for _, p := range g.Players {
		ch, ok := r.commanderChannel(g, p.Actor.ID)
		if !ok || p.Actor.ID == req.User.ID {
			continue
		}
		var own []string
		for _, a := range acts {
			if pastSide(g, a) == p.Side {
				own = append(own, "• "+pastLine(g, a))
			}
		}
		if len(own) > 0 {
			outs = append(outs, Output{Audience: Audience{Kind: AudienceChannel, Channel: ch, UserID: p.Actor.ID}, Events: []EventView{},
				Text: "↩️ Taken back from your side's actions: " + reason + "\n" + strings.Join(own, "\n")})
		}
	}
	lines := []string{"↩️ Taken back:"}
	for _, a := range acts {
		lines = append(lines, fmt.Sprintf("#%d %s", a.N, pastLine(g, a)))
	}
	outs = append(outs, Output{Audience: Audience{Kind: AudienceEphemeral}, Text: strings.Join(lines, "\n"), Events: []EventView{}})
	return Reply{Outputs: outs}
}

// countedActions is "action" for one, "3 actions" for more: "the last
// action", "the last 3 actions".
func countedActions(n int) string {
	if n == 1 {
		return "action"
	}
	return fmt.Sprintf("%d actions", n)
}
