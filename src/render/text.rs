//! Text: DejaVu Sans from the `dejavu` crate (Latin, Cyrillic and more),
//! glyphs rasterized with `ab_glyph` once per face, size and character and
//! then kept as coverage masks.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use ab_glyph::{Font, FontRef, GlyphId, PxScale, ScaleFont};

use super::canvas::{Canvas, Mask};
use super::palette::{LEVELS, Palette};

/// A font face.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Face {
    /// DejaVu Sans.
    Regular,
    /// DejaVu Sans Bold.
    Bold,
}

/// The glyph cache stops growing past this many glyphs (it is cleared).
const GLYPH_CACHE_LIMIT: usize = 4096;

/// One rasterized glyph.
struct Glyph {
    id: GlyphId,
    /// Offset of the mask's top-left corner from the pen position on the
    /// baseline.
    left: i32,
    top: i32,
    advance: f32,
    mask: Mask,
}

type GlyphKey = (Face, u16, char);

fn font(face: Face) -> &'static FontRef<'static> {
    static REGULAR: OnceLock<FontRef<'static>> = OnceLock::new();
    static BOLD: OnceLock<FontRef<'static>> = OnceLock::new();
    let (cell, bytes) = match face {
        Face::Regular => (&REGULAR, dejavu::sans::regular()),
        Face::Bold => (&BOLD, dejavu::sans::bold()),
    };
    cell.get_or_init(|| FontRef::try_from_slice(bytes).expect("DejaVu Sans parses"))
}

fn cache() -> &'static Mutex<HashMap<GlyphKey, Arc<Glyph>>> {
    static CACHE: OnceLock<Mutex<HashMap<GlyphKey, Arc<Glyph>>>> = OnceLock::new();
    CACHE.get_or_init(Default::default)
}

fn rasterize((face, size, ch): GlyphKey) -> Glyph {
    let font = font(face);
    let scaled = font.as_scaled(PxScale::from(size as f32));
    let id = font.glyph_id(ch);
    let advance = scaled.h_advance(id);
    let glyph = id.with_scale(PxScale::from(size as f32));
    let Some(outlined) = font.outline_glyph(glyph) else {
        return Glyph {
            id,
            left: 0,
            top: 0,
            advance,
            mask: Mask::default(),
        };
    };
    let bounds = outlined.px_bounds();
    let (width, height) = (bounds.width() as usize, bounds.height() as usize);
    let mut levels = vec![0u8; width * height];
    outlined.draw(|x, y, coverage| {
        let level = (coverage.clamp(0.0, 1.0) * (LEVELS - 1) as f32).round() as u8;
        if let Some(cell) = levels.get_mut(y as usize * width + x as usize) {
            *cell = level;
        }
    });
    Glyph {
        id,
        left: bounds.min.x as i32,
        top: bounds.min.y as i32,
        advance,
        mask: Mask {
            width,
            height,
            levels,
        },
    }
}

fn glyph(key: GlyphKey) -> Arc<Glyph> {
    let mut cache = cache()
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some(found) = cache.get(&key) {
        return Arc::clone(found);
    }
    if cache.len() >= GLYPH_CACHE_LIMIT {
        cache.clear();
    }
    let made = Arc::new(rasterize(key));
    cache.insert(key, Arc::clone(&made));
    made
}

/// Lays out `text` and calls `place(glyph, pen_x)` for each character.
fn layout(face: Face, size: u16, text: &str, mut place: impl FnMut(&Glyph, f32)) -> f32 {
    let scaled = font(face).as_scaled(PxScale::from(size as f32));
    let mut pen = 0.0f32;
    let mut previous: Option<GlyphId> = None;
    for ch in text.chars() {
        let glyph = glyph((face, size, ch));
        if let Some(prev) = previous {
            pen += scaled.kern(prev, glyph.id);
        }
        place(&glyph, pen);
        pen += glyph.advance;
        previous = Some(glyph.id);
    }
    pen
}

/// The width of `text` in pixels.
pub(crate) fn width(face: Face, size: u16, text: &str) -> u32 {
    layout(face, size, text, |_, _| {}).ceil() as u32
}

/// `text` without control characters, cut at `max_chars` characters and then
/// shortened with an ellipsis until it is at most `max_width` pixels wide.
pub(crate) fn fit(face: Face, size: u16, text: &str, max_chars: usize, max_width: u32) -> String {
    let mut chars: Vec<char> = text
        .chars()
        .map(|c| if c.is_whitespace() { ' ' } else { c })
        .filter(|c| !c.is_control())
        .collect();
    let mut cut = chars.len() > max_chars;
    chars.truncate(max_chars);
    loop {
        let mut candidate: String = chars.iter().collect::<String>().trim_end().to_owned();
        if cut {
            candidate.push('…');
        }
        if chars.is_empty() || width(face, size, &candidate) <= max_width {
            return candidate;
        }
        chars.pop();
        cut = true;
    }
}

/// Draws `text` with its pen starting at `x` on the baseline `baseline`.
pub(crate) fn draw(
    canvas: &mut Canvas,
    palette: &Palette,
    (x, baseline): (i32, i32),
    (face, size): (Face, u16),
    text: &str,
    fg: usize,
) {
    layout(face, size, text, |glyph, pen| {
        let left = x + pen.round() as i32 + glyph.left;
        canvas.paint(palette, left, baseline + glyph.top, &glyph.mask, fg);
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cyrillic_glyphs_have_ink() {
        let glyph = glyph((Face::Bold, 24, 'Ж'));
        assert!(glyph.mask.levels.iter().any(|&l| l as usize == LEVELS - 1));
        assert!(width(Face::Bold, 24, "Шевченко") > width(Face::Bold, 24, "Ш"));
    }

    #[test]
    fn fit_cuts_by_characters_and_width() {
        assert_eq!(fit(Face::Regular, 20, "Олена", 3, 1000), "Оле…");
        let long = "Дуже довге ім'я гравця, що не вміщується";
        let fitted = fit(Face::Regular, 20, long, 64, 150);
        assert!(fitted.ends_with('…'));
        assert!(width(Face::Regular, 20, &fitted) <= 150);
        assert_eq!(fit(Face::Regular, 20, "a\u{7}\nb", 10, 1000), "a b");
    }
}
