//! The Discord bot end to end: the app, the real serenity 0.12 client, the
//! outbox and the scheduler against the fake Discord, on a simulated clock
//! (game time never waits for real time), on SQLite and PostgreSQL.

use chrono::Duration;
use corrbot::store::{GameId, GameStatus, NoticeStatus};
use serde_json::json;

use crate::support::db::{TestDb, on_both};
use crate::support::discord_bot::WiredBot;
use crate::support::fake_discord::{self, Failure, GUILD_ID, Sent, SentKind, payloads};

const ANNA: u64 = 5_000_001;
const BOHDAN: u64 = 5_000_002;
/// Creates the event and so becomes its arbiter (and, writing first, the administrator).
const CLERK: u64 = 5_000_003;

fn content(sent: &Sent) -> &str {
    sent.content.as_deref().unwrap_or_default()
}

/// Game #1 of a started event between Anna and Bohdan, made by slash
/// commands; returns the Discord ids of (White, Black).
pub(crate) async fn started_game(bot: &WiredBot) -> (u64, u64) {
    started_game_with(bot, "").await
}

/// As [`started_game`], with event `settings` (`control=100/10` …).
async fn started_game_with(bot: &WiredBot, settings: &str) -> (u64, u64) {
    let event =
        |action: &'static str, argument: &'static str| [("action", action), ("argument", argument)];
    let name = format!("Кубок клубу {settings}");
    let create = [("action", "create"), ("argument", name.as_str())];
    let created = bot.slash(CLERK, "event", &create).await;
    assert!(
        content(&created).contains("Турнір #1 «Кубок клубу» створено"),
        "{created:?}"
    );
    for user in [ANNA, BOHDAN] {
        let joined = bot.slash(user, "event", &event("join", "1")).await;
        assert!(content(&joined).contains("Ви записалися"), "{joined:?}");
    }
    let started = bot.slash(CLERK, "event", &event("start", "1")).await;
    assert!(content(&started).contains("почався"), "{started:?}");
    assert!(!started.ephemeral, "event administration is public");
    for user in [ANNA, BOHDAN] {
        bot.dm_containing(user, "Турнір «Кубок клубу» почався")
            .await;
    }
    let game = game_one(bot).await;
    if game.white == bot.player(ANNA).await {
        (ANNA, BOHDAN)
    } else {
        (BOHDAN, ANNA)
    }
}

async fn game_one(bot: &WiredBot) -> corrbot::store::GameRecord {
    let mut tx = bot.db.read().await.expect("read");
    let game = tx.game(GameId(1)).await.expect("game #1");
    tx.commit().await.expect("commit");
    game
}

pub(crate) async fn play(bot: &WiredBot, user: u64, mv: &str) -> Sent {
    bot.slash(user, "move", &[("move", mv)]).await
}

/// Two players play to mate with slash commands; autocomplete offers the
/// legal moves in the player's notation (R3.2.1: only the player to move).
async fn game_to_mate_with_slash_commands(test_db: &TestDb) {
    let bot = WiredBot::start(test_db.db.clone()).await;
    let registered = bot.fake.commands(Some(GUILD_ID));
    let every = corrbot::app::command::CommandWord::all().count();
    assert_eq!(registered.len(), every, "every command of docs/commands.md");
    assert!(every >= 26, "{every}");
    let moves = registered
        .iter()
        .find(|c| c["name"] == "move")
        .expect("move");
    assert_eq!(moves["name_localizations"]["uk"], "хід");
    assert_eq!(moves["options"][0]["autocomplete"], true);
    let application = fake_discord::APPLICATION_ID.to_string();
    assert_eq!(moves["application_id"], application.as_str());

    let (white, black) = started_game(&bot).await;
    let mut offered = bot.complete(white, "move", "move", "f2").await;
    offered.sort();
    assert_eq!(offered, ["f2-f3", "f2-f4"]);
    assert_eq!(bot.complete(white, "move", "move", "К").await.len(), 4);
    assert!(bot.complete(black, "move", "move", "").await.is_empty());
    assert_eq!(bot.complete(white, "move", "game", "").await, ["1"]);

    let games = bot.slash(white, "games", &[]).await;
    assert!(games.ephemeral, "one's own games are private in a channel");
    let out_of_turn = play(&bot, black, "e7-e5").await;
    assert!(
        out_of_turn.ephemeral,
        "refusals are ephemeral: {out_of_turn:?}"
    );
    assert!(
        content(&out_of_turn).contains("не ваш хід"),
        "{out_of_turn:?}"
    );

    let first = play(&bot, white, "f2-f3").await;
    assert!(
        content(&first).contains("f2-f3") && !first.ephemeral,
        "{first:?}"
    );
    let notice = bot.dm_containing(black, "1. f2-f3. Ваш хід").await;
    assert_eq!(notice.attachments.len(), 1, "the board rides along");
    assert_eq!(notice.attachments[0].filename, "board.png");
    assert!(notice.attachments[0].bytes.starts_with(b"\x89PNG"));
    assert_eq!(notice.embeds[0]["image"]["url"], "attachment://board.png");

    play(&bot, black, "e7-e5").await;
    play(&bot, white, "g2-g4").await;
    let mate = play(&bot, black, "Фd8-h4").await;
    assert!(content(&mate).contains("0-1 (мат)"), "{mate:?}");
    bot.dm_containing(white, "Партію #1 завершено").await;
    let game = game_one(&bot).await;
    assert_eq!(game.status, GameStatus::Finished);
    assert_eq!(game.result_text(), Some("0-1"));
}

/// `/gif` answers with the game's animation attached as `game.gif` and
/// shown in the embed (Discord plays GIF attachments there).
async fn game_gif_is_attached_to_the_answer(test_db: &TestDb) {
    let bot = WiredBot::start(test_db.db.clone()).await;
    let (white, black) = started_game(&bot).await;
    play(&bot, white, "e2-e4").await;
    play(&bot, black, "e7-e5").await;
    let answer = bot.slash(white, "gif", &[]).await;
    assert!(content(&answer).contains("2 півходи"), "{answer:?}");
    assert_eq!(answer.attachments.len(), 1, "{answer:?}");
    assert_eq!(answer.attachments[0].filename, "game.gif");
    let gif = &answer.attachments[0].bytes;
    assert!(gif.starts_with(b"GIF89a"));
    assert_eq!(crate::render_gif::frame_count(gif), 3);
    assert_eq!(answer.embeds[0]["image"]["url"], "attachment://game.gif");
}

/// A draw offer reaches the opponent with buttons; pressing one accepts it.
async fn draw_offer_accepted_with_a_button(test_db: &TestDb) {
    let bot = WiredBot::start(test_db.db.clone()).await;
    let (white, black) = started_game(&bot).await;
    play(&bot, white, "e2-e4").await;
    let offer = bot.slash(white, "draw", &[("action", "offer")]).await;
    assert!(content(&offer).contains("нічиєї надіслано"), "{offer:?}");
    let notice = bot.dm_containing(black, "пропонує нічию").await;
    assert_eq!(notice.button_ids(), ["/draw accept #1", "/draw decline #1"]);
    let message = notice.message_id.expect("the notice is a message");
    let answer = bot
        .click(black, "/draw accept #1", notice.channel_id, message)
        .await;
    // Issue 18: the offer's buttons are removed by the answer (UPDATE_MESSAGE
    // with no components); the result follows as a followup message.
    assert_eq!(answer.kind, SentKind::Followup);
    assert!(content(&answer).contains("½-½"), "{answer:?}");
    let interaction = answer.interaction_id.expect("an interaction answer");
    let update = bot.update_of(interaction).expect("the buttons are removed");
    assert!(update.components.is_empty(), "{update:?}");
    // A stale Accept pressed again is refused and changes nothing.
    let stale = bot
        .click(black, "/draw accept #1", notice.channel_id, message)
        .await;
    assert!(!content(&stale).contains("½-½"), "{stale:?}");
    bot.dm_containing(white, "за згодою").await;
    assert_eq!(game_one(&bot).await.result_text(), Some("1/2-1/2"));
}

/// `/games` (issue 18): the game to move comes first with its deadline and
/// a button that opens its board; the opponent's list has no button.
async fn games_list_has_a_board_button_per_game_to_move(test_db: &TestDb) {
    let bot = WiredBot::start(test_db.db.clone()).await;
    let (white, black) = started_game(&bot).await;
    let list = bot.slash(white, "games", &[]).await;
    assert!(content(&list).starts_with("Ваш хід:"), "{list:?}");
    assert!(content(&list).contains("хід\u{a0}— не пізніше"), "{list:?}");
    assert_eq!(list.button_ids(), ["/board 1"]);
    let theirs = bot.slash(black, "games", &[]).await;
    assert!(content(&theirs).starts_with("Хід суперника:"), "{theirs:?}");
    assert!(theirs.button_ids().is_empty(), "{theirs:?}");
    let message = list.message_id.expect("the list is a message");
    let board = bot.click(white, "/board 1", list.channel_id, message).await;
    assert!(content(&board).contains("Партія #1"), "{board:?}");
    assert_eq!(board.attachments.len(), 1, "the board image: {board:?}");
}

/// 40 days without a move: the case reaches the event's arbiter by DM
/// (R3.3.2), after the reminders at 14, 28 and 35 days (R3.3.1). The app has
/// no dispute command and no arbiter channel yet: the arbiter is a player.
/// With 50 days per 10 moves the time runs out (doubling past 20 days) at
/// 35 days, before the case: this event gives 100 days.
async fn silence_case_reaches_the_arbiter(test_db: &TestDb) {
    let bot = WiredBot::start(test_db.db.clone()).await;
    let (white, black) = started_game_with(&bot, "control=100/10").await;
    play(&bot, white, "e2-e4").await;
    bot.dm_containing(black, "1. e2-e4").await;
    bot.clock.advance(Duration::days(41));
    let case = bot
        .dm_containing(CLERK, "⚖ Справа #1: 40\u{a0}днів без ходу")
        .await;
    assert!(content(&case).contains("Партія #1"), "{case:?}");
    bot.dm_containing(black, "ви не ходили 35\u{a0}днів").await;
    assert_eq!(game_one(&bot).await.status, GameStatus::Running);
}

/// A dispute filed with the slash command reaches the event's arbiter
/// channel on Discord (R2.1.4, R3.4.5): the case message with the game's
/// board and the buttons to take it up and open the file.
async fn dispute_reaches_the_arbiter_channel(test_db: &TestDb) {
    const ARBITERS: u64 = 4_000_888;
    let bot = WiredBot::start(test_db.db.clone()).await;
    let settings = format!("arbiter-channel=discord:{ARBITERS}");
    let (white, black) = started_game_with(&bot, &settings).await;
    play(&bot, white, "e2-e4").await;
    bot.dm_containing(black, "1. e2-e4").await;
    let text = "суперник пише мені образливі повідомлення";
    let filed = bot
        .slash(black, "dispute", &[("game", "1"), ("text", text)])
        .await;
    assert!(content(&filed).contains("Справа #1"), "{filed:?}");
    let case = bot
        .fake
        .wait_until("the case in the arbiter channel", |state| {
            state
                .sent()
                .iter()
                .find(|s| s.channel_id == ARBITERS && content(s).contains("⚖ Справа #1"))
                .cloned()
        })
        .await;
    assert_eq!(case.kind, SentKind::Message);
    assert!(content(&case).contains(text), "{case:?}");
    assert_eq!(case.attachments.len(), 1, "the board rides along");
    assert_eq!(case.attachments[0].filename, "board.png");
    assert!(case.attachments[0].bytes.starts_with(b"\x89PNG"));
    assert_eq!(case.embeds[0]["image"]["url"], "attachment://board.png");
    assert_eq!(case.button_ids(), ["/case 1 take", "/case 1"]);
    bot.dm_containing(white, "Справа #1").await;
}

/// 429 with retry-after and 5xx (also one whose answer is lost after the
/// message was posted) are survived: the outbox retries in simulated time
/// and every notice arrives exactly once.
async fn rate_limits_and_outages_lose_and_double_nothing(test_db: &TestDb) {
    let bot = WiredBot::start(test_db.db.clone()).await;
    let (white, black) = started_game(&bot).await;
    play(&bot, white, "e2-e4").await;
    bot.dm_containing(black, "1. e2-e4").await;
    bot.fake
        .fail_next(1, Failure::Status429 { retry_after: 1.0 });
    bot.fake.fail_next(1, Failure::Status500);
    bot.fake.fail_next(1, Failure::Status500AfterCommit);
    bot.clock.advance(Duration::days(15));
    for (failures, status) in [(1, 429), (1, 500), (2, 500)] {
        let what = format!("{failures} answer(s) {status}");
        bot.fake
            .wait_until(&what, |state| {
                let seen = state.requests().iter().filter(|r| r.status == status);
                (seen.count() >= failures).then_some(())
            })
            .await;
        bot.clock.advance(Duration::minutes(5));
    }
    bot.dm_containing(black, "Нагадування").await;
    wait_all_delivered(&bot).await;
    let reminders = bot
        .dms(black)
        .iter()
        .filter(|s| content(s).contains("Нагадування"))
        .count();
    assert_eq!(reminders, 1, "one reminder, however often it was tried");
    for user in [ANNA, BOHDAN, CLERK] {
        let mut texts: Vec<String> = bot
            .dms(user)
            .iter()
            .map(|s| content(s).to_owned())
            .collect();
        let all = texts.len();
        texts.sort();
        texts.dedup();
        assert_eq!(texts.len(), all, "no notice twice to {user}");
    }
}

/// Waits until the outbox holds no pending notice (only delivered ones);
/// the timeout is a guard, never a pace.
async fn wait_all_delivered(bot: &WiredBot) {
    let settled = async {
        loop {
            let mut tx = bot.db.read().await.expect("read");
            let pending = tx
                .notices_with_status(NoticeStatus::Pending)
                .await
                .expect("pending");
            let parked = tx
                .notices_with_status(NoticeStatus::Parked)
                .await
                .expect("parked");
            tx.commit().await.expect("commit");
            assert!(parked.is_empty(), "nothing parked: {parked:?}");
            if pending.is_empty() {
                return;
            }
            tokio::task::yield_now().await;
        }
    };
    tokio::time::timeout(std::time::Duration::from_secs(10), settled)
        .await
        .expect("every notice delivered");
}

/// Editing a message changes no move (R2.3.3, R2.3.8): MESSAGE_UPDATE is
/// ignored.
/// An illegal move edited into a legal one stays unplayed.
async fn r2_3_3_edited_message_changes_no_move(test_db: &TestDb) {
    let bot = WiredBot::start(test_db.db.clone()).await;
    let (white, _black) = started_game(&bot).await;
    let dm = bot
        .fake
        .dm_channel(white)
        .expect("the start notice opened the DM");
    let sent = bot.fake.push_message_in(dm, None, white, "e2-e5").await;
    let refusal = bot.dm_containing(white, "з e2 на e5 не ходить").await;
    let edited = payloads::MessageParts {
        id: sent,
        channel_id: dm,
        author_id: white,
        content: "e2-e4".into(),
        ..Default::default()
    };
    let mut update = payloads::message(&edited);
    update["edited_timestamp"] = json!(payloads::TIMESTAMP);
    bot.fake.dispatch("MESSAGE_UPDATE", update).await;
    // The gateway delivers in order: once this answer is there, the update
    // has been seen.
    bot.slash(white, "time", &[]).await;
    assert_eq!(game_one(&bot).await.ply, 0, "the edit made no move");
    let after: Vec<Sent> = bot.dms(white);
    let last = after.last().expect("the refusal");
    assert_eq!(last.message_id, refusal.message_id, "no answer to the edit");
}

on_both!(
    game_gif_is_attached_to_the_answer,
    game_to_mate_with_slash_commands,
    draw_offer_accepted_with_a_button,
    games_list_has_a_board_button_per_game_to_move,
    silence_case_reaches_the_arbiter,
    dispute_reaches_the_arbiter_channel,
    rate_limits_and_outages_lose_and_double_nothing,
    r2_3_3_edited_message_changes_no_move,
);
