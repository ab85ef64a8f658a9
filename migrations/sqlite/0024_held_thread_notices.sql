-- Public notices of a game's moves to its thread that the event's public
-- delay (public-delay=N) holds back: each is queued to the outbox, as it
-- was written when its move was played, once N more moves are played or
-- the game ends.
CREATE TABLE held_thread_notices (
    id          INTEGER PRIMARY KEY,
    game_id     BIGINT  NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    ply         BIGINT  NOT NULL,
    recipient   TEXT    NOT NULL,
    kind        TEXT    NOT NULL,
    payload     TEXT    NOT NULL,
    created_at  BIGINT  NOT NULL
);
CREATE INDEX held_thread_notices_game ON held_thread_notices (game_id, ply);
