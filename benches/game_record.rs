//! Costs of the game record: replaying a stored game from UCI, exporting it
//! as PGN, and writing its Ukrainian scoresheet.

use std::hint::black_box;

use corrbot::core::game::Game;
use corrbot::core::pgn::{PgnHeaders, ResultStyle, export, scoresheet};
use criterion::{Criterion, criterion_group, criterion_main};
use shakmaty::{Chess, Position};

/// A deterministic long game: move `i` picks legal move `(i * 7 + 3) % n`.
fn long_game(plies: usize) -> Game {
    let mut game = Game::new();
    for i in 0..plies {
        if game.is_over() {
            break;
        }
        let legal = game.position().legal_moves();
        let mv = legal[(i * 7 + 3) % legal.len()];
        game.play(mv).expect("legal move");
    }
    game
}

fn bench_game_record(c: &mut Criterion) {
    let game = long_game(200);
    let uci = game.uci_moves();
    let headers = PgnHeaders::default();
    eprintln!("bench game: {} plies", uci.len());
    c.bench_function("replay_uci", |b| {
        b.iter(|| Game::replay(Chess::default(), black_box(&uci)).expect("replays"))
    });
    c.bench_function("export_pgn", |b| {
        b.iter(|| export(black_box(&game), &headers))
    });
    c.bench_function("scoresheet", |b| {
        b.iter(|| scoresheet(black_box(&game), &[], ResultStyle::Score))
    });
}

criterion_group!(benches, bench_game_record);
criterion_main!(benches);
