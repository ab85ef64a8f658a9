-- Knock-out matches (issue 40): an event's seeding, frozen when it starts
-- (seed 0 the best rated), and the match of each of its games (the game's
-- round is the bracket's round; `slot` its match in that round, from 0).
CREATE TABLE knockout_seeds (
    event_id   BIGINT  NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    seed       BIGINT  NOT NULL,
    player_id  BIGINT  NOT NULL REFERENCES players(id),
    PRIMARY KEY (event_id, seed),
    UNIQUE (event_id, player_id)
);

CREATE TABLE knockout_games (
    game_id  BIGINT  NOT NULL PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
    slot     BIGINT  NOT NULL
);
