-- Postal play (R2): the dates of each move and the variants sent with moves
-- (the same SQL on both backends but the id columns).
-- Instants are BIGINT Unix milliseconds (UTC).

-- Each move of a postal game: when the move it answers was received (its
-- own delivery instant, the postmark, is moves.received_at) and whether it
-- is an uncharged move of a variant (R2.4.4, R2.4.8).
CREATE TABLE postal_plies (
    game_id      BIGINT  NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    ply          BIGINT  NOT NULL,
    received_at  BIGINT  NOT NULL,
    continuation BOOLEAN NOT NULL DEFAULT FALSE,
    PRIMARY KEY (game_id, ply)
);

-- Variants sent with a move (R2.3.7): the proposed moves in UCI, space
-- separated (partner, reply, partner, reply …), after the move of ply
-- `ply`. Open until the partner answers; then `accepted` pairs.
CREATE TABLE postal_variants (
    id           INTEGER PRIMARY KEY,
    game_id      BIGINT  NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    ply          BIGINT  NOT NULL,
    proposer_id  BIGINT  NOT NULL REFERENCES players(id),
    moves        TEXT    NOT NULL,
    status       TEXT    NOT NULL CHECK (status IN ('open', 'answered')),
    accepted     BIGINT  NOT NULL DEFAULT 0,
    made_at      BIGINT  NOT NULL
);
CREATE INDEX postal_variants_game ON postal_variants(game_id);

-- The cards of a game played by real post or e-mail (R2.2), as the players
-- entered them: the move of ply `ply`, the dates written, postmarked,
-- on the registered-mail receipt and of receipt (TEXT YYYY-MM-DD; the
-- postmarks comma separated), and whether the partner's last move was
-- repeated right or wrong (NULL: nothing to repeat).
CREATE TABLE postal_cards (
    game_id     BIGINT  NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    ply         BIGINT  NOT NULL,
    written     TEXT,
    postmarks   TEXT    NOT NULL DEFAULT '',
    receipt     TEXT,
    received    TEXT,
    repetition  TEXT    CHECK (repetition IN ('right', 'wrong')),
    entered_at  BIGINT  NOT NULL,
    PRIMARY KEY (game_id, ply)
);

-- Overstep claims (R2.6.2): the claimant's next move, held by the arbiter
-- and not passed on until the claim is rejected (R2.6.7); the game is
-- suspended meanwhile (R2.6.6).
CREATE TABLE postal_claims (
    game_id      BIGINT  NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    case_id      BIGINT  NOT NULL REFERENCES cases(id) ON DELETE CASCADE,
    claimant_id  BIGINT  NOT NULL REFERENCES players(id),
    uci          TEXT    NOT NULL,
    text         TEXT    NOT NULL,
    made_at      BIGINT  NOT NULL,
    status       TEXT    NOT NULL CHECK (status IN ('pending', 'delivered')),
    PRIMARY KEY (game_id, case_id)
);
