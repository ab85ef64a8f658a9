//! Conditional moves (issue 41) through the real app, on SQLite and
//! PostgreSQL: allowed only in a server event under its own regulation
//! (`regulation=own conditional=on`; the federation's rules forbid them,
//! R3.2.4, and a postal game proposes variants with its moves, R2.3.7);
//! a line taken in full, played at once in the opponent's move's
//! transaction and charged no time; a line the opponent leaves, dropped
//! with a notice; the checks and bounds of a line (the count with two
//! processes at once); no leave move (R3.6.2); and pending lines shown to
//! no one but their owner (the opponent, another member, the arbiter's
//! case file before the game ends, the web pages and their live stream,
//! the PGN downloads, the notices), the arbiter seeing them once it has.

use std::sync::Arc;

use chrono::Duration;
use corrbot::app::outgoing::Outgoing;
use corrbot::app::service::{App, AppConfig};
use corrbot::store::{Db, GameId, NoticeRecipient, Platform, PlayerId};
use corrbot::time::Clock;

use crate::races::at_once;
use crate::support::db::{TestDb, on_both};
use crate::support::web::{get, serve};
use crate::support::world::World;

on_both!(
    a_line_taken_in_full_is_played_at_once_and_costs_no_time,
    a_line_the_opponent_leaves_is_dropped_and_its_owner_told,
    conditional_moves_are_refused_under_the_federations_rules,
    lines_are_checked_bounded_and_form_a_tree,
    no_conditional_reply_is_played_during_the_owners_leave,
    pending_lines_reach_no_one_but_their_owner,
    two_lines_at_once_stay_within_the_bound,
);

/// The settings of a club friendly that allows conditional moves.
const OWN: &str = "regulation=own conditional=on";

/// bob (White) and carol play game #1 of alice's event with `settings`
/// (alice organizes it and is its arbiter); dave is a member outside it.
/// bob has played 1. e2-e4.
async fn game(test_db: &TestDb, settings: &str) -> World {
    let mut world = World::new(&test_db.db);
    world.english(&["alice", "bob", "carol", "dave"]).await;
    world.started_event(settings, &["bob", "carol"]).await;
    world.move_as("bob", 1, "e2-e4").await;
    world
}

fn text(replies: &[Outgoing]) -> String {
    replies
        .iter()
        .map(|reply| reply.text.as_str())
        .collect::<Vec<_>>()
        .join("\n")
}

async fn player(db: &Db, user: &str) -> PlayerId {
    let mut tx = db.read().await.unwrap();
    let account = tx.account(Platform::Console, user).await.unwrap();
    account.expect("registered").player_id
}

/// The kinds of the notices queued to `user`, in order, with the move
/// each is about.
async fn notices(db: &Db, user: &str) -> Vec<String> {
    let to = NoticeRecipient::Player(player(db, user).await);
    let mut tx = db.read().await.unwrap();
    let all = tx.notices_to(&to).await.unwrap();
    tx.commit().await.unwrap();
    all.into_iter()
        .filter(|notice| notice.kind.starts_with("move_") || notice.kind.starts_with("cond"))
        .map(|notice| {
            let payload = &notice.payload;
            let uci = payload["mv"]["uci"]
                .as_str()
                .or_else(|| payload["met"]["mv"]["uci"].as_str())
                .unwrap_or("");
            format!("{} {uci}", notice.kind)
        })
        .collect()
}

/// The game's moves as (UCI, days charged, instant received).
async fn moves(db: &Db) -> Vec<(String, i64, chrono::DateTime<chrono::Utc>)> {
    let mut tx = db.read().await.unwrap();
    let rows = tx.moves(GameId(1)).await.unwrap();
    tx.commit().await.unwrap();
    rows.into_iter()
        .map(|row| (row.uci, row.charged_days, row.received_at))
        .collect()
}

async fn a_line_taken_in_full_is_played_at_once_and_costs_no_time(test_db: &TestDb) {
    let mut world = game(test_db, OWN).await;
    world.move_as("carol", 1, "e7-e5").await;
    // carol, Black, sets her line while bob is to move.
    let out = text(&world.ask("carol", "/if 1 Nf3 Nc6 Bb5 a6").await);
    assert!(
        out.contains("Conditional line in game #1 kept (1 of 10)"),
        "{out}"
    );
    assert!(out.contains("• 2. Кg1-f3 Кb8-c6 3. Сf1-b5 a7-a6"), "{out}");
    world.clock.advance(Duration::days(3));
    let out = world.say("@bob: Кg1-f3").await.join("\n");
    assert!(out.contains("you played 2. Кg1-f3"), "{out}");
    // bob is told of carol's reply as of any move; carol of her reply.
    assert!(
        out.contains("-> @bob: Game #1 (Cup): carol played 2... Кb8-c6"),
        "{out}"
    );
    assert!(
        out.contains("the bot at once played your conditional reply 2... Кb8-c6"),
        "{out}"
    );
    assert!(out.contains("Conditional lines still waiting: 1"), "{out}");
    assert_eq!(world.game(1).await.ply, 4);
    let played = moves(&world.db).await;
    // bob's move took three days; carol's reply none, made at its instant.
    assert_eq!(played[2].1, 3, "{played:?}");
    assert_eq!((played[3].0.as_str(), played[3].1), ("b8c6", 0));
    assert_eq!(played[3].2, played[2].2);
    world.clock.advance(Duration::days(1));
    let out = world.say("@bob: Сf1-b5").await.join("\n");
    assert!(
        out.contains("played your conditional reply 3... a7-a6"),
        "{out}"
    );
    assert!(
        out.contains("No conditional lines of yours are waiting"),
        "{out}"
    );
    // carol got no "your move" for the moves her lines answered.
    assert_eq!(
        notices(&world.db, "carol").await,
        [
            "move_made e2e4",
            "conditional_played g1f3",
            "conditional_played f1b5"
        ]
    );
    let out = text(&world.ask("carol", "/if 1").await);
    assert!(
        out.contains("You have no conditional lines in game #1"),
        "{out}"
    );
    world.finish().await;
}

async fn a_line_the_opponent_leaves_is_dropped_and_its_owner_told(test_db: &TestDb) {
    let mut world = game(test_db, OWN).await;
    world.move_as("carol", 1, "e7-e5").await;
    world.ask("carol", "/if 1 Nf3 Nc6 Bb5 a6").await;
    world.ask("carol", "/if 1 d4 exd4").await;
    let out = world.say("@bob: Сf1-c4").await.join("\n");
    assert!(
        out.contains("a move none of your conditional lines expected, so they are cancelled (2)"),
        "{out}"
    );
    assert_eq!(world.game(1).await.ply, 3, "nothing played for carol");
    assert_eq!(
        notices(&world.db, "carol").await,
        ["move_made e2e4", "conditional_left f1c4", "move_made f1c4"]
    );
    // A branch left while another is taken: one notice, with the count.
    world.ask("bob", "/if 1 d6 Nf3").await;
    world.ask("bob", "/if 1 Nf6 d3").await;
    let out = world.say("@carol: Кg8-f6").await.join("\n");
    assert!(
        out.contains("played your conditional reply 3. d2-d3"),
        "{out}"
    );
    assert!(
        out.contains("Lines your opponent's move left, cancelled: 1"),
        "{out}"
    );
    // Cancelled lines are gone.
    world.ask("bob", "/if 1 Be7 Nf3").await;
    let out = text(&world.ask("bob", "/if 1 off").await);
    assert!(out.contains("cancelled: 1"), "{out}");
    let out = text(&world.ask("bob", "/if 1 off").await);
    assert!(out.contains("nothing to cancel"), "{out}");
    world.finish().await;
}

async fn conditional_moves_are_refused_under_the_federations_rules(test_db: &TestDb) {
    let mut world = World::new(&test_db.db);
    world.english(&["alice", "bob", "carol"]).await;
    // R3.2.4: the federation's server rules forbid them, in either order.
    for settings in ["conditional=on", "regulation=federation conditional=on"] {
        let out = world
            .say(&format!("@alice: /event create Cup {settings}"))
            .await;
        let rule = "\"proposals of move variants are not allowed\"";
        assert!(out[0].contains(rule), "{out:?}");
    }
    let out = world
        .say("@alice: /event create Postal rules=postal conditional=on")
        .await;
    assert!(out[0].contains("go with the move itself"), "{out:?}");
    // An event under the federation's rules: /if refused, listing says why.
    world.started_event("", &["bob", "carol"]).await;
    world.move_as("bob", 1, "e2-e4").await;
    let out = text(&world.ask("bob", "/if 1 e5 Nf3").await);
    assert!(
        out.contains("proposals of move variants are not allowed"),
        "{out}"
    );
    let out = text(&world.ask("bob", "/if 1").await);
    assert!(out.contains("has no conditional moves"), "{out}");
    let out = world
        .say("@alice: /event set 1 regulation=own conditional=on")
        .await;
    assert!(
        out[0].contains("after the start") || out[0].contains("started"),
        "{out:?}"
    );
    // Allowed the other way round too, and shown.
    let out = world
        .say("@alice: /event create Friendly conditional=on regulation=own")
        .await;
    assert!(out[0].contains("has been created"), "{out:?}");
    let out = world.say("@alice: /event show 2").await.join("\n");
    assert!(out.contains("conditional moves are allowed (/if)"), "{out}");
    world.finish().await;
}

async fn lines_are_checked_bounded_and_form_a_tree(test_db: &TestDb) {
    // carol is to move: bob sets lines, starting with her moves.
    let mut world = game(test_db, OWN).await;
    let refused = [
        ("carol", "/if 1 Nf3 e5", "It is your move in game #1"),
        ("dave", "/if 1 e5 Nf3", "Only the players of game #1"),
        ("alice", "/if 1", "Only the players of game #1"),
        ("bob", "/if 1 Nf3 e5", "is not possible"),
        (
            "bob",
            "/if 1 e5",
            "needs your opponent's move and your reply",
        ),
        // A move number alone: the /if example, not the notes' one.
        (
            "bob",
            "/if 1 1...",
            "needs your opponent's move and your reply",
        ),
    ];
    for (user, line, expected) in refused {
        let out = text(&world.ask(user, line).await);
        assert!(out.contains(expected), "{user} {line}: {out}");
    }
    let long =
        "/if 1 Nf6 Nf3 Ng8 Ng1 Nf6 Nf3 Ng8 Ng1 Nf6 Nf3 Ng8 Ng1 Nf6 Nf3 Ng8 Ng1 Nf6 Nf3 Ng8 Ng1 Nf6";
    let out = text(&world.ask("bob", long).await);
    assert!(out.contains("at most 20\u{a0}half-moves"), "{out}");
    let out = text(&world.ask("bob", "/if 1 d5 exd5 Qxd5 Nc3").await);
    assert!(out.contains("(1 of 10)"), "{out}");
    // One reply to each move: another branch is fine, another reply not.
    let out = text(&world.ask("bob", "/if 1 d5 exd5 Nf6 c4").await);
    assert!(out.contains("(2 of 10)"), "{out}");
    let out = text(&world.ask("bob", "/if 1 d5 e5").await);
    assert!(out.contains("contradicts the line 1... d7-d5 2."), "{out}");
    let out = text(&world.ask("bob", "/if 1 d5 exd5").await);
    assert!(out.contains("This line is set already"), "{out}");
    for (n, first) in ["a6", "a5", "b6", "b5", "c6", "c5", "f6", "f5"]
        .iter()
        .enumerate()
    {
        let out = text(&world.ask("bob", &format!("/if 1 {first} d4")).await);
        assert!(out.contains(&format!("({} of 10)", n + 3)), "{out}");
    }
    let out = text(&world.ask("bob", "/if 1 g6 d4").await);
    assert!(
        out.contains("You already have 10 conditional lines"),
        "{out}"
    );
    let out = text(&world.ask("bob", "/if 1").await);
    assert_eq!(out.matches('•').count(), 10, "{out}");
    assert!(out.contains("• 1... a7-a6 2. d2-d4"), "{out}");
    world.finish().await;
}

async fn no_conditional_reply_is_played_during_the_owners_leave(test_db: &TestDb) {
    let mut world = game(test_db, OWN).await;
    world.move_as("carol", 1, "e7-e5").await;
    world.ask("carol", "/if 1 Nf3 Nc6").await;
    let out = world
        .say("@carol: /leave add 2026-01-07 5")
        .await
        .join("\n");
    assert!(out.contains("registered"), "{out}");
    world.clock.advance(Duration::days(3));
    // R3.6.2: no move during a leave; the lines are dropped, and said why.
    let out = world.say("@bob: Кg1-f3").await.join("\n");
    assert!(out.contains("You are on leave"), "{out}");
    assert!(out.contains("your lines are cancelled (1)"), "{out}");
    assert_eq!(world.game(1).await.ply, 3, "nothing played for carol");
    world.finish().await;
}

async fn pending_lines_reach_no_one_but_their_owner(test_db: &TestDb) {
    let mut world = game(test_db, OWN).await;
    let clock: Arc<dyn Clock> = world.clock.clone();
    let server = serve(&test_db.db, clock).await;
    let addr = server.addr;
    let version = {
        let mut tx = world.db.read().await.unwrap();
        let version = tx.game_version(GameId(1)).await.unwrap();
        tx.commit().await.unwrap();
        version
    };
    let out = text(&world.ask("bob", "/if 1 h6 h4 Rh7 a4").await);
    assert!(out.contains("kept"), "{out}");
    let secrets = ["h7-h6", "h2-h4", "Тh8-h7", "h7h6", "h2h4", "h8h7"];
    // The live stream wakes on the game's version, which lines leave alone.
    let mut tx = world.db.read().await.unwrap();
    assert_eq!(tx.game_version(GameId(1)).await.unwrap(), version);
    tx.commit().await.unwrap();
    let mut seen = Vec::new();
    world.ask("carol", "/dispute 1 my partner is slow").await;
    seen.push(text(&world.ask("alice", "/case 1").await));
    for user in ["carol", "dave", "alice"] {
        seen.push(text(&world.ask(user, "/if 1").await));
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
    for shown in &seen {
        for secret in secrets {
            assert!(!shown.contains(secret), "{secret} shown: {shown}");
        }
    }
    // Nor any notice, log or other table: only the lines and the owner's
    // own command hold them.
    let dump = world.db.dump().await.unwrap();
    for (table, rows) in &dump.tables {
        if ["conditional_lines", "inbound"].contains(&table.as_str()) {
            continue;
        }
        let rows = serde_json::to_string(rows).unwrap();
        for secret in secrets {
            assert!(!rows.contains(secret), "{secret} in {table}: {rows}");
        }
    }
    // Once the game has ended the arbiter's case file lists them.
    world.say("@carol: /resign 1 confirm").await;
    let file = text(&world.ask("alice", "/case 1").await);
    assert!(
        file.contains("• bob: 1... h7-h6 2. h2-h4 Тh8-h7 3. a2-a4"),
        "the arbiter sees them after the game: {file}"
    );
    assert!(file.contains("not reached before the game ended"), "{file}");
    let out = text(&world.ask("carol", "/case 1").await);
    assert!(!out.contains("h2-h4"), "{out}");
    drop(server);
    world.finish().await;
}

async fn two_lines_at_once_stay_within_the_bound(test_db: &TestDb) {
    let mut world = game(test_db, OWN).await;
    let other_db = test_db.connect_again().await;
    let clock: Arc<dyn Clock> = world.clock.clone();
    let other = App::new(
        other_db.clone(),
        clock,
        AppConfig::with_admins("console:alice"),
    );
    let firsts = ["a6", "a5", "b6", "b5", "c6", "c5", "f6", "f5", "g6"];
    for round in 0..3 {
        for first in firsts {
            let out = text(&world.ask("bob", &format!("/if 1 {first} d4")).await);
            assert!(out.contains("kept"), "{out}");
        }
        let answers = at_once([
            (&world.app, "bob", "/if 1 h6 d4"),
            (&other, "bob", "/if 1 h5 d4"),
        ])
        .await;
        let mut tx = world.db.read().await.unwrap();
        let bob = tx.game(GameId(1)).await.unwrap().white;
        let count = tx
            .pending_conditional_lines(GameId(1), bob)
            .await
            .unwrap()
            .len();
        tx.commit().await.unwrap();
        assert_eq!(count, 10, "round {round}: {answers:?}");
        let out = text(&world.ask("bob", "/if 1 off").await);
        assert!(out.contains("cancelled: 10"), "{out}");
    }
    other_db.close().await;
    world.finish().await;
}
