//! Who may enter an event (issue events-2): `max-players` (and
//! `start=full`), `rating=MIN-MAX`, `min-games`, `timeout-ban`,
//! `max-timeouts`, checked at `/event join`, at `/start join-…` and at an
//! organizer's `/team add`, each refusal naming the rule and the date or
//! what is lacking, and changing nothing; `draw-offers=N`; `/event show`
//! and `/event set` in words; and entries at once on two processes never
//! passing `max-players` (the event's lock, `store/locks.rs`).

use std::sync::Arc;

use chrono::Duration;
use corrbot::app::service::{App, AppConfig};
use corrbot::store::{EventId, EventStatus, Platform, PlayerId};
use corrbot::time::Clock;

use crate::support::db::{TestDb, on_both};
use crate::support::world::World;

on_both!(
    the_rating_band_includes_its_ends_and_a_newcomer_has_the_default,
    min_games_counts_the_rated_games_finished,
    r3_5_7_a_loss_on_time_bars_entry_until_the_date_named,
    the_share_of_losses_on_time_names_the_games_lacking,
    the_most_players_refuse_the_next_and_start_full_starts_the_event,
    an_invitation_checks_the_conditions_too,
    an_organizer_adding_a_player_to_a_team_checks_the_conditions,
    draw_offers_are_limited_per_moves_of_the_offering_player,
    show_and_set_word_the_conditions,
    entries_at_once_never_pass_the_most_players_and_start_once,
);

/// Rounds of the race: enough for PostgreSQL to interleave the entries.
const ROUNDS: usize = 12;

/// The first reply's text, without the console's `-> @user: `.
fn text(out: &[String]) -> &str {
    out[0]
        .split_once(": ")
        .map_or(out[0].as_str(), |(_, text)| text)
}

async fn entrants(w: &World, event: i64) -> Vec<PlayerId> {
    let mut tx = w.db.read().await.unwrap();
    tx.active_players(EventId(event)).await.unwrap()
}

/// Event #1 played: ann (White) beats bob, who lets his time run out
/// after both have moved (a rated game for both, a loss on time for bob,
/// on 10.02.2026 Kyiv time); alice arbitrates.
async fn bob_loses_on_time(w: &mut World) {
    w.event("Warm-up rating=elo", &["ann", "bob"]).await;
    w.move_as("ann", 1, "e2-e4").await;
    w.move_as("bob", 1, "e7-e5").await;
    w.move_as("ann", 1, "Кg1-f3").await;
    // The flag falls at 10.02.2026 11:00 Kyiv time.
    w.clock.advance(Duration::days(36) + Duration::hours(1));
    w.console.tick().await.unwrap();
    let game = w.game(1).await;
    assert_eq!(
        game.result_reason.as_deref(),
        Some("result-time-forfeit"),
        "{game:?}"
    );
}

async fn the_rating_band_includes_its_ends_and_a_newcomer_has_the_default(t: &TestDb) {
    let mut w = World::new(&t.db);
    bob_loses_on_time(&mut w).await;
    w.english(&["eve"]).await;
    // ann 1516, bob 1484, eve without a rating: 1500.
    w.say("@alice: /event create Band rating=1484-1500").await;
    for user in ["bob", "eve"] {
        let out = w.say(&format!("@{user}: /event join 2")).await;
        assert!(out[0].contains("You joined event #2"), "{user}: {out:?}");
    }
    let out = w.say("@ann: /event join 2").await;
    assert_eq!(
        text(&out),
        "You may not enter event #2 \"Band\": the club rating is 1516, and the event admits ratings from 1484 to 1500. Nothing has changed."
    );
    w.say("@alice: /event create Higher rating=1501-1600").await;
    let out = w.say("@eve: /event join 3").await;
    assert!(
        out[0].contains("the club rating is 1500, and the event admits ratings from 1501 to 1600"),
        "{out:?}"
    );
    assert_eq!(entrants(&w, 2).await.len(), 2);
    assert!(entrants(&w, 3).await.is_empty(), "nothing changed");
    let out = w.say("@alice: /event create Bad rating=1600-1500").await;
    assert!(
        out[0].contains("rating=1600-1500 is not possible"),
        "{out:?}"
    );
}

async fn min_games_counts_the_rated_games_finished(t: &TestDb) {
    let mut w = World::new(&t.db);
    bob_loses_on_time(&mut w).await;
    w.english(&["eve"]).await;
    w.say("@alice: /event create Seasoned min-games=1").await;
    let out = w.say("@eve: /event join 2").await;
    assert_eq!(
        text(&out),
        "You may not enter event #2 \"Seasoned\": the event requires at least 1 rated game finished, and 0 are finished. Nothing has changed."
    );
    let out = w.say("@ann: /event join 2").await;
    assert!(out[0].contains("You joined"), "{out:?}");
    w.say("@alice: /event create Veterans min-games=2").await;
    let out = w.say("@ann: /event join 3").await;
    assert!(
        out[0].contains("at least 2 rated games finished, and 1 is finished"),
        "{out:?}"
    );
}

/// R3.5.7: a game lost on time; `timeout-ban=30` refuses entry until the
/// 30th day after the loss's date, and admits on that day.
async fn r3_5_7_a_loss_on_time_bars_entry_until_the_date_named(t: &TestDb) {
    let mut w = World::new(&t.db);
    bob_loses_on_time(&mut w).await;
    w.say("@alice: /event create Clean timeout-ban=30").await;
    let out = w.say("@bob: /event join 2").await;
    assert_eq!(
        text(&out),
        "You may not enter event #2 \"Clean\": a game was lost on time on 10.02.2026, and the event requires 30\u{a0}days without a loss on time. Entry is possible from 12.03.2026. Nothing has changed."
    );
    let out = w.say("@ann: /event join 2").await;
    assert!(out[0].contains("You joined"), "the winner: {out:?}");
    // 10.02.2026 now; 11.03.2026 is still barred, 12.03.2026 admits.
    w.clock.advance(Duration::days(29));
    let out = w.say("@bob: /event join 2").await;
    assert!(
        out[0].contains("Entry is possible from 12.03.2026"),
        "{out:?}"
    );
    assert_eq!(entrants(&w, 2).await.len(), 1, "nothing changed");
    w.clock.advance(Duration::days(1));
    let out = w.say("@bob: /event join 2").await;
    assert!(out[0].contains("You joined"), "{out:?}");
}

async fn the_share_of_losses_on_time_names_the_games_lacking(t: &TestDb) {
    let mut w = World::new(&t.db);
    bob_loses_on_time(&mut w).await;
    w.say("@alice: /event create Disciplined max-timeouts=20%")
        .await;
    let out = w.say("@bob: /event join 2").await;
    assert_eq!(
        text(&out),
        "You may not enter event #2 \"Disciplined\": 1 of 1 finished games were lost on time (100%); the event admits at most 20%. With 4 more finished games without a loss on time, entry becomes possible. Nothing has changed."
    );
    w.say("@alice: /event create Lenient max-timeouts=100")
        .await;
    let out = w.say("@bob: /event join 3").await;
    assert!(out[0].contains("You joined"), "{out:?}");
    let out = w.say("@alice: /event create Odd max-timeouts=101%").await;
    assert!(out[0].contains("is not possible"), "{out:?}");
}

async fn the_most_players_refuse_the_next_and_start_full_starts_the_event(t: &TestDb) {
    let mut w = World::new(&t.db);
    w.english(&["alice", "ann", "bob", "cat", "dan"]).await;
    let out = w.say("@alice: /event create Quick start=full").await;
    assert!(out[0].contains("needs the number of places"), "{out:?}");
    let out = w.say("@alice: /event create Quick max-players=1").await;
    assert!(out[0].contains("max-players=1 is not possible"), "{out:?}");
    let out = w
        .say("@alice: /event create Quick start=full max-players=3")
        .await;
    assert!(out[0].contains("#1"), "{out:?}");
    for user in ["ann", "bob"] {
        w.say(&format!("@{user}: /event join 1")).await;
    }
    assert_eq!(w.event_status(1).await, EventStatus::Registration);
    let out = w.say("@cat: /event join 1").await;
    assert!(out[0].contains("You joined event #1"), "{out:?}");
    assert!(
        out[1].contains(
            "The last place is taken, so event #1 \"Quick\" has started by itself: 3\u{a0}games"
        ),
        "{out:?}"
    );
    assert_eq!(w.event_status(1).await, EventStatus::Running);
    let mut tx = w.db.read().await.unwrap();
    assert_eq!(tx.games_of_event(EventId(1)).await.unwrap().len(), 3);
    drop(tx);
    assert!(
        out.iter()
            .any(|line| line.contains("has started: all games began")),
        "every player is told, as at /event start: {out:?}"
    );
    assert!(
        out.iter().any(|line| line
            .contains("@alice: Event #1 \"Quick\", which you organize, has started by itself")),
        "the organizer, who does not play, is told: {out:?}"
    );
    // Without start=full a full event stays open and refuses the next.
    w.say("@alice: /event create Slow max-players=2").await;
    for user in ["ann", "bob"] {
        w.say(&format!("@{user}: /event join 2")).await;
    }
    let out = w.say("@dan: /event join 2").await;
    assert_eq!(
        text(&out),
        "You may not enter event #2 \"Slow\": all 2 places are taken. Nothing has changed."
    );
    let out = w.say("@ann: /event join 2").await;
    assert!(out[0].contains("already in event #2"), "{out:?}");
    w.say("@bob: /event withdraw 2").await;
    let out = w.say("@dan: /event join 2").await;
    assert!(out[0].contains("You joined"), "a place freed: {out:?}");
    assert_eq!(w.event_status(2).await, EventStatus::Registration);
}

async fn an_invitation_checks_the_conditions_too(t: &TestDb) {
    let mut w = World::new(&t.db);
    w.english(&["alice"]).await;
    w.say("@alice: /event create Club Cup min-games=1").await;
    let out = w.say("@alice: /event invite 1").await;
    let at = out[0].find("join-").expect("an invitation") + "join-".len();
    let token: String = out[0][at..]
        .chars()
        .take_while(char::is_ascii_alphanumeric)
        .collect();
    let replies = w.ask("zoryana", &format!("/start join-{token}")).await;
    assert!(replies[0].is_error(), "{replies:?}");
    assert_eq!(
        replies[0].text,
        "Записатися на турнір #1 «Club Cup» не можна: турнір вимагає щонайменше 1 завершену рейтингову партію, а завершено 0. Нічого не змінено."
    );
    assert!(entrants(&w, 1).await.is_empty());
    // A full start=full event started by its last invited entrant.
    w.say("@alice: /event create Duo max-players=2 start=full")
        .await;
    let out = w.say("@alice: /event invite 2").await;
    let at = out[0].find("join-").expect("an invitation") + "join-".len();
    let token: String = out[0][at..]
        .chars()
        .take_while(char::is_ascii_alphanumeric)
        .collect();
    w.ask("ann", &format!("/start join-{token}")).await;
    let replies = w.ask("bob", &format!("/start join-{token}")).await;
    assert_eq!(replies.len(), 2, "{replies:?}");
    assert!(replies[1].text.contains("почався сам"), "{replies:?}");
    assert_eq!(w.event_status(2).await, EventStatus::Running);
}

async fn an_organizer_adding_a_player_to_a_team_checks_the_conditions(t: &TestDb) {
    let mut w = World::new(&t.db);
    bob_loses_on_time(&mut w).await;
    w.english(&["eve"]).await;
    w.say("@alice: /event create League type=team boards=2 min-games=1 timeout-ban=90")
        .await;
    w.say("@alice: /team create 2 Lions").await;
    let out = w.say("@alice: /team add 1 @eve").await;
    assert_eq!(
        text(&out),
        "eve may not enter event #2 \"League\": the event requires at least 1 rated game finished, and 0 are finished. Nothing has changed."
    );
    let out = w.say("@alice: /team add 1 @bob").await;
    assert!(
        out[0].contains("Entry is possible from 11.05.2026"),
        "{out:?}"
    );
    let out = w.say("@alice: /team add 1 @ann").await;
    assert!(!out[0].contains("may not enter"), "{out:?}");
    let mut tx = w.db.read().await.unwrap();
    let ann = tx.account(Platform::Console, "ann").await.unwrap().unwrap();
    drop(tx);
    assert_eq!(entrants(&w, 2).await, vec![ann.player_id]);
}

async fn draw_offers_are_limited_per_moves_of_the_offering_player(t: &TestDb) {
    let mut w = World::new(&t.db);
    w.english(&["alice", "ann", "bob"]).await;
    w.started_event("draw-offers=2", &["ann", "bob"]).await;
    w.move_as("ann", 1, "e2-e4").await;
    let out = w.say("@ann: /draw offer 1").await;
    assert!(
        out[0].contains("draw offer has been sent"),
        "at move 1: {out:?}"
    );
    w.say("@bob: /draw decline 1").await;
    w.move_as("bob", 1, "e7-e5").await;
    w.move_as("ann", 1, "Кg1-f3").await;
    let out = w.say("@ann: /draw offer 1").await;
    assert_eq!(
        text(&out),
        "Game #1: the event allows at most one draw offer per 2\u{a0}moves of the offering player. Your last offer was at move 1; the next one is possible from move 3. Nothing has been sent."
    );
    // Bob, who has not offered, may.
    let out = w.say("@bob: /draw offer 1").await;
    assert!(out[0].contains("draw offer has been sent"), "{out:?}");
    w.say("@ann: /draw decline 1").await;
    w.move_as("bob", 1, "Кb8-c6").await;
    let out = w.say("@ann: /draw offer 1").await;
    assert!(
        out[0].contains("draw offer has been sent"),
        "at move 3: {out:?}"
    );
}

async fn show_and_set_word_the_conditions(t: &TestDb) {
    let mut w = World::new(&t.db);
    w.english(&["alice"]).await;
    w.say("@alice: /event create Open").await;
    let out = w.say("@alice: /event show 1").await;
    assert!(!out[0].contains("Who may enter"), "none set: {out:?}");
    let out = w
        .say("@alice: /event set 1 max-players=8 start=full rating=1400-1800 min-games=5 timeout-ban=90 max-timeouts=10% draw-offers=10")
        .await;
    assert!(
        out[0].contains(
            "• most players: 8\n• start: the event starts by itself when the last place is taken\n• rating band: 1400–1800\n• rated games required: 5\n• ban after a loss on time: 90\u{a0}days\n• largest share of losses on time: 10%\n• draw offers: 10\n"
        ),
        "{out:?}"
    );
    let out = w.say("@alice: /event show 1").await;
    assert!(
        out[0].contains("Who may enter: at most 8\u{a0}players; the event starts by itself when the last place is taken; a club rating from 1400 to 1800; at least 5 rated games finished; no game lost on time in the last 90\u{a0}days; at most 10% of finished games lost on time.\nDraw offers: at most one per 10\u{a0}moves of the offering player."),
        "{out:?}"
    );
    w.say("@alice: /lang uk").await;
    let out = w.say("@alice: /event show 1").await;
    assert!(
        out[0].contains("Умови участі: 8 місць у турнірі; турнір починається сам, щойно зайнято останнє місце; клубний рейтинг від 1400 до 1800; щонайменше 5 завершених рейтингових партій; жодної партії, програної через прострочення часу, за останні 90\u{a0}днів; щонайбільше 10\u{a0}% завершених партій програно через прострочення часу.\nПропозиції нічиєї: щонайбільше одна на 10\u{a0}ходів гравця, що пропонує."),
        "{out:?}"
    );
    let out = w
        .say("@alice: /event set 1 max-players=none rating=none min-games=none timeout-ban=none max-timeouts=none draw-offers=none start=manual")
        .await;
    assert!(out[0].contains("• найбільше гравців: немає"), "{out:?}");
    let mut tx = w.db.read().await.unwrap();
    let regulation = tx.event(EventId(1)).await.unwrap().regulation;
    assert!(regulation.entry.is_unset(), "{regulation:?}");
    assert_eq!(regulation.draw_offer_moves, None);
}

/// Each round an event with `max-players=2 start=full` has one entrant;
/// two players enter at once on two processes: one enters and the event
/// starts once with one game, the other is refused.
async fn entries_at_once_never_pass_the_most_players_and_start_once(t: &TestDb) {
    let mut w = World::new(&t.db);
    let other_db = t.connect_again().await;
    let clock: Arc<dyn Clock> = w.clock.clone();
    let config = AppConfig::with_admins("console:alice");
    let other = App::new(other_db.clone(), clock, config);
    w.english(&["alice", "ann", "bob", "cat"]).await;
    for round in 0..ROUNDS {
        let event = round as i64 + 1;
        let create = format!("@alice: /event create Race{round} max-players=2 start=full");
        let out = w.say(&create).await;
        assert!(out[0].contains(&format!("#{event}")), "{out:?}");
        w.say(&format!("@ann: /event join {event}")).await;
        let join = format!("/event join {event}");
        let [first, second] = crate::races::at_once([
            (&w.app, "bob", join.as_str()),
            (&other, "cat", join.as_str()),
        ])
        .await;
        let entered = [&first, &second]
            .iter()
            .filter(|replies| !replies[0].is_error())
            .count();
        assert_eq!(entered, 1, "round {round}: {first:?} {second:?}");
        assert_eq!(entrants(&w, event).await.len(), 2, "round {round}");
        assert_eq!(w.event_status(event).await, EventStatus::Running);
        let mut tx = w.db.read().await.unwrap();
        let games = tx.games_of_event(EventId(event)).await.unwrap();
        assert_eq!(games.len(), 1, "round {round}: one pairing");
    }
    other_db.close().await;
}
