//! Several `corrbot run` processes on one database, as the multi-process
//! test runs them: each one can be SIGKILLed and started again with the
//! same settings.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

/// Settings every process reads from the environment; removed from the
/// inherited environment so that only the test's own values count.
const CLEARED: [&str; 12] = [
    "DATABASE_URL",
    "TELEGRAM_BOT_TOKEN",
    "TELEGRAM_API_URL",
    "TELEGRAM_WEBHOOK_URL",
    "TELEGRAM_WEBHOOK_LISTEN",
    "TELEGRAM_WEBHOOK_SECRET",
    "DISCORD_TOKEN",
    "DISCORD_API_URL",
    "DISCORD_GUILD_ID",
    "DISCORD_SHARDS",
    "CORRBOT_ADMINS",
    "CORRBOT_WEB_LISTEN",
];

/// One process slot: its settings, and the child while it runs.
struct Slot {
    env: Vec<(String, String)>,
    child: Option<Child>,
}

/// The processes; all are killed when the fleet is dropped.
pub struct Fleet {
    slots: Vec<Slot>,
    log: PathBuf,
}

impl Fleet {
    /// A fleet of one process per entry of `envs` (none started yet); the
    /// processes' standard error goes to `log`, one file for all.
    pub fn new(envs: Vec<Vec<(String, String)>>, log: &Path) -> Self {
        let slots = envs
            .into_iter()
            .map(|env| Slot { env, child: None })
            .collect();
        Self {
            slots,
            log: log.to_owned(),
        }
    }

    /// How many processes the fleet has.
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// Starts process `i` unless it runs.
    pub fn start(&mut self, i: usize) {
        if self.slots[i].child.is_some() {
            return;
        }
        let stderr = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&self.log)
            .expect("open the processes' log");
        let mut command = Command::new(env!("CARGO_BIN_EXE_corrbot"));
        command.arg("run");
        for name in CLEARED {
            command.env_remove(name);
        }
        command
            .envs(self.slots[i].env.iter().map(|(k, v)| (k, v)))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::from(stderr));
        self.slots[i].child = Some(command.spawn().expect("start corrbot run"));
    }

    /// Starts every process that does not run.
    pub fn start_all(&mut self) {
        for i in 0..self.slots.len() {
            self.start(i);
        }
    }

    /// SIGKILLs process `i` (if it runs) and reaps it.
    pub fn kill(&mut self, i: usize) {
        if let Some(mut child) = self.slots[i].child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    /// Whether a process exited by itself (it should not); its index.
    pub fn exited(&mut self) -> Option<usize> {
        self.slots.iter_mut().position(|slot| {
            slot.child
                .as_mut()
                .is_some_and(|child| child.try_wait().ok().flatten().is_some())
        })
    }

    /// SIGKILLs every process.
    pub fn kill_all(&mut self) {
        for i in 0..self.slots.len() {
            self.kill(i);
        }
    }
}

impl Drop for Fleet {
    fn drop(&mut self) {
        self.kill_all();
    }
}
