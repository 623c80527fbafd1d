package lrtg

import (
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
)

// fought2Dr settles battle #1 of atkGame on the invented chart: the
// difference 5 reads "2Dr" for Barnes and Ayres (attack_test.go).
func fought2Dr(t *testing.T, o engine.GameOptions) Game {
	t.Helper()
	g := atkGame(t, o)
	cmd := declare("csa.hood", "csa.mclaws")
	cmd.Stated = []StatedModifier{{Name: "flank", Bare: true}, {Name: "leader", Value: 2}}
	g, _ = acDo(t, g, cmd, engine.Script())
	g, _ = acDo(t, g, AnswerAttack{By: meade, Stated: []StatedModifier{{Name: "terrain", Value: 1}}, Charts: fakeCharts()}, engine.Script(5, 2))
	if r := g.RetreatsOwed(); len(r) != 2 || r[0].Battle != 1 || r[0].Result != "r" || r[0].Side != engine.USA || r[0].Ref != "0611" {
		t.Fatalf("owed %+v", r)
	}
	return g
}

// A retreat owed holds the action: its end is refused, naming the units
// and how to retreat them; the waits name the owner and the units, not
// the action's end; a unit moved or eliminated owes no more.
func TestRetreatOwedHoldsTheAction(t *testing.T) {
	g := fought2Dr(t, opts())
	wait := strings.Join(actionWait(g), "; ")
	if !strings.Contains(wait, "the USA's retreat of Ayres, Barnes after battle #1 at 0611, before the CSA's action ends (/move units:Ayres path:<hexes>)") ||
		strings.Contains(wait, "action to end") {
		t.Errorf("waits: %s", wait)
	}
	if o := g.Kernel().Owing(); len(o) != 1 || o[0].Player.ID != meade.ID || o[0].Side != engine.USA {
		t.Errorf("owing %+v", o)
	}
	for _, by := range []engine.Actor{lee, ump} {
		re := acRefused(t, g, EndAction{By: by}, "action.held", "Ayres, Barnes must retreat after battle #1 at 0611 (r); the USA moves them", "/move units:", "000 9.1")
		if (by == ump) != strings.Contains(re.Hint, "reason:<why>") {
			t.Errorf("%s's hint: %s", by.Name, re.Hint)
		}
	}
	acRefused(t, g, EndAction{By: lee, Reason: "x"}, "action.reason")
	// Nothing else closes it: no pass, no activation while it is under way.
	acRefused(t, g, PassAction{By: lee}, "action.active")
	acRefused(t, g, PassAction{By: meade}, "action.active")
	// The owner retreats Barnes; Ayres still owes.
	moved, _ := wantMove(t, g, marched(g, mv(meade, at(12, 0), "usa.barnes")))
	if r := moved.RetreatsOwed(); len(r) != 1 || r[0].Unit != "usa.ayres" {
		t.Fatalf("owed after Barnes's retreat %+v", r)
	}
	re := acRefused(t, moved, EndAction{By: lee}, "action.held", "Ayres must retreat")
	if strings.Contains(re.What, "Barnes") {
		t.Errorf("Barnes retreated, yet: %s", re.What)
	}
	// Ayres eliminated: nothing is owed, the action ends.
	gone := edit(moved, "usa.ayres", func(u *engine.UnitState) { u.Eliminated, u.OnMap = true, false })
	if r := gone.RetreatsOwed(); len(r) != 0 {
		t.Fatalf("an eliminated unit owes %+v", r)
	}
	if w := strings.Join(actionWait(gone), "; "); !strings.Contains(w, "the CSA's action to end") {
		t.Errorf("waits %s", w)
	}
	acDo(t, gone, EndAction{By: lee}, engine.Script(1, 2))
	// The umpire's own move of the unit makes it too.
	placed, _ := wantMove(t, moved, mv(ump, at(12, 2), "usa.ayres"))
	if r := placed.RetreatsOwed(); len(r) != 0 {
		t.Errorf("owed after the umpire's move %+v", r)
	}
}

// The umpire ends the action anyway with a reason: recorded with the
// units left unretreated. A battle waiting holds it even for him.
func TestUmpireEndsHeldAction(t *testing.T) {
	g := fought2Dr(t, opts())
	g2, evs := acDo(t, g, EndAction{By: ump, Reason: "the retreat is blocked; Ayres and Barnes stay"}, engine.Script(1, 2))
	e := evs[0].(*ActionEnded)
	if e.Forced != "the retreat is blocked; Ayres and Barnes stay" || strings.Join(e.Unretreated, ",") != "usa.ayres,usa.barnes" {
		t.Errorf("ended %+v", e)
	}
	if g2.Actions.Active != nil || len(g2.Actions.Owed) != 0 || len(g2.Actions.Retreats) != 0 {
		t.Errorf("actions %+v", g2.Actions)
	}
	pending := atkGame(t, opts())
	pending, _ = acDo(t, pending, declare("csa.hood"), engine.Script())
	acRefused(t, pending, EndAction{By: ump, Reason: "why not"}, "action.held", "battle #1 waits for the USA's modifiers", "/attack cancel")
}

// A missed deadline hands the retreat to the umpire (never the action's
// end): the wait becomes his, with no deadline.
func TestRetreatDeadlineDefault(t *testing.T) {
	g := fought2Dr(t, opts())
	all := g.Kernel().Owing()
	d, ok := commonDeadlineDefault(g, engine.DeadlineMiss{Run: engine.RunDeadlines{By: ump}, Out: all, Owing: all})
	if !ok || len(d.Commands) != 1 || d.What != "the retreat owed handed to the umpire" {
		t.Fatalf("default %+v", d)
	}
	if _, ok := d.Commands[0].(RetreatDeadline); !ok {
		t.Fatalf("default command %T", d.Commands[0])
	}
	acRefused(t, g, RetreatDeadline{By: meade, Side: engine.USA}, "action.umpire")
	acRefused(t, g, RetreatDeadline{By: ump, Side: engine.CSA}, "action.retreat")
	g, evs := acDo(t, g, d.Commands[0], engine.Script())
	if h := evs[0].(*RetreatHanded); h.Side != engine.USA || strings.Join(h.Units, ",") != "usa.ayres,usa.barnes" {
		t.Errorf("handed %+v", h)
	}
	if w := strings.Join(actionWait(g), "; "); !strings.HasPrefix(w, "the umpire to make the USA's retreat of Ayres, Barnes after battle #1 at 0611 (its deadline passed)") {
		t.Errorf("waits %s", w)
	}
	if o := g.Kernel().Owing(); len(o) != 0 {
		t.Errorf("owing %+v", o)
	}
	if _, _, ok := g.retreatDefault(ump, engine.USA); ok {
		t.Error("a retreat handed to the umpire is defaulted again")
	}
	acRefused(t, g, EndAction{By: lee}, "action.held", "the umpire (its deadline passed) moves them")
	// The owner may still make it.
	wantMove(t, g, marched(g, mv(meade, at(12, 0), "usa.barnes", "usa.ayres")))
}

// In a hidden game the waits name the side and the battle, never a unit
// or the hex; a refusal names the units its asker sees.
func TestRetreatOwedHidden(t *testing.T) {
	for _, intel := range []string{engine.IntelLimited, engine.IntelDoubleBlind} {
		o := opts()
		o.Intel = intel
		if intel == engine.IntelLimited {
			o.LimitedIntel = true
		}
		g := fought2Dr(t, o)
		w := strings.Join(actionWait(g), "; ")
		if !strings.Contains(w, "the USA's retreat of 2 units after battle #1, before the CSA's action ends") {
			t.Errorf("%s waits: %s", intel, w)
		}
		for _, leak := range []string{"Ayres", "Barnes", "0611"} {
			if strings.Contains(w, leak) {
				t.Errorf("%s: the public wait names %s: %s", intel, leak, w)
			}
		}
		// Meade commands them: named to him.
		acRefused(t, g, EndAction{By: meade}, "action.end")
		re := acRefused(t, g, EndAction{By: lee}, "action.held")
		if strings.Contains(re.What, "0611") {
			t.Errorf("%s: the refusal names the hex: %s", intel, re.What)
		}
	}
}
