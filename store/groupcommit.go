package store

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/jmoiron/sqlx"
)

// Group commit, SQLite only (store/doc.go, "Concurrency guarantees"). One
// goroutine owns the single writer connection. Appends queue for it; each
// time it is free it takes every append waiting at that moment and writes
// them in one transaction, each under a savepoint of its own, with one
// COMMIT (one fsync in SyncFull mode). A lone append is committed at once:
// there is no timer. An append's error (ErrConflict,
// ErrDuplicateInteraction, a constraint) rolls back its savepoint only;
// the appends of a batch run in queue order, so a later one sees what an
// earlier one wrote; a failed COMMIT fails every append of the batch.

// groupCommit is the queue of appends waiting for the SQLite writer.
type groupCommit struct {
	mu      sync.Mutex
	waiting []*pending
	closed  bool
	wake    chan struct{} // capacity 1: appends are waiting
	quit    chan struct{} // closed by stopGroupCommit
	done    chan struct{} // closed when the writer goroutine returns

	// Counters (read by tests and benchmarks): COMMITs that succeeded and
	// the appends they wrote.
	commits, appends atomic.Int64

	// Test hooks, set before the first append. beforeBatch runs when the
	// writer wakes, before it takes the waiting appends; beforeCommit runs
	// in the batch's transaction just before COMMIT.
	beforeBatch  func()
	beforeCommit func(context.Context, *sqlx.Tx) error
}

// pending is one queued append and, once done is closed, its outcome.
type pending struct {
	ctx  context.Context
	a    *Append
	st   Stream
	err  error
	done chan struct{}
}

func (s *Store) startGroupCommit() {
	s.gc = &groupCommit{wake: make(chan struct{}, 1), quit: make(chan struct{}), done: make(chan struct{})}
	go s.writeLoop()
}

// stopGroupCommit fails the appends still waiting with ErrClosed and waits
// for the batch in progress, if any.
func (s *Store) stopGroupCommit() {
	g := s.gc
	g.mu.Lock()
	if g.closed {
		g.mu.Unlock()
		return
	}
	g.closed = true
	left := g.waiting
	g.waiting = nil
	g.mu.Unlock()
	for _, p := range left {
		p.err = ErrClosed
		close(p.done)
	}
	close(g.quit)
	<-g.done
}

// enqueue queues a (already validated) for the writer.
func (s *Store) enqueue(ctx context.Context, a *Append) (*pending, error) {
	g := s.gc
	p := &pending{ctx: ctx, a: a, done: make(chan struct{})}
	g.mu.Lock()
	if g.closed {
		g.mu.Unlock()
		return nil, ErrClosed
	}
	g.waiting = append(g.waiting, p)
	g.mu.Unlock()
	select {
	case g.wake <- struct{}{}:
	default: // the writer is already due to look
	}
	return p, nil
}

// await returns p's outcome. If p's context ends while p is still waiting,
// p leaves the queue and nothing is written; once p is in a batch, its
// outcome is the batch's.
func (s *Store) await(p *pending) (Stream, error) {
	select {
	case <-p.done:
		return p.st, p.err
	case <-p.ctx.Done():
	}
	g := s.gc
	g.mu.Lock()
	if i := slices.Index(g.waiting, p); i >= 0 {
		g.waiting = slices.Delete(g.waiting, i, i+1)
		g.mu.Unlock()
		return Stream{}, p.ctx.Err()
	}
	g.mu.Unlock()
	<-p.done
	return p.st, p.err
}

func (s *Store) writeLoop() {
	g := s.gc
	defer close(g.done)
	for {
		select {
		case <-g.quit:
			return
		case <-g.wake:
		}
		if g.beforeBatch != nil {
			g.beforeBatch()
		}
		g.mu.Lock()
		batch := g.waiting
		g.waiting = nil
		g.mu.Unlock()
		if len(batch) > 0 {
			s.commitBatch(batch)
		}
	}
}

// commitBatch writes batch in one transaction and sets every append's
// outcome.
func (s *Store) commitBatch(batch []*pending) {
	defer func() {
		for _, p := range batch {
			close(p.done)
		}
	}()
	// Fails the appends that had no error of their own.
	fail := func(err error) {
		for _, p := range batch {
			if p.err == nil {
				p.st, p.err = Stream{}, err
			}
		}
	}
	// Not an append's context: cancelling it would roll back the batch.
	ctx := context.Background()
	tx, err := s.w.BeginTxx(ctx, nil) // BEGIN IMMEDIATE
	if err != nil {
		fail(err)
		return
	}
	written := 0
	for _, p := range batch {
		if p.err = p.ctx.Err(); p.err != nil {
			continue // cancelled before its turn: skipped
		}
		if err := s.writeSavepoint(tx, p); err != nil {
			_ = tx.Rollback()
			fail(err)
			return
		}
		if p.err == nil {
			written++
		}
	}
	if g := s.gc; g.beforeCommit != nil {
		if err := g.beforeCommit(ctx, tx); err != nil {
			_ = tx.Rollback()
			fail(err)
			return
		}
	}
	if err := tx.Commit(); err != nil {
		fail(fmt.Errorf("commit: %w", err))
		return
	}
	s.gc.commits.Add(1)
	s.gc.appends.Add(int64(written))
}

// writeSavepoint writes p under a savepoint of tx, setting p.st or p.err;
// p's error rolls back its savepoint only. An error returned means tx can
// no longer be used.
func (s *Store) writeSavepoint(tx *sqlx.Tx, p *pending) error {
	// p's values but not its cancellation: go-sqlite3 interrupts a
	// cancelled statement, and SQLite may then roll back the whole
	// transaction.
	ctx := context.WithoutCancel(p.ctx)
	if _, err := tx.ExecContext(ctx, `SAVEPOINT append`); err != nil {
		return err
	}
	p.st, p.err = s.write(ctx, tx, p.a)
	if p.err != nil {
		if _, err := tx.ExecContext(ctx, `ROLLBACK TO append`); err != nil {
			return err
		}
	}
	_, err := tx.ExecContext(ctx, `RELEASE append`)
	return err
}
