//! The HTTP server: an accept loop that bounds what clients can take. At
//! most [`Limits::connections`] connections at once (more are closed at
//! once; keep it below the process's descriptor limit), a request's head
//! must arrive within [`Limits::header_timeout`] — which also ends a
//! keep-alive connection idle that long — and a page is built within
//! [`Limits::request_timeout`] or answered 503. Live streams have their own
//! caps ([`Limits::live_streams`], [`Limits::live_per_address`]).
//! Every connection is its own task and a page is built before it is
//! written, so a slow reader holds no database connection and no lock.
//! The Telegram webhook and the operator's listener use the same loop.

use std::collections::VecDeque;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::Extension;
use axum::extract::ConnectInfo;
use hyper::service::Service as _;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;
use tokio::sync::{Notify, OwnedSemaphorePermit, Semaphore};

/// What one client may take.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Open connections at once (`CORRBOT_WEB_MAX_CONNECTIONS`).
    pub connections: usize,
    /// Time to send a request's head, and the longest a kept-alive
    /// connection may stay idle (`CORRBOT_WEB_HEADER_TIMEOUT_SECS`).
    pub header_timeout: Duration,
    /// Live (SSE) streams open at once (`CORRBOT_WEB_LIVE_STREAMS`); keep
    /// it well below `connections` so pages always find a connection.
    pub live_streams: usize,
    /// Live streams open at once from one client address
    /// (`CORRBOT_WEB_LIVE_PER_ADDRESS`).
    pub live_per_address: usize,
    /// Time to build a page.
    pub request_timeout: Duration,
    /// How long a live (SSE) stream stays open; the browser reconnects.
    pub live_for: Duration,
    /// How often a live stream asks the database for a new version
    /// (changes made by another process); this process's own commits wake
    /// it at once.
    pub poll: Duration,
}

impl Default for Limits {
    fn default() -> Self {
        Self {
            connections: 512,
            header_timeout: Duration::from_secs(10),
            live_streams: 128,
            live_per_address: 8,
            request_timeout: Duration::from_secs(10),
            live_for: Duration::from_secs(15 * 60),
            poll: Duration::from_secs(2),
        }
    }
}

impl Limits {
    /// The defaults with what the environment overrides (see
    /// `docs/configuration.md`).
    pub fn from_env() -> anyhow::Result<Self> {
        let mut limits = Self::default();
        if let Some(n) = env_number("CORRBOT_WEB_MAX_CONNECTIONS")? {
            limits.connections = n;
        }
        if let Some(n) = env_number("CORRBOT_WEB_HEADER_TIMEOUT_SECS")? {
            limits.header_timeout = Duration::from_secs(n as u64);
        }
        if let Some(n) = env_number("CORRBOT_WEB_LIVE_STREAMS")? {
            limits.live_streams = n;
        }
        if let Some(n) = env_number("CORRBOT_WEB_LIVE_PER_ADDRESS")? {
            limits.live_per_address = n;
        }
        Ok(limits)
    }
}

/// A positive whole number from the environment variable `name`, if set.
fn env_number(name: &str) -> anyhow::Result<Option<usize>> {
    match std::env::var(name) {
        Ok(text) if !text.trim().is_empty() => match text.trim().parse::<usize>() {
            Ok(n) if n > 0 => Ok(Some(n)),
            _ => anyhow::bail!("{name}={text:?}: a positive whole number is expected"),
        },
        _ => Ok(None),
    }
}

/// Serves `routes` on `listener` until `shutdown` completes; each request
/// carries the client's address as `Extension<ConnectInfo<SocketAddr>>`.
pub async fn serve_on(
    listener: TcpListener,
    routes: axum::Router,
    limits: Limits,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let slots = Arc::new(Semaphore::new(limits.connections));
    let silent = Silent::default();
    tokio::pin!(shutdown);
    loop {
        let (stream, peer) = tokio::select! {
            () = &mut shutdown => return Ok(()),
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(error) => {
                    tracing::warn!(%error, "web: accept failed");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
        };
        let Some(slot) = take_slot(&slots, &silent).await else {
            drop(stream); // too many clients: refuse rather than queue
            continue;
        };
        let routes = routes
            .clone()
            .layer(Extension(ConnectInfo::<SocketAddr>(peer)));
        tokio::spawn(connection(stream, routes, limits, silent.clone(), slot));
    }
}

/// A free slot; when there is none, the oldest connection that has not
/// sent a request gives its slot up, so idle and slow sockets cannot keep
/// a genuine client out. `None` when every slot serves a request.
async fn take_slot(slots: &Arc<Semaphore>, silent: &Silent) -> Option<OwnedSemaphorePermit> {
    if let Ok(slot) = slots.clone().try_acquire_owned() {
        return Some(slot);
    }
    if !silent.evict_oldest() {
        return None;
    }
    let freed = tokio::time::timeout(Duration::from_secs(1), slots.clone().acquire_owned());
    freed.await.ok()?.ok()
}

/// Serves one connection until it ends, is idle too long, or is evicted
/// before its first request.
async fn connection(
    stream: tokio::net::TcpStream,
    routes: axum::Router,
    limits: Limits,
    silent: Silent,
    slot: OwnedSemaphorePermit,
) {
    let (id, evicted) = silent.enter();
    let heard = silent.clone();
    let inner = TowerToHyperService::new(routes);
    let service = hyper::service::service_fn(move |request| {
        heard.leave(id);
        inner.call(request)
    });
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(limits.header_timeout)
        .max_buf_size(64 * 1024);
    let connection = http.serve_connection(TokioIo::new(stream), service);
    tokio::select! {
        ended = connection => if let Err(error) = ended {
            tracing::debug!(%error, "web: connection ended");
        },
        () = evicted.notified() => tracing::debug!("web: a silent connection gave its slot up"),
    }
    silent.leave(id);
    drop(slot);
}

/// The connections that have not sent a request yet, oldest first.
#[derive(Clone, Default)]
struct Silent {
    inner: Arc<Mutex<SilentQueue>>,
}

#[derive(Default)]
struct SilentQueue {
    next: u64,
    queue: VecDeque<(u64, Arc<Notify>)>,
}

impl Silent {
    /// Registers a new connection: its id and what wakes it to close.
    fn enter(&self) -> (u64, Arc<Notify>) {
        let notify = Arc::new(Notify::new());
        let mut silent = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        let id = silent.next;
        silent.next += 1;
        silent.queue.push_back((id, notify.clone()));
        (id, notify)
    }

    /// The connection `id` has sent a request (or ended).
    fn leave(&self, id: u64) {
        let mut silent = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        silent.queue.retain(|(other, _)| *other != id);
    }

    /// Closes the oldest silent connection; `false` when there is none.
    fn evict_oldest(&self) -> bool {
        let mut silent = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        match silent.queue.pop_front() {
            Some((_, notify)) => {
                notify.notify_one();
                true
            }
            None => false,
        }
    }
}
