//! Looking at and ending games through the app: `/board` (an image),
//! `/record` (R3.4.2), `/pgn`, `/claim` (threefold repetition and the 50-move
//! rule), `/standings` (text and crosstable image), and the which-game
//! question with buttons.

use chrono::Duration;
use corrbot::app::deliver::image::render_image;
use corrbot::app::i18n::Lang;
use corrbot::app::outgoing::{Button, ImageRef};
use corrbot::render::RenderCache;
use corrbot::store::{EventId, GameId, GameStatus};

use crate::support::world::{World, start};

#[tokio::test]
async fn board_replies_with_the_position_image_from_the_askers_side() {
    let mut w = World::sqlite().await;
    w.event("Cup", &["bob", "carol"]).await;
    w.say("@bob: e2-e4").await;
    let replies = w.ask("carol", "/board").await;
    assert_eq!(replies.len(), 1);
    assert!(
        replies[0]
            .text
            .contains("Game #1: bob\u{a0}— carol, Black to move"),
        "{replies:?}"
    );
    let carol = w.game(1).await.black;
    let image = replies[0].image.clone().expect("a board image");
    assert_eq!(
        image,
        ImageRef::Board {
            game: GameId(1),
            viewer: Some(carol),
            lang: Lang::En,
            ply: None,
        }
    );
    let png = render_image(
        w.app.db(),
        &image,
        &std::sync::Arc::new(RenderCache::new(4)),
        w.clock_now(),
    )
    .await
    .unwrap();
    assert!(png.width > 100 && png.height > 100);
    let replies = w.ask("carol", "/board 7").await;
    assert!(replies[0].text.contains("no game #7"), "{replies:?}");
    assert!(replies[0].image.is_none());
    w.finish().await;
}

trait Now {
    fn clock_now(&self) -> chrono::DateTime<chrono::Utc>;
}

impl Now for World {
    fn clock_now(&self) -> chrono::DateTime<chrono::Utc> {
        use corrbot::time::Clock;
        self.clock.now()
    }
}

#[tokio::test]
async fn a_move_with_several_games_to_choose_asks_with_one_button_per_game() {
    let mut w = World::sqlite().await;
    w.event("Cup", &["bob", "carol"]).await;
    w.event("Shield", &["bob", "carol"]).await;
    let replies = w.ask("bob", "e2-e4").await;
    assert_eq!(replies.len(), 1);
    assert!(replies[0].text.contains("#1, #2"), "{replies:?}");
    assert_eq!(
        replies[0].buttons,
        vec![
            Button::new("Game #1", "/move #1 e2-e4"),
            Button::new("Game #2", "/move #2 e2-e4"),
        ]
    );
    assert_eq!(w.game(1).await.ply, 0);
    assert_eq!(w.game(2).await.ply, 0);
    let out = w.say("@bob: /move #2 e2-e4").await;
    assert!(out[0].contains("Game #2: you played 1. e2-e4"), "{out:?}");
    // Now only game #1 waits for bob's move: a bare move goes there.
    let out = w.say("@bob: d2-d4").await;
    assert!(out[0].contains("Game #1: you played 1. d2-d4"), "{out:?}");
    w.finish().await;
}

#[tokio::test]
async fn record_shows_every_move_with_its_days_and_the_running_totals() {
    let mut w = World::sqlite().await;
    w.event("Cup", &["bob", "carol"]).await;
    w.clock.advance(Duration::days(2));
    w.say("@bob: e2-e4").await;
    w.clock.advance(Duration::days(3));
    w.say("@carol: e7-e5").await;
    w.clock.advance(Duration::days(1) + Duration::hours(2));
    w.say("@bob: Кg1-f3").await;
    let out = w.say("@carol: /record").await;
    let text = &out[0];
    assert!(
        text.contains("1. e2-e4\u{a0}— 2\u{a0}days (in total 2\u{a0}days)"),
        "{text}"
    );
    assert!(
        text.contains("1... e7-e5\u{a0}— 3\u{a0}days (in total 3\u{a0}days)"),
        "{text}"
    );
    assert!(
        text.contains("2. Кg1-f3\u{a0}— 1\u{a0}day (in total 3\u{a0}days)"),
        "{text}"
    );
    assert!(
        text.contains(
            "White used 3\u{a0}days, 47\u{a0}days left; Black used 3\u{a0}days, 47\u{a0}days left"
        ),
        "{text}"
    );
    // Anyone may read a record by the game's number.
    let out = w.say("@alice: /record 1").await;
    assert!(out[0].contains("1... e7-e5"), "{out:?}");
    w.finish().await;
}

#[tokio::test]
async fn pgn_of_a_game_and_of_a_whole_event_come_as_documents() {
    let mut w = World::sqlite().await;
    w.event("Cup", &["bob", "carol", "dave"]).await;
    let games: Vec<_> = {
        let mut tx = w.db.read().await.unwrap();
        tx.games_of_event(EventId(1)).await.unwrap()
    };
    assert_eq!(games.len(), 3);
    let first = &games[0];
    let white = {
        let mut tx = w.db.read().await.unwrap();
        tx.player(first.white).await.unwrap().display_name
    };
    w.say(&format!("@{white}: /move #{} e2-e4", first.id)).await;
    w.say(&format!("@{white}: /resign #{} confirm", first.id))
        .await;
    let replies = w.ask("alice", &format!("/pgn {}", first.id)).await;
    let document = replies[0].document.clone().expect("a PGN document");
    assert_eq!(document.file_name, format!("game-{}.pgn", first.id));
    assert!(document.content.contains("[Event \"Cup\"]"), "{document:?}");
    assert!(
        document.content.contains(&format!("[White \"{white}\"]")),
        "{document:?}"
    );
    assert!(
        document.content.contains("[Result \"0-1\"]"),
        "{document:?}"
    );
    assert!(document.content.contains("1. e4 0-1"), "{document:?}");
    let replies = w.ask("bob", "/pgn event 1").await;
    let document = replies[0].document.clone().expect("a PGN document");
    assert_eq!(document.file_name, "event-1.pgn");
    assert_eq!(document.content.matches("[Event \"Cup\"]").count(), 3);
    assert_eq!(document.content.matches("[Result \"*\"]").count(), 2);
    let replies = w.ask("bob", "/pgn event 9").await;
    assert!(replies[0].text.contains("no event #9"), "{replies:?}");
    assert!(replies[0].document.is_none());
    w.finish().await;
}

/// Knights out and back: the start position again after every 4 plies.
const SHUFFLE: [(&str, &str); 4] = [
    ("bob", "Кg1-f3"),
    ("carol", "Кg8-f6"),
    ("bob", "Кf3-g1"),
    ("carol", "Кf6-g8"),
];

#[tokio::test]
async fn a_wrong_claim_is_refused_with_the_reason_and_changes_nothing() {
    let mut w = World::sqlite().await;
    w.event("Cup", &["bob", "carol"]).await;
    for (user, mv) in SHUFFLE {
        w.say(&format!("@{user}: {mv}")).await;
    }
    let before = w.game(1).await;
    let deadlines = w.deadlines(1).await;
    let cases = [
        ("@bob: /claim repetition", "appeared 2 times, not three"),
        (
            "@bob: /claim fifty",
            "only 2\u{a0}moves without a pawn move",
        ),
        ("@bob: /claim repetition e2-e4", "appeared only once"),
        ("@bob: /claim repetition e2-e5", "cannot move from e2 to e5"),
        ("@carol: /claim repetition", "not your turn"),
        ("@alice: /claim repetition 1", "not yours"),
    ];
    for (line, expected) in cases {
        let out = w.say(line).await;
        assert_eq!(out.len(), 1, "{line}: {out:?}");
        assert!(out[0].contains(expected), "{line}: {out:?}");
    }
    assert_eq!(w.game(1).await, before);
    assert_eq!(w.deadlines(1).await, deadlines);
    w.finish().await;
}

#[tokio::test]
async fn threefold_repetition_claimed_with_the_declared_move_draws_the_game() {
    let mut w = World::sqlite().await;
    w.event("Cup", &["bob", "carol"]).await;
    for (user, mv) in SHUFFLE.iter().chain(&SHUFFLE[..3]) {
        w.say(&format!("@{user}: {mv}")).await;
    }
    // Carol's Кf6-g8 would bring the start position a third time (FIDE 9.2.1.1).
    let out = w.say("@carol: /claim repetition Кf6-g8").await;
    assert!(out[0].contains("½-½ (threefold repetition)"), "{out:?}");
    assert!(
        out.iter()
            .any(|l| l.starts_with("-> @bob: Game #1 (Cup): carol played 4... Кf6-g8")),
        "{out:?}"
    );
    assert!(
        out.iter()
            .any(|l| l.starts_with("-> @bob: Game #1 is over")),
        "{out:?}"
    );
    let game = w.game(1).await;
    assert_eq!(game.status, GameStatus::Finished);
    assert_eq!(game.ply, 8);
    assert_eq!(game.result_text(), Some("1/2-1/2"));
    assert_eq!(game.result_reason.as_deref(), Some("result-threefold"));
    assert!(w.deadlines(1).await.is_empty());
    w.finish().await;
}

#[tokio::test]
async fn threefold_repetition_claimed_on_the_board_draws_the_game() {
    let mut w = World::sqlite().await;
    w.event("Cup", &["bob", "carol"]).await;
    for (user, mv) in SHUFFLE.iter().chain(&SHUFFLE) {
        w.say(&format!("@{user}: {mv}")).await;
    }
    let out = w.say("@bob: /claim repetition").await;
    assert!(out[0].contains("(threefold repetition)"), "{out:?}");
    let game = w.game(1).await;
    assert_eq!(game.ply, 8);
    assert_eq!(game.result_text(), Some("1/2-1/2"));
    w.finish().await;
}

#[tokio::test]
async fn standings_rank_by_points_with_a_crosstable_image() {
    let mut w = World::sqlite().await;
    w.say("@alice: /lang en").await;
    w.say("@alice: /event create Cup").await;
    let out = w.say("@alice: /standings 1").await;
    assert!(out[0].contains("has not started"), "{out:?}");
    w.event("Cup rating=elo", &["bob", "carol", "dave"]).await;
    let event = 2;
    let games = {
        let mut tx = w.db.read().await.unwrap();
        tx.games_of_event(EventId(event)).await.unwrap()
    };
    // bob beats both; dave beats carol: the losers resign after a move by
    // each side (a game without them is not rated).
    for game in &games {
        let mut tx = w.db.read().await.unwrap();
        let white = tx.player(game.white).await.unwrap().display_name;
        let black = tx.player(game.black).await.unwrap().display_name;
        drop(tx);
        w.move_as(&white, game.id.0, "e4").await;
        w.move_as(&black, game.id.0, "e5").await;
        let loser = match (white.as_str(), black.as_str()) {
            ("bob", other) | (other, "bob") => other.to_owned(),
            ("carol", _) | (_, "carol") => "carol".to_owned(),
            _ => unreachable!(),
        };
        w.say(&format!("@{loser}: /resign #{} confirm", game.id))
            .await;
    }
    w.clock.advance(Duration::days(1));
    let replies = w.ask("carol", &format!("/standings {event}")).await;
    let text = &replies[0].text;
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].contains("Standings of event #2 \"Cup\""), "{text}");
    // Club ratings beside the names (Elo, K = 32, from 1500; issue #21), in
    // the order the games ended: bob beats dave (+16: 1516, 1484), bob beats
    // carol (1516 vs 1500: E = 0.523, +15.3: 1531.3, 1484.7), dave beats
    // carol (1484 vs 1484.7: E = 0.499, +16.0: 1500.0, 1468.7).
    assert_eq!(
        lines[1], "1. bob (1531)\u{a0}— 2, wins: 2, SB: 1, left: 0",
        "{text}"
    );
    assert_eq!(
        lines[2], "2. dave (1500)\u{a0}— 1, wins: 1, SB: 0, left: 0",
        "{text}"
    );
    assert_eq!(
        lines[3], "3. carol (1469)\u{a0}— 0, wins: 0, SB: 0, left: 0",
        "{text}"
    );
    let image = replies[0].image.clone().expect("a crosstable image");
    assert!(
        matches!(image, ImageRef::Crosstable { event: e, viewer: Some(_), lang: Lang::En } if e == EventId(event)),
        "{image:?}"
    );
    let png = render_image(
        w.app.db(),
        &image,
        &std::sync::Arc::new(RenderCache::new(4)),
        start(),
    )
    .await
    .unwrap();
    assert!(png.width > 100 && png.height > 50);
    w.finish().await;
}

/// Adds game #2 to event #1 between the players of game #1, from `fen`.
async fn game_from(w: &World, fen: &str) {
    use corrbot::store::{GameUpdate, NewGame};
    let first = w.game(1).await;
    let mut tx = w.db.begin().await.unwrap();
    let new = NewGame {
        event_id: first.event_id,
        round: 2,
        board: None,
        white: first.white,
        black: first.black,
        initial_fen: Some(fen.to_owned()),
        fen: fen.to_owned(),
        clock: first.clock,
    };
    let game = tx.create_game(&new).await.unwrap();
    let mut update = GameUpdate::from_game(&game);
    update.status = GameStatus::Running;
    update.started_at = Some(start());
    update.turn_since = Some(start());
    tx.update_game(game.id, game.version, &update)
        .await
        .unwrap();
    tx.commit().await.unwrap();
}

#[tokio::test]
async fn the_fifty_move_rule_claimed_with_the_declared_move_draws_the_game() {
    let mut w = World::sqlite().await;
    w.event("Cup", &["bob", "carol"]).await;
    // 99 half moves without a pawn move or capture so far.
    game_from(&w, "4k3/8/8/8/8/8/8/R3K1N1 w - - 99 80").await;
    let before = w.game(2).await;
    let out = w.say("@bob: /claim fifty #2").await;
    assert!(
        out[0].contains("only 49\u{a0}moves without a pawn move or capture"),
        "{out:?}"
    );
    assert_eq!(w.game(2).await, before);
    let out = w.say("@bob: /claim fifty #2 Кg1-f3").await;
    assert!(out[0].contains("½-½ (50-move rule)"), "{out:?}");
    let game = w.game(2).await;
    assert_eq!(game.ply, 1);
    assert_eq!(game.result_text(), Some("1/2-1/2"));
    assert_eq!(game.result_reason.as_deref(), Some("result-fifty-moves"));
    w.finish().await;
}
