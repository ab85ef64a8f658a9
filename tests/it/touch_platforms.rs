//! The touch board's link on the chat platforms (issue [touch]): on
//! Telegram `/board` about the player's running game is followed, in
//! their private chat, by a Mini App (`web_app`) button to an https board
//! address, which the fake Bot API checks as Telegram does (https, private
//! chat, exactly one kind of button); so does the move notice to the
//! player whose turn it now is, and the message after `/games`. On Discord
//! the same places carry a link button, which the fake checks as Discord
//! does.

use std::time::Duration;

use corrbot::app::service::AppConfig;
use corrbot::app::touch::TouchKey;

use corrbot::adapters::discord::RoleMap;

use crate::discord_e2e::started_game;
use crate::support::db::{TestDb, on_both};
use crate::support::discord_bot::WiredBot;
use crate::support::fake_discord::Sent as DiscordSent;
use crate::support::fake_telegram::{FakeTelegram, FakeUser, SentButton, SentMessage};
use crate::support::telegram_bot::{TestBot, test_config};

const ANNA: i64 = 601;
const BORYS: i64 = 602;

/// Waits until a message to `chat` satisfies `wanted`.
async fn sent(
    fake: &FakeTelegram,
    chat: i64,
    wanted: impl Fn(&SentMessage) -> bool,
) -> SentMessage {
    for _ in 0..400 {
        if let Some(message) = fake.sent_to(chat).into_iter().find(|m| wanted(m)) {
            return message;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("no such message to {chat}: {:?}", fake.sent_to(chat));
}

fn says(words: &'static str) -> impl Fn(&SentMessage) -> bool {
    move |message| {
        message
            .text
            .as_deref()
            .is_some_and(|text| text.contains(words))
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn telegram_board_offers_a_mini_app_button_in_the_private_chat() {
    let test_db = TestDb::sqlite().await;
    let fake = FakeTelegram::start().await;
    let base: url::Url = "https://chess.example.org/club/".parse().unwrap();
    let config = AppConfig::default()
        .with_web_url(Some(base))
        .with_touch_key(Some(TouchKey::new("secret")));
    let bot = TestBot::start_with_app(test_config(&fake), test_db.db.clone(), config).await;
    let (anna, borys) = (FakeUser::new(ANNA, "Anna"), FakeUser::new(BORYS, "Borys"));
    fake.push_message(ANNA, &anna, "/lang en");
    sent(&fake, ANNA, says("English")).await;
    fake.push_message(BORYS, &borys, "/lang en");
    sent(&fake, BORYS, says("English")).await;
    fake.push_message(ANNA, &anna, "/event create Cup");
    sent(&fake, ANNA, says("has been created")).await;
    fake.push_message(ANNA, &anna, "/event join 1");
    fake.push_message(BORYS, &borys, "/event join 1");
    sent(&fake, BORYS, says("Cup")).await;
    fake.push_message(ANNA, &anna, "/event start 1");
    sent(&fake, BORYS, says("has started")).await;
    fake.push_message(ANNA, &anna, "/board 1");
    let link = sent(&fake, ANNA, |message| {
        message
            .buttons
            .iter()
            .flatten()
            .any(|button| button.web_app.is_some())
    })
    .await;
    let button = link
        .buttons
        .iter()
        .flatten()
        .find(|b| b.web_app.is_some())
        .unwrap();
    let url = button.web_app.as_deref().unwrap();
    assert!(
        url.starts_with("https://chess.example.org/club/touch/1?t="),
        "{url}"
    );
    assert!(url.ends_with("&tg=1"), "{url}");
    assert_eq!(button.text, "Move on the board");
    assert_eq!(link.chat_id, ANNA, "the link goes to the private chat");

    // One of the two moves is legal: the move notice to the other player,
    // whose turn it now is, carries the Mini App button to their board.
    fake.push_message(ANNA, &anna, "/move 1 e2-e4");
    fake.push_message(BORYS, &borys, "/move 1 e2-e4");
    let (notice, to_move) = move_notice(&fake).await;
    let button = mini_app(&notice).expect("the notice's Mini App button");
    assert_eq!(button.text, "Move on the board");
    let url = button.web_app.as_deref().unwrap();
    assert!(
        url.starts_with("https://chess.example.org/club/touch/1?t="),
        "{url}"
    );
    assert!(url.ends_with("&tg=1"), "{url}");
    // `/games` ends with a button a game in play, in the private chat.
    let user = if to_move == ANNA { &anna } else { &borys };
    fake.push_message(to_move, user, "/games");
    let games = sent(&fake, to_move, says("to move by touch")).await;
    let button = mini_app(&games).expect("the /games Mini App button");
    assert_eq!(button.text, "#1 — move on the board");
    assert!(button.web_app.as_deref().unwrap().contains("/touch/1?t="));
    bot.stop().await;
    test_db.finish().await;
}

/// A message's Mini App button, if it has one.
fn mini_app(message: &SentMessage) -> Option<&SentButton> {
    message
        .buttons
        .iter()
        .flatten()
        .find(|b| b.web_app.is_some())
}

/// The move notice (`… played 1. e4. Your move.`) to whichever player is
/// to move, and that player's chat.
async fn move_notice(fake: &FakeTelegram) -> (SentMessage, i64) {
    for _ in 0..400 {
        for chat in [ANNA, BORYS] {
            let found = fake.sent_to(chat).into_iter().find(|m| {
                m.text
                    .as_deref()
                    .is_some_and(|t| t.contains("played") && t.contains("Your move"))
            });
            if let Some(message) = found {
                return (message, chat);
            }
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("no move notice: {:?}", fake.sent_to(BORYS));
}

/// The link buttons (style 5) among a Discord message's components.
fn link_buttons(sent: &DiscordSent) -> Vec<(String, String)> {
    let rows = sent.components.iter();
    let buttons = rows.flat_map(|row| row["components"].as_array().cloned().unwrap_or_default());
    buttons
        .filter(|button| button["style"] == 5)
        .map(|button| {
            let label = button["label"].as_str().unwrap_or_default().to_owned();
            (label, button["url"].as_str().unwrap_or_default().to_owned())
        })
        .collect()
}

/// On Discord the move notice to the player whose turn it now is and the
/// message after `/games` carry a link button to the board (which the
/// fake checks as Discord does: style 5, a url, no custom id).
async fn discord_notice_and_games_offer_a_link_button(test_db: &TestDb) {
    let base: url::Url = "https://chess.example.org/club/".parse().unwrap();
    let config = AppConfig::default()
        .with_web_url(Some(base))
        .with_touch_key(Some(TouchKey::new("secret")));
    let bot = WiredBot::start_configured(test_db.db.clone(), RoleMap::default(), config).await;
    let (white, black) = started_game(&bot).await;
    bot.say_in_dm(white, "e2-e4", None).await;
    let notice = bot.dm_containing(black, "Ваш хід").await;
    let links = link_buttons(&notice);
    assert_eq!(links.len(), 1, "{notice:?}");
    assert_eq!(links[0].0, "Зробити хід на дошці");
    assert!(
        links[0]
            .1
            .starts_with("https://chess.example.org/club/touch/1?t="),
        "{links:?}"
    );
    // The mover's own confirmation has no board button: not their move.
    let own = bot.dm_containing(white, "e2-e4").await;
    assert!(link_buttons(&own).is_empty(), "{own:?}");
    bot.say_in_dm(black, "/games", None).await;
    let games = bot.dm_containing(black, "щоб ходити дотиком").await;
    let links = link_buttons(&games);
    assert_eq!(links.len(), 1, "{games:?}");
    assert_eq!(links[0].0, "#1 — зробити хід на дошці");
    assert!(links[0].1.contains("/touch/1?t="), "{links:?}");
}

on_both!(discord_notice_and_games_offer_a_link_button);
