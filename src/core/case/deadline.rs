//! The deadlines of arbitration: appeals (R2.1.6), objections to an overstep
//! claim (R2.6.4), internet absences (R3.1.5), and when the bot opens a case
//! by itself (R2.5.1–R2.5.3, R3.3.2, R3.4.3).
//!
//! **Counting "within N days".** The day something is received is day 0;
//! days 1 … N follow as calendar days in the event's zone (R3.5.6: UTC, or
//! the zone the regulation names), and the whole of day N is still inside
//! the window, up to 23:59 local. The window closes at 00:00 local of day
//! N + 1: a ruling received on 1 March may be appealed up to 15 March
//! inclusive, and not on 16 March (day 15). Across a change to or from
//! daylight saving the window is a day of 23 or 25 hours longer or shorter:
//! the dates count, not the hours.

use chrono::{DateTime, Datelike, Days, Months, TimeDelta, Utc};
use chrono_tz::Tz;
use serde::{Deserialize, Serialize};

/// Days to appeal an arbiter's ruling (R2.1.6).
pub const APPEAL_DAYS: u64 = 14;
/// Days to object to an overstep claim (R2.6.4).
pub const OBJECTION_DAYS: u64 = 7;
/// Days an absence of internet access may last before withdrawal (R3.1.5).
pub const ABSENCE_DAYS: i64 = 30;

/// The instant a "within `days` days of `from`" window closes: 00:00 in
/// `zone` of calendar day `days + 1` after `from`'s day in `zone` (see the
/// module documentation).
pub fn window_closes(from: DateTime<Utc>, days: u64, zone: Tz) -> DateTime<Utc> {
    let day = from
        .with_timezone(&zone)
        .date_naive()
        .checked_add_days(Days::new(days + 1))
        .expect("dates stay within chrono's range");
    crate::core::leave::midnight(day, zone)
}

/// Why an appeal is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
pub enum AppealError {
    /// The 14 days are over (R2.1.6); `closed_at` is when the window closed.
    #[error("the appeal window closed at {closed_at}")]
    WindowClosed {
        /// 00:00 (the event's zone) of day 15 after receipt.
        closed_at: DateTime<Utc>,
    },
    /// The appeals committee has decided: its decision is final (R2.1.6).
    #[error("the appeals committee's decision is final")]
    DecisionFinal,
}

/// The instant the appeal window against a ruling received at `received_at`
/// closes (R2.1.6): the first instant at which an appeal is refused.
pub fn appeal_deadline(received_at: DateTime<Utc>, zone: Tz) -> DateTime<Utc> {
    window_closes(received_at, APPEAL_DAYS, zone)
}

/// May a party who received the ruling at `received_at` appeal at `now`
/// (R2.1.6)? Day 14 after receipt (in `zone`) is allowed, day 15 refused.
pub fn may_appeal(
    now: DateTime<Utc>,
    received_at: DateTime<Utc>,
    zone: Tz,
) -> Result<(), AppealError> {
    let closed_at = appeal_deadline(received_at, zone);
    if now >= closed_at {
        return Err(AppealError::WindowClosed { closed_at });
    }
    Ok(())
}

/// Why an objection to an overstep claim is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
pub enum ObjectionError {
    /// The 7 days are over (R2.6.4).
    #[error("the objection window closed at {closed_at}")]
    WindowClosed {
        /// 00:00 (the event's zone) of day 8 after the notice.
        closed_at: DateTime<Utc>,
    },
}

/// The instant the window to object to an overstep claim closes, for a
/// player told of the claim at `notified_at` (R2.6.4).
pub fn objection_deadline(notified_at: DateTime<Utc>, zone: Tz) -> DateTime<Utc> {
    window_closes(notified_at, OBJECTION_DAYS, zone)
}

/// May a player told of an overstep claim at `notified_at` object at `now`
/// (R2.6.4)? Days counted in `zone`.
pub fn may_object(
    now: DateTime<Utc>,
    notified_at: DateTime<Utc>,
    zone: Tz,
) -> Result<(), ObjectionError> {
    let closed_at = objection_deadline(notified_at, zone);
    if now >= closed_at {
        return Err(ObjectionError::WindowClosed { closed_at });
    }
    Ok(())
}

/// One absence of internet access (R3.1.5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Absence {
    /// When the player told the arbiter the access was lost.
    pub start: DateTime<Utc>,
    /// When the player is withdrawn if not back: `start` + 30 days.
    pub withdrawal_at: DateTime<Utc>,
    /// When the player came back, if they did.
    pub returned_at: Option<DateTime<Utc>>,
}

impl Absence {
    /// When the absence ended or will end at the latest.
    pub fn end(&self) -> DateTime<Utc> {
        self.returned_at
            .unwrap_or(self.withdrawal_at)
            .min(self.withdrawal_at)
    }

    /// True if at `now` the player has not come back within 30 days and is
    /// to be withdrawn from the event, whatever the reason (R3.1.5).
    pub fn withdrawal_due(&self, now: DateTime<Utc>) -> bool {
        now >= self.withdrawal_at
            && self
                .returned_at
                .is_none_or(|back| back >= self.withdrawal_at)
    }
}

/// Why an absence was refused (R3.1.5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
pub enum AbsenceError {
    /// The player already had an absence starting in this calendar year.
    #[error("an absence already started in {year}, at {earlier_start}")]
    SecondInYear {
        /// The calendar year (UTC).
        year: i32,
        /// When the earlier absence started.
        earlier_start: DateTime<Utc>,
    },
    /// An earlier absence is still running at `start`.
    #[error("the absence that started at {earlier_start} is still running")]
    StillAbsent {
        /// When the running absence started.
        earlier_start: DateTime<Utc>,
    },
}

/// Registers an absence of internet access starting at `start`, given the
/// player's earlier absences: at most one absence a calendar year (counted
/// by the year it starts in, UTC), and the withdrawal instant `start` + 30
/// days (R3.1.5). A refusal is what the bot's case
/// [`super::CaseKind::SecondInternetAbsence`] brings to the arbiter.
pub fn register_absence(
    history: &[Absence],
    start: DateTime<Utc>,
) -> Result<Absence, AbsenceError> {
    if let Some(running) = history.iter().find(|a| a.start <= start && start < a.end()) {
        return Err(AbsenceError::StillAbsent {
            earlier_start: running.start,
        });
    }
    if let Some(earlier) = history.iter().find(|a| a.start.year() == start.year()) {
        return Err(AbsenceError::SecondInYear {
            year: start.year(),
            earlier_start: earlier.start,
        });
    }
    Ok(Absence {
        start,
        withdrawal_at: start + TimeDelta::days(ABSENCE_DAYS),
        returned_at: None,
    })
}

/// When the bot opens a case of its own, counted from `since`:
///
/// * [`super::CaseKind::FortyDaysSilence`]: the last move received plus 40
///   days without a move or a notice of continuing (R3.3.2);
/// * [`super::CaseKind::ArbiterRequestUnanswered`]: the arbiter's request
///   plus 20 days (R3.4.3; the player must also have been active in that
///   time: see [`arbiter_request_case_due`]);
/// * [`super::CaseKind::InternetAbsenceOverdue`]: the absence's start, + 30
///   days (R3.1.5);
/// * [`super::CaseKind::PostalSilence`]: the move sent, + 20 + 20 days
///   (R2.5.1; the repeat goes out at 20);
/// * [`super::CaseKind::MissingFirstMove`]: the event's start, + 20 days
///   (R2.5.2);
/// * [`super::CaseKind::TwoMonthsWithoutMove`]: the last move, + 2 calendar
///   months (R2.5.3).
///
/// `None` for the kinds a person opens, and for those opened at once.
pub fn bot_case_due(kind: super::CaseKind, since: DateTime<Utc>) -> Option<DateTime<Utc>> {
    use super::CaseKind as Kind;
    let days = |n: i64| Some(since + TimeDelta::days(n));
    match kind {
        Kind::FortyDaysSilence => days(40),
        Kind::ArbiterRequestUnanswered => days(20),
        Kind::InternetAbsenceOverdue => days(ABSENCE_DAYS),
        Kind::PostalSilence => days(40),
        Kind::MissingFirstMove => days(20),
        Kind::TwoMonthsWithoutMove => since.checked_add_months(Months::new(2)),
        _ => None,
    }
}

/// True if at `now` a request the arbiter sent at `requested_at` has gone
/// unanswered for more than 20 days by a player who was present on the
/// server after the request (`last_seen`), so the player may be excluded
/// (R3.4.3).
pub fn arbiter_request_case_due(
    requested_at: DateTime<Utc>,
    answered: bool,
    last_seen: Option<DateTime<Utc>>,
    now: DateTime<Utc>,
) -> bool {
    let present = last_seen.is_some_and(|seen| seen >= requested_at);
    !answered && present && now > requested_at + TimeDelta::days(20)
}
