//! Uncached board images per second on one core (720-px board with names
//! and clocks, 720×840), for each PNG filter and DEFLATE effort, and the PNG
//! size of each. Anchor: lila-gif, ~5.9 ms and 34 KB for a 720×840 GIF.

use std::hint::black_box;

use corrbot::render::{
    BoardOptions, CrosstableGame, CrosstableInput, CrosstableRow, Deflate, EncodeSettings,
    GameMark, PlayerLabel, RowFilter, render_board_with, render_crosstable_with,
};
use criterion::{Criterion, criterion_group, criterion_main};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Position};

/// A middlegame with a check and a last move, names and clocks.
fn sample() -> (shakmaty::Board, BoardOptions) {
    let fen: Fen = "r1b2rk1/pp1nqppp/2p1p3/3pP1B1/2PP4/2NB1N2/PP3PPP/R2Q1RK1 b - - 3 11"
        .parse()
        .expect("FEN");
    let position: Chess = fen.into_position(CastlingMode::Standard).expect("legal");
    let mut options = BoardOptions::for_position(&position);
    options.move_number = None;
    options.last_move = Some((shakmaty::Square::H4, shakmaty::Square::G5));
    options.white = PlayerLabel {
        name: "Олександр Шевченко".into(),
        days_left: Some(14),
        deadline: None,
    };
    options.black = PlayerLabel {
        name: "Maria Kowalska".into(),
        days_left: Some(3),
        deadline: None,
    };
    (position.board().clone(), options)
}

fn settings() -> Vec<(&'static str, EncodeSettings)> {
    let s = |filter, compression| EncodeSettings {
        filter,
        compression,
    };
    vec![
        ("up_fdeflate", s(RowFilter::Up, Deflate::Fast)),
        ("sub_fdeflate", s(RowFilter::Sub, Deflate::Fast)),
        ("paeth_fdeflate", s(RowFilter::Paeth, Deflate::Fast)),
        ("none_fdeflate", s(RowFilter::None, Deflate::Fast)),
        ("adaptive_fdeflate", s(RowFilter::Adaptive, Deflate::Fast)),
        ("up_zlib1", s(RowFilter::Up, Deflate::Level(1))),
        ("none_zlib1", s(RowFilter::None, Deflate::Level(1))),
        ("up_zlib6", s(RowFilter::Up, Deflate::Level(6))),
        ("none_zlib6", s(RowFilter::None, Deflate::Level(6))),
        ("up_zlib9", s(RowFilter::Up, Deflate::Level(9))),
        ("stored", s(RowFilter::None, Deflate::Stored)),
    ]
}

fn crosstable() -> CrosstableInput {
    let names = [
        "Шевченко О.",
        "Kowalska M.",
        "Петренко І.",
        "Бондар Н.",
        "Lee J.",
        "Коваль Д.",
    ];
    let n = names.len();
    let players = (0..n)
        .map(|i| CrosstableRow {
            name: names[i].into(),
            place: (i + 1).to_string(),
            score_halves: (2 * (n - i)) as u32,
            wins: (n - i) as u32,
            sonneborn_berger_quarters: (8 * (n - i)) as u32,
            games: (0..n)
                .map(|j| {
                    let mark = if i == j {
                        return vec![];
                    } else if i < j {
                        GameMark::Win
                    } else {
                        GameMark::Loss
                    };
                    vec![
                        CrosstableGame {
                            mark,
                            latest: false,
                        },
                        CrosstableGame {
                            mark: GameMark::Draw,
                            latest: i + j == 5,
                        },
                    ]
                })
                .collect(),
        })
        .collect();
    CrosstableInput {
        title: "Кубок клубу 2026".into(),
        players,
        language: Default::default(),
        theme: Default::default(),
    }
}

/// Nanoseconds this thread has run on a CPU (Linux), so that the figure
/// holds on a loaded machine where wall-clock time does not.
fn on_cpu_ns() -> Option<u64> {
    let stat = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    stat.split_whitespace().next()?.parse().ok()
}

/// Prints size, on-CPU time per image and images per second per core.
fn report(name: &str, render: impl Fn() -> Vec<u8>) {
    const ROUNDS: u64 = 200;
    let size = render().len();
    let Some(start) = on_cpu_ns() else {
        eprintln!("{name}: {size} bytes");
        return;
    };
    for _ in 0..ROUNDS {
        black_box(render());
    }
    let per_image = (on_cpu_ns().unwrap_or(start) - start) / ROUNDS;
    let per_second = 1e9 / per_image.max(1) as f64;
    eprintln!("{name}: {size} bytes, {per_image} ns on CPU per image, {per_second:.0} images/s");
}

fn bench(c: &mut Criterion) {
    let (board, options) = sample();
    for (name, setting) in settings() {
        report(&format!("board_720x840/{name}"), || {
            render_board_with(&board, &options, setting)
        });
    }
    let mut group = c.benchmark_group("board_720x840");
    for (name, setting) in settings() {
        group.bench_function(name, |b| {
            b.iter(|| render_board_with(black_box(&board), black_box(&options), setting))
        });
    }
    group.finish();
    let table = crosstable();
    let setting = EncodeSettings::default();
    report("crosstable_6", || render_crosstable_with(&table, setting));
    c.bench_function("crosstable_6", |b| {
        b.iter(|| render_crosstable_with(black_box(&table), setting))
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
