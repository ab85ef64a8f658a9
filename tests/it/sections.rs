//! Sections and a final (issue 40): `sections=K` splits the entrants into K
//! round robins by snake seeding (unrated players in entry order here; the
//! rating order is unit-tested in `core::tournament::sections`), `qualify=Q`
//! sends the best Q of each to a final started with the last section's
//! result, or earlier by the organizer (`/event final N`) with the current
//! leaders, and the event ends only after its last game. Team events refuse
//! sections; two last results at once start the final once, and so do two
//! `/event final` at once, or one with the last section result.

use std::sync::Arc;

use corrbot::app::service::{App, AppConfig};
use corrbot::store::{EventId, EventStatus, TableGame};
use corrbot::time::Clock;

use crate::support::db::{TestDb, on_both};
use crate::support::web::{get, serve};
use crate::support::world::World;

on_both!(
    a_final_of_fewer_than_two_finalists_is_not_played_and_the_event_ends,
    snake_seeding_puts_each_game_in_one_section,
    the_final_starts_with_the_last_section_result_and_ends_the_event,
    sections_are_refused_where_they_cannot_be_played,
    two_last_section_results_at_once_start_the_final_once,
    an_early_final_starts_with_the_current_leaders_and_the_event_ends_once,
    an_early_final_is_refused_where_it_cannot_start,
    two_early_finals_at_once_start_one_final,
    an_early_final_and_the_last_section_result_at_once_start_one_final,
);

/// Rounds of the race: enough for PostgreSQL to interleave the results.
const ROUNDS: usize = 8;

async fn table_games(w: &World, event: i64) -> Vec<TableGame> {
    let mut tx = w.db.read().await.unwrap();
    tx.event_table_games(EventId(event)).await.unwrap()
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
        w.player_id("ann").await,
        w.player_id("bob").await,
        w.player_id("cat").await,
        w.player_id("dan").await,
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
    assert_eq!(w.event_status(1).await, EventStatus::Running);
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
    let (ann, bob) = (w.player_id("ann").await, w.player_id("bob").await);
    assert_eq!((final_game.white, final_game.black), (ann, bob));
    assert_eq!(w.event_status(1).await, EventStatus::Running);
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
    assert_eq!(w.event_status(1).await, EventStatus::Finished);
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
    assert_eq!(w.event_status(1).await, EventStatus::Registration);
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
        assert_eq!(w.event_status(event).await, EventStatus::Running);
    }
    other_db.close().await;
}

/// The number of event #`event`'s final games.
async fn final_games(w: &World, event: i64) -> usize {
    let games = table_games(w, event).await;
    games.iter().filter(|game| game.section == Some(0)).count()
}

/// The number of the game of event #`event` between `a` and `b`.
async fn game_between(w: &World, event: i64, a: &str, b: &str) -> i64 {
    let (a, b) = (w.player_id(a).await, w.player_id(b).await);
    let mut tx = w.db.read().await.unwrap();
    let games = tx.games_of_event(EventId(event)).await.unwrap();
    let game = games
        .iter()
        .find(|game| [game.white, game.black] == [a, b] || [game.white, game.black] == [b, a])
        .expect("a game between the two");
    game.id.0
}

/// `loser` resigns their game of event #1 against `winner`; the output.
async fn resigns(w: &mut World, loser: &str, winner: &str) -> String {
    let game = game_between(w, 1, loser, winner).await;
    let out = w.say(&format!("@{loser}: /resign {game} confirm")).await;
    out.join("\n")
}

/// The messages of the console's `text` sent to `user`, each with the
/// lines that continue it.
fn lines_to(text: &str, user: &str) -> Vec<String> {
    let prefix = format!("-> @{user}: ");
    let mut messages: Vec<String> = Vec::new();
    let mut theirs = false;
    for line in text.lines() {
        if line.starts_with("-> @") {
            theirs = line.starts_with(&prefix);
            if theirs {
                messages.push(line.to_owned());
            }
        } else if theirs && let Some(message) = messages.last_mut() {
            message.push('\n');
            message.push_str(line);
        }
    }
    messages
}

/// Event #1 "Cup" with two sections of three: ann, dan, eve in section 1,
/// bob, cat, fay in section 2 (snake seeding in entry order), the winner of
/// each to the final; six section games.
async fn two_sections_of_three(w: &mut World) {
    let players = ["ann", "bob", "cat", "dan", "eve", "fay"];
    w.english(&["alice"]).await;
    w.english(&players).await;
    w.started_event("sections=2 qualify=1", &players).await;
    assert_eq!(table_games(w, 1).await.len(), 6);
}

async fn an_early_final_starts_with_the_current_leaders_and_the_event_ends_once(t: &TestDb) {
    let mut w = World::new(&t.db);
    two_sections_of_three(&mut w).await;
    resigns(&mut w, "ann", "dan").await;
    resigns(&mut w, "bob", "cat").await;
    let out = w.say("@dan: /event final 1").await;
    assert!(
        out[0].contains("Only the event's organizer or an administrator may start the final"),
        "{out:?}"
    );
    assert_eq!(
        final_games(&w, 1).await,
        0,
        "a player's refusal changes nothing"
    );
    let text = w.say("@alice: /event final 1").await.join("\n");
    assert!(
        text.contains(
            "The final of event #1 \"Cup\" has started: 1\u{a0}game. \
             Finalists by the sections' current standings: dan, cat. \
             4\u{a0}section games are still in play"
        ),
        "{text}"
    );
    let told = lines_to(&text, "ann").join("\n");
    assert!(
        told.contains("The organizer has started the final of event #1 \"Cup\" early")
            && told.contains("You have not qualified for the final"),
        "{text}"
    );
    let told = lines_to(&text, "dan").join("\n");
    assert!(told.contains("Your games in the final: 1."), "{text}");
    // alice, the arbiter who gave the command, has her reply only.
    assert_eq!(lines_to(&text, "alice").len(), 1, "{text}");
    let (dan, cat) = (w.player_id("dan").await, w.player_id("cat").await);
    let games = table_games(&w, 1).await;
    let finals: Vec<_> = games.iter().filter(|g| g.section == Some(0)).collect();
    assert_eq!(finals.len(), 1);
    assert_eq!((finals[0].white, finals[0].black), (dan, cat));
    // The sections play on; their results no longer change the final.
    let text = resigns(&mut w, "dan", "eve").await;
    assert!(!text.contains("final"), "no second final: {text}");
    assert_eq!(final_games(&w, 1).await, 1);
    let text = resigns(&mut w, "cat", "dan").await;
    assert!(
        !text.contains("\"Cup\" is over"),
        "sections in play: {text}"
    );
    assert_eq!(w.event_status(1).await, EventStatus::Running);
    let text = resigns(&mut w, "fay", "bob").await;
    assert!(!text.contains("\"Cup\" is over"), "{text}");
    let text = resigns(&mut w, "ann", "eve").await;
    assert!(!text.contains("\"Cup\" is over"), "{text}");
    let standings = w.say("@ann: /standings 1").await.join("\n");
    assert!(standings.contains("Section 1\n1. eve"), "{standings}");
    let text = resigns(&mut w, "fay", "cat").await;
    let ends = lines_to(&text, "alice")
        .into_iter()
        .filter(|line| line.contains("Event #1 \"Cup\" is over"))
        .count();
    assert_eq!(ends, 1, "the end, once: {text}");
    assert!(text.contains("1. dan") && text.contains("2. cat"), "{text}");
    assert_eq!(w.event_status(1).await, EventStatus::Finished);
    assert_eq!(final_games(&w, 1).await, 1);
}

async fn an_early_final_is_refused_where_it_cannot_start(t: &TestDb) {
    let mut w = World::new(&t.db);
    w.english(&["alice", "ann", "bob", "cat", "dan"]).await;
    w.started_event("", &["ann", "bob"]).await;
    let out = w.say("@alice: /event final 1").await;
    assert!(
        out[0].contains("Event #1 \"Cup\" is not played in sections"),
        "{out:?}"
    );
    assert_eq!(table_games(&w, 1).await.len(), 1);
    let out = w.say("@alice: /event final 9").await;
    assert!(out[0].contains("There is no event #9"), "{out:?}");
    w.say("@alice: /event create Open sections=2").await;
    let out = w.say("@alice: /event final 2").await;
    assert!(
        out[0].contains("Event #2 \"Open\" has not started yet")
            && out[0].contains("/event start 2"),
        "{out:?}"
    );
    assert_eq!(w.event_status(2).await, EventStatus::Registration);
    two_sections(&mut w, 3).await;
    let games: Vec<i64> = {
        let mut tx = w.db.read().await.unwrap();
        let games = tx.games_of_event(EventId(3)).await.unwrap();
        games.iter().map(|game| game.id.0).collect()
    };
    w.say(&format!("@dan: /resign {} confirm", games[0])).await;
    w.say(&format!("@cat: /resign {} confirm", games[1])).await;
    assert_eq!(final_games(&w, 3).await, 1);
    let out = w.say("@alice: /event final 3").await;
    assert!(
        out[0].contains("The final of event #3 \"Cup\" has already started"),
        "{out:?}"
    );
    assert_eq!(final_games(&w, 3).await, 1);
    let out = w.say("@ann: /event final 3").await;
    assert!(out[0].contains("Only the event's organizer"), "{out:?}");
    assert_eq!(final_games(&w, 3).await, 1);
}

/// alice's second app on its own pool, for the races.
async fn twin(t: &TestDb, w: &World) -> (App, corrbot::store::Db) {
    let other_db = t.connect_again().await;
    let clock: Arc<dyn Clock> = w.clock.clone();
    let config = AppConfig::with_admins("console:alice");
    (App::new(other_db.clone(), clock, config), other_db)
}

async fn two_early_finals_at_once_start_one_final(t: &TestDb) {
    let mut w = World::new(&t.db);
    let (other, other_db) = twin(t, &w).await;
    w.english(&["alice", "ann", "bob", "cat", "dan"]).await;
    for round in 0..ROUNDS {
        let event = round as i64 + 1;
        two_sections(&mut w, event).await;
        let command = format!("/event final {event}");
        let answers = crate::races::at_once([
            (&w.app, "alice", command.as_str()),
            (&other, "alice", command.as_str()),
        ])
        .await;
        let started = answers
            .iter()
            .filter(|replies| replies.first().is_some_and(|reply| !reply.is_error()))
            .count();
        assert_eq!(started, 1, "round {round}: one start, one refusal");
        assert_eq!(final_games(&w, event).await, 1, "round {round}");
    }
    other_db.close().await;
}

async fn an_early_final_and_the_last_section_result_at_once_start_one_final(t: &TestDb) {
    let mut w = World::new(&t.db);
    let (other, other_db) = twin(t, &w).await;
    w.english(&["alice", "ann", "bob", "cat", "dan"]).await;
    for round in 0..ROUNDS {
        let event = round as i64 + 1;
        two_sections(&mut w, event).await;
        let games: Vec<i64> = {
            let mut tx = w.db.read().await.unwrap();
            let games = tx.games_of_event(EventId(event)).await.unwrap();
            games.iter().map(|game| game.id.0).collect()
        };
        w.say(&format!("@dan: /resign {} confirm", games[0])).await;
        let last = format!("/resign {} confirm", games[1]);
        let early = format!("/event final {event}");
        crate::races::at_once([
            (&w.app, "cat", last.as_str()),
            (&other, "alice", early.as_str()),
        ])
        .await;
        assert_eq!(final_games(&w, event).await, 1, "round {round}: one final");
        assert_eq!(w.event_status(event).await, EventStatus::Running);
    }
    other_db.close().await;
}

/// Exclusions empty section 1 (ann and dan, by one ruling): when section 2
/// ends, bob alone qualifies, so no final is played and the event ends.
async fn a_final_of_fewer_than_two_finalists_is_not_played_and_the_event_ends(t: &TestDb) {
    let mut w = World::new(&t.db);
    w.english(&["alice", "ann", "bob", "cat", "dan"]).await;
    two_sections(&mut w, 1).await;
    w.say("@ann: /dispute 1 dan insults me.").await;
    let out = w
        .say("@alice: /rule 1 exclude @dan; exclude @ann -- both insulting")
        .await
        .join("\n");
    assert!(out.contains("Ruling recorded"), "{out}");
    assert_eq!(w.event_status(1).await, EventStatus::Running);
    let text = w.say("@cat: /resign 2 confirm").await.join("\n");
    assert!(
        text.contains("Event #1 \"Cup\" is over: all its games have been played."),
        "{text}"
    );
    assert!(!text.contains("The final has started"), "{text}");
    assert_eq!(w.event_status(1).await, EventStatus::Finished);
    assert_eq!(table_games(&w, 1).await.len(), 2, "no final game");
}
