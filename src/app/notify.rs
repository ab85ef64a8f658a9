//! Queueing notices in the outbox, in the command's transaction: to a
//! player (honouring `/mute` and `/digest`), to an event's arbiters, or to
//! a game's thread in the event's channel (`channel`).

pub(crate) mod channel;
pub(crate) mod follow;

use crate::app::failure::Failure;
use crate::app::notice::Notice;
use crate::store::{NoticePrefs, NoticeRecipient, PlayerId, Role, Tx};
use chrono::{DateTime, Utc};

/// Queues `notice` for a player; a move notice to a player who turned move
/// notices off (`/mute`, R3.2.3) or gets the daily digest instead
/// (`/digest on`) is not queued.
pub(crate) async fn notify(
    tx: &mut Tx,
    player: PlayerId,
    notice: &Notice,
    now: DateTime<Utc>,
) -> Result<(), Failure> {
    let prefs = match notice {
        Notice::MoveMade { .. } => tx.notice_prefs(player).await?,
        _ => NoticePrefs::default(),
    };
    notify_with(tx, (player, &prefs), notice, now).await
}

/// [`notify`] when how the player takes notices (`prefs`) is already read.
pub(crate) async fn notify_with(
    tx: &mut Tx,
    (player, prefs): (PlayerId, &NoticePrefs),
    notice: &Notice,
    now: DateTime<Utc>,
) -> Result<(), Failure> {
    if matches!(notice, Notice::MoveMade { .. }) && (prefs.muted || prefs.digest) {
        return Ok(());
    }
    let payload = serde_json::to_value(notice).map_err(|e| Failure::Internal(e.into()))?;
    tx.enqueue_notice(
        &NoticeRecipient::Player(player),
        notice.kind(),
        &payload,
        now,
    )
    .await?;
    Ok(())
}

/// Queues `notice` for an event's arbiters: to the arbiters' channel when
/// the event has one (R3.1.6: results; R3.3.2: silence cases), else to each
/// arbiter privately.
pub(crate) async fn notify_arbiters(
    tx: &mut Tx,
    event: crate::store::EventId,
    notice: &Notice,
    now: DateTime<Utc>,
) -> Result<(), Failure> {
    notify_arbiters_except(tx, (event, &[]), notice, now).await
}

/// [`notify_arbiters`], except that no arbiter among `told` (already told
/// otherwise, as a player) is told privately again.
pub(crate) async fn notify_arbiters_except(
    tx: &mut Tx,
    (event, told): (crate::store::EventId, &[PlayerId]),
    notice: &Notice,
    now: DateTime<Utc>,
) -> Result<(), Failure> {
    if notify_arbiter_channel(tx, event, notice, now).await? {
        return Ok(());
    }
    for arbiter in tx.holders_of(Role::Arbiter, Some(event)).await? {
        if !told.contains(&arbiter) {
            notify(tx, arbiter, notice, now).await?;
        }
    }
    Ok(())
}

/// Queues `notice` in the event's arbiters' channel, if it has one; says
/// whether it had.
pub(crate) async fn notify_arbiter_channel(
    tx: &mut Tx,
    event: crate::store::EventId,
    notice: &Notice,
    now: DateTime<Utc>,
) -> Result<bool, Failure> {
    let Some(channel) = tx.event_settings(event).await?.arbiter_channel else {
        return Ok(false);
    };
    let payload = serde_json::to_value(notice).map_err(|e| Failure::Internal(e.into()))?;
    tx.enqueue_notice(&channel, notice.kind(), &payload, now)
        .await?;
    Ok(true)
}
