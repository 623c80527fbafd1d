package store

import (
	"context"
	"encoding/json"
	"fmt"
	"time"
)

// OutboxEntry is a reply to post, recorded with the events that made it
// (migrations/00002_outbox.sql): the deadline scheduler's reminders and
// announcements survive a crash between recording and posting.
type OutboxEntry struct {
	ID      string // unique; the scheduler uses "<stream>@<version>"
	Stream  string
	GuildID string
	Body    json.RawMessage
	At      time.Time
}

type outboxRow struct {
	ID        string `db:"id"`
	Stream    string `db:"stream_id"`
	GuildID   string `db:"guild_id"`
	Body      []byte `db:"body"`
	CreatedAt int64  `db:"created_at"`
}

// PendingOutbox lists the entries not yet marked posted, oldest first.
func (s *Store) PendingOutbox(ctx context.Context) ([]OutboxEntry, error) {
	var rows []outboxRow
	q := s.r.Rebind(`SELECT id, stream_id, guild_id, body, created_at FROM outbox WHERE posted_at IS NULL ORDER BY created_at, id`)
	if err := s.r.SelectContext(ctx, &rows, q); err != nil {
		return nil, fmt.Errorf("store: pending outbox: %w", err)
	}
	out := make([]OutboxEntry, len(rows))
	for i, r := range rows {
		out[i] = OutboxEntry{ID: r.ID, Stream: r.Stream, GuildID: r.GuildID, Body: json.RawMessage(r.Body), At: fromMicros(r.CreatedAt)}
	}
	return out, nil
}

// MarkPosted marks an entry posted. Marking one already posted, or one
// that does not exist, changes nothing and is not an error.
func (s *Store) MarkPosted(ctx context.Context, id string) error {
	q := s.w.Rebind(`UPDATE outbox SET posted_at = ? WHERE id = ? AND posted_at IS NULL`)
	if _, err := s.w.ExecContext(ctx, q, s.clock().UnixMicro(), id); err != nil {
		return fmt.Errorf("store: mark %s posted: %w", id, err)
	}
	return nil
}
