package bot

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

func handleRoll(ctx context.Context, r *Router, req Request) (Reply, error) {
	var o struct {
		Dice string `opt:"dice,raw"` // the engine reads the expression as typed
		For  string `opt:"for"`
	}
	if err := decodeOptions(req, &o); err != nil {
		return Reply{}, err
	}
	cmd := engine.RollDice{By: req.User, Expression: o.Dice, Purpose: o.For}
	return r.settleChannel(ctx, req, cmd, func(views []EventView, events []engine.Event) Reply {
		var text []string
		for _, e := range events {
			if roll, ok := e.(*engine.DiceRolled); ok {
				text = append(text, FormatRoll(roll))
			}
		}
		return Reply{Outputs: []Output{{
			Audience: Audience{Kind: AudiencePublic, Channel: req.ChannelID},
			Text:     strings.Join(text, "\n"),
			Events:   views,
		}}}
	})
}

// FormatRoll writes a roll as players read it: its number, who rolled what
// for what, every die, each modifier and the total, e.g.
//
//	🎲 Roll #3 · Longstreet rolls 2d6+1 for initiative: [4 6] +1 = **11**
func FormatRoll(r *engine.DiceRolled) string {
	var b strings.Builder
	fmt.Fprintf(&b, "🎲 %s · %s rolls %s", rollLabel(r.Number, r.RollStream), r.By.Name, r.Expression)
	if r.Purpose != "" {
		fmt.Fprintf(&b, " for %s", r.Purpose)
	}
	b.WriteString(":")
	for i, t := range r.Terms {
		sign := "+"
		if t.Sign < 0 {
			sign = "−"
		}
		switch {
		case t.Faces != nil:
			faces := make([]string, len(t.Faces))
			for j, f := range t.Faces {
				faces[j] = strconv.Itoa(f)
			}
			if i > 0 || t.Sign < 0 {
				b.WriteString(" " + sign)
			}
			fmt.Fprintf(&b, " [%s]", strings.Join(faces, " "))
		default:
			fmt.Fprintf(&b, " %s%d", sign, t.Count)
		}
	}
	fmt.Fprintf(&b, " = **%d**", r.Total)
	return b.String()
}

// rollLabel numbers a roll as its readers count it: "Roll #3" for a
// public roll, "Umpire's secret roll #2" for a secret one, which has its
// audience's own count (engine/rollstream.go).
func rollLabel(n int64, rs engine.RollStream) string {
	switch rs.Secret {
	case "":
		return fmt.Sprintf("Roll #%d", n)
	case engine.RollAudienceUmpire:
		return fmt.Sprintf("Umpire's secret roll #%d", n)
	}
	return fmt.Sprintf("%s secret roll #%d", strings.ToUpper(rs.Secret), n)
}
