package litn

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// Lee Invades the North (002) Command Phase: 3.1 C.I (command points), 3.1
// C.II (broadcast), 6.1, 6.2, 7.1, 7.2, 15.2, 15.5, 15.6.
//
// The pieces here are pure: a roll or a broadcast is decided against a
// CommandPhase (which never changes), and folded into a new phase by
// WithRoll / WithBroadcast, so the later wiring into a game can make events
// of the results and fold them. The numbers of the Command Point and Command
// Broadcast Tables are the group's loaded copies of the chart slots
// litn.command-point and litn.command-broadcast; the year's modifier printed
// beside each table (7.1 step 2) is not in the rules text either and is
// given with the charts (CommandCharts.Year). Nothing is invented.
//
// The inputs are this file's own types (CommandUnit, CommandHex):
// the record sheets (sheet.go) are connected to them later.

// CommandRole is what a unit is for the command rules.
type CommandRole string

// Roles (002 2.2 Non-Combat Leaders, 6.1, 6.2, 6.3, 7.1, 15.5).
const (
	CommandDepartment       CommandRole = "department"        // 6.1: Lee, McClellan, Hooker, Meade
	CommandCavalryCommander CommandRole = "cavalry-commander" // 2.2, 6.2
	CommandCorps            CommandRole = "corps"             // Confederate corps leader, 2.2, 6.2
	CommandCouch            CommandRole = "couch"             // 15.5: Couch in 1863, CPs "like a department leader"
	CommandLeader           CommandRole = "leader"            // a combat unit with a leader name (2.2)
	CommandDetachment       CommandRole = "detachment"        // 6.3: "treated in every way like a named leader"
	CommandArtillery        CommandRole = "union-artillery"   // 7.1 Wagons and Artillery: the Union artillery unit
	CommandMilitia          CommandRole = "militia"           // 4.2
	CommandWagon            CommandRole = "wagon"             // 9.2
)

// CommandTroop is the troop type a combat leader controls (2.2).
type CommandTroop string

// Troop types.
const (
	CommandInfantry      CommandTroop = "infantry"
	CommandCavalry       CommandTroop = "cavalry"
	CommandArtilleryType CommandTroop = "artillery"
)

// CommandUnit is a unit as the command rules see it.
type CommandUnit struct {
	ID            string       `json:"id"`
	Name          string       `json:"name,omitempty"`
	Side          engine.Side  `json:"side"`
	Role          CommandRole  `json:"role"`
	Troop         CommandTroop `json:"troop,omitempty"`
	CommandRating int          `json:"command_rating,omitempty"` // printed (McClellan's 3 for movement, 10.4)
	Rank          int          `json:"rank,omitempty"`           // 1 is highest (6.4); 0 for units without one
	Corps         string       `json:"corps,omitempty"`          // Confederate corps of a division or detachment; a corps leader's own corps (6.2, 6.3)
	Hex           engine.Hex   `json:"hex"`                      // Lee off map in scenario 3: hex 1026 (15.6)
	BasicMA       int          `json:"basic_ma,omitempty"`       // the basic allowance printed on the map (7.1 A)
	// CannotMove, when set, says why the unit may not spend movement
	// points whatever its CPs (Miles and White until released, 15.2; a
	// disorganized unit, 15.4).
	CannotMove string `json:"cannot_move,omitempty"`
}

func (u CommandUnit) name() string {
	if u.Name != "" {
		return u.Name
	}
	return u.ID
}

// leaderRole reports whether the role is a leader that may be a hex's
// highest-ranking leader (6.4, 7.1).
func (r CommandRole) leaderRole() bool {
	switch r {
	case CommandDepartment, CommandCavalryCommander, CommandCorps, CommandCouch, CommandLeader, CommandDetachment:
		return true
	}
	return false
}

// tableRole reports whether the role rolls on the Command Point Table (7.1
// Receiving Command Points; 15.5 Couch).
func (r CommandRole) tableRole() bool {
	return r == CommandDepartment || r == CommandCavalryCommander || r == CommandCouch
}

// combat reports whether the role is a combat unit (2.2: "a counter with an
// infantry, cavalry, or artillery symbol"; detachments and militia).
// Department leaders, cavalry commanders, corps leaders, Couch and wagons
// are not.
func (r CommandRole) combat() bool {
	switch r {
	case CommandLeader, CommandDetachment, CommandArtillery, CommandMilitia:
		return true
	}
	return false
}

// CommandHex is a hex's stack for the command rules.
type CommandHex struct {
	Hex   engine.Hex `json:"hex"`
	Label string     `json:"label,omitempty"` // the printed number, e.g. "1625", for explanations
	// Leader optionally names the highest-ranking leader where ranks tie
	// (the player's choice); otherwise the first listed of the tied ones.
	Leader string        `json:"leader,omitempty"`
	Units  []CommandUnit `json:"units"`
}

func (h CommandHex) label() string {
	if h.Label != "" {
		return "hex " + h.Label
	}
	return fmt.Sprintf("hex (%d,%d)", h.Hex.Q, h.Hex.R)
}

// Receiver returns the unit whose CPs decide the hex (7.1 C, "Only the
// highest-ranking leader in each hex can get CPs by broadcast"): the
// department leader if present (7.1 "Units Stacked with Department
// Leader"), else the highest-ranking leader (lowest rank number); in a hex
// without leaders the Union artillery unit or a wagon, which use their own
// command rating (7.1 Wagons and Artillery). Militia alone have none (4.2).
func (h CommandHex) Receiver() (CommandUnit, bool) {
	best := -1
	for i, u := range h.Units {
		if !u.Role.leaderRole() {
			continue
		}
		switch {
		case best < 0:
			best = i
		case u.Role == CommandDepartment && h.Units[best].Role != CommandDepartment:
			best = i
		case h.Units[best].Role == CommandDepartment:
		case rank(u) < rank(h.Units[best]):
			best = i
		case rank(u) == rank(h.Units[best]) && u.ID == h.Leader:
			best = i
		}
	}
	if best >= 0 {
		return h.Units[best], true
	}
	for _, role := range []CommandRole{CommandArtillery, CommandWagon} {
		for _, u := range h.Units {
			if u.Role == role {
				return u, true
			}
		}
	}
	return CommandUnit{}, false
}

// rank orders leaders: 1 is highest (6.4); a leader without a rank
// comes last.
func rank(u CommandUnit) int {
	if u.Rank <= 0 {
		return 1 << 30
	}
	return u.Rank
}

func (h CommandHex) has(role CommandRole) bool {
	for _, u := range h.Units {
		if u.Role == role {
			return true
		}
	}
	return false
}

// CommandContext is the turn a Command Phase belongs to.
type CommandContext struct {
	Side              engine.Side `json:"side"` // the player whose Command Phase it is (3.1 C, E)
	Year              int         `json:"year"` // 1862 or 1863 (15.2, 15.5)
	Turn              int         `json:"turn"` // the turn record's turn (scenario 1 starts on turn 4)
	LostDispatchFound bool        `json:"lost_dispatch_found,omitempty"`
}

// locWaived reports 15.2 "Confederate Command" and 7.2's exception: on turns
// 1-6 of the 1862 scenarios the Confederates do not modify their Command
// Point or Command Broadcast rolls for LOC.
func (c CommandContext) locWaived(s engine.Side) bool {
	return s == engine.CSA && c.Year == 1862 && c.Turn >= 1 && c.Turn <= 6
}

// CommandLOC is what tracing the line of communications (7.2) found for
// the leader who rolls or broadcasts.
type CommandLOC struct {
	// Traced: a department leader, cavalry commander or Couch traces to a
	// friendly supply depot; a corps leader traces to Lee (7.2 step 2).
	Traced bool `json:"traced"`
	// LeeTraced, for a corps leader only: Lee traces his own LOC.
	LeeTraced bool `json:"lee_traced,omitempty"`
}

// YearModifiers are the year's die-roll modifiers "listed beside the
// table" (7.1 step 2; Broadcast Procedure step 3), per year, from the
// group's printed charts: the rules text names them but gives no values.
type YearModifiers struct {
	CommandPoint map[int]int `json:"command_point"`
	Broadcast    map[int]int `json:"broadcast"`
}

// CommandCharts are the charts the Command Phase rolls on: the slots,
// the group's loaded copies (nil when not loaded) and the year modifiers.
type CommandCharts struct {
	CommandPoint     *engine.ChartSlot
	CommandPointCopy *engine.LoadedChart
	Broadcast        *engine.ChartSlot
	BroadcastCopy    *engine.LoadedChart
	Year             YearModifiers
}

// Chart slot ids (scenarios/rules/litn-slots.yaml).
const (
	CommandPointSlot     = "litn.command-point"
	CommandBroadcastSlot = "litn.command-broadcast"
)

// CommandPointRoll is a settled Command Point Table roll.
type CommandPointRoll struct {
	Leader        string           `json:"leader"`
	LeaderName    string           `json:"leader_name"`
	Side          engine.Side      `json:"side"`
	Roll          engine.ChartRoll `json:"roll"` // Roll.Chart names the slot used
	CommandPoints int              `json:"command_points"`
	Notes         []string         `json:"notes,omitempty"` // modifiers that did not apply, and why
}

// Broadcast is a settled Command Broadcast Table roll.
type Broadcast struct {
	From         string           `json:"from"`
	FromName     string           `json:"from_name"`
	FromRole     CommandRole      `json:"from_role"`
	To           engine.Hex       `json:"to"`
	ToLabel      string           `json:"to_label"`
	Receiver     string           `json:"receiver"`
	ReceiverName string           `json:"receiver_name"`
	Sent         int              `json:"sent"`
	Distance     int              `json:"distance"` // cavalry movement points (7.1 Broadcast Distance)
	Roll         engine.ChartRoll `json:"roll"`
	Lost         int              `json:"lost"` // N of a -N result; 0 for Full
	Received     int              `json:"received"`
	Notes        []string         `json:"notes,omitempty"`
}

// CommandPhase is one player's Command Phase so far: the CPs each
// leader has (from the table or by broadcast) and every roll.
type CommandPhase struct {
	Context    CommandContext     `json:"context"`
	Rolls      []CommandPointRoll `json:"rolls,omitempty"`
	Broadcasts []Broadcast        `json:"broadcasts,omitempty"`
	Points     map[string]int     `json:"points,omitempty"` // leader id -> CPs this turn
}

// NewCommandPhase starts a Command Phase.
func NewCommandPhase(c CommandContext) CommandPhase {
	return CommandPhase{Context: c}
}

func (p CommandPhase) check() error {
	if p.Context.Side != engine.CSA && p.Context.Side != engine.USA {
		return engine.Invalid("litn.command.side", fmt.Sprintf("%q is not a side", p.Context.Side), "The Command Phase is the csa or the usa player's")
	}
	if p.Context.Year != 1862 && p.Context.Year != 1863 {
		return engine.Invalid("litn.command.year", fmt.Sprintf("%d is not a year of the game", p.Context.Year), "LITN's scenarios are of 1862 (15.2) or 1863 (15.5)")
	}
	return nil
}

func (p CommandPhase) rolled(id string) bool {
	for _, r := range p.Rolls {
		if r.Leader == id {
			return true
		}
	}
	return false
}

// yearModifier returns the year's modifier for one table, or an error
// saying it has to be given: it is printed beside the table, not in 002.
func yearModifier(m map[int]int, year int, table string) (int, error) {
	v, ok := m[year]
	if !ok {
		return 0, engine.Illegal("litn.command.year-modifier",
			fmt.Sprintf("The %s's modifier for the year %d is printed beside the table, not in the rules text (002 7.1), and has not been given", table, year),
			"Give the year modifiers of your printed chart with the chart copy (0 where the chart has none)")
	}
	return v, nil
}

// locModifier is 7.2's -1 for a leader without a LOC, with 15.2's waiver.
func (p CommandPhase) locModifier(u CommandUnit, loc CommandLOC, table string) ([]engine.AppliedModifier, []string) {
	var why string
	switch {
	case u.Role == CommandCorps && !loc.Traced:
		why = fmt.Sprintf("%s has no line of communications to Lee (002 7.2)", u.name())
	case u.Role == CommandCorps && !loc.LeeTraced:
		why = fmt.Sprintf("Lee cannot trace a line of communications, so %s has none (002 7.2)", u.name())
	case u.Role != CommandCorps && !loc.Traced:
		why = fmt.Sprintf("%s cannot trace a line of communications to a friendly supply depot (002 7.2)", u.name())
	default:
		return nil, nil
	}
	if p.Context.locWaived(u.Side) {
		return nil, []string{fmt.Sprintf("No -1 on the %s although %s: the Confederates do not modify for LOC on turns 1-6 of the 1862 scenarios (002 7.2, 15.2)", table, strings.TrimSuffix(why, " (002 7.2)"))}
	}
	return []engine.AppliedModifier{{Value: -1, Reason: why, Side: string(u.Side)}}, nil
}

// modifiers are the three modifiers the text names for both tables: LOC
// (7.2), year (7.1 step 2) and the Lost Dispatch (5.1; 7.1 Broadcast
// Procedure step 3 "as applicable").
func (p CommandPhase) modifiers(u CommandUnit, loc CommandLOC, table string, years map[int]int) ([]engine.AppliedModifier, []string, error) {
	mods, notes := p.locModifier(u, loc, table)
	y, err := yearModifier(years, p.Context.Year, table)
	if err != nil {
		return nil, nil, err
	}
	if y != 0 {
		mods = append(mods, engine.AppliedModifier{Value: y, Reason: fmt.Sprintf("the year %d (the modifier printed beside the %s, 002 7.1)", p.Context.Year, table), Side: string(u.Side)})
	} else {
		notes = append(notes, fmt.Sprintf("The year %d: the %s's year modifier is 0", p.Context.Year, table))
	}
	if u.Side == engine.USA && p.Context.LostDispatchFound {
		mods = append(mods, engine.AppliedModifier{Value: 1, Reason: "the Union has found the Lost Dispatch (002 5.1)", Side: string(u.Side)})
	}
	return mods, notes, nil
}

func checkSlot(s *engine.ChartSlot, id string) error {
	if s == nil || s.ID != id {
		return engine.Invalid("litn.command.chart", "The chart slot "+id+" is missing", "Pass the library's slot "+id)
	}
	return nil
}

// RollCommandPoints rolls on the Command Point Table for a department
// leader, cavalry commander or (1863) Couch: 7.1 Receiving Command Points,
// one die, modified for LOC (7.2, 15.2), year and the Lost Dispatch (5.1).
// The phase is not changed; fold the roll in with WithRoll.
func (p CommandPhase) RollCommandPoints(ch CommandCharts, leader CommandUnit, loc CommandLOC, d engine.Dice) (*CommandPointRoll, error) {
	if err := p.check(); err != nil {
		return nil, err
	}
	if err := checkSlot(ch.CommandPoint, CommandPointSlot); err != nil {
		return nil, err
	}
	if leader.Side != p.Context.Side {
		return nil, engine.Illegal("litn.command.not-yours", fmt.Sprintf("%s is not a %s leader: it is the %s player's Command Phase", leader.name(), p.Context.Side, p.Context.Side),
			"Each player rolls for his own leaders in his own Command Phase (002 3.1 C, E)")
	}
	switch {
	case leader.Role == CommandCouch && (leader.Side != engine.USA || p.Context.Year != 1863):
		return nil, engine.Illegal("litn.command.couch", "Couch receives CPs like a department leader only in the 1863 scenarios", "002 15.5")
	case !leader.Role.tableRole():
		return nil, engine.Illegal("litn.command.no-table", fmt.Sprintf("%s (%s) does not roll on the Command Point Table: only department leaders and cavalry commanders receive CPs from it (002 7.1), and Couch in 1863 (15.5)", leader.name(), leader.Role),
			"Other leaders receive CPs by broadcast")
	}
	if p.rolled(leader.ID) {
		return nil, engine.Illegal("litn.command.rolled", fmt.Sprintf("%s has already rolled for CPs this Command Phase", leader.name()), "The die is rolled once for each of them (002 7.1 step 1)")
	}
	mods, notes, err := p.modifiers(leader, loc, "Command Point Table", ch.Year.CommandPoint)
	if err != nil {
		return nil, err
	}
	r, err := ch.CommandPoint.RollSlot(d, ch.CommandPointCopy, ch.CommandPoint.Columns[0], mods)
	if err != nil {
		return nil, err
	}
	cps, err := strconv.Atoi(r.Result)
	if err != nil || cps < 0 {
		return nil, engine.Invalid("litn.command.cell", fmt.Sprintf("The Command Point Table's row %s holds %q, not a number of CPs", r.Row, r.Result), "Reload the chart")
	}
	return &CommandPointRoll{Leader: leader.ID, LeaderName: leader.name(), Side: leader.Side, Roll: *r, CommandPoints: cps, Notes: notes}, nil
}

// WithRoll returns the phase after a Command Point Table roll. The receiver
// is not changed.
func (p CommandPhase) WithRoll(r CommandPointRoll) CommandPhase {
	p.Rolls = append(append([]CommandPointRoll(nil), p.Rolls...), r)
	p.Points = copyPoints(p.Points)
	p.Points[r.Leader] = r.CommandPoints
	return p
}

func copyPoints(m map[string]int) map[string]int {
	out := make(map[string]int, len(m)+1)
	for k, v := range m {
		out[k] = v
	}
	return out
}

// BroadcastColumn returns the Command Broadcast Table column whose band of
// cavalry movement points holds distance (7.1 Broadcast Procedure step 2):
// the copy names its columns ("1-4", "5-8", "9-12", "13 or more").
func BroadcastColumn(lc *engine.LoadedChart, distance int) (string, error) {
	for _, c := range lc.Columns {
		k := engine.ParseRowKey(c)
		if (k.Min != 0 || k.Max != 0) && distance >= k.Min && distance <= k.Max {
			return c, nil
		}
	}
	return "", engine.Illegal("litn.command.distance", fmt.Sprintf("No column of your Command Broadcast Table holds a distance of %d cavalry movement points", distance),
		"Its columns: "+strings.Join(lc.Columns, ", ")+". There is no maximum broadcast distance (002 7.1): the last column should be open, e.g. \"13 or more\"")
}

// subordinate says whether from may broadcast to receiver in hex h (6.2,
// 7.1 "Each leader can broadcast only to subordinate units", 15.5), and if
// not, why.
func subordinate(from, receiver CommandUnit, h CommandHex) string {
	switch from.Role {
	case CommandDepartment:
		if receiver.Role == CommandCavalryCommander {
			return "the department leader may not broadcast to the cavalry commander (002 7.1)"
		}
	case CommandCavalryCommander:
		if receiver.Troop != CommandCavalry && receiver.Role != CommandWagon {
			return fmt.Sprintf("the cavalry commander broadcasts only to cavalry units and wagons, and %s is not one (002 6.2, 7.1)", receiver.name())
		}
	case CommandCorps:
		if receiver.Role != CommandWagon && (receiver.Corps == "" || receiver.Corps != from.Corps || receiver.Role == CommandCorps) {
			return fmt.Sprintf("a corps leader broadcasts only to divisions of his corps (%s), and %s is not one (002 6.2, 7.1)", from.Corps, receiver.name())
		}
	case CommandCouch:
		if !h.has(CommandMilitia) || (receiver.Role != CommandLeader && receiver.Role != CommandDetachment) {
			return "Couch broadcasts only to leaders stacked with militia units (002 15.5)"
		}
	}
	return ""
}

// Broadcast rolls on the Command Broadcast Table for from's CPs to the hex
// to, at distance cavalry movement points (7.1 Broadcasting Command Points,
// Broadcast Procedure, Broadcast Distance, Confederate Corps Leaders; 7.2;
// 15.2; 15.5). The distance is counted by the caller as 7.1 says (not the
// broadcaster's hex, the receiver's; rail hexes 1; ZOC costs unless a
// friendly combat unit is there; never through enemy units). The phase is
// not changed; fold the result in with WithBroadcast.
func (p CommandPhase) Broadcast(ch CommandCharts, from CommandUnit, loc CommandLOC, to CommandHex, distance int, d engine.Dice) (*Broadcast, error) {
	if err := p.check(); err != nil {
		return nil, err
	}
	if err := checkSlot(ch.Broadcast, CommandBroadcastSlot); err != nil {
		return nil, err
	}
	if from.Side != p.Context.Side {
		return nil, engine.Illegal("litn.command.not-yours", fmt.Sprintf("%s is not a %s leader: it is the %s player's Command Phase", from.name(), p.Context.Side, p.Context.Side),
			"Each player broadcasts in his own Command Phase (002 3.1 C.II)")
	}
	sent, has := p.Points[from.ID]
	switch {
	case from.Role.tableRole():
		if !p.rolled(from.ID) {
			return nil, engine.Illegal("litn.command.not-rolled", fmt.Sprintf("%s has not rolled on the Command Point Table yet", from.name()), "Roll his CPs first (002 7.1)")
		}
	case from.Role == CommandCorps:
		if from.Side != engine.CSA {
			return nil, engine.Illegal("litn.command.corps", "Only Confederate corps leaders re-broadcast", "002 7.1 Confederate Corps Leaders")
		}
		if !has {
			return nil, engine.Illegal("litn.command.corps-no-cps", fmt.Sprintf("%s has received no CPs by broadcast this turn", from.name()),
				"Corps leaders to whom CPs are broadcast can in turn broadcast them; they never roll on the Command Point Table (002 7.1)")
		}
	default:
		return nil, engine.Illegal("litn.command.cannot-broadcast", fmt.Sprintf("%s (%s) may not broadcast CPs", from.name(), from.Role),
			"Department leaders and cavalry commanders broadcast, and Confederate corps leaders re-broadcast what they receive (002 7.1); Couch in 1863 (15.5)")
	}
	if sent <= 0 {
		return nil, engine.Illegal("litn.command.nothing", fmt.Sprintf("%s has 0 CPs this turn: there is nothing to broadcast", from.name()), "A broadcast gives the full number of CPs the leader has (002 7.1)")
	}
	if to.Hex == from.Hex {
		return nil, engine.Illegal("litn.command.same-hex", fmt.Sprintf("%s is in %s: leaders never broadcast to units in their own hex", from.name(), to.label()),
			"Their own command ratings and CPs decide the movement allowance of the units with them (002 7.1)")
	}
	receiver, ok := to.Receiver()
	if !ok {
		return nil, engine.Illegal("litn.command.no-receiver", fmt.Sprintf("%s has no leader, Union artillery or wagon to receive CPs", to.label()),
			"Militia move only when stacked with a Union leader (002 4.2, 7.1)")
	}
	if receiver.Side != p.Context.Side {
		return nil, engine.Illegal("litn.command.enemy", fmt.Sprintf("%s in %s is not a friendly unit", receiver.name(), to.label()), "CPs are broadcast to friendly leaders (002 7.1)")
	}
	if receiver.Role.tableRole() {
		return nil, engine.Illegal("litn.command.table-leader", fmt.Sprintf("The highest-ranking leader in %s is %s, who gets his CPs from the Command Point Table", to.label(), receiver.name()),
			"Only the highest-ranking leader in a hex can get CPs by broadcast (002 7.1); the department leader may not broadcast to the cavalry commander")
	}
	if why := subordinate(from, receiver, to); why != "" {
		return nil, engine.Illegal("litn.command.not-subordinate", fmt.Sprintf("%s may not broadcast to %s: %s", from.name(), to.label(), why),
			fmt.Sprintf("Only the highest-ranking leader in a hex gets CPs by broadcast; in %s it is %s (002 7.1)", to.label(), receiver.name()))
	}
	for _, b := range p.Broadcasts {
		if b.To != to.Hex {
			continue
		}
		if b.From == from.ID {
			return nil, engine.Illegal("litn.command.again", fmt.Sprintf("%s has already broadcast to %s this turn", from.name(), to.label()), "A leader attempts each hex once (002 7.1)")
		}
		if p.Context.Side == engine.CSA && ((b.FromRole == CommandDepartment && from.Role == CommandCorps) || (b.FromRole == CommandCorps && from.Role == CommandDepartment)) {
			return nil, engine.Illegal("litn.command.lee-or-corps", fmt.Sprintf("%s already had a broadcast from %s", to.label(), b.FromName),
				"Each Confederate unit can receive CPs either from Lee or from its corps leader, but not both; an unsatisfying result cannot be tried again with the other (002 7.1)")
		}
		// Issue 22 ruling: one attempt per hex, whoever else may broadcast
		// to it. 7.1 says it of Lee and a corps leader ("isn't satisfied
		// with the result he obtains, he can't try again"), and the cavalry
		// commander is to cavalry what a corps leader is to a division
		// (6.2: "to control cavalry at long distances from the department
		// leader"); Couch's "may also receive" (15.5) names who may
		// broadcast there, not a second try (docs/litn-command.md).
		return nil, engine.Illegal("litn.command.hex-tried", fmt.Sprintf("%s already had a broadcast this phase, from %s (%d of %d CP got through)", to.label(), b.FromName, b.Received, b.Sent),
			"A hex gets one broadcast attempt a Command Phase: an unsatisfying result cannot be tried again through another leader (002 7.1)")
	}
	if from.Role == CommandDepartment && from.Side == engine.CSA {
		for _, b := range p.Broadcasts {
			if b.FromRole == CommandCorps {
				return nil, engine.Illegal("litn.command.lee-first", fmt.Sprintf("%s has already re-broadcast: Lee's broadcasts come first", b.FromName),
					"After Lee has broadcast, each corps leader can broadcast what he received (002 7.1 Confederate Corps Leaders)")
			}
		}
	}
	if ch.BroadcastCopy == nil {
		return nil, errChartMissing(ch.Broadcast)
	}
	if distance < 1 {
		return nil, engine.Invalid("litn.command.distance", fmt.Sprintf("A broadcast distance of %d cavalry movement points is not possible", distance),
			"Count the receiver's hex but not the broadcaster's (002 7.1 Broadcast Distance): another hex is at least 1")
	}
	col, err := BroadcastColumn(ch.BroadcastCopy, distance)
	if err != nil {
		return nil, err
	}
	mods, notes, err := p.modifiers(from, loc, "Command Broadcast Table", ch.Year.Broadcast)
	if err != nil {
		return nil, err
	}
	r, err := ch.Broadcast.RollSlot(d, ch.BroadcastCopy, col, mods)
	if err != nil {
		return nil, err
	}
	b := &Broadcast{From: from.ID, FromName: from.name(), FromRole: from.Role, To: to.Hex, ToLabel: to.label(),
		Receiver: receiver.ID, ReceiverName: receiver.name(), Sent: sent, Distance: distance, Roll: *r, Notes: notes}
	switch {
	case strings.EqualFold(r.Result, "Full"):
		b.Received = sent
	case strings.HasPrefix(r.Result, "-"):
		n, err := strconv.Atoi(r.Result[1:])
		if err != nil {
			return nil, engine.Invalid("litn.command.cell", fmt.Sprintf("The Command Broadcast Table's cell %q is not Full or -N", r.Result), "Reload the chart")
		}
		b.Lost, b.Received = n, max(0, sent-n)
	default:
		return nil, engine.Invalid("litn.command.cell", fmt.Sprintf("The Command Broadcast Table's cell %q is not Full or -N", r.Result), "Reload the chart")
	}
	return b, nil
}

// WithBroadcast returns the phase after a broadcast: the receiver has the
// CPs that got through. Broadcast allows one attempt per hex (7.1); a
// phase folded from events stored before that ruling may hold two, and
// the receiver keeps the most, as it did then. The receiver is not
// changed.
func (p CommandPhase) WithBroadcast(b Broadcast) CommandPhase {
	p.Broadcasts = append(append([]Broadcast(nil), p.Broadcasts...), b)
	p.Points = copyPoints(p.Points)
	if old, ok := p.Points[b.Receiver]; !ok || b.Received > old {
		p.Points[b.Receiver] = b.Received
	}
	return p
}

// Explain says what the roll was, on which chart slot, with every modifier
// and why, and what it gives.
func (r CommandPointRoll) Explain() string {
	return fmt.Sprintf("%s rolls on the %s (chart slot %s, your copy): %s%s: **%d CP** (002 7.1).",
		r.LeaderName, r.Roll.Title, r.Roll.Chart, rollText(r.Roll), notesText(r.Notes), r.CommandPoints)
}

// Explain says what the broadcast was, on which chart slot and column,
// with every modifier and why, and what got through.
func (b Broadcast) Explain() string {
	res := fmt.Sprintf("Full: %s receives all %d CP", b.ReceiverName, b.Sent)
	if b.Lost > 0 {
		res = fmt.Sprintf("%d of the %d CP did not get through: %s receives %d CP", min(b.Lost, b.Sent), b.Sent, b.ReceiverName, b.Received)
	}
	return fmt.Sprintf("%s broadcasts %d CP to %s in %s, %d cavalry MP away: %s (chart slot %s, your copy), column %s: %s%s: %s (002 7.1).",
		b.FromName, b.Sent, b.ReceiverName, b.ToLabel, b.Distance, b.Roll.Title, b.Roll.Chart, b.Roll.Column, rollText(b.Roll), notesText(b.Notes), res)
}

func rollText(r engine.ChartRoll) string {
	s := fmt.Sprintf("%s %d", r.Dice, r.Natural)
	for _, m := range r.Modifiers {
		s += fmt.Sprintf(", %+d %s", m.Value, m.Reason)
	}
	if len(r.Modifiers) > 0 {
		s += fmt.Sprintf(" → %d", r.Total)
	}
	s += ", row " + r.Row
	if r.Clamped {
		s += " (off the chart: its last row that way)"
	}
	return s + ": " + r.Result
}

func notesText(notes []string) string {
	if len(notes) == 0 {
		return ""
	}
	return " (" + strings.Join(notes, "; ") + ")"
}

// Share is an exact fraction (movement points may be fractions: the
// rules do not say how to round, litn-command.yaml).
type Share struct {
	Num int `json:"num"`
	Den int `json:"den"`
}

func share(n, d int) Share {
	if d <= 0 || n <= 0 {
		return Share{0, 1}
	}
	a, b := n, d
	for b != 0 {
		a, b = b, a%b
	}
	return Share{n / a, d / a}
}

// Times returns the share of n.
func (s Share) Times(n int) Share { return share(s.Num*n, max(s.Den, 1)) }

// Less reports whether s < o.
func (s Share) Less(o Share) bool { return s.Num*max(o.Den, 1) < o.Num*max(s.Den, 1) }

// String writes "0", "3", "1/3", "4 1/2".
func (s Share) String() string {
	d := max(s.Den, 1)
	whole, rest := s.Num/d, s.Num%d
	switch {
	case rest == 0:
		return strconv.Itoa(whole)
	case whole == 0:
		return fmt.Sprintf("%d/%d", rest, d)
	}
	return fmt.Sprintf("%d %d/%d", whole, rest, d)
}

// Fraction writes the share as litn.movement-allowance-fraction does:
// "none", "full" or "n/d".
func (s Share) Fraction() string {
	switch {
	case s.Num == 0:
		return "none"
	case s.Num >= max(s.Den, 1):
		return "full"
	}
	return fmt.Sprintf("%d/%d", s.Num, s.Den)
}

// CommandShare is 7.1's share of the basic movement allowance: the CPs
// received over the (modified) command rating, never more than all of it
// (Command Point Restrictions: CPs above the rating cannot be saved nor
// raise the allowance). 0 CPs: none (the minimum allowance aside).
func CommandShare(cps, rating int) Share {
	if rating <= 0 {
		return Share{0, 1}
	}
	return share(min(cps, rating), rating)
}

// UnitAllowance is one unit's movement allowance for the turn.
type UnitAllowance struct {
	Unit string `json:"unit"`
	Name string `json:"name"`
	// Allowance is what its hex's CPs give (7.1): its share of the basic
	// allowance, or a wagon's or the Union artillery's leader's allowance
	// (at most 6).
	Allowance Share `json:"allowance"`
	// Minimum is 7.1's Minimum Movement Allowance, half the printed
	// allowance, set when the unit now stands more than 6 hexes from
	// every enemy unit: it holds only if the unit stays so during its
	// whole move, and not for entrenching or bridge and rail work.
	Minimum *Share `json:"minimum,omitempty"`
	// Full: 100% of the printed allowance, which force march needs (8.6).
	Full bool   `json:"full,omitempty"`
	Why  string `json:"why"`
}

// HexAllowance is the movement allowance of every unit in a hex.
type HexAllowance struct {
	Hex            engine.Hex      `json:"hex"`
	Label          string          `json:"label"`
	Leader         string          `json:"leader,omitempty"` // whose CPs count
	LeaderName     string          `json:"leader_name,omitempty"`
	CommandPoints  int             `json:"command_points"`
	CommandRating  int             `json:"command_rating"`            // printed
	RatingModifier int             `json:"rating_modifier,omitempty"` // 7.1 Modifier to Command Rating
	Share          Share           `json:"share"`                     // of the basic allowance
	Units          []UnitAllowance `json:"units"`
	Notes          []string        `json:"notes,omitempty"`
}

// RatingModifier is 7.1's Modifier to Command Rating: +1 when the
// force has three or more combat units and its highest-ranking leader is
// neither a department leader nor a corps leader (for movement allowance
// or battle commitment).
func RatingModifier(leader CommandUnit, force []CommandUnit) (int, string) {
	n := 0
	for _, u := range force {
		if u.Role.combat() {
			n++
		}
	}
	if n >= 3 && leader.Role != CommandDepartment && leader.Role != CommandCorps {
		return 1, fmt.Sprintf("+1 to %s's command rating: %d combat units, and he is neither a department nor a corps leader (002 7.1 Modifier to Command Rating)", leader.name(), n)
	}
	return 0, ""
}

// Allowance computes the movement allowance of every unit in h from the
// CPs its highest-ranking leader has this phase (7.1 C, CPs and Movement
// Allowances, Minimum Movement Allowance, Modifier to Command Rating,
// Command Point Restrictions). enemies are the hexes of every enemy unit,
// for the minimum allowance (hexes counted without regard for terrain,
// units or ZOCs).
func (p CommandPhase) Allowance(h CommandHex, enemies []engine.Hex) HexAllowance {
	out := HexAllowance{Hex: h.Hex, Label: h.label(), Share: Share{0, 1}}
	far := true
	for _, e := range enemies {
		if engine.Distance(h.Hex, e) <= 6 {
			far = false
		}
	}
	recv, ok := h.Receiver()
	hasLeader := ok && recv.Role.leaderRole()
	var leaderMA Share
	if ok {
		out.Leader, out.LeaderName, out.CommandRating = recv.ID, recv.name(), recv.CommandRating
		out.CommandPoints = p.Points[recv.ID]
		mod, why := RatingModifier(recv, h.Units)
		out.RatingModifier = mod
		if why != "" {
			out.Notes = append(out.Notes, why)
		}
		out.Share = CommandShare(out.CommandPoints, recv.CommandRating+mod)
		if out.CommandPoints > recv.CommandRating+mod {
			out.Notes = append(out.Notes, fmt.Sprintf("%s's %d CP above his rating %d cannot be saved nor raise the allowance (002 7.1 Command Point Restrictions)", recv.name(), out.CommandPoints, recv.CommandRating+mod))
		}
		leaderMA = out.Share.Times(recv.BasicMA)
	} else {
		out.Notes = append(out.Notes, "No leader, Union artillery or wagon: militia move only when stacked with a Union leader (002 4.2, 7.1)")
	}
	cpWhy := fmt.Sprintf("%s has %d CP for command rating %d", out.LeaderName, out.CommandPoints, out.CommandRating+out.RatingModifier)
	for _, u := range h.Units {
		a := UnitAllowance{Unit: u.ID, Name: u.name(), Allowance: Share{0, 1}}
		switch {
		case u.CannotMove != "":
			a.Why = u.CannotMove
			out.Units = append(out.Units, a)
			continue
		case u.Role == CommandMilitia && !(hasLeader && recv.Side == engine.USA):
			a.Why = "militia move only when stacked with a Union leader (002 4.2, 7.1)"
			out.Units = append(out.Units, a)
			continue // no minimum allowance either (7.1)
		case (u.Role == CommandWagon || u.Role == CommandArtillery) && u.ID != recv.ID:
			a.Allowance = leaderMA
			if six := (Share{6, 1}); six.Less(leaderMA) {
				a.Allowance = six
			}
			a.Why = fmt.Sprintf("stacked with %s (allowance %s): a wagon or the Union artillery has the leader's allowance, at most 6 (002 7.1 Wagons and Artillery)", recv.name(), leaderMA)
		case ok:
			a.Allowance = out.Share.Times(u.BasicMA)
			a.Full = out.Share.Num > 0 && out.Share.Num == out.Share.Den
			a.Why = fmt.Sprintf("%s: %s of the basic %d (002 7.1)", cpWhy, out.Share.Fraction(), u.BasicMA)
			if out.CommandPoints == 0 {
				a.Why = fmt.Sprintf("%s receives 0 CP: no unit of the hex may move (002 7.1 Command Point Restrictions)", out.LeaderName)
			}
		}
		if far && u.BasicMA > 0 {
			m := share(u.BasicMA, 2)
			if a.Allowance.Less(m) {
				a.Minimum = &m
				a.Why += fmt.Sprintf("; %s if it stays more than 6 hexes from every enemy unit all move, not to entrench nor to work on bridges or rail (002 7.1 Minimum Movement Allowance)", m)
			}
		}
		out.Units = append(out.Units, a)
	}
	return out
}
