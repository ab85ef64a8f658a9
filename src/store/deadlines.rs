//! Deadlines: what the scheduler hands to the app when due.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::ids::{CaseId, DeadlineId, EventId, GameId, PlayerId};
use super::sql::{QueryArg, Record, RowExt, args};
use super::{Backend, StoreResult, Tx};

/// A deadline, handed to the app once when due.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Deadline {
    /// Key.
    pub id: DeadlineId,
    /// When it falls due.
    pub due_at: DateTime<Utc>,
    /// What it is ("reminder", "loss_on_time", "silence_case", "leave_start",
    /// "leave_end", "appeal_window_closing", …), owned by the app.
    pub kind: String,
    /// A unique key, so that setting it again replaces it (e.g. "game:7:time").
    pub key: Option<String>,
    /// The game concerned.
    pub game_id: Option<GameId>,
    /// The event concerned.
    pub event_id: Option<EventId>,
    /// The case concerned.
    pub case_id: Option<CaseId>,
    /// The player concerned.
    pub player_id: Option<PlayerId>,
    /// More data, as JSON.
    pub payload: Value,
    /// Failed attempts of the app to handle it.
    pub attempts: i64,
}

/// What it takes to set a deadline.
#[derive(Clone, Debug, Default)]
pub struct NewDeadline {
    /// When.
    pub due_at: DateTime<Utc>,
    /// What.
    pub kind: String,
    /// Replace-key.
    pub key: Option<String>,
    /// Game.
    pub game_id: Option<GameId>,
    /// Event.
    pub event_id: Option<EventId>,
    /// Case.
    pub case_id: Option<CaseId>,
    /// Player.
    pub player_id: Option<PlayerId>,
    /// More data.
    pub payload: Value,
}

fn deadline_row(row: &dyn RowExt) -> StoreResult<Deadline> {
    let row = Record::new(row, "deadlines")?;
    Ok(Deadline {
        id: DeadlineId(row.int("id")?),
        due_at: row.at("due_at")?,
        kind: row.text("kind")?,
        key: row.opt_text("key")?,
        game_id: row.opt_int("game_id")?.map(GameId),
        event_id: row.opt_int("event_id")?.map(EventId),
        case_id: row.opt_int("case_id")?.map(CaseId),
        player_id: row.opt_int("player_id")?.map(PlayerId),
        payload: row.json("payload")?,
        attempts: row.int("attempts")?,
    })
}

macro_rules! select_deadlines {
    ($rest:literal) => {
        concat!(
            "SELECT id, due_at, kind, key, game_id, event_id, case_id, player_id, payload, ",
            "attempts FROM deadlines ",
            $rest
        )
    };
}

/// The values of a deadline's row, in the column order of `INSERT INTO
/// deadlines (due_at, kind, key, game_id, event_id, case_id, player_id,
/// payload, created_at)`.
pub(super) fn deadline_values(new: &NewDeadline, at: DateTime<Utc>) -> Vec<QueryArg> {
    args![
        new.due_at,
        &new.kind,
        new.key.clone(),
        new.game_id,
        new.event_id,
        new.case_id,
        new.player_id,
        &new.payload,
        at
    ]
}

impl Tx {
    /// Sets a deadline; one with the same `key` is replaced. Committing wakes
    /// this process's scheduler.
    pub async fn set_deadline(
        &mut self,
        new: &NewDeadline,
        at: DateTime<Utc>,
    ) -> StoreResult<DeadlineId> {
        let sql = concat!(
            "INSERT INTO deadlines (due_at, kind, key, game_id, event_id, case_id, player_id, ",
            "payload, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ",
            "ON CONFLICT (key) DO UPDATE SET due_at = excluded.due_at, kind = excluded.kind, ",
            "game_id = excluded.game_id, event_id = excluded.event_id, ",
            "case_id = excluded.case_id, player_id = excluded.player_id, ",
            "payload = excluded.payload, attempts = 0, last_error = NULL, ",
            "created_at = excluded.created_at RETURNING id"
        );
        let args = deadline_values(new, at);
        let id = DeadlineId(self.insert_returning_id("deadline", sql, args).await?);
        self.wrote_deadline = true;
        Ok(id)
    }

    /// Cancels the deadline with this key; `true` if there was one.
    pub async fn cancel_deadline(&mut self, key: &str) -> StoreResult<bool> {
        Ok(self
            .execute("DELETE FROM deadlines WHERE key = $1", args![key])
            .await?
            > 0)
    }

    /// Cancels every deadline of a game (e.g. when it ends); returns how many.
    pub async fn cancel_deadlines_of_game(&mut self, game: GameId) -> StoreResult<u64> {
        self.execute("DELETE FROM deadlines WHERE game_id = $1", args![game])
            .await
    }

    /// The deadlines of a game, by due time.
    pub async fn deadlines_of_game(&mut self, game: GameId) -> StoreResult<Vec<Deadline>> {
        let sql = select_deadlines!("WHERE game_id = $1 ORDER BY due_at, id");
        self.fetch_all(sql, args![game], deadline_row).await
    }

    /// The earliest deadline's due time.
    pub async fn next_due_at(&mut self) -> StoreResult<Option<DateTime<Utc>>> {
        let sql = "SELECT id, due_at FROM deadlines ORDER BY due_at LIMIT 1";
        self.fetch_optional(sql, args![], |row| {
            Record::new(row, "deadlines")?.at("due_at")
        })
        .await
    }

    /// Claims up to `limit` deadlines due at `now`, earliest first, for this
    /// transaction. On PostgreSQL they are locked `FOR UPDATE SKIP LOCKED`,
    /// so concurrent schedulers claim disjoint items; the caller deletes each
    /// handled one with [`Tx::finish_deadline`] before committing.
    pub async fn claim_due(
        &mut self,
        now: DateTime<Utc>,
        limit: i64,
    ) -> StoreResult<Vec<Deadline>> {
        let sql = match self.backend() {
            Backend::Sqlite => select_deadlines!("WHERE due_at <= $1 ORDER BY due_at, id LIMIT $2"),
            Backend::Postgres => select_deadlines!(
                "WHERE due_at <= $1 ORDER BY due_at, id LIMIT $2 FOR UPDATE SKIP LOCKED"
            ),
        };
        self.fetch_all(sql, args![now, limit], deadline_row).await
    }

    /// Removes a handled deadline; `false` if it was already gone.
    pub async fn finish_deadline(&mut self, id: DeadlineId) -> StoreResult<bool> {
        Ok(self
            .execute("DELETE FROM deadlines WHERE id = $1", args![id])
            .await?
            == 1)
    }

    /// Puts off a deadline the app failed to handle, recording the error.
    pub async fn postpone_deadline(
        &mut self,
        id: DeadlineId,
        due_at: DateTime<Utc>,
        error: &str,
    ) -> StoreResult<()> {
        let sql = "UPDATE deadlines SET due_at = $2, attempts = attempts + 1, last_error = $3 \
                   WHERE id = $1";
        self.execute(sql, args![id, due_at, error]).await?;
        self.wrote_deadline = true;
        Ok(())
    }
}
