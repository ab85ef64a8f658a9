//! Issue 18 part B: the bot finds the game (bare moves legal in one game,
//! "which game" per command, one move per message, R3.2.4), messages
//! between players, move confirmation (R2.3.8), one open draw offer per
//! player, and the notice of continuing (R3.3.2).

use chrono::Duration;
use corrbot::app::outgoing::Button;
use corrbot::store::GameId;

use crate::support::db::{TestDb, on_both};
use crate::support::world::World;

on_both!(
    a_message_with_a_move_reaches_the_opponent_and_stays_with_the_game,
    a_held_move_is_made_only_when_confirmed_r2_3_8,
    the_notice_of_continuing_prevents_the_silence_case_r3_3_2,
    the_players_messages_are_in_the_case_file_for_the_arbiter_alone,
    a_repeated_draw_offer_is_refused_not_sent_again,
    start_shows_each_setting_and_how_to_change_it,
    messages_in_a_game_are_bounded_per_day_and_moves_still_go,
);

/// `/start` shows the settings, the confirm setting among them (R2.3.8).
async fn start_shows_each_setting_and_how_to_change_it(t: &TestDb) {
    let mut w = World::new(&t.db);
    w.say("@bob: /lang en").await;
    let out = w.say("@bob: /start").await.join("\n");
    for line in [
        "language: English\u{a0}— /lang uk or /lang en",
        "time zone: Kyiv\u{a0}— /timezone Kyiv",
        "daily digest: off\u{a0}— /digest on or /digest off",
        "move confirmation: off\u{a0}— /confirm on or /confirm off",
        "messages from opponents: on\u{a0}— /messages on or /messages off",
    ] {
        assert!(out.contains(line), "{line}: {out}");
    }
    w.say("@bob: /confirm on").await;
    w.say("@bob: /timezone Europe/Berlin").await;
    let out = w.say("@bob: /start").await.join("\n");
    assert!(out.contains("move confirmation: on\u{a0}—"), "{out}");
    assert!(out.contains("time zone: Berlin\u{a0}—"), "{out}");
    w.say("@bob: /lang uk").await;
    let out = w.say("@bob: /start").await.join("\n");
    assert!(
        out.contains("підтвердження ходів: увімкнено\u{a0}—"),
        "{out}"
    );
}

/// bob has White in #1 and #2 against carol; in #1 1. e2-e4 e7-e5 is played.
async fn two_games() -> World {
    let mut w = World::sqlite().await;
    w.event("Cup", &["bob", "carol"]).await;
    w.event("Shield", &["bob", "carol"]).await;
    w.say("@bob: /move #1 e2-e4").await;
    w.say("@carol: /move #1 e7-e5").await;
    w
}

#[tokio::test]
async fn a_bare_move_goes_to_the_only_game_where_it_is_legal() {
    let mut w = two_games().await;
    // e2-e4 is impossible in #1 (the pawn is on e4): it goes to #2.
    let out = w.say("@bob: e2-e4").await;
    assert!(out[0].contains("Game #2: you played 1. e2-e4"), "{out:?}");
    assert_eq!(w.game(1).await.ply, 2);
    assert_eq!(w.game(2).await.ply, 1);
    w.finish().await;
}

#[tokio::test]
async fn a_move_legal_in_several_games_asks_which_with_the_move_in_each_button() {
    let mut w = two_games().await;
    let replies = w.ask("bob", "Кg1-f3").await;
    assert!(
        replies[0]
            .text
            .contains("The move Кg1-f3 is possible in several"),
        "{replies:?}"
    );
    assert!(replies[0].text.contains("/move #1 Кg1-f3"), "{replies:?}");
    assert_eq!(
        replies[0].buttons,
        vec![
            Button::new("Game #1", "/move #1 Кg1-f3"),
            Button::new("Game #2", "/move #2 Кg1-f3"),
        ]
    );
    let out = w.say("@bob: e7-e5").await;
    assert!(out[0].contains("possible in none"), "{out:?}");
    w.finish().await;
}

#[tokio::test]
async fn which_game_names_the_command_asked_not_a_move() {
    let mut w = two_games().await;
    let replies = w.ask("bob", "/time").await;
    assert!(
        replies[0].text.contains("for example: /time #1"),
        "{replies:?}"
    );
    assert!(!replies[0].text.contains("/move"), "{replies:?}");
    assert_eq!(
        replies[0].buttons,
        vec![
            Button::new("Game #1", "/time #1"),
            Button::new("Game #2", "/time #2"),
        ]
    );
    let replies = w.ask("bob", "/draw offer").await;
    assert_eq!(replies[0].buttons[1].command, "/draw offer #2");
    w.finish().await;
}

/// Issue 18: `/draw accept` and `/draw decline` without a number mean the
/// only game where the opponent's offer is open; with offers open in
/// several games the bot asks which of those.
#[tokio::test]
async fn a_draw_answer_without_a_number_finds_the_game_of_the_offer() {
    let mut w = two_games().await;
    w.say("@carol: /draw offer #2").await;
    let out = w.say("@bob: /draw decline").await;
    assert!(out[0].contains("Game #2"), "{out:?}");
    assert!(!out[0].contains("several"), "{out:?}");
    w.say("@carol: /draw offer #1").await;
    let out = w.say("@bob: /draw accept").await.join("\n");
    assert!(out.contains("½-½"), "{out}");
    assert_eq!(w.game(1).await.result_text(), Some("1/2-1/2"));
    assert_eq!(w.game(2).await.result_text(), None);
    w.say("@bob: /move #2 e2-e4").await;
    w.say("@carol: /draw offer #2").await;
    w.event("Bowl", &["bob", "carol"]).await;
    w.say("@carol: /draw offer #3").await;
    let replies = w.ask("bob", "/draw accept").await;
    assert_eq!(
        replies[0].buttons,
        vec![
            Button::new("Game #2", "/draw accept #2"),
            Button::new("Game #3", "/draw accept #3"),
        ]
    );
    w.finish().await;
}

#[tokio::test]
async fn several_moves_in_one_message_are_refused_not_played_in_part_r3_2_4() {
    let mut w = World::sqlite().await;
    w.event("Cup", &["bob", "carol"]).await;
    for text in ["e4 e5", "e2-e4; e7-e5", "1. e4 e5"] {
        let out = w.say(&format!("@bob: {text}")).await;
        assert!(
            out[0].contains("only one move") || out[0].contains("one move"),
            "{text}: {out:?}"
        );
        assert_eq!(w.game(1).await.ply, 0, "{text}");
    }
    // A move written with a space between its squares is one move.
    let out = w.say("@bob: e2 e4").await;
    assert!(out[0].contains("you played 1. e2-e4"), "{out:?}");
    w.finish().await;
}

/// R2.3.4: signs and explanations are not taken into account, and the
/// same move written again in another notation is one move; two different
/// moves are still refused (R3.2.4).
#[tokio::test]
async fn signs_and_explanations_make_no_second_move_r2_3_4() {
    let mut w = World::sqlite().await;
    w.event("Cup", &["bob", "carol"]).await;
    w.event("Shield", &["bob", "carol"]).await;
    for (who, text, played) in [
        ("bob", "/move #1 f2-f3!?", "1. f2-f3"),
        ("carol", "/move #1 e7-e5 (e5)", "1... e7-e5"),
        ("bob", "/move #1 g2-g4 ??", "2. g2-g4"),
        ("bob", "/move #2 e2-e4 (e2e4)", "1. e2-e4"),
        ("carol", "/move #2 a7-a6", "1... a7-a6"),
        ("bob", "/move #2 e4-e5+", "2. e4-e5"),
        ("carol", "/move #2 f7-f5", "2... f7-f5"),
        ("bob", "/move #2 e5:f6 на проході", "3. e5:f6"),
    ] {
        let out = w.say(&format!("@{who}: {text}")).await;
        assert!(
            out[0].contains(&format!("you played {played}")),
            "{text}: {out:?}"
        );
    }
    let out = w.say("@carol: /move #1 Фd8-h4 мат").await;
    assert!(out[0].contains("you played 2... Фd8-h4"), "{out:?}");
    assert_eq!(
        w.game(1).await.status,
        corrbot::store::GameStatus::Finished,
        "mate ends the game"
    );
    let out = w.say("@carol: /move #2 g7:f6 Кg8-f6").await;
    assert!(out[0].contains("one move"), "{out:?}");
    assert_eq!(w.game(2).await.ply, 5, "nothing played");
    w.finish().await;
}

/// Player-2 (R2.3.4): a capture sign before an empty square, or a mate sign
/// after a move that does not mate, plays nothing: the player is asked, with
/// the move written out and a button; with `/confirm on` the held move
/// carries the warning.
#[tokio::test]
async fn a_sign_the_board_contradicts_is_asked_about_r2_3_4() {
    let mut w = World::sqlite().await;
    w.event("Cup", &["bob", "carol"]).await;
    w.say("@bob: e2-e4").await;
    w.say("@carol: e7-e5").await;
    let out = w.say("@bob: Сf1:c4").await;
    assert!(out[0].contains("no move was made"), "{out:?}");
    assert!(out[0].contains("nothing to take on c4"), "{out:?}");
    assert!(out.iter().any(|l| l.contains("[Play Сf1-c4]")), "{out:?}");
    assert_eq!(w.game(1).await.ply, 2, "nothing played");
    let out = w.say("@bob: /move #1 Сf1-c4").await;
    assert!(out[0].contains("you played 2. Сf1-c4"), "{out:?}");
    w.say("@carol: /confirm on").await;
    let out = w.say("@carol: Фd8-g5 мат").await;
    assert!(out[0].contains("Фd8-g5 does not mate"), "{out:?}");
    assert!(
        out.iter().any(|l| l.contains("[Confirm Фd8-g5]")),
        "{out:?}"
    );
    assert_eq!(w.game(1).await.ply, 3, "held, not played");
    let out = w.say("@carol: /confirm").await;
    assert!(out[0].contains("you played 2... Фd8-g5"), "{out:?}");
    w.finish().await;
}

async fn a_message_with_a_move_reaches_the_opponent_and_stays_with_the_game(t: &TestDb) {
    let mut w = World::new(&t.db);
    w.event("Cup", &["bob", "carol"]).await;
    let out = w.say("@bob: e2-e4 -- Good luck!").await;
    assert!(out[0].contains("you played 1. e2-e4"), "{out:?}");
    assert!(
        out.iter().any(|l| l.contains("your message has been sent")),
        "{out:?}"
    );
    assert!(
        out.iter().any(|l| l.starts_with("-> @carol:")
            && l.contains("message from your opponent bob: Good luck!")),
        "{out:?}"
    );
    // carol turns messages off: bob's next one is kept, not delivered.
    w.say("@carol: /messages off").await;
    let out = w.say("@bob: /say #1 Still there?").await;
    assert!(out[0].contains("turned messages off"), "{out:?}");
    assert!(!out.iter().any(|l| l.starts_with("-> @carol")), "{out:?}");
    let mut tx = w.db.read().await.unwrap();
    let kept = tx.game_messages(GameId(1)).await.unwrap();
    drop(tx);
    let bodies: Vec<&str> = kept.iter().map(|m| m.body.as_str()).collect();
    assert_eq!(bodies, ["Good luck!", "Still there?"]);
    assert_eq!(kept[0].ply, 1);
    // An outsider cannot write into the game.
    let out = w.say("@dave: /say #1 Hello").await;
    assert!(out[0].contains("не ваша"), "{out:?}");
    assert_eq!(out.len(), 1, "{out:?}");
    w.finish().await;
}

async fn a_held_move_is_made_only_when_confirmed_r2_3_8(t: &TestDb) {
    let mut w = World::new(&t.db);
    w.event("Cup", &["bob", "carol"]).await;
    w.say("@bob: /confirm on").await;
    let replies = w.ask("bob", "Кg1-f3").await;
    assert!(
        replies[0].text.contains("make the move Кg1-f3?"),
        "{replies:?}"
    );
    assert_eq!(
        replies[0].buttons,
        vec![
            Button::new("Confirm Кg1-f3", "/confirm #1"),
            Button::new("Cancel", "/confirm cancel #1"),
        ]
    );
    assert_eq!(w.game(1).await.ply, 0);
    let out = w.say("@bob: /confirm cancel").await;
    assert!(out[0].contains("held move has been cancelled"), "{out:?}");
    let out = w.say("@bob: /confirm").await;
    assert!(out[0].contains("no move waiting"), "{out:?}");
    w.say("@bob: e2-e4").await;
    w.clock.advance(Duration::hours(3));
    let out = w.say("@bob: /confirm #1").await;
    assert!(out[0].contains("you played 1. e2-e4"), "{out:?}");
    let rows = {
        let mut tx = w.db.read().await.unwrap();
        tx.moves(GameId(1)).await.unwrap()
    };
    // The clock ran until the confirmation.
    assert_eq!(rows[0].received_at, corrbot_start() + Duration::hours(3));
    w.say("@bob: /confirm off").await;
    w.say("@carol: e7-e5").await;
    let out = w.say("@bob: Кg1-f3").await;
    assert!(out[0].contains("you played"), "{out:?}");
    w.finish().await;
}

fn corrbot_start() -> chrono::DateTime<chrono::Utc> {
    crate::support::world::start()
}

async fn a_repeated_draw_offer_is_refused_not_sent_again(t: &TestDb) {
    let mut w = World::new(&t.db);
    w.event("Cup", &["bob", "carol"]).await;
    let out = w.say("@bob: /draw offer").await;
    assert!(out.iter().any(|l| l.starts_with("-> @carol")), "{out:?}");
    let out = w.say("@bob: /draw offer").await;
    assert!(out[0].contains("already open"), "{out:?}");
    assert!(!out.iter().any(|l| l.starts_with("-> @carol")), "{out:?}");
    w.finish().await;
}

async fn the_notice_of_continuing_prevents_the_silence_case_r3_3_2(t: &TestDb) {
    let mut w = World::new(&t.db);
    w.event("Long control=100/10", &["bob", "carol"]).await;
    w.say("@alice: /lang en").await;
    w.say("@bob: e2-e4").await;
    let out = w.say("@carol: /continue").await;
    assert!(out[0].contains("after 35\u{a0}days"), "{out:?}");
    w.clock.advance(Duration::days(35));
    w.console.tick().await.unwrap();
    let replies = w.ask("carol", "/lang en").await;
    assert!(!replies.is_empty());
    let out = w.say("@carol: /continue #1").await;
    assert!(
        out[0].contains("notice of continuing has been sent"),
        "{out:?}"
    );
    assert!(
        out.iter()
            .any(|l| l.starts_with("-> @bob:") && l.contains("notice of continuing")),
        "{out:?}"
    );
    assert!(out.iter().any(|l| l.starts_with("-> @alice:")), "{out:?}");
    let out = w.say("@carol: /continue #1").await;
    assert!(out[0].contains("already given"), "{out:?}");
    w.clock.advance(Duration::days(5));
    let out = w.console.tick().await.unwrap();
    assert!(!out.iter().any(|l| l.contains("Case #")), "{out:?}");
    assert_eq!(w.game(1).await.status, corrbot::store::GameStatus::Running);
    let mut tx = w.db.read().await.unwrap();
    let log = tx.audit_of_game(GameId(1)).await.unwrap();
    assert!(log.iter().any(|e| e.action == "continuation_given"));
    drop(tx);
    w.finish().await;
}

async fn the_players_messages_are_in_the_case_file_for_the_arbiter_alone(t: &TestDb) {
    let mut w = World::new(&t.db);
    w.event("Long control=100/10", &["bob", "carol"]).await;
    w.say("@bob: e2-e4 -- Good luck!").await;
    w.clock.advance(Duration::days(35));
    w.console.tick().await.unwrap();
    w.clock.advance(Duration::days(5));
    let out = w.console.tick().await.unwrap();
    assert!(out.iter().any(|l| l.contains("Case #1")), "{out:?}");
    let out = w.say("@alice: /case 1").await;
    assert!(out[0].contains("Messages between the players"), "{out:?}");
    assert!(
        out[0].contains("bob (after half-move 1): \"Good luck!\""),
        "{out:?}"
    );
    let out = w.say("@carol: /case 1").await;
    assert!(!out[0].contains("Good luck!"), "{out:?}");
    w.finish().await;
}

/// [trust-2]: at most 20 messages a day from one player in one game; the
/// 21st is refused (nothing kept, nothing sent) with when the next may go,
/// a move carrying a message is still played, and a day later messages go
/// again.
async fn messages_in_a_game_are_bounded_per_day_and_moves_still_go(t: &TestDb) {
    let mut w = World::new(&t.db);
    w.event("Cup", &["bob", "carol"]).await;
    for n in 1..=20 {
        let out = w.say(&format!("@bob: /say #1 Hello {n}")).await;
        assert!(
            out[0].contains("your message has been sent"),
            "{n}: {out:?}"
        );
        w.clock.advance(Duration::minutes(30));
    }
    let out = w.say("@bob: /say #1 One more").await;
    assert_eq!(
        out,
        [
            "-> @bob: Game #1: you can send at most 20 messages a day in this game; the next one \
          can go in 14\u{a0}hours. This message was neither sent nor kept."
        ],
    );
    let out = w.say("@bob: e2-e4 -- And another").await;
    assert!(out[0].contains("you played 1. e2-e4"), "{out:?}");
    assert!(
        out.iter().any(|l| l.contains("neither sent nor kept")),
        "{out:?}"
    );
    assert!(!out.iter().any(|l| l.contains("And another")), "{out:?}");
    let mut tx = w.db.read().await.unwrap();
    assert_eq!(tx.game_messages(GameId(1)).await.unwrap().len(), 20);
    drop(tx);
    // carol is not limited by bob's count.
    let out = w.say("@carol: e7-e5 -- Thanks!").await;
    assert!(
        out.iter().any(|l| l.contains("your message has been sent")),
        "{out:?}"
    );
    w.say("@carol: /lang uk").await;
    for _ in 0..19 {
        w.say("@carol: /say #1 Привіт").await;
    }
    let out = w.say("@carol: /say #1 Ще одне").await;
    assert!(
        out[0].contains(
            "не більше 20 повідомлень за добу; наступне можна буде надіслати через 24\u{a0}години"
        ),
        "{out:?}"
    );
    w.clock.advance(Duration::hours(15));
    let out = w.say("@bob: /say #1 Back again").await;
    assert!(out[0].contains("your message has been sent"), "{out:?}");
    w.finish().await;
}
