package bot

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
)

// Phases 5-8 of the turn (engine/lrtg/segment.go): the Supply Segment, the
// Recovery Phase, County Control and the Victory Check. /segment holds the
// players' part of them: their word where the map data cannot settle a
// rule, foraging, draws, railroad repair, depot schedules, ammunition,
// and "done" when a step waits for them.
//
// Who sees what: a side's supply (its units' status, victuals, track,
// schedules, foraging) is its own secret (2.0: only the Spy's winner looks
// at the enemy's): /segment show and the answers to a side's commands go to
// its player alone. The channel learns only what both sides know: which
// step waits for whom, river control, depots placed or removed, army
// morale, VP and the victory check. The umpire gets every event.

func segmentCommands() []*Command {
	reason := OptionSpec{Name: "reason", Description: "Why (the umpire's rulings, or acting outside the step)", Type: String, MaxLength: 200, Placeholder: "text"}
	units := OptionSpec{Name: "units", Description: "Your units, comma-separated", Type: String, Required: true, MaxLength: 300, Placeholder: "unit,...", Autocomplete: supplyUnits}
	side := OptionSpec{Name: "side", Description: "The umpire names a side: csa or usa", Type: String, MaxLength: 3, Placeholder: "csa|usa"}
	places := func(keep func(engine.GameState, engine.Place) bool) func(*Router, Request, string) []engine.Match {
		return func(r *Router, req Request, typed string) []engine.Match {
			g, err := r.game(context.Background(), req)
			t := r.theatres["lrtg"]
			if err != nil || !g.Started || t == nil {
				return nil
			}
			var out []engine.Match
			for _, p := range t.Places {
				if keep(g, p) && strings.Contains(strings.ToLower(p.Name), strings.ToLower(strings.TrimSpace(typed))) && len(out) < 25 {
					out = append(out, engine.Match{Value: p.Name, Label: p.Name})
				}
			}
			return out
		}
	}
	return []*Command{{
		Name:        "segment",
		Description: "Supply segment, recovery, county control, victory check: your part (LRTG 11, 13, 19, 24)",
		Subcommands: []*Command{
			{
				Name: "show", Description: "Your side's supply this turn: status, victuals, schedules; what the step waits for",
				Ephemeral: true, Options: []OptionSpec{side}, Handle: handleSegmentShow,
			},
			{
				Name: "done", Description: "Your side has nothing more to do in the step under way",
				Options: []OptionSpec{side}, Handle: handleSegmentDone,
			},
			{
				Name: "range", Description: "Say which of your units are in resupply range where the map cannot (step 5b, LRTG 13.2)",
				Ephemeral: true,
				Options: []OptionSpec{units,
					{Name: "in_range", Description: "true: in resupply range (a road path of six hexes or less); false: not", Type: Boolean, Required: true},
					{Name: "at", Description: "Simplified supply: a captured depot or levied town in their county gives each a victual (24.3)", Type: String, MaxLength: 60, Placeholder: "store", Autocomplete: leviedTowns},
					reason},
				Handle: handleSegmentRange,
			},
			{
				Name: "forage", Description: "Forage (step 5e, passive): a unit spends fatigue (13.5); simplified: the side keeps fatigue (24.4)",
				Ephemeral: true,
				Options: []OptionSpec{
					{Name: "fatigue", Description: "Normal: fatigue levels spent (1-4); simplified: levels kept in the Recovery Phase (1-3)", Type: Integer, Required: true},
					{Name: "unit", Description: "Normal supply: the unit out of resupply range that forages", Type: String, MaxLength: 60, Placeholder: "unit", Autocomplete: supplyUnits},
					{Name: "value", Description: "Normal: the county's forage value from the Player Aids", Type: Integer},
					side, reason},
				Handle: handleSegmentForage,
			},
			{
				Name: "draw", Description: "Fill units from a levied town or captured depot (step 5e, passive; 13.1, 13.8)",
				Ephemeral: true,
				Options: []OptionSpec{
					{Name: "at", Description: "The levied town or captured depot", Type: String, Required: true, MaxLength: 60, Placeholder: "store", Autocomplete: leviedTowns},
					units, reason},
				Handle: handleSegmentDraw,
			},
			{
				Name: "repair", Description: "Try to repair a damaged railroad station (Union, step 5g; LRTG 13.7)",
				Options: []OptionSpec{
					{Name: "station", Description: "The damaged station", Type: String, Required: true, MaxLength: 60, Placeholder: "station",
						Autocomplete: places(func(g engine.GameState, p engine.Place) bool { return lrtg.Of(g).Places[p.Name].Station == "damaged" })},
					reason},
				Handle: handleSegmentRepair,
			},
			{
				Name: "depot", Description: "Schedule a depot's construction or dismantling, or place a Confederate depot (step 5h; 13.8)",
				Options: []OptionSpec{
					{Name: "action", Description: "construct (Union), dismantle, or place (Confederates: Winchester, Berryville)", Type: String, Required: true, MaxLength: 10, Placeholder: "construct|dismantle|place",
						Autocomplete: func(_ *Router, _ Request, typed string) []engine.Match {
							var out []engine.Match
							for _, a := range []string{lrtg.DepotConstruct, lrtg.DepotDismantle, lrtg.DepotPlace} {
								if strings.HasPrefix(a, strings.ToLower(strings.TrimSpace(typed))) {
									out = append(out, engine.Match{Value: a, Label: a})
								}
							}
							return out
						}},
					{Name: "at", Description: "The depot's place", Type: String, Required: true, MaxLength: 60, Placeholder: "place",
						Autocomplete: places(func(_ engine.GameState, p engine.Place) bool {
							return p.Is("depot") || p.Is("csa-depot") || p.Is("rr-station") || p.Is("levy-town")
						})},
					reason},
				Handle: handleSegmentDepot,
			},
			{
				Name: "ammo", Description: "Divisions in a captured depot's county draw its ammunition (step 5i; LRTG 19.5)",
				Ephemeral: true,
				Options: []OptionSpec{
					{Name: "at", Description: "The captured depot", Type: String, Required: true, MaxLength: 60, Placeholder: "depot",
						Autocomplete: places(func(g engine.GameState, p engine.Place) bool { return lrtg.Of(g).Places[p.Name].Captured != "" })},
					units, reason},
				Handle: handleSegmentAmmo,
			},
			{
				Name: "rivers", Description: "Rule on Union control of the Potomac and the Shenandoah Valley (umpire; 13.3)",
				Options: []OptionSpec{
					{Name: "potomac", Description: "true: the Union controls the Potomac", Type: Boolean, Required: true},
					{Name: "shenandoah", Description: "true: the Union controls the Shenandoah Valley", Type: Boolean, Required: true},
					{Name: "reason", Description: "Why, e.g. a Confederate pontoon bridge", Type: String, Required: true, MaxLength: 200, Placeholder: "text"}},
				Handle: handleSegmentRivers,
			},
			{
				Name: "stragglers", Description: "Record a unit's march losses for the straggler rolls (optional rule 30)",
				Ephemeral: true,
				Options: []OptionSpec{
					{Name: "unit", Description: "Your unit", Type: String, Required: true, MaxLength: 60, Placeholder: "unit", Autocomplete: ownUnits},
					{Name: "mp", Description: "Manpower lost to an extended or forced march", Type: Integer, Required: true},
					reason},
				Handle: handleSegmentStragglers,
			},
			{
				Name: "victory", Description: "Check the decisive victories and the Potomac end now (umpire; 000 VIII)",
				Options: []OptionSpec{reason}, Handle: handleSegmentVictory,
			},
		},
	}}
}

func segmentPlace(r *Router, name string) (*engine.Place, error) {
	t := r.theatres["lrtg"]
	if t == nil {
		return nil, fmt.Errorf("bot: no lrtg map")
	}
	p := t.Place(strings.TrimSpace(name))
	if p == nil {
		return nil, &engine.RuleError{Kind: engine.ErrInvalid, Code: "place.unknown", What: fmt.Sprintf("There is no place %q", name), Hint: "Discord completes the names"}
	}
	return p, nil
}

func segSideName(s engine.Side) string { return strings.ToUpper(string(s)) }

func (r *Router) stepContext(g engine.GameState) engine.StepContext {
	return engine.StepContext{Move: r.moveData(g), Library: r.library, Map: r.theatres[string(g.Game())]}
}

// ---------------------------------------------------------------------
// /segment show.

func handleSegmentShow(ctx context.Context, r *Router, req Request) (Reply, error) {
	g, err := r.startedGame(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	var o sideOpts
	if err := decodeOptions(req, &o); err != nil {
		return Reply{}, err
	}
	side, err := supplySide(g, req.User, engine.Side(o.Side))
	if err != nil {
		return Reply{}, err
	}
	e := &Embed{Title: fmt.Sprintf("%s supply segment, turn %d", sideName(side), g.Turn)}
	e.Description = clipLines(r.segmentLines(g, side), 4000)
	e.Footer = "Your side's secret (LRTG 13, 24): the other side does not see it."
	return Reply{Outputs: []Output{{Audience: Audience{Kind: AudienceEphemeral}, Text: e.PlainText(), Embed: e, Events: []EventView{}}}}, nil
}

// segmentLines is a side's part of the segment this turn: only that side's
// secrets.
func (r *Router) segmentLines(g engine.GameState, side engine.Side) []string {
	var lines []string
	lines = append(lines, "Step: "+r.phaseLabel(g)+".")
	if w := g.Waiting(); len(w) > 0 {
		lines = append(lines, "Waiting for: "+strings.Join(w, "; ")+".")
	}
	s := lrtg.Of(g).Segment
	if s.Turn == g.Turn {
		for _, n := range s.Notes {
			if n.Side == side {
				lines = append(lines, fmt.Sprintf("%s: %s", n.Step, stepNoteText(n)))
			}
		}
	}
	lines = append(lines, supplyRangeLines(lrtg.Of(g).SupplyRanges(side))...)
	if g.Options.Supply == "simplified" {
		lines = append(lines, fmt.Sprintf("Supply track: %+d (24.0).", lrtg.Of(g).SupplyLevel(side)))
		if k, ok := s.Keep[side]; ok && s.Turn == g.Turn {
			lines = append(lines, fmt.Sprintf("Foraging: %d fatigue kept in the Recovery Phase (24.4).", k))
		}
		if d := lrtg.Of(g).SupplyDisorganizationDRM(side); d > 0 {
			lines = append(lines, fmt.Sprintf("Disorganization rolls this turn: +%d (24.6).", d))
		}
	} else {
		var vs []string
		for _, u := range lrtg.Of(g).SupplyUnits(side, r.unitSizes(g)) {
			vs = append(vs, fmt.Sprintf("%s %d", u.Name, lrtg.Of(g).Victuals(u)))
		}
		lines = append(lines, "Victuals: "+listOrNone(vs)+".")
	}
	rv := s.Rivers
	if rv.Turn > 0 {
		lines = append(lines, fmt.Sprintf("Union control (13.3, turn %d): Potomac %s, Shenandoah Valley %s.", rv.Turn, yesNo(rv.Potomac), yesNo(rv.Shenandoah)))
	}
	for _, sc := range lrtg.Of(g).PendingSchedules(side) {
		lines = append(lines, fmt.Sprintf("Depot schedule: %s %s, due turn %d (13.8).", sc.Action, sc.Place, sc.Due))
	}
	if side == engine.USA && s.RepairTurn == g.Turn {
		lines = append(lines, "Railroad repair: attempted this turn (13.7).")
	}
	var strag []string
	for id, n := range s.Stragglers {
		if u, ok := g.Units[id]; ok && u.Side == side {
			strag = append(strag, fmt.Sprintf("%s %d", u.Name, n))
		}
	}
	if len(strag) > 0 {
		sort.Strings(strag)
		lines = append(lines, "Stragglers awaiting a passive turn (30): "+strings.Join(strag, ", ")+".")
	}
	for _, p := range s.Prelims {
		line := fmt.Sprintf("%s (turn %d): %s", p.Name, p.Turn, prelimWhy(p))
		if p.IsCancelled() {
			line += "; cancelled: " + prelimCancelWhy(p)
		}
		lines = append(lines, line+".")
	}
	if o := s.Outcome; o != nil {
		lines = append(lines, fmt.Sprintf("🏁 The game is over: **%s** (%s).", o.Name, victoryWhy(*o)))
	}
	return lines
}

func listOrNone(xs []string) string {
	if len(xs) == 0 {
		return "none"
	}
	return strings.Join(xs, ", ")
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// ---------------------------------------------------------------------
// Commands.

func handleSegmentDone(ctx context.Context, r *Router, req Request) (Reply, error) {
	g, err := r.gameHere(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	var o sideOpts
	if err := decodeOptions(req, &o); err != nil {
		return Reply{}, err
	}
	cmd := lrtg.FinishStep{By: req.User, Side: engine.Side(o.Side)}
	return r.settleGame(ctx, req, cmd, nil, func(views []EventView, evs []engine.Event) Reply {
		d := evs[0].(*lrtg.SegmentDone)
		after := g.Apply(d)
		text := fmt.Sprintf("✔️ The %s are done with step %s (%s).", segSideName(d.Side), d.Step, req.User.Name)
		text += "\n" + waitingLine(after) // sequence.go: in an auto game, what follows by itself
		return publicText(req, text, views)
	})
}

func handleSegmentRange(ctx context.Context, r *Router, req Request) (Reply, error) {
	g, err := r.gameHere(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	var o struct {
		Units   string `opt:"units,raw"`
		InRange bool   `opt:"in_range"`
		At      string `opt:"at"`
		Reason  string `opt:"reason"`
	}
	var probs optionProblems
	probs.decode(req, &o)
	ids, err := unitList(g, req.User, o.Units)
	probs.also(err)
	cmd := lrtg.ClaimRange{By: req.User, Units: ids, InRange: o.InRange, Map: r.theatres["lrtg"], Reason: o.Reason}
	if o.At != "" {
		p, err := segmentPlace(r, o.At)
		probs.also(err)
		cmd.Store = p
	}
	if err := probs.err(req); err != nil {
		return Reply{}, err // wrong units and a wrong place refused together
	}
	return r.settleGame(ctx, req, cmd, nil, func(views []EventView, evs []engine.Event) Reply {
		e := evs[0].(*lrtg.SupplyRangeClaimed)
		word := "in resupply range"
		if !e.InRange {
			word = "not in resupply range"
		}
		text := fmt.Sprintf("🔒 %s: %s (your word, 13.2).", strings.Join(e.Names, ", "), word)
		if e.Store != nil {
			text += fmt.Sprintf("\n%s: %d → %d victuals (24.3).", e.Store.Name, e.Store.From, e.Store.To)
		}
		return Reply{Outputs: []Output{{Audience: Audience{Kind: AudienceEphemeral}, Text: text, Events: views}}}
	})
}

func handleSegmentForage(ctx context.Context, r *Router, req Request) (Reply, error) {
	g, err := r.gameHere(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	var o struct {
		Fatigue int     `opt:"fatigue"`
		Value   *int    `opt:"value"`
		Unit    *string `opt:"unit,raw"`
		Side    string  `opt:"side,lower"`
		Reason  string  `opt:"reason"`
	}
	if err := decodeOptions(req, &o); err != nil {
		return Reply{}, err
	}
	cmd := lrtg.Forage{By: req.User, Levels: o.Fatigue, Map: r.theatres["lrtg"], Sizes: r.unitSizes(g), Reason: o.Reason}
	if o.Value != nil {
		cmd.Value = *o.Value
	}
	if g.Options.Supply == "simplified" {
		if o.Unit != nil {
			return Reply{}, &engine.RuleError{Kind: engine.ErrInvalid, Code: "segment.forage.unit", What: "Under Simplified Supply the whole side forages", Hint: "Give fatigue: the levels your units keep in the Recovery Phase (24.4)"}
		}
		cmd.Chart = r.library.Chart("lrtg.simplified-forage")
		cmd.Side = engine.Side(o.Side)
		if own, umpire := viewer(g, req.User); !umpire {
			cmd.Side = own
		}
	} else {
		if o.Value == nil {
			return Reply{}, &engine.RuleError{Kind: engine.ErrInvalid, Code: "segment.forage.value", What: "Foraging needs the county's forage value", Hint: "Give value: from the Player Aids (13.5)"}
		}
		id, err := findUnit(g, req.User, *o.Unit)
		if err != nil {
			return Reply{}, err
		}
		cmd.Unit = id
		cmd.Chart = r.library.Chart("lrtg.forage")
	}
	return r.settleGame(ctx, req, cmd, nil, func(views []EventView, evs []engine.Event) Reply {
		f := evs[0].(*lrtg.UnitForaged)
		return Reply{Outputs: []Output{{Audience: Audience{Kind: AudienceEphemeral}, Text: forageText(f), Events: views}}}
	})
}

// atUnitsOpts are the options of the supply segment's draws: a store or
// depot and the units that draw from it.
type atUnitsOpts struct {
	At     string `opt:"at,raw"`
	Units  string `opt:"units,raw"`
	Reason string `opt:"reason"`
}

// decode reads the options and finds the place and the units, refusing a
// wrong place and wrong units together.
func (o *atUnitsOpts) decode(r *Router, g engine.GameState, req Request) (*engine.Place, []string, error) {
	var probs optionProblems
	probs.decode(req, o)
	p, err := segmentPlace(r, o.At)
	probs.also(err)
	ids, err := unitList(g, req.User, o.Units)
	probs.also(err)
	return p, ids, probs.err(req)
}

func handleSegmentDraw(ctx context.Context, r *Router, req Request) (Reply, error) {
	g, err := r.gameHere(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	var o atUnitsOpts
	p, ids, err := o.decode(r, g, req)
	if err != nil {
		return Reply{}, err
	}
	cmd := lrtg.DrawVictuals{By: req.User, Store: *p, Units: ids, Map: r.theatres["lrtg"], Sizes: r.unitSizes(g), Reason: o.Reason}
	return r.settleGame(ctx, req, cmd, nil, func(views []EventView, evs []engine.Event) Reply {
		d := evs[0].(*lrtg.VictualsDrawn)
		var parts []string
		for _, u := range d.Units {
			parts = append(parts, fmt.Sprintf("%s %d → %d", u.Name, u.From, u.To))
		}
		text := fmt.Sprintf("🔒 From %s (%d → %d victuals): %s.", d.Store.Name, d.Store.From, d.Store.To, strings.Join(parts, ", "))
		if len(d.Unchecked) > 0 {
			text += "\nOn your word: " + strings.Join(d.Unchecked, "; ") + "."
		}
		return Reply{Outputs: []Output{{Audience: Audience{Kind: AudienceEphemeral}, Text: text, Events: views}}}
	})
}

func handleSegmentRepair(ctx context.Context, r *Router, req Request) (Reply, error) {
	g, err := r.gameHere(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	var o struct {
		Station string `opt:"station,raw"`
		Reason  string `opt:"reason"`
	}
	if err := decodeOptions(req, &o); err != nil {
		return Reply{}, err
	}
	p, err := segmentPlace(r, o.Station)
	if err != nil {
		return Reply{}, err
	}
	cmd := lrtg.AttemptRepair{By: req.User, Station: *p, Reason: o.Reason}
	return r.settleGame(ctx, req, cmd, nil, func(views []EventView, evs []engine.Event) Reply {
		if a, ok := evs[0].(*lrtg.RepairAttempted); ok && a.Prevented { // engine/lrtg/hidden.go
			return r.boardReply(req, g, fmt.Sprintf("🛑 An enemy unit is in or next to %s: no repair is possible (13.7: no enemy unit in or adjacent to the station). This turn's attempt is spent.", a.Station), views)
		}
		roll := evs[0].(*engine.DiceRolled)
		a := evs[1].(*lrtg.RepairAttempted)
		text := FormatRoll(roll)
		if len(a.Modifiers) > 0 {
			text += fmt.Sprintf("\n%s → %d", strings.Join(a.Modifiers, "; "), a.Total)
		}
		if a.Repaired {
			text += fmt.Sprintf("\n🛠️ %s station is repaired: its Damage marker is removed (13.7: 1 or less).", a.Station)
		} else {
			text += fmt.Sprintf("\n%s station stays damaged (13.7: 2 or more).", a.Station)
		}
		return r.boardReply(req, g, text, views)
	})
}

func handleSegmentDepot(ctx context.Context, r *Router, req Request) (Reply, error) {
	g, err := r.gameHere(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	var o struct {
		At     string `opt:"at,raw"`
		Action string `opt:"action,lower"`
		Reason string `opt:"reason"`
	}
	if err := decodeOptions(req, &o); err != nil {
		return Reply{}, err
	}
	p, err := segmentPlace(r, o.At)
	if err != nil {
		return Reply{}, err
	}
	cmd := lrtg.ScheduleDepot{By: req.User, Action: o.Action, Place: *p, Map: r.theatres["lrtg"], Reason: o.Reason}
	return r.settleGame(ctx, req, cmd, nil, func(views []EventView, evs []engine.Event) Reply {
		switch e := evs[0].(type) {
		case *lrtg.DepotScheduled:
			sc := e.Schedule
			text := fmt.Sprintf("🔒 Scheduled in secret: %s the %s depot at %s, done in the Depot Placement / Removal step of turn %d (%s; 13.8).",
				sc.Action, segSideName(sc.Side), sc.Place, sc.Due, g.TurnLabel(sc.Due))
			return Reply{Outputs: []Output{{Audience: Audience{Kind: AudienceEphemeral}, Text: text, Events: views}}}
		case *lrtg.DepotsChanged:
			text := fmt.Sprintf("🏕️ The Confederates place a depot at %s (13.8).", e.Changes[0].Place)
			return r.boardReply(req, g, text, views)
		}
		return Reply{}
	})
}

func handleSegmentAmmo(ctx context.Context, r *Router, req Request) (Reply, error) {
	g, err := r.gameHere(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	var o atUnitsOpts
	p, ids, err := o.decode(r, g, req)
	if err != nil {
		return Reply{}, err
	}
	cmd := lrtg.DrawAmmo{By: req.User, Depot: *p, Units: ids, Map: r.theatres["lrtg"], Reason: o.Reason}
	return r.settleGame(ctx, req, cmd, nil, func(views []EventView, evs []engine.Event) Reply {
		a := evs[0].(*lrtg.AmmoDrawn)
		var parts []string
		for _, u := range a.Units {
			parts = append(parts, fmt.Sprintf("%s %s → %s", u.Name, lrtg.StatusValue("ammunition", u.From), lrtg.StatusValue("ammunition", u.To)))
		}
		text := fmt.Sprintf("🔒 Ammunition from %s (%d → %d): %s (19.5).", a.Depot, a.From, a.To, strings.Join(parts, ", "))
		return Reply{Outputs: []Output{{Audience: Audience{Kind: AudienceEphemeral}, Text: text, Events: views}}}
	})
}

func handleSegmentRivers(ctx context.Context, r *Router, req Request) (Reply, error) {
	if _, err := r.gameHere(ctx, req); err != nil {
		return Reply{}, err
	}
	var o struct {
		Potomac    bool   `opt:"potomac"`
		Shenandoah bool   `opt:"shenandoah"`
		Reason     string `opt:"reason,raw"`
	}
	if err := decodeOptions(req, &o); err != nil {
		return Reply{}, err
	}
	cmd := lrtg.SetRivers{By: req.User, Potomac: o.Potomac, Shenandoah: o.Shenandoah, Reason: o.Reason}
	return r.settleGame(ctx, req, cmd, nil, func(views []EventView, evs []engine.Event) Reply {
		return publicText(req, "⚖️ "+riversText(evs[0].(*lrtg.RiversControlled)), views)
	})
}

func handleSegmentStragglers(ctx context.Context, r *Router, req Request) (Reply, error) {
	var o struct {
		Unit   string `opt:"unit,raw"`
		MP     int    `opt:"mp"`
		Reason string `opt:"reason"`
	}
	if err := decodeOptions(req, &o); err != nil {
		return Reply{}, err
	}
	_, id, err := r.gameUnit(ctx, req, o.Unit)
	if err != nil {
		return Reply{}, err
	}
	cmd := lrtg.RecordStragglers{By: req.User, Unit: id, MP: o.MP, Reason: o.Reason}
	return r.settleGame(ctx, req, cmd, nil, func(views []EventView, evs []engine.Event) Reply {
		e := evs[0].(*lrtg.StragglersRecorded)
		text := fmt.Sprintf("🔒 %s: %d manpower lost on the march recorded as stragglers; they are rolled for in the Recovery Phase of a passive turn (30.2).", e.Name, e.MP)
		return Reply{Outputs: []Output{{Audience: Audience{Kind: AudienceEphemeral}, Text: text, Events: views}}}
	})
}

func handleSegmentVictory(ctx context.Context, r *Router, req Request) (Reply, error) {
	g, err := r.gameHere(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	var o reasonOpts
	if err := decodeOptions(req, &o); err != nil {
		return Reply{}, err
	}
	cmd := lrtg.CheckVictory{By: req.User, Context: r.stepContext(g), Reason: o.Reason}
	return r.settleGame(ctx, req, cmd, nil, func(views []EventView, evs []engine.Event) Reply {
		var lines []string
		for _, e := range evs {
			switch e := e.(type) {
			case *lrtg.MoraleChecked:
				lines = append(lines, checkText(g, e.Check))
			case *lrtg.VictoryChecked:
				lines = append(lines, victoryText(g, e))
			}
		}
		return publicText(req, strings.Join(lines, "\n"), viewEvents(g, views))
	})
}

// ---------------------------------------------------------------------
// Presenting the steps' procedures.
