package litn

import (
	"fmt"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// Declare in play: what the map and the charts print but the data does
// not hold (basic allowances 7.1 A, year modifiers 7.1, lines of
// communication 7.2), recorded by the umpire. The printed values are
// part of the set-up /game start checks (setup.go): the umpire may
// record them before the start, and correct them later.

var mAKinds = []string{"infantry", "cavalry", "artillery", "wagon", "leader"}

func (g Game) decideDeclare(c Declare) ([]engine.Event, error) {
	if err := g.NeedGame(); err != nil {
		return nil, err
	}
	if !g.Started && g.Ended == nil {
		// Set-up (setup.go): before the start the umpire records the
		// printed values the start checks; lines of communications and
		// ways of entry belong to a game under way.
		if len(c.LOC) > 0 || len(c.Arrive) > 0 {
			return nil, engine.Illegal("game.not_started", "Lines of communications (loc:) and ways of entry (arrive:) are declared once the game has started",
				"Before the start the umpire records only the printed values: /litn declare ma:infantry=N,cavalry=N,artillery=N,wagon=N,leader=N year:command-point=N,broadcast=N")
		}
	} else if err := g.needStep(c.By, "Declaring printed values and lines of communications"); err != nil {
		return nil, err
	}
	var arrive []engine.Event
	if len(c.Arrive) > 0 {
		// 15.6 Confederate Option (play_arrivals.go).
		ev, err := g.decideArrive(c.By, c.Arrive)
		if err != nil {
			return nil, err
		}
		if len(c.BasicMA) == 0 && len(c.Year) == 0 && len(c.LOC) == 0 {
			return ev, nil
		}
		arrive = ev
	}
	if len(c.BasicMA) == 0 && len(c.Year) == 0 && len(c.LOC) == 0 {
		return nil, engine.Invalid("litn.declare.empty", "Nothing was declared", "Give loc:<unit>=in|out,... or arrive:<unit>=<turn>,..., or (the umpire) ma:infantry=N,cavalry=N,artillery=N,wagon=N,leader=N or year:command-point=N,broadcast=N")
	}
	if (len(c.BasicMA) > 0 || len(c.Year) > 0) && !g.IsUmpire(c.By) {
		return nil, engine.Illegal("litn.declare.umpire", "The printed allowances and year modifiers are the umpire's to record", fmt.Sprintf("Ask %s; you declare your units' lines of communications with loc:", g.Umpire.Name))
	}
	e := &Declared{By: c.By, Years: Year(g.Options.Scenario)}
	for k, v := range c.BasicMA {
		ok := false
		for _, kk := range mAKinds {
			ok = ok || kk == k
		}
		if !ok || v < 0 || v > 40 {
			return nil, engine.Invalid("litn.declare.ma", fmt.Sprintf("%s=%d is not a basic movement allowance", k, v), "Give ma:infantry=N,cavalry=N,artillery=N,wagon=N,leader=N as printed on the map (002 7.1 A)")
		}
		if e.BasicMA == nil {
			e.BasicMA = map[string]int{}
		}
		e.BasicMA[k] = v
	}
	for k, v := range c.Year {
		if k != "command-point" && k != "broadcast" || v < -6 || v > 6 {
			return nil, engine.Invalid("litn.declare.year", fmt.Sprintf("%s=%d is not a year modifier", k, v), fmt.Sprintf("Give year:command-point=N,broadcast=N as printed beside the tables for %d (0 where none; 002 7.1)", e.Years))
		}
		if e.Year == nil {
			e.Year = map[string]int{}
		}
		e.Year[k] = v
	}
	for ref, has := range c.LOC {
		u, err := g.ownUnit(c.By, ref)
		if err != nil {
			return nil, err
		}
		if e.Side != "" && e.Side != u.Side {
			return nil, engine.Invalid("litn.declare.loc", "Declare one side's lines of communications at a time", "The umpire gives side by side")
		}
		e.Side = u.Side
		if e.LOC == nil {
			e.LOC = map[string]bool{}
		}
		e.LOC[u.ID] = has
	}
	return append(arrive, e), nil
}

// Say implements Sayer.
func (e *Declared) Say(g Game) []Say {
	var out []Say
	if len(e.BasicMA) > 0 {
		var p []string
		for _, k := range mAKinds {
			if v, ok := e.BasicMA[k]; ok {
				p = append(p, fmt.Sprintf("%s %d", k, v))
			}
		}
		out = append(out, Say{"all", "📋 Basic movement allowances as printed on the map (002 7.1 A): " + strings.Join(p, ", ") + "."})
	}
	if len(e.Year) > 0 {
		// Only the modifiers declared: one left out is still missing (the
		// start lists it, setup.go), not +0.
		var p []string
		for _, k := range []struct{ key, table string }{{"command-point", "Command Point Table"}, {"broadcast", "Command Broadcast Table"}} {
			if v, ok := e.Year[k.key]; ok {
				p = append(p, fmt.Sprintf("%s %+d", k.table, v))
			}
		}
		out = append(out, Say{"all", fmt.Sprintf("📋 Year modifiers printed beside the tables for %d (002 7.1): %s.", e.Years, strings.Join(p, ", "))})
	}
	if len(e.LOC) > 0 {
		var p []string
		for _, id := range lpmKeys(e.LOC) {
			w := "has a line of communications"
			if !e.LOC[id] {
				w = "has NO line of communications"
			}
			p = append(p, fmt.Sprintf("%s %s", lpmUnitName(g, id), w))
		}
		out = append(out, Say{string(e.Side), "📋 Declared (002 7.2; the map cannot trace it, the umpire may correct): " + strings.Join(p, "; ") + "."})
	}
	return out
}
