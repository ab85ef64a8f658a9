//! Dates as players type them: in the form the bot shows (`10.12.2026`), as
//! a day and a month alone (`10.12`, the next such date), or in ISO
//! (`2026-12-10`); and dates as the bot shows them.

use chrono::{Datelike, Duration, NaiveDate};

/// How many days ahead of today a date in a help or refusal example lies.
const EXAMPLE_DAYS_AHEAD: i64 = 7;

/// Reads a date: `ДД.ММ.РРРР` (the form the bot shows), `ДД.ММ` (the next
/// such date on or after `today`, the reader's today), or `РРРР-ММ-ДД`.
pub fn read_date(text: &str, today: NaiveDate) -> Option<NaiveDate> {
    let text = text.trim();
    if let Ok(date) = NaiveDate::parse_from_str(text, "%Y-%m-%d") {
        return Some(date);
    }
    let parts: Vec<&str> = text.split('.').collect();
    let number = |part: &str| {
        let digits = (1..=2).contains(&part.len()) && part.bytes().all(|b| b.is_ascii_digit());
        digits.then(|| part.parse::<u32>().ok()).flatten()
    };
    match parts.as_slice() {
        [day, month, year] if year.len() == 4 => {
            let year = year.parse().ok()?;
            NaiveDate::from_ymd_opt(year, number(month)?, number(day)?)
        }
        [day, month] | [day, month, ""] => next_such(number(day)?, number(month)?, today),
        _ => None,
    }
}

/// Reads a date written in full: `ДД.ММ.РРРР` or `РРРР-ММ-ДД` (where a day
/// and a month alone mean nothing certain, as a date on a postal card).
pub fn read_full_date(text: &str) -> Option<NaiveDate> {
    let text = text.trim();
    let year_given = text.contains('-') || text.rsplit('.').next().is_some_and(|y| y.len() == 4);
    // Any `today` does: a date with its year does not depend on it.
    let any_day = NaiveDate::MIN;
    year_given.then(|| read_date(text, any_day)).flatten()
}

/// The first `day`.`month` on or after `today` (29 February: in the next
/// leap year).
fn next_such(day: u32, month: u32, today: NaiveDate) -> Option<NaiveDate> {
    (today.year()..today.year() + 8)
        .filter_map(|year| NaiveDate::from_ymd_opt(year, month, day))
        .find(|date| *date >= today)
}

/// A date as the bot shows it: `10.12.2026`.
pub fn shown_date(date: NaiveDate) -> String {
    date.format("%d.%m.%Y").to_string()
}

/// A date kept as `РРРР-ММ-ДД` text (a stored card, a stored notice), as
/// the bot shows dates; text that is no such date passes unchanged.
pub fn shown_date_text(text: &str) -> String {
    NaiveDate::parse_from_str(text, "%Y-%m-%d").map_or_else(|_| text.to_owned(), shown_date)
}

/// A date a week after `today`, as the bot shows it: the date in help and
/// refusal examples, so an example is never in the past.
pub fn example_date(today: NaiveDate) -> String {
    shown_date(today + Duration::days(EXAMPLE_DAYS_AHEAD))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap()
    }

    #[test]
    fn the_shown_form_and_iso_read_alike() {
        let today = day(2026, 12, 5);
        assert_eq!(read_date("10.12.2026", today), Some(day(2026, 12, 10)));
        assert_eq!(read_date("2026-12-10", today), Some(day(2026, 12, 10)));
        assert_eq!(read_date("1.7.2027", today), Some(day(2027, 7, 1)));
        assert_eq!(shown_date(day(2026, 12, 10)), "10.12.2026");
    }

    #[test]
    fn a_day_and_month_mean_the_next_such_date() {
        let today = day(2026, 12, 5);
        assert_eq!(read_date("10.12", today), Some(day(2026, 12, 10)));
        assert_eq!(read_date("05.12", today), Some(day(2026, 12, 5)));
        assert_eq!(read_date("04.12", today), Some(day(2027, 12, 4)));
        assert_eq!(read_date("01.01.", today), Some(day(2027, 1, 1)));
        assert_eq!(read_date("29.02", today), Some(day(2028, 2, 29)));
    }

    #[test]
    fn a_full_date_names_its_year() {
        assert_eq!(read_full_date("01.03.2026"), Some(day(2026, 3, 1)));
        assert_eq!(read_full_date("2026-03-01"), Some(day(2026, 3, 1)));
        assert_eq!(read_full_date("01.03"), None);
        assert_eq!(read_full_date("01.03."), None);
    }

    #[test]
    fn what_is_no_date_is_refused() {
        let today = day(2026, 12, 5);
        for text in [
            "32.12.2026",
            "10.13",
            "10.12.26",
            "7",
            "a.b",
            "",
            "2026-13-01",
        ] {
            assert_eq!(read_date(text, today), None, "{text}");
        }
    }

    #[test]
    fn examples_lie_ahead_of_today() {
        assert_eq!(example_date(day(2026, 12, 28)), "04.01.2027");
    }
}
