-- The touch board's per-player request budget (issue [touch]): the
-- requests a player made in the current window, counted here so that
-- every process on one database spends one budget. A row is one player's
-- window; a request in a newer window starts it again. Not dumped: a
-- restored database starts with full budgets.
CREATE TABLE touch_budget (
    player_id     BIGINT  PRIMARY KEY,
    window_start  BIGINT  NOT NULL,
    used          BIGINT  NOT NULL
);
