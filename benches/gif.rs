//! A 60-ply game's animated GIF at 720 px (61 frames, names and the score),
//! uncached: time per GIF and per frame, and the size. Compared side by side
//! with lila-gif's `POST /game.gif` of the same game in `docs/images/README.md`.

use std::hint::black_box;

use corrbot::render::{BoardOptions, PlayerLabel, render_game_gif};
use criterion::{Criterion, criterion_group, criterion_main};
use shakmaty::san::San;
use shakmaty::{Chess, Move, Position};

/// The Ruy Lopez of `docs/images/game.pgn`, 60 plies.
const GAME: &str = "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O h3 Nb8 d4 Nbd7 \
    c4 c6 cxb5 axb5 Nc3 Bb7 Bg5 b4 Nb1 h6 Bh4 c5 dxe5 Nxe4 Bxe7 Qxe7 exd6 Qf6 \
    Nbd2 Nxd6 Nc4 Nxc4 Bxc4 Nb6 Ne5 Rae8 Bxf7+ Rxf7 Nxf7 Rxe1+ Qxe1 Kxf7 Qe3 Qg5 \
    Qxg5 hxg5 b3 Ke6 a3 Kd6";

fn game() -> (Chess, Vec<Move>) {
    let start = Chess::default();
    let mut position = start.clone();
    let mut moves = Vec::new();
    for san in GAME.split_whitespace() {
        let m = san
            .parse::<San>()
            .expect("SAN")
            .to_move(&position)
            .expect("legal");
        position.play_unchecked(m);
        moves.push(m);
    }
    (start, moves)
}

fn options() -> BoardOptions {
    let label = |name: &str| PlayerLabel {
        name: name.into(),
        days_left: None,
        deadline: None,
    };
    BoardOptions {
        white: label("Олена Коваленко"),
        black: label("Bohdan Shevchenko"),
        event: "Кубок клубу 2026".into(),
        score: Some(("1".into(), "0".into())),
        ..BoardOptions::default()
    }
}

fn bench(c: &mut Criterion) {
    let (start, moves) = game();
    let options = options();
    let gif = render_game_gif(&start, &moves, &options);
    eprintln!(
        "game_gif_720/60_plies: {} bytes, {} frames",
        gif.len(),
        moves.len() + 1
    );
    let mut group = c.benchmark_group("game_gif_720");
    group.sample_size(20);
    group.bench_function("60_plies", |b| {
        b.iter(|| render_game_gif(black_box(&start), black_box(&moves), black_box(&options)))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
