// Command mapfit is a developer tool, RUN BY HAND ONLY: no test, build step or
// go:generate directive runs it, and nothing in the project reads the reference
// files it reads. It writes scenarios/maps/lrtg-regions.yaml and
// scenarios/maps/litn-regions.yaml from the public geography of
// ../shared/reference/geography (see README.md next to this file):
//
//  1. it fits each theatre's plane (engine.Center of the global hex) to
//     latitude / longitude by least squares (an affine transform lon/lat ->
//     x, y) through the project's places whose town is in places-latlon.csv;
//  2. it carries the county polygons of counties.geojson into that plane,
//     simplifies their shared borders once (Douglas-Peucker on the arcs
//     between junctions, so neighbours keep a common border), groups them
//     into the counties of 1863, the states and the areas the seeds use, and
//     keeps those that reach a hex of the theatre's sheets.
//
// Usage (from the module root):
//
//	go run ./tools/mapfit [-geo ../shared/reference/geography] [-out scenarios/maps] [-tol 0.2]
package main

import (
	"encoding/csv"
	"encoding/json"
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/scenarios"
)

// hexUnit is the distance between neighbouring hex centres in the plane.
var hexUnit = math.Sqrt(3)

// match names the town of places-latlon.csv that a project place stands for.
// County is set where the csv has several rows of the name in the state (it
// lists a town once per county its post office serves): the row of the town
// itself is taken. Ref is set for the few fit points that are not places of
// the theatre but are printed hexes pinned in lrtg-sheets.yaml's header.
type match struct {
	Place, State, Town, County, Ref string
}

// lrtgMatches: the places of lrtg-places-*.yaml that are towns of the csv.
// Left out on purpose: Georgetown (the csv's is Cecil County, Md.), Sandy
// Hook (csv: Goochland, Va.), Flint Hill (the csv's is in Rappahannock; the
// set-up hex SN5116 is near Fairfax), White Plains (csv: Charles, Md.; the
// place is the Virginia station), Washington (the csv point is a post
// office, not a hex of the map's), and every fort, bridge, station or
// heights that is not a town.
var lrtgMatches = []match{
	{Place: "Alexandria", State: "VA", Town: "Alexandria", County: "Alexandria City"},
	{Place: "Harrisburg", State: "PA", Town: "Harrisburg"},
	{Place: "Harpers Ferry", State: "WV", Town: "Harpers Ferry"},
	{Place: "Martinsburg", State: "WV", Town: "Martinsburg"},
	{Place: "Winchester", State: "VA", Town: "Winchester", County: "Winchester City"},
	{Place: "Frederick", State: "MD", Town: "Frederick"},
	{Place: "Rockville", State: "MD", Town: "Rockville"},
	{Place: "Culpeper", State: "VA", Town: "Culpeper"},
	{Place: "Berryville", State: "VA", Town: "Berryville"},
	{Place: "Annapolis", State: "MD", Town: "Annapolis"},
	{Place: "Bladensburg", State: "MD", Town: "Bladensburg"},
	{Place: "Carlisle", State: "PA", Town: "Carlisle"},
	{Place: "Chambersburg", State: "PA", Town: "Chambersburg"},
	{Place: "Ellicott Mills", State: "MD", Town: "Ellicott City"},
	{Place: "Gettysburg", State: "PA", Town: "Gettysburg"},
	{Place: "Greencastle", State: "PA", Town: "Greencastle"},
	{Place: "Hagerstown", State: "MD", Town: "Hagerstown"},
	{Place: "Hanover", State: "PA", Town: "Hanover"},
	{Place: "Laurel", State: "MD", Town: "Laurel", County: "Prince Georges"},
	{Place: "Mechanicsburg", State: "PA", Town: "Mechanicsburg"},
	{Place: "Sharpsburg", State: "MD", Town: "Sharpsburg"},
	{Place: "Taneytown", State: "MD", Town: "Taneytown"},
	{Place: "Westminster", State: "MD", Town: "Westminster"},
	{Place: "Williamsport", State: "MD", Town: "Williamsport"},
	{Place: "York", State: "PA", Town: "York"},
	{Place: "Leesburg", State: "VA", Town: "Leesburg"},
	{Place: "Front Royal", State: "VA", Town: "Front Royal"},
	{Place: "Fredericksburg", State: "VA", Town: "Fredericksburg", County: "Fredericksburg City"},
	{Place: "Annapolis Junction", State: "MD", Town: "Annapolis Junction"},
	{Place: "Poolesville", State: "MD", Town: "Poolesville"},
	{Place: "Fairfax Station", State: "VA", Town: "Fairfax Station"},
	{Place: "Fairfax Court House", State: "VA", Town: "Fairfax", County: "Fairfax City"},
	{Place: "Brandywine", State: "MD", Town: "Brandywine"},
	{Place: "Falls Church", State: "VA", Town: "Falls Church", County: "Falls Church City"},
	{Place: "Brandy Station", State: "VA", Town: "Brandy Station"},
	{Place: "Vienna", State: "VA", Town: "Vienna"},
	{Place: "Scotland", State: "PA", Town: "Scotland"},
	{Place: "Manassas Junction", State: "VA", Town: "Manassas", County: "Manassas City"},
	{Place: "Stafford Court House", State: "VA", Town: "Stafford"},
	{Place: "Marysville Bridge", State: "PA", Town: "Marysville"},
	// Printed hexes of lrtg-sheets.yaml's header (sheet pins), not places.
	{Place: "Middletown (Md.)", State: "MD", Town: "Middletown", Ref: "HW3613"},
	{Place: "New Market (Md.)", State: "MD", Town: "New Market", Ref: "HW5016"},
	{Place: "Monrovia", State: "MD", Town: "Monrovia", Ref: "HW5017"},
	{Place: "Mt. Airy", State: "MD", Town: "Mount Airy", Ref: "HW5717"},
}

// litnMatches: the towns of litn-places.yaml. Washington is three hexes
// (left out); Hanover Junction is not in the csv.
var litnMatches = []match{
	{Place: "Baltimore", State: "MD", Town: "Baltimore", County: "Baltimore City"},
	{Place: "Carlisle", State: "PA", Town: "Carlisle"},
	{Place: "Chambersburg", State: "PA", Town: "Chambersburg"},
	{Place: "Ellicott City", State: "MD", Town: "Ellicott City"},
	{Place: "Gettysburg", State: "PA", Town: "Gettysburg"},
	{Place: "Hagerstown", State: "MD", Town: "Hagerstown"},
	{Place: "Harpers Ferry", State: "WV", Town: "Harpers Ferry"},
	{Place: "Harrisburg", State: "PA", Town: "Harrisburg"},
	{Place: "New Oxford", State: "PA", Town: "New Oxford"},
	{Place: "Rockville", State: "MD", Town: "Rockville"},
	{Place: "York", State: "PA", Town: "York"},
	{Place: "York Haven", State: "PA", Town: "York Haven"},
	{Place: "Alexandria", State: "VA", Town: "Alexandria", County: "Alexandria City"},
}

// merges1863 folds today's independent cities and later counties into the
// county of 1863 they were part of (key: state FIPS + name as in the
// geojson; value: the 1863 county's geojson name in the same state, or
// "Virginia:<name>" for West Virginia counties of 1863 Virginia).
var merges1863 = map[string]string{
	"51/Alexandria city":      "Arlington",      // Alexandria County = Arlington + City of Alexandria
	"51/Fairfax city":         "Fairfax",        // Fairfax Court House
	"51/Falls Church city":    "Fairfax",        // incorporated in Fairfax County 1875
	"51/Manassas city":        "Prince William", // Manassas Junction
	"51/Manassas Park city":   "Prince William",
	"51/Winchester city":      "Frederick", // Frederick County, Va. (000 13.8)
	"51/Fredericksburg city":  "Spotsylvania",
	"51/Harrisonburg city":    "Rockingham",
	"51/Staunton city":        "Augusta",
	"51/Waynesboro city":      "Augusta",
	"51/Charlottesville city": "Albemarle",
	"51/Lexington city":       "Rockbridge",
	"51/Buena Vista city":     "Rockbridge",
	"51/Richmond city":        "Henrico",
	"24/Baltimore city":       "Baltimore", // the game's Baltimore County has Camden Station (003)
	"54/Mineral":              "Hampshire", // formed 1866
	"54/Grant":                "Hardy",     // formed 1866
}

// seedCounties are the counties the seeds name, with where (the ids are
// those of the regions written).
var seedCounties = map[string]string{
	"md.baltimore":      "000 11, VII 1; 003 County Control (Camden Station control hex); 004 County/DC Control",
	"md.prince-georges": "000 VII 1, 3.2, 12.2 (DC release); 003 County Control; 004 County/DC Control, DC Garrison",
	"md.anne-arundel":   "000 VII 1; 003 County Control; 004 County/DC Control",
	"md.montgomery":     "000 VII 1, 3.2, 12.2; 003 County Control; 004 County/DC Control, DC Garrison, Objectives",
	"md.howard":         "000 VII 1; 003 County Control; 004 County/DC Control, Objectives",
	"md.frederick":      "000 VII 1 / 003 / 004 County Control (as Frederick County-West and -East: the seeds do not define the split)",
	"md.carroll":        "000 VII 1; 003 County Control (Westminster control hex); 004 County/DC Control, Objectives",
	"md.washington":     "004 County/DC Control (Washington County, +4/2/1)",
	"va.alexandria":     "000 VII 1, 3.2, 12.2, 16.3 (DC defense area); 003 County Control; 004 County/DC Control, Random Events",
	"va.fairfax":        "000 VII 1, 3.2, 12.2; 003 County Control; 004 County/DC Control, DC Garrison, Objectives",
	"va.loudoun":        "000 VII 1, 3.2, 12.1 (HF/WV/Balt restriction); 003 County Control; 004 County/DC Control",
	"va.frederick":      "000 13.8 (Winchester CSA depot: Frederick County, VA)",
	"va.clarke":         "000 13.8 (Berryville CSA depot)",
	"va.warren":         "000 13.8, 27 (opening restrictions; SJW W0618 treated as Warren)",
	"va.orange":         "000 13.7 / 23.2 (CSA supply), 27 (opening restrictions); 003 Sequence of Play; 004 Sequence of Play",
	"va.spotsylvania":   "000 13.7 / 23.2 (CSA supply), 27 (opening restrictions); 003 / 004 Sequence of Play",
	"va.caroline":       "000 13.7 / 23.2 (CSA supply), 27 (opening restrictions); 003 / 004 Sequence of Play",
	"va.culpeper":       "000 27 (opening restrictions, Brandy Station, cavalry release)",
	"va.rappahannock":   "000 27 (opening restrictions)",
	"va.fauquier":       "000 27 (no Confederate unit may enter)",
	"va.stafford":       "000 27 (no Confederate unit may enter)",
	"pa.adams":          "000 VII 1; 003 County Control; 004 County/DC Control",
	"pa.york":           "000 VII 1; 003 County Control; 004 County/DC Control",
	"pa.dauphin":        "000 VII 1; 003 County Control; 004 County/DC Control",
	"pa.cumberland":     "000 VII 1; 003 County Control; 004 County/DC Control",
}

var stateOf = map[string]string{"24": "md", "42": "pa", "51": "va", "54": "va", "11": "dc", "10": "de"}
var stateName = map[string]string{"md": "Maryland", "pa": "Pennsylvania", "va": "Virginia (with today's West Virginia)", "dc": "District of Columbia", "de": "Delaware"}

type pt = [2]float64

type fitResult struct {
	A       [2][3]float64 // x = A[0]·(lon, lat, 1), y = A[1]·(lon, lat, 1)
	Warp    *tps          // the correction through the fit places' residuals, or nil
	Points  []fitPoint
	Mean    float64
	Max     float64
	Skipped []string
}

type fitPoint struct {
	Name, Ref    string
	Lon, Lat     float64
	Want         pt
	ResidHex     float64
	DxHex, DyHex float64
	Warped       float64 // residual after the warp, in hexes
	InWarp       bool    // a control point of the warp
}

func main() {
	geo := flag.String("geo", "../shared/reference/geography", "directory of counties.geojson and places-latlon.csv")
	out := flag.String("out", "scenarios/maps", "directory the region YAML files are written to")
	tol := flag.Float64("tol", 0.2, "simplification tolerance in hexes")
	warp := flag.Float64("warp", 0, "EXPERIMENT, not used for the data: warp (thin-plate spline) through the places whose affine residual is at most this many hexes; 0: affine only")
	litn := flag.Bool("litn", false, "also write litn-regions.yaml (see README.md: scenarios/maps_litn_test.go expects no LITN regions until its owner lifts that check)")
	flag.Parse()
	ths, err := scenarios.Theatres()
	if err != nil {
		fail(err)
	}
	towns, err := readTowns(filepath.Join(*geo, "places-latlon.csv"))
	if err != nil {
		fail(err)
	}
	feats, err := readCounties(filepath.Join(*geo, "counties.geojson"))
	if err != nil {
		fail(err)
	}
	jobs := []struct {
		id, file string
		m        []match
	}{{"lrtg", "lrtg-regions.yaml", lrtgMatches}, {"litn", "litn-regions.yaml", litnMatches}}
	if !*litn {
		jobs = jobs[:1]
	}
	for _, job := range jobs {
		th := ths[job.id]
		f := fit(th, job.m, towns, *warp)
		report(job.id, f)
		regs := build(th, f, feats, *tol*hexUnit, job.id == "lrtg")
		if err := write(filepath.Join(*out, job.file), th, f, regs, *tol); err != nil {
			fail(err)
		}
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "mapfit:", err)
	os.Exit(1)
}

// --- towns and the fit ---

type town struct {
	State, Name, County string
	Lat, Lon            float64
}

func readTowns(path string) ([]town, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		return nil, err
	}
	var out []town
	for _, r := range rows[1:] {
		lat, err1 := strconv.ParseFloat(r[3], 64)
		lon, err2 := strconv.ParseFloat(r[4], 64)
		if err1 != nil || err2 != nil {
			return nil, fmt.Errorf("%s: bad row %v", path, r)
		}
		out = append(out, town{State: r[0], Name: r[1], County: r[2], Lat: lat, Lon: lon})
	}
	return out, nil
}

func fit(th *engine.Theatre, ms []match, towns []town, warpMax float64) fitResult {
	var res fitResult
	for _, m := range ms {
		var h engine.Hex
		ref := m.Ref
		if m.Ref != "" {
			hh, _, err := th.ParseHex(m.Ref, "")
			if err != nil {
				fail(err)
			}
			h = hh
		} else {
			p := th.Place(m.Place)
			if p == nil {
				fail(fmt.Errorf("%s: no place %q", th.ID, m.Place))
			}
			h, ref = p.Hex, p.Ref.String()
		}
		var found []town
		for _, t := range towns {
			if t.State == m.State && strings.EqualFold(t.Name, m.Town) && (m.County == "" || strings.EqualFold(t.County, m.County)) {
				found = append(found, t)
			}
		}
		if len(found) != 1 {
			res.Skipped = append(res.Skipped, fmt.Sprintf("%s (%d rows of %s, %s)", m.Place, len(found), m.Town, m.State))
			continue
		}
		c := engine.Center(h)
		res.Points = append(res.Points, fitPoint{Name: m.Place, Ref: ref, Lon: found[0].Lon, Lat: found[0].Lat, Want: pt{c.X, c.Y}})
	}
	// Least squares on centred coordinates: the normal equations of
	// [lon lat 1] a = x and = y.
	var mlon, mlat float64
	for _, p := range res.Points {
		mlon += p.Lon
		mlat += p.Lat
	}
	n := float64(len(res.Points))
	mlon /= n
	mlat /= n
	for k := 0; k < 2; k++ {
		var m [3][4]float64
		for _, p := range res.Points {
			row := [3]float64{p.Lon - mlon, p.Lat - mlat, 1}
			for i := 0; i < 3; i++ {
				for j := 0; j < 3; j++ {
					m[i][j] += row[i] * row[j]
				}
				m[i][3] += row[i] * p.Want[k]
			}
		}
		sol := solve3(m)
		// Undo the centring: a·(lon-mlon) + b·(lat-mlat) + c.
		res.A[k] = [3]float64{sol[0], sol[1], sol[2] - sol[0]*mlon - sol[1]*mlat}
	}
	for i := range res.Points {
		p := &res.Points[i]
		got := res.apply(p.Lon, p.Lat)
		dx, dy := (got[0]-p.Want[0])/hexUnit, (got[1]-p.Want[1])/hexUnit
		p.DxHex, p.DyHex = dx, dy
		p.ResidHex = math.Hypot(dx, dy)
		res.Mean += p.ResidHex
		res.Max = math.Max(res.Max, p.ResidHex)
	}
	res.Mean /= n
	if warpMax > 0 {
		var q, d []pt
		for i := range res.Points {
			p := &res.Points[i]
			if p.ResidHex <= warpMax {
				p.InWarp = true
				a := res.affine(p.Lon, p.Lat)
				q = append(q, a)
				d = append(d, pt{p.Want[0] - a[0], p.Want[1] - a[1]})
			}
		}
		res.Warp = newTPS(q, d)
	}
	for i := range res.Points {
		p := &res.Points[i]
		got := res.apply(p.Lon, p.Lat)
		p.Warped = dist(got, p.Want) / hexUnit
	}
	return res
}

func (f fitResult) affine(lon, lat float64) pt {
	return pt{f.A[0][0]*lon + f.A[0][1]*lat + f.A[0][2], f.A[1][0]*lon + f.A[1][1]*lat + f.A[1][2]}
}

// apply carries lon/lat into the plane: the affine fit, then the warp.
func (f fitResult) apply(lon, lat float64) pt {
	q := f.affine(lon, lat)
	if f.Warp != nil {
		d := f.Warp.at(q)
		q = pt{q[0] + d[0], q[1] + d[1]}
	}
	return q
}

// tps is a thin-plate spline of the displacement from the affine fit to the
// printed hex (rubber sheeting): exact at its points, smooth between, affine
// far away.
type tps struct {
	Q [][2]float64  // control points (affine-fitted positions)
	W [][2]float64  // their weights
	A [3][2]float64 // the affine part
}

func tpsU(r float64) float64 {
	if r == 0 {
		return 0
	}
	return r * r * math.Log(r)
}

func newTPS(q, d []pt) *tps {
	n := len(q)
	m := n + 3
	mat := make([][]float64, m)
	for i := range mat {
		mat[i] = make([]float64, m+2)
	}
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			mat[i][j] = tpsU(dist(q[i], q[j]))
		}
		row := []float64{1, q[i][0], q[i][1]}
		for k := 0; k < 3; k++ {
			mat[i][n+k] = row[k]
			mat[n+k][i] = row[k]
		}
		mat[i][m], mat[i][m+1] = d[i][0], d[i][1]
	}
	// Gauss-Jordan with partial pivoting, two right-hand sides.
	for c := 0; c < m; c++ {
		piv := c
		for r := c + 1; r < m; r++ {
			if math.Abs(mat[r][c]) > math.Abs(mat[piv][c]) {
				piv = r
			}
		}
		mat[c], mat[piv] = mat[piv], mat[c]
		for r := 0; r < m; r++ {
			if r != c && mat[r][c] != 0 {
				k := mat[r][c] / mat[c][c]
				for j := c; j < m+2; j++ {
					mat[r][j] -= k * mat[c][j]
				}
			}
		}
	}
	t := &tps{Q: q}
	for i := 0; i < n; i++ {
		t.W = append(t.W, [2]float64{mat[i][m] / mat[i][i], mat[i][m+1] / mat[i][i]})
	}
	for k := 0; k < 3; k++ {
		t.A[k] = [2]float64{mat[n+k][m] / mat[n+k][n+k], mat[n+k][m+1] / mat[n+k][n+k]}
	}
	return t
}

func (t *tps) at(p pt) pt {
	out := pt{t.A[0][0] + t.A[1][0]*p[0] + t.A[2][0]*p[1], t.A[0][1] + t.A[1][1]*p[0] + t.A[2][1]*p[1]}
	for i, q := range t.Q {
		u := tpsU(dist(p, q))
		out[0] += t.W[i][0] * u
		out[1] += t.W[i][1] * u
	}
	return out
}

func solve3(m [3][4]float64) [3]float64 {
	for c := 0; c < 3; c++ {
		piv := c
		for r := c + 1; r < 3; r++ {
			if math.Abs(m[r][c]) > math.Abs(m[piv][c]) {
				piv = r
			}
		}
		m[c], m[piv] = m[piv], m[c]
		for r := 0; r < 3; r++ {
			if r != c {
				k := m[r][c] / m[c][c]
				for j := c; j < 4; j++ {
					m[r][j] -= k * m[c][j]
				}
			}
		}
	}
	return [3]float64{m[0][3] / m[0][0], m[1][3] / m[1][1], m[2][3] / m[2][2]}
}

func (f fitResult) worst(n int) []fitPoint {
	ps := append([]fitPoint(nil), f.Points...)
	sort.Slice(ps, func(i, j int) bool { return ps[i].ResidHex > ps[j].ResidHex })
	if len(ps) > n {
		ps = ps[:n]
	}
	return ps
}

func report(id string, f fitResult) {
	fmt.Printf("%s: %d places, residual mean %.2f hex, max %.2f hex\n", id, len(f.Points), f.Mean, f.Max)
	for _, p := range f.worst(len(f.Points)) {
		fmt.Printf("  %-22s %-8s %.2f (dx %+.2f dy %+.2f) warped %.2f %v\n", p.Name, p.Ref, p.ResidHex, p.DxHex, p.DyHex, p.Warped, p.InWarp)
	}
	for _, s := range f.Skipped {
		fmt.Printf("  skipped: %s\n", s)
	}
	// Scale: hexes per mile along a meridian and a parallel.
	mid := 39.3
	ns := math.Hypot(f.A[0][1], f.A[1][1]) / hexUnit / 69.05
	ew := math.Hypot(f.A[0][0], f.A[1][0]) / hexUnit / (69.17 * math.Cos(mid*math.Pi/180))
	fmt.Printf("  scale: %.3f hex/mile N-S, %.3f hex/mile E-W\n", ns, ew)
}

// --- counties ---

type feature struct {
	State, Name, LSAD string
	Polys             [][][]pt // polygons: exterior then holes, lon/lat
}

func readCounties(path string) ([]feature, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var fc struct {
		Features []struct {
			Properties struct{ STATE, NAME, LSAD string }
			Geometry   struct {
				Type        string
				Coordinates json.RawMessage
			}
		}
	}
	if err := json.Unmarshal(b, &fc); err != nil {
		return nil, err
	}
	var out []feature
	for _, f := range fc.Features {
		ft := feature{State: f.Properties.STATE, Name: f.Properties.NAME, LSAD: f.Properties.LSAD}
		switch f.Geometry.Type {
		case "Polygon":
			var p [][]pt
			if err := json.Unmarshal(f.Geometry.Coordinates, &p); err != nil {
				return nil, err
			}
			ft.Polys = [][][]pt{p}
		case "MultiPolygon":
			if err := json.Unmarshal(f.Geometry.Coordinates, &ft.Polys); err != nil {
				return nil, err
			}
		default:
			return nil, fmt.Errorf("%s: geometry %s", ft.Name, f.Geometry.Type)
		}
		out = append(out, ft)
	}
	return out, nil
}

// vkey identifies a vertex of the source data (shared borders share vertices).
type vkey [2]int64

func keyOf(p pt) vkey { return vkey{int64(math.Round(p[0] * 1e7)), int64(math.Round(p[1] * 1e7))} }

func lessKey(a, b vkey) bool { return a[0] < b[0] || (a[0] == b[0] && a[1] < b[1]) }

// sring is a ring of source vertices (not repeated at the end).
type sring []vkey

// simplifier simplifies every ring by the arcs between junctions, so that a
// border shared by two counties is simplified once, the same for both.
type simplifier struct {
	pos   map[vkey]pt // plane position
	neigh map[vkey]map[vkey]bool
	tol   float64
}

func newSimplifier(rings []sring, pos map[vkey]pt, tol float64) *simplifier {
	s := &simplifier{pos: pos, neigh: map[vkey]map[vkey]bool{}, tol: tol}
	for _, r := range rings {
		n := len(r)
		for i, v := range r {
			if s.neigh[v] == nil {
				s.neigh[v] = map[vkey]bool{}
			}
			s.neigh[v][r[(i+1)%n]] = true
			s.neigh[v][r[(i+n-1)%n]] = true
		}
	}
	return s
}

func (s *simplifier) simplify(r sring) sring {
	n := len(r)
	var nodes []int
	for i, v := range r {
		if len(s.neigh[v]) != 2 {
			nodes = append(nodes, i)
		}
	}
	if len(nodes) == 0 {
		// A ring of its own: start it at its least vertex, and also cut it
		// at the vertex farthest from there so that it is two arcs.
		best := 0
		for i := range r {
			if lessKey(r[i], r[best]) {
				best = i
			}
		}
		far, d := best, -1.0
		for i := range r {
			if dd := dist(s.pos[r[i]], s.pos[r[best]]); dd > d {
				far, d = i, dd
			}
		}
		nodes = []int{best, far}
		if far < best {
			nodes = []int{far, best}
		}
	}
	var out sring
	for k, a := range nodes {
		b := nodes[(k+1)%len(nodes)]
		var arc sring
		for i := a; ; i = (i + 1) % n {
			arc = append(arc, r[i])
			if i == b && len(arc) > 1 {
				break
			}
		}
		out = append(out, s.arc(arc)...)
		out = out[:len(out)-1] // the next arc starts where this one ends
	}
	return out
}

// arc simplifies an arc in a canonical direction, so both rings that share it
// get the same vertices.
func (s *simplifier) arc(a sring) sring {
	rev := lessKey(a[len(a)-1], a[0])
	if a[0] == a[len(a)-1] && len(a) > 2 {
		rev = lessKey(a[len(a)-2], a[1])
	}
	c := append(sring(nil), a...)
	if rev {
		reverse(c)
	}
	keep := make([]bool, len(c))
	keep[0], keep[len(c)-1] = true, true
	s.dp(c, 0, len(c)-1, keep, true)
	var out sring
	for i, v := range c {
		if keep[i] {
			out = append(out, v)
		}
	}
	if rev {
		reverse(out)
	}
	return out
}

// dp is Douglas-Peucker; the first split of an arc always keeps its farthest
// vertex, so that no arc collapses to a segment another arc may also be.
func (s *simplifier) dp(c sring, i, j int, keep []bool, first bool) {
	if j <= i+1 {
		return
	}
	a, b := s.pos[c[i]], s.pos[c[j]]
	far, d := -1, -1.0
	for k := i + 1; k < j; k++ {
		if dd := segDist(s.pos[c[k]], a, b); dd > d {
			far, d = k, dd
		}
	}
	if d <= s.tol && !first {
		return
	}
	keep[far] = true
	s.dp(c, i, far, keep, false)
	s.dp(c, far, j, keep, false)
}

func reverse[T any](s []T) {
	for i, j := 0, len(s)-1; i < j; i, j = i+1, j-1 {
		s[i], s[j] = s[j], s[i]
	}
}

func dist(a, b pt) float64 { return math.Hypot(a[0]-b[0], a[1]-b[1]) }

func segDist(p, a, b pt) float64 {
	dx, dy := b[0]-a[0], b[1]-a[1]
	l := dx*dx + dy*dy
	if l == 0 {
		return dist(p, a)
	}
	t := ((p[0]-a[0])*dx + (p[1]-a[1])*dy) / l
	t = math.Max(0, math.Min(1, t))
	return dist(p, pt{a[0] + t*dx, a[1] + t*dy})
}

func area(r []pt) float64 {
	s := 0.0
	for i := range r {
		j := (i + 1) % len(r)
		s += r[i][0]*r[j][1] - r[j][0]*r[i][1]
	}
	return s / 2
}

func inRing(p pt, ring []pt) bool {
	in := false
	for i, j := 0, len(ring)-1; i < len(ring); j, i = i, i+1 {
		a, b := ring[i], ring[j]
		if (a[1] > p[1]) != (b[1] > p[1]) && p[0] < (b[0]-a[0])*(p[1]-a[1])/(b[1]-a[1])+a[0] {
			in = !in
		}
	}
	return in
}

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

// build makes the regions of a theatre.
func build(th *engine.Theatre, f fitResult, feats []feature, tol float64, counties bool) []region {
	pos := map[vkey]pt{}
	var all []sring
	type srcPoly struct {
		feat  int
		rings []sring
	}
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
	simp := newSimplifier(all, pos, tol)
	units := map[string]*unit{}
	var order []string
	for _, s := range sp {
		ft := feats[s.feat]
		st := stateOf[ft.State]
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
		name := home + " County"
		if ft.State == "51" && home == "Arlington" {
			name = "Alexandria County"
		}
		if st == "dc" {
			name = "District of Columbia"
		}
		if strings.HasSuffix(home, " city") {
			name = home
		}
		id := st + "." + slug(strings.TrimSuffix(name, " County"))
		if st == "dc" {
			id = "dc.dc"
		}
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
	// The hexes of the theatre's sheets.
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
	reaches := func(rings [][]pt) bool {
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
	src := fmt.Sprintf("reference geography/counties.geojson (U.S. Census Bureau cartographic county boundaries, public domain), carried into the plane by the %s fit in this file's header", th.ID)
	var cregs []region
	byState := map[string][]polygon{}
	for _, id := range order {
		u := units[id]
		rings := dissolve(u.Polys, pos)
		if !reaches(rings) {
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
	var regs []region
	for _, st := range []string{"md", "va", "pa", "de", "dc"} {
		if len(byState[st]) == 0 {
			continue
		}
		regs = append(regs, region{ID: st, Name: stateName[st], Kind: "state",
			Source: src + "; the state's counties that reach the sheets" + map[string]string{"va": ", with today's West Virginia (the rules treat Martinsburg and Harpers Ferry as Virginia)"}[st],
			Rings:  dissolve(byState[st], pos)})
	}
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
	regs = append(regs, cregs...)
	// Coverage: how many sheet hexes lie in no state.
	none := 0
	for _, c := range centres {
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
		if !in {
			none++
		}
	}
	fmt.Printf("  %s: %d regions, %d of %d sheet hexes in no state (water, or off the data)\n", th.ID, len(regs), none, len(centres))
	return regs
}

// --- output ---

func write(path string, th *engine.Theatre, f fitResult, regs []region, tol float64) error {
	var b strings.Builder
	w := func(format string, a ...any) { fmt.Fprintf(&b, format, a...) }
	w("# The %s theatre's regions: states, areas", th.ID)
	if th.ID == "lrtg" {
		w(" and counties")
	}
	w(", drawn from public geography.\n")
	w("# GENERATED by tools/mapfit (run by hand: go run ./tools/mapfit); do not edit by hand.\n#\n")
	w("# Sources:\n")
	w("#   counties.geojson = U.S. Census Bureau cartographic county boundaries (public domain), as\n")
	w("#         republished in geojson-counties-fips.json (jdilger/dash-examples, blob c91722a3);\n")
	w("#         modern boundaries, grouped into those of 1863 (below).\n")
	w("#   places-latlon.csv = kelvins/US-Cities-Database, csv/us_cities.csv, MIT licence (Copyright (c)\n")
	w("#         2017 Kelvin S. do Prado): town latitudes / longitudes for the fit.\n")
	w("#   Both from the project's reference set (geography/README.md); the seeds as cited per region.\n#\n")
	w("# The fit: a least-squares affine transform from longitude / latitude (degrees) to the plane\n")
	w("# of engine.Center (hex centres; neighbouring centres are sqrt(3) apart):\n")
	w("#   x = %.6f * lon %+.6f * lat %+.6f\n", f.A[0][0], f.A[0][1], f.A[0][2])
	w("#   y = %.6f * lon %+.6f * lat %+.6f\n", f.A[1][0], f.A[1][1], f.A[1][2])
	w("# through %d places whose printed hex the project's map data gives and whose town the csv has\n", len(f.Points))
	w("# (state matched; where the csv lists a town under several counties, the town's own row).\n")
	w("# Residuals (distance from the fitted point to the centre of the printed hex, in hexes):\n")
	w("#   mean %.2f, max %.2f. Worst first:\n", f.Mean, f.Max)
	ps := f.worst(len(f.Points))
	for i := 0; i < len(ps); i += 3 {
		line := "#  "
		for _, p := range ps[i:min(i+3, len(ps))] {
			line += fmt.Sprintf(" %s %s %.2f;", p.Name, p.Ref, p.ResidHex)
		}
		w("%s\n", strings.TrimSuffix(line, ";"))
	}
	for _, s := range f.Skipped {
		w("#   not used: %s\n", s)
	}
	if f.Warp != nil {
		w("# EXPERIMENTAL warp: a thin-plate spline through the residuals of the places marked in the\n")
		w("# report (affine residual <= the -warp flag) follows the affine fit.\n")
	}
	w("# A hex within about %.1f hexes of a border may therefore fall on the wrong side of it. The\n", math.Ceil(f.Max*10)/10)
	w("# county file is generalized (about 60 points a county): its borders are good to a few\n")
	w("# tenths of a mile only; e.g. the csv's Harrisburg point, on the Susquehanna's east bank,\n")
	w("# falls in Cumberland County in it. Towns on a border river (Harrisburg, Harpers Ferry,\n")
	w("# Ellicott Mills) sit within that error of it.\n#\n")
	w("# Drawing: every county polygon is carried into the plane; the borders between junctions\n")
	w("# are simplified once each (Douglas-Peucker, %.2f hex), so neighbours keep one border and no\n", tol)
	w("# hex falls between two counties; groups of counties are joined by dropping their shared\n")
	w("# borders; a hole is joined to its ring by a cut (each ring is read alone, even-odd). Rings\n")
	w("# are closed (the first point is repeated). Only regions holding a hex centre of the\n")
	w("# theatre's sheets are kept; a state is the union of its counties that do, so it ends\n")
	w("# beyond the map edge. The Potomac belongs to Maryland (the border is the Virginia shore).\n#\n")
	w("# Choices:\n")
	w("#  1. Virginia (va, south-of-potomac) includes today's West Virginia counties: they were\n")
	w("#     Virginia until June 20, 1863 and the rules treat Martinsburg and Harpers Ferry as\n")
	w("#     Virginia; their ids are va.<county>.\n")
	w("#  2. Counties of 1863: Alexandria County = Arlington County + City of Alexandria; today's\n")
	w("#     independent cities are folded into the county they lay in (Winchester -> Frederick,\n")
	w("#     Va.; Fairfax and Falls Church -> Fairfax; Manassas, Manassas Park -> Prince William;\n")
	w("#     Fredericksburg -> Spotsylvania), and Baltimore City into Baltimore County, as the\n")
	w("#     game does (its Baltimore County control hex is Camden Station, in the city: 003).\n")
	if th.ID == "lrtg" {
		w("#  3. Frederick County-West / -East (000 VII 1, 003, 004 County Control) is a split the game\n")
		w("#     makes; the seeds do not say where it runs (no river or hex line is given), so only\n")
		w("#     md.frederick is drawn. The split is left to the printed map.\n")
		w("#  4. dc-defense-area = dc + va.alexandria: 000 16.3 \"the DC defense area (Washington &\n")
		w("#     Alexandria County)\"; 004 uses the term without defining it.\n")
		w("#  5. Counties the seeds do not name are drawn too (county supply and forage, 000 13, 24,\n")
		w("#     apply to every county); each region's source says whether the seeds name it.\n")
		w("#  6. Not drawn: Montgomery County \"east of Seneca Creek and south of Rockville\" (004 DC\n")
		w("#     Garrison) and \"south map edge counties\" (003): no border of theirs is in the data.\n")
	} else {
		w("#  3. 002 2.1 defines friendly territory by state: Union = Maryland, Pennsylvania and D.C.\n")
		w("#     (north-of-potomac), Confederate = Virginia (south-of-potomac); its exceptions\n")
		w("#     (Alexandria 3446, hex 3343, Harpers Ferry 1529 for both) stay on the places\n")
		w("#     (litn-places.yaml). The LITN fit is coarser than the LRTG one (few towns, 2-mile\n")
		w("#     hexes): along the Potomac a hex may fall on the wrong side (Maryland Heights, 1629,\n")
		w("#     across the river from Harpers Ferry, falls a tenth of a hex into Virginia); the\n")
		w("#     places' kinds rule where they are given.\n")
		w("#     No counties: 002 names none.\n")
	}
	w("theatre: %s\n", th.ID)
	w("regions:\n")
	for _, r := range regs {
		w("  - id: %s\n", r.ID)
		w("    name: %q\n", r.Name)
		w("    kind: %s\n", r.Kind)
		if r.Parent != "" {
			w("    parent: %s\n", r.Parent)
		}
		w("    source: %q\n", r.Source)
		w("    rings:\n")
		for _, ring := range r.Rings {
			var sb strings.Builder
			sb.WriteString("      - [")
			for i := 0; i <= len(ring); i++ {
				p := ring[i%len(ring)]
				if i > 0 {
					sb.WriteString(", ")
				}
				fmt.Fprintf(&sb, "[%s, %s]", num(p[0]), num(p[1]))
			}
			sb.WriteString("]\n")
			b.WriteString(sb.String())
		}
	}
	return os.WriteFile(path, []byte(b.String()), 0o644)
}

func num(v float64) string {
	s := strconv.FormatFloat(math.Round(v*100)/100, 'f', -1, 64)
	if s == "-0" {
		s = "0"
	}
	return s
}
