//! Text in a private chat that is no command and is not written as a move
//! («привіт», "thanks"): the bot says it did not understand, shows how a
//! move is written in the reader's notation, and names the nearest command
//! when the first word is a command with a slip (`standigns`). Nothing
//! changes. In a group such text is members' talk and is not answered at
//! all (`App::handle`).

use super::help::example_moves;
use crate::app::actor::Actor;
use crate::app::command::CommandWord;
use crate::app::failure::{Failure, refuse};

/// The longest part of the text quoted back.
const QUOTED_CHARS: usize = 40;

/// The refusal of chatter `text`: not understood, how to write a move, and
/// the command its first word nearly spells, if any.
pub(crate) fn not_understood(actor: &Actor, text: &str) -> Failure {
    let args = example_moves(actor.notation()).with("text", quoted(text));
    let first = text.split_whitespace().next().unwrap_or_default();
    match CommandWord::nearest_within(first, 1) {
        Some(nearest) => {
            let args = args.with("nearest", format!("/{nearest}"));
            refuse(actor.lang(), "reply-not-understood-near", &args)
        }
        None => refuse(actor.lang(), "reply-not-understood", &args),
    }
}

/// `text` cut to [`QUOTED_CHARS`] characters, with an ellipsis when cut.
fn quoted(text: &str) -> String {
    let text = text.trim();
    if text.chars().count() <= QUOTED_CHARS {
        return text.to_owned();
    }
    let cut: String = text.chars().take(QUOTED_CHARS).collect();
    format!("{}…", cut.trim_end())
}

#[cfg(test)]
mod tests {
    use super::quoted;

    #[test]
    fn long_chatter_is_quoted_in_part() {
        assert_eq!(quoted(" дякую "), "дякую");
        let long = "слово ".repeat(20);
        let shown = quoted(&long);
        assert!(shown.ends_with('…'));
        assert!(shown.chars().count() <= 41);
    }
}
