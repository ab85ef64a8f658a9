//! `public-delay=N`: how many of the last moves of a game in play the
//! public does not see (after ICCF's delayed public games). The setting is
//! read into the regulation here and worded for `/event set` and
//! `/event show`; what it hides is decided in
//! [`crate::app::view::public_delay`].

use crate::app::i18n::{Args, Lang, tr, tr0};
use crate::core::regulation::Regulation;

/// Applies `public-delay=N` (0 to [`Regulation::MAX_PUBLIC_DELAY`], or
/// `none` for the default): `None` if `key` is another setting, else
/// whether `value` reads.
pub(super) fn apply(regulation: &mut Regulation, key: &str, value: &str) -> Option<bool> {
    if key != "public-delay" {
        return None;
    }
    if value == "none" {
        regulation.public_delay_moves = None;
        return Some(true);
    }
    let moves = value
        .parse::<u32>()
        .ok()
        .filter(|n| *n <= Regulation::MAX_PUBLIC_DELAY);
    regulation.public_delay_moves = moves.or(regulation.public_delay_moves);
    Some(moves.is_some())
}

/// The delay in words for `/event set public-delay=…`, as the event
/// (`rated` or not) has it now.
pub(super) fn value_text(lang: Lang, regulation: &Regulation, rated: bool) -> String {
    match regulation.public_delay(rated) {
        0 => tr0(lang, "setting-public-delay-none"),
        moves => tr(
            lang,
            "setting-public-delay-moves",
            &Args::new().with("moves", moves),
        ),
    }
}

/// `/event show`'s line of the delay; `None` when spectators see every
/// move at once.
pub(super) fn show_line(lang: Lang, regulation: &Regulation, rated: bool) -> Option<String> {
    let moves = regulation.public_delay(rated);
    (moves > 0).then(|| {
        tr(
            lang,
            "event-line-public-delay",
            &Args::new().with("moves", moves),
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn public_delay_reads_numbers_up_to_the_bound_and_none() {
        let mut regulation = Regulation::default();
        assert_eq!(apply(&mut regulation, "leave", "3"), None);
        assert_eq!(apply(&mut regulation, "public-delay", "2"), Some(true));
        assert_eq!(regulation.public_delay(true), 2);
        assert_eq!(apply(&mut regulation, "public-delay", "21"), Some(false));
        assert_eq!(apply(&mut regulation, "public-delay", "-1"), Some(false));
        assert_eq!(regulation.public_delay_moves, Some(2));
        assert_eq!(apply(&mut regulation, "public-delay", "none"), Some(true));
        assert_eq!(regulation.public_delay(false), 0);
    }
}
