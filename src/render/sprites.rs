//! The board's palette and its sprites: the project's own SVG pieces
//! (`assets/pieces/*.svg`) rasterized with resvg once per square size and
//! quantized to palette indices over each square background, so that an
//! image is composed by copying rows of indices.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use resvg::{tiny_skia, usvg};
use shakmaty::{Color, Piece, Role};

use super::canvas::{Mask, Tile};
use super::palette::{LEVELS, Palette, PaletteBuilder, Rgb, mix, rgb};
use super::theme::{SquareColors, Theme};

/// Light squares (of the default theme, [`Theme::Green`]).
pub const LIGHT: Rgb = rgb(0xeceed4);
/// Dark squares.
pub const DARK: Rgb = rgb(0x7c9c5e);
/// Light squares of the last move.
pub const LIGHT_MOVED: Rgb = rgb(0xf3f18c);
/// Dark squares of the last move.
pub const DARK_MOVED: Rgb = rgb(0xbccb55);
/// The centre of the check glow.
pub const CHECK: Rgb = rgb(0xe0302a);
/// Piece outlines and black pieces.
pub const INK: Rgb = rgb(0x1f1f1f);
/// White pieces.
pub const PAPER: Rgb = rgb(0xfbfbf6);
/// The header and footer bars.
pub const BAR: Rgb = rgb(0x2b2926);
/// Names on the bars.
pub const BAR_TEXT: Rgb = rgb(0xeceae6);
/// The event line.
pub const BAR_DIM: Rgb = rgb(0xa8a49c);
/// A waiting player's clock.
pub const PILL: Rgb = rgb(0x45423d);
/// The clock of the player to move.
pub const PILL_ACTIVE: Rgb = rgb(0xeceae6);
/// A clock that is running low.
pub const PILL_LOW: Rgb = rgb(0xc4392f);

/// The squares' backgrounds a piece can stand on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Ground {
    /// A light square.
    Light,
    /// A dark square.
    Dark,
    /// A light square of the last move.
    LightMoved,
    /// A dark square of the last move.
    DarkMoved,
    /// A light square with a king in check.
    LightCheck,
    /// A dark square with a king in check.
    DarkCheck,
}

impl Ground {
    const ALL: [Ground; 6] = [
        Ground::Light,
        Ground::Dark,
        Ground::LightMoved,
        Ground::DarkMoved,
        Ground::LightCheck,
        Ground::DarkCheck,
    ];

    /// The plain colour of the square (for the check glow, its rim).
    pub(crate) fn base(self, squares: &SquareColors) -> Rgb {
        match self {
            Ground::Light | Ground::LightCheck => squares.light,
            Ground::Dark | Ground::DarkCheck => squares.dark,
            Ground::LightMoved => squares.light_moved,
            Ground::DarkMoved => squares.dark_moved,
        }
    }

    /// The colour of pixel `(x, y)` of a square of side `size`.
    fn color_at(self, squares: &SquareColors, (x, y): (usize, usize), size: usize) -> Rgb {
        match self {
            Ground::LightCheck | Ground::DarkCheck => {
                let centre = size as f32 / 2.0;
                let (dx, dy) = (x as f32 + 0.5 - centre, y as f32 + 0.5 - centre);
                let r = (dx * dx + dy * dy).sqrt() / (centre * std::f32::consts::SQRT_2);
                let t = ((0.9 - r) / 0.65).clamp(0.0, 1.0);
                mix(self.base(squares), CHECK, t)
            }
            _ => self.base(squares),
        }
    }

    fn number(self) -> usize {
        self as usize
    }
}

/// The board palette and the foreground numbers of its inks.
pub(crate) struct BoardPalette {
    /// The palette.
    pub(crate) palette: Palette,
    /// Foregrounds.
    pub(crate) ink: usize,
    pub(crate) paper: usize,
    pub(crate) light: usize,
    pub(crate) dark: usize,
    pub(crate) bar_text: usize,
    pub(crate) bar_dim: usize,
    pub(crate) pill: usize,
    pub(crate) pill_active: usize,
    pub(crate) pill_low: usize,
}

/// The board palette of `theme`, built once per theme.
pub(crate) fn board_palette(theme: Theme) -> &'static BoardPalette {
    static PALETTES: [OnceLock<BoardPalette>; Theme::ALL.len()] =
        [const { OnceLock::new() }; Theme::ALL.len()];
    PALETTES[theme.number()].get_or_init(|| build_board_palette(theme))
}

fn build_board_palette(theme: Theme) -> BoardPalette {
    let SquareColors {
        light,
        dark,
        light_moved,
        dark_moved,
    } = theme.squares();
    let mut b = PaletteBuilder::default();
    b.color(BAR);
    for ground in [light, dark, light_moved, dark_moved, CHECK] {
        b.ramp(ground, INK, 12).ramp(ground, PAPER, 10);
    }
    b.ramp(INK, PAPER, 14);
    b.ramp(light, CHECK, 9).ramp(dark, CHECK, 9);
    // Coordinates: light squares carry dark ink and the other way round.
    b.ramp(light, dark, 10)
        .ramp(light_moved, dark, 8)
        .ramp(dark_moved, light, 8);
    b.ramp(BAR, BAR_TEXT, 12)
        .ramp(BAR, BAR_DIM, 8)
        .ramp(BAR, PAPER, 8);
    for (pill, text) in [(PILL, BAR_TEXT), (PILL_ACTIVE, INK), (PILL_LOW, BAR_TEXT)] {
        b.ramp(BAR, pill, 5).ramp(pill, text, 10);
    }
    let ink = b.foreground(INK);
    let paper = b.foreground(PAPER);
    let light = b.foreground(light);
    let dark = b.foreground(dark);
    let bar_text = b.foreground(BAR_TEXT);
    let bar_dim = b.foreground(BAR_DIM);
    let pill = b.foreground(PILL);
    let pill_active = b.foreground(PILL_ACTIVE);
    let pill_low = b.foreground(PILL_LOW);
    BoardPalette {
        palette: b.build(),
        ink,
        paper,
        light,
        dark,
        bar_text,
        bar_dim,
        pill,
        pill_active,
        pill_low,
    }
}

/// The piece art, one SVG per role, written for this project. White pieces
/// use the files' own style; black ones swap the fill and the detail lines.
fn piece_svg(role: Role) -> &'static str {
    match role {
        Role::Pawn => include_str!("../../assets/pieces/pawn.svg"),
        Role::Knight => include_str!("../../assets/pieces/knight.svg"),
        Role::Bishop => include_str!("../../assets/pieces/bishop.svg"),
        Role::Rook => include_str!("../../assets/pieces/rook.svg"),
        Role::Queen => include_str!("../../assets/pieces/queen.svg"),
        Role::King => include_str!("../../assets/pieces/king.svg"),
    }
}

const WHITE_STYLE_FILL: &str = ".body{fill:#fbfbf6;";
const BLACK_STYLE_FILL: &str = ".body{fill:#1f1f1f;";
const WHITE_STYLE_LINE: &str = ".line{fill:none;stroke:#1f1f1f;";
const BLACK_STYLE_LINE: &str = ".line{fill:none;stroke:#fbfbf6;";
const WHITE_STYLE_DOT: &str = ".dot{fill:#1f1f1f}";
const BLACK_STYLE_DOT: &str = ".dot{fill:#fbfbf6}";

/// The SVG source of `piece`.
pub(crate) fn svg_source(piece: Piece) -> String {
    let svg = piece_svg(piece.role);
    match piece.color {
        Color::White => svg.to_owned(),
        Color::Black => svg
            .replace(WHITE_STYLE_FILL, BLACK_STYLE_FILL)
            .replace(WHITE_STYLE_LINE, BLACK_STYLE_LINE)
            .replace(WHITE_STYLE_DOT, BLACK_STYLE_DOT),
    }
}

/// Rasterizes `piece` to a premultiplied RGBA pixmap of side `size`.
fn rasterize(piece: Piece, size: usize) -> tiny_skia::Pixmap {
    let tree = usvg::Tree::from_str(&svg_source(piece), &usvg::Options::default())
        .expect("the piece SVGs in assets/ parse");
    let mut pixmap = tiny_skia::Pixmap::new(size as u32, size as u32).expect("non-zero size");
    let scale = size as f32 / tree.size().width();
    resvg::render(
        &tree,
        tiny_skia::Transform::from_scale(scale, scale),
        &mut pixmap.as_mut(),
    );
    pixmap
}

/// How many tiles a ground has: the empty square, then [`piece_slot`].
const SLOTS: usize = 13;

/// The pre-quantized tiles of one theme and square size, each rasterized and
/// quantized the first time a board shows it: an opening board needs 26 of
/// the 78, and preparing all of them was most of the first board's cost.
pub(crate) struct BoardSprites {
    theme: Theme,
    size: usize,
    /// The rasterized pieces, by [`piece_slot`] less one.
    pieces: [OnceLock<tiny_skia::Pixmap>; SLOTS - 1],
    /// `tiles[ground * SLOTS + slot]`.
    tiles: [OnceLock<Tile>; Ground::ALL.len() * SLOTS],
}

/// The slot of a piece in [`BoardSprites`].
fn piece_slot(piece: Piece) -> usize {
    let colour = match piece.color {
        Color::White => 0,
        Color::Black => 1,
    };
    1 + colour * 6 + (piece.role as usize - 1)
}

impl BoardSprites {
    fn new(theme: Theme, size: usize) -> Self {
        BoardSprites {
            theme,
            size,
            pieces: std::array::from_fn(|_| OnceLock::new()),
            tiles: std::array::from_fn(|_| OnceLock::new()),
        }
    }

    /// The square at `ground`, with `piece` on it if any.
    pub(crate) fn tile(&self, ground: Ground, piece: Option<Piece>) -> &Tile {
        let slot = piece.map_or(0, piece_slot);
        self.tiles[ground.number() * SLOTS + slot].get_or_init(|| {
            let pixmap = piece
                .map(|piece| self.pieces[slot - 1].get_or_init(|| rasterize(piece, self.size)));
            let palette = &board_palette(self.theme).palette;
            let squares = self.theme.squares();
            quantize_tile((palette, &squares), ground, pixmap, self.size)
        })
    }
}

/// The palette colours nearest to recently seen colours: a direct-mapped
/// cache, cheaper than a map for the few hundred colours of a tile's edges.
struct NearestColors<'a> {
    palette: &'a Palette,
    keys: Box<[u32; NearestColors::SLOTS]>,
    indices: Box<[u8; NearestColors::SLOTS]>,
}

impl<'a> NearestColors<'a> {
    const SLOTS: usize = 4096;

    fn new(palette: &'a Palette) -> Self {
        NearestColors {
            palette,
            keys: Box::new([u32::MAX; Self::SLOTS]),
            indices: Box::new([0; Self::SLOTS]),
        }
    }

    fn index(&mut self, color: Rgb) -> u8 {
        let key = u32::from_be_bytes([0, color[0], color[1], color[2]]);
        let slot = (key.wrapping_mul(0x9e37_79b1) >> 20) as usize % Self::SLOTS;
        if self.keys[slot] != key {
            self.keys[slot] = key;
            self.indices[slot] = self.palette.nearest(color);
        }
        self.indices[slot]
    }
}

fn quantize_tile(
    (palette, squares): (&Palette, &SquareColors),
    ground: Ground,
    pixmap: Option<&tiny_skia::Pixmap>,
    size: usize,
) -> Tile {
    let mut nearest = NearestColors::new(palette);
    let mut indices = Vec::with_capacity(size * size);
    for y in 0..size {
        for x in 0..size {
            let under = ground.color_at(squares, (x, y), size);
            let color = match pixmap.and_then(|p| p.pixel(x as u32, y as u32)) {
                Some(px) => {
                    let keep = 255 - px.alpha() as u16;
                    let over =
                        |c: u8, b: u8| (c as u16 + (b as u16 * keep + 127) / 255).min(255) as u8;
                    [
                        over(px.red(), under[0]),
                        over(px.green(), under[1]),
                        over(px.blue(), under[2]),
                    ]
                }
                None => under,
            };
            indices.push(nearest.index(color));
        }
    }
    Tile {
        width: size,
        height: size,
        indices,
    }
}

/// How many (theme, square size) pairs keep their sprites at once.
const SPRITE_SETS_KEPT: usize = 8;

/// The sprites of `theme` for squares of side `size`, rasterized on first
/// use.
pub(crate) fn board_sprites(theme: Theme, size: usize) -> Arc<BoardSprites> {
    type Sets = HashMap<(Theme, usize), Arc<BoardSprites>>;
    static SPRITES: OnceLock<Mutex<Sets>> = OnceLock::new();
    let sprites = SPRITES.get_or_init(Default::default);
    let key = (theme, size);
    if let Some(found) = sprites.lock().unwrap_or_else(|e| e.into_inner()).get(&key) {
        return Arc::clone(found);
    }
    let made = Arc::new(BoardSprites::new(theme, size));
    let mut sprites = sprites.lock().unwrap_or_else(|e| e.into_inner());
    if sprites.len() >= SPRITE_SETS_KEPT {
        sprites.clear();
    }
    Arc::clone(sprites.entry(key).or_insert(made))
}

/// A shape's kind and size, for the shape cache.
type ShapeKey = (bool, usize, usize, u32);

/// Shapes drawn on the bars, made once per size.
fn cached_shape(key: ShapeKey, make: impl FnOnce() -> Mask) -> Arc<Mask> {
    static SHAPES: OnceLock<Mutex<HashMap<ShapeKey, Arc<Mask>>>> = OnceLock::new();
    let mut shapes = SHAPES
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    if shapes.len() >= 256 {
        shapes.clear();
    }
    Arc::clone(shapes.entry(key).or_insert_with(|| Arc::new(make())))
}

/// A filled rounded rectangle as a coverage mask (4×4 supersampled).
pub(crate) fn rounded_rect(width: usize, height: usize, radius: f32) -> Arc<Mask> {
    cached_shape((false, width, height, radius.to_bits()), || {
        rounded_rect_mask(width, height, radius)
    })
}

/// A filled disc of diameter `size` as a coverage mask.
pub(crate) fn disc(size: usize) -> Arc<Mask> {
    cached_shape((true, size, size, 0), || {
        let r = size as f32 / 2.0;
        shape_mask(size, size, |x, y| {
            (x - r).powi(2) + (y - r).powi(2) <= r * r
        })
    })
}

fn rounded_rect_mask(width: usize, height: usize, radius: f32) -> Mask {
    shape_mask(width, height, |x, y| {
        let cx = x.clamp(radius, width as f32 - radius);
        let cy = y.clamp(radius, height as f32 - radius);
        (x - cx).powi(2) + (y - cy).powi(2) <= radius * radius
    })
}

fn shape_mask(width: usize, height: usize, inside: impl Fn(f32, f32) -> bool) -> Mask {
    const SUB: usize = 4;
    let mut levels = Vec::with_capacity(width * height);
    for y in 0..height {
        for x in 0..width {
            let mut hits = 0;
            for sy in 0..SUB {
                for sx in 0..SUB {
                    let px = x as f32 + (sx as f32 + 0.5) / SUB as f32;
                    let py = y as f32 + (sy as f32 + 0.5) / SUB as f32;
                    hits += inside(px, py) as usize;
                }
            }
            levels.push((hits * (LEVELS - 1) / (SUB * SUB)) as u8);
        }
    }
    Mask {
        width,
        height,
        levels,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_palettes_leave_a_slot_for_gif_transparency() {
        for theme in Theme::ALL {
            assert!(board_palette(theme).palette.len() <= 255, "{theme:?}");
        }
    }

    #[test]
    fn black_pieces_swap_colours() {
        let black = svg_source(Piece {
            color: Color::Black,
            role: Role::Knight,
        });
        assert!(black.contains(BLACK_STYLE_FILL));
        assert!(black.contains(BLACK_STYLE_LINE));
        assert!(!black.contains(WHITE_STYLE_FILL));
    }
}
