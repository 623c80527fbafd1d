package bot

import (
	"bufio"
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A console line over the limit is refused with its length and the
// limit, and the script goes on with the next line (a bufio.Scanner's
// token limit used to end the console there).
func TestConsoleLongLineRefusedAndScriptGoesOn(t *testing.T) {
	var out bytes.Buffer
	long := "/roll dice:d6 for:" + strings.Repeat("x", MaxConsoleLine)
	in := long + "\n/roll dice:2d6\n"
	c := &Console{Router: NewRouter(openStore(t), WithDice(ScriptedSource(3, 4))), In: strings.NewReader(in), Out: &out, User: "meade", Guild: "g", Channel: "t"}
	if err := c.Run(context.Background()); err != nil {
		t.Fatalf("Run: %v", err)
	}
	got := out.String()
	want := "Line 1 is 1048594 bytes long, more than the console's limit of 1048576 bytes"
	if !strings.Contains(got, want) {
		t.Errorf("output lacks %q:\n%.500s", want, got)
	}
	if !strings.Contains(got, "2d6") || !strings.Contains(got, "[3 4]") {
		t.Errorf("the line after the long one did not run:\n%.500s", got)
	}
	if len(got) > 4096 {
		t.Errorf("the refusal echoes the long line (%d bytes of output)", len(got))
	}
}

func TestReadLine(t *testing.T) {
	const limit = 8
	rd := bufio.NewReaderSize(strings.NewReader("abc\r\n12345678\n123456789\n"+strings.Repeat("y", 40)+"\r\nlast"), 16)
	want := []struct {
		text string
		n    int
	}{{"abc", 3}, {"12345678", 8}, {"", 9}, {"", 40}, {"last", 4}}
	for i, w := range want {
		text, n, err := readLine(rd, limit)
		if err != nil || text != w.text || n != w.n {
			t.Errorf("line %d = %q, %d, %v; want %q, %d", i+1, text, n, err, w.text, w.n)
		}
	}
	if _, _, err := readLine(rd, limit); err == nil {
		t.Error("no io.EOF after the last line")
	}
}

// A -files directory that does not exist is made at the first map; one
// that cannot be made is said in the map's answer, and the console goes
// on with the next line.
func TestConsoleFilesDirectory(t *testing.T) {
	script := "/game new scenario:lrtg-high-tide\n/map at:Culpeper\n/roll dice:2d6\n"
	run := func(dir string) string {
		var out bytes.Buffer
		c := &Console{Router: NewRouter(openStore(t), WithDice(ScriptedSource(3, 4))), In: strings.NewReader(script), Out: &out, User: "meade", Guild: "g", Channel: "t", FileDir: dir}
		if err := c.Run(context.Background()); err != nil {
			t.Fatalf("Run with -files %s: %v", dir, err)
		}
		return out.String()
	}
	missing := filepath.Join(t.TempDir(), "maps", "today")
	got := run(missing)
	entries, err := os.ReadDir(missing)
	if err != nil || len(entries) != 1 || !strings.Contains(got, "written to "+filepath.Join(missing, entries[0].Name())) {
		t.Errorf("the map was not written to the missing directory (%v, %v):\n%s", entries, err, got)
	}
	if !strings.Contains(got, "[3 4]") {
		t.Errorf("the line after /map did not run:\n%s", got)
	}

	notDir := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(notDir, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	got = run(notDir)
	if !strings.Contains(got, "could not be written") || !strings.Contains(got, "Give -files a directory") {
		t.Errorf("the unwritable directory is not said:\n%s", got)
	}
	if !strings.Contains(got, "[3 4]") {
		t.Errorf("the line after /map did not run:\n%s", got)
	}
}

// FuzzConsoleReadLine: the console's line reader, over any input with a
// small limit, reads every line exactly once: what it keeps is the line,
// what it drops is over the limit, and the lengths add up to the input.
func FuzzConsoleReadLine(f *testing.F) {
	for _, s := range []string{"", "\n", "abc", "abc\r\n", "12345678\n123456789\nx", "\r\r\n\n", strings.Repeat("y", 40) + "\r\nlast"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		const limit = 8
		rd := bufio.NewReaderSize(strings.NewReader(in), 16)
		var lines []string
		total := 0
		for i := 0; ; i++ {
			text, n, err := readLine(rd, limit)
			if err != nil {
				break
			}
			if i > len(in) {
				t.Fatalf("more lines than bytes in %q", in)
			}
			if n <= limit && len(text) != n || n > limit && text != "" || strings.Contains(text, "\n") {
				t.Fatalf("line %d of %q: %q, %d", i, in, text, n)
			}
			lines = append(lines, text)
			total += n
		}
		// Every byte is a line's or a line end's (\n, or \r\n).
		ends := strings.Count(in, "\n") + strings.Count(in, "\r\n")
		if total+ends != len(in) {
			t.Fatalf("%q: %d bytes of lines and %d of ends, want %d", in, total, ends, len(in))
		}
		want := strings.Count(in, "\n")
		if in != "" && !strings.HasSuffix(in, "\n") {
			want++
		}
		if len(lines) != want {
			t.Fatalf("%q: %d lines, want %d", in, len(lines), want)
		}
	})
}
