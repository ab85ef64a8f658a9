//! `corrbot run` with `DISCORD_TOKEN` serves Discord: the real binary against
//! the fake Discord registers its slash commands, answers them, delivers
//! notices through its outbox worker, and never logs the token.

use std::io::Read;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};

use serde_json::{Value, json};

use crate::support::fake_discord::{FakeDiscord, GUILD_ID, Sent, SentKind};

const TOKEN: &str = "very-secret-discord-token-4242";
const CHANNEL: u64 = 4_000_001;
const ANNA: u64 = 5_000_001;
const BOHDAN: u64 = 5_000_002;

/// The running binary, killed (and its database removed) on drop.
struct Bot {
    child: Child,
    log: Arc<Mutex<Vec<u8>>>,
    database: std::path::PathBuf,
}

impl Bot {
    fn start(fake: &FakeDiscord) -> Self {
        let database = std::env::temp_dir().join(format!("corrbot_run_{}.db", std::process::id()));
        let mut child = Command::new(env!("CARGO_BIN_EXE_corrbot"))
            .arg("run")
            .env("DATABASE_URL", format!("sqlite://{}", database.display()))
            .env("DISCORD_TOKEN", TOKEN)
            .env("DISCORD_API_URL", fake.proxy_url())
            .env("DISCORD_GUILD_ID", GUILD_ID.to_string())
            .env("RUST_LOG", "debug")
            .env_remove("TELEGRAM_BOT_TOKEN")
            .env_remove("CORRBOT_ADMINS")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("corrbot runs");
        let log = Arc::new(Mutex::new(Vec::new()));
        let mut stderr = child.stderr.take().expect("stderr");
        let sink = log.clone();
        std::thread::spawn(move || {
            let mut buffer = [0u8; 4096];
            while let Ok(n @ 1..) = stderr.read(&mut buffer) {
                sink.lock().expect("log").extend_from_slice(&buffer[..n]);
            }
        });
        Self {
            child,
            log,
            database,
        }
    }

    fn log(&self) -> String {
        String::from_utf8_lossy(&self.log.lock().expect("log")).into_owned()
    }
}

impl Drop for Bot {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        for suffix in ["", "-wal", "-shm"] {
            let _ = std::fs::remove_file(format!("{}{suffix}", self.database.display()));
        }
    }
}

async fn slash(fake: &FakeDiscord, user: u64, name: &str, options: Value) -> Sent {
    let id = fake.push_slash_command(name, options, user, CHANNEL).await;
    fake.wait_until("the answer", |state| {
        state
            .sent()
            .iter()
            .find(|sent| sent.interaction_id == Some(id))
            .cloned()
    })
    .await
}

fn event(action: &str, argument: &str) -> Value {
    json!([
        { "name": "action", "type": 3, "value": action },
        { "name": "argument", "type": 3, "value": argument },
    ])
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn run_serves_discord_with_its_outbox_and_hides_the_token() {
    let fake = FakeDiscord::start().await;
    let bot = Bot::start(&fake);
    fake.wait_until("the slash commands", |state| {
        (state.commands(Some(GUILD_ID)).len() == corrbot::app::command::CommandWord::all().count())
            .then_some(())
    })
    .await;
    let created = slash(&fake, ANNA, "event", event("create", "Кубок")).await;
    assert!(
        created.content.as_deref().unwrap_or("").contains("#1"),
        "{created:?}"
    );
    slash(&fake, ANNA, "event", event("join", "1")).await;
    slash(&fake, BOHDAN, "event", event("join", "1")).await;
    slash(&fake, ANNA, "event", event("start", "1")).await;
    for user in [ANNA, BOHDAN] {
        fake.wait_until("the start notice by DM", |state| {
            let dm = state.dm_channel(user)?;
            state
                .sent()
                .iter()
                .find(|s| s.channel_id == dm && s.kind == SentKind::Message)
                .cloned()
        })
        .await;
    }
    let log = bot.log();
    assert!(!log.contains(TOKEN), "the token leaked into the log");
    assert!(log.contains("Discord slash commands registered"), "{log}");
}
