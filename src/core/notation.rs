//! Move notation: reading a player's text into a legal move and writing any
//! legal move back (R2.3.2, R2.3.4, R2.3.5, R2.3.9).
//!
//! [`parse`] tolerates what a person writes: Latin look-alikes of Cyrillic
//! piece letters (`K` for `К`, `Kp` for `Кр`, `C` for `С`, `T` for `Т`),
//! Cyrillic `а с е` for the files, capture written `:` `x` `х` `×` or not at
//! all, castling with `0` or `O`, any dash or none between squares, a move
//! number in front and signs or remarks after the move (R2.3.4). A lowercase
//! Latin `b` is always a file. A text that fits several moves is never
//! guessed: it is [`NotationError::Ambiguous`]. Readings that need no
//! look-alike win over those that do; a Latin `K` that reads both as the
//! English king and as the Cyrillic knight `К` with a legal move each
//! (`Ke2` after 1.e4 e5) is [`NotationError::KingOrKnight`]: the player is
//! asked which (issue 19).

mod error;
mod grammar;
mod lexer;
mod reason;
mod resolve;
mod signs;
mod write;

use serde::{Deserialize, Serialize};
use shakmaty::{Chess, Move, Position, Role};

pub use error::{CastlingRightLost, NotationError, piece_name};
pub use signs::{SignConflict, contradicted_sign};

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

impl Notation {
    /// Every notation, the federation's default first.
    pub const ALL: [Notation; 6] = [
        Notation::UkrainianFull,
        Notation::UkrainianShort,
        Notation::San,
        Notation::Lan,
        Notation::Uci,
        Notation::Iccf,
    ];
}

impl std::fmt::Display for Notation {
    /// The notation's English name, for logs and English messages.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Notation::UkrainianFull => "Ukrainian full algebraic",
            Notation::UkrainianShort => "Ukrainian short algebraic",
            Notation::San => "English short algebraic (SAN)",
            Notation::Lan => "English long algebraic",
            Notation::Uci => "UCI",
            Notation::Iccf => "ICCF numeric",
        })
    }
}

/// A move read from a player's text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ParsedMove {
    /// The legal move.
    pub mv: Move,
    /// The notation the text was read in (the most natural allowed one).
    pub notation: Notation,
}

/// Writes a legal move of `pos` in `notation` (R2.3.2).
pub fn write(pos: &Chess, mv: &Move, notation: Notation) -> String {
    match notation {
        Notation::UkrainianFull => write::ukrainian_full(mv),
        Notation::UkrainianShort => write::ukrainian_short(pos, mv),
        Notation::San => write::san(pos, mv),
        Notation::Lan => write::long_algebraic(mv),
        Notation::Uci => write::uci(mv),
        Notation::Iccf => write::iccf(mv),
    }
}

/// Writes a legal move like [`write()`] and appends `+` for check or `#` for
/// mate, as on a scoresheet. UCI and ICCF get no sign.
pub fn write_with_check(pos: &Chess, mv: &Move, notation: Notation) -> String {
    let mut text = write(pos, mv, notation);
    if matches!(notation, Notation::Uci | Notation::Iccf) {
        return text;
    }
    let mut after = pos.clone();
    after.play_unchecked(*mv);
    if after.is_checkmate() {
        text.push('#');
    } else if after.is_check() {
        text.push('+');
    }
    text
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

/// Whether `text` is written as a move in some notation, whatever the
/// position: an empty move (a bare move number, R2.3.9) and "any move"
/// (R2.3.5) count, as they get their own answers; chatter («дякую»,
/// "hello") does not.
pub fn reads_as_move(text: &str) -> bool {
    let body = match lexer::prepare(text) {
        lexer::Prepared::Empty | lexer::Prepared::AnyMove => return true,
        lexer::Prepared::Body(body) => body,
    };
    let mut readings = Vec::new();
    for (syms, lookalike) in lexer::combinations(&lexer::lex(body)) {
        grammar::read(&syms, lookalike, &mut readings);
        if !readings.is_empty() {
            return true;
        }
    }
    false
}

/// Reads a player's text as a legal move of `pos`.
///
/// Ukrainian full algebraic is always allowed (R2.3.2); the others only if
/// in `allowed`. An empty text is [`NotationError::Empty`] (R2.3.9), "any
/// move" is [`NotationError::AnyMove`] (R2.3.5); signs, move numbers and
/// remarks are ignored (R2.3.4). A text that reads only in a notation not
/// allowed is [`NotationError::NotationNotAllowed`]; otherwise an impossible
/// move says why.
pub fn parse(pos: &Chess, text: &str, allowed: &[Notation]) -> Result<ParsedMove, NotationError> {
    let body = match lexer::prepare(text) {
        lexer::Prepared::Empty => return Err(NotationError::Empty),
        lexer::Prepared::AnyMove => return Err(NotationError::AnyMove),
        lexer::Prepared::Body(body) => body,
    };
    let mut readings = Vec::new();
    for (syms, lookalike) in lexer::combinations(&lexer::lex(body)) {
        grammar::read(&syms, lookalike, &mut readings);
    }
    if readings.is_empty() {
        return Err(NotationError::Unreadable);
    }
    let legal = pos.legal_moves();
    if lexer::has_latin_k(body)
        && let Some(candidates) = king_or_knight(pos, &legal, &readings)
    {
        return Err(NotationError::KingOrKnight { candidates });
    }
    let is_allowed = |n: &Notation| *n == Notation::UkrainianFull || allowed.contains(n);
    let mut first_error = None;
    // Exact readings first, look-alike ones only if the exact ones fail.
    for lookalike in [false, true] {
        let tier = readings.iter().filter(|r| r.lookalike == lookalike);
        let found = resolve_tier(pos, &legal, tier, &is_allowed, &mut first_error);
        match found.len() {
            0 => {}
            1 => return Ok(found[0]),
            _ => {
                let candidates = found.into_iter().map(|f| f.mv).collect();
                return Err(NotationError::Ambiguous { candidates });
            }
        }
    }
    // Nothing legal in an allowed notation: was it written in another one?
    let elsewhere = readings
        .iter()
        .find(|reading| resolve::resolve(pos, &legal, &reading.pattern).is_ok());
    let not_allowed = |reading: &grammar::Reading| NotationError::NotationNotAllowed {
        notation: reading.notations[0],
    };
    match (elsewhere, first_error) {
        (Some(reading), _) => Err(not_allowed(reading)),
        (None, Some(error)) => Err(error),
        (None, None) => Err(not_allowed(&readings[0])),
    }
}

/// The king's and the knights' legal moves a Latin `K` may mean, when it
/// may mean both: the English king (the exact reading) and the Cyrillic
/// knight `К` typed on a Latin keyboard (the look-alike one). In any
/// notation, so that a king's move is never played for a knight's or the
/// other way round.
fn king_or_knight(
    pos: &Chess,
    legal: &shakmaty::MoveList,
    readings: &[grammar::Reading],
) -> Option<Vec<Move>> {
    let every = |_: &Notation| true;
    let mut ignored = None;
    let mut tier = |lookalike: bool, role: Role| -> Vec<Move> {
        let tier = readings.iter().filter(|r| r.lookalike == lookalike);
        resolve_tier(pos, legal, tier, &every, &mut ignored)
            .into_iter()
            .map(|found| found.mv)
            .filter(|mv| mv.role() == role)
            .collect()
    };
    let kings = tier(false, Role::King);
    let knights = tier(true, Role::Knight);
    if kings.is_empty() || knights.is_empty() {
        return None;
    }
    Some(kings.into_iter().chain(knights).collect())
}

/// The distinct legal moves that the allowed readings of one tier give,
/// each with the notation of the first reading that gave it; keeps the
/// first error met.
fn resolve_tier<'a>(
    pos: &Chess,
    legal: &shakmaty::MoveList,
    tier: impl Iterator<Item = &'a grammar::Reading>,
    is_allowed: &dyn Fn(&Notation) -> bool,
    first_error: &mut Option<NotationError>,
) -> Vec<ParsedMove> {
    let mut found: Vec<ParsedMove> = Vec::new();
    for reading in tier {
        let Some(&notation) = reading.notations.iter().find(|n| is_allowed(n)) else {
            continue;
        };
        match resolve::resolve(pos, legal, &reading.pattern) {
            Ok(moves) => {
                for mv in moves {
                    if found.iter().all(|f| f.mv != mv) {
                        found.push(ParsedMove { mv, notation });
                    }
                }
            }
            Err(error) => {
                first_error.get_or_insert(error);
            }
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::reads_as_move;

    #[test]
    fn moves_in_every_notation_read_as_moves() {
        let moves = [
            "e2-e4",
            "Кg1-f3",
            "Сf1:b5",
            "0-0",
            "O-O-O",
            "e4",
            "Nf3",
            "g1f3",
            "5254",
            "Фd8-h4 мат",
            "e5:f6 на проході",
            "Кf3!?",
            "12.",
            "будь-який хід",
        ];
        for text in moves {
            assert!(reads_as_move(text), "{text}");
        }
    }

    #[test]
    fn chatter_does_not_read_as_a_move() {
        let chatter = [
            "hello",
            "дякую",
            "привіт, як справи?",
            "ok",
            "thanks for the game",
            "коли наступний тур?",
        ];
        for text in chatter {
            assert!(!reads_as_move(text), "{text}");
        }
    }
}
