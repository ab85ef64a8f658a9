//! R3.4.4: in a team event a player's contact details are visible only to
//! administrators, the event's arbiter and the player's own captain (or
//! deputy) — through every command, every notice and the audit export.
//!
//! The world: `org` (organizer, not the arbiter) created team event #1 with
//! `arbiter=@arb`; team «Lions» (captain `capa`, deputy `depa`) fields `pa1`
//! and `pa2`, team «Tigers» (captain `capb`) `pb1` and `pb2`; `out` is
//! registered only; `adm` administers. `pa1` gives an e-mail and an address
//! before the start and changes them during the event. Every viewer sends
//! every command that shows people, games or events.

use std::sync::Arc;

use chrono::{TimeZone, Utc};
use corrbot::adapters::console::{Console, Sent, Speaker};
use corrbot::app::outgoing::Address;
use corrbot::app::service::{App, AppConfig};
use corrbot::store::EventId;
use corrbot::time::{Clock, SimClock};

use crate::support::db::{TestDb, on_both};

on_both!(only_admins_the_arbiter_and_the_own_captain_see_a_team_players_contacts);

/// The secret part of every detail `pa1` gives.
const SECRET: &str = "secret";

/// Who may see `pa1`'s details (R3.4.4), `pa1` aside.
const ALLOWED: [&str; 4] = ["adm", "arb", "capa", "depa"];

/// Who may not: the organizer, the other captain, a team mate, the
/// opponents and an outsider.
const DENIED: [&str; 6] = ["org", "capb", "pa2", "pb1", "pb2", "out"];

const SETUP: [&str; 23] = [
    "@adm: /organizer @org",
    "@org: /event create League type=team boards=2 arbiter=@arb",
    "@org: /team create 1 Lions",
    "@org: /team create 1 Tigers",
    "@org: /team captain 1 @capa",
    "@org: /team deputy 1 @depa",
    "@org: /team captain 2 @capb",
    "@org: /team add 1 @pa1",
    "@org: /team add 1 @pa2",
    "@org: /team add 2 @pb1",
    "@org: /team add 2 @pb2",
    "@pa1: /contact email pa1.secret@example.org",
    "@pa1: /contact address 7 Secret Street, Lviv",
    "@org: /event start 1",
    "@pa1: /move 1 e2-e4",
    "@pb1: /move 1 e7-e5",
    "@pa1: /contact email pa1.new-secret@example.org",
    "@pb2: /move 2 d2-d4",
    "@pa2: /dispute 2 my opponent is rude",
    "@pa2: /failure 2 my computer broke",
    "@pa1: /offline travelling",
    "@pa1: /online",
    "@pa1: /draw offer 1",
];

/// Every command a viewer tries.
const COMMANDS: [&str; 22] = [
    "/contacts pa1",
    "/contacts @pa1",
    "/contacts",
    "/event show 1",
    "/events",
    "/team show 1",
    "/team show 2",
    "/team games 1",
    "/team games 2",
    "/team games",
    "/games",
    "/board 1",
    "/time 1",
    "/record 1",
    "/pgn 1",
    "/pgn event 1",
    "/standings 1",
    "/profile",
    "/cases",
    "/case 1",
    "/case 2",
    "/help",
];

fn recipient(sent: &Sent) -> String {
    match &sent.to {
        Address::User { user_id, .. } => user_id.clone(),
        Address::Chat { chat_id, .. } | Address::Thread { chat_id, .. } => format!("#{chat_id}"),
    }
}

/// Fails if a message to someone who may not see `pa1`'s details shows them.
fn check(sent: &[Sent], what: &str) {
    for message in sent {
        let to = recipient(message);
        let json = serde_json::to_string(&message.message).unwrap();
        if DENIED.contains(&to.as_str()) || to.starts_with('#') {
            assert!(
                !json.to_lowercase().contains(SECRET),
                "{what}: {to} saw pa1's details: {json}"
            );
        }
    }
}

async fn only_admins_the_arbiter_and_the_own_captain_see_a_team_players_contacts(t: &TestDb) {
    let start = Utc.with_ymd_and_hms(2026, 1, 5, 9, 0, 0).unwrap();
    let clock: Arc<dyn Clock> = Arc::new(SimClock::new(start));
    let app = App::new(
        t.db.clone(),
        clock.clone(),
        AppConfig::with_admins("console:adm"),
    );
    let mut console = Console::new(app, clock.clone());
    let everyone = ALLOWED.iter().chain(&DENIED).chain(&["pa1"]);
    for user in everyone.clone() {
        let sent = console
            .say(&Speaker::console(user), "/lang en")
            .await
            .unwrap();
        check(&sent, "registration");
    }
    for line in SETUP {
        let (user, text) = line[1..].split_once(": ").unwrap();
        let sent = console.say(&Speaker::console(user), text).await.unwrap();
        check(&sent, line);
    }
    for user in everyone {
        for text in COMMANDS {
            let sent = console.say(&Speaker::console(user), text).await.unwrap();
            check(&sent, &format!("@{user}: {text}"));
            let shown = sent.iter().any(|s| s.message.text.contains(SECRET));
            if text.starts_with("/contacts ") {
                let may = *user == "pa1" || ALLOWED.contains(user);
                assert_eq!(shown, may, "@{user}: {text}: {sent:?}");
            }
        }
    }
    let audit = corrbot::export::event_audit(&t.db, EventId(1), clock.now())
        .await
        .unwrap();
    let json = serde_json::to_string(&audit).unwrap();
    assert!(
        !json.to_lowercase().contains(SECRET),
        "the export shows contacts"
    );
    assert!(json.contains("pa1"), "the export names the players");
}
