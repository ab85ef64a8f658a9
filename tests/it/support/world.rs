//! A console world for the app's tests: an app on a test database under a
//! [`SimClock`], `alice` its administrator. Lines go through the console
//! (replies and delivered notices as text, [`World::say`]), straight through
//! the app (whole replies with images, documents and buttons,
//! [`World::ask`]), or come from another platform ([`World::say_on`]).

use std::sync::Arc;

use chrono::{DateTime, TimeZone, Utc};
use corrbot::adapters::console::Console;
use corrbot::app::actor::{Chat, Inbound};
use corrbot::app::outgoing::Outgoing;
use corrbot::app::service::{App, AppConfig};
use corrbot::store::{Db, Deadline, EventId, EventStatus, GameId, GameRecord, Platform, PlayerId};
use corrbot::time::{Clock, SimClock};

use super::db::TestDb;

/// The session's first instant: Monday 5 January 2026, 09:00 UTC.
pub fn start() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 1, 5, 9, 0, 0).unwrap()
}

/// The app, its console and the clock.
pub struct World {
    /// The store.
    pub db: Db,
    /// The simulated clock.
    pub clock: Arc<SimClock>,
    /// The app.
    pub app: App,
    /// The console (app, scheduler, outbox).
    pub console: Console,
    /// The database the world owns ([`World::sqlite`]), removed by
    /// [`World::finish`].
    owned: Option<TestDb>,
    updates: u64,
}

impl World {
    /// A world on `db`: a Ukrainian club's installation, whose events keep
    /// their dates in Kyiv time (`CORRBOT_ZONE=Europe/Kyiv`, R3.5.6).
    pub fn new(db: &Db) -> Self {
        let config =
            AppConfig::with_admins("console:alice").with_zone(Some(chrono_tz::Europe::Kyiv));
        Self::configured(db, config)
    }

    /// A world on `db` with the app's settings `config`.
    pub fn configured(db: &Db, config: AppConfig) -> Self {
        let clock = Arc::new(SimClock::new(start()));
        let dyn_clock: Arc<dyn Clock> = clock.clone();
        let app = App::new(db.clone(), dyn_clock.clone(), config);
        let console = Console::new(app.clone(), dyn_clock);
        Self {
            db: db.clone(),
            clock,
            app,
            console,
            owned: None,
            updates: 0,
        }
    }

    /// A world on a fresh SQLite database of its own.
    pub async fn sqlite() -> Self {
        let test_db = TestDb::sqlite().await;
        let mut world = Self::new(&test_db.db);
        world.owned = Some(test_db);
        world
    }

    /// Ends the test, removing the database the world owns.
    pub async fn finish(self) {
        if let Some(test_db) = self.owned {
            test_db.finish().await;
        }
    }

    /// A console line `@user: text`; the replies, then the notices delivered.
    pub async fn say(&mut self, line: &str) -> Vec<String> {
        self.console.line(line).await.expect("line handled")
    }

    /// `text` from `user` straight to the app: the whole replies.
    pub async fn ask(&mut self, user: &str, text: &str) -> Vec<Outgoing> {
        self.inbound(Platform::Console, "direct", user, text).await
    }

    /// `text` from `user` on `platform`; the reply texts.
    pub async fn say_on(&mut self, platform: Platform, user: &str, text: &str) -> Vec<String> {
        let replies = self.inbound(platform, "other", user, text).await;
        replies.into_iter().map(|reply| reply.text).collect()
    }

    /// `text` from `user` in the group or channel `channel`; the reply texts.
    pub async fn say_in(&mut self, channel: &str, user: &str, text: &str) -> Vec<String> {
        self.updates += 1;
        let inbound = Inbound {
            chat: Chat::Channel(channel.to_owned()),
            ..self.private_inbound(Platform::Console, "channel", user, text)
        };
        let replies = self.app.handle(&inbound).await.expect("handled");
        replies.into_iter().map(|reply| reply.text).collect()
    }

    async fn inbound(
        &mut self,
        platform: Platform,
        kind: &str,
        user: &str,
        text: &str,
    ) -> Vec<Outgoing> {
        self.updates += 1;
        let inbound = self.private_inbound(platform, kind, user, text);
        self.app.handle(&inbound).await.expect("handled")
    }

    /// A private message of `user`, with an update id of `kind`.
    fn private_inbound(&self, platform: Platform, kind: &str, user: &str, text: &str) -> Inbound {
        Inbound {
            platform,
            update_id: format!("{kind}-{}", self.updates),
            user_id: user.to_owned(),
            display_name: user.to_owned(),
            handle: Some(user.to_owned()),
            chat: Chat::Private,
            text: text.to_owned(),
            reply_to: None,
            client_lang: None,
        }
    }

    /// `user` (a console name, or a Telegram id when all digits) moves in
    /// `game`; the replies' text.
    pub async fn move_as(&mut self, user: &str, game: i64, text: &str) -> Vec<String> {
        let platform = if user.chars().all(|c| c.is_ascii_digit()) {
            Platform::Telegram
        } else {
            Platform::Console
        };
        let command = format!("/move {game} {text}");
        let replies = self.inbound(platform, "move", user, &command).await;
        replies.into_iter().map(|reply| reply.text).collect()
    }

    /// Each user switches to English, keeping the Ukrainian notation by
    /// choice (`/notation ukr`; the language alone would switch to SAN).
    pub async fn english(&mut self, users: &[&str]) {
        for user in users {
            self.say(&format!("@{user}: /lang en")).await;
            self.say(&format!("@{user}: /notation ukr")).await;
        }
    }

    /// Alice creates event #1 with `settings`, the `players` join in order
    /// and Alice starts it.
    pub async fn started_event(&mut self, settings: &str, players: &[&str]) {
        let out = self
            .say(&format!("@alice: /event create Cup {settings}"))
            .await;
        assert!(out[0].contains("has been created"), "{out:?}");
        for player in players {
            self.say(&format!("@{player}: /event join 1")).await;
        }
        let out = self.say("@alice: /event start 1").await;
        assert!(out[0].contains("has started"), "{out:?}");
    }

    /// alice creates event #N (English for everyone, moves shown in the
    /// Ukrainian notation by choice) with `players` joining in order (so the
    /// first has White against the second), and starts it.
    pub async fn event(&mut self, name: &str, players: &[&str]) {
        let users: Vec<&str> = ["alice"].iter().chain(players).copied().collect();
        self.english(&users).await;
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

    /// The player of console user `user`.
    pub async fn player_id(&self, user: &str) -> PlayerId {
        let mut tx = self.db.read().await.unwrap();
        let account = tx.account(Platform::Console, user).await.unwrap();
        account.unwrap().player_id
    }

    /// Event `event`'s stored status.
    pub async fn event_status(&self, event: i64) -> EventStatus {
        let mut tx = self.db.read().await.unwrap();
        tx.event(EventId(event)).await.unwrap().status
    }

    /// A game as stored.
    pub async fn game(&self, id: i64) -> GameRecord {
        let mut tx = self.db.read().await.unwrap();
        tx.game(GameId(id)).await.unwrap()
    }

    /// A game's pending deadlines, by due time.
    pub async fn deadlines(&self, id: i64) -> Vec<Deadline> {
        let mut tx = self.db.read().await.unwrap();
        tx.deadlines_of_game(GameId(id)).await.unwrap()
    }
}

/// Whether some line starts with `prefix`.
pub fn has_line(out: &[String], prefix: &str) -> bool {
    out.iter().any(|line| line.starts_with(prefix))
}
