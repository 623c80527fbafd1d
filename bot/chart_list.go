package bot

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// handleChartList lists the printed charts a game needs (its chart
// slots: the numbers a group loads from its own copy), each loaded on
// this server or not, and the command that loads it (issue 22, LITN
// set-up 3: "there is no list of the charts a game needs"). In a game's
// channel it lists that game's; elsewhere, or with game:, every game's.
// The server's copies are shared by all its games and hold no side's
// secrets, so anyone may read the list.
func handleChartList(ctx context.Context, r *Router, req Request) (Reply, error) {
	var o struct {
		Game string `opt:"game,lower"`
	}
	if err := decodeOptions(req, &o); err != nil {
		return Reply{}, err
	}
	games := playedGames
	var here gameCopies // chart_game.go: the channel's LITN game's own copies
	switch g, ok := r.channelGame(ctx, req); {
	case o.Game != "":
		games = nil
		for _, gi := range playedGames {
			if string(gi.id) == o.Game {
				games = []gameInfo{gi}
			}
		}
		if games == nil {
			return Reply{}, &engine.RuleError{Kind: engine.ErrInvalid, Code: "chart.game",
				What: fmt.Sprintf("No game %q", o.Game), Hint: "Use lrtg, lrta or litn"}
		}
	case ok:
		games = []gameInfo{gameNamed(g)}
		here = r.gameCopies(ctx, req)
	}
	loaded, err := r.loadedCharts(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	// Each slot once, in the library's order, with the games that use it
	// when the list is of more than one (the series' charts serve LRTG
	// and LRTA).
	var lines []string
	missing := 0
	for _, s := range r.library.Slots {
		if !slices.ContainsFunc(games, func(gi gameInfo) bool { return slices.Contains(gi.rules, s.Game) }) {
			continue
		}
		line := fmt.Sprintf("`%s` %s", s.ID, s.Title)
		if len(games) > 1 {
			line += " (" + slotGames(s) + ")"
		}
		if note, ok, lacks := here.line(s); ok {
			line += note
			if lacks {
				missing++
			}
		} else if lc := loaded.Loaded[s.ID]; lc != nil {
			line += fmt.Sprintf(": loaded, %d rows x %d columns, digest %s", len(lc.Rows), len(lc.Columns), chartDigest(lc))
		} else {
			line += fmt.Sprintf(": **not loaded**, /chart load name:%s", s.ID)
			missing++
		}
		lines = append(lines, line)
	}
	if len(lines) == 0 {
		lines = []string{"This game needs no printed chart of its own: its charts are in the rules (/chart show)."}
	}
	names := make([]string, len(games))
	for i, gi := range games {
		names[i] = gi.short
	}
	e := &Embed{Title: fmt.Sprintf("Printed charts for %s: %d of %d not loaded", strings.Join(names, ", "), missing, len(lines)), Description: clipLines(lines, 4000),
		Footer: "A game keeps the charts loaded when it starts; a LITN game's umpire loads one into his game with game:true. /chart load name:<id> file:<yaml> loads your copy (the slot's shape is in the refusal without file:); two groups compare copies by their digests."}
	return Reply{Outputs: []Output{{Audience: Audience{Kind: AudienceEphemeral}, Text: e.PlainText(), Embed: e, Events: []EventView{}}}}, nil
}

// chartDigest is the first 16 hex digits of the SHA-256 of a loaded
// copy's rows, columns and cells (not of the file: two files that load
// the same chart have the same digest, whatever their spacing).
func chartDigest(lc *engine.LoadedChart) string {
	b, err := json.Marshal(lc)
	if err != nil {
		return "?"
	}
	sum := sha256.Sum256(b)
	return strings.ToLower(hex.EncodeToString(sum[:8]))
}
