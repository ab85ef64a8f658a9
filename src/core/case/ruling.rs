//! What an arbiter may rule, validated, and the effects that need
//! computing: extra leave against the yearly limit (R3.6.3) and exclusion
//! turned into per-game outcomes (R2.1.5, R3.1.5, R3.4.3).

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use shakmaty::Color;

use crate::core::game::{ArbiterReason, Score};
use crate::core::team::{GameKey, PersonKey};

/// Extra leave the arbiter may grant a player in a calendar year (R3.6.3).
pub const EXTRA_LEAVE_DAYS_PER_YEAR: u32 = 15;

/// One measure of a ruling.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ruling {
    /// Scores a game (R3.1.6): a win, a draw, a double loss or annulment,
    /// with the reason code. [`ArbiterReason::Annulled`] goes with
    /// [`Score::Annulled`] and no other reason does.
    ScoreGame {
        /// The game.
        game: GameKey,
        /// The score.
        score: Score,
        /// Why.
        reason: ArbiterReason,
    },
    /// Gives back (`days` > 0) or takes (`days` < 0) thinking days on a
    /// player's clock in a game.
    AdjustClock {
        /// The game.
        game: GameKey,
        /// Whose clock.
        player: PersonKey,
        /// Days added to the time left (negative: taken away).
        days: i32,
    },
    /// Penalty days added to a player's time in a game (R2.4.9, R2.4.10,
    /// R2.6.8).
    PenaltyDays {
        /// The game.
        game: GameKey,
        /// Who is penalised.
        player: PersonKey,
        /// How many days (at least 1).
        days: u32,
    },
    /// Extra leave in exceptional cases (R3.6.3), built with
    /// [`grant_extra_leave`] so that the yearly limit holds.
    ExtraLeave {
        /// Who gets it.
        player: PersonKey,
        /// The calendar year it counts against.
        year: i32,
        /// How many days.
        days: u32,
    },
    /// A warning (R2.1.5).
    Warn {
        /// Who is warned.
        player: PersonKey,
    },
    /// Exclusion from the event (R2.1.5, R3.4.3; withdrawal R3.1.5); the
    /// remaining games follow [`exclusion_outcomes`].
    Exclude {
        /// Who is excluded.
        player: PersonKey,
    },
    /// Disqualification (R2.1.5): exclusion, and barred from later events.
    Disqualify {
        /// Who is disqualified.
        player: PersonKey,
    },
    /// A suspended game goes on (R2.6.7: an overstep claim rejected; the
    /// claimant's withheld move is passed on).
    ResumeGame {
        /// The game.
        game: GameKey,
    },
    /// No measure: the complaint or claim is rejected, or the question
    /// answered.
    NoAction,
}

/// Why a ruling was refused. Data, not prose.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
pub enum RulingError {
    /// Annulled scores and the annulled reason go together (see
    /// [`Ruling::ScoreGame`]).
    #[error("an annulled game has no score, and only an annulled game")]
    InconsistentScore,
    /// A clock adjustment or a penalty of zero days.
    #[error("zero days")]
    ZeroDays,
    /// Extra leave over the yearly limit (R3.6.3).
    #[error("{requested} days of extra leave on top of {already} in {year} exceed {limit}")]
    ExtraLeaveOverLimit {
        /// The calendar year.
        year: i32,
        /// Days already granted that year.
        already: u32,
        /// Days asked for now.
        requested: u32,
        /// The yearly limit.
        limit: u32,
    },
    /// A ruling with no measure at all.
    #[error("a ruling needs at least one measure")]
    Empty,
}

impl Ruling {
    /// Checks what can be checked from the ruling alone. Extra leave is
    /// checked against the year by [`grant_extra_leave`]; here only that it
    /// fits the limit by itself.
    pub fn validate(&self) -> Result<(), RulingError> {
        match *self {
            Ruling::ScoreGame { score, reason, .. }
                if (reason == ArbiterReason::Annulled) != (score == Score::Annulled) =>
            {
                return Err(RulingError::InconsistentScore);
            }
            Ruling::AdjustClock { days: 0, .. } | Ruling::PenaltyDays { days: 0, .. } => {
                return Err(RulingError::ZeroDays);
            }
            Ruling::ExtraLeave { year, days, .. } => {
                grant_extra_leave(&[], year, days)?;
            }
            _ => {}
        }
        Ok(())
    }
}

/// Extra leave already granted to a player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExtraLeaveGrant {
    /// The calendar year it counts against.
    pub year: i32,
    /// How many days.
    pub days: u32,
}

/// Builds an extra-leave ruling of `days` for `player` in `year`, refused if
/// with what was `granted` that year it would exceed 15 days (R3.6.3).
pub fn grant_extra_leave_to(
    player: PersonKey,
    granted: &[ExtraLeaveGrant],
    year: i32,
    days: u32,
) -> Result<Ruling, RulingError> {
    grant_extra_leave(granted, year, days)?;
    Ok(Ruling::ExtraLeave { player, year, days })
}

/// Checks `days` of extra leave in `year` against the grants so far (R3.6.3)
/// and returns the new grant.
pub fn grant_extra_leave(
    granted: &[ExtraLeaveGrant],
    year: i32,
    days: u32,
) -> Result<ExtraLeaveGrant, RulingError> {
    if days == 0 {
        return Err(RulingError::ZeroDays);
    }
    let already: u32 = granted
        .iter()
        .filter(|grant| grant.year == year)
        .map(|grant| grant.days)
        .sum();
    if already.saturating_add(days) > EXTRA_LEAVE_DAYS_PER_YEAR {
        return Err(RulingError::ExtraLeaveOverLimit {
            year,
            already,
            requested: days,
            limit: EXTRA_LEAVE_DAYS_PER_YEAR,
        });
    }
    Ok(ExtraLeaveGrant { year, days })
}

/// A ruling with who made it, when and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Decision {
    /// The measures, at least one.
    pub rulings: Vec<Ruling>,
    /// The arbiter (or committee member) who decided.
    pub by: PersonKey,
    /// When.
    pub at: DateTime<Utc>,
    /// The reasons, as written by the arbiter (R2.1.4: a player may ask for
    /// them).
    pub why: String,
}

/// What an event does with an excluded player's remaining games.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum ExclusionScoring {
    /// Every unfinished game is lost by the excluded player (by default).
    Losses,
    /// Every unfinished game is annulled and counts for nobody.
    Annulled,
}

/// A game of the event as an exclusion sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct EventGame {
    /// The game.
    pub game: GameKey,
    /// White.
    pub white: PersonKey,
    /// Black.
    pub black: PersonKey,
    /// True once the game has a result; finished games keep it.
    pub finished: bool,
}

/// The score the arbiter gives one game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameOutcome {
    /// The game.
    pub game: GameKey,
    /// The score.
    pub score: Score,
    /// The reason code.
    pub reason: ArbiterReason,
}

/// Turns the exclusion (or disqualification, or withdrawal) of `player`
/// into outcomes for each of the player's unfinished games (R2.1.5, R3.1.5,
/// R3.4.3): a win by default for the partner, or annulment, as the event's
/// `scoring` says. Finished games keep their results.
pub fn exclusion_outcomes(
    player: PersonKey,
    games: &[EventGame],
    scoring: ExclusionScoring,
) -> Vec<GameOutcome> {
    games
        .iter()
        .filter(|game| !game.finished && (game.white == player || game.black == player))
        .map(|game| {
            let partner = if game.white == player {
                Color::Black
            } else {
                Color::White
            };
            let (score, reason) = match scoring {
                ExclusionScoring::Losses => (Score::Win(partner), ArbiterReason::Default),
                ExclusionScoring::Annulled => (Score::Annulled, ArbiterReason::Annulled),
            };
            GameOutcome {
                game: game.game,
                score,
                reason,
            }
        })
        .collect()
}
