//! A player's page: their public games and results. (The club keeps no
//! rating in corrbot, so none is shown.)

use maud::{Markup, html};

use crate::app::i18n::{Args, Lang, tr, tr0};
use crate::app::view::standings::points_text;
use crate::web::data::PlayerView;

use super::event::game_state;
use super::{Frame, layout, tr1};

/// The player page.
pub(crate) fn player_page(lang: Lang, view: &PlayerView) -> Markup {
    let title = tr1(lang, "web-player-title", "name", &view.player.name);
    let path = format!("/player/{}", view.player.id);
    let frame = Frame {
        lang,
        title: &title,
        path: &path,
        live: None,
    };
    let (halves, finished) = view.score;
    let score = Args::new()
        .with("points", points_text(halves))
        .with("games", finished);
    let body = html! {
        h1 { (title) }
        p.score { (tr(lang, "web-player-score", &score)) }
        @if let Some((rating, games)) = view.rating {
            p.rating { (tr(lang, "web-player-rating", &Args::new().with("rating", rating.to_string()).with("games", games))) }
        }
        @if view.games.is_empty() {
            p { (tr0(lang, "web-games-none")) }
        } @else {
            div.scroll {
                table.games #games {
                    thead { tr {
                        th { "#" }
                        th { (tr0(lang, "web-col-event")) }
                        th { (tr0(lang, "web-col-round")) }
                        th { (tr0(lang, "web-col-colour")) }
                        th { (tr0(lang, "web-col-opponent")) }
                        th { (tr0(lang, "web-col-result")) }
                    } }
                    tbody {
                        @for (line, event) in &view.games {
                            @let as_white = line.white.id == view.player.id;
                            @let opponent = if as_white { &line.black } else { &line.white };
                            tr {
                                td { a href={ "/game/" (line.game.id) } { (line.game.id) } }
                                td { a href={ "/event/" (event.id) } { (event.name) } }
                                td.num { (line.game.round) }
                                td { (tr0(lang, if as_white { "web-colour-white" } else { "web-colour-black" })) }
                                td { a href={ "/player/" (opponent.id) } { (opponent.name) } }
                                td { (game_state(lang, &line.game)) }
                            }
                        }
                    }
                }
            }
            p.scroll-hint { (tr0(lang, "web-scroll-hint")) }
        }
    };
    layout(&frame, body)
}
