//! Replies on the wire: which chats have a reply being sent whose message
//! ids are not yet remembered ([`crate::adapters::router::remember_sent`]).
//!
//! A Telegram reply (`reply_to_message`) to the bot's message finds its
//! game through the remembered ids. Sending is decoupled from handling
//! (issue trust-2), so an update replying in a chat first waits until no
//! reply there is on the wire: one request and one write, never Telegram's
//! pacing, which is waited out before a reply is marked.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use tokio::sync::Notify;

/// The longest an update waits for a chat's reply on the wire.
pub const SETTLE_BOUND: Duration = Duration::from_secs(5);

/// Per chat, how many replies are on the wire.
#[derive(Debug, Default)]
pub struct InFlight {
    chats: Mutex<HashMap<i64, usize>>,
    settled: Notify,
}

/// A reply on the wire to a chat, until dropped.
pub struct OnWire {
    owner: Arc<InFlight>,
    chat: i64,
}

impl InFlight {
    /// Marks a reply to `chat` as on the wire until the guard is dropped.
    pub fn mark(self: &Arc<Self>, chat: i64) -> OnWire {
        *self.lock().entry(chat).or_default() += 1;
        OnWire {
            owner: Arc::clone(self),
            chat,
        }
    }

    /// Waits, at most [`SETTLE_BOUND`], until no reply to `chat` is on the
    /// wire.
    pub async fn settled(&self, chat: i64) {
        let wait = async {
            loop {
                let changed = self.settled.notified();
                tokio::pin!(changed);
                changed.as_mut().enable();
                if !self.lock().contains_key(&chat) {
                    return;
                }
                changed.await;
            }
        };
        if tokio::time::timeout(SETTLE_BOUND, wait).await.is_err() {
            tracing::warn!(chat, "telegram: a reply was still on the wire");
        }
    }

    fn lock(&self) -> MutexGuard<'_, HashMap<i64, usize>> {
        self.chats
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

impl Drop for OnWire {
    fn drop(&mut self) {
        let mut chats = self.owner.lock();
        if let Some(count) = chats.get_mut(&self.chat) {
            *count -= 1;
            if *count == 0 {
                chats.remove(&self.chat);
            }
        }
        drop(chats);
        self.owner.settled.notify_waiters();
    }
}
