package bot

import (
	"context"
	"strings"
	"testing"

	"github.com/umpire-games/umpire/engine"
)

func helpReq(command string) Request {
	req := Request{InteractionID: "help-" + command, Command: "help", User: engine.Actor{ID: "u1", Name: "Lee"}, GuildID: "g", ChannelID: "c", Options: map[string]string{}}
	if command != "" {
		req.Options["command"] = command
	}
	return req
}

// The index names every command on one line, without clipping; each
// command's own page explains every option of every form, also unclipped.
func TestHelpIndexAndPages(t *testing.T) {
	r := NewRouter(openStore(t))
	ctx := context.Background()
	rep := r.Handle(ctx, helpReq(""))
	index := rep.Outputs[0].Embed.Description
	total := len(rep.Outputs[0].Embed.Title) + len(index) + len(rep.Outputs[0].Embed.Footer)
	if len(index) > 4096 {
		t.Errorf("the index's description is %d characters: Discord takes 4,096", len(index))
	}
	for _, f := range rep.Outputs[0].Embed.Fields {
		if len(f.Value) > 1024 || f.Name == "" {
			t.Errorf("an index field of %d characters named %q: Discord takes 1,024 and a name", len(f.Value), f.Name)
		}
		index += "\n" + f.Value
		total += len(f.Name) + len(f.Value)
	}
	if total > 6000 {
		t.Errorf("the index embed is %d characters: Discord takes 6,000 in all", total)
	}
	if strings.Contains(index, "more") && strings.Contains(index, "… and") {
		t.Fatalf("the index is clipped:\n%s", index)
	}
	for _, c := range r.Commands() {
		if !strings.Contains(index, "`/"+c.Name+"`") {
			t.Errorf("the index does not list /%s", c.Name)
		}
		rep := r.Handle(ctx, helpReq(c.Name))
		if rep.Outputs[0].Error != nil || rep.Outputs[0].Embed == nil {
			t.Fatalf("/help command:%s: %s", c.Name, rep.Outputs[0].Text)
		}
		page := rep.Outputs[0].Embed.Description
		if strings.Contains(page, "… and") {
			t.Errorf("/help command:%s is clipped", c.Name)
		}
		for _, l := range c.leaves() {
			if !strings.Contains(page, l.Usage()) {
				t.Errorf("/help command:%s lacks %s", c.Name, l.Usage())
			}
			// A group too large for one page explains each form's
			// options on the form's own page.
			form := page
			if len(l.Options) > 0 && !strings.Contains(page, "`"+l.Options[0].Name+"`") {
				fr := r.Handle(ctx, helpReq(l.path))
				if fr.Outputs[0].Embed == nil || !strings.Contains(rep.Outputs[0].Embed.Footer, "/help command:"+c.Name+" <form>") {
					t.Errorf("/help command:%s leaves out %s's options without saying where they are", c.Name, l.path)
					continue
				}
				form = fr.Outputs[0].Embed.Description
			}
			for _, o := range l.Options {
				if !strings.Contains(form, "`"+o.Name+"`") {
					t.Errorf("/help command:%s does not explain %s's option %s", c.Name, l.path, o.Name)
				}
			}
		}
		if rep.Outputs[0].Audience.Kind != AudienceEphemeral {
			t.Errorf("/help command:%s is not ephemeral", c.Name)
		}
	}
	// A subcommand by its path.
	rep = r.Handle(ctx, helpReq("/table  roll"))
	if rep.Outputs[0].Embed == nil || !strings.Contains(rep.Outputs[0].Embed.Description, "/table roll table:") || strings.Contains(rep.Outputs[0].Embed.Description, "/table list") {
		t.Fatalf("/help command:table roll: %+v", rep)
	}
	// An unknown command: refused, with the list.
	out := r.Handle(ctx, helpReq("teleport")).Outputs[0]
	if out.Error == nil || out.Error.Code != "help.unknown" || !strings.Contains(out.Text, "game,") || !strings.Contains(out.Text, "help,") {
		t.Fatalf("unknown command: %+v", out)
	}
}
