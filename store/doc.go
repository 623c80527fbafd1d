// Package store persists Umpire's append-only event streams in SQLite or
// PostgreSQL, through sqlx and one code path: every query uses ?
// placeholders passed through Rebind, and the migrations use portable SQL.
// [Open] selects the database by its DSN; postgres.go holds the little that
// differs (docs/postgres.md).
//
// A stream is the history of one Discord channel's table ("channel:<id>",
// e.g. dice rolls outside a game) or of one game ("game:<id>"). The store
// does not know event types: events arrive already encoded as a type name
// and a JSON document.
//
// # Schema
//
// Created by the goose migrations embedded from store/migrations, applied by
// [Open]:
//
//	streams      (id PK, guild_id, kind, version, dice, created_at, updated_at)
//	events       (stream_id → streams.id, version, type, data, interaction_id, created_at)
//	             PRIMARY KEY (stream_id, version)
//	interactions (id PK, stream_id → streams.id, reply, created_at)
//	outbox       (id PK, stream_id → streams.id, guild_id, body, created_at, posted_at)
//	snapshots    (stream_id PK → streams.id, version, format, data, created_at)
//
// A snapshot (snapshot.go) is a game's folded state at a version of its
// stream, written after the events it folds and outside their
// transaction: a cache the events can always rebuild, one a stream.
//
// streams.version is the version of the stream's last event; events are
// numbered 1, 2, 3, … without gaps. Times are stored as Unix microseconds
// (UTC) and come back as UTC [time.Time] values truncated to microseconds.
// JSON is stored as TEXT byte for byte. The dice column holds the opaque
// dice-generator state, base64-encoded.
//
// # Concurrency guarantees
//
// A [Store] is safe for concurrent use. Every [Store.Append] runs in a
// write transaction (BEGIN IMMEDIATE on SQLite, through a single writer
// connection; READ COMMITTED on PostgreSQL, one transaction per append,
// where the stream row's lock orders writers) and is optimistic: it states the version its decision was
// based on ([Append.Expected]) and fails with [ErrConflict] if the stream
// has moved on, so of two writers deciding on the same version exactly one
// wins. Either everything an Append describes is written (stream row,
// events, dice state, interaction reply) or nothing is. The primary key
// (stream_id, version) on events is a second guard against two events with
// the same version, and the primary key on interactions makes a Discord
// interaction record its effects at most once ([ErrDuplicateInteraction]).
//
// Group commit (SQLite, groupcommit.go): appends queue for the writer
// goroutine, which owns the writer connection. Each time it is free it
// takes every append waiting at that moment, in arrival order, and writes
// them in one transaction, each under its own SAVEPOINT, with one COMMIT:
// one fsync for the batch in SyncFull mode. A lone append is committed at
// once (no timer). An append's own failure (ErrConflict,
// ErrDuplicateInteraction) rolls back to its savepoint and leaves the
// others of the batch alone; a later append in a batch sees what an
// earlier one wrote, as if they ran one after the other; the clock is read
// once per append, in that order. Append returns only after the batch's
// COMMIT: if the COMMIT fails, every append of the batch fails and none is
// written. An append whose context ends while it is queued leaves the
// queue unwritten; once its batch has begun, its outcome is the batch's.
// [Store.Close] fails the appends still queued with [ErrClosed] and waits
// for the batch in progress.
//
// Reads ([Store.Load], [Store.Interaction], [Store.Streams]) run on a
// separate read-only connection pool for file databases (WAL mode lets them
// proceed while a write is in progress) and never observe a partial append:
// Load reads the stream row first and then only the events up to the
// version it saw. A ":memory:" database uses a single connection for
// everything.
//
// SQLite settings: WAL journal (file databases), busy timeout 5 s, foreign
// keys on, synchronous=FULL by default (a commit is on disk before Append
// returns), or NORMAL with [WithSync] (durable against process crashes; a
// power loss may lose the last transactions but never corrupts the
// database).
package store
