//! A thread per game in the event's channel, created on the game's first
//! notice and remembered in the store (`game_threads`).
//!
//! Creation survives a crash or a retry at any step without a second thread:
//! 1. the thread's starter message (its name) is posted in the channel with
//!    an enforced nonce made of the game and the channel, so a retry whose
//!    answer was lost gets the same message back, and its id is stored;
//! 2. the thread is created from that message. On Discord a thread started
//!    from a message takes the message's id, and a message starts one thread
//!    at most: a retry after a lost answer is refused with code 160004, which
//!    means the thread is there. Then the thread is marked ready.

use crate::store::{Db, GameId, Platform, StoreError};

use super::convert::plain;
use super::sender::{Destination, DiscordSendError, DiscordSender};

/// Discord's JSON error code for "a thread has already been created for
/// this message".
pub const THREAD_ALREADY_CREATED: i64 = 160_004;

/// Why a game's thread is not there (yet).
#[derive(Debug, thiserror::Error)]
pub enum ThreadError {
    /// Discord failed or refused.
    #[error(transparent)]
    Send(#[from] DiscordSendError),
    /// The store failed.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// The event's channel is no Discord channel id.
    #[error("not a Discord channel id")]
    BadChat,
}

/// The channel id of game `game`'s thread in channel `chat_id`, creating
/// the thread (named `title`) if it is not there yet.
pub async fn thread_channel(
    sender: &DiscordSender,
    db: &Db,
    chat_id: &str,
    game: GameId,
    title: &str,
) -> Result<u64, ThreadError> {
    let parent: u64 = chat_id.parse().map_err(|_| ThreadError::BadChat)?;
    let mut tx = db.read().await?;
    let known = tx.game_thread(game, Platform::Discord, chat_id).await?;
    tx.commit().await?;
    let (thread, ready) = match known {
        Some(known) => (
            known.thread_id.parse().map_err(|_| ThreadError::BadChat)?,
            known.ready,
        ),
        None => (post_starter(sender, db, parent, game, title).await?, false),
    };
    if !ready {
        match sender.create_thread(parent, Some(thread), title).await {
            Ok(_) => {}
            Err(DiscordSendError::Permanent {
                code: THREAD_ALREADY_CREATED,
                ..
            }) => {}
            Err(error) => return Err(error.into()),
        }
        let mut tx = db.begin().await?;
        tx.game_thread_ready(game, Platform::Discord, chat_id)
            .await?;
        tx.commit().await?;
    }
    Ok(thread)
}

/// Posts the thread's starter message and remembers its id (the thread's
/// id to be); returns the id stored (another worker's, if it was first).
async fn post_starter(
    sender: &DiscordSender,
    db: &Db,
    parent: u64,
    game: GameId,
    title: &str,
) -> Result<u64, ThreadError> {
    let key = format!("thread-{game}-{parent}");
    let starter = sender
        .send(Destination::Channel(parent), plain(title), Some(&key))
        .await?;
    let chat_id = parent.to_string();
    let mut tx = db.begin().await?;
    tx.remember_game_thread(
        game,
        Platform::Discord,
        &chat_id,
        &starter.message_id.to_string(),
    )
    .await?;
    let stored = tx.game_thread(game, Platform::Discord, &chat_id).await?;
    tx.commit().await?;
    match stored {
        Some(stored) => stored.thread_id.parse().map_err(|_| ThreadError::BadChat),
        None => Ok(starter.message_id),
    }
}
