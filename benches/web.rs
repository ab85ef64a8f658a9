//! The public web site: the time to build an event page afresh (no page
//! cache) for a 30-player round robin (435 games, each with a few moves,
//! some finished) on SQLite — the read transaction, the standings with
//! tie-breaks and the HTML.
//!
//! Run briefly: `cargo bench --bench web -- --warm-up-time 1 --measurement-time 5`.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use chrono::{TimeZone, Utc};
use corrbot::app::actor::{Chat, Inbound};
use corrbot::app::i18n::Lang;
use corrbot::app::service::{App, AppConfig};
use corrbot::render::RenderCache;
use corrbot::store::{Db, DbOptions, EventId, Platform};
use corrbot::time::{Clock, SimClock};
use corrbot::web::{Limits, Site};
use criterion::{Criterion, criterion_group, criterion_main};
use tokio::runtime::Runtime;

/// Entrants: 30 · 29 / 2 = 435 games.
const PLAYERS: usize = 30;

static UPDATE: AtomicU64 = AtomicU64::new(0);

async fn say(app: &App, user: &str, text: &str) {
    let inbound = Inbound {
        platform: Platform::Console,
        update_id: format!("bench-{}", UPDATE.fetch_add(1, Ordering::Relaxed)),
        user_id: user.to_owned(),
        display_name: user.to_owned(),
        handle: Some(user.to_owned()),
        chat: Chat::Private,
        text: text.to_owned(),
        reply_to: None,
        client_lang: None,
    };
    app.handle(&inbound).await.unwrap();
}

async fn setup(path: &std::path::Path) -> Arc<Site> {
    let db = Db::open(
        &format!("sqlite://{}", path.display()),
        &DbOptions::default(),
    )
    .await
    .unwrap();
    let start = Utc.with_ymd_and_hms(2026, 1, 5, 9, 0, 0).unwrap();
    let clock: Arc<dyn Clock> = Arc::new(SimClock::new(start));
    let app = App::new(
        db.clone(),
        clock.clone(),
        AppConfig::with_admins("console:p0"),
    );
    say(&app, "p0", "/event create Web Bench").await;
    for player in 0..PLAYERS {
        say(&app, &format!("p{player}"), "/event join 1").await;
    }
    say(&app, "p0", "/event start 1").await;
    let mut tx = db.read().await.unwrap();
    let games = tx.games_of_event(EventId(1)).await.unwrap();
    let mut named = Vec::new();
    for game in &games {
        let white = tx.player(game.white).await.unwrap().display_name;
        let black = tx.player(game.black).await.unwrap().display_name;
        named.push((game.id.0, white, black));
    }
    tx.commit().await.unwrap();
    for (n, (game, white, black)) in named.iter().enumerate() {
        for (mover, text) in [(white, "e2-e4"), (black, "e7-e5"), (white, "Кg1-f3")] {
            say(&app, mover, &format!("/move #{game} {text}")).await;
        }
        if n % 3 == 0 {
            say(&app, black, &format!("/resign #{game} confirm")).await;
        }
    }
    Site::new(db, clock, Arc::new(RenderCache::new(16)), Limits::default())
}

fn web_benches(c: &mut Criterion) {
    let runtime = Runtime::new().unwrap();
    let path = std::env::temp_dir().join(format!("corrbot_bench_web_{}.db", std::process::id()));
    let site = runtime.block_on(setup(&path));
    let page = runtime
        .block_on(site.render_event_page(EventId(1), Lang::En))
        .unwrap();
    assert!(
        page.contains("crosstable") && page.len() > 50_000,
        "{}",
        page.len()
    );
    let mut group = c.benchmark_group("web");
    group.bench_function("event_page_30_players", |b| {
        b.iter(|| {
            runtime
                .block_on(site.render_event_page(EventId(1), Lang::Uk))
                .unwrap()
        })
    });
    group.finish();
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
    }
}

criterion_group!(benches, web_benches);
criterion_main!(benches);
