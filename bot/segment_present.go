// What the Supply Segment and phases 6-8 tell the players and the umpire:
// the presenters of the segment's events (the engine's facts put in words),
// to the channel what both sides may know, to the umpire each side's detail.

package bot

import (
	"fmt"
	"sort"
	"strings"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
)

func riversText(e *lrtg.RiversControlled) string {
	text := fmt.Sprintf("🌊 Union control (13.3): the Potomac River — %s; the Shenandoah Valley — %s.", yesNo(e.Potomac), yesNo(e.Shenandoah))
	n := 0
	for _, b := range []bool{e.Potomac, e.Shenandoah} {
		if b {
			n++
		}
	}
	if n > 0 {
		text += fmt.Sprintf(" Confederate forage north of the Potomac: -%d (13.3, 13.5).", n)
	}
	if e.Ruling != "" {
		text += " The umpire's ruling: " + e.Ruling + "."
	}
	return text
}

func victoryText(g engine.GameState, e *lrtg.VictoryChecked) string {
	var b strings.Builder
	what := "🏛️ Victory check"
	if e.Phase {
		what = "🏛️ Victory Check Phase (" + seriesOf(g).sequenceBook + " 8)"
	}
	fmt.Fprintf(&b, "%s, turn %d: %d VP.", what, e.Turn, e.VP)
	for _, p := range e.Prelims {
		fmt.Fprintf(&b, "\n🎖️ %s: %s.", p.Name, prelimWhy(p))
	}
	for _, p := range e.Cancelled {
		fmt.Fprintf(&b, "\n✖️ %s cancelled: %s.", p.Name, prelimCancelWhy(p))
	}
	if !e.Ends() {
		b.WriteString("\nThe game goes on.")
		return b.String()
	}
	fmt.Fprintf(&b, "\n🏁 **The game ends**: %s.", victoryEndWhy(e))
	if e.Result != nil {
		fmt.Fprintf(&b, "\n**%s** — %s.", e.Result.Name, victoryWhy(*e.Result))
	}
	b.WriteString("\nThe umpire ends it with /game end, which reveals the dice seed.")
	return b.String()
}

// presentSegment tells what this module's procedures did: to the channel
// only what both sides may know, to the umpire (who ran /phase next)
// each side's detail.
func presentSegment(r *Router, req Request, g engine.GameState, e engine.Event, view EventView) []Output {
	pub := func(text string, public bool) Output {
		o := Output{Audience: Audience{Kind: AudiencePublic, Channel: req.ChannelID}, Text: text, Events: []EventView{}}
		if public {
			o.Events = []EventView{view}
		}
		return o
	}
	umpire := func(text string) Output {
		return Output{Audience: Audience{Kind: AudienceEphemeral}, Text: "Umpire: " + text, Events: []EventView{view}}
	}
	step := g.CurrentStep()
	switch e := e.(type) {
	case *lrtg.SegmentOpened:
		var outs []Output
		public, secret := openedLines(e)
		if len(public) > 0 {
			outs = append(outs, pub(strings.Join(public, "\n"), false))
		}
		for _, s := range []engine.Side{engine.CSA, engine.USA} {
			if len(secret[s]) > 0 {
				outs = append(outs, umpire(fmt.Sprintf("%s (told to the %s by /segment show): %s", e.Step, segSideName(s), strings.Join(secret[s], " "))))
			}
		}
		return append([]Output{}, outs...)
	case *lrtg.SupplyStatusSet:
		return []Output{umpire("supply status (13.2): " + supplyStatusText(e))}
	case *lrtg.RiversControlled:
		var held []string
		for _, k := range sortedMapKeys(e.Held) {
			held = append(held, k+" "+e.Held[k])
		}
		return []Output{pub(riversText(e), false), umpire("control hexes held: " + listOrNone(held) + "; not checked: " + strings.Join(e.Unchecked, "; "))}
	case *lrtg.SupplyAdjusted:
		if step != "5d" && step != "5e" {
			return nil
		}
		what := supplyAdjustedWhat(step, e.Rule)
		outs := []Output{pub(fmt.Sprintf("🍞 The %s's %s is recorded on their sheet (/segment show).", segSideName(e.Side), what), false)}
		if len(e.Check.VP) > 0 {
			outs = append(outs, pub(checkText(g, e.Check), false))
		}
		return append(outs, umpire(fmt.Sprintf("%s %s: %s", segSideName(e.Side), what, supplyAdjustedParts(e))))
	case *engine.DiceRolled:
		if strings.HasPrefix(e.Purpose, "supply manpower loss:") || strings.HasPrefix(e.Purpose, "stragglers of ") {
			return []Output{umpire(FormatRoll(e))}
		}
		return nil
	case *lrtg.SupplyEffectsApplied:
		text, detail := supplyEffectsText(e)
		return []Output{pub(text, false), umpire("supply effects: " + detail)}
	case *lrtg.DepotsChanged:
		public, secret := depotChangeLines(e)
		var outs []Output
		if len(public) > 0 {
			outs = append(outs, pub("🏕️ "+strings.Join(public, "; ")+".", false))
		}
		if len(secret) > 0 {
			outs = append(outs, umpire("depot schedules: "+strings.Join(secret, "; ")))
		}
		return append([]Output{}, outs...)
	case *lrtg.UnitsRecovered:
		return []Output{pub(recoveryText(g, e), false), umpire("recovery: " + clipLines(recoveryParts(e), 1500))}
	case *lrtg.MoraleChecked:
		if step != "8" {
			return nil
		}
		return []Output{pub(checkText(g, e.Check), !g.Options.LimitedIntel)} // its record names eliminated units
	case *lrtg.VictoryChecked:
		return []Output{pub(victoryText(g, e), true)}
	}
	return nil
}

// supplyStatusText lists each side's units in supply range or out (13.2),
// or on the player's word, for the umpire.
func supplyStatusText(e *lrtg.SupplyStatusSet) string {
	var lines []string
	for _, s := range []engine.Side{engine.CSA, engine.USA} {
		var parts []string
		for _, st := range e.Units {
			if st.Side == s {
				mark := "out"
				switch {
				case st.InRange:
					mark = "in"
				case !st.Sure:
					mark = "the player's word"
				}
				parts = append(parts, fmt.Sprintf("%s %s", st.Name, mark))
			}
		}
		lines = append(lines, fmt.Sprintf("%s: %s", segSideName(s), listOrNone(parts)))
	}
	return strings.Join(lines, "; ")
}

// supplyAdjustedWhat names the step that changed a side's supply: supply
// expenditure (5d; 13.4, Simplified Supply 24.1) or resupply (5e; 13.5,
// 24.2).
func supplyAdjustedWhat(step, rule string) string {
	what := "supply expenditure (13.4)"
	if step == "5e" {
		what = "resupply (13.5)"
	}
	if rule == "simplified" {
		what = strings.Replace(strings.Replace(what, "13.4", "24.1", 1), "13.5", "24.2", 1)
	}
	return what
}

// supplyAdjustedParts lists the changes to the side's track and units'
// victuals, for the umpire.
func supplyAdjustedParts(e *lrtg.SupplyAdjusted) string {
	var parts []string
	if e.Track != nil {
		parts = append(parts, fmt.Sprintf("track %+d → %+d", e.Track.From, e.Track.To))
	}
	for _, u := range e.Units {
		parts = append(parts, fmt.Sprintf("%s %d → %d", u.Name, u.From, u.To))
	}
	return strings.Join(parts, ", ")
}

// supplyEffectsText is the channel's word on the supply effects (13.6;
// 24.6) and the umpire's list of what befell each unit.
func supplyEffectsText(e *lrtg.SupplyEffectsApplied) (text, detail string) {
	text = "🥀 Supply effects (13.6) are applied: units with no victuals are disorganized, or lose a manpower point if already disorganized at fatigue 3 or 4. Each side sees its units with /segment show."
	if e.Rule == "simplified" {
		text = "🥀 Supply effects (24.6) are applied by each side's supply level; each side sees its own with /segment show."
	}
	var parts []string
	for _, x := range e.Units {
		switch {
		case x.Exempt != "":
			parts = append(parts, fmt.Sprintf("%s spared (%s)", x.Name, x.Exempt))
		default:
			var what []string
			if x.Disorganize {
				what = append(what, "disorganized")
			}
			if x.Lost {
				what = append(what, fmt.Sprintf("manpower %d → %d", x.Manpower, x.Manpower-1))
			} else if x.Roll != 0 {
				what = append(what, fmt.Sprintf("rolled %d: no loss", x.Die))
			}
			if len(what) == 0 {
				// 13.6: no victuals, already disorganized, below fatigue 3.
				what = append(what, "no victuals, already disorganized: no loss below fatigue 3")
			}
			parts = append(parts, fmt.Sprintf("%s %s", x.Name, strings.Join(what, ", ")))
		}
	}
	return text, listOrNone(parts)
}

// depotChangeLines splits the depot changes (13.8) into those both sides
// see on the map (placed, removed) and the schedules only the umpire hears
// of.
// depotWhy says why a depot changed: the code's words, or the sentence an
// event stored before the codes carries (issue 20).
func depotWhy(c lrtg.DepotChange) string {
	switch c.Code {
	case "":
		return c.Why
	case lrtg.DepotWhyHastened:
		return "passive again before it is done: one turn less (13.8)"
	case lrtg.DepotWhyCaptured:
		return "the depot was captured or destroyed before it was dismantled (13.8)"
	case lrtg.DepotWhyDismantled:
		return "dismantled as scheduled (13.8)"
	case lrtg.DepotWhyOffMap:
		return "the place is not in the map data"
	case lrtg.DepotWhySite:
		return "the site no longer meets the conditions it was scheduled under (13.8)"
	case lrtg.DepotWhyConstructed:
		return "constructed as scheduled (13.8)"
	case lrtg.DepotWhyCSA:
		return "a Confederate depot (13.8)"
	case lrtg.DepotWhyLRTAFlipped:
		return "flipped to its completed side on a passive turn (004 Impacts of Being Passive)"
	case lrtg.DepotWhyLRTASite:
		return "the site no longer meets the conditions it was begun under (LRTG 13.8)"
	}
	return c.Code
}

func depotChangeLines(e *lrtg.DepotsChanged) (public, secret []string) {
	for _, c := range e.Changes {
		line := fmt.Sprintf("%s depot at %s %s (%s)", segSideName(c.Side), c.Place, c.Action, depotWhy(c))
		switch c.Action {
		case "placed", "removed":
			public = append(public, line)
		default:
			secret = append(secret, line)
		}
	}
	return public, secret
}

// recoveryText is the channel's word on the Recovery Phase (003 6), with
// the stragglers lost for good (30.2) and their VP (000 VII 6), citing the
// game's sequence of play (LRTA's 004 numbers its steps as 003 does).
func recoveryText(g engine.GameState, e *lrtg.UnitsRecovered) string {
	text := "🛌 Recovery (Standardized Rules, " + seriesOf(g).sequenceBook + " 6): units at fatigue 0-1 reorganize, lose their demoralization and recover from exhaustion (not units without supply); units at fatigue 3-4 become exhausted; fatigue falls by 3 (less for a side that forages, 24.4)."
	lost := map[engine.Side]int{}
	vp := 0
	for _, sr := range e.Stragglers {
		lost[sr.Side] += sr.Lost
		vp += sr.VP
	}
	for _, s := range []engine.Side{engine.CSA, engine.USA} {
		if lost[s] > 0 {
			text += fmt.Sprintf("\nStragglers (30.2): %d %s manpower lost for good, counted as combat losses.", lost[s], segSideName(s))
		}
	}
	if vp != 0 {
		text += fmt.Sprintf(" %+d VP (%s).", vp, seriesOf(g).lossVPRule)
	}
	return text
}

// recoveryParts lists, for the umpire, the fatigue each side keeps to
// forage (24.4), what recovery did to each unit and the stragglers' rolls.
func recoveryParts(e *lrtg.UnitsRecovered) []string {
	var parts []string
	for _, u := range e.Units {
		var what []string
		if u.Fatigue[0] != u.Fatigue[1] {
			what = append(what, fmt.Sprintf("F%d→F%d", u.Fatigue[0], u.Fatigue[1]))
		}
		if u.Reorganized {
			what = append(what, "reorganized")
		}
		if u.Undemoralized > 0 {
			what = append(what, "demoralization removed")
		}
		if u.Recovered {
			what = append(what, "no longer exhausted")
		}
		if u.Exhausted {
			what = append(what, "exhausted")
		}
		if u.NoReorganizing != "" {
			what = append(what, "may not reorganize: "+u.NoReorganizing)
		}
		parts = append(parts, u.Name+" "+strings.Join(what, ", "))
	}
	for _, sr := range e.Stragglers {
		parts = append(parts, fmt.Sprintf("%s stragglers: %d lost, %d kept, %d restored", sr.Name, sr.Lost, sr.Kept, sr.Restored))
	}
	for _, s := range []engine.Side{engine.CSA, engine.USA} {
		if k, ok := e.Keep[s]; ok && k > 0 {
			parts = append([]string{fmt.Sprintf("the %s keep %d fatigue to forage (24.4)", segSideName(s), k)}, parts...)
		}
	}
	if len(parts) == 0 {
		parts = append(parts, "no unit changes")
	}
	return parts
}

func sortedMapKeys(m map[string]string) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
