//! Issue 20: the gaps between the rules and the bot, one test per rule ID.
//! Each test runs on SQLite and, with TEST_DATABASE_URL, on PostgreSQL.

use chrono::Duration;
use corrbot::time::Clock;

use crate::support::db::{TestDb, on_both};
use crate::support::world::World;

on_both!(
    r3_1_6_a_result_reaches_each_arbiter_privately_without_a_channel,
    r3_5_7_a_loss_on_time_reaches_each_arbiter_privately,
    r2_1_3_every_message_of_a_game_is_in_the_audit_export,
    r3_1_1_moves_count_only_through_the_bot,
    r2_7_1_a_postal_leave_refusal_cites_the_postal_rule,
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

/// R2.1.3: every message of a game the bot carried is kept and exported
/// for the arbiter: the move notices between the players and the result
/// are in the game's `messages` of the audit export, in order; another
/// game's are not.
async fn r2_1_3_every_message_of_a_game_is_in_the_audit_export(t: &TestDb) {
    let mut w = World::new(&t.db);
    w.event("Cup", &["bob", "carol"]).await;
    w.event("Open", &["dan", "eve"]).await;
    w.say("@bob: e2-e4").await;
    w.say("@carol: e7-e5").await;
    w.say("@bob: /resign 1 confirm").await;
    w.say("@dan: d2-d4").await;
    let audit = corrbot::export::event_audit(&t.db, corrbot::store::EventId(1), w.clock.now())
        .await
        .unwrap();
    let game = audit.games.iter().find(|g| g.game.id.0 == 1).unwrap();
    let kinds: Vec<&str> = game.messages.iter().map(|m| m.kind.as_str()).collect();
    assert!(
        kinds.iter().filter(|k| **k == "move_made").count() >= 2,
        "{kinds:?}"
    );
    assert!(kinds.contains(&"game_over"), "{kinds:?}");
    assert!(
        game.messages.windows(2).all(|w| w[0].at <= w[1].at),
        "in order"
    );
    let other = corrbot::export::event_audit(&t.db, corrbot::store::EventId(2), w.clock.now())
        .await
        .unwrap();
    let other = &other.games[0].messages;
    assert!(other.iter().any(|m| m.kind == "move_made"), "{other:?}");
    assert!(other.iter().all(|m| m.payload["game"] != 1), "{other:?}");
}

/// R3.1.1: under server rules moves count only through the bot: a move
/// entered as made elsewhere (a card by post) is refused and changes
/// nothing; the same move through the bot is played.
async fn r3_1_1_moves_count_only_through_the_bot(t: &TestDb) {
    let mut w = World::new(&t.db);
    w.event("Cup", &["bob", "carol"]).await;
    let before = w.game(1).await;
    let out = w
        .say("@bob: /card 1 e2-e4 written=2026-01-05 postmark=2026-01-05")
        .await;
    assert!(out[0].contains("not in a postal event"), "{out:?}");
    assert_eq!(w.game(1).await, before);
    let out = w.say("@bob: e2-e4").await;
    assert!(w.game(1).await != before, "{out:?}");
}

/// R2.7.1: a postal leave over the yearly allowance is refused citing the
/// postal rule, not the server's R3.6.1.
async fn r2_7_1_a_postal_leave_refusal_cites_the_postal_rule(t: &TestDb) {
    let mut w = World::new(&t.db);
    w.english(&["alice", "bob", "carol"]).await;
    w.started_event("rules=postal leave=10", &["bob", "carol"])
        .await;
    let out = w.say("@carol: /leave add 2026-02-01 11").await;
    assert!(out[0].contains("(R2.7.1)"), "{out:?}");
    assert!(!out[0].contains("R3.6.1"), "{out:?}");
}
