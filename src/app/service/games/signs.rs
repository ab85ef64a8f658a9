//! A move whose written sign the board contradicts (R2.3.4): a capture sign
//! before an empty square, or «мат»/`#` after a move that does not mate. The
//! move is not played silently: the player is asked, with the move written
//! out and a button that plays it, or, with `/confirm on`, the held move
//! carries the warning.

use shakmaty::Move;

use crate::app::actor::Actor;
use crate::app::i18n::{Args, Lang, tr};
use crate::app::outgoing::{Button, Outgoing};
use crate::core::notation::{self, SignConflict};

use crate::app::service::games::pick::game_args;
use crate::app::service::games::play::Turn;

/// The warning about `conflict` in `text` (read as `written`), as the
/// question (`held` false) or as the line over a held move.
pub(super) fn warning(
    lang: Lang,
    conflict: SignConflict,
    (text, written): (&str, &str),
    held: bool,
) -> String {
    let mut args = Args::new()
        .with("text", text.to_owned())
        .with("move", written.to_owned());
    let id = match (conflict, held) {
        (SignConflict::CaptureOnEmpty { square }, held) => {
            args = args.with("square", square.to_string());
            if held {
                "move-sign-warning-capture"
            } else {
                "move-sign-question-capture"
            }
        }
        (SignConflict::NotMate, true) => "move-sign-warning-mate",
        (SignConflict::NotMate, false) => "move-sign-question-mate",
    };
    tr(lang, id, &args)
}

/// The question about `mv` (written `text`): nothing is played; the button
/// plays the move written out without the sign.
pub(super) fn question(
    actor: &Actor,
    turn: &Turn,
    (mv, text): (&Move, &str),
    conflict: SignConflict,
) -> Vec<Outgoing> {
    let lang = actor.lang();
    let game = turn.game.id;
    let written = notation::write(&turn.before, mv, actor.notation());
    let args = game_args(game).with("move", written.as_str());
    let button = Button::new(
        tr(lang, "button-move-play", &args),
        format!("/move #{game} {written}"),
    );
    let text = warning(lang, conflict, (text, &written), false);
    let text = format!("{}\n{text}", tr(lang, "move-sign-game", &args));
    vec![Outgoing::text(text).with_buttons(vec![button]).about(game)]
}
