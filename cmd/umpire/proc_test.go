package main

// The umpire as a real process, for tests that kill it (crash_test.go) or
// run several against one database: the binary is built once per test
// binary, started with its configuration in the environment and its log in
// a file, and stopped with SIGTERM or killed with SIGKILL.

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/umpire-games/umpire/bot/discordtest"
)

func TestMain(m *testing.M) {
	code := m.Run()
	if umpireBin.dir != "" {
		_ = os.RemoveAll(umpireBin.dir)
	}
	os.Exit(code)
}

var umpireBin struct {
	once sync.Once
	dir  string
	path string
	err  error
}

// umpireBinary builds this package into a temporary directory, once per
// test binary, and returns the executable's path. The binary is built with
// -race when the tests are, so that `go test -race` also watches the
// process the tests kill (a race report goes to its log: see
// [logProblems]); the race build's packages are the ones the test build
// just compiled, so only the link is new.
func umpireBinary(tb testing.TB) string {
	tb.Helper()
	umpireBin.once.Do(func() {
		goTool, err := exec.LookPath("go")
		if err != nil {
			if p := filepath.Join(runtime.GOROOT(), "bin", "go"); fileExists(p) { //nolint:staticcheck // only a fallback when go is not on PATH
				goTool, err = p, nil
			}
		}
		if err != nil {
			umpireBin.err = fmt.Errorf("the go command is needed to build the umpire: %w", err)
			return
		}
		dir, err := os.MkdirTemp("", "umpire-bin-")
		if err != nil {
			umpireBin.err = err
			return
		}
		umpireBin.dir = dir
		exe := filepath.Join(dir, "umpire")
		args := append([]string{"build", "-o", exe}, testBuildFlags()...)
		cmd := exec.Command(goTool, append(args, ".")...)
		cmd.Env = append(os.Environ(), "CGO_ENABLED=1")
		if out, err := cmd.CombinedOutput(); err != nil {
			umpireBin.err = fmt.Errorf("go %s: %v\n%s", strings.Join(args, " "), err, out)
			return
		}
		umpireBin.path = exe
	})
	if umpireBin.err != nil {
		tb.Fatal(umpireBin.err)
	}
	return umpireBin.path
}

// testBuildFlags returns the flags of this test binary's own build that
// the umpire's build shares: -race and -tags.
func testBuildFlags() []string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return nil
	}
	var out []string
	for _, s := range bi.Settings {
		switch {
		case s.Key == "-race" && s.Value == "true":
			out = append(out, "-race")
		case s.Key == "-tags" && s.Value != "":
			out = append(out, "-tags", s.Value)
		}
	}
	return out
}

func raceBuild() bool { return slices.Contains(testBuildFlags(), "-race") }

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

// procConfig is what an umpire process is started with.
type procConfig struct {
	Token      string // DISCORD_TOKEN
	DB         string // UMPIRE_DB: a SQLite path or a postgres:// DSN
	Guild      string // DISCORD_GUILD_ID
	DiscordURL string // UMPIRE_DISCORD_URL: the fake's URL
	Args       []string
	Env        []string // more KEY=value pairs
	// Log is the file the process's standard output and error are
	// appended to (the test keeps one file across restarts).
	Log string
}

// umpireProc is one running umpire process.
type umpireProc struct {
	cfg   procConfig
	cmd   *exec.Cmd
	start time.Time
	done  chan struct{} // closed when the process has exited
	err   error         // Wait's result, once done
	end   time.Time
}

// startUmpire starts the umpire with cfg. The environment is built from
// scratch (PATH, HOME and TMPDIR only, plus cfg), so a developer's own
// DISCORD_TOKEN or UMPIRE_* settings never reach it. The process is killed
// at cleanup if the test has not stopped it.
func startUmpire(tb testing.TB, cfg procConfig) *umpireProc {
	tb.Helper()
	exe := umpireBinary(tb)
	logf, err := os.OpenFile(cfg.Log, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		tb.Fatal(err)
	}
	defer logf.Close()
	fmt.Fprintf(logf, "=== umpire started at %s\n", time.Now().Format(time.RFC3339Nano))
	cmd := exec.Command(exe, cfg.Args...)
	cmd.Env = []string{
		"PATH=" + os.Getenv("PATH"), "HOME=" + os.Getenv("HOME"), "TMPDIR=" + os.TempDir(),
		"DISCORD_TOKEN=" + cfg.Token, "UMPIRE_DB=" + cfg.DB, "DISCORD_GUILD_ID=" + cfg.Guild,
		"UMPIRE_DISCORD_URL=" + cfg.DiscordURL, "UMPIRE_LOG_FORMAT=text",
	}
	if raceBuild() {
		// Report and go on; the log keeps every report.
		cmd.Env = append(cmd.Env, "GORACE=halt_on_error=0")
	}
	cmd.Env = append(cmd.Env, cfg.Env...)
	cmd.Stdout, cmd.Stderr = logf, logf
	p := &umpireProc{cfg: cfg, cmd: cmd, done: make(chan struct{})}
	p.start = time.Now()
	if err := cmd.Start(); err != nil {
		tb.Fatalf("start the umpire: %v", err)
	}
	go func() {
		p.err = cmd.Wait()
		p.end = time.Now()
		close(p.done)
	}()
	tb.Cleanup(func() {
		select {
		case <-p.done:
		default:
			p.Kill(tb)
		}
	})
	return p
}

// Kill sends SIGKILL and waits for the process to be gone.
func (p *umpireProc) Kill(tb testing.TB) {
	tb.Helper()
	_ = p.cmd.Process.Signal(syscall.SIGKILL)
	select {
	case <-p.done:
	case <-time.After(10 * time.Second):
		tb.Fatalf("the umpire (pid %d) did not die of SIGKILL", p.cmd.Process.Pid)
	}
}

// Stop sends SIGTERM and waits for a clean exit (the adapter lets handlers
// in flight finish, up to 10 s, and disconnects).
func (p *umpireProc) Stop(tb testing.TB) {
	tb.Helper()
	_ = p.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-p.done:
	case <-time.After(20 * time.Second):
		p.Kill(tb)
		tb.Fatalf("the umpire did not stop on SIGTERM within 20 s; log %s", p.cfg.Log)
	}
	if p.err != nil {
		tb.Fatalf("the umpire exited with %v after SIGTERM; log:\n%s", p.err, tail(p.cfg.Log, 40))
	}
}

// Exited reports whether the process has exited.
func (p *umpireProc) Exited() bool {
	select {
	case <-p.done:
		return true
	default:
		return false
	}
}

// waitServing waits until the process has identified on the fake's gateway
// and registered its commands: the n-th bulk overwrite of the commands
// since the fake started (one per start of a process serving shard 0).
func (p *umpireProc) waitServing(ctx context.Context, tb testing.TB, srv *discordtest.Server, n int) {
	tb.Helper()
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	go func() {
		select {
		case <-p.done:
			cancel()
		case <-ctx.Done():
		}
	}()
	_, err := srv.WaitRequests(ctx, n, func(r *discordtest.Request) bool {
		return r.Route == "commands_bulk_overwrite" && r.Status == 200
	})
	if err == nil {
		err = srv.WaitConnected(ctx)
	}
	if err != nil {
		why := err
		if p.Exited() {
			why = fmt.Errorf("the umpire exited: %v", p.err)
		}
		tb.Fatalf("the umpire is not serving: %v; log:\n%s", why, tail(p.cfg.Log, 40))
	}
}

// tail returns the last n lines of a file.
func tail(path string, n int) string {
	b, err := os.ReadFile(path)
	if err != nil {
		return err.Error()
	}
	lines := strings.Split(strings.TrimRight(string(b), "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

// logProblems returns what in an umpire log is always a failure: race
// reports, panics, internal errors (an ERROR line may be a refused REST
// call around a kill, which the tests judge by their outcome).
func logProblems(path string) []string {
	b, err := os.ReadFile(path)
	if err != nil {
		return []string{err.Error()}
	}
	var out []string
	for _, l := range strings.Split(string(b), "\n") {
		for _, bad := range []string{"WARNING: DATA RACE", "panic", "internal error"} {
			if strings.Contains(l, bad) {
				out = append(out, l)
				break
			}
		}
	}
	return out
}
