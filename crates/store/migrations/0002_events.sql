-- The events the engine logged for each game, kept so that a server holds only a game's recent events in
-- memory: chunk `chunk` holds the game's events chunk * N to chunk * N + N - 1 (N fixed by the server) as a JSON
-- array. A game's chunks are written with the entries that complete them, in the same transaction, so they are
-- always numbered 0, 1, 2 ... without a gap.
CREATE TABLE events (
    game TEXT NOT NULL,
    chunk BIGINT NOT NULL,
    data TEXT NOT NULL,
    PRIMARY KEY (game, chunk)
);
