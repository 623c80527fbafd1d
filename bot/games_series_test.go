package bot

import (
	"reflect"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/litn"
	"github.com/umpire-games/umpire/engine/lrtg"
)

// presentLITN asks no game's id (issue 20): only LITN's events say
// (litn.Sayer), and a game of another ruleset folds none of them, only
// its own and the kernel's.
func TestOnlyLITNEventsSay(t *testing.T) {
	others := engine.NewRulesets(lrtg.Ruleset(), lrtg.LRTARuleset())
	for _, typ := range others.EventTypes() {
		e, err := others.DecodeEvent(typ, []byte("{}"))
		if err != nil {
			t.Fatalf("%s: %v", typ, err)
		}
		if _, ok := e.(litn.Sayer); ok {
			t.Errorf("%s, an event of LRTG, LRTA or the kernel, would be told by LITN's presenter", typ)
		}
	}
	says := 0
	rs := litn.Ruleset()
	for _, typ := range rs.EventTypes() {
		if _, ok := rs.NewEvent(typ).(litn.Sayer); ok {
			says++
		}
	}
	if says == 0 {
		t.Error("no LITN event says anything")
	}
}

// LITN's completers ask no game's id: the router asks an option's
// completer only when its command belongs to the channel's game
// (Autocomplete, games.go). In an LRTG game no completer of /litn or
// /sheet is asked; in a LITN game they are.
func TestLITNCompletionsElsewhere(t *testing.T) {
	asked := map[string]bool{}
	spy := func(r *Router) []string {
		var keys []string
		for _, name := range []string{"litn", "sheet"} {
			for _, sub := range r.Command(name).Subcommands {
				for i := range sub.Options {
					if sub.Options[i].Autocomplete == nil {
						continue
					}
					key := name + " " + sub.Name + " " + sub.Options[i].Name
					sub.Options[i].Autocomplete = func(*Router, Request, string) []engine.Match {
						asked[key] = true
						return nil
					}
					keys = append(keys, key)
				}
			}
		}
		return keys
	}
	complete := func(r *Router, channel string, keys []string) {
		for _, key := range keys {
			f := strings.Fields(key) // command, subcommand, option
			r.Autocomplete(Request{GuildID: "g", ChannelID: channel, User: leeA, Command: f[0], Path: []string{f[1]}, Options: map[string]string{}}, f[2], "")
		}
	}

	r := NewRouter(openStore(t), WithLogger(quietLog()))
	mustOK(t, r, gameReq(umpireA, "new", map[string]string{"scenario": "lrtg-high-tide"}))
	mustOK(t, r, gameReq(leeA, "join", map[string]string{"side": "csa"}))
	keys := spy(r)
	if len(keys) < 3 {
		t.Fatalf("/litn and /sheet complete %d options", len(keys))
	}
	complete(r, "war", keys)
	for _, k := range keys {
		if asked[k] {
			t.Errorf("/%s: completed in an LRTG game", k)
		}
	}

	r, _ = litnInitRouter(t, "litn-1-frederick-to-antietam", "sheet-1-csa.yaml", "sheet-1-usa.yaml")
	keys = spy(r)
	complete(r, "war", keys)
	for _, k := range keys {
		if !asked[k] {
			t.Errorf("/%s: not completed in a LITN game", k)
		}
	}
}

// Every game on LRTG's machinery says each of its words: a field left
// empty would print as nothing. The fields whose "" is a meaning (no
// booklet, LRTG's morale effects, LRTG's army name, no rail note) are
// given by LRTA.
func TestSeriesWordsComplete(t *testing.T) {
	optional := map[string]bool{"booklet": true, "moraleEffects": true, "unionArmy": true, "railNote": true}
	for _, g := range playedGames {
		if g.id == litn.ID {
			continue
		}
		v := reflect.ValueOf(g.series)
		for i := 0; i < v.NumField(); i++ {
			f := v.Type().Field(i)
			if v.Field(i).Kind() == reflect.String && v.Field(i).String() == "" && (!optional[f.Name] || g.id == lrtg.LRTA) {
				t.Errorf("%s: series.%s is empty", g.short, f.Name)
			}
		}
	}
	if gameNamed(lrtg.LRTA).series.vpRefusal == nil || gameNamed(lrtg.LRTG).series.vpRefusal != nil {
		t.Error("LRTA refuses LRTG's /vp actions, LRTG none")
	}
}
