-- A player's private calendar feed (issue web-2, `/calendar`): the SHA-256
-- of a random token that opens the feed of that player's deadlines. One a
-- player: a new `/calendar` replaces it (the old link dies), `/calendar
-- off` deletes it.
CREATE TABLE calendar_feeds (
    player_id   BIGINT  PRIMARY KEY REFERENCES players(id) ON DELETE CASCADE,
    token_hash  TEXT    NOT NULL UNIQUE,
    created_at  BIGINT  NOT NULL
);
