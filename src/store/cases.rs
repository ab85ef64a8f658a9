//! Arbitration: cases, their notes, rulings and appeals.

use chrono::{DateTime, Utc};
use serde_json::Value;

use super::sql::{RowExt, RowRead, args};
use super::{StoreError, StoreResult, Tx, model::*};

fn case_row(row: &dyn RowExt) -> StoreResult<Case> {
    Ok(Case {
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

fn ruling_row(row: &dyn RowExt) -> StoreResult<Ruling> {
    Ok(Ruling {
        id: RulingId(row.int("id")?),
        case_id: CaseId(row.int("case_id")?),
        arbiter_id: PlayerId(row.int("arbiter_id")?),
        decision: row.json("decision")?,
        reasons: row.text("reasons")?,
        ruled_at: row.at("ruled_at")?,
    })
}

fn appeal_row(row: &dyn RowExt) -> StoreResult<Appeal> {
    Ok(Appeal {
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
    pub async fn open_case(&mut self, new: &NewCase) -> StoreResult<Case> {
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
    pub async fn case(&mut self, id: CaseId) -> StoreResult<Case> {
        let sql = "SELECT id, kind, event_id, game_id, opened_by, respondent_id, status, \
                   details, opened_at, closed_at FROM cases WHERE id = $1";
        let case = self.fetch_optional(sql, args![id], case_row).await?;
        case.ok_or(StoreError::NotFound {
            what: "case",
            id: id.0,
        })
    }

    /// The cases of an event that are not closed, oldest first.
    pub async fn open_cases_of(&mut self, event: EventId) -> StoreResult<Vec<Case>> {
        let sql = "SELECT id, kind, event_id, game_id, opened_by, respondent_id, status, \
                   details, opened_at, closed_at FROM cases \
                   WHERE event_id = $1 AND status <> 'closed' ORDER BY id";
        self.fetch_all(sql, args![event], case_row).await
    }

    /// Every case of an event, closed ones too, oldest first (the audit).
    pub async fn cases_of_event(&mut self, event: EventId) -> StoreResult<Vec<Case>> {
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
        match self.execute(sql, args![id, status.as_str(), at]).await? {
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
        self.fetch_all(sql, args![case], |row| {
            Ok(CaseNote {
                id: CaseNoteId(row.int("id")?),
                case_id: CaseId(row.int("case_id")?),
                author_id: row.opt_int("author_id")?.map(PlayerId),
                text: row.text("text")?,
                written_at: row.at("written_at")?,
            })
        })
        .await
    }

    /// Records an arbiter's ruling and marks the case ruled.
    pub async fn record_ruling(
        &mut self,
        case: CaseId,
        arbiter: PlayerId,
        decision: &Value,
        reasons: &str,
        at: DateTime<Utc>,
    ) -> StoreResult<Ruling> {
        let sql = "INSERT INTO rulings (case_id, arbiter_id, decision, reasons, ruled_at) \
                   VALUES ($1, $2, $3, $4, $5) RETURNING id";
        let args = args![case, arbiter, decision, reasons, at];
        let id = RulingId(self.insert_returning_id("ruling", sql, args).await?);
        self.set_case_status(case, CaseStatus::Ruled, at).await?;
        Ok(Ruling {
            id,
            case_id: case,
            arbiter_id: arbiter,
            decision: decision.clone(),
            reasons: reasons.to_owned(),
            ruled_at: at,
        })
    }

    /// A case's rulings, in order.
    pub async fn rulings(&mut self, case: CaseId) -> StoreResult<Vec<Ruling>> {
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
    ) -> StoreResult<Appeal> {
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
    pub async fn appeal(&mut self, id: AppealId) -> StoreResult<Appeal> {
        let sql = "SELECT id, ruling_id, appellant_id, grounds, status, decision, decided_by, \
                   filed_at, decided_at FROM appeals WHERE id = $1";
        let appeal = self.fetch_optional(sql, args![id], appeal_row).await?;
        appeal.ok_or(StoreError::NotFound {
            what: "appeal",
            id: id.0,
        })
    }

    /// The appeals against a ruling, in order.
    pub async fn appeals_of_ruling(&mut self, ruling: RulingId) -> StoreResult<Vec<Appeal>> {
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
        let args = args![id, status.as_str(), decision, by, at];
        Ok(self.execute(sql, args).await? == 1)
    }
}
