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
	"net/url"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
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
	dbConns    int
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
	discordURL string        // endpoint.go: for tests and proxies
	discordAt  *url.URL      // discordURL parsed; nil: the real Discord
	tick       time.Duration // the deadline scheduler's period
	shards     bot.Shards
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
	fs.StringVar(&c.db, "db", env("UMPIRE_DB", "./umpire.db"), "the database: a SQLite file, or a PostgreSQL URL postgres://user:password@host:5432/name?sslmode=disable (env UMPIRE_DB; docs/postgres.md)")
	fs.StringVar(&c.dbSync, "db-sync", env("UMPIRE_DB_SYNC", "full"), "SQLite: full: every command is on disk before its reply, even across a power loss; normal: faster on a slow disk, safe across crashes of the umpire but a power loss may lose the last commands (env UMPIRE_DB_SYNC; PostgreSQL: its own synchronous_commit)")
	dbConns := fs.String("db-conns", env("UMPIRE_DB_CONNS", "10"), "PostgreSQL: the connection pool's size (env UMPIRE_DB_CONNS); docs/postgres.md")
	fs.StringVar(&c.umpireRole, "umpire-role", env("UMPIRE_ROLE_ID", ""), "Discord role id whose members umpire every game (env UMPIRE_ROLE_ID); a game's creator always does")
	fs.StringVar(&c.guild, "guild", env("DISCORD_GUILD_ID", ""), "register commands to this guild only (env DISCORD_GUILD_ID); globally when empty")
	fs.BoolVar(&c.console, "console", false, "run the console even when a Discord token is set")
	fs.BoolVar(&c.json, "json", false, "console: print one JSON object per output (docs/console-json.md)")
	fs.StringVar(&c.as, "as", env("USER", "player"), "console: the player you type as (a line can start with @name to act as another)")
	fs.StringVar(&c.channel, "channel", "console", "console: the channel id of the console's table")
	fs.StringVar(&c.files, "files", "", "console: the directory where maps, records and chart templates are written, each under a name no earlier file has; empty: umpire-files beside the SQLite database (in the current directory for PostgreSQL)")
	fs.StringVar(&c.audit, "audit", "", "replay every roll of an ended game from its revealed seed and exit, e.g. -audit game:<channel id>")
	fs.StringVar(&c.logLevel, "log-level", env("UMPIRE_LOG_LEVEL", ""), "debug, info, warn or error (env UMPIRE_LOG_LEVEL); default info on Discord, warn in the console")
	fs.StringVar(&c.logFormat, "log-format", env("UMPIRE_LOG_FORMAT", "json"), "json or text (env UMPIRE_LOG_FORMAT)")
	fs.DurationVar(&c.deferAfter, "defer-after", 2*time.Second, "defer a Discord response when a command takes longer than this")
	fs.StringVar(&c.discordURL, "discord-url", env("UMPIRE_DISCORD_URL", ""), "send Discord's REST calls (and so the gateway) to this base URL instead of https://discord.com, for tests and proxies (env UMPIRE_DISCORD_URL); empty: the real Discord")
	fs.DurationVar(&c.tick, "tick", bot.DefaultTick, "how often the deadline scheduler looks for due reminders and deadlines")
	shardRange := fs.String("shards", env("UMPIRE_SHARDS", ""), "the Discord shards this process serves, e.g. 0 or 0-1 (env UMPIRE_SHARDS); empty: all of -shard-count")
	shardCount := fs.String("shard-count", env("UMPIRE_SHARD_COUNT", "1"), "the Discord shards in all, across every process on the same database (env UMPIRE_SHARD_COUNT)")
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
	if c.discordURL != "" {
		u, err := parseDiscordURL(c.discordURL)
		if err != nil {
			return c, err
		}
		c.discordAt = u
	}
	conns, err := strconv.Atoi(strings.TrimSpace(*dbConns))
	if c.dbConns = conns; err != nil || conns < 1 {
		return c, fmt.Errorf("-db-conns %q: give a whole number of connections, at least 1, e.g. 10", *dbConns)
	}
	count, err := strconv.Atoi(strings.TrimSpace(*shardCount))
	if err != nil {
		return c, fmt.Errorf("-shard-count %q: give a whole number of shards, e.g. 2", *shardCount)
	}
	if c.shards, err = bot.ParseShards(*shardRange, count); err != nil {
		return c, err
	}
	if c.files == "" {
		c.files = filesDir(c.db)
	}
	if c.tick <= 0 {
		return c, fmt.Errorf("-tick %s: give a positive period, e.g. 1m", c.tick)
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

// filesDir is the console's default folder for the files it writes: one
// folder beside the database (.gitignore ignores it), not the current
// directory, where they used to scatter among a newcomer's checkout.
func filesDir(db string) string {
	if store.IsPostgres(db) || strings.HasPrefix(db, "file:") {
		return "umpire-files"
	}
	return filepath.Join(filepath.Dir(db), "umpire-files")
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
	st, err := store.Open(ctx, c.db, store.WithSync(store.Sync(c.dbSync)), store.WithPostgresConns(c.dbConns))
	if err != nil {
		return err
	}
	defer st.Close()
	// The games the umpire plays with rules of their own: listed in one
	// place (bot.DefaultRulesets), for the router and the audit alike.
	rulesets := bot.DefaultRulesets()
	if c.audit != "" {
		text, err := bot.AuditStream(ctx, st, rulesets, c.audit)
		if err != nil {
			return err
		}
		fmt.Fprintln(stdout, text)
		if strings.HasPrefix(text, "❌") {
			return fmt.Errorf("the audit of %s failed", c.audit)
		}
		return nil
	}
	router := bot.NewRouter(st, bot.WithLogger(log), bot.WithUmpireRole(c.umpireRole), bot.WithRulesets(rulesets))

	if c.console {
		why := "no Discord token"
		if c.token != "" {
			why = "-console"
		}
		// The banner goes to stderr so that --json output stays pure JSON.
		fmt.Fprintf(stderr, "Umpire console on %s (%s): type /help, Ctrl-D to quit.\n", store.RedactDSN(c.db), why)
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

	// One discordgo session per shard of the process's range (bot/shards.go,
	// docs/postgres.md); the process that serves shard 0 registers the
	// commands.
	var adapters []*bot.Discord
	for _, id := range c.shards.IDs() {
		s, err := connect(c.token)
		if err != nil {
			return err
		}
		if c.discordAt != nil {
			redirectDiscord(s, c.discordAt)
		}
		s.ShardID, s.ShardCount = id, c.shards.Count
		adapters = append(adapters, bot.NewDiscord(s, router, bot.DiscordOptions{
			GuildID: c.guild, DeferAfter: c.deferAfter, Logger: log.With("shard", id), NoRegister: id != 0,
		}))
	}
	// discordgo's logger is process-wide.
	discordgo.Logger = discordLogger(log, c.token)
	// The deadline scheduler (bot/schedule.go) fires the deadlines and
	// reminders of the games whose guilds the process serves, through the
	// first adapter (a channel post goes to any channel).
	//
	// Shutdown order: on SIGTERM (ctx ends) the scheduler stops ticking
	// but finishes the tick under way, whose posts need the sessions; only
	// then do the adapters stop (they let handlers in flight finish and
	// disconnect), and the store closes last.
	sctx, stopSched := context.WithCancel(ctx)
	schedDone := make(chan struct{})
	go func() {
		defer close(schedDone)
		t := time.NewTicker(c.tick)
		defer t.Stop()
		_ = (&bot.Scheduler{Router: router, Poster: adapters[0], Owns: c.shards.Owns}).Run(sctx, t.C)
	}()
	defer func() { stopSched(); <-schedDone }()
	// The adapters' context ends once the scheduler is done, or when one
	// adapter fails (which stops them all).
	rctx, stopAll := context.WithCancel(context.WithoutCancel(ctx))
	defer stopAll()
	go func() {
		select {
		case <-ctx.Done():
			stopSched()
			<-schedDone
		case <-rctx.Done():
		}
		stopAll()
	}()
	errs := make(chan error, len(adapters))
	for _, d := range adapters {
		go func() {
			err := d.Run(rctx)
			stopAll()
			errs <- err
		}()
	}
	var first error
	for range adapters {
		if err := <-errs; err != nil && first == nil {
			first = err
		}
	}
	return first
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
