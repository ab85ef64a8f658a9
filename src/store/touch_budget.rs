//! The touch board's per-player request budget (`touch_budget`, migration
//! 0026, issue [touch]): how many requests a player made in the current
//! window, kept in the database so that every process serving the board
//! on one database spends one budget.
//!
//! One statement counts a request: it starts the player's window at `now`
//! when there is none or the last one is over, else adds one to it, and
//! returns the count. On PostgreSQL the upsert locks the player's row, so
//! two processes counting at once count twice, never once; on SQLite the
//! statement runs alone.

use chrono::{DateTime, Duration, Utc};

use super::sql::args;
use super::{PlayerId, StoreResult, Tx};

impl Tx {
    /// Counts one request of `player` at `now` in windows of `window`;
    /// returns how many the player has made in the current window, this
    /// one included.
    pub async fn count_touch_request(
        &mut self,
        player: PlayerId,
        now: DateTime<Utc>,
        window: Duration,
    ) -> StoreResult<i64> {
        let sql = concat!(
            "INSERT INTO touch_budget (player_id, window_start, used) VALUES ($1, $2, 1) ",
            "ON CONFLICT (player_id) DO UPDATE SET ",
            "used = CASE WHEN touch_budget.window_start <= $3 THEN 1 ",
            "ELSE touch_budget.used + 1 END, ",
            "window_start = CASE WHEN touch_budget.window_start <= $3 ",
            "THEN excluded.window_start ELSE touch_budget.window_start END ",
            "RETURNING used"
        );
        let over = now - window;
        self.fetch_one(sql, args![player, now, over], |row| row.int("used"))
            .await
    }
}
