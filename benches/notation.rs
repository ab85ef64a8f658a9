//! Reading, validating and playing one move from a middlegame position, in
//! Ukrainian full notation (R2.3.2) and in SAN.

use std::hint::black_box;

use corrbot::core::notation::{Notation, parse, write};
use criterion::{Criterion, criterion_group, criterion_main};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Position};

/// A middlegame from the Ruy Lopez, White to move.
const MIDDLEGAME: &str = "r1bq1rk1/2p1bppp/p1np1n2/1p2p3/4P3/1BP2N1P/PP1P1PP1/RNBQR1K1 w - - 0 9";

fn parse_and_play(pos: &Chess, text: &str, allowed: &[Notation]) -> Chess {
    let parsed = parse(pos, text, allowed).expect("legal move");
    pos.clone().play(parsed.mv).expect("legal move")
}

fn bench_notation(c: &mut Criterion) {
    let fen: Fen = MIDDLEGAME.parse().expect("valid FEN");
    let pos: Chess = fen
        .into_position(CastlingMode::Standard)
        .expect("legal position");
    c.bench_function("parse+play ukrainian full Кb1-a3", |b| {
        b.iter(|| parse_and_play(black_box(&pos), black_box("Кb1-a3"), &[]))
    });
    c.bench_function("parse+play ukrainian full d2-d4", |b| {
        b.iter(|| parse_and_play(black_box(&pos), black_box("d2-d4"), &[]))
    });
    c.bench_function("parse+play san Na3", |b| {
        b.iter(|| parse_and_play(black_box(&pos), black_box("Na3"), &[Notation::San]))
    });
    let mv = pos.legal_moves()[0];
    c.bench_function("write ukrainian full", |b| {
        b.iter(|| write(black_box(&pos), black_box(&mv), Notation::UkrainianFull))
    });
}

criterion_group!(benches, bench_notation);
criterion_main!(benches);
