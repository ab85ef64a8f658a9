//! `corrbot simulate`: a federation's seasons in simulated time (issue 24).
//!
//! About one event per ten players, round robins sized to the games asked
//! for, their starts spread over the first half of the days; every day the
//! players whose turn has come move (a seeded legal move after a seeded
//! think time: most in 1–5 days, some silences past 35 days that bring
//! reminders, cases and losses on time), some register leaves, games end
//! over the board or by agreement; then the scheduler fires what fell due
//! and the outbox is drained by a deliverer that only counts. Everything
//! goes through the app, the scheduler and the outbox as in production, on
//! SQLite or PostgreSQL; the report gives the rates, the peak memory, the
//! database's size, and each operation's mean cost in each tenth of the
//! days, so that its growth with the data shows.

mod club;
mod federation;
mod history;
mod meter;
mod plan;
mod report;
mod rng;
mod sample;
mod think;
mod turns;

use std::sync::Arc;
use std::time::{Duration, Instant};

use chrono::{DateTime, TimeZone, Utc};

use crate::app::service::{App, AppConfig};
use crate::store::{Db, DbOptions, GameId, GameStatus};
use crate::time::{Clock, SimClock};

pub use history::History;
pub use meter::{Meter, OPS, Op, Phase, peak_rss};
pub use report::Report;
pub use rng::Rng;

/// What to simulate.
#[derive(Clone, Debug, clap::Args)]
pub struct SimulateArgs {
    /// Players in the pool.
    #[arg(long, default_value_t = 1000)]
    pub players: usize,
    /// Games, about.
    #[arg(long, default_value_t = 1000)]
    pub games: usize,
    /// Simulated days.
    #[arg(long, default_value_t = 730)]
    pub days: u32,
    /// The database: `postgres://…` (a fresh schema is made in it and
    /// dropped after) or `sqlite://FILE`; a temporary SQLite file when
    /// missing.
    #[arg(long)]
    pub database: Option<String>,
    /// The seed of every random choice.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Commands run at once (players moving in the same hour), and up to
    /// four outbox workers.
    #[arg(long, default_value_t = 8)]
    pub concurrency: usize,
    /// Finished games of the two years before, written to the database
    /// first (with their moves, events and players), so that the days run
    /// on a federation's accumulated data.
    #[arg(long, default_value_t = 0)]
    pub history: usize,
}

/// The first simulated instant: Monday 4 January 2027, 09:00 UTC.
pub fn start() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2027, 1, 4, 9, 0, 0).unwrap()
}

/// Runs the simulation of `args` on `db` (migrated, empty).
pub async fn simulate(db: &Db, args: &SimulateArgs) -> anyhow::Result<Report> {
    let history = history::write(db, args.history, args.seed, start()).await?;
    let wall = Instant::now();
    let clock = Arc::new(SimClock::new(start()));
    let dyn_clock: Arc<dyn Clock> = clock.clone();
    let admins = format!("console:{}", club::ADMIN);
    let app = App::new(db.clone(), dyn_clock, AppConfig::with_admins(&admins));
    let club = club::Club::new(app);
    let mut federation = federation::Federation::new(club, clock, args.seed, args.concurrency);
    let plan = plan::plan(args.players, args.games, args.days);
    federation.create_events(plan).await?;
    let setup = wall.elapsed();
    let phase = (args.days / 10).max(1);
    for day in 0..args.days {
        federation.run_day(start(), day).await?;
        if (day + 1) % phase == 0 || day + 1 == args.days {
            federation.sample_reads(args.players).await?;
            let games = federation.games();
            federation.meter.close_phase(day + 1, games);
        }
    }
    let finished = finished_games(db, &federation).await?;
    let mut tx = db.read().await?;
    let db_bytes = tx.database_bytes().await?;
    tx.commit().await?;
    Ok(Report {
        backend: db.backend(),
        players: args.players,
        days: args.days,
        concurrency: args.concurrency,
        history,
        games: federation.games(),
        finished,
        setup,
        wall: wall.elapsed(),
        db_bytes,
        peak_rss: peak_rss(),
        meter: federation.meter,
    })
}

async fn finished_games(db: &Db, federation: &federation::Federation) -> anyhow::Result<usize> {
    let mut tx = db.read().await?;
    let mut finished = 0;
    for &id in federation.games.keys() {
        finished += usize::from(tx.game(GameId(id)).await?.status == GameStatus::Finished);
    }
    tx.commit().await?;
    Ok(finished)
}

/// `corrbot simulate`: opens the database, simulates, prints the report.
pub fn run(args: &SimulateArgs) -> anyhow::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    let report = runtime.block_on(async {
        let pool = (args.concurrency + federation::OUTBOX_WORKERS + 2) as u32;
        let target = Target::open(args.database.as_deref(), pool).await?;
        let report = simulate(&target.db, args).await;
        target.close().await?;
        report
    })?;
    println!("{report}");
    Ok(())
}

/// The database of a run, and what to remove after it.
struct Target {
    db: Db,
    temp_file: Option<std::path::PathBuf>,
    schema: Option<(String, String)>,
}

impl Target {
    async fn open(url: Option<&str>, pool: u32) -> anyhow::Result<Self> {
        let unique = format!("{}_{}", std::process::id(), Utc::now().timestamp());
        match url {
            None => {
                let path = std::env::temp_dir().join(format!("corrbot_simulate_{unique}.db"));
                let db = Db::open(
                    &format!("sqlite://{}", path.display()),
                    &options(None, pool),
                )
                .await?;
                Ok(Self {
                    db,
                    temp_file: Some(path),
                    schema: None,
                })
            }
            Some(url) if url.starts_with("sqlite:") => {
                let db = Db::open(url, &options(None, pool)).await?;
                Ok(Self {
                    db,
                    temp_file: None,
                    schema: None,
                })
            }
            Some(url) => {
                let schema = format!("sim_{unique}");
                let admin = Db::connect(url, &options(None, 1)).await?;
                admin
                    .execute_raw(&format!("CREATE SCHEMA {schema}"))
                    .await?;
                admin.close().await;
                let db = Db::open(url, &options(Some(schema.clone()), pool)).await?;
                Ok(Self {
                    db,
                    temp_file: None,
                    schema: Some((url.to_owned(), schema)),
                })
            }
        }
    }

    async fn close(self) -> anyhow::Result<()> {
        self.db.close().await;
        if let Some(path) = self.temp_file {
            for suffix in ["", "-wal", "-shm"] {
                let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
            }
        }
        if let Some((url, schema)) = self.schema {
            let admin = Db::connect(&url, &options(None, 1)).await?;
            admin
                .execute_raw(&format!("DROP SCHEMA {schema} CASCADE"))
                .await?;
            admin.close().await;
        }
        Ok(())
    }
}

fn options(schema: Option<String>, pool: u32) -> DbOptions {
    DbOptions {
        max_connections: pool,
        pg_search_path: schema,
        ..DbOptions::default()
    }
}

/// A duration in milliseconds, for the report.
fn millis(duration: Duration) -> f64 {
    duration.as_secs_f64() * 1000.0
}
