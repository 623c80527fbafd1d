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
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"

	"github.com/umpire-games/umpire/scenarios"
)

// hexUnit is the distance between neighbouring hex centres in the plane.
var hexUnit = math.Sqrt(3)

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
