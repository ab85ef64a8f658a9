-- Profiles, account links and event settings (the same SQL on both backends).
-- Instants are BIGINT Unix milliseconds (UTC).

-- One row per player who changed a default: board orientation (auto, white,
-- black), muted move notices (R3.2.3), postal address and e-mail (R3.4.4).
CREATE TABLE player_settings (
    player_id    BIGINT  PRIMARY KEY REFERENCES players(id) ON DELETE CASCADE,
    orientation  TEXT    NOT NULL DEFAULT 'auto',
    muted        BOOLEAN NOT NULL DEFAULT FALSE,
    address      TEXT,
    email        TEXT
);

-- One-time codes that join another platform account to a player: only a
-- SHA-256 of the code is kept; a code is deleted when used.
CREATE TABLE link_codes (
    code_hash   TEXT    PRIMARY KEY,
    player_id   BIGINT  NOT NULL REFERENCES players(id) ON DELETE CASCADE,
    expires_at  BIGINT  NOT NULL,
    created_at  BIGINT  NOT NULL
);
CREATE INDEX link_codes_player ON link_codes(player_id);

-- Event settings beside the regulation: round-robin cycles (1 or 2) and
-- the arbiters' channel.
CREATE TABLE event_settings (
    event_id          BIGINT  PRIMARY KEY REFERENCES events(id) ON DELETE CASCADE,
    cycles            BIGINT  NOT NULL DEFAULT 1,
    arbiter_platform  TEXT,
    arbiter_chat_id   TEXT
);
