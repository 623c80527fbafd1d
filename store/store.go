package store

import (
	"context"
	"database/sql"
	"embed"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"path/filepath"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/mattn/go-sqlite3"
	"github.com/pressly/goose/v3"
)

// Sentinel errors. Errors returned by the store wrap them; test with
// [errors.Is].
var (
	// ErrNotFound: no such stream or interaction.
	ErrNotFound = errors.New("store: not found")
	// ErrConflict: the stream's version is not the one the append expected
	// (including "the stream already exists" for Expected == 0 and "the
	// stream does not exist" for Expected > 0). Reload and decide again.
	ErrConflict = errors.New("store: version conflict")
	// ErrDuplicateInteraction: the interaction id has already been
	// recorded; nothing was written. Fetch the first reply with
	// [Store.Interaction].
	ErrDuplicateInteraction = errors.New("store: duplicate interaction")
	// ErrClosed: the store was closed before the append was written.
	ErrClosed = errors.New("store: closed")
)

// Stream is a stream's row: its identity and current version (the version of
// its last event).
type Stream struct {
	ID      string
	GuildID string
	Kind    string
	Version int64
	// Dice is the opaque dice-generator state last saved for the stream,
	// nil if none was ever saved.
	Dice      []byte
	CreatedAt time.Time
	UpdatedAt time.Time
}

// Record is one stored event.
type Record struct {
	Stream  string
	Version int64
	Type    string
	Data    json.RawMessage
	// InteractionID is the Discord interaction that caused the event, ""
	// if none.
	InteractionID string
	At            time.Time
}

// NewRecord is an event to append: its type name and JSON encoding.
type NewRecord struct {
	Type string
	Data json.RawMessage
}

// Interaction is the reply saved for a Discord interaction.
type Interaction struct {
	ID     string
	Stream string
	Reply  json.RawMessage
	At     time.Time
}

// Append describes one atomic write to a stream.
//
// Rules:
//   - Expected == 0 creates the stream (with GuildID and Kind) and requires
//     at least one record: a stream never exists at version 0, so that
//     "Expected == 0" always unambiguously means "must not exist yet".
//   - Expected > 0 appends to an existing stream whose version must be
//     Expected; GuildID and Kind are then ignored. Records may be empty if
//     Dice or Interaction is set (e.g. to save the reply to an interaction
//     that changed nothing, or to save new dice state alone); the version
//     is then unchanged but the version check still applies.
//   - Records get versions Expected+1 … Expected+len(Records), the
//     transaction's time, and Interaction.ID (or "").
//   - Each record's Data and the Interaction's Reply must be valid JSON.
//   - Interaction.Stream must be "" or equal to Stream; Interaction.At is
//     ignored. The store sets both.
//
// Interactions can only be saved together with a stream: the reply to an
// interaction that creates nothing in a channel without a stream is not
// saved (the caller can simply recompute it).
type Append struct {
	Stream   string
	GuildID  string
	Kind     string
	Expected int64
	Records  []NewRecord
	// Dice is the new dice-generator state; nil leaves it unchanged.
	Dice []byte
	// Interaction, if set, is recorded in the same transaction; if its id
	// was already recorded the whole append fails with
	// ErrDuplicateInteraction.
	Interaction *Interaction
	// Outbox, if set, is recorded pending in the same transaction (its
	// Stream, GuildID and At are the store's); an id already recorded
	// fails the append with ErrConflict.
	Outbox *OutboxEntry
}

// Option configures [Open].
type Option func(*config)

type config struct {
	clock     func() time.Time
	readConns int
	pgConns   int
	sync      Sync
}

// Sync is SQLite's synchronous setting for the writer.
type Sync string

// The durability choices. SyncFull (the default) puts every commit on disk
// before Append returns: nothing is lost even on power loss. SyncNormal
// fsyncs only at checkpoints: still safe against a crash of the process,
// but a power loss may roll back the last commits; it avoids waiting on a
// slow disk's fsync (docs/benchmarks.md has the figures).
const (
	SyncFull   Sync = "full"
	SyncNormal Sync = "normal"
)

// WithSync sets the writer's durability (default SyncFull).
func WithSync(v Sync) Option { return func(c *config) { c.sync = v } }

// WithClock sets the clock. It is read once for each append, after the
// write lock is taken (so times do not decrease in commit order with a
// monotonic clock). Default: time.Now.
func WithClock(clock func() time.Time) Option {
	return func(c *config) {
		if clock != nil {
			c.clock = clock
		}
	}
}

// WithReadConns sets the size of the read-only connection pool for file
// databases (default 4). Ignored for ":memory:".
func WithReadConns(n int) Option {
	return func(c *config) {
		if n > 0 {
			c.readConns = n
		}
	}
}

// WithPostgresConns sets the size of the PostgreSQL connection pool
// (default 10). Ignored for SQLite.
func WithPostgresConns(n int) Option {
	return func(c *config) {
		if n > 0 {
			c.pgConns = n
		}
	}
}

// Store is an event store over one database. It is safe for concurrent use.
type Store struct {
	w     *sqlx.DB // SQLite: the single writer connection; PostgreSQL: the pool
	r     *sqlx.DB // SQLite: the read-only pool (== w for ":memory:"); PostgreSQL: == w
	clock func() time.Time
	q     queries
	pg    bool
	gc    *groupCommit // SQLite's writer (groupcommit.go); nil on PostgreSQL
}

// Postgres reports whether the store is on PostgreSQL.
func (s *Store) Postgres() bool { return s.pg }

//go:embed migrations/*.sql
var migrations embed.FS

// Memory is the path that opens a private in-memory database.
const Memory = ":memory:"

// Open opens the store named by dsn and applies the embedded migrations:
//
//   - "postgres://…" or "postgresql://…": a PostgreSQL database (a URL DSN
//     as libpq and pgx read it, e.g.
//     postgres://umpire:secret@db:5432/umpire?sslmode=disable);
//   - ":memory:": a private in-memory SQLite database;
//   - anything else: the path of a SQLite file, created if needed.
//
// Both databases run the same migrations and the same queries (rebound for
// the driver's placeholders); see docs/postgres.md.
func Open(ctx context.Context, dsn string, opts ...Option) (*Store, error) {
	cfg := config{clock: time.Now, readConns: 4, sync: SyncFull}
	for _, o := range opts {
		o(&cfg)
	}
	if dsn == "" {
		return nil, errors.New("store: open: empty path")
	}
	if cfg.sync != SyncFull && cfg.sync != SyncNormal {
		return nil, fmt.Errorf("store: open: sync %q: use %q or %q", cfg.sync, SyncFull, SyncNormal)
	}

	s := &Store{clock: cfg.clock}
	if IsPostgres(dsn) {
		if err := s.openPostgres(ctx, dsn, cfg.pgConns); err != nil {
			return nil, fmt.Errorf("store: open %s: %w", RedactDSN(dsn), err)
		}
	} else if err := s.open(ctx, dsn, cfg.readConns, cfg.sync); err != nil {
		return nil, fmt.Errorf("store: open %s: %w", dsn, err)
	}
	s.q = newQueries(s.w)
	if !s.pg {
		s.startGroupCommit()
	}
	return s, nil
}

// _synchronous is set by WithSync (go-sqlite3 builds with WAL synchronous
// NORMAL; the store defaults to FULL).
// _stmt_cache_size: go-sqlite3's per-connection prepared statement cache
// (halves the median Append time in BenchmarkAppend).
const (
	writeParams = "_journal_mode=WAL&_busy_timeout=5000&_foreign_keys=on&_txlock=immediate&_stmt_cache_size=16"
	// Read-only connections: no journal mode switch (WAL is a persistent
	// property of the file, set by the writer) and no transactions needed.
	readParams = "mode=ro&_busy_timeout=5000&_foreign_keys=on&_stmt_cache_size=16"
)

func (s *Store) open(ctx context.Context, path string, readConns int, syncMode Sync) error {
	if path == Memory {
		// One connection for everything: each new connection to
		// ":memory:" would be a new, empty database, so the pool must
		// never open a second one nor close this one. (WAL does not apply
		// to in-memory databases; journal_mode reports "memory".)
		w, err := openPool(ctx, ":memory:?"+writeParams+"&_synchronous="+string(syncMode), 1)
		if err != nil {
			return err
		}
		if err := migrate(ctx, w.DB); err != nil {
			w.Close()
			return err
		}
		s.w, s.r = w, w
		return nil
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return err
	}
	// A file: URI (absolute path, escaped) so that the driver keeps the
	// query string and SQLite sees mode=ro.
	u := (&url.URL{Scheme: "file", Path: abs}).String()
	w, err := openPool(ctx, u+"?"+writeParams+"&_synchronous="+string(syncMode), 1)
	if err != nil {
		return err
	}
	// Migrate before opening the read pool: a read-only connection can
	// neither create the file nor switch it to WAL.
	if err := migrate(ctx, w.DB); err != nil {
		w.Close()
		return err
	}
	r, err := openPool(ctx, u+"?"+readParams, readConns)
	if err != nil {
		w.Close()
		return fmt.Errorf("read pool: %w", err)
	}
	s.w, s.r = w, r
	return nil
}

func openPool(ctx context.Context, dsn string, conns int) (*sqlx.DB, error) {
	db, err := sqlx.Open("sqlite3", dsn)
	if err != nil {
		return nil, err
	}
	db.SetMaxOpenConns(conns)
	db.SetMaxIdleConns(conns)
	db.SetConnMaxLifetime(0)
	db.SetConnMaxIdleTime(0)
	if err := db.PingContext(ctx); err != nil {
		db.Close()
		return nil, err
	}
	return db, nil
}

// migrate applies the embedded migrations with a goose Provider (no goose
// global state).
func migrate(ctx context.Context, db *sql.DB) error {
	return migrateDialect(ctx, goose.DialectSQLite3, db)
}

func migrateDialect(ctx context.Context, dialect goose.Dialect, db *sql.DB) error {
	fsys, err := fs.Sub(migrations, "migrations")
	if err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	p, err := goose.NewProvider(dialect, db, fsys, goose.WithDisableGlobalRegistry(true))
	if err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	// Not p.Close(): it would close db.
	if _, err := p.Up(ctx); err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	return nil
}

// Close closes the database. The Store must not be used afterwards: an
// Append still waiting for the SQLite writer fails with ErrClosed, one
// already in a transaction finishes first.
func (s *Store) Close() error {
	if s.gc != nil {
		s.stopGroupCommit()
	}
	var errs []error
	if s.r != s.w {
		errs = append(errs, s.r.Close())
	}
	errs = append(errs, s.w.Close())
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("store: close: %w", err)
	}
	return nil
}

// queries holds every statement, rebound once for the driver's placeholder
// style.
type queries struct {
	getStream, listStreams, loadEvents                     string
	interactionExists, getInteraction, insertInteraction   string
	createStream, updateStream, streamVersion, insertEvent string
	insertOutbox                                           string
}

const streamCols = `id, guild_id, kind, version, dice, created_at, updated_at`

func newQueries(db *sqlx.DB) queries {
	return queries{
		getStream:   db.Rebind(`SELECT ` + streamCols + ` FROM streams WHERE id = ?`),
		listStreams: db.Rebind(`SELECT ` + streamCols + ` FROM streams WHERE guild_id = ? ORDER BY updated_at DESC, id`),
		loadEvents: db.Rebind(`SELECT version, type, data, interaction_id, created_at
			FROM events WHERE stream_id = ? AND version > ? AND version <= ? ORDER BY version`),
		interactionExists: db.Rebind(`SELECT COUNT(*) FROM interactions WHERE id = ?`),
		getInteraction:    db.Rebind(`SELECT id, stream_id, reply, created_at FROM interactions WHERE id = ?`),
		// ON CONFLICT ... DO NOTHING: SQLite >= 3.24 and PostgreSQL >= 9.5.
		insertInteraction: db.Rebind(`INSERT INTO interactions (id, stream_id, reply, created_at)
			VALUES (?, ?, ?, ?) ON CONFLICT (id) DO NOTHING`),
		// RETURNING: SQLite >= 3.35 and PostgreSQL. No row back = conflict.
		createStream: db.Rebind(`INSERT INTO streams (` + streamCols + `)
			VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING RETURNING ` + streamCols),
		updateStream: db.Rebind(`UPDATE streams SET version = ?, updated_at = ?, dice = COALESCE(?, dice)
			WHERE id = ? AND version = ? RETURNING ` + streamCols),
		streamVersion: db.Rebind(`SELECT version FROM streams WHERE id = ?`),
		insertEvent: db.Rebind(`INSERT INTO events (stream_id, version, type, data, interaction_id, created_at)
			VALUES (?, ?, ?, ?, ?, ?)`),
		insertOutbox: db.Rebind(`INSERT INTO outbox (id, stream_id, guild_id, body, created_at) VALUES (?, ?, ?, ?, ?)`),
	}
}

type streamRow struct {
	ID        string         `db:"id"`
	GuildID   string         `db:"guild_id"`
	Kind      string         `db:"kind"`
	Version   int64          `db:"version"`
	Dice      sql.NullString `db:"dice"`
	CreatedAt int64          `db:"created_at"`
	UpdatedAt int64          `db:"updated_at"`
}

func (r streamRow) stream() (Stream, error) {
	st := Stream{
		ID:        r.ID,
		GuildID:   r.GuildID,
		Kind:      r.Kind,
		Version:   r.Version,
		CreatedAt: fromMicros(r.CreatedAt),
		UpdatedAt: fromMicros(r.UpdatedAt),
	}
	if r.Dice.Valid {
		d, err := base64.StdEncoding.DecodeString(r.Dice.String)
		if err != nil {
			return Stream{}, fmt.Errorf("corrupt dice state: %w", err)
		}
		st.Dice = d
	}
	return st, nil
}

type eventRow struct {
	Version       int64  `db:"version"`
	Type          string `db:"type"`
	Data          []byte `db:"data"`
	InteractionID string `db:"interaction_id"`
	CreatedAt     int64  `db:"created_at"`
}

type interactionRow struct {
	ID        string `db:"id"`
	Stream    string `db:"stream_id"`
	Reply     []byte `db:"reply"`
	CreatedAt int64  `db:"created_at"`
}

func fromMicros(us int64) time.Time { return time.UnixMicro(us).UTC() }

// diceArg encodes dice state for the dice column; nil stays NULL.
func diceArg(d []byte) any {
	if d == nil {
		return nil
	}
	return base64.StdEncoding.EncodeToString(d)
}

// Load returns the stream's row and its records with version > after, in
// version order. The records are consistent with the returned row: the last
// one (if any) has version st.Version. ErrNotFound if the stream does not
// exist.
func (s *Store) Load(ctx context.Context, streamID string, after int64) (Stream, []Record, error) {
	var row streamRow
	if err := s.r.GetContext(ctx, &row, s.q.getStream, streamID); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return Stream{}, nil, fmt.Errorf("store: load %s: %w", streamID, ErrNotFound)
		}
		return Stream{}, nil, fmt.Errorf("store: load %s: %w", streamID, err)
	}
	st, err := row.stream()
	if err != nil {
		return Stream{}, nil, fmt.Errorf("store: load %s: %w", streamID, err)
	}
	if after < 0 {
		after = 0
	}
	if after >= st.Version {
		return st, nil, nil
	}
	// Bounded by the version just read: an append committing in between
	// is not half-seen (events are immutable once written).
	var rows []eventRow
	if err := s.r.SelectContext(ctx, &rows, s.q.loadEvents, streamID, after, st.Version); err != nil {
		return Stream{}, nil, fmt.Errorf("store: load %s: %w", streamID, err)
	}
	recs := make([]Record, len(rows))
	for i, r := range rows {
		recs[i] = Record{
			Stream:        streamID,
			Version:       r.Version,
			Type:          r.Type,
			Data:          json.RawMessage(r.Data),
			InteractionID: r.InteractionID,
			At:            fromMicros(r.CreatedAt),
		}
	}
	if n := int64(len(recs)); n != st.Version-after || (n > 0 && recs[n-1].Version != st.Version) {
		return Stream{}, nil, fmt.Errorf("store: load %s: stream at version %d but %d events after %d", streamID, st.Version, n, after)
	}
	return st, recs, nil
}

// Streams lists the streams of a guild, most recently updated first.
func (s *Store) Streams(ctx context.Context, guildID string) ([]Stream, error) {
	var rows []streamRow
	if err := s.r.SelectContext(ctx, &rows, s.q.listStreams, guildID); err != nil {
		return nil, fmt.Errorf("store: streams of guild %s: %w", guildID, err)
	}
	out := make([]Stream, len(rows))
	for i, r := range rows {
		st, err := r.stream()
		if err != nil {
			return nil, fmt.Errorf("store: streams of guild %s: %s: %w", guildID, r.ID, err)
		}
		out[i] = st
	}
	return out, nil
}

// Interaction returns the reply saved for a Discord interaction id, or
// ErrNotFound.
func (s *Store) Interaction(ctx context.Context, id string) (Interaction, error) {
	var row interactionRow
	if err := s.r.GetContext(ctx, &row, s.q.getInteraction, id); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return Interaction{}, fmt.Errorf("store: interaction %s: %w", id, ErrNotFound)
		}
		return Interaction{}, fmt.Errorf("store: interaction %s: %w", id, err)
	}
	return Interaction{
		ID:     row.ID,
		Stream: row.Stream,
		Reply:  json.RawMessage(row.Reply),
		At:     fromMicros(row.CreatedAt),
	}, nil
}

func (a *Append) validate() error {
	if a.Stream == "" {
		return errors.New("empty stream id")
	}
	if a.Expected < 0 {
		return fmt.Errorf("negative expected version %d", a.Expected)
	}
	if a.Expected == 0 && len(a.Records) == 0 {
		return errors.New("creating a stream needs at least one record")
	}
	if len(a.Records) == 0 && a.Dice == nil && a.Interaction == nil && a.Outbox == nil {
		return errors.New("nothing to append")
	}
	for i, r := range a.Records {
		if r.Type == "" {
			return fmt.Errorf("record %d: empty type", i)
		}
		if !json.Valid(r.Data) {
			return fmt.Errorf("record %d (%s): data is not valid JSON", i, r.Type)
		}
	}
	if o := a.Outbox; o != nil && (o.ID == "" || !json.Valid(o.Body)) {
		return fmt.Errorf("outbox entry %q: want an id and a JSON body", o.ID)
	}
	if in := a.Interaction; in != nil {
		if in.ID == "" {
			return errors.New("interaction with empty id")
		}
		if in.Stream != "" && in.Stream != a.Stream {
			return fmt.Errorf("interaction %s is for stream %s", in.ID, in.Stream)
		}
		if !json.Valid(in.Reply) {
			return fmt.Errorf("interaction %s: reply is not valid JSON", in.ID)
		}
	}
	return nil
}

// Append writes a in one transaction and returns the stream's new row (on
// SQLite the transaction may be shared with other appends, a under a
// savepoint of its own: group commit, see the package documentation). See
// [Append] for the rules. Errors: ErrConflict (version mismatch; wraps a
// message with both versions), ErrDuplicateInteraction (checked first: if
// the interaction was already recorded nothing else is looked at),
// ErrClosed, the context's error, or a wrapped driver error. On any error
// nothing is written.
func (s *Store) Append(ctx context.Context, a Append) (Stream, error) {
	st, err := s.append(ctx, &a)
	if err != nil {
		return Stream{}, fmt.Errorf("store: append %s: %w", a.Stream, err)
	}
	return st, nil
}

func (s *Store) append(ctx context.Context, a *Append) (Stream, error) {
	if err := a.validate(); err != nil {
		return Stream{}, err
	}
	if s.gc != nil { // SQLite: group commit (groupcommit.go)
		p, err := s.enqueue(ctx, a)
		if err != nil {
			return Stream{}, err
		}
		return s.await(p)
	}
	// PostgreSQL: one transaction per append on the pool.
	tx, err := s.w.BeginTxx(ctx, nil)
	if err != nil {
		return Stream{}, err
	}
	st, err := s.write(ctx, tx, a)
	if err != nil {
		_ = tx.Rollback()
		return Stream{}, err
	}
	if err := tx.Commit(); err != nil {
		return Stream{}, fmt.Errorf("commit: %w", err)
	}
	return st, nil
}

// write does the statements of one append in tx (a whole transaction on
// PostgreSQL, a savepoint on SQLite) and returns the stream's new row. The
// clock is read here, after the write lock is taken. On an error the
// caller rolls back what write did.
func (s *Store) write(ctx context.Context, tx *sqlx.Tx, a *Append) (_ Stream, err error) {
	now := s.clock().UnixMicro()

	if a.Interaction != nil {
		var n int
		if err := tx.GetContext(ctx, &n, s.q.interactionExists, a.Interaction.ID); err != nil {
			return Stream{}, err
		}
		if n > 0 {
			return Stream{}, fmt.Errorf("%w: interaction %s already recorded", ErrDuplicateInteraction, a.Interaction.ID)
		}
	}

	version := a.Expected + int64(len(a.Records))
	var row streamRow
	if a.Expected == 0 {
		err = tx.GetContext(ctx, &row, s.q.createStream,
			a.Stream, a.GuildID, a.Kind, version, diceArg(a.Dice), now, now)
	} else {
		err = tx.GetContext(ctx, &row, s.q.updateStream,
			version, now, diceArg(a.Dice), a.Stream, a.Expected)
	}
	if errors.Is(err, sql.ErrNoRows) {
		return Stream{}, s.conflict(ctx, tx, a)
	}
	if err != nil {
		return Stream{}, err
	}

	interactionID := ""
	if a.Interaction != nil {
		interactionID = a.Interaction.ID
	}
	for i, r := range a.Records {
		_, err := tx.ExecContext(ctx, s.q.insertEvent,
			a.Stream, a.Expected+int64(i)+1, r.Type, string(r.Data), interactionID, now)
		if isUniqueViolation(err) {
			return Stream{}, fmt.Errorf("%w: event version %d already exists", ErrConflict, a.Expected+int64(i)+1)
		}
		if err != nil {
			return Stream{}, fmt.Errorf("event %d: %w", a.Expected+int64(i)+1, err)
		}
	}

	if a.Interaction != nil {
		res, err := tx.ExecContext(ctx, s.q.insertInteraction,
			a.Interaction.ID, a.Stream, string(a.Interaction.Reply), now)
		if err != nil {
			return Stream{}, fmt.Errorf("interaction %s: %w", a.Interaction.ID, err)
		}
		// Only reachable where the pre-check above can race (PostgreSQL
		// under READ COMMITTED); on SQLite the write lock is held.
		if n, err := res.RowsAffected(); err != nil {
			return Stream{}, fmt.Errorf("interaction %s: %w", a.Interaction.ID, err)
		} else if n == 0 {
			return Stream{}, fmt.Errorf("%w: interaction %s already recorded", ErrDuplicateInteraction, a.Interaction.ID)
		}
	}

	if o := a.Outbox; o != nil {
		_, err := tx.ExecContext(ctx, s.q.insertOutbox, o.ID, a.Stream, row.GuildID, string(o.Body), now)
		if isUniqueViolation(err) {
			return Stream{}, fmt.Errorf("%w: outbox entry %s already recorded", ErrConflict, o.ID)
		}
		if err != nil {
			return Stream{}, fmt.Errorf("outbox %s: %w", o.ID, err)
		}
	}

	return row.stream()
}

// conflict builds the ErrConflict error for an append whose stream insert or
// version check matched no row.
func (s *Store) conflict(ctx context.Context, tx *sqlx.Tx, a *Append) error {
	var current int64
	err := tx.GetContext(ctx, &current, s.q.streamVersion, a.Stream)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return fmt.Errorf("%w: expected version %d, stream does not exist (version 0)", ErrConflict, a.Expected)
	case err != nil:
		return fmt.Errorf("%w: expected version %d (reading current version: %v)", ErrConflict, a.Expected, err)
	case a.Expected == 0:
		return fmt.Errorf("%w: expected a new stream, stream exists at version %d", ErrConflict, current)
	default:
		return fmt.Errorf("%w: expected version %d, stream is at version %d", ErrConflict, a.Expected, current)
	}
}

// isUniqueViolation reports a primary-key or unique constraint failure. This
// is the one driver-specific check (PostgreSQL: SQLSTATE 23505).
func isUniqueViolation(err error) bool {
	var se sqlite3.Error
	if errors.As(err, &se) {
		return se.ExtendedCode == sqlite3.ErrConstraintPrimaryKey || se.ExtendedCode == sqlite3.ErrConstraintUnique
	}
	return isPostgresUniqueViolation(err)
}
