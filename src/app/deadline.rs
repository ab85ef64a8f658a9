//! The app's deadlines as one typed value, [`Due`], and their stored form.
//!
//! The store keeps a deadline as a `kind` text and a JSON `payload`; this
//! module is the one place that maps the two ways: [`Due::deadline`] when a
//! deadline is set, [`Due::of`] when it falls due. The kind strings and the
//! payload keys are those the rows have always had, so databases, dumps and
//! transcripts written before are read the same. A row whose kind is unknown
//! or whose payload does not fit its kind is an error naming the row: a
//! deadline dropped in silence may be a loss on time never scored (R3.5.7).

use anyhow::{Context, anyhow};
use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::store::{CaseId, Deadline, NewDeadline, RequestId};

/// What a deadline of the app means when it falls due.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Due {
    /// A deadline of a game, stale once the game has moved past `ply` or
    /// ended.
    Game {
        /// The game's ply when the deadline was set.
        ply: i64,
        /// What falls due.
        due: GameDue,
    },
    /// An arbiter's request unanswered for 20 days (R3.4.3).
    RequestUnanswered {
        /// The request.
        request: RequestId,
    },
    /// An absence of internet access past its 30 days (R3.1.5).
    AbsenceOverdue {
        /// The absence.
        absence: i64,
    },
    /// The player's daily digest of the games to move.
    Digest,
}

/// What falls due in a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum GameDue {
    /// A reminder to the player to move (R3.3.1), `days` into the move.
    Reminder {
        /// The days of the reminder.
        days: i64,
    },
    /// The notice that the player must say they continue (R3.3.2).
    ContinuationDue {
        /// The days without a move.
        days: i64,
    },
    /// The 40-day silence case (R3.3.2).
    SilenceCase {
        /// The days without a move.
        days: i64,
    },
    /// The player to move runs out of time and loses (R3.5.7).
    LossOnTime {
        /// Always 0 (kept as the rows have it).
        days: i64,
    },
    /// A deadline of a postal game (R2.5, R2.6, R2.7).
    Postal(PostalDue),
}

/// What falls due in a postal game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum PostalDue {
    /// The move is repeated to the silent partner (R2.5.1).
    Repeat {
        /// The date the silence is counted from.
        since: NaiveDate,
    },
    /// The silence is reported to the arbiter (R2.5.1).
    Report {
        /// The date the silence is counted from.
        since: NaiveDate,
    },
    /// White's first move is missing (R2.5.2).
    FirstMove {
        /// The date the silence is counted from.
        since: NaiveDate,
    },
    /// Two months without a move (R2.5.3).
    TwoMonths {
        /// The date the silence is counted from.
        since: NaiveDate,
    },
    /// The 7 days to object to a claim are over (R2.6.4).
    Objection {
        /// The claim's case number.
        case: CaseId,
    },
    /// The leave notice is repeated at the leave's start (R2.7.3).
    LeaveRepeat {
        /// The leave's first day, as shown.
        from: String,
        /// The leave's last day, as shown.
        until: String,
    },
}

/// The stored form: one variant per kind string, its fields the payload's
/// keys. Nothing outside this module sees it.
#[derive(Serialize, Deserialize)]
#[serde(tag = "kind", content = "payload")]
enum Wire {
    #[serde(rename = "reminder")]
    Reminder { ply: i64, days: i64 },
    #[serde(rename = "continuation_due")]
    ContinuationDue { ply: i64, days: i64 },
    #[serde(rename = "silence_case")]
    SilenceCase { ply: i64, days: i64 },
    #[serde(rename = "loss_on_time")]
    LossOnTime { ply: i64, days: i64 },
    #[serde(rename = "postal_repeat")]
    PostalRepeat { ply: i64, since: NaiveDate },
    #[serde(rename = "postal_report")]
    PostalReport { ply: i64, since: NaiveDate },
    #[serde(rename = "postal_first_move")]
    PostalFirstMove { ply: i64, since: NaiveDate },
    #[serde(rename = "postal_two_months")]
    PostalTwoMonths { ply: i64, since: NaiveDate },
    #[serde(rename = "postal_objection")]
    PostalObjection { ply: i64, case: CaseId },
    #[serde(rename = "postal_leave_repeat")]
    PostalLeaveRepeat {
        ply: i64,
        from: String,
        until: String,
    },
    #[serde(rename = "request_unanswered")]
    RequestUnanswered { request: RequestId },
    #[serde(rename = "absence_overdue")]
    AbsenceOverdue { absence: i64 },
    #[serde(rename = "digest")]
    Digest {},
}

impl Due {
    /// The deadline due at `due_at`, its kind and payload set; the caller
    /// adds the key and what it concerns.
    pub(crate) fn deadline(self, due_at: DateTime<Utc>) -> anyhow::Result<NewDeadline> {
        let (kind, payload) = self.into_parts()?;
        Ok(NewDeadline {
            due_at,
            kind,
            payload,
            ..NewDeadline::default()
        })
    }

    /// The meaning of a stored deadline; an error naming the row's id and
    /// kind if the kind is unknown or the payload does not fit it.
    pub(crate) fn of(deadline: &Deadline) -> anyhow::Result<Self> {
        Self::from_parts(&deadline.kind, &deadline.payload).with_context(|| {
            format!(
                "deadline {} of kind {:?} cannot be handled",
                deadline.id, deadline.kind
            )
        })
    }

    /// The stored kind and payload.
    pub(crate) fn into_parts(self) -> anyhow::Result<(String, Value)> {
        let stored = serde_json::to_value(Wire::from(self))?;
        let kind = stored.get("kind").and_then(Value::as_str);
        let payload = stored.get("payload");
        match (kind, payload) {
            (Some(kind), Some(payload)) => Ok((kind.to_owned(), payload.clone())),
            _ => Err(anyhow!("a deadline encoded as {stored}")),
        }
    }

    /// The deadline of a stored kind and payload.
    pub(crate) fn from_parts(kind: &str, payload: &Value) -> anyhow::Result<Self> {
        let stored = json!({ "kind": kind, "payload": payload });
        Ok(serde_json::from_value::<Wire>(stored)?.into())
    }
}

impl From<Due> for Wire {
    fn from(due: Due) -> Self {
        match due {
            Due::Game { ply, due } => game_wire(ply, due),
            Due::RequestUnanswered { request } => Wire::RequestUnanswered { request },
            Due::AbsenceOverdue { absence } => Wire::AbsenceOverdue { absence },
            Due::Digest => Wire::Digest {},
        }
    }
}

fn game_wire(ply: i64, due: GameDue) -> Wire {
    match due {
        GameDue::Reminder { days } => Wire::Reminder { ply, days },
        GameDue::ContinuationDue { days } => Wire::ContinuationDue { ply, days },
        GameDue::SilenceCase { days } => Wire::SilenceCase { ply, days },
        GameDue::LossOnTime { days } => Wire::LossOnTime { ply, days },
        GameDue::Postal(PostalDue::Repeat { since }) => Wire::PostalRepeat { ply, since },
        GameDue::Postal(PostalDue::Report { since }) => Wire::PostalReport { ply, since },
        GameDue::Postal(PostalDue::FirstMove { since }) => Wire::PostalFirstMove { ply, since },
        GameDue::Postal(PostalDue::TwoMonths { since }) => Wire::PostalTwoMonths { ply, since },
        GameDue::Postal(PostalDue::Objection { case }) => Wire::PostalObjection { ply, case },
        GameDue::Postal(PostalDue::LeaveRepeat { from, until }) => {
            Wire::PostalLeaveRepeat { ply, from, until }
        }
    }
}

impl From<Wire> for Due {
    fn from(wire: Wire) -> Self {
        let game = |ply, due| Due::Game { ply, due };
        let postal = |ply, due| Due::Game {
            ply,
            due: GameDue::Postal(due),
        };
        match wire {
            Wire::Reminder { ply, days } => game(ply, GameDue::Reminder { days }),
            Wire::ContinuationDue { ply, days } => game(ply, GameDue::ContinuationDue { days }),
            Wire::SilenceCase { ply, days } => game(ply, GameDue::SilenceCase { days }),
            Wire::LossOnTime { ply, days } => game(ply, GameDue::LossOnTime { days }),
            Wire::PostalRepeat { ply, since } => postal(ply, PostalDue::Repeat { since }),
            Wire::PostalReport { ply, since } => postal(ply, PostalDue::Report { since }),
            Wire::PostalFirstMove { ply, since } => postal(ply, PostalDue::FirstMove { since }),
            Wire::PostalTwoMonths { ply, since } => postal(ply, PostalDue::TwoMonths { since }),
            Wire::PostalObjection { ply, case } => postal(ply, PostalDue::Objection { case }),
            Wire::PostalLeaveRepeat { ply, from, until } => {
                postal(ply, PostalDue::LeaveRepeat { from, until })
            }
            Wire::RequestUnanswered { request } => Due::RequestUnanswered { request },
            Wire::AbsenceOverdue { absence } => Due::AbsenceOverdue { absence },
            Wire::Digest {} => Due::Digest,
        }
    }
}

#[cfg(test)]
mod tests;
