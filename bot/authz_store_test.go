package bot

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/umpire-games/umpire/store"
)

// azStore is an in-memory Store for the authorization matrix
// (authz_matrix_test.go): a game is set up once in it, and every case of
// the matrix runs on a copy of that state (snapshot, restore), so that no
// case sees what another did. It keeps the store's append rules
// (store.Append's doc) and counts appends: a refusal makes none.
type azStore struct {
	mu      sync.Mutex
	streams map[string]*azStream
	inter   map[string]store.Interaction
	appends int
}

var _ Store = (*azStore)(nil)

type azStream struct {
	st   store.Stream
	recs []store.Record
}

// azSnapshot is a copy of an azStore's state.
type azSnapshot struct {
	streams map[string]azStream
	inter   map[string]store.Interaction
}

func newAZStore() *azStore {
	return &azStore{streams: map[string]*azStream{}, inter: map[string]store.Interaction{}}
}

func (s *azStore) Load(_ context.Context, stream string, after int64) (store.Stream, []store.Record, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	x := s.streams[stream]
	if x == nil {
		return store.Stream{}, nil, fmt.Errorf("azstore: load %s: %w", stream, store.ErrNotFound)
	}
	if after < 0 {
		after = 0
	}
	if after >= x.st.Version {
		return x.st, nil, nil
	}
	return x.st, slices.Clone(x.recs[after:]), nil
}

func (s *azStore) Append(_ context.Context, a store.Append) (store.Stream, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	x := s.streams[a.Stream]
	switch {
	case a.Expected == 0 && (x != nil || len(a.Records) == 0):
		return store.Stream{}, fmt.Errorf("azstore: append %s: %w", a.Stream, store.ErrConflict)
	case a.Expected > 0 && (x == nil || x.st.Version != a.Expected):
		return store.Stream{}, fmt.Errorf("azstore: append %s: %w", a.Stream, store.ErrConflict)
	}
	if a.Interaction != nil {
		if _, dup := s.inter[a.Interaction.ID]; dup {
			return store.Stream{}, store.ErrDuplicateInteraction
		}
	}
	now := time.Unix(1700000000, 0).UTC()
	if x == nil {
		x = &azStream{st: store.Stream{ID: a.Stream, GuildID: a.GuildID, Kind: a.Kind, CreatedAt: now}}
	} else {
		c := *x // the snapshot keeps the old one
		x = &c
	}
	x.recs = slices.Clip(x.recs)
	for _, r := range a.Records {
		x.st.Version++
		id := ""
		if a.Interaction != nil {
			id = a.Interaction.ID
		}
		x.recs = append(x.recs, store.Record{Stream: a.Stream, Version: x.st.Version, Type: r.Type, Data: r.Data, InteractionID: id, At: now})
	}
	if a.Dice != nil {
		x.st.Dice = slices.Clone(a.Dice)
	}
	x.st.UpdatedAt = now
	s.streams[a.Stream] = x
	if a.Interaction != nil {
		s.inter[a.Interaction.ID] = store.Interaction{ID: a.Interaction.ID, Stream: a.Stream, Reply: a.Interaction.Reply, At: now}
	}
	s.appends++
	return x.st, nil
}

func (s *azStore) Interaction(_ context.Context, id string) (store.Interaction, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	in, ok := s.inter[id]
	if !ok {
		return in, fmt.Errorf("azstore: interaction %s: %w", id, store.ErrNotFound)
	}
	return in, nil
}

func (s *azStore) snapshot() azSnapshot {
	s.mu.Lock()
	defer s.mu.Unlock()
	sn := azSnapshot{streams: map[string]azStream{}, inter: map[string]store.Interaction{}}
	for id, x := range s.streams {
		sn.streams[id] = azStream{st: x.st, recs: slices.Clip(x.recs)}
	}
	for id, in := range s.inter {
		sn.inter[id] = in
	}
	return sn
}

func (s *azStore) restore(sn azSnapshot) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.streams = map[string]*azStream{}
	for id, x := range sn.streams {
		c := x
		s.streams[id] = &c
	}
	s.inter = map[string]store.Interaction{}
	for id, in := range sn.inter {
		s.inter[id] = in
	}
	s.appends = 0
}

// versions is every stream's version.
func (s *azStore) versions() map[string]int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := map[string]int64{}
	for id, x := range s.streams {
		out[id] = x.st.Version
	}
	return out
}
