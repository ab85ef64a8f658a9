-- corrbot schema, SQLite flavour. Keep in step with migrations/postgres/.
-- Every instant is an INTEGER of Unix milliseconds (UTC); every JSON value is TEXT.

CREATE TABLE players (
    id            INTEGER PRIMARY KEY,
    display_name  TEXT    NOT NULL,
    language      TEXT    NOT NULL DEFAULT 'uk',
    notation      TEXT    NOT NULL DEFAULT 'ukrainian',
    contact       TEXT,
    created_at    BIGINT  NOT NULL
);

CREATE TABLE accounts (
    id               INTEGER PRIMARY KEY,
    player_id        BIGINT  NOT NULL REFERENCES players(id) ON DELETE CASCADE,
    platform         TEXT    NOT NULL,
    platform_user_id TEXT    NOT NULL,
    username         TEXT,
    dm_chat_id       TEXT,
    linked_at        BIGINT  NOT NULL,
    UNIQUE (platform, platform_user_id)
);
CREATE INDEX accounts_player ON accounts(player_id);

CREATE TABLE events (
    id          INTEGER PRIMARY KEY,
    name        TEXT    NOT NULL,
    rule_set    TEXT    NOT NULL CHECK (rule_set IN ('server', 'postal')),
    regulation  TEXT    NOT NULL,
    status      TEXT    NOT NULL DEFAULT 'draft',
    is_team     BOOLEAN NOT NULL DEFAULT FALSE,
    starts_at   BIGINT,
    ended_at    BIGINT,
    created_at  BIGINT  NOT NULL
);

CREATE TABLE roles (
    id          INTEGER PRIMARY KEY,
    player_id   BIGINT  NOT NULL REFERENCES players(id) ON DELETE CASCADE,
    role        TEXT    NOT NULL,
    event_id    BIGINT  REFERENCES events(id) ON DELETE CASCADE,
    granted_at  BIGINT  NOT NULL
);
CREATE UNIQUE INDEX roles_unique ON roles(player_id, role, COALESCE(event_id, 0));

CREATE TABLE teams (
    id          INTEGER PRIMARY KEY,
    event_id    BIGINT  NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    name        TEXT    NOT NULL,
    captain_id  BIGINT  REFERENCES players(id),
    UNIQUE (event_id, name)
);

CREATE TABLE team_members (
    team_id     BIGINT  NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
    player_id   BIGINT  NOT NULL REFERENCES players(id),
    board       BIGINT  NOT NULL,
    PRIMARY KEY (team_id, player_id)
);

CREATE TABLE entries (
    event_id    BIGINT  NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    player_id   BIGINT  NOT NULL REFERENCES players(id),
    team_id     BIGINT  REFERENCES teams(id),
    status      TEXT    NOT NULL DEFAULT 'active',
    joined_at   BIGINT  NOT NULL,
    PRIMARY KEY (event_id, player_id)
);
CREATE INDEX entries_player ON entries(player_id);

CREATE TABLE games (
    id           INTEGER PRIMARY KEY,
    event_id     BIGINT  NOT NULL REFERENCES events(id),
    round        BIGINT  NOT NULL DEFAULT 1,
    board        BIGINT,
    white_id     BIGINT  NOT NULL REFERENCES players(id),
    black_id     BIGINT  NOT NULL REFERENCES players(id),
    status       TEXT    NOT NULL DEFAULT 'pending',
    result       TEXT,
    result_reason TEXT,
    initial_fen  TEXT,
    fen          TEXT    NOT NULL,
    ply          BIGINT  NOT NULL DEFAULT 0,
    version      BIGINT  NOT NULL DEFAULT 0,
    clock        TEXT    NOT NULL DEFAULT '{}',
    turn_since   BIGINT,
    started_at   BIGINT,
    finished_at  BIGINT
);
CREATE INDEX games_event ON games(event_id);
CREATE INDEX games_white ON games(white_id);
CREATE INDEX games_black ON games(black_id);

CREATE TABLE moves (
    game_id      BIGINT  NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    ply          BIGINT  NOT NULL,
    uci          TEXT    NOT NULL,
    text         TEXT    NOT NULL,
    received_at  BIGINT  NOT NULL,
    sent_at      BIGINT,
    charged_days BIGINT  NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, ply)
);

CREATE TABLE leaves (
    id          INTEGER PRIMARY KEY,
    player_id   BIGINT  NOT NULL REFERENCES players(id),
    event_id    BIGINT  REFERENCES events(id),
    starts_at   BIGINT  NOT NULL,
    ends_at     BIGINT  NOT NULL,
    status      TEXT    NOT NULL DEFAULT 'planned',
    extra       BOOLEAN NOT NULL DEFAULT FALSE,
    granted_by  BIGINT  REFERENCES players(id),
    created_at  BIGINT  NOT NULL
);
CREATE INDEX leaves_player ON leaves(player_id, starts_at);

CREATE TABLE cases (
    id            INTEGER PRIMARY KEY,
    kind          TEXT    NOT NULL,
    event_id      BIGINT  NOT NULL REFERENCES events(id),
    game_id       BIGINT  REFERENCES games(id),
    opened_by     BIGINT  REFERENCES players(id),
    respondent_id BIGINT  REFERENCES players(id),
    status        TEXT    NOT NULL DEFAULT 'open',
    details       TEXT    NOT NULL DEFAULT '{}',
    opened_at     BIGINT  NOT NULL,
    closed_at     BIGINT
);
CREATE INDEX cases_event ON cases(event_id, status);
CREATE INDEX cases_game ON cases(game_id);

CREATE TABLE case_notes (
    id          INTEGER PRIMARY KEY,
    case_id     BIGINT  NOT NULL REFERENCES cases(id) ON DELETE CASCADE,
    author_id   BIGINT  REFERENCES players(id),
    text        TEXT    NOT NULL,
    written_at  BIGINT  NOT NULL
);
CREATE INDEX case_notes_case ON case_notes(case_id, id);

CREATE TABLE rulings (
    id          INTEGER PRIMARY KEY,
    case_id     BIGINT  NOT NULL REFERENCES cases(id) ON DELETE CASCADE,
    arbiter_id  BIGINT  NOT NULL REFERENCES players(id),
    decision    TEXT    NOT NULL,
    reasons     TEXT    NOT NULL,
    ruled_at    BIGINT  NOT NULL
);
CREATE INDEX rulings_case ON rulings(case_id);

CREATE TABLE appeals (
    id           INTEGER PRIMARY KEY,
    ruling_id    BIGINT  NOT NULL REFERENCES rulings(id) ON DELETE CASCADE,
    appellant_id BIGINT  NOT NULL REFERENCES players(id),
    grounds      TEXT    NOT NULL,
    status       TEXT    NOT NULL DEFAULT 'pending',
    decision     TEXT,
    decided_by   BIGINT  REFERENCES players(id),
    filed_at     BIGINT  NOT NULL,
    decided_at   BIGINT
);
CREATE INDEX appeals_ruling ON appeals(ruling_id);

CREATE TABLE outbox (
    id              INTEGER PRIMARY KEY,
    recipient       TEXT    NOT NULL,
    kind            TEXT    NOT NULL,
    payload         TEXT    NOT NULL,
    status          TEXT    NOT NULL DEFAULT 'pending'
                    CHECK (status IN ('pending', 'delivered', 'parked')),
    attempts        BIGINT  NOT NULL DEFAULT 0,
    next_attempt_at BIGINT  NOT NULL,
    claimed_until   BIGINT,
    last_error      TEXT,
    created_at      BIGINT  NOT NULL,
    delivered_at    BIGINT
);
CREATE INDEX outbox_pending_recipient ON outbox(recipient, id) WHERE status = 'pending';
CREATE INDEX outbox_pending_due ON outbox(next_attempt_at, id) WHERE status = 'pending';

CREATE TABLE deadlines (
    id          INTEGER PRIMARY KEY,
    due_at      BIGINT  NOT NULL,
    kind        TEXT    NOT NULL,
    key         TEXT    UNIQUE,
    game_id     BIGINT,
    event_id    BIGINT,
    case_id     BIGINT,
    player_id   BIGINT,
    payload     TEXT    NOT NULL DEFAULT '{}',
    attempts    BIGINT  NOT NULL DEFAULT 0,
    last_error  TEXT,
    created_at  BIGINT  NOT NULL
);
CREATE INDEX deadlines_due ON deadlines(due_at, id);
CREATE INDEX deadlines_game ON deadlines(game_id);

CREATE TABLE inbound (
    platform     TEXT    NOT NULL,
    update_id    TEXT    NOT NULL,
    response     TEXT,
    processed_at BIGINT  NOT NULL,
    PRIMARY KEY (platform, update_id)
);

CREATE TABLE audit_log (
    id          INTEGER PRIMARY KEY,
    at          BIGINT  NOT NULL,
    actor_id    BIGINT,
    action      TEXT    NOT NULL,
    event_id    BIGINT,
    game_id     BIGINT,
    case_id     BIGINT,
    details     TEXT    NOT NULL DEFAULT '{}'
);
CREATE INDEX audit_log_game ON audit_log(game_id);
