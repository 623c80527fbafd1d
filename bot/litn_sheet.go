package bot

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/litn"
	"github.com/umpire-games/umpire/scenarios"
	"github.com/umpire-games/umpire/store"
)

// /sheet: LITN's Player Record Sheets (002 2.5, 6, 15; issue 10
// "Set-up"). The umpire loads each side's sheet before the start, from the
// group's own copy of the printed sheet (docs/litn-record-sheet.md); it is
// read strictly (scenarios.ParseLITNSheet), checked by the engine
// (litn.ValidateSheet) and recorded whole in the game's stream
// (litn.sheet-loaded). 2.5: "Each player's Record Sheet is secret from his
// opponent": every answer is ephemeral, nothing is posted to the channel,
// the event goes only to the umpire who loaded it, and /sheet show shows
// a sheet only to its side's players and the umpire. (A top-level command,
// not a /game subcommand: /help command:game has no room left, and
// "load" and "show" are subcommands, which /game's cannot have.)

func litnSheetCommands() []*Command {
	return []*Command{{
		Name:        "sheet",
		Description: "LITN Player Record Sheets, secret to each side (002 2.5)",
		Subcommands: []*Command{
			{
				Name:        "load",
				Description: "Load a side's record sheet before the start (umpire; docs/litn-record-sheet.md)",
				Ephemeral:   true,
				Options: []OptionSpec{
					{Name: "side", Description: "csa or usa", Type: String, Required: true, MaxLength: 3, Placeholder: "csa|usa"},
					{Name: "file", Description: "The record sheet file (YAML)", Type: Attachment},
					{Name: "data", Description: "Or the file's text", Type: String, MaxLength: 6000, Placeholder: "yaml"},
				},
				Handle: handleSheetLoad,
			},
			{
				Name:        "show",
				Description: "Read your side's record sheet (its players and the umpire only)",
				Ephemeral:   true,
				Options: []OptionSpec{
					{Name: "side", Description: "csa or usa (the umpire's choice; a player reads his own)", Type: String, MaxLength: 3, Placeholder: "csa|usa"},
				},
				Handle: handleSheetShow,
			},
		},
	}}
}

// sheetOpts are /sheet show's and /sheet load's options (show has no
// data:; a file attached is req.Attachments["file"]).
type sheetOpts struct {
	litnSide
	Data string `opt:"data,raw"` // a record sheet pasted
}

// sheetGame is the channel's game, if it is a LITN game, and the
// command's options (the side asked for: "" when none).
func sheetGame(ctx context.Context, r *Router, req Request) (engine.GameState, sheetOpts, error) {
	var o sheetOpts
	g, err := r.gameHere(ctx, req)
	if err != nil {
		return g, o, err
	}
	if c := r.Command("sheet"); !c.playedIn(g.Game()) { // the router refuses it first (games.go)
		return g, o, notThisGame(c, g.Game())
	}
	err = decodeOptions(req, &o)
	return g, o, err
}

func handleSheetShow(ctx context.Context, r *Router, req Request) (Reply, error) {
	g, o, err := sheetGame(ctx, r, req)
	if err != nil {
		return Reply{}, err
	}
	return showSheet(ctx, r, req, g, o.Side)
}

func handleSheetLoad(ctx context.Context, r *Router, req Request) (Reply, error) {
	g, o, err := sheetGame(ctx, r, req)
	if err != nil {
		return Reply{}, err
	}
	side := o.Side
	// Who may and when, before the file is read: a player learns nothing
	// from the checks of a file he may not load.
	if !g.IsUmpire(req.User) {
		return Reply{}, &engine.RuleError{Kind: engine.ErrIllegal, Code: "game.umpire", What: "Only the umpire loads a record sheet",
			Hint: fmt.Sprintf("Ask %s; read your own side's with /sheet show", g.Umpire.Name)}
	}
	if side == "" {
		return Reply{}, &engine.RuleError{Kind: engine.ErrInvalid, Code: "game.side", What: "Which side's record sheet is it?", Hint: "Give side:csa or side:usa"}
	}
	if g.Started {
		return Reply{}, &engine.RuleError{Kind: engine.ErrIllegal, Code: "sheet.started", What: "The game has started: its record sheets are set up",
			Hint: "A record sheet is loaded before /game start"}
	}
	data := uploaded(req, o.Data)
	if data == nil {
		return Reply{}, &engine.RuleError{Kind: engine.ErrInvalid, Code: "sheet.file", What: "No record sheet file was given",
			Hint: "Attach it as file: or paste it as data: (YAML: docs/litn-record-sheet.md; docs/litn-record-sheet-template.yaml is a template); /sheet show reads a loaded one"}
	}
	sheet, err := scenarios.ParseLITNSheet(data)
	if err != nil {
		return Reply{}, &engine.RuleError{Kind: engine.ErrInvalid, Code: "sheet.file", What: "The record sheet file is not right: " + err.Error(),
			Hint: "The format is in docs/litn-record-sheet.md"}
	}
	sc := r.scenarioOf(g)
	if sc == nil {
		return Reply{}, fmt.Errorf("game %s: unknown scenario %q", req.ChannelID, g.Options.Scenario)
	}
	sum := sha256.Sum256(data)
	cmd := litn.LoadSheet{By: req.User, Side: side, Sheet: sheet, SHA256: hex.EncodeToString(sum[:]), Scenario: *sc, Map: r.theatres[string(litn.ID)]}
	return r.settleGame(ctx, req, cmd, nil, func(views []EventView, evs []engine.Event) Reply {
		e := evs[0].(*litn.SheetLoaded)
		text := fmt.Sprintf("📋 Umpire: the %s Player Record Sheet for %s is recorded (SHA-256 `%s`): %s. It is secret (002 2.5): only the %s players and the umpire read it, with /sheet show. Nothing was posted to the channel.",
			sheetSideName(e.Side), sc.Title, e.SHA256, sheetCounts(&e.Sheet), sheetSideName(e.Side))
		// Ephemeral only, and only here the event (which holds the sheet).
		return Reply{Outputs: []Output{{Audience: Audience{Kind: AudienceEphemeral}, Text: text, Events: views}}}
	})
}

// showSheet shows a side's loaded sheet to one of its players or the
// umpire (2.5).
func showSheet(ctx context.Context, r *Router, req Request, g engine.GameState, side engine.Side) (Reply, error) {
	p := g.Player(req.User.ID)
	switch {
	case g.IsUmpire(req.User):
		if side == "" {
			return Reply{}, &engine.RuleError{Kind: engine.ErrInvalid, Code: "game.side", What: "Which side's record sheet?", Hint: "Give side:csa or side:usa"}
		}
	case p == nil:
		return Reply{}, &engine.RuleError{Kind: engine.ErrIllegal, Code: "sheet.secret", What: "Each player's record sheet is secret from his opponent (002 2.5)",
			Hint: "Only a side's players and the umpire read its sheet: join a side with /game join"}
	case side != "" && side != p.Side:
		return Reply{}, &engine.RuleError{Kind: engine.ErrIllegal, Code: "sheet.secret", What: fmt.Sprintf("The %s record sheet is secret from you (002 2.5)", sheetSideName(side)),
			Hint: fmt.Sprintf("Read your own: /sheet show (side:%s)", p.Side)}
	default:
		side = p.Side
	}
	e, err := r.loadedSheet(ctx, req, side)
	if err != nil {
		return Reply{}, err
	}
	if e == nil {
		return Reply{}, &engine.RuleError{Kind: engine.ErrIllegal, Code: "sheet.none", What: fmt.Sprintf("No %s record sheet has been loaded", sheetSideName(side)),
			Hint: fmt.Sprintf("The umpire loads it before the start: /sheet load side:%s file:<sheet.yaml>", side)}
	}
	// A whole sheet is longer than one Discord message (2,000
	// characters): it goes in several, each whole lines.
	var rep Reply
	for _, part := range splitLines(sheetText(e, r.scenarioOf(g)), 1900) {
		rep.Outputs = append(rep.Outputs, Output{Audience: Audience{Kind: AudienceEphemeral}, Text: part, Events: []EventView{}})
	}
	return rep, nil
}

// splitLines cuts text into parts of at most limit bytes, at line ends (a
// longer line is a part of its own).
func splitLines(text string, limit int) []string {
	var parts []string
	var b strings.Builder
	for _, l := range strings.Split(text, "\n") {
		if b.Len() > 0 && b.Len()+1+len(l) > limit {
			parts = append(parts, b.String())
			b.Reset()
		}
		if b.Len() > 0 {
			b.WriteString("\n")
		}
		b.WriteString(l)
	}
	return append(parts, b.String())
}

// loadedSheet is the last record sheet of the side loaded into the game's
// stream, or nil. The state keeps none (2.5: no view of the state may show
// it), so it is read from the stream.
func (r *Router) loadedSheet(ctx context.Context, req Request, side engine.Side) (*litn.SheetLoaded, error) {
	_, recs, err := r.store.Load(ctx, r.gameStream(ctx, req), 0)
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		return nil, err
	}
	for i := len(recs) - 1; i >= 0; i-- {
		if recs[i].Type != litn.EventSheetLoaded {
			continue
		}
		e, err := r.rulesets.DecodeEvent(recs[i].Type, recs[i].Data)
		if err != nil {
			return nil, fmt.Errorf("stream %s version %d: %w", r.gameStream(ctx, req), recs[i].Version, err)
		}
		if s := e.(*litn.SheetLoaded); s.Side == side {
			return s, nil
		}
	}
	return nil, nil
}

func sheetSideName(s engine.Side) string {
	if s == engine.CSA {
		return "Confederate"
	}
	return "Union"
}

// sheetCounts sums a sheet up for the umpire: leaders by role, combat
// units on the map and arriving later.
func sheetCounts(s *litn.Sheet) string {
	nonCombat, onMap, later, strength := 0, 0, 0, 0
	for _, l := range s.Leaders {
		if !l.IsCombat() {
			nonCombat++
			continue
		}
		strength += l.Strength
		if l.Hex != "" {
			onMap++
		} else {
			later++
		}
	}
	return fmt.Sprintf("%d non-combat leaders, %d combat units on the map and %d arriving later, %d strength points", nonCombat, onMap, later, strength)
}

// sheetText is the sheet as its side reads it.
func sheetText(e *litn.SheetLoaded, sc *engine.Scenario) string {
	var b strings.Builder
	title := e.Sheet.Scenario
	if sc != nil {
		title = sc.Title
	}
	fmt.Fprintf(&b, "📋 **%s Player Record Sheet**, %s (secret: 002 2.5)", sheetSideName(e.Side), title)
	if e.Sheet.Source != "" {
		fmt.Fprintf(&b, "\nSource: %s", e.Sheet.Source)
	}
	names := map[string]string{}
	for _, l := range e.Sheet.Leaders {
		names[l.ID] = l.Name
	}
	for _, l := range e.Sheet.Leaders {
		fmt.Fprintf(&b, "\n• **%s** (`%s`) · ", l.Name, l.ID)
		if l.IsCombat() {
			fmt.Fprintf(&b, "%s, strength %d", l.Troops, l.Strength)
		} else {
			b.WriteString(l.RoleName())
			if l.Troops != "" {
				fmt.Fprintf(&b, ", %s, strength %d", l.Troops, l.Strength)
			}
		}
		fmt.Fprintf(&b, " · command %d, initiative %d, combat bonus %d, rank %d", l.Command, l.Initiative, l.CombatBonus, l.Rank)
		if l.SubordinateTo != "" {
			fmt.Fprintf(&b, " · subordinate to %s", names[l.SubordinateTo])
		}
		if l.Hex != "" {
			fmt.Fprintf(&b, " · starts in %s", l.Hex)
		}
		var arr []string
		for _, a := range l.Arrives {
			s := ""
			switch a.By {
			case litn.SheetByVariableEntry:
				s = fmt.Sprintf("by variable entry rolls from turn %d", a.Turn)
			case litn.SheetByHookerOut:
				s = "when Hooker is relieved (Hooker dissatisfaction)"
			default:
				s = fmt.Sprintf("on turn %d", a.Turn)
			}
			if len(a.Hexes) > 0 {
				s += " at " + strings.Join(a.Hexes, ", ")
			}
			arr = append(arr, s)
		}
		if len(arr) > 0 {
			fmt.Fprintf(&b, " · arrives %s", strings.Join(arr, ", or "))
		}
		if l.OffMapHex != "" {
			fmt.Fprintf(&b, " (off the map, counts as in %s for command)", l.OffMapHex)
		}
		if l.Notes != "" {
			fmt.Fprintf(&b, " · %s", l.Notes)
		}
	}
	if e.Sheet.Instructions != "" {
		fmt.Fprintf(&b, "\nSet-up instructions: %s", strings.TrimSpace(e.Sheet.Instructions))
	}
	return b.String()
}
