// Package storetest gives tests a PostgreSQL database of their own.
//
// The server is named by the environment variable UMPIRE_TEST_POSTGRES (a
// URL DSN); without it the tests try DefaultDSN, the throwaway server that
// `tools/pgtest start` runs. Each call of [PostgresDSN] creates a fresh
// schema on that server and returns a DSN whose search_path is that schema,
// so tests (and test binaries) running in parallel never see each other's
// tables; the schema is dropped at the test's cleanup.
//
// When no server answers, the test is skipped with a message saying how to
// start one, except under CI (the CI environment variable set), where
// .ci/run starts a server and its absence is a failure.
package storetest

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"fmt"
	"net/url"
	"os"
	"sync"
	"testing"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" driver
)

// Env names the PostgreSQL server for tests.
const Env = "UMPIRE_TEST_POSTGRES"

// DefaultDSN is tools/pgtest's server, tried when Env is unset.
const DefaultDSN = "postgres://umpire@127.0.0.1:54329/umpire?sslmode=disable"

var (
	once    sync.Once
	server  string // the DSN that answered, "" if none
	whyNone string
)

func find() {
	dsn := os.Getenv(Env)
	from := Env
	if dsn == "" {
		dsn, from = DefaultDSN, "the default (tools/pgtest)"
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	db, err := sql.Open("pgx", dsn)
	if err == nil {
		err = db.PingContext(ctx)
		db.Close()
	}
	if err != nil {
		whyNone = fmt.Sprintf("no PostgreSQL server at %s (%s): %v", redact(dsn), from, err)
		return
	}
	server = dsn
}

func redact(dsn string) string {
	u, err := url.Parse(dsn)
	if err != nil {
		return "(unparsable DSN)"
	}
	return u.Redacted()
}

// Available reports whether a PostgreSQL server answers, and if not why.
func Available() (bool, string) {
	once.Do(find)
	return server != "", whyNone
}

// PostgresDSN returns the DSN of a fresh, empty schema on the test server,
// dropped at tb's cleanup. It skips tb when no server answers (fails it
// under CI).
func PostgresDSN(tb testing.TB) string {
	tb.Helper()
	if ok, why := Available(); !ok {
		if os.Getenv("CI") != "" {
			tb.Fatalf("%s; CI must run the PostgreSQL tests (.ci/run starts tools/pgtest)", why)
		}
		tb.Skipf("%s; to run the PostgreSQL tests: eval \"$(tools/pgtest start)\" (needs Debian's postgresql)", why)
	}
	var b [6]byte
	if _, err := rand.Read(b[:]); err != nil {
		tb.Fatal(err)
	}
	schema := "t_" + hex.EncodeToString(b[:])
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	db, err := sql.Open("pgx", server)
	if err != nil {
		tb.Fatal(err)
	}
	defer db.Close()
	if _, err := db.ExecContext(ctx, "CREATE SCHEMA "+schema); err != nil {
		tb.Fatalf("storetest: create schema: %v", err)
	}
	tb.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		db, err := sql.Open("pgx", server)
		if err != nil {
			tb.Errorf("storetest: drop schema %s: %v", schema, err)
			return
		}
		defer db.Close()
		if _, err := db.ExecContext(ctx, "DROP SCHEMA "+schema+" CASCADE"); err != nil {
			tb.Errorf("storetest: drop schema %s: %v", schema, err)
		}
	})
	u, err := url.Parse(server)
	if err != nil {
		tb.Fatal(err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}
