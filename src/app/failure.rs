//! Why a command did not go through, and the outcome of one: a leaf every
//! part of the app may import.

use crate::app::i18n::{Args, Lang};
use crate::app::outgoing::Outgoing;
use crate::app::user_error::Refusal;
use crate::store::{GameId, StoreError};

/// Why a command did not go through.
#[derive(Debug)]
pub(crate) enum Failure {
    /// Refused with a catalog message; nothing changes.
    Refused(Refusal),
    /// Refused with a prepared answer (a question with buttons); nothing changes.
    Ask(Box<Outgoing>),
    /// Something broke inside; the update may be retried.
    Internal(anyhow::Error),
}

impl From<StoreError> for Failure {
    fn from(error: StoreError) -> Self {
        Failure::Internal(error.into())
    }
}

impl From<anyhow::Error> for Failure {
    fn from(error: anyhow::Error) -> Self {
        Failure::Internal(error)
    }
}

impl From<Refusal> for Failure {
    fn from(refusal: Refusal) -> Self {
        Failure::Refused(refusal)
    }
}

/// The outcome of one command.
pub(crate) type Outcome = Result<Vec<Outgoing>, Failure>;

/// A refusal with catalog message `id`.
pub(crate) fn refuse(lang: Lang, id: &str, args: &Args<'_>) -> Failure {
    Failure::Refused(Refusal::new(lang, id, args))
}

/// The outcome of a versioned write to game `game`: when the store refuses
/// it because the game's version moved on (another command changed the game
/// meanwhile), the `error-conflict` refusal; any other store error is
/// internal.
pub(crate) fn or_conflict<T>(
    lang: Lang,
    game: GameId,
    written: Result<T, StoreError>,
) -> Result<T, Failure> {
    written.map_err(|error| match error {
        StoreError::Conflict(_) => {
            refuse(lang, "error-conflict", &Args::new().with("game", game.0))
        }
        other => other.into(),
    })
}
