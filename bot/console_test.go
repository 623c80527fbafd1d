package bot

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"reflect"
	"strings"
	"testing"
)

func TestConsoleParse(t *testing.T) {
	c := &Console{Router: NewRouter(openStore(t)), User: "meade", Channel: "table", Guild: "g"}
	cases := []struct {
		line    string
		user    string
		command string
		path    []string
		opts    map[string]string
	}{
		{"/roll dice:2d6+1", "meade", "roll", nil, map[string]string{"dice": "2d6+1"}},
		{"@lee /roll dice:3d6-2", "lee", "roll", nil, map[string]string{"dice": "3d6-2"}},
		{"/roll dice:2d6 + 1 for:the spy contest", "meade", "roll", nil, map[string]string{"dice": "2d6 + 1", "for": "the spy contest"}},
		{`/roll dice:"2d6 + 1" for:"a 10:00 check"`, "meade", "roll", nil, map[string]string{"dice": "2d6 + 1", "for": "a 10:00 check"}},
		{"/roll for:march at 10:00 dice:d6", "meade", "roll", nil, map[string]string{"dice": "d6", "for": "march at 10:00"}},
		{"/ROLL dice:d6", "meade", "roll", nil, map[string]string{"dice": "d6"}},
		{"/game new scenario:hightide", "meade", "game", []string{"new"}, map[string]string{"scenario": "hightide"}},
		{"/help", "meade", "help", nil, map[string]string{}},
	}
	for _, tc := range cases {
		req, err := c.Parse(tc.line)
		if err != nil {
			t.Errorf("Parse(%q): %v", tc.line, err)
			continue
		}
		if req.User.Name != tc.user || req.User.ID != "console:"+tc.user || req.Command != tc.command ||
			!reflect.DeepEqual(req.Path, tc.path) || !reflect.DeepEqual(req.Options, tc.opts) ||
			req.ChannelID != "table" || req.GuildID != "g" {
			t.Errorf("Parse(%q) = %+v", tc.line, req)
		}
	}
	for _, bad := range []string{"roll dice:d6", "/", "@ /roll dice:d6", `/roll dice:"2d6`, "/roll dice:d6 dice:d8"} {
		if _, err := c.Parse(bad); err == nil {
			t.Errorf("Parse(%q) accepted", bad)
		}
	}
}

func TestConsoleJSON(t *testing.T) {
	var out bytes.Buffer
	in := strings.Join([]string{
		"# a comment",
		"/roll dice:2d6+1",
		"",
		"@lee /roll dice:d6 for:initiative",
		"/roll dice:2d0",
		"/help",
	}, "\n")
	c := &Console{Router: NewRouter(openStore(t), WithDice(ScriptedSource(4, 6, 2))), In: strings.NewReader(in), Out: &out,
		JSON: true, User: "meade", Channel: "table"}
	if err := c.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	var lines []ConsoleLine
	dec := json.NewDecoder(&out)
	for dec.More() {
		var l ConsoleLine
		if err := dec.Decode(&l); err != nil {
			t.Fatal(err)
		}
		lines = append(lines, l)
	}
	if len(lines) != 4 {
		t.Fatalf("%d JSON lines, want 4", len(lines))
	}
	first := lines[0]
	if first.V != 1 || first.Line != 2 || first.Input != "/roll dice:2d6+1" || first.Audience.Kind != "public" ||
		first.Actor.Name != "meade" || len(first.Events) != 1 || first.Events[0].Type != "dice.rolled" {
		t.Errorf("first line = %+v", first)
	}
	var data struct {
		Number int   `json:"number"`
		Total  int   `json:"total"`
		Terms  []any `json:"terms"`
	}
	if err := json.Unmarshal(first.Events[0].Data, &data); err != nil || data.Number != 1 || data.Total != 11 || len(data.Terms) != 2 {
		t.Errorf("event data = %s (%v)", first.Events[0].Data, err)
	}
	if lines[1].Actor.Name != "lee" || !strings.Contains(lines[1].Text, "lee rolls 1d6 for initiative: [2] = **2**") {
		t.Errorf("@lee line = %+v", lines[1])
	}
	if e := lines[2].Error; e == nil || e.Code != "dice.sides" || lines[2].Audience.Kind != "ephemeral" ||
		lines[2].Audience.UserID != "console:meade" || len(lines[2].Events) != 0 {
		t.Errorf("error line = %+v", lines[2])
	}
	if lines[3].Audience.Kind != "ephemeral" || !strings.Contains(lines[3].Text, "/roll") {
		t.Errorf("help line = %+v", lines[3])
	}
}

func TestConsoleText(t *testing.T) {
	var out bytes.Buffer
	c := &Console{Router: NewRouter(openStore(t), WithDice(ScriptedSource(5))), In: strings.NewReader("/roll dice:d6\n/roll dice:x\nnonsense\n"),
		Out: &out, User: "meade", Channel: "table"}
	if err := c.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	got := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(got) != 3 || !strings.Contains(got[0], "Roll #1") || !strings.HasPrefix(got[1], "(only meade sees this)") ||
		!strings.Contains(got[2], "Commands start with /") {
		t.Fatalf("console text:\n%s", out.String())
	}
}

func TestConsoleStopsOnCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	blocking, w := ioPipe()
	defer w.Close()
	c := &Console{Router: NewRouter(openStore(t)), In: blocking, Out: &bytes.Buffer{}}
	if err := c.Run(ctx); err != nil {
		t.Fatalf("Run after cancel = %v", err)
	}
}

func ioPipe() (*io.PipeReader, *io.PipeWriter) { return io.Pipe() }
