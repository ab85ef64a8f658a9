//! The record of one game: its moves, its positions and its result.
//!
//! A [`Game`] starts from the initial position (or a FEN, for tests and for
//! games entered part-way), accepts only legal moves while it is in progress,
//! and ends itself when the laws of chess end it: checkmate, stalemate, a
//! dead position, or the automatic draws of FIDE Laws 9.6 (fivefold
//! repetition, 75-move rule). Everything else that ends a game comes in as a
//! call: a draw claim (FIDE 9.2, 9.3), agreement, resignation, loss on time
//! (R3.5.7, R2.6.5) and an arbiter's decision (R3.1.6).
//!
//! The record is undo-free: the store keeps the moves as UCI strings and
//! [`Game::replay`] rebuilds the game from them.

mod repetition;
mod result;

use std::fmt;

use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Color, Move, Position};

use repetition::{PositionKey, occurrences};
pub use result::{ArbiterReason, GameResult, Score, Termination};

/// Positions that must appear this often for a claim (FIDE Laws 9.2.1).
const CLAIM_REPETITIONS: usize = 3;
/// Positions that end the game automatically (FIDE Laws 9.6.1).
const AUTOMATIC_REPETITIONS: usize = 5;
/// Half moves without a pawn move or capture for a claim (FIDE Laws 9.3).
const CLAIM_HALFMOVES: u32 = 100;
/// Half moves that end the game automatically (FIDE Laws 9.6.2).
const AUTOMATIC_HALFMOVES: u32 = 150;

/// Why the game refused an action. Data, not prose: the app renders it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    /// The game has already ended with this result.
    #[error("the game is already over")]
    GameOver(GameResult),
    /// The move is not legal in the current position (R2.3.1).
    #[error("the move is not legal in this position")]
    IllegalMove,
    /// The text is not a UCI move at all.
    #[error("not a UCI move: {0:?}")]
    InvalidUci(String),
    /// Only the player to move may claim a draw (FIDE Laws 9.2.1, 9.3).
    #[error("only the player to move may claim a draw")]
    NotClaimantsTurn,
    /// The position (after the declared move, if any) has not appeared
    /// three times (FIDE Laws 9.2).
    #[error("the position has appeared {occurrences} times, not three")]
    NotRepeated {
        /// How often it has appeared, counting the current (or declared) one.
        occurrences: usize,
    },
    /// Fewer than 50 moves by each side without a pawn move or capture
    /// (FIDE Laws 9.3).
    #[error("only {halfmoves} half moves without a pawn move or capture, not 100")]
    FiftyMovesNotReached {
        /// The halfmove clock now (or after the declared move).
        halfmoves: u32,
    },
    /// An arbiter's decision whose score and reason do not fit together:
    /// exactly the annulled games have no sporting result.
    #[error("an annulled game has no score, and only an annulled game")]
    InconsistentDecision,
}

/// Why a FEN could not start a game.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StartError {
    /// The text is not a FEN.
    #[error("not a FEN")]
    InvalidFen,
    /// The FEN describes no legal chess position.
    #[error("the FEN is not a legal chess position")]
    InvalidPosition,
}

/// A stored move list that does not replay.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("move {index} does not replay: {error}")]
pub struct ReplayError {
    /// Index of the failing move in the list (0 is the first move).
    pub index: usize,
    /// Why it failed.
    pub error: GameError,
}

/// One game: start position, moves, current position, repetition history and
/// result.
#[derive(Clone)]
pub struct Game {
    start: Chess,
    position: Chess,
    moves: Vec<Move>,
    /// The identity of every position so far; `history[0]` is the start.
    history: Vec<PositionKey>,
    result: Option<GameResult>,
}

impl fmt::Debug for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Game")
            .field("start", &self.start_fen())
            .field("moves", &self.uci_moves())
            .field("result", &self.result)
            .finish()
    }
}

impl Default for Game {
    fn default() -> Game {
        Game::new()
    }
}

impl Game {
    /// A game of standard chess from the initial position.
    pub fn new() -> Game {
        Game::from_position(Chess::default())
    }

    /// A game from `start`. If `start` is already checkmate, stalemate, dead
    /// or past the 75-move limit, the game is over from the outset.
    pub fn from_position(start: Chess) -> Game {
        let mut game = Game {
            history: vec![PositionKey::of(&start)],
            position: start.clone(),
            start,
            moves: Vec::new(),
            result: None,
        };
        game.result = game.automatic_result();
        game
    }

    /// A game from a FEN (standard castling).
    pub fn from_fen(fen: &str) -> Result<Game, StartError> {
        let fen = Fen::from_ascii(fen.trim().as_bytes()).map_err(|_| StartError::InvalidFen)?;
        let position = fen
            .into_position(CastlingMode::Standard)
            .map_err(|_| StartError::InvalidPosition)?;
        Ok(Game::from_position(position))
    }

    /// Rebuilds a game from `start` and its moves as stored UCI strings. Draw
    /// claims, resignations and other results that are not on the board are
    /// applied afterwards by the caller.
    pub fn replay<S: AsRef<str>>(start: Chess, uci_moves: &[S]) -> Result<Game, ReplayError> {
        let mut game = Game::from_position(start);
        for (index, uci) in uci_moves.iter().enumerate() {
            game.play_uci(uci.as_ref())
                .map_err(|error| ReplayError { index, error })?;
        }
        Ok(game)
    }

    /// The position the game started from.
    pub fn start_position(&self) -> &Chess {
        &self.start
    }

    /// The start position as a FEN.
    pub fn start_fen(&self) -> String {
        Fen::from_position(&self.start, shakmaty::EnPassantMode::Legal).to_string()
    }

    /// True if the game started from the standard initial position.
    pub fn starts_from_initial_position(&self) -> bool {
        self.start == Chess::default()
            && self.start.fullmoves().get() == 1
            && self.start.halfmoves() == 0
    }

    /// The current position.
    pub fn position(&self) -> &Chess {
        &self.position
    }

    /// The moves played, in order.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The moves played as UCI strings, as the store keeps them.
    pub fn uci_moves(&self) -> Vec<String> {
        self.moves
            .iter()
            .map(|mv| mv.to_uci(CastlingMode::Standard).to_string())
            .collect()
    }

    /// The last move played, if any.
    pub fn last_move(&self) -> Option<&Move> {
        self.moves.last()
    }

    /// The player to move.
    pub fn side_to_move(&self) -> Color {
        self.position.turn()
    }

    /// The number of the move the player to move is about to make.
    pub fn fullmove_number(&self) -> u32 {
        self.position.fullmoves().get()
    }

    /// Half moves since the last pawn move or capture.
    pub fn halfmove_clock(&self) -> u32 {
        self.position.halfmoves()
    }

    /// How often the current position has appeared, counting itself.
    pub fn repetitions(&self) -> usize {
        let current = self.history.last().expect("history holds the start");
        occurrences(
            &self.history,
            current,
            self.repetition_window(&self.position),
        )
    }

    /// The result, once the game has ended.
    pub fn result(&self) -> Option<GameResult> {
        self.result
    }

    /// True once the game has ended.
    pub fn is_over(&self) -> bool {
        self.result.is_some()
    }

    /// Plays a legal move (R2.3.1). Returns the result if the move ended the
    /// game (checkmate, stalemate, dead position, fivefold repetition,
    /// 75-move rule).
    pub fn play(&mut self, mv: Move) -> Result<Option<GameResult>, GameError> {
        self.ensure_in_progress()?;
        let next = self.successor(mv)?;
        self.commit(mv, next);
        Ok(self.result)
    }

    /// Plays a move given in UCI, as the store keeps moves.
    pub fn play_uci(&mut self, uci: &str) -> Result<Option<GameResult>, GameError> {
        self.ensure_in_progress()?;
        let parsed: UciMove = uci
            .parse()
            .map_err(|_| GameError::InvalidUci(uci.to_owned()))?;
        let mv = parsed
            .to_move(&self.position)
            .map_err(|_| GameError::IllegalMove)?;
        self.play(mv)
    }

    /// A claim of a draw by threefold repetition (FIDE Laws 9.2). Only the
    /// player to move may claim. Without `declared`, the current position
    /// must have appeared three times; with `declared`, the position after
    /// that move must (FIDE 9.2.1.1). A correct claim with a declared move
    /// records the move and then ends the game; if the move itself ends the
    /// game (a mate above all, FIDE 5.1.1), that result stands. An incorrect
    /// claim changes nothing: whether the declared move then stands (FIDE
    /// 9.4) is the caller's decision.
    pub fn claim_threefold(
        &mut self,
        claimant: Color,
        declared: Option<Move>,
    ) -> Result<GameResult, GameError> {
        self.ensure_claimant(claimant)?;
        let found = match declared {
            None => self.repetitions(),
            Some(mv) => {
                let (position, key) = self.successor(mv)?;
                let window = self.repetition_window(&position);
                occurrences(&self.history, &key, window.saturating_sub(1)) + 1
            }
        };
        if found < CLAIM_REPETITIONS {
            return Err(GameError::NotRepeated { occurrences: found });
        }
        Ok(self.conclude_claim(declared, Termination::ThreefoldRepetition))
    }

    /// A claim of a draw under the 50-move rule (FIDE Laws 9.3): the last 50
    /// moves by each side, or those completed by the declared move, had no
    /// pawn move and no capture. Same conditions and effects as
    /// [`Game::claim_threefold`].
    pub fn claim_fifty_moves(
        &mut self,
        claimant: Color,
        declared: Option<Move>,
    ) -> Result<GameResult, GameError> {
        self.ensure_claimant(claimant)?;
        let halfmoves = match declared {
            None => self.position.halfmoves(),
            Some(mv) => self.successor(mv)?.0.halfmoves(),
        };
        if halfmoves < CLAIM_HALFMOVES {
            return Err(GameError::FiftyMovesNotReached { halfmoves });
        }
        Ok(self.conclude_claim(declared, Termination::FiftyMoveRule))
    }

    /// The players agreed a draw. The offer and its acceptance are the app's
    /// business; the game must be in progress.
    pub fn agree_draw(&mut self) -> Result<GameResult, GameError> {
        self.conclude(GameResult::draw(Termination::Agreement))
    }

    /// `loser` resigns; the game must be in progress.
    pub fn resign(&mut self, loser: Color) -> Result<GameResult, GameError> {
        self.conclude(GameResult::win(!loser, Termination::Resignation))
    }

    /// `loser`'s thinking time ran out: a loss (R3.5.7 on the server, R2.6.5
    /// by post). Unlike over-the-board chess (FIDE Laws 6.9), correspondence
    /// chess scores this as a loss even when the opponent has no mating
    /// material left, as ICCF does; the rules of the federation make no
    /// exception. `loser` need not be the player to move, since a postal
    /// overstep is found after the move was sent (R2.6.2).
    pub fn lose_on_time(&mut self, loser: Color) -> Result<GameResult, GameError> {
        self.conclude(GameResult::win(!loser, Termination::TimeForfeit))
    }

    /// An arbiter's decision (R3.1.6, R2.1.1): any score for `reason`. It may
    /// also replace the result of a finished game, as after an appeal
    /// (R2.1.6). [`ArbiterReason::Annulled`] goes with [`Score::Annulled`]
    /// and no other reason does.
    pub fn arbiter_decision(
        &mut self,
        score: Score,
        reason: ArbiterReason,
    ) -> Result<GameResult, GameError> {
        let annulled_reason = reason == ArbiterReason::Annulled;
        if annulled_reason != (score == Score::Annulled) {
            return Err(GameError::InconsistentDecision);
        }
        let result = GameResult {
            score,
            termination: Termination::Arbiter(reason),
        };
        self.result = Some(result);
        Ok(result)
    }

    fn ensure_in_progress(&self) -> Result<(), GameError> {
        match self.result {
            Some(result) => Err(GameError::GameOver(result)),
            None => Ok(()),
        }
    }

    fn ensure_claimant(&self, claimant: Color) -> Result<(), GameError> {
        self.ensure_in_progress()?;
        if claimant != self.side_to_move() {
            return Err(GameError::NotClaimantsTurn);
        }
        Ok(())
    }

    fn conclude(&mut self, result: GameResult) -> Result<GameResult, GameError> {
        self.ensure_in_progress()?;
        self.result = Some(result);
        Ok(result)
    }

    /// Ends the game on a claim already found correct, playing the declared
    /// move first.
    fn conclude_claim(&mut self, declared: Option<Move>, termination: Termination) -> GameResult {
        if let Some(mv) = declared {
            let next = self.successor(mv).expect("the claim checked the move");
            self.commit(mv, next);
        }
        // A result the declared move brings about by itself (checkmate above
        // all, FIDE 5.1.1) stands; otherwise the claim ends the game.
        *self.result.get_or_insert(GameResult::draw(termination))
    }

    /// The position after `mv` and its identity, if `mv` is legal.
    fn successor(&self, mv: Move) -> Result<(Chess, PositionKey), GameError> {
        let next = self
            .position
            .clone()
            .play(mv)
            .map_err(|_| GameError::IllegalMove)?;
        let key = PositionKey::of(&next);
        Ok((next, key))
    }

    fn commit(&mut self, mv: Move, (position, key): (Chess, PositionKey)) {
        self.moves.push(mv);
        self.position = position;
        self.history.push(key);
        self.result = self.automatic_result();
    }

    /// How many of the last positions in the history can repeat `position`:
    /// those since the last pawn move or capture.
    fn repetition_window(&self, position: &Chess) -> usize {
        usize::try_from(position.halfmoves())
            .unwrap_or(usize::MAX)
            .saturating_add(1)
    }

    /// The result the laws of chess impose on the current position by
    /// themselves, in order of precedence (FIDE Laws 5.1.1, 5.2.1, 5.2.2,
    /// 9.6.1, 9.6.2; checkmate takes precedence over the 75-move rule).
    fn automatic_result(&self) -> Option<GameResult> {
        let position = &self.position;
        if position.is_checkmate() {
            return Some(GameResult::win(!position.turn(), Termination::Checkmate));
        }
        let draw = if position.is_stalemate() {
            Termination::Stalemate
        } else if position.is_insufficient_material() {
            Termination::InsufficientMaterial
        } else if self.repetitions() >= AUTOMATIC_REPETITIONS {
            Termination::FivefoldRepetition
        } else if position.halfmoves() >= AUTOMATIC_HALFMOVES {
            Termination::SeventyFiveMoveRule
        } else {
            return None;
        };
        Some(GameResult::draw(draw))
    }
}
