//! The simulated club's people at the app's door: every line goes through
//! [`App::handle`] as a console message, like a chat update.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use crate::app::actor::{Chat, Inbound};
use crate::app::service::App;
use crate::store::Platform;

/// The administrator who creates and starts every event.
pub const ADMIN: &str = "sim-admin";

/// The app and the next update id.
pub struct Club {
    app: App,
    updates: AtomicU64,
}

impl Club {
    /// The club on `app`.
    pub fn new(app: App) -> Self {
        Self {
            app,
            updates: AtomicU64::new(0),
        }
    }

    /// The app.
    pub fn app(&self) -> &App {
        &self.app
    }

    /// `text` from `user`: the replies' text joined, and how long the app took.
    pub async fn say(&self, user: &str, text: String) -> anyhow::Result<(String, Duration)> {
        let update = self.updates.fetch_add(1, Ordering::Relaxed) + 1;
        let inbound = Inbound {
            platform: Platform::Console,
            update_id: format!("sim-{update}"),
            user_id: user.to_owned(),
            display_name: user.to_owned(),
            handle: Some(user.to_owned()),
            chat: Chat::Private,
            text,
            reply_to: None,
            client_lang: None,
        };
        let started = Instant::now();
        let replies = self.app.handle(&inbound).await?;
        let took = started.elapsed();
        let text = replies.into_iter().map(|reply| reply.text).collect();
        Ok((text, took))
    }
}

/// The name of the `index`-th player of the pool.
pub fn player_name(index: usize) -> String {
    format!("sim{index}")
}

/// The first `#N` number in `text`.
pub fn number_after_hash(text: &str) -> Option<i64> {
    let (_, rest) = text.split_once('#')?;
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    digits.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::number_after_hash;

    #[test]
    fn the_event_number_is_read_after_the_hash() {
        assert_eq!(number_after_hash("Турнір «Sim 3» #17 створено"), Some(17));
        assert_eq!(number_after_hash("no number"), None);
    }
}
