//! No private value on any page: a crawl of every page of a populated
//! database (both languages, both notations, every ply, every player),
//! checking that no contact detail, case file, leave reason, platform id,
//! request or answer between people appears.

use std::collections::{BTreeSet, VecDeque};
use std::sync::Arc;

use corrbot::time::Clock;

use crate::support::db::{TestDb, on_both};
use crate::support::web::{SECRETS, get, populate, serve};
use crate::support::world::World;

/// The site's own links in a page (`href="/…"` and `src="/…"`).
fn links(html: &str) -> Vec<String> {
    let mut out = Vec::new();
    for marker in ["href=\"/", "src=\"/"] {
        let mut rest = html;
        while let Some(at) = rest.find(marker) {
            let start = at + marker.len() - 1;
            let end = rest[start..].find('"').map_or(rest.len(), |e| start + e);
            out.push(rest[start..end].replace("&amp;", "&"));
            rest = &rest[end..];
        }
    }
    out
}

async fn no_private_value_is_on_any_page(test_db: &TestDb) {
    let mut world = World::new(&test_db.db);
    populate(&mut world).await;
    let clock: Arc<dyn Clock> = world.clock.clone();
    let server = serve(&test_db.db, clock).await;
    let mut seen = BTreeSet::new();
    let mut queue: VecDeque<String> = ["/", "/?lang=en", "/?lang=uk"].map(str::to_owned).into();
    while let Some(path) = queue.pop_front() {
        if !seen.insert(path.clone()) {
            continue;
        }
        let reply = get(server.addr, &path, &[]).await;
        assert_eq!(reply.status, 200, "{path}");
        if path.contains("/board/") {
            continue; // an image
        }
        let text = reply.text();
        for secret in SECRETS {
            assert!(!text.contains(secret), "{secret} on {path}");
        }
        for link in links(&text) {
            if !seen.contains(&link) {
                queue.push_back(link);
            }
        }
        assert!(seen.len() < 2000, "the crawl does not end");
    }
    let pages = seen.len();
    assert!(pages > 30, "only {pages} pages crawled: {seen:?}");
    for must in [
        "/event/1",
        "/event/1/pgn",
        "/game/1/ply/1",
        "/player/4",
        "/game/2/pgn",
    ] {
        assert!(seen.contains(must), "{must} not reached: {seen:?}");
    }
}

on_both!(no_private_value_is_on_any_page);
