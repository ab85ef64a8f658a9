//! Each platform used natively (issue #19), end to end against the fakes on
//! SQLite and PostgreSQL: Telegram's scoped command menus, Discord's hidden
//! staff commands, long texts split into several messages, `/pgn` as a file
//! on Discord, and what users wrote shown literally on both.

use chrono::{DateTime, Utc};
use corrbot::app::notice::Notice;
use corrbot::store::{Db, NoticeRecipient, Platform, PlayerId, Role};

use crate::support::db::{TestDb, on_both};
use crate::support::discord_bot::{self, WiredBot};
use crate::support::fake_discord::payloads::ENGLISH_USER;
use crate::support::fake_discord::{GUILD_ID, Sent, SentKind};
use crate::support::fake_telegram::{FakeTelegram, FakeUser, SentMessage};
use crate::support::telegram_bot::{self, TestBot};

const ALICE: i64 = 601;
const BOB: i64 = 602;
const ANNA: u64 = 6_000_001;

/// A name full of Markdown and HTML.
const TRICKY: &str = "*<b>_x_</b>*";

/// Contact details of 100 lines: a notice text of over 5,000 characters.
fn long_details() -> String {
    (1..=100)
        .map(|n| format!("рядок {n:03}: телефон +380 44 000 00 00, пошта x{n}@club.ua"))
        .collect::<Vec<_>>()
        .join("\n")
}

async fn player_on(db: &Db, platform: Platform, user: &str) -> PlayerId {
    let mut tx = db.read().await.expect("read");
    let account = tx.account(platform, user).await.expect("account");
    tx.commit().await.expect("commit");
    account.expect("the user wrote to the bot").player_id
}

/// Stores a contact-change notice of [`long_details`] for `player`, due `at`.
async fn enqueue_long_notice(db: &Db, player: PlayerId, at: DateTime<Utc>) {
    let notice = Notice::ContactChanged {
        player: "Олена".to_owned(),
        details: long_details(),
    };
    let payload = serde_json::to_value(&notice).expect("json");
    let mut tx = db.begin().await.expect("begin");
    tx.enqueue_notice(
        &NoticeRecipient::Player(player),
        notice.kind(),
        &payload,
        at,
    )
    .await
    .expect("enqueue");
    tx.commit().await.expect("commit");
}

/// Every part holds whole lines: the cuts fall at line breaks.
fn assert_cut_at_line_breaks(parts: &[String], limit: usize) {
    assert!(parts.len() >= 2, "{} parts", parts.len());
    for part in parts {
        assert!(part.chars().count() <= limit, "{}", part.chars().count());
    }
    let joined = parts.concat();
    for line in long_details().lines() {
        assert!(joined.contains(line), "{line} was cut");
    }
    for part in &parts[1..] {
        assert!(part.starts_with("рядок"), "{:?}", &part[..20]);
    }
}

fn text(message: &SentMessage) -> String {
    message.text.clone().unwrap_or_default()
}

fn user(id: i64, name: &str) -> FakeUser {
    FakeUser::new(id, name)
}

/// The default menu lists the players' commands in Ukrainian (`uk`) and
/// English (default); the first user becomes the administrator and their
/// chat gets the administration commands; an organizer granted by them
/// gets the captains' commands but not the administrators'.
async fn telegram_menus_are_scoped_by_roles(t: &TestDb) {
    let fake = FakeTelegram::start().await;
    let bot = TestBot::start(&fake, t.db.clone()).await;
    let has = |list: &[(String, String)], name: &str| list.iter().any(|(c, _)| c == name);
    let players_uk = fake.wait_for_commands("default", "uk", |_| true).await;
    let players_en = fake.wait_for_commands("default", "", |_| true).await;
    for list in [&players_uk, &players_en] {
        assert!(has(list, "move") && has(list, "help"), "{list:?}");
        assert!(!has(list, "organizer") && !has(list, "rule") && !has(list, "team"));
    }
    let described = |list: &[(String, String)], text: &str| {
        list.iter().any(|(c, d)| c == "move" && d.starts_with(text))
    };
    assert!(described(&players_en, "make a move"), "{players_en:?}");
    assert!(described(&players_uk, "зробити хід"), "{players_uk:?}");
    fake.push_message(ALICE, &user(ALICE, "Alice"), "/start");
    fake.push_message(BOB, &user(BOB, "Bob"), "/start");
    fake.wait_for_sent_to(BOB, 1).await;
    let scope = format!("chat:{ALICE}");
    let admin = fake
        .wait_for_commands(&scope, "", |list| has(list, "organizer"))
        .await;
    assert!(has(&admin, "rule") && has(&admin, "team") && has(&admin, "move"));
    let admin_uk = fake.wait_for_commands(&scope, "uk", |_| true).await;
    assert!(has(&admin_uk, "organizer"), "{admin_uk:?}");
    assert!(
        !fake
            .scoped_commands()
            .contains_key(&(format!("chat:{BOB}"), String::new()))
    );

    fake.push_message(ALICE, &user(ALICE, "Alice"), "/organizer @bob");
    let bob = fake
        .wait_for_commands(&format!("chat:{BOB}"), "", |list| has(list, "team"))
        .await;
    assert!(!has(&bob, "organizer") && has(&bob, "move"), "{bob:?}");
    fake.push_message(ALICE, &user(ALICE, "Alice"), "/organizer remove @bob");
    fake.wait_for_commands(&format!("chat:{BOB}"), "uk", |list| !has(list, "team"))
        .await;
    bot.stop().await;
}

/// A role granted without any Telegram update (on Discord, on the console or
/// by another process) reaches the holder's Telegram menu at the next
/// refresh, not only at the next Telegram update.
async fn telegram_menus_follow_roles_granted_elsewhere(t: &TestDb) {
    let fake = FakeTelegram::start().await;
    let bot = TestBot::start(&fake, t.db.clone()).await;
    let has = |list: &[(String, String)], name: &str| list.iter().any(|(c, _)| c == name);
    fake.push_message(ALICE, &user(ALICE, "Alice"), "/start");
    fake.push_message(BOB, &user(BOB, "Bob"), "/start");
    fake.wait_for_sent_to(BOB, 1).await;
    let bob = player_on(&t.db, Platform::Telegram, &BOB.to_string()).await;
    let mut tx = t.db.begin().await.unwrap();
    tx.grant_role(bob, Role::Organizer, None, telegram_bot::start_time())
        .await
        .unwrap();
    tx.commit().await.unwrap();
    let menu = fake
        .wait_for_commands(&format!("chat:{BOB}"), "uk", |list| has(list, "team"))
        .await;
    assert!(!has(&menu, "organizer") && has(&menu, "move"), "{menu:?}");
    bot.stop().await;
}

/// A 5,000-character notice reaches a Telegram chat as two messages under
/// 4,096 characters, cut at a line break, sent without a parse mode.
async fn telegram_long_notice_is_split_at_line_breaks(t: &TestDb) {
    let fake = FakeTelegram::start().await;
    let bot = TestBot::start(&fake, t.db.clone()).await;
    fake.push_message(ALICE, &user(ALICE, "Alice"), "/start");
    fake.wait_for_sent_to(ALICE, 1).await;
    let alice = player_on(&t.db, Platform::Telegram, &ALICE.to_string()).await;
    enqueue_long_notice(&t.db, alice, telegram_bot::start_time()).await;
    let sent = fake.wait_for_sent_to(ALICE, 3).await;
    let parts: Vec<String> = sent[1..].iter().map(text).collect();
    assert!(parts.concat().chars().count() > 5_000);
    assert_cut_at_line_breaks(&parts, 4096);
    assert!(sent.iter().all(|m| m.parse_mode.is_none()), "{sent:?}");
    bot.stop().await;
}

/// A name written with Markdown and HTML shows literally on Telegram: the
/// bot sends plain text (no parse mode), so nothing needs escaping.
async fn telegram_shows_user_text_literally(t: &TestDb) {
    let fake = FakeTelegram::start().await;
    let bot = TestBot::start(&fake, t.db.clone()).await;
    fake.push_message(ALICE, &user(ALICE, "Alice"), &format!("/name {TRICKY}"));
    fake.push_message(ALICE, &user(ALICE, "Alice"), "/profile");
    let sent = fake.wait_for_sent_to(ALICE, 2).await;
    assert!(text(&sent[1]).contains(TRICKY), "{:?}", sent[1]);
    assert!(sent.iter().all(|m| m.parse_mode.is_none()));
    bot.stop().await;
}

fn content(sent: &Sent) -> &str {
    sent.content.as_deref().unwrap_or_default()
}

/// Staff commands carry `default_member_permissions`: administration `0`
/// (server administrators), the arbiter's MODERATE_MEMBERS; players'
/// commands none.
async fn discord_staff_commands_are_hidden_from_members(t: &TestDb) {
    let bot = WiredBot::start(t.db.clone()).await;
    let registered = bot.fake.commands(Some(GUILD_ID));
    let permissions = |name: &str| {
        registered
            .iter()
            .find(|c| c["name"] == name)
            .map(|c| c["default_member_permissions"].clone())
            .expect(name)
    };
    assert_eq!(permissions("organizer"), "0");
    let moderate = (1_u64 << 40).to_string();
    for arbiter in ["rule", "decide", "request"] {
        assert_eq!(permissions(arbiter), moderate.as_str(), "{arbiter}");
    }
    for player in ["move", "event", "team", "help", "pgn"] {
        assert!(permissions(player).is_null(), "{player}");
    }
}

/// A 5,000-character notice reaches a Discord DM as three messages of at
/// most 2,000 characters, cut at line breaks.
async fn discord_long_notice_is_split_at_line_breaks(t: &TestDb) {
    let bot = WiredBot::start(t.db.clone()).await;
    bot.slash(ANNA, "profile", &[]).await;
    let anna = player_on(&t.db, Platform::Discord, &ANNA.to_string()).await;
    enqueue_long_notice(&t.db, anna, discord_bot::start_instant()).await;
    let parts = bot
        .fake
        .wait_until("three DMs", |state| {
            let dm = state.dm_channel(ANNA)?;
            let parts: Vec<String> = state
                .sent()
                .iter()
                .filter(|s| s.channel_id == dm && s.kind == SentKind::Message)
                .map(|s| content(s).to_owned())
                .collect();
            (parts.len() >= 3).then_some(parts)
        })
        .await;
    assert_eq!(parts.len(), 3);
    assert!(parts.concat().chars().count() > 5_000);
    assert_cut_at_line_breaks(&parts, 2000);
}

/// `/pgn` answers with a short text and the game as a `.pgn` attachment.
async fn discord_pgn_is_a_file(t: &TestDb) {
    let bot = WiredBot::start(t.db.clone()).await;
    let (white, black) = crate::discord_e2e::started_game(&bot).await;
    crate::discord_e2e::play(&bot, white, "e2-e4").await;
    crate::discord_e2e::play(&bot, black, "e7-e5").await;
    let answer = bot.slash(white, "pgn", &[]).await;
    assert!(content(&answer).starts_with("PGN"), "{answer:?}");
    assert!(content(&answer).chars().count() < 100, "{answer:?}");
    assert_eq!(answer.attachments.len(), 1, "{answer:?}");
    let file = &answer.attachments[0];
    assert!(file.filename.ends_with(".pgn"), "{}", file.filename);
    let pgn = String::from_utf8(file.bytes.clone()).expect("utf-8");
    assert!(pgn.contains("1. e4 e5"), "{pgn}");
    assert!(pgn.contains("[Event \"Кубок клубу\"]"), "{pgn}");
}

/// A name written with Markdown shows literally on Discord: its
/// formatting characters are escaped.
async fn discord_escapes_user_text(t: &TestDb) {
    let bot = WiredBot::start(t.db.clone()).await;
    bot.slash(ANNA, "name", &[("name", TRICKY)]).await;
    let profile = bot.slash(ANNA, "profile", &[]).await;
    assert!(
        content(&profile).contains(r"\*\<b>\_x\_\</b>\*"),
        "{profile:?}"
    );
    assert!(!content(&profile).contains(TRICKY), "{profile:?}");
}

/// A new player's language and notation follow their Telegram client: an
/// English client is greeted in English with SAN examples, a Ukrainian
/// one in Ukrainian with Ukrainian notation.
async fn telegram_client_language_sets_the_defaults(t: &TestDb) {
    let fake = FakeTelegram::start().await;
    let bot = TestBot::start(&fake, t.db.clone()).await;
    let english = FakeUser {
        language_code: Some("en-GB".to_owned()),
        ..user(ALICE, "Alice")
    };
    fake.push_message(ALICE, &english, "/start");
    fake.push_message(BOB, &user(BOB, "Bob"), "/start");
    let greeting = text(&fake.wait_for_sent_to(ALICE, 1).await[0]);
    assert!(greeting.starts_with("Welcome"), "{greeting}");
    assert!(greeting.contains("like e4 or Nf3"), "{greeting}");
    let ukrainian = text(&fake.wait_for_sent_to(BOB, 1).await[0]);
    assert!(
        ukrainian.contains("Ходи пишуть так: e2-e4 або Кg1-f3"),
        "{ukrainian}"
    );
    bot.stop().await;
}

/// On Discord the interaction's `locale` does the same.
async fn discord_client_locale_sets_the_defaults(t: &TestDb) {
    let bot = WiredBot::start(t.db.clone()).await;
    let english = bot.slash(ENGLISH_USER, "start", &[]).await;
    assert!(content(&english).starts_with("Welcome"), "{english:?}");
    assert!(content(&english).contains("like e4 or Nf3"), "{english:?}");
    let ukrainian = bot.slash(ANNA, "start", &[]).await;
    assert!(
        content(&ukrainian).contains("e2-e4 або Кg1-f3"),
        "{ukrainian:?}"
    );
}

on_both!(
    telegram_client_language_sets_the_defaults,
    discord_client_locale_sets_the_defaults,
    telegram_menus_are_scoped_by_roles,
    telegram_menus_follow_roles_granted_elsewhere,
    telegram_long_notice_is_split_at_line_breaks,
    telegram_shows_user_text_literally,
    discord_staff_commands_are_hidden_from_members,
    discord_long_notice_is_split_at_line_breaks,
    discord_pgn_is_a_file,
    discord_escapes_user_text,
);
