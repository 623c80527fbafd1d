package bot

import (
	"context"
	"crypto/sha256"
	"fmt"
	"strings"
	"testing"
)

// What players read of a stored game: the read-only commands of its game,
// for the umpire, each player and a guest, as the console prints them
// (Discord shows the same text; an embed or buttons that say more are
// written out too). Refusals are reads as well: what a player may not see
// is part of what he reads.

// storedBlock starts each read in a reads file.
const storedBlock = "### "

// storedLRTGReads are the read-only commands of LRTG and LRTA games. A
// command with {side} is read by the umpire once for each side, by a
// player for his own.
var storedLRTGReads = []string{
	"/game status", "/phase show", "/turn show", "/oob{side}", "/vp", "/morale show",
	"/supply show{side}", "/segment show{side}", "/reinforcements", "/event show",
	"/leader show", "/command show", "/clock show", "/deadline show",
	"/dispatch inbox", "/dispatch intercepted", "/dispatch status", "/dispatch log",
	"/dummy list{side}", "/action show", "/garrison show", "/unit log",
	"/victory objectives", "/restrefit show", "/reorganize show", "/declare",
}

// storedLITNReads are LITN's.
var storedLITNReads = []string{
	"/game status", "/phase show", "/turn show", "/litn status{side}", "/sheet show{side}", "/deadline show",
}

// storedEndReads are read at the end of a game only: the pictures (maps,
// plots: compared by their bytes' hash) and the audit, which replays
// every roll.
func storedEndReads(g storedGame) []string {
	if g.litn {
		return []string{"/map at:" + g.mapAt + " radius:6 map:litn", "/game audit"}
	}
	return []string{"/map at:" + g.mapAt + " radius:6", "/turn show plot:true", "/morale show plot:true", "/vp csv:true", "/game audit"}
}

// storedSame stands for a read that is word for word the same reader's
// same command at the cut before (the files stay readable).
const storedSame = "(the same as at the cut before)\n"

// storedReads writes what each reader reads, one block a command. prev
// holds each reader's command's text at the cut before (nil: none); the
// texts of this cut replace them.
func storedReads(t *testing.T, r *Router, g storedGame, cut string, readers []string, end bool, prev map[string]string, b *strings.Builder) {
	t.Helper()
	cmds := storedLRTGReads
	if g.litn {
		cmds = storedLITNReads
	}
	if end {
		cmds = append(append([]string(nil), cmds...), storedEndReads(g)...)
	}
	for _, who := range readers {
		for _, c := range cmds {
			lines := []string{strings.Replace(c, "{side}", "", 1)}
			if who == "umpire" && strings.Contains(c, "{side}") {
				lines = []string{strings.Replace(c, "{side}", " side:csa", 1), strings.Replace(c, "{side}", " side:usa", 1)}
			}
			for _, line := range lines {
				fmt.Fprintf(b, "%s%s: @%s %s\n", storedBlock, cut, who, line)
				var text strings.Builder
				storedRead(t, r, who, line, &text)
				key := who + " " + line
				if old, ok := prev[key]; ok && old == text.String() {
					b.WriteString(storedSame)
				} else {
					b.WriteString(text.String())
				}
				if prev != nil {
					prev[key] = text.String()
				}
			}
		}
	}
}

// storedRead writes one command's outputs as the console prints them. The
// umpire created the game; the players are not the server's managers (as
// on Discord, where the console makes everyone one).
func storedRead(t *testing.T, r *Router, who, line string, b *strings.Builder) {
	t.Helper()
	c := &Console{Router: r, User: who, Guild: storedGuild, Channel: storedChannel}
	req, perr := c.Parse(line)
	if perr != nil {
		t.Fatalf("%s: %s", line, perr.What)
	}
	req.Manager = who == "umpire"
	rep := r.Handle(context.Background(), req)
	for _, o := range rep.Outputs {
		b.WriteString(c.textOutput(req, o))
		b.WriteByte('\n')
		if o.Embed != nil && o.Embed.PlainText() != o.Text {
			b.WriteString("[embed] " + o.Embed.PlainText() + "\n")
		}
		for _, bt := range o.Buttons {
			fmt.Fprintf(b, "[button] %s: %s\n", bt.Label, bt.Command)
		}
		for _, f := range o.Files {
			fmt.Fprintf(b, "[file] %s %s, %d bytes, sha256 %x\n", f.Name, f.ContentType, len(f.Data), sha256.Sum256(f.Data))
		}
		if len(o.Ping) > 0 {
			fmt.Fprintf(b, "[ping] %s\n", strings.Join(o.Ping, ", "))
		}
	}
}
