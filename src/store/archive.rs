//! Bulk writes of a finished game's moves, for the simulator's history of
//! past seasons (`corrbot simulate --history`): one multi-row INSERT per
//! hundred moves instead of one statement per move.

use super::games::MoveRow;
use super::sql::args;
use super::{GameId, StoreResult, Tx};

/// Moves per INSERT: 7 parameters each, well under both backends' limits.
const MOVES_PER_INSERT: usize = 100;

impl Tx {
    /// Stores `moves` (plies 1, 2, … of a game that has none yet) and sets
    /// the game's ply count to match; the game's position, status and
    /// result are set apart ([`Tx::update_game`]).
    pub async fn archive_moves(&mut self, game: GameId, moves: &[MoveRow]) -> StoreResult<()> {
        for chunk in moves.chunks(MOVES_PER_INSERT) {
            let mut sql = String::from(
                "INSERT INTO moves (game_id, ply, uci, text, received_at, sent_at, charged_days) VALUES ",
            );
            let mut values = args![];
            for (n, row) in chunk.iter().enumerate() {
                let first = n * 7 + 1;
                if n > 0 {
                    sql.push_str(", ");
                }
                let params: Vec<String> = (first..first + 7).map(|p| format!("${p}")).collect();
                sql.push_str(&format!("({})", params.join(", ")));
                values.extend(args![
                    game,
                    row.ply,
                    &row.uci,
                    &row.text,
                    row.received_at,
                    row.sent_at,
                    row.charged_days
                ]);
            }
            self.execute(&sql, values).await?;
        }
        let sql = "UPDATE games SET ply = $2 WHERE id = $1";
        self.execute(sql, args![game, moves.len() as i64]).await?;
        Ok(())
    }
}
