//! Table-driven tests for `core::notation`: reading (with the tolerance a
//! person expects), writing, and every reason an impossible move is refused
//! (R2.3.2, R2.3.4, R2.3.5, R2.3.9).

use corrbot::core::notation::{
    CastlingRightLost, Notation, NotationError, parse, write, write_with_check,
};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, CastlingSide, Chess, Move, Role, Square::*, uci::UciMove};

use Notation::{Iccf, Lan, San, Uci, UkrainianFull as Full, UkrainianShort as Short};

const ALL: &[Notation] = &Notation::ALL;
const ONLY_FULL: &[Notation] = &[];

/// The initial position.
const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
/// After 1.e4 e5 2.Nf3 Nc6 with ...b5: a bishop capture on b5 is on.
const ITALIAN: &str = "r1bqkbnr/p1pp1ppp/2n5/1p2p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 4";
/// The d-file is open: Фd1:d7 captures a knight.
const OPEN_D: &str = "r1bqkbnr/pppn1ppp/8/4p3/8/8/PPP2PPP/RNBQKBNR w KQkq - 0 4";
/// White pawns on a7 and c7, a black knight on b8.
const PROMO_WHITE: &str = "1n2k3/P1P5/8/8/8/8/8/4K3 w - - 0 1";
/// Black pawns on a2 and c2, a white knight on b1.
const PROMO_BLACK: &str = "4k3/8/8/8/8/8/p1p5/1N2K3 b - - 0 1";
/// Black has just played d7-d5: e5:d6 en passant is on.
const EP_D6: &str = "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3";
/// Black has just played f7-f5; d5 was played long ago.
const EP_F6: &str = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 4";
/// En passant would expose the white king on a5 to the rook on h5.
const EP_PINNED: &str = "8/8/8/K2pP2r/8/8/8/7k w - d6 0 1";
/// Both sides may castle on both wings.
const CASTLE_WHITE: &str = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";
const CASTLE_BLACK: &str = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R b KQkq - 0 1";
/// Knights on b1 and f3 both reach d2; the king reaches d2 too.
const TWO_KNIGHTS: &str = "rnbqkbnr/pppppppp/8/8/8/5N2/PPP1PPPP/RNBQKB1R w KQkq - 0 1";
/// Rooks on a1 and f1 both reach d1.
const TWO_ROOKS: &str = "4k3/8/8/8/8/8/8/R4RK1 w - - 0 1";
/// Rooks on a1 and a5 both reach a3.
const ROOKS_ON_FILE: &str = "4k3/8/8/R7/8/8/8/R3K3 w - - 0 1";
/// Three queens (after promotions) reach d4.
const THREE_QUEENS: &str = "5k2/8/8/8/Q6Q/8/8/Q3K3 w - - 0 1";
/// A pawn on c3 and a bishop on e3 can both take the knight on d4.
const PAWN_OR_BISHOP: &str = "4k3/8/8/8/3n4/2P1B3/8/4K3 w - - 0 1";
/// A black knight blocks e3.
const BLOCKED_E: &str = "rnbqkb1r/pppppppp/8/8/8/4n3/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
/// After 1.e4 e5.
const E4_E5: &str = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
/// A black rook on d2 guards d1, e2 and f2 around the white king.
const ROOK_D2: &str = "4k3/8/8/8/8/8/3r4/4K3 w - - 0 1";
/// The black rook on h1 checks the white king on e1.
const CHECK_H1: &str = "4k3/8/8/8/8/8/8/R3K2r w - - 0 1";
/// The knight on e2 is pinned by the rook on e7.
const PINNED_E2: &str = "4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1";
/// Castling positions for the reasons it is impossible.
const NO_RIGHTS: &str = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w kq - 0 1";
const QUEEN_SIDE_ONLY: &str = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w Qkq - 0 1";
const PATH_OCCUPIED: &str = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/RN1QK1NR w KQkq - 0 1";
const CASTLE_IN_CHECK: &str = "4r1k1/8/8/8/8/8/8/R3K2R w KQ - 0 1";
const THROUGH_F1: &str = "5rk1/8/8/8/8/8/8/R3K2R w KQ - 0 1";
const INTO_G1: &str = "6r1/1k6/8/8/8/8/8/R3K2R w KQ - 0 1";
const INTO_C1: &str = "2r3k1/8/8/8/8/8/8/R3K2R w KQ - 0 1";
const B1_ATTACKED: &str = "1r4k1/8/8/8/8/8/8/R3K2R w KQ - 0 1";
const BLACK_INTO_G8: &str = "r3k2r/8/8/8/8/8/8/4K1R1 b kq - 0 1";
/// Fool's mate is one move away for Black.
const FOOLS_MATE: &str = "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2";

fn position(fen: &str) -> Chess {
    let fen: Fen = fen.parse().expect("valid FEN");
    fen.into_position(CastlingMode::Standard)
        .expect("legal position")
}

fn uci(mv: &Move) -> String {
    mv.to_uci(CastlingMode::Standard).to_string()
}

fn legal(pos: &Chess, text: &str) -> Move {
    let uci: UciMove = text.parse().expect("UCI");
    uci.to_move(pos).expect("legal move")
}

/// A text, the UCI move it must read as, and the notation reported.
type Read = (&'static str, &'static str, &'static str, Notation);

fn check_reads(rows: &[Read], allowed: &[Notation]) {
    let mut failures = Vec::new();
    for &(fen, text, want, notation) in rows {
        let got = parse(&position(fen), text, allowed).map(|p| (uci(&p.mv), p.notation));
        if got != Ok((want.to_owned(), notation)) {
            failures.push(format!(
                "{text:?} in {fen}: got {got:?}, want {want} {notation:?}"
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// A text and the exact error it must give.
type Refuse = (&'static str, &'static str, NotationError);

fn check_refusals(rows: &[Refuse], allowed: &[Notation]) {
    let mut failures = Vec::new();
    for (fen, text, want) in rows {
        let got = parse(&position(fen), text, allowed);
        if got.as_ref() != Err(want) {
            failures.push(format!("{text:?} in {fen}: got {got:?}, want {want:?}"));
        }
        assert!(!want.to_string().is_empty() && !want.code().is_empty());
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn ukrainian_full_reads_r2_3_2() {
    check_reads(
        &[
            (START, "e2-e4", "e2e4", Full),
            (START, "d2-d3", "d2d3", Full),
            (START, "Кg1-f3", "g1f3", Full),
            (START, "Кb1-c3", "b1c3", Full),
            (START, "Кb1-a3", "b1a3", Full),
            (ITALIAN, "Сf1:b5", "f1b5", Full),
            (ITALIAN, "Сf1-b5", "f1b5", Full),
            (ITALIAN, "Кf3:e5", "f3e5", Full),
            (ITALIAN, "Крe1-e2", "e1e2", Full),
            (ITALIAN, "Фd1-e2", "d1e2", Full),
            (OPEN_D, "Фd1:d7", "d1d7", Full),
            (OPEN_D, "Сc1-g5", "c1g5", Full),
            (OPEN_D, "Крe1-d2", "e1d2", Full),
            (CASTLE_WHITE, "0-0", "e1g1", Full),
            (CASTLE_WHITE, "0-0-0", "e1c1", Full),
            (CASTLE_BLACK, "0-0", "e8g8", Full),
            (CASTLE_BLACK, "0-0-0", "e8c8", Full),
            (CASTLE_WHITE, "Крe1-g1", "e1g1", Full),
            (CASTLE_BLACK, "Крe8-c8", "e8c8", Full),
            (CASTLE_WHITE, "Тh1-f1", "h1f1", Full),
            (EP_D6, "e5:d6", "e5d6", Full),
            (EP_F6, "e5:f6", "e5f6", Full),
            (PROMO_WHITE, "a7-a8Ф", "a7a8q", Full),
            (PROMO_BLACK, "a2-a1Ф", "a2a1q", Full),
        ],
        ONLY_FULL,
    );
}

/// R2.3.4: the capture sign neither helps nor hurts.
#[test]
fn capture_signs_and_dashes_are_tolerated_r2_3_4() {
    check_reads(
        &[
            (ITALIAN, "Сf1xb5", "f1b5", Full),
            (ITALIAN, "Сf1хb5", "f1b5", Full),
            (ITALIAN, "Сf1×b5", "f1b5", Full),
            (ITALIAN, "Сf1b5", "f1b5", Full),
            (ITALIAN, "Сf1–b5", "f1b5", Full),
            (ITALIAN, "Сf1—b5", "f1b5", Full),
            (ITALIAN, "Сf1 - b5", "f1b5", Full),
            (ITALIAN, "Сf1 : b5", "f1b5", Full),
            (START, "e2:e4", "e2e4", Full),
            (START, "e2–e4", "e2e4", Full),
            (START, "e2e4", "e2e4", Full),
            (START, "Кg1f3", "g1f3", Full),
            (START, "Кg1:f3", "g1f3", Full),
            (START, "  e2-e4  ", "e2e4", Full),
            (CASTLE_WHITE, "O-O", "e1g1", Full),
            (CASTLE_WHITE, "00", "e1g1", Full),
            (CASTLE_WHITE, "OO", "e1g1", Full),
            (CASTLE_WHITE, "000", "e1c1", Full),
            (CASTLE_WHITE, "O-O-O", "e1c1", Full),
            (CASTLE_WHITE, "о-о", "e1g1", Full),
            (CASTLE_WHITE, "0–0–0", "e1c1", Full),
            (CASTLE_BLACK, "o-o-o", "e8c8", Full),
        ],
        ONLY_FULL,
    );
}

#[test]
fn latin_and_cyrillic_look_alikes_are_tolerated() {
    check_reads(
        &[
            (START, "Kg1-f3", "g1f3", Full),
            (START, "kg1-f3", "g1f3", Full),
            (START, "кg1-f3", "g1f3", Full),
            (ITALIAN, "Kpe1-e2", "e1e2", Full),
            (ITALIAN, "KPe1-e2", "e1e2", Full),
            (ITALIAN, "крe1-e2", "e1e2", Full),
            (ITALIAN, "Cf1:b5", "f1b5", Full),
            (ITALIAN, "сf1:b5", "f1b5", Full),
            (ITALIAN, "фd1-e2", "d1e2", Full),
            (CASTLE_WHITE, "Th1-f1", "h1f1", Full),
            (CASTLE_WHITE, "тa1-d1", "a1d1", Full),
            (START, "е2-е4", "e2e4", Full),
            (START, "с2-с4", "c2c4", Full),
            (START, "а2-а4", "a2a4", Full),
            (START, "E2-E4", "e2e4", Full),
            (START, "в2-в3", "b2b3", Full),
            (START, "Кв1-с3", "b1c3", Full),
            (ITALIAN, "Bf1xb5", "f1b5", Lan),
            (ITALIAN, "Вf1:b5", "f1b5", Lan),
            (TWO_ROOKS, "Таd1", "a1d1", Short),
        ],
        ALL,
    );
}

/// A lowercase Latin `b` is a file; a Latin `K` that only the king or only
/// a knight can mean reads as that piece.
#[test]
fn readings_without_look_alikes_come_first() {
    const B_PAWN: &str = "4k3/8/8/8/2n5/1P6/8/4KB2 w - - 0 1";
    check_reads(
        &[
            (B_PAWN, "bxc4", "b3c4", San),
            (B_PAWN, "b:c4", "b3c4", Short),
            (B_PAWN, "Bxc4", "f1c4", San),
            (B_PAWN, "С:c4", "f1c4", Short),
            (TWO_KNIGHTS, "Ke1-d2", "e1d2", Lan),
            (TWO_KNIGHTS, "Kbd2", "b1d2", Short),
            (TWO_KNIGHTS, "Kb1-d2", "b1d2", Full),
            (PAWN_OR_BISHOP, "cd4", "c3d4", Short),
            (PAWN_OR_BISHOP, "c:d4", "c3d4", Short),
            (PAWN_OR_BISHOP, "Сd4", "e3d4", Short),
            (PAWN_OR_BISHOP, "Сe3:d4", "e3d4", Full),
        ],
        ALL,
    );
}

/// Issue 19: a Latin `K` that reads both as the English king and as the
/// Cyrillic knight `К` with a legal move each is never guessed, in any
/// set of allowed notations: the king's moves, then the knights'.
#[test]
fn a_latin_k_for_king_or_knight_is_asked_about() {
    let rows: &[(&str, &str, &[&str])] = &[
        (E4_E5, "Ke2", &["e1e2", "g1e2"]),
        (E4_E5, "Ke2+", &["e1e2", "g1e2"]),
        (TWO_KNIGHTS, "Kd2", &["e1d2", "b1d2", "f3d2"]),
    ];
    for allowed in [ALL, ONLY_FULL] {
        for &(fen, text, want) in rows {
            let got = parse(&position(fen), text, allowed);
            let Err(NotationError::KingOrKnight { candidates }) = &got else {
                panic!("{text:?} in {fen}: got {got:?}");
            };
            let mut got: Vec<String> = candidates.iter().map(uci).collect();
            got[1..].sort();
            assert_eq!(got, want, "{text:?} in {fen}");
        }
    }
    // Only one of the two readings is legal: no question.
    check_reads(
        &[(E4_E5, "Kf3", "g1f3", Short), (ITALIAN, "Ke2", "e1e2", San)],
        ALL,
    );
}

#[test]
fn other_notations_read_when_allowed_r2_3_2() {
    check_reads(
        &[
            (START, "Nf3", "g1f3", San),
            (START, "e4", "e2e4", Short),
            (START, "e4 e5", "e2e4", Short),
            (E4_E5, "Nf3 Nc6", "g1f3", San),
            (START, "Кf3", "g1f3", Short),
            (START, "Ng1-f3", "g1f3", Lan),
            (START, "Ng1f3", "g1f3", Lan),
            (START, "g1f3", "g1f3", Uci),
            (START, "7163", "g1f3", Iccf),
            (START, "5254", "e2e4", Iccf),
            (ITALIAN, "Bxb5", "f1b5", San),
            (ITALIAN, "С:b5", "f1b5", Short),
            (ITALIAN, "Сb5", "f1b5", Short),
            (ITALIAN, "Nxe5", "f3e5", San),
            (ITALIAN, "f1b5", "f1b5", Uci),
            (ITALIAN, "6125", "f1b5", Iccf),
            (ITALIAN, "Ke2", "e1e2", San),
            (ITALIAN, "Крe2", "e1e2", Short),
            (OPEN_D, "Qxd7", "d1d7", San),
            (OPEN_D, "Qd1xd7", "d1d7", Lan),
            (OPEN_D, "Ф:d7", "d1d7", Short),
            (E4_E5, "Nc3", "b1c3", San),
            (CASTLE_WHITE, "e1g1", "e1g1", Uci),
            (CASTLE_WHITE, "e1c1", "e1c1", Uci),
            (CASTLE_WHITE, "e1h1", "e1g1", Uci),
            (CASTLE_WHITE, "5171", "e1g1", Iccf),
            (CASTLE_WHITE, "5131", "e1c1", Iccf),
            (CASTLE_BLACK, "5878", "e8g8", Iccf),
            (CASTLE_BLACK, "e8c8", "e8c8", Uci),
            (CASTLE_WHITE, "O-O", "e1g1", San),
            (CASTLE_WHITE, "0-0", "e1g1", Full),
            (EP_D6, "exd6", "e5d6", San),
            (EP_D6, "e:d6", "e5d6", Short),
            (EP_D6, "e5d6", "e5d6", Uci),
            (EP_D6, "5546", "e5d6", Iccf),
            (EP_D6, "e5xd6", "e5d6", Lan),
            (EP_D6, "exd6 e.p.", "e5d6", San),
            (EP_D6, "e5:d6e.p.", "e5d6", Full),
            (EP_D6, "exd6ep", "e5d6", San),
        ],
        ALL,
    );
}

/// Promotion to every piece, with and without a capture, in every notation.
#[test]
fn promotions_read_in_every_notation() {
    check_reads(
        &[
            (PROMO_WHITE, "a7-a8Т", "a7a8r", Full),
            (PROMO_WHITE, "a7-a8С", "a7a8b", Full),
            (PROMO_WHITE, "a7-a8К", "a7a8n", Full),
            (PROMO_WHITE, "a7:b8Ф", "a7b8q", Full),
            (PROMO_WHITE, "c7:b8К", "c7b8n", Full),
            (PROMO_WHITE, "c7-c8Ф", "c7c8q", Full),
            (PROMO_WHITE, "a8Ф", "a7a8q", Short),
            (PROMO_WHITE, "a:b8Т", "a7b8r", Short),
            (PROMO_WHITE, "a8=Q", "a7a8q", San),
            (PROMO_WHITE, "axb8=N", "a7b8n", San),
            (PROMO_WHITE, "cxb8=B", "c7b8b", San),
            (PROMO_WHITE, "c8Q", "c7c8q", San),
            (PROMO_WHITE, "c8(Q)", "c7c8q", San),
            (PROMO_WHITE, "c8/Q", "c7c8q", San),
            (PROMO_WHITE, "a7-a8=Q", "a7a8q", Lan),
            (PROMO_WHITE, "a7xb8=R", "a7b8r", Lan),
            (PROMO_WHITE, "a7a8q", "a7a8q", Uci),
            (PROMO_WHITE, "a7b8n", "a7b8n", Uci),
            (PROMO_WHITE, "c7c8b", "c7c8b", Uci),
            (PROMO_WHITE, "17181", "a7a8q", Iccf),
            (PROMO_WHITE, "17282", "a7b8r", Iccf),
            (PROMO_WHITE, "37383", "c7c8b", Iccf),
            (PROMO_WHITE, "37384", "c7c8n", Iccf),
            (PROMO_WHITE, "a7-a8K", "a7a8n", Full),
            (PROMO_BLACK, "a2:b1Ф", "a2b1q", Full),
            (PROMO_BLACK, "c2-c1Т", "c2c1r", Full),
            (PROMO_BLACK, "c1=N", "c2c1n", San),
            (PROMO_BLACK, "12211", "a2b1q", Iccf),
        ],
        ALL,
    );
}

/// R2.3.4: move numbers in front and signs and remarks behind are ignored.
#[test]
fn move_numbers_signs_and_remarks_are_ignored_r2_3_4() {
    check_reads(
        &[
            (START, "1. e2-e4", "e2e4", Full),
            (START, "1.e2-e4", "e2e4", Full),
            (CASTLE_BLACK, "12... 0-0", "e8g8", Full),
            (CASTLE_BLACK, "12…0-0-0", "e8c8", Full),
            (START, "e2-e4!", "e2e4", Full),
            (START, "e2-e4?!", "e2e4", Full),
            (OPEN_D, "Фd1:d7+", "d1d7", Full),
            (OPEN_D, "Фd1:d7#", "d1d7", Full),
            (START, "Кg1-f3 (найкращий хід)", "g1f3", Full),
            (START, "e2-e4, пропоную нічию", "e2e4", Full),
            (START, "e2-e4 e7-e5", "e2e4", Full),
            (START, "Кg1 f3", "g1f3", Full),
            (START, "e2 e4", "e2e4", Full),
            (E4_E5, "Кg1 f3 e5", "g1f3", Full),
            (START, "1. e2-e4 e7-e5 2. Кg1-f3", "e2e4", Full),
            (CASTLE_WHITE, "0-0+", "e1g1", Full),
            (FOOLS_MATE, "2... Фd8-h4#", "d8h4", Full),
            (FOOLS_MATE, "Фd8-h4×", "d8h4", Full),
            (ITALIAN, "Сf1-b5:", "f1b5", Full),
            (ITALIAN, "Сf1-b5 x", "f1b5", Full),
        ],
        ONLY_FULL,
    );
}

#[test]
fn no_move_is_empty_r2_3_9_and_any_move_is_refused_r2_3_5() {
    check_refusals(
        &[
            (START, "", NotationError::Empty),
            (START, "   ", NotationError::Empty),
            (START, "12.", NotationError::Empty),
            (START, "будь-який хід", NotationError::AnyMove),
            (START, "Будь який хід", NotationError::AnyMove),
            (START, "any move", NotationError::AnyMove),
            (START, "Any legal move", NotationError::AnyMove),
            (START, "12. будь-який", NotationError::AnyMove),
            (START, "hello", NotationError::Unreadable),
            (START, "z9", NotationError::Unreadable),
            (START, "e9", NotationError::Unreadable),
            (START, "e2-e9", NotationError::Unreadable),
            (START, "Жg1-f3", NotationError::Unreadable),
            (CASTLE_WHITE, "0-0-0-0", NotationError::Unreadable),
            (START, "e2-e4-e5", NotationError::Unreadable),
            (START, "9163", NotationError::Unreadable),
            (START, "+", NotationError::Unreadable),
        ],
        ALL,
    );
}

/// R2.3.2: a text readable only in a notation the event does not allow.
#[test]
fn notations_not_allowed_are_named_r2_3_2() {
    let not_allowed = |notation| NotationError::NotationNotAllowed { notation };
    check_refusals(
        &[
            (START, "Nf3", not_allowed(San)),
            (START, "Кf3", not_allowed(Short)),
            (START, "e4", not_allowed(Short)),
            (START, "Ng1-f3", not_allowed(Lan)),
            (START, "g1f3", not_allowed(Uci)),
            (START, "7163", not_allowed(Iccf)),
            (EP_D6, "exd6", not_allowed(San)),
            (PROMO_WHITE, "a8=Q", not_allowed(San)),
            (START, "Nf6", not_allowed(San)),
        ],
        ONLY_FULL,
    );
    check_refusals(
        &[
            (START, "Кf3", not_allowed(Short)),
            (START, "7163", not_allowed(Iccf)),
        ],
        &[San, Lan],
    );
    check_reads(
        &[
            (START, "e4", "e2e4", San),
            (START, "Nf3", "g1f3", San),
            (START, "Кg1-f3", "g1f3", Full),
            (START, "e2e4", "e2e4", Full),
            (START, "e2-e4", "e2e4", Full),
            (CASTLE_WHITE, "O-O", "e1g1", San),
            (CASTLE_WHITE, "0-0", "e1g1", Full),
        ],
        &[San],
    );
}

/// Never a guess: every fitting move is named.
#[test]
#[rustfmt::skip]
fn ambiguous_moves_list_the_candidates() {
    let moves = |fen: &str, list: &[&str]| {
        let pos = position(fen);
        NotationError::Ambiguous {
            candidates: list.iter().map(|text| legal(&pos, text)).collect(),
        }
    };
    check_refusals(
        &[
            (TWO_KNIGHTS, "Кd2", moves(TWO_KNIGHTS, &["b1d2", "f3d2"])),
            (TWO_KNIGHTS, "Nd2", moves(TWO_KNIGHTS, &["b1d2", "f3d2"])),
            (TWO_ROOKS, "Тd1", moves(TWO_ROOKS, &["a1d1", "f1d1"])),
            (TWO_ROOKS, "Rd1", moves(TWO_ROOKS, &["a1d1", "f1d1"])),
            (ROOKS_ON_FILE, "Тa3", moves(ROOKS_ON_FILE, &["a1a3", "a5a3"])),
            (ROOKS_ON_FILE, "Tаa3", moves(ROOKS_ON_FILE, &["a1a3", "a5a3"])),
            (THREE_QUEENS, "Фd4", moves(THREE_QUEENS, &["a1d4", "a4d4", "h4d4"])),
            (THREE_QUEENS, "Фad4", moves(THREE_QUEENS, &["a1d4", "a4d4"])),
            (THREE_QUEENS, "Q4d4", moves(THREE_QUEENS, &["a4d4", "h4d4"])),
            (PAWN_OR_BISHOP, "сd4", moves(PAWN_OR_BISHOP, &["c3d4", "e3d4"])),
        ],
        ALL,
    );
    check_reads(
        &[
            (TWO_KNIGHTS, "Кbd2", "b1d2", Short),
            (TWO_KNIGHTS, "Nfd2", "f3d2", San),
            (TWO_KNIGHTS, "Кf3-d2", "f3d2", Full),
            (TWO_ROOKS, "Тfd1", "f1d1", Short),
            (TWO_ROOKS, "Rad1", "a1d1", San),
            (ROOKS_ON_FILE, "Т1a3", "a1a3", Short),
            (ROOKS_ON_FILE, "R5a3", "a5a3", San),
            (THREE_QUEENS, "Фa4d4", "a4d4", Full),
            (THREE_QUEENS, "Qa4d4", "a4d4", Lan),
            (THREE_QUEENS, "Ф1d4", "a1d4", Short),
            (THREE_QUEENS, "Qhd4", "h4d4", San),
            (THREE_QUEENS, "Фa4-d4", "a4d4", Full),
        ],
        ALL,
    );
}

fn wrong(square: shakmaty::Square, written: Role, found: Role) -> NotationError {
    NotationError::WrongPiece {
        square,
        written,
        found,
    }
}

fn own(square: shakmaty::Square, role: Role) -> NotationError {
    NotationError::OwnPieceOnTarget { square, role }
}

fn cannot(role: Role, from: shakmaty::Square, to: shakmaty::Square) -> NotationError {
    NotationError::CannotMoveThatWay { role, from, to }
}

fn blocked(
    from: shakmaty::Square,
    to: shakmaty::Square,
    blocker: shakmaty::Square,
) -> NotationError {
    NotationError::PathBlocked { from, to, blocker }
}

fn no_right(side: CastlingSide, cause: CastlingRightLost) -> NotationError {
    NotationError::CastlingNoRight { side, cause }
}

/// R2.3.1, R2.3.10: an impossible move says why, most helpful reason first.
#[test]
#[rustfmt::skip]
fn impossible_moves_say_why() {
    use NotationError as E;
    use Role::{Bishop, King, Knight, Pawn, Rook};
    check_refusals(
        &[
            (START, "e3-e4", E::NoPiece { square: E3 }),
            (START, "Кc3-d5", E::NoPiece { square: C3 }),
            (START, "e3e4", E::NoPiece { square: E3 }),
            (START, "5354", E::NoPiece { square: E3 }),
            (START, "e7-e5", E::OpponentPiece { square: E7, role: Pawn }),
            (START, "Кb8-c6", E::OpponentPiece { square: B8, role: Knight }),
            (START, "Кe2-e4", wrong(E2, Knight, Pawn)),
            (START, "Сg1-f3", wrong(G1, Bishop, Knight)),
            (START, "g1-f3", wrong(G1, Pawn, Knight)),
            (START, "Ng1-e2", own(E2, Pawn)),
            (START, "Тa1-a2", own(A2, Pawn)),
            (START, "Крe2", own(E2, Pawn)),
            (START, "Кg1-g3", cannot(Knight, G1, G3)),
            (START, "e2-e5", cannot(Pawn, E2, E5)),
            (E4_E5, "e4-e3", cannot(Pawn, E4, E3)),
            (E4_E5, "Сc1-c3", cannot(Bishop, C1, C3)),
            (E4_E5, "Крe1-e3", cannot(King, E1, E3)),
            (E4_E5, "Тh1-g3", cannot(Rook, H1, G3)),
            (START, "Сf1-c4", blocked(F1, C4, E2)),
            (START, "Тa1-a5", blocked(A1, A5, A2)),
            (START, "Фd1-h5", blocked(D1, H5, E2)),
            (E4_E5, "Фd1-d5", blocked(D1, D5, D2)),
            (BLOCKED_E, "e2-e4", blocked(E2, E4, E3)),
            (BLOCKED_E, "e2-e3", blocked(E2, E3, E3)),
            (BLOCKED_E, "e4", blocked(E2, E4, E3)),
            (E4_E5, "e4:e5", blocked(E4, E5, E5)),
            (START, "Тa5", blocked(A1, A5, A2)),
            (START, "Сc4", blocked(F1, C4, E2)),
            (START, "Фh5", blocked(D1, H5, E2)),
            (START, "Ф:d7", blocked(D1, D7, D2)),
            (START, "e2:d3", E::PawnNothingToCapture { from: E2, to: D3 }),
            (EP_F6, "e5:d6", E::PawnNothingToCapture { from: E5, to: D6 }),
            (EP_F6, "exd6", E::PawnNothingToCapture { from: E5, to: D6 }),
            (ROOK_D2, "Крe1-e2", E::MovesIntoCheck { from: E1, to: E2 }),
            (ROOK_D2, "Крe1-d1", E::MovesIntoCheck { from: E1, to: D1 }),
            (ROOK_D2, "Kf2", E::MovesIntoCheck { from: E1, to: F2 }),
            (CHECK_H1, "Тa1-a2", E::DoesNotParryCheck { from: A1, to: A2 }),
            (CHECK_H1, "Ta5", E::DoesNotParryCheck { from: A1, to: A5 }),
            (PINNED_E2, "Кe2-c3", E::Pinned { square: E2 }),
            (PINNED_E2, "Кc3", E::Pinned { square: E2 }),
            (EP_PINNED, "e5:d6", E::Pinned { square: E5 }),
            (START, "Кe4", E::NoPieceCanReach { role: Knight, to: E4 }),
            (START, "Nf6", E::NoPieceCanReach { role: Knight, to: F6 }),
            (START, "e5", E::NoPieceCanReach { role: Pawn, to: E5 }),
            (ITALIAN, "Сd7", E::NoPieceCanReach { role: Bishop, to: D7 }),
        ],
        ALL,
    );
}

/// Castling both ways, and every reason it may be impossible (R2.3.1).
#[test]
#[rustfmt::skip]
fn castling_refusals_say_why() {
    use CastlingRightLost::{KingMoved, RookMovedOrMissing};
    use CastlingSide::{KingSide, QueenSide};
    use NotationError as E;
    check_refusals(
        &[
            (NO_RIGHTS, "0-0", no_right(KingSide, KingMoved)),
            (NO_RIGHTS, "0-0-0", no_right(QueenSide, KingMoved)),
            (NO_RIGHTS, "Крe1-g1", no_right(KingSide, KingMoved)),
            (QUEEN_SIDE_ONLY, "0-0", no_right(KingSide, RookMovedOrMissing)),
            (QUEEN_SIDE_ONLY, "e1g1", no_right(KingSide, RookMovedOrMissing)),
            (PATH_OCCUPIED, "0-0", E::CastlingPathOccupied { side: KingSide, square: G1 }),
            (PATH_OCCUPIED, "0-0-0", E::CastlingPathOccupied { side: QueenSide, square: D1 }),
            (START, "O-O", E::CastlingPathOccupied { side: KingSide, square: F1 }),
            (CASTLE_IN_CHECK, "0-0", E::CastlingInCheck { side: KingSide }),
            (CASTLE_IN_CHECK, "0-0-0", E::CastlingInCheck { side: QueenSide }),
            (THROUGH_F1, "0-0", E::CastlingThroughCheck { side: KingSide, square: F1 }),
            (INTO_G1, "0-0", E::CastlingIntoCheck { side: KingSide, square: G1 }),
            (INTO_G1, "5171", E::CastlingIntoCheck { side: KingSide, square: G1 }),
            (INTO_C1, "0-0-0", E::CastlingIntoCheck { side: QueenSide, square: C1 }),
            (BLACK_INTO_G8, "0-0", E::CastlingIntoCheck { side: KingSide, square: G8 }),
        ],
        ALL,
    );
    check_reads(
        &[
            (THROUGH_F1, "0-0-0", "e1c1", Full),
            (INTO_G1, "0-0-0", "e1c1", Full),
            (B1_ATTACKED, "0-0-0", "e1c1", Full),
            (BLACK_INTO_G8, "0-0-0", "e8c8", Full),
        ],
        ALL,
    );
}

#[test]
fn promotion_refusals_say_why() {
    use NotationError as E;
    check_refusals(
        &[
            (
                PROMO_WHITE,
                "a7-a8",
                E::PromotionMissing { from: A7, to: A8 },
            ),
            (PROMO_WHITE, "a8", E::PromotionMissing { from: A7, to: A8 }),
            (
                PROMO_WHITE,
                "a7a8",
                E::PromotionMissing { from: A7, to: A8 },
            ),
            (
                PROMO_WHITE,
                "1718",
                E::PromotionMissing { from: A7, to: A8 },
            ),
            (
                PROMO_WHITE,
                "axb8",
                E::PromotionMissing { from: A7, to: B8 },
            ),
            (
                PROMO_WHITE,
                "a7-a8Кр",
                E::PromotionInvalidPiece {
                    role: Role::King,
                    from: A7,
                    to: A8,
                },
            ),
            (START, "e2-e4Ф", E::PromotionNotPossible { to: E4 }),
            (START, "Кg1-f3Ф", E::PromotionNotPossible { to: F3 }),
            (START, "e4=Q", E::PromotionNotPossible { to: E4 }),
        ],
        ALL,
    );
}

/// A legal move in a position, each notation and the text expected.
type Written = (&'static str, &'static str, Notation, &'static str);

#[test]
fn every_notation_writes_r2_3_2() {
    let rows: &[Written] = &[
        (START, "g1f3", Full, "Кg1-f3"),
        (START, "g1f3", Short, "Кf3"),
        (START, "g1f3", San, "Nf3"),
        (START, "g1f3", Lan, "Ng1-f3"),
        (START, "g1f3", Uci, "g1f3"),
        (START, "g1f3", Iccf, "7163"),
        (START, "e2e4", Full, "e2-e4"),
        (START, "e2e4", Short, "e4"),
        (START, "e2e4", Iccf, "5254"),
        (ITALIAN, "f1b5", Full, "Сf1:b5"),
        (ITALIAN, "f1b5", Short, "С:b5"),
        (ITALIAN, "f1b5", San, "Bxb5"),
        (ITALIAN, "f1b5", Lan, "Bf1xb5"),
        (ITALIAN, "e1e2", Full, "Крe1-e2"),
        (ITALIAN, "e1e2", Short, "Крe2"),
        (OPEN_D, "d1d7", Full, "Фd1:d7"),
        (CASTLE_WHITE, "e1g1", Full, "0-0"),
        (CASTLE_WHITE, "e1c1", Full, "0-0-0"),
        (CASTLE_WHITE, "e1g1", San, "O-O"),
        (CASTLE_WHITE, "e1c1", Lan, "O-O-O"),
        (CASTLE_WHITE, "e1g1", Uci, "e1g1"),
        (CASTLE_WHITE, "e1g1", Iccf, "5171"),
        (CASTLE_BLACK, "e8c8", Iccf, "5838"),
        (CASTLE_BLACK, "e8c8", Short, "0-0-0"),
        (PROMO_WHITE, "a7a8q", Full, "a7-a8Ф"),
        (PROMO_WHITE, "a7b8n", Full, "a7:b8К"),
        (PROMO_WHITE, "a7a8q", Short, "a8Ф"),
        (PROMO_WHITE, "a7b8r", Short, "a:b8Т"),
        (PROMO_WHITE, "a7a8q", San, "a8=Q"),
        (PROMO_WHITE, "a7a8q", Lan, "a7-a8=Q"),
        (PROMO_WHITE, "c7b8b", Lan, "c7xb8=B"),
        (PROMO_WHITE, "a7a8q", Uci, "a7a8q"),
        (PROMO_WHITE, "a7a8q", Iccf, "17181"),
        (PROMO_WHITE, "c7c8n", Iccf, "37384"),
        (PROMO_BLACK, "a2b1r", Iccf, "12212"),
        (EP_D6, "e5d6", Full, "e5:d6"),
        (EP_D6, "e5d6", Short, "e:d6"),
        (EP_D6, "e5d6", San, "exd6"),
        (EP_D6, "e5d6", Lan, "e5xd6"),
        (TWO_KNIGHTS, "b1d2", Short, "Кbd2"),
        (TWO_KNIGHTS, "b1d2", San, "Nbd2"),
        (ROOKS_ON_FILE, "a1a3", Short, "Т1a3"),
        (THREE_QUEENS, "a4d4", Short, "Фa4d4"),
        (THREE_QUEENS, "a4d4", San, "Qa4d4"),
    ];
    let mut failures = Vec::new();
    for &(fen, mv, notation, want) in rows {
        let pos = position(fen);
        let got = write(&pos, &legal(&pos, mv), notation);
        if got != want {
            failures.push(format!(
                "{mv} {notation:?} in {fen}: got {got:?}, want {want:?}"
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn check_and_mate_signs_are_written_for_scoresheets() {
    let pos = position(FOOLS_MATE);
    let mate = legal(&pos, "d8h4");
    assert_eq!(write_with_check(&pos, &mate, Full), "Фd8-h4#");
    assert_eq!(write_with_check(&pos, &mate, San), "Qh4#");
    assert_eq!(write_with_check(&pos, &mate, Uci), "d8h4");
    let pos = position(OPEN_D);
    let check = legal(&pos, "d1d7");
    assert_eq!(write_with_check(&pos, &check, Full), "Фd1:d7+");
    assert_eq!(write_with_check(&pos, &legal(&pos, "g1f3"), Short), "Кf3");
}

#[test]
fn error_codes_are_stable_snake_case() {
    assert_eq!(NotationError::Empty.code(), "empty");
    assert_eq!(NotationError::AnyMove.code(), "any_move");
    assert_eq!(
        NotationError::PathBlocked {
            from: F1,
            to: C4,
            blocker: E2
        }
        .code(),
        "path_blocked"
    );
    assert_eq!(
        NotationError::PathBlocked {
            from: F1,
            to: C4,
            blocker: E2
        }
        .to_string(),
        "the way from f1 to c4 is blocked on e2"
    );
    assert_eq!(
        NotationError::NotationNotAllowed { notation: San }.code(),
        "notation_not_allowed"
    );
    assert_eq!(
        NotationError::NotationNotAllowed { notation: Iccf }.to_string(),
        "ICCF numeric notation is not allowed in this event"
    );
    assert_eq!(
        NotationError::CastlingThroughCheck {
            side: CastlingSide::KingSide,
            square: F1
        }
        .code(),
        "castling_through_check"
    );
}
