//! Message catalogs: every text a user reads comes from `locales/uk.ftl`
//! (Ukrainian, the default) or `locales/en.ftl` (English), in Project Fluent
//! syntax, so plural forms (1 день, 2 дні, 5 днів) are right in both.

use std::sync::OnceLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use serde::{Deserialize, Serialize};

/// The languages corrbot speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Lang {
    /// Ukrainian, the default.
    #[default]
    Uk,
    /// English.
    En,
}

impl Lang {
    /// Every language, default first.
    pub const ALL: [Lang; 2] = [Lang::Uk, Lang::En];

    /// The language's code as users write it (`uk`, `en`).
    pub fn code(self) -> &'static str {
        match self {
            Lang::Uk => "uk",
            Lang::En => "en",
        }
    }

    /// Reads a language code (`uk`, `ua`, `укр`, `en`, `eng`), case-insensitively.
    pub fn from_code(code: &str) -> Option<Lang> {
        match code.trim().to_lowercase().as_str() {
            "uk" | "ua" | "укр" | "українська" => Some(Lang::Uk),
            "en" | "eng" | "english" | "англ" => Some(Lang::En),
            _ => None,
        }
    }

    /// The language a client's code stands for (Telegram's `language_code`
    /// `uk`, Discord's locale `uk` or `en-US`): Ukrainian for `uk`, English
    /// for any other; `None` for an empty code.
    pub fn of_client(code: &str) -> Option<Lang> {
        let primary = code.trim().split(['-', '_']).next().unwrap_or_default();
        match primary.to_lowercase().as_str() {
            "" => None,
            "uk" => Some(Lang::Uk),
            _ => Some(Lang::En),
        }
    }

    /// The notation a new player of this language starts with: `ukr` in
    /// Ukrainian, SAN in English.
    pub fn default_notation(self) -> &'static str {
        match self {
            Lang::Uk => "ukr",
            Lang::En => "san",
        }
    }

    /// The Fluent source of this language's catalog.
    pub fn source(self) -> &'static str {
        match self {
            Lang::Uk => include_str!("../../locales/uk.ftl"),
            Lang::En => include_str!("../../locales/en.ftl"),
        }
    }
}

type Bundle = FluentBundle<FluentResource>;

fn bundle(lang: Lang) -> &'static Bundle {
    static UK: OnceLock<Bundle> = OnceLock::new();
    static EN: OnceLock<Bundle> = OnceLock::new();
    let cell = match lang {
        Lang::Uk => &UK,
        Lang::En => &EN,
    };
    cell.get_or_init(|| build_bundle(lang))
}

fn build_bundle(lang: Lang) -> Bundle {
    let resource = FluentResource::try_new(lang.source().to_owned())
        .unwrap_or_else(|(_, errors)| panic!("locales/{}.ftl: {errors:?}", lang.code()));
    let locale = lang.code().parse().expect("a valid language identifier");
    let mut bundle = Bundle::new_concurrent(vec![locale]);
    // Chat clients show Unicode isolation marks as stray characters.
    bundle.set_use_isolating(false);
    bundle
        .add_resource(resource)
        .unwrap_or_else(|errors| panic!("locales/{}.ftl: {errors:?}", lang.code()));
    bundle
}

/// Arguments of a message: named values for its placeables.
#[derive(Default)]
pub struct Args<'a>(FluentArgs<'a>);

impl<'a> Args<'a> {
    /// No arguments.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds a named value (text or number).
    pub fn with(mut self, name: &'a str, value: impl Into<FluentValue<'a>>) -> Self {
        self.0.set(name, value);
        self
    }
}

/// The store's ids as Fluent numbers (`#{ $game }`), as their raw keys were.
macro_rules! fluent_ids {
    ($($id:ty),*) => {$(
        impl From<$id> for FluentValue<'_> {
            fn from(id: $id) -> Self {
                FluentValue::from(id.0)
            }
        }
    )*};
}

fluent_ids!(
    crate::store::GameId,
    crate::store::PlayerId,
    crate::store::EventId,
    crate::store::TeamId,
    crate::store::CaseId,
    crate::store::LeaveId,
    crate::store::NoticeId,
    crate::store::RequestId
);

/// Formats message `id` in `lang`. A missing message (a bug the catalog tests
/// catch) yields its id in brackets rather than a panic in production.
pub fn tr(lang: Lang, id: &str, args: &Args<'_>) -> String {
    let bundle = bundle(lang);
    let Some(pattern) = bundle.get_message(id).and_then(|message| message.value()) else {
        tracing::error!(id, lang = lang.code(), "missing catalog message");
        return format!("[{id}]");
    };
    let mut errors = Vec::new();
    let text = bundle.format_pattern(pattern, Some(&args.0), &mut errors);
    if !errors.is_empty() {
        tracing::error!(id, ?errors, "catalog message formatting failed");
    }
    text.into_owned()
}

/// Formats message `id` in `lang` with no arguments.
pub fn tr0(lang: Lang, id: &str) -> String {
    tr(lang, id, &Args::new())
}

/// A number of days with the right plural form (`3 дні`, `5 днів`, `1 day`).
pub fn days_text(lang: Lang, count: i64) -> String {
    tr(lang, "days", &Args::new().with("count", count))
}

/// Items as a reader lists them: `A`, `A і B`, `A, B і C` with `word`
/// (`word-and` or `word-or`) before the last.
pub fn list_text<S: AsRef<str>>(lang: Lang, items: &[S], word: &str) -> String {
    match items {
        [] => String::new(),
        [only] => only.as_ref().to_owned(),
        [first @ .., last] => {
            let first: Vec<&str> = first.iter().map(AsRef::as_ref).collect();
            format!("{}{}{}", first.join(", "), tr0(lang, word), last.as_ref())
        }
    }
}

/// A percentage as the language writes it: `10 %` (no-break space) in
/// Ukrainian, `10%` in English.
pub fn percent_text(lang: Lang, value: impl std::fmt::Display) -> String {
    tr(
        lang,
        "percent",
        &Args::new().with("value", value.to_string()),
    )
}

/// The ids of every message in `lang`'s catalog (for parity tests).
pub fn message_ids(lang: Lang) -> Vec<String> {
    let resource = FluentResource::try_new(lang.source().to_owned()).expect("catalog parses");
    resource
        .entries()
        .filter_map(|entry| match entry {
            fluent_syntax::ast::Entry::Message(message) => Some(message.id.name.to_owned()),
            _ => None,
        })
        .collect()
}

#[cfg(test)]
mod checks;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_end_with_their_word() {
        assert_eq!(list_text::<&str>(Lang::Uk, &[], "word-and"), "");
        assert_eq!(list_text(Lang::Uk, &["Ann"], "word-and"), "Ann");
        assert_eq!(list_text(Lang::Uk, &["Ann", "Bo"], "word-and"), "Ann і Bo");
        let three = ["e2-e3", "e2-e4", "d2-d4"];
        assert_eq!(
            list_text(Lang::En, &three, "word-or"),
            "e2-e3, e2-e4 or d2-d4"
        );
    }

    #[test]
    fn percentages_follow_each_language() {
        assert_eq!(percent_text(Lang::Uk, 10), "10\u{a0}%");
        assert_eq!(percent_text(Lang::En, 10), "10%");
    }

    #[test]
    fn both_catalogs_have_the_same_messages() {
        let mut uk = message_ids(Lang::Uk);
        let mut en = message_ids(Lang::En);
        uk.sort();
        en.sort();
        assert_eq!(uk, en);
        assert!(uk.len() > 10);
    }

    #[test]
    fn ukrainian_plurals_follow_the_number() {
        let days = |n: i64| tr(Lang::Uk, "days", &Args::new().with("count", n));
        assert_eq!(days(1), "1\u{a0}день");
        assert_eq!(days(3), "3\u{a0}дні");
        assert_eq!(days(5), "5\u{a0}днів");
        assert_eq!(days(21), "21\u{a0}день");
        assert_eq!(days(12), "12\u{a0}днів");
        let en = |n: i64| tr(Lang::En, "days", &Args::new().with("count", n));
        assert_eq!(en(1), "1\u{a0}day");
        assert_eq!(en(26), "26\u{a0}days");
    }

    #[test]
    fn a_missing_message_shows_its_id() {
        assert_eq!(tr0(Lang::En, "no-such-message"), "[no-such-message]");
    }

    #[test]
    fn language_codes_are_read_leniently() {
        assert_eq!(Lang::from_code(" UA "), Some(Lang::Uk));
        assert_eq!(Lang::from_code("en"), Some(Lang::En));
        assert_eq!(Lang::from_code("de"), None);
    }
}
