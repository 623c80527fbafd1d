package bot

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/scenarios"
	"github.com/umpire-games/umpire/store"
)

// /game oob: the umpire loads a group's own order of battle before the
// start (issue 7). The file is YAML in the format of the shipped orders of
// battle (docs/oob-format.md; docs/oob-template.yaml is a template), with
// both sides; it is read as strictly as the shipped files and checked
// against the game's map. The whole order of battle goes into the game's
// stream (oob.imported), and /game start sets up the last one imported
// instead of the shipped one. The channel is told only how many units each
// side has; the umpire alone sees more.

func oobGameSubcommands() []*Command {
	return []*Command{{
		Name:        "oob",
		Description: "Load your group's order of battle before the start (umpire; YAML, docs/oob-format.md)",
		Options: []OptionSpec{
			{Name: "file", Description: "The order of battle file (YAML with both sides)", Type: Attachment},
			{Name: "data", Description: "Or the file's text", Type: String, MaxLength: 6000, Placeholder: "yaml"},
		},
		Handle: handleGameOOB,
	}}
}

func handleGameOOB(ctx context.Context, r *Router, req Request) (Reply, error) {
	g, err := r.gameHere(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	// Who may and when, before the file is read: a player learns nothing
	// from the checks of a file he may not load.
	if !g.IsUmpire(req.User) {
		return Reply{}, &engine.RuleError{Kind: engine.ErrIllegal, Code: "game.umpire", What: "Only the umpire loads an order of battle", Hint: fmt.Sprintf("Ask %s", g.Umpire.Name)}
	}
	if g.Started {
		return Reply{}, &engine.RuleError{Kind: engine.ErrIllegal, Code: "oob.started", What: "The game has started: its order of battle is set up",
			Hint: "An order of battle is loaded before /game start; change units now with /unit set or /move (umpire, with a reason)"}
	}
	var o struct {
		Data string `opt:"data,raw"` // the file pasted as text; file: wins
	}
	if err := decodeOptions(req, &o); err != nil {
		return Reply{}, err
	}
	data := uploaded(req, o.Data)
	if data == nil {
		return Reply{}, &engine.RuleError{Kind: engine.ErrInvalid, Code: "oob.file", What: "No order of battle file was given",
			Hint: "Attach it as file: (YAML with both sides: docs/oob-format.md; docs/oob-template.yaml is a template)"}
	}
	oob, err := scenarios.ParseOrderOfBattle(data, r.theatres)
	if err != nil {
		return Reply{}, &engine.RuleError{Kind: engine.ErrInvalid, Code: "oob.file", What: "The order of battle file is not right: " + err.Error(),
			Hint: "The format is in docs/oob-format.md"}
	}
	sc := r.scenarioOf(g)
	if sc == nil {
		return Reply{}, fmt.Errorf("game %s: unknown scenario %q", req.ChannelID, g.Options.Scenario)
	}
	if oob.Game != sc.Game {
		return Reply{}, &engine.RuleError{Kind: engine.ErrInvalid, Code: "oob.game",
			What: fmt.Sprintf("The file is an order of battle for %s (game: %s), but this game is %s (%s)", strings.ToUpper(string(oob.Game)), oob.Game, sc.Title, sc.Game),
			Hint: fmt.Sprintf("Give the file game: %s", sc.Game)}
	}
	if oob.Variant == "jackson-lives" && !g.Options.JacksonLives {
		return Reply{}, &engine.RuleError{Kind: engine.ErrInvalid, Code: "oob.variant",
			What: "The file is for the Jackson Lives variant, but this game is not", Hint: "Leave variant: out, or create the game with jackson_lives:true"}
	}
	sum := sha256.Sum256(data)
	cmd := engine.ImportOOB{By: req.User, OOB: oob, SHA256: hex.EncodeToString(sum[:])}
	return r.settleGame(ctx, req, cmd, nil, func(views []EventView, evs []engine.Event) Reply {
		e := evs[0].(*engine.OOBImported)
		public := fmt.Sprintf("📋 The umpire loaded an order of battle for %s: %d Confederate and %d Union units. /game start sets it up instead of the shipped one.",
			sc.Title, e.Count(engine.CSA), e.Count(engine.USA))
		// The channel gets the counts, never the units (or the event,
		// which holds them): the umpire's own answer carries the record.
		rep := publicText(req, public, []EventView{})
		rep.Outputs = append(rep.Outputs, Output{Audience: Audience{Kind: AudienceEphemeral}, Text: importSummary(e), Events: views})
		return rep
	})
}

// importSummary is the umpire's account of an import: per side, the units
// on the map and on each track, by kind; depots, stations, time chits.
func importSummary(e *engine.OOBImported) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Umpire: order of battle recorded (SHA-256 `%s`).", e.SHA256)
	if e.Source != "" {
		fmt.Fprintf(&b, " Source: %s.", e.Source)
	}
	for _, side := range []engine.Side{engine.CSA, engine.USA} {
		kinds := map[string]int{}
		where := map[string]int{}
		for _, u := range e.Units {
			if u.Side != side {
				continue
			}
			kinds[string(u.Kind)]++
			if u.OnMap {
				where["on the map"]++
			} else {
				where["track "+u.Track]++
			}
		}
		fmt.Fprintf(&b, "\n%s: %d units (%s; %s)", strings.ToUpper(string(side)), e.Count(side), oobCountList(kinds), oobCountList(where))
		var depots []string
		for _, d := range e.Depots {
			if d.Side == side {
				depots = append(depots, d.Place)
			}
		}
		if len(depots) > 0 {
			fmt.Fprintf(&b, "; depots: %s", strings.Join(depots, ", "))
		}
		if n, ok := e.Chits[side]; ok {
			fmt.Fprintf(&b, "; %d time chits", n)
		}
	}
	if len(e.Damaged) > 0 {
		fmt.Fprintf(&b, "\nDamaged stations: %s", strings.Join(e.Damaged, ", "))
	}
	return b.String()
}

func oobCountList(m map[string]int) string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%d %s", m[k], k)
	}
	return strings.Join(parts, ", ")
}

// scenarioOf is the catalogue entry of the game's scenario, or nil.
func (r *Router) scenarioOf(g engine.GameState) *engine.Scenario {
	for i := range r.scenarios {
		if r.scenarios[i].ID == g.Options.Scenario {
			return &r.scenarios[i]
		}
	}
	return nil
}

// importedOrder is the last order of battle the umpire imported into the
// game's stream, or nil. The state does not keep it (an import is needed
// once, at the start), so it is read from the stream's events.
func (r *Router) importedOrder(ctx context.Context, req Request) (*engine.OrderOfBattle, error) {
	_, recs, err := r.store.Load(ctx, r.gameStream(ctx, req), 0)
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		return nil, err
	}
	for i := len(recs) - 1; i >= 0; i-- {
		if recs[i].Type != engine.EventOOBImported {
			continue
		}
		e, err := r.rulesets.DecodeEvent(recs[i].Type, recs[i].Data)
		if err != nil {
			return nil, fmt.Errorf("stream %s version %d: %w", r.gameStream(ctx, req), recs[i].Version, err)
		}
		return e.(*engine.OOBImported).OrderOfBattle(), nil
	}
	return nil, nil
}

// startOrder is the order of battle /game start sets up: the last one
// imported, or the shipped one of the game's scenario.
func (r *Router) startOrder(ctx context.Context, req Request, g engine.GameState) (oob *engine.OrderOfBattle, imported bool, err error) {
	if oob, err = r.importedOrder(ctx, req); err != nil || oob != nil {
		return oob, oob != nil, err
	}
	return r.orderOf(g), false, nil
}
