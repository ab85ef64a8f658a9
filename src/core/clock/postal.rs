//! The postal clock (R2.4, R2.5, R2.6, R2.7): calendar dates in the
//! regulation's zone, no doubling, controls accumulating.
//!
//! Definitions:
//! * A date `D` stands for the day from its midnight to the next (in the
//!   regulation's fixed-offset zone, UTC by default). A move received on `r`
//!   and sent on `s` costs `s − r` days (R2.4.4), less the leave days inside
//!   `[midnight(r), midnight(s))` (R2.7.4, R2.7.5); a day partly on leave (a
//!   leave cut short in mid-day) is not subtracted.
//! * Nothing counts before the player's start (R2.4.5, R2.4.6): the received
//!   date is raised to it.
//! * Up to 3 exempt days per move (R2.4.7) are taken off its cost.
//! * A variant's continuation moves are not charged (R2.4.8); the caller
//!   marks them [`Charge::VariantContinuation`].
//! * Penalty days and a late repeat's delay are added by the arbiter
//!   (R2.4.9–R2.4.11) as [`Addition`]s.

use chrono::{DateTime, Duration, Months, NaiveDate, Utc};
use chrono_tz::Tz;
use serde::{Deserialize, Serialize};

use super::{Days, PlayerTime, allowance, control_index, player_time};
use crate::core::leave::{LeaveTimeline, midnight};
use crate::core::regulation::{Regulation, TimeControl};

/// Days of the partner's silence before a move is repeated, and again before
/// the arbiter is told (R2.5.1); also before Black queries a missing first
/// move (R2.5.2).
pub const SILENCE_DAYS: u32 = 20;
/// Months without a move before the arbiter is shown the game (R2.5.3).
pub const NO_MOVE_MONTHS: u32 = 2;
/// The most days of one move that R2.4.7 exempts.
pub const MAX_EXEMPT_DAYS: u8 = 3;
/// Days after a late start notice on which the player starts (R2.4.6).
pub const LATE_START_DELAY_DAYS: u32 = 3;

/// How a move's time is charged under R2.4.8.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Charge {
    /// A normal move, or the charged move of a variant: the proposer's first
    /// move, or the receiver's last accepted move.
    #[default]
    Thinking,
    /// Any other move of a variant: no time charged.
    VariantContinuation,
}

/// One postal move of a player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PostalMove {
    /// The date the partner's move was received.
    pub received: NaiveDate,
    /// The date this move was sent.
    pub sent: NaiveDate,
    /// Days exempted under R2.4.7 (at most 3 count).
    pub exempt_days: u8,
    /// Charged or a variant's continuation (R2.4.8).
    pub charge: Charge,
}

impl PostalMove {
    /// A plain move received on `received` and sent on `sent`.
    pub fn new(received: NaiveDate, sent: NaiveDate) -> Self {
        Self {
            received,
            sent,
            exempt_days: 0,
            charge: Charge::Thinking,
        }
    }
}

/// Errors that cost penalty days (R2.4.9).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PenaltyError {
    /// An impossible or illegible move.
    ImpossibleMove,
    /// The partner's move repeated wrongly.
    WrongRepeat,
    /// Registered mail not used where required.
    NoRegisteredMail,
    /// A wrong address.
    WrongAddress,
}

/// Days the arbiter adds to a player's time in one game: the delays of
/// R2.4.2 (a break in the game's course caused by not keeping the rules,
/// the time spent correcting errors), charged to the player who caused
/// them as part of the total time (R2.4.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Addition {
    /// A penalty: 5 days, 10 on each repetition of the same error (R2.4.9,
    /// R2.4.10).
    Penalty(PenaltyError),
    /// A move repeated late: the whole delay (R2.4.11).
    LateRepeat {
        /// The delay in days.
        delay_days: u32,
    },
    /// Days added on rejecting an unfounded overstep claim (R2.6.8).
    Days(u32),
}

/// Total days of the arbiter's additions, in the order given.
pub fn additions_days(additions: &[Addition]) -> Days {
    let mut seen: Vec<PenaltyError> = Vec::new();
    additions
        .iter()
        .map(|addition| match addition {
            Addition::Penalty(error) if seen.contains(error) => 10,
            Addition::Penalty(error) => {
                seen.push(*error);
                5
            }
            Addition::LateRepeat { delay_days } => Days::from(*delay_days),
            Addition::Days(days) => Days::from(*days),
        })
        .sum()
}

/// A recorded time overstep (R2.6.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Overstep {
    /// The player's move after which the time exceeded the norm.
    pub move_number: u32,
    /// Days used by then.
    pub used: Days,
    /// The norm for that many moves.
    pub limit: Days,
}

/// The postal clock of one event's regulation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PostalClock {
    control: TimeControl,
    overstep_norm: TimeControl,
    zone: Tz,
}

impl PostalClock {
    /// The clock of `regulation` (R2.4.3, R2.6.1, R2.4.4's zone).
    pub fn new(regulation: &Regulation) -> Self {
        let overstep_norm = TimeControl {
            days: regulation.overstep_norm_days(),
            moves: regulation.control.moves,
        };
        Self {
            control: regulation.control,
            overstep_norm,
            zone: regulation.date_zone(),
        }
    }

    /// The postal date of an instant in the regulation's zone.
    pub fn date_of(&self, instant: DateTime<Utc>) -> NaiveDate {
        instant.with_timezone(&self.zone).date_naive()
    }

    /// The first instant of a postal date.
    pub fn midnight(&self, date: NaiveDate) -> DateTime<Utc> {
        midnight(date, self.zone)
    }

    /// The player's start: the event's official start (R2.4.5), or the third
    /// day after a late start notice was received (R2.4.6: notice received on
    /// day `D` → start on `D + 3`), whichever is later.
    pub fn player_start(official: NaiveDate, late_notice: Option<NaiveDate>) -> NaiveDate {
        let delay = Duration::days(i64::from(LATE_START_DELAY_DAYS));
        late_notice.map_or(official, |notice| official.max(notice + delay))
    }

    /// The days from `received` to `on`, less leave, counting nothing before
    /// `start` (R2.4.4, R2.4.5, R2.7.4, R2.7.5). Postal days are calendar
    /// days: between local midnights a day lasts 23 or 25 hours at a change
    /// of summer time, so the span is rounded to whole days, not cut.
    pub fn days_between(
        &self,
        received: NaiveDate,
        on: NaiveDate,
        start: NaiveDate,
        leaves: &LeaveTimeline,
    ) -> Days {
        let from = self.midnight(received.max(start));
        let to = self.midnight(on);
        let hours = leaves.active(from, to).num_hours();
        (hours + 12).div_euclid(24)
    }

    /// The cost of one move (R2.4.4–R2.4.8).
    pub fn move_cost(&self, mv: &PostalMove, start: NaiveDate, leaves: &LeaveTimeline) -> Days {
        if mv.charge == Charge::VariantContinuation {
            return 0;
        }
        let raw = self.days_between(mv.received, mv.sent, start, leaves);
        let exempt = Days::from(mv.exempt_days.min(MAX_EXEMPT_DAYS));
        (raw - exempt).max(0)
    }

    /// Days used over the moves made plus the arbiter's additions (R2.4.1).
    pub fn used(
        &self,
        moves: &[PostalMove],
        additions: &[Addition],
        start: NaiveDate,
        leaves: &LeaveTimeline,
    ) -> Days {
        let thinking: Days = moves.iter().map(|m| self.move_cost(m, start, leaves)).sum();
        thinking + additions_days(additions)
    }

    /// The player's clock on date `today`, with the pending move received on
    /// `pending_received` if the player is to move.
    pub fn time_state(
        &self,
        moves: &[PostalMove],
        additions: &[Addition],
        pending_received: Option<NaiveDate>,
        today: NaiveDate,
        start: NaiveDate,
        leaves: &LeaveTimeline,
    ) -> PlayerTime {
        let used_before = self.used(moves, additions, start, leaves);
        let pending = pending_received.map_or(0, |r| self.days_between(r, today, start, leaves));
        player_time(used_before, pending, count(moves), self.control)
    }

    /// The first move after which the time used exceeded the overstep norm:
    /// more than `norm · k` days on `10·k` moves or fewer (R2.6.1). The
    /// arbiter's additions count from the start.
    pub fn overstep(
        &self,
        moves: &[PostalMove],
        additions: &[Addition],
        start: NaiveDate,
        leaves: &LeaveTimeline,
    ) -> Option<Overstep> {
        let mut used = additions_days(additions);
        for (i, mv) in moves.iter().enumerate() {
            used += self.move_cost(mv, start, leaves);
            let move_number = u32::try_from(i + 1).unwrap_or(u32::MAX);
            let limit = allowance(
                control_index(move_number, self.overstep_norm),
                self.overstep_norm,
            );
            if used > limit {
                return Some(Overstep {
                    move_number,
                    used,
                    limit,
                });
            }
        }
        None
    }

    /// The first date on which sending the pending move would overstep the
    /// norm (R2.6.1), computed in closed form through the leave.
    pub fn overstep_date(
        &self,
        moves: &[PostalMove],
        additions: &[Addition],
        pending_received: NaiveDate,
        start: NaiveDate,
        leaves: &LeaveTimeline,
    ) -> NaiveDate {
        let used_before = self.used(moves, additions, start, leaves);
        self.overstep_date_after(used_before, count(moves), pending_received, start, leaves)
    }

    /// [`Self::overstep_date`] with `offset` days on the player's total
    /// besides the moves: the arbiter's days (R2.4.9–R2.4.11, R2.6.8),
    /// negative for days given back.
    pub fn overstep_date_with_offset(
        &self,
        moves: &[PostalMove],
        offset: Days,
        pending_received: NaiveDate,
        start: NaiveDate,
        leaves: &LeaveTimeline,
    ) -> NaiveDate {
        let used_before = self.used(moves, &[], start, leaves) + offset;
        self.overstep_date_after(used_before, count(moves), pending_received, start, leaves)
    }

    /// The first date on which sending the pending move oversteps the norm
    /// (R2.6.1) for a player whose total is `used_before` after `made`
    /// moves (the arbiter's and penalty days included): a game by post
    /// whose totals come from its cards (R2.2, R2.4).
    pub fn overstep_date_after(
        &self,
        used_before: Days,
        made: u32,
        pending_received: NaiveDate,
        start: NaiveDate,
        leaves: &LeaveTimeline,
    ) -> NaiveDate {
        let index = control_index(made + 1, self.overstep_norm);
        let budget = allowance(index, self.overstep_norm) - used_before;
        let days = (budget + 1).max(0);
        self.date_after_days(pending_received.max(start), days, leaves)
    }

    /// The first date at least `days` leave-free calendar days after `from`,
    /// as [`PostalClock::days_between`] counts them (rounded to whole days,
    /// so a 23-hour day at the change of summer time is a day).
    fn date_after_days(&self, from: NaiveDate, days: Days, leaves: &LeaveTimeline) -> NaiveDate {
        if days <= 0 {
            return from;
        }
        let amount = Duration::days(days) - Duration::hours(12);
        let instant = leaves.after_active(self.midnight(from), amount);
        let date = self.date_of(instant);
        if self.midnight(date) == instant {
            date
        } else {
            date + Duration::days(1)
        }
    }

    /// When to repeat a move the partner has not answered: 20 days after it
    /// was sent, extended by the partner's leave (R2.5.1, R2.7.4).
    pub fn repeat_date(&self, sent: NaiveDate, partner_leaves: &LeaveTimeline) -> NaiveDate {
        self.date_after_days(sent, Days::from(SILENCE_DAYS), partner_leaves)
    }

    /// When to report the breakdown to the arbiter: 20 days after the repeat
    /// was sent, extended by the partner's leave (R2.5.1).
    pub fn report_date(&self, repeat_sent: NaiveDate, partner_leaves: &LeaveTimeline) -> NaiveDate {
        self.date_after_days(repeat_sent, Days::from(SILENCE_DAYS), partner_leaves)
    }

    /// When Black queries a missing first move of White: 20 days after the
    /// start (R2.5.2).
    pub fn first_move_query_date(start: NaiveDate) -> NaiveDate {
        start + Duration::days(i64::from(SILENCE_DAYS))
    }

    /// When a game with no move since `last_move` is shown to the arbiter:
    /// two calendar months later (R2.5.3; a month-end clamps, 31 Dec → 28/29
    /// Feb).
    pub fn no_move_case_date(last_move: NaiveDate) -> NaiveDate {
        last_move
            .checked_add_months(Months::new(NO_MOVE_MONTHS))
            .unwrap_or(NaiveDate::MAX)
    }
}

fn count(moves: &[PostalMove]) -> u32 {
    u32::try_from(moves.len()).unwrap_or(u32::MAX)
}
