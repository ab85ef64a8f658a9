//! Players' private calendar feeds (table `calendar_feeds`, `/calendar`):
//! the hash of a random token that opens one player's feed of deadlines.
//! One feed a player: storing a new one replaces the old in one statement.

use chrono::{DateTime, Utc};

use super::ids::PlayerId;
use super::sql::{RowExt, args};
use super::{StoreResult, Tx};

impl Tx {
    /// Makes `token_hash` the only feed of `player`: the old one, if any,
    /// stops opening at once (one upsert, so two processes cannot leave
    /// two feeds).
    pub async fn set_calendar_feed(
        &mut self,
        player: PlayerId,
        token_hash: &str,
        now: DateTime<Utc>,
    ) -> StoreResult<()> {
        let sql = "INSERT INTO calendar_feeds (player_id, token_hash, created_at) \
                   VALUES ($1, $2, $3) ON CONFLICT (player_id) \
                   DO UPDATE SET token_hash = excluded.token_hash, created_at = excluded.created_at";
        self.execute(sql, args![player, token_hash, now]).await?;
        Ok(())
    }

    /// Revokes `player`'s feed; whether there was one.
    pub async fn revoke_calendar_feed(&mut self, player: PlayerId) -> StoreResult<bool> {
        let sql = "DELETE FROM calendar_feeds WHERE player_id = $1";
        Ok(self.execute(sql, args![player]).await? > 0)
    }

    /// The player whose feed the token (by its hash) opens, if any.
    pub async fn calendar_feed_player(
        &mut self,
        token_hash: &str,
    ) -> StoreResult<Option<PlayerId>> {
        let sql = "SELECT player_id FROM calendar_feeds WHERE token_hash = $1";
        self.fetch_optional(sql, args![token_hash], |row: &dyn RowExt| {
            Ok(PlayerId(row.int("player_id")?))
        })
        .await
    }
}
