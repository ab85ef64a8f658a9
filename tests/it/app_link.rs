//! `/link`: one player on several platforms, through one-time codes. Which
//! player remains when one or both already have games is decided in
//! `src/app/service/people/link.rs`; these tests pin it down.

use chrono::Duration;
use corrbot::store::{Platform, PlayerId};

use crate::support::db::{TestDb, on_both};
use crate::support::world::World;

on_both!(
    a_fresh_account_joins_the_player_who_asked,
    a_code_works_once_and_expires,
    the_player_with_games_remains,
    two_players_with_games_are_not_joined,
);

/// The code in a `/link` reply.
fn code_of(reply: &str) -> String {
    let after = reply.split("code: ").nth(1).expect("a code in the reply");
    after
        .split(|c: char| c == '.' || c.is_whitespace())
        .next()
        .unwrap()
        .to_owned()
}

async fn player_of(w: &World, platform: Platform, user: &str) -> PlayerId {
    let mut tx = w.db.read().await.unwrap();
    tx.account(platform, user).await.unwrap().unwrap().player_id
}

async fn player_count(w: &World) -> usize {
    let dump = w.db.dump().await.unwrap();
    dump.tables["players"].len()
}

async fn a_fresh_account_joins_the_player_who_asked(t: &TestDb) {
    let mut w = World::new(&t.db);
    w.english(&["alice", "anna"]).await;
    w.say("@anna: /contact email anna@example.org").await;
    let out = w.say("@anna: /link").await;
    assert!(out[0].contains("Within 15 minutes"), "{out:?}");
    let code = code_of(&out[0]);
    let anna = player_of(&w, Platform::Console, "anna").await;
    let before = player_count(&w).await;
    // The Telegram account writes for the first time (registered in Ukrainian).
    let out = w
        .say_on(
            Platform::Telegram,
            "777",
            &format!("/link {}", code.to_lowercase()),
        )
        .await;
    assert!(out[0].contains("обʼєднано"), "{out:?}");
    assert!(out[0].contains("anna"), "{out:?}");
    assert_eq!(player_of(&w, Platform::Telegram, "777").await, anna);
    // The player registered for the Telegram account is gone again.
    assert_eq!(player_count(&w).await, before);
    let out = w.say_on(Platform::Telegram, "777", "/profile").await;
    assert!(out[0].contains("Name: anna"), "{out:?}");
    assert!(
        out[0].contains("Accounts: console anna, telegram 777"),
        "{out:?}"
    );
    assert!(out[0].contains("anna@example.org"), "{out:?}");
}

async fn a_code_works_once_and_expires(t: &TestDb) {
    let mut w = World::new(&t.db);
    w.english(&["anna"]).await;
    let code = code_of(&w.say("@anna: /link").await[0]);
    w.say_on(Platform::Telegram, "1", "/lang en").await;
    let out = w
        .say_on(Platform::Telegram, "1", &format!("/link {code}"))
        .await;
    assert!(out[0].contains("Accounts joined"), "{out:?}");
    w.say_on(Platform::Discord, "2", "/lang en").await;
    let out = w
        .say_on(Platform::Discord, "2", &format!("/link {code}"))
        .await;
    assert!(out[0].contains("unknown, used or expired"), "{out:?}");
    // A new code expires after 15 minutes.
    let code = code_of(&w.say("@anna: /link").await[0]);
    w.clock.advance(Duration::minutes(15));
    let out = w
        .say_on(Platform::Discord, "2", &format!("/link {code}"))
        .await;
    assert!(out[0].contains("unknown, used or expired"), "{out:?}");
    let out = w.say_on(Platform::Discord, "2", "/link WRONGCODE1").await;
    assert!(out[0].contains("unknown, used or expired"), "{out:?}");
    // Sent from an account of the same player.
    let code = code_of(&w.say("@anna: /link").await[0]);
    let out = w
        .say_on(Platform::Telegram, "1", &format!("/link {code}"))
        .await;
    assert!(out[0].contains("already belongs"), "{out:?}");
    let anna = player_of(&w, Platform::Console, "anna").await;
    assert_ne!(player_of(&w, Platform::Discord, "2").await, anna);
}

/// When only the account sending the code has games, its player remains
/// and the code's owner (without history) joins it.
async fn the_player_with_games_remains(t: &TestDb) {
    let mut w = World::new(&t.db);
    w.english(&["alice", "bob", "carol", "zed"]).await;
    w.started_event("", &["bob", "carol"]).await;
    let bob = player_of(&w, Platform::Console, "bob").await;
    let code = code_of(&w.say("@zed: /link").await[0]);
    // Zed (no games) asks for the code and Bob (games) sends it.
    let out = w.say(&format!("@bob: /link {code}")).await;
    assert!(out[0].contains("you are bob"), "{out:?}");
    assert_eq!(player_of(&w, Platform::Console, "zed").await, bob);
    let out = w.say("@zed: /games").await;
    assert!(out[0].contains("against carol"), "{out:?}");
}

/// Records of two players are never merged: refused, nothing changes, and
/// the code stays usable.
async fn two_players_with_games_are_not_joined(t: &TestDb) {
    let mut w = World::new(&t.db);
    w.english(&["alice", "bob", "carol"]).await;
    w.started_event("", &["bob", "carol"]).await;
    let bob = player_of(&w, Platform::Console, "bob").await;
    let carol = player_of(&w, Platform::Console, "carol").await;
    let code = code_of(&w.say("@bob: /link").await[0]);
    let before = w.db.dump().await.unwrap().tables;
    let out = w.say(&format!("@carol: /link {code}")).await;
    assert_eq!(out.len(), 1, "{out:?}");
    assert!(out[0].contains("cannot be joined"), "{out:?}");
    let after = w.db.dump().await.unwrap().tables;
    for table in ["players", "accounts", "roles", "link_codes", "games"] {
        assert_eq!(before[table], after[table], "{table}");
    }
    assert_eq!(player_of(&w, Platform::Console, "carol").await, carol);
    // The code was not used up: a fresh account may still take it.
    let out = w.say(&format!("@newcomer: /link {code}")).await;
    assert!(out[0].contains("bob"), "{out:?}");
    assert_eq!(player_of(&w, Platform::Console, "newcomer").await, bob);
}
