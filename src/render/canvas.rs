//! An 8-bit indexed canvas and its PNG encoding.

use std::cell::RefCell;

use super::palette::Palette;

/// Pixel buffers up to this size are kept for the thread's next image: a
/// fresh 600-KB allocation costs more in page faults than drawing it.
const SPARE_LIMIT: usize = 8 << 20;

thread_local! {
    static SPARE_PIXELS: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

/// A coverage mask: `levels[y * width + x]` in `0..LEVELS`.
#[derive(Clone, Debug, Default)]
pub(crate) struct Mask {
    pub(crate) width: usize,
    pub(crate) height: usize,
    pub(crate) levels: Vec<u8>,
}

/// A rectangle of palette indices, drawn once and copied row by row.
#[derive(Clone, Debug, Default)]
pub(crate) struct Tile {
    pub(crate) width: usize,
    pub(crate) height: usize,
    pub(crate) indices: Vec<u8>,
}

/// An image as palette indices, row-major.
pub(crate) struct Canvas {
    pub(crate) width: usize,
    pub(crate) height: usize,
    pub(crate) pixels: Vec<u8>,
}

impl Canvas {
    /// A canvas filled with `background`.
    pub(crate) fn new(width: usize, height: usize, background: u8) -> Self {
        let mut pixels = SPARE_PIXELS.with(|spare| spare.take());
        pixels.clear();
        pixels.resize(width * height, background);
        Canvas {
            width,
            height,
            pixels,
        }
    }

    /// Fills a rectangle, clipped to the canvas.
    pub(crate) fn fill_rect(&mut self, x: usize, y: usize, w: usize, h: usize, index: u8) {
        let x_end = (x + w).min(self.width);
        for row in y..(y + h).min(self.height) {
            let start = row * self.width;
            if x < x_end {
                self.pixels[start + x..start + x_end].fill(index);
            }
        }
    }

    /// Copies a tile with its top-left corner at `(x, y)`; it must fit.
    pub(crate) fn blit(&mut self, x: usize, y: usize, tile: &Tile) {
        for row in 0..tile.height {
            let dst = (y + row) * self.width + x;
            let src = row * tile.width;
            self.pixels[dst..dst + tile.width]
                .copy_from_slice(&tile.indices[src..src + tile.width]);
        }
    }

    /// Paints `mask` in foreground `fg` with its top-left corner at `(x, y)`,
    /// clipped to the canvas.
    pub(crate) fn paint(&mut self, palette: &Palette, x: i32, y: i32, mask: &Mask, fg: usize) {
        for row in 0..mask.height {
            let cy = y + row as i32;
            if cy < 0 || cy >= self.height as i32 {
                continue;
            }
            for col in 0..mask.width {
                let cx = x + col as i32;
                let level = mask.levels[row * mask.width + col];
                if level == 0 || cx < 0 || cx >= self.width as i32 {
                    continue;
                }
                let at = cy as usize * self.width + cx as usize;
                self.pixels[at] = palette.paint(self.pixels[at], fg, level);
            }
        }
    }

    /// Encodes the canvas as an 8-bit indexed PNG.
    pub(crate) fn encode(&self, palette: &Palette, settings: EncodeSettings) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.pixels.len() / 12);
        let mut encoder = png::Encoder::new(&mut out, self.width as u32, self.height as u32);
        encoder.set_color(png::ColorType::Indexed);
        encoder.set_depth(png::BitDepth::Eight);
        encoder.set_palette(palette.plte());
        encoder.set_filter(settings.filter.into());
        encoder.set_deflate_compression(settings.compression.into());
        // Writing into a Vec cannot fail, and the header matches the data.
        let mut writer = encoder.write_header().expect("PNG header");
        writer.write_image_data(&self.pixels).expect("PNG data");
        writer.finish().expect("PNG end");
        out
    }
}

impl Drop for Canvas {
    fn drop(&mut self) {
        if self.pixels.capacity() <= SPARE_LIMIT {
            let pixels = std::mem::take(&mut self.pixels);
            // During thread teardown the spare may be gone; then just free.
            let _ = SPARE_PIXELS.try_with(|spare| spare.replace(pixels));
        }
    }
}

/// A PNG row filter (see the PNG specification, section 9).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RowFilter {
    /// No filter.
    None,
    /// Difference to the pixel on the left.
    Sub,
    /// Difference to the pixel above: flat boards become long runs of zeros.
    Up,
    /// Paeth predictor.
    Paeth,
    /// The encoder picks a filter per row (slower).
    Adaptive,
}

impl From<RowFilter> for png::Filter {
    fn from(filter: RowFilter) -> Self {
        match filter {
            RowFilter::None => png::Filter::NoFilter,
            RowFilter::Sub => png::Filter::Sub,
            RowFilter::Up => png::Filter::Up,
            RowFilter::Paeth => png::Filter::Paeth,
            RowFilter::Adaptive => png::Filter::Adaptive,
        }
    }
}

/// The DEFLATE effort.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Deflate {
    /// Stored blocks, no compression.
    Stored,
    /// fdeflate's single-pass encoder tuned for PNG (fastest).
    Fast,
    /// zlib level `1..=9` through flate2 (smaller, slower).
    Level(u8),
}

impl From<Deflate> for png::DeflateCompression {
    fn from(deflate: Deflate) -> Self {
        match deflate {
            Deflate::Stored => png::DeflateCompression::NoCompression,
            Deflate::Fast => png::DeflateCompression::FdeflateUltraFast,
            Deflate::Level(level) => png::DeflateCompression::Level(level.clamp(1, 9)),
        }
    }
}

/// How an image is compressed: a row filter and a DEFLATE effort.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct EncodeSettings {
    /// The row filter.
    pub filter: RowFilter,
    /// The DEFLATE effort.
    pub compression: Deflate,
}

impl Default for EncodeSettings {
    /// No row filter and zlib level 6: over the 61 positions of
    /// `docs/images/game.pgn` at 720 px, 0.64–0.81× the bytes of lila-gif's
    /// GIF of the same board (Paeth with fdeflate: 0.96–1.15×) for ≈ 5 ms a
    /// board, under lila-gif's own time (`benches/board_bytes.rs`; see
    /// `docs/figures.md`). Boards are rendered once and cached.
    fn default() -> Self {
        EncodeSettings {
            filter: RowFilter::None,
            compression: Deflate::Level(6),
        }
    }
}
