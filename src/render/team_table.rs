//! The team standings image, drawn like the individual crosstable: teams ×
//! teams with each match's board points (green won, red lost, dark drawn,
//! grey while boards are still playing), then match points, board points
//! and place, in the reader's theme.

use super::board::Language;
use super::canvas::{Canvas, EncodeSettings};
use super::table::{
    Grid, TABLE_BACKGROUND, TableKit, centred, draw_grid_lines, draw_header_row, draw_row_with,
    draw_stats, draw_title, halves, kit,
};
use super::text::{self, Face};
use super::theme::Theme;

/// The most teams a table draws (later rows are left out).
pub const MAX_TEAMS: usize = 24;
/// The longest team name drawn, in characters.
const MAX_NAME_CHARS: usize = 40;

/// One match in a cell, from the row team's side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct TeamMatchCell {
    /// The row team's board points, in half points.
    pub own_halves: u32,
    /// The other team's board points, in half points.
    pub other_halves: u32,
    /// Every board has a result (the match scored match points).
    pub complete: bool,
}

/// One team's row; the standings code computes the figures.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct TeamTableRow {
    /// The team's name.
    pub name: String,
    /// The place, e.g. "1" or "2–3".
    pub place: String,
    /// Match points.
    pub match_points: u32,
    /// Board points in half points.
    pub board_halves: u32,
    /// `matches[j]`: the matches against the team of row `j` (none on the
    /// diagonal; two in a double round robin).
    pub matches: Vec<Vec<TeamMatchCell>>,
}

/// A team event's table: rows in the order of places.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct TeamTableInput {
    /// The event's name.
    pub title: String,
    /// The teams, in order of place.
    pub teams: Vec<TeamTableRow>,
    /// The column headers' language.
    pub language: Language,
    /// The reader's board theme (stripes, grid and diagonal).
    pub theme: Theme,
}

fn headers(language: Language) -> ([&'static str; 3], &'static str) {
    match language {
        Language::Ukrainian => (["Ком. оч.", "Дошки", "Місце"], "Команда"),
        Language::English => (["Match", "Boards", "Place"], "Team"),
    }
}

fn grid_of(input: &TeamTableInput, teams: usize) -> Grid {
    let font = 20;
    let per_cell = input
        .teams
        .iter()
        .flat_map(|row| row.matches.iter())
        .map(Vec::len)
        .max()
        .unwrap_or(1)
        .clamp(1, 4);
    let widest = input.teams.iter().take(teams).map(|row| {
        let name = text::fit(Face::Regular, font, &row.name, MAX_NAME_CHARS, 320);
        text::width(Face::Regular, font, &name) as usize
    });
    Grid {
        row: 40,
        title: 56,
        number: 40,
        name: widest.max().unwrap_or(0).clamp(120, 320) + 24,
        cell: 16 + 44 * per_cell,
        stat: 96,
        stats: 3,
        players: teams,
        font,
    }
}

/// Renders `input` as PNG bytes, with the default encoding.
pub fn render_team_table(input: &TeamTableInput) -> Vec<u8> {
    let kit = kit(input.theme);
    let teams = input.teams.len().min(MAX_TEAMS);
    let grid = grid_of(input, teams);
    let mut canvas = Canvas::new(
        grid.width(),
        grid.height(),
        kit.palette.index(TABLE_BACKGROUND),
    );
    draw_title(&mut canvas, &input.title, &grid, kit);
    draw_header(&mut canvas, input.language, &grid, kit);
    for (index, row) in input.teams.iter().take(teams).enumerate() {
        draw_row(&mut canvas, index, row, &grid, kit);
    }
    draw_grid_lines(&mut canvas, &grid, kit);
    canvas.encode(&kit.palette, EncodeSettings::default())
}

fn draw_header(canvas: &mut Canvas, language: Language, grid: &Grid, kit: &TableKit) {
    let (stats, name) = headers(language);
    draw_header_row(canvas, (grid, kit), name, &stats);
}

fn draw_row(canvas: &mut Canvas, index: usize, row: &TeamTableRow, grid: &Grid, kit: &TableKit) {
    let baseline = draw_row_with(
        canvas,
        (index, &row.name),
        (grid, kit),
        |canvas, column, left, (_, baseline)| {
            let matches = row
                .matches
                .get(column)
                .map(Vec::as_slice)
                .unwrap_or_default();
            draw_cell(canvas, (left, baseline), matches, grid, kit);
        },
    );
    let place = text::fit(Face::Bold, grid.font, &row.place, 8, grid.stat as u32 - 8);
    let stats = [
        row.match_points.to_string(),
        halves(row.board_halves),
        place,
    ];
    draw_stats(canvas, (grid, kit), baseline, &stats, |i| i != 1);
}

fn draw_cell(
    canvas: &mut Canvas,
    (left, baseline): (usize, i32),
    matches: &[TeamMatchCell],
    grid: &Grid,
    kit: &TableKit,
) {
    let matches = &matches[..matches.len().min(4)];
    if matches.is_empty() {
        return;
    }
    let slot = (grid.cell - 8) / matches.len();
    for (i, cell) in matches.iter().enumerate() {
        let fg = match (cell.complete, cell.own_halves.cmp(&cell.other_halves)) {
            (false, _) => kit.dim,
            (true, std::cmp::Ordering::Greater) => kit.win,
            (true, std::cmp::Ordering::Less) => kit.loss,
            (true, std::cmp::Ordering::Equal) => kit.text,
        };
        let x = left + 4 + i * slot;
        let label = halves(cell.own_halves);
        centred(
            canvas,
            kit,
            (x, slot),
            baseline,
            (Face::Bold, grid.font),
            &label,
            fg,
        );
    }
}
