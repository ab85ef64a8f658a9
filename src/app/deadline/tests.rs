use chrono::{NaiveDate, TimeZone, Utc};
use serde_json::{Value, json};

use super::{Due, GameDue, PostalDue};
use crate::store::{CaseId, Deadline, DeadlineId, RequestId};

fn date() -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, 3, 9).unwrap()
}

fn game(due: GameDue) -> Due {
    Due::Game { ply: 7, due }
}

fn postal(due: PostalDue) -> Due {
    game(GameDue::Postal(due))
}

/// Every kind, with the exact kind string and payload the rows have
/// always been written with.
fn pinned() -> Vec<(Due, &'static str, Value)> {
    vec![
        (
            game(GameDue::Reminder { days: 14 }),
            "reminder",
            json!({ "ply": 7, "days": 14 }),
        ),
        (
            game(GameDue::ContinuationDue { days: 35 }),
            "continuation_due",
            json!({ "ply": 7, "days": 35 }),
        ),
        (
            game(GameDue::SilenceCase { days: 40 }),
            "silence_case",
            json!({ "ply": 7, "days": 40 }),
        ),
        (
            game(GameDue::LossOnTime { days: 0 }),
            "loss_on_time",
            json!({ "ply": 7, "days": 0 }),
        ),
        (
            postal(PostalDue::Repeat { since: date() }),
            "postal_repeat",
            json!({ "ply": 7, "since": "2026-03-09" }),
        ),
        (
            postal(PostalDue::Report { since: date() }),
            "postal_report",
            json!({ "ply": 7, "since": "2026-03-09" }),
        ),
        (
            postal(PostalDue::FirstMove { since: date() }),
            "postal_first_move",
            json!({ "ply": 7, "since": "2026-03-09" }),
        ),
        (
            postal(PostalDue::TwoMonths { since: date() }),
            "postal_two_months",
            json!({ "ply": 7, "since": "2026-03-09" }),
        ),
        (
            postal(PostalDue::Objection { case: CaseId(12) }),
            "postal_objection",
            json!({ "ply": 7, "case": 12 }),
        ),
        (
            postal(PostalDue::LeaveRepeat {
                from: "10.03.2026".to_owned(),
                until: "20.03.2026".to_owned(),
            }),
            "postal_leave_repeat",
            json!({ "ply": 7, "from": "10.03.2026", "until": "20.03.2026" }),
        ),
        (
            Due::RequestUnanswered {
                request: RequestId(3),
            },
            "request_unanswered",
            json!({ "request": 3 }),
        ),
        (
            Due::AbsenceOverdue { absence: 5 },
            "absence_overdue",
            json!({ "absence": 5 }),
        ),
        (Due::Digest, "digest", json!({})),
    ]
}

/// Which variant `due` is: a new variant does not compile until it is
/// given a place here and a row in [`pinned`].
fn variant(due: &Due) -> usize {
    match due {
        Due::Game { due, .. } => match due {
            GameDue::Reminder { .. } => 0,
            GameDue::ContinuationDue { .. } => 1,
            GameDue::SilenceCase { .. } => 2,
            GameDue::LossOnTime { .. } => 3,
            GameDue::Postal(postal) => match postal {
                PostalDue::Repeat { .. } => 4,
                PostalDue::Report { .. } => 5,
                PostalDue::FirstMove { .. } => 6,
                PostalDue::TwoMonths { .. } => 7,
                PostalDue::Objection { .. } => 8,
                PostalDue::LeaveRepeat { .. } => 9,
            },
        },
        Due::RequestUnanswered { .. } => 10,
        Due::AbsenceOverdue { .. } => 11,
        Due::Digest => 12,
    }
}

#[test]
fn every_variant_is_pinned_once() {
    let seen: Vec<usize> = pinned().iter().map(|(due, ..)| variant(due)).collect();
    assert_eq!(seen, (0..13).collect::<Vec<_>>());
}

#[test]
fn each_variant_is_stored_as_the_rows_are() {
    for (due, kind, payload) in pinned() {
        let (stored_kind, stored_payload) = due.clone().into_parts().unwrap();
        assert_eq!(stored_kind, kind, "{due:?}");
        assert_eq!(stored_payload, payload, "{due:?}");
        let at = Utc.with_ymd_and_hms(2026, 3, 9, 0, 0, 0).unwrap();
        let new = due.deadline(at).unwrap();
        assert_eq!(
            (new.due_at, new.kind.as_str(), new.payload),
            (at, kind, payload)
        );
    }
}

#[test]
fn every_variant_round_trips() {
    for (due, ..) in pinned() {
        let (kind, payload) = due.clone().into_parts().unwrap();
        assert_eq!(Due::from_parts(&kind, &payload).unwrap(), due);
    }
}

#[test]
fn a_payload_with_more_keys_still_decodes() {
    let payload = json!({ "ply": 7, "days": 14, "note": "older writer" });
    let due = Due::from_parts("reminder", &payload).unwrap();
    assert_eq!(due, game(GameDue::Reminder { days: 14 }));
}

fn row(kind: &str, payload: Value) -> Deadline {
    Deadline {
        id: DeadlineId(4_711),
        due_at: Utc.with_ymd_and_hms(2026, 3, 9, 0, 0, 0).unwrap(),
        kind: kind.to_owned(),
        key: None,
        game_id: None,
        event_id: None,
        case_id: None,
        player_id: None,
        payload,
        attempts: 0,
    }
}

#[test]
fn an_unknown_kind_is_an_error_naming_the_row() {
    let error = Due::of(&row("reminderr", json!({ "ply": 7, "days": 14 }))).unwrap_err();
    let text = format!("{error:#}");
    assert!(text.contains("deadline 4711"), "{text}");
    assert!(text.contains("\"reminderr\""), "{text}");
    assert!(text.contains("unknown variant"), "{text}");
}

#[test]
fn a_payload_that_does_not_fit_is_an_error_naming_the_row() {
    for payload in [
        json!({ "ply": 7 }),
        json!({ "ply": "7", "days": 14 }),
        Value::Null,
    ] {
        let error = Due::of(&row("reminder", payload.clone())).unwrap_err();
        let text = format!("{error:#}");
        assert!(text.contains("deadline 4711"), "{payload}: {text}");
        assert!(text.contains("\"reminder\""), "{payload}: {text}");
    }
}
