//! What `/games` and the digest need of one player's games, each kind read
//! in one query keyed by the player, so the number of statements does not
//! grow with the number of games (issue 24: no N+1).

use super::events::event_row;
use super::games::move_row;
use super::ids::{GameId, PlayerId};
use super::leaves::leave_row;
use super::players::player_row;
use super::postal::ply_row;
use super::sql::{RowExt, args};
use super::{Event, LeaveRecord, MoveRow, Player, PostalPly, StoreResult, Tx};

/// The inputs of a player's games' lines: opponents, events, moves, postal
/// dates, leave, the arbiter's days and which games are kept by cards.
#[derive(Debug, Clone, Default)]
pub struct PlayerGamesData {
    /// The opponents.
    pub opponents: Vec<Player>,
    /// The games' events.
    pub events: Vec<Event>,
    /// Every move of the games, by game and ply.
    pub moves: Vec<(GameId, MoveRow)>,
    /// The postal dates of the games' moves (R2.2), by game and ply.
    pub postal_plies: Vec<(GameId, PostalPly)>,
    /// The leaves of the player and of every opponent (cancelled ones too).
    pub leaves: Vec<LeaveRecord>,
    /// The arbiter's days per game and player (R2.4.9, clock adjustments).
    pub adjustments: Vec<(GameId, PlayerId, i64)>,
    /// The games played by post with cards (R2.2).
    pub with_cards: Vec<GameId>,
}

/// The player's games (`$1`), finished ones only when `$2`.
macro_rules! games_of {
    () => {
        "(SELECT id FROM games WHERE (white_id = $1 OR black_id = $1) \
         AND ($2 OR status <> 'finished'))"
    };
}

/// The player's opponents in those games.
macro_rules! opponents_of {
    () => {
        "(SELECT CASE WHEN white_id = $1 THEN black_id ELSE white_id END FROM games \
         WHERE (white_id = $1 OR black_id = $1) AND ($2 OR status <> 'finished'))"
    };
}

const OPPONENTS: &str = concat!(
    "SELECT id, display_name, language, notation, contact, created_at FROM players WHERE id IN ",
    opponents_of!()
);
const EVENTS: &str = concat!(
    "SELECT id, name, rule_set, regulation, status, is_team, starts_at, ended_at, created_at \
     FROM events WHERE id IN (SELECT event_id FROM games WHERE id IN ",
    games_of!(),
    ")"
);
const MOVES: &str = concat!(
    "SELECT game_id, ply, uci, text, received_at, sent_at, charged_days FROM moves \
     WHERE game_id IN ",
    games_of!(),
    " ORDER BY game_id, ply"
);
const PLIES: &str = concat!(
    "SELECT game_id, ply, received_at, continuation FROM postal_plies WHERE game_id IN ",
    games_of!(),
    " ORDER BY game_id, ply"
);
const LEAVES: &str = concat!(
    "SELECT id, player_id, event_id, starts_at, ends_at, status, extra, granted_by, \
     created_at, postal FROM leaves WHERE player_id = $1 OR player_id IN ",
    opponents_of!(),
    " ORDER BY starts_at, id"
);
const ADJUSTMENTS: &str = concat!(
    "SELECT game_id, player_id, CAST(SUM(days) AS BIGINT) AS days FROM clock_adjustments \
     WHERE game_id IN ",
    games_of!(),
    " GROUP BY game_id, player_id"
);
const WITH_CARDS: &str = concat!(
    "SELECT game_id FROM postal_cards WHERE game_id IN ",
    games_of!(),
    " UNION SELECT game_id FROM postal_impossible_cards WHERE game_id IN ",
    games_of!()
);

fn keyed_move(row: &dyn RowExt) -> StoreResult<(GameId, MoveRow)> {
    Ok((GameId(row.int("game_id")?), move_row(row)?))
}

fn keyed_ply(row: &dyn RowExt) -> StoreResult<(GameId, PostalPly)> {
    Ok((GameId(row.int("game_id")?), ply_row(row)?))
}

fn adjustment(row: &dyn RowExt) -> StoreResult<(GameId, PlayerId, i64)> {
    Ok((
        GameId(row.int("game_id")?),
        PlayerId(row.int("player_id")?),
        row.int("days")?,
    ))
}

fn game_id(row: &dyn RowExt) -> StoreResult<GameId> {
    Ok(GameId(row.int("game_id")?))
}

impl Tx {
    /// The inputs of `player`'s games' lines (with `all`, of the finished
    /// games too) in seven queries, whatever the number of games.
    pub async fn player_games_data(
        &mut self,
        player: PlayerId,
        all: bool,
    ) -> StoreResult<PlayerGamesData> {
        Ok(PlayerGamesData {
            opponents: self
                .fetch_all(OPPONENTS, args![player, all], player_row)
                .await?,
            events: self
                .fetch_all(EVENTS, args![player, all], event_row)
                .await?,
            moves: self
                .fetch_all(MOVES, args![player, all], keyed_move)
                .await?,
            postal_plies: self.fetch_all(PLIES, args![player, all], keyed_ply).await?,
            leaves: self
                .fetch_all(LEAVES, args![player, all], leave_row)
                .await?,
            adjustments: self
                .fetch_all(ADJUSTMENTS, args![player, all], adjustment)
                .await?,
            with_cards: self
                .fetch_all(WITH_CARDS, args![player, all], game_id)
                .await?,
        })
    }

    /// Whether `player` has a finished game.
    pub async fn has_finished_game(&mut self, player: PlayerId) -> StoreResult<bool> {
        let sql = "SELECT id FROM games WHERE (white_id = $1 OR black_id = $1) \
                   AND status = 'finished' LIMIT 1";
        let found = self.fetch_optional(sql, args![player], game_id_of).await?;
        Ok(found.is_some())
    }
}

fn game_id_of(row: &dyn RowExt) -> StoreResult<GameId> {
    Ok(GameId(row.int("id")?))
}
