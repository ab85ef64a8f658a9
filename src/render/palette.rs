//! Fixed colour palettes for indexed-colour PNGs.
//!
//! Every image kind (board, crosstable) has one palette of at most 256
//! colours, built once: its flat colours plus the blend ramps that
//! anti-aliased edges need (a foreground colour over a background colour at
//! [`LEVELS`] coverage steps). Drawing then never leaves palette indices: a
//! coverage mask is painted through a lookup table `(index under it,
//! foreground, coverage level) -> index`. A row of that table is filled the
//! first time it is painted with: a board paints a few dozen of the
//! palette's thousands of (colour, foreground) pairs, and filling them all
//! up front was most of the cost of the first image a process drew.

use std::sync::OnceLock;

/// An sRGB colour.
pub type Rgb = [u8; 3];

/// Coverage levels of a mask: 0 is "not covered", `LEVELS - 1` is "covered".
pub(crate) const LEVELS: usize = 16;

/// Parses `0xRRGGBB` into an [`Rgb`].
pub(crate) const fn rgb(hex: u32) -> Rgb {
    [(hex >> 16) as u8, (hex >> 8) as u8, hex as u8]
}

/// `fg` over `bg` with opacity `t` in `0.0..=1.0`.
pub(crate) fn mix(bg: Rgb, fg: Rgb, t: f32) -> Rgb {
    let channel = |b: u8, f: u8| (b as f32 + (f as f32 - b as f32) * t).round() as u8;
    [
        channel(bg[0], fg[0]),
        channel(bg[1], fg[1]),
        channel(bg[2], fg[2]),
    ]
}

/// Collects the colours of a palette; duplicates are kept once.
#[derive(Default)]
pub(crate) struct PaletteBuilder {
    colors: Vec<Rgb>,
    foregrounds: Vec<Rgb>,
}

impl PaletteBuilder {
    /// Adds one flat colour.
    pub(crate) fn color(&mut self, color: Rgb) -> &mut Self {
        if !self.colors.contains(&color) {
            self.colors.push(color);
        }
        self
    }

    /// Adds `fg` over `bg` at `steps` evenly spaced opacities (both ends
    /// included).
    pub(crate) fn ramp(&mut self, bg: Rgb, fg: Rgb, steps: usize) -> &mut Self {
        for step in 0..steps {
            self.color(mix(bg, fg, step as f32 / (steps - 1) as f32));
        }
        self
    }

    /// Registers a colour that masks are painted with ([`Palette::paint`]).
    /// Returns its foreground number.
    pub(crate) fn foreground(&mut self, color: Rgb) -> usize {
        self.color(color);
        self.foregrounds.push(color);
        self.foregrounds.len() - 1
    }

    /// Freezes the palette; its blend table is filled row by row as it is
    /// painted with.
    ///
    /// # Panics
    /// When more than 256 colours were added: the palettes are constants of
    /// this module, and a test builds each of them.
    pub(crate) fn build(self) -> Palette {
        assert!(self.colors.len() <= 256, "{} colours", self.colors.len());
        let rows = self.colors.len() * self.foregrounds.len();
        Palette {
            colors: self.colors,
            foregrounds: self.foregrounds,
            blend: (0..rows).map(|_| OnceLock::new()).collect(),
        }
    }
}

/// One row of the blend table: a foreground over one colour at each
/// coverage level.
type BlendRow = [u8; LEVELS];

/// A frozen palette with its blend table.
pub(crate) struct Palette {
    colors: Vec<Rgb>,
    foregrounds: Vec<Rgb>,
    blend: Vec<OnceLock<BlendRow>>,
}

impl Palette {
    /// The index of the palette colour closest to `color`.
    pub(crate) fn nearest(&self, color: Rgb) -> u8 {
        let distance = |c: &Rgb| {
            let d = |i: usize| (c[i] as i32 - color[i] as i32).pow(2);
            2 * d(0) + 4 * d(1) + 3 * d(2)
        };
        let (index, _) = self
            .colors
            .iter()
            .enumerate()
            .min_by_key(|(_, c)| distance(c))
            .expect("a palette has colours");
        index as u8
    }

    /// The index of `color`, which must be in the palette exactly.
    pub(crate) fn index(&self, color: Rgb) -> u8 {
        let found = self.colors.iter().position(|c| *c == color);
        found.expect("colour is in the palette") as u8
    }

    /// The colour at `index`.
    #[cfg(test)]
    pub(crate) fn rgb(&self, index: u8) -> Rgb {
        self.colors[index as usize]
    }

    /// The index for foreground `fg` painted at coverage `level` over the
    /// colour at `under`.
    #[inline]
    pub(crate) fn paint(&self, under: u8, fg: usize, level: u8) -> u8 {
        let row = under as usize * self.foregrounds.len() + fg;
        self.blend[row].get_or_init(|| self.blend_row(under, fg))[level as usize]
    }

    /// The foreground `fg` over the colour at `under`, at every level.
    fn blend_row(&self, under: u8, fg: usize) -> BlendRow {
        let (under, fg) = (self.colors[under as usize], self.foregrounds[fg]);
        std::array::from_fn(|level| {
            let t = level as f32 / (LEVELS - 1) as f32;
            self.nearest(mix(under, fg, t))
        })
    }

    /// The PLTE chunk's bytes.
    pub(crate) fn plte(&self) -> Vec<u8> {
        self.colors.iter().flatten().copied().collect()
    }

    /// How many colours the palette has.
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.colors.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ramps_are_found_exactly_by_paint() {
        let mut builder = PaletteBuilder::default();
        let (white, black) = (rgb(0xffffff), rgb(0x000000));
        builder.ramp(white, black, LEVELS);
        let ink = builder.foreground(black);
        let palette = builder.build();
        let under = palette.index(white);
        assert_eq!(palette.paint(under, ink, 0), under);
        assert_eq!(palette.rgb(palette.paint(under, ink, 15)), black);
        assert_eq!(
            palette.rgb(palette.paint(under, ink, 8)),
            mix(white, black, 8.0 / 15.0)
        );
    }
}
