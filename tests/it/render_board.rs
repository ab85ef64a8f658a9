//! Pixel tests of the board image: the PNG is decoded and sampled.

use corrbot::render::colors::{self, Rgb};
use corrbot::render::{
    BoardOptions, PlayerLabel, RenderCache, ViewSetting, board_key, orientation, render_board,
};
use shakmaty::fen::Fen;
use shakmaty::{Board, CastlingMode, Chess, Color, Piece, Position, Role, Square};

/// Square side and the board's top edge for the default 720-px board
/// without a title strip: 60-px bars above and below.
const SQ: usize = 90;
const TOP: usize = 60;

struct Image {
    width: usize,
    height: usize,
    rgb: Vec<Rgb>,
}

impl Image {
    fn at(&self, x: usize, y: usize) -> Rgb {
        self.rgb[y * self.width + x]
    }
}

fn decode(png_bytes: &[u8]) -> Image {
    let mut decoder = png::Decoder::new(std::io::Cursor::new(png_bytes));
    decoder.set_transformations(png::Transformations::EXPAND);
    let mut reader = decoder.read_info().expect("PNG header");
    assert_eq!(
        reader.info().color_type,
        png::ColorType::Indexed,
        "indexed colour"
    );
    let mut buf = vec![0; reader.output_buffer_size().expect("size")];
    let frame = reader.next_frame(&mut buf).expect("PNG frame");
    assert_eq!(frame.color_type, png::ColorType::Rgb);
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

fn board(fen: &str) -> Board {
    fen.parse::<Fen>().expect("FEN").into_setup().board
}

/// The top-left pixel of the square at screen column `col`, row `row`.
fn cell(col: usize, row: usize) -> (usize, usize) {
    (col * SQ, TOP + row * SQ)
}

/// Screen cell of `square` seen from `bottom`'s side.
fn screen(square: Square, bottom: Color) -> (usize, usize) {
    let (file, rank) = (square.file() as usize, square.rank() as usize);
    match bottom {
        Color::White => cell(file, 7 - rank),
        Color::Black => cell(7 - file, rank),
    }
}

/// Each pixel of a square classified: 0 its background, 1 outline or black
/// fill, 2 white fill, 3 anything else (anti-aliasing, coordinates).
fn piece_mask(image: &Image, (x, y): (usize, usize)) -> Vec<u8> {
    let ground = image.at(x + SQ / 2, y + 2);
    (0..SQ * SQ)
        .map(|i| {
            let (dx, dy) = (i % SQ, i / SQ);
            // Skip the corners, where coordinates are drawn.
            let inner = 24..SQ - 24;
            let corner = !inner.contains(&dx) && !inner.contains(&dy);
            match image.at(x + dx, y + dy) {
                _ if corner => 0,
                c if c == ground => 0,
                c if c == colors::INK => 1,
                c if c == colors::PAPER => 2,
                _ => 3,
            }
        })
        .collect()
}

fn count_color(image: &Image, (x, y): (usize, usize), color: Rgb) -> usize {
    (0..SQ * SQ)
        .filter(|i| image.at(x + i % SQ, y + i / SQ) == color)
        .count()
}

/// Reference masks of every piece, read from the start position.
fn references() -> Vec<(Piece, Vec<u8>)> {
    let image = decode(&render_board(&Board::default(), &BoardOptions::default()));
    let at = |name: &str| screen(name.parse().expect("square"), Color::White);
    let roles = [
        (Role::Pawn, "e2", "e7"),
        (Role::Knight, "g1", "g8"),
        (Role::Bishop, "f1", "f8"),
        (Role::Rook, "h1", "h8"),
        (Role::Queen, "d1", "d8"),
        (Role::King, "e1", "e8"),
    ];
    let mut refs = Vec::new();
    for (role, white, black) in roles {
        refs.push((
            Piece {
                color: Color::White,
                role,
            },
            piece_mask(&image, at(white)),
        ));
        refs.push((
            Piece {
                color: Color::Black,
                role,
            },
            piece_mask(&image, at(black)),
        ));
    }
    refs
}

/// What the image shows on the cell: the closest reference piece, or
/// nothing when hardly any pixel differs from the square's colour.
fn identify(image: &Image, origin: (usize, usize), refs: &[(Piece, Vec<u8>)]) -> Option<Piece> {
    let mask = piece_mask(image, origin);
    if mask.iter().filter(|&&m| m != 0).count() < 200 {
        return None;
    }
    let distance = |r: &Vec<u8>| r.iter().zip(&mask).filter(|(a, b)| a != b).count();
    refs.iter()
        .min_by_key(|(_, r)| distance(r))
        .map(|(piece, _)| *piece)
}

fn assert_shows(image: &Image, board: &Board, bottom: Color) {
    let refs = references();
    for square in Square::ALL {
        let shown = identify(image, screen(square, bottom), &refs);
        assert_eq!(
            shown,
            board.piece_at(square),
            "{square} seen from {bottom:?}"
        );
    }
}

#[test]
fn start_position_pieces_differ_in_size_and_colour() {
    let image = decode(&render_board(&Board::default(), &BoardOptions::default()));
    assert_eq!((image.width, image.height), (720, 840));
    let area = |sq: &str| {
        let mask = piece_mask(&image, screen(sq.parse().expect("square"), Color::White));
        mask.iter().filter(|&&m| m != 0).count()
    };
    assert!(area("e2") < area("g1") && area("e2") < area("h1"));
    assert!(area("h1") < area("d1") && area("g1") < area("e1"));
    let white_king = screen(Square::E1, Color::White);
    assert!(count_color(&image, white_king, colors::PAPER) > 1000);
    let black_king = screen(Square::E8, Color::White);
    assert!(count_color(&image, black_king, colors::INK) > 1000);
    // Black pieces show white only in their thin detail lines.
    let white_paper = count_color(&image, white_king, colors::PAPER);
    assert!(count_color(&image, black_king, colors::PAPER) * 4 < white_paper);
}

#[test]
fn pieces_stand_on_their_squares() {
    for fen in [
        "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4",
        "8/8/3k4/8/2N1B3/8/1q3PK1/8 w - - 0 50",
        "rnbqkbnr/8/8/8/8/8/8/RNBQKBNR w KQkq - 0 1",
    ] {
        let board = board(fen);
        let image = decode(&render_board(&board, &BoardOptions::default()));
        assert_shows(&image, &board, Color::White);
    }
}

#[test]
fn flipped_board_shows_black_at_the_bottom() {
    let board = board("8/8/3k4/8/2N1B3/8/1q3PK1/8 w - - 0 50");
    let options = BoardOptions {
        orientation: Color::Black,
        ..BoardOptions::default()
    };
    let image = decode(&render_board(&board, &options));
    assert_shows(&image, &board, Color::Black);
    // Seen from Black, Black's pieces stand at the bottom: h8 is the
    // bottom-left square, a1 the top-right, e8 the fourth from the left.
    let refs = references();
    let start = decode(&render_board(&Board::default(), &options));
    let rook = |color| {
        Some(Piece {
            color,
            role: Role::Rook,
        })
    };
    assert_eq!(identify(&start, cell(0, 7), &refs), rook(Color::Black));
    assert_eq!(identify(&start, cell(7, 0), &refs), rook(Color::White));
    let king = identify(&start, cell(3, 7), &refs);
    assert_eq!(
        king,
        Some(Piece {
            color: Color::Black,
            role: Role::King
        })
    );
}

#[test]
fn last_move_squares_are_highlighted() {
    let board = board("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    let options = BoardOptions {
        last_move: Some((Square::E2, Square::E4)),
        ..BoardOptions::default()
    };
    let image = decode(&render_board(&board, &options));
    let edge = |sq: Square| {
        let (x, y) = screen(sq, Color::White);
        image.at(x + SQ / 2, y + 3)
    };
    // e2 and e4 are light squares; e3 and d4 are dark and stay plain.
    assert_eq!(edge(Square::E2), colors::LIGHT_MOVED);
    assert_eq!(edge(Square::E4), colors::LIGHT_MOVED);
    assert_eq!(edge(Square::D4), colors::DARK);
    assert_eq!(edge(Square::E3), colors::DARK);
    let plain = decode(&render_board(&board, &BoardOptions::default()));
    let (x, y) = screen(Square::E2, Color::White);
    assert_eq!(plain.at(x + SQ / 2, y + 3), colors::LIGHT);
}

fn reddish([r, g, b]: Rgb) -> bool {
    r as i32 > g as i32 + 40 && r as i32 > b as i32 + 40
}

#[test]
fn king_in_check_is_highlighted() {
    let fen = "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4";
    let fen: Fen = fen.parse().expect("FEN");
    let position: Chess = fen.into_position(CastlingMode::Standard).expect("legal");
    let mut options = BoardOptions::for_position(&position);
    assert_eq!(options.check, Some(Square::E8));
    options.move_number = None; // no title strip: the board starts at TOP
    let image = decode(&render_board(position.board(), &options));
    let (x, y) = screen(Square::E8, Color::White);
    assert!(
        reddish(image.at(x + 8, y + SQ / 2)),
        "{:?}",
        image.at(x + 8, y + SQ / 2)
    );
    let (x, y) = screen(Square::E1, Color::White);
    assert!(!reddish(image.at(x + 8, y + SQ / 2)));
    let calm = decode(&render_board(position.board(), &BoardOptions::default()));
    let (x, y) = screen(Square::E8, Color::White);
    assert!(!reddish(calm.at(x + 8, y + SQ / 2)));
}

/// Pixels of the bottom bar's name area that are not the bar's colour.
fn name_ink(image: &Image) -> Vec<(usize, usize)> {
    let top = TOP + 8 * SQ;
    (top..image.height)
        .flat_map(|y| (50..500).map(move |x| (x, y)))
        .filter(|&(x, y)| image.at(x, y) != colors::BAR)
        .collect()
}

#[test]
fn cyrillic_names_are_drawn() {
    let with_name = |name: &str| {
        let options = BoardOptions {
            white: PlayerLabel {
                name: name.into(),
                days_left: Some(9),
                deadline: None,
            },
            ..BoardOptions::default()
        };
        decode(&render_board(&Board::default(), &options))
    };
    let empty = with_name("");
    let cyrillic = with_name("Олександр Шевченко");
    let latin = with_name("Oleksandr Shevchenko");
    assert!(name_ink(&empty).is_empty());
    assert!(name_ink(&cyrillic).len() > 1500);
    assert_ne!(name_ink(&cyrillic), name_ink(&latin));
    // The board itself is the same.
    let board_rows = TOP * 720..(TOP + 8 * SQ) * 720;
    assert_eq!(cyrillic.rgb[board_rows.clone()], latin.rgb[board_rows]);
}

#[test]
fn long_names_are_cut_to_fit() {
    let options = BoardOptions {
        white: PlayerLabel {
            name: "Ж".repeat(500),
            days_left: Some(1),
            deadline: None,
        },
        ..BoardOptions::default()
    };
    let image = decode(&render_board(&Board::default(), &options));
    // The red clock pill still sits at the right end of the bar.
    let y = TOP + 8 * SQ + 30;
    assert!((600..710).any(|x| image.at(x, y) == colors::PILL_LOW));
}

#[test]
fn the_recipient_sees_their_own_side_unless_their_setting_says_otherwise() {
    assert_eq!(
        orientation(Some(Color::Black), ViewSetting::OwnSide),
        Color::Black
    );
    assert_eq!(
        orientation(Some(Color::White), ViewSetting::OwnSide),
        Color::White
    );
    assert_eq!(orientation(None, ViewSetting::OwnSide), Color::White);
    assert_eq!(
        orientation(Some(Color::Black), ViewSetting::White),
        Color::White
    );
    assert_eq!(
        orientation(Some(Color::White), ViewSetting::Black),
        Color::Black
    );
}

#[test]
fn cache_returns_the_same_bytes_under_the_content_key() {
    let cache = RenderCache::new(8);
    let board = Board::default();
    let options = BoardOptions::default();
    let (key, first) = cache.board(&board, &options);
    let (again, second) = cache.board(&board, &options);
    assert_eq!(key, again);
    assert_eq!(key, board_key(&board, &options));
    assert!(std::sync::Arc::ptr_eq(&first, &second));
    assert_eq!(&*first, render_board(&board, &options).as_slice());
    assert_eq!(cache.len(), 1);
}

#[test]
fn title_strip_adds_height_and_sizes_stay_small() {
    let options = BoardOptions {
        event: "Кубок".into(),
        move_number: Some(12),
        ..BoardOptions::default()
    };
    let png = render_board(&Board::default(), &options);
    assert_eq!(decode(&png).height, 880);
    assert!(png.len() <= 48 * 1024, "{} bytes", png.len());
}

#[test]
fn command_line_options_reach_the_image() {
    use clap::Parser;
    use corrbot::render::cli::{RenderArgs, options_from};

    #[derive(Parser)]
    struct Wrapper {
        #[command(flatten)]
        args: RenderArgs,
    }
    let fen = "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2";
    let argv = [
        "render",
        "--fen",
        fen,
        "--last-move",
        "g2g4",
        "--flip",
        "--white",
        "Ann",
        "--black",
        "Богдан",
    ];
    let wrapper = Wrapper::try_parse_from(argv).expect("arguments parse");
    let (board, options) = options_from(&wrapper.args).expect("options");
    assert_eq!(board, self::board(fen));
    assert_eq!(options.last_move, Some((Square::G2, Square::G4)));
    assert_eq!(options.orientation, Color::Black);
    assert_eq!(options.white.name, "Ann");
    assert_eq!(options.black.name, "Богдан");
    assert_eq!(options.check, None);
    let bad = Wrapper::try_parse_from(["render", "--fen", "not a fen"]).expect("arguments parse");
    assert!(options_from(&bad.args).is_err());
}
