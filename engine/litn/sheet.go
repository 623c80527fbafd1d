package litn

import (
	"fmt"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// LITN Player Record Sheets (issue 10, "Set-up"). 002 2.5: "Each player has
// a Player Record Sheet for each scenario. The record sheet shows when and
// where each leader enters play. Players also use the sheet to record the
// current strengths of combat units. Each player's Record Sheet is secret
// from his opponent." The printed sheets are not in the seeds, so a group
// brings its own copy: the umpire loads each side's (/sheet load). The file
// is read strictly outside the engine (scenarios.ParseLITNSheet: the engine
// has no YAML); the engine checks it against 002 and the game (the map, the
// scenario's turns) and records it whole in the game's stream
// (litn.sheet-loaded), like an imported order of battle (oobimport.go).
//
// What a sheet holds, from 002 (docs/litn-record-sheet.md lists it):
//   - every leader of the side (2.2: a combat unit with a leader name is a
//     leader "with his accompanying troops"; the department leader, the
//     cavalry commander and the Confederate corps leaders are non-combat
//     leaders), with the four ratings of 6: command, initiative, combat
//     bonus, rank;
//   - each combat unit's troop type (2.2: "A leader can control only the
//     troop type indicated by his symbol") and strength (2.2, 2.5; the
//     starting strength is the "original strength" of 6.3 and 15.2);
//   - the Subordinate To column (6.2, 6.3 step 3);
//   - the starting hex or the turn of arrival (2.5, 15 "How to Set Up"),
//     with where and how a later unit enters (15.5, 15.6);
//   - the set-up instructions at the bottom of the sheet (15).
// Militia are not on the sheets (4.2); detachments are written on them
// during play (6.3), not at the set-up.
//
// Secrecy (2.5): the bot shows a sheet only to its side's players and the
// umpire, and the event only to the umpire who loaded it. The state keeps
// the last sheet of each side for the start (State.Sheets).

// Leader roles on a record sheet. A combat unit (a leader with troops) has
// no role ("" or SheetCombat).
const (
	SheetDepartment       = "department"        // 6.1: one per side; broadcasts to all
	SheetCavalryCommander = "cavalry-commander" // 2.2, 6.2: commands the cavalry
	SheetCorps            = "corps"             // 2.2, 6.2: Confederate corps leader
	SheetCouch            = "couch"             // 15.5: Couch (1863), CPs like a department leader
	SheetCombat           = "combat"            // 2.2: a combat unit with a leader name
)

// isSheetTroops reports whether t is one of 2.2's troop types.
func isSheetTroops(t string) bool { return t == "infantry" || t == "cavalry" || t == "artillery" }

// Conditional entries of 15.6 (scenario 3).
const (
	SheetByVariableEntry = "variable-entry"         // 15.6 Variable Entry: a roll from the turn given
	SheetByHookerOut     = "hooker-dissatisfaction" // 15.6 Hooker Dissatisfaction: the counter comes in then
)

// Sheet is one side's Player Record Sheet for one scenario.
type Sheet struct {
	Game         engine.Game   `json:"game"`
	Scenario     string        `json:"scenario"` // catalogue id, e.g. litn-1-frederick-to-antietam
	Side         engine.Side   `json:"side"`
	Source       string        `json:"source,omitempty"`       // where the group's copy comes from
	Instructions string        `json:"instructions,omitempty"` // the set-up instructions at the bottom (15)
	Leaders      []SheetLeader `json:"leaders"`
}

// SheetLeader is one line of a record sheet: a leader, with troops or not.
type SheetLeader struct {
	ID          string `json:"id"`
	Name        string `json:"name"`
	Role        string `json:"role,omitempty"`   // SheetDepartment...; "" for a combat unit
	Troops      string `json:"troops,omitempty"` // infantry, cavalry, artillery; "" for a non-combat leader
	Strength    int    `json:"strength,omitempty"`
	Command     int    `json:"command"`
	Initiative  int    `json:"initiative"`
	CombatBonus int    `json:"combat_bonus"`
	Rank        int    `json:"rank"`
	// SubordinateTo is the leader whose broadcasts it receives besides the
	// department leader's (6.2): a Confederate division's corps leader, a
	// cavalry unit's cavalry commander. "" for none.
	SubordinateTo string         `json:"subordinate_to,omitempty"`
	Hex           string         `json:"hex,omitempty"`     // the printed starting hex, e.g. "1622"
	Arrives       []SheetArrival `json:"arrives,omitempty"` // or: when and where it enters (choices)
	// OffMapHex is where a leader who starts off the map counts as being for
	// command (15.6: Lee in hex 1026).
	OffMapHex string `json:"off_map_hex,omitempty"`
	Notes     string `json:"notes,omitempty"`
	Source    string `json:"source,omitempty"`
	Line      int    `json:"line,omitempty"` // in the file, for messages
	// Missing are the ratings the file left out ("command", "initiative",
	// "combat_bonus", "rank"), for ValidateSheet to report with every
	// other problem (a sheet missing any is never loaded, so no event
	// holds it).
	Missing []string `json:"-"`
}

// SheetArrival is one way a leader who is not on the map at the start
// enters play: on a turn, at one of some hexes (the player's choice), or
// on one of 15.6's conditions. Several arrivals are the player's choice
// between them (15.6 Confederate Option).
type SheetArrival struct {
	Turn  int      `json:"turn,omitempty"`
	Hexes []string `json:"hexes,omitempty"`
	By    string   `json:"by,omitempty"` // "", SheetByVariableEntry, SheetByHookerOut
	// NoTurn: the file gives no turn where one is needed (see Missing).
	NoTurn bool `json:"-"`
}

// IsCombat reports whether the leader has troops (2.2).
func (l SheetLeader) IsCombat() bool { return l.Role == "" || l.Role == SheetCombat }

// Leader returns the sheet's leader with the id, or nil.
func (s *Sheet) Leader(id string) *SheetLeader {
	for i := range s.Leaders {
		if s.Leaders[i].ID == id {
			return &s.Leaders[i]
		}
	}
	return nil
}

// Copy returns a deep copy (events and callers never share slices).
func (s *Sheet) Copy() *Sheet {
	if s == nil {
		return nil
	}
	c := *s
	c.Leaders = make([]SheetLeader, len(s.Leaders))
	for i, l := range s.Leaders {
		l.Arrives = make([]SheetArrival, len(s.Leaders[i].Arrives))
		for j, a := range s.Leaders[i].Arrives {
			a.Hexes = append([]string(nil), a.Hexes...)
			l.Arrives[j] = a
		}
		if len(l.Arrives) == 0 {
			l.Arrives = nil
		}
		c.Leaders[i] = l
	}
	return &c
}

func (l SheetLeader) where() string {
	id := l.ID
	if id == "" {
		id = fmt.Sprintf("%q", l.Name)
	}
	if l.Line > 0 {
		return fmt.Sprintf("line %d: %s", l.Line, id)
	}
	return id
}

// LITN rating ranges. 002 prints no table of ratings; what it gives:
//   - command: 7.1 divides the CPs received by the command rating (so never
//     0), and 10.6 and the Optional Charts name ratings 1 and 4 as the ends
//     (McClellan's printed 3 counts as 4 in combat, 10.4); litn-command.yaml
//     reads the ratings as 1-4 (a 5 only comes from 7.1's +1 modifier).
//   - rank: 6.4 "rating 1 is highest, 2 next highest, and so on": 1 or more.
//   - initiative and combat bonus: no range; 12, 8.3, 8.5, 8.6, 14.2 add or
//     compare them, 10.5 adds the bonus to a die roll: whole numbers, 0 or
//     more (the text never subtracts a rating).
const (
	minCommand, maxCommand = 1, 4
	minRank                = 1
)

// ValidateSheet checks a sheet against 002, the scenario (its turns)
// and the LITN map, and returns every problem found, each saying what is
// wrong and what would be right; nil when the sheet is right.
//
// The checks run in the order a player reads a sheet: the header (game,
// scenario, side), then each leader from top to bottom (identity, role,
// ratings, where and when), then what only the whole list shows (one
// department leader, one cavalry commander, 6.1, 2.2) and the chain of
// command (6.2), so the problems come back in that order.
func ValidateSheet(s *Sheet, sc engine.Scenario, t *engine.Theatre) []string {
	if s == nil {
		return []string{"no record sheet was given"}
	}
	c := &sheetCheck{s: s, sc: sc, t: t, ids: map[string]string{}}
	c.checkHeader()
	for _, l := range s.Leaders {
		c.checkIdentity(l)
		c.checkRole(l)
		c.countCommanders(l)
		c.checkRatings(l)
		c.checkPlacement(l)
		c.checkArrivals(l)
	}
	c.checkCommanders()
	for _, l := range s.Leaders {
		c.checkSubordination(l)
	}
	return c.out
}

// sheetCheck is one ValidateSheet run: the sheet, what it is checked
// against, the problems found so far, and what the per-leader steps
// gather for the checks of the whole list.
type sheetCheck struct {
	s   *Sheet
	sc  engine.Scenario
	t   *engine.Theatre
	out []string
	// ids maps each leader id seen so far to where it was (unique ids).
	ids map[string]string
	// departments and cavalry count the department leaders in command at
	// the start (6.1) and the cavalry commanders (2.2).
	departments, cavalry int
}

func (c *sheetCheck) add(format string, a ...any) {
	c.out = append(c.out, fmt.Sprintf(format, a...))
}

// checkHeader: the sheet is LITN's (2.5), for this game's scenario (15)
// and one side.
func (c *sheetCheck) checkHeader() {
	s, sc := c.s, c.sc
	if s.Game != ID {
		c.add("game is %q: a record sheet is LITN's (game: litn)", s.Game)
	}
	if sc.Game != ID {
		c.add("the scenario %s is not a LITN scenario: record sheets are LITN's (002 2.5)", sc.ID)
	}
	if s.Scenario != sc.ID {
		c.add("the sheet is for scenario %q, but this game plays %s: give scenario: %s (002 15: a sheet for each scenario)", s.Scenario, sc.ID, sc.ID)
	}
	if s.Side != engine.CSA && s.Side != engine.USA {
		c.add("side is %q: give csa or usa", s.Side)
	}
	if len(s.Leaders) == 0 {
		c.add("the sheet lists no leaders: give every leader of the side (002 2.5)")
	}
}

// hexOK checks that h names a hex of the LITN map (a starting, off-map or
// entry hex: 2.5, 15).
func (c *sheetCheck) hexOK(l SheetLeader, field, h string) bool {
	if c.t == nil {
		c.add("%s: %s %q: no LITN map to check it on", l.where(), field, h)
		return false
	}
	ref, err := engine.ParseHexRef(h, c.t.Sheets, "")
	if err != nil || ref.Sheet != "LITN" {
		why := "it is not a hex"
		if err != nil {
			why = err.Error()
		}
		c.add("%s: %s %q is not a hex of the LITN map (%s): write the four digits printed on the map, e.g. 1529", l.where(), field, h, why)
		return false
	}
	return true
}

// checkIdentity: every leader has an id and a name, its id starts with the
// side and is unique on the sheet.
func (c *sheetCheck) checkIdentity(l SheetLeader) {
	if l.ID == "" || l.Name == "" {
		c.add("%s: every leader needs an id and a name", l.where())
	}
	if l.ID != "" && !strings.HasPrefix(l.ID, string(c.s.Side)+".") {
		c.add("%s: ids start with the side, %s. (e.g. %s.jackson)", l.where(), c.s.Side, c.s.Side)
	}
	if prev, dup := c.ids[l.ID]; dup && l.ID != "" {
		c.add("%s: the id is already used (%s): ids are unique", l.where(), prev)
	}
	c.ids[l.ID] = l.where()
}

// checkRole: role and troops (2.2): a combat unit has troops and strength,
// a non-combat leader has neither (Couch may have both, 15.5).
func (c *sheetCheck) checkRole(l SheetLeader) {
	switch l.Role {
	case "", SheetCombat:
		if !isSheetTroops(l.Troops) {
			c.add("%s: a combat unit has troops: infantry, cavalry or artillery (002 2.2), not %q", l.where(), l.Troops)
		}
		if l.Strength < 1 {
			c.add("%s: strength %d: a combat unit starts with 1 or more strength points (002 2.2, 2.5)", l.where(), l.Strength)
		}
	case SheetDepartment, SheetCavalryCommander, SheetCorps, SheetCouch:
		if l.Role != SheetCouch && (l.Troops != "" || l.Strength != 0) {
			c.add("%s: a %s is a non-combat leader with no troops (002 2.2): leave out troops and strength", l.where(), sheetRoleName(l.Role))
		}
		if l.Role == SheetCouch && ((l.Troops != "") != (l.Strength != 0) || l.Strength < 0) {
			c.add("%s: give both troops and strength, or neither", l.where())
		}
		if l.Role == SheetCouch && l.Troops != "" && !isSheetTroops(l.Troops) {
			c.add("%s: troops are infantry, cavalry or artillery, not %q", l.where(), l.Troops)
		}
	default:
		c.add("%s: role %q is not one of department, cavalry-commander, corps, couch, or none for a combat unit (002 2.2, 6.1, 15.5)", l.where(), l.Role)
	}
}

// countCommanders counts the department leaders in command at the start
// (6.1; one who arrives by Hooker dissatisfaction is not, 15.6) and the
// cavalry commanders for checkCommanders, and checks the roles only one
// side has: Confederate corps leaders (2.2, 6.2) and Couch (15.5).
func (c *sheetCheck) countCommanders(l SheetLeader) {
	switch l.Role {
	case SheetDepartment:
		if !sheetHookerOut(l) {
			c.departments++
		}
	case SheetCavalryCommander:
		c.cavalry++
	case SheetCorps:
		if c.s.Side != engine.CSA {
			c.add("%s: corps leaders are Confederate (002 2.2, 6.2: each Union infantry unit is a corps): give the Union corps as a combat unit", l.where())
		}
	case SheetCouch:
		if c.s.Side != engine.USA || c.sc.Start.Year() != 1863 {
			c.add("%s: the militia commander (Couch) is Union and 1863 only (002 15.5)", l.where())
		}
	}
}

// checkRatings: the ratings a leader is printed with (6, 6.4, 7.1); one
// the file left out is reported missing, not as out of range.
func (c *sheetCheck) checkRatings(l SheetLeader) {
	given := func(name string) bool {
		for _, m := range l.Missing {
			if m == name {
				c.add("%s", missingRating(l, name))
				return false
			}
		}
		return true
	}
	if given("command") && (l.Command < minCommand || l.Command > maxCommand) {
		c.add("%s: command rating %d: give %d to %d (002 7.1, 10.6)", l.where(), l.Command, minCommand, maxCommand)
	}
	if given("initiative") && l.Initiative < 0 {
		c.add("%s: initiative rating %d: give 0 or more (002 6)", l.where(), l.Initiative)
	}
	if given("combat_bonus") && l.CombatBonus < 0 {
		c.add("%s: combat bonus %d: give 0 or more (002 6, 10.5)", l.where(), l.CombatBonus)
	}
	if given("rank") && l.Rank < minRank {
		c.add("%s: rank %d: give 1 or more, 1 the highest (002 6.4)", l.where(), l.Rank)
	}
}

func missingRating(l SheetLeader, name string) string {
	return fmt.Sprintf("%s: %s is missing: give the rating printed for the leader (002 6)", l.where(), name)
}

const missingTurn = "%s: an arrival needs its turn (turn:)"

// MissingProblems are the fields the file left out, as ValidateSheet
// words them, for a reader that stops before the rules' checks.
func (s *Sheet) MissingProblems() []string {
	var out []string
	for _, l := range s.Leaders {
		for _, m := range l.Missing {
			out = append(out, missingRating(l, m))
		}
		for _, a := range l.Arrives {
			if a.NoTurn {
				out = append(out, fmt.Sprintf(missingTurn, l.where()))
			}
		}
	}
	return out
}

// checkPlacement: where a leader starts (2.5, 15): a starting hex or its
// arrivals, never both; an off-map hex only for one who arrives (15.6).
func (c *sheetCheck) checkPlacement(l SheetLeader) {
	switch {
	case l.Hex != "" && len(l.Arrives) > 0:
		c.add("%s: give a starting hex or its arrivals, not both (002 15: \"the starting hexes - or turns of arrival\")", l.where())
	case l.Hex == "" && len(l.Arrives) == 0:
		c.add("%s: give a starting hex (hex:) or when it arrives (arrives:) (002 2.5, 15)", l.where())
	case l.Hex != "":
		c.hexOK(l, "hex", l.Hex)
		if l.OffMapHex != "" {
			c.add("%s: off_map_hex is for a leader who starts off the map (002 15.6); this one starts in %s", l.where(), l.Hex)
		}
	}
	if l.OffMapHex != "" && len(l.Arrives) > 0 {
		c.hexOK(l, "off_map_hex", l.OffMapHex)
	}
}

// checkArrivals: when and how a leader arrives (15, 15.5, 15.6): on a
// turn of the scenario, by the Confederates' variable entry or by Hooker
// dissatisfaction (scenario 3), through hexes of the map.
func (c *sheetCheck) checkArrivals(l SheetLeader) {
	s, sc := c.s, c.sc
	for _, a := range l.Arrives {
		switch a.By {
		case "":
			if a.NoTurn {
				c.add(missingTurn, l.where())
			} else if a.Turn < sc.FirstTurn || a.Turn > sc.LastTurn {
				c.add("%s: arrives on turn %d, but %s runs from turn %d to %d", l.where(), a.Turn, sc.ID, sc.FirstTurn, sc.LastTurn)
			}
		case SheetByVariableEntry:
			if sc.ID != "litn-3-pennsylvania-campaign" || s.Side != engine.CSA {
				c.add("%s: variable entry is the Confederates' in scenario 3 (002 15.6)", l.where())
			}
			if a.NoTurn {
				c.add(missingTurn, l.where())
			} else if a.Turn < sc.FirstTurn || a.Turn > sc.LastTurn {
				c.add("%s: the variable entry rolls start on turn %d, but %s runs from turn %d to %d (002 15.6: turn 3)", l.where(), a.Turn, sc.ID, sc.FirstTurn, sc.LastTurn)
			}
		case SheetByHookerOut:
			if sc.ID != "litn-3-pennsylvania-campaign" || s.Side != engine.USA {
				c.add("%s: Hooker dissatisfaction is the Union's in scenario 3 (002 15.6)", l.where())
			}
			if a.Turn != 0 {
				c.add("%s: an arrival by Hooker dissatisfaction has no turn (it comes when the roll succeeds, 002 15.6): leave out turn", l.where())
			}
		default:
			c.add("%s: arrives by %q: give variable-entry or hooker-dissatisfaction (002 15.6), or leave by out", l.where(), a.By)
		}
		for _, h := range a.Hexes {
			c.hexOK(l, "entry hex", h)
		}
	}
}

// checkCommanders: exactly one department leader in command at the start
// (6.1; a second only by Hooker dissatisfaction, 15.6) and at most one
// cavalry commander (2.2).
func (c *sheetCheck) checkCommanders() {
	if c.departments != 1 {
		names := []string{}
		for _, l := range c.s.Leaders {
			if l.Role == SheetDepartment && !sheetHookerOut(l) {
				names = append(names, l.where())
			}
		}
		what := "none"
		if len(names) > 0 {
			what = strings.Join(names, ", ")
		}
		c.add("the sheet has %d department leaders in command at the start (%s): give exactly one, role: department (002 6.1; a second only if it arrives by hooker-dissatisfaction, 15.6)", c.departments, what)
	}
	if c.cavalry > 1 {
		c.add("the sheet has %d cavalry commanders: a side has one (002 2.2)", c.cavalry)
	}
}

// checkSubordination: the chain of command (6.2, 7.1): a leader is
// subordinate to another leader of the sheet who may command it, and the
// chain ends at the department leader.
func (c *sheetCheck) checkSubordination(l SheetLeader) {
	s := c.s
	if l.SubordinateTo == "" {
		return
	}
	if l.Role == SheetDepartment {
		c.add("%s: the department leader is subordinate to no one (002 6.2: all units are subordinate to him): leave out subordinate_to", l.where())
		return
	}
	sup := s.Leader(l.SubordinateTo)
	switch {
	case l.SubordinateTo == l.ID:
		c.add("%s: subordinate to itself: name its corps leader or cavalry commander, or leave subordinate_to out", l.where())
		return
	case sup == nil:
		c.add("%s: subordinate to %q, which is not a leader of this sheet: give the id of one of its leaders (002 6.2)", l.where(), l.SubordinateTo)
		return
	}
	if cyc := sheetCycle(s, l.ID); cyc != "" {
		c.add("%s: the subordination goes round in a circle (%s): it must end at the department leader (002 6.2)", l.where(), cyc)
		return
	}
	switch sup.Role {
	case SheetDepartment:
	case SheetCavalryCommander:
		if l.Troops != "cavalry" {
			c.add("%s: subordinate to the cavalry commander %s, but it is not cavalry: the cavalry commander commands only cavalry (002 6.2, 7.1)", l.where(), sup.ID)
		}
	case SheetCorps:
		if s.Side != engine.CSA || l.Troops != "infantry" {
			c.add("%s: subordinate to the corps leader %s, but only Confederate infantry divisions belong to a corps (002 6.2, 6.3)", l.where(), sup.ID)
		}
	case SheetCouch:
		c.add("%s: subordinate to %s, but only militia are subordinate to Couch, and militia are not on the sheets (002 4.2, 6.2, 15.5)", l.where(), sup.ID)
	default:
		c.add("%s: subordinate to %s, a combat unit; only the department leader, the cavalry commander and corps leaders broadcast command points (002 7.1): name one of them", l.where(), sup.ID)
	}
}

// sheetHookerOut reports whether the leader enters only by 15.6's Hooker
// dissatisfaction (Meade's department leader counter).
func sheetHookerOut(l SheetLeader) bool {
	for _, a := range l.Arrives {
		if a.By == SheetByHookerOut {
			return true
		}
	}
	return false
}

// sheetCycle follows SubordinateTo from id and returns the circle
// ("a → b → a") if it comes back to a leader already seen, else "".
func sheetCycle(s *Sheet, id string) string {
	seen := map[string]bool{}
	path := []string{}
	for cur := id; cur != ""; {
		if seen[cur] {
			return strings.Join(append(path, cur), " → ")
		}
		seen[cur] = true
		path = append(path, cur)
		l := s.Leader(cur)
		if l == nil {
			return ""
		}
		cur = l.SubordinateTo
	}
	return ""
}

func sheetRoleName(role string) string {
	switch role {
	case SheetDepartment:
		return "department leader"
	case SheetCavalryCommander:
		return "cavalry commander"
	case SheetCorps:
		return "corps leader"
	case SheetCouch:
		return "militia commander (Couch)"
	}
	return "combat unit"
}

// RoleName names a leader's role in words.
func (l SheetLeader) RoleName() string { return sheetRoleName(l.Role) }

// LoadSheet records one side's Player Record Sheet before the start
// (the umpire; 002 2.5, 15). Scenario and Map are what the sheet is checked
// against: the game's catalogue entry and the LITN map.
type LoadSheet struct {
	By       engine.Actor
	Side     engine.Side
	Sheet    *Sheet
	SHA256   string // of the file as loaded, for the record
	Scenario engine.Scenario
	Map      *engine.Theatre
}

// CommandName implements Command.
func (LoadSheet) CommandName() string { return "sheet load" }

// EventSheetLoaded is the event type of a loaded record sheet.
const EventSheetLoaded = "litn.sheet-loaded"

// SheetLoaded is a side's record sheet as the umpire loaded it. It
// replaces any sheet of that side loaded before. Secret (2.5): only the
// side and the umpire may see it.
type SheetLoaded struct {
	By     engine.Actor `json:"by"`
	Side   engine.Side  `json:"side"`
	SHA256 string       `json:"sha256,omitempty"`
	Sheet  Sheet        `json:"sheet"`
}

// EventType implements Event.
func (*SheetLoaded) EventType() string { return EventSheetLoaded }

// Lasting implements engine.Lasting: the sheet is read from the stream as
// stored (bot/litn_sheet.go), so a rewind may not take it back.
func (*SheetLoaded) Lasting() {}

func decideSheet(g Game, cmd engine.Command, _ engine.Dice) ([]engine.Event, bool, error) {
	c, ok := cmd.(LoadSheet)
	if !ok {
		return nil, false, nil
	}
	if err := g.mayLoadSheet(c); err != nil {
		return nil, true, err
	}
	if g.Ended != nil {
		return nil, true, engine.Illegal("game.ended", "The game has ended", "Load a record sheet into a new game")
	}
	if g.Started {
		return nil, true, engine.Illegal("sheet.started", "The game has started: its record sheets are set up",
			"A record sheet is loaded before /game start")
	}
	if c.Side != engine.CSA && c.Side != engine.USA {
		return nil, true, engine.Invalid("game.side", fmt.Sprintf("%q is not a side", c.Side), "Give side:csa or side:usa")
	}
	if c.Sheet == nil {
		return nil, true, engine.Invalid("sheet.file", "No record sheet was given", "Attach the file (docs/litn-record-sheet.md)")
	}
	if c.Sheet.Side != c.Side {
		return nil, true, engine.Invalid("sheet.side", fmt.Sprintf("The file is the %s record sheet (side: %s), but it was loaded for the %s",
			strings.ToUpper(string(c.Sheet.Side)), c.Sheet.Side, strings.ToUpper(string(c.Side))),
			fmt.Sprintf("Load it with side:%s, or give the %s sheet", c.Sheet.Side, strings.ToUpper(string(c.Side))))
	}
	if c.Scenario.ID != g.Options.Scenario {
		return nil, true, fmt.Errorf("litn: record sheet checked against scenario %q, game plays %q", c.Scenario.ID, g.Options.Scenario)
	}
	if probs := ValidateSheet(c.Sheet, c.Scenario, c.Map); len(probs) > 0 {
		return nil, true, &engine.RuleError{Kind: engine.ErrInvalid, Code: "sheet.invalid", What: "The record sheet is not right: " + listSheetProblems(probs, 10),
			Hint: "The format is in docs/litn-record-sheet.md", Rule: "LITN 2.5, 6, 15"}
	}
	return []engine.Event{&SheetLoaded{By: c.By, Side: c.Side, SHA256: c.SHA256, Sheet: *c.Sheet.Copy()}}, true, nil
}

// listSheetProblems numbers the problems, at most n of them.
func listSheetProblems(ps []string, n int) string {
	var b strings.Builder
	for i, p := range ps {
		if i == n {
			fmt.Fprintf(&b, " (and %d more)", len(ps)-n)
			break
		}
		if i > 0 {
			b.WriteString("; ")
		}
		fmt.Fprintf(&b, "%d) %s", i+1, p)
	}
	return b.String()
}

// applySheet keeps the side's sheet for the start (State.Sheets).
// 2.5: it is secret to its side; only the umpire's and the side's outputs
// read it (the bot's /sheet show, the start's set-up).
func applySheet(g Game, e engine.Event) (Game, bool) {
	ev, ok := e.(*SheetLoaded)
	if !ok {
		return g, false
	}
	m := make(map[engine.Side]*Sheet, 2)
	for k, v := range g.LITN.Sheets {
		m[k] = v
	}
	m[ev.Side] = ev.Sheet.Copy()
	g.LITN.Sheets = m
	return g, true
}

// mayLoadSheet is what every game answers alike to a record sheet: there
// is a game, and the umpire loads it.
func (g Game) mayLoadSheet(c LoadSheet) error {
	if err := g.NeedGame(); err != nil {
		return err
	}
	if !g.IsUmpire(c.By) {
		return engine.Illegal("game.umpire", "Only the umpire loads a record sheet", fmt.Sprintf("Ask %s", g.Umpire.Name))
	}
	return nil
}

// foreignSheet refuses a record sheet in a game of another ruleset: the
// kernel asks LoadSheet.Foreign only where the game's ruleset decides no
// LoadSheet, that is in any game but LITN's (002 2.5).
func (g Game) foreignSheet(c LoadSheet) error {
	if err := g.mayLoadSheet(c); err != nil {
		return err
	}
	return engine.Illegal("sheet.litn_only", fmt.Sprintf("Player Record Sheets are LITN's (002 2.5); this game is %s", strings.ToUpper(string(g.Game()))),
		"LITN only: load a sheet into a Lee Invades the North game; this game's set-up is its order of battle (/oob, /game oob)")
}
