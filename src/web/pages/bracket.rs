//! A knock-out event's bracket on its page (issue 40): a column a round,
//! each match a box of its two players with their seeds and points, the
//! winner in bold; on a phone the columns scroll sideways in their box.

use maud::{Markup, html};

use crate::app::i18n::{Args, Lang, tr, tr0};
use crate::app::view::knockout::KnockoutTable;
use crate::app::view::standings::points_text;
use crate::core::tournament::knockout::MatchView;

/// The bracket's section.
pub(crate) fn bracket(lang: Lang, table: &KnockoutTable) -> Markup {
    html! {
        section #bracket {
            h2 { (tr0(lang, "web-bracket-heading")) }
            div.scroll {
                div.bracket {
                    @for (index, matches) in table.bracket.rounds.iter().enumerate() {
                        div.round {
                            h3 { (table.stage(index as u32 + 1).title(lang)) }
                            div.matches {
                                @for view in matches { (match_box(lang, table, view)) }
                            }
                        }
                    }
                }
            }
            p.scroll-hint { (tr0(lang, "web-scroll-hint")) }
            @if let Some(champion) = table.bracket.champion() {
                p #champion { (tr(lang, "knockout-standings-first", &Args::new().with("name", table.names[champion].clone()))) }
            }
        }
    }
}

/// One match: the top player over the bottom one.
fn match_box(lang: Lang, table: &KnockoutTable, view: &MatchView) -> Markup {
    let started = view.games > 0;
    let sides = [
        (view.top, view.top_halves),
        (view.bottom, view.bottom_halves),
    ];
    html! {
        div.match {
            @for (seed, halves) in sides {
                @let winner = seed.is_some() && view.winner() == seed;
                div.side.winner[winner] {
                    @if let Some(seed) = seed {
                        span.seed { (seed + 1) }
                        a.name href={ "/player/" (table.players[seed]) } { (table.names[seed]) }
                        @if started { span.score { (points_text(halves)) } }
                    } @else if view.is_bye() {
                        span.seed {}
                        span.name.none { (tr0(lang, "knockout-side-bye")) }
                    } @else {
                        span.seed {}
                        span.name.none { (tr0(lang, "knockout-side-unknown")) }
                    }
                }
            }
        }
    }
}
