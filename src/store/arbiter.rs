//! The arbiter's desk beside the cases: clock adjustments and penalty days,
//! sanctions, the arbiter's requests (R3.4.3) and absences of internet
//! access (R3.1.5).

use chrono::{DateTime, Utc};
use serde_json::Value;

use super::cases::{CaseRecord, CaseStatus};
use super::ids::{CaseId, EventId, GameId, PlayerId, RequestId};
use super::players::Platform;
use super::sql::{Record, RowExt, args, text_enum};
use super::{StoreError, StoreResult, Tx};

text_enum! {
    /// A sanction's kind (R2.1.5).
    SanctionKind {
        /// A warning.
        Warning = "warning",
        /// Exclusion from the event.
        Exclusion = "exclusion",
        /// Disqualification: exclusion, and no later events.
        Disqualification = "disqualification",
    }
}

/// Days the arbiter added to one player's time in a game (penalty > 0, given
/// back < 0), by a ruling in a case.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClockAdjustment {
    /// Whose time.
    pub player: PlayerId,
    /// The days.
    pub days: i64,
    /// The case whose ruling made it.
    pub case: CaseId,
    /// When.
    pub made_at: DateTime<Utc>,
}

/// An arbiter's request to a player and its answer (R3.4.3).
#[derive(Clone, Debug, PartialEq)]
pub struct ArbiterRequest {
    /// Key (the number players answer by).
    pub id: RequestId,
    /// The event.
    pub event_id: EventId,
    /// The player asked.
    pub player_id: PlayerId,
    /// The arbiter who asked.
    pub arbiter_id: PlayerId,
    /// The request.
    pub text: String,
    /// When it was sent.
    pub sent_at: DateTime<Utc>,
    /// The answer, once given.
    pub answer: Option<String>,
}

/// An absence of internet access as stored (R3.1.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StoredAbsence {
    /// Key.
    pub id: i64,
    /// When the access was lost (reported).
    pub starts_at: DateTime<Utc>,
    /// When the player came back.
    pub returned_at: Option<DateTime<Utc>>,
}

fn request_row(row: &dyn RowExt) -> StoreResult<ArbiterRequest> {
    let row = Record::new(row, "arbiter_requests")?;
    Ok(ArbiterRequest {
        id: RequestId(row.int("id")?),
        event_id: EventId(row.int("event_id")?),
        player_id: PlayerId(row.int("player_id")?),
        arbiter_id: PlayerId(row.int("arbiter_id")?),
        text: row.text("text")?,
        sent_at: row.at("sent_at")?,
        answer: row.opt_text("answer")?,
    })
}

impl Tx {
    /// Stores a case's state and details; closing it records `at`.
    pub async fn save_case(
        &mut self,
        id: CaseId,
        status: CaseStatus,
        details: &Value,
        at: DateTime<Utc>,
    ) -> StoreResult<()> {
        let sql = "UPDATE cases SET status = $2, details = $3, \
                   closed_at = CASE WHEN $2 = 'closed' THEN $4 ELSE NULL END WHERE id = $1";
        match self.execute(sql, args![id, status, details, at]).await? {
            0 => Err(StoreError::NotFound {
                what: "case",
                id: id.0,
            }),
            _ => Ok(()),
        }
    }

    /// The cases `player` opened or answers, newest first.
    pub async fn cases_involving(&mut self, player: PlayerId) -> StoreResult<Vec<CaseRecord>> {
        let sql = "SELECT id FROM cases WHERE opened_by = $1 OR respondent_id = $1 \
                   ORDER BY id DESC";
        let ids = self
            .fetch_all(sql, args![player], |row| Ok(CaseId(row.int("id")?)))
            .await?;
        let mut cases = Vec::with_capacity(ids.len());
        for id in ids {
            cases.push(self.case(id).await?);
        }
        Ok(cases)
    }

    /// Records `days` on `player`'s time in `game` (penalty > 0, given back < 0).
    pub async fn add_clock_adjustment(
        &mut self,
        game: GameId,
        player: PlayerId,
        days: i64,
        case: CaseId,
        at: DateTime<Utc>,
    ) -> StoreResult<()> {
        let sql = "INSERT INTO clock_adjustments (game_id, player_id, days, case_id, made_at) \
                   VALUES ($1, $2, $3, $4, $5)";
        self.execute(sql, args![game, player, days, case, at])
            .await?;
        Ok(())
    }

    /// The days the arbiter added to `player`'s time in `game`, in all.
    pub async fn clock_adjustment(&mut self, game: GameId, player: PlayerId) -> StoreResult<i64> {
        let sql = "SELECT CAST(COALESCE(SUM(days), 0) AS BIGINT) AS days FROM clock_adjustments \
                   WHERE game_id = $1 AND player_id = $2";
        let days = self
            .fetch_optional(sql, args![game, player], |row| row.int("days"))
            .await?;
        Ok(days.unwrap_or(0))
    }

    /// The days the arbiter added to (or gave back from) the players' time in
    /// `game`, one by one, in the order they were made (R2.4.2, R2.4.9).
    pub async fn clock_adjustments_of(
        &mut self,
        game: GameId,
    ) -> StoreResult<Vec<ClockAdjustment>> {
        let sql = "SELECT id, player_id, days, case_id, made_at FROM clock_adjustments \
                   WHERE game_id = $1 ORDER BY made_at, id";
        self.fetch_all(sql, args![game], |row| {
            let row = Record::new(row, "clock_adjustments")?;
            Ok(ClockAdjustment {
                player: PlayerId(row.int("player_id")?),
                days: row.int("days")?,
                case: CaseId(row.int("case_id")?),
                made_at: row.at("made_at")?,
            })
        })
        .await
    }

    /// Records a sanction.
    pub async fn add_sanction(
        &mut self,
        player: PlayerId,
        event: EventId,
        kind: SanctionKind,
        case: CaseId,
        at: DateTime<Utc>,
    ) -> StoreResult<()> {
        let sql = "INSERT INTO sanctions (player_id, event_id, kind, case_id, made_at) \
                   VALUES ($1, $2, $3, $4, $5)";
        self.execute(sql, args![player, event, kind, case, at])
            .await?;
        Ok(())
    }

    /// Whether `player` holds a sanction of `kind` not revoked.
    pub async fn has_sanction(
        &mut self,
        player: PlayerId,
        kind: SanctionKind,
    ) -> StoreResult<bool> {
        let sql = "SELECT COUNT(*) AS n FROM sanctions \
                   WHERE player_id = $1 AND kind = $2 AND revoked_at IS NULL";
        let n = self
            .fetch_optional(sql, args![player, kind], |row| row.int("n"))
            .await?;
        Ok(n.unwrap_or(0) > 0)
    }

    /// Revokes what a case's ruling did to clocks, sanctions and extra leave
    /// (the committee replaced it, R2.1.6).
    pub async fn revoke_measures_of_case(
        &mut self,
        case: CaseId,
        at: DateTime<Utc>,
    ) -> StoreResult<()> {
        self.execute(
            "DELETE FROM clock_adjustments WHERE case_id = $1",
            args![case],
        )
        .await?;
        let sql = "UPDATE sanctions SET revoked_at = $2 WHERE case_id = $1 AND revoked_at IS NULL";
        self.execute(sql, args![case, at]).await?;
        Ok(())
    }

    /// Sends an arbiter's request to a player.
    pub async fn create_request(
        &mut self,
        event: EventId,
        player: PlayerId,
        arbiter: PlayerId,
        text: &str,
        at: DateTime<Utc>,
    ) -> StoreResult<ArbiterRequest> {
        let sql = "INSERT INTO arbiter_requests (event_id, player_id, arbiter_id, text, sent_at) \
                   VALUES ($1, $2, $3, $4, $5) RETURNING id";
        let args = args![event, player, arbiter, text, at];
        let id = self.insert_returning_id("request", sql, args).await?;
        self.request(RequestId(id)).await
    }

    /// The request, or [`StoreError::NotFound`].
    pub async fn request(&mut self, id: RequestId) -> StoreResult<ArbiterRequest> {
        let sql = "SELECT id, event_id, player_id, arbiter_id, text, sent_at, answer \
                   FROM arbiter_requests WHERE id = $1";
        let found = self.fetch_optional(sql, args![id], request_row).await?;
        found.ok_or(StoreError::NotFound {
            what: "request",
            id: id.0,
        })
    }

    /// Records the answer to a request; `false` if it was answered already.
    pub async fn answer_request(
        &mut self,
        id: RequestId,
        answer: &str,
        at: DateTime<Utc>,
    ) -> StoreResult<bool> {
        let sql = "UPDATE arbiter_requests SET answer = $2, answered_at = $3 \
                   WHERE id = $1 AND answer IS NULL";
        Ok(self.execute(sql, args![id, answer, at]).await? == 1)
    }

    /// A player's absences of internet access, oldest first.
    pub async fn absences_of(&mut self, player: PlayerId) -> StoreResult<Vec<StoredAbsence>> {
        let sql = "SELECT id, starts_at, returned_at FROM absences WHERE player_id = $1 \
                   ORDER BY starts_at";
        self.fetch_all(sql, args![player], |row| {
            let row = Record::new(row, "absences")?;
            Ok(StoredAbsence {
                id: row.int("id")?,
                starts_at: row.at("starts_at")?,
                returned_at: row.opt_at("returned_at")?,
            })
        })
        .await
    }

    /// Records an absence of internet access (R3.1.5);
    /// [`super::Conflict::Duplicate`] if the player already has an open one
    /// (the unique index on open absences).
    pub async fn add_absence(
        &mut self,
        player: PlayerId,
        reported_by: PlayerId,
        at: DateTime<Utc>,
    ) -> StoreResult<i64> {
        let sql = "INSERT INTO absences (player_id, reported_by, starts_at) \
                   VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING id";
        self.insert_returning_id("absence", sql, args![player, reported_by, at])
            .await
    }

    /// Ends a player's running absence at `at`; `false` if none was running.
    pub async fn end_absence(&mut self, player: PlayerId, at: DateTime<Utc>) -> StoreResult<bool> {
        let sql = "UPDATE absences SET returned_at = $2 \
                   WHERE player_id = $1 AND returned_at IS NULL";
        Ok(self.execute(sql, args![player, at]).await? > 0)
    }

    /// The language a chat's notices are written in, if one was set.
    pub async fn chat_language(
        &mut self,
        platform: Platform,
        chat_id: &str,
    ) -> StoreResult<Option<String>> {
        let sql = "SELECT language FROM chat_settings WHERE platform = $1 AND chat_id = $2";
        self.fetch_optional(sql, args![platform.as_str(), chat_id], |row| {
            row.text("language")
        })
        .await
    }

    /// Sets the language of a chat's notices.
    pub async fn set_chat_language(
        &mut self,
        platform: Platform,
        chat_id: &str,
        language: &str,
    ) -> StoreResult<()> {
        let sql = "INSERT INTO chat_settings (platform, chat_id, language) VALUES ($1, $2, $3) \
                   ON CONFLICT (platform, chat_id) DO UPDATE SET language = excluded.language";
        self.execute(sql, args![platform.as_str(), chat_id, language])
            .await?;
        Ok(())
    }
}
