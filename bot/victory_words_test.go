package bot

import (
	"errors"
	"fmt"
	"testing"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
)

// victoryResults are a result of every code with the sentence the engine
// wrote into the event before the codes (engine/lrtg/segment_victory.go,
// lrta_victory.go of then).
var victoryResults = []struct {
	r    lrtg.VictoryResult
	want string
}{
	{lrtg.VictoryResult{Level: lrtg.ConfederateDecisive, Name: "Confederate Decisive", Code: lrtg.VictoryWhyFlight, Side: engine.USA, Morale: 14},
		"Union Flight (morale 14 with a demoralized infantry division, 15.2)"},
	{lrtg.VictoryResult{Level: lrtg.UnionDecisive, Name: "Union Decisive", Code: lrtg.VictoryWhyFlight, Side: engine.CSA, Morale: 15},
		"Confederate Flight (morale 15 with a demoralized infantry division, 15.2)"},
	{lrtg.VictoryResult{Level: lrtg.ConfederateDecisive, Name: "Confederate Decisive", Code: lrtg.VictoryWhyOccupation, Unit: "Hood", Place: "US Capitol"},
		"Confederate infantry (Hood) occupies US Capitol (000 VIII)"},
	{lrtg.VictoryResult{Level: lrtg.UnionDecisive, Name: "Union Decisive", Code: lrtg.VictoryWhyTable, VP: 112, Table: "lrtg-high-tide"},
		"112 VP on the lrtg-high-tide victory table"},
	{lrtg.VictoryResult{Level: lrtg.ConfederateMarginal, Name: "Confederate Marginal", Code: lrtg.VictoryWhyPrelimStands, Prelim: lrtg.ConfederateMarginal, VP: 150, TableLevel: "Union Marginal"},
		"the preliminary confederate marginal victory stands (150 VP on the table would be Union Marginal)"},
	{lrtg.VictoryResult{Level: lrtg.ConfederateDecisive, Name: "Confederate Decisive", Code: lrtg.VictoryWhyLRTAFlight, Side: engine.USA, Morale: 16},
		"Union Flight (demoralization level 16, 16 or more, 004 Army Morale)"},
	{lrtg.VictoryResult{Level: lrtg.ConfederateDecisive, Name: "Confederate Decisive", Code: lrtg.VictoryWhyLRTAOccupation, Unit: "Hood", Place: "US Capitol"},
		"Confederate infantry (Hood) occupies the Capitol in the Victory Check Phase (004 County/DC Control)"},
	{lrtg.VictoryResult{Level: lrtg.ConfederateMarginal, Name: "Confederate Marginal", Code: lrtg.VictoryWhyLRTATable, VP: 170},
		"170 VP on LRTG VIII 2)'s campaign victory table (004 prints none)"},
	{lrtg.VictoryResult{Level: lrtg.UnionMarginal, Name: "Union Marginal", Why: "a sentence stored before the codes"},
		"a sentence stored before the codes"},
}

// TestVictoryWordsAsBefore: every reason's code reads word for word as
// the sentence the engine wrote before the codes.
func TestVictoryWordsAsBefore(t *testing.T) {
	for _, c := range victoryResults {
		if got := victoryWhy(c.r); got != c.want {
			t.Errorf("%s: %q, want %q", c.r.Code, got, c.want)
		}
	}
	prelims := []struct {
		p            lrtg.Prelim
		why, cancels string
	}{
		{lrtg.Prelim{Code: lrtg.PrelimWhyUSAPanicVP, VP: 185, CancelCode: lrtg.PrelimCancelCSAPanic, CancelTurn: 9},
			"the Army of the Potomac in Panic and 185 VP (180+)", "the Army of Northern Virginia in Panic on turn 9"},
		{lrtg.Prelim{Code: lrtg.PrelimWhyUSADisorderVP, VP: 165, CancelCode: lrtg.PrelimCancelCSADisorder, CancelTurn: 11},
			"the Army of the Potomac in Disorder or Panic and 165 VP (160+)", "the Army of Northern Virginia in Disorder on turn 11"},
		{lrtg.Prelim{Code: lrtg.PrelimWhyCSAPanic, CancelCode: lrtg.PrelimCancelEndDecisive},
			"the Army of Northern Virginia in Panic, the Army of the Potomac in good order", "a Confederate decisive VP total at the end"},
		{lrtg.Prelim{Code: lrtg.PrelimWhyCSAMorale, CSA: 12, USA: 8, CancelCode: lrtg.PrelimCancelCSASubstantive},
			"the Army of Northern Virginia in Disorder or Panic, its morale 12 against 8", "a Confederate preliminary substantive victory during play"},
		{lrtg.Prelim{Code: lrtg.PrelimWhyCSAMorale, CSA: 12, USA: 9, CancelCode: lrtg.PrelimCancelEndSubstantive},
			"the Army of Northern Virginia in Disorder or Panic, its morale 12 against 9", "a Confederate substantive VP total at the end"},
		{lrtg.Prelim{Why: "stored why", Cancelled: "stored cancellation"}, "stored why", "stored cancellation"},
		{lrtg.Prelim{Code: lrtg.PrelimWhyCSAPanic}, "the Army of Northern Virginia in Panic, the Army of the Potomac in good order", ""},
	}
	for _, c := range prelims {
		if got := prelimWhy(c.p); got != c.why {
			t.Errorf("%s: %q, want %q", c.p.Code, got, c.why)
		}
		if got := prelimCancelWhy(c.p); got != c.cancels {
			t.Errorf("%s: cancelled %q, want %q", c.p.CancelCode, got, c.cancels)
		}
		if c.p.IsCancelled() != (c.cancels != "") {
			t.Errorf("%+v: cancelled %v", c.p, c.p.IsCancelled())
		}
	}
	flight := victoryResults[0].r
	ends := []struct {
		e    lrtg.VictoryChecked
		want string
	}{
		{lrtg.VictoryChecked{EndCode: lrtg.EndDecisive, Decisive: &flight}, "a decisive victory: Union Flight (morale 14 with a demoralized infantry division, 15.2)"},
		{lrtg.VictoryChecked{EndCode: lrtg.EndPotomac}, "no Confederate infantry unit is north of the Potomac on or after June 30 (000 VIII; 003's High Tide sheet prints June 28, the other sources June 30)"},
		{lrtg.VictoryChecked{EndCode: lrtg.EndLastTurn, EndLabel: "July 15-16, 1863"}, "the last turn (July 15-16, 1863) is played (000 VIII)"},
		{lrtg.VictoryChecked{EndCode: lrtg.EndRuling, Ruling: "no infantry north"}, "the umpire's ruling: no infantry north"},
		{lrtg.VictoryChecked{EndCode: lrtg.EndLRTALastTurn, EndLabel: "Turn 35"}, "the last turn (Turn 35, \"End LSN\") is played (004 Turn Record)"},
		{lrtg.VictoryChecked{End: "a stored end"}, "a stored end"},
		{lrtg.VictoryChecked{}, ""},
	}
	for _, c := range ends {
		if got := victoryEndWhy(&c.e); got != c.want {
			t.Errorf("%s: %q, want %q", c.e.EndCode, got, c.want)
		}
		if c.e.Ends() != (c.want != "") {
			t.Errorf("%+v ends: %v", c.e, c.e.Ends())
		}
	}
}

// TestVictoryOverWordsAgree: the engine's own words for a game already
// over (the Victory Check's wait, the refusal of another check) say the
// result's reason as the bot's presenters do, in LRTG and in LRTA.
func TestVictoryOverWordsAgree(t *testing.T) {
	games := []struct {
		name  string
		rules *engine.Ruleset
		check func(engine.Actor) engine.Command
		code  string
	}{
		{"lrtg", lrtg.Ruleset(), func(a engine.Actor) engine.Command { return lrtg.CheckVictory{By: a} }, "segment.victory.over"},
		{"lrta", lrtg.LRTARuleset(), func(a engine.Actor) engine.Command { return lrtg.CheckLRTAVictory{By: a} }, "victory.over"},
	}
	for _, gm := range games {
		for _, c := range victoryResults {
			g := engine.GameState{Turn: 12, Umpire: umpireA, Created: true, Started: true,
				Options: engine.GameOptions{Scenario: "lrtg-high-tide", Supply: "normal"},
				Players: []engine.Player{{Actor: leeA, Side: engine.CSA, Overall: true}, {Actor: meadeA, Side: engine.USA, Overall: true}}}
			g = g.WithRules(gm.rules)
			g.Sequence = engine.SequenceState{Step: "8", Turn: 12}
			r := c.r
			g = lrtg.With(g, func(s *lrtg.State) { s.Segment.Outcome = &r })
			why := fmt.Sprintf("%s (%s)", r.Name, victoryWhy(r))
			wait := fmt.Sprintf("the umpire's /game end: the game is over (%s, %s); /game end reveals the seed", r.Name, victoryWhy(r))
			if w := g.Waiting(); len(w) == 0 || w[0] != wait {
				t.Errorf("%s %s: wait %q, want %q", gm.name, r.Code, w, wait)
			}
			_, err := g.Decide(gm.check(umpireA), engine.Script())
			var re *engine.RuleError
			if !errors.As(err, &re) || re.Code != gm.code || re.What != "The game is already over: "+why {
				t.Errorf("%s %s: refusal %v, want %q", gm.name, r.Code, err, "The game is already over: "+why)
			}
		}
	}
}
