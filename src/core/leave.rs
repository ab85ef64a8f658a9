//! Leave: a player's registered breaks, during which the player's thinking
//! time stops (R3.5.5, R3.6, R2.7).
//!
//! A [`LeaveBook`] holds one player's leave in one scope: under server rules
//! one book per player *per event* (R3.6.1); under postal rules one book per
//! player *for all the player's postal games* (R2.7.1), so the caller keeps a
//! single book per player across postal games.
//!
//! Decisions:
//! * A leave is a half-open span of instants `[start, end)` whose length is a
//!   whole number of 24-hour days when registered.
//! * Each leave day is counted in the calendar year (in the regulation's zone)
//!   of the instant that day begins; so a leave across New Year counts in each
//!   year for its own days.
//! * Cutting a leave short ends it at that instant; a started day counts as a
//!   whole day against the allowance.
//! * Regular and extra leave have separate yearly allowances (45 and 15).

pub mod timeline;

use chrono::{DateTime, Datelike, Duration, NaiveDate, TimeZone, Utc};
use chrono_tz::Tz;
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::core::regulation::Regulation;
pub use timeline::{LeaveTimeline, Span};

/// One day of 24 hours.
const DAY: Duration = Duration::days(1);

/// No single leave is longer: two calendar years. Anything longer exceeds any
/// yearly allowance, and the bound keeps arithmetic on request sizes cheap.
pub const MAX_LEAVE_DAYS: u32 = 2 * 366;

fn check_length(days: u32) -> Result<(), LeaveError> {
    match days {
        0 => Err(LeaveError::ZeroDays),
        1..=MAX_LEAVE_DAYS => Ok(()),
        _ => Err(LeaveError::TooLong {
            days,
            max: MAX_LEAVE_DAYS,
        }),
    }
}

/// Regular leave (player's own) or extra leave (granted by the arbiter).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LeaveKind {
    /// Registered in advance by the player (R3.6.1, R3.6.2, R2.7.1).
    Regular,
    /// Granted by the arbiter, at most 15 days a year, and may start in the
    /// past (R3.6.3, R2.7.7).
    Extra,
}

/// The key of a leave within its book (the number of the store's `LeaveId`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct LeaveKey(pub u64);

/// One registered leave.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Leave {
    /// Its identifier in the book.
    pub id: LeaveKey,
    /// The instants it covers.
    pub span: Span,
    /// Regular or extra.
    pub kind: LeaveKind,
}

impl Leave {
    /// Whole days counted against the allowance (a started day counts).
    pub fn days(&self) -> u32 {
        days_ceil(counted_length(self.span))
    }
}

/// Why a leave operation was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum LeaveError {
    /// A leave of zero days.
    #[error("a leave must last at least one day")]
    ZeroDays,
    /// Longer than any allowance could permit (more than two years).
    #[error("a leave of {days} days is longer than the {max} days allowed")]
    TooLong {
        /// Days requested.
        days: u32,
        /// The longest leave the book accepts.
        max: u32,
    },
    /// A regular leave must be registered in advance (R3.6.2).
    #[error("a leave cannot start in the past ({start}, now {now})")]
    StartsInPast {
        /// The requested start.
        start: DateTime<Utc>,
        /// The present.
        now: DateTime<Utc>,
    },
    /// The leave would overlap another one.
    #[error("the leave overlaps leave {other:?}")]
    Overlaps {
        /// The leave it would overlap.
        other: LeaveKey,
    },
    /// The yearly allowance would be exceeded (R3.6.1, R3.6.3, R2.7.1).
    #[error("{requested} days of {kind:?} leave in {year}, only {remaining} left")]
    ExceedsYearlyAllowance {
        /// The calendar year concerned.
        year: i32,
        /// Regular or extra.
        kind: LeaveKind,
        /// Days requested in that year.
        requested: u32,
        /// Days still available in that year.
        remaining: u32,
    },
    /// No such leave in the book.
    #[error("no leave {0:?}")]
    Unknown(LeaveKey),
    /// Only a leave that has not started may be cancelled.
    #[error("leave {id:?} has already started; it can only be cut short")]
    AlreadyStarted {
        /// The leave.
        id: LeaveKey,
    },
    /// Only a running leave may be cut short.
    #[error("leave {id:?} has not started; cancel it instead")]
    NotStarted {
        /// The leave.
        id: LeaveKey,
    },
    /// The leave is over already.
    #[error("leave {id:?} is already over")]
    AlreadyEnded {
        /// The leave.
        id: LeaveKey,
    },
    /// A postal leave whose notice came after its last day (R2.7.6).
    #[error("the notice was sent after the leave ended")]
    NoticeAfterLeave,
    /// No moves during leave (R3.6.2).
    #[error("on leave until {until}: no moves in this event until then")]
    OnLeave {
        /// The leave.
        id: LeaveKey,
        /// When it ends.
        until: DateTime<Utc>,
    },
}

/// Yearly allowances and the zone whose calendar years count.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LeaveAllowance {
    /// Regular leave per calendar year (45).
    pub regular_days: u32,
    /// Extra leave per calendar year (15).
    pub extra_days: u32,
    /// The zone of calendar years and postal dates.
    pub zone: Tz,
}

impl LeaveAllowance {
    /// The allowances of a regulation.
    pub fn from_regulation(regulation: &Regulation) -> Self {
        Self {
            regular_days: regulation.leave_days_per_year,
            extra_days: regulation.extra_leave_days_per_year,
            zone: regulation.date_zone(),
        }
    }

    fn of(&self, kind: LeaveKind) -> u32 {
        match kind {
            LeaveKind::Regular => self.regular_days,
            LeaveKind::Extra => self.extra_days,
        }
    }
}

/// One player's leave in one scope (see the module doc).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LeaveBook {
    allowance: LeaveAllowance,
    leaves: Vec<Leave>,
    next_id: u64,
}

impl LeaveBook {
    /// An empty book with these allowances.
    pub fn new(allowance: LeaveAllowance) -> Self {
        Self {
            allowance,
            leaves: Vec::new(),
            next_id: 1,
        }
    }

    /// The leaves, ordered by start.
    pub fn leaves(&self) -> &[Leave] {
        &self.leaves
    }

    /// The leave as a timeline for the clock.
    pub fn timeline(&self) -> LeaveTimeline {
        LeaveTimeline::from_spans(self.leaves.iter().map(|l| l.span))
    }

    /// Registers `days` whole days of leave from `start`.
    ///
    /// Regular leave must not start in the past (R3.6.2); extra leave may
    /// (R3.6.3). Never overlapping another leave; within the yearly allowance
    /// of its kind (R3.6.1, R3.6.3, R2.7.1).
    pub fn register(
        &mut self,
        start: DateTime<Utc>,
        days: u32,
        kind: LeaveKind,
        now: DateTime<Utc>,
    ) -> Result<LeaveKey, LeaveError> {
        check_length(days)?;
        if kind == LeaveKind::Regular && start < now {
            return Err(LeaveError::StartsInPast { start, now });
        }
        let span = Span::new(start, start + Duration::days(i64::from(days)));
        self.insert(span, kind)
    }

    /// Registers a postal leave of `days` calendar days from `first_day`,
    /// announced on `notice_sent` (dates in the book's zone). A leave announced
    /// after it started counts from the notice (R2.7.6).
    pub fn register_postal(
        &mut self,
        first_day: NaiveDate,
        days: u32,
        kind: LeaveKind,
        notice_sent: NaiveDate,
    ) -> Result<LeaveKey, LeaveError> {
        check_length(days)?;
        let end_day = first_day + Duration::days(i64::from(days));
        let effective_first = first_day.max(notice_sent);
        if effective_first >= end_day {
            return Err(LeaveError::NoticeAfterLeave);
        }
        let span = Span::new(
            midnight(effective_first, self.allowance.zone),
            midnight(end_day, self.allowance.zone),
        );
        self.insert(span, kind)
    }

    fn insert(&mut self, span: Span, kind: LeaveKind) -> Result<LeaveKey, LeaveError> {
        if span.end <= span.start {
            return Err(LeaveError::ZeroDays);
        }
        if let Some(other) = self
            .leaves
            .iter()
            .find(|l| l.span.start < span.end && span.start < l.span.end)
        {
            return Err(LeaveError::Overlaps { other: other.id });
        }
        for (year, requested) in days_per_year(span, self.allowance.zone) {
            let used = self.days_in_year(year, kind);
            let remaining = self.allowance.of(kind).saturating_sub(used);
            if requested > remaining {
                return Err(LeaveError::ExceedsYearlyAllowance {
                    year,
                    kind,
                    requested,
                    remaining,
                });
            }
        }
        let id = LeaveKey(self.next_id);
        self.next_id += 1;
        let at = self.leaves.partition_point(|l| l.span.start < span.start);
        self.leaves.insert(at, Leave { id, span, kind });
        Ok(id)
    }

    fn position(&self, id: LeaveKey) -> Result<usize, LeaveError> {
        self.leaves
            .iter()
            .position(|l| l.id == id)
            .ok_or(LeaveError::Unknown(id))
    }

    /// Cancels a leave that has not started yet.
    pub fn cancel(&mut self, id: LeaveKey, now: DateTime<Utc>) -> Result<Leave, LeaveError> {
        let at = self.position(id)?;
        if self.leaves[at].span.start <= now {
            return Err(LeaveError::AlreadyStarted { id });
        }
        Ok(self.leaves.remove(at))
    }

    /// Ends a running leave at `now`; the player's time runs again from then.
    pub fn cut_short(&mut self, id: LeaveKey, now: DateTime<Utc>) -> Result<Leave, LeaveError> {
        let at = self.position(id)?;
        let span = self.leaves[at].span;
        if now < span.start {
            return Err(LeaveError::NotStarted { id });
        }
        if now >= span.end {
            return Err(LeaveError::AlreadyEnded { id });
        }
        if now == span.start {
            return Ok(self.leaves.remove(at));
        }
        self.leaves[at].span.end = now;
        Ok(self.leaves[at])
    }

    /// Days of `kind` leave counted in calendar year `year`.
    pub fn days_in_year(&self, year: i32, kind: LeaveKind) -> u32 {
        self.leaves
            .iter()
            .filter(|l| l.kind == kind)
            .flat_map(|l| days_per_year(l.span, self.allowance.zone))
            .filter(|(y, _)| *y == year)
            .map(|(_, days)| days)
            .sum()
    }

    /// Days of `kind` leave still available in `year`.
    pub fn remaining_in_year(&self, year: i32, kind: LeaveKind) -> u32 {
        self.allowance
            .of(kind)
            .saturating_sub(self.days_in_year(year, kind))
    }

    /// The leave running at `now`, if any.
    pub fn running_at(&self, now: DateTime<Utc>) -> Option<&Leave> {
        self.leaves.iter().find(|l| l.span.contains(now))
    }

    /// Refuses a move made during leave (R3.6.2).
    pub fn check_may_move(&self, now: DateTime<Utc>) -> Result<(), LeaveError> {
        match self.running_at(now) {
            Some(leave) => Err(LeaveError::OnLeave {
                id: leave.id,
                until: leave.span.end,
            }),
            None => Ok(()),
        }
    }
}

/// The length of a span as counted in days: a span from one local midnight
/// to another is a whole number of calendar days even where daylight saving
/// made it an hour longer (R3.5.6: the event's zone), so up to one hour over
/// whole days is not a started day.
fn counted_length(span: Span) -> Duration {
    let length = span.end - span.start;
    let over = length - DAY * i32::try_from(length.num_days()).unwrap_or(i32::MAX);
    if length >= DAY && over > Duration::zero() && over <= Duration::hours(1) {
        length - over
    } else {
        length
    }
}

/// Whole days in `length`, a started day counting as one.
fn days_ceil(length: Duration) -> u32 {
    let whole = length.num_days();
    let extra = i64::from(length > DAY * i32::try_from(whole).unwrap_or(i32::MAX));
    u32::try_from(whole + extra).unwrap_or(u32::MAX)
}

/// The midnight that starts `date` in `zone`, as an instant (R3.5.6). Where
/// daylight saving skips midnight, the first instant of the date.
pub fn midnight(date: NaiveDate, zone: Tz) -> DateTime<Utc> {
    local_instant(date.and_time(chrono::NaiveTime::MIN), zone)
}

/// The instant of a local time in `zone`: the earlier of two in an autumn
/// fold, and the first existing minute after a spring gap.
pub fn local_instant(local: chrono::NaiveDateTime, zone: Tz) -> DateTime<Utc> {
    (0..=180)
        .find_map(|minute| {
            zone.from_local_datetime(&(local + Duration::minutes(minute)))
                .earliest()
        })
        .map(|at| at.with_timezone(&Utc))
        .unwrap_or_else(|| Utc.from_utc_datetime(&local))
}

/// The last minute that still counts on `date` in `zone`: 23:59 local, as
/// an instant; anything before the next minute is in time (R2.1.6, R2.6.4).
pub fn last_minute_of(date: NaiveDate, zone: Tz) -> DateTime<Utc> {
    midnight(date.succ_opt().unwrap_or(date), zone) - Duration::minutes(1)
}

/// The leave's days, grouped by the calendar year (in `zone`) in which each
/// day begins.
fn days_per_year(span: Span, zone: Tz) -> Vec<(i32, u32)> {
    let mut out: Vec<(i32, u32)> = Vec::new();
    let mut day_start = span.start;
    let end = span.start + counted_length(span);
    while day_start < end {
        // Midday of the day: its local date, whatever daylight saving did to
        // the midnight the day started at.
        let year = (day_start + Duration::hours(12))
            .with_timezone(&zone)
            .year();
        match out.last_mut() {
            Some((y, n)) if *y == year => *n += 1,
            _ => out.push((year, 1)),
        }
        day_start += DAY;
    }
    out
}
