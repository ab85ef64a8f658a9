-- Club ratings (Elo, thousandths of a point) and thematic events.
-- events.rated: NULL means the default (rated unless a team event).
ALTER TABLE events ADD COLUMN rated BOOLEAN;

-- A player's current rating and the key (finished_at, game) of the last
-- game it counts, so that a game rated out of that order recomputes.
CREATE TABLE ratings (
    player_id      BIGINT  PRIMARY KEY REFERENCES players(id) ON DELETE CASCADE,
    rating         BIGINT  NOT NULL,
    games          BIGINT  NOT NULL DEFAULT 0,
    last_at        BIGINT,
    last_game_id   BIGINT
);

-- The history: one row per player per rated game.
CREATE TABLE rating_changes (
    game_id      BIGINT  NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    player_id    BIGINT  NOT NULL REFERENCES players(id) ON DELETE CASCADE,
    score        TEXT    NOT NULL,
    rating_before BIGINT NOT NULL,
    rating_after BIGINT  NOT NULL,
    finished_at  BIGINT  NOT NULL,
    PRIMARY KEY (game_id, player_id)
);
CREATE INDEX rating_changes_player ON rating_changes(player_id, finished_at, game_id);
