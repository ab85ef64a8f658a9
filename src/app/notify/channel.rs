//! A thread per game in the event's channel (`/event create …
//! channel=discord:123`): the game's start, every move and its end go there
//! as public notices (moves, the board, the result; nothing private: the
//! player to move is still told privately). Each notice is queued in the
//! transaction of the change, like every other notice; the platform's
//! adapter creates the thread on its first delivery. An event's public
//! delay (`public-delay=N`) holds each move's notice back until N more moves
//! are played or the game ends ([`crate::app::view::public_delay`]).

use chrono::{DateTime, Utc};

use crate::app::notice::{Notice, ThreadNotice};
use crate::store::{Event, EventId, GameRecord, NoticeRecipient, Tx};

use crate::app::failure::Failure;
use crate::app::view::public_delay::event_delay;

/// The recipient for game `game`'s thread in the event's game `channel`.
fn thread_in(channel: Option<&NoticeRecipient>, game: &GameRecord) -> Option<NoticeRecipient> {
    match channel {
        Some(NoticeRecipient::Chat { platform, chat_id }) => Some(NoticeRecipient::GameThread {
            platform: *platform,
            chat_id: chat_id.clone(),
            game: game.id,
        }),
        _ => None,
    }
}

/// Queues `notice` for `game`'s thread, if its event has a game channel.
async fn to_thread(
    tx: &mut Tx,
    game: &GameRecord,
    notice: &Notice,
    now: DateTime<Utc>,
) -> Result<(), Failure> {
    let channel = tx.game_channel(game.event_id).await?;
    to_thread_in(tx, channel.as_ref(), game, notice, now).await
}

/// [`to_thread`] when the event's game `channel` is already read.
async fn to_thread_in(
    tx: &mut Tx,
    channel: Option<&NoticeRecipient>,
    game: &GameRecord,
    notice: &Notice,
    now: DateTime<Utc>,
) -> Result<(), Failure> {
    let Some(thread) = thread_in(channel, game) else {
        return Ok(());
    };
    let payload = serde_json::to_value(notice).map_err(|e| Failure::Internal(e.into()))?;
    tx.enqueue_notice(&thread, notice.kind(), &payload, now)
        .await?;
    Ok(())
}

/// A game of `event` started (R1.1): its thread opens with the pairing.
pub(crate) async fn game_started(
    tx: &mut Tx,
    event: &Event,
    game: &GameRecord,
    now: DateTime<Utc>,
) -> Result<(), Failure> {
    let notice = Notice::Thread(ThreadNotice::Started {
        game: game.id,
        event: event.name.clone(),
        white: tx.player(game.white).await?.display_name,
        black: tx.player(game.black).await?.display_name,
    });
    to_thread(tx, game, &notice, now).await
}

/// A move was made: the opponent's [`Notice::MoveMade`] becomes the
/// thread's public [`ThreadNotice::Moved`] (other notices are ignored), in
/// the event's game `channel` (read with the event), if it has one.
pub(crate) async fn move_made(
    tx: &mut Tx,
    channel: Option<&NoticeRecipient>,
    game: &GameRecord,
    notice: &Notice,
    now: DateTime<Utc>,
) -> Result<(), Failure> {
    let Notice::MoveMade {
        game: number,
        mover,
        move_number,
        mv,
        clocks,
        ply,
        ..
    } = notice
    else {
        return Ok(());
    };
    let moved = Notice::Thread(ThreadNotice::Moved {
        game: *number,
        mover: mover.clone(),
        move_number: *move_number,
        mv: mv.clone(),
        clocks: *clocks,
        ply: *ply,
    });
    let (Some(thread), Some(ply)) = (thread_in(channel, game), *ply) else {
        return to_thread_in(tx, channel, game, &moved, now).await;
    };
    let event = tx.event(game.event_id).await?;
    let delay = i64::from(event_delay(tx, &event).await?);
    if delay == 0 || ends_game_of(notice) {
        // The last move goes out after every move held before it.
        tx.release_thread_notices(game.id, None, now).await?;
        return to_thread_in(tx, channel, game, &moved, now).await;
    }
    let payload = serde_json::to_value(&moved).map_err(|e| Failure::Internal(e.into()))?;
    tx.hold_thread_notice((game.id, ply), &thread, (moved.kind(), &payload), now)
        .await?;
    tx.release_thread_notices(game.id, Some(ply - delay), now)
        .await?;
    Ok(())
}

/// Whether a [`Notice::MoveMade`] announces the move that ended the game.
fn ends_game_of(notice: &Notice) -> bool {
    matches!(
        notice,
        Notice::MoveMade {
            ends_game: true,
            ..
        }
    )
}

/// The event ended (R1.1): its [`Notice::EventFinished`] goes to the
/// event's channel itself, not to a game's thread.
pub(crate) async fn event_ended(
    tx: &mut Tx,
    event: EventId,
    notice: &Notice,
    now: DateTime<Utc>,
) -> Result<(), Failure> {
    let Some(channel) = tx.game_channel(event).await? else {
        return Ok(());
    };
    let payload = serde_json::to_value(notice).map_err(|e| Failure::Internal(e.into()))?;
    tx.enqueue_notice(&channel, notice.kind(), &payload, now)
        .await?;
    Ok(())
}

/// A game ended (R3.1.6): its [`Notice::GameOver`] goes to the thread too
/// (other notices are ignored).
pub(crate) async fn game_ended(
    tx: &mut Tx,
    game: &GameRecord,
    notice: &Notice,
    now: DateTime<Utc>,
) -> Result<(), Failure> {
    let Some(channel) = tx.game_channel(game.event_id).await? else {
        return Ok(());
    };
    // The moves the public delay held back are public now, before the result.
    tx.release_thread_notices(game.id, None, now).await?;
    if !matches!(notice, Notice::GameOver { .. }) {
        return Ok(());
    }
    to_thread_in(tx, Some(&channel), game, notice, now).await
}
