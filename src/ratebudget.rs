//! The platforms' rate limits for the bot as a whole, however many
//! `corrbot run` processes share its PostgreSQL database (issue 24).
//!
//! Each process keeps its own limiter (Telegram's [`RateLimiter`]), which
//! lets it burst within a window. A [`SharedBudget`] adds what several
//! processes need: before a request, the process reserves an instant in the
//! database ([`Db::reserve_send_slot`]) for every scope the request falls
//! under and waits for it. The scopes are spaced evenly: Telegram's 30
//! messages a second overall become one every 1/30 s, 1 a second per chat
//! one a second, 20 a minute in a group one every 3 s; Discord's global 50
//! requests a second one every 20 ms. N processes together never exceed
//! the limits, since the reservations in one scope are always a spacing
//! apart (see the store's module for why that holds under concurrency).
//!
//! On SQLite there is one process per database: [`SharedBudget::for_db`]
//! gives none and the process's own limiter is the whole budget. If the
//! database cannot be asked, the request goes under the process's own
//! limiter alone (and a warning is logged): sending notices needs the
//! database anyway.
//!
//! [`RateLimiter`]: crate::adapters::telegram::RateLimiter

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use crate::store::{Backend, Db, RateScope};

/// How many reservations a process makes between two clean-ups of idle
/// scopes (one chat's rows, once its minute has passed).
const CLEAN_UP_EVERY: u64 = 1_000;
/// How long a scope stays idle before its row goes.
const IDLE: Duration = Duration::from_secs(120);

/// The spacing for `per_window` requests in `window` (at least 1 µs).
pub fn spacing(per_window: u32, window: Duration) -> Duration {
    (window / per_window.max(1)).max(Duration::from_micros(1))
}

/// A platform's budget shared by the processes on one PostgreSQL database.
#[derive(Debug)]
pub struct SharedBudget {
    db: Db,
    platform: &'static str,
    reserved: AtomicU64,
}

impl SharedBudget {
    /// The budget of `platform` (`telegram`, `discord`) on `db`; `None` on
    /// SQLite, where one process is the whole bot.
    pub fn for_db(db: &Db, platform: &'static str) -> Option<Arc<Self>> {
        (db.backend() == Backend::Postgres).then(|| {
            Arc::new(Self {
                db: db.clone(),
                platform,
                reserved: AtomicU64::new(0),
            })
        })
    }

    /// Waits until a request under every one of `scopes` may go.
    pub async fn acquire(&self, scopes: &[RateScope]) {
        match self.db.reserve_send_slot(self.platform, scopes).await {
            Ok(Some(slot)) if !slot.wait.is_zero() => tokio::time::sleep(slot.wait).await,
            Ok(_) => {}
            Err(error) => {
                tracing::warn!(%error, platform = self.platform, "rate budget unreachable; pacing by this process alone");
            }
        }
        let due =
            self.reserved.fetch_add(1, Ordering::Relaxed) % CLEAN_UP_EVERY == CLEAN_UP_EVERY - 1;
        if due && let Err(error) = self.db.forget_idle_send_scopes(IDLE).await {
            tracing::debug!(%error, "rate budget: clean-up skipped");
        }
    }

    /// Holds every request of the platform back for `pause` (it answered
    /// 429): the overall scope `all` moves on by that much.
    pub async fn hold(&self, pause: Duration) {
        let scope = [RateScope::new(ALL, pause)];
        if let Err(error) = self.db.reserve_send_slot(self.platform, &scope).await {
            tracing::warn!(%error, platform = self.platform, "rate budget: cannot hold back");
        }
    }
}

/// The scope every request of a platform falls under.
pub const ALL: &str = "all";

/// Discord's global limit: 50 requests a second for the bot (interaction
/// answers are exempt, and go around the budget).
pub fn discord_scopes() -> [RateScope; 1] {
    [RateScope::new(ALL, spacing(50, Duration::from_secs(1)))]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spacings_divide_the_window() {
        assert_eq!(
            spacing(30, Duration::from_secs(1)),
            Duration::from_nanos(33_333_333)
        );
        assert_eq!(spacing(20, Duration::from_secs(60)), Duration::from_secs(3));
        assert_eq!(discord_scopes()[0].spacing, Duration::from_millis(20));
    }
}
