//! Store benchmarks.
//!
//! * `commit/*`: what a move command really writes, committed among 10,000
//!   running games with six deadlines each (60,000 rows): the move and the
//!   game's new state, a notice to the partner, and the game's six
//!   deadlines replaced (three reminders, the continuation notice, the
//!   silence case and the flag, as `set_pending_deadlines_with` writes
//!   them: those not kept deleted, the six upserted by key, one round trip),
//!   in one transaction. Move
//!   commits alternate with bare one-row INSERT transactions on the same
//!   database in one run, each timed apart; the bench prints both rates and
//!   their ratio. SQLite with `synchronous` FULL and NORMAL; PostgreSQL when
//!   `BENCH_DATABASE_URL` or `TEST_DATABASE_URL` is set. Target (issue 24):
//!   moves at least half the bare rate.
//! * `tick/*`: a scheduler tick with nothing due at 10,000 and 1,000,000
//!   deadlines. Target: the tick at 1,000,000 within 2× of the one at 10,000.
//!
//! Run briefly: `cargo bench --bench store -- --warm-up-time 1 --measurement-time 3`.

use std::time::{Duration, Instant};

use chrono::{DateTime, TimeDelta, TimeZone, Utc};
use corrbot::core::clock::Clocks;
use corrbot::core::regulation::RuleSet;
use corrbot::scheduler::{DueHandler, Scheduler, SchedulerConfig};
use corrbot::store::*;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use serde_json::json;
use tokio::runtime::Runtime;

const GAMES: i64 = 10_000;

fn t0() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 1, 1, 0, 0, 0).unwrap()
}

/// A database to benchmark, removed afterwards.
struct BenchDb {
    db: Db,
    cleanup: Option<(String, String)>,
    file: Option<std::path::PathBuf>,
}

impl BenchDb {
    async fn sqlite(full: bool) -> Self {
        let name = format!("corrbot_bench_{}_{full}.db", std::process::id());
        let path = std::env::temp_dir().join(name);
        let options = DbOptions {
            sqlite_synchronous_full: full,
            ..DbOptions::default()
        };
        let db = Db::open(&format!("sqlite://{}", path.display()), &options)
            .await
            .unwrap();
        Self {
            db,
            cleanup: None,
            file: Some(path),
        }
    }

    async fn postgres() -> Option<Self> {
        let url = std::env::var("BENCH_DATABASE_URL")
            .or_else(|_| std::env::var("TEST_DATABASE_URL"))
            .ok();
        let Some(url) = url else {
            eprintln!("notice: no BENCH_DATABASE_URL or TEST_DATABASE_URL; skipping PostgreSQL");
            return None;
        };
        let schema = format!("bench_{}", std::process::id());
        let admin = Db::connect(&url, &DbOptions::default()).await.unwrap();
        admin
            .execute_raw(&format!("DROP SCHEMA IF EXISTS {schema} CASCADE"))
            .await
            .unwrap();
        admin
            .execute_raw(&format!("CREATE SCHEMA {schema}"))
            .await
            .unwrap();
        admin.close().await;
        let options = DbOptions {
            pg_search_path: Some(schema.clone()),
            ..DbOptions::default()
        };
        let db = Db::open(&url, &options).await.unwrap();
        Some(Self {
            db,
            cleanup: Some((url, schema)),
            file: None,
        })
    }

    async fn finish(self) {
        self.db.close().await;
        if let Some((url, schema)) = self.cleanup {
            let admin = Db::connect(&url, &DbOptions::default()).await.unwrap();
            admin
                .execute_raw(&format!("DROP SCHEMA {schema} CASCADE"))
                .await
                .unwrap();
            admin.close().await;
        }
        if let Some(path) = self.file {
            for suffix in ["", "-wal", "-shm"] {
                let mut file = path.clone().into_os_string();
                file.push(suffix);
                let _ = std::fs::remove_file(file);
            }
        }
    }
}

/// One event, 200 players, 10,000 running games; the bare-insert table.
async fn populate_games(db: &Db) -> Vec<(GameId, i64)> {
    let mut tx = db.begin().await.unwrap();
    let event = NewEvent {
        name: "bench".into(),
        rule_set: RuleSet::Server,
        regulation: Default::default(),
        is_team: false,
        at: t0(),
    };
    let event = tx.create_event(&event).await.unwrap();
    let values: Vec<String> = (0..200).map(|i| format!("('p{i}', 0)")).collect();
    let sql = format!(
        "INSERT INTO players (display_name, created_at) VALUES {}",
        values.join(",")
    );
    tx.execute_raw(&sql).await.unwrap();
    for batch in 0..GAMES / 1_000 {
        let values: Vec<String> = (0..1_000)
            .map(|i| {
                let n = batch * 1_000 + i;
                format!(
                    "({}, {}, {}, 'running', 'start')",
                    event.id,
                    n % 200 + 1,
                    (n + 1) % 200 + 1
                )
            })
            .collect();
        let sql = format!(
            "INSERT INTO games (event_id, white_id, black_id, status, fen) VALUES {}",
            values.join(",")
        );
        tx.execute_raw(&sql).await.unwrap();
    }
    tx.commit().await.unwrap();
    db.execute_raw("CREATE TABLE bare (id BIGINT PRIMARY KEY, n BIGINT NOT NULL)")
        .await
        .unwrap();
    let mut tx = db.read().await.unwrap();
    let games = tx.games_of_event(event.id).await.unwrap();
    games.iter().map(|g| (g.id, g.version)).collect()
}

/// The deadlines a server move writes for the side to move next (six).
fn move_deadlines(game: GameId, ply: i64, at: DateTime<Utc>) -> Vec<NewDeadline> {
    let kinds = [
        ("reminder", "reminder:1", 14),
        ("reminder", "reminder:2", 21),
        ("reminder", "reminder:3", 28),
        ("continuation_due", "continuation", 35),
        ("silence_case", "silence", 40),
        ("loss_on_time", "flag", 50),
    ];
    kinds
        .into_iter()
        .map(|(kind, key, days)| NewDeadline {
            due_at: at + TimeDelta::days(days),
            kind: kind.into(),
            key: Some(format!("game:{game}:{key}")),
            game_id: Some(game),
            event_id: Some(EventId(1)),
            player_id: Some(PlayerId(1)),
            payload: json!({"ply": ply, "days": days}),
            ..NewDeadline::default()
        })
        .collect()
}

/// The move command's writes: the move and the game's state, the notice to
/// the partner, the game's deadlines replaced; one commit.
async fn commit_move(db: &Db, game: GameId, version: i64, at: DateTime<Utc>) {
    let mut tx = db.begin().await.unwrap();
    let ply = version + 1;
    let update = GameUpdate {
        status: GameStatus::Running,
        result: None,
        result_reason: None,
        fen: format!("fen {ply}"),
        clock: Some(Clocks {
            white_used: 3,
            white_left: 47,
            black_used: 4,
            black_left: 46,
        }),
        turn_since: Some(at),
        started_at: Some(t0()),
        finished_at: None,
    };
    let row = MoveRow {
        ply,
        uci: "e2e4".into(),
        text: "e2-e4".into(),
        received_at: at,
        sent_at: None,
        charged_days: 0,
    };
    tx.append_move(game, version, &row, &update).await.unwrap();
    let to = NoticeRecipient::Player(PlayerId(1));
    tx.enqueue_notice(&to, "move", &json!({"game": game, "uci": "e2e4"}), at)
        .await
        .unwrap();
    let deadlines = move_deadlines(game, ply, at);
    tx.replace_deadlines_of_game(game, &deadlines, at)
        .await
        .unwrap();
    tx.commit().await.unwrap();
}

/// Six deadlines for each game, as after its first move.
async fn populate_move_deadlines(db: &Db, games: &[(GameId, i64)]) {
    for chunk in games.chunks(500) {
        let mut tx = db.begin().await.unwrap();
        for (game, _) in chunk {
            let deadlines = move_deadlines(*game, 0, t0());
            tx.replace_deadlines_of_game(*game, &deadlines, t0())
                .await
                .unwrap();
        }
        tx.commit().await.unwrap();
    }
}

async fn commit_bare(db: &Db, id: i64) {
    let mut tx = db.begin().await.unwrap();
    tx.execute_raw(&format!("INSERT INTO bare (id, n) VALUES ({id}, 1)"))
        .await
        .unwrap();
    tx.commit().await.unwrap();
}

fn bench_commits(c: &mut Criterion, rt: &Runtime, name: &str, bench_db: BenchDb) {
    let db = bench_db.db.clone();
    let mut games = rt.block_on(populate_games(&db));
    rt.block_on(populate_move_deadlines(&db, &games));
    let mut group = c.benchmark_group(format!("commit/{name}"));
    group.throughput(Throughput::Elements(2));
    let mut next = 0usize;
    let (mut moves, mut bares) = (Duration::ZERO, Duration::ZERO);
    group.bench_function("move_then_bare", |b| {
        b.iter_custom(|iters| {
            rt.block_on(async {
                let (mut move_time, mut bare_time) = (Duration::ZERO, Duration::ZERO);
                for _ in 0..iters {
                    let count = games.len();
                    let (game, version) = &mut games[next % count];
                    next += 1;
                    let at = t0() + TimeDelta::seconds(next as i64);
                    let start = Instant::now();
                    commit_move(&db, *game, *version, at).await;
                    move_time += start.elapsed();
                    *version += 1;
                    let start = Instant::now();
                    commit_bare(&db, next as i64).await;
                    bare_time += start.elapsed();
                }
                moves += move_time;
                bares += bare_time;
                move_time + bare_time
            })
        })
    });
    group.finish();
    let count = next as f64;
    let (move_rate, bare_rate) = (count / moves.as_secs_f64(), count / bares.as_secs_f64());
    println!(
        "commit/{name}: {count} moves {move_rate:.0}/s, {count} bare {bare_rate:.0}/s, ratio {:.2}",
        move_rate / bare_rate
    );
    rt.block_on(bench_db.finish());
}

struct NoHandler;

impl DueHandler for NoHandler {
    async fn handle(&self, _: &mut Tx, _: &Deadline, _: DateTime<Utc>) -> anyhow::Result<()> {
        Ok(())
    }
}

/// Adds `count` future deadlines in one statement per backend.
async fn populate_deadlines(db: &Db, count: i64) {
    let base = (t0() + TimeDelta::days(1)).timestamp_millis();
    let sql = match db.backend() {
        Backend::Sqlite => format!(
            "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < {count}) \
             INSERT INTO deadlines (due_at, kind, payload, created_at) \
             SELECT {base} + x * 1000, 'reminder', '{{}}', 0 FROM c"
        ),
        Backend::Postgres => format!(
            "INSERT INTO deadlines (due_at, kind, payload, created_at) \
             SELECT {base} + x * 1000, 'reminder', '{{}}', 0 FROM generate_series(1, {count}) x"
        ),
    };
    db.execute_raw(&sql).await.unwrap();
    db.execute_raw("ANALYZE").await.unwrap();
}

fn bench_ticks(c: &mut Criterion, rt: &Runtime, name: &str, bench_db: BenchDb) {
    let db = bench_db.db.clone();
    let mut group = c.benchmark_group(format!("tick/{name}"));
    let mut have = 0;
    for count in [10_000, 1_000_000] {
        rt.block_on(populate_deadlines(&db, count - have));
        have = count;
        let scheduler = Scheduler::new(db.clone(), NoHandler, SchedulerConfig::default());
        group.bench_function(format!("nothing_due_at_{count}"), |b| {
            b.iter_custom(|iters| {
                rt.block_on(async {
                    let start = Instant::now();
                    for _ in 0..iters {
                        let fired = scheduler.poll_due(t0()).await.unwrap();
                        assert_eq!(fired.handled, 0);
                        std::hint::black_box(scheduler.next_due().await.unwrap());
                    }
                    start.elapsed()
                })
            })
        });
    }
    group.finish();
    rt.block_on(bench_db.finish());
}

fn benches(c: &mut Criterion) {
    let rt = Runtime::new().unwrap();
    bench_commits(c, &rt, "sqlite_full", rt.block_on(BenchDb::sqlite(true)));
    bench_commits(c, &rt, "sqlite_normal", rt.block_on(BenchDb::sqlite(false)));
    if let Some(pg) = rt.block_on(BenchDb::postgres()) {
        bench_commits(c, &rt, "postgres", pg);
    }
    bench_ticks(c, &rt, "sqlite", rt.block_on(BenchDb::sqlite(true)));
    if let Some(pg) = rt.block_on(BenchDb::postgres()) {
        bench_ticks(c, &rt, "postgres", pg);
    }
}

criterion_group! {
    name = store;
    config = Criterion::default().sample_size(10).warm_up_time(Duration::from_secs(1));
    targets = benches
}
criterion_main!(store);
