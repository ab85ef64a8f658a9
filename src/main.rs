//! The `corrbot` command line: runs the bot by default.

use std::io::{BufRead, Write};
use std::sync::Arc;

use clap::{Parser, Subcommand};
use corrbot::adapters::console::Console;
use corrbot::adapters::discord::{DiscordBot, ServeConfig};
use corrbot::adapters::router::{Router, Transport};
use corrbot::adapters::telegram::{TelegramBot, TelegramConfig};
use corrbot::adapters::workers::run_workers;
use corrbot::app::deliver::prepare::Preparer;
use corrbot::app::service::{App, AppConfig};
use corrbot::outbox::DeliveryOptions;
use corrbot::ratebudget::SharedBudget;
use corrbot::render::RenderCache;
use corrbot::shutdown::{Signals, Stop};
use corrbot::store::{DEFAULT_DATABASE_URL, Db, DbOptions};
use corrbot::time::{Clock, SystemClock};
use corrbot::web::{Limits, Site, TouchSite, WebConfig};

/// corrbot: correspondence-chess events on Telegram and Discord.
#[derive(Parser)]
#[command(version, about)]
struct Cli {
    #[command(subcommand)]
    command: Option<CliCommand>,
}

#[derive(Subcommand)]
enum CliCommand {
    /// Run the bot (the default): on the console when no chat token is set.
    Run,
    /// Apply the database migrations and exit.
    Migrate,
    /// Run a transcript under a simulated clock on a fresh database and
    /// print every message.
    Script {
        /// The script: `@name: text` lines, `+14d` to advance time, `#`
        /// comments (docs/transcripts.md).
        file: std::path::PathBuf,
        /// One JSON object per message instead of the annotated script.
        #[arg(long)]
        json: bool,
    },
    /// Write one board image as PNG.
    Render(corrbot::render::cli::RenderArgs),
    /// Write the whole database (DATABASE_URL) as JSON: a backup, or the way
    /// from SQLite to PostgreSQL; with `--event`, the audit of one event.
    Export {
        /// The event to audit (games, moves, clocks, leaves, cases, rulings).
        #[arg(long)]
        event: Option<i64>,
        /// Write JSON (the only format; the flag states it in scripts).
        #[arg(long)]
        json: bool,
        /// The file to write; standard output when missing.
        #[arg(long)]
        out: Option<std::path::PathBuf>,
    },
    /// Serve the public web pages alone (CORRBOT_WEB_LISTEN, default
    /// 127.0.0.1:8080) on the bot's database (DATABASE_URL).
    Web,
    /// Restore an export into an empty database (DATABASE_URL).
    Import {
        /// The export file.
        file: std::path::PathBuf,
    },
    /// Copy the SQLite database (DATABASE_URL) to FILE while the bot runs:
    /// a consistent copy of one instant (PostgreSQL: use pg_dump).
    Backup {
        /// The copy to write; it must not exist yet.
        file: std::path::PathBuf,
    },
    /// Check the configuration (tokens' shape, URLs, the database reachable
    /// and migrated): one line per setting; exit status 1 if any is wrong.
    Check,
    /// The club ratings: `--rebuild` recomputes every rating from scratch in
    /// game-end order (the same numbers as the updates made as games ended).
    Ratings {
        /// Recompute from scratch.
        #[arg(long)]
        rebuild: bool,
    },
    /// Simulate a federation's seasons in simulated time on a fresh
    /// database and report the rates, memory, size and costs (issue 24).
    Simulate(corrbot::simulate::SimulateArgs),
}

fn main() -> anyhow::Result<()> {
    let cli = Cli::parse();
    tracing_subscriber::fmt()
        .with_env_filter(log_filter(&cli))
        // Colours only on a terminal: a log file or journal gets plain text.
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .with_writer(std::io::stderr)
        .init();
    match cli.command.unwrap_or(CliCommand::Run) {
        CliCommand::Run => run(),
        CliCommand::Script { file, json } => run_script(&file, json),
        CliCommand::Migrate => runtime()?.block_on(async {
            open_db().await?;
            println!("corrbot: migrations applied.");
            Ok(())
        }),
        CliCommand::Render(args) => corrbot::render::cli::run(&args),
        CliCommand::Export {
            event,
            json: _,
            out,
        } => runtime()?.block_on(export(event, out.as_deref())),
        CliCommand::Import { file } => runtime()?.block_on(import(&file)),
        CliCommand::Backup { file } => runtime()?.block_on(backup(&file)),
        CliCommand::Check => runtime()?.block_on(check()),
        CliCommand::Ratings { rebuild } => runtime()?.block_on(ratings(rebuild)),
        CliCommand::Web => runtime()?.block_on(run_web()),
        CliCommand::Simulate(args) => corrbot::simulate::run(&args),
    }
}

fn runtime() -> anyhow::Result<tokio::runtime::Runtime> {
    Ok(tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?)
}

/// Opens (and migrates) the store on DATABASE_URL, by default a SQLite file.
/// `RUST_LOG` when set; otherwise `corrbot web`, a service of its own,
/// logs what it serves (info), and the rest only errors (the console's
/// conversation stays readable).
fn log_filter(cli: &Cli) -> tracing_subscriber::EnvFilter {
    use tracing_subscriber::EnvFilter;
    match EnvFilter::try_from_default_env() {
        Ok(filter) => filter,
        Err(_) if matches!(cli.command, Some(CliCommand::Web)) => {
            EnvFilter::new("warn,corrbot=info")
        }
        Err(_) => EnvFilter::new("error"),
    }
}

async fn open_db() -> anyhow::Result<Db> {
    let url = std::env::var("DATABASE_URL").unwrap_or_else(|_| DEFAULT_DATABASE_URL.to_owned());
    Ok(Db::open(&url, &DbOptions::default()).await?)
}

async fn export(event: Option<i64>, out: Option<&std::path::Path>) -> anyhow::Result<()> {
    let db = open_db().await?;
    let written = match event {
        Some(id) => export_audit(&db, id, out).await,
        None => export_dump(&db, out).await,
    };
    db.close().await;
    written
}

/// Writes one event's audit export (a small document, built in memory).
async fn export_audit(db: &Db, id: i64, out: Option<&std::path::Path>) -> anyhow::Result<()> {
    let audit = corrbot::export::event_audit(db, corrbot::store::EventId(id), SystemClock.now());
    let text = serde_json::to_string_pretty(&audit.await?)?;
    match out {
        Some(path) => std::fs::write(path, text)?,
        None => println!("{text}"),
    }
    Ok(())
}

/// Streams the whole database to the file or stdout, in constant memory.
async fn export_dump(db: &Db, out: Option<&std::path::Path>) -> anyhow::Result<()> {
    let mut sink: Box<dyn std::io::Write + Send> = match out {
        Some(path) => Box::new(std::fs::File::create(path)?),
        None => Box::new(std::io::stdout()),
    };
    let mut buffered = std::io::BufWriter::with_capacity(1 << 16, &mut sink);
    db.dump_to(&mut buffered).await?;
    Ok(())
}

async fn import(file: &std::path::Path) -> anyhow::Result<()> {
    let input = std::fs::File::open(file)?;
    let db = open_db().await?;
    let mut restored = db.restore_from(input).await;
    if restored.is_ok()
        && let Err(error) = db.analyze().await
    {
        restored = Err(error);
    }
    db.close().await;
    println!("corrbot: imported {} rows.", restored?);
    Ok(())
}

async fn backup(file: &std::path::Path) -> anyhow::Result<()> {
    if file.exists() {
        anyhow::bail!("{} exists: name a new file for the backup", file.display());
    }
    let db = open_db().await?;
    let copied = db.backup_into(file).await;
    db.close().await;
    copied?;
    println!("corrbot: backup written to {}.", file.display());
    Ok(())
}

async fn ratings(rebuild: bool) -> anyhow::Result<()> {
    if !rebuild {
        anyhow::bail!("say what to do: corrbot ratings --rebuild");
    }
    let db = open_db().await?;
    let mut tx = db.begin().await?;
    let games = tx.rebuild_ratings().await?;
    tx.commit().await?;
    db.close().await;
    println!("corrbot: ratings recomputed from {games} rated games.");
    Ok(())
}

async fn check() -> anyhow::Result<()> {
    let var = |name: &str| std::env::var(name).ok();
    let findings = corrbot::check::check(&var).await;
    for found in &findings {
        println!("{found}");
    }
    if findings.iter().any(|found| !found.ok) {
        std::process::exit(1);
    }
    Ok(())
}

fn run_script(file: &std::path::Path, json: bool) -> anyhow::Result<()> {
    use corrbot::adapters::script::{Format, run_script_as};
    let format = if json { Format::Json } else { Format::Text };
    let script = std::fs::read_to_string(file)?;
    let path = std::env::temp_dir().join(format!("corrbot_script_{}.db", std::process::id()));
    let url = format!("sqlite://{}", path.display());
    let admins = std::env::var("CORRBOT_ADMINS").unwrap_or_default();
    let lines = runtime()?.block_on(async {
        let db = Db::open(&url, &DbOptions::default()).await?;
        let lines = run_script_as(&script, db.clone(), &admins, format).await;
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

/// `corrbot web`: the public pages alone, on the bot's database.
async fn run_web() -> anyhow::Result<()> {
    let config = WebConfig::from_env()?.unwrap_or(WebConfig {
        listen: ([127, 0, 0, 1], 8080).into(),
        url: None,
    });
    let url = std::env::var("DATABASE_URL").unwrap_or_else(|_| DEFAULT_DATABASE_URL.to_owned());
    if let Some(file) = corrbot::store::missing_sqlite_file(&url) {
        anyhow::bail!(
            "corrbot web: the database file {} does not exist. Start the bot on it first \
             (cargo run --release) or set DATABASE_URL to the bot's database.",
            file.display()
        );
    }
    let db = open_db().await?;
    let clock: Arc<dyn Clock> = Arc::new(SystemClock);
    let app = App::new(db.clone(), clock.clone(), app_config_on(&db).await?);
    let telegram_token = std::env::var("TELEGRAM_BOT_TOKEN").ok();
    let site = Site::with_touch(
        db.clone(),
        clock,
        Arc::new(RenderCache::new(256)),
        Limits::from_env()?,
        touch_site(&app, telegram_token.filter(|token| !token.is_empty())),
    );
    if let Some(listen) = corrbot::web::ops_listen_from_env()? {
        let ops = site.clone();
        tokio::spawn(async move {
            let stopped = corrbot::shutdown::signal();
            if let Err(error) = corrbot::web::serve_ops(ops, listen, stopped).await {
                tracing::error!(
                    error = format!("{error:#}"),
                    "web: the operator's listener stopped"
                );
            }
        });
    }
    let served = corrbot::web::serve(site, config.listen, corrbot::shutdown::signal()).await;
    db.close().await;
    served
}

/// Connections of the web pages' own pool (the bot keeps its 8).
const WEB_POOL: u32 = 4;

/// Starts the operator's listener (`/healthz`, `/metrics`) and, when
/// `CORRBOT_WEB_LISTEN` is set, the public pages beside the bot, until `stop`.
fn spawn_web(
    runtime: &tokio::runtime::Handle,
    (db, app): (&Db, &App),
    clock: &Arc<dyn Clock>,
    renders: &Arc<RenderCache>,
    (stop, telegram_token): (&Stop, Option<String>),
) -> anyhow::Result<()> {
    // A pool starts its own tasks: it is made inside the runtime.
    let _inside = runtime.enter();
    // The pages read from their own pool: the bot's commands keep theirs.
    let site = Site::with_touch(
        db.sibling(WEB_POOL),
        clock.clone(),
        renders.clone(),
        Limits::from_env()?,
        touch_site(app, telegram_token),
    );
    if let Some(listen) = corrbot::web::ops_listen_from_env()? {
        let (ops, stopped) = (site.clone(), stop.wait());
        runtime.spawn(async move {
            if let Err(error) = corrbot::web::serve_ops(ops, listen, stopped).await {
                tracing::error!(
                    error = format!("{error:#}"),
                    "web: the operator's listener stopped"
                );
            }
        });
    }
    let Some(config) = WebConfig::from_env()? else {
        return Ok(());
    };
    let stopped = stop.wait();
    runtime.spawn(async move {
        if let Err(error) = corrbot::web::serve(site, config.listen, stopped).await {
            tracing::error!(error = format!("{error:#}"), "web: the site stopped");
        }
    });
    Ok(())
}

/// The board players move on by touch (issue [touch]), when the app signs
/// board links (a public web address is set).
fn touch_site(app: &App, telegram_token: Option<String>) -> Option<Arc<TouchSite>> {
    let key = app.touch_key()?.clone();
    Some(TouchSite::new(app.clone(), key, telegram_token))
}

/// The app's settings from the environment and, with a public web
/// address, the key that signs board links (`CORRBOT_SECRET`, or the one
/// kept in `db`).
async fn app_config_on(db: &Db) -> anyhow::Result<AppConfig> {
    let config = app_config()?;
    if config.web_url.is_none() {
        return Ok(config);
    }
    let key = corrbot::app::touch::TouchKey::load(db).await?;
    Ok(config.with_touch_key(Some(key)))
}

/// The app's settings from the environment.
fn app_config() -> anyhow::Result<AppConfig> {
    let admins = std::env::var("CORRBOT_ADMINS").unwrap_or_default();
    Ok(AppConfig::with_admins(&admins)
        .with_web_url(corrbot::web::web_url_from_env()?)
        .with_command_limit(corrbot::app::throttle::CommandLimit::from_env()?)
        .with_zone(installation_zone()?))
}

/// The installation's time zone, `CORRBOT_ZONE` (an IANA name such as
/// `Europe/Kyiv`); unset: GMT, the rules' default (R3.5.6).
fn installation_zone() -> anyhow::Result<Option<chrono_tz::Tz>> {
    let Some(name) = std::env::var("CORRBOT_ZONE")
        .ok()
        .filter(|v| !v.trim().is_empty())
    else {
        return Ok(None);
    };
    match corrbot::app::zone::parse_zone(&name) {
        Some(zone) => Ok(Some(zone)),
        None => anyhow::bail!(
            "CORRBOT_ZONE: {name:?} is no time zone (write an IANA name such as Europe/Kyiv)"
        ),
    }
}

fn run() -> anyhow::Result<()> {
    let telegram = TelegramConfig::from_env()?;
    let discord = ServeConfig::from_env()?;
    if telegram.is_none() && discord.is_none() {
        return run_console();
    }
    runtime()?.block_on(run_chats(telegram, discord))
}

/// The chat platforms whose tokens are set, with one scheduler and one
/// outbox worker whose router knows every platform's transport, until
/// SIGTERM or Ctrl-C ([`corrbot::shutdown`]): then the adapters stop taking
/// updates (the one in hand is finished), the workers finish their item and
/// release their outbox claims, the gateway is closed, and the pool waits
/// for the transactions in flight.
async fn run_chats(
    telegram: Option<TelegramConfig>,
    discord: Option<ServeConfig>,
) -> anyhow::Result<()> {
    let (switch, stop) = Stop::new();
    tokio::spawn(async move {
        corrbot::shutdown::signal().await;
        switch.stop();
    });
    let db = open_db().await?;
    let clock: Arc<dyn Clock> = Arc::new(SystemClock);
    let app = App::new(db.clone(), clock.clone(), app_config_on(&db).await?);
    let cache = Arc::new(RenderCache::new(256));
    let telegram_token = telegram.as_ref().map(|config| config.token.clone());
    spawn_web(
        &tokio::runtime::Handle::current(),
        (&db, &app),
        &clock,
        &cache,
        (&stop, telegram_token),
    )?;
    let mut transports: Vec<Arc<dyn Transport>> = Vec::new();
    let mut inbound = tokio::task::JoinSet::new();
    if let Some(mut config) = telegram {
        config.budget = SharedBudget::for_db(&db, "telegram");
        let bot = TelegramBot::connect(config).await?;
        transports.push(bot.transport());
        let serving = bot.serve(app.clone(), clock.clone(), cache.clone(), stop.wait());
        inbound.spawn(serving);
    }
    let mut discord_bot = None;
    if let Some(config) = discord {
        let bot = DiscordBot::start(app.clone(), clock.clone(), cache.clone(), &config).await?;
        transports.push(bot.transport());
        discord_bot = Some(bot);
    }
    let preparer = Preparer::new(db.clone(), clock.clone(), cache)
        .with_web_url(app.web_url().cloned())
        .with_touch_key(app.touch_key().cloned());
    let options = DeliveryOptions::from_env()?;
    let router = Router::new(preparer, transports).with_delivery_log(options.open_log()?);
    let workers = run_workers(
        db.clone(),
        clock.as_ref(),
        router,
        options.outbox_lease,
        stop.wait(),
    );
    tokio::pin!(workers);
    let mut workers_done = false;
    tokio::select! {
        () = &mut workers => workers_done = true,
        Some(ended) = inbound.join_next() => ended??,
    }
    if let Some(bot) = &discord_bot {
        bot.close().await;
    }
    // The inbound loops return after the update in hand; the workers after
    // their item. A bound, in case a platform call hangs.
    let drained = async {
        while inbound.join_next().await.is_some() {}
        if !workers_done {
            workers.await;
        }
    };
    if tokio::time::timeout(SHUTDOWN_BOUND, drained).await.is_err() {
        tracing::warn!("shutdown: still busy after {SHUTDOWN_BOUND:?}; stopping anyway");
    }
    inbound.shutdown().await;
    db.close().await;
    tracing::info!("corrbot stopped");
    Ok(())
}

/// The longest wait for the work in hand at shutdown.
const SHUTDOWN_BOUND: std::time::Duration = std::time::Duration::from_secs(20);

/// The console: `@name: text` lines on stdin, replies and notices on
/// stdout, until the input ends or SIGTERM or Ctrl-C: then the line in
/// hand is finished, the pool closed, and the process exits 0 (as
/// `corrbot run` does).
fn run_console() -> anyhow::Result<()> {
    let runtime = runtime()?;
    let db = runtime.block_on(open_db())?;
    let clock: Arc<dyn Clock> = Arc::new(SystemClock);
    let renders = Arc::new(RenderCache::new(256));
    let config = runtime.block_on(app_config_on(&db))?;
    let app = App::new(db.clone(), clock.clone(), config);
    let stop = Stop::default();
    spawn_web(
        runtime.handle(),
        (&db, &app),
        &clock,
        &renders,
        (&stop, None),
    )?;
    let mut console = Console::with_options(app, clock, &DeliveryOptions::from_env()?)?;
    console.save_media_in(corrbot::adapters::console::MediaFolder::from_env());
    let signals = {
        let _inside = runtime.enter();
        Signals::listen()?
    };
    let lines = stdin_lines();
    eprintln!("corrbot console: type `@name: text` lines (e.g. `@alice: /help`).");
    let served = runtime.block_on(console_loop(&mut console, lines, signals));
    runtime.block_on(db.close());
    served
}

/// The lines of standard input as read, on a thread of their own so that
/// a signal ends the wait for the next line; the channel closes at the end
/// of the input.
fn stdin_lines() -> tokio::sync::mpsc::Receiver<std::io::Result<Vec<u8>>> {
    let (lines, received) = tokio::sync::mpsc::channel(1);
    std::thread::spawn(move || {
        let mut input = std::io::stdin().lock();
        loop {
            let mut line = Vec::new();
            let read = match input.read_until(b'\n', &mut line) {
                Ok(0) => return,
                Ok(_) => Ok(line),
                Err(error) => Err(error),
            };
            let failed = read.is_err();
            if lines.blocking_send(read).is_err() || failed {
                return;
            }
        }
    });
    received
}

/// Answers each line of `lines` until they end or a signal comes; a
/// signal during a line is taken after its answer is printed.
async fn console_loop(
    console: &mut Console,
    mut lines: tokio::sync::mpsc::Receiver<std::io::Result<Vec<u8>>>,
    mut signals: Signals,
) -> anyhow::Result<()> {
    let mut out = std::io::stdout();
    loop {
        let line = tokio::select! {
            biased;
            () = signals.recv() => return Ok(()),
            line = lines.recv() => line,
        };
        let Some(line) = line else {
            return Ok(());
        };
        let line = line?;
        let bytes = line.strip_suffix(b"\n").unwrap_or(&line);
        let bytes = bytes.strip_suffix(b"\r").unwrap_or(bytes);
        for printed in console.line_bytes(bytes).await? {
            writeln!(out, "{printed}")?;
        }
        out.flush()?;
    }
}
