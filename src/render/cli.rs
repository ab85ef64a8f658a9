//! `corrbot render`: writes one board image.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Context;
use clap::Args;
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Color};

use super::board::{BoardOptions, Language, PlayerLabel, render_board};

/// The options of `corrbot render`.
#[derive(Args, Debug)]
pub struct RenderArgs {
    /// The position, as FEN.
    #[arg(long)]
    pub fen: String,
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
    /// The PNG file to write (standard output when missing).
    #[arg(long)]
    pub out: Option<PathBuf>,
}

/// Builds the board and options that `args` describe.
pub fn options_from(args: &RenderArgs) -> anyhow::Result<(shakmaty::Board, BoardOptions)> {
    let fen: Fen = args.fen.parse().context("--fen is not valid FEN")?;
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
    Ok((setup.board, options))
}

/// Runs `corrbot render`.
pub fn run(args: &RenderArgs) -> anyhow::Result<()> {
    let (board, options) = options_from(args)?;
    let png = render_board(&board, &options);
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
