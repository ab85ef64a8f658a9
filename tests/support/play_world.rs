//! A console world for app tests: an app on a test database under a
//! [`SimClock`], lines through the console (replies and delivered notices as
//! text) or straight through the app (whole replies with images, documents
//! and buttons).

// Each test crate uses a different part of this module.
#![allow(dead_code)]

use std::sync::Arc;

use chrono::{DateTime, TimeZone, Utc};
use corrbot::adapters::console::Console;
use corrbot::app::actor::{Chat, Inbound};
use corrbot::app::outgoing::Outgoing;
use corrbot::app::service::{App, AppConfig};
use corrbot::store::{Deadline, Game, GameId, Platform};
use corrbot::time::{Clock, SimClock};

use super::db::TestDb;

/// Monday 5 January 2026, 09:00 UTC.
pub fn start() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 1, 5, 9, 0, 0).unwrap()
}

/// The app, its console and the clock.
pub struct World {
    pub test_db: TestDb,
    pub clock: Arc<SimClock>,
    pub app: App,
    pub console: Console,
    updates: u64,
}

impl World {
    /// A world on `test_db`, alice its administrator.
    pub async fn on(test_db: TestDb) -> Self {
        let clock = Arc::new(SimClock::new(start()));
        let dyn_clock: Arc<dyn Clock> = clock.clone();
        let app = App::new(
            test_db.db.clone(),
            dyn_clock.clone(),
            AppConfig::with_admins("console:alice"),
        );
        let console = Console::new(app.clone(), dyn_clock);
        Self {
            test_db,
            clock,
            app,
            console,
            updates: 0,
        }
    }

    /// A world on a fresh SQLite database.
    pub async fn sqlite() -> Self {
        Self::on(TestDb::sqlite().await).await
    }

    /// A console line `@user: text`; the replies and notices delivered.
    pub async fn say(&mut self, line: &str) -> Vec<String> {
        self.console.line(line).await.expect("line handled")
    }

    /// `text` from `user` straight to the app: the whole replies.
    pub async fn ask(&mut self, user: &str, text: &str) -> Vec<Outgoing> {
        self.updates += 1;
        let inbound = Inbound {
            platform: Platform::Console,
            update_id: format!("direct-{}", self.updates),
            user_id: user.into(),
            display_name: user.into(),
            chat: Chat::Private,
            text: text.into(),
        };
        self.app.handle(&inbound).await.expect("handled")
    }

    /// alice creates event #N (English for everyone) with `players` joining in
    /// order (so the first has White against the second), and starts it.
    pub async fn event(&mut self, name: &str, players: &[&str]) {
        for user in ["alice"].iter().chain(players) {
            self.say(&format!("@{user}: /lang en")).await;
        }
        let out = self.say(&format!("@alice: /event create {name}")).await;
        let number: String = out[0]
            .split('#')
            .nth(1)
            .unwrap()
            .chars()
            .take_while(char::is_ascii_digit)
            .collect();
        for user in players {
            self.say(&format!("@{user}: /event join {number}")).await;
        }
        let out = self.say(&format!("@alice: /event start {number}")).await;
        assert!(out[0].contains("has started"), "{out:?}");
    }

    /// A game as stored.
    pub async fn game(&self, id: i64) -> Game {
        let mut tx = self.test_db.db.read().await.unwrap();
        tx.game(GameId(id)).await.unwrap()
    }

    /// A game's pending deadlines, by due time.
    pub async fn deadlines(&self, id: i64) -> Vec<Deadline> {
        let mut tx = self.test_db.db.read().await.unwrap();
        tx.deadlines_of_game(GameId(id)).await.unwrap()
    }

    /// Ends the test, removing the database.
    pub async fn finish(self) {
        self.test_db.finish().await;
    }
}
