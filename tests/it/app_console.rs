//! The first vertical slice through the app: console users create and start
//! an event, play fool's mate, get refusals that change nothing, and get the
//! day-14 reminder (R3.3.1) when the scheduler is polled at a simulated time.

use chrono::Duration;
use corrbot::app::actor::{Chat, Inbound};
use corrbot::store::{GameId, GameStatus, Platform};

use crate::support::world::World;

impl World {
    async fn event_with_game(&mut self) {
        self.english(&["alice", "bob", "carol"]).await;
        let out = self.say("@alice: /event create Autumn Cup").await;
        assert!(out[0].contains("Event #1"), "{out:?}");
        self.say("@bob: /event join 1").await;
        self.say("@carol: /event join 1").await;
        let out = self.say("@alice: /event start 1").await;
        assert!(out[0].contains("has started: 1\u{a0}game,"), "{out:?}");
        assert!(
            out.iter().any(|l| l.starts_with("-> @bob: The event")),
            "{out:?}"
        );
        assert!(
            out.iter().any(|l| l.starts_with("-> @carol: The event")),
            "{out:?}"
        );
    }
}

#[tokio::test]
async fn fools_mate_end_to_end() {
    let mut w = World::sqlite().await;
    w.event_with_game().await;
    // Bob joined first, so he has White in the only game (#1).
    let out = w.say("@bob: f2-f3").await;
    assert!(out[0].contains("Game #1: you played 1. f2-f3"), "{out:?}");
    assert!(
        out.iter()
            .any(|l| l.starts_with("-> @carol: Game #1 (Autumn Cup): bob played 1. f2-f3")),
        "{out:?}"
    );
    w.clock.advance(Duration::days(3));
    w.say("@carol: e7-e5").await;
    w.say("@bob: /move #1 g2-g4").await;
    let out = w.say("@carol: Фd8-h4").await;
    assert!(out[0].contains("0-1 (checkmate)"), "{out:?}");
    assert!(
        out.iter()
            .any(|l| l.starts_with("-> @bob: Game #1 is over")),
        "{out:?}"
    );
    let game = w.game(1).await;
    assert_eq!(game.status, GameStatus::Finished);
    assert_eq!(game.result_text(), Some("0-1"));
    assert_eq!(game.ply, 4);
    let mut tx = w.db.read().await.unwrap();
    let event = tx.event(corrbot::store::EventId(1)).await.unwrap();
    assert_eq!(event.status, corrbot::store::EventStatus::Finished);
    drop(tx);
    let mut tx = w.db.read().await.unwrap();
    assert!(tx.deadlines_of_game(GameId(1)).await.unwrap().is_empty());
    assert_eq!(tx.moves(GameId(1)).await.unwrap()[1].charged_days, 3);
    drop(tx);
    let out = w.say("@bob: e2-e4").await;
    assert!(out[0].contains("no game where it is your move"), "{out:?}");
    // [player-2]: after the last game, /standings shows the final table.
    for user in ["bob", "carol"] {
        let out = w.say(&format!("@{user}: /standings")).await;
        assert!(out[0].contains("Standings of event #1"), "{out:?}");
        assert!(out[0].contains("1. carol"), "{out:?}");
    }
    w.finish().await;
}

#[tokio::test]
async fn bad_inputs_are_refused_and_change_nothing() {
    let mut w = World::sqlite().await;
    w.event_with_game().await;
    let before = w.game(1).await;
    let cases = [
        ("@bob: e2-e5", "cannot move from e2 to e5"),
        ("@carol: e7-e5", "not your turn"),
        ("@alice: /move #1 e2-e4", "not yours"),
        ("@bob: /move #9 e2-e4", "no game #9"),
        ("@bob: /frobnicate", "Unknown command"),
        ("@carol: /event create Mine", "role does not allow"),
        ("@carol: /event start 1", "role does not allow"),
    ];
    for (line, expected) in cases {
        let out = w.say(line).await;
        assert_eq!(out.len(), 1, "{line}: {out:?}");
        assert!(out[0].contains(expected), "{line}: {out:?}");
    }
    let long = format!("@bob: {}", "x".repeat(1200));
    let out = w.say(&long).await;
    assert!(out[0].contains("too long"), "{out:?}");
    assert_eq!(w.game(1).await, before);
    w.finish().await;
}

#[tokio::test]
async fn a_redelivered_update_gets_the_same_reply_and_changes_nothing() {
    let mut w = World::sqlite().await;
    w.event_with_game().await;
    let inbound = Inbound {
        platform: Platform::Console,
        update_id: "update-42".into(),
        user_id: "bob".into(),
        display_name: "bob".into(),
        handle: Some("bob".into()),
        chat: Chat::Private,
        text: "e2-e4".into(),
        reply_to: None,
        client_lang: None,
    };
    let first = w.app.handle(&inbound).await.unwrap();
    let again = w.app.handle(&inbound).await.unwrap();
    assert_eq!(first, again);
    assert_eq!(w.game(1).await.ply, 1);
    w.finish().await;
}

#[tokio::test]
async fn the_day_14_reminder_arrives_at_simulated_time() {
    let mut w = World::sqlite().await;
    w.event_with_game().await;
    w.say("@bob: e2-e4").await;
    w.clock.advance(Duration::days(14) - Duration::minutes(1));
    assert!(w.console.tick().await.unwrap().is_empty());
    w.clock.advance(Duration::minutes(1));
    let out = w.console.tick().await.unwrap();
    assert_eq!(out.len(), 1, "{out:?}");
    assert!(out[0].starts_with("-> @carol: Reminder"), "{out:?}");
    assert!(out[0].contains("game #1 for 14\u{a0}days"), "{out:?}");
    w.finish().await;
}

#[tokio::test]
async fn silence_goes_to_the_arbiter_and_time_runs_out() {
    let mut w = World::sqlite().await;
    w.english(&["alice", "bob", "carol"]).await;
    w.say("@alice: /event create Long control=100/10").await;
    w.say("@bob: /event join 1").await;
    w.say("@carol: /event join 1").await;
    w.say("@alice: /event start 1").await;
    w.say("@bob: e2-e4").await;
    // R3.3.2: 35 days of silence, the continuation notice; 40, the arbiter's case.
    w.clock.advance(Duration::days(35));
    let out = w.console.tick().await.unwrap();
    assert!(
        out.iter().any(|l| l.contains(
            "Tell the arbiter and your partner by 14.02.2026\u{a0}10:59 (Kyiv) at the latest"
        )),
        "{out:?}"
    );
    w.clock.advance(Duration::days(5));
    let out = w.console.tick().await.unwrap();
    // The case reaches the arbiter (no channel: privately), the silent
    // player and the partner.
    assert_eq!(out.len(), 3, "{out:?}");
    assert!(
        out[0].starts_with("-> @alice: ⚖ Case #1: 40\u{a0}days without a move"),
        "{out:?}"
    );
    assert!(out[0].contains("Parties: carol"), "{out:?}");
    assert!(out[1].starts_with("-> @carol: ⚖ Case #1"), "{out:?}");
    assert!(out[2].starts_with("-> @bob: ⚖ Case #1"), "{out:?}");
    // R3.5.7: 100 days with doubling after 20 run out after 61 days; both
    // players and the arbiter (no channel: privately, R3.1.6) are told.
    w.clock.advance(Duration::days(21));
    let out = w.console.tick().await.unwrap();
    // The last game's end ends the event: its table to the players and
    // the arbiter (R1.1).
    assert_eq!(out.len(), 6, "{out:?}");
    let (over, end) = out.split_at(3);
    assert!(over.iter().any(|l| l.starts_with("-> @alice:")), "{out:?}");
    assert!(
        over.iter().all(|l| l.contains("1-0 (time forfeit)")),
        "{out:?}"
    );
    assert!(
        end.iter().all(|l| l.contains("\"Long\" is over")),
        "{out:?}"
    );
    let game = w.game(1).await;
    assert_eq!(game.status, GameStatus::Finished);
    assert_eq!(game.result_reason.as_deref(), Some("result-time-forfeit"));
    w.finish().await;
}

#[tokio::test]
async fn games_time_and_resign_with_confirmation() {
    let mut w = World::sqlite().await;
    w.event_with_game().await;
    w.say("@bob: e2-e4").await;
    w.clock.advance(Duration::days(2));
    let out = w.say("@carol: /games").await;
    assert!(
        out[0].starts_with("-> @carol: Your move:\n")
            && out[0].contains(
                "#1\u{a0}— opponent: bob, you play Black; last move: 1. e2-e4; 2\u{a0}days on this move; left to think: 34\u{a0}days (each day past 20\u{a0}days on one move counts double); move by 10.02.2026\u{a0}10:59 (Kyiv) at the latest"
            ),
        "{out:?}"
    );
    let out = w.say("@carol: /time").await;
    assert!(
        out[0].contains("Black used 2\u{a0}days, 48\u{a0}days left"),
        "{out:?}"
    );
    let out = w.say("@carol: /resign").await;
    assert!(out[0].contains("/resign 1 confirm"), "{out:?}");
    assert_eq!(w.game(1).await.status, GameStatus::Running);
    let out = w.say("@carol: /resign 1 confirm").await;
    assert!(out[0].contains("1-0 (resignation)"), "{out:?}");
    assert!(
        out.iter()
            .any(|l| l.starts_with("-> @bob: Game #1 is over")),
        "{out:?}"
    );
    let out = w.say("@alice: /help").await;
    assert!(!out[0].contains("[help-"), "{out:?}");
    w.finish().await;
}

#[tokio::test]
async fn draw_offers_stand_until_answered_or_a_move() {
    let mut w = World::sqlite().await;
    w.event_with_game().await;
    let out = w.say("@carol: /draw accept").await;
    assert!(out[0].contains("no open draw offer"), "{out:?}");
    let out = w.say("@bob: /draw offer").await;
    assert!(out[0].contains("draw offer has been sent"), "{out:?}");
    assert!(
        out.iter()
            .any(|l| l.starts_with("-> @carol: Game #1: bob offers a draw")),
        "{out:?}"
    );
    w.say("@bob: e2-e4").await;
    let out = w.say("@carol: /draw decline").await;
    assert!(out[0].contains("declined"), "{out:?}");
    assert!(
        out.iter()
            .any(|l| l.starts_with("-> @bob: Game #1: carol declined")),
        "{out:?}"
    );
    w.say("@carol: /draw offer 1").await;
    w.say("@carol: e7-e5").await;
    w.say("@bob: Кg1-f3").await; // moving on lets carol's offer lapse
    let out = w.say("@bob: /draw accept").await;
    assert!(out[0].contains("no open draw offer"), "{out:?}");
    w.say("@bob: /draw offer").await;
    let out = w.say("@carol: /draw accept 1").await;
    assert!(out[0].contains("½-½ (by agreement)"), "{out:?}");
    assert_eq!(w.game(1).await.result_text(), Some("1/2-1/2"));
    w.finish().await;
}

#[tokio::test]
async fn a_bare_move_with_several_games_to_move_asks_which() {
    let mut w = World::sqlite().await;
    w.english(&["alice", "bob", "carol", "dave"]).await;
    w.say("@alice: /event create Four").await;
    for user in ["alice", "bob", "carol", "dave"] {
        w.say(&format!("@{user}: /event join 1")).await;
    }
    let out = w.say("@alice: /event start 1").await;
    assert!(out[0].contains("6\u{a0}games"), "{out:?}");
    // Someone is White in two games: a bare move must ask which.
    let mut asked = false;
    for user in ["alice", "bob", "carol", "dave"] {
        let out = w.say(&format!("@{user}: /games")).await;
        if out[0].matches("; move by").count() >= 2 {
            let out = w.say(&format!("@{user}: e2-e4")).await;
            assert!(
                out[0].contains("possible in several of your games"),
                "{out:?}"
            );
            asked = true;
        }
    }
    assert!(asked);
    let mut tx = w.db.read().await.unwrap();
    for id in 1..=6 {
        assert_eq!(tx.game(GameId(id)).await.unwrap().ply, 0);
    }
    drop(tx);
    w.finish().await;
}

#[tokio::test]
async fn newcomers_are_answered_in_ukrainian_by_default() {
    let mut w = World::sqlite().await;
    let out = w.say("@dan: /frobnicate").await;
    assert!(out[0].contains("Невідома команда /frobnicate"), "{out:?}");
    let out = w.say("@dan: /start").await;
    assert!(out[0].contains("Ваше імʼя в турнірах: dan"), "{out:?}");
    let out = w.say("@dan: /notation klingon").await;
    assert!(out[0].contains("Невідома нотація «klingon»"), "{out:?}");
    let out = w.say("@dan: /lang en").await;
    assert_eq!(
        out,
        [
            "-> @dan: Messages will be in English, and moves in this notation: SAN (e4, Nf3). To choose another, use /notation."
        ]
    );
    // A notation chosen stays whatever the language.
    w.say("@dan: /notation lan").await;
    let out = w.say("@dan: /lang uk").await;
    assert_eq!(out, ["-> @dan: Повідомлення будуть українською."]);
    let out = w.say("@dan: /start").await;
    assert!(out[0].contains("міжнародна повна, LAN"), "{out:?}");
    w.finish().await;
}
