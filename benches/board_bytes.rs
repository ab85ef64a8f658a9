//! The board image's bytes, position by position, for every position of
//! `docs/images/game.pgn` at 720 px with both names, the last move and the
//! check marked: the default encoding and the other candidates, and the
//! first board of a process against a later one.
//!
//! Side by side with lila-gif: with `LILA_GIF_URL` set (a lila-gif server on
//! loopback, e.g. `http://127.0.0.1:6175`, built and run outside this
//! repository), each position is also asked of lila-gif's `GET /image.gif`
//! with the same FEN, last move, check and names, and the bench prints the
//! ratio of the two sizes per position and its largest value.
//!
//! `cargo bench --bench board_bytes`; figures in `docs/figures.md`.

use std::time::Instant;

#[path = "support/lila_http.rs"]
mod lila_http;

use corrbot::render::{
    BoardOptions, Deflate, EncodeSettings, PlayerLabel, RowFilter, render_board_with,
};
use shakmaty::fen::Fen;
use shakmaty::san::San;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Move, Position, Square};

/// One position of the game: the board options as the bot draws them, and
/// lila-gif's query for the same picture.
struct Shot {
    position: Chess,
    options: BoardOptions,
    lila_query: String,
}

/// Every position of `docs/images/game.pgn` (the start and after each ply).
fn shots() -> Vec<Shot> {
    let pgn = include_str!("../docs/images/game.pgn");
    let movetext: String = pgn
        .lines()
        .filter(|line| !line.starts_with('['))
        .collect::<Vec<_>>()
        .join(" ");
    let mut position = Chess::default();
    let mut shots = vec![shot(&position, None)];
    for word in movetext.split_whitespace() {
        let Ok(san) = word.parse::<San>() else {
            continue;
        };
        let m = san.to_move(&position).expect("the example game is legal");
        position.play_unchecked(m);
        shots.push(shot(&position, Some(m)));
    }
    shots
}

fn shot(position: &Chess, last: Option<Move>) -> Shot {
    let label = |name: &str| PlayerLabel {
        name: name.into(),
        days_left: None,
        deadline: None,
    };
    let mut options = BoardOptions::for_position(position);
    options.move_number = None;
    options.white = label("Olena Kovalenko");
    options.black = label("Bohdan Shevchenko");
    options.last_move = last.and_then(|m| Some((m.from()?, m.to())));
    let fen = Fen::from_position(position, EnPassantMode::Legal).to_string();
    let mut lila_query = format!(
        "fen={}&white=Olena%20Kovalenko&black=Bohdan%20Shevchenko",
        fen.replace(' ', "%20")
    );
    if let Some(m) = last {
        let uci = UciMove::from_move(m, CastlingMode::Standard);
        lila_query.push_str(&format!("&lastMove={uci}"));
    }
    if let Some(king) = checked_king(position) {
        lila_query.push_str(&format!("&check={king}"));
    }
    Shot {
        position: position.clone(),
        options,
        lila_query,
    }
}

fn checked_king(position: &Chess) -> Option<Square> {
    position
        .is_check()
        .then(|| position.board().king_of(position.turn()))
        .flatten()
}

/// One `GET /image.gif?…` to lila-gif at `address`; the body's size.
fn lila_image(address: &str, query: &str) -> usize {
    let request =
        format!("GET /image.gif?{query} HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\n\r\n");
    lila_http::body_len(address, &request)
}

fn candidates() -> Vec<(&'static str, EncodeSettings)> {
    let s = |filter, compression| EncodeSettings {
        filter,
        compression,
    };
    vec![
        ("default", EncodeSettings::default()),
        ("paeth_fdeflate", s(RowFilter::Paeth, Deflate::Fast)),
        ("none_zlib6", s(RowFilter::None, Deflate::Level(6))),
        ("none_zlib9", s(RowFilter::None, Deflate::Level(9))),
        ("up_zlib9", s(RowFilter::Up, Deflate::Level(9))),
    ]
}

fn main() {
    let shots = shots();
    let first = &shots[0];
    let started = Instant::now();
    let bytes = render_board_with(first.position.board(), &first.options, Default::default());
    let first_time = started.elapsed();
    let started = Instant::now();
    render_board_with(first.position.board(), &first.options, Default::default());
    let later_time = started.elapsed();
    println!(
        "first board of the process: {first_time:?}; the same board again: {later_time:?} ({} bytes)",
        bytes.len()
    );
    let lila = std::env::var("LILA_GIF_URL").ok().map(|url| {
        let address = url.trim_start_matches("http://").trim_end_matches('/');
        let sizes: Vec<usize> = shots
            .iter()
            .map(|shot| lila_image(address, &shot.lila_query))
            .collect();
        sizes
    });
    for (name, settings) in candidates() {
        let started = Instant::now();
        let sizes: Vec<usize> = shots
            .iter()
            .map(|shot| render_board_with(shot.position.board(), &shot.options, settings).len())
            .collect();
        let per_board = started.elapsed() / shots.len() as u32;
        let total: usize = sizes.iter().sum();
        print!(
            "{name}: {} positions, {total} bytes ({} a board), {per_board:?} a board",
            sizes.len(),
            total / sizes.len()
        );
        if let Some(lila) = &lila {
            let ratios: Vec<f64> = sizes
                .iter()
                .zip(lila)
                .map(|(ours, theirs)| *ours as f64 / *theirs as f64)
                .collect();
            let largest = ratios.iter().cloned().fold(f64::MIN, f64::max);
            let smallest = ratios.iter().cloned().fold(f64::MAX, f64::min);
            let lila_total: usize = lila.iter().sum();
            print!(
                "; lila-gif {lila_total} bytes: ratio {:.3} overall, {smallest:.3}–{largest:.3} by position",
                total as f64 / lila_total as f64
            );
        }
        println!();
    }
    if let Some(lila) = &lila {
        let settings = EncodeSettings::default();
        for (ply, (shot, theirs)) in shots.iter().zip(lila).enumerate() {
            let ours = render_board_with(shot.position.board(), &shot.options, settings).len();
            println!(
                "ply {ply}: {ours} / {theirs} = {:.3}",
                ours as f64 / *theirs as f64
            );
        }
    }
}
