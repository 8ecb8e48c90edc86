-- Coalition's game store (issue 17). One schema for SQLite and PostgreSQL: integers are BIGINT, times are
-- milliseconds since 1970, JSON is TEXT.

-- A game: the transcript's header (scenario, rulebook, seed, players, bots, set-up) as JSON, the commitment to
-- its seed, the host token's hash, its settings as JSON, and the current step's deadline.
CREATE TABLE games (
    id TEXT PRIMARY KEY,
    created_ms BIGINT NOT NULL,
    header TEXT NOT NULL,
    commitment TEXT NOT NULL,
    host_hash TEXT NOT NULL,
    settings TEXT NOT NULL,
    deadline_ms BIGINT,
    paused_ms BIGINT,
    finished BIGINT NOT NULL DEFAULT 0
);

-- The append-only log: one transcript entry per sequence number. The key on (game, seq) is what keeps two
-- writers from both appending the same step.
CREATE TABLE log (
    game TEXT NOT NULL,
    seq BIGINT NOT NULL,
    kind TEXT NOT NULL,
    entry TEXT NOT NULL,
    at_ms BIGINT NOT NULL,
    PRIMARY KEY (game, seq)
);

-- A seat: a player and the powers they hold; only the hash of its secret token is kept.
CREATE TABLE seats (
    game TEXT NOT NULL,
    player TEXT NOT NULL,
    powers TEXT NOT NULL,
    token_hash TEXT,
    PRIMARY KEY (game, player)
);

-- Snapshots of a game's state after entry `seq`, so a long game loads without replaying its whole log.
CREATE TABLE snapshots (
    game TEXT NOT NULL,
    seq BIGINT NOT NULL,
    data TEXT NOT NULL,
    PRIMARY KEY (game, seq)
);

-- Each server process's last sign of life, so deadlines can be moved on by the time every server was down.
CREATE TABLE servers (
    id TEXT PRIMARY KEY,
    alive_ms BIGINT NOT NULL
);
