package engine

import (
	"encoding/hex"
	"fmt"
	"sort"
	"strings"
)

// The game commands every game has: create, join, start, end (Decide, game.go).

// decideNewGame creates the channel's game: its options checked, its ruleset
// recorded, the dice's commitment published (dice.go).
func (g GameState) decideNewGame(cmd NewGame, d Dice) ([]Event, error) {
	if g.Created {
		return nil, Illegal("game.exists", "This channel already has a game", "One game at a time in a channel: the umpire ends this one with /game end first, or the next is created in another channel")
	}
	if err := checkOptions(cmd.Options, cmd.Rules); err != nil {
		return nil, err
	}
	ev := &GameCreated{Options: cmd.Options, Umpire: cmd.By, SeedHash: "unseeded (scripted dice)", Rules: cmd.Rules}
	if cmd.Rules != nil {
		ev.Options.Game = cmd.Rules.ID()
	}
	if s, ok := d.(Seeder); ok {
		seed := s.Reveal()
		ev.SeedHash, ev.DiceScheme, ev.ChosenSeed = seed.Commitment(), seed.Scheme, s.Chosen()
	}
	return []Event{ev}, nil
}

// decideJoin makes a player a commander of a side before the start; the
// first of a side is its overall commander.
func (g GameState) decideJoin(cmd JoinGame) ([]Event, error) {
	if err := g.NeedGame(); err != nil {
		return nil, err
	}
	if g.Started {
		return nil, Illegal("game.started", "The game has started", "Ask the umpire to add you as a commander")
	}
	if cmd.Side != CSA && cmd.Side != USA {
		return nil, Invalid("game.side", fmt.Sprintf("%q is not a side", cmd.Side), "Join side:csa or side:usa")
	}
	// Joining again before the start replaces the earlier join (issue 22):
	// a mistaken side or command is mended by joining as meant.
	replaces := g.Player(cmd.By.ID) != nil
	if cmd.By.ID == g.Umpire.ID && !g.creatorMayPlay() {
		// The creator umpires the game: in a hidden game, were he to
		// command a side he would read the enemy's hidden units and
		// step the phases for his own side, and no one else could
		// (docs/authorization.md). In an open game he may, and the
		// table is told.
		return nil, Illegal("game.umpire_joins", "You created this game, so you umpire it, and in a game that hides the enemy (limited or double-blind intelligence, or secret record sheets) the umpire commands no side",
			"Let a member who will not play create the game (/game new in another channel), or play an open game; a member of the server's umpire role may join a side and then umpires nothing in that game")
	}
	if cmd.OOB != nil && len(cmd.Commands) > 0 && g.rules != nil && g.rules.hooks.CheckJoin != nil {
		if err := g.rules.hooks.CheckJoin(cmd.Side, cmd.Commands, cmd.OOB); err != nil {
			return nil, err
		}
	}
	overall := true
	for _, p := range g.Players {
		if p.Side == cmd.Side && p.Actor.ID != cmd.By.ID {
			overall = false
		}
	}
	if p := g.Player(cmd.By.ID); p != nil && p.Side == cmd.Side {
		overall = p.Overall // he keeps his place on his side
	}
	return []Event{&GameJoined{Player: Player{Actor: cmd.By, Side: cmd.Side, Overall: overall, Commands: cmd.Commands}, Replaces: replaces}}, nil
}

// decideLeave takes a player off his side before the start (issue 22); an
// overall commander's place goes to the earliest joined who remains on his
// side (withoutPlayer).
func (g GameState) decideLeave(cmd LeaveGame) ([]Event, error) {
	if err := g.NeedGame(); err != nil {
		return nil, err
	}
	if g.Started {
		return nil, Illegal("game.started", "The game has started: a commander no longer leaves his side", "Ask the umpire to give your command to another player (/command give)")
	}
	if g.Player(cmd.By.ID) == nil {
		return nil, Illegal("game.not_joined", "You have not joined this game", "/game join side:csa or side:usa")
	}
	return []Event{&GameLeft{Actor: cmd.By}}, nil
}

// decideStart fixes the set-up from the order of battle (000 VIII): every
// unit, the depots, damaged stations and time chits, copied into the event.
func (g GameState) decideStart(cmd StartGame) ([]Event, error) {
	if err := g.NeedGame(); err != nil {
		return nil, err
	}
	if g.Started {
		return nil, Illegal("game.started", "The game has already started", "")
	}
	if !g.IsUmpire(cmd.By) {
		return nil, Illegal("game.umpire", "Only the umpire starts the game", fmt.Sprintf("Ask %s", g.Umpire.Name))
	}
	for _, s := range []Side{CSA, USA} {
		n := 0
		for _, p := range g.Players {
			if p.Side == s {
				n++
			}
		}
		if n == 0 {
			return nil, Illegal("game.players", fmt.Sprintf("No one commands the %s yet", strings.ToUpper(string(s))), "Each side needs a player: /game join side:"+string(s))
		}
	}
	if err := g.checkCommand(cmd.OOB); err != nil {
		return nil, err
	}
	ev := &GameStarted{Variant: cmd.OOB.Variant}
	for _, u := range cmd.OOB.Units {
		us := UnitState{ID: u.ID, Name: u.Name, Side: u.Side, Kind: u.Kind, Command: u.Command, Manpower: u.Manpower,
			OnMap: u.OnMap, Hex: u.Hex, Track: u.Track, Slot: u.Slot, Marks: u.Marks}
		if u.OnMap {
			us.Ref = u.Ref.String()
		}
		ev.Units = append(ev.Units, us)
	}
	sort.Slice(ev.Units, func(i, j int) bool { return ev.Units[i].ID < ev.Units[j].ID })
	for _, d := range cmd.OOB.Depots {
		ev.Depots = append(ev.Depots, StartDepot{Side: d.Side, Place: d.Place, Optional: d.Optional})
	}
	ev.Damaged = append([]string(nil), cmd.OOB.Damaged...)
	for _, sl := range cmd.Slots {
		if lc := cmd.Charts[sl.ID]; lc != nil {
			if ev.Charts == nil {
				ev.Charts = map[string]*LoadedChart{}
			}
			ev.Charts[sl.ID] = lc
		}
	}
	if len(cmd.OOB.Chits) > 0 {
		ev.Chits = map[Side]int{}
		for k, v := range cmd.OOB.Chits {
			ev.Chits[k] = v
		}
	}
	return []Event{ev}, nil
}

// decideEndGame ends the game and reveals the dice's seed (and salt), so
// anyone can audit every roll.
func (g GameState) decideEndGame(cmd EndGame, d Dice) ([]Event, error) {
	if err := g.NeedGame(); err != nil {
		return nil, err
	}
	if g.Ended != nil {
		return nil, Illegal("game.ended", "The game has already ended", "/game audit checks its rolls")
	}
	if !g.IsUmpire(cmd.By) {
		return nil, Illegal("game.umpire", "Only the umpire ends the game", fmt.Sprintf("Ask %s", g.Umpire.Name))
	}
	s, ok := d.(Seeder)
	if !ok {
		return nil, fmt.Errorf("engine: the game's dice have no seed to reveal")
	}
	seed := s.Reveal()
	ev := &GameEnded{By: cmd.By, Reason: cmd.Reason, Seed1: seed.Seed1, Seed2: seed.Seed2}
	if seed.Salt != nil {
		ev.Salt = hex.EncodeToString(seed.Salt)
	}
	return []Event{ev}, nil
}
