//! The crosstable image: players × players with their results, score, wins,
//! Sonneborn-Berger and place; the latest results have a marked background.

use std::sync::OnceLock;

use super::board::Language;
use super::canvas::{Canvas, EncodeSettings};
use super::palette::{Palette, PaletteBuilder, Rgb, rgb};
use super::text::{self, Face};
use super::theme::{TableColors, Theme};

/// The most players a crosstable draws (later rows are left out).
pub const MAX_PLAYERS: usize = 40;
/// The longest name drawn, in characters.
const MAX_NAME_CHARS: usize = 40;

/// The table's background.
pub const TABLE_BACKGROUND: Rgb = rgb(0xffffff);
/// Header row and title bar.
const HEADER: Rgb = rgb(0x2b2926);
const HEADER_TEXT: Rgb = rgb(0xeceae6);
const TEXT: Rgb = rgb(0x1f1f1f);
const DIM: Rgb = rgb(0x77756f);
/// The background of the latest results.
pub const TABLE_LATEST: Rgb = rgb(0xf3e36a);
/// Won games (and, in the bracket, the winner's mark).
pub(super) const WIN: Rgb = rgb(0x3f7a2a);
const LOSS: Rgb = rgb(0xb0372d);

/// One game's result from the row player's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameMark {
    /// Not finished yet.
    Pending,
    /// Won.
    Win,
    /// Drawn.
    Draw,
    /// Lost.
    Loss,
    /// Won by forfeit (the opponent's time or absence).
    ForfeitWin,
    /// Lost by forfeit.
    ForfeitLoss,
}

impl GameMark {
    fn label(self) -> &'static str {
        match self {
            GameMark::Pending => "·",
            GameMark::Win => "1",
            GameMark::Draw => "½",
            GameMark::Loss => "0",
            GameMark::ForfeitWin => "+",
            GameMark::ForfeitLoss => "−",
        }
    }
}

/// One game in a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CrosstableGame {
    /// Its result.
    pub mark: GameMark,
    /// Whether it is among the latest results (marked).
    pub latest: bool,
}

/// One player's row. The standings code computes the figures.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct CrosstableRow {
    /// The player's name.
    pub name: String,
    /// The place, e.g. "1" or "2–3".
    pub place: String,
    /// The score in half points.
    pub score_halves: u32,
    /// The number of wins.
    pub wins: u32,
    /// The Sonneborn-Berger score in quarter points.
    pub sonneborn_berger_quarters: u32,
    /// `games[j]`: the games against the player of row `j` (none on the
    /// diagonal; two in a double round robin).
    pub games: Vec<Vec<CrosstableGame>>,
}

/// A crosstable: rows in the order of places.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct CrosstableInput {
    /// The event's name.
    pub title: String,
    /// The players, in order of place.
    pub players: Vec<CrosstableRow>,
    /// The column headers' language.
    pub language: Language,
    /// The tints of stripes, grid and diagonal (the reader's board theme).
    pub theme: Theme,
}

pub(super) struct TableKit {
    pub(super) palette: Palette,
    pub(super) colors: TableColors,
    pub(super) text: usize,
    pub(super) dim: usize,
    pub(super) header_text: usize,
    pub(super) win: usize,
    pub(super) loss: usize,
}

pub(super) fn kit(theme: Theme) -> &'static TableKit {
    static KITS: [OnceLock<TableKit>; Theme::ALL.len()] =
        [const { OnceLock::new() }; Theme::ALL.len()];
    KITS[theme.number()].get_or_init(|| {
        let colors = theme.table();
        let mut b = PaletteBuilder::default();
        b.color(colors.grid).color(colors.diagonal);
        for ground in [TABLE_BACKGROUND, colors.stripe, TABLE_LATEST] {
            b.ramp(ground, TEXT, 14)
                .ramp(ground, DIM, 8)
                .ramp(ground, WIN, 10)
                .ramp(ground, LOSS, 10);
        }
        b.ramp(HEADER, HEADER_TEXT, 14);
        let text = b.foreground(TEXT);
        let dim = b.foreground(DIM);
        let header_text = b.foreground(HEADER_TEXT);
        let win = b.foreground(WIN);
        let loss = b.foreground(LOSS);
        TableKit {
            palette: b.build(),
            colors,
            text,
            dim,
            header_text,
            win,
            loss,
        }
    })
}

/// Half points as "5½", "½", "0".
pub(super) fn halves(value: u32) -> String {
    match (value / 2, value % 2) {
        (0, 1) => "½".to_owned(),
        (whole, 1) => format!("{whole}½"),
        (whole, _) => whole.to_string(),
    }
}

/// Quarter points as "12.25", "7.5", "3".
fn quarters(value: u32) -> String {
    let fraction = ["", ".25", ".5", ".75"][(value % 4) as usize];
    format!("{}{fraction}", value / 4)
}

/// Column sizes for a table of `players` rows (teams, in the teams' table)
/// and `stats` figure columns.
pub(super) struct Grid {
    pub(super) row: usize,
    pub(super) title: usize,
    pub(super) number: usize,
    pub(super) name: usize,
    pub(super) cell: usize,
    pub(super) stat: usize,
    pub(super) stats: usize,
    pub(super) players: usize,
    pub(super) font: u16,
}

impl Grid {
    fn of(input: &CrosstableInput, players: usize) -> Grid {
        let font = 20;
        let games = input
            .players
            .iter()
            .flat_map(|r| r.games.iter())
            .map(Vec::len)
            .max();
        let per_cell = games.unwrap_or(1).clamp(1, 4);
        let widest = input.players.iter().take(players).map(|r| {
            let name = text::fit(Face::Regular, font, &r.name, MAX_NAME_CHARS, 320);
            text::width(Face::Regular, font, &name) as usize
        });
        Grid {
            row: 40,
            title: 56,
            number: 40,
            name: widest.max().unwrap_or(0).clamp(120, 320) + 24,
            cell: 24 + 22 * per_cell,
            stat: 76,
            stats: 4,
            players,
            font,
        }
    }

    pub(super) fn width(&self) -> usize {
        self.number + self.name + self.cell * self.players + self.stats * self.stat
    }

    pub(super) fn height(&self) -> usize {
        self.title + self.row * (self.players + 1)
    }

    pub(super) fn cells_left(&self) -> usize {
        self.number + self.name
    }

    pub(super) fn stats_left(&self) -> usize {
        self.cells_left() + self.cell * self.players
    }
}

/// Renders `input` as PNG bytes, with the default encoding.
pub fn render_crosstable(input: &CrosstableInput) -> Vec<u8> {
    render_crosstable_with(input, EncodeSettings::default())
}

/// Renders `input` as PNG bytes, encoded with `settings`.
pub fn render_crosstable_with(input: &CrosstableInput, settings: EncodeSettings) -> Vec<u8> {
    let kit = kit(input.theme);
    let players = input.players.len().min(MAX_PLAYERS);
    let grid = Grid::of(input, players);
    let background = kit.palette.index(TABLE_BACKGROUND);
    let mut canvas = Canvas::new(grid.width(), grid.height(), background);
    draw_title(&mut canvas, &input.title, &grid, kit);
    draw_header(&mut canvas, input, &grid, kit);
    for (index, row) in input.players.iter().take(players).enumerate() {
        draw_row(&mut canvas, index, row, &grid, kit);
    }
    draw_grid_lines(&mut canvas, &grid, kit);
    canvas.encode(&kit.palette, settings)
}

pub(super) fn centred(
    canvas: &mut Canvas,
    kit: &TableKit,
    (left, width): (usize, usize),
    baseline: i32,
    style: (Face, u16),
    label: &str,
    fg: usize,
) {
    let w = text::width(style.0, style.1, label) as usize;
    let x = left + width.saturating_sub(w) / 2;
    text::draw(canvas, &kit.palette, (x as i32, baseline), style, label, fg);
}

pub(super) fn draw_title(canvas: &mut Canvas, title: &str, grid: &Grid, kit: &TableKit) {
    draw_title_bar(canvas, title, (grid.width(), grid.title), kit);
}

/// The dark bar `width` × `height` at the top of an image with `title` in
/// it, fitted to its width.
pub(super) fn draw_title_bar(
    canvas: &mut Canvas,
    title: &str,
    (width, height): (usize, usize),
    kit: &TableKit,
) {
    canvas.fill_rect(0, 0, width, height, kit.palette.index(HEADER));
    let size = 26;
    let title = text::fit(Face::Bold, size, title, 80, width.saturating_sub(32) as u32);
    let baseline = (height / 2) as i32 + 9;
    text::draw(
        canvas,
        &kit.palette,
        (16, baseline),
        (Face::Bold, size),
        &title,
        kit.header_text,
    );
}

fn headers(language: Language) -> [&'static str; 4] {
    match language {
        Language::Ukrainian => ["Очки", "Перем.", "З-Б", "Місце"],
        Language::English => ["Score", "Wins", "SB", "Place"],
    }
}

fn draw_header(canvas: &mut Canvas, input: &CrosstableInput, grid: &Grid, kit: &TableKit) {
    let name = match input.language {
        Language::Ukrainian => "Учасник",
        Language::English => "Player",
    };
    draw_header_row(canvas, (grid, kit), name, &headers(input.language));
}

/// The header row: the label of the names' column, the columns' numbers
/// and the labels of the figures (`stats`).
pub(super) fn draw_header_row(
    canvas: &mut Canvas,
    (grid, kit): (&Grid, &TableKit),
    name: &str,
    stats: &[&str],
) {
    let baseline = (grid.title + grid.row / 2) as i32 + 7;
    let style = (Face::Bold, grid.font - 2);
    let at = (grid.number as i32 + 10, baseline);
    text::draw(canvas, &kit.palette, at, style, name, kit.dim);
    for column in 0..grid.players {
        let left = grid.cells_left() + column * grid.cell;
        let label = (column + 1).to_string();
        centred(
            canvas,
            kit,
            (left, grid.cell),
            baseline,
            style,
            &label,
            kit.dim,
        );
    }
    for (i, label) in stats.iter().enumerate() {
        let left = grid.stats_left() + i * grid.stat;
        centred(
            canvas,
            kit,
            (left, grid.stat),
            baseline,
            style,
            label,
            kit.dim,
        );
    }
}

/// Row `index`'s striped ground, number and `name`, then its cells: the
/// diagonal filled, each other column drawn by `cell(canvas, column, left,
/// (top, baseline))`. Returns the row's baseline, for its figures.
pub(super) fn draw_row_with(
    canvas: &mut Canvas,
    (index, name): (usize, &str),
    (grid, kit): (&Grid, &TableKit),
    mut cell: impl FnMut(&mut Canvas, usize, usize, (usize, i32)),
) -> i32 {
    let top = grid.title + grid.row * (index + 1);
    let ground = if index.is_multiple_of(2) {
        kit.colors.stripe
    } else {
        TABLE_BACKGROUND
    };
    canvas.fill_rect(0, top, grid.width(), grid.row, kit.palette.index(ground));
    let baseline = (top + grid.row / 2) as i32 + 7;
    let regular = (Face::Regular, grid.font);
    let number = (index + 1).to_string();
    centred(
        canvas,
        kit,
        (0, grid.number),
        baseline,
        regular,
        &number,
        kit.dim,
    );
    let width = (grid.name - 20) as u32;
    let name = text::fit(Face::Regular, grid.font, name, MAX_NAME_CHARS, width);
    let at = (grid.number as i32 + 10, baseline);
    text::draw(canvas, &kit.palette, at, regular, &name, kit.text);
    for column in 0..grid.players {
        let left = grid.cells_left() + column * grid.cell;
        if column == index {
            let diagonal = kit.palette.index(kit.colors.diagonal);
            canvas.fill_rect(left, top, grid.cell, grid.row, diagonal);
            continue;
        }
        cell(canvas, column, left, (top, baseline));
    }
    baseline
}

fn draw_row(canvas: &mut Canvas, index: usize, row: &CrosstableRow, grid: &Grid, kit: &TableKit) {
    let baseline = draw_row_with(
        canvas,
        (index, &row.name),
        (grid, kit),
        |canvas, column, left, (top, _)| {
            let games = row.games.get(column).map(Vec::as_slice).unwrap_or_default();
            draw_cell(canvas, (left, top), games, grid, kit);
        },
    );
    let stats = [
        halves(row.score_halves),
        row.wins.to_string(),
        quarters(row.sonneborn_berger_quarters),
        text::fit(Face::Bold, grid.font, &row.place, 8, grid.stat as u32 - 8),
    ];
    draw_stats(canvas, (grid, kit), baseline, &stats, |i| i == 0 || i == 3);
}

/// Draws a row's figures centred in the stats columns, in bold where
/// `is_bold(column)`, regular elsewhere.
pub(super) fn draw_stats(
    canvas: &mut Canvas,
    (grid, kit): (&Grid, &TableKit),
    baseline: i32,
    stats: &[String],
    is_bold: impl Fn(usize) -> bool,
) {
    for (i, value) in stats.iter().enumerate() {
        let left = grid.stats_left() + i * grid.stat;
        let face = if is_bold(i) {
            Face::Bold
        } else {
            Face::Regular
        };
        let style = (face, grid.font);
        centred(
            canvas,
            kit,
            (left, grid.stat),
            baseline,
            style,
            value,
            kit.text,
        );
    }
}

fn draw_cell(
    canvas: &mut Canvas,
    (left, top): (usize, usize),
    games: &[CrosstableGame],
    grid: &Grid,
    kit: &TableKit,
) {
    let games = &games[..games.len().min(4)];
    if games.is_empty() {
        return;
    }
    let slot = (grid.cell - 8) / games.len();
    let baseline = (top + grid.row / 2) as i32 + 7;
    for (i, game) in games.iter().enumerate() {
        let x = left + 4 + i * slot;
        if game.latest {
            canvas.fill_rect(
                x + 1,
                top + 5,
                slot - 2,
                grid.row - 10,
                kit.palette.index(TABLE_LATEST),
            );
        }
        let fg = match game.mark {
            GameMark::Win | GameMark::ForfeitWin => kit.win,
            GameMark::Loss | GameMark::ForfeitLoss => kit.loss,
            GameMark::Draw => kit.text,
            GameMark::Pending => kit.dim,
        };
        centred(
            canvas,
            kit,
            (x, slot),
            baseline,
            (Face::Bold, grid.font),
            game.mark.label(),
            fg,
        );
    }
}

pub(super) fn draw_grid_lines(canvas: &mut Canvas, grid: &Grid, kit: &TableKit) {
    let line = kit.palette.index(kit.colors.grid);
    let body_top = grid.title + grid.row;
    let body_height = grid.row * grid.players;
    for column in 0..=grid.players {
        let x = grid.cells_left() + column * grid.cell;
        canvas.fill_rect(x, body_top, 1, body_height, line);
    }
    for row in 1..=grid.players {
        canvas.fill_rect(0, grid.title + grid.row * row, grid.width(), 1, line);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn figures_are_formatted_in_halves_and_quarters() {
        assert_eq!(halves(0), "0");
        assert_eq!(halves(1), "½");
        assert_eq!(halves(11), "5½");
        assert_eq!(quarters(49), "12.25");
        assert_eq!(quarters(30), "7.5");
        assert_eq!(quarters(12), "3");
    }

    #[test]
    fn table_palette_fits_in_256_colours() {
        for theme in Theme::ALL {
            assert!(kit(theme).palette.len() <= 256);
        }
    }
}
