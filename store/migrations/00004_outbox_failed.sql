-- Outbox messages Discord refused for good (issue 23): a scheduled post to
-- a channel that is gone or forbidden (10003 Unknown Channel, 50001
-- Missing Access, 50013 Missing Permissions) is never tried again, even
-- after a restart, while the entry's other messages are still being
-- posted. failed is a JSON array of the entry's message indexes (0-based);
-- NULL when none failed.
--
-- Portable between SQLite and PostgreSQL, as 00001.

-- +goose Up
ALTER TABLE outbox ADD COLUMN failed TEXT;

-- +goose Down
ALTER TABLE outbox DROP COLUMN failed;
