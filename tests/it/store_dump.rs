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

/// `dump_to` / `restore_from`, what `corrbot export --json` and `corrbot
/// import` use: the streamed text restores to the same database, from
/// SQLite to PostgreSQL where it runs.
#[tokio::test]
async fn the_streamed_dump_restores_the_same_database() {
    let source = TestDb::sqlite().await;
    fill(&source.db).await;
    // More rows than one INSERT carries.
    source
        .db
        .execute_raw(
            "INSERT INTO inbound (platform, update_id, response, processed_at) \
             WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 600) \
             SELECT 'telegram', 'u' || i, NULL, 1700000000000 + i FROM n",
        )
        .await
        .unwrap();
    let mut text = Vec::new();
    let written = source.db.dump_to(&mut text).await.unwrap();
    let expected = source.db.dump().await.unwrap();
    assert_eq!(written as usize, rows(&expected));
    assert_eq!(expected.tables["inbound"].len(), 601);
    let first_table = String::from_utf8_lossy(&text[..120]).to_string();
    assert!(
        first_table.contains("\"players\":["),
        "restore order: {first_table}"
    );
    let mut targets = vec![TestDb::sqlite().await];
    targets.extend(TestDb::postgres().await);
    for target in &targets {
        let restored = target
            .db
            .restore_from(std::io::Cursor::new(text.clone()))
            .await;
        assert_eq!(restored.unwrap(), written);
        assert_eq!(target.db.dump().await.unwrap(), expected);
    }
    for test_db in targets.into_iter().chain([source]) {
        test_db.finish().await;
    }
}

/// A dump cut short, or with its tables out of restore order, restores
/// nothing: one transaction, all of it or nothing.
#[tokio::test]
async fn a_broken_streamed_dump_restores_nothing() {
    let source = TestDb::sqlite().await;
    fill(&source.db).await;
    let mut text = Vec::new();
    source.db.dump_to(&mut text).await.unwrap();
    let target = TestDb::sqlite().await;
    let empty = target.db.dump().await.unwrap();

    let cut = text[..text.len() * 2 / 3].to_vec();
    let refused = target.db.restore_from(std::io::Cursor::new(cut)).await;
    assert!(
        matches!(refused, Err(StoreError::Restore(_))),
        "{refused:?}"
    );
    assert_eq!(target.db.dump().await.unwrap(), empty);

    // The in-memory document serializes its tables alphabetically:
    // `absences` would come before `players`.
    let alphabetical = serde_json::to_vec(&source.db.dump().await.unwrap()).unwrap();
    let refused = target
        .db
        .restore_from(std::io::Cursor::new(alphabetical))
        .await;
    let Err(StoreError::Restore(reason)) = refused else {
        panic!("{refused:?}");
    };
    assert!(reason.contains("out of order"), "{reason}");
    assert_eq!(target.db.dump().await.unwrap(), empty);
    source.finish().await;
    target.finish().await;
}

/// A dump of schema 20 to 32 (before migrations 21 to 33, which only
/// added an index, rows, tables and columns whose defaults read the old
/// rows as they were) restores into schema 33; one of a schema to
/// come, or of an older one with other tables, is refused and restores
/// nothing.
#[tokio::test]
async fn a_dump_of_an_earlier_schema_with_the_same_tables_restores() {
    let source = TestDb::sqlite().await;
    fill(&source.db).await;
    let mut text = Vec::new();
    let written = source.db.dump_to(&mut text).await.unwrap();
    let text = String::from_utf8(text).unwrap();
    let current = "\"schema_version\":33";
    assert!(text.contains(current), "{}", &text[..80]);
    for (version, restores) in [(20, true), (32, true), (19, false), (34, false)] {
        let target = TestDb::sqlite().await;
        let empty = target.db.dump().await.unwrap();
        let other = text.replacen(current, &format!("\"schema_version\":{version}"), 1);
        let restored = target.db.restore_from(std::io::Cursor::new(other)).await;
        if restores {
            assert_eq!(restored.unwrap(), written);
            assert_eq!(
                target.db.dump().await.unwrap(),
                source.db.dump().await.unwrap()
            );
        } else {
            let Err(StoreError::Restore(reason)) = restored else {
                panic!("schema {version}: {restored:?}");
            };
            assert!(reason.contains("schema 20 to 33"), "{reason}");
            assert_eq!(target.db.dump().await.unwrap(), empty);
        }
        target.finish().await;
    }
    source.finish().await;
}

/// The streamed dump of [`fill`] with `from` replaced by `to`, which must
/// occur in it.
async fn altered_dump(from: &str, to: &str) -> Vec<u8> {
    let source = TestDb::sqlite().await;
    fill(&source.db).await;
    let mut text = Vec::new();
    source.db.dump_to(&mut text).await.unwrap();
    source.finish().await;
    let text = String::from_utf8(text).unwrap();
    assert!(text.contains(from), "{from} not in the dump");
    text.replacen(from, to, 1).into_bytes()
}

/// Restores `text` on both backends: refused with a reason that contains
/// `reason`, and nothing written.
async fn refused_everywhere(text: Vec<u8>, reason: &str) {
    let mut targets = vec![TestDb::sqlite().await];
    targets.extend(TestDb::postgres().await);
    for target in targets {
        let empty = target.db.dump().await.unwrap();
        let refused = target
            .db
            .restore_from(std::io::Cursor::new(text.clone()))
            .await;
        let Err(StoreError::Restore(why)) = refused else {
            panic!("accepted: {refused:?}");
        };
        assert!(why.contains(reason), "{why}");
        assert_eq!(target.db.dump().await.unwrap(), empty);
        target.finish().await;
    }
}

#[tokio::test]
async fn import_refuses_a_nul_in_a_name() {
    let text = altered_dump(r#""Bob \"Black\"""#, r#""Bob\u0000""#).await;
    refused_everywhere(text, "players row 2, display_name: contains NUL").await;
}

#[tokio::test]
async fn import_refuses_a_50_mb_name() {
    let long = format!("\"{}\"", "x".repeat(50 << 20));
    let text = altered_dump(r#""Bob \"Black\"""#, &long).await;
    refused_everywhere(text, "players row 2, display_name: text too long").await;
}

#[tokio::test]
async fn import_refuses_an_unknown_column() {
    let text = altered_dump(r#""Bob \"Black\"""#, r#""Bob","nickname":"B""#).await;
    refused_everywhere(text, "players row 2, nickname: unknown column").await;
}

// Issue trust-2: import reads every value as the store reads it, and
// refuses the whole file at the first row it could not read.

#[tokio::test]
async fn import_refuses_an_illegal_move() {
    let text = altered_dump(r#""uci":"e2e4""#, r#""uci":"e2e5""#).await;
    refused_everywhere(
        text,
        "moves row game 1 ply 1, uci: move e2e5 does not replay",
    )
    .await;
}

#[tokio::test]
async fn import_refuses_an_instant_out_of_range() {
    let text = altered_dump(
        r#""started_at":null"#,
        r#""started_at":9223372036854775807"#,
    )
    .await;
    refused_everywhere(text, "games row 1, started_at: instant 9223372036854775807").await;
}

#[tokio::test]
async fn import_refuses_a_negative_turn_since() {
    let text = altered_dump(r#""turn_since":1772366400007"#, r#""turn_since":-5"#).await;
    refused_everywhere(text, "games row 1, turn_since: instant -5").await;
}

#[tokio::test]
async fn import_refuses_negative_days_charged() {
    let text = altered_dump(r#""charged_days":2"#, r#""charged_days":-2"#).await;
    refused_everywhere(text, "moves row 1, charged_days: -2 is negative").await;
}

#[tokio::test]
async fn import_refuses_unreadable_clocks() {
    let text = altered_dump(r#""clock":"{}""#, r#""clock":"{\"white_used\":""#).await;
    refused_everywhere(text, "games row 1, clock: clocks:").await;
    let negative =
        r#""clock":"{\"white_used\":-3,\"white_left\":50,\"black_used\":0,\"black_left\":50}""#;
    let text = altered_dump(r#""clock":"{}""#, negative).await;
    refused_everywhere(text, "games row 1, clock: clocks: negative days used").await;
}

#[tokio::test]
async fn import_refuses_an_unreadable_fen() {
    let text = altered_dump(r#""fen":"rnbqkbnr"#, r#""fen":"zzbqkbnr"#).await;
    refused_everywhere(text, "games row 1, fen:").await;
}

#[tokio::test]
async fn import_refuses_an_unknown_status() {
    let text = altered_dump(r#""status":"running""#, r#""status":"sleeping""#).await;
    refused_everywhere(text, r#"games row 1, status: unknown value "sleeping""#).await;
    let text = altered_dump(r#""platform":"telegram""#, r#""platform":"myspace""#).await;
    refused_everywhere(text, r#"accounts row 1, platform: unknown value "myspace""#).await;
}

/// A club's genuine export (games played through the app, castling and a
/// capture among the moves) imports on both backends and dumps the same.
#[tokio::test]
async fn a_genuine_export_of_played_games_imports() {
    let mut w = crate::support::world::World::sqlite().await;
    w.event("Cup", &["bob", "carol"]).await;
    for (user, text) in [
        ("bob", "e4"),
        ("carol", "e5"),
        ("bob", "Nf3"),
        ("carol", "Nc6"),
        ("bob", "Bc4"),
        ("carol", "Nf6"),
        ("bob", "O-O"),
        ("carol", "Nxe4"),
    ] {
        let out = w.move_as(user, 1, text).await;
        assert!(!out.is_empty(), "{user} {text}");
    }
    assert_eq!(w.game(1).await.ply, 8);
    let mut text = Vec::new();
    let written = w.db.dump_to(&mut text).await.unwrap();
    let expected = w.db.dump().await.unwrap();
    assert_eq!(expected.tables["moves"].len(), 8);
    let mut targets = vec![TestDb::sqlite().await];
    targets.extend(TestDb::postgres().await);
    for target in targets {
        let restored = target.db.restore_from(std::io::Cursor::new(text.clone()));
        assert_eq!(restored.await.unwrap(), written);
        assert_eq!(target.db.dump().await.unwrap(), expected);
        target.finish().await;
    }
    w.finish().await;
}
