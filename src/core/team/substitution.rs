//! Substitutions: the arbiter replaces a board's player by a reserve.
//!
//! Only the arbiter rules a substitution (the app enforces the role). Here the
//! operation is validated: the reserve must be a reserve of the same team and
//! must not be playing already; the board's games that have started (or
//! finished) keep their player, and only games not started yet or cancelled
//! pass to the reserve. The replaced player moves to the end of the reserves,
//! so that he still belongs to the team while his started games go on.

use serde::{Deserialize, Serialize};

use super::{GameKey, PersonKey, Team};

/// Where a game of the board stands, for a substitution.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum BoardGameStatus {
    /// Paired, no move made yet.
    NotStarted,
    /// At least one move made, game in progress.
    Started,
    /// Finished with a result.
    Finished,
    /// Cancelled by the arbiter: it will be played again.
    Cancelled,
}

/// A game of the board's outgoing player in the event.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoardGame {
    /// The game.
    pub game: GameKey,
    /// Where it stands.
    pub status: BoardGameStatus,
}

/// Why a substitution was refused. Data, not prose.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SubstitutionError {
    /// The team has no such board.
    #[error("board {board} does not exist; the team has {boards} boards")]
    NoSuchBoard {
        /// The board asked for.
        board: u32,
        /// How many boards the team has.
        boards: usize,
    },
    /// The incoming player is not in the team at all.
    #[error("player {player:?} is not a reserve of this team")]
    NotInTeam {
        /// The player.
        player: PersonKey,
    },
    /// The incoming player already plays a board, or has a game in progress.
    #[error("player {player:?} is already playing")]
    AlreadyPlaying {
        /// The player.
        player: PersonKey,
    },
}

/// A validated substitution: the team after it and the games that change
/// hands.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Substitution {
    /// The team with the reserve on the board and the replaced player among
    /// the reserves.
    pub team: Team,
    /// The board.
    pub board: u32,
    /// The replaced player.
    pub outgoing: PersonKey,
    /// The reserve who takes the board.
    pub incoming: PersonKey,
    /// Games (not started, or cancelled) the reserve now plays.
    pub reassigned: Vec<GameKey>,
    /// Games (started or finished) the replaced player keeps.
    pub kept: Vec<GameKey>,
}

/// Replaces the player of `board` (from 1) of `team` by `reserve`.
/// `board_games` are the games of the outgoing player in the event;
/// `playing` are the players who have a game in progress in the event.
pub fn substitute(
    team: &Team,
    board: u32,
    reserve: PersonKey,
    board_games: &[BoardGame],
    playing: &[PersonKey],
) -> Result<Substitution, SubstitutionError> {
    let index = (board as usize)
        .checked_sub(1)
        .filter(|&index| index < team.boards.len())
        .ok_or(SubstitutionError::NoSuchBoard {
            board,
            boards: team.boards.len(),
        })?;
    if team.boards.contains(&reserve) || playing.contains(&reserve) {
        return Err(SubstitutionError::AlreadyPlaying { player: reserve });
    }
    if !team.reserves.contains(&reserve) {
        return Err(SubstitutionError::NotInTeam { player: reserve });
    }
    let outgoing = team.boards[index];
    let mut updated = team.clone();
    updated.boards[index] = reserve;
    updated.reserves.retain(|&p| p != reserve);
    updated.reserves.push(outgoing);
    let (reassigned, kept): (Vec<BoardGame>, Vec<BoardGame>) =
        board_games.iter().partition(|game| {
            matches!(
                game.status,
                BoardGameStatus::NotStarted | BoardGameStatus::Cancelled
            )
        });
    Ok(Substitution {
        team: updated,
        board,
        outgoing,
        incoming: reserve,
        reassigned: reassigned.iter().map(|g| g.game).collect(),
        kept: kept.iter().map(|g| g.game).collect(),
    })
}
