//! What playing a turn keeps besides the moves: messages between the
//! players of a game, moves held for confirmation, per-player switches, and
//! which delivered platform message is about which game.

use chrono::{DateTime, Utc};

use super::ids::{GameId, PlayerId};
use super::players::Platform;
use super::sql::{Record, args};
use super::{StoreResult, Tx};

/// A message from a player to the opponent of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameMessage {
    /// The writer.
    pub player_id: PlayerId,
    /// The game's half-moves when it was written.
    pub ply: i64,
    /// The text.
    pub body: String,
    /// When.
    pub sent_at: DateTime<Utc>,
}

/// A move held until its player confirms it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeldMove {
    /// The game's half-moves when it was held (a later move makes it stale).
    pub ply: i64,
    /// The move as the player wrote it (with any message).
    pub move_text: String,
    /// When.
    pub held_at: DateTime<Utc>,
}

impl Tx {
    /// Keeps a message of `player` in `game`.
    pub async fn add_game_message(
        &mut self,
        game: GameId,
        player: PlayerId,
        ply: i64,
        body: &str,
        at: DateTime<Utc>,
    ) -> StoreResult<()> {
        let sql = "INSERT INTO game_messages (game_id, player_id, ply, body, sent_at) \
                   VALUES ($1, $2, $3, $4, $5)";
        self.execute(sql, args![game, player, ply, body, at])
            .await?;
        Ok(())
    }

    /// When `player` wrote the messages in `game` kept since `since`,
    /// oldest first.
    pub async fn game_messages_since(
        &mut self,
        game: GameId,
        player: PlayerId,
        since: DateTime<Utc>,
    ) -> StoreResult<Vec<DateTime<Utc>>> {
        let sql = "SELECT sent_at FROM game_messages \
                   WHERE game_id = $1 AND player_id = $2 AND sent_at > $3 ORDER BY sent_at";
        self.fetch_all(sql, args![game, player, since], |row| {
            Record::keyed(row, "game_messages", &["sent_at"])?.at("sent_at")
        })
        .await
    }

    /// The messages of a game, oldest first.
    pub async fn game_messages(&mut self, game: GameId) -> StoreResult<Vec<GameMessage>> {
        let sql = "SELECT id, player_id, ply, body, sent_at FROM game_messages \
                   WHERE game_id = $1 ORDER BY id";
        self.fetch_all(sql, args![game], |row| {
            let row = Record::keyed(row, "game_messages", &["id"])?;
            Ok(GameMessage {
                player_id: PlayerId(row.int("player_id")?),
                ply: row.int("ply")?,
                body: row.text("body")?,
                sent_at: row.at("sent_at")?,
            })
        })
        .await
    }

    /// Holds `player`'s move in `game` for confirmation (replacing one held).
    pub async fn hold_move(
        &mut self,
        game: GameId,
        player: PlayerId,
        held: &HeldMove,
    ) -> StoreResult<()> {
        self.drop_held_move(game, player).await?;
        let sql = "INSERT INTO held_moves (game_id, player_id, ply, move_text, held_at) \
                   VALUES ($1, $2, $3, $4, $5)";
        let text = held.move_text.as_str();
        self.execute(sql, args![game, player, held.ply, text, held.held_at])
            .await?;
        Ok(())
    }

    /// `player`'s move held in `game`, if any.
    pub async fn held_move(
        &mut self,
        game: GameId,
        player: PlayerId,
    ) -> StoreResult<Option<HeldMove>> {
        let sql = "SELECT game_id, player_id, ply, move_text, held_at FROM held_moves \
                   WHERE game_id = $1 AND player_id = $2";
        self.fetch_optional(sql, args![game, player], |row| {
            let row = Record::keyed(row, "held_moves", &["game_id", "player_id"])?;
            Ok(HeldMove {
                ply: row.int("ply")?,
                move_text: row.text("move_text")?,
                held_at: row.at("held_at")?,
            })
        })
        .await
    }

    /// Forgets `player`'s move held in `game`; says whether there was one.
    pub async fn drop_held_move(&mut self, game: GameId, player: PlayerId) -> StoreResult<bool> {
        let sql = "DELETE FROM held_moves WHERE game_id = $1 AND player_id = $2";
        Ok(self.execute(sql, args![game, player]).await? > 0)
    }

    /// Whether `player` turned switch `name` on.
    pub async fn switch_on(&mut self, player: PlayerId, name: &str) -> StoreResult<bool> {
        let sql = "SELECT player_id FROM player_switches WHERE player_id = $1 AND setting = $2";
        let found = self
            .fetch_optional(sql, args![player, name], |row| {
                Record::keyed(row, "player_switches", &["player_id"])?.int("player_id")
            })
            .await?;
        Ok(found.is_some())
    }

    /// Turns `player`'s switch `name` on or off.
    pub async fn set_switch(&mut self, player: PlayerId, name: &str, on: bool) -> StoreResult<()> {
        let sql = "DELETE FROM player_switches WHERE player_id = $1 AND setting = $2";
        self.execute(sql, args![player, name]).await?;
        if on {
            let sql = "INSERT INTO player_switches (player_id, setting) VALUES ($1, $2)";
            self.execute(sql, args![player, name]).await?;
        }
        Ok(())
    }

    /// Remembers that platform message `message_id` in `chat_id` is about `game`.
    pub async fn remember_message_game(
        &mut self,
        platform: Platform,
        (chat_id, message_id): (&str, &str),
        game: GameId,
    ) -> StoreResult<()> {
        let sql = "INSERT INTO message_games (platform, chat_id, message_id, game_id) \
                   VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING";
        self.execute(sql, args![platform.as_str(), chat_id, message_id, game])
            .await?;
        Ok(())
    }

    /// The game platform message `message_id` in `chat_id` is about, if known.
    pub async fn message_game(
        &mut self,
        platform: Platform,
        (chat_id, message_id): (&str, &str),
    ) -> StoreResult<Option<GameId>> {
        let sql = "SELECT game_id FROM message_games \
                   WHERE platform = $1 AND chat_id = $2 AND message_id = $3";
        self.fetch_optional(sql, args![platform.as_str(), chat_id, message_id], |row| {
            Ok(GameId(
                Record::keyed(row, "message_games", &["game_id"])?.int("game_id")?,
            ))
        })
        .await
    }
}
