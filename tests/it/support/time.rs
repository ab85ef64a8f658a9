//! Simulated time for the background loops' own tests.

use std::sync::Mutex;

use chrono::{DateTime, Utc};
use corrbot::time::{Clock, Sleep};

/// Simulated time that the sleeper moves: sleeping jumps the clock straight
/// to the wake-up instant, so a year passes in milliseconds.
pub struct JumpClock {
    now: Mutex<DateTime<Utc>>,
}

impl JumpClock {
    /// Simulated time starting at `start`.
    pub fn new(start: DateTime<Utc>) -> Self {
        Self {
            now: Mutex::new(start),
        }
    }
}

impl Clock for JumpClock {
    fn now(&self) -> DateTime<Utc> {
        *self.now.lock().unwrap()
    }

    fn sleep_until(&self, at: DateTime<Utc>) -> Sleep<'_> {
        {
            let mut now = self.now.lock().unwrap();
            *now = (*now).max(at);
        }
        Box::pin(tokio::task::yield_now())
    }
}
