//! The time source: how the program outside [`crate::core`] reads "now" and
//! waits for an instant.
//!
//! The chess clock lives in [`crate::core::clock`] and never reads time on its
//! own: every instant comes in as an argument. The shell (app, scheduler,
//! outbox worker) reads the present and sleeps through the [`Clock`] trait,
//! so that production uses [`SystemClock`] and tests and the `script` adapter
//! use [`SimClock`], which moves only when a test advances it.
//!
//! [`Clock::sleep_until`] under a [`SimClock`] completes as soon as simulated
//! time reaches the instant and never waits for real time: a year of
//! deadlines passes in milliseconds. Blocking (thread-based) code can use
//! [`SimClock::wait_until`] or [`SimClock::wait_for_change`], which wait on a
//! [`Condvar`]; they too return only when a test moves the clock.

use std::fmt;
use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, Condvar, Mutex, MutexGuard};

use chrono::{DateTime, Duration, Utc};
use tokio::sync::Notify;

/// The future [`Clock::sleep_until`] returns.
pub type Sleep<'a> = Pin<Box<dyn Future<Output = ()> + Send + 'a>>;

/// A source of the present instant, in UTC (R3.5.6: the bot keeps time in UTC).
pub trait Clock: Send + Sync {
    /// The present instant.
    fn now(&self) -> DateTime<Utc>;

    /// Completes once the clock shows `at` or later (at once if it already
    /// does).
    fn sleep_until(&self, at: DateTime<Utc>) -> Sleep<'_>;
}

/// The operating system's clock: the only place in the program that calls
/// `Utc::now()`.
#[derive(Debug, Clone, Copy, Default)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> DateTime<Utc> {
        Utc::now()
    }

    fn sleep_until(&self, at: DateTime<Utc>) -> Sleep<'_> {
        let wait = (at - self.now()).to_std().unwrap_or_default();
        Box::pin(tokio::time::sleep(wait))
    }
}

/// A callback run (on the thread that moved the clock) after every change of
/// a [`SimClock`], with the new instant.
pub type ChangeCallback = Box<dyn Fn(DateTime<Utc>) + Send + Sync>;

/// The handle of a callback registered with [`SimClock::on_change`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SubscriptionId(u64);

struct SimState {
    now: DateTime<Utc>,
    generation: u64,
    next_subscription: u64,
    callbacks: Vec<(u64, Arc<ChangeCallback>)>,
}

struct SimShared {
    state: Mutex<SimState>,
    changed: Condvar,
}

/// A simulated clock that stands still until a test moves it.
///
/// Cloning gives another handle to the same clock (the state is shared
/// through an [`Arc`]), so a test can keep one handle and give another to the
/// app. Every change bumps a *generation* counter, wakes threads blocked in
/// [`SimClock::wait_until`]/[`SimClock::wait_for_change`], and runs the
/// callbacks registered with [`SimClock::on_change`].
#[derive(Clone)]
pub struct SimClock {
    shared: Arc<SimShared>,
}

impl fmt::Debug for SimClock {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let state = self.lock();
        f.debug_struct("SimClock")
            .field("now", &state.now)
            .field("generation", &state.generation)
            .finish()
    }
}

impl SimClock {
    /// A simulated clock showing `start`.
    pub fn new(start: DateTime<Utc>) -> Self {
        let state = SimState {
            now: start,
            generation: 0,
            next_subscription: 0,
            callbacks: Vec::new(),
        };
        Self {
            shared: Arc::new(SimShared {
                state: Mutex::new(state),
                changed: Condvar::new(),
            }),
        }
    }

    fn lock(&self) -> MutexGuard<'_, SimState> {
        // A panic in a callback cannot leave the state half-updated: recover.
        self.shared
            .state
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Moves the clock forward by `by` (a negative `by` moves it back, which
    /// only tests of odd situations should do). Atomic: two threads advancing
    /// at once both count.
    pub fn advance(&self, by: Duration) {
        self.change(|now| now + by);
    }

    /// Sets the clock to `instant`.
    pub fn set(&self, instant: DateTime<Utc>) {
        self.change(|_| instant);
    }

    fn change(&self, next: impl FnOnce(DateTime<Utc>) -> DateTime<Utc>) {
        let (instant, callbacks): (_, Vec<Arc<ChangeCallback>>) = {
            let mut state = self.lock();
            state.now = next(state.now);
            state.generation += 1;
            let callbacks = state
                .callbacks
                .iter()
                .map(|(_, cb)| Arc::clone(cb))
                .collect();
            (state.now, callbacks)
        };
        self.shared.changed.notify_all();
        // Callbacks run outside the lock so that they may read the clock.
        for callback in callbacks {
            callback(instant);
        }
    }

    /// How many times the clock has been moved since it was created.
    pub fn generation(&self) -> u64 {
        self.lock().generation
    }

    /// Registers `callback` to run after every change of the clock.
    pub fn on_change(&self, callback: ChangeCallback) -> SubscriptionId {
        let mut state = self.lock();
        let id = state.next_subscription;
        state.next_subscription += 1;
        state.callbacks.push((id, Arc::new(callback)));
        SubscriptionId(id)
    }

    /// Removes a callback; returns whether it was registered.
    pub fn unsubscribe(&self, id: SubscriptionId) -> bool {
        let mut state = self.lock();
        let before = state.callbacks.len();
        state.callbacks.retain(|(other, _)| *other != id.0);
        state.callbacks.len() != before
    }

    /// Blocks the calling thread until the simulated time reaches `instant`
    /// (returns at once if it already has). Never sleeps for real time: only
    /// another thread moving the clock wakes it.
    pub fn wait_until(&self, instant: DateTime<Utc>) -> DateTime<Utc> {
        let mut state = self.lock();
        while state.now < instant {
            state = self
                .shared
                .changed
                .wait(state)
                .unwrap_or_else(|poisoned| poisoned.into_inner());
        }
        state.now
    }

    /// Blocks until the generation differs from `seen`, and returns the new
    /// generation (at once if it already differs).
    pub fn wait_for_change(&self, seen: u64) -> u64 {
        let mut state = self.lock();
        while state.generation == seen {
            state = self
                .shared
                .changed
                .wait(state)
                .unwrap_or_else(|poisoned| poisoned.into_inner());
        }
        state.generation
    }
}

impl Clock for SimClock {
    fn now(&self) -> DateTime<Utc> {
        self.lock().now
    }

    fn sleep_until(&self, at: DateTime<Utc>) -> Sleep<'_> {
        Box::pin(async move {
            let changed = Arc::new(Notify::new());
            let wake = Arc::clone(&changed);
            // `notify_one` keeps a permit when nobody waits yet, so a change
            // between reading the clock and awaiting is not lost.
            let id = self.on_change(Box::new(move |_| wake.notify_one()));
            let _subscription = Subscription { clock: self, id };
            while self.now() < at {
                changed.notified().await;
            }
        })
    }
}

/// Removes a sleeper's callback when its sleep ends or is dropped.
struct Subscription<'a> {
    clock: &'a SimClock,
    id: SubscriptionId,
}

impl Drop for Subscription<'_> {
    fn drop(&mut self) {
        self.clock.unsubscribe(self.id);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicU64, Ordering};

    fn start() -> DateTime<Utc> {
        DateTime::parse_from_rfc3339("2026-01-01T00:00:00Z")
            .unwrap()
            .with_timezone(&Utc)
    }

    #[test]
    fn sim_clock_moves_only_when_told() {
        let clock = SimClock::new(start());
        let other = clock.clone();
        assert_eq!(clock.now(), start());
        other.advance(Duration::days(3));
        assert_eq!(clock.now(), start() + Duration::days(3));
        assert_eq!(clock.generation(), 1);
        clock.set(start());
        assert_eq!(other.now(), start());
        assert_eq!(other.generation(), 2);
    }

    #[test]
    fn callbacks_run_after_each_change_until_unsubscribed() {
        let clock = SimClock::new(start());
        let calls = Arc::new(AtomicU64::new(0));
        let seen = Arc::clone(&calls);
        let id = clock.on_change(Box::new(move |_| {
            seen.fetch_add(1, Ordering::SeqCst);
        }));
        clock.advance(Duration::hours(1));
        clock.advance(Duration::hours(1));
        assert_eq!(calls.load(Ordering::SeqCst), 2);
        assert!(clock.unsubscribe(id));
        assert!(!clock.unsubscribe(id));
        clock.advance(Duration::hours(1));
        assert_eq!(calls.load(Ordering::SeqCst), 2);
    }

    #[test]
    fn wait_until_is_woken_by_advance_not_by_real_time() {
        let clock = SimClock::new(start());
        let waiter = clock.clone();
        let target = start() + Duration::days(10);
        let handle = std::thread::spawn(move || waiter.wait_until(target));
        // Small steps first: a waiter that returned early would report an
        // instant before the target.
        for _ in 0..10 {
            clock.advance(Duration::days(1));
        }
        assert_eq!(handle.join().unwrap(), target);
    }

    #[test]
    fn concurrent_advances_all_count() {
        let clock = SimClock::new(start());
        let threads: Vec<_> = (0..4)
            .map(|_| {
                let clock = clock.clone();
                std::thread::spawn(move || {
                    for _ in 0..250 {
                        clock.advance(Duration::seconds(1));
                    }
                })
            })
            .collect();
        for thread in threads {
            thread.join().unwrap();
        }
        assert_eq!(clock.now(), start() + Duration::seconds(1000));
        assert_eq!(clock.generation(), 1000);
    }

    #[tokio::test]
    async fn sleep_until_ends_when_the_clock_reaches_the_instant_not_before() {
        let clock = SimClock::new(start());
        let target = start() + Duration::days(10);
        let mut sleep = clock.sleep_until(target);
        for _ in 0..9 {
            clock.advance(Duration::days(1));
            // Polled once more after each change: still short of the target.
            assert!(futures_poll(&mut sleep).is_pending(), "{:?}", clock.now());
        }
        clock.advance(Duration::days(1));
        assert!(futures_poll(&mut sleep).is_ready());
        drop(sleep);
        assert_eq!(clock.lock().callbacks.len(), 0, "the sleeper unsubscribed");
        // An instant already passed: at once.
        assert!(futures_poll(&mut clock.sleep_until(start())).is_ready());
    }

    #[tokio::test]
    async fn sleep_until_is_woken_by_another_task_advancing() {
        let clock = SimClock::new(start());
        let sleeper = clock.clone();
        let target = start() + Duration::days(365);
        let handle = tokio::spawn(async move {
            sleeper.sleep_until(target).await;
            sleeper.now()
        });
        for _ in 0..365 {
            tokio::task::yield_now().await;
            clock.advance(Duration::days(1));
        }
        assert_eq!(handle.await.unwrap(), target);
    }

    #[tokio::test]
    async fn system_clock_sleeps_not_at_all_for_a_past_instant() {
        SystemClock
            .sleep_until(SystemClock.now() - Duration::days(1))
            .await;
    }

    /// Polls `sleep` once with a no-op waker.
    fn futures_poll(sleep: &mut Sleep<'_>) -> std::task::Poll<()> {
        let mut context = std::task::Context::from_waker(std::task::Waker::noop());
        sleep.as_mut().poll(&mut context)
    }

    #[test]
    fn wait_for_change_returns_new_generation() {
        let clock = SimClock::new(start());
        assert_eq!(clock.wait_for_change(7), 0);
        let waiter = clock.clone();
        let handle = std::thread::spawn(move || waiter.wait_for_change(0));
        clock.advance(Duration::seconds(1));
        assert_eq!(handle.join().unwrap(), 1);
    }
}
