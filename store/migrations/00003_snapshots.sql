-- Snapshots (issue 20, store/snapshot.go): a game's folded state at a
-- version of its stream, so that a process that has not seen the game
-- folds only the events after it. One row a stream, the newest; a cache
-- of the events, never a replacement for them: a row may be deleted at any
-- time (the next load folds the whole log and writes a new one).
--
-- Portable between SQLite and PostgreSQL, as 00001: data is TEXT holding
-- base64 (standard, padded), like streams.dice.

-- +goose Up
CREATE TABLE snapshots (
    stream_id  TEXT   NOT NULL PRIMARY KEY REFERENCES streams (id),
    version    BIGINT NOT NULL, -- the stream version the state was folded to
    format     TEXT   NOT NULL, -- the engine's snapshot format (engine.SnapshotFormat)
    data       TEXT   NOT NULL, -- base64 of the state's bytes
    created_at BIGINT NOT NULL
);

-- +goose Down
DROP TABLE snapshots;
