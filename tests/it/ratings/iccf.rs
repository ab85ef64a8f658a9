//! Ratings as ICCF computes them (issue 40): an event's formula
//! (`rating=iccf|elo`) rates its games and is recorded on every change; a
//! recomputation rates each game by its own event's formula, so the Elo
//! games of before give the numbers they gave; an imported starting rating
//! seeds a newcomer's first game; a published list keeps its numbers.

use chrono::Duration;
use corrbot::core::game::Score;
use corrbot::core::rating::{Formula, Rating};
use corrbot::store::{Db, ImportRefusal, PlayerId};
use shakmaty::Color;

use super::{event, finish, game, rating, snapshot, t0, three_players};
use crate::support::db::{TestDb, new_player, on_both};

on_both!(
    iccf_games_move_the_ratings_as_computed_by_hand,
    the_rebuild_rates_each_game_by_its_events_formula,
    an_imported_starting_rating_seeds_the_first_game_only,
    a_published_list_keeps_its_numbers,
    two_publications_at_once_make_one_list,
    an_import_and_a_first_game_at_once_agree,
);

/// An individual event rated by `formula`.
async fn event_with(db: &Db, name: &str, formula: Formula) -> corrbot::store::EventId {
    let mut tx = db.begin().await.unwrap();
    let id = event(&mut tx, name, false).await;
    tx.set_event_rating_formula(id, formula).await.unwrap();
    assert_eq!(tx.event_rating_formula(id).await.unwrap(), formula);
    tx.commit().await.unwrap();
    id
}

async fn iccf_games_move_the_ratings_as_computed_by_hand(t: &TestDb) {
    let [a, b, c] = three_players(&t.db).await;
    let cup = event_with(&t.db, "Кубок ICCF", Formula::Iccf).await;
    let mut tx = t.db.begin().await.unwrap();
    let g1 = game(&mut tx, cup, a, b).await;
    let g2 = game(&mut tx, cup, c, a).await;
    // Game 1: A (1500) beats B (1500), both provisional (K 64):
    // E = 1/(1+10^(0/640)) = 0.5; A: 1500 + 64·0.5 = 1532; B: 1468.
    let at = t0() + Duration::days(10);
    finish(&mut tx, g1, Score::Win(Color::White), at).await;
    assert_eq!(rating(&mut tx, a).await, Some((Rating(1_532_000), 1)));
    assert_eq!(rating(&mut tx, b).await, Some((Rating(1_468_000), 1)));
    // Game 2: C (1500, White, no games) draws A (1532, one game), K 64:
    // E(C) = 1/(1+10^(32/640)) = 1/(1+1.122018) = 0.471249;
    // C: 1500 + 64·(0.5 − 0.471249) = 1500 + 1.840036 = 1501.840;
    // A: 1532 + 64·(0.5 − 0.528751) = 1532 − 1.840036 = 1530.160.
    finish(&mut tx, g2, Score::Draw, t0() + Duration::days(20)).await;
    assert_eq!(rating(&mut tx, c).await, Some((Rating(1_501_840), 1)));
    assert_eq!(rating(&mut tx, a).await, Some((Rating(1_530_160), 2)));
    let history = tx.rating_history(a, 10).await.unwrap();
    assert!(history.iter().all(|change| change.formula == Formula::Iccf));
    tx.commit().await.unwrap();
}

/// Elo and ICCF events side by side, results arriving out of order: the
/// updates equal a recomputation from scratch, the Elo games keep Elo's
/// numbers (1516/1484 for a first win, as before issue 40) and every
/// change records its formula.
async fn the_rebuild_rates_each_game_by_its_events_formula(t: &TestDb) {
    let mut tx = t.db.begin().await.unwrap();
    let mut players = Vec::new();
    for name in ["Аня", "Борис", "Вадим", "Галина", "Дарина"] {
        players.push(new_player(&mut tx, name, t0()).await.id);
    }
    tx.commit().await.unwrap();
    let elo = event_with(&t.db, "Старий кубок", Formula::Elo).await;
    let iccf = event_with(&t.db, "Новий кубок", Formula::Iccf).await;
    // The first game, alone: Elo's numbers of before.
    let mut tx = t.db.begin().await.unwrap();
    let first = game(&mut tx, elo, players[0], players[1]).await;
    finish(&mut tx, first, Score::Win(Color::White), t0()).await;
    let first_ratings = (
        rating(&mut tx, players[0]).await,
        rating(&mut tx, players[1]).await,
    );
    assert_eq!(
        first_ratings,
        (Some((Rating(1_516_000), 1)), Some((Rating(1_484_000), 1)))
    );
    let mut games = Vec::new();
    for n in 0..20usize {
        let white = players[n % 5];
        let black = players[(n * 3 + 1) % 5];
        let black = if white == black {
            players[(n + 1) % 5]
        } else {
            black
        };
        let event = if n % 2 == 0 { elo } else { iccf };
        games.push(game(&mut tx, event, white, black).await);
    }
    tx.commit().await.unwrap();
    let scores = [
        Score::Win(Color::White),
        Score::Draw,
        Score::Win(Color::Black),
    ];
    for n in 0..20usize {
        let k = (n * 7) % 20;
        let days = 1 + ((k * 11) % 20) as i64;
        let mut tx = t.db.begin().await.unwrap();
        finish(
            &mut tx,
            games[k],
            scores[k % 3],
            t0() + Duration::days(days),
        )
        .await;
        tx.commit().await.unwrap();
    }
    let updated = snapshot(&t.db, &players).await;
    let recorded = formulas(&t.db, &players).await;
    let mut tx = t.db.begin().await.unwrap();
    assert_eq!(tx.rebuild_ratings().await.unwrap(), 21);
    tx.commit().await.unwrap();
    assert_eq!(
        snapshot(&t.db, &players).await,
        updated,
        "rebuild = updates"
    );
    assert_eq!(formulas(&t.db, &players).await, recorded);
    let mut tx = t.db.begin().await.unwrap();
    for (n, id) in games.iter().enumerate() {
        let game = tx.game(*id).await.unwrap();
        let change = tx.rating_history(game.white, 100).await.unwrap();
        let change = change.iter().find(|c| c.game == *id).unwrap();
        let wanted = if n % 2 == 0 {
            Formula::Elo
        } else {
            Formula::Iccf
        };
        assert_eq!(change.formula, wanted, "game {n}");
    }
    tx.rollback().await.unwrap();
}

/// Every player's changes: (game, formula), newest first.
async fn formulas(db: &Db, players: &[PlayerId]) -> Vec<Vec<(i64, Formula)>> {
    let mut tx = db.begin().await.unwrap();
    let mut all = Vec::new();
    for player in players {
        let history = tx.rating_history(*player, 100).await.unwrap();
        all.push(history.iter().map(|c| (c.game.0, c.formula)).collect());
    }
    tx.rollback().await.unwrap();
    all
}

async fn an_imported_starting_rating_seeds_the_first_game_only(t: &TestDb) {
    let [a, b, c] = three_players(&t.db).await;
    let cup = event_with(&t.db, "Кубок", Formula::Iccf).await;
    let mut tx = t.db.begin().await.unwrap();
    let seed = Rating(1_800_000);
    assert_eq!(
        tx.import_rating(a, seed, "ICCF 2026/1").await.unwrap(),
        Ok(())
    );
    assert_eq!(
        tx.rating_seed(a).await.unwrap(),
        Some((seed, "ICCF 2026/1".to_owned()))
    );
    assert_eq!(rating(&mut tx, a).await, None, "no rated game yet");
    // A (1800, imported, no games) beats B (1500), both K 64:
    // E(A) = 1/(1+10^(−300/640)) = 1/(1+0.339821) = 0.746368;
    // A: 1800 + 64·(1 − 0.746368) = 1800 + 16.232419 = 1816.232;
    // B: 1500 − 16.232419 = 1483.768.
    let g1 = game(&mut tx, cup, a, b).await;
    finish(&mut tx, g1, Score::Win(Color::White), t0()).await;
    assert_eq!(rating(&mut tx, a).await, Some((Rating(1_816_232), 1)));
    assert_eq!(rating(&mut tx, b).await, Some((Rating(1_483_768), 1)));
    // Once rated, no import: refused with the games.
    let again = tx
        .import_rating(a, Rating(2_000_000), "FIDE")
        .await
        .unwrap();
    assert_eq!(again, Err(ImportRefusal::HasRatedGames(1)));
    assert_eq!(rating(&mut tx, a).await, Some((Rating(1_816_232), 1)));
    // The rebuild starts A from the seed again; C has none.
    let g2 = game(&mut tx, cup, c, b).await;
    finish(&mut tx, g2, Score::Draw, t0() + Duration::days(1)).await;
    tx.commit().await.unwrap();
    let players = [a, b, c];
    let updated = snapshot(&t.db, &players).await;
    let mut tx = t.db.begin().await.unwrap();
    tx.rebuild_ratings().await.unwrap();
    tx.commit().await.unwrap();
    assert_eq!(
        snapshot(&t.db, &players).await,
        updated,
        "rebuild = updates"
    );
}

async fn a_published_list_keeps_its_numbers(t: &TestDb) {
    let [a, b, c] = three_players(&t.db).await;
    let cup = event_with(&t.db, "Кубок", Formula::Iccf).await;
    let mut tx = t.db.begin().await.unwrap();
    assert_eq!(tx.latest_rating_list(50).await.unwrap(), None);
    let g1 = game(&mut tx, cup, a, b).await;
    finish(&mut tx, g1, Score::Win(Color::White), t0()).await;
    let day = t0() + Duration::days(1);
    let date = tx.publish_rating_list(c, day).await.unwrap();
    assert_eq!(date, Some(day.date_naive()));
    assert_eq!(
        tx.publish_rating_list(c, day + Duration::hours(3))
            .await
            .unwrap(),
        None,
        "one list a day"
    );
    // A later game moves the ratings, not the list.
    let g2 = game(&mut tx, cup, b, a).await;
    finish(
        &mut tx,
        g2,
        Score::Win(Color::White),
        t0() + Duration::days(2),
    )
    .await;
    let list = tx.latest_rating_list(50).await.unwrap().unwrap();
    let shown: Vec<_> = list
        .lines
        .iter()
        .map(|l| (l.player, l.rating, l.games))
        .collect();
    assert_eq!(
        shown,
        vec![(a, Rating(1_532_000), 1), (b, Rating(1_468_000), 1)]
    );
    assert_eq!(list.date, day.date_naive());
    // The next day's list has the new numbers.
    let next = t0() + Duration::days(3);
    tx.publish_rating_list(c, next).await.unwrap().unwrap();
    let list = tx.latest_rating_list(50).await.unwrap().unwrap();
    assert_eq!(list.date, next.date_naive());
    assert!(list.lines.iter().all(|line| line.games == 2));
    tx.commit().await.unwrap();
}

/// Two processes publish at the same moment: the unique date lets one list
/// in; the other is told a list of that date exists.
async fn two_publications_at_once_make_one_list(t: &TestDb) {
    let [a, b, c] = three_players(&t.db).await;
    let cup = event_with(&t.db, "Кубок", Formula::Iccf).await;
    let mut tx = t.db.begin().await.unwrap();
    let g1 = game(&mut tx, cup, a, b).await;
    finish(&mut tx, g1, Score::Draw, t0()).await;
    tx.commit().await.unwrap();
    let other = t.connect_again().await;
    for round in 0..5 {
        let at = t0() + Duration::days(10 + round);
        let publish = |db: Db| async move {
            let mut tx = db.begin().await.unwrap();
            let published = tx.publish_rating_list(c, at).await.unwrap();
            tx.commit().await.unwrap();
            published
        };
        let (first, second) = tokio::join!(publish(t.db.clone()), publish(other.clone()));
        assert_eq!(
            [first, second].iter().filter(|p| p.is_some()).count(),
            1,
            "round {round}: {first:?} {second:?}"
        );
    }
    let mut tx = t.db.begin().await.unwrap();
    let list = tx.latest_rating_list(50).await.unwrap().unwrap();
    assert_eq!(list.lines.len(), 2);
    tx.rollback().await.unwrap();
    other.close().await;
}

/// An import and the player's first rated game at the same moment, on two
/// connections: the rating row's lock orders them, so either the import
/// gets in first and the game starts from the seed, or the game does and
/// the import is refused; never a seed under a rated game.
async fn an_import_and_a_first_game_at_once_agree(t: &TestDb) {
    let cup = event_with(&t.db, "Кубок", Formula::Iccf).await;
    let other = t.connect_again().await;
    for round in 0..5 {
        let mut tx = t.db.begin().await.unwrap();
        let a = new_player(&mut tx, &format!("Аня {round}"), t0()).await.id;
        let b = new_player(&mut tx, &format!("Борис {round}"), t0())
            .await
            .id;
        let id = game(&mut tx, cup, a, b).await;
        tx.commit().await.unwrap();
        let seed = Rating(1_900_000);
        let (imported, ()) = tokio::join!(
            async {
                let mut tx = other.begin().await.unwrap();
                let imported = tx.import_rating(a, seed, "ICCF").await.unwrap();
                tx.commit().await.unwrap();
                imported
            },
            async {
                let mut tx = t.db.begin().await.unwrap();
                finish(&mut tx, id, Score::Draw, t0() + Duration::days(round)).await;
                tx.commit().await.unwrap();
            }
        );
        let mut tx = t.db.begin().await.unwrap();
        let history = tx.rating_history(a, 10).await.unwrap();
        let before = history[0].before;
        match imported {
            Ok(()) => assert_eq!(before, seed, "round {round}: the game after the import"),
            Err(ImportRefusal::HasRatedGames(1)) => {
                assert_eq!(
                    before,
                    Rating::START,
                    "round {round}: the import after the game"
                );
                assert_eq!(tx.rating_seed(a).await.unwrap(), None);
            }
            Err(other) => panic!("round {round}: {other:?}"),
        }
        tx.rollback().await.unwrap();
    }
    other.close().await;
}
