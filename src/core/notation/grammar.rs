//! The shapes a move text may take — castling, ICCF digits, coordinates
//! (full/long algebraic, UCI) and short forms (SAN, Ukrainian short) — read
//! from one sequence of symbols into patterns to match against legal moves.

use shakmaty::{CastlingSide, File, Rank, Role, Square};

use super::Notation;
use super::lexer::{CaptureMark, PieceLetters, Sym};

/// What a text asks for, before the position is consulted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) enum Pattern {
    /// Castling on a side.
    Castle(CastlingSide),
    /// A move described by what is known of it.
    Move(MovePattern),
}

/// A move with the parts the text gives.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) struct MovePattern {
    /// The moving piece; `None` for notations that do not say (UCI, ICCF).
    pub role: Option<Role>,
    /// The starting file, if written.
    pub from_file: Option<File>,
    /// The starting rank, if written.
    pub from_rank: Option<Rank>,
    /// The destination.
    pub to: Square,
    /// The piece a pawn becomes, if written.
    pub promotion: Option<Role>,
}

impl MovePattern {
    /// The starting square when both file and rank are written.
    pub fn from(&self) -> Option<Square> {
        Some(Square::from_coords(self.from_file?, self.from_rank?))
    }
}

/// One way to read a text: the pattern and the notations that read it this
/// way, most natural first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Reading {
    /// What the text asks for.
    pub pattern: Pattern,
    /// The notations that read it so, most natural first.
    pub notations: &'static [Notation],
    /// True when the reading relies on look-alike letters.
    pub lookalike: bool,
}

use Notation::{Iccf, Lan, San, Uci, UkrainianFull, UkrainianShort};

const CASTLE_ZERO: &[Notation] = &[UkrainianFull, UkrainianShort, San, Lan];
const CASTLE_LETTER: &[Notation] = &[San, Lan, UkrainianFull, UkrainianShort];
const FULL_UK: &[Notation] = &[UkrainianFull, Lan];
const FULL_EN: &[Notation] = &[Lan, UkrainianFull];
const SHORT_UK: &[Notation] = &[UkrainianShort, San];
const SHORT_EN: &[Notation] = &[San, UkrainianShort];

/// Every reading of one symbol sequence, coordinates before short forms.
pub(super) fn read(syms: &[Sym], lookalike: bool, out: &mut Vec<Reading>) {
    let mut push = |pattern: Pattern, notations: &'static [Notation]| {
        let reading = Reading {
            pattern,
            notations,
            lookalike,
        };
        if !out.contains(&reading) {
            out.push(reading);
        }
    };
    if let Some((side, zero)) = castle(syms) {
        push(
            Pattern::Castle(side),
            if zero { CASTLE_ZERO } else { CASTLE_LETTER },
        );
        return;
    }
    if let Some(pattern) = iccf(syms) {
        push(Pattern::Move(pattern), &[Iccf]);
        return;
    }
    for (pattern, notations) in coordinates(syms).into_iter().chain(short(syms)) {
        push(Pattern::Move(pattern), notations);
    }
}

/// True when what follows the move is nothing, a space, a sign or
/// punctuation, or an `e.p.` mark (R2.3.4). A capture sign standing last
/// (`Фh4×`, the old mate sign, or `Сb5:`) is a sign too.
fn ends_cleanly(rest: &[Sym]) -> bool {
    let mut rest = skip_en_passant_mark(rest);
    if let [Sym::Capture(_), after @ ..] = rest
        && matches!(after.first(), None | Some(Sym::Space | Sym::Annotation))
    {
        rest = after;
    }
    match rest.first() {
        None | Some(Sym::Space | Sym::Annotation) => true,
        Some(Sym::Other(c)) => !c.is_alphanumeric(),
        Some(_) => false,
    }
}

fn skip_en_passant_mark(rest: &[Sym]) -> &[Sym] {
    if rest.first() != Some(&Sym::File(File::E)) {
        return rest;
    }
    let mut index = 1;
    if rest.get(index) == Some(&Sym::Other('.')) {
        index += 1;
    }
    if !matches!(rest.get(index), Some(Sym::Other('p' | 'р' | 'P' | 'Р'))) {
        return rest;
    }
    index += 1;
    if rest.get(index) == Some(&Sym::Other('.')) {
        index += 1;
    }
    &rest[index..]
}

fn castle(syms: &[Sym]) -> Option<(CastlingSide, bool)> {
    let is_o = |s: Option<&Sym>| matches!(s, Some(Sym::Digit(0) | Sym::LetterO));
    let mut index = 0;
    let mut count = 0;
    let mut zero = false;
    while is_o(syms.get(index)) {
        zero |= syms[index] == Sym::Digit(0);
        count += 1;
        index += 1;
        if syms.get(index) == Some(&Sym::Dash) && is_o(syms.get(index + 1)) {
            index += 1;
        }
    }
    if !ends_cleanly(&syms[index..]) {
        return None;
    }
    match count {
        2 => Some((CastlingSide::KingSide, zero)),
        3 => Some((CastlingSide::QueenSide, zero)),
        _ => None,
    }
}

fn digit(syms: &[Sym], index: usize, range: std::ops::RangeInclusive<u8>) -> Option<u8> {
    match syms.get(index) {
        Some(Sym::Digit(d)) if range.contains(d) => Some(*d),
        _ => None,
    }
}

fn iccf_square(file: u8, rank: u8) -> Square {
    Square::from_coords(
        File::new(u32::from(file - 1)),
        Rank::new(u32::from(rank - 1)),
    )
}

/// ICCF numeric: `5254`, promotion as a fifth digit 1=Q 2=R 3=B 4=N.
fn iccf(syms: &[Sym]) -> Option<MovePattern> {
    let d: Vec<u8> = (0..4).map_while(|i| digit(syms, i, 1..=8)).collect();
    if d.len() < 4 {
        return None;
    }
    let promotion = digit(syms, 4, 1..=4).map(|p| match p {
        1 => Role::Queen,
        2 => Role::Rook,
        3 => Role::Bishop,
        _ => Role::Knight,
    });
    let end = if promotion.is_some() { 5 } else { 4 };
    ends_cleanly(&syms[end..]).then(|| MovePattern {
        role: None,
        from_file: Some(File::new(u32::from(d[0] - 1))),
        from_rank: Some(Rank::new(u32::from(d[1] - 1))),
        to: iccf_square(d[2], d[3]),
        promotion,
    })
}

fn square(syms: &[Sym], index: usize) -> Option<Square> {
    match (syms.get(index), digit(syms, index + 1, 1..=8)) {
        (Some(Sym::File(file)), Some(rank)) => {
            Some(Square::from_coords(*file, Rank::new(u32::from(rank - 1))))
        }
        _ => None,
    }
}

fn skip_spaces(syms: &[Sym], mut index: usize) -> usize {
    while syms.get(index) == Some(&Sym::Space) {
        index += 1;
    }
    index
}

/// A separator between squares with the spaces around it; returns the
/// index after it and the capture mark if it was one.
fn separator(syms: &[Sym], index: usize) -> (usize, Option<Option<CaptureMark>>) {
    let at = skip_spaces(syms, index);
    match syms.get(at) {
        Some(Sym::Dash) => (skip_spaces(syms, at + 1), Some(None)),
        Some(Sym::Capture(mark)) => (skip_spaces(syms, at + 1), Some(Some(*mark))),
        _ => (index, None),
    }
}

/// An optional promotion: `Ф`, `=Q`, `/Q`, `(Q)`, UCI `q`/`b`. Returns the
/// index after it, the piece and whether it looks English; `None` if a
/// started promotion is malformed.
fn promotion(syms: &[Sym], index: usize) -> Option<(usize, Option<Role>, bool)> {
    let mut at = index;
    let mut english = false;
    let opened = syms.get(at) == Some(&Sym::Other('('));
    if syms.get(at) == Some(&Sym::Equals) || opened {
        english = !opened;
        at += 1;
    }
    let role = match syms.get(at) {
        Some(Sym::Piece(role, lang)) => {
            english |= *lang == PieceLetters::English;
            *role
        }
        Some(Sym::File(File::B)) => {
            english = true;
            Role::Bishop
        }
        _ if at == index => return Some((index, None, false)),
        _ => return None,
    };
    at += 1;
    if opened {
        (syms.get(at) == Some(&Sym::Other(')'))).then_some(())?;
        at += 1;
    }
    Some((at, Some(role), english))
}

fn piece_prefix(syms: &[Sym]) -> (usize, Option<(Role, PieceLetters)>) {
    match syms.first() {
        Some(Sym::Piece(role, lang)) => (skip_spaces(syms, 1), Some((*role, *lang))),
        _ => (0, None),
    }
}

type Found = (MovePattern, &'static [Notation]);

/// Full and long algebraic and UCI: `Кg1-f3`, `Ng1xf3`, `e7-e8Ф`, `g1f3`.
fn coordinates(syms: &[Sym]) -> Vec<Found> {
    let (start, piece) = piece_prefix(syms);
    let Some(from) = square(syms, start) else {
        return Vec::new();
    };
    let (mut at, mut mark) = separator(syms, start + 2);
    if mark.is_none() && syms.get(start + 2) == Some(&Sym::Space) {
        // `Кg1 f3`: a space alone between the squares acts as a dash. It
        // never clashes with a short move and a remark (`e4 e5`): the first
        // square cannot be both the piece's own square and its destination.
        (at, mark) = (start + 3, Some(None));
    }
    let Some(to) = square(syms, at) else {
        return Vec::new();
    };
    let Some((end, promotion, english_promotion)) = self::promotion(syms, at + 2) else {
        return Vec::new();
    };
    if !ends_cleanly(&syms[end..]) {
        return Vec::new();
    }
    let pattern = |role| MovePattern {
        role,
        from_file: Some(from.file()),
        from_rank: Some(from.rank()),
        to,
        promotion,
    };
    match (piece, mark) {
        (Some((role, PieceLetters::Ukrainian)), _) => vec![(pattern(Some(role)), &[UkrainianFull])],
        (Some((role, PieceLetters::English)), _) => vec![(pattern(Some(role)), &[Lan])],
        (None, None) => vec![
            (pattern(None), &[Uci]),
            (pattern(Some(Role::Pawn)), FULL_UK),
        ],
        (None, Some(mark)) => {
            let english = english_promotion || mark == Some(CaptureMark::Cross);
            vec![(
                pattern(Some(Role::Pawn)),
                if english { FULL_EN } else { FULL_UK },
            )]
        }
    }
}

/// Disambiguation before the destination: a square, a file or a rank.
fn disambiguation(syms: &[Sym], index: usize) -> (usize, Option<File>, Option<Rank>) {
    if let Some(from) = square(syms, index) {
        let (at, _) = separator(syms, index + 2);
        if square(syms, at).is_some() {
            return (index + 2, Some(from.file()), Some(from.rank()));
        }
    }
    match (syms.get(index), syms.get(index + 1)) {
        (Some(Sym::File(file)), Some(Sym::File(_) | Sym::Capture(_))) => {
            (index + 1, Some(*file), None)
        }
        (Some(Sym::Digit(d)), _) if (1..=8).contains(d) => {
            (index + 1, None, Some(Rank::new(u32::from(d - 1))))
        }
        _ => (index, None, None),
    }
}

/// Short forms: `Кf3`, `Nbd2`, `e:d5`, `exd5`, `e8Ф`, `e8=Q`.
fn short(syms: &[Sym]) -> Option<Found> {
    let (start, piece) = piece_prefix(syms);
    let (at, from_file, from_rank) = disambiguation(syms, start);
    let (at, mark) = separator(syms, at);
    if mark == Some(None) {
        return None; // a dash belongs to the coordinate forms
    }
    let to = square(syms, at)?;
    let (end, promotion, english_promotion) = self::promotion(syms, at + 2)?;
    if !ends_cleanly(&syms[end..]) {
        return None;
    }
    let (role, notations) = match piece {
        Some((role, PieceLetters::Ukrainian)) => (role, &[UkrainianShort][..]),
        Some((role, PieceLetters::English)) => (role, &[San][..]),
        None => {
            let english = english_promotion || mark == Some(Some(CaptureMark::Cross));
            (Role::Pawn, if english { SHORT_EN } else { SHORT_UK })
        }
    };
    // A pawn written without a file and without a capture sign moves straight.
    let from_file = match (role, from_file, mark) {
        (Role::Pawn, None, None) => Some(to.file()),
        _ => from_file,
    };
    Some((
        MovePattern {
            role: Some(role),
            from_file,
            from_rank,
            to,
            promotion,
        },
        notations,
    ))
}
