//! A player's private notes and lines on a game (issue 41): kept and
//! listed for their owner, checked (a line for legality from the current
//! position), bounded in length and count (the count with two processes
//! at once), never shown to anyone else (the opponent, another member, the
//! arbiter, the web pages and their live stream, the PGN downloads, the
//! notices and the case file), and downloaded by the owner with the
//! finished game's PGN. On SQLite and PostgreSQL.

use std::sync::Arc;

use corrbot::app::outgoing::Outgoing;
use corrbot::app::service::{App, AppConfig};
use corrbot::store::GameId;
use corrbot::time::Clock;

use crate::races::at_once;
use crate::support::db::{TestDb, on_both};
use crate::support::web::{get, serve};
use crate::support::world::World;

/// The words of bob's notes, which no one else may ever see.
const SECRETS: [&str; 3] = ["Zugzwangish", "queenside storm", "Сc8-g4"];

/// bob (White) and carol play game #1 of alice's event (alice organizes
/// it, and so is its arbiter); dave is a member outside it. bob plays
/// 1. e2-e4, carol 1... e7-e5.
async fn game(test_db: &TestDb) -> World {
    let mut world = World::new(&test_db.db);
    world.english(&["alice", "bob", "carol", "dave"]).await;
    world.started_event("", &["bob", "carol"]).await;
    world.move_as("bob", 1, "e2-e4").await;
    world.move_as("carol", 1, "e7-e5").await;
    world
}

fn text(replies: &[Outgoing]) -> String {
    replies
        .iter()
        .map(|reply| reply.text.as_str())
        .collect::<Vec<_>>()
        .join("\n")
}

async fn notes_and_lines_are_kept_checked_and_listed(test_db: &TestDb) {
    let mut world = game(test_db).await;
    let out = text(&world.ask("bob", "/note 1 Zugzwangish ideas").await);
    assert!(out.contains("Note on game #1 kept"), "{out}");
    assert!(out.contains("(1 of 50)"), "{out}");
    let out = text(&world.ask("bob", "/note 1 1... queenside storm").await);
    assert!(out.contains("(2 of 50)"), "{out}");
    let out = text(&world.ask("bob", "/note 1 line 2. Nf3 Nc6 3. Bc4 Bc5").await);
    assert!(
        out.contains("Line: 2. Кg1-f3 Кb8-c6 3. Сf1-c4 Сf8-c5"),
        "{out}"
    );
    let out = text(&world.ask("bob", "/note 1 line 2. Кf3 Сg4").await);
    assert!(out.contains("\"Сg4\" is not possible"), "{out}");
    let out = text(&world.ask("bob", "/note 1 line 2. Кf3 d6 3. d4 Сg4").await);
    assert!(out.contains("3. d2-d4 Сc8-g4"), "{out}");
    let out = text(&world.ask("bob", "/note 1 line 2.").await);
    assert!(out.contains("The line has no moves"), "{out}");
    let out = text(&world.ask("bob", "/note 1 7. too early").await);
    assert!(out.contains("has no move 7. yet"), "{out}");
    let long = "x".repeat(501);
    let out = text(&world.ask("bob", &format!("/note 1 {long}")).await);
    assert!(
        out.contains("too long: 501 characters, at most 500"),
        "{out}"
    );
    let list = text(&world.ask("bob", "/notes 1").await);
    assert!(list.contains("• Zugzwangish ideas"), "{list}");
    assert!(list.contains("• 1... e7-e5: queenside storm"), "{list}");
    assert!(
        list.contains("• Line: 2. Кg1-f3 d7-d6 3. d2-d4 Сc8-g4"),
        "{list}"
    );
    assert_eq!(list.matches('•').count(), 4, "refused ones kept: {list}");
    world.finish().await;
}

async fn only_the_players_keep_notes_and_each_sees_their_own(test_db: &TestDb) {
    let mut world = game(test_db).await;
    world.ask("bob", "/note 1 Zugzwangish").await;
    for user in ["dave", "alice"] {
        let out = text(&world.ask(user, "/note 1 mine").await);
        assert!(out.contains("Only the players of game #1"), "{user}: {out}");
        let out = text(&world.ask(user, "/notes 1").await);
        assert!(out.contains("Only the players of game #1"), "{user}: {out}");
    }
    let out = text(&world.ask("carol", "/notes 1").await);
    assert!(out.contains("You have no notes on game #1"), "{out}");
    world.finish().await;
}

async fn a_player_keeps_at_most_fifty_notes_a_game(test_db: &TestDb) {
    let mut world = game(test_db).await;
    for n in 0..50 {
        let out = text(&world.ask("bob", &format!("/note 1 idea {n}")).await);
        assert!(out.contains("kept"), "{n}: {out}");
    }
    let out = text(&world.ask("bob", "/note 1 one more").await);
    assert!(
        out.contains("You already have 50 notes on game #1"),
        "{out}"
    );
    // The limit is per game and per player.
    let out = text(&world.ask("carol", "/note 1 mine").await);
    assert!(out.contains("(1 of 50)"), "{out}");
    world.finish().await;
}

async fn two_notes_at_once_stay_within_the_limit(test_db: &TestDb) {
    let mut world = game(test_db).await;
    let other_db = test_db.connect_again().await;
    let clock: Arc<dyn Clock> = world.clock.clone();
    let other = App::new(
        other_db.clone(),
        clock,
        AppConfig::with_admins("console:alice"),
    );
    for round in 0..5 {
        for n in 0..49 {
            let line = format!("/note 1 round {round} idea {n}");
            let out = text(&world.ask("bob", &line).await);
            assert!(out.contains("kept"), "{out}");
        }
        let answers = at_once([
            (&world.app, "bob", "/note 1 first at once"),
            (&other, "bob", "/note 1 second at once"),
        ])
        .await;
        let mut tx = world.db.read().await.unwrap();
        let bob = tx.game(GameId(1)).await.unwrap().white;
        let count = tx.count_game_notes(GameId(1), bob).await.unwrap();
        tx.commit().await.unwrap();
        assert_eq!(count, 50, "round {round}: {answers:?}");
        let mut tx = world.db.begin().await.unwrap();
        tx.execute_raw("DELETE FROM game_notes").await.unwrap();
        tx.commit().await.unwrap();
    }
    other_db.close().await;
    world.finish().await;
}

async fn notes_reach_no_one_but_their_owner(test_db: &TestDb) {
    let mut world = game(test_db).await;
    let clock: Arc<dyn Clock> = world.clock.clone();
    let server = serve(&test_db.db, clock).await;
    let addr = server.addr;
    let version = {
        let mut tx = world.db.read().await.unwrap();
        let version = tx.game_version(GameId(1)).await.unwrap();
        tx.commit().await.unwrap();
        version
    };
    world.ask("bob", "/note 1 Zugzwangish").await;
    world.ask("bob", "/note 1 1. queenside storm").await;
    world.ask("bob", "/note 1 line 2. Кf3 d6 3. d4 Сg4").await;
    // The live stream wakes on the game's version, which notes leave alone.
    let mut tx = world.db.read().await.unwrap();
    assert_eq!(tx.game_version(GameId(1)).await.unwrap(), version);
    tx.commit().await.unwrap();
    let mut seen = Vec::new();
    // A case about the game before it ends: the arbiter's file.
    world.ask("carol", "/dispute 1 my partner is slow").await;
    seen.push(text(&world.ask("alice", "/case 1").await));
    for user in ["carol", "dave", "alice"] {
        seen.push(text(&world.ask(user, "/notes 1").await));
        seen.push(text(&world.ask(user, "/record 1").await));
        let replies = world.ask(user, "/pgn 1").await;
        seen.extend(
            replies
                .iter()
                .filter_map(|r| r.document.clone())
                .map(|d| d.content),
        );
        seen.push(text(&replies));
        seen.push(text(&world.ask(user, "/board 1").await));
    }
    for path in ["/game/1", "/game/1/pgn", "/event/1", "/event/1/pgn"] {
        seen.push(get(addr, path, &[("Accept-Language", "en")]).await.text());
    }
    world.say("@carol: /resign 1 confirm").await;
    seen.push(text(&world.ask("alice", "/case 1").await));
    let replies = world.ask("carol", "/pgn 1 mine").await;
    seen.extend(
        replies
            .iter()
            .filter_map(|r| r.document.clone())
            .map(|d| d.content),
    );
    seen.push(get(addr, "/game/1/pgn", &[]).await.text());
    for shown in &seen {
        for secret in SECRETS {
            assert!(!shown.contains(secret), "{secret} shown: {shown}");
        }
    }
    // Nor any notice, log or other table: only the notes and the owner's
    // own commands and replies hold them.
    let dump = world.db.dump().await.unwrap();
    for (table, rows) in &dump.tables {
        if ["game_notes", "inbound"].contains(&table.as_str()) {
            continue;
        }
        let rows = serde_json::to_string(rows).unwrap();
        for secret in SECRETS {
            assert!(!rows.contains(secret), "{secret} in {table}: {rows}");
        }
    }
    drop(server);
    world.finish().await;
}

async fn the_owner_downloads_the_finished_game_with_notes(test_db: &TestDb) {
    let mut world = game(test_db).await;
    world.ask("bob", "/note 1 My first game").await;
    world.ask("bob", "/note 1 1... queenside storm").await;
    world.ask("bob", "/note 1 line 2. Nf3 Nc6 3. Bb5").await;
    let out = text(&world.ask("bob", "/pgn 1 mine").await);
    assert!(out.contains("Game #1 is still in play"), "{out}");
    assert!(out.contains("/pgn 1 mine"), "{out}");
    world.move_as("bob", 1, "Сf1-c4").await;
    world.say("@carol: /resign 1 confirm").await;
    let replies = world.ask("bob", "/pgn 1 mine").await;
    assert!(
        replies[0].text.contains("with your notes: 3 notes"),
        "{}",
        replies[0].text
    );
    let pgn = &replies[0].document.as_ref().expect("a PGN file").content;
    let movetext = pgn.split("\n\n").nth(1).unwrap().replace('\n', " ");
    assert_eq!(
        movetext.trim(),
        "{ My first game } 1. e4 e5 { queenside storm } 2. Bc4 ( 2. Nf3 Nc6 3. Bb5 ) 1-0"
    );
    world.finish().await;
}

on_both!(
    notes_and_lines_are_kept_checked_and_listed,
    only_the_players_keep_notes_and_each_sees_their_own,
    a_player_keeps_at_most_fifty_notes_a_game,
    two_notes_at_once_stay_within_the_limit,
    notes_reach_no_one_but_their_owner,
    the_owner_downloads_the_finished_game_with_notes,
);
