//! Knock-out events' storage (issue 40): the seeding frozen at the start
//! and each game's match in the bracket.

use super::games::stored_result;
use super::ids::{EventId, GameId, PlayerId};
use super::sql::{Record, RowExt, args};
use super::{GameStatus, StoreResult, Tx};
use crate::core::game::Score;

/// A game of a knock-out event as its bracket reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KnockoutGame {
    /// The game.
    pub id: GameId,
    /// The bracket's round, from 1.
    pub round: i64,
    /// The match's index in its round, from 0.
    pub slot: i64,
    /// White.
    pub white: PlayerId,
    /// Black.
    pub black: PlayerId,
    /// Life state.
    pub status: GameStatus,
    /// The score, once finished.
    pub result: Option<Score>,
}

fn knockout_game_row(row: &dyn RowExt) -> StoreResult<KnockoutGame> {
    let row = Record::new(row, "games")?;
    Ok(KnockoutGame {
        id: GameId(row.int("id")?),
        round: row.int("round")?,
        slot: row.int("slot")?,
        white: PlayerId(row.int("white_id")?),
        black: PlayerId(row.int("black_id")?),
        status: row.enumerated("status", GameStatus::parse)?,
        result: stored_result(&row)?,
    })
}

fn seed_row(row: &dyn RowExt) -> StoreResult<PlayerId> {
    let row = Record::keyed(row, "knockout_seeds", &["seed"])?;
    Ok(PlayerId(row.int("player_id")?))
}

impl Tx {
    /// Freezes the seeding of knock-out `event`: `players[0]` the best.
    pub async fn set_knockout_seeds(
        &mut self,
        event: EventId,
        players: &[PlayerId],
    ) -> StoreResult<()> {
        let sql = "INSERT INTO knockout_seeds (event_id, seed, player_id) VALUES ($1, $2, $3)";
        for (seed, player) in players.iter().enumerate() {
            self.execute(sql, args![event, seed as i64, *player])
                .await?;
        }
        Ok(())
    }

    /// The seeding of knock-out `event`, the best first; empty before it
    /// starts.
    pub async fn knockout_seeds(&mut self, event: EventId) -> StoreResult<Vec<PlayerId>> {
        let sql = "SELECT seed, player_id FROM knockout_seeds WHERE event_id = $1 ORDER BY seed";
        self.fetch_all(sql, args![event], seed_row).await
    }

    /// Records that `game` is played in match `slot` of its round.
    pub async fn set_knockout_slot(&mut self, game: GameId, slot: i64) -> StoreResult<()> {
        let sql = "INSERT INTO knockout_games (game_id, slot) VALUES ($1, $2)";
        self.execute(sql, args![game, slot]).await?;
        Ok(())
    }

    /// The games of knock-out `event` with their matches, in the order
    /// started.
    pub async fn knockout_games(&mut self, event: EventId) -> StoreResult<Vec<KnockoutGame>> {
        let sql = "SELECT g.id, g.round, k.slot, g.white_id, g.black_id, g.status, g.result, \
                   g.result_reason FROM games g JOIN knockout_games k ON k.game_id = g.id \
                   WHERE g.event_id = $1 ORDER BY g.id";
        self.fetch_all(sql, args![event], knockout_game_row).await
    }
}
