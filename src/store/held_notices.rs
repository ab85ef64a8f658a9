//! Public notices of a game's moves held back by the event's public delay
//! (`public-delay=N`): kept as they were written when their move was
//! played, and moved to the outbox, in the order they were held, once the
//! game has gone N moves further or has ended.

use chrono::{DateTime, Utc};
use serde_json::Value;

use super::sql::args;
use super::{GameId, NoticeRecipient, StoreResult, Tx};

impl Tx {
    /// Holds `payload` (a notice of `kind` to `recipient`) about `game`'s
    /// half-move `ply` back from the outbox.
    pub async fn hold_thread_notice(
        &mut self,
        (game, ply): (GameId, i64),
        recipient: &NoticeRecipient,
        (kind, payload): (&str, &Value),
        at: DateTime<Utc>,
    ) -> StoreResult<()> {
        let sql = "INSERT INTO held_thread_notices \
                   (game_id, ply, recipient, kind, payload, created_at) \
                   VALUES ($1, $2, $3, $4, $5, $6)";
        let args = args![game, ply, recipient.key(), kind, payload, at];
        self.execute(sql, args).await?;
        Ok(())
    }

    /// Queues `game`'s held notices about half-moves up to `upto` (all of
    /// them when `None`) to the outbox at `at`, in the order they were
    /// held; returns how many.
    pub async fn release_thread_notices(
        &mut self,
        game: GameId,
        upto: Option<i64>,
        at: DateTime<Utc>,
    ) -> StoreResult<u64> {
        let upto = upto.unwrap_or(i64::MAX);
        let queue = "INSERT INTO outbox (recipient, kind, payload, next_attempt_at, created_at) \
                     SELECT recipient, kind, payload, $3, $3 FROM held_thread_notices \
                     WHERE game_id = $1 AND ply <= $2 ORDER BY id";
        let released = self.execute(queue, args![game, upto, at]).await?;
        if released > 0 {
            let forget = "DELETE FROM held_thread_notices WHERE game_id = $1 AND ply <= $2";
            self.execute(forget, args![game, upto]).await?;
            self.wrote_notice = true;
        }
        Ok(released)
    }
}
