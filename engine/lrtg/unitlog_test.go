package lrtg

import (
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
)

// A player's raise of manpower or entrenchment needs a cause the rules
// allow; without one it is refused, records nothing, and the refusal
// lists the causes. The umpire raises without a cause only with a reason.
func TestGainNeedsCause(t *testing.T) {
	g := statusGame(t, opts())
	_, err := g.Decide(engine.SetUnit{By: lee, Unit: "csa.hood", Field: "manpower", Value: 30}, engine.Script())
	re := ruleErr(t, err, engine.ErrIllegal, "unit.cause")
	for _, c := range ManpowerGainCauses {
		if !strings.Contains(re.Hint, c.Name) {
			t.Errorf("the refusal does not list %s: %s", c.Name, re.Hint)
		}
	}
	_, err = g.Decide(engine.SetUnit{By: lee, Unit: "csa.hood", Field: "manpower", Value: 30, Cause: "luck", Reason: "found some men"}, engine.Script())
	ruleErr(t, err, engine.ErrInvalid, "unit.cause")
	_, err = g.Decide(engine.SetUnit{By: lee, Unit: "csa.hood", Field: "manpower", Value: 30, Cause: "combat"}, engine.Script())
	ruleErr(t, err, engine.ErrInvalid, "unit.cause") // a loss cause is no gain
	_, err = g.Decide(engine.SetUnit{By: lee, Unit: "csa.hood", Field: "entrenchment", Text: "2"}, engine.Script())
	ruleErr(t, err, engine.ErrIllegal, "unit.cause")
	_, err = g.Decide(engine.MarkUnit{By: lee, Unit: "csa.hood", Mark: "entrenched"}, engine.Script())
	ruleErr(t, err, engine.ErrIllegal, "unit.cause")
	if len(g.UnitLog()) != 0 {
		t.Fatalf("refusals were logged: %+v", g.UnitLog())
	}

	// With a cause the rules allow: recorded, with the cause.
	g2 := apply(t, g, engine.SetUnit{By: lee, Unit: "csa.hood", Field: "manpower", Value: 16, Cause: "Attachment"}, engine.Script())
	if u := g2.Units["csa.hood"]; u.Manpower != 16 {
		t.Fatalf("Hood: %d MP", u.Manpower)
	}
	g2 = apply(t, g2, engine.SetUnit{By: lee, Unit: "csa.hood", Field: "entrenchment", Text: "1", Cause: "entrench"}, engine.Script())
	log := g2.UnitLog()
	if len(log) != 2 || log[0].Cause != "attachment" || log[0].From != 15 || log[0].To != 16 || log[1].Field != "entrenchment" || log[1].Cause != "entrench" {
		t.Fatalf("log: %+v", log)
	}

	// A cause the rules give, but not to this raise: what the engine can
	// check of it (the side, the size, the optional rule), it checks.
	for _, c := range []engine.SetUnit{
		{By: lee, Unit: "csa.hood", Field: "manpower", Value: 16, Cause: "reinforcement"},     // Halleck's men are Union
		{By: meade, Unit: "usa.wright", Field: "manpower", Value: 11, Cause: "reinforcement"}, // +1, not +2
		{By: lee, Unit: "csa.hood", Field: "manpower", Value: 16, Cause: "stragglers"},        // rule 30 is not in play
		{By: meade, Unit: "usa.wright", Field: "manpower", Value: 10, Cause: "recruits"},      // LRTA's event
	} {
		_, err := g.Decide(c, engine.Script())
		if re := ruleErr(t, err, engine.ErrIllegal, "unit.cause"); !strings.Contains(re.What, c.Cause+" cannot raise") {
			t.Errorf("%+v: %s", c, re.What)
		}
	}
	apply(t, g, engine.SetUnit{By: meade, Unit: "usa.wright", Field: "manpower", Value: 10, Cause: "reinforcement"}, engine.Script())
	apply(t, statusGame(t, withOptional(30)), engine.SetUnit{By: lee, Unit: "csa.hood", Field: "manpower", Value: 16, Cause: "stragglers"}, engine.Script())

	// The umpire: a reason sets the rule aside; neither cause nor reason
	// is refused.
	_, err = g.Decide(engine.SetUnit{By: ump, Unit: "csa.hood", Field: "manpower", Value: 30}, engine.Script())
	ruleErr(t, err, engine.ErrIllegal, "unit.cause")
	g3 := apply(t, g, engine.SetUnit{By: ump, Unit: "csa.hood", Field: "manpower", Value: 30, Reason: "the set-up misprinted"}, engine.Script())
	if g3.Units["csa.hood"].Manpower != 30 || len(g3.UnitLog()) != 0 {
		t.Fatalf("the umpire's raise: %d MP, log %+v", g3.Units["csa.hood"].Manpower, g3.UnitLog())
	}
	// A loss needs no cause.
	apply(t, g, engine.SetUnit{By: lee, Unit: "csa.hood", Field: "manpower", Value: 11}, engine.Script())
}

// Every change a player makes to his own units by hand goes on the log,
// with who, when, what from what to what and the reason; the umpire's own
// do not; an undo marks the entry, and the log survives it.
func TestUnitLogEntries(t *testing.T) {
	g := statusGame(t, limitedOpts())
	g = apply(t, g, engine.SetUnit{By: lee, Unit: "csa.hood", Field: "fatigue", Value: 1, Reason: "marched"}, engine.Script())
	g = apply(t, g, engine.MarkUnit{By: jebA, Unit: "csa.hampton", Mark: "disorganized", Off: false}, engine.Script())
	g = apply(t, g, engine.MoveUnits{By: meade, Units: []string{"usa.wright"}, To: engine.Hex{Q: 3, R: 0}, Ref: "SS0300"}, engine.Script())
	g = apply(t, g, engine.SetUnit{By: ump, Unit: "usa.wright", Field: "fatigue", Value: 2, Reason: "ruling"}, engine.Script())
	g = apply(t, g, engine.EliminateUnit{By: meade, Unit: "usa.buford", Reason: "surrendered"}, engine.Script())
	log := g.UnitLog()
	if len(log) != 4 {
		t.Fatalf("log: %+v", log)
	}
	want := []struct {
		kind, by, unit string
		side           engine.Side
	}{{LogSet, lee.ID, "csa.hood", engine.CSA}, {LogSet, jebA.ID, "csa.hampton", engine.CSA}, {LogMove, meade.ID, "usa.wright", engine.USA}, {LogEliminate, meade.ID, "usa.buford", engine.USA}}
	for i, w := range want {
		e := log[i]
		if e.N != i+1 || e.Kind != w.kind || e.By.ID != w.by || e.Unit != w.unit || e.Side != w.side || e.Turn != 1 {
			t.Errorf("entry %d: %+v, want %+v", i, e, w)
		}
	}
	if log[1].Field != "organization" || log[1].From != 0 || log[1].To != 1 {
		t.Errorf("the mark as a status: %+v", log[1])
	}
	if log[2].Unchecked != MoveNoStep || log[2].ToRef != "SS0300" {
		t.Errorf("the move: %+v", log[2])
	}
	g = apply(t, g, engine.UndoLast{By: ump, Reason: "Buford lives"}, engine.Script())
	log = g.UnitLog()
	if len(log) != 4 || !log[3].Undone || log[2].Undone {
		t.Fatalf("after undo: %+v", log)
	}
	// The next change numbers on.
	g = apply(t, g, engine.SetUnit{By: meade, Unit: "usa.buford", Field: "fatigue", Value: 1}, engine.Script())
	if log = g.UnitLog(); len(log) != 5 || log[4].N != 5 || log[4].Undone {
		t.Fatalf("after undo and a change: %+v", log)
	}
	// A printed result a player applies to his own units: his reading.
	g = apply(t, g, ApplyCombat{By: lee, Battle: "Culpeper", Attacker: CombatSide{Units: []string{"csa.hood"}, Result: "1f"}}, engine.Script())
	if log = g.UnitLog(); len(log) != 6 || log[5].Kind != LogCombat || log[5].Result != "1f" || log[5].From != 15 || log[5].To != 14 || log[5].Battle != "Culpeper" {
		t.Fatalf("the combat: %+v", log[len(log)-1])
	}
	// The umpire's result is his own ruling: not logged.
	g = apply(t, g, ApplyCombat{By: ump, Attacker: CombatSide{Units: []string{"csa.hood"}, Result: "1"}}, engine.Script())
	if len(g.UnitLog()) != 6 {
		t.Fatalf("the umpire's combat was logged: %+v", g.UnitLog())
	}
}

// A member of the umpire role who joins a side is a player: he holds no
// umpire powers in that game, sees his side's view only, and his changes
// go on the log. The creator may not join.
func TestUmpireRolePlayerIsPlayer(t *testing.T) {
	role := engine.Actor{ID: "u9", Name: "Deputy", Umpire: true}
	g := apply(t, Game{}, withRules(engine.NewGame{By: ump, Options: limitedOpts()}), engine.Script())
	if !g.IsUmpire(role) {
		t.Fatal("a role member does not umpire a game he does not play")
	}
	_, err := g.Decide(engine.JoinGame{By: ump, Side: engine.CSA}, engine.Script())
	ruleErr(t, err, engine.ErrIllegal, "game.umpire_joins")
	g = apply(t, g, engine.JoinGame{By: role, Side: engine.CSA}, engine.Script())
	if g.IsUmpire(role) || g.IsUmpire(engine.Actor{ID: role.ID}) {
		t.Fatal("a role member who joined a side still umpires")
	}
	if v := g.ViewerOf(role); v.Kind != engine.ViewerSide || v.Side != engine.CSA {
		t.Fatalf("his viewer: %+v", v)
	}
	if !g.IsUmpire(ump) || !g.IsUmpire(engine.Actor{ID: "u8", Umpire: true}) {
		t.Fatal("the creator and the other role members must still umpire")
	}
}

func limitedOpts() engine.GameOptions {
	o := opts()
	o.LimitedIntel = true
	return o
}

// In an open game the creator may command a side and keeps the umpire's
// powers (a group of two plays that way); in a hidden game or LITN he may
// not join. A role member who joins still gives his powers up.
func TestCreatorPlaysOnlyAnOpenGame(t *testing.T) {
	g := apply(t, Game{}, withRules(engine.NewGame{By: ump, Options: opts()}), engine.Script())
	g = apply(t, g, engine.JoinGame{By: ump, Side: engine.CSA}, engine.Script())
	if !g.IsUmpire(ump) || !g.UmpirePlays() {
		t.Fatal("the creator of an open game who plays lost the umpire's powers")
	}
	if v := g.ViewerOf(ump); v.Kind == engine.ViewerSide {
		t.Fatalf("the playing umpire of an open game is seen as a side only: %+v", v)
	}
	role := engine.Actor{ID: "u9", Name: "Deputy", Umpire: true}
	g = apply(t, g, engine.JoinGame{By: role, Side: engine.USA}, engine.Script())
	if g.IsUmpire(role) {
		t.Fatal("a role member who joined an open game's side still umpires")
	}
	// A game whose rules keep secrets of their own (LITN's record sheets):
	// its ruleset says the creator may not play.
	secret := engine.NewRuleset("secret-sheets", engine.Hooks{CreatorMayPlay: func(engine.GameState) bool { return false }})
	for _, o := range []engine.GameOptions{limitedOpts(), func() engine.GameOptions { o := opts(); o.Intel = engine.IntelDoubleBlind; return o }(),
		{Scenario: "litn-1-frederick-to-antietam", Supply: "normal", Comms: 1, Game: "secret-sheets"}} {
		var rules *engine.Ruleset
		if o.Game != "" {
			rules = secret
		}
		h := apply(t, Game{}, withRules(engine.NewGame{By: ump, Options: o, Rules: rules}), engine.Script())
		_, err := h.Decide(engine.JoinGame{By: ump, Side: engine.CSA}, engine.Script())
		ruleErr(t, err, engine.ErrIllegal, "game.umpire_joins")
		if h.UmpirePlays() {
			t.Fatalf("%+v: the umpire plays", o)
		}
	}
}

// Setting a unit's manpower or fatigue to what it is changes nothing: it
// is refused, so no no-op reaches the umpire's log.
func TestSetUnitUnchangedRefused(t *testing.T) {
	g := statusGame(t, limitedOpts())
	for _, c := range []engine.SetUnit{
		{By: lee, Unit: "csa.hood", Field: "fatigue", Value: 0},
		{By: lee, Unit: "csa.hood", Field: "manpower", Value: 15},
	} {
		_, err := g.Decide(c, engine.Script())
		if re := ruleErr(t, err, engine.ErrIllegal, "unit.unchanged"); !strings.Contains(re.What, "already") {
			t.Errorf("%+v: %s", c, re.What)
		}
	}
}

// The manpower gain causes LRTA plays differently (lrtgVariant's
// manpowerMisfits): its Raw Recruits random event (004) raises Union
// units, and its corps reorganizations (004) any unit; in LRTG, recruits
// are no cause and a reorganization (16.2 8) g), h)) raises Union units
// only.
func TestGainCausesOfTheVariant(t *testing.T) {
	lrta := opts()
	lrta.Scenario = "lrta-campaign"
	refused := func(g Game, c engine.SetUnit, why string) {
		t.Helper()
		_, err := g.Decide(c, engine.Script())
		if re := ruleErr(t, err, engine.ErrIllegal, "unit.cause"); !strings.Contains(re.What, why) {
			t.Errorf("%+v: %s, want %q", c, re.What, why)
		}
	}
	recruits := engine.SetUnit{By: meade, Unit: "usa.wright", Field: "manpower", Value: 10, Cause: "recruits"}
	csaRecruits := engine.SetUnit{By: lee, Unit: "csa.hood", Field: "manpower", Value: 16, Cause: "recruits"}
	reorganized := engine.SetUnit{By: lee, Unit: "csa.hood", Field: "manpower", Value: 16, Cause: "reorganization"}

	g := statusGame(t, lrta)
	apply(t, g, recruits, engine.Script())
	refused(g, csaRecruits, "it gives Union units manpower only")
	apply(t, g, reorganized, engine.Script())

	g = statusGame(t, opts())
	refused(g, recruits, "it is an LRTA random event")
	refused(g, reorganized, "it gives Union units manpower only")
}
