//! Normalisation: strips move numbers, recognises "any move", and turns each
//! character into the symbols it may stand for, look-alikes included
//! (R2.3.4: signs and remarks around the move are ignored).

use shakmaty::{File, Role};

/// The language a piece letter belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) enum PieceLetters {
    /// Кр Ф Т С К.
    Ukrainian,
    /// K Q R B N.
    English,
}

/// How a capture was marked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) enum CaptureMark {
    /// `:` — the Ukrainian sign.
    Colon,
    /// `x` — the English sign.
    Cross,
}

/// One symbol of a move text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) enum Sym {
    /// A file letter a–h.
    File(File),
    /// A digit 0–9.
    Digit(u8),
    /// A piece letter.
    Piece(Role, PieceLetters),
    /// A capture sign.
    Capture(CaptureMark),
    /// A hyphen or dash between squares or in castling.
    Dash,
    /// `=` or `/` before a promotion piece.
    Equals,
    /// A letter O (Latin or Cyrillic) as in `O-O`.
    LetterO,
    /// White space.
    Space,
    /// `+ # ! ?` and their relatives (R2.3.4).
    Annotation,
    /// Anything else.
    Other(char),
}

/// One reading of a character: the symbol and whether it needs look-alike
/// tolerance (a Latin `K` read as the Cyrillic knight `К`, say).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Alt {
    /// The symbol.
    pub sym: Sym,
    /// True when the reading relies on a look-alike or a case change.
    pub lookalike: bool,
}

/// The one or two readings of a character.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Alts {
    items: [Alt; 2],
    len: usize,
}

impl Alts {
    fn one(first: Alt) -> Alts {
        Alts {
            items: [first, first],
            len: 1,
        }
    }

    fn two(first: Alt, second: Alt) -> Alts {
        Alts {
            items: [first, second],
            len: 2,
        }
    }

    /// The readings, the preferred one first.
    pub fn as_slice(&self) -> &[Alt] {
        &self.items[..self.len]
    }
}

/// What the text is before any notation is tried.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Prepared<'a> {
    /// No move at all (R2.3.9).
    Empty,
    /// "Any move" (R2.3.5).
    AnyMove,
    /// The text from the move on, move number removed.
    Body(&'a str),
}

/// At most this many characters are lexed: a move is short and the rest is
/// a remark (R2.3.4).
const MAX_CHARS: usize = 40;
/// At most this many combinations of look-alike readings are tried.
const MAX_COMBINATIONS: usize = 32;

const ANY_MOVE_PREFIXES: [&str; 6] = ["any", "будь", "люб", "довільн", "всякий", "якийсь"];

/// Strips spaces and a move number (`12.`, `12...`, `12…`) and recognises
/// empty messages and "any move" (R2.3.5, R2.3.9).
pub(super) fn prepare(text: &str) -> Prepared<'_> {
    let body = strip_move_number(text.trim_start()).trim();
    if body.is_empty() {
        return Prepared::Empty;
    }
    let lower = body.to_lowercase();
    if ANY_MOVE_PREFIXES.iter().any(|p| lower.starts_with(p)) {
        return Prepared::AnyMove;
    }
    Prepared::Body(body)
}

fn strip_move_number(text: &str) -> &str {
    let digits = text.len() - text.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    if digits == 0 {
        return text;
    }
    let after = text[digits..].trim_start();
    let dots = after.trim_start_matches(['.', '…']);
    if dots.len() == after.len() {
        return text;
    }
    dots.trim_start()
}

/// Lexes the body into the possible readings of each symbol.
pub(super) fn lex(body: &str) -> Vec<Alts> {
    let chars: Vec<char> = body.chars().take(MAX_CHARS).collect();
    let mut out: Vec<Alts> = Vec::with_capacity(chars.len());
    let mut index = 0;
    while index < chars.len() {
        let c = chars[index];
        let next = chars.get(index + 1).copied();
        if is_k(c) && next.is_some_and(is_r) {
            // Кр, Kp, КР…: the king, Cyrillic or look-alike.
            out.push(Alts::one(alt(
                Sym::Piece(Role::King, PieceLetters::Ukrainian),
                c != 'К',
            )));
            index += 2;
            continue;
        }
        if c.is_whitespace() {
            if out
                .last()
                .is_none_or(|last| last.items[0].sym != Sym::Space)
            {
                out.push(Alts::one(alt(Sym::Space, false)));
            }
        } else {
            out.push(readings(c));
        }
        index += 1;
    }
    out
}

/// Whether the body has a Latin capital `K` standing alone as a piece
/// letter (not the `Kp` look-alike of `Кр`): the English king, or the
/// Cyrillic knight `К` typed on a Latin keyboard.
pub(super) fn has_latin_k(body: &str) -> bool {
    let chars: Vec<char> = body.chars().take(MAX_CHARS).collect();
    chars
        .iter()
        .enumerate()
        .any(|(index, &c)| c == 'K' && !chars.get(index + 1).copied().is_some_and(is_r))
}

fn is_k(c: char) -> bool {
    matches!(c, 'К' | 'к' | 'K' | 'k')
}

fn is_r(c: char) -> bool {
    matches!(c, 'р' | 'Р' | 'p' | 'P')
}

fn alt(sym: Sym, lookalike: bool) -> Alt {
    Alt { sym, lookalike }
}

fn file(index: u32, lookalike: bool) -> Alt {
    alt(Sym::File(File::new(index)), lookalike)
}

fn piece(role: Role, lang: PieceLetters, lookalike: bool) -> Alt {
    alt(Sym::Piece(role, lang), lookalike)
}

/// The readings of one character. A lowercase Latin `b` is always a file.
fn readings(c: char) -> Alts {
    use PieceLetters::{English, Ukrainian};
    match c {
        'a'..='h' => Alts::one(file(c as u32 - 'a' as u32, false)),
        'A' | 'D' | 'E' | 'F' | 'G' | 'H' => Alts::one(file(c as u32 - 'A' as u32, true)),
        'а' | 'А' => Alts::one(file(0, true)),
        'в' => Alts::one(file(1, true)),
        'е' | 'Е' => Alts::one(file(4, true)),
        'с' => Alts::two(file(2, true), piece(Role::Bishop, Ukrainian, true)),
        'К' => Alts::one(piece(Role::Knight, Ukrainian, false)),
        'к' => Alts::one(piece(Role::Knight, Ukrainian, true)),
        'K' => Alts::two(
            piece(Role::King, English, false),
            piece(Role::Knight, Ukrainian, true),
        ),
        'k' => Alts::two(
            piece(Role::Knight, Ukrainian, true),
            piece(Role::King, English, true),
        ),
        'Ф' => Alts::one(piece(Role::Queen, Ukrainian, false)),
        'ф' => Alts::one(piece(Role::Queen, Ukrainian, true)),
        'Т' => Alts::one(piece(Role::Rook, Ukrainian, false)),
        'т' | 'T' | 't' => Alts::one(piece(Role::Rook, Ukrainian, true)),
        'С' => Alts::one(piece(Role::Bishop, Ukrainian, false)),
        'C' => Alts::one(piece(Role::Bishop, Ukrainian, true)),
        'B' => Alts::two(piece(Role::Bishop, English, false), file(1, true)),
        'В' => Alts::one(piece(Role::Bishop, English, true)),
        'N' | 'n' => Alts::one(piece(Role::Knight, English, false)),
        'R' | 'r' => Alts::one(piece(Role::Rook, English, false)),
        'Q' | 'q' => Alts::one(piece(Role::Queen, English, false)),
        'x' | 'X' | '×' => Alts::one(alt(Sym::Capture(CaptureMark::Cross), false)),
        'х' | 'Х' | ':' => Alts::one(alt(Sym::Capture(CaptureMark::Colon), false)),
        '-' | '–' | '—' | '‒' | '−' | '‑' | '‐' => Alts::one(alt(Sym::Dash, false)),
        '=' | '/' => Alts::one(alt(Sym::Equals, false)),
        'O' | 'o' | 'О' | 'о' => Alts::one(alt(Sym::LetterO, false)),
        '0'..='9' => Alts::one(alt(Sym::Digit(c as u8 - b'0'), false)),
        '+' | '#' | '!' | '?' | '‼' | '⁇' | '⁈' | '⁉' | '†' | '≠' => {
            Alts::one(alt(Sym::Annotation, false))
        }
        _ => Alts::one(alt(Sym::Other(c), false)),
    }
}

/// Every combination of readings (capped), each with whether it relies on a
/// look-alike anywhere.
pub(super) fn combinations(lexed: &[Alts]) -> Vec<(Vec<Sym>, bool)> {
    let mut combos: Vec<(Vec<Sym>, bool)> = vec![(Vec::with_capacity(lexed.len()), false)];
    for alts in lexed {
        let alts = alts.as_slice();
        if alts.len() == 1 || combos.len() * alts.len() > MAX_COMBINATIONS {
            for (syms, lookalike) in &mut combos {
                syms.push(alts[0].sym);
                *lookalike |= alts[0].lookalike;
            }
            continue;
        }
        let mut next = Vec::with_capacity(combos.len() * alts.len());
        for (syms, lookalike) in &combos {
            for a in alts {
                let mut syms = syms.clone();
                syms.push(a.sym);
                next.push((syms, *lookalike || a.lookalike));
            }
        }
        combos = next;
    }
    combos
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_numbers_and_spaces_are_stripped_r2_3_4() {
        assert_eq!(prepare("  12. e4 "), Prepared::Body("e4"));
        assert_eq!(prepare("12...Кg8-f6"), Prepared::Body("Кg8-f6"));
        assert_eq!(prepare("3…e5"), Prepared::Body("e5"));
        assert_eq!(prepare("5254"), Prepared::Body("5254"));
    }

    #[test]
    fn empty_and_any_move_are_recognised_r2_3_5_r2_3_9() {
        assert_eq!(prepare("   "), Prepared::Empty);
        assert_eq!(prepare("7."), Prepared::Empty);
        assert_eq!(prepare("Будь-який хід"), Prepared::AnyMove);
        assert_eq!(prepare("any move"), Prepared::AnyMove);
    }

    #[test]
    fn a_lone_latin_k_is_found_but_not_kp() {
        assert!(has_latin_k("Ke2"));
        assert!(has_latin_k("Kg1-e2"));
        assert!(!has_latin_k("Kpe2"));
        assert!(!has_latin_k("Кe2"));
        assert!(!has_latin_k("ke2"));
    }

    #[test]
    fn latin_kp_reads_as_the_king() {
        let lexed = lex("Kpe1");
        assert_eq!(
            lexed[0].as_slice()[0].sym,
            Sym::Piece(Role::King, PieceLetters::Ukrainian)
        );
        assert!(lexed[0].as_slice()[0].lookalike);
        assert_eq!(lexed.len(), 3);
    }
}
