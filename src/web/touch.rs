//! The board a player moves on by touch (issue [touch]): `/touch/{game}`
//! shows the game from the player's side with the legal moves of each
//! piece, and `/touch/{game}/act` turns a confirmed tap into the very
//! command the player would type, answered by [`App::answer`] — the same
//! refusals, held move, notices and record as a typed move.
//!
//! Who may act: the holder of a signed pass ([`TouchKey`], from `/board`),
//! or a Telegram Mini App user whose `initData` holds
//! ([`crate::app::touch::init_data`]) and who plays the game. Every
//! request also carries the page's guard and must come as JSON from the
//! page's own origin ([`guard`]); its request id makes a retry answer the
//! same and play nothing twice (the inbound table's unique key); each
//! player has a bounded number of requests a minute, counted in the
//! database, so that every process serving the board spends one budget.
//!
//! These routes are served only when the site is given a [`TouchSite`]:
//! the public pages stay read-only and never link here.

mod act;
mod guard;
mod page;

use std::sync::Arc;

use axum::http::header::{CACHE_CONTROL, CONTENT_TYPE};
use axum::http::{HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};

use crate::app::i18n::{Lang, tr0};
use crate::app::service::App;
use crate::app::touch::TouchKey;

/// What the touch board is served from: the app its commands go through,
/// the key that signs passes and guards, and the Telegram bot's token
/// (for Mini App `initData`), if the bot runs on Telegram.
pub struct TouchSite {
    app: App,
    key: TouchKey,
    telegram_token: Option<String>,
}

impl TouchSite {
    /// A touch board over `app`, signing with `key`; `telegram_token`
    /// checks Mini App `initData` (none: only passes are taken).
    pub fn new(app: App, key: TouchKey, telegram_token: Option<String>) -> Arc<Self> {
        Arc::new(Self {
            app,
            key,
            telegram_token,
        })
    }
}

/// The touch board's routes.
pub(crate) fn router(touch: Arc<TouchSite>) -> axum::Router {
    axum::Router::new()
        .route("/touch/{game}", get(page::show))
        .route("/touch/{game}/act", post(act::act))
        .route("/touch/static/touch.js", get(js))
        .route("/touch/static/touch.css", get(css))
        .layer(axum::middleware::from_fn(super::access_log::access_log))
        .with_state(touch)
}

async fn js() -> Response {
    asset(
        "text/javascript; charset=utf-8",
        include_str!("../../assets/web/touch.js"),
    )
}

async fn css() -> Response {
    asset(
        "text/css; charset=utf-8",
        concat!(
            include_str!("../../assets/web/board.css"),
            include_str!("../../assets/web/touch.css")
        ),
    )
}

fn asset(kind: &'static str, body: &'static str) -> Response {
    let mut response = body.into_response();
    let headers = response.headers_mut();
    headers.insert(CONTENT_TYPE, HeaderValue::from_static(kind));
    headers.insert(
        CACHE_CONTROL,
        HeaderValue::from_static("public, max-age=600"),
    );
    response
}

/// A refusal: `status` with the catalog message `id` in `lang`, as JSON
/// (`{"refused": true, "replies": [text]}`) the page shows as it is.
pub(crate) fn refusal(status: StatusCode, lang: Lang, id: &str) -> Response {
    let body = serde_json::json!({ "refused": true, "replies": [{ "text": tr0(lang, id) }] });
    let mut response = (status, body.to_string()).into_response();
    response.headers_mut().insert(
        CONTENT_TYPE,
        HeaderValue::from_static("application/json; charset=utf-8"),
    );
    no_store(response)
}

/// `response`, kept by no cache (it carries a pass or a player's state).
pub(crate) fn no_store(mut response: Response) -> Response {
    let headers = response.headers_mut();
    headers.insert(CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert("referrer-policy", HeaderValue::from_static("no-referrer"));
    response
}
