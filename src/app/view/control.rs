//! The clock an event's regulation chose, in words (issue events-2): for
//! `/event show`, `/event set`'s reply and the event's web page.

use crate::app::i18n::{Args, Lang, days_text, tr};
use crate::core::clock::control::{ClockControl, REMINDER_DAYS_LEFT};
use crate::core::regulation::Regulation;

/// «50/10 (днів/ходів)», «годинник Фішера: …», «5 днів на кожен хід; …».
pub(crate) fn control_text(lang: Lang, regulation: &Regulation) -> String {
    let days = |n: u32| days_text(lang, i64::from(n));
    match regulation.clock {
        ClockControl::Federation => {
            let control = regulation.control;
            let args = Args::new()
                .with("days", control.days)
                .with("moves", control.moves);
            tr(lang, "control-federation", &args)
        }
        ClockControl::Fischer {
            base,
            increment,
            cap,
        } => {
            let args = Args::new()
                .with("base", days(base))
                .with("increment", days(increment));
            match cap {
                Some(cap) => tr(lang, "control-fischer-cap", &args.with("cap", days(cap))),
                None => tr(lang, "control-fischer", &args),
            }
        }
        ClockControl::PerMove { days: n } => {
            tr(lang, "control-per-move", &Args::new().with("days", days(n)))
        }
    }
}

/// The web page's line of the reminders of a Fischer or per-move clock
/// (when 3 days and 1 day are left); `None` under the federation's control,
/// whose reminders are days of silence (R3.3.1).
pub(crate) fn reminders_left_text(lang: Lang, regulation: &Regulation) -> Option<String> {
    if regulation.clock.is_federation() {
        return None;
    }
    let [first, second] = REMINDER_DAYS_LEFT.map(|n| days_text(lang, i64::from(n)));
    let args = Args::new().with("first", first).with("second", second);
    Some(tr(lang, "web-regulation-reminders-left", &args))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with(code: &str) -> Regulation {
        Regulation {
            clock: ClockControl::parse(code).unwrap(),
            ..Regulation::default()
        }
    }

    #[test]
    fn every_control_reads_in_both_languages() {
        let nb = '\u{a0}';
        assert_eq!(
            control_text(Lang::En, &with("server")),
            "50/10 (days/moves)"
        );
        assert_eq!(
            control_text(Lang::En, &with("fischer:30+1/60")),
            format!(
                "Fischer clock: 30{nb}days at the start, plus 1{nb}day after each move, at most 60{nb}days in hand"
            )
        );
        assert_eq!(
            control_text(Lang::Uk, &with("days:5")),
            format!("5{nb}днів на кожен хід; невикористаний час не переноситься")
        );
        assert!(control_text(Lang::Uk, &with("fischer:10+2")).starts_with("годинник Фішера"));
        assert_eq!(reminders_left_text(Lang::En, &with("server")), None);
        assert_eq!(
            reminders_left_text(Lang::En, &with("days:5")).unwrap(),
            format!("Reminders 3{nb}days and 1{nb}day before the time for a move runs out.")
        );
    }
}
