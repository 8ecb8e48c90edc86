-- Issue 39: who a seat is, games played on by the clock, and notices to players.
--
-- `version` counts the changes of a game's row and seats (clock, finish, claims, tokens, addresses): with the
-- log's last sequence number it tells a server whether the game it holds is behind the store (several servers
-- on one PostgreSQL database).
ALTER TABLE games ADD COLUMN version BIGINT NOT NULL DEFAULT 0;
-- When set, the clock plays the game on at that time: bots that still owe decisions after a request played its
-- bounded share of them.
ALTER TABLE games ADD COLUMN wake_ms BIGINT;
-- The deadline whose reminder was queued, so each deadline is reminded of once, by one server.
ALTER TABLE games ADD COLUMN reminded_ms BIGINT;

-- Where a seat's player wants notices: an e-mail address and/or a webhook URL (cleared with the seat's token).
ALTER TABLE seats ADD COLUMN email TEXT;
ALTER TABLE seats ADD COLUMN webhook TEXT;

-- Notices waiting to be sent, written in the same transaction as the log entries that caused them. A server
-- takes one by moving `next_ms` on (a lease), sends it, and marks it sent, or tries again later; `next_ms` NULL
-- and `sent_ms` NULL: given up.
CREATE TABLE outbox (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    player TEXT NOT NULL,
    channel TEXT NOT NULL,
    address TEXT NOT NULL,
    subject TEXT NOT NULL,
    body TEXT NOT NULL,
    created_ms BIGINT NOT NULL,
    attempts BIGINT NOT NULL DEFAULT 0,
    next_ms BIGINT,
    sent_ms BIGINT,
    error TEXT
);
CREATE INDEX outbox_next ON outbox (next_ms);
