// Remote movement requests (LRTG 17.2): a player asks the other side's
// overall commander whether units 8 or more hexes from every enemy unit
// may move without the initiative (/action remote), and the answer
// (/action answer).

package lrtg

import (
	"fmt"
	"slices"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// RemoteDistance is how far from every enemy unit a unit moved without
// the initiative must start and stay: "8 or more hexes" (003 movement
// chart; 17.2 says "more than 8": the charts are preferred).
const RemoteDistance = 8

func (g Game) decideAskRemote(cmd AskRemote) ([]engine.Event, error) {
	a, err := g.underWay(cmd.By)
	if err != nil {
		return nil, err
	}
	p := g.Player(cmd.By.ID)
	if p == nil {
		return nil, engine.Illegal("action.player", "Only a commander asks to move his units without the initiative", "")
	}
	if a.Active != nil && a.Active.Side == p.Side || a.ToDecide == p.Side {
		return nil, engine.Illegal("remote.initiative", "Your side has the initiative or is acting: move in your action", "")
	}
	if a.Remote != nil && a.Remote.Answer == "" {
		return nil, engine.Illegal("remote.open", "A remote movement request is waiting for its answer", "")
	}
	if len(cmd.Units) == 0 {
		return nil, engine.Invalid("remote.units", "No unit named", "Name the units with units:a,b")
	}
	// In a hidden mode only the enemy units the asker sees refuse the
	// request (hidden.go): 17.2 moves "with the other player's
	// permission", and the enemy, who sees his own units, answers it; an
	// unseen unit's distance is not the asker's to learn for free.
	unseen := g.unseenBy(cmd.By)
	for _, id := range cmd.Units {
		u, err := g.Unit(id)
		if err != nil {
			return nil, err
		}
		if !g.Controls(cmd.By, u) {
			return nil, engine.Illegal("unit.command", fmt.Sprintf("You do not command %s", u.Name), "")
		}
		if !u.OnMap || u.Eliminated {
			return nil, engine.Illegal("remote.unit", u.Name+" is not on the map", "")
		}
		if d, near := g.nearestEnemy(u, unseen); near != "" && d < RemoteDistance {
			// The enemy unit is not named: under limited intelligence its
			// identity is secret; the distance to a unit he sees is the
			// rule's fact.
			return nil, engine.Illegal("remote.near", fmt.Sprintf("%s is %d hexes from an enemy unit: remote movement needs %d or more", u.Name, d, RemoteDistance), "Move it in your own action (LRTG 17.2; 003 movement chart)")
		}
	}
	return []engine.Event{&RemoteAsked{By: cmd.By, Side: p.Side, Units: slices.Clone(cmd.Units), Phase: a.Phase}}, nil
}

// nearestEnemy returns the distance to the nearest enemy unit on the map
// and its id ("" when there is none), leaving out those unseen says the
// asker does not see (nil: none).
func (g Game) nearestEnemy(u engine.UnitState, unseen func(engine.UnitState) bool) (int, string) {
	best, id := 0, ""
	for _, oid := range g.sortedUnits() {
		o := g.Units[oid]
		if o.Side == u.Side || !o.OnMap || o.Eliminated || unseen != nil && unseen(o) {
			continue
		}
		if d := engine.Distance(o.Hex, u.Hex); id == "" || d < best {
			best, id = d, oid
		}
	}
	return best, id
}

func (g Game) decideAnswerRemote(cmd AnswerRemote) ([]engine.Event, error) {
	a, err := g.underWay(cmd.By)
	if err != nil {
		return nil, err
	}
	r := a.Remote
	if r == nil || r.Answer != "" {
		return nil, engine.Illegal("remote.none", "No remote movement request waits for an answer", "")
	}
	if !g.IsUmpire(cmd.By) {
		p := g.Player(cmd.By.ID)
		if p == nil || p.Side != engine.EnemyOf(r.Side) || !g.ActsAsOverall(*p) {
			return nil, engine.Illegal("remote.answer", fmt.Sprintf("The %s's overall commander answers the request", sideName(engine.EnemyOf(r.Side))), "")
		}
	}
	return []engine.Event{&RemoteAnswered{By: cmd.By, Side: engine.EnemyOf(r.Side), Allow: cmd.Allow, Comment: strings.TrimSpace(cmd.Comment)}}, nil
}

// RemoteAllowed reports whether the enemy allowed the unit to move
// without the initiative in this step (17.2).
func (g Game) RemoteAllowed(unit string) bool {
	a, ok := g.cycle()
	if !ok {
		return false
	}
	for _, r := range a.Remotes {
		if r.Answer == "allowed" && slices.Contains(r.Units, unit) {
			return true
		}
		// 17.2, 22.4 with time limitation (clock.go): a unit denied permission moves at the end of the action cycle, time left or not.
		if g.Options.TimeLimit && a.Over && r.Answer == "denied" && slices.Contains(r.Units, unit) {
			return true
		}
	}
	return false
}

// RemoteRequest is a request to move units more than 8 hexes from the
// enemy without the initiative (17.2).
type RemoteRequest struct {
	Side    engine.Side  `json:"side"`
	By      engine.Actor `json:"by"`
	Units   []string     `json:"units"`
	Answer  string       `json:"answer,omitempty"` // "allowed" or "denied"
	Phase   int          `json:"phase"`
	Comment string       `json:"comment,omitempty"`
}
