//! The chat where an event's games get a public thread each, and the
//! threads the platform adapters created there (so that a retried delivery
//! finds the thread instead of creating another).

use super::ids::{EventId, GameId};
use super::outbox::NoticeRecipient;
use super::players::Platform;
use super::sql::{Record, args};
use super::{StoreResult, Tx};

/// A game's thread in a chat, as far as the adapter got creating it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameThread {
    /// The platform's id of the thread (on Discord: the starter message's id).
    pub thread_id: String,
    /// Whether the thread exists (not just its starter message).
    pub ready: bool,
}

impl Tx {
    /// The chat whose threads carry an event's games, if it has one.
    pub async fn game_channel(&mut self, event: EventId) -> StoreResult<Option<NoticeRecipient>> {
        let sql = "SELECT event_id, platform, chat_id FROM game_channels WHERE event_id = $1";
        self.fetch_optional(sql, args![event], |row| {
            let row = Record::keyed(row, "game_channels", &["event_id"])?;
            Ok(NoticeRecipient::Chat {
                platform: row.enumerated("platform", Platform::parse)?,
                chat_id: row.text("chat_id")?,
            })
        })
        .await
    }

    /// Sets (or replaces) the chat whose threads carry an event's games;
    /// anything but a [`NoticeRecipient::Chat`] clears it.
    pub async fn set_game_channel(
        &mut self,
        event: EventId,
        channel: Option<&NoticeRecipient>,
    ) -> StoreResult<()> {
        self.execute(
            "DELETE FROM game_channels WHERE event_id = $1",
            args![event],
        )
        .await?;
        if let Some(NoticeRecipient::Chat { platform, chat_id }) = channel {
            let sql = "INSERT INTO game_channels (event_id, platform, chat_id) VALUES ($1, $2, $3)";
            self.execute(sql, args![event, platform.as_str(), chat_id.as_str()])
                .await?;
        }
        Ok(())
    }

    /// Game `game`'s thread in chat `chat_id`, if the adapter began creating it.
    pub async fn game_thread(
        &mut self,
        game: GameId,
        platform: Platform,
        chat_id: &str,
    ) -> StoreResult<Option<GameThread>> {
        let sql = "SELECT thread_id, ready FROM game_threads \
                   WHERE game_id = $1 AND platform = $2 AND chat_id = $3";
        self.fetch_optional(sql, args![game, platform.as_str(), chat_id], |row| {
            Ok(GameThread {
                thread_id: row.text("thread_id")?,
                ready: row.boolean("ready")?,
            })
        })
        .await
    }

    /// Remembers the id of game `game`'s thread in `chat_id` (not yet
    /// created); a thread already remembered stays as it is.
    pub async fn remember_game_thread(
        &mut self,
        game: GameId,
        platform: Platform,
        chat_id: &str,
        thread_id: &str,
    ) -> StoreResult<()> {
        let sql = "INSERT INTO game_threads (game_id, platform, chat_id, thread_id, ready) \
                   VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING";
        let args = args![game, platform.as_str(), chat_id, thread_id, false];
        self.execute(sql, args).await?;
        Ok(())
    }

    /// Marks game `game`'s thread in `chat_id` as created.
    pub async fn game_thread_ready(
        &mut self,
        game: GameId,
        platform: Platform,
        chat_id: &str,
    ) -> StoreResult<()> {
        let sql = "UPDATE game_threads SET ready = $4 \
                   WHERE game_id = $1 AND platform = $2 AND chat_id = $3";
        self.execute(sql, args![game, platform.as_str(), chat_id, true])
            .await?;
        Ok(())
    }
}
