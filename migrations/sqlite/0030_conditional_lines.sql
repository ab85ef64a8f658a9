-- A player's conditional lines on a game (issue 41; R3.2.4 lets the
-- regulation allow them): from the position after ply half-moves, where
-- the opponent is to move, the opponent's expected moves and the owner's
-- replies in turn (moves: UCI, separated by spaces). played counts the
-- moves of the line already made; status is pending, done (the line was
-- played out), left (the opponent played another move, or the owner could
-- not move), or cancelled (by the owner). Only the owner sees them while
-- the game is in play; the arbiter's case file lists them once it ended.
CREATE TABLE conditional_lines (
    id          INTEGER PRIMARY KEY,
    game_id     BIGINT  NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    player_id   BIGINT  NOT NULL REFERENCES players(id),
    ply         BIGINT  NOT NULL,
    moves       TEXT    NOT NULL,
    played      BIGINT  NOT NULL DEFAULT 0,
    status      TEXT    NOT NULL DEFAULT 'pending',
    made_at     BIGINT  NOT NULL,
    ended_at    BIGINT
);
CREATE INDEX conditional_lines_owner ON conditional_lines (game_id, player_id, status);
