//! Leaves (R2.7, R3.6): registering them, their state, and cutting a
//! running leave short.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use super::ids::{EventId, LeaveId, PlayerId};
use super::sql::{Record, RowExt, args, text_enum};
use super::{StoreError, StoreResult, Tx};

text_enum! {
    /// The state of a leave.
    LeaveStatus {
        /// Registered in advance (R3.6.2), not started.
        Planned = "planned",
        /// Running.
        Active = "active",
        /// Over.
        Ended = "ended",
        /// Withdrawn before it started.
        Cancelled = "cancelled",
    }
}

/// A leave (R2.7, R3.6), as stored.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LeaveRecord {
    /// Key.
    pub id: LeaveId,
    /// Who.
    pub player_id: PlayerId,
    /// In which event (server, R3.6.1), or `None` for all the player's events.
    pub event_id: Option<EventId>,
    /// A postal leave (R2.7.1): one leave in all the player's postal games,
    /// stored once with no event, counting in postal events only.
    pub postal: bool,
    /// Start.
    pub starts_at: DateTime<Utc>,
    /// End (exclusive).
    pub ends_at: DateTime<Utc>,
    /// State.
    pub status: LeaveStatus,
    /// Extra leave granted by the arbiter (R2.7.7, R3.6.3).
    pub extra: bool,
    /// Who granted it, when granted.
    pub granted_by: Option<PlayerId>,
    /// When registered.
    pub created_at: DateTime<Utc>,
}

/// What it takes to register a leave.
#[derive(Clone, Debug)]
pub struct NewLeave {
    /// Who.
    pub player_id: PlayerId,
    /// Which event, or all.
    pub event_id: Option<EventId>,
    /// A postal leave in all postal games (R2.7.1).
    pub postal: bool,
    /// Start.
    pub starts_at: DateTime<Utc>,
    /// End.
    pub ends_at: DateTime<Utc>,
    /// Extra leave.
    pub extra: bool,
    /// Who granted it.
    pub granted_by: Option<PlayerId>,
    /// Now.
    pub at: DateTime<Utc>,
}

pub(super) fn leave_row(row: &dyn RowExt) -> StoreResult<LeaveRecord> {
    let row = Record::new(row, "leaves")?;
    Ok(LeaveRecord {
        id: LeaveId(row.int("id")?),
        player_id: PlayerId(row.int("player_id")?),
        event_id: row.opt_int("event_id")?.map(EventId),
        postal: row.boolean("postal")?,
        starts_at: row.at("starts_at")?,
        ends_at: row.at("ends_at")?,
        status: row.enumerated("status", LeaveStatus::parse)?,
        extra: row.boolean("extra")?,
        granted_by: row.opt_int("granted_by")?.map(PlayerId),
        created_at: row.at("created_at")?,
    })
}

impl Tx {
    /// Registers a leave (R2.7, R3.6).
    pub async fn create_leave(&mut self, new: &NewLeave) -> StoreResult<LeaveRecord> {
        let sql = "INSERT INTO leaves (player_id, event_id, starts_at, ends_at, extra, granted_by, \
                   created_at, postal) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id";
        let args = args![
            new.player_id,
            new.event_id,
            new.starts_at,
            new.ends_at,
            new.extra,
            new.granted_by,
            new.at,
            new.postal
        ];
        let id = LeaveId(self.insert_returning_id("leave", sql, args).await?);
        let sql = "SELECT id, player_id, event_id, starts_at, ends_at, status, extra, granted_by, \
                   created_at, postal FROM leaves WHERE id = $1";
        self.fetch_one(sql, args![id], leave_row).await
    }

    /// A player's leaves overlapping `[from, to)`, by start.
    pub async fn leaves_of(
        &mut self,
        player: PlayerId,
        from: DateTime<Utc>,
        to: DateTime<Utc>,
    ) -> StoreResult<Vec<LeaveRecord>> {
        let sql = "SELECT id, player_id, event_id, starts_at, ends_at, status, extra, granted_by, \
                   created_at, postal FROM leaves WHERE player_id = $1 AND starts_at < $3 \
                   AND ends_at > $2 ORDER BY starts_at, id";
        self.fetch_all(sql, args![player, from, to], leave_row)
            .await
    }

    /// Sets a leave's state.
    pub async fn set_leave_status(&mut self, id: LeaveId, status: LeaveStatus) -> StoreResult<()> {
        let sql = "UPDATE leaves SET status = $2 WHERE id = $1";
        match self.execute(sql, args![id, status]).await? {
            0 => Err(StoreError::NotFound {
                what: "leave",
                id: id.0,
            }),
            _ => Ok(()),
        }
    }

    /// Ends a leave at `end` with state `status` (a running leave cut short,
    /// R3.6: the player's time runs again from then).
    pub async fn set_leave_end(
        &mut self,
        id: LeaveId,
        end: DateTime<Utc>,
        status: LeaveStatus,
    ) -> StoreResult<()> {
        let sql = "UPDATE leaves SET ends_at = $2, status = $3 WHERE id = $1";
        match self.execute(sql, args![id, end, status]).await? {
            0 => Err(StoreError::NotFound {
                what: "leave",
                id: id.0,
            }),
            _ => Ok(()),
        }
    }
}
