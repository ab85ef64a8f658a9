//! The board image: a header bar (the player at the top), the board, a
//! footer bar (the player at the bottom), and an optional title strip with
//! the event and the move number above them.

use shakmaty::{Board, CastlingMode, Chess, Color, File, Move, Position, Rank, Square};

use super::canvas::{Canvas, EncodeSettings};
use super::sprites::{self, BoardPalette, Ground, board_palette, board_sprites};
use super::text::{self, Face};
use super::theme::Theme;

/// The longest name drawn, in characters (longer ones are cut with `…`).
pub const MAX_NAME_CHARS: usize = 48;
/// The longest event name drawn, in characters.
pub const MAX_EVENT_CHARS: usize = 80;
/// Board widths are clamped to this range and rounded down to a multiple of 8.
/// 240 px is the preview size; bars and coordinates keep a legible minimum.
pub const BOARD_WIDTHS: std::ops::RangeInclusive<u16> = 240..=1024;
/// The default board width in pixels.
pub const DEFAULT_BOARD_WIDTH: u16 = 720;
/// A clock at or below this many days is drawn in red.
pub const LOW_DAYS: u16 = 2;

/// The language of the few words on the image ("days", "move").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Language {
    /// Ukrainian (the default).
    #[default]
    Ukrainian,
    /// English.
    English,
}

/// A player as the bars show them.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct PlayerLabel {
    /// The name (any script; cut to fit).
    pub name: String,
    /// Thinking time left, in whole days, if shown: the rules count time in
    /// days and drop parts of a day (R2.4.4, R3.5.2).
    pub days_left: Option<u16>,
    /// When the player loses on time without a move, as the viewer reads it
    /// (`до 10.02 о 09:00`): shown beside the days of the side to move.
    pub deadline: Option<String>,
}

/// A user's setting for which side of the board they see.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ViewSetting {
    /// Their own side when they play in the game, White's otherwise.
    #[default]
    OwnSide,
    /// Always from White's side.
    White,
    /// Always from Black's side.
    Black,
}

/// The colour at the bottom of the board for a recipient who plays `viewer`
/// (`None`: a spectator or a channel), with their setting applied.
pub fn orientation(viewer: Option<Color>, setting: ViewSetting) -> Color {
    match setting {
        ViewSetting::OwnSide => viewer.unwrap_or(Color::White),
        ViewSetting::White => Color::White,
        ViewSetting::Black => Color::Black,
    }
}

/// The two squares to highlight for `m`: for castling the king's start and
/// destination squares.
pub fn move_squares(m: &Move) -> Option<(Square, Square)> {
    match m.to_uci(CastlingMode::Standard) {
        shakmaty::uci::UciMove::Normal { from, to, .. } => Some((from, to)),
        _ => None,
    }
}

/// Everything drawn besides the pieces. All text is bounded when drawn.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct BoardOptions {
    /// The colour whose pieces start at the bottom ([`orientation`]).
    pub orientation: Color,
    /// The last move's two squares, highlighted.
    pub last_move: Option<(Square, Square)>,
    /// The square of a king in check, highlighted.
    pub check: Option<Square>,
    /// The side to move: its clock is lit.
    pub turn: Option<Color>,
    /// White's label.
    pub white: PlayerLabel,
    /// Black's label.
    pub black: PlayerLabel,
    /// The event's name (title strip).
    pub event: String,
    /// The move number (title strip).
    pub move_number: Option<u32>,
    /// Files and ranks on the board's edge.
    pub coordinates: bool,
    /// The words' language.
    pub language: Language,
    /// The board's width in pixels ([`BOARD_WIDTHS`]).
    pub board_width: u16,
    /// The square colours.
    pub theme: Theme,
    /// A finished game's score as (White's, Black's) labels ("1", "½",
    /// "0", "+", "−"), drawn where the clocks are.
    pub score: Option<(String, String)>,
}

impl Default for BoardOptions {
    fn default() -> Self {
        BoardOptions {
            orientation: Color::White,
            last_move: None,
            check: None,
            turn: None,
            white: PlayerLabel::default(),
            black: PlayerLabel::default(),
            event: String::new(),
            move_number: None,
            coordinates: true,
            language: Language::default(),
            board_width: DEFAULT_BOARD_WIDTH,
            theme: Theme::default(),
            score: None,
        }
    }
}

impl BoardOptions {
    /// Options with the check, the side to move and the move number taken
    /// from `position`.
    pub fn for_position(position: &Chess) -> Self {
        BoardOptions {
            check: position
                .is_check()
                .then(|| position.board().king_of(position.turn()))
                .flatten(),
            turn: Some(position.turn()),
            move_number: Some(position.fullmoves().get()),
            ..BoardOptions::default()
        }
    }

    /// The board width actually used: clamped and a multiple of 8.
    pub fn effective_width(&self) -> usize {
        let clamped = self
            .board_width
            .clamp(*BOARD_WIDTHS.start(), *BOARD_WIDTHS.end());
        (clamped / 8 * 8) as usize
    }

    fn has_title(&self) -> bool {
        !self.event.trim().is_empty() || self.move_number.is_some()
    }
}

/// Where things go, for a board of width `width`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    /// The board's width (and height).
    pub board: usize,
    /// One square's side.
    pub square: usize,
    /// The title strip's height (0 without event or move number).
    pub title: usize,
    /// The header's and the footer's height.
    pub bar: usize,
    /// The board's top edge.
    pub board_top: usize,
    /// The image's height.
    pub height: usize,
}

impl Layout {
    /// The layout for `options`.
    pub fn of(options: &BoardOptions) -> Layout {
        let board = options.effective_width();
        // Small previews keep bars and title tall enough for legible names.
        let title = if options.has_title() {
            (board / 18).max(20)
        } else {
            0
        };
        let bar = (board / 12).max(32);
        Layout {
            board,
            square: board / 8,
            title,
            bar,
            board_top: title + bar,
            height: title + 2 * bar + board,
        }
    }

    /// The top-left pixel of `square` on the image.
    pub fn square_origin(&self, square: Square, orientation: Color) -> (usize, usize) {
        let (col, row) = match orientation {
            Color::White => (square.file() as usize, 7 - square.rank() as usize),
            Color::Black => (7 - square.file() as usize, square.rank() as usize),
        };
        (col * self.square, self.board_top + row * self.square)
    }
}

/// Renders `board` with `options` as PNG bytes, with the default encoding.
pub fn render_board(board: &Board, options: &BoardOptions) -> Vec<u8> {
    render_board_with(board, options, EncodeSettings::default())
}

/// Renders `board` with `options` as PNG bytes, encoded with `settings`.
pub fn render_board_with(
    board: &Board,
    options: &BoardOptions,
    settings: EncodeSettings,
) -> Vec<u8> {
    let kit = board_palette(options.theme);
    let canvas = compose(board, options, kit);
    canvas.encode(&kit.palette, settings)
}

/// Draws the whole image as palette indices over `kit` (the theme's).
pub(crate) fn compose(board: &Board, options: &BoardOptions, kit: &BoardPalette) -> Canvas {
    let layout = Layout::of(options);
    let bar = kit.palette.index(sprites::BAR);
    let mut canvas = Canvas::new(layout.board, layout.height, bar);
    draw_squares(&mut canvas, board, options, &layout);
    if options.coordinates {
        draw_coordinates(&mut canvas, options, &layout, kit);
    }
    if layout.title > 0 {
        draw_title(&mut canvas, options, &layout, kit);
    }
    let top = !options.orientation;
    draw_bar(&mut canvas, options, top, layout.title, &layout, kit);
    draw_bar(
        &mut canvas,
        options,
        options.orientation,
        layout.board_top + layout.board,
        &layout,
        kit,
    );
    canvas
}

/// The background of `square` under `options`.
pub(crate) fn ground(square: Square, options: &BoardOptions) -> Ground {
    let light = square.is_light();
    let moved = options
        .last_move
        .is_some_and(|(from, to)| square == from || square == to);
    match (options.check == Some(square), moved, light) {
        (true, _, true) => Ground::LightCheck,
        (true, _, false) => Ground::DarkCheck,
        (false, true, true) => Ground::LightMoved,
        (false, true, false) => Ground::DarkMoved,
        (false, false, true) => Ground::Light,
        (false, false, false) => Ground::Dark,
    }
}

fn draw_squares(canvas: &mut Canvas, board: &Board, options: &BoardOptions, layout: &Layout) {
    let sprites = board_sprites(options.theme, layout.square);
    for square in Square::ALL {
        let (x, y) = layout.square_origin(square, options.orientation);
        let tile = sprites.tile(ground(square, options), board.piece_at(square));
        canvas.blit(x, y, tile);
    }
}

fn coordinate_ink(square: Square, kit: &BoardPalette) -> usize {
    if square.is_light() {
        kit.dark
    } else {
        kit.light
    }
}

fn draw_coordinates(
    canvas: &mut Canvas,
    options: &BoardOptions,
    layout: &Layout,
    kit: &BoardPalette,
) {
    for square in Square::ALL {
        draw_coordinate(canvas, options, layout, kit, square);
    }
}

/// Draws the file and rank letters that `square` carries, if any (the
/// animation redraws them on the squares it redraws). 12 px bold at least:
/// readable on a 360-px preview, where a square is 45 px.
pub(crate) fn draw_coordinate(
    canvas: &mut Canvas,
    options: &BoardOptions,
    layout: &Layout,
    kit: &BoardPalette,
    square: Square,
) {
    let size = (layout.square * 22 / 90).max(12) as u16;
    let pad = (layout.square / 24).max(2) as i32;
    let (bottom_rank, left_file) = if options.orientation == Color::White {
        (Rank::First, File::A)
    } else {
        (Rank::Eighth, File::H)
    };
    if square.rank() == bottom_rank {
        let file = square.file();
        let (x, y) = layout.square_origin(square, options.orientation);
        let label = file.char().to_string();
        let right = (x + layout.square) as i32 - pad - text::width(Face::Bold, size, &label) as i32;
        let baseline = (y + layout.square) as i32 - pad - size as i32 / 8;
        text::draw(
            canvas,
            &kit.palette,
            (right, baseline),
            (Face::Bold, size),
            &label,
            coordinate_ink(square, kit),
        );
    }
    if square.file() == left_file {
        let (x, y) = layout.square_origin(square, options.orientation);
        let label = square.rank().char().to_string();
        let baseline = y as i32 + pad + size as i32 * 3 / 4;
        text::draw(
            canvas,
            &kit.palette,
            (x as i32 + pad, baseline),
            (Face::Bold, size),
            &label,
            coordinate_ink(square, kit),
        );
    }
}

fn draw_title(canvas: &mut Canvas, options: &BoardOptions, layout: &Layout, kit: &BoardPalette) {
    let size = (layout.title * 11 / 20) as u16;
    let margin = (layout.board / 40) as i32;
    let baseline = (layout.title * 7 / 10) as i32;
    let mut right_edge = layout.board as i32 - margin;
    if let Some(number) = options.move_number {
        let label = match options.language {
            Language::Ukrainian => format!("Хід {}", number.min(99_999)),
            Language::English => format!("Move {}", number.min(99_999)),
        };
        let w = text::width(Face::Regular, size, &label) as i32;
        right_edge -= w;
        text::draw(
            canvas,
            &kit.palette,
            (right_edge, baseline),
            (Face::Regular, size),
            &label,
            kit.bar_dim,
        );
        right_edge -= margin;
    }
    let room = (right_edge - margin).max(0) as u32;
    let event = text::fit(Face::Regular, size, &options.event, MAX_EVENT_CHARS, room);
    text::draw(
        canvas,
        &kit.palette,
        (margin, baseline),
        (Face::Regular, size),
        &event,
        kit.bar_dim,
    );
}

/// The clock's words: "12 дн." or "12 d".
pub fn clock_label(days: u16, language: Language) -> String {
    let days = days.min(999);
    match language {
        Language::Ukrainian => format!("{days} дн."),
        Language::English => format!("{days} d"),
    }
}

/// The pill's label and (fill, ink) for `color`'s bar: the score of a
/// finished game, else the clock.
fn pill_of(
    options: &BoardOptions,
    color: Color,
    kit: &BoardPalette,
) -> Option<(String, (usize, usize))> {
    if let Some((white, black)) = &options.score {
        let label = if color == Color::White { white } else { black };
        return Some((label.clone(), (kit.pill_active, kit.ink)));
    }
    let player = match color {
        Color::White => &options.white,
        Color::Black => &options.black,
    };
    let days = player.days_left?;
    let colours = if days <= LOW_DAYS {
        (kit.pill_low, kit.bar_text)
    } else if options.turn == Some(color) {
        (kit.pill_active, kit.ink)
    } else {
        (kit.pill, kit.bar_text)
    };
    let label = match &player.deadline {
        Some(deadline) => format!("{} · {deadline}", clock_label(days, options.language)),
        None => clock_label(days, options.language),
    };
    Some((label, colours))
}

fn draw_bar(
    canvas: &mut Canvas,
    options: &BoardOptions,
    color: Color,
    top: usize,
    layout: &Layout,
    kit: &BoardPalette,
) {
    let player = match color {
        Color::White => &options.white,
        Color::Black => &options.black,
    };
    let unit = layout.bar as f32 / 60.0;
    let margin = (layout.board / 40) as i32;
    let centre = top as i32 + layout.bar as i32 / 2;
    // The clock pill (or a finished game's score), right-aligned.
    let mut name_right = layout.board as i32 - margin;
    if let Some((label, (fill, ink))) = pill_of(options, color, kit) {
        let size = (24.0 * unit) as u16;
        let text_w = text::width(Face::Bold, size, &label) as usize;
        let pad = (14.0 * unit) as usize;
        let (pill_w, pill_h) = (text_w + 2 * pad, (40.0 * unit) as usize);
        let x = name_right - pill_w as i32;
        let y = centre - pill_h as i32 / 2;
        let pill = sprites::rounded_rect(pill_w, pill_h, 7.0 * unit);
        canvas.paint(&kit.palette, x, y, &pill, fill);
        let baseline = centre + (size as f32 * 0.36) as i32;
        text::draw(
            canvas,
            &kit.palette,
            (x + pad as i32, baseline),
            (Face::Bold, size),
            &label,
            ink,
        );
        name_right = x - margin;
    }
    // The colour disc, then the name.
    let disc_size = (20.0 * unit) as usize;
    let disc = sprites::disc(disc_size);
    let disc_y = centre - disc_size as i32 / 2;
    let rim = if color == Color::White {
        kit.paper
    } else {
        kit.bar_text
    };
    canvas.paint(&kit.palette, margin, disc_y, &disc, rim);
    if color == Color::Black {
        let inner = sprites::disc(disc_size - 4);
        canvas.paint(&kit.palette, margin + 2, disc_y + 2, &inner, kit.ink);
    }
    let size = (26.0 * unit) as u16;
    let name_x = margin + disc_size as i32 + margin / 2 + 4;
    let room = (name_right - name_x).max(0) as u32;
    let name = text::fit(Face::Bold, size, &player.name, MAX_NAME_CHARS, room);
    let baseline = centre + (size as f32 * 0.36) as i32;
    text::draw(
        canvas,
        &kit.palette,
        (name_x, baseline),
        (Face::Bold, size),
        &name,
        kit.bar_text,
    );
}
