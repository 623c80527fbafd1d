package bot

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
)

// Movement rules (engine/lrtg/move.go): the options /move takes for them, the
// umpire's /game release and /game meade, and the words of a move's reply.

func moveCommands() []*Command        { return nil }
func moveUnitSubcommands() []*Command { return nil }

func moveGameSubcommands() []*Command {
	return []*Command{
		{
			Name:        "release",
			Description: "Release a restricted group: HF, WV, Balt, DC, PA or Baltimore / DC group 1-8 (umpire; LRTG 3.2)",
			Options: []OptionSpec{
				{Name: "group", Description: "HF, WV, Balt, DC, PA, or a Baltimore / DC release group 1-8", Type: String, Required: true, MaxLength: 20, Placeholder: "group",
					Autocomplete: func(_ *Router, _ Request, typed string) []engine.Match {
						var out []engine.Match
						for _, g := range lrtg.ReleaseGroups {
							if strings.Contains(strings.ToLower(g), strings.ToLower(strings.TrimSpace(typed))) {
								out = append(out, engine.Match{Value: g, Label: g})
							}
						}
						return out
					}},
				{Name: "reason", Description: "Why, e.g. release roll 2", Type: String, MaxLength: 200, Placeholder: "text"},
			},
			Handle: handleRelease,
		},
		{
			Name:        "meade",
			Description: "Record that Meade takes command of the Army of the Potomac (umpire; LRTG 16.2)",
			Options: []OptionSpec{
				{Name: "reason", Description: "Why, e.g. third Hooker Questioned event", Type: String, MaxLength: 200, Placeholder: "text"},
			},
			Handle: handleMeade,
		},
	}
}

// moveOptions are the options /move takes for the movement rules.
func moveOptions() []OptionSpec {
	return []OptionSpec{
		{Name: "path", Description: "A march's hexes in order, each next to the last: SS1824 SS1825 (commas if a place has spaces)", Type: String, MaxLength: 1500, Placeholder: "hex hex ..."},
		{Name: "terrain", Description: "Each step's terrain where the terrain layer is silent: Woods; road: Pike; Clear + Creek (- unstated)", Type: String, MaxLength: 1500, Placeholder: "terrain; terrain ..."},
		{Name: "mode", Description: "normal, rail (LRTG 8), strategic (LRTG 17.1) or naval (LRTG 5.0)", Type: String, MaxLength: 10, Placeholder: "normal|rail|strategic|naval",
			Autocomplete: func(_ *Router, _ Request, typed string) []engine.Match {
				var out []engine.Match
				for _, m := range lrtg.MoveModes {
					if strings.Contains(m, strings.ToLower(strings.TrimSpace(typed))) {
						out = append(out, engine.Match{Value: m, Label: m})
					}
				}
				return out
			}},
		{Name: "fatigue", Description: "Strategic: the fatigue levels to expend, 2-4; naval: the boxes moved, 1-2 (a fatigue each)", Type: Integer},
		{Name: "passive", Description: "Strategic movement: your side is passive this turn", Type: Boolean},
		{Name: "reason", Description: "The umpire's reason to set a movement rule aside", Type: String, MaxLength: 200, Placeholder: "text"},
		{Name: "extended", Description: "Go on past the allowance: an extended march (a fatigue level more, a roll on the table)", Type: Boolean},
		{Name: "march_modifiers", Description: "Extended march: the modifiers of your group's table you state, by name, commas between", Type: String, MaxLength: 200, Placeholder: "name, name"},
	}
}

// moveWhere reads where a move goes: to: alone (a one-hex step for a
// player's march, or the umpire's placement anywhere), or path:, the
// hexes of a march in order (engine/lrtg/move_path.go), whose last hex is
// the destination; with both, to: must be the path's last hex. Every bad
// hex is a problem of p. refs are the march's hexes as the player named
// them (namedRef), which its record and replies echo; ref is the
// destination's first printed number, a placement's record.
func (r *Router) moveWhere(o moveOpts, p *optionProblems) (to engine.Hex, name, ref string, path []engine.Hex, refs []string) {
	t := r.theatres["lrtg"]
	if strings.TrimSpace(o.Path) == "" {
		if strings.TrimSpace(o.To) == "" {
			p.add("move.to", "Say where the units go", "Add to:<hex> for a one-hex step, or path:<hex> <hex> ... for a march")
			return
		}
		to, name, ref, err := locateRef(t, o.To)
		if p.also(err) {
			return to, name, ref, nil, nil
		}
		return to, name, ref, nil, []string{namedRef(t, o.To, ref)}
	}
	bad := len(p.list)
	for _, typed := range splitPath(o.Path) {
		h, n, rf, err := locateRef(t, typed)
		if p.also(err) {
			continue
		}
		path = append(path, h)
		refs = append(refs, namedRef(t, typed, rf))
		to, name, ref = h, n, rf
	}
	if len(p.list) > bad {
		p.list[len(p.list)-1].Hint += ". Separate the path's hexes with spaces, or with commas when a place name has spaces"
		return
	}
	if strings.TrimSpace(o.To) != "" {
		if h, _, rf, err := locateRef(t, o.To); !p.also(err) && h != to {
			p.add("move.to", fmt.Sprintf("to:%s is not the path's last hex (%s)", namedRef(t, o.To, rf), refs[len(refs)-1]), "Leave to: out with a path, or make it the path's last hex")
		}
	}
	return to, name, ref, path, refs
}

// namedRef is a hex as the player named it: the printed number he typed
// (a hex printed on two sheets has two: HW2420 is RS0532), or a place's
// own printed number; printed is the fallback.
func namedRef(t *engine.Theatre, typed, printed string) string {
	if pl := t.Place(strings.TrimSpace(typed)); pl != nil {
		return pl.Ref.String()
	}
	if _, ref, err := t.ParseHex(strings.TrimSpace(typed), ""); err == nil {
		return ref.String()
	}
	return printed
}

// splitStated splits /move's terrain: into its entries, one per step:
// at semicolons (or commas), keeping the empty ones ("Woods;;Clear" is
// three steps, the second not stated); nil when nothing is typed.
func splitStated(s string) []string {
	if strings.TrimSpace(s) == "" {
		return nil
	}
	out := strings.Split(strings.ReplaceAll(s, ",", ";"), ";")
	for i := range out {
		out[i] = strings.TrimSpace(out[i])
	}
	return out
}

// splitPath splits a typed path at commas (or semicolons) when it has
// any, else at spaces.
func splitPath(s string) []string {
	sep := func(r rune) bool { return r == ',' || r == ';' }
	if !strings.ContainsAny(s, ",;") {
		sep = func(r rune) bool { return r == ' ' || r == '\t' || r == '\n' }
	}
	var out []string
	for _, f := range strings.FieldsFunc(s, sep) {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}

// moveRules fills in a move's mode, fatigue, passive and reason from the
// decoded options, and the scenario data its checks need.
func (r *Router) moveRules(o moveOpts, g engine.GameState, cmd *engine.MoveUnits) {
	cmd.Mode, cmd.Fatigue, cmd.Passive, cmd.Reason = o.Mode, o.Fatigue, o.Passive, o.Reason
	cmd.Extended = o.Extended
	for _, m := range strings.Split(o.MarchModifiers, ",") {
		if m = strings.TrimSpace(m); m != "" {
			cmd.MarchModifiers = append(cmd.MarchModifiers, m)
		}
	}
	cmd.Terrain = splitStated(o.Terrain) // engine/lrtg/move_stated.go reads it on the cost chart
	cmd.Data = r.moveData(g)
}

// moveData is what the movement rules read: the LRTG map (LRTA plays on
// it too), the game's order of battle as set up, the game's strategic
// movement charts (LRTG 17.1; LRTA's 004 Strategic Movement) and the rules
// library for the rest (LRTA's extended march charts: engine/lrtg/lrta_move.go).
func (r *Router) moveData(g engine.GameState) *engine.MoveData {
	charts := seriesOf(g).strategicCharts
	strategic, disorg := charts[0], charts[1]
	return &engine.MoveData{
		Theatre:                  r.theatres["lrtg"],
		OOB:                      r.orderOf(g),
		Strategic:                r.library.Chart(strategic),
		StrategicDisorganization: r.library.Chart(disorg),
		Library:                  r.library,
		FreeMarches:              r.freeMarches, // tests only: stored_logs_test.go
		FrozenSupplyRange:        r.freeMarches, // tests only: the stored logs' scripts (stored_logs_test.go)
	}
}

// moveDetails says what the movement rules did with a move: the rail
// route, the strategic allowance and the disorganization rolls to make,
// the rules the umpire set aside.
func moveDetails(g engine.GameState, evs []engine.Event) string {
	if len(evs) == 0 {
		return ""
	}
	e, ok := evs[0].(*engine.UnitsMoved)
	if !ok {
		return ""
	}
	var b strings.Builder
	switch e.Mode {
	case lrtg.MoveRail:
		if len(e.Route) > 0 {
			fmt.Fprintf(&b, "\n🚂 By rail: %s, %d hexes (up to %d; %s). Fatigue +2.", strings.Join(e.Route, " – "), e.Hexes, lrtg.RailMaxHexes, moveCite(g, "LRTG 8.2", "004 Railroad Movement"))
		} else {
			b.WriteString("\n🚂 By rail. Fatigue +2.")
		}
		_, used := railUsed(g, e)
		fmt.Fprintf(&b, " Rail movement this turn: %d of 2 brigades / regiments (a division counts 2; Haupt none; %s).", used, moveCite(g, "LRTG 8.3", "004 Railroad Maximums"))
		b.WriteString(seriesOf(g).railNote)
	case lrtg.MoveNaval:
		n, why := lrtg.Of(g).NavalCapacity()
		fmt.Fprintf(&b, "\n⚓ By sea: up to %d boxes on the Naval Movement chart, fatigue +%d (%s). Naval movement this turn: %s of %d units (brigades and regiments count half).",
			e.Hexes, e.Fatigue, why, halfUnits(navalUsed(g, e)), n)
	case lrtg.MoveStrategic:
		// Which allowance it was: the side's declaration (LRTG 9, 17.1), or
		// the player's passive: before any declaration is revealed.
		passive := ""
		switch {
		case e.Posture != "":
			passive = ", " + e.Posture + " as declared"
		case e.Passive:
			passive = ", passive"
		}
		if e.Stopped != "" {
			fmt.Fprintf(&b, "\n🏃 Strategic movement (%s): fatigue +%d, spent; allowance %d hexes%s.", moveCite(g, "LRTG 17.1", "004 Strategic Movement"), e.Fatigue, e.Allowance, passive)
		} else {
			fmt.Fprintf(&b, "\n🏃 Strategic movement (%s): fatigue +%d; allowance %d hexes%s. The destination is %d hexes away in a straight line: the map data has no roads, so only that is checked — the road path is at least as long and must fit the allowance too.",
				moveCite(g, "LRTG 17.1", "004 Strategic Movement"), e.Fatigue, e.Allowance, passive, e.Hexes)
		}
		var rolls []string
		for _, d := range e.Disorganization {
			name := g.Units[d.Unit].Name
			if !d.Roll {
				rolls = append(rolls, fmt.Sprintf("%s no roll (%s)", name, d.Why))
				continue
			}
			rolls = append(rolls, fmt.Sprintf("%s rolls with %+d (%s)", name, d.Modifier, d.Why))
		}
		if len(rolls) > 0 {
			fmt.Fprintf(&b, "\nDisorganization (17.1 3.): %s. The disorganization (extended march) table is the Standardized Rules' and is not in these rules: roll on your copy, and record a unit that becomes disorganized with /unit set field:organization value:disorganized.", strings.Join(rolls, "; "))
		}
	}
	if e.CrossesPotomac != "" {
		fmt.Fprintf(&b, "\n🌊 The first Confederate infantry crosses the Potomac (%s): county points double 30 days after it (000 VII 1).", e.CrossesPotomac)
	}
	for _, n := range e.Captures {
		fmt.Fprintf(&b, "\n📦 The depot at %s is captured (LRTG 13.8): its victuals are drawn with /supply adjust at:%s; it may be destroyed for its VP.", n, n)
	}
	if e.Override != "" {
		fmt.Fprintf(&b, "\n⚖️ The umpire set aside: %s — %s", strings.Join(e.Overrode, "; "), e.Override)
	}
	return b.String()
}

// moveStopped says where a move an enemy unit the mover did not see
// stopped halted (engine/lrtg/hidden.go), stack by stack: what the act itself
// tells him under the rules, and never which unit, how far or of what kind.
func (r *Router) moveStopped(g engine.GameState, evs []engine.Event) string {
	var b strings.Builder
	moves := 0 // the stacks moved (an extended march adds its rolls' events)
	for _, ev := range evs {
		if _, ok := ev.(*engine.UnitsMoved); ok {
			moves++
		}
	}
	for _, ev := range evs {
		e, ok := ev.(*engine.UnitsMoved)
		if !ok {
			continue
		}
		names := make([]string, len(e.Units))
		for i, id := range e.Units {
			names[i] = g.Units[id].Name
		}
		n := len(names)
		halt, after := plural(n, "halts", "halt"), fmt.Sprintf(" after %d %s", e.Hexes, plural(e.Hexes, "hex", "hexes"))
		if e.Hexes == 0 {
			halt, after = plural(n, "stays", "stay"), ""
		}
		switch {
		case e.Stopped == lrtg.MoveStoppedRail:
			at, marked := "", ""
			if e.Contact != nil {
				at = " at " + r.hexRef(*e.Contact)
			}
			if g.Options.IntelMode() == engine.IntelDoubleBlind {
				marked = " The units met there are marked on your map."
			}
			fmt.Fprintf(&b, "\n🛑 The railroad ahead%s enters a hex occupied by an enemy unit or in an enemy zone of control (%s): %s %s at %s%s. The rail move and its fatigue are spent.%s",
				at, moveCite(g, "LRTG 8.2", "004 Railroad Restrictions"), strings.Join(names, ", "), halt, e.Ref, after, marked)
		case e.Stopped == lrtg.MoveStoppedStrategic:
			fmt.Fprintf(&b, "\n🛑 Strategic movement may not come within the forbidden distance of an enemy unit (%s): %s %s at %s%s. The move and its fatigue are spent.",
				moveCite(g, "LRTG 17.1", "004 Strategic Movement"), strings.Join(names, ", "), halt, e.Ref, after)
		case e.Stopped == lrtg.MoveStoppedPath:
			fmt.Fprintf(&b, "\n🛑 The march meets an enemy unit ahead%s and may not go on (a march does not enter an enemy-occupied hex%s): %s %s at %s%s. The march is spent as made.",
				r.contactAt(e), zocWords(g), strings.Join(names, ", "), halt, e.Ref, after)
		case e.Stopped == lrtg.MoveStoppedRemote:
			fmt.Fprintf(&b, "\n🛑 An enemy unit is closer than %d hexes: %s may not move without the initiative (%s) and %s at %s. The enemy's permission for %s is spent.",
				lrtg.RemoteDistance, strings.Join(names, ", "), moveCite(g, "LRTG 17.2", "LRTG 17.2"), halt, e.Ref, plural(n, "it", "them"))
		case moves > 1:
			fmt.Fprintf(&b, "\n%s reach %s.", strings.Join(names, ", "), e.Ref)
		}
	}
	return b.String()
}

// contactAt is where a stopped move met the enemy, as the mover may read
// it ("" none).
func (r *Router) contactAt(e *engine.UnitsMoved) string {
	if e.Contact == nil {
		return ""
	}
	return " at " + marchRef(e.Path, e.Planned, e.Refs, r.hexRef)(*e.Contact)
}

// zocWords adds 10.2's ZOC to what stops a march, in an Activate Army
// Leader action under way.
func zocWords(g engine.GameState) string {
	if lrtg.Of(g).ArmyActionUnderWay() {
		return ", nor in an Activate Army Leader action an enemy ZOC, LRTG 10.2"
	}
	return ""
}

// marchDetails says a march's path (engine/lrtg/move_path.go) and what
// its movement points are: priced by the loaded charts, or not counted.
func (r *Router) marchDetails(g engine.GameState, evs []engine.Event) string {
	var b strings.Builder
	for _, ev := range evs {
		e, ok := ev.(*engine.UnitsMoved)
		if !ok || e.Mode != lrtg.MoveNormal || len(e.Path) == 0 {
			continue
		}
		ref := marchRef(e.Path, e.Planned, e.Refs, r.hexRef)
		refs := make([]string, len(e.Path))
		for i, h := range e.Path {
			refs[i] = ref(h)
		}
		if after := afterCombatWords(g, e); after != "" {
			// Not a march: no allowance, no fatigue (move_fatigue.go).
			fmt.Fprintf(&b, "\n%s: %s, %d %s.", after, strings.Join(refs, " – "), len(refs), plural(len(refs), "hex", "hexes"))
			continue
		}
		fmt.Fprintf(&b, "\n🥾 March: %s, %d %s.", strings.Join(refs, " – "), len(refs), plural(len(refs), "hex", "hexes"))
		switch {
		case e.Unpriced == 0:
			fmt.Fprintf(&b, " Movement points: %s.", lrtg.MPText(e.MP))
		case e.Unpriced < len(refs):
			fmt.Fprintf(&b, " Movement points: %s for the steps priced; %d not counted (no terrain cost known for them).", lrtg.MPText(e.MP), e.Unpriced)
		default:
			b.WriteString(" Movement points not counted: nothing loaded prices these steps (a terrain layer for the map and the terrain cost chart).")
		}
		stated, partial := marchStepWords(e.Path, e.Steps, ref)
		if len(stated) > 0 {
			fmt.Fprintf(&b, " On the terrain you state: %s.", strings.Join(stated, "; "))
		}
		if len(partial) > 0 {
			fmt.Fprintf(&b, " Priced in part, the terrain cost chart having no row for what they cross, at the least it can cost: %s.", strings.Join(partial, "; "))
		}
		if e.Unpriced > 0 {
			if _, err := lrtg.Of(g).SeriesCharts(r.library).Need(lrtg.SlotTerrainCosts); err == nil {
				b.WriteString(" Where the terrain layer is silent, terrain: states each step's terrain (the cost chart's rows) and the umpire prices it.")
			}
		}
		if !g.IsUmpire(e.By) && (e.Unpriced > 0 || len(e.Steps) > 0) {
			b.WriteString(" The umpire's log has the path.")
		}
		b.WriteString(marchFatigueWords(g, e))
		if e.Extended {
			b.WriteString(extensionWords(g, e))
		}
	}
	return b.String()
}

// afterCombatWords names a move every unit of which (leaders aside) the
// engine spared a march's costs (UnitsMoved.Spared): a retreat or rout a
// combat result owes, or the advance after combat (g: the state before
// it); "" for a march. Such a move spends no
// allowance and adds no fatigue, so its reply says so instead of a
// march's movement points.
func afterCombatWords(g engine.GameState, e *engine.UnitsMoved) string {
	lg := lrtg.Of(g)
	owed := map[string]lrtg.RetreatOwed{}
	for _, o := range lg.RetreatsOwed() {
		owed[o.Unit] = o
	}
	retreat, advance, battle, rout := 0, 0, 0, false
	for _, id := range e.Units {
		if g.Units[id].Kind.IsLeader() {
			continue
		}
		if !slices.Contains(e.Spared, id) {
			return "" // a unit that marches: the move is a march
		}
		if o, ok := owed[id]; ok {
			retreat++
			battle = max(battle, o.Battle)
			rout = rout || strings.HasPrefix(o.Result, "R")
		} else {
			advance++ // spared and owing no retreat: the advance after combat
		}
	}
	after := ""
	if battle > 0 {
		after = fmt.Sprintf(" after battle #%d", battle)
	}
	switch {
	case retreat > 0 && advance == 0 && rout:
		return "🏳️ Rout" + after + " (no movement allowance or fatigue spent; the path beyond the rules checked is its owner's word)"
	case retreat > 0 && advance == 0:
		return "↩️ Retreat" + after + " (no movement allowance or fatigue spent; the path beyond the rules checked is its owner's word)"
	case advance > 0 && retreat == 0:
		return "➡️ Advance after combat (no movement allowance or fatigue spent)"
	}
	return ""
}

// marchFatigueWords says the level a march adds (engine/lrtg/
// move_fatigue.go, 000 8.2) and the units it spares (a retreat or rout,
// an advance after combat).
func marchFatigueWords(g engine.GameState, e *engine.UnitsMoved) string {
	if e.Fatigue == 0 {
		return ""
	}
	s := fmt.Sprintf(" Fatigue +%d (a march, LRTG 8.2)", e.Fatigue)
	if e.Extended {
		s = fmt.Sprintf(" Fatigue +%d (a march, LRTG 8.2, and its extension)", e.Fatigue)
	}
	if len(e.Spared) > 0 {
		names := make([]string, len(e.Spared))
		for i, id := range e.Spared {
			names[i] = g.Units[id].Name
		}
		s += fmt.Sprintf("; none for %s (a retreat or an advance is not a march)", strings.Join(names, ", "))
	}
	return s + "."
}

// marchRef names a march's hexes as the mover named them (the event's
// Refs, in the order of the path he gave: Planned when an unseen enemy
// cut it, else Path), any other hex by fallback.
func marchRef(path, planned []engine.Hex, refs []string, fallback func(engine.Hex) string) func(engine.Hex) string {
	given := path
	if len(planned) > 0 {
		given = planned
	}
	named := map[engine.Hex]string{}
	if len(refs) == len(given) {
		for i, h := range given {
			named[h] = refs[i]
		}
	}
	return func(h engine.Hex) string {
		if n, ok := named[h]; ok {
			return n
		}
		return fallback(h)
	}
}

// marchStepWords lists a march's steps priced on the mover's stated
// terrain ("HW2520 Woods (2 MP)") and those the cost chart prices in part
// ("HW2421 ford (2 MP)": what it has no row for, and the least the step
// can cost): engine/lrtg/move_stated.go, move_price.go.
func marchStepWords(path []engine.Hex, steps []engine.MarchStep, ref func(engine.Hex) string) (stated, partial []string) {
	for _, s := range steps {
		at := fmt.Sprintf("step %d", s.Step)
		if s.Step >= 1 && s.Step <= len(path) {
			at = ref(path[s.Step-1])
		}
		if s.Stated != "" {
			stated = append(stated, fmt.Sprintf("%s %s (%s MP)", at, s.Stated, lrtg.MPText(s.MP)))
		}
		if len(s.Unrowed) > 0 {
			partial = append(partial, fmt.Sprintf("%s %s (%s MP)", at, strings.Join(s.Unrowed, ", "), lrtg.MPText(s.MP)))
		}
	}
	return stated, partial
}

// railUsed is the turn's rail load after the move.
func railUsed(g engine.GameState, e *engine.UnitsMoved) ([]string, int) {
	if lrtg.Of(g).Movement.RailTurn != e.Turn {
		return e.Units, e.RailLoad
	}
	return append(append([]string(nil), lrtg.Of(g).Movement.Railed...), e.Units...), lrtg.Of(g).Movement.RailLoad + e.RailLoad
}

func handleRelease(ctx context.Context, r *Router, req Request) (Reply, error) {
	g, err := r.gameHere(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	var o struct {
		Group  string `opt:"group,raw"`
		Reason string `opt:"reason"`
	}
	if err := decodeOptions(req, &o); err != nil {
		return Reply{}, err
	}
	cmd := lrtg.ReleaseUnits{By: req.User, Group: o.Group, Reason: o.Reason}
	d := r.moveData(g)
	return r.settleGame(ctx, req, cmd, nil, func(views []EventView, evs []engine.Event) Reply {
		e := evs[0].(*lrtg.UnitsReleased)
		group := e.Group
		if n, ok := strings.CutPrefix(group, "release-group-"); ok {
			group = "Baltimore / DC group " + n
		}
		text := fmt.Sprintf("🔓 The umpire releases %s (LRTG 3.2)", group)
		if e.Reason != "" {
			text += ": " + e.Reason
		}
		text += "."
		// With limited intelligence the names stay with the Union.
		if names := lrtg.Of(g).ReleasedBy(e, d); len(names) > 0 && !g.Options.LimitedIntel {
			text += " Free to move: " + strings.Join(names, ", ") + "."
		}
		return publicText(req, text, views)
	})
}

func handleMeade(ctx context.Context, r *Router, req Request) (Reply, error) {
	if _, err := r.gameHere(ctx, req); err != nil {
		return Reply{}, err
	}
	var o reasonOpts
	if err := decodeOptions(req, &o); err != nil {
		return Reply{}, err
	}
	cmd := lrtg.MeadeTakesCommand{By: req.User, Reason: o.Reason}
	return r.settleGame(ctx, req, cmd, nil, func(views []EventView, evs []engine.Event) Reply {
		e := evs[0].(*lrtg.MeadeCommands)
		text := "🎖️ Meade takes command of the Army of the Potomac (LRTG 16.2)"
		if e.Reason != "" {
			text += ": " + e.Reason
		}
		text += ".\nAll HF and WV units are released (12.1); Crawford and Stannard join the V and I Corps and need no release (16.2 3, 4); " +
			"Harpers Ferry needs no garrison of 5 manpower any more (12.1, 16.1). Begin rolling for the Baltimore / DC release if it has not begun (16.2 9)).\n" +
			"The counter changes of 16.2 (Hooker removed, Sykes, Couch, Hays and Willard, the cavalry reorganization, Chambliss) are made in the next Hooker Replacement step (3b) of the sequence of play."
		return publicText(req, text, views)
	})
}
