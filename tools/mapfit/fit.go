// The fit of a theatre's plane to latitude / longitude: an affine transform
// by least squares through the matched towns, the experimental thin-plate
// spline warp, and the report of the residuals.

package main

import (
	"encoding/csv"
	"fmt"
	"math"
	"os"
	"sort"
	"strconv"
	"strings"

	"github.com/umpire-games/umpire/engine"
)

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
