//! The delivery log: which notice was sent to whom, by id, so a crash test
//! (or an operator) can tell a re-send from a loss. Only a process started
//! with `CORRBOT_DELIVERY_LOG` keeps one.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use chrono::TimeDelta;

use crate::store::OutboxNotice;

/// Delivery settings from the environment, beyond the app's.
#[derive(Clone, Debug, Default)]
pub struct DeliveryOptions {
    /// A file that gets one `<notice id> <recipient>` line per delivered
    /// notice, written after the notice is sent and before the outbox marks
    /// it delivered (`CORRBOT_DELIVERY_LOG`). It makes deliveries
    /// observable by notice id: a crash between this line and the mark
    /// sends the notice again, so a reader deduplicates by id.
    pub delivery_log: Option<PathBuf>,
    /// How long a claim on a notice lasts (`CORRBOT_OUTBOX_LEASE_MS`); the
    /// outbox's default when unset. A notice claimed by a killed process is
    /// sent again after the lease.
    pub outbox_lease: Option<TimeDelta>,
}

impl DeliveryOptions {
    /// The options from `CORRBOT_DELIVERY_LOG` and `CORRBOT_OUTBOX_LEASE_MS`.
    pub fn from_env() -> anyhow::Result<Self> {
        let lease = match std::env::var("CORRBOT_OUTBOX_LEASE_MS") {
            Ok(ms) => Some(TimeDelta::milliseconds(ms.trim().parse()?)),
            Err(_) => None,
        };
        Ok(Self {
            delivery_log: std::env::var_os("CORRBOT_DELIVERY_LOG").map(PathBuf::from),
            outbox_lease: lease,
        })
    }

    /// The delivery log, opened, if one is configured.
    pub fn open_log(&self) -> std::io::Result<Option<DeliveryLog>> {
        self.delivery_log
            .as_deref()
            .map(DeliveryLog::open)
            .transpose()
    }
}

/// An append-only file of `<notice id> <recipient>` lines.
#[derive(Debug)]
pub struct DeliveryLog {
    file: Mutex<std::fs::File>,
}

impl DeliveryLog {
    /// Opens (creating it if needed) the log at `path` for appending.
    pub fn open(path: &Path) -> std::io::Result<Self> {
        let file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)?;
        Ok(Self {
            file: Mutex::new(file),
        })
    }

    /// Appends `<id> <recipient>` in one write; the line survives a kill of
    /// this process once the write returns.
    pub fn record(&self, notice: &OutboxNotice) -> std::io::Result<()> {
        let line = format!("{} {}\n", notice.id, notice.recipient.key());
        let mut file = self.file.lock().unwrap_or_else(|e| e.into_inner());
        file.write_all(line.as_bytes())
    }
}
