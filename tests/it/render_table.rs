//! Pixel tests of the crosstable image.
//!
//! `CORRBOT_WRITE_EXAMPLES=1 cargo test --test it render_table` also writes the
//! example image `docs/images/crosstable.png`.

use corrbot::render::colors::{self, Rgb};
use corrbot::render::{
    CrosstableGame, CrosstableInput, CrosstableRow, GameMark, Language, RenderCache, TeamMatchCell,
    TeamTableInput, TeamTableRow, crosstable_key, render_crosstable, render_team_table,
};

struct Image {
    width: usize,
    height: usize,
    rgb: Vec<Rgb>,
}

fn decode(png_bytes: &[u8]) -> Image {
    let mut decoder = png::Decoder::new(std::io::Cursor::new(png_bytes));
    decoder.set_transformations(png::Transformations::EXPAND);
    let mut reader = decoder.read_info().expect("PNG header");
    assert_eq!(reader.info().color_type, png::ColorType::Indexed);
    let mut buf = vec![0; reader.output_buffer_size().expect("size")];
    let frame = reader.next_frame(&mut buf).expect("PNG frame");
    let rgb = buf[..frame.buffer_size()]
        .chunks(3)
        .map(|c| [c[0], c[1], c[2]])
        .collect();
    Image {
        width: frame.width as usize,
        height: frame.height as usize,
        rgb,
    }
}

fn game(mark: GameMark, latest: bool) -> CrosstableGame {
    CrosstableGame { mark, latest }
}

/// The mirror of a result, from the other player's side.
fn mirror(mark: GameMark) -> GameMark {
    match mark {
        GameMark::Win => GameMark::Loss,
        GameMark::Loss => GameMark::Win,
        GameMark::ForfeitWin => GameMark::ForfeitLoss,
        GameMark::ForfeitLoss => GameMark::ForfeitWin,
        other => other,
    }
}

/// A double round robin of `names`, in which the earlier name wins the first
/// game and the second is drawn; `latest` marks the games (i, j, round).
fn double_round_robin(names: &[&str], latest: &[(usize, usize, usize)]) -> CrosstableInput {
    let n = names.len();
    let mark = |i: usize, j: usize, round: usize| {
        let first = if round == 0 {
            GameMark::Win
        } else {
            GameMark::Draw
        };
        if i < j { first } else { mirror(first) }
    };
    let is_latest = |i, j, round| {
        latest
            .iter()
            .any(|&(a, b, r)| r == round && ((a, b) == (i, j) || (b, a) == (i, j)))
    };
    let mut players: Vec<CrosstableRow> = (0..n)
        .map(|i| {
            let games: Vec<Vec<CrosstableGame>> = (0..n)
                .map(|j| match i == j {
                    true => Vec::new(),
                    false => (0..2)
                        .map(|r| game(mark(i, j, r), is_latest(i, j, r)))
                        .collect(),
                })
                .collect();
            let score_halves = games.iter().flatten().map(|g| points_halves(g.mark));
            let wins = games
                .iter()
                .flatten()
                .filter(|g| g.mark == GameMark::Win)
                .count();
            CrosstableRow {
                name: names[i].into(),
                place: (i + 1).to_string(),
                score_halves: score_halves.sum(),
                wins: wins as u32,
                sonneborn_berger_quarters: 0,
                games,
            }
        })
        .collect();
    // Sonneborn-Berger: the scores of beaten opponents plus half the scores
    // of drawn ones, in quarter points.
    let scores: Vec<u32> = players.iter().map(|p| p.score_halves).collect();
    for row in &mut players {
        row.sonneborn_berger_quarters = row
            .games
            .iter()
            .zip(&scores)
            .flat_map(|(cell, &score)| cell.iter().map(move |g| points_halves(g.mark) * score))
            .sum();
    }
    CrosstableInput {
        title: "Кубок клубу 2026\u{a0}— підсумки".into(),
        players,
        language: Language::Ukrainian,
        theme: Default::default(),
    }
}

fn points_halves(mark: GameMark) -> u32 {
    match mark {
        GameMark::Win | GameMark::ForfeitWin => 2,
        GameMark::Draw => 1,
        _ => 0,
    }
}

const NAMES: [&str; 5] = [
    "Шевченко Олександр",
    "Kowalska Maria",
    "Петренко Ірина",
    "Бондар Назар",
    "Lee Jun",
];

fn count(image: &Image, color: Rgb) -> usize {
    image.rgb.iter().filter(|&&c| c == color).count()
}

#[test]
fn latest_results_are_marked() {
    let none = decode(&render_crosstable(&double_round_robin(&NAMES, &[])));
    assert_eq!(count(&none, colors::TABLE_LATEST), 0);
    let one = decode(&render_crosstable(&double_round_robin(
        &NAMES,
        &[(0, 1, 1)],
    )));
    let marked = count(&one, colors::TABLE_LATEST);
    // Two marked half-cells: the game in both players' rows.
    assert!(marked > 2 * 400, "{marked}");
    let two = decode(&render_crosstable(&double_round_robin(
        &NAMES,
        &[(0, 1, 1), (2, 3, 0)],
    )));
    assert!(count(&two, colors::TABLE_LATEST) > marked + 800);
}

#[test]
fn size_grows_with_players() {
    let small = decode(&render_crosstable(&double_round_robin(&NAMES[..3], &[])));
    let large = decode(&render_crosstable(&double_round_robin(&NAMES, &[])));
    assert!(large.width > small.width);
    assert!(large.height > small.height);
    // One header row and one row per player below the title.
    assert_eq!(large.height - small.height, 2 * (large.height - 56) / 6);
}

/// Pixels of the first player row's name column that differ from the row.
fn first_name_ink(image: &Image) -> usize {
    let top = 56 + 40;
    let ground = image.rgb[(top + 2) * image.width + 45];
    (top + 3..top + 37)
        .flat_map(|y| (45..180).map(move |x| (x, y)))
        .filter(|&(x, y)| image.rgb[y * image.width + x] != ground)
        .count()
}

#[test]
fn cyrillic_names_are_drawn() {
    let cyrillic = decode(&render_crosstable(&double_round_robin(
        &["Шевченко", "Lee"],
        &[],
    )));
    let latin = decode(&render_crosstable(&double_round_robin(
        &["Shevchenko", "Lee"],
        &[],
    )));
    let nameless = decode(&render_crosstable(&double_round_robin(&["", "Lee"], &[])));
    assert_eq!(first_name_ink(&nameless), 0);
    assert!(first_name_ink(&cyrillic) > 200);
    assert_ne!(cyrillic.rgb, latin.rgb);
}

#[test]
fn players_beyond_the_limit_are_left_out() {
    let many: Vec<String> = (0..60).map(|i| format!("Гравець {i}")).collect();
    let names: Vec<&str> = many.iter().map(String::as_str).collect();
    let image = decode(&render_crosstable(&double_round_robin(&names, &[])));
    assert_eq!(image.height, 56 + 40 * (corrbot::render::MAX_PLAYERS + 1));
}

#[test]
fn cache_keys_follow_the_inputs_and_example_is_written() {
    let input = double_round_robin(&NAMES, &[(0, 1, 1), (2, 4, 0)]);
    let marked_elsewhere = double_round_robin(&NAMES, &[(0, 2, 1)]);
    assert_ne!(crosstable_key(&input), crosstable_key(&marked_elsewhere));
    let cache = RenderCache::new(4);
    let (key, png) = cache.crosstable(&input);
    assert_eq!(key, crosstable_key(&input));
    assert_eq!(&*png, render_crosstable(&input).as_slice());
    if std::env::var_os("CORRBOT_WRITE_EXAMPLES").is_some() {
        std::fs::write("docs/images/crosstable.png", &*png).expect("write example");
    }
}

/// A three-team table: A beat B 3–1 and drew C 2–2; B–C still playing.
fn three_teams(theme: corrbot::render::Theme, complete: bool) -> TeamTableInput {
    let cell = |own, other| {
        vec![TeamMatchCell {
            own_halves: own,
            other_halves: other,
            complete,
        }]
    };
    let pending = vec![TeamMatchCell {
        own_halves: 2,
        other_halves: 0,
        complete: false,
    }];
    let row = |name: &str, place: &str, matches| TeamTableRow {
        name: name.into(),
        place: place.into(),
        match_points: 0,
        board_halves: 0,
        matches,
    };
    TeamTableInput {
        title: "Командний кубок".into(),
        teams: vec![
            row("Динамо", "1", vec![vec![], cell(6, 2), cell(4, 4)]),
            row("Шахтар", "2", vec![cell(2, 6), vec![], pending.clone()]),
            row("Карпати", "3", vec![cell(4, 4), pending, vec![]]),
        ],
        language: Language::Ukrainian,
        theme,
    }
}

/// The team standings image: a row per team under the title and header,
/// won matches in green, lost in red, unfinished ones in neither, the
/// stripes in the reader's theme.
#[test]
fn the_team_table_colours_won_and_lost_matches_in_the_theme() {
    use corrbot::render::Theme;
    const WIN: Rgb = [0x3f, 0x7a, 0x2a];
    const LOSS: Rgb = [0xb0, 0x37, 0x2d];
    let done = decode(&render_team_table(&three_teams(Theme::Green, true)));
    assert_eq!(done.height, 56 + 40 * 4);
    assert!(count(&done, WIN) > 20, "a won match in green");
    assert!(count(&done, LOSS) > 20, "a lost match in red");
    let playing = decode(&render_team_table(&three_teams(Theme::Green, false)));
    assert_eq!(count(&playing, WIN) + count(&playing, LOSS), 0);
    for theme in [Theme::Green, Theme::Brown] {
        let image = decode(&render_team_table(&three_teams(theme, true)));
        assert!(count(&image, theme.table().stripe) > 1000, "{theme:?}");
    }
    assert_ne!(Theme::Green.table().stripe, Theme::Brown.table().stripe);
}
