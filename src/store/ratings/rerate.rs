//! Recomputing the ratings from one game on: when a game is rated out of
//! game-end order, or a rated result is replaced or annulled, only the
//! games from that game's key on are undone and applied again, so a late
//! loss on time in a federation of 100,000 rated games rewrites a handful
//! of rows instead of every rating's whole history. The games before the
//! key count as they did, so the numbers are those of
//! [`Tx::rebuild_ratings`].

use std::collections::HashMap;

use super::{RatedGame, Row, apply, int_row, rated_game_row};
use crate::core::rating::{Rating, rated_outcome};
use crate::store::ids::PlayerId;
use crate::store::sql::{Record, RowExt, args};
use crate::store::{Backend, StoreResult, Tx};

/// The rated games from a key on, in game-end order.
macro_rules! rated_games_from {
    ($key:literal) => {
        concat!(
            "SELECT g.id, g.white_id, g.black_id, g.result, COALESCE(g.finished_at, 0) AS at, ",
            "COALESCE(e.rating_formula, 'elo') AS formula ",
            "FROM games g JOIN events e ON e.id = g.event_id ",
            "WHERE g.status = 'finished' AND g.result IN ('1-0', '0-1', '1/2-1/2') ",
            "AND g.ply >= 2 AND COALESCE(e.rated, NOT e.is_team) AND ",
            $key,
            " ORDER BY at, g.id"
        )
    };
}

/// [`rated_games_from!`] for a key after the epoch: by the index
/// `games_finished` (a game without an end time counts as ending at 0, so
/// before the key).
const RATED_GAMES_AFTER: &str =
    rated_games_from!("g.finished_at >= $1 AND (g.finished_at > $1 OR g.id >= $2)");

/// [`rated_games_from!`] for a key at or before the epoch: every game.
const RATED_GAMES_ALL: &str = rated_games_from!(
    "(COALESCE(g.finished_at, 0) > $1 OR (COALESCE(g.finished_at, 0) = $1 AND g.id >= $2))"
);

/// Changes at or after the key (finished_at $1, game $2), by the index
/// `rating_changes_order`.
macro_rules! changes_from {
    ($head:literal) => {
        concat!(
            $head,
            " FROM rating_changes WHERE finished_at >= $1 ",
            "AND (finished_at > $1 OR game_id >= $2)"
        )
    };
}

/// A rating change from the key on: whose, and the rating before it.
struct LaterChange {
    player: PlayerId,
    before: Rating,
}

fn later_change_row(row: &dyn RowExt) -> StoreResult<LaterChange> {
    let row = Record::keyed(row, "rating_changes", &["game_id", "player_id"])?;
    Ok(LaterChange {
        player: PlayerId(row.int("player_id")?),
        before: Rating(row.int("rating_before")?),
    })
}

impl Tx {
    /// Recomputes the ratings from the game key `from` (finished_at in
    /// milliseconds, game id) on: every change at or after it is undone
    /// (each player back to the rating before their first such change) and
    /// the rated games at or after it are applied again in order. Locks
    /// every rating row first on PostgreSQL, as the full recomputation does.
    pub(super) async fn rerate_from(&mut self, from: (i64, i64)) -> StoreResult<()> {
        if let Backend::Postgres = self.backend() {
            let sql = "SELECT player_id AS n FROM ratings ORDER BY player_id FOR UPDATE";
            self.fetch_all(sql, args![], int_row).await?;
        }
        let mut rows = self.undo_from(from).await?;
        let sql = if from.0 > 0 {
            RATED_GAMES_AFTER
        } else {
            RATED_GAMES_ALL
        };
        let games = self
            .fetch_all(sql, args![from.0, from.1], rated_game_row)
            .await?;
        for game in &games {
            self.reapply(game, &mut rows).await?;
        }
        Ok(())
    }

    /// Undoes every change at or after `from`: the affected players' rows as
    /// they stood before it, written back.
    async fn undo_from(&mut self, (at, id): (i64, i64)) -> StoreResult<HashMap<PlayerId, Row>> {
        let sql = concat!(
            changes_from!("SELECT game_id, player_id, rating_before"),
            " ORDER BY finished_at, game_id"
        );
        let changes = self.fetch_all(sql, args![at, id], later_change_row).await?;
        let mut undone: HashMap<PlayerId, (Rating, i64)> = HashMap::new();
        for change in changes {
            undone.entry(change.player).or_insert((change.before, 0)).1 += 1;
        }
        let mut rows = HashMap::with_capacity(undone.len());
        for (player, (rating, count)) in undone {
            let row = self.row_before(player, rating, count, (at, id)).await?;
            let sql = "UPDATE ratings SET rating = $2, games = $3, last_at = $4, \
                       last_game_id = $5 WHERE player_id = $1";
            let (last_at, last_game) = (row.last.map(|k| k.0), row.last.map(|k| k.1));
            let args = args![player, row.rating.0, row.games, last_at, last_game];
            self.execute(sql, args).await?;
            rows.insert(player, row);
        }
        let sql = changes_from!("DELETE");
        self.execute(sql, args![at, id]).await?;
        Ok(rows)
    }

    /// `player`'s row before their `count` changes from `from` on, the
    /// first of which started at `rating`.
    async fn row_before(
        &mut self,
        player: PlayerId,
        rating: Rating,
        count: i64,
        (at, id): (i64, i64),
    ) -> StoreResult<Row> {
        let sql = "SELECT games AS n FROM ratings WHERE player_id = $1";
        let games = self.fetch_one(sql, args![player], int_row).await?;
        let sql = "SELECT finished_at, game_id FROM rating_changes WHERE player_id = $1 \
                   AND (finished_at < $2 OR (finished_at = $2 AND game_id < $3)) \
                   ORDER BY finished_at DESC, game_id DESC LIMIT 1";
        let last = self
            .fetch_optional(sql, args![player, at, id], |row| {
                let row = Record::keyed(row, "rating_changes", &["game_id"])?;
                Ok((row.int("finished_at")?, row.int("game_id")?))
            })
            .await?;
        Ok(Row {
            player,
            rating,
            games: games - count,
            last,
        })
    }

    /// Applies `game` again on the rows as recomputed so far (or as stored,
    /// for a player none of the undone changes touched).
    async fn reapply(
        &mut self,
        game: &RatedGame,
        rows: &mut HashMap<PlayerId, Row>,
    ) -> StoreResult<()> {
        let Some(outcome) = rated_outcome(game.score) else {
            return Ok(());
        };
        let [stored_white, stored_black] = self.lock_ratings(game.white, game.black).await?;
        let white = *rows.entry(game.white).or_insert(stored_white);
        let black = *rows.entry(game.black).or_insert(stored_black);
        let (white, black) = apply(game, white, black, outcome);
        rows.insert(game.white, white.row);
        rows.insert(game.black, black.row);
        self.record_game(game, &white, &black).await
    }
}
