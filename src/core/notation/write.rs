//! Writing a legal move in each notation (R2.3.2).

use std::fmt::Write as _;

use shakmaty::san::San;
use shakmaty::{CastlingMode, CastlingSide, Chess, Move, Role, Square};

use super::ukrainian_letter;

fn castling(side: CastlingSide, zero: bool) -> &'static str {
    match (side, zero) {
        (CastlingSide::KingSide, true) => "0-0",
        (CastlingSide::QueenSide, true) => "0-0-0",
        (CastlingSide::KingSide, false) => "O-O",
        (CastlingSide::QueenSide, false) => "O-O-O",
    }
}

fn english_letter(role: Role) -> &'static str {
    match role {
        Role::King => "K",
        Role::Queen => "Q",
        Role::Rook => "R",
        Role::Bishop => "B",
        Role::Knight => "N",
        Role::Pawn => "",
    }
}

/// Ukrainian full algebraic (R2.3.2): `e2-e4`, `Кg1-f3`, `Сf1:b5`, `0-0`,
/// `e7-e8Ф`, `e5:d6` (en passant).
pub(super) fn ukrainian_full(mv: &Move) -> String {
    long(mv, ukrainian_letter, ':', "", true)
}

/// English long algebraic: `Ng1-f3`, `Bf1xb5`, `e7-e8=Q`, `O-O`.
pub(super) fn long_algebraic(mv: &Move) -> String {
    long(mv, english_letter, 'x', "=", false)
}

fn long(
    mv: &Move,
    letter: fn(Role) -> &'static str,
    capture: char,
    promotion_mark: &str,
    zero: bool,
) -> String {
    if let Some(side) = mv.castling_side() {
        return castling(side, zero).to_owned();
    }
    let mut text = String::with_capacity(10);
    text.push_str(letter(mv.role()));
    if let Some(from) = mv.from() {
        let _ = write!(text, "{from}");
    }
    text.push(if mv.is_capture() { capture } else { '-' });
    let _ = write!(text, "{}", mv.to());
    if let Some(role) = mv.promotion() {
        text.push_str(promotion_mark);
        text.push_str(letter(role));
    }
    text
}

/// Ukrainian short algebraic: `Кf3`, `Кbd2`, `e:d5`, `e8Ф`, `0-0`.
pub(super) fn ukrainian_short(pos: &Chess, mv: &Move) -> String {
    match San::from_move(pos, *mv) {
        San::Normal {
            role,
            file,
            rank,
            capture,
            to,
            promotion,
        } => {
            let mut text = String::with_capacity(8);
            text.push_str(ukrainian_letter(role));
            if let Some(file) = file {
                text.push(file.char());
            }
            if let Some(rank) = rank {
                text.push(rank.char());
            }
            if capture {
                text.push(':');
            }
            let _ = write!(text, "{to}");
            if let Some(role) = promotion {
                text.push_str(ukrainian_letter(role));
            }
            text
        }
        San::Castle(side) => castling(side, true).to_owned(),
        San::Put { .. } | San::Null => String::new(),
    }
}

/// English SAN: `Nf3`, `exd5`, `e8=Q`, `O-O`.
pub(super) fn san(pos: &Chess, mv: &Move) -> String {
    San::from_move(pos, *mv).to_string()
}

/// UCI: `g1f3`, `e7e8q`, castling as the king's move `e1g1`.
pub(super) fn uci(mv: &Move) -> String {
    mv.to_uci(CastlingMode::Standard).to_string()
}

fn iccf_square(text: &mut String, square: Square) {
    let _ = write!(
        text,
        "{}{}",
        square.file().to_u32() + 1,
        square.rank().to_u32() + 1
    );
}

/// ICCF numeric: `7163`, promotion as a fifth digit 1=Q 2=R 3=B 4=N
/// (`57581`), castling as the king's move (`5171`).
pub(super) fn iccf(mv: &Move) -> String {
    let mut text = String::with_capacity(5);
    let (from, to) = match *mv {
        Move::Castle { king, rook } => {
            let side = CastlingSide::from_king_side(king < rook);
            (king, super::resolve::castling_king_target(king, side))
        }
        Move::Put { to, .. } => (to, to),
        _ => (mv.from().unwrap_or(mv.to()), mv.to()),
    };
    iccf_square(&mut text, from);
    iccf_square(&mut text, to);
    if let Some(role) = mv.promotion() {
        text.push(match role {
            Role::Queen => '1',
            Role::Rook => '2',
            Role::Bishop => '3',
            _ => '4',
        });
    }
    text
}
