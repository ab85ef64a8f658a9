//! The authorization table: every command × every role → allowed or
//! refused, driven through the real app and compared with the table in
//! `docs/authorization.md` (between its `<!-- table -->` markers).
//! `UPDATE_AUTHZ=1 cargo test --test it authorization` rewrites the table
//! after a deliberate change; review the diff.
//!
//! The world: `adm` administers; `org` (made organizer by `adm`) created
//! event #1 with `arbiter=@arb`; `pl`, `x1`, `x2` and `op` play in it and
//! game #1 is `pl` (White, to move) against `op`; `cap` holds the captain
//! role for event #1 (captains act in team events); `com` sits on event
//! #1's appeals committee; `out` is registered and nothing else. Event #2
//! (by `org`) is open with `x1` and `x2` entered. At the arbiter's desk:
//! case #1 is `pl`'s open dispute against `op` about game #1, case #2
//! `pl`'s question, ruled, case #3 `pl`'s question, ruled and appealed;
//! request #1 is the arbiter's to `pl`. Team event #3 (by `org`,
//! `arbiter=@arb`, one board) is open: team #1 «Lions» has captain `cap`,
//! deputy `dep`, `pl` on board 1 and `op` in reserve; team #2 «Tigers» has
//! captain `x2` and `x1` on board 1. Event #5 (by `org`, `sections=2`) is
//! running with `g1` to `g4` in two sections. Each role runs the commands
//! in order in its own fresh world.

use std::sync::Arc;

use chrono::{TimeZone, Utc};
use corrbot::adapters::console::{Console, Speaker};
use corrbot::app::service::{App, AppConfig};
use corrbot::store::{EventId, Role};
use corrbot::time::{Clock, SimClock};

use crate::support::db::TestDb;

/// The roles, as the table's columns: (column, the user who acts).
const ROLES: [(&str, &str); 9] = [
    ("outsider", "out"),
    ("player", "pl"),
    ("opponent", "op"),
    ("captain", "cap"),
    ("deputy", "dep"),
    ("arbiter", "arb"),
    ("committee", "com"),
    ("organizer", "org"),
    ("administrator", "adm"),
];

/// The commands, in the order each role sends them.
const COMMANDS: [&str; 88] = [
    "/help",
    "/start",
    "/profile",
    "/games",
    "/events",
    "/event show 1",
    "/board 1",
    "/gif 1",
    "/time 1",
    "/record 1",
    "/note 1 idea",
    "/notes 1",
    "/if 1",
    "/if 1 off",
    "/standings 1",
    "/rating",
    "/top",
    "/ratings",
    "/rating set @out 1800 source=FIDE",
    "/ratings publish",
    "/pgn 1",
    "/contacts pl",
    "/contact email someone@example.org",
    "/orientation white",
    "/theme brown",
    "/notation san",
    "/lang en",
    "/mute",
    "/unmute",
    "/timezone Europe/Kyiv",
    "/digest off",
    "/calendar off",
    "/leave list",
    "/link",
    "/event create Third",
    "/event join 2",
    "/event withdraw 2",
    "/event start 2",
    "/organizer @x1",
    "/draw offer 1",
    "/move 1 e2-e4",
    "/resign 1 confirm",
    "/say 1 Hello.",
    "/confirm on",
    "/messages off",
    "/continue 1",
    "/name Renamed",
    "/cases",
    "/case 1",
    "/case 1 say A statement.",
    "/case 1 note A private note.",
    "/case 1 take",
    "/rule 1 warn @op -- reasons",
    "/appeal 2 Grounds.",
    "/decide 3 uphold -- reasons",
    "/request @pl Please answer.",
    "/answer 1 The answer.",
    "/dispute 1 A dispute.",
    "/failure 1 A failure.",
    "/ask #1 A question.",
    "/extraleave 2026-03-01 3 #1 Reasons.",
    "/offline @pl Line down.",
    "/ledger 1",
    "/card 1 e2-e4 written=2026-01-05",
    "/overstep 1 e2-e4",
    "/team show 1",
    "/team games 1",
    "/team order 1 @pl",
    "/team deputy 1 @op",
    "/team add 2 @out reserve",
    "/team substitute 1 1 @op",
    "/team captain 2 @cap",
    "/team deputy 2 @pl",
    "/follow 1",
    "/follow team 1",
    "/following",
    "/unfollow all",
    "/players",
    "/event invite 1 off",
    "/event games 1",
    "/event rename 1 Cup",
    "/event set 1 arbiter=@arb",
    "/event close 3",
    "/event rename 3 League",
    "/event set 3 boards=1",
    "/event cancel 3",
    "/event readmit 4 @x1",
    "/event final 5",
];

const SETUP: [(&str, &str); 53] = [
    ("adm", "/start"),
    ("arb", "/start"),
    ("com", "/start"),
    ("org", "/start"),
    ("pl", "/start"),
    ("x1", "/start"),
    ("x2", "/start"),
    ("op", "/start"),
    ("adm", "/organizer @org"),
    ("org", "/event create Cup arbiter=@arb committee=@com"),
    ("arb", "/start"),
    ("pl", "/event join 1"),
    ("x1", "/event join 1"),
    ("x2", "/event join 1"),
    ("op", "/event join 1"),
    ("org", "/event start 1"),
    ("org", "/event create Open"),
    ("x1", "/event join 2"),
    ("x2", "/event join 2"),
    ("out", "/start"),
    ("cap", "/start"),
    ("arb", "/games"),
    ("pl", "/dispute 1 Setup dispute."),
    ("pl", "/ask #1 Setup question."),
    ("arb", "/rule 2 none -- setup answer"),
    ("pl", "/ask #1 Another question."),
    ("arb", "/rule 3 none -- setup answer"),
    ("pl", "/appeal 3 Setup appeal."),
    ("arb", "/request @pl Setup request."),
    ("dep", "/start"),
    (
        "org",
        "/event create League type=team boards=1 arbiter=@arb",
    ),
    ("org", "/team create 3 Lions"),
    ("org", "/team create 3 Tigers"),
    ("org", "/team captain 1 @cap"),
    ("org", "/team deputy 1 @dep"),
    ("org", "/team captain 2 @x2"),
    ("org", "/team add 1 @pl"),
    ("org", "/team add 1 @op reserve"),
    ("org", "/team add 2 @x1"),
    ("org", "/event create Spring"),
    ("x1", "/event join 4"),
    ("org", "/event remove 4 @x1"),
    ("org", "/event create Groups sections=2"),
    ("g1", "/start"),
    ("g2", "/start"),
    ("g3", "/start"),
    ("g4", "/start"),
    ("g1", "/event join 5"),
    ("g2", "/event join 5"),
    ("g3", "/event join 5"),
    ("g4", "/event join 5"),
    ("org", "/event start 5"),
    ("org", "/events"),
];

async fn world(test_db: &TestDb) -> Console {
    let start = Utc.with_ymd_and_hms(2026, 1, 5, 9, 0, 0).unwrap();
    let clock: Arc<dyn Clock> = Arc::new(SimClock::new(start));
    let app = App::new(
        test_db.db.clone(),
        clock.clone(),
        AppConfig::with_admins("console:adm"),
    );
    let mut console = Console::new(app, clock);
    for (user, text) in SETUP {
        let sent = console.say(&Speaker::console(user), text).await.unwrap();
        assert!(
            !sent[0].message.kind.starts_with("error"),
            "{user}: {text}: {sent:?}"
        );
    }
    let mut tx = test_db.db.begin().await.unwrap();
    let cap = tx
        .account(corrbot::store::Platform::Console, "cap")
        .await
        .unwrap()
        .unwrap();
    tx.grant_role(cap.player_id, Role::Captain, Some(EventId(1)), start)
        .await
        .unwrap();
    tx.commit().await.unwrap();
    console
}

/// `yes` or `no` for each command sent by `user` in a fresh world.
async fn column(user: &str) -> Vec<&'static str> {
    let test_db = TestDb::sqlite().await;
    let mut console = world(&test_db).await;
    let mut cells = Vec::new();
    for text in COMMANDS {
        let sent = console.say(&Speaker::console(user), text).await.unwrap();
        let refused = sent[0].message.kind.starts_with("error");
        cells.push(if refused { "no" } else { "yes" });
    }
    test_db.finish().await;
    cells
}

fn table(columns: &[Vec<&str>]) -> String {
    let mut out = String::from("| command |");
    for (role, _) in ROLES {
        out.push_str(&format!(" {role} |"));
    }
    out.push_str("\n|---|");
    out.push_str(&"---|".repeat(ROLES.len()));
    out.push('\n');
    for (row, command) in COMMANDS.iter().enumerate() {
        out.push_str(&format!("| `{command}` |"));
        for column in columns {
            out.push_str(&format!(" {} |", column[row]));
        }
        out.push('\n');
    }
    out
}

#[tokio::test]
async fn every_command_for_every_role_is_allowed_or_refused_as_documented() {
    let mut columns = Vec::new();
    for (_, user) in ROLES {
        columns.push(column(user).await);
    }
    let actual = table(&columns);
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/authorization.md");
    let doc = std::fs::read_to_string(&path).expect("docs/authorization.md");
    let (head, rest) = doc.split_once("<!-- table -->\n").expect("opening marker");
    let (documented, tail) = rest.split_once("<!-- /table -->").expect("closing marker");
    if std::env::var_os("UPDATE_AUTHZ").is_some() {
        let rewritten = format!("{head}<!-- table -->\n{actual}<!-- /table -->{tail}");
        std::fs::write(&path, rewritten).expect("writable docs");
    } else {
        assert_eq!(
            actual, documented,
            "the app and docs/authorization.md disagree"
        );
    }
}
