//! Issue 20's event settings: the event's zone (`zone=`, R3.5.6) that rule
//! dates are counted in, daylight saving included, and the yearly leave
//! allowance (`leave=`, R3.6.1).

use chrono::{NaiveDate, TimeZone, Utc};
use chrono_tz::Tz;
use corrbot::core::clock::postal::PostalClock;
use corrbot::core::leave::{LeaveAllowance, LeaveBook, LeaveKind, LeaveTimeline, midnight};
use corrbot::core::regulation::Regulation;

use crate::support::db::{TestDb, on_both};
use crate::support::world::World;

on_both!(
    r3_6_1_leave_setting_a_smaller_allowance_is_enforced,
    r3_5_6_zone_setting_names_the_zone_of_rule_dates,
);

fn kyiv_postal() -> Regulation {
    Regulation {
        zone: Some("Europe/Kyiv".to_owned()),
        ..Regulation::postal()
    }
}

fn d(y: i32, m: u32, day: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, day).unwrap()
}

/// R2.4.4: postal days are calendar days. Kyiv's 29 March 2026 has 23
/// hours, yet 6 March → 26 April is 51 days, as the calendar counts; and
/// 25 October (25 hours) makes 1 → 31 October 30 days.
#[test]
fn r2_4_4_calendar_days_across_the_changes_of_summer_time() {
    let clock = PostalClock::new(&kyiv_postal());
    let none = LeaveTimeline::empty();
    let start = d(2026, 1, 1);
    assert_eq!(
        clock.days_between(d(2026, 3, 6), d(2026, 4, 26), start, &none),
        51
    );
    assert_eq!(
        clock.days_between(d(2026, 3, 28), d(2026, 3, 30), start, &none),
        2
    );
    assert_eq!(
        clock.days_between(d(2026, 10, 1), d(2026, 10, 31), start, &none),
        30
    );
    assert_eq!(
        clock.days_between(d(2026, 10, 25), d(2026, 10, 26), start, &none),
        1
    );
    assert_eq!(
        clock.days_between(d(2026, 4, 26), d(2026, 3, 6), start, &none),
        0
    );
    // The dates the clock computes count the same way (R2.5.1: 20 days).
    assert_eq!(clock.repeat_date(d(2026, 3, 20), &none), d(2026, 4, 9));
    assert_eq!(clock.repeat_date(d(2026, 10, 20), &none), d(2026, 11, 9));
    assert_eq!(clock.repeat_date(d(2026, 6, 1), &none), d(2026, 6, 21));
}

/// R2.4.4 with R3.5.6: a postal date is the date in the event's zone. In
/// Kyiv summer time starts at 03:00 on 29 March 2026: 22:30 UTC on 28 March
/// is already 29 March (UTC+2), 21:30 UTC on 29 March already 30 March
/// (UTC+3); midnights move from 22:00 to 21:00 UTC.
#[test]
fn r2_4_4_postal_dates_in_the_event_zone_across_dst() {
    let clock = PostalClock::new(&kyiv_postal());
    let utc = PostalClock::new(&Regulation::postal());
    let before = Utc.with_ymd_and_hms(2026, 3, 28, 22, 30, 0).unwrap();
    let after = Utc.with_ymd_and_hms(2026, 3, 29, 21, 30, 0).unwrap();
    assert_eq!(clock.date_of(before), d(2026, 3, 29));
    assert_eq!(clock.date_of(after), d(2026, 3, 30));
    assert_eq!(utc.date_of(before), d(2026, 3, 28));
    assert_eq!(utc.date_of(after), d(2026, 3, 29));
    assert_eq!(
        clock.midnight(d(2026, 3, 29)),
        Utc.with_ymd_and_hms(2026, 3, 28, 22, 0, 0).unwrap()
    );
    assert_eq!(
        clock.midnight(d(2026, 3, 30)),
        Utc.with_ymd_and_hms(2026, 3, 29, 21, 0, 0).unwrap()
    );
    // Autumn: back to UTC+2 on 25 October.
    assert_eq!(
        clock.date_of(Utc.with_ymd_and_hms(2026, 10, 25, 21, 30, 0).unwrap()),
        d(2026, 10, 25)
    );
    assert_eq!(
        clock.date_of(Utc.with_ymd_and_hms(2026, 10, 25, 22, 30, 0).unwrap()),
        d(2026, 10, 26)
    );
}

/// R2.7.1, R3.6.2 with R3.5.6: a postal leave runs from midnight to
/// midnight in the event's zone and costs its calendar days, though the
/// change to or from summer time made it an hour shorter or longer.
#[test]
fn r2_7_1_a_leave_across_dst_costs_its_calendar_days() {
    let allowance = LeaveAllowance::from_regulation(&kyiv_postal());
    let mut book = LeaveBook::new(allowance);
    let spring = book
        .register_postal(d(2026, 3, 27), 5, LeaveKind::Regular, d(2026, 3, 1))
        .unwrap();
    let autumn = book
        .register_postal(d(2026, 10, 23), 5, LeaveKind::Regular, d(2026, 3, 1))
        .unwrap();
    let leaves = book.leaves();
    let spring = leaves.iter().find(|l| l.id == spring).unwrap();
    let autumn = leaves.iter().find(|l| l.id == autumn).unwrap();
    assert_eq!(
        spring.span.start,
        midnight(d(2026, 3, 27), Tz::Europe__Kyiv)
    );
    assert_eq!(
        spring.span.end - spring.span.start,
        chrono::Duration::hours(5 * 24 - 1)
    );
    assert_eq!((spring.days(), autumn.days()), (5, 5));
    assert_eq!(book.days_in_year(2026, LeaveKind::Regular), 10);
}

/// R3.6.1: `leave=N` sets the yearly allowance (reg); `leave=10` refuses a
/// leave of 11 days and accepts one of 10, and `leave=45` is accepted.
async fn r3_6_1_leave_setting_a_smaller_allowance_is_enforced(t: &TestDb) {
    let mut w = World::new(&t.db);
    w.english(&["alice", "bob", "carol"]).await;
    w.started_event("leave=10", &["bob", "carol"]).await;
    let out = w.say("@alice: /event create Open leave=45").await;
    assert!(out[0].contains("has been created"), "{out:?}");
    let out = w.say("@carol: /leave add 2026-02-01 11 1").await;
    assert!(!out[0].contains("has been registered"), "{out:?}");
    assert!(out[0].contains("10\u{a0}days"), "{out:?}");
    let out = w.say("@carol: /leave list").await;
    assert!(
        out[0].contains("10\u{a0}days of leave left in 2026"),
        "{out:?}"
    );
    let out = w.say("@carol: /leave add 2026-02-01 10 1").await;
    assert!(out[0].contains("Leave #1 has been registered"), "{out:?}");
    let out = w.say("@alice: /event create Bad leave=400").await;
    assert!(out[0].contains("leave=400 is not possible"), "{out:?}");
}

/// R3.5.6: `zone=` names the event's zone; a leave starts at its midnight
/// and is shown in it; an unknown zone is refused.
async fn r3_5_6_zone_setting_names_the_zone_of_rule_dates(t: &TestDb) {
    let mut w = World::new(&t.db);
    w.english(&["alice", "bob", "carol"]).await;
    w.started_event("zone=America/New_York", &["bob", "carol"])
        .await;
    let out = w.say("@carol: /leave add 2026-02-01 3").await;
    assert!(out[0].contains("from 01.02.2026 to"), "{out:?}");
    let mut tx = w.db.read().await.unwrap();
    let event = tx.event(corrbot::store::EventId(1)).await.unwrap();
    assert_eq!(
        corrbot::app::view::event_zone::event_zone(&event),
        Tz::America__New_York
    );
    drop(tx);
    let out = w.say("@alice: /event create Mars zone=Mars/Olympus").await;
    assert!(
        out[0].contains("zone=Mars/Olympus is not possible"),
        "{out:?}"
    );
}
