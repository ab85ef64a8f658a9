//! The HTTP server: an accept loop that bounds what clients can take. At
//! most [`Limits::connections`] connections at once (more are closed at
//! once), a request's head must arrive within [`Limits::header_timeout`],
//! and a page is built within [`Limits::request_timeout`] or answered 503.
//! Every connection is its own task and a page is built before it is
//! written, so a slow reader holds no database connection and no lock.

use std::sync::Arc;
use std::time::Duration;

use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;

/// What one client may take.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Open connections at once.
    pub connections: usize,
    /// Time to send a request's head.
    pub header_timeout: Duration,
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
            connections: 256,
            header_timeout: Duration::from_secs(10),
            request_timeout: Duration::from_secs(10),
            live_for: Duration::from_secs(15 * 60),
            poll: Duration::from_secs(2),
        }
    }
}

/// Serves `routes` on `listener` until `shutdown` completes.
pub async fn serve_on(
    listener: TcpListener,
    routes: axum::Router,
    limits: Limits,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let slots = Arc::new(Semaphore::new(limits.connections));
    tokio::pin!(shutdown);
    loop {
        let (stream, _) = tokio::select! {
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
        let Ok(slot) = slots.clone().try_acquire_owned() else {
            drop(stream); // too many clients: refuse rather than queue
            continue;
        };
        let service = TowerToHyperService::new(routes.clone());
        tokio::spawn(async move {
            let mut http = hyper::server::conn::http1::Builder::new();
            http.timer(TokioTimer::new())
                .header_read_timeout(limits.header_timeout)
                .max_buf_size(64 * 1024);
            let connection = http.serve_connection(TokioIo::new(stream), service);
            if let Err(error) = connection.await {
                tracing::debug!(%error, "web: connection ended");
            }
            drop(slot);
        });
    }
}
