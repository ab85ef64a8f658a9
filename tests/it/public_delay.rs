//! The delay against outside help (issue web-2): an event's
//! `public-delay=N` holds the last N moves of a game in play back from the
//! public pages, their boards, the PGN downloads, the game threads and
//! another member's `/board`, `/record` and `/pgn`, until the game ends;
//! the players, the arbiter and the organizer see every move. On SQLite
//! and PostgreSQL.

use std::sync::Arc;

use corrbot::store::{GameId, NoticeRecipient, Platform};
use corrbot::time::Clock;

use crate::support::db::{TestDb, on_both};
use crate::support::web::{TEST_POLL, get, next_change, open_live, serve};
use crate::support::world::World;

/// bob (White) and carol play game #1 of alice's event with `settings`;
/// dave is a member who plays in none of it.
async fn delayed_game(test_db: &TestDb, settings: &str) -> World {
    let mut world = World::new(&test_db.db);
    world.english(&["alice", "bob", "carol", "dave"]).await;
    world.started_event(settings, &["bob", "carol"]).await;
    world
}

async fn pages_show_each_move_two_moves_later(test_db: &TestDb) {
    let mut world = delayed_game(test_db, "public-delay=2").await;
    let clock: Arc<dyn Clock> = world.clock.clone();
    let server = serve(&test_db.db, clock).await;
    let addr = server.addr;
    let en = [("Accept-Language", "en")];
    world.move_as("bob", 1, "e2-e4").await;
    let page = get(addr, "/game/1", &en).await.text();
    assert!(!page.contains("e2-e4") && !page.contains(">e4<"), "{page}");
    assert!(page.contains("the last move"), "{page}");
    assert_eq!(get(addr, "/game/1/board/1", &en).await.status, 404);
    world.move_as("carol", 1, "e7-e5").await;
    world.move_as("bob", 1, "Кg1-f3").await;
    // Three moves played: the public sees the first only.
    let page = get(addr, "/game/1?notation=uk", &en).await.text();
    assert!(page.contains("e2-e4"), "{page}");
    for held in ["e7-e5", "Кg1-f3"] {
        assert!(!page.contains(held), "{held} shown: {page}");
    }
    assert!(page.contains("the last 2\u{a0}moves"), "{page}");
    assert_eq!(get(addr, "/game/1/ply/1", &en).await.status, 200);
    assert_eq!(get(addr, "/game/1/ply/2", &en).await.status, 404);
    assert_eq!(get(addr, "/game/1/board/1", &en).await.status, 200);
    assert_eq!(get(addr, "/game/1/board/2", &en).await.status, 404);
    assert_eq!(get(addr, "/game/1/board/3", &en).await.status, 404);
    for path in ["/game/1/pgn", "/event/1/pgn"] {
        let pgn = get(addr, path, &en).await.text();
        assert!(pgn.contains("1. e4"), "{path}: {pgn}");
        assert!(!pgn.contains("e5") && !pgn.contains("Nf3"), "{path}: {pgn}");
    }
    let uk = get(addr, "/game/1", &[("Accept-Language", "uk")])
        .await
        .text();
    assert!(uk.contains("останні 2\u{a0}ходи"), "{uk}");
    // One more move shows one more.
    world.move_as("carol", 1, "Кb8-c6").await;
    let page = get(addr, "/game/1?notation=uk", &en).await.text();
    assert!(page.contains("e7-e5") && !page.contains("Кg1-f3"), "{page}");
    // The game over, everything is public.
    world.say("@carol: /resign 1 confirm").await;
    let page = get(addr, "/game/1?notation=uk", &en).await.text();
    for shown in ["e2-e4", "e7-e5", "Кg1-f3", "Кb8-c6"] {
        assert!(page.contains(shown), "{shown} missing: {page}");
    }
    assert!(!page.contains("id=\"held\""), "{page}");
    assert_eq!(get(addr, "/game/1/board/4", &en).await.status, 200);
    let pgn = get(addr, "/game/1/pgn", &en).await.text();
    assert!(pgn.contains("2. Nf3 Nc6"), "{pgn}");
    drop(server);
    world.finish().await;
}

async fn a_spectator_in_chat_sees_what_the_pages_show(test_db: &TestDb) {
    let mut world = delayed_game(test_db, "public-delay=1").await;
    world.move_as("bob", 1, "e2-e4").await;
    world.move_as("carol", 1, "e7-e5").await;
    let record = world.ask("dave", "/record 1").await[0].text.clone();
    assert!(record.contains("e2-e4"), "{record}");
    assert!(!record.contains("e7-e5"), "{record}");
    assert!(
        record.contains("Spectators do not see the last move of this game yet"),
        "{record}"
    );
    let replies = world.ask("dave", "/pgn 1").await;
    let pgn = &replies[0].document.as_ref().expect("a PGN file").content;
    assert!(pgn.contains("1. e4") && !pgn.contains("e5"), "{pgn}");
    let replies = world.ask("dave", "/board 1").await;
    assert!(replies[0].text.contains("last move"), "{}", replies[0].text);
    let text = format!("{:?}", replies[0].image);
    assert!(text.contains("ply: Some(1)"), "{text}");
    // The players and the organizer (the arbiter) see every move.
    for user in ["bob", "carol", "alice"] {
        let record = world.ask(user, "/record 1").await[0].text.clone();
        assert!(record.contains("e7-e5"), "{user}: {record}");
        assert!(!record.contains("Spectators"), "{user}: {record}");
        let replies = world.ask(user, "/pgn 1").await;
        let pgn = &replies[0].document.as_ref().expect("a PGN file").content;
        assert!(pgn.contains("1. e4 e5"), "{user}: {pgn}");
    }
    world.finish().await;
}

/// The texts of the notices queued to game #1's thread, in order.
async fn thread_texts(test_db: &TestDb) -> Vec<String> {
    let thread = NoticeRecipient::GameThread {
        platform: Platform::Discord,
        chat_id: "4242".into(),
        game: GameId(1),
    };
    let mut tx = test_db.db.read().await.unwrap();
    let notices = tx.notices_to(&thread).await.unwrap();
    tx.commit().await.unwrap();
    notices.iter().map(|n| n.payload.to_string()).collect()
}

async fn the_game_thread_gets_each_move_later_and_all_at_the_end(test_db: &TestDb) {
    let mut world = delayed_game(test_db, "channel=discord:4242 public-delay=1").await;
    world.move_as("bob", 1, "e2-e4").await;
    let texts = thread_texts(test_db).await;
    assert_eq!(texts.len(), 1, "only the start: {texts:?}");
    world.move_as("carol", 1, "e7-e5").await;
    let texts = thread_texts(test_db).await;
    assert_eq!(texts.len(), 2, "{texts:?}");
    assert!(texts[1].contains("e2e4"), "{texts:?}");
    world.move_as("bob", 1, "Кg1-f3").await;
    let texts = thread_texts(test_db).await;
    assert_eq!(texts.len(), 3, "{texts:?}");
    assert!(texts[2].contains("e7e5"), "{texts:?}");
    world.say("@carol: /resign 1 confirm").await;
    let texts = thread_texts(test_db).await;
    assert_eq!(texts.len(), 5, "the held move, then the result: {texts:?}");
    assert!(texts[3].contains("g1f3"), "{texts:?}");
    assert!(texts[4].contains("game_over"), "{texts:?}");
    world.finish().await;
}

/// What arrives on `stream` within forty polls of the live stream (its
/// own commits wake it at once): empty when nothing was sent.
async fn sent_meanwhile(stream: &mut tokio::net::TcpStream) -> String {
    use tokio::io::AsyncReadExt;
    let mut seen = String::new();
    let window = TEST_POLL * 40;
    let read = async {
        loop {
            let mut buffer = [0u8; 1024];
            match stream.read(&mut buffer).await {
                Ok(n) if n > 0 => seen.push_str(&String::from_utf8_lossy(&buffer[..n])),
                _ => return,
            }
        }
    };
    let _ = tokio::time::timeout(window, read).await;
    seen
}

async fn the_live_streams_say_nothing_of_a_held_move(test_db: &TestDb) {
    let mut world = delayed_game(test_db, "public-delay=2").await;
    let clock: Arc<dyn Clock> = world.clock.clone();
    let server = serve(&test_db.db, clock).await;
    let addr = server.addr;
    let mut game = open_live(addr, "/game/1/live").await;
    let mut event = open_live(addr, "/event/1/live").await;
    world.move_as("bob", 1, "e2-e4").await;
    world.move_as("carol", 1, "e7-e5").await;
    for stream in [&mut game, &mut event] {
        let seen = sent_meanwhile(stream).await;
        assert!(!seen.contains("event:"), "a held move was told: {seen}");
    }
    // The third move shows the first: one change, telling no ply count.
    world.move_as("bob", 1, "Кg1-f3").await;
    for stream in [&mut game, &mut event] {
        let seen = next_change(stream).await;
        assert_eq!(seen.matches("event: change").count(), 1, "{seen}");
    }
    let seen = sent_meanwhile(&mut game).await;
    assert!(!seen.contains("event:"), "{seen}");
    let page = get(addr, "/game/1/ply/1", &[("Accept-Language", "en")]).await;
    assert_eq!(page.status, 200);
    assert_eq!(get(addr, "/game/1/ply/2", &[]).await.status, 404);
    // The game over, the stream tells at once.
    world.say("@carol: /resign 1 confirm").await;
    next_change(&mut game).await;
    next_change(&mut event).await;
    drop(server);
    world.finish().await;
}

async fn a_rated_event_delays_three_moves_unless_told(test_db: &TestDb) {
    let mut world = World::new(&test_db.db);
    world.english(&["alice", "bob", "carol"]).await;
    let out = world.say("@alice: /event create Rated Cup").await;
    assert!(out[0].contains("has been created"), "{out:?}");
    let show = world.say("@alice: /event show 1").await.join("\n");
    assert!(
        show.contains("each move of a game in play 3\u{a0}moves later"),
        "{show}"
    );
    let out = world.say("@alice: /event set 1 public-delay=21").await;
    assert!(out[0].contains("public-delay"), "{out:?}");
    let show = world.say("@alice: /event show 1").await.join("\n");
    assert!(
        show.contains("3\u{a0}moves later"),
        "refused, unchanged: {show}"
    );
    let out = world.say("@alice: /event set 1 public-delay=0").await;
    assert!(
        out[0].contains("none: spectators see every move at once"),
        "{out:?}"
    );
    let show = world.say("@alice: /event show 1").await.join("\n");
    assert!(!show.contains("moves later"), "{show}");
    world.say("@alice: /event create Friendly rated=no").await;
    let show = world.say("@alice: /event show 2").await.join("\n");
    assert!(!show.contains("moves later"), "{show}");
    world.finish().await;
}

/// While moves are held back, no public page says who is to move, since
/// when, by when or how many days each side has used: each would date the
/// held moves. The game over, the page has no clock to show.
async fn public_pages_do_not_date_the_held_moves(test_db: &TestDb) {
    let mut world = delayed_game(test_db, "public-delay=2").await;
    let clock: Arc<dyn Clock> = world.clock.clone();
    let server = serve(&test_db.db, clock).await;
    let addr = server.addr;
    let en = [("Accept-Language", "en")];
    // bob is player 2: before the first move nothing is held.
    let page = get(addr, "/game/1", &en).await.text();
    assert!(
        page.contains("id=\"turn\"") && page.contains("id=\"deadline\""),
        "{page}"
    );
    assert!(
        get(addr, "/event/1", &en)
            .await
            .text()
            .contains("class=\"due\"")
    );
    world.move_as("bob", 1, "e2-e4").await;
    world.clock.advance(chrono::Duration::days(3));
    let paths = [
        "/game/1",
        "/game/1?notation=uk",
        "/event/1",
        "/player/2",
        "/player/3",
    ];
    for path in paths {
        for lang in ["en", "uk"] {
            let page = get(addr, path, &[("Accept-Language", lang)]).await.text();
            for hidden in [
                "id=\"turn\"",
                "id=\"deadline\"",
                "id=\"clocks\"",
                "class=\"due\"",
            ] {
                assert!(
                    !page.contains(hidden),
                    "{path} ({lang}) shows {hidden}: {page}"
                );
            }
        }
    }
    // The players still see their clock in chat.
    let time = world.say("@carol: /time 1").await.join("\n");
    assert!(time.contains("carol") || time.contains("Black"), "{time}");
    drop(server);
    world.finish().await;
}

on_both!(
    pages_show_each_move_two_moves_later,
    a_spectator_in_chat_sees_what_the_pages_show,
    the_game_thread_gets_each_move_later_and_all_at_the_end,
    a_rated_event_delays_three_moves_unless_told,
    the_live_streams_say_nothing_of_a_held_move,
    public_pages_do_not_date_the_held_moves,
);
