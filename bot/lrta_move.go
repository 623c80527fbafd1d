package bot

import (
	"context"
	"fmt"
	"strings"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
)

// LRTA movement (engine/lrtg/lrta_move.go): the extended march roll, /unit
// extended, and the words move.go's replies use for LRTA and naval moves.
// /unit extended is the older path: an extended march is made with /move
// extended:true (engine/lrtg/move_extended.go), which rolls it with every
// modifier, table loaded or not; its reply says so, so a group is not left
// with two ways for one thing without knowing which.

// lrtaMoveUnitSubcommands are this module's subcommands of /unit.
func lrtaMoveUnitSubcommands() []*Command {
	units := func(r *Router, req Request, typed string) []engine.Match {
		return unitMatches(r, req, typed, func(g engine.GameState, u engine.UnitState) bool {
			return g.Controls(req.User, u) && !u.Eliminated && u.OnMap && !u.Kind.IsLeader()
		})
	}
	return []*Command{{
		Name:        "extended",
		Description: "A march's extended march roll by hand (LRTA 004); /move extended:true makes the march and rolls it",
		Options: []OptionSpec{
			{Name: "unit", Description: "The marching unit, by id or name", Type: String, Required: true, MaxLength: 60, Placeholder: "unit", Autocomplete: units},
			{Name: "reason", Description: "The umpire's reason to roll outside the action cycle", Type: String, MaxLength: 200, Placeholder: "text"},
		},
		Handle: handleExtendedMarch,
	}}
}

func handleExtendedMarch(ctx context.Context, r *Router, req Request) (Reply, error) {
	var o unitOpts
	if err := decodeOptions(req, &o); err != nil {
		return Reply{}, err
	}
	g, id, err := r.gameUnit(ctx, req, o.Unit)
	if err != nil {
		return Reply{}, err
	}
	cmd := lrtg.RollExtendedMarch{By: req.User, Unit: id, Data: r.moveData(g), Reason: o.Reason}
	return r.settleGame(ctx, req, cmd, nil, func(views []EventView, evs []engine.Event) Reply {
		var e *lrtg.ExtendedMarchRolled
		label := ""
		for _, ev := range evs {
			switch x := ev.(type) {
			case *lrtg.ExtendedMarchRolled:
				e = x
			case *engine.DiceRolled:
				if x.Secret != "" {
					label = rollLabel(x.Number, x.RollStream) + " ·" // hidden: the side's own count
				}
			}
		}
		if e == nil {
			return r.boardReply(req, g, "Extended march rolled.", views)
		}
		return r.boardReply(req, g, extendedMarchText(e, label), views)
	})
}

// extendedMarchText tells an extended march roll: the die, each modifier,
// the total, and where its result is read.
func extendedMarchText(e *lrtg.ExtendedMarchRolled, label string) string {
	var b strings.Builder
	if label == "" {
		label = fmt.Sprintf("#%d", e.Roll)
	}
	fmt.Fprintf(&b, "🎲 %s Extended march: %s rolls %d", label, e.Name, e.Die)
	for _, m := range e.Modifiers {
		b.WriteString("; " + m)
	}
	fmt.Fprintf(&b, " = **%d**", e.Total)
	if e.Reason != "" {
		fmt.Fprintf(&b, " (umpire: %s)", e.Reason)
	}
	ex := ""
	if e.Exhausted {
		ex = ", exhausted"
	}
	fmt.Fprintf(&b, ".\nRead it on the Standardized Rules' Extended March Table (not in these rules) with the unit's fatigue (%d%s) modifiers; record a disorganization with /unit set field:organization value:disorganized and a loss with /unit set field:manpower.", e.Fatigue, ex)
	b.WriteString("\nAn extended march is made with /move extended:true: it adds the extension's fatigue and rolls this itself, with the fatigue modifiers too (and reads your group's table when it is loaded). /unit extended is for a march moved without it; a unit whose march /move extended:true settled rolls no second time in the action.")
	return b.String()
}

// moveCite cites a movement rule for the game: its booklet's section
// where it has one (LRTA's 004), else LRTG's.
func moveCite(g engine.GameState, lrtgRule, bookletRule string) string {
	if seriesOf(g).booklet != "" {
		return bookletRule
	}
	return lrtgRule
}

// navalUsed is the turn's naval load after the move, in half units.
func navalUsed(g engine.GameState, e *engine.UnitsMoved) int {
	if lrtg.Of(g).Movement.NavalTurn != e.Turn {
		return e.RailLoad
	}
	return lrtg.Of(g).Movement.NavalLoad + e.RailLoad
}

// halfUnits writes a count of half units: "2", "½", "2½".
func halfUnits(n int) string {
	switch {
	case n%2 == 0:
		return fmt.Sprint(n / 2)
	case n == 1:
		return "½"
	}
	return fmt.Sprintf("%d½", n/2)
}
