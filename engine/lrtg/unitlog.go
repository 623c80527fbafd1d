package lrtg

import (
	"fmt"
	"slices"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// The umpire's unit log (issue 19, "Trust"). A player changes his own
// units by hand where the engine cannot check the change against the
// rules: /unit set (manpower, fatigue, a status), /unit mark, /unit
// eliminate, a printed combat result he applies to them (/battle result),
// and a move the engine cannot tie to an action of his. In a
// hidden game those are answered to him alone, so the umpire would never
// know. Every such change is folded into the log below, with the cause or
// reason the player gave; the bot posts each entry on the umpire's
// private channel and lists the log with /unit log (umpire only). The
// design's rule: "What no loaded data can decide is taken on the player's
// word: recorded with the command and shown to the umpire, never
// silently."
//
// Raising a unit's manpower or entrenchment is refused to a player
// without a cause the rules allow (ManpowerGainCauses, EntrenchCauses);
// the umpire may raise it without one, with a reason.

// GainCause is a cause the rules give for raising a unit's manpower or
// entrenchment, and where they give it.
type GainCause struct {
	Name string
	Rule string
	// Misfit says why the cause cannot be this raise's (a side, a game or
	// an optional rule it belongs to, a size it cannot exceed), or "" when
	// it can: what the engine can check of a cause, it checks.
	Misfit func(g Game, u engine.UnitState, gain int) string
}

func unionOnly(_ Game, u engine.UnitState, _ int) string {
	if u.Side != engine.USA {
		return "it gives Union units manpower only"
	}
	return ""
}

// variantMisfit is the Misfit of a cause a variant plays differently: the
// variant's check (lrtgVariant.manpowerMisfits), else LRTG's.
func variantMisfit(cause string, lrtg func(g Game, u engine.UnitState, gain int) string) func(g Game, u engine.UnitState, gain int) string {
	return func(g Game, u engine.UnitState, gain int) string {
		if f, ok := g.variant().manpowerMisfits[cause]; ok {
			return f(g, u, gain)
		}
		return lrtg(g, u, gain)
	}
}

// ManpowerGainCauses are the causes of a manpower gain. Where the game
// runs the sequence of play the engine applies most of them itself (the
// Halleck event, Raw Recruits, stragglers, Meade's reorganization,
// attachments); a player who records one by hand names it, and the umpire
// reads it on his log.
var ManpowerGainCauses = []GainCause{
	{"reinforcement", "LRTG random event 5, Halleck Interferes: +1 manpower to Union units in DC or Baltimore",
		func(g Game, u engine.UnitState, gain int) string {
			if m := unionOnly(g, u, gain); m != "" {
				return m
			}
			if gain > 1 {
				return "it gives a unit 1 manpower"
			}
			return ""
		}},
	{"recruits", "LRTA random event Raw Recruits (004): manpower to Union infantry in resupply range",
		variantMisfit("recruits", func(Game, engine.UnitState, int) string {
			return "it is an LRTA random event" // LRTG has no Raw Recruits
		})},
	{"stragglers", "LRTG optional rule 30.2: a 5 or 6 restores a straggler's loss to its parent unit",
		func(g Game, _ engine.UnitState, _ int) string {
			if !g.optional(30) {
				return "this game does not use optional rule 30 (Stragglers)"
			}
			return ""
		}},
	{"reorganization", "LRTG 16.2 8) g), h): Price's and Kilpatrick's manpower dispersed; LRTA's corps reorganizations (004)",
		variantMisfit("reorganization", unionOnly)}, // Price and Kilpatrick are Union
	{"attachment", "LRTG 7.2, 18.3: an attaching unit's manpower is added to the unit it joins", nil},
}

// EntrenchCauses are the causes of a raised entrenchment.
var EntrenchCauses = []GainCause{
	{"entrench", "the unit entrenches in its action (the Standardized Rules; LRTG 27.1 and random event 7 say who may not)", nil},
	{"attachment", "LRTG 7.2: a unit that attaches to an entrenched unit is entrenched", nil},
	{"detachment", "LRTG 7.1: a substitute detached in its parent's hex takes the parent's entrenchment marker", nil},
}

func causeNames(cs []GainCause) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.Name
	}
	return out
}

// CauseNames lists the names of causes, e.g. for autocomplete.
func CauseNames(cs []GainCause) []string { return causeNames(cs) }

func causeList(cs []GainCause) string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.Name + ": " + c.Rule
	}
	return strings.Join(out, "; ")
}

// checkGain settles the cause of a raise of a unit's field (manpower or
// entrenchment) from one level to a higher one: a player names a cause
// the rules allow; the umpire names one, or gives a reason to set the
// rules aside. Nothing else is accepted, so nothing is recorded.
func (g Game) checkGain(cmd engine.SetUnit, u engine.UnitState, field string, gain int, causes []GainCause) error {
	cause := strings.ToLower(strings.TrimSpace(cmd.Cause))
	if cause != "" {
		if !engine.Contains(causeNames(causes), cause) {
			return engine.Invalid("unit.cause", fmt.Sprintf("%q is not a cause the rules give for raising %s", cmd.Cause, field),
				"Causes: "+causeList(causes))
		}
		for _, c := range causes {
			if c.Name != cause || c.Misfit == nil {
				continue
			}
			if why := c.Misfit(g, u, gain); why != "" && !(g.IsUmpire(cmd.By) && strings.TrimSpace(cmd.Reason) != "") {
				return engine.Illegal("unit.cause", fmt.Sprintf("%s cannot raise %s's %s by %d: %s (%s)", cause, u.Name, field, gain, why, c.Rule),
					"Name the cause that raised it; anything else is the umpire's to rule")
			}
		}
		return nil
	}
	if g.IsUmpire(cmd.By) {
		if strings.TrimSpace(cmd.Reason) == "" {
			return engine.Illegal("unit.cause", fmt.Sprintf("Raising %s's %s needs a cause the rules allow, or the umpire's reason", u.Name, field),
				"Add cause:<"+strings.Join(causeNames(causes), "|")+">, or reason:<why> to set the rules aside")
		}
		return nil
	}
	return engine.Illegal("unit.cause", fmt.Sprintf("A player raises a unit's %s only for a cause the rules allow", field),
		"Add cause:<"+strings.Join(causeNames(causes), "|")+">. The causes: "+causeList(causes)+". Anything else is the umpire's to rule")
}

// Unchecked moves: why the engine could not tie a player's move to an
// action of his (UnitsMoved.Unchecked).
const (
	// MoveNoStep: no step of the sequence of play is under way (a game
	// played without /phase next), so no action is known.
	MoveNoStep = "no-step"
	// MoveNoCycle: steps 4a/4b, but the action cycle was not begun.
	MoveNoCycle = "no-cycle"
	// MoveRetreat: a retreat or rout (LRTG 9.3), whose path is the
	// player's.
	MoveRetreat = "retreat"
)

// moveUnchecked says why a player's move of units on the map is outside
// what the engine can check against his action ("" when it can, for the
// umpire, and for units entering the map, which checkReinforcements
// settles).
func (g Game) moveUnchecked(cmd engine.MoveUnits) string {
	if g.IsUmpire(cmd.By) {
		return ""
	}
	var onMap []string
	for _, id := range cmd.Units {
		if u, ok := g.Units[id]; ok && u.OnMap && !u.Eliminated {
			onMap = append(onMap, id)
		}
	}
	if len(onMap) == 0 {
		return ""
	}
	step := g.CurrentStep()
	switch {
	case step == "":
		return MoveNoStep
	case step == "4a" || step == "4b":
		a, ok := g.cycle()
		if !ok {
			return MoveNoCycle
		}
		for _, id := range onMap {
			if !slices.Contains(a.Retreats, id) {
				return ""
			}
		}
		return MoveRetreat
	}
	return ""
}

// Unit log entry kinds.
const (
	LogSet       = "set"
	LogMark      = "mark"
	LogEliminate = "eliminate"
	LogMove      = "move"
	LogCombat    = "combat" // a printed combat result a player applied to his own units
	// LogStated: the modifiers a player stated for a battle /attack
	// settles, and how his disorganized units count when the chart does
	// not say (attack.go): his word.
	LogStated = "stated"
	// LogOwed: letters of a battle's result the loaded chart leaves to
	// the umpire (attack_codes.go), on his log until he rules; LogRuled:
	// what he recorded he decided (Letters, Reason his note).
	LogOwed  = "owed"
	LogRuled = "ruled"
	// LogMarchRead: an extended march rolled without an Extended March
	// Table loaded (move_extended.go, NoTable): the player reads Read on
	// his printed table and applies the result with /unit set, his word.
	LogMarchRead = "march-read"
)

// UnitLogEntry is one change a player made to a unit of his, as the
// events recorded it: facts only, the words are the bot's.
type UnitLogEntry struct {
	N    int    // 1, 2, ... in the game
	Kind string // LogSet, LogMark, LogEliminate, LogMove
	By   engine.Actor
	Side engine.Side // the player's side
	Turn int
	Step string // the step of the sequence of play, "" when none
	Unit string
	// LogSet: the field and its levels (status.go); Cause as given.
	Field    string
	From, To int
	// LogCombat: the printed result (Field "manpower", From and To its
	// manpower) and where it was fought.
	Result, Battle string
	// LogMark: the mark put on (or taken off).
	Mark string
	Off  bool
	// LogMove: from where to where (printed hexes, or a track), the mode,
	// and why the engine could not check it (MoveNoStep, ...).
	FromRef, ToRef string
	Mode           string
	Unchecked      string
	// A march (move_path.go): the hexes entered in order, the steps whose
	// movement points the engine could not price, and the rule of an
	// unseen enemy that stopped it, with the whole path given and the hex
	// it could not enter.
	Path     []engine.Hex
	Unpriced int
	Steps    []engine.MarchStep // priced on the player's word, or in part (move_stated.go, move_price.go)
	Refs     []string           // the hexes as he named them (UnitsMoved.Refs)
	Stopped  string
	Planned  []engine.Hex
	Contact  *engine.Hex
	With     []string // a march: the stack's other units
	// An extended march (move_extended.go) whose length is the player's
	// word (no gcacw.extended-march-settings: Extension 0), and the
	// modifiers of its roll he stated.
	Extended    bool
	Extension   float64
	MarchStated []string
	// LogMarchRead: the total to read (the cap applied), whether LRTG's
	// cap read it so, and the roll's number and stream (Secret).
	Read          int
	Capped        bool
	Roll          int64
	Secret        string
	Cause, Reason string
	// LogStated: the battle's number, the role, the modifiers stated and
	// the word on disorganized units (Unit is empty).
	Attack       int
	Role         string
	Stated       []StatedModifier
	Disorganized string
	// LogOwed, LogRuled: the letters; For, the side whose result
	// carries them (Attack and Role too).
	Letters []string
	For     engine.Side
	// Undone: the umpire took the change back (/game undo).
	Undone bool
}

// UnitLogState is the log of a game.
type UnitLogState struct {
	Entries []UnitLogEntry
}

// UnitLog is the umpire's log of the players' unchecked changes.
func (g Game) UnitLog() []UnitLogEntry { return g.PlayerLog.Entries }

// MayLogUnitChange reports whether e is of a kind the unit log records
// (whether it does depends on who gave it).
func MayLogUnitChange(e engine.Event) bool {
	switch e.(type) {
	case *engine.UnitSet, *engine.UnitMarked, *engine.UnitEliminated, *engine.UnitsMoved, *CombatApplied, *AttackDeclared, *AttackAnswered, *AttackRuled:
		return true
	case *ExtendedMarchSettled:
		return e.(*ExtendedMarchSettled).NoTable
	}
	return false
}

// logUnitChange folds e's unchecked player changes into next's log (g is
// the state before e). An undo keeps the log and marks what it took back.
func (next Game) logUnitChange(g Game, e engine.Event) Game {
	if u, ok := e.(*engine.Undone); ok && u != nil {
		kept := len(next.PlayerLog.Entries) // the log before the action undone
		if kept >= len(g.PlayerLog.Entries) {
			next.PlayerLog = g.PlayerLog
			return next
		}
		entries := slices.Clone(g.PlayerLog.Entries)
		for i := kept; i < len(entries); i++ {
			entries[i].Undone = true
		}
		next.PlayerLog = UnitLogState{Entries: entries}
		return next
	}
	var add []UnitLogEntry
	entry := func(by engine.Actor, unit string) UnitLogEntry {
		en := UnitLogEntry{By: by, Turn: g.Turn, Step: g.CurrentStep(), Unit: unit}
		if p := g.Player(by.ID); p != nil {
			en.Side = p.Side
		}
		return en
	}
	switch e := e.(type) {
	case *engine.UnitSet:
		if g.IsUmpire(e.By) {
			break
		}
		en := entry(e.By, e.Unit)
		en.Kind, en.Field, en.From, en.To, en.Cause, en.Reason = LogSet, e.Field, e.From, e.To, e.Cause, e.Reason
		add = append(add, en)
	case *engine.UnitMarked:
		if g.IsUmpire(e.By) {
			break
		}
		en := entry(e.By, e.Unit)
		en.Kind, en.Mark, en.Off, en.Reason = LogMark, e.Mark, e.Off, e.Reason
		add = append(add, en)
	case *engine.UnitEliminated:
		if g.IsUmpire(e.By) {
			break
		}
		en := entry(e.By, e.Unit)
		en.Kind, en.Reason = LogEliminate, e.Reason
		add = append(add, en)
	case *CombatApplied:
		// A battle /attack settled is the umpire's; the letters its
		// chart leaves to him go on his log (attack_codes.go).
		for _, o := range owedOf(e) {
			en := entry(e.By, "")
			en.Side = "" // the umpire's entry, whoever answered the battle
			en.Kind, en.Attack, en.Role, en.Letters, en.For, en.Battle = LogOwed, o.Battle, o.Role, o.Letters, o.Side, e.Battle
			add = append(add, en)
		}
		// The printed result is the player's reading of a chart the
		// engine may not hold (docs/combat-results.md).
		if g.IsUmpire(e.By) || e.Attack != 0 { // a battle /attack settled: the umpire's
			break
		}
		for _, s := range e.Sides {
			for _, c := range s.Units {
				en := entry(e.By, c.Unit)
				en.Kind, en.Field, en.From, en.To = LogCombat, "manpower", c.ManpowerFrom, c.ManpowerTo
				en.Result, en.Battle, en.Reason = s.Result.String(), e.Battle, e.Reason
				add = append(add, en)
			}
		}
	case *AttackDeclared:
		if g.IsUmpire(e.Battle.By) {
			break
		}
		en := entry(e.Battle.By, "")
		en.Kind, en.Attack, en.Role, en.Stated, en.Disorganized, en.Battle = LogStated, e.Battle.N, Attacker, e.Battle.Stated, e.Battle.Disorganized, e.Battle.Ref
		add = append(add, en)
	case *AttackRuled:
		en := entry(e.By, "")
		en.Side = ""
		en.Kind, en.Attack, en.Letters, en.Reason = LogRuled, e.N, e.Letters, e.Note
		add = append(add, en)
	case *AttackAnswered:
		if g.IsUmpire(e.By) || e.Default {
			break
		}
		en := entry(e.By, "")
		en.Kind, en.Attack, en.Role, en.Stated, en.Disorganized = LogStated, e.N, Defender, e.Stated, e.Disorganized
		if b, ok := g.Attacks.Battle(e.N); ok {
			en.Battle = b.Ref
		}
		add = append(add, en)
	case *engine.UnitsMoved:
		add = append(add, g.moveLogEntries(e, entry)...) // a march on the player's word
	case *ExtendedMarchSettled:
		// No Extended March Table loaded: the result is the player's
		// reading of his printed table (move_extended.go).
		if !e.NoTable || g.IsUmpire(e.By) {
			break
		}
		en := entry(e.By, e.Unit)
		en.Kind, en.Read, en.Capped, en.Roll, en.Secret = LogMarchRead, e.Read(), e.Capped, e.Roll, e.Secret
		add = append(add, en)
	}
	if len(add) == 0 {
		return next
	}
	entries := slices.Clip(next.PlayerLog.Entries)
	for _, en := range add {
		en.N = len(entries) + 1
		entries = append(entries, en)
	}
	next.PlayerLog = UnitLogState{Entries: entries}
	return next
}

// moveLogEntries are the log's entries for a move (g is the state before
// it): one for a march's stack, one a unit for any other move.
func (g Game) moveLogEntries(e *engine.UnitsMoved, entry func(engine.Actor, string) UnitLogEntry) []UnitLogEntry {
	var add []UnitLogEntry
	// A march the engine could not price in full (no cost chart or
	// terrain layer: move_path.go; steps priced on the player's
	// stated terrain, or in part: move_stated.go) goes on the log
	// with its whole path, as does one an unseen enemy stopped. So
	// does an extended march on the player's word: its length (no
	// gcacw.extended-march-settings) or the modifiers he stated.
	onWord := e.Extended && (e.Extension == 0 || len(e.Stated) > 0)
	if e.Unchecked == "" && e.Unpriced == 0 && len(e.Steps) == 0 && e.Stopped != MoveStoppedPath && !onWord || g.IsUmpire(e.By) {
		return nil
	}
	units := e.Units
	march := len(e.Path) > 0 || e.Stopped == MoveStoppedPath
	if march && len(units) > 0 {
		units = units[:1] // one entry for the stack: it moved from one hex
	}
	for _, id := range units {
		u := g.Units[id]
		en := entry(e.By, id)
		en.Kind, en.ToRef, en.Mode, en.Unchecked = LogMove, e.Ref, e.Mode, e.Unchecked
		en.Path, en.Unpriced, en.Stopped = slices.Clone(e.Path), e.Unpriced, e.Stopped
		en.Planned, en.Contact = slices.Clone(e.Planned), e.Contact
		en.Steps, en.Refs = slices.Clone(e.Steps), slices.Clone(e.Refs)
		en.Extended, en.Extension, en.MarchStated = e.Extended, e.Extension, slices.Clone(e.Stated)
		if march {
			en.With = slices.Clone(e.Units[1:])
		}
		en.FromRef = u.Ref
		if !u.OnMap {
			en.FromRef = strings.TrimSpace(fmt.Sprintf("%s %d", u.Track, u.Slot))
		}
		add = append(add, en)
	}
	return add
}
