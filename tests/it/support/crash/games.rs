//! Scripted games: random legal moves that never end the game, so every
//! game can take its whole script whatever the crash points.

use std::collections::HashSet;

use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Position};

use super::Rng;

/// A random game of `plies` UCI moves from the initial position, in which
/// no move mates, stalemates, leaves too little material or repeats a
/// position (so no rule can end or draw it early).
pub fn random_game(rng: &mut Rng, plies: usize) -> Vec<String> {
    let mut pos = Chess::default();
    let mut seen = HashSet::from([board_key(&pos)]);
    let mut moves = Vec::with_capacity(plies);
    while moves.len() < plies {
        let candidates: Vec<(String, Chess)> = pos
            .legal_moves()
            .into_iter()
            .filter_map(|mv| {
                let next = pos.clone().play(mv).ok()?;
                let quiet = !next.is_game_over() && !next.is_insufficient_material();
                let fresh = !seen.contains(&board_key(&next));
                let uci = mv.to_uci(CastlingMode::Standard).to_string();
                (quiet && fresh).then_some((uci, next))
            })
            .collect();
        if candidates.is_empty() {
            break;
        }
        let (uci, next) = candidates[rng.below(candidates.len() as u64) as usize].clone();
        seen.insert(board_key(&next));
        moves.push(uci);
        pos = next;
    }
    moves
}

/// The position's FEN without the move counters.
fn board_key(pos: &Chess) -> String {
    let fen = Fen::from_position(pos, EnPassantMode::Legal).to_string();
    fen.split(' ').take(4).collect::<Vec<_>>().join(" ")
}

/// The FEN after playing `moves` (UCI) from the initial position, the way
/// the app writes it; `None` if a move is illegal.
pub fn replay(moves: &[String]) -> Option<String> {
    let mut pos = Chess::default();
    for text in moves {
        let uci: UciMove = text.parse().ok()?;
        let mv = uci.to_move(&pos).ok()?;
        pos = pos.play(mv).ok()?;
    }
    Some(Fen::from_position(&pos, EnPassantMode::Legal).to_string())
}

/// The stored moves of `game`, in UCI, in order.
pub async fn stored_moves(
    tx: &mut corrbot::store::Tx,
    game: corrbot::store::GameId,
) -> Vec<String> {
    let rows = tx.moves(game).await.unwrap();
    rows.into_iter().map(|m| m.uci).collect()
}
