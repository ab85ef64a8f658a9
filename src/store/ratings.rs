//! Club ratings (tables `ratings` and `rating_changes`, `events.rated`,
//! `events.rating_formula`): every rated game's result moves both players'
//! ratings ([`crate::core::rating`]) in the transaction that records the
//! result, by the formula of the game's event (ICCF's or Elo's, issue 40),
//! which each change records. A player's row may carry an imported
//! starting rating (`seed`), the rating of their first rated game; the
//! published lists are in `ratings/lists.rs`.
//!
//! # Order and races
//! Games count in game-end order: by `finished_at`, then by game id (the
//! *key* of a game). A player's row keeps the key of the last game it
//! counts. A game that ends after both players' last games is applied
//! incrementally, under the lock of both players' rating rows (PostgreSQL
//! `FOR UPDATE`, in player order), so two games of one player ending at once
//! apply one after the other. Anything else (a game whose key is before one
//! of its players' last games, a result replaced by a ruling or an appeal,
//! a game annulled after it was rated) recomputes the ratings from that
//! game's key on (`ratings/rerate.rs`): later changes undone, later games
//! applied again. `corrbot ratings --rebuild` recomputes every rating from
//! scratch ([`Tx::rebuild_ratings`]). All paths do the same arithmetic in
//! the same order, each game by its own event's formula, so they give the
//! same numbers (and the games of an Elo event the numbers of before).

mod lists;
mod rerate;

pub use lists::{ImportRefusal, PublishedList};

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use skillratings::Outcomes;

use super::games::{GameRecord, GameStatus, score_text};
use super::ids::{EventId, GameId, PlayerId};
use super::sql::{Record, RowExt, args};
use super::{Backend, StoreResult, Tx};
use crate::core::game::Score;
use crate::core::rating::{Formula, Rating, Standing, after_game_with, rated_outcome};

/// A player's place in the club's rating table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RatingLine {
    /// The player.
    pub player: PlayerId,
    /// Their display name.
    pub name: String,
    /// Their rating.
    pub rating: Rating,
    /// Rated games played.
    pub games: i64,
}

/// One rated game in a player's history.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RatingChange {
    /// The game.
    pub game: GameId,
    /// The opponent.
    pub opponent: PlayerId,
    /// The game's result as stored (`1-0`, `0-1`, `1/2-1/2`).
    pub score: String,
    /// Whether the player had White.
    pub white: bool,
    /// The rating before the game.
    pub before: Rating,
    /// The rating after it.
    pub after: Rating,
    /// When the game ended.
    pub finished_at: DateTime<Utc>,
    /// The formula the change was computed with.
    pub formula: Formula,
}

/// A player's rating row.
#[derive(Clone, Copy, Debug)]
struct Row {
    player: PlayerId,
    rating: Rating,
    games: i64,
    last: Option<(i64, i64)>,
}

/// A rated game as the recomputation reads it.
struct RatedGame {
    id: GameId,
    white: PlayerId,
    black: PlayerId,
    score: Score,
    at: i64,
    formula: Formula,
}

fn rating_row(row: &dyn RowExt) -> StoreResult<Row> {
    let row = Record::keyed(row, "ratings", &["player_id"])?;
    let last = match (row.opt_int("last_at")?, row.opt_int("last_game_id")?) {
        (Some(at), Some(game)) => Some((at, game)),
        _ => None,
    };
    Ok(Row {
        player: PlayerId(row.int("player_id")?),
        rating: Rating(row.int("rating")?),
        games: row.int("games")?,
        last,
    })
}

fn line_row(row: &dyn RowExt) -> StoreResult<RatingLine> {
    let row = Record::keyed(row, "ratings", &["player_id"])?;
    Ok(RatingLine {
        player: PlayerId(row.int("player_id")?),
        name: row.text("display_name")?,
        rating: Rating(row.int("rating")?),
        games: row.int("games")?,
    })
}

fn change_row(row: &dyn RowExt) -> StoreResult<(RatingChange, PlayerId, PlayerId)> {
    let row = Record::keyed(row, "rating_changes", &["game_id", "player_id"])?;
    let change = RatingChange {
        game: GameId(row.int("game_id")?),
        opponent: PlayerId(0),
        score: row.text("score")?,
        white: false,
        before: Rating(row.int("rating_before")?),
        after: Rating(row.int("rating_after")?),
        finished_at: row.at("finished_at")?,
        formula: formula_of(&row.text("formula")?),
    };
    let white = PlayerId(row.int("white_id")?);
    let black = PlayerId(row.int("black_id")?);
    Ok((change, white, black))
}

fn rated_game_row(row: &dyn RowExt) -> StoreResult<RatedGame> {
    let row = Record::new(row, "games")?;
    let text = row.text("result")?;
    Ok(RatedGame {
        id: GameId(row.int("id")?),
        white: PlayerId(row.int("white_id")?),
        black: PlayerId(row.int("black_id")?),
        score: row.parsed("result", &text, super::games::parse_score)?,
        at: row.int("at")?,
        formula: formula_of(&row.text("formula")?),
    })
}

/// A stored formula word; anything unknown reads as Elo, the formula of
/// every change from before the column.
fn formula_of(word: &str) -> Formula {
    Formula::parse(word).unwrap_or(Formula::Elo)
}

fn text_row(row: &dyn RowExt) -> StoreResult<String> {
    row.text("score")
}

fn int_row(row: &dyn RowExt) -> StoreResult<i64> {
    row.int("n")
}

/// A player's rating before their first rated game of an event.
const EVENT_FIRST_BEFORE: &str = concat!(
    "SELECT c.rating_before AS n FROM rating_changes c JOIN games g ON g.id = c.game_id ",
    "WHERE g.event_id = $1 AND c.player_id = $2 ORDER BY c.finished_at, c.game_id LIMIT 1"
);

/// A player's rating after their last rated game of an event.
const EVENT_LAST_AFTER: &str = concat!(
    "SELECT c.rating_after AS n FROM rating_changes c JOIN games g ON g.id = c.game_id ",
    "WHERE g.event_id = $1 AND c.player_id = $2 ",
    "ORDER BY c.finished_at DESC, c.game_id DESC LIMIT 1"
);

/// The games every rating counts, in game-end order.
const RATED_GAMES: &str = concat!(
    "SELECT g.id, g.white_id, g.black_id, g.result, COALESCE(g.finished_at, 0) AS at, ",
    "COALESCE(e.rating_formula, 'elo') AS formula ",
    "FROM games g JOIN events e ON e.id = g.event_id ",
    "WHERE g.status = 'finished' AND g.result IN ('1-0', '0-1', '1/2-1/2') ",
    "AND g.ply >= 2 AND COALESCE(e.rated, NOT e.is_team) ORDER BY at, g.id"
);

/// The fewest half-moves a game must have to be rated: one move by each
/// side. A game resigned, forfeited or won by default before both players
/// moved is not rated, so that a partner or a dummy account cannot hand out
/// points (as in ICCF and Lichess); [`RATED_GAMES`] says the same in SQL.
const MIN_RATED_PLIES: i64 = 2;

impl Tx {
    /// Whether an event's games are rated: its `rated=` setting, else yes
    /// for an individual event and no for a team event.
    pub async fn event_rated(&mut self, event: EventId) -> StoreResult<bool> {
        let sql = "SELECT CAST(CASE WHEN COALESCE(rated, NOT is_team) THEN 1 ELSE 0 END AS BIGINT) \
                   AS n FROM events WHERE id = $1";
        Ok(self.fetch_one(sql, args![event], int_row).await? == 1)
    }

    /// Sets an event's `rated=` setting (`None`: back to the default).
    pub async fn set_event_rated(
        &mut self,
        event: EventId,
        rated: Option<bool>,
    ) -> StoreResult<()> {
        let sql = "UPDATE events SET rated = $2 WHERE id = $1";
        self.execute(sql, args![event, rated]).await?;
        Ok(())
    }

    /// An event's rating formula (`rating=`): Elo for the events from
    /// before the setting.
    pub async fn event_rating_formula(&mut self, event: EventId) -> StoreResult<Formula> {
        let sql = "SELECT COALESCE(rating_formula, 'elo') AS score FROM events WHERE id = $1";
        let word = self.fetch_one(sql, args![event], text_row).await?;
        Ok(formula_of(&word))
    }

    /// Sets an event's rating formula (`rating=iccf|elo`).
    pub async fn set_event_rating_formula(
        &mut self,
        event: EventId,
        formula: Formula,
    ) -> StoreResult<()> {
        let sql = "UPDATE events SET rating_formula = $2 WHERE id = $1";
        self.execute(sql, args![event, formula.as_str()]).await?;
        Ok(())
    }

    /// The ratings of the players who have one (at least one rated game),
    /// for showing beside their names (`/event show`, the crosstable).
    pub async fn ratings_of(
        &mut self,
        players: &[PlayerId],
    ) -> StoreResult<HashMap<PlayerId, Rating>> {
        let mut found = HashMap::new();
        for player in players {
            if let Some((rating, games)) = self.rating_of(*player).await?
                && games > 0
            {
                found.insert(*player, rating);
            }
        }
        Ok(found)
    }

    /// The players' ratings for a game's PGN (`WhiteElo`, `BlackElo`): the
    /// ratings before it if it is rated, else the current ones (a running
    /// game of a rated event); `None` for a player without a rating and for
    /// the games of an unrated event.
    pub async fn game_ratings(
        &mut self,
        game: &GameRecord,
    ) -> StoreResult<(Option<Rating>, Option<Rating>)> {
        if !self.event_rated(game.event_id).await? {
            return Ok((None, None));
        }
        let mut found = [None, None];
        for (slot, player) in found.iter_mut().zip([game.white, game.black]) {
            let sql = "SELECT rating_before AS n FROM rating_changes \
                       WHERE game_id = $1 AND player_id = $2";
            let before = self
                .fetch_optional(sql, args![game.id, player], int_row)
                .await?;
            *slot = match before {
                Some(before) => Some(Rating(before)),
                None => self.rating_of(player).await?.map(|(rating, _)| rating),
            };
        }
        Ok((found[0], found[1]))
    }

    /// The change of `player`'s rating over the rated games of `event`, in
    /// whole points (the rating after the last less the one before the
    /// first); `None` when the player has no rated game in it.
    pub async fn event_rating_change(
        &mut self,
        event: EventId,
        player: PlayerId,
    ) -> StoreResult<Option<i64>> {
        let before = self
            .fetch_optional(EVENT_FIRST_BEFORE, args![event, player], int_row)
            .await?;
        let after = self
            .fetch_optional(EVENT_LAST_AFTER, args![event, player], int_row)
            .await?;
        Ok(before
            .zip(after)
            .map(|(before, after)| Rating(after).points() - Rating(before).points()))
    }

    /// A player's rating and rated games; `None` before any.
    pub async fn rating_of(&mut self, player: PlayerId) -> StoreResult<Option<(Rating, i64)>> {
        let sql = "SELECT player_id, rating, games, last_at, last_game_id FROM ratings \
                   WHERE player_id = $1 AND games > 0";
        let row = self.fetch_optional(sql, args![player], rating_row).await?;
        Ok(row.map(|row| (row.rating, row.games)))
    }

    /// The club's rating table, best first (ties by name), players with at
    /// least one rated game.
    pub async fn rating_table(&mut self, limit: i64) -> StoreResult<Vec<RatingLine>> {
        let sql = "SELECT r.player_id, p.display_name, r.rating, r.games FROM ratings r \
                   JOIN players p ON p.id = r.player_id WHERE r.games > 0 \
                   ORDER BY r.rating DESC, p.display_name, r.player_id LIMIT $1";
        self.fetch_all(sql, args![limit], line_row).await
    }

    /// A player's last `limit` rated games, newest first.
    pub async fn rating_history(
        &mut self,
        player: PlayerId,
        limit: i64,
    ) -> StoreResult<Vec<RatingChange>> {
        let sql = "SELECT c.game_id, c.player_id, c.score, c.rating_before, c.rating_after, \
                   c.finished_at, c.formula, g.white_id, g.black_id FROM rating_changes c \
                   JOIN games g ON g.id = c.game_id WHERE c.player_id = $1 \
                   ORDER BY c.finished_at DESC, c.game_id DESC LIMIT $2";
        let rows = self
            .fetch_all(sql, args![player, limit], change_row)
            .await?;
        Ok(rows
            .into_iter()
            .map(|(mut change, white, black)| {
                change.white = white == player;
                change.opponent = if change.white { black } else { white };
                change
            })
            .collect())
    }

    /// Brings the ratings in line with a game's stored result: called by
    /// every change that records a result ([`Tx::update_game`],
    /// [`Tx::append_move`]). Annulled games, double losses, games without a
    /// move by each side ([`MIN_RATED_PLIES`]) and games of unrated events
    /// count for nobody.
    pub(super) async fn rate_game(&mut self, game_id: GameId) -> StoreResult<()> {
        let game = self.game(game_id).await?;
        let mut wanted = match game.status {
            GameStatus::Finished if game.ply >= MIN_RATED_PLIES => {
                game.result.and_then(|s| rated_outcome(s).map(|o| (s, o)))
            }
            _ => None,
        };
        if wanted.is_some() && !self.event_rated(game.event_id).await? {
            wanted = None;
        }
        let sql = "SELECT score FROM rating_changes WHERE game_id = $1 AND player_id = $2";
        let applied = self
            .fetch_optional(sql, args![game.id, game.white], text_row)
            .await?;
        match (applied, wanted) {
            (None, None) => Ok(()),
            (Some(applied), Some((score, _))) if applied == score_text(score) => Ok(()),
            (None, Some((score, outcome))) => {
                if !self.rate_in_order(&game, score, outcome).await? {
                    self.rerate_from(game_key(&game)).await?;
                }
                Ok(())
            }
            _ => {
                // A rated result replaced or annulled: from the earlier of
                // its old and new places in game-end order.
                let sql = "SELECT finished_at AS n FROM rating_changes WHERE game_id = $1 \
                           ORDER BY player_id LIMIT 1";
                let old_at = self.fetch_one(sql, args![game.id], int_row).await?;
                let from = game_key(&game).min((old_at, game.id.0));
                self.rerate_from(from).await
            }
        }
    }

    /// Applies a game after both players' last rated games; `false` (and
    /// nothing changed) if it is not after them.
    async fn rate_in_order(
        &mut self,
        game: &GameRecord,
        score: Score,
        outcome: Outcomes,
    ) -> StoreResult<bool> {
        let key = game_key(game);
        let at = key.0;
        let [white, black] = self.lock_ratings(game.white, game.black).await?;
        if [white, black]
            .iter()
            .any(|row| row.last.is_some_and(|last| last >= key))
        {
            return Ok(false);
        }
        let rated = RatedGame {
            id: game.id,
            white: game.white,
            black: game.black,
            score,
            at,
            formula: self.event_rating_formula(game.event_id).await?,
        };
        let (white, black) = apply(&rated, white, black, outcome);
        self.record_game(&rated, &white, &black).await?;
        Ok(true)
    }

    /// Locks (creating if need be) the rating rows of two players, in
    /// player order on PostgreSQL; returns them as `[white, black]`.
    async fn lock_ratings(&mut self, white: PlayerId, black: PlayerId) -> StoreResult<[Row; 2]> {
        let (low, high) = if white.0 < black.0 {
            (white, black)
        } else {
            (black, white)
        };
        let sql = "INSERT INTO ratings (player_id, rating) VALUES ($1, $3), ($2, $3) \
                   ON CONFLICT (player_id) DO NOTHING";
        self.execute(sql, args![low, high, Rating::START.0]).await?;
        let sql = match self.backend() {
            Backend::Sqlite => {
                "SELECT player_id, rating, games, last_at, last_game_id FROM ratings \
                 WHERE player_id IN ($1, $2) ORDER BY player_id"
            }
            Backend::Postgres => {
                "SELECT player_id, rating, games, last_at, last_game_id FROM ratings \
                 WHERE player_id IN ($1, $2) ORDER BY player_id FOR UPDATE"
            }
        };
        let rows = self.fetch_all(sql, args![low, high], rating_row).await?;
        let find = |player: PlayerId| {
            rows.iter().find(|row| row.player == player).copied().ok_or(
                super::StoreError::NotFound {
                    what: "rating",
                    id: player.0,
                },
            )
        };
        Ok([find(white)?, find(black)?])
    }

    /// Writes both players' rows and history lines for one game.
    async fn record_game(
        &mut self,
        game: &RatedGame,
        white: &Change,
        black: &Change,
    ) -> StoreResult<()> {
        for change in [white, black] {
            let sql = "UPDATE ratings SET rating = $2, games = $3, last_at = $4, \
                       last_game_id = $5 WHERE player_id = $1";
            let row = change.row;
            let args = args![row.player, row.rating.0, row.games, game.at, game.id];
            self.execute(sql, args).await?;
            let sql = "INSERT INTO rating_changes (game_id, player_id, score, rating_before, \
                       rating_after, finished_at, formula) VALUES ($1, $2, $3, $4, $5, $6, $7)";
            let args = args![
                game.id,
                row.player,
                score_text(game.score),
                change.before.0,
                row.rating.0,
                game.at,
                game.formula.as_str()
            ];
            self.execute(sql, args).await?;
        }
        Ok(())
    }

    /// Recomputes every rating from scratch, in game-end order, from the
    /// finished games of rated events, each by its event's formula, each
    /// player from their imported starting rating if they have one, else
    /// [`Rating::START`]; returns how many games count. Locks every rating
    /// row first (PostgreSQL).
    pub async fn rebuild_ratings(&mut self) -> StoreResult<usize> {
        if let Backend::Postgres = self.backend() {
            let sql = "SELECT player_id AS n FROM ratings ORDER BY player_id FOR UPDATE";
            self.fetch_all(sql, args![], int_row).await?;
        }
        let sql = "UPDATE ratings SET rating = COALESCE(seed, $1), games = 0, last_at = NULL, \
                   last_game_id = NULL";
        self.execute(sql, args![Rating::START.0]).await?;
        let seeds = self.rating_seeds().await?;
        self.execute("DELETE FROM rating_changes", args![]).await?;
        let games = self.fetch_all(RATED_GAMES, args![], rated_game_row).await?;
        let mut rows: HashMap<PlayerId, Row> = HashMap::new();
        for game in &games {
            let Some(outcome) = rated_outcome(game.score) else {
                continue;
            };
            let fresh = |player| Row {
                player,
                rating: seeds.get(&player).copied().unwrap_or(Rating::START),
                games: 0,
                last: None,
            };
            let white = *rows.entry(game.white).or_insert_with(|| fresh(game.white));
            let black = *rows.entry(game.black).or_insert_with(|| fresh(game.black));
            let sql = "INSERT INTO ratings (player_id, rating) VALUES ($1, $3), ($2, $3) \
                       ON CONFLICT (player_id) DO NOTHING";
            self.execute(sql, args![game.white, game.black, Rating::START.0])
                .await?;
            let (white, black) = apply(game, white, black, outcome);
            rows.insert(game.white, white.row);
            rows.insert(game.black, black.row);
            self.record_game(game, &white, &black).await?;
        }
        Ok(games.len())
    }
}

/// A game's place in game-end order: (finished_at in milliseconds, id).
fn game_key(game: &GameRecord) -> (i64, i64) {
    (game.finished_at.map_or(0, super::sql::millis), game.id.0)
}

/// One player's side of a rated game: the row after it, the rating before.
struct Change {
    row: Row,
    before: Rating,
}

/// Both rows after `game`, by its event's formula.
fn apply(game: &RatedGame, white: Row, black: Row, outcome: Outcomes) -> (Change, Change) {
    let standing = |row: Row| Standing {
        rating: row.rating,
        games: row.games,
    };
    let (w, b) = after_game_with(game.formula, standing(white), standing(black), outcome);
    let key = Some((game.at, game.id.0));
    let moved = |row: Row, rating| Change {
        row: Row {
            rating,
            games: row.games + 1,
            last: key,
            ..row
        },
        before: row.rating,
    };
    (moved(white, w), moved(black, b))
}
