//! Who may enter an event (issue events-2, after ICCF's entry conditions):
//! the most players, a club-rating band, the rated games finished, and
//! timeout discipline (no loss on time in the last days, at most a share of
//! losses on time). Also the regulation's limit on draw offers (ICCF: one
//! per ten moves of the offering player).
//!
//! Pure values and checks: the app gathers a player's [`EntryRecord`] and
//! words a [`EntryRefusal`].

use chrono::{Duration, NaiveDate};
use serde::{Deserialize, Serialize};

/// An event's entry conditions; every one unset by default (anyone enters),
/// so regulations written before them read as before.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct EntryRules {
    /// The most players the event takes (`max-players=N`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_players: Option<u32>,
    /// The event starts itself when the `max_players`-th player enters
    /// (`start=full`).
    #[serde(skip_serializing_if = "is_false")]
    pub start_when_full: bool,
    /// The club-rating band, both ends included (`rating=MIN-MAX`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rating: Option<RatingBand>,
    /// The fewest rated games finished (`min-games=N`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub min_games: Option<u32>,
    /// Days after a loss on time in which the player may not enter
    /// (`timeout-ban=D`; ICCF uses 30 or 90).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub timeout_ban_days: Option<u32>,
    /// The largest share, in per cent, of losses on time among the player's
    /// finished games (`max-timeouts=P%`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_timeout_percent: Option<u32>,
}

fn is_false(value: &bool) -> bool {
    !*value
}

/// A club-rating band, both ends included.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct RatingBand {
    /// The lowest rating admitted.
    pub min: i64,
    /// The highest rating admitted.
    pub max: i64,
}

impl RatingBand {
    /// `MIN-MAX` (`1400-1800`), the lower end first.
    pub fn parse(value: &str) -> Option<Self> {
        let (min, max) = value.split_once(['-', '–'])?;
        let band = Self {
            min: min.trim().parse().ok()?,
            max: max.trim().parse().ok()?,
        };
        (0 <= band.min && band.min <= band.max).then_some(band)
    }
}

/// What the entry conditions read of a player.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EntryRecord {
    /// The club rating in points (the default for a player without one).
    pub rating: i64,
    /// Rated games finished.
    pub rated_games: u32,
    /// Games finished with a sporting result (annulled ones not counted).
    pub finished_games: u32,
    /// Of them, the games lost on time.
    pub time_losses: u32,
    /// The date (in the event's zone) of the last loss on time.
    pub last_time_loss: Option<NaiveDate>,
}

/// Why a player may not enter: the rule and what they lack.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EntryRefusal {
    /// The event has its most players.
    Full {
        /// The most players.
        max: u32,
    },
    /// The rating is below the band.
    RatingBelow {
        /// The player's rating.
        rating: i64,
        /// The band.
        band: RatingBand,
    },
    /// The rating is above the band.
    RatingAbove {
        /// The player's rating.
        rating: i64,
        /// The band.
        band: RatingBand,
    },
    /// Too few rated games finished.
    TooFewGames {
        /// The player's rated games.
        games: u32,
        /// The fewest admitted.
        min: u32,
    },
    /// A loss on time within the ban.
    TimeoutBan {
        /// The days of the ban.
        days: u32,
        /// The date of the loss.
        lost: NaiveDate,
        /// The first date on which the player may enter.
        from: NaiveDate,
    },
    /// Too large a share of losses on time.
    TooManyTimeouts {
        /// Losses on time.
        losses: u32,
        /// Finished games.
        games: u32,
        /// The largest share admitted, per cent.
        max_percent: u32,
    },
}

impl EntryRules {
    /// Whether no condition is set (nothing is written then).
    pub fn is_unset(&self) -> bool {
        *self == Self::default()
    }

    /// Whether the event is full with `entrants` players.
    pub fn is_full(&self, entrants: usize) -> bool {
        self.max_players
            .is_some_and(|max| entrants >= usize::try_from(max).unwrap_or(usize::MAX))
    }

    /// Refuses a player entering an event that has `entrants` players
    /// already, `today` in the event's zone; the first condition broken.
    pub fn check(
        &self,
        entrants: usize,
        record: &EntryRecord,
        today: NaiveDate,
    ) -> Result<(), EntryRefusal> {
        if let Some(max) = self.max_players.filter(|_| self.is_full(entrants)) {
            return Err(EntryRefusal::Full { max });
        }
        self.check_player(record, today)
    }

    /// The conditions about the player alone (rating, games, timeouts).
    pub fn check_player(&self, record: &EntryRecord, today: NaiveDate) -> Result<(), EntryRefusal> {
        let rating = record.rating;
        if let Some(band) = self.rating {
            if rating < band.min {
                return Err(EntryRefusal::RatingBelow { rating, band });
            }
            if rating > band.max {
                return Err(EntryRefusal::RatingAbove { rating, band });
            }
        }
        if let Some(min) = self.min_games.filter(|min| record.rated_games < *min) {
            let games = record.rated_games;
            return Err(EntryRefusal::TooFewGames { games, min });
        }
        if let (Some(days), Some(lost)) = (self.timeout_ban_days, record.last_time_loss) {
            let from = lost + Duration::days(i64::from(days));
            if today < from {
                return Err(EntryRefusal::TimeoutBan { days, lost, from });
            }
        }
        if let Some(max_percent) = self.max_timeout_percent {
            let (losses, games) = (record.time_losses, record.finished_games);
            if u64::from(losses) * 100 > u64::from(max_percent) * u64::from(games) {
                return Err(EntryRefusal::TooManyTimeouts {
                    losses,
                    games,
                    max_percent,
                });
            }
        }
        Ok(())
    }
}

/// The number of the offering player's move at a draw offer: the move they
/// are about to make when it is their turn, else the move they have just
/// made. `start_move` and `start_black` describe the game's start position
/// (its full-move number and whether Black moves first); `ply` counts the
/// half-moves made since.
pub fn offer_move_number(start_move: u32, start_black: bool, ply: u32, offerer_white: bool) -> u32 {
    let from_origin = (start_move.max(1) - 1) * 2 + u32::from(start_black) + ply;
    let number = from_origin / 2 + 1;
    let white_to_move = from_origin.is_multiple_of(2);
    if white_to_move && !offerer_white {
        // White to move: Black's last move had the previous number.
        number - 1
    } else {
        number
    }
}

/// The first move from which a player who offered a draw at move
/// `last_offer` may offer another, at most one per `every` of their moves.
pub fn next_offer_move(last_offer: u32, every: u32) -> u32 {
    last_offer + every.max(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record() -> EntryRecord {
        EntryRecord {
            rating: 1500,
            rated_games: 0,
            finished_games: 0,
            time_losses: 0,
            last_time_loss: None,
        }
    }

    fn date(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap()
    }

    #[test]
    fn no_conditions_admit_everyone() {
        let rules = EntryRules::default();
        assert!(rules.is_unset());
        assert_eq!(rules.check(1000, &record(), date(2026, 1, 1)), Ok(()));
    }

    #[test]
    fn the_band_includes_its_ends() {
        let band = RatingBand::parse("1400-1800").unwrap();
        let rules = EntryRules {
            rating: Some(band),
            ..EntryRules::default()
        };
        let today = date(2026, 1, 1);
        for (rating, ok) in [(1399, false), (1400, true), (1800, true), (1801, false)] {
            let record = EntryRecord { rating, ..record() };
            assert_eq!(rules.check(0, &record, today).is_ok(), ok, "{rating}");
        }
        assert_eq!(RatingBand::parse("1800-1400"), None);
        assert_eq!(RatingBand::parse("1400"), None);
        assert_eq!(RatingBand::parse("x-1400"), None);
    }

    #[test]
    fn the_most_players_refuse_the_next_one() {
        let rules = EntryRules {
            max_players: Some(4),
            ..EntryRules::default()
        };
        let today = date(2026, 1, 1);
        assert_eq!(rules.check(3, &record(), today), Ok(()));
        assert_eq!(
            rules.check(4, &record(), today),
            Err(EntryRefusal::Full { max: 4 })
        );
    }

    #[test]
    fn too_few_rated_games_name_what_is_lacking() {
        let rules = EntryRules {
            min_games: Some(5),
            ..EntryRules::default()
        };
        let four = EntryRecord {
            rated_games: 4,
            ..record()
        };
        assert_eq!(
            rules.check_player(&four, date(2026, 1, 1)),
            Err(EntryRefusal::TooFewGames { games: 4, min: 5 })
        );
        let five = EntryRecord {
            rated_games: 5,
            ..record()
        };
        assert_eq!(rules.check_player(&five, date(2026, 1, 1)), Ok(()));
    }

    #[test]
    fn a_loss_on_time_bars_entry_until_the_day_after_the_ban() {
        let rules = EntryRules {
            timeout_ban_days: Some(30),
            ..EntryRules::default()
        };
        let lost = date(2026, 1, 10);
        let record = EntryRecord {
            last_time_loss: Some(lost),
            time_losses: 1,
            finished_games: 1,
            ..record()
        };
        let from = date(2026, 2, 9);
        assert_eq!(
            rules.check_player(&record, date(2026, 2, 8)),
            Err(EntryRefusal::TimeoutBan {
                days: 30,
                lost,
                from
            })
        );
        assert_eq!(rules.check_player(&record, from), Ok(()));
    }

    #[test]
    fn the_share_of_losses_on_time_may_reach_the_limit_not_pass_it() {
        let rules = EntryRules {
            max_timeout_percent: Some(10),
            ..EntryRules::default()
        };
        let today = date(2026, 1, 1);
        let share = |losses, games| EntryRecord {
            time_losses: losses,
            finished_games: games,
            ..record()
        };
        assert_eq!(rules.check_player(&share(1, 10), today), Ok(()));
        assert_eq!(
            rules.check_player(&share(2, 10), today),
            Err(EntryRefusal::TooManyTimeouts {
                losses: 2,
                games: 10,
                max_percent: 10
            })
        );
        assert_eq!(rules.check_player(&share(0, 0), today), Ok(()));
    }

    #[test]
    fn offers_count_the_offering_players_moves() {
        // From the initial position: after 1. e4 (ply 1) Black is to make
        // move 1; White has just made move 1.
        assert_eq!(offer_move_number(1, false, 0, true), 1);
        assert_eq!(offer_move_number(1, false, 1, true), 1);
        assert_eq!(offer_move_number(1, false, 1, false), 1);
        assert_eq!(offer_move_number(1, false, 2, false), 1);
        assert_eq!(offer_move_number(1, false, 2, true), 2);
        // A thematic start with Black to make move 2.
        assert_eq!(offer_move_number(2, true, 0, false), 2);
        assert_eq!(offer_move_number(2, true, 1, true), 3);
        assert_eq!(next_offer_move(5, 10), 15);
    }

    #[test]
    fn old_regulations_read_without_entry_rules() {
        let rules: EntryRules = serde_json::from_str("{}").unwrap();
        assert!(rules.is_unset());
        let json = serde_json::to_string(&EntryRules {
            max_players: Some(8),
            ..EntryRules::default()
        })
        .unwrap();
        assert_eq!(json, r#"{"max_players":8}"#);
    }
}
