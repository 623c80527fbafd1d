package bot

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// Every message the adapter sends is built in discord_message.go, where
// each says which mentions may ping: a message with content built
// anywhere else in the package, or sent through a discordgo helper that
// cannot carry allowed_mentions, fails here.
func TestMessagesAreBuiltInOnePlace(t *testing.T) {
	messageTypes := []string{"MessageSend", "WebhookParams", "WebhookEdit", "MessageEdit", "InteractionResponseData"}
	messageFields := []string{"Content", "Embeds", "Embed", "Files", "File", "TTS", "AllowedMentions", "Poll"}
	// discordgo's shortcuts send content with no allowed_mentions; raw
	// requests bypass the builders.
	forbidden := []string{"ChannelMessageSend", "ChannelMessageSendTTS", "ChannelMessageSendEmbed", "ChannelMessageSendEmbeds",
		"ChannelMessageSendReply", "ChannelMessageSendEmbedReply", "ChannelMessageSendEmbedsReply", "ChannelMessageEdit",
		"ChannelMessageEditEmbed", "ChannelMessageEditEmbeds", "ChannelFileSend", "ChannelFileSendWithMessage",
		"WebhookExecute", "WebhookThreadExecute", "WebhookMessageEdit", "RequestWithBucketID", "RequestWithLockedBucket", "RequestRaw"}
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	checked := 0
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") || name == "discord_message.go" {
			continue
		}
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(fset, name, src, 0)
		if err != nil {
			t.Fatal(err)
		}
		checked++
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CompositeLit:
				sel, ok := n.Type.(*ast.SelectorExpr)
				if !ok || !isPkg(sel.X, "discordgo") || !slices.Contains(messageTypes, sel.Sel.Name) {
					return true
				}
				for _, el := range n.Elts {
					if kv, ok := el.(*ast.KeyValueExpr); ok {
						if k, ok := kv.Key.(*ast.Ident); ok && slices.Contains(messageFields, k.Name) {
							t.Errorf("%s: a discordgo.%s with %s built outside discord_message.go: build it there, where allowed_mentions is set", fset.Position(n.Pos()), sel.Sel.Name, k.Name)
						}
					}
				}
			case *ast.CallExpr:
				if sel, ok := n.Fun.(*ast.SelectorExpr); ok && slices.Contains(forbidden, sel.Sel.Name) {
					t.Errorf("%s: %s sends a message without allowed_mentions: use the builders of discord_message.go", fset.Position(n.Pos()), sel.Sel.Name)
				}
			}
			return true
		})
	}
	if checked < 20 {
		t.Fatalf("only %d files checked: is the test run in the package's directory?", checked)
	}
}

func isPkg(x ast.Expr, name string) bool {
	id, ok := x.(*ast.Ident)
	return ok && id.Name == name
}

func TestAllowedMentions(t *testing.T) {
	if am := allowedMentions(nil); am.Parse == nil || len(am.Parse) != 0 || len(am.Users) != 0 || len(am.Roles) != 0 {
		t.Errorf("no ping: %+v, want parse [] and nothing else", am)
	}
	many := []string{"11", "12", "11", "console:lee", "", "<@13>"}
	for i := range 150 {
		many = append(many, strings.Repeat("9", 3)+string(rune('0'+i%10))+strings.Repeat("1", i/10+1))
	}
	am := allowedMentions(many)
	if len(am.Parse) != 0 || len(am.Users) != maxPingUsers || am.Users[0] != "11" || am.Users[1] != "12" || am.Users[2] == "11" {
		t.Errorf("users %v (%d)", am.Users[:3], len(am.Users))
	}
	for _, id := range am.Users {
		if !isSnowflake(id) {
			t.Errorf("%q pinged", id)
		}
	}
}
