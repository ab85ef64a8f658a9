//! Time zones for what players see: instants are stored and computed in UTC
//! (R3.5.6) and shown in the player's zone (`/timezone`), by default the
//! event's zone (the installation's, else GMT, unless the event's
//! regulation names one).

use chrono::{DateTime, LocalResult, TimeZone, Utc};
use chrono_tz::Tz;
use serde::{Deserialize, Serialize};

use crate::app::actor::Actor;
use crate::app::i18n::{Lang, tr0};
use crate::app::room::last_minute;
use crate::store::{Event, PlayerId, StoreError, Tx};

mod names;

/// The zone instants are shown in for a player who chose none.
///
/// The one place the default is decided: the event's own zone (its `zone=`
/// setting) when the instant belongs to an event's game, else GMT (UTC),
/// the rules' default (R3.5.6).
pub(crate) fn default_zone(event: Option<&Event>) -> Tz {
    event.map_or(chrono_tz::UTC, crate::app::view::event_zone::event_zone)
}

/// Reads a zone as a player types it: an IANA name in any letter case
/// (`Europe/Kyiv`, `america/new_york`), or a city the catalogs name, in
/// either language (`Київ`, `Варшава`, `New York`).
pub fn parse_zone(text: &str) -> Option<Tz> {
    let text = text.trim();
    match text.to_lowercase().as_str() {
        "kiev" => return Some(chrono_tz::Europe::Kyiv),
        "utc" | "gmt" => return Some(chrono_tz::UTC),
        _ => {}
    }
    chrono_tz::TZ_VARIANTS
        .iter()
        .find(|zone| zone.name().eq_ignore_ascii_case(text))
        .copied()
        .or_else(|| names::by_city(text))
}

/// The zone `player` sees instants in: their own choice, else the default
/// of `event` ([`default_zone`]); for instants of no one event (the
/// digest), that of the last event they entered, else GMT.
pub(crate) async fn player_zone(
    tx: &mut Tx,
    player: PlayerId,
    event: Option<&Event>,
) -> Result<Tz, StoreError> {
    zone_with_home(tx, player, event, default_zone(None)).await
}

/// The zone the actor sees instants of no one event in (leave, `/start`,
/// `/timezone`): their own choice, else that of the last event they
/// entered, else the installation's ([`Actor::home_zone`], R3.5.6).
pub(crate) async fn actor_zone(tx: &mut Tx, actor: &Actor) -> Result<Tz, StoreError> {
    zone_with_home(tx, actor.player.id, None, actor.home_zone).await
}

/// The zone `player` chose, else that of `event`, else that of the last
/// event they entered, else `home`.
async fn zone_with_home(
    tx: &mut Tx,
    player: PlayerId,
    event: Option<&Event>,
    home: Tz,
) -> Result<Tz, StoreError> {
    let chosen = tx.clock_prefs(player).await?.zone;
    if chosen.is_some() || event.is_some() {
        return Ok(chosen_zone(chosen.as_deref(), event));
    }
    let Some(last) = tx.events_entered(player).await?.pop() else {
        return Ok(home);
    };
    let event = tx.event(last).await?;
    Ok(default_zone(Some(&event)))
}

/// The zone a player sees instants in, from their stored choice (`chosen`)
/// already read, else the default of `event` ([`default_zone`]).
pub(crate) fn chosen_zone(chosen: Option<&str>, event: Option<&Event>) -> Tz {
    chosen
        .and_then(parse_zone)
        .unwrap_or_else(|| default_zone(event))
}

/// An instant as one recipient sees it: kept in UTC with the zone to show it
/// in, so a stored notice renders the same whenever it is delivered.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShownInstant {
    /// The instant.
    pub at: DateTime<Utc>,
    /// The IANA zone it is shown in.
    pub zone: String,
}

impl ShownInstant {
    /// `at` to be shown in `zone`.
    pub fn new(at: DateTime<Utc>, zone: Tz) -> Self {
        Self {
            at,
            zone: zone.name().to_owned(),
        }
    }

    /// `10.02.2026 09:00 (Київ)`: the local date and time and the zone; in
    /// the hour that repeats when summer time ends, with the UTC offset too
    /// (`25.10.2026 03:30 (Київ, UTC+03:00)`), so two instants never read
    /// the same.
    pub fn text(&self, lang: Lang) -> String {
        local_text(self.at, &self.zone, lang)
    }

    /// The last minute in which an act due before this instant still
    /// counts: a loss at 11:00 reads «10:59» (see [`last_minute`]).
    pub fn deadline_text(&self, lang: Lang) -> String {
        local_text(last_minute(self.at), &self.zone, lang)
    }

    /// The local date alone (`10.01.2026`): the first day of a period that
    /// starts at this midnight, as a leave does.
    pub fn day_text(&self) -> String {
        crate::app::command::shown_date(self.local_day(self.at))
    }

    /// The last whole day of a period that ends at this instant: a leave
    /// ending at midnight of the 13th reads «12.01.2026», its last day.
    pub fn last_day_text(&self) -> String {
        crate::app::command::shown_date(self.local_day(last_minute(self.at)))
    }

    fn local_day(&self, at: DateTime<Utc>) -> chrono::NaiveDate {
        let zone = parse_zone(&self.zone).unwrap_or(chrono_tz::Europe::Kyiv);
        at.with_timezone(&zone).date_naive()
    }
}

/// `at` in the zone named `zone`, as [`ShownInstant::text`] shows it.
fn local_text(at: DateTime<Utc>, zone: &str, lang: Lang) -> String {
    let zone = parse_zone(zone).unwrap_or(chrono_tz::Europe::Kyiv);
    let local = at.with_timezone(&zone);
    // A date and its time never break across lines (non-breaking spaces);
    // Ukrainian puts «о» before the time.
    let shown = match lang {
        Lang::Uk => local.format("%d.%m.%Y\u{a0}о\u{a0}%H:%M"),
        Lang::En => local.format("%d.%m.%Y\u{a0}%H:%M"),
    };
    let label = names::city(lang, zone)
        .or_else(|| is_gmt(zone).then(|| tr0(lang, "zone-gmt")))
        .unwrap_or_else(|| names::offset_at(zone, at));
    let repeated = matches!(
        zone.from_local_datetime(&local.naive_local()),
        LocalResult::Ambiguous(..)
    );
    if repeated {
        format!("{shown} ({label}, UTC{})", local.format("%:z"))
    } else {
        format!("{shown} ({label})")
    }
}

/// A date in a stored notice: an instant with the zone to show it in, or,
/// in notices stored by versions before the instant was kept, its text as
/// made then (so a queued notice still renders after an upgrade).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum ShownDate {
    /// An instant, shown in the reader's language when delivered.
    At(ShownInstant),
    /// Text made when the notice was stored.
    Text(String),
}

impl ShownDate {
    /// The date as `lang`'s reader sees it ([`ShownInstant::text`]).
    pub fn text(&self, lang: Lang) -> String {
        match self {
            Self::At(shown) => shown.text(lang),
            Self::Text(text) => text.clone(),
        }
    }

    /// The last minute that still counts ([`ShownInstant::deadline_text`]).
    pub fn deadline_text(&self, lang: Lang) -> String {
        match self {
            Self::At(shown) => shown.deadline_text(lang),
            Self::Text(text) => text.clone(),
        }
    }

    /// The first day of a period starting here ([`ShownInstant::day_text`]).
    pub fn day_text(&self) -> String {
        match self {
            Self::At(shown) => shown.day_text(),
            Self::Text(text) => text.clone(),
        }
    }

    /// The last day of a period ending here
    /// ([`ShownInstant::last_day_text`]).
    pub fn last_day_text(&self) -> String {
        match self {
            Self::At(shown) => shown.last_day_text(),
            Self::Text(text) => text.clone(),
        }
    }
}

impl From<ShownInstant> for ShownDate {
    fn from(shown: ShownInstant) -> Self {
        Self::At(shown)
    }
}

/// Whether `zone` is GMT (UTC), the rules' «середній час по Гринвічу»
/// (R3.5.6).
fn is_gmt(zone: Tz) -> bool {
    matches!(
        zone,
        chrono_tz::UTC | chrono_tz::Etc::UTC | chrono_tz::Etc::GMT
    )
}

/// The zone's name as shown: GMT and the zones players most often choose
/// by a city in the reader's language (`Київ`, `Нью-Йорк`), any other by
/// its standard UTC offset (`UTC−05:00`); never by its IANA identifier,
/// which players cannot read.
pub fn zone_label(lang: Lang, zone: Tz) -> String {
    if is_gmt(zone) {
        return tr0(lang, "zone-gmt");
    }
    names::city(lang, zone).unwrap_or_else(|| names::standard_offset(zone))
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;

    use super::*;

    #[test]
    fn zones_are_read_in_any_case_and_kyiv_by_name() {
        assert_eq!(parse_zone("Europe/Kyiv"), Some(chrono_tz::Europe::Kyiv));
        assert_eq!(parse_zone("київ"), Some(chrono_tz::Europe::Kyiv));
        assert_eq!(
            parse_zone("america/new_york"),
            Some(chrono_tz::America::New_York)
        );
        assert_eq!(parse_zone("Mars/Olympus"), None);
        assert_eq!(parse_zone("Варшава"), Some(chrono_tz::Europe::Warsaw));
        assert_eq!(parse_zone("new york"), Some(chrono_tz::America::New_York));
    }

    #[test]
    fn an_instant_is_shown_in_its_zone_with_summer_time() {
        let winter = Utc.with_ymd_and_hms(2026, 2, 10, 7, 0, 0).unwrap();
        let summer = Utc.with_ymd_and_hms(2026, 7, 10, 7, 0, 0).unwrap();
        let kyiv = chrono_tz::Europe::Kyiv;
        assert_eq!(
            ShownInstant::new(winter, kyiv).text(Lang::Uk),
            "10.02.2026\u{a0}о\u{a0}09:00 (Київ)"
        );
        assert_eq!(
            ShownInstant::new(summer, kyiv).text(Lang::En),
            "10.07.2026\u{a0}10:00 (Kyiv)"
        );
        let utc = ShownInstant::new(winter, chrono_tz::UTC);
        assert_eq!(
            utc.text(Lang::Uk),
            "10.02.2026\u{a0}о\u{a0}07:00 (за Гринвічем)"
        );
        let berlin = chrono_tz::Europe::Berlin;
        assert_eq!(
            ShownInstant::new(winter, berlin).text(Lang::En),
            "10.02.2026\u{a0}08:00 (Berlin)"
        );
    }

    #[test]
    fn a_deadline_reads_as_its_last_minute() {
        let loss = Utc.with_ymd_and_hms(2026, 2, 10, 9, 0, 0).unwrap();
        let shown = ShownInstant::new(loss, chrono_tz::Europe::Kyiv);
        assert_eq!(
            shown.deadline_text(Lang::Uk),
            "10.02.2026\u{a0}о\u{a0}10:59 (Київ)"
        );
    }

    #[test]
    fn the_repeated_autumn_hour_shows_its_offset() {
        // 25.10.2026: Kyiv goes from 04:00 EEST back to 03:00 EET, so 03:30
        // happens twice.
        let kyiv = chrono_tz::Europe::Kyiv;
        let first = Utc.with_ymd_and_hms(2026, 10, 25, 0, 30, 0).unwrap();
        let second = Utc.with_ymd_and_hms(2026, 10, 25, 1, 30, 0).unwrap();
        assert_eq!(
            ShownInstant::new(first, kyiv).text(Lang::Uk),
            "25.10.2026\u{a0}о\u{a0}03:30 (Київ, UTC+03:00)"
        );
        assert_eq!(
            ShownInstant::new(second, kyiv).text(Lang::En),
            "25.10.2026\u{a0}03:30 (Kyiv, UTC+02:00)"
        );
        let after = Utc.with_ymd_and_hms(2026, 10, 25, 3, 0, 0).unwrap();
        assert_eq!(
            ShownInstant::new(after, kyiv).text(Lang::En),
            "25.10.2026\u{a0}05:00 (Kyiv)"
        );
    }

    #[test]
    fn a_date_stored_as_text_by_an_older_version_still_reads() {
        let old: ShownDate = serde_json::from_str("\"2026-01-07 00:00 Europe/Kyiv\"").unwrap();
        assert_eq!(old.text(Lang::Uk), "2026-01-07 00:00 Europe/Kyiv");
        let at = Utc.with_ymd_and_hms(2026, 1, 6, 22, 0, 0).unwrap();
        let new = ShownDate::from(ShownInstant::new(at, chrono_tz::Europe::Kyiv));
        let stored = serde_json::to_string(&new).unwrap();
        let read: ShownDate = serde_json::from_str(&stored).unwrap();
        assert_eq!(read.text(Lang::Uk), "07.01.2026\u{a0}о\u{a0}00:00 (Київ)");
        assert_eq!(read.text(Lang::En), "07.01.2026\u{a0}00:00 (Kyiv)");
    }
}
