//! Club ratings: the Elo system, as ICCF rates correspondence games, computed
//! with the `skillratings` crate.
//!
//! A rating is kept in thousandths of a point ([`Rating`]): the store keeps
//! integers on both databases, and every update rounds to a thousandth, so
//! the incremental updates and a recomputation from scratch
//! (`corrbot ratings --rebuild`) do the same arithmetic and give the same
//! numbers to the last digit.
//!
//! Why Elo and not Glicko-2: a correspondence game lasts months and a club
//! plays a few dozen a year, so Glicko-2's rating periods and its deviation
//! growing with idle time fit poorly; Elo is what ICCF publishes, one number
//! a player can check by hand, and the number the PGN `WhiteElo`/`BlackElo`
//! tags expect.

use skillratings::Outcomes;
use skillratings::elo::{EloConfig, EloRating, elo};

use super::game::Score;

/// A rating in thousandths of a point (1500.000 is `Rating(1_500_000)`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Rating(pub i64);

impl Rating {
    /// Every player's rating before their first rated game.
    pub const START: Rating = Rating(1_500_000);

    /// The rating rounded to whole points, as shown.
    pub fn points(self) -> i64 {
        (self.0 + 500).div_euclid(1000)
    }

    fn elo(self) -> EloRating {
        EloRating {
            rating: self.0 as f64 / 1000.0,
        }
    }

    fn from_elo(rating: EloRating) -> Self {
        Rating((rating.rating * 1000.0).round() as i64)
    }
}

/// The development coefficient: how far one game moves a rating.
pub const K: f64 = 32.0;

/// The rated outcome of a game from White's side, or `None` when the
/// result is not rated: a double loss (a double forfeit is no contest
/// between the two) and an annulled game count for neither player.
pub fn rated_outcome(score: Score) -> Option<Outcomes> {
    match score {
        Score::Win(shakmaty::Color::White) => Some(Outcomes::WIN),
        Score::Win(shakmaty::Color::Black) => Some(Outcomes::LOSS),
        Score::Draw => Some(Outcomes::DRAW),
        Score::DoubleLoss | Score::Annulled => None,
    }
}

/// The two ratings after a game between `white` and `black` that ended
/// with `outcome` (from White's side): `R' = R + K·(S − E)`, with
/// `E = 1 / (1 + 10^((R_opponent − R) / 400))`, rounded to thousandths.
pub fn after_game(white: Rating, black: Rating, outcome: Outcomes) -> (Rating, Rating) {
    let config = EloConfig { k: K };
    let (white, black) = elo(&white.elo(), &black.elo(), &outcome, &config);
    (Rating::from_elo(white), Rating::from_elo(black))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_players_move_half_of_k() {
        // E = 1/(1+10^0) = 0.5; the winner gains 32·(1 − 0.5) = 16.
        let (w, b) = after_game(Rating::START, Rating::START, Outcomes::WIN);
        assert_eq!((w, b), (Rating(1_516_000), Rating(1_484_000)));
    }

    #[test]
    fn a_draw_moves_the_stronger_player_down() {
        // 1600 vs 1400: E(1600) = 1/(1+10^(-200/400)) = 1/(1+0.316228) = 0.759747;
        // draw: 1600 + 32·(0.5 − 0.759747) = 1600 − 8.311903 = 1591.688;
        // 1400 + 32·(0.5 − 0.240253) = 1408.312.
        let (w, b) = after_game(Rating(1_600_000), Rating(1_400_000), Outcomes::DRAW);
        assert_eq!((w, b), (Rating(1_591_688), Rating(1_408_312)));
    }

    #[test]
    fn unrated_results() {
        assert_eq!(rated_outcome(Score::Annulled), None);
        assert_eq!(rated_outcome(Score::DoubleLoss), None);
        assert_eq!(rated_outcome(Score::Draw), Some(Outcomes::DRAW));
    }

    #[test]
    fn points_round_half_up() {
        assert_eq!(Rating(1_515_500).points(), 1516);
        assert_eq!(Rating(1_515_499).points(), 1515);
    }
}
