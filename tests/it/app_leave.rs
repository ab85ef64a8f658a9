//! Leave through the app (R3.6): registering within the yearly allowance and
//! in advance, cancelling and ending early; the clock stands during leave
//! (R3.5.5), no moves are possible during it (R3.6.2), the deadlines of the
//! pending move move exactly by the leave, and opponents are told.
//! Each test runs on SQLite and, with TEST_DATABASE_URL, on PostgreSQL.

use chrono::{DateTime, Duration, Utc};
use corrbot::store::{Deadline, GameId, LeaveStatus, PlayerId};

use crate::support::db::{TestDb, on_both};
use crate::support::world::{World, start};

on_both!(
    r3_6_reminders_and_flag_move_exactly_by_a_registered_leave,
    r3_6_cancelling_a_leave_before_it_starts_restores_the_deadlines,
    r3_6_2_no_moves_during_leave_and_the_clock_stands,
    r3_6_1_bad_leave_requests_are_refused_and_change_nothing,
    r3_6_1_next_years_leave_can_be_booked_all_this_year,
    r2_7_1_r3_6_1_a_leave_without_event_covers_postal_and_server_events,
    r3_6_dates_are_read_as_the_bot_shows_them,
);

fn due(deadlines: &[Deadline]) -> Vec<(String, DateTime<Utc>)> {
    deadlines
        .iter()
        .map(|d| (d.key.clone().unwrap_or_default(), d.due_at))
        .collect()
}

/// bob (White) and carol (Black) in event #1; bob plays 1. e2-e4 at the start.
async fn carol_to_move(w: &mut World) {
    w.event("Cup", &["bob", "carol"]).await;
    w.say("@bob: e2-e4").await;
}

async fn r3_6_reminders_and_flag_move_exactly_by_a_registered_leave(t: &TestDb) {
    let mut w = World::new(&t.db);
    carol_to_move(&mut w).await;
    let before = due(&w.deadlines(1).await);
    // Three reminders, the 35-day notice and the flag at 36 days (50 days
    // with doubling past 20, R3.5.3); the 40-day case falls after the game
    // is lost (R3.5.7), so it is not set.
    assert_eq!(before.len(), 5, "{before:?}");
    w.clock.advance(Duration::hours(1));
    let out = w.say("@carol: /leave add 2026-01-07 5 1").await;
    assert!(
        out[0].contains(
            "Leave #1 has been registered: from 07.01.2026 to 11.01.2026 inclusive (5\u{a0}days)"
        ),
        "{out:?}"
    );
    assert!(
        out.iter().any(
            |l| l.starts_with("-> @bob: carol is on leave in event \"Cup\" from 07.01.2026 to")
        ),
        "{out:?}"
    );
    let after = due(&w.deadlines(1).await);
    let shifted: Vec<_> = before
        .iter()
        .map(|(key, at)| (key.clone(), *at + Duration::days(5)))
        .collect();
    assert_eq!(after, shifted);
    // R3.3.1: the 14-day reminder comes 5 days later, with the loss on
    // time 36 days after the start plus the 5 days of leave (R3.5.5).
    w.clock.set(start() + Duration::days(14));
    assert!(w.console.tick().await.unwrap().is_empty());
    w.clock.set(start() + Duration::days(19));
    let out = w.console.tick().await.unwrap();
    assert_eq!(out.len(), 1, "{out:?}");
    assert!(out[0].starts_with("-> @carol: Reminder"), "{out:?}");
    assert!(
        out[0].contains("Move by 15.02.2026\u{a0}10:59 (Kyiv) at the latest"),
        "{out:?}"
    );
}

async fn r3_6_cancelling_a_leave_before_it_starts_restores_the_deadlines(t: &TestDb) {
    let mut w = World::new(&t.db);
    carol_to_move(&mut w).await;
    let before = due(&w.deadlines(1).await);
    w.say("@carol: /leave add 2026-01-10 10").await;
    assert_ne!(due(&w.deadlines(1).await), before);
    w.clock.advance(Duration::days(1));
    let out = w.say("@carol: /leave cancel 1").await;
    assert!(out[0].contains("Leave #1 has been cancelled"), "{out:?}");
    assert!(
        out.iter()
            .any(|l| l.starts_with("-> @bob: carol has cancelled the leave from 10.01.2026.")),
        "{out:?}"
    );
    assert_eq!(due(&w.deadlines(1).await), before);
    let mut tx = w.db.read().await.unwrap();
    let carol = tx.game(GameId(1)).await.unwrap().black;
    let leaves = tx
        .leaves_of(carol, start(), start() + Duration::days(400))
        .await
        .unwrap();
    assert_eq!(leaves[0].status, LeaveStatus::Cancelled);
    drop(tx);
    let out = w.say("@carol: /leave cancel 1").await;
    assert!(out[0].contains("no leave #1"), "{out:?}");
}

async fn r3_6_2_no_moves_during_leave_and_the_clock_stands(t: &TestDb) {
    let mut w = World::new(&t.db);
    carol_to_move(&mut w).await;
    w.say("@carol: /leave add 2026-01-07 5").await;
    // 2026-01-08 09:00: inside the leave.
    w.clock.set(start() + Duration::days(3));
    let before = w.game(1).await;
    let out = w.say("@carol: e7-e5").await;
    assert_eq!(out.len(), 1, "{out:?}");
    assert!(
        out[0].contains("on leave until 12.01.2026\u{a0}00:00 (Kyiv)"),
        "{out:?}"
    );
    assert_eq!(w.game(1).await, before);
    // 1 day 15 hours of thinking before the leave began: 1 day used.
    let out = w.say("@carol: /time").await;
    assert!(
        out[0].contains("Black used 1\u{a0}day, 49\u{a0}days left"),
        "{out:?}"
    );
    let out = w.say("@carol: /leave").await;
    assert!(
        out[0].contains("#1: 07.01.2026 to 11.01.2026 inclusive in all events, running"),
        "{out:?}"
    );
    assert!(
        out[0].contains("40\u{a0}days of leave left in 2026"),
        "{out:?}"
    );
    let out = w.say("@carol: /leave cancel 1").await;
    assert!(out[0].contains("Leave #1 has ended now"), "{out:?}");
    assert!(
        out.iter()
            .any(|l| l.starts_with("-> @bob: carol has ended the leave")),
        "{out:?}"
    );
    let out = w.say("@carol: e7-e5").await;
    assert!(out[0].contains("you played 1... e7-e5"), "{out:?}");
    let mut tx = w.db.read().await.unwrap();
    assert_eq!(tx.moves(GameId(1)).await.unwrap()[1].charged_days, 1);
    drop(tx);
    w.clock.advance(Duration::days(1));
    let out = w.say("@carol: /leave cancel 1").await;
    assert!(out[0].contains("already over"), "{out:?}");
}

async fn leave_count(w: &World, player: PlayerId) -> usize {
    let mut tx = w.db.read().await.unwrap();
    tx.leaves_of(
        player,
        start() - Duration::days(1),
        start() + Duration::days(800),
    )
    .await
    .unwrap()
    .len()
}

async fn r3_6_1_bad_leave_requests_are_refused_and_change_nothing(t: &TestDb) {
    let mut w = World::new(&t.db);
    carol_to_move(&mut w).await;
    let out = w.say("@carol: /leave add 2026-02-01 40").await;
    assert!(out[0].contains("Leave #1 has been registered"), "{out:?}");
    let carol = w.game(1).await.black;
    let game = w.game(1).await;
    let deadlines = due(&w.deadlines(1).await);
    let cases = [
        ("@carol: /leave add 2026-01-05 3", "registered in advance"),
        ("@carol: /leave add 2026-02-30 3", "is not a date"),
        ("@carol: /leave add 2026-04-01 x", "is not a number of days"),
        ("@carol: /leave add 2026-04-01 0", "is not a number of days"),
        (
            "@carol: /leave add 2026-04-01 6",
            "only 5\u{a0}days of leave left",
        ),
        (
            "@carol: /leave add 2026-02-10 2",
            "overlaps another period of your leave",
        ),
        (
            "@carol: /leave add 2026-04-01 3 9",
            "do not play in event #9",
        ),
        ("@carol: /leave add 2026-04-01 900", "at most 732\u{a0}days"),
        ("@carol: /leave cancel 7", "no leave #7"),
        ("@bob: /leave cancel 1", "no leave #1"),
        ("@alice: /leave add 2026-04-01 3", "play in no event"),
    ];
    for (line, expected) in cases {
        let out = w.say(line).await;
        assert_eq!(out.len(), 1, "{line}: {out:?}");
        assert!(out[0].contains(expected), "{line}: {out:?}");
    }
    assert_eq!(leave_count(&w, carol).await, 1);
    assert_eq!(w.game(1).await, game);
    assert_eq!(due(&w.deadlines(1).await), deadlines);
    // Five days are left in 2026; next year's allowance is whole again.
    let out = w.say("@carol: /leave add 2026-04-01 5").await;
    assert!(out[0].contains("Leave #2 has been registered"), "{out:?}");
    let out = w.say("@carol: /leave add 2027-01-04 45").await;
    assert!(out[0].contains("Leave #3 has been registered"), "{out:?}");
}

/// R3.6.1 counts leave per calendar year and asks only that it be registered
/// in advance: in January, a leave in February of next year can be booked;
/// the year after next cannot, and the refusal names the last possible day.
async fn r3_6_1_next_years_leave_can_be_booked_all_this_year(t: &TestDb) {
    let mut w = World::new(&t.db);
    carol_to_move(&mut w).await;
    let carol = w.game(1).await.black;
    let out = w.say("@carol: /leave add 2028-01-03 5").await;
    assert_eq!(out.len(), 1, "{out:?}");
    assert!(out[0].contains("end of next year"), "{out:?}");
    assert!(out[0].contains("no later than 31.12.2027"), "{out:?}");
    assert_eq!(leave_count(&w, carol).await, 0);
    let out = w.say("@carol: /leave add 2027-02-15 14").await;
    assert!(out[0].contains("Leave #1 has been registered"), "{out:?}");
    let out = w.say("@carol: /leave add 2027-12-31 1").await;
    assert!(out[0].contains("Leave #2 has been registered"), "{out:?}");
}

/// A player in a server event and a postal one who writes `/leave add` with
/// no event gets the leave in both kinds (R3.6.1 per event, R2.7.1 in all
/// postal games) and is told so; with an event number, only there.
async fn r2_7_1_r3_6_1_a_leave_without_event_covers_postal_and_server_events(t: &TestDb) {
    let mut w = World::new(&t.db);
    w.event("Cup", &["bob", "carol"]).await;
    w.event("Post rules=postal", &["bob", "carol"]).await;
    let bob = w.game(1).await.white;
    let out = w.say("@bob: /leave add 2026-02-01 10").await;
    let text = out.join("\n");
    assert!(text.contains("registered in both"), "{out:?}");
    assert!(text.contains("in all your postal games"), "{out:?}");
    assert!(text.contains("Leave #2 has been registered"), "{out:?}");
    let mut tx = w.db.read().await.unwrap();
    let leaves = tx
        .leaves_of(bob, start(), start() + Duration::days(800))
        .await
        .unwrap();
    drop(tx);
    let kinds: Vec<(bool, Option<i64>)> = leaves
        .iter()
        .map(|l| (l.postal, l.event_id.map(|e| e.0)))
        .collect();
    assert_eq!(kinds, vec![(true, None), (false, None)], "{leaves:?}");
    // Named, the server event alone gets it.
    let out = w.say("@bob: /leave add 2026-03-01 3 1").await;
    assert_eq!(
        out.iter().filter(|l| l.starts_with("-> @bob:")).count(),
        1,
        "{out:?}"
    );
    assert!(!out[0].contains("in both"), "{out:?}");
}

/// Player-2: a date typed as the bot shows it (`10.01.2026`), a day and a
/// month (`01.02`: the next such date) and ISO all read; the examples of a
/// refusal and of the help lie a week after today, never in the past.
async fn r3_6_dates_are_read_as_the_bot_shows_them(t: &TestDb) {
    let mut w = World::new(&t.db);
    carol_to_move(&mut w).await;
    let out = w.say("@carol: /leave add 10.01.2026 3").await;
    assert!(
        out[0].contains("Leave #1 has been registered: from 10.01.2026 to"),
        "{out:?}"
    );
    let out = w.say("@carol: /leave add 01.02 2").await;
    assert!(
        out[0].contains("Leave #2 has been registered: from 01.02.2026 to"),
        "{out:?}"
    );
    let out = w.say("@carol: /leave add 2026-03-01 2").await;
    assert!(out[0].contains("Leave #3 has been registered"), "{out:?}");
    let out = w.say("@carol: /leave add 31.02.2026 2").await;
    assert!(out[0].contains("is not a date"), "{out:?}");
    assert!(out[0].contains("/leave add 12.01.2026 14"), "{out:?}");
    let out = w.say("@carol: /help leave").await;
    assert!(out[0].contains("/leave add 12.01.2026 14"), "{out:?}");
}
