//! The public web site: read-only pages of the club's events that members
//! and spectators open from the chat — the events list, an event's
//! crosstable and games, a game move by move, a player's games — in
//! Ukrainian and English, updated live (Server-Sent Events) when a move is
//! made, by this process or another on the same database.
//!
//! Off by default: `corrbot run` serves it when `CORRBOT_WEB_LISTEN` is
//! set, `corrbot web` serves it alone ([`WebConfig`]).
//!
//! # Shape
//! A request is one read transaction ([`data`]) that builds a plain view of
//! public data, then HTML ([`pages`]); the page is cached under the version
//! stamp of its data ([`cache`], [`crate::store::Version`]). Board images
//! come from the shared render cache. The server bounds what a client may
//! take ([`Limits`]).
//!
//! # Why maud
//! The templates are maud (already a dependency) rather than askama: the
//! markup is Rust checked at compile time beside the code that fills it,
//! splices are escaped by default (`(name)` can never inject markup; only
//! an explicit `PreEscaped` could, and the site uses none for user text),
//! and no template files have to be kept in step with their structs.
//!
//! # Privacy
//! The pages show names, games, moves, clocks, results and the regulation:
//! nothing else. Contacts, platform accounts and chats, cases and their
//! notes, leaves and their reasons, and messages are never read here
//! (`tests/it/web_privacy.rs` crawls every page to check).

mod access_log;
mod board_grid;
mod cache;
mod calendar;
pub(crate) mod data;
mod favicon;
mod handlers;
mod lang;
mod live;
mod ops;
mod pages;
mod server;
mod touch;

use std::net::SocketAddr;
use std::sync::Arc;

use axum::routing::get;

use crate::app::i18n::Lang;
use crate::render::RenderCache;
use crate::store::{Db, EventId};
use crate::time::Clock;

pub use crate::app::web_link::{event_url, game_url};

pub use server::{Limits, serve_on};
pub use touch::TouchSite;

/// Where the web site listens and its public address.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WebConfig {
    /// `CORRBOT_WEB_LISTEN`: the address to listen on (behind the club's
    /// TLS proxy), e.g. `127.0.0.1:8080`.
    pub listen: SocketAddr,
    /// `CORRBOT_WEB_URL`: the public address the bot's messages link to.
    pub url: Option<url::Url>,
}

impl WebConfig {
    /// The settings from the environment; `None` when `CORRBOT_WEB_LISTEN`
    /// is unset (the site is off).
    pub fn from_env() -> anyhow::Result<Option<Self>> {
        let Ok(listen) = std::env::var("CORRBOT_WEB_LISTEN") else {
            return Ok(None);
        };
        let listen = listen
            .parse()
            .map_err(|e| anyhow::anyhow!("CORRBOT_WEB_LISTEN={listen:?}: {e}"))?;
        Ok(Some(Self {
            listen,
            url: web_url_from_env()?,
        }))
    }
}

/// `CORRBOT_WEB_URL`, the site's public address, if set.
pub fn web_url_from_env() -> anyhow::Result<Option<url::Url>> {
    match std::env::var("CORRBOT_WEB_URL") {
        Ok(text) if !text.trim().is_empty() => {
            Ok(Some(url::Url::parse(text.trim()).map_err(|e| {
                anyhow::anyhow!("CORRBOT_WEB_URL={text:?}: {e}")
            })?))
        }
        _ => Ok(None),
    }
}

/// What the pages are served from.
pub struct Site {
    db: Db,
    clock: Arc<dyn Clock>,
    renders: Arc<RenderCache>,
    pages: cache::PageCache,
    live: Arc<live::LiveGate>,
    limits: Limits,
    /// The board players move on by touch, when served (issue [touch]).
    touch: Option<Arc<TouchSite>>,
}

impl Site {
    /// A site on `db`, its clocks read at `clock`'s time, boards from `renders`.
    pub fn new(
        db: Db,
        clock: Arc<dyn Clock>,
        renders: Arc<RenderCache>,
        limits: Limits,
    ) -> Arc<Self> {
        Self::with_touch(db, clock, renders, limits, None)
    }

    /// A site that also serves the board players move on by touch
    /// (`/touch/…`, issue [touch]) when `touch` is given.
    pub fn with_touch(
        db: Db,
        clock: Arc<dyn Clock>,
        renders: Arc<RenderCache>,
        limits: Limits,
        touch: Option<Arc<TouchSite>>,
    ) -> Arc<Self> {
        Arc::new(Self {
            db,
            clock,
            renders,
            pages: cache::PageCache::default(),
            live: Arc::default(),
            limits,
            touch,
        })
    }

    /// The event page's HTML, built afresh (no page cache): what the bench
    /// measures.
    pub async fn render_event_page(&self, event: EventId, lang: Lang) -> anyhow::Result<String> {
        let page = handlers::Page::Event(event);
        handlers::build(self, &page, lang, handlers::notation_for(lang, None))
            .await
            .map_err(|e| match e {
                data::PageError::NotFound => anyhow::anyhow!("event {event} not found"),
                data::PageError::Internal(e) => e,
            })
    }
}

/// The site's public routes. `/healthz` is here for the club's proxy; the
/// operator's listener ([`ops_router`]) answers it too, and `/metrics` only
/// there.
pub fn router(site: Arc<Site>) -> axum::Router {
    let touch = site.touch.clone().map(touch::router);
    let public = axum::Router::new()
        .route("/", get(handlers::events))
        .route("/healthz", get(ops::health))
        .route("/static/site.css", get(handlers::css))
        .route("/static/site.js", get(handlers::js))
        .route("/favicon.ico", get(handlers::favicon_ico))
        .route("/favicon.svg", get(handlers::favicon_svg))
        .route("/event/{id}", get(handlers::event))
        .route("/event/{id}/pgn", get(handlers::event_pgn))
        .route("/event/{id}/live", get(handlers::event_live))
        .route("/game/{id}", get(handlers::game))
        .route("/game/{id}/ply/{ply}", get(handlers::game_at))
        .route("/game/{id}/board/{ply}", get(handlers::board))
        .route("/game/{id}/pgn", get(handlers::game_pgn))
        .route("/game/{id}/live", get(handlers::game_live))
        .route("/player/{id}", get(handlers::player))
        .route("/calendar/{file}", get(calendar::feed))
        .fallback(handlers::not_found)
        .layer(axum::middleware::from_fn(access_log::access_log))
        .with_state(site);
    match touch {
        Some(touch) => public.merge(touch),
        None => public,
    }
}

/// The operator's routes: `/healthz` and `/metrics` (the counts of
/// disputes, contacts and absences are not for the public).
pub fn ops_router(site: Arc<Site>) -> axum::Router {
    axum::Router::new()
        .route("/healthz", get(ops::health))
        .route("/metrics", get(ops::metrics))
        .with_state(site)
}

/// `CORRBOT_OPS_LISTEN`, the operator's listener (`/healthz`, `/metrics`);
/// loopback port 9464 by default, `off` for none.
pub fn ops_listen_from_env() -> anyhow::Result<Option<SocketAddr>> {
    match std::env::var("CORRBOT_OPS_LISTEN") {
        Ok(text) if text.trim() == "off" => Ok(None),
        Ok(text) if !text.trim().is_empty() => {
            Ok(Some(text.trim().parse().map_err(|e| {
                anyhow::anyhow!("CORRBOT_OPS_LISTEN={text:?}: {e}")
            })?))
        }
        _ => Ok(Some(([127, 0, 0, 1], 9464).into())),
    }
}

/// Limits of the operator's listener: few connections of its own, so
/// `/healthz` answers whatever the public listener's load.
pub const OPS_LIMITS: Limits = Limits {
    connections: 16,
    header_timeout: std::time::Duration::from_secs(5),
    request_timeout: std::time::Duration::from_secs(5),
    live_streams: 1,
    live_per_address: 1,
    live_for: std::time::Duration::from_secs(1),
    poll: std::time::Duration::from_secs(2),
};

/// Serves the operator's routes on `listen` until `shutdown` completes.
pub async fn serve_ops(
    site: Arc<Site>,
    listen: SocketAddr,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> anyhow::Result<()> {
    let listener = tokio::net::TcpListener::bind(listen).await?;
    tracing::info!(%listen, "web: serving /healthz and /metrics to the operator");
    serve_on(listener, ops_router(site), OPS_LIMITS, shutdown).await?;
    Ok(())
}

/// Serves the site on `listen` until `shutdown` completes.
pub async fn serve(
    site: Arc<Site>,
    listen: SocketAddr,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> anyhow::Result<()> {
    let listener = tokio::net::TcpListener::bind(listen).await?;
    tracing::info!(%listen, "web: serving the public pages");
    let limits = site.limits;
    serve_on(listener, router(site), limits, shutdown).await?;
    Ok(())
}
