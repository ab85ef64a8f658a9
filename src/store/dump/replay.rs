//! The last check of an import, once every row is in (and before the
//! transaction commits): every game's moves replay legally from its start
//! position, ply after ply, as the app replays them.

use shakmaty::Chess;

use super::super::sql::RowExt;
use super::super::{StoreError, StoreResult, Tx};
use crate::core::game::Game;

/// One stored move with its game's start.
struct StoredMove {
    game: i64,
    ply: i64,
    uci: String,
    initial_fen: Option<String>,
}

fn stored_move(row: &dyn RowExt) -> StoreResult<StoredMove> {
    Ok(StoredMove {
        game: row.int("game_id")?,
        ply: row.int("ply")?,
        uci: row.text("uci")?,
        initial_fen: row.opt_text("initial_fen")?,
    })
}

/// Refuses the import when some game's moves do not replay, naming the
/// first bad move (game, ply) and why.
pub(super) async fn check_games(tx: &mut Tx) -> StoreResult<()> {
    let sql = "SELECT m.game_id, m.ply, m.uci, g.initial_fen FROM moves m \
               JOIN games g ON g.id = m.game_id ORDER BY m.game_id, m.ply";
    let moves = tx.fetch_all(sql, vec![], stored_move).await?;
    for game in moves.chunk_by(|a, b| a.game == b.game) {
        check_game(game)?;
    }
    Ok(())
}

/// Replays the moves of one game (in ply order, all of the same game).
fn check_game(moves: &[StoredMove]) -> StoreResult<()> {
    let Some(first) = moves.first() else {
        return Ok(());
    };
    let refuse = |ply: i64, column: &str, why: String| {
        StoreError::Restore(format!(
            "moves row game {} ply {ply}, {column}: {why}",
            first.game
        ))
    };
    let mut game = match &first.initial_fen {
        Some(fen) => {
            Game::from_fen(fen).map_err(|error| refuse(first.ply, "fen", error.to_string()))?
        }
        None => Game::from_position(Chess::default()),
    };
    for (index, stored) in moves.iter().enumerate() {
        if usize::try_from(stored.ply).ok() != Some(index + 1) {
            return Err(refuse(
                stored.ply,
                "ply",
                format!("expected ply {}", index + 1),
            ));
        }
        if let Err(error) = game.play_uci(&stored.uci) {
            let why = format!("move {} does not replay: {error}", stored.uci);
            return Err(refuse(stored.ply, "uci", why));
        }
    }
    Ok(())
}
