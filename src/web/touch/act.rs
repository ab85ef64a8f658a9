//! `POST /touch/{game}/act`: a confirmed tap becomes the command the
//! player would type (`/move 12 Кg1-f3`, `/confirm 12`, `/draw offer 12`,
//! `/resign 12 confirm`) and goes through [`crate::app::service::App::answer`]
//! as an inbound message from the player's own account. Its update id is
//! `touch-PLAYER-REQUEST`, so a retried request is answered from the
//! stored reply and plays nothing twice (on PostgreSQL a concurrent retry
//! waits on the inbound row's unique key for the first to commit).

use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::header::CONTENT_TYPE;
use axum::http::{HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use shakmaty::Chess;

use crate::app::actor::{Chat, Inbound, notation_from_code};
use crate::app::i18n::Lang;
use crate::app::outgoing::Outgoing;
use crate::app::view::game::regulation_of;
use crate::core::notation::{self, Notation};
use crate::store::GameId;
use crate::web::lang::choose;

use super::guard::{Credentials, Entrant, admit, entrant, same_site};
use super::page::legal_moves;
use super::{TouchSite, no_store, refusal};

/// What the page sends.
#[derive(Debug, Deserialize)]
pub(crate) struct ActRequest {
    /// The link's pass.
    #[serde(default)]
    pass: Option<String>,
    /// Telegram's `initData`, in a Mini App.
    #[serde(default)]
    init_data: Option<String>,
    /// The page's guard.
    guard: String,
    /// The request's id, made by the page once per confirmed action.
    request: String,
    /// `move`, `confirm`, `cancel`, `draw-offer`, `draw-accept`, `resign`.
    action: String,
    /// A move's squares and promotion piece.
    #[serde(default)]
    from: Option<String>,
    #[serde(default)]
    to: Option<String>,
    #[serde(default)]
    promotion: Option<char>,
}

/// The handler.
pub(crate) async fn act(
    State(site): State<Arc<TouchSite>>,
    Path(game): Path<i64>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let reader = choose(None, &headers);
    if !same_site(&headers) {
        return refusal(StatusCode::FORBIDDEN, reader, "touch-refused-cross-site");
    }
    let Ok(request) = serde_json::from_slice::<ActRequest>(&body) else {
        return refusal(StatusCode::BAD_REQUEST, reader, "touch-refused-request");
    };
    if !readable_id(&request.request) {
        return refusal(StatusCode::BAD_REQUEST, reader, "touch-refused-request");
    }
    let now = site.app.clock().now();
    let credentials = Credentials {
        pass: request.pass.as_deref(),
        init_data: request.init_data.as_deref(),
    };
    let entrant = match entrant(&site, GameId(game), credentials, now).await {
        Ok(Ok(entrant)) => entrant,
        Ok(Err((status, id))) => return refusal(status, reader, id),
        Err(error) => return failed(reader, error.into()),
    };
    let lang = Lang::from_code(&entrant.player.language).unwrap_or_default();
    let (player, game) = (entrant.player.id, entrant.game.id);
    if !site.key.guard_holds(player, game, &request.guard) {
        return refusal(StatusCode::FORBIDDEN, lang, "touch-refused-cross-site");
    }
    match admit(site.app.db(), player, now).await {
        Ok(true) => {}
        Ok(false) => {
            return refusal(
                StatusCode::TOO_MANY_REQUESTS,
                lang,
                "touch-refused-too-many",
            );
        }
        Err(error) => return failed(lang, error.into()),
    }
    let text = match command_text(&site, &entrant, &request).await {
        Ok(Some(text)) => text,
        Ok(None) => return refusal(StatusCode::BAD_REQUEST, lang, "touch-refused-request"),
        Err(error) => return failed(lang, error),
    };
    let inbound = Inbound {
        platform: entrant.account.platform,
        update_id: format!("touch-{}-{}", player.0, request.request),
        user_id: entrant.account.platform_user_id.clone(),
        display_name: entrant.player.display_name.clone(),
        handle: entrant.account.username.clone(),
        chat: Chat::Private,
        text,
        reply_to: None,
        client_lang: None,
    };
    answered(&site.app.answer(&inbound).await)
}

/// A request id the page makes: 8 to 64 letters, digits and dashes.
fn readable_id(id: &str) -> bool {
    (8..=64).contains(&id.len()) && id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
}

/// The command `request` stands for; `None` when it names no action or
/// no squares.
async fn command_text(
    site: &TouchSite,
    entrant: &Entrant,
    request: &ActRequest,
) -> anyhow::Result<Option<String>> {
    let game = entrant.game.id;
    Ok(Some(match request.action.as_str() {
        "move" => {
            let Some(written) = move_text(site, entrant, request).await? else {
                return Ok(None);
            };
            format!("/move {game} {written}")
        }
        "confirm" => format!("/confirm {game}"),
        "cancel" => format!("/confirm cancel {game}"),
        "draw-offer" => format!("/draw offer {game}"),
        "draw-accept" => format!("/draw accept {game}"),
        "resign" => format!("/resign {game} confirm"),
        _ => return Ok(None),
    }))
}

/// The move from `request`'s squares, written in the player's notation
/// when the event reads it, else in the first notation it reads. A move
/// not legal now (a retry after it was made, a stale page) is written as
/// its squares (`g1f3`), so that a retry is answered from the stored
/// reply and anything else gets the app's own refusal.
async fn move_text(
    site: &TouchSite,
    entrant: &Entrant,
    request: &ActRequest,
) -> anyhow::Result<Option<String>> {
    let square = |text: &Option<String>| {
        text.as_deref()
            .filter(|text| text.parse::<shakmaty::Square>().is_ok())
            .map(str::to_owned)
    };
    let (Some(from), Some(to)) = (square(&request.from), square(&request.to)) else {
        return Ok(None);
    };
    let promotion = request.promotion.filter(|piece| "qrbn".contains(*piece));
    let mut tx = site.app.db().read().await?;
    let event = tx.event(entrant.game.event_id).await?;
    tx.rollback().await?;
    let allowed = regulation_of(&event).notations;
    let own = notation_from_code(&entrant.player.notation).unwrap_or(Notation::UkrainianFull);
    let position: Chess = shakmaty::fen::Fen::from_ascii(entrant.game.fen.as_bytes())?
        .into_position(shakmaty::CastlingMode::Standard)?;
    for notation in std::iter::once(own).chain(allowed.iter().copied()) {
        let found = legal_moves(&position, notation)
            .into_iter()
            .find(|mv| mv.from == from && mv.to == to && mv.promotion == promotion);
        let Some(found) = found else { break };
        if notation::parse(&position, &found.text, &allowed).is_ok() {
            return Ok(Some(found.text));
        }
    }
    let piece = promotion.map(String::from).unwrap_or_default();
    Ok(Some(format!("{from}{to}{piece}")))
}

/// The app's replies as JSON: their texts, and the choices among their
/// buttons the page can make (confirm or cancel a held move, accept a
/// draw). `refused` is false: the app's own refusals are replies like any
/// other, shown over the board as it now stands.
fn answered(replies: &[Outgoing]) -> Response {
    let refused = false;
    let shown: Vec<serde_json::Value> = replies
        .iter()
        .map(|reply| {
            let choices: Vec<serde_json::Value> = reply
                .buttons
                .iter()
                .filter_map(|button| {
                    let action = page_action(&button.command)?;
                    Some(serde_json::json!({ "action": action, "label": button.label }))
                })
                .collect();
            serde_json::json!({ "text": reply.text, "choices": choices })
        })
        .collect();
    let body = serde_json::json!({ "refused": refused, "replies": shown });
    let mut response = body.to_string().into_response();
    response.headers_mut().insert(
        CONTENT_TYPE,
        HeaderValue::from_static("application/json; charset=utf-8"),
    );
    no_store(response)
}

/// The page's action for a button's command, if it has one.
fn page_action(command: &str) -> Option<&'static str> {
    if command.starts_with("/confirm cancel") {
        Some("cancel")
    } else if command.starts_with("/confirm") {
        Some("confirm")
    } else if command.starts_with("/draw accept") {
        Some("draw-accept")
    } else {
        None
    }
}

fn failed(lang: Lang, error: anyhow::Error) -> Response {
    tracing::error!(error = format!("{error:#}"), "touch: an action failed");
    refusal(StatusCode::INTERNAL_SERVER_ERROR, lang, "touch-failed")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn request_ids_are_short_plain_words() {
        assert!(readable_id("0f9a-77c1-aa"));
        assert!(!readable_id("short"));
        assert!(!readable_id(&"x".repeat(65)));
        assert!(!readable_id("with space here"));
    }

    #[test]
    fn held_move_and_draw_buttons_become_page_actions() {
        assert_eq!(page_action("/confirm cancel #3"), Some("cancel"));
        assert_eq!(page_action("/confirm #3"), Some("confirm"));
        assert_eq!(page_action("/draw accept #3"), Some("draw-accept"));
        assert_eq!(page_action("/board #3"), None);
    }
}
