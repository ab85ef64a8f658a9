//! The arbiter's desk through the app, on SQLite and (with
//! TEST_DATABASE_URL) PostgreSQL: the appeal window's exact edges (R2.1.6),
//! penalty days that exhaust a clock (R3.5.7), a refused ruling that
//! changes nothing (R3.6.3), a case's file kept from outsiders, and the
//! windows to appeal (R2.1.6) and to answer (R3.4.3) that name a loss on
//! time coming first (R3.5.7).

use chrono::Duration;
use corrbot::store::{CaseId, CaseStatus, GameStatus, NoticeStatus};

use crate::support::db::{TestDb, on_both};
use crate::support::world::{World, start};

on_both!(
    r2_1_6_the_appeal_window_ends_with_day_14,
    r3_5_7_penalty_days_past_the_clock_lose_at_once,
    r3_6_3_a_ruling_over_the_limit_changes_nothing,
    a_case_file_is_kept_from_outsiders,
    an_unreadable_case_context_fails_loudly,
    r2_1_6_a_loss_on_time_before_the_appeal_window_ends_is_named_first,
    r2_1_6_an_appeal_window_that_ends_first_reads_as_before,
    r3_4_3_a_loss_on_time_before_the_answer_is_due_is_named_first,
    r3_4_3_a_request_names_the_last_minute_to_answer,
    r3_1_5_a_loss_on_time_before_the_return_is_due_is_named_first,
    r3_1_5_an_absence_far_from_a_loss_names_the_last_minute_to_return,
    r3_1_5_the_arbiter_reporting_an_absence_reads_the_loss_first,
);

/// The text of the first reply to `user`'s `text`.
async fn reply(w: &mut World, user: &str, text: &str) -> String {
    let replies = w.ask(user, text).await;
    replies.first().map(|r| r.text.clone()).unwrap_or_default()
}

/// Whether `user`'s `text` was refused.
async fn refused(w: &mut World, user: &str, text: &str) -> bool {
    let replies = w.ask(user, text).await;
    replies.first().is_some_and(|r| r.is_error())
}

async fn case_status(w: &World, case: i64) -> CaseStatus {
    let mut tx = w.db.read().await.unwrap();
    tx.case(CaseId(case)).await.unwrap().status
}

/// Every notice queued so far, delivered or not.
async fn notices(w: &World) -> usize {
    let mut tx = w.db.read().await.unwrap();
    let mut count = 0;
    for status in [NoticeStatus::Pending, NoticeStatus::Delivered] {
        count += tx.notices_with_status(status).await.unwrap().len();
    }
    count
}

/// Two rulings received at the same instant: an appeal at 23:59 of day 14
/// is in time, one at 00:00 of day 15 is refused with that date; days and
/// midnights in the event's zone (Europe/Kyiv by default, UTC+2 in
/// January, R3.5.6).
async fn r2_1_6_the_appeal_window_ends_with_day_14(t: &TestDb) {
    let mut w = World::new(&t.db);
    w.event("Cup", &["bob", "carol"]).await;
    reply(&mut w, "carol", "/ask #1 First question.").await;
    reply(&mut w, "carol", "/ask #1 Second question.").await;
    for case in [1, 2] {
        let ruled = reply(&mut w, "alice", &format!("/rule {case} none -- answered")).await;
        assert!(
            ruled.contains("until 19.01.2026\u{a0}23:59 (Kyiv)"),
            "{ruled}"
        );
    }
    let closes = start().date_naive() + chrono::Days::new(15);
    let closes = closes.and_hms_opt(0, 0, 0).unwrap().and_utc() - Duration::hours(2);
    w.clock.advance(closes - start() - Duration::minutes(1));
    assert!(!refused(&mut w, "carol", "/appeal 1 In time.").await);
    assert_eq!(case_status(&w, 1).await, CaseStatus::Appealed);
    w.clock.advance(Duration::minutes(1));
    let late = reply(&mut w, "carol", "/appeal 2 Too late.").await;
    assert!(
        late.contains("could be appealed until 19.01.2026\u{a0}23:59 (Kyiv) at the latest"),
        "{late}"
    );
    assert_eq!(case_status(&w, 2).await, CaseStatus::Ruled);
}

/// The delivered notice line addressed to `user` (`  -> @user: …` and the
/// lines after it), joined.
fn notice_to(out: &[String], user: &str) -> String {
    let head = format!("-> @{user}:");
    let Some(first) = out.iter().position(|line| line.contains(&head)) else {
        return String::new();
    };
    let rest = out[first + 1..]
        .iter()
        .take_while(|line| !line.contains("-> @"));
    std::iter::once(&out[first])
        .chain(rest)
        .cloned()
        .collect::<Vec<_>>()
        .join("\n")
}

/// carol, to move since 5 January 09:00 UTC, loses on time at 11:00 Kyiv
/// on 10 February (36 days on one move, R3.5.3); a ruling on 7 February
/// opens the 14-day appeal window (R2.1.6) to 21 February 23:59 (Kyiv).
async fn ruled_on_day_33(w: &mut World) -> Vec<String> {
    w.event("Cup", &["bob", "carol"]).await;
    w.say("@bob: e2-e4").await;
    w.clock.advance(Duration::days(33));
    w.console.tick().await.unwrap();
    reply(w, "carol", "/dispute 1 bob writes rudely.").await;
    w.console.tick().await.unwrap();
    w.say("@alice: /rule 1 warn @bob -- rude messages").await
}

/// R2.1.6, R3.5.7: carol, 3 days left on the move, reads the loss on time
/// first and the appeal's last minute after it; bob, not to move, reads
/// the appeal line as ever.
async fn r2_1_6_a_loss_on_time_before_the_appeal_window_ends_is_named_first(t: &TestDb) {
    let mut w = World::new(&t.db);
    let out = ruled_on_day_33(&mut w).await;
    let carol = notice_to(&out, "carol");
    assert!(
        carol.contains(
            "Game #1: your time runs out first: move by 10.02.2026\u{a0}10:59 (Kyiv) at the latest, \
             or the game is lost on time. That is sooner than 21.02.2026\u{a0}23:59 (Kyiv), \
             the last minute to appeal: /appeal 1 GROUNDS"
        ),
        "{out:#?}"
    );
    assert!(!carol.contains("A party may appeal"), "{carol}");
    let bob = notice_to(&out, "bob");
    assert!(
        bob.contains("The ruling may be appealed until 21.02.2026\u{a0}23:59 (Kyiv) at the latest: /appeal 1 GROUNDS"),
        "{out:#?}"
    );
    assert!(!bob.contains("runs out first"), "{bob}");
}

/// R2.1.6: a ruling 3 days into the game, 33 days before the loss on time:
/// the appeal window ends first and the notice reads as before.
async fn r2_1_6_an_appeal_window_that_ends_first_reads_as_before(t: &TestDb) {
    let mut w = World::new(&t.db);
    w.event("Cup", &["bob", "carol"]).await;
    w.say("@bob: e2-e4").await;
    w.clock.advance(Duration::days(3));
    reply(&mut w, "carol", "/dispute 1 bob writes rudely.").await;
    w.console.tick().await.unwrap();
    let out = w.say("@alice: /rule 1 warn @bob -- rude messages").await;
    let carol = notice_to(&out, "carol");
    assert!(
        carol.contains("The ruling may be appealed until 22.01.2026\u{a0}23:59 (Kyiv) at the latest: /appeal 1 GROUNDS"),
        "{out:#?}"
    );
    assert!(!carol.contains("runs out first"), "{carol}");
}

/// R3.4.3, R3.5.7: a request on day 33 to carol, 3 days left on the move:
/// the loss on time is named first, then the last minute to answer.
async fn r3_4_3_a_loss_on_time_before_the_answer_is_due_is_named_first(t: &TestDb) {
    let mut w = World::new(&t.db);
    w.event("Cup", &["bob", "carol"]).await;
    w.say("@bob: e2-e4").await;
    w.clock.advance(Duration::days(33));
    w.console.tick().await.unwrap();
    let out = w
        .say("@alice: /request @carol #1 Confirm your address.")
        .await;
    let carol = notice_to(&out, "carol");
    assert!(
        carol.contains(
            "Your time in game #1 runs out first: move by 10.02.2026\u{a0}10:59 (Kyiv) at the latest, \
             or the game is lost on time. That is sooner than 27.02.2026\u{a0}11:00 (Kyiv), \
             the last minute to answer (20\u{a0}days): /answer 1 TEXT."
        ),
        "{out:#?}"
    );
}

/// R3.4.3: a request to bob, not to move, names the concrete last minute
/// of the 20 days; the loss on time is not named.
async fn r3_4_3_a_request_names_the_last_minute_to_answer(t: &TestDb) {
    let mut w = World::new(&t.db);
    w.event("Cup", &["bob", "carol"]).await;
    w.say("@bob: e2-e4").await;
    let out = w
        .say("@alice: /request @bob #1 Confirm your address.")
        .await;
    let bob = notice_to(&out, "bob");
    assert!(
        bob.contains(
            "Answer within 20\u{a0}days, by 25.01.2026\u{a0}11:00 (Kyiv) at the latest, \
             with /answer 1 TEXT."
        ),
        "{out:#?}"
    );
    assert!(!bob.contains("runs out first"), "{bob}");
}

/// R3.1.5, R3.5.7: carol, 3 days left on the move, goes offline on day 33:
/// the reply names the loss on time first (an absence does not stop the
/// clock), then the last minute of the 30 days.
async fn r3_1_5_a_loss_on_time_before_the_return_is_due_is_named_first(t: &TestDb) {
    let mut w = World::new(&t.db);
    w.event("Cup", &["bob", "carol"]).await;
    w.say("@bob: e2-e4").await;
    w.clock.advance(Duration::days(33));
    w.console.tick().await.unwrap();
    let text = reply(&mut w, "carol", "/offline The line is down.").await;
    assert!(
        text.contains(
            "Your time in game #1 runs out first: move by 10.02.2026\u{a0}10:59 (Kyiv) at the latest, \
             or the game is lost on time; an absence does not stop the clock. \
             Come back by 09.03.2026\u{a0}10:59 (Kyiv) at the latest with /online"
        ),
        "{text}"
    );
}

/// R3.1.5, R3.5.7: the arbiter reporting for carol on day 33 reads her
/// loss on time first.
async fn r3_1_5_the_arbiter_reporting_an_absence_reads_the_loss_first(t: &TestDb) {
    let mut w = World::new(&t.db);
    w.event("Cup", &["bob", "carol"]).await;
    w.say("@bob: e2-e4").await;
    w.clock.advance(Duration::days(33));
    w.console.tick().await.unwrap();
    let text = reply(&mut w, "alice", "/offline @carol phoned: line down").await;
    assert!(
        text.contains(
            "Their time in game #1 runs out first: a move is due by 10.02.2026\u{a0}10:59 (Kyiv) \
             at the latest, or the game is lost on time"
        ),
        "{text}"
    );
    assert!(
        text.contains("Due back by 09.03.2026\u{a0}10:59 (Kyiv) at the latest"),
        "{text}"
    );
}

/// R3.1.5: bob, not to move, reads the last minute of his 30 days and no
/// loss on time.
async fn r3_1_5_an_absence_far_from_a_loss_names_the_last_minute_to_return(t: &TestDb) {
    let mut w = World::new(&t.db);
    w.event("Cup", &["bob", "carol"]).await;
    w.say("@bob: e2-e4").await;
    let text = reply(&mut w, "bob", "/offline The line is down.").await;
    assert!(
        text.contains("Come back by 04.02.2026\u{a0}10:59 (Kyiv) at the latest with /online;"),
        "{text}"
    );
    assert!(!text.contains("runs out first"), "{text}");
}

/// 30 days on one move cost 40 of 50 (R3.5.3); 15 penalty days exhaust the
/// clock, and the game is lost on time at once (R3.5.7).
async fn r3_5_7_penalty_days_past_the_clock_lose_at_once(t: &TestDb) {
    let mut w = World::new(&t.db);
    w.event("Cup", &["bob", "carol"]).await;
    w.say("@bob: e2-e4").await;
    w.clock.advance(Duration::days(30));
    w.console.tick().await.unwrap();
    reply(&mut w, "bob", "/dispute 1 carol threatens me.").await;
    let ruled = reply(&mut w, "alice", "/rule 1 penalty @carol 15 -- threats").await;
    assert!(ruled.contains("Ruling recorded"), "{ruled}");
    let out = w.console.tick().await.unwrap();
    assert!(
        out.iter().any(|l| l.contains("1-0 (time forfeit)")),
        "{out:?}"
    );
    let game = w.game(1).await;
    assert_eq!(game.status, GameStatus::Finished);
    assert_eq!(game.result_text(), Some("1-0"));
}

/// 10 days granted, 10 more asked: refused with the count, and nothing
/// changes: no leave, no ruling, no notice.
async fn r3_6_3_a_ruling_over_the_limit_changes_nothing(t: &TestDb) {
    let mut w = World::new(&t.db);
    w.event("Cup", &["bob", "carol"]).await;
    reply(&mut w, "bob", "/extraleave 2026-02-01 10 Hospital.").await;
    assert!(!refused(&mut w, "alice", "/rule 1 leave -- granted").await);
    reply(&mut w, "bob", "/extraleave 2026-03-01 10 Still.").await;
    let before = notices(&w).await;
    let over = reply(&mut w, "alice", "/rule 2 leave -- granted").await;
    assert!(
        over.contains("10\u{a0}days already granted in 2026"),
        "{over}"
    );
    assert_eq!(case_status(&w, 2).await, CaseStatus::Open);
    assert_eq!(notices(&w).await, before);
    let leaves = reply(&mut w, "bob", "/leave").await;
    assert_eq!(leaves.matches("inclusive").count(), 1, "{leaves}");
}

/// An outsider can neither see a case nor act in it; the partner who is not
/// a party sees it but not the statements; only arbiters see private notes.
async fn a_case_file_is_kept_from_outsiders(t: &TestDb) {
    let mut w = World::new(&t.db);
    w.event("Cup", &["bob", "carol"]).await;
    w.say("@dave: /lang en").await;
    reply(&mut w, "bob", "/failure 1 The board would not load.").await;
    reply(&mut w, "alice", "/case 1 note Known browser issue.").await;
    for command in ["/case 1", "/case 1 say Me too.", "/appeal 1 No."] {
        assert!(refused(&mut w, "dave", command).await, "{command}");
    }
    let partner = reply(&mut w, "carol", "/case 1").await;
    assert!(!partner.contains("would not load"), "{partner}");
    assert!(!partner.contains("Known browser issue"), "{partner}");
    let party = reply(&mut w, "bob", "/case 1").await;
    assert!(party.contains("would not load"), "{party}");
    assert!(!party.contains("Known browser issue"), "{party}");
    let arbiter = reply(&mut w, "alice", "/case 1").await;
    assert!(arbiter.contains("Known browser issue"), "{arbiter}");
}

/// A stored case whose context cannot be read is an internal error naming
/// the case (answered with an apology and a reference), never read as a
/// case with an empty context.
async fn an_unreadable_case_context_fails_loudly(t: &TestDb) {
    let mut w = World::new(&t.db);
    w.event("Cup", &["bob", "carol"]).await;
    reply(&mut w, "bob", "/dispute 1 carol threatens me.").await;
    let shown = reply(&mut w, "alice", "/case 1").await;
    assert!(shown.contains("#1"), "{shown}");
    let corrupt = r#"UPDATE cases SET details = REPLACE(details, '"context":', '"context":7,"was":') WHERE id = 1"#;
    assert_eq!(t.db.execute_raw(corrupt).await.unwrap(), 1);
    let out = w.say("@alice: /case 1").await;
    assert!(
        out.iter().any(|line| line.contains("reference")),
        "an apology with a reference: {out:?}"
    );
}
