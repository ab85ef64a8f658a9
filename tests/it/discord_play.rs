//! Playing by Discord DMs end to end (issue 18): a Discord reply
//! (`message_reference`) to a bot message about a game chooses that game,
//! whatever way the bot posted the message (a channel message, an
//! interaction's original response read back from `@original`, a
//! followup, an outbox notice); move confirmation with Confirm / Cancel
//! buttons (R2.3.8), whose answered buttons are removed and whose stale
//! press changes nothing. The real serenity client against the fake
//! Discord, on SQLite and PostgreSQL.

use corrbot::store::GameId;

use crate::discord_e2e::started_game;
use crate::support::db::{TestDb, on_both};
use crate::support::discord_bot::WiredBot;
use crate::support::fake_discord::{Sent, SentKind};

/// Creates the event (and so arbitrates it).
const CLERK: u64 = 5_000_003;

fn content(sent: &Sent) -> &str {
    sent.content.as_deref().unwrap_or_default()
}

/// The same two players meet in a second event: game #2, with the same
/// colours as in #1 (the players joined in the same order).
async fn second_game(bot: &WiredBot, white: u64, black: u64) {
    let event =
        |action: &'static str, argument: &'static str| [("action", action), ("argument", argument)];
    bot.slash(CLERK, "event", &event("create", "Зимовий кубок"))
        .await;
    for user in [5_000_001, 5_000_002] {
        bot.slash(user, "event", &event("join", "2")).await;
    }
    let started = bot.slash(CLERK, "event", &event("start", "2")).await;
    assert!(content(&started).contains("почався"), "{started:?}");
    for user in [white, black] {
        bot.dm_containing(user, "Турнір «Зимовий кубок» почався")
            .await;
    }
    let mut tx = bot.db.read().await.expect("read");
    let two = tx.game(GameId(2)).await.expect("game #2");
    tx.commit().await.expect("commit");
    assert_eq!(two.white, bot.player(white).await, "the same colours");
}

async fn moves_of(bot: &WiredBot, game: i64) -> Vec<String> {
    let mut tx = bot.db.read().await.expect("read");
    let moves = tx.moves(GameId(game)).await.expect("moves");
    tx.commit().await.expect("commit");
    moves.into_iter().map(|row| row.uci).collect()
}

/// Waits until the bot has read interaction `interaction`'s original
/// response back (`GET /webhooks/{app}/{token}/messages/@original`).
async fn original_read(bot: &WiredBot, interaction: u64) {
    let path = format!("/token-{interaction}/messages/@original");
    bot.fake
        .wait_until("the original response read back", |state| {
            let requests = state.requests().iter();
            requests
                .filter(|request| request.path.ends_with(&path))
                .any(|request| request.status == 200)
                .then_some(())
        })
        .await;
}

/// Issue 18: e2-e4, legal in both of White's games, is asked about when
/// bare, and played in #2 when it replies to the answer of the slash
/// command `/board 2` (whose id the bot read from `@original`, since the
/// interaction callback tells none). Black's reply to the move notice,
/// to the answer of a text command, and White's reply to a button's
/// followup choose their games for `/time`, which asks "which game" bare.
async fn a_reply_to_a_board_or_notice_chooses_the_game(test_db: &TestDb) {
    let bot = WiredBot::start(test_db.db.clone()).await;
    let (white, black) = started_game(&bot).await;
    second_game(&bot, white, black).await;

    let asked = bot.say_in_dm(white, "e2-e4", None).await;
    assert!(content(&asked).contains("#1, #2"), "{asked:?}");
    assert_eq!(asked.button_ids(), ["/move #1 e2-e4", "/move #2 e2-e4"]);

    let board = bot.slash_in_dm(white, "board", &[("game", "2")]).await;
    assert!(!board.ephemeral, "a DM answer anyone may reply to");
    assert_eq!(board.attachments.len(), 1, "the board: {board:?}");
    let interaction = board.interaction_id.expect("an interaction answer");
    match board.kind {
        // The callback answers 204 without the message: its id is read back.
        SentKind::InteractionResponse { callback_type: 4 } => {
            original_read(&bot, interaction).await;
        }
        // On a loaded machine the answer is deferred, and the edit of the
        // original response answers with the message (and its id).
        SentKind::EditOriginal => {}
        other => panic!("not an answer with a message: {other:?}"),
    }
    let answered = board.message_id.expect("the answer is a message");
    assert_eq!(bot.remembered_game(board.channel_id, answered).await, 2);
    let made = bot.say_in_dm(white, "e2-e4", Some(answered)).await;
    assert!(content(&made).starts_with("Партія #2"), "{made:?}");
    assert_eq!(moves_of(&bot, 2).await, ["e2e4"]);
    assert!(moves_of(&bot, 1).await.is_empty());

    // The outbox's notice (its id from the created message).
    let notice = bot.dm_containing(black, "1. e2-e4. Ваш хід").await;
    assert!(content(&notice).starts_with("Партія #2"), "{notice:?}");
    let bare = bot.say_in_dm(black, "/time", None).await;
    assert!(content(&bare).contains("#1, #2"), "asks which: {bare:?}");
    let notice_id = notice.message_id.expect("a message");
    assert_eq!(bot.remembered_game(notice.channel_id, notice_id).await, 2);
    let time = bot.say_in_dm(black, "/time", Some(notice_id)).await;
    assert!(content(&time).starts_with("Партія #2"), "{time:?}");
    // The answer to a text command (a channel message).
    let board = bot.say_in_dm(black, "/board 1", None).await;
    assert_eq!(board.attachments.len(), 1, "the board: {board:?}");
    let board_id = board.message_id.expect("a message");
    assert_eq!(bot.remembered_game(board.channel_id, board_id).await, 1);
    let time = bot.say_in_dm(black, "/time", Some(board_id)).await;
    assert!(content(&time).starts_with("Партія #1"), "{time:?}");

    // A one-shot button's answer is a followup (its id in the response body).
    let question = asked.message_id.expect("a message");
    let played = bot.click_in_dm(white, "/move #1 e2-e4", question).await;
    assert_eq!(played.kind, SentKind::Followup);
    assert!(content(&played).starts_with("Партія #1"), "{played:?}");
    let bare = bot.say_in_dm(white, "/time", None).await;
    assert!(content(&bare).contains("#1, #2"), "asks which: {bare:?}");
    let followup = played.message_id.expect("a message");
    assert_eq!(bot.remembered_game(played.channel_id, followup).await, 1);
    let time = bot.say_in_dm(white, "/time", Some(followup)).await;
    assert!(content(&time).starts_with("Партія #1"), "{time:?}");
}

/// Move confirmation (R2.3.8, issue 18): with `/confirm on` a move is held
/// with Confirm / Cancel buttons. Cancel drops it; Confirm plays it. Each
/// press removes the message's buttons (UPDATE_MESSAGE with no components)
/// and answers in a followup; a stale press of either button changes
/// nothing and says that no move waits for confirmation.
async fn move_confirmation_buttons_confirm_and_cancel(test_db: &TestDb) {
    let bot = WiredBot::start(test_db.db.clone()).await;
    let (white, black) = started_game(&bot).await;
    let on = bot.slash_in_dm(white, "confirm", &[("action", "on")]).await;
    assert!(content(&on).contains("підтвердження"), "{on:?}");

    let held = bot.say_in_dm(white, "e2-e4", None).await;
    assert!(
        content(&held).starts_with("Партія #1: зробити хід e2-e4?"),
        "{held:?}"
    );
    assert_eq!(held.button_ids(), ["/confirm #1", "/confirm cancel #1"]);
    let question = held.message_id.expect("a message");
    let cancelled = bot.click_in_dm(white, "/confirm cancel #1", question).await;
    assert!(content(&cancelled).contains("скасовано"), "{cancelled:?}");
    let update = bot
        .update_of(cancelled.interaction_id.expect("an interaction"))
        .expect("the buttons are removed");
    assert!(update.components.is_empty(), "{update:?}");
    assert!(
        moves_of(&bot, 1).await.is_empty(),
        "a cancelled move is no move"
    );
    let stale = bot.click_in_dm(white, "/confirm #1", question).await;
    assert_eq!(
        content(&stale),
        "У вас немає ходу, що чекає на підтвердження.",
        "{stale:?}"
    );
    assert!(stale.ephemeral, "a refusal");
    assert!(
        moves_of(&bot, 1).await.is_empty(),
        "the stale press played nothing"
    );

    let held = bot.say_in_dm(white, "d2-d4", None).await;
    let question = held.message_id.expect("a message");
    let confirmed = bot.click_in_dm(white, "/confirm #1", question).await;
    assert!(
        content(&confirmed).starts_with("Партія #1: ви зіграли 1. d2-d4"),
        "{confirmed:?}"
    );
    let update = bot
        .update_of(confirmed.interaction_id.expect("an interaction"))
        .expect("the buttons are removed");
    assert!(update.components.is_empty(), "{update:?}");
    assert_eq!(moves_of(&bot, 1).await, ["d2d4"]);
    bot.dm_containing(black, "1. d2-d4. Ваш хід").await;
    for stale_button in ["/confirm #1", "/confirm cancel #1"] {
        let stale = bot.click_in_dm(white, stale_button, question).await;
        assert_eq!(
            content(&stale),
            "У вас немає ходу, що чекає на підтвердження.",
            "{stale:?}"
        );
    }
    assert_eq!(moves_of(&bot, 1).await, ["d2d4"], "nothing changed");
}

on_both!(
    a_reply_to_a_board_or_notice_chooses_the_game,
    move_confirmation_buttons_confirm_and_cancel,
);
