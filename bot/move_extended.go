// Extended marches (engine/lrtg/move_extended.go): the words of the
// declaration and of each unit's roll, explained as /table roll explains a
// roll (the die, each modifier and why, the total, the cap, the row, the
// column, the result and what it did). The mover reads them in his move's
// reply (in the channel with open intelligence; to him alone in a hidden
// mode, where the die is his side's secret roll); in a hidden mode the
// umpire reads them on his private channel.

package bot

import (
	"fmt"
	"strings"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
)

// extensionWords says how far an extended march may go past the
// allowance, and the modifiers its mover stated.
func extensionWords(g engine.GameState, e *engine.UnitsMoved) string {
	s := " Extended march past the allowance: its length is your word (your group has loaded no gcacw.extended-march-settings); the umpire's log has it."
	if e.Extension > 0 {
		s = fmt.Sprintf(" Extended march: up to %s MP past the allowance (your group's gcacw.extended-march-settings).", lrtg.MPText(e.Extension))
	}
	if g.IsUmpire(e.By) && e.Extension == 0 {
		s = " Extended march past the allowance (no gcacw.extended-march-settings loaded: its length is not bounded)."
	}
	if len(e.Stated) > 0 {
		s += " Modifiers stated: " + strings.Join(e.Stated, ", ") + "."
	}
	return s
}

// extendedSettledText explains each unit's extended march roll of a move.
func extendedSettledText(g engine.GameState, evs []engine.Event) string {
	var b strings.Builder
	for _, ev := range evs {
		s, ok := ev.(*lrtg.ExtendedMarchSettled)
		if !ok {
			continue
		}
		name := g.Units[s.Unit].Name
		state := "unexhausted"
		if s.Exhausted {
			state = "exhausted"
		}
		if s.NoRoll != "" {
			fmt.Fprintf(&b, "\n🥾 Extended march: %s reaches fatigue %d, %s: no roll (%s: No roll necessary).", name, s.Fatigue, state, marchFatigueCite(g))
			continue
		}
		table := "your group's Extended March Table"
		if s.NoTable {
			table = "no Extended March Table loaded"
		}
		fmt.Fprintf(&b, "\n🎲 %s Extended march (%s): %s rolls %d", rollLabel(s.Roll, engine.RollStream{Secret: s.Secret}), table, name, s.Die)
		for _, m := range s.Modifiers {
			b.WriteString("; " + marchModifierWords(g, s, m))
		}
		fmt.Fprintf(&b, " = **%d**", s.Total)
		if s.Capped {
			fmt.Fprintf(&b, ", read as %d (003: \"Treat Results >8 on Extend March Table as 8\")", lrtg.ExtendedMarchCap)
		}
		if r := s.Reading; r != nil {
			clamped := ""
			if r.Clamped {
				clamped = ", the table's nearest row"
			}
			fmt.Fprintf(&b, ". Row %q%s, column %s: **%s**", r.Row, clamped, r.Column, r.Cell)
		}
		if s.NoTable {
			b.WriteString(". " + noTableWords(g, name, s))
			continue
		}
		b.WriteString(". " + extendedResultWords(name, s) + ".")
	}
	return b.String()
}

// marchFatigueCite cites the fatigue modifiers' chart of the game.
func marchFatigueCite(g engine.GameState) string {
	return moveCite(g, "003 MOVEMENT, Extend March die roll modifiers", "004 Strategic Movement")
}

// marchModifierWords says one modifier and why it applies.
func marchModifierWords(g engine.GameState, s *lrtg.ExtendedMarchSettled, m lrtg.MarchModifierApplied) string {
	switch m.Code {
	case lrtg.MarchModFatigue:
		state := "unexhausted"
		if s.Exhausted {
			state = "exhausted"
		}
		return fmt.Sprintf("%+d to fatigue %d, %s (%s)", m.Value, s.Fatigue, state, marchFatigueCite(g))
	case lrtg.MarchModUnitType:
		return fmt.Sprintf("%+d unit type (004 Extended March Modifiers for Unit Type)", m.Value)
	case lrtg.MarchModHeat:
		return fmt.Sprintf("%+d Heat this turn (%s)", m.Value, moveCite(g, "000 random events 11-12", "004 Heat"))
	case lrtg.MarchModSupplyEffects:
		return fmt.Sprintf("%+d supply effects of the last Supply Segment (24.6)", m.Value)
	case lrtg.MarchModOutOfSupply:
		return fmt.Sprintf("%+d %s (your group's table: the unit is out of supply)", m.Value, m.Name)
	}
	who := "stated by the player"
	if m.StatedBy == "umpire" {
		who = "stated by the umpire"
	}
	return fmt.Sprintf("%+d %s (your group's table, %s)", m.Value, m.Name, who)
}

// noTableWords says what the players do with a total no loaded table
// reads (issue 21's fallback): read it on their printed table and apply
// the result by hand, on the umpire's log when a player does it.
func noTableWords(g engine.GameState, name string, s *lrtg.ExtendedMarchSettled) string {
	if g.IsUmpire(s.By) {
		return fmt.Sprintf("%s: read %d on your Extended March Table and apply the result with /unit set.", name, s.Read())
	}
	return fmt.Sprintf("%s: read %d on your Extended March Table and apply the result with /unit set (your word, on the umpire's log).", name, s.Read())
}

// extendedResultWords says what the result did to the unit.
func extendedResultWords(name string, s *lrtg.ExtendedMarchSettled) string {
	c := s.Change
	var did []string
	if s.Lost > 0 {
		did = append(did, fmt.Sprintf("%d MP lost (%d → %d; a non-combat loss: no VP, recorded for 30.1)", s.Lost, c.ManpowerFrom, c.ManpowerTo))
	}
	if c.Eliminated {
		did = append(did, "eliminated")
	}
	if c.FatigueTo != c.FatigueFrom {
		did = append(did, fmt.Sprintf("fatigue %d → %d", c.FatigueFrom, c.FatigueTo))
	}
	if c.Disorganized {
		did = append(did, "disorganized")
	}
	if s.Exhaust {
		did = append(did, "exhausted")
	}
	if c.DemoralizationTo > 0 {
		did = append(did, fmt.Sprintf("demoralization %d", c.DemoralizationTo))
	}
	if len(s.ForUmpire) > 0 {
		did = append(did, fmt.Sprintf("%s left to the umpire, who applies it", strings.Join(s.ForUmpire, ", ")))
	}
	if len(did) == 0 {
		return name + ": no effect"
	}
	return name + ": " + strings.Join(did, "; ")
}

// withExtendedUmpire adds, in a hidden mode, the extended march's rolls
// of a player's move to the umpire's private channel (the console's
// channel "umpire"): the enemy reads nothing of them, the umpire all.
func (r *Router) withExtendedUmpire(req Request, g engine.GameState, reply Reply, text string) Reply {
	if text == "" || !g.Options.LimitedIntel || g.IsUmpire(req.User) {
		return reply
	}
	ch, ok := g.Channels.UmpireChannel()
	switch {
	case ok:
	case req.console:
		ch = "umpire"
	default:
		return reply // on Discord without an umpire's channel: the umpire reads /game log
	}
	reply.Outputs = append(reply.Outputs, Output{Audience: Audience{Kind: AudienceChannel, Channel: ch, UserID: g.Umpire.ID},
		Text: fmt.Sprintf("📒 %s's extended march:", req.User.Name) + text, Events: []EventView{}})
	return reply
}
