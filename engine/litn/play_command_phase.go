package litn

import (
	"fmt"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// 3.1 C, E: the Command Phase in play. As the step begins the side's
// leaders roll on the Command Point Table (7.1, 7.2, 5.1) and arrivals are
// settled (15.5, 15.6); BroadcastCmd broadcasts command points (7.1).

func (g Game) commandCharts(lib *engine.Library) CommandCharts {
	c := CommandCharts{CommandPointCopy: g.LITN.Charts[CommandPointSlot], BroadcastCopy: g.LITN.Charts[CommandBroadcastSlot], Year: g.LITN.Moves.Year}
	if lib != nil {
		c.CommandPoint, c.Broadcast = lib.Slot(CommandPointSlot), lib.Slot(CommandBroadcastSlot)
	}
	return c
}

func (g Game) lOC(u Unit) CommandLOC {
	loc := CommandLOC{Traced: !g.LITN.Moves.NoLOC[u.ID], LeeTraced: true}
	for _, d := range g.UnitsOf(u.Side) {
		if d.Role == SheetDepartment {
			loc.LeeTraced = !g.LITN.Moves.NoLOC[d.ID]
		}
	}
	return loc
}

// beginCommand begins a Command Phase: arrivals, then the Command
// Point Table rolls (3.1 C I).
func (g Game) beginCommand(step string, d engine.Dice, ctx engine.StepContext) ([]engine.Event, error) {
	side := g.PhaseSide(step)
	if side == "" {
		return nil, engine.Illegal("litn.command.first", "The Initiative Phase has not said who moves first (002 3.1 B II)", "Settle the initiative before the Command Phase")
	}
	year := Year(g.Options.Scenario)
	if _, ok := g.LITN.Moves.Year.CommandPoint[year]; !ok {
		return nil, engine.Illegal("litn.command.year-modifier", fmt.Sprintf("The Command Point Table's modifier for %d is printed beside the table, not in the rules text (002 7.1), and has not been recorded", year),
			"The umpire records it first: /litn declare year:command-point=N,broadcast=N (0 where the chart prints none), then /phase next")
	}
	// 15.5, 15.6: arrivals enter in the Movement Phase (MoveCmd); as
	// the Command Phase begins the ways of entry are settled and the
	// variable entries rolled (play_arrivals.go).
	evs, err := g.arrivalsAtCommand(side, d, ctx.Library)
	if err != nil {
		return nil, err
	}
	for _, e := range evs {
		g = g.Apply(e)
	}
	ph := NewCommandPhase(g.commandContext(side))
	ev := &CommandRolled{Turn: g.Turn, Step: step, Context: ph.Context}
	ch := g.commandCharts(ctx.Library)
	for _, u := range g.UnitsOf(side) {
		u, on := commandPost(u, ctx.Map)
		if !on || !(u.Role == SheetDepartment || u.Role == SheetCavalryCommander || u.Role == SheetCouch && year == 1863 && side == engine.USA) {
			continue
		}
		r, err := ph.RollCommandPoints(ch, g.commandUnit(u), g.lOC(u), d)
		if err != nil {
			// A chart missing from the game: the roll cannot be made; the
			// table hears why, and the leader has no CPs.
			ev.Refused = append(ev.Refused, fmt.Sprintf("%s: %v", u.Name, err))
			continue
		}
		ph = ph.WithRoll(*r)
		ev.Rolls = append(ev.Rolls, *r)
	}
	return append(evs, ev), nil
}

// commandPost is the unit where it commands from: on the map, or off
// it at the hex its sheet counts it in for command purposes (15.6: Lee,
// off the map in scenario 3, "is considered to be located in hex 1026";
// broadcast distances count from there). False when it has no such post.
func commandPost(u Unit, m *engine.Theatre) (Unit, bool) {
	if u.OnMap() {
		return u, true
	}
	if u.Eliminated || u.OffMapHex == "" || m == nil {
		return u, false
	}
	h, _, err := m.ParseHex(u.OffMapHex, "")
	if err != nil {
		return u, false
	}
	u.Hex = h
	return u, true
}

// Say implements Sayer.
func (e *Arrived) Say(g Game) []Say {
	var p []string
	for _, u := range e.Units {
		p = append(p, fmt.Sprintf("%s at %s", u.Name, u.At))
	}
	out := []Say{{"all", fmt.Sprintf("🚩 %s arrivals enter the map (002 15, the record sheet's turn of arrival): %s.", sideName(e.Side), strings.Join(p, ", "))}}
	if len(e.Notes) > 0 {
		out = append(out, Say{string(e.Side), strings.Join(e.Notes, "; ")})
	}
	return out
}

// Say implements Sayer.
func (e *CommandRolled) Say(g Game) []Say {
	s := e.Context.Side
	out := []Say{{"all", fmt.Sprintf("📯 Step %s: the %s Command Phase. The %s player has rolled his command points (secret, 002 7.1) and broadcasts them with /litn broadcast; /litn done when finished.", e.Step, sideName(s), sideName(s))}}
	var b strings.Builder
	for _, r := range e.Rolls {
		b.WriteString(r.Explain() + "\n")
	}
	for _, r := range e.Refused {
		b.WriteString("⚠️ No roll for " + r + "\n")
	}
	if b.Len() > 0 {
		out = append(out, Say{string(s), strings.TrimSpace(b.String())})
	}
	if len(e.Refused) > 0 {
		out = append(out, Say{"umpire", fmt.Sprintf("%d Command Point roll(s) could not be made: %s", len(e.Refused), strings.Join(e.Refused, "; "))})
	}
	return out
}

func (g Game) decideBroadcast(c BroadcastCmd, d engine.Dice) ([]engine.Event, error) {
	if err := g.needStep(c.By, "Broadcasting command points", StepFirstCommand, StepSecondCommand); err != nil {
		return nil, err
	}
	side := g.PhaseSide(g.CurrentStep())
	if err := g.needSide(c.By, side, "This Command Phase"); err != nil {
		return nil, err
	}
	from, err := g.ownUnit(c.By, c.From)
	if err != nil {
		return nil, err
	}
	from, on := commandPost(from, c.Map)
	if from.Side != side || !on {
		return nil, engine.Illegal("litn.broadcast.from", fmt.Sprintf("%s cannot broadcast in the %s Command Phase", from.Name, sideName(side)), "Name a leader of the phasing side on the map (002 7.1)")
	}
	if c.Map == nil {
		return nil, fmt.Errorf("litn: broadcast without the map")
	}
	to, _, err := c.Map.ParseHex(strings.TrimSpace(c.To), "")
	if err != nil {
		return nil, engine.Invalid("litn.broadcast.to", fmt.Sprintf("%q is not a hex of the LITN map", c.To), "Give to:<printed hex>, e.g. to:1625")
	}
	at := strings.TrimSpace(c.To)
	year := Year(g.Options.Scenario)
	if _, ok := g.LITN.Moves.Year.Broadcast[year]; !ok {
		return nil, engine.Illegal("litn.command.year-modifier", fmt.Sprintf("The Command Broadcast Table's modifier for %d has not been recorded (002 7.1: printed beside the table)", year),
			"The umpire records it: /litn declare year:command-point=N,broadcast=N")
	}
	hexes := engine.Distance(from.Hex, to)
	dist := hexes
	if c.Distance != 0 {
		if c.Distance < hexes {
			return nil, engine.Illegal("litn.broadcast.distance", fmt.Sprintf("%s is %d hexes from %s: a broadcast distance of %d cavalry MPs is less than that", at, hexes, from.At, c.Distance),
				"Count the cavalry MPs of the path, the receiver's hex but not the broadcaster's (002 7.1 Broadcast Distance); at least the hexes counted")
		}
		dist = c.Distance
	}
	h := commandHex(at, to, g.stack(side, at))
	h.Leader = c.Leader
	if c.Leader != "" {
		if u, ok := g.FindUnit(c.Leader); ok {
			h.Leader = u.ID
		}
	}
	ph := g.CommandOf(side)
	b, err := ph.Broadcast(g.commandCharts(c.Library), g.commandUnit(from), g.lOC(from), h, dist, d)
	if err != nil {
		return nil, err
	}
	return []engine.Event{&BroadcastMade{By: c.By, Side: side, Broadcast: *b}}, nil
}

// Say implements Sayer: CPs are the phasing player's (002 2.5).
func (e *BroadcastMade) Say(g Game) []Say {
	return []Say{{string(e.Side), "📡 " + e.Broadcast.Explain()}}
}
