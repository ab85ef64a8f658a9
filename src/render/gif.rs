//! Animated GIFs of whole games: one frame per ply from the start (or a
//! thematic start) to the current position, the last move highlighted, the
//! final frame held longer with the score on it.
//!
//! Which layer does what, and why:
//! * The frames are the board renderer's own 8-bit index canvases over the
//!   theme's fixed palette (at most 255 colours, so one index is left for
//!   transparency). The `image` crate's `GifEncoder` takes RGBA frames and
//!   quantizes each with NeuQuant: slow (tens of milliseconds a frame at
//!   720 px), lossy on a palette we already have, and always a full frame.
//!   So the encoder here is its lower layer, the `gif` crate that `image`
//!   wraps, driven with the renderer's palette as the global colour table.
//! * Each frame after the first is only the rectangle that changed (the
//!   squares of the move before and of this move, and on the last frame the
//!   score pills); pixels in it that did not change are the transparent
//!   index, which LZW packs into almost nothing. Changed squares are
//!   redrawn by copying their pre-quantized tiles, so a frame costs a few
//!   square copies, a row comparison and the LZW pass.
//! * Scaling is not done on finished frames: the renderer draws at the size
//!   asked (`width=`), which keeps pieces and letters sharp and the palette
//!   exact; resampling indexed frames would need re-quantizing.
//! * The `image` crate decodes the result in the tests (frame count,
//!   delays, frames against the single-board PNGs).

use std::borrow::Cow;

use shakmaty::{Board, Chess, Move, Position, Square};

use super::board::{BoardOptions, Layout, compose, draw_coordinate, ground, move_squares};
use super::canvas::Canvas;
use super::sprites::{BoardPalette, board_palette, board_sprites};

/// The delay of each ply's frame, in hundredths of a second.
pub const FRAME_DELAY_CS: u16 = 80;
/// The delay of the final frame, in hundredths of a second.
pub const FINAL_DELAY_CS: u16 = 400;

/// The board and options of every frame, first to last: the start, then
/// one per ply. `base` gives the names, event, side, theme, width and the
/// final score; clocks and move numbers are not drawn (they would change
/// the bars on every frame), and the score only on the last frame.
pub fn animation_frames(
    start: &Chess,
    moves: &[Move],
    base: &BoardOptions,
) -> Vec<(Board, BoardOptions)> {
    let mut still = base.clone();
    still.white.days_left = None;
    still.black.days_left = None;
    still.move_number = None;
    still.turn = None;
    still.score = None;
    let mut position = start.clone();
    let mut frames = Vec::with_capacity(moves.len() + 1);
    frames.push(frame_of(&position, None, &still));
    for m in moves {
        position.play_unchecked(*m);
        frames.push(frame_of(&position, move_squares(m), &still));
    }
    if let Some(last) = frames.last_mut() {
        last.1.score = base.score.clone();
    }
    frames
}

fn frame_of(
    position: &Chess,
    last_move: Option<(Square, Square)>,
    still: &BoardOptions,
) -> (Board, BoardOptions) {
    let check = position
        .is_check()
        .then(|| position.board().king_of(position.turn()))
        .flatten();
    let options = BoardOptions {
        last_move,
        check,
        ..still.clone()
    };
    (position.board().clone(), options)
}

/// Renders the game from `start` through `moves` as an animated GIF that
/// loops (see [`animation_frames`] for what each frame shows).
pub fn render_game_gif(start: &Chess, moves: &[Move], base: &BoardOptions) -> Vec<u8> {
    let frames = animation_frames(start, moves, base);
    let kit = board_palette(base.theme);
    let (first_board, first_options) = &frames[0];
    let mut shown = compose(first_board, first_options, kit);
    let mut writer = GifWriter::new(&shown, kit);
    let last = frames.len() - 1;
    let first_delay = if last == 0 {
        FINAL_DELAY_CS
    } else {
        FRAME_DELAY_CS
    };
    writer.full(&shown, first_delay);
    let mut next = Canvas::new(shown.width, shown.height, 0);
    next.pixels.copy_from_slice(&shown.pixels);
    for index in 1..=last {
        let (board, options) = &frames[index];
        if index == last && options.score.is_some() {
            // The bars change too: draw the whole final frame.
            next = compose(board, options, kit);
        } else {
            redraw_changed_squares(&mut next, &frames[index - 1], (board, options), kit);
        }
        let delay = if index == last {
            FINAL_DELAY_CS
        } else {
            FRAME_DELAY_CS
        };
        writer.difference(&shown, &next, delay);
        shown.pixels.copy_from_slice(&next.pixels);
    }
    writer.finish()
}

/// Redraws on `canvas` the squares whose background or piece differ
/// between `before` and `after`, with their coordinate letters.
fn redraw_changed_squares(
    canvas: &mut Canvas,
    (old_board, old_options): &(Board, BoardOptions),
    (board, options): (&Board, &BoardOptions),
    kit: &BoardPalette,
) {
    let layout = Layout::of(options);
    let sprites = board_sprites(options.theme, layout.square);
    for square in Square::ALL {
        let now = (ground(square, options), board.piece_at(square));
        if now == (ground(square, old_options), old_board.piece_at(square)) {
            continue;
        }
        let (x, y) = layout.square_origin(square, options.orientation);
        canvas.blit(x, y, sprites.tile(now.0, now.1));
        if options.coordinates {
            draw_coordinate(canvas, options, &layout, kit, square);
        }
    }
}

/// The GIF stream: the theme's palette plus one transparent index.
struct GifWriter {
    encoder: gif::Encoder<Vec<u8>>,
    transparent: u8,
    buffer: Vec<u8>,
}

impl GifWriter {
    fn new(canvas: &Canvas, kit: &BoardPalette) -> Self {
        let mut palette = kit.palette.plte();
        let transparent = (palette.len() / 3) as u8;
        // Magenta never occurs in the art; it is never shown anyway.
        palette.extend_from_slice(&[255, 0, 255]);
        let (width, height) = (canvas.width as u16, canvas.height as u16);
        // Writing into a Vec cannot fail; sizes are at most 1024 × 1400.
        let mut encoder = gif::Encoder::new(Vec::with_capacity(1 << 16), width, height, &palette)
            .expect("GIF header");
        encoder.set_repeat(gif::Repeat::Infinite).expect("GIF loop");
        GifWriter {
            encoder,
            transparent,
            buffer: Vec::new(),
        }
    }

    fn full(&mut self, canvas: &Canvas, delay: u16) {
        let frame = gif::Frame {
            width: canvas.width as u16,
            height: canvas.height as u16,
            delay,
            buffer: Cow::Borrowed(&canvas.pixels),
            ..gif::Frame::default()
        };
        self.encoder.write_frame(&frame).expect("GIF frame");
    }

    /// Writes the rectangle where `next` differs from `shown`, unchanged
    /// pixels transparent (a 1×1 transparent frame when nothing changed).
    fn difference(&mut self, shown: &Canvas, next: &Canvas, delay: u16) {
        let width = shown.width;
        let rows = |y: usize| y * width..(y + 1) * width;
        let changed: Vec<usize> = (0..shown.height)
            .filter(|&y| shown.pixels[rows(y)] != next.pixels[rows(y)])
            .collect();
        let (top, bottom) = match (changed.first(), changed.last()) {
            (Some(&top), Some(&bottom)) => (top, bottom + 1),
            _ => (0, 1),
        };
        let (mut left, mut right) = (width, 0);
        for &y in &changed {
            let (a, b) = (&shown.pixels[rows(y)], &next.pixels[rows(y)]);
            if let Some(x) = a.iter().zip(b).position(|(p, q)| p != q) {
                left = left.min(x);
            }
            if let Some(x) = a.iter().zip(b).rposition(|(p, q)| p != q) {
                right = right.max(x + 1);
            }
        }
        if left >= right {
            (left, right) = (0, 1);
        }
        self.buffer.clear();
        for y in top..bottom {
            let span = y * width + left..y * width + right;
            let (a, b) = (&shown.pixels[span.clone()], &next.pixels[span]);
            let transparent = self.transparent;
            self.buffer.extend(
                a.iter()
                    .zip(b)
                    .map(|(&p, &q)| if p == q { transparent } else { q }),
            );
        }
        let frame = gif::Frame {
            left: left as u16,
            top: top as u16,
            width: (right - left) as u16,
            height: (bottom - top) as u16,
            delay,
            dispose: gif::DisposalMethod::Keep,
            transparent: Some(self.transparent),
            buffer: Cow::Borrowed(&self.buffer),
            ..gif::Frame::default()
        };
        self.encoder.write_frame(&frame).expect("GIF frame");
    }

    fn finish(self) -> Vec<u8> {
        self.encoder.into_inner().expect("GIF trailer")
    }
}
