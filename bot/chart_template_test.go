package bot

import (
	"context"
	"strings"
	"testing"
)

// /chart template (issue 22, LITN set-up 4): the slot's fill-in file comes
// as an attachment, with the fixed rows and columns named and every cell
// "?"; loaded as it is, every cell is refused at once; filled in
// programmatically with INVENTED values, it loads and /chart show lays it
// out.
func TestChartTemplateFillAndLoad(t *testing.T) {
	ctx := context.Background()
	r := NewRouter(openStore(t), WithLibrary(testLibrary()))
	player := chartReq("template", map[string]string{"name": "test.command"})
	player.Manager = false // anyone may have a template: it holds no numbers
	out := r.Handle(ctx, player).first()
	if out.Error != nil || len(out.Files) != 1 || out.Files[0].Name != "test.command.yaml" || out.Audience.Kind != AudienceEphemeral {
		t.Fatalf("template: %+v", out)
	}
	tpl := string(out.Files[0].Data)
	flat := strings.Join(strings.Fields(tpl), " ") // rows are aligned with spaces
	for _, want := range []string{"# Fill-in template for test.command: Command Points.", "Used by: test 6.2.", "Games: LITN.",
		`"2-3": ["?", "?", "?"]`, `"6 or more": ["?", "?", "?"]`, "/chart load name:test.command"} {
		if !strings.Contains(flat, want) {
			t.Errorf("the template lacks %q:\n%s", want, tpl)
		}
	}
	if !strings.Contains(out.Text, "/chart load name:test.command") {
		t.Errorf("the reply does not say how to load it: %s", out.Text)
	}

	// Unfilled: all twelve cells at once, each with its row and column.
	res := r.Handle(ctx, chartReq("load", map[string]string{"name": "test.command", "data": tpl})).first()
	if res.Error == nil || !strings.Contains(res.Text, "12 problems") || !strings.Contains(res.Text, `row "4-5", column "3" is not filled in`) {
		t.Fatalf("unfilled template: %s", res.Text)
	}

	// Filled: INVENTED numbers, one per cell in order.
	n := 0
	filled := tpl
	for strings.Contains(filled, `"?"`) {
		n++
		filled = strings.Replace(filled, `"?"`, strings.Repeat("1", 1+n%2), 1)
	}
	if res := r.Handle(ctx, chartReq("load", map[string]string{"name": "test.command", "data": filled})).first(); res.Error != nil {
		t.Fatalf("filled template: %s\n%s", res.Text, filled)
	}
	show := r.Handle(ctx, chartReq("show", map[string]string{"name": "test.command"})).first()
	if show.Error != nil || !strings.Contains(show.Text, "2-3") || !strings.Contains(show.Text, "11") {
		t.Fatalf("show: %s", show.Text)
	}

	bad := r.Handle(ctx, chartReq("template", map[string]string{"name": "test.nothing"})).first()
	if bad.Error == nil || len(bad.Files) != 0 || !strings.Contains(bad.Text, `There is no chart slot "test.nothing"`) {
		t.Errorf("unknown slot: %+v", bad)
	}
}
