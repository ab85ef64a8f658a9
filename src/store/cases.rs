//! Arbitration: cases, their notes, rulings and appeals.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::ids::{AppealId, CaseId, CaseNoteId, EventId, GameId, PlayerId, RulingId};
use super::sql::{Record, RowExt, args, json_arg, text_enum};
use super::{StoreError, StoreResult, Tx};
use crate::core::case::Ruling;

text_enum! {
    /// The state of an arbitration case.
    CaseStatus {
        /// Waiting for the arbiter.
        Open = "open",
        /// Ruled on; the appeal window may be open.
        Ruled = "ruled",
        /// Under appeal.
        Appealed = "appealed",
        /// Final.
        Closed = "closed",
    }
}

text_enum! {
    /// The state of an appeal.
    AppealStatus {
        /// Before the committee.
        Pending = "pending",
        /// The ruling stands.
        Dismissed = "dismissed",
        /// The ruling is changed.
        Upheld = "upheld",
    }
}

/// An arbitration case as stored: a dispute, a claim (R2.6.2), a silence
/// (R2.5.1, R3.3.2) or absence (R3.1.5) report.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CaseRecord {
    /// Key.
    pub id: CaseId,
    /// What kind ("dispute", "overstep_claim", "silence", …), owned by the app.
    pub kind: String,
    /// The event.
    pub event_id: EventId,
    /// The game, if one.
    pub game_id: Option<GameId>,
    /// Who opened it; `None` when the bot did.
    pub opened_by: Option<PlayerId>,
    /// The other party.
    pub respondent_id: Option<PlayerId>,
    /// State.
    pub status: CaseStatus,
    /// Details as JSON, shaped by the app (the case's state machine and
    /// the desk's context).
    pub details: Value,
    /// Opened.
    pub opened_at: DateTime<Utc>,
    /// Closed.
    pub closed_at: Option<DateTime<Utc>>,
}

/// What it takes to open a case.
#[derive(Clone, Debug)]
pub struct NewCaseRecord {
    /// Kind.
    pub kind: String,
    /// The event.
    pub event_id: EventId,
    /// The game.
    pub game_id: Option<GameId>,
    /// Opened by.
    pub opened_by: Option<PlayerId>,
    /// The other party.
    pub respondent_id: Option<PlayerId>,
    /// Details.
    pub details: Value,
    /// Now.
    pub at: DateTime<Utc>,
}

/// A note (statement, evidence, message) in a case.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CaseNote {
    /// Key.
    pub id: CaseNoteId,
    /// The case.
    pub case_id: CaseId,
    /// Author; `None` for the bot.
    pub author_id: Option<PlayerId>,
    /// Text.
    pub text: String,
    /// When.
    pub written_at: DateTime<Utc>,
}

/// An arbiter's ruling, as stored.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RulingRecord {
    /// Key.
    pub id: RulingId,
    /// The case.
    pub case_id: CaseId,
    /// The arbiter.
    pub arbiter_id: PlayerId,
    /// The decision: its measures (a score, penalty days, a warning …).
    pub decision: Vec<Ruling>,
    /// Reasons (R2.1.4).
    pub reasons: String,
    /// When.
    pub ruled_at: DateTime<Utc>,
}

/// An appeal to the appeals committee (R2.1.6), as stored.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AppealRecord {
    /// Key.
    pub id: AppealId,
    /// The ruling appealed.
    pub ruling_id: RulingId,
    /// Who appeals.
    pub appellant_id: PlayerId,
    /// Grounds.
    pub grounds: String,
    /// State.
    pub status: AppealStatus,
    /// The committee's decision (final), as written.
    pub decision: Option<String>,
    /// Who decided.
    pub decided_by: Option<PlayerId>,
    /// Filed.
    pub filed_at: DateTime<Utc>,
    /// Decided.
    pub decided_at: Option<DateTime<Utc>>,
}

pub(super) fn case_row(row: &dyn RowExt) -> StoreResult<CaseRecord> {
    let row = Record::new(row, "cases")?;
    Ok(CaseRecord {
        id: CaseId(row.int("id")?),
        kind: row.text("kind")?,
        event_id: EventId(row.int("event_id")?),
        game_id: row.opt_int("game_id")?.map(GameId),
        opened_by: row.opt_int("opened_by")?.map(PlayerId),
        respondent_id: row.opt_int("respondent_id")?.map(PlayerId),
        status: row.enumerated("status", CaseStatus::parse)?,
        details: row.json("details")?,
        opened_at: row.at("opened_at")?,
        closed_at: row.opt_at("closed_at")?,
    })
}

fn note_row(row: &dyn RowExt) -> StoreResult<CaseNote> {
    let row = Record::new(row, "case_notes")?;
    Ok(CaseNote {
        id: CaseNoteId(row.int("id")?),
        case_id: CaseId(row.int("case_id")?),
        author_id: row.opt_int("author_id")?.map(PlayerId),
        text: row.text("text")?,
        written_at: row.at("written_at")?,
    })
}

fn ruling_row(row: &dyn RowExt) -> StoreResult<RulingRecord> {
    let row = Record::new(row, "rulings")?;
    Ok(RulingRecord {
        id: RulingId(row.int("id")?),
        case_id: CaseId(row.int("case_id")?),
        arbiter_id: PlayerId(row.int("arbiter_id")?),
        decision: row.json("decision")?,
        reasons: row.text("reasons")?,
        ruled_at: row.at("ruled_at")?,
    })
}

fn appeal_row(row: &dyn RowExt) -> StoreResult<AppealRecord> {
    let row = Record::new(row, "appeals")?;
    Ok(AppealRecord {
        id: AppealId(row.int("id")?),
        ruling_id: RulingId(row.int("ruling_id")?),
        appellant_id: PlayerId(row.int("appellant_id")?),
        grounds: row.text("grounds")?,
        status: row.enumerated("status", AppealStatus::parse)?,
        decision: row.opt_text("decision")?,
        decided_by: row.opt_int("decided_by")?.map(PlayerId),
        filed_at: row.at("filed_at")?,
        decided_at: row.opt_at("decided_at")?,
    })
}

impl Tx {
    /// Opens a case.
    pub async fn open_case(&mut self, new: &NewCaseRecord) -> StoreResult<CaseRecord> {
        let sql = "INSERT INTO cases (kind, event_id, game_id, opened_by, respondent_id, details, \
                   opened_at) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id";
        let args = args![
            &new.kind,
            new.event_id,
            new.game_id,
            new.opened_by,
            new.respondent_id,
            &new.details,
            new.at
        ];
        let id = CaseId(self.insert_returning_id("case", sql, args).await?);
        self.case(id).await
    }

    /// The case, or [`StoreError::NotFound`].
    pub async fn case(&mut self, id: CaseId) -> StoreResult<CaseRecord> {
        let sql = "SELECT id, kind, event_id, game_id, opened_by, respondent_id, status, \
                   details, opened_at, closed_at FROM cases WHERE id = $1";
        let case = self.fetch_optional(sql, args![id], case_row).await?;
        case.ok_or(StoreError::NotFound {
            what: "case",
            id: id.0,
        })
    }

    /// The cases of an event that are not closed, oldest first.
    pub async fn open_cases_of(&mut self, event: EventId) -> StoreResult<Vec<CaseRecord>> {
        let sql = "SELECT id, kind, event_id, game_id, opened_by, respondent_id, status, \
                   details, opened_at, closed_at FROM cases \
                   WHERE event_id = $1 AND status <> 'closed' ORDER BY id";
        self.fetch_all(sql, args![event], case_row).await
    }

    /// Every case of an event, closed ones too, oldest first (the audit).
    pub async fn cases_of_event(&mut self, event: EventId) -> StoreResult<Vec<CaseRecord>> {
        let sql = "SELECT id, kind, event_id, game_id, opened_by, respondent_id, status, \
                   details, opened_at, closed_at FROM cases WHERE event_id = $1 ORDER BY id";
        self.fetch_all(sql, args![event], case_row).await
    }

    /// Moves a case to `status`; closing it records `at`.
    pub async fn set_case_status(
        &mut self,
        id: CaseId,
        status: CaseStatus,
        at: DateTime<Utc>,
    ) -> StoreResult<()> {
        let sql = "UPDATE cases SET status = $2, \
                   closed_at = CASE WHEN $2 = 'closed' THEN $3 ELSE closed_at END WHERE id = $1";
        match self.execute(sql, args![id, status, at]).await? {
            0 => Err(StoreError::NotFound {
                what: "case",
                id: id.0,
            }),
            _ => Ok(()),
        }
    }

    /// Adds a note (statement, evidence) to a case.
    pub async fn add_case_note(
        &mut self,
        case: CaseId,
        author: Option<PlayerId>,
        text: &str,
        at: DateTime<Utc>,
    ) -> StoreResult<CaseNoteId> {
        let sql = "INSERT INTO case_notes (case_id, author_id, text, written_at) \
                   VALUES ($1, $2, $3, $4) RETURNING id";
        let id = self
            .insert_returning_id("case note", sql, args![case, author, text, at])
            .await?;
        Ok(CaseNoteId(id))
    }

    /// A case's notes, in order.
    pub async fn case_notes(&mut self, case: CaseId) -> StoreResult<Vec<CaseNote>> {
        let sql = "SELECT id, case_id, author_id, text, written_at FROM case_notes \
                   WHERE case_id = $1 ORDER BY id";
        self.fetch_all(sql, args![case], note_row).await
    }

    /// Records an arbiter's ruling and marks the case ruled.
    pub async fn record_ruling(
        &mut self,
        case: CaseId,
        arbiter: PlayerId,
        decision: &[Ruling],
        reasons: &str,
        at: DateTime<Utc>,
    ) -> StoreResult<RulingRecord> {
        let sql = "INSERT INTO rulings (case_id, arbiter_id, decision, reasons, ruled_at) \
                   VALUES ($1, $2, $3, $4, $5) RETURNING id";
        let args = args![case, arbiter, json_arg("decision", &decision)?, reasons, at];
        let id = RulingId(self.insert_returning_id("ruling", sql, args).await?);
        self.set_case_status(case, CaseStatus::Ruled, at).await?;
        Ok(RulingRecord {
            id,
            case_id: case,
            arbiter_id: arbiter,
            decision: decision.to_vec(),
            reasons: reasons.to_owned(),
            ruled_at: at,
        })
    }

    /// A case's rulings, in order.
    pub async fn rulings(&mut self, case: CaseId) -> StoreResult<Vec<RulingRecord>> {
        let sql = "SELECT id, case_id, arbiter_id, decision, reasons, ruled_at FROM rulings \
                   WHERE case_id = $1 ORDER BY id";
        self.fetch_all(sql, args![case], ruling_row).await
    }

    /// Files an appeal against a ruling (R2.1.6) and marks the case appealed.
    /// Whether it is in time is the app's decision (the window's deadline).
    pub async fn file_appeal(
        &mut self,
        ruling: RulingId,
        appellant: PlayerId,
        grounds: &str,
        at: DateTime<Utc>,
    ) -> StoreResult<AppealRecord> {
        let sql = "INSERT INTO appeals (ruling_id, appellant_id, grounds, filed_at) \
                   VALUES ($1, $2, $3, $4) RETURNING id";
        let args = args![ruling, appellant, grounds, at];
        let id = AppealId(self.insert_returning_id("appeal", sql, args).await?);
        let sql = "UPDATE cases SET status = 'appealed' \
                   WHERE id = (SELECT case_id FROM rulings WHERE id = $1)";
        self.execute(sql, args![ruling]).await?;
        self.appeal(id).await
    }

    /// The appeal, or [`StoreError::NotFound`].
    pub async fn appeal(&mut self, id: AppealId) -> StoreResult<AppealRecord> {
        let sql = "SELECT id, ruling_id, appellant_id, grounds, status, decision, decided_by, \
                   filed_at, decided_at FROM appeals WHERE id = $1";
        let appeal = self.fetch_optional(sql, args![id], appeal_row).await?;
        appeal.ok_or(StoreError::NotFound {
            what: "appeal",
            id: id.0,
        })
    }

    /// The appeals against a ruling, in order.
    pub async fn appeals_of_ruling(&mut self, ruling: RulingId) -> StoreResult<Vec<AppealRecord>> {
        let sql = "SELECT id, ruling_id, appellant_id, grounds, status, decision, decided_by, \
                   filed_at, decided_at FROM appeals WHERE ruling_id = $1 ORDER BY id";
        self.fetch_all(sql, args![ruling], appeal_row).await
    }

    /// Records the committee's final decision on a pending appeal; `false`
    /// if it was already decided.
    pub async fn decide_appeal(
        &mut self,
        id: AppealId,
        status: AppealStatus,
        decision: &str,
        by: PlayerId,
        at: DateTime<Utc>,
    ) -> StoreResult<bool> {
        let sql = "UPDATE appeals SET status = $2, decision = $3, decided_by = $4, decided_at = $5 \
                   WHERE id = $1 AND status = 'pending'";
        let args = args![id, status, decision, by, at];
        Ok(self.execute(sql, args).await? == 1)
    }
}
