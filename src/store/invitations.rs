//! Invitations to an event (table `invitations`): the hash of a random
//! token that enters its holder in the event while entries are open.

use chrono::{DateTime, Utc};

use super::ids::{EventId, PlayerId};
use super::sql::{RowExt, args};
use super::{StoreResult, Tx};

impl Tx {
    /// Stores an invitation to `event` by `by`, as its token's hash.
    pub async fn create_invitation(
        &mut self,
        token_hash: &str,
        event: EventId,
        by: PlayerId,
        now: DateTime<Utc>,
    ) -> StoreResult<()> {
        let sql = "INSERT INTO invitations (token_hash, event_id, created_by, created_at) \
                   VALUES ($1, $2, $3, $4)";
        self.execute(sql, args![token_hash, event, by, now]).await?;
        Ok(())
    }

    /// The event an invitation token (by its hash) enters, if it is known
    /// and not revoked.
    pub async fn invitation_event(&mut self, token_hash: &str) -> StoreResult<Option<EventId>> {
        let sql = "SELECT event_id FROM invitations WHERE token_hash = $1";
        self.fetch_optional(sql, args![token_hash], |row: &dyn RowExt| {
            Ok(EventId(row.int("event_id")?))
        })
        .await
    }

    /// Revokes every invitation to `event`; returns how many there were.
    pub async fn revoke_invitations(&mut self, event: EventId) -> StoreResult<u64> {
        let sql = "DELETE FROM invitations WHERE event_id = $1";
        self.execute(sql, args![event]).await
    }
}
