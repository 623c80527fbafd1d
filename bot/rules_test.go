package bot

import (
	"context"
	"encoding/json"
	"math"
	"regexp"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/umpire-games/umpire/bot/discordtest"
	"github.com/umpire-games/umpire/engine"
	"github.com/umpire-games/umpire/engine/litn"
	"github.com/umpire-games/umpire/engine/lrtg"
)

// testLibrary is a small library of its own, so these tests do not depend
// on the shipped rules data.
func testLibrary() *engine.Library {
	d6, _ := engine.ParseDice("1d6")
	return &engine.Library{
		Tables: []*engine.Table{{
			ID: "test.weather", Game: lrtg.LRTG, Title: "Weather", Source: "test 1.0", Dice: d6,
			Facts:     []engine.FactSpec{{Name: "wet", Kind: engine.FactBool, Description: "it rained yesterday"}},
			Modifiers: []engine.Modifier{{Value: 1, When: &engine.Condition{Fact: "wet", Op: "true"}, Reason: "it rained yesterday"}},
			Entries: []engine.Entry{
				{Min: math.MinInt, Max: 3, Outcome: "dry"},
				{Min: 4, Max: math.MaxInt, Outcome: "rain", Redirects: []engine.Redirect{
					{From: "rain", When: engine.Condition{Fact: "wet", Op: "true"}, To: "storm", Reason: "rain on rain is a storm"}}},
			},
			Outcomes: []engine.Outcome{{ID: "dry", Name: "Dry", Effect: "Nothing."}, {ID: "rain", Name: "Rain", Effect: "Mud."}, {ID: "storm", Name: "Storm", Effect: "Rivers rise."}},
		}},
		Charts: []*engine.Chart{{ID: "test.vp", Game: lrtg.LRTA, Title: "County VP", Source: "test 2.0",
			Columns: []string{"County", "First"}, Rows: [][]string{{"Frederick (West)", "6"}, {"Frederick (East)", "4"}}, Notes: "Charts win."}},
		Rules: []*engine.Rule{{Game: lrtg.LRTG, Section: "2.0", Title: "Random Events", Summary: "Roll 2d6 each turn.", Phase: "Turn start", Source: "000 2.0"}},
		Slots: []*engine.ChartSlot{{ID: "test.command", Game: litn.ID, Title: "Command Points", Source: "test 6.2", Dice: d6,
			Rows:    []engine.RowKey{engine.ParseRowKey("1 or less"), engine.ParseRowKey("2-3"), engine.ParseRowKey("4-5"), engine.ParseRowKey("6 or more")},
			Columns: []string{"1", "2", "3"}, Cell: regexp.MustCompile(`^\d+$`), CellHelp: "a whole number of command points"}},
	}
}

func TestTableRollExplainsItself(t *testing.T) {
	ctx := context.Background()
	st := openStore(t)
	r := NewRouter(st, WithLibrary(testLibrary()), WithDice(ScriptedSource(3, 2)))
	req := Request{InteractionID: "t1", ChannelID: "c1", User: engine.Actor{ID: "u", Name: "Stuart"}, Command: "table", Path: []string{"roll"},
		Options: map[string]string{"table": "test.weather", "facts": "wet=yes"}}
	out := r.Handle(ctx, req).first()
	for _, want := range []string{"Roll #1", "Stuart rolls on **Weather**", "test 1.0", "wet=yes", "1d6: [3] +1 (it rained yesterday) → 4",
		"Table result for 4: Rain", "Treat instead as Storm, because rain on rain is a storm", "**Storm**: Rivers rise."} {
		if !strings.Contains(out.Text, want) {
			t.Errorf("reply lacks %q:\n%s", want, out.Text)
		}
	}
	if len(out.Events) != 1 || out.Events[0].Type != "table.rolled" {
		t.Fatalf("events = %+v", out.Events)
	}
	var ev engine.TableRolled
	if err := json.Unmarshal(out.Events[0].Data, &ev); err != nil || ev.Outcome != "storm" || ev.Number != 1 || len(ev.Redirects) != 1 {
		t.Fatalf("event = %+v (%v)", ev, err)
	}
	// Table rolls and free rolls share the channel's numbering.
	next := r.Handle(ctx, rollReq("t2", "c1", "d6")).first()
	if !strings.Contains(next.Text, "Roll #2") {
		t.Errorf("next free roll: %q", next.Text)
	}
}

func TestTableRollRefusals(t *testing.T) {
	ctx := context.Background()
	st := openStore(t)
	r := NewRouter(st, WithLibrary(testLibrary()), WithDice(ScriptedSource()))
	cases := []struct {
		opts map[string]string
		code string
		says string
	}{
		{map[string]string{"table": "weathr"}, "table.unknown", "Did you mean test.weather"},
		{map[string]string{"table": "test.weather"}, "table.facts", "wet=yes|no (it rained yesterday)"},
		{map[string]string{"table": "test.weather", "facts": "wet=perhaps"}, "facts.value", "wet is yes or no"},
		{map[string]string{"table": "test.weather", "facts": "snow=1"}, "facts.unknown", "wet=yes|no"},
	}
	for _, c := range cases {
		out := r.Handle(ctx, Request{ChannelID: "c1", Command: "table", Path: []string{"roll"}, Options: c.opts}).first()
		if out.Error == nil || out.Error.Code != c.code || !strings.Contains(out.Text, c.says) {
			t.Errorf("%v: %+v", c.opts, out)
		}
	}
	if _, _, err := st.Load(ctx, "channel:c1", 0); err == nil {
		t.Error("a refused table roll recorded something")
	}
}

func TestChartShowAndRule(t *testing.T) {
	r := NewRouter(openStore(t), WithLibrary(testLibrary()))
	out := r.Handle(context.Background(), Request{Command: "chart", Path: []string{"show"}, Options: map[string]string{"name": "test.vp"}}).first()
	if out.Embed == nil || out.Audience.Kind != AudienceEphemeral || !strings.Contains(out.Embed.Title, "County VP") ||
		!strings.Contains(out.Embed.Description, "Frederick (West) | 6") || !strings.Contains(out.Embed.Footer, "test 2.0") {
		t.Fatalf("chart = %+v", out)
	}
	if !strings.Contains(out.Text, "Frederick (East) | 4") {
		t.Errorf("console text of the chart: %q", out.Text)
	}
	out = r.Handle(context.Background(), Request{Command: "rule", Options: map[string]string{"section": "lrtg:2.0"}}).first()
	if !strings.Contains(out.Text, "LRTG 2.0 — Random Events") || !strings.Contains(out.Text, "Sequence of play:* Turn start") {
		t.Fatalf("rule = %q", out.Text)
	}
	out = r.Handle(context.Background(), Request{Command: "rule", Options: map[string]string{"section": "random"}}).first()
	if out.Error == nil || !strings.Contains(out.Text, "lrtg:2.0") {
		t.Fatalf("unknown rule = %+v", out)
	}
}

func TestAutocomplete(t *testing.T) {
	r := NewRouter(openStore(t), WithLibrary(testLibrary()))
	got := r.Autocomplete(Request{Command: "table", Path: []string{"roll"}}, "table", "wea")
	if len(got) != 1 || got[0].Value != "test.weather" {
		t.Fatalf("tables for 'wea' = %+v", got)
	}
	if got := r.Autocomplete(Request{Command: "rule"}, "section", "rand"); len(got) != 1 || got[0].Value != "lrtg:2.0" {
		t.Fatalf("rules for 'rand' = %+v", got)
	}
	if got := r.Autocomplete(Request{Command: "roll"}, "dice", "2"); got != nil {
		t.Fatalf("dice has no autocomplete: %+v", got)
	}
}

// Discord limits: names 1-32 lower-case characters, descriptions 1-100.
func TestCommandsFitDiscord(t *testing.T) {
	name := regexp.MustCompile(`^[-_a-z0-9]{1,32}$`)
	var check func(prefix string, opts []*discordgo.ApplicationCommandOption)
	check = func(prefix string, opts []*discordgo.ApplicationCommandOption) {
		if len(opts) > 25 {
			t.Errorf("%s has %d options, more than 25", prefix, len(opts))
		}
		for _, o := range opts {
			if !name.MatchString(o.Name) || len(o.Description) == 0 || len([]rune(o.Description)) > 100 {
				t.Errorf("%s %s: name or description does not fit (%d chars)", prefix, o.Name, len([]rune(o.Description)))
			}
			check(prefix+" "+o.Name, o.Options)
		}
	}
	for _, c := range NewRouter(openStore(t)).ApplicationCommands() {
		if !name.MatchString(c.Name) || len(c.Description) == 0 || len([]rune(c.Description)) > 100 {
			t.Errorf("/%s: name or description does not fit", c.Name)
		}
		check("/"+c.Name, c.Options)
	}
}

func TestDiscordAutocompleteAndEmbeds(t *testing.T) {
	t.Parallel()
	b := startBot(t, openStore(t), ScriptedSource(), DiscordOptions{GuildID: "g1"})
	ctx := waitCtx(t)
	i := b.srv.SlashCommand(discordtest.SlashCommand{Name: "table", GuildID: "g1", Subcommand: "roll",
		Options: []discordtest.Option{{Name: "table", Value: "random ev"}}})
	i.Type = discordgo.InteractionApplicationCommandAutocomplete
	data := i.Data.(discordgo.ApplicationCommandInteractionData)
	data.Options[0].Options[0].Focused = true
	i.Data = data
	if _, err := b.srv.DispatchInteraction(i); err != nil {
		t.Fatal(err)
	}
	cbs, err := b.srv.WaitCallback(ctx, i.ID, 1)
	if err != nil {
		t.Fatal(err)
	}
	resp := cbs[0].Response
	found := false
	for _, c := range resp.Data.Choices {
		found = found || c.Value == "lrtg.random-events"
	}
	if resp.Type != discordgo.InteractionApplicationCommandAutocompleteResult || !found || len(resp.Data.Choices) > 25 {
		t.Fatalf("autocomplete = %+v", resp.Data.Choices)
	}

	j := b.srv.SlashCommand(discordtest.SlashCommand{Name: "rule", GuildID: "g1", Options: []discordtest.Option{{Name: "section", Value: "lrtg:2.0"}}})
	if _, err := b.srv.DispatchInteraction(j); err != nil {
		t.Fatal(err)
	}
	if cbs, err = b.srv.WaitCallback(ctx, j.ID, 1); err != nil {
		t.Fatal(err)
	}
	if d := cbs[0].Response.Data; d.Flags&discordgo.MessageFlagsEphemeral == 0 || !strings.Contains(d.Content, "Random Events") {
		t.Fatalf("rule = %+v", d)
	}
}
