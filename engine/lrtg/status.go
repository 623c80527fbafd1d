package lrtg

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// Unit status and printed combat results (LRTG 9.2, 15, 19, 29; 000 VII 6).
//
// A unit's status is typed: organization, exhaustion, demoralization,
// entrenchment and ammunition are fields of UnitStatus, set with
// SetUnit (Field names a status field) and recorded as UnitSet events
// whose From and To are the field's levels. Status words recorded before
// statuses were typed (UnitMarked events, and the marks of a set-up such
// as Caldwell's "entrenched", 000 VIII) still fold into the typed fields:
// UnitState.WithStatus moves them out of the mark list.

// statusField is one settable status field: its names and values.
type statusField struct {
	name    string
	aliases []string
	values  []string // the name of each level, from 0
	words   map[string]int
	hint    string
	get     func(engine.UnitStatus) int
	set     func(*engine.UnitStatus, int)
}

// StatusFields are the names of the status fields /unit set takes.
var StatusFields = []string{"organization", "exhaustion", "demoralization", "entrenchment", "ammunition"}

var statusFields = []statusField{
	{
		name: "organization", aliases: []string{"organisation", "org"},
		values: []string{"organized", "disorganized"},
		words:  map[string]int{"organised": 0, "disorganised": 1},
		hint:   "organization is organized or disorganized",
		get:    func(s engine.UnitStatus) int { return engine.B2i(s.Disorganized) },
		set:    func(s *engine.UnitStatus, v int) { s.Disorganized = v == 1 },
	},
	{
		name: "exhaustion", aliases: []string{"exhausted"},
		values: []string{"normal", "exhausted"},
		words:  map[string]int{"unexhausted": 0, "fresh": 0},
		hint:   "exhaustion is normal (unexhausted) or exhausted",
		get:    func(s engine.UnitStatus) int { return engine.B2i(s.Exhausted) },
		set:    func(s *engine.UnitStatus, v int) { s.Exhausted = v == 1 },
	},
	{
		name: "demoralization", aliases: []string{"demoralisation", "demoralized"},
		values: []string{"0", "1", "2"},
		words:  map[string]int{"none": 0},
		hint:   "demoralization is a level: 0 (none), 1 or 2 (LRTG 15.1)",
		get:    func(s engine.UnitStatus) int { return s.Demoralization },
		set:    func(s *engine.UnitStatus, v int) { s.Demoralization = v },
	},
	{
		name: "entrenchment", aliases: []string{"entrenched", "entrench"},
		values: []string{"0", "1", "2"},
		words:  map[string]int{"none": 0},
		hint:   "entrenchment is a level: 0 (none), 1 or 2 (a completed fort is /unit mark mark:fort)",
		get:    func(s engine.UnitStatus) int { return s.Entrenchment },
		set:    func(s *engine.UnitStatus, v int) { s.Entrenchment = v },
	},
	{
		name: "ammunition", aliases: []string{"ammo"},
		values: []string{"0", "1", "2", "3"},
		words:  map[string]int{"normal": 0, "none": 0, "full": 0, "low": engine.AmmoLow, "out": engine.AmmoOut},
		hint:   "ammunition is the space on the Ammunition Track: 0 (normal), 1, 2 or low, 3 or out (LRTG 19.1)",
		get:    func(s engine.UnitStatus) int { return s.Ammo },
		set:    func(s *engine.UnitStatus, v int) { s.Ammo = v },
	},
}

func findStatusField(name string) *statusField {
	name = strings.ToLower(strings.TrimSpace(name))
	for i := range statusFields {
		f := &statusFields[i]
		if f.name == name || engine.Contains(f.aliases, name) {
			return f
		}
	}
	return nil
}

// parse reads a value of the field: a level's name or number.
func (f *statusField) parse(s string) (int, bool) {
	s = strings.ToLower(strings.TrimSpace(s))
	for i, v := range f.values {
		if s == v {
			return i, true
		}
	}
	if v, ok := f.words[s]; ok {
		return v, true
	}
	if n, err := strconv.Atoi(s); err == nil && n >= 0 && n < len(f.values) {
		return n, true
	}
	return 0, false
}

// StatusValue names level v of a status field for a reply, e.g.
// ("organization", 1) is "disorganized", ("ammunition", 2) "low ammo".
func StatusValue(field string, v int) string {
	f := findStatusField(field)
	if f == nil || v < 0 || v >= len(f.values) {
		return strconv.Itoa(v)
	}
	if f.name == "ammunition" {
		return engine.AmmoNames[v]
	}
	return f.values[v]
}

// StatusHint says, for each status field, the values it takes.
func StatusHint() string {
	hints := make([]string, len(statusFields))
	for i, f := range statusFields {
		hints[i] = f.hint
	}
	return strings.Join(hints, "; ")
}

// Legacy status marks: the words /unit mark took before statuses were
// typed. They still fold (old events, set-ups) and /unit mark still takes
// them, as a status change.
var statusMarks = []string{"disorganized", "exhausted", "demoralized", "entrenched", "low-ammo", "out-of-ammo"}

// IsStatusMark reports whether a mark word is a status (now a typed field).
func IsStatusMark(m string) bool { return engine.Contains(statusMarks, m) }

// statusHasMark reports whether the status shows the legacy mark.
func statusHasMark(s engine.UnitStatus, mark string) bool {
	switch strings.ToLower(mark) {
	case "disorganized":
		return s.Disorganized
	case "exhausted":
		return s.Exhausted
	case "demoralized":
		return s.Demoralization > 0
	case "entrenched":
		return s.Entrenchment > 0
	case "low-ammo":
		return s.Ammo == engine.AmmoLow
	case "out-of-ammo":
		return s.Ammo == engine.AmmoOut
	}
	return false
}

// decideStatusSet settles /unit set for a status field (the caller has
// checked the actor and the unit).
func (g Game) decideStatusSet(cmd engine.SetUnit, u engine.UnitState) ([]engine.Event, error) {
	f := findStatusField(cmd.Field)
	if f == nil {
		return nil, engine.Invalid("unit.field", fmt.Sprintf("%q cannot be set", cmd.Field),
			"Fields: manpower, fatigue, "+strings.Join(StatusFields, ", "))
	}
	if u.Kind.IsLeader() {
		return nil, engine.Invalid("unit.leader", fmt.Sprintf("%s is a leader: leaders have no %s", u.Name, f.name), "")
	}
	if cmd.Cause != "" && f.name != "entrenchment" {
		return nil, engine.Invalid("unit.cause", "A cause is given for a change of manpower, or a raised entrenchment, only", "Leave cause out")
	}
	text := cmd.Text
	if strings.TrimSpace(text) == "" {
		text = strconv.Itoa(cmd.Value)
	}
	v, ok := f.parse(text)
	if !ok {
		return nil, engine.Invalid("unit."+f.name, fmt.Sprintf("%q is not a value of %s", text, f.name), "Allowed: "+f.hint)
	}
	if f.name == "ammunition" {
		if !engine.Contains(intStrings(g.Options.Optional), "19") {
			return nil, engine.Illegal("unit.ammunition", "This game does not use optional rule 19 (Ammunition)", "Ammunition is tracked only with optional rule 19, chosen at /game new")
		}
		if u.Side != engine.CSA || u.Kind != engine.KindInfantry {
			return nil, engine.Illegal("unit.ammunition", fmt.Sprintf("%s does not track ammunition", u.Name), "Only Confederate infantry divisions do (LRTG 19)")
		}
	}
	from := f.get(u.WithStatus().Status)
	if from == v {
		return nil, engine.Illegal("unit.unchanged", fmt.Sprintf("%s's %s is already %s", u.Name, f.name, StatusValue(f.name, v)), "Allowed: "+f.hint)
	}
	cause := ""
	if f.name == "entrenchment" {
		if v < from && cmd.Cause != "" {
			return nil, engine.Invalid("unit.cause", "A cause is given for a raised entrenchment only", "Leave cause out")
		}
		if v > from {
			// A raise: a cause the rules allow, or the umpire's reason
			// (unitlog.go).
			if err := g.checkGain(cmd, u, "entrenchment", v-from, EntrenchCauses); err != nil {
				return nil, err
			}
			cause = strings.ToLower(strings.TrimSpace(cmd.Cause))
		}
	}
	return []engine.Event{&engine.UnitSet{By: cmd.By, Unit: cmd.Unit, Field: f.name, From: from, To: v, Cause: cause, Reason: cmd.Reason}}, nil
}

func intStrings(ns []int) []string {
	out := make([]string, len(ns))
	for i, n := range ns {
		out[i] = strconv.Itoa(n)
	}
	return out
}

func (g Game) optional(rule int) bool {
	for _, n := range g.Options.Optional {
		if n == rule {
			return true
		}
	}
	return false
}

// Manpower loss causes (/unit set field:manpower cause:...). Only the
// causes 000 VII 6 names award Victory Points.
var LossCauses = []string{"combat", "retreat", "cavalry-retreat", "surrender", "march", "supply", "attrition", "other"}

// ManpowerVP is what 000 VII 6 awards for mp manpower points of side lost
// to cause: +2 per Union MP lost in combat, retreat, cavalry retreat or
// surrender; -3 per Confederate MP lost in combat, retreat or cavalry
// retreat (the text names no surrender for the Confederates). Other causes
// (marches, supply) award nothing.
func ManpowerVP(side engine.Side, cause string, mp int) int {
	switch {
	case side == engine.USA && engine.Contains([]string{"combat", "retreat", "cavalry-retreat", "surrender"}, cause):
		return 2 * mp
	case side == engine.CSA && engine.Contains([]string{"combat", "retreat", "cavalry-retreat"}, cause):
		return -3 * mp
	}
	return 0
}

func manpowerVPEntry(turn int, side engine.Side, cause string, mp, vp int) VPEntry {
	who := "Union"
	if side == engine.CSA {
		who = "Confederate"
	}
	how := "lost to " + strings.ReplaceAll(cause, "-", " ")
	if cause == "combat" {
		how = "lost in combat"
	}
	// No unit names: the record is open to both sides (limited intelligence).
	return VPEntry{Turn: turn, Category: "manpower", What: fmt.Sprintf("%d %s MP %s", mp, who, how), VP: vp}
}

// ---- Printed combat results ----

// CombatResult is one side's printed combat result. The grammar (the
// GCACW Standardized Rules are not among the rules this project reads, so
// this is what it supports; docs/combat-results.md):
//
//	result  = "-" | [loss] flags        (spaces are ignored)
//	loss    = a number 0-99: manpower points lost by the side
//	flags   = any of, each at most once, in any order:
//	          "f"  fatigue +1           (LRTG 9.3 "f (fatigue-1)")
//	          "F"  fatigue +2           ("F (fatigue-2)")
//	          "D"  disorganize          ("D (disorganize)")
//	          "r"  retreat              (9.3 "r" (retreat))
//	          "R"  rout                 (9.3 "R" (rout))
//	          "R*" rout, starred        (29.1 "R or R*")
//
// f and F exclude each other, as do r, R and R*. Letters are case
// sensitive (f is not F). Examples: "1Dr", "2F", "R*", "f", "-".
type CombatResult struct {
	Loss        int    `json:"loss,omitempty"`
	Fatigue     int    `json:"fatigue,omitempty"` // 0, 1 (f) or 2 (F)
	Disorganize bool   `json:"disorganize,omitempty"`
	Retreat     string `json:"retreat,omitempty"` // "", "r", "R" or "R*"
}

// CombatResultHint says what a combat result may be.
const CombatResultHint = `A result is "-" (no effect) or an optional manpower loss (a number) followed by any of f (fatigue +1), F (fatigue +2), D (disorganize), r (retreat), R (rout), R* (rout, starred), each once: e.g. 1Dr, 2F, R*, f`

// String writes the result in canonical order: loss, f/F, D, retreat.
func (c CombatResult) String() string {
	var b strings.Builder
	if c.Loss > 0 {
		b.WriteString(strconv.Itoa(c.Loss))
	}
	switch c.Fatigue {
	case 1:
		b.WriteByte('f')
	case 2:
		b.WriteByte('F')
	}
	if c.Disorganize {
		b.WriteByte('D')
	}
	b.WriteString(c.Retreat)
	if b.Len() == 0 {
		return "-"
	}
	return b.String()
}

// ParseCombatResult reads a printed combat result (see CombatResult).
func ParseCombatResult(s string) (CombatResult, error) {
	raw := s
	s = strings.Join(strings.Fields(s), "")
	var c CombatResult
	bad := func(what string) (CombatResult, error) {
		return CombatResult{}, engine.Invalid("combat.result", what, CombatResultHint)
	}
	switch {
	case s == "":
		return bad("No combat result given")
	case len(s) > 20:
		return bad(fmt.Sprintf("%q is too long for a combat result", raw))
	case s == "-":
		return c, nil
	}
	i := 0
	for i < len(s) && engine.IsDigit(s[i]) {
		i++
	}
	if i > 0 {
		if i > 2 {
			return bad(fmt.Sprintf("The loss %s in %q is more than 99 manpower points", s[:i], raw))
		}
		c.Loss, _ = strconv.Atoi(s[:i])
	}
	for i < len(s) {
		tok := s[i : i+1]
		if tok == "R" && i+1 < len(s) && s[i+1] == '*' {
			tok = "R*"
		}
		i += len(tok)
		switch tok {
		case "f", "F":
			if c.Fatigue != 0 {
				return bad(fmt.Sprintf("%q has two fatigue results: f is +1, F is +2; give one", raw))
			}
			c.Fatigue = 1
			if tok == "F" {
				c.Fatigue = 2
			}
		case "D":
			if c.Disorganize {
				return bad(fmt.Sprintf("%q has D twice", raw))
			}
			c.Disorganize = true
		case "r", "R", "R*":
			if c.Retreat != "" {
				return bad(fmt.Sprintf("%q has two retreats: give one of r, R, R*", raw))
			}
			c.Retreat = tok
		default:
			what := fmt.Sprintf("%q in %q is not part of a combat result", tok, raw)
			switch {
			case engine.IsDigit(tok[0]):
				what = fmt.Sprintf("In %q the loss must come first", raw)
			case tok == "d":
				what = fmt.Sprintf("%q: disorganize is a capital D", raw)
			case tok == "*":
				what = fmt.Sprintf("In %q the * belongs after an R (R*)", raw)
			}
			return bad(what)
		}
	}
	return c, nil
}

// Combat roles.
const (
	Attacker = "attacker"
	Defender = "defender"
)

// CombatSide is one side of a combat as the command gives it.
type CombatSide struct {
	Units  []string // unit ids
	Result string   // the printed result, e.g. "1Dr"
	// Losses allocates the manpower loss by unit id; nil: one point at a
	// time to the unit with the most manpower (ties: the first named).
	Losses map[string]int
}

// ApplyCombat applies a printed combat result to the units of one or both
// sides. The umpire applies anything; a player applies a side's result to
// units he commands, all of them (LRTG 21.1): each side records its own.
type ApplyCombat struct {
	By       engine.Actor
	Battle   string // where, as printed (the defender's hex), for the record
	Attacker CombatSide
	Defender CombatSide
	// Divisions are the ids of the named units that are divisions in the
	// order of battle: a D costs a Confederate infantry division one
	// ammunition level under optional rule 19 (LRTG 19.2).
	Divisions []string
	// Artillery gives artillery values by unit id, for optional rule 29:
	// each defender routed (R, R*) or eliminated rolls that many dice.
	Artillery map[string]int
	Reason    string
}

// CommandName implements Command.
func (ApplyCombat) CommandName() string { return "battle result" }

// EventCombatApplied is CombatApplied's type.
const EventCombatApplied = "combat.applied"

// CombatApplied records a printed combat result applied: every unit's
// change, the Victory Points of the manpower lost, and any artillery
// rolls of optional rule 29.
type CombatApplied struct {
	By     engine.Actor        `json:"by"`
	Turn   int                 `json:"turn"`
	Battle string              `json:"battle,omitempty"`
	Reason string              `json:"reason,omitempty"`
	Sides  []CombatSideApplied `json:"sides"`
	// Attack is the number of the battle /attack settled (attack.go); 0
	// for a result typed with /battle result.
	Attack int `json:"attack,omitempty"`
	// FortDestroyed names the Union permanent fort the defender's r or R
	// destroyed (000 9.3, forts.go): part of the result, undone with it.
	FortDestroyed string `json:"fort_destroyed,omitempty"`
}

// EventType implements Event.
func (*CombatApplied) EventType() string { return EventCombatApplied }

// CombatSideApplied is one side's result and what it did.
type CombatSideApplied struct {
	Role   string       `json:"role"` // attacker or defender
	Side   engine.Side  `json:"side"`
	Result CombatResult `json:"result"`
	// Lost is the manpower the units lost; Unabsorbed the part of the loss
	// larger than all their manpower.
	Lost       int                `json:"lost"`
	Unabsorbed int                `json:"unabsorbed,omitempty"`
	VP         int                `json:"vp,omitempty"` // 000 VII 6
	Units      []UnitCombatChange `json:"units"`
	Artillery  []ArtilleryFate    `json:"artillery,omitempty"`
	// Codes are the extra letters of the chart's cell a battle /attack
	// settled read for this side, applied with the result
	// (attack_codes.go): advance, umpire (exhaust and demoralize are in
	// the units' changes).
	Codes []ResultCode `json:"codes,omitempty"`
}

// UnitCombatChange is one unit's change in a combat.
type UnitCombatChange struct {
	Unit         string `json:"unit"`
	ManpowerFrom int    `json:"manpower_from"`
	ManpowerTo   int    `json:"manpower_to"`
	FatigueFrom  int    `json:"fatigue_from"`
	FatigueTo    int    `json:"fatigue_to"`
	Disorganized bool   `json:"disorganized,omitempty"` // disorganized by this result
	AmmoFrom     int    `json:"ammo_from,omitempty"`
	AmmoTo       int    `json:"ammo_to,omitempty"`
	Eliminated   bool   `json:"eliminated,omitempty"`
	// A battle /attack settled also records (attack.go, choice A3): a
	// rout's demoralization (the level it rose to) and the entrenchment a
	// retreating unit left behind.
	DemoralizationTo int `json:"demoralization_to,omitempty"`
	EntrenchmentLeft int `json:"entrenchment_left,omitempty"`
	// Exhausted: the chart's extra letter exhausted the unit
	// (attack_codes.go).
	Exhausted bool `json:"exhausted,omitempty"`
}

// ArtilleryFate is the optional rule 29.1 roll for one defending unit:
// one die per artillery point, less one for R*, less one more when the
// unit is eliminated; 1 or less captured, 2 destroyed, 3-6 retained (an
// eliminated unit's retained points are destroyed, 29.2).
type ArtilleryFate struct {
	Unit      string `json:"unit"`
	Value     int    `json:"value"`
	Roll      int64  `json:"roll"` // the number of the dice.rolled event
	Faces     []int  `json:"faces"`
	Modifier  int    `json:"modifier"`
	Captured  int    `json:"captured"`
	Destroyed int    `json:"destroyed"`
	Retained  int    `json:"retained"`
}

func (g Game) decideCombat(cmd ApplyCombat, d engine.Dice) ([]engine.Event, error) {
	if err := g.BoardReady(cmd.By); err != nil {
		return nil, err
	}
	ev := &CombatApplied{By: cmd.By, Turn: g.Turn, Battle: strings.TrimSpace(cmd.Battle), Reason: cmd.Reason}
	if len(cmd.Attacker.Units) == 0 && len(cmd.Defender.Units) == 0 {
		return nil, engine.Invalid("combat.units", "No units named", "Name the attacker's units, the defender's, or both, each with its result")
	}
	named := map[string]string{}
	sides := map[string]engine.Side{}
	for _, x := range []struct {
		role string
		cs   CombatSide
	}{{Attacker, cmd.Attacker}, {Defender, cmd.Defender}} {
		if len(x.cs.Units) == 0 {
			if strings.TrimSpace(x.cs.Result) != "" {
				return nil, engine.Invalid("combat.units", fmt.Sprintf("The %s's result %s names no units", x.role, x.cs.Result), "Name the "+x.role+"'s units")
			}
			continue
		}
		res, err := ParseCombatResult(x.cs.Result)
		if re, ok := err.(*engine.RuleError); ok {
			return nil, engine.Invalid(re.Code, "The "+x.role+"'s result: "+re.What, re.Hint)
		}
		for _, id := range x.cs.Units {
			u, err := g.Unit(id)
			if err != nil {
				return nil, err
			}
			if r, dup := named[id]; dup {
				return nil, engine.Invalid("combat.twice", fmt.Sprintf("%s is named twice (%s and %s)", u.Name, r, x.role), "Name each unit once")
			}
			named[id] = x.role
			if !g.Controls(cmd.By, u) {
				return nil, engine.Illegal("combat.command", fmt.Sprintf("You do not command %s", u.Name),
					"A player applies a result to his own units; the umpire applies both sides'")
			}
			switch {
			case u.Eliminated:
				return nil, engine.Illegal("combat.eliminated", fmt.Sprintf("%s has been eliminated", u.Name), "")
			case !u.OnMap:
				return nil, engine.Illegal("combat.off_map", fmt.Sprintf("%s is not on the map", u.Name), "")
			case u.Kind.IsLeader():
				return nil, engine.Invalid("combat.leader", fmt.Sprintf("%s is a leader: a combat result applies to combat units", u.Name), "Name the combat units")
			}
			if s, ok := sides[x.role]; ok && s != u.Side {
				return nil, engine.Invalid("combat.sides", fmt.Sprintf("The %s's units are of both sides", x.role), "Name each side's units under its role")
			}
			sides[x.role] = u.Side
		}
		sa, err := g.combatSide(cmd, x.role, x.cs, res)
		if err != nil {
			return nil, err
		}
		ev.Sides = append(ev.Sides, sa)
	}
	if a, ok := sides[Attacker]; ok && a == sides[Defender] {
		return nil, engine.Invalid("combat.sides", "The attacker and the defender are of the same side", "Name the enemy's units as the defender")
	}
	if err := g.appliedAgain(cmd, ev.Battle); err != nil { // attack.go: one battle, one record
		return nil, err
	}
	for id := range cmd.Artillery {
		if named[id] != Defender {
			return nil, engine.Invalid("combat.artillery", fmt.Sprintf("The artillery values name %s, which is not a defender in this combat", g.unitName(id)), "Give the values of the defending units")
		}
	}
	var evs []engine.Event
	if g.optional(29) {
		aud := g.ActorAudience(cmd.By) // rollstream.go: the actor's secret with limited intelligence
		rolls := g.RollsOf(aud)
		for i := range ev.Sides {
			s := &ev.Sides[i]
			if s.Role != Defender {
				continue
			}
			for _, c := range s.Units {
				if s.Result.Retreat != "R" && s.Result.Retreat != "R*" && !c.Eliminated {
					continue
				}
				u := g.Units[c.Unit]
				art, ok := cmd.Artillery[c.Unit]
				if !ok {
					return nil, engine.Invalid("combat.artillery", fmt.Sprintf("Optional rule 29 is in play and %s routs or is eliminated: give its artillery value", u.Name),
						fmt.Sprintf("Add artillery:%s=<value> (0 if it has none)", u.Name))
				}
				if art < 0 || art > 20 {
					return nil, engine.Invalid("combat.artillery", fmt.Sprintf("Artillery value %d is out of range", art), "An artillery value runs from 0 to 20")
				}
				if art == 0 {
					continue
				}
				out, err := engine.NumberedRoll(engine.RollDice{By: cmd.By, Expression: fmt.Sprintf("%dd6", art),
					Purpose: fmt.Sprintf("artillery of %s (LRTG 29.1)", u.Name)}, d, rolls, aud)
				if err != nil {
					return nil, err
				}
				roll := out[0].(*engine.DiceRolled)
				rolls = roll.Number
				evs = append(evs, roll)
				s.Artillery = append(s.Artillery, artilleryFate(c.Unit, art, roll, s.Result.Retreat == "R*", c.Eliminated))
			}
		}
	}
	return append(evs, ev), nil
}

func artilleryFate(unit string, value int, roll *engine.DiceRolled, starred, eliminated bool) ArtilleryFate {
	f := ArtilleryFate{Unit: unit, Value: value, Roll: roll.Number}
	for _, t := range roll.Terms {
		f.Faces = append(f.Faces, t.Faces...)
	}
	if starred {
		f.Modifier--
	}
	if eliminated {
		f.Modifier--
	}
	for _, face := range f.Faces {
		switch n := face + f.Modifier; {
		case n <= 1:
			f.Captured++
		case n == 2 || eliminated:
			f.Destroyed++
		default:
			f.Retained++
		}
	}
	return f
}

// combatSide works out one side's changes: losses (allocated), fatigue,
// disorganization, ammunition (LRTG 19.2), elimination at 0 manpower.
func (g Game) combatSide(cmd ApplyCombat, role string, cs CombatSide, res CombatResult) (CombatSideApplied, error) {
	sa := CombatSideApplied{Role: role, Result: res}
	units := make([]engine.UnitState, len(cs.Units))
	for i, id := range cs.Units {
		units[i] = g.Units[id].WithStatus()
		sa.Side = units[i].Side
	}
	total := 0
	for _, u := range units {
		total += u.Manpower
	}
	absorbed := min(res.Loss, total)
	sa.Unabsorbed = res.Loss - absorbed
	loss := make([]int, len(units))
	if cs.Losses != nil {
		for id := range cs.Losses {
			if !engine.Contains(cs.Units, id) {
				return sa, engine.Invalid("combat.loss", fmt.Sprintf("The %s's loss allocation names %s, which is not one of its units", role, g.unitName(id)), "Allocate losses to the units named")
			}
		}
		sum := 0
		for i, u := range units {
			n, ok := cs.Losses[u.ID]
			if !ok {
				continue
			}
			if n < 0 || n > u.Manpower {
				return sa, engine.Invalid("combat.loss", fmt.Sprintf("%s cannot lose %d MP: it has %d", u.Name, n, u.Manpower), "Allocate at most a unit's manpower")
			}
			loss[i] = n
			sum += n
		}
		if sum != absorbed {
			return sa, engine.Invalid("combat.loss", fmt.Sprintf("The %s's allocation sums to %d MP, but the result %s costs %d", role, sum, res, absorbed),
				"Allocate the whole loss, e.g. loss:unit=2,other=1")
		}
	} else {
		for n := 0; n < absorbed; n++ {
			best := -1
			for i, u := range units {
				if left := u.Manpower - loss[i]; left > 0 && (best < 0 || left > units[best].Manpower-loss[best]) {
					best = i
				}
			}
			loss[best]++
		}
	}
	ruleAmmo := g.optional(19) && res.Disorganize
	for i, u := range units {
		c := UnitCombatChange{Unit: u.ID, ManpowerFrom: u.Manpower, ManpowerTo: u.Manpower - loss[i], FatigueFrom: u.Fatigue, FatigueTo: u.Fatigue,
			AmmoFrom: u.Status.Ammo, AmmoTo: u.Status.Ammo}
		sa.Lost += loss[i]
		if u.Manpower > 0 && c.ManpowerTo == 0 {
			c.Eliminated = true
		} else {
			c.FatigueTo = min(engine.MaxFatigue, u.Fatigue+res.Fatigue)
			c.Disorganized = res.Disorganize && !u.Status.Disorganized
			if ruleAmmo && u.Side == engine.CSA && u.Kind == engine.KindInfantry && engine.Contains(cmd.Divisions, u.ID) {
				c.AmmoTo = min(engine.AmmoOut, u.Status.Ammo+1) // LRTG 19.2
			}
		}
		sa.Units = append(sa.Units, c)
	}
	sa.VP = ManpowerVP(sa.Side, "combat", sa.Lost)
	return sa, nil
}

func (g Game) applyCombat(e *CombatApplied) Game {
	return g.action(e, func(g *Game) {
		g.Actions = g.Actions.retreating(*g, e)    // activation.go: the retreats its owner moves
		g.Movement = g.Movement.afterCombat(*g, e) // move_path.go: the attackers' advance
		g.Attacks = g.Attacks.applied(*g, e)       // attack.go: a battle is applied once
		if e.FortDestroyed != "" {                 // forts.go: 9.3
			g.Places = withPlace(g.Places, e.FortDestroyed, func(ps *PlaceState) { ps.FortDestroyed = true })
		}
		vp := append([]VPEntry(nil), g.VP...)
		for _, s := range e.Sides {
			for _, c := range s.Units {
				g.EditUnit(c.Unit, func(u *engine.UnitState) {
					*u = u.WithStatus()
					u.Manpower, u.Fatigue, u.Status.Ammo = c.ManpowerTo, c.FatigueTo, c.AmmoTo
					if c.Disorganized {
						u.Status.Disorganized = true
					}
					if c.DemoralizationTo > u.Status.Demoralization {
						u.Status.Demoralization = c.DemoralizationTo
					}
					if c.EntrenchmentLeft > 0 {
						u.Status.Entrenchment = 0
					}
					if c.Exhausted {
						u.Status.Exhausted = true
					}
					if c.Eliminated {
						u.Eliminated, u.OnMap = true, false
					}
				})
				g.Losses = g.Losses.add(g.Units[c.Unit], "combat", c.ManpowerFrom-c.ManpowerTo)
			}
			if s.VP != 0 {
				vp = append(vp, manpowerVPEntry(e.Turn, s.Side, "combat", s.Lost, s.VP))
			}
		}
		g.VP = vp
	})
}

func (g Game) unitName(id string) string {
	if u, ok := g.Units[id]; ok {
		return u.Name
	}
	return id
}

// statusModule is combat results.
func statusModule() engine.Module {
	return engine.Module{Name: "status",
		Commands: []engine.Command{ApplyCombat{}},
		Decide: claims(func(g Game, cmd engine.Command, d engine.Dice) ([]engine.Event, bool, error) {
			c, ok := cmd.(ApplyCombat)
			if !ok {
				return nil, false, nil
			}
			evs, err := g.decideCombat(c, d)
			return evs, true, err
		}),
		Events: []engine.Event{&CombatApplied{}},
		Apply: folds(func(g Game, e engine.Event) (Game, bool) {
			c, ok := e.(*CombatApplied)
			if !ok {
				return g, false
			}
			return g.applyCombat(c), true
		}),
	}
}

// CombatLosses counts the manpower lost in combat, retreat and cavalry
// retreat that army morale counts (000 15.1): the Confederates' in all
// their units (8), one per 5), the Union's in Army of the Potomac units
// only (7), one per 8).
type CombatLosses struct {
	CSA int `json:"csa,omitempty"`
	AoP int `json:"aop,omitempty"`
	// AoPArtillery is the part of AoP lost by artillery units: LRTA's f)
	// counts "infantry and cavalry" only (004 Army Morale), LRTG's 7)
	// artillery too.
	AoPArtillery int `json:"aop_artillery,omitempty"`
}

// add counts a loss of mp manpower of u to cause (a gain, mp < 0, counts
// nothing: replacements do not undo morale).
func (l CombatLosses) add(u engine.UnitState, cause string, mp int) CombatLosses {
	if mp <= 0 || !engine.Contains([]string{"combat", "retreat", "cavalry-retreat"}, cause) {
		return l
	}
	switch {
	case u.Side == engine.CSA:
		l.CSA += mp
	case armyOfThePotomac(u):
		l.AoP += mp
		if u.Kind == engine.KindArtillery {
			l.AoPArtillery += mp
		}
	}
	return l
}
