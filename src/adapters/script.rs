//! Transcripts: a console session under a simulated clock, for tests and
//! demonstrations (`corrbot script FILE [--json]`). The format and every
//! message kind are documented in `docs/transcripts.md`.
//!
//! One instruction per line:
//! * `@name: text`: a private message from console user `name`;
//!   `@name@telegram: text` or `@name@discord: text` from a user of that
//!   platform; `@name in #channel: text` (any platform) in a channel;
//! * `+N[dhm]`: advance simulated time by N days, hours or minutes, firing
//!   every deadline due on the way at its own instant, in order;
//! * `!at YYYY-MM-DD HH:MM`: set simulated time forward to that instant (UTC),
//!   firing deadlines the same way;
//! * `!admin @name[@platform]`: name an administrator (before anyone writes;
//!   without one, the first user to write becomes the administrator);
//! * `!zone NAME`: the installation's time zone (`CORRBOT_ZONE`, R3.5.6),
//!   given to events created without `zone=`; without it, GMT;
//! * `!web URL`: the public web site's address (`CORRBOT_WEB_URL`): replies
//!   and notices link to its pages, and board links (issue [touch]) are
//!   signed with [`TRANSCRIPT_SECRET`], so their passes print the same run
//!   to run under the simulated clock;
//! * `#` comments and blank lines, repeated as they are.
//!
//! An invitation's random token (`/start join-…`, `/event invite`) prints as
//! `join-TOKEN`, and `join-TOKEN` in a later message stands for the last
//! one printed, so transcripts of invitations stay the same run to run.

use std::sync::Arc;

use anyhow::Context;
use chrono::{DateTime, Duration, NaiveDateTime, TimeZone, Utc};

use crate::adapters::console::{Console, Sent, Speaker};
use crate::app::actor::Chat;
use crate::app::service::{App, AppConfig};
use crate::app::touch::TouchKey;
use crate::store::{Db, Platform};
use crate::time::{Clock, SimClock};

/// When a script's simulated clock starts: 2026-01-05 09:00 UTC.
pub fn script_start() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 1, 5, 9, 0, 0)
        .single()
        .unwrap_or_default()
}

/// Reads `+14d`, `+5h`, `+30m`; `None` for any other line, and for a step
/// too long for a duration (see [`read_step`]).
pub fn read_advance(line: &str) -> Option<Duration> {
    read_step(line).ok().flatten()
}

/// Reads a time step like [`read_advance`]: `Ok(None)` when the line is not
/// a time step, an error when it is one too long to count.
pub fn read_step(line: &str) -> anyhow::Result<Option<Duration>> {
    let Some(rest) = line.trim().strip_prefix('+') else {
        return Ok(None);
    };
    let Some(unit) = rest.chars().last() else {
        return Ok(None);
    };
    let Ok(amount) = rest[..rest.len() - unit.len_utf8()].parse::<i64>() else {
        return Ok(None);
    };
    let step = match unit {
        'd' => Duration::try_days(amount),
        'h' => Duration::try_hours(amount),
        'm' => Duration::try_minutes(amount),
        _ => return Ok(None),
    };
    step.map(Some)
        .ok_or_else(|| anyhow::anyhow!("the time step {} is too long", line.trim()))
}

/// Reads `!at 2026-03-01 09:00`.
pub fn read_at(line: &str) -> Option<DateTime<Utc>> {
    let rest = line.trim().strip_prefix("!at")?.trim();
    let naive = NaiveDateTime::parse_from_str(rest, "%Y-%m-%d %H:%M").ok()?;
    Some(Utc.from_utc_datetime(&naive))
}

/// Reads `name` or `name@platform` (console when no platform is named).
fn read_user(text: &str) -> Option<(Platform, String)> {
    let text = text.trim().strip_prefix('@')?;
    let (name, platform) = match text.split_once('@') {
        Some((name, platform)) => (name, Platform::parse(platform)?),
        None => (text, Platform::Console),
    };
    let valid = !name.is_empty() && !name.contains(char::is_whitespace);
    valid.then(|| (platform, name.to_owned()))
}

/// Reads `@name[@platform] [in #channel] [re [N]]: text`; `re` replies to
/// the latest message of the chat, `re N` to the N-th latest.
pub fn read_message(line: &str) -> Option<(Speaker, &str)> {
    let (head, text) = line.trim().split_once(':')?;
    let (head, replies_to) = read_reply(head)?;
    let (user, chat) = match head.split_once(" in ") {
        Some((user, channel)) => {
            let channel = channel.trim().strip_prefix('#')?;
            (user, Chat::Channel(channel.to_owned()))
        }
        None => (head, Chat::Private),
    };
    let (platform, user) = read_user(user)?;
    let speaker = Speaker {
        platform,
        user,
        chat,
        replies_to,
    };
    Some((speaker, text.trim()))
}

/// Splits a trailing ` re` or ` re N` (N ≥ 1) off a message's head; `None`
/// for a malformed count.
fn read_reply(head: &str) -> Option<(&str, Option<usize>)> {
    let head = head.trim_end();
    if let Some(rest) = head.strip_suffix(" re") {
        return Some((rest, Some(1)));
    }
    match head.rsplit_once(" re ") {
        Some((rest, count)) if count.chars().all(|c| c.is_ascii_digit()) => {
            let count: usize = count.parse().ok()?;
            (count >= 1).then_some((rest, Some(count)))
        }
        _ => Some((head, None)),
    }
}

/// Reads `!admin @name[@platform]` as `platform:name`.
fn read_admin(line: &str) -> Option<String> {
    let rest = line.trim().strip_prefix("!admin")?;
    let (platform, name) = read_user(rest)?;
    Some(format!("{}:{name}", platform.as_str()))
}

/// The administrators a script names, as `CORRBOT_ADMINS` text.
/// The secret that signs a transcript's board links (never a real one).
pub const TRANSCRIPT_SECRET: &str = "the transcripts' own secret";

/// Reads `!web URL` as the address it names (`None` for another line;
/// `Some(None)` when it names no address).
fn read_web(line: &str) -> Option<Option<url::Url>> {
    let rest = line.trim().strip_prefix("!web")?;
    Some(rest.trim().parse().ok())
}

/// The web address the script names with `!web`, if any.
fn web_of(script: &str) -> anyhow::Result<Option<url::Url>> {
    match script.lines().find_map(read_web) {
        Some(Some(url)) => Ok(Some(url)),
        Some(None) => anyhow::bail!("!web names no web address"),
        None => Ok(None),
    }
}

/// Reads `!zone NAME` as the zone it names (`None` for another line).
fn read_zone(line: &str) -> Option<Option<chrono_tz::Tz>> {
    let rest = line.trim().strip_prefix("!zone")?;
    Some(crate::app::zone::parse_zone(rest))
}

/// The installation's zone the script names with `!zone`, if any.
fn zone_of(script: &str) -> anyhow::Result<Option<chrono_tz::Tz>> {
    match script.lines().find_map(read_zone) {
        Some(Some(zone)) => Ok(Some(zone)),
        Some(None) => anyhow::bail!("!zone names no time zone"),
        None => Ok(None),
    }
}

fn admins_of(script: &str, admins: &str) -> String {
    let named: Vec<String> = script.lines().filter_map(read_admin).collect();
    match (admins.is_empty(), named.is_empty()) {
        (_, true) => admins.to_owned(),
        (true, false) => named.join(","),
        (false, false) => format!("{admins},{}", named.join(",")),
    }
}

/// What a transcript prints.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// The script's lines, each followed by the messages it caused.
    Text,
    /// One JSON object per message.
    Json,
}

/// A running transcript: the console on a simulated clock.
struct Runner {
    clock: Arc<SimClock>,
    console: Console,
    /// The last invitation token printed.
    invitation: Option<String>,
}

/// The placeholder of an invitation token in transcripts.
const TOKEN: &str = "join-TOKEN";

impl Runner {
    /// Prints invitation tokens as [`TOKEN`], remembering the last one.
    fn mask_tokens(&mut self, sent: &mut [Sent]) {
        for sent in sent {
            let text = &mut sent.message.text;
            while let Some(at) = text
                .find("join-")
                .filter(|at| !text[*at..].starts_with(TOKEN))
            {
                let start = at + "join-".len();
                let token: String = text[start..]
                    .chars()
                    .take_while(char::is_ascii_alphanumeric)
                    .collect();
                if token.is_empty() {
                    break;
                }
                text.replace_range(at..start + token.len(), TOKEN);
                self.invitation = Some(token);
            }
        }
    }

    /// `text` with [`TOKEN`] standing for the last invitation token.
    fn unmask(&self, text: &str) -> String {
        match &self.invitation {
            Some(token) => text.replace(TOKEN, &format!("join-{token}")),
            None => text.to_owned(),
        }
    }
}

impl Runner {
    /// Moves the clock to `target`, firing each deadline due on the way at
    /// its own instant, in order.
    async fn run_until(&mut self, target: DateTime<Utc>) -> anyhow::Result<Vec<Sent>> {
        let mut out = Vec::new();
        while let Some(due) = self.console.next_due().await? {
            if due > target {
                break;
            }
            self.clock.set(due.max(self.clock.now()));
            out.extend(self.console.deliver().await?);
            if self.console.next_due().await? == Some(due) {
                break; // a deadline that does not go away: stop stepping
            }
        }
        self.clock.set(target.max(self.clock.now()));
        out.extend(self.console.deliver().await?);
        Ok(out)
    }

    /// Runs one instruction; `None` when the line is not an instruction.
    async fn step(&mut self, line: &str) -> anyhow::Result<Option<Vec<Sent>>> {
        if let Some(by) = read_step(line)? {
            let target = self.clock.now().checked_add_signed(by).ok_or_else(|| {
                anyhow::anyhow!("the time step {line} goes past the end of the calendar")
            })?;
            return Ok(Some(self.run_until(target).await?));
        }
        if let Some(at) = read_at(line) {
            return Ok(Some(self.run_until(at).await?));
        }
        if read_admin(line).is_some() || read_zone(line).is_some() || read_web(line).is_some() {
            return Ok(Some(Vec::new()));
        }
        match read_message(line) {
            Some((speaker, text)) => {
                let text = self.unmask(text);
                let mut sent = self.console.say(&speaker, &text).await?;
                self.mask_tokens(&mut sent);
                Ok(Some(sent))
            }
            None => Ok(None),
        }
    }
}

/// Runs `script` on a fresh, migrated `db`; returns the transcript lines.
/// `admins` (`platform:user`, comma-separated) adds to the script's `!admin`s.
pub async fn run_script(script: &str, db: Db, admins: &str) -> anyhow::Result<Vec<String>> {
    run_script_as(script, db, admins, Format::Text).await
}

/// Runs `script` on a fresh, migrated `db`, printing in `format`.
pub async fn run_script_as(
    script: &str,
    db: Db,
    admins: &str,
    format: Format,
) -> anyhow::Result<Vec<String>> {
    let clock = Arc::new(SimClock::new(script_start()));
    let dyn_clock: Arc<dyn Clock> = clock.clone();
    let web = web_of(script)?;
    let key = web.as_ref().map(|_| TouchKey::new(TRANSCRIPT_SECRET));
    let config = AppConfig::with_admins(&admins_of(script, admins))
        .with_zone(zone_of(script)?)
        .with_web_url(web)
        .with_touch_key(key);
    let app = App::new(db, dyn_clock.clone(), config);
    let console = Console::new(app, dyn_clock);
    let mut runner = Runner {
        clock,
        console,
        invitation: None,
    };
    let mut transcript = Vec::new();
    for (index, line) in script.lines().enumerate() {
        let trimmed = line.trim();
        if format == Format::Text {
            transcript.push(line.to_owned());
        }
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let number = index + 1;
        let step = runner.step(trimmed).await;
        let step = step.with_context(|| format!("script line {number}: {trimmed}"))?;
        let Some(sent) = step else {
            anyhow::bail!("unreadable script line {number}: {line}");
        };
        transcript.extend(sent.iter().map(|sent| match format {
            Format::Text => format!("  {}", sent.line().replace('\n', "\n     ")),
            Format::Json => sent.json(),
        }));
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

    #[test]
    fn a_step_past_the_calendar_is_an_error_not_a_panic() {
        assert!(read_step("+9999999999999999d").is_err());
        assert!(read_step("+30m").is_ok_and(|step| step.is_some()));
        assert!(read_step("@a: x").is_ok_and(|step| step.is_none()));
    }

    #[test]
    fn messages_name_user_platform_and_channel() {
        let (speaker, text) = read_message("@bob@telegram in #club: /games").unwrap();
        assert_eq!(speaker.platform, Platform::Telegram);
        assert_eq!(speaker.user, "bob");
        assert_eq!(speaker.chat, Chat::Channel("club".to_owned()));
        assert_eq!(text, "/games");
        let (speaker, text) = read_message("@alice: e2-e4").unwrap();
        assert_eq!(speaker, Speaker::console("alice"));
        assert_eq!(text, "e2-e4");
        assert!(read_message("@alice@fax: hi").is_none());
        assert!(read_message("alice: hi").is_none());
    }

    #[test]
    fn replies_count_back_from_the_latest_message() {
        let (speaker, text) = read_message("@alice re: e2-e4").unwrap();
        assert_eq!(
            (speaker.user.as_str(), speaker.replies_to),
            ("alice", Some(1))
        );
        assert_eq!(text, "e2-e4");
        let (speaker, _) = read_message("@bob@telegram in #club re 3: /time").unwrap();
        assert_eq!(speaker.chat, Chat::Channel("club".to_owned()));
        assert_eq!(speaker.replies_to, Some(3));
        assert_eq!(read_message("@carol in #re: x").unwrap().0.replies_to, None);
        assert!(read_message("@alice re 0: e4").is_none());
    }

    #[test]
    fn directives_read_time_and_administrators() {
        let at = read_at("!at 2026-03-01 09:30").unwrap();
        assert_eq!(at, Utc.with_ymd_and_hms(2026, 3, 1, 9, 30, 0).unwrap());
        assert_eq!(
            read_admin("!admin @zoe@discord").as_deref(),
            Some("discord:zoe")
        );
        let script = "!admin @ann\n@ann: /start\n!admin @bo@telegram";
        assert_eq!(admins_of(script, ""), "console:ann,telegram:bo");
        assert_eq!(admins_of("", "console:x"), "console:x");
    }
}
