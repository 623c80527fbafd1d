// LRTA's County Control Phase (004 Sequence of Play 7): the counties and
// their values (lrta.county-control-vp) and the Washington, DC awards
// (lrta.dc-control-vp), each scored once in the game.

package lrtg

import (
	"fmt"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// DC award items (lrta.dc-control-vp rows).
const (
	DCFort           = "fort"
	DCCavalryCity    = "cavalry-city"
	DCCavalryWH      = "cavalry-white-house"
	DCCavalryCapitol = "cavalry-capitol"
	DCInfantryCity   = "infantry-city"
)

// DCItem is one Washington, DC award.
type DCItem struct {
	ID    string
	Title string
	VP    int
	Kind  engine.UnitKind // the occupying unit's kind ("" for a fort)
	Place string          // the place it must occupy ("" any hex of the dc region)
}

// DCItems are 004's Washington, DC awards (lrta.dc-control-vp).
var DCItems = []DCItem{
	{DCFort, "a fort in or around Washington and Alexandria destroyed", 10, "", ""},
	{DCCavalryCity, "a CSA cavalry unit occupies a city hex of Washington, DC", 25, engine.KindCavalry, ""},
	{DCCavalryWH, "a CSA cavalry unit occupies the White House", 25, engine.KindCavalry, "White House"},
	{DCCavalryCapitol, "a CSA cavalry unit occupies the Capitol", 25, engine.KindCavalry, "US Capitol"},
	{DCInfantryCity, "a CSA infantry unit occupies a city hex of Washington, DC", 50, engine.KindInfantry, ""},
}

func dcItem(id string) (DCItem, bool) {
	for _, it := range DCItems {
		if it.ID == strings.ToLower(strings.TrimSpace(id)) {
			return it, true
		}
	}
	return DCItem{}, false
}

// lrtaCountyName names a county id of lrtaCountyPlaces for people
// ("va.fairfax": Fairfax County).
func lrtaCountyName(id string) string {
	for _, p := range lrtaCountyPlaces {
		if p.ID == id {
			return p.Name
		}
	}
	return id
}

// lrtaCountyPlaces maps the county names of lrta.county-control-vp to the
// county ids (as LRTG's), their map regions and control hexes (LRTG 11.1 /
// 000 VII 1 print Camden Station and Westminster; 004 prints Westminster
// for Carroll; the others are the map's red stars, taken on word).
var lrtaCountyPlaces = map[string]struct{ ID, Region, Control, Name string }{
	"Baltimore":        {"md.baltimore", "md.baltimore", "Camden Station", "Baltimore County"},
	"Prince George's":  {"md.prince-georges", "md.prince-georges", "", "Prince George's County"},
	"Anne Arundel":     {"md.anne-arundel", "md.anne-arundel", "", "Anne Arundel County"},
	"Montgomery":       {"md.montgomery", "md.montgomery", "", "Montgomery County"},
	"Howard":           {"md.howard", "md.howard", "", "Howard County"},
	"Frederick (West)": {"md.frederick-west", "md.frederick", "", "Frederick County-West"},
	"Frederick (East)": {"md.frederick-east", "md.frederick", "", "Frederick County-East"},
	"Carroll":          {"md.carroll", "md.carroll", "Westminster", "Carroll County"},
	"Washington":       {"md.washington", "md.washington", "", "Washington County"},
	"Alexandria":       {"va.alexandria", "va.alexandria", "", "Alexandria County"},
	"Fairfax":          {"va.fairfax", "va.fairfax", "", "Fairfax County"},
	"Loudoun":          {"va.loudoun", "va.loudoun", "", "Loudoun County"},
	"Adams":            {"pa.adams", "pa.adams", "", "Adams County"},
	"York":             {"pa.york", "pa.york", "", "York County"},
	"Dauphin":          {"pa.dauphin", "pa.dauphin", "", "Dauphin County"},
	"Cumberland":       {"pa.cumberland", "pa.cumberland", "", "Cumberland County"},
}

// LRTACounties builds LRTA's scoring counties from lrta.county-control-vp
// on the map th (nil: no region or control hex is checked). Rows worth
// nothing ("All other Pennsylvania counties") are left out.
func LRTACounties(ch *engine.Chart, th *engine.Theatre) ([]County, error) {
	if ch == nil {
		return nil, fmt.Errorf("engine: the chart %s is missing", LRTACountyChart)
	}
	var out []County
	for _, r := range ch.Rows {
		if len(r) < 5 {
			return nil, fmt.Errorf("engine: %s: short row %v", ch.ID, r)
		}
		var vals [3]int
		for i := range vals {
			if _, err := fmt.Sscan(r[2+i], &vals[i]); err != nil {
				return nil, fmt.Errorf("engine: %s: %s: %q is not a number", ch.ID, r[1], r[2+i])
			}
		}
		if vals == [3]int{} {
			continue
		}
		p, ok := lrtaCountyPlaces[r[1]]
		if !ok {
			return nil, fmt.Errorf("engine: %s: no map region for the county %q", ch.ID, r[1])
		}
		c := County{ID: p.ID, Name: p.Name, State: r[0], Region: p.Region, Control: p.Control, Values: vals,
			Source: fmt.Sprintf("004 County/DC Control (%s %d/%d/%d)", r[1], vals[0], vals[1], vals[2])}
		if p.Region != p.ID {
			c.Note = "12+ manpower in its half of Frederick County (the map data does not split the county: only the whole county's manpower is checked)"
		}
		if th != nil {
			if reg := th.Region(c.Region); reg == nil {
				c.Region = ""
			}
			if c.Control != "" && th.Place(c.Control) == nil {
				c.Control = ""
			}
		}
		out = append(out, c)
	}
	return out, nil
}

func procLRTACounty(g Game, _ engine.Dice, ctx engine.StepContext) ([]engine.Event, error) {
	t := segTheatre(ctx)
	open := &SegmentOpened{Turn: g.Turn, Step: "7", Notes: []SegmentNote{{Code: NoteLRTACountyOpen}}}
	var can, dc []string
	if t != nil && ctx.Library != nil {
		cs, err := LRTACounties(ctx.Library.Chart(LRTACountyChart), t)
		if err != nil {
			return nil, err
		}
		seen := map[string]bool{}
		for _, c := range cs {
			reg := t.Region(c.Region)
			if reg == nil || seen[c.Name] {
				continue
			}
			mp := 0
			for _, u := range g.segUnits(func(u engine.UnitState) bool { return u.Side == engine.CSA }) {
				if reg.Contains(engine.Center(u.Hex)) {
					mp += u.Manpower
				}
			}
			if mp >= CountyMP {
				seen[c.Name] = true
				can = append(can, c.Name)
			}
		}
		for _, it := range DCItems {
			if it.Kind == "" || g.LRTAVictory.DC[it.ID] != 0 {
				continue
			}
			if u := g.dcOccupant(t, it); u != nil {
				dc = append(dc, it.Title)
			}
		}
	}
	if len(can)+len(dc) > 0 || g.Options.LimitedIntel || t == nil {
		open.Waits = []StepWait{{Step: "7", Side: engine.CSA, What: "the CSA's county and DC claims (/victory county, /victory dc) or /segment done"}}
	}
	if len(can)+len(dc) > 0 {
		open.tellSide(engine.CSA, SegmentNote{Code: NoteLRTACountyCan, N: CountyMP, Names: can, Items: dc})
	}
	return []engine.Event{open}, nil
}

// dcOccupant returns a Confederate unit that occupies what the DC award
// needs, as far as the map data tells (nil: none).
func (g Game) dcOccupant(t *engine.Theatre, it DCItem) *engine.UnitState {
	for _, u := range g.segUnits(func(u engine.UnitState) bool { return u.Side == engine.CSA && u.Kind == it.Kind }) {
		if ok, _ := dcWhere(t, it, u.Hex); ok {
			return &u
		}
	}
	return nil
}

// dcWhere reports whether h is where the award needs its unit, and what
// that check was.
func dcWhere(t *engine.Theatre, it DCItem, h engine.Hex) (bool, string) {
	if it.Place != "" {
		p := t.Place(it.Place)
		if p == nil {
			return false, ""
		}
		return p.Hex == h, "the unit is in the " + strings.TrimPrefix(it.Place, "US ") + " hex"
	}
	return segIn(t, "dc", h), "the unit is in Washington, DC (the city hex is the claimant's word)"
}

func (g Game) decideClaimDC(cmd ClaimDC) ([]engine.Event, error) {
	if err := g.BoardReady(cmd.By); err != nil {
		return nil, err
	}
	umpire := g.IsUmpire(cmd.By)
	if p := g.Player(cmd.By.ID); !umpire && (p == nil || p.Side != engine.CSA) {
		return nil, &engine.RuleError{Kind: engine.ErrIllegal, Code: "dc.side", What: "Only the Confederates claim Washington, DC's awards", Rule: "004 County/DC Control"}
	}
	if step := g.CurrentStep(); !umpire && step != "" && step != "7" {
		return nil, &engine.RuleError{Kind: engine.ErrIllegal, Code: "dc.step", What: "Washington, DC's awards are claimed in the County Control Phase (step 7), not now",
			Hint: "/phase show says where the turn is", Rule: "004 Sequence of Play 7"}
	}
	it, ok := dcItem(cmd.Item)
	if !ok {
		var ids []string
		for _, x := range DCItems {
			ids = append(ids, x.ID)
		}
		return nil, engine.Invalid("dc.item", fmt.Sprintf("%q is not a Washington, DC award", cmd.Item), "Use item: "+strings.Join(ids, ", "))
	}
	ev := &DCControlled{By: cmd.By, Turn: g.Turn, Item: it.ID, Key: it.ID, What: it.Title, VP: it.VP, Reason: strings.TrimSpace(cmd.Reason)}
	var fail *engine.RuleError
	failed := ""
	if it.ID == DCFort {
		fort := strings.TrimSpace(cmd.Fort)
		if fort == "" {
			return nil, engine.Invalid("dc.fort", "Name the fort destroyed", "Add fort:<its name>")
		}
		ev.Key, ev.What = "fort:"+strings.ToLower(fort), fmt.Sprintf("%s destroyed", fort)
		ev.Unchecked = append(ev.Unchecked, "the fort's destruction (the map data has no Washington forts)")
	} else {
		u, err := g.Unit(cmd.Unit)
		if err != nil {
			return nil, err
		}
		switch {
		case u.Side != engine.CSA || u.Kind != it.Kind:
			return nil, engine.Invalid("dc.unit", fmt.Sprintf("The award needs a Confederate %s unit", it.Kind), "")
		case !u.OnMap || u.Eliminated:
			failed, fail = "the unit on the map", engine.Illegal("dc.unit", u.Name+" is not on the map", "")
		case cmd.Map == nil:
			ev.Unchecked = append(ev.Unchecked, "the unit's hex (no map data)")
		default:
			in, check := dcWhere(cmd.Map, it, u.Hex)
			switch {
			case check == "":
				ev.Unchecked = append(ev.Unchecked, "the unit's hex ("+it.Place+" is not in the map data)")
			case in:
				ev.Checked = append(ev.Checked, check)
			default:
				failed = check
				fail = &engine.RuleError{Kind: engine.ErrIllegal, Code: "dc.where", What: fmt.Sprintf("%s does not occupy what the award needs: %s", u.Name, it.Title), Rule: "004 County/DC Control"}
			}
		}
	}
	if turn := g.LRTAVictory.DC[ev.Key]; turn != 0 {
		return nil, engine.Illegal("dc.twice", fmt.Sprintf("%s has already scored (turn %d)", ev.What, turn), "Each Washington, DC award scores once")
	}
	if fail != nil {
		if !umpire {
			return nil, fail
		}
		if ev.Reason == "" {
			fail.Hint = "The umpire overrules a check with reason:<why>"
			return nil, fail
		}
		ev.Overruled = failed
	}
	return []engine.Event{ev}, nil
}
