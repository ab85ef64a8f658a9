//! Pacing sends within Telegram's limits, releasing each request the moment
//! the limits allow it.
//!
//! teloxide's `Throttle` checks its queue every 250 ms, which caps a caller
//! that sends one message at a time (the outbox worker) at four messages a
//! second. This limiter computes, for each request, the earliest instant it
//! may go and sleeps exactly until then: one at a time, the outbox reaches
//! the 30 messages a second Telegram allows.
//!
//! The limiter paces one process. With several processes on one
//! PostgreSQL database the sender also reserves each send in the shared
//! budget ([`crate::ratebudget`]) under the scopes [`shared_scopes`] gives,
//! so that the bot as a whole keeps the limits.

use std::collections::{HashMap, VecDeque};
use std::sync::{Mutex, MutexGuard};
use std::time::Duration;

use tokio::time::Instant;

use super::Limits;
use crate::ratebudget::{ALL, spacing};
use crate::store::RateScope;

const SECOND: Duration = Duration::from_secs(1);
const MINUTE: Duration = Duration::from_secs(60);
/// Chat ids below this are channels and supergroups (`-100…`).
const CHANNEL_IDS_BELOW: i64 = -1_000_000_000_000;

/// Send instants in the last second (overall) and minute (per chat).
#[derive(Debug, Default)]
struct History {
    overall: VecDeque<Instant>,
    per_chat: HashMap<i64, VecDeque<Instant>>,
    frozen_until: Option<Instant>,
}

/// Telegram's rate limits for sends, as [`Limits`] state them: per second
/// overall, per second and per minute per chat (channels and supergroups
/// have their own per-minute figure).
#[derive(Debug)]
pub struct RateLimiter {
    limits: Limits,
    history: Mutex<History>,
}

impl RateLimiter {
    /// A limiter enforcing `limits`.
    pub fn new(limits: Limits) -> Self {
        Self {
            limits,
            history: Mutex::new(History::default()),
        }
    }

    /// Waits until a message to `chat_id` may be sent, and counts it.
    pub async fn acquire(&self, chat_id: i64) {
        self.wait_turn(chat_id, true).await;
    }

    /// Waits until a message to `chat_id` may be sent, without counting
    /// one (the send itself then goes at once, unless another sender to
    /// the chat came first).
    pub async fn ready(&self, chat_id: i64) {
        self.wait_turn(chat_id, false).await;
    }

    /// Waits until a message to `chat_id` may be sent; counts it when
    /// `count`.
    async fn wait_turn(&self, chat_id: i64, count: bool) {
        loop {
            let wait_until = {
                let mut history = self.lock();
                let now = Instant::now();
                history.forget_before(now);
                match self.earliest(&history, chat_id, now) {
                    None => {
                        if count {
                            history.record(chat_id, now);
                        }
                        return;
                    }
                    Some(at) => at,
                }
            };
            tokio::time::sleep_until(wait_until).await;
        }
    }

    /// Holds every send back for `pause` (Telegram answered 429).
    pub fn freeze(&self, pause: Duration) {
        let until = Instant::now() + pause;
        let mut history = self.lock();
        history.frozen_until = history.frozen_until.max(Some(until));
    }

    /// When a send to `chat` may go, if not now.
    fn earliest(&self, history: &History, chat: i64, now: Instant) -> Option<Instant> {
        let overall = nth_newest_plus(
            &history.overall,
            self.limits.messages_per_sec_overall,
            SECOND,
        );
        let (per_second, per_minute) = match history.per_chat.get(&chat) {
            Some(sent) => {
                let last_second: VecDeque<Instant> = sent
                    .iter()
                    .copied()
                    .filter(|t| *t > ago(now, SECOND))
                    .collect();
                let per_minute_limit = if chat < CHANNEL_IDS_BELOW {
                    self.limits.messages_per_min_channel_or_supergroup
                } else {
                    self.limits.messages_per_min_chat
                };
                (
                    nth_newest_plus(&last_second, self.limits.messages_per_sec_chat, SECOND),
                    nth_newest_plus(sent, per_minute_limit, MINUTE),
                )
            }
            None => (None, None),
        };
        [history.frozen_until, overall, per_second, per_minute]
            .into_iter()
            .flatten()
            .filter(|at| *at > now)
            .max()
    }

    fn lock(&self) -> MutexGuard<'_, History> {
        self.history
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

/// The shared budget's scopes of a send to `chat`: every send (30 a
/// second), and the chat: 1 a second, and in a group (negative ids) also
/// 20 a minute, in a channel or supergroup its own per-minute figure.
pub fn shared_scopes(limits: &Limits, chat: i64) -> [RateScope; 2] {
    let per_second = spacing(limits.messages_per_sec_chat, SECOND);
    let per_chat = if chat < CHANNEL_IDS_BELOW {
        per_second.max(spacing(
            limits.messages_per_min_channel_or_supergroup,
            MINUTE,
        ))
    } else if chat < 0 {
        per_second.max(spacing(limits.messages_per_min_chat, MINUTE))
    } else {
        per_second
    };
    [
        RateScope::new(ALL, spacing(limits.messages_per_sec_overall, SECOND)),
        RateScope::new(format!("chat:{chat}"), per_chat),
    ]
}

/// With `limit` sends allowed per `window`, when the window has room again:
/// the `limit`-th newest send plus the window, or `None` below the limit.
fn nth_newest_plus(sent: &VecDeque<Instant>, limit: u32, window: Duration) -> Option<Instant> {
    let limit = usize::try_from(limit.max(1)).unwrap_or(usize::MAX);
    if sent.len() < limit {
        return None;
    }
    sent.get(sent.len() - limit).map(|at| *at + window)
}

/// `span` before `now` (or `now` itself right after boot).
fn ago(now: Instant, span: Duration) -> Instant {
    now.checked_sub(span).unwrap_or(now)
}

impl History {
    fn forget_before(&mut self, now: Instant) {
        while self.overall.front().is_some_and(|t| *t <= ago(now, SECOND)) {
            self.overall.pop_front();
        }
        self.per_chat.retain(|_, sent| {
            while sent.front().is_some_and(|t| *t <= ago(now, MINUTE)) {
                sent.pop_front();
            }
            !sent.is_empty()
        });
        if self.frozen_until.is_some_and(|until| until <= now) {
            self.frozen_until = None;
        }
    }

    fn record(&mut self, chat: i64, now: Instant) {
        self.overall.push_back(now);
        self.per_chat.entry(chat).or_default().push_back(now);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limits() -> Limits {
        Limits {
            messages_per_sec_chat: 1,
            messages_per_min_chat: 20,
            messages_per_min_channel_or_supergroup: 10,
            messages_per_sec_overall: 30,
        }
    }

    #[test]
    fn shared_scopes_space_chats_by_their_kind() {
        let private = shared_scopes(&limits(), 7);
        assert_eq!(private[0].key, "all");
        assert_eq!(private[0].spacing, Duration::from_nanos(33_333_333));
        assert_eq!(
            (private[1].key.as_str(), private[1].spacing),
            ("chat:7", SECOND)
        );
        assert_eq!(shared_scopes(&limits(), -42)[1].spacing, SECOND * 3);
        let channel = shared_scopes(&limits(), -1_001_234_567_890);
        assert_eq!(channel[1].spacing, SECOND * 6);
    }

    #[tokio::test(start_paused = true)]
    async fn one_chat_gets_one_message_a_second() {
        let limiter = RateLimiter::new(limits());
        let start = Instant::now();
        for _ in 0..3 {
            limiter.acquire(7).await;
        }
        assert_eq!(start.elapsed(), Duration::from_secs(2));
    }

    #[tokio::test(start_paused = true)]
    async fn thirty_chats_a_second_overall_without_idling() {
        let limiter = RateLimiter::new(limits());
        let start = Instant::now();
        for chat in 0..30 {
            limiter.acquire(chat).await;
        }
        assert_eq!(start.elapsed(), Duration::ZERO, "no tick to wait for");
        limiter.acquire(30).await;
        assert_eq!(start.elapsed(), Duration::from_secs(1));
    }

    #[tokio::test(start_paused = true)]
    async fn a_channel_gets_ten_a_minute_and_a_freeze_holds_everything() {
        let limiter = RateLimiter::new(limits());
        let start = Instant::now();
        for _ in 0..11 {
            limiter.acquire(-1_001_234_567_890).await;
        }
        assert_eq!(start.elapsed(), Duration::from_secs(60));
        limiter.freeze(Duration::from_secs(5));
        limiter.acquire(1).await;
        assert_eq!(start.elapsed(), Duration::from_secs(65));
    }
}
