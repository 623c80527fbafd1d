package bot

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
)

// storedUncovered are the event types no stored log holds yet, each with
// why. The coverage test fails when a type is neither in a log nor here,
// and when a type here has come into a log (keep the list true).
var storedUncovered = map[string]string{
	// Not written by today's code: a log made now cannot hold them.
	"litn.arrived": "no longer decided (arrivals enter by /litn move, 002 15.5); kept only so that recorded games replay",
	// Discord only.
	"game.channels":        "the game's private channels are made on Discord; the console has none",
	"game.channels_closed": "the game's private channels are closed on Discord; the console has none",
	// Rules the scripted games do not reach (a script that plays them would
	// cover them; the engine's tests decide and fold them).
	"attack.cancelled":                    "/attack (issue 21) settles on the group's loaded Combat Chart: the stored logs predate it; marches.script and lrta-marches.script play it (bot/marches_test.go, bot/lrta_marches_test.go)",
	"attack.answered":                     "/attack (issue 21) settles on the group's loaded Combat Chart: the stored logs predate it; marches.script and lrta-marches.script play it (bot/marches_test.go, bot/lrta_marches_test.go)",
	"attack.declared":                     "/attack (issue 21) settles on the group's loaded Combat Chart: the stored logs predate it; marches.script and lrta-marches.script play it (bot/marches_test.go, bot/lrta_marches_test.go)",
	"attack.ruled":                        "/attack rule: the umpire's ruling on a letter the chart leaves to him; marches.script's battles read no such letter",
	"attack.settled":                      "/attack (issue 21) settles on the group's loaded Combat Chart: the stored logs predate it; marches.script and lrta-marches.script play it (bot/marches_test.go, bot/lrta_marches_test.go)",
	"game.rewound":                        "/game undo to: (issue 22): the stored logs predate it; bot/rewind_test.go plays it through the router, engine/rewind_test.go folds it",
	"game.left":                           "/game leave before the start (issue 22): the stored logs predate it; bot/game_join_test.go plays it through the router",
	"litn.chart-loaded":                   "/chart load game:true, the umpire's copy into his LITN game (issue 22): the stored logs predate it; bot/chart_game_test.go plays it through the router",
	"litn.depots-declared":                "/litn depots (issue 22 ruling, 002 9.1): the stored logs predate it; bot/litn_depots_test.go records it through the router, engine/litn/game1862_test.go plays it",
	"step.done":                           "/phase done (issue 22: a turn that runs itself): the stored logs predate it; engine/lrtg/sequence_auto_test.go and bot/sequence_auto_test.go play it",
	"fort.classified":                     "a Union fort's class rolled by an attack declared on it (000 9.2 a): the scripts attack no fort; engine/lrtg/forts_test.go and bot/forts_test.go decide and fold it",
	"action.retreat_handed":               "a retreat owed handed to the umpire by a missed deadline: the scripts run no deadlines; engine/lrtg/retreat_owed_test.go decides and folds it",
	"depot.changed":                       "a scheduled depot completed (options.script's is due on turn 16; it ends on turn 6) or a Confederate depot at Winchester or Berryville",
	"march.extended-settled":              "an extended march rolled on the group's Extended March Table (issue 21): the stored logs predate it; bot/testdata/marches.script rolls two (bot/marches_test.go), engine/lrtg/move_extended_test.go decides and folds it, bot/move_extended_test.go plays it through the router (with the table and without: no_table)",
	"litn.hooker-majors":                  "Union major victories in scenario 3 (002 15.6): litn3.script fights no battle",
	"litn.militia":                        "the Union militia roll once 002 4.2's conditions are met: not reached",
	"litn.no-reaction":                    "a non-phasing player's word not to react (002 14.2): no surprise attack is attempted",
	"litn.rail":                           "Union rail movement (002 8.9): the scripts' Union had no CPs for it",
	"litn.surprise":                       "a surprise attack (002 14.2): litn3.script plays the option but nobody moves",
	"litn.wagon-ready":                    "/litn wagon ready: no wagon is depleted in the scripts",
	"lrta.dc":                             "/victory dc: a Washington, DC award needs Confederate units in the city",
	"lrta.reorganization.deferred":        "/reorganize defer: lrta.script begins the Union Army Reorganization instead",
	"lrta.restrefit.ended":                "/restrefit end: lrta.script's Rest and Refit proposal is refused, so no period ends",
	"place.failed":                        "a unit's failed roll to burn a depot (13.8): no script has a unit try",
	"random.ammo":                         "the Ammunition Train random event: the seeds' dice never draw it",
	"random.raid":                         "the Raspberry Raid settled as a random event: the seeds' dice never draw it",
	"reinforcements.draft-riots-manpower": "manpower sent against the draft riots (/draftriots remove:, LRTG 3.3): no script sends any",
	"terrain.loaded":                      "a guild's terrain layer (/terrain load): its own stream, not a game's; bot/terrain_test.go loads and folds it",
	"supply.ammo":                         "/segment ammo from a captured depot (19.5): no script captures one",
	"vp.bonus":                            "the three B&O stations and the Marysville bridge destroyed (000 VII 3, 4): no script destroys them",
}

// Every event type the engine decodes is in a stored log, or listed in
// storedUncovered with its reason.
func TestStoredLogsCoverEveryEventType(t *testing.T) {
	in := map[string][]string{}
	for _, g := range storedGames {
		for _, rec := range readStoredLog(t, g) {
			if l := in[rec.Type]; len(l) == 0 || l[len(l)-1] != g.name {
				in[rec.Type] = append(in[rec.Type], g.name)
			}
		}
	}
	known := map[string]bool{}
	covered := 0
	var missing []string
	for _, typ := range DefaultRulesets().EventTypes() {
		known[typ] = true
		_, listed := storedUncovered[typ]
		switch {
		case len(in[typ]) > 0 && listed:
			t.Errorf("%s is in the stored logs (%s): take it off storedUncovered", typ, strings.Join(in[typ], ", "))
		case len(in[typ]) > 0:
			covered++
		case !listed:
			missing = append(missing, typ)
		}
	}
	if len(missing) > 0 {
		t.Errorf("%d event types are in no stored log and not in storedUncovered: %s", len(missing), strings.Join(missing, " "))
	}
	for typ := range storedUncovered {
		if !known[typ] {
			t.Errorf("storedUncovered lists %s, which the engine does not decode", typ)
		}
	}
	for typ := range in {
		if !known[typ] {
			t.Errorf("a stored log holds %s, which engine.EventTypes does not list", typ)
		}
	}
	t.Logf("%d of %d event types are in the stored logs; %d listed as not yet", covered, len(DefaultRulesets().EventTypes()), len(storedUncovered))
}

// Every record of every stored log decodes, every field of its JSON is one
// the event's type still reads (a renamed or dropped field would be
// silently ignored by the decoder, and the stored fact lost), and its
// event encoded again decodes to the same event: nothing of a stored
// event is lost in a round trip (its JSON may change shape; its meaning
// may not).
func TestStoredLogsDecode(t *testing.T) {
	for _, g := range storedGames {
		for _, rec := range readStoredLog(t, g) {
			e, err := storedRulesets.DecodeEvent(rec.Type, rec.Data)
			if err != nil {
				t.Fatalf("%s: %s %d: %v", g.name, rec.Stream, rec.Version, err)
			}
			strict, err := storedRulesets.DecodeEvent(rec.Type, []byte("{}"))
			if err != nil {
				t.Fatal(err)
			}
			dec := json.NewDecoder(bytes.NewReader(rec.Data))
			dec.DisallowUnknownFields()
			if err := dec.Decode(strict); err != nil {
				t.Fatalf("%s: %s %d (%s): a stored field is not read any more: %v\nstored: %s", g.name, rec.Stream, rec.Version, rec.Type, err, rec.Data)
			}
			typ, data, err := engine.EncodeEvent(e)
			if err != nil || typ != rec.Type {
				t.Fatalf("%s: %s %d: encoded again as %q: %v", g.name, rec.Stream, rec.Version, typ, err)
			}
			again, err := storedRulesets.DecodeEvent(typ, data)
			if err != nil {
				t.Fatalf("%s: %s %d: the event encoded again does not decode: %v", g.name, rec.Stream, rec.Version, err)
			}
			if !reflect.DeepEqual(e, again) {
				t.Fatalf("%s: %s %d (%s): encoded again it decodes to another event\nstored: %s\nagain:  %s", g.name, rec.Stream, rec.Version, rec.Type, rec.Data, data)
			}
		}
	}
}

// storedRulesets decodes the stored logs as the router does: every game's
// events, LITN's included.
var storedRulesets = DefaultRulesets()
