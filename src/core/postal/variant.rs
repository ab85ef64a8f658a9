//! Variants (R2.3.7, R2.3.8, R2.4.8): a move sent with a proposed
//! continuation, and the partner's answer that repeats the accepted part.
//!
//! # Syntax (the same in both languages)
//! A message is segments separated by `;`. The first segment is what the
//! sender plays now; each further segment is one pair "your move, my reply":
//! `Кg1-f3 ; d7-d5 e2-e4 ; Кb8-c6 Сf1-b5` = "I play Кg1-f3; after your
//! d7-d5 I play e2-e4; after your Кb8-c6 I play Сf1-b5". The words
//! `after`/`після`/`if`/`якщо`/`then`/`тоді`/`I`/`я`, move numbers (`2.`)
//! and the signs `! ? + #` may stand between moves and are ignored.
//!
//! The partner answering a variant writes, in the first segment, the
//! accepted pairs repeated in order and then one new move of his own:
//! `d7-d5 e2-e4 a7-a6` accepts "d5 → e4" and plays a6. A single move that
//! is not the variant's first move rejects the whole variant.

use shakmaty::{Chess, Move, Position};

use crate::core::notation::{self, Notation, NotationError};

/// Words that may stand between the moves of a variant and mean nothing.
const FILLERS: &[&str] = &[
    "after",
    "після",
    "if",
    "якщо",
    "then",
    "тоді",
    "i",
    "я",
    "play",
    "граю",
];

/// The tokens of one segment: its moves' texts, with filler words, move
/// numbers and bare signs dropped.
pub fn tokens(segment: &str) -> Vec<&str> {
    segment
        .split_whitespace()
        .filter(|token| !is_filler(token))
        .collect()
}

fn is_filler(token: &str) -> bool {
    let lower = token.to_lowercase();
    if FILLERS.contains(&lower.as_str()) {
        return true;
    }
    let signs = token.chars().all(|c| "!?+#".contains(c));
    let number = token
        .trim_end_matches('.')
        .chars()
        .all(|c| c.is_ascii_digit())
        && token.ends_with('.');
    signs || number
}

/// A message split at `;`: the first segment (what is played now) and the
/// proposed pairs' segments.
pub fn segments(text: &str) -> (&str, Vec<&str>) {
    let mut parts = text.split(';');
    let first = parts.next().unwrap_or("").trim();
    (first, parts.map(str::trim).collect())
}

/// Why a proposed variant cannot be sent; nothing is sent then (R2.3.8:
/// what is sent is final, so it must be right before it goes).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ProposalError {
    /// A segment does not hold exactly two moves ("your move, my reply").
    NotAPair {
        /// The 1-based number of the pair.
        pair: usize,
    },
    /// A move of the variant is not possible in its position.
    Impossible {
        /// The 1-based number of the pair.
        pair: usize,
        /// The move's text.
        text: String,
        /// The position it was read in.
        position: Box<Chess>,
        /// Why.
        error: NotationError,
    },
    /// The variant goes on after the game would have ended.
    AfterEnd {
        /// The 1-based number of the pair.
        pair: usize,
    },
}

/// Reads the proposed pairs after the sender's move (`after`: the position
/// once it is played). Returns the moves in order: partner, reply, partner,
/// reply …
pub fn read_proposal(
    after: &Chess,
    pairs: &[&str],
    allowed: &[Notation],
) -> Result<Vec<Move>, ProposalError> {
    let mut position = after.clone();
    let mut moves = Vec::new();
    for (index, segment) in pairs.iter().enumerate() {
        let pair = index + 1;
        let texts = tokens(segment);
        if texts.len() != 2 {
            return Err(ProposalError::NotAPair { pair });
        }
        for text in texts {
            if position.is_game_over() {
                return Err(ProposalError::AfterEnd { pair });
            }
            let parsed = notation::parse(&position, text, allowed).map_err(|error| {
                ProposalError::Impossible {
                    pair,
                    text: text.to_owned(),
                    position: Box::new(position.clone()),
                    error,
                }
            })?;
            position.play_unchecked(parsed.mv);
            moves.push(parsed.mv);
        }
    }
    Ok(moves)
}

/// The partner's answer to a variant, matched (R2.3.7).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Answer {
    /// The accepted moves, repeated: partner, reply, partner, reply …
    /// (an even number, whole pairs).
    pub accepted: Vec<Move>,
    /// The partner's own new move after them; `None` when the accepted
    /// moves end the game (mate, stalemate, repetition), so that no move of
    /// one's own can follow.
    pub own: Option<Move>,
}

impl Answer {
    /// Pairs of the variant accepted.
    pub fn pairs(&self) -> usize {
        self.accepted.len() / 2
    }
}

/// Why an answer to a variant is refused; nothing changes (R2.3.7: a move
/// is valid only if the accepted moves are repeated correctly, in order).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RepeatError {
    /// No move at all (R2.3.9).
    Empty,
    /// A text is no possible move where it stands.
    Impossible {
        /// Its 0-based place in the answer.
        index: usize,
        /// The text.
        text: String,
        /// The position it was read in.
        position: Box<Chess>,
        /// Why.
        error: NotationError,
    },
    /// A repeated move differs from the variant's move at that place.
    Wrong {
        /// Its 0-based place in the answer.
        index: usize,
        /// The position before it.
        position: Box<Chess>,
        /// The variant's move there.
        expected: Move,
        /// The move written.
        got: Move,
    },
    /// The answer ends on the variant's own move, whose reply the variant
    /// fixes: the reply must be repeated and a new move added.
    Unfinished {
        /// The position before the variant's reply.
        position: Box<Chess>,
        /// The reply the variant gives.
        reply: Move,
    },
    /// The answer ends on a repeated reply of the variant, without a new
    /// move of the partner's own.
    NoNewMove,
    /// The answer has more moves after the new one.
    TooLong {
        /// The position where the new move was played.
        position: Box<Chess>,
        /// The new move.
        own: Move,
    },
}

/// Matches the partner's answer `texts` (the first segment's tokens)
/// against `variant` (partner, reply, … moves) in the position `before` the
/// answer (R2.3.7). All but the last move must repeat the variant exactly,
/// in order and in whole pairs; the last is the partner's new move, which
/// must not be the variant's next move (its reply would then be due).
pub fn read_answer(
    before: &Chess,
    variant: &[Move],
    texts: &[&str],
    allowed: &[Notation],
) -> Result<Answer, RepeatError> {
    if texts.is_empty() {
        return Err(RepeatError::Empty);
    }
    let mut position = before.clone();
    let mut accepted = Vec::new();
    for (index, text) in texts.iter().enumerate() {
        let parsed =
            notation::parse(&position, text, allowed).map_err(|error| RepeatError::Impossible {
                index,
                text: (*text).to_owned(),
                position: Box::new(position.clone()),
                error,
            })?;
        let mv = parsed.mv;
        let expected = variant.get(index).copied();
        let last = index + 1 == texts.len();
        if last && index % 2 == 1 {
            return Err(RepeatError::NoNewMove);
        }
        if last {
            return finish(position, variant, index, accepted, mv);
        }
        match expected {
            Some(expected) if expected == mv => {}
            Some(expected) => {
                return Err(RepeatError::Wrong {
                    index,
                    position: Box::new(position),
                    expected,
                    got: mv,
                });
            }
            None => {
                return Err(RepeatError::TooLong {
                    position: Box::new(position),
                    own: mv,
                });
            }
        }
        position.play_unchecked(mv);
        accepted.push(mv);
    }
    Err(RepeatError::Empty)
}

/// The partner's last move `mv` at `index`: the new move, unless it is the
/// variant's own next move, whose reply must then be repeated.
fn finish(
    position: Chess,
    variant: &[Move],
    index: usize,
    accepted: Vec<Move>,
    mv: Move,
) -> Result<Answer, RepeatError> {
    if variant.get(index) == Some(&mv)
        && let Some(reply) = variant.get(index + 1).copied()
    {
        let mut after = position;
        after.play_unchecked(mv);
        return Err(RepeatError::Unfinished {
            position: Box::new(after),
            reply,
        });
    }
    Ok(Answer {
        accepted,
        own: Some(mv),
    })
}

/// The answer that repeats whole pairs of `variant`, in order, and nothing
/// more: the accepted moves, or `None` if `texts` are not such a repetition.
/// It is a valid answer only when those moves end the game (R2.3.7: the
/// accepted moves are repeated; after mate, stalemate or repetition no new
/// move can follow), which the caller checks on the game's record.
pub fn read_final_answer(
    before: &Chess,
    variant: &[Move],
    texts: &[&str],
    allowed: &[Notation],
) -> Option<Vec<Move>> {
    if texts.is_empty() || texts.len() % 2 == 1 || texts.len() > variant.len() {
        return None;
    }
    let mut position = before.clone();
    let mut accepted = Vec::new();
    for (text, expected) in texts.iter().zip(variant) {
        let mv = notation::parse(&position, text, allowed).ok()?.mv;
        if mv != *expected {
            return None;
        }
        position.play_unchecked(mv);
        accepted.push(mv);
    }
    Some(accepted)
}

#[cfg(test)]
mod tests;
