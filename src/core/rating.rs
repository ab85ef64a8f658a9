//! Club ratings: two formulas an event chooses between (`rating=`, issue
//! 40): ICCF's ([`Formula::Iccf`], the default for new events) and the
//! plain Elo update the club used before ([`Formula::Elo`], computed with
//! the `skillratings` crate), kept for the games rated with it.
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

/// The development coefficient of [`Formula::Elo`]: how far one game moves
/// a rating.
pub const K: f64 = 32.0;

/// The divisor of ICCF's expected score: `p(D) = 1/(1 + 10^(−D/640))`
/// (ICCF rating rules; Elo's is 400, so a rating gap means less).
pub const ICCF_DIVISOR: f64 = 640.0;

/// Rated games before which a rating is provisional (ICCF: 12).
pub const PROVISIONAL_GAMES: i64 = 12;

/// Rated games from which a rating is fixed (ICCF: 30); between
/// [`PROVISIONAL_GAMES`] and this it is unfixed.
pub const FIXED_GAMES: i64 = 30;

/// How a rated game moves the ratings: chosen per event (`rating=iccf|elo`)
/// and recorded on every rating change, so that a recomputation rates each
/// game with its own event's formula.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Formula {
    /// The club's first formula: `E = 1/(1 + 10^(−D/400))`, K = 32 for
    /// everyone. Events from before issue 40 keep it.
    Elo,
    /// ICCF's: `E = 1/(1 + 10^(−D/640))` and a K by the player's phase
    /// ([`Phase::iccf_k`]); the default for new events.
    #[default]
    Iccf,
}

impl Formula {
    /// The formula's word (`elo`, `iccf`): as typed in `rating=` and stored.
    pub fn as_str(self) -> &'static str {
        match self {
            Formula::Elo => "elo",
            Formula::Iccf => "iccf",
        }
    }

    /// The formula named by `word` (any case), if any.
    pub fn parse(word: &str) -> Option<Self> {
        match word.to_lowercase().as_str() {
            "elo" | "ело" => Some(Formula::Elo),
            "iccf" => Some(Formula::Iccf),
            _ => None,
        }
    }
}

/// The phase of a rating by the number of rated games (ICCF): provisional
/// until [`PROVISIONAL_GAMES`], unfixed until [`FIXED_GAMES`], then fixed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// Fewer than 12 rated games: shown with a mark.
    Provisional,
    /// 12 to 29 rated games.
    Unfixed,
    /// 30 rated games or more.
    Fixed,
}

impl Phase {
    /// The phase of a rating after `games` rated games.
    pub fn of(games: i64) -> Phase {
        if games < PROVISIONAL_GAMES {
            Phase::Provisional
        } else if games < FIXED_GAMES {
            Phase::Unfixed
        } else {
            Phase::Fixed
        }
    }

    /// The phase's word (`provisional`, `unfixed`, `fixed`): the catalogs'
    /// selector.
    pub fn as_str(self) -> &'static str {
        match self {
            Phase::Provisional => "provisional",
            Phase::Unfixed => "unfixed",
            Phase::Fixed => "fixed",
        }
    }

    /// The weight K of one game under [`Formula::Iccf`] for a player in
    /// this phase before the game. ICCF rates a player on all their games,
    /// so one game weighs about 800/N points for N games counted: about
    /// 800/12 ≈ 67 while the rating is being established, 800/20 = 40 in
    /// the middle of the unfixed phase, 800/32 = 25 once fixed. We take 64,
    /// 40 and 25 as constants of the phase: a newcomer's rating finds its
    /// level quickly, a fixed one moves little, and every step is one line
    /// of arithmetic a player can check by hand.
    pub fn iccf_k(self) -> f64 {
        match self {
            Phase::Provisional => 64.0,
            Phase::Unfixed => 40.0,
            Phase::Fixed => 25.0,
        }
    }
}

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

/// A player as a rated game meets them: their rating and the rated games
/// they had played before it (their phase).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Standing {
    /// The rating before the game.
    pub rating: Rating,
    /// Rated games before the game.
    pub games: i64,
}

/// The two ratings after a game, by `formula`: [`after_game`] for
/// [`Formula::Elo`] (the numbers as before, to the last digit); for
/// [`Formula::Iccf`] `R' = R + K·(S − E)` with
/// `E = 1/(1 + 10^((R_opponent − R)/640))` and each player's own K
/// ([`Phase::iccf_k`] of the games before this one), rounded to thousandths.
pub fn after_game_with(
    formula: Formula,
    white: Standing,
    black: Standing,
    outcome: Outcomes,
) -> (Rating, Rating) {
    if formula == Formula::Elo {
        return after_game(white.rating, black.rating, outcome);
    }
    let score = match outcome {
        Outcomes::WIN => 1.0,
        Outcomes::DRAW => 0.5,
        Outcomes::LOSS => 0.0,
    };
    let points = |r: Rating| r.0 as f64 / 1000.0;
    let gap = points(black.rating) - points(white.rating);
    let expected = 1.0 / (1.0 + 10f64.powf(gap / ICCF_DIVISOR));
    let moved = |side: Standing, s: f64, e: f64| {
        let k = Phase::of(side.games).iccf_k();
        Rating(((points(side.rating) + k * (s - e)) * 1000.0).round() as i64)
    };
    (
        moved(white, score, expected),
        moved(black, 1.0 - score, 1.0 - expected),
    )
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

    fn at(points: i64, games: i64) -> Standing {
        Standing {
            rating: Rating(points * 1000),
            games,
        }
    }

    #[test]
    fn iccf_equal_newcomers_move_half_of_the_provisional_k() {
        // E = 1/(1+10^(0/640)) = 0.5; both provisional (K 64): ±64·0.5 = 32.
        let (w, b) = after_game_with(Formula::Iccf, at(1500, 0), at(1500, 0), Outcomes::WIN);
        assert_eq!((w, b), (Rating(1_532_000), Rating(1_468_000)));
    }

    #[test]
    fn iccf_divides_the_gap_by_640_and_weighs_each_side_by_its_phase() {
        // 1600 (30 games, fixed, K 25) vs 1400 (no games, provisional, K 64):
        // E(1600) = 1/(1+10^(−200/640)) = 1/(1+10^(−0.3125))
        //         = 1/(1+0.486968) = 0.672510 (Elo's 400 gives 0.759747);
        // draw: 1600 + 25·(0.5 − 0.672510) = 1600 − 4.312741 = 1595.687;
        //       1400 + 64·(0.5 − 0.327490) = 1400 + 11.040617 = 1411.041.
        let (w, b) = after_game_with(Formula::Iccf, at(1600, 30), at(1400, 0), Outcomes::DRAW);
        assert_eq!((w, b), (Rating(1_595_687), Rating(1_411_041)));
    }

    #[test]
    fn iccf_unfixed_player_beats_a_fixed_one() {
        // 1500 (20 games, unfixed, K 40) beats 1600 (40 games, fixed, K 25):
        // E(1500) = 1/(1+10^(100/640)) = 1/(1+1.433013) = 0.411013;
        // 1500 + 40·(1 − 0.411013) = 1500 + 23.559477 = 1523.559;
        // 1600 + 25·(0 − 0.588987) = 1600 − 14.724673 = 1585.275.
        let (w, b) = after_game_with(Formula::Iccf, at(1500, 20), at(1600, 40), Outcomes::WIN);
        assert_eq!((w, b), (Rating(1_523_559), Rating(1_585_275)));
    }

    #[test]
    fn the_elo_formula_gives_the_numbers_of_before() {
        // The phases play no part in Elo: K 32 whatever the games.
        for games in [0, 12, 30] {
            let (w, b) = after_game_with(
                Formula::Elo,
                at(1600, games),
                at(1400, games),
                Outcomes::DRAW,
            );
            assert_eq!((w, b), (Rating(1_591_688), Rating(1_408_312)));
        }
    }

    #[test]
    fn phases_change_at_12_and_30_games() {
        assert_eq!(Phase::of(0), Phase::Provisional);
        assert_eq!(Phase::of(11), Phase::Provisional);
        assert_eq!(Phase::of(12), Phase::Unfixed);
        assert_eq!(Phase::of(29), Phase::Unfixed);
        assert_eq!(Phase::of(30), Phase::Fixed);
        // A provisional player's 12th game still weighs 64; the 13th, 40.
        assert_eq!(Phase::of(11).iccf_k(), 64.0);
        assert_eq!(Phase::of(12).iccf_k(), 40.0);
        assert_eq!(Phase::of(30).iccf_k(), 25.0);
    }

    #[test]
    fn formulas_read_their_words() {
        assert_eq!(Formula::parse("ICCF"), Some(Formula::Iccf));
        assert_eq!(Formula::parse("elo"), Some(Formula::Elo));
        assert_eq!(Formula::parse("glicko"), None);
        assert_eq!(Formula::default(), Formula::Iccf);
    }

    #[test]
    fn points_round_half_up() {
        assert_eq!(Rating(1_515_500).points(), 1516);
        assert_eq!(Rating(1_515_499).points(), 1515);
    }
}
