//! Live pages: a Server-Sent Events stream per open event or game page that
//! sends `change` whenever the version stamp of the page's data changes.
//! This process's commits wake the stream at once; a change committed by
//! another process on the same database is found by polling the stamp (one
//! indexed query) every [`super::Limits::poll`].
//!
//! A game in play under its event's `public-delay=N` (ICCF's delayed
//! public games, see [`crate::app::view::public_delay`]) changes for its
//! stream only when the moves the public sees change or the game ends: a
//! held-back move sends nothing, so the stream does not tell when it was
//! made. The event's stream counts its delayed games the same way.
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

use crate::core::regulation::public_plies;
use crate::store::{
    Event, EventId, GameId, GameRecord, GameStatus, StoreError, StoreResult, Tx, Version,
};

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

/// The stamp the public sees of `watched`, given its `raw` stamp: the raw
/// stamp, except that a game in play under a public delay counts only the
/// moves shown ([`public_game_stamp`]).
async fn public_version(tx: &mut Tx, watched: Watched, raw: Version) -> StoreResult<Version> {
    match watched {
        Watched::Game(id) => {
            if raw == Version::default() {
                return Ok(raw);
            }
            let game = tx.game(id).await?;
            let event = tx.event(game.event_id).await?;
            let delay = delay_of(tx, &event).await?;
            Ok(public_game_stamp(&game, delay).map_or(raw, |[a, b]| Version([a, b, -1])))
        }
        Watched::Event(id) => {
            let event = tx.event(id).await?;
            let delay = delay_of(tx, &event).await?;
            if delay == 0 {
                return Ok(raw);
            }
            let games = tx.games_of_event(id).await?;
            let [count, _, entries] = raw.0;
            Ok(Version([count, games_stamp(&games, delay), entries]))
        }
    }
}

/// The event's public delay in moves (R: `public-delay=N`).
async fn delay_of(tx: &mut Tx, event: &Event) -> StoreResult<u32> {
    let rated = tx.event_rated(event.id).await?;
    Ok(event.regulation.public_delay(rated))
}

/// What the public sees of a game in play under `delay` moves of delay —
/// its id and how many plies are shown — or `None` when the public sees
/// it whole (no delay, or the game is over).
fn public_game_stamp(game: &GameRecord, delay: u32) -> Option<[i64; 2]> {
    if delay == 0 || game.status == GameStatus::Finished {
        return None;
    }
    let plies = usize::try_from(game.ply).unwrap_or(0);
    let shown = public_plies(plies, delay, true);
    Some([game.id.0, i64::try_from(shown).unwrap_or(i64::MAX)])
}

/// One number for the games of a delayed event: each game's version when
/// the public sees it whole, else its shown plies.
fn games_stamp(games: &[GameRecord], delay: u32) -> i64 {
    use std::hash::{Hash, Hasher};
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    for game in games {
        match public_game_stamp(game, delay) {
            Some(stamp) => (0u8, stamp).hash(&mut hasher),
            None => (
                1u8,
                game.id.0,
                game.version,
                game.status == GameStatus::Finished,
            )
                .hash(&mut hasher),
        }
    }
    i64::from_ne_bytes(hasher.finish().to_ne_bytes())
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

/// The raw and public stamps of `watched`, or [`StoreError::NotFound`]
/// when it does not exist.
async fn first_version(site: &Site, watched: Watched) -> StoreResult<(Version, Version)> {
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
    let public = public_version(&mut tx, watched, version).await?;
    tx.commit().await?;
    Ok((version, public))
}

/// The public stamp of `watched` now, given the raw stamp seen last and
/// the public stamp then: the database is asked again only when the raw
/// stamp moved.
async fn public_now(
    site: &Site,
    watched: Watched,
    (raw, public): (Version, Version),
) -> StoreResult<(Version, Version)> {
    let now = version(site, watched).await?;
    if now == raw {
        return Ok((raw, public));
    }
    let mut tx = site.db.read().await?;
    let shown = public_version(&mut tx, watched, now).await?;
    tx.commit().await?;
    Ok((now, shown))
}

struct Watch {
    _pass: LivePass,
    site: Arc<Site>,
    watched: Watched,
    /// The raw stamp seen last and the public stamp sent last.
    last: (Version, Version),
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
            let Ok(now) = public_now(&self.site, self.watched, self.last).await else {
                continue; // the database is busy: try on the next tick
            };
            let changed = now.1 != self.last.1;
            self.last = now;
            if changed {
                let [a, b, c] = now.1.0;
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
