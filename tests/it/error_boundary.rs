//! One error boundary on every platform: when something breaks inside (here
//! a table dropped under the running app), the error is logged once, with
//! its chain of causes, under a reference, and the user gets a short apology
//! in their own language naming that reference. The console, the Telegram
//! loop and the Discord bot go on serving. On SQLite and PostgreSQL.

use std::collections::HashMap;
use std::sync::Arc;

use corrbot::adapters::console::Console;
use corrbot::app::service::{App, AppConfig};
use corrbot::time::{Clock, SimClock};

use crate::support::db::{TestDb, on_both};
use crate::support::discord_bot::WiredBot;
use crate::support::fake_telegram::{FakeTelegram, FakeUser};
use crate::support::telegram_bot::{self, TestBot};

const EN_APOLOGY: &str = "Something went wrong on our side. Please try again later; reference: ";
const UK_APOLOGY: &str =
    "Щось пішло не так з нашого боку. Спробуйте ще раз пізніше; номер звернення: ";
/// The English answer to `/games` without games: the bot still serves.
const NO_GAMES: &str = "You have no running games.";

/// Everything the bot logs in this test binary, for finding a reference
/// (the binary's one subscriber, shared with the statement counts).
mod captured_log {
    use crate::support::tracing_log;

    /// Starts capturing (once per test binary) every warning and error.
    pub fn start() {
        tracing_log::install();
    }

    /// The log lines that name `reference`.
    pub fn lines_with(reference: &str) -> Vec<String> {
        tracing_log::warnings_with(reference)
    }
}

/// The reference an apology (starting with `lead`) names in `text`.
fn reference_in(text: &str, lead: &str) -> String {
    let at = text
        .find(lead)
        .unwrap_or_else(|| panic!("no apology «{lead}…» in «{text}»"));
    let reference: String = text[at + lead.len()..].chars().take(8).collect();
    assert!(
        reference.len() == 8 && reference.chars().all(|c| c.is_ascii_hexdigit()),
        "{text}"
    );
    reference
}

/// Checks that the failure under `reference` was logged exactly once, with
/// the database's own words about `table` (the chain of causes is kept).
fn assert_logged_once(reference: &str, table: &str) {
    let lines = captured_log::lines_with(reference);
    assert_eq!(lines.len(), 1, "logged once: {lines:?}");
    assert!(lines[0].contains("ERROR"), "{}", lines[0]);
    assert!(
        lines[0].contains(table),
        "the cause is logged: {}",
        lines[0]
    );
}

/// Drops `table` under the running app: the next command that needs it
/// fails inside.
async fn break_table(test_db: &TestDb, table: &str) {
    let sql = format!("DROP TABLE {table}");
    test_db.db.execute_raw(&sql).await.expect("drop a table");
}

async fn console_line(console: &mut Console, line: &str) -> Vec<String> {
    console
        .line(line)
        .await
        .expect("the console answers every line")
}

/// The console answers an internal failure with an apology in the user's
/// language and goes on reading lines.
async fn console_apologizes_and_goes_on(test_db: &TestDb) {
    captured_log::start();
    let clock: Arc<dyn Clock> = Arc::new(SimClock::new(telegram_bot::start_time()));
    let app = App::new(test_db.db.clone(), clock.clone(), AppConfig::default());
    let mut console = Console::new(app, clock);
    let set = console_line(&mut console, "@anna: /lang en").await;
    assert_eq!(
        set,
        [
            "-> @anna: Messages will be in English, and moves in this notation: SAN (e4, Nf3). To choose another, use /notation."
        ]
    );
    console_line(&mut console, "@bohdan: /lang uk").await;
    break_table(test_db, "link_codes").await;

    let out = console_line(&mut console, "@anna: /link").await;
    assert_eq!(out.len(), 1, "{out:?}");
    assert!(out[0].starts_with("-> @anna: "), "{out:?}");
    let english = reference_in(&out[0], EN_APOLOGY);
    assert_logged_once(&english, "link_codes");
    let out = console_line(&mut console, "@bohdan: /link").await;
    assert_eq!(out.len(), 1, "{out:?}");
    let ukrainian = reference_in(&out[0], UK_APOLOGY);
    assert_logged_once(&ukrainian, "link_codes");
    assert_ne!(english, ukrainian, "each failure has its own reference");

    let out = console_line(&mut console, "@anna: /games").await;
    assert_eq!(out, [format!("-> @anna: {NO_GAMES}")]);

    // A failure after the command (firing deadlines): the reply still
    // comes, then the apology.
    break_table(test_db, "deadlines").await;
    let out = console_line(&mut console, "@anna: /lang en").await;
    assert_eq!(out.len(), 2, "{out:?}");
    assert_eq!(out[0], "-> @anna: Messages will be in English.");
    assert_logged_once(&reference_in(&out[1], EN_APOLOGY), "deadlines");
}

/// The users of one Telegram test, and how many messages each chat has
/// been read up to.
struct TelegramChats {
    fake: FakeTelegram,
    seen: HashMap<i64, usize>,
}

impl TelegramChats {
    /// User `id` writes `text` privately and gets one message back.
    async fn ask(&mut self, id: i64, text: &str) -> String {
        self.fake
            .push_message(id, &FakeUser::new(id, &format!("User {id}")), text);
        let seen = self.seen.entry(id).or_default();
        *seen += 1;
        let sent = self.fake.wait_for_sent_to(id, *seen).await;
        sent[*seen - 1].text.clone().unwrap_or_default()
    }
}

/// The Telegram bot answers an internal failure with an apology and keeps
/// polling.
async fn telegram_apologizes_and_goes_on(test_db: &TestDb) {
    captured_log::start();
    let fake = FakeTelegram::start().await;
    let bot = TestBot::start(&fake, test_db.db.clone()).await;
    let mut chats = TelegramChats {
        fake,
        seen: HashMap::new(),
    };
    let (anna, bohdan) = (701, 702);
    chats.ask(anna, "/lang en").await;
    chats.ask(bohdan, "/lang uk").await;
    break_table(test_db, "link_codes").await;

    let english = reference_in(&chats.ask(anna, "/link").await, EN_APOLOGY);
    assert_logged_once(&english, "link_codes");
    let ukrainian = reference_in(&chats.ask(bohdan, "/link").await, UK_APOLOGY);
    assert_logged_once(&ukrainian, "link_codes");
    assert_ne!(english, ukrainian);

    assert_eq!(chats.ask(anna, "/games").await, NO_GAMES);
    bot.stop().await;
}

/// The Discord bot answers an internal failure with a private apology and
/// keeps serving.
async fn discord_apologizes_and_goes_on(test_db: &TestDb) {
    captured_log::start();
    let bot = WiredBot::start(test_db.db.clone()).await;
    let (anna, bohdan) = (8_000_001, 8_000_002);
    bot.slash(anna, "lang", &[("language", "en")]).await;
    bot.slash(bohdan, "lang", &[("language", "uk")]).await;
    // `/link` is read in private chats only, so a private command here.
    break_table(test_db, "player_settings").await;

    let answer = bot.slash(anna, "profile", &[]).await;
    assert!(answer.ephemeral, "the apology is private: {answer:?}");
    let text = answer.content.clone().unwrap_or_default();
    let english = reference_in(&text, EN_APOLOGY);
    assert_logged_once(&english, "player_settings");
    let answer = bot.slash(bohdan, "profile", &[]).await;
    let text = answer.content.clone().unwrap_or_default();
    let ukrainian = reference_in(&text, UK_APOLOGY);
    assert_logged_once(&ukrainian, "player_settings");
    assert_ne!(english, ukrainian);

    let games = bot.slash(anna, "games", &[]).await;
    assert_eq!(games.content.as_deref(), Some(NO_GAMES));
}

on_both!(
    console_apologizes_and_goes_on,
    telegram_apologizes_and_goes_on,
    discord_apologizes_and_goes_on,
);
