//! A player's conditional lines on a game (issue 41, where the regulation
//! allows them, R3.2.4): the opponent's expected moves and the owner's
//! replies, played by the bot as the opponent makes them. Only the owner
//! reads them while the game is in play; the arbiter's case file lists
//! them once it has ended.

use chrono::{DateTime, Utc};

use super::ids::{GameId, PlayerId};
use super::sql::{Record, RowExt, args, text_enum};
use super::{StoreResult, Tx};

text_enum! {
    /// What became of a conditional line.
    LineStatus {
        /// Waiting for the opponent's next move.
        Pending = "pending",
        /// Played out to its last move.
        Done = "done",
        /// The opponent played another move, or the owner could not move
        /// (on leave, disqualified).
        Left = "left",
        /// Cancelled by its owner (`/if N off`).
        Cancelled = "cancelled",
    }
}

/// One conditional line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConditionalLine {
    /// The row's id.
    pub id: i64,
    /// Whose line.
    pub player: PlayerId,
    /// The game's half-moves when it was set: it starts from the position
    /// after them, with the opponent to move.
    pub ply: i64,
    /// The moves in UCI: the opponent's, the owner's reply, and so on.
    pub moves: Vec<String>,
    /// How many of them have been made.
    pub played: i64,
    /// What became of it.
    pub status: LineStatus,
    /// When it was set.
    pub made_at: DateTime<Utc>,
}

impl ConditionalLine {
    /// The moves still to come.
    pub fn rest(&self) -> &[String] {
        let played = usize::try_from(self.played).unwrap_or(0);
        self.moves.get(played..).unwrap_or(&[])
    }

    /// The game's half-moves at the line's next move.
    pub fn next_ply(&self) -> i64 {
        self.ply + self.played
    }
}

fn line_row(row: &dyn RowExt) -> StoreResult<ConditionalLine> {
    let row = Record::new(row, "conditional_lines")?;
    Ok(ConditionalLine {
        id: row.int("id")?,
        player: PlayerId(row.int("player_id")?),
        ply: row.int("ply")?,
        moves: row
            .text("moves")?
            .split_whitespace()
            .map(str::to_owned)
            .collect(),
        played: row.int("played")?,
        status: row.enumerated("status", LineStatus::parse)?,
        made_at: row.at("made_at")?,
    })
}

impl Tx {
    /// Keeps a conditional line of `player` on `game` from the position
    /// after `ply` half-moves.
    pub async fn add_conditional_line(
        &mut self,
        (game, player): (GameId, PlayerId),
        ply: i64,
        moves: &[String],
        now: DateTime<Utc>,
    ) -> StoreResult<()> {
        let sql = "INSERT INTO conditional_lines (game_id, player_id, ply, moves, made_at) \
                   VALUES ($1, $2, $3, $4, $5)";
        let moves = moves.join(" ");
        self.execute(sql, args![game, player, ply, moves.as_str(), now])
            .await?;
        Ok(())
    }

    /// `player`'s pending lines on `game`, oldest first.
    pub async fn pending_conditional_lines(
        &mut self,
        game: GameId,
        player: PlayerId,
    ) -> StoreResult<Vec<ConditionalLine>> {
        let sql = "SELECT id, player_id, ply, moves, played, status, made_at \
                   FROM conditional_lines \
                   WHERE game_id = $1 AND player_id = $2 AND status = 'pending' ORDER BY id";
        self.fetch_all(sql, args![game, player], line_row).await
    }

    /// Every line of both players of `game`, whatever became of it, by
    /// owner and age: for the arbiter once the game has ended.
    pub async fn conditional_lines_of_game(
        &mut self,
        game: GameId,
    ) -> StoreResult<Vec<ConditionalLine>> {
        let sql = "SELECT id, player_id, ply, moves, played, status, made_at \
                   FROM conditional_lines WHERE game_id = $1 ORDER BY player_id, id";
        self.fetch_all(sql, args![game], line_row).await
    }

    /// Records how far line `id` has been played and what became of it
    /// (an ended line with the instant).
    pub async fn advance_conditional_line(
        &mut self,
        id: i64,
        (played, status): (i64, LineStatus),
        now: DateTime<Utc>,
    ) -> StoreResult<()> {
        let ended = (status != LineStatus::Pending).then_some(now);
        let sql = "UPDATE conditional_lines SET played = $2, status = $3, ended_at = $4 \
                   WHERE id = $1";
        self.execute(sql, args![id, played, status.as_str(), ended])
            .await?;
        Ok(())
    }

    /// Cancels `player`'s pending lines on `game`; how many there were.
    pub async fn cancel_conditional_lines(
        &mut self,
        game: GameId,
        player: PlayerId,
        now: DateTime<Utc>,
    ) -> StoreResult<u64> {
        let sql = "UPDATE conditional_lines SET status = 'cancelled', ended_at = $3 \
                   WHERE game_id = $1 AND player_id = $2 AND status = 'pending'";
        self.execute(sql, args![game, player, now]).await
    }
}
