//! Leave changes beyond registering and state: cutting a running leave short.

use chrono::{DateTime, Utc};

use super::sql::args;
use super::{StoreError, StoreResult, Tx, model::*};

impl Tx {
    /// Ends a leave at `end` with state `status` (a running leave cut short,
    /// R3.6: the player's time runs again from then).
    pub async fn set_leave_end(
        &mut self,
        id: LeaveId,
        end: DateTime<Utc>,
        status: LeaveStatus,
    ) -> StoreResult<()> {
        let sql = "UPDATE leaves SET ends_at = $2, status = $3 WHERE id = $1";
        match self.execute(sql, args![id, end, status.as_str()]).await? {
            0 => Err(StoreError::NotFound {
                what: "leave",
                id: id.0,
            }),
            _ => Ok(()),
        }
    }
}
