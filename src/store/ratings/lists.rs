//! Imported starting ratings (`ratings.seed`) and published rating lists
//! (`rating_lists`, `rating_list_lines`), issue 40.
//!
//! # Races
//! An import reads the player's rated games and writes the seed: it holds
//! the lock of the player's rating row (PostgreSQL `FOR UPDATE`), the lock
//! a rated game takes before it moves the rating, so a seed is never
//! written under a first game rated at the same moment. A list is one a
//! day: the unique `list_date` lets one of two publications at once in and
//! turns the other away; its lines are copied by one statement, so they are
//! the ratings of one moment.

use std::collections::HashMap;

use chrono::{DateTime, NaiveDate, Utc};

use super::{RatingLine, int_row, line_row};
use crate::core::rating::Rating;
use crate::store::ids::PlayerId;
use crate::store::sql::{Record, RowExt, args, millis};
use crate::store::{Backend, StoreResult, Tx};

/// Why an imported starting rating was not set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ImportRefusal {
    /// The player has rated games: their rating is the games' now.
    HasRatedGames(i64),
}

/// A published rating list: its date and its lines, best first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PublishedList {
    /// The list's date (UTC).
    pub date: NaiveDate,
    /// When it was published.
    pub published_at: DateTime<Utc>,
    /// The ratings as they stood then.
    pub lines: Vec<RatingLine>,
}

fn seed_row(row: &dyn RowExt) -> StoreResult<(PlayerId, Rating)> {
    let row = Record::keyed(row, "ratings", &["player_id"])?;
    Ok((PlayerId(row.int("player_id")?), Rating(row.int("seed")?)))
}

impl Tx {
    /// Every imported starting rating, by player.
    pub(super) async fn rating_seeds(&mut self) -> StoreResult<HashMap<PlayerId, Rating>> {
        let sql = "SELECT player_id, seed FROM ratings WHERE seed IS NOT NULL";
        let rows = self.fetch_all(sql, args![], seed_row).await?;
        Ok(rows.into_iter().collect())
    }

    /// A player's imported starting rating and its source, if any.
    pub async fn rating_seed(&mut self, player: PlayerId) -> StoreResult<Option<(Rating, String)>> {
        let sql = "SELECT player_id, seed, seed_source FROM ratings \
                   WHERE player_id = $1 AND seed IS NOT NULL";
        self.fetch_optional(sql, args![player], |row| {
            let row = Record::keyed(row, "ratings", &["player_id"])?;
            let source = row.opt_text("seed_source")?.unwrap_or_default();
            Ok((Rating(row.int("seed")?), source))
        })
        .await
    }

    /// Sets a player's imported starting rating (`/rating set`): the
    /// rating of their first rated game instead of [`Rating::START`].
    /// Refused once they have rated games. Holds the lock of the player's
    /// rating row, as a rated game does.
    pub async fn import_rating(
        &mut self,
        player: PlayerId,
        seed: Rating,
        source: &str,
    ) -> StoreResult<Result<(), ImportRefusal>> {
        let sql = "INSERT INTO ratings (player_id, rating) VALUES ($1, $2) \
                   ON CONFLICT (player_id) DO NOTHING";
        self.execute(sql, args![player, Rating::START.0]).await?;
        let sql = match self.backend() {
            Backend::Sqlite => "SELECT games AS n FROM ratings WHERE player_id = $1",
            Backend::Postgres => "SELECT games AS n FROM ratings WHERE player_id = $1 FOR UPDATE",
        };
        let games = self.fetch_one(sql, args![player], int_row).await?;
        if games > 0 {
            return Ok(Err(ImportRefusal::HasRatedGames(games)));
        }
        let sql = "UPDATE ratings SET rating = $2, seed = $2, seed_source = $3 \
                   WHERE player_id = $1";
        self.execute(sql, args![player, seed.0, source]).await?;
        Ok(Ok(()))
    }

    /// Publishes the club's rating list of `now`'s date (UTC): every
    /// player with a rated game, their rating and games as they stand.
    /// `None` if a list of that date is published already.
    pub async fn publish_rating_list(
        &mut self,
        by: PlayerId,
        now: DateTime<Utc>,
    ) -> StoreResult<Option<NaiveDate>> {
        let date = now.date_naive();
        let sql = "INSERT INTO rating_lists (list_date, published_at, published_by) \
                   VALUES ($1, $2, $3) ON CONFLICT (list_date) DO NOTHING RETURNING id AS n";
        let args = args![date.to_string(), millis(now), by];
        let Some(list) = self.fetch_optional(sql, args, int_row).await? else {
            return Ok(None);
        };
        let sql = "INSERT INTO rating_list_lines (list_id, player_id, rating, games) \
                   SELECT $1, player_id, rating, games FROM ratings WHERE games > 0";
        self.execute(sql, args![list]).await?;
        Ok(Some(date))
    }

    /// The latest published rating list, its lines best first (ties by
    /// name), at most `limit` of them; `None` before the first.
    pub async fn latest_rating_list(&mut self, limit: i64) -> StoreResult<Option<PublishedList>> {
        let sql = "SELECT id, list_date, published_at FROM rating_lists \
                   ORDER BY list_date DESC LIMIT 1";
        let head = self
            .fetch_optional(sql, args![], |row| {
                let row = Record::keyed(row, "rating_lists", &["id"])?;
                let text = row.text("list_date")?;
                let date = row.parsed("list_date", &text, |t| t.parse::<NaiveDate>().ok())?;
                Ok((row.int("id")?, date, row.at("published_at")?))
            })
            .await?;
        let Some((list, date, published_at)) = head else {
            return Ok(None);
        };
        let sql = "SELECT l.player_id, p.display_name, l.rating, l.games \
                   FROM rating_list_lines l JOIN players p ON p.id = l.player_id \
                   WHERE l.list_id = $1 \
                   ORDER BY l.rating DESC, p.display_name, l.player_id LIMIT $2";
        let lines = self.fetch_all(sql, args![list, limit], line_row).await?;
        Ok(Some(PublishedList {
            date,
            published_at,
            lines,
        }))
    }
}
