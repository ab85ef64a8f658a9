//! Transcripts: a console session under a simulated clock, for tests and
//! demonstrations (`corrbot script FILE`).
//!
//! A script has one instruction per line: `@name: text` (a private message),
//! `+N[dhm]` (advance simulated time by N days, hours or minutes, then fire
//! deadlines and deliver notices), and `#` comments. The transcript repeats
//! every instruction and prints every outgoing message under it.

use std::sync::Arc;

use chrono::{DateTime, Duration, TimeZone, Utc};

use crate::adapters::console::Console;
use crate::app::service::{App, AppConfig};
use crate::store::Db;
use crate::time::{Clock, SimClock};

/// When a script's simulated clock starts: 2026-01-05 09:00 UTC.
pub fn script_start() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 1, 5, 9, 0, 0)
        .single()
        .unwrap_or_default()
}

/// Reads `+14d`, `+5h`, `+30m`.
pub fn read_advance(line: &str) -> Option<Duration> {
    let rest = line.trim().strip_prefix('+')?;
    let unit = rest.chars().last()?;
    let amount: i64 = rest[..rest.len() - unit.len_utf8()].parse().ok()?;
    match unit {
        'd' => Some(Duration::days(amount)),
        'h' => Some(Duration::hours(amount)),
        'm' => Some(Duration::minutes(amount)),
        _ => None,
    }
}

/// Runs `script` on a fresh, migrated `db`; returns the transcript lines.
/// The first user to write becomes the administrator unless `admins` names them.
pub async fn run_script(script: &str, db: Db, admins: &str) -> anyhow::Result<Vec<String>> {
    let clock = Arc::new(SimClock::new(script_start()));
    let dyn_clock: Arc<dyn Clock> = clock.clone();
    let app = App::new(db, dyn_clock.clone(), AppConfig::with_admins(admins));
    let mut console = Console::new(app, dyn_clock);
    let mut transcript = Vec::new();
    for line in script.lines() {
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            transcript.push(line.to_owned());
            continue;
        }
        transcript.push(line.to_owned());
        let output = match read_advance(trimmed) {
            Some(by) => {
                clock.advance(by);
                console.tick().await?
            }
            None => console.line(trimmed).await?,
        };
        transcript.extend(
            output
                .into_iter()
                .map(|l| format!("  {}", l.replace('\n', "\n     "))),
        );
    }
    Ok(transcript)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn advances_read_days_hours_minutes() {
        assert_eq!(read_advance("+14d"), Some(Duration::days(14)));
        assert_eq!(read_advance(" +5h"), Some(Duration::hours(5)));
        assert_eq!(read_advance("+30m"), Some(Duration::minutes(30)));
        assert_eq!(read_advance("+x"), None);
        assert_eq!(read_advance("14d"), None);
    }
}
