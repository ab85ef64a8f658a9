//! A console session on a test database under a simulated clock: the
//! app's integration tests drive it with `@name: text` lines, and with
//! messages from other platforms through [`World::say_on`].

// Each test crate uses a different part of this module.
#![allow(dead_code)]

use std::sync::Arc;

use chrono::{DateTime, TimeZone, Utc};
use corrbot::adapters::console::Console;
use corrbot::app::actor::{Chat, Inbound};
use corrbot::app::service::{App, AppConfig};
use corrbot::store::{Db, Platform};
use corrbot::time::{Clock, SimClock};

/// The session's first instant.
pub fn start() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 1, 5, 9, 0, 0).unwrap()
}

/// The app, its console and the clock; `alice` administers.
pub struct World {
    /// The store.
    pub db: Db,
    /// The simulated clock.
    pub clock: Arc<SimClock>,
    /// The app.
    pub app: App,
    /// The console (app, scheduler, outbox).
    pub console: Console,
    counter: u64,
}

impl World {
    /// A world on `db`.
    pub fn new(db: &Db) -> Self {
        let clock = Arc::new(SimClock::new(start()));
        let dyn_clock: Arc<dyn Clock> = clock.clone();
        let app = App::new(
            db.clone(),
            dyn_clock.clone(),
            AppConfig::with_admins("console:alice"),
        );
        let console = Console::new(app.clone(), dyn_clock);
        Self {
            db: db.clone(),
            clock,
            app,
            console,
            counter: 0,
        }
    }

    /// One console line; the replies, then the notices delivered.
    pub async fn say(&mut self, line: &str) -> Vec<String> {
        self.console.line(line).await.expect("line handled")
    }

    /// Each user switches to English.
    pub async fn english(&mut self, users: &[&str]) {
        for user in users {
            self.say(&format!("@{user}: /lang en")).await;
        }
    }

    /// `text` from `user` on `platform`; the reply texts.
    pub async fn say_on(&mut self, platform: Platform, user: &str, text: &str) -> Vec<String> {
        self.counter += 1;
        let inbound = Inbound {
            platform,
            update_id: format!("other-{}", self.counter),
            user_id: user.to_owned(),
            display_name: user.to_owned(),
            chat: Chat::Private,
            text: text.to_owned(),
        };
        let replies = self.app.handle(&inbound).await.expect("handled");
        replies.into_iter().map(|reply| reply.text).collect()
    }

    /// Alice creates event #1 with `settings`, the `players` join in order
    /// and Alice starts it.
    pub async fn started_event(&mut self, settings: &str, players: &[&str]) {
        let out = self
            .say(&format!("@alice: /event create Cup {settings}"))
            .await;
        assert!(out[0].contains("is created"), "{out:?}");
        for player in players {
            self.say(&format!("@{player}: /event join 1")).await;
        }
        let out = self.say("@alice: /event start 1").await;
        assert!(out[0].contains("has started"), "{out:?}");
    }
}

/// Whether some line starts with `prefix`.
pub fn has_line(out: &[String], prefix: &str) -> bool {
    out.iter().any(|line| line.starts_with(prefix))
}
