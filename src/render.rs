//! Images for chats: a pure function from a position and options to PNG
//! bytes ([`render_board`]), an animated GIF of a whole game
//! ([`render_game_gif`]), the crosstable of an event's standings
//! ([`render_crosstable`]), a team event's table ([`render_team_table`])
//! and a knock-out event's bracket ([`render_bracket`]), each in the
//! reader's [`Theme`].
//!
//! The piece art is the project's own (`assets/pieces/*.svg`), rasterized
//! once per square size with resvg; names use DejaVu Sans from the `dejavu`
//! crate, so Cyrillic names draw. Each image is 8-bit indexed colour over a
//! fixed palette: sprites are quantized to palette indices in advance, so an
//! image is composed by copying rows of indices and then encoded.
//!
//! [`RenderCache`] keeps recent images, keyed by a SHA-256 of their inputs
//! ([`ContentKey`]), which the chat adapters can also use to reuse a
//! platform's file id for an image already uploaded.

mod board;
mod bracket;
mod cache;
mod canvas;
pub mod cli;
mod gif;
mod lzw;
mod palette;
mod sprites;
mod table;
mod team_table;
mod text;
mod theme;

pub use board::{
    BOARD_WIDTHS, BoardOptions, DEFAULT_BOARD_WIDTH, LOW_DAYS, Language, Layout, MAX_EVENT_CHARS,
    MAX_NAME_CHARS, PlayerLabel, ViewSetting, clock_label, move_squares, orientation, render_board,
    render_board_with,
};
pub use bracket::{
    BracketInput, BracketMatch, BracketRound, BracketSide, MAX_BRACKET_ROUNDS, render_bracket,
};
pub use cache::{
    ContentKey, RENDER_VERSION, RenderCache, board_key, bracket_key, crosstable_key, team_table_key,
};
pub use canvas::{Deflate, EncodeSettings, RowFilter};
pub use gif::{FINAL_DELAY_CS, FRAME_DELAY_CS, animation_frames, render_game_gif};
pub use table::{
    CrosstableGame, CrosstableInput, CrosstableRow, GameMark, MAX_PLAYERS, render_crosstable,
    render_crosstable_with,
};
pub use team_table::{MAX_TEAMS, TeamMatchCell, TeamTableInput, TeamTableRow, render_team_table};
pub use theme::{SquareColors, TableColors, Theme};

/// The colours of the board image, for tests that sample pixels.
pub mod colors {
    pub use super::palette::Rgb;
    pub use super::sprites::{
        BAR, BAR_TEXT, CHECK, DARK, DARK_MOVED, INK, LIGHT, LIGHT_MOVED, PAPER, PILL_ACTIVE,
        PILL_LOW,
    };
    pub use super::table::{TABLE_BACKGROUND, TABLE_LATEST};
}
