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
//!   Its LZW pass (`weezl`) was three quarters of the time of a whole
//!   animation, so the frames are compressed by [`super::lzw`] and handed
//!   to `gif` pre-encoded: `gif` writes the blocks, we the codes.
//! * Each frame after the first is only the rectangle that changed (the
//!   squares of the move before and of this move, and on the last frame the
//!   score pills); pixels in it that did not change are the transparent
//!   index, which LZW packs into almost nothing. Changed squares are
//!   redrawn by copying their pre-quantized tiles, and only their rectangle
//!   is compared with the frame before, so a frame costs a few square
//!   copies, a comparison of that rectangle and the LZW pass.
//! * Scaling is not done on finished frames: the renderer draws at the size
//!   asked (`width=`), which keeps pieces and letters sharp and the palette
//!   exact; resampling indexed frames would need re-quantizing.
//! * The `image` crate decodes the result in the tests (frame count,
//!   delays, frames against the single-board PNGs).

use shakmaty::{Board, Chess, Move, Position, Square};

use super::board::{BoardOptions, Layout, compose, draw_coordinate, ground, move_squares};
use super::canvas::Canvas;
use super::lzw::LzwEncoder;
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
        let region = if index == last && options.score.is_some() {
            // The bars change too: draw the whole final frame.
            next = compose(board, options, kit);
            Region::whole(&next)
        } else {
            redraw_changed_squares(&mut next, &frames[index - 1], (board, options), kit)
        };
        let delay = if index == last {
            FINAL_DELAY_CS
        } else {
            FRAME_DELAY_CS
        };
        writer.difference(&shown, &next, region, delay);
        region.copy(&next, &mut shown);
    }
    writer.finish()
}

/// A rectangle of the canvas: columns `left..right`, rows `top..bottom`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Region {
    left: usize,
    top: usize,
    right: usize,
    bottom: usize,
}

impl Region {
    const EMPTY: Region = Region {
        left: usize::MAX,
        top: usize::MAX,
        right: 0,
        bottom: 0,
    };

    fn whole(canvas: &Canvas) -> Region {
        Region {
            left: 0,
            top: 0,
            right: canvas.width,
            bottom: canvas.height,
        }
    }

    fn is_empty(&self) -> bool {
        self.left >= self.right || self.top >= self.bottom
    }

    /// The smallest rectangle holding both.
    fn union(self, other: Region) -> Region {
        Region {
            left: self.left.min(other.left),
            top: self.top.min(other.top),
            right: self.right.max(other.right),
            bottom: self.bottom.max(other.bottom),
        }
    }

    /// The pixel spans of its rows in a canvas `width` wide.
    fn rows(self, width: usize) -> impl Iterator<Item = std::ops::Range<usize>> {
        (self.top..self.bottom).map(move |y| y * width + self.left..y * width + self.right)
    }

    /// Copies this rectangle of `from` onto `to` (of the same size).
    fn copy(self, from: &Canvas, to: &mut Canvas) {
        for span in self.rows(from.width) {
            to.pixels[span.clone()].copy_from_slice(&from.pixels[span]);
        }
    }
}

/// Redraws on `canvas` the squares whose background or piece differ
/// between `before` and `after`, with their coordinate letters; returns
/// the rectangle that holds them.
fn redraw_changed_squares(
    canvas: &mut Canvas,
    (old_board, old_options): &(Board, BoardOptions),
    (board, options): (&Board, &BoardOptions),
    kit: &BoardPalette,
) -> Region {
    let layout = Layout::of(options);
    let sprites = board_sprites(options.theme, layout.square);
    let mut region = Region::EMPTY;
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
        region = region.union(Region {
            left: x,
            top: y,
            right: x + layout.square,
            bottom: y + layout.square,
        });
    }
    region
}

/// The GIF stream: the theme's palette plus one transparent index.
struct GifWriter {
    encoder: gif::Encoder<Vec<u8>>,
    transparent: u8,
    /// The LZW code size of the palette's indices.
    min_code_size: u8,
    lzw: LzwEncoder,
    /// The indices of the frame being written.
    indices: Vec<u8>,
    /// Their LZW codes.
    encoded: Vec<u8>,
}

impl GifWriter {
    fn new(canvas: &Canvas, kit: &BoardPalette) -> Self {
        let mut palette = kit.palette.plte();
        let transparent = (palette.len() / 3) as u8;
        // Magenta never occurs in the art; it is never shown anyway.
        palette.extend_from_slice(&[255, 0, 255]);
        let colours = palette.len() / 3;
        let min_code_size = colours.next_power_of_two().trailing_zeros().max(2) as u8;
        let (width, height) = (canvas.width as u16, canvas.height as u16);
        // Writing into a Vec cannot fail; sizes are at most 1024 × 1400.
        let mut encoder = gif::Encoder::new(Vec::with_capacity(1 << 16), width, height, &palette)
            .expect("GIF header");
        encoder.set_repeat(gif::Repeat::Infinite).expect("GIF loop");
        GifWriter {
            encoder,
            transparent,
            min_code_size,
            lzw: LzwEncoder::default(),
            indices: Vec::new(),
            encoded: Vec::new(),
        }
    }

    fn full(&mut self, canvas: &Canvas, delay: u16) {
        let frame = gif::Frame {
            width: canvas.width as u16,
            height: canvas.height as u16,
            delay,
            ..gif::Frame::default()
        };
        self.write(frame, &canvas.pixels);
    }

    /// Writes the part of `region` where `next` differs from `shown`,
    /// unchanged pixels transparent (a 1×1 transparent frame when nothing
    /// changed).
    fn difference(&mut self, shown: &Canvas, next: &Canvas, region: Region, delay: u16) {
        let changed = changed_part(shown, next, region);
        self.indices.clear();
        let transparent = self.transparent;
        if changed.is_empty() {
            self.indices.push(transparent);
        }
        for span in changed.rows(shown.width) {
            let (a, b) = (&shown.pixels[span.clone()], &next.pixels[span]);
            self.indices.extend(
                a.iter()
                    .zip(b)
                    .map(|(&p, &q)| if p == q { transparent } else { q }),
            );
        }
        let frame = gif::Frame {
            left: changed.left.min(shown.width - 1) as u16,
            top: changed.top.min(shown.height - 1) as u16,
            width: (changed.right - changed.left).max(1) as u16,
            height: (changed.bottom - changed.top).max(1) as u16,
            delay,
            dispose: gif::DisposalMethod::Keep,
            transparent: Some(transparent),
            ..gif::Frame::default()
        };
        let indices = std::mem::take(&mut self.indices);
        self.write(frame, &indices);
        self.indices = indices;
    }

    /// Compresses `indices` and writes them as `frame`'s image.
    fn write(&mut self, frame: gif::Frame<'static>, indices: &[u8]) {
        self.encoded.clear();
        self.lzw
            .encode(self.min_code_size, indices, &mut self.encoded);
        let frame = gif::Frame {
            buffer: std::borrow::Cow::Borrowed(&self.encoded),
            ..frame
        };
        self.encoder
            .write_lzw_pre_encoded_frame(&frame)
            .expect("GIF frame");
    }

    fn finish(self) -> Vec<u8> {
        self.encoder.into_inner().expect("GIF trailer")
    }
}

/// The smallest rectangle within `region` where `next` differs from
/// `shown` (empty when nothing did).
fn changed_part(shown: &Canvas, next: &Canvas, region: Region) -> Region {
    let mut changed = Region::EMPTY;
    if region.is_empty() {
        return changed;
    }
    for (y, span) in (region.top..).zip(region.rows(shown.width)) {
        let (a, b) = (&shown.pixels[span.clone()], &next.pixels[span]);
        if a == b {
            continue;
        }
        let first = a.iter().zip(b).position(|(p, q)| p != q).unwrap_or(0);
        let last = a.iter().zip(b).rposition(|(p, q)| p != q).unwrap_or(0);
        changed = changed.union(Region {
            left: region.left + first,
            top: y,
            right: region.left + last + 1,
            bottom: y + 1,
        });
    }
    changed
}
