//! Settling a card's dates (R2.2.2–R2.2.7) and counting the ledger (R2.4).

use chrono::NaiveDate;

use super::*;
use crate::core::regulation::Regulation;

fn d(month: u32, day: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, month, day).unwrap()
}

#[test]
fn r2_2_3_the_postmark_wins_over_the_written_date() {
    let card = Card {
        written: Some(d(1, 10)),
        postmarks: vec![d(1, 12)],
        received: Some(d(1, 15)),
        ..Card::default()
    };
    let settled = settle(&card);
    assert_eq!(settled.sent, Some((d(1, 12), SentBy::Postmark)));
    assert_eq!(settled.received, Some((d(1, 15), ReceivedBy::Recipient)));
}

#[test]
fn r2_2_4_the_receipt_wins_over_the_postmark() {
    let card = Card {
        written: Some(d(1, 10)),
        postmarks: vec![d(1, 13)],
        receipt: Some(d(1, 11)),
        ..Card::default()
    };
    assert_eq!(settle(&card).sent, Some((d(1, 11), SentBy::Receipt)));
}

#[test]
fn r2_2_5_earlier_postmark_for_the_sender_later_for_the_recipient() {
    let card = Card {
        postmarks: vec![d(1, 16), d(1, 12)],
        received: Some(d(1, 18)),
        ..Card::default()
    };
    let settled = settle(&card);
    assert_eq!(settled.sent, Some((d(1, 12), SentBy::Postmark)));
    assert_eq!(settled.received, Some((d(1, 16), ReceivedBy::Postmark)));
}

#[test]
fn r2_2_6_and_r2_2_7_without_postmarks() {
    let card = Card {
        written: Some(d(1, 10)),
        received: Some(d(1, 14)),
        ..Card::default()
    };
    assert_eq!(settle(&card).sent, Some((d(1, 10), SentBy::Written)));
    let card = Card {
        received: Some(d(1, 14)),
        ..Card::default()
    };
    assert_eq!(settle(&card).sent, Some((d(1, 14), SentBy::Reply)));
    assert_eq!(
        settle(&Card::default()),
        Settled {
            sent: None,
            received: None
        }
    );
}

#[test]
fn r2_4_4_and_r2_4_9_the_ledger_counts_time_and_penalties() {
    let clock = PostalClock::new(&Regulation::postal());
    let empty = LeaveTimeline::empty();
    let cards = [
        Card {
            postmarks: vec![d(1, 7), d(1, 10)],
            ..Card::default()
        },
        Card {
            written: Some(d(1, 14)),
            received: Some(d(1, 20)),
            repeat_ok: Some(false),
            ..Card::default()
        },
        Card {
            written: Some(d(1, 25)),
            repeat_ok: Some(true),
            ..Card::default()
        },
    ];
    let counted = count(&clock, (d(1, 5), false), &cards, [&empty, &empty]);
    assert_eq!(counted[0].cost, 2);
    assert_eq!(counted[1].cost, 4);
    assert_eq!(counted[1].penalties, vec![PenaltyError::WrongRepeat]);
    assert_eq!(counted[1].total, 9);
    assert_eq!(counted[2].cost, 5);
    assert_eq!(counted[2].total, 7);
}

#[test]
fn r2_4_12_and_r2_6_1_late_cards_must_be_registered_and_overstep() {
    let clock = PostalClock::new(&Regulation::postal());
    let empty = LeaveTimeline::empty();
    let cards = [Card {
        written: Some(d(2, 26)),
        ..Card::default()
    }];
    let counted = count(&clock, (d(1, 5), false), &cards, [&empty, &empty]);
    assert_eq!(counted[0].cost, 52);
    assert_eq!(counted[0].penalties, vec![PenaltyError::NoRegisteredMail]);
    assert!(counted[0].overstep);
}

/// R2.4.9, R2.4.10, R2.3.10: each card with an impossible move adds 5
/// penalty days to its sender's time, 10 on a repetition of that error in
/// the game; the move's time runs on until the possible move is sent, and
/// a penalty whose replacement is still awaited counts already.
#[test]
fn r2_4_9_impossible_cards_add_five_then_ten_days() {
    let clock = PostalClock::new(&Regulation::postal());
    let empty = LeaveTimeline::empty();
    let cards = [
        Card {
            postmarks: vec![d(1, 7), d(1, 10)],
            ..Card::default()
        },
        Card {
            written: Some(d(1, 14)),
            received: Some(d(1, 20)),
            repeat_ok: Some(true),
            ..Card::default()
        },
    ];
    let plain = count(&clock, (d(1, 5), false), &cards, [&empty, &empty]);
    // Black sent two impossible moves before the card at index 1, White
    // one after it, whose replacement is still awaited.
    let ledger = count_ledger(
        &clock,
        (d(1, 5), false),
        (&cards, &[1, 1, 2]),
        [&empty, &empty],
    );
    assert_eq!(ledger.impossible_days, vec![5, 10, 5]);
    assert_eq!(ledger.counts[1].cost, plain[1].cost, "no date moves");
    assert_eq!(ledger.counts[1].total, plain[1].total + 15);
    assert!(
        ledger.counts[1].penalties.is_empty(),
        "shown on its own card"
    );
    assert_eq!(
        ledger.awaiting_days,
        [5, 0],
        "White's replacement is awaited"
    );
}
