//! Issue 20: the gaps between the rules and the bot, one test per rule ID.
//! Each test runs on SQLite and, with TEST_DATABASE_URL, on PostgreSQL.

use chrono::Duration;

use crate::support::db::{TestDb, on_both};
use crate::support::world::World;

on_both!(
    r3_1_6_a_result_reaches_each_arbiter_privately_without_a_channel,
    r3_5_7_a_loss_on_time_reaches_each_arbiter_privately,
);

/// R3.1.6: a mate is recorded and the arbiter told; with no arbiters'
/// channel, each arbiter privately (alice, who created the event).
async fn r3_1_6_a_result_reaches_each_arbiter_privately_without_a_channel(t: &TestDb) {
    let mut w = World::new(&t.db);
    w.event("Cup", &["bob", "carol"]).await;
    for line in ["@bob: f2-f3", "@carol: e7-e5", "@bob: g2-g4"] {
        w.say(line).await;
    }
    let out = w.say("@carol: Фd8-h4").await;
    assert!(
        out.iter()
            .any(|l| l.starts_with("-> @alice: Game #1 is over")),
        "{out:?}"
    );
    assert_eq!(
        out.iter().filter(|l| l.starts_with("-> @alice:")).count(),
        1,
        "{out:?}"
    );
}

/// R3.5.7: a loss on time reaches both players and each arbiter.
async fn r3_5_7_a_loss_on_time_reaches_each_arbiter_privately(t: &TestDb) {
    let mut w = World::new(&t.db);
    w.event("Cup", &["bob", "carol"]).await;
    w.clock.advance(Duration::days(60));
    let out = w.console.tick().await.unwrap();
    for who in ["bob", "carol", "alice"] {
        assert!(
            out.iter()
                .any(|l| l.starts_with(&format!("-> @{who}: Game #1 is over"))),
            "{who}: {out:?}"
        );
    }
}
