-- Team events (R3.1.3): the deputy captain, reserves, the boards a team
-- fields, and which team match each game belongs to (the same SQL on both
-- backends).

ALTER TABLE teams ADD COLUMN deputy_id BIGINT REFERENCES players(id);

-- A reserve may replace a board's player by the arbiter's ruling; `board`
-- orders the reserves among themselves.
ALTER TABLE team_members ADD COLUMN reserve BOOLEAN NOT NULL DEFAULT FALSE;

-- How many boards every team of a team event fields.
CREATE TABLE team_events (
    event_id    BIGINT  PRIMARY KEY REFERENCES events(id) ON DELETE CASCADE,
    boards      BIGINT  NOT NULL
);

-- The board games of team matches: which teams and board, and whether the
-- first-named team has White (colours alternate by board).
CREATE TABLE team_match_games (
    game_id         BIGINT  PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
    event_id        BIGINT  NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    round           BIGINT  NOT NULL,
    board           BIGINT  NOT NULL,
    first_team_id   BIGINT  NOT NULL REFERENCES teams(id),
    second_team_id  BIGINT  NOT NULL REFERENCES teams(id),
    first_has_white BOOLEAN NOT NULL
);
CREATE INDEX team_match_games_event ON team_match_games(event_id);
