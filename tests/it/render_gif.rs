//! The animated game GIF decoded with the `image` crate (frame count,
//! delays, first and last frames against the single-board PNGs), pixel
//! tests of the bishop's mitre and of the themes, and legibility of the
//! small sizes.

use corrbot::render::{
    BoardOptions, FINAL_DELAY_CS, FRAME_DELAY_CS, Layout, PlayerLabel, Theme, animation_frames,
    render_board, render_game_gif,
};
use image::codecs::gif::GifDecoder;
use image::{AnimationDecoder, RgbaImage};
use shakmaty::san::San;
use shakmaty::{Board, Chess, Color, Move, Piece, Position, Role, Square};

/// How many frames a GIF has (for the chat tests).
pub fn frame_count(gif: &[u8]) -> usize {
    decode_gif(gif).len()
}

/// Every frame, composited, with its delay in hundredths of a second.
fn decode_gif(gif: &[u8]) -> Vec<(RgbaImage, u32)> {
    let decoder = GifDecoder::new(std::io::Cursor::new(gif)).expect("a GIF");
    decoder
        .into_frames()
        .collect_frames()
        .expect("GIF frames")
        .into_iter()
        .map(|frame| {
            let (numer, denom) = frame.delay().numer_denom_ms();
            (frame.into_buffer(), numer / denom / 10)
        })
        .collect()
}

fn decode_png(png: &[u8]) -> RgbaImage {
    image::load_from_memory(png).expect("a PNG").to_rgba8()
}

/// The moves of a SAN line from the initial position.
fn line(sans: &str) -> (Chess, Vec<Move>) {
    let start = Chess::default();
    let mut position = start.clone();
    let moves = sans
        .split_whitespace()
        .map(|san| {
            let m = san.parse::<San>().unwrap().to_move(&position).unwrap();
            position.play_unchecked(m);
            m
        })
        .collect();
    (start, moves)
}

fn named(theme: Theme, width: u16) -> BoardOptions {
    BoardOptions {
        white: PlayerLabel {
            name: "Олена Коваленко".into(),
            days_left: None,
            deadline: None,
        },
        black: PlayerLabel {
            name: "Bohdan".into(),
            days_left: None,
            deadline: None,
        },
        event: "Кубок клубу".into(),
        theme,
        board_width: width,
        ..BoardOptions::default()
    }
}

#[test]
fn the_gif_has_a_frame_per_ply_and_ends_on_the_single_board_render() {
    // Scholar's mate: 7 plies, the last gives check (and mate).
    let (start, moves) = line("e4 e5 Bc4 Nc6 Qh5 Nf6 Qxf7#");
    let base = BoardOptions {
        score: Some(("1".into(), "0".into())),
        ..named(Theme::Brown, 360)
    };
    let gif = render_game_gif(&start, &moves, &base);
    let frames = decode_gif(&gif);
    assert_eq!(frames.len(), moves.len() + 1, "the start and one per ply");
    let delays: Vec<u32> = frames.iter().map(|(_, delay)| *delay).collect();
    assert!(delays[..7].iter().all(|&d| d == u32::from(FRAME_DELAY_CS)));
    assert_eq!(
        delays[7],
        u32::from(FINAL_DELAY_CS),
        "the final frame is held"
    );

    let stills = animation_frames(&start, &moves, &base);
    for index in [0, 3, 7] {
        let (board, options) = &stills[index];
        let png = decode_png(&render_board(board, options));
        assert!(
            frames[index].0 == png,
            "frame {index} equals the single board"
        );
    }
    let (_, last) = &stills[7];
    assert_eq!(last.last_move, Some((Square::H5, Square::F7)));
    assert_eq!(last.check, Some(Square::E8));
    assert!(last.score.is_some() && stills[6].1.score.is_none());
}

#[test]
fn a_sixty_ply_gif_at_720_is_small() {
    let sans = "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O h3 Nb8 d4 Nbd7 \
                c4 c6 cxb5 axb5 Nc3 Bb7 Bg5 b4 Nb1 h6 Bh4 c5 dxe5 Nxe4 Bxe7 Qxe7 exd6 Qf6 \
                Nbd2 Nxd6 Nc4 Nxc4 Bxc4 Nb6 Ne5 Rae8 Bxf7+ Rxf7 Nxf7 Rxe1+ Qxe1 Kxf7 Qe3 Qg5 \
                Qxg5 hxg5 b3 Ke6 a3 Kd6";
    let (start, moves) = line(sans);
    assert_eq!(moves.len(), 60);
    let gif = render_game_gif(&start, &moves, &named(Theme::Green, 720));
    assert_eq!(frame_count(&gif), 61);
    // Only changed pixels are stored after the first frame.
    assert!(gif.len() < 400_000, "{} bytes", gif.len());
}

fn luminance([r, g, b, _]: [u8; 4]) -> u32 {
    (299 * u32::from(r) + 587 * u32::from(g) + 114 * u32::from(b)) / 1000
}

/// One piece alone on e4 (a light square), from White's side.
fn lone(role: Role, color: Color, width: u16) -> (RgbaImage, Layout, (usize, usize)) {
    let mut board = Board::empty();
    board.set_piece_at(Square::E4, Piece { color, role });
    let options = BoardOptions {
        board_width: width,
        coordinates: false,
        ..BoardOptions::default()
    };
    let layout = Layout::of(&options);
    let origin = layout.square_origin(Square::E4, Color::White);
    (decode_png(&render_board(&board, &options)), layout, origin)
}

/// The pixel at `(x, y)` in the art's 100-unit box.
fn art(
    image: &RgbaImage,
    layout: &Layout,
    (ox, oy): (usize, usize),
    (x, y): (f32, f32),
) -> [u8; 4] {
    let s = layout.square as f32 / 100.0;
    image
        .get_pixel(ox as u32 + (x * s) as u32, oy as u32 + (y * s) as u32)
        .0
}

#[test]
fn the_bishop_wears_a_slit_mitre_not_a_cross_at_every_size() {
    for width in [240, 360, 720] {
        let (image, layout, origin) = lone(Role::Bishop, Color::White, width);
        let at = |point| luminance(art(&image, &layout, origin, point));
        // The slit runs from the upper right down to the left.
        assert!(at((53.0, 37.0)) < 120, "{width}: the slit is dark");
        // Where the old cross had its arms and its top, the mitre is white.
        for point in [(44.0, 39.0), (57.0, 41.0), (50.0, 31.0)] {
            assert!(at(point) > 200, "{width}: no cross at {point:?}");
        }
        // The king keeps his cross above the crown: its upright is white.
        let (king, layout, origin) = lone(Role::King, Color::White, width);
        let crown = luminance(art(&king, &layout, origin, (50.0, 18.0)));
        assert!(crown > 200, "{width}: the king's cross");
        let bishop_there = at((50.0, 26.0));
        assert!(
            bishop_there > 200,
            "{width}: the mitre is filled below its ball"
        );
    }
}

#[test]
fn each_theme_paints_its_own_squares() {
    for theme in Theme::ALL {
        let options = BoardOptions {
            theme,
            coordinates: false,
            ..BoardOptions::default()
        };
        let image = decode_png(&render_board(&Board::empty(), &options));
        let layout = Layout::of(&options);
        let half = layout.square as u32 / 2;
        let pixel = |square| {
            let (x, y) = layout.square_origin(square, Color::White);
            let [r, g, b, _] = image.get_pixel(x as u32 + half, y as u32 + half).0;
            [r, g, b]
        };
        assert_eq!(pixel(Square::A1), theme.squares().dark, "{theme:?}");
        assert_eq!(pixel(Square::H1), theme.squares().light, "{theme:?}");
    }
}

#[test]
fn small_previews_keep_names_and_coordinates_legible() {
    let options = named(Theme::Green, 240);
    let layout = Layout::of(&options);
    assert_eq!(layout.board, 240);
    assert!(layout.bar >= 32, "names get at least 13-px letters");
    // At 360 px the letters on the empty a1 (`a` and `1`) are 12-px bold:
    // every pixel there not of the dark square is theirs.
    let options = named(Theme::Green, 360);
    let layout = Layout::of(&options);
    let image = decode_png(&render_board(&Board::empty(), &options));
    let (x, y) = layout.square_origin(Square::A1, Color::White);
    let dark = Theme::Green.squares().dark;
    let ink = (x..x + layout.square)
        .flat_map(|px| (y..y + layout.square).map(move |py| (px, py)))
        .filter(|&(px, py)| {
            let [r, g, b, _] = image.get_pixel(px as u32, py as u32).0;
            [r, g, b] != dark
        })
        .count();
    assert!(ink >= 40, "the letters cover {ink} pixels");
}
