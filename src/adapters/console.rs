//! The console adapter: `@name: text` lines in, as private messages from
//! user `name` on platform `console`; replies and notices out as
//! `-> @name: text` lines. Used when no chat token is set, and by tests.

use std::sync::{Arc, Mutex};

use crate::app::actor::{Chat, Inbound, notation_from_code};
use crate::app::i18n::Lang;
use crate::app::notice::Notice;
use crate::app::service::{App, DeadlineHandler};
use crate::core::notation::Notation;
use crate::outbox::{Deliverer, Delivery, OutboxConfig, OutboxWorker};
use crate::scheduler::{Scheduler, SchedulerConfig};
use crate::store::{Db, OutboxNotice, Platform, Recipient};
use crate::time::Clock;

/// Reads `@name: text` as (name, text).
pub fn parse_line(line: &str) -> Option<(&str, &str)> {
    let rest = line.trim().strip_prefix('@')?;
    let (name, text) = rest.split_once(':')?;
    let name = name.trim();
    (!name.is_empty() && !name.contains(char::is_whitespace)).then(|| (name, text.trim()))
}

/// Formats one outgoing message.
pub fn out_line(name: &str, text: &str) -> String {
    format!("-> @{name}: {text}")
}

/// Delivers notices by writing them as console lines.
#[derive(Clone)]
pub struct ConsoleDeliverer {
    db: Db,
    lines: Arc<Mutex<Vec<String>>>,
}

impl ConsoleDeliverer {
    /// A deliverer reading recipients from `db`, writing into `lines`.
    pub fn new(db: Db, lines: Arc<Mutex<Vec<String>>>) -> Self {
        Self { db, lines }
    }

    async fn render(&self, notice: &OutboxNotice) -> anyhow::Result<Option<(String, String)>> {
        let Recipient::Player(player_id) = notice.recipient else {
            return Ok(None);
        };
        let mut tx = self.db.read().await?;
        let player = tx.player(player_id).await?;
        let accounts = tx.accounts_of(player_id).await?;
        tx.commit().await?;
        let Some(account) = accounts.iter().find(|a| a.platform == Platform::Console) else {
            return Ok(None);
        };
        let typed: Notice = serde_json::from_value(notice.payload.clone())?;
        let lang = Lang::from_code(&player.language).unwrap_or(Lang::Uk);
        let notation = notation_from_code(&player.notation).unwrap_or(Notation::UkrainianFull);
        let text = typed.text(lang, notation);
        Ok(Some((account.platform_user_id.clone(), text)))
    }
}

impl Deliverer for ConsoleDeliverer {
    async fn deliver(&self, notice: &OutboxNotice) -> Delivery {
        match self.render(notice).await {
            Ok(Some((name, text))) => {
                let mut lines = self.lines.lock().unwrap_or_else(|e| e.into_inner());
                lines.push(out_line(&name, &text));
                Delivery::Delivered
            }
            Ok(None) => Delivery::Permanent {
                error: "no console account".to_owned(),
            },
            Err(error) => Delivery::Retry {
                error: error.to_string(),
                retry_after: None,
            },
        }
    }
}

/// The console session: the app, the scheduler and the outbox on one clock.
pub struct Console {
    app: App,
    clock: Arc<dyn Clock>,
    scheduler: Scheduler<DeadlineHandler>,
    outbox: OutboxWorker<ConsoleDeliverer>,
    lines: Arc<Mutex<Vec<String>>>,
    session: i64,
    counter: u64,
}

impl Console {
    /// A console on `app`, telling time by `clock`.
    pub fn new(app: App, clock: Arc<dyn Clock>) -> Self {
        let db = app.db().clone();
        let lines = Arc::new(Mutex::new(Vec::new()));
        let deliverer = ConsoleDeliverer::new(db.clone(), lines.clone());
        Self {
            scheduler: Scheduler::new(db.clone(), DeadlineHandler, SchedulerConfig::default()),
            outbox: OutboxWorker::new(db, deliverer, OutboxConfig::default()),
            session: clock.now().timestamp_micros(),
            app,
            clock,
            lines,
            counter: 0,
        }
    }

    /// Handles one input line; returns the output lines (replies, then notices).
    pub async fn line(&mut self, line: &str) -> anyhow::Result<Vec<String>> {
        let Some((name, text)) = parse_line(line) else {
            if line.trim().is_empty() || line.trim_start().starts_with('#') {
                return Ok(Vec::new());
            }
            return Ok(vec!["?? expected `@name: text`".to_owned()]);
        };
        self.counter += 1;
        let inbound = Inbound {
            platform: Platform::Console,
            update_id: format!("{}-{}", self.session, self.counter),
            user_id: name.to_owned(),
            display_name: name.to_owned(),
            chat: Chat::Private,
            text: text.to_owned(),
        };
        let replies = self.app.handle(&inbound).await?;
        let mut out: Vec<String> = replies.iter().map(|r| out_line(name, &r.text)).collect();
        out.extend(self.tick().await?);
        Ok(out)
    }

    /// Fires due deadlines and delivers pending notices at the clock's now.
    pub async fn tick(&self) -> anyhow::Result<Vec<String>> {
        let now = self.clock.now();
        self.scheduler.poll_due(now).await?;
        self.outbox.poll(now).await?;
        let mut lines = self.lines.lock().unwrap_or_else(|e| e.into_inner());
        Ok(std::mem::take(&mut *lines))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_name_the_sender() {
        assert_eq!(parse_line("@alice: e2-e4"), Some(("alice", "e2-e4")));
        assert_eq!(parse_line("  @bob:/games "), Some(("bob", "/games")));
        assert_eq!(parse_line("alice: e2-e4"), None);
        assert_eq!(parse_line("@: e2-e4"), None);
        assert_eq!(parse_line("@a b: x"), None);
    }
}
