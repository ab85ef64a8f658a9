//! The `corrbot` command line: runs the bot by default.

use std::io::{BufRead, Write};
use std::sync::Arc;

use clap::{Parser, Subcommand};
use corrbot::adapters::console::Console;
use corrbot::adapters::discord::{DiscordBot, ServeConfig, run_workers};
use corrbot::adapters::router::{Router, Transport};
use corrbot::app::service::{App, AppConfig};
use corrbot::render::RenderCache;
use corrbot::scheduler::SystemTimer;
use corrbot::store::{DEFAULT_DATABASE_URL, Db, DbOptions};
use corrbot::time::{Clock, SystemClock};

/// corrbot: correspondence-chess events on Telegram and Discord.
#[derive(Parser)]
#[command(version, about)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Run the bot (the default): on the console when no chat token is set.
    Run,
    /// Apply the database migrations and exit.
    Migrate,
    /// Run a transcript under a simulated clock on a fresh database and
    /// print every message.
    Script {
        /// The script: `@name: text` lines, `+14d` to advance time, `#` comments.
        file: std::path::PathBuf,
    },
    /// Write one board image as PNG.
    Render(corrbot::render::cli::RenderArgs),
    /// Write the whole database (DATABASE_URL) as JSON: a backup, or the way
    /// from SQLite to PostgreSQL.
    Export {
        /// Write JSON (the only format; the flag states it in scripts).
        #[arg(long)]
        json: bool,
        /// The file to write; standard output when missing.
        #[arg(long)]
        out: Option<std::path::PathBuf>,
    },
    /// Restore an export into an empty database (DATABASE_URL).
    Import {
        /// The export file.
        file: std::path::PathBuf,
    },
}

fn main() -> anyhow::Result<()> {
    tracing_subscriber::fmt()
        .with_env_filter(tracing_subscriber::EnvFilter::from_default_env())
        .with_writer(std::io::stderr)
        .init();
    let cli = Cli::parse();
    match cli.command.unwrap_or(Command::Run) {
        Command::Run => run(),
        Command::Script { file } => run_script(&file),
        Command::Migrate => runtime()?.block_on(async {
            open_db().await?;
            println!("corrbot: migrations applied.");
            Ok(())
        }),
        Command::Render(args) => corrbot::render::cli::run(&args),
        Command::Export { json: _, out } => runtime()?.block_on(export(out.as_deref())),
        Command::Import { file } => runtime()?.block_on(import(&file)),
    }
}

fn runtime() -> anyhow::Result<tokio::runtime::Runtime> {
    Ok(tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?)
}

/// Opens (and migrates) the store on DATABASE_URL, by default a SQLite file.
async fn open_db() -> anyhow::Result<Db> {
    let url = std::env::var("DATABASE_URL").unwrap_or_else(|_| DEFAULT_DATABASE_URL.to_owned());
    Ok(Db::open(&url, &DbOptions::default()).await?)
}

async fn export(out: Option<&std::path::Path>) -> anyhow::Result<()> {
    let db = open_db().await?;
    let dump = db.dump().await?;
    db.close().await;
    let text = serde_json::to_string_pretty(&dump)?;
    match out {
        Some(path) => std::fs::write(path, text)?,
        None => println!("{text}"),
    }
    Ok(())
}

async fn import(file: &std::path::Path) -> anyhow::Result<()> {
    let dump: corrbot::store::Dump = serde_json::from_str(&std::fs::read_to_string(file)?)?;
    let db = open_db().await?;
    let restored = db.restore(&dump).await;
    db.close().await;
    restored?;
    let rows: usize = dump.tables.values().map(Vec::len).sum();
    println!("corrbot: imported {rows} rows.");
    Ok(())
}

fn run_script(file: &std::path::Path) -> anyhow::Result<()> {
    let script = std::fs::read_to_string(file)?;
    let path = std::env::temp_dir().join(format!("corrbot_script_{}.db", std::process::id()));
    let url = format!("sqlite://{}", path.display());
    let admins = std::env::var("CORRBOT_ADMINS").unwrap_or_default();
    let lines = runtime()?.block_on(async {
        let db = Db::open(&url, &DbOptions::default()).await?;
        let lines = corrbot::adapters::script::run_script(&script, db.clone(), &admins).await;
        db.close().await;
        lines
    });
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
    }
    for line in lines? {
        println!("{line}");
    }
    Ok(())
}

fn run() -> anyhow::Result<()> {
    let has_token = |name: &str| std::env::var(name).is_ok_and(|v| !v.is_empty());
    if has_token("TELEGRAM_BOT_TOKEN") {
        anyhow::bail!("the Telegram adapter is not wired into `run` yet; unset its token");
    }
    if has_token("DISCORD_TOKEN") {
        return runtime()?.block_on(run_chat());
    }
    run_console()
}

/// The chat bots: each platform with a token, the scheduler and the outbox
/// worker on the system clock, until the process is stopped.
async fn run_chat() -> anyhow::Result<()> {
    let db = open_db().await?;
    let clock: Arc<dyn Clock> = Arc::new(SystemClock);
    let admins = std::env::var("CORRBOT_ADMINS").unwrap_or_default();
    let app = App::new(db.clone(), clock.clone(), AppConfig::with_admins(&admins));
    let cache = Arc::new(RenderCache::new(256));
    let mut transports: Vec<Arc<dyn Transport>> = Vec::new();
    let discord = start_discord(&app, &clock, &cache).await?;
    transports.extend(discord.as_ref().map(DiscordBot::transport));
    let router = Router::new(db.clone(), clock, cache, transports);
    let (_running, stop) = tokio::sync::watch::channel(false);
    run_workers(db, router, &SystemTimer, stop).await;
    Ok(())
}

/// The Discord bot, when `DISCORD_TOKEN` is set (see README, Discord).
async fn start_discord(
    app: &App,
    clock: &Arc<dyn Clock>,
    cache: &Arc<RenderCache>,
) -> anyhow::Result<Option<DiscordBot>> {
    let Some(config) = ServeConfig::from_env()? else {
        return Ok(None);
    };
    let bot = DiscordBot::start(app.clone(), clock.clone(), cache.clone(), &config).await?;
    Ok(Some(bot))
}

/// The console: `@name: text` lines on stdin, replies and notices on stdout.
fn run_console() -> anyhow::Result<()> {
    let runtime = runtime()?;
    let db = runtime.block_on(open_db())?;
    let clock: Arc<dyn Clock> = Arc::new(SystemClock);
    let admins = std::env::var("CORRBOT_ADMINS").unwrap_or_default();
    let app = App::new(db, clock.clone(), AppConfig::with_admins(&admins));
    let mut console = Console::new(app, clock);
    eprintln!("corrbot console: type `@name: text` lines (e.g. `@alice: /help`).");
    let mut out = std::io::stdout().lock();
    for line in std::io::stdin().lock().lines() {
        for printed in runtime.block_on(console.line(&line?))? {
            writeln!(out, "{printed}")?;
        }
        out.flush()?;
    }
    Ok(())
}
