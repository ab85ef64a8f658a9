//! Team matches: every board plays its counterpart, colours alternating by
//! board; team round robins pair the teams by the Berger tables.
//!
//! **Colour rule.** In a match the *first-named* team has White on the odd
//! boards (1, 3, 5, …) and Black on the even boards (2, 4, …). In a team
//! round robin the first-named team is the one the Berger table gives White
//! ([`crate::core::tournament::round_robin`]); in the second cycle of a double
//! round robin that table names the teams the other way round, so every
//! board's colours are reversed against the first cycle.

use serde::{Deserialize, Serialize};

use super::{PersonKey, Team, TeamError, TeamKey};
use crate::core::game::Score;
use crate::core::tournament::round_robin;

use super::standings::{BoardScore, TeamMatchScore};

/// One board of a team match.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoardPairing {
    /// The board, from 1.
    pub board: u32,
    /// The player with White.
    pub white: PersonKey,
    /// The player with Black.
    pub black: PersonKey,
    /// True if White plays for the first-named team.
    pub first_has_white: bool,
}

/// One match of a team event.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamMatch {
    /// The round, from 1 across all cycles.
    pub round: u32,
    /// The first-named team's seed (0-based position in the event's list).
    pub first: usize,
    /// The second-named team's seed.
    pub second: usize,
    /// The first-named team's id.
    pub first_team: TeamKey,
    /// The second-named team's id.
    pub second_team: TeamKey,
    /// The boards, board 1 first.
    pub boards: Vec<BoardPairing>,
}

impl TeamMatch {
    /// The match as the standings see it, from the boards' scores in board
    /// order (`None` while a game goes on).
    pub fn score(&self, scores: &[Option<Score>]) -> TeamMatchScore {
        TeamMatchScore {
            first: self.first,
            second: self.second,
            boards: self
                .boards
                .iter()
                .zip(scores)
                .map(|(pairing, &score)| BoardScore {
                    first_has_white: pairing.first_has_white,
                    score,
                })
                .collect(),
        }
    }
}

/// True if the first-named team has White on `board` (from 1): odd boards.
pub fn first_named_has_white(board: u32) -> bool {
    board % 2 == 1
}

/// Pairs the boards of a match between `first` (first-named) and `second`:
/// board *n* of one team plays board *n* of the other, the first-named team
/// with White on the odd boards. Both teams must field the same number of
/// boards.
pub fn pair_match(first: &Team, second: &Team) -> Result<Vec<BoardPairing>, TeamError> {
    if first.boards.len() != second.boards.len() {
        return Err(TeamError::BoardCountMismatch {
            first: first.boards.len(),
            second: second.boards.len(),
        });
    }
    let pairings = first
        .boards
        .iter()
        .zip(&second.boards)
        .enumerate()
        .map(|(index, (&ours, &theirs))| {
            let board = index as u32 + 1;
            let first_has_white = first_named_has_white(board);
            let (white, black) = if first_has_white {
                (ours, theirs)
            } else {
                (theirs, ours)
            };
            BoardPairing {
                board,
                white,
                black,
                first_has_white,
            }
        })
        .collect();
    Ok(pairings)
}

/// A team round robin of `cycles` cycles: the teams are paired with
/// [`round_robin`] (a team meeting the phantom seed has a bye), and each
/// match's boards with [`pair_match`]. In the second cycle the Berger table
/// names the teams the other way round, which reverses every board's colours.
pub fn team_round_robin(teams: &[Team], cycles: u32) -> Result<Vec<TeamMatch>, TeamError> {
    round_robin(teams.len(), cycles)
        .into_iter()
        .map(|pairing| {
            let first = &teams[pairing.white];
            let second = &teams[pairing.black];
            Ok(TeamMatch {
                round: pairing.round,
                first: pairing.white,
                second: pairing.black,
                first_team: first.id,
                second_team: second.id,
                boards: pair_match(first, second)?,
            })
        })
        .collect()
}
