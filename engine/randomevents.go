package engine

import (
	"fmt"
	"sort"
	"strings"
)

// Random events (LRTG 2.0; 003 "Random Events" and "Effects of Random
// events"): step 1d of every turn from turn 4 rolls the Random Events table
// (scenarios/rules/lrtg-random-events.yaml) with every fact taken from the
// game state, follows its "treat instead" chain, and applies or tracks what
// the event does. Effects that belong to other phases (initiative, rain,
// heat, paralysis, communications, the Spy's benefits) are flags for the
// turn that the other modules read through EventsState's methods.

// The rules tables this module rolls.
const (
	RandomEventsTable  = "lrtg.random-events"
	SpyTable           = "lrtg.spy"
	BeauregardTable    = "lrtg.beauregard"
	RaspberryRaidTable = "lrtg.raspberry-raid"
)

// The outcomes of the Random Events table (its ids in the rules data).
const (
	RandomRainPlusOne    = "rain-plus-one"
	RandomRain           = "rain"
	RandomHalleck        = "halleck"
	RandomHooker         = "hooker-questioned"
	RandomUSACommsBreak  = "usa-comms-breakdown"
	RandomCSACommsBreak  = "csa-comms-breakdown"
	RandomRichmond       = "richmond-garrison"
	RandomRaspberryRaid  = "raspberry-raid"
	RandomSpy            = "spy"
	RandomReinforceAmmo  = "csa-reinforcement-ammo"
	RandomReinforcement  = "csa-reinforcement"
	RandomRainAndAmmo    = "rain-and-ammo"
	RandomRearParalysis  = "rear-area-paralysis"
	RandomLeeSick        = "lee-sick"
	RandomHeat           = "heat"
	RandomNoEffect       = "no-effect"
	EffectAnyRain        = "any-rain"   // Active: Rain, Rain+1, or Rain with the ammunition train
	EffectAmmoTrain      = "ammo-train" // Active: a Confederate ammunition train this turn
	AmmoTrainLevels      = 7            // 000 2.0 6), 19.4: seven ammunition levels
	TrackRichmond        = "richmond-garrison"
	TrackCSAReinforce    = "csa-reinforcement"
	BeauregardID         = "csa.beauregard"
	RandomEventsStep     = "1d"
	ammoOptionalRule     = 19
	richmondCommand      = "Rich"
	potomacNorthRegion   = "north-of-potomac"
	dcRegion             = "dc"
	baltimoreRegion      = "md.baltimore"
	csaArmyCommanderID   = "csa.lee"
	usaHookerID          = "usa.hooker"
	usaMeadeArmyID       = "usa.meade-army"
	usaMeadeCorpsID      = "usa.meade"
	historicCommsOption  = 1
	hybridCommsOption    = 3
	richmondGarrisonRule = "000 2.0 4)"
)

// EventsState is the random events of the game so far and what they left
// behind: the event of each turn (with the Spy's winner, the installments
// received, Beauregard), the Raspberry Raid's settlement and the
// ammunition trains used.
type EventsState struct {
	Rolled []RandomEventRolled    // one per turn rolled, in order
	Raids  []RaspberryRaidSettled // the Raspberry Raid, once settled
	Ammo   []AmmoTrainUsed        // ammunition trains used or declined
}

// Of returns the random event of a turn, or nil.
func (s EventsState) Of(turn int) *RandomEventRolled {
	for i := range s.Rolled {
		if s.Rolled[i].Turn == turn {
			return &s.Rolled[i]
		}
	}
	return nil
}

// Active reports whether a turn's random event is name: an outcome id of
// the table (Random*), EffectAnyRain or EffectAmmoTrain. Rain, heat,
// paralysis and the breakdowns last the turn they are rolled.
func (s EventsState) Active(turn int, name string) bool {
	e := s.Of(turn)
	if e == nil {
		return false
	}
	switch name {
	case EffectAnyRain:
		return isRain(e.Outcome)
	case EffectAmmoTrain:
		return e.Outcome == RandomReinforceAmmo || e.Outcome == RandomRainAndAmmo
	}
	return e.Outcome == name
}

func isRain(outcome string) bool {
	return outcome == RandomRain || outcome == RandomRainPlusOne || outcome == RandomRainAndAmmo
}

// RainDays counts the days of rain so far (000 2.0 4: "at least four days
// of rain"): each rain event lasts its turn's days.
func (s EventsState) RainDays() int {
	n := 0
	for _, e := range s.Rolled {
		if isRain(e.Outcome) {
			n += max(e.Days, 1)
		}
	}
	return n
}

// HookerQuestioned counts the Hooker Questioned random events (000 2.0 8);
// Union Army Disorder and the Confederates reaching 75 VP count too, but
// they are not random events: the Hooker replacement (16.2) adds them.
func (s EventsState) HookerQuestioned() int {
	n := 0
	for _, e := range s.Rolled {
		if e.Outcome == RandomHooker {
			n++
		}
	}
	return n
}

// SpyWinner returns the side that won a turn's Spy contest ("" for none):
// it takes the first initiative, declares after the loser and sees the
// loser's supply status sheet and depot plans (000 2.0 7).
func (s EventsState) SpyWinner(turn int) Side {
	if e := s.Of(turn); e != nil && e.Outcome == RandomSpy {
		return e.Spy
	}
	return ""
}

// InitiativeModifier is what a turn's random event adds to a side's
// initiative rolls, with why: Halleck -1 to the Union, Lee is Sick -1 to
// the Confederates (who still win ties after it: 000 2.0 3)).
func (s EventsState) InitiativeModifier(turn int, side Side) (int, string) {
	switch {
	case side == USA && s.Active(turn, RandomHalleck):
		return -1, "Halleck Interferes: Union command paralysis (000 2.0 2))"
	case side == CSA && s.Active(turn, RandomLeeSick):
		return -1, "Lee is Sick: Confederate command paralysis; the Confederates still win ties (000 2.0 3))"
	}
	return 0, ""
}

// DisorgModifier is what a turn's random event adds to every
// disorganization (extended march) roll: Heat +1 (000 2.0 11)).
func (s EventsState) DisorgModifier(turn int) (int, string) {
	if s.Active(turn, RandomHeat) {
		return 1, "Heat (000 2.0 11))"
	}
	return 0, ""
}

// ReleasesCancelled reports whether the Baltimore / DC releases of a turn
// are cancelled (Halleck Interferes, 000 2.0 2)).
func (s EventsState) ReleasesCancelled(turn int) bool { return s.Active(turn, RandomHalleck) }

// NoRail reports whether a side may not use railroad movement in a turn:
// Rear Area Paralysis stops Union railroad movement (000 2.0 7, 10)).
func (s EventsState) NoRail(turn int, side Side) bool {
	return side == USA && s.Active(turn, RandomRearParalysis)
}

// RearAreaParalysis reports whether HF, PA, Balt, DC and WV units may
// activate or entrench in a turn only within 8 hexes of an enemy unit
// (000 2.0 10)).
func (s EventsState) RearAreaParalysis(turn int) bool { return s.Active(turn, RandomRearParalysis) }

// NoComms reports whether a side's commanders may not communicate in a
// turn, with why: a Communications Breakdown (historic or hybrid
// communication, 000 2.0 12)), or Lee is Sick for the Confederates (the
// multiplayer communication rules, 2.0 3)). comms is the game's option.
func (s EventsState) NoComms(turn int, side Side, comms int) (bool, string) {
	e := s.Of(turn)
	if e == nil {
		return false, ""
	}
	histOrHybrid := comms == historicCommsOption || comms == hybridCommsOption
	switch {
	case e.Outcome == RandomUSACommsBreak && side == USA && histOrHybrid:
		return true, "Union Communications Breakdown: no communication this turn, and dispatches due are held until the next (000 2.0 12))"
	case e.Outcome == RandomCSACommsBreak && side == CSA && histOrHybrid:
		return true, "Confederate Communications Breakdown: no communication this turn, and dispatches due are held until the next (000 2.0 12))"
	case e.Outcome == RandomLeeSick && side == CSA:
		return true, "Lee is Sick: Confederate commanders may not communicate this turn (000 2.0 3))"
	}
	return false, ""
}

// HalleckCommands reports whether the Halleck player is the Union overall
// commander for a turn (the Halleck option, until Meade commands: 000 2.0
// 2), 21).
func (s EventsState) HalleckCommands(turn int) bool {
	e := s.Of(turn)
	return e != nil && e.Outcome == RandomHalleck && e.HalleckCommands
}

// Received reports whether a unit came as a Richmond Garrison or
// Confederate Reinforcement installment of a random event: it is available
// to enter (the player may delay its entry, 000 3.0).
func (s EventsState) Received(id string) bool {
	if id == BeauregardID {
		return s.Beauregard() != ""
	}
	for _, e := range s.Rolled {
		for _, u := range e.Units {
			if u == id {
				return true
			}
		}
	}
	return false
}

// Beauregard returns the Richmond Garrison unit Beauregard arrived with
// ("" if he has not arrived).
func (s EventsState) Beauregard() string {
	for _, e := range s.Rolled {
		if e.Beauregard != nil {
			return e.BeauregardWith
		}
	}
	return ""
}

// AmmoUsed returns the ammunition train used or declined in a turn, or nil.
func (s EventsState) AmmoUsed(turn int) *AmmoTrainUsed {
	for i := range s.Ammo {
		if s.Ammo[i].Turn == turn {
			return &s.Ammo[i]
		}
	}
	return nil
}

// EventActive reports whether this turn's random event is name (see
// EventsState.Active).
func (g GameState) EventActive(name string) bool { return g.Events.Active(g.Turn, name) }

// AvailableToEnter lists the units a random event made available that are
// not on the map yet, sorted: the Confederates place them now or in a
// later Reinforcement Phase (000 3.0, 3.1).
func (g GameState) AvailableToEnter() []string {
	var out []string
	for _, id := range sortedIDs(g.Units) {
		u := g.Units[id]
		if !u.OnMap && !u.Eliminated && g.Events.Received(id) {
			out = append(out, id)
		}
	}
	return out
}

// ---------------------------------------------------------------------------
// Events and commands.

// Event types of this module.
const (
	EventRandomEvent   = "random.event"
	EventRaidSettled   = "random.raid"
	EventAmmoTrainUsed = "random.ammo"
)

// RandomEventRolled is a turn's random event: the roll (the table.rolled
// event before it), the outcome after the "treat instead" chain, and what
// it did. Effects says, in words that name no unit, what was applied, what
// is tracked for the turn and what is left to the players.
type RandomEventRolled struct {
	By      Actor  `json:"by"`
	Turn    int    `json:"turn"`
	Days    int    `json:"days"`
	Roll    int64  `json:"roll"`
	Printed string `json:"printed"`
	Outcome string `json:"outcome"`
	Name    string `json:"name"`
	// Richmond Garrison or Confederate Reinforcement: the installment and
	// its units, now available to enter.
	Track       string   `json:"track,omitempty"`
	Installment int      `json:"installment,omitempty"`
	Units       []string `json:"units,omitempty"`
	// Beauregard: the roll, and his counter when he arrives with the
	// garrison unit BeauregardWith.
	BeauregardRoll int64      `json:"beauregard_roll,omitempty"`
	Beauregard     *UnitState `json:"beauregard,omitempty"`
	BeauregardWith string     `json:"beauregard_with,omitempty"`
	// Spy: the contest's roll and winner; SpyTie explains a tie (umpire).
	SpyRoll int64  `json:"spy_roll,omitempty"`
	Spy     Side   `json:"spy,omitempty"`
	SpyTie  string `json:"spy_tie,omitempty"`
	// Halleck: the manpower added in DC and Baltimore, and whether the
	// Halleck player commands this turn.
	Manpower        []ManpowerGain `json:"manpower,omitempty"`
	HalleckCommands bool           `json:"halleck_commands,omitempty"`
	// CancelledRelease is the Baltimore / DC group that step 1b released
	// this turn, and CancelledUnits its reinforcements not yet placed:
	// Halleck cancels the release (003 random event 5).
	CancelledRelease string   `json:"cancelled_release,omitempty"`
	CancelledUnits   []string `json:"cancelled_units,omitempty"`
	// Ammo is the ammunition levels the Confederates may replenish now.
	Ammo int `json:"ammo,omitempty"`
	// RaidPending: the Raspberry Raid waits for the Confederate choice.
	RaidPending bool     `json:"raid_pending,omitempty"`
	Effects     []string `json:"effects"`
}

// ManpowerGain is a unit's manpower change.
type ManpowerGain struct {
	Unit string `json:"unit"`
	From int    `json:"from"`
	To   int    `json:"to"`
}

// EventType implements Event.
func (*RandomEventRolled) EventType() string { return EventRandomEvent }

// RaspberryRaidSettled records the Raspberry Raid's settlement beyond its
// VP roll (vp.go's VPRolled): Beauregard leaves with the garrison units
// withdrawn (000 2.0 5)).
type RaspberryRaidSettled struct {
	By                Actor    `json:"by"`
	Turn              int      `json:"turn"`
	Roll              int64    `json:"roll"`
	Units             []string `json:"units,omitempty"`
	BeauregardRemoved bool     `json:"beauregard_removed,omitempty"`
	Auto              bool     `json:"auto,omitempty"` // rolled by the procedure: no unit could be withdrawn
}

// EventType implements Event.
func (*RaspberryRaidSettled) EventType() string { return EventRaidSettled }

// AmmoTrainUsed records the Confederate ammunition train of a turn:
// the ammunition levels each division moved lower (none: declined).
type AmmoTrainUsed struct {
	By        Actor        `json:"by"`
	Turn      int          `json:"turn"`
	Changes   []AmmoChange `json:"changes,omitempty"`
	Unchecked []string     `json:"unchecked,omitempty"`
	Overruled string       `json:"overruled,omitempty"`
}

// AmmoChange is one division's ammunition level change.
type AmmoChange struct {
	Unit string `json:"unit"`
	From int    `json:"from"`
	To   int    `json:"to"`
}

// EventType implements Event.
func (*AmmoTrainUsed) EventType() string { return EventAmmoTrainUsed }

// RaspberryRaid is the Confederate choice of the Raspberry Raid: the
// Richmond Garrison units withdrawn (each -1), then the roll (000 2.0 5)).
// The VP roll is vp.go's.
type RaspberryRaid struct {
	By    Actor
	Units []string
	Table *Table   // lrtg.raspberry-raid
	Map   *Theatre // south of the Potomac
}

// CommandName implements Command.
func (RaspberryRaid) CommandName() string { return "event raid" }

// AmmoTrain is the Confederate use of an ammunition train: levels to move
// each division's marker lower, seven at most (000 2.0 6), 19.4). No
// levels declines it.
type AmmoTrain struct {
	By     Actor
	Levels map[string]int
	Map    *Theatre // counties, for the "same or adjacent county as Lee" check
	Reason string   // the umpire's, to set a check aside
}

// CommandName implements Command.
func (AmmoTrain) CommandName() string { return "event ammo" }

// randomEventsModule is LRTG's random events.
func randomEventsModule() Module {
	return Module{Name: "random-events",
		Commands: []Command{RaspberryRaid{}, AmmoTrain{}}, Decide: claims(decideRandomEvents),
		Events: []Event{&RandomEventRolled{}, &RaspberryRaidSettled{}, &AmmoTrainUsed{}},
		Apply:  folds(applyRandomEvents)}
}

func decideRandomEvents(g GameState, cmd Command, d Dice) ([]Event, bool, error) {
	switch cmd := cmd.(type) {
	case RaspberryRaid:
		evs, err := g.decideRaid(cmd, d)
		return evs, true, err
	case AmmoTrain:
		evs, err := g.decideAmmo(cmd)
		return evs, true, err
	}
	return nil, false, nil
}

func applyRandomEvents(g GameState, e Event) (GameState, bool) {
	switch e := e.(type) {
	case *RandomEventRolled:
		// Dice decided it: an undo of an earlier board action keeps it.
		g = g.keep(func(g *GameState) {
			s := g.Events
			s.Rolled = append(append([]RandomEventRolled(nil), s.Rolled...), *e)
			g.Events = s
			if e.CancelledRelease != "" {
				var rel []string
				for _, r := range g.Movement.Released {
					if r != e.CancelledRelease {
						rel = append(rel, r)
					}
				}
				g.Movement.Released = rel
				var arrived []string
				for _, id := range g.TurnStart.Arrived {
					if !contains(e.CancelledUnits, id) {
						arrived = append(arrived, id)
					}
				}
				g.TurnStart.Arrived = arrived
			}
			if len(e.Manpower) > 0 || e.Beauregard != nil {
				g.Units = copyUnits(g.Units)
				for _, m := range e.Manpower {
					g.editUnit(m.Unit, func(u *UnitState) { u.Manpower = m.To })
				}
				if b := e.Beauregard; b != nil {
					g.Units[b.ID] = *b
				}
			}
		})
	case *RaspberryRaidSettled:
		g = g.keep(func(g *GameState) {
			s := g.Events
			s.Raids = append(append([]RaspberryRaidSettled(nil), s.Raids...), *e)
			g.Events = s
			if e.BeauregardRemoved {
				g.Units = copyUnits(g.Units)
				g.editUnit(BeauregardID, func(u *UnitState) {
					u.OnMap, u.Eliminated, u.Track, u.Slot = false, true, "withdrawn-raspberry-raid", 0
				})
			}
		})
	case *AmmoTrainUsed:
		g = g.action(e, func(g *GameState) {
			s := g.Events
			s.Ammo = append(append([]AmmoTrainUsed(nil), s.Ammo...), *e)
			g.Events = s
			for _, c := range e.Changes {
				g.editUnit(c.Unit, func(u *UnitState) { u.Status.Ammo = c.To })
			}
		})
	default:
		return g, false
	}
	return g, true
}

// ---------------------------------------------------------------------------
// Facts from the state.

// northOf reports whether a unit is on the map north of the Potomac (a unit
// off the map is not).
func northOf(m *Theatre, u UnitState) bool {
	if m == nil || !u.OnMap || u.Eliminated {
		return false
	}
	r := m.Region(potomacNorthRegion)
	return r != nil && r.Contains(Center(u.Hex))
}

// firstUnit returns the first of the ids that is a unit not eliminated,
// preferring one on the map.
func (g GameState) firstUnit(ids ...string) (UnitState, bool) {
	for _, onMap := range []bool{true, false} {
		for _, id := range ids {
			if u, ok := g.Units[id]; ok && !u.Eliminated && (u.OnMap || !onMap) {
				return u, true
			}
		}
	}
	return UnitState{}, false
}

// unionCommander is the Army of the Potomac's commanding general: Hooker,
// or Meade once he has taken command (his army counter, or his V Corps
// counter until the counters are changed).
func (g GameState) unionCommander() (UnitState, bool) {
	if g.Movement.Meade {
		return g.firstUnit(usaMeadeArmyID, usaMeadeCorpsID)
	}
	return g.firstUnit(usaHookerID)
}

// nextInstallment returns a track's next installment: the lowest slot of
// the units still on it that no random event has brought, and its units.
// Slot 0: every installment has arrived.
func (g GameState) nextInstallment(track string) (int, []string) {
	slot := 0
	var ids []string
	for _, id := range sortedIDs(g.Units) {
		u := g.Units[id]
		if u.Track != track || u.OnMap || u.Eliminated || id == BeauregardID || g.Events.Received(id) {
			continue
		}
		switch {
		case slot == 0 || u.Slot < slot:
			slot, ids = u.Slot, []string{id}
		case u.Slot == slot:
			ids = append(ids, id)
		}
	}
	return slot, ids
}

// RandomEventFacts computes the Random Events table's facts from the state
// (000 2.0; the table's facts in scenarios/rules/lrtg-random-events.yaml).
// North of the Potomac is the map's region; a unit off the map is not
// north of it.
func (g GameState) RandomEventFacts(m *Theatre) Facts {
	b := func(v bool) int {
		if v {
			return 1
		}
		return 0
	}
	prev := g.Events.Of(g.Turn - 1)
	rgSlot, _ := g.nextInstallment(TrackRichmond)
	reSlot, _ := g.nextInstallment(TrackCSAReinforce)
	lee, _ := g.firstUnit(csaArmyCommanderID)
	meade, _ := g.firstUnit(usaMeadeArmyID, usaMeadeCorpsID)
	crossed := g.Victory.CrossedTurn > 0
	for _, id := range sortedIDs(g.Units) {
		if u := g.Units[id]; u.Side == CSA && u.Kind == "infantry" && northOf(m, u) {
			crossed = true
		}
	}
	return Facts{
		"rain_plus_one_last_turn":        b(prev != nil && prev.Outcome == RandomRainPlusOne),
		"rain_days":                      min(g.Events.RainDays(), 60),
		"rg_all_arrived":                 b(rgSlot == 0),
		"raspberry_raid_happened":        b(g.Victory.RaspberryRaid || len(g.Events.Raids) > 0),
		"meade_in_command":               b(g.Movement.Meade),
		"lee_north":                      b(northOf(m, lee)),
		"meade_north":                    b(northOf(m, meade)),
		"csa_infantry_crossed":           b(crossed),
		"csa_reinforcements_all_arrived": b(reSlot == 0),
	}
}

// cavalryTie settles the Spy's (and LRTA Enemy Intelligence's) tie: the
// side whose cavalry is closest to the other side's army commander, the
// Confederates when equal or when neither can be measured (2.0 7); 004).
func (g GameState) cavalryTie(lee UnitState, leeOK bool, cmdr UnitState, cmdrOK bool) (string, string) {
	closest := func(side Side, target UnitState, ok bool) int {
		best := -1
		if !ok || !target.OnMap || target.Eliminated {
			return best
		}
		for _, id := range sortedIDs(g.Units) {
			u := g.Units[id]
			if u.Side == side && u.Kind == "cavalry" && u.OnMap && !u.Eliminated {
				if d := Distance(u.Hex, target.Hex); best < 0 || d < best {
					best = d
				}
			}
		}
		return best
	}
	csaD, usaD := closest(CSA, cmdr, cmdrOK), closest(USA, lee, leeOK)
	tie := "csa"
	if usaD >= 0 && (csaD < 0 || usaD < csaD) {
		tie = "usa"
	}
	dist := func(d int) string {
		if d < 0 {
			return "not measurable"
		}
		return fmt.Sprintf("%d hexes", d)
	}
	name := "the Union army commander"
	if cmdrOK {
		name = cmdr.Name
	}
	return tie, fmt.Sprintf("closest Confederate cavalry to %s: %s; closest Union cavalry to Lee: %s; a tie goes to the %s", name, dist(csaD), dist(usaD), strings.ToUpper(tie))
}

// SpyFacts computes the Spy contest's facts (000 2.0 7)): Lee north of
// the Potomac, the Union army commander south of it, and the side whose
// cavalry is closest to the enemy's commanding general (the Confederates
// at the same distance, or when neither can be measured), with the
// distances in words for the umpire.
func (g GameState) SpyFacts(m *Theatre, tb *Table) (Facts, string, error) {
	lee, leeOK := g.firstUnit(csaArmyCommanderID)
	cmdr, cmdrOK := g.unionCommander()
	tie, why := g.cavalryTie(lee, leeOK, cmdr, cmdrOK)
	spec := tb.Fact("closest_cavalry")
	if spec == nil {
		return nil, "", fmt.Errorf("engine: table %s has no fact closest_cavalry", tb.ID)
	}
	v, err := spec.Parse(tie)
	if err != nil {
		return nil, "", fmt.Errorf("engine: table %s: %w", tb.ID, err)
	}
	south := 0
	if !northOf(m, cmdr) {
		south = 1
	}
	north := 0
	if northOf(m, lee) {
		north = 1
	}
	return Facts{"lee_north": north, "union_commander_south": south, "closest_cavalry": v}, why, nil
}

// ---------------------------------------------------------------------------
// The procedure of step 1d.

func randomEventsStep(g GameState, d Dice, ctx StepContext) ([]Event, error) {
	if g.Events.Of(g.Turn) != nil {
		return nil, nil // already rolled this turn
	}
	if ctx.Library == nil {
		return nil, fmt.Errorf("engine: step %s needs the rules tables", RandomEventsStep)
	}
	var m *Theatre
	if ctx.Move != nil {
		m = ctx.Move.Theatre
	}
	if m == nil {
		return nil, fmt.Errorf("engine: step %s needs the map (north of the Potomac)", RandomEventsStep)
	}
	by := g.Umpire
	var evs []Event
	state := g
	table, roll := tableRoller(ctx.Library, by, d, &state, &evs)
	tb, err := table(RandomEventsTable)
	if err != nil {
		return nil, err
	}
	tr, err := roll(tb, g.RandomEventFacts(m))
	if err != nil {
		return nil, err
	}
	ev := &RandomEventRolled{By: by, Turn: g.Turn, Days: max(g.TurnDays(g.Turn), 1), Roll: tr.Number, Printed: tr.Printed, Outcome: tr.Outcome, Name: tr.Name}
	say := func(format string, args ...any) { ev.Effects = append(ev.Effects, fmt.Sprintf(format, args...)) }
	multi := g.multipleCommanders()
	commsRule := g.Options.Comms == historicCommsOption || g.Options.Comms == hybridCommsOption
	ammo := func() {
		if !g.hasOptional(ammoOptionalRule) {
			say("Ammunition train: without the ammunition optional rule (19) it does nothing.")
			return
		}
		ev.Ammo = AmmoTrainLevels
		low := 0
		for _, id := range sortedIDs(g.Units) {
			if u := g.Units[id]; u.Side == CSA && u.OnMap && !u.Eliminated && u.Status.Ammo > 0 {
				low++
			}
		}
		if low == 0 {
			say("Ammunition train: no Confederate division has lost ammunition, so nothing is replenished (what is not used now is lost, 19.4).")
			return
		}
		say("Ammunition train: the Confederates may move ammunition markers %d levels lower in all, now or never (19.4): /event ammo. Divisions in the same or an adjacent county as Lee only; none north of the Potomac while the Union controls the Potomac or the Shenandoah Valley.", AmmoTrainLevels)
	}
	installment := func(track, what string) {
		slot, ids := state.nextInstallment(track)
		if slot == 0 {
			say("%s: every installment has already arrived; nothing more comes.", what)
			return
		}
		ev.Track, ev.Installment, ev.Units = track, slot, ids
		say("%s: installment %d is available to enter (the Confederates may place it now or delay it to a later Reinforcement Phase, 000 3.0).", what, slot)
	}
	switch ev.Outcome {
	case RandomRain, RandomRainPlusOne, RandomRainAndAmmo:
		heavy := ""
		if ev.Outcome == RandomRainPlusOne {
			heavy = "Heavy rain (Rain+1)"
		} else {
			heavy = "Rain"
		}
		say("%s for the whole turn: %d days of rain so far in the game. Movement and combat under the Standardized Rules' rain rules are the players' (those rules are not in the rules documents); the turn is marked rainy for the other phases.", heavy, g.Events.RainDays()+ev.Days)
		if ev.Outcome == RandomRainAndAmmo {
			ammo()
		}
	case RandomHalleck:
		say("Union initiative rolls are one less this turn (tracked for the Action Cycle).")
		if r := g.BaltDCReleaseThisTurn(); r != nil && r.Group != "" {
			ev.CancelledRelease = r.Group
			for _, id := range r.Units {
				if u, ok := g.Units[id]; ok && !u.OnMap && !u.Eliminated {
					ev.CancelledUnits = append(ev.CancelledUnits, id)
				}
			}
			say("No Baltimore / DC units are released this turn: the release of %s rolled in step 1b is cancelled (applied; the group comes up again at the next release roll).", r.Group)
		} else {
			say("No Baltimore / DC units are released this turn (none was released in step 1b).")
		}
		ev.Manpower = g.halleckManpower(m)
		say("Every Union unit in DC or Baltimore gains one manpower: %d units (applied; the map data does not part Baltimore City from Baltimore County, so the county counts).", len(ev.Manpower))
		switch {
		case g.Options.Halleck && g.Movement.Meade:
			say("Halleck option: Meade has assumed command, so the Halleck player does not take overall command.")
		case g.Options.Halleck:
			ev.HalleckCommands = true
			say("Halleck option: the Halleck player is the Union overall commander for the rest of the turn (tracked).")
		}
	case RandomHooker:
		n := g.Events.HookerQuestioned() + 1
		say("Hooker Questioned: occurrence %d from the random events (the first Union Army Disorder and the Confederates' 75 VP count too). At the third, Meade replaces Hooker in step 3b (16.2).", n)
	case RandomUSACommsBreak, RandomCSACommsBreak:
		side := "Union"
		if ev.Outcome == RandomCSACommsBreak {
			side = "Confederate"
		}
		if commsRule && multi {
			say("%s commanders may not communicate in this turn's Communications Phase, and their dispatches due this turn are held until the next (tracked).", side)
		} else {
			say("No effect: the breakdown matters only with the historic or hybrid communication rules and several commanders a side.")
		}
	case RandomRichmond:
		installment(TrackRichmond, "Richmond Garrison")
		if len(ev.Units) > 0 {
			say("The garrison unit enters on the southern edge of the SJW map.")
			if state.Events.Beauregard() != "" {
				say("Beauregard has already arrived: no roll for him.")
			} else if bt, err := table(BeauregardTable); err != nil {
				return nil, err
			} else {
				br, err := roll(bt, Facts{})
				if err != nil {
					return nil, err
				}
				ev.BeauregardRoll = br.Number
				if br.Outcome == "arrives" {
					with := g.Units[ev.Units[0]]
					ev.BeauregardWith = with.ID
					ev.Beauregard = &UnitState{ID: BeauregardID, Name: "Beauregard", Side: CSA, Kind: "leader", Command: richmondCommand,
						Track: with.Track, Slot: with.Slot}
					say("Beauregard arrives with the garrison unit: from now on he is the corps commander of the Richmond Garrison units, a 2-4 leader (%s).", richmondGarrisonRule)
				} else {
					say("Beauregard stays in Richmond.")
				}
			}
		}
	case RandomRaspberryRaid:
		more, err := g.raspberryRaid(state, ev, d, ctx, m, table)
		if err != nil {
			return nil, err
		}
		if len(more) > 0 {
			evs = append(evs, ev)
			return append(evs, more...), nil
		}
	case RandomSpy:
		st, err := table(SpyTable)
		if err != nil {
			return nil, err
		}
		f, why, err := g.SpyFacts(m, st)
		if err != nil {
			return nil, err
		}
		sr, err := roll(st, f)
		if err != nil {
			return nil, err
		}
		ev.SpyRoll, ev.Spy, ev.SpyTie = sr.Number, Side(sr.Outcome), why
		// Subjects and possessives: "the Confederates win", "the Union
		// wins"; "the Confederates'", "the Union's".
		win, winVerb, winOf, lose, loseVerb, loseOf := "Confederates", "", "Confederates'", "Union", "s", "Union's"
		if ev.Spy == USA {
			win, winVerb, winOf, lose, loseVerb, loseOf = "Union", "s", "Union's", "Confederates", "", "Confederates'"
		}
		say("The %s win%s the Spy and take%s the first initiative; the %s declare%s Operational or Passive first and may not switch to Passive if the %s declare%s Passive (tracked for 1e and the Action Cycle).",
			win, winVerb, winVerb, lose, loseVerb, win, winVerb)
		say("The %s may examine the %s supply status sheet and depot schedule for the next Depot Placement / Removal (/event show, for the %s only).", win, loseOf, win)
		if g.Options.LimitedIntel {
			say("Limited intelligence: the %s reveal every force marker and place none this turn (the umpire's to apply).", lose)
		}
		if g.Options.Comms == historicCommsOption && multi {
			say("Historic communication: the %s overall commander receives the %s written dispatches of the previous turn and those due this turn, which are not delivered (he reads them with /dispatch intercepted).", winOf, loseOf)
		}
	case RandomReinforceAmmo:
		installment(TrackCSAReinforce, "Confederate Reinforcement")
		ammo()
	case RandomReinforcement:
		installment(TrackCSAReinforce, "Confederate Reinforcement")
	case RandomRearParalysis:
		say("HF, PA, Balt, DC and WV units may activate or entrench only if within 8 hexes of an enemy unit at some point this turn (tracked; the players' to observe), and there is no Union railroad movement (tracked).")
	case RandomLeeSick:
		say("Confederate initiative rolls are one less this turn; the Confederates still win ties after the subtraction (tracked for the Action Cycle).")
		if multi {
			say("Confederate commanders may not communicate this turn (tracked).")
		}
	case RandomHeat:
		say("Heat for the whole turn: every disorganization (extended march) roll is one higher (tracked).")
	case RandomNoEffect:
		say("Nothing happens.")
	default:
		say("%s: %s", tr.Name, tr.Effect)
	}
	return append(evs, ev), nil
}

// raspberryRaid settles the Raspberry Raid event: with a Richmond Garrison
// unit the Confederates could withdraw, it waits for their choice (/event
// raid); with none, the raid is rolled now (more: its events, after ev).
func (g GameState) raspberryRaid(state GameState, ev *RandomEventRolled, d Dice, ctx StepContext, m *Theatre, table func(string) (*Table, error)) ([]Event, error) {
	say := func(format string, args ...any) { ev.Effects = append(ev.Effects, fmt.Sprintf(format, args...)) }
	say("Dix moves on Richmond (%s).", "000 2.0 5)")
	if len(g.withdrawable(m)) > 0 {
		ev.RaidPending = true
		say("The Confederates may first withdraw Richmond Garrison units (unattached, 3+ manpower, south of the Potomac), each -1 to the roll, then roll for the VP they lose: /event raid.")
		return nil, nil
	}
	say("No Richmond Garrison unit can be withdrawn (on the map, 3+ manpower, south of the Potomac): the raid is rolled at once.")
	rt, err := table(RaspberryRaidTable)
	if err != nil {
		return nil, err
	}
	after := state.Apply(ev)
	out, err := after.decideRollVP(RollVP{By: ev.By, Event: VPRaspberry, Table: rt, Map: m}, d)
	if err != nil {
		return nil, err
	}
	tr := out[0].(*TableRolled)
	return append(out, &RaspberryRaidSettled{By: ev.By, Turn: g.Turn, Roll: tr.Number, Auto: true}), nil
}

// withdrawable lists the Richmond Garrison units the Raspberry Raid lets
// the Confederates withdraw: on the map, 3+ manpower, south of the Potomac
// (that one is unattached is the player's word).
func (g GameState) withdrawable(m *Theatre) []string {
	var out []string
	for _, id := range sortedIDs(g.Units) {
		u := g.Units[id]
		if strings.EqualFold(u.Command, richmondCommand) && u.Kind != "leader" && u.OnMap && !u.Eliminated && u.Manpower >= 3 && !northOf(m, u) {
			out = append(out, id)
		}
	}
	return out
}

// halleckManpower is +1 manpower for every Union unit in DC or Baltimore
// (000 2.0 2); the YAML's reading of "any Union unit"). The map data does
// not part Baltimore City from the county: Baltimore County counts.
func (g GameState) halleckManpower(m *Theatre) []ManpowerGain {
	var regions []*Region
	for _, id := range []string{dcRegion, baltimoreRegion} {
		if r := m.Region(id); r != nil {
			regions = append(regions, r)
		}
	}
	var out []ManpowerGain
	for _, id := range sortedIDs(g.Units) {
		u := g.Units[id]
		if u.Side != USA || !u.OnMap || u.Eliminated || u.Kind == "leader" {
			continue
		}
		for _, r := range regions {
			if r.Contains(Center(u.Hex)) {
				out = append(out, ManpowerGain{Unit: id, From: u.Manpower, To: u.Manpower + 1})
				break
			}
		}
	}
	return out
}

// multipleCommanders reports whether a side has two players or more (the
// multiplayer rules of 21).
func (g GameState) multipleCommanders() bool {
	n := map[Side]int{}
	for _, p := range g.Players {
		n[p.Side]++
	}
	return n[CSA] > 1 || n[USA] > 1
}

func (g GameState) hasOptional(rule int) bool {
	for _, n := range g.Options.Optional {
		if n == rule {
			return true
		}
	}
	return false
}

// randomEventsWait names what step 1d waits for: the Confederate choice of
// the Raspberry Raid, and the use of an ammunition train.
func randomEventsWait(g GameState) []string {
	e := g.Events.Of(g.Turn)
	if e == nil {
		return nil
	}
	var out []string
	if g.raidPending() {
		out = append(out, "the Confederates' Raspberry Raid choice: Richmond Garrison units to withdraw, then the roll (/event raid)")
	}
	if g.ammoPending() {
		out = append(out, "the Confederates' ammunition train (/event ammo levels:<division level, ...> or levels:none)")
	}
	return out
}

func (g GameState) raidPending() bool {
	e := g.Events.Of(g.Turn)
	return e != nil && e.RaidPending && !g.Victory.RaspberryRaid && len(g.Events.Raids) == 0
}

func (g GameState) ammoPending() bool {
	e := g.Events.Of(g.Turn)
	if e == nil || e.Ammo == 0 || g.Events.AmmoUsed(g.Turn) != nil {
		return false
	}
	for _, id := range sortedIDs(g.Units) {
		if u := g.Units[id]; u.Side == CSA && u.OnMap && !u.Eliminated && u.Status.Ammo > 0 {
			return true
		}
	}
	return false
}

// ---------------------------------------------------------------------------
// The Confederate choices.

// inStep refuses a random event choice outside step 1d of the event's turn.
func (g GameState) inStep(what, hint string) error {
	if g.CurrentStep() != RandomEventsStep {
		return &RuleError{Kind: ErrIllegal, Code: "event.step", What: fmt.Sprintf("%s is made in the Random Events step (1d); the game is at %q", what, g.CurrentStep()),
			Hint: hint, Rule: "000 2.0"}
	}
	return nil
}

func (g GameState) decideRaid(cmd RaspberryRaid, d Dice) ([]Event, error) {
	if err := g.BoardReady(cmd.By); err != nil {
		return nil, err
	}
	if p := g.Player(cmd.By.ID); !g.IsUmpire(cmd.By) && (p == nil || p.Side != CSA) {
		return nil, &RuleError{Kind: ErrIllegal, Code: "event.raid.side", What: "The Confederates choose the Raspberry Raid's withdrawals and roll it", Rule: "000 2.0 5)"}
	}
	if err := g.inStep("The Raspberry Raid choice", "The umpire may roll it out of its step with /vp action:raspberry-raid reason:<why>"); err != nil {
		return nil, err
	}
	if !g.raidPending() {
		return nil, &RuleError{Kind: ErrIllegal, Code: "event.raid.none", What: "No Raspberry Raid waits for its roll this turn",
			Hint: "/event show says this turn's random event", Rule: "000 2.0 5)"}
	}
	if cmd.Table == nil {
		return nil, fmt.Errorf("engine: the Raspberry Raid needs its table")
	}
	evs, err := g.decideRollVP(RollVP{By: cmd.By, Event: VPRaspberry, Table: cmd.Table, Units: cmd.Units, Map: cmd.Map}, d)
	if err != nil {
		return nil, err
	}
	tr := evs[0].(*TableRolled)
	settled := &RaspberryRaidSettled{By: cmd.By, Turn: g.Turn, Roll: tr.Number, Units: append([]string(nil), cmd.Units...)}
	if b, ok := g.Units[BeauregardID]; ok && b.OnMap && !b.Eliminated && len(cmd.Units) > 0 {
		settled.BeauregardRemoved = true // 000 2.0 5): he leaves with the units returned
	}
	return append(evs, settled), nil
}

func (g GameState) decideAmmo(cmd AmmoTrain) ([]Event, error) {
	if err := g.BoardReady(cmd.By); err != nil {
		return nil, err
	}
	umpire := g.IsUmpire(cmd.By)
	if p := g.Player(cmd.By.ID); !umpire && (p == nil || p.Side != CSA) {
		return nil, &RuleError{Kind: ErrIllegal, Code: "event.ammo.side", What: "Only the Confederates use an ammunition train", Rule: "LRTG 19.4"}
	}
	if err := g.inStep("The ammunition train", "What is not used in the Random Events Phase is lost (19.4)"); err != nil {
		return nil, err
	}
	e := g.Events.Of(g.Turn)
	if e == nil || e.Ammo == 0 {
		return nil, &RuleError{Kind: ErrIllegal, Code: "event.ammo.none", What: "This turn's random event brings no ammunition train",
			Hint: "/event show says this turn's random event", Rule: "000 2.0 6)"}
	}
	if g.Events.AmmoUsed(g.Turn) != nil {
		return nil, &RuleError{Kind: ErrIllegal, Code: "event.ammo.used", What: "This turn's ammunition train has already been used", Rule: "LRTG 19.4"}
	}
	ev := &AmmoTrainUsed{By: cmd.By, Turn: g.Turn}
	ids := make([]string, 0, len(cmd.Levels))
	total := 0
	for id, n := range cmd.Levels {
		ids = append(ids, id)
		total += n
	}
	sort.Strings(ids)
	if total > e.Ammo {
		return nil, &RuleError{Kind: ErrIllegal, Code: "event.ammo.total", What: fmt.Sprintf("%d ammunition levels asked; the train brings %d", total, e.Ammo), Rule: "LRTG 19.4"}
	}
	reason := strings.TrimSpace(cmd.Reason)
	far, unplaced := 0, 0
	var lee *UnitState
	if l, ok := g.firstUnit(csaArmyCommanderID); ok && l.OnMap {
		lee = &l
	}
	for _, id := range ids {
		n := cmd.Levels[id]
		u, err := g.unit(id)
		if err != nil {
			return nil, err
		}
		if !g.Controls(cmd.By, u) || u.Side != CSA {
			return nil, Invalid("unit.unknown", fmt.Sprintf("You have no unit %q", id), "/oob lists your units")
		}
		switch {
		case n < 1:
			return nil, Invalid("event.ammo.levels", fmt.Sprintf("%s: %d levels; give 1 or more", u.Name, n), "levels:\"Hood 2, McLaws 1\"")
		case !u.OnMap || u.Eliminated:
			return nil, Illegal("event.ammo.unit", u.Name+" is not on the map", "")
		case n > u.Status.Ammo:
			return nil, &RuleError{Kind: ErrIllegal, Code: "event.ammo.unit", What: fmt.Sprintf("%s is at ammunition level %d: it can go at most %d lower", u.Name, u.Status.Ammo, u.Status.Ammo), Rule: "LRTG 19.1"}
		}
		if near, known := nearLee(cmd.Map, lee, u); known && !near {
			if !umpire || reason == "" {
				return nil, &RuleError{Kind: ErrIllegal, Code: "event.ammo.county", What: fmt.Sprintf("%s is not in Lee's county or one next to it", u.Name),
					Hint: "The umpire may rule otherwise with reason:<why>", Rule: "LRTG 19.4"}
			}
			far++
		} else if !known {
			unplaced++
		}
		ev.Changes = append(ev.Changes, AmmoChange{Unit: id, From: u.Status.Ammo, To: u.Status.Ammo - n})
	}
	// What the event says names no unit: it is public (limited
	// intelligence hides the Confederate divisions).
	if far > 0 {
		ev.Overruled = fmt.Sprintf("%d divisions not in Lee's county or one next to it", far)
	}
	if unplaced > 0 {
		ev.Unchecked = append(ev.Unchecked, fmt.Sprintf("that %d divisions (or Lee) the map cannot place in a county are in the same or an adjacent county as Lee", unplaced))
	}
	if len(ev.Changes) > 0 {
		ev.Unchecked = append(ev.Unchecked, "that no receiving unit is surrounded by Union units, ZOC or impassable hexsides",
			"that no receiving unit north of the Potomac is cut off by Union control of the Potomac or the Shenandoah Valley (13.3)")
	}
	return []Event{ev}, nil
}

// nearLee reports whether u is in Lee's county or one adjacent to it
// (19.4); known is false when the map cannot tell. Counties that share a
// border share its points (the map data draws each border once).
func nearLee(m *Theatre, lee *UnitState, u UnitState) (near, known bool) {
	if m == nil || lee == nil {
		return false, false
	}
	county := func(h Hex) *Region {
		p := Center(h)
		for i := range m.Regions {
			if r := &m.Regions[i]; r.Kind == "county" && r.Contains(p) {
				return r
			}
		}
		return nil
	}
	a, b := county(lee.Hex), county(u.Hex)
	if a == nil || b == nil {
		return false, false
	}
	if a.ID == b.ID {
		return true, true
	}
	pts := map[Point]bool{}
	for _, ring := range a.Rings {
		for _, p := range ring {
			pts[p] = true
		}
	}
	for _, ring := range b.Rings {
		for _, p := range ring {
			if pts[p] {
				return true, true
			}
		}
	}
	return false, true
}

// ---------------------------------------------------------------------------
// Entering the map.

// RandomEventEntry says where a unit of the Richmond Garrison track, the
// Confederate Reinforcement boxes or Beauregard enters the map (000 2.0 4),
// 3.1), and why it may not yet (notArrived: no random event has brought it);
// governed is false for any other unit, or one on the map. /move's
// reinforcement check (turnstart.go) may call it for these tracks.
func (g GameState) RandomEventEntry(u UnitState, t *Theatre) (e EntryPoint, notArrived string, governed bool) {
	if u.OnMap || u.Eliminated {
		return EntryPoint{}, "", false
	}
	switch {
	case u.ID == BeauregardID || u.Track == TrackRichmond:
		e = EntryPoint{Rule: richmondGarrisonRule + ", 3.1", Where: "on the southern edge of the SJW map", In: sjwSouthEdge(t)}
		if !g.Events.Received(u.ID) {
			notArrived = fmt.Sprintf("%s has not arrived: the Richmond Garrison comes one installment per Richmond Garrison random event", u.Name)
		}
	case u.Track == TrackCSAReinforce:
		town := "Winchester"
		if u.Slot == 1 {
			town = "Front Royal" // box 1, Imboden (3.1)
		}
		e = EntryPoint{Rule: "LRTG 3.1", Where: "in " + town}
		if p := placeOf(t, town); p != nil {
			e.In = func(h Hex) bool { return h == p.Hex }
			if g.unionAt(p.Hex) {
				e.Where, e.In = fmt.Sprintf("on the west map edge south of %s, which the Union occupies (the map data has no west edge hexes: not checked)", town), nil
			}
		}
		if !g.Events.Received(u.ID) {
			notArrived = fmt.Sprintf("%s has not arrived: the Confederate Reinforcement boxes come one per Confederate Reinforcement random event", u.Name)
		}
	default:
		return EntryPoint{}, "", false
	}
	return e, notArrived, true
}

func placeOf(t *Theatre, name string) *Place {
	if t == nil {
		return nil
	}
	return t.Place(name)
}

func (g GameState) unionAt(h Hex) bool {
	for _, id := range sortedIDs(g.Units) {
		if u := g.Units[id]; u.Side == USA && u.OnMap && !u.Eliminated && u.Hex == h {
			return true
		}
	}
	return false
}

// sjwSouthEdge tests the hexes of the SJW South sheet's last printed row
// (the southern edge of the SJW map); nil without that sheet.
func sjwSouthEdge(t *Theatre) func(Hex) bool {
	if t == nil {
		return nil
	}
	for i := range t.Sheets {
		if s := &t.Sheets[i]; s.ID == "SS" {
			return func(h Hex) bool {
				_, row, ok := s.Printed(h)
				return ok && row == s.MaxRow
			}
		}
	}
	return nil
}

// tableRoller gives a step's procedure a lookup of the rules tables and a
// roll that rolls one as a game roll (numbered, audited) on the state the
// last roll left: each table.rolled event is appended to *evs and folded
// into *state.
func tableRoller(lib *Library, by Actor, d Dice, state *GameState, evs *[]Event) (func(string) (*Table, error), func(*Table, Facts) (*TableRolled, error)) {
	table := func(id string) (*Table, error) {
		if t := lib.Table(id); t != nil {
			return t, nil
		}
		return nil, fmt.Errorf("engine: the rules table %s is missing", id)
	}
	roll := func(t *Table, f Facts) (*TableRolled, error) {
		out, err := state.ruleRoll(RollTable{By: by, Table: t, Facts: f}, d)
		if err != nil {
			return nil, err
		}
		tr := out[0].(*TableRolled)
		*evs = append(*evs, tr)
		*state = state.Apply(tr)
		return tr, nil
	}
	return table, roll
}
