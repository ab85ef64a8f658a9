//! `regulation=own|federation` and `conditional=on|off` (issue 41): whether
//! an event is played under the federation's rules or under its own
//! regulation (a club's friendlies), and whether its players may set
//! conditional moves (`/if`). The federation's server rules forbid
//! conditional moves (R3.2.4, a number of the regulation): only an event
//! under its own regulation may allow them. Postal events take variants
//! with their moves (R2.3.7) and have nothing to switch.

use crate::app::failure::{Failure, refuse};
use crate::app::i18n::{Args, Lang, tr0};
use crate::core::regulation::{Regulation, RegulationError, RuleSet};

/// The settings read here.
pub(super) const KEYS: [&str; 2] = ["conditional", "regulation"];

/// Applies `conditional=on|off` or `regulation=own|federation`: whether
/// the value reads; a postal event refuses `conditional=` (its variants go
/// with the moves, R2.3.7).
pub(super) fn apply(
    lang: Lang,
    regulation: &mut Regulation,
    (key, value): (&str, &str),
) -> Result<bool, Failure> {
    let value = value.to_lowercase();
    match key {
        "conditional" if regulation.rule_set == RuleSet::Postal => {
            Err(refuse(lang, "error-event-conditional-postal", &Args::new()))
        }
        "conditional" => Ok(match value.as_str() {
            "on" | "yes" | "так" | "увімкнути" => {
                regulation.variants_allowed = Some(true);
                true
            }
            "off" | "no" | "ні" | "вимкнути" => {
                regulation.variants_allowed = None;
                true
            }
            _ => false,
        }),
        _ => Ok(match value.as_str() {
            "own" | "власний" => {
                regulation.own_regulation = true;
                true
            }
            "federation" | "федерації" | "федерація" => {
                regulation.own_regulation = false;
                true
            }
            _ => false,
        }),
    }
}

/// The validation of one setting among several: conditional moves under
/// the federation's rules wait for the end (`regulation=own` may follow),
/// where [`check_own`] refuses them.
pub(super) fn until_the_end(error: RegulationError) -> Result<(), RegulationError> {
    match error {
        RegulationError::ConditionalUnderFederation => Ok(()),
        other => Err(other),
    }
}

/// Refuses conditional moves in a server event under the federation's
/// rules, citing R3.2.4 and the way out (`regulation=own`).
pub(super) fn check_own(lang: Lang, regulation: &Regulation) -> Result<(), Failure> {
    match regulation.validate() {
        Err(RegulationError::ConditionalUnderFederation) => Err(refuse(
            lang,
            "error-event-conditional-federation",
            &Args::new(),
        )),
        _ => Ok(()),
    }
}

/// The value of `key` in words for `/event set`.
pub(super) fn value_text(lang: Lang, regulation: &Regulation, key: &str) -> Option<String> {
    let id = match key {
        "conditional" if regulation.conditional_moves() => "setting-conditional-on",
        "conditional" => "setting-conditional-off",
        "regulation" if regulation.own_regulation => "setting-regulation-own",
        "regulation" => "setting-regulation-federation",
        _ => return None,
    };
    Some(tr0(lang, id))
}

/// `/event show`'s line of an event under its own regulation, saying
/// whether it allows conditional moves; `None` under the federation's.
pub(super) fn show_line(lang: Lang, regulation: &Regulation) -> Option<String> {
    let id = match (regulation.own_regulation, regulation.conditional_moves()) {
        (false, _) => return None,
        (true, true) => "event-line-own-regulation-conditional",
        (true, false) => "event-line-own-regulation",
    };
    Some(tr0(lang, id))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r3_2_4_conditional_moves_read_on_and_off_and_need_an_own_regulation() {
        let lang = Lang::En;
        let mut regulation = Regulation::default();
        let on = ("conditional", "on");
        assert!(matches!(apply(lang, &mut regulation, on), Ok(true)));
        assert!(check_own(lang, &regulation).is_err());
        let own = ("regulation", "власний");
        assert!(matches!(apply(lang, &mut regulation, own), Ok(true)));
        assert!(check_own(lang, &regulation).is_ok());
        assert!(regulation.conditional_moves());
        let bad = ("conditional", "maybe");
        assert!(matches!(apply(lang, &mut regulation, bad), Ok(false)));
        let off = ("conditional", "ні");
        assert!(matches!(apply(lang, &mut regulation, off), Ok(true)));
        assert!(!regulation.conditional_moves());
        let mut postal = Regulation::postal();
        assert!(apply(lang, &mut postal, on).is_err());
    }
}
