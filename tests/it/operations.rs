//! What an operator runs beside the bot ([scale]): retention of the tables
//! that only grow, `corrbot backup`, the refusal of an older corrbot on a
//! newer schema, and `corrbot check`.

use std::process::Command;

use chrono::{Duration, TimeDelta};
use corrbot::retention::{Pruner, RetentionConfig};
use corrbot::store::{Db, DbOptions, Pruned, StoreError};
use corrbot::time::Clock;

use crate::support::db::{TestDb, on_both};
use crate::support::world::World;

on_both!(
    old_update_ids_and_delivered_notices_are_pruned_in_batches,
    an_older_corrbot_refuses_a_newer_schema,
);

/// Rows of `table` in `db`, by `status` when the table has one.
async fn rows(db: &Db, table: &str, status: Option<&str>) -> usize {
    let dump = db.dump().await.unwrap();
    dump.tables[table]
        .iter()
        .filter(|row| status.is_none_or(|s| row["status"] == s))
        .count()
}

/// Sixty days of retention: update ids and delivered notices older than
/// that go, a batch of two rows per transaction, the newer ones stay, and
/// pending and parked notices stay whatever their age.
async fn old_update_ids_and_delivered_notices_are_pruned_in_batches(t: &TestDb) {
    let mut w = World::new(&t.db);
    w.event("Cup", &["bob", "carol"]).await;
    w.say("@bob: e2-e4").await;
    w.say("@carol: e7-e5").await;
    for (status, id) in [("pending", 9001), ("parked", 9002)] {
        let sql = format!(
            "INSERT INTO outbox (id, recipient, kind, payload, status, next_attempt_at, created_at) \
             VALUES ({id}, 'player:1', 'test', '{{}}', '{status}', 0, 0)"
        );
        t.db.execute_raw(&sql).await.unwrap();
    }
    let old_inbound = rows(&t.db, "inbound", None).await;
    let old_delivered = rows(&t.db, "outbox", Some("delivered")).await;
    assert!(
        old_inbound >= 5 && old_delivered >= 2,
        "{old_inbound} {old_delivered}"
    );
    w.clock.advance(Duration::days(61));
    w.say("@bob: Кg1-f3").await;
    let recent_inbound = rows(&t.db, "inbound", None).await - old_inbound;
    let recent_delivered = rows(&t.db, "outbox", Some("delivered")).await - old_delivered;
    let config = RetentionConfig {
        keep: TimeDelta::days(60),
        batch: 2,
        every: TimeDelta::hours(6),
    };
    let pruned = Pruner::new(t.db.clone(), config)
        .prune(w.clock.now())
        .await
        .unwrap();
    let expected = Pruned {
        inbound: old_inbound as u64,
        delivered_notices: old_delivered as u64,
    };
    assert_eq!(pruned, expected);
    assert_eq!(rows(&t.db, "inbound", None).await, recent_inbound);
    assert_eq!(
        rows(&t.db, "outbox", Some("delivered")).await,
        recent_delivered
    );
    assert_eq!(rows(&t.db, "outbox", Some("pending")).await, 1);
    assert_eq!(rows(&t.db, "outbox", Some("parked")).await, 1);
    // The moves, the game and the audit are not the retention's.
    assert_eq!(rows(&t.db, "moves", None).await, 3);
}

/// A database a newer corrbot migrated (a migration this binary does not
/// know is recorded) is refused with both versions and the way out.
async fn an_older_corrbot_refuses_a_newer_schema(t: &TestDb) {
    let (applied, binary) = t.db.schema_versions().await.unwrap();
    assert_eq!(applied, Some(binary));
    let future = binary + 1;
    let checksum = match t.db.backend() {
        corrbot::store::Backend::Sqlite => "X'00'",
        corrbot::store::Backend::Postgres => "'\\x00'::bytea",
    };
    let sql = format!(
        "INSERT INTO _sqlx_migrations (version, description, success, checksum, execution_time) \
         VALUES ({future}, 'from the future', TRUE, {checksum}, 0)"
    );
    t.db.execute_raw(&sql).await.unwrap();
    let again = t.connect_again().await;
    let refused = again.migrate().await.unwrap_err();
    again.close().await;
    assert!(
        matches!(refused, StoreError::SchemaTooNew { database, binary: b } if database == future && b == binary),
        "{refused:?}"
    );
    let text = refused.to_string();
    assert!(text.contains("newer than this corrbot's"), "{text}");
}

/// `corrbot backup FILE` copies a live SQLite database: the copy opens and
/// holds exactly what the database held; an existing file is not
/// overwritten; on PostgreSQL the store says to use pg_dump.
#[tokio::test]
async fn a_backup_holds_what_the_database_held() {
    let mut w = World::sqlite().await;
    w.event("Cup", &["bob", "carol"]).await;
    w.say("@bob: e2-e4").await;
    let dir = std::env::temp_dir().join(format!("corrbot-backup-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let copy = dir.join("copy.db");
    let _ = std::fs::remove_file(&copy);
    w.db.backup_into(&copy).await.unwrap();
    let url = format!("sqlite://{}", copy.display());
    let restored = Db::open(&url, &DbOptions::default()).await.unwrap();
    let (original, copied) = (w.db.dump().await.unwrap(), restored.dump().await.unwrap());
    restored.close().await;
    assert_eq!(
        serde_json::to_value(&original).unwrap(),
        serde_json::to_value(&copied).unwrap()
    );
    let again = Command::new(env!("CARGO_BIN_EXE_corrbot"))
        .args(["backup", copy.to_str().unwrap()])
        .env("DATABASE_URL", &url)
        .output()
        .unwrap();
    assert!(!again.status.success());
    let said = String::from_utf8_lossy(&again.stderr);
    assert!(said.contains("exists"), "{said}");
    std::fs::remove_dir_all(&dir).unwrap();
    w.finish().await;
    if let Some(pg) = TestDb::postgres().await {
        let refused = pg.db.backup_into(&dir.join("pg.db")).await.unwrap_err();
        assert!(
            matches!(refused, StoreError::BackupNeedsSqlite),
            "{refused:?}"
        );
        pg.finish().await;
    }
}

/// `corrbot check` with `env`: its exit status and what it printed.
fn check(env: &[(&str, &str)]) -> (bool, String) {
    let mut command = Command::new(env!("CARGO_BIN_EXE_corrbot"));
    command.arg("check");
    for name in [
        "TELEGRAM_BOT_TOKEN",
        "DISCORD_TOKEN",
        "TELEGRAM_WEBHOOK_URL",
        "CORRBOT_ADMINS",
        "DATABASE_URL",
    ] {
        command.env_remove(name);
    }
    command.envs(env.iter().copied());
    let output = command.output().unwrap();
    let text = String::from_utf8_lossy(&output.stdout).into_owned();
    (output.status.success(), text)
}

/// A good configuration passes, one `ok` line per setting; a bad one
/// fails with one line per wrong setting saying what is wrong; token
/// values are never printed.
#[test]
fn corrbot_check_says_what_is_wrong_in_one_line_each() {
    let dir = std::env::temp_dir().join(format!("corrbot-check-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let url = format!("sqlite://{}", dir.join("fresh.db").display());
    let token = "123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsawQ";
    let (ok, text) = check(&[
        ("TELEGRAM_BOT_TOKEN", token),
        ("TELEGRAM_WEBHOOK_URL", "https://club.example.org/telegram"),
        ("CORRBOT_ADMINS", "telegram:42"),
        ("DATABASE_URL", &url),
    ]);
    assert!(ok, "{text}");
    assert!(text.lines().all(|line| line.starts_with("ok")), "{text}");
    assert!(text.contains("not migrated yet"), "{text}");
    assert!(!text.contains(token), "{text}");
    let (ok, text) = check(&[
        ("TELEGRAM_BOT_TOKEN", "secret-but-wrong"),
        ("TELEGRAM_WEBHOOK_URL", "http://club.example.org/telegram"),
        ("CORRBOT_ADMINS", "telegram:42, alice"),
        ("DATABASE_URL", "postgres://postgres@127.0.0.1:1/none"),
    ]);
    assert!(!ok, "{text}");
    let failed: Vec<&str> = text
        .lines()
        .filter(|line| line.starts_with("FAIL"))
        .collect();
    assert_eq!(failed.len(), 4, "{text}");
    for setting in [
        "TELEGRAM_BOT_TOKEN",
        "TELEGRAM_WEBHOOK_URL",
        "CORRBOT_ADMINS: ",
        "DATABASE_URL",
    ] {
        assert!(
            failed.iter().any(|line| line.contains(setting)),
            "{setting}: {text}"
        );
    }
    assert!(!text.contains("secret-but-wrong"), "{text}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `corrbot web` on a database file that does not exist refuses to start,
/// naming the file, and creates nothing; on the bot's database it logs each
/// request it serves at the default level ([player-2]).
#[tokio::test]
async fn corrbot_web_refuses_a_missing_database_and_logs_what_it_serves() {
    let dir = std::env::temp_dir().join(format!("corrbot-web-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let missing = dir.join("missing.db");
    let refused = Command::new(env!("CARGO_BIN_EXE_corrbot"))
        .arg("web")
        .env("DATABASE_URL", format!("sqlite://{}", missing.display()))
        .env_remove("RUST_LOG")
        .output()
        .unwrap();
    assert!(!refused.status.success());
    let said = String::from_utf8_lossy(&refused.stderr);
    assert!(
        said.contains("missing.db") && said.contains("does not exist"),
        "{said}"
    );
    assert!(!missing.exists(), "corrbot web created an empty database");

    let file = dir.join("bot.db");
    let url = format!("sqlite://{}", file.display());
    Db::open(&url, &DbOptions::default())
        .await
        .unwrap()
        .close()
        .await;
    // A free port can be taken by another test before the child binds it:
    // then the child exits, and the next try takes another port.
    let mut answer = None;
    for _ in 0..3 {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let log = std::fs::File::create(dir.join("web.log")).unwrap();
        let mut child = Command::new(env!("CARGO_BIN_EXE_corrbot"))
            .arg("web")
            .env("DATABASE_URL", &url)
            .env("CORRBOT_WEB_LISTEN", format!("127.0.0.1:{port}"))
            .env("CORRBOT_OPS_LISTEN", "off")
            .env_remove("RUST_LOG")
            .stderr(log)
            .spawn()
            .unwrap();
        answer = get_when_up(port, "/event/1", &mut child).await;
        let _ = child.kill();
        let _ = child.wait();
        if answer.is_some() {
            break;
        }
    }
    let logged = std::fs::read_to_string(dir.join("web.log")).unwrap();
    let answer = answer.unwrap_or_else(|| panic!("corrbot web never listened: {logged}"));
    assert!(answer.starts_with("HTTP/1.1 404"), "{answer}");
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(logged.contains("serving the public pages"), "{logged}");
    let served = logged.lines().find(|l| l.contains("web: served"));
    let served = served.unwrap_or_else(|| panic!("no request logged: {logged}"));
    assert!(
        served.contains("path=\"/event/1\"") || served.contains("path=/event/1"),
        "{served}"
    );
    assert!(served.contains("status=404"), "{served}");
}

/// The answer to `GET path` on loopback `port`, once the server listens;
/// `None` when `child` exits first or after about 60 s of refused
/// connections.
async fn get_when_up(port: u16, path: &str, child: &mut std::process::Child) -> Option<String> {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    for _ in 0..1200 {
        let Ok(mut stream) = tokio::net::TcpStream::connect(("127.0.0.1", port)).await else {
            if child.try_wait().ok().flatten().is_some() {
                return None;
            }
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
            continue;
        };
        let request =
            format!("GET {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
        stream.write_all(request.as_bytes()).await.unwrap();
        let mut answer = String::new();
        stream.read_to_string(&mut answer).await.unwrap();
        return Some(answer);
    }
    None
}
