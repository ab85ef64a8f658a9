use super::*;
use crate::time::SimClock;
use chrono::TimeZone;

fn throttle(limit: CommandLimit) -> (SimClock, Throttle) {
    let clock = SimClock::new(Utc.with_ymd_and_hms(2026, 9, 1, 9, 0, 0).unwrap());
    let throttle = Throttle::new(limit, Arc::new(clock.clone()));
    (clock, throttle)
}

fn admit_many(throttle: &Throttle, user: &str, count: usize) -> Vec<Admission> {
    (0..count)
        .map(|_| throttle.admit(Platform::Telegram, user))
        .collect()
}

#[test]
fn a_burst_passes_then_one_warning_then_silence() {
    let (_clock, throttle) = throttle(CommandLimit::default());
    let answers = admit_many(&throttle, "7", 200);
    assert!(answers[..10].iter().all(|a| *a == Admission::Go));
    assert_eq!(
        answers[10],
        Admission::SlowDown {
            retry_after_secs: 3
        }
    );
    assert!(
        answers[11..]
            .iter()
            .all(|a| matches!(a, Admission::Drop { .. }))
    );
}

#[test]
fn tokens_come_back_with_simulated_time() {
    let (clock, throttle) = throttle(CommandLimit::default());
    admit_many(&throttle, "7", 12);
    clock.advance(TimeDelta::milliseconds(2_999));
    assert!(matches!(
        throttle.admit(Platform::Telegram, "7"),
        Admission::Drop { .. }
    ));
    clock.advance(TimeDelta::milliseconds(1));
    assert_eq!(throttle.admit(Platform::Telegram, "7"), Admission::Go);
    // A new window: the next excess is told again, once.
    assert_eq!(
        throttle.admit(Platform::Telegram, "7"),
        Admission::SlowDown {
            retry_after_secs: 3
        }
    );
    assert!(matches!(
        throttle.admit(Platform::Telegram, "7"),
        Admission::Drop { .. }
    ));
    // After 30 s of quiet the whole burst is back.
    clock.advance(TimeDelta::seconds(30));
    let answers = admit_many(&throttle, "7", 11);
    assert!(answers[..10].iter().all(|a| *a == Admission::Go));
    assert_ne!(answers[10], Admission::Go);
}

#[test]
fn users_are_counted_apart_across_platforms() {
    let (_clock, throttle) = throttle(CommandLimit::default());
    admit_many(&throttle, "7", 30);
    assert_eq!(throttle.admit(Platform::Telegram, "8"), Admission::Go);
    assert_eq!(throttle.admit(Platform::Discord, "7"), Admission::Go);
}

#[test]
fn the_wait_told_is_rounded_up_to_whole_seconds() {
    let limit = CommandLimit {
        burst: 1,
        refill: TimeDelta::milliseconds(10_500),
        max_users: 10,
    };
    let (_clock, throttle) = throttle(limit);
    assert_eq!(throttle.admit(Platform::Discord, "1"), Admission::Go);
    assert_eq!(
        throttle.admit(Platform::Discord, "1"),
        Admission::SlowDown {
            retry_after_secs: 11
        }
    );
}

#[test]
fn memory_stays_bounded_and_idle_users_go_first() {
    let limit = CommandLimit {
        max_users: 100,
        ..CommandLimit::default()
    };
    let (clock, throttle) = throttle(limit);
    admit_many(&throttle, "flooder", 20);
    for user in 0..1_000 {
        throttle.admit(Platform::Telegram, &user.to_string());
        assert!(throttle.tracked() <= 100);
    }
    assert_eq!(throttle.tracked(), 100);
    // Everyone is idle again after the refill time of a whole burst.
    clock.advance(TimeDelta::seconds(31));
    assert_eq!(
        throttle.admit(Platform::Telegram, "newcomer"),
        Admission::Go
    );
    assert_eq!(throttle.tracked(), 1, "idle users were forgotten");
}

#[test]
fn a_busy_user_is_kept_while_others_come_and_go() {
    let limit = CommandLimit {
        max_users: 3,
        ..CommandLimit::default()
    };
    let (_clock, throttle) = throttle(limit);
    admit_many(&throttle, "flooder", 12);
    for user in 0..50 {
        throttle.admit(Platform::Telegram, &user.to_string());
    }
    // The flooder's bucket is the emptiest, so it is never the one evicted.
    assert!(matches!(
        throttle.admit(Platform::Telegram, "flooder"),
        Admission::Drop { .. }
    ));
}
