//! Identity ([trust]): `@name` finds exactly one account and cannot be
//! squatted. User names (handles) win over display names, matching is
//! case-insensitive (Unicode case too), a display name may not be another
//! player's user name, and names that hide text are refused.

use std::sync::Arc;

use corrbot::adapters::telegram::{InboundContent, TelegramInbound, app_inbound};
use corrbot::app::actor::{Chat, Inbound};
use corrbot::store::Platform;
use corrbot::time::Clock;

use crate::support::db::{TestDb, on_both};
use crate::support::web::{get, serve};
use crate::support::world::World;

on_both!(
    at_name_is_case_insensitive_in_every_script,
    user_names_win_over_display_names,
    a_display_name_may_not_be_another_players_user_name,
    names_that_hide_text_are_refused,
    a_platform_name_that_squats_or_hides_is_not_taken_on_registration,
    a_refused_platform_name_never_becomes_the_platform_id,
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
    let out = from(&w, Platform::Discord, "81", "Alice", "/lang en").await;
    let name = display_name_of(&w, Platform::Discord, "81").await;
    assert!(name.starts_with("Гравець "), "{name}");
    assert!(out.iter().any(|line| line.contains("/name")), "{out:?}");
    from(&w, Platform::Telegram, "82", "ev\u{202E}il", "/lang en").await;
    assert_eq!(display_name_of(&w, Platform::Telegram, "82").await, "evil");
    let out = w.say("@alice: /organizer @alice").await;
    assert!(out[0].contains("alice may now"), "{out:?}");
}

/// A Telegram update from `user` with no name and no user name: what the
/// adapter hands the app.
fn nameless(user: u64, text: &str) -> Inbound {
    let update = TelegramInbound {
        update_id: 7,
        chat_id: user as i64,
        user_id: user,
        username: None,
        display_name: " ".to_owned(),
        private_chat: true,
        language_code: None,
        message_id: 1,
        reply_to_message_id: None,
        content: InboundContent::Text(text.to_owned()),
    };
    app_inbound(&update, text.to_owned())
}

/// Issue trust-2: a newcomer whose name clashes with another player's user
/// name, is all invisible or missing gets «Гравець N» (N the player's
/// number, not the platform id) and is told how to change it; the player
/// page and the PGN never show the platform id.
async fn a_refused_platform_name_never_becomes_the_platform_id(t: &TestDb) {
    let mut w = World::new(&t.db);
    w.english(&["alice"]).await;
    let out = w.say("@alice: /event create Cup").await;
    assert!(out[0].contains("has been created"), "{out:?}");
    let join = "/event join 1";
    let clash = from(&w, Platform::Telegram, "5550001", "alice", join).await;
    let invisible = from(&w, Platform::Telegram, "5550002", "\u{3164}\u{200B}", join).await;
    let replies = w.app.handle(&nameless(5550003, join)).await.unwrap();
    let missing: Vec<String> = replies.into_iter().map(|reply| reply.text).collect();
    for out in [&clash, &invisible, &missing] {
        assert!(
            out.iter().any(|line| line.contains("/name ІМʼЯ")),
            "{out:?}"
        );
    }
    let out = w.say("@alice: /event start 1").await;
    assert!(out[0].contains("has started"), "{out:?}");
    let clock: Arc<dyn Clock> = w.clock.clone();
    let server = serve(&w.db, clock).await;
    let pgn = get(server.addr, "/event/1/pgn", &[]).await.text();
    for user in ["5550001", "5550002", "5550003"] {
        let mut tx = w.db.read().await.unwrap();
        let account = tx.account(Platform::Telegram, user).await.unwrap().unwrap();
        let name = tx.player(account.player_id).await.unwrap().display_name;
        assert_eq!(name, format!("Гравець {}", account.player_id.0));
        let path = format!("/player/{}", account.player_id.0);
        let page = get(server.addr, &path, &[]).await.text();
        assert!(page.contains(&name), "{page}");
        assert!(!page.contains(user), "{page}");
        assert!(pgn.contains(&format!("\"{name}\"")), "{pgn}");
        assert!(!pgn.contains(user), "{pgn}");
    }
}
