//! Property tests for `core::notation`: every legal move written in every
//! notation reads back to the same move (R2.3.2) — or, for an English king's
//! move a knight can also make, to the question which (issue 19) — and no
//! text makes `parse` panic (R2.3.9: anything may arrive in a message).

use corrbot::core::notation::{Notation, NotationError, parse, write, write_with_check};
use proptest::prelude::*;
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Position};

/// Starting points rich in castling, en passant and promotion, besides the
/// initial position.
const STARTS: [&str; 6] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
    "rnbqkb1r/pp1p1ppp/5n2/2pPp3/8/8/PPP1PPPP/RNBQKBNR w KQkq c6 0 4",
];

fn position(fen: &str) -> Chess {
    let fen: Fen = fen.parse().expect("valid FEN");
    fen.into_position(CastlingMode::Standard)
        .expect("legal position")
}

fn check_every_move(pos: &Chess) -> Result<(), TestCaseError> {
    for mv in pos.legal_moves() {
        for notation in Notation::ALL {
            for text in [
                write(pos, &mv, notation),
                write_with_check(pos, &mv, notation),
            ] {
                let parsed = parse(pos, &text, &Notation::ALL);
                let fen = Fen::from_position(pos, EnPassantMode::Legal);
                // Issue 19: an English king's move (`Kh2`) that a knight can
                // also make reads as a question, never as a guess.
                if let Err(NotationError::KingOrKnight { candidates }) = &parsed {
                    prop_assert!(
                        text.starts_with('K') && candidates.contains(&mv),
                        "{:?} text {:?} in {}: {:?}",
                        notation,
                        text,
                        fen,
                        candidates
                    );
                    continue;
                }
                prop_assert_eq!(
                    parsed.map(|p| p.mv),
                    Ok(mv),
                    "{:?} text {:?} in {}",
                    notation,
                    text,
                    fen
                );
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, failure_persistence: None, ..ProptestConfig::default() })]

    /// R2.3.2: writing and reading are inverse in every notation, along
    /// random games.
    #[test]
    fn every_legal_move_round_trips_in_every_notation_r2_3_2(
        start in 0..STARTS.len(),
        choices in prop::collection::vec(any::<u16>(), 0..60),
    ) {
        let mut pos = position(STARTS[start]);
        check_every_move(&pos)?;
        for choice in choices {
            let legal = pos.legal_moves();
            if legal.is_empty() {
                break;
            }
            pos.play_unchecked(legal[usize::from(choice) % legal.len()]);
            check_every_move(&pos)?;
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, failure_persistence: None, ..ProptestConfig::default() })]

    /// R2.3.9: any text at all gets an answer, never a panic.
    #[test]
    fn arbitrary_unicode_never_panics(text in any::<String>(), start in 0..STARTS.len()) {
        let _ = parse(&position(STARTS[start]), &text, &Notation::ALL);
    }

    /// Random mixes of the characters moves are made of never panic, and an
    /// accepted text is always a legal move.
    #[test]
    fn chess_character_soup_never_panics(
        text in "[КкрРФфТтСсKkpPCcTtNnBbRrQqabcdefghаесвВxXх:×0Oo123456789 \\-–—=/()+#!?.…]{0,14}",
        start in 0..STARTS.len(),
        only_ukrainian in any::<bool>(),
    ) {
        let pos = position(STARTS[start]);
        let allowed: &[Notation] = if only_ukrainian { &[] } else { &Notation::ALL };
        if let Ok(parsed) = parse(&pos, &text, allowed) {
            prop_assert!(pos.is_legal(parsed.mv));
            prop_assert!(
                !only_ukrainian || parsed.notation == Notation::UkrainianFull,
                "{:?} read as {:?}", text, parsed.notation
            );
        }
    }
}
