//! Discord end to end, beside the games themselves: a thread per game in the
//! event's channel (`channel=discord:ID`), created once however often its
//! creation is retried, and Discord roles mirrored into the app's roles
//! (`CORRBOT_DISCORD_ROLES`), on SQLite and PostgreSQL.

use chrono::Duration;
use corrbot::adapters::discord::RoleMap;
use corrbot::store::{GameId, NoticeStatus, Role};

use crate::support::db::{TestDb, on_both};
use crate::support::discord_bot::WiredBot;
use crate::support::fake_discord::{Failure, Sent, SentKind, Thread};

const ANNA: u64 = 5_000_001;
const BOHDAN: u64 = 5_000_002;
/// Writes first, so administers; creates the events.
const CLERK: u64 = 5_000_003;
/// The event's game channel.
const GAMES: u64 = 4_000_777;
/// Discord roles mapped to the app's organizer and arbiter.
const ORGANIZERS: u64 = 7_000_111;
const ARBITERS: u64 = 7_000_222;

fn content(sent: &Sent) -> &str {
    sent.content.as_deref().unwrap_or_default()
}

/// `/event create` with `argument`, by `user`.
async fn create_event(bot: &WiredBot, user: u64, argument: &str) -> Sent {
    let create = [("action", "create"), ("argument", argument)];
    bot.slash(user, "event", &create).await
}

/// Game #1 of a started event with its games' threads in [`GAMES`];
/// returns the Discord ids of (White, Black).
async fn started_game(bot: &WiredBot) -> (u64, u64) {
    let created = create_event(bot, CLERK, &format!("Кубок channel=discord:{GAMES}")).await;
    assert!(
        content(&created).contains("«Кубок» створено"),
        "{created:?}"
    );
    for user in [ANNA, BOHDAN] {
        let join = [("action", "join"), ("argument", "1")];
        bot.slash(user, "event", &join).await;
    }
    let start = [("action", "start"), ("argument", "1")];
    let started = bot.slash(CLERK, "event", &start).await;
    assert!(content(&started).contains("почався"), "{started:?}");
    let mut tx = bot.db.read().await.expect("read");
    let game = tx.game(GameId(1)).await.expect("game #1");
    tx.commit().await.expect("commit");
    if game.white == bot.player(ANNA).await {
        (ANNA, BOHDAN)
    } else {
        (BOHDAN, ANNA)
    }
}

async fn play(bot: &WiredBot, user: u64, mv: &str) -> Sent {
    bot.slash(user, "move", &[("move", mv)]).await
}

/// The one thread created so far, once there is one.
async fn the_thread(bot: &WiredBot) -> Thread {
    bot.fake
        .wait_until("a game thread", |state| state.threads().first().cloned())
        .await
}

/// Waits for a message in `channel` containing `needle`.
async fn posted(bot: &WiredBot, channel: u64, needle: &str) -> Sent {
    bot.fake
        .wait_until(&format!("«{needle}» in {channel}"), |state| {
            state
                .sent()
                .iter()
                .find(|s| s.channel_id == channel && content(s).contains(needle))
                .cloned()
        })
        .await
}

/// Every message posted in `channel` so far.
fn messages_in(bot: &WiredBot, channel: u64) -> Vec<Sent> {
    let sent = bot.fake.sent();
    sent.into_iter()
        .filter(|s| s.channel_id == channel && s.kind == SentKind::Message)
        .collect()
}

/// Waits until the outbox holds no pending notice and none parked.
async fn wait_all_delivered(bot: &WiredBot) {
    let settled = async {
        loop {
            let mut tx = bot.db.read().await.expect("read");
            let pending = tx.notices_with_status(NoticeStatus::Pending).await;
            let parked = tx.notices_with_status(NoticeStatus::Parked).await;
            tx.commit().await.expect("commit");
            assert!(parked.expect("parked").is_empty(), "nothing parked");
            if pending.expect("pending").is_empty() {
                return;
            }
            tokio::task::yield_now().await;
        }
    };
    tokio::time::timeout(std::time::Duration::from_secs(10), settled)
        .await
        .expect("every notice delivered");
}

/// The game's start, every move (with the board, without "your move") and
/// the result go to one thread named after the game in the event's
/// channel; the player to move is still told privately.
async fn each_game_has_a_public_thread(test_db: &TestDb) {
    let bot = WiredBot::start(test_db.db.clone()).await;
    let (white, black) = started_game(&bot).await;
    let thread = the_thread(&bot).await;
    assert_eq!(thread.parent_id, GAMES);
    assert_eq!(thread.name, format!("#1 user{white} — user{black}"));
    let opening = posted(&bot, thread.id, "почалася").await;
    let pairing =
        format!("Партія #1 (Кубок) почалася: user{white} (білі)\u{a0}— user{black} (чорні)");
    assert!(content(&opening).contains(&pairing), "{opening:?}");

    play(&bot, white, "f2-f3").await;
    bot.dm_containing(black, "1. f2-f3. Ваш хід").await;
    play(&bot, black, "e7-e5").await;
    play(&bot, white, "g2-g4").await;
    play(&bot, black, "Фd8-h4").await;
    let over = posted(&bot, thread.id, "Партію #1 завершено").await;
    assert!(content(&over).contains("0-1 (мат)"), "{over:?}");
    wait_all_delivered(&bot).await;

    let posts = messages_in(&bot, thread.id);
    let texts: Vec<&str> = posts.iter().map(content).collect();
    assert_eq!(texts.len(), 6, "start, four moves, result: {texts:#?}");
    assert!(texts[1].starts_with(&format!("Партія #1. user{white}: 1. f2-f3.")));
    assert!(texts[4].contains(": 2... Фd8-h4."), "{texts:#?}");
    assert!(texts.iter().all(|t| !t.contains("Ваш хід")), "{texts:#?}");
    for post in &posts {
        assert_eq!(post.attachments.len(), 1, "the board rides along");
        assert!(post.attachments[0].bytes.starts_with(b"\x89PNG"));
    }
    assert_eq!(bot.fake.threads().len(), 1, "one thread per game");
    let posted = messages_in(&bot, GAMES);
    // The event's end (its only game) is announced in the channel (R1.1).
    let (ends, starters): (Vec<_>, Vec<_>) = posted
        .into_iter()
        .partition(|post| content(post).contains("завершено: усі партії зіграно"));
    assert_eq!(ends.len(), 1, "the event's end: {ends:#?}");
    assert_eq!(starters.len(), 1, "the channel holds one line per game");
    assert_eq!(content(&starters[0]), thread.name);
    assert_eq!(thread.from_message, starters[0].message_id);
}

/// Waits until a request to a path ending with `suffix` failed with 500,
/// then lets five simulated minutes pass (the outbox's retry).
async fn after_a_lost_answer_on(bot: &WiredBot, suffix: &str) {
    bot.fake
        .wait_until(&format!("a 500 on {suffix}"), |state| {
            let failed = state
                .requests()
                .iter()
                .any(|r| r.status == 500 && r.path.ends_with(suffix));
            failed.then_some(())
        })
        .await;
    bot.clock.advance(Duration::minutes(5));
}

/// The starter message and the thread are both created by Discord but
/// their answers lost: the retries find them (the enforced nonce, Discord's
/// "thread already created" 160004) and the game still has one thread.
async fn lost_answers_make_no_second_thread(test_db: &TestDb) {
    let bot = WiredBot::start(test_db.db.clone()).await;
    let starter_path = format!("/channels/{GAMES}/messages");
    bot.fake
        .fail_next_on(&starter_path, 1, Failure::Status500AfterCommit);
    bot.fake
        .fail_next_on("/threads", 1, Failure::Status500AfterCommit);
    started_game(&bot).await;
    after_a_lost_answer_on(&bot, &starter_path).await;
    after_a_lost_answer_on(&bot, "/threads").await;
    let thread = the_thread(&bot).await;
    posted(&bot, thread.id, "почалася").await;
    wait_all_delivered(&bot).await;
    assert_eq!(bot.fake.threads().len(), 1, "one thread");
    assert_eq!(messages_in(&bot, GAMES).len(), 1, "one starter message");
    assert_eq!(messages_in(&bot, thread.id).len(), 1, "the start, once");
    let refused = bot.fake.requests();
    let refused = refused
        .iter()
        .filter(|r| r.path.ends_with("/threads") && r.status == 400);
    assert_eq!(refused.count(), 1, "the retry learned the thread was there");
}

/// A member with the Discord role mapped to organizer may create events
/// (which the authorization layer keeps from others); with the role taken
/// away they may not. A role the app granted itself stays whatever the
/// Discord roles say.
async fn discord_roles_grant_and_revoke_app_roles(test_db: &TestDb) {
    let roles = format!("{ORGANIZERS}=organizer,{ARBITERS}=arbiter");
    let roles = RoleMap::parse(&roles).expect("mapping");
    let bot = WiredBot::start_with_roles(test_db.db.clone(), roles).await;
    bot.slash(CLERK, "games", &[]).await;
    let denied = create_event(&bot, ANNA, "Кубок А").await;
    assert!(content(&denied).contains("не дозволяє"), "{denied:?}");
    assert!(denied.ephemeral);

    bot.fake.set_member_roles(ANNA, &[ORGANIZERS, 42]);
    let created = create_event(&bot, ANNA, "Кубок А").await;
    assert!(
        content(&created).contains("«Кубок А» створено"),
        "{created:?}"
    );
    bot.fake.set_member_roles(ANNA, &[]);
    let denied = create_event(&bot, ANNA, "Кубок Б").await;
    assert!(content(&denied).contains("не дозволяє"), "{denied:?}");

    // Granted in the app: before the Discord role, and after it.
    for user in [BOHDAN, ANNA] {
        bot.fake.set_member_roles(user, &[ORGANIZERS]);
        bot.slash(user, "games", &[]).await;
        let grant = format!("@user{user}");
        let granted = bot.slash(CLERK, "organizer", &[("player", &grant)]).await;
        assert!(content(&granted).contains("тепер може"), "{granted:?}");
        bot.fake.set_member_roles(user, &[]);
        let created = create_event(&bot, user, &format!("Турнір {user}")).await;
        assert!(content(&created).contains("створено"), "{created:?}");
    }

    let anna = bot.player(ANNA).await;
    let mut tx = bot.db.read().await.expect("read");
    let grants = tx.roles_of(anna).await.expect("roles");
    tx.commit().await.expect("commit");
    let everywhere: Vec<Role> = grants
        .iter()
        .filter(|g| g.event_id.is_none())
        .map(|g| g.role)
        .collect();
    assert_eq!(everywhere, [Role::Organizer], "no arbiter: never held");
}

on_both!(
    each_game_has_a_public_thread,
    lost_answers_make_no_second_thread,
    discord_roles_grant_and_revoke_app_roles,
);
