//! `/link`: one player on several platforms, through one-time codes. Which
//! player remains when one or both already have games is decided in
//! `src/app/service/people/link.rs`; these tests pin it down.

use chrono::Duration;
use corrbot::store::{Platform, PlayerId};

use crate::support::db::{TestDb, exported, on_both};
use crate::support::world::World;

on_both!(
    a_fresh_account_joins_the_player_who_asked,
    a_code_works_once_and_expires,
    the_player_with_games_remains,
    two_players_with_games_are_not_joined,
    a_leaked_code_alone_joins_nothing,
    no_link_code_is_kept_in_clear,
);

/// The confirmation code in the notice the original account got: among
/// the lines `seen` or delivered now to `user`'s line.
async fn confirmation_for(w: &World, user: &str, seen: &[String]) -> String {
    let mut lines = seen.to_vec();
    lines.extend(w.console.tick().await.unwrap());
    let line = lines
        .iter()
        .find(|line| line.starts_with(&format!("-> @{user}:")) && line.contains("/link confirm "))
        .unwrap_or_else(|| panic!("a join request to {user}: {lines:?}"));
    let after = line.split("/link confirm ").nth(1).unwrap();
    after.split_whitespace().next().unwrap().to_owned()
}

/// `/link CODE` from `platform` user `user`, then the confirmation from
/// console user `owner`; the confirmation's reply.
async fn join(
    w: &mut World,
    platform: Platform,
    user: &str,
    code: &str,
    owner: &str,
) -> Vec<String> {
    let out = w.say_on(platform, user, &format!("/link {code}")).await;
    assert!(
        out[0].contains("must now confirm") || out[0].contains("має підтвердити"),
        "{out:?}"
    );
    let confirmation = confirmation_for(w, owner, &out).await;
    w.say(&format!("@{owner}: /link confirm {confirmation}"))
        .await
}

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
    assert!(out[0].contains("Within 15\u{a0}minutes"), "{out:?}");
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
    assert!(out[0].contains("має підтвердити"), "{out:?}");
    // Nothing is joined before the original account confirms.
    assert_ne!(player_of(&w, Platform::Telegram, "777").await, anna);
    let confirmation = confirmation_for(&w, "anna", &out).await;
    let out = w.say(&format!("@anna: /link confirm {confirmation}")).await;
    assert!(out[0].contains("Accounts joined"), "{out:?}");
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
    let out = join(&mut w, Platform::Telegram, "1", &code, "anna").await;
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
    assert!(out[0].contains("must now confirm"), "{out:?}");
    let confirmation = confirmation_for(&w, "zed", &out).await;
    let out = w.say(&format!("@zed: /link confirm {confirmation}")).await;
    assert!(out[0].contains("you are bob"), "{out:?}");
    assert_eq!(player_of(&w, Platform::Console, "zed").await, bob);
    let out = w.say("@zed: /games").await;
    assert!(out[0].contains("opponent: carol"), "{out:?}");
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
    let out = join(&mut w, Platform::Console, "newcomer", &code, "bob").await;
    assert!(out[0].contains("bob"), "{out:?}");
    assert_eq!(player_of(&w, Platform::Console, "newcomer").await, bob);
}

/// A code that leaked (R: a join needs the original account): whoever
/// sends it only asks; the original account is told and must confirm;
/// nobody else can confirm, and an unconfirmed request expires.
async fn a_leaked_code_alone_joins_nothing(t: &TestDb) {
    let mut w = World::new(&t.db);
    w.english(&["alice", "anna", "mallory"]).await;
    let anna = player_of(&w, Platform::Console, "anna").await;
    let code = code_of(&w.say("@anna: /link").await[0]);
    let out = w.say(&format!("@mallory: /link {code}")).await;
    assert!(out[0].contains("must now confirm"), "{out:?}");
    let confirmation = confirmation_for(&w, "anna", &out).await;
    assert_ne!(player_of(&w, Platform::Console, "mallory").await, anna);
    // Mallory cannot confirm the request herself, nor can anyone else.
    for user in ["mallory", "alice"] {
        let out = w
            .say(&format!("@{user}: /link confirm {confirmation}"))
            .await;
        assert!(out[0].contains("confirmation is unknown"), "{out:?}");
    }
    // Unconfirmed, the request expires.
    w.clock.advance(Duration::minutes(15));
    let out = w.say(&format!("@anna: /link confirm {confirmation}")).await;
    assert!(out[0].contains("confirmation is unknown"), "{out:?}");
    assert_ne!(player_of(&w, Platform::Console, "mallory").await, anna);
    assert_eq!(player_count(&w).await, 3);
}

/// Issue trust-2: the store keeps only the SHA-256 of a `/link` code and of
/// a confirmation code, so neither is in any table (stored answers, the
/// outbox) nor in `corrbot export` once used.
async fn no_link_code_is_kept_in_clear(t: &TestDb) {
    let mut w = World::new(&t.db);
    w.english(&["anna"]).await;
    let code = code_of(&w.say("@anna: /link").await[0]);
    w.say_on(Platform::Telegram, "1", "/lang en").await;
    let out = w
        .say_on(Platform::Telegram, "1", &format!("/link {code}"))
        .await;
    let confirmation = confirmation_for(&w, "anna", &out).await;
    let out = w.say(&format!("@anna: /link confirm {confirmation}")).await;
    assert!(out[0].contains("Accounts joined"), "{out:?}");
    let export = exported(&t.db).await.to_uppercase();
    for secret in [&code, &confirmation] {
        assert!(
            !export.contains(&secret.to_uppercase()),
            "{secret} in {export}"
        );
    }
}
