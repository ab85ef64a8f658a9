-- A player's private notes on a game (issue 41), never shown to anyone
-- else: on the game (move_ply NULL), on the move of half-move move_ply
-- (1 = the first move played), or a line of analysis (kind 'line', body
-- the line's moves in UCI, separated by spaces) from the position after
-- ply half-moves, when it was written.
CREATE TABLE game_notes (
    id          INTEGER PRIMARY KEY,
    game_id     BIGINT  NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    player_id   BIGINT  NOT NULL REFERENCES players(id),
    kind        TEXT    NOT NULL,
    ply         BIGINT  NOT NULL,
    move_ply    BIGINT,
    body        TEXT    NOT NULL,
    written_at  BIGINT  NOT NULL
);
CREATE INDEX game_notes_owner ON game_notes (game_id, player_id);
