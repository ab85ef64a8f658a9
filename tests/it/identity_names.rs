//! Identity ([trust]): `@name` finds exactly one account and cannot be
//! squatted. User names (handles) win over display names, matching is
//! case-insensitive (Unicode case too), a display name may not be another
//! player's user name, and names that hide text are refused.

use corrbot::app::actor::{Chat, Inbound};
use corrbot::store::Platform;

use crate::support::db::{TestDb, on_both};
use crate::support::world::World;

on_both!(
    at_name_is_case_insensitive_in_every_script,
    user_names_win_over_display_names,
    a_display_name_may_not_be_another_players_user_name,
    names_that_hide_text_are_refused,
    a_platform_name_that_squats_or_hides_is_not_taken_on_registration,
);

/// `text` from `user` on `platform`, whose platform name is `name`.
async fn from(w: &World, platform: Platform, user: &str, name: &str, text: &str) -> Vec<String> {
    let inbound = Inbound {
        platform,
        update_id: format!("{user}-{text}"),
        user_id: user.to_owned(),
        display_name: name.to_owned(),
        handle: None,
        chat: Chat::Private,
        text: text.to_owned(),
        reply_to: None,
        client_lang: None,
    };
    let replies = w.app.handle(&inbound).await.expect("handled");
    replies.into_iter().map(|reply| reply.text).collect()
}

async fn display_name_of(w: &World, platform: Platform, user: &str) -> String {
    let mut tx = w.db.read().await.unwrap();
    let account = tx.account(platform, user).await.unwrap().unwrap();
    tx.player(account.player_id).await.unwrap().display_name
}

async fn at_name_is_case_insensitive_in_every_script(t: &TestDb) {
    let mut w = World::new(&t.db);
    w.english(&["alice", "olena"]).await;
    from(&w, Platform::Telegram, "71", "Олена Ковальчук", "/lang en").await;
    let out = w.say("@alice: /organizer @Olena").await;
    assert!(out[0].contains("olena may now"), "{out:?}");
    let out = w.say("@alice: /organizer @ОЛЕНА КОВАЛЬЧУК").await;
    assert!(out[0].contains("Олена Ковальчук may now"), "{out:?}");
}

async fn user_names_win_over_display_names(t: &TestDb) {
    let mut w = World::new(&t.db);
    w.english(&["alice"]).await;
    // A Telegram player named "Bob" before the console user bob came.
    from(&w, Platform::Telegram, "72", "Bob", "/lang en").await;
    w.english(&["bob"]).await;
    w.say("@bob: /name Robert").await;
    let out = w.say("@alice: /organizer @bob").await;
    assert!(out[0].contains("Robert may now"), "{out:?}");
    let out = w.say("@alice: /organizer @BOB").await;
    assert!(out[0].contains("Robert may now"), "{out:?}");
}

async fn a_display_name_may_not_be_another_players_user_name(t: &TestDb) {
    let mut w = World::new(&t.db);
    w.english(&["alice", "olena", "mallory"]).await;
    for name in ["olena", "Olena", "ALICE"] {
        let out = w.say(&format!("@mallory: /name {name}")).await;
        assert!(out[0].contains("user name of another player"), "{out:?}");
    }
    assert_eq!(
        display_name_of(&w, Platform::Console, "mallory").await,
        "mallory"
    );
    // One's own user name is one's own.
    let out = w.say("@olena: /name Olena").await;
    assert!(out[0].contains("Your name is now Olena"), "{out:?}");
    let out = w.say("@alice: /organizer @olena").await;
    assert!(out[0].contains("Olena may now"), "{out:?}");
}

async fn names_that_hide_text_are_refused(t: &TestDb) {
    let mut w = World::new(&t.db);
    w.english(&["alice", "mallory"]).await;
    for name in [
        "ali\u{202E}ec",
        "olena\u{200B}",
        "\u{2066}olena\u{2069}",
        "\u{200B}\u{200C}\u{2060}",
        "a\u{7}b",
        "\u{3164}",
    ] {
        let out = w.say(&format!("@mallory: /name {name}")).await;
        assert!(out[0].contains("visible letters"), "{name:?}: {out:?}");
    }
    assert_eq!(
        display_name_of(&w, Platform::Console, "mallory").await,
        "mallory"
    );
    let out = w.say("@mallory: /name Мелорі Сміт").await;
    assert!(out[0].contains("Your name is now Мелорі Сміт"), "{out:?}");
}

async fn a_platform_name_that_squats_or_hides_is_not_taken_on_registration(t: &TestDb) {
    let mut w = World::new(&t.db);
    w.english(&["alice"]).await;
    from(&w, Platform::Discord, "81", "Alice", "/lang en").await;
    assert_eq!(display_name_of(&w, Platform::Discord, "81").await, "81");
    from(&w, Platform::Telegram, "82", "ev\u{202E}il", "/lang en").await;
    assert_eq!(display_name_of(&w, Platform::Telegram, "82").await, "82");
    let out = w.say("@alice: /organizer @alice").await;
    assert!(out[0].contains("alice may now"), "{out:?}");
}
