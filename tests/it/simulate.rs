//! `corrbot simulate` in small (issue 24): 20 players, 40 games, 120
//! simulated days on SQLite. Every move is legal and stored, every game's
//! stored moves replay to its stored position, some games end, the
//! scheduler fired deadlines and the outbox sent notices.

use corrbot::simulate::{OPS, SimulateArgs, simulate};
use corrbot::store::{EventStatus, GameStatus};
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{Chess, EnPassantMode, Position};

use crate::support::db::TestDb;

fn small() -> SimulateArgs {
    SimulateArgs {
        players: 20,
        games: 40,
        days: 120,
        database: None,
        seed: 7,
        concurrency: 4,
        history: 0,
    }
}

#[tokio::test]
async fn a_small_federation_plays_legal_games_that_replay_and_end() {
    let test_db = TestDb::sqlite().await;
    let report = simulate(&test_db.db, &small()).await.expect("simulated");
    let meter = &report.meter;
    assert_eq!(report.games, 40, "{report}");
    assert!(meter.moves > 400, "{report}");
    // Players on leave hold their moves in the event (R3.6.2), so the app
    // refuses none of the simulator's legal moves.
    eprintln!("{report}");
    assert_eq!(meter.refused, 0, "{report}");
    assert!(report.finished > 0, "{report}");
    assert!(meter.fires > 0 && meter.notices > meter.moves, "{report}");
    assert_eq!(meter.closed().len(), 10, "{report}");
    for op in OPS {
        assert!(
            meter.overall(op).is_some(),
            "{op:?} never sampled: {report}"
        );
    }
    assert!(report.db_bytes > 0 && report.peak_rss.is_some(), "{report}");
    let mut tx = test_db.db.read().await.unwrap();
    let mut events = tx.events_with_status(EventStatus::Running).await.unwrap();
    events.extend(tx.events_with_status(EventStatus::Finished).await.unwrap());
    let mut replayed = 0;
    for event in events {
        for game in tx.games_of_event(event.id).await.unwrap() {
            let moves = tx.moves(game.id).await.unwrap();
            assert_eq!(moves.len() as i64, game.ply, "game {}", game.id.0);
            let mut position = Chess::default();
            for stored in &moves {
                let uci: UciMove = stored.uci.parse().expect("stored UCI");
                let played = uci.to_move(&position).expect("a legal move");
                position.play_unchecked(played);
            }
            let replayed_fen = Fen::from_position(&position, EnPassantMode::Legal).to_string();
            let stored_board = game.fen.split(' ').take(2).collect::<Vec<_>>();
            let board = replayed_fen.split(' ').take(2).collect::<Vec<_>>();
            assert_eq!(board, stored_board, "game {}", game.id.0);
            assert!(game.status != GameStatus::Pending, "game {}", game.id.0);
            replayed += 1;
        }
    }
    tx.commit().await.unwrap();
    assert_eq!(replayed, 40);
    test_db.finish().await;
}

#[tokio::test]
async fn one_seed_gives_one_simulation() {
    let first = TestDb::sqlite().await;
    let second = TestDb::sqlite().await;
    let mut args = small();
    args.days = 40;
    let a = simulate(&first.db, &args).await.expect("simulated");
    let b = simulate(&second.db, &args).await.expect("simulated");
    assert_eq!(
        (a.meter.moves, a.meter.fires),
        (b.meter.moves, b.meter.fires)
    );
    assert_eq!(a.meter.notices, b.meter.notices);
    first.finish().await;
    second.finish().await;
}

#[tokio::test]
async fn a_history_of_finished_games_lies_under_the_simulated_days() {
    let test_db = TestDb::sqlite().await;
    let mut args = small();
    args.days = 20;
    args.history = 200;
    let report = simulate(&test_db.db, &args).await.expect("simulated");
    assert!((180..=230).contains(&report.history.games), "{report}");
    assert_eq!(report.meter.refused, 0, "{report}");
    let mut tx = test_db.db.read().await.unwrap();
    let past = tx.events_with_status(EventStatus::Finished).await.unwrap();
    assert!(past.len() >= 2, "{past:?}");
    let mut moves = 0;
    for event in past {
        for game in tx.games_of_event(event.id).await.unwrap() {
            assert_eq!(game.status, GameStatus::Finished, "game {}", game.id.0);
            assert!(game.result.is_some(), "game {}", game.id.0);
            let stored = tx.moves(game.id).await.unwrap();
            assert_eq!(stored.len() as i64, game.ply, "game {}", game.id.0);
            moves += stored.len() as u64;
        }
    }
    assert_eq!(moves, report.history.moves);
    // The pool's players are the past's: the first player of the live
    // events already has finished games.
    let first = tx
        .account(corrbot::store::Platform::Console, "sim0")
        .await
        .unwrap()
        .expect("sim0 registered by the history");
    let games = tx.games_of_player(first.player_id).await.unwrap();
    assert!(games.iter().any(|g| g.status == GameStatus::Finished));
    assert!(games.iter().any(|g| g.status != GameStatus::Finished));
    tx.commit().await.unwrap();
    test_db.finish().await;
}
