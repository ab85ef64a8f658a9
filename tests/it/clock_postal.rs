//! The postal clock (R2.4, R2.5, R2.6, R2.7): one table test per rule.

use chrono::{Duration, NaiveDate, NaiveDateTime};
use corrbot::core::clock::postal::{
    Addition, Charge, Overstep, PenaltyError, PostalClock, PostalMove,
};
use corrbot::core::leave::{LeaveTimeline, Span};
use corrbot::core::regulation::Regulation;

fn d(text: &str) -> NaiveDate {
    NaiveDate::parse_from_str(text, "%Y-%m-%d").unwrap()
}

fn clock() -> PostalClock {
    PostalClock::new(&Regulation::postal())
}

const START: &str = "2026-01-01";

fn start() -> NaiveDate {
    d(START)
}

/// A leave over the dates `first..=last`, in UTC.
fn leave_days(first: &str, last: &str) -> Span {
    let c = clock();
    Span::new(
        c.midnight(d(first)),
        c.midnight(d(last) + Duration::days(1)),
    )
}

fn mv(received: &str, sent: &str) -> PostalMove {
    PostalMove::new(d(received), d(sent))
}

/// `costs.len()` moves with these costs, back to back from the start.
fn moves_costing(costs: &[i64]) -> Vec<PostalMove> {
    let mut at = start();
    costs
        .iter()
        .map(|&c| {
            let m = PostalMove::new(at, at + Duration::days(c));
            at = m.sent + Duration::days(3);
            m
        })
        .collect()
}

#[test]
fn r2_4_4_time_is_date_sent_minus_date_received() {
    let table = [
        ("2026-02-01", "2026-02-01", 0),
        ("2026-02-01", "2026-02-02", 1),
        ("2026-02-01", "2026-03-01", 28),
        ("2026-12-30", "2027-01-02", 3),
        // No doubling under postal rules: 30 days cost 30.
        ("2026-02-01", "2026-03-03", 30),
    ];
    for (received, sent, days) in table {
        assert_eq!(
            clock().move_cost(&mv(received, sent), start(), &LeaveTimeline::empty()),
            days
        );
    }
}

#[test]
fn r2_4_4_dates_are_taken_in_the_regulation_zone() {
    let kyiv = PostalClock::new(&Regulation {
        utc_offset_minutes: 120,
        ..Regulation::postal()
    });
    let late_evening = NaiveDateTime::parse_from_str("2026-02-01 22:30", "%Y-%m-%d %H:%M")
        .unwrap()
        .and_utc();
    assert_eq!(kyiv.date_of(late_evening), d("2026-02-02"));
    assert_eq!(clock().date_of(late_evening), d("2026-02-01"));
}

#[test]
fn r2_4_3_controls_accumulate() {
    let table: [(&[i64], i64, u32); 4] = [
        (&[5; 9], 5, 1),
        (&[5; 10], 50, 2),
        (&[1; 10], 90, 2),
        (&[6; 20], 30, 3),
    ];
    for (costs, left, index) in table {
        let moves = moves_costing(costs);
        let state = clock().time_state(
            &moves,
            &[],
            None,
            d("2027-01-01"),
            start(),
            &LeaveTimeline::empty(),
        );
        assert_eq!(
            (state.left, state.control_index),
            (left, index),
            "{costs:?}"
        );
    }
}

#[test]
fn r2_4_5_nothing_counts_before_the_official_start() {
    let table = [
        ("2025-12-20", "2025-12-28", 0),
        ("2025-12-20", "2026-01-01", 0),
        ("2025-12-20", "2026-01-05", 4),
        ("2026-01-02", "2026-01-05", 3),
    ];
    for (received, sent, cost) in table {
        let c = clock().move_cost(&mv(received, sent), start(), &LeaveTimeline::empty());
        assert_eq!(c, cost, "{received} → {sent}");
    }
}

#[test]
fn r2_4_6_a_late_start_notice_starts_the_player_on_the_third_day() {
    let table = [
        (None, "2026-01-01"),
        (Some("2025-12-20"), "2026-01-01"),
        (Some("2025-12-30"), "2026-01-02"),
        (Some("2026-01-10"), "2026-01-13"),
    ];
    for (notice, player_start) in table {
        assert_eq!(
            PostalClock::player_start(start(), notice.map(d)),
            d(player_start)
        );
    }
    let late = PostalClock::player_start(start(), Some(d("2026-01-10")));
    let first = mv("2026-01-01", "2026-01-15");
    assert_eq!(clock().move_cost(&first, late, &LeaveTimeline::empty()), 2);
}

#[test]
fn r2_4_7_up_to_three_exempt_days() {
    let table = [(0, 10), (1, 9), (3, 7), (5, 7), (3, 0)];
    for (i, (exempt, cost)) in table.into_iter().enumerate() {
        let sent = if i == 4 { "2026-02-03" } else { "2026-02-11" };
        let m = PostalMove {
            exempt_days: exempt,
            ..mv("2026-02-01", sent)
        };
        assert_eq!(
            clock().move_cost(&m, start(), &LeaveTimeline::empty()),
            cost,
            "case {i}"
        );
    }
}

#[test]
fn r2_4_8_a_variant_is_charged_on_one_move() {
    // The proposer sends three moves at once: the first carries the time.
    // The receiver accepts two and answers the third on the last accepted move.
    let proposer = [
        mv("2026-02-01", "2026-02-06"),
        PostalMove {
            charge: Charge::VariantContinuation,
            ..mv("2026-02-06", "2026-02-06")
        },
    ];
    let receiver = [
        PostalMove {
            charge: Charge::VariantContinuation,
            ..mv("2026-02-06", "2026-02-10")
        },
        mv("2026-02-06", "2026-02-10"),
    ];
    let empty = LeaveTimeline::empty();
    assert_eq!(clock().used(&proposer, &[], start(), &empty), 5);
    assert_eq!(clock().used(&receiver, &[], start(), &empty), 4);
}

#[test]
fn r2_4_9_and_r2_4_10_penalty_days() {
    use PenaltyError::*;
    let table: [(&[Addition], i64); 5] = [
        (&[], 0),
        (&[Addition::Penalty(ImpossibleMove)], 5),
        (
            &[
                Addition::Penalty(ImpossibleMove),
                Addition::Penalty(WrongAddress),
            ],
            10,
        ),
        (
            &[
                Addition::Penalty(WrongRepeat),
                Addition::Penalty(WrongRepeat),
            ],
            15,
        ),
        (
            &[
                Addition::Penalty(NoRegisteredMail),
                Addition::Penalty(NoRegisteredMail),
                Addition::Penalty(NoRegisteredMail),
            ],
            25,
        ),
    ];
    for (additions, days) in table {
        let state = clock().time_state(
            &[],
            additions,
            None,
            d("2026-02-01"),
            start(),
            &LeaveTimeline::empty(),
        );
        assert_eq!(state.used, days, "{additions:?}");
    }
}

/// R2.4.2, R2.4.1: a delay (time spent correcting an error against the
/// rules) is charged to the player who caused it, on top of the thinking
/// time of the moves.
#[test]
fn r2_4_2_a_delay_is_charged_to_the_player_who_caused_it() {
    let moves = moves_costing(&[4, 6]);
    let empty = LeaveTimeline::empty();
    let plain = clock().used(&moves, &[], start(), &empty);
    let delayed = [Addition::Penalty(PenaltyError::ImpossibleMove)];
    assert_eq!(clock().used(&moves, &delayed, start(), &empty), plain + 5);
}

#[test]
fn r2_4_11_a_late_repeat_adds_the_whole_delay() {
    let additions = [Addition::LateRepeat { delay_days: 12 }, Addition::Days(3)];
    let moves = moves_costing(&[4]);
    let used = clock().used(&moves, &additions, start(), &LeaveTimeline::empty());
    assert_eq!(used, 4 + 12 + 3);
}

#[test]
fn r2_5_1_repeat_after_20_days_and_report_after_20_more() {
    let away = LeaveTimeline::from_spans([leave_days("2026-03-05", "2026-03-09")]);
    let table = [
        ("2026-03-01", LeaveTimeline::empty(), "2026-03-21"),
        ("2026-03-01", away.clone(), "2026-03-26"),
        ("2026-03-10", away, "2026-03-30"),
    ];
    for (sent, partner_leave, repeat) in table {
        assert_eq!(
            clock().repeat_date(d(sent), &partner_leave),
            d(repeat),
            "{sent}"
        );
    }
    let report = clock().report_date(d("2026-03-21"), &LeaveTimeline::empty());
    assert_eq!(report, d("2026-04-10"));
}

#[test]
fn r2_5_2_query_a_missing_first_move_after_20_days() {
    for (start, query) in [("2026-01-01", "2026-01-21"), ("2026-12-20", "2027-01-09")] {
        assert_eq!(PostalClock::first_move_query_date(d(start)), d(query));
    }
}

#[test]
fn r2_5_3_two_months_without_a_move() {
    let table = [
        ("2026-01-15", "2026-03-15"),
        ("2026-12-31", "2027-02-28"),
        ("2027-12-31", "2028-02-29"),
    ];
    for (last, case) in table {
        assert_eq!(PostalClock::no_move_case_date(d(last)), d(case));
    }
}

#[test]
fn r2_6_1_overstep_norm_is_the_control_unless_set() {
    let strict = PostalClock::new(&Regulation {
        postal_overstep_norm_days: Some(40),
        ..Regulation::postal()
    });
    let empty = LeaveTimeline::empty();
    let table: [(&[i64], Option<u32>, Option<u32>); 4] = [
        (&[5; 10], None, Some(9)),
        (&[6; 9], Some(9), Some(7)),
        (&[4; 20], None, None),
        (&[0, 0, 51], Some(3), Some(3)),
    ];
    for (costs, default_norm, norm_40) in table {
        let moves = moves_costing(costs);
        let found = clock().overstep(&moves, &[], start(), &empty);
        assert_eq!(found.map(|o| o.move_number), default_norm, "{costs:?}");
        let found = strict.overstep(&moves, &[], start(), &empty);
        assert_eq!(found.map(|o| o.move_number), norm_40, "{costs:?} at 40");
    }
    let moves = moves_costing(&[6; 9]);
    assert_eq!(
        clock().overstep(&moves, &[], start(), &empty),
        Some(Overstep {
            move_number: 9,
            used: 54,
            limit: 50
        })
    );
}

#[test]
fn r2_6_1_overstep_date_of_the_pending_move() {
    let moves = moves_costing(&[5; 9]);
    let received = d("2026-06-01");
    let empty = LeaveTimeline::empty();
    // 45 used: sending 6 days after receipt oversteps 50.
    let date = clock().overstep_date(&moves, &[], received, start(), &empty);
    assert_eq!(date, d("2026-06-07"));
    let away = LeaveTimeline::from_spans([leave_days("2026-06-03", "2026-06-06")]);
    let date = clock().overstep_date(&moves, &[], received, start(), &away);
    assert_eq!(date, d("2026-06-11"));
}

#[test]
fn r2_7_4_and_r2_7_5_leave_days_are_taken_off_the_move() {
    let table = [
        // Received before the leave and answered after it.
        ("2026-04-01", "2026-04-21", ("2026-04-05", "2026-04-14"), 10),
        // Leave before the move was received: no effect.
        ("2026-04-01", "2026-04-21", ("2026-03-01", "2026-03-10"), 20),
        // Received during the leave.
        ("2026-04-10", "2026-04-21", ("2026-04-05", "2026-04-14"), 6),
        // Answered on the leave's last day (a move during leave is the
        // player's choice under postal rules): days before it count.
        ("2026-04-01", "2026-04-14", ("2026-04-05", "2026-04-14"), 4),
    ];
    for (received, sent, (first, last), cost) in table {
        let leaves = LeaveTimeline::from_spans([leave_days(first, last)]);
        let c = clock().move_cost(&mv(received, sent), start(), &leaves);
        assert_eq!(c, cost, "{received} → {sent}, leave {first}..{last}");
    }
}
