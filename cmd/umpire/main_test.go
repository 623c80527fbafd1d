package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/umpire-games/umpire/bot/discordtest"
)

func env(m map[string]string) func(string) string { return func(k string) string { return m[k] } }

func TestNoTokenRunsTheConsoleOnSQLite(t *testing.T) {
	db := filepath.Join(t.TempDir(), "u.db")
	var out, errOut bytes.Buffer
	in := strings.NewReader("/roll dice:2d6+1\n@lee /roll dice:d6\n")
	if err := run(context.Background(), []string{"-db", db, "-as", "meade"}, env(nil), in, &out, &errOut, noDiscord(t)); err != nil {
		t.Fatal(err)
	}
	banner := strings.TrimSpace(errOut.String())
	if strings.Count(banner, "\n") != 0 || !strings.Contains(banner, "console") || !strings.Contains(banner, db) || !strings.Contains(banner, "no Discord token") {
		t.Errorf("banner = %q: want one line naming the console and the database", banner)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 2 || !strings.Contains(lines[0], "Roll #1 · meade rolls 2d6+1") || !strings.Contains(lines[1], "Roll #2 · lee rolls 1d6") {
		t.Fatalf("console output:\n%s", out.String())
	}
	// The rolls are in the file: a second run continues the numbering.
	out.Reset()
	if err := run(context.Background(), []string{"-db", db, "-json"}, env(map[string]string{"USER": "hooker"}), strings.NewReader("/roll dice:d6\n"), &out, &errOut, noDiscord(t)); err != nil {
		t.Fatal(err)
	}
	var line struct {
		Actor  struct{ Name string }
		Events []struct{ Version int64 }
	}
	if err := json.Unmarshal(out.Bytes(), &line); err != nil {
		t.Fatalf("--json output %q: %v", out.String(), err)
	}
	if line.Actor.Name != "hooker" || len(line.Events) != 1 || line.Events[0].Version != 3 {
		t.Errorf("second run: %+v", line)
	}
}

func noDiscord(t *testing.T) func(string) (*discordgo.Session, error) {
	return func(string) (*discordgo.Session, error) {
		t.Error("the console connected to Discord")
		return nil, errors.New("no Discord in this test")
	}
}

// With a token, the umpire connects (here to the fake Discord), registers
// its commands in the configured guild, serves a roll, and on SIGTERM
// (the context's end) shuts down cleanly.
func TestTokenServesDiscordUntilStopped(t *testing.T) {
	t.Parallel()
	srv := discordtest.NewServer(t, discordtest.Options{RequireAllowedMentions: true, Token: "t0k3n"})
	connect := func(token string) (*discordgo.Session, error) { return srv.NewSession(token) }
	ctx, stop := context.WithCancel(context.Background())
	var logs syncBuffer
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, []string{"-db", filepath.Join(t.TempDir(), "d.db")},
			env(map[string]string{"DISCORD_TOKEN": "t0k3n", "DISCORD_GUILD_ID": "777"}), strings.NewReader(""), io.Discard, &logs, connect)
	}()
	wctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if _, err := srv.WaitCommands(wctx, "777"); err != nil {
		t.Fatal(err)
	}
	i := srv.SlashCommand(discordtest.SlashCommand{Name: "roll", GuildID: "777", Options: []discordtest.Option{{Name: "dice", Value: "2d6"}}})
	if _, err := srv.DispatchInteraction(i); err != nil {
		t.Fatal(err)
	}
	cbs, err := srv.WaitCallback(wctx, i.ID, 1)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(cbs[0].Response.Data.Content, "Roll #1") {
		t.Errorf("roll answered %q", cbs[0].Response.Data.Content)
	}
	stop()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("run: %v", err)
		}
	case <-time.After(15 * time.Second):
		t.Fatal("run did not stop")
	}
	if srv.Connected() {
		t.Error("still connected after shutdown")
	}
	out := logs.String()
	if strings.Contains(out, "t0k3n") {
		t.Error("the token is in the log")
	}
	if !strings.Contains(out, `"msg":"interaction"`) || !strings.Contains(out, `"outcome":"ok"`) {
		t.Errorf("no interaction log line:\n%s", out)
	}
}

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func TestConfig(t *testing.T) {
	c, err := parseConfig(nil, env(map[string]string{"DISCORD_TOKEN": "Bot abc", "DISCORD_GUILD_ID": "42", "UMPIRE_DB": "/x.db"}), &bytes.Buffer{})
	if err != nil {
		t.Fatal(err)
	}
	if c.token != "abc" || c.guild != "42" || c.db != "/x.db" || c.console || c.logLevel != "info" {
		t.Errorf("config = %+v", c)
	}
	c, err = parseConfig([]string{"-db", "y.db"}, env(nil), &bytes.Buffer{})
	if err != nil {
		t.Fatal(err)
	}
	if !c.console || c.db != "y.db" || c.logLevel != "warn" {
		t.Errorf("no token: %+v", c)
	}
	// The console's files go to one folder beside the database (issue 23).
	for db, want := range map[string]string{"y.db": "umpire-files", "/tmp/g/x.db": "/tmp/g/umpire-files", "postgres://u@h/n": "umpire-files"} {
		if c, err := parseConfig([]string{"-db", db}, env(nil), &bytes.Buffer{}); err != nil || c.files != want {
			t.Errorf("-db %s: files %q (%v), want %q", db, c.files, err, want)
		}
	}
	if c, _ := parseConfig([]string{"-files", "maps"}, env(nil), &bytes.Buffer{}); c.files != "maps" {
		t.Errorf("-files maps: %q", c.files)
	}
	if _, err := parseConfig([]string{"stray"}, env(nil), &bytes.Buffer{}); err == nil {
		t.Error("a stray argument was accepted")
	}
	if _, err := newLogger(config{logLevel: "loud", logFormat: "json"}, &bytes.Buffer{}); err == nil {
		t.Error("log level loud accepted")
	}
}

func TestDiscordgoLogsNeverShowTheToken(t *testing.T) {
	var buf bytes.Buffer
	log := slog.New(slog.NewJSONHandler(&buf, nil))
	logf := discordLogger(log, "s3cr3t-t0ken")
	logf(discordgo.LogError, 0, "request failed: Authorization: Bot %s", "s3cr3t-t0ken")
	if strings.Contains(buf.String(), "s3cr3t") || !strings.Contains(buf.String(), "[token]") || !strings.Contains(buf.String(), `"level":"ERROR"`) {
		t.Fatalf("log = %s", buf.String())
	}
}

// Not parallel: Discord mode sets discordgo's process-wide Logger, and only
// one test at a time may run it.
func TestBadTokenFailsWithAClearError(t *testing.T) {
	srv := discordtest.NewServer(t, discordtest.Options{Token: "right"})
	connect := func(token string) (*discordgo.Session, error) { return srv.NewSession(token) }
	err := run(context.Background(), []string{"-db", filepath.Join(t.TempDir(), "d.db")},
		env(map[string]string{"DISCORD_TOKEN": "wrong"}), strings.NewReader(""), io.Discard, io.Discard, connect)
	if err == nil || !strings.Contains(err.Error(), "DISCORD_TOKEN") || strings.Contains(err.Error(), "wrong") {
		t.Fatalf("run with a bad token = %v", err)
	}
}

func TestAuditFlag(t *testing.T) {
	db := filepath.Join(t.TempDir(), "a.db")
	script := "/game new scenario:lrtg-high-tide seed:5\n/roll dice:3d6\n/game end\n"
	if err := run(context.Background(), []string{"-db", db, "-channel", "c7"}, env(map[string]string{"USER": "ump"}), strings.NewReader(script), io.Discard, io.Discard, noDiscord(t)); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := run(context.Background(), []string{"-db", db, "-audit", "game:c7"}, env(nil), strings.NewReader(""), &out, io.Discard, noDiscord(t)); err != nil {
		t.Fatalf("audit: %v (%s)", err, out.String())
	}
	if !strings.Contains(out.String(), "all 3 dice") {
		t.Fatalf("audit said %q", out.String())
	}
	if err := run(context.Background(), []string{"-db", db, "-audit", "game:nowhere"}, env(nil), strings.NewReader(""), io.Discard, io.Discard, noDiscord(t)); err == nil {
		t.Fatal("an audit of no game passed")
	}
}

// The shard settings: from the environment or flags, checked, with a
// message that says what would be right.
func TestShardConfig(t *testing.T) {
	c, err := parseConfig(nil, env(map[string]string{"UMPIRE_SHARDS": "1-2", "UMPIRE_SHARD_COUNT": "4"}), &bytes.Buffer{})
	if err != nil || c.shards.First != 1 || c.shards.Last != 2 || c.shards.Count != 4 {
		t.Fatalf("from the environment: %+v, %v", c.shards, err)
	}
	c, err = parseConfig([]string{"-shard-count", "3"}, env(nil), &bytes.Buffer{})
	if err != nil || c.shards.First != 0 || c.shards.Last != 2 {
		t.Fatalf("a count alone serves every shard: %+v, %v", c.shards, err)
	}
	c, err = parseConfig(nil, env(map[string]string{"UMPIRE_DB_CONNS": "30"}), &bytes.Buffer{})
	if err != nil || c.dbConns != 30 {
		t.Fatalf("UMPIRE_DB_CONNS: %d, %v", c.dbConns, err)
	}
	c, err = parseConfig(nil, env(nil), &bytes.Buffer{})
	if err != nil || c.shards.Count != 1 || !c.shards.Owns("123456789012345678") || c.dbConns != 10 {
		t.Fatalf("default: %+v, %v", c.shards, err)
	}
	for _, bad := range []struct {
		args []string
		want string
	}{
		{[]string{"-shard-count", "two"}, "give a whole number of shards"},
		{[]string{"-shard-count", "0"}, "give at least 1"},
		{[]string{"-shards", "2", "-shard-count", "2"}, "within 0-1"},
		{[]string{"-db-conns", "0"}, "at least 1"},
		{[]string{"-db-conns", "many"}, "give a whole number of connections"},
	} {
		if _, err := parseConfig(bad.args, env(nil), &bytes.Buffer{}); err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("%v: %v, want an error saying %q", bad.args, err, bad.want)
		}
	}
}
