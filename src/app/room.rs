//! How long a player can still think on the pending move before losing on
//! time (R3.5.7), in words that need no rules to read: the days left on the
//! move and, where days past the threshold count double (R3.5.3), that
//! they do. The clock's "days left" is the allowance; this is what a
//! player can actually spend on this one move.

use chrono::{DateTime, Duration, Utc};
use serde::{Deserialize, Serialize};

use crate::app::i18n::{Args, Lang, days_text, tr, tr0};
use crate::app::zone::ShownInstant;
use crate::core::clock::Days;
use crate::store::GameId;

/// The thinking time left on the pending move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Room {
    /// Whole days of thinking left before the loss (0: less than a day).
    pub days: Days,
    /// The days on one move past which each counts double, when the days
    /// left reach past them (R3.5.3); `None` when doubling cannot apply.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub doubling: Option<Days>,
}

impl Room {
    /// The room of a move that loses when its thinking reaches `budget`,
    /// after `thinking` so far (leave excluded), with doubling past
    /// `threshold` days where the clock doubles (R3.5.3: the federation's
    /// control only).
    pub fn of(budget: Duration, thinking: Duration, threshold: Option<Days>) -> Self {
        let left = (budget - thinking).max(Duration::zero());
        Self {
            days: left.num_days(),
            doubling: threshold.filter(|threshold| budget > Duration::days(*threshold)),
        }
    }

    /// «36 днів (після 20 днів на одному ході кожен день рахується за два)».
    pub fn text(&self, lang: Lang) -> String {
        let days = if self.days == 0 {
            tr0(lang, "room-under-a-day")
        } else {
            days_text(lang, self.days)
        };
        match self.doubling {
            Some(threshold) => {
                let args = Args::new()
                    .with("days", days)
                    .with("threshold", days_text(lang, threshold));
                tr(lang, "room-doubling", &args)
            }
            None => days,
        }
    }
}

/// The last minute in which an act still counts, before `at` (the first
/// instant that is too late): 11:00 gives 10:59, 10:30:27 gives 10:29.
pub fn last_minute(at: DateTime<Utc>) -> DateTime<Utc> {
    let minute_start = at.timestamp().div_euclid(60) * 60;
    DateTime::from_timestamp(minute_start - 60, 0).unwrap_or(at)
}

/// A window a notice names (to answer, to appeal, to continue) beside the
/// loss on time that may come first.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Window {
    /// The first instant past the window.
    pub ends: ShownInstant,
    /// The first instant of the loss on time, when it comes before the
    /// window ends.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub loses_at: Option<ShownInstant>,
    /// The game lost on time, in a notice not about one game (a request,
    /// R3.4.3; a ruling, R2.1.6).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game: Option<GameId>,
}

impl Window {
    /// The window ending at `ends`, with the loss at `loses_at` named when
    /// it comes first.
    pub fn new(ends: ShownInstant, loses_at: Option<ShownInstant>) -> Self {
        let loses_at = loses_at.filter(|loss| loss.at <= ends.at);
        Self {
            ends,
            loses_at,
            game: None,
        }
    }

    /// The window ending at `ends`, with the loss on time in `game` at
    /// `loses_at` named when it comes first.
    pub fn with_loss_in(ends: ShownInstant, loss: Option<(GameId, ShownInstant)>) -> Self {
        let (game, loses_at) = loss.unzip();
        let window = Self::new(ends, loses_at);
        let game = game.filter(|_| window.loses_at.is_some());
        Self { game, ..window }
    }

    /// The notice `window_id` with `args` and `ends` (the window's last
    /// minute) or, when the loss on time comes first (R3.5.7),
    /// `loss_first_id`, which names that loss (`at`, its last minute;
    /// `game`, when known) before the window.
    pub fn text(
        &self,
        lang: Lang,
        (window_id, loss_first_id): (&str, &str),
        args: Args<'_>,
    ) -> String {
        let mut args = args.with("ends", self.ends.deadline_text(lang));
        if let Some(game) = self.game {
            args = args.with("game", game);
        }
        match &self.loses_at {
            Some(loss) => tr(
                lang,
                loss_first_id,
                &args.with("at", loss.deadline_text(lang)),
            ),
            None => tr(lang, window_id, &args),
        }
    }

    /// The 35-day notice (R3.3.2) with `args` (`game`, `days`): the last
    /// minute to say the player continues or, when the loss on time comes
    /// first (R3.5.7), that loss first and the window after it.
    pub fn continuation_text(&self, lang: Lang, args: Args<'_>) -> String {
        let ids = (
            "notice-continuation-window",
            "notice-continuation-loss-first",
        );
        self.text(lang, ids, args)
    }

    /// The 35-day notice of a team event's player (R3.3.2), through the
    /// captain, with the loss on time named when it comes first.
    pub fn via_captain_text(&self, lang: Lang, args: Args<'_>) -> String {
        let args = args.with("ends", self.ends.deadline_text(lang));
        let text = tr(lang, "notice-continuation-window-via-captain", &args);
        match &self.loses_at {
            Some(loss) => {
                let args = Args::new().with("at", loss.deadline_text(lang));
                format!("{text} {}", tr(lang, "notice-window-loss-first", &args))
            }
            None => text,
        }
    }
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;

    use super::*;

    #[test]
    fn fifty_days_in_hand_give_thirty_six_on_one_move_with_doubling_named() {
        // R3.5.3: 20 + 2·15 = 50 is the last charge that fits, so the
        // 36th day loses.
        let room = Room::of(Duration::days(36), Duration::zero(), Some(20));
        assert_eq!(room.days, 36);
        assert_eq!(
            room.text(Lang::En),
            "36\u{a0}days (each day past 20\u{a0}days on one move counts double)"
        );
        let late = Room::of(
            Duration::days(36),
            Duration::days(35) + Duration::hours(1),
            Some(20),
        );
        assert_eq!(late.days, 0);
        assert!(late.text(Lang::Uk).starts_with("менше доби"));
    }

    #[test]
    fn a_short_budget_has_no_doubling_to_name() {
        let room = Room::of(Duration::days(5), Duration::days(2), Some(20));
        assert_eq!(
            room,
            Room {
                days: 3,
                doubling: None
            }
        );
        assert_eq!(room.text(Lang::Uk), "3\u{a0}дні");
    }

    #[test]
    fn the_last_minute_is_the_one_before_the_loss() {
        let at = Utc.with_ymd_and_hms(2026, 2, 10, 9, 0, 0).unwrap();
        assert_eq!(
            last_minute(at),
            Utc.with_ymd_and_hms(2026, 2, 10, 8, 59, 0).unwrap()
        );
        let odd = Utc.with_ymd_and_hms(2026, 2, 10, 9, 30, 27).unwrap();
        assert_eq!(
            last_minute(odd),
            Utc.with_ymd_and_hms(2026, 2, 10, 9, 29, 0).unwrap()
        );
    }
}
