//! Pieces of the crash test: scripted games, the bot as a child process,
//! and the player driver that feeds it moves; and the fleet of `corrbot
//! run` processes of the multi-process test.

pub mod bot;
pub mod fleet;
pub mod games;
pub mod players;

/// The seeded generator the crash points and the games follow from (the
/// simulator's): a printed seed replays a failure.
pub use corrbot::simulate::Rng;

/// The seed: `CRASH_SEED` when set (to replay a failure), else the time.
pub fn seed() -> u64 {
    std::env::var("CRASH_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(1, |d| d.as_nanos() as u64)
        })
}

/// The notices marked delivered, asserting none is left pending or parked,
/// and how many times the delivery log at `log` names each notice id.
pub async fn delivered_and_logged(
    db: &corrbot::store::Db,
    log: &std::path::Path,
) -> (
    Vec<corrbot::store::OutboxNotice>,
    std::collections::BTreeMap<i64, usize>,
) {
    use corrbot::store::NoticeStatus;
    let mut tx = db.read().await.unwrap();
    let pending = tx.notices_with_status(NoticeStatus::Pending).await.unwrap();
    let parked = tx.notices_with_status(NoticeStatus::Parked).await.unwrap();
    let delivered = tx
        .notices_with_status(NoticeStatus::Delivered)
        .await
        .unwrap();
    tx.commit().await.unwrap();
    assert!(pending.is_empty(), "undelivered: {pending:?}");
    assert!(parked.is_empty(), "parked: {parked:?}");
    let mut logged = std::collections::BTreeMap::new();
    for line in std::fs::read_to_string(log).unwrap().lines() {
        let id = line.split(' ').next().unwrap().parse().expect("notice id");
        *logged.entry(id).or_default() += 1;
    }
    (delivered, logged)
}
