// Command umpire runs the Umpire bot: on Discord when a bot token is
// configured, otherwise as a console on a local SQLite file.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/umpire-games/umpire/bot"
	"github.com/umpire-games/umpire/store"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Getenv, os.Stdin, os.Stdout, os.Stderr, newSession); err != nil {
		fmt.Fprintln(os.Stderr, "umpire:", err)
		os.Exit(1)
	}
}

type config struct {
	db         string
	dbSync     string
	token      string
	guild      string
	console    bool
	json       bool
	as         string
	channel    string
	files      string
	audit      string
	umpireRole string
	logLevel   string
	logFormat  string
	deferAfter time.Duration
}

func parseConfig(args []string, getenv func(string) string, stderr io.Writer) (config, error) {
	env := func(k, def string) string {
		if v := getenv(k); v != "" {
			return v
		}
		return def
	}
	var c config
	fs := flag.NewFlagSet("umpire", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&c.db, "db", env("UMPIRE_DB", "./umpire.db"), "SQLite database file (env UMPIRE_DB)")
	fs.StringVar(&c.dbSync, "db-sync", env("UMPIRE_DB_SYNC", "full"), "full: every command is on disk before its reply, even across a power loss; normal: faster on a slow disk, safe across crashes of the umpire but a power loss may lose the last commands (env UMPIRE_DB_SYNC)")
	fs.StringVar(&c.umpireRole, "umpire-role", env("UMPIRE_ROLE_ID", ""), "Discord role id whose members umpire every game (env UMPIRE_ROLE_ID); a game's creator always does")
	fs.StringVar(&c.guild, "guild", env("DISCORD_GUILD_ID", ""), "register commands to this guild only (env DISCORD_GUILD_ID); globally when empty")
	fs.BoolVar(&c.console, "console", false, "run the console even when a Discord token is set")
	fs.BoolVar(&c.json, "json", false, "console: print one JSON object per output (docs/console-json.md)")
	fs.StringVar(&c.as, "as", env("USER", "player"), "console: the player you type as (a line can start with @name to act as another)")
	fs.StringVar(&c.channel, "channel", "console", "console: the channel id of the console's table")
	fs.StringVar(&c.files, "files", ".", "console: the directory where map images are written")
	fs.StringVar(&c.audit, "audit", "", "replay every roll of an ended game from its revealed seed and exit, e.g. -audit game:<channel id>")
	fs.StringVar(&c.logLevel, "log-level", env("UMPIRE_LOG_LEVEL", ""), "debug, info, warn or error (env UMPIRE_LOG_LEVEL); default info on Discord, warn in the console")
	fs.StringVar(&c.logFormat, "log-format", env("UMPIRE_LOG_FORMAT", "json"), "json or text (env UMPIRE_LOG_FORMAT)")
	fs.DurationVar(&c.deferAfter, "defer-after", 2*time.Second, "defer a Discord response when a command takes longer than this")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "Usage: umpire [flags]\n\nWith DISCORD_TOKEN set, connects to Discord; otherwise runs the console.\n\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return c, err
	}
	if fs.NArg() > 0 {
		return c, fmt.Errorf("unexpected argument %q (flags only; see -h)", fs.Arg(0))
	}
	// The token comes from the environment only: a flag would show it in ps.
	c.token = strings.TrimPrefix(strings.TrimSpace(getenv("DISCORD_TOKEN")), "Bot ")
	if c.token == "" {
		c.console = true
	}
	if c.logLevel == "" {
		c.logLevel = "info"
		if c.console {
			c.logLevel = "warn"
		}
	}
	return c, nil
}

func newLogger(c config, w io.Writer) (*slog.Logger, error) {
	var lvl slog.Level
	if err := lvl.UnmarshalText([]byte(c.logLevel)); err != nil {
		return nil, fmt.Errorf("log level %q: use debug, info, warn or error", c.logLevel)
	}
	o := &slog.HandlerOptions{Level: lvl}
	switch c.logFormat {
	case "json":
		return slog.New(slog.NewJSONHandler(w, o)), nil
	case "text":
		return slog.New(slog.NewTextHandler(w, o)), nil
	}
	return nil, fmt.Errorf("log format %q: use json or text", c.logFormat)
}

// newSession returns a discordgo session for the real Discord.
func newSession(token string) (*discordgo.Session, error) {
	s, err := discordgo.New("Bot " + token)
	if err != nil {
		return nil, err
	}
	s.Client = &http.Client{Timeout: 20 * time.Second}
	return s, nil
}

// run is main with its dependencies as arguments; connect makes the Discord
// session (tests point it at the fake Discord).
func run(ctx context.Context, args []string, getenv func(string) string, stdin io.Reader, stdout, stderr io.Writer,
	connect func(token string) (*discordgo.Session, error)) error {
	c, err := parseConfig(args, getenv, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return nil
	}
	if err != nil {
		return err
	}
	log, err := newLogger(c, stderr)
	if err != nil {
		return err
	}
	st, err := store.Open(ctx, c.db, store.WithSync(store.Sync(c.dbSync)))
	if err != nil {
		return err
	}
	defer st.Close()
	if c.audit != "" {
		text, err := bot.AuditStream(ctx, st, c.audit)
		if err != nil {
			return err
		}
		fmt.Fprintln(stdout, text)
		if strings.HasPrefix(text, "❌") {
			return fmt.Errorf("the audit of %s failed", c.audit)
		}
		return nil
	}
	router := bot.NewRouter(st, bot.WithLogger(log), bot.WithUmpireRole(c.umpireRole))

	if c.console {
		why := "no Discord token"
		if c.token != "" {
			why = "-console"
		}
		// The banner goes to stderr so that --json output stays pure JSON.
		fmt.Fprintf(stderr, "Umpire console on %s (%s): type /help, Ctrl-D to quit.\n", c.db, why)
		con := &bot.Console{Router: router, In: stdin, Out: stdout, JSON: c.json, User: c.as, Guild: "console", Channel: c.channel, FileDir: c.files}
		if f, ok := stdin.(*os.File); ok && !c.json && isTerminal(f) {
			con.Prompt = "> "
			// A person at the terminal: deadlines and reminders fire as
			// they fall due (bot/schedule.go). Piped scripts run without.
			t := time.NewTicker(bot.DefaultTick)
			defer t.Stop()
			con.Ticks = t.C
		}
		return con.Run(ctx)
	}

	s, err := connect(c.token)
	if err != nil {
		return err
	}
	// discordgo's logger is process-wide; the umpire runs one session.
	discordgo.Logger = discordLogger(log, c.token)
	d := bot.NewDiscord(s, router, bot.DiscordOptions{GuildID: c.guild, DeferAfter: c.deferAfter, Logger: log})
	// The deadline scheduler (bot/schedule.go) fires the games' deadlines
	// and reminders through the adapter; it stops before the store closes.
	sctx, stopSched := context.WithCancel(ctx)
	schedDone := make(chan struct{})
	go func() {
		defer close(schedDone)
		t := time.NewTicker(bot.DefaultTick)
		defer t.Stop()
		_ = (&bot.Scheduler{Router: router, Poster: d}).Run(sctx, t.C)
	}()
	defer func() { stopSched(); <-schedDone }()
	return d.Run(ctx)
}

func isTerminal(f *os.File) bool {
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// discordLogger sends discordgo's own log lines to slog, with the token
// removed should one ever appear in them.
func discordLogger(log *slog.Logger, token string) func(int, int, string, ...any) {
	return func(level, _ int, format string, a ...any) {
		msg := fmt.Sprintf(format, a...)
		if token != "" {
			msg = strings.ReplaceAll(msg, token, "[token]")
		}
		l := slog.LevelInfo
		switch level {
		case discordgo.LogError:
			l = slog.LevelError
		case discordgo.LogWarning:
			l = slog.LevelWarn
		case discordgo.LogDebug:
			l = slog.LevelDebug
		}
		log.Log(context.Background(), l, "discordgo: "+msg)
	}
}
