package engine

import (
	"fmt"
	"sort"
	"strings"
)

// 3.1 B (Initiative) and H (Conclusion) in play (issue 10): the steps B1
// Lost Dispatch (002 5.1), B2 Initiative (5), H1 Morale Recovery (12), H2
// Wagon Undepletion (9.2) and H3 Victory Points (15.1), and the end of the
// game on the scenario's last turn (15.2, 15.5). The rolls are the pure
// pieces of litn_initiative.go and litn_conclusion.go, on the shipped
// tables (no chart slot). docs/litn-play-turn.md.

// ----- state -----

// LITNInitiativePlay is 3.1 B's state.
type LITNInitiativePlay struct {
	// Found: the Union holds the Lost Dispatch (5.1), since FoundTurn.
	Found     bool
	FoundTurn int
	// Released are the Union units the discovery released (15.2: Miles
	// and White), by id.
	Released []string
	// DispatchTurn is the turn of the last Lost Dispatch roll (B1).
	DispatchTurn int
	// Roll is the latest initiative roll (Roll.Turn is its turn).
	Roll *LITNInitiative
	// ChosenTurn is the turn First was chosen for.
	ChosenTurn int
}

// LITNLostDispatchFound reports whether the Union holds the Lost Dispatch
// (5.1; the Command Phase's modifier reads it).
func (g LITNGame) LITNLostDispatchFound() bool { return g.LITN.Initiative.Found }

// LITNReleasedByDispatch reports whether the discovery of the Lost
// Dispatch released the unit (15.2: "Both units are released when the
// Lost Dispatch is discovered").
func (g LITNGame) LITNReleasedByDispatch(id string) bool {
	for _, r := range g.LITN.Initiative.Released {
		if r == id {
			return true
		}
	}
	return false
}

// LITNInitiativeNow is this turn's initiative roll (nil before B2).
func (g LITNGame) LITNInitiativeNow() *LITNInitiative {
	if r := g.LITN.Initiative.Roll; r != nil && r.Turn == g.Turn {
		return r
	}
	return nil
}

// LITNConclusionPlay is 3.1 H's state.
type LITNConclusionPlay struct {
	// Start is the position as the Initiative Phase began: 15.1's "one
	// complete turn" and 9.2's "stationary for one full turn" are judged
	// against it (nothing moves in the Initial Phase).
	Start LITNTurnStart
	// Final is the level of victory, set by the last turn's H3.
	Final *LITNVictoryLevel
}

// LITNTurnStart is where the units and wagons stood as a turn's Initiative
// Phase began.
type LITNTurnStart struct {
	Turn     int
	At       map[string]string // unit id -> printed hex (on the map only)
	Strength map[string]int
	Wagons   map[string]string // wagon id -> printed hex
}

func (g LITNGame) litnTurnStart() LITNTurnStart {
	s := LITNTurnStart{Turn: g.Turn, At: map[string]string{}, Strength: map[string]int{}, Wagons: map[string]string{}}
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
	EventLITNLostDispatch   = "litn.lost-dispatch"
	EventLITNInitiative     = "litn.initiative"
	EventLITNFirstChosen    = "litn.first-chosen"
	EventLITNMoraleRecovery = "litn.morale-recovery"
	EventLITNUndepletion    = "litn.wagon-undepletion"
	EventLITNVictoryPoints  = "litn.victory-points"
)

// LITNDispatchRolled is 3.1 B I: the Union's Lost Dispatch roll (5.1).
type LITNDispatchRolled struct {
	Turn  int        `json:"turn"`
	Roll  *TableRoll `json:"roll"`
	Found bool       `json:"found"`
	// UnionCommandPointModifier is 5.1's +1, from the table's own values.
	UnionCommandPointModifier int `json:"union_command_point_modifier,omitempty"`
	// Released are the units 15.2 releases (Miles and White), by id.
	Released []string `json:"released,omitempty"`
}

// EventType implements Event.
func (*LITNDispatchRolled) EventType() string { return EventLITNLostDispatch }

// Say implements LITNSayer: the roll is the table's (public).
func (e *LITNDispatchRolled) Say(g LITNGame) []LITNSay {
	t := fmt.Sprintf("🔎 **Lost Dispatch**, turn %d (002 3.1 B I, 5.1; table %s): the Union player rolled %d: %s.", e.Turn, e.Roll.Table, e.Roll.Total, e.Roll.Name)
	if e.Found {
		t += fmt.Sprintf(" From now on the Union player rolls for initiative (1-5 he chooses the first player, 6 the Confederate does) and adds %d to his Command Point Table rolls (5.1).", e.UnionCommandPointModifier)
		var names []string
		for _, id := range e.Released {
			names = append(names, litnUnitName(g, id))
		}
		if len(names) > 0 {
			t += fmt.Sprintf(" %s released (15.2).", litnAnd(names)+litnPlural(len(names), " is", " are"))
		} else {
			t += " Miles and White are released (15.2)."
		}
	} else {
		t += " The Union player tries again next turn."
	}
	return []LITNSay{{To: "all", Text: t}}
}

// LITNInitiativeRolled is 3.1 B II: the initiative roll (5).
type LITNInitiativeRolled struct {
	Result LITNInitiative `json:"result"`
}

// EventType implements Event.
func (*LITNInitiativeRolled) EventType() string { return EventLITNInitiative }

// Say implements LITNSayer (public).
func (e *LITNInitiativeRolled) Say(g LITNGame) []LITNSay {
	t := "🎲 " + e.Result.Explain() + fmt.Sprintf(" The %s player now names the first player: /litn first side:csa or side:usa.", litnSideName(e.Result.Chooser))
	return []LITNSay{{To: "all", Text: t}}
}

// LITNFirstChosen records who moves first this turn (5).
type LITNFirstChosen struct {
	By      Actor `json:"by"`
	Turn    int   `json:"turn"`
	Chooser Side  `json:"chooser"`
	First   Side  `json:"first"`
	// Default: the step ended without a choice; the chooser moves first.
	Default bool `json:"default,omitempty"`
}

// EventType implements Event.
func (*LITNFirstChosen) EventType() string { return EventLITNFirstChosen }

// Say implements LITNSayer (public).
func (e *LITNFirstChosen) Say(g LITNGame) []LITNSay {
	if e.Default {
		return []LITNSay{{To: "all", Text: fmt.Sprintf("➡️ The Initiative step ended before the %s player named the first player: by default the %s player, who had the choice, moves first this turn (002 5; docs/litn-play-turn.md).",
			litnSideName(e.Chooser), litnSideName(e.First))}}
	}
	who := fmt.Sprintf("The %s player", litnSideName(e.Chooser))
	if g.IsUmpire(e.By) && g.LITNSideOf(e.By) != e.Chooser {
		who = fmt.Sprintf("The umpire, for the %s player,", litnSideName(e.Chooser))
	}
	return []LITNSay{{To: "all", Text: fmt.Sprintf("➡️ %s chooses: the %s player is the first player this turn; the %s player moves second (002 5).",
		who, litnSideName(e.First), litnSideName(enemyOf(e.First)))}}
}

// LITNMoraleRecovered is 3.1 H I: the morale recovery rolls (12).
type LITNMoraleRecovered struct {
	Turn    int            `json:"turn"`
	Results []LITNRecovery `json:"results,omitempty"`
}

// EventType implements Event.
func (*LITNMoraleRecovered) EventType() string { return EventLITNMoraleRecovery }

// Say implements LITNSayer: who recovers is public (the counter is flipped);
// the rolls and the initiative ratings used are the side's (002 2.5).
func (e *LITNMoraleRecovered) Say(g LITNGame) []LITNSay {
	if len(e.Results) == 0 {
		return []LITNSay{{To: "all", Text: fmt.Sprintf("Morale Recovery, turn %d (002 3.1 H I, 12): no unit is demoralized.", e.Turn)}}
	}
	var pub []string
	own := map[Side][]string{}
	for _, r := range e.Results {
		u := g.LITN.Units[r.Unit]
		v := "stays demoralized"
		if r.Recovered {
			v = "recovers its morale"
		}
		pub = append(pub, fmt.Sprintf("%s (%s) %s", litnUnitName(g, r.Unit), r.Hex, v))
		named := r
		named.Unit = litnUnitName(g, r.Unit) // the player reads names, not ids
		own[u.Side] = append(own[u.Side], named.Explain())
	}
	out := []LITNSay{{To: "all", Text: fmt.Sprintf("Morale Recovery, turn %d (002 3.1 H I, 12): %s.", e.Turn, strings.Join(pub, "; "))}}
	for _, s := range []Side{CSA, USA} {
		if len(own[s]) > 0 {
			out = append(out, LITNSay{To: string(s), Text: "Your morale recovery rolls (002 12):\n" + strings.Join(own[s], "\n")})
		}
	}
	return out
}

// LITNWagonUndepletion is one wagon's verdict in 3.1 H II.
type LITNWagonUndepletion struct {
	Wagon      string `json:"wagon"`
	Side       Side   `json:"side"`
	Undepleted bool   `json:"undepleted"`
	Reason     string `json:"reason"`
}

// LITNWagonsUndepleted is 3.1 H II (9.2).
type LITNWagonsUndepleted struct {
	Turn    int                    `json:"turn"`
	Results []LITNWagonUndepletion `json:"results,omitempty"`
}

// EventType implements Event.
func (*LITNWagonsUndepleted) EventType() string { return EventLITNUndepletion }

// Say implements LITNSayer: wagons are each side's own (the status shows
// no enemy wagon).
func (e *LITNWagonsUndepleted) Say(g LITNGame) []LITNSay {
	own := map[Side][]string{}
	for _, r := range e.Results {
		own[r.Side] = append(own[r.Side], fmt.Sprintf("Wagon %s: %s.", r.Wagon, r.Reason))
	}
	var out []LITNSay
	for _, s := range []Side{CSA, USA} {
		if len(own[s]) > 0 {
			out = append(out, LITNSay{To: string(s), Text: fmt.Sprintf("Wagon Undepletion, turn %d (002 3.1 H II, 9.2):\n%s", e.Turn, strings.Join(own[s], "\n"))})
		}
	}
	if len(out) == 0 {
		out = append(out, LITNSay{To: "umpire", Text: fmt.Sprintf("Wagon Undepletion, turn %d (002 3.1 H II): no depleted wagon.", e.Turn)})
	}
	return out
}

// LITNVictoryRecorded is 3.1 H III: the victory points of the turn (10.8,
// 15.1), and on the last turn the end-of-game awards and the level of
// victory (15.1, 15.2, 15.5).
type LITNVictoryRecorded struct {
	Turn           int                    `json:"turn"`
	MajorVictories []Side                 `json:"major_victories,omitempty"`
	MajorVP        LITNVP                 `json:"major_vp,omitempty"`
	Places         []LITNPlaceAward       `json:"places,omitempty"`
	Control        map[string]LITNControl `json:"control"`
	EndAwards      []LITNEndAward         `json:"end_awards,omitempty"`
	ThisTurn       LITNScore              `json:"this_turn"`
	Score          LITNScore              `json:"score"`
	Last           bool                   `json:"last,omitempty"`
	Final          *LITNVictoryLevel      `json:"final,omitempty"`
}

// EventType implements Event.
func (*LITNVictoryRecorded) EventType() string { return EventLITNVictoryPoints }

// Say implements LITNSayer: VPs, control and the result are public; why a
// held place did not score may name the unit's strength, so it is the
// Confederate player's alone (002 2.5).
func (e *LITNVictoryRecorded) Say(g LITNGame) []LITNSay {
	var b strings.Builder
	fmt.Fprintf(&b, "🏛️ **Victory Points**, turn %d (002 3.1 H III, 15.1):", e.Turn)
	n := 0
	line := func(f string, a ...any) { b.WriteString("\n- " + fmt.Sprintf(f, a...)); n++ }
	for _, s := range e.MajorVictories {
		line("%s major victory: %s VPs (002 10.8).", litnSideName(s), e.MajorVP)
	}
	var secret []string
	loc := false
	for _, p := range e.Places {
		if !p.Scored {
			secret = append(secret, fmt.Sprintf("%s (%s), held by %s: not scored: %s.", p.Name, p.Hex, p.Unit, p.Reason))
			continue
		}
		face := "face up"
		if p.Control == LITNControlHalf {
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
	out := []LITNSay{{To: "all", Text: b.String()}}
	if len(secret) > 0 {
		out = append(out, LITNSay{To: string(CSA), Text: "Places your infantry held that did not score (002 15.1):\n" + strings.Join(secret, "\n")})
	}
	return out
}

// ----- commands -----

// LITNFirst is the choice of the first player by the player the
// initiative roll named (002 5); the umpire may make it for him.
type LITNFirst struct {
	By    Actor
	First Side
}

// CommandName implements Command.
func (LITNFirst) CommandName() string { return "litn first" }

// ----- the module -----

// litnTurnSteps: the Initiative Phase (B: 5) and the Conclusion Phase
// (H: 12, 9.2, 15.1), the last of which may end the game.
func litnTurnSteps() []litnStep {
	lostDispatch := func(g LITNGame) (bool, string) {
		c := g.litnInitiativeContext()
		switch {
		case LITNLostDispatchDue(c):
			return true, ""
		case c.Year != 1862:
			return false, "1862 scenarios only (002 3.1 B I)"
		case c.LostDispatchFound:
			return false, fmt.Sprintf("the Union found the Lost Dispatch on turn %d (002 5.1)", g.LITN.Initiative.FoundTurn)
		}
		return false, fmt.Sprintf("the Union rolls from turn %d (002 5.1)", litnLostDispatchFrom)
	}
	return []litnStep{
		{ID: LITNStepLostDispatch, Happens: lostDispatch, Begin: litnLostDispatchStep},
		{ID: LITNStepInitiative, Begin: litnInitiativeStep, Wait: litnInitiativeWait, End: litnInitiativeEnd},
		{ID: LITNStepRecovery, Begin: litnRecoveryStep},
		{ID: LITNStepUndepletion, Begin: litnUndepletionStep},
		{ID: LITNStepVictory, Begin: litnVictoryStep, End: litnGameOver},
	}
}

func (g LITNGame) litnInitiativeContext() LITNInitiativeContext {
	return LITNInitiativeContext{Year: LITNYear(g.Options.Scenario), Turn: g.Turn, LostDispatchFound: g.LITN.Initiative.Found,
		DispatchRolled: g.LITN.Initiative.DispatchTurn == g.Turn}
}

func decideLITNTurn(g LITNGame, cmd Command, _ Dice) ([]Event, bool, error) {
	c, ok := cmd.(LITNFirst)
	if !ok {
		return nil, false, nil
	}
	evs, err := g.decideLITNFirst(c)
	return evs, true, err
}

func (g LITNGame) decideLITNFirst(c LITNFirst) ([]Event, error) {
	if err := g.litnNeedStep(c.By, "Choosing the first player", LITNStepInitiative); err != nil {
		return nil, err
	}
	roll := g.LITNInitiativeNow()
	if roll == nil {
		return nil, illegal("litn.first.roll", "The initiative roll of this turn has not been made", "The umpire begins step B2 with /phase next")
	}
	side := g.LITNSideOf(c.By)
	if g.IsUmpire(c.By) {
		side = roll.Chooser // the umpire chooses for the player the roll named
	}
	if g.LITN.Initiative.ChosenTurn == g.Turn && !g.IsUmpire(c.By) {
		return nil, illegal("litn.first.chosen", fmt.Sprintf("The %s player is already the first player this turn: the choice is made once (002 5)", litnSideName(g.LITN.First)),
			"Ask the umpire if it was a mistake: he may choose again")
	}
	first, err := LITNChooseFirst(*roll, side, c.First)
	if err != nil {
		return nil, err
	}
	return []Event{&LITNFirstChosen{By: c.By, Turn: g.Turn, Chooser: roll.Chooser, First: first}}, nil
}

func applyLITNTurn(g LITNGame, e Event) (LITNGame, bool) {
	switch e := e.(type) {
	case *LITNDispatchRolled:
		g.LITN.Initiative.DispatchTurn = e.Turn
		if e.Found {
			g.LITN.Initiative.Found, g.LITN.Initiative.FoundTurn = true, e.Turn
			g.LITN.Initiative.Released = append([]string(nil), e.Released...)
		}
		return g, true
	case *LITNInitiativeRolled:
		r := e.Result
		g.LITN.Initiative.Roll = &r
		g.LITN.First = "" // chosen anew each turn (002 5)
		g.LITN.Conclusion.Start = g.litnTurnStart()
		return g, true
	case *LITNFirstChosen:
		g.LITN.First = e.First
		g.LITN.Initiative.ChosenTurn = e.Turn
		m := make(map[string]bool, len(g.LITN.Done)+1)
		for k, v := range g.LITN.Done {
			m[k] = v
		}
		m[litnKey(e.Turn, LITNStepInitiative, e.Chooser)] = true
		g.LITN.Done = m
		return g, true
	case *LITNMoraleRecovered:
		var us []LITNUnit
		for _, r := range e.Results {
			if u, ok := g.LITN.Units[r.Unit]; ok && r.Recovered {
				u.Demoralized = false
				us = append(us, u)
			}
		}
		return g.withLITNUnits(us...), true
	case *LITNWagonsUndepleted:
		done := map[string]bool{}
		for _, r := range e.Results {
			done[r.Wagon] = r.Undepleted
		}
		var ws []LITNWagonPiece
		for _, w := range g.LITNWagonsOf("") {
			// A declaration holds for the turn it was made in.
			w.Undeplete = false
			if done[w.ID] {
				w.Depleted = false
			}
			ws = append(ws, w)
		}
		return g.withLITNWagons(ws...), true
	case *LITNVictoryRecorded:
		ctl := make(map[string]LITNControl, len(e.Control))
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

// litnLostDispatchStep is 3.1 B I: the Union rolls on litn.lost-dispatch
// (5.1); a discovery releases Miles and White (15.2).
func litnLostDispatchStep(g LITNGame, d Dice, ctx StepContext) ([]Event, error) {
	tb, err := litnTable(ctx.Library, LITNTableLostDispatch)
	if err != nil {
		return nil, err
	}
	r, err := tb.Roll(d, Facts{})
	if err != nil {
		return nil, err
	}
	e := &LITNDispatchRolled{Turn: g.Turn, Roll: r, Found: r.Outcome == "found"}
	if e.Found {
		e.UnionCommandPointModifier = r.Values["union_command_point_modifier"]
		if o := tb.Outcome("found"); o != nil && e.UnionCommandPointModifier == 0 {
			e.UnionCommandPointModifier = o.Values["union_command_point_modifier"]
		}
		for _, u := range g.LITNUnitsOf(USA) {
			if litnMilesOrWhite(u) {
				e.Released = append(e.Released, u.ID)
			}
		}
	}
	return []Event{e}, nil
}

// litnMilesOrWhite: the two Union units of 15.2, by name (the sheets'
// ids are the group's).
func litnMilesOrWhite(u LITNUnit) bool {
	n := strings.ToLower(strings.TrimSpace(u.Name))
	return n == "miles" || n == "white" || strings.HasSuffix(n, " miles") || strings.HasSuffix(n, " white")
}

// litnInitiativeStep is 3.1 B II: the initiative roll (5; by the Union
// once the dispatch is found, 5.1). It also notes where everything stands
// for the Conclusion Phase (LITNTurnStart).
func litnInitiativeStep(g LITNGame, d Dice, ctx StepContext) ([]Event, error) {
	res, err := RollLITNInitiative(ctx.Library, g.litnInitiativeContext(), d)
	if err != nil {
		return nil, err
	}
	return []Event{&LITNInitiativeRolled{Result: *res}}, nil
}

// litnInitiativeWait: B2 waits for the player who won the choice.
func litnInitiativeWait(g LITNGame) []string {
	roll := g.LITNInitiativeNow()
	if roll == nil || g.LITN.Initiative.ChosenTurn == g.Turn || g.LITNIsDone(roll.Chooser) {
		return nil
	}
	return []string{fmt.Sprintf("the %s player to name the first player (/litn first side:csa or side:usa)", litnSideName(roll.Chooser))}
}

// litnInitiativeEnd: a B2 ended without a choice (forced, or /litn done)
// makes the chooser the first player, so that C to F have their sides.
func litnInitiativeEnd(g LITNGame, _ Dice, _ StepContext) ([]Event, error) {
	roll := g.LITNInitiativeNow()
	if roll == nil || g.LITN.Initiative.ChosenTurn == g.Turn {
		return nil, nil
	}
	return []Event{&LITNFirstChosen{By: g.Umpire, Turn: g.Turn, Chooser: roll.Chooser, First: roll.Chooser, Default: true}}, nil
}

// ----- H: the Conclusion Phase -----

func litnRecoveryType(u LITNUnit) LITNUnitType {
	switch {
	case u.Militia:
		return LITNMilitia
	case u.Troops == string(LITNCavalry):
		return LITNCavalry
	case u.Troops == string(LITNArtillery):
		return LITNArtillery
	}
	return LITNInfantry
}

func litnLeaderOf(u LITNUnit) LITNLeader {
	return LITNLeader{Name: u.Name, Rank: u.Rank, Command: u.Command, Initiative: u.Initiative, CombatBonus: u.CombatBonus}
}

// LITNRecoveryHexes are the stacks 3.1 H I rolls for: each side's units
// in each hex that holds a demoralized one, with the leaders 12 and 4.2
// let them use.
func (g LITNGame) LITNRecoveryHexes() []LITNRecoveryHex {
	type key struct {
		at   string
		side Side
	}
	stacks := map[key][]LITNUnit{}
	for _, u := range g.LITNUnitsOf("") {
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
	var out []LITNRecoveryHex
	for _, k := range keys {
		h := LITNRecoveryHex{Hex: k.at}
		for _, u := range stacks[k] {
			switch {
			case u.Role == SheetDepartment:
				l := litnLeaderOf(u)
				h.Department = &l
			case u.Role == SheetCavalryCommander:
				l := litnLeaderOf(u)
				h.CavalryCommander = &l
			}
			if k.side == USA && !u.Militia {
				h.UnionLeaders = append(h.UnionLeaders, litnLeaderOf(u))
			}
			if u.Militia || u.IsCombat() {
				h.Units = append(h.Units, LITNRecoveryUnit{ID: u.ID, Name: u.Name, Type: litnRecoveryType(u), Demoralized: u.Demoralized, Initiative: u.Initiative})
			}
		}
		out = append(out, h)
	}
	return out
}

// litnRecoveryStep is 3.1 H I (12): a roll for every demoralized unit.
func litnRecoveryStep(g LITNGame, d Dice, ctx StepContext) ([]Event, error) {
	res, err := RollLITNMoraleRecovery(ctx.Library, g.LITNRecoveryHexes(), d)
	if err != nil {
		return nil, err
	}
	return []Event{&LITNMoraleRecovered{Turn: g.Turn, Results: res}}, nil
}

// litnUndepletionStep is 3.1 H II (9.2). The engine knows whether a wagon
// stayed in its hex since the Initiative Phase; the road or rail hex and
// the path of four road or rail hexes to a friendly depot are printed on
// the map only: they are the wagon's Undeplete mark, declared for the
// turn by its player (or the umpire).
func litnUndepletionStep(g LITNGame, _ Dice, _ StepContext) ([]Event, error) {
	start := g.LITN.Conclusion.Start
	e := &LITNWagonsUndepleted{Turn: g.Turn}
	for _, w := range g.LITNWagonsOf("") {
		if !w.Depleted {
			continue
		}
		st := LITNWagonState{ID: w.ID, Depleted: true, DepotPath: -1}
		was, ok := start.Wagons[w.ID]
		st.Stationary = start.Turn == g.Turn && ok && was == w.At
		if w.Undeplete {
			// Declared: on a road or rail hex, within four road or rail
			// hexes of a friendly depot (9.2).
			st.OnRoadOrRail, st.DepotPath = true, litnUndepleteRange
		}
		v := LITNUndepleteWagons([]LITNWagonState{st})[0]
		r := LITNWagonUndepletion{Wagon: w.ID, Side: w.Side, Undepleted: v.Undepleted, Reason: v.Reason}
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
	return []Event{e}, nil
}

// LITNPlaceHolds are 15.1's holds at the end of the turn, from where the
// Confederate infantry stands now and stood as the Initiative Phase began
// (LITNTurnStart): one per VP place with Confederate infantry in it, the
// unit that best meets 15.1. Its LOC is the one declared for it (the map
// has no roads to trace it on; /litn declare loc:, docs/litn-play-turn.md).
func (g LITNGame) LITNPlaceHolds(values map[string]LITNVPPlace) []LITNPlaceHold {
	start := g.LITN.Conclusion.Start
	var hexes []string
	for h := range values {
		hexes = append(hexes, h)
	}
	sort.Strings(hexes)
	var out []LITNPlaceHold
	for _, hex := range hexes {
		union := false
		for id, at := range start.At {
			if u, ok := g.LITN.Units[id]; ok && u.Side == USA && at == hex && start.Turn == g.Turn {
				union = true
			}
		}
		var cands []LITNPlaceHold
		for _, u := range g.LITNUnitsAt(hex) {
			if u.Side == USA {
				union = true
				continue
			}
			if !u.IsCombat() || u.Militia {
				continue
			}
			// 7.2: the unit's line of communications as its side or the
			// umpire declared it (/litn declare loc:), in LOC by default.
			h := LITNPlaceHold{Hex: hex, Unit: u.Name, Type: litnRecoveryType(u), LowestStrength: u.Strength, LOC: !g.LITN.Moves.NoLOC[u.ID]}
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
			if (a.Type == LITNInfantry) != (b.Type == LITNInfantry) {
				return a.Type == LITNInfantry
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

// litnEndOfGame is the position 15.1's end-of-game awards look at: the
// Confederate infantry's hexes, the railroad hexes the map knows (rail-bh,
// rail-wb: only the end cities 002 names) and whether a Harrisburg bridge
// place is destroyed (the movement module's DestroyedBridges).
func (g LITNGame) litnEndOfGame(m *Theatre) (LITNEndOfGame, error) {
	if m == nil {
		return LITNEndOfGame{}, fmt.Errorf("engine: the LITN map is not loaded")
	}
	var e LITNEndOfGame
	inf := map[string]bool{}
	for _, u := range g.LITNUnitsOf(CSA) {
		if u.OnMap() && u.IsCombat() && !u.Militia && litnRecoveryType(u) == LITNInfantry && !inf[u.At] {
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

// litnVictoryStep is 3.1 H III: this turn's major victories (10.8) and
// places (15.1); on the scenario's last turn rail interdiction, the
// Harrisburg bridge (15.1) and the level of victory (15.2, 15.5).
func litnVictoryStep(g LITNGame, _ Dice, ctx StepContext) ([]Event, error) {
	lib := ctx.Library
	values, err := LITNPlaceValues(lib, nil, nil)
	if err != nil {
		return nil, err
	}
	other, err := LITNOtherVPs(lib)
	if err != nil {
		return nil, err
	}
	places, ctl, err := LITNScorePlaces(values, g.LITN.Control, g.LITNPlaceHolds(values))
	if err != nil {
		return nil, err
	}
	e := &LITNVictoryRecorded{Turn: g.Turn, Places: places, Control: ctl, MajorVP: other.MajorVictory}
	var turn LITNScore
	for _, s := range g.LITNMajorVictories() {
		e.MajorVictories = append(e.MajorVictories, s)
		turn = turn.add(s, other.MajorVictory)
	}
	for _, p := range places {
		if p.Scored {
			turn = turn.add(CSA, p.VP)
		}
	}
	last := g.LastTurn()
	e.Last = last > 0 && g.Turn >= last
	if e.Last {
		end, err := g.litnEndOfGame(ctx.Map)
		if err != nil {
			return nil, err
		}
		if e.EndAwards, err = LITNEndAwards(lib, end); err != nil {
			return nil, err
		}
		for _, a := range e.EndAwards {
			if a.Scored {
				turn = turn.add(CSA, a.VP)
			}
		}
	}
	e.ThisTurn = turn
	e.Score = LITNScore{CSA: g.LITN.Score.CSA + turn.CSA, USA: g.LITN.Score.USA + turn.USA}
	if e.Last {
		lv, err := LITNVictoryLevelFor(lib, LITNYear(g.Options.Scenario), e.Score.Net())
		if err != nil {
			return nil, err
		}
		e.Final = &lv
	}
	return []Event{e}, nil
}

// litnGameOver ends H3: on the scenario's last turn there is no next turn
// (the turn record ends), and /phase next says so.
func litnGameOver(g LITNGame, _ Dice, _ StepContext) ([]Event, error) {
	last := g.LastTurn()
	if last == 0 || g.Turn < last {
		return nil, nil
	}
	what := fmt.Sprintf("The game is over: turn %d is the scenario's last and its Conclusion Phase is done", g.Turn)
	if f := g.LITN.Conclusion.Final; f != nil {
		what += fmt.Sprintf(" (%s, net Confederate %s VPs)", f.Level, f.Net)
	}
	return nil, &RuleError{Kind: ErrIllegal, Code: "litn.game-over", What: what,
		Hint: "The umpire ends the game with /game end (it reveals the dice seed for /game audit)", Rule: "002 15.1"}
}

// ----- words -----

func litnUnitName(g LITNGame, id string) string {
	if u, ok := g.LITN.Units[id]; ok && u.Name != "" {
		return u.Name
	}
	return id
}

func litnAnd(xs []string) string {
	switch len(xs) {
	case 0:
		return ""
	case 1:
		return xs[0]
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " and " + xs[len(xs)-1]
}

func litnPlural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
