//! The touch board page: the game from the player's side, the last move,
//! the clocks and the deadline, and — when it is their move — every legal
//! move as JSON (from, to, promotion, the move written in the player's
//! notation), so the script needs no chess of its own.

use std::sync::Arc;

use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{Html, IntoResponse, Response};
use maud::{DOCTYPE, Markup, PreEscaped, html};
use serde::{Deserialize, Serialize};
use shakmaty::{CastlingMode, Chess, Color, Position, Role, Square, uci::UciMove};

use crate::app::actor::notation_from_code;
use crate::app::i18n::{Args, Lang, tr, tr0};
use crate::app::notice::clocks_text;
use crate::app::view::game::colour_of;
use crate::core::notation::{Notation, write_with_check};
use crate::store::GameId;
use crate::web::data::{self, GameView};
use crate::web::lang::choose;

use super::guard::{Credentials, Entrant, entrant};
use super::{TouchSite, no_store};
use crate::web::board_grid::{Cells, board_grid, glyph};

/// The page's address parameters: the pass, and whether Telegram opened
/// it as a Mini App.
#[derive(Debug, Default, Deserialize)]
pub(crate) struct PageQuery {
    t: Option<String>,
    tg: Option<String>,
}

/// One legal move of the position, as the script offers it.
#[derive(Debug, Serialize, PartialEq, Eq)]
pub(crate) struct TouchMove {
    /// The square it leaves (`g1`).
    pub(crate) from: String,
    /// The square it reaches (`f3`; the king's square when castling).
    pub(crate) to: String,
    /// The piece a pawn becomes (`q`, `r`, `b`, `n`), if it promotes.
    pub(crate) promotion: Option<char>,
    /// The move in the player's notation (`Кg1-f3`).
    pub(crate) text: String,
}

/// Every legal move of `position`, written in `notation`.
pub(crate) fn legal_moves(position: &Chess, notation: Notation) -> Vec<TouchMove> {
    position
        .legal_moves()
        .iter()
        .filter_map(|mv| match mv.to_uci(CastlingMode::Standard) {
            UciMove::Normal {
                from,
                to,
                promotion,
            } => Some(TouchMove {
                from: from.to_string(),
                to: to.to_string(),
                promotion: promotion.map(Role::char),
                text: write_with_check(position, mv, notation),
            }),
            _ => None,
        })
        .collect()
}

/// `GET /touch/{game}?t=PASS`: the player's board.
pub(crate) async fn show(
    State(site): State<Arc<TouchSite>>,
    Path(game): Path<i64>,
    Query(query): Query<PageQuery>,
    headers: HeaderMap,
) -> Response {
    let now = site.app.clock().now();
    let credentials = Credentials {
        pass: query.t.as_deref(),
        init_data: None,
    };
    let reader = choose(None, &headers);
    let entrant = match entrant(&site, GameId(game), credentials, now).await {
        Ok(Ok(entrant)) => entrant,
        Ok(Err((status, id))) => return message(status, reader, id),
        Err(error) => return failed(reader, error.into()),
    };
    let lang = Lang::from_code(&entrant.player.language).unwrap_or_default();
    let notation = notation_from_code(&entrant.player.notation).unwrap_or(Notation::UkrainianFull);
    let (view, last) = {
        let read = async {
            let mut tx = site.app.db().read().await?;
            let viewer = (notation, data::Viewer::Player);
            let view = data::game_as(&mut tx, GameId(game), viewer, now).await;
            let last = tx.moves(GameId(game)).await?.pop().map(|row| row.uci);
            tx.rollback().await?;
            Ok::<_, crate::store::StoreError>(view.map(|view| (view, last)))
        };
        match read.await {
            Ok(Ok(read)) => read,
            Ok(Err(data::PageError::NotFound)) => {
                return message(StatusCode::NOT_FOUND, lang, "touch-refused-pass");
            }
            Ok(Err(data::PageError::Internal(error))) => return failed(lang, error),
            Err(error) => return failed(lang, error.into()),
        }
    };
    let pass = query.t.unwrap_or_default();
    let shown = Shown {
        view: &view,
        last: last_move_squares(last.as_deref()),
        lang,
        notation,
    };
    let page = board_page(&site, &entrant, &shown, &pass, query.tg.is_some());
    no_store(Html(page.into_string()).into_response())
}

/// What the page shows, and how.
struct Shown<'a> {
    view: &'a GameView,
    last: Option<(Square, Square)>,
    lang: Lang,
    notation: Notation,
}

/// The board page of `entrant`.
fn board_page(
    site: &TouchSite,
    entrant: &Entrant,
    shown: &Shown<'_>,
    pass: &str,
    telegram: bool,
) -> Markup {
    let (view, lang, notation) = (shown.view, shown.lang, shown.notation);
    let game = &entrant.game;
    let colour = colour_of(game, entrant.player.id).unwrap_or(Color::White);
    let position = view.positions.last().cloned().unwrap_or_default();
    let to_move = position.turn() == colour;
    let moves = if to_move {
        legal_moves(&position, notation)
    } else {
        Vec::new()
    };
    let data = serde_json::json!({
        "game": game.id.0,
        "pass": pass,
        "guard": site.key.page_guard(entrant.player.id, game.id),
        "moves": moves,
        "live": format!("/game/{}/live", game.id),
        "sending": tr0(lang, "touch-sending"),
        "failed": tr0(lang, "touch-failed"),
    });
    // `<` never reaches the markup inside the script element.
    let data = data.to_string().replace('<', "\\u003c");
    let title = tr(
        lang,
        "touch-title",
        &Args::new()
            .with("game", game.id.0)
            .with("white", view.line.white.name.as_str())
            .with("black", view.line.black.name.as_str()),
    );
    let last = view.plies.last().map(|ply| ply.text.as_str());
    html! {
        (DOCTYPE)
        html lang=(lang.code()) {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                meta name="referrer" content="no-referrer";
                title { (title) " · corrbot" }
                link rel="icon" href="/favicon.svg" type="image/svg+xml";
                link rel="stylesheet" href="/touch/static/touch.css";
                @if telegram {
                    script src="https://telegram.org/js/telegram-web-app.js" {}
                }
                script src="/touch/static/touch.js" defer {}
            }
            body {
                main #touch {
                    h1 { (title) }
                    p #turn {
                        @if to_move { (tr0(lang, "touch-your-turn")) }
                        @else { (tr0(lang, "touch-their-turn")) }
                    }
                    @if let Some(pending) = &view.line.pending {
                        p #deadline { (maud::PreEscaped(sentence(&crate::web::pages::pending_short(lang, pending, &view.event).into_string()))) }
                    }
                    p #clocks { (clocks_text(lang, &view.clocks)) }
                    p #last {
                        @match last {
                            Some(text) => (tr(lang, "touch-last-move", &Args::new().with("move", text))),
                            None => (tr0(lang, "touch-no-moves")),
                        }
                    }
                    (board_grid(&position, colour, shown.last, Cells::Buttons))
                    div #promotion hidden {
                        p { (tr0(lang, "touch-promotion")) }
                        @for role in [Role::Queen, Role::Rook, Role::Bishop, Role::Knight] {
                            button.promote type="button" data-piece=(role.char()) {
                                span.pc.white[colour == Color::White].black[colour == Color::Black] {
                                    (glyph(role, colour))
                                }
                            }
                        }
                    }
                    div #ask hidden {
                        p #ask-text {}
                        strong #move-text {}
                        div.choices {
                            button #confirm type="button" { (tr0(lang, "touch-confirm")) }
                            button #cancel type="button" { (tr0(lang, "touch-cancel")) }
                        }
                    }
                    div #said aria-live="polite" {}
                    div #actions {
                        @for (action, label, ask) in [
                            ("draw-offer", "touch-draw-offer", "touch-draw-offer-ask"),
                            ("draw-accept", "touch-draw-accept", "touch-draw-accept-ask"),
                            ("resign", "touch-resign", "touch-resign-ask"),
                        ] {
                            button.action type="button" data-action=(action) data-ask=(tr0(lang, ask)) {
                                (tr0(lang, label))
                            }
                        }
                    }
                    p #move-ask-text hidden { (tr0(lang, "touch-move-ask")) }
                }
                script #touch-data type="application/json" { (PreEscaped(data)) }
            }
        }
    }
}

/// The squares the last move left and reached, from its stored UCI
/// (`g1f3`; castling as the king's move).
fn last_move_squares(uci: Option<&str>) -> Option<(Square, Square)> {
    let uci = uci?;
    let from = uci.get(0..2)?.parse().ok()?;
    let to = uci.get(2..4)?.parse().ok()?;
    Some((from, to))
}

/// `text` with its first letter capitalized (a list's phrase as a line).
fn sentence(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// A short page with one message.
fn message(status: StatusCode, lang: Lang, id: &str) -> Response {
    let text = tr0(lang, id);
    let page = html! {
        (DOCTYPE)
        html lang=(lang.code()) {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                title { "corrbot" }
                link rel="stylesheet" href="/touch/static/touch.css";
            }
            body { main #touch { p #refused { (text) } } }
        }
    };
    no_store((status, Html(page.into_string())).into_response())
}

fn failed(lang: Lang, error: anyhow::Error) -> Response {
    tracing::error!(error = format!("{error:#}"), "touch: the board page failed");
    message(StatusCode::INTERNAL_SERVER_ERROR, lang, "touch-failed")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_has_twenty_moves_written_in_the_players_notation() {
        let moves = legal_moves(&Chess::default(), Notation::UkrainianFull);
        assert_eq!(moves.len(), 20);
        let knight = moves.iter().find(|mv| mv.from == "g1" && mv.to == "f3");
        assert_eq!(knight.map(|mv| mv.text.as_str()), Some("Кg1-f3"));
    }

    #[test]
    fn castling_goes_to_the_kings_square_and_promotion_names_the_piece() {
        let fen = "4k3/P7/8/8/8/8/8/4K2R w K - 0 1";
        let position: Chess = fen
            .parse::<shakmaty::fen::Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap();
        let moves = legal_moves(&position, Notation::San);
        assert!(
            moves
                .iter()
                .any(|mv| mv.from == "e1" && mv.to == "g1" && mv.text == "O-O")
        );
        let promotions: Vec<Option<char>> = moves
            .iter()
            .filter(|mv| mv.from == "a7")
            .map(|mv| mv.promotion)
            .collect();
        assert_eq!(promotions.len(), 4, "{promotions:?}");
        assert!(promotions.contains(&Some('q')) && promotions.contains(&Some('n')));
    }
}
