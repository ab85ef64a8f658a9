//! Bad input never ends the bot and never widens a command: bytes that are
//! not UTF-8 and NUL characters on the console's standard input, time steps
//! past the calendar in a transcript, unreadable numbers, dates out of
//! reach; and what SQLite accepted always moves to PostgreSQL.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

use corrbot::store::{Db, DbOptions};

use crate::support::db::TestDb;
use crate::support::world::World;

/// A fresh folder for one run of the binary.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("corrbot_{name}_{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs `corrbot` with `args` and `stdin`; its status and standard output.
fn run_binary(args: &[&str], url: &str, stdin: &[u8]) -> (std::process::ExitStatus, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_corrbot"))
        .args(args)
        .env_remove("TELEGRAM_BOT_TOKEN")
        .env_remove("DISCORD_TOKEN")
        .env("DATABASE_URL", url)
        .env("CORRBOT_ADMINS", "console:alice")
        .env("RUST_LOG", "warn")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start corrbot");
    child.stdin.take().unwrap().write_all(stdin).unwrap();
    let out = child.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    (out.status, stdout)
}

#[test]
fn the_console_survives_bytes_that_are_not_text_and_nul_characters() {
    let dir = scratch("badbytes");
    let url = format!("sqlite://{}", dir.join("bot.db").display());
    let mut input = Vec::new();
    input.extend_from_slice("@alice: /lang en\n".as_bytes());
    input.extend_from_slice(b"@alice: caf\xe9 \xff\xfe\n");
    input.extend_from_slice(b"@bob: e2\x00-e4\n");
    input.extend_from_slice(b"\xc3\x28 no name\n");
    input.extend_from_slice("@alice: /profile\n".as_bytes());
    let (status, stdout) = run_binary(&[], &url, &input);
    assert!(status.success(), "{status:?}\n{stdout}");
    let lines: Vec<&str> = stdout.lines().collect();
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("-> @alice:") && l.contains("not valid UTF-8")),
        "{stdout}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("-> @bob:") && l.contains("NUL")),
        "{stdout}"
    );
    assert!(lines.iter().any(|l| l.starts_with("??")), "{stdout}");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("-> @alice: Your profile")),
        "the console went on: {stdout}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_time_step_past_the_calendar_is_an_error_with_its_line() {
    let dir = scratch("script_overflow");
    let script = dir.join("long.script");
    std::fs::write(&script, "@alice: /start\n# wait\n+9999999999999d\n").unwrap();
    let url = format!("sqlite://{}", dir.join("unused.db").display());
    let out = Command::new(env!("CARGO_BIN_EXE_corrbot"))
        .arg("script")
        .arg(&script)
        .env("DATABASE_URL", &url)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(stderr.contains("line 3"), "{stderr}");
    assert!(stderr.contains("+9999999999999d"), "{stderr}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Alice and Bob play one game of a started event; Bob offered a draw.
async fn one_game(world: &mut World) {
    world.event("Cup", &["alice", "bob"]).await;
    let offer = world.say("@bob: /draw").await;
    assert!(!offer.is_empty());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn unreadable_numbers_and_far_dates_are_refused_and_change_nothing() {
    let mut world = World::sqlite().await;
    one_game(&mut world).await;
    let before = crate::fuzz_console::state(&world.db).await;
    for line in [
        "@alice: /leave add 2026-03-01 5 #x",
        "@alice: /leave add 2026-03-01 5 #-1",
        "@alice: /leave add 2026-03-01 5 12345678901234567890",
        "@alice: /draw accept #-1",
        "@alice: /leave add 9999-12-31 5",
        "@alice: /extraleave 2026-03-01 5 #x family",
        "@alice: /extraleave 2026-03-01 40 family",
        "@alice: /resign 1O confirm",
        "@alice: /resign 1о так",
    ] {
        let replies = world.say(line).await;
        assert_eq!(replies.len(), 1, "{line}: {replies:?}");
        assert!(replies[0].starts_with("-> @alice:"), "{line}: {replies:?}");
        assert_eq!(
            crate::fuzz_console::state(&world.db).await,
            before,
            "{line} changed the database: {replies:?}"
        );
    }
    let far = world.say("@alice: /leave add 9999-12-31 5").await;
    assert!(
        far[0].contains("end of next year") && far[0].contains("31.12.2027"),
        "{far:?}"
    );
    let extra = world.say("@alice: /extraleave 2026-03-01 40 family").await;
    assert!(extra[0].contains("15\u{a0}days"), "{extra:?}");
    // A game number typed with a letter O is refused, not taken as "the
    // only game" and asked about ([player-2]).
    let near = world.say("@alice: /moev e2-e4").await;
    assert!(near[0].contains("Did you mean /move?"), "{near:?}");
    let help = world.say("@alice: /help standigns").await;
    assert!(
        help[0].contains("Unknown command /standigns. Did you mean /standings?"),
        "{help:?}"
    );
    let slip = world.say("@alice: /resign 1O confirm").await;
    assert!(slip[0].contains("\"1O\""), "{slip:?}");
    assert!(!slip[0].contains("resign game #1"), "{slip:?}");
    world.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn what_sqlite_accepted_imports_into_postgres() {
    let mut world = World::sqlite().await;
    for line in [
        "@alice: /start",
        "@a\0b: /start",
        "@alice: /name Ann\0e",
        "@alice: /event create Cup\0 Two",
        "@alice: /contact email a\0@b.c",
        "@alice: /ask text\0with a nul",
    ] {
        world.say(line).await;
    }
    let dump = world.db.dump().await.unwrap();
    let text = serde_json::to_string(&dump).unwrap();
    assert!(!text.contains("\\u0000"), "a NUL was stored: {text}");
    if let Some(pg) = TestDb::postgres().await {
        pg.db
            .restore(&dump)
            .await
            .expect("PostgreSQL takes the dump");
        pg.finish().await;
    }
    let dir = scratch("nul_import");
    let url = format!("sqlite://{}", dir.join("copy.db").display());
    let copy = Db::open(&url, &DbOptions::default()).await.unwrap();
    copy.restore(&dump).await.unwrap();
    copy.close().await;
    world.finish().await;
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unreadable_game_in_a_ruling_is_refused_not_the_cases_game() {
    let mut world = World::sqlite().await;
    world.event("Cup", &["bob", "carol"]).await;
    world.say("@bob: /dispute 1 carol threatens me.").await;
    let before = crate::fuzz_console::state(&world.db).await;
    let ruled = world.say("@alice: /rule 1 resume #x -- go on").await;
    assert!(ruled[0].starts_with("-> @alice:"), "{ruled:?}");
    assert!(!ruled[0].contains("Ruling recorded"), "{ruled:?}");
    assert_eq!(crate::fuzz_console::state(&world.db).await, before);
    world.finish().await;
}

/// The word after `/help ` in `reply`, up to the end of the sentence.
fn help_named(reply: &str) -> Option<&str> {
    let (_, after) = reply.split_once("/help ")?;
    after.split(['.', ' ', ')']).next()
}

/// Issue 19: a refusal that points to a help names the help of the command
/// the player typed, in the spelling typed (Ukrainian or English).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn refusals_name_the_help_of_the_command_typed() {
    let mut world = World::sqlite().await;
    world.say("@alice: /start").await;
    let rows = [
        ("/event create Cup rated=maybe", "event"),
        ("/турнір create Cup rated=maybe", "турнір"),
        ("/event join", "event"),
        ("/турнір join x", "турнір"),
        ("/move", "move"),
        ("/хід", "хід"),
        ("/відпустка add", "відпустка"),
        ("/leave add", "leave"),
        ("/імʼя", "імʼя"),
        ("/name", "name"),
    ];
    for lang in ["uk", "en"] {
        world.say(&format!("@alice: /lang {lang}")).await;
        for (text, help) in rows {
            let replies = world.say(&format!("@alice: {text}")).await;
            assert_eq!(replies.len(), 1, "{text}: {replies:?}");
            assert_eq!(help_named(&replies[0]), Some(help), "{text}: {replies:?}");
        }
    }
    let uk = world.say("@alice: /lang uk").await;
    assert!(!uk.is_empty());
    let setting = world.say("@alice: /турнір create Cup rated=maybe").await;
    assert!(
        setting[0].contains("Налаштування rated=maybe неможливе. Див. /help турнір."),
        "{setting:?}"
    );
    let argument = world.say("@alice: /турнір join x").await;
    assert!(argument[0].contains("(номер турніру)"), "{argument:?}");
    world.finish().await;
}

/// Issue 19: `Ke2` after 1.e4 e5 may be the king's move or the knight's
/// (a Latin `K` for the Cyrillic `К`): the bot asks which, with both moves
/// written out, and plays nothing.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_latin_k_for_king_or_knight_is_asked_about_and_changes_nothing() {
    let mut world = World::sqlite().await;
    world.event("Cup", &["bob", "carol"]).await;
    world.move_as("bob", 1, "e2-e4").await;
    world.move_as("carol", 1, "e7-e5").await;
    // Bob reads Ukrainian notation by choice (English otherwise follows
    // the language).
    world.say("@bob: /notation ukr").await;
    let before = crate::fuzz_console::state(&world.db).await;
    let asked = world.move_as("bob", 1, "Ke2").await;
    assert!(asked[0].contains("A Latin K"), "{asked:?}");
    assert!(asked[0].contains("Крe1-e2 or Кg1-e2?"), "{asked:?}");
    assert_eq!(crate::fuzz_console::state(&world.db).await, before);
    world.say("@bob: /notation san").await;
    world.say("@bob: /lang uk").await;
    let before = crate::fuzz_console::state(&world.db).await;
    world.say("@bob: /lang en").await;
    let asked = world.move_as("bob", 1, "Ke2").await;
    assert!(asked[0].contains("Which move: Ke2 or Ne2?"), "{asked:?}");
    world.say("@bob: /lang uk").await;
    let asked = world.move_as("bob", 1, "Ke2").await;
    assert!(asked[0].contains("Латинську K"), "{asked:?}");
    assert_eq!(crate::fuzz_console::state(&world.db).await, before);
    let played = world.move_as("bob", 1, "Кg1-e2").await;
    assert!(!played.is_empty());
    assert_ne!(crate::fuzz_console::state(&world.db).await, before);
    world.finish().await;
}

/// The number of players the bot knows.
async fn players(db: &corrbot::store::Db) -> usize {
    let dump = db.dump().await.expect("dump");
    dump.tables.get("players").map_or(0, |rows| rows.len())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn chatter_is_not_understood_in_private_and_ignored_in_a_group() {
    let mut world = World::sqlite().await;
    world.event("Cup", &["alice", "bob"]).await;
    // Bob is not to move: chatter is not answered with «not your move».
    let hello = world.say("@bob: thanks, good luck").await;
    assert_eq!(hello.len(), 1, "{hello:?}");
    assert!(
        hello[0].contains("I did not understand \"thanks, good luck\"")
            && hello[0].contains("Write a move like e2-e4 or Кg1-f3")
            && !hello[0].contains("not your move"),
        "{hello:?}"
    );
    let near = world.say("@bob: standigns please").await;
    assert!(near[0].contains("Did you mean /standings?"), "{near:?}");
    let uk = world.say("@carol: привіт").await;
    assert!(
        uk.iter()
            .any(|reply| reply.contains("Не розумію «привіт»") && reply.contains("e2-e4")),
        "{uk:?}"
    );
    // In a group, members' talk is not answered, and nobody is registered.
    let known = players(&world.db).await;
    for (user, text) in [("zoe", "hi all"), ("bob", "good game, thanks")] {
        let replies = world.say_in("club", user, text).await;
        assert!(replies.is_empty(), "{text}: {replies:?}");
    }
    assert_eq!(players(&world.db).await, known);
    // A move written in the group is still read as a move.
    let moved = world.say_in("club", "alice", "e2-e4").await;
    assert!(moved.iter().any(|reply| reply.contains("e4")), "{moved:?}");
    assert_eq!(
        world.game(1).await.status,
        corrbot::store::GameStatus::Running
    );
    assert!(
        !world
            .game(1)
            .await
            .fen
            .starts_with("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP")
    );
    world.finish().await;
}
