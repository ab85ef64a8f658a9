-- Cards of a game by post that carried an impossible or illegible move, or
-- none (R2.3.9, R2.3.10), as their sender entered them: the move as written
-- (empty for a card without one), meant for ply `ply`, with its dates
-- (TEXT YYYY-MM-DD; the postmarks comma separated). Each draws R2.4.9's
-- penalty days, 10 on a repetition (R2.4.10); the move itself is never
-- played.
CREATE TABLE postal_impossible_cards (
    id          INTEGER PRIMARY KEY,
    game_id     BIGINT  NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    ply         BIGINT  NOT NULL,
    text        TEXT    NOT NULL,
    written     TEXT,
    postmarks   TEXT    NOT NULL DEFAULT '',
    receipt     TEXT,
    entered_at  BIGINT  NOT NULL
);
CREATE INDEX postal_impossible_cards_game ON postal_impossible_cards (game_id, ply);
