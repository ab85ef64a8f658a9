-- A thread per game in the event's channel, and roles granted from a
-- platform's own roles (the same SQL on both backends).

-- The channel where each game of an event gets its public thread
-- (`/event create ... channel=discord:123`).
CREATE TABLE game_channels (
    event_id    BIGINT  NOT NULL PRIMARY KEY REFERENCES events(id) ON DELETE CASCADE,
    platform    TEXT    NOT NULL,
    chat_id     TEXT    NOT NULL
);

-- A game's thread in such a channel, as the platform's adapter created it:
-- `thread_id` is known once the thread's starter message is posted (on
-- Discord the thread takes that message's id), `ready` once the thread
-- exists, so a retried delivery neither posts nor creates it twice.
CREATE TABLE game_threads (
    game_id     BIGINT  NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    platform    TEXT    NOT NULL,
    chat_id     TEXT    NOT NULL,
    thread_id   TEXT    NOT NULL,
    ready       BOOLEAN NOT NULL DEFAULT FALSE,
    PRIMARY KEY (game_id, platform, chat_id)
);

-- Where a role grant came from: NULL for the app's own grants, a platform
-- ('discord') for grants mirrored from that platform's roles, which only
-- the platform's role changes revoke.
ALTER TABLE roles ADD COLUMN source TEXT;
