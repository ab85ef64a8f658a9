//! A player's private calendar feed (`/calendar/TOKEN.ics`, issue web-2):
//! the deadlines of the games in play where it is that player's move, as
//! an iCalendar file (RFC 5545) a phone's calendar subscribes to. The
//! token (from `/calendar`) is looked up by its hash; an unknown or revoked
//! one is a 404, as any unknown page. The access log never writes the
//! token ([`super::access_log`]).
//!
//! One event per game and deadline (its UID names both, so a new deadline
//! is a new event and the calendar drops the old one), timed at the last
//! minute that still counts, or all-day on the last day when the deadline
//! falls at midnight in the event's zone. The texts are in the player's
//! language.

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::header::{CACHE_CONTROL, CONTENT_TYPE};
use axum::http::{HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use chrono::{DateTime, Days, NaiveDate, Timelike, Utc};
use chrono_tz::Tz;

use super::Site;
use super::data::{PageError, PageResult, pending_of};
use crate::app::actor::lang_of;
use crate::app::i18n::{Args, Lang, tr, tr0};
use crate::app::view::game::side_to_move;
use crate::app::zone::{ShownInstant, default_zone, player_zone};
use crate::store::{GameStatus, PlayerId, Tx};

/// One deadline in the feed.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Entry {
    /// `game-12-ply-7`: the game and the ply its deadline is for.
    pub(crate) uid: String,
    /// When the deadline falls.
    pub(crate) when: When,
    /// The short title.
    pub(crate) summary: String,
    /// The longer text.
    pub(crate) description: String,
}

/// A deadline as the calendar shows it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum When {
    /// An all-day event on the last day that counts.
    Day(NaiveDate),
    /// A short event ending at the instant the time runs out.
    At(DateTime<Utc>),
}

impl When {
    /// All-day when `deadline` is a midnight in `zone` (the day before is
    /// the last one), else timed.
    pub(crate) fn of(deadline: DateTime<Utc>, zone: Tz) -> When {
        let local = deadline.with_timezone(&zone);
        if local.hour() == 0 && local.minute() == 0 && local.second() == 0 {
            let day = local.date_naive().pred_opt().unwrap_or(local.date_naive());
            When::Day(day)
        } else {
            When::At(deadline)
        }
    }
}

/// `/calendar/{file}`: the feed of the player whose token `file` names.
pub(crate) async fn feed(State(site): State<Arc<Site>>, Path(file): Path<String>) -> Response {
    let Some(token) = file.strip_suffix(".ics").filter(|token| plausible(token)) else {
        return not_found();
    };
    match build(&site, token).await {
        Ok(text) => {
            let mut response = text.into_response();
            let headers = response.headers_mut();
            headers.insert(
                CONTENT_TYPE,
                HeaderValue::from_static("text/calendar; charset=utf-8"),
            );
            headers.insert(CACHE_CONTROL, HeaderValue::from_static("private, no-cache"));
            response
        }
        Err(PageError::NotFound) => not_found(),
        Err(PageError::Internal(error)) => {
            tracing::error!(error = format!("{error:#}"), "web: a calendar feed failed");
            StatusCode::INTERNAL_SERVER_ERROR.into_response()
        }
    }
}

/// Whether `token` can be one `/calendar` gave (letters and digits, a
/// bounded length), before the database is asked.
fn plausible(token: &str) -> bool {
    (16..=64).contains(&token.len()) && token.bytes().all(|b| b.is_ascii_alphanumeric())
}

fn not_found() -> Response {
    (StatusCode::NOT_FOUND, "not found\n").into_response()
}

async fn build(site: &Site, token: &str) -> PageResult<String> {
    let hash = crate::app::service::calendar_feed_hash(token);
    let now = site.clock.now();
    let mut tx = site.db.read().await?;
    let Some(player) = tx.calendar_feed_player(&hash).await? else {
        return Err(PageError::NotFound);
    };
    let lang = lang_of(&tx.player(player).await?);
    let entries = entries(&mut tx, player, lang, now).await?;
    tx.commit().await?;
    Ok(ics(&tr0(lang, "calendar-name"), &entries, now))
}

/// The deadlines of `player`'s games in play where it is their move.
pub(crate) async fn entries(
    tx: &mut Tx,
    player: PlayerId,
    lang: Lang,
    now: DateTime<Utc>,
) -> PageResult<Vec<Entry>> {
    let mut out = Vec::new();
    for game in tx.active_games_of(player).await? {
        let mine = if game.white == player {
            shakmaty::Color::White
        } else {
            shakmaty::Color::Black
        };
        if game.status != GameStatus::Running || side_to_move(&game) != mine {
            continue;
        }
        let Some(pending) = pending_of(tx, &game, now).await? else {
            continue;
        };
        let event = tx.event(game.event_id).await?;
        let zone = player_zone(tx, player, Some(&event)).await?;
        let opponent = if mine == shakmaty::Color::White {
            game.black
        } else {
            game.white
        };
        let opponent = tx.player(opponent).await?.display_name;
        let white = tx.player(game.white).await?.display_name;
        let black = tx.player(game.black).await?.display_name;
        let deadline = pending.clock.loses_at;
        let args = Args::new()
            .with("game", game.id.0)
            .with("opponent", opponent)
            .with("event", event.name.clone())
            .with("white", white)
            .with("black", black)
            .with(
                "since",
                ShownInstant::new(pending.clock.since, zone).text(lang),
            )
            .with("at", ShownInstant::new(deadline, zone).deadline_text(lang));
        let mut description = tr(lang, "calendar-description", &args);
        if let Some(until) = pending.on_leave_until {
            let until = ShownInstant::new(until, zone).last_day_text();
            description.push('\n');
            description.push_str(&tr(
                lang,
                "calendar-on-leave",
                &Args::new().with("until", until),
            ));
        }
        out.push(Entry {
            uid: format!("game-{}-ply-{}", game.id.0, game.ply),
            when: When::of(deadline, default_zone(Some(&event))),
            summary: tr(lang, "calendar-summary", &args),
            description,
        });
    }
    Ok(out)
}

/// The whole iCalendar text: CRLF line ends, lines folded at 75 octets.
pub(crate) fn ics(name: &str, entries: &[Entry], now: DateTime<Utc>) -> String {
    let stamp = now.format("%Y%m%dT%H%M%SZ").to_string();
    let mut lines = vec![
        "BEGIN:VCALENDAR".to_owned(),
        "VERSION:2.0".to_owned(),
        "PRODID:-//corrbot//calendar//EN".to_owned(),
        "CALSCALE:GREGORIAN".to_owned(),
        "METHOD:PUBLISH".to_owned(),
        format!("X-WR-CALNAME:{}", escape(name)),
    ];
    for entry in entries {
        lines.push("BEGIN:VEVENT".to_owned());
        lines.push(format!("UID:{}@corrbot", entry.uid));
        lines.push(format!("DTSTAMP:{stamp}"));
        match entry.when {
            When::Day(day) => {
                let next = day.checked_add_days(Days::new(1)).unwrap_or(day);
                lines.push(format!("DTSTART;VALUE=DATE:{}", day.format("%Y%m%d")));
                lines.push(format!("DTEND;VALUE=DATE:{}", next.format("%Y%m%d")));
            }
            When::At(at) => {
                let start = crate::app::room::last_minute(at);
                lines.push(format!("DTSTART:{}", start.format("%Y%m%dT%H%M%SZ")));
                lines.push(format!("DTEND:{}", at.format("%Y%m%dT%H%M%SZ")));
            }
        }
        lines.push(format!("SUMMARY:{}", escape(&entry.summary)));
        lines.push(format!("DESCRIPTION:{}", escape(&entry.description)));
        lines.push("TRANSP:TRANSPARENT".to_owned());
        lines.push("BEGIN:VALARM".to_owned());
        lines.push("ACTION:DISPLAY".to_owned());
        lines.push("TRIGGER:-P1D".to_owned());
        lines.push(format!("DESCRIPTION:{}", escape(&entry.summary)));
        lines.push("END:VALARM".to_owned());
        lines.push("END:VEVENT".to_owned());
    }
    lines.push("END:VCALENDAR".to_owned());
    let mut out = String::new();
    for line in lines {
        fold(&line, &mut out);
    }
    out
}

/// A TEXT value (RFC 5545 §3.3.11): backslash, `;`, `,` and line ends escaped.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            ';' => out.push_str("\\;"),
            ',' => out.push_str("\\,"),
            '\n' => out.push_str("\\n"),
            '\r' => {}
            c => out.push(c),
        }
    }
    out
}

/// Appends `line` folded (RFC 5545 §3.1): at most 75 octets a line, never
/// inside a character, each continuation starting with a space; CRLF ends.
fn fold(line: &str, out: &mut String) {
    let mut room = 75;
    let mut used = 0;
    for c in line.chars() {
        if used + c.len_utf8() > room {
            out.push_str("\r\n ");
            room = 74;
            used = 0;
        }
        out.push(c);
        used += c.len_utf8();
    }
    out.push_str("\r\n");
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    #[test]
    fn long_lines_fold_at_75_octets_between_characters() {
        let mut out = String::new();
        fold(&format!("DESCRIPTION:{}", "Партія ".repeat(20)), &mut out);
        for line in out.split("\r\n").filter(|line| !line.is_empty()) {
            assert!(line.len() <= 75, "{} octets: {line}", line.len());
        }
        let joined = out.replace("\r\n ", "");
        assert_eq!(joined, format!("DESCRIPTION:{}\r\n", "Партія ".repeat(20)));
    }

    #[test]
    fn text_values_are_escaped() {
        assert_eq!(escape("a;b,c\\d\ne"), "a\\;b\\,c\\\\d\\ne");
    }

    #[test]
    fn a_midnight_deadline_is_its_last_day_and_others_are_timed() {
        let kyiv = chrono_tz::Europe::Kyiv;
        let midnight = kyiv.with_ymd_and_hms(2026, 3, 10, 0, 0, 0).unwrap();
        let day = NaiveDate::from_ymd_opt(2026, 3, 9).unwrap();
        assert_eq!(When::of(midnight.with_timezone(&Utc), kyiv), When::Day(day));
        let noon = Utc.with_ymd_and_hms(2026, 3, 10, 10, 0, 0).unwrap();
        assert_eq!(When::of(noon, kyiv), When::At(noon));
        let entry = Entry {
            uid: "game-1-ply-2".into(),
            when: When::Day(day),
            summary: "s".into(),
            description: "d".into(),
        };
        let text = ics("n", &[entry], noon);
        assert!(
            text.contains("\r\nDTSTART;VALUE=DATE:20260309\r\n"),
            "{text}"
        );
        assert!(text.contains("\r\nDTEND;VALUE=DATE:20260310\r\n"), "{text}");
        assert!(text.contains("\r\nDTSTAMP:20260310T100000Z\r\n"), "{text}");
        assert!(text.ends_with("END:VCALENDAR\r\n"));
        assert!(!text.replace("\r\n", "").contains('\n'));
    }
}
