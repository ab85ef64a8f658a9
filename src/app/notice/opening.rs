//! How a thematic event's games begin (issue 21), as the start notice,
//! `/event show`, `/board` and `/record` say it: the opening's moves in
//! the reader's notation, or its position, and who moves first.

use shakmaty::Color;

use crate::app::i18n::{Args, Lang, tr};
use crate::core::notation::Notation;
use crate::core::opening::Opening;

/// «Thematic event: the games start after 1. e4 c5; White moves first.»
pub fn opening_text(lang: Lang, notation: Notation, opening: &Opening) -> String {
    let side = match opening.first_to_move() {
        Color::White => "white",
        Color::Black => "black",
    };
    let args = Args::new().with("side", side);
    match &opening.fen {
        Some(fen) => tr(
            lang,
            "event-line-opening-fen",
            &args.with("fen", fen.clone()),
        ),
        None => tr(
            lang,
            "event-line-opening",
            &args.with("moves", opening.written(notation)),
        ),
    }
}
