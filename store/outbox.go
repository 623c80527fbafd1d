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
	// Failed are the indexes of the entry's messages that Discord refused
	// for good (MarkOutboxFailed): they are not posted again.
	Failed []int
}

type outboxRow struct {
	ID        string  `db:"id"`
	Stream    string  `db:"stream_id"`
	GuildID   string  `db:"guild_id"`
	Body      []byte  `db:"body"`
	CreatedAt int64   `db:"created_at"`
	Failed    *string `db:"failed"`
}

// PendingOutbox lists the entries not yet marked posted, oldest first.
func (s *Store) PendingOutbox(ctx context.Context) ([]OutboxEntry, error) {
	var rows []outboxRow
	q := s.r.Rebind(`SELECT id, stream_id, guild_id, body, created_at, failed FROM outbox WHERE posted_at IS NULL ORDER BY created_at, id`)
	if err := s.r.SelectContext(ctx, &rows, q); err != nil {
		return nil, fmt.Errorf("store: pending outbox: %w", err)
	}
	out := make([]OutboxEntry, len(rows))
	for i, r := range rows {
		out[i] = OutboxEntry{ID: r.ID, Stream: r.Stream, GuildID: r.GuildID, Body: json.RawMessage(r.Body), At: fromMicros(r.CreatedAt)}
		if r.Failed != nil {
			if err := json.Unmarshal([]byte(*r.Failed), &out[i].Failed); err != nil {
				return nil, fmt.Errorf("store: pending outbox: entry %s: failed: %w", r.ID, err)
			}
		}
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

// MarkOutboxFailed records that message i of a pending entry was refused
// for good, so that no later flush (nor a restarted process) posts it
// again. Marking it twice records it once.
func (s *Store) MarkOutboxFailed(ctx context.Context, id string, i int) error {
	var cur []string
	q := s.w.Rebind(`SELECT COALESCE(failed, '[]') FROM outbox WHERE id = ?`)
	if err := s.w.SelectContext(ctx, &cur, q, id); err != nil {
		return fmt.Errorf("store: mark %s message %d failed: %w", id, i, err)
	}
	if len(cur) == 0 {
		return nil
	}
	var failed []int
	if err := json.Unmarshal([]byte(cur[0]), &failed); err != nil {
		return fmt.Errorf("store: mark %s message %d failed: %w", id, i, err)
	}
	for _, f := range failed {
		if f == i {
			return nil
		}
	}
	b, _ := json.Marshal(append(failed, i))
	q = s.w.Rebind(`UPDATE outbox SET failed = ? WHERE id = ?`)
	if _, err := s.w.ExecContext(ctx, q, string(b), id); err != nil {
		return fmt.Errorf("store: mark %s message %d failed: %w", id, i, err)
	}
	return nil
}
