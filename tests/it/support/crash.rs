//! Pieces of the crash test: scripted games, the bot as a child process,
//! and the player driver that feeds it moves; and the fleet of `corrbot
//! run` processes of the multi-process test.

pub mod bot;
pub mod fleet;
pub mod games;
pub mod players;

/// A small seeded generator (SplitMix64): the crash points and the games
/// follow from the printed seed.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator from `seed`.
    pub fn new(seed: u64) -> Self {
        Self(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n
    }
}

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
