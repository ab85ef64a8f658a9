//! The rating chart on the player page (issue web-2): a small SVG drawn
//! here, in the page (no script, no image request), from the player's
//! rating history: one point a rated game, evenly apart, the highest and
//! lowest rating on the left and the first and last dates below. Colours
//! are SVG attributes (the site's content policy forbids inline styles);
//! the caption, which the SVG is labelled by, says it in words.

use chrono::{DateTime, Utc};
use maud::{Markup, html};

use crate::app::i18n::{Args, Lang, tr};

/// The drawing's size in its own units (it scales to the column).
const WIDTH: f64 = 480.0;
const HEIGHT: f64 = 150.0;
/// Room for the ratings on the left and the dates below.
const LEFT: f64 = 44.0;
const RIGHT: f64 = 10.0;
const TOP: f64 = 10.0;
const BOTTOM: f64 = 24.0;

/// The chart of `points` (the rating before the first rated game, then
/// after each, with the game's end), or nothing with fewer than two.
pub(crate) fn rating_chart(lang: Lang, points: &[(DateTime<Utc>, i64)]) -> Markup {
    if points.len() < 2 {
        return html! {};
    }
    let ratings: Vec<i64> = points.iter().map(|(_, rating)| *rating).collect();
    let high = ratings.iter().copied().max().unwrap_or(0);
    let low = ratings.iter().copied().min().unwrap_or(0);
    let (first, last) = (ratings[0], ratings[ratings.len() - 1]);
    let games = i64::try_from(points.len() - 1).unwrap_or(i64::MAX);
    let args = Args::new()
        .with("games", games)
        .with("first", first.to_string())
        .with("last", last.to_string())
        .with("high", high.to_string())
        .with("low", low.to_string());
    let caption = tr(lang, "web-rating-chart", &args);
    let span = ((high - low) as f64).max(20.0);
    let floor = (high + low) as f64 / 2.0 - span / 2.0;
    let x = |i: usize| LEFT + (WIDTH - LEFT - RIGHT) * i as f64 / (points.len() - 1) as f64;
    let y = |r: i64| TOP + (HEIGHT - TOP - BOTTOM) * (1.0 - (r as f64 - floor) / span);
    let line: Vec<String> = ratings
        .iter()
        .enumerate()
        .map(|(i, r)| format!("{:.1},{:.1}", x(i), y(*r)))
        .collect();
    let date = |at: &DateTime<Utc>| crate::app::command::shown_date(at.date_naive());
    let (start, end) = (date(&points[0].0), date(&points[points.len() - 1].0));
    let base = HEIGHT - BOTTOM;
    html! {
        figure.rating-chart {
            svg #rating-chart viewBox={ "0 0 " (WIDTH) " " (HEIGHT) } role="img"
                aria-labelledby="rating-chart-caption" xmlns="http://www.w3.org/2000/svg" {
                line x1=(LEFT) y1=(y(high)) x2=(WIDTH - RIGHT) y2=(y(high)) stroke="#ddd" {}
                line x1=(LEFT) y1=(y(low)) x2=(WIDTH - RIGHT) y2=(y(low)) stroke="#ddd" {}
                line x1=(LEFT) y1=(base) x2=(WIDTH - RIGHT) y2=(base) stroke="#999" {}
                text x=(LEFT - 4.0) y=(y(high) + 4.0) text-anchor="end" font-size="12" fill="#444" { (high) }
                @if low != high {
                    text x=(LEFT - 4.0) y=(y(low) + 4.0) text-anchor="end" font-size="12" fill="#444" { (low) }
                }
                text x=(LEFT) y=(HEIGHT - 6.0) font-size="12" fill="#444" { (start) }
                text x=(WIDTH - RIGHT) y=(HEIGHT - 6.0) text-anchor="end" font-size="12" fill="#444" { (end) }
                polyline points=(line.join(" ")) fill="none" stroke="#1d5a9c" stroke-width="2" stroke-linejoin="round" {}
                @for (i, r) in ratings.iter().enumerate() {
                    circle cx=(format!("{:.1}", x(i))) cy=(format!("{:.1}", y(*r))) r=(if i + 1 == ratings.len() { "4" } else { "2.5" }) fill="#1d5a9c" {}
                }
            }
            figcaption #rating-chart-caption { (caption) }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    #[test]
    fn the_chart_is_labelled_by_its_words_and_has_a_point_a_game() {
        let at = |day| Utc.with_ymd_and_hms(2026, 1, day, 12, 0, 0).unwrap();
        let points = [(at(5), 1500), (at(9), 1516), (at(20), 1490)];
        let svg = rating_chart(Lang::En, &points).into_string();
        assert_eq!(svg.matches("<circle").count(), 3, "{svg}");
        assert!(svg.contains("aria-labelledby=\"rating-chart-caption\""));
        assert!(svg.contains("2 rated games: from 1500 to 1490"), "{svg}");
        assert!(svg.contains(">05.01.2026<") && svg.contains(">20.01.2026<"));
        assert!(!svg.contains("style="), "{svg}");
        assert!(
            rating_chart(Lang::Uk, &points[..1])
                .into_string()
                .is_empty()
        );
        let uk = rating_chart(Lang::Uk, &points).into_string();
        assert!(uk.contains("2 рейтингові партії"), "{uk}");
    }
}
