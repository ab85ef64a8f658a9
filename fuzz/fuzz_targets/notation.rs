//! Fuzzes `core::notation::parse`: any text, in a few positions, must give
//! an answer (a legal move or a structured error), never a panic (R2.3.9).
#![no_main]

use corrbot::core::notation::{Notation, parse, write};
use libfuzzer_sys::fuzz_target;
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Position};

const POSITIONS: [&str; 4] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
    "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3",
];

fuzz_target!(|data: &[u8]| {
    let Some((&selector, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let fen: Fen = POSITIONS[usize::from(selector) % POSITIONS.len()]
        .parse()
        .expect("valid FEN");
    let pos: Chess = fen
        .into_position(CastlingMode::Standard)
        .expect("legal position");
    let allowed: &[Notation] = if selector & 0x80 == 0 { &Notation::ALL } else { &[] };
    if let Ok(parsed) = parse(&pos, text, allowed) {
        assert!(pos.is_legal(parsed.mv));
        // What was accepted writes back and reads again as the same move.
        let again = write(&pos, &parsed.mv, parsed.notation);
        assert_eq!(parse(&pos, &again, &Notation::ALL).map(|p| p.mv), Ok(parsed.mv));
    }
});
