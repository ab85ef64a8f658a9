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

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use shakmaty::Color;

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
    /// The time runs out: loss on time (R3.5.7).
    Flag,
}

/// The server clock of one event's regulation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ServerClock {
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
        doubled(whole, self.threshold)
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
        let days = self.flag_days(moves, leaves);
        leaves.after_active(pending_since, DAY * to_i32(days))
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
        let reminders = self.reminder_instants(pending_since, leaves);
        let mut due: Vec<(ServerDeadline, DateTime<Utc>)> = (1u8..)
            .zip(reminders)
            .map(|(n, at)| (ServerDeadline::Reminder(n), at))
            .collect();
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

fn count(moves: &[MoveSpan]) -> u32 {
    u32::try_from(moves.len()).unwrap_or(u32::MAX)
}

/// Days as a multiplier of [`DAY`], saturating (no game lasts 5 million years).
fn to_i32(days: Days) -> i32 {
    i32::try_from(days).unwrap_or(i32::MAX)
}
