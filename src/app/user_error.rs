//! What the user is told when a command fails, on every platform: a
//! refusal from the message catalog ([`Refusal`]), or, when something broke
//! inside, a short apology with a [`Reference`] that points to the one log
//! line holding the whole error chain. Nothing else of an internal error
//! (no message, no stack trace, no token) reaches the user.

use std::fmt;
use std::hash::{BuildHasher, RandomState};
use std::sync::atomic::{AtomicU64, Ordering};

use crate::app::i18n::{Args, Lang, tr};
use crate::app::outgoing::Outgoing;

/// The catalog message of the apology for an internal error.
pub const INTERNAL_MESSAGE: &str = "error-internal";

/// A short id tying an apology to its log line: eight hex digits, different
/// for every failure (a counter hashed with this process's random keys).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Reference(u32);

impl Reference {
    /// A fresh reference.
    pub fn new() -> Self {
        static COUNTER: AtomicU64 = AtomicU64::new(0);
        let count = COUNTER.fetch_add(1, Ordering::Relaxed);
        let hash = RandomState::new().hash_one((count, std::process::id()));
        Self((hash ^ (hash >> 32)) as u32)
    }
}

impl Default for Reference {
    fn default() -> Self {
        Self::new()
    }
}

impl fmt::Display for Reference {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:08x}", self.0)
    }
}

/// A refusal from the message catalog: the command changed nothing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    /// The catalog message id (`error-not-your-turn`).
    pub id: String,
    /// The kind its reply carries: the id in snake_case
    /// (`error_not_your_turn`), or plain `error` (see [`Refusal::generic`]).
    pub kind: String,
    /// The message, rendered in the user's language.
    pub text: String,
}

impl Refusal {
    /// The refusal with catalog message `id` in `lang`.
    pub fn new(lang: Lang, id: &str, args: &Args<'_>) -> Self {
        Self::rendered(id, tr(lang, id, args))
    }

    /// The refusal with catalog message `id`, already rendered as `text`.
    pub fn rendered(id: impl Into<String>, text: impl Into<String>) -> Self {
        let id = id.into();
        Self {
            kind: id.replace('-', "_"),
            id,
            text: text.into(),
        }
    }

    /// The same refusal with the plain kind `error`, as the oldest refusals
    /// (unreadable moves, no game to move in) have always been shown in
    /// transcripts.
    pub fn generic(self) -> Self {
        Self {
            kind: "error".to_owned(),
            ..self
        }
    }

    /// The reply that tells the user.
    pub fn reply(&self) -> Outgoing {
        Outgoing::of_kind(self.kind.clone(), self.text.clone())
    }
}

/// What the user is told when a command fails.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum UserError {
    /// The command was refused with a catalog message; nothing changed.
    Refused(Refusal),
    /// Something broke inside; the error was logged under `reference`.
    Internal {
        /// The reference the user may quote.
        reference: Reference,
    },
}

impl UserError {
    /// An internal failure: logs `error` once, with its whole chain of
    /// causes, under a new reference; `during` says what was being done.
    pub fn internal(error: &anyhow::Error, during: &str) -> Self {
        let reference = Reference::new();
        tracing::error!(
            reference = %reference,
            error = %format_args!("{error:#}"),
            "internal error during {during}"
        );
        UserError::Internal { reference }
    }

    /// The reference of an internal failure.
    pub fn reference(&self) -> Option<Reference> {
        match self {
            UserError::Refused(_) => None,
            UserError::Internal { reference } => Some(*reference),
        }
    }

    /// The reply that tells the user, in `lang` (a refusal is already in
    /// the user's language): the refusal, or the apology with the reference.
    pub fn reply(&self, lang: Lang) -> Outgoing {
        match self {
            UserError::Refused(refusal) => refusal.reply(),
            UserError::Internal { reference } => {
                let args = Args::new().with("reference", reference.to_string());
                let refusal = Refusal::new(lang, INTERNAL_MESSAGE, &args);
                refusal.reply()
            }
        }
    }
}

impl From<Refusal> for UserError {
    fn from(refusal: Refusal) -> Self {
        UserError::Refused(refusal)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn references_are_eight_hex_digits_and_differ() {
        let a = Reference::new().to_string();
        let b = Reference::new().to_string();
        assert_eq!(a.len(), 8);
        assert!(a.chars().all(|c| c.is_ascii_hexdigit()), "{a}");
        assert_ne!(a, b);
    }

    #[test]
    fn refusals_carry_their_catalog_id_and_kind() {
        let refusal = Refusal::new(Lang::En, "error-not-allowed", &Args::new());
        assert_eq!(refusal.id, "error-not-allowed");
        assert_eq!(refusal.kind, "error_not_allowed");
        assert_eq!(refusal.reply().text, refusal.text);
        let generic = refusal.clone().generic();
        assert_eq!(
            (generic.id.as_str(), generic.kind.as_str()),
            (refusal.id.as_str(), "error")
        );
        let told = UserError::from(refusal.clone()).reply(Lang::Uk);
        assert_eq!(told.text, refusal.text);
    }

    #[test]
    fn the_apology_names_the_reference_in_both_languages() {
        let error = anyhow::anyhow!("disk full").context("saving the move");
        let failure = UserError::internal(&error, "a test");
        let reference = failure.reference().expect("internal").to_string();
        let en = failure.reply(Lang::En);
        assert!(en.text.contains("Something went wrong"), "{}", en.text);
        assert!(en.text.contains(&reference), "{}", en.text);
        assert!(!en.text.contains("disk full"), "{}", en.text);
        assert!(en.is_error());
        let uk = failure.reply(Lang::Uk);
        assert!(uk.text.contains("Щось пішло не так"), "{}", uk.text);
        assert!(uk.text.contains(&reference), "{}", uk.text);
    }
}
