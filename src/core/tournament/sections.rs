//! Sections and a final (issue 40): the entrants split into round-robin
//! sections balanced by rating, the best of each going on to a final round
//! robin, as in ICCF's preliminaries and finals.

use serde::{Deserialize, Serialize};

use super::Standing;

/// The stage number of the final; sections are numbered from 1.
pub const FINAL: i64 = 0;

/// An event's format of sections (`sections=K`, `qualify=Q`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sections {
    /// How many sections (2 or more).
    pub count: u32,
    /// How many of each section's best go on to the final (1 or more).
    pub qualify: u32,
}

impl Sections {
    /// The most sections an event may have.
    pub const MAX: u32 = 32;

    /// Why `players` entrants cannot be split into these sections, if they
    /// cannot: every section needs two players, and a section's smallest
    /// size must hold its qualifiers.
    pub fn check(&self, players: usize) -> Result<(), SectionsError> {
        let count = self.count as usize;
        if players < 2 * count {
            return Err(SectionsError::TooFewPlayers { needed: 2 * count });
        }
        let smallest = players / count;
        if self.qualify as usize > smallest {
            return Err(SectionsError::TooManyQualifiers { smallest });
        }
        Ok(())
    }
}

/// Why the entrants do not fit the sections.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SectionsError {
    /// Fewer than two players a section: `needed` players at least.
    TooFewPlayers {
        /// Two players a section.
        needed: usize,
    },
    /// More qualifiers than the smallest section has players.
    TooManyQualifiers {
        /// The smallest section's players.
        smallest: usize,
    },
}

/// Snake seeding: the players (indexes into `ratings`, which is in entry
/// order; `None` unrated) sorted by rating, best first, unrated last, equal
/// ratings in entry order; seeds 1..K go to sections 1..K, seeds K+1..2K
/// to sections K..1, and so on. Each section lists its players in seed
/// order. `sections` must be at least 1.
pub fn snake(ratings: &[Option<i64>], sections: usize) -> Vec<Vec<usize>> {
    let mut order: Vec<usize> = (0..ratings.len()).collect();
    // Stable: equal ratings keep the entry order.
    order.sort_by_key(|&index| std::cmp::Reverse(ratings[index].map_or(i64::MIN, |r| r)));
    let mut dealt = vec![Vec::new(); sections];
    for (seed, index) in order.into_iter().enumerate() {
        let lap = seed / sections;
        let step = seed % sections;
        let section = if lap.is_multiple_of(2) {
            step
        } else {
            sections - 1 - step
        };
        dealt[section].push(index);
    }
    dealt
}

/// The seeds of the best `qualify` of a section's `lines` (its standings,
/// [`super::standings`]): by place, that is points and then today's
/// tie-breaks (wins, Sonneborn-Berger, the games between the tied). Players
/// still sharing the last qualifying place go by rating (best first,
/// unrated last, `ratings` by seed), then by seed (the earlier entry).
pub fn qualifiers(lines: &[Standing], ratings: &[Option<i64>], qualify: usize) -> Vec<usize> {
    let mut order: Vec<&Standing> = lines.iter().collect();
    order.sort_by_key(|line| {
        let rating = ratings.get(line.seed).copied().flatten();
        (
            line.place.0,
            std::cmp::Reverse(rating.map_or(i64::MIN, |r| r)),
            line.seed,
        )
    });
    order.iter().take(qualify).map(|line| line.seed).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::tournament::{GameScore, TournamentGame, standings};

    #[test]
    fn qualifiers_are_the_best_by_place_then_rating_then_seed() {
        let game = |white, black, score| TournamentGame {
            white,
            black,
            score: Some(score),
        };
        // Seed 2 wins both; 0 and 1 draw each other and lose to 2: shared
        // second place.
        let games = [
            game(0, 1, GameScore::DRAW),
            game(2, 0, GameScore::WHITE_WINS),
            game(1, 2, GameScore::BLACK_WINS),
        ];
        let lines = standings(3, &games);
        assert_eq!(qualifiers(&lines, &[None, None, None], 1), vec![2]);
        // Equal: the earlier entry.
        assert_eq!(qualifiers(&lines, &[None, None, None], 2), vec![2, 0]);
        // Equal: the better rating first.
        let ratings = [Some(1500), Some(1700), None];
        assert_eq!(qualifiers(&lines, &ratings, 2), vec![2, 1]);
    }

    #[test]
    fn snake_deals_the_seeds_back_and_forth() {
        // Ratings 2000, 1900, …, 1300 in entry order 0..8.
        let ratings: Vec<Option<i64>> = (0..8).map(|i| Some(2000 - 100 * i)).collect();
        assert_eq!(snake(&ratings, 2), vec![vec![0, 3, 4, 7], vec![1, 2, 5, 6]]);
        assert_eq!(
            snake(&ratings, 3),
            vec![vec![0, 5, 6], vec![1, 4, 7], vec![2, 3]]
        );
    }

    #[test]
    fn snake_sorts_by_rating_then_entry_order_unrated_last() {
        let ratings = [None, Some(1500), Some(1800), Some(1500), None, Some(1600)];
        // Seed order: 2 (1800), 5 (1600), 1, 3 (1500, by entry), 0, 4 (unrated).
        assert_eq!(snake(&ratings, 2), vec![vec![2, 3, 0], vec![5, 1, 4]]);
    }

    #[test]
    fn sections_need_two_players_each_and_room_for_the_qualifiers() {
        let two = |qualify| Sections { count: 2, qualify };
        assert_eq!(
            two(1).check(3),
            Err(SectionsError::TooFewPlayers { needed: 4 })
        );
        assert_eq!(two(2).check(4), Ok(()));
        assert_eq!(
            two(3).check(5),
            Err(SectionsError::TooManyQualifiers { smallest: 2 })
        );
        assert_eq!(two(3).check(6), Ok(()));
    }
}
