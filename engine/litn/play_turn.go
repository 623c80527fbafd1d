package litn

import (
	"fmt"
	"sort"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// 3.1 B (Initiative) and H (Conclusion) in play (issue 10): the steps B1
// Lost Dispatch (002 5.1), B2 Initiative (5), H1 Morale Recovery (12), H2
// Wagon Undepletion (9.2) and H3 Victory Points (15.1), and the end of the
// game on the scenario's last turn (15.2, 15.5). The rolls are the pure
// pieces of initiative.go and conclusion.go, on the shipped
// tables (no chart slot). docs/litn-play-turn.md.

// ----- state -----

// InitiativePlay is 3.1 B's state.
type InitiativePlay struct {
	// Found: the Union holds the Lost Dispatch (5.1), since FoundTurn.
	Found     bool
	FoundTurn int
	// Released are the Union units the discovery released (15.2: Miles
	// and White), by id.
	Released []string
	// DispatchTurn is the turn of the last Lost Dispatch roll (B1).
	DispatchTurn int
	// Roll is the latest initiative roll (Roll.Turn is its turn).
	Roll *Initiative
	// ChosenTurn is the turn First was chosen for.
	ChosenTurn int
}

// LostDispatchFound reports whether the Union holds the Lost Dispatch
// (5.1; the Command Phase's modifier reads it).
func (g Game) LostDispatchFound() bool { return g.LITN.Initiative.Found }

// ReleasedByDispatch reports whether the discovery of the Lost
// Dispatch released the unit (15.2: "Both units are released when the
// Lost Dispatch is discovered").
func (g Game) ReleasedByDispatch(id string) bool {
	for _, r := range g.LITN.Initiative.Released {
		if r == id {
			return true
		}
	}
	return false
}

// InitiativeNow is this turn's initiative roll (nil before B2).
func (g Game) InitiativeNow() *Initiative {
	if r := g.LITN.Initiative.Roll; r != nil && r.Turn == g.Turn {
		return r
	}
	return nil
}

// ConclusionPlay is 3.1 H's state.
type ConclusionPlay struct {
	// Start is the position as the Initiative Phase began: 15.1's "one
	// complete turn" and 9.2's "stationary for one full turn" are judged
	// against it (nothing moves in the Initial Phase).
	Start TurnStart
	// Final is the level of victory, set by the last turn's H3.
	Final *VictoryLevel
}

// TurnStart is where the units and wagons stood as a turn's Initiative
// Phase began.
type TurnStart struct {
	Turn     int
	At       map[string]string // unit id -> printed hex (on the map only)
	Strength map[string]int
	Wagons   map[string]string // wagon id -> printed hex
}

func (g Game) turnStart() TurnStart {
	s := TurnStart{Turn: g.Turn, At: map[string]string{}, Strength: map[string]int{}, Wagons: map[string]string{}}
	for id, u := range g.LITN.Units {
		if u.OnMap() {
			s.At[id], s.Strength[id] = u.At, u.Strength
		}
	}
	for id, w := range g.LITN.Wagons {
		s.Wagons[id] = w.At
	}
	return s
}

// ----- events -----

// Event types of 3.1 B and H.
const (
	EventLostDispatch   = "litn.lost-dispatch"
	EventInitiative     = "litn.initiative"
	EventFirstChosen    = "litn.first-chosen"
	EventMoraleRecovery = "litn.morale-recovery"
	EventUndepletion    = "litn.wagon-undepletion"
	EventVictoryPoints  = "litn.victory-points"
)

// DispatchRolled is 3.1 B I: the Union's Lost Dispatch roll (5.1).
type DispatchRolled struct {
	Turn  int               `json:"turn"`
	Roll  *engine.TableRoll `json:"roll"`
	Found bool              `json:"found"`
	// UnionCommandPointModifier is 5.1's +1, from the table's own values.
	UnionCommandPointModifier int `json:"union_command_point_modifier,omitempty"`
	// Released are the units 15.2 releases (Miles and White), by id.
	Released []string `json:"released,omitempty"`
}

// EventType implements Event.
func (*DispatchRolled) EventType() string { return EventLostDispatch }

// Say implements Sayer: the roll is the table's (public).
func (e *DispatchRolled) Say(g Game) []Say {
	t := fmt.Sprintf("🔎 **Lost Dispatch**, turn %d (002 3.1 B I, 5.1; table %s): the Union player rolled %d: %s.", e.Turn, e.Roll.Table, e.Roll.Total, e.Roll.Name)
	if e.Found {
		t += fmt.Sprintf(" From now on the Union player rolls for initiative (1-5 he chooses the first player, 6 the Confederate does) and adds %d to his Command Point Table rolls (5.1).", e.UnionCommandPointModifier)
		var names []string
		for _, id := range e.Released {
			names = append(names, unitName(g, id))
		}
		if len(names) > 0 {
			t += fmt.Sprintf(" %s released (15.2).", and(names)+plural(len(names), " is", " are"))
		} else {
			t += " Miles and White are released (15.2)."
		}
	} else {
		t += " The Union player tries again next turn."
	}
	return []Say{{To: "all", Text: t}}
}

// InitiativeRolled is 3.1 B II: the initiative roll (5).
type InitiativeRolled struct {
	Result Initiative `json:"result"`
}

// EventType implements Event.
func (*InitiativeRolled) EventType() string { return EventInitiative }

// Say implements Sayer (public).
func (e *InitiativeRolled) Say(g Game) []Say {
	t := "🎲 " + e.Result.Explain() + fmt.Sprintf(" The %s player now names the first player: /litn first side:csa or side:usa.", sideName(e.Result.Chooser))
	return []Say{{To: "all", Text: t}}
}

// FirstChosen records who moves first this turn (5).
type FirstChosen struct {
	By      engine.Actor `json:"by"`
	Turn    int          `json:"turn"`
	Chooser engine.Side  `json:"chooser"`
	First   engine.Side  `json:"first"`
	// Default: the step ended without a choice; the chooser moves first.
	Default bool `json:"default,omitempty"`
}

// EventType implements Event.
func (*FirstChosen) EventType() string { return EventFirstChosen }

// Say implements Sayer (public).
func (e *FirstChosen) Say(g Game) []Say {
	if e.Default {
		return []Say{{To: "all", Text: fmt.Sprintf("➡️ The Initiative step ended before the %s player named the first player: by default the %s player, who had the choice, moves first this turn (002 5; docs/litn-play-turn.md).",
			sideName(e.Chooser), sideName(e.First))}}
	}
	who := fmt.Sprintf("The %s player", sideName(e.Chooser))
	if g.IsUmpire(e.By) && g.SideOf(e.By) != e.Chooser {
		who = fmt.Sprintf("The umpire, for the %s player,", sideName(e.Chooser))
	}
	return []Say{{To: "all", Text: fmt.Sprintf("➡️ %s chooses: the %s player is the first player this turn; the %s player moves second (002 5).",
		who, sideName(e.First), sideName(engine.EnemyOf(e.First)))}}
}

// MoraleRecovered is 3.1 H I: the morale recovery rolls (12).
type MoraleRecovered struct {
	Turn    int        `json:"turn"`
	Results []Recovery `json:"results,omitempty"`
}

// EventType implements Event.
func (*MoraleRecovered) EventType() string { return EventMoraleRecovery }

// Say implements Sayer: who recovers is public (the counter is flipped);
// the rolls and the initiative ratings used are the side's (002 2.5).
func (e *MoraleRecovered) Say(g Game) []Say {
	if len(e.Results) == 0 {
		return []Say{{To: "all", Text: fmt.Sprintf("Morale Recovery, turn %d (002 3.1 H I, 12): no unit is demoralized.", e.Turn)}}
	}
	var pub []string
	own := map[engine.Side][]string{}
	for _, r := range e.Results {
		u := g.LITN.Units[r.Unit]
		v := "stays demoralized"
		if r.Recovered {
			v = "recovers its morale"
		}
		pub = append(pub, fmt.Sprintf("%s (%s) %s", unitName(g, r.Unit), r.Hex, v))
		named := r
		named.Unit = unitName(g, r.Unit) // the player reads names, not ids
		own[u.Side] = append(own[u.Side], named.Explain())
	}
	out := []Say{{To: "all", Text: fmt.Sprintf("Morale Recovery, turn %d (002 3.1 H I, 12): %s.", e.Turn, strings.Join(pub, "; "))}}
	for _, s := range []engine.Side{engine.CSA, engine.USA} {
		if len(own[s]) > 0 {
			out = append(out, Say{To: string(s), Text: "Your morale recovery rolls (002 12):\n" + strings.Join(own[s], "\n")})
		}
	}
	return out
}

// WagonUndepletion is one wagon's verdict in 3.1 H II.
type WagonUndepletion struct {
	Wagon      string      `json:"wagon"`
	Side       engine.Side `json:"side"`
	Undepleted bool        `json:"undepleted"`
	Reason     string      `json:"reason"`
}

// WagonsUndepleted is 3.1 H II (9.2).
type WagonsUndepleted struct {
	Turn    int                `json:"turn"`
	Results []WagonUndepletion `json:"results,omitempty"`
}

// EventType implements Event.
func (*WagonsUndepleted) EventType() string { return EventUndepletion }

// Say implements Sayer: wagons are each side's own (the status shows
// no enemy wagon).
func (e *WagonsUndepleted) Say(g Game) []Say {
	own := map[engine.Side][]string{}
	for _, r := range e.Results {
		own[r.Side] = append(own[r.Side], fmt.Sprintf("Wagon %s: %s.", r.Wagon, r.Reason))
	}
	var out []Say
	for _, s := range []engine.Side{engine.CSA, engine.USA} {
		if len(own[s]) > 0 {
			out = append(out, Say{To: string(s), Text: fmt.Sprintf("Wagon Undepletion, turn %d (002 3.1 H II, 9.2):\n%s", e.Turn, strings.Join(own[s], "\n"))})
		}
	}
	if len(out) == 0 {
		out = append(out, Say{To: "umpire", Text: fmt.Sprintf("Wagon Undepletion, turn %d (002 3.1 H II): no depleted wagon.", e.Turn)})
	}
	return out
}

// VictoryRecorded is 3.1 H III: the victory points of the turn (10.8,
// 15.1), and on the last turn the end-of-game awards and the level of
// victory (15.1, 15.2, 15.5).
type VictoryRecorded struct {
	Turn           int                `json:"turn"`
	MajorVictories []engine.Side      `json:"major_victories,omitempty"`
	MajorVP        VP                 `json:"major_vp,omitempty"`
	Places         []PlaceAward       `json:"places,omitempty"`
	Control        map[string]Control `json:"control"`
	EndAwards      []EndAward         `json:"end_awards,omitempty"`
	ThisTurn       Score              `json:"this_turn"`
	Score          Score              `json:"score"`
	Last           bool               `json:"last,omitempty"`
	Final          *VictoryLevel      `json:"final,omitempty"`
}

// EventType implements Event.
func (*VictoryRecorded) EventType() string { return EventVictoryPoints }

// Say implements Sayer: VPs, control and the result are public; why a
// held place did not score may name the unit's strength, so it is the
// Confederate player's alone (002 2.5).
func (e *VictoryRecorded) Say(g Game) []Say {
	var b strings.Builder
	fmt.Fprintf(&b, "🏛️ **Victory Points**, turn %d (002 3.1 H III, 15.1):", e.Turn)
	n := 0
	line := func(f string, a ...any) { b.WriteString("\n- " + fmt.Sprintf(f, a...)); n++ }
	for _, s := range e.MajorVictories {
		line("%s major victory: %s VPs (002 10.8).", sideName(s), e.MajorVP)
	}
	var secret []string
	loc := false
	for _, p := range e.Places {
		if !p.Scored {
			secret = append(secret, fmt.Sprintf("%s (%s), held by %s: not scored: %s.", p.Name, p.Hex, p.Unit, p.Reason))
			continue
		}
		face := "face up"
		if p.Control == ControlHalf {
			face = "face down"
		}
		line("%s (%s), held by %s: %s VPs to the Confederates; Confederate Control marker %s: %s.", p.Name, p.Hex, p.Unit, p.VP, face, p.Reason)
		loc = true
	}
	if loc {
		line("Line of communications: the map has no roads to trace it on, so a holder's LOC is as declared (/litn declare loc:unit=in|out; in by default); the umpire rules otherwise.")
	}
	for _, a := range e.EndAwards {
		line("End of the game: %s: %s VPs: %s.", a.Award, a.VP, a.Reason)
	}
	if n == 0 {
		b.WriteString(" no victory points this turn.")
	}
	fmt.Fprintf(&b, "\nThis turn: Confederate %s, Union %s. Totals: Confederate %s, Union %s, net Confederate %s.",
		e.ThisTurn.CSA, e.ThisTurn.USA, e.Score.CSA, e.Score.USA, e.Score.Net())
	if e.Final != nil {
		fmt.Fprintf(&b, "\n🏁 **The game is over**: turn %d is the scenario's last. Result: **%s** (%s). The umpire ends the game with /game end, which reveals the dice seed.",
			e.Turn, e.Final.Level, e.Final.Reason)
	}
	out := []Say{{To: "all", Text: b.String()}}
	if len(secret) > 0 {
		out = append(out, Say{To: string(engine.CSA), Text: "Places your infantry held that did not score (002 15.1):\n" + strings.Join(secret, "\n")})
	}
	return out
}

// ----- commands -----

// First is the choice of the first player by the player the
// initiative roll named (002 5); the umpire may make it for him.
type First struct {
	By    engine.Actor
	First engine.Side
}

// CommandName implements Command.
func (First) CommandName() string { return "litn first" }

// ----- the module -----

// turnSteps: the Initiative Phase (B: 5) and the Conclusion Phase
// (H: 12, 9.2, 15.1), the last of which may end the game.
func turnSteps() []stepHooks {
	lostDispatch := func(g Game) (bool, string) {
		c := g.initiativeContext()
		switch {
		case LostDispatchDue(c):
			return true, ""
		case c.Year != 1862:
			return false, "1862 scenarios only (002 3.1 B I)"
		case c.LostDispatchFound:
			return false, fmt.Sprintf("the Union found the Lost Dispatch on turn %d (002 5.1)", g.LITN.Initiative.FoundTurn)
		}
		return false, fmt.Sprintf("the Union rolls from turn %d (002 5.1)", lostDispatchFrom)
	}
	return []stepHooks{
		{ID: StepLostDispatch, Happens: lostDispatch, Begin: lostDispatchStep},
		{ID: StepInitiative, Begin: initiativeStep, Wait: initiativeWait, End: initiativeEnd},
		{ID: StepRecovery, Begin: recoveryStep},
		{ID: StepUndepletion, Begin: undepletionStep},
		{ID: StepVictory, Begin: victoryStep, End: gameOver},
	}
}

func (g Game) initiativeContext() InitiativeContext {
	return InitiativeContext{Year: Year(g.Options.Scenario), Turn: g.Turn, LostDispatchFound: g.LITN.Initiative.Found,
		DispatchRolled: g.LITN.Initiative.DispatchTurn == g.Turn}
}

func decideTurn(g Game, cmd engine.Command, _ engine.Dice) ([]engine.Event, bool, error) {
	c, ok := cmd.(First)
	if !ok {
		return nil, false, nil
	}
	evs, err := g.decideFirst(c)
	return evs, true, err
}

func (g Game) decideFirst(c First) ([]engine.Event, error) {
	if err := g.needStep(c.By, "Choosing the first player", StepInitiative); err != nil {
		return nil, err
	}
	roll := g.InitiativeNow()
	if roll == nil {
		return nil, engine.Illegal("litn.first.roll", "The initiative roll of this turn has not been made", "The umpire begins step B2 with /phase next")
	}
	side := g.SideOf(c.By)
	if g.IsUmpire(c.By) {
		side = roll.Chooser // the umpire chooses for the player the roll named
	}
	if g.LITN.Initiative.ChosenTurn == g.Turn && !g.IsUmpire(c.By) {
		return nil, engine.Illegal("litn.first.chosen", fmt.Sprintf("The %s player is already the first player this turn: the choice is made once (002 5)", sideName(g.LITN.First)),
			"Ask the umpire if it was a mistake: he may choose again")
	}
	first, err := ChooseFirst(*roll, side, c.First)
	if err != nil {
		return nil, err
	}
	return []engine.Event{&FirstChosen{By: c.By, Turn: g.Turn, Chooser: roll.Chooser, First: first}}, nil
}

func applyTurn(g Game, e engine.Event) (Game, bool) {
	switch e := e.(type) {
	case *DispatchRolled:
		g.LITN.Initiative.DispatchTurn = e.Turn
		if e.Found {
			g.LITN.Initiative.Found, g.LITN.Initiative.FoundTurn = true, e.Turn
			g.LITN.Initiative.Released = append([]string(nil), e.Released...)
		}
		return g, true
	case *InitiativeRolled:
		r := e.Result
		g.LITN.Initiative.Roll = &r
		g.LITN.First = "" // chosen anew each turn (002 5)
		g.LITN.Conclusion.Start = g.turnStart()
		return g, true
	case *FirstChosen:
		g.LITN.First = e.First
		g.LITN.Initiative.ChosenTurn = e.Turn
		m := make(map[string]bool, len(g.LITN.Done)+1)
		for k, v := range g.LITN.Done {
			m[k] = v
		}
		m[key(e.Turn, StepInitiative, e.Chooser)] = true
		g.LITN.Done = m
		return g, true
	case *MoraleRecovered:
		var us []Unit
		for _, r := range e.Results {
			if u, ok := g.LITN.Units[r.Unit]; ok && r.Recovered {
				u.Demoralized = false
				us = append(us, u)
			}
		}
		return g.withUnits(us...), true
	case *WagonsUndepleted:
		done := map[string]bool{}
		for _, r := range e.Results {
			done[r.Wagon] = r.Undepleted
		}
		var ws []WagonPiece
		for _, w := range g.WagonsOf("") {
			// A declaration holds for the turn it was made in.
			w.Undeplete = false
			if done[w.ID] {
				w.Depleted = false
			}
			ws = append(ws, w)
		}
		return g.withWagons(ws...), true
	case *VictoryRecorded:
		ctl := make(map[string]Control, len(e.Control))
		for k, v := range e.Control {
			ctl[k] = v
		}
		g.LITN.Control, g.LITN.Score = ctl, e.Score
		if e.Final != nil {
			f := *e.Final
			g.LITN.Conclusion.Final = &f
		}
		return g, true
	}
	return g, false
}

// ----- B: the Initiative Phase -----

// lostDispatchStep is 3.1 B I: the Union rolls on litn.lost-dispatch
// (5.1); a discovery releases Miles and White (15.2).
func lostDispatchStep(g Game, d engine.Dice, ctx engine.StepContext) ([]engine.Event, error) {
	tb, err := table(ctx.Library, TableLostDispatch)
	if err != nil {
		return nil, err
	}
	r, err := tb.Roll(d, engine.Facts{})
	if err != nil {
		return nil, err
	}
	e := &DispatchRolled{Turn: g.Turn, Roll: r, Found: r.Outcome == "found"}
	if e.Found {
		e.UnionCommandPointModifier = r.Values["union_command_point_modifier"]
		if o := tb.Outcome("found"); o != nil && e.UnionCommandPointModifier == 0 {
			e.UnionCommandPointModifier = o.Values["union_command_point_modifier"]
		}
		for _, u := range g.UnitsOf(engine.USA) {
			if milesOrWhite(u) {
				e.Released = append(e.Released, u.ID)
			}
		}
	}
	return []engine.Event{e}, nil
}

// milesOrWhite: the two Union units of 15.2, by name (the sheets'
// ids are the group's).
func milesOrWhite(u Unit) bool {
	n := strings.ToLower(strings.TrimSpace(u.Name))
	return n == "miles" || n == "white" || strings.HasSuffix(n, " miles") || strings.HasSuffix(n, " white")
}

// initiativeStep is 3.1 B II: the initiative roll (5; by the Union
// once the dispatch is found, 5.1). It also notes where everything stands
// for the Conclusion Phase (TurnStart).
func initiativeStep(g Game, d engine.Dice, ctx engine.StepContext) ([]engine.Event, error) {
	res, err := RollInitiative(ctx.Library, g.initiativeContext(), d)
	if err != nil {
		return nil, err
	}
	return []engine.Event{&InitiativeRolled{Result: *res}}, nil
}

// initiativeWait: B2 waits for the player who won the choice.
func initiativeWait(g Game) []string {
	roll := g.InitiativeNow()
	if roll == nil || g.LITN.Initiative.ChosenTurn == g.Turn || g.IsDone(roll.Chooser) {
		return nil
	}
	return []string{fmt.Sprintf("the %s player to name the first player (/litn first side:csa or side:usa)", sideName(roll.Chooser))}
}

// initiativeEnd: a B2 ended without a choice (forced, or /litn done)
// makes the chooser the first player, so that C to F have their sides.
func initiativeEnd(g Game, _ engine.Dice, _ engine.StepContext) ([]engine.Event, error) {
	roll := g.InitiativeNow()
	if roll == nil || g.LITN.Initiative.ChosenTurn == g.Turn {
		return nil, nil
	}
	return []engine.Event{&FirstChosen{By: g.Umpire, Turn: g.Turn, Chooser: roll.Chooser, First: roll.Chooser, Default: true}}, nil
}

// ----- H: the Conclusion Phase -----

func recoveryType(u Unit) UnitType {
	switch {
	case u.Militia:
		return Militia
	case u.Troops == string(Cavalry):
		return Cavalry
	case u.Troops == string(Artillery):
		return Artillery
	}
	return Infantry
}

func leaderOf(u Unit) Leader {
	return Leader{Name: u.Name, Rank: u.Rank, Command: u.Command, Initiative: u.Initiative, CombatBonus: u.CombatBonus}
}

// RecoveryHexes are the stacks 3.1 H I rolls for: each side's units
// in each hex that holds a demoralized one, with the leaders 12 and 4.2
// let them use.
func (g Game) RecoveryHexes() []RecoveryHex {
	type key struct {
		at   string
		side engine.Side
	}
	stacks := map[key][]Unit{}
	for _, u := range g.UnitsOf("") {
		if u.OnMap() {
			k := key{u.At, u.Side}
			stacks[k] = append(stacks[k], u)
		}
	}
	var keys []key
	for k, us := range stacks {
		for _, u := range us {
			if u.Demoralized && (u.IsCombat() || u.Militia) {
				keys = append(keys, k)
				break
			}
		}
	}
	sort.Slice(keys, func(i, j int) bool {
		if keys[i].at != keys[j].at {
			return keys[i].at < keys[j].at
		}
		return keys[i].side < keys[j].side
	})
	var out []RecoveryHex
	for _, k := range keys {
		h := RecoveryHex{Hex: k.at}
		for _, u := range stacks[k] {
			switch {
			case u.Role == SheetDepartment:
				l := leaderOf(u)
				h.Department = &l
			case u.Role == SheetCavalryCommander:
				l := leaderOf(u)
				h.CavalryCommander = &l
			}
			if k.side == engine.USA && !u.Militia {
				h.UnionLeaders = append(h.UnionLeaders, leaderOf(u))
			}
			if u.Militia || u.IsCombat() {
				h.Units = append(h.Units, RecoveryUnit{ID: u.ID, Name: u.Name, Type: recoveryType(u), Demoralized: u.Demoralized, Initiative: u.Initiative})
			}
		}
		out = append(out, h)
	}
	return out
}

// recoveryStep is 3.1 H I (12): a roll for every demoralized unit.
func recoveryStep(g Game, d engine.Dice, ctx engine.StepContext) ([]engine.Event, error) {
	res, err := RollMoraleRecovery(ctx.Library, g.RecoveryHexes(), d)
	if err != nil {
		return nil, err
	}
	return []engine.Event{&MoraleRecovered{Turn: g.Turn, Results: res}}, nil
}

// undepletionStep is 3.1 H II (9.2). The engine knows whether a wagon
// stayed in its hex since the Initiative Phase; the road or rail hex and
// the path of four road or rail hexes to a friendly depot are printed on
// the map only: they are the wagon's Undeplete mark, declared for the
// turn by its player (or the umpire).
func undepletionStep(g Game, _ engine.Dice, _ engine.StepContext) ([]engine.Event, error) {
	start := g.LITN.Conclusion.Start
	e := &WagonsUndepleted{Turn: g.Turn}
	for _, w := range g.WagonsOf("") {
		if !w.Depleted {
			continue
		}
		st := WagonState{ID: w.ID, Depleted: true, DepotPath: -1}
		was, ok := start.Wagons[w.ID]
		st.Stationary = start.Turn == g.Turn && ok && was == w.At
		if w.Undeplete {
			// Declared: on a road or rail hex, within four road or rail
			// hexes of a friendly depot (9.2).
			st.OnRoadOrRail, st.DepotPath = true, undepleteRange
		}
		v := UndepleteWagons([]WagonState{st})[0]
		r := WagonUndepletion{Wagon: w.ID, Side: w.Side, Undepleted: v.Undepleted, Reason: v.Reason}
		switch {
		case !st.Stationary && start.Turn != g.Turn:
			r.Reason = "the engine did not see where it stood when the turn began; it must stay put one full turn (002 9.2)"
		case !st.Stationary:
			r.Reason = fmt.Sprintf("it was in %s when the Initiative Phase began and is in %s now; it must stay put one full turn (002 9.2)", was, w.At)
			if !ok {
				r.Reason = "it was not on the map when the Initiative Phase began; it must stay put one full turn (002 9.2)"
			}
		case !w.Undeplete:
			r.Reason = "stationary all turn, but its player did not declare it on a road or rail hex within four road or rail hexes of a friendly supply depot (002 9.2; the map has no roads: docs/litn-play-turn.md)"
		case v.Undepleted:
			r.Reason = fmt.Sprintf("stationary all turn in %s, declared on a road or rail hex within four road or rail hexes of a friendly supply depot: flipped to its undepleted side (002 9.2; 3.1 H II)", w.At)
		}
		e.Results = append(e.Results, r)
	}
	return []engine.Event{e}, nil
}

// PlaceHolds are 15.1's holds at the end of the turn, from where the
// Confederate infantry stands now and stood as the Initiative Phase began
// (TurnStart): one per VP place with Confederate infantry in it, the
// unit that best meets 15.1. Its LOC is the one declared for it (the map
// has no roads to trace it on; /litn declare loc:, docs/litn-play-turn.md).
func (g Game) PlaceHolds(values map[string]VPPlace) []PlaceHold {
	start := g.LITN.Conclusion.Start
	var hexes []string
	for h := range values {
		hexes = append(hexes, h)
	}
	sort.Strings(hexes)
	var out []PlaceHold
	for _, hex := range hexes {
		union := false
		for id, at := range start.At {
			if u, ok := g.LITN.Units[id]; ok && u.Side == engine.USA && at == hex && start.Turn == g.Turn {
				union = true
			}
		}
		var cands []PlaceHold
		for _, u := range g.UnitsAt(hex) {
			if u.Side == engine.USA {
				union = true
				continue
			}
			if !u.IsCombat() || u.Militia {
				continue
			}
			// 7.2: the unit's line of communications as its side or the
			// umpire declared it (/litn declare loc:), in LOC by default.
			h := PlaceHold{Hex: hex, Unit: u.Name, Type: recoveryType(u), LowestStrength: u.Strength, LOC: !g.LITN.Moves.NoLOC[u.ID]}
			if start.Turn == g.Turn && start.At[u.ID] == hex {
				h.WholeTurn = true
				h.LowestStrength = min(h.LowestStrength, start.Strength[u.ID])
			}
			cands = append(cands, h)
		}
		if len(cands) == 0 {
			continue
		}
		sort.SliceStable(cands, func(i, j int) bool {
			a, b := cands[i], cands[j]
			if (a.Type == Infantry) != (b.Type == Infantry) {
				return a.Type == Infantry
			}
			if a.WholeTurn != b.WholeTurn {
				return a.WholeTurn
			}
			return a.LowestStrength > b.LowestStrength
		})
		best := cands[0]
		best.UnionEntered = union
		out = append(out, best)
	}
	return out
}

// endOfGame is the position 15.1's end-of-game awards look at: the
// Confederate infantry's hexes, the railroad hexes the map knows (rail-bh,
// rail-wb: only the end cities 002 names) and whether a Harrisburg bridge
// place is destroyed (the movement module's DestroyedBridges).
func (g Game) endOfGame(m *engine.Theatre) (EndOfGame, error) {
	if m == nil {
		return EndOfGame{}, fmt.Errorf("engine: the LITN map is not loaded")
	}
	var e EndOfGame
	inf := map[string]bool{}
	for _, u := range g.UnitsOf(engine.CSA) {
		if u.OnMap() && u.IsCombat() && !u.Militia && recoveryType(u) == Infantry && !inf[u.At] {
			inf[u.At] = true
			e.InfantryHexes = append(e.InfantryHexes, u.At)
		}
	}
	sort.Strings(e.InfantryHexes)
	for i := range m.Places {
		p := &m.Places[i]
		at := fmt.Sprintf("%02d%02d", p.Ref.Col, p.Ref.Row)
		if p.Is("rail-bh") {
			e.BaltimoreHarrisburg = append(e.BaltimoreHarrisburg, at)
		}
		if p.Is("rail-wb") {
			e.WashingtonBaltimore = append(e.WashingtonBaltimore, at)
		}
		if p.Is("bridge") && p.Values["vp_destroyed"] > 0 && g.LITN.Moves.DestroyedBridges[p.Name] {
			e.HarrisburgBridgeDestroyed = true
		}
	}
	for name, gone := range g.LITN.Moves.DestroyedBridges {
		if gone && strings.HasPrefix(strings.ToLower(name), "harrisburg bridge 3902/4002") {
			e.HarrisburgBridgeDestroyed = true
		}
	}
	return e, nil
}

// victoryStep is 3.1 H III: this turn's major victories (10.8) and
// places (15.1); on the scenario's last turn rail interdiction, the
// Harrisburg bridge (15.1) and the level of victory (15.2, 15.5).
func victoryStep(g Game, _ engine.Dice, ctx engine.StepContext) ([]engine.Event, error) {
	lib := ctx.Library
	values, err := PlaceValues(lib, nil, nil)
	if err != nil {
		return nil, err
	}
	other, err := OtherVPs(lib)
	if err != nil {
		return nil, err
	}
	places, ctl, err := ScorePlaces(values, g.LITN.Control, g.PlaceHolds(values))
	if err != nil {
		return nil, err
	}
	e := &VictoryRecorded{Turn: g.Turn, Places: places, Control: ctl, MajorVP: other.MajorVictory}
	var turn Score
	for _, s := range g.MajorVictories() {
		e.MajorVictories = append(e.MajorVictories, s)
		turn = turn.add(s, other.MajorVictory)
	}
	for _, p := range places {
		if p.Scored {
			turn = turn.add(engine.CSA, p.VP)
		}
	}
	last := g.LastTurn()
	e.Last = last > 0 && g.Turn >= last
	if e.Last {
		end, err := g.endOfGame(ctx.Map)
		if err != nil {
			return nil, err
		}
		if e.EndAwards, err = EndAwards(lib, end); err != nil {
			return nil, err
		}
		for _, a := range e.EndAwards {
			if a.Scored {
				turn = turn.add(engine.CSA, a.VP)
			}
		}
	}
	e.ThisTurn = turn
	e.Score = Score{CSA: g.LITN.Score.CSA + turn.CSA, USA: g.LITN.Score.USA + turn.USA}
	if e.Last {
		lv, err := VictoryLevelFor(lib, Year(g.Options.Scenario), e.Score.Net())
		if err != nil {
			return nil, err
		}
		e.Final = &lv
	}
	return []engine.Event{e}, nil
}

// gameOver ends H3: on the scenario's last turn there is no next turn
// (the turn record ends), and /phase next says so.
func gameOver(g Game, _ engine.Dice, _ engine.StepContext) ([]engine.Event, error) {
	last := g.LastTurn()
	if last == 0 || g.Turn < last {
		return nil, nil
	}
	what := fmt.Sprintf("The game is over: turn %d is the scenario's last and its Conclusion Phase is done", g.Turn)
	if f := g.LITN.Conclusion.Final; f != nil {
		what += fmt.Sprintf(" (%s, net Confederate %s VPs)", f.Level, f.Net)
	}
	return nil, &engine.RuleError{Kind: engine.ErrIllegal, Code: "litn.game-over", What: what,
		Hint: "The umpire ends the game with /game end (it reveals the dice seed for /game audit)", Rule: "002 15.1"}
}

// ----- words -----

func unitName(g Game, id string) string {
	if u, ok := g.LITN.Units[id]; ok && u.Name != "" {
		return u.Name
	}
	return id
}

func and(xs []string) string {
	switch len(xs) {
	case 0:
		return ""
	case 1:
		return xs[0]
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " and " + xs[len(xs)-1]
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
