package store

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"net/url"
	"strings"

	"github.com/jackc/pgx/v5/pgconn"
	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" database/sql driver
	"github.com/jmoiron/sqlx"
	"github.com/pressly/goose/v3"
)

// PostgreSQL (issue 11, docs/postgres.md). The store's queries and the
// migrations are the same as on SQLite: only the connection, the
// migration lock and the unique-violation check differ.
//
// Concurrency on PostgreSQL: every Append is one READ COMMITTED
// transaction. The version guard is the UPDATE … WHERE id = ? AND
// version = ? (or the INSERT … ON CONFLICT DO NOTHING of a new stream): a
// second writer on the same stream blocks on the row lock until the first
// commits, then finds the version moved and matches no row, which is
// ErrConflict. So of two processes deciding on the same version exactly
// one wins, as with SQLite's single writer. The primary keys on events and
// interactions stay a second guard.

// IsPostgres reports whether dsn names a PostgreSQL database rather than a
// SQLite file.
func IsPostgres(dsn string) bool {
	return strings.HasPrefix(dsn, "postgres://") || strings.HasPrefix(dsn, "postgresql://")
}

// RedactDSN returns dsn with its password replaced by "xxxxx", for logs and
// error messages. A SQLite path is returned as is.
func RedactDSN(dsn string) string {
	if !IsPostgres(dsn) {
		return dsn
	}
	u, err := url.Parse(dsn)
	if err != nil {
		return "postgres://(unparsable DSN)"
	}
	return u.Redacted()
}

const defaultPostgresConns = 10

func (s *Store) openPostgres(ctx context.Context, dsn string, conns int) error {
	if conns <= 0 {
		conns = defaultPostgresConns
	}
	db, err := sqlx.Open("pgx", dsn)
	if err != nil {
		return err
	}
	db.SetMaxOpenConns(conns)
	db.SetMaxIdleConns(conns)
	if err := db.PingContext(ctx); err != nil {
		db.Close()
		return err
	}
	if err := migratePostgres(ctx, db); err != nil {
		db.Close()
		return err
	}
	s.w, s.r, s.pg = db, db, true
	return nil
}

// migratePostgres runs the migrations under a session advisory lock keyed
// by the schema, so that processes starting together migrate one at a
// time (the second finds nothing to do). pg_advisory_lock blocks until the
// lock is free; it is released with the connection if the process dies.
func migratePostgres(ctx context.Context, db *sqlx.DB) (err error) {
	conn, err := db.Conn(ctx)
	if err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	defer conn.Close()
	var schema string
	if err := conn.QueryRowContext(ctx, `SELECT current_schema()`).Scan(&schema); err != nil {
		return fmt.Errorf("migrate: current schema: %w", err)
	}
	h := fnv.New64a()
	h.Write([]byte("umpire migrations " + schema))
	key := int64(h.Sum64() >> 1)
	if _, err := conn.ExecContext(ctx, `SELECT pg_advisory_lock($1)`, key); err != nil {
		return fmt.Errorf("migrate: lock: %w", err)
	}
	defer func() {
		if _, uerr := conn.ExecContext(context.WithoutCancel(ctx), `SELECT pg_advisory_unlock($1)`, key); uerr != nil && err == nil {
			err = fmt.Errorf("migrate: unlock: %w", uerr)
		}
	}()
	return migrateDialect(ctx, goose.DialectPostgres, db.DB)
}

// isPostgresUniqueViolation reports SQLSTATE 23505.
func isPostgresUniqueViolation(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && pe.Code == "23505"
}
