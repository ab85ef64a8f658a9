//! The board drawn in the page as an 8×8 grid of squares with piece
//! glyphs: the touch board's buttons (issue [touch]) and the game page's
//! board that steps through the game without reloading (issue web-2), one
//! markup and one style sheet (`assets/web/board.css`, part of both pages'
//! sheets). The game page's script redraws it from the placements the page
//! embeds ([`placement`]), in the same glyphs.

use maud::{Markup, html};
use shakmaty::{Chess, Color, File, Position, Rank, Role, Square};

/// What the squares are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Cells {
    /// Buttons a player taps (the touch board), labelled by square.
    Buttons,
    /// Plain squares of a picture labelled as a whole (the game page).
    Plain,
}

/// The 8×8 board from `colour`'s side, the last move marked.
pub(crate) fn board_grid(
    position: &Chess,
    colour: Color,
    last: Option<(Square, Square)>,
    cells: Cells,
) -> Markup {
    let ranks: Vec<Rank> = match colour {
        Color::White => Rank::ALL.into_iter().rev().collect(),
        Color::Black => Rank::ALL.into_iter().collect(),
    };
    let files: Vec<File> = match colour {
        Color::White => File::ALL.into_iter().collect(),
        Color::Black => File::ALL.into_iter().rev().collect(),
    };
    let marked = |sq: Square| last.is_some_and(|(from, to)| sq == from || sq == to);
    let side = if colour == Color::White {
        "white"
    } else {
        "black"
    };
    html! {
        @for rank in &ranks {
            @for file in &files {
                @let sq = Square::from_coords(*file, *rank);
                @let light = (u32::from(*file) + u32::from(*rank)) % 2 == 1;
                @if cells == Cells::Buttons {
                    button.sq.light[light].dark[!light].last[marked(sq)]
                        type="button" data-sq=(sq.to_string()) aria-label=(sq.to_string()) {
                        (piece_at(position, sq))
                    }
                } @else {
                    span.sq.light[light].dark[!light].last[marked(sq)] data-sq=(sq.to_string()) {
                        (piece_at(position, sq))
                    }
                }
            }
        }
    }
    .pipe(|squares| match cells {
        Cells::Buttons => html! { div #board.grid role="grid" data-side=(side) { (squares) } },
        Cells::Plain => html! { div #grid.grid data-side=(side) aria-hidden="true" { (squares) } },
    })
}

/// `markup` passed to `f` (keeps the grid's two wrappers short).
trait Pipe: Sized {
    fn pipe<T>(self, f: impl FnOnce(Self) -> T) -> T {
        f(self)
    }
}

impl Pipe for Markup {}

fn piece_at(position: &Chess, sq: Square) -> Markup {
    html! {
        @if let Some(piece) = position.board().piece_at(sq) {
            span.pc.white[piece.color == Color::White].black[piece.color == Color::Black] {
                (glyph(piece.role, piece.color))
            }
        }
    }
}

/// The chess glyph of `role` (the filled shape, in text style rather than
/// emoji); the page colours it by side, so both sides read alike.
pub(crate) fn glyph(role: Role, _colour: Color) -> String {
    let shape = match role {
        Role::King => '♚',
        Role::Queen => '♛',
        Role::Rook => '♜',
        Role::Bishop => '♝',
        Role::Knight => '♞',
        Role::Pawn => '♟',
    };
    format!("{shape}\u{FE0E}")
}

/// The position's pieces as 64 letters from a1, b1 … to h8 (`.` empty,
/// `PNBRQK` White's, `pnbrqk` Black's): what the game page embeds for its
/// script to draw each ply.
pub(crate) fn placement(position: &Chess) -> String {
    Square::ALL
        .into_iter()
        .map(|sq| match position.board().piece_at(sq) {
            Some(piece) => piece.char(),
            None => '.',
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_reads_from_a1_to_h8() {
        let text = placement(&Chess::default());
        assert_eq!(&text[..8], "RNBQKBNR");
        assert_eq!(&text[56..], "rnbqkbnr");
        assert_eq!(text.len(), 64);
    }

    #[test]
    fn both_kinds_of_board_have_64_squares() {
        for cells in [Cells::Buttons, Cells::Plain] {
            let html = board_grid(&Chess::default(), Color::White, None, cells).into_string();
            assert_eq!(html.matches("data-sq=").count(), 64);
        }
    }
}
