// Step 3b, the Hooker replacement (LRTG 16.2): Hooker Questioned, and Meade
// assuming command on its third occurrence with every change 16.2 makes to
// the order of battle (replacements, redesignations, the dispersal of
// Price's and Kilpatrick's commands, the new overall commander). Moved out
// of leaders.go, which keeps the step registered in its init().

package lrtg

import (
	"fmt"
	"sort"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// meadeReplacement is a counter 16.2 replaces with another, which takes
// its place and its status ("Units replacing other units should be given
// the same status", 16.2 note).
type meadeReplacement struct {
	step, old, new string
}

// The replacements of 16.2 6), 7) and 8) a)-f).
var meadeReplacements = []meadeReplacement{
	{"6)", "usa.french", "usa.hays-ii"},
	{"7)", "usa.hays-dc", "usa.willard"},
	{"8) a)", "usa.whiting", "usa.merritt"},
	{"8) b)", "usa.davis", "usa.gamble"},
	{"8) c)", "usa.dicesnola", "usa.huey"},
	{"8) d)", "usa.wyndam", "usa.mcintosh"},
	{"8) e)", "usa.copeland", idCuster},
	{"8) f)", "usa.deforest", idFarnsworth},
}

// HookerQuestioned lists the Hooker Questioned events so far, from the
// three sources of 16.2: the random event (as randomevents.go records
// it), the Confederates reaching 75 VP, and the first Union Army Disorder
// (15.2: "the first occurrence of Union Army Disorder constitutes a
// Hooker Questioned Event").
func (g Game) HookerQuestioned() []HookerEvent {
	var out []HookerEvent
	for _, e := range g.Events.Rolled { // randomevents.go: EventsState.HookerQuestioned counts the same
		if e.Outcome == RandomHooker {
			out = append(out, HookerEvent{Source: "random-event", Turn: e.Turn, What: fmt.Sprintf("the Hooker Questioned random event of turn %d (16.2 a))", e.Turn)})
		}
	}
	if t, ok := g.csaReached75(); ok {
		out = append(out, HookerEvent{Source: "vp", Turn: t, What: fmt.Sprintf("the Confederates reached %d VP (16.2 b))", CSAVPHookerQuestioned)})
	}
	if g.Records.Armies[engine.USA].EverDisorder {
		out = append(out, HookerEvent{Source: "disorder", What: "the first Union Army Disorder (16.2 c), 15.2)"})
	}
	return out
}

// csaReached75 reports whether the Victory Point total (+ Confederate)
// has reached 75, at the end of a turn on the record or now, and the first
// turn it did.
func (g Game) csaReached75() (int, bool) {
	for _, p := range g.TurnRecord {
		if p.VP >= CSAVPHookerQuestioned {
			return p.Turn, true
		}
	}
	if _, total := g.VPTotals(); total >= CSAVPHookerQuestioned {
		return g.Turn, true
	}
	return 0, false
}

// MeadeParalysis reports whether the Union suffers command paralysis this
// turn because Meade assumed command in it (16.2 11)).
func (g Game) MeadeParalysis() bool { return g.Command.Meade && g.Command.MeadeTurn == g.Turn }

// meadeWork builds the changes of 16.2 on a working copy of the units.
type meadeWork struct {
	g       Game
	units   map[string]engine.UnitState
	changes []MeadeChange
}

func (w *meadeWork) add(c MeadeChange) {
	for _, id := range c.Remove {
		delete(w.units, id)
	}
	for _, u := range c.Units {
		w.units[u.ID] = u
	}
	w.changes = append(w.changes, c)
}

// live returns a unit in play (in the units, not eliminated).
func (w *meadeWork) live(id string) (engine.UnitState, bool) {
	u, ok := w.units[id]
	return u, ok && !u.Eliminated
}

// gone says why a unit 16.2 names is not in play.
func (w *meadeWork) gone(id string) string {
	if u, ok := w.units[id]; ok && u.Eliminated {
		return u.Name + " has been eliminated"
	}
	if to, ok := w.g.Attach.Attached[id]; ok {
		return fmt.Sprintf("%s has attached to %s", unitName(w.g, id), unitName(w.g, to))
	}
	return id + " is not in this game"
}

func unitName(g Game, id string) string {
	if u, ok := g.Units[id]; ok {
		return u.Name
	}
	return id
}

// takePlace gives a unit the place and status of the one it replaces
// (16.2 note: "the same status (Fatigue, Organization, Exhaustion,
// Supply, Ammo & Demoralizations)"), and its manpower when both have it
// (6), 7): "with the same manpower").
func takePlace(nu, old engine.UnitState) engine.UnitState {
	old = old.WithStatus()
	nu = nu.WithStatus()
	nu.OnMap, nu.Hex, nu.Ref, nu.Track, nu.Slot = old.OnMap, old.Hex, old.Ref, old.Track, old.Slot
	if !nu.Kind.IsLeader() {
		nu.Manpower = old.Manpower
	}
	nu.Fatigue, nu.Status = old.Fatigue, old.Status
	nu.Detached.Artillery = old.Detached.Artillery
	marks := append([]string(nil), nu.Marks...)
	for _, m := range old.Marks {
		if engine.Contains(engine.UnitMarks, m) && !engine.Contains(marks, m) {
			marks = append(marks, m)
		}
	}
	nu.Marks = marks
	return nu
}

// replace is a replacement of 16.2: the new counter takes the old one's
// place; when the old one is out of play, the new one never enters.
func (w *meadeWork) replace(step, oldID, newID, what string) {
	nu, ok := w.units[newID]
	if !ok {
		w.add(MeadeChange{Step: step, What: what + ": no " + newID + " counter in this game; nothing to do"})
		return
	}
	old, ok := w.live(oldID)
	if !ok {
		// An eliminated unit stays in play as eliminated (15.1 counts it).
		w.add(MeadeChange{Step: step, What: fmt.Sprintf("%s: %s, so %s does not enter", what, w.gone(oldID), nu.Name), Remove: []string{newID}})
		return
	}
	nu = takePlace(nu, old)
	w.add(MeadeChange{Step: step, What: what, Remove: []string{oldID}, Units: []engine.UnitState{nu}, Replaces: map[string]string{newID: oldID}})
}

// remove takes a unit out of play (not an elimination: 15.1 does not
// count it).
func (w *meadeWork) remove(step, id, what string) {
	if _, ok := w.live(id); !ok {
		// Eliminated, it stays in play as eliminated (15.1 counts it).
		w.add(MeadeChange{Step: step, What: what + ": " + w.gone(id)})
		return
	}
	w.add(MeadeChange{Step: step, What: what, Remove: []string{id}})
}

// redesignate makes a unit part of a corps (16.2 3), 4)): it needs no
// release any more, so its release group mark goes.
func (w *meadeWork) redesignate(step, id, corps, what string) {
	u, ok := w.live(id)
	if !ok {
		w.add(MeadeChange{Step: step, What: what + ": " + w.gone(id)})
		return
	}
	u.Command = corps
	var marks []string
	for _, m := range u.Marks {
		if !strings.HasPrefix(m, "release-group-") {
			marks = append(marks, m)
		}
	}
	u.Marks = marks
	w.add(MeadeChange{Step: step, What: what, Units: []engine.UnitState{u}})
}

// placeWith puts a leader with the first unit of a list that is on the
// map; the Union player may place him with another in this step
// (/leader transfer).
func (w *meadeWork) placeWith(step, leader string, with []string, what string) {
	l, ok := w.units[leader]
	if !ok {
		w.add(MeadeChange{Step: step, What: what + ": no " + leader + " counter in this game"})
		return
	}
	for _, id := range with {
		if u, ok := w.live(id); ok && u.OnMap {
			l.OnMap, l.Hex, l.Ref, l.Track, l.Slot = true, u.Hex, u.Ref, "", 0
			w.add(MeadeChange{Step: step, What: fmt.Sprintf("%s with %s", what, u.Name), Units: []engine.UnitState{l}})
			return
		}
	}
	w.add(MeadeChange{Step: step, What: what + ": no unit to join is on the map; the umpire places him when one is"})
}

// meadeAssumes builds the changes of 16.2 1)-15) to the order of battle.
func (g Game) meadeAssumes(counted []HookerEvent) *MeadeAssumed {
	w := &meadeWork{g: g, units: engine.CopyUnits(g.Units)}

	// 1) Remove the Hooker army leader.
	w.remove("1)", idHooker, "Hooker is removed")

	// 2) The Meade army counter and Sykes replace the Meade V Corps
	// leader counter.
	if old, ok := w.live(idMeadeCorps); ok {
		var in []engine.UnitState
		for _, id := range []string{idMeadeArmy, idSykes} {
			if nu, ok := w.units[id]; ok {
				in = append(in, takePlace(nu, old))
			}
		}
		c := MeadeChange{Step: "2)", What: "Meade's army counter and Sykes (V Corps) replace the Meade V Corps leader counter", Remove: []string{idMeadeCorps}, Units: in, Replaces: map[string]string{}}
		for _, u := range in {
			c.Replaces[u.ID] = idMeadeCorps
		}
		w.add(c)
	} else {
		// The V Corps leader is out of play: Meade and Sykes join the
		// first V Corps unit on the map.
		var v []string
		for _, id := range g.sortedUnits() {
			if u, ok := w.live(id); ok && u.OnMap && !u.Kind.IsLeader() && strings.EqualFold(u.Command, "V") {
				v = append(v, id)
			}
		}
		w.placeWith("2)", idMeadeArmy, v, "Meade's army counter ("+w.gone(idMeadeCorps)+")")
		w.placeWith("2)", idSykes, v, "Sykes (V Corps)")
	}

	// 3), 4) Crawford and Stannard join the V and I Corps.
	w.redesignate("3)", idCrawford, "V", "Crawford becomes part of the V Corps and needs no release")
	w.redesignate("4)", idStannard, "I", "Stannard becomes part of the I Corps and needs no release; he may attach to any AoP infantry division")

	// 5) Couch with any PA militia unit: by default the strongest on the
	// map.
	var pa []engine.UnitState
	for _, u := range w.units {
		if u.Side == engine.USA && strings.EqualFold(u.Command, "PA") && !u.Kind.IsLeader() && u.OnMap && !u.Eliminated {
			pa = append(pa, u)
		}
	}
	sort.Slice(pa, func(i, j int) bool {
		if pa[i].Manpower != pa[j].Manpower {
			return pa[i].Manpower > pa[j].Manpower
		}
		return pa[i].ID < pa[j].ID
	})
	paIDs := make([]string, len(pa))
	for i, u := range pa {
		paIDs[i] = u.ID
	}
	w.placeWith("5)", idCouch, paIDs, "Couch (PA corps leader) is placed")

	// 6), 7), 8) a)-f): the replacements.
	for _, r := range meadeReplacements {
		what := fmt.Sprintf("%s replaces %s", unitName(g, r.new), unitName(g, r.old))
		if r.step == "6)" || r.step == "7)" {
			what += " with the same manpower"
		}
		w.replace(r.step, r.old, r.new, what)
	}

	// 8) g) Price's manpower to Custer or Farnsworth: by default the
	// nearer (Custer on a tie).
	w.dispersePrice()
	// 8) h) Kilpatrick's manpower to the nearest AoP cavalry.
	w.disperseKilpatrick()
	// 8) i) Buford, Gregg and Kilpatrick with a brigade of their division.
	for _, d := range cavDivisions {
		w.placeWith("8) i)", d.leader, d.brigades, fmt.Sprintf("%s (%s cavalry division) is placed", unitName(g, d.leader), d.name))
	}
	// 8) j) (printed a second "i)") Pleasonton leaves the game.
	w.remove("8) j)", idPleasonton, "Pleasonton is removed from the game")

	// 15) Chambliss replaces W.H. Lee.
	w.replace("15)", idWHLee, idChambliss, "Chambliss replaces W.H. Lee (Confederate cavalry)")

	return &MeadeAssumed{By: g.Umpire, Turn: g.Turn, Counted: counted, Changes: w.changes, Overall: g.newOverall()}
}

// dispersePrice gives Price's manpower to Custer or Farnsworth (16.2 8)
// g)).
func (w *meadeWork) dispersePrice() {
	const step = "8) g)"
	p, ok := w.live(idPrice)
	if !ok {
		w.remove(step, idPrice, "Price is removed")
		return
	}
	var to *engine.UnitState
	for _, id := range []string{idCuster, idFarnsworth} {
		u, ok := w.live(id)
		if !ok || !u.OnMap || u.Track != "" {
			continue
		}
		if to == nil || (p.OnMap && engine.Distance(u.Hex, p.Hex) < engine.Distance(to.Hex, p.Hex)) {
			to = &u
		}
	}
	if to == nil || p.Manpower == 0 {
		w.add(MeadeChange{Step: step, What: "Price is removed; neither Custer nor Farnsworth is on the map to take his manpower", Remove: []string{idPrice}})
		return
	}
	u := *to
	u.Manpower += p.Manpower
	w.add(MeadeChange{Step: step, What: fmt.Sprintf("Price is removed and his manpower goes to %s", u.Name), Remove: []string{idPrice}, Units: []engine.UnitState{u}})
}

// disperseKilpatrick spreads the Kilpatrick brigade's manpower over the
// nearest Army of the Potomac cavalry units of 2 manpower or less, one
// each (16.2 8) h)); what finds no unit is lost.
func (w *meadeWork) disperseKilpatrick() {
	const step = "8) h)"
	k, ok := w.live(idKilpatrick)
	if !ok {
		w.remove(step, idKilpatrick, "The Kilpatrick brigade is removed")
		return
	}
	var near []engine.UnitState
	for _, u := range w.units {
		if u.ID != idKilpatrick && u.Side == engine.USA && u.Kind == engine.KindCavalry && strings.EqualFold(u.Command, "Cav") &&
			u.OnMap && !u.Eliminated && u.Manpower <= 2 {
			near = append(near, u)
		}
	}
	sort.Slice(near, func(i, j int) bool {
		di, dj := engine.Distance(near[i].Hex, k.Hex), engine.Distance(near[j].Hex, k.Hex)
		if di != dj {
			return di < dj
		}
		return near[i].ID < near[j].ID
	})
	if !k.OnMap {
		near = nil
	}
	n := min(k.Manpower, len(near))
	c := MeadeChange{Step: step, Remove: []string{idKilpatrick}}
	for _, u := range near[:n] {
		u.Manpower++
		c.Units = append(c.Units, u)
	}
	c.What = fmt.Sprintf("The Kilpatrick brigade is removed; its manpower goes one point each to the %d nearest AoP cavalry units of 2 manpower or less", n)
	if lost := k.Manpower - n; lost > 0 {
		c.What += fmt.Sprintf("; %d finds no such unit and is lost", lost)
	}
	w.add(c)
}

// newOverall is 16.2 14): with several Union commanders, the commander of
// the V Corps becomes the overall commander.
func (g Game) newOverall() *OverallChange {
	var old, v *engine.Player
	vcorps := engine.UnitState{Side: engine.USA, Command: "V"}
	for i := range g.Players {
		p := &g.Players[i]
		if p.Side != engine.USA {
			continue
		}
		if p.Overall {
			old = p
		} else if commandsUnit(g.Options, p.Commands, vcorps) {
			v = p
		}
	}
	if old == nil || v == nil {
		return nil // one Union commander, or the overall commander has the V Corps
	}
	// The former overall commander keeps what he commanded by default,
	// now declared.
	// The army headquarters (the army leader, the artillery reserve) are
	// the new overall commander's.
	held := map[string]bool{"aop": true}
	var kept []string
	for _, c := range old.Commands {
		held[strings.ToLower(c)] = true
		kept = append(kept, c)
	}
	for _, id := range g.sortedUnits() {
		u := g.Units[id]
		d := engine.Designation(u)
		if u.Side != engine.USA || held[strings.ToLower(d)] || !g.Controls(old.Actor, u) {
			continue
		}
		if _, replaced := g.Command.Replaced[id]; replaced {
			continue
		}
		held[strings.ToLower(d)] = true
		kept = append(kept, d)
	}
	return &OverallChange{From: old.Actor, To: v.Actor, FromCommands: kept}
}

// applyMeade folds Meade's assumption of command.
func (g Game) applyMeade(e *MeadeAssumed) Game {
	g.Units = engine.CopyUnits(g.Units)
	c := g.Command
	c.Replaced = attCopyMap(c.Replaced)
	away := c.Away
	victuals := g.Records.Victuals
	for _, ch := range e.Changes {
		for _, id := range ch.Remove {
			delete(g.Units, id)
			if _, ok := c.Replaced[id]; !ok {
				c.Replaced[id] = ""
			}
		}
		for _, u := range ch.Units {
			g.Units[u.ID] = u
		}
		// In id order, the first new unit standing for the old (Meade's
		// army counter and Sykes both replace the Meade V Corps leader):
		// ranging over the map let the fold pick either, at random, so
		// that two folds of one log could differ (as lrta_army.go does).
		news := make([]string, 0, len(ch.Replaces))
		for nu := range ch.Replaces {
			news = append(news, nu)
		}
		sort.Strings(news)
		seen := map[string]bool{}
		for _, nu := range news {
			old := ch.Replaces[nu]
			if !seen[old] {
				seen[old] = true
				c.Replaced[old] = nu
			}
			if t, ok := away[old]; ok {
				away = attCopyMap(away)
				away[nu] = t
			}
			if v, ok := victuals[old]; ok {
				victuals = attCopyMap(victuals)
				victuals[nu] = v
			}
		}
	}
	for old := range c.Replaced {
		if _, ok := away[old]; ok {
			away = attCopyMap(away)
			delete(away, old)
		}
		if _, ok := victuals[old]; ok {
			victuals = attCopyMap(victuals)
			delete(victuals, old)
		}
	}
	c.Away = away
	c.Meade, c.MeadeTurn = true, e.Turn
	g.Command = c
	r := g.Records
	r.Victuals = victuals
	g.Records = r
	g.Players = e.Overall.applyTo(g.Players)
	return g
}
