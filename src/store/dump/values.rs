//! What the columns of a dump hold beyond their SQL type, checked the way
//! the store reads them: words against their known values, instants within
//! a sane range, counts not negative, positions that parse, JSON that
//! deserializes into the store's types.

use chrono::{DateTime, TimeZone, Utc};
use serde_json::Value;

use super::super::games::{clocks_from_json, parse_score};
use super::super::{
    AppealStatus, CaseStatus, EntryStatus, EventStatus, GameStatus, LeaveStatus, LineStatus,
    NoticeRecipient, NoticeStatus, Orientation, Platform, Role, SanctionKind,
};
use crate::core::case::Ruling;
use crate::core::game::Game;
use crate::core::regulation::{Regulation, RuleSet};
use crate::render::Theme;

/// A column's meaning, where the store reads more into it than its type.
#[derive(Clone, Copy)]
enum Kind {
    /// A word from a fixed list, read by the parser.
    Word(Known),
    /// An instant in Unix milliseconds.
    Instant,
    /// A number that is never negative (plies, versions, days charged …).
    Count,
    /// A FEN.
    Fen,
    /// A game's clocks (JSON).
    Clocks,
    /// An event's regulation (JSON).
    Regulation,
    /// A ruling's measures (JSON).
    Decision,
    /// Any JSON document.
    Json,
}

/// The earliest instant a dump may hold: 2000-01-01.
fn earliest() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2000, 1, 1, 0, 0, 0)
        .single()
        .unwrap_or_default()
}

/// The first instant a dump may no longer hold: 2201-01-01.
fn too_late() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2201, 1, 1, 0, 0, 0)
        .single()
        .unwrap_or_default()
}

/// Whether `parse` reads `text`.
fn reads<T>(parse: fn(&str) -> Option<T>, text: &str) -> bool {
    parse(text).is_some()
}

/// The languages' codes as the store keeps them (the app's `Lang::code`).
const LANGUAGES: [&str; 2] = ["uk", "en"];

/// Whether a word is a known value of its column.
type Known = fn(&str) -> bool;

/// The word columns: table, column, whether a value is known.
const WORDS: &[(&str, &str, Known)] = &[
    ("players", "language", |t| LANGUAGES.contains(&t)),
    ("accounts", "platform", |t| reads(Platform::parse, t)),
    ("events", "rule_set", |t| reads(RuleSet::parse, t)),
    ("events", "status", |t| reads(EventStatus::parse, t)),
    ("event_settings", "arbiter_platform", |t| {
        reads(Platform::parse, t)
    }),
    ("event_settings", "appeals_platform", |t| {
        reads(Platform::parse, t)
    }),
    ("event_settings", "exclusion", |t| {
        matches!(t, "annulled" | "losses")
    }),
    ("player_settings", "orientation", |t| {
        reads(Orientation::parse, t)
    }),
    ("player_settings", "theme", |t| reads(Theme::parse, t)),
    ("roles", "role", |t| reads(Role::parse, t)),
    ("entries", "status", |t| reads(EntryStatus::parse, t)),
    ("games", "status", |t| reads(GameStatus::parse, t)),
    ("games", "result", |t| reads(parse_score, t)),
    ("leaves", "status", |t| reads(LeaveStatus::parse, t)),
    ("cases", "status", |t| reads(CaseStatus::parse, t)),
    ("appeals", "status", |t| reads(AppealStatus::parse, t)),
    ("sanctions", "kind", |t| reads(SanctionKind::parse, t)),
    ("game_channels", "platform", |t| reads(Platform::parse, t)),
    ("game_threads", "platform", |t| reads(Platform::parse, t)),
    ("chat_settings", "platform", |t| reads(Platform::parse, t)),
    ("chat_settings", "language", |t| LANGUAGES.contains(&t)),
    ("postal_variants", "status", |t| {
        matches!(t, "open" | "answered")
    }),
    ("postal_cards", "repetition", |t| {
        matches!(t, "right" | "wrong")
    }),
    ("postal_claims", "status", |t| {
        matches!(t, "pending" | "delivered")
    }),
    ("conditional_lines", "status", |t| {
        reads(LineStatus::parse, t)
    }),
    ("message_games", "platform", |t| reads(Platform::parse, t)),
    ("outbox", "recipient", |t| {
        reads(NoticeRecipient::parse_key, t)
    }),
    ("outbox", "status", |t| reads(NoticeStatus::parse, t)),
    ("inbound", "platform", |t| reads(Platform::parse, t)),
];

/// Columns that count and are never negative.
const COUNTS: &[&str] = &[
    "ply",
    "version",
    "attempts",
    "charged_days",
    "round",
    "board",
    "boards",
    "cycles",
    "games",
];

/// What `column` of `table` holds, if the store reads more into it.
fn kind(table: &str, column: &str) -> Option<Kind> {
    if let Some((.., known)) = WORDS.iter().find(|(t, c, _)| *t == table && *c == column) {
        return Some(Kind::Word(*known));
    }
    match (table, column) {
        ("games", "fen" | "initial_fen") => Some(Kind::Fen),
        ("games", "clock") => Some(Kind::Clocks),
        ("events", "regulation") => Some(Kind::Regulation),
        ("rulings", "decision") => Some(Kind::Decision),
        ("cases", "details") | ("outbox" | "deadlines", "payload") | ("audit_log", "details") => {
            Some(Kind::Json)
        }
        (_, "at" | "turn_since" | "claimed_until") => Some(Kind::Instant),
        (_, column) if column.ends_with("_at") => Some(Kind::Instant),
        (_, column) if COUNTS.contains(&column) => Some(Kind::Count),
        _ => None,
    }
}

/// Why `value` cannot stand in `column` of `table`, if it cannot. A NULL
/// is left to the schema (NOT NULL), a wrong JSON type to the insert.
pub(super) fn problem(table: &str, column: &str, value: &Value) -> Option<String> {
    let kind = kind(table, column)?;
    match (kind, value) {
        (_, Value::Null) => None,
        (Kind::Instant, Value::Number(number)) => instant_problem(number.as_i64()),
        (Kind::Count, Value::Number(number)) => match number.as_i64() {
            Some(count) if count >= 0 => None,
            _ => Some(format!("{number} is negative or not a whole number")),
        },
        (_, Value::String(text)) => text_problem(kind, text),
        _ => None,
    }
}

/// Why `ms` is not an instant the store may hold.
fn instant_problem(ms: Option<i64>) -> Option<String> {
    let at = ms.and_then(DateTime::from_timestamp_millis);
    match at {
        Some(at) if at >= earliest() && at < too_late() => None,
        _ => Some(format!(
            "instant {} is outside the years 2000 to 2200",
            ms.map_or_else(|| "?".to_owned(), |ms| ms.to_string())
        )),
    }
}

/// Why `text` is not a value of `kind`.
fn text_problem(kind: Kind, text: &str) -> Option<String> {
    let json = || serde_json::from_str::<Value>(text).map_err(|error| error.to_string());
    let error = match kind {
        Kind::Word(known) if !known(text) => format!("unknown value {text:?}"),
        Kind::Fen => Game::from_fen(text).err()?.to_string(),
        Kind::Clocks => clocks_problem(json())?,
        Kind::Regulation => serde_json::from_str::<Regulation>(text).err()?.to_string(),
        Kind::Decision => serde_json::from_str::<Vec<Ruling>>(text).err()?.to_string(),
        Kind::Json => json().err()?,
        _ => return None,
    };
    Some(error)
}

/// Why stored clocks cannot be read, or count negative days used.
fn clocks_problem(json: Result<Value, String>) -> Option<String> {
    let clocks = match json.map(clocks_from_json) {
        Ok(Ok(clocks)) => clocks?,
        Ok(Err(error)) => return Some(format!("clocks: {error}")),
        Err(error) => return Some(format!("clocks: {error}")),
    };
    (clocks.white_used < 0 || clocks.black_used < 0)
        .then(|| "clocks: negative days used".to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn values_are_read_as_the_store_reads_them() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        assert!(problem("games", "fen", &json!(start)).is_none());
        assert!(problem("games", "fen", &json!("not a fen")).is_some());
        assert!(problem("games", "status", &json!("nonsense")).is_some());
        assert!(problem("games", "started_at", &json!(i64::MAX)).is_some());
        assert!(problem("games", "turn_since", &json!(-1)).is_some());
        assert!(problem("games", "started_at", &json!(1_767_225_600_000_i64)).is_none());
        assert!(problem("moves", "charged_days", &json!(-2)).is_some());
        assert!(problem("games", "clock", &json!("{")).is_some());
        assert!(problem("games", "clock", &json!("{}")).is_none());
        assert!(problem("players", "display_name", &json!("x")).is_none());
    }
}
