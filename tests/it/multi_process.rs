//! The multi-process test (issue 24): three real `corrbot run` processes on
//! one PostgreSQL schema, behind the fake Telegram, which delivers updates
//! by webhook spread round robin over the three (a post that fails goes to
//! the next process, as Telegram retries a failed webhook), and the fake
//! Discord with three shards, one per process (`DISCORD_SHARDS=i-i/3`:
//! every process serves both platforms, since a process without a
//! platform's transport would park the notices for it that its outbox
//! worker claims). Scripted players play games on both platforms at once
//! while one process at a time is SIGKILLed at seeded random points and
//! started again (the seed is printed; `CRASH_SEED=…` replays it), and
//! continuation deadlines fall due meanwhile. At the end:
//!
//! * every acknowledged move (Telegram: its webhook post was answered 200;
//!   Discord: its interaction was answered) is stored, once, at its ply;
//! * every game's position is the replay of its stored moves;
//! * every notice is delivered: the processes' delivery log
//!   (`CORRBOT_DELIVERY_LOG`, a line per send, written before the mark)
//!   holds exactly the notices marked delivered, each sent at most twice.
//!   A second send is the at-least-once window of the transport boundary
//!   (a kill between the send and the mark), so there are at most as many
//!   as kills. (Claims read the time afresh: a poll that outlasts a lease
//!   at the platforms' pace no longer takes claims that have already
//!   lapsed, which once let other processes send 26–30 of 154 notices a
//!   second time.)
//! * every deadline fired once: it is gone, and its one notice exists;
//! * neither fake saw the global rate limits exceeded (Telegram: 30 a
//!   second overall, 1 a second per chat; Discord: 50 requests a second),
//!   over windows of 800 ms, which absorb the jitter between a reserved
//!   instant and the request's arrival.
//!
//! A notice claimed by a killed process is sent again once its claim
//! lapses (`CORRBOT_OUTBOX_LEASE_MS`, 6 s here instead of two minutes).
//! Skipped with a notice when `TEST_DATABASE_URL` is unset.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use chrono::Utc;
use corrbot::store::{Db, DbOptions, GameId, NewDeadline, NoticeStatus};
use serde_json::{Value, json};
use tokio::sync::watch;

use crate::support::crash::fleet::Fleet;
use crate::support::crash::players::{Ack, Players, Seat, Table, event_named};
use crate::support::crash::{self, Rng, games};
use crate::support::fake_discord::{FakeDiscord, FakeOptions};
use crate::support::fake_telegram::{FakeTelegram, FakeUser, WebhookTarget};

const PROCESSES: usize = 3;
const TELEGRAM_GAMES: usize = 5;
const DISCORD_GAMES: usize = 3;
/// Games nobody plays, whose continuation deadlines fall due.
const IDLE_GAMES: usize = 2;
const PLIES: usize = 16;
const KILLS: usize = 6;
const DEADLINES: usize = 6;
const SECRET: &str = "multi-process-secret";
const DISCORD_TOKEN: &str = "fake.discord.token";
/// Discord's global limit, and the window the fakes' counts use.
const DISCORD_PER_SECOND: usize = 50;
const JITTER_WINDOW: Duration = Duration::from_millis(800);
/// The longest wait for the outbox and the deadlines to drain at the end.
const DRAIN_GUARD: Duration = Duration::from_secs(60);

fn telegram_admin(i: usize) -> FakeUser {
    FakeUser::new(100 + i as i64, &format!("Admin{i}"))
}

fn telegram_player(i: usize, side: usize) -> FakeUser {
    FakeUser::new(1_000 + 2 * i as i64 + side as i64, &format!("T{i}p{side}"))
}

/// The guild on shard `j` of 3, and its channel.
fn discord_place(j: usize) -> (u64, u64) {
    (((3_000 + j as u64) << 22) + 7, 4_000_100 + j as u64)
}

fn discord_seat(user: u64, j: usize) -> Seat {
    let (guild, channel) = discord_place(j);
    Seat::Discord {
        user,
        channel,
        guild,
    }
}

fn admins() -> String {
    let telegram =
        (0..TELEGRAM_GAMES + IDLE_GAMES).map(|i| format!("telegram:{}", telegram_admin(i).id));
    let discord = (0..DISCORD_GAMES).map(|j| format!("discord:{}", 6_000_000 + j));
    telegram.chain(discord).collect::<Vec<_>>().join(",")
}

fn free_port() -> u16 {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    listener.local_addr().unwrap().port()
}

/// The settings of process `i` of the fleet.
fn process_env(
    i: usize,
    url: &str,
    telegram: &FakeTelegram,
    discord: &FakeDiscord,
    port: u16,
    log: &Path,
) -> Vec<(String, String)> {
    [
        ("DATABASE_URL", url.to_owned()),
        ("TELEGRAM_BOT_TOKEN", telegram.token().to_owned()),
        ("TELEGRAM_API_URL", telegram.api_url()),
        (
            "TELEGRAM_WEBHOOK_URL",
            format!("http://127.0.0.1:{port}/hook"),
        ),
        ("TELEGRAM_WEBHOOK_LISTEN", format!("127.0.0.1:{port}")),
        ("TELEGRAM_WEBHOOK_SECRET", SECRET.to_owned()),
        ("DISCORD_TOKEN", DISCORD_TOKEN.to_owned()),
        ("DISCORD_API_URL", discord.proxy_url()),
        ("DISCORD_SHARDS", format!("{i}-{i}/{PROCESSES}")),
        ("CORRBOT_ADMINS", admins()),
        ("CORRBOT_OUTBOX_LEASE_MS", "6000".to_owned()),
        ("CORRBOT_DELIVERY_LOG", log.display().to_string()),
        ("RUST_LOG", "warn".to_owned()),
    ]
    .into_iter()
    .map(|(name, value)| (name.to_owned(), value))
    .collect()
}

fn event_options(action: &str, argument: &str) -> Value {
    json!([
        { "name": "action", "type": 3, "value": action },
        { "name": "argument", "type": 3, "value": argument },
    ])
}

/// Creates, fills and starts one two-player event; returns its name.
async fn set_up_event(players: &Players, admin: &Seat, seats: [&Seat; 2], name: &str) {
    let create = format!("/event create {name}");
    players
        .say(admin, &create, "event", event_options("create", name))
        .await;
    let event = event_named(&players.db, name).await.to_string();
    for seat in seats {
        let join = format!("/event join {event}");
        players
            .say(seat, &join, "event", event_options("join", &event))
            .await;
    }
    let start = format!("/event start {event}");
    players
        .say(admin, &start, "event", event_options("start", &event))
        .await;
}

/// The table of the event named `name`, its seats as the bot drew them.
async fn table_of(db: &Db, name: &str, seats: [Seat; 2], rng: &mut Rng) -> Table {
    let event = event_named(db, name).await;
    let mut tx = db.read().await.unwrap();
    let games = tx
        .games_of_event(corrbot::store::EventId(event))
        .await
        .unwrap();
    tx.commit().await.unwrap();
    assert_eq!(games.len(), 1, "{name}: two players, one game");
    let game = &games[0];
    let [a, b] = seats;
    let (white, black) = if a.player(db).await == game.white {
        (a, b)
    } else {
        (b, a)
    };
    Table {
        game: game.id,
        white,
        black,
        script: games::random_game(rng, PLIES),
    }
}

/// Every event set up at once; the played tables and the idle games.
async fn set_up(players: &Arc<Players>, rng: &mut Rng) -> (Vec<Table>, Vec<GameId>) {
    let mut plans: Vec<(String, Seat, [Seat; 2])> = Vec::new();
    for i in 0..TELEGRAM_GAMES + IDLE_GAMES {
        let seats = [0, 1].map(|side| Seat::Telegram(telegram_player(i, side)));
        plans.push((format!("T{i}"), Seat::Telegram(telegram_admin(i)), seats));
    }
    for j in 0..DISCORD_GAMES {
        let seats = [0, 1].map(|side| discord_seat(7_000_000 + 2 * j as u64 + side, j));
        plans.push((
            format!("D{j}"),
            discord_seat(6_000_000 + j as u64, j),
            seats,
        ));
    }
    let mut tasks = tokio::task::JoinSet::new();
    for (name, admin, seats) in plans.clone() {
        let players = Arc::clone(players);
        tasks.spawn(async move {
            set_up_event(&players, &admin, [&seats[0], &seats[1]], &name).await;
        });
    }
    while let Some(done) = tasks.join_next().await {
        done.unwrap();
    }
    let mut tables = Vec::new();
    let mut idle = Vec::new();
    for (n, (name, _, seats)) in plans.into_iter().enumerate() {
        let table = table_of(&players.db, &name, seats, rng).await;
        if (TELEGRAM_GAMES..TELEGRAM_GAMES + IDLE_GAMES).contains(&n) {
            idle.push(table.game);
        } else {
            tables.push(table);
        }
    }
    (tables, idle)
}

/// Continuation deadlines on the idle games, due over the next seconds.
async fn set_deadlines(db: &Db, idle: &[GameId]) {
    let now = Utc::now();
    let mut tx = db.begin().await.unwrap();
    for d in 0..DEADLINES {
        let deadline = NewDeadline {
            due_at: now + chrono::TimeDelta::milliseconds(1_000 + 1_500 * d as i64),
            kind: "continuation_due".to_owned(),
            key: Some(format!("mp:{d}")),
            game_id: Some(idle[d % idle.len()]),
            payload: json!({ "ply": 0, "days": 100 + d }),
            ..NewDeadline::default()
        };
        tx.set_deadline(&deadline, now).await.unwrap();
    }
    tx.commit().await.unwrap();
}

/// Kills a random process after some acknowledged moves (and a random
/// few milliseconds: the crash point), lets the others go on for a few
/// moves, and starts it again; until `KILLS` kills or the games end.
async fn kill_and_restart(
    fleet: &mut Fleet,
    rng: &mut Rng,
    acked: &watch::Sender<usize>,
    finished: &watch::Receiver<bool>,
) -> usize {
    let mut acks = acked.subscribe();
    let mut kills = 0;
    for _ in 0..KILLS {
        let target = *acks.borrow() + 3 + rng.below(8) as usize;
        if !reached(&mut acks, finished, target).await {
            break;
        }
        tokio::time::sleep(Duration::from_millis(rng.below(40))).await;
        let victim = rng.below(fleet.len() as u64) as usize;
        fleet.kill(victim);
        kills += 1;
        eprintln!("kill {kills}: process {victim} after {target} acknowledged moves");
        let target = *acks.borrow() + 2;
        reached(&mut acks, finished, target).await;
        fleet.start(victim);
    }
    kills
}

/// Waits until `target` moves are acknowledged; `false` if the games
/// ended first.
async fn reached(
    acks: &mut watch::Receiver<usize>,
    finished: &watch::Receiver<bool>,
    target: usize,
) -> bool {
    let mut finished = finished.clone();
    tokio::select! {
        got = acks.wait_for(|n| *n >= target) => got.is_ok(),
        _ = finished.wait_for(|done| *done) => false,
    }
}

/// Waits until no notice is pending and every test deadline fired.
async fn drained(db: &Db) {
    let wait = async {
        loop {
            let mut tx = db.read().await.unwrap();
            let pending = tx.notices_with_status(NoticeStatus::Pending).await.unwrap();
            let deadlines = tx.next_due_at().await.unwrap();
            tx.commit().await.unwrap();
            let due_ours =
                deadlines.is_some_and(|at| at < Utc::now() + chrono::TimeDelta::hours(1));
            if pending.is_empty() && !due_ours {
                return;
            }
            // Re-checks a condition other processes change: a guard-bound poll.
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    };
    tokio::time::timeout(DRAIN_GUARD, wait)
        .await
        .expect("the outbox and the deadlines drain");
}

/// Every game against its script and the acknowledged moves.
async fn check_games(db: &Db, tables: &[Table], acks: &[Ack]) {
    let mut tx = db.read().await.unwrap();
    let mut plies = Vec::new();
    for (t, table) in tables.iter().enumerate() {
        let game = tx.game(table.game).await.unwrap();
        let moves = games::stored_moves(&mut tx, table.game).await;
        assert_eq!(
            moves, table.script,
            "game {t}: the whole script, each move once"
        );
        assert_eq!(game.ply as usize, moves.len(), "game {t}: ply counts moves");
        let replayed = games::replay(&moves).expect("stored moves are legal");
        assert_eq!(game.fen, replayed, "game {t}: position = replay of moves");
        plies.push(moves.len());
    }
    tx.commit().await.unwrap();
    for ack in acks {
        let stored = &tables[ack.table].script[..plies[ack.table]];
        assert_eq!(
            stored.get(ack.ply - 1),
            Some(&ack.uci),
            "acknowledged move {ack:?}"
        );
    }
}

/// Every notice delivered and logged; returns (delivered, sent twice).
async fn check_notices(db: &Db, log: &Path) -> (usize, usize) {
    let (delivered, logged) = crash::delivered_and_logged(db, log).await;
    let marked: BTreeSet<i64> = delivered.iter().map(|n| n.id.0).collect();
    let sent: BTreeSet<i64> = logged.keys().copied().collect();
    assert_eq!(sent, marked, "sent (by notice id) = marked delivered");
    assert!(
        logged.values().all(|&n| n <= 2),
        "a notice sent more than twice"
    );
    for d in 0..DEADLINES {
        let days = format!("\"days\":{}", 100 + d);
        let notices = delivered
            .iter()
            .filter(|n| n.kind == "continuation_due" && n.payload.to_string().contains(&days))
            .count();
        assert_eq!(notices, 1, "deadline mp:{d} fired once");
    }
    (delivered.len(), logged.values().filter(|&&n| n > 1).count())
}

fn check_rates(telegram: &FakeTelegram, discord: &FakeDiscord) {
    let stats = telegram.rate_stats_in(JITTER_WINDOW);
    let discord_most = discord.max_global_requests_in(JITTER_WINDOW);
    eprintln!(
        "Telegram: {stats:?}, webhook posts (failed): {:?}; Discord: at most {discord_most} requests in {JITTER_WINDOW:?}",
        telegram.webhook_posts()
    );
    assert!(stats.violations().is_empty(), "{:?}", stats.violations());
    assert!(
        discord_most <= DISCORD_PER_SECOND,
        "Discord: {discord_most} requests in {JITTER_WINDOW:?}"
    );
}

struct Schema {
    admin: Db,
    name: String,
}

impl Schema {
    async fn create(admin_url: &str, seed: u64) -> (Self, String) {
        let name = format!("procs_{}_{}", std::process::id(), seed % 1_000_000);
        let admin = Db::connect(admin_url, &DbOptions::default()).await.unwrap();
        admin
            .execute_raw(&format!("CREATE SCHEMA {name}"))
            .await
            .unwrap();
        let separator = if admin_url.contains('?') { '&' } else { '?' };
        let url = format!("{admin_url}{separator}options=-c%20search_path%3D{name}");
        (Self { admin, name }, url)
    }

    async fn drop(self) {
        let _ = self
            .admin
            .execute_raw(&format!("DROP SCHEMA {} CASCADE", self.name))
            .await;
        self.admin.close().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_processes_survive_kills_on_both_platforms() {
    let Ok(admin_url) = std::env::var("TEST_DATABASE_URL") else {
        eprintln!("notice: TEST_DATABASE_URL is unset; skipping the multi-process test");
        return;
    };
    let seed = crash::seed();
    eprintln!("multi-process test seed: {seed} (CRASH_SEED={seed} replays it)");
    let (schema, url) = Schema::create(&admin_url, seed).await;
    let dir = std::env::temp_dir().join(format!("corrbot_procs_{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let outcome = tokio::spawn(run(url, dir.clone(), seed)).await;
    schema.drop().await;
    let _ = std::fs::remove_dir_all(&dir);
    if let Err(error) = outcome {
        std::panic::resume_unwind(error.into_panic());
    }
}

async fn run(url: String, dir: PathBuf, seed: u64) {
    let mut rng = Rng::new(seed);
    let db = Db::open(&url, &DbOptions::default()).await.unwrap();
    let telegram = Arc::new(FakeTelegram::start().await);
    let options = FakeOptions {
        shards: PROCESSES as u32,
        ..FakeOptions::default()
    };
    let discord = Arc::new(FakeDiscord::start_with(options).await);
    let log = dir.join("deliveries.log");
    let ports: Vec<u16> = (0..PROCESSES).map(|_| free_port()).collect();
    let envs = (0..PROCESSES)
        .map(|i| process_env(i, &url, &telegram, &discord, ports[i], &log))
        .collect();
    let mut fleet = Fleet::new(envs, &dir.join("stderr.log"));
    let targets = ports
        .iter()
        .map(|port| WebhookTarget {
            addr: ([127, 0, 0, 1], *port).into(),
            path: "/hook".to_owned(),
        })
        .collect();
    let pusher = telegram.deliver_by_webhook(targets, SECRET);
    fleet.start_all();
    let shards: Vec<[u32; 2]> = (0..PROCESSES as u32)
        .map(|i| [i, PROCESSES as u32])
        .collect();
    discord.wait_shards_ready(&shards).await;
    let players = Arc::new(Players {
        telegram: Arc::clone(&telegram),
        discord: Arc::clone(&discord),
        db: db.clone(),
        acked: watch::channel(0).0,
    });
    let (tables, idle) = set_up(&players, &mut rng).await;
    set_deadlines(&db, &idle).await;
    let (finish, finished) = watch::channel(false);
    let mut drivers = tokio::task::JoinSet::new();
    for (t, table) in tables.iter().cloned().enumerate() {
        let players = Arc::clone(&players);
        drivers.spawn(async move { players.play(t, &table).await });
    }
    let playing = async {
        let mut acks = Vec::new();
        while let Some(done) = drivers.join_next().await {
            acks.extend(done.unwrap());
        }
        finish.send_replace(true);
        acks
    };
    let (acks, kills) = tokio::join!(
        playing,
        kill_and_restart(&mut fleet, &mut rng, &players.acked, &finished)
    );
    fleet.start_all();
    drained(&db).await;
    assert_eq!(fleet.exited(), None, "no process stopped by itself");
    fleet.kill_all();
    pusher.abort();
    check_games(&db, &tables, &acks).await;
    let (delivered, resent) = check_notices(&db, &log).await;
    assert!(
        resent <= kills,
        "{resent} notices sent twice with {kills} kills: a claim lapsed while held"
    );
    check_rates(&telegram, &discord);
    eprintln!(
        "{PROCESSES} processes, {kills} kills, {} acknowledged moves in {} games, {delivered} notices delivered, {resent} sent twice (a kill between send and mark)",
        acks.len(),
        tables.len()
    );
    assert!(kills >= KILLS / 2, "the kills happened");
    db.close().await;
}
