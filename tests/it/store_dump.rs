//! `Db::dump` and `Db::restore`: a whole database to JSON and back, on both
//! backends and across them (SQLite → PostgreSQL when TEST_DATABASE_URL is
//! set; otherwise a notice is printed and that part is skipped).

use chrono::{DateTime, TimeDelta, TimeZone, Utc};
use corrbot::core::regulation::RuleSet;
use corrbot::store::*;
use serde_json::json;

use crate::support::db::{self, START_FEN, TestDb};

fn t0() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 3, 1, 12, 0, 0).unwrap() + TimeDelta::milliseconds(7)
}

async fn player(tx: &mut Tx, name: &str) -> Player {
    db::new_player(tx, name, t0()).await
}

/// A database with a row in most tables: players with accounts and a role,
/// a team event with a game and a move, a leave, a case, a notice, a
/// deadline and a processed inbound id.
async fn fill(db: &Db) {
    let mut tx = db.begin().await.unwrap();
    let white = player(&mut tx, "Олена «Біла»").await;
    let black = player(&mut tx, "Bob \"Black\"").await;
    tx.link_account(
        white.id,
        Platform::Telegram,
        "111",
        Some("olena"),
        Some("111"),
        t0(),
    )
    .await
    .unwrap();
    tx.grant_role(white.id, Role::Administrator, None, t0())
        .await
        .unwrap();
    let new = NewEvent {
        name: "Кубок".into(),
        rule_set: RuleSet::Server,
        regulation: serde_json::from_value(json!({"control": {"days": 50, "moves": 10}})).unwrap(),
        is_team: true,
        at: t0(),
    };
    let event = tx.create_event(&new).await.unwrap();
    let team = tx
        .create_team(event.id, "Київ", Some(white.id))
        .await
        .unwrap();
    tx.add_team_member(team.id, white.id, 1).await.unwrap();
    tx.add_entry(event.id, white.id, Some(team.id), t0())
        .await
        .unwrap();
    tx.add_entry(event.id, black.id, None, t0()).await.unwrap();
    let new = NewGame {
        event_id: event.id,
        round: 1,
        board: Some(1),
        white: white.id,
        black: black.id,
        initial_fen: None,
        fen: START_FEN.into(),
        clock: None,
    };
    let game = tx.create_game(&new).await.unwrap();
    let mut update = GameUpdate::from_game(&game);
    update.status = GameStatus::Running;
    update.turn_since = Some(t0());
    let row = MoveRow {
        ply: 1,
        uci: "e2e4".into(),
        text: "e2-e4".into(),
        received_at: t0(),
        sent_at: Some(t0() + TimeDelta::days(2)),
        charged_days: 2,
    };
    tx.append_move(game.id, game.version, &row, &update)
        .await
        .unwrap();
    let leave = NewLeave {
        player_id: black.id,
        event_id: Some(event.id),
        postal: false,
        starts_at: t0() + TimeDelta::days(10),
        ends_at: t0() + TimeDelta::days(20),
        extra: true,
        granted_by: Some(white.id),
        at: t0(),
    };
    tx.create_leave(&leave).await.unwrap();
    let case = NewCaseRecord {
        kind: "dispute".into(),
        event_id: event.id,
        game_id: Some(game.id),
        opened_by: Some(black.id),
        respondent_id: Some(white.id),
        details: json!({"text": "суперечка"}),
        at: t0(),
    };
    tx.open_case(&case).await.unwrap();
    tx.enqueue_notice(
        &NoticeRecipient::Player(black.id),
        "move_made",
        &json!({"game": 1}),
        t0(),
    )
    .await
    .unwrap();
    let deadline = NewDeadline {
        due_at: t0() + TimeDelta::days(14),
        kind: "reminder".into(),
        key: Some(format!("reminder:{}", game.id.0)),
        game_id: Some(game.id),
        event_id: Some(event.id),
        case_id: None,
        player_id: Some(black.id),
        payload: json!({"days": 14}),
    };
    tx.set_deadline(&deadline, t0()).await.unwrap();
    tx.begin_inbound(Platform::Telegram, "update-1", t0())
        .await
        .unwrap();
    tx.commit().await.unwrap();
}

fn rows(dump: &Dump) -> usize {
    dump.tables.values().map(Vec::len).sum()
}

async fn round_trip(source: &TestDb, target: &TestDb) {
    fill(&source.db).await;
    let dump = source.db.dump().await.unwrap();
    assert!(rows(&dump) >= 15, "{dump:?}");
    assert_eq!(dump.tables["moves"][0]["charged_days"], json!(2));
    assert_eq!(dump.tables["events"][0]["is_team"], json!(true));
    // Through the JSON text, as `corrbot export` / `import` carry it.
    let text = serde_json::to_string(&dump).unwrap();
    let read: Dump = serde_json::from_str(&text).unwrap();
    target.db.restore(&read).await.unwrap();
    assert_eq!(
        target.db.dump().await.unwrap(),
        dump,
        "the restored database dumps the same"
    );

    // New rows get fresh ids after a restore.
    let mut tx = target.db.begin().await.unwrap();
    let newcomer = player(&mut tx, "Новенький").await;
    assert_eq!(newcomer.id, PlayerId(3));
    tx.commit().await.unwrap();

    // A restore needs an empty database: nothing changes otherwise.
    assert!(target.db.restore(&dump).await.is_err());
    assert_eq!(rows(&target.db.dump().await.unwrap()), rows(&dump) + 1);
}

#[tokio::test]
async fn sqlite_to_sqlite() {
    let (source, target) = (TestDb::sqlite().await, TestDb::sqlite().await);
    round_trip(&source, &target).await;
    source.finish().await;
    target.finish().await;
}

#[tokio::test]
async fn sqlite_to_postgres_and_back() {
    let Some(postgres) = TestDb::postgres().await else {
        return;
    };
    let source = TestDb::sqlite().await;
    round_trip(&source, &postgres).await;
    let back = TestDb::sqlite().await;
    back.db
        .restore(&postgres.db.dump().await.unwrap())
        .await
        .unwrap();
    assert_eq!(
        back.db.dump().await.unwrap(),
        postgres.db.dump().await.unwrap()
    );
    for test_db in [source, postgres, back] {
        test_db.finish().await;
    }
}

#[tokio::test]
async fn a_foreign_document_is_refused() {
    let target = TestDb::sqlite().await;
    let mut dump = target.db.dump().await.unwrap();
    dump.format = "something-else".into();
    assert!(matches!(
        target.db.restore(&dump).await,
        Err(StoreError::Restore(_))
    ));
    target.finish().await;
}
