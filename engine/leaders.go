package engine

import (
	"fmt"
	"sort"
	"strings"
	"time"
)

// Phase 3 of the sequence of play, Leader Transfer / Attachment (003 3
// a)-c)): leader transfer (LRTG 16; 000 IV b); 4.2) with the Jackson
// relapse roll of the Jackson Lives variant (31.4) in step 3a; the Hooker
// replacement (16.2: Meade assumes command on the third Hooker Questioned
// event, with every change 16.2 makes to the order of battle) in step 3b;
// and the step gate of attachment and detachment (7.1, 7.2) in step 3c,
// which engine/attach.go's deciders call.

// CommandState is the game's state of this module of the sequence of
// play.
type CommandState struct {
	// Meade is set once 16.2's changes to the order of battle have been
	// made (the releases are the movement module's, Movement.Meade);
	// MeadeTurn is the turn it happened (16.2 11): Union command
	// paralysis that turn).
	Meade     bool `json:"meade,omitempty"`
	MeadeTurn int  `json:"meade_turn,omitempty"`
	// Replaced maps each unit 16.2 took out of play to the unit that
	// replaced it ("" when it was simply removed).
	Replaced map[string]string `json:"replaced,omitempty"`
	// Transferred maps a leader to the last turn he transferred in a
	// Leader Transfer step (one transfer a step).
	Transferred map[string]int `json:"transferred,omitempty"`
	// Away holds the leaders a passive side took off the map (000 IV b),
	// with the turn they left: they return to any unit from the next turn.
	Away map[string]int `json:"away,omitempty"`
	// Jackson is the record of the Jackson relapse rolls (31.4), in order.
	Jackson []JacksonRoll `json:"jackson,omitempty"`
}

// JacksonRoll is one turn's Jackson relapse roll (LRTG 31.4).
type JacksonRoll struct {
	Turn    int    `json:"turn"`
	Roll    int64  `json:"roll"` // the game roll's number
	Natural int    `json:"natural"`
	Total   int    `json:"total"`
	Outcome string `json:"outcome"` // debilitated, impacted, no-effect
}

// Unit ids 16.2 names (scenarios/oob/lrtg-usa.yaml, lrtg-csa*.yaml).
const (
	idHooker     = "usa.hooker"
	idMeadeCorps = "usa.meade"
	idMeadeArmy  = "usa.meade-army"
	idSykes      = "usa.sykes"
	idCouch      = "usa.couch"
	idPleasonton = "usa.pleasonton"
	idPrice      = "usa.price"
	idCuster     = "usa.custer"
	idFarnsworth = "usa.farnsworth"
	idKilpatrick = "usa.kilpatrick"
	idWHLee      = "csa.whlee"
	idChambliss  = "csa.chambliss"
	idJackson    = "csa.jackson"
)

// Leader transfer distances (003 3 a); 000 IV b); 4.2).
const (
	TransferHexes        = 10
	TransferHexesPassive = 30
)

// HookerQuestionedNeeded is the occurrence at which Meade assumes command
// (LRTG 16.2: "after the third occurrence of a Hooker Questioned event").
const HookerQuestionedNeeded = 3

// CSAVPHookerQuestioned is the Confederate VP total that is a Hooker
// Questioned event (16.2 b)).
const CSAVPHookerQuestioned = 75

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

// cavDivision is an Army of the Potomac cavalry division: its leader once
// Meade commands (16.2 8) i)) and its brigades, the reorganized ones first
// (the order a leader is placed by default). The divisions are the order
// of battle's "division:" notes (scenarios/oob/lrtg-usa.yaml, choice
// U10: each replacement takes the division of the unit it replaces).
type cavDivision struct {
	name, leader string
	brigades     []string
}

var cavDivisions = []cavDivision{
	{"1st", "usa.buford", []string{"usa.merritt", "usa.gamble", "usa.devin", "usa.whiting", "usa.davis"}},
	{"2nd", "usa.gregg-ldr", []string{"usa.huey", "usa.gregg", "usa.dicesnola"}},
	{"3rd", "usa.kilpatrick-ldr", []string{"usa.mcintosh", idCuster, idFarnsworth, "usa.wyndam", idKilpatrick}},
}

// CavalryDivision returns the Army of the Potomac cavalry division of a
// unit id (a brigade, or a division leader), or "".
func CavalryDivision(id string) string {
	for _, d := range cavDivisions {
		if d.leader == id || contains(d.brigades, id) {
			return d.name
		}
	}
	return ""
}

// Commands of this module.
type (
	// TransferLeader moves a leader to a friendly unit in the Leader
	// Transfer step (003 3 a)), or, for a passive side, off the map to
	// return to any unit the next turn (000 IV b)). To is a unit id or
	// LeaderOff.
	TransferLeader struct {
		By     Actor
		Leader string
		To     string
		Reason string    // the umpire's reason to set a rule aside
		Data   *MoveData // the map, for Heintzelman's area (16.3); nil: not checked
	}
)

// LeaderOff is the TransferLeader target that takes a passive side's
// leader off the map.
const LeaderOff = "off"

// CommandName implements Command.
func (TransferLeader) CommandName() string { return "leader transfer" }

// Events of this module.
const (
	EventLeaderTransferred = "leader.transferred"
	EventJacksonRelapse    = "jackson.relapse"
	EventMeadeAssumed      = "meade.assumed"
)

// LeaderTransferred records a leader's transfer: to a unit's hex, off the
// map (a passive side, Off) or back onto it (Return).
type LeaderTransferred struct {
	By       Actor    `json:"by"`
	Leader   string   `json:"leader"`
	Turn     int      `json:"turn"`
	Step     string   `json:"step,omitempty"`
	From     Hex      `json:"from"`
	FromRef  string   `json:"from_ref,omitempty"`
	To       string   `json:"to,omitempty"` // the unit he joins
	Hex      Hex      `json:"hex"`
	Ref      string   `json:"ref,omitempty"`
	Hexes    int      `json:"hexes,omitempty"` // the distance
	Limit    int      `json:"limit,omitempty"` // 10, or 30 when passive; 0 none
	Passive  bool     `json:"passive,omitempty"`
	Off      bool     `json:"off,omitempty"`    // taken off the map (000 IV b))
	Return   bool     `json:"return,omitempty"` // back from off the map
	Rule     string   `json:"rule,omitempty"`   // the section that allows it
	Override string   `json:"override,omitempty"`
	Overrode []string `json:"overrode,omitempty"`
}

// EventType implements Event.
func (*LeaderTransferred) EventType() string { return EventLeaderTransferred }

// JacksonRelapse records the outcome of the turn's Jackson relapse roll
// (31.4); the roll itself is the TableRolled before it.
type JacksonRelapse struct {
	JacksonRoll
	Plus bool `json:"plus,omitempty"` // the +1 for two turns of natural 2-3 applied
}

// EventType implements Event.
func (*JacksonRelapse) EventType() string { return EventJacksonRelapse }

// MeadeAssumed records Meade assuming command of the Army of the Potomac
// (LRTG 16.2) with every change its numbered steps make to the order of
// battle, in order. The releases (9), 12), 13)) and the end of Hooker's
// restrictions (10)) are the movement module's MeadeCommands.
type MeadeAssumed struct {
	By      Actor          `json:"by"`
	Turn    int            `json:"turn"`
	Counted []HookerEvent  `json:"counted,omitempty"` // the Hooker Questioned events (none: the umpire's /game meade)
	Changes []MeadeChange  `json:"changes"`
	Overall *OverallChange `json:"overall,omitempty"` // 16.2 14)
}

// EventType implements Event.
func (*MeadeAssumed) EventType() string { return EventMeadeAssumed }

// MeadeChange is one numbered step of 16.2 as it changed the order of
// battle: units taken out of play, units as the step leaves them.
type MeadeChange struct {
	Step string `json:"step"` // 16.2's number: "1)", "8) a)"
	// What says what happened without places or strengths (it is told to
	// both sides); Units carry those.
	What     string            `json:"what"`
	Remove   []string          `json:"remove,omitempty"`
	Units    []UnitState       `json:"units,omitempty"`
	Replaces map[string]string `json:"replaces,omitempty"` // new unit id -> the unit it replaces
}

// OverallChange is the new Union overall commander of 16.2 14): the
// commander of the V Corps. The former one keeps, as declared commands,
// the designations he held as overall commander.
type OverallChange struct {
	From         Actor    `json:"from"`
	To           Actor    `json:"to"`
	FromCommands []string `json:"from_commands,omitempty"`
}

// applyTo hands the overall command over (16.2 14); LRTA's McClellan): the
// players with the change made, a new slice; the same slice without one.
func (o *OverallChange) applyTo(players []Player) []Player {
	if o == nil {
		return players
	}
	ps := append([]Player(nil), players...)
	for i := range ps {
		switch ps[i].Actor.ID {
		case o.From.ID:
			ps[i].Overall = false
			ps[i].Commands = append([]string(nil), o.FromCommands...)
		case o.To.ID:
			ps[i].Overall = true
		}
	}
	return ps
}

// HookerEvent is one Hooker Questioned event (16.2 a)-c)).
type HookerEvent struct {
	Source string `json:"source"` // random-event, vp, disorder
	Turn   int    `json:"turn,omitempty"`
	What   string `json:"what"`
}

// leadersModule is leader transfers and replacements.
func leadersModule() Module {
	return Module{Name: "leaders",
		Commands: []Command{TransferLeader{}}, Decide: claims(decideLeaders),
		Events: []Event{&LeaderTransferred{}, &JacksonRelapse{}, &MeadeAssumed{}},
		Apply:  folds(applyLeaders)}
}

func decideLeaders(g GameState, cmd Command, _ Dice) ([]Event, bool, error) {
	if c, ok := cmd.(TransferLeader); ok {
		evs, err := g.decideTransfer(c)
		return evs, true, err
	}
	return nil, false, nil
}

func applyLeaders(g GameState, e Event) (GameState, bool) {
	switch e := e.(type) {
	case *LeaderTransferred:
		return g.action(e, func(g *GameState) {
			c := g.Command
			g.editUnit(e.Leader, func(u *UnitState) {
				switch {
				case e.Off:
					u.OnMap, u.Track, u.Slot = false, "leader-away", 0
				default:
					u.OnMap, u.Hex, u.Ref, u.Track, u.Slot = true, e.Hex, e.Ref, "", 0
				}
			})
			switch {
			case e.Off:
				c.Away = attCopyMap(c.Away)
				c.Away[e.Leader] = e.Turn
			case e.Return:
				c.Away = attCopyMap(c.Away)
				delete(c.Away, e.Leader)
			}
			if e.Limit > 0 || e.Off {
				c.Transferred = attCopyMap(c.Transferred)
				c.Transferred[e.Leader] = e.Turn
			}
			g.Command = c
		}), true
	case *JacksonRelapse:
		c := g.Command
		c.Jackson = append(append([]JacksonRoll(nil), c.Jackson...), e.JacksonRoll)
		g.Command = c
		return g, true
	case *MeadeAssumed:
		return g.applyMeade(e), true
	}
	return g, false
}

// ---- Hooker Questioned (16.2 a)-c); 15.2) ----

// HookerQuestioned lists the Hooker Questioned events so far, from the
// three sources of 16.2: the random event (as randomevents.go records
// it), the Confederates reaching 75 VP, and the first Union Army Disorder
// (15.2: "the first occurrence of Union Army Disorder constitutes a
// Hooker Questioned Event").
func (g GameState) HookerQuestioned() []HookerEvent {
	var out []HookerEvent
	for _, e := range g.Events.Rolled { // randomevents.go: EventsState.HookerQuestioned counts the same
		if e.Outcome == RandomHooker {
			out = append(out, HookerEvent{Source: "random-event", Turn: e.Turn, What: fmt.Sprintf("the Hooker Questioned random event of turn %d (16.2 a))", e.Turn)})
		}
	}
	if t, ok := g.csaReached75(); ok {
		out = append(out, HookerEvent{Source: "vp", Turn: t, What: fmt.Sprintf("the Confederates reached %d VP (16.2 b))", CSAVPHookerQuestioned)})
	}
	if g.Records.Armies[USA].EverDisorder {
		out = append(out, HookerEvent{Source: "disorder", What: "the first Union Army Disorder (16.2 c), 15.2)"})
	}
	return out
}

// csaReached75 reports whether the Victory Point total (+ Confederate)
// has reached 75, at the end of a turn on the record or now, and the first
// turn it did.
func (g GameState) csaReached75() (int, bool) {
	for _, p := range g.Records.History {
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
func (g GameState) MeadeParalysis() bool { return g.Command.Meade && g.Command.MeadeTurn == g.Turn }

// ---- Step 3b: the Hooker replacement (16.2) ----

// stepHookerReplacement makes Meade assume command when the third Hooker
// Questioned event has occurred, or when the umpire has recorded it (/game
// meade) and the order of battle has not changed yet.
func stepHookerReplacement(g GameState, _ Dice, ctx StepContext) ([]Event, error) {
	if g.Command.Meade {
		return nil, nil
	}
	counted := g.HookerQuestioned()
	if len(counted) < HookerQuestionedNeeded && !g.Movement.Meade {
		return nil, nil
	}
	var evs []Event
	state := g
	if !g.Movement.Meade {
		why := make([]string, len(counted))
		for i, c := range counted {
			why[i] = c.What
		}
		mc := &MeadeCommands{By: g.Umpire, Turn: g.Turn, Reason: "Hooker questioned three times: " + strings.Join(why, "; ")}
		evs = append(evs, mc)
		state = state.Apply(mc)
	} else {
		counted = nil // the umpire's ruling
	}
	evs = append(evs, state.meadeAssumes(counted))
	return evs, nil
}

// meadeWork builds the changes of 16.2 on a working copy of the units.
type meadeWork struct {
	g       GameState
	units   map[string]UnitState
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
func (w *meadeWork) live(id string) (UnitState, bool) {
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

func unitName(g GameState, id string) string {
	if u, ok := g.Units[id]; ok {
		return u.Name
	}
	return id
}

// takePlace gives a unit the place and status of the one it replaces
// (16.2 note: "the same status (Fatigue, Organization, Exhaustion,
// Supply, Ammo & Demoralizations)"), and its manpower when both have it
// (6), 7): "with the same manpower").
func takePlace(nu, old UnitState) UnitState {
	old = old.WithStatus()
	nu = nu.WithStatus()
	nu.OnMap, nu.Hex, nu.Ref, nu.Track, nu.Slot = old.OnMap, old.Hex, old.Ref, old.Track, old.Slot
	if nu.Kind != "leader" {
		nu.Manpower = old.Manpower
	}
	nu.Fatigue, nu.Status = old.Fatigue, old.Status
	nu.Detached.Artillery = old.Detached.Artillery
	marks := append([]string(nil), nu.Marks...)
	for _, m := range old.Marks {
		if contains(UnitMarks, m) && !contains(marks, m) {
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
	w.add(MeadeChange{Step: step, What: what, Remove: []string{oldID}, Units: []UnitState{nu}, Replaces: map[string]string{newID: oldID}})
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
	w.add(MeadeChange{Step: step, What: what, Units: []UnitState{u}})
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
			w.add(MeadeChange{Step: step, What: fmt.Sprintf("%s with %s", what, u.Name), Units: []UnitState{l}})
			return
		}
	}
	w.add(MeadeChange{Step: step, What: what + ": no unit to join is on the map; the umpire places him when one is"})
}

// meadeAssumes builds the changes of 16.2 1)-15) to the order of battle.
func (g GameState) meadeAssumes(counted []HookerEvent) *MeadeAssumed {
	w := &meadeWork{g: g, units: copyUnits(g.Units)}

	// 1) Remove the Hooker army leader.
	w.remove("1)", idHooker, "Hooker is removed")

	// 2) The Meade army counter and Sykes replace the Meade V Corps
	// leader counter.
	if old, ok := w.live(idMeadeCorps); ok {
		var in []UnitState
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
			if u, ok := w.live(id); ok && u.OnMap && u.Kind != "leader" && strings.EqualFold(u.Command, "V") {
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
	var pa []UnitState
	for _, u := range w.units {
		if u.Side == USA && strings.EqualFold(u.Command, "PA") && u.Kind != "leader" && u.OnMap && !u.Eliminated {
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
	var to *UnitState
	for _, id := range []string{idCuster, idFarnsworth} {
		u, ok := w.live(id)
		if !ok || !u.OnMap || u.Track != "" {
			continue
		}
		if to == nil || (p.OnMap && Distance(u.Hex, p.Hex) < Distance(to.Hex, p.Hex)) {
			to = &u
		}
	}
	if to == nil || p.Manpower == 0 {
		w.add(MeadeChange{Step: step, What: "Price is removed; neither Custer nor Farnsworth is on the map to take his manpower", Remove: []string{idPrice}})
		return
	}
	u := *to
	u.Manpower += p.Manpower
	w.add(MeadeChange{Step: step, What: fmt.Sprintf("Price is removed and his manpower goes to %s", u.Name), Remove: []string{idPrice}, Units: []UnitState{u}})
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
	var near []UnitState
	for _, u := range w.units {
		if u.ID != idKilpatrick && u.Side == USA && u.Kind == "cavalry" && strings.EqualFold(u.Command, "Cav") &&
			u.OnMap && !u.Eliminated && u.Manpower <= 2 {
			near = append(near, u)
		}
	}
	sort.Slice(near, func(i, j int) bool {
		di, dj := Distance(near[i].Hex, k.Hex), Distance(near[j].Hex, k.Hex)
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
func (g GameState) newOverall() *OverallChange {
	var old, v *Player
	vcorps := UnitState{Side: USA, Command: "V"}
	for i := range g.Players {
		p := &g.Players[i]
		if p.Side != USA {
			continue
		}
		if p.Overall {
			old = p
		} else if commandsUnit(p.Commands, vcorps) {
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
		d := designation(u)
		if u.Side != USA || held[strings.ToLower(d)] || !g.Controls(old.Actor, u) {
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
func (g GameState) applyMeade(e *MeadeAssumed) GameState {
	g.Units = copyUnits(g.Units)
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

// ---- Step 3a: leader transfer and the Jackson relapse roll ----

// SidePassive reports whether a side is passive on a turn, as the
// operational / passive declarations (step 1e, declare.go) record it once
// revealed.
func (g GameState) SidePassive(s Side, turn int) bool { return g.Declared.Passive(s, turn) }

// TransferLimit is how far a side's leaders transfer this turn (003 3 a);
// 000 IV b); 4.2): 10 hexes, 30 when the side is passive.
func (g GameState) TransferLimit(s Side) int {
	if g.SidePassive(s, g.Turn) {
		return TransferHexesPassive
	}
	return TransferHexes
}

// LeadersAway lists a side's leaders off the map since an earlier turn,
// who return to any unit (000 IV b)), sorted.
func (g GameState) LeadersAway(s Side) []string {
	var out []string
	for id, t := range g.Command.Away {
		if u, ok := g.Units[id]; ok && u.Side == s && t < g.Turn {
			out = append(out, id)
		}
	}
	sort.Strings(out)
	return out
}

// stepLeaderTransfer rolls for Jackson's wounds when playing Jackson
// Lives (31.4); the transfers are the players' (/leader transfer).
func stepLeaderTransfer(g GameState, d Dice, ctx StepContext) ([]Event, error) {
	if !g.Options.JacksonLives {
		return nil, nil
	}
	if j, ok := g.Units[idJackson]; !ok || j.Eliminated {
		return nil, nil
	}
	if ctx.Library == nil || ctx.Library.Table("lrtg.jackson-relapse") == nil {
		return nil, fmt.Errorf("engine: the Jackson relapse roll needs the table lrtg.jackson-relapse")
	}
	return g.rollJackson(ctx.Library.Table("lrtg.jackson-relapse"), d)
}

// JacksonPlus reports whether the +1 of 31.4 applies to the next relapse
// roll: two consecutive turns of a natural 2-3 result have been rolled
// and no roll has ended in No effect since (scenarios/rules
// lrtg-p1-optional.yaml states this reading).
func (c CommandState) JacksonPlus() bool {
	plus, streak, last := false, 0, 0
	for _, r := range c.Jackson {
		switch {
		case r.Natural <= 3 && streak > 0 && r.Turn == last+1:
			streak++
		case r.Natural <= 3:
			streak = 1
		default:
			streak = 0
		}
		last = r.Turn
		if streak >= 2 {
			plus = true
		}
		if r.Outcome == "no-effect" {
			plus = false
		}
	}
	return plus
}

// JacksonThisTurn returns this turn's relapse roll, if made.
func (g GameState) JacksonThisTurn() (JacksonRoll, bool) {
	for _, r := range g.Command.Jackson {
		if r.Turn == g.Turn {
			return r, true
		}
	}
	return JacksonRoll{}, false
}

func (g GameState) rollJackson(t *Table, d Dice) ([]Event, error) {
	if _, done := g.JacksonThisTurn(); done {
		return nil, nil
	}
	plus := g.Command.JacksonPlus()
	facts := Facts{"two_turns_debilitated": b2i(plus), "after_july_1": b2i(g.afterJuly1())}
	evs, err := g.ruleRoll(RollTable{By: g.Umpire, Table: t, Facts: facts}, d)
	if err != nil {
		return nil, err
	}
	tr := evs[0].(*TableRolled)
	return append(evs, &JacksonRelapse{JacksonRoll: JacksonRoll{Turn: g.Turn, Roll: tr.Number, Natural: tr.Natural, Total: tr.Total, Outcome: tr.Outcome}, Plus: plus}), nil
}

// afterJuly1 reports whether the turn is after July 1 (31.4): it begins
// on July 2 or later.
func (g GameState) afterJuly1() bool {
	day, ok := g.TurnDate(g.Turn)
	return ok && day.After(time.Date(1863, time.July, 1, 0, 0, 0, 0, time.UTC))
}

// waitLeaderTransfer waits for the leaders a passive side took off the
// map on an earlier turn: they come back now (000 IV b)).
func waitLeaderTransfer(g GameState) []string {
	var out []string
	for _, s := range []Side{CSA, USA} {
		away := g.LeadersAway(s)
		if len(away) == 0 {
			continue
		}
		who := fmt.Sprintf("%d leader(s)", len(away))
		if !g.Options.LimitedIntel {
			names := make([]string, len(away))
			for i, id := range away {
				names[i] = g.Units[id].Name
			}
			who = strings.Join(names, ", ")
		}
		out = append(out, fmt.Sprintf("the %s to place %s back on the map (/leader transfer)", strings.ToUpper(string(s)), who))
	}
	return out
}

// returnSteps are the steps in which a leader taken off the map comes
// back: the next turn's Communications phase (000 IV b); 4.2), or its
// Leader Transfer step (003 3 a)), which a game without a Communications
// phase reaches first.
var returnSteps = []string{"2a", "2b", "2c", "2d", "3a"}

// meadePlacedLeaders are the leaders 16.2 places "with any" unit of a
// kind: the Union player may choose another in the step Meade assumes
// command (16.2 5), 8) i)).
func meadePlaced(id string) bool {
	if id == idCouch {
		return true
	}
	for _, d := range cavDivisions {
		if d.leader == id {
			return true
		}
	}
	return false
}

// leaderMayJoin checks that a leader may go to a unit: an army leader to
// any friendly unit; a cavalry division leader to a brigade of his
// division (16.2 8) i)); Pleasonton to any AoP cavalry unit (16.4); a
// corps or garrison leader to a unit of his corps or designation (16.3:
// Schenck's VIII Corps is Balt, WV and HF).
func (g GameState) leaderMayJoin(l, t UnitState) *RuleError {
	if t.Kind == "leader" {
		return Illegal("leader.target", fmt.Sprintf("%s is a leader: a leader transfers to a unit", t.Name), "Name a unit he commands")
	}
	cmd := strings.ToLower(l.Command)
	switch {
	case cmd == "aop" || cmd == "anv":
		return nil
	case CavalryDivision(l.ID) != "":
		div := CavalryDivision(l.ID)
		if g.cavDivisionOf(t) != div {
			return Illegal("leader.command", fmt.Sprintf("%s leads the %s cavalry division; %s is not one of its brigades", l.Name, div, t.Name), "LRTG 16.2 8) i)")
		}
		return nil
	case l.Detached.Division != "":
		if t.Detached.Division != l.Detached.Division {
			return Illegal("leader.command", fmt.Sprintf("%s leads the brigades of his division; %s is not one", l.Name, t.Name), "LRTG 18.3")
		}
		return nil
	}
	if !commandsUnit([]string{l.Command}, t) {
		return Illegal("leader.command", fmt.Sprintf("%s commands the %s; %s is %s", l.Name, l.Command, t.Name, designation(t)), "A corps leader transfers to a unit of his corps")
	}
	return nil
}

// cavDivisionOf returns a unit's cavalry division, through the unit it
// detached from for a substitute.
func (g GameState) cavDivisionOf(u UnitState) string {
	for i := 0; i < 8; i++ {
		if d := CavalryDivision(u.ID); d != "" || u.Detached.From == "" {
			return d
		}
		p, ok := g.Units[u.Detached.From]
		if !ok {
			return CavalryDivision(u.Detached.From)
		}
		u = p
	}
	return ""
}

func (g GameState) decideTransfer(cmd TransferLeader) ([]Event, error) {
	l, err := g.unitFor(cmd.By, strings.TrimSpace(cmd.Leader))
	if err != nil {
		return nil, err
	}
	if l.Kind != "leader" {
		return nil, Invalid("leader.kind", fmt.Sprintf("%s is not a leader", l.Name), "Transfer a leader: /oob lists yours")
	}
	if l.Eliminated {
		return nil, Illegal("leader.eliminated", fmt.Sprintf("%s has been eliminated", l.Name), "")
	}
	umpire := g.IsUmpire(cmd.By)
	step := g.CurrentStep()
	turn, away := g.Command.Away[l.ID]
	passive := g.SidePassive(l.Side, g.Turn)
	limit := g.TransferLimit(l.Side)
	ev := &LeaderTransferred{By: cmd.By, Leader: l.ID, Turn: g.Turn, Step: step, From: l.Hex, FromRef: l.Ref, Passive: passive}
	var broken []*RuleError
	stepRule := func(allowed []string, what string) {
		if step != "" && !contains(allowed, step) {
			broken = append(broken, moveRule("leader.step", fmt.Sprintf("%s: this is step %s", what, step), "Wait for that step (/phase show)", "003 3 a)"))
		}
	}
	to := strings.TrimSpace(cmd.To)
	if strings.EqualFold(to, LeaderOff) {
		switch {
		case away:
			return nil, Illegal("leader.away", fmt.Sprintf("%s is already off the map", l.Name), "Place him with a unit: to:<unit>")
		case !l.OnMap:
			return nil, Illegal("leader.off_map", fmt.Sprintf("%s is not on the map", l.Name), "")
		}
		stepRule([]string{"3a"}, "Leaders leave the map in the Leader Transfer step (3a)")
		if !passive {
			broken = append(broken, moveRule("leader.passive", fmt.Sprintf("Only a passive side's leaders leave the map to return anywhere; the %s is not passive this turn", strings.ToUpper(string(l.Side))), "Transfer him to a unit within 10 hexes", "000 IV b); 4.2"))
		}
		if g.Command.Transferred[l.ID] == g.Turn && step == "3a" {
			broken = append(broken, moveRule("leader.once", fmt.Sprintf("%s has already transferred this turn", l.Name), "", "003 3 a)"))
		}
		ev.Off, ev.Rule = true, "000 IV b); 4.2"
		ev.Hex, ev.Ref = l.Hex, l.Ref
		return g.settleTransfer(cmd, ev, broken, umpire)
	}
	if to == "" {
		return nil, Invalid("leader.to", "No unit to transfer to", "Name the unit: to:<unit>, or to:off for a passive side's leader leaving the map")
	}
	t, err := g.unit(to)
	if err != nil {
		return nil, err
	}
	if !umpire && t.Side != l.Side {
		// The same answer as for a unit that does not exist.
		return nil, Invalid("unit.unknown", fmt.Sprintf("There is no unit %q", to), "Transfer to a unit of your side")
	}
	if t.Side != l.Side {
		return nil, Illegal("leader.side", fmt.Sprintf("%s is an enemy unit", t.Name), "")
	}
	if t.Eliminated || !t.OnMap {
		return nil, Illegal("leader.target", fmt.Sprintf("%s is not on the map", t.Name), "A leader transfers to a unit on the map")
	}
	if e := g.leaderMayJoin(l, t); e != nil {
		if e.Code == "leader.target" {
			return nil, e
		}
		broken = append(broken, e)
	}
	dist := -1
	if l.OnMap {
		dist = Distance(l.Hex, t.Hex)
	}
	switch {
	case away:
		if turn >= g.Turn {
			broken = append(broken, moveRule("leader.return", fmt.Sprintf("%s left the map this turn: he returns next turn", l.Name), "", "000 IV b); 4.2"))
		}
		stepRule(returnSteps, "A leader off the map returns in the Communications phase or the Leader Transfer step")
		ev.Return, ev.Rule = true, "000 IV b); 4.2: to any unit"
	case g.Command.Meade && g.Command.MeadeTurn == g.Turn && step == "3b" && meadePlaced(l.ID):
		ev.Rule = "16.2 5), 8) i): with any unit of his command, the step Meade assumes command"
	default:
		if !l.OnMap {
			return nil, Illegal("leader.off_map", fmt.Sprintf("%s is not on the map", l.Name), "A leader off the map comes in as the rules bring him")
		}
		stepRule([]string{"3a"}, "Leaders transfer in the Leader Transfer step (3a)")
		if g.Command.Transferred[l.ID] == g.Turn && (step == "3a" || step == "") {
			broken = append(broken, moveRule("leader.once", fmt.Sprintf("%s has already transferred this turn", l.Name), "", "003 3 a)"))
		}
		if dist > limit {
			hint := fmt.Sprintf("Choose a unit within %d hexes", limit)
			if !passive {
				hint += fmt.Sprintf(" (%d when the side is passive)", TransferHexesPassive)
			}
			broken = append(broken, moveRule("leader.distance", fmt.Sprintf("%s is %d hexes from %s: leaders transfer up to %d hexes this turn", t.Name, dist, l.Name, limit), hint, "003 3 a); 000 IV b)"))
		}
		ev.Limit, ev.Rule = limit, "003 3 a)"
	}
	if d := cmd.Data; d != nil && d.Theatre != nil {
		if e := g.checkArea(l, t.Hex, t.Ref, d); e != nil {
			broken = append(broken, e)
		}
	}
	ev.To, ev.Hex, ev.Ref, ev.Hexes = t.ID, t.Hex, t.Ref, max(dist, 0)
	return g.settleTransfer(cmd, ev, broken, umpire)
}

// settleTransfer refuses a transfer that breaks a rule, unless the umpire
// sets the rules aside with a reason (recorded in the event).
func (g GameState) settleTransfer(cmd TransferLeader, ev *LeaderTransferred, broken []*RuleError, umpire bool) ([]Event, error) {
	if len(broken) == 0 {
		return []Event{ev}, nil
	}
	reason := strings.TrimSpace(cmd.Reason)
	if !umpire || reason == "" {
		e := *broken[0]
		if umpire {
			e.Hint = strings.TrimPrefix(strings.TrimSuffix(e.Hint, ".")+". As umpire you may set the rule aside: add reason:<why>", ". ")
		}
		return nil, &e
	}
	ev.Override = reason
	for _, b := range broken {
		what := b.What
		if b.Rule != "" {
			what += " (" + b.Rule + ")"
		}
		ev.Overrode = append(ev.Overrode, what)
	}
	return []Event{ev}, nil
}

// ---- Step 3c: attachment and detachment (7.1, 7.2) ----

// attachStepGate refuses a player's attachment outside step 3c, and a
// detachment outside 3c and the action cycle (7.1: "during the attachment
// / detachment phase or from a marching unit"), once the game follows the
// sequence of play. The umpire may always.
func (g GameState) attachStepGate(by Actor, detach bool) error {
	step := g.CurrentStep()
	if step == "" || step == "3c" || g.IsUmpire(by) {
		return nil
	}
	if detach && (step == "4a" || step == "4b") {
		return nil // from a marching unit (7.1): the march is the player's word
	}
	if detach {
		return attRuled(Illegal("detach.step", fmt.Sprintf("Units detach in the Attachment / Detachment step (3c), or from a marching unit in the action cycle; this is step %s", step), "Wait for step 3c or a march (/phase show)"), "LRTG 7.1; 003 3 c)")
	}
	return attRuled(Illegal("attach.step", fmt.Sprintf("Units attach in the Attachment / Detachment step (3c); this is step %s", step), "Wait for step 3c (/phase show)"), "LRTG 7.2; 003 3 c)")
}

// MeadeAssumed completes the MeadeCommands action it follows in step 3b
// (partOfAction): the umpire's undo takes both back together.
func (*MeadeAssumed) partOfAction() {}
