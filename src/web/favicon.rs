//! The site's icon, drawn here: a light pawn on the header's dark green, as
//! SVG for the browsers that take it and as a 32×32 ICO (one PNG inside)
//! for `/favicon.ico`, which browsers ask for on every first visit.

use std::sync::OnceLock;

/// The icon as SVG, the same shapes as [`ico`] draws.
pub(crate) const SVG: &str = concat!(
    r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">"##,
    r##"<rect width="32" height="32" rx="6" fill="#2f3b2f"/>"##,
    r##"<g fill="#f0e6c8"><circle cx="16" cy="9.5" r="4.5"/>"##,
    r##"<path d="M13 13h6l4 10H9z"/><rect x="7" y="23" width="18" height="4"/></g>"##,
    "</svg>\n"
);

const SIZE: u32 = 32;
const GROUND: [u8; 3] = [0x2f, 0x3b, 0x2f];
const PAWN: [u8; 3] = [0xf0, 0xe6, 0xc8];
/// Samples per pixel side, for smooth edges.
const SAMPLES: u32 = 4;

/// Whether the point lies in the rounded square (corner radius 6).
fn in_ground(x: f32, y: f32) -> bool {
    let r = 6.0;
    let s = SIZE as f32;
    let cx = x.clamp(r, s - r);
    let cy = y.clamp(r, s - r);
    (x - cx).powi(2) + (y - cy).powi(2) <= r * r
}

/// Whether the point lies in the pawn: head, body (a trapezoid) and base.
fn in_pawn(x: f32, y: f32) -> bool {
    let head = (x - 16.0).powi(2) + (y - 9.5).powi(2) <= 4.5 * 4.5;
    let body = (13.0..=23.0).contains(&y) && (x - 16.0).abs() <= 3.0 + (y - 13.0) * 0.4;
    let base = (7.0..=25.0).contains(&x) && (23.0..=27.0).contains(&y);
    head || body || base
}

/// The icon's pixels, RGBA, row by row.
fn pixels() -> Vec<u8> {
    let mut out = Vec::with_capacity((SIZE * SIZE * 4) as usize);
    let step = 1.0 / SAMPLES as f32;
    for py in 0..SIZE {
        for px in 0..SIZE {
            let (mut ground, mut pawn) = (0u32, 0u32);
            for sy in 0..SAMPLES {
                for sx in 0..SAMPLES {
                    let x = px as f32 + (sx as f32 + 0.5) * step;
                    let y = py as f32 + (sy as f32 + 0.5) * step;
                    if in_ground(x, y) {
                        ground += 1;
                        pawn += u32::from(in_pawn(x, y));
                    }
                }
            }
            let mix = |i: usize| {
                let g = u32::from(GROUND[i]) * (ground - pawn) + u32::from(PAWN[i]) * pawn;
                g.checked_div(ground).unwrap_or(0) as u8
            };
            let alpha = (ground * 255 / (SAMPLES * SAMPLES)) as u8;
            out.extend_from_slice(&[mix(0), mix(1), mix(2), alpha]);
        }
    }
    out
}

fn png_bytes() -> Result<Vec<u8>, png::EncodingError> {
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, SIZE, SIZE);
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header()?;
    writer.write_image_data(&pixels())?;
    writer.finish()?;
    Ok(out)
}

/// An ICO file holding one 32×32 PNG image, built once.
pub(crate) fn ico() -> &'static [u8] {
    static ICO: OnceLock<Vec<u8>> = OnceLock::new();
    ICO.get_or_init(|| {
        // Only a bug could make encoding a fixed image fail.
        let png = png_bytes().unwrap_or_default();
        let mut out = Vec::with_capacity(22 + png.len());
        // ICONDIR: reserved, type 1 (icon), one image.
        for word in [0u16, 1, 1] {
            out.extend_from_slice(&word.to_le_bytes());
        }
        // ICONDIRENTRY: 32×32, no palette, 1 plane, 32 bits, size, offset.
        out.extend_from_slice(&[32, 32, 0, 0]);
        out.extend_from_slice(&1u16.to_le_bytes());
        out.extend_from_slice(&32u16.to_le_bytes());
        out.extend_from_slice(&(png.len() as u32).to_le_bytes());
        out.extend_from_slice(&22u32.to_le_bytes());
        out.extend_from_slice(&png);
        out
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ico_holds_one_png_of_32_pixels_with_a_pawn_on_the_ground() {
        let ico = ico();
        assert_eq!(&ico[..6], &[0, 0, 1, 0, 1, 0]);
        assert_eq!(&ico[6..8], &[32, 32]);
        let size = u32::from_le_bytes(ico[14..18].try_into().unwrap()) as usize;
        assert_eq!(ico.len(), 22 + size);
        assert!(ico[22..].starts_with(b"\x89PNG\r\n\x1a\n"));
        let image = image::load_from_memory(&ico[22..]).unwrap().to_rgba8();
        assert_eq!(image.dimensions(), (32, 32));
        assert_eq!(
            image.get_pixel(16, 25).0,
            [0xf0, 0xe6, 0xc8, 255],
            "the base"
        );
        assert_eq!(
            image.get_pixel(3, 16).0,
            [0x2f, 0x3b, 0x2f, 255],
            "the ground"
        );
        assert_eq!(image.get_pixel(0, 0).0[3], 0, "a rounded corner");
    }
}
