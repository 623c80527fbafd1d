package bot

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/lrtg"
)

// The Combat Chart below is INVENTED for tests; it is not the publisher's
// chart: every defender is driven back ("1r"), so that the fort falls
// whatever the dice.
type fortFakeChart struct{}

func (fortFakeChart) Combat(att, def float64, diff int) (lrtg.CombatResult, lrtg.CombatResult, string, string, string, error) {
	ar, _ := lrtg.ParseCombatResult("-")
	dr, _ := lrtg.ParseCombatResult("1r")
	return ar, dr, "any", "A any", "D any", nil
}

func fortCharts(engine.GameState) *lrtg.AttackCharts {
	return &lrtg.AttackCharts{Chart: fortFakeChart{}}
}

// Union permanent forts through the router (000 9.1-9.3), in a game of
// limited intelligence: the umpire places Longstreet's corps before Ft.
// Stevens (HE1034, the 2 MA's set-up hex); a march into the fort is
// refused naming it; Hood's attack rolls its class and the 1r destroys
// it, both told at the table (markers on the board); then McLaws enters
// the redoubt. The Union reads no Confederate unit but Hood, the one
// engaged, refusals and the table included.
func TestFortThroughRouter(t *testing.T) {
	ctx := context.Background()
	r := NewRouter(openStore(t), WithLogger(quietLog()), withAttackCharts(fortCharts))
	startLRTG(t, r, map[string]string{"intelligence": "limited"})
	mustOK(t, r, Request{GuildID: "g", ChannelID: "war", User: umpireA, Command: "move", Options: map[string]string{"units": "Longstreet,Hood,McLaws", "to": "HE1035", "reason": "the forts test"}})
	acForceTo(t, r, "4a")
	mustOK(t, r, actionReq(leeA, "activate", map[string]string{"leader_or_unit": "Longstreet"}))
	var outs []Output
	// 9.1: into the fort, refused, naming it and the rule.
	in := r.Handle(ctx, Request{GuildID: "g", ChannelID: "war", User: leeA, Command: "move", Options: map[string]string{"units": "McLaws", "path": "HE1034"}})
	o := in.first()
	if o.Error == nil {
		t.Fatalf("McLaws entered the fort: %s", o.Text)
	}
	acWants(t, "the refused march", o.Text, "HE1034 holds Ft. Stevens, an undestroyed Union fort", "may not enter or retreat into it", "LRTG 9.1")
	// 9.2 a): the attack rolls the class, at the table.
	decl := r.Handle(ctx, attackReq(leeA, "declare", map[string]string{"units": "Hood", "at": "HE1034", "type": "march"}))
	outs = append(outs, decl.Outputs...)
	var fc *lrtg.FortClassified
	for _, o := range decl.Outputs {
		for _, v := range o.Events {
			if v.Type == lrtg.EventFortClassified && o.Audience.Kind == AudiencePublic {
				fc = &lrtg.FortClassified{}
				if err := json.Unmarshal(v.Data, fc); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	if fc == nil || fc.Place != "Ft. Stevens" || fc.Baltimore || fc.Die < 1 || fc.Die > 6 {
		t.Fatalf("no class rolled at the table: %+v", decl.Outputs)
	}
	want := map[int]int{1: 1, 2: 1, 3: 2, 4: 2, 5: 3, 6: 3}[fc.Die] // 000 9.2, Alexandria and Washington
	if fc.Class != want || fc.Garrison != want+1 || fc.Artillery != want {
		t.Errorf("die %d: class %d (artillery %d, garrison %d), want class %d", fc.Die, fc.Class, fc.Artillery, fc.Garrison, want)
	}
	def := r.Handle(ctx, attackReq(meadeA, "defend", map[string]string{"modifiers": "none"}))
	outs = append(outs, def.Outputs...)
	s, a := settledEvent(t, def.Outputs)
	if a.FortDestroyed != "Ft. Stevens" || s.Fort == nil || s.Fort.Class != want || len(s.Defenders) != 1 || !s.Defenders[0].Redoubt || s.DefValue != 1.5*float64(s.Defenders[0].Manpower) {
		t.Fatalf("settled %+v %+v, applied %+v", s, s.Fort, a)
	}
	acWants(t, "Meade's reply", def.first().Text, "x1.5 in the fort", "Ft. Stevens", "no flank attack bonus")
	var table []string
	for _, o := range outs {
		if o.Audience.Kind == AudiencePublic {
			table = append(table, o.Text)
		}
	}
	acWants(t, "the table", strings.Join(table, "\n"), "Ft. Stevens (HE1034), attacked (battle #1): its class is rolled", "Ft. Stevens is **destroyed**")
	// 9.3: the destroyed fort is open; McLaws enters it.
	mustOK(t, r, Request{GuildID: "g", ChannelID: "war", User: leeA, Command: "move", Options: map[string]string{"units": "McLaws", "path": "HE1034"}})
	// Nothing of a Confederate unit the Union does not see: only Hood is
	// named to the Union and at the table (Lee and Longstreet are the
	// players' and the action's names).
	g, _ := r.gameHere(ctx, attackReq(umpireA, "show", nil))
	var union []Output // what the Union reads: the table, Meade's reply and channel
	for _, o := range decl.Outputs {
		if o.Audience.Kind == AudiencePublic || o.Audience.UserID == meadeA.ID {
			union = append(union, o)
		}
	}
	for _, o := range def.Outputs {
		if o.Audience.Kind != AudienceChannel || o.Audience.UserID == meadeA.ID {
			union = append(union, o)
		}
	}
	if len(union) < 3 {
		t.Fatalf("the Union's outputs: %+v", union)
	}
	for _, o := range union {
		for id, u := range g.Units {
			if u.Side != engine.CSA || id == "csa.hood" || u.Name == "Lee" || u.Name == "Longstreet" || len(u.Name) <= 3 {
				continue
			}
			if strings.Contains(o.Text, u.Name) {
				t.Errorf("an output (%s %s) names %s: %s", o.Audience.Kind, o.Audience.UserID, u.Name, o.Text)
			}
		}
	}
}

// 000 9.2 b) through the router, in a game of limited intelligence: Hood
// and McLaws stand beside Ft. Stevens (HE1035, placed by the umpire),
// Longstreet's action marches neither and attacks nothing, and /action
// done rolls the fort's class at the table. The Union reads the fort, the
// die and the class; not Hood, McLaws nor their hex.
func TestFortClassedByStayingThroughRouter(t *testing.T) {
	ctx := context.Background()
	r := NewRouter(openStore(t), WithLogger(quietLog()), withAttackCharts(fortCharts))
	startLRTG(t, r, map[string]string{"intelligence": "limited"})
	mustOK(t, r, Request{GuildID: "g", ChannelID: "war", User: umpireA, Command: "move", Options: map[string]string{"units": "Longstreet,Hood,McLaws", "to": "HE1035", "reason": "the forts test"}})
	acForceTo(t, r, "4a")
	mustOK(t, r, actionReq(leeA, "activate", map[string]string{"leader_or_unit": "Longstreet"}))
	done := r.Handle(ctx, actionReq(leeA, "done", nil))
	var fc *lrtg.FortClassified
	var table []string
	for _, o := range done.Outputs {
		if o.Error != nil {
			t.Fatalf("/action done: %v", o.Error)
		}
		if o.Audience.Kind != AudiencePublic {
			continue
		}
		table = append(table, o.Text)
		for _, v := range o.Events {
			if v.Type == lrtg.EventFortClassified {
				f := &lrtg.FortClassified{}
				if err := json.Unmarshal(v.Data, f); err != nil {
					t.Fatal(err)
				}
				if f.Place == "Ft. Stevens" {
					fc = f
				}
			}
		}
	}
	if fc == nil || !fc.Stayed || fc.Battle != 0 || fc.Die < 1 || fc.Die > 6 {
		t.Fatalf("no class rolled at the table: %+v", done.Outputs)
	}
	want := map[int]int{1: 1, 2: 1, 3: 2, 4: 2, 5: 3, 6: 3}[fc.Die] // 000 9.2, Alexandria and Washington
	if fc.Class != want || fc.Garrison != want+1 || fc.Artillery != want {
		t.Errorf("die %d: class %d, want %d", fc.Die, fc.Class, want)
	}
	acWants(t, "the table", strings.Join(table, "\n"), "Ft. Stevens (HE1034): a Confederate unit of combat value 5 or more stayed beside it", "000 9.2 b")
	g, _ := r.gameHere(ctx, attackReq(umpireA, "show", nil))
	if ps := lrtg.Of(g).Places["Ft. Stevens"]; ps.FortClass != want {
		t.Errorf("class not kept: %+v", ps)
	}
	for _, o := range done.Outputs {
		if o.Audience.Kind != AudiencePublic && o.Audience.UserID != meadeA.ID {
			continue
		}
		for _, secret := range []string{"Hood", "McLaws", "HE1035"} {
			if strings.Contains(o.Text, secret) {
				t.Errorf("an output (%s %s) tells %s: %s", o.Audience.Kind, o.Audience.UserID, secret, o.Text)
			}
			for _, v := range o.Events {
				if strings.Contains(string(v.Data), secret) || strings.Contains(string(v.Data), "csa.hood") {
					t.Errorf("an event (%s) tells %s: %s", v.Type, secret, v.Data)
				}
			}
		}
	}
}
