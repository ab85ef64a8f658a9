//! The event's time zone (R3.5.6): GMT (UTC) unless the installation
//! (`CORRBOT_ZONE`) or the event's regulation (`zone=`) names another. Rule
//! dates are counted in it: leave from midnight (R3.6.2, R2.7), appeal
//! deadlines at 23:59 of day 14 (R2.1.6), objection windows (R2.6.4) and
//! postal dates (R2.4.4).

use chrono::{DateTime, Utc};
use chrono_tz::Tz;

use crate::app::zone::ShownInstant;
use crate::store::Event;

/// The zone of `event`'s rule dates, and the zone its dates are shown in by
/// default (R3.5.6). Daylight saving included.
pub fn event_zone(event: &Event) -> Tz {
    event.regulation.date_zone()
}

/// An instant of a rule date in `zone` (R3.5.6), to be shown in the
/// reader's language: `07.01.2026 00:00 (Київ)`, `(Kyiv)` in English,
/// other zones by their IANA name.
pub(crate) fn zoned(at: DateTime<Utc>, zone: Tz) -> ShownInstant {
    ShownInstant::new(at, zone)
}

/// The last minute before a window closing at `closes` in `zone`: a window
/// closing at 00:00 of 3 February is open "until 2 February 23:59"
/// (R2.1.6, R2.6.4).
pub(crate) fn last_minute_in(closes: DateTime<Utc>, zone: Tz) -> ShownInstant {
    zoned(closes - chrono::Duration::minutes(1), zone)
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;

    use super::*;

    #[test]
    fn r3_5_6_rule_dates_name_the_zone_in_the_readers_language() {
        use crate::app::i18n::Lang;
        let at = Utc.with_ymd_and_hms(2026, 3, 28, 21, 59, 0).unwrap();
        assert_eq!(
            zoned(at, Tz::UTC).text(Lang::En),
            "28.03.2026\u{a0}21:59 (GMT)"
        );
        assert_eq!(
            zoned(at, Tz::UTC).text(Lang::Uk),
            "28.03.2026\u{a0}о\u{a0}21:59 (за Гринвічем)"
        );
        assert_eq!(
            zoned(at, Tz::Europe__Kyiv).text(Lang::Uk),
            "28.03.2026\u{a0}о\u{a0}23:59 (Київ)"
        );
        let closes = Utc.with_ymd_and_hms(2026, 2, 2, 22, 0, 0).unwrap();
        assert_eq!(
            last_minute_in(closes, Tz::Europe__Kyiv).text(Lang::En),
            "02.02.2026\u{a0}23:59 (Kyiv)"
        );
    }
}
