package litn

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// Lee Invades the North (002) Conclusion Phase, 3.1 H: I morale recovery
// (12), II wagon undepletion (9.2), III victory points (10.8, 15.1), and at
// the end of the last turn the rail interdiction and Harrisburg bridge
// awards (15.1) and the level of victory (15.2, 15.5).
//
// Pure pieces over this file's own input types; the numbers come from the
// shipped rules data: the tables litn.morale-recovery and the charts
// litn.town-vp, litn.other-vp, litn.victory-levels-1862/1863
// (scenarios/rules/litn-combat.yaml, litn-scenarios.yaml). What the map
// must check (a path of four road or rail hexes, a line of communications,
// the hexes of a railroad) arrives as facts in the inputs.

// The rules data the Conclusion Phase reads.
const (
	TableRecovery   = "litn.morale-recovery"
	ChartTownVP     = "litn.town-vp"
	ChartOtherVP    = "litn.other-vp"
	ChartLevels1862 = "litn.victory-levels-1862"
	ChartLevels1863 = "litn.victory-levels-1863"
)

// ----- victory points in halves -----

// VP is a number of victory points counted in halves: 15.1 pays half a
// place's value without a line of communications and says "retain
// fractions". VP(3) is 1½ VPs.
type VP int

// WholeVP is n whole victory points.
func WholeVP(n int) VP { return VP(2 * n) }

// String writes the points as people read them: "5", "½", "-2½".
func (v VP) String() string {
	n := int(v)
	sign := ""
	if n < 0 {
		sign, n = "-", -n
	}
	switch {
	case n%2 == 0:
		return sign + strconv.Itoa(n/2)
	case n == 1:
		return sign + "½"
	}
	return sign + strconv.Itoa(n/2) + "½"
}

// Score is each side's victory points so far.
type Score struct {
	CSA VP `json:"csa"`
	USA VP `json:"usa"`
}

// Net is the net Confederate total (15.1: "the Union total is subtracted
// from the Confederate").
func (s Score) Net() VP { return s.CSA - s.USA }

func (s Score) add(side engine.Side, v VP) Score {
	if side == engine.USA {
		s.USA += v
	} else {
		s.CSA += v
	}
	return s
}

// ----- I. morale recovery (002 12) -----

// RecoveryUnit is a unit in the Morale Recovery Phase.
type RecoveryUnit struct {
	ID          string   `json:"id"`
	Name        string   `json:"name,omitempty"`
	Type        UnitType `json:"type"`
	Demoralized bool     `json:"demoralized"`
	// Initiative is the rating of the unit's own leader (a combat unit is
	// its leader, 2.2; a detachment's as recorded, 6.3). Not used for
	// militia, which have none (4.2).
	Initiative int `json:"initiative"`
}

// RecoveryHex is one hex's stack in the Morale Recovery Phase.
type RecoveryHex struct {
	Hex   string         `json:"hex"`
	Units []RecoveryUnit `json:"units"`
	// Department is a department leader stacked here; his rating may be
	// used for any unit (12). CavalryCommander likewise, for cavalry only.
	Department       *Leader `json:"department,omitempty"`
	CavalryCommander *Leader `json:"cavalry_commander,omitempty"`
	// UnionLeaders are the Union leaders (detachments included) stacked
	// here: militia recover only with one (4.2, 12).
	UnionLeaders []Leader `json:"union_leaders,omitempty"`
}

// Recovery is one unit's morale recovery.
type Recovery struct {
	Hex        string            `json:"hex"`
	Unit       string            `json:"unit"`
	Rating     int               `json:"rating"`      // the initiative rating used (the target is Rating+1)
	RatingFrom string            `json:"rating_from"` // whose rating, and why
	Roll       *engine.TableRoll `json:"roll,omitempty"`
	Recovered  bool              `json:"recovered"`
	NoRoll     string            `json:"no_roll,omitempty"` // why the unit could not roll
}

// recoveryRating picks the rating a demoralized unit rolls against.
// 12 lets the player choose the department leader's (or for cavalry the
// cavalry commander's) rating instead of the unit's own; a higher rating
// only helps, so the best one is taken and the choice is said.
func recoveryRating(h RecoveryHex, u RecoveryUnit) (int, string, bool) {
	if u.Type == Militia {
		best, name, ok := 0, "", false
		for _, l := range h.UnionLeaders {
			if !ok || l.Initiative > best {
				best, name, ok = l.Initiative, l.Name, true
			}
		}
		if !ok {
			return 0, "", false
		}
		return best, fmt.Sprintf("%s, the Union leader stacked with the militia (002 4.2, 12)", name), true
	}
	rating := u.Initiative
	from := "its own leader's initiative (002 12)"
	if d := h.Department; d != nil && d.Initiative > rating {
		rating, from = d.Initiative, fmt.Sprintf("%s, the department leader stacked with it (002 12)", d.Name)
	}
	if c := h.CavalryCommander; c != nil && u.Type == Cavalry && c.Initiative > rating {
		rating, from = c.Initiative, fmt.Sprintf("%s, the cavalry commander stacked with it (002 12)", c.Name)
	}
	return rating, from, true
}

// RollMoraleRecovery rolls once for every demoralized unit, units
// demoralized this same turn included (002 12; 3.1 H I), on
// litn.morale-recovery: a roll at most the initiative rating plus 1
// restores the unit.
func RollMoraleRecovery(lib *engine.Library, hexes []RecoveryHex, d engine.Dice) ([]Recovery, error) {
	tb, err := table(lib, TableRecovery)
	if err != nil {
		return nil, err
	}
	spec := tb.Fact("leader_initiative")
	if spec == nil {
		return nil, fmt.Errorf("engine: %s has no leader_initiative fact", tb.ID)
	}
	// Check every rating before the first die is rolled.
	for _, h := range hexes {
		for _, u := range h.Units {
			if !u.Demoralized {
				continue
			}
			if r, _, ok := recoveryRating(h, u); ok && (r < spec.Min || r > spec.Max) {
				return nil, &engine.RuleError{Kind: engine.ErrInvalid, Code: "litn.recovery.rating",
					What: fmt.Sprintf("%s in %s: an initiative rating of %d is outside %d-%d", u.ID, h.Hex, r, spec.Min, spec.Max),
					Hint: "Give the rating from the Player Record Sheet"}
			}
		}
	}
	var out []Recovery
	for _, h := range hexes {
		for _, u := range h.Units {
			if !u.Demoralized {
				continue
			}
			rating, from, ok := recoveryRating(h, u)
			rec := Recovery{Hex: h.Hex, Unit: u.ID}
			if !ok {
				rec.NoRoll = "militia recover morale only when stacked with a Union leader (002 4.2, 12)"
				out = append(out, rec)
				continue
			}
			r, err := tb.Roll(d, engine.Facts{"leader_initiative": rating})
			if err != nil {
				return nil, err
			}
			rec.Rating, rec.RatingFrom, rec.Roll = rating, from, r
			rec.Recovered = r.Outcome == "recovers"
			out = append(out, rec)
		}
	}
	return out, nil
}

// Explain says what the recovery roll was.
func (r Recovery) Explain() string {
	if r.NoRoll != "" {
		return fmt.Sprintf("%s (%s): no roll: %s.", r.Unit, r.Hex, r.NoRoll)
	}
	verdict := "stays demoralized"
	if r.Recovered {
		verdict = "recovers"
	}
	return fmt.Sprintf("%s (%s): morale recovery (002 12, %s): rolled %d against initiative %d + 1 = %d, using %s: %s.",
		r.Unit, r.Hex, r.Roll.Table, r.Roll.Total, r.Rating, r.Rating+1, r.RatingFrom, verdict)
}

// ----- II. wagon undepletion (002 9.2) -----

// WagonState is a supply wagon in the Conclusion Phase, with what the
// map found about it this turn.
type WagonState struct {
	ID       string `json:"id"`
	Depleted bool   `json:"depleted"`
	// Stationary: it did not move for one full turn.
	Stationary bool `json:"stationary"`
	// OnRoadOrRail: it is on a road or rail hex.
	OnRoadOrRail bool `json:"on_road_or_rail"`
	// DepotPath is the length in hexes of the shortest path of undestroyed
	// road and rail hexes (rail only in friendly territory, never through
	// enemy combat units; ZOCs do not matter) to a friendly supply depot;
	// -1 when there is none.
	DepotPath int `json:"depot_path"`
}

// Undepletion says whether a depleted wagon flips back.
type Undepletion struct {
	Wagon      string `json:"wagon"`
	Undepleted bool   `json:"undepleted"`
	Reason     string `json:"reason"`
}

// undepleteRange is 9.2's "within four undestroyed rail and/or road
// hexes of a friendly supply depot".
const undepleteRange = 4

// UndepleteWagons decides 3.1 H II for every depleted wagon (002 9.2
// Undepleting a Supply Wagon). Wagons that are not depleted are skipped.
func UndepleteWagons(ws []WagonState) []Undepletion {
	var out []Undepletion
	for _, w := range ws {
		if !w.Depleted {
			continue
		}
		u := Undepletion{Wagon: w.ID}
		switch {
		case !w.Stationary:
			u.Reason = "it moved this turn; it must stay put one full turn (002 9.2)"
		case !w.OnRoadOrRail:
			u.Reason = "it is not on a road or rail hex (002 9.2)"
		case w.DepotPath < 0:
			u.Reason = "no path of undestroyed road or rail hexes to a friendly supply depot (002 9.2)"
		case w.DepotPath > undepleteRange:
			u.Reason = fmt.Sprintf("the nearest friendly supply depot is %d road or rail hexes away, more than %d (002 9.2)", w.DepotPath, undepleteRange)
		default:
			u.Undepleted = true
			u.Reason = fmt.Sprintf("stationary a full turn on a road or rail hex, %d hexes from a friendly depot: flipped to its undepleted side (002 9.2; 3.1 H II)", w.DepotPath)
		}
		out = append(out, u)
	}
	return out
}

// ----- III. victory points for places (002 15.1) -----

// VPPlace is a place the Confederates score for holding (15.1).
type VPPlace struct {
	Name  string `json:"name"`
	Hex   string `json:"hex"`
	Value VP     `json:"value"`
	// Known is false for Harpers Ferry, whose printed value the extraction
	// of 002 lost, unless the group gives it (PlaceValues' overrides).
	Known  bool   `json:"known"`
	Source string `json:"source"`
}

// leadingInt reads the whole number a cell starts with.
func leadingInt(s string) (int, bool) {
	s = strings.TrimSpace(s)
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	if i == 0 {
		return 0, false
	}
	n, err := strconv.Atoi(s[:i])
	return n, err == nil
}

// hexNumber: a LITN hex is written as four digits (002 2.1).
func hexNumber(h string) bool {
	if len(h) != 4 {
		return false
	}
	for i := 0; i < len(h); i++ {
		if h[i] < '0' || h[i] > '9' {
			return false
		}
	}
	return true
}

func chart(lib *engine.Library, id string) (*engine.Chart, error) {
	if lib == nil {
		return nil, fmt.Errorf("engine: no rules library")
	}
	c := lib.Chart(id)
	if c == nil {
		return nil, fmt.Errorf("engine: the rules library has no chart %s", id)
	}
	return c, nil
}

// PlaceValues reads the VP places from the litn.town-vp chart (002
// 15.1), one place per hex: the three Washington hexes each, and each of
// the fortification hexes given (002 prints no hex numbers for them: they
// are on the map). overrides gives, by hex, the whole-VP value of a place
// whose printed value is not in the seeds (Harpers Ferry, 1529); a value
// the seeds do give cannot be overridden.
func PlaceValues(lib *engine.Library, fortifications []string, overrides map[string]int) (map[string]VPPlace, error) {
	c, err := chart(lib, ChartTownVP)
	if err != nil {
		return nil, err
	}
	out := map[string]VPPlace{}
	put := func(p VPPlace) error {
		if q, ok := out[p.Hex]; ok {
			return &engine.RuleError{Kind: engine.ErrInvalid, Code: "litn.vp.hex",
				What: fmt.Sprintf("hex %s would be both %s and %s", p.Hex, q.Name, p.Name),
				Hint: "List each fortification hex once, and not a Washington or town hex"}
		}
		out[p.Hex] = p
		return nil
	}
	src := c.Source
	for _, row := range c.Rows {
		if len(row) < 3 {
			return nil, fmt.Errorf("engine: %s row %v has fewer than 3 cells", c.ID, row)
		}
		name, hexCell, vpCell := row[0], row[1], row[2]
		n, known := leadingInt(vpCell)
		var hexes []string
		if strings.Contains(strings.ToLower(hexCell), "fortification") {
			hexes = fortifications
		} else {
			for _, h := range strings.Split(hexCell, ",") {
				hexes = append(hexes, strings.TrimSpace(h))
			}
		}
		for _, h := range hexes {
			if !hexNumber(h) {
				return nil, &engine.RuleError{Kind: engine.ErrInvalid, Code: "litn.vp.hex",
					What: fmt.Sprintf("%q is not a hex number", h), Hint: "Hexes are written as four digits, e.g. 3541"}
			}
			p := VPPlace{Name: name, Hex: h, Value: WholeVP(n), Known: known, Source: src}
			if len(hexes) > 1 || strings.Contains(vpCell, "per hex") {
				p.Name = name + " " + h
			}
			if err := put(p); err != nil {
				return nil, err
			}
		}
	}
	for h, v := range overrides {
		p, ok := out[h]
		switch {
		case !ok:
			return nil, &engine.RuleError{Kind: engine.ErrInvalid, Code: "litn.vp.override",
				What: fmt.Sprintf("hex %s is not a VP place of 002 15.1", h), Hint: "Only a place whose value the seeds lack can be given"}
		case p.Known:
			return nil, &engine.RuleError{Kind: engine.ErrIllegal, Code: "litn.vp.override",
				What: fmt.Sprintf("%s's value is printed in 002 15.1 (%s VPs)", p.Name, p.Value), Hint: "Only a value the seeds lack (Harpers Ferry) can be given"}
		case v < 0:
			return nil, &engine.RuleError{Kind: engine.ErrInvalid, Code: "litn.vp.override",
				What: fmt.Sprintf("%d VPs for %s", v, p.Name), Hint: "Give the printed value, 0 or more"}
		}
		p.Value, p.Known, p.Source = WholeVP(v), true, "the group's printed copy of 002 15.1"
		out[h] = p
	}
	return out, nil
}

// Control is a Confederate Control marker (15.1): face down when only
// half the points were scored, face up when all were.
type Control string

// Control markers.
const (
	ControlHalf Control = "half"
	ControlFull Control = "full"
)

// initialControl are the places under Confederate Control markers at
// the start of a scenario (002 15.7: scenario 4 begins with Hagerstown,
// Chambersburg, Carlisle and York, "5 VPs").
var initialControl = map[string][]string{
	"litn-4-collision-at-gettysburg": {"1719", "1910", "3103", "4410"},
}

// InitialControl returns the Confederate Control markers a scenario
// starts with and the Confederate VPs they are worth (002 15.7).
func InitialControl(scenario string, values map[string]VPPlace) (map[string]Control, VP, error) {
	ctl := map[string]Control{}
	var vp VP
	for _, h := range initialControl[scenario] {
		p, ok := values[h]
		if !ok || !p.Known {
			return nil, 0, fmt.Errorf("engine: hex %s of %s's initial control has no VP value", h, scenario)
		}
		ctl[h] = ControlFull
		vp += p.Value
	}
	return ctl, vp, nil
}

// PlaceHold is what happened this turn at a VP place the Confederates
// occupied: the facts 15.1 asks for, as the game recorded them.
type PlaceHold struct {
	Hex  string   `json:"hex"`
	Unit string   `json:"unit"` // the Confederate unit holding it
	Type UnitType `json:"type"`
	// WholeTurn: the same unit occupied the hex from the Initial Phase
	// through the Conclusion Phase.
	WholeTurn bool `json:"whole_turn"`
	// LowestStrength is the unit's lowest strength during the turn.
	LowestStrength int `json:"lowest_strength"`
	// UnionEntered: a Union unit entered the hex this turn, even if it
	// retreated the same turn.
	UnionEntered bool `json:"union_entered,omitempty"`
	// LOC: a Confederate line of communications to the hex throughout the
	// turn (7.2).
	LOC bool `json:"loc"`
}

// PlaceAward is the verdict on one held place.
type PlaceAward struct {
	Hex     string  `json:"hex"`
	Name    string  `json:"name"`
	Unit    string  `json:"unit"`
	VP      VP      `json:"vp"`
	Control Control `json:"control,omitempty"` // the marker after this turn
	Scored  bool    `json:"scored"`
	Unknown bool    `json:"unknown,omitempty"` // scored, but the value is not in the seeds
	Reason  string  `json:"reason"`
}

// holdStrength is 15.1's "at least 10 strength points".
const holdStrength = 10

// ScorePlaces decides 15.1's town and city VPs for this turn's holds
// against the control markers already placed. It returns the verdicts in
// hex order and the markers after them; the inputs are not changed.
func ScorePlaces(values map[string]VPPlace, control map[string]Control, holds []PlaceHold) ([]PlaceAward, map[string]Control, error) {
	ctl := make(map[string]Control, len(control))
	for h, c := range control {
		ctl[h] = c
	}
	hs := append([]PlaceHold(nil), holds...)
	sort.SliceStable(hs, func(i, j int) bool { return hs[i].Hex < hs[j].Hex })
	seen := map[string]bool{}
	var out []PlaceAward
	for _, h := range hs {
		p, ok := values[h.Hex]
		if !ok {
			return nil, nil, &engine.RuleError{Kind: engine.ErrInvalid, Code: "litn.vp.place",
				What: fmt.Sprintf("hex %s is not a VP place of 002 15.1", h.Hex), Hint: "Only the towns, cities and fortification hexes of 15.1 score"}
		}
		if seen[h.Hex] {
			return nil, nil, &engine.RuleError{Kind: engine.ErrInvalid, Code: "litn.vp.place",
				What: fmt.Sprintf("hex %s is held twice", h.Hex), Hint: "15.1 asks for a single infantry unit: give one hold per place"}
		}
		seen[h.Hex] = true
		a := PlaceAward{Hex: h.Hex, Name: p.Name, Unit: h.Unit, Control: ctl[h.Hex]}
		prior := ctl[h.Hex]
		switch {
		case prior == ControlFull:
			a.Reason = "already scored in full: points are gained only once per place (002 15.1)"
		case h.Type != Infantry:
			a.Reason = fmt.Sprintf("%s is not an infantry unit (002 15.1)", h.Unit)
		case !h.WholeTurn:
			a.Reason = "not occupied for one complete turn, Initial through Conclusion Phase (002 15.1)"
		case h.UnionEntered:
			a.Reason = "a Union unit entered the hex this turn (002 15.1)"
		case h.LowestStrength < holdStrength:
			a.Reason = fmt.Sprintf("%s fell to %d strength points, below %d (002 15.1)", h.Unit, h.LowestStrength, holdStrength)
		case prior == ControlHalf && !h.LOC:
			a.Reason = "half already scored; the other half needs a line of communications throughout the turn (002 15.1)"
		default:
			a.Scored = true
			half := p.Value / 2 // values are whole VPs, so half is exact in VP
			switch {
			case prior == ControlHalf:
				a.VP, a.Control = p.Value-half, ControlFull
				a.Reason = "held with a line of communications: the other half of its value (002 15.1); the marker is turned face up"
			case h.LOC:
				a.VP, a.Control = p.Value, ControlFull
				a.Reason = "held a complete turn with a line of communications: the full value (002 15.1)"
			default:
				a.VP, a.Control = half, ControlHalf
				a.Reason = "held a complete turn without a line of communications: half the value, fractions kept; the marker is placed face down (002 15.1)"
			}
			if !p.Known {
				a.Unknown, a.VP = true, 0
				a.Reason += "; its printed value is not in the seeds (002 15.1 prints \"Harpers Ferry (15290\"): 0 counted until the group gives its value"
			}
			ctl[h.Hex] = a.Control
		}
		out = append(out, a)
	}
	return out, ctl, nil
}

// ----- the end of the game (002 15.1) -----

// OtherVP are the awards of the litn.other-vp chart (002 10.8, 15.1).
type OtherVP struct {
	MajorVictory        VP `json:"major_victory"`
	BaltimoreHarrisburg VP `json:"baltimore_harrisburg"`
	WashingtonBaltimore VP `json:"washington_baltimore"`
	HarrisburgBridge    VP `json:"harrisburg_bridge"`
}

// OtherVPs reads the litn.other-vp chart.
func OtherVPs(lib *engine.Library) (OtherVP, error) {
	c, err := chart(lib, ChartOtherVP)
	if err != nil {
		return OtherVP{}, err
	}
	var o OtherVP
	found := map[string]bool{}
	for _, row := range c.Rows {
		if len(row) < 3 {
			return o, fmt.Errorf("engine: %s row %v has fewer than 3 cells", c.ID, row)
		}
		n, ok := leadingInt(row[2])
		if !ok {
			return o, fmt.Errorf("engine: %s row %q has no VP number", c.ID, row[0])
		}
		award := strings.ToLower(row[0])
		var dst *VP
		switch {
		case strings.HasPrefix(award, "major victory"):
			dst = &o.MajorVictory
		case strings.Contains(award, "baltimore-harrisburg"):
			dst = &o.BaltimoreHarrisburg
		case strings.Contains(award, "washington-baltimore"):
			dst = &o.WashingtonBaltimore
		case strings.Contains(award, "harrisburg bridge"):
			dst = &o.HarrisburgBridge
		default:
			continue
		}
		*dst, found[award] = WholeVP(n), true
	}
	if len(found) != 4 {
		return o, fmt.Errorf("engine: %s lacks one of the major victory, railroad and bridge awards", c.ID)
	}
	return o, nil
}

// EndOfGame is the position at the end of the last turn that 15.1's
// end-of-game awards look at.
type EndOfGame struct {
	// InfantryHexes are the hexes holding a Confederate infantry unit.
	InfantryHexes []string `json:"infantry_hexes"`
	// The hexes of the two railroads, from the printed map (the seeds name
	// only their end cities: Baltimore 4631, Harrisburg 4001, Washington).
	BaltimoreHarrisburg []string `json:"baltimore_harrisburg"`
	WashingtonBaltimore []string `json:"washington_baltimore"`
	// HarrisburgBridgeDestroyed: the bridge in hexside 3902/4002.
	HarrisburgBridgeDestroyed bool `json:"harrisburg_bridge_destroyed"`
}

// EndAward is one end-of-game award.
type EndAward struct {
	Award  string `json:"award"`
	VP     VP     `json:"vp"`
	Scored bool   `json:"scored"`
	Reason string `json:"reason"`
}

// EndAwards decides rail interdiction and the Harrisburg bridge (002
// 15.1), Confederate only; line of communications does not matter.
func EndAwards(lib *engine.Library, e EndOfGame) ([]EndAward, error) {
	o, err := OtherVPs(lib)
	if err != nil {
		return nil, err
	}
	inf := map[string]bool{}
	for _, h := range e.InfantryHexes {
		inf[h] = true
	}
	rail := func(name string, hexes []string, vp VP) (EndAward, error) {
		a := EndAward{Award: "Rail interdiction: the " + name + " railroad", VP: vp}
		if len(hexes) == 0 {
			return a, &engine.RuleError{Kind: engine.ErrInvalid, Code: "litn.vp.rail",
				What: fmt.Sprintf("the hexes of the %s railroad were not given", name),
				Hint: "The line is printed on the map only: give its hexes"}
		}
		for _, h := range hexes {
			if inf[h] {
				a.Scored = true
				a.Reason = fmt.Sprintf("Confederate infantry holds hex %s of the line at the end of the game (002 15.1)", h)
				return a, nil
			}
		}
		a.VP = 0
		a.Reason = "no Confederate infantry on any hex of the line at the end of the game (002 15.1)"
		return a, nil
	}
	var out []EndAward
	for _, l := range []struct {
		name  string
		hexes []string
		vp    VP
	}{
		{"Baltimore-Harrisburg", e.BaltimoreHarrisburg, o.BaltimoreHarrisburg},
		{"Washington-Baltimore", e.WashingtonBaltimore, o.WashingtonBaltimore},
	} {
		a, err := rail(l.name, l.hexes, l.vp)
		if err != nil {
			return nil, err
		}
		out = append(out, a)
	}
	b := EndAward{Award: "Harrisburg bridge (hexside 3902/4002) destroyed", VP: o.HarrisburgBridge, Scored: e.HarrisburgBridgeDestroyed,
		Reason: "the bridge is destroyed at the end of the game (002 15.1)"}
	if !b.Scored {
		b.VP, b.Reason = 0, "the bridge stands at the end of the game (002 15.1)"
	}
	return append(out, b), nil
}

// ----- the level of victory (002 15.1, 15.2, 15.5) -----

// VictoryLevel is the result of a game.
type VictoryLevel struct {
	Net    VP          `json:"net"`
	Level  string      `json:"level"`          // e.g. "Confederate operational victory", or "Draw"
	Side   engine.Side `json:"side,omitempty"` // the winner; empty for a draw
	Chart  string      `json:"chart"`
	Row    string      `json:"row,omitempty"` // the chart's range that applied
	Reason string      `json:"reason"`
}

type levelRow struct {
	lo, hi int // whole VPs, math.MinInt / math.MaxInt for open ends
	level  string
	side   engine.Side
	label  string
}

func levelRows(c *engine.Chart) ([]levelRow, error) {
	var rows []levelRow
	for _, row := range c.Rows {
		if len(row) < 2 {
			return nil, fmt.Errorf("engine: %s row %v has fewer than 2 cells", c.ID, row)
		}
		r := levelRow{level: row[1], label: row[0], lo: math.MinInt, hi: math.MaxInt}
		cell := strings.TrimSpace(row[0])
		n, ok := leadingInt(cell)
		if !ok {
			return nil, fmt.Errorf("engine: %s row %q has no number", c.ID, cell)
		}
		switch {
		case strings.HasSuffix(cell, "or more"):
			r.lo = n
		case strings.HasSuffix(cell, "or fewer"):
			r.hi = n
		case strings.Contains(cell, "-"):
			m, ok := leadingInt(cell[strings.Index(cell, "-")+1:])
			if !ok {
				return nil, fmt.Errorf("engine: %s row %q is not a range", c.ID, cell)
			}
			r.lo, r.hi = n, m
		default:
			r.lo, r.hi = n, n
		}
		switch {
		case strings.HasPrefix(r.level, "Confederate"):
			r.side = engine.CSA
		case strings.HasPrefix(r.level, "Union"):
			r.side = engine.USA
		default:
			return nil, fmt.Errorf("engine: %s row %q names no side", c.ID, r.level)
		}
		rows = append(rows, r)
	}
	return rows, nil
}

// VictoryLevelFor reads the level of victory for a net Confederate
// total on the year's chart (002 15.2 for 1862, 15.5 for 1863). A
// Confederate level needs the net total to reach its lower bound, a Union
// level needs it at most its upper bound; a total (with half points) that
// lies between the two tactical victories is a draw (15.1).
func VictoryLevelFor(lib *engine.Library, year int, net VP) (VictoryLevel, error) {
	id := ChartLevels1862
	if year == 1863 {
		id = ChartLevels1863
	} else if year != 1862 {
		return VictoryLevel{}, &engine.RuleError{Kind: engine.ErrInvalid, Code: "litn.victory.year",
			What: fmt.Sprintf("LITN is played in 1862 or 1863, not %d", year), Hint: "Give the scenario's year"}
	}
	c, err := chart(lib, id)
	if err != nil {
		return VictoryLevel{}, err
	}
	rows, err := levelRows(c)
	if err != nil {
		return VictoryLevel{}, err
	}
	v := VictoryLevel{Net: net, Chart: id}
	var best *levelRow
	for i := range rows {
		r := &rows[i]
		if r.side == engine.CSA && r.lo != math.MinInt && int(net) >= 2*r.lo && (best == nil || r.lo > best.lo) {
			best = r
		}
	}
	if best == nil {
		for i := range rows {
			r := &rows[i]
			if r.side == engine.USA && r.hi != math.MaxInt && int(net) <= 2*r.hi && (best == nil || r.hi < best.hi) {
				best = r
			}
		}
	}
	if best == nil {
		v.Level = "Draw"
		v.Reason = fmt.Sprintf("net Confederate %s VPs lies between the two sides' tactical victories (002 15.1)", net)
		return v, nil
	}
	v.Level, v.Side, v.Row = best.level, best.side, best.label
	v.Reason = fmt.Sprintf("net Confederate %s VPs: %s on the %s chart (002 %s)", net, best.label, strings.TrimPrefix(id, "litn."), c.Source)
	return v, nil
}

// ----- the whole Conclusion Phase (002 3.1 H) -----

// ConclusionInput is everything one Conclusion Phase needs.
type ConclusionInput struct {
	Scenario engine.Scenario `json:"-"`
	Turn     int             `json:"turn"`
	// Score is each side's VPs before this phase records this turn's.
	Score    Score         `json:"score"`
	Recovery []RecoveryHex `json:"recovery,omitempty"`
	Wagons   []WagonState  `json:"wagons,omitempty"`
	// Fortifications are the Washington fortification hexes (on the map
	// only); PlaceOverrides the group's value for Harpers Ferry.
	Fortifications []string           `json:"fortifications,omitempty"`
	PlaceOverrides map[string]int     `json:"place_overrides,omitempty"`
	Control        map[string]Control `json:"control,omitempty"`
	Holds          []PlaceHold        `json:"holds,omitempty"`
	// MajorVictories are the winners of this turn's major victories
	// (10.8), recorded now (3.1 H III).
	MajorVictories []engine.Side `json:"major_victories,omitempty"`
	// End is looked at on the scenario's last turn only.
	End EndOfGame `json:"end"`
}

// Conclusion is a settled Conclusion Phase.
type Conclusion struct {
	Recovery    []Recovery         `json:"recovery,omitempty"`
	Undepletion []Undepletion      `json:"undepletion,omitempty"`
	Places      []PlaceAward       `json:"places,omitempty"`
	Control     map[string]Control `json:"control"`
	EndAwards   []EndAward         `json:"end_awards,omitempty"`
	// ThisTurn is what each side scored this turn; Score the totals after.
	ThisTurn Score         `json:"this_turn"`
	Score    Score         `json:"score"`
	Final    *VictoryLevel `json:"final,omitempty"` // on the last turn
	Log      []string      `json:"log"`
}

// ResolveConclusion settles 3.1 H in order: I morale recovery, II wagon
// undepletion, III victory points; on the scenario's last turn also the
// end-of-game awards and the level of victory. The input is not changed.
func ResolveConclusion(lib *engine.Library, in ConclusionInput, d engine.Dice) (*Conclusion, error) {
	sc := in.Scenario
	if sc.Game != ID {
		return nil, &engine.RuleError{Kind: engine.ErrInvalid, Code: "litn.conclusion.scenario",
			What: fmt.Sprintf("%q is not a Lee Invades the North scenario", sc.ID), Hint: "Use one of the litn-* scenarios"}
	}
	if in.Turn < sc.FirstTurn || in.Turn > sc.LastTurn {
		return nil, &engine.RuleError{Kind: engine.ErrInvalid, Code: "litn.conclusion.turn",
			What: fmt.Sprintf("turn %d is outside %s (turns %d-%d)", in.Turn, sc.Title, sc.FirstTurn, sc.LastTurn), Hint: "Give the current turn"}
	}
	for _, s := range in.MajorVictories {
		if s != engine.CSA && s != engine.USA {
			return nil, &engine.RuleError{Kind: engine.ErrInvalid, Code: "litn.conclusion.victory",
				What: fmt.Sprintf("%q is not a side", s), Hint: "Name csa or usa as the winner"}
		}
	}
	values, err := PlaceValues(lib, in.Fortifications, in.PlaceOverrides)
	if err != nil {
		return nil, err
	}
	other, err := OtherVPs(lib)
	if err != nil {
		return nil, err
	}
	places, ctl, err := ScorePlaces(values, in.Control, in.Holds)
	if err != nil {
		return nil, err
	}
	last := in.Turn == sc.LastTurn
	var end []EndAward
	if last {
		if end, err = EndAwards(lib, in.End); err != nil {
			return nil, err
		}
	}
	// Every check is done; now the dice.
	out := &Conclusion{Control: ctl}
	logf := func(f string, a ...any) { out.Log = append(out.Log, fmt.Sprintf(f, a...)) }
	logf("Conclusion Phase, turn %d of %s (002 3.1 H).", in.Turn, sc.Title)
	if out.Recovery, err = RollMoraleRecovery(lib, in.Recovery, d); err != nil {
		return nil, err
	}
	for _, r := range out.Recovery {
		logf("I. %s", r.Explain())
	}
	out.Undepletion = UndepleteWagons(in.Wagons)
	for _, u := range out.Undepletion {
		logf("II. Wagon %s: %s.", u.Wagon, u.Reason)
	}
	var turn Score
	for _, s := range in.MajorVictories {
		turn = turn.add(s, other.MajorVictory)
		logf("III. %s major victory: %s VPs (002 10.8).", sideName(s), other.MajorVictory)
	}
	out.Places = places
	for _, p := range places {
		if p.Scored {
			turn = turn.add(engine.CSA, p.VP)
		}
		logf("III. %s (%s), held by %s: %s VPs: %s.", p.Name, p.Hex, p.Unit, p.VP, p.Reason)
	}
	if last {
		out.EndAwards = end
		for _, a := range end {
			if a.Scored {
				turn = turn.add(engine.CSA, a.VP)
			}
			logf("III. End of the game: %s: %s VPs: %s.", a.Award, a.VP, a.Reason)
		}
	}
	out.ThisTurn = turn
	out.Score = Score{CSA: in.Score.CSA + turn.CSA, USA: in.Score.USA + turn.USA}
	logf("III. This turn: Confederate %s, Union %s. Totals: Confederate %s, Union %s, net Confederate %s.",
		turn.CSA, turn.USA, out.Score.CSA, out.Score.USA, out.Score.Net())
	if last {
		lv, err := VictoryLevelFor(lib, sc.Start.Year(), out.Score.Net())
		if err != nil {
			return nil, err
		}
		out.Final = &lv
		logf("End of the game: %s: %s.", lv.Level, lv.Reason)
	}
	return out, nil
}
