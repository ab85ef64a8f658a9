//! Names: players named in commands (`@name`, by account user name or
//! display name, user names first, case-insensitively) and the display
//! names players take (`/name`, or the platform's name on registration),
//! which must not let one player pass for another.

use crate::app::actor::Inbound;
use crate::app::i18n::{Args, Lang, tr};
use crate::app::outgoing::Outgoing;
use crate::store::{PlayerId, Tx};

use crate::app::failure::{Failure, refuse};

/// The longest display name.
pub(super) const MAX_NAME_CHARS: usize = 64;

/// The one player called `name` (a leading `@` is ignored), or a refusal
/// when nobody or several players are called so. A user name (handle)
/// wins over display names; case does not matter (`@Olena` finds `olena`).
pub(crate) async fn player_named(tx: &mut Tx, lang: Lang, name: &str) -> Result<PlayerId, Failure> {
    let bare = name.trim().trim_start_matches('@');
    let found = tx.players_named(bare).await?;
    let args = Args::new().with("name", bare.to_owned());
    match found.as_slice() {
        [one] => Ok(*one),
        [] => Err(refuse(lang, "error-unknown-player", &args)),
        _ => Err(refuse(lang, "error-ambiguous-player", &args)),
    }
}

/// Characters that make one name look like another or hide text: control
/// characters, direction overrides and marks, zero-width characters and
/// joiners, invisible fillers and tags.
fn hides_text(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{00AD}'
                | '\u{034F}'
                | '\u{061C}'
                | '\u{115F}'
                | '\u{1160}'
                | '\u{17B4}'
                | '\u{17B5}'
                | '\u{180B}'..='\u{180F}'
                | '\u{200B}'..='\u{200F}'
                | '\u{2028}'..='\u{202E}'
                | '\u{2060}'..='\u{206F}'
                | '\u{3164}'
                | '\u{FEFF}'
                | '\u{FFA0}'
                | '\u{FFF0}'..='\u{FFFB}'
                | '\u{1D173}'..='\u{1D17A}'
                | '\u{E0000}'..='\u{E007F}'
        )
}

/// Characters that show nothing by themselves (spaces, variation selectors).
fn shows_nothing(c: char) -> bool {
    c.is_whitespace() || matches!(c, '\u{FE00}'..='\u{FE0F}' | '\u{E0100}'..='\u{E01EF}')
}

/// Why a display name cannot be taken, as a catalog message id with its
/// arguments; `None` when it can. A name must have visible letters, no
/// character that hides text, at most [`MAX_NAME_CHARS`] characters, and
/// must not be another player's user name (R: `@name` finds one account).
pub(super) async fn display_name_problem(
    tx: &mut Tx,
    player: Option<PlayerId>,
    name: &str,
) -> Result<Option<(&'static str, Args<'static>)>, Failure> {
    let name = name.trim();
    if name.chars().any(hides_text) || name.chars().all(|c| hides_text(c) || shows_nothing(c)) {
        return Ok(Some(("error-name-characters", Args::new())));
    }
    if name.chars().count() > MAX_NAME_CHARS {
        return Ok(Some((
            "error-bad-name",
            Args::new().with("max", MAX_NAME_CHARS),
        )));
    }
    if !tx.handle_owners(name, player).await?.is_empty() {
        let args = Args::new().with("name", name.to_owned());
        return Ok(Some(("error-name-is-handle", args)));
    }
    Ok(None)
}

/// The display name a newcomer gets (issue trust-2: no platform id is
/// ever a display name).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum NewcomerName {
    /// The platform's name, as the platform shows it (spacing aside).
    Platform(String),
    /// The platform's name without the characters that hid text in it.
    Cleaned(String),
    /// Neither could be taken (empty, invisible, another player's user
    /// name): the placeholder [`placeholder`], numbered once the player is.
    Placeholder,
}

impl NewcomerName {
    /// Whether the player should be told the name they got, and how to
    /// change it: whenever it is not their platform name.
    pub(crate) fn differs(&self) -> bool {
        !matches!(self, NewcomerName::Platform(_))
    }
}

/// The name a newcomer gets: the platform's name made fit to show (see
/// [`cleaned_name`]) when `/name` could take it, else the placeholder.
pub(crate) async fn registered_name(
    tx: &mut Tx,
    inbound: &Inbound,
) -> Result<NewcomerName, Failure> {
    let cleaned = cleaned_name(&inbound.display_name);
    if display_name_problem(tx, None, &cleaned).await?.is_some() {
        return Ok(NewcomerName::Placeholder);
    }
    let spaced: Vec<&str> = inbound.display_name.split_whitespace().collect();
    Ok(match spaced.join(" ") == cleaned {
        true => NewcomerName::Platform(cleaned),
        false => NewcomerName::Cleaned(cleaned),
    })
}

/// The name of a newcomer none of whose platform name could be taken:
/// «Гравець N» / "Player N" from the catalogs, N being the player's number
/// (small, unique among players, never a platform id). It is written once,
/// in the newcomer's language at registration, and stored as an ordinary
/// display name, so every page, table and PGN shows the same words until
/// the player chooses a name with `/name`.
pub(crate) fn placeholder(lang: Lang, player: PlayerId) -> String {
    tr(
        lang,
        "player-placeholder-name",
        &Args::new().with("number", player.0),
    )
}

/// What a newcomer is told when their name is not their platform's name:
/// the name they have, and that `/name` changes it.
pub(crate) fn name_note(lang: Lang, name: &str) -> Outgoing {
    let args = Args::new().with("name", name.to_owned());
    Outgoing::text(tr(lang, "reply-name-given", &args))
}

/// A platform name made fit to show: every character that hides text
/// ([`hides_text`]: joiners, direction marks, controls …) and every
/// variation selector dropped, whitespace collapsed, cut to
/// [`MAX_NAME_CHARS`] characters.
fn cleaned_name(name: &str) -> String {
    let spaced = name
        .chars()
        .map(|c| if c.is_whitespace() { ' ' } else { c });
    let visible = spaced.filter(|c| {
        !hides_text(*c) && !matches!(c, '\u{FE00}'..='\u{FE0F}' | '\u{E0100}'..='\u{E01EF}')
    });
    let collapsed = visible.collect::<String>();
    let words: Vec<&str> = collapsed.split_whitespace().collect();
    words
        .join(" ")
        .chars()
        .take(MAX_NAME_CHARS)
        .collect::<String>()
        .trim_end()
        .to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn platform_names_are_cleaned() {
        assert_eq!(cleaned_name("👩\u{200D}💻  Ada\u{FE0F} "), "👩💻 Ada");
        let long = "Я".repeat(70);
        assert_eq!(cleaned_name(&long).chars().count(), MAX_NAME_CHARS);
        assert_eq!(cleaned_name("ev\u{202E}il\nтак"), "evil так");
        assert_eq!(cleaned_name(" \u{3164}\u{200B} "), "");
    }

    #[test]
    fn hidden_characters_are_found() {
        for name in ["a\u{202E}b", "a\u{200B}", "\u{2066}x", "a\nb", "x\u{E0041}"] {
            assert!(name.chars().any(hides_text), "{name:?}");
        }
        assert!(!"Олена Ковальчук-Сміт ❤\u{FE0F}".chars().any(hides_text));
        assert!(
            " \u{FE0F}\u{3000}"
                .chars()
                .all(|c| hides_text(c) || shows_nothing(c))
        );
    }
}
