//! Games and their moves.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use shakmaty::Color;

use super::ids::{EventId, GameId, PlayerId};
use super::sql::{QueryArg, Record, RowExt, args, json_arg, text_enum};
use super::{Backend, Conflict, StoreError, StoreResult, Tx};
use crate::core::clock::Clocks;
use crate::core::game::Score;

text_enum! {
    /// The life of a game.
    GameStatus {
        /// Created, not started.
        Pending = "pending",
        /// Being played.
        Running = "running",
        /// Suspended, e.g. during an overstep claim (R2.6.6).
        Suspended = "suspended",
        /// Over, with a result.
        Finished = "finished",
    }
}

/// A game and its current state, as stored.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameRecord {
    /// Key.
    pub id: GameId,
    /// The event.
    pub event_id: EventId,
    /// Round, from 1.
    pub round: i64,
    /// Board, in a team match.
    pub board: Option<i64>,
    /// White.
    pub white: PlayerId,
    /// Black.
    pub black: PlayerId,
    /// Life state.
    pub status: GameStatus,
    /// The score, once finished (stored and serialized as its text, see
    /// [`score_text`]).
    #[serde(with = "stored_score")]
    pub result: Option<Score>,
    /// Why (mate, time, resignation, ruling …): the catalog id of the reason.
    pub result_reason: Option<String>,
    /// Starting position when not the standard one.
    pub initial_fen: Option<String>,
    /// Current position.
    pub fen: String,
    /// Moves made (half-moves); the next move is ply `ply + 1`.
    pub ply: i64,
    /// Bumped by every change: the optimistic-concurrency token.
    pub version: i64,
    /// Both players' clocks as last computed; `None` before any (stored as
    /// `{}`, the column's default).
    #[serde(with = "stored_clocks")]
    pub clock: Option<Clocks>,
    /// Since when the side to move has been thinking.
    pub turn_since: Option<DateTime<Utc>>,
    /// Start.
    pub started_at: Option<DateTime<Utc>>,
    /// End.
    pub finished_at: Option<DateTime<Utc>>,
}

impl GameRecord {
    /// The result as stored (`1-0`, `0-1`, `1/2-1/2`, `0-0`, `—`), once finished.
    pub fn result_text(&self) -> Option<&'static str> {
        self.result.map(score_text)
    }

    /// The score once finished (a finished game without a stored result
    /// counts as annulled); `None` while the game goes on.
    pub fn final_score(&self) -> Option<Score> {
        if self.status != GameStatus::Finished {
            return None;
        }
        Some(self.result.unwrap_or(Score::Annulled))
    }
}

/// What it takes to create a game.
#[derive(Clone, Debug)]
pub struct NewGame {
    /// The event.
    pub event_id: EventId,
    /// Round.
    pub round: i64,
    /// Board, in a team match.
    pub board: Option<i64>,
    /// White.
    pub white: PlayerId,
    /// Black.
    pub black: PlayerId,
    /// Starting position when not the standard one.
    pub initial_fen: Option<String>,
    /// Current position (the start).
    pub fen: String,
    /// Initial clocks.
    pub clock: Option<Clocks>,
}

/// The new state of a game after a change (a move, a result, a suspension).
#[derive(Clone, Debug)]
pub struct GameUpdate {
    /// Life state.
    pub status: GameStatus,
    /// The score, once finished.
    pub result: Option<Score>,
    /// Why.
    pub result_reason: Option<String>,
    /// Position.
    pub fen: String,
    /// Clocks.
    pub clock: Option<Clocks>,
    /// Since when the side to move has been thinking.
    pub turn_since: Option<DateTime<Utc>>,
    /// Start.
    pub started_at: Option<DateTime<Utc>>,
    /// End.
    pub finished_at: Option<DateTime<Utc>>,
}

impl GameUpdate {
    /// The update that leaves `game` as it is (change fields from here).
    pub fn from_game(game: &GameRecord) -> Self {
        Self {
            status: game.status,
            result: game.result,
            result_reason: game.result_reason.clone(),
            fen: game.fen.clone(),
            clock: game.clock,
            turn_since: game.turn_since,
            started_at: game.started_at,
            finished_at: game.finished_at,
        }
    }
}

/// One move of a game, with its postmarks (R2.2) and the days it cost (R2.4.4, R3.5.2).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MoveRow {
    /// Half-move number, from 1.
    pub ply: i64,
    /// The move in UCI.
    pub uci: String,
    /// What the player wrote.
    pub text: String,
    /// When the bot received it from the mover.
    pub received_at: DateTime<Utc>,
    /// When it was delivered to the partner.
    pub sent_at: Option<DateTime<Utc>>,
    /// Thinking days charged for it.
    pub charged_days: i64,
}

/// A score as the store keeps it: `1-0`, `0-1`, `1/2-1/2`, `0-0`, or `—`
/// for an annulled game.
pub fn score_text(score: Score) -> &'static str {
    match score {
        Score::Draw => "1/2-1/2",
        other => other.as_score_str(),
    }
}

/// Reads [`score_text`].
/// The stored `result` of a game row: `None` while the game runs.
pub(super) fn stored_result(row: &Record<'_>) -> StoreResult<Option<Score>> {
    let result = row.opt_text("result")?;
    result
        .map(|text| row.parsed("result", &text, parse_score))
        .transpose()
}

pub(super) fn parse_score(text: &str) -> Option<Score> {
    [
        Score::Win(Color::White),
        Score::Win(Color::Black),
        Score::Draw,
        Score::DoubleLoss,
        Score::Annulled,
    ]
    .into_iter()
    .find(|score| score_text(*score) == text)
}

/// A game's score serialized as its stored text.
mod stored_score {
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    use super::{Score, parse_score, score_text};

    pub(super) fn serialize<S: Serializer>(
        score: &Option<Score>,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        score.map(score_text).serialize(serializer)
    }

    pub(super) fn deserialize<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Option<Score>, D::Error> {
        let text = Option::<String>::deserialize(deserializer)?;
        text.map(|text| {
            parse_score(&text).ok_or_else(|| serde::de::Error::custom(format!("score {text:?}")))
        })
        .transpose()
    }
}

/// A game's clocks serialized as stored: `{}` while there are none.
mod stored_clocks {
    use serde::{Deserialize, Deserializer, Serialize, Serializer};
    use serde_json::{Map, Value};

    use super::Clocks;

    pub(super) fn serialize<S: Serializer>(
        clocks: &Option<Clocks>,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        match clocks {
            Some(clocks) => clocks.serialize(serializer),
            None => Map::new().serialize(serializer),
        }
    }

    pub(super) fn deserialize<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Option<Clocks>, D::Error> {
        match Value::deserialize(deserializer)? {
            Value::Object(map) if map.is_empty() => Ok(None),
            value => Clocks::deserialize(value)
                .map(Some)
                .map_err(serde::de::Error::custom),
        }
    }
}

/// A game's clocks as the store reads them from their stored JSON (`{}`:
/// none yet); for the import's checks.
pub(super) fn clocks_from_json(value: serde_json::Value) -> serde_json::Result<Option<Clocks>> {
    stored_clocks::deserialize(value)
}

/// The stored text of a game's clocks.
fn clocks_arg(clocks: &Option<Clocks>) -> StoreResult<QueryArg> {
    match clocks {
        Some(clocks) => json_arg("clocks", clocks),
        None => Ok(QueryArg::from("{}")),
    }
}

fn game_row(row: &dyn RowExt) -> StoreResult<GameRecord> {
    let row = Record::new(row, "games")?;
    let clock: serde_json::Value = row.json("clock")?;
    Ok(GameRecord {
        id: GameId(row.int("id")?),
        event_id: EventId(row.int("event_id")?),
        round: row.int("round")?,
        board: row.opt_int("board")?,
        white: PlayerId(row.int("white_id")?),
        black: PlayerId(row.int("black_id")?),
        status: row.enumerated("status", GameStatus::parse)?,
        result: stored_result(&row)?,
        result_reason: row.opt_text("result_reason")?,
        initial_fen: row.opt_text("initial_fen")?,
        fen: row.text("fen")?,
        ply: row.int("ply")?,
        version: row.int("version")?,
        clock: stored_clocks::deserialize(clock).map_err(|source| {
            row.corrupt(super::Corruption::Json {
                column: "clock".into(),
                source,
            })
        })?,
        turn_since: row.opt_at("turn_since")?,
        started_at: row.opt_at("started_at")?,
        finished_at: row.opt_at("finished_at")?,
    })
}

pub(super) fn move_row(row: &dyn RowExt) -> StoreResult<MoveRow> {
    let row = Record::keyed(row, "moves", &["game_id", "ply"])?;
    Ok(MoveRow {
        ply: row.int("ply")?,
        uci: row.text("uci")?,
        text: row.text("text")?,
        received_at: row.at("received_at")?,
        sent_at: row.opt_at("sent_at")?,
        charged_days: row.int("charged_days")?,
    })
}

/// `SELECT <game columns> FROM games <rest>`, built at compile time.
macro_rules! select_games {
    ($rest:literal) => {
        concat!(
            "SELECT id, event_id, round, board, white_id, black_id, status, result, ",
            "result_reason, initial_fen, fen, ply, version, clock, turn_since, started_at, ",
            "finished_at FROM games ",
            $rest
        )
    };
}

impl Tx {
    /// Creates a game (pending, version 0, no moves).
    pub async fn create_game(&mut self, new: &NewGame) -> StoreResult<GameRecord> {
        let sql = concat!(
            "INSERT INTO games (event_id, round, board, white_id, black_id, initial_fen, fen, clock) ",
            "VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id"
        );
        let args = args![
            new.event_id,
            new.round,
            new.board,
            new.white,
            new.black,
            new.initial_fen.clone(),
            &new.fen,
            clocks_arg(&new.clock)?
        ];
        let id = GameId(self.insert_returning_id("game", sql, args).await?);
        self.game(id).await
    }

    /// The game, or [`StoreError::NotFound`].
    pub async fn game(&mut self, id: GameId) -> StoreResult<GameRecord> {
        let sql = select_games!("WHERE id = $1");
        let game = self.fetch_optional(sql, args![id], game_row).await?;
        game.ok_or(StoreError::NotFound {
            what: "game",
            id: id.0,
        })
    }

    /// The game, locked against concurrent changes until this transaction
    /// ends (`FOR UPDATE` on PostgreSQL; SQLite's write transaction already
    /// holds the database lock). Read a game this way when the command will
    /// change it, and the second of two concurrent commands sees the first's
    /// result.
    pub async fn lock_game(&mut self, id: GameId) -> StoreResult<GameRecord> {
        let sql = match self.backend() {
            super::Backend::Sqlite => select_games!("WHERE id = $1"),
            super::Backend::Postgres => select_games!("WHERE id = $1 FOR UPDATE"),
        };
        let game = self.fetch_optional(sql, args![id], game_row).await?;
        game.ok_or(StoreError::NotFound {
            what: "game",
            id: id.0,
        })
    }

    /// The games of an event, by round and board.
    pub async fn games_of_event(&mut self, event: EventId) -> StoreResult<Vec<GameRecord>> {
        let sql = select_games!("WHERE event_id = $1 ORDER BY round, board, id");
        self.fetch_all(sql, args![event], game_row).await
    }

    /// How many games of an event are not finished: one indexed count, so
    /// that ending a game does not read every game of its event.
    pub async fn unfinished_games_in_event(&mut self, event: EventId) -> StoreResult<i64> {
        let sql = "SELECT COUNT(*) AS n FROM games WHERE event_id = $1 AND status <> 'finished'";
        self.fetch_one(sql, args![event], |row| row.int("n")).await
    }

    /// Every game of a player, finished or not, oldest first.
    pub async fn games_of_player(&mut self, player: PlayerId) -> StoreResult<Vec<GameRecord>> {
        let sql = select_games!("WHERE white_id = $1 OR black_id = $1 ORDER BY id");
        self.fetch_all(sql, args![player], game_row).await
    }

    /// The unfinished games of a player.
    pub async fn active_games_of(&mut self, player: PlayerId) -> StoreResult<Vec<GameRecord>> {
        let sql = select_games!(
            "WHERE (white_id = $1 OR black_id = $1) AND status <> 'finished' ORDER BY id"
        );
        self.fetch_all(sql, args![player], game_row).await
    }

    /// Records move `new.ply` (which must be `game.ply + 1`) and the game's
    /// new state, if the game is still at `expected_version`; returns the
    /// game's new version (`expected_version + 1`). Otherwise [`Conflict::GameChanged`] (or
    /// [`Conflict::MoveExists`]) and nothing changes: of two concurrent moves
    /// exactly one is recorded.
    ///
    /// One round trip to the database: on SQLite the game's UPDATE and the
    /// move's INSERT go as one batch, the INSERT only if the UPDATE changed
    /// the game (`changes() = 1`); on PostgreSQL the UPDATE is a CTE that
    /// feeds the INSERT.
    pub async fn append_move(
        &mut self,
        game_id: GameId,
        expected_version: i64,
        new: &MoveRow,
        update: &GameUpdate,
    ) -> StoreResult<i64> {
        let (sql, done) = match self.backend() {
            Backend::Sqlite => (APPEND_MOVE_SQLITE, 2),
            Backend::Postgres => (APPEND_MOVE_POSTGRES, 1),
        };
        let mut args = update_args(game_id, expected_version, update)?;
        args.extend(args![
            new.ply,
            &new.uci,
            &new.text,
            new.received_at,
            new.sent_at,
            new.charged_days
        ]);
        match self.execute(sql, args).await? {
            n if n == done => {
                if update.result.is_some() {
                    self.rate_game(game_id).await?;
                }
                Ok(expected_version + 1)
            }
            // SQLite: the game moved on but the move's row exists. Unreachable
            // while `games.ply` counts the moves; roll back on it.
            1 => Err(Conflict::MoveExists {
                game_id,
                ply: new.ply,
            }
            .into()),
            _ => Err(self.version_conflict(game_id, expected_version).await),
        }
    }

    /// Changes a game without a move (start, result, suspension, clock), if
    /// it is still at `expected_version`; otherwise [`Conflict::GameChanged`].
    /// A result brings the club ratings in line in the same transaction
    /// (`store/ratings.rs`).
    /// Returns the new version.
    pub async fn update_game(
        &mut self,
        game_id: GameId,
        expected_version: i64,
        update: &GameUpdate,
    ) -> StoreResult<i64> {
        let sql = concat!(
            "UPDATE games SET version = version + 1, status = $3, result = $4, ",
            "result_reason = $5, fen = $6, clock = $7, turn_since = $8, started_at = $9, ",
            "finished_at = $10 WHERE id = $1 AND version = $2"
        );
        let args = update_args(game_id, expected_version, update)?;
        if self.execute(sql, args).await? == 0 {
            return Err(self.version_conflict(game_id, expected_version).await);
        }
        if update.result.is_some() || update.status == GameStatus::Finished {
            self.rate_game(game_id).await?;
        }
        Ok(expected_version + 1)
    }

    async fn version_conflict(&mut self, game_id: GameId, expected: i64) -> StoreError {
        match self.game(game_id).await {
            Ok(game) => Conflict::GameChanged {
                game_id,
                expected,
                found: game.version,
            }
            .into(),
            Err(error) => error,
        }
    }

    /// The moves of a game, in order.
    pub async fn moves(&mut self, game_id: GameId) -> StoreResult<Vec<MoveRow>> {
        let sql = concat!(
            "SELECT game_id, ply, uci, text, received_at, sent_at, charged_days FROM moves ",
            "WHERE game_id = $1 ORDER BY ply"
        );
        self.fetch_all(sql, args![game_id], move_row).await
    }

    /// Records when a move reached the partner (the postmark, R2.2.2).
    pub async fn mark_move_sent(
        &mut self,
        game_id: GameId,
        ply: i64,
        at: DateTime<Utc>,
    ) -> StoreResult<bool> {
        let sql =
            "UPDATE moves SET sent_at = $3 WHERE game_id = $1 AND ply = $2 AND sent_at IS NULL";
        Ok(self.execute(sql, args![game_id, ply, at]).await? == 1)
    }
}

fn update_args(
    game_id: GameId,
    expected_version: i64,
    update: &GameUpdate,
) -> StoreResult<Vec<QueryArg>> {
    Ok(args![
        game_id,
        expected_version,
        update.status,
        update.result.map(score_text),
        update.result_reason.clone(),
        &update.fen,
        clocks_arg(&update.clock)?,
        update.turn_since,
        update.started_at,
        update.finished_at
    ])
}

/// The game's new state ($1–$10 as in [`update_args`], $11 the move's ply)
/// and the move ($11–$16), as one SQLite batch: the INSERT runs only if the
/// UPDATE changed the game.
const APPEND_MOVE_SQLITE: &str = concat!(
    "UPDATE games SET ply = ply + 1, version = version + 1, status = $3, result = $4, ",
    "result_reason = $5, fen = $6, clock = $7, turn_since = $8, started_at = $9, ",
    "finished_at = $10 WHERE id = $1 AND version = $2 AND ply = $11 - 1; ",
    "INSERT INTO moves (game_id, ply, uci, text, received_at, sent_at, charged_days) ",
    "SELECT $1, $11, $12, $13, $14, $15, $16 WHERE changes() = 1 ON CONFLICT DO NOTHING"
);

/// [`APPEND_MOVE_SQLITE`] as one PostgreSQL statement: the UPDATE feeds the INSERT.
const APPEND_MOVE_POSTGRES: &str = concat!(
    "WITH advanced AS (UPDATE games SET ply = ply + 1, version = version + 1, status = $3, ",
    "result = $4, result_reason = $5, fen = $6, clock = $7, turn_since = $8, ",
    "started_at = $9, finished_at = $10 WHERE id = $1 AND version = $2 AND ply = $11 - 1 ",
    "RETURNING id) ",
    "INSERT INTO moves (game_id, ply, uci, text, received_at, sent_at, charged_days) ",
    "SELECT id, $11, $12, $13, $14, $15, $16 FROM advanced ON CONFLICT DO NOTHING"
);
