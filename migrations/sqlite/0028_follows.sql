-- What members follow (issue 41): a game, an event, a player or a team,
-- told privately when a followed game ends, and of each of its moves when
-- `moves` is set. One row a member and target; the bound on how many a
-- member keeps is counted under the member's row lock.
CREATE TABLE follows (
    id          INTEGER PRIMARY KEY,
    player_id   BIGINT  NOT NULL REFERENCES players(id) ON DELETE CASCADE,
    target      TEXT    NOT NULL,
    target_id   BIGINT  NOT NULL,
    moves       BOOLEAN NOT NULL DEFAULT FALSE,
    created_at  BIGINT  NOT NULL,
    UNIQUE (player_id, target, target_id)
);
CREATE INDEX follows_target ON follows (target, target_id);
