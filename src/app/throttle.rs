//! The per-user command rate limit (issue trust-2): one member cannot
//! starve the others by flooding the bot.
//!
//! Every adapter asks [`Throttle::admit`] (through
//! [`App::admit`](crate::app::service::App::admit)) before it hands a
//! command or a button press to the app. The limit is counted per user
//! (platform and user id), whatever chat the commands come from, as a token
//! bucket: a user may send a burst of [`CommandLimit::burst`] commands, and
//! earns one more every [`CommandLimit::refill`]. The bucket is kept in the
//! GCRA form, one instant per user (when the bucket is full again), read
//! from the injected [`Clock`], so tests move simulated time.
//!
//! Over the limit the user is told once to slow down
//! ([`Admission::SlowDown`]); every further command before a token is
//! earned is dropped ([`Admission::Drop`]): not run, nothing stored.
//!
//! Memory stays bounded: at most [`CommandLimit::max_users`] users are
//! tracked; a user whose bucket is full again is the same as an unknown one
//! and is forgotten first, then the one closest to a full bucket.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};

use chrono::{DateTime, TimeDelta, Utc};

use crate::store::Platform;
use crate::time::Clock;

/// The limit's settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CommandLimit {
    /// Commands a user may send at once with a full bucket.
    pub burst: u32,
    /// How long it takes to earn one more command.
    pub refill: TimeDelta,
    /// How many users are tracked at most (the memory bound).
    pub max_users: usize,
}

impl Default for CommandLimit {
    /// A burst of 10 commands, one more every 3 seconds (20 a minute
    /// sustained: more than a person types, far less than a script), and
    /// 10 000 users tracked.
    fn default() -> Self {
        Self {
            burst: 10,
            refill: TimeDelta::seconds(3),
            max_users: 10_000,
        }
    }
}

impl CommandLimit {
    /// The limit `corrbot run` applies: [`CommandLimit::default`], with
    /// `CORRBOT_COMMAND_BURST` (a whole number; `0` turns the limit off)
    /// and `CORRBOT_COMMAND_REFILL_MS` (milliseconds per command earned)
    /// when set.
    pub fn from_env() -> anyhow::Result<Option<Self>> {
        let var = |name: &str| std::env::var(name).ok().filter(|v| !v.trim().is_empty());
        let mut limit = Self::default();
        if let Some(burst) = var("CORRBOT_COMMAND_BURST") {
            limit.burst = burst
                .trim()
                .parse()
                .map_err(|_| anyhow::anyhow!("CORRBOT_COMMAND_BURST is not a whole number"))?;
        }
        if let Some(refill) = var("CORRBOT_COMMAND_REFILL_MS") {
            let ms: i64 = refill
                .trim()
                .parse()
                .map_err(|_| anyhow::anyhow!("CORRBOT_COMMAND_REFILL_MS is not a whole number"))?;
            limit.refill = TimeDelta::milliseconds(ms.max(0));
        }
        Ok((limit.burst > 0).then_some(limit))
    }
}

/// What to do with one command of a user.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Admission {
    /// Run it.
    Go,
    /// Do not run it; tell the user once to wait `retry_after_secs`
    /// seconds (at least 1).
    SlowDown {
        /// Whole seconds until the next command is accepted.
        retry_after_secs: i64,
    },
    /// Do not run it and say nothing: the user was already told. (Where
    /// the platform needs an answer, a Discord slash command, the same
    /// wait may be told again, only to the user.)
    Drop {
        /// Whole seconds until the next command is accepted.
        retry_after_secs: i64,
    },
}

/// One user's bucket.
#[derive(Clone, Copy, Debug)]
struct Bucket {
    /// The instant the bucket is full again (GCRA's theoretical arrival
    /// time): each admitted command moves it one refill later.
    full_at: DateTime<Utc>,
    /// Whether the user was told to slow down since their last admitted
    /// command.
    warned: bool,
}

/// The users' buckets under one limit.
pub struct Throttle {
    limit: CommandLimit,
    clock: Arc<dyn Clock>,
    buckets: Mutex<HashMap<(Platform, String), Bucket>>,
}

impl std::fmt::Debug for Throttle {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Throttle")
            .field("limit", &self.limit)
            .field("tracked", &self.tracked())
            .finish()
    }
}

impl Throttle {
    /// A throttle enforcing `limit`, telling time by `clock`.
    pub fn new(limit: CommandLimit, clock: Arc<dyn Clock>) -> Self {
        Self {
            limit,
            clock,
            buckets: Mutex::new(HashMap::new()),
        }
    }

    /// Counts one command of `user` on `platform` and says whether to run it.
    pub fn admit(&self, platform: Platform, user: &str) -> Admission {
        let now = self.clock.now();
        let refill = self.limit.refill.max(TimeDelta::zero());
        let extra = i32::try_from(self.limit.burst.max(1) - 1).unwrap_or(i32::MAX);
        let tolerance = refill * extra;
        let mut buckets = self.lock();
        let key = (platform, user.to_owned());
        if !buckets.contains_key(&key) {
            self.make_room(&mut buckets, now);
        }
        let bucket = buckets.entry(key).or_insert(Bucket {
            full_at: now,
            warned: false,
        });
        let full_at = bucket.full_at.max(now);
        let earliest = full_at - tolerance;
        if earliest <= now {
            bucket.full_at = full_at + refill;
            bucket.warned = false;
            return Admission::Go;
        }
        let wait_ms = (earliest - now).num_milliseconds();
        let retry_after_secs = ((wait_ms + 999) / 1000).max(1);
        if bucket.warned {
            return Admission::Drop { retry_after_secs };
        }
        bucket.warned = true;
        Admission::SlowDown { retry_after_secs }
    }

    /// How many users are tracked now.
    pub fn tracked(&self) -> usize {
        self.lock().len()
    }

    /// Makes room for one more user when the bound is reached: forgets the
    /// users whose bucket is full again, and if none is, the one closest to
    /// full.
    fn make_room(&self, buckets: &mut HashMap<(Platform, String), Bucket>, now: DateTime<Utc>) {
        if buckets.len() < self.limit.max_users.max(1) {
            return;
        }
        buckets.retain(|_, bucket| bucket.full_at > now);
        if buckets.len() < self.limit.max_users.max(1) {
            return;
        }
        let fullest = buckets
            .iter()
            .min_by_key(|(_, bucket)| bucket.full_at)
            .map(|(key, _)| key.clone());
        if let Some(key) = fullest {
            buckets.remove(&key);
        }
    }

    fn lock(&self) -> MutexGuard<'_, HashMap<(Platform, String), Bucket>> {
        self.buckets
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

#[cfg(test)]
mod tests;
