package bot

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/render"
)

// defaultRadius is the radius of /map without one: about 200 hexes.
const defaultRadius = 8

func mapCommand() *Command {
	return &Command{
		Name:        "map",
		Description: "Draw a section of the map around a hex or a place",
		Defer:       true,
		Options: []OptionSpec{
			{Name: "at", Description: "A place or a hex, e.g. Harpers Ferry or HW3218", Type: String, Required: true, MaxLength: 60, Placeholder: "hex or place",
				Autocomplete: func(r *Router, req Request, typed string) []engine.Match {
					return r.searchPlaces(context.Background(), req, typed, 25)
				}},
			{Name: "radius", Description: fmt.Sprintf("Hexes around it, 1 to %d (default %d)", engine.MaxMapRadius, defaultRadius), Type: Integer},
			{Name: "to", Description: "Or a second corner (place or hex): draw the box between the two", Type: String, MaxLength: 60, Placeholder: "hex or place",
				Autocomplete: func(r *Router, req Request, typed string) []engine.Match {
					return r.searchPlaces(context.Background(), req, typed, 25)
				}},
			{Name: "map", Description: "lrtg (LRTG and LRTA) or litn (default: this channel's game's map, else lrtg)", Type: String, MaxLength: 10, Placeholder: "lrtg|litn"},
		},
		Handle: handleMap,
	}
}

// mapOpts are /map's options.
type mapOpts struct {
	At     string `opt:"at,raw"` // a place's name or a hex, or one of the asker's units
	Radius *int   `opt:"radius"` // nil: defaultRadius
	To     string `opt:"to"`
	Map    string `opt:"map,lower"`
}

// theatre is the map named (the map option, lower-cased), else the
// request's channel's game's (a LITN game's /map at:2838 is LITN's hex
// 2838), else LRTG's.
func (r *Router) theatre(ctx context.Context, req Request, id string) (*engine.Theatre, error) {
	if id == "" {
		id = "lrtg"
		if g, ok := r.channelGame(ctx, req); ok {
			id = gameNamed(g).theatre
		}
	}
	t := r.theatres[id]
	if t == nil {
		var ids []string
		for k := range r.theatres {
			ids = append(ids, k)
		}
		sort.Strings(ids)
		return nil, &engine.RuleError{Kind: engine.ErrInvalid, Code: "map.unknown", What: fmt.Sprintf("There is no map %q", id), Hint: "Use " + strings.Join(ids, " or ")}
	}
	return t, nil
}

func (r *Router) searchPlaces(ctx context.Context, req Request, typed string, limit int) []engine.Match {
	var o struct {
		Map string `opt:"map,lower"`
	}
	_ = decodeOptions(req, &o) // a string: nothing to refuse while completing
	t, err := r.theatre(ctx, req, o.Map)
	if err != nil {
		return nil
	}
	q := strings.ToLower(strings.TrimSpace(typed))
	var out []engine.Match
	for _, p := range t.Places {
		if q == "" || strings.Contains(strings.ToLower(p.Name), q) {
			out = append(out, engine.Match{Value: p.Name, Label: fmt.Sprintf("%s (%s)", p.Name, p.Ref)})
		}
	}
	sort.Slice(out, func(i, j int) bool {
		pi, pj := strings.HasPrefix(strings.ToLower(out[i].Value), q), strings.HasPrefix(strings.ToLower(out[j].Value), q)
		if pi != pj {
			return pi
		}
		return out[i].Value < out[j].Value
	})
	if len(out) > limit {
		out = out[:limit]
	}
	return out
}

func handleMap(ctx context.Context, r *Router, req Request) (Reply, error) {
	var o mapOpts
	if err := decodeOptions(req, &o); err != nil {
		return Reply{}, err
	}
	t, err := r.theatre(ctx, req, o.Map)
	if err != nil {
		return Reply{}, err
	}
	// In a started game on this map, the map shows the units the asker
	// may see, and "at" may name one of his units.
	g, err := r.game(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	inGame := g.Started && t.ID == "lrtg"
	centre, name, err := t.Locate(o.At)
	if err != nil && inGame {
		if id, uerr := findUnit(g, req.User, o.At); uerr == nil && g.Units[id].OnMap {
			u := g.Units[id]
			centre, name, err = u.Hex, fmt.Sprintf("%s (%s)", u.Name, u.Ref), nil
		}
	}
	if err != nil {
		var re *engine.RuleError
		if e, ok := err.(*engine.RuleError); ok {
			re = e
			if m := r.searchPlaces(ctx, req, o.At, 3); len(m) > 0 {
				var s []string
				for _, x := range m {
					s = append(s, x.Value)
				}
				re.Hint = "Did you mean " + strings.Join(s, ", ") + "? " + re.Hint
			}
		}
		return Reply{}, err
	}
	radius := defaultRadius
	if o.Radius != nil {
		radius = *o.Radius
	}
	var v *engine.MapView
	var what string
	if to := o.To; to != "" {
		if o.Radius != nil {
			return Reply{}, &engine.RuleError{Kind: engine.ErrInvalid, Code: "map.options", What: "Give a radius or a second corner, not both", Hint: "/map at:<corner> to:<corner>, or /map at:<centre> radius:<hexes>"}
		}
		corner, name2, err := t.Locate(to)
		if err != nil {
			return Reply{}, err
		}
		if v, err = t.Box(centre, corner, fmt.Sprintf("%s — %s to %s", t.Title, name, name2)); err != nil {
			return Reply{}, err
		}
		what = fmt.Sprintf("from %s to %s", name, name2)
	} else {
		if v, err = t.Section(centre, radius, fmt.Sprintf("%s — around %s, radius %d", t.Title, name, radius)); err != nil {
			return Reply{}, err
		}
		what = fmt.Sprintf("%d hexes around %s", radius, name)
	}
	// The guild's terrain layer for this map, when it has loaded one
	// (terrain.go): public map data, drawn under the counters.
	layer, err := r.loadedTerrain(ctx, req, t.ID)
	if err != nil {
		return Reply{}, err
	}
	v.AddTerrain(layer)
	aud := Audience{Kind: AudiencePublic, Channel: req.ChannelID}
	if inGame {
		in := make(map[engine.Hex]bool, len(v.Hexes))
		for _, h := range v.Hexes {
			in[h.Hex] = true
		}
		view := engine.ViewFor(g, g.ViewerOf(req.User))
		for _, c := range view.Counters {
			if in[c.Hex] {
				v.Counters = append(v.Counters, c)
			}
		}
		v.Caption = []string{fmt.Sprintf("Turn %d", g.Turn)}
		if view.Mode != engine.IntelOpen {
			v.Caption = append(v.Caption, mapViewCaption(view))
			if view.Viewer.Kind != engine.ViewerPublic {
				// His view is his side's secret (and the umpire's view
				// everyone's): the map is for him alone.
				aud = Audience{Kind: AudienceEphemeral}
			}
		}
	}
	png, err := render.Section(v, render.Style{})
	if err != nil {
		return Reply{}, err
	}
	places := fmt.Sprintf("%d places", len(v.Places))
	if len(v.Places) == 1 {
		places = "1 place"
	}
	text := fmt.Sprintf("🗺️ %s, %s: %s", t.Title, what, places)
	file := File{Name: "map.png", ContentType: "image/png", Size: len(png), Data: png}
	return Reply{Outputs: []Output{{Audience: aud, Text: text, Files: []File{file}, Events: []EventView{}}}}, nil
}

// mapViewCaption says whose view a map of a hidden game shows.
func mapViewCaption(v engine.View) string {
	switch v.Viewer.Kind {
	case engine.ViewerUmpire:
		return "The umpire's view: every unit and dummy"
	case engine.ViewerPublic:
		if v.Mode == engine.IntelLimited {
			return "The public view: force markers only"
		}
		return "The public view: double-blind, no units"
	case engine.ViewerCommander:
		return fmt.Sprintf("Your view (%s): your units and what they see; faded counters were last seen on the turn marked", strings.ToUpper(string(v.Viewer.Side)))
	}
	if v.Mode == engine.IntelLimited {
		return fmt.Sprintf("The %s view: enemy stacks are force markers (?) until contact", strings.ToUpper(string(v.Viewer.Side)))
	}
	return fmt.Sprintf("The %s view: enemy units within sight; faded counters were last seen on the turn marked", strings.ToUpper(string(v.Viewer.Side)))
}
