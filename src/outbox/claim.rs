//! Keeping a claim while a notice is being sent: a send that waits long
//! (the platform's pacing, its `retry_after`) must not outlast its lease,
//! or another process would take the notice and send it a second time.

use std::time::Duration;

use chrono::{DateTime, TimeDelta, Utc};

use crate::store::{Db, NoticeId};

/// How often a claim is renewed while its notice is in flight, when the
/// outbox's settings do not say: three times per lease, so two renewals
/// may fail (a slow database) before the lease is over.
pub fn default_renewal(lease: TimeDelta) -> Duration {
    (lease / 3)
        .to_std()
        .unwrap_or(Duration::from_secs(1))
        .max(Duration::from_millis(10))
}

/// Renews the claim on `ids`, taken until `until`, every `every` (real
/// time) to `now() + lease`, for as long as it is polled: the caller drops
/// it when the send is over. A claim found taken by another worker, or a
/// database error, stops the renewals (and is logged); the send goes on.
pub async fn hold(
    db: &Db,
    ids: &[NoticeId],
    mut until: DateTime<Utc>,
    lease: TimeDelta,
    now: &(dyn Fn() -> DateTime<Utc> + Sync),
    every: Duration,
) {
    loop {
        tokio::time::sleep(every).await;
        let next = now() + lease;
        match renew(db, ids, until, next).await {
            Ok(true) => until = next,
            Ok(false) => {
                tracing::warn!(?ids, "outbox: a claim ran out while its notice was sent");
                return std::future::pending().await;
            }
            Err(error) => {
                tracing::warn!(%error, "outbox: a claim could not be renewed");
                return std::future::pending().await;
            }
        }
    }
}

/// Moves the claims on `ids` from `until` to `next` in one transaction;
/// `false` (and nothing changed) unless every one was still held so.
async fn renew(
    db: &Db,
    ids: &[NoticeId],
    until: DateTime<Utc>,
    next: DateTime<Utc>,
) -> crate::store::StoreResult<bool> {
    let mut tx = db.begin().await?;
    for id in ids {
        if !tx.renew_claim(*id, until, next).await? {
            tx.rollback().await?;
            return Ok(false);
        }
    }
    tx.commit().await?;
    Ok(true)
}
