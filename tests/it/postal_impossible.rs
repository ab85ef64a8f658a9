//! R2.4.9, R2.4.10, R2.3.9, R2.3.10: a card of a game by post that
//! carried an impossible move, or none, is recorded as sent: the move is
//! not played, its sender's time gets 5 penalty days, 10 on each
//! repetition, and the partner is told. Without the word `impossible` the
//! move is refused with its reason and the offer, and nothing changes.

use crate::support::db::{TestDb, on_both};
use crate::support::world::World;

on_both!(
    an_impossible_card_is_offered_then_recorded_with_its_penalty_r2_4_9,
    a_repeated_impossible_card_costs_ten_days_and_a_possible_one_is_refused_r2_4_10,
    the_same_impossible_card_typed_twice_is_recorded_once,
);

/// bob (White) and carol in a postal event started on 2026-01-05, their
/// first cards exchanged: bob 1 day, carol 5 days.
async fn cards_game(t: &TestDb) -> World {
    let mut w = World::new(&t.db);
    w.english(&["alice", "bob", "carol"]).await;
    w.started_event("rules=postal", &["bob", "carol"]).await;
    w.say("@bob: /card e2-e4 written=2026-01-06 postmark=2026-01-06,2026-01-09")
        .await;
    w.say("@carol: /card e7-e5 repeat=e2-e4 written=2026-01-13 receipt=2026-01-14")
        .await;
    w.say("@bob: /card received=2026-01-16").await;
    w
}

async fn an_impossible_card_is_offered_then_recorded_with_its_penalty_r2_4_9(t: &TestDb) {
    let mut w = cards_game(t).await;
    // A knight cannot go from g1 to d4.
    let asked = w
        .ask("bob", "/card Кg1-d4 repeat=e7-e5 written=2026-01-20")
        .await;
    let text = &asked[0].text;
    assert!(
        text.contains("enter it as a card with an impossible move"),
        "{text}"
    );
    let command = &asked[0].buttons[0].command;
    assert_eq!(
        command,
        "/card #1 Кg1-d4 repeat=e7-e5 written=2026-01-20 impossible"
    );
    // The refusal changed nothing.
    let out = w.say("@bob: /time 1").await.join("\n");
    assert!(
        out.contains("White used 1\u{a0}day, 49\u{a0}days left"),
        "{out}"
    );
    // The button records the card: 5 penalty days, the partner told.
    let out = w.say(&format!("@bob: {command}")).await.join("\n");
    assert!(
        out.contains("a penalty of 5\u{a0}days has been added to your time"),
        "{out}"
    );
    assert!(
        out.contains("2. Кg1-d4 from bob: IMPOSSIBLE MOVE, not played"),
        "{out}"
    );
    assert!(
        out.contains("White used 6\u{a0}days, 44\u{a0}days left"),
        "{out}"
    );
    assert!(
        out.contains(
            "@carol: Game #1: a card with the impossible move \"Кg1-d4\" has been entered"
        ),
        "{out}"
    );
    // Still bob's move; the replacement counts from carol's card received.
    let game = w.game(1).await;
    assert_eq!(game.ply, 2);
    let out = w
        .say("@bob: /card Кg1-f3 repeat=e7-e5 written=2026-01-24")
        .await
        .join("\n");
    // 16 to 24 January: 8 days, on top of 1 day and the 5 penalty days.
    assert!(out.contains("2. Кg1-f3 from bob"), "{out}");
    assert!(out.contains("8\u{a0}days (in total 14\u{a0}days)"), "{out}");
    assert!(
        out.contains("White used 14\u{a0}days, 36\u{a0}days left"),
        "{out}"
    );
}

async fn a_repeated_impossible_card_costs_ten_days_and_a_possible_one_is_refused_r2_4_10(
    t: &TestDb,
) {
    let mut w = cards_game(t).await;
    let out = w
        .say("@bob: /card Кg1-f3 impossible written=2026-01-20")
        .await
        .join("\n");
    assert!(
        out.contains("The move Кg1-f3 is possible in game #1"),
        "{out}"
    );
    // A card without a move counts as one with an impossible move (R2.3.9).
    let out = w
        .say("@bob: /card impossible written=2026-01-20")
        .await
        .join("\n");
    assert!(
        out.contains("2. (no move) from bob: IMPOSSIBLE MOVE"),
        "{out}"
    );
    assert!(
        out.contains("@carol: Game #1: a card without a move has been entered"),
        "{out}"
    );
    let out = w
        .say("@bob: /card Кg1-d4 impossible written=2026-01-22")
        .await
        .join("\n");
    assert!(
        out.contains("a penalty of 10\u{a0}days has been added"),
        "{out}"
    );
    assert!(
        out.contains("White used 16\u{a0}days, 34\u{a0}days left"),
        "{out}"
    );
    let out = w.say("@carol: /time 1").await.join("\n");
    assert!(
        out.contains("White used 16\u{a0}days, 34\u{a0}days left"),
        "{out}"
    );
}

/// A card typed again word for word (a resent message, a double tap) is
/// the same card: recorded once, one penalty, the partner told once.
async fn the_same_impossible_card_typed_twice_is_recorded_once(t: &TestDb) {
    let mut w = cards_game(t).await;
    let card = "@bob: /card Кg1-d4 impossible written=2026-01-20";
    let first = w.say(card).await.join("\n");
    assert!(first.contains("a penalty of 5\u{a0}days"), "{first}");
    let again = w.say(card).await.join("\n");
    assert!(
        again.contains("has already been entered; it was not recorded again"),
        "{again}"
    );
    assert!(!again.contains("@carol"), "{again}");
    let out = w.say("@carol: /time 1").await.join("\n");
    assert!(
        out.contains("White used 6\u{a0}days, 44\u{a0}days left"),
        "{out}"
    );
}
