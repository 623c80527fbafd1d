package litn

import (
	"fmt"
	"sort"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// 3.1 D, F: the Movement Phase in play. As the step begins every phasing
// unit gets its allowance from its hex's CPs (7.1) and arrivals their
// full allowance (15.5); MoveCmd moves a force along a declared path
// (8.1-8.4, 8.6 force march), and Moved says what happened.

// beginMovement computes every phasing unit's allowance from its hex's
// CPs (7.1).
func (g Game) beginMovement(step string) ([]engine.Event, error) {
	side := g.PhaseSide(step)
	if side == "" {
		return nil, engine.Illegal("litn.command.first", "The Initiative Phase has not said who moves first (002 3.1 B II)", "Settle the initiative first")
	}
	var missing []string
	byHex := map[string][]MoveUnit{}
	hexOf := map[string]engine.Hex{}
	for _, u := range g.UnitsOf(side) {
		if !u.OnMap() {
			continue
		}
		if _, ok := g.LITN.Moves.BasicMA[mAKind(u)]; !ok {
			missing = append(missing, mAKind(u))
		}
		byHex[u.At] = append(byHex[u.At], g.moveUnit(u))
		hexOf[u.At] = u.Hex
	}
	for _, w := range g.WagonsOf(side) {
		byHex[w.At] = append(byHex[w.At], g.wagonUnit(w))
		hexOf[w.At] = w.Hex
		if _, ok := g.LITN.Moves.BasicMA["wagon"]; !ok {
			missing = append(missing, "wagon")
		}
	}
	if len(missing) > 0 {
		sort.Strings(missing)
		return nil, engine.Illegal("litn.move.basic-ma", "The basic movement allowances printed on the map are not recorded for: "+strings.Join(lpmDedupe(missing), ", "),
			"The umpire records them: /litn declare ma:infantry=N,cavalry=N,artillery=N,wagon=N,leader=N (002 7.1 A), then /phase next")
	}
	ph := g.CommandOf(side)
	enemies := g.enemyHexes(side)
	e := &MovementBegun{Turn: g.Turn, Step: step, Side: side, Allowance: map[string]UnitAllowance{}, Start: map[string]string{}}
	for _, at := range lpmKeys(byHex) {
		ha := ph.Allowance(commandHex(at, hexOf[at], byHex[at]), enemies)
		ha.Label = at
		for _, a := range ha.Units {
			e.Allowance[a.Unit] = a
			e.Start[a.Unit] = at
		}
		e.Hexes = append(e.Hexes, ha)
	}
	// 15.5: the units due to enter, with their full allowance.
	due, err := g.arrivalsDue(step, side, false)
	if err != nil {
		return nil, err
	}
	return append([]engine.Event{e}, due...), nil
}

// reinforcementAllowance is the full basic allowance of a unit due to
// enter the map (15.5: "They have their full movement allowances available
// for the turn of entry, and may force march"), whatever CPs reach the
// entry hex; false for any other unit. 15.5 says it of the 1863
// Confederate reinforcements; the rules give no other allowance for
// arrivals, so every arrival has it (docs/litn-play-movement.md).
func (g Game) reinforcementAllowance(id string) (Share, bool) {
	u, ok := g.LITN.Units[id]
	if !ok {
		return Share{}, false
	}
	if _, due := g.ArrivalDue(u); !due {
		return Share{}, false
	}
	if n := g.LITN.Moves.BasicMA[mAKind(u)]; n > 0 {
		return Share{Num: n, Den: 1}, true
	}
	return Share{}, false
}

func lpmDedupe(s []string) []string {
	var out []string
	for i, v := range s {
		if i == 0 || v != s[i-1] {
			out = append(out, v)
		}
	}
	return out
}

// Say implements Sayer: allowances are the phasing player's.
func (e *MovementBegun) Say(g Game) []Say {
	s := e.Side
	out := []Say{{"all", fmt.Sprintf("🏃 Step %s: the %s Movement Phase (002 8). The %s player moves with /litn move; the %s player may react with /litn react (002 8.5). Both say /litn done.",
		e.Step, sideName(s), sideName(s), sideName(engine.EnemyOf(s)))}}
	var b strings.Builder
	b.WriteString("Your movement allowances (002 7.1):")
	for _, h := range e.Hexes {
		fmt.Fprintf(&b, "\n%s: %s %d CP, rating %d%s, %s of the basic allowance", h.Label, h.LeaderName, h.CommandPoints, h.CommandRating, lmIf(h.RatingModifier > 0, "+1", ""), h.Share.Fraction())
		for _, u := range h.Units {
			fmt.Fprintf(&b, "\n- %s: %s MP", u.Name, u.Allowance)
			if u.Minimum != nil {
				fmt.Fprintf(&b, " (minimum %s if it stays more than 6 hexes from every enemy unit)", *u.Minimum)
			}
			if u.Full {
				b.WriteString(" (full: may force march)")
			}
		}
	}
	return append(out, Say{string(s), b.String()})
}

// needMover checks a phasing move may be made now.
func (g Game) needMover(by engine.Actor, what string) (*PhaseMoves, engine.Side, error) {
	if err := g.needStep(by, what, StepFirstMove, StepSecondMove); err != nil {
		return nil, "", err
	}
	side := g.PhaseSide(g.CurrentStep())
	if err := g.needSide(by, side, "This Movement Phase"); err != nil {
		return nil, "", err
	}
	p := g.phase()
	if p == nil {
		return nil, "", engine.Illegal("litn.move.phase", "The Movement Phase has no allowances yet", "The umpire begins the step with /phase next")
	}
	return p, side, nil
}

// decideMoveCmd moves a force along a declared path (8.1). The steps come
// in the rules' order, and so do their refusals and dice: who moves
// (arrivals enter from their entry hex, 15.5), whether they may move
// again (8.3, 14.2), the path's steps, the allowance (7.1) and the
// stack's (8.2), force march (8.6), the roll to leave an enemy-occupied
// hex (8.3), then the path's cost (8.1, 8.4) and force-march losses (8.6).
func (g Game) decideMoveCmd(c MoveCmd, d engine.Dice) ([]engine.Event, error) {
	p, side, err := g.needMover(c.By, "Moving")
	if err != nil {
		return nil, err
	}
	ms, entering, err := g.moveMovers(c, side)
	if err != nil {
		return nil, err
	}
	force := force(ms)
	from := ms[0].At // "" when entering
	if err := g.mayMove(p, force); err != nil {
		return nil, err
	}
	charts := g.moveCharts(c.Library)
	if charts.Costs == nil {
		return nil, errMoveCostsMissing(c.Library)
	}
	if len(c.Path) == 0 {
		return nil, engine.Invalid("litn.path", "No path was given", "Give path:<hex> [terrain] [road]...,<hex>... (docs/litn-play-movement.md)")
	}
	start, steps, err := g.movePathSteps(c, side, force[0].Hex, entering, charts)
	if err != nil {
		return nil, err
	}
	base, fmHex, err := moveAllowance(p, force, c.Minimum)
	if err != nil {
		return nil, err
	}
	if c.Minimum {
		if err := g.checkMinimum(side, from, start, steps); err != nil {
			return nil, err
		}
	}
	stack, err := StackAllowance(force, base, g.leftAhead(p, force, from))
	if err != nil {
		return nil, err
	}
	e, path := newMoved(c, p, side, from, entering, force, stack, steps)
	if c.ForceMarch {
		if err := forceMarch(c, force, fmHex, e, &path); err != nil {
			return nil, err
		}
	}
	stopped, err := g.leaveEnemyHex(charts, side, from, force, d, e, &path)
	if err != nil {
		return nil, err
	}
	if stopped {
		return []engine.Event{e}, nil
	}
	if err := g.completeMove(c, p, side, charts, force, steps, path, e, d); err != nil {
		return nil, err
	}
	return []engine.Event{e}, nil
}

// moveMovers: who moves: units off the map enter by a path from their
// entry hex (15.5, entering is true), or else units on the map move.
func (g Game) moveMovers(c MoveCmd, side engine.Side) (ms []mover, entering bool, err error) {
	ms, err = g.entering(c.By, side, c.Units, c.Path)
	if err != nil {
		return nil, false, err
	}
	if ms != nil {
		return ms, true, nil
	}
	ms, err = g.movers(c.By, side, c.Units)
	if err != nil {
		return nil, false, err
	}
	return ms, false, nil
}

// mayMove refuses a unit held by a surprise attack (14.2) or whose move
// ended this phase (8.3).
func (g Game) mayMove(p *PhaseMoves, force []MoveUnit) error {
	for _, u := range force {
		if why := g.SurpriseHeld(u.ID); why != "" {
			return engine.Illegal("litn.move.surprise", why, "Move other units")
		}
		if p.Ended[u.ID] {
			return engine.Illegal("litn.move.ended", u.name()+" may not move again this phase", "It entered a hex with an enemy combat unit, failed to leave one, or was stopped by a reaction (002 8.3)")
		}
	}
	return nil
}

// movePathSteps reads the declared path into steps (8.1) from start, the
// force's hex, and returns the hex the move is measured from with them.
func (g Game) movePathSteps(c MoveCmd, side engine.Side, start engine.Hex, entering bool, charts MoveCharts) (engine.Hex, []Step, error) {
	if entering {
		// 15.5: "The map-edge hex of entry counts as the first hex of
		// movement": the path's first hex is entered from off the map (a
		// neighbour stands for it) and costs as declared.
		if c.Map == nil {
			return engine.Hex{}, nil, fmt.Errorf("litn: move without the map")
		}
		h, _, err := c.Map.ParseHex(c.Path[0].At, "")
		if err != nil {
			return engine.Hex{}, nil, engine.Invalid("litn.path", fmt.Sprintf("%s is not a hex of the LITN map", c.Path[0].At), "Give printed hex numbers, e.g. 1026")
		}
		start = h.Neighbours()[0]
	}
	steps, err := g.steps(c.Map, side, start, charts.Costs, c.Path)
	if err != nil {
		return engine.Hex{}, nil, err
	}
	if entering {
		start = steps[0].To
	}
	return start, steps, nil
}

// moveAllowance: 7.1: each unit's allowance from CPs, or the minimum
// allowance when the player asks for it and it is more; and the
// allowances force march reads (8.6).
func moveAllowance(p *PhaseMoves, force []MoveUnit, minimum bool) (map[string]Share, HexAllowance, error) {
	base := map[string]Share{}
	var fmHex HexAllowance
	for _, u := range force {
		a, ok := p.Allowance[u.ID]
		if !ok {
			return nil, HexAllowance{}, engine.Illegal("litn.move.allowance", u.name()+" has no allowance this phase", "Only units on the map as the phase began move (002 7.1)")
		}
		base[u.ID] = a.Allowance
		if minimum && a.Minimum != nil && a.Allowance.Less(*a.Minimum) {
			base[u.ID] = *a.Minimum
		}
		fmHex.Units = append(fmHex.Units, a)
	}
	return base, fmHex, nil
}

// checkMinimum: 7.1: the minimum allowance holds only when the force
// stays more than 6 hexes from every enemy unit all move.
func (g Game) checkMinimum(side engine.Side, from string, start engine.Hex, steps []Step) error {
	enemies := g.enemyHexes(side)
	hexes := []engine.Hex{start}
	for _, s := range steps {
		hexes = append(hexes, s.To)
	}
	for i, h := range hexes {
		for _, e := range enemies {
			if engine.Distance(h, e) <= 6 {
				where := from
				if i > 0 {
					where = steps[i-1].Label
				}
				return engine.Illegal("litn.move.minimum", fmt.Sprintf("%s is %d hexes from an enemy unit", where, engine.Distance(h, e)),
					"The Minimum Movement Allowance holds only for a unit more than 6 hexes from all enemy units during its entire move (002 7.1)")
			}
		}
	}
	return nil
}

// leftAhead are the units that began the phase in the force's hex and
// moved out of it earlier (8.2: the stack's allowance counts them); 15.5:
// none pay for units entered before them.
func (g Game) leftAhead(p *PhaseMoves, force []MoveUnit, from string) []MoveUnit {
	var leftAhead []MoveUnit
	if from != "" && p.Start[force[0].ID] == from { // 15.5: none pay for units entered before them
		in := map[string]bool{}
		for _, u := range force {
			in[u.ID] = true
		}
		for id, st := range p.Start {
			if u, ok := g.LITN.Units[id]; ok && st == from && !in[id] && p.Moved[id] && u.At != from {
				leftAhead = append(leftAhead, g.moveUnit(u))
			}
		}
		sort.Slice(leftAhead, func(i, j int) bool { return leftAhead[i].ID < leftAhead[j].ID })
	}
	return leftAhead
}

// newMoved begins the move's event (who, from where, the stack's
// allowance, 8.2) and the path PathCost prices, with what each unit has
// already spent this phase.
func newMoved(c MoveCmd, p *PhaseMoves, side engine.Side, from string, entering bool, force []MoveUnit, stack ForceMA, steps []Step) (*Moved, Path) {
	e := &Moved{By: c.By, Side: side, From: from, Minimum: c.Minimum, Entered: entering}
	for _, u := range force {
		e.Units = append(e.Units, u.ID)
		e.Names = append(e.Names, u.name())
	}
	for _, u := range stack.Units {
		e.Stack = append(e.Stack, u.Why)
	}
	path := Path{Force: force, Allowance: stack, Spent: map[string]int{}, Steps: steps}
	for _, u := range force {
		path.Spent[u.ID] = p.Spent[u.ID]
	}
	return e, path
}

// forceMarch: 8.6: the extra MPs of a force march, which needs 100% of
// the printed allowance from CPs (not the minimum allowance).
func forceMarch(c MoveCmd, force []MoveUnit, fmHex HexAllowance, e *Moved, path *Path) error {
	if c.Minimum {
		return engine.Illegal("litn.march.minimum", "Force march needs 100% of the printed allowance from CPs", "Not with the minimum allowance (002 8.6)")
	}
	n, why, err := ForceMarch(force, fmHex)
	if err != nil {
		return err
	}
	path.ForceMarch, e.March, e.MarchWhy = n, n, why
	return nil
}

// leaveEnemyHex: 8.3: leaving a hex with an enemy combat unit takes a roll
// first; when it fails the force stays (stopped).
func (g Game) leaveEnemyHex(charts MoveCharts, side engine.Side, from string, force []MoveUnit, d engine.Dice, e *Moved, path *Path) (stopped bool, err error) {
	var enemyHere []MoveUnit
	for _, u := range g.UnitsAt(from) {
		if u.Side != side && u.IsCombat() {
			enemyHere = g.stack(engine.EnemyOf(side), from)
			break
		}
	}
	if len(enemyHere) == 0 {
		return false, nil
	}
	lv, err := LeaveEnemyHex(charts, force, enemyHere, d)
	if err != nil {
		return false, err
	}
	e.Leave = lv
	if !lv.Leaves {
		e.Stopped, e.To = true, force[0].Hex
		return true, nil
	}
	path.Left = true
	return false, nil
}

// completeMove prices the path (8.1, 8.4), rolls force-march losses for
// the combat units that spent beyond their allowance (8.6), and notes the
// held units a Confederate move releases (15.2: Miles and White).
func (g Game) completeMove(c MoveCmd, p *PhaseMoves, side engine.Side, charts MoveCharts, force []MoveUnit, steps []Step, path Path, e *Moved, d engine.Dice) error {
	res, err := PathCost(charts, path)
	if err != nil {
		return err
	}
	e.Result = res
	for _, s := range steps {
		e.Path = append(e.Path, s.Label)
	}
	e.To = steps[len(steps)-1].To
	if c.ForceMarch {
		beyond := marchedBeyond(force, path.Allowance, res.Spent)
		if len(beyond) == 0 {
			// Issue 22 ruling: announced, not needed. 8.6: a unit force
			// marches by expending "additional movement points" beyond its
			// allowance, and "units which force march" roll; a move within
			// the allowance is an ordinary move: no loss roll, and no force
			// march for 8.7 or 14.2 (docs/litn-play-movement.md).
			e.March, e.MarchWhy, e.MarchUnneeded = 0, "", true
			return e.finishMove(g, side, steps, p)
		}
		var combat []MoveUnit
		for _, u := range beyond {
			if u.Role.combat() {
				combat = append(combat, u)
			}
		}
		losses, err := ForceMarchLosses(charts, combat, d)
		if err != nil {
			return err
		}
		e.Losses = losses
	}
	return e.finishMove(g, side, steps, p)
}

// marchedBeyond are the units of a force that have spent more MPs this
// phase than their allowance: those that force marched (8.6).
func marchedBeyond(force []MoveUnit, a ForceMA, spent map[string]int) []MoveUnit {
	var out []MoveUnit
	for _, u := range force {
		if al, ok := a.Of(u.ID); ok && al.Less(Share{Num: spent[u.ID], Den: 1}) {
			out = append(out, u)
		}
	}
	return out
}

// finishMove notes where the enemy's reactions may start and the held
// units a Confederate move releases (15.2: Miles and White).
func (e *Moved) finishMove(g Game, side engine.Side, steps []Step, p *PhaseMoves) error {
	e.EnemyStep = p.Steps
	if side == engine.CSA {
		var hs []engine.Hex
		for _, s := range steps {
			hs = append(hs, s.To)
		}
		e.Released = g.releases(hs)
	}
	return nil
}

// Say implements Sayer. The table sees the counters move (the map is
// open); MPs, allowances, rolls against secret ratings and losses are the
// mover's (002 2.5).
func (e *Moved) Say(g Game) []Say {
	s := string(e.Side)
	names := strings.Join(e.Names, ", ")
	var out []Say
	if e.Reaction != nil {
		return e.sayReaction(g)
	}
	var priv []string
	if e.Leave != nil {
		priv = append(priv, e.Leave.Why)
	}
	if e.Stopped {
		out = append(out, Say{"all", fmt.Sprintf("🚫 %s fail to leave the enemy-occupied hex %s: their move ends, and they may not try again this phase (002 8.3).", names, e.From)})
		return append(out, Say{s, strings.Join(priv, "\n")})
	}
	line := fmt.Sprintf("🏃 %s move %s → %s", names, e.From, strings.Join(e.Path, " → "))
	if e.Entered {
		line = fmt.Sprintf("🚩 %s enter the map at %s (002 15.5)", names, e.Path[0])
		if len(e.Path) > 1 {
			line += " and move → " + strings.Join(e.Path[1:], " → ")
		}
	}
	if e.Leave != nil {
		line += fmt.Sprintf(" (leaving the enemy-occupied hex %s, 002 8.3)", e.From)
	}
	if e.March > 0 {
		line += " by force march (002 8.6)"
	}
	line += "."
	if e.Result != nil && e.Result.Ended {
		line += fmt.Sprintf(" They entered a hex with an enemy combat unit (%s) and may move no more this phase (002 8.3).", e.Path[len(e.Path)-1])
	}
	if e.Result != nil && len(e.Result.Eliminated) > 0 {
		var el []string
		for _, id := range e.Result.Eliminated {
			el = append(el, lpmUnitName(g, id))
		}
		line += fmt.Sprintf(" %s, alone without friendly combat units, %s eliminated (002 8.3 Non-combat Units).", strings.Join(el, ", "), lmIf(len(el) > 1, "are", "is"))
	}
	if len(e.Released) > 0 {
		var n []string
		for _, id := range e.Released {
			n = append(n, lpmUnitName(g, id))
		}
		line += fmt.Sprintf(" A Confederate unit has moved within 5 hexes: %s released (002 15.2).", strings.Join(n, ", "))
	}
	out = append(out, Say{"all", line})
	priv = append(priv, "Allowances after stacking (002 8.2): "+strings.Join(e.Stack, "; "))
	if e.MarchWhy != "" {
		priv = append(priv, e.MarchWhy)
	}
	if e.MarchUnneeded {
		priv = append(priv, "No force march: the move stayed within every unit's allowance, so no unit force marched and nobody rolls for losses (002 8.6: only units that spend additional MPs force march)")
	}
	if e.Result != nil {
		priv = append(priv, e.Result.Log...)
		var sp []string
		for _, id := range e.Units {
			sp = append(sp, fmt.Sprintf("%s %d", lpmUnitName(g, id), e.Result.Spent[id]))
		}
		priv = append(priv, "MP spent this phase: "+strings.Join(sp, ", "))
	}
	for _, l := range e.Losses {
		priv = append(priv, l.Why)
	}
	return append(out, Say{s, strings.Join(priv, "\n")})
}

func (e *Moved) sayReaction(g Game) []Say {
	s := string(e.Side)
	names := strings.Join(e.Names, ", ")
	r := e.Reaction
	var pub string
	switch {
	case !r.Succeeds:
		pub = fmt.Sprintf("⚡ %s at %s fail to react (002 8.5).", names, e.From)
	case !r.May:
		pub = fmt.Sprintf("⚡ %s at %s react but fail to leave the enemy-occupied hex (002 8.3, 8.5).", names, e.From)
	case len(e.Path) == 0:
		pub = fmt.Sprintf("⚡ %s at %s react and stay (002 8.5).", names, e.From)
	default:
		pub = fmt.Sprintf("⚡ %s react: %s → %s (002 8.5)", names, e.From, strings.Join(e.Path, " → "))
		if r.Leave != nil {
			pub += ", leaving the enemy-occupied hex (002 8.3)"
		}
		pub += "."
		if e.Halted {
			pub += " They entered an enemy-occupied hex and may not move for the rest of this phase (002 8.5)."
		}
		if len(e.Stops) > 0 {
			var n []string
			for _, id := range e.Stops {
				n = append(n, lpmUnitName(g, id))
			}
			pub += fmt.Sprintf(" %s may move no more this phase (002 8.3).", strings.Join(n, ", "))
		}
	}
	priv := append([]string(nil), r.Why...)
	if e.Result != nil {
		priv = append(priv, e.Result.Log...)
	}
	return []Say{{"all", pub}, {s, strings.Join(priv, "\n")}}
}
