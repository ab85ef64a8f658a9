//! Property tests of the clocks: the closed forms agree with brute force.

use chrono::{DateTime, Duration, NaiveDate, Utc};
use corrbot::core::clock::control::ClockControl;
use corrbot::core::clock::postal::{PostalClock, PostalMove};
use corrbot::core::clock::server::{MoveSpan, ServerClock, ServerDeadline};
use corrbot::core::leave::{LeaveTimeline, Span};
use corrbot::core::regulation::Regulation;
use proptest::prelude::*;

const DAY_SECS: i64 = 86_400;

fn origin() -> DateTime<Utc> {
    DateTime::from_timestamp(1_767_225_600, 0).unwrap() // 2026-01-01 00:00 UTC
}

fn secs(n: i64) -> Duration {
    Duration::seconds(n)
}

/// Up to 6 leaves within the first 400 days, each up to 30 days long.
fn leaves() -> impl Strategy<Value = LeaveTimeline> {
    prop::collection::vec((0..400 * DAY_SECS, 1..30 * DAY_SECS), 0..6).prop_map(|raw| {
        LeaveTimeline::from_spans(
            raw.into_iter()
                .map(|(at, len)| Span::new(origin() + secs(at), origin() + secs(at + len))),
        )
    })
}

/// Moves made (each up to 12 days long, gaps up to 5 days) and the instant
/// the pending move started.
fn record() -> impl Strategy<Value = (Vec<MoveSpan>, DateTime<Utc>)> {
    prop::collection::vec((0..12 * DAY_SECS, 0..5 * DAY_SECS), 0..25).prop_map(|raw| {
        let mut at = origin();
        let moves = raw
            .into_iter()
            .map(|(think, gap)| {
                let span = MoveSpan {
                    received: at,
                    sent: at + secs(think),
                };
                at = span.sent + secs(gap);
                span
            })
            .collect();
        (moves, at)
    })
}

fn server() -> ServerClock {
    ServerClock::new(&Regulation::default())
}

/// Brute force: the first instant (to the nanosecond) at which `left` is
/// negative, by bisection over `time_state` alone.
fn first_negative(
    clock: &ServerClock,
    moves: &[MoveSpan],
    since: DateTime<Utc>,
    leaves: &LeaveTimeline,
) -> DateTime<Utc> {
    let left_at = |t| clock.time_state(moves, Some(since), t, leaves).left;
    if left_at(since) < 0 {
        return since;
    }
    let mut low = since; // left >= 0 here
    let mut high = since + Duration::days(2000);
    assert!(left_at(high) < 0);
    while high - low > Duration::nanoseconds(1) {
        let mid = low + (high - low) / 2;
        if left_at(mid) < 0 {
            high = mid;
        } else {
            low = mid;
        }
    }
    high
}

proptest! {
    #[test]
    fn time_used_never_decreases(
        (moves, since) in record(),
        leaves in leaves(),
        a in 0..100 * DAY_SECS,
        b in 0..100 * DAY_SECS,
    ) {
        let clock = server();
        let early = clock.time_state(&moves, Some(since), since + secs(a), &leaves);
        let late = clock.time_state(&moves, Some(since), since + secs(a + b), &leaves);
        prop_assert!(early.used <= late.used);
        prop_assert!(early.left >= late.left);
    }

    #[test]
    fn leave_never_adds_to_time_used(
        (moves, since) in record(),
        fewer in leaves(),
        more in leaves(),
        after in 0..100 * DAY_SECS,
    ) {
        let clock = server();
        let now = since + secs(after);
        let both = LeaveTimeline::from_spans(fewer.spans().iter().chain(more.spans()).copied());
        let without = clock.time_state(&moves, Some(since), now, &LeaveTimeline::empty());
        let with_some = clock.time_state(&moves, Some(since), now, &fewer);
        let with_all = clock.time_state(&moves, Some(since), now, &both);
        prop_assert!(with_some.used <= without.used);
        prop_assert!(with_all.used <= with_some.used);
    }

    #[test]
    fn flag_is_the_first_instant_time_left_is_negative(
        (moves, since) in record(),
        leaves in leaves(),
    ) {
        let clock = server();
        let flag = clock.flag_instant(&moves, since, &leaves);
        prop_assert_eq!(flag, first_negative(&clock, &moves, since, &leaves));
        prop_assert!(clock.time_state(&moves, Some(since), flag, &leaves).left < 0);
        if flag > since {
            let before = flag - Duration::nanoseconds(1);
            prop_assert!(clock.time_state(&moves, Some(since), before, &leaves).left >= 0);
        }
    }

    #[test]
    fn pending_cost_at_any_instant_agrees_with_the_end(
        (moves, since) in record(),
        leaves in leaves(),
        middle in 0..60 * DAY_SECS,
        rest in 0..60 * DAY_SECS,
    ) {
        let clock = server();
        let at = since + secs(middle);
        let end = at + secs(rest);
        // The pending cost at `at` is the cost of a move made at `at`.
        let running = clock.time_state(&moves, Some(since), at, &leaves);
        prop_assert_eq!(running.pending, clock.move_charge(since, at, &leaves));
        // Thinking time splits exactly at the intermediate instant.
        prop_assert_eq!(
            leaves.active(since, at) + leaves.active(at, end),
            leaves.active(since, end)
        );
        // The running state at the end equals the state once the move is made.
        let pending = clock.time_state(&moves, Some(since), end, &leaves);
        let mut made = moves.clone();
        made.push(MoveSpan { received: since, sent: end });
        let after = clock.time_state(&made, None, end, &leaves);
        prop_assert_eq!(pending.used, after.used);
    }

    #[test]
    fn reminders_are_ordered_and_shifted_exactly_by_leave(
        (_moves, since) in record(),
        leaves in leaves(),
    ) {
        let clock = server();
        let reminders = clock.reminder_instants(since, &leaves);
        prop_assert_eq!(reminders.len(), 3);
        prop_assert!(reminders.windows(2).all(|w| w[0] < w[1]));
        let case = clock.silence_case_instant(since, &leaves);
        prop_assert!(reminders[2] < case);
        let notice = clock.silence_notice_instant(since, &leaves);
        for (instant, days) in reminders.iter().copied().zip([14, 28, 35]).chain([(notice, 35), (case, 40)]) {
            // Shifted by exactly the leave before it.
            let leave = leaves.overlap(since, instant);
            prop_assert_eq!(instant, since + Duration::days(days) + leave);
            // And it is the first instant with that much thinking time.
            prop_assert_eq!(leaves.active(since, instant), Duration::days(days));
            let before = instant - Duration::nanoseconds(1);
            prop_assert!(leaves.active(since, before) < Duration::days(days));
        }
    }

    #[test]
    fn postal_overstep_date_agrees_with_day_by_day_search(
        costs in prop::collection::vec(0..9i64, 0..25),
        raw_leaves in prop::collection::vec((0..300i64, 1..20i64), 0..4),
        wait in 0..40i64,
    ) {
        let clock = PostalClock::new(&Regulation::postal());
        let start = NaiveDate::from_ymd_opt(2026, 1, 1).unwrap();
        let leaves = LeaveTimeline::from_spans(raw_leaves.iter().map(|&(at, len)| {
            let first = start + Duration::days(at);
            Span::new(clock.midnight(first), clock.midnight(first + Duration::days(len)))
        }));
        let mut at = start;
        let moves: Vec<PostalMove> = costs.iter().map(|&c| {
            let m = PostalMove::new(at, at + Duration::days(c));
            at = m.sent + Duration::days(2);
            m
        }).collect();
        let received = at + Duration::days(wait);
        let date = clock.overstep_date(&moves, &[], received, start, &leaves);
        let oversteps_on = |sent: NaiveDate| {
            let mut made = moves.clone();
            made.push(PostalMove::new(received, sent));
            clock.overstep(&made, &[], start, &leaves).is_some()
        };
        let already = clock.overstep(&moves, &[], start, &leaves).is_some();
        prop_assert!(already || oversteps_on(date));
        if !already && date > received {
            prop_assert!(!oversteps_on(date - Duration::days(1)));
        }
    }
}

/// A Fischer clock's base, increment and cap (issue events-2), as typed.
fn fischer() -> impl Strategy<Value = ClockControl> {
    (1u32..60, 0u32..5, prop::option::of(0u32..60)).prop_map(|(base, increment, extra)| {
        ClockControl::Fischer {
            base,
            increment,
            cap: extra.map(|extra| base + extra),
        }
    })
}

/// Any clock other than the federation's: Fischer or days per move.
fn chosen() -> impl Strategy<Value = ClockControl> {
    prop_oneof![
        fischer(),
        (1u32..30).prop_map(|days| ClockControl::PerMove { days }),
    ]
}

fn clock_of(control: ClockControl) -> ServerClock {
    ServerClock::new(&Regulation {
        clock: control,
        ..Regulation::default()
    })
}

fn all_controls() -> impl Strategy<Value = ClockControl> {
    prop_oneof![Just(ClockControl::Federation), chosen()]
}

proptest! {
    #[test]
    fn fischer_time_in_hand_never_exceeds_the_cap(
        control in fischer(),
        (moves, _since) in record(),
        leaves in leaves(),
    ) {
        let clock = clock_of(control);
        let ClockControl::Fischer { base, cap, .. } = control else { unreachable!() };
        let limit = Duration::days(i64::from(cap.unwrap_or(u32::MAX).max(base)));
        for made in 0..=moves.len() {
            let hand = clock.in_hand(&moves[..made], &leaves).unwrap();
            prop_assert!(hand <= limit, "{hand} > {limit}");
        }
    }

    #[test]
    fn a_move_never_charges_negative_time(
        control in all_controls(),
        (moves, since) in record(),
        leaves in leaves(),
        a in 0..80 * DAY_SECS,
        b in 0..80 * DAY_SECS,
    ) {
        let clock = clock_of(control);
        for m in &moves {
            prop_assert!(clock.move_charge(m.received, m.sent, &leaves) >= 0);
        }
        let early = clock.time_state(&moves, Some(since), since + secs(a), &leaves);
        let late = clock.time_state(&moves, Some(since), since + secs(a + b), &leaves);
        prop_assert!(early.pending >= 0);
        prop_assert!(early.used <= late.used);
        prop_assert!(early.left >= late.left);
    }

    #[test]
    fn the_deadline_is_monotone_in_the_time_in_hand(
        (base, more, increment) in (1u32..60, 0u32..30, 0u32..5),
        (moves, since) in record(),
        leaves in leaves(),
    ) {
        let less = clock_of(ClockControl::Fischer { base, increment, cap: None });
        let most = clock_of(ClockControl::Fischer { base: base + more, increment, cap: None });
        let hand = |clock: &ServerClock| clock.in_hand(&moves, &leaves).unwrap();
        prop_assert!(hand(&less) <= hand(&most));
        prop_assert!(
            less.flag_instant(&moves, since, &leaves) <= most.flag_instant(&moves, since, &leaves)
        );
        // And days per move: more days, a later deadline.
        let short = clock_of(ClockControl::PerMove { days: base });
        let long = clock_of(ClockControl::PerMove { days: base + more });
        prop_assert!(
            short.flag_instant(&moves, since, &leaves) <= long.flag_instant(&moves, since, &leaves)
        );
    }

    #[test]
    fn the_flag_falls_when_the_time_in_hand_is_spent_and_leave_shifts_it_exactly(
        control in chosen(),
        (moves, since) in record(),
        leaves in leaves(),
        (leave_at, leave_len) in (0..20 * DAY_SECS, 1..10 * DAY_SECS),
    ) {
        let clock = clock_of(control);
        let raw = clock.in_hand(&moves, &leaves).unwrap();
        let hand = raw.max(Duration::zero());
        let flag = clock.flag_instant(&moves, since, &leaves);
        // R3.5.5: the deadline is the start plus the time in hand plus the
        // leave before it.
        prop_assert_eq!(flag, since + hand + leaves.overlap(since, flag));
        prop_assert_eq!(leaves.active(since, flag), hand);
        // Spent exactly at the flag; already past it when the arbiter's days
        // took more than was in hand.
        let left = clock.time_state(&moves, Some(since), flag, &leaves).left;
        prop_assert_eq!(left < 0, raw < Duration::zero());
        prop_assert!(left <= 0);
        // One leave inside the move, none before: the deadline moves by
        // exactly its length.
        let none = LeaveTimeline::empty();
        let plain = clock.flag_instant(&moves, since, &none);
        let start = since + secs(leave_at);
        let one = LeaveTimeline::from_spans([Span::new(start, start + secs(leave_len))]);
        let shifted = clock.flag_instant(&moves, since, &one);
        if start < plain {
            prop_assert_eq!(shifted, plain + secs(leave_len));
        } else {
            prop_assert_eq!(shifted, plain);
        }
    }

    #[test]
    fn days_per_move_give_the_start_plus_n_days_plus_leave(
        days in 1u32..30,
        (moves, since) in record(),
        leaves in leaves(),
    ) {
        let clock = clock_of(ClockControl::PerMove { days });
        let flag = clock.flag_instant(&moves, since, &leaves);
        let n = Duration::days(i64::from(days));
        prop_assert_eq!(flag, since + n + leaves.overlap(since, flag));
        prop_assert_eq!(clock.flag_instant(&moves, since, &LeaveTimeline::empty()), since + n);
    }

    #[test]
    fn chosen_clocks_remind_three_days_and_one_day_before_the_flag(
        control in chosen(),
        (moves, since) in record(),
        leaves in leaves(),
    ) {
        let clock = clock_of(control);
        let due = clock.pending_deadlines(&moves, since, &leaves);
        prop_assert!(due.windows(2).all(|w| w[0].1 <= w[1].1));
        prop_assert_eq!(due.last().map(|d| d.0), Some(ServerDeadline::Flag));
        let hand = clock.in_hand(&moves, &leaves).unwrap();
        for (what, at) in &due {
            match what {
                ServerDeadline::TimeLeft { n, silent } => {
                    let left = Duration::days(if *n == 1 { 3 } else { 1 });
                    prop_assert_eq!(leaves.active(since, *at), hand - left);
                    prop_assert!(*silent >= 1);
                }
                ServerDeadline::Reminder(_) => prop_assert!(false, "no silence reminders"),
                _ => {}
            }
        }
        // R3.3.2 where it applies: the 35-day notice when the flag is later.
        let notice = due.iter().any(|d| d.0 == ServerDeadline::SilenceNotice);
        prop_assert_eq!(notice, hand > Duration::days(35));
    }
}
