-- The arbiter's desk (the same SQL on both backends but the id columns).
-- Instants are BIGINT Unix milliseconds (UTC).

-- Changes the arbiter made to a player's time in a game: `days` > 0 are
-- penalty days (time used grows), `days` < 0 days given back. Revoked when
-- the appeals committee replaces the ruling (R2.1.6).
CREATE TABLE clock_adjustments (
    id          INTEGER PRIMARY KEY,
    game_id     BIGINT  NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    player_id   BIGINT  NOT NULL REFERENCES players(id),
    days        BIGINT  NOT NULL,
    case_id     BIGINT  NOT NULL REFERENCES cases(id) ON DELETE CASCADE,
    made_at     BIGINT  NOT NULL
);
CREATE INDEX clock_adjustments_game ON clock_adjustments(game_id);

-- Warnings, exclusions and disqualifications (R2.1.5, R3.1.5, R3.4.3).
CREATE TABLE sanctions (
    id          INTEGER PRIMARY KEY,
    player_id   BIGINT  NOT NULL REFERENCES players(id),
    event_id    BIGINT  NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    kind        TEXT    NOT NULL CHECK (kind IN ('warning', 'exclusion', 'disqualification')),
    case_id     BIGINT  NOT NULL REFERENCES cases(id) ON DELETE CASCADE,
    made_at     BIGINT  NOT NULL,
    revoked_at  BIGINT
);
CREATE INDEX sanctions_player ON sanctions(player_id);

-- The arbiter's requests to a player (R3.4.3) and the answers.
CREATE TABLE arbiter_requests (
    id          INTEGER PRIMARY KEY,
    event_id    BIGINT  NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    player_id   BIGINT  NOT NULL REFERENCES players(id),
    arbiter_id  BIGINT  NOT NULL REFERENCES players(id),
    text        TEXT    NOT NULL,
    sent_at     BIGINT  NOT NULL,
    answer      TEXT,
    answered_at BIGINT
);
CREATE INDEX arbiter_requests_player ON arbiter_requests(player_id);

-- Absences of internet access (R3.1.5).
CREATE TABLE absences (
    id           INTEGER PRIMARY KEY,
    player_id    BIGINT  NOT NULL REFERENCES players(id),
    reported_by  BIGINT  NOT NULL REFERENCES players(id),
    starts_at    BIGINT  NOT NULL,
    returned_at  BIGINT
);
CREATE INDEX absences_player ON absences(player_id, starts_at);

-- The appeals committee's channel and what an exclusion does to the
-- excluded player's remaining games ('losses' or 'annulled').
ALTER TABLE event_settings ADD COLUMN appeals_platform TEXT;
ALTER TABLE event_settings ADD COLUMN appeals_chat_id TEXT;
ALTER TABLE event_settings ADD COLUMN exclusion TEXT NOT NULL DEFAULT 'losses';

-- The language of a group or channel's notices (a channel has no player to
-- take it from): set with an event's `channel-lang=` for its channels.
CREATE TABLE chat_settings (
    platform  TEXT  NOT NULL,
    chat_id   TEXT  NOT NULL,
    language  TEXT  NOT NULL,
    PRIMARY KEY (platform, chat_id)
);
