// The regions of a theatre: the counties of 1863, the states and the areas
// the seeds use, dissolved from the simplified county polygons and kept when
// they reach a hex of the theatre's sheets.

package main

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

// polygon is one source polygon after simplification: an exterior ring
// (counter-clockwise in the plane) and holes (clockwise).
type polygon []sring

// unit is a county of 1863: one or more source features.
type unit struct {
	ID, Name, State string
	Polys           []polygon
	Members         []string
}

// region is a region to write.
type region struct {
	ID, Name, Kind, Parent, Source string
	Rings                          [][]pt
}

// dissolve joins polygons that share borders into rings: shared edges go,
// the rest chain into rings; holes are joined to their exterior by a cut so
// that each ring alone is right under the even-odd rule.
func dissolve(polys []polygon, pos map[vkey]pt) [][]pt {
	type edge struct{ a, b vkey }
	count := map[[2]vkey]int{}
	var edges []edge
	for _, p := range polys {
		for _, r := range p {
			for i := range r {
				e := edge{r[i], r[(i+1)%len(r)]}
				if e.a == e.b {
					continue
				}
				edges = append(edges, e)
				k := [2]vkey{e.a, e.b}
				if lessKey(e.b, e.a) {
					k = [2]vkey{e.b, e.a}
				}
				count[k]++
			}
		}
	}
	from := map[vkey][]int{}
	var keep []edge
	for _, e := range edges {
		k := [2]vkey{e.a, e.b}
		if lessKey(e.b, e.a) {
			k = [2]vkey{e.b, e.a}
		}
		if count[k] == 1 {
			from[e.a] = append(from[e.a], len(keep))
			keep = append(keep, e)
		}
	}
	used := make([]bool, len(keep))
	var rings [][]pt
	for i := range keep {
		if used[i] {
			continue
		}
		var ring []pt
		cur := i
		for !used[cur] {
			used[cur] = true
			ring = append(ring, pos[keep[cur].a])
			next := -1
			for _, j := range from[keep[cur].b] {
				if !used[j] {
					next = j
					break
				}
			}
			if next < 0 {
				break
			}
			cur = next
		}
		if len(ring) >= 3 {
			rings = append(rings, ring)
		}
	}
	var outer, holes [][]pt
	for _, r := range rings {
		a := area(r)
		switch {
		case math.Abs(a) < 0.3: // slivers and islets under a tenth of a hex
		case a > 0:
			outer = append(outer, r)
		default:
			holes = append(holes, r)
		}
	}
	for _, h := range holes {
		for i, o := range outer {
			if inRing(h[0], o) {
				outer[i] = keyhole(o, h)
				break
			}
		}
	}
	return outer
}

// keyhole joins hole h into ring o through the nearest pair of vertices.
func keyhole(o, h []pt) []pt {
	bi, bj, bd := 0, 0, math.Inf(1)
	for i := range o {
		for j := range h {
			if d := dist(o[i], h[j]); d < bd {
				bi, bj, bd = i, j, d
			}
		}
	}
	out := append([]pt(nil), o[:bi+1]...)
	for k := 0; k <= len(h); k++ {
		out = append(out, h[(bj+k)%len(h)])
	}
	out = append(out, o[bi:]...)
	return out
}

func slug(s string) string {
	s = strings.ToLower(s)
	s = strings.NewReplacer("'", "", ".", "", " ", "-").Replace(s)
	return s
}

// build makes the regions of a theatre: the counties of 1863 (when
// counties is set), the states and the areas the seeds use, each kept when
// it reaches a hex of the theatre's sheets.
func build(th *engine.Theatre, f fitResult, feats []feature, tol float64, counties bool) []region {
	pos, all, sp := carry(f, feats)
	simp := newSimplifier(all, pos, tol)
	units, order := countyUnits(feats, sp, simp, pos)
	centres := sheetCentres(th)
	src := fmt.Sprintf("reference geography/counties.geojson (U.S. Census Bureau cartographic county boundaries, public domain), carried into the plane by the %s fit in this file's header", th.ID)
	cregs, byState := countyRegions(units, order, pos, centres, src, counties)
	regs := stateRegions(byState, pos, src)
	regs = append(regs, areaRegions(units, byState, pos, src, counties)...)
	regs = append(regs, cregs...)
	// Coverage: how many sheet hexes lie in no state.
	none := 0
	for _, c := range centres {
		if !inState(regs, c) {
			none++
		}
	}
	fmt.Printf("  %s: %d regions, %d of %d sheet hexes in no state (water, or off the data)\n", th.ID, len(regs), none, len(centres))
	return regs
}

// srcPoly is a source polygon's rings of vertex keys, and its feature.
type srcPoly struct {
	feat  int
	rings []sring
}

// carry carries the features' polygons into the plane: each vertex once by
// its key (pos), every ring (all, for the simplifier to find the shared
// borders) and each polygon's rings (without the closing vertex and
// repeated vertices).
func carry(f fitResult, feats []feature) (map[vkey]pt, []sring, []srcPoly) {
	pos := map[vkey]pt{}
	var all []sring
	var sp []srcPoly
	for fi, ft := range feats {
		for _, poly := range ft.Polys {
			var rs []sring
			for _, ring := range poly {
				var r sring
				for i, p := range ring {
					if i == len(ring)-1 && keyOf(p) == keyOf(ring[0]) {
						break
					}
					k := keyOf(p)
					if len(r) > 0 && r[len(r)-1] == k {
						continue
					}
					pos[k] = f.apply(p[0], p[1])
					r = append(r, k)
				}
				rs = append(rs, r)
				all = append(all, r)
			}
			sp = append(sp, srcPoly{fi, rs})
		}
	}
	return pos, all, sp
}

// countyUnits groups the simplified polygons into the counties of 1863
// (merges1863), in the order first met.
func countyUnits(feats []feature, sp []srcPoly, simp *simplifier, pos map[vkey]pt) (map[string]*unit, []string) {
	units := map[string]*unit{}
	var order []string
	for _, s := range sp {
		ft := feats[s.feat]
		id, name, st := county1863(ft)
		u := units[id]
		if u == nil {
			u = &unit{ID: id, Name: name, State: st}
			units[id] = u
			order = append(order, id)
		}
		label := ft.Name + " " + ft.LSAD
		if len(u.Members) == 0 || u.Members[len(u.Members)-1] != label {
			u.Members = append(u.Members, label)
		}
		var poly polygon
		for i, r := range s.rings {
			sr := simp.simplify(r)
			ps := make([]pt, len(sr))
			for j, v := range sr {
				ps[j] = pos[v]
			}
			if (area(ps) > 0) != (i == 0) {
				reverse(sr)
			}
			poly = append(poly, sr)
		}
		u.Polys = append(u.Polys, poly)
	}
	return units, order
}

// county1863 names the county of 1863 a feature belongs to: its region id,
// its name and its state's id.
func county1863(ft feature) (id, name, st string) {
	st = stateOf[ft.State]
	key := ft.State + "/" + ft.Name
	if ft.LSAD == "city" {
		key += " city"
	}
	home := ft.Name
	if m, ok := merges1863[key]; ok {
		home = m
	} else if ft.LSAD == "city" {
		home = ft.Name + " city"
	}
	name = home + " County"
	if ft.State == "51" && home == "Arlington" {
		name = "Alexandria County"
	}
	if st == "dc" {
		name = "District of Columbia"
	}
	if strings.HasSuffix(home, " city") {
		name = home
	}
	id = st + "." + slug(strings.TrimSuffix(name, " County"))
	if st == "dc" {
		id = "dc.dc"
	}
	return id, name, st
}

// sheetCentres returns the centres of the hexes of the theatre's sheets,
// each once.
func sheetCentres(th *engine.Theatre) []pt {
	seen := map[engine.Hex]bool{}
	var centres []pt
	for _, sh := range th.Sheets {
		for c := sh.MinCol; c <= sh.MaxCol; c++ {
			for r := sh.MinRow; r <= sh.MaxRow; r++ {
				h := sh.Global(c, r)
				if !seen[h] {
					seen[h] = true
					p := engine.Center(h)
					centres = append(centres, pt{p.X, p.Y})
				}
			}
		}
	}
	return centres
}

// reaches reports whether a hex centre lies in one of the rings.
func reaches(rings [][]pt, centres []pt) bool {
	for _, r := range rings {
		minx, miny, maxx, maxy := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
		for _, p := range r {
			minx, miny = math.Min(minx, p[0]), math.Min(miny, p[1])
			maxx, maxy = math.Max(maxx, p[0]), math.Max(maxy, p[1])
		}
		for _, c := range centres {
			if c[0] >= minx && c[0] <= maxx && c[1] >= miny && c[1] <= maxy && inRing(c, r) {
				return true
			}
		}
	}
	return false
}

// countyRegions returns the county regions that reach the sheets (none
// unless counties is set; never DC's), sorted by id, and the polygons of
// those counties by state.
func countyRegions(units map[string]*unit, order []string, pos map[vkey]pt, centres []pt, src string, counties bool) ([]region, map[string][]polygon) {
	var cregs []region
	byState := map[string][]polygon{}
	for _, id := range order {
		u := units[id]
		rings := dissolve(u.Polys, pos)
		if !reaches(rings, centres) {
			continue
		}
		byState[u.State] = append(byState[u.State], u.Polys...)
		if !counties || u.State == "dc" {
			continue
		}
		s := src + "; " + strings.Join(u.Members, " + ")
		if w, ok := seedCounties[id]; ok {
			s += "; named by " + w
		} else {
			s += "; not named by the seeds"
		}
		cregs = append(cregs, region{ID: id, Name: u.Name, Kind: "county", Parent: u.State, Source: s, Rings: rings})
	}
	sort.Slice(cregs, func(i, j int) bool { return cregs[i].ID < cregs[j].ID })
	return cregs, byState
}

// stateRegions returns the states, each drawn from its counties that reach
// the sheets.
func stateRegions(byState map[string][]polygon, pos map[vkey]pt, src string) []region {
	var regs []region
	for _, st := range []string{"md", "va", "pa", "de", "dc"} {
		if len(byState[st]) == 0 {
			continue
		}
		regs = append(regs, region{ID: st, Name: stateName[st], Kind: "state",
			Source: src + "; the state's counties that reach the sheets" + map[string]string{"va": ", with today's West Virginia (the rules treat Martinsburg and Harpers Ferry as Virginia)"}[st],
			Rings:  dissolve(byState[st], pos)})
	}
	return regs
}

// areaRegions returns the areas the seeds use: north and south of the
// Potomac, and with the counties (LRTG) the DC defense area.
func areaRegions(units map[string]*unit, byState map[string][]polygon, pos map[vkey]pt, src string, counties bool) []region {
	var regs []region
	join := func(sts ...string) []polygon {
		var ps []polygon
		for _, s := range sts {
			ps = append(ps, byState[s]...)
		}
		return ps
	}
	areaSrc := map[string]string{
		"north-of-potomac": "000 12.1 (HF, WV, Balt units north of the Potomac), 13.3 (forage of counties north of the Potomac); 004 Balt restriction",
		"south-of-potomac": "000 12.1, 13.3, Random Events (Lee / Meade south of the Potomac)",
	}
	if !counties {
		areaSrc = map[string]string{
			"north-of-potomac": "002 2.1 (Union friendly territory: all hexes of Maryland, Pennsylvania and Washington, D.C.; its named exceptions are on the places)",
			"south-of-potomac": "002 2.1 (Confederate friendly territory: all hexes of Virginia; its named exceptions are on the places)",
		}
	}
	regs = append(regs,
		region{ID: "north-of-potomac", Name: "North of the Potomac (Maryland, Pennsylvania, Delaware, D.C.)", Kind: "area",
			Source: areaSrc["north-of-potomac"] + "; drawn as md + pa + de + dc from " + src, Rings: dissolve(join("md", "pa", "de", "dc"), pos)},
		region{ID: "south-of-potomac", Name: "South of the Potomac (Virginia, with today's West Virginia)", Kind: "area",
			Source: areaSrc["south-of-potomac"] + "; drawn as va from " + src, Rings: dissolve(join("va"), pos)})
	if counties {
		var dcdef []polygon
		dcdef = append(dcdef, byState["dc"]...)
		dcdef = append(dcdef, units["va.alexandria"].Polys...)
		regs = append(regs, region{ID: "dc-defense-area", Name: "DC defense area (Washington and Alexandria County)", Kind: "area",
			Source: "000 16.3 (\"the DC defense area (Washington & Alexandria County)\"); 004 Random Events, DC Garrison; drawn as dc + va.alexandria from " + src,
			Rings:  dissolve(dcdef, pos)})
	}
	return regs
}

// inState reports whether a hex centre lies in a state region.
func inState(regs []region, c pt) bool {
	in := false
	for _, r := range regs {
		if r.Kind == "state" {
			for _, ring := range r.Rings {
				if inRing(c, ring) {
					in = true
				}
			}
		}
	}
	return in
}
