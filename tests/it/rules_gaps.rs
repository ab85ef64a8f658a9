//! Issue 20: the gaps between the rules and the bot, one test per rule ID.
//! Each test runs on SQLite and, with TEST_DATABASE_URL, on PostgreSQL.

use chrono::{Duration, NaiveDate, TimeZone, Utc};
use corrbot::store::{Db, LeaveRecord, NoticeRecipient, NoticeStatus, Platform, PlayerId};
use corrbot::time::Clock;

use crate::support::db::{TestDb, on_both};
use crate::support::world::World;

on_both!(
    r3_1_6_a_result_reaches_each_arbiter_privately_without_a_channel,
    r3_5_7_a_loss_on_time_reaches_each_arbiter_privately,
    r2_1_3_every_message_of_a_game_is_in_the_audit_export,
    r3_1_1_moves_count_only_through_the_bot,
    r2_7_1_a_postal_leave_refusal_cites_the_postal_rule,
    r2_7_1_one_postal_leave_in_all_postal_games,
    r2_7_1_a_shared_arbiters_channel_hears_of_the_leave_once,
    r2_7_1_a_postal_leave_is_no_leave_in_a_server_event,
    r2_7_3_the_leave_notice_is_repeated_with_the_last_move,
    r2_4_7_exempt_days_are_not_thinking_time,
    r2_2_1_a_card_without_registered_mail_draws_the_penalty,
    r2_3_7_a_variant_ending_in_mate_can_be_accepted,
    r2_6_4_the_objection_notice_shows_the_last_minute_that_counts,
    r2_4_1_the_postal_record_counts_penalty_days,
    r2_4_the_export_of_a_postal_event_uses_the_postal_clock,
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
    // Told once of the result; then, as the event's last game, of its end.
    let to_alice: Vec<&String> = out.iter().filter(|l| l.starts_with("-> @alice:")).collect();
    assert_eq!(to_alice.len(), 2, "{out:?}");
    assert!(to_alice[1].contains("\"Cup\" is over"), "{out:?}");
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
    assert!(out[0].contains("in all your postal games"), "{out:?}");
    assert!(!out[0].contains("R3.6.1"), "{out:?}");
}

/// Two postal events, both started: bob has White against carol in #1
/// (game #1) and against dan in #2 (game #2); alice, who created them, is
/// their arbiter. `settings` go to both.
async fn two_postal_events(w: &mut World, settings: &str) {
    w.english(&["alice", "bob", "carol", "dan"]).await;
    for (name, partner) in [("Cup", "carol"), ("Open", "dan")] {
        let out = w
            .say(&format!(
                "@alice: /event create {name} rules=postal {settings}"
            ))
            .await;
        assert!(out[0].contains("has been created"), "{out:?}");
        let number = if partner == "carol" { 1 } else { 2 };
        for user in ["bob", partner] {
            w.say(&format!("@{user}: /event join {number}")).await;
        }
        let out = w.say(&format!("@alice: /event start {number}")).await;
        assert!(out[0].contains("has started"), "{out:?}");
    }
}

async fn player_id(db: &Db, user: &str) -> PlayerId {
    let mut tx = db.read().await.unwrap();
    let account = tx.account(Platform::Console, user).await.unwrap();
    account.expect("registered").player_id
}

/// The player's stored leaves, cancelled ones included.
async fn leaves(db: &Db, who: PlayerId) -> Vec<LeaveRecord> {
    let mut tx = db.read().await.unwrap();
    let from = Utc.with_ymd_and_hms(2000, 1, 1, 0, 0, 0).unwrap();
    let to = Utc.with_ymd_and_hms(2100, 1, 1, 0, 0, 0).unwrap();
    tx.leaves_of(who, from, to).await.unwrap()
}

fn told(out: &[String], who: &str, text: &str) -> usize {
    out.iter()
        .filter(|l| l.starts_with(&format!("-> @{who}:")) && l.contains(text))
        .count()
}

/// R2.7.1: a postal leave is one leave in all the player's postal games:
/// stored once, listed once, announced once to each partner of each event
/// and once to the arbiter of both; cancelling the number the bot gave
/// cancels it everywhere and every partner and the arbiter hear of it.
async fn r2_7_1_one_postal_leave_in_all_postal_games(t: &TestDb) {
    let mut w = World::new(&t.db);
    two_postal_events(&mut w, "").await;
    let bob = player_id(&t.db, "bob").await;
    let out = w.say("@bob: /leave add 2026-02-01 10").await;
    assert!(
        out[0].contains("Leave #1 in all your postal games"),
        "{out:?}"
    );
    for who in ["carol", "dan", "alice"] {
        assert_eq!(
            told(&out, who, "is on leave in all postal games"),
            1,
            "{who}: {out:?}"
        );
    }
    let stored = leaves(&t.db, bob).await;
    assert_eq!(stored.len(), 1, "{stored:?}");
    assert!(
        stored[0].postal && stored[0].event_id.is_none(),
        "{stored:?}"
    );
    let out = w.say("@bob: /leave list").await;
    let lines: Vec<&str> = out[0].lines().filter(|l| l.starts_with('#')).collect();
    assert_eq!(lines.len(), 1, "{out:?}");
    assert!(lines[0].contains("in all postal games"), "{out:?}");
    // Both games count it: a second leave over the 45 days is refused
    // citing R2.7.1.
    let out = w.say("@bob: /leave add 2026-03-01 40").await;
    assert!(
        out[0].contains("in all your postal games") && !out[0].contains("R3.6"),
        "{out:?}"
    );
    let out = w.say("@bob: /leave cancel 1").await;
    assert!(out[0].contains("Leave #1 has been cancelled"), "{out:?}");
    for who in ["carol", "dan", "alice"] {
        assert_eq!(
            told(&out, who, "cancelled the leave from 01.02.2026"),
            1,
            "{who}: {out:?}"
        );
    }
    let stored = leaves(&t.db, bob).await;
    assert!(
        stored
            .iter()
            .all(|l| l.status == corrbot::store::LeaveStatus::Cancelled),
        "{stored:?}"
    );
    let out = w.say("@bob: /leave add 2026-03-01 40").await;
    assert!(
        out[0].contains("Leave #2 in all your postal games"),
        "{out:?}"
    );
    // Ended early on its 3rd day: the partners hear that the days count
    // again from that day.
    w.clock.advance(Duration::days(57));
    let out = w.say("@bob: /leave cancel 2").await;
    assert!(
        out[0].contains("has ended: from today, 03.03.2026"),
        "{out:?}"
    );
    assert_eq!(
        told(&out, "dan", "ended the leave from 01.03.2026"),
        1,
        "{out:?}"
    );
}

/// R2.7.1, R2.7.2: events sharing one arbiters' channel: the channel hears
/// of the leave once, and of its cancellation once.
async fn r2_7_1_a_shared_arbiters_channel_hears_of_the_leave_once(t: &TestDb) {
    let mut w = World::new(&t.db);
    two_postal_events(&mut w, "arbiter-channel=telegram:-100").await;
    w.say("@bob: /leave add 2026-02-01 10").await;
    w.say("@bob: /leave cancel 1").await;
    let mut tx = t.db.read().await.unwrap();
    let mut queued = Vec::new();
    for status in [
        NoticeStatus::Pending,
        NoticeStatus::Delivered,
        NoticeStatus::Parked,
    ] {
        queued.extend(tx.notices_with_status(status).await.unwrap());
    }
    let in_channel = |kind: &str| {
        queued
            .iter()
            .filter(|n| n.kind == kind && matches!(n.recipient, NoticeRecipient::Chat { .. }))
            .count()
    };
    assert_eq!(in_channel("postal_leave"), 1, "{queued:?}");
    assert_eq!(in_channel("postal_leave_cancelled"), 1, "{queued:?}");
}

/// R2.7.1 against R3.6.1: a postal leave covers postal games only; the
/// server event's game keeps its clock.
async fn r2_7_1_a_postal_leave_is_no_leave_in_a_server_event(t: &TestDb) {
    let mut w = World::new(&t.db);
    two_postal_events(&mut w, "").await;
    w.event("Blitz", &["bob", "eve"]).await;
    // Named by a postal event, the leave is a postal one alone (without an
    // event it would cover both kinds).
    let out = w.say("@bob: /leave add 2026-01-06 10 1").await;
    assert!(out[0].contains("in all your postal games"), "{out:?}");
    assert_eq!(told(&out, "eve", "leave"), 0, "{out:?}");
    w.clock.advance(Duration::days(2));
    // On leave under the server rules he could not move (R3.6.2).
    let out = w.say("@bob: /move 3 e2-e4").await;
    assert!(!out[0].contains("on leave"), "{out:?}");
}

/// R2.7.3: the partner has not answered bob's move when his leave starts:
/// the leave notice is repeated to them with that move; a partner who
/// answered hears nothing more.
async fn r2_7_3_the_leave_notice_is_repeated_with_the_last_move(t: &TestDb) {
    let mut w = World::new(&t.db);
    two_postal_events(&mut w, "").await;
    w.say("@bob: /move 1 e2-e4").await;
    w.say("@bob: /move 2 d2-d4").await;
    w.say("@dan: /move 2 d7-d5").await;
    let out = w.say("@bob: /leave add 2026-01-20 10").await;
    assert_eq!(told(&out, "carol", "is on leave"), 1, "{out:?}");
    // The leave starts at midnight in Kyiv (22:00 UTC the day before); the
    // first tick after it fires the repetition.
    w.clock.advance(Duration::days(15));
    let out = w.console.tick().await.unwrap();
    assert_eq!(
        told(
            &out,
            "carol",
            "The leave notice is repeated with the last move"
        ),
        1,
        "{out:?}"
    );
    assert!(told(&out, "carol", "1. e2-e4") == 1, "{out:?}");
    assert_eq!(told(&out, "dan", "R2.7.3"), 0, "{out:?}");
}

/// R2.4.7: days of a card's reply spent asking about the partner's
/// impossible move are not thinking time, at most 3; 4 is refused.
async fn r2_4_7_exempt_days_are_not_thinking_time(t: &TestDb) {
    let mut w = World::new(&t.db);
    w.english(&["alice", "bob", "carol"]).await;
    w.started_event("rules=postal", &["bob", "carol"]).await;
    w.say("@bob: /card 1 e2-e4 written=2026-01-05 postmark=2026-01-05")
        .await;
    w.say("@carol: /card 1 received=2026-01-08").await;
    let out = w
        .say("@carol: /card 1 e7-e5 repeat=e2-e4 written=2026-01-14 exempt=4")
        .await;
    assert!(out[0].contains("exempt 0 to 3\u{a0}days"), "{out:?}");
    let out = w
        .say("@carol: /card 1 e7-e5 repeat=e2-e4 written=2026-01-14 exempt=3")
        .await;
    let line = out[0]
        .lines()
        .find(|l| l.contains("e7-e5 from carol"))
        .unwrap();
    assert!(
        line.contains("; 3\u{a0}days (in total 3\u{a0}days)"),
        "{out:?}"
    );
    assert!(
        out[0].contains("not counted as thinking time: 3\u{a0}days"),
        "{out:?}"
    );
}

/// R2.2.1, R2.4.9: where the regulation requires registered mail, a card
/// without a receipt draws 5 penalty days; with one, none.
async fn r2_2_1_a_card_without_registered_mail_draws_the_penalty(t: &TestDb) {
    let mut w = World::new(&t.db);
    w.english(&["alice", "bob", "carol"]).await;
    w.started_event("rules=postal registered-mail=yes", &["bob", "carol"])
        .await;
    let out = w
        .say("@bob: /card 1 e2-e4 written=2026-01-05 postmark=2026-01-05")
        .await;
    assert!(out[0].contains("penalty"), "{out:?}");
    assert!(out[0].contains("White used 5\u{a0}days"), "{out:?}");
    let out = w.say("@bob: /card 1 receipt=2026-01-05").await;
    assert!(!out[0].contains("penalty"), "{out:?}");
    assert!(out[0].contains("White used 0\u{a0}days"), "{out:?}");
    let out = w
        .say("@alice: /event create Other rules=postal registered-mail=maybe")
        .await;
    assert!(out[0].contains("registered-mail=maybe"), "{out:?}");
}

/// R2.3.7: bob proposes a variant whose accepted moves mate (Fool's mate in
/// reverse: after carol's g7-g5 bob mates with Фd1-h5); carol repeats the
/// pair and adds nothing: the game ends in mate.
async fn r2_3_7_a_variant_ending_in_mate_can_be_accepted(t: &TestDb) {
    let mut w = World::new(&t.db);
    w.english(&["alice", "bob", "carol"]).await;
    w.started_event("rules=postal", &["bob", "carol"]).await;
    w.say("@bob: e2-e4").await;
    w.say("@carol: f7-f6").await;
    let out = w.say("@bob: d2-d4 ; g7-g5 Фd1-h5").await;
    assert!(!out[0].contains("Nothing was sent"), "{out:?}");
    let out = w.say("@carol: g7-g5 Фd1-h5").await;
    assert!(out.iter().any(|l| l.contains("Game #1 is over")), "{out:?}");
    let game = w.game(1).await;
    assert!(game.result.is_some(), "{game:?}");
}

/// R2.6.4: the claim notice names the last moment that still counts:
/// 23:59 of the 7th day in the event's zone.
async fn r2_6_4_the_objection_notice_shows_the_last_minute_that_counts(t: &TestDb) {
    let mut w = World::new(&t.db);
    w.english(&["alice", "bob", "carol"]).await;
    w.started_event("rules=postal control=10/2", &["bob", "carol"])
        .await;
    w.say("@bob: e2-e4").await;
    w.clock.advance(Duration::days(12));
    w.say("@carol: e7-e5").await;
    let out = w.say("@bob: /overstep 1 Кg1-f3").await;
    assert_eq!(
        told(
            &out,
            "carol",
            "objection until 24.01.2026\u{a0}23:59 (Kyiv)"
        ),
        1,
        "{out:?}"
    );
}

/// R2.4.1, R2.4.9: `/record` of a postal game counts the arbiter's penalty
/// days in the totals from when they were added.
async fn r2_4_1_the_postal_record_counts_penalty_days(t: &TestDb) {
    let mut w = World::new(&t.db);
    w.english(&["alice", "bob", "carol"]).await;
    w.started_event("rules=postal", &["bob", "carol"]).await;
    w.say("@bob: e2-e4").await;
    w.say("@carol: /ask #1 Please look at the game.").await;
    let out = w.say("@alice: /rule 1 penalty #1 @carol 5 -- late").await;
    assert!(!out[0].contains("Cannot"), "{out:?}");
    w.clock.advance(Duration::days(2));
    w.say("@carol: e7-e5").await;
    let out = w.say("@bob: /record 1").await;
    let text = &out[0];
    assert!(
        text.contains("added to the time of carol: 5\u{a0}days (in total 5\u{a0}days)"),
        "{text}"
    );
    assert!(
        text.contains("e7-e5\u{a0}— sent 07.01.2026, 2\u{a0}days (in total 7\u{a0}days)"),
        "{text}"
    );
}

/// R2.4 in the audit export: a postal game's moves carry their postal
/// dates and days, and the clocks are the postal clock's (whole dates, the
/// 50 days of R2.4.3), not the server's.
async fn r2_4_the_export_of_a_postal_event_uses_the_postal_clock(t: &TestDb) {
    let mut w = World::new(&t.db);
    w.english(&["alice", "bob", "carol"]).await;
    w.started_event("rules=postal", &["bob", "carol"]).await;
    w.say("@bob: e2-e4").await;
    w.clock.advance(Duration::days(3) + Duration::hours(20));
    w.say("@carol: e7-e5").await;
    let audit = corrbot::export::event_audit(&t.db, corrbot::store::EventId(1), w.clock.now())
        .await
        .unwrap();
    let moves = &audit.games[0].moves;
    let postal = moves[1].postal.expect("postal dates");
    let date = |s: &str| NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap();
    assert_eq!(postal.received, date("2026-01-05"));
    assert_eq!(postal.sent, date("2026-01-09"));
    assert_eq!(postal.days, 4);
    assert_eq!(moves[1].clocks.black.used, 4, "{:?}", moves[1].clocks);
}
