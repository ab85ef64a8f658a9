-- How a player sees the clock (the same SQL on both backends): the time zone
-- instants are shown in (an IANA name such as Europe/Kyiv; NULL: the
-- default) and the daily digest of games to move instead of one notice per
-- move (R3.2.3: the player stays responsible for the time).
CREATE TABLE player_clock (
    player_id  BIGINT  PRIMARY KEY REFERENCES players(id) ON DELETE CASCADE,
    zone       TEXT,
    digest     BOOLEAN NOT NULL DEFAULT FALSE
);
