//! Issue 18: every clock a player sees in a postal game (the move notice,
//! `/time`, `/record`, `/games`, the digest) shows the instant from which
//! sending the pending move oversteps the norm (R2.4.3, R2.6.1): the
//! midnight of the event's zone for the rule dates (R2.4.4), shown in the
//! player's zone; past it, by how many days the time is exceeded, never a
//! negative count.

use chrono::Duration;

use crate::support::db::{TestDb, on_both};
use crate::support::world::World;

on_both!(
    a_postal_deadline_is_an_instant_in_the_players_zone_r2_6_1,
    past_the_norm_the_clock_says_by_how_much_never_a_negative_count_r2_6_1,
    a_game_by_post_has_its_deadline_from_the_cards_r2_2_r2_6_1,
    the_cards_clocks_count_the_arbiters_penalty_days_r2_4_9,
);

/// bob (White) and carol in a postal event started on 2026-01-05 (Kyiv
/// date), 50 days per 10 moves (R2.4.3).
async fn postal_game(t: &TestDb) -> World {
    let mut w = World::new(&t.db);
    w.english(&["alice", "bob", "carol"]).await;
    w.started_event("rules=postal", &["bob", "carol"]).await;
    w
}

async fn a_postal_deadline_is_an_instant_in_the_players_zone_r2_6_1(t: &TestDb) {
    let mut w = postal_game(t).await;
    // Sent on 24 February the first move costs 50 days, within the norm;
    // on 25 February, 51 days: over it (R2.6.1).
    let out = w.say("@bob: /time 1").await.join("\n");
    assert!(
        out.contains(
            "send it by 24.02.2026\u{a0}23:59 (Kyiv) at the latest, or your time is exceeded"
        ),
        "{out}"
    );
    let out = w.say("@carol: /time 1").await.join("\n");
    assert!(
        out.contains("White to move: 0\u{a0}days on this move so far; a move sent after 24.02.2026\u{a0}23:59 (Kyiv) exceeds the time limit"),
        "{out}"
    );
    // The same instant in bob's own zone; the rule date stays Kyiv's.
    w.say("@bob: /timezone Europe/Berlin").await;
    let out = w.say("@bob: /games").await.join("\n");
    assert!(
        out.contains("send it by 24.02.2026\u{a0}22:59 (Berlin) at the latest"),
        "{out}"
    );
    w.clock.advance(Duration::days(3));
    let out = w.say("@bob: e2-e4").await.join("\n");
    // carol received the move on 8 January: 50 days from then.
    assert!(
        out.contains(
            "Send your move by 27.02.2026\u{a0}23:59 (Kyiv) at the latest, or your time is exceeded."
        ),
        "{out}"
    );
    let out = w.say("@carol: /record 1").await.join("\n");
    assert!(
        out.contains(
            "Your move in game #1: 0\u{a0}days on it so far; send it by 27.02.2026\u{a0}23:59 (Kyiv) at the latest"
        ),
        "{out}"
    );
}

async fn past_the_norm_the_clock_says_by_how_much_never_a_negative_count_r2_6_1(t: &TestDb) {
    let mut w = postal_game(t).await;
    // 60 days without White's first move: 10 days over the 50 (R2.6.1).
    w.clock.advance(Duration::days(60));
    w.console.tick().await.unwrap();
    for (user, command) in [("bob", "/time 1"), ("bob", "/games"), ("carol", "/time 1")] {
        let out = w.say(&format!("@{user}: {command}")).await.join("\n");
        assert!(
            out.contains("time exceeded by 10\u{a0}days"),
            "{command}: {out}"
        );
        assert!(!out.contains(" -"), "{command}: a negative count: {out}");
        assert!(
            !out.contains("at the latest"),
            "{command}: a past deadline: {out}"
        );
    }
    let out = w.say("@bob: /time 1").await.join("\n");
    assert!(
        out.contains(
            "Your move in game #1: 60\u{a0}days on it so far; time exceeded by 10\u{a0}days"
        ),
        "{out}"
    );
    // The move still goes, and the partner gets a deadline ahead.
    let out = w.say("@bob: e2-e4").await.join("\n");
    assert!(
        out.contains("Time: White used 60\u{a0}days, time exceeded by 10\u{a0}days;"),
        "{out}"
    );
    assert!(out.contains("Send your move by "), "{out}");
}

async fn a_game_by_post_has_its_deadline_from_the_cards_r2_2_r2_6_1(t: &TestDb) {
    let mut w = postal_game(t).await;
    // bob's card stamped 6 and 9 January: sent 6, received 9 (R2.2.5);
    // 1 day since the start (5 January), his total.
    w.say("@bob: /card e2-e4 written=2026-01-06 postmark=2026-01-06,2026-01-09")
        .await;
    // carol's reply, registered on 14 January (R2.2.4), repeating bob's
    // move wrongly: 5 days plus 5 penalty days (R2.4.9), total 10.
    w.say("@carol: /card e7-e5 repeat=d2-d4 written=2026-01-13 receipt=2026-01-14")
        .await;
    // While carol's card travels bob's move has no deadline, only days.
    let out = w.say("@bob: /time 1").await.join("\n");
    assert!(
        !out.contains("at the latest"),
        "a deadline before receipt: {out}"
    );
    assert!(out.contains("Time: White used 1\u{a0}day"), "{out}");
    // bob states receipt on 16 January: his 1 day used leaves 49 of the
    // first 50 (R2.4.3, R2.6.1), so sending on 6 March (49 days) is within
    // the norm and on 7 March (50 days from 16 January, total 51) over it.
    w.clock.advance(Duration::days(12));
    w.say("@bob: /card received=2026-01-16").await;
    let out = w.say("@bob: /time 1").await.join("\n");
    assert!(
        out.contains(
            "send it by 06.03.2026\u{a0}23:59 (Kyiv) at the latest, or your time is exceeded"
        ),
        "{out}"
    );
    // The partner sees the same instant; carol's total of 10 is hers.
    let out = w.say("@carol: /time 1").await.join("\n");
    assert!(
        out.contains("a move sent after 06.03.2026\u{a0}23:59 (Kyiv) exceeds the time limit"),
        "{out}"
    );
    // Past it: by how many days, never a negative count.
    w.clock.advance(Duration::days(55));
    let out = w.say("@bob: /time 1").await.join("\n");
    assert!(out.contains("time exceeded by "), "{out}");
    assert!(!out.contains(" -"), "a negative count: {out}");
}

/// R2.4.9, R2.4.1: in a game kept by cards, penalty days the arbiter adds
/// count in the player's time wherever the clocks are shown (`/time`,
/// `/ledger`), as they do in the pending move's deadline.
async fn the_cards_clocks_count_the_arbiters_penalty_days_r2_4_9(t: &TestDb) {
    let mut w = postal_game(t).await;
    w.say("@bob: /card e2-e4 written=2026-01-06 postmark=2026-01-06,2026-01-09")
        .await;
    w.say("@carol: /card e7-e5 repeat=e2-e4 written=2026-01-13 receipt=2026-01-14")
        .await;
    let out = w.say("@bob: /time 1").await.join("\n");
    assert!(
        out.contains(
            "White used 1\u{a0}day, 49\u{a0}days left; Black used 5\u{a0}days, 45\u{a0}days left"
        ),
        "{out}"
    );
    w.say("@carol: /ask #1 Please look at the game.").await;
    let out = w.say("@alice: /rule 1 penalty #1 @carol 3 -- late").await;
    assert!(!out[0].contains("Cannot"), "{out:?}");
    let out = w.say("@bob: /time 1").await.join("\n");
    assert!(
        out.contains("Black used 8\u{a0}days, 42\u{a0}days left"),
        "{out}"
    );
    let out = w.say("@bob: /ledger 1").await.join("\n");
    assert!(
        out.contains("Black used 8\u{a0}days, 42\u{a0}days left"),
        "{out}"
    );
}
