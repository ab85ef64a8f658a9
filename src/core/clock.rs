//! The chess clock of a correspondence game, as pure functions of the
//! instants (server rules, [`server`]) or dates (postal rules, [`postal`])
//! that the caller passes in.
//!
//! Conventions shared by both rule sets:
//! * Moves are counted **per player**: a player's own moves 1–10 belong to
//!   control 1, 11–20 to control 2, and so on (R2.4.3, R3.5.1).
//! * Controls accumulate and unused time carries over (R3.5.4): while a
//!   player's pending move belongs to control `c`, the allowance is
//!   `control_days · c`, and *time left* is that allowance less the time used,
//!   including the running cost of the pending move.
//! * Time is counted in whole days ([`Days`]).

pub mod control;
pub mod postal;
pub mod server;

use chrono::Duration;
use serde::{Deserialize, Serialize};

use crate::core::regulation::TimeControl;

/// A number of days on the clock (may be negative for time left).
pub type Days = i64;

/// One day of 24 hours (R3.5.2).
pub const DAY: Duration = Duration::days(1);

/// Both players' clocks as a notice shows them and a game stores them
/// (R2.3.6, R3.4.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Clocks {
    /// White's days used.
    pub white_used: Days,
    /// White's days left in the current control.
    pub white_left: Days,
    /// Black's days used.
    pub black_used: Days,
    /// Black's days left in the current control.
    pub black_left: Days,
}

/// A player's clock at some instant or date.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PlayerTime {
    /// Days used over all moves made, plus the running cost of the pending
    /// move (and, under postal rules, penalty days).
    pub used: Days,
    /// The allowance of the current control less `used`; negative once the
    /// time has run out.
    pub left: Days,
    /// The running cost of the pending move (0 if not to move).
    pub pending: Days,
    /// The control (1-based) the player's next move belongs to.
    pub control_index: u32,
    /// Moves the player has made.
    pub moves_made: u32,
}

/// The control (1-based) that the player's `move_number`-th move (1-based)
/// belongs to: moves 1–10 are control 1 with 10 moves per control.
pub fn control_index(move_number: u32, control: TimeControl) -> u32 {
    move_number.max(1).div_ceil(control.moves.max(1))
}

/// The accumulated allowance of control `index`: `days · index` (R3.5.4).
pub fn allowance(index: u32, control: TimeControl) -> Days {
    Days::from(control.days) * Days::from(index)
}

/// Builds a [`PlayerTime`] from the days used before the pending move and the
/// pending move's running cost.
pub fn player_time(
    used_before: Days,
    pending: Days,
    moves_made: u32,
    control: TimeControl,
) -> PlayerTime {
    let index = control_index(moves_made + 1, control);
    let used = used_before + pending;
    PlayerTime {
        used,
        left: allowance(index, control) - used,
        pending,
        control_index: index,
        moves_made,
    }
}
