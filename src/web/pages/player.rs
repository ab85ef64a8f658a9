//! A player's page: their points, rating, events and games, each result
//! from the player's side (win, loss, draw, with the reason).

use maud::{Markup, html};
use shakmaty::Color;

use crate::app::i18n::{Args, Lang, tr, tr0};
use crate::app::view::event_status::status_word;
use crate::app::view::standings::points_text;
use crate::core::game::Score;
use crate::store::GameRecord;
use crate::web::data::PlayerView;

use super::event::game_state;
use super::{Frame, layout, pending_short, tr1};

/// The player page.
pub(crate) fn player_page(lang: Lang, view: &PlayerView) -> Markup {
    let title = tr1(lang, "web-player-title", "name", &view.player.name);
    let path = format!("/player/{}", view.player.id);
    let frame = Frame {
        lang,
        title: &title,
        path: &path,
        live: None,
        og: None,
    };
    let (halves, finished) = view.score;
    let score = Args::new()
        .with("points", points_text(halves))
        .with("games", finished);
    let body = html! {
        h1 { (title) }
        p.score { (tr(lang, "web-player-score", &score)) }
        @if let Some((rating, games)) = view.rating {
            p.rating { (tr(lang, "web-player-rating", &Args::new().with("rating", rating.to_string()).with("games", games).with("phase", crate::core::rating::Phase::of(games).as_str()))) }
        }
        (super::rating_chart::rating_chart(lang, &view.rating_history))
        @if !view.events.is_empty() {
            section {
                h2 { (tr0(lang, "web-player-events-heading")) }
                ul.events #events {
                    @for event in &view.events {
                        li {
                            a href={ "/event/" (event.id) } {
                                (tr(lang, "web-event-title", &Args::new().with("event", event.id).with("name", event.name.clone())))
                            }
                            " · " (tr0(lang, status_word(event.status)))
                        }
                    }
                }
            }
        }
        (games(lang, view))
    };
    layout(&frame, body)
}

fn games(lang: Lang, view: &PlayerView) -> Markup {
    html! {
        section {
            h2 { (tr0(lang, "web-games-heading")) }
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
                                    td {
                                        a href={ "/game/" (line.game.id) } { (own_result(lang, &line.game, as_white)) }
                                        @if let Some(pending) = &line.pending {
                                            br; span.due { (pending_short(lang, pending, event)) }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
                p.scroll-hint { (tr0(lang, "web-scroll-hint")) }
            }
        }
    }
}

/// A game's result from one player's side (`as_white`): win, loss or draw
/// with the reason; the state in words while it goes on.
fn own_result(lang: Lang, game: &GameRecord, as_white: bool) -> String {
    let Some(score) = game.final_score() else {
        return game_state(lang, game);
    };
    let own = if as_white { Color::White } else { Color::Black };
    let word = match score {
        Score::Win(winner) if winner == own => "web-own-win",
        Score::Win(_) => "web-own-loss",
        Score::Draw => "web-own-draw",
        Score::DoubleLoss => "web-own-double-loss",
        Score::Annulled => "web-own-annulled",
    };
    let outcome = tr0(lang, word);
    match game.result_reason.as_deref().map(|id| tr0(lang, id)) {
        Some(reason) if !reason.is_empty() => {
            let args = Args::new().with("result", outcome).with("reason", reason);
            tr(lang, "web-game-result", &args)
        }
        _ => outcome,
    }
}
