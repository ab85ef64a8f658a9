//! The audit export of one event (`corrbot export --event E --json`): the
//! event, its games and moves with instants, charged days and both clocks
//! after every move (R3.5.2, R3.4.2), the clocks now, leaves, cases, notes,
//! rulings and appeals (R2.1.6); nothing of other events. On SQLite and,
//! when `TEST_DATABASE_URL` is set, PostgreSQL; and through the binary.

use std::sync::Arc;

use chrono::{DateTime, Duration, TimeZone, Utc};
use corrbot::adapters::console::Console;
use corrbot::app::service::{App, AppConfig};
use corrbot::core::case::Ruling;
use corrbot::export::{AUDIT_FORMAT, event_audit};
use corrbot::store::{CaseId, Db, EventId, NewCaseRecord, NewLeave, PlayerId};
use corrbot::time::{Clock, SimClock};
use serde_json::{Value, json};

use crate::support::db;

fn start() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 3, 2, 10, 0, 0).unwrap()
}

/// Two started events with one game each; in event 1 bob (White) moves
/// after 3 days and carol after 5 more, then event 2 starts.
async fn play(db: &Db, clock: &Arc<SimClock>) {
    let dyn_clock: Arc<dyn Clock> = clock.clone();
    let app = App::new(
        db.clone(),
        dyn_clock.clone(),
        AppConfig::with_admins("console:alice"),
    );
    let mut console = Console::new(app, dyn_clock);
    for line in [
        "@alice: /event create Spring Cup",
        "@bob: /event join 1",
        "@carol: /event join 1",
        "@alice: /event start 1",
    ] {
        console.line(line).await.expect("set-up line");
    }
    clock.advance(Duration::days(3));
    console.line("@bob: e2-e4").await.unwrap();
    clock.advance(Duration::days(5) + Duration::hours(2));
    console.line("@carol: e7-e5").await.unwrap();
    for line in [
        "@alice: /event create Other Cup",
        "@bob: /event join 2",
        "@carol: /event join 2",
        "@alice: /event start 2",
    ] {
        console.line(line).await.expect("set-up line");
    }
}

/// A leave, a case with a note, a ruling and an appeal in event 1; a case in event 2.
async fn arbitrate(db: &Db, clock: &Arc<SimClock>) -> CaseId {
    let now = clock.now();
    let (alice, bob, carol) = (PlayerId(1), PlayerId(2), PlayerId(3));
    let mut tx = db.begin().await.unwrap();
    let case = |event: i64| NewCaseRecord {
        kind: "dispute".into(),
        event_id: EventId(event),
        game_id: None,
        opened_by: Some(bob),
        respondent_id: Some(carol),
        details: json!({"about": "a slow reply"}),
        at: now,
    };
    let ours = tx.open_case(&case(1)).await.unwrap();
    tx.open_case(&case(2)).await.unwrap();
    tx.add_case_note(ours.id, Some(carol), "I was travelling", now)
        .await
        .unwrap();
    let ruling = tx
        .record_ruling(
            ours.id,
            alice,
            &[Ruling::Warn {
                player: corrbot::core::team::PersonKey(3),
            }],
            "R3.4.1",
            now,
        )
        .await
        .unwrap();
    tx.file_appeal(ruling.id, carol, "I had told the arbiter", now)
        .await
        .unwrap();
    let leave = NewLeave {
        player_id: carol,
        event_id: Some(EventId(1)),
        postal: false,
        starts_at: now + Duration::days(10),
        ends_at: now + Duration::days(20),
        extra: false,
        granted_by: None,
        at: now,
    };
    tx.create_leave(&leave).await.unwrap();
    tx.commit().await.unwrap();
    ours.id
}

async fn audit_contents(db: Db) {
    let clock = Arc::new(SimClock::new(start()));
    play(&db, &clock).await;
    let case = arbitrate(&db, &clock).await;
    let as_of = clock.now() + Duration::days(1);
    let audit = event_audit(&db, EventId(1), as_of).await.unwrap();
    let value = serde_json::to_value(&audit).unwrap();
    assert_eq!(value["format"], AUDIT_FORMAT);
    assert_eq!(value["event"]["name"], "Spring Cup");
    assert_eq!(audit.entries.len(), 2);
    assert_eq!(audit.games.len(), 1, "only this event's games");
    let game = &audit.games[0];
    assert_eq!(game.moves.len(), 2);
    let (first, second) = (&game.moves[0], &game.moves[1]);
    assert_eq!((first.uci.as_str(), first.colour), ("e2e4", "white"));
    assert_eq!(first.received_at, start() + Duration::days(3));
    assert_eq!(second.colour, "black");
    // R3.5.2: whole days charged; each clock shows the days its player used.
    assert_eq!((first.charged_days, second.charged_days), (3, 5));
    assert_eq!(first.clocks.white.used, 3);
    assert_eq!(first.clocks.black.used, 0);
    assert_eq!(second.clocks.white.used, 3);
    assert_eq!(second.clocks.black.used, 5);
    assert_eq!(
        second.clocks.black.left,
        50 - 5,
        "R3.4.2: 50\u{a0}days per 10\u{a0}moves"
    );
    // White has thought for one day since Black's move.
    let now = game.clocks_now.expect("running game");
    assert_eq!((now.white.used, now.white.pending), (4, 1));
    assert_eq!(audit.cases.len(), 1, "only this event's cases");
    let ours = &audit.cases[0];
    assert_eq!(ours.case.id, case);
    assert_eq!(ours.notes[0].text, "I was travelling");
    assert_eq!(ours.rulings[0].ruling.reasons, "R3.4.1");
    assert_eq!(ours.rulings[0].appeals[0].grounds, "I had told the arbiter");
    assert_eq!(audit.leaves.len(), 1);
    let names: Vec<&str> = audit
        .players
        .iter()
        .map(|p| p.display_name.as_str())
        .collect();
    assert_eq!(names, ["alice", "bob", "carol"]);
}

#[tokio::test]
async fn sqlite_audit_holds_the_event_and_nothing_else() {
    let test_db = db::TestDb::sqlite().await;
    db::run_on(
        test_db,
        |t| async move { audit_contents(t.db.clone()).await },
    )
    .await;
}

#[tokio::test]
async fn postgres_audit_holds_the_event_and_nothing_else() {
    let Some(test_db) = db::TestDb::postgres().await else {
        return;
    };
    db::run_on(
        test_db,
        |t| async move { audit_contents(t.db.clone()).await },
    )
    .await;
}

#[tokio::test]
async fn the_binary_writes_the_audit_to_a_file() {
    let dir = std::env::temp_dir().join(format!("corrbot_audit_cli_{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let url = format!("sqlite://{}", dir.join("bot.db").display());
    let db = Db::open(&url, &Default::default()).await.unwrap();
    play(&db, &Arc::new(SimClock::new(start()))).await;
    db.close().await;
    let out = dir.join("audit.json");
    let status = std::process::Command::new(env!("CARGO_BIN_EXE_corrbot"))
        .args(["export", "--event", "2", "--json", "--out"])
        .arg(&out)
        .env("DATABASE_URL", &url)
        .status()
        .unwrap();
    assert!(status.success());
    let value: Value = serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
    assert_eq!(value["format"], AUDIT_FORMAT);
    assert_eq!(value["event"]["name"], "Other Cup");
    assert_eq!(value["games"].as_array().map(Vec::len), Some(1));
    assert_eq!(value["games"][0]["moves"], json!([]));
    let _ = std::fs::remove_dir_all(&dir);
}
