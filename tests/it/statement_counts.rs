//! How many SQL statements a command costs (issue 24), counted as sqlx runs
//! them ([`statements`]), on SQLite and PostgreSQL: a move in a running game
//! with its notice to the partner stays within a small bound, and
//! `/standings` and `/event show` read an event in a number of statements
//! that does not grow with its games.

use corrbot::store::EventId;

use crate::support::db::{TestDb, on_both};
use crate::support::tracing_log::{listed, statements};
use crate::support::world::World;

/// The most statements the move command's transaction may run (besides
/// `BEGIN` and `COMMIT`).
const MOVE_COMMAND_MAX: usize = 15;

/// The most statements delivering the partner's move notice may run (the
/// scheduler's look for due deadlines included).
const MOVE_DELIVERY_MAX: usize = 16;

/// A move in a running game (R3.2.1), and the notice to the partner
/// (R3.2.2) delivered: the command is one transaction of at most
/// [`MOVE_COMMAND_MAX`] statements.
async fn a_move_runs_few_statements(test_db: &TestDb) {
    let mut w = World::new(&test_db.db);
    w.event("Cup", &["bob", "carol"]).await;
    for (user, mv) in [("bob", "e2-e4"), ("carol", "e7-e5"), ("bob", "d2-d4")] {
        w.clock.advance(chrono::Duration::hours(20));
        w.move_as(user, 1, mv).await;
        w.console.deliver().await.expect("delivered");
    }
    assert_eq!(w.game(1).await.ply, 3);
    w.clock.advance(chrono::Duration::hours(20));
    let (replies, command) = statements(w.move_as("carol", 1, "d7-d6")).await;
    assert!(
        replies[0].starts_with("Game #1: you played 2... d7-d6"),
        "{replies:?}"
    );
    let (sent, delivery) = statements(w.console.deliver()).await;
    let sent = sent.expect("delivered");
    assert!(
        sent.iter()
            .any(|s| s.message.text.contains("carol played 2... d7-d6")
                && format!("{:?}", s.to).contains("\"bob\"")),
        "the partner is told: {sent:?}"
    );
    eprintln!(
        "{:?}: a move command runs {} statements, its delivery {}:\n{}---\n{}",
        test_db.db.backend(),
        command.len(),
        delivery.len(),
        listed(&command),
        listed(&delivery)
    );
    assert!(
        command.len() <= MOVE_COMMAND_MAX,
        "a move ran {} statements:\n{}",
        command.len(),
        listed(&command)
    );
    assert!(
        delivery.len() <= MOVE_DELIVERY_MAX,
        "delivering its notice ran {} statements:\n{}",
        delivery.len(),
        listed(&delivery)
    );
    assert_eq!(w.game(1).await.ply, 4);
}

/// The statements of `/standings N` and `/event show N` by alice in event
/// N, a round robin (R1.1) of `players` named `prefix1`, `prefix2` …, where
/// White resigned the first half of the games.
async fn event_table_statements(
    w: &mut World,
    (number, prefix, players): (i64, &str, usize),
) -> (Vec<String>, Vec<String>) {
    let names: Vec<String> = (1..=players).map(|n| format!("{prefix}{n}")).collect();
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    w.event(&format!("Cup {prefix}"), &names).await;
    let mut tx = w.db.read().await.expect("read");
    let games = tx.games_of_event(EventId(number)).await.expect("games");
    let mut whites = Vec::new();
    for game in &games {
        whites.push((
            game.id.0,
            tx.player(game.white).await.expect("white").display_name,
        ));
    }
    tx.rollback().await.expect("rolled back");
    assert_eq!(games.len(), players * (players - 1) / 2);
    for (game, white) in &whites[..whites.len() / 2] {
        let out = w.say(&format!("@{white}: /resign {game} confirm")).await;
        assert!(out[0].contains("0-1"), "{out:?}");
    }
    let (standings, ran_standings) =
        statements(w.ask("alice", &format!("/standings {number}"))).await;
    assert!(standings[0].text.contains(names[0]), "{standings:?}");
    let (show, ran_show) = statements(w.ask("alice", &format!("/event show {number}"))).await;
    assert!(show[0].text.contains(names[0]), "{show:?}");
    (ran_standings, ran_show)
}

/// `/standings` and `/event show` (with their crosstable's data) read an
/// event in the same number of statements for 4 players (6 games) as for
/// 10 (45 games): one statement per kind of row, none per player or game.
async fn event_tables_do_not_grow_with_games(test_db: &TestDb) {
    let mut w = World::new(&test_db.db);
    let (standings_4, show_4) = event_table_statements(&mut w, (1, "p", 4)).await;
    let (standings_10, show_10) = event_table_statements(&mut w, (2, "q", 10)).await;
    eprintln!(
        "{:?}: /standings runs {} statements (4 players) and {} (10); /event show {} and {}",
        test_db.db.backend(),
        standings_4.len(),
        standings_10.len(),
        show_4.len(),
        show_10.len()
    );
    assert_eq!(
        standings_4.len(),
        standings_10.len(),
        "4 players:\n{}10 players:\n{}",
        listed(&standings_4),
        listed(&standings_10)
    );
    assert_eq!(
        show_4.len(),
        show_10.len(),
        "4 players:\n{}10 players:\n{}",
        listed(&show_4),
        listed(&show_10)
    );
}

on_both!(
    a_move_runs_few_statements,
    event_tables_do_not_grow_with_games
);
