package lrtg

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
)

// Extended marches without the group's Extended March Table (issue 21's
// fallback, move_extended.go), on the invented charts (inventedCharts, not
// the publisher's) less gcacw.extended-march: the move is accepted, each
// unit still rolls with every modifier the engine knows, and the total is
// the players' to read on their printed table, owed on the umpire's log.

// bareGame is extGame without the table (and without the group's
// modifiers when noMods).
func bareGame(t *testing.T, fatigue int, noMods bool) Game {
	t.Helper()
	g := extGame(t, fatigue, nil)
	g.Charts = cloneCharts(g.Charts)
	delete(g.Charts, SlotExtendedMarch)
	if noMods {
		delete(g.Charts, SlotExtendedMarchModifiers)
	}
	return g
}

// From fatigue 1 to 3 unexhausted (+0), Night +1 stated, die 4: total 5,
// read by the player; Hood unchanged but for the march's two levels; the
// log owes the reading.
func TestExtendedMarchWithoutTheTableRolls(t *testing.T) {
	g := bareGame(t, 1, false)
	n := len(g.UnitLog())
	after, mv, settled, dice := decideExt(t, g, extended(lee, 6, "Night"), 4)
	if !mv.Extended || mv.Fatigue != 2 || len(settled) != 1 || len(dice) != 1 {
		t.Fatalf("move %+v, %d settled, %d dice", mv, len(settled), len(dice))
	}
	s := settled[0]
	if !s.NoTable || s.Die != 4 || s.Total != 5 || s.Read() != 5 || s.Capped || s.Reading != nil || s.Roll != dice[0].Number || s.NoRoll != "" {
		t.Fatalf("settled %+v", s)
	}
	if len(s.Modifiers) != 2 || s.Modifiers[0] != (MarchModifierApplied{Code: MarchModFatigue, Value: 0}) ||
		s.Modifiers[1] != (MarchModifierApplied{Code: MarchModChart, Name: "Night", Value: 1, StatedBy: "player"}) {
		t.Errorf("modifiers %+v", s.Modifiers)
	}
	c := s.Change
	if s.Lost != 0 || c.ManpowerTo != c.ManpowerFrom || c.FatigueTo != c.FatigueFrom || c.Disorganized || s.Exhaust || len(s.ForUmpire) != 0 {
		t.Errorf("a result applied without the table: %+v", s)
	}
	if h := after.Units["csa.hood"].WithStatus(); h.Fatigue != 3 || h.Manpower != 15 || h.Status.Disorganized {
		t.Errorf("Hood after: %+v", h)
	}
	log := after.UnitLog()
	if len(log) == 0 || len(log) <= n {
		t.Fatalf("the log owes nothing: %+v", log)
	}
	en := log[len(log)-1]
	if en.Kind != LogMarchRead || en.Unit != "csa.hood" || en.Read != 5 || en.Capped || en.Roll != s.Roll || en.Side != engine.CSA || en.By != lee {
		t.Errorf("the log's entry %+v", en)
	}
	// Stored, it decodes the same (a new field, omitempty).
	b, err := json.Marshal(s)
	if err != nil || !strings.Contains(string(b), `"no_table":true`) {
		t.Fatalf("%s %v", b, err)
	}
	var back ExtendedMarchSettled
	if err := json.Unmarshal(b, &back); err != nil || !back.NoTable || back.Total != 5 {
		t.Errorf("decoded %+v %v", back, err)
	}
	// With the table, the field is not written.
	_, _, withTable, _ := decideExt(t, extGame(t, 1, nil), extended(lee, 6, "Night"), 4)
	if b, _ := json.Marshal(withTable[0]); strings.Contains(string(b), "no_table") || withTable[0].NoTable {
		t.Errorf("with the table: %s", b)
	}
}

// Exhausted to fatigue 3 (+2), Night +1, Heat +1, die 6: 10, read as 8
// (003's cap), and the log says 8.
func TestExtendedMarchWithoutTheTableCapped(t *testing.T) {
	g := bareGame(t, 1, false)
	g = edit(g, "csa.hood", func(u *engine.UnitState) { u.Status.Exhausted = true })
	g.Events.Rolled = append(g.Events.Rolled, RandomEventRolled{Turn: g.Turn, Outcome: RandomHeat})
	after, _, settled, _ := decideExt(t, g, extended(lee, 6, "Night"), 6)
	s := settled[0]
	if !s.NoTable || s.Total != 10 || !s.Capped || s.Read() != ExtendedMarchCap {
		t.Fatalf("settled %+v", s)
	}
	log := after.UnitLog()
	if en := log[len(log)-1]; en.Kind != LogMarchRead || en.Read != ExtendedMarchCap || !en.Capped {
		t.Errorf("the log's entry %+v", en)
	}
}

// At fatigue 2 unexhausted no die is rolled ("No roll necessary", 003):
// nothing to read, nothing owed.
func TestExtendedMarchWithoutTheTableNoRoll(t *testing.T) {
	g := bareGame(t, 0, false)
	n := len(g.UnitLog())
	after, _, settled, dice := decideExt(t, g, extended(lee, 6))
	if len(settled) != 1 || settled[0].NoRoll != MarchNoRollFatigue || settled[0].NoTable || len(dice) != 0 {
		t.Fatalf("settled %+v, %d dice", settled, len(dice))
	}
	for _, en := range after.UnitLog()[n:] {
		if en.Kind == LogMarchRead {
			t.Errorf("a march with no roll owes a reading: %+v", en)
		}
	}
}

// Without the group's modifiers either: the engine's own modifiers only,
// and a modifier the player names is refused (no slot lists it), nothing
// rolled; the umpire's own march rolls and owes nothing on his log.
func TestExtendedMarchWithoutTheTableOrModifiers(t *testing.T) {
	g := bareGame(t, 1, true)
	wantRule(t, g, extended(lee, 6, "Night"), "move.extended", "", "No extended march modifier is named Night", "lists none you state")
	_, _, settled, _ := decideExt(t, g, extended(lee, 6), 3)
	if s := settled[0]; !s.NoTable || s.Total != 3 || len(s.Modifiers) != 1 {
		t.Errorf("settled %+v", s)
	}
	n := len(g.UnitLog())
	after, _, mine, _ := decideExt(t, g, extended(ump, 6), 2)
	if len(mine) != 1 || !mine[0].NoTable || mine[0].Total != 2 || len(after.UnitLog()) != n {
		t.Errorf("the umpire's march: %+v, log %+v", mine, after.UnitLog()[n:])
	}
}

// In a hidden mode the die is the side's secret roll, table or not.
func TestExtendedMarchWithoutTheTableSecret(t *testing.T) {
	o := opts()
	o.LimitedIntel = true
	g := alGame(t, o, engine.CSA)
	g, _, _ = alActivate(t, g, lee, "csa.longstreet", allowanceChartLRTG(), 3)
	g.Charts = inventedCharts().Loaded
	g.Charts = cloneCharts(g.Charts)
	delete(g.Charts, SlotExtendedMarch)
	g = edit(g, "csa.hood", func(u *engine.UnitState) { u.Fatigue = 1 })
	_, _, settled, dice := decideExt(t, g, extended(lee, 6), 2)
	if len(dice) != 1 || dice[0].Secret != string(engine.CSA) || !settled[0].NoTable || settled[0].Secret != string(engine.CSA) {
		t.Fatalf("dice %+v, settled %+v", dice, settled)
	}
}

// LRTA without the table: 004's unit type modifier (+2 north of the
// Potomac) and no cap (004 says nothing of one): die 6, +0, +2 = 8... and
// with Night +1, 9, read as 9. /unit extended for Hill in the same
// action is refused (no second roll); the umpire may, with reason:.
func TestLRTAExtendedMarchWithoutTheTable(t *testing.T) {
	g := lrtaMoveGame(t)
	g.Turn = 5
	g.Sequence = engine.SequenceState{Step: "4a", Turn: g.Turn}
	g.Actions = ActionState{Turn: g.Turn, Step: "4a", Active: &Activation{Side: engine.CSA, By: lee, Kind: ActionActivate, Unit: "csa.hill"}}
	g.Charts = cloneCharts(inventedCharts().Loaded)
	delete(g.Charts, SlotExtendedMarch)
	g = edit(g, "csa.hill", func(u *engine.UnitState) { u.Fatigue = 1 })
	// /unit extended before the march: allowed, as before.
	if _, err := g.Decide(RollExtendedMarch{By: lee, Unit: "csa.hill", Data: lrtaMoveData()}, engine.Script(1)); err != nil {
		t.Fatalf("/unit extended before any /move: %v", err)
	}
	from := g.Units["csa.hill"].Hex
	cmd := marchCmd(lee, []engine.Hex{{Q: from.Q + 1, R: from.R}, {Q: from.Q + 2, R: from.R}}, "csa.hill")
	cmd.Data, cmd.Extended, cmd.MarchModifiers = lrtaMoveData(), true, []string{"Night"}
	after, _, settled, _ := decideExt(t, g, cmd, 6)
	s := settled[0]
	codes := map[string]int{}
	for _, m := range s.Modifiers {
		codes[m.Code] = m.Value
	}
	if !s.NoTable || codes[MarchModUnitType] != 2 || s.Total != 9 || s.Capped || s.Read() != 9 {
		t.Fatalf("settled %+v", s)
	}
	log := after.UnitLog()
	if en := log[len(log)-1]; en.Kind != LogMarchRead || en.Read != 9 || en.Unit != "csa.hill" {
		t.Errorf("the log's entry %+v", en)
	}
	_, err := after.Decide(RollExtendedMarch{By: lee, Unit: "csa.hill", Data: lrtaMoveData()}, engine.Script(2))
	var re *engine.RuleError
	if !errors.As(err, &re) || re.Code != "march.again" || !strings.Contains(re.Error(), "Hill's extended march was settled by its /move extended:true in this action") {
		t.Errorf("a second roll for Hill: %v", err)
	}
	if _, err := after.Decide(RollExtendedMarch{By: ump, Unit: "csa.hill", Data: lrtaMoveData(), Reason: "a second roll ruled"}, engine.Script(2)); err != nil {
		t.Errorf("the umpire's roll with reason: %v", err)
	}
	// Another unit, not marched by /move: /unit extended rolls as before.
	if _, err := after.Decide(RollExtendedMarch{By: lee, Unit: "csa.ewell", Data: lrtaMoveData()}, engine.Script(2)); err != nil {
		t.Errorf("Ewell: %v", err)
	}
}
