//! The server clock (R3.3, R3.5, R3.6): one table test per rule.

use chrono::{DateTime, Duration, NaiveDateTime, Utc};
use corrbot::core::clock::server::{MoveSpan, ServerClock, ServerDeadline, doubled, player_record};
use corrbot::core::clock::{PlayerTime, control_index};
use corrbot::core::leave::{LeaveTimeline, Span};
use corrbot::core::regulation::{Regulation, TimeControl};
use shakmaty::Color;

/// An instant from "YYYY-MM-DD HH:MM" in UTC.
fn t(text: &str) -> DateTime<Utc> {
    NaiveDateTime::parse_from_str(text, "%Y-%m-%d %H:%M")
        .unwrap()
        .and_utc()
}

fn clock() -> ServerClock {
    ServerClock::new(&Regulation::default())
}

fn leave(from: &str, to: &str) -> Span {
    Span::new(t(from), t(to))
}

fn no_leave() -> LeaveTimeline {
    LeaveTimeline::empty()
}

/// `n` moves of `days` days each, back to back from 2026-01-01.
fn moves_of(days: &[i64]) -> Vec<MoveSpan> {
    let mut at = t("2026-01-01 00:00");
    days.iter()
        .map(|&d| {
            let span = MoveSpan {
                received: at,
                sent: at + Duration::days(d),
            };
            at = span.sent + Duration::hours(1);
            span
        })
        .collect()
}

#[test]
fn r3_5_3_rules_example_23_days_count_26() {
    let charge = clock().move_charge(t("2026-03-01 12:00"), t("2026-03-24 12:00"), &no_leave());
    assert_eq!(charge, 26);
}

#[test]
fn r3_5_3_doubling_table() {
    for (days, charged) in [
        (0, 0),
        (1, 1),
        (19, 19),
        (20, 20),
        (21, 22),
        (23, 26),
        (30, 40),
    ] {
        assert_eq!(doubled(days, 20), charged, "{days} days");
    }
}

#[test]
fn r3_5_2_only_whole_24_hour_days_count() {
    let table = [
        ("2026-01-01 10:00", "2026-01-02 09:59", 0),
        ("2026-01-01 10:00", "2026-01-02 10:00", 1),
        ("2026-01-01 23:00", "2026-01-03 01:00", 1),
        ("2026-01-01 10:00", "2026-01-04 09:00", 2),
        ("2026-01-01 10:00", "2026-01-01 10:00", 0),
    ];
    for (received, sent, days) in table {
        let charge = clock().move_charge(t(received), t(sent), &no_leave());
        assert_eq!(charge, days, "{received} → {sent}");
    }
}

#[test]
fn r3_5_5_leave_stops_thinking_time() {
    let received = t("2026-01-01 00:00");
    let sent = t("2026-01-31 00:00");
    let table = [
        (vec![], 40),
        (vec![leave("2026-01-05 00:00", "2026-01-15 00:00")], 20),
        (vec![leave("2025-12-20 00:00", "2026-01-03 00:00")], 36),
        (vec![leave("2026-01-30 12:00", "2026-02-10 00:00")], 38),
        (
            vec![
                leave("2026-01-02 00:00", "2026-01-04 00:00"),
                leave("2026-01-10 00:00", "2026-01-13 12:00"),
            ],
            28, // 24.5 days: 24 whole
        ),
    ];
    for (spans, charge) in table {
        let leaves = LeaveTimeline::from_spans(spans.clone());
        assert_eq!(
            clock().move_charge(received, sent, &leaves),
            charge,
            "{spans:?}"
        );
    }
}

#[test]
fn r3_5_1_control_50_days_per_10_moves_counted_per_player() {
    let control = TimeControl::default();
    for (move_number, index) in [(1, 1), (10, 1), (11, 2), (20, 2), (21, 3)] {
        assert_eq!(
            control_index(move_number, control),
            index,
            "move {move_number}"
        );
    }
    let fresh = clock().time_state(
        &[],
        Some(t("2026-01-01 00:00")),
        t("2026-01-01 00:00"),
        &no_leave(),
    );
    assert_eq!((fresh.used, fresh.left, fresh.control_index), (0, 50, 1));
}

#[test]
fn r3_5_4_unused_time_carries_over() {
    let table: [(&[i64], i64, u32); 4] = [
        (&[4; 9], 14, 1),
        (&[4; 10], 60, 2),
        (&[5; 10], 50, 2),
        (&[1; 20], 130, 3),
    ];
    for (days, left, index) in table {
        let moves = moves_of(days);
        let after = moves.last().unwrap().sent;
        let state = clock().time_state(&moves, None, after, &no_leave());
        assert_eq!((state.left, state.control_index), (left, index), "{days:?}");
    }
}

#[test]
fn time_state_includes_the_running_pending_move() {
    let moves = moves_of(&[3, 2]);
    let since = moves.last().unwrap().sent + Duration::hours(5);
    let now = since + Duration::days(22) + Duration::hours(23);
    let state = clock().time_state(&moves, Some(since), now, &no_leave());
    assert_eq!(
        state,
        PlayerTime {
            used: 5 + 24,
            left: 50 - 29,
            pending: 24,
            control_index: 1,
            moves_made: 2,
        }
    );
}

#[test]
fn r3_5_7_loss_on_time_instant() {
    let since = t("2026-06-01 08:30");
    let leaves = LeaveTimeline::from_spans([leave("2026-06-10 08:30", "2026-06-15 08:30")]);
    // (moves made, thinking days to the flag, leave in the way)
    let table: [(&[i64], i64, bool); 5] = [
        (&[], 36, false),      // budget 50: f(35) = 50, f(36) = 52 > 50
        (&[10; 3], 21, false), // budget 20: f(20) = 20, f(21) = 22 > 20
        (&[5; 9], 6, false),   // budget 5: d = 6
        (&[5; 10], 36, false), // move 11 is in control 2: budget 100 - 50
        (&[], 36, true),       // five days of leave push the flag back
    ];
    for (days, flag_days, with_leave) in table {
        let moves = moves_of(days);
        let leave_here = if with_leave {
            leaves.clone()
        } else {
            no_leave()
        };
        let shift = if with_leave {
            Duration::days(5)
        } else {
            Duration::zero()
        };
        let flag = clock().flag_instant(&moves, since, &leave_here);
        assert_eq!(flag, since + Duration::days(flag_days) + shift, "{days:?}");
        let at = clock().time_state(&moves, Some(since), flag, &leave_here);
        let before = clock().time_state(
            &moves,
            Some(since),
            flag - Duration::nanoseconds(1),
            &leave_here,
        );
        assert!(
            at.left < 0 && before.left >= 0,
            "{days:?}: {at:?} {before:?}"
        );
    }
}

#[test]
fn r3_3_1_reminders_after_14_28_35_days_shifted_by_leave() {
    let since = t("2026-02-01 18:00");
    let table = [
        (vec![], [14, 28, 35]),
        (
            vec![leave("2026-02-05 18:00", "2026-02-08 18:00")],
            [17, 31, 38],
        ),
        (
            vec![leave("2026-02-20 18:00", "2026-02-27 18:00")],
            [14, 35, 42],
        ),
        (
            vec![leave("2026-01-30 00:00", "2026-02-02 18:00")],
            [15, 29, 36],
        ),
    ];
    for (spans, days) in table {
        let leaves = LeaveTimeline::from_spans(spans.clone());
        let expected: Vec<_> = days.iter().map(|&d| since + Duration::days(d)).collect();
        assert_eq!(
            clock().reminder_instants(since, &leaves),
            expected,
            "{spans:?}"
        );
    }
}

#[test]
fn r3_3_2_silence_notice_at_35_and_case_at_40_days() {
    let since = t("2026-02-01 18:00");
    let table = [
        (vec![], 35, 40),
        (vec![leave("2026-03-09 18:00", "2026-03-19 18:00")], 35, 50),
        (vec![leave("2026-02-02 18:00", "2026-02-04 18:00")], 37, 42),
    ];
    for (spans, notice, case) in table {
        let leaves = LeaveTimeline::from_spans(spans.clone());
        let c = clock();
        assert_eq!(
            c.silence_notice_instant(since, &leaves),
            since + Duration::days(notice)
        );
        assert_eq!(
            c.silence_case_instant(since, &leaves),
            since + Duration::days(case)
        );
    }
}

#[test]
fn r3_5_6_dates_and_times_are_utc_by_default() {
    let regulation = Regulation::default();
    assert_eq!(regulation.utc_offset_minutes, 0);
    assert_eq!(regulation.zone, None);
    assert_eq!(regulation.date_zone(), chrono_tz::Tz::UTC);
}

#[test]
fn players_records_from_a_game() {
    let start = t("2026-01-01 00:00");
    let plies = [
        t("2026-01-02 00:00"),
        t("2026-01-05 00:00"),
        t("2026-01-06 00:00"),
    ];
    let white = player_record(start, &plies, Color::White);
    let black = player_record(start, &plies, Color::Black);
    assert_eq!(white.moves.len(), 2);
    assert_eq!(white.moves[0].received, start);
    assert_eq!(white.moves[1].received, plies[1]);
    assert_eq!(white.pending_since, None);
    assert_eq!(black.moves.len(), 1);
    assert_eq!(black.moves[0].received, plies[0]);
    assert_eq!(black.pending_since, Some(plies[2]));
    let clocks = clock().game_clocks(
        start,
        &plies,
        t("2026-01-09 00:00"),
        [&no_leave(), &no_leave()],
        [0, 0],
    );
    assert_eq!(clocks[0].used, 2);
    assert_eq!(clocks[1].used, 3 + 3);
    // Five penalty days on White, three given back to Black (the arbiter).
    let adjusted = clock().game_clocks(
        start,
        &plies,
        t("2026-01-09 00:00"),
        [&no_leave(), &no_leave()],
        [5, -3],
    );
    assert_eq!(adjusted[0].used, 2 + 5);
    assert_eq!(adjusted[0].left, clocks[0].left - 5);
    assert_eq!(adjusted[1].used, 3 + 3 - 3);
}

/// Penalty days shrink the budget of the pending move and days given back
/// grow it (the arbiter's rulings on a clock); past 20 days each day counts
/// double (R3.5.3), so 50 days last 36 days, 45 last 33 and 52 last 37.
#[test]
fn an_offset_changes_the_budget_of_the_pending_move() {
    let since = t("2026-01-01 00:00");
    let plain = clock().flag_instant(&[], since, &no_leave());
    let penalised = clock().with_offset(5).flag_instant(&[], since, &no_leave());
    let given_back = clock()
        .with_offset(-2)
        .flag_instant(&[], since, &no_leave());
    assert_eq!(plain - since, Duration::days(36));
    assert_eq!(penalised - since, Duration::days(33));
    assert_eq!(given_back - since, Duration::days(37));
}

#[test]
fn pending_deadlines_are_in_time_order() {
    let since = t("2026-02-01 18:00");
    // 45 days used over 9 moves: the flag (6 days) comes before any
    // reminder, and the game ends there, so nothing else is due (R3.5.7).
    let moves = moves_of(&[5; 9]);
    let due = clock().pending_deadlines(&moves, since, &no_leave());
    let kinds: Vec<_> = due.iter().map(|(kind, _)| *kind).collect();
    assert_eq!(kinds, [ServerDeadline::Flag]);
    assert_eq!(due[0].1, since + Duration::days(6));
    // Nothing used: reminders and notice first, the flag at 36 days (with
    // doubling, R3.5.3) before the 40-day case.
    let due = clock().pending_deadlines(&[], since, &no_leave());
    let kinds: Vec<_> = due.iter().map(|(kind, _)| *kind).collect();
    assert_eq!(
        kinds,
        [
            ServerDeadline::Reminder(1),
            ServerDeadline::Reminder(2),
            ServerDeadline::Reminder(3),
            ServerDeadline::SilenceNotice,
            ServerDeadline::Flag,
        ]
    );
    assert!(due.windows(2).all(|w| w[0].1 <= w[1].1));
}

#[test]
fn the_loss_on_time_wins_over_a_reminder_at_the_same_instant() {
    // R3.5.7: 2 days used leave 48; with doubling past 20 days (R3.5.3) the
    // flag falls after 35 days, the instant of the last reminder and of the
    // 35-day notice (R3.3.1, R3.3.2): only the flag is due then.
    let since = t("2026-02-01 18:00");
    let moves = moves_of(&[2]);
    let due = clock().pending_deadlines(&moves, since, &no_leave());
    let kinds: Vec<_> = due.iter().map(|(kind, _)| *kind).collect();
    assert_eq!(
        kinds,
        [
            ServerDeadline::Reminder(1),
            ServerDeadline::Reminder(2),
            ServerDeadline::Flag,
        ]
    );
    assert_eq!(due[2].1, since + Duration::days(35));
}
