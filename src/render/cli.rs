//! `corrbot render`: writes one board image, or with `--gif --pgn FILE` an
//! animated GIF of a whole game.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Context;
use clap::Args;
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Color};

use super::board::{BoardOptions, Language, PlayerLabel, render_board};
use super::gif::render_game_gif;
use super::theme::Theme;
use crate::core::game::Score;
use crate::core::pgn::read_game;

/// The options of `corrbot render`.
#[derive(Args, Debug)]
pub struct RenderArgs {
    /// The position, as FEN (for a single board).
    #[arg(long, required_unless_present = "gif")]
    pub fen: Option<String>,
    /// An animated GIF of the game in `--pgn` instead of one board.
    #[arg(long, requires = "pgn")]
    pub gif: bool,
    /// The game, as PGN (its FEN tag, if any, is the start).
    #[arg(long)]
    pub pgn: Option<PathBuf>,
    /// The board theme: green, brown, blue or gray.
    #[arg(long, default_value = "green", value_parser = parse_theme)]
    pub theme: Theme,
    /// The last move in UCI (e.g. e2e4), highlighted.
    #[arg(long)]
    pub last_move: Option<String>,
    /// Show the board from Black's side.
    #[arg(long)]
    pub flip: bool,
    /// White's name.
    #[arg(long)]
    pub white: Option<String>,
    /// Black's name.
    #[arg(long)]
    pub black: Option<String>,
    /// White's time left, in days.
    #[arg(long)]
    pub white_days: Option<u16>,
    /// Black's time left, in days.
    #[arg(long)]
    pub black_days: Option<u16>,
    /// The event's name.
    #[arg(long)]
    pub event: Option<String>,
    /// English words instead of Ukrainian.
    #[arg(long)]
    pub english: bool,
    /// The board's width in pixels.
    #[arg(long, default_value_t = super::board::DEFAULT_BOARD_WIDTH)]
    pub width: u16,
    /// The file to write (standard output when missing).
    #[arg(long)]
    pub out: Option<PathBuf>,
}

fn parse_theme(word: &str) -> Result<Theme, String> {
    Theme::parse(word).ok_or_else(|| "one of green, brown, blue, gray".to_owned())
}

/// Builds the board and options that `args` describe.
pub fn options_from(args: &RenderArgs) -> anyhow::Result<(shakmaty::Board, BoardOptions)> {
    let fen = args.fen.as_deref().context("--fen is missing")?;
    let fen: Fen = fen.parse().context("--fen is not valid FEN")?;
    let setup = fen.into_setup();
    // A legal position gives the check and side to move; any board draws.
    let mut options = match setup.clone().position::<Chess>(CastlingMode::Standard) {
        Ok(position) => BoardOptions::for_position(&position),
        Err(_) => BoardOptions {
            turn: Some(setup.turn),
            ..BoardOptions::default()
        },
    };
    if let Some(uci) = &args.last_move {
        let parsed: UciMove = uci.parse().context("--last-move is not a UCI move")?;
        if let UciMove::Normal { from, to, .. } = parsed {
            options.last_move = Some((from, to));
        }
    }
    options.orientation = if args.flip {
        Color::Black
    } else {
        Color::White
    };
    options.white = PlayerLabel {
        name: args.white.clone().unwrap_or_default(),
        days_left: args.white_days,
        deadline: None,
    };
    options.black = PlayerLabel {
        name: args.black.clone().unwrap_or_default(),
        days_left: args.black_days,
        deadline: None,
    };
    options.event = args.event.clone().unwrap_or_default();
    if args.event.is_none() {
        options.move_number = None;
    }
    options.language = if args.english {
        Language::English
    } else {
        Language::Ukrainian
    };
    options.board_width = args.width;
    options.theme = args.theme;
    Ok((setup.board, options))
}

/// The GIF that `--gif --pgn FILE` asks for.
pub fn gif_from(args: &RenderArgs) -> anyhow::Result<Vec<u8>> {
    let path = args.pgn.as_ref().context("--gif needs --pgn FILE")?;
    let text =
        std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
    let game =
        read_game(&text).with_context(|| format!("reading the game in {}", path.display()))?;
    let tag = |name: &str| game.tag(name).unwrap_or_default().to_owned();
    let label = |given: &Option<String>, name: &str| PlayerLabel {
        name: given.clone().unwrap_or_else(|| tag(name)),
        days_left: None,
        deadline: None,
    };
    let options = BoardOptions {
        orientation: if args.flip {
            Color::Black
        } else {
            Color::White
        },
        white: label(&args.white, "White"),
        black: label(&args.black, "Black"),
        event: args.event.clone().unwrap_or_else(|| tag("Event")),
        language: if args.english {
            Language::English
        } else {
            Language::Ukrainian
        },
        board_width: args.width,
        theme: args.theme,
        score: game
            .tag("Result")
            .and_then(Score::from_pgn)
            .and_then(Score::pills),
        ..BoardOptions::default()
    };
    Ok(render_game_gif(&game.start, &game.moves, &options))
}

/// Runs `corrbot render`.
pub fn run(args: &RenderArgs) -> anyhow::Result<()> {
    let bytes = if args.gif {
        gif_from(args)?
    } else {
        let (board, options) = options_from(args)?;
        render_board(&board, &options)
    };
    let png = bytes;
    match &args.out {
        Some(path) => {
            std::fs::write(path, &png).with_context(|| format!("writing {}", path.display()))?
        }
        None => std::io::stdout()
            .lock()
            .write_all(&png)
            .context("writing to standard output")?,
    }
    Ok(())
}
