//! Thematic events (issue 21): the `opening=` setting of `/event create`
//! and `/event set` (before the start), the start position of the event's
//! games, and the line `/event show` gives it.
//!
//! A game of a thematic event is stored starting *after* the opening (its
//! `initial_fen` is the opening's end), so its moves, its clock (R3.5.1:
//! only the moves the players make count), its PGN (`SetUp`/`FEN`), its
//! board images, GIF and web page all start from the first move still to
//! make, and Black moves first when the opening ends with White's move.
//! Thematic events are server events: the postal clock (R2.4) and cards
//! count from White's first move, so a postal event refuses `opening=`.

use shakmaty::Chess;

use crate::app::i18n::{Args, Lang};
use crate::app::move_error::move_error_text;
use crate::core::notation::Notation;
use crate::core::opening::{OpeningError, read_opening};
use crate::core::regulation::Regulation;

use crate::app::failure::{Failure, refuse};

/// The setting's key.
pub(super) const KEY: &str = "opening";

/// The values that take a thematic start away again.
const CLEAR: &[&str] = &["none", "немає"];

/// Reads `value` into `regulation.opening` (`none`: the initial position
/// again), or refuses it saying why (which
/// move is not possible); nothing else changes.
pub(super) fn apply(
    lang: Lang,
    notation: Notation,
    regulation: &mut Regulation,
    value: &str,
) -> Result<(), Failure> {
    if CLEAR.contains(&value.trim().to_lowercase().as_str()) {
        regulation.opening = None;
        return Ok(());
    }
    match read_opening(value) {
        Ok(opening) => {
            regulation.opening = Some(opening);
            Ok(())
        }
        Err(error) => Err(refusal(lang, notation, &error, value)),
    }
}

/// Refuses an opening in a postal event (see the module's doc).
pub(super) fn check_rules(lang: Lang, regulation: &Regulation) -> Result<(), Failure> {
    if regulation.opening.is_some() && !regulation.rule_set.allows_opening() {
        return Err(refuse(
            lang,
            "error-opening-postal",
            &Args::new().with("key", KEY),
        ));
    }
    Ok(())
}

fn refusal(lang: Lang, notation: Notation, error: &OpeningError, value: &str) -> Failure {
    let args = Args::new().with("key", KEY);
    match error {
        OpeningError::Empty => refuse(lang, "error-opening-empty", &args),
        OpeningError::InvalidFen => refuse(
            lang,
            "error-opening-fen",
            &args.with("value", value.to_owned()),
        ),
        OpeningError::Finished => refuse(lang, "error-opening-finished", &args),
        OpeningError::Move {
            ply,
            text,
            error: why,
            ..
        } => {
            let before: Chess = error.position_before().unwrap_or_default();
            let reason = move_error_text(lang, why, &before, text, notation);
            let number = ply.div_ceil(2);
            let dots = if ply % 2 == 1 { "." } else { "..." };
            let args = args
                .with("number", format!("{number}{dots}"))
                .with("move", text.clone())
                .with("reason", reason);
            refuse(lang, "error-opening-move", &args)
        }
    }
}

/// The start position's FEN of a new game of an event under `regulation`:
/// `(initial_fen, fen)`, no `initial_fen` for the standard start.
pub(super) fn start_fens(regulation: &Regulation, standard: &str) -> (Option<String>, String) {
    match &regulation.opening {
        Some(opening) => {
            let fen = opening.start_fen();
            (Some(fen.clone()), fen)
        }
        None => (None, standard.to_owned()),
    }
}

/// `/event show`'s line about a thematic start, in the reader's notation;
/// `None` for an event starting from the initial position.
pub(crate) fn show_line(lang: Lang, notation: Notation, regulation: &Regulation) -> Option<String> {
    let opening = regulation.opening.as_ref()?;
    Some(crate::app::notice::opening_text(lang, notation, opening))
}
