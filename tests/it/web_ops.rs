//! `GET /healthz` and `GET /metrics` on the operator's listener (issue #24), on
//! SQLite and PostgreSQL: health says which part is down (503), metrics
//! carry the process's counters and the backlog read from the database.

use std::sync::Arc;

use axum::Extension;
use chrono::TimeDelta;
use corrbot::ops::Connections;
use corrbot::render::RenderCache;
use corrbot::store::{Db, NoticeRecipient};
use corrbot::time::Clock;
use corrbot::web::{Limits, Site, ops_router, serve_on};
use tokio::sync::oneshot;

use crate::support::db::{TestDb, on_both};
use crate::support::web::get;
use crate::support::world::World;

/// Serves the site with its own adapter state; stops when dropped.
async fn serve_with(
    db: &Db,
    clock: Arc<dyn Clock>,
    connections: &Connections,
) -> (std::net::SocketAddr, oneshot::Sender<()>) {
    let limits = Limits::default();
    let site = Site::new(db.clone(), clock, Arc::new(RenderCache::new(8)), limits);
    let routes = ops_router(site).layer(Extension(connections.clone()));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let (stop, stopped) = oneshot::channel::<()>();
    tokio::spawn(serve_on(listener, routes, limits, async move {
        let _ = stopped.await;
    }));
    (addr, stop)
}

/// The value of the sample `name` (no labels) in Prometheus text.
fn sample(text: &str, name: &str) -> f64 {
    text.lines()
        .find_map(|line| line.strip_prefix(&format!("{name} ")))
        .unwrap_or_else(|| panic!("{name} missing: {text}"))
        .trim()
        .parse()
        .unwrap()
}

async fn health_says_which_part_is_down(test_db: &TestDb) {
    let world = World::new(&test_db.db);
    let connections = Connections::default();
    let (addr, _stop) = serve_with(&test_db.db, world.clock.clone(), &connections).await;

    let up = get(addr, "/healthz", &[]).await;
    assert_eq!(up.status, 200, "{}", up.text());
    assert_eq!(up.header("content-type"), Some("application/json"));
    let body: serde_json::Value = serde_json::from_slice(&up.body).unwrap();
    assert_eq!(body["status"], "ok");
    assert_eq!(body["database"], "ok");

    connections.set("telegram", true);
    connections.set("discord", false);
    let down = get(addr, "/healthz", &[]).await;
    assert_eq!(down.status, 503);
    let body: serde_json::Value = serde_json::from_slice(&down.body).unwrap();
    assert_eq!(body["adapters"]["telegram"], "connected");
    assert_eq!(body["adapters"]["discord"], "disconnected");

    connections.set("discord", true);
    assert_eq!(get(addr, "/healthz", &[]).await.status, 200);

    test_db.db.close().await;
    let gone = get(addr, "/healthz", &[]).await;
    assert_eq!(gone.status, 503);
    let body: serde_json::Value = serde_json::from_slice(&gone.body).unwrap();
    assert_eq!(body["database"], "unreachable");
}

async fn metrics_count_commands_and_read_the_backlog(test_db: &TestDb) {
    let mut world = World::new(&test_db.db);
    world.event("Cup", &["bob", "carol"]).await;
    world.move_as("bob", 1, "e4").await;
    world.say("@bob: /nonsense").await;
    let mut tx = test_db.db.begin().await.unwrap();
    let payload = serde_json::json!({});
    let at = world.clock.now();
    tx.enqueue_notice(&NoticeRecipient::Administrator, "probe", &payload, at)
        .await
        .unwrap();
    tx.commit().await.unwrap();
    world.clock.advance(TimeDelta::seconds(90));
    let (addr, _stop) = serve_with(&test_db.db, world.clock.clone(), &Connections::default()).await;

    let reply = get(addr, "/metrics", &[]).await;
    assert_eq!(reply.status, 200);
    let kind = reply.header("content-type").unwrap();
    assert!(kind.starts_with("text/plain; version=0.0.4"), "{kind}");
    let text = reply.text();
    for counter in [
        "corrbot_commands_total{kind=\"move\"}",
        "corrbot_commands_total{kind=\"event\"}",
        "corrbot_refusals_total{kind=\"unknown\"}",
        "corrbot_moves_total",
        "corrbot_notices_sent_total",
    ] {
        assert!(text.contains(counter), "{counter} missing: {text}");
    }
    assert_eq!(sample(&text, "corrbot_notices_pending"), 1.0);
    assert_eq!(sample(&text, "corrbot_notices_parked"), 0.0);
    assert_eq!(sample(&text, "corrbot_outbox_lag_seconds"), 90.0);
    assert_eq!(sample(&text, "corrbot_deadlines_due"), 0.0);
    assert_eq!(sample(&text, "corrbot_database_up"), 1.0);

    // Sixty days later the game's deadlines are due (nobody ran the scheduler).
    world.clock.advance(TimeDelta::days(60));
    let text = get(addr, "/metrics", &[]).await.text();
    assert!(sample(&text, "corrbot_deadlines_due") >= 1.0, "{text}");
    let lag = 90.0 + 60.0 * 86_400.0;
    assert_eq!(sample(&text, "corrbot_outbox_lag_seconds"), lag);
}

on_both!(
    health_says_which_part_is_down,
    metrics_count_commands_and_read_the_backlog,
);
