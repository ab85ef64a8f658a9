//! Club ratings (issue #21): Elo updated in the transaction that records a
//! game's result, against hand-computed values; annulled games, double
//! losses and unrated events count for nobody; a replaced result
//! recomputes; a recomputation from scratch gives the same numbers as the
//! updates; two games of one player ending at once both count.

use chrono::{DateTime, Duration, TimeZone, Utc};
use corrbot::core::game::Score;
use corrbot::core::rating::Rating;
use corrbot::core::regulation::{Regulation, RuleSet};
use corrbot::store::{
    Db, EventId, GameId, GameStatus, GameUpdate, MoveRow, NewEvent, NewGame, PlayerId, Tx,
};
use shakmaty::Color;

use crate::support::db::{START_FEN, TestDb, new_player, on_both};

mod iccf;

on_both!(
    three_games_move_the_ratings_as_computed_by_hand,
    annulled_double_loss_and_unrated_games_count_for_nobody,
    a_replaced_result_recomputes_and_the_rebuild_gives_the_same_numbers,
    two_games_of_one_player_ending_at_once_both_count,
    results_arriving_in_any_order_give_the_numbers_of_the_rebuild,
    games_without_a_move_by_each_side_are_not_rated,
    a_recomputation_from_a_late_game_skips_games_without_moves,
);

fn t0() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 3, 1, 12, 0, 0).unwrap()
}

async fn event(tx: &mut Tx, name: &str, is_team: bool) -> EventId {
    let new = NewEvent {
        name: name.into(),
        rule_set: RuleSet::Server,
        regulation: Regulation::default(),
        is_team,
        at: t0(),
    };
    tx.create_event(&new).await.unwrap().id
}

async fn game(tx: &mut Tx, event: EventId, white: PlayerId, black: PlayerId) -> GameId {
    let new = NewGame {
        event_id: event,
        round: 1,
        board: None,
        white,
        black,
        initial_fen: None,
        fen: START_FEN.into(),
        clock: None,
    };
    tx.create_game(&new).await.unwrap().id
}

/// The first moves of a game: 1. e4 e5 (the FEN after each).
const OPENING: [(&str, &str); 2] = [
    (
        "e2e4",
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
    ),
    (
        "e7e5",
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
    ),
];

/// Plays the first `plies` half-moves of [`OPENING`] in a game without moves.
async fn play(tx: &mut Tx, id: GameId, plies: usize) {
    for (ply, (uci, fen)) in OPENING.iter().take(plies).enumerate() {
        let game = tx.game(id).await.unwrap();
        let mut update = GameUpdate::from_game(&game);
        update.fen = (*fen).into();
        let row = MoveRow {
            ply: i64::try_from(ply).unwrap() + 1,
            uci: (*uci).into(),
            text: (*uci).into(),
            received_at: t0(),
            sent_at: Some(t0()),
            charged_days: 0,
        };
        tx.append_move(id, game.version, &row, &update)
            .await
            .unwrap();
    }
}

/// Records `score` as the game's result at `at`, as the app does, after a
/// move by each side (a game without them is not rated).
async fn finish(tx: &mut Tx, id: GameId, score: Score, at: DateTime<Utc>) {
    if tx.game(id).await.unwrap().ply == 0 {
        play(tx, id, 2).await;
    }
    finish_as_is(tx, id, score, at).await;
}

/// Records `score` as the game's result at `at` whatever was played.
async fn finish_as_is(tx: &mut Tx, id: GameId, score: Score, at: DateTime<Utc>) {
    let game = tx.game(id).await.unwrap();
    let mut update = GameUpdate::from_game(&game);
    update.status = GameStatus::Finished;
    update.result = Some(score);
    update.result_reason = Some("result-resignation".into());
    update.finished_at = Some(at);
    tx.update_game(id, game.version, &update).await.unwrap();
}

async fn rating(tx: &mut Tx, player: PlayerId) -> Option<(Rating, i64)> {
    tx.rating_of(player).await.unwrap()
}

/// Everything the ratings store: each player's rating and games, and the
/// history lines.
async fn snapshot(db: &Db, players: &[PlayerId]) -> Vec<(Option<(Rating, i64)>, Vec<String>)> {
    let mut tx = db.begin().await.unwrap();
    let mut all = Vec::new();
    for player in players {
        let history = tx.rating_history(*player, 100).await.unwrap();
        let lines = history
            .iter()
            .map(|c| format!("{} {} {:?}->{:?}", c.game, c.score, c.before, c.after))
            .collect();
        all.push((rating(&mut tx, *player).await, lines));
    }
    tx.rollback().await.unwrap();
    all
}

async fn three_players(db: &Db) -> [PlayerId; 3] {
    let mut tx = db.begin().await.unwrap();
    let a = new_player(&mut tx, "Олена", t0()).await.id;
    let b = new_player(&mut tx, "Богдан", t0()).await.id;
    let c = new_player(&mut tx, "Віра", t0()).await.id;
    tx.commit().await.unwrap();
    [a, b, c]
}

async fn three_games_move_the_ratings_as_computed_by_hand(t: &TestDb) {
    let [a, b, c] = three_players(&t.db).await;
    let mut tx = t.db.begin().await.unwrap();
    let cup = event(&mut tx, "Кубок", false).await;
    let g1 = game(&mut tx, cup, a, b).await;
    let g2 = game(&mut tx, cup, c, a).await;
    let g3 = game(&mut tx, cup, b, c).await;
    assert_eq!(rating(&mut tx, a).await, None, "no rating before a game");
    // Game 1: A (1500) beats B (1500). E = 1/(1+10^0) = 0.5;
    // A: 1500 + 32·(1 − 0.5) = 1516; B: 1500 + 32·(0 − 0.5) = 1484.
    finish(
        &mut tx,
        g1,
        Score::Win(Color::White),
        t0() + Duration::days(10),
    )
    .await;
    assert_eq!(rating(&mut tx, a).await, Some((Rating(1_516_000), 1)));
    assert_eq!(rating(&mut tx, b).await, Some((Rating(1_484_000), 1)));
    // Game 2: C (1500, White) draws A (1516).
    // E(C) = 1/(1+10^(16/400)) = 1/(1+1.096478) = 0.476990;
    // C: 1500 + 32·(0.5 − 0.476990) = 1500 + 0.736307 = 1500.736 (thousandths);
    // A: 1516 + 32·(0.5 − 0.523010) = 1516 − 0.736307 = 1515.264.
    finish(&mut tx, g2, Score::Draw, t0() + Duration::days(20)).await;
    assert_eq!(rating(&mut tx, c).await, Some((Rating(1_500_736), 1)));
    assert_eq!(rating(&mut tx, a).await, Some((Rating(1_515_264), 2)));
    // Game 3: C (1500.736, Black) beats B (1484, White).
    // E(B) = 1/(1+10^(16.736/400)) = 1/(1+1.101134) = 0.475934;
    // B: 1484 + 32·(0 − 0.475934) = 1484 − 15.229874 = 1468.770;
    // C: 1500.736 + 32·(1 − 0.524066) = 1500.736 + 15.229874 = 1515.966.
    finish(
        &mut tx,
        g3,
        Score::Win(Color::Black),
        t0() + Duration::days(30),
    )
    .await;
    assert_eq!(rating(&mut tx, b).await, Some((Rating(1_468_770), 2)));
    assert_eq!(rating(&mut tx, c).await, Some((Rating(1_515_966), 2)));
    // The table, best first: C 1516, A 1515, B 1469.
    let table = tx.rating_table(10).await.unwrap();
    let shown: Vec<_> = table
        .iter()
        .map(|l| (l.player, l.rating.points()))
        .collect();
    assert_eq!(shown, vec![(c, 1516), (a, 1515), (b, 1469)]);
    let history = tx.rating_history(a, 10).await.unwrap();
    assert_eq!(history.len(), 2);
    assert_eq!((history[0].game, history[0].opponent), (g2, c));
    assert_eq!(
        (history[0].before, history[0].after),
        (Rating(1_516_000), Rating(1_515_264))
    );
    tx.commit().await.unwrap();
}

async fn annulled_double_loss_and_unrated_games_count_for_nobody(t: &TestDb) {
    let [a, b, c] = three_players(&t.db).await;
    let mut tx = t.db.begin().await.unwrap();
    let cup = event(&mut tx, "Кубок", false).await;
    let team = event(&mut tx, "Командний", true).await;
    let friendly = event(&mut tx, "Товариський", false).await;
    tx.set_event_rated(friendly, Some(false)).await.unwrap();
    let rated_team = event(&mut tx, "Командний рейтинговий", true).await;
    tx.set_event_rated(rated_team, Some(true)).await.unwrap();
    assert!(
        tx.event_rated(cup).await.unwrap(),
        "individual: rated by default"
    );
    assert!(
        !tx.event_rated(team).await.unwrap(),
        "team: unrated by default"
    );
    let g1 = game(&mut tx, cup, a, b).await;
    finish(&mut tx, g1, Score::Annulled, t0()).await;
    let g2 = game(&mut tx, cup, a, c).await;
    finish(&mut tx, g2, Score::DoubleLoss, t0()).await;
    let g3 = game(&mut tx, team, b, c).await;
    finish(&mut tx, g3, Score::Win(Color::White), t0()).await;
    let g4 = game(&mut tx, friendly, c, a).await;
    finish(&mut tx, g4, Score::Win(Color::White), t0()).await;
    for player in [a, b, c] {
        assert_eq!(rating(&mut tx, player).await, None);
    }
    let g5 = game(&mut tx, rated_team, b, c).await;
    finish(&mut tx, g5, Score::Draw, t0()).await;
    assert_eq!(rating(&mut tx, b).await, Some((Rating(1_500_000), 1)));
    assert_eq!(tx.rebuild_ratings().await.unwrap(), 1, "one rated game");
    tx.commit().await.unwrap();
}

async fn a_replaced_result_recomputes_and_the_rebuild_gives_the_same_numbers(t: &TestDb) {
    let [a, b, c] = three_players(&t.db).await;
    let players = [a, b, c];
    let mut tx = t.db.begin().await.unwrap();
    let first = event(&mut tx, "Перший", false).await;
    let second = event(&mut tx, "Другий", false).await;
    let g1 = game(&mut tx, first, a, b).await;
    let g2 = game(&mut tx, first, b, c).await;
    let g3 = game(&mut tx, second, c, a).await;
    let g4 = game(&mut tx, second, a, b).await;
    // Ended out of game-id order, one of them "earlier" than a game rated
    // before it (a ruling dated back): the update must still agree with the
    // recomputation.
    finish(&mut tx, g2, Score::Draw, t0() + Duration::days(5)).await;
    finish(
        &mut tx,
        g1,
        Score::Win(Color::White),
        t0() + Duration::days(9),
    )
    .await;
    finish(
        &mut tx,
        g4,
        Score::Win(Color::Black),
        t0() + Duration::days(3),
    )
    .await;
    finish(
        &mut tx,
        g3,
        Score::Win(Color::White),
        t0() + Duration::days(12),
    )
    .await;
    tx.commit().await.unwrap();
    let updated = snapshot(&t.db, &players).await;
    let mut tx = t.db.begin().await.unwrap();
    assert_eq!(tx.rebuild_ratings().await.unwrap(), 4);
    tx.commit().await.unwrap();
    assert_eq!(
        snapshot(&t.db, &players).await,
        updated,
        "rebuild = updates"
    );
    // An appeal replaces the result of game 1: A's win becomes a loss.
    let mut tx = t.db.begin().await.unwrap();
    finish(
        &mut tx,
        g1,
        Score::Win(Color::Black),
        t0() + Duration::days(40),
    )
    .await;
    tx.commit().await.unwrap();
    let replaced = snapshot(&t.db, &players).await;
    assert_ne!(replaced, updated);
    let mut tx = t.db.begin().await.unwrap();
    tx.rebuild_ratings().await.unwrap();
    tx.commit().await.unwrap();
    assert_eq!(
        snapshot(&t.db, &players).await,
        replaced,
        "rebuild = recomputed"
    );
    // Annulling game 3 takes it out of both histories.
    let mut tx = t.db.begin().await.unwrap();
    finish(&mut tx, g3, Score::Annulled, t0() + Duration::days(41)).await;
    let history = tx.rating_history(c, 10).await.unwrap();
    assert!(history.iter().all(|change| change.game != g3));
    assert_eq!(rating(&mut tx, c).await.map(|r| r.1), Some(1));
    tx.commit().await.unwrap();
}

/// PostgreSQL: two transactions (two processes) finish two games of one
/// player at the same time; the rating row lock makes the second apply after
/// the first, so the player has both games and the numbers of the updates in
/// order.
async fn two_games_of_one_player_ending_at_once_both_count(t: &TestDb) {
    let [a, b, c] = three_players(&t.db).await;
    let other = t.connect_again().await;
    for round in 0..10 {
        let mut tx = t.db.begin().await.unwrap();
        let cup = event(&mut tx, &format!("Кубок {round}"), false).await;
        let g1 = game(&mut tx, cup, a, b).await;
        let g2 = game(&mut tx, cup, c, a).await;
        tx.commit().await.unwrap();
        let at = t0() + Duration::days(round);
        let (first, second) = tokio::join!(
            async {
                let mut tx = t.db.begin().await.unwrap();
                finish(&mut tx, g1, Score::Win(Color::White), at).await;
                tx.commit().await.unwrap();
            },
            async {
                let mut tx = other.begin().await.unwrap();
                finish(&mut tx, g2, Score::Draw, at).await;
                tx.commit().await.unwrap();
            }
        );
        let ((), ()) = (first, second);
        let mut tx = t.db.begin().await.unwrap();
        assert_eq!(rating(&mut tx, a).await.map(|r| r.1), Some(2 * (round + 1)));
        tx.rollback().await.unwrap();
    }
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
    other.close().await;
}

/// Thirty games of six players whose results arrive in a scrambled order
/// (a loss on time recorded after later games, rulings dated back): each
/// late one recomputes only from its place in game-end order on, and the
/// ratings and histories equal a recomputation from scratch.
async fn results_arriving_in_any_order_give_the_numbers_of_the_rebuild(t: &TestDb) {
    let mut tx = t.db.begin().await.unwrap();
    let mut players = Vec::new();
    for name in ["Аня", "Борис", "Вадим", "Галина", "Дарина", "Євген"]
    {
        players.push(new_player(&mut tx, name, t0()).await.id);
    }
    let cup = event(&mut tx, "Кубок", false).await;
    let mut games = Vec::new();
    for n in 0..30usize {
        let (w, b) = (players[n % 6], players[(n * 5 + 1) % 6]);
        let (w, b) = if w == b {
            (w, players[(n + 2) % 6])
        } else {
            (w, b)
        };
        games.push(game(&mut tx, cup, w, b).await);
    }
    tx.commit().await.unwrap();
    let scores = [
        Score::Win(Color::White),
        Score::Draw,
        Score::Win(Color::Black),
    ];
    for n in 0..30usize {
        // A scrambled arrival order, with end dates not following it.
        let k = (n * 7) % 30;
        let days = ((k * 11) % 30) as i64;
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
    assert!(updated.iter().all(|(rating, _)| rating.is_some()));
    let mut tx = t.db.begin().await.unwrap();
    assert_eq!(tx.rebuild_ratings().await.unwrap(), 30);
    tx.commit().await.unwrap();
    assert_eq!(
        snapshot(&t.db, &players).await,
        updated,
        "rebuild = updates"
    );
}

/// A game resigned before any move, or won by default after one move, is
/// not rated: a partner or a dummy account cannot hand out points (issue
/// [trust-2]); once each side has moved, the game counts, and the rebuild
/// agrees.
async fn games_without_a_move_by_each_side_are_not_rated(t: &TestDb) {
    let [a, b, c] = three_players(&t.db).await;
    let mut tx = t.db.begin().await.unwrap();
    let cup = event(&mut tx, "Кубок", false).await;
    let resigned = game(&mut tx, cup, a, b).await;
    finish_as_is(&mut tx, resigned, Score::Win(Color::White), t0()).await;
    let by_default = game(&mut tx, cup, b, c).await;
    play(&mut tx, by_default, 1).await;
    let at = t0() + Duration::days(1);
    finish_as_is(&mut tx, by_default, Score::Win(Color::White), at).await;
    for player in [a, b, c] {
        assert_eq!(rating(&mut tx, player).await, None, "nobody rated yet");
    }
    let played = game(&mut tx, cup, c, a).await;
    play(&mut tx, played, 2).await;
    let at = t0() + Duration::days(2);
    finish_as_is(&mut tx, played, Score::Win(Color::White), at).await;
    assert_eq!(rating(&mut tx, c).await, Some((Rating(1_516_000), 1)));
    assert_eq!(rating(&mut tx, b).await, None, "b played no rated game");
    assert_eq!(tx.rebuild_ratings().await.unwrap(), 1, "one rated game");
    assert_eq!(rating(&mut tx, c).await, Some((Rating(1_516_000), 1)));
    assert_eq!(rating(&mut tx, a).await, Some((Rating(1_484_000), 1)));
    tx.commit().await.unwrap();
}

/// A game resigned before any move, then a result dated before it: the
/// recomputation from the late game's place on applies the games after it
/// again, and must skip the unplayed one as the full rebuild does (the
/// query of the partial recomputation lacked the rule before issue 40).
async fn a_recomputation_from_a_late_game_skips_games_without_moves(t: &TestDb) {
    let [a, b, c] = three_players(&t.db).await;
    let mut tx = t.db.begin().await.unwrap();
    let cup = event(&mut tx, "Кубок", false).await;
    let unplayed = game(&mut tx, cup, a, b).await;
    let rated = game(&mut tx, cup, b, c).await;
    let late = game(&mut tx, cup, c, a).await;
    let at = |days| t0() + Duration::days(days);
    finish(&mut tx, rated, Score::Win(Color::White), at(5)).await;
    finish_as_is(&mut tx, unplayed, Score::Win(Color::White), at(6)).await;
    assert_eq!(rating(&mut tx, a).await, None, "not rated");
    // Dated before both: recomputes from day 1 on.
    finish(&mut tx, late, Score::Draw, at(1)).await;
    assert_eq!(
        rating(&mut tx, a).await.map(|r| r.1),
        Some(1),
        "the late game only"
    );
    assert_eq!(
        rating(&mut tx, b).await.map(|r| r.1),
        Some(1),
        "the rated game only"
    );
    tx.commit().await.unwrap();
    let players = [a, b, c];
    let updated = snapshot(&t.db, &players).await;
    let mut tx = t.db.begin().await.unwrap();
    assert_eq!(tx.rebuild_ratings().await.unwrap(), 2);
    tx.commit().await.unwrap();
    assert_eq!(
        snapshot(&t.db, &players).await,
        updated,
        "rebuild = updates"
    );
}
