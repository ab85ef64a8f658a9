//! Live pages: a Server-Sent Events stream per open event or game page that
//! sends `change` whenever the version stamp of the page's data changes.
//! This process's commits wake the stream at once; a change committed by
//! another process on the same database is found by polling the stamp (one
//! indexed query) every [`super::Limits::poll`].

use std::convert::Infallible;
use std::sync::Arc;

use axum::response::sse::{Event as SseEvent, KeepAlive, Sse};
use futures_util::{Stream, StreamExt};
use tokio::sync::watch;
use tokio::time::Instant;

use crate::store::{EventId, GameId, StoreResult, Version};

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

struct Watch {
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

/// The SSE response for `watched`.
pub(crate) async fn stream(
    site: Arc<Site>,
    watched: Watched,
) -> StoreResult<Sse<impl Stream<Item = Result<SseEvent, Infallible>>>> {
    let last = version(&site, watched).await?;
    let watch = Watch {
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
