//! Sections and a final (issue 40): `sections=K` splits the entrants into K
//! round robins by snake seeding (unrated players in entry order here; the
//! rating order is unit-tested in `core::tournament::sections`), `qualify=Q`
//! sends the best Q of each to a final started with the last section's
//! result, and the event ends only after the final. Team events refuse
//! sections; two last results at once start the final once.

use std::sync::Arc;

use corrbot::app::service::{App, AppConfig};
use corrbot::store::{EventId, EventStatus, Platform, PlayerId, TableGame};
use corrbot::time::Clock;

use crate::support::db::{TestDb, on_both};
use crate::support::web::{get, serve};
use crate::support::world::World;

on_both!(
    snake_seeding_puts_each_game_in_one_section,
    the_final_starts_with_the_last_section_result_and_ends_the_event,
    sections_are_refused_where_they_cannot_be_played,
    two_last_section_results_at_once_start_the_final_once,
);

/// Rounds of the race: enough for PostgreSQL to interleave the results.
const ROUNDS: usize = 8;

async fn table_games(w: &World, event: i64) -> Vec<TableGame> {
    let mut tx = w.db.read().await.unwrap();
    tx.event_table_games(EventId(event)).await.unwrap()
}

async fn player(w: &World, name: &str) -> PlayerId {
    let mut tx = w.db.read().await.unwrap();
    let account = tx.account(Platform::Console, name).await.unwrap().unwrap();
    account.player_id
}

async fn status(w: &World, event: i64) -> EventStatus {
    let mut tx = w.db.read().await.unwrap();
    tx.event(EventId(event)).await.unwrap().status
}

/// Event #`event` "Cup" with two sections, the best one of each to the
/// final, ann, bob, cat and dan entered in that order and started: sections
/// 1 (ann, dan) and 2 (bob, cat).
async fn two_sections(w: &mut World, event: i64) {
    let out = w
        .say("@alice: /event create Cup sections=2 qualify=1")
        .await;
    assert!(out[0].contains(&format!("#{event}")), "{out:?}");
    for user in ["ann", "bob", "cat", "dan"] {
        w.say(&format!("@{user}: /event join {event}")).await;
    }
    let out = w.say(&format!("@alice: /event start {event}")).await;
    assert!(out[0].contains("has started: 2\u{a0}games"), "{out:?}");
}

async fn snake_seeding_puts_each_game_in_one_section(t: &TestDb) {
    let mut w = World::new(&t.db);
    w.english(&["alice", "ann", "bob", "cat", "dan"]).await;
    two_sections(&mut w, 1).await;
    let (ann, bob, cat, dan) = (
        player(&w, "ann").await,
        player(&w, "bob").await,
        player(&w, "cat").await,
        player(&w, "dan").await,
    );
    let pairs: Vec<_> = table_games(&w, 1)
        .await
        .iter()
        .map(|game| (game.section, game.white, game.black))
        .collect();
    // Seeds 1 and 2 head the sections; seed 3 goes to section 2, seed 4 to 1.
    assert_eq!(pairs, vec![(Some(1), ann, dan), (Some(2), bob, cat)]);
    let out = w.say("@ann: /standings 1").await;
    let text = out.join("\n");
    for part in ["Section 1\n1–2. ann", "Section 2\n1–2. bob", "cat"] {
        assert!(text.contains(part), "{part}: {text}");
    }
    assert!(!text.contains("Final"), "{text}");
    let out = w.say("@ann: /event show 1").await;
    let text = out.join("\n");
    assert!(
        text.contains("Format: 2 sections, all-play-all; each section's winner goes to the final"),
        "{text}"
    );
    assert!(
        text.contains("Section 1: ann\u{a0}— 0, dan\u{a0}— 0."),
        "{text}"
    );
}

async fn the_final_starts_with_the_last_section_result_and_ends_the_event(t: &TestDb) {
    let mut w = World::new(&t.db);
    w.english(&["alice", "ann", "bob", "cat", "dan"]).await;
    two_sections(&mut w, 1).await;
    let out = w.say("@dan: /resign 1 confirm").await;
    let text = out.join("\n");
    assert!(!text.contains("final"), "section 2 goes on: {text}");
    assert_eq!(status(&w, 1).await, EventStatus::Running);
    let out = w.say("@cat: /resign 2 confirm").await;
    let text = out.join("\n");
    assert!(
        text.contains("The final has started, all its games at once. Finalists: ann, bob."),
        "{text}"
    );
    assert!(
        text.contains("You have not qualified for the final"),
        "cat is told: {text}"
    );
    assert!(!text.contains("\"Cup\" is over"), "{text}");
    let games = table_games(&w, 1).await;
    assert_eq!(games.len(), 3);
    let final_game = &games[2];
    assert_eq!(final_game.section, Some(0));
    let (ann, bob) = (player(&w, "ann").await, player(&w, "bob").await);
    assert_eq!((final_game.white, final_game.black), (ann, bob));
    assert_eq!(status(&w, 1).await, EventStatus::Running);
    let out = w.say("@ann: /standings 1").await;
    let text = out.join("\n");
    assert!(text.contains("Final\n1–2. ann"), "{text}");
    event_page_shows_the_sections_and_the_final(&w).await;
    let out = w.say("@bob: /resign 3 confirm").await;
    let text = out.join("\n");
    assert!(
        text.contains("Event #1 \"Cup\" is over: all its games have been played."),
        "{text}"
    );
    assert!(
        text.contains("1. ann") && text.contains("2. bob"),
        "the final: {text}"
    );
    assert!(!text.contains("cat\u{a0}—"), "the final only: {text}");
    assert_eq!(status(&w, 1).await, EventStatus::Finished);
}

/// The event page: the format, one crosstable a section, then the final's.
async fn event_page_shows_the_sections_and_the_final(w: &World) {
    let clock: Arc<dyn Clock> = w.clock.clone();
    let server = serve(&w.db, clock).await;
    let page = get(server.addr, "/event/1", &[("Accept-Language", "en")]).await;
    let text = page.text();
    let at = |part: &str| {
        text.find(part)
            .unwrap_or_else(|| panic!("{part} missing: {text}"))
    };
    assert!(at("each section's winner goes to the final") < at("id=\"crosstable-section-1\""));
    assert!(at("id=\"crosstable-section-1\"") < at("id=\"crosstable-section-2\""));
    assert!(at("id=\"crosstable-section-2\"") < at("id=\"crosstable-final\""));
    assert!(at("<h2>Final</h2>") > at("<h2>Section 2</h2>"));
}

async fn sections_are_refused_where_they_cannot_be_played(t: &TestDb) {
    let mut w = World::new(&t.db);
    w.english(&["alice", "ann", "bob", "cat"]).await;
    let out = w
        .say("@alice: /event create Teams type=team sections=2")
        .await;
    assert!(
        out[0].contains("Team events keep their own rules"),
        "{out:?}"
    );
    let out = w.say("@alice: /event create Cup qualify=2").await;
    assert!(
        out[0].contains("first set the number of sections"),
        "{out:?}"
    );
    w.say("@alice: /event create Cup sections=2").await;
    for user in ["ann", "bob", "cat"] {
        w.say(&format!("@{user}: /event join 1")).await;
    }
    let out = w.say("@alice: /event start 1").await;
    assert!(
        out[0].contains("each needs at least two players: 4 players at least"),
        "{out:?}"
    );
    assert_eq!(status(&w, 1).await, EventStatus::Registration);
    w.say("@alice: /event set 1 sections=1").await;
    let out = w.say("@alice: /event start 1").await;
    assert!(out[0].contains("has started: 3\u{a0}games"), "{out:?}");
    assert!(table_games(&w, 1).await.iter().all(|g| g.section.is_none()));
}

async fn two_last_section_results_at_once_start_the_final_once(t: &TestDb) {
    let mut w = World::new(&t.db);
    let other_db = t.connect_again().await;
    let clock: Arc<dyn Clock> = w.clock.clone();
    let other = App::new(
        other_db.clone(),
        clock,
        AppConfig::with_admins("console:alice"),
    );
    w.english(&["alice", "ann", "bob", "cat", "dan"]).await;
    for round in 0..ROUNDS {
        let event = round as i64 + 1;
        two_sections(&mut w, event).await;
        let games: Vec<i64> = {
            let mut tx = w.db.read().await.unwrap();
            let games = tx.games_of_event(EventId(event)).await.unwrap();
            games.iter().map(|game| game.id.0).collect()
        };
        let first = format!("/resign {} confirm", games[0]);
        let second = format!("/resign {} confirm", games[1]);
        crate::races::at_once([
            (&w.app, "dan", first.as_str()),
            (&other, "cat", second.as_str()),
        ])
        .await;
        let finals = table_games(&w, event)
            .await
            .iter()
            .filter(|game| game.section == Some(0))
            .count();
        assert_eq!(finals, 1, "round {round}: one final game");
        assert_eq!(status(&w, event).await, EventStatus::Running);
    }
    other_db.close().await;
}
