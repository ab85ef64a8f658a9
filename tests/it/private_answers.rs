//! Private answers stay private ([trust]): answers that carry private
//! details (`/contacts`, `/profile`, `/case`, `/cases`, `/leave` …) never
//! appear in a group or channel on any platform, `/link` is read only in a
//! private chat, and on Discord nothing users wrote pings anyone or turns
//! into Markdown.

use corrbot::adapters::console::{Sent, Speaker};
use corrbot::app::actor::Chat;
use corrbot::app::outgoing::Address;
use corrbot::store::Platform;
use serde_json::json;

use crate::support::db::{TestDb, on_both};
use crate::support::discord_bot::WiredBot;
use crate::support::fake_telegram::FakeUser;
use crate::support::telegram_bot::TestBot;
use crate::support::world::World;

on_both!(
    private_answers_typed_in_a_console_group_go_to_the_asker,
    link_in_a_group_is_refused_and_changes_nothing,
    private_answers_typed_in_a_telegram_group_go_to_the_private_chat,
    a_private_answer_that_cannot_be_sent_privately_leaves_a_hint_in_the_group,
    discord_messages_ping_nobody_and_show_user_text_literally,
);

/// `user` writing in the console group `#club`.
fn in_club(user: &str) -> Speaker {
    Speaker {
        platform: Platform::Console,
        user: user.to_owned(),
        chat: Chat::Channel("club".to_owned()),
        replies_to: None,
    }
}

fn to_group(sent: &[Sent]) -> Vec<&Sent> {
    sent.iter()
        .filter(|s| matches!(s.to, Address::Chat { .. }))
        .collect()
}

async fn private_answers_typed_in_a_console_group_go_to_the_asker(t: &TestDb) {
    let mut w = World::new(&t.db);
    w.english(&["alice", "bob", "carol"]).await;
    w.say("@bob: /contact email bob@example.org").await;
    w.started_event("", &["bob", "carol"]).await;
    let bob = in_club("bob");
    for command in [
        "/contacts @carol",
        "/contacts",
        "/profile",
        "/cases",
        "/case 1",
        "/leave",
        "/leave add 2026-03-01 5",
        "/contact email bob@example.net",
        "контакти",
    ] {
        let sent = w.console.say(&bob, command).await.unwrap();
        assert!(!sent.is_empty(), "{command}");
        assert!(to_group(&sent).is_empty(), "{command}: {sent:?}");
        let first = &sent[0];
        assert!(
            matches!(&first.to, Address::User { user_id, .. } if user_id == "bob"),
            "{command}: {first:?}"
        );
    }
    // What everyone may see still goes to the group.
    let sent = w.console.say(&bob, "/standings 1").await.unwrap();
    assert_eq!(to_group(&sent).len(), 1, "{sent:?}");
}

async fn link_in_a_group_is_refused_and_changes_nothing(t: &TestDb) {
    let mut w = World::new(&t.db);
    w.english(&["alice", "anna"]).await;
    let out = w.say("@anna: /link").await;
    assert!(out[0].contains("link code"), "{out:?}");
    let before = w.db.dump().await.unwrap().tables;
    for command in ["/link", "/link ABCDEFGHJK", "/звязати"] {
        let sent = w.console.say(&in_club("anna"), command).await.unwrap();
        assert_eq!(sent.len(), 1, "{sent:?}");
        assert!(
            sent[0].message.text.contains("private chat"),
            "{command}: {sent:?}"
        );
        assert!(!sent[0].message.text.contains("code:"), "{sent:?}");
        assert!(matches!(sent[0].to, Address::Chat { .. }), "{sent:?}");
    }
    let after = w.db.dump().await.unwrap().tables;
    for table in ["players", "accounts", "link_codes"] {
        assert_eq!(before[table], after[table], "{table}");
    }
}

async fn private_answers_typed_in_a_telegram_group_go_to_the_private_chat(t: &TestDb) {
    const GROUP: i64 = -1_000_000_000_555;
    const OLENA: i64 = 601;
    let fake = crate::support::fake_telegram::FakeTelegram::start().await;
    let bot = TestBot::start(&fake, t.db.clone()).await;
    let olena = FakeUser::new(OLENA, "Olena");
    fake.push_message(OLENA, &olena, "/contact email olena@example.org");
    fake.wait_for_sent_to(OLENA, 1).await;
    fake.push_message(GROUP, &olena, "/profile");
    let private = fake.wait_for_sent_to(OLENA, 2).await;
    let profile = private[1].text.clone().unwrap_or_default();
    assert!(profile.contains("olena@example.org"), "{profile}");
    // A public answer afterwards reaches the group: the profile did not.
    fake.push_message(GROUP, &olena, "/events");
    fake.push_message(GROUP, &olena, "/standings");
    let group = fake.wait_for_sent_to(GROUP, 2).await;
    for message in &group {
        let text = message.text.clone().unwrap_or_default();
        assert!(!text.contains("olena@example.org"), "{text}");
    }
    assert_eq!(fake.sent_to(OLENA).len(), 2, "{:?}", fake.sent_to(OLENA));
    bot.stop().await;
}

/// A user who never opened a private chat with the bot asks for their
/// profile in a group: Telegram refuses the private message (403), so the
/// group gets only the hint to ask privately, in the client's language,
/// and nothing private.
async fn a_private_answer_that_cannot_be_sent_privately_leaves_a_hint_in_the_group(t: &TestDb) {
    const GROUP: i64 = -1_000_000_000_556;
    const TARAS: i64 = 602;
    let fake = crate::support::fake_telegram::FakeTelegram::start().await;
    let bot = TestBot::start(&fake, t.db.clone()).await;
    let mut taras = FakeUser::new(TARAS, "Taras");
    taras.language_code = Some("en".to_owned());
    fake.push_message(TARAS, &taras, "/contact email taras@example.org");
    fake.wait_for_sent_to(TARAS, 1).await;
    fake.close_private_chat(TARAS);
    fake.push_message(GROUP, &taras, "/profile");
    let group = fake.wait_for_sent_to(GROUP, 1).await;
    let hint = group[0].text.clone().unwrap_or_default();
    assert!(hint.contains("could not write to you privately"), "{hint}");
    assert!(!hint.contains("taras@example.org"), "{hint}");
    assert_eq!(
        fake.sent_to(TARAS).len(),
        1,
        "nothing private was delivered"
    );
    bot.stop().await;
}

const CLERK: u64 = 5_100_001;
const ANNA: u64 = 5_100_002;
const BOHDAN: u64 = 5_100_003;

async fn discord_messages_ping_nobody_and_show_user_text_literally(t: &TestDb) {
    let bot = WiredBot::start(t.db.clone()).await;
    let name = "Кубок_клубу *осінь* @everyone <@5100002>";
    let create = [("action", "create"), ("argument", name)];
    let created = bot.slash(CLERK, "event", &create).await;
    let content = created.content.clone().unwrap_or_default();
    assert!(
        content.contains("Кубок\\_клубу \\*осінь\\* @everyone \\<@5100002>"),
        "{content}"
    );
    let none = json!({ "parse": [], "users": [], "roles": [] });
    assert_eq!(created.allowed_mentions, none, "{created:?}");
    for user in [ANNA, BOHDAN] {
        let joined = bot
            .slash(user, "event", &[("action", "join"), ("argument", "1")])
            .await;
        assert_eq!(joined.allowed_mentions, none, "{joined:?}");
    }
    bot.slash(CLERK, "event", &[("action", "start"), ("argument", "1")])
        .await;
    // A notice through the outbox (a channel message in the DM).
    let started = bot.dm_containing(ANNA, "почався").await;
    let text = started.content.clone().unwrap_or_default();
    assert!(text.contains("Кубок\\_клубу \\*осінь\\*"), "{text}");
    assert_eq!(started.allowed_mentions, none, "{started:?}");
}
