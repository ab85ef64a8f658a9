-- Invitations to an event (`/event invite N`): the SHA-256 of a random
-- token carried by a Telegram deep link or a Discord "Join" button. A token
-- enters its holder while the event is open for entries; `/event invite N
-- off` deletes the event's tokens.
CREATE TABLE invitations (
    token_hash  TEXT    PRIMARY KEY,
    event_id    BIGINT  NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    created_by  BIGINT  NOT NULL REFERENCES players(id) ON DELETE CASCADE,
    created_at  BIGINT  NOT NULL
);
CREATE INDEX invitations_event ON invitations(event_id);
