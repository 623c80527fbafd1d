package store

import (
	"context"
	"fmt"
)

// StreamsOfKind lists the streams of a kind across every guild, in id
// order: the deadline scheduler finds the games ("game") whose schedules
// it derives from their streams after a restart.
func (s *Store) StreamsOfKind(ctx context.Context, kind string) ([]Stream, error) {
	var rows []streamRow
	q := s.r.Rebind(`SELECT ` + streamCols + ` FROM streams WHERE kind = ? ORDER BY id`)
	if err := s.r.SelectContext(ctx, &rows, q, kind); err != nil {
		return nil, fmt.Errorf("store: streams of kind %s: %w", kind, err)
	}
	out := make([]Stream, len(rows))
	for i, r := range rows {
		st, err := r.stream()
		if err != nil {
			return nil, fmt.Errorf("store: streams of kind %s: %s: %w", kind, r.ID, err)
		}
		out[i] = st
	}
	return out, nil
}
