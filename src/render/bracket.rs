//! The knock-out bracket image: a column per round from left to right, each
//! match a box of two lines (seed, name, points), lines joining each pair of
//! matches to the match their winners meet in, and the champion in a last
//! column once the event is over; in the reader's theme, with the tables'
//! palette and title bar.

use super::board::Language;
use super::canvas::{Canvas, EncodeSettings};
use super::table::{
    TABLE_BACKGROUND, TABLE_LATEST, TableKit, WIN, centred, draw_title_bar, halves, kit,
};
use super::text::{self, Face};
use super::theme::Theme;

/// The most rounds a bracket draws: six rounds hold 64 players. Of a longer
/// event only the last six rounds are drawn, since the later rounds are the
/// ones still being played and the image stays within its width.
pub const MAX_BRACKET_ROUNDS: usize = 6;
/// The most matches the first drawn round shows (a later round, half as
/// many as the one before it); a longer, malformed round is cut so that the
/// image keeps a sane height.
const MAX_FIRST_MATCHES: usize = 1 << (MAX_BRACKET_ROUNDS - 1);
/// The longest name drawn, in characters.
const MAX_NAME_CHARS: usize = 40;

/// The widest image, in pixels.
const MAX_WIDTH: usize = 1600;
/// The narrowest image, so that a short bracket keeps a readable title.
const MIN_WIDTH: usize = 560;
/// The margin around the bracket.
const MARGIN: usize = 24;
/// The space between two columns, where the connectors run.
const GAP: usize = 40;
/// The narrowest and widest match box.
const BOX_WIDTHS: (usize, usize) = (180, 280);
/// The height of the title bar.
const TITLE: usize = 56;
/// The height of the band with the rounds' headings.
const HEADING: usize = 44;
/// The height of one side's line in a match box.
const ROW: usize = 30;
/// The vertical space each match of the first drawn round takes.
const SLOT: usize = 2 * ROW + 18;
/// The width of the points' column at the right of a box.
const SCORE: usize = 42;
/// The width of the seeds' column at the left of a box, when there are seeds.
const SEED: usize = 24;
/// The width of the winner's mark at the left of their line.
const MARK: usize = 4;
/// The thickness of the connectors.
const LINE: usize = 2;
/// The font sizes of names, seeds and headings.
const NAME_SIZE: u16 = 17;
const SEED_SIZE: u16 = 12;
const HEADING_SIZE: u16 = 16;

/// One player's side of a match in the bracket.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct BracketSide {
    /// The player's name; `None` while the earlier match is undecided.
    pub name: Option<String>,
    /// The player's seed (1 = the best rated), if known.
    pub seed: Option<u32>,
    /// The player's points in the match, in half points (`None` before a
    /// game ended).
    pub score_halves: Option<u32>,
    /// This side won the match (drawn highlighted: a green mark, the name in
    /// bold and the points in green).
    pub winner: bool,
}

/// One match: the top side against the bottom.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct BracketMatch {
    /// The upper line of the box.
    pub top: BracketSide,
    /// The lower line of the box.
    pub bottom: BracketSide,
    /// The top player goes on without a game; the bottom side is then empty
    /// and drawn as the bye's word.
    pub bye: bool,
}

/// One round's column; round r+1's match i is fed by round r's matches 2i
/// and 2i+1.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct BracketRound {
    /// The round's heading («1/2 фіналу», "Semi-finals", «Фінал»), given by
    /// the caller already translated.
    pub title: String,
    /// The round's matches, from top to bottom.
    pub matches: Vec<BracketMatch>,
}

/// A knock-out event's bracket.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct BracketInput {
    /// The event's name, in the title bar.
    pub title: String,
    /// The rounds, the first one first; only the last
    /// [`MAX_BRACKET_ROUNDS`] are drawn.
    pub rounds: Vec<BracketRound>,
    /// Who won the event, when it is over.
    pub champion: Option<String>,
    /// The language of the image's own words (bye, undecided, winner).
    pub language: Language,
    /// The reader's board theme (tints of lines and highlighted lines).
    pub theme: Theme,
}

/// The image's own words; the rounds' headings come from the caller.
struct Labels {
    /// The empty side of a bye. Ukrainian: «без суперника» ("without an
    /// opponent") names what the slot lacks, where «вільний від гри», the
    /// usual word for a Swiss bye, describes the player on the other line
    /// and would read as if the empty slot were a player.
    bye: &'static str,
    /// The last column's heading.
    champion: &'static str,
}

fn labels(language: Language) -> Labels {
    match language {
        Language::Ukrainian => Labels {
            bye: "без суперника",
            champion: "Перше місце",
        },
        Language::English => Labels {
            bye: "bye",
            champion: "First place",
        },
    }
}

/// A slot whose player is not known yet, in every language.
const UNDECIDED: &str = "—";

/// Where everything goes.
struct Layout {
    /// The image's size.
    width: usize,
    height: usize,
    /// The x of the first column.
    left: usize,
    /// A match box's width.
    box_width: usize,
    /// The seeds' column width (0 without seeds).
    seed: usize,
}

impl Layout {
    fn of(rounds: &[BracketRound], champion: bool) -> Layout {
        let columns = (rounds.len() + usize::from(champion)).max(1);
        let room = MAX_WIDTH - 2 * MARGIN - (columns - 1) * GAP;
        let box_width = (room / columns).clamp(BOX_WIDTHS.0, BOX_WIDTHS.1);
        let content = columns * box_width + (columns - 1) * GAP;
        let width = (content + 2 * MARGIN).max(MIN_WIDTH);
        let slots = rounds
            .iter()
            .enumerate()
            .map(|(r, round)| round.matches.len() << r)
            .max()
            .unwrap_or(0)
            .clamp(1, MAX_FIRST_MATCHES);
        let seeded = rounds
            .iter()
            .flat_map(|round| &round.matches)
            .any(|m| m.top.seed.is_some() || m.bottom.seed.is_some());
        Layout {
            width,
            height: TITLE + HEADING + slots * SLOT + MARGIN / 2,
            left: (width - content) / 2,
            box_width,
            seed: if seeded { SEED } else { 0 },
        }
    }

    /// The left edge of column `column`.
    fn column_left(&self, column: usize) -> usize {
        self.left + column * (self.box_width + GAP)
    }

    /// The vertical centre of round `round`'s match `index`: the middle of
    /// the two matches that feed it.
    fn match_centre(&self, round: usize, index: usize) -> usize {
        TITLE + HEADING + (SLOT << round) * (2 * index + 1) / 2
    }

    /// The top of a match box's line: `bottom` for the lower one.
    fn row_top(&self, round: usize, index: usize, bottom: bool) -> usize {
        self.match_centre(round, index) - ROW + usize::from(bottom) * ROW
    }
}

/// Renders `input` as PNG bytes, with the default encoding.
pub fn render_bracket(input: &BracketInput) -> Vec<u8> {
    let kit = kit(input.theme);
    let skipped = input.rounds.len().saturating_sub(MAX_BRACKET_ROUNDS);
    let rounds = &input.rounds[skipped..];
    let layout = Layout::of(rounds, input.champion.is_some());
    let background = kit.palette.index(TABLE_BACKGROUND);
    let mut canvas = Canvas::new(layout.width, layout.height, background);
    let painter = &mut Painter {
        canvas: &mut canvas,
        kit,
        layout: &layout,
    };
    draw_title_bar(painter.canvas, &input.title, (layout.width, TITLE), kit);
    let labels = labels(input.language);
    let shown = |r: usize| rounds[r].matches.len().min(MAX_FIRST_MATCHES >> r);
    for (r, round) in rounds.iter().enumerate() {
        painter.heading(r, &round.title);
        if r > 0 {
            painter.connectors(r, shown(r), shown(r - 1));
        }
        for (i, game) in round.matches.iter().take(shown(r)).enumerate() {
            painter.match_box((r, i), game, &labels);
        }
    }
    if let Some(champion) = &input.champion {
        painter.champion(rounds.len(), champion, &labels);
    }
    canvas.encode(&kit.palette, EncodeSettings::default())
}

/// Draws onto the canvas with the kit's colours at the layout's places.
struct Painter<'a> {
    canvas: &'a mut Canvas,
    kit: &'static TableKit,
    layout: &'a Layout,
}

impl Painter<'_> {
    fn line_colour(&self) -> u8 {
        self.kit.palette.index(self.kit.colors.diagonal)
    }

    fn heading(&mut self, column: usize, title: &str) {
        let width = self.layout.box_width;
        let style = (Face::Bold, HEADING_SIZE);
        let title = text::fit(style.0, style.1, title, MAX_NAME_CHARS, width as u32);
        let baseline = (TITLE + HEADING / 2) as i32 + 6;
        let left = self.layout.column_left(column);
        let (canvas, kit) = (&mut *self.canvas, self.kit);
        centred(canvas, kit, (left, width), baseline, style, &title, kit.dim);
    }

    /// The lines from round `round - 1`'s matches (`fed` of them) to round
    /// `round`'s (`matches` of them): out of each feeding match's middle,
    /// down or up to the middle of the pair, into the match they feed.
    fn connectors(&mut self, round: usize, matches: usize, fed: usize) {
        let colour = self.line_colour();
        let layout = self.layout;
        let from = layout.column_left(round - 1) + layout.box_width;
        let middle = from + GAP / 2;
        let to = layout.column_left(round);
        for index in 0..matches {
            let centre = layout.match_centre(round, index);
            let feeders: Vec<usize> = [2 * index, 2 * index + 1]
                .into_iter()
                .filter(|&feeder| feeder < fed)
                .map(|feeder| layout.match_centre(round - 1, feeder))
                .collect();
            let (Some(&high), Some(&low)) = (feeders.first(), feeders.last()) else {
                continue;
            };
            for &y in &feeders {
                self.canvas.fill_rect(from, y, middle - from, LINE, colour);
            }
            let (top, bottom) = (high.min(centre), low.max(centre));
            self.canvas
                .fill_rect(middle, top, LINE, bottom - top + LINE, colour);
            self.canvas
                .fill_rect(middle, centre, to - middle, LINE, colour);
        }
    }

    fn match_box(&mut self, (round, index): (usize, usize), game: &BracketMatch, labels: &Labels) {
        let left = self.layout.column_left(round);
        let top = self.layout.row_top(round, index, false);
        let decided = game.top.winner || game.bottom.winner;
        self.side(left, top, &game.top, (decided, UNDECIDED));
        let empty = if game.bye { labels.bye } else { UNDECIDED };
        self.side(left, top + ROW, &game.bottom, (decided, empty));
        self.frame(left, top, !game.bye);
    }

    /// A box's border, the line between its sides and, unless it is a bye
    /// (no games, no points), the points' column.
    fn frame(&mut self, left: usize, top: usize, scored: bool) {
        let (width, height) = (self.layout.box_width, 2 * ROW);
        let border = self.line_colour();
        let inner = self.kit.palette.index(self.kit.colors.grid);
        let score_left = left + width - SCORE;
        self.canvas
            .fill_rect(left + 1, top + ROW, width - 2, 1, inner);
        if scored {
            self.canvas
                .fill_rect(score_left, top + 1, 1, height - 2, inner);
        }
        self.outline((left, top), (width, height), border);
    }

    fn outline(
        &mut self,
        (left, top): (usize, usize),
        (width, height): (usize, usize),
        colour: u8,
    ) {
        self.canvas.fill_rect(left, top, width, 1, colour);
        self.canvas
            .fill_rect(left, top + height - 1, width, 1, colour);
        self.canvas.fill_rect(left, top, 1, height, colour);
        self.canvas
            .fill_rect(left + width - 1, top, 1, height, colour);
    }

    /// One side's line: the winner's on the theme's stripe with a green
    /// mark; `empty` stands for a missing name; the loser of a `decided`
    /// match has dim points.
    fn side(
        &mut self,
        left: usize,
        top: usize,
        side: &BracketSide,
        (decided, empty): (bool, &str),
    ) {
        let (kit, width) = (self.kit, self.layout.box_width);
        if side.winner {
            let stripe = kit.palette.index(kit.colors.stripe);
            self.canvas.fill_rect(left, top, width, ROW, stripe);
            self.canvas
                .fill_rect(left + 1, top + 1, MARK, ROW - 1, kit.palette.index(WIN));
        }
        let baseline = (top + ROW / 2) as i32 + 6;
        if let (Some(seed), true) = (side.seed, self.layout.seed > 0) {
            let style = (Face::Regular, SEED_SIZE);
            let label = seed.to_string();
            let right = left + MARK + 2 + self.layout.seed;
            let x = right.saturating_sub(text::width(style.0, style.1, &label) as usize);
            text::draw(
                self.canvas,
                &kit.palette,
                (x as i32, baseline - 1),
                style,
                &label,
                kit.dim,
            );
        }
        let name_left = left + MARK + 8 + self.layout.seed;
        let room = (left + width - SCORE - 6).saturating_sub(name_left) as u32;
        let face = if side.winner {
            Face::Bold
        } else {
            Face::Regular
        };
        let (name, fg) = match &side.name {
            Some(name) => (
                text::fit(face, NAME_SIZE, name, MAX_NAME_CHARS, room),
                kit.text,
            ),
            None => (empty.to_owned(), kit.dim),
        };
        let at = (name_left as i32, baseline);
        text::draw(self.canvas, &kit.palette, at, (face, NAME_SIZE), &name, fg);
        if let Some(points) = side.score_halves {
            let fg = match (side.winner, decided) {
                (true, _) => kit.win,
                (false, true) => kit.dim,
                (false, false) => kit.text,
            };
            let column = (left + width - SCORE, SCORE);
            let style = (face, NAME_SIZE);
            centred(
                self.canvas,
                kit,
                column,
                baseline,
                style,
                &halves(points),
                fg,
            );
        }
    }

    /// The champion's box in the last column, level with the final and
    /// joined to it.
    fn champion(&mut self, column: usize, name: &str, labels: &Labels) {
        self.heading(column, labels.champion);
        let layout = self.layout;
        let centre = layout.match_centre(column.saturating_sub(1), 0);
        let left = layout.column_left(column);
        let width = layout.box_width;
        let (top, height) = (centre - ROW / 2 - 4, ROW + 8);
        if column > 0 {
            let from = layout.column_left(column - 1) + width;
            let colour = self.line_colour();
            self.canvas
                .fill_rect(from, centre, left - from, LINE, colour);
        }
        let kit = self.kit;
        let gold = kit.palette.index(TABLE_LATEST);
        self.canvas.fill_rect(left, top, width, height, gold);
        self.outline((left, top), (width, height), self.line_colour());
        let style = (Face::Bold, NAME_SIZE + 1);
        let name = text::fit(style.0, style.1, name, MAX_NAME_CHARS, width as u32 - 20);
        let baseline = centre as i32 + 7;
        centred(
            self.canvas,
            kit,
            (left, width),
            baseline,
            style,
            &name,
            kit.text,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::super::cache::bracket_key;
    use super::*;

    use image::RgbImage;

    fn side(name: &str, seed: u32, score: Option<u32>, winner: bool) -> BracketSide {
        BracketSide {
            name: Some(name.to_owned()),
            seed: Some(seed),
            score_halves: score,
            winner,
        }
    }

    fn undecided() -> BracketSide {
        BracketSide::default()
    }

    /// A bracket of `2^rounds` players, every match of the first round won
    /// by its top player and the later ones undecided.
    fn full(rounds: usize) -> BracketInput {
        let players = 1usize << rounds;
        let first = (0..players / 2)
            .map(|i| BracketMatch {
                top: side(
                    &format!("Гравець {}", 2 * i + 1),
                    2 * i as u32 + 1,
                    Some(2),
                    true,
                ),
                bottom: side(
                    &format!("Гравець {}", 2 * i + 2),
                    2 * i as u32 + 2,
                    Some(0),
                    false,
                ),
                bye: false,
            })
            .collect();
        let mut all = vec![BracketRound {
            title: "1/".to_owned() + &(players / 2).to_string(),
            matches: first,
        }];
        for r in 1..rounds {
            all.push(BracketRound {
                title: format!("Round {}", r + 1),
                matches: vec![BracketMatch::default(); players >> (r + 1)],
            });
        }
        BracketInput {
            title: "Кубок клубу".to_owned(),
            rounds: all,
            ..BracketInput::default()
        }
    }

    fn decode(png: &[u8]) -> RgbImage {
        image::load_from_memory_with_format(png, image::ImageFormat::Png)
            .expect("a PNG")
            .to_rgb8()
    }

    fn pixel(image: &RgbImage, x: usize, y: usize) -> [u8; 3] {
        image.get_pixel(x as u32, y as u32).0
    }

    /// Pixels in a rectangle that differ from the background.
    fn ink(image: &RgbImage, (x, y): (usize, usize), (w, h): (usize, usize)) -> Vec<[u8; 3]> {
        let mut found = Vec::new();
        for yy in y..y + h {
            for xx in x..x + w {
                let p = pixel(image, xx, yy);
                if p != TABLE_BACKGROUND {
                    found.push(p);
                }
            }
        }
        found
    }

    #[test]
    fn images_grow_with_rounds_and_matches() {
        let sizes: Vec<(u32, u32)> = (1..=4)
            .map(|rounds| decode(&render_bracket(&full(rounds))).dimensions())
            .collect();
        for pair in sizes.windows(2) {
            assert!(pair[1].1 > pair[0].1, "{sizes:?}");
            assert!(pair[1].0 >= pair[0].0, "{sizes:?}");
        }
        assert!(sizes[3].0 > sizes[1].0, "{sizes:?}");
        let (width, height) = sizes[2];
        let layout = Layout::of(&full(3).rounds, false);
        assert_eq!((width, height), (layout.width as u32, layout.height as u32));
        assert_eq!(height as usize, TITLE + HEADING + 4 * SLOT + MARGIN / 2);
    }

    #[test]
    fn sixty_four_players_and_two_players_render() {
        let big = decode(&render_bracket(&BracketInput {
            champion: Some("Гравець 1".to_owned()),
            ..full(6)
        }));
        assert!(big.width() as usize <= MAX_WIDTH, "{}", big.width());
        assert_eq!(
            big.height() as usize,
            TITLE + HEADING + 32 * SLOT + MARGIN / 2
        );
        let mut malformed = full(1);
        malformed.rounds[0].matches = vec![BracketMatch::default(); 100];
        let capped = decode(&render_bracket(&malformed));
        assert_eq!(
            capped.height(),
            big.height(),
            "a round is cut at 32 matches"
        );
        let small = decode(&render_bracket(&full(1)));
        assert_eq!(small.width() as usize, MIN_WIDTH);
        assert!(small.height() < big.height());
    }

    #[test]
    fn only_the_last_six_rounds_are_drawn() {
        let long = full(7);
        let drawn = decode(&render_bracket(&long));
        let last_six = BracketInput {
            rounds: long.rounds[1..].to_vec(),
            ..long.clone()
        };
        assert_eq!(render_bracket(&long), render_bracket(&last_six));
        assert_eq!(
            drawn.height() as usize,
            TITLE + HEADING + 32 * SLOT + MARGIN / 2
        );
    }

    #[test]
    fn a_winners_line_has_the_mark_and_an_undecided_one_does_not() {
        let input = full(2);
        let image = decode(&render_bracket(&input));
        let layout = Layout::of(&input.rounds, false);
        let mark = |round, index, bottom| {
            let x = layout.column_left(round) + 1 + MARK / 2;
            let y = layout.row_top(round, index, bottom) + ROW / 2;
            pixel(&image, x, y)
        };
        assert_eq!(mark(0, 0, false), WIN, "the winner's line");
        assert_ne!(mark(0, 0, true), WIN, "the loser's line");
        assert_ne!(mark(1, 0, false), WIN, "an undecided line");
        assert_eq!(mark(0, 1, false), WIN);
    }

    #[test]
    fn cyrillic_names_have_ink() {
        let mut input = full(1);
        input.rounds[0].matches[0].top.name = Some("Олена Коваленко".to_owned());
        input.rounds[0].matches[0].bottom.name = Some("Андрій Шевчук".to_owned());
        let image = decode(&render_bracket(&input));
        let layout = Layout::of(&input.rounds, false);
        let name_left = layout.column_left(0) + MARK + 8 + layout.seed;
        let area = |bottom| {
            let top = layout.row_top(0, 0, bottom) + 3;
            ink(&image, (name_left, top), (100, ROW - 6))
        };
        let (upper, lower) = (area(false), area(true));
        assert!(upper.len() > 200, "{}", upper.len());
        assert!(lower.len() > 200, "{}", lower.len());
        assert_ne!(upper, lower, "different names draw differently");
    }

    #[test]
    fn equal_inputs_give_equal_bytes() {
        let input = BracketInput {
            champion: Some("Гравець 1".to_owned()),
            ..full(3)
        };
        assert_eq!(render_bracket(&input), render_bracket(&input.clone()));
    }

    #[test]
    fn byes_and_undecided_slots_are_dim_words() {
        let mut input = full(2);
        input.rounds[0].matches[1] = BracketMatch {
            top: side("Олена Коваленко", 2, None, true),
            bottom: undecided(),
            bye: true,
        };
        let with_bye = decode(&render_bracket(&input));
        let plain = decode(&render_bracket(&BracketInput {
            language: Language::English,
            ..input.clone()
        }));
        let layout = Layout::of(&input.rounds, false);
        let name_left = layout.column_left(0) + MARK + 8 + layout.seed;
        let top = layout.row_top(0, 1, true) + 3;
        let uk = ink(&with_bye, (name_left, top), (120, ROW - 6));
        let en = ink(&plain, (name_left, top), (120, ROW - 6));
        assert!(uk.len() > en.len(), "«без суперника» is longer than “bye”");
        assert!(!en.is_empty());
    }

    #[test]
    fn the_key_follows_the_scores() {
        let input = full(2);
        let key = bracket_key(&input);
        assert_eq!(key, bracket_key(&input.clone()));
        let mut scored = input.clone();
        scored.rounds[1].matches[0].top.score_halves = Some(1);
        assert_ne!(key, bracket_key(&scored));
        let crowned = BracketInput {
            champion: Some("Гравець 1".to_owned()),
            ..input.clone()
        };
        assert_ne!(key, bracket_key(&crowned));
    }

    /// The two sample images of the design review, in /tmp.
    #[test]
    #[ignore = "writes sample images to /tmp"]
    fn samples() {
        std::fs::write("/tmp/bracket-uk.png", render_bracket(&sample_four())).unwrap();
        std::fs::write("/tmp/bracket-en.png", render_bracket(&sample_eight())).unwrap();
    }

    /// Four players, the final in progress.
    fn sample_four() -> BracketInput {
        BracketInput {
            title: "Кубок «Київська осінь» 2025".to_owned(),
            rounds: vec![
                BracketRound {
                    title: "1/2 фіналу".to_owned(),
                    matches: vec![
                        BracketMatch {
                            top: side("Олена Коваленко", 1, Some(3), true),
                            bottom: side("Тарас Мельничук-Гнатюк", 4, Some(1), false),
                            bye: false,
                        },
                        BracketMatch {
                            top: side("Андрій Шевчук", 2, Some(2), false),
                            bottom: side("Ірина Бондаренко", 3, Some(2), true),
                            bye: false,
                        },
                    ],
                },
                BracketRound {
                    title: "Фінал".to_owned(),
                    matches: vec![BracketMatch {
                        top: side("Олена Коваленко", 1, Some(1), false),
                        bottom: side("Ірина Бондаренко", 3, Some(0), false),
                        bye: false,
                    }],
                },
            ],
            champion: None,
            language: Language::Ukrainian,
            theme: Theme::Green,
        }
    }

    /// Eight players with a bye, the event over.
    fn sample_eight() -> BracketInput {
        let m = |top, bottom| BracketMatch {
            top,
            bottom,
            bye: false,
        };
        BracketInput {
            title: "Knock-out Cup 2025".to_owned(),
            rounds: vec![
                BracketRound {
                    title: "Quarter-finals".to_owned(),
                    matches: vec![
                        m(
                            side("Олена Коваленко", 1, Some(4), true),
                            side("Петро Савченко", 8, Some(0), false),
                        ),
                        m(
                            side("Михайло Ткаченко", 4, Some(1), false),
                            side("Оксана Кравченко", 5, Some(3), true),
                        ),
                        BracketMatch {
                            top: side("Андрій Шевчук", 2, None, true),
                            bottom: undecided(),
                            bye: true,
                        },
                        m(
                            side("Ірина Бондаренко", 3, Some(3), true),
                            side("Василь Олійник", 6, Some(1), false),
                        ),
                    ],
                },
                BracketRound {
                    title: "Semi-finals".to_owned(),
                    matches: vec![
                        m(
                            side("Олена Коваленко", 1, Some(3), true),
                            side("Оксана Кравченко", 5, Some(1), false),
                        ),
                        m(
                            side("Андрій Шевчук", 2, Some(1), false),
                            side("Ірина Бондаренко", 3, Some(3), true),
                        ),
                    ],
                },
                BracketRound {
                    title: "Final".to_owned(),
                    matches: vec![m(
                        side("Олена Коваленко", 1, Some(3), true),
                        side("Ірина Бондаренко", 3, Some(1), false),
                    )],
                },
            ],
            champion: Some("Олена Коваленко".to_owned()),
            language: Language::English,
            theme: Theme::Brown,
        }
    }
}
