-- R2.7.1: a postal leave is one leave in all the player's postal games,
-- stored once (event_id NULL, postal TRUE) and counted in every postal
-- event the player plays in, and in no server event.
ALTER TABLE leaves ADD COLUMN postal BOOLEAN NOT NULL DEFAULT FALSE;

-- R2.4.7: days of a card's reply not counted as thinking time (at most 3),
-- spent telling the partner that their move was impossible or illegible,
-- or repeating one's own move already sent in answer to a repeated move.
ALTER TABLE postal_cards ADD COLUMN exempt_days BIGINT NOT NULL DEFAULT 0;
