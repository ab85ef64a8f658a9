//! Several processes on one database (#17): two apps, each on its own pool
//! (two processes), send the same command at the same instant, many rounds
//! each, and every round the invariant holds: one ruling per case, one
//! appeal, one committee decision, one absence, leave within the 45 days of
//! R3.6.1, one first administrator, one pairing of an event, a player in one
//! team, a `/link` code taken once, an event ended once by its last two
//! results. On SQLite the
//! write lock serializes the commands; on PostgreSQL (TEST_DATABASE_URL) the
//! locks of `store/locks.rs` do. Also: two processes migrating a new
//! database at once both come up.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use chrono::{Duration, TimeZone, Utc};
use corrbot::app::actor::{Chat, Inbound};
use corrbot::app::outgoing::Outgoing;
use corrbot::app::service::{App, AppConfig};
use corrbot::store::{
    CaseId, Db, DbOptions, EventId, LeaveStatus, Platform, PlayerId, Role, TeamId,
};
use corrbot::time::Clock;

use crate::support::db::{TestDb, on_both};
use crate::support::world::World;

/// Rounds of each race: enough for PostgreSQL to interleave the two
/// commands many times, few enough to stay well under a second a round.
const ROUNDS: usize = 20;

on_both!(
    two_rulings_appeals_and_decisions_at_once_count_once,
    r3_1_5_two_offline_reports_at_once_record_one_absence,
    r3_6_1_two_leaves_at_once_stay_within_the_allowance,
    r2_7_1_two_postal_leaves_at_once_stay_within_the_allowance,
    two_first_users_at_once_make_one_administrator,
    one_newcomer_seen_by_two_processes_at_once_registers_once,
    two_event_starts_at_once_pair_the_event_once,
    r3_1_3_one_player_added_to_two_teams_at_once_joins_one,
    one_link_code_used_twice_at_once_joins_once,
    an_entrant_removed_while_the_event_starts_plays_all_or_nothing,
    r1_1_the_last_two_results_at_once_end_the_event_once,
);

static UPDATES: AtomicU64 = AtomicU64::new(0);

/// Two processes: the world's app and a second app on its own pool.
struct Twins {
    world: World,
    other: App,
    other_db: Db,
}

impl Twins {
    /// The world on `t` (alice administrator) and a second app like it.
    async fn new(t: &TestDb) -> Self {
        let world = World::new(&t.db);
        let other_db = t.connect_again().await;
        let clock: Arc<dyn Clock> = world.clock.clone();
        let config = AppConfig::with_admins("console:alice");
        let other = App::new(other_db.clone(), clock, config);
        Self {
            world,
            other,
            other_db,
        }
    }

    /// `user` sends `text` to both processes at once; the two answers.
    async fn both(&self, user: &str, text: &str) -> [Vec<Outgoing>; 2] {
        at_once([(&self.world.app, user, text), (&self.other, user, text)]).await
    }

    async fn finish(self) {
        self.other_db.close().await;
    }
}

/// Each app handles its user's text, both at once; the answers.
pub(crate) async fn at_once(sends: [(&App, &str, &str); 2]) -> [Vec<Outgoing>; 2] {
    let [(a, a_user, a_text), (b, b_user, b_text)] = sends;
    let (to_a, to_b) = (inbound(a_user, a_text), inbound(b_user, b_text));
    let (first, second) = tokio::join!(a.handle(&to_a), b.handle(&to_b));
    [first.expect("handled"), second.expect("handled")]
}

fn inbound(user: &str, text: &str) -> Inbound {
    let n = UPDATES.fetch_add(1, Ordering::Relaxed);
    Inbound {
        platform: Platform::Console,
        update_id: format!("race-{n}"),
        user_id: user.to_owned(),
        display_name: user.to_owned(),
        handle: Some(user.to_owned()),
        chat: Chat::Private,
        text: text.to_owned(),
        reply_to: None,
        client_lang: None,
    }
}

/// How many of the answers were not refused.
fn accepted(answers: &[Vec<Outgoing>; 2]) -> usize {
    let ok = |replies: &Vec<Outgoing>| replies.first().is_some_and(|r| !r.is_error());
    answers.iter().filter(|replies| ok(replies)).count()
}

fn texts(answers: &[Vec<Outgoing>; 2]) -> Vec<String> {
    answers.iter().flatten().map(|r| r.text.clone()).collect()
}

async fn player(db: &Db, user: &str) -> PlayerId {
    let mut tx = db.read().await.unwrap();
    let account = tx.account(Platform::Console, user).await.unwrap();
    account.expect("registered").player_id
}

/// Event #1, started: bob and carol play, alice arbitrates, dave is the
/// appeals committee.
async fn cup(w: &mut World) {
    w.english(&["alice", "bob", "carol", "dave"]).await;
    let out = w.say("@alice: /event create Cup committee=@dave").await;
    assert!(out[0].contains("has been created"), "{out:?}");
    for user in ["bob", "carol"] {
        w.say(&format!("@{user}: /event join 1")).await;
    }
    let out = w.say("@alice: /event start 1").await;
    assert!(out[0].contains("has started"), "{out:?}");
}

/// Each round a new case: two `/rule` at once record one ruling, two
/// `/appeal` at once one appeal, two `/decide` at once one decision (R2.1.6).
async fn two_rulings_appeals_and_decisions_at_once_count_once(t: &TestDb) {
    let mut twins = Twins::new(t).await;
    cup(&mut twins.world).await;
    for round in 0..ROUNDS {
        let asked = twins
            .world
            .say(&format!("@bob: /ask #1 Question {round}."))
            .await;
        let case = newest_case(&t.db).await;
        let rule = format!("/rule {case} none -- answered");
        let answers = twins.both("alice", &rule).await;
        assert_eq!(accepted(&answers), 1, "{asked:?} {:?}", texts(&answers));
        let mut tx = t.db.read().await.unwrap();
        let rulings = tx.rulings(case).await.unwrap();
        assert_eq!(rulings.len(), 1, "round {round}: rulings of case {case:?}");
        drop(tx);
        let answers = twins
            .both("bob", &format!("/appeal {} Unfair.", case.0))
            .await;
        assert_eq!(accepted(&answers), 1, "{:?}", texts(&answers));
        let mut tx = t.db.read().await.unwrap();
        let appeals = tx.appeals_of_ruling(rulings[0].id).await.unwrap();
        assert_eq!(appeals.len(), 1, "round {round}: appeals of case {case:?}");
        drop(tx);
        let decide = format!("/decide {} uphold -- well ruled", case.0);
        let answers = twins.both("dave", &decide).await;
        assert_eq!(accepted(&answers), 1, "{:?}", texts(&answers));
    }
    twins.finish().await;
}

async fn newest_case(db: &Db) -> CaseId {
    let mut tx = db.read().await.unwrap();
    let cases = tx.cases_of_event(EventId(1)).await.unwrap();
    cases.last().expect("a case").id
}

/// Processes in the widened `/offline` race: more than two, each on its
/// own pool, as several bot processes on one database.
const OFFLINE_PROCESSES: usize = 4;

/// Rounds of the widened `/offline` race: without the player lock
/// PostgreSQL opens two absences within a few rounds.
const OFFLINE_ROUNDS: usize = 60;

/// Each round bob (or, every other round, an arbiter for him) reports in
/// [`OFFLINE_PROCESSES`] processes at once that he is offline, each
/// command on its own task: one absence is recorded, the other reports are
/// refused (R3.1.5); then he is back.
async fn r3_1_5_two_offline_reports_at_once_record_one_absence(t: &TestDb) {
    let mut twins = Twins::new(t).await;
    cup(&mut twins.world).await;
    let bob = player(&t.db, "bob").await;
    let mut apps = vec![twins.world.app.clone(), twins.other.clone()];
    let mut pools = Vec::new();
    while apps.len() < OFFLINE_PROCESSES {
        let db = t.connect_again().await;
        let clock: Arc<dyn Clock> = twins.world.clock.clone();
        let config = AppConfig::with_admins("console:alice");
        apps.push(App::new(db.clone(), clock, config));
        pools.push(db);
    }
    for round in 0..OFFLINE_ROUNDS {
        twins.world.clock.advance(Duration::hours(1));
        let sends = apps.iter().enumerate().map(|(n, app)| {
            let (user, text) = match (round % 2, n % 2) {
                (1, 1) => ("alice", "/offline @bob Line down."),
                _ => ("bob", "/offline No internet."),
            };
            let (app, to) = (app.clone(), inbound(user, text));
            tokio::spawn(async move { app.handle(&to).await.expect("handled") })
        });
        let answers: Vec<Vec<Outgoing>> = futures_util::future::join_all(sends)
            .await
            .into_iter()
            .map(|joined| joined.expect("joined"))
            .collect();
        let ok = |replies: &&Vec<Outgoing>| replies.first().is_some_and(|r| !r.is_error());
        let texts: Vec<&String> = answers.iter().flatten().map(|r| &r.text).collect();
        assert_eq!(
            answers.iter().filter(ok).count(),
            1,
            "round {round}: {texts:?}"
        );
        let mut tx = t.db.read().await.unwrap();
        let absences = tx.absences_of(bob).await.unwrap();
        assert_eq!(absences.len(), round + 1, "round {round}: absences");
        drop(tx);
        twins.world.clock.advance(Duration::hours(1));
        let back = twins.world.say("@bob: /online").await;
        assert!(!back.is_empty(), "{back:?}");
    }
    for pool in pools {
        pool.close().await;
    }
    twins.finish().await;
}

/// Each round bob asks for 30 days of leave in both processes at once: of
/// 45 days a year (R3.6.1) one leave is granted, the other refused; then
/// he cancels it.
async fn r3_6_1_two_leaves_at_once_stay_within_the_allowance(t: &TestDb) {
    let mut twins = Twins::new(t).await;
    cup(&mut twins.world).await;
    let bob = player(&t.db, "bob").await;
    for round in 0..ROUNDS {
        let answers = twins.both("bob", "/leave add 2026-06-01 30").await;
        assert_eq!(accepted(&answers), 1, "{:?}", texts(&answers));
        let live = live_leaves(&t.db, bob).await;
        assert_eq!(live.len(), 1, "round {round}: leaves {live:?}");
        let cancel = format!("@bob: /leave cancel {}", live[0]);
        let out = twins.world.say(&cancel).await;
        assert!(live_leaves(&t.db, bob).await.is_empty(), "{out:?}");
    }
    twins.finish().await;
}

/// The ids of a player's leaves that are not cancelled.
/// Each round bob asks at once, in both processes, for two postal leaves
/// of 30 days (one naming each of his postal events): a postal leave is in
/// all postal games (R2.7.1), so of 45 days a year one is granted, the
/// other refused, and one leave is stored; then he cancels it.
async fn r2_7_1_two_postal_leaves_at_once_stay_within_the_allowance(t: &TestDb) {
    let mut twins = Twins::new(t).await;
    let w = &mut twins.world;
    w.english(&["alice", "bob", "carol", "dan"]).await;
    for (number, partner) in [(1, "carol"), (2, "dan")] {
        let out = w.say("@alice: /event create Post rules=postal").await;
        assert!(out[0].contains("has been created"), "{out:?}");
        for user in ["bob", partner] {
            w.say(&format!("@{user}: /event join {number}")).await;
        }
        let out = w.say(&format!("@alice: /event start {number}")).await;
        assert!(out[0].contains("has started"), "{out:?}");
    }
    let bob = player(&t.db, "bob").await;
    for round in 0..ROUNDS {
        let answers = at_once([
            (&twins.world.app, "bob", "/leave add 2026-06-01 30 1"),
            (&twins.other, "bob", "/leave add 2026-08-01 30 2"),
        ])
        .await;
        let granted = texts(&answers)
            .iter()
            .filter(|t| t.starts_with("Leave #"))
            .count();
        assert_eq!(granted, 1, "{:?}", texts(&answers));
        let live = live_leaves(&t.db, bob).await;
        assert_eq!(live.len(), 1, "round {round}: leaves {live:?}");
        let cancel = format!("@bob: /leave cancel {}", live[0]);
        let out = twins.world.say(&cancel).await;
        assert!(live_leaves(&t.db, bob).await.is_empty(), "{out:?}");
    }
    twins.finish().await;
}

async fn live_leaves(db: &Db, who: PlayerId) -> Vec<i64> {
    let mut tx = db.read().await.unwrap();
    let from = Utc.with_ymd_and_hms(2000, 1, 1, 0, 0, 0).unwrap();
    let to = Utc.with_ymd_and_hms(2100, 1, 1, 0, 0, 0).unwrap();
    let leaves = tx.leaves_of(who, from, to).await.unwrap();
    leaves
        .iter()
        .filter(|leave| leave.status != LeaveStatus::Cancelled)
        .map(|leave| leave.id.0)
        .collect()
}

/// With no administrator configured, the first user becomes one. Each round
/// is a new installation (no administrator yet) whose first two users write
/// at once, each to another process: exactly one becomes administrator.
async fn two_first_users_at_once_make_one_administrator(t: &TestDb) {
    let world = World::new(&t.db);
    let clock: Arc<dyn Clock> = world.clock.clone();
    let other_db = t.connect_again().await;
    let first = App::new(t.db.clone(), clock.clone(), AppConfig::default());
    let second = App::new(other_db.clone(), clock, AppConfig::default());
    for round in 0..ROUNDS {
        let (a, b) = (format!("first{round}"), format!("second{round}"));
        at_once([(&first, &a, "/start"), (&second, &b, "/start")]).await;
        let mut tx = t.db.begin().await.unwrap();
        let admins = tx.holders_of(Role::Administrator, None).await.unwrap();
        assert_eq!(admins.len(), 1, "round {round}: administrators {admins:?}");
        tx.execute_raw("DELETE FROM roles WHERE role = 'administrator'")
            .await
            .unwrap();
        tx.commit().await.unwrap();
    }
    other_db.close().await;
}

/// A newcomer whose first two messages reach two processes at once is
/// registered once, and both messages are answered: the second process
/// finds the account the first made instead of failing on it.
async fn one_newcomer_seen_by_two_processes_at_once_registers_once(t: &TestDb) {
    let twins = Twins::new(t).await;
    for round in 0..ROUNDS {
        let user = format!("newcomer{round}");
        let answers = twins.both(&user, "/start").await;
        for answer in &answers {
            let text = answer.first().map(|reply| reply.text.as_str());
            assert!(
                text.is_some_and(|text| !text.contains("reference")),
                "round {round}: {answer:?}"
            );
        }
        let mut tx = t.db.read().await.unwrap();
        let named = tx.players_named(&user).await.unwrap();
        tx.rollback().await.unwrap();
        assert_eq!(named.len(), 1, "round {round}: players {named:?}");
    }
    twins.finish().await;
}

/// Each round a new event of two players: two `/event start` at once pair
/// it once (R1.1): one answer starts it, the other is refused, one game.
async fn two_event_starts_at_once_pair_the_event_once(t: &TestDb) {
    let mut twins = Twins::new(t).await;
    twins.world.english(&["alice", "bob", "carol"]).await;
    for round in 0..ROUNDS {
        let event = round + 1;
        let out = twins
            .world
            .say(&format!("@alice: /event create Cup{round} rounds=1"))
            .await;
        assert!(out[0].contains(&format!("#{event}")), "{out:?}");
        for user in ["bob", "carol"] {
            twins
                .world
                .say(&format!("@{user}: /event join {event}"))
                .await;
        }
        let answers = twins.both("alice", &format!("/event start {event}")).await;
        assert_eq!(accepted(&answers), 1, "{:?}", texts(&answers));
        let mut tx = t.db.read().await.unwrap();
        let games = tx.games_of_event(EventId(event as i64)).await.unwrap();
        assert_eq!(games.len(), 1, "round {round}: games of event {event}");
    }
    twins.finish().await;
}

/// Each round the organizer removes an entrant in one process while
/// starting the event in the other: either the removal comes first (the
/// entrant plays no game) or the start does (the removal is refused and the
/// entrant plays every round-robin game).
async fn an_entrant_removed_while_the_event_starts_plays_all_or_nothing(t: &TestDb) {
    let mut twins = Twins::new(t).await;
    twins
        .world
        .english(&["alice", "bob", "carol", "dave"])
        .await;
    let dave = {
        let mut tx = t.db.read().await.unwrap();
        let account = tx.account(Platform::Console, "dave").await.unwrap();
        account.unwrap().player_id
    };
    for round in 0..ROUNDS {
        let event = round + 1;
        let w = &mut twins.world;
        w.say(&format!("@alice: /event create Cup{round}")).await;
        for user in ["bob", "carol", "dave"] {
            w.say(&format!("@{user}: /event join {event}")).await;
        }
        let answers = at_once([
            (&twins.world.app, "alice", &format!("/event start {event}")),
            (
                &twins.other,
                "alice",
                &format!("/event remove {event} @dave"),
            ),
        ])
        .await;
        let mut tx = t.db.read().await.unwrap();
        let games = tx.games_of_event(EventId(event as i64)).await.unwrap();
        let entered = tx
            .entries(EventId(event as i64))
            .await
            .unwrap()
            .iter()
            .any(|e| e.player_id == dave);
        let daves = games
            .iter()
            .filter(|g| g.white == dave || g.black == dave)
            .count();
        let texts = texts(&answers);
        if entered {
            assert_eq!((games.len(), daves), (3, 2), "round {round}: {texts:?}");
            assert!(answers[1][0].is_error(), "round {round}: {texts:?}");
        } else {
            assert_eq!((games.len(), daves), (1, 0), "round {round}: {texts:?}");
            assert!(!answers[1][0].is_error(), "round {round}: {texts:?}");
        }
    }
    twins.finish().await;
}

/// Each round a new player is put into team 1 and into team 2 of one team
/// event at once, each in another process: the player joins one team, the
/// other addition is refused (a player plays for one team, R3.1.3).
async fn r3_1_3_one_player_added_to_two_teams_at_once_joins_one(t: &TestDb) {
    let mut twins = Twins::new(t).await;
    twins.world.english(&["alice"]).await;
    let w = &mut twins.world;
    let out = w
        .say("@alice: /event create League type=team boards=2")
        .await;
    assert!(out[0].contains("has been created"), "{out:?}");
    for team in ["Lions", "Bears"] {
        w.say(&format!("@alice: /team create 1 {team}")).await;
    }
    for round in 0..ROUNDS {
        let name = format!("p{round}");
        twins.world.say(&format!("@{name}: /lang en")).await;
        let [one, two] = [1, 2].map(|team| format!("/team add {team} @{name} reserve"));
        let (first, second) = (&twins.world.app, &twins.other);
        let answers = at_once([(first, "alice", &one), (second, "alice", &two)]).await;
        assert_eq!(accepted(&answers), 1, "{:?}", texts(&answers));
        let who = player(&t.db, &name).await;
        let mut tx = t.db.read().await.unwrap();
        let mut teams = 0;
        for team in [TeamId(1), TeamId(2)] {
            let lineup = tx.team_lineup(team).await.unwrap();
            teams += usize::from(lineup.iter().any(|line| line.player_id == who));
        }
        assert_eq!(teams, 1, "round {round}: {name} is in {teams} teams");
    }
    twins.finish().await;
}

/// Each round anna makes a `/link` code and two newcomers send it at once,
/// each to another process: the code is taken once (`DELETE … RETURNING`),
/// so one newcomer's request goes to anna for confirmation and the other is
/// refused; nobody is joined before anna confirms.
async fn one_link_code_used_twice_at_once_joins_once(t: &TestDb) {
    let mut twins = Twins::new(t).await;
    twins.world.english(&["anna"]).await;
    let anna = player(&t.db, "anna").await;
    for round in 0..ROUNDS {
        let out = twins.world.say("@anna: /link").await;
        let code = out[0].split("code: ").nth(1).expect("a code in the reply");
        let code: String = code
            .chars()
            .take_while(char::is_ascii_alphanumeric)
            .collect();
        let (a, b) = (format!("a{round}"), format!("b{round}"));
        twins.world.english(&[&a, &b]).await;
        let text = format!("/link {code}");
        let (first, second) = (&twins.world.app, &twins.other);
        let answers = at_once([(first, &a, &text), (second, &b, &text)]).await;
        assert_eq!(accepted(&answers), 1, "{:?}", texts(&answers));
        let mut joined = 0;
        for user in [&a, &b] {
            joined += usize::from(player(&t.db, user).await == anna);
        }
        assert_eq!(joined, 0, "round {round}: joined before anna confirmed");
    }
    twins.finish().await;
}

/// Two processes starting at once on a new SQLite file both come up, each
/// able to use it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_migrate_a_new_sqlite_file_at_once() {
    for round in 0..ROUNDS {
        let path =
            std::env::temp_dir().join(format!("corrbot_race_{}_{round}.db", std::process::id()));
        let url = format!("sqlite://{}", path.display());
        let options = DbOptions {
            max_connections: 2,
            ..DbOptions::default()
        };
        start_two_processes(&url, &options).await;
        for suffix in ["", "-wal", "-shm"] {
            let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
        }
    }
}

/// Two processes starting at once on a new PostgreSQL database (a new
/// schema each round) both come up, each able to use it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_migrate_a_new_postgres_database_at_once() {
    let Ok(url) = std::env::var("TEST_DATABASE_URL") else {
        eprintln!("notice: TEST_DATABASE_URL is unset; skipping the PostgreSQL migration race");
        return;
    };
    let admin_options = DbOptions {
        max_connections: 1,
        ..DbOptions::default()
    };
    let admin = Db::connect(&url, &admin_options).await.expect("connect");
    for round in 0..ROUNDS {
        let schema = format!("race_{}_{round}", std::process::id());
        admin
            .execute_raw(&format!("CREATE SCHEMA {schema}"))
            .await
            .expect("create schema");
        let options = DbOptions {
            max_connections: 2,
            pg_search_path: Some(schema.clone()),
            ..DbOptions::default()
        };
        start_two_processes(&url, &options).await;
        admin
            .execute_raw(&format!("DROP SCHEMA {schema} CASCADE"))
            .await
            .expect("drop schema");
    }
    admin.close().await;
}

/// Two processes open (connect and migrate) `url` at once: both come up,
/// and each can use the store.
async fn start_two_processes(url: &str, options: &DbOptions) {
    let (a, b) = tokio::join!(Db::open(url, options), Db::open(url, options));
    let (a, b) = (a.expect("first process"), b.expect("second process"));
    assert_usable(&a).await;
    assert_usable(&b).await;
    a.close().await;
    b.close().await;
}

/// The store works on `db`: a player can be created.
async fn assert_usable(db: &Db) {
    let mut tx = db.begin().await.expect("a transaction");
    let at = Utc.with_ymd_and_hms(2026, 1, 5, 9, 0, 0).unwrap();
    crate::support::db::new_player(&mut tx, "Ann", at).await;
    tx.rollback().await.expect("rollback");
}

/// R1.1: each round a three-player event's last two games are resigned
/// at the same instant in two processes; whichever commits second sees
/// the other's result, so the event ends (and its table is announced)
/// exactly once.
async fn r1_1_the_last_two_results_at_once_end_the_event_once(t: &TestDb) {
    let mut twins = Twins::new(t).await;
    twins
        .world
        .english(&["alice", "bob", "carol", "dave"])
        .await;
    for round in 0..ROUNDS {
        let event = round as i64 + 1;
        let out = twins
            .world
            .say(&format!("@alice: /event create Cup{round} rounds=1"))
            .await;
        assert!(out[0].contains(&format!("#{event}")), "{out:?}");
        for user in ["bob", "carol", "dave"] {
            twins
                .world
                .say(&format!("@{user}: /event join {event}"))
                .await;
        }
        twins
            .world
            .say(&format!("@alice: /event start {event}"))
            .await;
        let games = {
            let mut tx = t.db.read().await.unwrap();
            tx.games_of_event(EventId(event)).await.unwrap()
        };
        assert_eq!(games.len(), 3, "round {round}");
        // White resigns each game; the first before the race.
        let mut resigns = Vec::new();
        for game in &games {
            let mut tx = t.db.read().await.unwrap();
            let accounts = tx.accounts_of(game.white).await.unwrap();
            resigns.push((accounts[0].platform_user_id.clone(), game.id.0));
        }
        let (first, id) = &resigns[0];
        twins
            .world
            .say(&format!("@{first}: /resign {id} confirm"))
            .await;
        let texts = [1, 2].map(|i| format!("/resign {} confirm", resigns[i].1));
        // Two different players resign, one in each process.
        let users = [resigns[1].0.as_str(), resigns[2].0.as_str()];
        assert_ne!(users[0], users[1], "round {round}: {resigns:?}");
        at_once([
            (&twins.world.app, users[0], texts[0].as_str()),
            (&twins.other, users[1], texts[1].as_str()),
        ])
        .await;
        let mut tx = t.db.read().await.unwrap();
        let status = tx.event(EventId(event)).await.unwrap().status;
        assert_eq!(
            status,
            corrbot::store::EventStatus::Finished,
            "round {round}: the event ended"
        );
    }
    twins.finish().await;
}
