package bot

import (
	"context"
	"regexp"
	"strings"
	"testing"
)

// /chart list names the printed charts a game needs, each loaded or
// not, with the command that loads it and, once loaded, a digest two
// groups can compare (issue 22, LITN set-up 3). Anyone may read it.
func TestChartList(t *testing.T) {
	ctx := context.Background()
	r := NewRouter(openStore(t), WithLibrary(testLibrary()), WithDice(ScriptedSource(1)))
	list := func(game string) (string, string) {
		req := chartReq("list", map[string]string{})
		if game != "" {
			req.Options["game"] = game
		}
		req.Manager = false
		out := r.Handle(ctx, req).first()
		if out.Error != nil {
			return "", out.Error.Code + ": " + out.Text
		}
		return out.Embed.Title + "\n" + out.Embed.Description, ""
	}
	got, _ := list("litn")
	for _, want := range []string{"1 of 1 not loaded", "`test.command` Command Points: **not loaded**, /chart load name:test.command"} {
		if !strings.Contains(got, want) {
			t.Errorf("before loading, lacks %q:\n%s", want, got)
		}
	}
	if got, _ := list(""); !strings.Contains(got, "test.command` Command Points (LITN)") {
		t.Errorf("every game's: %s", got)
	}
	if got, _ := list("lrtg"); strings.Contains(got, "test.command") || !strings.Contains(got, "needs no printed chart") {
		t.Errorf("LRTG lists LITN's slot: %s", got)
	}
	if _, refused := list("xx"); !strings.Contains(refused, "chart.game") || !strings.Contains(refused, "lrtg, lrta or litn") {
		t.Errorf("unknown game: %s", refused)
	}

	load := func(data string) {
		if out := r.Handle(ctx, chartReq("load", map[string]string{"name": "test.command", "data": data})).first(); out.Error != nil {
			t.Fatalf("load: %s", out.Text)
		}
	}
	digest := regexp.MustCompile(`digest ([0-9a-f]{16})`)
	load(commandChart)
	got, _ = list("litn")
	m := digest.FindStringSubmatch(got)
	if !strings.Contains(got, "0 of 1 not loaded") || !strings.Contains(got, "loaded, 4 rows x 3 columns") || m == nil {
		t.Fatalf("after loading: %s", got)
	}
	// The same chart typed with other spacing has the same digest; one
	// cell changed, another.
	load(strings.ReplaceAll(commandChart, ", ", ","))
	if got, _ := list("litn"); !strings.Contains(got, "digest "+m[1]) {
		t.Errorf("same copy, other digest: %s (was %s)", got, m[1])
	}
	load(strings.Replace(commandChart, "[2, 3, 4]", "[2, 3, 5]", 1))
	if got, _ := list("litn"); strings.Contains(got, "digest "+m[1]) || digest.FindString(got) == "" {
		t.Errorf("changed copy, same digest: %s", got)
	}
}
