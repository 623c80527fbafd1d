package lrtg

import (
	"fmt"
	"slices"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// A retreat or rout owed holds the action (issue 21, item 4: "the owner
// choosing retreat paths"). A combat result of the action under way that
// retreats or routs units ("r", "R", "R*"; attack_settle.go, status.go)
// puts them in the action's retreats (activation.go retreating): their
// owner moves them once with /move. Found by playing: after a "1Dr" the
// action was ended, both sides passed and the step ended while the unit
// never moved. So, while a unit of the action owes its retreat:
//
//   - the action cannot end (/action done; and so no pass and no new
//     action, which wait for it: decider), refused naming the units the
//     asker may see and how to retreat them; nor while a battle declared
//     in it waits to be settled, whose result may owe a retreat;
//   - the waits name the owner and (in an open game) the units, instead of
//     the action's end, so the step cannot end either (/phase next; the
//     umpire's force:true with a reason is his ruling, recorded);
//   - a missed deadline hands the retreat to the umpire (RetreatDeadline):
//     the wait becomes his, with no deadline, never the action's end;
//   - the umpire may end the action anyway with a reason (/action done
//     reason:), recorded with the units left unretreated (ActionEnded).
//
// A unit eliminated, off the map, or moved since (by its owner or the
// umpire: activation.go moved) owes nothing.
//
// The retreat's path is the owner's: the engine checks what it checks of
// any path (each step next to the last, never into an enemy-occupied
// hex); the Standardized Rules' retreat rules are not in the seeds, so the
// rest is his word, on the umpire's log (unitlog.go MoveRetreat). 000
// adds, and the path check refuses (forts.go): "Confederate units may not
// enter or retreat into a hex containing an undestroyed Union fort" (9.1).
//
// In a hidden game the waits are read at the table: they name the side
// and the battle, never the unit (the battle's result told the sides
// engaged that a retreat is owed; /attack show names the units to those
// it told); a refusal names only the units the asker sees.

// RetreatOwed is a retreat or rout a combat result of the action under
// way owes.
type RetreatOwed struct {
	Unit   string      `json:"unit"`
	Side   engine.Side `json:"side"`
	Result string      `json:"result"`           // r, R or R*
	Battle int         `json:"battle,omitempty"` // /attack's battle; 0: a result typed with /battle result
	Ref    string      `json:"ref,omitempty"`    // where it was fought, as printed
	// Umpire: its owner missed the deadline, and the umpire makes it.
	Umpire bool `json:"umpire,omitempty"`
}

// RetreatDeadline is the deadline default for a side that owes a retreat
// (deadline_defaults.go): the retreat is handed to the umpire. The
// scheduler's, as the umpire.
type RetreatDeadline struct {
	By   engine.Actor
	Side engine.Side
}

// CommandName implements Command.
func (RetreatDeadline) CommandName() string { return "action retreat default" }

// EventRetreatHanded is RetreatHanded's type.
const EventRetreatHanded = "action.retreat_handed"

// RetreatHanded records a side's retreats owed handed to the umpire by a
// missed deadline.
type RetreatHanded struct {
	By    engine.Actor `json:"by"`
	Side  engine.Side  `json:"side"`
	Units []string     `json:"units"`
}

// EventType implements Event.
func (*RetreatHanded) EventType() string { return EventRetreatHanded }

// RetreatsOwed are the retreats owed in the action under way by units
// still on the map that have not moved since.
func (g Game) RetreatsOwed() []RetreatOwed {
	a, ok := g.cycle()
	if !ok || a.Active == nil {
		return nil
	}
	var out []RetreatOwed
	for _, o := range a.Owed {
		u, ok := g.Units[o.Unit]
		if ok && u.OnMap && !u.Eliminated && slices.Contains(a.Retreats, o.Unit) {
			out = append(out, o)
		}
	}
	return out
}

// actionBattles are the battles declared in the action under way that
// wait to be settled.
func (g Game) actionBattles(a ActionState) []Battle {
	var out []Battle
	for _, b := range g.Attacks.Pending {
		if b.Turn == g.Turn && b.Step == a.Step && b.Phase == a.Phase {
			out = append(out, b)
		}
	}
	return out
}

// actionHeld reports whether the action under way may not end yet.
func (g Game) actionHeld(a ActionState) bool {
	return len(g.actionBattles(a)) > 0 || len(g.RetreatsOwed()) > 0
}

// retreatWord is "retreat" or "rout" for a result.
func retreatWord(result string) string {
	if strings.HasPrefix(result, "R") {
		return "rout"
	}
	return "retreat"
}

// retreatGroup is the retreats of one side from one battle, as the waits
// and refusals name them.
type retreatGroup struct {
	side   engine.Side
	battle int
	ref    string
	result string
	umpire bool
	units  []string
}

func groupRetreats(owed []RetreatOwed) []retreatGroup {
	var out []retreatGroup
	for _, o := range owed {
		i := slices.IndexFunc(out, func(r retreatGroup) bool {
			return r.side == o.Side && r.battle == o.Battle && r.ref == o.Ref && r.result == o.Result && r.umpire == o.Umpire
		})
		if i < 0 {
			out = append(out, retreatGroup{side: o.Side, battle: o.Battle, ref: o.Ref, result: o.Result, umpire: o.Umpire})
			i = len(out) - 1
		}
		out[i].units = append(out[i].units, o.Unit)
	}
	return out
}

// after names the combat that owes a retreat: "battle #1 at 0611: 2Dr".
func (r retreatGroup) after(open bool) string {
	s := "a combat result"
	if r.battle != 0 {
		s = fmt.Sprintf("battle #%d", r.battle)
	}
	if open && r.ref != "" {
		s += " at " + r.ref
	}
	return s
}

func (g Game) unitNames(ids []string) string {
	names := make([]string, len(ids))
	for i, id := range ids {
		names[i] = g.unitName(id)
	}
	return strings.Join(names, ", ")
}

// retreatWaits are the waits of the retreats owed (actionWait): the
// owner's, or the umpire's once a deadline handed them to him. In a
// hidden game they name no unit and no hex.
func (g Game) retreatWaits(a ActionState) []string {
	open := g.Options.IntelMode() == engine.IntelOpen
	var w []string
	for _, r := range groupRetreats(g.RetreatsOwed()) {
		word := retreatWord(r.result)
		n := len(r.units)
		units := fmt.Sprintf("%d %s", n, map[bool]string{true: "unit", false: "units"}[n == 1])
		how := "/move units:<unit> path:<hexes>"
		if r.battle != 0 {
			how += "; /attack show names them"
		}
		if open {
			units, how = g.unitNames(r.units), fmt.Sprintf("/move units:%s path:<hexes>", g.unitName(r.units[0]))
		}
		if r.umpire {
			w = append(w, fmt.Sprintf("the umpire to make the %s's %s of %s after %s (its deadline passed): %s, or /action done reason:<why>",
				sideName(r.side), word, units, r.after(open), how))
			continue
		}
		w = append(w, fmt.Sprintf("the %s's %s of %s after %s, before the %s's action ends (%s)",
			sideName(r.side), word, units, r.after(open), sideName(a.Active.Side), how))
	}
	return w
}

// heldRefusal refuses the end of an action a battle or a retreat holds
// (nil when none does). Units are named as the asker sees them.
func (g Game) heldRefusal(by engine.Actor, a ActionState, owed []RetreatOwed) *engine.RuleError {
	battles := g.actionBattles(a)
	if len(battles) == 0 && len(owed) == 0 {
		return nil
	}
	unseen := g.unseenBy(by)
	var parts []string
	for _, b := range battles {
		what := fmt.Sprintf("the %s's modifiers (/attack defend battle:%d)", sideName(engine.EnemyOf(b.Side)), b.N)
		if b.Answered {
			what = fmt.Sprintf("the umpire to settle it (/attack defend battle:%d)", b.N)
		}
		parts = append(parts, fmt.Sprintf("battle #%d waits for %s", b.N, what))
	}
	for _, r := range groupRetreats(owed) {
		var seen []string
		for _, id := range r.units {
			if u := g.Units[id]; unseen == nil || !unseen(u) {
				seen = append(seen, id)
			}
		}
		who := fmt.Sprintf("%d %s unit(s)", len(r.units), sideName(r.side))
		if len(seen) == len(r.units) {
			who = g.unitNames(r.units)
		}
		owner := "the " + sideName(r.side)
		if r.umpire {
			owner = "the umpire (its deadline passed)"
		}
		parts = append(parts, fmt.Sprintf("%s must %s after %s (%s); %s moves %s",
			who, retreatWord(r.result), r.after(unseen == nil), r.result, owner, map[bool]string{true: "it", false: "them"}[len(r.units) == 1]))
	}
	hint := "Retreat with /move units:<unit> path:<hex> <hex> ... (each step next to the last, never into an enemy-occupied hex; " +
		"000 9.1: no Confederate unit retreats into an undestroyed Union fort; the rest of the retreat's path is its owner's word, on the umpire's log), then /action done"
	switch {
	case len(owed) == 0:
		hint = "Settle the battle first (/attack defend), or the umpire calls it off (/attack cancel), then /action done"
	case len(battles) > 0:
		hint = "Settle the battle first (/attack defend). " + hint
	case g.IsUmpire(by):
		hint += ". As umpire you may end the action anyway: /action done reason:<why>"
	}
	return moveRule("action.held", "The action cannot end yet: "+strings.Join(parts, "; "), hint, g.actionsRule())
}

// retreatDefault is a missed deadline's default for a side that owes a
// retreat (deadline_defaults.go): handed to the umpire.
func (g Game) retreatDefault(by engine.Actor, s engine.Side) (engine.Command, string, bool) {
	for _, o := range g.RetreatsOwed() {
		if o.Side == s && !o.Umpire {
			return RetreatDeadline{By: by, Side: s}, "the retreat owed handed to the umpire", true
		}
	}
	return nil, "", false
}

func (g Game) decideRetreatDeadline(cmd RetreatDeadline) ([]engine.Event, error) {
	if err := g.BoardReady(cmd.By); err != nil {
		return nil, err
	}
	if !g.IsUmpire(cmd.By) {
		return nil, engine.Illegal("action.umpire", "Only the deadline scheduler hands a retreat to the umpire", "Retreat your units with /move")
	}
	ev := &RetreatHanded{By: cmd.By, Side: cmd.Side}
	for _, o := range g.RetreatsOwed() {
		if o.Side == cmd.Side && !o.Umpire {
			ev.Units = append(ev.Units, o.Unit)
		}
	}
	if len(ev.Units) == 0 {
		return nil, engine.Illegal("action.retreat", fmt.Sprintf("The %s owes no retreat", sideName(cmd.Side)), "")
	}
	return []engine.Event{ev}, nil
}

// handed marks a side's retreats the umpire's.
func (a ActionState) handed(e *RetreatHanded) ActionState {
	owed := slices.Clone(a.Owed)
	for i := range owed {
		if owed[i].Side == e.Side && slices.Contains(e.Units, owed[i].Unit) {
			owed[i].Umpire = true
		}
	}
	a.Owed = owed
	return a
}
