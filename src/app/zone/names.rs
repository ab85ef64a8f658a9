//! Zones by the names readers know (issue [words-2]): a city in the
//! reader's language for the zones players most often choose, the UTC
//! offset for any other, never an IANA identifier such as
//! `America/New_York`.

use chrono::{DateTime, Offset, TimeZone, Utc};
use chrono_tz::Tz;

use crate::app::i18n::{Lang, tr0};

/// Zones named by a city in the catalogs (`zone-city-…`, from the IANA
/// name's last part: `America/New_York` → `zone-city-new-york`).
const NAMED: &[Tz] = &[
    chrono_tz::Europe::Kyiv,
    chrono_tz::Europe::London,
    chrono_tz::Europe::Dublin,
    chrono_tz::Europe::Lisbon,
    chrono_tz::Europe::Madrid,
    chrono_tz::Europe::Paris,
    chrono_tz::Europe::Brussels,
    chrono_tz::Europe::Amsterdam,
    chrono_tz::Europe::Berlin,
    chrono_tz::Europe::Zurich,
    chrono_tz::Europe::Rome,
    chrono_tz::Europe::Vienna,
    chrono_tz::Europe::Prague,
    chrono_tz::Europe::Warsaw,
    chrono_tz::Europe::Bratislava,
    chrono_tz::Europe::Budapest,
    chrono_tz::Europe::Copenhagen,
    chrono_tz::Europe::Stockholm,
    chrono_tz::Europe::Oslo,
    chrono_tz::Europe::Helsinki,
    chrono_tz::Europe::Tallinn,
    chrono_tz::Europe::Riga,
    chrono_tz::Europe::Vilnius,
    chrono_tz::Europe::Chisinau,
    chrono_tz::Europe::Bucharest,
    chrono_tz::Europe::Sofia,
    chrono_tz::Europe::Athens,
    chrono_tz::Europe::Istanbul,
    chrono_tz::Europe::Belgrade,
    chrono_tz::Europe::Zagreb,
    chrono_tz::Asia::Tbilisi,
    chrono_tz::Asia::Jerusalem,
    chrono_tz::Asia::Dubai,
    chrono_tz::Asia::Almaty,
    chrono_tz::Asia::Kolkata,
    chrono_tz::Asia::Shanghai,
    chrono_tz::Asia::Tokyo,
    chrono_tz::Asia::Seoul,
    chrono_tz::Asia::Singapore,
    chrono_tz::Australia::Sydney,
    chrono_tz::Australia::Melbourne,
    chrono_tz::Pacific::Auckland,
    chrono_tz::America::New_York,
    chrono_tz::America::Toronto,
    chrono_tz::America::Chicago,
    chrono_tz::America::Denver,
    chrono_tz::America::Los_Angeles,
    chrono_tz::America::Vancouver,
    chrono_tz::America::Mexico_City,
    chrono_tz::America::Sao_Paulo,
    chrono_tz::America::Argentina::Buenos_Aires,
];

/// The catalog id of a named zone's city.
fn city_id(zone: Tz) -> String {
    let last = zone.name().rsplit('/').next().unwrap_or_default();
    format!("zone-city-{}", last.replace('_', "-").to_lowercase())
}

/// The city `zone` is named by in `lang`, if the catalogs name it.
pub(super) fn city(lang: Lang, zone: Tz) -> Option<String> {
    NAMED.contains(&zone).then(|| tr0(lang, &city_id(zone)))
}

/// The zone whose city is `text` in either language, in any letter case
/// (`варшава`, `New York`).
pub(super) fn by_city(text: &str) -> Option<Tz> {
    let wanted = text.trim().to_lowercase();
    NAMED.iter().copied().find(|zone| {
        [Lang::Uk, Lang::En]
            .iter()
            .any(|lang| tr0(*lang, &city_id(*zone)).to_lowercase() == wanted)
    })
}

/// `UTC+05:30`, `UTC−05:00` (a true minus sign): the zone's offset at `at`.
pub(super) fn offset_at(zone: Tz, at: DateTime<Utc>) -> String {
    let seconds = zone
        .offset_from_utc_datetime(&at.naive_utc())
        .fix()
        .local_minus_utc();
    let sign = if seconds < 0 { '\u{2212}' } else { '+' };
    let minutes = seconds.abs() / 60;
    format!("UTC{sign}{:02}:{:02}", minutes / 60, minutes % 60)
}

/// The zone's standard offset (its smaller one over a year, so winter
/// time in the north): how a zone with no city in the catalogs is named
/// where no one instant is shown.
pub(super) fn standard_offset(zone: Tz) -> String {
    let january = Utc.with_ymd_and_hms(2026, 1, 15, 12, 0, 0).single();
    let july = Utc.with_ymd_and_hms(2026, 7, 15, 12, 0, 0).single();
    let offsets = [january, july].map(|at| {
        at.map(|at| {
            zone.offset_from_utc_datetime(&at.naive_utc())
                .fix()
                .local_minus_utc()
        })
    });
    let at = match offsets {
        [Some(winter), Some(summer)] if summer < winter => july,
        _ => january,
    };
    at.map_or_else(|| "UTC".to_owned(), |at| offset_at(zone, at))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_named_zone_has_a_city_in_both_languages() {
        for zone in NAMED {
            for lang in [Lang::Uk, Lang::En] {
                let name = city(lang, *zone).expect("named");
                assert!(!name.is_empty() && !name.contains('/'), "{zone}: {name}");
                assert_eq!(by_city(&name), Some(*zone), "{name}");
            }
        }
    }

    #[test]
    fn other_zones_read_as_their_offset() {
        let summer = Utc.with_ymd_and_hms(2026, 7, 1, 12, 0, 0).unwrap();
        assert_eq!(
            offset_at(chrono_tz::America::Bogota, summer),
            "UTC\u{2212}05:00"
        );
        assert_eq!(offset_at(chrono_tz::Asia::Kathmandu, summer), "UTC+05:45");
        assert_eq!(
            standard_offset(chrono_tz::America::Halifax),
            "UTC\u{2212}04:00"
        );
        assert_eq!(standard_offset(chrono_tz::Australia::Adelaide), "UTC+09:30");
        assert_eq!(city(Lang::Uk, chrono_tz::America::Bogota), None);
    }
}
