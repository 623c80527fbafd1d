-- The outbox (issue 11, docs/crash-safety.md): what the deadline scheduler
-- fired and must post, written in the same transaction as the events that
-- fired it. A row is marked posted once Discord has every message; after a
-- crash between the two, the next tick posts what is pending (with the
-- same nonces, so Discord drops a message it already has).
--
-- Portable between SQLite and PostgreSQL, as 00001.

-- +goose Up
CREATE TABLE outbox (
    id         TEXT   NOT NULL PRIMARY KEY,   -- "<stream>@<version>"
    stream_id  TEXT   NOT NULL REFERENCES streams (id),
    guild_id   TEXT   NOT NULL,
    body       TEXT   NOT NULL,               -- JSON: the reply whose outputs are posted
    created_at BIGINT NOT NULL,
    posted_at  BIGINT                         -- NULL while pending
);

CREATE INDEX outbox_pending_idx ON outbox (posted_at, created_at);

-- +goose Down
DROP TABLE outbox;
