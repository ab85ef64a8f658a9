//! End-to-end command handling: a move command through the whole app
//! (dedupe the update id, find the player, parse the command and the move,
//! check it, charge the clock, commit the move, the notice to the partner
//! and the new deadlines in one transaction) per second on SQLite, with
//! 10,011 active games (a 142-player round robin, every game running).
//!
//! Also `bad_move`: a refused illegal move (rolled back, the refusal stored
//! against the update id), and `games`: the `/games` list of a player with
//! 141 games.
//!
//! And an event's tables (issue 24: under 50 ms, `/games` under 20 ms):
//! `/standings` and `/event show` of a 100-player round robin (4,950 games,
//! two thirds of them finished), and the `/games` list of one of its
//! players with 100 running games.
//!
//! Run briefly: `cargo bench --bench app -- --warm-up-time 1 --measurement-time 5`.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use chrono::{TimeZone, Utc};
use corrbot::app::actor::{Chat, Inbound};
use corrbot::app::service::{App, AppConfig};
use corrbot::store::{Db, DbOptions, Platform};
use corrbot::time::{Clock, SimClock};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use tokio::runtime::Runtime;

/// Players of the round robin: 142 · 141 / 2 = 10,011 games.
const PLAYERS: usize = 142;

/// Players of the second round robin: 100 · 99 / 2 = 4,950 games.
const RR_PLAYERS: usize = 100;

/// An opening both sides can play in every game, one ply at a time.
const OPENING: [&str; 16] = [
    "e2-e4", "e7-e5", "Кg1-f3", "Кb8-c6", "Сf1-c4", "Сf8-c5", "c2-c3", "Кg8-f6", "d2-d3", "d7-d6",
    "0-0", "0-0", "a2-a4", "a7-a5", "h2-h3", "h7-h6",
];

struct Bench {
    app: App,
    /// (game, white, black) of every game.
    games: Vec<(i64, String, String)>,
    next_update: AtomicU64,
    path: std::path::PathBuf,
}

impl Bench {
    fn inbound(&self, user: &str, text: String) -> Inbound {
        let id = self.next_update.fetch_add(1, Ordering::Relaxed);
        Inbound {
            platform: Platform::Console,
            update_id: format!("bench-{id}"),
            user_id: user.to_owned(),
            display_name: user.to_owned(),
            handle: Some(user.to_owned()),
            chat: Chat::Private,
            text,
            reply_to: None,
            client_lang: None,
        }
    }

    async fn say(&self, user: &str, text: String) -> String {
        let replies = self.app.handle(&self.inbound(user, text)).await.unwrap();
        replies.into_iter().map(|r| r.text).collect()
    }

    /// The `n`-th move command of the sequence: ply `n / games` of game `n % games`.
    fn move_command(&self, n: usize) -> (String, String) {
        let (game, white, black) = &self.games[n % self.games.len()];
        let ply = (n / self.games.len()) % OPENING.len();
        let player = if ply.is_multiple_of(2) { white } else { black };
        (player.clone(), format!("/move #{game} {}", OPENING[ply]))
    }
}

async fn setup() -> Bench {
    let path = std::env::temp_dir().join(format!("corrbot_bench_app_{}.db", std::process::id()));
    let db = Db::open(
        &format!("sqlite://{}", path.display()),
        &DbOptions::default(),
    )
    .await
    .unwrap();
    let start = Utc.with_ymd_and_hms(2026, 1, 5, 9, 0, 0).unwrap();
    let clock: Arc<dyn Clock> = Arc::new(SimClock::new(start));
    let app = App::new(db, clock, AppConfig::with_admins("console:p0"));
    let mut bench = Bench {
        app,
        games: Vec::new(),
        next_update: AtomicU64::new(0),
        path,
    };
    bench.say("p0", "/event create Bench".to_owned()).await;
    for player in 0..PLAYERS {
        bench
            .say(&format!("p{player}"), "/event join 1".to_owned())
            .await;
    }
    bench.say("p0", "/event start 1".to_owned()).await;
    let mut tx = bench.app.db().read().await.unwrap();
    for game in tx.games_of_event(corrbot::store::EventId(1)).await.unwrap() {
        let white = tx.player(game.white).await.unwrap().display_name;
        let black = tx.player(game.black).await.unwrap().display_name;
        bench.games.push((game.id.0, white, black));
    }
    tx.commit().await.unwrap();
    assert_eq!(bench.games.len(), PLAYERS * (PLAYERS - 1) / 2);
    round_robin_100(&bench).await;
    bench
}

/// Event #2: a 100-player round robin (`q0` … `q99`) whose games between
/// `q2` … `q99` are two thirds finished (White resigned), and event #3, a
/// duel of `q1` and `r0`: `q1` has 100 running games.
async fn round_robin_100(bench: &Bench) {
    bench.say("p0", "/event create RR100".to_owned()).await;
    for player in 0..RR_PLAYERS {
        bench
            .say(&format!("q{player}"), "/event join 2".to_owned())
            .await;
    }
    bench.say("p0", "/event start 2".to_owned()).await;
    let mut tx = bench.app.db().read().await.unwrap();
    let mut to_finish = Vec::new();
    let games = tx.games_of_event(corrbot::store::EventId(2)).await.unwrap();
    assert_eq!(games.len(), RR_PLAYERS * (RR_PLAYERS - 1) / 2);
    for (n, game) in games.iter().enumerate() {
        let white = tx.player(game.white).await.unwrap().display_name;
        let black = tx.player(game.black).await.unwrap().display_name;
        let plays_first_two = [&white, &black]
            .iter()
            .any(|name| name.as_str() == "q0" || name.as_str() == "q1");
        if !plays_first_two && n % 3 != 0 {
            to_finish.push((game.id.0, white));
        }
    }
    tx.commit().await.unwrap();
    for (game, white) in to_finish {
        let reply = bench.say(&white, format!("/resign {game} confirm")).await;
        assert!(reply.contains("0-1"), "{reply}");
    }
    bench.say("p0", "/event create Duel".to_owned()).await;
    bench.say("q1", "/event join 3".to_owned()).await;
    bench.say("r0", "/event join 3".to_owned()).await;
    bench.say("p0", "/event start 3".to_owned()).await;
    let games = bench.say("q1", "/games".to_owned()).await;
    assert!(games.contains("#"), "{games}");
}

fn app_benches(c: &mut Criterion) {
    let runtime = Runtime::new().unwrap();
    let bench = runtime.block_on(setup());
    let mut group = c.benchmark_group("app");
    group.throughput(Throughput::Elements(1));
    let mut cursor = 0usize;
    group.bench_function("move_command_10k_games", |b| {
        b.iter_custom(|iterations| {
            let started = Instant::now();
            runtime.block_on(async {
                for _ in 0..iterations {
                    let (user, text) = bench.move_command(cursor);
                    cursor += 1;
                    let reply = bench.say(&user, text).await;
                    assert!(reply.contains('#'), "{reply}");
                }
            });
            started.elapsed()
        })
    });
    group.bench_function("bad_move_refused", |b| {
        b.iter_custom(|iterations| {
            let started = Instant::now();
            runtime.block_on(async {
                for _ in 0..iterations {
                    bench.say("p1", "/move #1 e2-e9".to_owned()).await;
                }
            });
            started.elapsed()
        })
    });
    group.bench_function("games_list_141_games", |b| {
        b.iter_custom(|iterations| {
            let started = Instant::now();
            runtime.block_on(async {
                for _ in 0..iterations {
                    bench.say("p1", "/games".to_owned()).await;
                }
            });
            started.elapsed()
        })
    });
    group.bench_function("standings_100_players_4950_games", |b| {
        b.iter_custom(|iterations| {
            let started = Instant::now();
            runtime.block_on(async {
                for _ in 0..iterations {
                    let reply = bench.say("q0", "/standings 2".to_owned()).await;
                    assert!(reply.contains("q99"), "{reply}");
                }
            });
            started.elapsed()
        })
    });
    group.bench_function("event_show_100_players_4950_games", |b| {
        b.iter_custom(|iterations| {
            let started = Instant::now();
            runtime.block_on(async {
                for _ in 0..iterations {
                    let reply = bench.say("q0", "/event show 2".to_owned()).await;
                    assert!(reply.contains("q99"), "{reply}");
                }
            });
            started.elapsed()
        })
    });
    group.bench_function("games_list_100_games", |b| {
        b.iter_custom(|iterations| {
            let started = Instant::now();
            runtime.block_on(async {
                for _ in 0..iterations {
                    bench.say("q1", "/games".to_owned()).await;
                }
            });
            started.elapsed()
        })
    });
    group.finish();
    runtime.block_on(bench.app.db().close());
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", bench.path.display()));
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(5));
    targets = app_benches
}
criterion_main!(benches);
