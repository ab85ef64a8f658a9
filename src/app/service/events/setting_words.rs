//! A changed setting as `/event set` reports it: its name and its value in
//! the reader's language, as `/event show` words them (issue 19: no raw
//! codes such as `ukr,san`, `postal` or `yes` in Ukrainian text).

use crate::app::i18n::{Args, Lang, days_text, tr, tr0};
use crate::app::zone::{parse_zone, zone_label};
use crate::core::rating::Formula;

use crate::app::service::events::setup::EventSetup;

/// `name: value` for the setting `key`, set to `typed`, as the reader reads
/// it; the value as typed where it is a number, a name or a channel.
pub(super) fn setting_text(lang: Lang, setup: &EventSetup, key: &str, typed: &str) -> String {
    // `rating=iccf|elo` is the formula, `rating=MIN-MAX` the entry band.
    let key = match Formula::parse(typed) {
        Some(_) if key == "rating" => "rating-formula",
        _ => key,
    };
    let name = tr(lang, "setting-name", &Args::new().with("key", key));
    format!("{name}: {}", value_text(lang, setup, key, typed))
}

/// The value of `key` as the changed `setup` holds it, in words.
fn value_text(lang: Lang, setup: &EventSetup, key: &str, typed: &str) -> String {
    let regulation = &setup.regulation;
    if let Some(text) = crate::app::service::events::entry::value_text(lang, regulation, key) {
        return text;
    }
    if let Some(text) = crate::app::service::events::conditional::value_text(lang, regulation, key)
    {
        return text;
    }
    if let Some(text) = crate::app::service::events::knockout::value_text(lang, regulation, key) {
        return text;
    }
    match key {
        "rating-formula" => formula_name(lang, setup.rating.unwrap_or_default()),
        "rules" => tr(
            lang,
            "rule-set-name",
            &Args::new().with("rules", regulation.rule_set.as_str()),
        ),
        "notations" => crate::app::service::events::list::notation_names(lang, regulation),
        // The federation's control as typed (`30/10`); a chosen clock in
        // words (issue events-2).
        "control" if !regulation.clock.is_federation() => {
            crate::app::view::control::control_text(lang, regulation)
        }
        "leave" => days_text(lang, i64::from(regulation.leave_days_per_year)),
        "zone" => parse_zone(typed).map_or_else(|| typed.to_owned(), |z| zone_label(lang, z)),
        "registered-mail" => yes_no(lang, regulation.registered_mail_required),
        "public-delay" => crate::app::service::events::spectators::value_text(
            lang,
            regulation,
            setup.rated.unwrap_or(setup.team_boards.is_none()),
        ),
        "rated" => setup
            .rated
            .map_or_else(|| typed.to_owned(), |rated| yes_no(lang, rated)),
        "exclusion" => tr0(
            lang,
            if setup.settings.annul_on_exclusion {
                "setting-exclusion-annulled"
            } else {
                "setting-exclusion-losses"
            },
        ),
        "channel-lang" => setup.channel_lang.map_or_else(
            || typed.to_owned(),
            |code| {
                tr(
                    lang,
                    "language-name",
                    &Args::new().with("code", code.code()),
                )
            },
        ),
        _ => typed.to_owned(),
    }
}

/// The name of a rating formula in the reader's language.
pub(super) fn formula_name(lang: Lang, formula: Formula) -> String {
    tr(
        lang,
        "setting-rating-formula",
        &Args::new().with("formula", formula.as_str()),
    )
}

/// «так» or «ні».
fn yes_no(lang: Lang, yes: bool) -> String {
    tr0(lang, if yes { "setting-yes" } else { "setting-no" })
}
