package lrtg

import (
	"errors"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
)

// Extended marches (move_extended.go) on the invented charts
// (inventedCharts, not the publisher's): the Extended March Table's
// Infantry column "2 or less" -, "3-5" 1, "6-7" 1D, "8 or more" 2D; the
// group's modifier Night +1 (player). Hood's allowance is 5 (priceGame);
// every hex of layerEast is Clear, 1 MP.

// extGame is priceGame with Hood at a fatigue level and the group's
// modifiers given (nil: the invented ones).
func extGame(t *testing.T, fatigue int, mods *engine.LoadedChart) Game {
	t.Helper()
	g := priceGame(t)
	g = edit(g, "csa.hood", func(u *engine.UnitState) { u.Fatigue = fatigue })
	if mods != nil {
		g.Charts = cloneCharts(g.Charts)
		g.Charts[SlotExtendedMarchModifiers] = mods
	}
	return g
}

func cloneCharts(m map[string]*engine.LoadedChart) map[string]*engine.LoadedChart {
	out := map[string]*engine.LoadedChart{}
	for k, v := range m {
		out[k] = v
	}
	return out
}

// extended is Hood's (and Longstreet's) march of n clear hexes east,
// extended, with the modifiers named.
func extended(by engine.Actor, n int, mods ...string) engine.MoveUnits {
	cmd := priced(layerEast(12, nil, nil), pathEast(n))
	cmd.By = by
	_, dis := testStrategicCharts()
	cmd.Data.StrategicDisorganization = dis
	cmd.Extended, cmd.MarchModifiers = true, mods
	return cmd
}

// decideExt decides a move and splits its events.
func decideExt(t *testing.T, g Game, cmd engine.MoveUnits, faces ...int) (Game, *engine.UnitsMoved, []*ExtendedMarchSettled, []*engine.DiceRolled) {
	t.Helper()
	evs, err := g.Decide(cmd, engine.Script(faces...))
	if err != nil {
		t.Fatalf("%v", err)
	}
	var mv *engine.UnitsMoved
	var settled []*ExtendedMarchSettled
	var dice []*engine.DiceRolled
	for _, e := range evs {
		switch e := e.(type) {
		case *engine.UnitsMoved:
			mv = e
		case *ExtendedMarchSettled:
			settled = append(settled, e)
		case *engine.DiceRolled:
			dice = append(dice, e)
		}
		g = g.Apply(e)
	}
	return g, mv, settled, dice
}

// Past the allowance: two fatigue levels, the extension's length on the
// player's word without gcacw.extended-march-settings, and at fatigue 2
// unexhausted no roll ("No roll necessary", 003).
func TestExtendedMarchNoRollAtFatigueTwo(t *testing.T) {
	g := extGame(t, 0, nil)
	wantRule(t, g, priced(layerEast(12, nil, nil), pathEast(6)), "move.allowance", "", "Hood has 5 movement points", "add extended:true")
	after, mv, settled, dice := decideExt(t, g, extended(lee, 6))
	if !mv.Extended || mv.Fatigue != 2 || mv.Extension != 0 || mv.MP != 6 {
		t.Fatalf("the march: %+v", mv)
	}
	if len(settled) != 1 || settled[0].NoRoll != MarchNoRollFatigue || settled[0].Fatigue != 2 || len(dice) != 0 {
		t.Fatalf("settled %+v, dice %d", settled, len(dice))
	}
	if h := after.Units["csa.hood"]; h.Fatigue != 2 || h.Manpower != 15 {
		t.Errorf("Hood after: %+v", h)
	}
	if after.Units["csa.longstreet"].Fatigue != 0 {
		t.Error("a leader gained fatigue")
	}
	// Any length: the player's word.
	if _, mv, _, _ := decideExt(t, g, extended(lee, 11)); mv.MP != 11 {
		t.Errorf("a long extension: %+v", mv)
	}
}

// From fatigue 1 to 3 (unexhausted: 0): die 4, Night +1 stated, 5: row
// 3-5, Infantry: 1 manpower lost (non-combat: no VP; 30.1).
func TestExtendedMarchRollsAndApplies(t *testing.T) {
	g := extGame(t, 1, nil)
	after, mv, settled, dice := decideExt(t, g, extended(lee, 6, "night"), 4)
	if len(mv.Stated) != 1 || mv.Stated[0] != "Night" {
		t.Fatalf("stated %v", mv.Stated)
	}
	if len(settled) != 1 || len(dice) != 1 {
		t.Fatalf("settled %d, dice %d", len(settled), len(dice))
	}
	s := settled[0]
	if s.Die != 4 || s.Roll != dice[0].Number || s.Total != 5 || s.Capped || s.Reading == nil || s.Reading.Row != "3-5" || s.Reading.Column != "Infantry" || s.Reading.Cell != "1" {
		t.Fatalf("settled %+v (%+v)", s, s.Reading)
	}
	if len(s.Modifiers) != 2 || s.Modifiers[0] != (MarchModifierApplied{Code: MarchModFatigue, Value: 0}) ||
		s.Modifiers[1] != (MarchModifierApplied{Code: MarchModChart, Name: "Night", Value: 1, StatedBy: "player"}) {
		t.Errorf("modifiers %+v", s.Modifiers)
	}
	if h := after.Units["csa.hood"]; h.Fatigue != 3 || h.Manpower != 14 || s.Lost != 1 || s.Change.ManpowerFrom != 15 {
		t.Errorf("Hood after: %d MP, fatigue %d (%+v)", h.Manpower, h.Fatigue, s)
	}
	if _, total := after.VPTotals(); total != 0 {
		t.Errorf("an extended march's loss scored %d VP", total)
	}
}

// Exhausted, to fatigue 3 (+2), Night +1, Heat +1, die 6: 10, read as 8
// (003): "8 or more", 2D: 2 lost and disorganized. Optional rule 30
// counts the loss as stragglers (30.1).
func TestExtendedMarchCapAndHeat(t *testing.T) {
	g := extGame(t, 1, nil)
	g = edit(g, "csa.hood", func(u *engine.UnitState) { u.Status.Exhausted = true })
	g.Events.Rolled = append(g.Events.Rolled, RandomEventRolled{Turn: g.Turn, Outcome: RandomHeat})
	g.Options.Optional = append(g.Options.Optional, 30)
	after, _, settled, _ := decideExt(t, g, extended(lee, 6, "Night"), 6)
	s := settled[0]
	if s.Total != 10 || !s.Capped || s.Reading.Total != ExtendedMarchCap || s.Reading.Row != "8 or more" || s.Reading.Cell != "2D" {
		t.Fatalf("settled %+v %+v", s, s.Reading)
	}
	codes := map[string]int{}
	for _, m := range s.Modifiers {
		codes[m.Code] += m.Value
	}
	if codes[MarchModFatigue] != 2 || codes[MarchModHeat] != HeatMarchModifier || codes[MarchModChart] != 1 {
		t.Errorf("modifiers %+v", s.Modifiers)
	}
	h := after.Units["csa.hood"].WithStatus()
	if h.Manpower != 13 || !h.Status.Disorganized || h.Fatigue != 3 {
		t.Errorf("Hood after: %+v", h)
	}
	if after.Segment.Stragglers["csa.hood"] != 2 {
		t.Errorf("stragglers %v", after.Segment.Stragglers)
	}
}

// The refusals, each with every problem at once, and nothing rolled.
func TestExtendedMarchRefusals(t *testing.T) {
	// Within the allowance it is no extended march.
	g := extGame(t, 0, nil)
	wantRule(t, g, extended(lee, 4), "move.extended", "", "Hood has 5 movement points in this action and this march costs 4 MP: it is no extended march")
	// Fatigue 3: two more levels go above 4 (17.1's limit).
	wantRule(t, extGame(t, 3, nil), extended(lee, 6), "move.fatigue", "17.1", "Hood (fatigue 3) would go above fatigue 4")
	// Modifiers: one the table does not list, one the umpire states, and
	// out of supply, which the engine works out.
	mods := lc([]string{"value", "stated by"}, []string{"Night", "+1", "player"}, []string{"Mud", "+2", "umpire"}, []string{"Out of supply", "+1", "umpire"})
	ug := extGame(t, 1, mods)
	re := wantRule(t, ug, extended(lee, 6, "Fog", "mud", "Out of supply"), "move.extended", "", "3 problems",
		"No extended march modifier is named Fog", "The modifiers you state: Night", "Mud: the umpire states it", "Out of supply: the umpire works it out")
	if strings.Contains(re.Error(), "Mud, ") {
		t.Errorf("the umpire's modifier offered to the player: %s", re.Error())
	}
	// march_modifiers without extended, and extended on a rail move.
	plain := extended(lee, 6, "Night")
	plain.Extended = false
	if _, err := g.Decide(plain, engine.Script()); !errors.Is(err, engine.ErrInvalid) || !strings.Contains(err.Error(), "Add extended:true") {
		t.Errorf("modifiers without extended: %v", err)
	}
	rail := extended(lee, 6)
	rail.Mode, rail.Path = MoveRail, nil
	if _, err := g.Decide(rail, engine.Script()); !errors.Is(err, engine.ErrInvalid) || !strings.Contains(err.Error(), "for a march") {
		t.Errorf("extended by rail: %v", err)
	}
	// The umpire's placement (to: alone) is no march to extend.
	place := mv(ump, at(5, 5), "csa.hood")
	place.Extended = true
	wantRule(t, g, place, "move.extended", "", "this move is a placement")
	// A kind the table has no column for.
	art := extGame(t, 1, nil)
	art = edit(art, "csa.hood", func(u *engine.UnitState) { u.Kind = engine.KindArtillery })
	wantRule(t, art, extended(lee, 6), "move.extended", "", "no column for Hood (artillery)", "Its columns: Infantry, Cavalry")
}

// The umpire states his modifiers; the engine states out of supply (a
// unit without victuals).
func TestExtendedMarchUmpireAndSupplyModifiers(t *testing.T) {
	mods := lc([]string{"value", "stated by"}, []string{"Mud", "+2", "umpire"}, []string{"Out of supply", "+1", "umpire"})
	g := extGame(t, 1, mods)
	g.Records.Victuals = map[string]int{"csa.hood": 0}
	_, mv, settled, _ := decideExt(t, g, extended(ump, 6, "Mud"), 1)
	s := settled[0]
	if len(mv.Stated) != 1 || s.Total != 1+0+2+1 || s.Reading.Row != "3-5" {
		t.Fatalf("settled %+v", s)
	}
	if m := s.Modifiers[1:]; len(m) != 2 || m[0].Name != "Mud" || m[0].StatedBy != "umpire" || m[1].Code != MarchModOutOfSupply || m[1].Value != 1 {
		t.Errorf("modifiers %+v", s.Modifiers)
	}
}

// gcacw.extended-march-settings bounds the extension: Infantry 3, so
// Hood goes 5 + 3 = 8 MP and no further.
func TestExtendedMarchBoundedBySettings(t *testing.T) {
	g := extGame(t, 1, nil)
	g.Charts = cloneCharts(g.Charts)
	g.Charts[SlotExtendedMarchSettings] = lc([]string{"extra MP"}, []string{"Infantry", "3"})
	if _, mv, _, _ := decideExt(t, g, extended(lee, 8), 1); mv.Extension != 3 || mv.MP != 8 {
		t.Errorf("8 MP: %+v", mv)
	}
	wantRule(t, g, extended(lee, 9), "move.allowance", "", "Hood has 5 movement points in this action and 3 MP more extended; this march costs 9 MP", "gcacw.extended-march-settings")
}

// In a hidden mode the die is the side's secret roll; the enemy's count
// is not moved.
func TestExtendedMarchSecretInHiddenModes(t *testing.T) {
	o := opts()
	o.LimitedIntel = true
	g := alGame(t, o, engine.CSA)
	g, _, _ = alActivate(t, g, lee, "csa.longstreet", allowanceChartLRTG(), 3)
	g.Charts = inventedCharts().Loaded
	g = edit(g, "csa.hood", func(u *engine.UnitState) { u.Fatigue = 1 })
	_, _, settled, dice := decideExt(t, g, extended(lee, 6), 2)
	if len(dice) != 1 || dice[0].Secret != string(engine.CSA) || settled[0].Secret != string(engine.CSA) {
		t.Fatalf("dice %+v, settled %+v", dice, settled)
	}
}

// In a hidden mode an extended march an unseen enemy stops on the way is
// spent as made: its two levels and its roll stand (the extension was
// declared; the roll tells nothing of the enemy).
func TestExtendedMarchStoppedByAnUnseenEnemy(t *testing.T) {
	for name, o := range hiddenModes() {
		t.Run(name, func(t *testing.T) {
			g := marchGame(t, o)
			g.Charts = inventedCharts().Loaded
			g = edit(g, "usa.barnes", func(u *engine.UnitState) { u.Hex = engine.Hex{Q: 3, R: 0} })
			g = edit(g, "csa.hood", func(u *engine.UnitState) { u.Fatigue = 1 })
			if o.Intel == engine.IntelDoubleBlind {
				g.Options.Sighting = 1
			}
			cmd := marchCmd(lee, pathEast(5), "csa.hood", "csa.longstreet")
			_, dis := testStrategicCharts()
			cmd.Data = &engine.MoveData{StrategicDisorganization: dis}
			cmd.Extended = true
			evs, err := g.Decide(cmd, engine.Script(2))
			if err != nil {
				t.Fatalf("refused: %v", err)
			}
			e := evs[0].(*engine.UnitsMoved)
			if e.Stopped != MoveStoppedPath || e.Fatigue != 2 || !e.Extended || len(evs) != 3 {
				t.Fatalf("%+v (%d events)", e, len(evs))
			}
			s, ok := evs[2].(*ExtendedMarchSettled)
			if !ok || s.Secret != string(engine.CSA) || s.Fatigue != 3 || s.Die != 2 {
				t.Fatalf("settled %+v", evs[2])
			}
			noEnemyIn(t, "the events", strings.ReplaceAll(eventText(t, evs), `"contact"`, ""), withoutHex(g.Units["usa.barnes"]))
		})
	}
}

// LRTA: 004's unit type modifier (Confederate infantry north of the
// Potomac, +2 before a Rest & Refit proposal) and no cap at 8 (004 says
// nothing of one): die 6, +0 to fatigue 3, +2, Night +1 = 9, read as 9 on
// the table's open last row.
func TestLRTAExtendedMarchUnitTypeAndNoCap(t *testing.T) {
	g := lrtaMoveGame(t)
	g.Turn = 5
	g.Sequence = engine.SequenceState{Step: "4a", Turn: g.Turn}
	g.Actions = ActionState{Turn: g.Turn, Step: "4a", Active: &Activation{Side: engine.CSA, By: lee, Kind: ActionActivate, Unit: "csa.hill"}}
	g.Charts = inventedCharts().Loaded
	g = edit(g, "csa.hill", func(u *engine.UnitState) { u.Fatigue = 1 })
	from := g.Units["csa.hill"].Hex
	cmd := marchCmd(lee, []engine.Hex{{Q: from.Q + 1, R: from.R}, {Q: from.Q + 2, R: from.R}}, "csa.hill")
	cmd.Data, cmd.Extended, cmd.MarchModifiers = lrtaMoveData(), true, []string{"Night"}
	_, mv, settled, _ := decideExt(t, g, cmd, 6)
	if mv.Fatigue != 2 || len(settled) != 1 {
		t.Fatalf("%+v, %d settled", mv, len(settled))
	}
	s := settled[0]
	codes := map[string]int{}
	for _, m := range s.Modifiers {
		codes[m.Code] = m.Value
	}
	if codes[MarchModUnitType] != 2 || codes[MarchModFatigue] != 0 || s.Total != 9 || s.Capped || s.Reading.Total != 9 || s.Reading.Row != "8 or more" {
		t.Errorf("settled %+v, reading %+v", s, s.Reading)
	}
}

// An extended march cannot be undone: the undo is one level, so it would
// take back the last unit's result alone and let the march roll again;
// the umpire corrects with /unit set instead.
func TestExtendedMarchIsNotUndone(t *testing.T) {
	g := extGame(t, 1, nil)
	after, _, settled, _ := decideExt(t, g, extended(lee, 6, "night"), 4)
	if len(settled) != 1 {
		t.Fatalf("settled %d", len(settled))
	}
	if after.CanUndo() {
		t.Fatal("an extended march whose dice are rolled can still be undone")
	}
	_, err := after.Decide(engine.UndoLast{By: ump, Reason: "wrong march"}, engine.Script())
	if !errors.Is(err, engine.ErrIllegal) {
		t.Fatalf("undo after an extended march: %v", err)
	}
	if h := after.Units["csa.hood"]; h.Manpower != 14 || h.Fatigue != 3 {
		t.Errorf("Hood after: %d MP, fatigue %d", h.Manpower, h.Fatigue)
	}
	// With no roll ("No roll necessary") the settlement still closes the
	// undo: taking it back alone would leave the march.
	plain, _, none, _ := decideExt(t, extGame(t, 0, nil), extended(lee, 6))
	if len(none) != 1 || none[0].NoRoll == "" || plain.CanUndo() {
		t.Errorf("a march with no roll: settled %+v, undoable %v", none, plain.CanUndo())
	}
}

// An extension declared but never reached: an unseen enemy stops the
// march after 3 clear hexes (3 MP), within Hood's allowance of 5, so it
// was an ordinary march: one fatigue level, no roll, no modifiers kept.
func TestExtendedMarchStoppedWithinTheAllowance(t *testing.T) {
	g := alGame(t, hiddenModes()["limited"], engine.CSA)
	g, _, _ = alActivate(t, g, lee, "csa.longstreet", allowanceChartLRTG(), 3)
	if mp, ok := g.AllowanceOf("csa.hood"); !ok || mp != 5 {
		t.Fatalf("Hood's allowance %d %v", mp, ok)
	}
	g.Charts = inventedCharts().Loaded
	g = edit(g, "usa.barnes", func(u *engine.UnitState) { u.Hex, u.OnMap = engine.Hex{Q: 4, R: 0}, true })
	after, mv, settled, dice := decideExt(t, g, extended(lee, 6, "night"))
	if mv.Stopped != MoveStoppedPath || mv.Hexes != 3 || mv.MP != 3 {
		t.Fatalf("the march: %+v", mv)
	}
	if mv.Extended || mv.Fatigue != MarchFatigue || len(mv.Stated) != 0 || len(settled) != 0 || len(dice) != 0 {
		t.Errorf("an extension never reached: extended %v, fatigue %d, stated %v, %d settled, %d dice", mv.Extended, mv.Fatigue, mv.Stated, len(settled), len(dice))
	}
	if h := after.Units["csa.hood"]; h.Fatigue != 1 || h.Hex != (engine.Hex{Q: 3, R: 0}) {
		t.Errorf("Hood after: fatigue %d at %v", h.Fatigue, h.Hex)
	}
}
