package bot

import (
	"context"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
)

func boardCommands() []*Command {
	// Only the units the asker may act for: a player's autocomplete never
	// lists the enemy's.
	units := func(r *Router, req Request, typed string) []engine.Match {
		return unitMatches(r, req, typed, func(g engine.GameState, u engine.UnitState) bool { return g.Controls(req.User, u) && !u.Eliminated })
	}
	place := func(r *Router, req Request, typed string) []engine.Match {
		return r.searchPlaces(context.Background(), req, typed, 25)
	}
	return []*Command{
		{
			Name:        "move",
			Description: "Move units (a stack) to a hex or place",
			Options: append([]OptionSpec{
				{Name: "units", Description: "Units by id or name, comma-separated", Type: String, Required: true, MaxLength: 300, Placeholder: "unit,...", Autocomplete: units},
				{Name: "to", Description: "A hex or a place next to the stack (one step), e.g. SS4129; longer marches: path", Type: String, MaxLength: 60, Placeholder: "hex or place", Autocomplete: place},
			}, moveOptions()...), // movement rules: move.go
			Handle: handleMove,
		},
		{
			Name:        "unit",
			Description: "Record what happens to a unit",
			Subcommands: append([]*Command{
				{
					Name:        "set",
					Description: "Set a unit's manpower, fatigue or status (organization, exhaustion, ...)",
					Options: []OptionSpec{
						{Name: "unit", Description: "The unit, by id or name", Type: String, Required: true, MaxLength: 60, Placeholder: "unit", Autocomplete: units},
						{Name: "field", Description: "manpower, fatigue, organization, exhaustion, demoralization, entrenchment, ammunition", Type: String, Required: true, MaxLength: 16, Placeholder: "field",
							Autocomplete: func(_ *Router, _ Request, typed string) []engine.Match {
								var out []engine.Match
								for _, f := range append([]string{"manpower", "fatigue"}, lrtg.StatusFields...) {
									if strings.Contains(f, strings.ToLower(typed)) {
										out = append(out, engine.Match{Value: f, Label: f})
									}
								}
								return out
							}},
						{Name: "value", Description: "A number (manpower, fatigue, levels) or a word: disorganized, exhausted, low, out...", Type: String, Required: true, MaxLength: 20, Placeholder: "value"},
						{Name: "cause", Description: "A loss: combat, retreat, surrender (VPs), march...; a raise: stragglers, entrench... (required)", Type: String, MaxLength: 20, Placeholder: "cause",
							Autocomplete: func(_ *Router, _ Request, typed string) []engine.Match {
								var out []engine.Match
								seen := map[string]bool{}
								// Loss causes, then the causes the rules give for a raise
								// of manpower or entrenchment (engine/lrtg/unitlog.go).
								causes := append(append(append([]string{}, lrtg.LossCauses...), lrtg.CauseNames(lrtg.ManpowerGainCauses)...), lrtg.CauseNames(lrtg.EntrenchCauses)...)
								for _, c := range causes {
									if seen[c] || len(out) == 25 {
										continue
									}
									seen[c] = true
									if strings.Contains(c, strings.ToLower(typed)) {
										out = append(out, engine.Match{Value: c, Label: c})
									}
								}
								return out
							}},
						{Name: "reason", Description: "Why, e.g. combat result 1Dr", Type: String, MaxLength: 200, Placeholder: "text"},
					},
					Handle: handleUnitSet,
				},
				{
					Name:        "mark",
					Description: "Put a status mark on a unit, or take it off",
					Options: []OptionSpec{
						{Name: "unit", Description: "The unit, by id or name", Type: String, Required: true, MaxLength: 60, Placeholder: "unit", Autocomplete: units},
						{Name: "mark", Description: "flanks-refused, out-of-supply, fort (statuses such as disorganized: /unit set)", Type: String, Required: true, MaxLength: 20, Placeholder: "mark",
							Autocomplete: func(_ *Router, _ Request, typed string) []engine.Match {
								var out []engine.Match
								for _, m := range engine.UnitMarks {
									if strings.Contains(m, strings.ToLower(typed)) {
										out = append(out, engine.Match{Value: m, Label: m})
									}
								}
								return out
							}},
						{Name: "off", Description: "true to take the mark off", Type: Boolean},
						{Name: "cause", Description: "entrenched: why the unit may entrench (entrench, attachment, detachment)", Type: String, MaxLength: 20, Placeholder: "cause"},
						{Name: "reason", Description: "Why", Type: String, MaxLength: 200, Placeholder: "text"},
					},
					Handle: handleMark,
				},
				{
					Name:        "eliminate",
					Description: "Remove a unit from play",
					Options: []OptionSpec{
						{Name: "unit", Description: "The unit, by id or name", Type: String, Required: true, MaxLength: 60, Placeholder: "unit", Autocomplete: units},
						{Name: "reason", Description: "Why", Type: String, MaxLength: 200, Placeholder: "text"},
					},
					Handle: handleEliminate,
				},
			}, unitModuleSubcommands()...),
		},
	}
}

func sortedUnitIDs(g engine.GameState) []string {
	ids := make([]string, 0, len(g.Units))
	for id := range g.Units {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids
}

// findUnit reads a unit by id or (case-insensitive) name among the units
// the asker may act for, so that a name never confirms an enemy unit's
// existence.
func findUnit(g engine.GameState, asker engine.Actor, s string) (string, error) {
	s = strings.TrimSpace(s)
	if u, ok := g.Units[s]; ok && g.Controls(asker, u) {
		return s, nil
	}
	var hits []string
	for _, id := range sortedUnitIDs(g) {
		u := g.Units[id]
		if strings.EqualFold(u.Name, s) && g.Controls(asker, u) {
			hits = append(hits, id)
		}
	}
	switch len(hits) {
	case 1:
		return hits[0], nil
	case 0:
		// A unit of the asker's own side that another commander holds is
		// no secret from him (21.1): say whose it is.
		if p := g.Player(asker.ID); p != nil {
			for _, id := range sortedUnitIDs(g) {
				if u := g.Units[id]; u.Side == p.Side && (id == s || strings.EqualFold(u.Name, s)) {
					return "", &engine.RuleError{Kind: engine.ErrIllegal, Code: "unit.command", What: fmt.Sprintf("%s is not under your command", u.Name),
						Hint: "Its commander acts for it (LRTG 21.1); /oob lists your side's units"}
				}
			}
		}
		return "", &engine.RuleError{Kind: engine.ErrInvalid, Code: "unit.unknown", What: fmt.Sprintf("You have no unit %q", s), Hint: "/oob lists your units; Discord completes their names"}
	}
	return "", &engine.RuleError{Kind: engine.ErrInvalid, Code: "unit.ambiguous", What: fmt.Sprintf("%q names several units: %s", s, strings.Join(hits, ", ")), Hint: "Use the unit's id"}
}

// unitOpts are the options of the commands that take a unit and a reason.
type unitOpts struct {
	Unit   string `opt:"unit,raw"`
	Reason string `opt:"reason"`
}

// gameUnit returns the channel's game and the unit its "unit" option,
// decoded by the handler, names among the asker's own.
func (r *Router) gameUnit(ctx context.Context, req Request, unit string) (engine.GameState, string, error) {
	g, err := r.gameHere(ctx, req)
	if err != nil {
		return g, "", err
	}
	id, err := findUnit(g, req.User, unit)
	return g, id, err
}

// gameHere returns the channel's game, refusing when there is none.
func (r *Router) gameHere(ctx context.Context, req Request) (engine.GameState, error) {
	g, err := r.game(ctx, req)
	if err != nil {
		return g, err
	}
	if !g.Created {
		return g, &engine.RuleError{Kind: engine.ErrIllegal, Code: "game.none", What: "There is no game in this channel", Hint: "Create one with /game new scenario:<scenario>"}
	}
	return g, nil
}

// moveOpts are /move's options; the movement rules' (mode and after) are
// declared in moveOptions (move.go).
type moveOpts struct {
	Units   string `opt:"units,raw"`
	To      string `opt:"to,raw"`
	Path    string `opt:"path,raw"`    // a march's hexes in order (move.go)
	Terrain string `opt:"terrain,raw"` // a march's stated terrain per step (move.go)
	Mode    string `opt:"mode,lower"`
	Fatigue int    `opt:"fatigue"`
	Passive bool   `opt:"passive"`
	Reason  string `opt:"reason"`
	// An extended march past the allowance and the modifiers of its roll
	// the mover states (move.go; engine/lrtg/move_extended.go).
	Extended       bool   `opt:"extended"`
	MarchModifiers string `opt:"march_modifiers,raw"`
}

func handleMove(ctx context.Context, r *Router, req Request) (Reply, error) {
	g, err := r.gameHere(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	var o moveOpts
	var p optionProblems
	p.decode(req, &o)
	ids, err := unitList(g, req.User, o.Units)
	p.also(err)
	to, name, ref, path, refs := r.moveWhere(o, &p) // move.go: to, or the path's last hex
	if err := p.err(req); err != nil {
		return Reply{}, err // a wrong unit and a wrong destination refused together
	}
	cmd := engine.MoveUnits{By: req.User, Units: ids, To: to, Ref: ref, Path: path, Refs: refs}
	r.moveRules(o, g, &cmd) // mode, fatigue, reason and the data the rules need (move.go)
	// The server's terrain layer prices a march's steps with the game's
	// terrain cost chart (engine/lrtg/move_price.go); LRTA plays on LRTG's map.
	if cmd.Data.Terrain, err = r.loadedTerrain(ctx, req, "lrtg"); err != nil {
		return Reply{}, err
	}
	return r.settleGame(ctx, req, cmd, nil, func(views []EventView, evs []engine.Event) Reply {
		names := make([]string, len(ids))
		for i, id := range ids {
			names[i] = g.Units[id].Name
		}
		extended := extendedSettledText(g, evs)        // move_extended.go: the extended march's rolls
		merged := r.dummiesMergedText(g, evs)          // dummies.go: his dummy under the force now
		if stop := r.moveStopped(g, evs); stop != "" { // hidden.go: an enemy unit he did not see stopped it
			return r.withExtendedUmpire(req, g, r.boardReplySide(req, g, unitSide(g, ids[0]), fmt.Sprintf("%s moves %s toward %s.", req.User.Name, strings.Join(names, ", "), name)+stop+r.marchDetails(g, evs)+moveDetails(g, evs)+extended+merged, views), extended)
		}
		return r.withExtendedUmpire(req, g, r.boardReplySide(req, g, unitSide(g, ids[0]), fmt.Sprintf("%s moves %s to %s.", req.User.Name, strings.Join(names, ", "), name)+r.marchDetails(g, evs)+moveDetails(g, evs)+extended+merged, views), extended)
	})
}

// boardReply answers a board action: in the channel for an open game; to
// the actor alone when the game hides its units (limited intelligence),
// where a public post would tell the enemy.
func (r *Router) boardReply(req Request, g engine.GameState, text string, views []EventView) Reply {
	return r.boardReplySide(req, g, actorSide(g, req.User), text, views)
}

// boardReplySide is boardReply for an action on a side's units, which the
// side's other commanders read in its log (sidelog.go).
func (r *Router) boardReplySide(req Request, g engine.GameState, side engine.Side, text string, views []EventView) Reply {
	aud := Audience{Kind: AudiencePublic, Channel: req.ChannelID}
	if g.Options.LimitedIntel {
		aud = Audience{Kind: AudienceEphemeral}
	}
	out := []Output{{Audience: aud, Text: text, Events: views}}
	if g.Player(req.User.ID) != nil { // the umpire's answer carries his reasons, his alone
		out = append(out, r.sideLog(req, g, side, text)...)
	}
	return Reply{Outputs: out}
}

// unitSetOpts are /unit set's options.
type unitSetOpts struct {
	Unit   string `opt:"unit,raw"`
	Field  string `opt:"field,lower"`
	Value  string `opt:"value"` // a number or a status word, by field
	Cause  string `opt:"cause,lower"`
	Reason string `opt:"reason"`
}

func handleUnitSet(ctx context.Context, r *Router, req Request) (Reply, error) {
	g, err := r.gameHere(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	var o unitSetOpts
	var p optionProblems
	p.decode(req, &o)
	id, err := findUnit(g, req.User, o.Unit)
	p.also(err)
	cmd := engine.SetUnit{By: req.User, Unit: id, Field: o.Field, Cause: o.Cause, Reason: o.Reason}
	if cmd.Field == "manpower" || cmd.Field == "fatigue" {
		v, err := strconv.Atoi(o.Value)
		if err != nil {
			p.add("unit.value", fmt.Sprintf("%q is not a number", o.Value), cmd.Field+" is a whole number")
		}
		cmd.Value = v
	} else {
		cmd.Text = o.Value
	}
	if err := p.err(req); err != nil {
		return Reply{}, err // a wrong unit and a wrong value refused together
	}
	return r.settleGame(ctx, req, cmd, nil, func(views []EventView, evs []engine.Event) Reply {
		e := evs[0].(*engine.UnitSet)
		text := fmt.Sprintf("%s: %s %d → %d", g.Units[id].Name, e.Field, e.From, e.To)
		if e.Field != "manpower" && e.Field != "fatigue" {
			text = fmt.Sprintf("%s: %s %s → %s", g.Units[id].Name, e.Field, lrtg.StatusValue(e.Field, e.From), lrtg.StatusValue(e.Field, e.To))
		}
		if e.Reason != "" {
			text += " (" + e.Reason + ")"
		}
		if e.To > e.From && e.Cause != "" {
			text += ". Cause: " + e.Cause
			if !g.IsUmpire(req.User) {
				text += " (the umpire sees this change)"
			}
		}
		if e.Field == "manpower" && e.To < e.From {
			switch {
			case e.VP != 0:
				text += fmt.Sprintf(". %d MP lost to %s: %+d VP (%s)", e.From-e.To, e.Cause, e.VP, seriesOf(g).lossVPRule)
			case e.Cause != "":
				text += fmt.Sprintf(". Lost to %s: no VP (%s: only losses in combat, retreat, cavalry retreat, and Union surrender score)", e.Cause, seriesOf(g).lossVPRule)
			default:
				text += ". No cause given, so no VP: add cause:combat, retreat, cavalry-retreat or surrender if it was one (" + seriesOf(g).lossVPRule + ")"
			}
		}
		return r.boardReplySide(req, g, unitSide(g, id), text, views)
	})
}

func handleEliminate(ctx context.Context, r *Router, req Request) (Reply, error) {
	var o unitOpts
	if err := decodeOptions(req, &o); err != nil {
		return Reply{}, err
	}
	g, id, err := r.gameUnit(ctx, req, o.Unit)
	if err != nil {
		return Reply{}, err
	}
	cmd := engine.EliminateUnit{By: req.User, Unit: id, Reason: o.Reason}
	return r.settleGame(ctx, req, cmd, nil, func(views []EventView, _ []engine.Event) Reply {
		return r.boardReplySide(req, g, unitSide(g, id), fmt.Sprintf("%s is eliminated.", g.Units[id].Name), views)
	})
}

func handleMark(ctx context.Context, r *Router, req Request) (Reply, error) {
	var o struct {
		Unit   string `opt:"unit,raw"`
		Mark   string `opt:"mark,lower"`
		Off    bool   `opt:"off"`
		Cause  string `opt:"cause,lower"`
		Reason string `opt:"reason"`
	}
	if err := decodeOptions(req, &o); err != nil {
		return Reply{}, err
	}
	g, id, err := r.gameUnit(ctx, req, o.Unit)
	if err != nil {
		return Reply{}, err
	}
	off := o.Off
	cmd := engine.MarkUnit{By: req.User, Unit: id, Mark: o.Mark, Off: o.Off, Cause: o.Cause, Reason: o.Reason}
	return r.settleGame(ctx, req, cmd, nil, func(views []EventView, _ []engine.Event) Reply {
		verb := "is now"
		if off {
			verb = "is no longer"
		}
		return r.boardReplySide(req, g, unitSide(g, id), fmt.Sprintf("%s %s %s.", g.Units[id].Name, verb, cmd.Mark), views)
	})
}

func handlePause(ctx context.Context, r *Router, req Request) (Reply, error) {
	var o struct {
		Resume bool   `opt:"resume"`
		Reason string `opt:"reason"`
	}
	if err := decodeOptions(req, &o); err != nil {
		return Reply{}, err
	}
	resume := o.Resume
	cmd := engine.PauseGame{By: req.User, Resume: resume, Reason: o.Reason}
	return r.settleGame(ctx, req, cmd, nil, func(views []EventView, _ []engine.Event) Reply {
		text := "⏸️ The game is paused"
		if resume {
			text = "▶️ The game resumes"
		}
		if cmd.Reason != "" {
			text += ": " + cmd.Reason
		}
		return publicText(req, text+".", views)
	})
}

func placeCommands() []*Command {
	return []*Command{
		{
			Name:        "place",
			Description: "Levy a town; destroy a depot; damage, destroy or repair a station; destroy a bridge",
			Options: []OptionSpec{
				{Name: "action", Description: "levy, destroy-depot, damage-, destroy- or repair-station, destroy-bridge, destroy-structure", Type: String, Required: true, MaxLength: 20, Placeholder: "action",
					Autocomplete: func(_ *Router, _ Request, typed string) []engine.Match {
						var out []engine.Match
						for _, a := range lrtg.PlaceActions {
							if strings.Contains(a, strings.ToLower(typed)) {
								out = append(out, engine.Match{Value: a, Label: a})
							}
						}
						return out
					}},
				{Name: "at", Description: "The place", Type: String, Required: true, MaxLength: 60, Placeholder: "place",
					Autocomplete: func(r *Router, req Request, typed string) []engine.Match {
						return r.searchPlaces(context.Background(), req, typed, 25)
					}},
				{Name: "unit", Description: "destroy-depot: your unit in the depot's hex that tries (LRTG 13.8)", Type: String, MaxLength: 60, Placeholder: "unit", Autocomplete: ownUnits},
				{Name: "reason", Description: "Why (the umpire's rulings)", Type: String, MaxLength: 200, Placeholder: "text"},
			},
			Handle: handlePlace,
		},
	}
}

// placeOpts are /place's options.
type placeOpts struct {
	At     string `opt:"at,raw"` // the refusal quotes it as typed
	Action string `opt:"action,lower"`
	Unit   string `opt:"unit"`
	Reason string `opt:"reason"`
}

func handlePlace(ctx context.Context, r *Router, req Request) (Reply, error) {
	g, err := r.gameHere(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	var o placeOpts
	var probs optionProblems
	probs.decode(req, &o)
	t := r.theatres["lrtg"]
	p := t.Place(strings.TrimSpace(o.At))
	if p == nil {
		probs.add("place.unknown", fmt.Sprintf("There is no place %q", o.At), "Discord completes place names")
	}
	cmd := lrtg.ActOnPlace{By: req.User, Action: o.Action, Reason: o.Reason}
	if o.Unit != "" {
		// Among the asker's own units only, so that a name never confirms
		// an enemy unit (findUnit).
		cmd.Unit, err = findUnit(g, req.User, o.Unit)
		probs.also(err)
	}
	if err := probs.err(req); err != nil {
		return Reply{}, err // a wrong place and a wrong unit refused together
	}
	cmd.Place = *p
	cmd.Stations = r.stationRules(cmd.Action) // 000 VII 3 (bot/vp.go)
	return r.settleGame(ctx, req, cmd, nil, func(views []EventView, evs []engine.Event) Reply {
		// The unit's depot roll (13.8): to the actor alone under limited
		// intelligence, like every board action (boardReply).
		if text, ok := depotBurnText(g, evs); ok {
			return r.boardReply(req, g, text+vpPlaceNote(evs), views)
		}
		e := evs[0].(*lrtg.PlaceActed)
		text := fmt.Sprintf("%s: %s at %s.", req.User.Name, e.Action, e.Place)
		if e.Victuals > 0 {
			text += fmt.Sprintf(" %d victuals.", e.Victuals)
		}
		if e.VP != 0 {
			text += fmt.Sprintf(" %+d VP (%s).", e.VP, e.Category)
		}
		text += vpPlaceNote(evs) // how a station's VP are made up (bot/vp.go)
		return r.boardReply(req, g, text, views)
	})
}

// depotBurnText tells a unit's attempt to destroy a depot (LRTG 13.8):
// "Early (manpower 6) tries to burn the depot at Winchester: rolled 4,
// needs 6 or less: destroyed (LRTG 13.8)." ok is false for any other
// place action.
func depotBurnText(g engine.GameState, evs []engine.Event) (string, bool) {
	for _, e := range evs {
		var unit, place, outcome string
		var die, needs, vp int
		var category string
		switch e := e.(type) {
		case *lrtg.PlaceActed:
			if e.Unit == "" {
				continue
			}
			unit, place, die, needs, outcome, vp, category = e.Unit, e.Place, e.Die, e.Needs, "destroyed", e.VP, e.Category
		case *lrtg.PlaceFailed:
			unit, place, die, needs, outcome = e.Unit, e.Place, e.Die, e.Needs, "no effect"
		default:
			continue
		}
		text := fmt.Sprintf("%s (manpower %d) tries to burn the depot at %s: rolled %d, needs %d or less: %s (LRTG 13.8).",
			g.Units[unit].Name, needs, place, die, needs, outcome)
		if vp != 0 {
			text += fmt.Sprintf(" %+d VP (%s).", vp, category)
		}
		return text, true
	}
	return "", false
}

// unitMatches completes the last name of a comma-separated list of units,
// among those keep accepts: callers keep the asker's own (or friendly)
// units, so that autocomplete never lists the enemy's.
func unitMatches(r *Router, req Request, typed string, keep func(engine.GameState, engine.UnitState) bool) []engine.Match {
	g, err := r.game(context.Background(), req)
	if err != nil || !g.Started {
		return nil
	}
	last := typed
	if i := strings.LastIndex(typed, ","); i >= 0 {
		last = typed[i+1:]
	}
	last = strings.ToLower(strings.TrimSpace(last))
	var out []engine.Match
	for _, id := range sortedUnitIDs(g) {
		u := g.Units[id]
		if !keep(g, u) {
			continue
		}
		if strings.Contains(strings.ToLower(u.Name+" "+u.ID), last) {
			label := fmt.Sprintf("%s (%s)", u.Name, strings.TrimSpace(u.Command+" "+string(u.Kind)))
			if u.Manpower > 0 {
				label = fmt.Sprintf("%s (%s, %d MP)", u.Name, strings.TrimSpace(u.Command+" "+string(u.Kind)), u.Manpower)
			}
			out = append(out, engine.Match{Value: u.ID, Label: label})
		}
		if len(out) == 25 {
			break
		}
	}
	return out
}

// unitList reads comma-separated units among the asker's own.
func unitList(g engine.GameState, asker engine.Actor, s string) ([]string, error) {
	var ids []string
	for _, x := range strings.Split(s, ",") {
		if strings.TrimSpace(x) == "" {
			continue
		}
		id, err := findUnit(g, asker, x)
		if err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, nil
}

// locateRef finds a hex or place the player typed: its hex, the name the
// theatre gives it, and its printed number (the name when it has none).
func locateRef(t *engine.Theatre, typed string) (engine.Hex, string, string, error) {
	h, name, err := t.Locate(typed)
	if err != nil {
		return engine.Hex{}, "", "", err
	}
	ref := name
	if p := t.Printed(h); len(p) > 0 {
		ref = p[0]
	}
	return h, name, ref, nil
}
