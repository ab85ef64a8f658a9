//! Removals from an event (table `event_removals`): who the organizer took
//! out with `/event remove`, so that they do not enter again until
//! `/event readmit` undoes it.

use chrono::{DateTime, Utc};

use super::ids::{EventId, PlayerId};
use super::sql::{RowExt, args};
use super::{StoreResult, Tx};

impl Tx {
    /// Records that `by` removed `player` from `event` (again, if so).
    pub async fn record_removal(
        &mut self,
        event: EventId,
        player: PlayerId,
        by: PlayerId,
        at: DateTime<Utc>,
    ) -> StoreResult<()> {
        let sql = "INSERT INTO event_removals (event_id, player_id, removed_by, removed_at) \
                   VALUES ($1, $2, $3, $4) ON CONFLICT (event_id, player_id) DO UPDATE SET \
                   removed_by = excluded.removed_by, removed_at = excluded.removed_at";
        self.execute(sql, args![event, player, by, at]).await?;
        Ok(())
    }

    /// Who removed `player` from `event`, if the removal stands.
    pub async fn removed_by(
        &mut self,
        event: EventId,
        player: PlayerId,
    ) -> StoreResult<Option<PlayerId>> {
        let sql = "SELECT removed_by FROM event_removals WHERE event_id = $1 AND player_id = $2";
        self.fetch_optional(sql, args![event, player], |row: &dyn RowExt| {
            Ok(PlayerId(row.int("removed_by")?))
        })
        .await
    }

    /// Undoes the removal of `player` from `event`; `false` if there was
    /// none.
    pub async fn undo_removal(&mut self, event: EventId, player: PlayerId) -> StoreResult<bool> {
        let sql = "DELETE FROM event_removals WHERE event_id = $1 AND player_id = $2";
        Ok(self.execute(sql, args![event, player]).await? > 0)
    }
}
