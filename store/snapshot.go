package store

import (
	"context"
	"database/sql"
	"encoding/base64"
	"errors"
	"fmt"
	"time"
)

// Snapshot is a stream's folded state at Version, as bytes whose Format
// the caller names (the store neither reads nor checks them). Snapshots
// are a cache of the events: the events alone are the record, and a
// snapshot is written after them, outside their transaction, so that
// writing one can fail without touching an event (docs/design.md,
// "Snapshots").
type Snapshot struct {
	Stream  string
	Version int64
	Format  string
	Data    []byte
	At      time.Time
}

type snapshotRow struct {
	Stream    string `db:"stream_id"`
	Version   int64  `db:"version"`
	Format    string `db:"format"`
	Data      string `db:"data"`
	CreatedAt int64  `db:"created_at"`
}

// Snapshot returns the stream's snapshot, or ErrNotFound.
func (s *Store) Snapshot(ctx context.Context, stream string) (Snapshot, error) {
	var row snapshotRow
	q := s.r.Rebind(`SELECT stream_id, version, format, data, created_at FROM snapshots WHERE stream_id = ?`)
	if err := s.r.GetContext(ctx, &row, q, stream); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return Snapshot{}, fmt.Errorf("store: snapshot of %s: %w", stream, ErrNotFound)
		}
		return Snapshot{}, fmt.Errorf("store: snapshot of %s: %w", stream, err)
	}
	data, err := base64.StdEncoding.DecodeString(row.Data)
	if err != nil {
		return Snapshot{}, fmt.Errorf("store: snapshot of %s: corrupt data: %w", stream, err)
	}
	return Snapshot{Stream: row.Stream, Version: row.Version, Format: row.Format, Data: data, At: fromMicros(row.CreatedAt)}, nil
}

// SaveSnapshot records sn as its stream's snapshot, unless the one there
// is of the same format and newer (two processes may save the same
// game's: the newest stays). One of the same version is replaced, so that
// a snapshot that did not decode gives way to the full fold's, and so is
// one newer than the stream itself (the events were put back from a
// backup without it): it folds a history the stream no longer has. The stream must exist. It is written
// on its own, after the events it folds were committed; its failure
// leaves every event as it was.
func (s *Store) SaveSnapshot(ctx context.Context, sn Snapshot) error {
	if sn.Stream == "" || sn.Version <= 0 || sn.Format == "" || len(sn.Data) == 0 {
		return fmt.Errorf("store: save snapshot of %q: want a stream, a version above 0, a format and data", sn.Stream)
	}
	// ON CONFLICT ... DO UPDATE ... WHERE: SQLite >= 3.24 and PostgreSQL.
	q := s.w.Rebind(`INSERT INTO snapshots (stream_id, version, format, data, created_at) VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (stream_id) DO UPDATE SET version = excluded.version, format = excluded.format,
			data = excluded.data, created_at = excluded.created_at
		WHERE snapshots.version <= excluded.version OR snapshots.format <> excluded.format
			OR snapshots.version > (SELECT version FROM streams WHERE id = excluded.stream_id)`)
	if _, err := s.w.ExecContext(ctx, q, sn.Stream, sn.Version, sn.Format,
		base64.StdEncoding.EncodeToString(sn.Data), s.clock().UnixMicro()); err != nil {
		return fmt.Errorf("store: save snapshot of %s at %d: %w", sn.Stream, sn.Version, err)
	}
	return nil
}
