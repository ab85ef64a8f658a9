//! Live pages: a Server-Sent Events stream per open event or game page that
//! sends `change` whenever the version stamp of the page's data changes.
//! This process's commits wake the stream at once; a change committed by
//! another process on the same database is found by polling the stamp (one
//! indexed query) every [`super::Limits::poll`].
//!
//! A stream holds a connection for minutes, so they are counted apart from
//! pages ([`LiveGate`]): at most [`super::Limits::live_streams`] in all and
//! [`super::Limits::live_per_address`] from one address; past either the
//! answer is a plain 503 and the browser retries later, while the pages
//! and `/healthz` keep the rest of the connections.

use std::collections::HashMap;
use std::convert::Infallible;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};

use axum::response::sse::{Event as SseEvent, KeepAlive, Sse};
use futures_util::{Stream, StreamExt};
use tokio::sync::watch;
use tokio::time::Instant;

use crate::store::{EventId, GameId, StoreError, StoreResult, Version};

use super::Site;

/// What a live stream watches.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Watched {
    /// An event's page.
    Event(EventId),
    /// A game's page.
    Game(GameId),
}

/// The current stamp of what `watched` shows.
pub(crate) async fn version(site: &Site, watched: Watched) -> StoreResult<Version> {
    let mut tx = site.db.read().await?;
    let version = match watched {
        Watched::Event(id) => tx.event_version(id).await?,
        Watched::Game(id) => tx.game_version(id).await?,
    };
    tx.commit().await?;
    Ok(version)
}

/// Counts the open live streams, in all and per client address.
#[derive(Debug, Default)]
pub(crate) struct LiveGate {
    open: Mutex<HashMap<Option<IpAddr>, usize>>,
}

/// One admitted stream: its place is given back when it is dropped.
pub(crate) struct LivePass {
    gate: Arc<LiveGate>,
    address: Option<IpAddr>,
}

impl LiveGate {
    /// A place for a stream from `address`, or `None` when `total` streams
    /// are open or `per_address` from that address.
    pub(crate) fn admit(
        self: &Arc<Self>,
        address: Option<IpAddr>,
        total: usize,
        per_address: usize,
    ) -> Option<LivePass> {
        let mut open = self.open.lock().ok()?;
        let all: usize = open.values().sum();
        let mine = open.get(&address).copied().unwrap_or(0);
        if all >= total || mine >= per_address {
            return None;
        }
        open.insert(address, mine + 1);
        Some(LivePass {
            gate: self.clone(),
            address,
        })
    }
}

impl Drop for LivePass {
    fn drop(&mut self) {
        if let Ok(mut open) = self.gate.open.lock()
            && let Some(count) = open.get_mut(&self.address)
        {
            *count -= 1;
            if *count == 0 {
                open.remove(&self.address);
            }
        }
    }
}

/// The stamp of `watched`, or [`StoreError::NotFound`] when it does not exist.
async fn first_version(site: &Site, watched: Watched) -> StoreResult<Version> {
    let mut tx = site.db.read().await?;
    let version = match watched {
        Watched::Event(id) => {
            tx.event(id).await?;
            tx.event_version(id).await?
        }
        Watched::Game(id) => match tx.game_version(id).await? {
            version if version == Version::default() => {
                return Err(StoreError::NotFound {
                    what: "game",
                    id: id.0,
                });
            }
            version => version,
        },
    };
    tx.commit().await?;
    Ok(version)
}

struct Watch {
    _pass: LivePass,
    site: Arc<Site>,
    watched: Watched,
    last: Version,
    commits: Option<watch::Receiver<u64>>,
    until: Instant,
}

impl Watch {
    /// Waits for this process's next commit or the next poll, whichever first.
    async fn tick(&mut self) {
        let poll = tokio::time::sleep(self.site.limits.poll);
        match &mut self.commits {
            Some(commits) => tokio::select! {
                changed = commits.changed() => if changed.is_err() { self.commits = None },
                () = poll => {}
            },
            None => poll.await,
        }
    }

    /// The next change, or `None` when the stream's time is up.
    async fn next(mut self) -> Option<(Result<SseEvent, Infallible>, Self)> {
        loop {
            if Instant::now() >= self.until {
                return None;
            }
            self.tick().await;
            let Ok(now) = version(&self.site, self.watched).await else {
                continue; // the database is busy: try on the next tick
            };
            if now != self.last {
                self.last = now;
                let [a, b, c] = now.0;
                let event = SseEvent::default()
                    .event("change")
                    .data(format!("{a}.{b}.{c}"));
                return Some((Ok(event), self));
            }
        }
    }
}

/// The SSE response for `watched`, holding `pass` while it is open.
pub(crate) async fn stream(
    site: Arc<Site>,
    watched: Watched,
    pass: LivePass,
) -> StoreResult<Sse<impl Stream<Item = Result<SseEvent, Infallible>>>> {
    let last = first_version(&site, watched).await?;
    let watch = Watch {
        _pass: pass,
        commits: Some(site.db.wakers().commits.subscribe()),
        until: Instant::now() + site.limits.live_for,
        site,
        watched,
        last,
    };
    // A first comment at once: the response's head goes out with it
    // (hyper holds the head until the body's first bytes).
    let hello = SseEvent::default()
        .comment("live")
        .retry(std::time::Duration::from_secs(3));
    let events = futures_util::stream::once(std::future::ready(Ok(hello)))
        .chain(futures_util::stream::unfold(watch, Watch::next));
    Ok(Sse::new(events).keep_alive(KeepAlive::default()))
}
