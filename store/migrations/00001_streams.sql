-- Schema for Umpire's append-only event streams.
--
-- Portable between SQLite and PostgreSQL: only TEXT and BIGINT columns,
-- standard PRIMARY KEY / REFERENCES constraints, no AUTOINCREMENT, no
-- WITHOUT ROWID, no SQLite affinity tricks.
--
-- Conventions (enforced by package store, not by the database):
--   * times are BIGINT Unix microseconds, UTC (PostgreSQL's timestamp
--     precision, so a later move to TIMESTAMPTZ loses nothing);
--   * JSON payloads are TEXT (not JSONB: JSONB would reorder keys and
--     normalise the bytes the engine wrote);
--   * streams.dice is the base64 (standard, padded) encoding of the opaque
--     dice-generator state; TEXT rather than BLOB/BYTEA keeps this file
--     identical on both databases. NULL means "no state yet".

-- +goose Up
CREATE TABLE streams (
    id         TEXT   NOT NULL PRIMARY KEY, -- "channel:<id>", "game:<id>"
    guild_id   TEXT   NOT NULL,
    kind       TEXT   NOT NULL,
    version    BIGINT NOT NULL,             -- version of the last event; 0 only transiently
    dice       TEXT,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);

CREATE INDEX streams_guild_idx ON streams (guild_id, updated_at);

CREATE TABLE events (
    stream_id      TEXT   NOT NULL REFERENCES streams (id),
    version        BIGINT NOT NULL,          -- 1, 2, 3, ... within the stream
    type           TEXT   NOT NULL,
    data           TEXT   NOT NULL,          -- JSON
    interaction_id TEXT   NOT NULL DEFAULT '', -- '' when not caused by an interaction
    created_at     BIGINT NOT NULL,
    PRIMARY KEY (stream_id, version)
);

CREATE TABLE interactions (
    id         TEXT   NOT NULL PRIMARY KEY,  -- Discord interaction id
    stream_id  TEXT   NOT NULL REFERENCES streams (id),
    reply      TEXT   NOT NULL,              -- JSON
    created_at BIGINT NOT NULL
);

CREATE INDEX interactions_stream_idx ON interactions (stream_id);

-- +goose Down
DROP TABLE interactions;
DROP TABLE events;
DROP TABLE streams;
