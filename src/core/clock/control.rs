//! The clocks a regulation may choose (R3.5: «якщо в регламенті не
//! передбачений інший контроль часу», issue events-2): the federation's
//! control (R3.5.1–R3.5.4, the default), a Fischer clock and a fixed number
//! of days per move.
//!
//! Only the federation's control counts whole days and doubles past the
//! threshold (R3.5.2, R3.5.3). The other two count thinking time exactly
//! (leave left out, R3.5.5) against the time in hand, as the ICCF and
//! Chess.com servers do: the deadline of a move is its start plus the time in
//! hand, pushed back by the player's leave.

use chrono::Duration;
use serde::{Deserialize, Serialize};

use super::DAY;

/// The most days any number of a control may have (a year).
pub const MAX_CONTROL_DAYS: u32 = 366;

/// Reminders of the Fischer and per-move clocks: when this many days of
/// thinking are left on the move (the federation's control reminds after 14,
/// 28 and 35 days of silence instead, R3.3.1).
pub const REMINDER_DAYS_LEFT: [u32; 2] = [3, 1];

/// The kind of clock an event's games run on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum ClockControl {
    /// The federation's control (`control=server`): the regulation's days
    /// per moves, whole 24-hour days, doubling past the threshold (R3.5.1–
    /// R3.5.4).
    #[default]
    Federation,
    /// `control=fischer:B+I/CAP`: `base` days in hand at the start,
    /// `increment` days added after each move, never more than `cap` in hand
    /// (no cap when `None`).
    Fischer {
        /// Days in hand at the start.
        base: u32,
        /// Days added after each move.
        increment: u32,
        /// The most days in hand after a move.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        cap: Option<u32>,
    },
    /// `control=days:N`: N days for every move; unused days do not carry
    /// over (Chess.com Daily).
    PerMove {
        /// Days per move.
        days: u32,
    },
}

impl ClockControl {
    /// Whether this is the federation's control (the default).
    pub fn is_federation(&self) -> bool {
        *self == ClockControl::Federation
    }

    /// Reads `server`, `fischer:B+I/CAP` (cap optional) or `days:N`; `None`
    /// for anything else, a zero time, a cap below the start or a number past
    /// [`MAX_CONTROL_DAYS`].
    pub fn parse(value: &str) -> Option<Self> {
        let days = |text: &str| -> Option<u32> {
            let n: u32 = text.trim().parse().ok()?;
            (n <= MAX_CONTROL_DAYS).then_some(n)
        };
        if value == "server" {
            return Some(ClockControl::Federation);
        }
        if let Some(n) = value.strip_prefix("days:") {
            return days(n)
                .filter(|n| *n > 0)
                .map(|days| ClockControl::PerMove { days });
        }
        let rest = value.strip_prefix("fischer:")?;
        let (times, cap) = match rest.split_once('/') {
            Some((times, cap)) => (times, Some(days(cap)?)),
            None => (rest, None),
        };
        let (base, increment) = times.split_once('+')?;
        let (base, increment) = (days(base)?, days(increment)?);
        let fits = base > 0 && cap.is_none_or(|cap| cap >= base && cap > 0);
        fits.then_some(ClockControl::Fischer {
            base,
            increment,
            cap,
        })
    }

    /// The setting's value as typed (`server`, `fischer:30+1/60`,
    /// `days:5`).
    pub fn code(&self) -> String {
        match self {
            ClockControl::Federation => "server".to_owned(),
            ClockControl::Fischer {
                base,
                increment,
                cap: Some(cap),
            } => format!("fischer:{base}+{increment}/{cap}"),
            ClockControl::Fischer {
                base, increment, ..
            } => format!("fischer:{base}+{increment}"),
            ClockControl::PerMove { days } => format!("days:{days}"),
        }
    }

    /// The time in hand when the pending move starts, after the moves made
    /// took `thinking` each (leave left out), less `offset` days the arbiter
    /// charged; `None` for the federation's control, which counts whole
    /// days per control instead (R3.5.1–R3.5.4).
    ///
    /// Fischer: `base`, then after each move `min(cap, in hand − thinking +
    /// increment)`. Per move: the days of one move, every move afresh (the
    /// arbiter's days change the days used, not the next move's time).
    pub fn in_hand(
        &self,
        thinking: impl IntoIterator<Item = Duration>,
        offset: i64,
    ) -> Option<Duration> {
        match *self {
            ClockControl::Federation => None,
            ClockControl::Fischer {
                base,
                increment,
                cap,
            } => {
                let mut hand = days(base);
                for spent in thinking {
                    hand = hand - spent.max(Duration::zero()) + days(increment);
                    if let Some(cap) = cap {
                        hand = hand.min(days(cap));
                    }
                }
                Some(hand - DAY * to_i32(offset))
            }
            ClockControl::PerMove { days: n } => Some(days(n)),
        }
    }
}

/// `n` days as a duration.
fn days(n: u32) -> Duration {
    DAY * to_i32(i64::from(n))
}

/// Whole days of a duration, rounded down (−1 for a second short of zero).
pub fn floor_days(duration: Duration) -> i64 {
    duration.num_seconds().div_euclid(DAY.num_seconds())
}

fn to_i32(days: i64) -> i32 {
    i32::try_from(days).unwrap_or(if days < 0 { i32::MIN } else { i32::MAX })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_accepted_forms_read_and_write_back() {
        for code in ["server", "fischer:30+1/60", "fischer:10+0", "days:5"] {
            let control = ClockControl::parse(code).unwrap();
            assert_eq!(control.code(), code);
        }
        assert_eq!(
            ClockControl::parse("fischer:30+1/60"),
            Some(ClockControl::Fischer {
                base: 30,
                increment: 1,
                cap: Some(60)
            })
        );
        assert_eq!(
            ClockControl::parse("days:5"),
            Some(ClockControl::PerMove { days: 5 })
        );
    }

    #[test]
    fn bad_values_are_refused() {
        for bad in [
            "",
            "fischer",
            "fischer:30",
            "fischer:0+1",
            "fischer:30+1/20",
            "fischer:30+1/",
            "fischer:-3+1",
            "fischer:400+1",
            "days:0",
            "days:",
            "days:x",
            "days:367",
            "iccf",
            "Fischer:30+1",
        ] {
            assert_eq!(ClockControl::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn fischer_adds_the_increment_and_stops_at_the_cap() {
        let control = ClockControl::parse("fischer:30+1/60").unwrap();
        let hand = |spent: &[i64]| control.in_hand(spent.iter().map(|d| DAY * *d as i32), 0);
        assert_eq!(hand(&[]), Some(DAY * 30));
        assert_eq!(hand(&[10]), Some(DAY * 21));
        assert_eq!(hand(&[0; 40]), Some(DAY * 60));
        assert_eq!(hand(&[0, 0]).map(floor_days), Some(32));
        assert_eq!(control.in_hand([], 2), Some(DAY * 28));
    }

    #[test]
    fn per_move_time_does_not_carry_over() {
        let control = ClockControl::PerMove { days: 5 };
        assert_eq!(control.in_hand([DAY, DAY * 4], 3), Some(DAY * 5));
        assert_eq!(ClockControl::Federation.in_hand([], 0), None);
    }

    #[test]
    fn floor_days_rounds_down() {
        assert_eq!(floor_days(DAY - Duration::seconds(1)), 0);
        assert_eq!(floor_days(-Duration::seconds(1)), -1);
        assert_eq!(floor_days(DAY * 3), 3);
    }
}
