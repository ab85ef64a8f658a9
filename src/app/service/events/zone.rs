//! The event's time zone (R3.5.6): `zone=Europe/Kyiv` by default for events
//! created with `/event create`, UTC for regulations that name none. Rule
//! dates are counted in it: leave from midnight (R3.6.2, R2.7), appeal
//! deadlines at 23:59 of day 14 (R2.1.6), objection windows (R2.6.4) and
//! postal dates (R2.4.4).

use chrono::{DateTime, Utc};
use chrono_tz::Tz;

use crate::store::Event;

/// The zone of `event`'s rule dates, and the zone its dates are shown in by
/// default (R3.5.6). Daylight saving included.
pub fn event_zone(event: &Event) -> Tz {
    event.regulation.date_zone()
}

/// An instant as a date and time in `zone`, named after the zone: the same
/// text as UTC's (`2026-03-15 23:59 UTC`) when the zone is UTC, else
/// `2026-03-15 23:59 Europe/Kyiv`.
pub(crate) fn zoned_text(at: DateTime<Utc>, zone: Tz) -> String {
    let local = at.with_timezone(&zone).format("%Y-%m-%d %H:%M");
    match zone {
        Tz::UTC | Tz::Etc__UTC => format!("{local} UTC"),
        named => format!("{local} {}", named.name()),
    }
}

/// The last minute before a window closing at `closes` in `zone`, as text:
/// a window closing at 00:00 of 3 February is open "until 2 February 23:59"
/// (R2.1.6, R2.6.4).
pub(crate) fn last_minute_in(closes: DateTime<Utc>, zone: Tz) -> String {
    zoned_text(closes - chrono::Duration::minutes(1), zone)
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;

    use super::*;

    #[test]
    fn r3_5_6_texts_name_the_zone() {
        let at = Utc.with_ymd_and_hms(2026, 3, 28, 21, 59, 0).unwrap();
        assert_eq!(zoned_text(at, Tz::UTC), "2026-03-28 21:59 UTC");
        assert_eq!(
            zoned_text(at, Tz::Europe__Kyiv),
            "2026-03-28 23:59 Europe/Kyiv"
        );
    }
}
