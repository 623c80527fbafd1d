package bot

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
)

// The Turn Start steps 1a-1c (engine/lrtg/turnstart.go): what the step message
// says of the reinforcements, the Union rolls, Vicksburg; /reinforcements
// (each side its own: arrived units to place, the tracks, the Union rolls)
// and /draftriots (the Union's choice of manpower and its roll, LRTG 3.3).
//
// Secrecy: the Confederate arrivals of 3.1 follow a printed schedule and
// are public; where a unit is placed is its /move's. The Union's
// reinforcement rolls are public in an open game; with limited
// intelligence (LRTG 20) the channel learns only that the Union rolled for
// a track: what it rolled and what arrived or was released is the Union's
// (/reinforcements) and the umpire's. The roll's modifiers are facts the
// rules make the Union player apply ("a Confederate unit is in
// Pennsylvania"): the Union sees them, as it would at the table.
// Vicksburg and the draft riots are Victory Point rolls: public.

func turnStartCommands() []*Command {
	return []*Command{
		{
			Name:        "reinforcements",
			Description: "Your side's reinforcements: units to place, the tracks, the Union rolls (LRTG 3.1, 3.2)",
			Ephemeral:   true,
			Handle:      handleReinforcements,
		},
		{
			Name:        "draftriots",
			Description: "The New York draft riots on July 14: send manpower if you wish, and roll (Union; LRTG 3.3)",
			Options: []OptionSpec{
				{Name: "remove", Description: "Manpower to send to New York: unit:manpower, comma-separated (e.g. Crawford:2, Wells:1)", Type: String, MaxLength: 300, Placeholder: "unit:manpower,..."},
				{Name: "reason", Description: "The umpire's reason to roll out of season or step", Type: String, MaxLength: 200, Placeholder: "text"},
			},
			Handle: handleDraftRiots,
		},
	}
}

// trackTitle names a Union reinforcement track.
func trackTitle(track string) string {
	switch track {
	case lrtg.TrackBaltDC:
		return "Baltimore / DC release"
	case lrtg.TrackWV:
		return "West Virginia reinforcements"
	case lrtg.TrackPAMilitia:
		return "Pennsylvania militia reinforcements"
	}
	return track
}

func unitNames(g engine.GameState, ids []string) string {
	names := make([]string, len(ids))
	for i, id := range ids {
		names[i] = g.Units[id].Name
		if names[i] == "" {
			names[i] = id
		}
	}
	return strings.Join(names, ", ")
}

// entryText says where an arriving unit enters.
func (r *Router) entryText(g engine.GameState, id string) string {
	u := g.Units[id]
	e, ok := lrtg.Of(g).EntryOf(u, r.theatres["lrtg"])
	if !ok {
		return u.Name
	}
	s := fmt.Sprintf("%s, %s", u.Name, e.Where)
	if e.Held != "" {
		s += " — not now: " + e.Held
	}
	return s
}

// unionRollText explains one track of a Union Reinforcement Phase: the
// roll (dice, each modifier and why, the total, what it needed, the
// result and any "treat instead") and what it did; or why there was none.
func (r *Router) unionRollText(g engine.GameState, e *lrtg.UnionRolled) string {
	title := trackTitle(e.Track)
	if !e.Rolled {
		return fmt.Sprintf("– %s (LRTG 3.2): no roll — %s.", title, unionNoRoll(e))
	}
	var b strings.Builder
	if e.RollsBegan() {
		fmt.Fprintf(&b, "▶ %s: the rolls begin — %s (LRTG 3.2).\n", title, unionBegan(e))
	}
	fmt.Fprintf(&b, "🎲 Roll #%d · %s (LRTG 3.2)", e.Number, title)
	if e.Group != "" {
		fmt.Fprintf(&b, ", %s", lrtg.ReleaseGroupLabel(e.Group))
	}
	fmt.Fprintf(&b, ": %s %s%s", e.Dice, faces(e.Faces), modText(e.Modifiers))
	if len(e.Modifiers) > 0 {
		fmt.Fprintf(&b, " → %d", e.Total)
	}
	fmt.Fprintf(&b, "; needs %s", e.Target)
	for _, rd := range e.Redirects {
		fmt.Fprintf(&b, "; treated instead as %q, because %s", rd.To, rd.Reason)
	}
	fmt.Fprintf(&b, ": **%s**.", e.Result)
	if !e.Success {
		return b.String()
	}
	switch e.Track {
	case lrtg.TrackBaltDC:
		if len(e.Units) > 0 {
			fmt.Fprintf(&b, "\nReleased (%s): %s.", lrtg.ReleaseGroupLabel(e.Group), unitNames(g, e.Units))
		} else {
			fmt.Fprintf(&b, "\nNo unit of %s goes now.", lrtg.ReleaseGroupLabel(e.Group))
		}
		for _, id := range slices.Sorted(maps.Keys(e.Joins)) {
			fmt.Fprintf(&b, "\n%s joins the %s Corps and needs no further release (000 3.2).", g.Units[id].Name, e.Joins[id])
		}
		if len(e.Held) > 0 {
			fmt.Fprintf(&b, "\nHeld back while Confederate infantry is in DC, Alexandria, Fairfax, Montgomery or Prince George's County: %s — released with the next group rolled while none is (000 3.2).", unitNames(g, e.Held))
		}
	default:
		for _, id := range e.Units {
			fmt.Fprintf(&b, "\n🪖 Arrives: %s. The Union places it with /move, now or in a later reinforcement phase (3.0).", r.entryText(g, id))
		}
	}
	return b.String()
}

// arrivalText tells of units received as reinforcements, those that
// enter at the same place together.
func (r *Router) arrivalText(g engine.GameState, e *lrtg.ReinforcementsArrived) string {
	var where []string
	for i := 0; i < len(e.Units); {
		entry, _ := lrtg.Of(g).EntryOf(g.Units[e.Units[i]], r.theatres["lrtg"])
		j := i + 1
		for j < len(e.Units) {
			if next, _ := lrtg.Of(g).EntryOf(g.Units[e.Units[j]], r.theatres["lrtg"]); next.Where != entry.Where || next.Held != entry.Held {
				break
			}
			j++
		}
		text := r.entryText(g, e.Units[i])
		if j > i+1 {
			text = unitNames(g, e.Units[i:j]) + strings.TrimPrefix(text, g.Units[e.Units[i]].Name)
		}
		where = append(where, text)
		i = j
	}
	switch e.Cause {
	case lrtg.ArrivalSetUp:
		return fmt.Sprintf("🎖️ Set-up (000 VIII 3)): %s is not on the map yet: the Confederates place him with a corps commander, in his hex or moving with him (/move). Until then the rules that ask where Lee is (the random events, the Spy, the militia rolls) find him nowhere.", unitNames(g, e.Units))
	case lrtg.ArrivalSchedule:
		return fmt.Sprintf("🪖 Confederate reinforcements (LRTG 3.1): %s. The Confederates place them with /move, now or in a later reinforcement phase (3.0).", strings.Join(where, "; "))
	case lrtg.ArrivalThreat:
		return fmt.Sprintf("🪖 Washington is threatened: Confederate infantry has entered Fairfax, Montgomery or Prince George's County (LRTG 3.2). Arriving early: %s. They must make for DC or Alexandria County and stay there until released.", strings.Join(where, "; "))
	}
	return fmt.Sprintf("🪖 Arriving with their release group (LRTG 3.2): %s.", strings.Join(where, "; "))
}

func publicOut(req Request, text string, views ...EventView) Output {
	if views == nil {
		views = []EventView{}
	}
	return Output{Audience: Audience{Kind: AudiencePublic, Channel: req.ChannelID}, Text: text, Events: views}
}

func umpireOut(text string, views ...EventView) Output {
	if views == nil {
		views = []EventView{}
	}
	return Output{Audience: Audience{Kind: AudienceEphemeral}, Text: "Umpire · the Union's (/reinforcements): " + text, Events: views}
}

// presentTurnStart tells what steps 1a-1c did. The Union's rolls are
// presented from their explanation (reinforcements.union-roll); the
// table.rolled event before each says nothing of its own.
func presentTurnStart(r *Router, req Request, g engine.GameState, e engine.Event, view EventView) []Output {
	switch e := e.(type) {
	case *engine.TableRolled:
		switch e.Table {
		case lrtg.TableBaltDCRelease, lrtg.TableWVArrival, lrtg.TablePAMilitia:
			return []Output{}
		case lrtg.TableVicksburg:
			if tb := r.library.Table(e.Table); tb != nil {
				return []Output{publicOut(req, FormatTableRoll(e, tb), view)}
			}
		}
	case *lrtg.VPRolled:
		if e.Event != lrtg.VPVicksburg {
			return nil
		}
		_, total := lrtg.Of(g).VPTotals()
		text := "Vicksburg holds out: roll again next turn (000 3.4)."
		if e.VP != 0 {
			text = fmt.Sprintf("→ Vicksburg has surrendered: **%+d VP** (000 3.4, VII 8); the record stands at %+d. No further rolls.", e.VP, total)
		}
		return []Output{publicOut(req, text, view)}
	case *lrtg.ReinforcementsArrived:
		text := r.arrivalText(g, e)
		switch {
		case !g.Options.LimitedIntel:
			return []Output{publicOut(req, text, view)}
		case e.Side == engine.CSA:
			// The schedule's arrivals are known to both sides (3.1); with
			// limited intelligence the event (unit ids) stays off the
			// channel all the same.
			return []Output{publicOut(req, text)}
		}
		return []Output{umpireOut(text, view)}
	case *lrtg.UnionRolled:
		text := r.unionRollText(g, e)
		if !g.Options.LimitedIntel {
			return []Output{publicOut(req, text, view)}
		}
		outs := []Output{umpireOut(text, view)}
		if e.Rolled {
			outs = append(outs, publicOut(req, fmt.Sprintf("🎲 The Union rolls for %s (LRTG 3.2): the result is the Union's (/reinforcements).", trackTitle(e.Track))))
		}
		return outs
	}
	return nil
}

// handleReinforcements shows the asker's side (the umpire: both): the
// units arrived and not yet placed, with their entry; what is due; the
// Union tracks and its rolls.
func handleReinforcements(ctx context.Context, r *Router, req Request) (Reply, error) {
	g, err := r.gameHere(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	if !g.Started {
		return Reply{}, &engine.RuleError{Kind: engine.ErrIllegal, Code: "game.not_started", What: "The game has not started", Hint: "The umpire starts it with /game start"}
	}
	var sides []engine.Side
	switch p := g.Player(req.User.ID); {
	case g.IsUmpire(req.User):
		sides = []engine.Side{engine.CSA, engine.USA}
	case p != nil:
		sides = []engine.Side{p.Side}
	default:
		return Reply{}, &engine.RuleError{Kind: engine.ErrIllegal, Code: "reinforcements.player", What: "Only the game's players and umpire see its reinforcements", Hint: "Join the game with /game join"}
	}
	var lines []string
	for _, s := range sides {
		switch {
		case seriesOf(g).bookletTurnStart:
			lines = append(lines, r.lrtaReinforcements(g, s)...)
		case s == engine.CSA:
			lines = append(lines, r.csaReinforcements(g)...)
		default:
			lines = append(lines, r.usaReinforcements(g)...)
		}
	}
	e := &Embed{Title: fmt.Sprintf("Reinforcements — turn %d (%s)", g.Turn, g.TurnLabel(g.Turn)), Description: clipLines(lines, 4000), Footer: seriesOf(g).reinforcementsFooter}
	return Reply{Outputs: []Output{{Audience: Audience{Kind: AudienceEphemeral}, Text: e.PlainText(), Embed: e, Events: []EventView{}}}}, nil
}

func (r *Router) waitingLines(g engine.GameState, side engine.Side) []string {
	w := lrtg.Of(g).WaitingToEnter(side)
	if len(w) == 0 {
		return []string{"To place: none."}
	}
	out := []string{"To place (/move):"}
	for _, id := range w {
		out = append(out, "· "+r.entryText(g, id))
	}
	return out
}

// lrtaReinforcements is a side's part of /reinforcements in an LRTA game
// (engine/lrtg/lrta_turnstart.go): the units to place with their entry, the
// units of the reinforcement track still due (their turn moved up by The
// AoP Speeds Evacuation), and for the Union the Pennsylvania militia
// track and its rolls (004 1 a), b)).
func (r *Router) lrtaReinforcements(g engine.GameState, side engine.Side) []string {
	data := r.moveData(g)
	where := func(u engine.UnitState) string {
		if e, ok := lrtg.Of(g).LRTAEntry(u, data); ok {
			s := u.Name + ", " + e.Where
			if e.Held != "" {
				s += " — not now: " + e.Held
			}
			return s
		}
		return u.Name
	}
	title := "**Confederate**"
	if side == engine.USA {
		title = "**Union**"
	}
	lines := []string{title}
	if w := lrtg.Of(g).WaitingToEnter(side); len(w) == 0 {
		lines = append(lines, "To place: none.")
	} else {
		lines = append(lines, "To place (/move):")
		for _, id := range w {
			lines = append(lines, "· "+where(g.Units[id]))
		}
	}
	type due struct {
		u    engine.UnitState
		turn int
	}
	var dues []due
	for _, id := range sortedUnitIDs(g) {
		u := g.Units[id]
		if u.Side != side || u.OnMap || u.Eliminated || hasID(lrtg.Of(g).TurnStart.Arrived, id) {
			continue
		}
		if t := lrtg.Of(g).LRTAArrivalTurn(u, data.OOB); t > 0 {
			dues = append(dues, due{u, t})
		}
	}
	sort.SliceStable(dues, func(i, j int) bool { return dues[i].turn < dues[j].turn })
	for _, d := range dues {
		s := fmt.Sprintf("Due: %s on turn %d (%s)", where(d.u), d.turn, g.TurnLabel(d.turn))
		if d.turn < d.u.Slot {
			s += fmt.Sprintf(", moved up from turn %d by The AoP Speeds Evacuation", d.u.Slot)
		}
		lines = append(lines, s+" (LRTA 2.0; 004 1 b)).")
	}
	if len(dues) == 0 {
		lines = append(lines, "Due on the reinforcement track: none.")
	}
	if side == engine.CSA {
		return lines
	}
	const militia = "Pennsylvania militia (LRTA 2.3; 004 1 a))"
	ts := lrtg.Of(g).TurnStart
	onTrack := false
	for _, u := range g.Units {
		onTrack = onTrack || (u.Side == engine.USA && u.Track == lrtg.TrackPAMilitia)
	}
	var rolls []string
	for i := range ts.Rolls {
		if e := &ts.Rolls[i]; e.Rolled && e.Track == lrtg.TrackPAMilitia {
			rolls = append(rolls, fmt.Sprintf("Turn %d: %s", e.Turn, strings.ReplaceAll(militiaRollText(g, e), "\n", " ")))
		}
	}
	if !onTrack && len(rolls) == 0 {
		lines = append(lines, militia+": the order of battle has no militia on its track (a group imports its own with /game oob).")
	} else {
		lines = append(lines, r.trackLine(g, lrtg.TrackPAMilitia, militia, ts.PAFrom > 0),
			"The militia roll: one die a turn once the first Confederate unit is across the Potomac; +1 with Confederate infantry across, +1 with a Confederate unit in Pennsylvania.")
	}
	if len(rolls) > 10 {
		rolls = rolls[len(rolls)-10:]
	}
	if len(rolls) > 0 {
		lines = append(lines, "Militia rolls (the latest ten):")
		lines = append(lines, rolls...)
	}
	return lines
}

func (r *Router) csaReinforcements(g engine.GameState) []string {
	lines := append([]string{"**Confederate**"}, r.waitingLines(g, engine.CSA)...)
	var due []engine.UnitState
	for _, id := range sortedUnitIDs(g) {
		u := g.Units[id]
		if u.Side == engine.CSA && u.Track == lrtg.TrackReinforcement && !u.OnMap && !u.Eliminated && !hasID(lrtg.Of(g).TurnStart.Arrived, id) {
			due = append(due, u)
		}
	}
	// In the order they arrive (3.1: Pickett on turn 2, Pettigrew on 3).
	sort.SliceStable(due, func(i, j int) bool { return due[i].Slot < due[j].Slot })
	for _, u := range due {
		lines = append(lines, fmt.Sprintf("Due: %s on turn %d (%s), on the south edge of the SJW South map (LRTG 3.1).", u.Name, u.Slot, g.TurnLabel(u.Slot)))
	}
	return append(lines, "The Richmond Garrison and the Confederate Reinforcement boxes come by random events (LRTG 2.0, 3.1).")
}

func (r *Router) usaReinforcements(g engine.GameState) []string {
	lines := append([]string{"**Union**"}, r.waitingLines(g, engine.USA)...)
	ts := lrtg.Of(g).TurnStart
	// Baltimore / DC: the groups out, the next, the units held back.
	var released []string
	for n := 1; n <= 8; n++ {
		if lrtg.Of(g).Movement.IsReleased(fmt.Sprintf("release-group-%d", n)) {
			released = append(released, strconv.Itoa(n))
		}
	}
	bd := "Baltimore / DC release (1-3)"
	switch next := lrtg.Of(g).NextReleaseGroup(); {
	case next == "":
		bd += ": all eight groups are released"
	case ts.BaltDCFrom > 0:
		bd += fmt.Sprintf(": rolled since turn %d; next: %s", ts.BaltDCFrom, lrtg.ReleaseGroupLabel(next))
	default:
		bd += ": not begun (the first turn a Confederate infantry unit enters Maryland or Meade takes command)"
	}
	if len(released) > 0 {
		bd += "; groups released: " + strings.Join(released, ", ")
	}
	lines = append(lines, bd+".")
	var held []string
	for _, e := range ts.Rolls {
		for _, id := range e.Held {
			if u := g.Units[id]; !hasID(held, id) && !u.Eliminated && !lrtg.Of(g).Movement.IsReleased(releaseGroupOf(u)) {
				held = append(held, id)
			}
		}
	}
	if len(held) > 0 {
		lines = append(lines, fmt.Sprintf("Held back by the threat to Washington: %s — released with the next group rolled while no Confederate infantry is in DC, Alexandria, Fairfax, Montgomery or Prince George's County (3.2).", unitNames(g, held)))
	}
	lines = append(lines, r.trackLine(g, lrtg.TrackWV, "West Virginia (a 1; from turn 4; -1 with Confederate infantry north of the Potomac)", true))
	lines = append(lines, r.trackLine(g, lrtg.TrackPAMilitia, "Pennsylvania militia (a 1; -1 each: a Confederate unit in Pennsylvania, Confederate infantry across the Potomac, Lee in Pennsylvania)", ts.PAFrom > 0))
	// The rolls, the latest last.
	var rolls []string
	for i := range ts.Rolls {
		if e := &ts.Rolls[i]; e.Rolled {
			rolls = append(rolls, fmt.Sprintf("Turn %d: %s", e.Turn, strings.ReplaceAll(r.unionRollText(g, e), "\n", " ")))
		}
	}
	if len(rolls) > 10 {
		rolls = rolls[len(rolls)-10:]
	}
	if len(rolls) > 0 {
		lines = append(lines, "Rolls (the latest ten):")
		lines = append(lines, rolls...)
	}
	return lines
}

// trackLine says where a WV or PA militia track stands: its next unit, or
// that all have arrived.
func (r *Router) trackLine(g engine.GameState, track, title string, begun bool) string {
	next := lrtg.Of(g).NextOnTrack(engine.USA, track)
	switch {
	case next == "":
		return title + ": all have arrived."
	case !begun:
		return fmt.Sprintf("%s: not begun; first: %s.", title, g.Units[next].Name)
	}
	return fmt.Sprintf("%s: next %s.", title, g.Units[next].Name)
}

func releaseGroupOf(u engine.UnitState) string {
	for _, m := range u.Marks {
		if strings.HasPrefix(m, "release-group-") {
			return m
		}
	}
	return ""
}

func hasID(xs []string, s string) bool {
	for _, x := range xs {
		if x == s {
			return true
		}
	}
	return false
}

// parseRemovals reads "Crawford:2, Wells 1" into the asker's units and
// their manpower.
func parseRemovals(g engine.GameState, asker engine.Actor, s string) ([]lrtg.Removal, error) {
	var out []lrtg.Removal
	for _, item := range strings.Split(s, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		i := strings.LastIndexAny(item, ": ")
		bad := &engine.RuleError{Kind: engine.ErrInvalid, Code: "draftriots.remove", What: fmt.Sprintf("%q is not unit:manpower", item),
			Hint: "Write each unit with the manpower it sends, e.g. remove:Crawford:2, Wells:1"}
		if i <= 0 {
			return nil, bad
		}
		mp, err := strconv.Atoi(strings.TrimSpace(item[i+1:]))
		if err != nil {
			return nil, bad
		}
		id, err := findUnit(g, asker, strings.TrimSpace(item[:i]))
		if err != nil {
			return nil, err
		}
		out = append(out, lrtg.Removal{Unit: id, Manpower: mp})
	}
	return out, nil
}

// handleDraftRiots is the Union's draft riots (LRTG 3.3): the manpower it
// sends comes off its units, then the roll. The public reply names the
// units unless the game hides them (limited intelligence): then only the
// Union player is told which.
func handleDraftRiots(ctx context.Context, r *Router, req Request) (Reply, error) {
	g, err := r.gameHere(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	var o struct {
		Remove string `opt:"remove,raw"` // unit:manpower pairs (parseRemovals)
		Reason string `opt:"reason"`
	}
	if err := decodeOptions(req, &o); err != nil {
		return Reply{}, err
	}
	removals, err := parseRemovals(g, req.User, o.Remove)
	if err != nil {
		return Reply{}, err
	}
	tb := r.library.Table(lrtg.TableDraftRiots)
	if tb == nil {
		return Reply{}, fmt.Errorf("bot: the rules table %s is missing", lrtg.TableDraftRiots)
	}
	cmd := lrtg.QuellDraftRiots{By: req.User, Removals: removals, Table: tb, Data: r.moveData(g), Reason: o.Reason}
	return r.settleGame(ctx, req, cmd, nil, func(views []EventView, evs []engine.Event) Reply {
		next := g
		var (
			tr   *engine.TableRolled
			vp   *lrtg.VPRolled
			sent *lrtg.DraftRiotsManpower
		)
		for _, e := range evs {
			next = next.Apply(e)
			switch e := e.(type) {
			case *engine.TableRolled:
				tr = e
			case *lrtg.VPRolled:
				vp = e
			case *lrtg.DraftRiotsManpower:
				sent = e
			}
		}
		_, total := lrtg.Of(next).VPTotals()
		var b strings.Builder
		b.WriteString(FormatTableRoll(tr, tb))
		fmt.Fprintf(&b, "\n→ **%+d VP** (New York City draft riots, 000 VII 9); the record stands at %+d.", vp.VP, total)
		if vp.Overruled != "" {
			fmt.Fprintf(&b, "\nRolled out of season by the umpire's ruling (%s): %s.", vp.Reason, vp.Overruled)
		}
		var own []string
		for _, rm := range removals {
			own = append(own, fmt.Sprintf("%s %d", g.Units[rm.Unit].Name, rm.Manpower))
		}
		if sent != nil {
			who := ""
			if !g.Options.LimitedIntel {
				who = " (" + strings.Join(own, ", ") + ")"
			}
			fmt.Fprintf(&b, "\nThe Union sent %d manpower to New York%s: it may not move by rail this turn (LRTG 3.3). Not checked: that each unit was within 10 hexes of a rail line traced to the east map edge clear of damaged stations and enemy units (the map data has the railroads as stations only).", sent.Removed, who)
		} else {
			b.WriteString("\nThe Union sent no manpower to New York.")
		}
		if next.CurrentStep() == "1c" && len(next.Waiting()) == 0 {
			b.WriteString("\nStep 1c waits for no one now: the umpire's /phase next.")
		}
		if sent == nil || !g.Options.LimitedIntel {
			return Reply{Outputs: []Output{publicOut(req, b.String(), views...)}}
		}
		// The game hides units: the units and their losses go to the Union
		// player only; the channel has the roll and the VP.
		var public []EventView
		for i, e := range evs {
			switch e.(type) {
			case *engine.TableRolled, *lrtg.VPRolled:
				public = append(public, views[i])
			}
		}
		// The answer to the Union player comes first (Discord sends the
		// first output as the reply and posts the public one after it).
		return Reply{Outputs: []Output{{Audience: Audience{Kind: AudienceEphemeral}, Events: views, Text: fmt.Sprintf("Sent to New York (told to you only): %s.", strings.Join(own, ", "))},
			publicOut(req, b.String(), public...)}}
	})
}
