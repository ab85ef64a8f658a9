//! Leave (R3.6, R2.7): registering, allowances, cancelling, cutting short,
//! and the timeline arithmetic the clock uses.

use chrono::{DateTime, Duration, NaiveDate, NaiveDateTime, Utc};
use corrbot::core::leave::{
    LeaveAllowance, LeaveBook, LeaveError, LeaveKey, LeaveKind, LeaveTimeline, Span,
};
use corrbot::core::regulation::Regulation;

fn t(text: &str) -> DateTime<Utc> {
    NaiveDateTime::parse_from_str(text, "%Y-%m-%d %H:%M")
        .unwrap()
        .and_utc()
}

fn d(text: &str) -> NaiveDate {
    NaiveDate::parse_from_str(text, "%Y-%m-%d").unwrap()
}

fn book() -> LeaveBook {
    LeaveBook::new(LeaveAllowance::from_regulation(&Regulation::default()))
}

const NOW: &str = "2026-03-01 12:00";

#[test]
fn r3_6_1_at_most_45_days_per_calendar_year() {
    use LeaveKind::Regular;
    // (earlier leaves in days, requested days, outcome: Ok or remaining)
    let table: [(&[u32], u32, Result<(), u32>); 5] = [
        (&[], 45, Ok(())),
        (&[], 46, Err(45)),
        (&[30], 15, Ok(())),
        (&[30], 16, Err(15)),
        (&[20, 25], 1, Err(0)),
    ];
    for (earlier, days, outcome) in table {
        let mut book = book();
        let mut start = t("2026-04-01 00:00");
        for &e in earlier {
            book.register(start, e, Regular, t(NOW)).unwrap();
            start += Duration::days(i64::from(e) + 1);
        }
        let result = book.register(start, days, Regular, t(NOW)).map(|_| ());
        let expected = outcome.map_err(|remaining| LeaveError::ExceedsYearlyAllowance {
            year: 2026,
            kind: Regular,
            requested: days,
            remaining,
        });
        assert_eq!(result, expected, "{earlier:?} + {days}");
    }
}

#[test]
fn r3_6_1_a_leave_across_new_year_counts_in_each_year() {
    let mut book = book();
    let now = t("2026-12-01 00:00");
    book.register(t("2026-12-02 00:00"), 40, LeaveKind::Regular, now)
        .unwrap();
    // 30 days in 2026, 10 in 2027.
    assert_eq!(book.days_in_year(2026, LeaveKind::Regular), 30);
    assert_eq!(book.days_in_year(2027, LeaveKind::Regular), 10);
    // So 2026 has 15 days left and 2027 has 35.
    assert_eq!(book.remaining_in_year(2026, LeaveKind::Regular), 15);
    let crossing = book.register(t("2027-01-11 00:00"), 36, LeaveKind::Regular, now);
    assert_eq!(
        crossing,
        Err(LeaveError::ExceedsYearlyAllowance {
            year: 2027,
            kind: LeaveKind::Regular,
            requested: 36,
            remaining: 35,
        })
    );
    assert!(
        book.register(t("2027-01-11 00:00"), 35, LeaveKind::Regular, now)
            .is_ok()
    );
}

#[test]
fn r3_6_2_registered_in_advance_and_no_moves_during_leave() {
    let mut book = book();
    let table = [
        ("2026-03-01 11:59", Err(())),
        ("2026-03-01 12:00", Ok(())),
        ("2026-03-10 00:00", Ok(())),
    ];
    for (start, expected) in table {
        let result = book.register(t(start), 1, LeaveKind::Regular, t(NOW));
        assert_eq!(result.is_ok(), expected.is_ok(), "{start}");
        if let Err(error) = result {
            assert!(matches!(error, LeaveError::StartsInPast { .. }));
        }
    }
    let id = book.leaves()[1].id;
    for (now, may_move) in [
        ("2026-03-09 23:59", true),
        ("2026-03-10 00:00", false),
        ("2026-03-10 23:59", false),
        ("2026-03-11 00:00", true),
    ] {
        let result = book.check_may_move(t(now));
        assert_eq!(result.is_ok(), may_move, "{now}");
        if !may_move {
            assert_eq!(
                result,
                Err(LeaveError::OnLeave {
                    id,
                    until: t("2026-03-11 00:00")
                })
            );
        }
    }
}

#[test]
fn r3_6_3_extra_leave_up_to_15_days_may_start_in_the_past() {
    let mut book = book();
    let past = t("2026-02-20 00:00");
    assert!(book.register(past, 15, LeaveKind::Extra, t(NOW)).is_ok());
    let more = book.register(t("2026-04-01 00:00"), 1, LeaveKind::Extra, t(NOW));
    assert!(matches!(
        more,
        Err(LeaveError::ExceedsYearlyAllowance {
            remaining: 0,
            kind: LeaveKind::Extra,
            ..
        })
    ));
    // The regular allowance is untouched, and an extension may follow at once.
    assert_eq!(book.remaining_in_year(2026, LeaveKind::Regular), 45);
    assert!(
        book.register(t("2026-03-07 00:00"), 45, LeaveKind::Regular, t(NOW))
            .is_ok()
    );
}

#[test]
fn leaves_never_overlap() {
    let mut book = book();
    let first = book
        .register(t("2026-04-01 00:00"), 10, LeaveKind::Regular, t(NOW))
        .unwrap();
    let table = [
        ("2026-03-25 00:00", 7, false),
        ("2026-03-25 00:00", 8, true),
        ("2026-04-05 00:00", 1, true),
        ("2026-04-10 23:00", 3, true),
        ("2026-04-11 00:00", 3, false),
    ];
    for (start, days, overlaps) in table {
        let mut trial = book.clone();
        let result = trial.register(t(start), days, LeaveKind::Regular, t(NOW));
        assert_eq!(
            result == Err(LeaveError::Overlaps { other: first }),
            overlaps,
            "{start}"
        );
    }
}

#[test]
fn cancel_before_start_cut_short_while_running() {
    let mut book = book();
    let id = book
        .register(t("2026-04-01 00:00"), 10, LeaveKind::Regular, t(NOW))
        .unwrap();
    assert_eq!(
        book.cut_short(id, t(NOW)),
        Err(LeaveError::NotStarted { id })
    );
    assert_eq!(
        book.cancel(id, t("2026-04-01 00:00")),
        Err(LeaveError::AlreadyStarted { id })
    );
    assert_eq!(
        book.cut_short(id, t("2026-04-11 00:00")),
        Err(LeaveError::AlreadyEnded { id })
    );
    let cut = book.cut_short(id, t("2026-04-03 06:00")).unwrap();
    assert_eq!(cut.span.end, t("2026-04-03 06:00"));
    // A started day counts as a whole day.
    assert_eq!(book.days_in_year(2026, LeaveKind::Regular), 3);
    let later = book
        .register(t("2026-05-01 00:00"), 5, LeaveKind::Regular, t(NOW))
        .unwrap();
    assert!(book.cancel(later, t(NOW)).is_ok());
    assert_eq!(book.cancel(later, t(NOW)), Err(LeaveError::Unknown(later)));
    assert_eq!(book.leaves().len(), 1);
    assert_eq!(
        book.cancel(LeaveKey(99), t(NOW)),
        Err(LeaveError::Unknown(LeaveKey(99)))
    );
}

#[test]
fn zero_day_and_overlong_leave_are_refused() {
    let mut book = book();
    let start = t("2026-04-01 00:00");
    let table = [
        (0, LeaveError::ZeroDays),
        (
            733,
            LeaveError::TooLong {
                days: 733,
                max: 732,
            },
        ),
        (
            u32::MAX,
            LeaveError::TooLong {
                days: u32::MAX,
                max: 732,
            },
        ),
    ];
    for (days, error) in table {
        assert_eq!(
            book.register(start, days, LeaveKind::Regular, t(NOW)),
            Err(error.clone())
        );
        let postal = book.register_postal(d("2026-04-01"), days, LeaveKind::Extra, d("2026-03-01"));
        assert_eq!(postal, Err(error));
    }
}

#[test]
fn r3_6_3_the_arbiter_extends_a_running_leave_with_extra_leave() {
    let mut book = book();
    book.register(t("2026-03-05 00:00"), 10, LeaveKind::Regular, t(NOW))
        .unwrap();
    // On the leave's last day the arbiter adds 5 extra days right after it.
    let running = t("2026-03-14 09:00");
    book.register(t("2026-03-15 00:00"), 5, LeaveKind::Extra, running)
        .unwrap();
    assert_eq!(
        book.timeline().spans(),
        [Span::new(t("2026-03-05 00:00"), t("2026-03-20 00:00"))]
    );
    assert_eq!(
        book.check_may_move(t("2026-03-17 00:00")),
        Err(LeaveError::OnLeave {
            id: book.leaves()[1].id,
            until: t("2026-03-20 00:00")
        })
    );
}

#[test]
fn r2_7_1_postal_allowance_is_per_calendar_year() {
    let mut book = LeaveBook::new(LeaveAllowance::from_regulation(&Regulation::postal()));
    let ok = book.register_postal(d("2026-05-01"), 45, LeaveKind::Regular, d("2026-04-01"));
    assert!(ok.is_ok());
    let over = book.register_postal(d("2026-08-01"), 1, LeaveKind::Regular, d("2026-04-01"));
    assert!(matches!(
        over,
        Err(LeaveError::ExceedsYearlyAllowance { year: 2026, .. })
    ));
    let next_year = book.register_postal(d("2027-01-01"), 45, LeaveKind::Regular, d("2026-12-01"));
    assert!(next_year.is_ok());
}

#[test]
fn r2_7_6_a_leave_announced_late_counts_from_the_notice() {
    let table = [
        ("2026-05-01", "2026-04-20", "2026-05-01", 10),
        ("2026-05-01", "2026-05-01", "2026-05-01", 10),
        ("2026-05-01", "2026-05-04", "2026-05-04", 7),
        ("2026-05-01", "2026-05-10", "2026-05-10", 1),
    ];
    for (first, notice, effective, days) in table {
        let mut book = LeaveBook::new(LeaveAllowance::from_regulation(&Regulation::postal()));
        book.register_postal(d(first), 10, LeaveKind::Regular, d(notice))
            .unwrap();
        let leave = book.leaves()[0];
        assert_eq!(
            leave.span.start,
            d(effective).and_hms_opt(0, 0, 0).unwrap().and_utc()
        );
        assert_eq!(leave.days(), days, "{notice}");
    }
    let mut book = LeaveBook::new(LeaveAllowance::from_regulation(&Regulation::postal()));
    let too_late = book.register_postal(d("2026-05-01"), 10, LeaveKind::Regular, d("2026-05-11"));
    assert_eq!(too_late, Err(LeaveError::NoticeAfterLeave));
}

#[test]
fn postal_leave_years_follow_the_regulation_zone() {
    // At UTC+3, 1 January starts at 21:00 UTC on 31 December.
    let regulation = Regulation {
        utc_offset_minutes: 180,
        ..Regulation::postal()
    };
    let mut book = LeaveBook::new(LeaveAllowance::from_regulation(&regulation));
    book.register_postal(d("2026-12-30"), 4, LeaveKind::Regular, d("2026-12-01"))
        .unwrap();
    assert_eq!(book.leaves()[0].span.start, t("2026-12-29 21:00"));
    assert_eq!(book.days_in_year(2026, LeaveKind::Regular), 2);
    assert_eq!(book.days_in_year(2027, LeaveKind::Regular), 2);
}

#[test]
fn timeline_merges_and_measures_exactly() {
    let spans = [
        Span::new(t("2026-01-10 00:00"), t("2026-01-12 00:00")),
        Span::new(t("2026-01-01 00:00"), t("2026-01-03 00:00")),
        Span::new(t("2026-01-02 00:00"), t("2026-01-04 00:00")),
        Span::new(t("2026-01-12 00:00"), t("2026-01-13 00:00")),
        Span::new(t("2026-01-20 00:00"), t("2026-01-20 00:00")),
    ];
    let timeline = LeaveTimeline::from_spans(spans);
    assert_eq!(
        timeline.spans(),
        [
            Span::new(t("2026-01-01 00:00"), t("2026-01-04 00:00")),
            Span::new(t("2026-01-10 00:00"), t("2026-01-13 00:00")),
        ]
    );
    let from = t("2026-01-02 12:00");
    let to = t("2026-01-11 00:00");
    assert_eq!(timeline.overlap(from, to), Duration::hours(36 + 24));
    assert_eq!(timeline.active(from, to), Duration::days(6));
    assert_eq!(
        timeline.after_active(from, Duration::days(6)),
        t("2026-01-10 00:00")
    );
    assert_eq!(
        timeline.after_active(from, Duration::days(7)),
        t("2026-01-14 00:00")
    );
    assert_eq!(timeline.after_active(from, Duration::zero()), from);
    assert!(timeline.contains(from));
    assert!(!timeline.contains(t("2026-01-13 00:00")));
}
