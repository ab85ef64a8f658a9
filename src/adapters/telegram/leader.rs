//! Long polling by one process at a time: Telegram answers `getUpdates`
//! to one poller only, so when several `corrbot run` processes share a
//! PostgreSQL database the one holding the polling role
//! ([`crate::store::Db::try_lead`]) polls and the others wait, asking
//! every [`TAKEOVER_CHECK`]; when the holder dies its lock is gone and
//! another process polls within that time. On SQLite the one process polls.

use std::time::Duration;

use teloxide::Bot;

use crate::shutdown::Stop;
use crate::store::{Db, LeaderRole, Leadership};

use super::{Handed, PollingOptions, TelegramInbound, run_polling};

/// How often a waiting process asks for the role, and how often the holder
/// checks it still holds it.
pub const TAKEOVER_CHECK: Duration = Duration::from_secs(2);

/// Polls while this process holds the polling role, until `shutdown`.
/// Each update goes to `handle`, as [`run_polling`] says.
pub async fn poll_as_leader<F, Fut>(
    db: &Db,
    bot: &Bot,
    handle: &F,
    options: &PollingOptions,
    shutdown: impl Future<Output = ()> + Send + 'static,
) where
    F: Fn(TelegramInbound) -> Fut,
    Fut: Future,
    Fut::Output: Into<Handed>,
{
    let (switch, stop) = Stop::new();
    let watcher = tokio::spawn(async move {
        shutdown.await;
        switch.stop();
    });
    while let Some(lead) = acquire(db, &stop).await {
        tracing::info!("telegram: this process polls for updates");
        let (lost_switch, lost) = Stop::new();
        let (done_switch, done) = Stop::new();
        let keeper = tokio::spawn(keep(lead, done, lost_switch));
        let stopped = stop.wait();
        let lost_it = lost.wait();
        let ended = async {
            tokio::select! {
                () = stopped => {}
                () = lost_it => tracing::warn!("telegram: the polling role was lost"),
            }
        };
        run_polling(bot, handle, options, ended).await;
        // The update in hand is handled: only now may another process poll.
        done_switch.stop();
        let _ = keeper.await;
        if stop.is_set() {
            break;
        }
    }
    watcher.abort();
}

/// Waits until this process holds the role; `None` on shutdown.
async fn acquire(db: &Db, stop: &Stop) -> Option<Leadership> {
    let mut waiting = false;
    loop {
        if stop.is_set() {
            return None;
        }
        match db.try_lead(LeaderRole::TelegramPolling).await {
            Ok(Some(lead)) => return Some(lead),
            Ok(None) if !waiting => {
                waiting = true;
                tracing::info!("telegram: another process polls; waiting to take over");
            }
            Ok(None) => {}
            Err(error) => tracing::warn!(%error, "telegram: cannot ask for the polling role"),
        }
        tokio::select! {
            () = stop.wait() => return None,
            () = tokio::time::sleep(TAKEOVER_CHECK) => {}
        }
    }
}

/// Holds `lead` until polling is `done` (then gives it up) or until it is
/// lost (then says so through `lost`).
async fn keep(mut lead: Leadership, done: Stop, lost: crate::shutdown::StopSwitch) {
    loop {
        tokio::select! {
            () = done.wait() => break,
            () = tokio::time::sleep(TAKEOVER_CHECK) => {}
        }
        if !lead.still_held().await {
            lost.stop();
            return;
        }
    }
    lead.release().await;
}
