//! The server clock (R3.3, R3.5, R3.6): instants in UTC, whole 24-hour days,
//! doubling after 20 days on one move.
//!
//! Definitions (all exact, no rounding except the whole-day floor):
//! * A move's thinking span runs from the instant the opponent's move reached
//!   the player (for White's first move, the game's start) to the instant the
//!   player moved; the player's leave inside the span is subtracted exactly
//!   as a duration (R3.5.5).
//! * Its whole days are `floor(thinking / 24h)` (R3.5.2), and its charge is
//!   `f(d) = d` for `d ≤ 20`, else `20 + 2·(d − 20)` (R3.5.3: 23 → 26).
//! * The player loses on time (R3.5.7) at the first instant at which the
//!   charge of the pending move makes the time used exceed the allowance of
//!   the control that move belongs to ([`super::PlayerTime::left`] < 0).
//! * Reminders (R3.3.1) and the silence notice and case (R3.3.2) fall when the
//!   player's thinking time on the pending move first reaches 14, 28, 35 and
//!   40 days, so each is pushed back by exactly the leave before it.
//!
//! A regulation may choose another clock ([`ClockControl`], issue events-2):
//! a Fischer clock or a fixed number of days per move. Their thinking time
//! is exact (no whole-day floor, no doubling: those are the federation's,
//! R3.5.2, R3.5.3); the flag falls when the thinking time on the pending
//! move reaches the time in hand, the reminders come when 3 days and 1 day
//! are left ([`REMINDER_DAYS_LEFT`]), and the 35/40-day rules (R3.3.2) apply
//! whenever they come before the flag. Leave stops every clock (R3.5.5).

use chrono::{DateTime, Duration, Utc};
use serde::{Deserialize, Serialize};
use shakmaty::Color;

use super::control::{ClockControl, REMINDER_DAYS_LEFT, floor_days};
use super::{DAY, Days, PlayerTime, allowance, control_index, player_time};
use crate::core::leave::LeaveTimeline;
use crate::core::regulation::{Regulation, TimeControl};

/// One move's thinking span.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct MoveSpan {
    /// When the opponent's move reached the player (or the game started).
    pub received: DateTime<Utc>,
    /// When the player moved.
    pub sent: DateTime<Utc>,
}

/// One player's moves and pending move, cut from a game's record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerRecord {
    /// The player's moves made, in order.
    pub moves: Vec<MoveSpan>,
    /// When the player's pending move started, if the player is to move.
    pub pending_since: Option<DateTime<Utc>>,
}

/// Splits a game's record into one player's spans: `plies[0]` is the instant
/// of White's first move, `plies[1]` Black's first, and so on; White's first
/// span starts at `start`.
pub fn player_record(start: DateTime<Utc>, plies: &[DateTime<Utc>], color: Color) -> PlayerRecord {
    player_record_from(start, plies, color, Color::White)
}

/// [`player_record`] of a game whose players' first move is `first`'s (a
/// thematic start with Black to move): `plies[0]` is `first`'s first move,
/// whose span starts at `start`. Only the moves the players make count
/// (R3.5.1).
pub fn player_record_from(
    start: DateTime<Utc>,
    plies: &[DateTime<Utc>],
    color: Color,
    first: Color,
) -> PlayerRecord {
    let offset = usize::from(color != first);
    let moves = (offset..plies.len())
        .step_by(2)
        .map(|ply| MoveSpan {
            received: if ply == 0 { start } else { plies[ply - 1] },
            sent: plies[ply],
        })
        .collect();
    let to_move = if plies.len().is_multiple_of(2) {
        first
    } else {
        !first
    };
    let pending_since = (to_move == color).then(|| plies.last().copied().unwrap_or(start));
    PlayerRecord {
        moves,
        pending_since,
    }
}

/// The charge of `whole_days` on one move with doubling after `threshold`
/// days (R3.5.3: with threshold 20, 23 days count 26).
pub fn doubled(whole_days: Days, threshold: Days) -> Days {
    if whole_days <= threshold {
        whole_days
    } else {
        threshold + 2 * (whole_days - threshold)
    }
}

/// The fewest whole days `d` whose charge exceeds `budget` (0 if the budget is
/// already negative): the inverse of [`doubled`].
pub fn days_to_exceed(budget: Days, threshold: Days) -> Days {
    if budget < 0 {
        0
    } else if budget < threshold {
        budget + 1
    } else {
        threshold + (budget - threshold) / 2 + 1
    }
}

/// What falls due on a pending move, for the scheduler.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ServerDeadline {
    /// The n-th reminder (1-based) of R3.3.1.
    Reminder(u8),
    /// The notice of intent to continue is due (R3.3.2, 35 days).
    SilenceNotice,
    /// The arbiter is shown the silence case (R3.3.2, 40 days).
    SilenceCase,
    /// The n-th reminder (1-based) of a Fischer or per-move clock, when
    /// [`REMINDER_DAYS_LEFT`] days are left, after `silent` whole days of
    /// thinking on the move.
    TimeLeft {
        /// The reminder's number.
        n: u8,
        /// Whole days of thinking on the move when it falls.
        silent: Days,
    },
    /// The time runs out: loss on time (R3.5.7).
    Flag,
}

/// The server clock of one event's regulation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ServerClock {
    kind: ClockControl,
    control: TimeControl,
    threshold: Days,
    reminder_days: Vec<u32>,
    notice_days: u32,
    case_days: u32,
    offset: Days,
}

impl ServerClock {
    /// The clock of `regulation` (R3.5.1, R3.5.3, R3.3.1, R3.3.2).
    pub fn new(regulation: &Regulation) -> Self {
        Self {
            kind: regulation.clock,
            control: regulation.control,
            threshold: Days::from(regulation.doubling_threshold_days),
            reminder_days: regulation.reminder_days.clone(),
            notice_days: regulation.silence.notice_after_days,
            case_days: regulation.silence.case_after_days,
            offset: 0,
        }
    }

    /// The same clock for a player whose time used the arbiter changed by
    /// `days`: penalty days add to it, days given back take from it (R2.1.5,
    /// R3.1.6; in postal events R2.4.9, R2.6.8).
    pub fn with_offset(mut self, days: Days) -> Self {
        self.offset = days;
        self
    }

    /// The charge of one move received at `received` and made at `sent`, less
    /// the player's leave (R3.5.2, R3.5.3, R3.5.5).
    pub fn move_charge(
        &self,
        received: DateTime<Utc>,
        sent: DateTime<Utc>,
        leaves: &LeaveTimeline,
    ) -> Days {
        let whole = leaves.active(received, sent).num_days();
        if self.kind.is_federation() {
            doubled(whole, self.threshold)
        } else {
            whole
        }
    }

    /// The clock the regulation chose (issue events-2).
    pub fn kind(&self) -> ClockControl {
        self.kind
    }

    /// The time in hand when the pending move starts, after `moves` (a
    /// Fischer or per-move clock, the arbiter's days counted); `None` under
    /// the federation's control, whose allowance is whole days per control
    /// (R3.5.1, R3.5.4).
    pub fn in_hand(&self, moves: &[MoveSpan], leaves: &LeaveTimeline) -> Option<Duration> {
        let thinking = moves.iter().map(|m| leaves.active(m.received, m.sent));
        self.kind.in_hand(thinking, self.offset)
    }

    /// The thinking time the pending move may take before the flag falls
    /// (R3.5.7): the federation's whole days to the flag (doubling
    /// included), or the time in hand; never negative.
    pub fn move_budget(&self, moves: &[MoveSpan], leaves: &LeaveTimeline) -> Duration {
        match self.in_hand(moves, leaves) {
            Some(hand) => hand.max(Duration::zero()),
            None => DAY * to_i32(self.flag_days(moves, leaves)),
        }
    }

    /// Days on one move past which each day counts double (R3.5.3); `None`
    /// for a clock that does not double.
    pub fn doubles_after(&self) -> Option<Days> {
        self.kind.is_federation().then_some(self.threshold)
    }

    /// [`ServerClock::time_state`] of a Fischer or per-move clock with
    /// `hand` in hand at the pending move's start: exact thinking time,
    /// shown in whole days rounded down.
    fn exact_time_state(
        &self,
        moves: &[MoveSpan],
        pending_since: Option<DateTime<Utc>>,
        now: DateTime<Utc>,
        leaves: &LeaveTimeline,
        hand: Duration,
    ) -> PlayerTime {
        let spent = moves.iter().fold(Duration::zero(), |sum, m| {
            sum + leaves.active(m.received, m.sent)
        });
        let pending = pending_since.map_or(Duration::zero(), |since| leaves.active(since, now));
        let made = count(moves);
        PlayerTime {
            used: floor_days(spent + pending) + self.offset,
            left: floor_days(hand - pending),
            pending: floor_days(pending),
            control_index: match self.kind {
                ClockControl::PerMove { .. } => made.saturating_add(1),
                _ => 1,
            },
            moves_made: made,
        }
    }

    /// Days used over the moves made (R3.5.4: accumulated over controls).
    pub fn used_by_moves(&self, moves: &[MoveSpan], leaves: &LeaveTimeline) -> Days {
        moves
            .iter()
            .map(|m| self.move_charge(m.received, m.sent, leaves))
            .sum()
    }

    /// The player's clock at `now`: moves made, plus the running cost of the
    /// pending move started at `pending_since` (if the player is to move).
    pub fn time_state(
        &self,
        moves: &[MoveSpan],
        pending_since: Option<DateTime<Utc>>,
        now: DateTime<Utc>,
        leaves: &LeaveTimeline,
    ) -> PlayerTime {
        if let Some(hand) = self.in_hand(moves, leaves) {
            return self.exact_time_state(moves, pending_since, now, leaves, hand);
        }
        let used_before = self.used_by_moves(moves, leaves) + self.offset;
        let pending = pending_since.map_or(0, |since| self.move_charge(since, now, leaves));
        player_time(used_before, pending, count(moves), self.control)
    }

    /// The exact instant the player's time runs out on the pending move
    /// (R3.5.7): the first instant at which `left` becomes negative.
    pub fn flag_instant(
        &self,
        moves: &[MoveSpan],
        pending_since: DateTime<Utc>,
        leaves: &LeaveTimeline,
    ) -> DateTime<Utc> {
        leaves.after_active(pending_since, self.move_budget(moves, leaves))
    }

    /// The whole days of thinking on the pending move at which the player
    /// loses on time (R3.5.7), doubling included (R3.5.3): with 50 days in
    /// hand and doubling past 20, the 36th day loses (20 + 2·15 = 50 is the
    /// last charge that fits).
    pub fn flag_days(&self, moves: &[MoveSpan], leaves: &LeaveTimeline) -> Days {
        let used_before = self.used_by_moves(moves, leaves) + self.offset;
        let index = control_index(count(moves) + 1, self.control);
        let budget = allowance(index, self.control) - used_before;
        days_to_exceed(budget, self.threshold)
    }

    /// Days on one move past which each day counts double (R3.5.3).
    pub fn doubling_threshold(&self) -> Days {
        self.threshold
    }

    /// The instant the player's thinking time on the pending move first
    /// reaches `days` days, leave excluded.
    pub fn after_thinking_days(
        &self,
        pending_since: DateTime<Utc>,
        days: u32,
        leaves: &LeaveTimeline,
    ) -> DateTime<Utc> {
        leaves.after_active(pending_since, DAY * to_i32(Days::from(days)))
    }

    /// The reminders of R3.3.1 (after 14, 28 and 35 days of silence), in
    /// order, each shifted by the player's leave.
    pub fn reminder_instants(
        &self,
        pending_since: DateTime<Utc>,
        leaves: &LeaveTimeline,
    ) -> Vec<DateTime<Utc>> {
        self.reminder_days
            .iter()
            .map(|&days| self.after_thinking_days(pending_since, days, leaves))
            .collect()
    }

    /// When the notice of intent to continue becomes due (R3.3.2, 35 days).
    pub fn silence_notice_instant(
        &self,
        pending_since: DateTime<Utc>,
        leaves: &LeaveTimeline,
    ) -> DateTime<Utc> {
        self.after_thinking_days(pending_since, self.notice_days, leaves)
    }

    /// When the arbiter is shown the silence case (R3.3.2, 40 days).
    pub fn silence_case_instant(
        &self,
        pending_since: DateTime<Utc>,
        leaves: &LeaveTimeline,
    ) -> DateTime<Utc> {
        self.after_thinking_days(pending_since, self.case_days, leaves)
    }

    /// Everything that falls due on the pending move, in order of time. The
    /// game ends at the flag (R3.5.7), so nothing at or after it is due: a
    /// reminder, the 35-day notice or the 40-day case that falls on the
    /// flag's instant is dropped and the loss wins. The scheduler stores these
    /// as `due_at` rows and recomputes them when the leave changes.
    pub fn pending_deadlines(
        &self,
        moves: &[MoveSpan],
        pending_since: DateTime<Utc>,
        leaves: &LeaveTimeline,
    ) -> Vec<(ServerDeadline, DateTime<Utc>)> {
        let mut due: Vec<(ServerDeadline, DateTime<Utc>)> = match self.in_hand(moves, leaves) {
            Some(hand) => time_left_reminders(hand, pending_since, leaves),
            None => {
                let reminders = self.reminder_instants(pending_since, leaves);
                (1u8..)
                    .zip(reminders)
                    .map(|(n, at)| (ServerDeadline::Reminder(n), at))
                    .collect()
            }
        };
        due.push((
            ServerDeadline::SilenceNotice,
            self.silence_notice_instant(pending_since, leaves),
        ));
        due.push((
            ServerDeadline::SilenceCase,
            self.silence_case_instant(pending_since, leaves),
        ));
        let flag = self.flag_instant(moves, pending_since, leaves);
        due.retain(|(_, at)| *at < flag);
        due.push((ServerDeadline::Flag, flag));
        due.sort_by_key(|(_, at)| *at);
        due
    }

    /// Both players' clocks of a game at `now`: White's first, then Black's.
    pub fn game_clocks(
        &self,
        start: DateTime<Utc>,
        plies: &[DateTime<Utc>],
        now: DateTime<Utc>,
        leaves: [&LeaveTimeline; 2],
        offsets: [Days; 2],
    ) -> [PlayerTime; 2] {
        self.game_clocks_from(start, (plies, Color::White), now, leaves, offsets)
    }

    /// [`ServerClock::game_clocks`] of a game whose players' first move is
    /// `first`'s (see [`player_record_from`]).
    pub fn game_clocks_from(
        &self,
        start: DateTime<Utc>,
        (plies, first): (&[DateTime<Utc>], Color),
        now: DateTime<Utc>,
        leaves: [&LeaveTimeline; 2],
        offsets: [Days; 2],
    ) -> [PlayerTime; 2] {
        [Color::White, Color::Black].map(|color| {
            let record = player_record_from(start, plies, color, first);
            let side = usize::from(color == Color::Black);
            let clock = self.clone().with_offset(offsets[side]);
            clock.time_state(&record.moves, record.pending_since, now, leaves[side])
        })
    }
}

/// The reminders of a Fischer or per-move clock with `hand` in hand: when
/// [`REMINDER_DAYS_LEFT`] days of thinking are left on the move, each only
/// when it comes at least a day into the move, pushed back by leave.
fn time_left_reminders(
    hand: Duration,
    pending_since: DateTime<Utc>,
    leaves: &LeaveTimeline,
) -> Vec<(ServerDeadline, DateTime<Utc>)> {
    (1u8..)
        .zip(REMINDER_DAYS_LEFT)
        .filter_map(|(n, left)| {
            let point = hand - DAY * to_i32(Days::from(left));
            (point >= DAY).then(|| {
                let silent = floor_days(point);
                let at = leaves.after_active(pending_since, point);
                (ServerDeadline::TimeLeft { n, silent }, at)
            })
        })
        .collect()
}

fn count(moves: &[MoveSpan]) -> u32 {
    u32::try_from(moves.len()).unwrap_or(u32::MAX)
}

/// Days as a multiplier of [`DAY`], saturating (no game lasts 5 million years).
fn to_i32(days: Days) -> i32 {
    i32::try_from(days).unwrap_or(i32::MAX)
}
