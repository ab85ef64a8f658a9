//! The audit log: who did what, when, to which event, game or case.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::ids::{AuditId, CaseId, EventId, GameId, PlayerId};
use super::sql::{Record, RowExt, args};
use super::{StoreResult, Tx};

/// An entry of the audit log.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AuditEntry {
    /// When.
    pub at: DateTime<Utc>,
    /// Who acted; `None` for the bot.
    pub actor_id: Option<PlayerId>,
    /// What was done.
    pub action: String,
    /// Event.
    pub event_id: Option<EventId>,
    /// Game.
    pub game_id: Option<GameId>,
    /// Case.
    pub case_id: Option<CaseId>,
    /// Details, as JSON.
    pub details: Value,
}

fn audit_row(row: &dyn RowExt) -> StoreResult<AuditEntry> {
    let row = Record::new(row, "audit_log")?;
    Ok(AuditEntry {
        at: row.at("at")?,
        actor_id: row.opt_int("actor_id")?.map(PlayerId),
        action: row.text("action")?,
        event_id: row.opt_int("event_id")?.map(EventId),
        game_id: row.opt_int("game_id")?.map(GameId),
        case_id: row.opt_int("case_id")?.map(CaseId),
        details: row.json("details")?,
    })
}

impl Tx {
    /// Appends to the audit log.
    pub async fn audit(&mut self, entry: &AuditEntry) -> StoreResult<AuditId> {
        let sql = concat!(
            "INSERT INTO audit_log (at, actor_id, action, event_id, game_id, case_id, details) ",
            "VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id"
        );
        let args = args![
            entry.at,
            entry.actor_id,
            &entry.action,
            entry.event_id,
            entry.game_id,
            entry.case_id,
            &entry.details
        ];
        Ok(AuditId(
            self.insert_returning_id("audit entry", sql, args).await?,
        ))
    }

    /// The audit log of a game, oldest first.
    pub async fn audit_of_game(&mut self, game: GameId) -> StoreResult<Vec<AuditEntry>> {
        let sql = "SELECT id, at, actor_id, action, event_id, game_id, case_id, details \
                   FROM audit_log WHERE game_id = $1 ORDER BY id";
        self.fetch_all(sql, args![game], audit_row).await
    }
}
