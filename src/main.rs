//! The `corrbot` command line: runs the bot by default.

use clap::{Parser, Subcommand};

/// corrbot: correspondence-chess events on Telegram and Discord.
#[derive(Parser)]
#[command(version, about)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Run the bot (the default).
    Run,
    /// Write one board image as PNG.
    Render(corrbot::render::cli::RenderArgs),
}

fn main() -> anyhow::Result<()> {
    tracing_subscriber::fmt()
        .with_env_filter(tracing_subscriber::EnvFilter::from_default_env())
        .with_writer(std::io::stderr)
        .init();
    let cli = Cli::parse();
    match cli.command.unwrap_or(Command::Run) {
        Command::Run => run(),
        Command::Render(args) => corrbot::render::cli::run(&args),
    }
}

fn run() -> anyhow::Result<()> {
    println!(
        "corrbot {}: no chat adapter is built yet.",
        env!("CARGO_PKG_VERSION")
    );
    Ok(())
}
