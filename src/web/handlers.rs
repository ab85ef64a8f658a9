//! The request handlers: language and notation from the request, the page
//! from the cache or built within the time limit, and the headers every
//! page carries (type, language, caching, a strict content policy).

use std::net::SocketAddr;
use std::sync::Arc;

use axum::Extension;
use axum::extract::{ConnectInfo, FromRequestParts, Path, Query, State};
use axum::http::header::{
    CACHE_CONTROL, CONNECTION, CONTENT_DISPOSITION, CONTENT_LANGUAGE, CONTENT_TYPE, RETRY_AFTER,
    SET_COOKIE, VARY,
};
use axum::http::request::Parts;
use axum::http::{HeaderMap, HeaderName, HeaderValue, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;

use super::data::{self, PageError, PageResult};
use super::lang::choose;
use super::live::{self, Watched};
use super::pages::{self, game::MoveNotation};
use super::{Site, cache::PageKey};
use crate::app::i18n::Lang;
use crate::core::notation::Notation;
use crate::render::{BoardOptions, Language, PlayerLabel};
use crate::store::{EventId, GameId, PlayerId, Version};

/// The query parameters the pages read. A query that does not parse reads
/// as none (the page is still served).
#[derive(Debug, Default, Deserialize)]
pub(crate) struct Params {
    lang: Option<String>,
    notation: Option<String>,
}

impl<S: Send + Sync> FromRequestParts<S> for Params {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        Ok(Query::<Params>::try_from_uri(&parts.uri)
            .map(|Query(params)| params)
            .unwrap_or_default())
    }
}

/// The ids in the address (`/event/{id}`, `/game/{id}/ply/{ply}`): an
/// address whose id is not a number is an unknown page, answered with the
/// 404 page in the reader's language, not with the parser's message.
pub(crate) struct Ids<T>(T);

impl<S: Send + Sync, T: serde::de::DeserializeOwned + Send> FromRequestParts<S> for Ids<T> {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        match Path::<T>::from_request_parts(parts, state).await {
            Ok(Path(ids)) => Ok(Ids(ids)),
            Err(_) => {
                let Ok(params) = Params::from_request_parts(parts, state).await;
                let lang = choose(params.lang.as_deref(), &parts.headers);
                Err(error_response(lang, PageError::NotFound))
            }
        }
    }
}

/// A page of the site.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Page {
    Events,
    Event(EventId),
    Game(GameId, Option<usize>),
    Player(PlayerId),
}

/// The notation moves are written in: the address's, else by language.
pub(crate) fn notation_for(lang: Lang, asked: Option<&str>) -> (MoveNotation, bool) {
    match asked {
        Some("san") => (MoveNotation::San, true),
        Some("uk") => (MoveNotation::Ukrainian, true),
        _ if lang == Lang::En => (MoveNotation::San, false),
        _ => (MoveNotation::Ukrainian, false),
    }
}

/// Builds `page`'s HTML in one read transaction.
pub(crate) async fn build(
    site: &Site,
    page: &Page,
    lang: Lang,
    notation: (MoveNotation, bool),
) -> PageResult<String> {
    let mut tx = site.db.read().await?;
    let markup = match *page {
        Page::Events => pages::events_page(lang, &data::events(&mut tx).await?),
        Page::Event(id) => {
            pages::event_page(lang, &data::event(&mut tx, id, site.clock.now()).await?)
        }
        Page::Player(id) => {
            pages::player_page(lang, &data::player(&mut tx, id, site.clock.now()).await?)
        }
        Page::Game(id, ply) => {
            let written = match notation.0 {
                MoveNotation::San => Notation::San,
                MoveNotation::Ukrainian => Notation::UkrainianFull,
            };
            let view = data::game(&mut tx, id, written, site.clock.now()).await?;
            let last = view.positions.len() - 1;
            let ply = ply.unwrap_or(last);
            if ply > last {
                return Err(PageError::NotFound);
            }
            pages::game_page(lang, &view, ply, notation)
        }
    };
    tx.commit().await?;
    Ok(markup.into_string())
}

/// The version stamp of what `page` shows.
async fn version_of(site: &Site, page: &Page) -> PageResult<Version> {
    let mut tx = site.db.read().await?;
    let version = match *page {
        Page::Events => tx.site_version().await?,
        Page::Event(id) => tx.event_version(id).await?,
        Page::Game(id, _) => tx.game_version(id).await?,
        Page::Player(id) => tx.player_version(id).await?,
    };
    tx.commit().await?;
    Ok(version)
}

fn html_response(status: StatusCode, lang: Lang, body: String) -> Response {
    let mut response = (status, body).into_response();
    let headers = response.headers_mut();
    headers.insert(
        CONTENT_TYPE,
        HeaderValue::from_static("text/html; charset=utf-8"),
    );
    headers.insert(CONTENT_LANGUAGE, HeaderValue::from_static(lang.code()));
    headers.insert(VARY, HeaderValue::from_static("Accept-Language, Cookie"));
    headers.insert(CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    headers.insert(
        HeaderName::from_static("content-security-policy"),
        HeaderValue::from_static(
            "default-src 'none'; img-src 'self'; style-src 'self'; script-src 'self'; \
             connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
        ),
    );
    headers.insert(
        HeaderName::from_static("x-content-type-options"),
        HeaderValue::from_static("nosniff"),
    );
    response
}

fn error_response(lang: Lang, error: PageError) -> Response {
    match error {
        PageError::NotFound => html_response(
            StatusCode::NOT_FOUND,
            lang,
            pages::message_page(lang, "web-not-found").into_string(),
        ),
        PageError::Internal(error) => {
            tracing::error!(error = format!("{error:#}"), "web: a page failed");
            html_response(
                StatusCode::INTERNAL_SERVER_ERROR,
                lang,
                pages::message_page(lang, "web-error").into_string(),
            )
        }
    }
}

/// Serves `page`: from the cache when its data has not changed, else built
/// within the request time limit.
async fn serve_page(
    site: &Site,
    page: Page,
    uri: &Uri,
    params: &Params,
    headers: &HeaderMap,
) -> Response {
    let lang = choose(params.lang.as_deref(), headers);
    let notation = notation_for(lang, params.notation.as_deref());
    let work = async {
        let version = version_of(site, &page).await?;
        let key: PageKey = (uri.to_string(), lang, version);
        let body = site
            .pages
            .get_or_build(key, build(site, &page, lang, notation))
            .await?;
        Ok(body.to_string())
    };
    let mut response = match tokio::time::timeout(site.limits.request_timeout, work).await {
        Ok(Ok(body)) => html_response(StatusCode::OK, lang, body),
        Ok(Err(error)) => error_response(lang, error),
        Err(_) => {
            let body = pages::message_page(lang, "web-busy").into_string();
            html_response(StatusCode::SERVICE_UNAVAILABLE, lang, body)
        }
    };
    if params.lang.as_deref().and_then(Lang::from_code).is_some() {
        let cookie = format!(
            "lang={}; Path=/; Max-Age=31536000; SameSite=Lax",
            lang.code()
        );
        if let Ok(value) = HeaderValue::from_str(&cookie) {
            response.headers_mut().insert(SET_COOKIE, value);
        }
    }
    response
}

type SiteState = State<Arc<Site>>;

/// `/`: the events.
pub(crate) async fn events(
    State(site): SiteState,
    uri: Uri,
    params: Params,
    headers: HeaderMap,
) -> Response {
    serve_page(&site, Page::Events, &uri, &params, &headers).await
}

/// `/event/{id}`.
pub(crate) async fn event(
    State(site): SiteState,
    Ids(id): Ids<EventId>,
    uri: Uri,
    params: Params,
    headers: HeaderMap,
) -> Response {
    serve_page(&site, Page::Event(id), &uri, &params, &headers).await
}

/// `/game/{id}`: the game at its last ply.
pub(crate) async fn game(
    State(site): SiteState,
    Ids(id): Ids<GameId>,
    uri: Uri,
    params: Params,
    headers: HeaderMap,
) -> Response {
    serve_page(&site, Page::Game(id, None), &uri, &params, &headers).await
}

/// `/game/{id}/ply/{ply}`: the game after one ply.
pub(crate) async fn game_at(
    State(site): SiteState,
    Ids((id, ply)): Ids<(GameId, usize)>,
    uri: Uri,
    params: Params,
    headers: HeaderMap,
) -> Response {
    let page = Page::Game(id, Some(ply));
    serve_page(&site, page, &uri, &params, &headers).await
}

/// `/player/{id}`.
pub(crate) async fn player(
    State(site): SiteState,
    Ids(id): Ids<PlayerId>,
    uri: Uri,
    params: Params,
    headers: HeaderMap,
) -> Response {
    serve_page(&site, Page::Player(id), &uri, &params, &headers).await
}

/// Anything else: 404.
pub(crate) async fn not_found(params: Params, headers: HeaderMap) -> Response {
    let lang = choose(params.lang.as_deref(), &headers);
    error_response(lang, PageError::NotFound)
}

/// The style sheet.
pub(crate) async fn css() -> Response {
    asset(
        "text/css; charset=utf-8",
        concat!(
            include_str!("../../assets/web/site.css"),
            include_str!("../../assets/web/board.css")
        ),
    )
}

/// The few lines of script: arrow keys and live updates.
pub(crate) async fn js() -> Response {
    asset(
        "text/javascript; charset=utf-8",
        include_str!("../../assets/web/site.js"),
    )
}

/// `/favicon.ico`: the icon drawn in [`super::favicon`].
pub(crate) async fn favicon_ico() -> Response {
    asset("image/x-icon", super::favicon::ico())
}

/// `/favicon.svg`: the same icon as SVG.
pub(crate) async fn favicon_svg() -> Response {
    asset("image/svg+xml", super::favicon::SVG)
}

fn asset(kind: &'static str, body: impl IntoResponse) -> Response {
    let mut response = body.into_response();
    let headers = response.headers_mut();
    headers.insert(CONTENT_TYPE, HeaderValue::from_static(kind));
    headers.insert(
        CACHE_CONTROL,
        HeaderValue::from_static("public, max-age=3600"),
    );
    response
}

fn download(name: String, body: Arc<str>) -> Response {
    let mut response = body.to_string().into_response();
    let headers = response.headers_mut();
    headers.insert(
        CONTENT_TYPE,
        HeaderValue::from_static("application/x-chess-pgn; charset=utf-8"),
    );
    if let Ok(value) = HeaderValue::from_str(&format!("attachment; filename=\"{name}\"")) {
        headers.insert(CONTENT_DISPOSITION, value);
    }
    response
}

/// The PGN of an event or a game, from the cache while its data has not
/// changed (the address and the version stamp are the key).
async fn pgn_of(site: &Site, target: Result<EventId, GameId>) -> PageResult<Arc<str>> {
    let (address, page) = match target {
        Ok(event) => (format!("/event/{}/pgn", event.0), Page::Event(event)),
        Err(game) => (format!("/game/{}/pgn", game.0), Page::Game(game, None)),
    };
    let version = version_of(site, &page).await?;
    let key: PageKey = (address, Lang::En, version);
    site.pages.get_or_build(key, build_pgn(site, target)).await
}

/// Writes the PGN of an event or a game.
async fn build_pgn(site: &Site, target: Result<EventId, GameId>) -> PageResult<String> {
    let mut tx = site.db.read().await?;
    let pgn = match target {
        Ok(event) => data::event_pgn(&mut tx, event).await?,
        Err(game) => {
            let game = tx.game(game).await?;
            crate::app::view::pgn::public_game_pgn(&mut tx, &game).await?
        }
    };
    tx.commit().await?;
    Ok(pgn)
}

/// `/event/{id}/pgn`: every game of the event.
pub(crate) async fn event_pgn(
    State(site): SiteState,
    Ids(id): Ids<EventId>,
    headers: HeaderMap,
) -> Response {
    match pgn_of(&site, Ok(id)).await {
        Ok(pgn) => download(format!("event-{id}.pgn"), pgn),
        Err(error) => error_response(choose(None, &headers), error),
    }
}

/// `/game/{id}/pgn`.
pub(crate) async fn game_pgn(
    State(site): SiteState,
    Ids(id): Ids<GameId>,
    headers: HeaderMap,
) -> Response {
    match pgn_of(&site, Err(id)).await {
        Ok(pgn) => download(format!("game-{id}.pgn"), pgn),
        Err(error) => error_response(choose(None, &headers), error),
    }
}

/// `/game/{id}/board/{ply}`: the board after a ply, as PNG (render cache).
pub(crate) async fn board(
    State(site): SiteState,
    Ids((id, ply)): Ids<(GameId, usize)>,
    params: Params,
    headers: HeaderMap,
) -> Response {
    let lang = choose(params.lang.as_deref(), &headers);
    match board_png(&site, id, ply, lang).await {
        Ok(png) => {
            let mut response = png.to_vec().into_response();
            let headers = response.headers_mut();
            headers.insert(CONTENT_TYPE, HeaderValue::from_static("image/png"));
            headers.insert(
                CACHE_CONTROL,
                HeaderValue::from_static("public, max-age=300"),
            );
            response
        }
        Err(error) => error_response(lang, error),
    }
}

async fn board_png(site: &Site, id: GameId, ply: usize, lang: Lang) -> PageResult<Arc<[u8]>> {
    let mut tx = site.db.read().await?;
    let game = tx.game(id).await?;
    let rows = tx.moves(id).await?;
    let white = tx.player(game.white).await?.display_name;
    let black = tx.player(game.black).await?.display_name;
    let event = tx.event(game.event_id).await?;
    // A move the event's public delay holds back has no board yet.
    let shown = crate::app::view::public_delay::public_ply_count(&mut tx, &event, &game).await?;
    let event = event.name;
    tx.commit().await?;
    let played = crate::app::view::game::replay(&game, &rows)?;
    let moves = played.moves();
    if ply > shown.min(moves.len()) {
        return Err(PageError::NotFound);
    }
    let mut position: shakmaty::Chess = played.start_position().clone();
    for mv in &moves[..ply] {
        shakmaty::Position::play_unchecked(&mut position, *mv);
    }
    let last_move = ply
        .checked_sub(1)
        .and_then(|i| crate::render::move_squares(&moves[i]));
    let options = BoardOptions {
        last_move,
        white: PlayerLabel {
            name: white,
            days_left: None,
            deadline: None,
        },
        black: PlayerLabel {
            name: black,
            days_left: None,
            deadline: None,
        },
        event,
        language: match lang {
            Lang::Uk => Language::Ukrainian,
            Lang::En => Language::English,
        },
        ..BoardOptions::for_position(&position)
    };
    // A finished game's last position shows the score, not a move number.
    let options = match game.final_score().filter(|_| ply == moves.len()) {
        Some(score) => BoardOptions {
            move_number: None,
            turn: None,
            score: score.pills(),
            ..options
        },
        None => options,
    };
    let (_, png) = site
        .renders
        .board(shakmaty::Position::board(&position), &options);
    Ok(png)
}

/// The client's address, which the server puts on every request.
type Peer = Option<Extension<ConnectInfo<SocketAddr>>>;

async fn live_response(site: Arc<Site>, watched: Watched, peer: Peer) -> Response {
    let address = peer.map(|Extension(ConnectInfo(addr))| addr.ip());
    let limits = site.limits;
    let Some(pass) = site
        .live
        .admit(address, limits.live_streams, limits.live_per_address)
    else {
        let body = pages::message_page(Lang::Uk, "web-busy").into_string();
        let mut response = html_response(StatusCode::SERVICE_UNAVAILABLE, Lang::Uk, body);
        let headers = response.headers_mut();
        headers.insert(RETRY_AFTER, HeaderValue::from_static("30"));
        // The refused client holds no connection slot either.
        headers.insert(CONNECTION, HeaderValue::from_static("close"));
        return response;
    };
    match live::stream(site, watched, pass).await {
        Ok(sse) => sse.into_response(),
        Err(error) => error_response(Lang::Uk, error.into()),
    }
}

/// `/event/{id}/live`: SSE, `change` after every change of the event.
pub(crate) async fn event_live(
    State(site): SiteState,
    Ids(id): Ids<EventId>,
    peer: Peer,
) -> Response {
    live_response(site, Watched::Event(id), peer).await
}

/// `/game/{id}/live`: SSE, `change` after every change of the game.
pub(crate) async fn game_live(
    State(site): SiteState,
    Ids(id): Ids<GameId>,
    peer: Peer,
) -> Response {
    live_response(site, Watched::Game(id), peer).await
}
