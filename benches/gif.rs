//! A 60-ply game's animated GIF at 720 px (61 frames, names and the score),
//! uncached: time per GIF and per frame, and the size.
//!
//! Side by side with lila-gif in one run: with `LILA_GIF_URL` set (a
//! lila-gif server on loopback, e.g. `http://127.0.0.1:6175`, built and run
//! outside this repository), the bench also times lila-gif's `POST
//! /game.gif` of the same 61 positions (FEN, last move, check, the same
//! delays) over one keep-alive-free HTTP request each, and prints both
//! sizes. Measured so (2 shared cores, load ≈ 12, rough): see
//! `docs/figures.md` (its table and "The animated GIF beside lila-gif") and
//! `docs/images/README.md`.

use std::hint::black_box;

#[path = "support/lila_http.rs"]
mod lila_http;

use corrbot::render::{BoardOptions, PlayerLabel, render_game_gif};
use criterion::{Criterion, criterion_group, criterion_main};
use shakmaty::fen::Fen;
use shakmaty::san::San;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Move, Position};

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

/// lila-gif's `POST /game.gif` body for the same game: every position's
/// FEN with the last move and the checked king, 80 cs a frame, 4 s last.
fn lila_body(start: &Chess, moves: &[Move]) -> String {
    let fen = |p: &Chess| Fen::from_position(p, EnPassantMode::Legal).to_string();
    let mut position = start.clone();
    let mut frames = vec![format!("{{\"fen\":\"{}\"}}", fen(&position))];
    for (i, m) in moves.iter().enumerate() {
        let uci = UciMove::from_move(*m, CastlingMode::Standard);
        position.play_unchecked(*m);
        let check = match position.board().king_of(position.turn()) {
            Some(king) if position.is_check() => format!(",\"check\":\"{king}\""),
            _ => String::new(),
        };
        let delay = if i + 1 == moves.len() {
            ",\"delay\":400"
        } else {
            ""
        };
        frames.push(format!(
            "{{\"fen\":\"{}\",\"lastMove\":\"{uci}\"{check}{delay}}}",
            fen(&position)
        ));
    }
    format!(
        "{{\"white\":\"Olena Kovalenko\",\"black\":\"Bohdan Shevchenko\",\"delay\":80,\
         \"theme\":\"green\",\"frames\":[{}]}}",
        frames.join(",")
    )
}

/// One `POST /game.gif` to lila-gif at `address` (`host:port`); the GIF's
/// size in bytes.
fn lila_gif(address: &str, body: &str) -> usize {
    let request = format!(
        "POST /game.gif HTTP/1.1\r\nHost: {address}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    lila_http::body_len(address, &request)
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
    if let Ok(url) = std::env::var("LILA_GIF_URL") {
        let address = url
            .trim_start_matches("http://")
            .trim_end_matches('/')
            .to_owned();
        let body = lila_body(&start, &moves);
        eprintln!(
            "lila_gif/60_plies: {} bytes, {} frames",
            lila_gif(&address, &body),
            moves.len() + 1
        );
        group.bench_function("lila_gif_http", |b| {
            b.iter(|| lila_gif(black_box(&address), black_box(&body)))
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
