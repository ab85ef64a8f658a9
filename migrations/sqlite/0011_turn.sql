-- Playing turns (issue 18 part B): messages between the players of a game,
-- moves held for confirmation, per-player switches, and which platform
-- message belongs to which game (for replies that choose the game).
-- Instants are BIGINT Unix milliseconds (UTC).

-- A message from a player to the opponent of a game: with a move or by
-- `/say`. Shown to the opponent and, in a case file, to arbiters.
CREATE TABLE game_messages (
    id         INTEGER PRIMARY KEY,
    game_id    BIGINT  NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    player_id  BIGINT  NOT NULL REFERENCES players(id),
    ply        BIGINT  NOT NULL,
    body       TEXT    NOT NULL,
    sent_at    BIGINT  NOT NULL
);
CREATE INDEX game_messages_game ON game_messages(game_id);

-- A move held until its player confirms it (`/confirm on`); one per game
-- and player. The clock runs until it is confirmed.
CREATE TABLE held_moves (
    game_id    BIGINT  NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    player_id  BIGINT  NOT NULL REFERENCES players(id),
    ply        BIGINT  NOT NULL,
    move_text  TEXT    NOT NULL,
    held_at    BIGINT  NOT NULL,
    PRIMARY KEY (game_id, player_id)
);

-- Switches a player turned on: `confirm_moves`, `no_messages`.
CREATE TABLE player_switches (
    player_id  BIGINT  NOT NULL REFERENCES players(id),
    setting    TEXT    NOT NULL,
    PRIMARY KEY (player_id, setting)
);

-- The game a delivered platform message is about: a reply to it chooses
-- the game.
CREATE TABLE message_games (
    platform   TEXT    NOT NULL,
    chat_id    TEXT    NOT NULL,
    message_id TEXT    NOT NULL,
    game_id    BIGINT  NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    PRIMARY KEY (platform, chat_id, message_id)
);
