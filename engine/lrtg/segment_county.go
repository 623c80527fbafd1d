// Phase 7, County Control (LRTG 11; 000 VII 1): the counties the
// Confederates may claim.

package lrtg

import (
	"github.com/umpire-games/umpire/engine"
)

// segScoringCounty reports whether a county region scores county control
// (000 VII 1; scenarios/vp/lrtg-vp-counties.yaml): the other counties,
// Pennsylvania's "+0 all other", do not make step 7 wait.
func segScoringCounty(r *engine.Region) bool {
	return r.Kind == "county" && scoringCounties[r.ID]
}

// scoringCounties are the map regions of the counties 000 VII 1 scores.
var scoringCounties = map[string]bool{
	"md.baltimore": true, "md.prince-georges": true, "md.anne-arundel": true, "md.montgomery": true, "md.howard": true,
	"md.frederick": true, "md.carroll": true, "va.alexandria": true, "va.fairfax": true, "va.loudoun": true,
	"pa.adams": true, "pa.york": true, "pa.dauphin": true, "pa.cumberland": true,
}

func procCounty(g Game, _ engine.Dice, ctx engine.StepContext) ([]engine.Event, error) {
	t := segTheatre(ctx)
	open := &SegmentOpened{Turn: g.Turn, Step: "7", Notes: []SegmentNote{{Code: NoteCountyOpen}}}
	var can []string
	if t != nil {
		for i := range t.Regions {
			r := &t.Regions[i]
			if !segScoringCounty(r) {
				continue
			}
			mp := 0
			for _, u := range g.segUnits(func(u engine.UnitState) bool { return u.Side == engine.CSA }) {
				if r.Contains(engine.Center(u.Hex)) {
					mp += u.Manpower
				}
			}
			if mp >= CountyMP {
				can = append(can, r.Name)
			}
		}
	}
	if len(can) > 0 || g.Options.LimitedIntel || t == nil {
		open.Waits = []StepWait{{Step: "7", Side: engine.CSA, What: "the CSA's county control claims (/vp action:county) or /segment done"}}
	}
	if len(can) > 0 {
		open.tellSide(engine.CSA, SegmentNote{Code: NoteCountyCan, N: CountyMP, Names: can})
	}
	return []engine.Event{open}, nil
}
