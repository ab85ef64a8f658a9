-- Ratings as ICCF computes them (issue 40).
-- events.rating_formula: the event's formula, 'iccf' or 'elo'; NULL for
-- the events from before, which were rated with Elo and stay so.
ALTER TABLE events ADD COLUMN rating_formula TEXT;

-- The formula each rating change was computed with: every change from
-- before is Elo's.
ALTER TABLE rating_changes ADD COLUMN formula TEXT NOT NULL DEFAULT 'elo';

-- An imported starting rating (a player's ICCF or national rating, typed
-- by an administrator with its source): the rating of the player's first
-- rated game instead of 1500, kept through every recomputation.
ALTER TABLE ratings ADD COLUMN seed BIGINT;
ALTER TABLE ratings ADD COLUMN seed_source TEXT;

-- Published rating lists: one a day at most (list_date, YYYY-MM-DD in
-- UTC), with the numbers as they stood when published; later games never
-- change them.
CREATE TABLE rating_lists (
    id            INTEGER PRIMARY KEY,
    list_date     TEXT    NOT NULL UNIQUE,
    published_at  BIGINT  NOT NULL,
    published_by  BIGINT  NOT NULL REFERENCES players(id)
);

CREATE TABLE rating_list_lines (
    list_id    BIGINT  NOT NULL REFERENCES rating_lists(id) ON DELETE CASCADE,
    player_id  BIGINT  NOT NULL REFERENCES players(id) ON DELETE CASCADE,
    rating     BIGINT  NOT NULL,
    games      BIGINT  NOT NULL,
    PRIMARY KEY (list_id, player_id)
);
