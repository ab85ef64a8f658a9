//! Knock-out matches (issue 40): `format=knockout games=2` pairs the
//! entrants by seeding (unrated players in entry order here; the bracket's
//! order is unit-tested in `core::tournament::knockout`), each match two
//! games with colours swapped; a level match plays a further pair
//! (`tie=games`) or goes to the better seed (`tie=seed`); a bye sends the
//! best seed on without a game; the event ends with its final. Team events
//! and sections refuse the format; two deciding results at once start the
//! next match once. `CORRBOT_WRITE_EXAMPLES=1` also writes the example
//! image `docs/images/bracket.png`.

use std::sync::Arc;

use corrbot::app::deliver::image::render_image;
use corrbot::app::i18n::Lang;
use corrbot::app::service::{App, AppConfig};
use corrbot::app::view::knockout::KnockoutTable;
use corrbot::render::{RenderCache, Theme, render_bracket};
use corrbot::store::{EventId, EventStatus, KnockoutGame};
use corrbot::time::Clock;

use crate::support::db::{TestDb, on_both};
use crate::support::web::{get, serve};
use crate::support::world::World;

on_both!(
    four_players_play_their_matches_to_a_winner,
    a_level_match_goes_to_the_better_seed_under_the_seed_rule,
    the_best_seed_has_a_bye_when_the_bracket_is_not_full,
    knock_out_is_refused_where_it_cannot_be_played,
    an_excluded_player_loses_the_match_and_the_winner_goes_on,
    an_excluded_players_annulled_games_leave_the_match_to_the_opponent,
    two_deciding_results_at_once_start_the_final_once,
);

/// Rounds of the race: enough for PostgreSQL to interleave the results.
const ROUNDS: usize = 8;

async fn games(w: &World, event: i64) -> Vec<KnockoutGame> {
    let mut tx = w.db.read().await.unwrap();
    tx.knockout_games(EventId(event)).await.unwrap()
}

/// Event #`event` "Cup", a knock-out of `players` entered in that order
/// (`settings` added), started.
async fn knockout(w: &mut World, event: i64, settings: &str, players: &[&str]) -> Vec<String> {
    let out = w
        .say(&format!(
            "@alice: /event create Cup format=knockout {settings}"
        ))
        .await;
    assert!(out[0].contains(&format!("#{event}")), "{out:?}");
    for user in players {
        w.say(&format!("@{user}: /event join {event}")).await;
    }
    w.say(&format!("@alice: /event start {event}")).await
}

/// `loser` resigns game `game`.
async fn resign(w: &mut World, loser: &str, game: i64) -> String {
    w.say(&format!("@{loser}: /resign {game} confirm"))
        .await
        .join("\n")
}

async fn four_players_play_their_matches_to_a_winner(t: &TestDb) {
    let mut w = World::new(&t.db);
    w.english(&["alice", "ann", "bob", "cat", "dan"]).await;
    let out = knockout(&mut w, 1, "games=2", &["ann", "bob", "cat", "dan"]).await;
    let text = out.join("\n");
    assert!(text.contains("has started: 4\u{a0}games"), "{text}");
    let (ann, bob, cat, dan) = (
        w.player_id("ann").await,
        w.player_id("bob").await,
        w.player_id("cat").await,
        w.player_id("dan").await,
    );
    // Seeds 1 v 4 and 2 v 3, colours swapped in each match's second game.
    let pairs: Vec<_> = games(&w, 1)
        .await
        .iter()
        .map(|g| (g.round, g.slot, g.white, g.black))
        .collect();
    assert_eq!(
        pairs,
        vec![
            (1, 0, ann, dan),
            (1, 0, dan, ann),
            (1, 1, bob, cat),
            (1, 1, cat, bob)
        ]
    );
    let out = w.say("@ann: /event show 1").await.join("\n");
    assert!(
        out.contains("Format: knock-out, pairs by seeding (by rating), 2\u{a0}games a match"),
        "{out}"
    );
    assert!(
        out.contains("Semi-finals: ann v dan: 0:0, in play; bob v cat: 0:0, in play."),
        "{out}"
    );
    assert!(
        out.contains("Final: (to be decided) v (to be decided)."),
        "{out}"
    );
    // ann wins her match 2:0; the final waits for bob v cat.
    resign(&mut w, "dan", 1).await;
    let text = resign(&mut w, "dan", 2).await;
    assert!(
        text.contains("semi-final: you won the match 2:0. Opponent: dan. You go on to the final."),
        "{text}"
    );
    assert!(
        text.contains("semi-final: you lost the match 0:2. Opponent: ann. You play no further"),
        "{text}"
    );
    assert_eq!(
        games(&w, 1).await.len(),
        4,
        "the final waits for its second player"
    );
    // bob and cat win one each: two more games.
    resign(&mut w, "cat", 3).await;
    let text = resign(&mut w, "bob", 4).await;
    assert!(
        text.contains("your match is level (1:1), so two more games decide it"),
        "{text}"
    );
    let tie_pair: Vec<_> = games(&w, 1).await[4..]
        .iter()
        .map(|g| (g.round, g.slot, g.white, g.black))
        .collect();
    assert_eq!(tie_pair, vec![(1, 1, bob, cat), (1, 1, cat, bob)]);
    // cat wins the pair: the final, ann (the upper half) with White first.
    resign(&mut w, "bob", 5).await;
    let text = resign(&mut w, "bob", 6).await;
    assert!(text.contains("you won the match 3:1"), "{text}");
    assert!(
        text.contains(
            "final: your match has started: 2\u{a0}games, colours alternating. Opponent: cat."
        ),
        "{text}"
    );
    let final_games: Vec<_> = games(&w, 1).await[6..]
        .iter()
        .map(|g| (g.round, g.slot, g.white, g.black))
        .collect();
    assert_eq!(final_games, vec![(2, 0, ann, cat), (2, 0, cat, ann)]);
    let out = w.say("@bob: /standings 1").await.join("\n");
    assert!(out.contains("Final: ann v cat: 0:0, in play."), "{out}");
    assert!(out.contains("bob v cat: 1:3, cat goes on"), "{out}");
    assert_eq!(w.event_status(1).await, EventStatus::Running);
    resign(&mut w, "cat", 7).await;
    let text = resign(&mut w, "ann", 8).await;
    assert!(
        text.contains("final: your match is level (1:1), so two more games decide it"),
        "{text}"
    );
    // Level final under tie=games: two more games, then ann wins.
    resign(&mut w, "cat", 9).await;
    let text = resign(&mut w, "cat", 10).await;
    assert!(
        text.contains("Congratulations on first place in the event!"),
        "{text}"
    );
    assert!(
        text.contains("Event #1 \"Cup\" is over: all its games have been played."),
        "{text}"
    );
    for line in [
        "First place: ann",
        "1. ann",
        "2. cat",
        "3–4. bob",
        "3–4. dan",
    ] {
        assert!(text.contains(line), "{line}: {text}");
    }
    assert_eq!(w.event_status(1).await, EventStatus::Finished);
    event_page_shows_the_bracket(&w).await;
    standings_draw_the_bracket(&mut w).await;
}

/// `/standings`' image is the bracket, as the renderer draws it from the
/// event's rounds (not a crosstable).
async fn standings_draw_the_bracket(w: &mut World) {
    let replies = w.ask("bob", "/standings 1").await;
    let image = replies[0].image.clone().expect("an image");
    let cache = Arc::new(RenderCache::new(4));
    let png = render_image(w.app.db(), &image, &cache, w.clock.now())
        .await
        .unwrap();
    let mut tx = w.db.read().await.unwrap();
    let event = tx.event(EventId(1)).await.unwrap();
    let table = KnockoutTable::of(&mut tx, event).await.unwrap().unwrap();
    drop(tx);
    let input = table.bracket_input(Lang::En, Theme::default());
    assert_eq!(input.champion.as_deref(), Some("ann"));
    assert_eq!(input.rounds[0].title, "Semi-finals");
    assert_eq!(&png.png[..], &render_bracket(&input)[..]);
    if std::env::var_os("CORRBOT_WRITE_EXAMPLES").is_some() {
        std::fs::write("docs/images/bracket.png", &*png.png).expect("write example");
    }
}

/// The event page: the format and the bracket, the champion named.
async fn event_page_shows_the_bracket(w: &World) {
    let clock: Arc<dyn Clock> = w.clock.clone();
    let server = serve(&w.db, clock).await;
    let page = get(server.addr, "/event/1", &[("Accept-Language", "en")]).await;
    let text = page.text();
    let at = |part: &str| {
        text.find(part)
            .unwrap_or_else(|| panic!("{part} missing: {text}"))
    };
    assert!(at("id=\"knockout\"") < at("id=\"bracket\""));
    assert!(at("<h3>Semi-finals</h3>") < at("<h3>Final</h3>"));
    assert!(at("<p id=\"champion\">First place: ann.</p>") > at("<h3>Final</h3>"));
    let page = get(server.addr, "/event/1", &[("Accept-Language", "uk")]).await;
    assert!(page.text().contains("<h3>Півфінал</h3>"), "{}", page.text());
}

async fn a_level_match_goes_to_the_better_seed_under_the_seed_rule(t: &TestDb) {
    let mut w = World::new(&t.db);
    w.english(&["alice", "ann", "bob"]).await;
    knockout(&mut w, 1, "tie=seed", &["ann", "bob"]).await;
    resign(&mut w, "bob", 1).await;
    let text = resign(&mut w, "ann", 2).await;
    assert!(
        text.contains("the match ended level (1:1); under the event's rules the higher seed goes on, and that is you."),
        "{text}"
    );
    assert_eq!(games(&w, 1).await.len(), 2, "no further pair");
    assert!(text.contains("is over"), "{text}");
    assert_eq!(w.event_status(1).await, EventStatus::Finished);
}

async fn the_best_seed_has_a_bye_when_the_bracket_is_not_full(t: &TestDb) {
    let mut w = World::new(&t.db);
    w.english(&["alice", "ann", "bob", "cat"]).await;
    let out = knockout(&mut w, 1, "", &["ann", "bob", "cat"]).await;
    let text = out.join("\n");
    assert!(text.contains("has started: 2\u{a0}games"), "{text}");
    assert!(
        text.contains("semi-final: you have no opponent in this round, so you go through without playing. You go on to the final."),
        "ann is told: {text}"
    );
    let out = w.say("@ann: /standings 1").await.join("\n");
    assert!(
        out.contains(
            "Semi-finals: ann: no opponent, goes on without play; bob v cat: 0:0, in play."
        ),
        "{out}"
    );
    resign(&mut w, "cat", 1).await;
    let text = resign(&mut w, "cat", 2).await;
    assert!(text.contains("Opponent: bob."), "ann's final: {text}");
    let (ann, bob) = (w.player_id("ann").await, w.player_id("bob").await);
    let final_games: Vec<_> = games(&w, 1).await[2..]
        .iter()
        .map(|g| (g.round, g.white, g.black))
        .collect();
    assert_eq!(final_games, vec![(2, ann, bob), (2, bob, ann)]);
}

async fn knock_out_is_refused_where_it_cannot_be_played(t: &TestDb) {
    let mut w = World::new(&t.db);
    w.english(&["alice"]).await;
    for (settings, refusal) in [
        ("type=team format=knockout", "no knock-out format"),
        ("format=knockout sections=2", "not both"),
        (
            "format=knockout games=3",
            "an even number of games from 2 to 8",
        ),
        ("games=2", "format=knockout comes first"),
        ("format=knockout tie=coin", "Write tie=games"),
        ("format=cup", "Write format=knockout"),
    ] {
        let out = w
            .say(&format!("@alice: /event create Cup {settings}"))
            .await;
        assert!(out[0].contains(refusal), "{settings}: {out:?}");
    }
    let mut tx = w.db.read().await.unwrap();
    assert!(tx.event(EventId(1)).await.is_err(), "nothing created");
    drop(tx);
    w.say("@alice: /event create Cup format=knockout").await;
    let out = w.say("@alice: /event set 1 games=4 tie=seed").await;
    let text = out.join("\n");
    assert!(text.contains("games a match: 4"), "{text}");
    assert!(
        text.contains("a level match: the higher seed goes on"),
        "{text}"
    );
    let out = w.say("@alice: /event set 1 format=round-robin").await;
    assert!(out.join("\n").contains("format: round robin"), "{out:?}");
}

async fn two_deciding_results_at_once_start_the_final_once(t: &TestDb) {
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
        knockout(&mut w, event, "", &["ann", "bob", "cat", "dan"]).await;
        let ids: Vec<i64> = games(&w, event).await.iter().map(|g| g.id.0).collect();
        resign(&mut w, "dan", ids[0]).await;
        resign(&mut w, "cat", ids[2]).await;
        let first = format!("/resign {} confirm", ids[1]);
        let second = format!("/resign {} confirm", ids[3]);
        crate::races::at_once([
            (&w.app, "dan", first.as_str()),
            (&other, "cat", second.as_str()),
        ])
        .await;
        let finals = games(&w, event)
            .await
            .iter()
            .filter(|game| game.round == 2)
            .count();
        assert_eq!(finals, 2, "round {round}: one final of two games");
    }
    other_db.close().await;
}

/// dan, excluded by a ruling on ann's dispute (R2.1.5, R3.4.3), with
/// `exclusion=` as given; returns what the ruling's transaction sent.
async fn dan_excluded(w: &mut World, exclusion: &str) -> String {
    w.english(&["alice", "ann", "bob", "cat", "dan"]).await;
    knockout(w, 1, exclusion, &["ann", "bob", "cat", "dan"]).await;
    w.say("@ann: /dispute 1 dan does not answer.").await;
    w.say("@alice: /rule 1 exclude @dan -- no answer for weeks")
        .await
        .join("\n")
}

async fn an_excluded_player_loses_the_match_and_the_winner_goes_on(t: &TestDb) {
    let mut w = World::new(&t.db);
    let text = dan_excluded(&mut w, "exclusion=losses").await;
    assert!(
        text.contains("semi-final: you won the match 2:0. Opponent: dan. You go on to the final."),
        "{text}"
    );
    // bob beats cat: the final is ann v bob, dan nowhere.
    resign(&mut w, "cat", 3).await;
    let text = resign(&mut w, "cat", 4).await;
    assert!(text.contains("final: your match has started"), "{text}");
    let (ann, bob) = (w.player_id("ann").await, w.player_id("bob").await);
    let final_games: Vec<_> = games(&w, 1).await[4..]
        .iter()
        .map(|g| (g.round, g.white, g.black))
        .collect();
    assert_eq!(final_games, vec![(2, ann, bob), (2, bob, ann)]);
}

async fn an_excluded_players_annulled_games_leave_the_match_to_the_opponent(t: &TestDb) {
    let mut w = World::new(&t.db);
    let text = dan_excluded(&mut w, "exclusion=annulled").await;
    assert!(
        text.contains(
            "semi-final: dan has left the event, so the match is yours. You go on to the final."
        ),
        "{text}"
    );
    assert!(!text.contains("two more games"), "{text}");
    assert!(
        !text.contains("-> @dan: Event #1 \"Cup\", semi-final"),
        "dan is not told of the walkover: {text}"
    );
    assert_eq!(games(&w, 1).await.len(), 4, "no further pair with dan");
    let out = w.say("@bob: /standings 1").await.join("\n");
    assert!(out.contains("ann v dan: ann goes on without play"), "{out}");
}
